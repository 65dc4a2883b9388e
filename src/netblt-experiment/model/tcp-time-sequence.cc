/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tcp-time-sequence.h"

#include "ns3/address.h"
#include "ns3/callback.h"
#include "ns3/packet-sink.h"
#include "ns3/packet.h"
#include "ns3/tcp-header.h"
#include "ns3/tcp-socket-base.h"

namespace ns3
{

void
TcpTimeSequence::AttachSender(Ptr<TcpSocketBase> socket)
{
    socket->TraceConnectWithoutContext("Tx", MakeCallback(&TcpTimeSequence::SegmentSent, this));
}

void
TcpTimeSequence::AttachReceiver(Ptr<PacketSink> sink)
{
    sink->TraceConnectWithoutContext("Rx", MakeCallback(&TcpTimeSequence::Read, this));
}

void
TcpTimeSequence::SegmentSent(Ptr<const Packet> payload,
                             const TcpHeader& header,
                             Ptr<const TcpSocketBase> /* socket */)
{
    const uint32_t bytes = payload->GetSize();
    if (bytes == 0)
    {
        return; // SYN, pure ACK or FIN: no data
    }
    const SequenceNumber32 sequence = header.GetSequenceNumber();
    if (!m_started)
    {
        m_started = true;
        m_first = sequence;
        m_highest = sequence;
    }
    const bool again = sequence < m_highest;
    Add(again ? DATA_RETRANSMITTED : DATA_SENT,
        0,
        0,
        static_cast<uint64_t>(sequence - m_first),
        bytes);
    if (sequence + bytes > m_highest)
    {
        m_highest = sequence + bytes;
    }
}

void
TcpTimeSequence::Read(Ptr<const Packet> packet, const Address& /* from */)
{
    Add(DATA_RECEIVED, 0, 0, m_bytesRead, packet->GetSize());
    m_bytesRead += packet->GetSize();
}

} // namespace ns3
