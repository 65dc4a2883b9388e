/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-connection-base.h"

#include "netblt-control-header.h"
#include "netblt-l4-protocol.h"
#include "netblt-open-header.h"
#include "netblt-reason-header.h"

#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/simulator.h"

#include <algorithm>

namespace ns3
{

// The log component keeps the name NS_LOG users know (README, docs).
NS_LOG_COMPONENT_DEFINE("NetbltConnection");

NS_OBJECT_ENSURE_REGISTERED(NetbltConnectionBase);

TypeId
NetbltConnectionBase::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::NetbltConnectionBase").SetParent<NetbltConnection>().SetGroupName("Netblt");
    return tid;
}

NetbltConnectionBase::NetbltConnectionBase()
{
    NS_LOG_FUNCTION(this);
    auto round = [this](Time delay) { return Granular(delay); };
    m_deathTimer.SetFunctions(round, [this]() { DeathTimeout(); });
    m_keepaliveTimer.SetFunctions(round, [this]() {
        ++m_stats.keepalivesSent;
        SendSimple(NetbltPacketType::KEEPALIVE);
    });
    m_progressTimer.SetFunctions(round, [this]() { ProgressTimeout(); });
}

NetbltConnectionBase::~NetbltConnectionBase()
{
    NS_LOG_FUNCTION(this);
}

void
NetbltConnectionBase::DoDispose()
{
    NS_LOG_FUNCTION(this);
    CancelAllTimers();
    m_protocol = nullptr;
    NetbltConnection::DoDispose();
}

void
NetbltConnectionBase::CancelAllTimers()
{
    // Removed rather than cancelled: a cancelled event still advances the clock when its time
    // comes, which would make a finished simulation end at the last death-timer deadline.
    for (EventId* timer : {&m_openTimer, &m_dallyTimer, &m_quitTimer})
    {
        Simulator::Remove(*timer);
    }
    m_deathTimer.Cancel();
    m_keepaliveTimer.Cancel();
    m_progressTimer.Cancel();
    CancelTransferTimers();
}

Time
NetbltConnectionBase::GetPeerControlTimerEstimate() const
{
    return m_initialControlTimer;
}

void
NetbltConnectionBase::ReceiveSourceQuench(Ipv4Address gateway)
{
    NS_LOG_FUNCTION(this << gateway);
    if (m_state == CLOSED)
    {
        return;
    }
    ++m_stats.sourceQuenches;
    m_quenchTrace(gateway);
    DoQuench(Simulator::Now());
}

void
NetbltConnectionBase::DoQuench(Time /* now */)
{
}

void
NetbltConnectionBase::Quit(const std::string& reason)
{
    NS_LOG_FUNCTION(this << reason);
    if (m_state != ESTABLISHED)
    {
        return;
    }
    m_quitReason = reason;
    StopTransfer();
    m_keepaliveTimer.Cancel(); // QUITs go until the QUITACK comes
    SetState(QUIT_SENT);
    SendQuit();
}

void
NetbltConnectionBase::Abort(const std::string& reason)
{
    NS_LOG_FUNCTION(this << reason);
    if (m_state == CLOSED)
    {
        return;
    }
    SendReason(NetbltPacketType::ABORT, reason);
    Close(ABORTED_LOCALLY, reason);
}

bool
NetbltConnectionBase::CheckProgress(uint32_t buffer, uint32_t resends)
{
    if (resends <= m_maxResendsPerBuffer || m_state == CLOSED)
    {
        return false;
    }
    AbortNoProgress("no progress: buffer " + std::to_string(buffer) + " needed more than " +
                    std::to_string(m_maxResendsPerBuffer) + " RESENDs");
    return true;
}

void
NetbltConnectionBase::NoteProgress()
{
    Time now = Simulator::Now();
    m_stats.longestProgressGap = std::max(m_stats.longestProgressGap, now - m_lastProgress);
    m_lastProgress = now;
    m_progressTimer.Touch();
}

void
NetbltConnectionBase::ProgressTimeout()
{
    NS_LOG_FUNCTION(this);
    if (m_state != ESTABLISHED)
    {
        return;
    }
    if (!IsAwaitingProgress())
    {
        // Waiting for the client, not for the other end: no lack of progress.
        m_progressTimer.Touch();
        m_progressTimer.Arm(GetProgressTimeout());
        return;
    }
    m_stats.longestProgressGap =
        std::max(m_stats.longestProgressGap, Simulator::Now() - m_lastProgress);
    AbortNoProgress("no progress: no buffer completed in " +
                    std::to_string(GetProgressTimeout().GetSeconds()) + " s");
}

