/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ethernet-helper.h"

#include "ns3/abort.h"
#include "ns3/config.h"
#include "ns3/double.h"
#include "ns3/ethernet-background-traffic.h"
#include "ns3/ethernet-bus-channel.h"
#include "ns3/ethernet-net-device.h"
#include "ns3/ethernet-trailer.h"
#include "ns3/log.h"
#include "ns3/mac48-address.h"
#include "ns3/net-device-queue-interface.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/pcap-file-wrapper.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"

#include <set>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("EthernetHelper");

namespace
{
/**
 * Writes a frame to a DLT_EN10MB capture without its FCS, as capture on a
 * host records frames.
 * @param file the capture
 * @param frame the frame, FCS included
 */
void
EthernetSink(Ptr<PcapFileWrapper> file, Ptr<const Packet> frame)
{
    Ptr<Packet> copy = frame->Copy();
    EthernetTrailer trailer;
    copy->RemoveTrailer(trailer);
    file->Write(Simulator::Now(), copy);
}
} // namespace

EthernetHelper::EthernetHelper()
{
    m_queueFactory.SetTypeId("ns3::DropTailQueue<Packet>");
    m_deviceFactory.SetTypeId("ns3::Etherlink3c500NetDevice");
    m_channelFactory.SetTypeId("ns3::EthernetBusChannel");
    m_backgroundFactory.SetTypeId("ns3::EthernetBackgroundTraffic");
}

EthernetHelper::~EthernetHelper()
{
}

void
EthernetHelper::SetDeviceType(std::string type)
{
    m_deviceFactory.SetTypeId(type);
}

void
EthernetHelper::SetDeviceAttribute(std::string name, const AttributeValue& value)
{
    m_deviceFactory.Set(name, value);
}

void
EthernetHelper::SetChannelAttribute(std::string name, const AttributeValue& value)
{
    m_channelFactory.Set(name, value);
}

void
EthernetHelper::SetBackgroundAttribute(std::string name, const AttributeValue& value)
{
    m_backgroundFactory.Set(name, value);
    m_background = true;
}

void
EthernetHelper::SetPositions(const std::vector<double>& positions)
{
    m_positions = positions;
}

void
EthernetHelper::DisableFlowControl()
{
    m_enableFlowControl = false;
}

NetDeviceContainer
EthernetHelper::Install(NodeContainer c)
{
    NS_LOG_FUNCTION(this);
    Ptr<EthernetBusChannel> channel = m_channelFactory.Create<EthernetBusChannel>();
    if (m_background)
    {
        channel->SetAttribute(
            "BackgroundTraffic",
            PointerValue(m_backgroundFactory.Create<EthernetBackgroundTraffic>()));
    }
    DoubleValue length;
    channel->GetAttribute("Length", length);
    const uint32_t n = c.GetN();
    NS_ABORT_MSG_IF(!m_positions.empty() && m_positions.size() != n,
                    "EthernetHelper: SetPositions gave " << m_positions.size() << " positions for "
                                                         << n << " nodes");
    NetDeviceContainer container;
    for (uint32_t i = 0; i < n; ++i)
    {
        double position = 0.0;
        if (!m_positions.empty())
        {
            position = m_positions[i];
        }
        else if (n > 1)
        {
            position = length.Get() * i / (n - 1);
        }
        container.Add(Install(c.Get(i), channel, position));
    }
    return container;
}

Ptr<NetDevice>
EthernetHelper::Install(Ptr<Node> node, Ptr<EthernetBusChannel> channel, double position)
{
    NS_LOG_FUNCTION(this << node << channel << position);
    Ptr<EthernetNetDevice> device = m_deviceFactory.Create<EthernetNetDevice>();
    device->SetAddress(Mac48Address::Allocate());
    node->AddDevice(device);
    Ptr<Queue<Packet>> queue = m_queueFactory.Create<Queue<Packet>>();
    device->SetQueue(queue);
    if (m_enableFlowControl)
    {
        Ptr<NetDeviceQueueInterface> ndqi = CreateObject<NetDeviceQueueInterface>();
        ndqi->GetTxQueue(0)->ConnectQueueTraces(queue);
        device->AggregateObject(ndqi);
    }
    device->Attach(channel, position);
    return device;
}

