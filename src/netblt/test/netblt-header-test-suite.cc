/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/header-serialization-test.h"
#include "ns3/netblt-checksum.h"
#include "ns3/netblt-control-header.h"
#include "ns3/netblt-control-message.h"
#include "ns3/netblt-data-header.h"
#include "ns3/netblt-header.h"
#include "ns3/netblt-null-ack-header.h"
#include "ns3/netblt-open-header.h"
#include "ns3/netblt-reason-header.h"
#include "ns3/packet.h"
#include "ns3/test.h"

#include <algorithm>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

/**
 * @defgroup netblt-tests Tests of the NETBLT module
 * @ingroup netblt
 */

/**
 * @file
 * @ingroup netblt-tests
 * Unit tests of the NETBLT packet headers (RFC 998 section 8) and checksum
 * (RFC 998 section 5.1).
 */

using namespace ns3;

/**
 * @ingroup netblt-tests
 * @brief Helpers shared by the NETBLT header test cases.
 */
class NetbltHeaderTestCase : public HeaderSerializationTestCase
{
  protected:
    /**
     * @brief Constructor.
     * @param name the test case name
     */
    NetbltHeaderTestCase(std::string name)
        : HeaderSerializationTestCase(name)
    {
    }

    /**
     * @param header a header
     * @return the bytes that header.Serialize() writes into a buffer of
     *         exactly GetSerializedSize() bytes
     */
    static std::vector<uint8_t> SerializeToBytes(const Header& header)
    {
        Buffer buffer;
        buffer.AddAtStart(header.GetSerializedSize());
        header.Serialize(buffer.Begin());
        std::vector<uint8_t> bytes(buffer.GetSize());
        buffer.CopyData(bytes.data(), bytes.size());
        return bytes;
    }

    /**
     * @param packet a packet
     * @return all the bytes of @p packet
     */
    static std::vector<uint8_t> PacketBytes(Ptr<const Packet> packet)
    {
        std::vector<uint8_t> bytes(packet->GetSize());
        packet->CopyData(bytes.data(), bytes.size());
        return bytes;
    }

    /**
     * @brief Deserializes @p header from a buffer holding exactly @p bytes.
     * @param bytes the bytes
     * @param header the header to fill
     * @return the value Deserialize() returned
     */
    static uint32_t DeserializeBytes(const std::vector<uint8_t>& bytes, Header& header)
    {
        Buffer buffer;
        buffer.AddAtStart(bytes.size());
        if (!bytes.empty())
        {
            buffer.Begin().Write(bytes.data(), bytes.size());
        }
        return header.Deserialize(buffer.Begin());
    }

    /**
     * @brief The ones'-complement sum with end-around carry of the big-endian
     *        16-bit words of bytes [from, to), written here independently of
     *        NetbltChecksum().
     * @param bytes the bytes
     * @param from first byte
     * @param to one past the last byte; an odd last byte is padded with zero
     * @return the sum
     */
    static uint16_t OnesComplementSum(const std::vector<uint8_t>& bytes, size_t from, size_t to)
    {
        uint32_t sum = 0;
        for (size_t k = from; k < to; k += 2)
        {
            uint32_t word = bytes[k] << 8;
            if (k + 1 < to)
            {
                word |= bytes[k + 1];
            }
            sum += word;
            sum = (sum & 0xffff) + (sum >> 16);
        }
        return static_cast<uint16_t>(sum);
    }

    /**
     * @brief Rewrites the checksum field of a packet after a test changed it.
     * @param bytes the packet
     * @param covered number of bytes the checksum covers
     */
    static void FixChecksum(std::vector<uint8_t>& bytes, size_t covered)
    {
        uint16_t checksum = ~OnesComplementSum(bytes, 2, covered);
        bytes[0] = checksum >> 8;
        bytes[1] = checksum & 0xff;
    }

    /**
     * @brief Checks bytes against the expected ones, byte by byte.
     * @param actual the bytes produced
     * @param expected the expected bytes
     * @param what what the bytes are, for messages
     */
    void CheckBytes(const std::vector<uint8_t>& actual,
                    const std::vector<uint8_t>& expected,
                    const std::string& what)
    {
        NS_TEST_EXPECT_MSG_EQ(actual.size(), expected.size(), what << ": size");
        for (size_t k = 0; k < std::min(actual.size(), expected.size()); k++)
        {
            NS_TEST_EXPECT_MSG_EQ(+actual[k], +expected[k], what << ": byte " << k);
        }
    }

    /**
     * @brief Sends @p sent through a Packet (AddHeader then RemoveHeader) and
     *        checks the common fields and the checksum on the way.
     * @tparam T the header class
     * @param sent the header to send
     * @param payload the bytes after the header (the data of DATA/LDATA)
     * @return the header read back, for the caller to check its own fields
     */
    template <typename T>
    T CheckPacketRoundTrip(const T& sent, const std::vector<uint8_t>& payload = {})
    {
        Ptr<Packet> packet =
            payload.empty() ? Create<Packet>() : Create<Packet>(payload.data(), payload.size());
        packet->AddHeader(sent);
        NS_TEST_EXPECT_MSG_EQ(packet->GetSize(),
                              sent.GetSerializedSize() + payload.size(),
                              "AddHeader added GetSerializedSize() bytes");
        T received;
        uint32_t consumed = packet->RemoveHeader(received);
        std::ostringstream what;
        what << sent.GetType() << " ";
        NS_TEST_EXPECT_MSG_EQ(consumed, sent.GetSerializedSize(), what.str() << "bytes consumed");
        NS_TEST_EXPECT_MSG_EQ(received.IsMalformed(),
                              false,
                              what.str() << "malformed: " << received.GetMalformedReason());
        NS_TEST_EXPECT_MSG_EQ(received.IsChecksumOk(), true, what.str() << "checksum");
        NS_TEST_EXPECT_MSG_EQ(received.GetChecksum(), sent.GetChecksum(), what.str() << "checksum");
        NS_TEST_EXPECT_MSG_EQ(received.GetType(), sent.GetType(), what.str() << "type");
        NS_TEST_EXPECT_MSG_EQ(+received.GetVersion(), +sent.GetVersion(), what.str() << "version");
        NS_TEST_EXPECT_MSG_EQ(received.GetLocalPort(), sent.GetLocalPort(), what.str() << "port");
        NS_TEST_EXPECT_MSG_EQ(received.GetForeignPort(),
                              sent.GetForeignPort(),
                              what.str() << "port");
        NS_TEST_EXPECT_MSG_EQ(received.GetLength(),
                              sent.GetSerializedSize() + payload.size(),
                              what.str() << "Length");
        NS_TEST_EXPECT_MSG_EQ(packet->GetSize(), payload.size(), what.str() << "payload left");
        return received;
    }
};

/**
 * @ingroup netblt-tests
 * @brief NetbltChecksum() and the packet checksum against vectors computed by
 *        hand from RFC 998 section 5.1, and the ones'-complement property.
 */
class NetbltChecksumTestCase : public NetbltHeaderTestCase
{
  public:
    NetbltChecksumTestCase();

  private:
    void DoRun() override;
    /**
     * @param bytes bytes to checksum
     * @return NetbltChecksum() over all of @p bytes
     */
    static uint16_t ChecksumOf(const std::vector<uint8_t>& bytes);
};

NetbltChecksumTestCase::NetbltChecksumTestCase()
    : NetbltHeaderTestCase(
          "NETBLT checksum: hand-computed vectors and the ones'-complement property")
{
}

uint16_t
NetbltChecksumTestCase::ChecksumOf(const std::vector<uint8_t>& bytes)
{
    Buffer buffer;
    buffer.AddAtStart(bytes.size());
    if (!bytes.empty())
    {
        buffer.Begin().Write(bytes.data(), bytes.size());
    }
    return NetbltChecksum(buffer.Begin(), bytes.size());
}

