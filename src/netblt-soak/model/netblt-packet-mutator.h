/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_PACKET_MUTATOR_H
#define NETBLT_PACKET_MUTATOR_H

#include "ns3/ptr.h"
#include "ns3/random-variable-stream.h"

#include <cstdint>
#include <deque>
#include <string>
#include <vector>

namespace ns3
{

/**
 * @ingroup netblt-soak
 * @brief Damages NETBLT packets (RFC 998 §8) and makes random ones, for the soak's mutation
 * fuzzer.
 *
 * A mutation works on the bytes of a real packet, NETBLT header first: bit flips, byte
 * changes, truncation, extension, a changed field of the packet's type (type, version, length,
 * checksum, ports; OPEN/RESPONSE values and flags; DATA buffer and packet numbers, flags, data
 * checksum; NULL-ACK values; a control message's type, sequence number, buffer number, burst
 * values, RESEND count and packet numbers; unterminated strings), control messages removed,
 * repeated, cut or added, another type number with a matching Length, the header of one packet
 * spliced onto the body of another, or an older packet replayed as it was. When forging, most
 * field changes, and some of the others, are followed by a correct header checksum (and
 * Length), so that the packet gets past the checksum to the checks behind it; the data-area
 * checksum of DATA is never recomputed.
 */
class NetbltPacketMutator
{
  public:
    /** @param random the variable every choice is drawn from (its stream set by the caller) */
    explicit NetbltPacketMutator(Ptr<UniformRandomVariable> random);

    /**
     * @param forging true: make some damaged packets well formed again (a right header
     *        checksum, a matching Length) and random datagrams with a right checksum, so that
     *        they reach the connection; false: leave every checksum as the damage left it
     *        (only damage the checksum cannot see gets past it)
     */
    void SetForging(bool forging);

    /**
     * @param sparing true: never make a packet that ends or hijacks a connection by design
     *        (OPEN, RESPONSE, QUIT, ABORT, REFUSED) with a right checksum, so that the rest of
     *        the mutations meet a live connection for longer
     */
    void SetSparing(bool sparing);

    /** @param type a NETBLT type number @return true for OPEN, RESPONSE, QUIT, ABORT, REFUSED */
    static bool IsLethal(uint8_t type);

    /**
     * Damages a packet.
     * @param bytes the packet, changed in place
     * @param older earlier packets, for splicing and replaying (may be empty)
     * @param checksumFixed set to true if the header checksum was made right afterwards
     * @return the mutation's name ("bit-flips", "field:buffer-number", ...)
     */
    std::string Mutate(std::vector<uint8_t>& bytes,
                       const std::deque<std::vector<uint8_t>>& older,
                       bool& checksumFixed);

    /**
     * Makes a random datagram: random bytes, or a NETBLT header of a random type with a random
     * body, a matching Length and a right checksum.
     * @param localPort the port to write as the sender's (often)
     * @param foreignPort the port to write as the receiver's (often)
     * @param kind set to "random-bytes" or "random-header"
     * @return the datagram's payload
     */
    std::vector<uint8_t> MakeRandom(uint16_t localPort, uint16_t foreignPort, std::string& kind);

    /**
     * Writes the header checksum a sender would compute: over Length bytes, or the 24 header
     * bytes of DATA/LDATA.
     * @param bytes the packet
     * @return false if the packet is too short for that (nothing is changed)
     */
    static bool FixChecksum(std::vector<uint8_t>& bytes);

    /**
     * @param bytes a packet of at least 6 bytes
     * @param length the value to write in its Length field
     */
    static void SetLength(std::vector<uint8_t>& bytes, uint32_t length);

    /**
     * @param bytes a packet
     * @return true if its header checksum is what a sender computes (see FixChecksum())
     */
    static bool IsChecksumRight(const std::vector<uint8_t>& bytes);

    /**
     * @param bytes some bytes
     * @param size how many
     * @return RFC 998's checksum of them (NetbltChecksum)
     */
    static uint16_t Checksum(const uint8_t* bytes, uint32_t size);

    /**
     * @param bytes some bytes
     * @param size how many
     * @return their 64-bit digest (FNV-1a)
     */
    static uint64_t Digest(const uint8_t* bytes, size_t size);

    /**
     * @param packet a packet as a connection's Tx or Rx trace gives it
     * @return the Digest() of its first Length bytes (all of them if Length is larger or below
     *         12), so that a packet sent and the same packet received compare equal
     */
    static uint64_t PacketDigest(const std::vector<uint8_t>& packet);

  private:
    /** A field of a packet: where it is, how wide, what it is called. */
    struct Field
    {
        uint32_t offset;  //!< first byte
        uint32_t width;   //!< 1, 2 or 4 bytes; 0 for a string running to the end
        std::string name; //!< for the report
    };

    /** @param bytes a packet @return the fields its type has, as far as the bytes go */
    static std::vector<Field> FieldsOf(const std::vector<uint8_t>& bytes);
    /** @param bytes a CONTROL packet @return the offset of each message that fits */
    static std::vector<uint32_t> ControlMessages(const std::vector<uint8_t>& bytes);

    /** @param width field width in bytes @param current its value @return a new value */
    uint32_t InterestingValue(uint32_t width, uint32_t current);
    std::string ChangeField(std::vector<uint8_t>& bytes);
    std::string ChangeMessages(std::vector<uint8_t>& bytes);
    /** @param n exclusive bound @return an integer in [0, n) (0 if n is 0) */
    uint32_t Below(uint32_t n);
    /** @param probability of true @return true with that probability */
    bool Chance(double probability);

    Ptr<UniformRandomVariable> m_random; //!< every choice
    bool m_sparing{false};               //!< see SetSparing()
    bool m_forging{true};                //!< see SetForging()
};

} // namespace ns3

#endif /* NETBLT_PACKET_MUTATOR_H */
