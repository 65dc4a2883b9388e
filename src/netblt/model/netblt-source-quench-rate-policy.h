/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_SOURCE_QUENCH_RATE_POLICY_H
#define NETBLT_SOURCE_QUENCH_RATE_POLICY_H

#include "netblt-delivery-rate-policy.h"

namespace ns3
{

class NetbltQuenchDelay;

/**
 * @ingroup netblt
 * @brief Rate control with the network's help: ICMP Source Quench from the gateways (RFC 792,
 * RFC 1009), answered as RFC 1016 proposes, over NetbltDeliveryRatePolicy.
 *
 * Every quench the sender hears goes to RFC 1016's SQuID rule (NetbltQuenchDelay, attribute
 * QuenchDelay): an increase event raises the delay D to at least 75 ms, and D wears away by
 * 1 ms each second the sender sends. The packets then go at least D apart on average: a burst
 * of b packets waits b × D after the one before, whatever NetbltDeliveryRatePolicy's rate
 * would allow. Where no gateway quenches (a LAN, or a path whose gateways keep quiet), D stays
 * zero and the policy is NetbltDeliveryRatePolicy: GetQuenches() tells.
 */
class NetbltSourceQuenchRatePolicy : public NetbltDeliveryRatePolicy
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    NetbltSourceQuenchRatePolicy();
    ~NetbltSourceQuenchRatePolicy() override;

    void QuenchReceived(Time now) override;
    void BufferSent(uint32_t buffer, uint16_t packets, Time now) override;
    void BufferAcknowledged(uint32_t buffer,
                            Time controlTimer,
                            Time burstSpacing,
                            Time now) override;
    void ResendReceived(uint32_t buffer, uint32_t missing, Time now) override;

    /** @return the Source Quenches heard */
    uint32_t GetQuenches() const;
    /** @return RFC 1016's delay D as it stands */
    Time GetQuenchDelay() const;

  protected:
    /** Sets D back to zero: a signal that supersedes the quenches heard so far came in. */
    void ForgetQuenches();

  private:
    /**
     * Applies a decrease event if one is due and puts D in force.
     * @param now the current time
     */
    void ApplyDelay(Time now);

    Ptr<NetbltQuenchDelay> m_delay; //!< RFC 1016's D (attribute QuenchDelay)
    uint32_t m_quenches{0};         //!< see GetQuenches()
};

} // namespace ns3

#endif /* NETBLT_SOURCE_QUENCH_RATE_POLICY_H */