void
NetbltChecksumTestCase::DoRun()
{
    // Words 0x0102 0x0304, sum 0x0406, negation 0xfbf9.
    NS_TEST_ASSERT_MSG_EQ(ChecksumOf({0x01, 0x02, 0x03, 0x04}), 0xfbf9, "even length");
    // Odd length: words 0x0102 0x0304 0x0500 (last byte padded with zero),
    // sum 0x0906, negation 0xf6f9.
    NS_TEST_ASSERT_MSG_EQ(ChecksumOf({0x01, 0x02, 0x03, 0x04, 0x05}), 0xf6f9, "odd length");
    // End-around carry, odd length: 0xffff + 0xfffe = 0x1fffd -> 0xfffd + 1 = 0xfffe;
    // 0xfffe + 0x8000 = 0x17ffe -> 0x7ffe + 1 = 0x7fff; negation 0x8000.
    NS_TEST_ASSERT_MSG_EQ(ChecksumOf({0xff, 0xff, 0xff, 0xfe, 0x80}), 0x8000, "carries");
    // Nothing summed: the sum is 0, its negation 0xffff.
    NS_TEST_ASSERT_MSG_EQ(ChecksumOf({}), 0xffff, "empty");
    // A word and its negation sum to 0xffff ("negative zero"), whose negation is 0.
    NS_TEST_ASSERT_MSG_EQ(ChecksumOf({0x12, 0x34, 0xed, 0xcb}), 0x0000, "x + ~x");
    // Data areas of DATA packets' sizes, odd and even, agree with the word-by-word sum.
    for (size_t size : {511, 512, 513, 1025, 1438, 1439, 4001})
    {
        std::vector<uint8_t> data(size);
        for (size_t k = 0; k < size; ++k)
        {
            data[k] = static_cast<uint8_t>(k * 37 + 11);
        }
        NS_TEST_EXPECT_MSG_EQ(ChecksumOf(data),
                              static_cast<uint16_t>(~OnesComplementSum(data, 0, size)),
                              size << " bytes");
    }

    // KEEPALIVE, version 1, local port 0xfff0, foreign port 0x8001. Its words,
    // the checksum field taken as zero:
    //   0x0000 (checksum) 0x0102 (version 1, type 2) 0x000c (Length 12)
    //   0xfff0 (local port) 0x8001 (foreign port) 0x0000 (padding)
    // Ones'-complement sum: 0x0102 + 0x000c = 0x010e; 0x010e + 0xfff0 = 0x100fe,
    // end-around carry -> 0x00fe + 1 = 0x00ff; 0x00ff + 0x8001 = 0x8100.
    // Checksum = ~0x8100 = 0x7eff.
    NetbltHeader keepalive(NetbltPacketType::KEEPALIVE);
    keepalive.SetLocalPort(0xfff0);
    keepalive.SetForeignPort(0x8001);
    std::vector<uint8_t> bytes = SerializeToBytes(keepalive);
    NS_TEST_ASSERT_MSG_EQ(keepalive.GetChecksum(), 0x7eff, "KEEPALIVE checksum");
    CheckBytes(bytes,
               {0x7e, 0xff, 0x01, 0x02, 0x00, 0x0c, 0xff, 0xf0, 0x80, 0x01, 0x00, 0x00},
               "KEEPALIVE");

    // Property: the ones'-complement sum of all the words of a serialized
    // non-DATA packet, checksum included, is 0xffff; the receiver agrees.
    std::vector<std::unique_ptr<NetbltHeader>> headers;
    for (auto type :
         {NetbltPacketType::KEEPALIVE, NetbltPacketType::QUITACK, NetbltPacketType::DONE})
    {
        auto h = std::make_unique<NetbltHeader>(type);
        h->SetLocalPort(0xabcd);
        h->SetForeignPort(0x1234);
        headers.push_back(std::move(h));
    }
    for (auto type : {NetbltPacketType::OPEN, NetbltPacketType::RESPONSE})
    {
        auto h = std::make_unique<NetbltOpenHeader>(type);
        h->SetConnectionId(0xffffffff);
        h->SetBufferSize(0xfffefffd);
        h->SetTransferSize(123456789);
        h->SetDataPacketSize(0xffff);
        h->SetChecksumData(true);
        h->SetClientString("odd");
        headers.push_back(std::move(h));
    }
    for (auto type : {NetbltPacketType::QUIT, NetbltPacketType::ABORT, NetbltPacketType::REFUSED})
    {
        auto h = std::make_unique<NetbltReasonHeader>(type);
        h->SetReason("\xff\xfe reason");
        headers.push_back(std::move(h));
    }
    auto nullAck = std::make_unique<NetbltNullAckHeader>();
    nullAck->SetHighConsecutiveSequence(0xffff);
    nullAck->SetNewBurstSize(0xfff0);
    headers.push_back(std::move(nullAck));
    auto control = std::make_unique<NetbltControlHeader>();
    control->AddMessage(NetbltControlMessage::MakeResend(0xffff, 0xffffffff, {0xffff, 0xfffe, 7}));
    headers.push_back(std::move(control));
    for (const auto& h : headers)
    {
        std::vector<uint8_t> b = SerializeToBytes(*h);
        NS_TEST_EXPECT_MSG_EQ(b.size() % 4, 0, h->GetType() << " is longword aligned");
        NS_TEST_EXPECT_MSG_EQ(OnesComplementSum(b, 0, b.size()),
                              0xffff,
                              h->GetType() << " words sum to 0xffff");
        NS_TEST_EXPECT_MSG_EQ(ChecksumOf(b), 0, h->GetType() << " checksum over all is 0");
        // A header made from the TypeId recomputes the checksum and finds it correct.
        std::unique_ptr<NetbltHeader> received(
            dynamic_cast<NetbltHeader*>(h->GetInstanceTypeId().GetConstructor()()));
        NS_TEST_ASSERT_MSG_NE(received, nullptr, h->GetInstanceTypeId().GetName());
        NS_TEST_EXPECT_MSG_EQ(DeserializeBytes(b, *received), b.size(), "consumed");
        NS_TEST_EXPECT_MSG_EQ(received->IsMalformed(), false, received->GetMalformedReason());
        NS_TEST_EXPECT_MSG_EQ(received->IsChecksumOk(), true, h->GetType() << " checksum");
    }
}

/**
 * @ingroup netblt-tests
 * @brief The common header alone: KEEPALIVE, QUITACK, DONE; type names,
 *        minimum lengths, known types.
 */
class NetbltCommonHeaderTestCase : public NetbltHeaderTestCase
{
  public:
    NetbltCommonHeaderTestCase();

  private:
    void DoRun() override;
};

NetbltCommonHeaderTestCase::NetbltCommonHeaderTestCase()
    : NetbltHeaderTestCase("NETBLT common header: KEEPALIVE, QUITACK, DONE round trips")
{
}

void
NetbltCommonHeaderTestCase::DoRun()
{
    uint16_t port = 7;
    for (auto type :
         {NetbltPacketType::KEEPALIVE, NetbltPacketType::QUITACK, NetbltPacketType::DONE})
    {
        NetbltHeader sent(type);
        sent.SetVersion(static_cast<uint8_t>(port + 1));
        sent.SetLocalPort(port);
        sent.SetForeignPort(0xffff - port);
        NS_TEST_ASSERT_MSG_EQ(sent.GetSerializedSize(), 12, "common header size");
        NS_TEST_ASSERT_MSG_EQ(sent.GetLength(), 12, "Length before Serialize");
        TestHeaderSerialization(sent);
        NetbltHeader received = CheckPacketRoundTrip(sent);
        NS_TEST_EXPECT_MSG_EQ(received.GetType(), type, "type");
        NS_TEST_EXPECT_MSG_EQ(+received.GetVersion(), port + 1, "version");
        NS_TEST_EXPECT_MSG_EQ(received.GetLocalPort(), port, "local port");
        NS_TEST_EXPECT_MSG_EQ(received.GetForeignPort(), 0xffff - port, "foreign port");
        NS_TEST_EXPECT_MSG_EQ(received.GetLength(), 12, "Length");
        port += 100;
    }
    NS_TEST_EXPECT_MSG_EQ(+NetbltHeader().GetVersion(), +NetbltHeader::DEFAULT_VERSION, "version");
    NS_TEST_EXPECT_MSG_EQ(NetbltHeader().GetType(), NetbltPacketType::KEEPALIVE, "default type");

    const char* names[] = {"OPEN",
                           "RESPONSE",
                           "KEEPALIVE",
                           "QUIT",
                           "QUITACK",
                           "ABORT",
                           "DATA",
                           "LDATA",
                           "NULL-ACK",
                           "CONTROL",
                           "REFUSED",
                           "DONE"};
    const uint32_t minimum[] = {40, 40, 12, 16, 12, 16, 24, 24, 20, 12, 16, 12};
    for (uint8_t t = 0; t < 12; t++)
    {
        auto type = static_cast<NetbltPacketType>(t);
        std::ostringstream os;
        os << type;
        NS_TEST_EXPECT_MSG_EQ(os.str(), names[t], "name of type " << +t);
        NS_TEST_EXPECT_MSG_EQ(NetbltHeader::IsKnownType(t), true, "type " << +t);
        NS_TEST_EXPECT_MSG_EQ(NetbltHeader::GetMinimumLength(type), minimum[t], names[t]);
    }
    std::ostringstream os;
    os << static_cast<NetbltPacketType>(12);
    NS_TEST_EXPECT_MSG_EQ(os.str(), "UNKNOWN(12)", "name of an unknown type");
    NS_TEST_EXPECT_MSG_EQ(NetbltHeader::IsKnownType(12), false, "type 12");
    NS_TEST_EXPECT_MSG_EQ(NetbltHeader::IsKnownType(255), false, "type 255");

    // The minimum Length of each type is the size of its emptiest packet.
    NS_TEST_EXPECT_MSG_EQ(NetbltOpenHeader().GetLength(), 40, "empty OPEN");
    NS_TEST_EXPECT_MSG_EQ(NetbltReasonHeader().GetLength(), 16, "empty ABORT");
    NS_TEST_EXPECT_MSG_EQ(NetbltDataHeader().GetLength(), 24, "DATA without data");
    NS_TEST_EXPECT_MSG_EQ(NetbltNullAckHeader().GetLength(), 20, "NULL-ACK");
    NS_TEST_EXPECT_MSG_EQ(NetbltControlHeader().GetLength(), 12, "empty CONTROL");
}

