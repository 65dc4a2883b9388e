/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "bsd-tcp-socket.h"

#include "ns3/enum.h"
#include "ns3/ipv4-end-point.h"
#include "ns3/log.h"
#include "ns3/rtt-estimator.h"
#include "ns3/simulator.h"
#include "ns3/tcp-header.h"
#include "ns3/tcp-tx-buffer.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("BsdTcpSocket");

NS_OBJECT_ENSURE_REGISTERED(BsdTcpSocket);

TypeId
BsdTcpSocket::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::BsdTcpSocket")
            .SetParent<TcpSocketBase>()
            .SetGroupName("BsdTcp")
            .AddConstructor<BsdTcpSocket>()
            .AddTraceSource("RetransmissionTimeout",
                            "The retransmission timer expired with data "
                            "outstanding (before the socket acts on it).",
                            MakeTraceSourceAccessor(&BsdTcpSocket::m_timeoutTrace),
                            "ns3::TracedCallback::Void")
            .AddAttribute(
                "SourceQuench",
                "What an ICMP Source Quench about the connection's segments does to the "
                "congestion window: OneSegment (4.3BSD-Tahoe's tcp_quench, tcp_subr.c 7.6 of "
                "June 1987: one maximum segment, slow start opens it again), "
                "OutstandingFraction (4.3BSD of 1986, tcp_subr.c 6.4-7.5: 80 % of the data "
                "outstanding, at least one segment) or Ignore. No quench arrives unless "
                "something reports them (source-quench's SourceQuenchDispatcher).",
                EnumValue(QUENCH_ONE_SEGMENT),
                MakeEnumAccessor<QuenchResponse>(&BsdTcpSocket::m_quenchResponse),
                MakeEnumChecker(QUENCH_ONE_SEGMENT,
                                "OneSegment",
                                QUENCH_OUTSTANDING_FRACTION,
                                "OutstandingFraction",
                                QUENCH_IGNORE,
                                "Ignore"))
            .AddTraceSource("SourceQuench",
                            "An ICMP Source Quench about the connection's segments arrived: "
                            "the congestion window it left, bytes.",
                            MakeTraceSourceAccessor(&BsdTcpSocket::m_quenchTrace),
                            "ns3::TracedValueCallback::Uint32")
            .AddAttribute("EstablishmentTimeout",
                          "How long after its SYN went out (SYN_SENT) or came in (SYN_RCVD) a "
                          "connection not yet ESTABLISHED is dropped (4.3BSD-Tahoe's "
                          "TCPTV_KEEP_INIT, tcp_timer.h 7.6: 75 s).",
                          TimeValue(Seconds(75)),
                          MakeTimeAccessor(&BsdTcpSocket::m_establishmentTimeout),
                          MakeTimeChecker(MilliSeconds(1)))
            .AddAttribute("MaxRto",
                          "Largest retransmission timeout (4.3BSD-Tahoe's TCPTV_REXMTMAX, "
                          "tcp_timer.h 7.6: 64 s). ns-3 caps a doubled timeout at 60 s itself.",
                          TimeValue(Seconds(64)),
                          MakeTimeAccessor(&BsdTcpSocket::m_maxRto),
                          MakeTimeChecker(MilliSeconds(1)));
    return tid;
}

BsdTcpSocket::BsdTcpSocket() = default;

BsdTcpSocket::BsdTcpSocket(const BsdTcpSocket& socket)
    : TcpSocketBaseOf(socket),
      m_quenchResponse(socket.m_quenchResponse),
      m_establishmentTimeout(socket.m_establishmentTimeout),
      m_maxRto(socket.m_maxRto)
{
}

BsdTcpSocket::~BsdTcpSocket()
{
    // The timer's event holds a plain pointer to this socket.
    m_establishmentEvent.Cancel();
}

void
BsdTcpSocket::DoDispose()
{
    m_establishmentEvent.Cancel();
    TcpSocketBase::DoDispose();
}

uint32_t
BsdTcpSocket::GetRetransmissionTimeouts() const
{
    return m_retransmissionTimeouts;
}

TcpSocket::TcpStates_t
BsdTcpSocket::GetState() const
{
    return m_state;
}

