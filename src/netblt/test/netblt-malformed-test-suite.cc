/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-engine-test-case.h"
#include "netblt-test-bench.h"
#include "netblt-test-data.h"

#include "ns3/ipv4-header.h"
#include "ns3/ipv4-interface.h"
#include "ns3/ipv4.h"
#include "ns3/netblt-checksum.h"
#include "ns3/netblt-control-header.h"
#include "ns3/netblt-data-header.h"
#include "ns3/netblt-null-ack-header.h"
#include "ns3/netblt-open-header.h"
#include "ns3/simulator.h"
#include "ns3/test.h"

#include <functional>

/**
 * @file
 * @ingroup netblt-tests
 * Malformed and damaged NETBLT packets (RFC 998 §8): each is dropped by NetbltL4Protocol and
 * counted as a checksum error or a malformed packet, with the reason on the "Drop" trace;
 * nothing reaches a connection, nothing is answered, and a transfer running at the same time
 * completes intact.
 */

using namespace ns3;
using namespace ns3::netblt_test;

namespace
{

/// @return the bytes of a packet
std::vector<uint8_t>
Bytes(Ptr<const Packet> packet)
{
    std::vector<uint8_t> bytes(packet->GetSize());
    packet->CopyData(bytes.data(), bytes.size());
    return bytes;
}

/// @return a packet holding the bytes
Ptr<Packet>
FromBytes(const std::vector<uint8_t>& bytes)
{
    return Create<Packet>(bytes.data(), bytes.size());
}

/**
 * Rewrites the checksum field (bytes 0-1) so that it is right for the first @p covered bytes,
 * as a sender would compute it: so that another defect, not the checksum, is what is wrong.
 */
void
FixChecksum(std::vector<uint8_t>& bytes, uint32_t covered)
{
    Buffer buffer;
    buffer.AddAtStart(bytes.size());
    buffer.Begin().Write(bytes.data(), bytes.size());
    Buffer::Iterator i = buffer.Begin();
    i.Next(2);
    uint16_t sum = NetbltChecksum(i, covered - 2);
    bytes[0] = static_cast<uint8_t>(sum >> 8);
    bytes[1] = static_cast<uint8_t>(sum & 0xff);
}

/// Sets the 16-bit Length field (bytes 4-5).
void
SetLength(std::vector<uint8_t>& bytes, uint16_t length)
{
    bytes[4] = static_cast<uint8_t>(length >> 8);
    bytes[5] = static_cast<uint8_t>(length & 0xff);
}

/// A well-formed packet of a header and optional payload.
Ptr<Packet>
Build(NetbltHeader& header, uint16_t localPort, uint16_t foreignPort, uint32_t payload = 0)
{
    header.SetLocalPort(localPort);
    header.SetForeignPort(foreignPort);
    Ptr<Packet> packet = Create<Packet>(payload);
    packet->AddHeader(header);
    return packet;
}

/// Hands a packet to a NETBLT layer as IPv4 would, from @p source to @p destination.
IpL4Protocol::RxStatus
Inject(Ptr<NetbltL4Protocol> netblt,
       Ptr<Packet> packet,
       Ipv4Address source,
       Ipv4Address destination)
{
    Ipv4Header ip;
    ip.SetSource(source);
    ip.SetDestination(destination);
    ip.SetProtocol(NetbltL4Protocol::PROT_NUMBER);
    ip.SetPayloadSize(packet->GetSize());
    return netblt->Receive(packet, ip, nullptr);
}

/// Records the "Drop" trace of a NETBLT layer.
struct DropLog
{
    std::vector<std::string> reasons; //!< every reason, in order

    /** @param netblt the layer */
    void Attach(Ptr<NetbltL4Protocol> netblt)
    {
        netblt->TraceConnectWithoutContext("Drop", MakeCallback(&DropLog::Record, this));
    }

