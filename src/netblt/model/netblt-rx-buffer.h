/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_RX_BUFFER_H
#define NETBLT_RX_BUFFER_H

#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/packet.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <map>
#include <memory>
#include <vector>

namespace ns3
{

/**
 * @ingroup netblt
 * @brief The receiving end's buffers (RFC 998 §5.2.1, §5.2.2), from the GO that announces one
 * to its delivery to the client: the bytes assembled so far, which packets are held, and each
 * buffer's state.
 *
 * Buffers are numbered from 1 in the order Open() creates them (one per GO) and are delivered
 * in that order, each once it is complete and every earlier one has been delivered. A buffer's
 * packet count is the negotiated one until its LDATA says otherwise; the L flag on any packet
 * makes its buffer the transfer's last, and the buffers after it are forgotten.
 *
 * Schedules nothing: NetbltReceiver keeps each buffer's data timer in its record (through
 * NetbltBufferTimers) and drives the states. Like TCP's TcpRxBuffer it can be tested on its own.
 */
class NetbltRxBuffer
{
  public:
    /** Receiving-buffer states of RFC 998 §5.2.2. */
    enum State
    {
        ACK_WAIT,  //!< GO or RESEND sent, not yet acknowledged
        ACKED,     //!< waiting for the first packet: loose data timer
        RECEIVING, //!< packets arriving: tight data timer
        RECEIVED,  //!< every packet in; held until earlier buffers are delivered
    };

    /** What a DATA/LDATA packet is to the buffers (Classify()). */
    enum Arrival
    {
        NEW_PACKET,        //!< a packet not held yet, of a buffer still being received
        DUPLICATE,         //!< a packet already held (or of a buffer already complete)
        ALREADY_DELIVERED, //!< a packet of a buffer already delivered
        VIOLATION,         //!< no such buffer or packet, or a length the parameters forbid
    };

    /** One buffer, from its GO to its delivery. */
    struct Buffer
    {
        State state{ACK_WAIT}; //!< RFC 998 §5.2.2 state
        /// assembled data, bufferSize bytes: a byte is defined once the packet covering it is
        /// stored (Store() zeroes what a short packet leaves of its slot)
        std::unique_ptr<uint8_t[]> bytes;
        std::vector<bool> received;  //!< packet numbers held
        uint16_t receivedCount{0};   //!< packets held
        uint16_t expectedCount{0};   //!< packets in the buffer (a full buffer's until LDATA)
        bool countKnown{false};      //!< expectedCount is exact
        bool last{false};            //!< L flag seen on one of its packets
        uint32_t length{0};          //!< bytes in the buffer, once known
        uint16_t awaitedSequence{0}; //!< sequence number of the GO/RESEND awaiting its ack
        EventId dataTimer;           //!< the receiver's loose or tight data timer
        uint32_t resendsSent{0};     //!< RESEND messages sent for it
        std::vector<Time> arrivals;  //!< its packets' arrivals before any RESEND, if burst
                                     //!< spacing is reported

        /** @return packets still missing (of those expected) */
        uint32_t GetRemaining() const;
        /** @return true if every expected packet is held and the count is exact */
        bool IsComplete() const;
        /**
         * How densely a burst arrived (the burst spacing report, an extension): the smallest
         * (last − first) / (burstSize − 1) over every burstSize consecutive arrivals. A burst
         * leaves the sender back to back, so its densest stretch shows the pace of the slowest
         * hop it crossed (Keshav's packet pair, 1991).
         * @param burstSize packets per burst
         * @return the spacing; zero if burstSize < 2 or fewer arrivals than that
         */
        Time GetBurstSpacing(uint16_t burstSize) const;
    };

    /**
     * @param packetSize bytes of data in every DATA packet (the negotiated packet size)
     * @param bufferSize bytes in a full buffer (the negotiated buffer size)
     */
    void SetSizes(uint32_t packetSize, uint32_t bufferSize);

    /**
     * A new buffer for the next GO: a full buffer's packet count, nothing held, ACK_WAIT.
     * @return its number
     */
    uint32_t Open();

    /** @param number a buffer number @return its record, or nullptr if it is not open */
    Buffer* Find(uint32_t number);

    /**
     * @param number the packet's buffer number
     * @param packet the packet number
     * @param length data bytes in the packet
     * @param ldata true for an LDATA (only an LDATA may be shorter than the packet size)
     * @param lastBuffer the packet's L flag
     * @return what the packet is to the buffers: a VIOLATION too if it lies past the buffer's
     *         known end, or is an LDATA other than the buffer's known last packet or below
     *         packets already held
     */
    Arrival Classify(uint32_t number,
                     uint16_t packet,
                     uint32_t length,
                     bool ldata,
                     bool lastBuffer) const;

    /**
     * Stores a packet Classify() found NEW_PACKET. The L flag makes its buffer the transfer's
     * last: the buffers after it will never come and are forgotten. An LDATA then fixes its
     * buffer's packet count and length.
     * @param number the packet's buffer number
     * @param packet the packet number
     * @param data the packet, its data bytes first
     * @param length data bytes in the packet
     * @param ldata true for an LDATA
     * @param lastBuffer the packet's L flag
     * @return the data timers of the buffers forgotten, for the caller to cancel
     */
    std::vector<EventId> Store(uint32_t number,
                               uint16_t packet,
                               Ptr<const Packet> data,
                               uint32_t length,
                               bool ldata,
                               bool lastBuffer);

    /**
     * @param number a buffer number
     * @return the packets still missing in the (not yet received) buffers before it
     */
    uint32_t PacketsAheadOf(uint32_t number) const;

    /**
     * @param number an open buffer
     * @param room the most packet numbers to list
     * @return its missing packet numbers, lowest first, at most @p room of them
     */
    std::vector<uint16_t> GetMissing(uint32_t number, uint32_t room) const;

    /**
     * Takes the next buffer to deliver, if it is complete.
     * @param[out] number its number
     * @param[out] data its bytes
     * @param[out] last true if it is the transfer's last
     * @return false if the next buffer is not complete (or not open)
     */
    bool TakeDeliverable(uint32_t& number, Ptr<Packet>& data, bool& last);

    /** @return true if some buffer is waiting for packets (ACKED or RECEIVING) */
    bool IsAnyAwaitingData() const;
    /** @return true once some open buffer carried the L flag */
    bool IsLastKnown() const;
    /** @return buffers open (GO sent, not delivered) */
    uint32_t GetOpenCount() const;
    /** @return the open buffers, by number */
    std::map<uint32_t, Buffer>& GetBuffers();
    /** @return every open buffer's data timer, for the caller to cancel */
    std::vector<EventId> GetDataTimers() const;
    /** Forgets every buffer. */
    void Clear();

  private:
    uint32_t m_packetSize{1};
    uint32_t m_bufferSize{1};
    std::map<uint32_t, Buffer> m_buffers; //!< GO sent, not yet delivered
    uint32_t m_nextOpen{1};               //!< number of the next buffer to open
    uint32_t m_nextDeliver{1};            //!< number of the next buffer to deliver
};

} // namespace ns3

#endif /* NETBLT_RX_BUFFER_H */
