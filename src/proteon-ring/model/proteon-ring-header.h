/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef PROTEON_RING_HEADER_H
#define PROTEON_RING_HEADER_H

#include "ns3/header.h"
#include "ns3/mac8-address.h"

#include <cstdint>

namespace ns3
{

/**
 * @ingroup proteon-ring
 * @brief The local network header of a ProNET-10 frame.
 *
 * Laid out after 4.3BSD's `struct vv_header` (sys/vaxif/if_vv.h, the VAX
 * driver for Proteon's ProNET rings, "@(#)if_vv.h 7.2 (Berkeley) 8/4/88"),
 * six bytes in this order:
 *
 * | byte | field        | meaning |
 * | ---- | ------------ | ------- |
 * | 0    | vh_dhost     | destination station address (255: broadcast) |
 * | 1    | vh_shost     | source station address |
 * | 2    | vh_version   | header version, RING_VERSION = 2 |
 * | 3    | vh_type      | protocol: RING_IP = 1, RING_ARP = 3 |
 * | 4-5  | vh_info      | protocol-specific information; 0 without trailers |
 *
 * The first two bytes are the hardware's: the ring interfaces match the
 * destination byte against their own station address. The other four are
 * the software's. vh_info is written in network byte order, as the 1988
 * driver does; trailer encapsulation, which used it, is not modelled.
 */
class ProteonRingHeader : public Header
{
  public:
    /// Value of the version byte written by 4.3BSD (RING_VERSION).
    static constexpr uint8_t RING_VERSION = 2;
    /// Protocol type of an IPv4 datagram (RING_IP).
    static constexpr uint8_t RING_IP = 1;
    /// Protocol type of an ARP packet (RING_ARP).
    static constexpr uint8_t RING_ARP = 3;
    /// Size of the header on the wire (bytes).
    static constexpr uint32_t SIZE = 6;

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    ProteonRingHeader();

    /** @param destination the station the frame is for (255: every station) */
    void SetDestination(Mac8Address destination);
    /** @return the station the frame is for */
    Mac8Address GetDestination() const;
    /** @param source the station that sent the frame */
    void SetSource(Mac8Address source);
    /** @return the station that sent the frame */
    Mac8Address GetSource() const;
    /** @param version the header version byte */
    void SetVersion(uint8_t version);
    /** @return the header version byte */
    uint8_t GetVersion() const;
    /** @param type the ring protocol type (RING_IP, RING_ARP, ...) */
    void SetType(uint8_t type);
    /** @return the ring protocol type */
    uint8_t GetType() const;
    /** @param info the protocol-specific information field */
    void SetInfo(uint16_t info);
    /** @return the protocol-specific information field */
    uint16_t GetInfo() const;

    /**
     * Maps an EtherType, as NetDevice::Send() receives it, to a ring type.
     * @param etherType 0x0800 (IPv4) or 0x0806 (ARP)
     * @param [out] type the ring type
     * @return false if ProNET has no type for @p etherType
     */
    static bool EtherTypeToRingType(uint16_t etherType, uint8_t& type);

    /**
     * Maps a ring type back to the EtherType that ns-3's protocols register for.
     * @param type the ring type
     * @param [out] etherType the EtherType
     * @return false if the type is not one that this model carries
     */
    static bool RingTypeToEtherType(uint8_t type, uint16_t& etherType);

    TypeId GetInstanceTypeId() const override;
    void Print(std::ostream& os) const override;
    uint32_t GetSerializedSize() const override;
    void Serialize(Buffer::Iterator start) const override;
    uint32_t Deserialize(Buffer::Iterator start) override;

  private:
    uint8_t m_destination{255};      //!< vh_dhost
    uint8_t m_source{0};             //!< vh_shost
    uint8_t m_version{RING_VERSION}; //!< vh_version
    uint8_t m_type{RING_IP};         //!< vh_type
    uint16_t m_info{0};              //!< vh_info
};

} // namespace ns3

#endif /* PROTEON_RING_HEADER_H */
