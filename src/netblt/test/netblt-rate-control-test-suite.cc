/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/netblt-rate-control.h"
#include "ns3/netblt-transfer-parameters.h"
#include "ns3/nstime.h"
#include "ns3/test.h"

/**
 * @file
 * @ingroup netblt-tests
 * NETBLT's rate control on its own, fed times by hand: when bursts are due, a burst timer that
 * expires during a burst, packets per burst, and the receiver taking the NULL-ACK's burst values
 * (the sender's side of the renegotiation is its rate policy's: netblt-rate-policy suite).
 */

using namespace ns3;

/**
 * @ingroup netblt-tests
 * @brief RFC 1030 §3: the first burst may go at once; each later one BurstInterval after the
 * start of the previous burst's transmission (30 ms: 30 ms after it at its start, 20 ms 10 ms
 * later, none once the interval has run out or been overrun), whatever the burst's packets.
 */
class NetbltRateControlIntervalTestCase : public TestCase
{
  public:
    NetbltRateControlIntervalTestCase()
        : TestCase("rate control: first burst at once, the next one burst interval after the "
                   "previous burst's start")
    {
    }

  private:
    void DoRun() override
    {
        NetbltRateControl rate;
        const Time interval = MilliSeconds(30);
        NS_TEST_EXPECT_MSG_EQ(rate.GetDelayToNextBurst(Seconds(5), interval),
                              Time(0),
                              "no burst yet: now");
        NS_TEST_EXPECT_MSG_EQ(rate.GetDelayToNextBurst(Time(0), interval),
                              Time(0),
                              "no burst yet, at time 0: now");
        rate.StartTransmission(Seconds(10), 5);
        NS_TEST_EXPECT_MSG_EQ(rate.GetDelayToNextBurst(Seconds(10), interval),
                              MilliSeconds(30),
                              "30 ms after the start");
        NS_TEST_EXPECT_MSG_EQ(rate.GetDelayToNextBurst(Seconds(10) + MilliSeconds(10), interval),
                              MilliSeconds(20),
                              "20 ms left 10 ms later");
        NS_TEST_EXPECT_MSG_EQ(rate.GetDelayToNextBurst(Seconds(10) + MilliSeconds(30), interval),
                              Time(0),
                              "due exactly at 30 ms");
        NS_TEST_EXPECT_MSG_EQ(rate.GetDelayToNextBurst(Seconds(10) + MilliSeconds(45), interval),
                              Time(0),
                              "overdue: now, not negative");
        NS_TEST_EXPECT_MSG_EQ(
            rate.GetDelayToNextBurst(Seconds(10) + MilliSeconds(10), MilliSeconds(50)),
            MilliSeconds(40),
            "a renegotiated 50-ms interval counts from the same start");
        // Sending the packets does not move the start.
        while (rate.TakePacket())
        {
        }
        rate.EndBurst();
        NS_TEST_EXPECT_MSG_EQ(rate.GetDelayToNextBurst(Seconds(10) + MilliSeconds(5), interval),
                              MilliSeconds(25),
                              "still from the start");
        rate.StartTransmission(Seconds(10) + MilliSeconds(37), 5);
        NS_TEST_EXPECT_MSG_EQ(rate.GetDelayToNextBurst(Seconds(10) + MilliSeconds(37), interval),
                              MilliSeconds(30),
                              "a late burst moves the next one with it");
    }
};

/**
 * @ingroup netblt-tests
 * @brief One sending task: a burst timer that expires while a burst is still going out does
 * not start another; it is remembered, and EndBurst() reports it once. A timer that expires
 * with no burst active starts one at once and is not remembered.
 */
class NetbltRateControlBurstDueTestCase : public TestCase
{
  public:
    NetbltRateControlBurstDueTestCase()
        : TestCase("rate control: a burst timer expiring during a burst is reported once by "
                   "EndBurst")
    {
    }

  private:
    void DoRun() override
    {
        NetbltRateControl rate;
        NS_TEST_EXPECT_MSG_EQ(rate.IsBurstActive(), false, "idle");
        NS_TEST_EXPECT_MSG_EQ(rate.BurstTimerExpired(), true, "idle: a burst may begin");
        rate.BeginBurst();
        NS_TEST_EXPECT_MSG_EQ(rate.IsBurstActive(), true, "active from BeginBurst");
        rate.StartTransmission(Seconds(1), 3);
        NS_TEST_EXPECT_MSG_EQ(rate.EndBurst(), false, "no timer expired meanwhile");
        NS_TEST_EXPECT_MSG_EQ(rate.IsBurstActive(), false, "idle again");

        rate.BeginBurst();
        NS_TEST_EXPECT_MSG_EQ(rate.BurstTimerExpired(), false, "active: the new burst waits");
        NS_TEST_EXPECT_MSG_EQ(rate.BurstTimerExpired(), false, "still waits");
        NS_TEST_EXPECT_MSG_EQ(rate.IsBurstActive(), true, "the old burst goes on");
        NS_TEST_EXPECT_MSG_EQ(rate.EndBurst(), true, "a burst came due");
        NS_TEST_EXPECT_MSG_EQ(rate.IsBurstActive(), false, "idle");
        NS_TEST_EXPECT_MSG_EQ(rate.EndBurst(), false, "reported once only");

        NS_TEST_EXPECT_MSG_EQ(rate.BurstTimerExpired(), true, "idle: begins at once");
        rate.BeginBurst();
        NS_TEST_EXPECT_MSG_EQ(rate.EndBurst(), false, "an idle expiry is not remembered");
    }
};

