/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TCP_STEADY_STATE_METER_H
#define TCP_STEADY_STATE_METER_H

#include "ns3/nstime.h"
#include "ns3/ptr.h"
#include "ns3/sequence-number.h"

#include <cstdint>

namespace ns3
{

class Packet;
class TcpHeader;
class TcpSocketBase;

/**
 * @ingroup netblt-experiment
 * @brief RFC 1030 §3's steady-state throughput of a TCP transfer, and its segment counts.
 *
 * RFC 1030 measures the rate "as the transfer size approaches infinity", leaving out the
 * connection set-up and the recovery of losses after the last buffer is sent. For TCP, as for
 * NETBLT (NetbltSteadyStateMeter): the data first sent before the first transmission of the
 * segment that carries the transfer's last byte, over the time from the first data segment's
 * first transmission to then. Retransmissions count for the segments sent but not for the
 * rate, so losses cost throughput only by the time the window waited for them.
 */
class TcpSteadyStateMeter
{
  public:
    /**
     * Listens to a sending socket's Tx trace source from now on.
     * @param socket the sending end, before its first data segment
     * @param transferSize bytes the application sends over it
     */
    void Attach(Ptr<TcpSocketBase> socket, uint64_t transferSize);

    /**
     * One segment handed to IP (the Tx trace source's signature).
     * @param payload its data, without the header
     * @param header its TCP header
     * @param socket the sending socket
     */
    void SegmentSent(Ptr<const Packet> payload,
                     const TcpHeader& header,
                     Ptr<const TcpSocketBase> socket);

    /** @return bits per second, or 0 if the transfer sent too little to tell */
    double GetThroughput() const;

    /** @return data segments sent, first transmissions and repeated */
    uint64_t GetDataSegmentsSent() const;

    /** @return data segments sent again (starting below the highest sequence sent) */
    uint64_t GetRetransmitted() const;

  private:
    uint64_t m_transferSize{0};     //!< bytes the transfer carries
    bool m_started{false};          //!< some data segment has gone
    SequenceNumber32 m_first;       //!< sequence number of the first data byte
    SequenceNumber32 m_highest;     //!< one past the highest data byte sent
    Time m_firstDataTime;           //!< first transmission of the first data segment
    Time m_lastNewDataTime;         //!< first transmission of the segment with the last byte
    uint64_t m_bytesBeforeLast{0};  //!< data bytes first sent before that segment
    uint64_t m_dataSegmentsSent{0}; //!< counter
    uint64_t m_retransmitted{0};    //!< counter
};

} // namespace ns3

#endif /* TCP_STEADY_STATE_METER_H */
