/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TCP_TIME_SEQUENCE_H
#define TCP_TIME_SEQUENCE_H

#include "time-sequence.h"

#include "ns3/ptr.h"
#include "ns3/sequence-number.h"

#include <cstdint>

namespace ns3
{

class Address;
class Packet;
class PacketSink;
class TcpHeader;
class TcpSocketBase;

/**
 * @ingroup netblt-experiment
 * @brief The time-sequence trace of one TCP transfer (see TimeSequence): every data segment
 * the sending socket hands to IP, first or again (a segment starting below the highest byte
 * sent is a retransmission), and every read of the receiving client, at the byte offset of
 * its first data byte in the transfer (TCP delivers in order, so a read's offset is the bytes
 * read before it). Buffers and packets are NETBLT's, 0 here.
 */
class TcpTimeSequence : public TimeSequence
{
  public:
    /**
     * Listens to the sending socket's Tx trace source from now on.
     * @param socket the sending end, before its first data segment
     */
    void AttachSender(Ptr<TcpSocketBase> socket);

    /**
     * Listens to the receiving client's Rx trace source from now on.
     * @param sink the receiving client, before its first read
     */
    void AttachReceiver(Ptr<PacketSink> sink);

  private:
    /**
     * Tx trace sink of the sending socket.
     * @param payload the segment's data
     * @param header its TCP header
     * @param socket the socket
     */
    void SegmentSent(Ptr<const Packet> payload,
                     const TcpHeader& header,
                     Ptr<const TcpSocketBase> socket);
    /**
     * Rx trace sink of the receiving client.
     * @param packet the data read
     * @param from its peer
     */
    void Read(Ptr<const Packet> packet, const Address& from);

    bool m_started{false};      //!< some data segment has gone
    SequenceNumber32 m_first;   //!< sequence number of the first data byte
    SequenceNumber32 m_highest; //!< one past the highest data byte sent
    uint64_t m_bytesRead{0};    //!< data the receiving client has read
};

} // namespace ns3

#endif /* TCP_TIME_SEQUENCE_H */
