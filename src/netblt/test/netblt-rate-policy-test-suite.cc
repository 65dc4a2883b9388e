/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/double.h"
#include "ns3/netblt-aimd-rate-policy.h"
#include "ns3/netblt-delivery-rate-policy.h"
#include "ns3/netblt-static-rate-policy.h"
#include "ns3/netblt-transfer-parameters.h"
#include "ns3/nstime.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <cmath>

/**
 * @file
 * @ingroup netblt-tests
 * The rate policies' rules on their own, fed a sender's events by hand (no simulator): RFC 998's
 * static values and offers, the adaptive policies' rate-to-burst arithmetic, outstanding buffers
 * and path samples, AIMD's slow start, additive increase and multiplicative decrease, and the
 * delivery-rate policy's capacity bound, growth, queue detection and drain.
 */

using namespace ns3;

namespace
{

/**
 * @param burstSize packets per burst
 * @param burstIntervalMs ms per burst
 * @param nbufs outstanding buffers
 * @return negotiated values of 10 packets of 1432 bytes per buffer
 */
NetbltTransferParameters
Negotiated(uint16_t burstSize, uint16_t burstIntervalMs, uint16_t nbufs)
{
    NetbltTransferParameters p;
    p.bufferSize = 14320;
    p.packetSize = 1432;
    p.burstSize = burstSize;
    p.burstIntervalMs = burstIntervalMs;
    p.maxOutstandingBuffers = nbufs;
    return p;
}

/**
 * @param policy an adaptive policy
 * @param burstSize its StartBurstSize
 * @param burstIntervalMs its StartBurstInterval, ms
 */
void
SetStart(Ptr<NetbltRatePolicy> policy, uint16_t burstSize, uint16_t burstIntervalMs)
{
    policy->SetAttribute("StartBurstSize", UintegerValue(burstSize));
    policy->SetAttribute("StartBurstInterval", TimeValue(MilliSeconds(burstIntervalMs)));
}

} // namespace

/**
 * @ingroup netblt-tests
 * @brief RFC 998 §5.2, RFC 1030 §3: the static policy puts the negotiated values in force and
 * accepts an OK's burst values only as far as this end's own limits (5 packets, 30 ms) allow: a
 * smaller burst and a longer interval are taken, a larger burst or a shorter interval is held at
 * the limit, a burst of 0 becomes 1. Limits do not ratchet: after 3 packets, 5 may be offered
 * again. Nothing else moves it: RESENDs, buffers sent and acknowledged leave the values alone.
 */
class NetbltStaticRatePolicyTestCase : public TestCase
{
  public:
    NetbltStaticRatePolicyTestCase()
        : TestCase("static policy: the negotiated values, offers clamped to this end's limits")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<NetbltStaticRatePolicy> policy = CreateObject<NetbltStaticRatePolicy>();
        policy->SetLimits(Negotiated(5, 30, 8));
        policy->Established(Negotiated(4, 40, 3), Seconds(1));
        NS_TEST_EXPECT_MSG_EQ(policy->GetBurstSize(), 4, "negotiated burst size");
        NS_TEST_EXPECT_MSG_EQ(policy->GetBurstIntervalMs(), 40, "negotiated interval");
        NS_TEST_EXPECT_MSG_EQ(policy->GetOutstandingBuffers(), 3, "negotiated buffers");

        // offered size, offered interval, size in force, interval in force
        struct Offer
        {
            uint16_t size;
            uint16_t interval;
            uint16_t wantSize;
            uint16_t wantInterval;
        };

