/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-engine-test-case.h"
#include "netblt-test-bench.h"
#include "netblt-test-data.h"

#include "ns3/boolean.h"
#include "ns3/simulator.h"
#include "ns3/test.h"

#include <set>

/**
 * @file
 * @ingroup netblt-tests
 * The receiver's RFC 1030 §7 policies, each an attribute of ns3::NetbltReceiver: ResendOnLdata,
 * ImmediateResendOnLaterBuffer and CombineOkWithGo, each with and without.
 *
 * Link: 10 Mbit/s, 1 ms one-way; a 1000-byte DATA packet takes 0.8368 ms to transmit.
 */

using namespace ns3;
using namespace ns3::netblt_test;

/**
 * @ingroup netblt-tests
 * @brief ResendOnLdata: with it, a buffer missing a middle packet is RESENT for as its LDATA
 * arrives, without a data timeout; without it (the RFC 1030 default) the data timer does it.
 */
class NetbltResendOnLdataTestCase : public NetbltEngineTestCase
{
  public:
    /** @param on the attribute's value at the receiver */
    NetbltResendOnLdataTestCase(bool on)
        : NetbltEngineTestCase(std::string("ResendOnLdata=") + (on ? "true" : "false") +
                               ": missing middle packet"),
          m_on(on)
    {
    }

  private:
    void DoRun() override
    {
        Bench bench;
        bench.passive.passiveAttributes.emplace_back("ResendOnLdata", m_on ? "true" : "false");
        bench.drop[1]->AddRule(NetbltPacketType::DATA, 1, 1, 1);
        std::vector<uint8_t> data = MakeData(8000, 24);
        bench.StartWrite(FastProposal(1), data, Limits());
        Simulator::Run();

        const NetbltConnectionStatistics& r = bench.passive.connection->GetStatistics();
        std::vector<NetbltControlMessage> resends = DistinctResends(bench.passive);
        NS_TEST_ASSERT_MSG_EQ(resends.size(), 1, "one RESEND");
        NS_TEST_EXPECT_MSG_EQ(resends[0].GetBufferNumber(), 1, "buffer 1");
        NS_TEST_ASSERT_MSG_EQ(resends[0].GetMissingPackets().size(), 1, "one packet");
        NS_TEST_EXPECT_MSG_EQ(resends[0].GetMissingPackets()[0], 1, "packet 1");
        Time ldataArrival = bench.drop[1]->GetSeenTimes(NetbltPacketType::LDATA).front();
        Time resendAt = FirstSent(bench.passive, resends[0].GetSequence());
        if (m_on)
        {
            NS_TEST_EXPECT_MSG_EQ(r.dataTimeouts, 0, "no data timeout");
            NS_TEST_EXPECT_MSG_EQ(resendAt, ldataArrival, "RESEND as the LDATA arrived");
        }
        else
        {
            NS_TEST_EXPECT_MSG_EQ(r.dataTimeouts, 1, "one data timeout");
            NS_TEST_EXPECT_MSG_GT(resendAt, ldataArrival, "RESEND later, on the data timer");
            NS_TEST_EXPECT_MSG_EQ(resendAt, bench.passive.timers.dataTimeouts[0].first, "");
        }
        NS_TEST_EXPECT_MSG_EQ(bench.active.timers.retransmits.size(), 1, "one retransmission");
        NS_TEST_EXPECT_MSG_EQ(bench.active.Completed() && bench.passive.Completed(), true, "done");
        NS_TEST_EXPECT_MSG_EQ((bench.passive.received == data), true, "data intact");
        Simulator::Destroy();
    }

    bool m_on; //!< attribute value
};

/**
 * @ingroup netblt-tests
 * @brief ImmediateResendOnLaterBuffer with 2 buffers outstanding and buffer 1's LDATA lost:
 * with it, the first packet of buffer 2 triggers the RESEND for buffer 1 at once; without it
 * (RFC 1030 default) that packet only tightens buffer 1's data timer, which then expires.
 */
