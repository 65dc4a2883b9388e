/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-l4-protocol.h"

#include "netblt-data-header.h"
#include "netblt-inter-arrival-data-timer.h"
#include "netblt-open-header.h"
#include "netblt-reason-header.h"
#include "netblt-receiver.h"
#include "netblt-sender.h"
#include "netblt-static-rate-policy.h"

#include "ns3/ipv4-header.h"
#include "ns3/ipv4-route.h"
#include "ns3/ipv4-routing-protocol.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/object-vector.h"
#include "ns3/rtt-estimator.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/uinteger.h"

#include <memory>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NetbltL4Protocol");

NS_OBJECT_ENSURE_REGISTERED(NetbltL4Protocol);

namespace
{

// The host activities this code charges (HostCpu accounts CPU time by them); built once, not
// per packet.
const std::string DATA_RECEIVE_ACTIVITY = "netblt-data-receive";
const std::string CONTROL_RECEIVE_ACTIVITY = "netblt-control-receive";

} // namespace

const uint8_t NetbltL4Protocol::PROT_NUMBER = 30;

TypeId
NetbltL4Protocol::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::NetbltL4Protocol")
            .SetParent<IpL4Protocol>()
            .SetGroupName("Netblt")
            .AddConstructor<NetbltL4Protocol>()
            .AddAttribute("Version",
                          "NETBLT version number written in, and required of, every packet. "
                          "RFC 998 does not give one.",
                          UintegerValue(NetbltHeader::DEFAULT_VERSION),
                          MakeUintegerAccessor(&NetbltL4Protocol::m_version),
                          MakeUintegerChecker<uint8_t>())
            .AddAttribute(
                "ControlPacketSize",
                "Bytes (rounded up to a multiple of 4) this host's receivers pad CONTROL packets "
                "to with zeros beyond Length where OPEN and RESPONSE carry P (extension, "
                "netblt-wire-format.rst; RFC 998 §5.2.1: typically 1000). Above 0 sets P.",
                UintegerValue(0),
                MakeUintegerAccessor(&NetbltL4Protocol::m_controlPacketSize),
                MakeUintegerChecker<uint32_t>(0, 65532))
            .AddAttribute(
                "DataSendPacketCost",
                "CPU time per DATA/LDATA packet sent, besides its per-byte cost (formatting the "
                "header, summing, handing it to IP).",
                TimeValue(Time(0)),
                MakeTimeAccessor(&NetbltL4Protocol::SetCost<&ProcessingCosts::dataSendPacket>,
                                 &NetbltL4Protocol::GetCost<&ProcessingCosts::dataSendPacket>),
                MakeTimeChecker(Time(0)))
            .AddAttribute(
                "DataSendByteCost",
                "CPU time per data byte sent (copying it from the NETBLT buffer into the packet).",
                TimeValue(Time(0)),
                MakeTimeAccessor(&NetbltL4Protocol::SetCost<&ProcessingCosts::dataSendByte>,
                                 &NetbltL4Protocol::GetCost<&ProcessingCosts::dataSendByte>),
                MakeTimeChecker(Time(0)))
            .AddAttribute(
                "DataReceivePacketCost",
                "CPU time per DATA/LDATA packet received, besides its per-byte cost "
                "(demultiplexing, header checks, data-timer update).",
                TimeValue(Time(0)),
                MakeTimeAccessor(&NetbltL4Protocol::SetCost<&ProcessingCosts::dataReceivePacket>,
                                 &NetbltL4Protocol::GetCost<&ProcessingCosts::dataReceivePacket>),
                MakeTimeChecker(Time(0)))
            .AddAttribute(
                "DataReceiveByteCost",
                "CPU time per data byte received (copying it into the NETBLT buffer).",
                TimeValue(Time(0)),
                MakeTimeAccessor(&NetbltL4Protocol::SetCost<&ProcessingCosts::dataReceiveByte>,
                                 &NetbltL4Protocol::GetCost<&ProcessingCosts::dataReceiveByte>),
                MakeTimeChecker(Time(0)))
            .AddAttribute(
                "DataReceiveBufferCost",
                "CPU time per DATA/LDATA packet received and per outstanding buffer the connection "
                "allows (RFC 1030 §4: the buffer-list scan, the data timers and the control "
                "messages a data packet acknowledges grow with the number of outstanding buffers).",
                TimeValue(Time(0)),
                MakeTimeAccessor(&NetbltL4Protocol::SetCost<&ProcessingCosts::dataReceiveBuffer>,
                                 &NetbltL4Protocol::GetCost<&ProcessingCosts::dataReceiveBuffer>),
                MakeTimeChecker(Time(0)))
            .AddAttribute(
                "BufferCompleteByteCost",
                "CPU time per byte of a buffer the receiver has completed, spent before "
                "it sends the OK and hands the buffer to its client.",
                TimeValue(Time(0)),
                MakeTimeAccessor(&NetbltL4Protocol::SetCost<&ProcessingCosts::bufferCompleteByte>,
                                 &NetbltL4Protocol::GetCost<&ProcessingCosts::bufferCompleteByte>),
                MakeTimeChecker(Time(0)))
            .AddAttribute(
                "ControlSendPacketCost",
                "CPU time to build and send one CONTROL packet.",
                TimeValue(Time(0)),
                MakeTimeAccessor(&NetbltL4Protocol::SetCost<&ProcessingCosts::controlSendPacket>,
                                 &NetbltL4Protocol::GetCost<&ProcessingCosts::controlSendPacket>),
                MakeTimeChecker(Time(0)))
            .AddAttribute(
                "ControlSendMessageCost",
                "CPU time per control message in a CONTROL packet sent.",
                TimeValue(Time(0)),
                MakeTimeAccessor(&NetbltL4Protocol::SetCost<&ProcessingCosts::controlSendMessage>,
                                 &NetbltL4Protocol::GetCost<&ProcessingCosts::controlSendMessage>),
                MakeTimeChecker(Time(0)))
            .AddAttribute(
                "ControlReceivePacketCost",
                "CPU time to receive and act on one CONTROL packet or other non-data packet "
                "(duplicate messages in it are discarded at almost no cost, RFC 1030 §7).",
                TimeValue(Time(0)),
                MakeTimeAccessor(
                    &NetbltL4Protocol::SetCost<&ProcessingCosts::controlReceivePacket>,
                    &NetbltL4Protocol::GetCost<&ProcessingCosts::controlReceivePacket>),
                MakeTimeChecker(Time(0)))
            .AddAttribute("BurstCost",
                          "CPU time to service the burst timer before a burst's first packet.",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&NetbltL4Protocol::SetCost<&ProcessingCosts::burst>,
                                           &NetbltL4Protocol::GetCost<&ProcessingCosts::burst>),
                          MakeTimeChecker(Time(0)))
            .AddAttribute(
                "SenderType",
                "The NetbltSender subclass every sending connection is made of, as "
                "TCP's SocketType.",
                TypeIdValue(NetbltSender::GetTypeId()),
                MakeTypeIdAccessor(&NetbltL4Protocol::SetPartType<NetbltConnectionFactory::SENDER>,
                                   &NetbltL4Protocol::GetPartType<NetbltConnectionFactory::SENDER>),
                MakeTypeIdChecker())
            .AddAttribute("ReceiverType",
                          "The NetbltReceiver subclass every receiving connection is made of.",
                          TypeIdValue(NetbltReceiver::GetTypeId()),
                          MakeTypeIdAccessor(
                              &NetbltL4Protocol::SetPartType<NetbltConnectionFactory::RECEIVER>,
                              &NetbltL4Protocol::GetPartType<NetbltConnectionFactory::RECEIVER>),
                          MakeTypeIdChecker())
            .AddAttribute("DataTimerType",
                          "How each receiver estimates when a buffer's packets should have "
                          "arrived: a NetbltDataTimer subclass (NetbltInterArrivalDataTimer, "
                          "RFC 1030 §7; NetbltBurstRateDataTimer, RFC 998 §5.2.2).",
                          TypeIdValue(NetbltInterArrivalDataTimer::GetTypeId()),
                          MakeTypeIdAccessor(
                              &NetbltL4Protocol::SetPartType<NetbltConnectionFactory::DATA_TIMER>,
                              &NetbltL4Protocol::GetPartType<NetbltConnectionFactory::DATA_TIMER>),
                          MakeTypeIdChecker())
            .AddAttribute(
                "RttEstimatorType",
                "Each receiver's round-trip estimator for its control timer (an "
                "RttEstimator subclass, as TCP's RttEstimatorType).",
                TypeIdValue(RttMeanDeviation::GetTypeId()),
                MakeTypeIdAccessor(
                    &NetbltL4Protocol::SetPartType<NetbltConnectionFactory::RTT_ESTIMATOR>,
                    &NetbltL4Protocol::GetPartType<NetbltConnectionFactory::RTT_ESTIMATOR>),
                MakeTypeIdChecker())
            .AddAttribute("RatePolicyType",
                          "How each sender chooses the burst size, burst interval and "
                          "outstanding buffers in force: a NetbltRatePolicy subclass "
                          "(NetbltStaticRatePolicy, RFC 998's negotiated values; "
                          "NetbltAimdRatePolicy, loss-driven; NetbltDeliveryRatePolicy, delay- "
                          "and rate-driven). Its attributes: SetRatePolicyAttribute().",
                          TypeIdValue(NetbltStaticRatePolicy::GetTypeId()),
                          MakeTypeIdAccessor(
                              &NetbltL4Protocol::SetPartType<NetbltConnectionFactory::RATE_POLICY>,
                              &NetbltL4Protocol::GetPartType<NetbltConnectionFactory::RATE_POLICY>),
                          MakeTypeIdChecker())
            .AddAttribute(
                "MaxBufferSize",
                "Largest buffer, bytes, this host lets a peer's OPEN ask it to receive "
                "into; a larger one is REFUSED naming this limit. An implementation "
                "limit (RFC 998 §2 leaves buffer size to the memory available): "
                "1 MiB, above every buffer RFC 1030 used (at most 19900 bytes).",
                UintegerValue(1 << 20),
                MakeUintegerAccessor(
                    &NetbltL4Protocol::SetLimit<uint32_t, &NetbltMemoryLimits::maxBufferSize>,
                    &NetbltL4Protocol::GetLimit<uint32_t, &NetbltMemoryLimits::maxBufferSize>),
                MakeUintegerChecker<uint32_t>(1))
            .AddAttribute(
                "MaxConnectionBufferBytes",
                "Most buffer memory, bytes, one received connection may hold (buffer "
                "size x outstanding buffers); an OPEN asking for more is REFUSED "
                "naming this limit. 16 MiB, above every configuration of RFC 1030 "
                "(at most 40 x 14320 bytes).",
                UintegerValue(16 << 20),
                MakeUintegerAccessor(
                    &NetbltL4Protocol::SetLimit<uint64_t,
                                                &NetbltMemoryLimits::maxConnectionBufferBytes>,
                    &NetbltL4Protocol::GetLimit<uint64_t,
                                                &NetbltMemoryLimits::maxConnectionBufferBytes>),
                MakeUintegerChecker<uint64_t>(1))
            .AddAttribute(
                "MaxNodeBufferBytes",
                "Most buffer memory, bytes, all of this host's receiving connections "
                "may hold together; an OPEN that would pass it is REFUSED naming "
                "this limit. 64 MiB: four connections at the per-connection limit.",
                UintegerValue(64 << 20),
                MakeUintegerAccessor(
                    &NetbltL4Protocol::SetLimit<uint64_t, &NetbltMemoryLimits::maxNodeBufferBytes>,
                    &NetbltL4Protocol::GetLimit<uint64_t, &NetbltMemoryLimits::maxNodeBufferBytes>),
                MakeUintegerChecker<uint64_t>(1))
            .AddAttribute("ConnectionList",
                          "The connections this NETBLT knows (set up or being set up), each a "
                          "NetbltSender or NetbltReceiver, as TCP's SocketList.",
                          ObjectVectorValue(),
                          MakeObjectVectorAccessor(&NetbltL4Protocol::GetConnection,
                                                   &NetbltL4Protocol::GetConnectionCount),
                          MakeObjectVectorChecker<NetbltConnection>())
            .AddTraceSource("Drop",
                            "A packet was dropped before reaching a connection, with the reason.",
                            MakeTraceSourceAccessor(&NetbltL4Protocol::m_dropTrace),
                            "ns3::NetbltL4Protocol::DropTracedCallback");
    return tid;
}

