/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_TWO_NODE_TOPOLOGY_H
#define NETBLT_TWO_NODE_TOPOLOGY_H

#include "ns3/channel.h"
#include "ns3/data-rate.h"
#include "ns3/error-model.h"
#include "ns3/ipv4-address.h"
#include "ns3/net-device-container.h"
#include "ns3/netblt-l4-protocol.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"

#include <array>
#include <cstdint>
#include <functional>

/**
 * @file
 * @ingroup netblt-tests
 * The NETBLT engine tests' network: two nodes over a point-to-point link, with IPv4 and NETBLT,
 * built from stock ns-3 and the netblt module alone (as ns-3's TcpGeneralTest builds its own).
 */

namespace ns3
{
namespace netblt_test
{

/**
 * @ingroup netblt-tests
 * @brief How to build a TwoNodeTopology.
 *
 * The default is the tests' link: 10 Mbit/s, 1 ms one way, MTU 1600 (no fragmentation of NETBLT
 * packets), no loss. Random streams start at 1004, where the engine's suites drew them when they
 * ran over netblt-experiment's impaired link (whose channel took streams 1000 to 1003), so that
 * every run draws the numbers it drew there (its ARP jitter, its connections' unique IDs).
 */
struct TwoNodeConfig
{
    /**
     * Connects the two nodes instead of the fixture's point-to-point link, if set (another
     * module's tests, e.g. over an impaired channel): it must return the two nodes' devices,
     * node 0's first, each a ns3::PointToPointNetDevice or another device with a
     * "ReceiveErrorModel" attribute, and advance the stream index past the streams it assigned.
     */
    using LinkInstaller = std::function<NetDeviceContainer(NodeContainer nodes, int64_t& stream)>;

    DataRate dataRate{"10Mbps"}; //!< bit rate each way
    Time delay{MilliSeconds(1)}; //!< one-way propagation delay
    uint16_t mtu{1600};          //!< the devices' IP MTU (bytes)
    LinkInstaller installLink;   //!< another link, if set (dataRate, delay and mtu then unused)
    int64_t stream{1004};        //!< first random stream index
    bool hostModel{true};        //!< a HostCpu (the HostModel) on each node
    /// Node i's receive error model (0: the frames from node 1, 1: from node 0), if set.
    std::array<Ptr<ErrorModel>, 2> receiveErrorModel;
};

/**
 * @ingroup netblt-tests
 * @brief Two nodes, 10.1.1.1 and 10.1.1.2, over a point-to-point link (PointToPointHelper), with
 * IPv4 (StableStreamsInternetStackHelper), NETBLT (NetbltHelper) and, if asked, a HostCpu each.
 *
 * Each node's device may carry a receive error model (TwoNodeConfig::receiveErrorModel): a
 * NetbltDropErrorModel to drop or count chosen NETBLT packets, a ns3::RateErrorModel (Loss()) or
 * a ns3::ReceiveListErrorModel. Random streams are assigned from TwoNodeConfig::stream on: the
 * link's (if installLink assigns any), then the internet stacks' (StableStreamsInternetStackHelper:
 * IPv4 global routing, the IPv6 fragment extension, ARP, ICMPv6: as ns-3.44 lays them out, on every
 * ns-3 release), then NETBLT's.
 */
struct TwoNodeTopology
{
    /**
     * Builds the topology; call after setting seed and run.
     * @param config what to build
     */
    void Build(const TwoNodeConfig& config);

    NodeContainer nodes;             //!< node 0 and node 1
    NetDeviceContainer devices;      //!< their devices
    Ipv4Address address[2];          //!< their addresses
    Ptr<NetbltL4Protocol> netblt[2]; //!< their NETBLT layers
    Ptr<Channel> channel;            //!< the link
};

} // namespace netblt_test
} // namespace ns3

#endif /* NETBLT_TWO_NODE_TOPOLOGY_H */
