/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "impaired-point-to-point-helper.h"

#include "ns3/config.h"
#include "ns3/impaired-point-to-point-channel.h"
#include "ns3/log.h"
#include "ns3/mac48-address.h"
#include "ns3/names.h"
#include "ns3/net-device-queue-interface.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/point-to-point-net-device.h"

#include <set>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ImpairedPointToPointHelper");

ImpairedPointToPointHelper::ImpairedPointToPointHelper()
    : m_enableFlowControl(true)
{
    m_queueFactory.SetTypeId("ns3::DropTailQueue<Packet>");
    m_deviceFactory.SetTypeId("ns3::PointToPointNetDevice");
    m_channelFactory.SetTypeId("ns3::ImpairedPointToPointChannel");
}

ImpairedPointToPointHelper::~ImpairedPointToPointHelper()
{
}

void
ImpairedPointToPointHelper::SetDeviceAttribute(std::string name, const AttributeValue& value)
{
    m_deviceFactory.Set(name, value);
}

void
ImpairedPointToPointHelper::SetChannelAttribute(std::string name, const AttributeValue& value)
{
    m_channelFactory.Set(name, value);
}

void
ImpairedPointToPointHelper::DisableFlowControl()
{
    m_enableFlowControl = false;
}

void
ImpairedPointToPointHelper::EnablePcapInternal(std::string prefix,
                                               Ptr<NetDevice> nd,
                                               bool promiscuous,
                                               bool explicitFilename)
{
    // Only PointToPointNetDevices can be traced by this helper.
    Ptr<PointToPointNetDevice> device = nd->GetObject<PointToPointNetDevice>();
    if (!device)
    {
        NS_LOG_INFO("Device " << nd << " is not a ns3::PointToPointNetDevice");
        return;
    }

    PcapHelper pcapHelper;
    std::string filename =
        explicitFilename ? prefix : pcapHelper.GetFilenameFromDevice(prefix, device);
    Ptr<PcapFileWrapper> file = pcapHelper.CreateFile(filename, std::ios::out, PcapHelper::DLT_PPP);
    pcapHelper.HookDefaultSink<PointToPointNetDevice>(device, "PromiscSniffer", file);
}

void
ImpairedPointToPointHelper::EnableAsciiInternal(Ptr<OutputStreamWrapper> stream,
                                                std::string prefix,
                                                Ptr<NetDevice> nd,
                                                bool explicitFilename)
{
    // Only PointToPointNetDevices can be traced by this helper.
    Ptr<PointToPointNetDevice> device = nd->GetObject<PointToPointNetDevice>();
    if (!device)
    {
        NS_LOG_INFO("Device " << nd << " is not a ns3::PointToPointNetDevice");
        return;
    }

    // The default ascii trace sinks print packets.
    Packet::EnablePrinting();

    if (!stream)
    {
        // One file per device: hook the sinks without context.
        AsciiTraceHelper asciiTraceHelper;
        std::string filename =
            explicitFilename ? prefix : asciiTraceHelper.GetFilenameFromDevice(prefix, device);
        Ptr<OutputStreamWrapper> theStream = asciiTraceHelper.CreateFileStream(filename);

        // "r" events
        asciiTraceHelper.HookDefaultReceiveSinkWithoutContext<PointToPointNetDevice>(device,
                                                                                     "MacRx",
                                                                                     theStream);
        // "+", "-" and "d" events of the transmit queue
        Ptr<Queue<Packet>> queue = device->GetQueue();
        asciiTraceHelper.HookDefaultEnqueueSinkWithoutContext<Queue<Packet>>(queue,
                                                                             "Enqueue",
                                                                             theStream);
        asciiTraceHelper.HookDefaultDropSinkWithoutContext<Queue<Packet>>(queue, "Drop", theStream);
        asciiTraceHelper.HookDefaultDequeueSinkWithoutContext<Queue<Packet>>(queue,
                                                                             "Dequeue",
                                                                             theStream);
        // "d" events of the receive error model
        asciiTraceHelper.HookDefaultDropSinkWithoutContext<PointToPointNetDevice>(device,
                                                                                  "PhyRxDrop",
                                                                                  theStream);
        return;
    }

    // A shared stream: connect through the configuration namespace so that every line
    // carries its context.
    std::ostringstream oss;
    oss << "/NodeList/" << nd->GetNode()->GetId() << "/DeviceList/" << nd->GetIfIndex()
        << "/$ns3::PointToPointNetDevice/";
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

NetDeviceContainer
ImpairedPointToPointHelper::Install(NodeContainer c)
{
    NS_ASSERT_MSG(c.GetN() == 2, "ImpairedPointToPointHelper::Install needs exactly two nodes");
    return Install(c.Get(0), c.Get(1));
}

NetDeviceContainer
ImpairedPointToPointHelper::Install(Ptr<Node> a, Ptr<Node> b)
{
    NS_LOG_FUNCTION(this << a << b);
    Ptr<ImpairedPointToPointChannel> channel =
        m_channelFactory.Create<ImpairedPointToPointChannel>();

    NetDeviceContainer container;
    for (Ptr<Node> node : {a, b})
    {
        Ptr<PointToPointNetDevice> device = m_deviceFactory.Create<PointToPointNetDevice>();
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
        container.Add(device);
    }

    // Attach in the order a, b so that a's device is the channel's device 0.
    for (uint32_t i = 0; i < container.GetN(); ++i)
    {
        container.Get(i)->GetObject<PointToPointNetDevice>()->Attach(channel);
    }
    return container;
}

NetDeviceContainer
ImpairedPointToPointHelper::Install(Ptr<Node> a, std::string bName)
{
    Ptr<Node> b = Names::Find<Node>(bName);
    return Install(a, b);
}

NetDeviceContainer
ImpairedPointToPointHelper::Install(std::string aName, Ptr<Node> b)
{
    Ptr<Node> a = Names::Find<Node>(aName);
    return Install(a, b);
}

NetDeviceContainer
ImpairedPointToPointHelper::Install(std::string aName, std::string bName)
{
    Ptr<Node> a = Names::Find<Node>(aName);
    Ptr<Node> b = Names::Find<Node>(bName);
    return Install(a, b);
}

int64_t
ImpairedPointToPointHelper::AssignStreams(NetDeviceContainer c, int64_t stream)
{
    NS_LOG_FUNCTION(this << stream);
    int64_t currentStream = stream;
    std::set<Ptr<ImpairedPointToPointChannel>> done;
    for (auto i = c.Begin(); i != c.End(); ++i)
    {
        Ptr<ImpairedPointToPointChannel> channel =
            DynamicCast<ImpairedPointToPointChannel>((*i)->GetChannel());
        if (channel && done.insert(channel).second)
        {
            currentStream += channel->AssignStreams(currentStream);
        }
    }
    return currentStream - stream;
}

} // namespace ns3