/**
 * @ingroup netblt-tests
 * @brief OPEN and RESPONSE round trips, every field, every flag combination
 *        and client strings around the 4-byte boundaries.
 */
class NetbltOpenHeaderTestCase : public NetbltHeaderTestCase
{
  public:
    NetbltOpenHeaderTestCase();

  private:
    void DoRun() override;
};

NetbltOpenHeaderTestCase::NetbltOpenHeaderTestCase()
    : NetbltHeaderTestCase("NETBLT OPEN and RESPONSE round trips")
{
}

void
NetbltOpenHeaderTestCase::DoRun()
{
    const std::string strings[] = {"", "abc", "abcd", "abcdefg", "a longer client string"};
    uint32_t k = 0;
    for (auto type : {NetbltPacketType::OPEN, NetbltPacketType::RESPONSE})
    {
        for (const std::string& clientString : strings)
        {
            NetbltOpenHeader sent(type);
            sent.SetLocalPort(1000 + k);
            sent.SetForeignPort(2000 + k);
            sent.SetConnectionId(0x80000001 + k);
            sent.SetBufferSize(65536 + k);
            sent.SetTransferSize(0xfffffff0 + k);
            sent.SetDataPacketSize(1438 + k);
            sent.SetBurstSize(5 + k);
            sent.SetBurstRate(40 + k);
            sent.SetDeathTimerValue(60 + k);
            sent.SetChecksumData(k % 2 == 1);
            sent.SetWriteMode(k % 4 >= 2);
            sent.SetMaxOutstandingBuffers(2 + k);
            sent.SetClientString(clientString);
            uint32_t stringField = (clientString.size() + 4) / 4 * 4;
            NS_TEST_ASSERT_MSG_EQ(sent.GetSerializedSize(), 36 + stringField, "size");
            TestHeaderSerialization(sent);
            NetbltOpenHeader r = CheckPacketRoundTrip(sent);
            NS_TEST_EXPECT_MSG_EQ(r.GetType(), type, "type");
            NS_TEST_EXPECT_MSG_EQ(r.GetConnectionId(), 0x80000001 + k, "connection id");
            NS_TEST_EXPECT_MSG_EQ(r.GetBufferSize(), 65536 + k, "buffer size");
            NS_TEST_EXPECT_MSG_EQ(r.GetTransferSize(), 0xfffffff0 + k, "transfer size");
            NS_TEST_EXPECT_MSG_EQ(r.GetDataPacketSize(), 1438 + k, "data packet size");
            NS_TEST_EXPECT_MSG_EQ(r.GetBurstSize(), 5 + k, "burst size");
            NS_TEST_EXPECT_MSG_EQ(r.GetBurstRate(), 40 + k, "burst rate");
            NS_TEST_EXPECT_MSG_EQ(r.GetDeathTimerValue(), 60 + k, "death timer");
            NS_TEST_EXPECT_MSG_EQ(r.GetChecksumData(), (k % 2 == 1), "C flag");
            NS_TEST_EXPECT_MSG_EQ(r.GetWriteMode(), (k % 4 >= 2), "M flag");
            NS_TEST_EXPECT_MSG_EQ(r.GetMaxOutstandingBuffers(), 2 + k, "max outstanding");
            NS_TEST_EXPECT_MSG_EQ(r.GetClientString(), clientString, "client string");
            NS_TEST_EXPECT_MSG_EQ(r.GetLength(), 36 + stringField, "Length");
            k++;
        }
    }

    // The flags word is Reserved(MBZ)|C|M: M is its bit of value 1, C of value 2.
    NetbltOpenHeader flags;
    flags.SetWriteMode(true);
    std::vector<uint8_t> b = SerializeToBytes(flags);
    NS_TEST_EXPECT_MSG_EQ(+b[32], 0, "reserved byte");
    NS_TEST_EXPECT_MSG_EQ(+b[33], 0x01, "M alone");
    flags.SetWriteMode(false);
    flags.SetChecksumData(true);
    b = SerializeToBytes(flags);
    NS_TEST_EXPECT_MSG_EQ(+b[33], 0x02, "C alone");
    // P (extension: padded CONTROL packets) is the next bit up from R.
    flags.SetChecksumData(false);
    flags.SetPaddedControl(true);
    b = SerializeToBytes(flags);
    NS_TEST_EXPECT_MSG_EQ(+b[33], 0x08, "P alone");
    NetbltOpenHeader withP;
    DeserializeBytes(b, withP);
    NS_TEST_EXPECT_MSG_EQ(withP.GetPaddedControl(), true, "P read");
    NS_TEST_EXPECT_MSG_EQ(withP.GetRateReports(), false, "R not set by P");
    // Reserved bits set by a peer are ignored.
    b[32] = 0xff;
    b[33] = 0xfc;
    FixChecksum(b, b.size());
    NetbltOpenHeader r;
    DeserializeBytes(b, r);
    NS_TEST_EXPECT_MSG_EQ(r.IsMalformed(), false, r.GetMalformedReason());
    NS_TEST_EXPECT_MSG_EQ(r.IsChecksumOk(), true, "checksum");
    NS_TEST_EXPECT_MSG_EQ(r.GetChecksumData(), false, "C with only reserved bits");
    NS_TEST_EXPECT_MSG_EQ(r.GetWriteMode(), false, "M with only reserved bits");

    // Extra NUL padding after the client string is accepted.
    NetbltOpenHeader padded;
    padded.SetClientString("ab");
    b = SerializeToBytes(padded);
    b.insert(b.end(), {0, 0, 0, 0});
    b[5] = b.size();
    FixChecksum(b, b.size());
    NS_TEST_ASSERT_MSG_EQ(b.size(), 44, "40 bytes and 4 more NULs");
    NS_TEST_EXPECT_MSG_EQ(DeserializeBytes(b, r), 44, "whole packet consumed");
    NS_TEST_EXPECT_MSG_EQ(r.IsMalformed(), false, r.GetMalformedReason());
    NS_TEST_EXPECT_MSG_EQ(r.GetClientString(), "ab", "client string");
    NS_TEST_EXPECT_MSG_EQ(r.GetLength(), 44, "Length as read");
}

/**
 * @ingroup netblt-tests
 * @brief QUIT, ABORT and REFUSED round trips.
 */
class NetbltReasonHeaderTestCase : public NetbltHeaderTestCase
{
  public:
    NetbltReasonHeaderTestCase();

  private:
    void DoRun() override;
};

NetbltReasonHeaderTestCase::NetbltReasonHeaderTestCase()
    : NetbltHeaderTestCase("NETBLT QUIT, ABORT and REFUSED round trips")
{
}

void
NetbltReasonHeaderTestCase::DoRun()
{
    NS_TEST_EXPECT_MSG_EQ(NetbltReasonHeader().GetType(), NetbltPacketType::ABORT, "default");
    const std::string reasons[] = {"", "ab", "abc", "abcd", "no such client: port 77"};
    uint16_t k = 0;
    for (auto type : {NetbltPacketType::QUIT, NetbltPacketType::ABORT, NetbltPacketType::REFUSED})
    {
        for (const std::string& reason : reasons)
        {
            NetbltReasonHeader sent(type);
            sent.SetLocalPort(k);
            sent.SetForeignPort(k * 3);
            sent.SetReason(reason);
            uint32_t field = (reason.size() + 4) / 4 * 4;
            NS_TEST_ASSERT_MSG_EQ(sent.GetSerializedSize(), 12 + field, "size");
            TestHeaderSerialization(sent);
            NetbltReasonHeader r = CheckPacketRoundTrip(sent);
            NS_TEST_EXPECT_MSG_EQ(r.GetType(), type, "type");
            NS_TEST_EXPECT_MSG_EQ(r.GetReason(), reason, "reason");
            NS_TEST_EXPECT_MSG_EQ(r.GetLocalPort(), k, "local port");
            NS_TEST_EXPECT_MSG_EQ(r.GetForeignPort(), k * 3, "foreign port");
            std::vector<uint8_t> b = SerializeToBytes(sent);
            for (size_t j = 12 + reason.size(); j < b.size(); j++)
            {
                NS_TEST_EXPECT_MSG_EQ(+b[j], 0, "NUL terminator and padding");
            }
            k++;
        }
    }
}

/**
 * @ingroup netblt-tests
 * @brief DATA and LDATA round trips with their data.
 */
