/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_BURST_RATE_DATA_TIMER_H
#define NETBLT_BURST_RATE_DATA_TIMER_H

#include "netblt-data-timer.h"

namespace ns3
{

/**
 * @ingroup netblt
 * @brief RFC 998 §5.2.2's data timer: burst interval / burst size per packet, and one burst
 * interval plus MinimumMargin as margin; a buffer's tight timer is set once, at its first
 * packet. Arrivals are not measured.
 */
class NetbltBurstRateDataTimer : public NetbltDataTimer
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    Time GetPerPacketTime(const NetbltTransferParameters& params) const override;
    Time GetMargin(const NetbltTransferParameters& params) const override;
    bool RecomputesAtEveryArrival() const override;
};

} // namespace ns3

#endif /* NETBLT_BURST_RATE_DATA_TIMER_H */
