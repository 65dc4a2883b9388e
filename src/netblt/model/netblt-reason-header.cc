/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-reason-header.h"

#include "ns3/abort.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NetbltReasonHeader");

NS_OBJECT_ENSURE_REGISTERED(NetbltReasonHeader);

NetbltReasonHeader::NetbltReasonHeader()
    : NetbltReasonHeader(NetbltPacketType::ABORT)
{
}

NetbltReasonHeader::NetbltReasonHeader(NetbltPacketType type)
{
    NS_LOG_FUNCTION(this << type);
    SetType(type);
}

TypeId
NetbltReasonHeader::GetTypeId()
{
    static TypeId tid = TypeId("ns3::NetbltReasonHeader")
                            .SetParent<NetbltHeader>()
                            .SetGroupName("Netblt")
                            .AddConstructor<NetbltReasonHeader>();
    return tid;
}

TypeId
NetbltReasonHeader::GetInstanceTypeId() const
{
    return GetTypeId();
}

void
NetbltReasonHeader::SetReason(const std::string& reason)
{
    NS_ABORT_MSG_IF(reason.find('\0') != std::string::npos,
                    "a NETBLT reason string cannot contain a NUL byte");
    m_reason = reason;
}

std::string
NetbltReasonHeader::GetReason() const
{
    return m_reason;
}

uint32_t
NetbltReasonHeader::GetBodySize() const
{
    return GetStringFieldSize(m_reason);
}

void
NetbltReasonHeader::SerializeBody(Buffer::Iterator& i) const
{
    SerializeStringField(i, m_reason);
}

uint32_t
NetbltReasonHeader::DeserializeBody(Buffer::Iterator& i, uint32_t available)
{
    return DeserializeStringField(i, available, m_reason, "reason string");
}

void
NetbltReasonHeader::PrintBody(std::ostream& os) const
{
    os << " reason \"" << m_reason << "\"";
}

bool
NetbltReasonHeader::AcceptsType(NetbltPacketType type) const
{
    return type == NetbltPacketType::QUIT || type == NetbltPacketType::ABORT ||
           type == NetbltPacketType::REFUSED;
}

} // namespace ns3
