/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-header.h"

#include "netblt-checksum.h"
#include "netblt-control-header.h"
#include "netblt-data-header.h"
#include "netblt-null-ack-header.h"
#include "netblt-open-header.h"
#include "netblt-reason-header.h"

#include "ns3/abort.h"
#include "ns3/assert.h"
#include "ns3/log.h"

#include <algorithm>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NetbltHeader");

NS_OBJECT_ENSURE_REGISTERED(NetbltHeader);

std::ostream&
operator<<(std::ostream& os, NetbltPacketType type)
{
    switch (type)
    {
    case NetbltPacketType::OPEN:
        return os << "OPEN";
    case NetbltPacketType::RESPONSE:
        return os << "RESPONSE";
    case NetbltPacketType::KEEPALIVE:
        return os << "KEEPALIVE";
    case NetbltPacketType::QUIT:
        return os << "QUIT";
    case NetbltPacketType::QUITACK:
        return os << "QUITACK";
    case NetbltPacketType::ABORT:
        return os << "ABORT";
    case NetbltPacketType::DATA:
        return os << "DATA";
    case NetbltPacketType::LDATA:
        return os << "LDATA";
    case NetbltPacketType::NULL_ACK:
        return os << "NULL-ACK";
    case NetbltPacketType::CONTROL:
        return os << "CONTROL";
    case NetbltPacketType::REFUSED:
        return os << "REFUSED";
    case NetbltPacketType::DONE:
        return os << "DONE";
    }
    return os << "UNKNOWN(" << static_cast<uint32_t>(type) << ")";
}

NetbltHeader::NetbltHeader()
    : m_type(NetbltPacketType::KEEPALIVE),
      m_version(DEFAULT_VERSION),
      m_localPort(0),
      m_foreignPort(0),
      m_checksum(0),
      m_wireLength(0),
      m_lengthFromWire(false),
      m_checksumOk(false)
{
    NS_LOG_FUNCTION(this);
}

NetbltHeader::NetbltHeader(NetbltPacketType type)
    : NetbltHeader()
{
    NS_LOG_FUNCTION(this << type);
    SetType(type);
}

TypeId
NetbltHeader::GetTypeId()
{
    static TypeId tid = TypeId("ns3::NetbltHeader")
                            .SetParent<Header>()
                            .SetGroupName("Netblt")
                            .AddConstructor<NetbltHeader>();
    return tid;
}

TypeId
NetbltHeader::GetInstanceTypeId() const
{
    return GetTypeId();
}

void
NetbltHeader::SetType(NetbltPacketType type)
{
    NS_LOG_FUNCTION(this << type);
    NS_ABORT_MSG_UNLESS(IsKnownType(static_cast<uint8_t>(type)) && AcceptsType(type),
                        GetInstanceTypeId().GetName()
                            << " cannot represent a " << type << " packet");
    m_type = type;
}

NetbltPacketType
NetbltHeader::GetType() const
{
    return m_type;
}

void
NetbltHeader::SetVersion(uint8_t version)
{
    m_version = version;
}

uint8_t
NetbltHeader::GetVersion() const
{
    return m_version;
}

void
NetbltHeader::SetLocalPort(uint16_t port)
{
    m_localPort = port;
}

uint16_t
NetbltHeader::GetLocalPort() const
{
    return m_localPort;
}

void
NetbltHeader::SetForeignPort(uint16_t port)
{
    m_foreignPort = port;
}

uint16_t
NetbltHeader::GetForeignPort() const
{
    return m_foreignPort;
}

uint16_t
NetbltHeader::GetLength() const
{
    return m_lengthFromWire ? m_wireLength : static_cast<uint16_t>(ComputeLength());
}

uint16_t
NetbltHeader::GetChecksum() const
{
    return m_checksum;
}

bool
NetbltHeader::IsChecksumOk() const
{
    return m_checksumOk;
}

bool
NetbltHeader::IsMalformed() const
{
    return !m_malformedReason.empty();
}

std::string
NetbltHeader::GetMalformedReason() const
{
    return m_malformedReason;
}

