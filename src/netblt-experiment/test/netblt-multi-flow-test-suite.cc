/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/ethernet-testbed.h"
#include "ns3/netblt-bulk-transfer.h"
#include "ns3/object-factory.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/simulator.h"
#include "ns3/tcp-bulk-transfer.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"
#include "ns3/wideband-testbed.h"

#include <array>
#include <vector>

/**
 * @file
 * @ingroup netblt-experiment-tests
 * Several NETBLT transfers in one simulation (RFC 1030 §8): each between its own pair of hosts,
 * all sharing one network; and the time-sequence trace of each.
 */

using namespace ns3;

namespace
{

/** What a run of several flows gave. */
struct Outcome
{
    std::vector<TransferRecord> flows;                      //!< one record per flow
    PathRecord path;                                        //!< the shared path
    std::vector<std::array<uint64_t, 5>> timeSequenceKinds; //!< events of each Kind, per flow
    std::vector<uint64_t> requestedInTimeSequence;          //!< packets its RESENDs asked for
    std::vector<bool> offsetsWithinTransfer;                //!< every offset below XFSZ
};

/**
 * Runs an experiment's flows to the end, seed 1.
 * @param experiment configured, not installed
 * @return what every flow and the path did
 */
Outcome
RunFlows(Ptr<Testbed> experiment)
{
    RngSeedManager::SetSeed(1);
    RngSeedManager::SetRun(1);
    experiment->Install();
    Simulator::Run();
    Outcome outcome;
    for (uint32_t flow = 0; flow < experiment->GetNTransfers(); ++flow)
    {
        outcome.flows.push_back(experiment->GetRecord(flow));
        Ptr<BulkTransfer> transfer = experiment->GetTransfer(flow);
        const uint64_t transferSize = outcome.flows.back().bytesGiven;
        const TimeSequence& sequence = transfer->GetTimeSequence();
        std::array<uint64_t, 5> kinds{};
        uint64_t requested = 0;
        bool within = true;
        for (uint32_t i = 0; i < sequence.GetSize(); ++i)
        {
            const uint8_t kind = sequence.GetKinds()[i];
            ++kinds[kind];
            if (kind == NetbltTimeSequence::RESEND_SENT)
            {
                requested += sequence.GetAmounts()[i];
            }
            within &= sequence.GetOffsets()[i] < transferSize;
        }
        outcome.timeSequenceKinds.push_back(kinds);
        outcome.requestedInTimeSequence.push_back(requested);
        outcome.offsetsWithinTransfer.push_back(within);
    }
    outcome.path = experiment->GetPathRecord();
    Simulator::Destroy();
    return outcome;
}

/**
 * Adds NETBLT transfers with RFC 1030's parameters to a testbed, their time sequences kept.
 * @param experiment the testbed
 * @param flows transfers at once
 * @param interval each flow's burst interval
 * @return the transfers, in pair order
 */
std::vector<Ptr<NetbltBulkTransfer>>
Configure(Ptr<Testbed> experiment, uint32_t flows, Time interval)
{
    std::vector<Ptr<NetbltBulkTransfer>> transfers;
    for (uint32_t flow = 0; flow < flows; ++flow)
    {
        Ptr<NetbltBulkTransfer> transfer = CreateObject<NetbltBulkTransfer>();
        transfer->SetAttribute("RecordTimeSequence", BooleanValue(true));
        transfer->SetSenderAttribute("BurstSize", UintegerValue(5));
        transfer->SetSenderAttribute("BurstInterval", TimeValue(interval));
        transfer->SetSenderAttribute("PacketSize", UintegerValue(1432));
        transfer->SetSenderAttribute("BufferSize", UintegerValue(14320));
        transfer->SetSenderAttribute("TransferSize", UintegerValue(143200));
        transfer->SetSenderAttribute("MaxOutstandingBuffers", UintegerValue(22));
        experiment->AddTransfer(transfer);
        transfers.push_back(transfer);
    }
    return transfers;
}

} // namespace

/**
 * @ingroup netblt-experiment-tests
 * @brief Two flows share the Wideband path, each from its own PC/AT to its own SUN-3, and both
 * arrive intact; the one channel carried both flows' data; each flow's counts are its own.
 */