        const Offer offers[] = {
            {5, 30, 5, 30}, // the limits themselves
            {3, 30, 3, 30}, // smaller burst accepted
            {5, 30, 5, 30}, // and raised again to the limit
            {8, 30, 5, 30}, // larger burst refused
            {5, 45, 5, 45}, // longer interval accepted
            {5, 20, 5, 30}, // shorter interval refused
            {0, 30, 1, 30}, // size 0 becomes 1
            {9, 10, 5, 30}, // both refused
            {2, 60, 2, 60}, // both accepted
            {1, 1, 1, 30},  // 1 packet accepted, 1 ms refused
        };
        for (const Offer& o : offers)
        {
            policy->OfferReceived(o.size, o.interval);
            NS_TEST_EXPECT_MSG_EQ(policy->GetBurstSize(),
                                  o.wantSize,
                                  "offer " << o.size << "/" << o.interval);
            NS_TEST_EXPECT_MSG_EQ(policy->GetBurstIntervalMs(),
                                  o.wantInterval,
                                  "offer " << o.size << "/" << o.interval);
            NS_TEST_EXPECT_MSG_EQ(policy->GetOutstandingBuffers(), 3, "buffers unchanged");
        }
        policy->BufferSent(1, 10, Seconds(2));
        policy->ResendReceived(1, 10, Seconds(3));
        policy->BufferAcknowledged(1, MilliSeconds(500), Time(0), Seconds(4));
        NS_TEST_EXPECT_MSG_EQ(policy->GetBurstSize(), 1, "events change nothing");
        NS_TEST_EXPECT_MSG_EQ(policy->GetBurstIntervalMs(), 30, "events change nothing");
        NS_TEST_EXPECT_MSG_EQ(policy->GetOutstandingBuffers(), 3, "events change nothing");
    }
};

/**
 * @ingroup netblt-tests
 * @brief An adaptive policy's start rate as bursts (ceiling 5 every 20 ms, 22 buffers), bursts
 * growing before their spacing passes MaxBurstInterval (1 s): 1 every 200 ms (5 packets/s) goes
 * as 5 every second; 1 every 500 ms as 2 every second; 5 every 55 ms (91 packets/s) stays that;
 * 2 every 25 ms (80 packets/s) is 5 every 63 ms (62.5 rounded); 5 every 10 ms is above the
 * ceiling and held at 5 every 20 ms; 1 every 1000 ms is 1 packet/s, the minimum. Until a round
 * trip is measured one buffer may be outstanding (InitialWindow), or with InitialWindow 0 every
 * negotiated one.
 */
class NetbltAdaptiveRateBurstsTestCase : public TestCase
{
  public:
    NetbltAdaptiveRateBurstsTestCase()
        : TestCase("adaptive policies: a rate as bursts, within the negotiated ceiling")
    {
    }

  private:
    void DoRun() override
    {
        // start size, start interval, burst size, interval, rate
        struct Case
        {
            uint16_t size;
            uint16_t interval;
            uint16_t wantSize;
            uint16_t wantInterval;
            double wantRate;
        };

        const Case cases[] = {
            {1, 200, 5, 1000, 5},
            {1, 500, 2, 1000, 2},
            {5, 55, 5, 55, 5000.0 / 55},
            {2, 25, 5, 63, 80},
            {5, 10, 5, 20, 250},
            {1, 1000, 1, 1000, 1},
        };
        for (const Case& c : cases)
        {
            Ptr<NetbltAimdRatePolicy> policy = CreateObject<NetbltAimdRatePolicy>();
            SetStart(policy, c.size, c.interval);
            policy->SetLimits(Negotiated(5, 20, 22));
            policy->Established(Negotiated(5, 20, 22), Seconds(1));
            NS_TEST_EXPECT_MSG_EQ(policy->GetBurstSize(), c.wantSize, c.size << "/" << c.interval);
            NS_TEST_EXPECT_MSG_EQ(policy->GetBurstIntervalMs(),
                                  c.wantInterval,
                                  c.size << "/" << c.interval);
            NS_TEST_EXPECT_MSG_EQ_TOL(policy->GetRate(), c.wantRate, 1e-9, "rate");
            NS_TEST_EXPECT_MSG_EQ(policy->GetOutstandingBuffers(), 1, "one buffer at first");
            policy->SetAttribute("InitialWindow", UintegerValue(0));
            policy->Established(Negotiated(5, 20, 22), Seconds(1));
            NS_TEST_EXPECT_MSG_EQ(policy->GetOutstandingBuffers(), 22, "no window: all of them");
        }
    }
};

