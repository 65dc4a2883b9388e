/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_STEADY_STATE_METER_H
#define NETBLT_STEADY_STATE_METER_H

#include "ns3/netblt-sender.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"

#include <cstdint>

namespace ns3
{

/**
 * @ingroup netblt-experiment
 * @brief RFC 1030 §3's steady-state throughput of one transfer, measured at the sending end
 * from NetbltSender's DataSent trace source.
 *
 * The steady-state throughput is the rate as the transfer size goes to infinity, without the
 * connection set-up and the recovery after the last buffer is sent: the client bits of every
 * buffer but the last, over the time from the first transmission of the first buffer's first
 * packet to the first transmission of the last buffer's first packet. With a single buffer:
 * the data bits first sent before its last packet, over the time from its first packet to its
 * last.
 */
class NetbltSteadyStateMeter
{
  public:
    /**
     * Listens to a sender's DataSent trace source from now on.
     * @param sender the sending end, before its first DATA packet
     */
    void Attach(Ptr<NetbltSender> sender);

    /**
     * One DATA/LDATA transmission (the DataSent trace source's signature; its length is
     * unused: the sizes are the negotiated ones).
     * @param sent the transmission
     */
    void DataSent(const NetbltTxBuffer::Transmission& sent);

    /** @return bits per second, or 0 if the transfer sent too little to tell */
    double GetThroughput() const;

  private:
    Ptr<NetbltSender> m_sender;           //!< for the negotiated buffer size
    bool m_started{false};                //!< some DATA packet has gone
    Time m_firstDataTime;                 //!< first transmission of the first packet
    Time m_lastBufferStartTime;           //!< first transmission of the last buffer's first packet
    uint64_t m_bytesBeforeLastBuffer{0};  //!< client bytes in the buffers before the last
    Time m_lastNewDataTime;               //!< first transmission of the last buffer's last packet
    uint64_t m_bytesBeforeLastNewData{0}; //!< data bytes of the transfer before that packet
};

} // namespace ns3

#endif /* NETBLT_STEADY_STATE_METER_H */