uint32_t
BsdTcpSocket::GetSourceQuenches() const
{
    return m_sourceQuenches;
}

uint32_t
BsdTcpSocket::GetCongestionWindow() const
{
    return m_tcb->m_cWnd;
}

int
BsdTcpSocket::Bind()
{
    const int result = TcpSocketBase::Bind();
    TakeIcmp();
    return result;
}

int
BsdTcpSocket::Bind(const Address& address)
{
    const int result = TcpSocketBase::Bind(address);
    TakeIcmp();
    return result;
}

int
BsdTcpSocket::Connect(const Address& address)
{
    const int result = TcpSocketBase::Connect(address);
    if (result == 0 && m_state == SYN_SENT)
    {
        // 4.3BSD's PRU_CONNECT sets TCPT_KEEP to TCPTV_KEEP_INIT as the SYN goes out.
        StartEstablishmentTimer();
    }
    return result;
}

void
BsdTcpSocket::CompleteFork(Ptr<Packet> p,
                           const TcpHeader& tcpHeader,
                           const Address& fromAddress,
                           const Address& toAddress)
{
    TcpSocketBase::CompleteFork(p, tcpHeader, fromAddress, toAddress);
    TakeIcmp();
    // 4.3BSD's tcp_input sets TCPT_KEEP to TCPTV_KEEP_INIT when a SYN reaches a listening socket.
    StartEstablishmentTimer();
}

void
BsdTcpSocket::DoForwardUp(Ptr<Packet> packet, const Address& fromAddress, const Address& toAddress)
{
    TcpSocketBase::DoForwardUp(packet, fromAddress, toAddress);
    if (m_establishmentEvent.IsPending() && m_state != SYN_SENT && m_state != SYN_RCVD)
    {
        // Established (or closed): the timer has nothing left to do. Removed, not cancelled,
        // so that a connection that opens as usual runs exactly the events it ran without it
        // (a cancelled event is still counted when its time comes).
        Simulator::Remove(m_establishmentEvent);
    }
}

void
BsdTcpSocket::StartEstablishmentTimer()
{
    Simulator::Remove(m_establishmentEvent);
    m_establishmentEvent =
        Simulator::Schedule(m_establishmentTimeout, &BsdTcpSocket::EstablishmentTimeout, this);
}

void
BsdTcpSocket::EstablishmentTimeout()
{
    if (m_state == SYN_SENT || m_state == SYN_RCVD)
    {
        NS_LOG_INFO("not established " << m_establishmentTimeout.As(Time::S) << " after the "
                                       << (m_state == SYN_SENT ? "SYN" : "peer's SYN")
                                       << ": dropping the connection");
        Drop();
    }
}

void
BsdTcpSocket::Drop()
{
    const TcpStates_t state = m_state;
    Simulator::Remove(m_establishmentEvent);
    if (state == SYN_SENT)
    {
        // Nothing came from the peer: no RST (tcp_drop's TCPS_HAVERCVDSYN), and the
        // application hears what ns-3 tells it when its last SYN goes unanswered.
        m_rtt->Reset();
        NotifyConnectionFailed();
    }
    else
    {
        // tcp_drop() sets TCPS_CLOSED and calls tcp_output, which sends RST in that state.
        TcpSocketBase::SendEmptyPacket(TcpHeader::RST);
        NotifyErrorClose();
    }
    NS_LOG_DEBUG(TcpStateName[state] << " -> CLOSED (dropped)");
    m_state = CLOSED;
    DeallocateEndPoint();
}

void
BsdTcpSocket::TakeIcmp()
{
    // TcpSocketBase::SetupCallback() binds its non-virtual ForwardIcmp; every path that sets
    // up the endpoint (Bind, Connect through Bind, CompleteFork) ends here after it.
    if (m_endPoint)
    {
        m_endPoint->SetIcmpCallback(
            MakeCallback(&BsdTcpSocket::ReceiveIcmp, Ptr<BsdTcpSocket>(this)));
    }
}