/**
 * @ingroup netblt-tests
 * @brief What an OK tells, on a path with a round trip of 1 s: buffer n (10 packets) goes at
 * 0.1 n s and its OK comes at 0.1 n + 1 s. The minimum round trip is 1 s; outstanding buffers
 * are then 1 + ceil(2 × rate × 1 s / 10) = 21 at 100 packets/s (ceiling 30). A buffer whose OK
 * arrives 0.5 s late after a RESEND is not a round-trip sample: the minimum stays 1 s; a buffer
 * whose OK comes 0.2 s early (its predecessor's was late) is one.
 */
class NetbltAdaptiveRateSampleTestCase : public TestCase
{
  public:
    NetbltAdaptiveRateSampleTestCase()
        : TestCase("adaptive policies: round trip and outstanding buffers from OKs")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<NetbltAimdRatePolicy> policy = CreateObject<NetbltAimdRatePolicy>();
        SetStart(policy, 5, 50);
        policy->SetAttribute("LossThreshold", DoubleValue(1.0)); // never cut: look at samples
        policy->SetAttribute("DelayDecreaseFactor", DoubleValue(1.0));
        policy->SetAttribute("InitialWindow", UintegerValue(0)); // the rate's buffers alone
        policy->SetLimits(Negotiated(5, 20, 30));
        policy->Established(Negotiated(5, 20, 30), Seconds(0));
        NS_TEST_EXPECT_MSG_EQ(policy->GetMinRoundTrip(), Time::Max(), "none yet");
        policy->BufferSent(1, 10, MilliSeconds(100));
        policy->BufferSent(2, 10, MilliSeconds(200));
        policy->ResendReceived(2, 3, MilliSeconds(900));
        policy->BufferAcknowledged(2, MilliSeconds(1200), Time(0), MilliSeconds(700));
        NS_TEST_EXPECT_MSG_EQ(policy->GetMinRoundTrip(), Time::Max(), "a resent buffer: none");
        policy->BufferAcknowledged(1, MilliSeconds(1200), Time(0), MilliSeconds(1100));
        NS_TEST_EXPECT_MSG_EQ(policy->GetMinRoundTrip(), Seconds(1), "buffer 1's round trip");
        NS_TEST_EXPECT_MSG_EQ(policy->GetOutstandingBuffers(),
                              static_cast<uint16_t>(1 + std::ceil(2 * policy->GetRate() / 10)),
                              "1 + ceil(2 x rate x 1 s / 10)");
        policy->SetAttribute("OutstandingGain", DoubleValue(0.5));
        policy->BufferSent(3, 10, MilliSeconds(300));
        policy->BufferAcknowledged(3, MilliSeconds(1200), Time(0), MilliSeconds(1100));
        NS_TEST_EXPECT_MSG_EQ(policy->GetMinRoundTrip(), MilliSeconds(800), "a shorter one");
        NS_TEST_EXPECT_MSG_EQ(
            policy->GetOutstandingBuffers(),
            static_cast<uint16_t>(1 + std::ceil(0.5 * policy->GetRate() * 0.8 / 10)),
            "1 + ceil(0.5 x rate x 0.8 s / 10)");
    }
};

/**
 * @ingroup netblt-tests
 * @brief The adaptive policies' window and what a RESEND tells, on a path with a round trip of
 * 1 s, started at 100 packets/s (5 every 50 ms) under a ceiling of 5 every 20 ms and 22 buffers:
 * - one buffer may be outstanding until its OK; each buffer acknowledged without a RESEND opens
 *   one more (Jacobson's slow start in buffers), below the 22 the rate would need;
 * - a RESEND for a buffer not yet sent, or for one sent less than a round trip before, was
 *   written before its packets could arrive (the receiver's data timer ran ahead of the held
 *   back sender; past the transfer's end it names a buffer that never existed): no cut, and
 *   the buffer still counts as clean;
 * - a RESEND for all of a buffer a round trip after it went halves AIMD's rate.
 */
