/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef PROTEON_RING_NET_DEVICE_H
#define PROTEON_RING_NET_DEVICE_H

#include "ns3/address.h"
#include "ns3/callback.h"
#include "ns3/mac8-address.h"
#include "ns3/net-device.h"
#include "ns3/node.h"
#include "ns3/nstime.h"
#include "ns3/packet.h"
#include "ns3/ptr.h"
#include "ns3/queue-fwd.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <string>

namespace ns3
{

class ErrorModel;
class ProteonRingChannel;

/**
 * @ingroup proteon-ring
 * @brief A Proteon P1300 ProNET-10 interface and its host driver.
 *
 * Frames handed down by the upper layer get a ProteonRingHeader (6 bytes)
 * and wait in the driver's transmit queue (TxQueue). The interface holds one
 * frame to transmit at a time: the driver copies the next frame into it,
 * which costs the host's CPU TransmitCostPerPacket + TransmitCostPerByte ×
 * frame bytes (charged with HostCpu::Run, activity "p1300-transmit"); the
 * frame then waits for the token, is sent, and the interface is free again
 * when the channel reports the frame stripped and the token released, as the
 * 4.3BSD driver's transmit interrupt comes only after a frame is back
 * (it reads the refused bit there).
 *
 * The interface transmits and receives at the same time (RFC 1030 §5): a
 * frame addressed to this station, or broadcast (address 255), is received
 * whatever the transmitter is doing. Unless the ReceiveErrorModel drops it
 * (PhyRxDrop), the driver then copies it out of the interface, at
 * ReceiveCostPerPacket + ReceiveCostPerByte × frame bytes of CPU time
 * (activity "p1300-receive"), and passes it up.
 *
 * Station addresses are 8 bits (Mac8Address); the helper gives each device
 * its station number + 1. The hardware writes the source address itself, so
 * SendFrom() is not supported. IPv4 and ARP are carried (ring types 1 and
 * 3); ProNET has no multicast, so multicast goes out as broadcast.
 */
class ProteonRingNetDevice : public NetDevice
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static const std::string TRANSMIT_ACTIVITY; //!< HostCpu activity of the driver's transmit copy
    static const std::string RECEIVE_ACTIVITY;  //!< HostCpu activity of the driver's receive copy

    static TypeId GetTypeId();

    ProteonRingNetDevice();
    ~ProteonRingNetDevice() override;

    ProteonRingNetDevice(const ProteonRingNetDevice&) = delete;
    ProteonRingNetDevice& operator=(const ProteonRingNetDevice&) = delete;

    /**
     * Attaches the device to a ring.
     * @param channel the ring
     * @param station the device's position on it
     * @return true
     */
    bool Attach(Ptr<ProteonRingChannel> channel, uint32_t station);

    /** @param queue the driver's transmit queue */
    void SetQueue(Ptr<Queue<Packet>> queue);
    /** @return the driver's transmit queue */
    Ptr<Queue<Packet>> GetQueue() const;

    /** @param em the error model applied to every frame received (null: none) */
    void SetReceiveErrorModel(Ptr<ErrorModel> em);

    /** @return the device's position on the ring */
    uint32_t GetStation() const;

    /** @return the device's station address */
    Mac8Address GetRingAddress() const;

    /**
     * @return true if the device wants every frame that passes it (a
     *         promiscuous receive callback or a PromiscSniffer sink is set)
     */
    bool IsPromiscuous() const;

    /**
     * @return true while the interface holds a frame of this device (the
     *         frame is waiting for the token or on the ring)
     */
    bool IsInterfaceBusy() const;

    /** @return true if a sink is connected to PhyTxEnd */
    bool IsTransmitEndTraced() const;

    /** @return the frame in the interface (null if none) */
    Ptr<const Packet> GetInterfaceFrame() const;

    /** Called by the channel when the station seizes the token and the frame goes on the ring. */
    void TransmitStart();

    /**
     * Called by the channel when the frame's last bit has left the station,
     * if IsTransmitEndTraced() or the channel's FrameTxEnd has a sink.
     */
    void TransmitEnd();

    /** Called by the channel when the frame is stripped and the token released. */
    void TransmitComplete();

    /**
     * Called by the channel when a frame's last bit passes this station.
     * @param frame the frame, ring header included
     */
    void Receive(Ptr<Packet> frame);

