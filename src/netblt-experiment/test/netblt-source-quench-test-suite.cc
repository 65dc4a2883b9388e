/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-engine-test-case.h"
#include "netblt-test-bench.h"
#include "netblt-test-data.h"

#include "ns3/boolean.h"
#include "ns3/bsd-tcp-helper.h"
#include "ns3/bsd-tcp-socket-factory.h"
#include "ns3/bsd-tcp-socket.h"
#include "ns3/bulk-send-helper.h"
#include "ns3/enum.h"
#include "ns3/icmpv4-source-quench.h"
#include "ns3/icmpv4.h"
#include "ns3/inet-socket-address.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/netblt-bulk-send-application.h"
#include "ns3/netblt-bulk-transfer.h"
#include "ns3/netblt-static-rate-policy.h"
#include "ns3/node-list.h"
#include "ns3/packet-sink-helper.h"
#include "ns3/packet-sink.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/simulator.h"
#include "ns3/source-quench-dispatcher.h"
#include "ns3/source-quench-helper.h"
#include "ns3/source-quench-sender.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"
#include "ns3/wideband-testbed.h"

#include <array>

/**
 * @file
 * @ingroup netblt-experiment-tests
 * ICMP Source Quench reaching the transports: a host's SourceQuenchDispatcher hands a quench to
 * NETBLT (the sender's rate policy hears it) and to the 1987 BSD TCP (its congestion window
 * closes to one segment, as 4.3BSD's tcp_quench), and the Wideband testbed's SourceQuench
 * attribute makes BBN's earth station quench the senders.
 */

using namespace ns3;
using namespace ns3::netblt_test;

namespace ns3
{

/**
 * @ingroup netblt-experiment-tests
 * @brief RFC 998's static policy, counting the Source Quenches its sender reports.
 */
class QuenchCountingRatePolicy : public NetbltStaticRatePolicy
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId()
    {
        static TypeId tid = TypeId("ns3::QuenchCountingRatePolicy")
                                .SetParent<NetbltStaticRatePolicy>()
                                .SetGroupName("NetbltExperiment")
                                .AddConstructor<QuenchCountingRatePolicy>();
        return tid;
    }

    void QuenchReceived(Time now) override
    {
        quenches.push_back(now);
    }

    std::vector<Time> quenches; //!< when each QuenchReceived() came
};

NS_OBJECT_ENSURE_REGISTERED(QuenchCountingRatePolicy);

} // namespace ns3

namespace
{

/**
 * @param gateway the quench's source
 * @param host its destination, the quoted datagram's source
 * @param peer the quoted datagram's destination
 * @param protocol the quoted datagram's protocol
 * @param data its first 8 data bytes
 * @return an ICMP Source Quench datagram as @p host receives it, IP header on
 */
Ptr<Packet>
QuenchFor(Ipv4Address gateway,
          Ipv4Address host,
          Ipv4Address peer,
          uint8_t protocol,
          const std::array<uint8_t, 8>& data)
{
    Ptr<Packet> original = Create<Packet>(data.data(), data.size());
    Ipv4Header quoted;
    quoted.SetSource(host);
    quoted.SetDestination(peer);
    quoted.SetProtocol(protocol);
    quoted.SetPayloadSize(1000);
    original->AddHeader(quoted);
    Icmpv4SourceQuench body;
    body.Quote(original);
    Ptr<Packet> quench = Create<Packet>();
    quench->AddHeader(body);
    Icmpv4Header icmp;
    icmp.SetType(Icmpv4SourceQuench::TYPE);
    icmp.SetCode(Icmpv4SourceQuench::CODE);
    quench->AddHeader(icmp);
    Ipv4Header outer;
    outer.SetSource(gateway);
    outer.SetDestination(host);
    outer.SetProtocol(1);
    outer.SetTtl(60);
    outer.SetPayloadSize(quench->GetSize());
    quench->AddHeader(outer);
    return quench;
}

/**
 * @param port a port
 * @return the first 8 bytes of a NETBLT DATA packet from that local port (RFC 998 §8: checksum,
 *         version, type, length, local port)
 */
std::array<uint8_t, 8>
NetbltQuoted(uint16_t port)
{
    return {0x12,
            0x34,
            1,
            4,
            0x04,
            0x00,
            static_cast<uint8_t>(port >> 8),
            static_cast<uint8_t>(port)};
}

} // namespace

/**
 * @ingroup netblt-experiment-tests
 * @brief A Source Quench quoting a NETBLT datagram of the sender reaches, through the host's
 * dispatcher and NetbltL4Protocol::ReceiveIcmp, the connection of the quoted local port and
 * destination: counted in its statistics, traced with the gateway's address, and reported to
 * its rate policy (QuenchReceived). One quoting another port reaches no connection. RFC 998's
 * static policy is unmoved, and the transfer completes intact.
 */