class NetbltAdaptiveRateWindowTestCase : public TestCase
{
  public:
    NetbltAdaptiveRateWindowTestCase()
        : TestCase("adaptive policies: slow-start window, RESENDs before the packets could arrive")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<NetbltAimdRatePolicy> policy = CreateObject<NetbltAimdRatePolicy>();
        SetStart(policy, 5, 50);
        policy->SetLimits(Negotiated(5, 20, 22));
        policy->Established(Negotiated(5, 20, 22), Seconds(0));
        NS_TEST_EXPECT_MSG_EQ(policy->GetOutstandingBuffers(), 1, "one buffer at first");
        policy->BufferSent(1, 10, MilliSeconds(100));
        policy->ResendReceived(2, 10, MilliSeconds(900));
        NS_TEST_EXPECT_MSG_EQ_TOL(policy->GetRate(), 100, 1e-9, "buffer 2 not sent: no cut");
        policy->BufferAcknowledged(1, MilliSeconds(1200), Time(0), MilliSeconds(1100));
        NS_TEST_EXPECT_MSG_EQ_TOL(policy->GetRate(), 110, 1e-9, "slow start: + 10 / 1 s");
        NS_TEST_EXPECT_MSG_EQ(policy->GetOutstandingBuffers(), 2, "the window opens by one");
        policy->BufferSent(2, 10, MilliSeconds(1200));
        policy->ResendReceived(2, 10, MilliSeconds(1500));
        NS_TEST_EXPECT_MSG_EQ_TOL(policy->GetRate(), 110, 1e-9, "0.3 s after it went: no cut");
        policy->BufferAcknowledged(2, MilliSeconds(1200), Time(0), MilliSeconds(2200));
        NS_TEST_EXPECT_MSG_EQ(policy->GetOutstandingBuffers(), 3, "still clean: one more");
        policy->BufferSent(3, 10, MilliSeconds(2300));
        policy->ResendReceived(3, 10, MilliSeconds(3400));
        NS_TEST_EXPECT_MSG_EQ_TOL(policy->GetRate(), 110 / 2.0, 1e-9, "a round trip later: cut");
        policy->BufferAcknowledged(3, MilliSeconds(1200), Time(0), MilliSeconds(3900));
        NS_TEST_EXPECT_MSG_EQ(policy->GetOutstandingBuffers(), 3, "resent: the window stays");
    }
};

/**
 * @ingroup netblt-tests
 * @brief AIMD (Jacobson, DECbit, Vegas) on its own, 10 packets per buffer, ceiling 5 every 20 ms:
 * - slow start: from 10 packets/s, a clean buffer acknowledged 0.5 s after it went adds
 *   10 / 0.5 = 20 packets/s;
 * - a buffer the sender could not send at the rate (4 packets/s against 30) adds nothing;
 * - a RESEND for 1 packet of 10 leaves the loss fraction at 0.0125, under the 10 % threshold:
 *   no cut; one for all 10 takes it to 0.136: the rate halves and slow start ends;
 * - a RESEND for a buffer sent before that cut does not cut again; one for a later buffer does;
 * - after the first cut a clean buffer adds AdditiveIncrease (1) packet to the packets in flight
 *   per round trip: 10 packets acknowledged of 15 × 0.5 in flight add 10 / 7.5 / 0.5 s; a resent
 *   one nothing;
 * - the delay signal: from 100 packets/s on a 1 s path, four buffers that each met 10 packets
 *   queued (0.1 s more round trip × 100 packets/s, above Vegas's 3) cut the rate by 0.875
 *   (DECbit) before any loss; a buffer sent before the cut then changes nothing.
 */
class NetbltAimdRatePolicyTestCase : public TestCase
{
  public:
    NetbltAimdRatePolicyTestCase()
        : TestCase("AIMD policy: slow start, additive increase, one cut per round trip, delay")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<NetbltAimdRatePolicy> policy = CreateObject<NetbltAimdRatePolicy>();
        SetStart(policy, 1, 100);
        policy->SetLimits(Negotiated(5, 20, 8));
        policy->Established(Negotiated(5, 20, 8), Seconds(0));
        NS_TEST_ASSERT_MSG_EQ_TOL(policy->GetRate(), 10, 1e-9, "start");
        // Buffer 1: 10 packets sent over 1 s (10 packets/s, the rate), OK 0.5 s later.
        policy->BufferSent(1, 10, Seconds(1));
        policy->BufferAcknowledged(1, MilliSeconds(600), Time(0), MilliSeconds(1500));
        NS_TEST_EXPECT_MSG_EQ_TOL(policy->GetRate(), 30, 1e-9, "slow start: + 10 / 0.5 s");
        NS_TEST_EXPECT_MSG_EQ(policy->IsInSlowStart(), true, "slow start");
        // Buffer 2: 10 packets over 2.5 s (4 packets/s) against 30: the sender fell short.
        policy->BufferSent(2, 10, MilliSeconds(3500));
        policy->BufferAcknowledged(2, MilliSeconds(600), Time(0), Seconds(4));
        NS_TEST_EXPECT_MSG_EQ_TOL(policy->GetRate(), 30, 1e-9, "not reached: no growth");

