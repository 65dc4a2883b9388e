/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-time-sequence.h"

#include "ns3/callback.h"
#include "ns3/simulator.h"

namespace ns3
{

void
NetbltTimeSequence::AttachSender(Ptr<NetbltSender> sender)
{
    m_sender = sender;
    sender->TraceConnectWithoutContext("DataSent",
                                       MakeCallback(&NetbltTimeSequence::DataSent, this));
}

void
NetbltTimeSequence::AttachReceiver(Ptr<NetbltReceiver> receiver)
{
    m_receiver = receiver;
    receiver->TraceConnectWithoutContext("DataReceived",
                                         MakeCallback(&NetbltTimeSequence::DataReceived, this));
    receiver->TraceConnectWithoutContext("ResendSent",
                                         MakeCallback(&NetbltTimeSequence::ResendSent, this));
    receiver->TraceConnectWithoutContext("BufferDelivered",
                                         MakeCallback(&NetbltTimeSequence::BufferDelivered, this));
}

void
NetbltTimeSequence::DataSent(const NetbltTxBuffer::Transmission& sent)
{
    Add(sent.retransmission ? DATA_RETRANSMITTED : DATA_SENT,
        sent.buffer,
        sent.packet,
        sent.length,
        *m_sender);
}

void
NetbltTimeSequence::DataReceived(uint32_t buffer, uint16_t packet, uint32_t bytes)
{
    Add(DATA_RECEIVED, buffer, packet, bytes, *m_receiver);
}

void
NetbltTimeSequence::ResendSent(uint32_t buffer, uint32_t packets)
{
    Add(RESEND_SENT, buffer, 0, packets, *m_receiver);
}

void
NetbltTimeSequence::BufferDelivered(uint32_t buffer)
{
    Add(BUFFER_DELIVERED, buffer, 0, 0, *m_receiver);
}

void
NetbltTimeSequence::Add(Kind kind,
                        uint32_t buffer,
                        uint32_t packet,
                        uint32_t amount,
                        const NetbltConnection& sizes)
{
    const NetbltTransferParameters& negotiated = sizes.GetParameters();
    m_times.push_back(Simulator::Now().GetSeconds());
    m_kinds.push_back(kind);
    m_buffers.push_back(buffer);
    m_packets.push_back(packet);
    m_offsets.push_back(static_cast<uint64_t>(buffer - 1) * negotiated.bufferSize +
                        static_cast<uint64_t>(packet) * negotiated.packetSize);
    m_amounts.push_back(amount);
}

uint32_t
NetbltTimeSequence::GetSize() const
{
    return static_cast<uint32_t>(m_times.size());
}

const std::vector<double>&
NetbltTimeSequence::GetTimes() const
{
    return m_times;
}

const std::vector<uint8_t>&
NetbltTimeSequence::GetKinds() const
{
    return m_kinds;
}

const std::vector<uint32_t>&
NetbltTimeSequence::GetBuffers() const
{
    return m_buffers;
}

const std::vector<uint32_t>&
NetbltTimeSequence::GetPackets() const
{
    return m_packets;
}

const std::vector<uint64_t>&
NetbltTimeSequence::GetOffsets() const
{
    return m_offsets;
}

const std::vector<uint32_t>&
NetbltTimeSequence::GetAmounts() const
{
    return m_amounts;
}

} // namespace ns3
