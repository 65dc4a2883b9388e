/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SOURCE_QUENCH_HELPER_H
#define SOURCE_QUENCH_HELPER_H

#include "ns3/attribute.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"
#include "ns3/ptr.h"
#include "ns3/source-quench-dispatcher.h"
#include "ns3/source-quench-sender.h"

#include <string>

namespace ns3
{

class NetDevice;

/**
 * @ingroup source-quench
 * @brief Installs ICMP Source Quench: a SourceQuenchSender on a gateway, fed by a device's
 * queue trace, and a SourceQuenchDispatcher on each host.
 *
 * The nodes need IPv4 first (InternetStackHelper). The device's trace must have the signature
 * (Ptr<const Packet> datagram, uint32_t queuedBytes), as WidebandNetDevice's Enqueue; the
 * device's module knows nothing of this one.
 * @code
 *   SourceQuenchHelper quench;
 *   quench.SetSenderAttribute("ThresholdBytes", UintegerValue(16384));
 *   quench.InstallSender(gatewayDevice, "Enqueue");
 *   quench.InstallDispatchers(hosts);
 * @endcode
 */
class SourceQuenchHelper
{
  public:
    SourceQuenchHelper();

    /**
     * @param name a SourceQuenchSender attribute
     * @param value its value for the senders made from now on
     */
    void SetSenderAttribute(const std::string& name, const AttributeValue& value);

    /**
     * Makes the device's node a quenching gateway: connects the device's @p traceName trace to
     * the node's SourceQuenchSender (made and aggregated to the node the first time).
     * @param device a device of the gateway
     * @param traceName its trace source of (datagram, queued bytes)
     * @return the node's sender
     */
    Ptr<SourceQuenchSender> InstallSender(Ptr<NetDevice> device,
                                          const std::string& traceName) const;

    /**
     * @param host a host with IPv4, without a SourceQuenchDispatcher
     * @return its dispatcher, aggregated to it
     */
    Ptr<SourceQuenchDispatcher> InstallDispatcher(Ptr<Node> host) const;

    /** @param hosts hosts with IPv4, without a SourceQuenchDispatcher */
    void InstallDispatchers(NodeContainer hosts) const;

  private:
    ObjectFactory m_sender; //!< makes each gateway's SourceQuenchSender
};

} // namespace ns3

#endif /* SOURCE_QUENCH_HELPER_H */