        policy->BufferSent(3, 10, Seconds(5));
        policy->ResendReceived(3, 1, MilliSeconds(5600));
        NS_TEST_EXPECT_MSG_EQ_TOL(policy->GetRate(), 30, 1e-9, "1 of 10: under the threshold");
        policy->BufferAcknowledged(3, MilliSeconds(600), Time(0), MilliSeconds(5800));
        NS_TEST_EXPECT_MSG_EQ_TOL(policy->GetLossFraction(), 0.0125, 1e-9, "0.125 x 0.1");
        NS_TEST_EXPECT_MSG_EQ_TOL(policy->GetRate(), 30, 1e-9, "a resent buffer adds nothing");

        policy->BufferSent(4, 10, Seconds(6));
        policy->BufferSent(5, 10, MilliSeconds(6300));
        policy->ResendReceived(4, 10, MilliSeconds(6500));
        NS_TEST_EXPECT_MSG_EQ_TOL(policy->GetRate(), 15, 1e-9, "10 of 10: cut by half");
        NS_TEST_EXPECT_MSG_EQ(policy->IsInSlowStart(), false, "slow start over");
        policy->ResendReceived(5, 10, MilliSeconds(6900));
        NS_TEST_EXPECT_MSG_EQ_TOL(policy->GetRate(), 15, 1e-9, "sent before the cut: no cut");
        policy->BufferSent(6, 10, MilliSeconds(6900));
        policy->BufferAcknowledged(4, MilliSeconds(600), Time(0), Seconds(7));
        policy->BufferAcknowledged(5, MilliSeconds(600), Time(0), MilliSeconds(7100));
        policy->BufferAcknowledged(6, MilliSeconds(600), Time(0), MilliSeconds(7400));
        double rate = 15 + 10 / 7.5 / 0.5;
        NS_TEST_EXPECT_MSG_EQ_TOL(policy->GetRate(), rate, 1e-9, "additive: one packet per RTT");
        policy->BufferSent(7, 10, MilliSeconds(8100));
        policy->ResendReceived(7, 5, MilliSeconds(8700));
        NS_TEST_EXPECT_MSG_EQ_TOL(policy->GetRate(), rate / 2, 1e-9, "a later buffer cuts again");

        Ptr<NetbltAimdRatePolicy> delayed = CreateObject<NetbltAimdRatePolicy>();
        SetStart(delayed, 5, 50);
        delayed->SetLimits(Negotiated(5, 20, 22));
        delayed->Established(Negotiated(5, 20, 22), Seconds(0));
        for (uint32_t n = 1; n <= 9; ++n)
        {
            delayed->BufferSent(n, 10, MilliSeconds(100 * n));
        }
        for (uint32_t n = 1; n <= 8; ++n)
        {
            Time queueing = n <= 4 ? Time(0) : MilliSeconds(100);
            delayed->BufferAcknowledged(n,
                                        Seconds(1),
                                        Time(0),
                                        MilliSeconds(100 * n + 1000) + queueing);
        }
        NS_TEST_EXPECT_MSG_EQ_TOL(delayed->GetRate(), 170 * 0.875, 1e-9, "4 x 10 queued: x 0.875");
        NS_TEST_EXPECT_MSG_EQ(delayed->IsInSlowStart(), false, "slow start over");
        delayed->BufferAcknowledged(9, Seconds(1), Time(0), MilliSeconds(2000));
        NS_TEST_EXPECT_MSG_EQ_TOL(delayed->GetRate(), 170 * 0.875, 1e-9, "sent before the cut");
    }
};

