/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_TX_BUFFER_H
#define NETBLT_TX_BUFFER_H

#include "ns3/packet.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <map>
#include <set>
#include <vector>

namespace ns3
{

/**
 * @ingroup netblt
 * @brief The sending end's buffers (RFC 998 §5.2), from the client's hand-over to the
 * receiver's OK: which packets the receiver asked for and which have gone once.
 *
 * Buffers are numbered from 1 in the order the client hands them over. A buffer's packets are
 * queued when its GO arrives (a GO may come before the client has handed the buffer over) and
 * again, one by one, when a RESEND names them; NextPacket() takes the lowest queued packet of
 * the lowest buffer, as RFC 998 §5.2 and RFC 1030 §7 send them. An OK releases the buffer.
 *
 * Knows nothing of time and sends nothing: NetbltSender drives it. Like TCP's TcpTxBuffer it
 * can be tested on its own.
 */
class NetbltTxBuffer
{
  public:
    /** One DATA/LDATA packet to transmit, as NextPacket() takes it from its buffer. */
    struct Transmission
    {
        uint32_t buffer{0};         //!< buffer number
        uint16_t packet{0};         //!< packet number within the buffer
        uint32_t offset{0};         //!< first byte of the packet in the buffer
        uint32_t length{0};         //!< data bytes
        bool lastPacket{false};     //!< the buffer's last packet (an LDATA)
        bool lastBuffer{false};     //!< the transfer's last buffer
        bool retransmission{false}; //!< the packet has been sent before
        uint32_t bufferSize{0};     //!< bytes in the whole buffer
        Ptr<Packet> data;           //!< the packet's bytes (a fragment of the buffer)
    };

    /** @param packetSize bytes of data in every DATA packet (the negotiated packet size) */
    explicit NetbltTxBuffer(uint32_t packetSize = 1);

    /** @param packetSize bytes of data in every DATA packet (the negotiated packet size) */
    void SetPacketSize(uint32_t packetSize);

    /**
     * Takes the client's next buffer. Its packets are queued at once if its GO already came.
     * @param data the buffer's bytes
     * @param last true for the last buffer of the transfer
     * @return the buffer's number
     */
    uint32_t Add(Ptr<Packet> data, bool last);

    /**
     * A GO: queues every packet of the buffer, or remembers the GO for a buffer the client has
     * not handed over yet. A second GO for a buffer changes nothing.
     * @param number the buffer number
     */
    void Go(uint32_t number);

    /**
     * An OK: the receiver has the buffer; it is released.
     * @param number the buffer number
     * @return the client bytes in the buffer, 0 if it was not held
     */
    uint32_t Ok(uint32_t number);

    /**
     * A RESEND: queues again each named packet that has gone once. A number past the end of a
     * (last, short) buffer asks for its LDATA: the receiver cannot know how many packets such a
     * buffer has until the LDATA arrives.
     * @param number the buffer number; a RESEND for a held buffer whose GO never came stands
     *        for the GO (every packet is queued), one for a buffer not held is ignored
     * @param missing the packet numbers asked for
     * @return the RESENDs this buffer has had, this one included; 0 if it is not held
     */
    uint32_t Resend(uint32_t number, const std::vector<uint16_t>& missing);

    /** @param number a buffer number @return true if the buffer is held and its GO came */
    bool IsGoReceived(uint32_t number) const;

    /**
     * @param number a buffer number
     * @return true if the client handed the buffer over and an OK has released it since
     */
    bool IsReleased(uint32_t number) const;

    /** @return true if some buffer with a GO has packets queued */
    bool HasDataToSend() const;

    /**
     * Takes the next packet to transmit (lowest buffer, lowest packet first) and marks it sent.
     * @param[out] transmission the packet
     * @return false if nothing is queued
     */
    bool NextPacket(Transmission& transmission);

    /** @return buffers handed over and not yet acknowledged */
    uint32_t GetHeldCount() const;
    /** @return true once the client has handed over the last buffer */
    bool IsLastGiven() const;
    /** @return true once the last buffer has been handed over and every buffer acknowledged */
    bool IsDone() const;
    /** @return client bytes in every buffer handed over so far */
    uint64_t GetBytesHandedOver() const;
    /** Releases every buffer. */
    void Clear();

  private:
    /** One buffer, from its hand-over to its OK. */
    struct Buffer
    {
        Ptr<Packet> data;           //!< the client's bytes
        uint16_t packetCount{0};    //!< DATA packets in it
        bool last{false};           //!< last buffer of the transfer
        bool goReceived{false};     //!< the receiver is ready for it
        std::set<uint16_t> toSend;  //!< packet numbers waiting to be (re)transmitted
        std::vector<bool> sentOnce; //!< packet numbers transmitted at least once
        uint32_t resends{0};        //!< RESENDs received for it
    };

    /** @param buffer a buffer whose GO came: queues all its packets */
    static void QueueAll(Buffer& buffer);

    uint32_t m_packetSize;
    std::map<uint32_t, Buffer> m_buffers; //!< handed over, not yet OK'd
    std::set<uint32_t> m_earlyGos;        //!< GOs for buffers not handed over yet
    uint32_t m_nextNumber{1};             //!< number of the next buffer handed over
    bool m_lastGiven{false};
    uint64_t m_bytesHandedOver{0};
};

} // namespace ns3

#endif /* NETBLT_TX_BUFFER_H */
