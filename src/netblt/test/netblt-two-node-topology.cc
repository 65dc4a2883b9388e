/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-two-node-topology.h"

#include "ns3/arp-l3-protocol.h"
#include "ns3/host-cpu-helper.h"
#include "ns3/icmpv6-l4-protocol.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv4-interface-container.h"
#include "ns3/ipv4-list-routing.h"
#include "ns3/ipv4.h"
#include "ns3/ipv6-extension-demux.h"
#include "ns3/ipv6-extension.h"
#include "ns3/ipv6.h"
#include "ns3/netblt-helper.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/pointer.h"
#include "ns3/uinteger.h"

// Ipv4GlobalRouting's header: ns-3.47 made global routing a template for IPv4 and IPv6
// (global-routing.h), and ipv4-global-routing.h went.
#if __has_include("ns3/ipv4-global-routing.h")
#include "ns3/ipv4-global-routing.h"
#else
#include "ns3/global-routing.h"
#endif

namespace ns3
{
namespace netblt_test
{

namespace
{

/**
 * @param node a node with an internet stack
 * @return the IPv4 global routing of its list routing (InternetStackHelper's default), or null
 */
Ptr<Ipv4GlobalRouting>
FindIpv4GlobalRouting(Ptr<Node> node)
{
    Ptr<Ipv4RoutingProtocol> routing = node->GetObject<Ipv4>()->GetRoutingProtocol();
    if (auto global = DynamicCast<Ipv4GlobalRouting>(routing))
    {
        return global;
    }
    if (auto list = DynamicCast<Ipv4ListRouting>(routing))
    {
        for (uint32_t i = 0; i < list->GetNRoutingProtocols(); ++i)
        {
            int16_t priority;
            if (auto global = DynamicCast<Ipv4GlobalRouting>(list->GetRoutingProtocol(i, priority)))
            {
                return global;
            }
        }
    }
    return nullptr;
}

/**
 * Assigns the internet stacks' random streams as ns-3.44's InternetStackHelper::AssignStreams
 * does (netblt-experiment's StableStreamsInternetStackHelper does the same): per node, its IPv4
 * global routing, IPv6 fragment extension, ARP (whose request jitter starts every transfer) and
 * ICMPv6. ns-3.47 gave every IPv6 extension a stream, which would move ARP's.
 * @param nodes the nodes, each with an internet stack
 * @param stream the first stream index; returned past the last one assigned
 */
void
AssignInternetStreams(NodeContainer nodes, int64_t& stream)
{
    for (auto node = nodes.Begin(); node != nodes.End(); ++node)
    {
        if (auto routing = FindIpv4GlobalRouting(*node))
        {
            stream += routing->AssignStreams(stream);
        }
        if (auto demux = (*node)->GetObject<Ipv6ExtensionDemux>())
        {
            stream += demux->GetExtension(Ipv6ExtensionFragment::EXT_NUMBER)->AssignStreams(stream);
        }
        stream += (*node)->GetObject<Ipv4>()->GetObject<ArpL3Protocol>()->AssignStreams(stream);
        if (auto ipv6 = (*node)->GetObject<Ipv6>())
        {
            stream += ipv6->GetObject<Icmpv6L4Protocol>()->AssignStreams(stream);
        }
    }
}

} // namespace

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
    InternetStackHelper internet;
    internet.Install(nodes);
    AssignInternetStreams(nodes, stream);
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
