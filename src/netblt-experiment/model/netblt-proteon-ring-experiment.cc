/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-proteon-ring-experiment.h"

#include "ns3/log.h"
#include "ns3/proteon-ring-net-device.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NetbltProteonRingExperiment");

NS_OBJECT_ENSURE_REGISTERED(NetbltProteonRingExperiment);

TypeId
NetbltProteonRingExperiment::GetTypeId()
{
    static TypeId tid = TypeId("ns3::NetbltProteonRingExperiment")
                            .SetParent<NetbltExperiment>()
                            .SetGroupName("NetbltExperiment")
                            .AddConstructor<NetbltProteonRingExperiment>();
    return tid;
}

NetbltProteonRingExperiment::NetbltProteonRingExperiment()
{
    NS_LOG_FUNCTION(this);
}

NetbltProteonRingExperiment::~NetbltProteonRingExperiment()
{
    NS_LOG_FUNCTION(this);
}

NetDeviceContainer
NetbltProteonRingExperiment::InstallNetwork(NodeContainer hosts,
                                            int64_t stream,
                                            int64_t& streamsUsed)
{
    m_ring = ProteonRingHelper();
    ApplyNetworkAttributes(m_ring);
    NetDeviceContainer devices = m_ring.Install(hosts);
    streamsUsed = m_ring.AssignStreams(devices, stream);
    return devices;
}

void
NetbltProteonRingExperiment::EnablePcap(const std::string& prefix)
{
    m_ring.EnablePcapAll(prefix);
}

std::vector<std::string>
NetbltProteonRingExperiment::GetTransmitActivities() const
{
    return {ProteonRingNetDevice::TRANSMIT_ACTIVITY};
}

} // namespace ns3
