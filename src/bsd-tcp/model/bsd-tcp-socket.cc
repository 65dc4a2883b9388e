/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "bsd-tcp-socket.h"

#include "ns3/log.h"
#include "ns3/tcp-tx-buffer.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("BsdTcpSocket");

NS_OBJECT_ENSURE_REGISTERED(BsdTcpSocket);

TypeId
BsdTcpSocket::GetTypeId()
{
    static TypeId tid = TypeId("ns3::BsdTcpSocket")
                            .SetParent<TcpSocketBase>()
                            .SetGroupName("BsdTcp")
                            .AddConstructor<BsdTcpSocket>()
                            .AddTraceSource("RetransmissionTimeout",
                                            "The retransmission timer expired with data "
                                            "outstanding (before the socket acts on it).",
                                            MakeTraceSourceAccessor(&BsdTcpSocket::m_timeoutTrace),
                                            "ns3::TracedCallback::Void");
    return tid;
}

BsdTcpSocket::BsdTcpSocket() = default;

BsdTcpSocket::BsdTcpSocket(const BsdTcpSocket& socket)
    : TcpSocketBase(socket)
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