/**
 * @ingroup netblt-tests
 * @brief The delivery-rate policy (packet pair, Vegas, BBR) on its own, 10 packets per buffer,
 * a 1 s round trip, started at 100 packets/s (5 every 50 ms) under a ceiling of 5 every 20 ms,
 * the sender's own bursts 6 ms a packet apart:
 * - it asks for burst spacing reports;
 * - a report of 10 ms a packet (capacity 100 packets/s, more spread than the sender's 6 ms)
 *   bounds the rate at 0.95 × 100 = 95 at once;
 * - a report of 6.3 ms (within 1.1 × 6 ms: the sender is the slowest hop) bounds nothing: the
 *   OK adds (1.25 − 1) × 10 / 1 s = 2.5 packets/s (start-up, capacity known);
 * - without reports (a plain RFC 998 receiver) an OK adds (1.05 − 1) × 10 / 1 s = 0.5; once the
 *   last four buffers acknowledged without a RESEND all met 10 packets queued (0.1 s more
 *   round trip × 100 packets/s, above 8), the rate drops to 0.9 × itself; OKs of buffers sent
 *   within a round trip of that change nothing; a buffer sent slower than 0.9 × the rate adds
 *   nothing; the next adds 0.5 again;
 * - a first RESEND for 3 of a buffer's 10 packets is random loss; one for 6 is an outage: the
 *   rate halves, once for the buffers sent by then, again for one sent after.
 */
class NetbltDeliveryRatePolicyTestCase : public TestCase
{
  public:
    NetbltDeliveryRatePolicyTestCase()
        : TestCase("delivery-rate policy: capacity bound from burst spacing, start-up, queue")
    {
    }

  private:
    /**
     * @param spacing the burst spacing every OK reports (zero: none)
     * @return a policy started at 100 packets/s whose first buffer, 10 packets sent by 0.1 s,
     *         was acknowledged at 1.1 s with that report
     */
    static Ptr<NetbltDeliveryRatePolicy> Started(Time spacing)
    {
        Ptr<NetbltDeliveryRatePolicy> policy = CreateObject<NetbltDeliveryRatePolicy>();
        SetStart(policy, 5, 50);
        policy->SetLimits(Negotiated(5, 20, 30));
        policy->Established(Negotiated(5, 20, 30), Seconds(0));
        for (int burst = 0; burst < 3; ++burst)
        {
            policy->BurstSent(5, MilliSeconds(24));
        }
        policy->BufferSent(1, 10, MilliSeconds(100));
        policy->BufferAcknowledged(1, MilliSeconds(1200), spacing, MilliSeconds(1100));
        return policy;
    }

