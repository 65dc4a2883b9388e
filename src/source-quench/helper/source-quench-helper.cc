/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "source-quench-helper.h"

#include "ns3/abort.h"
#include "ns3/net-device.h"
#include "ns3/node.h"

namespace ns3
{

SourceQuenchHelper::SourceQuenchHelper()
{
    m_sender.SetTypeId(SourceQuenchSender::GetTypeId());
}

void
SourceQuenchHelper::SetSenderAttribute(const std::string& name, const AttributeValue& value)
{
    m_sender.Set(name, value);
}

Ptr<SourceQuenchSender>
SourceQuenchHelper::InstallSender(Ptr<NetDevice> device, const std::string& traceName) const
{
    Ptr<Node> node = device->GetNode();
    Ptr<SourceQuenchSender> sender = node->GetObject<SourceQuenchSender>();
    if (!sender)
    {
        sender = m_sender.Create<SourceQuenchSender>();
        sender->SetNode(node);
        node->AggregateObject(sender);
    }
    const bool connected = device->TraceConnectWithoutContext(
        traceName,
        MakeCallback(&SourceQuenchSender::DatagramQueued, sender));
    NS_ABORT_MSG_UNLESS(connected,
                        "SourceQuenchHelper: " << device->GetInstanceTypeId().GetName()
                                               << " has no trace source " << traceName);
    return sender;
}

Ptr<SourceQuenchDispatcher>
SourceQuenchHelper::InstallDispatcher(Ptr<Node> host) const
{
    NS_ABORT_MSG_IF(host->GetObject<SourceQuenchDispatcher>(),
                    "SourceQuenchHelper: node " << host->GetId() << " has a dispatcher");
    Ptr<SourceQuenchDispatcher> dispatcher = CreateObject<SourceQuenchDispatcher>();
    dispatcher->Install(host);
    host->AggregateObject(dispatcher);
    return dispatcher;
}

void
SourceQuenchHelper::InstallDispatchers(NodeContainer hosts) const
{
    for (auto host = hosts.Begin(); host != hosts.End(); ++host)
    {
        InstallDispatcher(*host);
    }
}

} // namespace ns3