class NetbltTwoFlowsWidebandTestCase : public TestCase
{
  public:
    NetbltTwoFlowsWidebandTestCase()
        : TestCase("§8: two flows share the Wideband path's gateways, line and channel and both "
                   "arrive intact")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<WidebandTestbed> experiment = CreateObject<WidebandTestbed>();
        Configure(experiment, 2, MilliSeconds(110))[1]->SetSenderAttribute(
            "StartTime",
            TimeValue(MilliSeconds(56)));
        const Outcome outcome = RunFlows(experiment);
        NS_TEST_ASSERT_MSG_EQ(outcome.flows.size(), 2u, "a record per flow");
        uint64_t dataSent = 0;
        for (const TransferRecord& flow : outcome.flows)
        {
            NS_TEST_EXPECT_MSG_EQ(flow.completed, true, "both ends closed complete");
            NS_TEST_EXPECT_MSG_EQ(flow.intact, true, "every byte, in order");
            NS_TEST_EXPECT_MSG_EQ(flow.bytesReceived, 143200u, "its own transfer");
            NS_TEST_EXPECT_MSG_GT_OR_EQ(flow.dataPacketsSent, 100u, "100 packets at least");
            dataSent += flow.dataPacketsSent;
        }
        NS_TEST_EXPECT_MSG_GT_OR_EQ(outcome.path.datagramsSent,
                                    dataSent,
                                    "BBN's station carried both flows' data");
        NS_TEST_EXPECT_MSG_EQ(outcome.path.stationResets, 0u, "half the best rate each: no reset");
        NS_TEST_EXPECT_MSG_GT(outcome.path.largestRequest, 0u, "reservations counted");
        NS_TEST_EXPECT_MSG_EQ_TOL(outcome.path.channelCapacityMbps,
                                  1.1334,
                                  0.0001,
                                  "24,054 bits every 21.2228 ms");
        NS_TEST_EXPECT_MSG_GT(outcome.path.simulatedSeconds,
                              outcome.flows[1].simulatedSeconds - 1e-9,
                              "the path's time is the later flow's end");
    }
};

/**
 * @ingroup netblt-experiment-tests
 * @brief Two pairs of PC/ATs on one Ethernet: both flows arrive intact.
 */
class NetbltTwoFlowsEthernetTestCase : public TestCase
{
  public:
    NetbltTwoFlowsEthernetTestCase()
        : TestCase("two pairs of hosts on one Ethernet: both flows arrive intact")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<EthernetTestbed> experiment = CreateObject<EthernetTestbed>();
        Configure(experiment, 2, MilliSeconds(30));
        const Outcome outcome = RunFlows(experiment);
        for (const TransferRecord& flow : outcome.flows)
        {
            NS_TEST_EXPECT_MSG_EQ(flow.completed, true, "both ends closed complete");
            NS_TEST_EXPECT_MSG_EQ(flow.intact, true, "every byte, in order");
        }
    }
};

/**
 * @ingroup netblt-experiment-tests
 * @brief A flow's time-sequence trace counts what its record counts: transmissions,
 * retransmissions, receptions, the packets its RESENDs asked for, and one delivery per buffer.
 */
class NetbltTimeSequenceCountsTestCase : public TestCase
{
  public:
    NetbltTimeSequenceCountsTestCase()
        : TestCase("time-sequence trace: its events add up to the record's counts")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<WidebandTestbed> experiment = CreateObject<WidebandTestbed>();
        Configure(experiment, 2, MilliSeconds(110));
        // Losses on the channel, so that there are retransmissions and RESENDs to count.
        experiment->SetWidebandChannelAttribute("BitErrorRate", DoubleValue(5e-6));
        const Outcome outcome = RunFlows(experiment);
        for (uint32_t flow = 0; flow < outcome.flows.size(); ++flow)
        {
            const TransferRecord& record = outcome.flows[flow];
            const std::array<uint64_t, 5>& kinds = outcome.timeSequenceKinds[flow];
            NS_TEST_EXPECT_MSG_GT(record.retransmitted, 0u, "something was lost and resent");
            NS_TEST_EXPECT_MSG_EQ(kinds[NetbltTimeSequence::DATA_SENT] +
                                      kinds[NetbltTimeSequence::DATA_RETRANSMITTED],
                                  record.dataPacketsSent,
                                  "transmissions");
            NS_TEST_EXPECT_MSG_EQ(kinds[NetbltTimeSequence::DATA_RETRANSMITTED],
                                  record.retransmitted,
                                  "retransmissions");
            NS_TEST_EXPECT_MSG_EQ(kinds[NetbltTimeSequence::DATA_RECEIVED],
                                  record.dataPacketsReceived,
                                  "receptions");
            NS_TEST_EXPECT_MSG_EQ(outcome.requestedInTimeSequence[flow],
                                  record.packetsRequested,
                                  "packets asked for by RESENDs");
            NS_TEST_EXPECT_MSG_EQ(kinds[NetbltTimeSequence::BUFFER_DELIVERED],
                                  10u,
                                  "ten 14320-byte buffers delivered");
            NS_TEST_EXPECT_MSG_EQ(kinds[NetbltTimeSequence::DATA_SENT],
                                  100u,
                                  "each of 100 packets sent once first");
            NS_TEST_EXPECT_MSG_EQ(outcome.offsetsWithinTransfer[flow], true, "offsets in XFSZ");
        }
    }
};

