/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_ADAPTIVE_RATE_POLICY_H
#define NETBLT_ADAPTIVE_RATE_POLICY_H

#include "netblt-rate-policy.h"

#include <deque>
#include <map>

namespace ns3
{

/**
 * @ingroup netblt
 * @brief What the adaptive rate policies share: a rate of their own, started at StartBurstSize
 * packets every StartBurstInterval and never above the negotiated values (the ceiling the
 * receiver allows); the burst size and interval that carry it; the outstanding buffers it needs;
 * and what each OK tells about the path.
 *
 * **Rate to bursts.** A rate of r packets per second goes as bursts of
 * b = min(ceiling burst size, max(1, floor(r × MaxBurstInterval))) packets every b / r (whole
 * milliseconds, at least the ceiling burst interval): bursts grow before their spacing passes
 * MaxBurstInterval (1 s), so with a ceiling of 5 packets, 1 packet every 200 ms goes as 5 every
 * second and 91 packets per second as 5 every 55 ms. Whole bursts let the receiver see the
 * path's pace (NetbltDeliveryRatePolicy), and keep the data timers' arithmetic of RFC 1030.
 *
 * **Outstanding buffers.** A buffer is held from hand-over to its OK, one buffer time plus a
 * round trip, so rate × round trip ÷ buffer size buffers are in flight besides the one being
 * sent: 1 + ceil(OutstandingGain × rate × minimum round trip ÷ packets per buffer), at most the
 * negotiated number (all of them until a round trip is measured). The gain leaves room for the
 * buffers that wait for a RESEND (BBR's window is twice the bandwidth-delay product, for the
 * same reason). Before the first round trip is measured, and until the window has grown to that
 * number, the outstanding buffers are a window of InitialWindow buffers that opens by one for
 * every buffer acknowledged without a RESEND: Jacobson's (1988) slow start, in buffers (the
 * window doubles every round trip), so that a start above what the path carries sends one
 * buffer, not every negotiated one, before its first OK can tell.
 *
 * **Queue estimate** (TCP Vegas's "diff", Brakmo and Peterson 1994): a buffer acknowledged
 * without a RESEND met (round trip − minimum round trip) × pace packets queued ahead of it (the
 * pace is the subclass's: the sender's own rate, as Vegas, or the path's). The estimate is the
 * smallest over the last QueueSamples such buffers: one lost CONTROL packet delays the OKs it
 * carried as a queue would; a queue delays them all.
 *
 * **What an OK tells (Sample).** Per buffer, the sender knows when its last packet first went and
 * when its OK came. The round trip is the difference; it times the path only for buffers no
 * RESEND touched (whose OK no recovery held up), and the minimum over the transfer is the path
 * without queues (TCP Vegas's BaseRTT). The send rate is the buffer's packets over the time
 * since the buffer before it went: below the rate in force when the sender's CPU, its client or
 * the outstanding buffers held it back.
 */
class NetbltAdaptiveRatePolicy : public NetbltRatePolicy
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    /** What one OK tells about the path. */
    struct Sample
    {
        uint32_t buffer{0};   //!< the buffer acknowledged
        Time sent;            //!< when its last packet first went
        Time acknowledged;    //!< when its OK arrived
        uint16_t packets{0};  //!< its packets
        uint32_t missing{0};  //!< packets its first RESEND asked for (0: none)
        bool clean{true};     //!< no RESEND asked for any of its packets
        Time roundTrip;       //!< from its last packet's first transmission to the OK
        Time burstSpacing;    //!< the OK's burst spacing report (zero: none)
        double sendRate{0};   //!< its packets over the time since the buffer before it went
        double rateAtSend{0}; //!< the rate in force when its last packet went, packets/s
    };

    void Established(const NetbltTransferParameters& negotiated, Time now) override;
    void BufferSent(uint32_t buffer, uint16_t packets, Time now) override;
    void BufferAcknowledged(uint32_t buffer,
                            Time controlTimer,
                            Time burstSpacing,
                            Time now) override;
    void ResendReceived(uint32_t buffer, uint32_t missing, Time now) override;

    /** @return the rate in force, packets per second */
    double GetRate() const;
    /** @return the most the negotiated burst size and interval allow, packets per second */
    double GetCeilingRate() const;
    /** @return the smallest round trip measured (Time::Max() before the first) */
    Time GetMinRoundTrip() const;

  protected:
    /**
     * An OK arrived; the rate may change (SetRate()).
     * @param sample what it tells
     */
    virtual void Acknowledged(const Sample& sample) = 0;

