/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-time-sequence.h"

#include "ns3/callback.h"

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
    AddAt(sent.retransmission ? DATA_RETRANSMITTED : DATA_SENT,
          sent.buffer,
          sent.packet,
          sent.length,
          *m_sender);
}

void
NetbltTimeSequence::DataReceived(uint32_t buffer, uint16_t packet, uint32_t bytes)
{
    AddAt(DATA_RECEIVED, buffer, packet, bytes, *m_receiver);
}

void
NetbltTimeSequence::ResendSent(uint32_t buffer, uint32_t packets)
{
    AddAt(RESEND_SENT, buffer, 0, packets, *m_receiver);
}

void
NetbltTimeSequence::BufferDelivered(uint32_t buffer)
{
    AddAt(BUFFER_DELIVERED, buffer, 0, 0, *m_receiver);
}

void
NetbltTimeSequence::AddAt(Kind kind,
                          uint32_t buffer,
                          uint32_t packet,
                          uint32_t amount,
                          const NetbltConnection& sizes)
{
    const NetbltTransferParameters& negotiated = sizes.GetParameters();
    Add(kind,
        buffer,
        packet,
        static_cast<uint64_t>(buffer - 1) * negotiated.bufferSize +
            static_cast<uint64_t>(packet) * negotiated.packetSize,
        amount);
}

} // namespace ns3
