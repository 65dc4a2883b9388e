/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ETHERLINK_3C500_NET_DEVICE_H
#define ETHERLINK_3C500_NET_DEVICE_H

#include "ethernet-net-device.h"

#include "ns3/callback.h"
#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <string>

namespace ns3
{

class HostCpu;
class PacketBufferPool;

/**
 * @ingroup ethernet
 * @brief A 3Com 3C500 EtherLink interface driven by the MIT PC/IP driver:
 * one packet buffer for both transmit and receive (RFC 1030 §6).
 *
 * **Transmit.** The driver's transmit routine is a job on the host's CPU
 * that holds it from start to end (HostCpu::RunHeld, activity
 * "3c500-transmit"), because the driver busy-waits on the card:
 * 1. it turns the receiver off and copies the frame into the card's buffer,
 *    TransmitCopyCostPerPacket + TransmitCopyCostPerByte × bytes copied
 *    (the frame without its FCS, which the card generates);
 * 2. it starts the transmission and polls until the transmitter is idle:
 *    the channel's deference, collisions and backoffs, until the frame has
 *    left or has been dropped after 16 collisions;
 * 3. it re-arms the receiver, RearmCost, and returns (the CPU is released).
 *
 * **Receive.** With the receiver armed the card takes one frame that passes
 * its address filter (its address, broadcast, multicast), if the receiver
 * was armed when the frame's first bit arrived; frames for other stations
 * are rejected in hardware and cost nothing. A frame it takes fills the
 * buffer and the receiver stays off until the host has copied the frame out
 * and re-armed it: one CPU job, "3c500-receive", of ReceiveCopyCostPerPacket
 * + ReceiveCopyCostPerByte × bytes + RearmCost, queued behind the CPU's
 * other work (an interrupt does not pre-empt a running job). The packet goes
 * up when that job completes.
 *
 * **Losses.** A frame for this station that arrives while the receiver is
 * off is lost: RxLostDeaf if the receiver was off for a transmission (copy
 * in, deference, collisions, backoff, re-arm), RxLostBufferFull if a
 * received frame occupied the buffer. Both also fire PhyRxDrop. A frame
 * the card took is dropped (RxLostNoPacketBuffer, PhyRxDrop) when the node
 * has a PacketBufferPool with no free buffer; the buffer the driver copies a
 * frame into goes up with the packet.
 *
 * A transmit that finds a received frame in the buffer waits: the driver
 * copies the received frame out first (the receive job, which was queued
 * before), then sends.
 *
 * Without a HostCpu on the node the host is infinitely fast: every cost is
 * zero and the receiver is off only while the frame is on the cable.
 */
class Etherlink3c500NetDevice : public EthernetNetDevice
{
  public:
    static const std::string TRANSMIT_ACTIVITY; //!< HostCpu activity of the transmit routine
    static const std::string RECEIVE_ACTIVITY;  //!< HostCpu activity of the receive routine

    /// What the card's single buffer holds.
    enum BufferState
    {
        BUFFER_EMPTY,    //!< nothing: the receiver is armed
        BUFFER_TRANSMIT, //!< a frame being copied in or sent
        BUFFER_RECEIVE,  //!< a received frame not yet copied out
    };

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    Etherlink3c500NetDevice();
    ~Etherlink3c500NetDevice() override;

    /** @return frames for this station lost because the receiver was off for a transmission */
    uint64_t GetRxLostDeaf() const;

    /** @return frames for this station lost because a received frame held the buffer */
    uint64_t GetRxLostBufferFull() const;

    /** @return frames the card took and the driver dropped: no free host packet buffer */
    uint64_t GetRxLostNoPacketBuffer() const;

    /** @return frames loaded into the card and not sent: a receive aborted them (ReceiveAbortsLoad)
     */
    uint64_t GetTxAbortedByReceive() const;

    /** @return receive interrupts lost (LostInterruptWindow) */
    uint64_t GetLostInterrupts() const;

    /** @return true while the card, having lost an interrupt, waits for the driver */
    bool IsInterruptLost() const;

    /** @return true while the receiver is armed */
    bool IsReceiverArmed() const;

    /** @return what the buffer holds */
    BufferState GetBufferState() const;

  protected:
    void DoDispose() override;
    void TryTransmit() override;
    void TransmitDone(bool sent) override;
    void ReceiveFrame(Ptr<Packet> frame, const EthernetHeader& header, Time firstBitAt) override;

  private:
    /// Why the receiver is (or last was) off.
    enum OffReason
    {
        OFF_TRANSMIT, //!< the driver is sending
        OFF_RECEIVED, //!< a received frame holds the buffer
    };