class NetbltQuenchToRatePolicyTestCase : public NetbltEngineTestCase
{
  public:
    NetbltQuenchToRatePolicyTestCase()
        : NetbltEngineTestCase("a host's dispatcher hands a quench to NETBLT: the sender of the "
                               "quoted port counts it and its rate policy hears it")
    {
    }

  private:
    void DoRun() override
    {
        Bench bench;
        bench.topology.netblt[0]->SetAttribute("RatePolicyType",
                                               TypeIdValue(QuenchCountingRatePolicy::GetTypeId()));
        Ptr<SourceQuenchDispatcher> dispatcher =
            SourceQuenchHelper().InstallDispatcher(bench.topology.nodes.Get(0));
        const Ipv4Address gateway("10.9.9.9");
        Ptr<NetbltSender> sender;
        std::vector<Ipv4Address> traced;
        bench.active.onEstablished = [&](Ptr<NetbltConnection> c) {
            sender = DynamicCast<NetbltSender>(c);
            c->TraceConnectWithoutContext(
                "SourceQuench",
                MakeCallback(+[](std::vector<Ipv4Address>* t, Ipv4Address g) {
                    t->push_back(g);
                }).Bind(&traced));
            const Ipv4Address host = bench.topology.address[0];
            const Ipv4Address peer = bench.topology.address[1];
            Simulator::Schedule(MilliSeconds(20), [=, &bench]() {
                dispatcher->Dispatch(
                    QuenchFor(gateway, host, peer, 30, NetbltQuoted(c->GetLocalPort())));
                dispatcher->Dispatch(
                    QuenchFor(gateway, host, peer, 30, NetbltQuoted(c->GetLocalPort() + 1)));
            });
        };
        std::vector<uint8_t> data = MakeData(40000, 3);
        bench.StartWrite(Proposal(4000, 1000, 4, 5, 2), data, Limits());
        bench.ArmWatchdog(Seconds(60));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(bench.passive.Completed(), true, "receiver completed");
        NS_TEST_EXPECT_MSG_EQ((bench.passive.received == data), true, "data intact");
        NS_TEST_ASSERT_MSG_NE(sender, nullptr, "node 0 sent");
        NS_TEST_EXPECT_MSG_EQ(dispatcher->GetQuenchesReceived(), 2, "both quenches arrived");
        NS_TEST_EXPECT_MSG_EQ(dispatcher->GetQuenchesDispatched(), 2, "both went to NETBLT");
        NS_TEST_EXPECT_MSG_EQ(sender->GetStatistics().sourceQuenches, 1, "the quoted port's only");
        NS_TEST_ASSERT_MSG_EQ(traced.size(), 1, "SourceQuench traced once");
        NS_TEST_EXPECT_MSG_EQ(traced[0], gateway, "with the gateway's address");
        Ptr<QuenchCountingRatePolicy> policy =
            DynamicCast<QuenchCountingRatePolicy>(sender->GetRatePolicy());
        NS_TEST_ASSERT_MSG_NE(policy, nullptr, "node 0's RatePolicyType");
        NS_TEST_ASSERT_MSG_EQ(policy->quenches.size(), 1, "QuenchReceived called once");
        NS_TEST_EXPECT_MSG_GT(policy->quenches[0], Time(0), "with the time it came");
        NS_TEST_EXPECT_MSG_EQ(sender->GetParameters().burstSize, 4, "static: values unchanged");
    }
};

/**
 * @ingroup netblt-experiment-tests
 * @brief 4.3BSD's tcp_quench: a Source Quench quoting a segment of a 1987 BSD TCP connection
 * (the quoted addresses and ports, through the host's dispatcher and TcpL4Protocol) closes its
 * congestion window to one segment (SourceQuench OneSegment, the default); slow start opens it
 * again and the transfer completes. With SourceQuench Ignore the window stays; with
 * OutstandingFraction (4.3BSD of 1986) it closes to 80 % of the data outstanding.
 */
class BsdTcpQuenchTestCase : public TestCase
{
  public:
    BsdTcpQuenchTestCase()
        : TestCase("4.3BSD tcp_quench: a quench closes BsdTcpSocket's congestion window to one "
                   "segment (or as SourceQuench says)")
    {
    }

  private:
    /** What one quenched transfer showed. */
    struct Outcome
    {
        uint32_t before{0};   //!< the window just before the quench
        uint32_t after{0};    //!< just after it
        uint32_t quenches{0}; //!< the socket's count
        uint64_t received{0}; //!< bytes the sink read
    };

