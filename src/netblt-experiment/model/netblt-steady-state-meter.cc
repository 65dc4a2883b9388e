/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-steady-state-meter.h"

#include "ns3/callback.h"
#include "ns3/simulator.h"

namespace ns3
{

void
NetbltSteadyStateMeter::Attach(Ptr<NetbltSender> sender)
{
    m_sender = sender;
    sender->TraceConnectWithoutContext("DataSent",
                                       MakeCallback(&NetbltSteadyStateMeter::DataSent, this));
}

void
NetbltSteadyStateMeter::DataSent(const NetbltTxBuffer::Transmission& sent)
{
    const uint32_t buffer = sent.buffer;
    const uint16_t packet = sent.packet;
    const bool retransmission = sent.retransmission;
    const bool lastBuffer = sent.lastBuffer;
    const bool lastPacket = sent.lastPacket;
    Time now = Simulator::Now();
    if (!m_started)
    {
        m_started = true;
        m_firstDataTime = now;
    }
    if (retransmission)
    {
        return;
    }
    // Every buffer before the last is full, and every packet before a buffer's last one.
    const NetbltTransferParameters& negotiated = m_sender->GetParameters();
    uint64_t bytesBeforeBuffer = static_cast<uint64_t>(buffer - 1) * negotiated.bufferSize;
    if (lastBuffer && packet == 0)
    {
        m_lastBufferStartTime = now;
        m_bytesBeforeLastBuffer = bytesBeforeBuffer;
    }
    // First transmissions go lowest packet first, so this is the last new one.
    if (lastBuffer && lastPacket)
    {
        m_lastNewDataTime = now;
        m_bytesBeforeLastNewData =
            bytesBeforeBuffer + static_cast<uint64_t>(packet) * negotiated.packetSize;
    }
}

double
NetbltSteadyStateMeter::GetThroughput() const
{
    if (m_bytesBeforeLastBuffer > 0 && m_lastBufferStartTime > m_firstDataTime)
    {
        return 8.0 * m_bytesBeforeLastBuffer /
               (m_lastBufferStartTime - m_firstDataTime).GetSeconds();
    }
    if (m_bytesBeforeLastNewData > 0 && m_lastNewDataTime > m_firstDataTime)
    {
        return 8.0 * m_bytesBeforeLastNewData / (m_lastNewDataTime - m_firstDataTime).GetSeconds();
    }
    return 0.0;
}

} // namespace ns3
