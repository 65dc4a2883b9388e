/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "icmpv4-source-quench.h"

#include "ns3/log.h"
#include "ns3/packet.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("Icmpv4SourceQuench");

NS_OBJECT_ENSURE_REGISTERED(Icmpv4SourceQuench);

TypeId
Icmpv4SourceQuench::GetTypeId()
{
    static TypeId tid = TypeId("ns3::Icmpv4SourceQuench")
                            .SetParent<Header>()
                            .SetGroupName("SourceQuench")
                            .AddConstructor<Icmpv4SourceQuench>();
    return tid;
}

Icmpv4SourceQuench::Icmpv4SourceQuench() = default;

Icmpv4SourceQuench::~Icmpv4SourceQuench() = default;

TypeId
Icmpv4SourceQuench::GetInstanceTypeId() const
{
    return GetTypeId();
}

void
Icmpv4SourceQuench::Quote(Ptr<const Packet> datagram)
{
    Ptr<Packet> copy = datagram->Copy();
    copy->RemoveHeader(m_header);
    SetData(copy);
}

void
Icmpv4SourceQuench::SetHeader(const Ipv4Header& header)
{
    m_header = header;
}

const Ipv4Header&
Icmpv4SourceQuench::GetHeader() const
{
    return m_header;
}

void
Icmpv4SourceQuench::SetData(Ptr<const Packet> data)
{
    m_data.fill(0);
    data->CopyData(m_data.data(), DATA_BYTES);
}

void
Icmpv4SourceQuench::GetData(uint8_t payload[8]) const
{
    std::copy(m_data.begin(), m_data.end(), payload);
}

uint16_t
Icmpv4SourceQuench::GetDataWord(uint32_t offset) const
{
    NS_ASSERT_MSG(offset + 1 < DATA_BYTES, "a word of the quoted 64 bits");
    return static_cast<uint16_t>((m_data[offset] << 8) | m_data[offset + 1]);
}

uint32_t
Icmpv4SourceQuench::GetSerializedSize() const
{
    return 4 + m_header.GetSerializedSize() + DATA_BYTES;
}

void
Icmpv4SourceQuench::Serialize(Buffer::Iterator start) const
{
    Buffer::Iterator i = start;
    i.WriteU32(0); // unused
    m_header.Serialize(i);
    i.Next(m_header.GetSerializedSize());
    i.Write(m_data.data(), DATA_BYTES);
}

uint32_t
Icmpv4SourceQuench::Deserialize(Buffer::Iterator start)
{
    Buffer::Iterator i = start;
    i.Next(4); // unused
    i.Next(m_header.Deserialize(i));
    i.Read(m_data.data(), DATA_BYTES);
    return i.GetDistanceFrom(start);
}

void
Icmpv4SourceQuench::Print(std::ostream& os) const
{
    os << "source quench for " << m_header.GetSource() << " > " << m_header.GetDestination()
       << " protocol " << static_cast<uint32_t>(m_header.GetProtocol());
}

} // namespace ns3
