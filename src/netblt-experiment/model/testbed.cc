/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "testbed.h"

#include "ns3/arp-cache.h"
#include "ns3/boolean.h"
#include "ns3/global-value.h"
#include "ns3/host-cpu.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv4-interface.h"
#include "ns3/ipv4-l3-protocol.h"
#include "ns3/log.h"
#include "ns3/packet-buffer-pool.h"
#include "ns3/queue-disc.h"
#include "ns3/simulator.h"
#include "ns3/stable-streams-internet-stack-helper.h"
#include "ns3/string.h"
#include "ns3/traffic-control-helper.h"
#include "ns3/traffic-control-layer.h"

#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("Testbed");

NS_OBJECT_ENSURE_REGISTERED(Testbed);

TypeId
Testbed::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::Testbed")
            .SetParent<Object>()
            .SetGroupName("NetbltExperiment")
            .AddAttribute("PcapDirectory",
                          "If not empty, write a pcap file per device into this directory.",
                          StringValue(""),
                          MakeStringAccessor(&Testbed::m_pcapDirectory),
                          MakeStringChecker())
            .AddAttribute("MaxSimulatedTime",
                          "Simulated time after which the run is stopped whatever its state "
                          "(Install() schedules the stop).",
                          TimeValue(Seconds(3600)),
                          MakeTimeAccessor(&Testbed::m_maxSimulatedTime),
                          MakeTimeChecker(Seconds(1)));
    return tid;
}

Testbed::Testbed()
{
    NS_LOG_FUNCTION(this);
    m_packetBuffers.SetTypeId(PacketBufferPool::GetTypeId());
}

Testbed::~Testbed()
{
    NS_LOG_FUNCTION(this);
}

void
Testbed::SetHostAttribute(const std::string& name, const AttributeValue& value)
{
    m_hostCpu.SetAttribute(name, value);
}

void
Testbed::SetPacketBufferAttribute(const std::string& name, const AttributeValue& value)
{
    m_packetBuffers.Set(name, value);
}

void
Testbed::SetReceiverHostAttribute(const std::string& name, const AttributeValue& value)
{
    m_receiverCpuAttributes.emplace_back(name, value.Copy());
}

void
Testbed::SetDeviceAttribute(const std::string& name, const AttributeValue& value)
{
    m_deviceAttributes.emplace_back(name, value.Copy());
}

void
Testbed::SetChannelAttribute(const std::string& name, const AttributeValue& value)
{
    m_channelAttributes.emplace_back(name, value.Copy());
}

void
Testbed::AddTransfer(Ptr<BulkTransfer> transfer)
{
    NS_ABORT_MSG_UNLESS(transfer, "Testbed::AddTransfer(): no transfer");
    NS_ABORT_MSG_IF(m_installed, "Testbed::AddTransfer() after Install()");
    m_pairs.push_back(Pair{transfer, {}});
}

uint32_t
Testbed::GetNTransfers() const
{
    return m_pairs.size();
}

Ptr<BulkTransfer>
Testbed::GetTransfer(uint32_t pair) const
{
    return GetPair(pair).transfer;
}

void
Testbed::SetArpAttribute(const std::string& name, const AttributeValue& value)
{
    m_arpAttributes.emplace_back(name, value.Copy());
}

void
Testbed::SetReceiverArpAttribute(const std::string& name, const AttributeValue& value)
{
    m_receiverArpAttributes.emplace_back(name, value.Copy());
}

void
Testbed::SetBackgroundAttribute(const std::string& name, const AttributeValue& value)
{
    m_backgroundAttributes.emplace_back(name, value.Copy());
}

void
Testbed::TransfersEnded()
{
}

void
Testbed::RecordNetworkLosses(uint32_t, const NetDeviceContainer&, TransferRecord&) const
{
}

void
Testbed::RecordPath(PathRecord&) const
{
}

uint32_t
Testbed::GetMaxTransfers() const
{
    return std::numeric_limits<uint32_t>::max();
}

std::vector<std::string>
Testbed::GetTransmitActivities() const
{
    return {};
}

void
Testbed::InstallInternet(NodeContainer hosts,
                         const NetDeviceContainer& devices,
                         int64_t stream,
                         int64_t& streamsUsed)
{
    StableStreamsInternetStackHelper internet;
    internet.Install(hosts);
    streamsUsed = internet.AssignStreams(hosts, stream);
    Ipv4AddressHelper addresses("10.1.1.0", "255.255.255.0");
    AssignFifoAddresses(addresses, devices);
}

