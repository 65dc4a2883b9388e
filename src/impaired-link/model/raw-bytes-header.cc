/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "raw-bytes-header.h"

#include "ns3/log.h"

#include <iomanip>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RawBytesHeader");

NS_OBJECT_ENSURE_REGISTERED(RawBytesHeader);

TypeId
RawBytesHeader::GetTypeId()
{
    static TypeId tid = TypeId("ns3::RawBytesHeader")
                            .SetParent<Header>()
                            .SetGroupName("ImpairedLink")
                            .AddConstructor<RawBytesHeader>();
    return tid;
}

RawBytesHeader::RawBytesHeader()
    : m_posedTypeId(GetTypeId())
{
    NS_LOG_FUNCTION(this);
}

RawBytesHeader::RawBytesHeader(const std::vector<uint8_t>& bytes, TypeId posedTypeId)
    : m_bytes(bytes),
      m_posedTypeId(posedTypeId)
{
    NS_LOG_FUNCTION(this << bytes.size() << posedTypeId);
}

void
RawBytesHeader::SetBytes(const std::vector<uint8_t>& bytes)
{
    NS_LOG_FUNCTION(this << bytes.size());
    m_bytes = bytes;
}

const std::vector<uint8_t>&
RawBytesHeader::GetBytes() const
{
    return m_bytes;
}

TypeId
RawBytesHeader::GetInstanceTypeId() const
{
    return m_posedTypeId;
}

void
RawBytesHeader::Print(std::ostream& os) const
{
    std::ios oldState(nullptr);
    oldState.copyfmt(os);
    os << "raw " << m_bytes.size() << " bytes:" << std::hex << std::setfill('0');
    for (uint8_t b : m_bytes)
    {
        os << " " << std::setw(2) << static_cast<uint32_t>(b);
    }
    os.copyfmt(oldState);
}

uint32_t
RawBytesHeader::GetSerializedSize() const
{
    return m_bytes.size();
}

void
RawBytesHeader::Serialize(Buffer::Iterator start) const
{
    start.Write(m_bytes.data(), m_bytes.size());
}

uint32_t
RawBytesHeader::Deserialize(Buffer::Iterator start)
{
    start.Read(m_bytes.data(), m_bytes.size());
    return m_bytes.size();
}

} // namespace ns3