class NetbltDataHeaderTestCase : public NetbltHeaderTestCase
{
  public:
    NetbltDataHeaderTestCase();

  private:
    void DoRun() override;
};

NetbltDataHeaderTestCase::NetbltDataHeaderTestCase()
    : NetbltHeaderTestCase("NETBLT DATA and LDATA round trips")
{
}

void
NetbltDataHeaderTestCase::DoRun()
{
    NS_TEST_EXPECT_MSG_EQ(NetbltDataHeader().GetType(), NetbltPacketType::DATA, "default");
    uint32_t k = 0;
    for (auto type : {NetbltPacketType::DATA, NetbltPacketType::LDATA})
    {
        for (uint16_t dataLength : {0, 1, 5, 8, 1438})
        {
            for (bool checksummed : {false, true})
            {
                std::vector<uint8_t> data(dataLength);
                for (uint16_t j = 0; j < dataLength; j++)
                {
                    data[j] = static_cast<uint8_t>(j * 7 + k);
                }
                NetbltDataHeader sent(type);
                sent.SetLocalPort(40000 + k);
                sent.SetForeignPort(50000 + k);
                sent.SetBufferNumber(0xfedcba98 + k);
                sent.SetHighConsecutiveSequence(300 + k);
                sent.SetPacketNumber(0xfff0 + k);
                sent.SetLastBuffer(k % 3 == 0);
                sent.SetDataLength(dataLength);
                sent.SetDataChecksumEnabled(checksummed);
                NS_TEST_ASSERT_MSG_EQ(sent.GetSerializedSize(), 24, "header size");
                NS_TEST_ASSERT_MSG_EQ(sent.GetLength(), 24 + dataLength, "Length");
                if (!checksummed)
                {
                    // Only the header is in this buffer: the data checksum cannot be computed.
                    TestHeaderSerialization(sent);
                }
                NetbltDataHeader r = CheckPacketRoundTrip(sent, data);
                NS_TEST_EXPECT_MSG_EQ(r.GetType(), type, "type");
                NS_TEST_EXPECT_MSG_EQ(r.GetBufferNumber(), 0xfedcba98 + k, "buffer number");
                NS_TEST_EXPECT_MSG_EQ(r.GetHighConsecutiveSequence(), 300 + k, "hcsn");
                NS_TEST_EXPECT_MSG_EQ(r.GetPacketNumber(), static_cast<uint16_t>(0xfff0 + k), "pn");
                NS_TEST_EXPECT_MSG_EQ(r.GetLastBuffer(), (k % 3 == 0), "L flag");
                NS_TEST_EXPECT_MSG_EQ(r.GetDataLength(), dataLength, "data length");
                NS_TEST_EXPECT_MSG_EQ(r.GetLength(), 24 + dataLength, "Length");
                NS_TEST_EXPECT_MSG_EQ(r.GetDataChecksum(), sent.GetDataChecksum(), "field");
                if (checksummed)
                {
                    NS_TEST_EXPECT_MSG_EQ(r.IsDataChecksumOk(), true, "data checksum");
                }
                else
                {
                    NS_TEST_EXPECT_MSG_EQ(sent.GetDataChecksum(), 0, "C not negotiated: 0");
                }
                k++;
            }
        }
    }
}

/**
 * @ingroup netblt-tests
 * @brief NULL-ACK round trips.
 */
class NetbltNullAckHeaderTestCase : public NetbltHeaderTestCase
{
  public:
    NetbltNullAckHeaderTestCase();

  private:
    void DoRun() override;
};

NetbltNullAckHeaderTestCase::NetbltNullAckHeaderTestCase()
    : NetbltHeaderTestCase("NETBLT NULL-ACK round trips")
{
}

void
NetbltNullAckHeaderTestCase::DoRun()
{
    for (uint16_t v : {0, 1, 0x7fff, 0xffff})
    {
        NetbltNullAckHeader sent;
        sent.SetLocalPort(v);
        sent.SetForeignPort(~v);
        sent.SetHighConsecutiveSequence(v);
        sent.SetNewBurstSize(v ^ 0x00ff);
        sent.SetNewBurstRate(v ^ 0xff00);
        NS_TEST_ASSERT_MSG_EQ(sent.GetSerializedSize(), 20, "size");
        TestHeaderSerialization(sent);
        NetbltNullAckHeader r = CheckPacketRoundTrip(sent);
        NS_TEST_EXPECT_MSG_EQ(r.GetType(), NetbltPacketType::NULL_ACK, "type");
        NS_TEST_EXPECT_MSG_EQ(r.GetHighConsecutiveSequence(), v, "hcsn");
        NS_TEST_EXPECT_MSG_EQ(r.GetNewBurstSize(), (v ^ 0x00ff), "burst size");
        NS_TEST_EXPECT_MSG_EQ(r.GetNewBurstRate(), (v ^ 0xff00), "burst rate");
    }
}

/**
 * @ingroup netblt-tests
 * @brief GO, OK and RESEND messages on their own.
 */
class NetbltControlMessageTestCase : public NetbltHeaderTestCase
{
  public:
    NetbltControlMessageTestCase();

  private:
    void DoRun() override;
    /**
     * @brief Serializes @p m, reads it back and checks it.
     * @param m the message
     * @param size its expected size on the wire
     */
    void CheckMessage(const NetbltControlMessage& m, uint32_t size);
};

NetbltControlMessageTestCase::NetbltControlMessageTestCase()
    : NetbltHeaderTestCase("NETBLT GO, OK and RESEND messages")
{
}

void
NetbltControlMessageTestCase::CheckMessage(const NetbltControlMessage& m, uint32_t size)
{
    NS_TEST_ASSERT_MSG_EQ(m.GetSerializedSize(), size, m << ": size");
    Buffer buffer;
    buffer.AddAtStart(size + 4);
    Buffer::Iterator w = buffer.Begin();
    m.Serialize(w);
    NS_TEST_ASSERT_MSG_EQ(w.GetDistanceFrom(buffer.Begin()), size, m << ": bytes written");

    NetbltControlMessage r;
    Buffer::Iterator i = buffer.Begin();
    NS_TEST_EXPECT_MSG_EQ(r.Deserialize(i, size + 4), size, m << ": bytes read");
    NS_TEST_EXPECT_MSG_EQ(i.GetDistanceFrom(buffer.Begin()), size, m << ": iterator advanced");
    NS_TEST_EXPECT_MSG_EQ((r == m), true, m << " read back as " << r);
    NS_TEST_EXPECT_MSG_EQ(r.GetType(), m.GetType(), "type");
    NS_TEST_EXPECT_MSG_EQ(r.GetSequence(), m.GetSequence(), "sequence");
    NS_TEST_EXPECT_MSG_EQ(r.GetBufferNumber(), m.GetBufferNumber(), "buffer");
    NS_TEST_EXPECT_MSG_EQ(r.GetBurstSize(), m.GetBurstSize(), "burst size");
    NS_TEST_EXPECT_MSG_EQ(r.GetBurstRate(), m.GetBurstRate(), "burst rate");
    NS_TEST_EXPECT_MSG_EQ(r.GetControlTimerValue(), m.GetControlTimerValue(), "control timer");
    NS_TEST_EXPECT_MSG_EQ(r.GetMissingPackets().size(), m.GetMissingPackets().size(), "count");

    // One byte short: nothing is read and the iterator stays.
    NetbltControlMessage untouched = NetbltControlMessage::MakeGo(99, 99);
    i = buffer.Begin();
    NS_TEST_EXPECT_MSG_EQ(untouched.Deserialize(i, size - 1), 0, m << ": does not fit");
    NS_TEST_EXPECT_MSG_EQ(i.GetDistanceFrom(buffer.Begin()), 0, m << ": iterator kept");
    NS_TEST_EXPECT_MSG_EQ((untouched == NetbltControlMessage::MakeGo(99, 99)), true, "unchanged");
}

