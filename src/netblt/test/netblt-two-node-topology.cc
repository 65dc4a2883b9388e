/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-two-node-topology.h"

#include "ns3/host-cpu-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv4-interface-container.h"
#include "ns3/netblt-helper.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/pointer.h"
#include "ns3/stable-streams-internet-stack-helper.h"
#include "ns3/uinteger.h"

namespace ns3
{
namespace netblt_test
{

void
TwoNodeTopology::Build(const TwoNodeConfig& config)
{
    nodes.Create(2);
    int64_t stream = config.stream;
    if (config.installLink)
    {
        devices = config.installLink(nodes, stream);
    }
    else
    {
        PointToPointHelper link;
        link.SetDeviceAttribute("DataRate", DataRateValue(config.dataRate));
        link.SetDeviceAttribute("Mtu", UintegerValue(config.mtu));
        link.SetChannelAttribute("Delay", TimeValue(config.delay));
        devices = link.Install(nodes);
    }
    channel = devices.Get(0)->GetChannel();
    for (uint32_t i = 0; i < 2; ++i)
    {
        if (config.receiveErrorModel[i])
        {
            devices.Get(i)->SetAttribute("ReceiveErrorModel",
                                         PointerValue(config.receiveErrorModel[i]));
        }
    }
    // Free processing, but the host's clock: timers fire on HostCpu::TimerGranularity ticks.
    if (config.hostModel)
    {
        HostCpuHelper().Install(nodes);
    }
    StableStreamsInternetStackHelper internet;
    internet.Install(nodes);
    stream += internet.AssignStreams(nodes, stream);
    Ipv4AddressHelper addresses("10.1.1.0", "255.255.255.0");
    Ipv4InterfaceContainer interfaces = addresses.Assign(devices);
    NetbltHelper netbltHelper;
    netbltHelper.Install(nodes);
    netbltHelper.AssignStreams(nodes, stream);
    for (uint32_t i = 0; i < 2; ++i)
    {
        address[i] = interfaces.GetAddress(i);
        netblt[i] = nodes.Get(i)->GetObject<NetbltL4Protocol>();
    }
}

} // namespace netblt_test
} // namespace ns3
