/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/netblt-ethernet-experiment.h"
#include "ns3/netblt-wideband-experiment.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/simulator.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

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
    std::vector<NetbltTransferRecord> flows;                //!< one record per flow
    NetbltPathRecord path;                                  //!< the shared path
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
RunFlows(Ptr<NetbltExperiment> experiment)
{
    experiment->SetAttribute("RecordTimeSequences", BooleanValue(true));
    RngSeedManager::SetSeed(1);
    RngSeedManager::SetRun(1);
    experiment->Install();
    Simulator::Run();
    Outcome outcome;
    UintegerValue flows;
    UintegerValue transferSize;
    experiment->GetAttribute("Flows", flows);
    experiment->GetAttribute("TransferSize", transferSize);
    for (uint32_t flow = 0; flow < flows.Get(); ++flow)
    {
        outcome.flows.push_back(experiment->GetRecord(flow));
        const NetbltTimeSequence& sequence = experiment->GetTimeSequence(flow);
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
            within &= sequence.GetOffsets()[i] < transferSize.Get();
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
 * Sets RFC 1030's transfer parameters on an experiment.
 * @param experiment the experiment
 * @param flows transfers at once
 * @param interval each flow's burst interval
 */
void
Configure(Ptr<NetbltExperiment> experiment, uint32_t flows, Time interval)
{
    experiment->SetAttribute("Flows", UintegerValue(flows));
    experiment->SetAttribute("BurstSize", UintegerValue(5));
    experiment->SetAttribute("BurstInterval", TimeValue(interval));
    experiment->SetAttribute("PacketSize", UintegerValue(1432));
    experiment->SetAttribute("BufferSize", UintegerValue(14320));
    experiment->SetAttribute("TransferSize", UintegerValue(143200));
    experiment->SetAttribute("OutstandingBuffers", UintegerValue(22));
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
        Ptr<NetbltWidebandExperiment> experiment = CreateObject<NetbltWidebandExperiment>();
        Configure(experiment, 2, MilliSeconds(110));
        experiment->SetFlowAttribute(1, "StartTime", TimeValue(MilliSeconds(56)));
        const Outcome outcome = RunFlows(experiment);
        NS_TEST_ASSERT_MSG_EQ(outcome.flows.size(), 2u, "a record per flow");
        uint64_t dataSent = 0;
        for (const NetbltTransferRecord& flow : outcome.flows)
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
        Ptr<NetbltEthernetExperiment> experiment = CreateObject<NetbltEthernetExperiment>();
        Configure(experiment, 2, MilliSeconds(30));
        const Outcome outcome = RunFlows(experiment);
        for (const NetbltTransferRecord& flow : outcome.flows)
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
        Ptr<NetbltWidebandExperiment> experiment = CreateObject<NetbltWidebandExperiment>();
        Configure(experiment, 2, MilliSeconds(110));
        // Losses on the channel, so that there are retransmissions and RESENDs to count.
        experiment->SetWidebandChannelAttribute("BitErrorRate", DoubleValue(5e-6));
        const Outcome outcome = RunFlows(experiment);
        for (uint32_t flow = 0; flow < outcome.flows.size(); ++flow)
        {
            const NetbltTransferRecord& record = outcome.flows[flow];
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
    }
};

/// Static variable for test initialization.
static NetbltMultiFlowTestSuite g_netbltMultiFlowTestSuite;
