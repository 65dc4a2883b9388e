/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-data-sent-recorder.h"
#include "netblt-engine-test-case.h"
#include "netblt-test-bench.h"
#include "netblt-test-data.h"

#include "ns3/callback.h"
#include "ns3/config.h"
#include "ns3/simulator.h"
#include "ns3/test.h"

#include <string>
#include <utility>
#include <vector>

/**
 * @file
 * @ingroup netblt-tests
 * A NETBLT transfer observed only through the configuration namespace: the connections are
 * reachable as NetbltL4Protocol's ConnectionList while they exist, and their trace sources
 * (State, NetbltSender's DataSent, NetbltReceiver's BufferDelivered) report the transfer.
 */

using namespace ns3;
using namespace ns3::netblt_test;

namespace
{

/// Every connection of node 0 or node 1.
const std::string ALL_CONNECTIONS = "/NodeList/*/$ns3::NetbltL4Protocol/ConnectionList/*";
/// The sender's DataSent, on node 0.
const std::string SENDER_DATA_SENT =
    "/NodeList/0/$ns3::NetbltL4Protocol/ConnectionList/*/$ns3::NetbltSender/DataSent";
/// The receiver's BufferDelivered, on node 1.
const std::string RECEIVER_BUFFER_DELIVERED =
    "/NodeList/1/$ns3::NetbltL4Protocol/ConnectionList/*/$ns3::NetbltReceiver/BufferDelivered";

/**
 * @ingroup netblt-tests
 * @brief What the trace sources reached by Config path reported.
 */
struct ConfigTraces
{
    DataSentRecorder dataSent;       //!< DataSent, in order
    std::vector<uint32_t> delivered; //!< BufferDelivered, in order
    /// State changes of node 0's connection (old, new)
    std::vector<std::pair<NetbltConnection::State, NetbltConnection::State>> senderStates;
    /// State changes of node 1's connection (old, new)
    std::vector<std::pair<NetbltConnection::State, NetbltConnection::State>> receiverStates;

    /** BufferDelivered sink. @param buffer the buffer number */
    void Delivered(uint32_t buffer)
    {
        delivered.push_back(buffer);
    }

    /** State sink of node 0. @param from old state @param to new state */
    void SenderState(NetbltConnection::State from, NetbltConnection::State to)
    {
        senderStates.emplace_back(from, to);
    }

    /** State sink of node 1. @param from old state @param to new state */
    void ReceiverState(NetbltConnection::State from, NetbltConnection::State to)
    {
        receiverStates.emplace_back(from, to);
    }
};

/**
 * @param states state changes
 * @return them as "A->B, C->D"
 */
std::string
Describe(const std::vector<std::pair<NetbltConnection::State, NetbltConnection::State>>& states)
{
    std::string text;
    for (const auto& [from, to] : states)
    {
        text += (text.empty() ? "" : ", ") + NetbltConnection::StateName(from) + "->" +
                NetbltConnection::StateName(to);
    }
    return text;
}

} // namespace

/**
 * @ingroup netblt-tests
 * @brief A 12500-byte transfer in 4000-byte buffers of 1000-byte packets (4 buffers, 13
 * packets), buffer 2's packet 1 lost once. Before the OPEN no connection is reachable and a
 * Config connection finds nothing; once the sender is established each node lists one
 * connection of its role. Traces connected then by Config path see: DataSent 13 first
 * transmissions, in buffer and packet order with the right lengths and flags, and 1
 * retransmission (2/1); BufferDelivered 1, 2, 3, 4; State ESTABLISHED->DALLYING->CLOSED at
 * the sender and ESTABLISHED->CLOSED at the receiver. After both close, ConnectionList is
 * empty on both nodes.
 */
class NetbltConfigPathTransferTestCase : public NetbltEngineTestCase
{
  public:
    NetbltConfigPathTransferTestCase()
        : NetbltEngineTestCase("Config path: ConnectionList holds the live connections; State, "
                               "DataSent and BufferDelivered report the whole transfer")
    {
    }

