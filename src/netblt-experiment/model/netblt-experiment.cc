/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-experiment.h"

#include "ns3/boolean.h"
#include "ns3/enum.h"
#include "ns3/global-value.h"
#include "ns3/host-cpu.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/log.h"
#include "ns3/netblt-bulk-send-application.h"
#include "ns3/netblt-bulk-send-helper.h"
#include "ns3/netblt-l4-protocol.h"
#include "ns3/netblt-sink-application.h"
#include "ns3/netblt-sink-helper.h"
#include "ns3/packet-buffer-pool.h"
#include "ns3/queue-disc.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/tcp-host-processing.h"
#include "ns3/traffic-control-layer.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NetbltExperiment");

NS_OBJECT_ENSURE_REGISTERED(NetbltExperiment);

TypeId
NetbltExperiment::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::NetbltExperiment")
            .SetParent<Object>()
            .SetGroupName("NetbltExperiment")
            .AddAttribute(
                "Transport",
                "The transport protocol of the transfer: NETBLT (the BurstSize to "
                "DeathTimeout attributes apply) or TCP (the Tcp... attributes apply).",
                EnumValue(NetbltExperiment::NETBLT),
                MakeEnumAccessor<Transport>(&NetbltExperiment::m_transport),
                MakeEnumChecker(NetbltExperiment::NETBLT, "NETBLT", NetbltExperiment::TCP, "TCP"))
            .AddAttribute("TcpWindow",
                          "With Transport TCP: bytes of both hosts' socket send and receive "
                          "buffers, the window (BsdTcpSocketFactory's BufferSize).",
                          UintegerValue(4096),
                          MakeUintegerAccessor(&NetbltExperiment::m_tcpWindow),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("TcpSegmentSize",
                          "With Transport TCP: the maximum segment size, data bytes; 0: the "
                          "sender's interface MTU less 40 (IPv4 and TCP headers).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&NetbltExperiment::m_tcpSegmentSize),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("TcpCongestionControl",
                          "With Transport TCP: Tahoe or NewReno (BsdTcpSocketFactory).",
                          EnumValue(BsdTcpSocketFactory::TAHOE),
                          MakeEnumAccessor<BsdTcpSocketFactory::CongestionControl>(
                              &NetbltExperiment::m_tcpCongestionControl),
                          MakeEnumChecker(BsdTcpSocketFactory::TAHOE,
                                          "Tahoe",
                                          BsdTcpSocketFactory::NEW_RENO,
                                          "NewReno"))
            .AddAttribute("BurstSize",
                          "Packets per burst (BS).",
                          UintegerValue(5),
                          MakeUintegerAccessor(&NetbltExperiment::m_burstSize),
                          MakeUintegerChecker<uint16_t>(1))
            .AddAttribute("BurstInterval",
                          "Burst interval (BI), whole milliseconds.",
                          TimeValue(MilliSeconds(30)),
                          MakeTimeAccessor(&NetbltExperiment::m_burstInterval),
                          MakeTimeChecker(MilliSeconds(1), MilliSeconds(65535)))
            .AddAttribute("PacketSize",
                          "Data bytes per DATA packet (PSZ).",
                          UintegerValue(1438),
                          MakeUintegerAccessor(&NetbltExperiment::m_packetSize),
                          MakeUintegerChecker<uint16_t>(1))
            .AddAttribute("BufferSize",
                          "Bytes per NETBLT buffer (BFSZ).",
                          UintegerValue(14380),
                          MakeUintegerAccessor(&NetbltExperiment::m_bufferSize),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("TransferSize",
                          "Bytes transferred (XFSZ x 1000).",
                          UintegerValue(143800),
                          MakeUintegerAccessor(&NetbltExperiment::m_transferSize),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("OutstandingBuffers",
                          "Buffers in transmission or recovery at once (NBUFS).",
                          UintegerValue(1),
                          MakeUintegerAccessor(&NetbltExperiment::m_outstandingBuffers),
                          MakeUintegerChecker<uint16_t>(1))
            .AddAttribute("ChecksumData",
                          "Negotiate checksums over DATA/LDATA data (the C flag).",
                          BooleanValue(false),
                          MakeBooleanAccessor(&NetbltExperiment::m_checksumData),
                          MakeBooleanChecker())
            .AddAttribute("PcapDirectory",
                          "If not empty, write a pcap file per device into this directory.",
                          StringValue(""),
                          MakeStringAccessor(&NetbltExperiment::m_pcapDirectory),
                          MakeStringChecker())
            .AddAttribute("DeathTimeout",
                          "Death-timer value of both ends.",
                          TimeValue(Seconds(30)),
                          MakeTimeAccessor(&NetbltExperiment::m_deathTimeout),
                          MakeTimeChecker(Seconds(1), Seconds(65535)))
            .AddAttribute("MaxSimulatedTime",
                          "Simulated time after which the run is stopped whatever its state "
                          "(Install() schedules the stop).",
                          TimeValue(Seconds(3600)),
                          MakeTimeAccessor(&NetbltExperiment::m_maxSimulatedTime),
                          MakeTimeChecker(Seconds(1)))
            .AddAttribute("Flows",
                          "Transfers run at once, each between two hosts of its own on the "
                          "same network (RFC 1030 §8's parallel NETBLT processes); Transport TCP "
                          "runs one.",
                          UintegerValue(1),
                          MakeUintegerAccessor(&NetbltExperiment::m_flows),
                          MakeUintegerChecker<uint32_t>(1, 1000))
            .AddAttribute("RecordTimeSequences",
                          "Keep every flow's time-sequence trace (GetTimeSequence()).",
                          BooleanValue(false),
                          MakeBooleanAccessor(&NetbltExperiment::m_recordTimeSequences),
                          MakeBooleanChecker());
    return tid;
}

NetbltExperiment::NetbltExperiment()
    : m_flows(1),
      m_recordTimeSequences(false)
{
    NS_LOG_FUNCTION(this);
    m_packetBuffers.SetTypeId(PacketBufferPool::GetTypeId());
}

NetbltExperiment::~NetbltExperiment()
{
    NS_LOG_FUNCTION(this);
}

void
NetbltExperiment::SetHostAttribute(const std::string& name, const AttributeValue& value)
{
    m_hostCpu.SetAttribute(name, value);
}

void
NetbltExperiment::SetNetbltAttribute(const std::string& name, const AttributeValue& value)
{
    m_netblt.SetAttribute(name, value);
}

void
NetbltExperiment::SetTcpAttribute(const std::string& name, const AttributeValue& value)
{
    m_tcp.SetProcessingAttribute(name, value);
}

void
NetbltExperiment::SetReceiverTcpAttribute(const std::string& name, const AttributeValue& value)
{
    m_tcp.SetReceiverProcessingAttribute(name, value);
}

void
NetbltExperiment::SetPacketBufferAttribute(const std::string& name, const AttributeValue& value)
{
    m_packetBuffers.Set(name, value);
}

void
NetbltExperiment::SetReceiverHostAttribute(const std::string& name, const AttributeValue& value)
{
    m_receiverCpuAttributes.emplace_back(name, value.Copy());
}

void
NetbltExperiment::SetReceiverNetbltAttribute(const std::string& name, const AttributeValue& value)
{
    m_receiverNetbltAttributes.emplace_back(name, value.Copy());
}

void
NetbltExperiment::SetDeviceAttribute(const std::string& name, const AttributeValue& value)
{
    m_deviceAttributes.emplace_back(name, value.Copy());
}

void
NetbltExperiment::SetChannelAttribute(const std::string& name, const AttributeValue& value)
{
    m_channelAttributes.emplace_back(name, value.Copy());
}

void
NetbltExperiment::SetFlowAttribute(uint32_t flow,
                                   const std::string& name,
                                   const AttributeValue& value)
{
    if (m_flowAttributes.size() <= flow)
    {
        m_flowAttributes.resize(flow + 1);
    }
    m_flowAttributes[flow].emplace_back(name, value.Copy());
}

void
NetbltExperiment::SetBackgroundAttribute(const std::string& name, const AttributeValue& value)
{
    m_backgroundAttributes.emplace_back(name, value.Copy());
}

void
NetbltExperiment::TransfersEnded()
{
}

void
NetbltExperiment::RecordNetworkLosses(uint32_t,
                                      const NetDeviceContainer&,
                                      NetbltTransferRecord&) const
{
}

void
NetbltExperiment::RecordPath(NetbltPathRecord&) const
{
}

std::vector<std::string>
NetbltExperiment::GetTransmitActivities() const
{
    return {};
}

void
NetbltExperiment::InstallInternet(NodeContainer hosts,
                                  const NetDeviceContainer& devices,
                                  int64_t stream,
                                  int64_t& streamsUsed)
{
    InternetStackHelper internet;
    internet.Install(hosts);
    streamsUsed = internet.AssignStreams(hosts, stream);
    Ipv4AddressHelper addresses("10.1.1.0", "255.255.255.0");
    AssignFifoAddresses(addresses, devices);
}

Ipv4InterfaceContainer
NetbltExperiment::AssignFifoAddresses(Ipv4AddressHelper& addresses,
                                      const NetDeviceContainer& devices)
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
NetbltExperiment::Install()
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(!m_flowState.empty(), "NetbltExperiment::Install() called twice");
    NS_ABORT_MSG_IF(m_flowAttributes.size() > m_flows,
                    "NetbltExperiment: SetFlowAttribute() for flow "
                        << m_flowAttributes.size() - 1 << ", but Flows is " << m_flows);
    // TcpBulkTransfer moves one transfer between hosts 0 and 1.
    NS_ABORT_MSG_IF(m_transport == TCP && m_flows > 1,
                    "NetbltExperiment: Transport TCP runs one transfer, but Flows is "
                        << m_flows << " (only NETBLT runs several at once)");
    NS_ABORT_MSG_IF(m_transport == TCP && !m_flowAttributes.empty(),
                    "NetbltExperiment: SetFlowAttribute() sets a NETBLT sending client's "
                    "attribute; Transport is TCP");
    // A capture gets IPv4 header checksums (and Ethernet frame check sequences) as real hosts
    // compute them (ns-3 writes 0 otherwise, which no real capture shows). No header on any
    // network is ever damaged in transit (the impaired link corrupts only the IP payload; the
    // other networks drop damaged frames), so they change no simulated result; without a
    // capture they are left out, since the Ethernet's CRC costs about a fifth of a transfer's
    // time. Set every time: the global value outlives a run in a long-lived process.
    GlobalValue::Bind("ChecksumEnabled", BooleanValue(!m_pcapDirectory.empty()));
    int64_t stream = 0;

    NodeContainer& nodes = m_hosts;
    nodes.Create(2 * m_flows);

    HostCpuHelper receiverCpuHelper = m_hostCpu;
    for (const auto& [name, value] : m_receiverCpuAttributes)
    {
        receiverCpuHelper.SetAttribute(name, *value);
    }
    for (uint32_t flow = 0; flow < m_flows; ++flow)
    {
        m_hostCpu.Install(nodes.Get(2 * flow));
        receiverCpuHelper.Install(nodes.Get(2 * flow + 1));
    }
    for (uint32_t host = 0; host < nodes.GetN(); ++host)
    {
        nodes.Get(host)->AggregateObject(m_packetBuffers.Create<PacketBufferPool>());
    }
    int64_t streamsUsed = 0;
    m_devices = InstallNetwork(nodes, stream, streamsUsed);
    const NetDeviceContainer& devices = m_devices;
    NS_ABORT_MSG_UNLESS(devices.GetN() == nodes.GetN(),
                        GetInstanceTypeId().GetName()
                            << " connects two hosts only: it runs one flow, not " << m_flows);
    stream += streamsUsed;
    InstallInternet(nodes, devices, stream, streamsUsed);
    stream += streamsUsed;

    m_flowState.resize(m_flows);
    if (m_transport == TCP)
    {
        const uint32_t segmentSize =
            m_tcpSegmentSize > 0 ? m_tcpSegmentSize : devices.Get(0)->GetMtu() - 40;
        m_tcp.SetSocketAttribute("BufferSize", UintegerValue(m_tcpWindow));
        m_tcp.SetSocketAttribute("SegmentSize", UintegerValue(segmentSize));
        m_tcp.SetSocketAttribute("CongestionControl", EnumValue(m_tcpCongestionControl));
        m_tcp.Install(nodes,
                      GetReceiverAddress(0),
                      m_transferSize,
                      MakeCallback(&NetbltExperiment::TransfersEnded, this));
    }
    else
    {
        InstallNetblt(stream);
    }
    if (!m_pcapDirectory.empty())
    {
        EnablePcap(m_pcapDirectory + (m_transport == TCP ? "/tcp" : "/netblt"));
    }
    // Every network's devices report the frames they drop on reception under ns-3's usual
    // PhyRxDrop name: bit errors, and on the 3C500 a receiver that was off or still full.
    for (uint32_t index = 0; index < m_flows; ++index)
    {
        for (uint32_t end = 0; end < 2; ++end)
        {
            devices.Get(2 * index + end)
                ->TraceConnectWithoutContext(
                    "PhyRxDrop",
                    MakeBoundCallback(&NetbltExperiment::CountInterfaceDrop,
                                      &m_flowState[index].interfaceDrops[end]));
        }
    }
    Simulator::Stop(m_maxSimulatedTime);
}

Ipv4Address
NetbltExperiment::GetReceiverAddress(uint32_t flow) const
{
    Ptr<Ipv4> ipv4 = m_hosts.Get(2 * flow + 1)->GetObject<Ipv4>();
    const int32_t interface = ipv4->GetInterfaceForDevice(m_devices.Get(2 * flow + 1));
    return ipv4->GetAddress(interface, 0).GetLocal();
}

void
NetbltExperiment::InstallNetblt(int64_t stream)
{
    const NodeContainer& nodes = m_hosts;
    NetbltHelper receiverNetblt = m_netblt;
    for (const auto& [name, value] : m_receiverNetbltAttributes)
    {
        receiverNetblt.SetAttribute(name, *value);
    }
    for (uint32_t flow = 0; flow < m_flows; ++flow)
    {
        m_netblt.Install(nodes.Get(2 * flow));
        receiverNetblt.Install(nodes.Get(2 * flow + 1));
    }
    stream += m_netblt.AssignStreams(nodes, stream);

    const uint16_t port = 2000;
    NetbltSinkHelper sinkHelper(port);
    sinkHelper.SetAttribute("DeathTimeout", TimeValue(m_deathTimeout));
    NetbltBulkSendHelper sendHelper(Ipv4Address::GetAny(), port);
    sendHelper.SetAttribute("TransferSize", UintegerValue(m_transferSize));
    sendHelper.SetAttribute("BufferSize", UintegerValue(m_bufferSize));
    sendHelper.SetAttribute("PacketSize", UintegerValue(m_packetSize));
    sendHelper.SetAttribute("BurstSize", UintegerValue(m_burstSize));
    sendHelper.SetAttribute("BurstInterval", TimeValue(m_burstInterval));
    sendHelper.SetAttribute("MaxOutstandingBuffers", UintegerValue(m_outstandingBuffers));
    sendHelper.SetAttribute("ChecksumData", BooleanValue(m_checksumData));
    sendHelper.SetAttribute("DeathTimeout", TimeValue(m_deathTimeout));
    sendHelper.SetAttribute("StartTime", TimeValue(MilliSeconds(1)));
    m_flowAttributes.resize(m_flows);
    for (uint32_t index = 0; index < m_flows; ++index)
    {
        NetbltBulkSendHelper flowHelper = sendHelper;
        flowHelper.SetAttribute("Remote",
                                AddressValue(InetSocketAddress(GetReceiverAddress(index), port)));
        for (const auto& [name, value] : m_flowAttributes[index])
        {
            flowHelper.SetAttribute(name, *value);
        }
        Flow& flow = m_flowState[index];
        flow.sink =
            DynamicCast<NetbltSinkApplication>(sinkHelper.Install(nodes.Get(2 * index + 1)).Get(0));
        flow.sink->SetStartTime(Seconds(0));
        flow.sender =
            DynamicCast<NetbltBulkSendApplication>(flowHelper.Install(nodes.Get(2 * index)).Get(0));
        UintegerValue transferSize;
        flow.sender->GetAttribute("TransferSize", transferSize);
        flow.transferSize = transferSize.Get();
    }
    stream += sendHelper.AssignStreams(nodes, stream);

    for (Flow& flow : m_flowState)
    {
        flow.sender->TraceConnectWithoutContext(
            "Connection",
            MakeCallback(&NetbltSteadyStateMeter::Attach, &flow.steadyState));
        if (m_recordTimeSequences)
        {
            flow.sender->TraceConnectWithoutContext(
                "Connection",
                MakeCallback(&NetbltTimeSequence::AttachSender, &flow.timeSequence));
            flow.sink->TraceConnectWithoutContext(
                "Connection",
                MakeCallback(&NetbltTimeSequence::AttachReceiver, &flow.timeSequence));
        }
        flow.sink->TraceConnectWithoutContext(
            "Rx",
            MakeCallback(&NetbltExperiment::BufferDelivered, this).Bind(&flow));
        // A transfer that ends other than by delivery must also stop the background traffic,
        // or the run goes on to MaxSimulatedTime.
        flow.sender->TraceConnectWithoutContext(
            "Close",
            MakeCallback(&NetbltExperiment::EndClosed, this).Bind(&flow));
        flow.sink->TraceConnectWithoutContext(
            "Close",
            MakeCallback(&NetbltExperiment::EndClosed, this).Bind(&flow));
    }
}

void
NetbltExperiment::BufferDelivered(Flow* flow, Ptr<const Packet>, uint32_t)
{
    if (!flow->delivered && flow->sink->GetBytesReceived() >= flow->transferSize)
    {
        flow->delivered = true;
        FlowEnded(flow);
    }
}

void
NetbltExperiment::EndClosed(Flow* flow, Ptr<NetbltConnection>, NetbltConnection::CloseReason)
{
    if (flow->sender->IsClosed() && flow->sink->IsClosed())
    {
        FlowEnded(flow);
    }
}

void
NetbltExperiment::FlowEnded(Flow* flow)
{
    if (!flow->ended)
    {
        flow->ended = true;
        if (++m_flowsEnded == m_flowState.size())
        {
            TransfersEnded();
        }
    }
}

void
NetbltExperiment::CountInterfaceDrop(uint64_t* drops, Ptr<const Packet>)
{
    ++*drops;
}

const NetbltExperiment::Flow&
NetbltExperiment::GetFlow(uint32_t flow) const
{
    NS_ABORT_MSG_IF(m_flowState.empty(), "NetbltExperiment: no record before Install()");
    NS_ABORT_MSG_UNLESS(flow < m_flowState.size(),
                        "NetbltExperiment: flow " << flow << " of " << m_flowState.size());
    return m_flowState[flow];
}

NetbltTransferRecord
NetbltExperiment::GetRecord() const
{
    return GetRecord(0);
}

const NetbltTimeSequence&
NetbltExperiment::GetTimeSequence(uint32_t flow) const
{
    return GetFlow(flow).timeSequence;
}

NetbltTransferRecord
NetbltExperiment::GetRecord(uint32_t index) const
{
    const Flow& flow = GetFlow(index);
    const NodeContainer hosts(m_hosts.Get(2 * index), m_hosts.Get(2 * index + 1));
    NetbltTransferRecord record;
    Ptr<HostCpu> senderCpu = hosts.Get(0)->GetObject<HostCpu>();
    Ptr<HostCpu> receiverCpu = hosts.Get(1)->GetObject<HostCpu>();
    Time transmitting(0);
    for (const std::string& activity : GetTransmitActivities())
    {
        transmitting += senderCpu->GetBusyTime(activity);
    }
    if (m_transport == TCP)
    {
        m_tcp.FillRecord(record,
                         senderCpu->GetBusyTime(TcpHostProcessing::DATA_SEND_ACTIVITY) +
                             transmitting);
    }
    else
    {
        FillNetbltRecord(flow, hosts, record, transmitting);
    }
    record.senderCpuSeconds = senderCpu->GetBusyTime().GetSeconds();
    record.receiverCpuSeconds = receiverCpu->GetBusyTime().GetSeconds();
    Ptr<PacketBufferPool> receiverBuffers = hosts.Get(1)->GetObject<PacketBufferPool>();
    record.receiverPacketBufferDrops = receiverBuffers->GetRefusals();
    record.receiverPeakPacketBuffers = receiverBuffers->GetPeakInUse();
    record.senderInterfaceDrops = flow.interfaceDrops[0];
    record.receiverInterfaceDrops = flow.interfaceDrops[1];
    RecordNetworkLosses(index,
                        NetDeviceContainer(m_devices.Get(2 * index), m_devices.Get(2 * index + 1)),
                        record);
    record.events = Simulator::GetEventCount();
    return record;
}

NetbltPathRecord
NetbltExperiment::GetPathRecord() const
{
    NetbltPathRecord record;
    for (uint32_t index = 0; index < m_flowState.size(); ++index)
    {
        record.simulatedSeconds =
            std::max(record.simulatedSeconds, GetRecord(index).simulatedSeconds);
    }
    RecordPath(record);
    record.events = Simulator::GetEventCount();
    return record;
}

void
NetbltExperiment::FillNetbltRecord(const Flow& flow,
                                   const NodeContainer& hosts,
                                   NetbltTransferRecord& record,
                                   Time transmitting) const
{
    Ptr<NetbltBulkSendApplication> sender = flow.sender;
    Ptr<NetbltSinkApplication> sink = flow.sink;
    record.bytesGiven = sender->GetBytesGiven();
    record.bytesReceived = sink->GetBytesReceived();
    record.intact = record.bytesGiven == flow.transferSize &&
                    record.bytesReceived == flow.transferSize &&
                    sender->GetDigest() == sink->GetDigest();
    record.senderClose =
        sender->IsClosed() ? NetbltConnection::CloseReasonName(sender->GetCloseReason()) : "OPEN";
    record.receiverClose = sink->IsClosed()
                               ? NetbltConnection::CloseReasonName(sink->GetCloseReason())
                               : (sink->GetConnection() ? "OPEN" : "NEVER_OPENED");
    record.completed = sender->IsClosed() && sink->IsClosed() &&
                       sender->GetCloseReason() == NetbltConnection::TRANSFER_COMPLETE &&
                       sink->GetCloseReason() == NetbltConnection::TRANSFER_COMPLETE;
    if (Ptr<NetbltConnection> connection = sender->GetConnection())
    {
        const NetbltConnectionStatistics& s = connection->GetStatistics();
        record.dataPacketsSent = s.dataPacketsSent;
        record.retransmitted = s.dataPacketsRetransmitted;
        record.nullAcksSent = s.nullAcksSent;
        record.maxResendsPerBuffer = s.maxResendsPerBuffer;
        record.longestProgressGapSeconds = s.longestProgressGap.GetSeconds();
        record.steadyStateMbps = flow.steadyState.GetThroughput() / 1e6;
    }
    if (Ptr<NetbltConnection> connection = sink->GetConnection())
    {
        const NetbltConnectionStatistics& r = connection->GetStatistics();
        record.dataPacketsReceived = r.dataPacketsReceived;
        record.dataTimeouts = r.dataTimeouts;
        record.controlTimeouts = r.controlTimeouts;
        record.controlPacketsSent = r.controlPacketsSent;
        record.packetsRequested = r.packetsRequested;
        record.maxResendsPerBuffer = std::max(record.maxResendsPerBuffer, r.maxResendsPerBuffer);
        record.longestProgressGapSeconds =
            std::max(record.longestProgressGapSeconds, r.longestProgressGap.GetSeconds());
        if (r.completeTime > Time(0) && sender->GetConnection())
        {
            // Real throughput: from the sending program's open request to the receiver's end.
            Time start = sender->GetConnection()->GetStatistics().openTime;
            record.realMbps = 8.0 * r.bytesDelivered / (r.completeTime - start).GetSeconds() / 1e6;
        }
    }
    record.lost = record.dataPacketsSent > record.dataPacketsReceived
                      ? record.dataPacketsSent - record.dataPacketsReceived
                      : 0;
    for (uint32_t i = 0; i < hosts.GetN(); ++i)
    {
        Ptr<NetbltL4Protocol> protocol = hosts.Get(i)->GetObject<NetbltL4Protocol>();
        record.checksumErrors += protocol->GetChecksumErrors();
        record.malformedPackets += protocol->GetMalformedPackets();
    }
    // When the later end closed; a run that never finished shows the safety bound.
    record.simulatedSeconds =
        sender->IsClosed() && sink->IsClosed()
            ? std::max(sender->GetCloseTime(), sink->GetCloseTime()).GetSeconds()
            : Simulator::Now().GetSeconds();
    Ptr<HostCpu> senderCpu = hosts.Get(0)->GetObject<HostCpu>();
    Time sending = senderCpu->GetBusyTime("netblt-data-send") + transmitting;
    if (sending.IsStrictlyPositive() && sender->GetConnection())
    {
        const NetbltConnectionStatistics& s = sender->GetConnection()->GetStatistics();
        record.sendOnlyMbps = 8.0 * s.dataBytesSent / sending.GetSeconds() / 1e6;
    }
}

} // namespace ns3