    // NetDevice API
    void SetIfIndex(const uint32_t index) override;
    uint32_t GetIfIndex() const override;
    Ptr<Channel> GetChannel() const override;
    void SetAddress(Address address) override;
    Address GetAddress() const override;
    bool SetMtu(const uint16_t mtu) override;
    uint16_t GetMtu() const override;
    bool IsLinkUp() const override;
    void AddLinkChangeCallback(Callback<void> callback) override;
    bool IsBroadcast() const override;
    Address GetBroadcast() const override;
    bool IsMulticast() const override;
    Address GetMulticast(Ipv4Address multicastGroup) const override;
    Address GetMulticast(Ipv6Address addr) const override;
    bool IsPointToPoint() const override;
    bool IsBridge() const override;
    bool Send(Ptr<Packet> packet, const Address& dest, uint16_t protocolNumber) override;
    bool SendFrom(Ptr<Packet> packet,
                  const Address& source,
                  const Address& dest,
                  uint16_t protocolNumber) override;
    Ptr<Node> GetNode() const override;
    void SetNode(Ptr<Node> node) override;
    bool NeedsArp() const override;
    void SetReceiveCallback(NetDevice::ReceiveCallback cb) override;
    void SetPromiscReceiveCallback(NetDevice::PromiscReceiveCallback cb) override;
    bool SupportsSendFrom() const override;

  protected:
    void DoDispose() override;

  private:
    /// What the transmit side of the interface is doing.
    enum TxState
    {
        IDLE,         //!< no frame in the interface
        COPYING,      //!< the driver is copying a frame into the interface
        WAITING,      //!< the frame waits for the token
        TRANSMITTING, //!< the frame is on the ring until it is stripped
    };

    /** Moves the next queued frame into the interface, at the driver's CPU cost. */
    void StartCopyIn();
    /** The driver has copied the frame into the interface. */
    void CopyInDone();
    /**
     * The driver has copied a received frame out of the interface.
     * @param frame the frame, ring header included
     */
    void ForwardUp(Ptr<Packet> frame);

    Ptr<Node> m_node;                                    //!< the host
    Ptr<ProteonRingChannel> m_channel;                   //!< the ring
    uint32_t m_channelIndex{0};                          //!< index on the ring
    uint32_t m_station{0};                               //!< position on the ring
    Mac8Address m_address{0};                            //!< station address
    uint32_t m_ifIndex{0};                               //!< interface index
    uint16_t m_mtu;                                      //!< largest payload (bytes)
    bool m_linkUp{false};                                //!< attached to a ring
    Ptr<Queue<Packet>> m_queue;                          //!< driver's transmit queue
    Ptr<ErrorModel> m_receiveErrorModel;                 //!< receive losses
    TxState m_txState{IDLE};                             //!< transmit side
    Ptr<Packet> m_txFrame;                               //!< frame in the interface
    Time m_txCostPerPacket;                              //!< driver copy-in cost per frame
    Time m_txCostPerByte;                                //!< driver copy-in cost per byte
    Time m_rxCostPerPacket;                              //!< driver copy-out cost per frame
    Time m_rxCostPerByte;                                //!< driver copy-out cost per byte
    NetDevice::ReceiveCallback m_rxCallback;             //!< upper layer
    NetDevice::PromiscReceiveCallback m_promiscCallback; //!< promiscuous upper layer
    TracedCallback<> m_linkChangeCallbacks;              //!< link up notifications

    TracedCallback<Ptr<const Packet>> m_macTxTrace;          //!< MacTx
    TracedCallback<Ptr<const Packet>> m_macTxDropTrace;      //!< MacTxDrop
    TracedCallback<Ptr<const Packet>> m_macPromiscRxTrace;   //!< MacPromiscRx
    TracedCallback<Ptr<const Packet>> m_macRxTrace;          //!< MacRx
    TracedCallback<Ptr<const Packet>> m_macRxDropTrace;      //!< MacRxDrop
    TracedCallback<Ptr<const Packet>> m_phyTxBeginTrace;     //!< PhyTxBegin
    TracedCallback<Ptr<const Packet>> m_phyTxEndTrace;       //!< PhyTxEnd
    TracedCallback<Ptr<const Packet>> m_phyRxEndTrace;       //!< PhyRxEnd
    TracedCallback<Ptr<const Packet>> m_phyRxDropTrace;      //!< PhyRxDrop
    TracedCallback<Ptr<const Packet>> m_snifferTrace;        //!< Sniffer
    TracedCallback<Ptr<const Packet>> m_promiscSnifferTrace; //!< PromiscSniffer
};

} // namespace ns3

#endif /* PROTEON_RING_NET_DEVICE_H */