    /** Trace sink. @param packet dropped packet @param reason why */
    void Record(Ptr<const Packet> packet, const std::string& reason)
    {
        reasons.push_back(reason);
    }
};

/// One kind of bad packet.
struct BadPacket
{
    std::string name;   //!< what is wrong
    Ptr<Packet> packet; //!< the packet
    bool checksumError; //!< counted as a checksum error (else as malformed)
    std::string reason; //!< text the Drop trace's reason contains
};

/**
 * Every kind of bad packet, addressed from @p peerPort to @p localPort.
 * @param localPort the receiving end's port
 * @param peerPort the sending end's port
 * @return the packets
 */
std::vector<BadPacket>
MakeBadPackets(uint16_t localPort, uint16_t peerPort)
{
    std::vector<BadPacket> bad;
    uint8_t version = NetbltHeader::DEFAULT_VERSION;

    // Bad checksums: a KEEPALIVE, an OPEN (to a listening port), a DATA whose data would
    // overwrite buffer 1 packet 0, a CONTROL with a GO.
    {
        NetbltHeader keepalive(NetbltPacketType::KEEPALIVE);
        std::vector<uint8_t> b = Bytes(Build(keepalive, peerPort, localPort));
        b[0] ^= 0x01;
        bad.push_back({"KEEPALIVE with a bad checksum", FromBytes(b), true, "bad checksum"});
    }
    {
        NetbltOpenHeader open(NetbltPacketType::OPEN);
        NetbltTransferParameters p;
        p.WriteTo(open);
        open.SetConnectionId(4242);
        open.SetWriteMode(true);
        std::vector<uint8_t> b = Bytes(Build(open, 40000, TEST_PORT));
        b[20] ^= 0x10; // inside the buffer size
        bad.push_back({"OPEN with a bad checksum", FromBytes(b), true, "bad checksum"});
    }
    {
        NetbltDataHeader data(NetbltPacketType::DATA);
        data.SetBufferNumber(1);
        data.SetPacketNumber(0);
        data.SetDataLength(500);
        std::vector<uint8_t> b = Bytes(Build(data, peerPort, localPort, 500));
        b[22] ^= 0x80; // a reserved bit of the flags word, inside the header checksum
        bad.push_back({"DATA with a bad header checksum", FromBytes(b), true, "bad checksum"});
    }
    {
        NetbltControlHeader control;
        control.AddMessage(NetbltControlMessage::MakeGo(1, 1));
        std::vector<uint8_t> b = Bytes(Build(control, peerPort, localPort));
        b[b.size() - 1] ^= 0x01;
        bad.push_back({"CONTROL with a bad checksum", FromBytes(b), true, "bad checksum"});
    }
    // Shorter than the common header.
    {
        std::vector<uint8_t> b(8, 0);
        b[2] = version;
        b[3] = static_cast<uint8_t>(NetbltPacketType::KEEPALIVE);
        bad.push_back({"8 bytes", FromBytes(b), false, "shorter than the 12-byte common header"});
    }
    // Truncated: an OPEN cut after 30 of its 40 bytes.
    {
        NetbltOpenHeader open(NetbltPacketType::OPEN);
        NetbltTransferParameters p;
        p.WriteTo(open);
        std::vector<uint8_t> b = Bytes(Build(open, 40001, TEST_PORT));
        b.resize(30);
        bad.push_back({"truncated OPEN", FromBytes(b), false, "length field 40 with 30 bytes"});
    }
    // Truncated DATA: Length says 524, 300 bytes present.
    {
        NetbltDataHeader data(NetbltPacketType::DATA);
        data.SetBufferNumber(1);
        data.SetDataLength(500);
        std::vector<uint8_t> b = Bytes(Build(data, peerPort, localPort, 500));
        b.resize(300);
        bad.push_back({"truncated DATA", FromBytes(b), false, "length field 524 with 300 bytes"});
    }
    // Unknown types, checksums right.
    for (uint8_t type : {12, 200})
    {
        NetbltHeader keepalive(NetbltPacketType::KEEPALIVE);
        std::vector<uint8_t> b = Bytes(Build(keepalive, peerPort, localPort));
        b[3] = type;
        FixChecksum(b, 12);
        bad.push_back({"unknown type " + std::to_string(type),
                       FromBytes(b),
                       false,
                       "unknown packet type " + std::to_string(type)});
    }
    // Wrong Length fields: below the type's minimum, and beyond the bytes present.
    {
        NetbltHeader quitack(NetbltPacketType::QUITACK);
        std::vector<uint8_t> b = Bytes(Build(quitack, peerPort, localPort));
        SetLength(b, 8);
        FixChecksum(b, 12);
        bad.push_back({"Length 8 (below 12)", FromBytes(b), false, "length field 8"});
    }
    {
        NetbltDataHeader data(NetbltPacketType::LDATA);
        data.SetBufferNumber(1);
        data.SetDataLength(4);
        std::vector<uint8_t> b = Bytes(Build(data, peerPort, localPort, 4));
        SetLength(b, 20);
        FixChecksum(b, 24);
        bad.push_back({"LDATA with Length 20 (below 24)", FromBytes(b), false, "length field 20"});
    }
    {
        NetbltHeader keepalive(NetbltPacketType::KEEPALIVE);
        std::vector<uint8_t> b = Bytes(Build(keepalive, peerPort, localPort));
        SetLength(b, 64);
        FixChecksum(b, 12);
        bad.push_back({"Length 64 with 12 bytes", FromBytes(b), false, "length field 64"});
    }
    // Wrong version, checksum right: a DATA that would otherwise be accepted.
    {
        NetbltDataHeader data(NetbltPacketType::DATA);
        data.SetBufferNumber(1);
        data.SetPacketNumber(1);
        data.SetDataLength(500);
        data.SetVersion(version + 1);
        std::vector<uint8_t> b = Bytes(Build(data, peerPort, localPort, 500));
        bad.push_back(
            {"DATA of version 2", FromBytes(b), false, "version " + std::to_string(version + 1)});
    }
    // Length not a multiple of 4 (not DATA/LDATA): a 14-byte KEEPALIVE.
    {
        NetbltHeader keepalive(NetbltPacketType::KEEPALIVE);
        std::vector<uint8_t> b = Bytes(Build(keepalive, peerPort, localPort));
        b.push_back(0);
        b.push_back(0);
        SetLength(b, 14);
        FixChecksum(b, 14);
        bad.push_back({"KEEPALIVE of 14 bytes", FromBytes(b), false, "not a multiple of 4"});
    }
    // CONTROL packets with a bad message: unknown message type; a RESEND whose count runs past
    // the end; trailing bytes too few for a message. Checksums right.
    {
        NetbltControlHeader control;
        control.AddMessage(NetbltControlMessage::MakeGo(1, 1));
        control.AddMessage(NetbltControlMessage::MakeGo(2, 2));
        std::vector<uint8_t> b = Bytes(Build(control, peerPort, localPort));
        b[12 + 8] = 7; // second message's type
        FixChecksum(b, b.size());
        bad.push_back(
            {"CONTROL with message type 7", FromBytes(b), false, "unknown control message type 7"});
    }
    {
        NetbltControlHeader control;
        control.AddMessage(NetbltControlMessage::MakeResend(1, 1, {3, 4}));
        std::vector<uint8_t> b = Bytes(Build(control, peerPort, localPort));
        b[12 + 9] = 9; // count 9 instead of 2 (bytes 8-9 of the message)
        FixChecksum(b, b.size());
        bad.push_back({"CONTROL with a RESEND count past the end",
                       FromBytes(b),
                       false,
                       "RESEND message lists 9 packets"});
    }
    {
        NetbltControlHeader control;
        control.AddMessage(NetbltControlMessage::MakeGo(1, 1));
        std::vector<uint8_t> b = Bytes(Build(control, peerPort, localPort));
        b.insert(b.end(), {0, 0, 0, 0});
        SetLength(b, static_cast<uint16_t>(b.size()));
        FixChecksum(b, b.size());
        bad.push_back({"CONTROL with 4 stray bytes",
                       FromBytes(b),
                       false,
                       "4 bytes are too few for a control message"});
    }
    // OPEN whose client string has no NUL.
    {
        NetbltOpenHeader open(NetbltPacketType::OPEN);
        NetbltTransferParameters p;
        p.WriteTo(open);
        open.SetClientString("abc");
        std::vector<uint8_t> b = Bytes(Build(open, 40002, TEST_PORT));
        b[36 + 3] = 'd'; // the NUL after "abc"
        FixChecksum(b, b.size());
        bad.push_back(
            {"OPEN with an unterminated client string", FromBytes(b), false, "no NUL terminator"});
    }
    return bad;
}

} // namespace

