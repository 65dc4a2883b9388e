/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_CONTROL_CHANNEL_H
#define NETBLT_CONTROL_CHANNEL_H

#include "netblt-control-header.h"
#include "netblt-control-message.h"

#include "ns3/nstime.h"
#include "ns3/ptr.h"
#include "ns3/rtt-estimator.h"

#include <cstdint>
#include <deque>
#include <vector>

namespace ns3
{

/**
 * @ingroup netblt
 * @brief The receiver's side of NETBLT's control channel (RFC 998 §5.2.1, §5.3.1): the
 * sequence numbers of its control messages, the long-lived CONTROL packet that carries every
 * message not yet acknowledged, the round-trip estimate (timed by Karn's rule) and the control
 * timer with its backoff.
 *
 * It knows nothing of time but what it is told, and sends nothing: the connection asks it for
 * the packet to send (BuildPacket()), arms the control timer with GetTimerValue(), reports a
 * timer expiry (TimedOut()) and every acknowledgement from the sender (Acknowledge()).
 */
class NetbltControlChannel
{
  public:
    NetbltControlChannel();

    /** @param estimator the round-trip estimator the control timer is computed from */
    void SetRttEstimator(Ptr<RttEstimator> estimator);
    /** @return the round-trip estimator */
    Ptr<RttEstimator> GetRttEstimator() const;

    /** @param initial control-timer value before any round trip has been measured */
    void SetInitialTimer(Time initial);
    /** @param minimum smallest control-timer value, whatever the estimate */
    void SetMinimumTimer(Time minimum);
    /** @return the control-timer value before any round trip has been measured */
    Time GetInitialTimer() const;
    /** @return the smallest control-timer value */
    Time GetMinimumTimer() const;

    /** @param bytes the largest CONTROL packet (RFC 998 §5.2.1: typically 1000 bytes) */
    void SetMaxPacketSize(uint32_t bytes);
    /** @return the largest CONTROL packet, bytes */
    uint32_t GetMaxPacketSize() const;

    /** @return the sequence number for a new message (the first is 1) */
    uint16_t NextSequence();

    /** @param message a new message, sent with the unacknowledged ones until acknowledged */
    void Queue(const NetbltControlMessage& message);
    /** @return true if no message waits for its acknowledgement */
    bool IsEmpty() const;
    /** @return messages waiting for their acknowledgement */
    std::size_t GetQueuedCount() const;

    /**
     * The CONTROL packet to send now: the oldest unacknowledged messages that fit in
     * MaxPacketSize (the first always goes), each OK carrying the control-timer value this
     * transmission arms. The packet is timed for a round-trip sample only if its newest message
     * goes for the first time (Karn's rule).
     * @param now the time of the transmission
     * @param backoffCap the longest a backed-off timer may get
     * @return the header (no messages if none is queued)
     */
    NetbltControlHeader BuildPacket(Time now, Time backoffCap);

    /**
     * @param backoffCap the longest a backed-off timer may get (never below the unbacked value)
     * @return the control timer: the round-trip estimate plus four mean deviations (at least the
     *         minimum; the initial value before any sample), times the backoff
     */
    Time GetTimerValue(Time backoffCap) const;

    /** The control timer expired: the timer doubles, up to MAX_BACKOFF times its value. */
    void TimedOut();

    /**
     * The sender has acknowledged every message up to a sequence number (the high-consecutive
     * sequence number of its DATA, NULL-ACK or LDATA). Takes a round-trip sample if the timed
     * packet is acknowledged (and resets the backoff), and drops the acknowledged messages.
     * @param highConsecutive the sender's high-consecutive sequence number
     * @param now the arrival time of the acknowledgement
     * @return the messages acknowledged now, oldest first
     */
    std::vector<NetbltControlMessage> Acknowledge(uint16_t highConsecutive, Time now);

    /** Largest control-timer multiplier. */
    static constexpr uint32_t MAX_BACKOFF = 64;

  private:
    Ptr<RttEstimator> m_rtt;                  //!< round-trip estimator
    Time m_initialTimer;                      //!< before any sample
    Time m_minimumTimer;                      //!< lower bound of the estimate-based value
    uint32_t m_maxPacketSize{1000};           //!< largest CONTROL packet, bytes
    uint16_t m_nextSequence{1};               //!< next message's sequence number
    std::deque<NetbltControlMessage> m_queue; //!< unacknowledged messages, oldest first
    uint16_t m_highestSentSequence{0};        //!< newest sequence number sent so far
    bool m_timingSample{false};               //!< a transmission is being timed
    uint16_t m_sampleSequence{0};             //!< newest sequence number in that transmission
    Time m_sampleSentAt;                      //!< when it was sent
    uint32_t m_backoff{1};                    //!< control-timer multiplier
};

} // namespace ns3

#endif /* NETBLT_CONTROL_CHANNEL_H */
