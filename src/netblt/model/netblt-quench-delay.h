/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_QUENCH_DELAY_H
#define NETBLT_QUENCH_DELAY_H

#include "ns3/nstime.h"
#include "ns3/object.h"

namespace ns3
{

/**
 * @ingroup netblt
 * @brief RFC 1016's Source Quench Introduced Delay (SQuID) for one destination: the delay D a
 * sender keeps between its datagrams, raised by Source Quenches and worn away while it sends.
 *
 * RFC 1016, "The SQuID Algorithm":
 * - on an increase event, D <- max(D + K, I), K = 20 ms, I = 75 ms;
 * - on a decrease event, D <- max(D - J, 0), J = 1 ms;
 * - an increase event is the receipt of one or more Source Quenches in an event period E of
 *   2 s: the first quench raises D and opens the period, later ones within it do nothing;
 * - a decrease event is when S = 1 s has passed since D was decreased and there is a datagram
 *   to send: GetDelay() is that moment, one decrease at most per call however long the sender
 *   was idle (RFC 1016: "when no datagrams are sent to a destination for some time the D for
 *   that destination is not decreased").
 * D starts at zero ("The SQuID Concept"). Before its first decrease, D's age counts from the
 * increase that raised it from zero (this model's reading: D cannot decrease before it exists).
 *
 * A value class, as NetbltRatePolicy: it schedules nothing and reads no clock; every call
 * carries its time. RFC 1016 keeps a D per destination host (a cache of the last M); a NETBLT
 * sender has one destination, so one object per connection (its rate policy's) is that cache.
 */
class NetbltQuenchDelay : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    NetbltQuenchDelay();
    ~NetbltQuenchDelay() override;

    /**
     * A Source Quench arrived.
     * @param now the current time
     * @return true if it was an increase event (D raised), false if it fell in the event period
     *         of an earlier one
     */
    bool Quench(Time now);

    /**
     * A datagram is to be sent now: applies a decrease event if S has passed since D was last
     * decreased.
     * @param now the current time
     * @return D, the delay to keep before the next datagram
     */
    Time GetDelay(Time now);

    /** @return D as it stands, with no decrease event */
    Time PeekDelay() const;

    /** @return when the current event period began (the last increase event); -1 if none */
    Time GetLastIncrease() const;

    /** Back to D = 0, with no event period open (a new transfer). */
    void Reset();

  private:
    Time m_increaseStep;     //!< K, attribute IncreaseStep
    Time m_minimumDelay;     //!< I, attribute MinimumDelay
    Time m_decreaseStep;     //!< J, attribute DecreaseStep
    Time m_eventPeriod;      //!< E, attribute EventPeriod
    Time m_decreaseInterval; //!< S, attribute DecreaseInterval
    Time m_delay;            //!< D
    Time m_lastIncrease;     //!< when the current event period began; -1: none yet
    Time m_lastDecrease;     //!< when D last decreased (or rose from zero)
};

} // namespace ns3

#endif /* NETBLT_QUENCH_DELAY_H */