/**
 * @ingroup netblt-tests
 * @brief Each kind of bad packet, handed straight to NetbltL4Protocol::Receive(): dropped,
 * counted in the right counter, the reason traced, no connection made, nothing answered.
 */
class NetbltMalformedKindsTestCase : public NetbltEngineTestCase
{
  public:
    NetbltMalformedKindsTestCase()
        : NetbltEngineTestCase("each malformed or damaged packet is dropped and counted")
    {
    }

  private:
    void DoRun() override
    {
        Bench bench;
        bench.Listen(Limits());
        Ptr<NetbltL4Protocol> netblt = bench.topology.netblt[1];
        DropLog drops;
        drops.Attach(netblt);
        std::vector<BadPacket> bad = MakeBadPackets(TEST_PORT, 50000);
        uint64_t checksumErrors = 0;
        uint64_t malformed = 0;
        for (const BadPacket& b : bad)
        {
            uint64_t checksumBefore = netblt->GetChecksumErrors();
            uint64_t malformedBefore = netblt->GetMalformedPackets();
            size_t dropsBefore = drops.reasons.size();
            IpL4Protocol::RxStatus status =
                Inject(netblt, b.packet, bench.topology.address[0], bench.topology.address[1]);
            checksumErrors += b.checksumError ? 1 : 0;
            malformed += b.checksumError ? 0 : 1;
            NS_TEST_EXPECT_MSG_EQ(netblt->GetChecksumErrors() - checksumBefore,
                                  (b.checksumError ? 1u : 0u),
                                  b.name << ": checksum counter");
            NS_TEST_EXPECT_MSG_EQ(netblt->GetMalformedPackets() - malformedBefore,
                                  (b.checksumError ? 0u : 1u),
                                  b.name << ": malformed counter");
            NS_TEST_ASSERT_MSG_EQ(drops.reasons.size(), dropsBefore + 1, b.name << ": traced");
            NS_TEST_EXPECT_MSG_NE(drops.reasons.back().find(b.reason),
                                  std::string::npos,
                                  b.name << ": reason \"" << drops.reasons.back() << "\"");
            NS_TEST_EXPECT_MSG_EQ(
                status,
                (b.checksumError ? IpL4Protocol::RX_CSUM_FAILED : IpL4Protocol::RX_OK),
                b.name << ": status");
        }
        NS_TEST_EXPECT_MSG_EQ(netblt->GetChecksumErrors(), checksumErrors, "checksum errors");
        NS_TEST_EXPECT_MSG_EQ(netblt->GetMalformedPackets(), malformed, "malformed packets");
        NS_TEST_EXPECT_MSG_EQ(netblt->GetUnmatchedPackets(), 0, "none reached the demultiplexer");
        NS_TEST_EXPECT_MSG_EQ(netblt->GetConnectionCount(), 0, "no connection made");
        NS_TEST_EXPECT_MSG_EQ(bench.passive.accepted, false, "listener never consulted");
        Simulator::Run();
        // Nothing was answered (no REFUSED, RESPONSE or ABORT reached node 0).
        NS_TEST_EXPECT_MSG_EQ(bench.drop[0]->GetSeen(NetbltPacketType::RESPONSE) +
                                  bench.drop[0]->GetSeen(NetbltPacketType::REFUSED) +
                                  bench.drop[0]->GetSeen(NetbltPacketType::ABORT),
                              0,
                              "nothing answered");
        // The well-formed version of a packet is accepted: the checks are not rejecting all.
        NetbltHeader keepalive(NetbltPacketType::KEEPALIVE);
        Inject(netblt,
               Build(keepalive, 50000, TEST_PORT),
               bench.topology.address[0],
               bench.topology.address[1]);
        NS_TEST_EXPECT_MSG_EQ(netblt->GetUnmatchedPackets(), 1, "a good KEEPALIVE gets through");
        NS_TEST_EXPECT_MSG_EQ(drops.reasons.back(), "no connection", "and is unmatched");
        Simulator::Destroy();
    }
};

