/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-engine-test-case.h"
#include "netblt-test-bench.h"
#include "netblt-test-data.h"

#include "ns3/boolean.h"
#include "ns3/config.h"
#include "ns3/host-model.h"
#include "ns3/netblt-burst-rate-data-timer.h"
#include "ns3/netblt-inter-arrival-data-timer.h"
#include "ns3/simulator.h"
#include "ns3/test.h"

#include <map>
#include <set>

/**
 * @file
 * @ingroup netblt-tests
 * NETBLT timers (RFC 998 §5.2, RFC 1030 §7): when data, control, death and KEEPALIVE timers
 * fire and when they must not, the RESEND/retransmission they cause and the timer granularity
 * of burst starts. The receiver's RFC 1030 options are in netblt-receiver-policy-test-suite.cc.
 *
 * Link: 10 Mbit/s, 1 ms one-way; a 1000-byte DATA packet takes 0.8368 ms to transmit.
 */

using namespace ns3;
using namespace ns3::netblt_test;

/**
 * @ingroup netblt-tests
 * @brief On a loss-free link: no data timeout, no RESEND, no retransmission, and exactly the
 * control timeouts the code's control timer gives.
 */
class NetbltLossFreeTimersTestCase : public NetbltEngineTestCase
{
  public:
    /** @param slow the 5-packet / 30 ms shape with 8 outstanding buffers instead of FastProposal */
    NetbltLossFreeTimersTestCase(bool slow)
        : NetbltEngineTestCase(slow ? "loss-free, 10 buffers of 10 packets, 8 outstanding, "
                                      "BS 5, BI 30 ms: no data timer fires"
                                    : "loss-free, fast shape: no timer fires at all"),
          m_slow(slow)
    {
    }