void
NetbltControlMessageTestCase::DoRun()
{
    NetbltControlMessage go = NetbltControlMessage::MakeGo(1, 0xa0b0c0d0);
    NS_TEST_EXPECT_MSG_EQ(go.GetType(), NetbltControlMessage::GO, "GO type");
    NS_TEST_EXPECT_MSG_EQ(go.GetSequence(), 1, "GO sequence");
    NS_TEST_EXPECT_MSG_EQ(go.GetBufferNumber(), 0xa0b0c0d0, "GO buffer");
    NS_TEST_EXPECT_MSG_EQ(go.GetBurstSize(), 0, "GO has no burst size");
    NS_TEST_EXPECT_MSG_EQ(go.GetMissingPackets().empty(), true, "GO has no packets");
    CheckMessage(go, 8);

    NetbltControlMessage ok = NetbltControlMessage::MakeOk(0xfffe, 3, 4, 20, 500);
    NS_TEST_EXPECT_MSG_EQ(ok.GetType(), NetbltControlMessage::OK, "OK type");
    NS_TEST_EXPECT_MSG_EQ(ok.GetSequence(), 0xfffe, "OK sequence");
    NS_TEST_EXPECT_MSG_EQ(ok.GetBufferNumber(), 3, "OK buffer");
    NS_TEST_EXPECT_MSG_EQ(ok.GetBurstSize(), 4, "OK burst size");
    NS_TEST_EXPECT_MSG_EQ(ok.GetBurstRate(), 20, "OK burst rate");
    NS_TEST_EXPECT_MSG_EQ(ok.GetControlTimerValue(), 500, "OK control timer");
    CheckMessage(ok, 16);

    // RESEND: 12 bytes, then 2 per packet number, padded to a multiple of 4.
    const uint32_t sizes[] = {12, 16, 16, 20, 20, 24};
    for (uint16_t n = 0; n < 6; n++)
    {
        std::vector<uint16_t> missing;
        for (uint16_t j = 0; j < n; j++)
        {
            missing.push_back(0xffff - j * 1000);
        }
        NetbltControlMessage resend = NetbltControlMessage::MakeResend(n + 10, n, missing);
        NS_TEST_EXPECT_MSG_EQ(resend.GetType(), NetbltControlMessage::RESEND, "RESEND type");
        NS_TEST_EXPECT_MSG_EQ((resend.GetMissingPackets() == missing), true, "packets");
        CheckMessage(resend, sizes[n]);
    }

    NS_TEST_EXPECT_MSG_EQ((go == NetbltControlMessage::MakeGo(1, 0xa0b0c0d0)), true, "equal");
    NS_TEST_EXPECT_MSG_EQ((go == NetbltControlMessage::MakeGo(2, 0xa0b0c0d0)), false, "seq");
    NS_TEST_EXPECT_MSG_EQ((NetbltControlMessage::MakeResend(1, 2, {3}) ==
                           NetbltControlMessage::MakeResend(1, 2, {4})),
                          false,
                          "packets differ");
    std::ostringstream os;
    os << go << "; " << NetbltControlMessage::MakeResend(5, 6, {7, 8});
    NS_TEST_EXPECT_MSG_EQ(os.str(),
                          "GO seq 1 buffer 2695938256; RESEND seq 5 buffer 6 missing [7 8]",
                          "printed");
}

/**
 * @ingroup netblt-tests
 * @brief CONTROL packets carrying mixes of GO, OK and RESEND messages.
 */
class NetbltControlHeaderTestCase : public NetbltHeaderTestCase
{
  public:
    NetbltControlHeaderTestCase();

  private:
    void DoRun() override;
};

NetbltControlHeaderTestCase::NetbltControlHeaderTestCase()
    : NetbltHeaderTestCase("NETBLT CONTROL round trips with GO, OK and RESEND messages")
{
}

void
NetbltControlHeaderTestCase::DoRun()
{
    NetbltControlHeader empty;
    empty.SetLocalPort(9);
    TestHeaderSerialization(empty);
    NetbltControlHeader r = CheckPacketRoundTrip(empty);
    NS_TEST_EXPECT_MSG_EQ(r.GetMessages().size(), 0, "no message");

    std::vector<NetbltControlMessage> messages = {
        NetbltControlMessage::MakeGo(1, 100),
        NetbltControlMessage::MakeResend(2, 99, {3, 17, 250}), // odd count: 2 bytes padding
        NetbltControlMessage::MakeOk(3, 98, 8, 30, 1200),
        NetbltControlMessage::MakeResend(4, 100, {65535, 0}), // even count: no padding
        NetbltControlMessage::MakeResend(5, 101, {}),
        NetbltControlMessage::MakeGo(6, 102),
        NetbltControlMessage::MakeOk(7, 99, 0xffff, 0xffff, 0xffff),
    };
    NetbltControlHeader sent;
    sent.SetLocalPort(0x0102);
    sent.SetForeignPort(0x0304);
    for (const auto& m : messages)
    {
        sent.AddMessage(m);
    }
    // 8 + 20 + 16 + 16 + 12 + 8 + 16
    NS_TEST_ASSERT_MSG_EQ(sent.GetSerializedSize(), 12 + 96, "size");
    TestHeaderSerialization(sent);
    r = CheckPacketRoundTrip(sent);
    NS_TEST_ASSERT_MSG_EQ(r.GetMessages().size(), messages.size(), "message count");
    for (size_t k = 0; k < messages.size(); k++)
    {
        NS_TEST_EXPECT_MSG_EQ((r.GetMessages()[k] == messages[k]),
                              true,
                              "message " << k << ": " << r.GetMessages()[k] << " sent as "
                                         << messages[k]);
    }

    // A padded CONTROL packet (extension P): zero bytes beyond Length are not read, not
    // checksummed, and do not make the packet malformed.
    std::vector<uint8_t> padded = SerializeToBytes(sent);
    padded.resize(1000, 0);
    NetbltControlHeader fromPadded;
    NS_TEST_EXPECT_MSG_EQ(DeserializeBytes(padded, fromPadded), 12 + 96, "Length bytes read");
    NS_TEST_EXPECT_MSG_EQ(fromPadded.IsMalformed(), false, fromPadded.GetMalformedReason());
    NS_TEST_EXPECT_MSG_EQ(fromPadded.IsChecksumOk(), true, "checksum over Length bytes");
    NS_TEST_EXPECT_MSG_EQ(fromPadded.GetLength(), 12 + 96, "Length");
    NS_TEST_EXPECT_MSG_EQ(fromPadded.GetMessages().size(), messages.size(), "messages");

    // Deserializing into a header that held messages replaces them.
    std::vector<uint8_t> emptyBytes = SerializeToBytes(empty);
    DeserializeBytes(emptyBytes, r);
    NS_TEST_EXPECT_MSG_EQ(r.GetMessages().size(), 0, "previous messages dropped");

    sent.ClearMessages();
    NS_TEST_EXPECT_MSG_EQ(sent.GetMessages().size(), 0, "cleared");
    NS_TEST_EXPECT_MSG_EQ(sent.GetSerializedSize(), 12, "cleared size");
}

/**
 * @ingroup netblt-tests
 * @brief Exact bytes on the wire, written out from the RFC 998 diagrams.
 */
class NetbltWireFormatTestCase : public NetbltHeaderTestCase
{
  public:
    NetbltWireFormatTestCase();

  private:
    void DoRun() override;
};

NetbltWireFormatTestCase::NetbltWireFormatTestCase()
    : NetbltHeaderTestCase("NETBLT exact bytes of OPEN, DATA, NULL-ACK and CONTROL")
{
}