NetbltL4Protocol::NetbltL4Protocol()
{
    NS_LOG_FUNCTION(this);
    m_connectionIdVariable = CreateObject<UniformRandomVariable>();
}

NetbltL4Protocol::~NetbltL4Protocol()
{
    NS_LOG_FUNCTION(this);
}

Ptr<Node>
NetbltL4Protocol::GetNode() const
{
    return m_node;
}

const NetbltL4Protocol::ProcessingCosts&
NetbltL4Protocol::GetProcessingCosts() const
{
    return m_costs;
}

void
NetbltL4Protocol::SetNode(Ptr<Node> node)
{
    m_node = node;
}

void
NetbltL4Protocol::NotifyNewAggregate()
{
    NS_LOG_FUNCTION(this);
    Ptr<Node> node = GetObject<Node>();
    Ptr<Ipv4> ipv4 = GetObject<Ipv4>();
    if (!m_node && node)
    {
        SetNode(node);
    }
    if (!m_host)
    {
        m_host = GetObject<HostModel>();
    }
    if (ipv4 && !m_ipv4)
    {
        m_ipv4 = ipv4;
    }
    if (ipv4 && m_downTarget.IsNull())
    {
        ipv4->Insert(this);
        SetDownTarget(MakeCallback(&Ipv4::Send, ipv4));
    }
    IpL4Protocol::NotifyNewAggregate();
}