  private:
    void DoRun() override
    {
        Bench bench;
        NetbltTransferParameters proposal = FastProposal(2);
        uint32_t size = 40000; // 10 buffers of 4 packets
        uint32_t buffers = 10;
        uint32_t packets = 40;
        if (m_slow)
        {
            proposal.bufferSize = 10000;
            proposal.burstSize = 5;
            proposal.burstIntervalMs = 30;
            proposal.maxOutstandingBuffers = 8;
            size = 100000; // 10 buffers of 10 packets
            packets = 100;
        }
        std::vector<uint8_t> data = MakeData(size, 20);
        bench.StartWrite(proposal, data, Limits());
        Simulator::Run();

        const NetbltConnectionStatistics& s = bench.active.connection->GetStatistics();
        const NetbltConnectionStatistics& r = bench.passive.connection->GetStatistics();
        NS_TEST_ASSERT_MSG_EQ(bench.active.Completed() && bench.passive.Completed(), true, "done");
        NS_TEST_EXPECT_MSG_EQ((bench.passive.received == data), true, "data intact");
        NS_TEST_EXPECT_MSG_EQ(r.dataTimeouts, 0, "no data timeout");
        NS_TEST_EXPECT_MSG_EQ(bench.passive.timers.dataTimeouts.size(), 0, "no DataTimeout trace");
        NS_TEST_EXPECT_MSG_EQ(r.resendMessagesSent, 0, "no RESEND");
        NS_TEST_EXPECT_MSG_EQ(DistinctResends(bench.passive).size(), 0, "no RESEND on the wire");
        NS_TEST_EXPECT_MSG_EQ(s.dataPacketsRetransmitted, 0, "no retransmission");
        NS_TEST_EXPECT_MSG_EQ(bench.active.timers.retransmits.size(), 0, "no Retransmit trace");
        NS_TEST_EXPECT_MSG_EQ(s.dataPacketsSent, packets, "each packet sent once");
        NS_TEST_EXPECT_MSG_EQ(r.dataPacketsReceived, packets, "each packet received once");
        NS_TEST_EXPECT_MSG_EQ(r.duplicateDataPackets, 0, "no duplicates");
        NS_TEST_EXPECT_MSG_EQ(r.buffersDelivered, buffers, "buffers delivered");
        NS_TEST_EXPECT_MSG_EQ(s.keepalivesSent + r.keepalivesSent, 0, "never idle");
        // OKs: one per buffer; GOs: one per buffer up to the one after the last (the receiver
        // cannot know which buffer is last before its packets arrive, so with nbufs > 1 it
        // offers GOs beyond it, bounded by nbufs).
        if (!m_slow)
        {
            // No control timer expires (see FastProposal()): one CONTROL packet at set-up
            // with the first GOs, then one OK(n)+GO(n+2) per buffer.
            NS_TEST_EXPECT_MSG_EQ(r.controlTimeouts, 0, "no control timeout");
            NS_TEST_EXPECT_MSG_EQ(r.controlPacketsSent, 1 + buffers, "CONTROL packets");
        }
        else
        {
            // The first round-trip sample (GO to first DATA, 2.9 ms) sets the control timer to
            // its 10 ms minimum. The OK of buffer 1 is acknowledged by the next burst, 26.6 ms
            // later: the timer expires once (+10 ms) and backs off to 20 ms; the retransmitted
            // packet gives no sample (Karn). The OK of buffer 2 waits as long: it expires once
            // more (+20 ms), backing off to 40 ms, which covers the wait of the OK of buffer 3,
            // whose sample (26.6 ms) lifts srtt + 4 rttvar to 34 ms, above every later wait.
            NS_TEST_EXPECT_MSG_EQ(r.controlTimeouts, 2, "two warm-up control timeouts");
            const auto& timeouts = bench.passive.timers.controlTimeouts;
            NS_TEST_ASSERT_MSG_EQ(timeouts.size(), 2, "traced");
            std::vector<Time> oks;
            std::set<uint16_t> seen;
            for (const auto& e : bench.passive.tx.Select(NetbltPacketType::CONTROL))
            {
                for (const auto& m : e.messages)
                {
                    if (m.GetType() == NetbltControlMessage::OK &&
                        seen.insert(m.GetSequence()).second)
                    {
                        oks.push_back(e.time);
                    }
                }
            }
            NS_TEST_ASSERT_MSG_EQ(oks.size(), buffers, "one OK per buffer");
            auto tick = [](Time t) {
                return MilliSeconds((t.GetNanoSeconds() + 999999) / 1000000);
            };
            NS_TEST_EXPECT_MSG_EQ(timeouts[0].first,
                                  tick(oks[0] + MilliSeconds(10)),
                                  "OK 1 + 10 ms");
            NS_TEST_EXPECT_MSG_EQ(timeouts[0].second, MilliSeconds(10), "timer value");
            NS_TEST_EXPECT_MSG_EQ(timeouts[1].first,
                                  tick(oks[1] + MilliSeconds(20)),
                                  "OK 2 + 20 ms");
            NS_TEST_EXPECT_MSG_EQ(timeouts[1].second, MilliSeconds(20), "backed-off value");
            NS_TEST_EXPECT_MSG_EQ(r.controlPacketsSent, 1 + buffers + 2, "CONTROL packets");
        }
        Simulator::Destroy();
    }

    bool m_slow; //!< which shape
};

/**
 * @ingroup netblt-tests
 * @brief One DATA packet (buffer k, packet j) lost: exactly one data timeout (for k), one
 * RESEND listing exactly j, one retransmission of (k, j).
 */
class NetbltLostDataTestCase : public NetbltEngineTestCase
{
  public:
    /**
     * @param buffer k
     * @param packet j (not the last of its buffer)
     * @param nbufs outstanding buffers
     * @param rfc998Timer use RFC 998's burst-rate data timer instead of the default adaptive one
     */
    NetbltLostDataTestCase(uint32_t buffer, uint16_t packet, uint16_t nbufs, bool rfc998Timer)
        : NetbltEngineTestCase("lost DATA (buffer " + std::to_string(buffer) + ", packet " +
                               std::to_string(packet) + "), " + std::to_string(nbufs) +
                               " outstanding" + (rfc998Timer ? ", RFC 998 data timer" : "") +
                               ": one data timeout, one RESEND, one retransmission"),
          m_buffer(buffer),
          m_packet(packet),
          m_nbufs(nbufs),
          m_rfc998Timer(rfc998Timer)
    {
    }

