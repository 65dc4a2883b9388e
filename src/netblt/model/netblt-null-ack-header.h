/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_NULL_ACK_HEADER_H
#define NETBLT_NULL_ACK_HEADER_H

#include "netblt-header.h"

#include <cstdint>

namespace ns3
{

/**
 * @ingroup netblt
 * @brief Header of the NULL-ACK (type 8) packet.
 *
 * Wire layout (RFC 998 section 8, all fields big-endian):
 * @verbatim
                      1                   2                   3
    1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2
   +---------------+---------------+---------------+---------------+
   |           Checksum            |    Version    |     Type      |
   +---------------+---------------+---------------+---------------+
   |           Length              |           Local Port          |
   +---------------+---------------+---------------+---------------+
   |        Foreign Port           | Longword Alignment Padding    |
   +---------------+---------------+---------------+---------------+
   | High Consecutive Seq Num Rcvd |        New Burst Size         |
   +---------------+---------------+---------------+---------------+
   |       New Burst Rate          |  Longword Alignment Padding   |
   +---------------+---------------+---------------+---------------+
   @endverbatim
 *
 * The packet is 20 bytes; Length is 20.
 */
class NetbltNullAckHeader : public NetbltHeader
{
  public:
    /**
     * @brief Constructs a NULL-ACK header with every field zero.
     */
    NetbltNullAckHeader();

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();
    TypeId GetInstanceTypeId() const override;

    /**
     * @param sequence the highest control message sequence number below which
     *        all sequence numbers received are consecutive
     */
    void SetHighConsecutiveSequence(uint16_t sequence);
    /**
     * @return the high consecutive control sequence number received
     */
    uint16_t GetHighConsecutiveSequence() const;
    /**
     * @param size the burst size, in packets, negotiated from the value
     *        offered in an OK message
     */
    void SetNewBurstSize(uint16_t size);
    /**
     * @return the negotiated burst size, in packets
     */
    uint16_t GetNewBurstSize() const;
    /**
     * @param rateMs the burst rate, in milliseconds, negotiated from the
     *        value offered in an OK message
     */
    void SetNewBurstRate(uint16_t rateMs);
    /**
     * @return the negotiated burst rate, in milliseconds
     */
    uint16_t GetNewBurstRate() const;

  protected:
    uint32_t GetBodySize() const override;
    void SerializeBody(Buffer::Iterator& i) const override;
    uint32_t DeserializeBody(Buffer::Iterator& i, uint32_t available) override;
    void PrintBody(std::ostream& os) const override;
    bool AcceptsType(NetbltPacketType type) const override;

  private:
    /// Size of the fields after the common header.
    static constexpr uint32_t BODY_SIZE = 8;

    uint16_t m_highConsecutiveSequence; //!< High consecutive sequence number received
    uint16_t m_newBurstSize;            //!< New burst size in packets
    uint16_t m_newBurstRate;            //!< New burst rate in milliseconds
};

} // namespace ns3

#endif /* NETBLT_NULL_ACK_HEADER_H */
