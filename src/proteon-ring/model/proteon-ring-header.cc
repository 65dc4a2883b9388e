/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "proteon-ring-header.h"

#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ProteonRingHeader");

NS_OBJECT_ENSURE_REGISTERED(ProteonRingHeader);

namespace
{
/// EtherType of IPv4.
constexpr uint16_t ETHERTYPE_IPV4 = 0x0800;
/// EtherType of ARP.
constexpr uint16_t ETHERTYPE_ARP = 0x0806;

/**
 * @param address a station address
 * @return its byte
 */
uint8_t
ToByte(Mac8Address address)
{
    uint8_t byte = 0;
    address.CopyTo(&byte);
    return byte;
}
} // namespace

TypeId
ProteonRingHeader::GetTypeId()
{
    static TypeId tid = TypeId("ns3::ProteonRingHeader")
                            .SetParent<Header>()
                            .SetGroupName("ProteonRing")
                            .AddConstructor<ProteonRingHeader>();
    return tid;
}

ProteonRingHeader::ProteonRingHeader()
{
}

void
ProteonRingHeader::SetDestination(Mac8Address destination)
{
    m_destination = ToByte(destination);
}

Mac8Address
ProteonRingHeader::GetDestination() const
{
    return Mac8Address(m_destination);
}

void
ProteonRingHeader::SetSource(Mac8Address source)
{
    m_source = ToByte(source);
}

Mac8Address
ProteonRingHeader::GetSource() const
{
    return Mac8Address(m_source);
}

void
ProteonRingHeader::SetVersion(uint8_t version)
{
    m_version = version;
}

uint8_t
ProteonRingHeader::GetVersion() const
{
    return m_version;
}

void
ProteonRingHeader::SetType(uint8_t type)
{
    m_type = type;
}

uint8_t
ProteonRingHeader::GetType() const
{
    return m_type;
}

void
ProteonRingHeader::SetInfo(uint16_t info)
{
    m_info = info;
}

uint16_t
ProteonRingHeader::GetInfo() const
{
    return m_info;
}

bool
ProteonRingHeader::EtherTypeToRingType(uint16_t etherType, uint8_t& type)
{
    switch (etherType)
    {
    case ETHERTYPE_IPV4:
        type = RING_IP;
        return true;
    case ETHERTYPE_ARP:
        type = RING_ARP;
        return true;
    default:
        return false;
    }
}

bool
ProteonRingHeader::RingTypeToEtherType(uint8_t type, uint16_t& etherType)
{
    switch (type)
    {
    case RING_IP:
        etherType = ETHERTYPE_IPV4;
        return true;
    case RING_ARP:
        etherType = ETHERTYPE_ARP;
        return true;
    default:
        return false;
    }
}

TypeId
ProteonRingHeader::GetInstanceTypeId() const
{
    return GetTypeId();
}

void
ProteonRingHeader::Print(std::ostream& os) const
{
    os << "dst=" << static_cast<uint32_t>(m_destination)
       << " src=" << static_cast<uint32_t>(m_source)
       << " version=" << static_cast<uint32_t>(m_version)
       << " type=" << static_cast<uint32_t>(m_type) << " info=" << m_info;
}

uint32_t
ProteonRingHeader::GetSerializedSize() const
{
    return SIZE;
}

void
ProteonRingHeader::Serialize(Buffer::Iterator start) const
{
    Buffer::Iterator i = start;
    i.WriteU8(m_destination);
    i.WriteU8(m_source);
    i.WriteU8(m_version);
    i.WriteU8(m_type);
    i.WriteHtonU16(m_info);
}

uint32_t
ProteonRingHeader::Deserialize(Buffer::Iterator start)
{
    Buffer::Iterator i = start;
    m_destination = i.ReadU8();
    m_source = i.ReadU8();
    m_version = i.ReadU8();
    m_type = i.ReadU8();
    m_info = i.ReadNtohU16();
    return SIZE;
}

} // namespace ns3
