/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tcp-tahoe-recovery.h"

#include "ns3/log.h"
#include "ns3/tcp-socket-state.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TcpTahoeRecovery");

NS_OBJECT_ENSURE_REGISTERED(TcpTahoeRecovery);

TypeId
TcpTahoeRecovery::GetTypeId()
{
    static TypeId tid = TypeId("ns3::TcpTahoeRecovery")
                            .SetParent<TcpRecoveryOps>()
                            .SetGroupName("BsdTcp")
                            .AddConstructor<TcpTahoeRecovery>();
    return tid;
}

TcpTahoeRecovery::TcpTahoeRecovery() = default;

TcpTahoeRecovery::TcpTahoeRecovery(const TcpTahoeRecovery& other) = default;

TcpTahoeRecovery::~TcpTahoeRecovery() = default;

std::string
TcpTahoeRecovery::GetName() const
{
    return "TcpTahoeRecovery";
}

void
TcpTahoeRecovery::EnterRecovery(Ptr<TcpSocketState> tcb,
                                uint32_t dupAckCount,
                                uint32_t /* unAckDataCount */,
                                uint32_t /* deliveredBytes */)
{
    NS_LOG_FUNCTION(this << tcb << dupAckCount);
    m_window = tcb->m_segmentSize;
    tcb->m_cWnd = m_window;
    tcb->m_cWndInfl = m_window;
}

void
TcpTahoeRecovery::DoRecovery(Ptr<TcpSocketState> tcb, uint32_t /* deliveredBytes */, bool isDupAck)
{
    if (isDupAck)
    {
        return;
    }
    // An ACK of new data: the window grows as on any ACK (tcp_input's per-ACK increase).
    const uint32_t segment = tcb->m_segmentSize;
    if (m_window < tcb->m_ssThresh)
    {
        m_window += segment;
    }
    else
    {
        m_window += std::max<uint32_t>(1, segment * segment / m_window);
    }
    tcb->m_cWnd = m_window;
    tcb->m_cWndInfl = m_window;
}

void
TcpTahoeRecovery::ExitRecovery(Ptr<TcpSocketState> tcb)
{
    NS_LOG_FUNCTION(this << tcb);
    tcb->m_cWnd = m_window;
    tcb->m_cWndInfl = m_window;
}

Ptr<TcpRecoveryOps>
TcpTahoeRecovery::Fork()
{
    return CopyObject<TcpTahoeRecovery>(this);
}

} // namespace ns3