Time
NetbltConnectionBase::GetProgressTimeout() const
{
    return Seconds(m_progressTimeoutFactor * m_params.deathTimeoutS);
}

void
NetbltConnectionBase::AbortNoProgress(const std::string& reason)
{
    NS_LOG_FUNCTION(this << reason);
    SendReason(NetbltPacketType::ABORT, reason);
    Close(NO_PROGRESS, reason);
}

// ---------------------------------------------------------------------------------------------
// Connection set-up (RFC 998 §5.1)

void
NetbltConnectionBase::ConnectActive(Ptr<NetbltL4Protocol> protocol,
                                    Ipv4Address local,
                                    uint16_t localPort,
                                    Ipv4Address peer,
                                    uint16_t peerPort,
                                    const NetbltTransferParameters& proposal,
                                    uint32_t connectionId)
{
    NS_LOG_FUNCTION(this << local << localPort << peer << peerPort << proposal);
    Bind(protocol, local, localPort, peer, peerPort);
    m_active = true;
    m_params = proposal;
    m_params.paddedControl = m_controlPacketSize > 0;
    m_connectionId = connectionId;
    DoStart();
    SetState(OPEN_SENT);
    SendOpen();
}

void
NetbltConnectionBase::AcceptPassive(Ptr<NetbltL4Protocol> protocol,
                                    Ipv4Address local,
                                    uint16_t localPort,
                                    Ipv4Address peer,
                                    uint16_t peerPort,
                                    const NetbltOpenHeader& open,
                                    const NetbltTransferParameters& negotiated)
{
    NS_LOG_FUNCTION(this << local << localPort << peer << peerPort << negotiated);
    // M = WRITE: the active end writes, so this end receives.
    NS_ASSERT_MSG(open.GetWriteMode() == (GetRole() == RECEIVER),
                  "the protocol created the wrong role for this OPEN");
    Bind(protocol, local, localPort, peer, peerPort);
    m_active = false;
    m_params = negotiated;
    // Padding goes ahead if the OPEN carried P (the RESPONSE echoes it); a RESPONSE also says
    // that this end could pad, for a peer that reads it.
    m_controlPadding = negotiated.paddedControl;
    m_params.paddedControl = negotiated.paddedControl || m_controlPacketSize > 0;
    m_connectionId = open.GetConnectionId();
    m_peerDeathTimeoutS = open.GetDeathTimerValue();
    DoStart();
    SendResponse(open.GetWriteMode());
    Establish();
}

void
NetbltConnectionBase::Bind(Ptr<NetbltL4Protocol> protocol,
                           Ipv4Address local,
                           uint16_t localPort,
                           Ipv4Address peer,
                           uint16_t peerPort)
{
    m_protocol = protocol;
    m_version = protocol->GetVersion();
    m_controlPacketSize = protocol->GetControlPacketSize();
    m_localAddress = local;
    m_localPort = localPort;
    m_peerAddress = peer;
    m_peerPort = peerPort;
    m_stats.openTime = Simulator::Now();
}

void
NetbltConnectionBase::SendResponse(bool writeMode)
{
    NetbltOpenHeader response(NetbltPacketType::RESPONSE);
    m_params.WriteTo(response);
    response.SetConnectionId(m_connectionId);
    response.SetWriteMode(writeMode);
    SendPacket(Create<Packet>(), response);
}

void
NetbltConnectionBase::SendOpen()
{
    NS_LOG_FUNCTION(this << m_opensSent);
    NetbltOpenHeader open(NetbltPacketType::OPEN);
    m_params.WriteTo(open);
    open.SetConnectionId(m_connectionId);
    open.SetWriteMode(GetRole() == SENDER);
    ++m_opensSent;
    SendPacket(Create<Packet>(), open);
    m_openTimer = Simulator::Schedule(Granular(m_openRetryInterval),
                                      &NetbltConnectionBase::OpenTimeout,
                                      this);
}

