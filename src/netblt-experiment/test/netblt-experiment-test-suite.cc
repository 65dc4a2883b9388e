/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/arp-l3-protocol.h"
#include "ns3/double.h"
#include "ns3/ethernet-testbed.h"
#include "ns3/icmpv6-l4-protocol.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv4.h"
#include "ns3/ipv6.h"
#include "ns3/netblt-bulk-transfer.h"
#include "ns3/node-container.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/point-to-point-testbed.h"
#include "ns3/pointer.h"
#include "ns3/queue-disc.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/simulator.h"
#include "ns3/stable-streams-internet-stack-helper.h"
#include "ns3/test.h"
#include "ns3/traffic-control-layer.h"
#include "ns3/uinteger.h"

/**
 * @defgroup netblt-experiment-tests Tests of the NETBLT experiments
 * @ingroup netblt-experiment
 */

/**
 * @file
 * @ingroup netblt-experiment-tests
 * What every NETBLT experiment builds under its network: FIFO interfaces, and a pool of packet
 * buffers per host that NETBLT holds until its CPU job has consumed each packet; the run
 * ending with its transfers, whether they delivered or not; and the internet stack's random
 * streams laid out the same on every ns-3 release.
 */

using namespace ns3;

namespace
{

/// Gives the test the experiments' address assignment.
class AddressAssigner : public PointToPointTestbed
{
  public:
    using Testbed::AssignFifoAddresses;
};

/**
 * @param device a device with IPv4 on its node
 * @return whether a root queue disc sits on it
 */
bool
HasQueueDisc(Ptr<NetDevice> device)
{
    return device->GetNode()->GetObject<TrafficControlLayer>()->GetRootQueueDiscOnDevice(device) !=
           nullptr;
}

/**
 * @param experiment an experiment, its attributes set
 * @return its record after a run with seed 1
 */
TransferRecord
RunWithSeed1(Ptr<Testbed> experiment)
{
    RngSeedManager::SetSeed(1);
    RngSeedManager::SetRun(1);
    experiment->Install();
    Simulator::Run();
    TransferRecord record = experiment->GetRecord(0);
    Simulator::Destroy();
    return record;
}

} // namespace

/**
 * @ingroup netblt-experiment-tests
 * @brief The experiments' address assignment leaves no queue disc on the devices, where ns-3's
 * Ipv4AddressHelper alone installs FQ-CoDel on every device that has a transmit queue; the
 * addresses are those of the helper.
 */
class TestbedFifoTestCase : public TestCase
{
  public:
    TestbedFifoTestCase()
        : TestCase("experiments: addresses assigned, no FQ-CoDel queue disc on any device")
    {
    }

  private:
    void DoRun() override
    {
        NodeContainer nodes;
        nodes.Create(4);
        PointToPointHelper link;
        NetDeviceContainer stock = link.Install(nodes.Get(0), nodes.Get(1));
        NetDeviceContainer fifo = link.Install(nodes.Get(2), nodes.Get(3));
        InternetStackHelper().Install(nodes);

        Ipv4AddressHelper stockAddresses("10.1.1.0", "255.255.255.0");
        stockAddresses.Assign(stock);
        NS_TEST_ASSERT_MSG_EQ(HasQueueDisc(stock.Get(0)), true, "ns-3's default: a queue disc");

        Ipv4AddressHelper addresses("10.1.2.0", "255.255.255.0");
        Ipv4InterfaceContainer interfaces = AddressAssigner::AssignFifoAddresses(addresses, fifo);
        NS_TEST_EXPECT_MSG_EQ(interfaces.GetN(), 2, "both devices addressed");
        NS_TEST_EXPECT_MSG_EQ(interfaces.GetAddress(0), Ipv4Address("10.1.2.1"), "first");
        NS_TEST_EXPECT_MSG_EQ(interfaces.GetAddress(1), Ipv4Address("10.1.2.2"), "second");
        NS_TEST_EXPECT_MSG_EQ(HasQueueDisc(fifo.Get(0)), false, "no queue disc");
        NS_TEST_EXPECT_MSG_EQ(HasQueueDisc(fifo.Get(1)), false, "no queue disc");
        Simulator::Destroy();
    }
};

/**
 * @ingroup netblt-experiment-tests
 * @brief NETBLT keeps the host packet buffer a frame came up in until its CPU job has consumed
 * the packet: with a 10-ms receive job per data packet and bursts of five back to back over
 * the Ethernet, an unlimited pool fills to several buffers; a pool of two drops frames, which
 * NETBLT recovers, and the transfer still arrives intact.
 */
class TestbedPacketBufferTestCase : public TestCase
{
  public:
    TestbedPacketBufferTestCase()
        : TestCase("experiments: NETBLT holds a host packet buffer until its receive job is done")
    {
    }

  private:
    /**
     * @param buffers the hosts' PacketBufferPool size (0: unlimited)
     * @return the transfer's record
     */
    static TransferRecord Transfer(uint32_t buffers)
    {
        Ptr<EthernetTestbed> experiment = CreateObject<EthernetTestbed>();
        Ptr<NetbltBulkTransfer> transfer = CreateObject<NetbltBulkTransfer>();
        transfer->SetSenderAttribute("BurstSize", UintegerValue(5));
        transfer->SetSenderAttribute("BurstInterval", TimeValue(MilliSeconds(100)));
        transfer->SetSenderAttribute("PacketSize", UintegerValue(1000));
        transfer->SetSenderAttribute("BufferSize", UintegerValue(5000));
        transfer->SetSenderAttribute("TransferSize", UintegerValue(50000));
        transfer->SetNetbltAttribute("DataReceivePacketCost", TimeValue(MilliSeconds(10)));
        experiment->AddTransfer(transfer);
        experiment->SetPacketBufferAttribute("Buffers", UintegerValue(buffers));
        return RunWithSeed1(experiment);
    }