class NetbltImmediateResendTestCase : public NetbltEngineTestCase
{
  public:
    /** @param on the attribute's value at the receiver */
    NetbltImmediateResendTestCase(bool on)
        : NetbltEngineTestCase(std::string("ImmediateResendOnLaterBuffer=") +
                               (on ? "true" : "false") + ", 2 buffers, buffer 1's LDATA lost"),
          m_on(on)
    {
    }

  private:
    void DoRun() override
    {
        Bench bench;
        bench.passive.passiveAttributes.emplace_back("ImmediateResendOnLaterBuffer",
                                                     m_on ? "true" : "false");
        bench.drop[1]->AddRule(NetbltPacketType::LDATA, 1, 3, 1);
        std::vector<uint8_t> data = MakeData(12000, 25);
        bench.StartWrite(FastProposal(2), data, Limits());
        Simulator::Run();

        const NetbltConnectionStatistics& r = bench.passive.connection->GetStatistics();
        std::vector<NetbltControlMessage> resends = DistinctResends(bench.passive);
        NS_TEST_ASSERT_MSG_EQ(resends.size(), 1, "one RESEND");
        NS_TEST_EXPECT_MSG_EQ(resends[0].GetBufferNumber(), 1, "for buffer 1");
        NS_TEST_ASSERT_MSG_EQ(resends[0].GetMissingPackets().size(), 1, "one packet");
        NS_TEST_EXPECT_MSG_EQ(resends[0].GetMissingPackets()[0], 3, "its LDATA");
        // The first DATA packet of buffer 2 to arrive at the receiver.
        Time buffer2First = Time::Max();
        for (const auto& e : bench.active.tx.GetEntries())
        {
            if ((e.type == NetbltPacketType::DATA || e.type == NetbltPacketType::LDATA) &&
                e.bufferNumber == 2)
            {
                buffer2First = e.time;
                break;
            }
        }
        Time resendAt = FirstSent(bench.passive, resends[0].GetSequence());
        NS_TEST_EXPECT_MSG_GT(resendAt, buffer2First, "after buffer 2's first packet left");
        if (m_on)
        {
            NS_TEST_EXPECT_MSG_EQ(r.dataTimeouts, 0, "no data timeout");
            // Arrival = departure + transmission (1024 + 2 + 20 bytes at 10 Mbit/s) + 1 ms.
            NS_TEST_EXPECT_MSG_EQ(resendAt,
                                  buffer2First + NanoSeconds(836800) + MilliSeconds(1),
                                  "RESEND as buffer 2's first packet arrived");
        }
        else
        {
            NS_TEST_EXPECT_MSG_EQ(r.dataTimeouts, 1, "buffer 1's data timer expired");
            NS_TEST_EXPECT_MSG_EQ(bench.passive.timers.dataTimeouts[0].second, 1, "buffer 1");
            NS_TEST_EXPECT_MSG_EQ(resendAt, bench.passive.timers.dataTimeouts[0].first, "then");
            NS_TEST_EXPECT_MSG_GT(resendAt,
                                  buffer2First + NanoSeconds(836800) + MilliSeconds(1),
                                  "later than buffer 2's first packet");
        }
        NS_TEST_EXPECT_MSG_EQ(bench.active.timers.retransmits.size(), 1, "one retransmission");
        NS_TEST_EXPECT_MSG_EQ(bench.active.Completed() && bench.passive.Completed(), true, "done");
        NS_TEST_EXPECT_MSG_EQ((bench.passive.received == data), true, "data intact");
        Simulator::Destroy();
    }

    bool m_on; //!< attribute value
};

/**
 * @ingroup netblt-tests
 * @brief CombineOkWithGo: the same control messages go in fewer CONTROL packets with it than
 * without it.
 */
