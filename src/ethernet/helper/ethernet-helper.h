/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ETHERNET_HELPER_H
#define ETHERNET_HELPER_H

#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"
#include "ns3/queue.h"
#include "ns3/trace-helper.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

class EthernetBusChannel;
class NetDevice;
class Node;

/**
 * @ingroup ethernet
 * @brief Builds an Ethernet: one EthernetBusChannel and a device on each
 * node, by default an Etherlink3c500NetDevice.
 *
 * The API follows ns3::CsmaHelper. Devices are spread evenly from one end of
 * the cable to the other unless SetPositions() gives their positions; each
 * gets a unique allocated Mac48Address and a transmit queue (by default a
 * DropTailQueue<Packet>).
 *
 * Pcap traces use link type DLT_EN10MB (1): each frame from its destination
 * address to the end of the (padded) data, without the FCS, as a capture
 * on a host shows it; tshark decodes it. Sender captures hold the frames
 * that left without collision, stamped when their last bit left; receiver
 * captures the frames taken, stamped when their last bit arrived.
 *
 * Normally we eschew multiple inheritance, however, the classes
 * PcapHelperForDevice and AsciiTraceHelperForDevice are "mixins".
 */
class EthernetHelper : public PcapHelperForDevice, public AsciiTraceHelperForDevice
{
  public:
    EthernetHelper();
    ~EthernetHelper() override;

    /**
     * Sets the type of the transmit queue, and its attributes, created for
     * each device by Install(). By default a DropTailQueue<Packet>.
     *
     * @tparam Ts \deduced Argument types
     * @param type the type of queue (e.g. "ns3::DropTailQueue"; the item
     *   type "<Packet>" is appended if missing)
     * @param [in] args Name and AttributeValue pairs to set.
     */
    template <typename... Ts>
    void SetQueue(std::string type, Ts&&... args);

    /**
     * Sets the type of device Install() creates: "ns3::Etherlink3c500NetDevice"
     * (the default) or "ns3::EthernetNetDevice" (an ideal interface).
     * @param type the TypeId name
     */
    void SetDeviceType(std::string type);

    /**
     * @param name the name of a device attribute
     * @param value its value for every device Install() creates
     */
    void SetDeviceAttribute(std::string name, const AttributeValue& value);

    /**
     * @param name the name of an EthernetBusChannel attribute
     * @param value its value for the channel Install() creates
     */
    void SetChannelAttribute(std::string name, const AttributeValue& value);

    /**
     * Gives the channel Install() creates background traffic: the other hosts on the cable
     * (an EthernetBackgroundTraffic with the attributes given here; without any, the cable
     * carries only what its devices send).
     * @param name the name of an EthernetBackgroundTraffic attribute
     * @param value its value
     */
    void SetBackgroundAttribute(std::string name, const AttributeValue& value);

    /**
     * Places the devices of the next Install() at these positions, in node
     * order, instead of spreading them evenly. An empty vector restores the
     * even spread.
     * @param positions one position (m, 0 to Length) per node
     */
    void SetPositions(const std::vector<double>& positions);

    /** Disables flow control (see CsmaHelper::DisableFlowControl()). */
    void DisableFlowControl();

    /**
     * Creates a bus and a device on each node. With n nodes on a cable of
     * length L and no SetPositions(), node i's device taps it at
     * i × L / (n − 1) (a single node at 0).
     * @param c the nodes
     * @return their devices, in node order
     */
    NetDeviceContainer Install(NodeContainer c);

    /**
     * Adds one device to an existing bus, for an Ethernet whose stations have different
     * interfaces (one helper per device type, all on the bus the first one created).
     * @param node the node
     * @param channel the bus
     * @param position where the device taps the cable (m, 0 to Length)
     * @return the device
     */
    Ptr<NetDevice> Install(Ptr<Node> node, Ptr<EthernetBusChannel> channel, double position);

    /**
     * Assigns fixed random variable streams to the EthernetBusChannel of
     * each device in the container, each channel once. Receive error models
     * are not touched; assign those on the error models.
     * @param c the devices
     * @param stream first stream index to use
     * @return the number of stream indices assigned
     */
    int64_t AssignStreams(NetDeviceContainer c, int64_t stream);

  private:
    void EnablePcapInternal(std::string prefix,
                            Ptr<NetDevice> nd,
                            bool promiscuous,
                            bool explicitFilename) override;

    void EnableAsciiInternal(Ptr<OutputStreamWrapper> stream,
                             std::string prefix,
                             Ptr<NetDevice> nd,
                             bool explicitFilename) override;

    ObjectFactory m_queueFactory;      //!< Queue factory
    ObjectFactory m_channelFactory;    //!< Channel factory
    ObjectFactory m_deviceFactory;     //!< Device factory
    ObjectFactory m_backgroundFactory; //!< Background traffic factory
    bool m_background{false};          //!< whether to give the channel background traffic
    std::vector<double> m_positions;   //!< explicit positions, or empty
    bool m_enableFlowControl{true};    //!< whether to enable flow control
};

/***************************************************************
 *  Implementation of the templates declared above.
 ***************************************************************/

template <typename... Ts>
void
EthernetHelper::SetQueue(std::string type, Ts&&... args)
{
    QueueBase::AppendItemTypeIfNotPresent(type, "Packet");
    m_queueFactory.SetTypeId(type);
    m_queueFactory.Set(std::forward<Ts>(args)...);
}

} // namespace ns3

#endif /* ETHERNET_HELPER_H */
