/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_EXPLICIT_RATE_POLICY_H
#define NETBLT_EXPLICIT_RATE_POLICY_H

#include "netblt-source-quench-rate-policy.h"

namespace ns3
{

/**
 * @ingroup netblt
 * @brief Rate control with the network's help: the rate a gateway on the path computes for the
 * flow (NetbltExplicitRateQueueDisc, ERICA's way), carried by the X extension
 * (netblt-wire-format.rst); Source Quench and NetbltDeliveryRatePolicy where no gateway gives
 * one.
 *
 * The sender asks for X in its OPEN (or keeps it in its RESPONSE); its DATA packets then carry
 * an explicit-rate field the gateways lower, and the receiver offers the lowest rate it heard
 * back as the OK's burst values, marked as an explicit rate. From the first such OK on, the
 * bursts in force are the ones offered (never above the negotiated ceiling), with the outstanding
 * buffers NetbltAdaptiveRatePolicy derives from it; a rate the gateways wrote in the RESPONSE
 * (NetbltExplicitRateReturnQueueDisc) counts as such an OK, so that the first buffers already
 * go at it. RESENDs and round trips no longer change
 * it, since the gateway that sees the queue already counts them. Until then, and for the whole
 * transfer where no gateway writes a rate (a LAN) or the receiver does not echo it (a plain
 * RFC 998 receiver leaves X zero), the policy is NetbltSourceQuenchRatePolicy (delivery-rate,
 * with RFC 1016's delay when a gateway quenches): IsExplicitRateHeard() tells which. A quench
 * slows the sender as RFC 1016 has it until an explicit rate stamped on a buffer sent after the
 * quench, which supersedes it (the gateway that quenched counts its queue in that rate: D goes
 * back to zero); a rate stamped before the quench stays within RFC 1016's delay.
 */
class NetbltExplicitRatePolicy : public NetbltSourceQuenchRatePolicy
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    bool WantsExplicitRate() const override;
    void ExplicitRateReceived(uint16_t burstSize, uint16_t burstIntervalMs, Time now) override;
    void QuenchReceived(Time now) override;

    /** @return true once an OK carried a gateway's explicit rate */
    bool IsExplicitRateHeard() const;
    /** @return the last explicit rate heard, packets per second (0: none) */
    double GetExplicitRate() const;

  protected:
    void Acknowledged(const Sample& sample) override;
    void Resent(uint32_t buffer, uint32_t missing, bool first) override;

  private:
    double m_explicitRate{0};              //!< the gateways' rate, packets/s; 0 until the first
    uint16_t m_explicitBurstSize{0};       //!< the bursts that carry it
    uint16_t m_explicitBurstIntervalMs{0}; //!< their interval, ms
    Time m_lastQuench{Time(-1)};           //!< when the last quench came
    Time m_acknowledgedSent{Time(-1)};     //!< when the buffer of the last OK was sent
};

} // namespace ns3

#endif /* NETBLT_EXPLICIT_RATE_POLICY_H */
