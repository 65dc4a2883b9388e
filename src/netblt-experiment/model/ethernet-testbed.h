/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ETHERNET_TESTBED_H
#define ETHERNET_TESTBED_H

#include "testbed.h"

#include "ns3/ethernet-bus-channel.h"
#include "ns3/ethernet-helper.h"

#include <string>
#include <vector>

namespace ns3
{

/**
 * @ingroup netblt-experiment
 * @brief NETBLT transfers between pairs of hosts on a 10 Mbit/s Ethernet with 3Com 3C500
 * interfaces (RFC 1030 §6).
 *
 * The hosts' devices are Etherlink3c500NetDevices (InterfaceType) on one EthernetBusChannel,
 * spread evenly along it in host order (with one flow the sender at one end, the receiver at
 * the other), whose background stations stand for the rest of MIT's Subnet 26;
 * SetDeviceAttribute() and SetChannelAttribute() configure them from the models/ files.
 */
class EthernetTestbed : public Testbed
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    EthernetTestbed();
    ~EthernetTestbed() override;

  protected:
    NetDeviceContainer InstallNetwork(NodeContainer hosts,
                                      int64_t stream,
                                      int64_t& streamsUsed) override;
    void EnablePcap(const std::string& prefix) override;
    std::vector<std::string> GetTransmitActivities() const override;
    void TransfersEnded() override;
    void RecordNetworkLosses(uint32_t flow,
                             const NetDeviceContainer& devices,
                             TransferRecord& record) const override;

  private:
    /**
     * Counts a frame noise corrupted on its way to one of the hosts.
     * @param frame the corrupted frame
     * @param device the receiving device's index on the bus
     */
    void CountNoiseDrop(Ptr<const Packet> frame, uint32_t device);

    TypeId m_interfaceType;             //!< the hosts' net device type
    EthernetHelper m_ethernet;          //!< built the bus (kept for pcap)
    Ptr<EthernetBusChannel> m_channel;  //!< the bus, to stop its background at the end
    std::vector<uint64_t> m_noiseDrops; //!< frames noise corrupted, per host
};

} // namespace ns3

#endif /* ETHERNET_TESTBED_H */
