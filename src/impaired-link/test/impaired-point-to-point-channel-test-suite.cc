/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/double.h"
#include "ns3/error-model.h"
#include "ns3/impaired-point-to-point-channel.h"
#include "ns3/impaired-point-to-point-helper.h"
#include "ns3/inet-socket-address.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/node-container.h"
#include "ns3/packet.h"
#include "ns3/point-to-point-net-device.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <set>
#include <vector>

/**
 * @file
 * @ingroup impaired-link-tests
 * ImpairedPointToPointChannel and ImpairedPointToPointHelper test suite.
 */

/**
 * @ingroup impaired-link
 * @ingroup tests
 * @defgroup impaired-link-tests Impaired link tests
 */

using namespace ns3;

namespace
{

/// Byte vector holding the contents of a packet.
using Bytes = std::vector<uint8_t>;

/// Size of the PPP header (bytes).
constexpr uint32_t PPP_SIZE = 2;
/// Size of an IPv4 header without options (bytes).
constexpr uint32_t IPV4_SIZE = 20;
/// Size of a UDP header (bytes).
constexpr uint32_t UDP_SIZE = 8;
/// Offset of the UDP payload in a frame sent by the scenario (bytes).
constexpr uint32_t UDP_DATA_OFFSET = PPP_SIZE + IPV4_SIZE + UDP_SIZE;
/// IP protocol number of UDP.
constexpr uint8_t UDP_PROTOCOL = 17;
/// UDP port of the receiving socket.
constexpr uint16_t PORT = 9;

/**
 * @brief Copy the bytes of a packet.
 * @param p the packet
 * @return its bytes
 */
Bytes
GetBytes(Ptr<const Packet> p)
{
    Bytes bytes(p->GetSize());
    p->CopyData(bytes.data(), bytes.size());
    return bytes;
}

/**
 * @brief Build the known UDP payload of the seq-th packet: a 4-byte big-endian
 * sequence number followed by a pattern that depends on seq and the position.
 * @param seq sequence number
 * @param size payload size (bytes, at least 4)
 * @return the payload
 */
Bytes
MakePayload(uint32_t seq, uint32_t size)
{
    Bytes bytes(size);
    for (uint32_t j = 0; j < size; ++j)
    {
        bytes[j] = static_cast<uint8_t>(seq * 31 + j * 7 + 1);
    }
    bytes[0] = static_cast<uint8_t>(seq >> 24);
    bytes[1] = static_cast<uint8_t>(seq >> 16);
    bytes[2] = static_cast<uint8_t>(seq >> 8);
    bytes[3] = static_cast<uint8_t>(seq);
    return bytes;
}

/**
 * @brief Read the 4-byte big-endian sequence number at an offset.
 * @param bytes the bytes
 * @param offset where the sequence number starts
 * @return the sequence number
 */
uint32_t
ReadSeq(const Bytes& bytes, uint32_t offset)
{
    return (static_cast<uint32_t>(bytes[offset]) << 24) |
           (static_cast<uint32_t>(bytes[offset + 1]) << 16) |
           (static_cast<uint32_t>(bytes[offset + 2]) << 8) | bytes[offset + 3];
}

/**
 * @brief Count the bits that differ between two byte vectors of equal size.
 * @param a first vector
 * @param b second vector
 * @param from first byte to compare
 * @return the number of differing bits in [from, size)
 */
uint32_t
CountBitDifferences(const Bytes& a, const Bytes& b, uint32_t from)
{
    uint32_t n = 0;
    for (uint32_t i = from; i < a.size(); ++i)
    {
        n += std::popcount(static_cast<unsigned int>(a[i] ^ b[i]));
    }
    return n;
}

/**
 * @brief Find the first byte in which two byte vectors of equal size differ.
 * @param a first vector
 * @param b second vector
 * @return the offset of that byte, or the size if they are equal
 */
uint32_t
FirstDifference(const Bytes& a, const Bytes& b)
{
    uint32_t i = 0;
    while (i < a.size() && a[i] == b[i])
    {
        ++i;
    }
    return i;
}

/**
 * @ingroup impaired-link-tests
 * @brief Two nodes with the internet stack joined by an impaired link; one
 * sends numbered UDP datagrams with known payloads to the other.
 */
class ImpairedLinkScenario
{
  public:
    /// Configuration of a scenario.
    struct Config
    {
        double duplicateProbability{0.0};    //!< channel DuplicateProbability
        double reorderProbability{0.0};      //!< channel ReorderProbability
        Time reorderDelay{MilliSeconds(50)}; //!< channel ReorderDelay
        double corruptProbability{0.0};      //!< channel CorruptProbability
        uint8_t corruptIpProtocol{0};        //!< channel CorruptIpProtocol
        double receiveErrorRate{0.0};        //!< packet error rate at the receiving device
        uint32_t nPackets{100};              //!< number of datagrams sent
        uint32_t payloadSize{200};           //!< UDP payload size (bytes)
        Time interval{MilliSeconds(1)};      //!< time between two datagrams
        bool reverse{false};                 //!< send from node 1 to node 0 instead
        int64_t stream{1000};                //!< first random stream, or -1 for none
    };

