/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef WIDEBAND_HELPER_H
#define WIDEBAND_HELPER_H

#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"
#include "ns3/trace-helper.h"

#include <string>

namespace ns3
{

/**
 * @ingroup wideband
 * @brief Builds a Wideband satellite channel with one earth station (WidebandNetDevice) per
 * node, in node order (the first node has control slot 0).
 *
 * Pcap traces use LINKTYPE_RAW (101): the channel carries IPv4 datagrams without a link
 * header. A station's capture holds the datagrams it sent, stamped when their transmission
 * ended, and those it received intact, stamped when they were passed up.
 */
class WidebandHelper : public PcapHelperForDevice
{
  public:
    WidebandHelper();
    ~WidebandHelper() override;

    /**
     * @param name the name of a WidebandNetDevice attribute
     * @param value its value for every device Install() creates
     */
    void SetDeviceAttribute(std::string name, const AttributeValue& value);

    /**
     * @param name the name of a WidebandChannel attribute
     * @param value its value for the channel Install() creates
     */
    void SetChannelAttribute(std::string name, const AttributeValue& value);

    /**
     * Creates a channel and a station on each node.
     * @param c the nodes (at most the channel's Stations)
     * @return their devices, in node order
     */
    NetDeviceContainer Install(NodeContainer c) const;

    /**
     * Assigns fixed random variable streams to the channel of each device, each channel once.
     * @param c the devices
     * @param stream first stream index to use
     * @return the number of stream indices assigned
     */
    int64_t AssignStreams(NetDeviceContainer c, int64_t stream) const;

  private:
    void EnablePcapInternal(std::string prefix,
                            Ptr<NetDevice> nd,
                            bool promiscuous,
                            bool explicitFilename) override;

    ObjectFactory m_deviceFactory;  //!< Device factory
    ObjectFactory m_channelFactory; //!< Channel factory
};

} // namespace ns3

#endif /* WIDEBAND_HELPER_H */
