/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-connection.h"

#include "netblt-control-header.h"
#include "netblt-data-header.h"
#include "netblt-inter-arrival-data-timer.h"
#include "netblt-l4-protocol.h"
#include "netblt-null-ack-header.h"
#include "netblt-open-header.h"
#include "netblt-reason-header.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/host-cpu.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/object-factory.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NetbltConnection");

NS_OBJECT_ENSURE_REGISTERED(NetbltConnection);

TypeId
NetbltConnection::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::NetbltConnection")
            .SetParent<Object>()
            .SetGroupName("Netblt")
            .AddConstructor<NetbltConnection>()
            .AddAttribute("OpenRetryInterval",
                          "Time between OPEN retransmissions while no RESPONSE has arrived "
                          "(longer than the Wideband's 1.8 s round trip).",
                          TimeValue(Seconds(3)),
                          MakeTimeAccessor(&NetbltConnection::m_openRetryInterval),
                          MakeTimeChecker(MilliSeconds(1)))
            .AddAttribute("OpenRetryLimit",
                          "OPEN packets sent before the active end gives up.",
                          UintegerValue(5),
                          MakeUintegerAccessor(&NetbltConnection::m_openRetryLimit),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("InitialControlTimer",
                          "Control-timer value before any round-trip time has been measured "
                          "(RFC 998 §5.2.1: \"an arbitrary number\").",
                          TimeValue(Seconds(1)),
                          MakeTimeAccessor(&NetbltConnection::SetInitialControlTimer,
                                           &NetbltConnection::GetInitialControlTimer),
                          MakeTimeChecker(MilliSeconds(1)))
            .AddAttribute("MinimumControlTimer",
                          "Smallest control-timer value, whatever the round-trip estimate.",
                          TimeValue(MilliSeconds(10)),
                          MakeTimeAccessor(&NetbltConnection::SetMinimumControlTimer,
                                           &NetbltConnection::GetMinimumControlTimer),
                          MakeTimeChecker(MilliSeconds(1)))
            .AddAttribute("RttEstimatorType",
                          "The receiver's round-trip estimator for its control timer (an "
                          "RttEstimator subclass, as TCP's RttEstimatorType).",
                          TypeIdValue(RttMeanDeviation::GetTypeId()),
                          MakeTypeIdAccessor(&NetbltConnection::SetRttEstimatorType,
                                             &NetbltConnection::GetRttEstimatorType),
                          MakeTypeIdChecker())
            .AddAttribute("KeepaliveDivisor",
                          "KEEPALIVE interval = the other end's death-timer value / this "
                          "(RFC 998 §5.2.3 suggests four).",
                          UintegerValue(4),
                          MakeUintegerAccessor(&NetbltConnection::m_keepaliveDivisor),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("DallyFactor",
                          "Dally time = this x the receiver's control-timer value from the last "
                          "OK, long enough for the receiver to resend its OK (RFC 998 §5.3.1). "
                          "A retransmitted OK heard while dallying starts a dally twice as long.",
                          DoubleValue(2.0),
                          MakeDoubleAccessor(&NetbltConnection::m_dallyFactor),
                          MakeDoubleChecker<double>(1.0))
            .AddAttribute("DallyUntilPeerDeath",
                          "The sender dallies after the last OK at least as long as the "
                          "receiver's death-timer value (from its OPEN/RESPONSE), unless a DONE "
                          "arrives first. RFC 998 §5.3.1 only requires the dally to outlast one "
                          "control-timer expiry at the receiver; when that OK retransmission or "
                          "its NULL-ACK is lost as well, the receiver (which doubles its timer) "
                          "keeps resending its last OK to a sender that has gone and dies with "
                          "the transfer complete. False: DallyFactor x the control timer only.",
                          BooleanValue(true),
                          MakeBooleanAccessor(&NetbltConnection::m_dallyUntilPeerDeath),
                          MakeBooleanChecker())
            .AddAttribute("DataTimerType",
                          "How the receiver estimates when a buffer's packets should have "
                          "arrived: a NetbltDataTimer subclass (NetbltInterArrivalDataTimer, "
                          "RFC 1030 §7; NetbltBurstRateDataTimer, RFC 998 §5.2.2).",
                          TypeIdValue(NetbltInterArrivalDataTimer::GetTypeId()),
                          MakeTypeIdAccessor(&NetbltConnection::SetDataTimerType,
                                             &NetbltConnection::GetDataTimerType),
                          MakeTypeIdChecker())
            .AddAttribute("DataTimer",
                          "The receiver's data-timer estimator, for its own attributes.",
                          PointerValue(),
                          MakePointerAccessor(&NetbltConnection::m_dataTimer),
                          MakePointerChecker<NetbltDataTimer>())
            .AddAttribute("CombineOkWithGo",
                          "Put OK(n) and the following GO in one CONTROL packet, and in general "
                          "send all new control messages together (RFC 1030 §7). False sends a "
                          "CONTROL packet for every new message.",
                          BooleanValue(true),
                          MakeBooleanAccessor(&NetbltConnection::m_combineOkWithGo),
                          MakeBooleanChecker())
            .AddAttribute("ResendOnLdata",
                          "Send a RESEND at once when an LDATA arrives with packets of its buffer "
                          "missing (the behaviour RFC 1030 §7 removed).",
                          BooleanValue(false),
                          MakeBooleanAccessor(&NetbltConnection::m_resendOnLdata),
                          MakeBooleanChecker())
            .AddAttribute("ImmediateResendOnLaterBuffer",
                          "Send a RESEND at once for an earlier buffer with packets missing when "
                          "a later buffer's packet arrives, instead of tightening its data timer "
                          "(the behaviour RFC 1030 §7 removed).",
                          BooleanValue(false),
                          MakeBooleanAccessor(&NetbltConnection::m_immediateResendOnLaterBuffer),
                          MakeBooleanChecker())
            .AddAttribute("MaxControlPacketSize",
                          "Largest CONTROL packet, bytes; older unacknowledged messages go first "
                          "(RFC 998 §5.2.1: typically 1000 bytes).",
                          UintegerValue(1000),
                          MakeUintegerAccessor(&NetbltConnection::SetMaxControlPacketSize,
                                               &NetbltConnection::GetMaxControlPacketSize),
                          MakeUintegerChecker<uint32_t>(40, 65532))
            .AddTraceSource("Tx",
                            "A NETBLT packet was sent.",
                            MakeTraceSourceAccessor(&NetbltConnection::m_txTrace),
                            "ns3::NetbltConnection::PacketTracedCallback")
            .AddTraceSource("Rx",
                            "A verified NETBLT packet of this connection arrived.",
                            MakeTraceSourceAccessor(&NetbltConnection::m_rxTrace),
                            "ns3::NetbltConnection::PacketTracedCallback")
            .AddTraceSource("DataTimeout",
                            "A receiving buffer's data timer expired.",
                            MakeTraceSourceAccessor(&NetbltConnection::m_dataTimeoutTrace),
                            "ns3::NetbltConnection::BufferTracedCallback")
            .AddTraceSource("Retransmit",
                            "The sender transmitted a DATA/LDATA packet again.",
                            MakeTraceSourceAccessor(&NetbltConnection::m_retransmitTrace),
                            "ns3::NetbltConnection::PacketNumberTracedCallback")
            .AddTraceSource("BufferDelivered",
                            "The receiver handed a complete buffer to its client.",
                            MakeTraceSourceAccessor(&NetbltConnection::m_bufferDeliveredTrace),
                            "ns3::NetbltConnection::BufferTracedCallback")
            .AddTraceSource("ControlTimeout",
                            "The receiver's control timer expired; the value it had.",
                            MakeTraceSourceAccessor(&NetbltConnection::m_controlTimeoutTrace),
                            "ns3::Time::TracedCallback")
            .AddTraceSource("State",
                            "The connection changed state.",
                            MakeTraceSourceAccessor(&NetbltConnection::m_stateTrace),
                            "ns3::NetbltConnection::StateTracedCallback");
    return tid;
}

NetbltConnection::NetbltConnection()
{
    NS_LOG_FUNCTION(this);
}

NetbltConnection::~NetbltConnection()
{
    NS_LOG_FUNCTION(this);
}

void
NetbltConnection::DoDispose()
{
    NS_LOG_FUNCTION(this);
    CancelAllTimers();
    m_receiveBuffers.clear();
    m_sendBuffers.clear();
    m_protocol = nullptr;
    m_control.SetRttEstimator(nullptr);
    m_dataTimer = nullptr;
    m_establishedCallback = ConnectionCallback();
    m_closeCallback = CloseCallback();
    m_sendReadyCallback = ConnectionCallback();
    m_bufferReceivedCallback = BufferCallback();
    Object::DoDispose();
}

void
NetbltConnection::CancelAllTimers()
{
    // Removed rather than cancelled: a cancelled event still advances the clock when its time
    // comes, which would make a finished simulation end at the last death-timer deadline.
    for (EventId* timer : {&m_openTimer,
                           &m_deathTimer,
                           &m_keepaliveTimer,
                           &m_dallyTimer,
                           &m_quitTimer,
                           &m_burstEvent,
                           &m_controlTimer,
                           &m_flushEvent})
    {
        Simulator::Remove(*timer);
    }
    for (auto& [number, buffer] : m_receiveBuffers)
    {
        Simulator::Remove(buffer.dataTimer);
    }
}

std::string
NetbltConnection::StateName(State state)
{
    switch (state)
    {
    case CLOSED:
        return "CLOSED";
    case OPEN_SENT:
        return "OPEN_SENT";
    case ESTABLISHED:
        return "ESTABLISHED";
    case DALLYING:
        return "DALLYING";
    case QUIT_SENT:
        return "QUIT_SENT";
    }
    return "?";
}

std::string
NetbltConnection::CloseReasonName(CloseReason reason)
{
    switch (reason)
    {
    case TRANSFER_COMPLETE:
        return "TRANSFER_COMPLETE";
    case REFUSED:
        return "REFUSED";
    case OPEN_FAILED:
        return "OPEN_FAILED";
    case DEATH_TIMEOUT:
        return "DEATH_TIMEOUT";
    case ABORTED_BY_PEER:
        return "ABORTED_BY_PEER";
    case ABORTED_LOCALLY:
        return "ABORTED_LOCALLY";
    case QUIT_BY_PEER:
        return "QUIT_BY_PEER";
    case QUIT_LOCALLY:
        return "QUIT_LOCALLY";
    }
    return "?";
}

// ---------------------------------------------------------------------------------------------
// Client API and inspection

void
NetbltConnection::SetEstablishedCallback(ConnectionCallback cb)
{
    m_establishedCallback = cb;
}

void
NetbltConnection::SetCloseCallback(CloseCallback cb)
{
    m_closeCallback = cb;
}

void
NetbltConnection::SetSendReadyCallback(ConnectionCallback cb)
{
    m_sendReadyCallback = cb;
}

void
NetbltConnection::SetBufferReceivedCallback(BufferCallback cb)
{
    m_bufferReceivedCallback = cb;
}

NetbltConnection::Role
NetbltConnection::GetRole() const
{
    return m_role;
}

bool
NetbltConnection::IsActive() const
{
    return m_active;
}

NetbltConnection::State
NetbltConnection::GetState() const
{
    return m_state;
}

const NetbltTransferParameters&
NetbltConnection::GetParameters() const
{
    return m_params;
}

const NetbltConnectionStatistics&
NetbltConnection::GetStatistics() const
{
    return m_stats;
}

uint32_t
NetbltConnection::GetConnectionId() const
{
    return m_connectionId;
}

uint16_t
NetbltConnection::GetLocalPort() const
{
    return m_localPort;
}

uint16_t
NetbltConnection::GetPeerPort() const
{
    return m_peerPort;
}

Ipv4Address
NetbltConnection::GetPeerAddress() const
{
    return m_peerAddress;
}

Time
NetbltConnection::GetControlTimerValue() const
{
    if (m_role == SENDER)
    {
        return MilliSeconds(m_peerControlTimerMs);
    }
    return ReceiverControlTimer();
}

uint32_t
NetbltConnection::GetSendBufferRoom() const
{
    if (m_role != SENDER || m_state != ESTABLISHED || m_lastBufferGiven)
    {
        return 0;
    }
    uint32_t held = m_sendBuffers.size();
    return held >= m_params.maxOutstandingBuffers ? 0 : m_params.maxOutstandingBuffers - held;
}

bool
NetbltConnection::SendBuffer(Ptr<Packet> data, bool last)
{
    NS_LOG_FUNCTION(this << data->GetSize() << last);
    if (GetSendBufferRoom() == 0)
    {
        NS_LOG_WARN("SendBuffer refused: no room, not established, or not the sender");
        return false;
    }
    uint32_t size = data->GetSize();
    if (size == 0 || size > m_params.bufferSize || (!last && size != m_params.bufferSize))
    {
        NS_LOG_WARN("SendBuffer refused: " << size << " bytes with buffer size "
                                           << m_params.bufferSize << (last ? " (last)" : ""));
        return false;
    }
    uint32_t number = m_nextSendBuffer++;
    SendBufferState& buffer = m_sendBuffers[number];
    buffer.data = data;
    buffer.last = last;
    buffer.packetCount = static_cast<uint16_t>((size + m_params.packetSize - 1) / m_params.packetSize);
    buffer.sentOnce.assign(buffer.packetCount, false);
    m_stats.bytesInTransfer += size;
    m_lastBufferGiven = last;
    if (m_earlyGos.erase(number))
    {
        QueueAllPackets(number, buffer);
        ScheduleBurst();
    }
    return true;
}

void
NetbltConnection::ProvideBuffer()
{
    NS_LOG_FUNCTION(this);
    if (m_role != RECEIVER || (m_state != ESTABLISHED && m_state != OPEN_SENT))
    {
        return;
    }
    ++m_buffersProvided;
    if (m_state == ESTABLISHED)
    {
        IssueGos();
        if (m_combineOkWithGo)
        {
            // A client usually provides several buffers in one go (one call each): send their
            // GOs together, once the client has returned, rather than one CONTROL per call.
            if (!m_flushEvent.IsPending())
            {
                m_flushEvent = Simulator::ScheduleNow(&NetbltConnection::FlushControl, this);
            }
        }
        else
        {
            FlushControl();
        }
    }
}

void
NetbltConnection::Quit(const std::string& reason)
{
    NS_LOG_FUNCTION(this << reason);
    if (m_state != ESTABLISHED)
    {
        return;
    }
    m_quitReason = reason;
    Simulator::Remove(m_burstEvent);
    Simulator::Remove(m_controlTimer);
    for (auto& [number, buffer] : m_receiveBuffers)
    {
        Simulator::Remove(buffer.dataTimer);
    }
    SetState(QUIT_SENT);
    SendQuit();
}

void
NetbltConnection::Abort(const std::string& reason)
{
    NS_LOG_FUNCTION(this << reason);
    if (m_state == CLOSED)
    {
        return;
    }
    SendReason(NetbltPacketType::ABORT, reason);
    Close(ABORTED_LOCALLY, reason);
}

// ---------------------------------------------------------------------------------------------
// Connection set-up (RFC 998 §5.1)

void
NetbltConnection::ConnectActive(Ptr<NetbltL4Protocol> protocol,
                                Ipv4Address local,
                                uint16_t localPort,
                                Ipv4Address peer,
                                uint16_t peerPort,
                                Role role,
                                const NetbltTransferParameters& proposal,
                                uint32_t connectionId)
{
    NS_LOG_FUNCTION(this << local << localPort << peer << peerPort << proposal);
    m_protocol = protocol;
    m_version = protocol->GetVersion();
    m_localAddress = local;
    m_localPort = localPort;
    m_peerAddress = peer;
    m_peerPort = peerPort;
    m_role = role;
    m_active = true;
    m_params = proposal;
    m_connectionId = connectionId;
    m_limitBurstSize = proposal.burstSize;
    m_limitBurstIntervalMs = proposal.burstIntervalMs;
    m_stats.openTime = Simulator::Now();
    SetState(OPEN_SENT);
    SendOpen();
}

void
NetbltConnection::AcceptPassive(Ptr<NetbltL4Protocol> protocol,
                                Ipv4Address local,
                                uint16_t localPort,
                                Ipv4Address peer,
                                uint16_t peerPort,
                                const NetbltOpenHeader& open,
                                const NetbltTransferParameters& negotiated)
{
    NS_LOG_FUNCTION(this << local << localPort << peer << peerPort << negotiated);
    m_protocol = protocol;
    m_version = protocol->GetVersion();
    m_localAddress = local;
    m_localPort = localPort;
    m_peerAddress = peer;
    m_peerPort = peerPort;
    // M = WRITE: the active end writes, so this end receives.
    m_role = open.GetWriteMode() ? RECEIVER : SENDER;
    m_active = false;
    m_params = negotiated;
    m_connectionId = open.GetConnectionId();
    m_peerDeathTimeoutS = open.GetDeathTimerValue();
    m_limitBurstSize = negotiated.burstSize;
    m_limitBurstIntervalMs = negotiated.burstIntervalMs;
    m_stats.openTime = Simulator::Now();
    NetbltOpenHeader response(NetbltPacketType::RESPONSE);
    m_params.WriteTo(response);
    response.SetConnectionId(m_connectionId);
    response.SetWriteMode(open.GetWriteMode());
    SendPacket(Create<Packet>(), response);
    Establish();
}

void
NetbltConnection::SendOpen()
{
    NS_LOG_FUNCTION(this << m_opensSent);
    NetbltOpenHeader open(NetbltPacketType::OPEN);
    m_params.WriteTo(open);
    open.SetConnectionId(m_connectionId);
    open.SetWriteMode(m_role == SENDER);
    ++m_opensSent;
    SendPacket(Create<Packet>(), open);
    m_openTimer = Simulator::Schedule(Granular(m_openRetryInterval), &NetbltConnection::OpenTimeout, this);
}

void
NetbltConnection::OpenTimeout()
{
    NS_LOG_FUNCTION(this);
    if (m_opensSent >= m_openRetryLimit)
    {
        Close(OPEN_FAILED, "no RESPONSE to " + std::to_string(m_opensSent) + " OPEN packets");
        return;
    }
    SendOpen();
}

void
NetbltConnection::HandleOpen(const NetbltOpenHeader& open)
{
    NS_LOG_FUNCTION(this);
    if (open.GetConnectionId() != m_connectionId)
    {
        // A second connection between the same ports (RFC 998 §5.1).
        SendReason(NetbltPacketType::ABORT, "a connection with another unique ID uses these ports");
        return;
    }
    if (!m_active)
    {
        // Our RESPONSE was lost: answer again.
        NetbltOpenHeader response(NetbltPacketType::RESPONSE);
        m_params.WriteTo(response);
        response.SetConnectionId(m_connectionId);
        response.SetWriteMode(m_role == RECEIVER);
        SendPacket(Create<Packet>(), response);
    }
}

void
NetbltConnection::HandleResponse(const NetbltOpenHeader& response)
{
    NS_LOG_FUNCTION(this);
    if (response.GetConnectionId() != m_connectionId)
    {
        SendReason(NetbltPacketType::ABORT, "RESPONSE with another unique ID");
        return;
    }
    if (m_state != OPEN_SENT)
    {
        return; // duplicate RESPONSE
    }
    Simulator::Remove(m_openTimer);
    NetbltTransferParameters answer = NetbltTransferParameters::ReadFrom(response);
    std::string problem = answer.Validate();
    if (problem.empty() && !answer.IsNoLessRestrictiveThan(m_params))
    {
        problem = "RESPONSE parameters less restrictive than the OPEN's";
    }
    if (problem.empty() && response.GetWriteMode() != (m_role == SENDER))
    {
        problem = "RESPONSE transfer mode differs from the OPEN's";
    }
    if (!problem.empty())
    {
        Abort(problem);
        return;
    }
    m_peerDeathTimeoutS = answer.deathTimeoutS;
    answer.deathTimeoutS = m_params.deathTimeoutS;
    answer.clientString = m_params.clientString;
    m_params = answer;
    Establish();
}

void
NetbltConnection::HandleRefused(const NetbltReasonHeader& refused)
{
    NS_LOG_FUNCTION(this << refused.GetReason());
    if (m_state == OPEN_SENT)
    {
        Close(REFUSED, refused.GetReason());
    }
}

void
NetbltConnection::Establish()
{
    NS_LOG_FUNCTION(this << m_params);
    m_stats.establishedTime = Simulator::Now();
    SetState(ESTABLISHED);
    ResetDeathTimer();
    ResetKeepaliveTimer();
    if (!m_establishedCallback.IsNull())
    {
        m_establishedCallback(this);
    }
    if (m_state != ESTABLISHED)
    {
        return; // the client closed it
    }
    if (m_role == RECEIVER)
    {
        IssueGos();
        FlushControl();
    }
    else if (!m_sendReadyCallback.IsNull())
    {
        m_sendReadyCallback(this);
    }
}

void
NetbltConnection::SetState(State state)
{
    if (state != m_state)
    {
        NS_LOG_INFO(StateName(m_state) << " -> " << StateName(state));
        State old = m_state;
        m_state = state;
        m_stateTrace(old, state);
    }
}

// ---------------------------------------------------------------------------------------------
// Closing (RFC 998 §5.3)

void
NetbltConnection::Close(CloseReason reason, const std::string& text)
{
    NS_LOG_FUNCTION(this << CloseReasonName(reason) << text);
    if (m_state == CLOSED && !m_protocol)
    {
        return;
    }
    CancelAllTimers();
    SetState(CLOSED);
    Ptr<NetbltConnection> self = this;
    if (m_protocol)
    {
        m_protocol->Forget(self);
        m_protocol = nullptr;
    }
    if (!m_closeCallback.IsNull())
    {
        CloseCallback callback = m_closeCallback;
        m_closeCallback = CloseCallback();
        callback(self, reason, text);
    }
}

Time
NetbltConnection::GetDallyTime() const
{
    Time controlTimer =
        m_peerControlTimerMs > 0 ? MilliSeconds(m_peerControlTimerMs) : m_control.GetInitialTimer();
    return std::max(controlTimer * m_dallyFactor, Granular(TimeStep(1)));
}

void
NetbltConnection::StartDally(Time duration)
{
    NS_LOG_FUNCTION(this << duration);
    Simulator::Remove(m_burstEvent);
    Simulator::Remove(m_keepaliveTimer);
    SetState(DALLYING);
    m_dallyDuration = duration;
    m_dallyTimer = Simulator::Schedule(Granular(duration), &NetbltConnection::DallyExpired, this);
}

void
NetbltConnection::DallyExpired()
{
    NS_LOG_FUNCTION(this);
    // A sender dallies after its transfer; the receiver of a QUIT dallies after notifying its
    // client, which it did at once.
    if (m_role == SENDER && m_lastBufferGiven && m_sendBuffers.empty() && m_quitReason.empty())
    {
        Close(TRANSFER_COMPLETE, "dally timer expired");
    }
    else
    {
        m_closeCallback = CloseCallback();
        Close(QUIT_BY_PEER, m_quitReason);
    }
}

void
NetbltConnection::SendQuit()
{
    NS_LOG_FUNCTION(this);
    SendReason(NetbltPacketType::QUIT, m_quitReason);
    Time timeout = m_role == RECEIVER ? ReceiverControlTimer() : GetDallyTime();
    m_quitTimer = Simulator::Schedule(Granular(timeout), &NetbltConnection::QuitTimeout, this);
}

void
NetbltConnection::QuitTimeout()
{
    NS_LOG_FUNCTION(this);
    SendQuit();
}

// ---------------------------------------------------------------------------------------------
// Death timer and KEEPALIVE (RFC 998 §5.2.3)

void
NetbltConnection::ResetDeathTimer()
{
    // Lazy: remember when the other end was last heard; the pending event re-arms itself for
    // the remainder instead of being cancelled and rescheduled for every packet.
    m_lastHeard = Simulator::Now();
    if (!m_deathTimer.IsPending())
    {
        m_deathTimer = Simulator::Schedule(Granular(Seconds(m_params.deathTimeoutS)),
                                           &NetbltConnection::DeathTimeout,
                                           this);
    }
}

void
NetbltConnection::DeathTimeout()
{
    Time due = m_lastHeard + Seconds(m_params.deathTimeoutS);
    if (due > Simulator::Now())
    {
        m_deathTimer = Simulator::Schedule(Granular(due - Simulator::Now()),
                                           &NetbltConnection::DeathTimeout,
                                           this);
        return;
    }
    NS_LOG_FUNCTION(this);
    if (m_state == QUIT_SENT)
    {
        Close(QUIT_LOCALLY, "no QUITACK before the death timer expired");
        return;
    }
    if (m_state == DALLYING)
    {
        // The transfer (or the QUIT) is already over for this end: the other end going quiet
        // while we linger does not change that.
        DallyExpired();
        return;
    }
    Close(DEATH_TIMEOUT,
          "nothing heard for " + std::to_string(m_params.deathTimeoutS) + " s");
}

Time
NetbltConnection::GetKeepaliveInterval() const
{
    return Seconds(m_peerDeathTimeoutS) / static_cast<int64_t>(m_keepaliveDivisor);
}

void
NetbltConnection::ResetKeepaliveTimer()
{
    // Lazy, like the death timer: every packet sent postpones the next KEEPALIVE.
    m_lastSent = Simulator::Now();
    if (m_state == ESTABLISHED && m_peerDeathTimeoutS > 0 && !m_keepaliveTimer.IsPending())
    {
        m_keepaliveTimer = Simulator::Schedule(Granular(GetKeepaliveInterval()),
                                               &NetbltConnection::KeepaliveTimeout,
                                               this);
    }
}

void
NetbltConnection::KeepaliveTimeout()
{
    if (m_state != ESTABLISHED)
    {
        return;
    }
    Time due = m_lastSent + GetKeepaliveInterval();
    if (due > Simulator::Now())
    {
        m_keepaliveTimer = Simulator::Schedule(Granular(due - Simulator::Now()),
                                               &NetbltConnection::KeepaliveTimeout,
                                               this);
        return;
    }
    NS_LOG_FUNCTION(this);
    ++m_stats.keepalivesSent;
    SendSimple(NetbltPacketType::KEEPALIVE);
}

// ---------------------------------------------------------------------------------------------
// Packet output

void
NetbltConnection::SendPacket(Ptr<Packet> packet, NetbltHeader& header)
{
    header.SetVersion(m_version);
    header.SetLocalPort(m_localPort);
    header.SetForeignPort(m_peerPort);
    packet->AddHeader(header);
    NS_LOG_LOGIC("send " << header);
    m_txTrace(packet, header.GetType());
    m_protocol->Send(packet, m_localAddress, m_peerAddress);
    ResetKeepaliveTimer();
}

void
NetbltConnection::SendSimple(NetbltPacketType type)
{
    NetbltHeader header(type);
    SendPacket(Create<Packet>(), header);
}

void
NetbltConnection::SendReason(NetbltPacketType type, const std::string& reason)
{
    NetbltReasonHeader header(type);
    header.SetReason(reason);
    SendPacket(Create<Packet>(), header);
}

Time
NetbltConnection::Granular(Time delay) const
{
    return HostCpu::RoundToTick(m_protocol ? m_protocol->GetNode() : nullptr, delay);
}

Callback<void>
NetbltConnection::WhileOpen(std::function<void()> work)
{
    Ptr<NetbltConnection> self(this);
    return Callback<void>([self, work]() {
        if (self->m_state != CLOSED)
        {
            work();
        }
    });
}

void
NetbltConnection::Process(Time cost, const std::string& activity, std::function<void()> work)
{
    HostCpu::Run(m_protocol->GetNode(), cost, activity, WhileOpen(std::move(work)));
}

void
NetbltConnection::ProcessNext(Time cost, const std::string& activity, std::function<void()> work)
{
    HostCpu::RunContinuation(m_protocol->GetNode(), cost, activity, WhileOpen(std::move(work)));
}

// ---------------------------------------------------------------------------------------------
// Input

void
NetbltConnection::Receive(const NetbltHeader& received, Ptr<Packet> packet)
{
    NetbltPacketType type = received.GetType();
    NS_LOG_FUNCTION(this << type << packet->GetSize());
    if (m_state == CLOSED)
    {
        return;
    }
    m_rxTrace(packet, type);
    if (m_state != OPEN_SENT)
    {
        ResetDeathTimer();
    }
    switch (type)
    {
    case NetbltPacketType::OPEN:
    case NetbltPacketType::RESPONSE: {
        const auto& header = static_cast<const NetbltOpenHeader&>(received);
        if (type == NetbltPacketType::OPEN)
        {
            HandleOpen(header);
        }
        else
        {
            HandleResponse(header);
        }
        return;
    }
    case NetbltPacketType::REFUSED:
    case NetbltPacketType::ABORT:
    case NetbltPacketType::QUIT: {
        const auto& header = static_cast<const NetbltReasonHeader&>(received);
        if (type == NetbltPacketType::REFUSED)
        {
            HandleRefused(header);
        }
        else if (type == NetbltPacketType::ABORT)
        {
            Close(ABORTED_BY_PEER, header.GetReason());
        }
        else if (m_state != OPEN_SENT)
        {
            // Notify the client at once, acknowledge, and dally to answer retransmitted QUITs.
            bool first = m_state != DALLYING;
            SendSimple(NetbltPacketType::QUITACK);
            if (first)
            {
                m_quitReason = header.GetReason();
                Simulator::Remove(m_controlTimer);
                for (auto& [number, buffer] : m_receiveBuffers)
                {
                    Simulator::Remove(buffer.dataTimer);
                }
                if (!m_closeCallback.IsNull())
                {
                    m_closeCallback(this, QUIT_BY_PEER, m_quitReason);
                }
                StartDally(GetDallyTime());
            }
        }
        return;
    }
    default:
        break;
    }
    if (m_state == OPEN_SENT)
    {
        ++m_stats.protocolViolations; // nothing but RESPONSE/REFUSED makes sense yet
        return;
    }
    switch (type)
    {
    case NetbltPacketType::KEEPALIVE:
        break;
    case NetbltPacketType::QUITACK:
        if (m_state == QUIT_SENT)
        {
            Close(QUIT_LOCALLY, m_quitReason);
        }
        break;
    case NetbltPacketType::DONE:
        if (m_role == SENDER && m_state == DALLYING)
        {
            Close(TRANSFER_COMPLETE, "DONE received");
        }
        break;
    case NetbltPacketType::DATA:
    case NetbltPacketType::LDATA:
        if (m_role != RECEIVER)
        {
            ++m_stats.protocolViolations;
            break;
        }
        HandleData(static_cast<const NetbltDataHeader&>(received), packet);
        break;
    case NetbltPacketType::NULL_ACK: {
        if (m_role != RECEIVER)
        {
            ++m_stats.protocolViolations;
            break;
        }
        HandleNullAck(static_cast<const NetbltNullAckHeader&>(received));
        break;
    }
    case NetbltPacketType::CONTROL: {
        if (m_role != SENDER)
        {
            ++m_stats.protocolViolations;
            break;
        }
        HandleControl(static_cast<const NetbltControlHeader&>(received));
        break;
    }
    default:
        ++m_stats.protocolViolations;
        break;
    }
}

// ---------------------------------------------------------------------------------------------
// Sender (RFC 998 §5.2)

bool
NetbltConnection::AcceptSequence(uint16_t sequence)
{
    if (NetbltSequenceNotAfter(sequence, m_highConsecutiveSequence) ||
        m_sequencesAbove.count(sequence))
    {
        return false;
    }
    m_sequencesAbove.insert(sequence);
    while (m_sequencesAbove.erase(static_cast<uint16_t>(m_highConsecutiveSequence + 1)))
    {
        ++m_highConsecutiveSequence;
    }
    return true;
}

void
NetbltConnection::HandleControl(const NetbltControlHeader& control)
{
    NS_LOG_FUNCTION(this << control.GetMessages().size());
    if (m_state != ESTABLISHED && m_state != DALLYING)
    {
        return;
    }
    bool retransmittedOk = m_state == DALLYING;
    bool renegotiated = false;
    for (const NetbltControlMessage& message : control.GetMessages())
    {
        if (!AcceptSequence(message.GetSequence()))
        {
            ++m_stats.duplicateControlMessages;
            continue;
        }
        switch (message.GetType())
        {
        case NetbltControlMessage::GO:
            HandleGo(message);
            break;
        case NetbltControlMessage::OK: {
            uint16_t offeredSize = message.GetBurstSize();
            uint16_t offeredInterval = message.GetBurstRate();
            HandleOk(message);
            renegotiated = renegotiated || m_params.burstSize != offeredSize ||
                           m_params.burstIntervalMs != offeredInterval;
            break;
        }
        case NetbltControlMessage::RESEND:
            HandleResend(message);
            break;
        }
    }
    // Let the client hand over the next buffer first: if it does, the data packets it starts
    // carry the acknowledgement and no NULL-ACK is needed.
    if (m_state == ESTABLISHED && !m_sendReadyCallback.IsNull() && GetSendBufferRoom() > 0)
    {
        m_sendReadyCallback(this);
    }
    if (m_state == DALLYING || renegotiated || !HasDataToSend())
    {
        SendNullAck();
    }
    if (retransmittedOk)
    {
        // The receiver did not get our NULL-ACK and resent its OK on its control timer, which
        // it doubles on every expiry: dally again, twice as long, so that its next
        // retransmission still finds us if this NULL-ACK is lost as well.
        Simulator::Remove(m_dallyTimer);
        m_dallyDuration = m_dallyDuration * 2;
        m_dallyTimer =
            Simulator::Schedule(Granular(m_dallyDuration), &NetbltConnection::DallyExpired, this);
    }
    ScheduleBurst();
    CheckSenderDone();
}

void
NetbltConnection::HandleGo(const NetbltControlMessage& go)
{
    uint32_t number = go.GetBufferNumber();
    auto it = m_sendBuffers.find(number);
    if (it != m_sendBuffers.end())
    {
        if (!it->second.goReceived)
        {
            QueueAllPackets(number, it->second);
        }
    }
    else if (number >= m_nextSendBuffer)
    {
        m_earlyGos.insert(number);
    }
}

void
NetbltConnection::HandleOk(const NetbltControlMessage& ok)
{
    auto it = m_sendBuffers.find(ok.GetBufferNumber());
    if (it != m_sendBuffers.end())
    {
        ++m_stats.buffersSent;
        m_stats.bytesSent += it->second.data->GetSize();
        m_sendBuffers.erase(it);
    }
    m_peerControlTimerMs = ok.GetControlTimerValue();
    // Renegotiation: accept the receiver's offer only as far as this end's own limits allow.
    m_params.burstSize = std::max<uint16_t>(1, std::min(ok.GetBurstSize(), m_limitBurstSize));
    m_params.burstIntervalMs = std::max(ok.GetBurstRate(), m_limitBurstIntervalMs);
}

void
NetbltConnection::HandleResend(const NetbltControlMessage& resend)
{
    auto it = m_sendBuffers.find(resend.GetBufferNumber());
    if (it == m_sendBuffers.end() || !it->second.goReceived)
    {
        return;
    }
    SendBufferState& buffer = it->second;
    for (uint16_t requested : resend.GetMissingPackets())
    {
        // The receiver cannot know how many packets a last buffer has until its LDATA arrives;
        // a number past the end asks for that LDATA.
        uint16_t packet = std::min<uint16_t>(requested, buffer.packetCount - 1);
        if (buffer.sentOnce[packet])
        {
            buffer.toSend.insert(packet);
        }
    }
}

void
NetbltConnection::QueueAllPackets(uint32_t number, SendBufferState& buffer)
{
    buffer.goReceived = true;
    for (uint16_t p = 0; p < buffer.packetCount; ++p)
    {
        buffer.toSend.insert(p);
    }
}

bool
NetbltConnection::HasDataToSend() const
{
    for (const auto& [number, buffer] : m_sendBuffers)
    {
        if (buffer.goReceived && !buffer.toSend.empty())
        {
            return true;
        }
    }
    return false;
}

void
NetbltConnection::ScheduleBurst()
{
    if (m_state != ESTABLISHED || m_burstEvent.IsPending() || m_burstActive || !HasDataToSend())
    {
        return;
    }
    Time now = Simulator::Now();
    Time due = m_burstStarted ? m_lastBurstStart + m_params.GetBurstInterval() : now;
    if (due <= now)
    {
        SendBurst();
    }
    else
    {
        m_burstEvent =
            Simulator::Schedule(Granular(due - now), &NetbltConnection::SendBurst, this);
    }
}

void
NetbltConnection::SendBurst()
{
    NS_LOG_FUNCTION(this);
    if (m_burstActive)
    {
        // One sending task: a burst due while the last one is still going out follows it.
        m_burstDue = true;
        return;
    }
    if (m_state != ESTABLISHED || !HasDataToSend())
    {
        return;
    }
    m_burstActive = true;
    Process(m_protocol->GetProcessingCosts().burst, "netblt-burst", [this]() { StartBurst(); });
}

void
NetbltConnection::StartBurst()
{
    // The burst interval runs from the start of one burst's transmission to the start of the
    // next (RFC 1030 §3), so a burst the CPU delayed also delays the ones after it.
    m_lastBurstStart = Simulator::Now();
    m_burstStarted = true;
    m_burstPacketsLeft = m_params.burstSize;
    m_burstEvent =
        Simulator::Schedule(Granular(m_params.GetBurstInterval()), &NetbltConnection::SendBurst, this);
    SendBurstPacket();
}

void
NetbltConnection::SendBurstPacket()
{
    if (m_burstPacketsLeft > 0 && m_state == ESTABLISHED)
    {
        --m_burstPacketsLeft;
        if (SendNextDataPacket())
        {
            return; // the packet's CPU job calls back here once the packet has gone
        }
    }
    m_burstPacketsLeft = 0;
    m_burstActive = false;
    if (m_burstDue)
    {
        m_burstDue = false;
        SendBurst();
    }
}

bool
NetbltConnection::SendNextDataPacket()
{
    // Lowest buffer number first, lowest packet number first (RFC 998 §5.2, RFC 1030 §7).
    for (auto& [number, buffer] : m_sendBuffers)
    {
        if (!buffer.goReceived || buffer.toSend.empty())
        {
            continue;
        }
        uint16_t packetNumber = *buffer.toSend.begin();
        buffer.toSend.erase(buffer.toSend.begin());
        uint32_t offset = static_cast<uint32_t>(packetNumber) * m_params.packetSize;
        uint32_t length = std::min<uint32_t>(m_params.packetSize, buffer.data->GetSize() - offset);
        bool lastPacket = packetNumber + 1 == buffer.packetCount;
        Ptr<Packet> packet = buffer.data->CreateFragment(offset, length);
        // Longword alignment: 0-3 zero bytes after the data, outside the length field.
        uint32_t padding = (4 - (NetbltHeader::GetMinimumLength(NetbltPacketType::DATA) + length) % 4) % 4;
        if (padding > 0)
        {
            packet->AddAtEnd(Create<Packet>(padding)); // zero bytes
        }
        NetbltDataHeader header(lastPacket ? NetbltPacketType::LDATA : NetbltPacketType::DATA);
        header.SetBufferNumber(number);
        header.SetHighConsecutiveSequence(m_highConsecutiveSequence);
        header.SetPacketNumber(packetNumber);
        header.SetLastBuffer(buffer.last);
        header.SetDataLength(static_cast<uint16_t>(length));
        header.SetDataChecksumEnabled(m_params.checksumData);

        Time now = Simulator::Now();
        if (m_stats.dataPacketsSent == 0)
        {
            m_stats.firstDataTime = now;
        }
        ++m_stats.dataPacketsSent;
        m_stats.dataBytesSent += length;
        if (buffer.sentOnce[packetNumber])
        {
            ++m_stats.dataPacketsRetransmitted;
            m_retransmitTrace(number, packetNumber);
        }
        else
        {
            buffer.sentOnce[packetNumber] = true;
            if (buffer.last && packetNumber == 0)
            {
                m_stats.lastBufferStartTime = now;
                m_stats.bytesBeforeLastBuffer = m_stats.bytesInTransfer - buffer.data->GetSize();
            }
            // First transmissions go lowest packet first, so this is the last new one.
            if (buffer.last && lastPacket)
            {
                m_stats.lastNewDataTime = now;
                m_stats.bytesBeforeLastNewData = m_stats.bytesInTransfer - length;
            }
        }
        Process(m_protocol->GetProcessingCosts().DataSend(length),
                "netblt-data-send",
                [this, packet, header]() mutable {
                    SendPacket(packet, header);
                    SendBurstPacket();
                });
        return true;
    }
    return false;
}

void
NetbltConnection::SendNullAck()
{
    NetbltNullAckHeader header;
    header.SetHighConsecutiveSequence(m_highConsecutiveSequence);
    header.SetNewBurstSize(m_params.burstSize);
    header.SetNewBurstRate(m_params.burstIntervalMs);
    ++m_stats.nullAcksSent;
    SendPacket(Create<Packet>(), header);
}

void
NetbltConnection::CheckSenderDone()
{
    if (m_state == ESTABLISHED && m_lastBufferGiven && m_sendBuffers.empty())
    {
        m_stats.completeTime = Simulator::Now();
        Time dally = GetDallyTime();
        if (m_dallyUntilPeerDeath)
        {
            dally = std::max(dally, Seconds(m_peerDeathTimeoutS));
        }
        StartDally(dally);
    }
}

// ---------------------------------------------------------------------------------------------
// Receiver (RFC 998 §5.2.1, §5.2.2; RFC 1030 §7)

void
NetbltConnection::IssueGos()
{
    while (m_state == ESTABLISHED && m_buffersProvided > 0 &&
           m_receiveBuffers.size() < m_params.maxOutstandingBuffers && !m_lastBufferDelivered)
    {
        // Once the last buffer is known, no GO goes beyond it.
        bool lastKnown = std::any_of(m_receiveBuffers.begin(),
                                     m_receiveBuffers.end(),
                                     [](const auto& entry) { return entry.second.last; });
        if (lastKnown)
        {
            return;
        }
        --m_buffersProvided;
        uint32_t number = m_nextGoBuffer++;
        ReceiveBufferInfo& buffer = m_receiveBuffers[number];
        buffer.state = ACK_WAIT;
        buffer.expectedCount = m_params.GetPacketsPerBuffer();
        buffer.countKnown = true;
        buffer.length = m_params.bufferSize;
        buffer.received.assign(buffer.expectedCount, false);
        buffer.bytes.assign(m_params.bufferSize, 0);
        buffer.awaitedSequence = m_control.NextSequence();
        QueueControlMessage(NetbltControlMessage::MakeGo(buffer.awaitedSequence, number));
    }
}

void
NetbltConnection::QueueControlMessage(const NetbltControlMessage& message)
{
    m_control.Queue(message);
    ++m_stats.controlMessagesSent;
    m_controlDirty = true;
    if (!m_combineOkWithGo)
    {
        FlushControl();
    }
}

void
NetbltConnection::FlushControl()
{
    if (m_controlDirty && m_state == ESTABLISHED)
    {
        TransmitControlPacket();
    }
    m_controlDirty = false;
}

void
NetbltConnection::TransmitControlPacket()
{
    if (m_control.IsEmpty() || m_controlSendQueued)
    {
        return;
    }
    m_controlSendQueued = true;
    const auto& costs = m_protocol->GetProcessingCosts();
    ProcessNext(costs.ControlSend(static_cast<uint32_t>(m_control.GetQueuedCount())),
            "netblt-control-send",
            [this]() {
                m_controlSendQueued = false;
                SendControlPacketNow();
            });
}

void
NetbltConnection::SendControlPacketNow()
{
    if (m_control.IsEmpty())
    {
        return;
    }
    NetbltControlHeader control = m_control.BuildPacket(Simulator::Now(), GetControlBackoffCap());
    ++m_stats.controlPacketsSent;
    SendPacket(Create<Packet>(), control);
    Simulator::Remove(m_controlTimer);
    m_controlTimer = Simulator::Schedule(Granular(ReceiverControlTimer()),
                                         &NetbltConnection::ControlTimeout,
                                         this);
}

Time
NetbltConnection::ReceiverControlTimer() const
{
    return m_control.GetTimerValue(GetControlBackoffCap());
}

Time
NetbltConnection::GetControlBackoffCap() const
{
    // Backing off past a quarter of the death timeout gains nothing: the CONTROL packet would
    // get fewer chances to arrive than a KEEPALIVE has before this end gives up.
    return Seconds(m_params.deathTimeoutS) / static_cast<int64_t>(m_keepaliveDivisor);
}

void
NetbltConnection::ControlTimeout()
{
    NS_LOG_FUNCTION(this);
    ++m_stats.controlTimeouts;
    m_controlTimeoutTrace(ReceiverControlTimer());
    m_control.TimedOut();
    TransmitControlPacket();
}

void
NetbltConnection::HandleNullAck(const NetbltNullAckHeader& nullAck)
{
    ProcessAcknowledgement(nullAck.GetHighConsecutiveSequence());
    // The sender's answer to our offered burst values.
    m_params.burstSize = std::max<uint16_t>(1, nullAck.GetNewBurstSize());
    m_params.burstIntervalMs = std::max<uint16_t>(1, nullAck.GetNewBurstRate());
    CheckReceiverDone();
}

void
NetbltConnection::ProcessAcknowledgement(uint16_t highConsecutiveSequence)
{
    std::vector<NetbltControlMessage> acknowledged =
        m_control.Acknowledge(highConsecutiveSequence, Simulator::Now());
    for (const NetbltControlMessage& message : acknowledged)
    {
        if (message.GetType() == NetbltControlMessage::OK)
        {
            continue;
        }
        auto it = m_receiveBuffers.find(message.GetBufferNumber());
        if (it != m_receiveBuffers.end() && it->second.state == ACK_WAIT &&
            it->second.awaitedSequence == message.GetSequence())
        {
            EnterAcked(it->first, it->second);
        }
    }
    if (!acknowledged.empty() && m_control.IsEmpty())
    {
        Simulator::Remove(m_controlTimer);
    }
}

void
NetbltConnection::EnterAcked(uint32_t number, ReceiveBufferInfo& buffer)
{
    uint32_t remaining = buffer.expectedCount - buffer.receivedCount;
    if (buffer.receivedCount > 0)
    {
        buffer.state = RECEIVING;
        SetDataTimer(number, buffer, m_dataTimer->GetTimeout(remaining, m_params), false);
    }
    else
    {
        // Loose timer: this buffer's packets come after those still due for earlier buffers.
        buffer.state = ACKED;
        uint32_t ahead = PacketsAheadOf(number);
        SetDataTimer(number, buffer, m_dataTimer->GetTimeout(ahead + remaining, m_params), false);
    }
}

uint32_t
NetbltConnection::PacketsAheadOf(uint32_t number) const
{
    uint32_t ahead = 0;
    for (const auto& [other, buffer] : m_receiveBuffers)
    {
        if (other >= number)
        {
            break;
        }
        if (buffer.state != RECEIVED)
        {
            ahead += buffer.expectedCount - buffer.receivedCount;
        }
    }
    return ahead;
}

void
NetbltConnection::SetDataTimerType(TypeId type)
{
    NS_ABORT_MSG_UNLESS(type.IsChildOf(NetbltDataTimer::GetTypeId()),
                        "DataTimerType " << type.GetName() << " is not a NetbltDataTimer");
    ObjectFactory factory(type.GetName());
    m_dataTimer = factory.Create<NetbltDataTimer>();
}

TypeId
NetbltConnection::GetDataTimerType() const
{
    return m_dataTimer ? m_dataTimer->GetInstanceTypeId()
                       : NetbltInterArrivalDataTimer::GetTypeId();
}

Ptr<NetbltDataTimer>
NetbltConnection::GetDataTimer() const
{
    return m_dataTimer;
}

void
NetbltConnection::SetRttEstimatorType(TypeId type)
{
    NS_ABORT_MSG_UNLESS(type.IsChildOf(RttEstimator::GetTypeId()),
                        "RttEstimatorType " << type.GetName() << " is not an RttEstimator");
    ObjectFactory factory(type.GetName());
    m_control.SetRttEstimator(factory.Create<RttEstimator>());
}

TypeId
NetbltConnection::GetRttEstimatorType() const
{
    Ptr<RttEstimator> estimator = m_control.GetRttEstimator();
    return estimator ? estimator->GetInstanceTypeId() : RttMeanDeviation::GetTypeId();
}

void
NetbltConnection::SetInitialControlTimer(Time value)
{
    m_control.SetInitialTimer(value);
}

Time
NetbltConnection::GetInitialControlTimer() const
{
    return m_control.GetInitialTimer();
}

void
NetbltConnection::SetMinimumControlTimer(Time value)
{
    m_control.SetMinimumTimer(value);
}

Time
NetbltConnection::GetMinimumControlTimer() const
{
    return m_control.GetMinimumTimer();
}

void
NetbltConnection::SetMaxControlPacketSize(uint32_t bytes)
{
    m_control.SetMaxPacketSize(bytes);
}

uint32_t
NetbltConnection::GetMaxControlPacketSize() const
{
    return m_control.GetMaxPacketSize();
}

void
NetbltConnection::SetDataTimer(uint32_t number, ReceiveBufferInfo& buffer, Time delay, bool neverLater)
{
    if (neverLater && buffer.dataTimer.IsPending() &&
        Simulator::GetDelayLeft(buffer.dataTimer) <= delay)
    {
        return;
    }
    NS_LOG_LOGIC("data timer of buffer " << number << " (state " << buffer.state << "): " << delay.As(Time::MS));
    Simulator::Remove(buffer.dataTimer);
    buffer.dataTimer =
        Simulator::Schedule(Granular(delay), &NetbltConnection::DataTimeout, this, number);
}

void
NetbltConnection::HandleData(const NetbltDataHeader& header, Ptr<Packet> packet)
{
    NetbltPacketType type = header.GetType();
    packet->RemoveAtStart(header.GetSerializedSize());
    ProcessAcknowledgement(header.GetHighConsecutiveSequence());
    if (m_state != ESTABLISHED)
    {
        return;
    }
    if (m_params.checksumData && !header.IsDataChecksumOk())
    {
        // Damaged on the way: for the loss count it never arrived.
        ++m_stats.dataChecksumErrors;
        FlushControl();
        return;
    }
    ++m_stats.dataPacketsReceived;
    uint32_t number = header.GetBufferNumber();
    uint16_t packetNumber = header.GetPacketNumber();
    uint32_t length = header.GetDataLength();
    if (number < m_nextDeliverBuffer)
    {
        ++m_stats.duplicateDataPackets;
        CheckReceiverDone();
        return;
    }
    auto it = m_receiveBuffers.find(number);
    uint32_t offset = static_cast<uint32_t>(packetNumber) * m_params.packetSize;
    if (it == m_receiveBuffers.end() || packetNumber >= it->second.received.size() ||
        length > m_params.packetSize || offset + length > m_params.bufferSize ||
        (type == NetbltPacketType::DATA && length != m_params.packetSize))
    {
        ++m_stats.protocolViolations;
        return;
    }
    ReceiveBufferInfo& buffer = it->second;
    if (buffer.state == RECEIVED || buffer.received[packetNumber])
    {
        ++m_stats.duplicateDataPackets;
        return;
    }
    m_dataTimer->PacketArrived(Simulator::Now(), m_params);
    uint64_t resendsBefore = m_stats.resendMessagesSent;
    packet->CopyData(buffer.bytes.data() + offset, length);
    buffer.received[packetNumber] = true;
    ++buffer.receivedCount;
    if (header.GetLastBuffer() && !buffer.last)
    {
        buffer.last = true;
        buffer.countKnown = false;
        // Buffers past the last one will never come: forget them.
        for (auto later = std::next(it); later != m_receiveBuffers.end();)
        {
            Simulator::Remove(later->second.dataTimer);
            later = m_receiveBuffers.erase(later);
        }
    }
    if (type == NetbltPacketType::LDATA)
    {
        buffer.expectedCount = packetNumber + 1;
        buffer.countKnown = true;
        buffer.length = offset + length;
    }
    bool complete = buffer.countKnown && buffer.receivedCount >= buffer.expectedCount &&
                    std::all_of(buffer.received.begin(),
                                buffer.received.begin() + buffer.expectedCount,
                                [](bool b) { return b; });
    if (complete)
    {
        CompleteBuffer(number, buffer);
    }
    else if (type == NetbltPacketType::LDATA && m_resendOnLdata)
    {
        RequestMissing(number, buffer);
    }
    else if (buffer.state == ACKED || buffer.state == RECEIVING)
    {
        buffer.state = RECEIVING;
        uint32_t remaining = buffer.expectedCount - buffer.receivedCount;
        bool adaptive = m_dataTimer->RecomputesAtEveryArrival();
        // Tight timer: set on the first packet (RFC 998); with the adaptive timer of RFC 1030
        // it is recomputed at every arrival from the current inter-arrival average.
        if (adaptive || !buffer.dataTimer.IsPending() || buffer.receivedCount == 1)
        {
            if (type == NetbltPacketType::LDATA)
            {
                remaining = 0; // nothing more is coming unless re-ordered
            }
            SetDataTimer(number, buffer, m_dataTimer->GetTimeout(remaining, m_params), false);
        }
    }
    TightenEarlierBuffers(number);
    // The next gap is an inter-arrival sample only if the stream goes on: some buffer still
    // expects packets and this packet triggered no RESEND.
    m_dataTimer->SetArrivalsContinue(resendsBefore == m_stats.resendMessagesSent &&
                                     std::any_of(m_receiveBuffers.begin(),
                                                 m_receiveBuffers.end(),
                                                 [](const auto& entry) {
                                                     return entry.second.state == ACKED ||
                                                            entry.second.state == RECEIVING;
                                                 }));
    FlushControl();
    CheckReceiverDone();
}

void
NetbltConnection::TightenEarlierBuffers(uint32_t number)
{
    // Packets go lowest buffer first, so a packet of buffer N means every packet of the buffers
    // before N was sent earlier: the missing ones are lost or re-ordered.
    for (auto& [other, buffer] : m_receiveBuffers)
    {
        if (other >= number)
        {
            break;
        }
        if (buffer.state != ACKED && buffer.state != RECEIVING)
        {
            continue;
        }
        if (m_immediateResendOnLaterBuffer)
        {
            RequestMissing(other, buffer);
        }
        else
        {
            SetDataTimer(other, buffer, m_dataTimer->GetTimeout(0, m_params), true);
        }
    }
}

void
NetbltConnection::DataTimeout(uint32_t number)
{
    NS_LOG_FUNCTION(this << number);
    auto it = m_receiveBuffers.find(number);
    if (it == m_receiveBuffers.end() || m_state != ESTABLISHED)
    {
        return;
    }
    ++m_stats.dataTimeouts;
    m_dataTimeoutTrace(number);
    RequestMissing(number, it->second);
    FlushControl();
}

void
NetbltConnection::RequestMissing(uint32_t number, ReceiveBufferInfo& buffer)
{
    // Room for packet numbers in one control packet beside the 12-byte header and RESEND fields.
    uint32_t room = (m_control.GetMaxPacketSize() - NetbltHeader::COMMON_SIZE - 12) / 2;
    std::vector<uint16_t> missing;
    for (uint16_t p = 0; p < buffer.expectedCount && missing.size() < room; ++p)
    {
        if (!buffer.received[p])
        {
            missing.push_back(p);
        }
    }
    if (missing.empty())
    {
        return;
    }
    Simulator::Remove(buffer.dataTimer);
    buffer.state = ACK_WAIT;
    buffer.awaitedSequence = m_control.NextSequence();
    // The next packet to arrive may be an answer to this RESEND, a round trip (or several
    // control timeouts) away: that gap says nothing about the sender's packet spacing.
    m_dataTimer->SetArrivalsContinue(false);
    ++m_stats.resendMessagesSent;
    m_stats.packetsRequested += missing.size();
    QueueControlMessage(
        NetbltControlMessage::MakeResend(buffer.awaitedSequence, number, std::move(missing)));
}

void
NetbltConnection::CompleteBuffer(uint32_t number, ReceiveBufferInfo& buffer)
{
    NS_LOG_FUNCTION(this << number);
    Simulator::Remove(buffer.dataTimer);
    buffer.state = RECEIVED;
    // Finishing a buffer (checking it, handing it over, preparing the next one) is work of its
    // own, before the OK goes and the client sees the data.
    ProcessNext(m_protocol->GetProcessingCosts().bufferCompleteByte * buffer.length,
            "netblt-buffer-complete",
            [this, number]() {
                // The control-timer value is filled in at each transmission.
                QueueControlMessage(NetbltControlMessage::MakeOk(m_control.NextSequence(),
                                                                 number,
                                                                 m_params.burstSize,
                                                                 m_params.burstIntervalMs,
                                                                 0));
                DeliverInOrder();
                // The packet that completed the buffer has been handled already: send the OK
                // (with any GO the client's new buffers allowed) now.
                FlushControl();
            });
}

void
NetbltConnection::DeliverInOrder()
{
    while (true)
    {
        auto it = m_receiveBuffers.find(m_nextDeliverBuffer);
        if (it == m_receiveBuffers.end() || it->second.state != RECEIVED)
        {
            return;
        }
        uint32_t number = it->first;
        bool last = it->second.last;
        Ptr<Packet> data = Create<Packet>(it->second.bytes.data(), it->second.length);
        m_receiveBuffers.erase(it);
        ++m_nextDeliverBuffer;
        ++m_stats.buffersDelivered;
        m_stats.bytesDelivered += data->GetSize();
        m_lastBufferDelivered = last;
        m_bufferDeliveredTrace(number);
        if (!m_bufferReceivedCallback.IsNull())
        {
            m_bufferReceivedCallback(this, number, data, last);
        }
        if (m_state != ESTABLISHED || last)
        {
            return;
        }
        IssueGos();
    }
}

void
NetbltConnection::CheckReceiverDone()
{
    if (m_role == RECEIVER && m_state == ESTABLISHED && m_lastBufferDelivered &&
        m_control.IsEmpty())
    {
        m_stats.completeTime = Simulator::Now();
        SendSimple(NetbltPacketType::DONE);
        Close(TRANSFER_COMPLETE, "every buffer delivered and acknowledged");
    }
}

} // namespace ns3
