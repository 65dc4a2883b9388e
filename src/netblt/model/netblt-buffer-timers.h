/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_BUFFER_TIMERS_H
#define NETBLT_BUFFER_TIMERS_H

#include "netblt-data-timer.h"
#include "netblt-rx-buffer.h"
#include "netblt-transfer-parameters.h"

#include "ns3/nstime.h"
#include "ns3/ptr.h"

#include <functional>

namespace ns3
{

/**
 * @ingroup netblt
 * @brief The receiving buffers' data timers (RFC 998 §5.2.2, RFC 1030 §7): when each buffer
 * whose GO or RESEND was acknowledged stops waiting for its packets.
 *
 * A buffer that has none of its packets yet gets a loose timer: long enough for its own packets
 * and those still due for the buffers before it. Its first packet sets a tight timer for the
 * packets it still misses; an estimator that recomputes at every arrival resets it at each. A
 * packet of a later buffer tightens it to the timeout for no more packets (packets go lowest
 * buffer first, so the missing ones are lost or re-ordered). The durations come from the
 * receiver's data-timer estimator (NetbltL4Protocol's DataTimerType); the expiry is the
 * receiver's (it sends the RESEND). Each timer's event is kept in its buffer's record.
 */
class NetbltBufferTimers
{
  public:
    /**
     * @param round the duration after which a timer of the given duration set now expires on
     *        the host's clock
     * @param expired called with a buffer's number when its data timer expires
     */
    void SetFunctions(std::function<Time(Time)> round, std::function<void(uint32_t)> expired);

    /** @param estimator the data-timer estimator the durations come from */
    void SetEstimator(Ptr<NetbltDataTimer> estimator);

    /** @return the data-timer estimator */
    Ptr<NetbltDataTimer> GetEstimator() const;

    /**
     * The buffer's GO or RESEND was acknowledged, or the burst values changed: it waits for
     * packets (state RECEIVING, tight timer, if it holds some; ACKED, loose timer, if not).
     * @param number the buffer's number
     * @param buffer the buffer
     * @param buffers every receiving buffer (the packets due before this one)
     * @param params the parameters in force
     */
    void Await(uint32_t number,
               NetbltRxBuffer::Buffer& buffer,
               const NetbltRxBuffer& buffers,
               const NetbltTransferParameters& params);

    /**
     * Await() again for every buffer waiting for packets (the burst values changed: timers set
     * at the old rate would expire before the packets of a slower sender can arrive).
     * @param buffers every receiving buffer
     * @param params the parameters in force
     */
    void AwaitAll(NetbltRxBuffer& buffers, const NetbltTransferParameters& params);

    /**
     * A new packet of a buffer waiting for packets arrived, and the buffer is not complete: it
     * is RECEIVING, with a tight timer.
     * @param number the buffer's number
     * @param buffer the buffer
     * @param ldata the packet was its LDATA (nothing more is coming unless re-ordered)
     * @param params the parameters in force
     */
    void PacketArrived(uint32_t number,
                       NetbltRxBuffer::Buffer& buffer,
                       bool ldata,
                       const NetbltTransferParameters& params);

    /**
     * A later buffer's packet arrived: the buffer's timer expires no later than the timeout
     * for no more packets.
     * @param number the buffer's number
     * @param buffer the buffer
     * @param params the parameters in force
     */
    void Tighten(uint32_t number,
                 NetbltRxBuffer::Buffer& buffer,
                 const NetbltTransferParameters& params);

    /** @param buffer a buffer whose timer stops (removed, so that it does not hold the clock) */
    static void Stop(NetbltRxBuffer::Buffer& buffer);

    /** @param buffers buffers whose timers all stop */
    static void StopAll(const NetbltRxBuffer& buffers);

  private:
    /**
     * @param number the buffer's number
     * @param buffer the buffer
     * @param delay the timer's duration
     * @param neverLater leave a timer that expires sooner as it is
     */
    void Arm(uint32_t number, NetbltRxBuffer::Buffer& buffer, Time delay, bool neverLater);

    Ptr<NetbltDataTimer> m_estimator;        //!< the durations
    std::function<Time(Time)> m_round;       //!< rounds a delay onto the host's clock
    std::function<void(uint32_t)> m_expired; //!< the expiry action
};

} // namespace ns3

#endif /* NETBLT_BUFFER_TIMERS_H */
