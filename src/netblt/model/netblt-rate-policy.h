/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_RATE_POLICY_H
#define NETBLT_RATE_POLICY_H

#include "netblt-transfer-parameters.h"

#include "ns3/nstime.h"
#include "ns3/object.h"

#include <cstdint>

namespace ns3
{

/**
 * @ingroup netblt
 * @brief How a NETBLT sender chooses the burst size, burst interval and number of outstanding
 * buffers in force: RFC 998 §7 leaves the algorithm open and RFC 1030 §8 asks for one.
 *
 * The sender reports what it knows as it happens: the values negotiated at set-up (the ceiling
 * the receiver allows), each OK (with the receiver's offered burst values, its control-timer
 * value and, if the connection negotiated the extension, its burst spacing), each RESEND (with the
 * number of packets it asks for again), and the moment every packet of a buffer has been sent once.
 * The policy answers with the values in force (GetBurstSize(), GetBurstIntervalMs(),
 * GetOutstandingBuffers()); the sender paces its bursts with them, hands its client no more buffers
 * than the outstanding count, and tells the receiver the burst values in a NULL-ACK whenever the
 * receiver's are not the ones in force (RFC 998's renegotiation), so that the receiver's data
 * timers follow.
 *
 * A value class: it schedules nothing and reads no clock; every event carries its time.
 * NetbltL4Protocol's RatePolicyType attribute chooses one for every sender it makes, as TCP
 * chooses its congestion control. Subclasses: NetbltStaticRatePolicy (RFC 998, the default),
 * NetbltAimdRatePolicy (loss-driven), NetbltDeliveryRatePolicy (delay- and rate-driven).
 */
class NetbltRatePolicy : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    /**
     * The connection starts: this end's own limits, the values it proposed (active end) or
     * agreed to (passive end).
     * @param limits the values
     */
    void SetLimits(const NetbltTransferParameters& limits);

    /**
     * The connection is set up.
     * @param negotiated the values OPEN and RESPONSE settled on: the most the receiver allows
     * @param now the current time
     */
    virtual void Established(const NetbltTransferParameters& negotiated, Time now) = 0;

    /**
     * An OK offered burst values (RFC 998 §5.2: the receiver's proposal; this model's receiver
     * offers the values it last heard from the sender).
     * @param burstSize the offered burst size
     * @param burstIntervalMs the offered burst interval, ms
     */
    virtual void OfferReceived(uint16_t burstSize, uint16_t burstIntervalMs);

    /**
     * An OK offered burst values that carry the explicit rate the gateways on the path wrote
     * in the buffer's DATA packets (the X extension, negotiated only if WantsExplicitRate()).
     * @param burstSize the offered burst size (the negotiated one)
     * @param burstIntervalMs the offered burst interval that carries the rate, ms
     * @param now the current time
     */
    virtual void ExplicitRateReceived(uint16_t burstSize, uint16_t burstIntervalMs, Time now);

    /**
     * Every packet of a buffer has now been sent once (its last packet's first transmission).
     * @param buffer the buffer number
     * @param packets the buffer's packets
     * @param now the current time
     */
    virtual void BufferSent(uint32_t buffer, uint16_t packets, Time now);

    /**
     * A burst ended.
     * @param packets its packets handed to IP
     * @param duration from the first of them to the last: the sender's own pace
     */
    virtual void BurstSent(uint16_t packets, Time duration);

    /**
     * The first OK for a buffer arrived.
     * @param buffer the buffer number
     * @param controlTimer the control-timer value the OK carries (the receiver's estimate of
     *        its control round trip)
     * @param burstSpacing the OK's burst spacing (the extension negotiated with the R flag: how
     *        densely a burst of the buffer arrived); zero if none
     * @param now the current time
     */
    virtual void BufferAcknowledged(uint32_t buffer,
                                    Time controlTimer,
                                    Time burstSpacing,
                                    Time now);

    /**
     * @return true if this policy uses burst spacing reports: an active sender then asks for
     *         them (the R flag of its OPEN)
     */
    virtual bool WantsRateReports() const;

    /**
     * @return true if this policy takes explicit rates from the gateways on the path: the
     *         sender then asks for them (the X flag of its OPEN or RESPONSE) and its DATA
     *         packets carry the field they lower
     */
    virtual bool WantsExplicitRate() const;

    /**
     * A RESEND arrived (not a duplicate).
     * @param buffer the buffer number
     * @param missing the packets it asks for again
     * @param now the current time
     */
    virtual void ResendReceived(uint32_t buffer, uint32_t missing, Time now);

    /**
     * An ICMP Source Quench (RFC 792) about one of this connection's datagrams arrived: a
     * gateway on the path is running out of room. Ignored by default: RFC 998 says nothing of
     * Source Quench, so RFC 998's static policy and the loss- and delay-driven ones leave
     * their values as they are; a network-assisted policy (RFC 1016's SQuID:
     * NetbltQuenchDelay) acts on it.
     * @param now the current time
     */
    virtual void QuenchReceived(Time now);

    /** @return the burst size in force, packets */
    uint16_t GetBurstSize() const;
    /** @return the burst interval in force, ms */
    uint16_t GetBurstIntervalMs() const;
    /** @return the outstanding buffers in force */
    uint16_t GetOutstandingBuffers() const;

  protected:
    /** @return this end's own limits (SetLimits()) */
    const NetbltTransferParameters& GetLimits() const;

    /**
     * @param burstSize the burst size in force from now on, packets
     * @param burstIntervalMs the burst interval in force from now on, ms
     * @param outstandingBuffers the outstanding buffers in force from now on
     */
    void SetValues(uint16_t burstSize, uint16_t burstIntervalMs, uint16_t outstandingBuffers);

  private:
    NetbltTransferParameters m_limits; //!< this end's own limits
    uint16_t m_burstSize{0};           //!< burst size in force
    uint16_t m_burstIntervalMs{0};     //!< burst interval in force, ms
    uint16_t m_outstandingBuffers{0};  //!< outstanding buffers in force
};

} // namespace ns3

#endif /* NETBLT_RATE_POLICY_H */