void
NetbltL4Protocol::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_demux.Clear();
    m_node = nullptr;
    m_ipv4 = nullptr;
    m_host = nullptr;
    m_downTarget = IpL4Protocol::DownTargetCallback();
    m_downTarget6 = IpL4Protocol::DownTargetCallback6();
    IpL4Protocol::DoDispose();
}

int
NetbltL4Protocol::GetProtocolNumber() const
{
    return PROT_NUMBER;
}

int64_t
NetbltL4Protocol::AssignStreams(int64_t stream)
{
    m_connectionIdVariable->SetStream(stream);
    return 1;
}

Ptr<NetbltConnection>
NetbltL4Protocol::Connect(Ipv4Address peer,
                          uint16_t peerPort,
                          NetbltConnection::Role role,
                          const NetbltTransferParameters& proposal)
{
    NS_LOG_FUNCTION(this << peer << peerPort << proposal);
    std::string problem = proposal.Validate();
    if (!problem.empty())
    {
        NS_LOG_WARN("NETBLT open refused locally: " << problem);
        return nullptr;
    }
    Ptr<Ipv4> ipv4 = m_node->GetObject<Ipv4>();
    Ipv4Header probe;
    probe.SetDestination(peer);
    probe.SetProtocol(PROT_NUMBER);
    Socket::SocketErrno error;
    Ptr<Ipv4Route> route = ipv4->GetRoutingProtocol()->RouteOutput(nullptr, probe, nullptr, error);
    if (!route)
    {
        NS_LOG_WARN("NETBLT open: no route to " << peer);
        return nullptr;
    }
    uint16_t localPort = m_demux.AllocatePort();
    if (localPort == 0)
    {
        NS_LOG_WARN("NETBLT open: no free port");
        return nullptr;
    }
    uint32_t connectionId = m_connectionIdVariable->GetInteger(1, 0xffffffffU);
    Ptr<NetbltConnectionBase> connection = m_connectionFactory.Create(role);
    m_demux.Add(localPort, peer, peerPort, connection);
    connection->ConnectActive(this,
                              route->GetSource(),
                              localPort,
                              peer,
                              peerPort,
                              proposal,
                              connectionId);
    return connection;
}

