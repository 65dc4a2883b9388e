/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/icmpv4-source-quench.h"
#include "ns3/icmpv4.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ip-l4-protocol.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv4-global-routing-helper.h"
#include "ns3/ipv4-l3-protocol.h"
#include "ns3/node-container.h"
#include "ns3/packet.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/simulator.h"
#include "ns3/source-quench-dispatcher.h"
#include "ns3/source-quench-helper.h"
#include "ns3/source-quench-sender.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <array>
#include <vector>

/**
 * @defgroup source-quench-tests Tests of ICMP Source Quench
 * @ingroup source-quench
 */

using namespace ns3;

namespace
{

/// The IP protocol number of the test transport (RFC 3692's experimental 253).
constexpr uint8_t TEST_PROTOCOL = 253;

/// The first 8 data bytes of every test datagram: two "ports", then a "sequence number".
constexpr std::array<uint8_t, 8> TEST_DATA{0x04, 0xd2, 0x13, 0x89, 0xde, 0xad, 0xbe, 0xef};

/**
 * @param source its source
 * @param destination its destination
 * @param protocol its protocol
 * @param dataBytes its data bytes (TEST_DATA, then zeros)
 * @return an IPv4 datagram, IP header on, as a device's queue holds it
 */
Ptr<Packet>
Datagram(Ipv4Address source,
         Ipv4Address destination,
         uint8_t protocol = TEST_PROTOCOL,
         uint32_t dataBytes = 100)
{
    std::vector<uint8_t> data(dataBytes, 0);
    std::copy_n(TEST_DATA.begin(), std::min<size_t>(dataBytes, TEST_DATA.size()), data.begin());
    Ptr<Packet> datagram = Create<Packet>(data.data(), dataBytes);
    Ipv4Header header;
    header.SetSource(source);
    header.SetDestination(destination);
    header.SetProtocol(protocol);
    header.SetPayloadSize(dataBytes);
    header.SetTtl(63);
    header.SetIdentification(4711);
    datagram->AddHeader(header);
    return datagram;
}

/// An IpL4Protocol that records the ICMP messages IPv4's hosts report to it.
class IcmpRecorder : public IpL4Protocol
{
  public:
    /// One ReceiveIcmp() call.
    struct Report
    {
        Ipv4Address icmpSource;         //!< the quench's source
        uint8_t icmpType;               //!< its type
        uint8_t icmpCode;               //!< its code
        Ipv4Address payloadSource;      //!< the quoted datagram's source
        Ipv4Address payloadDestination; //!< its destination
        std::array<uint8_t, 8> payload; //!< its first 8 data bytes
    };

    std::vector<Report> reports; //!< every call, in order

    int GetProtocolNumber() const override
    {
        return TEST_PROTOCOL;
    }

    RxStatus Receive(Ptr<Packet>, const Ipv4Header&, Ptr<Ipv4Interface>) override
    {
        return RX_OK;
    }

    RxStatus Receive(Ptr<Packet>, const Ipv6Header&, Ptr<Ipv6Interface>) override
    {
        return RX_OK;
    }

    void ReceiveIcmp(Ipv4Address icmpSource,
                     uint8_t /* icmpTtl */,
                     uint8_t icmpType,
                     uint8_t icmpCode,
                     uint32_t /* icmpInfo */,
                     Ipv4Address payloadSource,
                     Ipv4Address payloadDestination,
                     const uint8_t payload[8]) override
    {
        Report report{icmpSource, icmpType, icmpCode, payloadSource, payloadDestination, {}};
        std::copy_n(payload, 8, report.payload.begin());
        reports.push_back(report);
    }

    void SetDownTarget(DownTargetCallback) override
    {
    }

    void SetDownTarget6(DownTargetCallback6) override
    {
    }

    DownTargetCallback GetDownTarget() const override
    {
        return DownTargetCallback();
    }