  private:
    void DoRun() override
    {
        if (m_rfc998Timer)
        {
            SetConnectionDefault("DataTimerType",
                                 TypeIdValue(NetbltBurstRateDataTimer::GetTypeId()));
        }
        Bench bench;
        bench.drop[1]->AddRule(NetbltPacketType::DATA, m_buffer, m_packet, 1);
        std::vector<uint8_t> data = MakeData(24000, 21); // 6 buffers of 4 packets
        bench.StartWrite(FastProposal(m_nbufs), data, Limits());
        Simulator::Run();

        const NetbltConnectionStatistics& s = bench.active.connection->GetStatistics();
        const NetbltConnectionStatistics& r = bench.passive.connection->GetStatistics();
        NS_TEST_EXPECT_MSG_EQ(bench.drop[1]->GetDropped(NetbltPacketType::DATA), 1, "one lost");
        NS_TEST_EXPECT_MSG_EQ(r.dataTimeouts, 1, "one data timeout");
        NS_TEST_ASSERT_MSG_EQ(bench.passive.timers.dataTimeouts.size(), 1, "traced once");
        NS_TEST_EXPECT_MSG_EQ(bench.passive.timers.dataTimeouts[0].second, m_buffer, "buffer k");
        std::vector<NetbltControlMessage> resends = DistinctResends(bench.passive);
        NS_TEST_ASSERT_MSG_EQ(resends.size(), 1, "one RESEND message on the wire");
        NS_TEST_EXPECT_MSG_EQ(resends[0].GetBufferNumber(), m_buffer, "RESEND for buffer k");
        NS_TEST_ASSERT_MSG_EQ(resends[0].GetMissingPackets().size(), 1, "listing one packet");
        NS_TEST_EXPECT_MSG_EQ(resends[0].GetMissingPackets()[0], m_packet, "packet j");
        NS_TEST_EXPECT_MSG_EQ(r.resendMessagesSent, 1, "counted");
        NS_TEST_EXPECT_MSG_EQ(r.packetsRequested, 1, "one packet requested");
        NS_TEST_EXPECT_MSG_EQ(FirstSent(bench.passive, resends[0].GetSequence()),
                              bench.passive.timers.dataTimeouts[0].first,
                              "RESEND sent when the data timer expired");
        NS_TEST_EXPECT_MSG_EQ(s.dataPacketsRetransmitted, 1, "one retransmission");
        NS_TEST_ASSERT_MSG_EQ(bench.active.timers.retransmits.size(), 1, "traced once");
        NS_TEST_EXPECT_MSG_EQ(bench.active.timers.retransmits[0].first, m_buffer, "of buffer k");
        NS_TEST_EXPECT_MSG_EQ(bench.active.timers.retransmits[0].second, m_packet, "packet j");
        NS_TEST_EXPECT_MSG_EQ(s.dataPacketsSent, 25, "24 packets + 1 retransmission");
        NS_TEST_EXPECT_MSG_EQ(r.controlTimeouts, 0, "no control timeout");
        NS_TEST_EXPECT_MSG_EQ(bench.active.Completed() && bench.passive.Completed(), true, "done");
        NS_TEST_EXPECT_MSG_EQ((bench.passive.received == data), true, "data intact");
        Ptr<NetbltReceiver> receiver = DynamicCast<NetbltReceiver>(bench.passive.connection);
        NS_TEST_EXPECT_MSG_EQ(receiver->GetDataTimer()->GetInstanceTypeId(),
                              m_rfc998Timer ? NetbltBurstRateDataTimer::GetTypeId()
                                            : NetbltInterArrivalDataTimer::GetTypeId(),
                              "the data timer asked for");
        Simulator::Destroy();
    }

    uint32_t m_buffer;  //!< k
    uint16_t m_packet;  //!< j
    uint16_t m_nbufs;   //!< outstanding buffers
    bool m_rfc998Timer; //!< RFC 998's burst-rate data timer
};

/**
 * @ingroup netblt-tests
 * @brief A lost LDATA: the data timer expires, the RESEND asks for the missing packets and the
 * LDATA is sent again. For a short last buffer the receiver does not know its length and asks
 * for every packet number up to a full buffer's; the sender sends the LDATA once.
 */
