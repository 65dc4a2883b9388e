/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "proteon-ring-helper.h"

#include "ns3/abort.h"
#include "ns3/config.h"
#include "ns3/log.h"
#include "ns3/mac8-address.h"
#include "ns3/net-device-queue-interface.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/pcap-file-wrapper.h"
#include "ns3/proteon-ring-channel.h"
#include "ns3/proteon-ring-header.h"
#include "ns3/proteon-ring-net-device.h"
#include "ns3/simulator.h"

#include <set>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ProteonRingHelper");

namespace
{
/**
 * Writes an IPv4 frame to a LINKTYPE_RAW capture, without its ring header.
 * @param file the capture
 * @param frame the frame, ring header included
 */
void
RawIpSink(Ptr<PcapFileWrapper> file, Ptr<const Packet> frame)
{
    ProteonRingHeader header;
    Ptr<Packet> datagram = frame->Copy();
    datagram->RemoveHeader(header);
    if (header.GetType() == ProteonRingHeader::RING_IP)
    {
        file->Write(Simulator::Now(), datagram);
    }
}
} // namespace

ProteonRingHelper::ProteonRingHelper()
{
    m_queueFactory.SetTypeId("ns3::DropTailQueue<Packet>");
    m_deviceFactory.SetTypeId("ns3::ProteonRingNetDevice");
    m_channelFactory.SetTypeId("ns3::ProteonRingChannel");
}

ProteonRingHelper::~ProteonRingHelper()
{
}

void
ProteonRingHelper::SetDeviceAttribute(std::string name, const AttributeValue& value)
{
    m_deviceFactory.Set(name, value);
}

void
ProteonRingHelper::SetChannelAttribute(std::string name, const AttributeValue& value)
{
    m_channelFactory.Set(name, value);
}

void
ProteonRingHelper::SetStations(const std::vector<uint32_t>& stations)
{
    m_stations = stations;
}

void
ProteonRingHelper::DisableFlowControl()
{
    m_enableFlowControl = false;
}

NetDeviceContainer
ProteonRingHelper::Install(NodeContainer c)
{
    NS_LOG_FUNCTION(this);
    Ptr<ProteonRingChannel> channel = m_channelFactory.Create<ProteonRingChannel>();
    const uint32_t stationCount = channel->GetStationCount();
    const uint32_t n = c.GetN();
    NS_ABORT_MSG_IF(n > stationCount,
                    "ProteonRingHelper: " << n << " nodes do not fit on a ring of " << stationCount
                                          << " stations");
    NS_ABORT_MSG_IF(!m_stations.empty() && m_stations.size() != n,
                    "ProteonRingHelper: SetStations gave " << m_stations.size() << " stations for "
                                                           << n << " nodes");
    NetDeviceContainer container;
    for (uint32_t i = 0; i < n; ++i)
    {
        const uint32_t station = m_stations.empty()
                                     ? static_cast<uint32_t>(uint64_t{i} * stationCount / n)
                                     : m_stations[i];
        Ptr<ProteonRingNetDevice> device = m_deviceFactory.Create<ProteonRingNetDevice>();
        device->SetAddress(Mac8Address(static_cast<uint8_t>(station + 1)));
        c.Get(i)->AddDevice(device);
        Ptr<Queue<Packet>> queue = m_queueFactory.Create<Queue<Packet>>();
        device->SetQueue(queue);
        if (m_enableFlowControl)
        {
            Ptr<NetDeviceQueueInterface> ndqi = CreateObject<NetDeviceQueueInterface>();
            ndqi->GetTxQueue(0)->ConnectQueueTraces(queue);
            device->AggregateObject(ndqi);
        }
        device->Attach(channel, station);
        container.Add(device);
    }
    return container;
}

int64_t
ProteonRingHelper::AssignStreams(NetDeviceContainer c, int64_t stream)
{
    NS_LOG_FUNCTION(this << stream);
    int64_t currentStream = stream;
    std::set<Ptr<ProteonRingChannel>> done;
    for (auto i = c.Begin(); i != c.End(); ++i)
    {
        Ptr<ProteonRingChannel> channel = DynamicCast<ProteonRingChannel>((*i)->GetChannel());
        if (channel && done.insert(channel).second)
        {
            currentStream += channel->AssignStreams(currentStream);
        }
    }
    return currentStream - stream;
}

void
ProteonRingHelper::EnablePcapInternal(std::string prefix,
                                      Ptr<NetDevice> nd,
                                      bool promiscuous,
                                      bool explicitFilename)
{
    Ptr<ProteonRingNetDevice> device = nd->GetObject<ProteonRingNetDevice>();
    if (!device)
    {
        NS_LOG_INFO("Device " << nd << " is not a ns3::ProteonRingNetDevice");
        return;
    }
    PcapHelper pcapHelper;
    std::string filename =
        explicitFilename ? prefix : pcapHelper.GetFilenameFromDevice(prefix, device);
    Ptr<PcapFileWrapper> file = pcapHelper.CreateFile(filename, std::ios::out, PcapHelper::DLT_RAW);
    // A promiscuous capture makes the channel deliver every frame to this device.
    const std::string source = promiscuous ? "PromiscSniffer" : "Sniffer";
    const bool hooked =
        device->TraceConnectWithoutContext(source, MakeBoundCallback(&RawIpSink, file));
    NS_ABORT_MSG_UNLESS(hooked, "ProteonRingHelper: cannot hook " << source);
}

void
ProteonRingHelper::EnableAsciiInternal(Ptr<OutputStreamWrapper> stream,
                                       std::string prefix,
                                       Ptr<NetDevice> nd,
                                       bool explicitFilename)
{
    Ptr<ProteonRingNetDevice> device = nd->GetObject<ProteonRingNetDevice>();
    if (!device)
    {
        NS_LOG_INFO("Device " << nd << " is not a ns3::ProteonRingNetDevice");
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
        asciiTraceHelper.HookDefaultReceiveSinkWithoutContext<ProteonRingNetDevice>(device,
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
        asciiTraceHelper.HookDefaultDropSinkWithoutContext<ProteonRingNetDevice>(device,
                                                                                 "PhyRxDrop",
                                                                                 theStream);
        return;
    }

    std::ostringstream oss;
    oss << "/NodeList/" << nd->GetNode()->GetId() << "/DeviceList/" << nd->GetIfIndex()
        << "/$ns3::ProteonRingNetDevice/";
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