void
NetbltWireFormatTestCase::DoRun()
{
    // In each array below the checksum (first two bytes) is the negation of
    // the ones'-complement sum of the other words; OnesComplementSum() checks
    // that the array is self-consistent before it is compared.

    NetbltOpenHeader open;
    open.SetLocalPort(0x1001);
    open.SetForeignPort(80);
    open.SetConnectionId(0xdeadbeef);
    open.SetBufferSize(65536);
    open.SetTransferSize(1048576);
    open.SetDataPacketSize(1438);
    open.SetBurstSize(5);
    open.SetBurstRate(40);
    open.SetDeathTimerValue(60);
    open.SetChecksumData(true);
    open.SetWriteMode(false);
    open.SetMaxOutstandingBuffers(3);
    open.SetClientString("abcde");
    const std::vector<uint8_t> openBytes = {
        0x21, 0x01, 0x01, 0x00, // checksum, version 1, type OPEN (0)
        0x00, 0x2c, 0x10, 0x01, // Length 44, local port 0x1001
        0x00, 0x50, 0x00, 0x00, // foreign port 80, padding
        0xde, 0xad, 0xbe, 0xef, // connection unique ID
        0x00, 0x01, 0x00, 0x00, // buffer size 65536
        0x00, 0x10, 0x00, 0x00, // transfer size 1048576
        0x05, 0x9e, 0x00, 0x05, // DATA packet size 1438, burst size 5
        0x00, 0x28, 0x00, 0x3c, // burst rate 40 ms, death timer 60 s
        0x00, 0x02, 0x00, 0x03, // Reserved(MBZ)|C=1|M=0, max outstanding buffers 3
        0x61, 0x62, 0x63, 0x64, // client string "abcde"
        0x65, 0x00, 0x00, 0x00, // ... NUL, padding to a longword
    };
    NS_TEST_ASSERT_MSG_EQ(OnesComplementSum(openBytes, 0, openBytes.size()), 0xffff, "OPEN");
    CheckBytes(SerializeToBytes(open), openBytes, "OPEN");
    NS_TEST_EXPECT_MSG_EQ(open.GetChecksum(), 0x2101, "OPEN checksum");

    // DATA: the header, then the data "hello" (not padded: Length 29). The
    // data-area checksum: words 0x6865 0x6c6c 0x6f00; 0x6865 + 0x6c6c = 0xd4d1;
    // 0xd4d1 + 0x6f00 = 0x143d1 -> 0x43d1 + 1 = 0x43d2; ~0x43d2 = 0xbc2d.
    NetbltDataHeader data;
    data.SetLocalPort(0x1001);
    data.SetForeignPort(80);
    data.SetBufferNumber(0x01020304);
    data.SetHighConsecutiveSequence(7);
    data.SetPacketNumber(255);
    data.SetLastBuffer(true);
    data.SetDataLength(5);
    data.SetDataChecksumEnabled(true);
    const std::vector<uint8_t> dataBytes = {
        0x2d, 0x51, 0x01, 0x06, // checksum (of these 24 bytes), version 1, type DATA (6)
        0x00, 0x1d, 0x10, 0x01, // Length 29 = 24 + 5, local port 0x1001
        0x00, 0x50, 0x00, 0x00, // foreign port 80, padding
        0x01, 0x02, 0x03, 0x04, // buffer number
        0x00, 0x07, 0x00, 0xff, // high consecutive sequence number 7, packet number 255
        0xbc, 0x2d, 0x00, 0x01, // data-area checksum, Reserved(MBZ)|L=1
        'h',  'e',  'l',  'l',  'o',
    };
    NS_TEST_ASSERT_MSG_EQ(OnesComplementSum(dataBytes, 0, 24), 0xffff, "DATA header");
    Ptr<Packet> packet = Create<Packet>(reinterpret_cast<const uint8_t*>("hello"), 5);
    packet->AddHeader(data);
    CheckBytes(PacketBytes(packet), dataBytes, "DATA");
    NS_TEST_EXPECT_MSG_EQ(data.GetDataChecksum(), 0xbc2d, "data-area checksum");
    NS_TEST_EXPECT_MSG_EQ(data.GetChecksum(), 0x2d51, "DATA header checksum");

    NetbltNullAckHeader nullAck;
    nullAck.SetLocalPort(80);
    nullAck.SetForeignPort(0x1001);
    nullAck.SetHighConsecutiveSequence(0x0102);
    nullAck.SetNewBurstSize(0x0304);
    nullAck.SetNewBurstRate(0x0506);
    const std::vector<uint8_t> nullAckBytes = {
        0xe5, 0x86, 0x01, 0x08, // checksum, version 1, type NULL-ACK (8)
        0x00, 0x14, 0x00, 0x50, // Length 20, local port 80
        0x10, 0x01, 0x00, 0x00, // foreign port 0x1001, padding
        0x01, 0x02, 0x03, 0x04, // high consecutive sequence number, new burst size
        0x05, 0x06, 0x00, 0x00, // new burst rate, padding
    };
    NS_TEST_ASSERT_MSG_EQ(OnesComplementSum(nullAckBytes, 0, 20), 0xffff, "NULL-ACK");
    CheckBytes(SerializeToBytes(nullAck), nullAckBytes, "NULL-ACK");

    NetbltControlHeader control;
    control.SetLocalPort(80);
    control.SetForeignPort(0x1001);
    control.AddMessage(NetbltControlMessage::MakeGo(1, 0x0a0b0c0d));
    control.AddMessage(NetbltControlMessage::MakeOk(2, 1, 4, 20, 500));
    control.AddMessage(NetbltControlMessage::MakeResend(3, 2, {1, 2, 0x0100}));
    const std::vector<uint8_t> controlBytes = {
        0xd2, 0x3a, 0x01, 0x09, // checksum, version 1, type CONTROL (9)
        0x00, 0x38, 0x00, 0x50, // Length 56, local port 80
        0x10, 0x01, 0x00, 0x00, // foreign port 0x1001, padding
        0x00, 0x00, 0x00, 0x01, // GO: type 0, word padding, sequence number 1
        0x0a, 0x0b, 0x0c, 0x0d, //     buffer number
        0x01, 0x00, 0x00, 0x02, // OK: type 1, word padding, sequence number 2
        0x00, 0x00, 0x00, 0x01, //     buffer number 1
        0x00, 0x04, 0x00, 0x14, //     new offered burst size 4, burst rate 20 ms
        0x01, 0xf4, 0x00, 0x00, //     control timer 500 ms, padding
        0x02, 0x00, 0x00, 0x03, // RESEND: type 2, word padding, sequence number 3
        0x00, 0x00, 0x00, 0x02, //     buffer number 2
        0x00, 0x03, 0x00, 0x00, //     3 missing packets, padding
        0x00, 0x01, 0x00, 0x02, //     packets 1 and 2
        0x01, 0x00, 0x00, 0x00, //     packet 256, padding to a longword
    };
    NS_TEST_ASSERT_MSG_EQ(OnesComplementSum(controlBytes, 0, 56), 0xffff, "CONTROL");
    CheckBytes(SerializeToBytes(control), controlBytes, "CONTROL");
}

/**
 * @ingroup netblt-tests
 * @brief The data-area checksum of DATA packets and what corruption does.
 */
class NetbltDataChecksumTestCase : public NetbltHeaderTestCase
{
  public:
    NetbltDataChecksumTestCase();

  private:
    void DoRun() override;
};

NetbltDataChecksumTestCase::NetbltDataChecksumTestCase()
    : NetbltHeaderTestCase("NETBLT DATA checksums: data area, header, corruption")
{
}

void
NetbltDataChecksumTestCase::DoRun()
{
    NetbltDataHeader sent(NetbltPacketType::LDATA);
    sent.SetBufferNumber(12);
    sent.SetPacketNumber(34);
    sent.SetDataLength(5);
    sent.SetDataChecksumEnabled(true);
    Ptr<Packet> packet = Create<Packet>(reinterpret_cast<const uint8_t*>("hello"), 5);
    packet->AddHeader(sent);
    // Hand-computed above (NetbltWireFormatTestCase): "hello" sums to 0x43d2.
    NS_TEST_ASSERT_MSG_EQ(sent.GetDataChecksum(), 0xbc2d, "data-area checksum of \"hello\"");
    const std::vector<uint8_t> good = PacketBytes(packet);
    NS_TEST_ASSERT_MSG_EQ(good.size(), 29, "packet size");

    NetbltDataHeader r;
    NS_TEST_EXPECT_MSG_EQ(DeserializeBytes(good, r), 24, "header consumed");
    NS_TEST_EXPECT_MSG_EQ(r.IsChecksumOk(), true, "header checksum");
    NS_TEST_EXPECT_MSG_EQ(r.IsDataChecksumOk(), true, "data checksum");
    NS_TEST_EXPECT_MSG_EQ(r.GetDataChecksum(), 0xbc2d, "field read");

    // A flipped data byte: the data checksum fails, the header's does not.
    std::vector<uint8_t> bytes = good;
    bytes[24 + 2] ^= 0x01;
    DeserializeBytes(bytes, r);
    NS_TEST_EXPECT_MSG_EQ(r.IsMalformed(), false, r.GetMalformedReason());
    NS_TEST_EXPECT_MSG_EQ(r.IsChecksumOk(), true, "header untouched");
    NS_TEST_EXPECT_MSG_EQ(r.IsDataChecksumOk(), false, "data corrupted");

    // A flipped header byte (packet number): the header checksum fails.
    bytes = good;
    bytes[19] ^= 0x80;
    DeserializeBytes(bytes, r);
    NS_TEST_EXPECT_MSG_EQ(r.IsChecksumOk(), false, "header corrupted");
    NS_TEST_EXPECT_MSG_EQ(r.IsDataChecksumOk(), true, "data untouched");

    // The header checksum covers the data-area checksum field too.
    bytes = good;
    bytes[20] ^= 0x10;
    DeserializeBytes(bytes, r);
    NS_TEST_EXPECT_MSG_EQ(r.IsChecksumOk(), false, "data-area checksum field corrupted");
    NS_TEST_EXPECT_MSG_EQ(r.IsDataChecksumOk(), false, "field no longer matches");

    // Padding after the data (not counted in Length) is not summed.
    bytes = good;
    bytes.insert(bytes.end(), {0xaa, 0xbb, 0xcc});
    DeserializeBytes(bytes, r);
    NS_TEST_EXPECT_MSG_EQ(r.IsDataChecksumOk(), true, "padding ignored");
    NS_TEST_EXPECT_MSG_EQ(r.GetDataLength(), 5, "data length from Length");

    // Data truncated: no data checksum can be verified.
    bytes = good;
    bytes.resize(27);
    DeserializeBytes(bytes, r);
    NS_TEST_EXPECT_MSG_EQ(r.IsMalformed(), true, "truncated");
    NS_TEST_EXPECT_MSG_EQ(r.IsDataChecksumOk(), false, "truncated data");
    NS_TEST_EXPECT_MSG_EQ(r.IsChecksumOk(), true, "the header itself is whole");

    // C not negotiated: the field is 0 and the header checksum still covers the header.
    NetbltDataHeader plain;
    plain.SetDataLength(5);
    packet = Create<Packet>(reinterpret_cast<const uint8_t*>("hello"), 5);
    packet->AddHeader(plain);
    bytes = PacketBytes(packet);
    NS_TEST_EXPECT_MSG_EQ(+bytes[20], 0, "data-area checksum field");
    NS_TEST_EXPECT_MSG_EQ(+bytes[21], 0, "data-area checksum field");
    NS_TEST_EXPECT_MSG_EQ(OnesComplementSum(bytes, 0, 24), 0xffff, "header checksum");
    DeserializeBytes(bytes, r);
    NS_TEST_EXPECT_MSG_EQ(r.IsChecksumOk(), true, "header checksum");
    NS_TEST_EXPECT_MSG_EQ(r.GetDataChecksum(), 0, "field");
}