    /**
     * Constructor.
     * @param config the configuration
     */
    explicit ImpairedLinkScenario(const Config& config);

    /// Build the scenario, run the simulation and destroy it.
    void Run();

    std::vector<Bytes> m_sent;      //!< UDP payloads in send order
    std::vector<Bytes> m_received;  //!< UDP payloads in arrival order
    std::vector<Bytes> m_txFrames;  //!< frames (with PPP header) sent by the sender
    std::vector<Bytes> m_rxFrames;  //!< frames (with PPP header) accepted by the receiver
    std::set<uint32_t> m_reordered; //!< sequence numbers of held-back datagrams
    std::vector<Bytes> m_corrupted; //!< damaged frames, as passed to the Corrupt trace
    uint32_t m_nDuplicate{0};       //!< Duplicate trace count
    uint32_t m_nReorder{0};         //!< Reorder trace count
    uint32_t m_nCorrupt{0};         //!< Corrupt trace count
    uint32_t m_nPhyRxDrop{0};       //!< PhyRxDrop trace count of the receiver
    int64_t m_streamsAssigned{0};   //!< value returned by the helper's AssignStreams

  private:
    /**
     * Send the seq-th datagram.
     * @param socket the sending socket
     * @param seq sequence number
     */
    void Send(Ptr<Socket> socket, uint32_t seq);
    /**
     * Receive datagrams from the receiving socket.
     * @param socket the socket
     */
    void Receive(Ptr<Socket> socket);
    /**
     * Sender's PhyTxBegin sink.
     * @param p frame
     */
    void PhyTxBegin(Ptr<const Packet> p);
    /**
     * Receiver's PhyRxEnd sink.
     * @param p frame
     */
    void PhyRxEnd(Ptr<const Packet> p);
    /**
     * Receiver's PhyRxDrop sink.
     * @param p frame
     */
    void PhyRxDrop(Ptr<const Packet> p);
    /**
     * Channel's Duplicate sink.
     * @param p frame
     */
    void Duplicate(Ptr<const Packet> p);
    /**
     * Channel's Reorder sink.
     * @param p frame
     */
    void Reorder(Ptr<const Packet> p);
    /**
     * Channel's Corrupt sink.
     * @param p damaged frame
     */
    void Corrupt(Ptr<const Packet> p);

