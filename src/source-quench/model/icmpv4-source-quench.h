/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ICMPV4_SOURCE_QUENCH_H
#define ICMPV4_SOURCE_QUENCH_H

#include "ns3/header.h"
#include "ns3/ipv4-header.h"
#include "ns3/ptr.h"

#include <array>
#include <cstdint>

/**
 * @defgroup source-quench ICMP Source Quench
 *
 * RFC 792's Source Quench (ICMP type 4), which ns-3's Icmpv4L4Protocol neither sends nor hands
 * to the transports: the message (Icmpv4SourceQuench), a gateway that sends it when a device's
 * queue passes a threshold (SourceQuenchSender, RFC 1009), and a host that hands each one it
 * receives to the transport of the datagram it quotes (SourceQuenchDispatcher), through
 * IpL4Protocol::ReceiveIcmp as ns-3 hands over the ICMP errors it does forward.
 */

namespace ns3
{

class Packet;

/**
 * @ingroup source-quench
 * @brief The body of an ICMP Source Quench (RFC 792, type 4, code 0), after the ICMP header
 * (Icmpv4Header: type, code, checksum).
 *
 * Wire layout (RFC 792 p. 10):
 * @verbatim
    0                   1                   2                   3
    0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
   +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
   |                             unused                            |
   +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
   |      Internet Header + 64 bits of Original Data Datagram      |
   +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
   @endverbatim
 *
 * The unused word is sent as zero. "If a higher level protocol uses port numbers, they are
 * assumed to be in the first 64 data bits of the original datagram's data" (RFC 792): a host
 * finds the quenched connection from them. A datagram with fewer than 8 data bytes is quoted
 * with zeros after them.
 */
class Icmpv4SourceQuench : public Header
{
  public:
    static constexpr uint8_t TYPE = 4;        //!< ICMP type of Source Quench (RFC 792)
    static constexpr uint8_t CODE = 0;        //!< its only code
    static constexpr uint32_t DATA_BYTES = 8; //!< the original datagram's data quoted: 64 bits

    Icmpv4SourceQuench();
    ~Icmpv4SourceQuench() override;

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();
    TypeId GetInstanceTypeId() const override;

    /**
     * Quotes a datagram: its IP header and its first 64 data bits.
     * @param datagram the datagram, IP header on
     */
    void Quote(Ptr<const Packet> datagram);

    /** @param header the original datagram's IP header */
    void SetHeader(const Ipv4Header& header);
    /** @return the original datagram's IP header */
    const Ipv4Header& GetHeader() const;

    /**
     * @param data the original datagram's data (IP header removed): its first 8 bytes are kept,
     *        zeros after a shorter one
     */
    void SetData(Ptr<const Packet> data);
    /** @param payload set to the original datagram's first 8 data bytes */
    void GetData(uint8_t payload[8]) const;

    /**
     * @return the 16-bit word at byte @p offset (0, 2, 4 or 6) of the quoted data, big-endian:
     *         a source port at 0 and a destination port at 2 for TCP and UDP, a NETBLT local
     *         port at 6 (RFC 998 §8)
     * @param offset the word's first byte
     */
    uint16_t GetDataWord(uint32_t offset) const;

    uint32_t GetSerializedSize() const override;
    void Serialize(Buffer::Iterator start) const override;
    uint32_t Deserialize(Buffer::Iterator start) override;
    void Print(std::ostream& os) const override;

  private:
    Ipv4Header m_header;                      //!< the original datagram's IP header
    std::array<uint8_t, DATA_BYTES> m_data{}; //!< its first 64 data bits
};

} // namespace ns3

#endif /* ICMPV4_SOURCE_QUENCH_H */