void
BsdTcpSocket::ReceiveIcmp(Ipv4Address icmpSource,
                          uint8_t icmpTtl,
                          uint8_t icmpType,
                          uint8_t icmpCode,
                          uint32_t icmpInfo)
{
    const uint8_t SOURCE_QUENCH = 4; // RFC 792
    if (icmpType == SOURCE_QUENCH)
    {
        ++m_sourceQuenches;
        const uint32_t segment = m_tcb->m_segmentSize;
        uint32_t window = m_tcb->m_cWnd;
        if (m_quenchResponse == QUENCH_ONE_SEGMENT)
        {
            window = segment;
        }
        else if (m_quenchResponse == QUENCH_OUTSTANDING_FRACTION)
        {
            // 4.3BSD: MAX(8 * (snd_nxt - snd_una) / 10, t_maxseg).
            const uint32_t outstanding = m_tcb->m_nextTxSequence.Get() - m_txBuffer->HeadSequence();
            window = std::max(8 * outstanding / 10, segment);
        }
        NS_LOG_LOGIC("source quench from " << icmpSource << ": window " << m_tcb->m_cWnd << " -> "
                                           << window);
        m_tcb->m_cWnd = window;
        m_tcb->m_cWndInfl = window;
        m_quenchTrace(window);
    }
    ForwardIcmp(icmpSource, icmpTtl, icmpType, icmpCode, icmpInfo);
}

Ptr<TcpSocketBase>
BsdTcpSocket::Fork()
{
    return CopyObject<BsdTcpSocket>(this);
}

void
BsdTcpSocket::ReTxTimeout()
{
    const bool retransmitting = m_state != CLOSED && m_state != TIME_WAIT && m_state != SYN_SENT;
    if (retransmitting && m_txBuffer->Size() > 0 && m_dataRetrCount == 0)
    {
        // 4.3BSD's tcp_timers: the expiry after TCP_MAXRXTSHIFT retransmissions drops the
        // connection. TcpSocketBase counts them in m_dataRetrCount but, when none is left, only
        // stops the connection's timers and leaves its state (ESTABLISHED): a flow without end.
        // (A lone FIN's timer is RetransmitFin's.)
        NS_LOG_INFO("no retransmission left: dropping the connection");
        Drop();
        return;
    }
    // Counted as TcpSocketBase acts on it: not in the states where it ignores the timer or
    // resends a SYN, and with data sent and not yet acknowledged.
    const bool dataOutstanding =
        m_txBuffer->Size() > 0 && m_txBuffer->HeadSequence() < m_tcb->m_highTxMark.Get();
    if (retransmitting && dataOutstanding)
    {
        ++m_retransmissionTimeouts;
        m_timeoutTrace();
    }
    // ns-3 puts the segment a timeout sends again through Nagle's algorithm: a short last
    // segment then waits for an ACK that cannot come, with no timer left running, and the
    // connection hangs. BSD's tcp_output sends what lies below snd_max without that test.
    const bool noDelay = m_noDelay;
    m_noDelay = true;
    TcpSocketBase::ReTxTimeout();
    m_noDelay = noDelay;
}

void
BsdTcpSocket::LastAckTimeout()
{
    if (m_state == LAST_ACK && m_finGiveUp.IsZero())
    {
        // The first expiry, a timeout (TcpSocketBase's) after the FIN went out.
        const Time timeout =
            m_rtt->GetEstimate() + Max(m_clockGranularity, m_rtt->GetVariation() * 4);
        m_finGiveUp = Simulator::Now() - timeout + BackedOffRetransmissions(timeout);
    }
    if (m_state == LAST_ACK && Simulator::Now() >= m_finGiveUp)
    {
        NS_LOG_INFO("FIN unacknowledged for as long as 4.3BSD's retransmissions: dropping");
        m_lastAckEvent.Cancel();
        Drop();
        return;
    }
    // TcpSocketBase resends the FIN every round-trip timeout and gave up after 12 of them, 45 s
    // on the Wideband path: less than an earth station's overload takes, and the peer, its
    // FIN acknowledged, waited in FIN_WAIT_2 for ever. The FIN now lasts as long as BSD's
    // backed-off one (m_finGiveUp); the resends, as often as TcpSocketBase's, are counted no
    // more (DataRetries counts in ReTxTimeout's place).
    m_dataRetrCount = m_dataRetries;
    TcpSocketBase::LastAckTimeout();
}