    Config m_config; //!< configuration
};

ImpairedLinkScenario::ImpairedLinkScenario(const Config& config)
    : m_config(config)
{
}

void
ImpairedLinkScenario::Run()
{
    NodeContainer nodes;
    nodes.Create(2);

    ImpairedPointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", StringValue("10Mbps"));
    p2p.SetChannelAttribute("Delay", StringValue("2ms"));
    p2p.SetChannelAttribute("DuplicateProbability", DoubleValue(m_config.duplicateProbability));
    p2p.SetChannelAttribute("ReorderProbability", DoubleValue(m_config.reorderProbability));
    p2p.SetChannelAttribute("ReorderDelay", TimeValue(m_config.reorderDelay));
    p2p.SetChannelAttribute("CorruptProbability", DoubleValue(m_config.corruptProbability));
    p2p.SetChannelAttribute("CorruptIpProtocol", UintegerValue(m_config.corruptIpProtocol));
    NetDeviceContainer devices = p2p.Install(nodes);
    if (m_config.stream >= 0)
    {
        m_streamsAssigned = p2p.AssignStreams(devices, m_config.stream);
    }

    InternetStackHelper internet;
    internet.Install(nodes);
    Ipv4AddressHelper address;
    address.SetBase("10.1.1.0", "255.255.255.0");
    Ipv4InterfaceContainer interfaces = address.Assign(devices);

    uint32_t txIndex = m_config.reverse ? 1 : 0;
    uint32_t rxIndex = 1 - txIndex;
    Ptr<PointToPointNetDevice> txDevice = DynamicCast<PointToPointNetDevice>(devices.Get(txIndex));
    Ptr<PointToPointNetDevice> rxDevice = DynamicCast<PointToPointNetDevice>(devices.Get(rxIndex));
    txDevice->TraceConnectWithoutContext("PhyTxBegin",
                                         MakeCallback(&ImpairedLinkScenario::PhyTxBegin, this));
    rxDevice->TraceConnectWithoutContext("PhyRxEnd",
                                         MakeCallback(&ImpairedLinkScenario::PhyRxEnd, this));
    rxDevice->TraceConnectWithoutContext("PhyRxDrop",
                                         MakeCallback(&ImpairedLinkScenario::PhyRxDrop, this));
    if (m_config.receiveErrorRate > 0)
    {
        Ptr<RateErrorModel> em = CreateObject<RateErrorModel>();
        em->SetUnit(RateErrorModel::ERROR_UNIT_PACKET);
        em->SetRate(m_config.receiveErrorRate);
        em->AssignStreams(m_config.stream >= 0 ? m_config.stream + 100 : 0);
        rxDevice->SetAttribute("ReceiveErrorModel", PointerValue(em));
    }

    Ptr<Channel> channel = txDevice->GetChannel();
    channel->TraceConnectWithoutContext("Duplicate",
                                        MakeCallback(&ImpairedLinkScenario::Duplicate, this));
    channel->TraceConnectWithoutContext("Reorder",
                                        MakeCallback(&ImpairedLinkScenario::Reorder, this));
    channel->TraceConnectWithoutContext("Corrupt",
                                        MakeCallback(&ImpairedLinkScenario::Corrupt, this));

    Ptr<Socket> rxSocket = Socket::CreateSocket(nodes.Get(rxIndex), UdpSocketFactory::GetTypeId());
    rxSocket->Bind(InetSocketAddress(Ipv4Address::GetAny(), PORT));
    rxSocket->SetRecvCallback(MakeCallback(&ImpairedLinkScenario::Receive, this));

    Ptr<Socket> txSocket = Socket::CreateSocket(nodes.Get(txIndex), UdpSocketFactory::GetTypeId());
    txSocket->Bind();
    txSocket->Connect(InetSocketAddress(interfaces.GetAddress(rxIndex), PORT));

    for (uint32_t seq = 0; seq < m_config.nPackets; ++seq)
    {
        Simulator::Schedule(MilliSeconds(100) + m_config.interval * seq,
                            &ImpairedLinkScenario::Send,
                            this,
                            txSocket,
                            seq);
    }
    Simulator::Stop(Seconds(10));
    Simulator::Run();
    Simulator::Destroy();
}

void
ImpairedLinkScenario::Send(Ptr<Socket> socket, uint32_t seq)
{
    Bytes payload = MakePayload(seq, m_config.payloadSize);
    m_sent.push_back(payload);
    socket->Send(Create<Packet>(payload.data(), payload.size()));
}

void
ImpairedLinkScenario::Receive(Ptr<Socket> socket)
{
    Ptr<Packet> p;
    while ((p = socket->Recv()))
    {
        m_received.push_back(GetBytes(p));
    }
}

void
ImpairedLinkScenario::PhyTxBegin(Ptr<const Packet> p)
{
    m_txFrames.push_back(GetBytes(p));
}

void
ImpairedLinkScenario::PhyRxEnd(Ptr<const Packet> p)
{
    m_rxFrames.push_back(GetBytes(p));
}

void
ImpairedLinkScenario::PhyRxDrop(Ptr<const Packet> p)
{
    ++m_nPhyRxDrop;
}

void
ImpairedLinkScenario::Duplicate(Ptr<const Packet> p)
{
    ++m_nDuplicate;
}

void
ImpairedLinkScenario::Reorder(Ptr<const Packet> p)
{
    ++m_nReorder;
    Bytes frame = GetBytes(p);
    if (frame.size() >= UDP_DATA_OFFSET + 4)
    {
        m_reordered.insert(ReadSeq(frame, UDP_DATA_OFFSET));
    }
}

void
ImpairedLinkScenario::Corrupt(Ptr<const Packet> p)
{
    ++m_nCorrupt;
    m_corrupted.push_back(GetBytes(p));
}

} // namespace

/**
 * @ingroup impaired-link-tests
 * @brief With all impairment probabilities zero, every datagram arrives
 * exactly once, in order and intact, in both directions.
 */
class ImpairedLinkCleanTestCase : public TestCase
{
  public:
    ImpairedLinkCleanTestCase();

  private:
    void DoRun() override;
};

ImpairedLinkCleanTestCase::ImpairedLinkCleanTestCase()
    : TestCase("No impairment: every packet arrives once, in order, intact")
{
}

void
ImpairedLinkCleanTestCase::DoRun()
{
    for (bool reverse : {false, true})
    {
        ImpairedLinkScenario::Config config;
        config.reverse = reverse;
        ImpairedLinkScenario s(config);
        s.Run();
        NS_TEST_ASSERT_MSG_EQ(s.m_sent.size(), config.nPackets, "not all datagrams were sent");
        NS_TEST_ASSERT_MSG_EQ(s.m_received.size(), config.nPackets, "datagrams lost or duplicated");
        NS_TEST_ASSERT_MSG_EQ((s.m_received == s.m_sent), true, "datagrams re-ordered or damaged");
        NS_TEST_ASSERT_MSG_EQ((s.m_rxFrames == s.m_txFrames), true, "frames differ");
        NS_TEST_ASSERT_MSG_EQ(s.m_nDuplicate, 0, "unexpected Duplicate trace");
        NS_TEST_ASSERT_MSG_EQ(s.m_nReorder, 0, "unexpected Reorder trace");
        NS_TEST_ASSERT_MSG_EQ(s.m_nCorrupt, 0, "unexpected Corrupt trace");
        NS_TEST_ASSERT_MSG_EQ(s.m_streamsAssigned, 4, "one channel uses four streams");
    }
}

