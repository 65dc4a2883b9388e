/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_RECEIVER_H
#define NETBLT_RECEIVER_H

#include "netblt-buffer-timers.h"
#include "netblt-connection-base.h"
#include "netblt-control-channel.h"
#include "netblt-data-timer.h"
#include "netblt-rx-buffer.h"

namespace ns3
{

class NetbltControlMessage;
class NetbltDataHeader;

/**
 * @ingroup netblt
 * @brief The receiving end of a NETBLT connection (RFC 998 §5.2.1, §5.2.2; RFC 1030 §7).
 *
 * The receiving client announces room for buffers (ProvideBuffer()) and is given each buffer,
 * in order, when all its packets are in. The receiver keeps one long-lived CONTROL packet of
 * unacknowledged GO/OK/RESEND messages (NetbltControlChannel), retransmitted on a control timer
 * (smoothed round-trip time plus four mean deviations, RttEstimatorType); runs a data timer per
 * buffer (loose while waiting for the buffer's first packet, tight once packets arrive,
 * estimated by the DataTimerType) whose expiry sends a RESEND for the missing packets; and
 * sends DONE when it knows the transfer succeeded. Its buffers are a NetbltRxBuffer.
 */
class NetbltReceiver : public NetbltConnectionBase
{
  public:
    /** Receiving client: a whole buffer has arrived (buffer number, its bytes, last buffer). */
    typedef Callback<void, Ptr<NetbltReceiver>, uint32_t, Ptr<Packet>, bool> BufferCallback;

    /**
     * Trace signature of DataReceived: one DATA/LDATA packet counted as received.
     * @param buffer the buffer number
     * @param packet the packet number
     * @param bytes data bytes in it
     */
    typedef void (*DataReceivedTracedCallback)(uint32_t buffer, uint16_t packet, uint32_t bytes);
    /**
     * Trace signature of ResendSent: one RESEND message queued.
     * @param buffer the buffer number
     * @param packets the packet numbers it lists
     */
    typedef void (*ResendTracedCallback)(uint32_t buffer, uint32_t packets);

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    NetbltReceiver();
    ~NetbltReceiver() override;

    /** @param cb called with each complete buffer, in buffer order */
    void SetBufferReceivedCallback(BufferCallback cb);

    /**
     * Room for one more buffer. NETBLT sends a GO for it as soon as fewer than the negotiated
     * number of buffers are outstanding.
     */
    void ProvideBuffer();

    /**
     * Chooses how the receiver estimates when a buffer's packets should have arrived
     * (NetbltL4Protocol's DataTimerType makes it). Before a call: NetbltInterArrivalDataTimer.
     * @param timer the estimator
     */
    void SetDataTimer(Ptr<NetbltDataTimer> timer);
    /** @return the data-timer estimator */
    Ptr<NetbltDataTimer> GetDataTimer() const;

    /**
     * Chooses the control channel's round-trip estimator (NetbltL4Protocol's RttEstimatorType
     * makes it). Before a call: RttMeanDeviation.
     * @param estimator the estimator
     */
    void SetRttEstimator(Ptr<RttEstimator> estimator);
    /** @return the control channel's round-trip estimator */
    Ptr<RttEstimator> GetRttEstimator() const;

    Role GetRole() const override;
    Time GetControlTimerValue() const override;

  protected:
    void DoDispose() override;
    void DoStart() override;
    void DoEstablished() override;
    void DoReceive(const NetbltHeader& header, Ptr<Packet> packet) override;
    void StopTransfer() override;
    void CancelTransferTimers() override;
    bool IsTransferComplete() const override;
    bool IsAwaitingProgress() const override;
    Time GetQuitRetryInterval() const override;

  private:
    void HandleData(const NetbltDataHeader& header, Ptr<Packet> packet);
    void ProcessAcknowledgement(uint16_t highConsecutiveSequence);
    void IssueGos();
    void QueueControlMessage(const NetbltControlMessage& message);
    void FlushControl();
    void TransmitControlPacket();
    void SendControlPacketNow();
    void ControlTimeout();
    void DataTimeout(uint32_t number);
    /**
     * Queues a RESEND for the packets the buffer misses.
     * @param number the buffer number
     * @param buffer the buffer
     * @return false if it misses none (nothing was queued)
     */
    bool RequestMissing(uint32_t number, NetbltRxBuffer::Buffer& buffer);
    void CompleteBuffer(uint32_t number, NetbltRxBuffer::Buffer& buffer);
    /**
     * The burst values an OK offers: the values in force, as a plain RFC 998 receiver offers;
     * with X negotiated and a gateway's rate heard, the negotiated burst size every interval
     * that carries that rate, in the smallest bursts the negotiated interval allows (never faster
     * than the negotiated values).
     * @return the burst size and burst interval (ms) to offer
     */
    std::pair<uint16_t, uint16_t> GetOfferedBurst() const;
    void DeliverInOrder();
    void TightenEarlierBuffers(uint32_t number);
    void CheckReceiverDone();
    /** @return the control timer's longest backed-off value: death timeout / KeepaliveDivisor */
    Time GetControlBackoffCap() const;

    /** @param value MinimumControlTimer */
    void SetMinimumControlTimer(Time value);
    /** @return MinimumControlTimer */
    Time GetMinimumControlTimer() const;
    /** @param bytes MaxControlPacketSize */
    void SetMaxControlPacketSize(uint32_t bytes);
    /** @return MaxControlPacketSize */
    uint32_t GetMaxControlPacketSize() const;

    // attributes
    NetbltBufferTimers m_bufferTimers; //!< the buffers' data timers and their estimator
    bool m_combineOkWithGo;
    bool m_burstSpacingReports;            //!< attribute BurstSpacingReports
    bool m_explicitRateEcho;               //!< attribute ExplicitRateEcho
    uint16_t m_explicitRateKbps{0};        //!< the last explicit rate a DATA packet carried
    NetbltTransferParameters m_negotiated; //!< the values OPEN and RESPONSE settled on
    bool m_resendOnLdata;
    bool m_immediateResendOnLaterBuffer;

    NetbltRxBuffer m_rxBuffer;     //!< GO sent, not yet delivered
    uint32_t m_buffersProvided{0}; //!< client room not yet used by a GO
    bool m_lastBufferDelivered{false};
    NetbltControlChannel m_control;  //!< sequence numbers, unacknowledged messages, timer
    bool m_controlDirty{false};      //!< messages queued since the last transmission
    bool m_controlSendQueued{false}; //!< a CONTROL packet waits for the CPU
    EventId m_controlTimer;
    TracedValue<Time> m_controlTimerValue; //!< the value the control timer was last set to
    EventId m_flushEvent;                  //!< sends the GOs of ProvideBuffer() calls together
    BufferCallback m_bufferReceivedCallback;

    TracedCallback<uint32_t> m_dataTimeoutTrace;
    TracedCallback<uint32_t> m_bufferDeliveredTrace;
    TracedCallback<uint32_t, uint16_t, uint32_t> m_dataReceivedTrace; //!< counted DATA/LDATA
    TracedCallback<uint32_t, uint32_t> m_resendSentTrace;             //!< RESEND: buffer, packets
    TracedCallback<Time> m_controlTimeoutTrace;
};

} // namespace ns3

#endif /* NETBLT_RECEIVER_H */
