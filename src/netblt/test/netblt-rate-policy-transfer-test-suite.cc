/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-engine-test-case.h"
#include "netblt-test-bench.h"
#include "netblt-test-data.h"

#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/error-model.h"
#include "ns3/netblt-aimd-rate-policy.h"
#include "ns3/netblt-delivery-rate-policy.h"
#include "ns3/netblt-static-rate-policy.h"
#include "ns3/simulator.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

/**
 * @file
 * @ingroup netblt-tests
 * The rate policies in a sender: chosen on one node's NetbltL4Protocol by attribute, the values
 * in force reach the receiver through NULL-ACK (RFC 998's renegotiation, no protocol extension),
 * and an adaptive sender completes a lossy transfer with this model's plain RFC 998 receiver.
 */

using namespace ns3;
using namespace ns3::netblt_test;

namespace
{

/** The burst values a connection's traces last reported. */
struct ValuesSeen
{
    uint32_t burstSize{0}; //!< BurstSize
    Time burstInterval;    //!< BurstInterval
    uint32_t changes{0};   //!< BurstInterval changes
};

/**
 * @param connection a connection
 * @param seen where to keep what its BurstSize and BurstInterval traces report
 */
void
Follow(Ptr<NetbltConnection> connection, ValuesSeen* seen)
{
    seen->burstSize = connection->GetParameters().burstSize;
    seen->burstInterval = connection->GetParameters().GetBurstInterval();
    connection->TraceConnectWithoutContext(
        "BurstSize",
        MakeCallback(+[](ValuesSeen* s, uint32_t, uint32_t to) { s->burstSize = to; }).Bind(seen));
    connection->TraceConnectWithoutContext("BurstInterval",
                                           MakeCallback(+[](ValuesSeen* s, Time, Time to) {
                                               s->burstInterval = to;
                                               ++s->changes;
                                           }).Bind(seen));
}

} // namespace

/**
 * @ingroup netblt-tests
 * @brief Node 0's NETBLT is given the AIMD policy (RatePolicyType) starting at 1 packet every
 * 100 ms (SetRatePolicyAttribute); node 1's is left alone. The sender made by node 0 has that
 * policy with that start, puts it in force at set-up (10 packets/s, as 5 every 500 ms, where 5
 * every 20 ms were negotiated), and the 60000-byte transfer completes intact, its rate raised
 * on the way (slow start). The receiver's values follow the sender's through NULL-ACK: at the end
 * both ends' traces show the same burst size and interval. Neither attribute's global default
 * changed, and node 1 still makes static senders.
 */
class NetbltRatePolicyByAttributeTestCase : public NetbltEngineTestCase
{
  public:
    NetbltRatePolicyByAttributeTestCase()
        : NetbltEngineTestCase("a rate policy chosen on one node's NetbltL4Protocol reaches its "
                               "senders; the receiver follows its values")
    {
    }

  private:
    void DoRun() override
    {
        Bench bench;
        bench.topology.netblt[0]->SetAttribute("RatePolicyType",
                                               TypeIdValue(NetbltAimdRatePolicy::GetTypeId()));
        bench.topology.netblt[0]->SetRatePolicyAttribute("StartBurstInterval",
                                                         TimeValue(MilliSeconds(100)));
        ValuesSeen atSender;
        ValuesSeen atReceiver;
        Ptr<NetbltSender> sender;
        bench.active.onEstablished = [&](Ptr<NetbltConnection> c) {
            sender = DynamicCast<NetbltSender>(c);
        };
        bench.passive.onEstablished = [&](Ptr<NetbltConnection> c) { Follow(c, &atReceiver); };
        std::vector<uint8_t> data = MakeData(60000, 11);
        bench.StartWrite(Proposal(4000, 1000, 5, 20, 4), data, Limits());
        Simulator::Schedule(MilliSeconds(1), [&]() {
            Follow(bench.topology.netblt[0]->GetConnection(0), &atSender);
        });
        bench.ArmWatchdog(Seconds(200));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(bench.passive.Completed(), true, "receiver completed");
        NS_TEST_EXPECT_MSG_EQ((bench.passive.received == data), true, "data intact");
        NS_TEST_ASSERT_MSG_NE(sender, nullptr, "node 0 sent");
        Ptr<NetbltRatePolicy> policy = sender->GetRatePolicy();
        NS_TEST_EXPECT_MSG_EQ(policy->GetInstanceTypeId(),
                              NetbltAimdRatePolicy::GetTypeId(),
                              "node 0's RatePolicyType");
        TimeValue start;
        policy->GetAttribute("StartBurstInterval", start);
        NS_TEST_EXPECT_MSG_EQ(start.Get(), MilliSeconds(100), "node 0's policy attribute");
        NS_TEST_EXPECT_MSG_GT(atSender.changes, 2, "negotiated, start, then raised");
        NS_TEST_EXPECT_MSG_GT(atSender.burstSize * 1000.0 /
                                  atSender.burstInterval.GetMilliSeconds(),
                              10,
                              "raised from the start's 10 packets/s");
        NS_TEST_EXPECT_MSG_EQ(atReceiver.burstSize, atSender.burstSize, "receiver follows");
        NS_TEST_EXPECT_MSG_EQ(atReceiver.burstInterval, atSender.burstInterval, "receiver follows");
        TypeIdValue nodeOne;
        bench.topology.netblt[1]->GetAttribute("RatePolicyType", nodeOne);
        NS_TEST_EXPECT_MSG_EQ(nodeOne.Get(),
                              NetbltStaticRatePolicy::GetTypeId(),
                              "node 1 keeps RFC 998's");
        TypeId::AttributeInformation info;
        NS_TEST_ASSERT_MSG_EQ(
            NetbltL4Protocol::GetTypeId().LookupAttributeByName("RatePolicyType", &info),
            true,
            "attribute exists");
        NS_TEST_EXPECT_MSG_EQ(info.initialValue->SerializeToString(info.checker),
                              info.originalInitialValue->SerializeToString(info.checker),
                              "RatePolicyType's default untouched");
        Simulator::Destroy();
    }
};