    /**
     * @param response the socket's SourceQuench
     * @return what a 200,000-byte transfer quenched at 300 ms showed
     */
    static Outcome Run(const std::string& response)
    {
        NodeContainer hosts;
        hosts.Create(2);
        PointToPointHelper link;
        link.SetDeviceAttribute("DataRate", StringValue("10Mbps"));
        link.SetChannelAttribute("Delay", TimeValue(MilliSeconds(10)));
        NetDeviceContainer devices = link.Install(hosts);
        InternetStackHelper().Install(hosts);
        Ipv4AddressHelper addresses("10.1.1.0", "255.255.255.0");
        Ipv4InterfaceContainer interfaces = addresses.Assign(devices);
        BsdTcpHelper tcp;
        tcp.SetSocketAttribute("BufferSize", UintegerValue(32000));
        tcp.SetSocketAttribute("SegmentSize", UintegerValue(1000));
        tcp.Install(hosts);
        Ptr<SourceQuenchDispatcher> dispatcher =
            SourceQuenchHelper().InstallDispatcher(hosts.Get(0));

        Outcome outcome;
        Ptr<BsdTcpSocket> socket;
        hosts.Get(0)->GetObject<BsdTcpSocketFactory>()->TraceConnectWithoutContext(
            "SocketCreated",
            MakeCallback(+[](Ptr<BsdTcpSocket>* s,
                             const std::string* r,
                             Ptr<BsdTcpSocket> created) {
                created->SetAttribute("SourceQuench", StringValue(*r));
                *s = created;
            }).Bind(&socket, &response));
        const std::string factory = BsdTcpSocketFactory::GetTypeId().GetName();
        PacketSinkHelper sinkHelper(factory, InetSocketAddress(Ipv4Address::GetAny(), 5001));
        ApplicationContainer sinks = sinkHelper.Install(hosts.Get(1));
        BulkSendHelper sendHelper(factory, InetSocketAddress(interfaces.GetAddress(1), 5001));
        sendHelper.SetAttribute("MaxBytes", UintegerValue(200000));
        sendHelper.SetAttribute("SendSize", UintegerValue(1000));
        sendHelper.Install(hosts.Get(0));

        Simulator::Schedule(MilliSeconds(300), [&]() {
            Address local;
            socket->GetSockName(local);
            const uint16_t port = InetSocketAddress::ConvertFrom(local).GetPort();
            // The first 8 bytes of a TCP header: source port, destination port, sequence.
            const std::array<uint8_t, 8> segment{static_cast<uint8_t>(port >> 8),
                                                 static_cast<uint8_t>(port),
                                                 5001 >> 8,
                                                 5001 & 0xff,
                                                 0,
                                                 0,
                                                 0,
                                                 1};
            outcome.before = socket->GetCongestionWindow();
            dispatcher->Dispatch(QuenchFor(interfaces.GetAddress(1),
                                           interfaces.GetAddress(0),
                                           interfaces.GetAddress(1),
                                           6,
                                           segment));
            outcome.after = socket->GetCongestionWindow();
            outcome.quenches = socket->GetSourceQuenches();
        });
        Simulator::Stop(Seconds(30));
        Simulator::Run();
        outcome.received = DynamicCast<PacketSink>(sinks.Get(0))->GetTotalRx();
        Simulator::Destroy();
        return outcome;
    }

    void DoRun() override
    {
        const Outcome one = Run("OneSegment");
        NS_TEST_EXPECT_MSG_GT(one.before, 2000, "the window had opened past two segments");
        NS_TEST_EXPECT_MSG_EQ(one.after, 1000, "one segment");
        NS_TEST_EXPECT_MSG_EQ(one.quenches, 1, "counted");
        NS_TEST_EXPECT_MSG_EQ(one.received, 200000, "the transfer completes");

        const Outcome ignored = Run("Ignore");
        NS_TEST_EXPECT_MSG_EQ(ignored.after, ignored.before, "Ignore: the window stays");
        NS_TEST_EXPECT_MSG_EQ(ignored.quenches, 1, "but the quench is counted");

        const Outcome fraction = Run("OutstandingFraction");
        NS_TEST_EXPECT_MSG_LT(fraction.after, fraction.before, "80 % of what is outstanding");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(fraction.after, 1000, "at least one segment");
        NS_TEST_EXPECT_MSG_EQ(fraction.received, 200000, "the transfer completes");
    }
};