    DownTargetCallback6 GetDownTarget6() const override
    {
        return DownTargetCallback6();
    }
};

/**
 * Host A (10.1.1.1) - gateway G (10.1.1.2, 10.1.2.1) - host B (10.1.2.2) over point-to-point
 * links, global routes; a SourceQuenchSender on G (fed by hand), a SourceQuenchDispatcher and an
 * IcmpRecorder (protocol 253) on each host.
 */
struct Path
{
    NodeContainer nodes;                                    //!< A, G, B
    Ipv4Address a;                                          //!< A's address
    Ipv4Address gToA;                                       //!< G's address on A's link
    Ipv4Address gToB;                                       //!< G's address on B's link
    Ipv4Address b;                                          //!< B's address
    Ptr<SourceQuenchSender> sender;                         //!< G's
    std::array<Ptr<SourceQuenchDispatcher>, 2> dispatchers; //!< A's and B's
    std::array<Ptr<IcmpRecorder>, 2> transports;            //!< A's and B's protocol 253
    std::vector<Ipv4Address> quenched;                      //!< QuenchSent's sources, in order

    /** Builds it. @param thresholdBytes G's ThresholdBytes @param minInterval its MinInterval */
    Path(uint32_t thresholdBytes, Time minInterval)
    {
        nodes.Create(3);
        PointToPointHelper link;
        NetDeviceContainer left = link.Install(nodes.Get(0), nodes.Get(1));
        NetDeviceContainer right = link.Install(nodes.Get(1), nodes.Get(2));
        InternetStackHelper().Install(nodes);
        Ipv4AddressHelper addresses("10.1.1.0", "255.255.255.0");
        Ipv4InterfaceContainer l = addresses.Assign(left);
        addresses.NewNetwork();
        Ipv4InterfaceContainer r = addresses.Assign(right);
        Ipv4GlobalRoutingHelper::PopulateRoutingTables();
        a = l.GetAddress(0);
        gToA = l.GetAddress(1);
        gToB = r.GetAddress(0);
        b = r.GetAddress(1);
        sender = CreateObject<SourceQuenchSender>();
        sender->SetAttribute("ThresholdBytes", UintegerValue(thresholdBytes));
        sender->SetAttribute("MinInterval", TimeValue(minInterval));
        sender->SetNode(nodes.Get(1));
        nodes.Get(1)->AggregateObject(sender);
        sender->TraceConnectWithoutContext(
            "QuenchSent",
            MakeCallback(+[](std::vector<Ipv4Address>* q, Ipv4Address s, Ptr<const Packet>) {
                q->push_back(s);
            }).Bind(&quenched));
        SourceQuenchHelper helper;
        for (uint32_t host = 0; host < 2; ++host)
        {
            Ptr<Node> node = nodes.Get(2 * host);
            dispatchers[host] = helper.InstallDispatcher(node);
            transports[host] = CreateObject<IcmpRecorder>();
            node->GetObject<Ipv4L3Protocol>()->Insert(transports[host]);
        }
    }

    /**
     * Hands G's sender a queued datagram at @p when.
     * @param when the time
     * @param datagram the datagram
     * @param queuedBytes the queue's bytes with it
     */
    void Queue(Time when, Ptr<Packet> datagram, uint32_t queuedBytes)
    {
        Simulator::Schedule(when, [this, datagram, queuedBytes]() {
            sender->DatagramQueued(datagram, queuedBytes);
        });
    }
};

} // namespace

/**
 * @ingroup source-quench-tests
 * @brief RFC 792: a Source Quench is type 4, code 0, an unused word of zeros, then the
 * original datagram's IP header and its first 64 data bits; it reads back as it was written,
 * and a datagram shorter than 8 data bytes is quoted with zeros after them.
 */
class SourceQuenchHeaderTestCase : public TestCase
{
  public:
    SourceQuenchHeaderTestCase()
        : TestCase("RFC 792: type 4 code 0, an unused word, the quoted IP header and 64 data "
                   "bits, on the wire and back")
    {
    }

