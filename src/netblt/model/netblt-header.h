/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_HEADER_H
#define NETBLT_HEADER_H

#include "ns3/buffer.h"
#include "ns3/header.h"
#include "ns3/packet.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <memory>
#include <ostream>
#include <string>

namespace ns3
{

/**
 * @ingroup netblt
 * @brief NETBLT packet type numbers (RFC 998 section 8).
 */
enum class NetbltPacketType : uint8_t
{
    OPEN = 0,      //!< Connection request
    RESPONSE = 1,  //!< Connection acceptance
    KEEPALIVE = 2, //!< Resets the peer's death timer
    QUIT = 3,      //!< Orderly close request
    QUITACK = 4,   //!< Acknowledges a QUIT
    ABORT = 5,     //!< Abnormal close
    DATA = 6,      //!< A packet of a buffer that is not the last of its buffer
    LDATA = 7,     //!< The last packet of a buffer
    NULL_ACK = 8,  //!< Acknowledges control messages and confirms burst parameters
    CONTROL = 9,   //!< Carries GO, OK and RESEND messages
    REFUSED = 10,  //!< Connection refusal
    DONE = 11,     //!< Sent by the receiver when the transfer is complete
};

/**
 * @brief Stream insertion operator.
 *
 * Prints the RFC 998 name of the type ("OPEN", "NULL-ACK", ...), or
 * "UNKNOWN(n)" for a number that RFC 998 does not define.
 *
 * @param os the stream
 * @param type the packet type
 * @returns a reference to the stream
 */
std::ostream& operator<<(std::ostream& os, NetbltPacketType type);

/**
 * @ingroup netblt
 * @brief The common 12-byte NETBLT header, and the base of every NETBLT header.
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
   @endverbatim
 *
 * Used directly for KEEPALIVE, QUITACK and DONE, which have no other field;
 * the other packet types derive from it and add a body after these 12 bytes.
 *
 * Serialize() writes the common fields, lets the derived class write its body,
 * and then writes the checksum: the bitwise negation of the ones'-complement
 * sum (NetbltChecksum()) of the GetChecksummedLength() bytes of the packet,
 * with the checksum field taken as zero. For every type but DATA and LDATA
 * these are all the Length bytes of the packet, which is the header itself;
 * for DATA and LDATA they are the 24 header bytes only (RFC 998 section 5.1:
 * the header is always checksummed, the data only when negotiated). The
 * padding field is written as zero and ignored on receipt.
 *
 * Deserialize() never reads past the bytes present in the buffer, nor past
 * the Length field. It records what it finds instead of failing:
 * IsChecksumOk() tells whether the checksum matched, IsMalformed() whether the
 * packet is structurally inconsistent (too short, a Length below the type's
 * minimum or above the bytes present, a type that this class does not read,
 * a header part that is not a multiple of 4 bytes, bytes left over after the
 * last field, or an inconsistent body); GetMalformedReason() says what was
 * wrong first. Body fields are unspecified when IsMalformed() is true.
 */
class NetbltHeader : public Header
{
  public:
    /// Size of the fields common to all NETBLT packets, in bytes.
    static constexpr uint32_t COMMON_SIZE = 12;
    /**
     * Version number written by default. RFC 998 defines the field but gives
     * no number for the protocol it describes; this project uses 1.
     */
    static constexpr uint8_t DEFAULT_VERSION = 1;

    /**
     * @brief Constructs a KEEPALIVE header: version DEFAULT_VERSION, ports 0.
     */
    NetbltHeader();
    /**
     * @brief Constructs a header of the given type.
     * @param type KEEPALIVE, QUITACK or DONE (the types without a body); other
     *        types have their own class
     */
    explicit NetbltHeader(NetbltPacketType type);

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();
    TypeId GetInstanceTypeId() const override;

    /**
     * @brief Sets the packet type.
     *
     * Aborts if this class does not represent @p type (for example DATA on a
     * NetbltOpenHeader).
     *
     * @param type the packet type
     */
    void SetType(NetbltPacketType type);
    /**
     * @return the packet type; after Deserialize() it is the number read from
     *         the wire, which may be one that IsKnownType() rejects
     */
    NetbltPacketType GetType() const;
    /**
     * @param version the protocol version number
     */
    void SetVersion(uint8_t version);
    /**
     * @return the protocol version number
     */
    uint8_t GetVersion() const;
    /**
     * @param port the sending NETBLT's 16-bit port number
     */
    void SetLocalPort(uint16_t port);
    /**
     * @return the sending NETBLT's 16-bit port number
     */
    uint16_t GetLocalPort() const;
    /**
     * @param port the receiving NETBLT's 16-bit port number
     */
    void SetForeignPort(uint16_t port);
    /**
     * @return the receiving NETBLT's 16-bit port number
     */
    uint16_t GetForeignPort() const;

