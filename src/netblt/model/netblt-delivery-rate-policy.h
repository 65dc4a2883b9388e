/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_DELIVERY_RATE_POLICY_H
#define NETBLT_DELIVERY_RATE_POLICY_H

#include "netblt-adaptive-rate-policy.h"

#include <deque>

namespace ns3
{

/**
 * @ingroup netblt
 * @brief Rate- and delay-driven rate control, in the spirit of packet pair (Keshav 1991), TCP
 * Vegas (1994) and BBR (2016): how densely a burst reaches the receiver says what the slowest
 * hop carries; the growth of the round trip says that a queue is forming.
 *
 * - **Capacity** (packet pair, BBR's bottleneck bandwidth): a burst leaves the sender back to
 *   back, so its densest stretch at the receiver shows the pace of the slowest hop. The
 *   receiver reports it in each OK (the burst spacing, an extension negotiated with the R flag
 *   of OPEN/RESPONSE, netblt-wire-format.rst); the capacity is 1 / the mean spacing of the last
 *   CapacitySamples reports (the Wideband delivers packets in pairs at the end of its frames,
 *   so one burst of five spans 37 ms, another 49 ms, and their mean the channel's 42.4 ms), and
 *   the rate never exceeds CapacityGain × it — unless the bursts arrive about as densely as
 *   they left (within SenderBoundTolerance of the sender's own spacing, the mean over its last
 *   CapacitySamples bursts): then the sender's CPU is the slowest hop, no queue can form beyond
 *   it, and the negotiated ceiling is the only bound. On the Wideband a
 *   burst of five crosses in two 21.22 ms frames: 94 packets per second, of which 0.95 keeps
 *   below the 93 the channel carries beside the other stations' load.
 * - **Growth**: every buffer acknowledged, sent at no less than AchievedFraction of the rate
 *   then in force, raises the rate by (gain − 1) × its packets ÷ the minimum round trip:
 *   × gain per round trip, StartupGain while a capacity is known and no queue was seen, else
 *   ProbeGain (a plain RFC 998 receiver reports nothing: then the queue alone guards the path);
 *   or, with ProbeIncrease, after the start-up ProbeIncrease packets per round trip added to the
 *   packets in flight (Jacobson's additive increase, with which flows sharing a path converge to
 *   equal shares: Chiu and Jain 1989).
 * - **Queue** (Vegas's "diff", NetbltAdaptiveRatePolicy's estimate) in packets of the path's
 *   pace (the capacity; the sender's rate without reports). Above QueueThreshold
 *   the rate drops to DrainFactor × itself, and the buffers sent within a minimum round trip of
 *   the drop, which meet the queue draining, change nothing.
 *
 * - **Outage**: a first RESEND for at least OutageShare of a buffer's packets, for a buffer sent
 *   after the last drop, is no noisy channel but the path failing (on the Wideband, an earth
 *   station resetting and dropping all it held): the rate drops to OutageFactor × itself, and
 *   the buffers sent before that change nothing more.
 *
 * Random loss (a noisy channel, RFC 1030 §8) is no signal: a RESEND for a few of a buffer's
 * packets neither stops the growth nor counts as a queue.
 */
class NetbltDeliveryRatePolicy : public NetbltAdaptiveRatePolicy
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    bool WantsRateReports() const override;
    void BurstSent(uint16_t packets, Time duration) override;

    /** @return the capacity reported (1 / the mean of the last spacings), packets/s; 0: none */
    double GetCapacity() const;
    /** @return true until the first queue */
    bool IsInStartup() const;

  protected:
    void Acknowledged(const Sample& sample) override;
    void Resent(uint32_t buffer, uint32_t missing, bool first) override;

  private:
    double m_startupGain;             //!< StartupGain, per round trip
    double m_probeGain;               //!< ProbeGain, per round trip
    double m_capacityGain;            //!< CapacityGain
    uint32_t m_capacitySamples;       //!< CapacitySamples
    double m_outageShare;             //!< OutageShare
    double m_outageFactor;            //!< OutageFactor
    double m_drainFactor;             //!< DrainFactor
    double m_queueThreshold;          //!< QueueThreshold, packets
    double m_probeIncrease;           //!< ProbeIncrease
    bool m_startup{true};             //!< no queue seen yet
    Time m_holdUntil;                 //!< buffers sent before this change nothing
    uint32_t m_outageBuffer{0};       //!< highest buffer sent at the last outage
    std::deque<double> m_capacities;  //!< the last reported spacings, s
    std::deque<double> m_ownSpacings; //!< the sender's own, last bursts, s
    double m_senderBoundTolerance;    //!< SenderBoundTolerance
};

} // namespace ns3

#endif /* NETBLT_DELIVERY_RATE_POLICY_H */