/**
 * @ingroup impaired-link-tests
 * @brief With DuplicateProbability 1, every datagram arrives exactly twice,
 * the copy right after the original, in both directions, also when frames are
 * held back for reordering.
 */
class ImpairedLinkDuplicateTestCase : public TestCase
{
  public:
    ImpairedLinkDuplicateTestCase();

  private:
    void DoRun() override;
};

ImpairedLinkDuplicateTestCase::ImpairedLinkDuplicateTestCase()
    : TestCase("DuplicateProbability=1: every packet arrives twice")
{
}

void
ImpairedLinkDuplicateTestCase::DoRun()
{
    for (bool reverse : {false, true})
    {
        ImpairedLinkScenario::Config config;
        config.duplicateProbability = 1.0;
        config.reverse = reverse;
        ImpairedLinkScenario s(config);
        s.Run();
        NS_TEST_ASSERT_MSG_EQ(s.m_sent.size(), config.nPackets, "not all datagrams were sent");
        NS_TEST_ASSERT_MSG_EQ(s.m_received.size(), 2 * config.nPackets, "expected two copies each");
        for (uint32_t i = 0; i < config.nPackets; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ((s.m_received[2 * i] == s.m_sent[i]),
                                  true,
                                  "first copy of datagram " << i << " wrong or out of place");
            NS_TEST_ASSERT_MSG_EQ((s.m_received[2 * i + 1] == s.m_sent[i]),
                                  true,
                                  "second copy of datagram " << i << " wrong or out of place");
        }
        NS_TEST_ASSERT_MSG_EQ(s.m_nDuplicate, config.nPackets, "Duplicate trace count");
        NS_TEST_ASSERT_MSG_EQ(s.m_nReorder, 0, "unexpected Reorder trace");
        NS_TEST_ASSERT_MSG_EQ(s.m_nCorrupt, 0, "unexpected Corrupt trace");
    }

    // A held-back frame's duplicate is held back with it: the two copies still arrive one
    // after the other.  (ReorderDelay is not a multiple of the packet spacing, so no other
    // frame arrives within a transmission time of a copy.)
    ImpairedLinkScenario::Config config;
    config.duplicateProbability = 1.0;
    config.reorderProbability = 0.3;
    config.reorderDelay = MicroSeconds(50500);
    ImpairedLinkScenario s(config);
    s.Run();
    NS_TEST_ASSERT_MSG_EQ(s.m_received.size(), 2 * config.nPackets, "expected two copies each");
    NS_TEST_ASSERT_MSG_GT(s.m_nReorder, 0, "no frame held back");
    std::vector<uint32_t> copies(config.nPackets, 0);
    std::vector<uint32_t> order;
    for (uint32_t i = 0; i < s.m_received.size(); i += 2)
    {
        uint32_t seq = ReadSeq(s.m_received[i], 0);
        NS_TEST_ASSERT_MSG_LT(seq, config.nPackets, "unknown sequence number");
        NS_TEST_ASSERT_MSG_EQ((s.m_received[i] == s.m_sent[seq]), true, "datagram damaged");
        NS_TEST_ASSERT_MSG_EQ((s.m_received[i + 1] == s.m_sent[seq]),
                              true,
                              "copies of datagram " << seq << " not adjacent");
        copies[seq] += 2;
        order.push_back(seq);
    }
    for (uint32_t seq = 0; seq < config.nPackets; ++seq)
    {
        NS_TEST_ASSERT_MSG_EQ(copies[seq], 2, "datagram " << seq << " not received twice");
    }
    NS_TEST_ASSERT_MSG_EQ(std::is_sorted(order.begin(), order.end()),
                          false,
                          "arrival order equals send order");
}

/**
 * @ingroup impaired-link-tests
 * @brief With ReorderProbability 0.3 and a ReorderDelay much larger than the
 * packet spacing, datagrams arrive out of order, exactly once each, and
 * exactly the held-back ones arrive late.
 */
class ImpairedLinkReorderTestCase : public TestCase
{
  public:
    ImpairedLinkReorderTestCase();

  private:
    void DoRun() override;
};

ImpairedLinkReorderTestCase::ImpairedLinkReorderTestCase()
    : TestCase("ReorderProbability=0.3: order changes, every packet arrives once")
{
}