  private:
    void DoRun() override
    {
        Bench bench;
        bench.drop[1]->AddRule(NetbltPacketType::DATA, 2, 1, 1);
        const std::vector<uint8_t> data = MakeData(12500, 21);

        NS_TEST_EXPECT_MSG_EQ(Config::LookupMatches(ALL_CONNECTIONS).GetN(),
                              0,
                              "no connection before the OPEN");
        ConfigTraces traces;
        NS_TEST_EXPECT_MSG_EQ(Config::ConnectWithoutContextFailSafe(
                                  SENDER_DATA_SENT,
                                  MakeCallback(&DataSentRecorder::Record, &traces.dataSent)),
                              false,
                              "nothing to connect to before the OPEN");

        uint32_t node0Connections = 0;
        uint32_t node1Connections = 0;
        uint32_t node0Senders = 0;
        uint32_t node0Receivers = 0;
        uint32_t node1Receivers = 0;
        uint32_t node1Senders = 0;
        bool connected = false;
        bench.active.onEstablished = [&](Ptr<NetbltConnection>) {
            const std::string list = "/$ns3::NetbltL4Protocol/ConnectionList/*";
            node0Connections = Config::LookupMatches("/NodeList/0" + list).GetN();
            node1Connections = Config::LookupMatches("/NodeList/1" + list).GetN();
            node0Senders =
                Config::LookupMatches("/NodeList/0" + list + "/$ns3::NetbltSender").GetN();
            node0Receivers =
                Config::LookupMatches("/NodeList/0" + list + "/$ns3::NetbltReceiver").GetN();
            node1Receivers =
                Config::LookupMatches("/NodeList/1" + list + "/$ns3::NetbltReceiver").GetN();
            node1Senders =
                Config::LookupMatches("/NodeList/1" + list + "/$ns3::NetbltSender").GetN();
            connected = Config::ConnectWithoutContextFailSafe(
                            SENDER_DATA_SENT,
                            MakeCallback(&DataSentRecorder::Record, &traces.dataSent)) &&
                        Config::ConnectWithoutContextFailSafe(
                            RECEIVER_BUFFER_DELIVERED,
                            MakeCallback(&ConfigTraces::Delivered, &traces)) &&
                        Config::ConnectWithoutContextFailSafe(
                            "/NodeList/0" + list + "/State",
                            MakeCallback(&ConfigTraces::SenderState, &traces)) &&
                        Config::ConnectWithoutContextFailSafe(
                            "/NodeList/1" + list + "/State",
                            MakeCallback(&ConfigTraces::ReceiverState, &traces));
        };
        bench.StartWrite(Proposal(4000, 1000, 4, 5, 2), data, Limits());
        bench.ArmWatchdog(Seconds(100));
        Simulator::Run();

        NS_TEST_ASSERT_MSG_EQ(bench.active.Completed(), true, "sender completed");
        NS_TEST_ASSERT_MSG_EQ(bench.passive.Completed(), true, "receiver completed");
        NS_TEST_EXPECT_MSG_EQ((bench.passive.received == data), true, "data intact");
        NS_TEST_EXPECT_MSG_EQ(bench.drop[1]->GetDropped(NetbltPacketType::DATA), 1, "one lost");

        NS_TEST_EXPECT_MSG_EQ(node0Connections, 1, "node 0: one connection");
        NS_TEST_EXPECT_MSG_EQ(node1Connections, 1, "node 1: one connection");
        NS_TEST_EXPECT_MSG_EQ(node0Senders, 1, "node 0's is a NetbltSender");
        NS_TEST_EXPECT_MSG_EQ(node0Receivers, 0, "not a NetbltReceiver");
        NS_TEST_EXPECT_MSG_EQ(node1Receivers, 1, "node 1's is a NetbltReceiver");
        NS_TEST_EXPECT_MSG_EQ(node1Senders, 0, "not a NetbltSender");
        NS_TEST_ASSERT_MSG_EQ(connected, true, "every trace connected by Config path");

        // DataSent: the 13 packets once each, lowest buffer and packet first, then 2/1 again.
        std::vector<DataSentRecorder::Sent> first;
        std::vector<DataSentRecorder::Sent> again;
        for (const DataSentRecorder::Sent& s : traces.dataSent.sent)
        {
            (s.retransmission ? again : first).push_back(s);
        }
        NS_TEST_ASSERT_MSG_EQ(first.size(), 13, "13 first transmissions (3 x 4 + 1)");
        uint32_t bytes = 0;
        for (uint32_t i = 0; i < first.size(); ++i)
        {
            uint32_t buffer = i / 4 + 1;
            uint16_t packet = i % 4;
            NS_TEST_EXPECT_MSG_EQ(first[i].buffer, buffer, "transmission " << i);
            NS_TEST_EXPECT_MSG_EQ(first[i].packet, packet, "transmission " << i);
            NS_TEST_EXPECT_MSG_EQ(first[i].bytes, (buffer == 4 ? 500 : 1000), "length " << i);
            NS_TEST_EXPECT_MSG_EQ(first[i].lastBuffer, (buffer == 4), "L flag " << i);
            NS_TEST_EXPECT_MSG_EQ(first[i].lastPacket,
                                  (packet == 3 || buffer == 4),
                                  "LDATA flag " << i);
            bytes += first[i].bytes;
        }
        NS_TEST_EXPECT_MSG_EQ(bytes, 12500, "every byte sent once");
        NS_TEST_ASSERT_MSG_EQ(again.size(), 1, "one retransmission");
        NS_TEST_EXPECT_MSG_EQ(again[0].buffer, 2, "of buffer 2");
        NS_TEST_EXPECT_MSG_EQ(again[0].packet, 1, "packet 1");
        NS_TEST_EXPECT_MSG_EQ(again[0].bytes, 1000, "1000 bytes");
        NS_TEST_EXPECT_MSG_EQ(traces.dataSent.sent.size(),
                              bench.active.connection->GetStatistics().dataPacketsSent,
                              "DataSent fires once per DATA/LDATA sent");

        NS_TEST_EXPECT_MSG_EQ((traces.delivered == std::vector<uint32_t>{1, 2, 3, 4}),
                              true,
                              "BufferDelivered: 1, 2, 3, 4");
        NS_TEST_EXPECT_MSG_EQ(Describe(traces.senderStates),
                              "ESTABLISHED->DALLYING, DALLYING->CLOSED",
                              "sender states");
        NS_TEST_EXPECT_MSG_EQ(Describe(traces.receiverStates),
                              "ESTABLISHED->CLOSED",
                              "receiver states");

        NS_TEST_EXPECT_MSG_EQ(bench.topology.netblt[0]->GetConnectionCount(), 0, "node 0 forgot");
        NS_TEST_EXPECT_MSG_EQ(bench.topology.netblt[1]->GetConnectionCount(), 0, "node 1 forgot");
        NS_TEST_EXPECT_MSG_EQ(Config::LookupMatches(ALL_CONNECTIONS).GetN(),
                              0,
                              "ConnectionList empty on both nodes");
    }
};