bool
NetbltL4Protocol::Listen(uint16_t port,
                         const NetbltTransferParameters& limits,
                         AcceptCallback accept)
{
    NS_LOG_FUNCTION(this << port);
    return m_demux.AddListener(port, NetbltDemux::Listener{limits, accept});
}

void
NetbltL4Protocol::StopListening(uint16_t port)
{
    m_demux.RemoveListener(port);
}

void
NetbltL4Protocol::Send(Ptr<Packet> packet, Ipv4Address source, Ipv4Address destination)
{
    NS_LOG_FUNCTION(this << packet << source << destination);
    // Routed here, as UDP does, with IPv4's own lookup: given no route, IPv4 builds the header,
    // looks the route up and starts over with it (a tenth of a data packet's simulation).
    Ptr<Ipv4Route> route;
    Ptr<Ipv4RoutingProtocol> routing = m_ipv4 ? m_ipv4->GetRoutingProtocol() : nullptr;
    if (routing && !destination.IsBroadcast() && !destination.IsMulticast())
    {
        Ipv4Header header;
        header.SetSource(source);
        header.SetDestination(destination);
        header.SetProtocol(PROT_NUMBER);
        Socket::SocketErrno error;
        route = routing->RouteOutput(packet, header, nullptr, error);
    }
    m_downTarget(packet, source, destination, PROT_NUMBER, route);
}

