/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef IMPAIRED_POINT_TO_POINT_HELPER_H
#define IMPAIRED_POINT_TO_POINT_HELPER_H

#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"
#include "ns3/queue.h"
#include "ns3/trace-helper.h"

#include <cstdint>
#include <string>

namespace ns3
{

class NetDevice;
class Node;

/**
 * @ingroup impaired-link
 * @brief Build a pair of PointToPointNetDevice objects connected by an
 * ImpairedPointToPointChannel.
 *
 * The API mirrors ns3::PointToPointHelper.  The devices are stock
 * ns3::PointToPointNetDevice objects (each with its own transmit queue, by
 * default a DropTailQueue<Packet>, and a fresh Mac48Address); only the
 * channel differs.  Pcap traces use the PPP data link type, like
 * PointToPointHelper.
 *
 * Normally we eschew multiple inheritance, however, the classes
 * PcapHelperForDevice and AsciiTraceHelperForDevice are "mixins".
 */
class ImpairedPointToPointHelper : public PcapHelperForDevice, public AsciiTraceHelperForDevice
{
  public:
    /**
     * Create an ImpairedPointToPointHelper.
     */
    ImpairedPointToPointHelper();

    ~ImpairedPointToPointHelper() override;

    /**
     * Set the type of the transmit queue, and its attributes, created for
     * each device by Install().  By default a DropTailQueue<Packet> is used.
     *
     * @tparam Ts \deduced Argument types
     * @param type the type of queue (e.g. "ns3::DropTailQueue"; the item
     *   type "<Packet>" is appended if missing)
     * @param [in] args Name and AttributeValue pairs to set.
     */
    template <typename... Ts>
    void SetQueue(std::string type, Ts&&... args);

    /**
     * Set an attribute value to be propagated to each
     * ns3::PointToPointNetDevice created by Install().
     *
     * @param name the name of the attribute to set
     * @param value the value of the attribute to set
     */
    void SetDeviceAttribute(std::string name, const AttributeValue& value);

    /**
     * Set an attribute value to be propagated to each
     * ns3::ImpairedPointToPointChannel created by Install() (e.g. "Delay",
     * "DuplicateProbability", "ReorderProbability", "ReorderDelay",
     * "CorruptProbability").
     *
     * @param name the name of the attribute to set
     * @param value the value of the attribute to set
     */
    void SetChannelAttribute(std::string name, const AttributeValue& value);

    /**
     * Disable flow control only if you know what you are doing.  See
     * PointToPointHelper::DisableFlowControl().
     */
    void DisableFlowControl();

    /**
     * @param c a set of exactly two nodes
     * @return a NetDeviceContainer holding the two new devices
     *
     * Creates an ns3::ImpairedPointToPointChannel with the attributes set by
     * SetChannelAttribute(), and for each node an ns3::PointToPointNetDevice
     * with the attributes set by SetDeviceAttribute() and a transmit queue,
     * and attaches both devices to the channel.
     */
    NetDeviceContainer Install(NodeContainer c);

    /**
     * @param a first node
     * @param b second node
     * @return a NetDeviceContainer holding the two new devices
     *
     * Saves you from having to construct a temporary NodeContainer.
     */
    NetDeviceContainer Install(Ptr<Node> a, Ptr<Node> b);

    /**
     * @param a first node
     * @param bName name of second node
     * @return a NetDeviceContainer holding the two new devices
     */
    NetDeviceContainer Install(Ptr<Node> a, std::string bName);

    /**
     * @param aName name of first node
     * @param b second node
     * @return a NetDeviceContainer holding the two new devices
     */
    NetDeviceContainer Install(std::string aName, Ptr<Node> b);

    /**
     * @param aName name of first node
     * @param bName name of second node
     * @return a NetDeviceContainer holding the two new devices
     */
    NetDeviceContainer Install(std::string aName, std::string bName);

    /**
     * Assign fixed random variable streams to the ImpairedPointToPointChannel
     * of each device in the container (each channel once, even if both of
     * its devices are in the container).  Devices attached to other channel
     * types are skipped.  Random variables of the devices' receive error
     * models are not touched; assign those on the error models themselves.
     *
     * @param c the devices
     * @param stream first stream index to use
     * @return the number of stream indices assigned
     */
    int64_t AssignStreams(NetDeviceContainer c, int64_t stream);

  private:
    /**
     * @brief Enable pcap output the indicated net device.
     *
     * @param prefix Filename prefix to use for pcap files.
     * @param nd Net device for which you want to enable tracing.
     * @param promiscuous If true capture all possible packets available at the device.
     * @param explicitFilename Treat the prefix as an explicit filename if true
     */
    void EnablePcapInternal(std::string prefix,
                            Ptr<NetDevice> nd,
                            bool promiscuous,
                            bool explicitFilename) override;

    /**
     * @brief Enable ascii trace output on the indicated net device.
     *
     * @param stream The output stream object to use when logging ascii traces.
     * @param prefix Filename prefix to use for ascii trace files.
     * @param nd Net device for which you want to enable tracing.
     * @param explicitFilename Treat the prefix as an explicit filename if true
     */
    void EnableAsciiInternal(Ptr<OutputStreamWrapper> stream,
                             std::string prefix,
                             Ptr<NetDevice> nd,
                             bool explicitFilename) override;

    ObjectFactory m_queueFactory;   //!< Queue factory
    ObjectFactory m_channelFactory; //!< Channel factory
    ObjectFactory m_deviceFactory;  //!< Device factory
    bool m_enableFlowControl;       //!< Whether to enable flow control
};

/***************************************************************
 *  Implementation of the templates declared above.
 ***************************************************************/

template <typename... Ts>
void
ImpairedPointToPointHelper::SetQueue(std::string type, Ts&&... args)
{
    QueueBase::AppendItemTypeIfNotPresent(type, "Packet");

    m_queueFactory.SetTypeId(type);
    m_queueFactory.Set(std::forward<Ts>(args)...);
}

} // namespace ns3

#endif /* IMPAIRED_POINT_TO_POINT_HELPER_H */