void
NetbltConnectionBase::OpenTimeout()
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
NetbltConnectionBase::HandleOpen(const NetbltOpenHeader& open)
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
        SendResponse(GetRole() == RECEIVER);
    }
}

void
NetbltConnectionBase::HandleResponse(const NetbltOpenHeader& response)
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
    if (problem.empty() && response.GetWriteMode() != (GetRole() == SENDER))
    {
        problem = "RESPONSE transfer mode differs from the OPEN's";
    }
    if (!problem.empty())
    {
        Abort(problem);
        return;
    }
    m_peerDeathTimeoutS = answer.deathTimeoutS;
    m_controlPadding = m_params.paddedControl && answer.paddedControl;
    answer.deathTimeoutS = m_params.deathTimeoutS;
    answer.clientString = m_params.clientString;
    m_params = answer;
    Establish();
}

void
NetbltConnectionBase::HandleRefused(const NetbltReasonHeader& refused)
{
    NS_LOG_FUNCTION(this << refused.GetReason());
    if (m_state == OPEN_SENT)
    {
        Close(REFUSED, refused.GetReason());
    }
}

void
NetbltConnectionBase::Establish()
{
    NS_LOG_FUNCTION(this << m_params);
    m_stats.establishedTime = Simulator::Now();
    SetState(ESTABLISHED);
    PacketHeard();
    PacketSent();
    NoteParametersInForce();
    m_lastProgress = Simulator::Now();
    m_progressTimer.Touch();
    m_progressTimer.Arm(GetProgressTimeout());
    if (!m_establishedCallback.IsNull())
    {
        m_establishedCallback(this);
    }
    if (m_state != ESTABLISHED)
    {
        return; // the client closed it
    }
    DoEstablished();
}