  private:
    void DoRun() override
    {
        const Ipv4Address source("10.1.1.1");
        const Ipv4Address destination("10.1.4.2");
        Icmpv4SourceQuench quench;
        quench.Quote(Datagram(source, destination, 6));
        Ptr<Packet> message = Create<Packet>();
        message->AddHeader(quench);
        Icmpv4Header icmp;
        icmp.SetType(Icmpv4SourceQuench::TYPE);
        icmp.SetCode(Icmpv4SourceQuench::CODE);
        message->AddHeader(icmp);
        NS_TEST_ASSERT_MSG_EQ(message->GetSize(), 4 + 4 + 20 + 8, "ICMP header, unused, IP, 8");
        std::array<uint8_t, 36> wire{};
        message->CopyData(wire.data(), wire.size());
        NS_TEST_EXPECT_MSG_EQ(static_cast<uint32_t>(wire[0]), 4, "type 4");
        NS_TEST_EXPECT_MSG_EQ(static_cast<uint32_t>(wire[1]), 0, "code 0");
        for (uint32_t i = 4; i < 8; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(static_cast<uint32_t>(wire[i]), 0, "unused is zero");
        }
        NS_TEST_EXPECT_MSG_EQ(static_cast<uint32_t>(wire[8]), 0x45, "IPv4, 5 words");
        NS_TEST_EXPECT_MSG_EQ(static_cast<uint32_t>(wire[8 + 9]), 6, "quoted protocol");
        NS_TEST_EXPECT_MSG_EQ(Ipv4Address::Deserialize(&wire[8 + 12]), source, "quoted source");
        NS_TEST_EXPECT_MSG_EQ(Ipv4Address::Deserialize(&wire[8 + 16]),
                              destination,
                              "quoted destination");
        for (uint32_t i = 0; i < 8; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(static_cast<uint32_t>(wire[28 + i]),
                                  static_cast<uint32_t>(TEST_DATA[i]),
                                  "quoted data byte " << i);
        }

        Icmpv4Header icmpRead;
        message->RemoveHeader(icmpRead);
        NS_TEST_EXPECT_MSG_EQ(static_cast<uint32_t>(icmpRead.GetType()), 4, "type read");
        Icmpv4SourceQuench read;
        message->RemoveHeader(read);
        NS_TEST_EXPECT_MSG_EQ(message->GetSize(), 0, "nothing after it");
        NS_TEST_EXPECT_MSG_EQ(read.GetHeader().GetSource(), source, "source read");
        NS_TEST_EXPECT_MSG_EQ(read.GetHeader().GetDestination(), destination, "destination");
        NS_TEST_EXPECT_MSG_EQ(static_cast<uint32_t>(read.GetHeader().GetProtocol()), 6, "TCP");
        NS_TEST_EXPECT_MSG_EQ(read.GetHeader().GetPayloadSize(), 100, "original length");
        NS_TEST_EXPECT_MSG_EQ(read.GetHeader().GetIdentification(), 4711, "identification");
        NS_TEST_EXPECT_MSG_EQ(read.GetDataWord(0), 1234, "TCP/UDP source port");
        NS_TEST_EXPECT_MSG_EQ(read.GetDataWord(2), 5001, "TCP/UDP destination port");
        NS_TEST_EXPECT_MSG_EQ(read.GetDataWord(6), 0xbeef, "a NETBLT local port's place");

        Icmpv4SourceQuench shortQuote;
        shortQuote.Quote(Datagram(source, destination, 17, 3));
        uint8_t data[8];
        shortQuote.GetData(data);
        NS_TEST_EXPECT_MSG_EQ(static_cast<uint32_t>(data[2]), 0x13, "the 3 bytes there are");
        NS_TEST_EXPECT_MSG_EQ(static_cast<uint32_t>(data[3]), 0, "zeros after them");
        NS_TEST_EXPECT_MSG_EQ(static_cast<uint32_t>(data[7]), 0, "zeros after them");
    }
};

