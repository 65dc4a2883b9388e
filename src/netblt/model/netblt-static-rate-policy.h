/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_STATIC_RATE_POLICY_H
#define NETBLT_STATIC_RATE_POLICY_H

#include "netblt-rate-policy.h"

namespace ns3
{

/**
 * @ingroup netblt
 * @brief RFC 998's rate control: the negotiated burst size, burst interval and outstanding
 * buffers, and an OK's offered burst values accepted as far as this end's own limits allow
 * (at most its burst size, at least its burst interval). Loss and timing change nothing: every
 * published figure of RFC 1030 ran this way, with hand-tuned values. The default.
 */
class NetbltStaticRatePolicy : public NetbltRatePolicy
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    void Established(const NetbltTransferParameters& negotiated, Time now) override;
    void OfferReceived(uint16_t burstSize, uint16_t burstIntervalMs) override;
};

} // namespace ns3

#endif /* NETBLT_STATIC_RATE_POLICY_H */
