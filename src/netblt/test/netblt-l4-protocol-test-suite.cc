/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-engine-test-case.h"
#include "netblt-test-bench.h"
#include "netblt-test-data.h"

#include "ns3/boolean.h"
#include "ns3/netblt-burst-rate-data-timer.h"
#include "ns3/netblt-inter-arrival-data-timer.h"
#include "ns3/simulator.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

/**
 * @file
 * @ingroup netblt-tests
 * What NetbltL4Protocol decides for the connections it makes: their policies, chosen by its
 * attributes on one node without touching any global default, and the host's memory limits,
 * which refuse an OPEN that asks for more buffer memory than the host allows.
 */

using namespace ns3;
using namespace ns3::netblt_test;

namespace
{

/**
 * @param type a type
 * @param name one of its attributes
 * @return true if the attribute's default is the one the type was registered with
 */
bool
IsDefaultUnchanged(TypeId type, const std::string& name)
{
    TypeId::AttributeInformation info;
    NS_ABORT_UNLESS(type.LookupAttributeByName(name, &info));
    return info.initialValue->SerializeToString(info.checker) ==
           info.originalInitialValue->SerializeToString(info.checker);
}

} // namespace

/**
 * @ingroup netblt-tests
 * @brief Node 1's NETBLT is given RFC 998's burst-rate data timer (DataTimerType) and receivers
 * that send a CONTROL packet per message (SetReceiverAttribute CombineOkWithGo false); node 0's
 * is left alone. The 12000-byte transfer completes intact; the receiver node 1 made has exactly
 * those policies, node 0 still makes RFC 1030's inter-arrival timer, and neither attribute's
 * global default changed.
 */
class NetbltPolicyByAttributeTestCase : public NetbltEngineTestCase
{
  public:
    NetbltPolicyByAttributeTestCase()
        : NetbltEngineTestCase("policies chosen on one node's NetbltL4Protocol reach its "
                               "connections and change no global default")
    {
    }

  private:
    void DoRun() override
    {
        Bench bench;
        bench.topology.netblt[1]->SetAttribute("DataTimerType",
                                               TypeIdValue(NetbltBurstRateDataTimer::GetTypeId()));
        bench.topology.netblt[1]->SetReceiverAttribute("CombineOkWithGo", BooleanValue(false));
        std::vector<uint8_t> data = MakeData(12000, 7);
        bench.StartWrite(Proposal(4000, 1000, 4, 5, 2), data, Limits());
        bench.ArmWatchdog(Seconds(100));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(bench.passive.Completed(), true, "receiver completed");
        NS_TEST_EXPECT_MSG_EQ((bench.passive.received == data), true, "data intact");
        Ptr<NetbltReceiver> receiver = DynamicCast<NetbltReceiver>(bench.passive.connection);
        NS_TEST_ASSERT_MSG_NE(receiver, nullptr, "node 1 received");
        NS_TEST_EXPECT_MSG_EQ(receiver->GetDataTimer()->GetInstanceTypeId(),
                              NetbltBurstRateDataTimer::GetTypeId(),
                              "node 1's DataTimerType");
        BooleanValue combine;
        receiver->GetAttribute("CombineOkWithGo", combine);
        NS_TEST_EXPECT_MSG_EQ(combine.Get(), false, "node 1's receiver attribute");
        TypeIdValue nodeZeroTimer;
        bench.topology.netblt[0]->GetAttribute("DataTimerType", nodeZeroTimer);
        NS_TEST_EXPECT_MSG_EQ(nodeZeroTimer.Get(),
                              NetbltInterArrivalDataTimer::GetTypeId(),
                              "node 0 keeps RFC 1030's timer");
        NS_TEST_EXPECT_MSG_EQ(IsDefaultUnchanged(NetbltL4Protocol::GetTypeId(), "DataTimerType"),
                              true,
                              "DataTimerType's default untouched");
        NS_TEST_EXPECT_MSG_EQ(IsDefaultUnchanged(NetbltReceiver::GetTypeId(), "CombineOkWithGo"),
                              true,
                              "CombineOkWithGo's default untouched");
        Simulator::Destroy();
    }
};

/**
 * @ingroup netblt-tests
 * @brief An OPEN the listener's own limits would accept, but whose buffers the host cannot
 * hold, is answered with REFUSED naming the host's limit; the listener's client is not
 * consulted and no connection is made. Cases: a 1 GiB buffer (MaxBufferSize, 1 MiB), 17
 * buffers of 1 MiB (MaxConnectionBufferBytes, 16 MiB).
 */
class NetbltMemoryLimitTestCase : public NetbltEngineTestCase
{
  public:
    /**
     * @param proposal the OPEN's parameters
     * @param limit the attribute the REFUSED must name
     */
    NetbltMemoryLimitTestCase(const NetbltTransferParameters& proposal, std::string limit)
        : NetbltEngineTestCase("an OPEN beyond the host's " + limit + " is REFUSED naming it"),
          m_proposal(proposal),
          m_limit(std::move(limit))
    {
    }