/**
 * @ingroup netblt-tests
 * @brief RFC 998 §4: a burst is at most BurstSize packets: TakePacket() allows exactly that
 * many after StartTransmission(); EndBurst() takes away what is left; nothing before a burst.
 */
class NetbltRateControlPacketsTestCase : public TestCase
{
  public:
    NetbltRateControlPacketsTestCase()
        : TestCase("rate control: a burst sends exactly burst-size packets")
    {
    }

  private:
    void DoRun() override
    {
        NetbltRateControl rate;
        NS_TEST_EXPECT_MSG_EQ(rate.TakePacket(), false, "no burst started");
        for (uint16_t burstSize : {1, 4, 7})
        {
            rate.BeginBurst();
            rate.StartTransmission(Seconds(burstSize), burstSize);
            uint32_t taken = 0;
            while (rate.TakePacket())
            {
                ++taken;
                NS_TEST_ASSERT_MSG_LT_OR_EQ(taken, 1000U, "TakePacket never stops");
            }
            NS_TEST_EXPECT_MSG_EQ(taken, burstSize, "burst of " << burstSize);
            NS_TEST_EXPECT_MSG_EQ(rate.TakePacket(), false, "no more");
            rate.EndBurst();
        }
        rate.BeginBurst();
        rate.StartTransmission(Seconds(20), 5);
        NS_TEST_EXPECT_MSG_EQ(rate.TakePacket(), true, "one of five");
        rate.EndBurst();
        NS_TEST_EXPECT_MSG_EQ(rate.TakePacket(), false, "EndBurst drops the other four");
        rate.BeginBurst();
        rate.StartTransmission(Seconds(21), 2);
        NS_TEST_EXPECT_MSG_EQ(rate.TakePacket(), true, "a new burst: 1 of 2");
        NS_TEST_EXPECT_MSG_EQ(rate.TakePacket(), true, "2 of 2");
        NS_TEST_EXPECT_MSG_EQ(rate.TakePacket(), false, "not the old burst's left-overs");
    }
};

/**
 * @ingroup netblt-tests
 * @brief RFC 998 §5.2: the receiver takes the burst values of the sender's NULL-ACK as they
 * are (even above its own offer), but never below 1 packet or 1 ms.
 */
class NetbltRateControlAnswerTestCase : public TestCase
{
  public:
    NetbltRateControlAnswerTestCase()
        : TestCase("rate control: the receiver takes the NULL-ACK's values, at least 1 and 1 ms")
    {
    }

  private:
    void DoRun() override
    {
        NetbltTransferParameters p;
        p.burstSize = 5;
        p.burstIntervalMs = 30;
        NetbltRateControl::AcceptAnswer(p, 7, 50);
        NS_TEST_EXPECT_MSG_EQ(p.burstSize, 7, "7 packets");
        NS_TEST_EXPECT_MSG_EQ(p.burstIntervalMs, 50, "50 ms");
        NetbltRateControl::AcceptAnswer(p, 2, 10);
        NS_TEST_EXPECT_MSG_EQ(p.burstSize, 2, "2 packets");
        NS_TEST_EXPECT_MSG_EQ(p.burstIntervalMs, 10, "10 ms");
        NetbltRateControl::AcceptAnswer(p, 0, 0);
        NS_TEST_EXPECT_MSG_EQ(p.burstSize, 1, "0 packets becomes 1");
        NS_TEST_EXPECT_MSG_EQ(p.burstIntervalMs, 1, "0 ms becomes 1");
        NS_TEST_EXPECT_MSG_EQ(p.bufferSize,
                              NetbltTransferParameters().bufferSize,
                              "nothing else changes");
    }
};

/**
 * @ingroup netblt-tests
 * @brief NETBLT's rate control.
 */
class NetbltRateControlTestSuite : public TestSuite
{
  public:
    NetbltRateControlTestSuite()
        : TestSuite("netblt-rate-control", Type::UNIT)
    {
        AddTestCase(new NetbltRateControlIntervalTestCase, TestCase::Duration::QUICK);
        AddTestCase(new NetbltRateControlBurstDueTestCase, TestCase::Duration::QUICK);
        AddTestCase(new NetbltRateControlPacketsTestCase, TestCase::Duration::QUICK);
        AddTestCase(new NetbltRateControlAnswerTestCase, TestCase::Duration::QUICK);
    }
};

/// Static variable for test initialization.
static NetbltRateControlTestSuite g_netbltRateControlTestSuite;
