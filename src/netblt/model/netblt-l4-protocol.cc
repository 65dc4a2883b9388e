/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-l4-protocol.h"

#include "netblt-control-header.h"
#include "netblt-data-header.h"
#include "netblt-data-timer.h"
#include "netblt-inter-arrival-data-timer.h"
#include "netblt-null-ack-header.h"
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
            .AddAttribute("SenderType",
                          "The NetbltSender subclass every sending connection is made of, as "
                          "TCP's SocketType.",
                          TypeIdValue(NetbltSender::GetTypeId()),
                          MakeTypeIdAccessor(&NetbltL4Protocol::SetSenderType,
                                             &NetbltL4Protocol::GetSenderType),
                          MakeTypeIdChecker())
            .AddAttribute("ReceiverType",
                          "The NetbltReceiver subclass every receiving connection is made of.",
                          TypeIdValue(NetbltReceiver::GetTypeId()),
                          MakeTypeIdAccessor(&NetbltL4Protocol::SetReceiverType,
                                             &NetbltL4Protocol::GetReceiverType),
                          MakeTypeIdChecker())
            .AddAttribute("DataTimerType",
                          "How each receiver estimates when a buffer's packets should have "
                          "arrived: a NetbltDataTimer subclass (NetbltInterArrivalDataTimer, "
                          "RFC 1030 §7; NetbltBurstRateDataTimer, RFC 998 §5.2.2).",
                          TypeIdValue(NetbltInterArrivalDataTimer::GetTypeId()),
                          MakeTypeIdAccessor(&NetbltL4Protocol::SetDataTimerType,
                                             &NetbltL4Protocol::GetDataTimerType),
                          MakeTypeIdChecker())
            .AddAttribute("RttEstimatorType",
                          "Each receiver's round-trip estimator for its control timer (an "
                          "RttEstimator subclass, as TCP's RttEstimatorType).",
                          TypeIdValue(RttMeanDeviation::GetTypeId()),
                          MakeTypeIdAccessor(&NetbltL4Protocol::SetRttEstimatorType,
                                             &NetbltL4Protocol::GetRttEstimatorType),
                          MakeTypeIdChecker())
            .AddAttribute("RatePolicyType",
                          "How each sender chooses the burst size, burst interval and "
                          "outstanding buffers in force: a NetbltRatePolicy subclass "
                          "(NetbltStaticRatePolicy, RFC 998's negotiated values; "
                          "NetbltAimdRatePolicy, loss-driven; NetbltDeliveryRatePolicy, delay- "
                          "and rate-driven). Its attributes: SetRatePolicyAttribute().",
                          TypeIdValue(NetbltStaticRatePolicy::GetTypeId()),
                          MakeTypeIdAccessor(&NetbltL4Protocol::SetRatePolicyType,
                                             &NetbltL4Protocol::GetRatePolicyType),
                          MakeTypeIdChecker())
            .AddAttribute("MaxBufferSize",
                          "Largest buffer, bytes, this host lets a peer's OPEN ask it to receive "
                          "into; a larger one is REFUSED naming this limit. An implementation "
                          "limit (RFC 998 §2 leaves buffer size to the memory available): "
                          "1 MiB, above every buffer RFC 1030 used (at most 19900 bytes).",
                          UintegerValue(1 << 20),
                          MakeUintegerAccessor(&NetbltL4Protocol::m_maxBufferSize),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("MaxConnectionBufferBytes",
                          "Most buffer memory, bytes, one received connection may hold (buffer "
                          "size x outstanding buffers); an OPEN asking for more is REFUSED "
                          "naming this limit. 16 MiB, above every configuration of RFC 1030 "
                          "(at most 40 x 14320 bytes).",
                          UintegerValue(16 << 20),
                          MakeUintegerAccessor(&NetbltL4Protocol::m_maxConnectionBufferBytes),
                          MakeUintegerChecker<uint64_t>(1))
            .AddAttribute("MaxNodeBufferBytes",
                          "Most buffer memory, bytes, all of this host's receiving connections "
                          "may hold together; an OPEN that would pass it is REFUSED naming "
                          "this limit. 64 MiB: four connections at the per-connection limit.",
                          UintegerValue(64 << 20),
                          MakeUintegerAccessor(&NetbltL4Protocol::m_maxNodeBufferBytes),
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
    m_senderFactory.SetTypeId(NetbltSender::GetTypeId());
    m_receiverFactory.SetTypeId(NetbltReceiver::GetTypeId());
    m_connectionIdVariable = CreateObject<UniformRandomVariable>();
}

NetbltL4Protocol::~NetbltL4Protocol()
{
    NS_LOG_FUNCTION(this);
}

Time
NetbltL4Protocol::ProcessingCosts::DataReceive(uint32_t dataBytes,
                                               uint32_t outstandingBuffers) const
{
    return dataReceivePacket + dataReceiveByte * dataBytes + dataReceiveBuffer * outstandingBuffers;
}

Time
NetbltL4Protocol::ProcessingCosts::DataSend(uint32_t dataBytes) const
{
    return dataSendPacket + dataSendByte * dataBytes;
}

Time
NetbltL4Protocol::ProcessingCosts::ControlSend(uint32_t messages) const
{
    return controlSendPacket + controlSendMessage * messages;
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
        m_host = GetObject<NetbltHostModel>();
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
    for (auto& [key, connection] : m_connections)
    {
        connection->Dispose();
    }
    m_connections.clear();
    m_listeners.clear();
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

uint16_t
NetbltL4Protocol::AllocatePort()
{
    for (uint32_t tries = 0; tries < 16384; ++tries)
    {
        uint16_t port = m_nextEphemeralPort;
        m_nextEphemeralPort = m_nextEphemeralPort == 65535 ? 49152 : m_nextEphemeralPort + 1;
        bool used = m_listeners.count(port) > 0;
        for (const auto& [key, connection] : m_connections)
        {
            used = used || std::get<0>(key) == port;
        }
        if (!used)
        {
            return port;
        }
    }
    return 0;
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
    uint16_t localPort = AllocatePort();
    if (localPort == 0)
    {
        NS_LOG_WARN("NETBLT open: no free port");
        return nullptr;
    }
    uint32_t connectionId = m_connectionIdVariable->GetInteger(1, 0xffffffffU);
    Ptr<NetbltConnection> connection = CreateConnection(role);
    m_connections[ConnectionKey(localPort, peer.Get(), peerPort)] = connection;
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
    if (m_listeners.count(port))
    {
        return false;
    }
    m_listeners[port] = Listener{limits, accept};
    return true;
}

void
NetbltL4Protocol::StopListening(uint16_t port)
{
    m_listeners.erase(port);
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
    for (auto it = m_connections.begin(); it != m_connections.end(); ++it)
    {
        if (it->second == connection)
        {
            m_connections.erase(it);
            return;
        }
    }
}

uint8_t
NetbltL4Protocol::GetVersion() const
{
    return m_version;
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
NetbltL4Protocol::SetSenderType(TypeId type)
{
    NS_ABORT_MSG_UNLESS(type.IsChildOf(NetbltSender::GetTypeId()) ||
                            type == NetbltSender::GetTypeId(),
                        "SenderType " << type.GetName() << " is not a NetbltSender");
    m_senderFactory.SetTypeId(type);
}

TypeId
NetbltL4Protocol::GetSenderType() const
{
    return m_senderFactory.GetTypeId();
}

void
NetbltL4Protocol::SetReceiverType(TypeId type)
{
    NS_ABORT_MSG_UNLESS(type.IsChildOf(NetbltReceiver::GetTypeId()) ||
                            type == NetbltReceiver::GetTypeId(),
                        "ReceiverType " << type.GetName() << " is not a NetbltReceiver");
    m_receiverFactory.SetTypeId(type);
}

TypeId
NetbltL4Protocol::GetReceiverType() const
{
    return m_receiverFactory.GetTypeId();
}

void
NetbltL4Protocol::SetDataTimerType(TypeId type)
{
    NS_ABORT_MSG_UNLESS(type.IsChildOf(NetbltDataTimer::GetTypeId()),
                        "DataTimerType " << type.GetName() << " is not a NetbltDataTimer");
    m_dataTimerType = type;
}

void
NetbltL4Protocol::SetRttEstimatorType(TypeId type)
{
    NS_ABORT_MSG_UNLESS(type.IsChildOf(RttEstimator::GetTypeId()),
                        "RttEstimatorType " << type.GetName() << " is not an RttEstimator");
    m_rttEstimatorType = type;
}

void
NetbltL4Protocol::SetRatePolicyType(TypeId type)
{
    NS_ABORT_MSG_UNLESS(type.IsChildOf(NetbltRatePolicy::GetTypeId()) && type.HasConstructor(),
                        "RatePolicyType " << type.GetName() << " is not a NetbltRatePolicy");
    m_ratePolicyFactory.SetTypeId(type);
}

TypeId
NetbltL4Protocol::GetRatePolicyType() const
{
    return m_ratePolicyFactory.GetTypeId();
}

void
NetbltL4Protocol::SetRatePolicyAttribute(const std::string& name, const AttributeValue& value)
{
    m_ratePolicyFactory.Set(name, value);
}

TypeId
NetbltL4Protocol::GetDataTimerType() const
{
    return m_dataTimerType;
}

TypeId
NetbltL4Protocol::GetRttEstimatorType() const
{
    return m_rttEstimatorType;
}

void
NetbltL4Protocol::SetSenderAttribute(const std::string& name, const AttributeValue& value)
{
    m_senderFactory.Set(name, value);
}

void
NetbltL4Protocol::SetReceiverAttribute(const std::string& name, const AttributeValue& value)
{
    m_receiverFactory.Set(name, value);
}

Ptr<NetbltConnection>
NetbltL4Protocol::CreateConnection(NetbltConnection::Role role) const
{
    if (role == NetbltConnection::SENDER)
    {
        Ptr<NetbltSender> sender = m_senderFactory.Create<NetbltSender>();
        sender->SetRatePolicy(m_ratePolicyFactory.Create<NetbltRatePolicy>());
        return sender;
    }
    Ptr<NetbltReceiver> receiver = m_receiverFactory.Create<NetbltReceiver>();
    receiver->SetDataTimer(ObjectFactory(m_dataTimerType.GetName()).Create<NetbltDataTimer>());
    receiver->SetRttEstimator(ObjectFactory(m_rttEstimatorType.GetName()).Create<RttEstimator>());
    return receiver;
}

uint64_t
NetbltL4Protocol::GetBufferBytes(const NetbltTransferParameters& parameters)
{
    return static_cast<uint64_t>(parameters.bufferSize) * parameters.maxOutstandingBuffers;
}

std::string
NetbltL4Protocol::CheckMemoryLimits(const NetbltTransferParameters& parameters) const
{
    if (parameters.bufferSize > m_maxBufferSize)
    {
        return "buffer size " + std::to_string(parameters.bufferSize) +
               " bytes exceeds this host's MaxBufferSize of " + std::to_string(m_maxBufferSize) +
               " bytes";
    }
    uint64_t asked = GetBufferBytes(parameters);
    if (asked > m_maxConnectionBufferBytes)
    {
        return std::to_string(parameters.maxOutstandingBuffers) + " buffers of " +
               std::to_string(parameters.bufferSize) + " bytes exceed this host's " +
               "MaxConnectionBufferBytes of " + std::to_string(m_maxConnectionBufferBytes) +
               " bytes";
    }
    uint64_t held = 0;
    for (const auto& [key, connection] : m_connections)
    {
        if (connection->GetRole() == NetbltConnection::RECEIVER)
        {
            held += GetBufferBytes(connection->GetParameters());
        }
    }
    if (held + asked > m_maxNodeBufferBytes)
    {
        return std::to_string(asked) + " bytes of buffers beside the " + std::to_string(held) +
               " bytes held exceed this host's MaxNodeBufferBytes of " +
               std::to_string(m_maxNodeBufferBytes) + " bytes";
    }
    return "";
}

Ptr<NetbltConnection>
NetbltL4Protocol::GetConnection(uint32_t index) const
{
    NS_ASSERT_MSG(index < m_connections.size(), "no connection " << index);
    return std::next(m_connections.begin(), index)->second;
}

uint32_t
NetbltL4Protocol::GetConnectionCount() const
{
    return m_connections.size();
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
    if (!NetbltHeader::PeekCommonFields(packet, common))
    {
        Drop(packet, "shorter than the 12-byte common header", m_malformedPackets);
        return IpL4Protocol::RX_OK;
    }
    uint8_t rawType = static_cast<uint8_t>(common.GetType());
    if (!NetbltHeader::IsKnownType(rawType))
    {
        Drop(packet, "unknown packet type " + std::to_string(rawType), m_malformedPackets);
        return IpL4Protocol::RX_OK;
    }
    if (common.GetVersion() != m_version)
    {
        Drop(packet, "version " + std::to_string(common.GetVersion()), m_malformedPackets);
        return IpL4Protocol::RX_OK;
    }
    NetbltPacketType type = common.GetType();
    uint32_t length = common.GetLength();
    if (length < NetbltHeader::GetMinimumLength(type) || length > packet->GetSize())
    {
        Drop(packet,
             "length field " + std::to_string(length) + " with " +
                 std::to_string(packet->GetSize()) + " bytes present",
             m_malformedPackets);
        return IpL4Protocol::RX_OK;
    }
    bool isData = type == NetbltPacketType::DATA || type == NetbltPacketType::LDATA;
    if (!isData && length % 4 != 0)
    {
        Drop(packet,
             "length " + std::to_string(length) + " not a multiple of 4",
             m_malformedPackets);
        return IpL4Protocol::RX_OK;
    }
    // DATA/LDATA carry 0-3 bytes of longword padding after the data, outside the length.
    packet->RemoveAtEnd(packet->GetSize() - length);

    // Verify by reading the header with the class the type calls for; the connection gets the
    // header as read, so the packet is parsed (and a DATA packet's data summed) once.
    // The connection the packet is for, by its common header's ports.
    Ipv4Address local = ipHeader.GetDestination();
    Ipv4Address peer = ipHeader.GetSource();
    // The sender's "local port" is ours as the "foreign port".
    ConnectionKey key(common.GetForeignPort(), peer.Get(), common.GetLocalPort());
    auto found = m_connections.find(key);
    std::shared_ptr<NetbltHeader> header;
    switch (type)
    {
    case NetbltPacketType::OPEN:
    case NetbltPacketType::RESPONSE:
        header = std::make_shared<NetbltOpenHeader>(type);
        break;
    case NetbltPacketType::QUIT:
    case NetbltPacketType::ABORT:
    case NetbltPacketType::REFUSED:
        header = std::make_shared<NetbltReasonHeader>(type);
        break;
    case NetbltPacketType::DATA:
    case NetbltPacketType::LDATA: {
        auto data = std::make_shared<NetbltDataHeader>(type);
        // An established connection without the C flag (fixed at set-up) ignores the field.
        data->SetDataChecksumVerified(found == m_connections.end() ||
                                      found->second->GetState() != NetbltConnection::ESTABLISHED ||
                                      found->second->GetParameters().checksumData);
        header = data;
        break;
    }
    case NetbltPacketType::NULL_ACK:
        header = std::make_shared<NetbltNullAckHeader>();
        break;
    case NetbltPacketType::CONTROL:
        header = std::make_shared<NetbltControlHeader>();
        break;
    default:
        header = std::make_shared<NetbltHeader>(type);
        break;
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

    if (found != m_connections.end())
    {
        Ptr<NetbltConnection> connection = found->second;
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
        Ptr<NetbltHostModel> host = m_host && m_host->KeepReceivedBuffer() ? m_host : nullptr;
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
    auto listener = m_listeners.find(localPort);
    if (listener == m_listeners.end())
    {
        SendReply(NetbltPacketType::REFUSED,
                  "no listener on port " + std::to_string(localPort),
                  localPort,
                  peerPort,
                  local,
                  peer);
        return;
    }
    NetbltTransferParameters offer = NetbltTransferParameters::ReadFrom(open);
    std::string problem = offer.Validate();
    if (!problem.empty())
    {
        SendReply(NetbltPacketType::REFUSED, problem, localPort, peerPort, local, peer);
        return;
    }
    NetbltTransferParameters answer =
        NetbltTransferParameters::Restrict(offer, listener->second.limits);
    // The listener's limits can still make an answer no transfer can use (a limit of 0, more
    // than 65535 packets of the smaller packet size in the buffer): refuse rather than set up
    // a connection with it.
    problem = answer.Validate();
    if (!problem.empty())
    {
        SendReply(NetbltPacketType::REFUSED,
                  "no usable answer within this end's limits: " + problem,
                  localPort,
                  peerPort,
                  local,
                  peer);
        return;
    }
    // M = WRITE: the active end writes, so this end receives into buffers of its own.
    if (open.GetWriteMode())
    {
        problem = CheckMemoryLimits(answer);
        if (!problem.empty())
        {
            SendReply(NetbltPacketType::REFUSED, problem, localPort, peerPort, local, peer);
            return;
        }
    }
    Ptr<NetbltConnection> connection = CreateConnection(
        open.GetWriteMode() ? NetbltConnection::RECEIVER : NetbltConnection::SENDER);
    std::string refusal;
    if (!listener->second.accept.IsNull())
    {
        refusal = listener->second.accept(connection, answer);
    }
    if (!refusal.empty())
    {
        SendReply(NetbltPacketType::REFUSED, refusal, localPort, peerPort, local, peer);
        return;
    }
    m_connections[ConnectionKey(localPort, peer.Get(), peerPort)] = connection;
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