class NetbltLostLdataTestCase : public NetbltEngineTestCase
{
  public:
    /** @param shortLast lose the LDATA of a short last buffer (else of full buffer 1) */
    NetbltLostLdataTestCase(bool shortLast)
        : NetbltEngineTestCase(shortLast
                                   ? "lost LDATA of a short last buffer: data timeout, RESEND, done"
                                   : "lost LDATA of a full buffer: data timeout, RESEND, done"),
          m_shortLast(shortLast)
    {
    }

  private:
    void DoRun() override
    {
        Bench bench;
        // 3 full buffers of 4 packets, then a last buffer of 1500 bytes: packets 0 (1000 B) and
        // 1 (500 B, the LDATA).
        uint32_t buffer = m_shortLast ? 4 : 1;
        uint16_t ldata = m_shortLast ? 1 : 3;
        bench.drop[1]->AddRule(NetbltPacketType::LDATA, buffer, ldata, 1);
        std::vector<uint8_t> data = MakeData(13500, 22);
        bench.StartWrite(FastProposal(1), data, Limits());
        Simulator::Run();

        const NetbltConnectionStatistics& s = bench.active.connection->GetStatistics();
        const NetbltConnectionStatistics& r = bench.passive.connection->GetStatistics();
        NS_TEST_EXPECT_MSG_EQ(bench.drop[1]->GetDropped(NetbltPacketType::LDATA), 1, "one lost");
        NS_TEST_ASSERT_MSG_EQ(bench.passive.timers.dataTimeouts.size(), 1, "one data timeout");
        NS_TEST_EXPECT_MSG_EQ(bench.passive.timers.dataTimeouts[0].second, buffer, "its buffer");
        std::vector<NetbltControlMessage> resends = DistinctResends(bench.passive);
        NS_TEST_ASSERT_MSG_EQ(resends.size(), 1, "one RESEND");
        NS_TEST_EXPECT_MSG_EQ(resends[0].GetBufferNumber(), buffer, "for that buffer");
        std::vector<uint16_t> expected =
            m_shortLast ? std::vector<uint16_t>{1, 2, 3} : std::vector<uint16_t>{3};
        NS_TEST_EXPECT_MSG_EQ((resends[0].GetMissingPackets() == expected),
                              true,
                              "missing packets listed");
        NS_TEST_ASSERT_MSG_EQ(bench.active.timers.retransmits.size(), 1, "one retransmission");
        NS_TEST_EXPECT_MSG_EQ(bench.active.timers.retransmits[0].first, buffer, "buffer");
        NS_TEST_EXPECT_MSG_EQ(bench.active.timers.retransmits[0].second, ldata, "the LDATA");
        NS_TEST_EXPECT_MSG_EQ(s.dataPacketsSent, 15, "14 packets + the LDATA again");
        NS_TEST_EXPECT_MSG_EQ(bench.active.tx.Count(NetbltPacketType::LDATA), 5, "LDATA count");
        NS_TEST_EXPECT_MSG_EQ(bench.active.Completed() && bench.passive.Completed(), true, "done");
        NS_TEST_EXPECT_MSG_EQ((bench.passive.received == data), true, "data intact");
        NS_TEST_EXPECT_MSG_EQ(r.buffersDelivered, 4, "4 buffers");
        Simulator::Destroy();
    }

    bool m_shortLast; //!< which LDATA
};

/**
 * @ingroup netblt-tests
 * @brief The first CONTROL packet (the GOs) is lost: the control timer (InitialControlTimer,
 * 1 s: no round trip measured yet) expires exactly once and the same messages go again.
 */
class NetbltLostControlTestCase : public NetbltEngineTestCase
{
  public:
    NetbltLostControlTestCase()
        : NetbltEngineTestCase("lost first CONTROL: one control timeout, GO retransmitted")
    {
    }