void
ImpairedLinkReorderTestCase::DoRun()
{
    ImpairedLinkScenario::Config config;
    config.reorderProbability = 0.3;
    config.reorderDelay = MilliSeconds(50);
    config.nPackets = 200;
    ImpairedLinkScenario s(config);
    s.Run();

    NS_TEST_ASSERT_MSG_EQ(s.m_received.size(), config.nPackets, "datagrams lost or duplicated");
    std::vector<uint32_t> order;
    std::vector<uint32_t> copies(config.nPackets, 0);
    for (const auto& payload : s.m_received)
    {
        uint32_t seq = ReadSeq(payload, 0);
        NS_TEST_ASSERT_MSG_LT(seq, config.nPackets, "unknown sequence number");
        NS_TEST_ASSERT_MSG_EQ((payload == s.m_sent[seq]), true, "datagram " << seq << " damaged");
        ++copies[seq];
        order.push_back(seq);
    }
    for (uint32_t seq = 0; seq < config.nPackets; ++seq)
    {
        NS_TEST_ASSERT_MSG_EQ(copies[seq], 1, "datagram " << seq << " not received exactly once");
    }
    NS_TEST_ASSERT_MSG_EQ(std::is_sorted(order.begin(), order.end()),
                          false,
                          "arrival order equals send order");

    // Binomial(200, 0.3): mean 60, standard deviation 6.5.
    NS_TEST_ASSERT_MSG_EQ(s.m_nReorder, s.m_reordered.size(), "Reorder trace count");
    NS_TEST_ASSERT_MSG_GT(s.m_nReorder, 30, "too few datagrams held back");
    NS_TEST_ASSERT_MSG_LT(s.m_nReorder, 90, "too many datagrams held back");

    // A datagram arrives after a later one exactly if it was held back and a later one,
    // sent less than ReorderDelay after it, was not.
    uint32_t window = config.reorderDelay.GetMilliSeconds() / config.interval.GetMilliSeconds();
    std::vector<uint32_t> position(config.nPackets);
    for (uint32_t i = 0; i < order.size(); ++i)
    {
        position[order[i]] = i;
    }
    for (uint32_t seq = 0; seq < config.nPackets; ++seq)
    {
        bool overtaken = false;
        for (uint32_t later = seq + 1; later < config.nPackets; ++later)
        {
            overtaken = overtaken || position[later] < position[seq];
        }
        bool heldBack = s.m_reordered.contains(seq);
        bool expectOvertaken = false;
        for (uint32_t later = seq + 1; later < config.nPackets && later < seq + window; ++later)
        {
            expectOvertaken = expectOvertaken || (heldBack && !s.m_reordered.contains(later));
        }
        NS_TEST_ASSERT_MSG_EQ(overtaken,
                              expectOvertaken,
                              "datagram " << seq << " (held back: " << heldBack << ")");
    }
    NS_TEST_ASSERT_MSG_EQ(s.m_nDuplicate, 0, "unexpected Duplicate trace");
    NS_TEST_ASSERT_MSG_EQ(s.m_nCorrupt, 0, "unexpected Corrupt trace");
}

/**
 * @ingroup impaired-link-tests
 * @brief With CorruptProbability 1, every frame arrives, with its PPP and IP
 * headers unchanged and exactly one bit of the IP payload inverted; the
 * datagrams that UDP (checksums off) delivers carry exactly the damaged bytes.
 */
class ImpairedLinkCorruptTestCase : public TestCase
{
  public:
    ImpairedLinkCorruptTestCase();

  private:
    void DoRun() override;
};

ImpairedLinkCorruptTestCase::ImpairedLinkCorruptTestCase()
    : TestCase("CorruptProbability=1: every packet arrives with one payload bit flipped")
{
}

void
ImpairedLinkCorruptTestCase::DoRun()
{
    ImpairedLinkScenario::Config config;
    config.corruptProbability = 1.0;
    // When a flipped bit hits the UDP destination port, node 1 answers with an ICMP Port
    // Unreachable; that must not be corrupted in turn (ns-3's ICMPv4 can abort on a
    // damaged one), and the Corrupt count below must only see the datagrams.
    config.corruptIpProtocol = UDP_PROTOCOL;
    ImpairedLinkScenario s(config);
    s.Run();

    NS_TEST_ASSERT_MSG_EQ(s.m_txFrames.size(), config.nPackets, "frames sent");
    NS_TEST_ASSERT_MSG_EQ(s.m_rxFrames.size(), config.nPackets, "frames lost or duplicated");
    NS_TEST_ASSERT_MSG_EQ(s.m_nCorrupt, config.nPackets, "Corrupt trace count");

    uint32_t next = 0; // next datagram delivered by UDP, in arrival order
    uint32_t dataHits = 0;
    for (uint32_t i = 0; i < config.nPackets; ++i)
    {
        const Bytes& tx = s.m_txFrames[i];
        const Bytes& rx = s.m_rxFrames[i];
        NS_TEST_ASSERT_MSG_EQ(rx.size(), tx.size(), "frame " << i << " changed size");
        NS_TEST_ASSERT_MSG_EQ(CountBitDifferences(tx, rx, 0),
                              1,
                              "frame " << i << " must differ in exactly one bit");
        uint32_t where = FirstDifference(tx, rx);
        NS_TEST_ASSERT_MSG_GT_OR_EQ(where,
                                    PPP_SIZE + IPV4_SIZE,
                                    "frame " << i << ": PPP or IP header changed");
        // Checksums are off, so UDP delivers the damaged bytes unless the flipped bit
        // is in the UDP header (e.g. the destination port); then it may drop it.
        Bytes damagedPayload(rx.begin() + UDP_DATA_OFFSET, rx.end());
        if (next < s.m_received.size() && s.m_received[next] == damagedPayload)
        {
            ++next;
            if (where >= UDP_DATA_OFFSET)
            {
                ++dataHits;
                NS_TEST_ASSERT_MSG_EQ(CountBitDifferences(damagedPayload, s.m_sent[i], 0),
                                      1,
                                      "datagram " << i << " must differ in exactly one bit");
            }
        }
        else
        {
            NS_TEST_ASSERT_MSG_LT(where,
                                  UDP_DATA_OFFSET,
                                  "datagram " << i << " with a damaged payload not delivered");
        }
    }
    NS_TEST_ASSERT_MSG_EQ(next, s.m_received.size(), "unexpected datagrams delivered");
    NS_TEST_ASSERT_MSG_GT(dataHits, config.nPackets / 2, "too few payload bytes damaged");
}