    void DoRun() override
    {
        TransferRecord unlimited = Transfer(0);
        NS_TEST_EXPECT_MSG_EQ(unlimited.intact, true, "delivered intact");
        NS_TEST_EXPECT_MSG_EQ(unlimited.receiverPeakPacketBuffers,
                              5,
                              "a burst's five packets wait for the 10-ms jobs in their buffers");
        NS_TEST_EXPECT_MSG_EQ(unlimited.receiverPacketBufferDrops, 0, "none dropped");
        NS_TEST_EXPECT_MSG_EQ(unlimited.lost, 0, "nothing lost");

        TransferRecord two = Transfer(2);
        NS_TEST_EXPECT_MSG_EQ(two.intact, true, "delivered intact all the same");
        NS_TEST_EXPECT_MSG_EQ(two.receiverPeakPacketBuffers, 2, "never more than two");
        NS_TEST_EXPECT_MSG_GT(two.receiverPacketBufferDrops, 0, "frames dropped for want of one");
        NS_TEST_EXPECT_MSG_EQ(two.lost, two.receiverPacketBufferDrops, "the only losses");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(two.retransmitted, two.lost, "each loss resent");
    }
};

/**
 * @ingroup netblt-experiment-tests
 * @brief A transfer that ends other than by delivery ends the run all the same: the sending
 * program stops half way (its connection aborts, the receiver closes ABORTED_BY_PEER), the
 * Ethernet's background stations stop once both ends have closed, and the run ends when the
 * last packets have drained instead of going on to MaxSimulatedTime.
 */
class TestbedAbortedTransferTestCase : public TestCase
{
  public:
    TestbedAbortedTransferTestCase()
        : TestCase("experiments: a transfer that aborts ends the run, background traffic and all")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<EthernetTestbed> experiment = CreateObject<EthernetTestbed>();
        Ptr<NetbltBulkTransfer> transfer = CreateObject<NetbltBulkTransfer>();
        transfer->SetSenderAttribute("BurstInterval", TimeValue(MilliSeconds(100)));
        transfer->SetSenderAttribute("TransferSize", UintegerValue(1438000));
        transfer->SetSenderAttribute("StopTime", TimeValue(Seconds(2)));
        experiment->AddTransfer(transfer);
        experiment->SetBackgroundAttribute("Stations", UintegerValue(10));
        experiment->SetBackgroundAttribute("Load", DoubleValue(0.05));
        TransferRecord record = RunWithSeed1(experiment);
        NS_TEST_EXPECT_MSG_EQ(record.completed, false, "the transfer did not complete");
        NS_TEST_EXPECT_MSG_EQ(record.receiverClose, "ABORTED_BY_PEER", "the receiver heard why");
        NS_TEST_EXPECT_MSG_GT(record.bytesReceived, 0, "some buffers had arrived");
        NS_TEST_EXPECT_MSG_LT(record.bytesReceived, 1438000, "not all");
        NS_TEST_EXPECT_MSG_LT(record.simulatedSeconds, 3, "both ends closed soon after the stop");
        // The stations offer about 300 frames a second: an hour of them would be about a million
        // events, the two seconds of the transfer a few thousand.
        NS_TEST_EXPECT_MSG_LT(record.events, 20000, "the run ended with the transfer");
    }
};

/**
 * @ingroup netblt-experiment-tests
 * @brief The internet stack's random streams are those ns-3.44 gives, on every release: per node
 * IPv4 global routing, the IPv6 fragment extension, ARP, ICMPv6 (two), so that ARP's request
 * jitter, which starts every transfer on a LAN, draws the same numbers for a seed.
 */
class StableStreamsTestCase : public TestCase
{
  public:
    StableStreamsTestCase()
        : TestCase("ARP and ICMPv6 draw from the streams ns-3.44 gives them, on every release")
    {
    }

  private:
    /**
     * @param node a node with an internet stack
     * @return the stream of its ARP's request jitter
     */
    static int64_t ArpStream(Ptr<Node> node)
    {
        PointerValue jitter;
        node->GetObject<Ipv4>()->GetObject<ArpL3Protocol>()->GetAttribute("RequestJitter", jitter);
        return jitter.Get<RandomVariableStream>()->GetStream();
    }

    void DoRun() override
    {
        NodeContainer nodes(2);
        StableStreamsInternetStackHelper internet;
        internet.Install(nodes);
        NS_TEST_ASSERT_MSG_EQ(internet.AssignStreams(nodes, 100), 10, "five streams a node");
        NS_TEST_EXPECT_MSG_EQ(ArpStream(nodes.Get(0)), 102, "after routing and fragments");
        NS_TEST_EXPECT_MSG_EQ(ArpStream(nodes.Get(1)), 107, "the second node's");
        Simulator::Destroy();
    }
};

/**
 * @ingroup netblt-experiment-tests
 * @brief Tests of what the experiments build.
 */
class TestbedTestSuite : public TestSuite
{
  public:
    TestbedTestSuite()
        : TestSuite("netblt-experiment", Type::UNIT)
    {
        AddTestCase(new TestbedFifoTestCase, TestCase::Duration::QUICK);
        AddTestCase(new TestbedPacketBufferTestCase, TestCase::Duration::QUICK);
        AddTestCase(new TestbedAbortedTransferTestCase, TestCase::Duration::QUICK);
        AddTestCase(new StableStreamsTestCase, TestCase::Duration::QUICK);
    }
};

/// Static variable for test initialization.
static TestbedTestSuite g_netbltExperimentTestSuite;