  private:
    void DoRun() override
    {
        Bench bench;
        bench.drop[0]->AddRule(NetbltPacketType::CONTROL,
                               NetbltDropErrorModel::ANY,
                               NetbltDropErrorModel::ANY,
                               1);
        std::vector<uint8_t> data = MakeData(16000, 23);
        bench.StartWrite(FastProposal(2), data, Limits());
        Simulator::Run();

        const NetbltConnectionStatistics& r = bench.passive.connection->GetStatistics();
        NS_TEST_EXPECT_MSG_EQ(r.controlTimeouts, 1, "exactly one control timeout");
        NS_TEST_ASSERT_MSG_EQ(bench.passive.timers.controlTimeouts.size(), 1, "traced");
        NS_TEST_EXPECT_MSG_EQ(bench.passive.timers.controlTimeouts[0].second,
                              Seconds(1),
                              "the initial control timer");
        std::vector<TxRecorder::Entry> controls =
            bench.passive.tx.Select(NetbltPacketType::CONTROL);
        NS_TEST_ASSERT_MSG_GT_OR_EQ(controls.size(), 2, "retransmitted");
        // The first CONTROL left with the RESPONSE (not on a tick); the timer fires on the
        // first 1 ms tick at or after 1 s later.
        Time due = controls[0].time + Seconds(1);
        Time tick = MilliSeconds(1);
        Time expected =
            TimeStep(((due.GetTimeStep() + tick.GetTimeStep() - 1) / tick.GetTimeStep()) *
                     tick.GetTimeStep());
        NS_TEST_EXPECT_MSG_EQ(controls[1].time, expected, "control timer value, on a tick");
        NS_TEST_EXPECT_MSG_EQ(bench.passive.timers.controlTimeouts[0].first, expected, "traced");
        NS_TEST_ASSERT_MSG_EQ(controls[0].messages.size(), 2, "GO 1 and GO 2");
        NS_TEST_ASSERT_MSG_EQ(controls[1].messages.size(), 2, "the same messages again");
        for (uint32_t i = 0; i < 2; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(controls[1].messages[i].GetType(), NetbltControlMessage::GO, "");
            NS_TEST_EXPECT_MSG_EQ(controls[1].messages[i].GetSequence(),
                                  controls[0].messages[i].GetSequence(),
                                  "same sequence numbers");
            NS_TEST_EXPECT_MSG_EQ(controls[1].messages[i].GetBufferNumber(), i + 1, "GO(i+1)");
        }
        NS_TEST_EXPECT_MSG_EQ(bench.drop[0]->GetDropped(NetbltPacketType::CONTROL), 1, "one lost");
        NS_TEST_EXPECT_MSG_EQ(r.dataTimeouts, 0, "no data timeout");
        NS_TEST_EXPECT_MSG_EQ(bench.active.Completed() && bench.passive.Completed(), true, "done");
        NS_TEST_EXPECT_MSG_EQ((bench.passive.received == data), true, "data intact");
        Simulator::Destroy();
    }
};

/**
 * @ingroup netblt-tests
 * @brief HostCpu TimerGranularity: bursts started by the burst timer start on a tick, BurstSize
 * packets at the same instant, consecutive bursts BurstInterval rounded up to the tick apart.
 */
class NetbltGranularityTestCase : public NetbltEngineTestCase
{
  public:
    /**
     * @param granularityMs timer tick
     * @param burstIntervalMs burst interval
     * @param expectedGapMs the gap between timer-driven bursts
     */
    NetbltGranularityTestCase(uint32_t granularityMs,
                              uint16_t burstIntervalMs,
                              uint32_t expectedGapMs)
        : NetbltEngineTestCase("TimerGranularity " + std::to_string(granularityMs) +
                               " ms, BurstInterval " + std::to_string(burstIntervalMs) +
                               " ms: bursts every " + std::to_string(expectedGapMs) + " ms"),
          m_granularityMs(granularityMs),
          m_burstIntervalMs(burstIntervalMs),
          m_expectedGapMs(expectedGapMs)
    {
    }

