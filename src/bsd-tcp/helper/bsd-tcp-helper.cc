/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "bsd-tcp-helper.h"

#include "ns3/abort.h"
#include "ns3/bsd-tcp-socket-factory.h"
#include "ns3/node.h"
#include "ns3/tcp-host-processing.h"
#include "ns3/tcp-l4-protocol.h"

namespace ns3
{

BsdTcpHelper::BsdTcpHelper()
{
    m_sockets.SetTypeId(BsdTcpSocketFactory::GetTypeId());
    m_processing.SetTypeId(TcpHostProcessing::GetTypeId());
}

void
BsdTcpHelper::SetSocketAttribute(const std::string& name, const AttributeValue& value)
{
    m_sockets.Set(name, value);
}

void
BsdTcpHelper::SetProcessingAttribute(const std::string& name, const AttributeValue& value)
{
    m_processing.Set(name, value);
}

void
BsdTcpHelper::Install(NodeContainer nodes) const
{
    for (auto node = nodes.Begin(); node != nodes.End(); ++node)
    {
        NS_ABORT_MSG_UNLESS((*node)->GetObject<TcpL4Protocol>(),
                            "BsdTcpHelper: install IPv4 and TCP on node " << (*node)->GetId()
                                                                          << " first");
        NS_ABORT_MSG_IF((*node)->GetObject<BsdTcpSocketFactory>(),
                        "BsdTcpHelper: node " << (*node)->GetId() << " has one already");
        (*node)->AggregateObject(m_sockets.Create<BsdTcpSocketFactory>());
        m_processing.Create<TcpHostProcessing>()->Install(*node);
    }
}

} // namespace ns3
