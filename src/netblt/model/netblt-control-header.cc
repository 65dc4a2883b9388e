/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-control-header.h"

#include "ns3/log.h"

#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NetbltControlHeader");

NS_OBJECT_ENSURE_REGISTERED(NetbltControlHeader);

NetbltControlHeader::NetbltControlHeader()
{
    NS_LOG_FUNCTION(this);
    SetType(NetbltPacketType::CONTROL);
}

TypeId
NetbltControlHeader::GetTypeId()
{
    static TypeId tid = TypeId("ns3::NetbltControlHeader")
                            .SetParent<NetbltHeader>()
                            .SetGroupName("Netblt")
                            .AddConstructor<NetbltControlHeader>();
    return tid;
}

TypeId
NetbltControlHeader::GetInstanceTypeId() const
{
    return GetTypeId();
}

void
NetbltControlHeader::AddMessage(const NetbltControlMessage& message)
{
    NS_LOG_FUNCTION(this << message);
    m_messages.push_back(message);
}

const std::vector<NetbltControlMessage>&
NetbltControlHeader::GetMessages() const
{
    return m_messages;
}

void
NetbltControlHeader::ClearMessages()
{
    NS_LOG_FUNCTION(this);
    m_messages.clear();
}

uint32_t
NetbltControlHeader::GetBodySize() const
{
    uint32_t size = 0;
    for (const auto& message : m_messages)
    {
        size += message.GetSerializedSize();
    }
    return size;
}

void
NetbltControlHeader::SerializeBody(Buffer::Iterator& i) const
{
    for (const auto& message : m_messages)
    {
        message.Serialize(i);
    }
}

uint32_t
NetbltControlHeader::DeserializeBody(Buffer::Iterator& i, uint32_t available)
{
    m_messages.clear();
    uint32_t read = 0;
    while (read < available)
    {
        NetbltControlMessage message;
        std::string error;
        uint32_t size = message.Deserialize(i, available - read, error);
        if (size == 0)
        {
            std::ostringstream reason;
            reason << "CONTROL message " << m_messages.size() + 1 << " at byte "
                   << COMMON_SIZE + read << ": " << error;
            SetMalformed(reason.str());
            break;
        }
        m_messages.push_back(message);
        read += size;
    }
    return read;
}

void
NetbltControlHeader::PrintBody(std::ostream& os) const
{
    for (const auto& message : m_messages)
    {
        os << " [" << message << "]";
    }
}

bool
NetbltControlHeader::AcceptsType(NetbltPacketType type) const
{
    return type == NetbltPacketType::CONTROL;
}

} // namespace ns3