/**
 * @ingroup source-quench-tests
 * @brief RFC 1009 and RFC 792: a gateway whose queue holds more than its threshold sends a
 * Source Quench to the source of the datagram that joined it, before it must drop; at the
 * threshold or below it sends none. The quench reaches the source host, whose dispatcher hands
 * it to the transport of the quoted datagram with the quench's source, type and code and the
 * quoted addresses and data (RFC 1122 §3.2.2.3).
 */
class SourceQuenchThresholdTestCase : public TestCase
{
  public:
    SourceQuenchThresholdTestCase()
        : TestCase("RFC 1009: past the threshold the gateway quenches the datagram's source, "
                   "whose transport hears it; at or below the threshold, nothing")
    {
    }

  private:
    void DoRun() override
    {
        Path path(8000, Seconds(2));
        path.Queue(Seconds(1), Datagram(path.a, path.b), 8000);
        path.Queue(Seconds(1.1), Datagram(path.a, path.b), 7000);
        path.Queue(Seconds(1.2), Datagram(path.a, path.b), 8001);
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(path.sender->GetQuenchesSent(), 1, "one, past the threshold");
        NS_TEST_EXPECT_MSG_EQ(path.quenched.size(), 1, "QuenchSent fired once");
        NS_TEST_EXPECT_MSG_EQ(path.quenched[0], path.a, "to the datagram's source");
        NS_TEST_EXPECT_MSG_EQ(path.dispatchers[0]->GetQuenchesReceived(), 1, "A received it");
        NS_TEST_EXPECT_MSG_EQ(path.dispatchers[1]->GetQuenchesReceived(), 0, "B did not");
        NS_TEST_ASSERT_MSG_EQ(path.transports[0]->reports.size(), 1, "A's transport heard it");
        const IcmpRecorder::Report& report = path.transports[0]->reports[0];
        NS_TEST_EXPECT_MSG_EQ(report.icmpSource, path.gToA, "from the gateway, A's side");
        NS_TEST_EXPECT_MSG_EQ(static_cast<uint32_t>(report.icmpType), 4, "type 4");
        NS_TEST_EXPECT_MSG_EQ(static_cast<uint32_t>(report.icmpCode), 0, "code 0");
        NS_TEST_EXPECT_MSG_EQ(report.payloadSource, path.a, "the quoted source");
        NS_TEST_EXPECT_MSG_EQ(report.payloadDestination, path.b, "the quoted destination");
        NS_TEST_EXPECT_MSG_EQ((report.payload == TEST_DATA), true, "the quoted 64 bits");
        Simulator::Destroy();
    }
};

/**
 * @ingroup source-quench-tests
 * @brief At most one quench per source per MinInterval: datagrams past the threshold within it
 * are counted as suppressed; another source has a clock of its own; after MinInterval the
 * source is quenched again.
 */
class SourceQuenchRateLimitTestCase : public TestCase
{
  public:
    SourceQuenchRateLimitTestCase()
        : TestCase("at most one quench per source per MinInterval, each source on its own "
                   "clock")
    {
    }

  private:
    void DoRun() override
    {
        Path path(1000, Seconds(2));
        for (double t : {1.0, 1.5, 2.9, 2.999})
        {
            path.Queue(Seconds(t), Datagram(path.a, path.b), 5000);
        }
        path.Queue(Seconds(1.6), Datagram(path.b, path.a), 5000);
        path.Queue(Seconds(3.0), Datagram(path.a, path.b), 5000);
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(path.sender->GetQuenchesSent(), 3, "A at 1 s and 3 s, B at 1.6 s");
        NS_TEST_EXPECT_MSG_EQ(path.sender->GetQuenchesSuppressed(), 3, "A's within 2 s");
        NS_TEST_ASSERT_MSG_EQ(path.quenched.size(), 3, "three quenches");
        NS_TEST_EXPECT_MSG_EQ(path.quenched[0], path.a, "A first");
        NS_TEST_EXPECT_MSG_EQ(path.quenched[1], path.b, "B on its own clock");
        NS_TEST_EXPECT_MSG_EQ(path.quenched[2], path.a, "A again after MinInterval");
        NS_TEST_EXPECT_MSG_EQ(path.dispatchers[0]->GetQuenchesReceived(), 2, "A got two");
        NS_TEST_EXPECT_MSG_EQ(path.dispatchers[1]->GetQuenchesReceived(), 1, "B got one");
        NS_TEST_ASSERT_MSG_EQ(path.transports[1]->reports.size(), 1, "B's transport heard it");
        NS_TEST_EXPECT_MSG_EQ(path.transports[1]->reports[0].icmpSource,
                              path.gToB,
                              "from the gateway, B's side");
        Simulator::Destroy();
    }
};

