/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TIME_SEQUENCE_H
#define TIME_SEQUENCE_H

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * @ingroup netblt-experiment
 * @brief The time-sequence trace of one transfer, as tcptrace and xplot draw TCP's: every data
 * transmission and reception, with the time and the byte offset in the transfer, and for
 * NETBLT every RESEND request and every buffer handed to the receiving client.
 *
 * A plain record of events in columns, so that Python (through cppyy) can read each column at
 * once; NetbltTimeSequence and TcpTimeSequence fill it from their protocol's trace sources.
 */
class TimeSequence
{
  public:
    /// What happened.
    enum Kind : uint8_t
    {
        DATA_SENT = 0,          //!< a data packet's (segment's) first transmission
        DATA_RETRANSMITTED = 1, //!< a data packet (segment) sent again
        DATA_RECEIVED = 2,      //!< a data packet reached the receiving NETBLT (TCP's client)
        RESEND_SENT = 3,        //!< NETBLT: the receiver asked for a buffer's missing packets
        BUFFER_DELIVERED = 4,   //!< NETBLT: the receiver handed a complete buffer to its client
    };

    /** @return the number of events */
    uint32_t GetSize() const;
    /** @return each event's time, seconds */
    const std::vector<double>& GetTimes() const;
    /** @return each event's Kind */
    const std::vector<uint8_t>& GetKinds() const;
    /** @return each event's buffer number (0 for TCP) */
    const std::vector<uint32_t>& GetBuffers() const;
    /** @return each event's packet number (0 for a RESEND, a delivered buffer and TCP) */
    const std::vector<uint32_t>& GetPackets() const;
    /** @return each event's byte offset in the transfer */
    const std::vector<uint64_t>& GetOffsets() const;
    /** @return data bytes for data, packets asked for by a RESEND, 0 for a delivered buffer */
    const std::vector<uint32_t>& GetAmounts() const;

  protected:
    /**
     * Appends one event at the current simulated time.
     * @param kind what happened
     * @param buffer buffer number
     * @param packet packet number
     * @param offset byte offset in the transfer
     * @param amount see GetAmounts()
     */
    void Add(Kind kind, uint32_t buffer, uint32_t packet, uint64_t offset, uint32_t amount);

  private:
    std::vector<double> m_times;     //!< see GetTimes()
    std::vector<uint8_t> m_kinds;    //!< see GetKinds()
    std::vector<uint32_t> m_buffers; //!< see GetBuffers()
    std::vector<uint32_t> m_packets; //!< see GetPackets()
    std::vector<uint64_t> m_offsets; //!< see GetOffsets()
    std::vector<uint32_t> m_amounts; //!< see GetAmounts()
};

} // namespace ns3

#endif /* TIME_SEQUENCE_H */