    /**
     * @brief The Length field: the total length of the NETBLT packet in bytes.
     *
     * After Deserialize() (or PeekCommonFields()) it is the value read from
     * the wire. Otherwise it is the value that Serialize() writes:
     * GetSerializedSize() + GetPayloadLength(), that is the header size for
     * every type but DATA and LDATA, and 24 + the data length for those.
     *
     * @return the Length field
     */
    uint16_t GetLength() const;
    /**
     * @return the checksum field as read by the last Deserialize() or written
     *         by the last Serialize() (0 before either)
     */
    uint16_t GetChecksum() const;
    /**
     * @return true if the last Deserialize() found the GetChecksummedLength()
     *         bytes present and their checksum equal to the checksum field;
     *         false otherwise, and false before any Deserialize()
     */
    bool IsChecksumOk() const;
    /**
     * @return true if the last Deserialize() found the packet structurally
     *         inconsistent (see the class description)
     */
    bool IsMalformed() const;
    /**
     * @return why the last Deserialize() found the packet malformed: the
     *         first inconsistency found; empty if IsMalformed() is false
     */
    std::string GetMalformedReason() const;

    /**
     * @brief The smallest valid Length for a packet type.
     *
     * OPEN and RESPONSE 40 (36 bytes of fields and the shortest client string,
     * one NUL padded to 4 bytes); KEEPALIVE, QUITACK and DONE 12; QUIT, ABORT
     * and REFUSED 16 (12 and the shortest reason string); DATA and LDATA 24
     * (no data); NULL-ACK 20; CONTROL 12 (no message). COMMON_SIZE for a
     * number that is not a known type.
     *
     * @param type the packet type
     * @return the smallest valid Length in bytes
     */
    static uint32_t GetMinimumLength(NetbltPacketType type);
    /**
     * @param type a packet type number read from the wire
     * @return true if RFC 998 defines @p type (0 to 11)
     */
    static bool IsKnownType(uint8_t type);
    /**
     * @brief Reads the 12 common bytes of a packet without removing them.
     *
     * Fills the common fields of @p common (checksum, version, type, length,
     * ports) from the first 12 bytes of @p packet and verifies nothing: the
     * type may be unknown and the checksum is not checked. Afterwards
     * IsChecksumOk() and IsMalformed() of @p common are both false and its
     * body fields are unchanged. Use it to choose the header class that
     * removes the packet's header.
     *
     * @param packet the packet, which is not modified
     * @param common the header that receives the common fields
     * @return false, leaving @p common unchanged, if @p packet is shorter than
     *         12 bytes; true otherwise
     */
    static bool PeekCommonFields(Ptr<const Packet> packet, NetbltHeader& common);
    /**
     * @brief Reads and checks the common fields of a packet that came up from IP.
     *
     * The packet must hold the 12 common bytes, a known type and @p version, and a Length
     * field no shorter than GetMinimumLength() and no longer than the packet; other than DATA
     * and LDATA, a multiple of 4. If it does, the longword padding after Length is removed.
     *
     * @param packet the packet
     * @param version the version this NETBLT accepts
     * @param common the header that receives the common fields (PeekCommonFields())
     * @return why the packet is malformed, or an empty string if it is not
     */
    static std::string CheckCommonFields(Ptr<Packet> packet, uint8_t version, NetbltHeader& common);
    /**
     * @param type a known packet type
     * @return a header of the class that reads packets of @p type (NetbltOpenHeader for OPEN
     *         and RESPONSE, NetbltDataHeader for DATA and LDATA, ...)
     */
    static std::shared_ptr<NetbltHeader> CreateForType(NetbltPacketType type);

    /**
     * @return COMMON_SIZE + GetBodySize(); for DATA and LDATA it does not
     *         include the data, which follows the header in the packet
     */
    uint32_t GetSerializedSize() const final;
    /**
     * @brief Writes the header, then its checksum.
     *
     * The Length written is GetSerializedSize() + GetPayloadLength(); aborts
     * if that exceeds 65535.
     *
     * @param start where to write; for DATA and LDATA with the data checksum
     *        enabled, the data must follow the header in the buffer (as it does
     *        in Packet::AddHeader())
     */
    void Serialize(Buffer::Iterator start) const final;
    /**
     * @brief Reads a header from all the bytes remaining after @p start.
     *
     * Reads at most min(Length, bytes remaining) bytes; see the class
     * description for what is verified.
     *
     * @param start where to read
     * @return the number of bytes of header consumed: the whole packet for
     *         every type but DATA and LDATA (as far as Length and the buffer
     *         allow), 24 bytes for DATA and LDATA, 12 if the type does not
     *         belong to this class, 0 if fewer than 12 bytes are present
     */
    uint32_t Deserialize(Buffer::Iterator start) final;
    /**
     * @brief Reads a header from the bytes between @p start and @p end.
     *
     * As Deserialize(Buffer::Iterator), with the bytes present bounded by
     * @p end (used by Packet::RemoveHeader(Header&, uint32_t)).
     *
     * @param start where to read
     * @param end the end of the bytes that may be read
     * @return the number of bytes of header consumed
     */
    uint32_t Deserialize(Buffer::Iterator start, Buffer::Iterator end) final;
    void Print(std::ostream& os) const final;