    /** The transmit routine gets the CPU. */
    void TransmitRoutine();
    /** The frame is in the card's buffer: start the transmission. */
    void CopyInDone();
    /** The receiver is re-armed after a transmission: the routine returns. */
    void TransmitRearmed();
    /** The receive routine has copied the received frame out and re-armed the receiver. */
    void CopyOutDone();
    /**
     * Turns the receiver off.
     * @param reason why
     */
    void ReceiverOff(OffReason reason);
    /**
     * A frame's receive interrupt is lost: the card stays deaf until serviced.
     * @param frame the frame
     */
    void LoseInterrupt(Ptr<const Packet> frame);

    /** The driver's poll task services a card that lost an interrupt. */
    void Poll();

    /** The driver has serviced the card after a lost interrupt: the receiver is armed again. */
    void ClearLostInterrupt();

    /** Arms the receiver. */
    void ReceiverOn();
    /**
     * @return the node's HostCpu, or null: the driver's costs apply only with one. Looked up
     *         once, at the first frame, like the node's PacketBufferPool.
     */
    Ptr<HostCpu> Cpu();
    /** @return the node's PacketBufferPool, or null */
    Ptr<PacketBufferPool> Pool();
    /** Looks up the node's HostCpu and PacketBufferPool, the first time. */
    void LookUpHost();
    /** Gives the CPU back after the transmit routine, if the node has one. */
    void ReleaseCpu();
    /**
     * @param frame a frame
     * @return the bytes the driver copies: the frame without its FCS
     */
    static int64_t CopiedBytes(Ptr<const Packet> frame);

    Time m_txCopyPerPacket;               //!< copy into the card, per frame
    Time m_txCopyPerByte;                 //!< copy into the card, per byte
    Time m_rxCopyPerPacket;               //!< copy out of the card, per frame
    Time m_rxCopyPerByte;                 //!< copy out of the card, per byte
    bool m_receiveAtInterruptLevel{true}; //!< copy out in the interrupt handler
    Time m_rearmCost;                     //!< re-arming the receiver

    BufferState m_buffer{BUFFER_EMPTY};  //!< the buffer
    bool m_routinePending{false};        //!< the transmit routine is queued or running
    Ptr<Packet> m_copying;               //!< frame being copied into the card
    Ptr<Packet> m_received;              //!< received frame the buffer holds
    EthernetHeader m_receivedHeader;     //!< its Ethernet header
    Callback<void> m_transmitRoutine;    //!< TransmitRoutine(), made once
    Callback<void> m_copyOutDone;        //!< CopyOutDone(), made once
    bool m_hostLookedUp{false};          //!< m_cpu and m_pool are set
    Ptr<HostCpu> m_cpu;                  //!< the node's processor, if any
    Ptr<PacketBufferPool> m_pool;        //!< the node's packet buffers, if any
    EventId m_driverEvent;               //!< end of the copy in or of the re-arm
    bool m_rxArmed{true};                //!< receiver armed
    Time m_rxArmedSince;                 //!< when it was last armed
    OffReason m_offReason{OFF_TRANSMIT}; //!< why it is or was last off
    Time m_rxOffSince;                   //!< when it was last turned off
    Time m_lostInterruptWindow;          //!< LostInterruptWindow (0: off)
    Time m_pollInterval;                 //!< PollInterval
    bool m_interruptLost{false};         //!< the card waits for the driver
    EventId m_pollEvent;                 //!< the next poll while an interrupt is lost
    uint64_t m_lostInterrupts{0};        //!< interrupts lost
    bool m_receiveAbortsLoad{false};     //!< ReceiveAbortsLoad
    bool m_loadAborted{false};           //!< a receive aborted the load in progress
    uint64_t m_txAborted{0};             //!< frames a receive aborted
    TracedCallback<Ptr<const Packet>> m_txAbortedTrace;     //!< TxAbortedByReceive
    TracedCallback<Ptr<const Packet>> m_lostInterruptTrace; //!< LostInterrupt
    uint64_t m_lostDeaf{0};                                 //!< frames lost to a transmission
    uint64_t m_lostFull{0};                                 //!< frames lost to a full buffer
    uint64_t m_lostNoPacketBuffer{0}; //!< frames dropped for want of a host buffer

    TracedCallback<Ptr<const Packet>> m_rxLostDeafTrace;           //!< RxLostDeaf
    TracedCallback<Ptr<const Packet>> m_rxLostFullTrace;           //!< RxLostBufferFull
    TracedCallback<Ptr<const Packet>> m_rxLostNoPacketBufferTrace; //!< RxLostNoPacketBuffer
};

} // namespace ns3

#endif /* ETHERLINK_3C500_NET_DEVICE_H */