void
NetbltL4Protocol::Forget(Ptr<NetbltConnection> connection)
{
    NS_LOG_FUNCTION(this << connection);
    m_demux.Remove(connection);
}

uint8_t
NetbltL4Protocol::GetVersion() const
{
    return m_version;
}

uint32_t
NetbltL4Protocol::GetControlPacketSize() const
{
    // RFC 998 §8: packets are longword aligned (a sampled or overridden value may be any).
    return (m_controlPacketSize + 3) / 4 * 4;
}

void
NetbltL4Protocol::Execute(Time cost, const std::string& activity, Callback<void> work) const
{
    if (m_host)
    {
        m_host->Execute(cost, activity, work);
    }
    else
    {
        work();
    }
}

void
NetbltL4Protocol::Continue(Time cost, const std::string& activity, Callback<void> work) const
{
    if (m_host)
    {
        m_host->Continue(cost, activity, work);
    }
    else
    {
        work();
    }
}

Time
NetbltL4Protocol::RoundToTick(Time delay) const
{
    return m_host ? m_host->RoundToTick(delay) : delay;
}

void
NetbltL4Protocol::SetSenderAttribute(const std::string& name, const AttributeValue& value)
{
    m_connectionFactory.SetAttribute(NetbltConnectionFactory::SENDER, name, value);
}

void
NetbltL4Protocol::SetReceiverAttribute(const std::string& name, const AttributeValue& value)
{
    m_connectionFactory.SetAttribute(NetbltConnectionFactory::RECEIVER, name, value);
}

void
NetbltL4Protocol::SetRatePolicyAttribute(const std::string& name, const AttributeValue& value)
{
    m_connectionFactory.SetAttribute(NetbltConnectionFactory::RATE_POLICY, name, value);
}

std::string
NetbltL4Protocol::CheckMemoryLimits(const NetbltTransferParameters& parameters) const
{
    return m_memoryLimits.Check(parameters, m_demux.GetReceiverBufferBytes());
}

Ptr<NetbltConnection>
NetbltL4Protocol::GetConnection(uint32_t index) const
{
    return m_demux.Get(index);
}

uint32_t
NetbltL4Protocol::GetConnectionCount() const
{
    return m_demux.GetN();
}

uint64_t
NetbltL4Protocol::GetChecksumErrors() const
{
    return m_checksumErrors;
}

uint64_t
NetbltL4Protocol::GetMalformedPackets() const
{
    return m_malformedPackets;
}

uint64_t
NetbltL4Protocol::GetUnmatchedPackets() const
{
    return m_unmatchedPackets;
}

