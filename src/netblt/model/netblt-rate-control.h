/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_RATE_CONTROL_H
#define NETBLT_RATE_CONTROL_H

#include "netblt-transfer-parameters.h"

#include "ns3/nstime.h"

#include <cstdint>

namespace ns3
{

/**
 * @ingroup netblt
 * @brief NETBLT's rate control (RFC 998 §4, §5.2; RFC 1030 §3): bursts of BurstSize packets,
 * one every BurstInterval, and the receiver's side of their renegotiation in NULL-ACK.
 *
 * The sending end paces with it: the burst interval runs from the start of one burst's
 * transmission to the start of the next, so a burst the CPU delayed delays the ones after it,
 * and a burst timer that expires while the previous burst is still going out starts the next
 * burst as soon as that one ends (one sending task). Which values are in force at the sender is
 * its NetbltRatePolicy's decision; the receiver takes them from the NULL-ACK.
 *
 * Schedules nothing: NetbltSender owns the burst timer and asks this class when bursts are due.
 */
class NetbltRateControl
{
  public:
    /**
     * Receiver: the sender's answer in a NULL-ACK.
     * @param params the connection's parameters, whose burst values are updated
     * @param burstSize the burst size in force
     * @param burstIntervalMs the burst interval in force, ms
     */
    static void AcceptAnswer(NetbltTransferParameters& params,
                             uint16_t burstSize,
                             uint16_t burstIntervalMs);

    /**
     * @param now the current time
     * @param interval the burst interval in force
     * @return how long until the next burst may start (zero: now)
     */
    Time GetDelayToNextBurst(Time now, Time interval) const;

    /** @return true while a burst's packets are still being sent (or its CPU job waits) */
    bool IsBurstActive() const;

    /**
     * The burst timer expired (or data became ready).
     * @return true if a burst may begin now; false if the burst still going out must end first
     *         (the new one is then remembered as due, see EndBurst())
     */
    bool BurstTimerExpired();

    /** A burst begins: its CPU job is queued. */
    void BeginBurst();

    /**
     * The burst's transmission starts.
     * @param now the current time
     * @param burstSize packets in the burst
     */
    void StartTransmission(Time now, uint16_t burstSize);

    /** @return true (and one fewer left) if the burst may send another packet */
    bool TakePacket();

    /** @return true if another burst came due while this one was going out */
    bool EndBurst();

  private:
    Time m_lastBurstStart;      //!< start of the last burst's transmission
    bool m_burstStarted{false}; //!< some burst has started
    bool m_burstActive{false};  //!< a burst's packets are still being sent
    bool m_burstDue{false};     //!< the burst timer expired during the active burst
    uint16_t m_packetsLeft{0};  //!< packets the active burst may still send
};

} // namespace ns3

#endif /* NETBLT_RATE_CONTROL_H */