/**
 * @ingroup source-quench-tests
 * @brief RFC 792: no ICMP message about an ICMP message, and none about a fragment other than
 * the first; nor about the gateway's own datagrams. A host ignores other ICMP types, and a
 * quench for a protocol it does not run reaches no transport.
 */
class SourceQuenchExceptionsTestCase : public TestCase
{
  public:
    SourceQuenchExceptionsTestCase()
        : TestCase("RFC 792: no quench about ICMP, later fragments or the gateway's own "
                   "datagrams; a host hands over quenches only")
    {
    }

  private:
    void DoRun() override
    {
        Path path(0, Time(0));
        path.Queue(Seconds(1), Datagram(path.a, path.b, 1), 5000);
        Ptr<Packet> fragment = Datagram(path.a, path.b);
        Ipv4Header header;
        fragment->RemoveHeader(header);
        header.SetFragmentOffset(1480);
        fragment->AddHeader(header);
        path.Queue(Seconds(1.1), fragment, 5000);
        path.Queue(Seconds(1.2), Datagram(path.gToB, path.b), 5000);
        path.Queue(Seconds(1.3), Datagram(path.a, path.b, 254), 5000);
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(path.sender->GetQuenchesSent(), 1, "only the protocol-254 one");
        NS_TEST_EXPECT_MSG_EQ(path.dispatchers[0]->GetQuenchesReceived(), 1, "A received it");
        NS_TEST_EXPECT_MSG_EQ(path.dispatchers[0]->GetQuenchesDispatched(),
                              0,
                              "A runs no protocol 254");

        // An echo request is no quench.
        Ptr<Packet> echo = Create<Packet>(8);
        Icmpv4Header icmp;
        icmp.SetType(Icmpv4Header::ICMPV4_ECHO);
        echo->AddHeader(icmp);
        Ipv4Header outer;
        outer.SetSource(path.gToA);
        outer.SetDestination(path.a);
        outer.SetProtocol(1);
        outer.SetPayloadSize(echo->GetSize());
        echo->AddHeader(outer);
        NS_TEST_EXPECT_MSG_EQ(path.dispatchers[0]->Dispatch(echo), false, "not a quench");
        NS_TEST_EXPECT_MSG_EQ(path.dispatchers[0]->GetQuenchesReceived(), 1, "not counted");
        Simulator::Destroy();
    }
};

/**
 * @ingroup source-quench-tests
 * @brief ICMP Source Quench: the message, the gateway that sends it, the host that hands it on.
 */
class SourceQuenchTestSuite : public TestSuite
{
  public:
    SourceQuenchTestSuite()
        : TestSuite("source-quench", Type::UNIT)
    {
        AddTestCase(new SourceQuenchHeaderTestCase, Duration::QUICK);
        AddTestCase(new SourceQuenchThresholdTestCase, Duration::QUICK);
        AddTestCase(new SourceQuenchRateLimitTestCase, Duration::QUICK);
        AddTestCase(new SourceQuenchExceptionsTestCase, Duration::QUICK);
    }
};

static SourceQuenchTestSuite g_sourceQuenchTestSuite; //!< Static variable for test initialization