void
NetbltL4Protocol::Drop(Ptr<const Packet> packet, const std::string& reason, uint64_t& counter)
{
    NS_LOG_LOGIC("drop " << packet->GetSize() << "-byte packet: " << reason);
    ++counter;
    m_dropTrace(packet, reason);
}

IpL4Protocol::RxStatus
NetbltL4Protocol::Receive(Ptr<Packet> packet,
                          const Ipv4Header& ipHeader,
                          Ptr<Ipv4Interface> incomingInterface)
{
    NS_LOG_FUNCTION(this << packet << ipHeader);
    NetbltHeader common;
    std::string problem = NetbltHeader::CheckCommonFields(packet, m_version, common);
    if (!problem.empty())
    {
        Drop(packet, problem, m_malformedPackets);
        return IpL4Protocol::RX_OK;
    }
    NetbltPacketType type = common.GetType();
    bool isData = type == NetbltPacketType::DATA || type == NetbltPacketType::LDATA;

    // Verify by reading the header with the class the type calls for; the connection gets the
    // header as read, so the packet is parsed (and a DATA packet's data summed) once.
    Ipv4Address local = ipHeader.GetDestination();
    Ipv4Address peer = ipHeader.GetSource();
    // The connection by the common header's ports: the sender's "local port" is our "foreign".
    Ptr<NetbltConnectionBase> connection =
        m_demux.Find(common.GetForeignPort(), peer, common.GetLocalPort());
    std::shared_ptr<NetbltHeader> header = NetbltHeader::CreateForType(type);
    if (isData)
    {
        // An established connection without the C flag (fixed at set-up) ignores the field.
        static_cast<NetbltDataHeader&>(*header).SetDataChecksumVerified(
            !connection || connection->GetState() != NetbltConnection::ESTABLISHED ||
            connection->GetParameters().checksumData);
    }
    packet->PeekHeader(*header);
    if (header->IsMalformed())
    {
        Drop(packet, "malformed " + header->GetMalformedReason(), m_malformedPackets);
        return IpL4Protocol::RX_OK;
    }
    if (!header->IsChecksumOk())
    {
        Drop(packet, "bad checksum", m_checksumErrors);
        return IpL4Protocol::RX_CSUM_FAILED;
    }

    if (connection)
    {
        Time cost = m_costs.controlReceivePacket;
        if (isData)
        {
            const auto& data = static_cast<const NetbltDataHeader&>(*header);
            cost = m_costs.DataReceive(data.GetDataLength(),
                                       connection->GetParameters().maxOutstandingBuffers);
        }
        // The connection acts on the packet once this host's CPU has done the work; the
        // host buffer the packet came up in is free only then.
        std::shared_ptr<const NetbltHeader> verified = std::move(header);
        Ptr<HostModel> host = m_host && m_host->KeepReceivedBuffer() ? m_host : nullptr;
        Execute(cost,
                isData ? DATA_RECEIVE_ACTIVITY : CONTROL_RECEIVE_ACTIVITY,
                MakeHostJob([connection, verified, packet, host, arrived = Simulator::Now()]() {
                    connection->SetArrivalTime(arrived);
                    connection->Receive(*verified, packet);
                    if (host)
                    {
                        host->ReleaseReceivedBuffer();
                    }
                }));
        return IpL4Protocol::RX_OK;
    }
    if (type == NetbltPacketType::OPEN)
    {
        HandleOpenWithoutConnection(packet, static_cast<NetbltOpenHeader&>(*header), local, peer);
        return IpL4Protocol::RX_OK;
    }
    Drop(packet, "no connection", m_unmatchedPackets);
    return IpL4Protocol::RX_OK;
}