  private:
    void DoRun() override
    {
        NetbltTransferParameters limits = Limits();
        limits.bufferSize = 0xffffffff;
        limits.packetSize = 0xffff;
        limits.maxOutstandingBuffers = 0xffff;
        Bench bench;
        bench.StartWrite(m_proposal, MakeData(3000, 1), limits);
        bench.ArmWatchdog(Seconds(100));
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(bench.passive.accepted, false, "listener's client not consulted");
        NS_TEST_ASSERT_MSG_EQ(bench.active.closed, true, "active end closed");
        NS_TEST_EXPECT_MSG_EQ(bench.active.closeReason, NetbltConnection::REFUSED, "REFUSED");
        NS_TEST_EXPECT_MSG_NE(bench.active.closeText.find(m_limit),
                              std::string::npos,
                              "the reason names the limit: " << bench.active.closeText);
        NS_TEST_EXPECT_MSG_EQ(bench.topology.netblt[1]->GetConnectionCount(), 0, "no connection");
        Simulator::Destroy();
    }

    NetbltTransferParameters m_proposal; //!< what the OPEN asks for
    std::string m_limit;                 //!< the limit it passes
};

/**
 * @ingroup netblt-tests
 * @brief Node 1 may hold 3 MiB of buffers in all (MaxNodeBufferBytes). A first transfer of two
 * 1 MiB buffers is accepted and completes intact; a second OPEN for two more, 50 ms later while
 * the first still holds its buffers, is REFUSED naming MaxNodeBufferBytes.
 */
class NetbltNodeMemoryLimitTestCase : public NetbltEngineTestCase
{
  public:
    NetbltNodeMemoryLimitTestCase()
        : NetbltEngineTestCase("an OPEN beyond the host's MaxNodeBufferBytes, counted over its "
                               "connections, is REFUSED naming it")
    {
    }

  private:
    void DoRun() override
    {
        Bench bench;
        bench.topology.netblt[1]->SetAttribute("MaxNodeBufferBytes", UintegerValue(3 << 20));
        NetbltTransferParameters proposal = Proposal(1 << 20, 1400, 20, 1, 2);
        std::vector<uint8_t> data = MakeData(3 << 20, 3);
        bench.StartWrite(proposal, data, Limits());
        TestClient second;
        second.data = MakeData(1000, 4);
        ConnectAt(bench.topology, second, MilliSeconds(50), NetbltConnection::SENDER, proposal);
        bench.ArmWatchdog(Seconds(100));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(second.closed, true, "second closed");
        NS_TEST_EXPECT_MSG_EQ(second.closeReason, NetbltConnection::REFUSED, "REFUSED");
        NS_TEST_EXPECT_MSG_NE(second.closeText.find("MaxNodeBufferBytes"),
                              std::string::npos,
                              "the reason names the limit: " << second.closeText);
        NS_TEST_ASSERT_MSG_EQ(bench.passive.Completed(), true, "first completed");
        NS_TEST_EXPECT_MSG_EQ((bench.passive.received == data), true, "first intact");
        Simulator::Destroy();
    }
};

/**
 * @ingroup netblt-tests
 * @brief What NetbltL4Protocol decides for its connections.
 */
class NetbltL4ProtocolTestSuite : public TestSuite
{
  public:
    NetbltL4ProtocolTestSuite()
        : TestSuite("netblt-l4-protocol", Type::UNIT)
    {
        AddTestCase(new NetbltPolicyByAttributeTestCase, TestCase::Duration::QUICK);
        NetbltTransferParameters gigabyte;
        gigabyte.bufferSize = 1 << 30;
        gigabyte.packetSize = 20000;
        gigabyte.burstSize = 5;
        gigabyte.burstIntervalMs = 30;
        gigabyte.maxOutstandingBuffers = 0xffff;
        gigabyte.deathTimeoutS = 10;
        AddTestCase(new NetbltMemoryLimitTestCase(gigabyte, "MaxBufferSize"),
                    TestCase::Duration::QUICK);
        NetbltTransferParameters seventeen = gigabyte;
        seventeen.bufferSize = 1 << 20;
        seventeen.packetSize = 1400;
        seventeen.maxOutstandingBuffers = 17;
        AddTestCase(new NetbltMemoryLimitTestCase(seventeen, "MaxConnectionBufferBytes"),
                    TestCase::Duration::QUICK);
        AddTestCase(new NetbltNodeMemoryLimitTestCase, TestCase::Duration::QUICK);
    }
};

/// Static variable for test initialization.
static NetbltL4ProtocolTestSuite g_netbltL4ProtocolTestSuite;