  protected:
    /**
     * @return the size in bytes of the fields that follow the 12 common bytes
     *         (0 here)
     */
    virtual uint32_t GetBodySize() const;
    /**
     * @brief Writes the fields that follow the 12 common bytes (none here).
     * @param i iterator after the common fields; advanced past the body
     */
    virtual void SerializeBody(Buffer::Iterator& i) const;
    /**
     * @brief Reads the fields that follow the 12 common bytes (none here).
     *
     * Never reads more than @p available bytes: where a field would not fit,
     * it calls SetMalformed() and stops.
     *
     * @param i iterator after the common fields; advanced past what was read
     * @param available bytes after the common fields that belong to the
     *        packet and are present: min(Length, bytes present) - 12
     * @return the number of bytes read (at most @p available)
     */
    virtual uint32_t DeserializeBody(Buffer::Iterator& i, uint32_t available);
    /**
     * @brief Prints the body fields (none here).
     * @param os output stream
     */
    virtual void PrintBody(std::ostream& os) const;
    /**
     * @return the number of bytes after the header that Length counts (0 here;
     *         the data length for DATA and LDATA)
     */
    virtual uint32_t GetPayloadLength() const;
    /**
     * @return the number of bytes, from the checksum field on, that the
     *         checksum field covers: GetLength() here (the whole packet);
     *         the 24 header bytes for DATA and LDATA
     */
    virtual uint32_t GetChecksummedLength() const;
    /**
     * @param type a known packet type
     * @return true if this class reads and writes packets of @p type
     *         (KEEPALIVE, QUITACK and DONE here)
     */
    virtual bool AcceptsType(NetbltPacketType type) const;
    /**
     * @return the 16 bits of the common header's longword alignment padding: zero here, as
     *         RFC 998 has it; DATA and LDATA carry the explicit rate there (the X extension)
     */
    virtual uint16_t GetAlignmentField() const;
    /**
     * @brief Takes the alignment padding read from the wire (ignored here, as RFC 998 asks).
     * @param value the 16 bits read
     */
    virtual void SetAlignmentField(uint16_t value);
    /**
     * @brief Records that the packet being deserialized is malformed.
     *
     * The first reason recorded since the start of Deserialize() is kept.
     *
     * @param reason what is wrong, for GetMalformedReason(); not empty
     */
    void SetMalformed(const std::string& reason);

    /**
     * @brief The size of a string field (client string, reason).
     *
     * RFC 998 section 8: "All arbitrary-length string fields are terminated
     * with at least one null byte, with extra null bytes added at the end to
     * create a field that is a multiple of 4 bytes long."
     *
     * @param s the string, without NUL
     * @return (s.size() + 1) rounded up to a multiple of 4
     */
    static uint32_t GetStringFieldSize(const std::string& s);
    /**
     * @brief Writes a string field: the bytes of @p s, then
     *        GetStringFieldSize(s) - s.size() NULs.
     * @param i where to write; advanced past the field
     * @param s the string, without NUL
     */
    static void SerializeStringField(Buffer::Iterator& i, const std::string& s);
    /**
     * @brief Reads a string field that fills the @p size bytes at @p i.
     *
     * The string ends at the first NUL; the bytes after it (the padding) are
     * skipped whatever their value. Calls SetMalformed() if there is no NUL in
     * the @p size bytes, and then @p s holds all of them.
     *
     * @param i where to read; advanced by @p size
     * @param size the size of the field: all the bytes left in the packet
     * @param s receives the string
     * @param name the field's name, for GetMalformedReason()
     * @return @p size
     */
    uint32_t DeserializeStringField(Buffer::Iterator& i,
                                    uint32_t size,
                                    std::string& s,
                                    const std::string& name);

  private:
    /**
     * @brief Reads a header from the @p present bytes that follow @p start.
     * @param start where to read
     * @param present the number of bytes that may be read
     * @return the number of bytes of header consumed
     */
    uint32_t DeserializeFrom(Buffer::Iterator start, uint32_t present);
    /**
     * @return the Length that Serialize() writes
     */
    uint32_t ComputeLength() const;

    NetbltPacketType m_type;       //!< Type field
    uint8_t m_version;             //!< Version field
    uint16_t m_localPort;          //!< Local port field
    uint16_t m_foreignPort;        //!< Foreign port field
    mutable uint16_t m_checksum;   //!< Checksum field last read or written
    uint16_t m_wireLength;         //!< Length field last read
    mutable bool m_lengthFromWire; //!< True if m_wireLength is what GetLength() returns
    bool m_checksumOk;             //!< Result of the last checksum verification
    std::string m_malformedReason; //!< Empty unless the last Deserialize() found a problem
};

} // namespace ns3

#endif /* NETBLT_HEADER_H */
