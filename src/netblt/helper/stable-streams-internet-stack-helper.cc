/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "stable-streams-internet-stack-helper.h"

#include "ns3/arp-l3-protocol.h"
#include "ns3/icmpv6-l4-protocol.h"
#include "ns3/ipv4-list-routing.h"
#include "ns3/ipv4.h"
#include "ns3/ipv6-extension-demux.h"
#include "ns3/ipv6-extension.h"
#include "ns3/ipv6.h"
#include "ns3/log.h"

// Ipv4GlobalRouting's header: ns-3.47 made global routing a template for IPv4 and IPv6
// (global-routing.h), and ipv4-global-routing.h went.
#if __has_include("ns3/ipv4-global-routing.h")
#include "ns3/ipv4-global-routing.h"
#else
#include "ns3/global-routing.h"
#endif

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("StableStreamsInternetStackHelper");

namespace
{
/**
 * The node's IPv4 global routing (InternetStackHelper's default list routing holds one beside
 * static routing), found through the node's routing rather than its GlobalRouter, whose type
 * ns-3.48 made a template.
 * @param node a node with an internet stack
 * @return its Ipv4GlobalRouting, or null
 */
Ptr<Ipv4GlobalRouting>
FindIpv4GlobalRouting(Ptr<Node> node)
{
    Ptr<Ipv4> ipv4 = node->GetObject<Ipv4>();
    Ptr<Ipv4RoutingProtocol> routing = ipv4 ? ipv4->GetRoutingProtocol() : nullptr;
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
} // namespace

int64_t
StableStreamsInternetStackHelper::AssignStreams(NodeContainer nodes, int64_t stream)
{
    NS_LOG_FUNCTION(this << stream);
    int64_t current = stream;
    for (auto node = nodes.Begin(); node != nodes.End(); ++node)
    {
        if (auto routing = FindIpv4GlobalRouting(*node))
        {
            current += routing->AssignStreams(current);
        }
        if (auto demux = (*node)->GetObject<Ipv6ExtensionDemux>())
        {
            Ptr<Ipv6Extension> fragment = demux->GetExtension(Ipv6ExtensionFragment::EXT_NUMBER);
            NS_ASSERT_MSG(fragment, "an IPv6 stack always has the fragment extension");
            current += fragment->AssignStreams(current);
        }
        if (auto ipv4 = (*node)->GetObject<Ipv4>())
        {
            if (auto arp = ipv4->GetObject<ArpL3Protocol>())
            {
                current += arp->AssignStreams(current);
            }
        }
        if (auto ipv6 = (*node)->GetObject<Ipv6>())
        {
            if (auto icmpv6 = ipv6->GetObject<Icmpv6L4Protocol>())
            {
                current += icmpv6->AssignStreams(current);
            }
        }
    }
    return current - stream;
}

} // namespace ns3
