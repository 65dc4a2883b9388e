/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_TIME_SEQUENCE_H
#define NETBLT_TIME_SEQUENCE_H

#include "ns3/netblt-receiver.h"
#include "ns3/netblt-sender.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * @ingroup netblt-experiment
 * @brief The time-sequence trace of one transfer, as tcptrace and xplot draw TCP's: every DATA
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
class NetbltTimeSequence
{
  public:
    /// What happened.
    enum Kind : uint8_t
    {
        DATA_SENT = 0,          //!< a DATA/LDATA packet's first transmission
        DATA_RETRANSMITTED = 1, //!< a DATA/LDATA packet sent again
        DATA_RECEIVED = 2,      //!< a DATA/LDATA packet reached the receiving NETBLT
        RESEND_SENT = 3,        //!< the receiver asked for a buffer's missing packets
        BUFFER_DELIVERED = 4,   //!< the receiver handed a complete buffer to its client
    };

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

    /** @return the number of events */
    uint32_t GetSize() const;
    /** @return each event's time, seconds */
    const std::vector<double>& GetTimes() const;
    /** @return each event's Kind */
    const std::vector<uint8_t>& GetKinds() const;
    /** @return each event's buffer number */
    const std::vector<uint32_t>& GetBuffers() const;
    /** @return each event's packet number (0 for a RESEND or a delivered buffer) */
    const std::vector<uint32_t>& GetPackets() const;
    /** @return each event's byte offset in the transfer */
    const std::vector<uint64_t>& GetOffsets() const;
    /** @return data bytes for DATA, packets asked for by a RESEND, 0 for a delivered buffer */
    const std::vector<uint32_t>& GetAmounts() const;

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
     * Appends one event at the current time.
     * @param kind what happened
     * @param buffer buffer number
     * @param packet packet number
     * @param amount see GetAmounts()
     * @param sizes the connection whose negotiated sizes give the offset
     */
    void Add(Kind kind,
             uint32_t buffer,
             uint32_t packet,
             uint32_t amount,
             const NetbltConnection& sizes);

    Ptr<NetbltSender> m_sender;      //!< its negotiated sizes
    Ptr<NetbltReceiver> m_receiver;  //!< its negotiated sizes
    std::vector<double> m_times;     //!< see GetTimes()
    std::vector<uint8_t> m_kinds;    //!< see GetKinds()
    std::vector<uint32_t> m_buffers; //!< see GetBuffers()
    std::vector<uint32_t> m_packets; //!< see GetPackets()
    std::vector<uint64_t> m_offsets; //!< see GetOffsets()
    std::vector<uint32_t> m_amounts; //!< see GetAmounts()
};

} // namespace ns3

#endif /* NETBLT_TIME_SEQUENCE_H */