/**
 * @ingroup impaired-link-tests
 * @brief The receiving device's ReceiveErrorModel applies to every copy the
 * channel delivers, duplicates included.
 */
class ImpairedLinkErrorModelTestCase : public TestCase
{
  public:
    ImpairedLinkErrorModelTestCase();

  private:
    void DoRun() override;
};

ImpairedLinkErrorModelTestCase::ImpairedLinkErrorModelTestCase()
    : TestCase("ReceiveErrorModel applies to every delivered copy")
{
}

void
ImpairedLinkErrorModelTestCase::DoRun()
{
    ImpairedLinkScenario::Config config;
    config.duplicateProbability = 1.0;
    config.receiveErrorRate = 1.0;
    ImpairedLinkScenario all(config);
    all.Run();
    NS_TEST_ASSERT_MSG_EQ(all.m_received.size(), 0, "error rate 1 must drop everything");
    NS_TEST_ASSERT_MSG_EQ(all.m_nPhyRxDrop, 2 * config.nPackets, "both copies must be dropped");

    config.receiveErrorRate = 0.5;
    ImpairedLinkScenario half(config);
    half.Run();
    NS_TEST_ASSERT_MSG_EQ(half.m_received.size() + half.m_nPhyRxDrop,
                          2 * config.nPackets,
                          "every copy is either delivered or dropped");
    NS_TEST_ASSERT_MSG_GT(half.m_nPhyRxDrop, 0, "some copies must be dropped");
    NS_TEST_ASSERT_MSG_GT(half.m_received.size(), 0, "some copies must be delivered");
}

/**
 * @ingroup impaired-link-tests
 * @brief The same streams give identical results, other streams give other
 * results, and the decisions of one impairment do not depend on the setting
 * of another.
 */
class ImpairedLinkReproducibilityTestCase : public TestCase
{
  public:
    ImpairedLinkReproducibilityTestCase();

  private:
    void DoRun() override;
};

ImpairedLinkReproducibilityTestCase::ImpairedLinkReproducibilityTestCase()
    : TestCase("AssignStreams makes runs reproducible")
{
}

void
ImpairedLinkReproducibilityTestCase::DoRun()
{
    ImpairedLinkScenario::Config config;
    config.duplicateProbability = 0.2;
    config.reorderProbability = 0.2;
    config.reorderDelay = MilliSeconds(20);
    config.corruptProbability = 0.2;
    config.corruptIpProtocol = UDP_PROTOCOL;
    config.nPackets = 200;
    config.stream = 7;
    ImpairedLinkScenario a(config);
    a.Run();
    ImpairedLinkScenario b(config);
    b.Run();
    config.stream = 99;
    ImpairedLinkScenario c(config);
    c.Run();

    NS_TEST_ASSERT_MSG_EQ(a.m_streamsAssigned, 4, "streams assigned");
    NS_TEST_ASSERT_MSG_GT(a.m_nDuplicate, 0, "no duplicates drawn");
    NS_TEST_ASSERT_MSG_GT(a.m_nReorder, 0, "no reordering drawn");
    NS_TEST_ASSERT_MSG_GT(a.m_nCorrupt, 0, "no corruption drawn");
    NS_TEST_ASSERT_MSG_EQ((a.m_rxFrames == b.m_rxFrames), true, "same streams, other frames");
    NS_TEST_ASSERT_MSG_EQ((a.m_received == b.m_received), true, "same streams, other data");
    NS_TEST_ASSERT_MSG_EQ(a.m_nDuplicate, b.m_nDuplicate, "same streams, other duplicates");
    NS_TEST_ASSERT_MSG_EQ(a.m_nReorder, b.m_nReorder, "same streams, other reordering");
    NS_TEST_ASSERT_MSG_EQ(a.m_nCorrupt, b.m_nCorrupt, "same streams, other corruption");
    NS_TEST_ASSERT_MSG_EQ((a.m_rxFrames == c.m_rxFrames), false, "other streams, same frames");

    // The impairments draw from separate streams, a fixed number of draws per frame: without
    // duplication, the same frames are held back, and the same first copies are damaged in
    // the same place.
    config.stream = 7;
    config.duplicateProbability = 0.0;
    ImpairedLinkScenario d(config);
    d.Run();
    NS_TEST_ASSERT_MSG_EQ(d.m_nDuplicate, 0, "duplicates drawn");
    NS_TEST_ASSERT_MSG_EQ((d.m_reordered == a.m_reordered), true, "other frames held back");
    NS_TEST_ASSERT_MSG_GT(d.m_nCorrupt, 0, "no corruption drawn");
    NS_TEST_ASSERT_MSG_LT(d.m_nCorrupt, a.m_nCorrupt, "duplicates are corrupted too");
    for (const Bytes& frame : d.m_corrupted)
    {
        NS_TEST_ASSERT_MSG_EQ(std::count(a.m_corrupted.begin(), a.m_corrupted.end(), frame),
                              1,
                              "a frame damaged without duplication is not damaged with it");
    }
}