  private:
    void DoRun() override
    {
        Config::SetDefault("ns3::HostCpu::TimerGranularity",
                           TimeValue(MilliSeconds(m_granularityMs)));
        Bench bench;
        NetbltTransferParameters p = FastProposal(1);
        p.bufferSize = 30000; // one buffer of 30 packets: 10 bursts of 3
        p.burstSize = 3;
        p.burstIntervalMs = m_burstIntervalMs;
        std::vector<uint8_t> data = MakeData(30000, 27);
        bench.StartWrite(p, data, Limits());
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(bench.active.Completed() && bench.passive.Completed(), true, "done");
        NS_TEST_EXPECT_MSG_EQ((bench.passive.received == data), true, "data intact");

        std::map<Time, uint32_t> bursts = bench.active.tx.DataBursts(); // start -> packets
        NS_TEST_ASSERT_MSG_EQ(bursts.size(), 10, "10 bursts (no retransmission)");
        Time tick = MilliSeconds(m_granularityMs);
        Time gap = MilliSeconds(m_expectedGapMs);
        Time previous;
        uint32_t i = 0;
        for (const auto& [start, count] : bursts)
        {
            NS_TEST_EXPECT_MSG_EQ(count, 3, "BurstSize packets handed to IP at once");
            if (i > 0)
            {
                // The first burst goes as the GO arrives; the burst timer starts the others.
                NS_TEST_EXPECT_MSG_EQ(start.GetTimeStep() % tick.GetTimeStep(), 0, "on a tick");
                if (i == 1)
                {
                    NS_TEST_EXPECT_MSG_GT_OR_EQ(start - previous,
                                                MilliSeconds(m_burstIntervalMs),
                                                "not before the burst interval");
                    NS_TEST_EXPECT_MSG_LT(start - previous,
                                          MilliSeconds(m_burstIntervalMs) + tick,
                                          "on the first tick after it");
                }
                else
                {
                    NS_TEST_EXPECT_MSG_EQ(start - previous, gap, "burst interval on the tick");
                }
            }
            previous = start;
            ++i;
        }
        Simulator::Destroy();
    }

    uint32_t m_granularityMs;   //!< tick
    uint16_t m_burstIntervalMs; //!< burst interval
    uint32_t m_expectedGapMs;   //!< expected gap
};

/**
 * @ingroup netblt-tests
 * @brief Without a HostModel on the nodes NETBLT still runs, on an exact clock: a
 * 10-packet buffer in bursts of 3 every 7 ms is delivered intact, and the bursts the timer
 * starts follow the first by exactly 7, 14 and 21 ms (not on 1-ms ticks: the first burst goes
 * when the GO arrives, off the tick).
 */
class NetbltNoHostModelTestCase : public NetbltEngineTestCase
{
  public:
    NetbltNoHostModelTestCase()
        : NetbltEngineTestCase("no host model on the nodes: exact timers, the transfer intact")
    {
    }

  private:
    void DoRun() override
    {
        TwoNodeConfig config;
        config.hostModel = false;
        Bench bench(config);
        NS_TEST_ASSERT_MSG_EQ(bench.topology.nodes.Get(0)->GetObject<HostModel>(),
                              nullptr,
                              "no host model");
        NetbltTransferParameters p = FastProposal(1);
        p.bufferSize = 10000; // one buffer of 10 packets: bursts of 3, 3, 3, 1
        p.burstSize = 3;
        p.burstIntervalMs = 7;
        std::vector<uint8_t> data = MakeData(10000, 41);
        bench.StartWrite(p, data, Limits());
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(bench.active.Completed() && bench.passive.Completed(), true, "done");
        NS_TEST_EXPECT_MSG_EQ((bench.passive.received == data), true, "data intact");
        std::map<Time, uint32_t> bursts = bench.active.tx.DataBursts(); // start -> packets
        NS_TEST_ASSERT_MSG_EQ(bursts.size(), 4, "4 bursts (no retransmission)");
        Time first = bursts.begin()->first;
        NS_TEST_EXPECT_MSG_NE(first.GetTimeStep() % MilliSeconds(1).GetTimeStep(),
                              0,
                              "the first burst goes off the millisecond tick");
        uint32_t i = 0;
        for (const auto& [start, count] : bursts)
        {
            NS_TEST_EXPECT_MSG_EQ(start - first, MilliSeconds(7 * i), "burst " << i << " exact");
            NS_TEST_EXPECT_MSG_EQ(count, (i < 3 ? 3U : 1U), "packets in burst " << i);
            ++i;
        }
        Simulator::Destroy();
    }
};