/**
 * @ingroup netblt-tests
 * @brief An adaptive sender against a plain RFC 998 receiver (BurstSpacingReports false: it
 * leaves the R flag zero, so no burst spacing reports are negotiated, and takes NULL-ACK's
 * values, RFC 998 §5.2) and against this implementation's: with 10 % of packets lost each way,
 * the 200,000-byte transfer completes intact with both ends TRANSFER_COMPLETE, for either
 * policy, started slow (1 every 200 ms) or at the negotiated 5 every 10 ms; reports flow only
 * to a delivery-rate sender whose receiver offers them.
 */
class NetbltAdaptiveSenderLossTestCase : public NetbltEngineTestCase
{
  public:
    /**
     * @param policy the RatePolicyType
     * @param startBurstSize StartBurstSize
     * @param startIntervalMs StartBurstInterval, ms
     * @param plainReceiver the receiver offers no burst spacing reports
     */
    NetbltAdaptiveSenderLossTestCase(TypeId policy,
                                     uint16_t startBurstSize,
                                     uint16_t startIntervalMs,
                                     bool plainReceiver)
        : NetbltEngineTestCase(policy.GetName() + " from " + std::to_string(startBurstSize) +
                               " every " + std::to_string(startIntervalMs) +
                               " ms completes a lossy transfer with " +
                               (plainReceiver ? "a plain RFC 998 receiver" : "this receiver")),
          m_policy(policy),
          m_startBurstSize(startBurstSize),
          m_startIntervalMs(startIntervalMs),
          m_plainReceiver(plainReceiver)
    {
    }

  private:
    void DoRun() override
    {
        TwoNodeConfig config;
        config.receiveErrorModel = {Loss(0.1, 50), Loss(0.1, 51)};
        Bench bench(config);
        bench.topology.netblt[1]->SetReceiverAttribute("BurstSpacingReports",
                                                       BooleanValue(!m_plainReceiver));
        bench.topology.netblt[0]->SetAttribute("RatePolicyType", TypeIdValue(m_policy));
        bench.topology.netblt[0]->SetRatePolicyAttribute("StartBurstSize",
                                                         UintegerValue(m_startBurstSize));
        bench.topology.netblt[0]->SetRatePolicyAttribute(
            "StartBurstInterval",
            TimeValue(MilliSeconds(m_startIntervalMs)));
        std::vector<uint8_t> data = MakeData(200000, 5);
        bench.StartWrite(Proposal(10000, 1000, 5, 10, 4), data, Limits());
        bench.ArmWatchdog(Seconds(1000));
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(bench.active.Completed(), true, "sender TRANSFER_COMPLETE");
        NS_TEST_EXPECT_MSG_EQ(bench.passive.Completed(), true, "receiver TRANSFER_COMPLETE");
        NS_TEST_EXPECT_MSG_EQ((bench.passive.received == data), true, "data intact");
        bool reports = m_policy == NetbltDeliveryRatePolicy::GetTypeId() && !m_plainReceiver;
        NS_TEST_EXPECT_MSG_EQ(bench.active.connection->GetParameters().rateReports,
                              reports,
                              "burst spacing reports negotiated");
        uint32_t spacings = 0;
        for (const auto& entry : bench.passive.tx.Select(NetbltPacketType::CONTROL))
        {
            for (const NetbltControlMessage& message : entry.messages)
            {
                spacings +=
                    message.GetType() == NetbltControlMessage::OK && message.GetBurstSpacing() != 0;
            }
        }
        NS_TEST_EXPECT_MSG_EQ((spacings > 0), reports, "OKs carry burst spacing");
        Simulator::Destroy();
    }

    TypeId m_policy;            //!< the policy
    uint16_t m_startBurstSize;  //!< its start burst size
    uint16_t m_startIntervalMs; //!< its start interval
    bool m_plainReceiver;       //!< the receiver offers no burst spacing reports
};

/**
 * @ingroup netblt-tests
 * @brief The rate policies in a sender.
 */
class NetbltRatePolicyTransferTestSuite : public TestSuite
{
  public:
    NetbltRatePolicyTransferTestSuite()
        : TestSuite("netblt-rate-policy-transfer", Type::SYSTEM)
    {
        AddTestCase(new NetbltRatePolicyByAttributeTestCase, TestCase::Duration::QUICK);
        for (TypeId policy :
             {NetbltAimdRatePolicy::GetTypeId(), NetbltDeliveryRatePolicy::GetTypeId()})
        {
            for (bool plain : {true, false})
            {
                AddTestCase(new NetbltAdaptiveSenderLossTestCase(policy, 1, 200, plain),
                            TestCase::Duration::QUICK);
                AddTestCase(new NetbltAdaptiveSenderLossTestCase(policy, 5, 10, plain),
                            TestCase::Duration::QUICK);
            }
        }
    }
};

/// The suite's instance.
static NetbltRatePolicyTransferTestSuite g_netbltRatePolicyTransferTestSuite;