Ipv4InterfaceContainer
Testbed::AssignFifoAddresses(Ipv4AddressHelper& addresses, const NetDeviceContainer& devices)
{
    Ipv4InterfaceContainer interfaces = addresses.Assign(devices);
    for (auto device = devices.Begin(); device != devices.End(); ++device)
    {
        Ptr<TrafficControlLayer> trafficControl =
            (*device)->GetNode()->GetObject<TrafficControlLayer>();
        if (trafficControl && trafficControl->GetRootQueueDiscOnDevice(*device))
        {
            trafficControl->DeleteRootQueueDiscOnDevice(*device);
        }
    }
    return interfaces;
}

void
Testbed::Install()
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(m_installed, "Testbed::Install() called twice");
    NS_ABORT_MSG_IF(m_pairs.empty(), "Testbed::Install(): no transfer (AddTransfer())");
    const auto pairs = static_cast<uint32_t>(m_pairs.size());
    NS_ABORT_MSG_IF(pairs > GetMaxTransfers(),
                    GetInstanceTypeId().GetName()
                        << " connects two hosts only: it carries one transfer, not " << pairs);
    m_installed = true;
    // A capture gets IPv4 header checksums (and Ethernet frame check sequences) as real hosts
    // compute them (ns-3 writes 0 otherwise, which no real capture shows). No header on any
    // network is ever damaged in transit (the impaired link corrupts only the IP payload; the
    // other networks drop damaged frames), so they change no simulated result; without a
    // capture they are left out, since the Ethernet's CRC costs about a fifth of a transfer's
    // time. Set every time: the global value outlives a run in a long-lived process.
    GlobalValue::Bind("ChecksumEnabled", BooleanValue(!m_pcapDirectory.empty()));
    int64_t stream = 0;

    NodeContainer& nodes = m_hosts;
    nodes.Create(2 * pairs);

    HostCpuHelper receiverCpuHelper = m_hostCpu;
    for (const auto& [name, value] : m_receiverCpuAttributes)
    {
        receiverCpuHelper.SetAttribute(name, *value);
    }
    for (uint32_t pair = 0; pair < pairs; ++pair)
    {
        m_hostCpu.Install(nodes.Get(2 * pair));
        receiverCpuHelper.Install(nodes.Get(2 * pair + 1));
    }
    for (uint32_t host = 0; host < nodes.GetN(); ++host)
    {
        nodes.Get(host)->AggregateObject(m_packetBuffers.Create<PacketBufferPool>());
    }
    int64_t streamsUsed = 0;
    m_devices = InstallNetwork(nodes, stream, streamsUsed);
    const NetDeviceContainer& devices = m_devices;
    NS_ASSERT_MSG(devices.GetN() == nodes.GetN(), "a device per host");
    stream += streamsUsed;
    InstallInternet(nodes, devices, stream, streamsUsed);
    stream += streamsUsed;
    for (uint32_t pair = 0; pair < pairs; ++pair)
    {
        const Time delay = m_pairs[pair].transfer->GetReceiverDelay();
        if (delay.IsStrictlyPositive())
        {
            TrafficControlHelper control;
            control.SetRootQueueDisc("ns3::DelayQueueDisc", "Delay", TimeValue(delay));
            control.Install(devices.Get(2 * pair + 1));
        }
    }
    for (uint32_t host = 0; host < nodes.GetN(); ++host)
    {
        ConfigureArp(nodes.Get(host), m_arpAttributes);
        if (host % 2 == 1)
        {
            ConfigureArp(nodes.Get(host), m_receiverArpAttributes);
        }
    }

    // Each step for every transfer before the next, so that the stream indices of each kind
    // of object stay together in host order (see BulkTransfer).
    for (uint32_t pair = 0; pair < pairs; ++pair)
    {
        m_pairs[pair].transfer->InstallTransport(nodes.Get(2 * pair), nodes.Get(2 * pair + 1));
    }
    for (const Pair& pair : m_pairs)
    {
        stream += pair.transfer->AssignTransportStreams(stream);
    }
    for (uint32_t pair = 0; pair < pairs; ++pair)
    {
        m_pairs[pair].transfer->InstallClients(GetReceiverAddress(pair),
                                               MakeCallback(&Testbed::TransferEnded, this));
    }
    for (const Pair& pair : m_pairs)
    {
        stream += pair.transfer->AssignClientStreams(stream);
    }
    if (!m_pcapDirectory.empty())
    {
        EnablePcap(m_pcapDirectory + "/" + m_pairs.front().transfer->GetCaptureName());
    }
    // Every network's devices report the frames they drop on reception under ns-3's usual
    // PhyRxDrop name: bit errors, and on the 3C500 a receiver that was off or still full.
    for (uint32_t pair = 0; pair < pairs; ++pair)
    {
        for (uint32_t end = 0; end < 2; ++end)
        {
            devices.Get(2 * pair + end)
                ->TraceConnectWithoutContext("PhyRxDrop",
                                             MakeBoundCallback(&Testbed::CountInterfaceDrop,
                                                               &m_pairs[pair].interfaceDrops[end]));
        }
    }
    Simulator::Stop(m_maxSimulatedTime);
}

