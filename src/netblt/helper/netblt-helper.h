/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_HELPER_H
#define NETBLT_HELPER_H

#include "ns3/attribute.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"

#include <string>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * @ingroup netblt
 * @brief Installs NETBLT (NetbltL4Protocol) on nodes that already have an IPv4 stack.
 *
 * Chooses its policies as TCP's are chosen, by attribute: the data timer and round-trip
 * estimator with SetAttribute("DataTimerType" / "RttEstimatorType", TypeIdValue(...)), the
 * connection classes with "SenderType" / "ReceiverType", and their behaviour with
 * SetSenderAttribute() and SetReceiverAttribute():
 * @code
 *   NetbltHelper netblt;
 *   netblt.SetAttribute("DataTimerType", TypeIdValue(NetbltBurstRateDataTimer::GetTypeId()));
 *   netblt.SetReceiverAttribute("CombineOkWithGo", BooleanValue(false));
 *   netblt.Install(nodes);
 * @endcode
 */
class NetbltHelper
{
  public:
    NetbltHelper();

    /**
     * @param name the name of a NetbltL4Protocol attribute (for example a processing cost)
     * @param value its value for the protocols installed from now on
     */
    void SetAttribute(const std::string& name, const AttributeValue& value);

    /**
     * @param name an attribute of the sender's class (NetbltSender, or SenderType)
     * @param value its value for every sending connection of the protocols installed from now on
     */
    void SetSenderAttribute(const std::string& name, const AttributeValue& value);

    /**
     * @param name an attribute of the receiver's class (NetbltReceiver, or ReceiverType)
     * @param value its value for every receiving connection of the protocols installed from now
     *        on
     */
    void SetReceiverAttribute(const std::string& name, const AttributeValue& value);

    /**
     * @param name an attribute of the rate policy's class (RatePolicyType, set with
     *        SetAttribute() first)
     * @param value its value for every sending connection of the protocols installed from now on
     */
    void SetRatePolicyAttribute(const std::string& name, const AttributeValue& value);

    /**
     * Aggregates a NetbltL4Protocol to each node and registers it with the node's IPv4.
     * Aborts if a node has no IPv4 (install InternetStackHelper first).
     * @param nodes the nodes
     */
    void Install(NodeContainer nodes) const;

    /**
     * Fixes the random streams of the installed NETBLT layers (connection unique IDs).
     * @param nodes the nodes
     * @param stream the first stream index
     * @return the number of streams used
     */
    int64_t AssignStreams(NodeContainer nodes, int64_t stream) const;

  private:
    ObjectFactory m_factory; //!< makes the NetbltL4Protocol objects
    /// SetSenderAttribute() calls, in order
    std::vector<std::pair<std::string, Ptr<AttributeValue>>> m_senderAttributes;
    /// SetReceiverAttribute() calls, in order
    std::vector<std::pair<std::string, Ptr<AttributeValue>>> m_receiverAttributes;
    /// SetRatePolicyAttribute() calls, in order
    std::vector<std::pair<std::string, Ptr<AttributeValue>>> m_ratePolicyAttributes;
};

} // namespace ns3

#endif /* NETBLT_HELPER_H */
