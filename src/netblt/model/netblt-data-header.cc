/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-data-header.h"

#include "netblt-checksum.h"

#include "ns3/abort.h"
#include "ns3/log.h"

#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NetbltDataHeader");

NS_OBJECT_ENSURE_REGISTERED(NetbltDataHeader);

NetbltDataHeader::NetbltDataHeader()
    : NetbltDataHeader(NetbltPacketType::DATA)
{
}

NetbltDataHeader::NetbltDataHeader(NetbltPacketType dataOrLdata)
    : m_bufferNumber(0),
      m_highConsecutiveSequence(0),
      m_packetNumber(0),
      m_lastBuffer(false),
      m_dataLength(0),
      m_dataChecksumEnabled(false),
      m_dataChecksum(0),
      m_dataChecksumOk(false)
{
    NS_LOG_FUNCTION(this << dataOrLdata);
    SetType(dataOrLdata);
}

TypeId
NetbltDataHeader::GetTypeId()
{
    static TypeId tid = TypeId("ns3::NetbltDataHeader")
                            .SetParent<NetbltHeader>()
                            .SetGroupName("Netblt")
                            .AddConstructor<NetbltDataHeader>();
    return tid;
}

TypeId
NetbltDataHeader::GetInstanceTypeId() const
{
    return GetTypeId();
}

void
NetbltDataHeader::SetBufferNumber(uint32_t buffer)
{
    m_bufferNumber = buffer;
}

uint32_t
NetbltDataHeader::GetBufferNumber() const
{
    return m_bufferNumber;
}

void
NetbltDataHeader::SetHighConsecutiveSequence(uint16_t sequence)
{
    m_highConsecutiveSequence = sequence;
}

uint16_t
NetbltDataHeader::GetHighConsecutiveSequence() const
{
    return m_highConsecutiveSequence;
}

void
NetbltDataHeader::SetPacketNumber(uint16_t packet)
{
    m_packetNumber = packet;
}

uint16_t
NetbltDataHeader::GetPacketNumber() const
{
    return m_packetNumber;
}

void
NetbltDataHeader::SetLastBuffer(bool last)
{
    m_lastBuffer = last;
}

bool
NetbltDataHeader::GetLastBuffer() const
{
    return m_lastBuffer;
}

void
NetbltDataHeader::SetDataLength(uint16_t length)
{
    m_dataLength = length;
}

uint16_t
NetbltDataHeader::GetDataLength() const
{
    return m_dataLength;
}

void
NetbltDataHeader::SetDataChecksumEnabled(bool enabled)
{
    m_dataChecksumEnabled = enabled;
    m_dataChecksumFromWire = false;
}

void
NetbltDataHeader::SetExplicitRate(uint16_t kbps)
{
    m_explicitRate = kbps;
}

uint16_t
NetbltDataHeader::GetExplicitRate() const
{
    return m_explicitRate;
}

bool
NetbltDataHeader::HasExplicitRate() const
{
    return m_explicitRate != EXPLICIT_RATE_NONE && m_explicitRate != EXPLICIT_RATE_UNLIMITED;
}

uint16_t
NetbltDataHeader::GetAlignmentField() const
{
    return m_explicitRate;
}

void
NetbltDataHeader::SetAlignmentField(uint16_t value)
{
    m_explicitRate = value;
}

void
NetbltDataHeader::SetDataChecksumVerified(bool verify)
{
    m_dataChecksumVerified = verify;
}

bool
NetbltDataHeader::IsDataChecksumEnabled() const
{
    return m_dataChecksumEnabled;
}

uint16_t
NetbltDataHeader::GetDataChecksum() const
{
    return m_dataChecksum;
}

bool
NetbltDataHeader::IsDataChecksumOk() const
{
    // A packet of another type is rejected before DeserializeBody() resets the flag.
    return m_dataChecksumOk && !IsMalformed();
}

uint32_t
NetbltDataHeader::GetBodySize() const
{
    return BODY_SIZE;
}

void
NetbltDataHeader::SerializeBody(Buffer::Iterator& i) const
{
    i.WriteHtonU32(m_bufferNumber);
    i.WriteHtonU16(m_highConsecutiveSequence);
    i.WriteHtonU16(m_packetNumber);
    if (!m_dataChecksumFromWire)
    {
        m_dataChecksum = 0;
    }
    if (m_dataChecksumEnabled)
    {
        Buffer::Iterator data = i;
        data.Next(4); // the rest of the header
        NS_ABORT_MSG_IF(data.GetRemainingSize() < m_dataLength,
                        "the data checksum needs the "
                            << m_dataLength << " data bytes after the header, but only "
                            << data.GetRemainingSize() << " are in the buffer");
        m_dataChecksum = NetbltChecksum(data, m_dataLength);
    }
    i.WriteHtonU16(m_dataChecksum);
    i.WriteHtonU16(m_lastBuffer ? FLAG_L : 0);
}

uint32_t
NetbltDataHeader::DeserializeBody(Buffer::Iterator& i, uint32_t available)
{
    m_dataChecksumOk = false;
    uint16_t length = GetLength();
    m_dataLength = length >= COMMON_SIZE + BODY_SIZE ? length - COMMON_SIZE - BODY_SIZE : 0;
    if (available < BODY_SIZE)
    {
        std::ostringstream reason;
        reason << "only " << available << " of the " << BODY_SIZE << " bytes of " << GetType()
               << " fields after the common header";
        SetMalformed(reason.str());
        return 0;
    }
    m_bufferNumber = i.ReadNtohU32();
    m_highConsecutiveSequence = i.ReadNtohU16();
    m_packetNumber = i.ReadNtohU16();
    m_dataChecksum = i.ReadNtohU16();
    m_dataChecksumFromWire = true;
    m_lastBuffer = (i.ReadNtohU16() & FLAG_L) != 0;
    // The data follows the header; available stops at Length, so all of it is
    // there unless the packet was truncated.
    if (m_dataChecksumVerified && available - BODY_SIZE >= m_dataLength)
    {
        m_dataChecksumOk = NetbltChecksum(i, m_dataLength) == m_dataChecksum;
    }
    return BODY_SIZE;
}

void
NetbltDataHeader::PrintBody(std::ostream& os) const
{
    std::ios_base::fmtflags flags = os.flags();
    os << " buffer " << m_bufferNumber << " packet " << m_packetNumber << " hcsn "
       << m_highConsecutiveSequence << " dataLength " << m_dataLength << " dataChecksum 0x"
       << std::hex << m_dataChecksum << std::dec << (m_lastBuffer ? " L" : "");
    if (m_explicitRate == EXPLICIT_RATE_UNLIMITED)
    {
        os << " rate unlimited";
    }
    else if (m_explicitRate != EXPLICIT_RATE_NONE)
    {
        os << " rate " << m_explicitRate << " kbit/s";
    }
    os.flags(flags);
}

uint32_t
NetbltDataHeader::GetPayloadLength() const
{
    return m_dataLength;
}

uint32_t
NetbltDataHeader::GetChecksummedLength() const
{
    return COMMON_SIZE + BODY_SIZE;
}

bool
NetbltDataHeader::AcceptsType(NetbltPacketType type) const
{
    return type == NetbltPacketType::DATA || type == NetbltPacketType::LDATA;
}

} // namespace ns3
