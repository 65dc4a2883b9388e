/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "bsd-tcp-socket.h"

#include "ns3/enum.h"
#include "ns3/ipv4-end-point.h"
#include "ns3/log.h"
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
                            "ns3::TracedValueCallback::Uint32");
    return tid;
}

BsdTcpSocket::BsdTcpSocket() = default;

BsdTcpSocket::BsdTcpSocket(const BsdTcpSocket& socket)
    : TcpSocketBaseOf(socket),
      m_quenchResponse(socket.m_quenchResponse)
{
}

BsdTcpSocket::~BsdTcpSocket() = default;

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

void
BsdTcpSocket::CompleteFork(Ptr<Packet> p,
                           const TcpHeader& tcpHeader,
                           const Address& fromAddress,
                           const Address& toAddress)
{
    TcpSocketBase::CompleteFork(p, tcpHeader, fromAddress, toAddress);
    TakeIcmp();
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
    // Counted as TcpSocketBase acts on it: not in the states where it ignores the timer or
    // resends a SYN, and with data sent and not yet acknowledged.
    const bool dataOutstanding =
        m_txBuffer->Size() > 0 && m_txBuffer->HeadSequence() < m_tcb->m_highTxMark.Get();
    if (m_state != CLOSED && m_state != TIME_WAIT && m_state != SYN_SENT && dataOutstanding)
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

} // namespace ns3
