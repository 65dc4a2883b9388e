/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_TIME_SEQUENCE_H
#define NETBLT_TIME_SEQUENCE_H

#include "time-sequence.h"

#include "ns3/netblt-receiver.h"
#include "ns3/netblt-sender.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * @ingroup netblt-experiment
 * @brief The time-sequence trace of one NETBLT transfer (see TimeSequence): every DATA
 * transmission and reception, every RESEND request and every buffer handed to the receiving
 * client, with the time and the byte offset in the transfer.
 *
 * Listens to the sender's DataSent and the receiver's DataReceived, ResendSent and
 * BufferDelivered trace sources, so its counts are the connection statistics' own: first
 * transmissions plus retransmissions are dataPacketsSent, retransmissions are
 * dataPacketsRetransmitted, receptions are dataPacketsReceived, and the packets the RESENDs ask
 * for add up to packetsRequested. The byte offset of packet p of buffer b is
 * (b - 1) x BFSZ + p x PSZ with the negotiated sizes; a RESEND and a delivered buffer are
 * placed at the buffer's first byte.
 */
class NetbltTimeSequence : public TimeSequence
{
  public:
    /**
     * Listens to the sending end from now on.
     * @param sender the sender, before its first DATA packet
     */
    void AttachSender(Ptr<NetbltSender> sender);

    /**
     * Listens to the receiving end from now on.
     * @param receiver the receiver, as it is accepted
     */
    void AttachReceiver(Ptr<NetbltReceiver> receiver);

  private:
    /** DataSent trace sink (see NetbltSender::DataSentTracedCallback). */
    void DataSent(const NetbltTxBuffer::Transmission& sent);
    /** DataReceived trace sink. */
    void DataReceived(uint32_t buffer, uint16_t packet, uint32_t bytes);
    /** ResendSent trace sink. */
    void ResendSent(uint32_t buffer, uint32_t packets);
    /** BufferDelivered trace sink. */
    void BufferDelivered(uint32_t buffer);

    /**
     * Appends one event at the current time, at the offset of its buffer and packet.
     * @param kind what happened
     * @param buffer buffer number
     * @param packet packet number
     * @param amount see GetAmounts()
     * @param sizes the connection whose negotiated sizes give the offset
     */
    void AddAt(Kind kind,
               uint32_t buffer,
               uint32_t packet,
               uint32_t amount,
               const NetbltConnection& sizes);

    Ptr<NetbltSender> m_sender;     //!< its negotiated sizes
    Ptr<NetbltReceiver> m_receiver; //!< its negotiated sizes
};

} // namespace ns3

#endif /* NETBLT_TIME_SEQUENCE_H */