Time
BsdTcpSocket::BackedOffRetransmissions(Time timeout) const
{
    // tcp_backoff[] doubles the timeout up to TCPTV_REXMTMAX; the expiry after the last of
    // TCP_MAXRXTSHIFT retransmissions drops the connection: 13 timeouts in all.
    Time total(0);
    for (uint32_t i = 0; i <= m_dataRetries; ++i)
    {
        total += std::min(timeout, m_maxRto);
        timeout = std::min(timeout + timeout, m_maxRto);
    }
    return total;
}

void
BsdTcpSocket::SendEmptyPacket(uint8_t flags)
{
    const bool wasRunning = m_retxEvent.IsPending();
    TcpSocketBase::SendEmptyPacket(flags);
    // TcpSocketBase starts the timer that resends a SYN or a FIN here (the flags it schedules
    // have ACK added to a FIN).
    BoundRetransmitTimer(wasRunning, (flags & TcpHeader::FIN) ? flags | TcpHeader::ACK : flags);
}

uint32_t
BsdTcpSocket::SendDataPacket(SequenceNumber32 seq, uint32_t maxSize, bool withAck)
{
    const bool wasRunning = m_retxEvent.IsPending();
    const uint32_t sent = TcpSocketBase::SendDataPacket(seq, maxSize, withAck);
    BoundRetransmitTimer(wasRunning, 0);
    return sent;
}

void
BsdTcpSocket::NewAck(const SequenceNumber32& seq, bool resetRTO)
{
    const EventId before = m_retxEvent;
    TcpSocketBase::NewAck(seq, resetRTO);
    // TcpSocketBase restarts the timer with a timeout from the estimator.
    BoundRetransmitTimer(m_retxEvent.GetUid() == before.GetUid(), 0);
}

void
BsdTcpSocket::BoundRetransmitTimer(bool wasRunning, uint8_t flags)
{
    if (m_rto.Get() > m_maxRto)
    {
        // 4.3BSD range-limits every timeout (TCPT_RANGESET): a handshake that took a minute
        // gives TcpSocketBase a first estimate of minutes, and 12 retransmissions after it
        // would outlast a BSD connection's limit many times over.
        m_rto = m_maxRto;
    }
    if (wasRunning || !m_retxEvent.IsPending())
    {
        return;
    }
    const Time delay = std::min(Simulator::GetDelayLeft(m_retxEvent), m_maxRto);
    const bool loneFin = (flags & TcpHeader::FIN) && !(flags & TcpHeader::SYN);
    if (!loneFin && delay == Simulator::GetDelayLeft(m_retxEvent))
    {
        return;
    }
    // The timer is started again, at the same time or earlier, with a handler that counts a
    // lone FIN's retransmissions. Removed first, so that the run's events are the ones it
    // had: one timer event, due when TcpSocketBase's would have been.
    Simulator::Remove(m_retxEvent);
    if (loneFin)
    {
        if (m_finGiveUp.IsZero() && (m_state == FIN_WAIT_1 || m_state == CLOSING))
        {
            m_finGiveUp = Simulator::Now() + BackedOffRetransmissions(delay);
        }
        m_retxEvent = Simulator::Schedule(delay, &BsdTcpSocket::RetransmitFin, this, flags);
    }
    else if (flags != 0)
    {
        m_retxEvent = Simulator::Schedule(delay, &BsdTcpSocket::SendEmptyPacket, this, flags);
    }
    else
    {
        m_retxEvent = Simulator::Schedule(delay, &BsdTcpSocket::ReTxTimeout, this);
    }
}

void
BsdTcpSocket::RetransmitFin(uint8_t flags)
{
    // TcpSocketBase resends a lone FIN every round-trip timeout, without limit; it now lasts
    // as long as BSD's backed-off FIN would have (m_finGiveUp), resent as often as before.
    // (In LAST_ACK LastAckTimeout gives up.)
    if ((m_state == FIN_WAIT_1 || m_state == CLOSING) && !m_finGiveUp.IsZero() &&
        Simulator::Now() >= m_finGiveUp)
    {
        NS_LOG_INFO("FIN unacknowledged for as long as 4.3BSD's retransmissions: dropping");
        Drop();
        return;
    }
    SendEmptyPacket(flags);
}

} // namespace ns3
