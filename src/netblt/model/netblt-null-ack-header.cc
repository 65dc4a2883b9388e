/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-null-ack-header.h"

#include "ns3/log.h"

#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NetbltNullAckHeader");

NS_OBJECT_ENSURE_REGISTERED(NetbltNullAckHeader);

NetbltNullAckHeader::NetbltNullAckHeader()
    : m_highConsecutiveSequence(0),
      m_newBurstSize(0),
      m_newBurstRate(0)
{
    NS_LOG_FUNCTION(this);
    SetType(NetbltPacketType::NULL_ACK);
}

TypeId
NetbltNullAckHeader::GetTypeId()
{
    static TypeId tid = TypeId("ns3::NetbltNullAckHeader")
                            .SetParent<NetbltHeader>()
                            .SetGroupName("Netblt")
                            .AddConstructor<NetbltNullAckHeader>();
    return tid;
}

TypeId
NetbltNullAckHeader::GetInstanceTypeId() const
{
    return GetTypeId();
}

void
NetbltNullAckHeader::SetHighConsecutiveSequence(uint16_t sequence)
{
    m_highConsecutiveSequence = sequence;
}

uint16_t
NetbltNullAckHeader::GetHighConsecutiveSequence() const
{
    return m_highConsecutiveSequence;
}

void
NetbltNullAckHeader::SetNewBurstSize(uint16_t size)
{
    m_newBurstSize = size;
}

uint16_t
NetbltNullAckHeader::GetNewBurstSize() const
{
    return m_newBurstSize;
}

void
NetbltNullAckHeader::SetNewBurstRate(uint16_t rateMs)
{
    m_newBurstRate = rateMs;
}

uint16_t
NetbltNullAckHeader::GetNewBurstRate() const
{
    return m_newBurstRate;
}

uint32_t
NetbltNullAckHeader::GetBodySize() const
{
    return BODY_SIZE;
}

void
NetbltNullAckHeader::SerializeBody(Buffer::Iterator& i) const
{
    i.WriteHtonU16(m_highConsecutiveSequence);
    i.WriteHtonU16(m_newBurstSize);
    i.WriteHtonU16(m_newBurstRate);
    i.WriteHtonU16(0); // longword alignment padding
}

uint32_t
NetbltNullAckHeader::DeserializeBody(Buffer::Iterator& i, uint32_t available)
{
    if (available < BODY_SIZE)
    {
        std::ostringstream reason;
        reason << "only " << available << " of the " << BODY_SIZE
               << " bytes of NULL-ACK fields after the common header";
        SetMalformed(reason.str());
        return 0;
    }
    m_highConsecutiveSequence = i.ReadNtohU16();
    m_newBurstSize = i.ReadNtohU16();
    m_newBurstRate = i.ReadNtohU16();
    i.Next(2); // longword alignment padding
    return BODY_SIZE;
}

void
NetbltNullAckHeader::PrintBody(std::ostream& os) const
{
    os << " hcsn " << m_highConsecutiveSequence << " newBurstSize " << m_newBurstSize
       << " newBurstRate " << m_newBurstRate << "ms";
}

bool
NetbltNullAckHeader::AcceptsType(NetbltPacketType type) const
{
    return type == NetbltPacketType::NULL_ACK;
}

} // namespace ns3