/**
 * @ingroup netblt-tests
 * @brief Malformed and truncated packets are reported, never read past.
 */
class NetbltHeaderMalformedTestCase : public NetbltHeaderTestCase
{
  public:
    NetbltHeaderMalformedTestCase();

  private:
    void DoRun() override;
    /**
     * @brief Deserializes @p bytes into @p header and checks that it is
     *        reported malformed for the expected reason.
     * @param bytes the packet
     * @param header the header to fill
     * @param reasonPart a part of the expected GetMalformedReason()
     * @param what what is tested, for messages
     * @return the value Deserialize() returned
     */
    uint32_t CheckMalformed(const std::vector<uint8_t>& bytes,
                            NetbltHeader& header,
                            const std::string& reasonPart,
                            const std::string& what);
    /**
     * @brief Deserializes every prefix of @p bytes, and @p bytes with each
     *        byte inverted, into every header class.
     * @param bytes a well-formed packet
     * @param headerLength its header length (24 for DATA, else its size)
     */
    void Sweep(const std::vector<uint8_t>& bytes, uint32_t headerLength);
};

NetbltHeaderMalformedTestCase::NetbltHeaderMalformedTestCase()
    : NetbltHeaderTestCase("NETBLT malformed and truncated packets")
{
}

uint32_t
NetbltHeaderMalformedTestCase::CheckMalformed(const std::vector<uint8_t>& bytes,
                                              NetbltHeader& header,
                                              const std::string& reasonPart,
                                              const std::string& what)
{
    uint32_t consumed = DeserializeBytes(bytes, header);
    NS_TEST_EXPECT_MSG_EQ(header.IsMalformed(), true, what);
    NS_TEST_EXPECT_MSG_NE(header.GetMalformedReason().find(reasonPart),
                          std::string::npos,
                          what << ": reason \"" << header.GetMalformedReason() << "\"");
    NS_TEST_EXPECT_MSG_LT_OR_EQ(consumed, bytes.size(), what << ": consumed");
    return consumed;
}

void
NetbltHeaderMalformedTestCase::Sweep(const std::vector<uint8_t>& bytes, uint32_t headerLength)
{
    NetbltHeader common;
    NetbltOpenHeader open;
    NetbltReasonHeader reason;
    NetbltDataHeader data;
    NetbltNullAckHeader nullAck;
    NetbltControlHeader control;
    NetbltHeader* all[] = {&common, &open, &reason, &data, &nullAck, &control};
    NetbltHeader* own = nullptr;
    for (NetbltHeader* h : all)
    {
        DeserializeBytes(bytes, *h);
        if (!h->IsMalformed())
        {
            own = h;
        }
    }
    NS_TEST_ASSERT_MSG_NE(own, nullptr, "one class reads the packet");
    NS_TEST_ASSERT_MSG_EQ(own->IsChecksumOk(), true, "the packet is correct");

    for (size_t size = 0; size <= bytes.size(); size++)
    {
        std::vector<uint8_t> prefix(bytes.begin(), bytes.begin() + size);
        for (NetbltHeader* h : all)
        {
            uint32_t consumed = DeserializeBytes(prefix, *h);
            NS_TEST_EXPECT_MSG_LT_OR_EQ(consumed, size, "prefix of " << size);
        }
        if (size < bytes.size())
        {
            NS_TEST_EXPECT_MSG_EQ(own->IsMalformed(), true, own->GetType() << " cut at " << size);
        }
    }
    for (size_t k = 0; k < headerLength; k++)
    {
        std::vector<uint8_t> corrupted = bytes;
        corrupted[k] ^= 0xff;
        for (NetbltHeader* h : all)
        {
            uint32_t consumed = DeserializeBytes(corrupted, *h);
            NS_TEST_EXPECT_MSG_LT_OR_EQ(consumed, bytes.size(), "corrupted byte " << k);
        }
        DeserializeBytes(corrupted, *own);
        NS_TEST_EXPECT_MSG_EQ((!own->IsChecksumOk() || own->IsMalformed()),
                              true,
                              "inverted byte " << k << " noticed");
    }
}

