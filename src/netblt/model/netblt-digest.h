/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef NETBLT_DIGEST_H
#define NETBLT_DIGEST_H

#include "ns3/packet.h"

#include <array>
#include <cstdint>

namespace ns3
{

/**
 * @ingroup netblt
 * A 64-bit digest of a byte stream, so that what a sending client gave and a receiving client
 * got can be compared without keeping either.
 *
 * FNV-1a over the stream's 8-byte little-endian words, each step followed by folding the
 * high half into the low, in four lanes: word k goes into lane k mod 4, so that the four
 * multiplication chains run side by side. GetValue() takes the lanes and the word count into
 * one state the same way, then a final partial word byte by byte. Every step is a bijection of
 * its state and of its word, so a change in any one word always changes the result. The digest
 * depends on the stream only, not on how it is cut into packets, and takes about a thirtieth
 * of the time of byte-wise FNV-1a (which matters for transfers of 50 million bytes).
 */
class NetbltDigest
{
  public:
    /**
     * Appends bytes to the stream.
     * @param bytes the first byte
     * @param size how many
     */
    void Add(const uint8_t* bytes, uint32_t size);

    /**
     * Appends a packet's bytes to the stream.
     * @param packet the bytes
     */
    void Add(Ptr<const Packet> packet);

    /// @return the digest of the stream so far
    uint64_t GetValue() const;

  private:
    /**
     * Takes one word into a state.
     * @param state the state so far
     * @param word the next word
     * @return the new state
     */
    static uint64_t Step(uint64_t state, uint64_t word);

    /**
     * Takes the next whole word of the stream into its lane.
     * @param word the word
     */
    void TakeWord(uint64_t word);

    /**
     * @param bytes eight bytes
     * @return them as a little-endian word
     */
    static uint64_t LoadWord(const uint8_t* bytes);

    /// Lanes of whole words; each starts from the FNV-1a 64-bit offset basis plus its number.
    std::array<uint64_t, 4> m_lanes{14695981039346656037ULL,
                                    14695981039346656038ULL,
                                    14695981039346656039ULL,
                                    14695981039346656040ULL};
    uint64_t m_words{0};                //!< whole words taken so far
    std::array<uint8_t, 8> m_partial{}; //!< bytes of the word not yet complete
    uint32_t m_partialSize{0};          //!< how many of m_partial are in use
};

} // namespace ns3

#endif /* NETBLT_DIGEST_H */
