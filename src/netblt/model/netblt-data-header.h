/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_DATA_HEADER_H
#define NETBLT_DATA_HEADER_H

#include "netblt-header.h"

#include <cstdint>

namespace ns3
{

/**
 * @ingroup netblt
 * @brief Header of the DATA (type 6) and LDATA (type 7) packets.
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
   |        Foreign Port           | Explicit Rate (X) or padding  |
   +---------------+---------------+---------------+---------------+
   |                       Buffer Number                           |
   +---------------+---------------+---------------+---------------+
   | High Consecutive Seq Num Rcvd |         Packet Number         |
   +---------------+---------------+---------------+---------------+
   |    Data Area Checksum Value   |      Reserved (MBZ)         |L|
   +---------------+---------------+---------------+---------------+
   @endverbatim
 *
 * The header is 24 bytes; the data follows it in the packet and is not part
 * of this header. Length is 24 + the data length: the data is not padded
 * inside Length (the protocol appends up to 3 zero bytes after the data, not
 * counted in Length, so that the datagram is longword aligned).
 *
 * The header checksum covers the 24 header bytes only, the data-area checksum
 * field included. The data-area checksum covers the data bytes only and is 0
 * unless the C flag was negotiated (SetDataChecksumEnabled()). L is the least
 * significant bit of the word at byte offset 22; the other bits are written as
 * zero and ignored on receipt.
 *
 * The common header's longword alignment padding carries the explicit rate when the X flag
 * (this implementation's extension, netblt-wire-format.rst) was negotiated: the sender writes
 * EXPLICIT_RATE_UNLIMITED, every gateway that computes a rate for the flow lowers it to that
 * rate (kbit/s of IP datagrams), and the receiver offers the lowest it hears back in its OKs.
 * Without X the field is zero, as RFC 998 has it, and nobody touches it.
 */
class NetbltDataHeader : public NetbltHeader
{
  public:
    /**
     * @brief Constructs a DATA header with every field zero, no data and the
     *        data checksum disabled.
     */
    NetbltDataHeader();
    /**
     * @brief Constructs a DATA or an LDATA header.
     * @param dataOrLdata NetbltPacketType::DATA or NetbltPacketType::LDATA
     */
    explicit NetbltDataHeader(NetbltPacketType dataOrLdata);

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();
    TypeId GetInstanceTypeId() const override;

    /**
     * @param buffer the number of the buffer this packet belongs to
     */
    void SetBufferNumber(uint32_t buffer);
    /**
     * @return the number of the buffer this packet belongs to
     */
    uint32_t GetBufferNumber() const;
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
     * @param packet the DATA packet identifier
     */
    void SetPacketNumber(uint16_t packet);
    /**
     * @return the DATA packet identifier
     */
    uint16_t GetPacketNumber() const;
    /**
     * @param last the L flag: true if the buffer is the last of the transfer
     */
    void SetLastBuffer(bool last);
    /**
     * @return the L flag
     */
    bool GetLastBuffer() const;
    /**
     * @param length the number of data bytes that follow the header (Length
     *        is 24 + @p length; padding after the data is not counted)
     */
    void SetDataLength(uint16_t length);
    /**
     * @return the number of data bytes; after Deserialize() it is Length - 24
     *         (0 if Length is below 24)
     */
    uint16_t GetDataLength() const;
    /// The explicit-rate field of a packet that carries none (X not negotiated).
    static constexpr uint16_t EXPLICIT_RATE_NONE = 0;
    /// The explicit-rate field as the sender writes it: no gateway has lowered it.
    static constexpr uint16_t EXPLICIT_RATE_UNLIMITED = 0xffff;