/**
 * @ingroup netblt-tests
 * @brief Bad packets aimed at a live connection, at both ends, directly and as real IP
 * datagrams from the other node, during a transfer: all dropped and counted, none reaches the
 * connection, and the transfer completes intact with nothing retransmitted.
 */
class NetbltMalformedDuringTransferTestCase : public NetbltEngineTestCase
{
  public:
    NetbltMalformedDuringTransferTestCase()
        : NetbltEngineTestCase("bad packets during a transfer: dropped, transfer intact")
    {
    }

  private:
    void DoRun() override
    {
        Bench bench;
        DropLog drops[2];
        drops[0].Attach(bench.topology.netblt[0]);
        drops[1].Attach(bench.topology.netblt[1]);
        NetbltTransferParameters p = Proposal(5000, 500, 5, 5, 2);
        std::vector<uint8_t> data = MakeData(60000, 40);
        bench.StartWrite(p, data, Limits());
        uint64_t expectedChecksum[2] = {0, 0};
        uint64_t expectedMalformed[2] = {0, 0};
        uint32_t viaIp = 0;
        // Every 5 ms from 10 ms on, one bad packet to each end, addressed to the connection:
        // to the receiver (node 1) as if from the sender, to the sender (node 0) as if from the
        // receiver. Odd rounds go through node 0's IPv4 as real datagrams to node 1.
        for (uint32_t round = 0; round < 20; ++round)
        {
            Simulator::Schedule(MilliSeconds(10 + 5 * round), [&, round]() {
                Ptr<NetbltConnection> sender = bench.active.connection;
                if (!sender || sender->GetState() != NetbltConnection::ESTABLISHED)
                {
                    return;
                }
                uint16_t senderPort = sender->GetLocalPort();
                std::vector<BadPacket> toReceiver = MakeBadPackets(TEST_PORT, senderPort);
                std::vector<BadPacket> toSender = MakeBadPackets(senderPort, TEST_PORT);
                const BadPacket& r = toReceiver[round % toReceiver.size()];
                const BadPacket& s = toSender[(round + 7) % toSender.size()];
                if (round % 2 == 1)
                {
                    ++viaIp;
                    Ptr<Ipv4> ipv4 = bench.topology.nodes.Get(0)->GetObject<Ipv4>();
                    ipv4->Send(r.packet,
                               bench.topology.address[0],
                               bench.topology.address[1],
                               NetbltL4Protocol::PROT_NUMBER,
                               nullptr);
                }
                else
                {
                    Inject(bench.topology.netblt[1],
                           r.packet,
                           bench.topology.address[0],
                           bench.topology.address[1]);
                }
                (r.checksumError ? expectedChecksum : expectedMalformed)[1]++;
                Inject(bench.topology.netblt[0],
                       s.packet,
                       bench.topology.address[1],
                       bench.topology.address[0]);
                (s.checksumError ? expectedChecksum : expectedMalformed)[0]++;
            });
        }
        bench.ArmWatchdog(Seconds(100));
        Simulator::Run();

        NS_TEST_ASSERT_MSG_EQ(bench.active.Completed(), true, "sender completed");
        NS_TEST_ASSERT_MSG_EQ(bench.passive.Completed(), true, "receiver completed");
        NS_TEST_EXPECT_MSG_EQ((bench.passive.received == data), true, "data intact");
        NS_TEST_EXPECT_MSG_GT(viaIp, 5, "several went through IP");
        NS_TEST_EXPECT_MSG_GT(expectedChecksum[0] + expectedChecksum[1], 3, "checksum kinds sent");
        NS_TEST_EXPECT_MSG_GT(expectedMalformed[0] + expectedMalformed[1], 20, "malformed sent");
        for (uint32_t i = 0; i < 2; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(bench.topology.netblt[i]->GetChecksumErrors(),
                                  expectedChecksum[i],
                                  "node " << i << " checksum errors");
            NS_TEST_EXPECT_MSG_EQ(bench.topology.netblt[i]->GetMalformedPackets(),
                                  expectedMalformed[i],
                                  "node " << i << " malformed packets");
            NS_TEST_EXPECT_MSG_EQ(drops[i].reasons.size(),
                                  expectedChecksum[i] + expectedMalformed[i],
                                  "node " << i << " drops traced");
        }
        const NetbltConnectionStatistics& s = bench.active.connection->GetStatistics();
        const NetbltConnectionStatistics& r = bench.passive.connection->GetStatistics();
        NS_TEST_EXPECT_MSG_EQ(s.dataPacketsRetransmitted, 0, "nothing retransmitted");
        NS_TEST_EXPECT_MSG_EQ(r.dataPacketsReceived, s.dataPacketsSent, "no extra DATA taken in");
        NS_TEST_EXPECT_MSG_EQ(r.protocolViolations + s.protocolViolations, 0, "none got through");
        NS_TEST_EXPECT_MSG_EQ(bench.passive.timers.received,
                              bench.active.tx.GetEntries().size(),
                              "the receiver took in exactly what the sender sent");
        Simulator::Destroy();
    }
};