void
NetbltConnectionBase::SetState(State state)
{
    if (state != m_state)
    {
        NS_LOG_INFO(StateName(m_state) << " -> " << StateName(state));
        m_state = state;
        if (state != ESTABLISHED)
        {
            // Its event would otherwise hold the clock past the end of the transfer.
            m_progressTimer.Cancel();
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Closing (RFC 998 §5.3)

void
NetbltConnectionBase::Close(CloseReason reason, const std::string& text)
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
NetbltConnectionBase::GetDallyTime() const
{
    return std::max(GetPeerControlTimerEstimate() * m_dallyFactor, Granular(TimeStep(1)));
}

void
NetbltConnectionBase::StartDally(Time duration)
{
    NS_LOG_FUNCTION(this << duration);
    StopTransfer();
    m_keepaliveTimer.Cancel();
    SetState(DALLYING);
    m_dallyDuration = duration;
    m_dallyStart = duration;
    m_dallyTimer =
        Simulator::Schedule(Granular(duration), &NetbltConnectionBase::DallyExpired, this);
}

void
NetbltConnectionBase::ExtendDally()
{
    Simulator::Remove(m_dallyTimer);
    // The receiver's control timer, which paces its retransmissions, backs off at most
    // MAX_DALLY_BACKOFF-fold; a longer dally answers nothing more. (Doubling without a bound,
    // a run of CONTROL packets overflowed the time and failed an assertion: soak fuzz seed 8.)
    m_dallyDuration = std::min(m_dallyDuration * 2, m_dallyStart * MAX_DALLY_BACKOFF);
    m_dallyTimer =
        Simulator::Schedule(Granular(m_dallyDuration), &NetbltConnectionBase::DallyExpired, this);
}

void
NetbltConnectionBase::DallyExpired()
{
    NS_LOG_FUNCTION(this);
    // A sender dallies after its transfer; the receiver of a QUIT dallies after notifying its
    // client, which it did at once.
    if (m_quitReason.empty() && IsTransferComplete())
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
NetbltConnectionBase::SendQuit()
{
    NS_LOG_FUNCTION(this);
    SendReason(NetbltPacketType::QUIT, m_quitReason);
    m_quitTimer = Simulator::Schedule(Granular(GetQuitRetryInterval()),
                                      &NetbltConnectionBase::SendQuit,
                                      this);
}

void
NetbltConnectionBase::HandleQuit(const NetbltReasonHeader& quit)
{
    // Notify the client at once, acknowledge, and dally to answer retransmitted QUITs.
    bool first = m_state != DALLYING;
    SendSimple(NetbltPacketType::QUITACK);
    if (first)
    {
        m_quitReason = quit.GetReason();
        StopTransfer();
        if (!m_closeCallback.IsNull())
        {
            m_closeCallback(this, QUIT_BY_PEER, m_quitReason);
        }
        StartDally(GetDallyTime());
    }
}

// ---------------------------------------------------------------------------------------------
// Death timer and KEEPALIVE (RFC 998 §5.2.3)

void
NetbltConnectionBase::PacketHeard()
{
    m_deathTimer.Touch();
    if (!m_deathTimer.IsRunning()) // the duration is worked out only when it is needed
    {
        m_deathTimer.Arm(Seconds(m_params.deathTimeoutS));
    }
}

void
NetbltConnectionBase::DeathTimeout()
{
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
    Close(DEATH_TIMEOUT, "nothing heard for " + std::to_string(m_params.deathTimeoutS) + " s");
}

void
NetbltConnectionBase::PacketSent()
{
    m_keepaliveTimer.Touch();
    if (m_state == ESTABLISHED && m_peerDeathTimeoutS > 0 && !m_keepaliveTimer.IsRunning())
    {
        m_keepaliveTimer.Arm(Seconds(m_peerDeathTimeoutS) /
                             static_cast<int64_t>(m_keepaliveDivisor));
    }
}

// ---------------------------------------------------------------------------------------------
// Packet output

void
NetbltConnectionBase::SendPacket(Ptr<Packet> packet, NetbltHeader& header)
{
    header.SetVersion(m_version);
    header.SetLocalPort(m_localPort);
    header.SetForeignPort(m_peerPort);
    packet->AddHeader(header);
    NS_LOG_LOGIC("send " << header);
    m_txTrace(packet, header.GetType());
    m_protocol->Send(packet, m_localAddress, m_peerAddress);
    PacketSent();
}

void
NetbltConnectionBase::SendSimple(NetbltPacketType type)
{
    NetbltHeader header(type);
    SendPacket(Create<Packet>(), header);
}

void
NetbltConnectionBase::SendControlPacket(NetbltControlHeader& control)
{
    uint32_t size = control.GetSerializedSize();
    uint32_t padding =
        m_controlPadding && m_controlPacketSize > size ? m_controlPacketSize - size : 0;
    SendPacket(Create<Packet>(padding), control);
}

void
NetbltConnectionBase::SendReason(NetbltPacketType type, const std::string& reason)
{
    NetbltReasonHeader header(type);
    header.SetReason(reason);
    SendPacket(Create<Packet>(), header);
}

Time
NetbltConnectionBase::Granular(Time delay) const
{
    return m_protocol ? m_protocol->RoundToTick(delay) : delay;
}

void
NetbltConnectionBase::QueueJob(Time cost,
                               const std::string& activity,
                               Callback<void> job,
                               bool continuation)
{
    if (continuation)
    {
        m_protocol->Continue(cost, activity, std::move(job));
    }
    else
    {
        m_protocol->Execute(cost, activity, std::move(job));
    }
}

// ---------------------------------------------------------------------------------------------
// Input

void
NetbltConnectionBase::SetArrivalTime(Time arrival)
{
    m_arrivalTime = arrival;
}

Time
NetbltConnectionBase::GetArrivalTime() const
{
    return m_arrivalTime;
}

void
NetbltConnectionBase::Receive(const NetbltHeader& received, Ptr<Packet> packet)
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
        PacketHeard();
    }
    switch (type)
    {
    case NetbltPacketType::OPEN:
        HandleOpen(static_cast<const NetbltOpenHeader&>(received));
        return;
    case NetbltPacketType::RESPONSE:
        HandleResponse(static_cast<const NetbltOpenHeader&>(received));
        return;
    case NetbltPacketType::REFUSED:
        HandleRefused(static_cast<const NetbltReasonHeader&>(received));
        return;
    case NetbltPacketType::ABORT:
        Close(ABORTED_BY_PEER, static_cast<const NetbltReasonHeader&>(received).GetReason());
        return;
    case NetbltPacketType::QUIT:
        if (m_state != OPEN_SENT)
        {
            HandleQuit(static_cast<const NetbltReasonHeader&>(received));
        }
        return;
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
    default:
        DoReceive(received, packet);
        break;
    }
}

} // namespace ns3