/**
 * @ingroup netblt-tests
 * @brief The link goes dead after set-up: each end closes DEATH_TIMEOUT its own death-timer
 * value after the last packet it heard (on the next tick), not before.
 */
class NetbltDeathTimerTestCase : public NetbltEngineTestCase
{
  public:
    NetbltDeathTimerTestCase()
        : NetbltEngineTestCase("dead link: both ends close DEATH_TIMEOUT after their death timers")
    {
    }

  private:
    void DoRun() override
    {
        Bench bench;
        const Time deadFrom = MilliSeconds(100);
        bench.drop[0]->DropEverythingFrom(deadFrom);
        bench.drop[1]->DropEverythingFrom(deadFrom);
        NetbltTransferParameters proposal = FastProposal(2);
        proposal.deathTimeoutS = 3; // the sender's
        NetbltTransferParameters limits = Limits();
        limits.deathTimeoutS = 2; // the receiver's
        bench.StartWrite(proposal, MakeData(400000, 28), limits);
        bench.ArmWatchdog(Seconds(60));
        Simulator::Run();

        struct End
        {
            TestClient* client;
            Time death;
            const char* name;
        };

        for (End end : {End{&bench.active, Seconds(3), "sender"},
                        End{&bench.passive, Seconds(2), "receiver"}})
        {
            TestClient& c = *end.client;
            NS_TEST_ASSERT_MSG_EQ(c.closed, true, end.name << " closed");
            NS_TEST_EXPECT_MSG_EQ(c.closeReason, NetbltConnection::DEATH_TIMEOUT, end.name);
            Time heard = c.timers.lastReceived;
            NS_TEST_EXPECT_MSG_LT(heard,
                                  deadFrom,
                                  end.name << ": last packet before the link died");
            NS_TEST_EXPECT_MSG_GT(heard,
                                  deadFrom - MilliSeconds(10),
                                  end.name << ": shortly before");
            NS_TEST_EXPECT_MSG_GT_OR_EQ(c.closeTime, heard + end.death, end.name << ": not early");
            NS_TEST_EXPECT_MSG_LT(c.closeTime,
                                  heard + end.death + MilliSeconds(1),
                                  end.name << ": on the next tick");
            NS_TEST_EXPECT_MSG_GT(c.tx.GetEntries().back().time,
                                  deadFrom,
                                  end.name << " kept trying while the link was dead");
        }
        NS_TEST_EXPECT_MSG_LT(Simulator::Now(), Seconds(4), "nothing left running");
        NS_TEST_EXPECT_MSG_EQ(bench.topology.netblt[0]->GetConnectionCount(), 0, "forgotten");
        NS_TEST_EXPECT_MSG_EQ(bench.topology.netblt[1]->GetConnectionCount(), 0, "forgotten");
        Simulator::Destroy();
    }
};

/**
 * @ingroup netblt-tests
 * @brief An idle connection (the receiving client provides no buffer for 10 s, longer than
 * either death timeout): each end sends KEEPALIVEs every (the other end's death timeout / 4),
 * neither dies, and the transfer completes once the buffer comes.
 */
class NetbltKeepaliveTestCase : public NetbltEngineTestCase
{
  public:
    NetbltKeepaliveTestCase()
        : NetbltEngineTestCase(
              "idle receiver: KEEPALIVEs every quarter of the peer's death timeout, no death")
    {
    }

