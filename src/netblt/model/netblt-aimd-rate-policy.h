/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_AIMD_RATE_POLICY_H
#define NETBLT_AIMD_RATE_POLICY_H

#include "netblt-adaptive-rate-policy.h"

namespace ns3
{

/**
 * @ingroup netblt
 * @brief Loss-driven rate control: additive increase, multiplicative decrease, after Jacobson
 * (1988) and Jain and Ramakrishnan's DECbit (1988), on the rate instead of a window.
 *
 * - **Slow start** (Jacobson), until the first cut: each buffer acknowledged without a RESEND
 *   adds its packets ÷ the minimum round trip to the rate, which doubles it every round trip.
 * - **Additive increase**: afterwards, each such buffer adds AdditiveIncrease packets per second.
 * - **Multiplicative decrease**: the loss fraction is a moving average, over buffers, of the share
 *   of a buffer's packets its first RESEND asks for (gain LossGain; 0 for a buffer without one).
 *   A RESEND that takes it above LossThreshold multiplies the rate by DecreaseFactor, once per
 *   round trip: RESENDs for buffers sent before the cut do not cut again (TCP's recovery). A
 *   threshold of 0 cuts on every loss, as TCP does; DECbit's 0.875 and a threshold above the
 *   path's random loss let a noisy channel through, as RFC 1030 §8 asks.
 * - The rate does not grow while the sender does not reach it (its CPU, its client or the
 *   outstanding buffers held it back: the send rate of the acknowledged buffer is below
 *   AchievedFraction of the rate it was sent at), as TCP validates its window (RFC 7661).
 *
 * Loss is its only signal: where the first loss is a failure, as the Wideband's earth-station
 * reset is, it finds the limit by crossing it.
 */
class NetbltAimdRatePolicy : public NetbltAdaptiveRatePolicy
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    /** @return the loss fraction (moving average of the share of a buffer's packets resent) */
    double GetLossFraction() const;
    /** @return true until the first cut */
    bool IsInSlowStart() const;

  protected:
    void Acknowledged(const Sample& sample) override;
    void Resent(uint32_t buffer, uint32_t missing, bool first) override;

  private:
    /**
     * Multiplies the rate by a factor, ends slow start, and ignores the buffers sent by now.
     * @param factor the factor
     */
    void Cut(double factor);

    double m_additiveIncrease;    //!< AdditiveIncrease, packets/s per buffer
    double m_decreaseFactor;      //!< DecreaseFactor
    double m_lossThreshold;       //!< LossThreshold
    double m_lossGain;            //!< LossGain
    double m_queueThreshold;      //!< QueueThreshold, packets
    double m_delayDecreaseFactor; //!< DelayDecreaseFactor
    double m_lossFraction{0};     //!< moving average of the resent share
    bool m_slowStart{true};       //!< no cut yet
    uint32_t m_recoveryBuffer{0}; //!< highest buffer sent at the last cut
};

} // namespace ns3

#endif /* NETBLT_AIMD_RATE_POLICY_H */