/**
 * @ingroup netblt-experiment-tests
 * @brief A NETBLT transfer and a TCP transfer on one testbed, each between its own two hosts:
 * both arrive intact, each record counts its own protocol's packets, and the TCP transfer's
 * time sequence reads back every byte in order.
 */
class NetbltBesideTcpTestCase : public TestCase
{
  public:
    /**
     * @param testbed the network's Testbed class
     * @param name what it is
     */
    NetbltBesideTcpTestCase(const std::string& testbed, const std::string& name)
        : TestCase("NETBLT beside TCP on " + name + ": both arrive intact, each its own record"),
          m_testbedType(testbed)
    {
    }

  private:
    void DoRun() override
    {
        ObjectFactory factory(m_testbedType);
        m_testbed = factory.Create<Testbed>();
        Configure(m_testbed, 1, MilliSeconds(110));
        Ptr<TcpBulkTransfer> tcp = CreateObject<TcpBulkTransfer>();
        tcp->SetAttribute("TransferSize", UintegerValue(143200));
        tcp->SetAttribute("RecordTimeSequence", BooleanValue(true));
        tcp->SetSocketAttribute("BufferSize", UintegerValue(16384));
        m_testbed->AddTransfer(tcp);
        const Outcome outcome = RunFlows(m_testbed);
        const TransferRecord& first = outcome.flows[0];
        const TransferRecord& second = outcome.flows[1];
        NS_TEST_EXPECT_MSG_EQ(first.intact, true, "NETBLT: every byte, in order");
        NS_TEST_EXPECT_MSG_EQ(first.senderClose, "TRANSFER_COMPLETE", "NETBLT's close");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(first.dataPacketsSent, 100u, "NETBLT's 100 packets");
        NS_TEST_EXPECT_MSG_EQ(second.intact, true, "TCP: every byte");
        NS_TEST_EXPECT_MSG_EQ(second.bytesReceived, 143200u, "TCP's own transfer");
        NS_TEST_EXPECT_MSG_EQ(second.nullAcksSent, 0u, "no NETBLT counts in TCP's record");
        NS_TEST_EXPECT_MSG_EQ(outcome.timeSequenceKinds[1][TimeSequence::DATA_SENT] +
                                  outcome.timeSequenceKinds[1][TimeSequence::DATA_RETRANSMITTED],
                              second.dataPacketsSent,
                              "TCP's segments, first and again");
        NS_TEST_EXPECT_MSG_EQ(outcome.timeSequenceKinds[1][TimeSequence::RESEND_SENT],
                              0u,
                              "TCP has no RESEND");
        NS_TEST_EXPECT_MSG_EQ(outcome.offsetsWithinTransfer[1], true, "offsets in the transfer");
        NS_TEST_EXPECT_MSG_EQ(outcome.timeSequenceKinds[0][TimeSequence::DATA_SENT],
                              100u,
                              "NETBLT's 100 packets, each first sent once");
        m_testbed = nullptr;
    }

    std::string m_testbedType; //!< the network's class
    Ptr<Testbed> m_testbed;    //!< the network, while the case runs
};

/**
 * @ingroup netblt-experiment-tests
 * @brief Tests of several flows in one simulation.
 */
class NetbltMultiFlowTestSuite : public TestSuite
{
  public:
    NetbltMultiFlowTestSuite()
        : TestSuite("netblt-multi-flow", Type::UNIT)
    {
        AddTestCase(new NetbltTwoFlowsWidebandTestCase, TestCase::Duration::QUICK);
        AddTestCase(new NetbltTwoFlowsEthernetTestCase, TestCase::Duration::QUICK);
        AddTestCase(new NetbltTimeSequenceCountsTestCase, TestCase::Duration::QUICK);
        AddTestCase(new NetbltBesideTcpTestCase("ns3::ProteonRingTestbed", "the ring"),
                    TestCase::Duration::QUICK);
        AddTestCase(new NetbltBesideTcpTestCase("ns3::WidebandTestbed", "the Wideband path"),
                    TestCase::Duration::QUICK);
    }
};

/// Static variable for test initialization.
static NetbltMultiFlowTestSuite g_netbltMultiFlowTestSuite;
