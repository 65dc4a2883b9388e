/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef BSD_TCP_HELPER_H
#define BSD_TCP_HELPER_H

#include "ns3/attribute.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"

#include <string>

namespace ns3
{

/**
 * @ingroup bsd-tcp
 * @brief Makes a node's TCP a 1987 BSD host's: aggregates a BsdTcpSocketFactory (the sockets'
 * settings) and a TcpHostProcessing (the CPU costs charged to the node's HostModel) to it.
 *
 * The nodes need IPv4 and TCP first (InternetStackHelper). Applications then name
 * BsdTcpSocketFactory as their socket factory:
 * @code
 *   BsdTcpHelper tcp;
 *   tcp.SetSocketAttribute("BufferSize", UintegerValue(16384));
 *   tcp.SetProcessingAttribute("DataReceivePacketCost", TimeValue(MilliSeconds(2)));
 *   tcp.Install(hosts);
 *   BulkSendHelper send("ns3::BsdTcpSocketFactory", InetSocketAddress(receiver, 5001));
 * @endcode
 */
class BsdTcpHelper
{
  public:
    BsdTcpHelper();

    /**
     * @param name a BsdTcpSocketFactory attribute
     * @param value its value for the nodes installed from now on
     */
    void SetSocketAttribute(const std::string& name, const AttributeValue& value);

    /**
     * @param name a TcpHostProcessing attribute (a CPU cost)
     * @param value its value for the nodes installed from now on
     */
    void SetProcessingAttribute(const std::string& name, const AttributeValue& value);

    /** @param nodes hosts with IPv4 and TCP, without a BsdTcpSocketFactory */
    void Install(NodeContainer nodes) const;

  private:
    ObjectFactory m_sockets;    //!< makes each node's BsdTcpSocketFactory
    ObjectFactory m_processing; //!< makes each node's TcpHostProcessing
};

} // namespace ns3

#endif /* BSD_TCP_HELPER_H */
