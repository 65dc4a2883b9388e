/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "host-cpu-helper.h"

#include "ns3/abort.h"
#include "ns3/host-cpu.h"
#include "ns3/node.h"

namespace ns3
{

HostCpuHelper::HostCpuHelper()
{
    m_factory.SetTypeId(HostCpu::GetTypeId());
}

void
HostCpuHelper::SetAttribute(const std::string& name, const AttributeValue& value)
{
    m_factory.Set(name, value);
}

void
HostCpuHelper::Install(NodeContainer nodes) const
{
    for (auto node = nodes.Begin(); node != nodes.End(); ++node)
    {
        NS_ABORT_MSG_IF((*node)->GetObject<HostCpu>(),
                        "node " << (*node)->GetId() << " already has a HostCpu");
        (*node)->AggregateObject(m_factory.Create<HostCpu>());
    }
}

} // namespace ns3
