/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-helper.h"

#include "ns3/abort.h"
#include "ns3/ipv4.h"
#include "ns3/netblt-l4-protocol.h"

namespace ns3
{

NetbltHelper::NetbltHelper()
{
    m_factory.SetTypeId(NetbltL4Protocol::GetTypeId());
}

void
NetbltHelper::SetAttribute(const std::string& name, const AttributeValue& value)
{
    m_factory.Set(name, value);
}

void
NetbltHelper::SetSenderAttribute(const std::string& name, const AttributeValue& value)
{
    m_senderAttributes.emplace_back(name, value.Copy());
}

void
NetbltHelper::SetReceiverAttribute(const std::string& name, const AttributeValue& value)
{
    m_receiverAttributes.emplace_back(name, value.Copy());
}

void
NetbltHelper::SetRatePolicyAttribute(const std::string& name, const AttributeValue& value)
{
    m_ratePolicyAttributes.emplace_back(name, value.Copy());
}

void
NetbltHelper::Install(NodeContainer nodes) const
{
    for (auto it = nodes.Begin(); it != nodes.End(); ++it)
    {
        Ptr<Node> node = *it;
        NS_ABORT_MSG_UNLESS(node->GetObject<Ipv4>(),
                            "NetbltHelper: node "
                                << node->GetId()
                                << " has no IPv4; install the internet stack first");
        if (!node->GetObject<NetbltL4Protocol>())
        {
            Ptr<NetbltL4Protocol> netblt = m_factory.Create<NetbltL4Protocol>();
            for (const auto& [name, value] : m_senderAttributes)
            {
                netblt->SetSenderAttribute(name, *value);
            }
            for (const auto& [name, value] : m_receiverAttributes)
            {
                netblt->SetReceiverAttribute(name, *value);
            }
            for (const auto& [name, value] : m_ratePolicyAttributes)
            {
                netblt->SetRatePolicyAttribute(name, *value);
            }
            node->AggregateObject(netblt);
        }
    }
}

int64_t
NetbltHelper::AssignStreams(NodeContainer nodes, int64_t stream) const
{
    int64_t current = stream;
    for (auto it = nodes.Begin(); it != nodes.End(); ++it)
    {
        Ptr<NetbltL4Protocol> netblt = (*it)->GetObject<NetbltL4Protocol>();
        if (netblt)
        {
            current += netblt->AssignStreams(current);
        }
    }
    return current - stream;
}

} // namespace ns3
