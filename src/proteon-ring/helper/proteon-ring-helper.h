/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef PROTEON_RING_HELPER_H
#define PROTEON_RING_HELPER_H

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

class NetDevice;
class Node;
class ProteonRingChannel;

/**
 * @ingroup proteon-ring
 * @brief Builds a ProNET-10 ring: one ProteonRingChannel and a
 * ProteonRingNetDevice on each node.
 *
 * The API follows ns3::PointToPointHelper. Devices are spread evenly round
 * the ring unless SetStations() gives their positions; each gets the station
 * address station + 1 and a transmit queue (by default a
 * DropTailQueue<Packet>).
 *
 * Pcap traces use link type LINKTYPE_RAW (101): the ring header is stripped
 * and only IPv4 frames are written, so that tshark and Wireshark, which have
 * no ProNET-10 dissector, decode the IP datagrams. ARP frames are left out of
 * the capture.
 *
 * Normally we eschew multiple inheritance, however, the classes
 * PcapHelperForDevice and AsciiTraceHelperForDevice are "mixins".
 */
class ProteonRingHelper : public PcapHelperForDevice, public AsciiTraceHelperForDevice
{
  public:
    ProteonRingHelper();
    ~ProteonRingHelper() override;

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
     * @param name the name of a ProteonRingNetDevice attribute
     * @param value its value for every device Install() creates
     */
    void SetDeviceAttribute(std::string name, const AttributeValue& value);

    /**
     * @param name the name of a ProteonRingChannel attribute
     * @param value its value for the channel Install() creates
     */
    void SetChannelAttribute(std::string name, const AttributeValue& value);

    /**
     * Places the devices of the next Install() at these stations, in node
     * order, instead of spreading them evenly. An empty vector restores the
     * even spread.
     * @param stations one distinct station per node, each below StationCount
     */
    void SetStations(const std::vector<uint32_t>& stations);

    /** Disables flow control (see PointToPointHelper::DisableFlowControl()). */
    void DisableFlowControl();

    /**
     * Creates a ring and a device on each node. With n nodes on a ring of N
     * stations, and no SetStations(), node i's device is at station
     * floor(i × N / n).
     * @param c the nodes
     * @return their devices, in node order
     */
    NetDeviceContainer Install(NodeContainer c);

    /**
     * Assigns fixed random variable streams to the ProteonRingChannel of
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

    ObjectFactory m_queueFactory;     //!< Queue factory
    ObjectFactory m_channelFactory;   //!< Channel factory
    ObjectFactory m_deviceFactory;    //!< Device factory
    std::vector<uint32_t> m_stations; //!< explicit positions, or empty
    bool m_enableFlowControl{true};   //!< whether to enable flow control
};

/***************************************************************
 *  Implementation of the templates declared above.
 ***************************************************************/

template <typename... Ts>
void
ProteonRingHelper::SetQueue(std::string type, Ts&&... args)
{
    QueueBase::AppendItemTypeIfNotPresent(type, "Packet");
    m_queueFactory.SetTypeId(type);
    m_queueFactory.Set(std::forward<Ts>(args)...);
}

} // namespace ns3

#endif /* PROTEON_RING_HELPER_H */