/**
 * @ingroup impaired-link-tests
 * @brief Frame-level checks of corruption without an internet stack: the
 * IPv4 header length (IHL) is honoured, header-only frames are never
 * corrupted, CorruptIpProtocol restricts corruption to one protocol, and the
 * damaged copy keeps the packet uid, packet tags and byte tags of the
 * original.  Also checks AssignStreams counts.
 */
class ImpairedLinkFrameTestCase : public TestCase
{
  public:
    ImpairedLinkFrameTestCase();

  private:
    void DoRun() override;
    /**
     * Sender's PhyTxBegin sink.
     * @param p frame
     */
    void PhyTxBegin(Ptr<const Packet> p);
    /**
     * Receiver's PhyRxEnd sink.
     * @param p frame
     */
    void PhyRxEnd(Ptr<const Packet> p);
    /**
     * Channel's Corrupt sink.
     * @param p damaged frame
     */
    void Corrupt(Ptr<const Packet> p);

    std::vector<Ptr<const Packet>> m_tx; //!< frames sent
    std::vector<Ptr<const Packet>> m_rx; //!< frames received
    uint32_t m_nCorrupt{0};              //!< Corrupt trace count
};

ImpairedLinkFrameTestCase::ImpairedLinkFrameTestCase()
    : TestCase("Corruption honours IHL and CorruptIpProtocol, skips header-only frames, keeps tags")
{
}

void
ImpairedLinkFrameTestCase::PhyTxBegin(Ptr<const Packet> p)
{
    m_tx.push_back(p->Copy());
}

void
ImpairedLinkFrameTestCase::PhyRxEnd(Ptr<const Packet> p)
{
    m_rx.push_back(p->Copy());
}

void
ImpairedLinkFrameTestCase::Corrupt(Ptr<const Packet> p)
{
    ++m_nCorrupt;
}