uint32_t
NetbltHeader::GetMinimumLength(NetbltPacketType type)
{
    switch (type)
    {
    case NetbltPacketType::OPEN:
    case NetbltPacketType::RESPONSE:
        return 40;
    case NetbltPacketType::QUIT:
    case NetbltPacketType::ABORT:
    case NetbltPacketType::REFUSED:
        return 16;
    case NetbltPacketType::DATA:
    case NetbltPacketType::LDATA:
        return 24;
    case NetbltPacketType::NULL_ACK:
        return 20;
    case NetbltPacketType::KEEPALIVE:
    case NetbltPacketType::QUITACK:
    case NetbltPacketType::DONE:
    case NetbltPacketType::CONTROL:
        return COMMON_SIZE;
    }
    return COMMON_SIZE;
}

bool
NetbltHeader::IsKnownType(uint8_t type)
{
    return type <= static_cast<uint8_t>(NetbltPacketType::DONE);
}

bool
NetbltHeader::PeekCommonFields(Ptr<const Packet> packet, NetbltHeader& common)
{
    NS_LOG_FUNCTION(packet << &common);
    if (packet->GetSize() < COMMON_SIZE)
    {
        return false;
    }
    uint8_t bytes[COMMON_SIZE];
    packet->CopyData(bytes, COMMON_SIZE);
    common.m_checksum = static_cast<uint16_t>((bytes[0] << 8) | bytes[1]);
    common.m_version = bytes[2];
    common.m_type = static_cast<NetbltPacketType>(bytes[3]);
    common.m_wireLength = static_cast<uint16_t>((bytes[4] << 8) | bytes[5]);
    common.m_lengthFromWire = true;
    common.m_localPort = static_cast<uint16_t>((bytes[6] << 8) | bytes[7]);
    common.m_foreignPort = static_cast<uint16_t>((bytes[8] << 8) | bytes[9]);
    common.m_checksumOk = false;
    common.m_malformedReason.clear();
    return true;
}

std::string
NetbltHeader::CheckCommonFields(Ptr<Packet> packet, uint8_t version, NetbltHeader& common)
{
    if (!PeekCommonFields(packet, common))
    {
        return "shorter than the 12-byte common header";
    }
    uint8_t rawType = static_cast<uint8_t>(common.GetType());
    if (!IsKnownType(rawType))
    {
        return "unknown packet type " + std::to_string(rawType);
    }
    if (common.GetVersion() != version)
    {
        return "version " + std::to_string(common.GetVersion());
    }
    NetbltPacketType type = common.GetType();
    uint32_t length = common.GetLength();
    if (length < GetMinimumLength(type) || length > packet->GetSize())
    {
        return "length field " + std::to_string(length) + " with " +
               std::to_string(packet->GetSize()) + " bytes present";
    }
    if (type != NetbltPacketType::DATA && type != NetbltPacketType::LDATA && length % 4 != 0)
    {
        return "length " + std::to_string(length) + " not a multiple of 4";
    }
    // DATA/LDATA carry 0-3 bytes of longword padding after the data, outside the length.
    packet->RemoveAtEnd(packet->GetSize() - length);
    return "";
}

std::shared_ptr<NetbltHeader>
NetbltHeader::CreateForType(NetbltPacketType type)
{
    switch (type)
    {
    case NetbltPacketType::OPEN:
    case NetbltPacketType::RESPONSE:
        return std::make_shared<NetbltOpenHeader>(type);
    case NetbltPacketType::QUIT:
    case NetbltPacketType::ABORT:
    case NetbltPacketType::REFUSED:
        return std::make_shared<NetbltReasonHeader>(type);
    case NetbltPacketType::DATA:
    case NetbltPacketType::LDATA:
        return std::make_shared<NetbltDataHeader>(type);
    case NetbltPacketType::NULL_ACK:
        return std::make_shared<NetbltNullAckHeader>();
    case NetbltPacketType::CONTROL:
        return std::make_shared<NetbltControlHeader>();
    default:
        return std::make_shared<NetbltHeader>(type);
    }
}

uint32_t
NetbltHeader::GetSerializedSize() const
{
    return COMMON_SIZE + GetBodySize();
}