/**
 * @ingroup netblt-tests
 * @brief The values in force as TracedValues, connected by Config path once the active end
 * exists: the sender proposes bursts of 4 every 5 ms and 2 buffers, the listener allows bursts
 * of 3. The sender's BurstSize goes 0 -> 3, BurstInterval 0 -> 5 ms, OutstandingBuffers 0 -> 2,
 * once each (no renegotiation follows); the receiver's ControlTimer is first set to its initial
 * value (1 s), and every value it takes is a positive time no longer than its death timeout.
 */
class NetbltTracedValuesTestCase : public NetbltEngineTestCase
{
  public:
    NetbltTracedValuesTestCase()
        : NetbltEngineTestCase("Config path: BurstSize, BurstInterval, OutstandingBuffers and "
                               "ControlTimer trace the values in force")
    {
    }

  private:
    void DoRun() override
    {
        Bench bench;
        NetbltTransferParameters limits = Limits();
        limits.burstSize = 3;
        bench.StartWrite(Proposal(4000, 1000, 4, 5, 2), MakeData(12000, 3), limits);
        std::vector<std::pair<uint32_t, uint32_t>> burstSizes;
        std::vector<std::pair<Time, Time>> burstIntervals;
        std::vector<std::pair<uint32_t, uint32_t>> outstanding;
        std::vector<Time> controlTimers;
        const std::string sender = "/NodeList/0/$ns3::NetbltL4Protocol/ConnectionList/*/";
        bool connected = false;
        // After ConnectAt's event at the same instant: the sender exists, not yet set up.
        Simulator::Schedule(MilliSeconds(1), [&]() {
            connected =
                Config::ConnectWithoutContextFailSafe(
                    sender + "BurstSize",
                    MakeCallback(+[](std::vector<std::pair<uint32_t, uint32_t>>* v,
                                     uint32_t from,
                                     uint32_t to) {
                        v->emplace_back(from, to);
                    }).Bind(&burstSizes)) &&
                Config::ConnectWithoutContextFailSafe(
                    sender + "BurstInterval",
                    MakeCallback(+[](std::vector<std::pair<Time, Time>>* v, Time from, Time to) {
                        v->emplace_back(from, to);
                    }).Bind(&burstIntervals)) &&
                Config::ConnectWithoutContextFailSafe(
                    sender + "OutstandingBuffers",
                    MakeCallback(+[](std::vector<std::pair<uint32_t, uint32_t>>* v,
                                     uint32_t from,
                                     uint32_t to) {
                        v->emplace_back(from, to);
                    }).Bind(&outstanding));
        });
        bench.passive.onEstablished = [&](Ptr<NetbltConnection> receiver) {
            receiver->TraceConnectWithoutContext(
                "ControlTimer",
                MakeCallback(+[](std::vector<Time>* v, Time, Time to) {
                    v->push_back(to);
                }).Bind(&controlTimers));
        };
        bench.ArmWatchdog(Seconds(100));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(connected, true, "the sender's traces found by Config path");
        NS_TEST_ASSERT_MSG_EQ(bench.passive.Completed(), true, "transfer completed");
        NS_TEST_ASSERT_MSG_EQ(burstSizes.size(), 1, "BurstSize set once");
        NS_TEST_EXPECT_MSG_EQ(burstSizes[0].first, 0, "from nothing");
        NS_TEST_EXPECT_MSG_EQ(burstSizes[0].second, 3, "to the listener's limit");
        NS_TEST_ASSERT_MSG_EQ(burstIntervals.size(), 1, "BurstInterval set once");
        NS_TEST_EXPECT_MSG_EQ(burstIntervals[0].second, MilliSeconds(5), "the proposal's");
        NS_TEST_ASSERT_MSG_EQ(outstanding.size(), 1, "OutstandingBuffers set once");
        NS_TEST_EXPECT_MSG_EQ(outstanding[0].second, 2, "the proposal's");
        NS_TEST_ASSERT_MSG_GT(controlTimers.size(), 0, "the control timer was set");
        NS_TEST_EXPECT_MSG_EQ(controlTimers[0], Seconds(1), "InitialControlTimer first");
        for (Time value : controlTimers)
        {
            NS_TEST_EXPECT_MSG_GT(value, Time(0), "positive");
            NS_TEST_EXPECT_MSG_LT_OR_EQ(value, Seconds(10), "within the death timeout");
        }
        Simulator::Destroy();
    }
};

/**
 * @ingroup netblt-tests
 * @brief NETBLT's connections in the configuration namespace.
 */
class NetbltConfigPathTestSuite : public TestSuite
{
  public:
    NetbltConfigPathTestSuite()
        : TestSuite("netblt-config-path", Type::SYSTEM)
    {
        AddTestCase(new NetbltConfigPathTransferTestCase, TestCase::Duration::QUICK);
        AddTestCase(new NetbltTracedValuesTestCase, TestCase::Duration::QUICK);
    }
};

/// Static variable for test initialization.
static NetbltConfigPathTestSuite g_netbltConfigPathTestSuite;