  private:
    void DoRun() override
    {
        Bench bench;
        bench.passive.provideDelay = Seconds(10);
        NetbltTransferParameters proposal = FastProposal(1);
        proposal.deathTimeoutS = 4; // sender's: receiver KEEPALIVEs every 1 s
        NetbltTransferParameters limits = Limits();
        limits.deathTimeoutS = 8; // receiver's: sender KEEPALIVEs every 2 s
        std::vector<uint8_t> data = MakeData(3000, 29);
        bench.StartWrite(proposal, data, limits);
        bench.ArmWatchdog(Seconds(100));
        Simulator::Run();

        NS_TEST_EXPECT_MSG_EQ(bench.active.Completed(), true, "sender completed, no death");
        NS_TEST_EXPECT_MSG_EQ(bench.passive.Completed(), true, "receiver completed, no death");
        NS_TEST_EXPECT_MSG_EQ((bench.passive.received == data), true, "data intact");
        NS_TEST_EXPECT_MSG_GT(bench.passive.closeTime, Seconds(10), "after the idle period");

        struct End
        {
            TestClient* client;
            Time interval;
            uint32_t count;
            const char* name;
        };

        // Receiver: RESPONSE at 2.05 ms, then KEEPALIVEs at 1.003 s ... 9.003 s (the GO at
        // 10.002 s postpones the next). Sender: established at 3.1 ms, KEEPALIVEs at 2.004 s
        // ... 8.004 s (the DATA at 10.003 s postpones the next).
        for (End end : {End{&bench.passive, Seconds(1), 9, "receiver"},
                        End{&bench.active, Seconds(2), 4, "sender"}})
        {
            std::vector<TxRecorder::Entry> keepalives =
                end.client->tx.Select(NetbltPacketType::KEEPALIVE);
            NS_TEST_ASSERT_MSG_EQ(keepalives.size(), end.count, end.name << " KEEPALIVEs");
            NS_TEST_EXPECT_MSG_EQ(end.client->connection->GetStatistics().keepalivesSent,
                                  end.count,
                                  end.name << " counted");
            NS_TEST_EXPECT_MSG_LT(keepalives[0].time - end.client->establishedTime,
                                  end.interval + MilliSeconds(1),
                                  end.name << ": first one interval after set-up");
            NS_TEST_EXPECT_MSG_GT_OR_EQ(keepalives[0].time - end.client->establishedTime,
                                        end.interval,
                                        end.name << ": not before");
            for (uint32_t i = 1; i < keepalives.size(); ++i)
            {
                NS_TEST_EXPECT_MSG_EQ(keepalives[i].time - keepalives[i - 1].time,
                                      end.interval,
                                      end.name << ": every peer death / 4");
            }
        }
        Simulator::Destroy();
    }
};

/**
 * @ingroup netblt-tests
 * @brief The NETBLT timers test suite.
 */
class NetbltTimersTestSuite : public TestSuite
{
  public:
    NetbltTimersTestSuite();
};

NetbltTimersTestSuite::NetbltTimersTestSuite()
    : TestSuite("netblt-timers", Type::UNIT)
{
    AddTestCase(new NetbltLossFreeTimersTestCase(false), TestCase::Duration::QUICK);
    AddTestCase(new NetbltLossFreeTimersTestCase(true), TestCase::Duration::QUICK);
    AddTestCase(new NetbltLostDataTestCase(1, 1, 1, false), TestCase::Duration::QUICK);
    AddTestCase(new NetbltLostDataTestCase(3, 2, 2, false), TestCase::Duration::QUICK);
    AddTestCase(new NetbltLostDataTestCase(5, 0, 4, false), TestCase::Duration::QUICK);
    AddTestCase(new NetbltLostDataTestCase(3, 2, 2, true), TestCase::Duration::QUICK);
    AddTestCase(new NetbltLostLdataTestCase(false), TestCase::Duration::QUICK);
    AddTestCase(new NetbltLostLdataTestCase(true), TestCase::Duration::QUICK);
    AddTestCase(new NetbltLostControlTestCase, TestCase::Duration::QUICK);
    AddTestCase(new NetbltGranularityTestCase(1, 7, 7), TestCase::Duration::QUICK);
    AddTestCase(new NetbltGranularityTestCase(5, 12, 15), TestCase::Duration::QUICK);
    AddTestCase(new NetbltNoHostModelTestCase, TestCase::Duration::QUICK);
    AddTestCase(new NetbltDeathTimerTestCase, TestCase::Duration::QUICK);
    AddTestCase(new NetbltKeepaliveTestCase, TestCase::Duration::QUICK);
}

/// Static variable for test initialization.
static NetbltTimersTestSuite g_netbltTimersTestSuite;
