/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tcp-steady-state-meter.h"

#include "ns3/callback.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/tcp-header.h"
#include "ns3/tcp-socket-base.h"

namespace ns3
{

void
TcpSteadyStateMeter::Attach(Ptr<TcpSocketBase> socket, uint64_t transferSize)
{
    m_transferSize = transferSize;
    socket->TraceConnectWithoutContext("Tx", MakeCallback(&TcpSteadyStateMeter::SegmentSent, this));
}

void
TcpSteadyStateMeter::SegmentSent(Ptr<const Packet> payload,
                                 const TcpHeader& header,
                                 Ptr<const TcpSocketBase> /* socket */)
{
    const uint32_t length = payload->GetSize();
    if (length == 0)
    {
        return;
    }
    ++m_dataSegmentsSent;
    const SequenceNumber32 sequence = header.GetSequenceNumber();
    const Time now = Simulator::Now();
    if (!m_started)
    {
        // The first data segment sent carries the first byte: TCP sends in order.
        m_started = true;
        m_first = sequence;
        m_highest = sequence;
        m_firstDataTime = now;
    }
    if (sequence < m_highest)
    {
        ++m_retransmitted;
        return;
    }
    m_highest = sequence + length;
    const auto offset = static_cast<uint64_t>(sequence - m_first);
    if (offset + length >= m_transferSize)
    {
        m_lastNewDataTime = now;
        m_bytesBeforeLast = offset;
    }
}

double
TcpSteadyStateMeter::GetThroughput() const
{
    if (m_bytesBeforeLast > 0 && m_lastNewDataTime > m_firstDataTime)
    {
        return 8.0 * m_bytesBeforeLast / (m_lastNewDataTime - m_firstDataTime).GetSeconds();
    }
    return 0.0;
}

uint64_t
TcpSteadyStateMeter::GetDataSegmentsSent() const
{
    return m_dataSegmentsSent;
}

uint64_t
TcpSteadyStateMeter::GetRetransmitted() const
{
    return m_retransmitted;
}

} // namespace ns3