class NetbltCombineOkWithGoTestCase : public NetbltEngineTestCase
{
  public:
    NetbltCombineOkWithGoTestCase()
        : NetbltEngineTestCase("CombineOkWithGo=false sends more CONTROL packets than true")
    {
    }

  private:
    /** Counts of one run. */
    struct Counts
    {
        uint64_t packets;  //!< CONTROL packets sent
        uint64_t messages; //!< control messages created
        uint64_t timeouts; //!< control timeouts
        uint32_t maxNew;   //!< most messages first sent in one CONTROL packet
        bool ok;           //!< completed intact
    };

    Counts RunOnce(bool combine)
    {
        SetConnectionDefault("CombineOkWithGo", BooleanValue(combine));
        Bench bench;
        std::vector<uint8_t> data = MakeData(40000, 26);
        bench.StartWrite(FastProposal(3), data, Limits());
        Simulator::Run();
        const NetbltConnectionStatistics& r = bench.passive.connection->GetStatistics();
        Counts c{r.controlPacketsSent, r.controlMessagesSent, r.controlTimeouts, 0, false};
        std::set<uint16_t> seen;
        for (const auto& e : bench.passive.tx.Select(NetbltPacketType::CONTROL))
        {
            uint32_t fresh = 0;
            for (const auto& m : e.messages)
            {
                fresh += seen.insert(m.GetSequence()).second ? 1 : 0;
            }
            c.maxNew = std::max(c.maxNew, fresh);
        }
        c.ok =
            bench.active.Completed() && bench.passive.Completed() && bench.passive.received == data;
        Simulator::Destroy();
        return c;
    }

    void DoRun() override
    {
        Counts on = RunOnce(true);
        Counts off = RunOnce(false);
        NS_TEST_EXPECT_MSG_EQ(on.ok, true, "combined: completes intact");
        NS_TEST_EXPECT_MSG_EQ(off.ok, true, "separate: completes intact");
        NS_TEST_EXPECT_MSG_EQ(on.timeouts, 0, "no control timeouts");
        NS_TEST_EXPECT_MSG_EQ(off.timeouts, 0, "no control timeouts");
        NS_TEST_EXPECT_MSG_EQ(on.messages, off.messages, "the same messages either way");
        // 10 buffers: 1 packet with GO 1-3 at set-up, then one OK(n)+GO(n+3) per buffer.
        NS_TEST_EXPECT_MSG_EQ(on.packets, 11, "combined: 1 + buffers");
        NS_TEST_EXPECT_MSG_EQ(on.maxNew, 3, "combined: the 3 GOs together at set-up");
        NS_TEST_EXPECT_MSG_EQ(off.packets, off.messages, "separate: one packet per message");
        NS_TEST_EXPECT_MSG_EQ(off.maxNew, 1, "separate: one new message per packet");
        NS_TEST_EXPECT_MSG_GT(off.packets, on.packets, "more CONTROL packets without combining");
    }
};

/**
 * @ingroup netblt-tests
 * @brief The NETBLT receiver-policy test suite.
 */
class NetbltReceiverPolicyTestSuite : public TestSuite
{
  public:
    NetbltReceiverPolicyTestSuite();
};

NetbltReceiverPolicyTestSuite::NetbltReceiverPolicyTestSuite()
    : TestSuite("netblt-receiver-policy", Type::UNIT)
{
    AddTestCase(new NetbltResendOnLdataTestCase(true), TestCase::Duration::QUICK);
    AddTestCase(new NetbltResendOnLdataTestCase(false), TestCase::Duration::QUICK);
    AddTestCase(new NetbltImmediateResendTestCase(true), TestCase::Duration::QUICK);
    AddTestCase(new NetbltImmediateResendTestCase(false), TestCase::Duration::QUICK);
    AddTestCase(new NetbltCombineOkWithGoTestCase, TestCase::Duration::QUICK);
}

/// Static variable for test initialization.
static NetbltReceiverPolicyTestSuite g_netbltReceiverPolicyTestSuite;
