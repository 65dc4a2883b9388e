/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ethernet-testbed.h"

#include "ns3/etherlink-3c500-net-device.h"
#include "ns3/ethernet-bus-channel.h"
#include "ns3/log.h"
#include "ns3/type-id.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("EthernetTestbed");

NS_OBJECT_ENSURE_REGISTERED(EthernetTestbed);

TypeId
EthernetTestbed::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::EthernetTestbed")
            .SetParent<Testbed>()
            .SetGroupName("NetbltExperiment")
            .AddConstructor<EthernetTestbed>()
            .AddAttribute("InterfaceType",
                          "The hosts' Ethernet interface: the PC/AT's 3Com 3C500 "
                          "(ns3::Etherlink3c500NetDevice) or an interface with a ring of receive "
                          "buffers (ns3::EthernetNetDevice, the SUN-3's).",
                          TypeIdValue(Etherlink3c500NetDevice::GetTypeId()),
                          MakeTypeIdAccessor(&EthernetTestbed::m_interfaceType),
                          MakeTypeIdChecker());
    return tid;
}

EthernetTestbed::EthernetTestbed()
{
    NS_LOG_FUNCTION(this);
}

EthernetTestbed::~EthernetTestbed()
{
    NS_LOG_FUNCTION(this);
}

NetDeviceContainer
EthernetTestbed::InstallNetwork(NodeContainer hosts, int64_t stream, int64_t& streamsUsed)
{
    m_ethernet = EthernetHelper();
    m_ethernet.SetDeviceType(m_interfaceType.GetName());
    // The hosts' IP hands packets straight to the interface's FIFO (InstallInternet removes
    // the root queue disc); the NetDeviceQueueInterface would add only Linux's byte queue
    // limits and stop/wake, which a PC/AT's IP never had, and an event per frame sent.
    m_ethernet.DisableFlowControl();
    ApplyNetworkAttributes(m_ethernet);
    NetDeviceContainer devices = m_ethernet.Install(hosts);
    streamsUsed = m_ethernet.AssignStreams(devices, stream);
    m_channel = DynamicCast<EthernetBusChannel>(devices.Get(0)->GetChannel());
    // The hosts are the bus's first devices, in host order.
    m_noiseDrops.assign(hosts.GetN(), 0);
    m_channel->TraceConnectWithoutContext("NoiseCorruption",
                                          MakeCallback(&EthernetTestbed::CountNoiseDrop, this));
    return devices;
}

void
EthernetTestbed::EnablePcap(const std::string& prefix)
{
    m_ethernet.EnablePcapAll(prefix);
}

std::vector<std::string>
EthernetTestbed::GetTransmitActivities() const
{
    if (m_interfaceType != Etherlink3c500NetDevice::GetTypeId())
    {
        return {};
    }
    return {Etherlink3c500NetDevice::TRANSMIT_ACTIVITY};
}

void
EthernetTestbed::TransfersEnded()
{
    // Subnet 26's other hosts matter only while data flows; without this they would fill the
    // sender's dally (tens of seconds) with events, or after a failed transfer the time up to
    // MaxSimulatedTime.
    if (m_channel)
    {
        m_channel->StopBackground();
    }
}

void
EthernetTestbed::CountNoiseDrop(Ptr<const Packet> /* frame */, uint32_t device)
{
    if (device < m_noiseDrops.size())
    {
        ++m_noiseDrops[device];
    }
}

void
EthernetTestbed::RecordNetworkLosses(uint32_t flow,
                                     const NetDeviceContainer& devices,
                                     TransferRecord& record) const
{
    auto interface = [&devices](uint32_t host) {
        return DynamicCast<Etherlink3c500NetDevice>(devices.Get(host));
    };
    // Only the 3C500 is deaf while it sends.
    if (interface(0))
    {
        record.senderDeafDrops = interface(0)->GetRxLostDeaf();
        record.receiverDeafDrops = interface(1)->GetRxLostDeaf();
    }
    record.senderNoiseDrops = m_noiseDrops[2 * flow];
    record.receiverNoiseDrops = m_noiseDrops[2 * flow + 1];
}

} // namespace ns3