    /**
     * A RESEND arrived; the rate may change (SetRate()).
     * @param buffer the buffer it names
     * @param missing the packets it asks for again
     * @param first true if it is the first RESEND for this buffer
     */
    virtual void Resent(uint32_t buffer, uint32_t missing, bool first);

    /**
     * Sets the rate in force, kept between MinimumRate and the ceiling, and the burst size,
     * burst interval and outstanding buffers that go with it.
     * @param packetsPerSecond the new rate
     */
    void SetRate(double packetsPerSecond);

    /**
     * Sets the rate in force as bursts of a given shape (one a gateway's explicit rate came
     * in), kept within the negotiated values; the outstanding buffers follow as for SetRate().
     * The next SetRate() chooses the shape again.
     * @param burstSize packets per burst
     * @param burstIntervalMs ms from one burst to the next
     */
    void SetBursts(uint16_t burstSize, uint16_t burstIntervalMs);

    /**
     * Keeps the packets at least this far apart on average, whatever the rate (RFC 1016's
     * delay D between datagrams): a burst of b packets comes no sooner than b × spacing after
     * the one before.
     * @param spacing the least spacing (zero: none)
     */
    void SetPacketSpacing(Time spacing);

    /**
     * Ends the slow start: the outstanding buffers are the ones the rate needs from now on
     * (a signal better than the OKs' count, a gateway's rate, says what the path carries).
     */
    void EndSlowStart();

    /** @return the packets of a full buffer */
    uint16_t GetPacketsPerBuffer() const;

    /**
     * @param sample what an OK told
     * @return true if its buffer went at no less than AchievedFraction of the rate then in
     *         force: a policy raises only a rate the sender reaches (as TCP validates its
     *         window, RFC 7661)
     */
    bool IsRateReached(const Sample& sample) const;

    /** @return the highest buffer number whose packets have all been sent once (0: none) */
    uint32_t GetHighestBufferSent() const;

    /**
     * @param packets the packets queued ahead of a buffer acknowledged without a RESEND
     * @return the queue estimate: the smallest of the last QueueSamples such values (0 until
     *         there are that many)
     */
    double NoteQueue(double packets);

    /** Forgets the queue samples (after the rate dropped, the old ones are stale). */
    void ForgetQueue();

  private:
    /** What the policy remembers of a buffer sent, until its OK. */
    struct Sent
    {
        Time time;           //!< its last packet's first transmission
        uint16_t packets{0}; //!< its packets
        double rate{0};      //!< the rate in force then
        double sendRate{0};  //!< its packets over the time since the previous buffer
    };

    /** Recomputes the burst size, burst interval and outstanding buffers from the rate. */
    void UpdateValues();

    uint16_t m_startBurstSize;             //!< StartBurstSize
    Time m_startBurstInterval;             //!< StartBurstInterval
    Time m_maxBurstInterval;               //!< MaxBurstInterval
    double m_outstandingGain;              //!< OutstandingGain
    double m_minimumRate;                  //!< MinimumRate, packets/s
    double m_achievedFraction;             //!< AchievedFraction
    uint16_t m_initialWindow;              //!< InitialWindow, buffers
    uint32_t m_queueSamples;               //!< QueueSamples
    uint32_t m_window{0};                  //!< the slow-start window, buffers
    std::deque<double> m_queues;           //!< the last clean buffers' queues, packets
    NetbltTransferParameters m_ceiling;    //!< the negotiated values
    double m_rate{0};                      //!< the rate in force, packets/s
    Time m_packetSpacing;                  //!< SetPacketSpacing()
    uint16_t m_givenBurstSize{0};          //!< SetBursts()'s burst size (0: choose one)
    uint16_t m_givenBurstIntervalMs{0};    //!< SetBursts()'s burst interval, ms
    std::map<uint32_t, Sent> m_sent;       //!< buffers sent, not yet acknowledged
    std::map<uint32_t, uint32_t> m_resent; //!< buffers RESENDs named: first RESEND's count
    Time m_minRoundTrip{Time::Max()};      //!< smallest clean round trip
    uint32_t m_highestSent{0};             //!< highest buffer sent once
    Time m_lastSent;                       //!< when the last buffer was sent once
    double m_sendRate{0};                  //!< the last buffer's send rate, packets/s
};

} // namespace ns3

#endif /* NETBLT_ADAPTIVE_RATE_POLICY_H */