void
NetbltHeaderMalformedTestCase::DoRun()
{
    // Fewer than 12 bytes.
    NetbltHeader common;
    NS_TEST_EXPECT_MSG_EQ(CheckMalformed({1, 2, 3, 4, 5}, common, "fewer than", "5 bytes"),
                          0,
                          "nothing consumed");

    // Truncated: Length 44 but only 30 bytes present.
    NetbltOpenHeader open;
    open.SetClientString("abcde");
    std::vector<uint8_t> openBytes = SerializeToBytes(open);
    std::vector<uint8_t> bytes(openBytes.begin(), openBytes.begin() + 30);
    NetbltOpenHeader openIn;
    NS_TEST_EXPECT_MSG_EQ(CheckMalformed(bytes, openIn, "exceeds", "truncated OPEN"),
                          30,
                          "consumed what was there");
    NS_TEST_EXPECT_MSG_EQ(openIn.IsChecksumOk(), false, "not verifiable");
    NS_TEST_EXPECT_MSG_EQ(openIn.GetLength(), 44, "Length read");
    // The same through a Packet, bounded by RemoveHeader(header, size).
    Ptr<Packet> packet = Create<Packet>(openBytes.data(), openBytes.size());
    NS_TEST_EXPECT_MSG_EQ(packet->RemoveHeader(openIn, 40), 40, "bounded");
    NS_TEST_EXPECT_MSG_EQ(openIn.IsMalformed(), true, "bounded by size");
    NS_TEST_EXPECT_MSG_EQ(packet->GetSize(), 4, "4 bytes left");

    // A string without NUL: REFUSED "abc" with its NUL overwritten.
    NetbltReasonHeader refused(NetbltPacketType::REFUSED);
    refused.SetReason("abc");
    bytes = SerializeToBytes(refused);
    NS_TEST_ASSERT_MSG_EQ(bytes.size(), 16, "REFUSED size");
    bytes[15] = 'd';
    FixChecksum(bytes, bytes.size());
    NetbltReasonHeader reasonIn;
    NS_TEST_EXPECT_MSG_EQ(CheckMalformed(bytes, reasonIn, "no NUL", "string without NUL"),
                          16,
                          "consumed");
    NS_TEST_EXPECT_MSG_EQ(reasonIn.IsChecksumOk(), true, "checksum fixed: only the string is bad");
    // ... and in an OPEN.
    bytes = openBytes;
    bytes[41] = 'f';
    bytes[42] = 'g';
    bytes[43] = 'h';
    FixChecksum(bytes, bytes.size());
    CheckMalformed(bytes, openIn, "client string has no NUL", "client string without NUL");

    // Length not a multiple of 4: a 5-byte reason field.
    bytes = SerializeToBytes(refused);
    bytes.push_back(0);
    bytes[5] = 17;
    FixChecksum(bytes, bytes.size());
    CheckMalformed(bytes, reasonIn, "multiple of 4", "Length 17");

    // Length below the minimum of the type.
    NetbltNullAckHeader nullAck;
    bytes = SerializeToBytes(nullAck);
    bytes[5] = 16;
    FixChecksum(bytes, 16);
    NetbltNullAckHeader nullAckIn;
    CheckMalformed(bytes, nullAckIn, "below the minimum 20", "NULL-ACK Length 16");
    bytes = openBytes;
    bytes[5] = 36;
    CheckMalformed(bytes, openIn, "below the minimum 40", "OPEN Length 36");
    bytes = SerializeToBytes(NetbltHeader(NetbltPacketType::DONE));
    bytes[5] = 8;
    CheckMalformed(bytes, common, "below the minimum 12", "DONE Length 8");
    NetbltDataHeader dataIn;
    bytes = SerializeToBytes(NetbltDataHeader());
    bytes[5] = 20;
    CheckMalformed(bytes, dataIn, "below the minimum 24", "DATA Length 20");
    NS_TEST_EXPECT_MSG_EQ(dataIn.GetDataLength(), 0, "no data");

    // Bytes left over after the last field of a fixed-size packet.
    bytes = SerializeToBytes(nullAck);
    bytes.insert(bytes.end(), {0, 0, 0, 0});
    bytes[5] = 24;
    FixChecksum(bytes, bytes.size());
    NS_TEST_EXPECT_MSG_EQ(CheckMalformed(bytes, nullAckIn, "left over", "NULL-ACK of 24"),
                          24,
                          "whole packet consumed");

    // Unknown control message type, after a good OK message.
    NetbltControlHeader control;
    control.AddMessage(NetbltControlMessage::MakeOk(1, 2, 3, 4, 5));
    control.AddMessage(NetbltControlMessage::MakeGo(2, 3));
    std::vector<uint8_t> controlBytes = SerializeToBytes(control);
    NS_TEST_ASSERT_MSG_EQ(controlBytes.size(), 36, "CONTROL size");
    bytes = controlBytes;
    bytes[28] = 7;
    FixChecksum(bytes, bytes.size());
    NetbltControlHeader controlIn;
    CheckMalformed(bytes, controlIn, "unknown control message type 7", "message type 7");
    NS_TEST_EXPECT_MSG_EQ(controlIn.GetMessages().size(), 1, "the OK before it is kept");

    // Trailing bytes that are not a whole control message.
    bytes = controlBytes;
    bytes.insert(bytes.end(), {0, 0, 0, 0});
    bytes[5] = 40;
    FixChecksum(bytes, bytes.size());
    CheckMalformed(bytes, controlIn, "too few for a control message", "4 trailing bytes");
    NS_TEST_EXPECT_MSG_EQ(controlIn.GetMessages().size(), 2, "both messages kept");

    // A RESEND whose count overflows the packet.
    NetbltControlHeader resend;
    resend.AddMessage(NetbltControlMessage::MakeResend(1, 2, {3, 4, 5}));
    std::vector<uint8_t> resendBytes = SerializeToBytes(resend);
    NS_TEST_ASSERT_MSG_EQ(resendBytes.size(), 32, "RESEND packet size");
    for (uint16_t count : {5, 100, 0xffff})
    {
        bytes = resendBytes;
        bytes[20] = count >> 8;
        bytes[21] = count & 0xff;
        FixChecksum(bytes, bytes.size());
        CheckMalformed(bytes, controlIn, "RESEND message lists", "RESEND count overflow");
        NS_TEST_EXPECT_MSG_EQ(controlIn.GetMessages().size(), 0, "no message");
    }
    // A RESEND cut inside its fixed fields.
    bytes = resendBytes;
    bytes.resize(20);
    bytes[5] = 20;
    FixChecksum(bytes, bytes.size());
    CheckMalformed(bytes, controlIn, "RESEND message needs at least 12", "RESEND of 8 bytes");

    // A type that the class does not read, and a type that does not exist.
    NetbltDataHeader wrongClass;
    NS_TEST_EXPECT_MSG_EQ(CheckMalformed(openBytes, wrongClass, "cannot be read", "OPEN as DATA"),
                          12,
                          "common header consumed");
    NS_TEST_EXPECT_MSG_EQ(wrongClass.IsDataChecksumOk(), false, "no data checksum");
    bytes = SerializeToBytes(NetbltHeader());
    CheckMalformed(bytes, controlIn, "KEEPALIVE packet cannot be read", "KEEPALIVE as CONTROL");
    bytes[3] = 12;
    FixChecksum(bytes, bytes.size());
    CheckMalformed(bytes, common, "unknown packet type 12", "type 12");

    // No prefix nor inverted byte of any packet is read past its end or missed.
    Sweep(openBytes, openBytes.size());
    Sweep(SerializeToBytes(refused), 16);
    Sweep(SerializeToBytes(nullAck), 20);
    Sweep(controlBytes, controlBytes.size());
    Sweep(resendBytes, resendBytes.size());
    Sweep(SerializeToBytes(NetbltHeader(NetbltPacketType::QUITACK)), 12);
    NetbltDataHeader data;
    data.SetDataLength(6);
    data.SetDataChecksumEnabled(true);
    packet = Create<Packet>(reinterpret_cast<const uint8_t*>("abcdef"), 6);
    packet->AddHeader(data);
    Sweep(PacketBytes(packet), 24);
}

/**
 * @ingroup netblt-tests
 * @brief NetbltHeader::PeekCommonFields().
 */
class NetbltPeekCommonFieldsTestCase : public NetbltHeaderTestCase
{
  public:
    NetbltPeekCommonFieldsTestCase();

  private:
    void DoRun() override;
};

NetbltPeekCommonFieldsTestCase::NetbltPeekCommonFieldsTestCase()
    : NetbltHeaderTestCase("NETBLT PeekCommonFields")
{
}

void
NetbltPeekCommonFieldsTestCase::DoRun()
{
    NetbltHeader common;
    common.SetLocalPort(77);
    const uint8_t five[] = {0, 1, 2, 3, 4};
    NS_TEST_EXPECT_MSG_EQ(NetbltHeader::PeekCommonFields(Create<Packet>(five, 5), common),
                          false,
                          "5-byte packet");
    NS_TEST_EXPECT_MSG_EQ(common.GetLocalPort(), 77, "header unchanged");

    NetbltDataHeader data(NetbltPacketType::LDATA);
    data.SetLocalPort(1234);
    data.SetForeignPort(4321);
    data.SetVersion(9);
    data.SetDataLength(100);
    Ptr<Packet> packet = Create<Packet>(100);
    packet->AddHeader(data);
    NS_TEST_ASSERT_MSG_EQ(NetbltHeader::PeekCommonFields(packet, common), true, "LDATA packet");
    NS_TEST_EXPECT_MSG_EQ(packet->GetSize(), 124, "nothing removed");
    NS_TEST_EXPECT_MSG_EQ(common.GetType(), NetbltPacketType::LDATA, "type");
    NS_TEST_EXPECT_MSG_EQ(+common.GetVersion(), 9, "version");
    NS_TEST_EXPECT_MSG_EQ(common.GetLength(), 124, "Length");
    NS_TEST_EXPECT_MSG_EQ(common.GetLocalPort(), 1234, "local port");
    NS_TEST_EXPECT_MSG_EQ(common.GetForeignPort(), 4321, "foreign port");
    NS_TEST_EXPECT_MSG_EQ(common.GetChecksum(), data.GetChecksum(), "checksum field");
    NS_TEST_EXPECT_MSG_EQ(common.IsMalformed(), false, "nothing verified");
    NS_TEST_EXPECT_MSG_EQ(common.IsChecksumOk(), false, "nothing verified");

    // An unknown type is reported as read; choosing a class is the caller's job.
    const uint8_t unknown[] = {0, 0, 1, 200, 0, 12, 0, 1, 0, 2, 0, 0};
    NS_TEST_ASSERT_MSG_EQ(NetbltHeader::PeekCommonFields(Create<Packet>(unknown, 12), common),
                          true,
                          "12 bytes");
    NS_TEST_EXPECT_MSG_EQ(static_cast<uint32_t>(common.GetType()), 200, "type number");
    NS_TEST_EXPECT_MSG_EQ(NetbltHeader::IsKnownType(static_cast<uint8_t>(common.GetType())),
                          false,
                          "unknown type");
}

/**
 * @ingroup netblt-tests
 * @brief The NETBLT header test suite.
 */
class NetbltHeaderTestSuite : public TestSuite
{
  public:
    NetbltHeaderTestSuite();
};

NetbltHeaderTestSuite::NetbltHeaderTestSuite()
    : TestSuite("netblt-header", Type::UNIT)
{
    AddTestCase(new NetbltChecksumTestCase, TestCase::Duration::QUICK);
    AddTestCase(new NetbltCommonHeaderTestCase, TestCase::Duration::QUICK);
    AddTestCase(new NetbltOpenHeaderTestCase, TestCase::Duration::QUICK);
    AddTestCase(new NetbltReasonHeaderTestCase, TestCase::Duration::QUICK);
    AddTestCase(new NetbltDataHeaderTestCase, TestCase::Duration::QUICK);
    AddTestCase(new NetbltNullAckHeaderTestCase, TestCase::Duration::QUICK);
    AddTestCase(new NetbltControlMessageTestCase, TestCase::Duration::QUICK);
    AddTestCase(new NetbltControlHeaderTestCase, TestCase::Duration::QUICK);
    AddTestCase(new NetbltWireFormatTestCase, TestCase::Duration::QUICK);
    AddTestCase(new NetbltDataChecksumTestCase, TestCase::Duration::QUICK);
    AddTestCase(new NetbltHeaderMalformedTestCase, TestCase::Duration::QUICK);
    AddTestCase(new NetbltPeekCommonFieldsTestCase, TestCase::Duration::QUICK);
}

/// Static variable for test initialization.
static NetbltHeaderTestSuite g_netbltHeaderTestSuite;
