/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "proteon-ring-testbed.h"

#include "ns3/log.h"
#include "ns3/proteon-ring-net-device.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ProteonRingTestbed");

NS_OBJECT_ENSURE_REGISTERED(ProteonRingTestbed);

TypeId
ProteonRingTestbed::GetTypeId()
{
    static TypeId tid = TypeId("ns3::ProteonRingTestbed")
                            .SetParent<Testbed>()
                            .SetGroupName("NetbltExperiment")
                            .AddConstructor<ProteonRingTestbed>();
    return tid;
}

ProteonRingTestbed::ProteonRingTestbed()
{
    NS_LOG_FUNCTION(this);
}

ProteonRingTestbed::~ProteonRingTestbed()
{
    NS_LOG_FUNCTION(this);
}

NetDeviceContainer
ProteonRingTestbed::InstallNetwork(NodeContainer hosts, int64_t stream, int64_t& streamsUsed)
{
    m_ring = ProteonRingHelper();
    ApplyNetworkAttributes(m_ring);
    NetDeviceContainer devices = m_ring.Install(hosts);
    streamsUsed = m_ring.AssignStreams(devices, stream);
    return devices;
}

void
ProteonRingTestbed::EnablePcap(const std::string& prefix)
{
    m_ring.EnablePcapAll(prefix);
}

std::vector<std::string>
ProteonRingTestbed::GetTransmitActivities() const
{
    return {ProteonRingNetDevice::TRANSMIT_ACTIVITY};
}

} // namespace ns3
