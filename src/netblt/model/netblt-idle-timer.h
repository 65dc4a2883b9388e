/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_IDLE_TIMER_H
#define NETBLT_IDLE_TIMER_H

#include "ns3/event-id.h"
#include "ns3/nstime.h"

#include <functional>

namespace ns3
{

/**
 * @ingroup netblt
 * @brief A timer that expires once a duration has passed without activity: NETBLT's death
 * timer (nothing heard from the other end, RFC 998 §5.2.3) and its KEEPALIVE timer (nothing
 * sent to it).
 *
 * Kept lazily: Touch() only notes the time of the activity, and the pending event, when it
 * comes, re-arms itself for the remainder. A packet then costs no event of its own, where
 * cancelling and rescheduling would cost one per packet.
 */
class NetbltIdleTimer
{
  public:
    /**
     * @param round the duration after which a timer of the given duration set now expires on
     *        the host's clock
     * @param expired called once the duration has passed without activity
     */
    void SetFunctions(std::function<Time(Time)> round, std::function<void()> expired);

    /** Activity now: the timer runs its duration from now on. */
    void Touch();

    /**
     * Starts the timer unless it is running: it expires @p duration after the last activity.
     * @param duration the idle time that expires it
     */
    void Arm(Time duration);

    /** @return true while the timer runs (Arm() would change nothing) */
    bool IsRunning() const;

    /** Stops the timer (removing its event, so that it does not hold the clock). */
    void Cancel();

  private:
    /** The event: expire, or re-arm for the rest of the duration after the last activity. */
    void Check();

    std::function<Time(Time)> m_round; //!< rounds a delay onto the host's clock
    std::function<void()> m_expired;   //!< the expiry action
    Time m_lastActivity;               //!< when Touch() was last called
    Time m_duration;                   //!< the idle time that expires the timer
    EventId m_event;                   //!< the pending check
};

} // namespace ns3

#endif /* NETBLT_IDLE_TIMER_H */
