/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_TWO_HOST_HELPER_H
#define NETBLT_TWO_HOST_HELPER_H

#include "ns3/data-rate.h"
#include "ns3/error-model.h"
#include "ns3/impaired-point-to-point-helper.h"
#include "ns3/ipv4-interface-container.h"
#include "ns3/net-device-container.h"
#include "ns3/netblt-helper.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"

#include <array>
#include <cstdint>

namespace ns3
{

/**
 * @ingroup netblt-experiment
 * @brief Two hosts over an impaired point-to-point link, with IPv4 and NETBLT: the topology of
 * the point-to-point experiment, the soak and the NETBLT engine's tests.
 *
 * InstallLink() connects the hosts with the link a Link describes (ImpairedPointToPointHelper):
 * its bit rate, delay and MTU; the channel's re-ordering, duplication and corruption, the last of
 * NETBLT datagrams only (ns-3's own ICMP code does not survive corrupted input); and a receive
 * error model at each host, the caller's or an ns3::RateErrorModel that loses each packet with
 * the Link's probability. InstallHosts() gives each host a HostCpu if asked, IPv4 with the
 * addresses 10.1.1.1 and 10.1.1.2 (Ipv4AddressHelper), and NETBLT (the caller's NetbltHelper).
 * Both assign random streams from a running index, in the order they are called, so that a
 * topology built from the same index draws the same numbers.
 *
 * The point-to-point experiment takes the link only: Testbed installs every network's
 * hosts the same way.
 */
class NetbltTwoHostHelper
{
  public:
    /// The link between the two hosts.
    struct Link
    {
        DataRate dataRate{"10Mbps"};          //!< bit rate each way
        Time delay{MilliSeconds(1)};          //!< one-way propagation delay
        uint16_t mtu{1500};                   //!< the devices' IP MTU (bytes)
        double reorderProbability{0};         //!< probability that a packet is held back
        Time reorderDelay{MilliSeconds(20)};  //!< how long a re-ordered packet is held back
        double duplicateProbability{0};       //!< probability that a packet arrives twice
        double corruptProbability{0};         //!< probability that a NETBLT datagram is damaged
        std::array<double, 2> lossRate{0, 0}; //!< probability a packet is lost arriving at host i
        /// Host i's receive error model instead of a RateErrorModel at lossRate[i], if set.
        std::array<Ptr<ErrorModel>, 2> receiveErrorModel;
    };

    /** Builds the default Link: 10 Mbit/s, 1 ms, MTU 1500, no impairment. */
    NetbltTwoHostHelper();

    /** @param link the link to build */
    explicit NetbltTwoHostHelper(const Link& link);

    /**
     * @return the helper InstallLink() uses, configured from the Link: for other device and
     *         channel attributes before InstallLink(), and for pcap after it
     */
    ImpairedPointToPointHelper& GetLinkHelper();

    /**
     * Connects two hosts with the link.
     * @param hosts host 0 and host 1
     * @param stream the first random stream index to assign; returned past the last assigned
     * @return their devices, host 0's first
     */
    NetDeviceContainer InstallLink(NodeContainer hosts, int64_t& stream);

    /**
     * Installs the hosts' stack: a HostCpu each (if @p hostCpu), IPv4 with the addresses
     * 10.1.1.1 and 10.1.1.2 on @p devices, and NETBLT.
     * @param hosts host 0 and host 1
     * @param devices their devices, as InstallLink() returned them
     * @param netblt the NETBLT helper, with its attributes set
     * @param hostCpu whether each host gets a HostCpu (with its default attributes)
     * @param stream the first random stream index to assign; returned past the last assigned
     * @return the hosts' IPv4 interfaces, host 0's first
     */
    Ipv4InterfaceContainer InstallHosts(NodeContainer hosts,
                                        NetDeviceContainer devices,
                                        NetbltHelper netblt,
                                        bool hostCpu,
                                        int64_t& stream);

  private:
    Link m_link;                         //!< the link
    ImpairedPointToPointHelper m_helper; //!< builds it
};

} // namespace ns3

#endif /* NETBLT_TWO_HOST_HELPER_H */