/**
 * @ingroup netblt-tests
 * @brief Well-formed packets (checksums right) that make no sense for the connection they are
 * addressed to: DATA for a buffer without a GO, packet numbers past the buffer, DATA of the
 * wrong length, packets of the wrong direction. The connection counts each as a protocol
 * violation (or a duplicate) and ignores it; the transfer completes intact.
 */
class NetbltNonsensePacketsTestCase : public NetbltEngineTestCase
{
  public:
    NetbltNonsensePacketsTestCase()
        : NetbltEngineTestCase("well-formed nonsense: counted as violations, transfer intact")
    {
    }

  private:
    /// A DATA/LDATA packet from the sender's port to the receiver's.
    static Ptr<Packet> Data(NetbltPacketType type,
                            uint16_t from,
                            uint16_t to,
                            uint32_t buffer,
                            uint16_t packet,
                            uint16_t length)
    {
        NetbltDataHeader header(type);
        header.SetBufferNumber(buffer);
        header.SetPacketNumber(packet);
        header.SetDataLength(length);
        return Build(header, from, to, length);
    }

    void DoRun() override
    {
        Bench bench;
        // 20 packets of 500 bytes per buffer, 2 outstanding: buffers 1 and 2 are being
        // received for the first 20 ms.
        NetbltTransferParameters p = Proposal(10000, 500, 5, 5, 2);
        std::vector<uint8_t> data = MakeData(60000, 41);
        bench.StartWrite(p, data, Limits());
        Simulator::Schedule(MilliSeconds(5), [&bench]() {
            Ptr<NetbltL4Protocol> rx = bench.topology.netblt[1];
            Ptr<NetbltL4Protocol> tx = bench.topology.netblt[0];
            Ipv4Address a = bench.topology.address[0];
            Ipv4Address b = bench.topology.address[1];
            uint16_t sp = bench.active.connection->GetLocalPort();
            // To the receiver: violations.
            Inject(rx, Data(NetbltPacketType::DATA, sp, TEST_PORT, 1000, 0, 500), a, b);
            Inject(rx, Data(NetbltPacketType::DATA, sp, TEST_PORT, 1, 9999, 500), a, b);
            Inject(rx, Data(NetbltPacketType::DATA, sp, TEST_PORT, 1, 19, 100), a, b);
            Inject(rx, Data(NetbltPacketType::LDATA, sp, TEST_PORT, 2, 19, 600), a, b);
            Inject(rx, Data(NetbltPacketType::LDATA, sp, TEST_PORT, 2, 20, 500), a, b);
            NetbltControlHeader control;
            control.AddMessage(NetbltControlMessage::MakeGo(1, 1));
            Inject(rx, Build(control, sp, TEST_PORT), a, b);
            // To the receiver: a buffer before the first, a duplicate.
            Inject(rx, Data(NetbltPacketType::DATA, sp, TEST_PORT, 0, 0, 500), a, b);
            // To the sender: packets only a sender sends.
            Inject(tx, Data(NetbltPacketType::DATA, TEST_PORT, sp, 1, 0, 500), b, a);
            NetbltNullAckHeader nullAck;
            Inject(tx, Build(nullAck, TEST_PORT, sp), b, a);
        });
        bench.ArmWatchdog(Seconds(100));
        Simulator::Run();

        NS_TEST_ASSERT_MSG_EQ(bench.active.Completed(), true, "sender completed");
        NS_TEST_ASSERT_MSG_EQ(bench.passive.Completed(), true, "receiver completed");
        NS_TEST_EXPECT_MSG_EQ((bench.passive.received == data), true, "data intact");
        const NetbltConnectionStatistics& s = bench.active.connection->GetStatistics();
        const NetbltConnectionStatistics& r = bench.passive.connection->GetStatistics();
        NS_TEST_EXPECT_MSG_EQ(r.protocolViolations, 6, "receiver: 6 violations");
        NS_TEST_EXPECT_MSG_EQ(r.duplicateDataPackets, 1, "receiver: 1 duplicate");
        NS_TEST_EXPECT_MSG_EQ(s.protocolViolations, 2, "sender: 2 violations");
        NS_TEST_EXPECT_MSG_EQ(s.dataPacketsRetransmitted, 0, "nothing retransmitted");
        NS_TEST_EXPECT_MSG_EQ(r.resendMessagesSent, 0, "no RESEND");
        NS_TEST_EXPECT_MSG_EQ(r.buffersDelivered, 6, "6 buffers");
        for (uint32_t i = 0; i < 2; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(bench.topology.netblt[i]->GetMalformedPackets(),
                                  0,
                                  "well formed");
            NS_TEST_EXPECT_MSG_EQ(bench.topology.netblt[i]->GetChecksumErrors(), 0, "checksums ok");
        }
        Simulator::Destroy();
    }
};

/**
 * @ingroup netblt-tests
 * @brief The NETBLT malformed-packet test suite.
 */
class NetbltMalformedTestSuite : public TestSuite
{
  public:
    NetbltMalformedTestSuite();
};

NetbltMalformedTestSuite::NetbltMalformedTestSuite()
    : TestSuite("netblt-malformed", Type::UNIT)
{
    AddTestCase(new NetbltMalformedKindsTestCase, TestCase::Duration::QUICK);
    AddTestCase(new NetbltMalformedDuringTransferTestCase, TestCase::Duration::QUICK);
    AddTestCase(new NetbltNonsensePacketsTestCase, TestCase::Duration::QUICK);
}

/// Static variable for test initialization.
static NetbltMalformedTestSuite g_netbltMalformedTestSuite;
