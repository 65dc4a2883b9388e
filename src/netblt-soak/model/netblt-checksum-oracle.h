/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_CHECKSUM_ORACLE_H
#define NETBLT_CHECKSUM_ORACLE_H

#include "ns3/netblt-connection.h"
#include "ns3/packet.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <set>
#include <tuple>
#include <vector>

namespace ns3
{

/**
 * @ingroup netblt-soak
 * @brief An oracle behind NETBLT's checksums for the soak: it watches what a set of
 * connections send and take in, and tells which packets got past the checks although no end
 * sent them as they are.
 *
 * Every packet a connection takes in (its Rx trace) must have a right header checksum
 * (RFC 998 §5.1), recomputed here independently of NetbltL4Protocol; a wrong one is counted
 * (GetWrongChecksumTakenIn()), and is the model's fault. A packet whose checked bytes (all of
 * it, or a DATA/LDATA header alone without the C flag) no end sent, yet whose checksums are
 * right, got damaged on the way in a way RFC 998's ones'-complement sum cannot see (two bit
 * errors that cancel, a 0x0000 word turned 0xffff), or was forged (GetUnsentTakenIn()).
 * IsChecksumBlind() then judges delivered data against what was sent.
 */
class NetbltChecksumOracle
{
  public:
    /** @param connection a connection whose Tx and Rx traces to watch from now on */
    void Watch(Ptr<NetbltConnection> connection);

    /** @return packets taken in with a wrong header checksum */
    uint64_t GetWrongChecksumTakenIn() const;

    /** @return packets taken in, their checksums right, whose checked bytes no end sent */
    uint64_t GetUnsentTakenIn() const;

    /**
     * @param data the bytes the sending client handed over
     * @param received what the receiving client got through @p connection, damaged
     * @param connection the receiving connection (its negotiated buffer and packet sizes)
     * @return true if every damaged DATA packet's data has the RFC 998 checksum of the original
     *         data at its place, or came where a DATA/LDATA packet no end sent passed both
     *         checksums: damage no checksum could have caught
     */
    bool IsChecksumBlind(const std::vector<uint8_t>& data,
                         const std::vector<uint8_t>& received,
                         Ptr<NetbltConnection> connection) const;

    /**
     * @param bytes a packet (padding removed or not)
     * @param checksumData the connection's C flag
     * @return a digest of the bytes a checksum covers: all Length bytes, or a DATA/LDATA
     *         packet's header alone when its data is not checksummed
     */
    static uint64_t CheckedDigest(const std::vector<uint8_t>& bytes, bool checksumData);

  private:
    void Sent(NetbltConnection* connection, Ptr<const Packet> packet);
    void TakenIn(NetbltConnection* connection, Ptr<const Packet> packet);

    std::set<uint64_t> m_sent;          //!< CheckedDigest() of every packet sent
    uint64_t m_unsentTakenIn{0};        //!< checked packets taken in that no end sent
    uint64_t m_wrongChecksumTakenIn{0}; //!< packets taken in with a wrong header checksum
    /// (connection, buffer, packet) of each DATA/LDATA no end sent that passed both checksums
    std::set<std::tuple<NetbltConnection*, uint32_t, uint16_t>> m_blindData;
};

} // namespace ns3

#endif /* NETBLT_CHECKSUM_ORACLE_H */