void
Testbed::ConfigureArp(Ptr<Node> host, const AttributeList& attributes)
{
    Ptr<Ipv4L3Protocol> ipv4 = host->GetObject<Ipv4L3Protocol>();
    for (uint32_t index = 0; index < ipv4->GetNInterfaces(); ++index)
    {
        if (Ptr<ArpCache> cache = ipv4->GetInterface(index)->GetArpCache())
        {
            for (const auto& [name, value] : attributes)
            {
                cache->SetAttribute(name, *value);
            }
        }
    }
}

Ipv4Address
Testbed::GetReceiverAddress(uint32_t pair) const
{
    Ptr<Ipv4> ipv4 = m_hosts.Get(2 * pair + 1)->GetObject<Ipv4>();
    const int32_t interface = ipv4->GetInterfaceForDevice(m_devices.Get(2 * pair + 1));
    return ipv4->GetAddress(interface, 0).GetLocal();
}

void
Testbed::TransferEnded()
{
    if (++m_transfersEnded == m_pairs.size())
    {
        TransfersEnded();
    }
}

void
Testbed::CountInterfaceDrop(uint64_t* drops, Ptr<const Packet>)
{
    ++*drops;
}

const Testbed::Pair&
Testbed::GetPair(uint32_t pair) const
{
    NS_ABORT_MSG_UNLESS(pair < m_pairs.size(),
                        "Testbed: pair " << pair << " of " << m_pairs.size()
                                         << " (one per transfer added)");
    return m_pairs[pair];
}

TransferRecord
Testbed::GetRecord(uint32_t index) const
{
    const Pair& pair = GetPair(index);
    NS_ABORT_MSG_UNLESS(m_installed, "Testbed: no record before Install()");
    const NodeContainer hosts(m_hosts.Get(2 * index), m_hosts.Get(2 * index + 1));
    TransferRecord record;
    Ptr<HostCpu> senderCpu = hosts.Get(0)->GetObject<HostCpu>();
    Ptr<HostCpu> receiverCpu = hosts.Get(1)->GetObject<HostCpu>();
    Time transmitting(0);
    for (const std::string& activity : GetTransmitActivities())
    {
        transmitting += senderCpu->GetBusyTime(activity);
    }
    pair.transfer->FillRecord(record, transmitting);
    record.senderCpuSeconds = senderCpu->GetBusyTime().GetSeconds();
    record.receiverCpuSeconds = receiverCpu->GetBusyTime().GetSeconds();
    Ptr<PacketBufferPool> receiverBuffers = hosts.Get(1)->GetObject<PacketBufferPool>();
    record.receiverPacketBufferDrops = receiverBuffers->GetRefusals();
    record.receiverPeakPacketBuffers = receiverBuffers->GetPeakInUse();
    record.senderInterfaceDrops = pair.interfaceDrops[0];
    record.receiverInterfaceDrops = pair.interfaceDrops[1];
    RecordNetworkLosses(index,
                        NetDeviceContainer(m_devices.Get(2 * index), m_devices.Get(2 * index + 1)),
                        record);
    record.events = Simulator::GetEventCount();
    return record;
}

PathRecord
Testbed::GetPathRecord() const
{
    PathRecord record;
    for (uint32_t index = 0; index < m_pairs.size(); ++index)
    {
        record.simulatedSeconds =
            std::max(record.simulatedSeconds, GetRecord(index).simulatedSeconds);
    }
    RecordPath(record);
    record.events = Simulator::GetEventCount();
    return record;
}

} // namespace ns3