void
NetbltHeader::Serialize(Buffer::Iterator start) const
{
    NS_LOG_FUNCTION(this);
    uint32_t length = ComputeLength();
    NS_ABORT_MSG_IF(length > 0xffff,
                    "NETBLT " << m_type << " packet of " << length
                              << " bytes does not fit the 16-bit Length field");
    m_lengthFromWire = false;

    Buffer::Iterator i = start;
    i.WriteHtonU16(0); // checksum, written last
    i.WriteU8(m_version);
    i.WriteU8(static_cast<uint8_t>(m_type));
    i.WriteHtonU16(static_cast<uint16_t>(length));
    i.WriteHtonU16(m_localPort);
    i.WriteHtonU16(m_foreignPort);
    i.WriteHtonU16(GetAlignmentField());
    SerializeBody(i);

    // The checksum field is zero while it is summed, so summing from the next
    // word on gives the same result.
    Buffer::Iterator covered = start;
    covered.Next(2);
    m_checksum = NetbltChecksum(covered, GetChecksummedLength() - 2);
    start.WriteHtonU16(m_checksum);
}

uint32_t
NetbltHeader::Deserialize(Buffer::Iterator start)
{
    return DeserializeFrom(start, start.GetRemainingSize());
}

uint32_t
NetbltHeader::Deserialize(Buffer::Iterator start, Buffer::Iterator end)
{
    return DeserializeFrom(start, std::min(end.GetDistanceFrom(start), start.GetRemainingSize()));
}

uint32_t
NetbltHeader::DeserializeFrom(Buffer::Iterator start, uint32_t present)
{
    NS_LOG_FUNCTION(this << present);
    m_malformedReason.clear();
    m_checksumOk = false;
    if (present < COMMON_SIZE)
    {
        std::ostringstream reason;
        reason << "only " << present << " bytes present, fewer than the " << COMMON_SIZE
               << "-byte common header";
        SetMalformed(reason.str());
        return 0;
    }

    Buffer::Iterator i = start;
    m_checksum = i.ReadNtohU16();
    m_version = i.ReadU8();
    m_type = static_cast<NetbltPacketType>(i.ReadU8());
    m_wireLength = i.ReadNtohU16();
    m_lengthFromWire = true;
    m_localPort = i.ReadNtohU16();
    m_foreignPort = i.ReadNtohU16();
    SetAlignmentField(i.ReadNtohU16());

    // The reasons are put into words only for a malformed packet: a stream costs more to make
    // than reading a good packet.
    const auto malformed = [this](const auto&... parts) {
        std::ostringstream reason;
        (reason << ... << parts);
        SetMalformed(reason.str());
    };
    if (!IsKnownType(static_cast<uint8_t>(m_type)))
    {
        malformed("unknown packet type ", static_cast<uint32_t>(m_type));
        return COMMON_SIZE;
    }
    if (!AcceptsType(m_type))
    {
        malformed(m_type, " packet cannot be read by ", GetInstanceTypeId().GetName());
        return COMMON_SIZE;
    }
    if (m_wireLength < GetMinimumLength(m_type))
    {
        malformed("Length ",
                  m_wireLength,
                  " is below the minimum ",
                  GetMinimumLength(m_type),
                  " of a ",
                  m_type,
                  " packet");
    }
    else if (m_wireLength > present)
    {
        malformed("Length ",
                  m_wireLength,
                  " exceeds the ",
                  present,
                  " bytes present (truncated packet)");
    }

    // Read no further than the packet (Length) and the buffer allow.
    uint32_t bounded = std::min<uint32_t>(m_wireLength, present);
    uint32_t available = bounded > COMMON_SIZE ? bounded - COMMON_SIZE : 0;
    uint32_t bodyRead = DeserializeBody(i, available);
    NS_ASSERT_MSG(bodyRead <= available && i.GetDistanceFrom(start) == COMMON_SIZE + bodyRead,
                  "DeserializeBody() read past the bytes it was given or misreported them");

    // The header is all of the packet but the payload (the data of DATA/LDATA).
    uint32_t payload = std::min(GetPayloadLength(), static_cast<uint32_t>(m_wireLength));
    uint32_t headerLength = m_wireLength - payload;
    uint32_t consumed = std::max(COMMON_SIZE + bodyRead, std::min(headerLength, bounded));
    if (headerLength % 4 != 0)
    {
        malformed(m_type,
                  " header of ",
                  headerLength,
                  " bytes is not a multiple of 4 (packets are longword aligned)");
    }
    else if (COMMON_SIZE + bodyRead < consumed)
    {
        malformed(consumed - COMMON_SIZE - bodyRead,
                  " bytes left over after the last field of a ",
                  m_type,
                  " packet");
    }

    uint32_t checksummed = GetChecksummedLength();
    if (checksummed >= COMMON_SIZE && checksummed <= present)
    {
        Buffer::Iterator covered = start;
        covered.Next(2);
        m_checksumOk = NetbltChecksum(covered, checksummed - 2) == m_checksum;
    }
    NS_LOG_LOGIC("read " << consumed << " bytes: " << *this);
    return consumed;
}