/**
 * @ingroup netblt-experiment-tests
 * @brief The Wideband testbed: by default no node has a SourceQuenchSender or dispatcher; with
 * SourceQuench on, BBN's earth station quenches the PC/AT as its BSAT queue and ESI fill (its
 * threshold set to 0 here, so that every datagram counts), the PC/AT's NETBLT sender counts
 * each quench, and the transfer arrives intact.
 */
class WidebandTestbedQuenchTestCase : public TestCase
{
  public:
    WidebandTestbedQuenchTestCase()
        : TestCase("Wideband testbed: SourceQuench off installs nothing; on, BBN's station "
                   "quenches the sender, which counts the quenches")
    {
    }

  private:
    /**
     * @param quench the testbed's SourceQuench
     * @return the testbed, one RFC 1030 transfer added, installed
     */
    static std::pair<Ptr<WidebandTestbed>, Ptr<NetbltBulkTransfer>> Install(bool quench)
    {
        Ptr<WidebandTestbed> experiment = CreateObject<WidebandTestbed>();
        experiment->SetAttribute("SourceQuench", BooleanValue(quench));
        Ptr<NetbltBulkTransfer> transfer = CreateObject<NetbltBulkTransfer>();
        transfer->SetSenderAttribute("BurstSize", UintegerValue(5));
        transfer->SetSenderAttribute("BurstInterval", TimeValue(MilliSeconds(110)));
        transfer->SetSenderAttribute("PacketSize", UintegerValue(1432));
        transfer->SetSenderAttribute("BufferSize", UintegerValue(14320));
        transfer->SetSenderAttribute("TransferSize", UintegerValue(143200));
        transfer->SetSenderAttribute("MaxOutstandingBuffers", UintegerValue(22));
        experiment->AddTransfer(transfer);
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(1);
        experiment->Install();
        return {experiment, transfer};
    }

    void DoRun() override
    {
        {
            auto [experiment, transfer] = Install(false);
            for (uint32_t i = 0; i < NodeList::GetNNodes(); ++i)
            {
                NS_TEST_EXPECT_MSG_EQ(NodeList::GetNode(i)->GetObject<SourceQuenchSender>(),
                                      nullptr,
                                      "no sender by default");
                NS_TEST_EXPECT_MSG_EQ(NodeList::GetNode(i)->GetObject<SourceQuenchDispatcher>(),
                                      nullptr,
                                      "no dispatcher by default");
            }
            Simulator::Destroy();
        }
        auto [experiment, transfer] = Install(true);
        Ptr<SourceQuenchSender> sender;
        uint32_t dispatchers = 0;
        for (uint32_t i = 0; i < NodeList::GetNNodes(); ++i)
        {
            if (Ptr<SourceQuenchSender> s = NodeList::GetNode(i)->GetObject<SourceQuenchSender>())
            {
                NS_TEST_EXPECT_MSG_EQ(sender, nullptr, "one quenching gateway");
                sender = s;
            }
            dispatchers += NodeList::GetNode(i)->GetObject<SourceQuenchDispatcher>() ? 1 : 0;
        }
        NS_TEST_ASSERT_MSG_NE(sender, nullptr, "BBN's station quenches");
        NS_TEST_EXPECT_MSG_EQ(dispatchers, 2, "on both hosts");
        sender->SetAttribute("ThresholdBytes", UintegerValue(0));
        Simulator::Run();
        const TransferRecord record = experiment->GetRecord(0);
        Ptr<NetbltSender> connection = transfer->GetSenderApplication()->GetConnection();
        NS_TEST_EXPECT_MSG_EQ(record.intact, true, "the transfer arrives intact");
        NS_TEST_EXPECT_MSG_GT(sender->GetQuenchesSent(), 0, "the station quenched");
        NS_TEST_ASSERT_MSG_NE(connection, nullptr, "the sender's connection");
        NS_TEST_EXPECT_MSG_EQ(connection->GetStatistics().sourceQuenches,
                              sender->GetQuenchesSent(),
                              "the sender counted every quench");
        Simulator::Destroy();
    }
};

/**
 * @ingroup netblt-experiment-tests
 * @brief ICMP Source Quench reaching NETBLT and TCP.
 */
class NetbltSourceQuenchTestSuite : public TestSuite
{
  public:
    NetbltSourceQuenchTestSuite()
        : TestSuite("netblt-source-quench", Type::UNIT)
    {
        AddTestCase(new NetbltQuenchToRatePolicyTestCase, Duration::QUICK);
        AddTestCase(new BsdTcpQuenchTestCase, Duration::QUICK);
        AddTestCase(new WidebandTestbedQuenchTestCase, Duration::QUICK);
    }
};

static NetbltSourceQuenchTestSuite g_netbltSourceQuenchTestSuite; //!< Static test instance