    /**
     * @param kbps the explicit rate field: EXPLICIT_RATE_NONE, EXPLICIT_RATE_UNLIMITED or the
     *        rate a gateway allows the flow, kbit/s of IP datagrams
     */
    void SetExplicitRate(uint16_t kbps);
    /**
     * @return the explicit rate field
     */
    uint16_t GetExplicitRate() const;
    /**
     * @return true if the field carries a rate a gateway set (neither EXPLICIT_RATE_NONE nor
     *         EXPLICIT_RATE_UNLIMITED)
     */
    bool HasExplicitRate() const;

    /**
     * @brief Chooses what Serialize() writes in the data-area checksum field.
     *
     * When true, Serialize() computes the checksum of the GetDataLength()
     * bytes that follow the header in the buffer (Packet::AddHeader()
     * serializes the header in front of the payload, so they are there) and
     * aborts if they are not all present. When false (the default), it writes
     * 0, as a sender does when the C flag was not negotiated; but a header read by
     * Deserialize() and not told otherwise writes the field as it read it, so that a gateway
     * rewriting the explicit rate leaves the data's checksum alone. It has no effect on
     * Deserialize().
     *
     * @param enabled true if the C flag was negotiated
     */
    void SetDataChecksumEnabled(bool enabled);
    /**
     * @return the value set by SetDataChecksumEnabled()
     */
    bool IsDataChecksumEnabled() const;
    /**
     * @return the data-area checksum field as read by the last Deserialize()
     *         or written by the last Serialize()
     */
    uint16_t GetDataChecksum() const;
    /**
     * Whether Deserialize() sums the data area to check it against the data-area checksum
     * field (the default). A receiver that did not negotiate the C flag ignores the field, and
     * summing a DATA packet's data is a good part of reading it.
     * @param verify false to leave the data unsummed: IsDataChecksumOk() is then false
     */
    void SetDataChecksumVerified(bool verify);
    /**
     * @brief Whether the data-area checksum field matches the data.
     *
     * Only meaningful when the C flag was negotiated: otherwise the sender
     * wrote 0 and the result says nothing about the data.
     *
     * @return true if the last Deserialize() found all the GetDataLength()
     *         data bytes present after the header and their checksum equal to
     *         the data-area checksum field; false if it did not, if the
     *         packet was malformed (for example truncated), if it was told not
     *         to check (SetDataChecksumVerified()), and before any Deserialize()
     */
    bool IsDataChecksumOk() const;

  protected:
    uint32_t GetBodySize() const override;
    void SerializeBody(Buffer::Iterator& i) const override;
    uint32_t DeserializeBody(Buffer::Iterator& i, uint32_t available) override;
    void PrintBody(std::ostream& os) const override;
    uint32_t GetPayloadLength() const override;
    uint32_t GetChecksummedLength() const override;
    bool AcceptsType(NetbltPacketType type) const override;
    uint16_t GetAlignmentField() const override;
    void SetAlignmentField(uint16_t value) override;

  private:
    /// Size of the fields after the common header.
    static constexpr uint32_t BODY_SIZE = 12;
    /// Value of the L flag in the last 16-bit word.
    static constexpr uint16_t FLAG_L = 0x0001;

    uint32_t m_bufferNumber;                     //!< Buffer number
    uint16_t m_highConsecutiveSequence;          //!< High consecutive sequence number received
    uint16_t m_packetNumber;                     //!< Packet number
    bool m_lastBuffer;                           //!< L flag
    uint16_t m_dataLength;                       //!< Number of data bytes after the header
    bool m_dataChecksumEnabled;                  //!< True if Serialize() computes the data checksum
    bool m_dataChecksumFromWire{false};          //!< True if Serialize() writes the field as read
    uint16_t m_explicitRate{EXPLICIT_RATE_NONE}; //!< Explicit rate field (X), kbit/s
    bool m_dataChecksumVerified{true};           //!< True if Deserialize() checks the data checksum
    mutable uint16_t m_dataChecksum;             //!< Data-area checksum field last read or written
    bool m_dataChecksumOk;                       //!< Result of the last data checksum verification
};

} // namespace ns3

#endif /* NETBLT_DATA_HEADER_H */