void
NetbltHeader::Print(std::ostream& os) const
{
    std::ios_base::fmtflags flags = os.flags();
    os << m_type << " version " << static_cast<uint32_t>(m_version) << " length " << GetLength()
       << " " << m_localPort << " > " << m_foreignPort << " checksum 0x" << std::hex << m_checksum;
    os.flags(flags);
    PrintBody(os);
    if (IsMalformed())
    {
        os << " malformed: " << m_malformedReason;
    }
}

uint32_t
NetbltHeader::GetBodySize() const
{
    return 0;
}

void
NetbltHeader::SerializeBody(Buffer::Iterator& /* i */) const
{
}

uint32_t
NetbltHeader::DeserializeBody(Buffer::Iterator& /* i */, uint32_t /* available */)
{
    return 0;
}

void
NetbltHeader::PrintBody(std::ostream& /* os */) const
{
}

uint32_t
NetbltHeader::GetPayloadLength() const
{
    return 0;
}

uint32_t
NetbltHeader::GetChecksummedLength() const
{
    return GetLength();
}

uint16_t
NetbltHeader::GetAlignmentField() const
{
    return 0;
}

void
NetbltHeader::SetAlignmentField(uint16_t /* value */)
{
}

bool
NetbltHeader::AcceptsType(NetbltPacketType type) const
{
    return type == NetbltPacketType::KEEPALIVE || type == NetbltPacketType::QUITACK ||
           type == NetbltPacketType::DONE;
}

void
NetbltHeader::SetMalformed(const std::string& reason)
{
    NS_LOG_FUNCTION(this << reason);
    NS_ASSERT(!reason.empty());
    if (m_malformedReason.empty())
    {
        m_malformedReason = reason;
    }
}

uint32_t
NetbltHeader::GetStringFieldSize(const std::string& s)
{
    return (static_cast<uint32_t>(s.size()) + 1 + 3) & ~3U;
}

void
NetbltHeader::SerializeStringField(Buffer::Iterator& i, const std::string& s)
{
    i.Write(reinterpret_cast<const uint8_t*>(s.data()), s.size());
    i.WriteU8(0, GetStringFieldSize(s) - s.size());
}

uint32_t
NetbltHeader::DeserializeStringField(Buffer::Iterator& i,
                                     uint32_t size,
                                     std::string& s,
                                     const std::string& name)
{
    s.clear();
    uint32_t j = 0;
    for (; j < size; j++)
    {
        uint8_t byte = i.ReadU8();
        if (byte == 0)
        {
            break;
        }
        s.push_back(static_cast<char>(byte));
    }
    if (j == size)
    {
        std::ostringstream reason;
        reason << name << " has no NUL terminator in its " << size << " bytes";
        SetMalformed(reason.str());
        return size;
    }
    i.Next(size - j - 1); // padding after the NUL
    return size;
}

uint32_t
NetbltHeader::ComputeLength() const
{
    return GetSerializedSize() + GetPayloadLength();
}

} // namespace ns3