int64_t
EthernetHelper::AssignStreams(NetDeviceContainer c, int64_t stream)
{
    NS_LOG_FUNCTION(this << stream);
    int64_t currentStream = stream;
    std::set<Ptr<EthernetBusChannel>> done;
    for (auto i = c.Begin(); i != c.End(); ++i)
    {
        Ptr<EthernetBusChannel> channel = DynamicCast<EthernetBusChannel>((*i)->GetChannel());
        if (channel && done.insert(channel).second)
        {
            currentStream += channel->AssignStreams(currentStream);
        }
    }
    return currentStream - stream;
}

void
EthernetHelper::EnablePcapInternal(std::string prefix,
                                   Ptr<NetDevice> nd,
                                   bool promiscuous,
                                   bool explicitFilename)
{
    Ptr<EthernetNetDevice> device = nd->GetObject<EthernetNetDevice>();
    if (!device)
    {
        NS_LOG_INFO("Device " << nd << " is not a ns3::EthernetNetDevice");
        return;
    }
    PcapHelper pcapHelper;
    std::string filename =
        explicitFilename ? prefix : pcapHelper.GetFilenameFromDevice(prefix, device);
    Ptr<PcapFileWrapper> file =
        pcapHelper.CreateFile(filename, std::ios::out, PcapHelper::DLT_EN10MB);
    // A promiscuous capture makes the channel pass every device frame to this device.
    const std::string source = promiscuous ? "PromiscSniffer" : "Sniffer";
    const bool hooked =
        device->TraceConnectWithoutContext(source, MakeBoundCallback(&EthernetSink, file));
    NS_ABORT_MSG_UNLESS(hooked, "EthernetHelper: cannot hook " << source);
}

void
EthernetHelper::EnableAsciiInternal(Ptr<OutputStreamWrapper> stream,
                                    std::string prefix,
                                    Ptr<NetDevice> nd,
                                    bool explicitFilename)
{
    Ptr<EthernetNetDevice> device = nd->GetObject<EthernetNetDevice>();
    if (!device)
    {
        NS_LOG_INFO("Device " << nd << " is not a ns3::EthernetNetDevice");
        return;
    }

    // The default ascii trace sinks print packets.
    Packet::EnablePrinting();

    if (!stream)
    {
        AsciiTraceHelper asciiTraceHelper;
        std::string filename =
            explicitFilename ? prefix : asciiTraceHelper.GetFilenameFromDevice(prefix, device);
        Ptr<OutputStreamWrapper> theStream = asciiTraceHelper.CreateFileStream(filename);
        asciiTraceHelper.HookDefaultReceiveSinkWithoutContext<EthernetNetDevice>(device,
                                                                                 "MacRx",
                                                                                 theStream);
        Ptr<Queue<Packet>> queue = device->GetQueue();
        asciiTraceHelper.HookDefaultEnqueueSinkWithoutContext<Queue<Packet>>(queue,
                                                                             "Enqueue",
                                                                             theStream);
        asciiTraceHelper.HookDefaultDropSinkWithoutContext<Queue<Packet>>(queue, "Drop", theStream);
        asciiTraceHelper.HookDefaultDequeueSinkWithoutContext<Queue<Packet>>(queue,
                                                                             "Dequeue",
                                                                             theStream);
        asciiTraceHelper.HookDefaultDropSinkWithoutContext<EthernetNetDevice>(device,
                                                                              "PhyRxDrop",
                                                                              theStream);
        return;
    }

    std::ostringstream oss;
    oss << "/NodeList/" << nd->GetNode()->GetId() << "/DeviceList/" << nd->GetIfIndex()
        << "/$ns3::EthernetNetDevice/";
    std::string path = oss.str();
    Config::Connect(path + "MacRx",
                    MakeBoundCallback(&AsciiTraceHelper::DefaultReceiveSinkWithContext, stream));
    Config::Connect(path + "TxQueue/Enqueue",
                    MakeBoundCallback(&AsciiTraceHelper::DefaultEnqueueSinkWithContext, stream));
    Config::Connect(path + "TxQueue/Dequeue",
                    MakeBoundCallback(&AsciiTraceHelper::DefaultDequeueSinkWithContext, stream));
    Config::Connect(path + "TxQueue/Drop",
                    MakeBoundCallback(&AsciiTraceHelper::DefaultDropSinkWithContext, stream));
    Config::Connect(path + "PhyRxDrop",
                    MakeBoundCallback(&AsciiTraceHelper::DefaultDropSinkWithContext, stream));
}

} // namespace ns3
