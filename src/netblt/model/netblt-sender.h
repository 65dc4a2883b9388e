/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_SENDER_H
#define NETBLT_SENDER_H

#include "netblt-connection-base.h"
#include "netblt-rate-control.h"
#include "netblt-rate-policy.h"
#include "netblt-tx-buffer.h"

#include <set>
#include <vector>

namespace ns3
{

class NetbltControlHeader;
class NetbltControlMessage;

/**
 * @ingroup netblt
 * @brief The sending end of a NETBLT connection (RFC 998 §5.2).
 *
 * The sending client hands it whole buffers (SendBuffer()). It transmits the packets of every
 * buffer the receiver has sent a GO for, lowest buffer number first, in bursts paced by
 * NetbltRateControl (rounded up to the host's clock tick) at the burst size and interval its
 * NetbltRatePolicy puts in force, holding no more buffers than the policy's outstanding count;
 * acts on GO, OK and RESEND messages once each; answers control packets with a NULL-ACK when it
 * has no data to send or the receiver's burst values are not the ones in force; and dallies
 * after the last OK.
 *
 * Its buffers are a NetbltTxBuffer; every DATA/LDATA transmission fires the DataSent trace
 * source, from which Testbed computes RFC 1030's steady-state throughput.
 */
class NetbltSender : public NetbltConnectionBase
{
  public:
    /** Sending client: room for another buffer appeared. */
    typedef Callback<void, Ptr<NetbltSender>> SendReadyCallback;

    /**
     * Trace signature of DataSent: one DATA/LDATA transmission.
     * @param transmission the packet: buffer and packet number, data bytes (length), whether it
     *        was sent before, whether its buffer is the transfer's last and whether it is the
     *        buffer's last packet (LDATA)
     */
    typedef void (*DataSentTracedCallback)(const NetbltTxBuffer::Transmission& transmission);
    /** Trace signature: a buffer and a packet number. */
    typedef void (*PacketNumberTracedCallback)(uint32_t buffer, uint16_t packet);

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    NetbltSender();
    ~NetbltSender() override;

    /** @param cb called whenever room for another buffer appears */
    void SetSendReadyCallback(SendReadyCallback cb);

    /**
     * Hands over the next buffer. All buffers but the last must be exactly the negotiated
     * buffer size; the last may be shorter. NETBLT keeps the packet until the receiver has
     * acknowledged the buffer with an OK (retransmissions are copied from it).
     * @param data the buffer's bytes
     * @param last true for the last buffer of the transfer
     * @return false (and nothing changes) if the connection is not established, has no room
     *         (GetSendBufferRoom() == 0), the last buffer was already given, or the size is wrong
     */
    bool SendBuffer(Ptr<Packet> data, bool last);

    /** @return how many more buffers the sending client may hand over now */
    uint32_t GetSendBufferRoom() const;

    /**
     * @param policy the rate policy this sender reports to and takes its values from (set
     *        before the connection starts; NetbltL4Protocol gives every sender its RatePolicyType)
     */
    void SetRatePolicy(Ptr<NetbltRatePolicy> policy);
    /** @return the rate policy */
    Ptr<NetbltRatePolicy> GetRatePolicy() const;

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
    Time GetPeerControlTimerEstimate() const override;
    void DoQuench(Time now) override;

  private:
    void HandleControl(const NetbltControlHeader& control);
    bool AcceptSequence(uint16_t sequence);
    void NotifySendReady();
    void ScheduleBurst();
    void SendBurst();
    void StartBurst();
    void SendBurstPacket();
    bool SendNextDataPacket();
    /**
     * @param data a DATA packet's data
     * @param padding zero bytes of longword padding to follow it (0-3)
     * @return the data and padding in a packet of their own, with room before them for the
     *         headers below (NETBLT, IP, link) and after them for a link trailer: ns-3 copies a
     *         packet's bytes to make room at either end when there is none, once per header
     */
    Ptr<Packet> MakePayload(Ptr<const Packet> data, uint32_t padding);
    void SendNullAck();
    void CheckSenderDone();
    /** Puts the rate policy's values in force (m_params and the connection's traces). */
    void ApplyRatePolicy();
    /** @return true if the burst values in force are the ones the receiver holds */
    bool IsReceiverInStep() const;

    bool m_dallyUntilPeerDeath;            //!< attribute DallyUntilPeerDeath
    NetbltTxBuffer m_txBuffer;             //!< buffers handed over, not yet OK'd
    NetbltRateControl m_rate;              //!< burst pacing
    Ptr<NetbltRatePolicy> m_ratePolicy;    //!< the values in force (attribute RatePolicy)
    uint16_t m_receiverBurstSize{0};       //!< burst size the receiver last offered or was told
    uint16_t m_receiverBurstIntervalMs{0}; //!< burst interval it last offered or was told, ms
    uint16_t m_burstPacketsSent{0};        //!< packets of the current burst handed to IP
    Time m_burstFirstSent;                 //!< when its first one was
    Time m_burstLastSent;                  //!< when its last one was
    EventId m_burstEvent;                  //!< the burst timer
    uint16_t m_highConsecutiveSequence{0}; //!< control sequence numbers received, consecutively
    std::set<uint16_t> m_sequencesAbove;   //!< received sequence numbers above that
    uint16_t m_peerControlTimerMs{0};      //!< control-timer value from the last OK
    SendReadyCallback m_sendReadyCallback;
    std::vector<uint8_t> m_payloadBytes; //!< where MakePayload() lays a payload out

    TracedCallback<const NetbltTxBuffer::Transmission&> m_dataSentTrace;
    TracedCallback<uint32_t, uint16_t> m_retransmitTrace;
};

} // namespace ns3

#endif /* NETBLT_SENDER_H */
