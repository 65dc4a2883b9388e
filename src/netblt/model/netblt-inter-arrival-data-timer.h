/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_INTER_ARRIVAL_DATA_TIMER_H
#define NETBLT_INTER_ARRIVAL_DATA_TIMER_H

#include "netblt-data-timer.h"

#include <deque>

namespace ns3
{

/**
 * @ingroup netblt
 * @brief RFC 1030 §7's adaptive data timer: the per-packet time is the mean of the last
 * 2 × BurstSize inter-arrival times (whole bursts, whatever the phase), never less than burst
 * interval / burst size; the margin is one burst interval plus four mean deviations of the
 * inter-arrival time, at least MinimumMargin. A buffer's tight timer is recomputed at every
 * arrival, so the estimate lengthens when packets are delayed.
 */
class NetbltInterArrivalDataTimer : public NetbltDataTimer
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    void PacketArrived(Time now, const NetbltTransferParameters& params) override;
    void SetArrivalsContinue(bool continuing) override;
    Time GetPerPacketTime(const NetbltTransferParameters& params) const override;
    Time GetMargin(const NetbltTransferParameters& params) const override;
    bool RecomputesAtEveryArrival() const override;

    /** @return the inter-arrival samples held (at most 2 × BurstSize) */
    std::size_t GetSampleCount() const;

  private:
    Time m_lastArrival;        //!< arrival of the previous packet
    bool m_running{false};     //!< the gap since m_lastArrival will be a sample
    std::deque<Time> m_window; //!< the last 2 x BurstSize inter-arrival times
    Time m_sum;                //!< their sum
    Time m_deviation;          //!< running mean deviation of inter-arrival times
};

} // namespace ns3

#endif /* NETBLT_INTER_ARRIVAL_DATA_TIMER_H */