void
ImpairedLinkFrameTestCase::DoRun()
{
    NodeContainer nodes;
    nodes.Create(2);
    ImpairedPointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", StringValue("10Mbps"));
    p2p.SetChannelAttribute("CorruptProbability", DoubleValue(1.0));
    NetDeviceContainer devices = p2p.Install(nodes.Get(0), nodes.Get(1));
    NetDeviceContainer other = p2p.Install(nodes);
    NetDeviceContainer all(devices, other);
    NS_TEST_ASSERT_MSG_EQ(p2p.AssignStreams(all, 0), 8, "two channels use eight streams");
    NS_TEST_ASSERT_MSG_EQ(p2p.AssignStreams(devices, 0), 4, "devices share one channel");
    Ptr<ImpairedPointToPointChannel> channel =
        DynamicCast<ImpairedPointToPointChannel>(devices.Get(0)->GetChannel());
    NS_TEST_ASSERT_MSG_EQ(bool(channel), true, "helper must create an ImpairedPointToPointChannel");
    NS_TEST_ASSERT_MSG_EQ(channel->GetDevice(0), devices.Get(0), "device order");
    NS_TEST_ASSERT_MSG_EQ(channel->AssignStreams(5), 4, "channel streams");

    devices.Get(0)->TraceConnectWithoutContext(
        "PhyTxBegin",
        MakeCallback(&ImpairedLinkFrameTestCase::PhyTxBegin, this));
    devices.Get(1)->TraceConnectWithoutContext(
        "PhyRxEnd",
        MakeCallback(&ImpairedLinkFrameTestCase::PhyRxEnd, this));
    channel->TraceConnectWithoutContext("Corrupt",
                                        MakeCallback(&ImpairedLinkFrameTestCase::Corrupt, this));

    // Frame 0: IPv4 header with IHL 6 (24 bytes, one option word) and 40 payload bytes.
    Bytes withOptions(24 + 40, 0xa5);
    withOptions[0] = 0x46;
    // Frame 1: a bare 20-byte IPv4 header, nothing to corrupt.
    Bytes headerOnly(20, 0x5a);
    headerOnly[0] = 0x45;
    // Frame 2: IPv4 header and a single payload byte, the only one that may change.
    Bytes oneByte(21, 0x3c);
    oneByte[0] = 0x45;

    // Frames 3 and 4 are sent with CorruptIpProtocol 30: frame 3 (protocol 0xa5) must stay
    // intact, frame 4 (protocol 30) must be corrupted.
    Bytes otherProtocol = withOptions;
    Bytes netbltProtocol = withOptions;
    netbltProtocol[9] = 30;

    Ptr<NetDevice> sender = devices.Get(0);
    Simulator::Schedule(MilliSeconds(25), [channel]() {
        channel->SetAttribute("CorruptIpProtocol", UintegerValue(30));
    });
    uint32_t i = 0;
    for (const Bytes& b : {withOptions, headerOnly, oneByte, otherProtocol, netbltProtocol})
    {
        Ptr<Packet> p = Create<Packet>(b.data(), b.size());
        SocketIpTtlTag ttl;
        ttl.SetTtl(42);
        p->AddPacketTag(ttl);
        SocketIpTtlTag byteTag;
        byteTag.SetTtl(7);
        p->AddByteTag(byteTag);
        Simulator::Schedule(MilliSeconds(10 * i++),
                            [sender, p]() { sender->Send(p, sender->GetBroadcast(), 0x0800); });
    }
    Simulator::Run();
    Simulator::Destroy();

    NS_TEST_ASSERT_MSG_EQ(m_tx.size(), 5, "frames sent");
    NS_TEST_ASSERT_MSG_EQ(m_rx.size(), 5, "frames received");
    NS_TEST_ASSERT_MSG_EQ(m_nCorrupt, 3, "frames 0, 2 and 4 must be corrupted");
    for (uint32_t k = 0; k < 5; ++k)
    {
        Bytes tx = GetBytes(m_tx[k]);
        Bytes rx = GetBytes(m_rx[k]);
        NS_TEST_ASSERT_MSG_EQ(rx.size(), tx.size(), "frame " << k << " changed size");
        NS_TEST_ASSERT_MSG_EQ(m_rx[k]->GetUid(), m_tx[k]->GetUid(), "frame " << k << " uid");
        SocketIpTtlTag ttl;
        NS_TEST_ASSERT_MSG_EQ(m_rx[k]->PeekPacketTag(ttl), true, "packet tag lost");
        NS_TEST_ASSERT_MSG_EQ(static_cast<uint32_t>(ttl.GetTtl()), 42, "packet tag value");
        SocketIpTtlTag byteTag;
        NS_TEST_ASSERT_MSG_EQ(m_rx[k]->FindFirstMatchingByteTag(byteTag), true, "byte tag lost");
        NS_TEST_ASSERT_MSG_EQ(static_cast<uint32_t>(byteTag.GetTtl()), 7, "byte tag value");
        uint32_t firstAllowed = (k == 1 || k == 2) ? PPP_SIZE + 20 : PPP_SIZE + 24;
        uint32_t expectedBits = (k == 1 || k == 3) ? 0 : 1;
        NS_TEST_ASSERT_MSG_EQ(CountBitDifferences(tx, rx, 0),
                              expectedBits,
                              "frame " << k << " bit differences");
        NS_TEST_ASSERT_MSG_EQ(CountBitDifferences(tx, rx, firstAllowed),
                              expectedBits,
                              "frame " << k << " header changed");
    }
}

/**
 * @ingroup impaired-link-tests
 * @brief ImpairedPointToPointChannel test suite.
 */
class ImpairedPointToPointChannelTestSuite : public TestSuite
{
  public:
    ImpairedPointToPointChannelTestSuite();
};

ImpairedPointToPointChannelTestSuite::ImpairedPointToPointChannelTestSuite()
    : TestSuite("impaired-point-to-point-channel", Type::UNIT)
{
    AddTestCase(new ImpairedLinkCleanTestCase(), TestCase::Duration::QUICK);
    AddTestCase(new ImpairedLinkDuplicateTestCase(), TestCase::Duration::QUICK);
    AddTestCase(new ImpairedLinkReorderTestCase(), TestCase::Duration::QUICK);
    AddTestCase(new ImpairedLinkCorruptTestCase(), TestCase::Duration::QUICK);
    AddTestCase(new ImpairedLinkErrorModelTestCase(), TestCase::Duration::QUICK);
    AddTestCase(new ImpairedLinkReproducibilityTestCase(), TestCase::Duration::QUICK);
    AddTestCase(new ImpairedLinkFrameTestCase(), TestCase::Duration::QUICK);
}

/// Static variable for test initialization
static ImpairedPointToPointChannelTestSuite g_impairedPointToPointChannelTestSuite;
