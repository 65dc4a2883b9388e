/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef STABLE_STREAMS_INTERNET_STACK_HELPER_H
#define STABLE_STREAMS_INTERNET_STACK_HELPER_H

#include "ns3/internet-stack-helper.h"
#include "ns3/node-container.h"

#include <cstdint>

namespace ns3
{

/**
 * @ingroup netblt
 * @brief ns-3's InternetStackHelper whose AssignStreams() gives the stack's random variables the
 * same streams on every ns-3 release the project supports, so that a seed draws the same ARP
 * jitter, and a testbed the same run, on ns-3.44 as on ns-3.48.
 *
 * ns-3.47 changed InternetStackHelper::AssignStreams: it gives a stream to every IPv6 extension
 * (Ipv6ExtensionDemux::AssignStreams) and to the IPv6 routing extensions, where ns-3.44 to 3.46
 * gave one to the fragment extension alone. Each node then takes more streams before its ARP,
 * whose request jitter (0 to 10 ms) starts every transfer, so every run on a LAN moved. This
 * helper lays the streams out as ns-3.44 to 3.46 do, node by node: IPv4 global routing's ECMP
 * choice (1, where the node's routing holds it, as InternetStackHelper's default list does),
 * the IPv6 fragment extension (1), ARP's request jitter (1), ICMPv6's solicitation and
 * router-solicitation jitters (2). The other IPv6 extensions and IPv6 global routing keep the
 * streams ns-3 gives them itself; IPv4 never draws from them.
 */
class StableStreamsInternetStackHelper : public InternetStackHelper
{
  public:
    /**
     * Assigns fixed random-variable streams to the internet stacks of nodes, as ns-3.44's
     * InternetStackHelper::AssignStreams does: per node, its IPv4 global routing, IPv6
     * fragment extension, ARP and ICMPv6, in that order.
     * @param nodes the nodes, each with an internet stack installed
     * @param stream the first stream index to use
     * @return the number of streams assigned (5 per node with InternetStackHelper's defaults)
     */
    int64_t AssignStreams(NodeContainer nodes, int64_t stream);
};

} // namespace ns3

#endif /* STABLE_STREAMS_INTERNET_STACK_HELPER_H */