void
NetbltL4Protocol::HandleOpenWithoutConnection(Ptr<Packet> packet,
                                              const NetbltOpenHeader& open,
                                              Ipv4Address local,
                                              Ipv4Address peer)
{
    uint16_t localPort = open.GetForeignPort();
    uint16_t peerPort = open.GetLocalPort();
    auto refuse = [&](const std::string& reason) {
        SendReply(NetbltPacketType::REFUSED, reason, localPort, peerPort, local, peer);
    };
    const NetbltDemux::Listener* listener = m_demux.FindListener(localPort);
    if (!listener)
    {
        refuse("no listener on port " + std::to_string(localPort));
        return;
    }
    NetbltTransferParameters offer = NetbltTransferParameters::ReadFrom(open);
    std::string problem = offer.Validate();
    if (!problem.empty())
    {
        refuse(problem);
        return;
    }
    NetbltTransferParameters answer = NetbltTransferParameters::Restrict(offer, listener->limits);
    // The listener's limits can still make an answer no transfer can use (a limit of 0, more
    // than 65535 packets of the smaller packet size in the buffer): refuse rather than set up
    // a connection with it.
    problem = answer.Validate();
    if (!problem.empty())
    {
        refuse("no usable answer within this end's limits: " + problem);
        return;
    }
    // M = WRITE: the active end writes, so this end receives into buffers of its own.
    if (open.GetWriteMode())
    {
        problem = CheckMemoryLimits(answer);
        if (!problem.empty())
        {
            refuse(problem);
            return;
        }
    }
    Ptr<NetbltConnectionBase> connection = m_connectionFactory.Create(
        open.GetWriteMode() ? NetbltConnection::RECEIVER : NetbltConnection::SENDER);
    std::string refusal;
    if (!listener->accept.IsNull())
    {
        refusal = listener->accept(connection, answer);
    }
    if (!refusal.empty())
    {
        refuse(refusal);
        return;
    }
    m_demux.Add(localPort, peer, peerPort, connection);
    connection->AcceptPassive(this, local, localPort, peer, peerPort, open, answer);
}

void
NetbltL4Protocol::SendReply(NetbltPacketType type,
                            const std::string& reason,
                            uint16_t localPort,
                            uint16_t peerPort,
                            Ipv4Address local,
                            Ipv4Address peer)
{
    NS_LOG_FUNCTION(this << type << reason);
    NetbltReasonHeader header(type);
    header.SetVersion(m_version);
    header.SetLocalPort(localPort);
    header.SetForeignPort(peerPort);
    header.SetReason(reason);
    Ptr<Packet> packet = Create<Packet>();
    packet->AddHeader(header);
    Send(packet, local, peer);
}

void
NetbltL4Protocol::ReceiveIcmp(Ipv4Address icmpSource,
                              uint8_t /* icmpTtl */,
                              uint8_t icmpType,
                              uint8_t /* icmpCode */,
                              uint32_t /* icmpInfo */,
                              Ipv4Address /* payloadSource */,
                              Ipv4Address payloadDestination,
                              const uint8_t payload[8])
{
    NS_LOG_FUNCTION(this << icmpSource << static_cast<uint32_t>(icmpType) << payloadDestination);
    const uint8_t SOURCE_QUENCH = 4; // RFC 792
    if (icmpType != SOURCE_QUENCH)
    {
        return;
    }
    const auto localPort = static_cast<uint16_t>((payload[6] << 8) | payload[7]);
    for (const Ptr<NetbltConnectionBase>& connection :
         m_demux.FindAll(localPort, payloadDestination))
    {
        connection->ReceiveSourceQuench(icmpSource);
    }
}

IpL4Protocol::RxStatus
NetbltL4Protocol::Receive(Ptr<Packet> p,
                          const Ipv6Header& header,
                          Ptr<Ipv6Interface> incomingInterface)
{
    // RFC 998 defines NETBLT over IPv4 only.
    return IpL4Protocol::RX_ENDPOINT_UNREACH;
}

void
NetbltL4Protocol::SetDownTarget(IpL4Protocol::DownTargetCallback cb)
{
    m_downTarget = cb;
}

void
NetbltL4Protocol::SetDownTarget6(IpL4Protocol::DownTargetCallback6 cb)
{
    m_downTarget6 = cb;
}

IpL4Protocol::DownTargetCallback
NetbltL4Protocol::GetDownTarget() const
{
    return m_downTarget;
}

IpL4Protocol::DownTargetCallback6
NetbltL4Protocol::GetDownTarget6() const
{
    return m_downTarget6;
}

} // namespace ns3