    void DoRun() override
    {
        NS_TEST_EXPECT_MSG_EQ(CreateObject<NetbltDeliveryRatePolicy>()->WantsRateReports(),
                              true,
                              "asks for reports");
        Ptr<NetbltDeliveryRatePolicy> bounded = Started(MilliSeconds(10));
        NS_TEST_EXPECT_MSG_EQ_TOL(bounded->GetCapacity(), 100, 1e-9, "1 / 10 ms");
        NS_TEST_EXPECT_MSG_EQ_TOL(bounded->GetRate(), 95, 1e-9, "0.95 x capacity");
        NS_TEST_EXPECT_MSG_EQ(bounded->GetBurstIntervalMs(), 53, "5 every 52.6 ms");

        Ptr<NetbltDeliveryRatePolicy> senderBound = Started(MicroSeconds(6300));
        NS_TEST_EXPECT_MSG_EQ_TOL(senderBound->GetRate(), 102.5, 1e-9, "start-up: + 2.5");
        NS_TEST_EXPECT_MSG_EQ(senderBound->IsInStartup(), true, "start-up");

        Ptr<NetbltDeliveryRatePolicy> plain = Started(Time(0));
        NS_TEST_EXPECT_MSG_EQ(plain->GetCapacity(), 0, "no report");
        NS_TEST_EXPECT_MSG_EQ_TOL(plain->GetRate(), 100.5, 1e-9, "probe: + 0.5");
        for (uint32_t n = 2; n <= 5; ++n)
        {
            plain->BufferSent(n, 10, MilliSeconds(100 * n));
            plain->BufferAcknowledged(n, MilliSeconds(1200), Time(0), MilliSeconds(100 * n + 1100));
        }
        NS_TEST_EXPECT_MSG_EQ_TOL(plain->GetRate(), 0.9 * 102, 1e-9, "4 x 10 queued: x 0.9");
        NS_TEST_EXPECT_MSG_EQ(plain->IsInStartup(), false, "start-up over");
        plain->BufferSent(6, 10, MilliSeconds(2400));
        plain->BufferAcknowledged(6, MilliSeconds(1200), Time(0), MilliSeconds(3400));
        NS_TEST_EXPECT_MSG_EQ_TOL(plain->GetRate(), 0.9 * 102, 1e-9, "sent while draining");
        plain->BufferSent(7, 10, MilliSeconds(2700));
        plain->BufferAcknowledged(7, MilliSeconds(1200), Time(0), MilliSeconds(3700));
        NS_TEST_EXPECT_MSG_EQ_TOL(plain->GetRate(), 0.9 * 102, 1e-9, "33 packets/s: not reached");
        plain->BufferSent(8, 10, MilliSeconds(2800));
        plain->BufferAcknowledged(8, MilliSeconds(1200), Time(0), MilliSeconds(3800));
        double rate = 0.9 * 102 + 0.5;
        NS_TEST_EXPECT_MSG_EQ_TOL(plain->GetRate(), rate, 1e-9, "probe: + 0.5");
        plain->BufferSent(9, 10, MilliSeconds(2900));
        plain->BufferSent(10, 10, MilliSeconds(3000));
        plain->ResendReceived(10, 3, MilliSeconds(4000));
        NS_TEST_EXPECT_MSG_EQ_TOL(plain->GetRate(), rate, 1e-9, "3 of 10: random loss");
        plain->ResendReceived(9, 6, MilliSeconds(4000));
        NS_TEST_EXPECT_MSG_EQ_TOL(plain->GetRate(), rate / 2, 1e-9, "6 of 10: outage, halved");
        plain->ResendReceived(10, 10, MilliSeconds(4050));
        NS_TEST_EXPECT_MSG_EQ_TOL(plain->GetRate(), rate / 2, 1e-9, "not its first RESEND");
        plain->BufferSent(11, 10, MilliSeconds(4100));
        plain->BufferSent(12, 10, MilliSeconds(4200));
        plain->ResendReceived(11, 10, MilliSeconds(5100));
        NS_TEST_EXPECT_MSG_EQ_TOL(plain->GetRate(), rate / 4, 1e-9, "sent after: halved again");
        plain->ResendReceived(12, 10, MilliSeconds(5200));
        NS_TEST_EXPECT_MSG_EQ_TOL(plain->GetRate(), rate / 4, 1e-9, "sent before that: no more");
    }
};

/**
 * @ingroup netblt-tests
 * @brief The rate policies on their own.
 */
class NetbltRatePolicyTestSuite : public TestSuite
{
  public:
    NetbltRatePolicyTestSuite()
        : TestSuite("netblt-rate-policy", Type::UNIT)
    {
        AddTestCase(new NetbltStaticRatePolicyTestCase, TestCase::Duration::QUICK);
        AddTestCase(new NetbltAdaptiveRateBurstsTestCase, TestCase::Duration::QUICK);
        AddTestCase(new NetbltAdaptiveRateSampleTestCase, TestCase::Duration::QUICK);
        AddTestCase(new NetbltAdaptiveRateWindowTestCase, TestCase::Duration::QUICK);
        AddTestCase(new NetbltAimdRatePolicyTestCase, TestCase::Duration::QUICK);
        AddTestCase(new NetbltDeliveryRatePolicyTestCase, TestCase::Duration::QUICK);
    }
};

/// The suite's instance.
static NetbltRatePolicyTestSuite g_netbltRatePolicyTestSuite;
