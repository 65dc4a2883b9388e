/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ETHERNET_NET_DEVICE_H
#define ETHERNET_NET_DEVICE_H

#include "ns3/address.h"
#include "ns3/callback.h"
#include "ns3/ethernet-header.h"
#include "ns3/mac48-address.h"
#include "ns3/net-device.h"
#include "ns3/node.h"
#include "ns3/nstime.h"
#include "ns3/packet.h"
#include "ns3/ptr.h"
#include "ns3/queue-fwd.h"
#include "ns3/traced-callback.h"

#include <cstdint>

namespace ns3
{

class ErrorModel;
class EthernetBusChannel;

/**
 * @ingroup ethernet
 * @brief An Ethernet II (DIX 2.0) interface on an EthernetBusChannel: an
 * ideal one, which transmits and receives at the same time and never runs
 * out of buffers. Etherlink3c500NetDevice models a real, worse one.
 *
 * Send() frames a packet as Ethernet II: destination and source Mac48Address,
 * the protocol number as EtherType, the data padded with zeros to 46 bytes,
 * and a 4-byte FCS (EthernetTrailer; computed only when checksums are
 * enabled). The frame waits in TxQueue; the interface hands one frame at a
 * time to the channel, which sends it with CSMA/CD and reports every
 * attempt (PhyTxBegin), collision (MacTxBackoff) and the outcome: sent
 * (PhyTxEnd, Sniffer) or dropped after 16 collisions (PhyTxDrop, MacTxDrop).
 *
 * The interface's address filter takes frames for its address, broadcast
 * and multicast frames, and every frame if a promiscuous receive callback is
 * set. A frame it takes goes through ReceiveErrorModel (PhyRxDrop), then up
 * (PhyRxEnd, Sniffer, MacRx, the receive callback). A sink on PromiscSniffer
 * also sees the frames the filter rejects, as a monitor tapping the cable at
 * the same point would, without the interface taking them.
 *
 * Frames from 64 to 1518 bytes (FCS included) are sent; with the default Mtu
 * the largest is 1518. Without the padding rule of IEEE 802.3 the minimum
 * would be violated, so it is always applied.
 */
class EthernetNetDevice : public NetDevice
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    /// Ethernet II header (destination, source, EtherType), bytes.
    static constexpr uint32_t HEADER_BYTES = 14;
    /// Frame check sequence, bytes.
    static constexpr uint32_t FCS_BYTES = 4;
    /// Smallest data field: 64-byte frame minus header and FCS (bytes).
    static constexpr uint32_t MIN_DATA_BYTES = 46;

    EthernetNetDevice();
    ~EthernetNetDevice() override;

    EthernetNetDevice(const EthernetNetDevice&) = delete;
    EthernetNetDevice& operator=(const EthernetNetDevice&) = delete;

    /**
     * Attaches the device to a bus.
     * @param channel the bus
     * @param position where it taps the cable (m)
     * @return true
     */
    bool Attach(Ptr<EthernetBusChannel> channel, double position);

    /** @param queue the transmit queue */
    void SetQueue(Ptr<Queue<Packet>> queue);
    /** @return the transmit queue */
    Ptr<Queue<Packet>> GetQueue() const;

    /** @param em the error model applied to every frame received (null: none) */
    void SetReceiveErrorModel(Ptr<ErrorModel> em);

    /** @return the device's address */
    Mac48Address GetMacAddress() const;

    /** @return where the device taps the cable (m) */
    double GetPosition() const;

    /** @return the device's index (station number) on its bus */
    uint32_t GetChannelIndex() const;

    /**
     * The interface's address filter.
     * @param destination a frame's destination
     * @return true if the interface takes such a frame
     */
    bool AcceptsDestination(Mac48Address destination) const;

    /**
     * @return true if the channel should pass it every frame: the filter is
     *         promiscuous or a sink watches PromiscSniffer
     */
    bool WantsAllFrames() const;

    /** @return collisions suffered by this device's transmissions */
    uint64_t GetCollisions() const;

    /** @return frames this device dropped after 16 collisions */
    uint64_t GetExcessiveCollisionDrops() const;

    /** @return frames this device sent without collision */
    uint64_t GetFramesSent() const;

    /**
     * Called by the channel when an attempt to send the frame starts.
     * @param attempt collisions the frame has suffered so far
     */
    void TransmitStarted(uint32_t attempt);

    /**
     * Called by the channel when the frame's transmission collides (the
     * device sends the jam and backs off, or gives up).
     * @param attempts collisions the frame has suffered, this one included
     */
    void TransmitCollided(uint32_t attempts);

    /** Called by the channel when the frame's last bit has left the device. */
    void TransmitCompleted();

    /** Called by the channel at the end of the jam of the frame's 16th collision. */
    void TransmitDropped();

    /**
     * Called by the channel when an intact frame's last bit reaches this
     * device, if the filter takes it or WantsAllFrames().
     * @param frame the frame (destination address to FCS)
     * @param firstBitAt when its preamble's first bit reached this device
     */
    void Receive(Ptr<Packet> frame, Time firstBitAt);

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

    /**
     * Starts sending the next queued frame if the interface can take one.
     * The ideal interface hands it to the channel at once when it has no
     * frame in progress.
     */
    virtual void TryTransmit();

    /**
     * The frame in progress is finished, sent or dropped. The ideal
     * interface takes the next one.
     * @param sent true if it was sent, false if dropped after 16 collisions
     */
    virtual void TransmitDone(bool sent);

    /**
     * The interface's reception of a frame its filter took. The ideal
     * interface applies the error model and passes the frame up at once.
     * @param frame the frame
     * @param header its Ethernet header, read once where it came in
     * @param firstBitAt when its first bit reached the device
     */
    virtual void ReceiveFrame(Ptr<Packet> frame, const EthernetHeader& header, Time firstBitAt);

    /** @return the next frame of the transmit queue, or null */
    Ptr<Packet> DequeueFrame();

    /**
     * Hands a frame to the channel; the outcome comes back through
     * TransmitDone().
     * @param frame the frame
     */
    void HandToChannel(Ptr<Packet> frame);

    /** @return true while a frame is with the channel */
    bool IsChannelBusy() const;

    /**
     * Applies the receive error model.
     * @param frame a received frame
     * @return false (and PhyRxDrop fired) if the model corrupts it
     */
    bool PassesErrorModel(Ptr<Packet> frame);

    /**
     * Strips the Ethernet header and FCS and passes the packet up.
     * @param frame the frame
     * @param header its Ethernet header
     */
    void ForwardUp(Ptr<Packet> frame, const EthernetHeader& header);

    /**
     * @param header a frame's Ethernet header
     * @return whether its destination is this device or broadcast or a
     *         group (the frames that fire Sniffer)
     */
    bool IsForUs(const EthernetHeader& header) const;

    TracedCallback<Ptr<const Packet>> m_phyRxEndTrace;       //!< PhyRxEnd
    TracedCallback<Ptr<const Packet>> m_phyRxDropTrace;      //!< PhyRxDrop
    TracedCallback<Ptr<const Packet>> m_snifferTrace;        //!< Sniffer
    TracedCallback<Ptr<const Packet>> m_promiscSnifferTrace; //!< PromiscSniffer

  private:
    /**
     * Frames a packet and queues it.
     * @param packet the packet
     * @param source source address
     * @param dest destination address
     * @param protocolNumber EtherType
     * @return whether it was queued
     */
    bool DoSend(Ptr<Packet> packet,
                Mac48Address source,
                Mac48Address dest,
                uint16_t protocolNumber);

    Ptr<Node> m_node;                                    //!< the host
    Ptr<EthernetBusChannel> m_channel;                   //!< the bus
    uint32_t m_channelIndex{0};                          //!< index on the bus
    double m_position{0};                                //!< tap position (m)
    Mac48Address m_address;                              //!< station address
    uint32_t m_ifIndex{0};                               //!< interface index
    uint16_t m_mtu;                                      //!< largest payload (bytes)
    bool m_linkUp{false};                                //!< attached to a bus
    Ptr<Queue<Packet>> m_queue;                          //!< transmit queue
    Ptr<ErrorModel> m_receiveErrorModel;                 //!< receive losses
    Ptr<Packet> m_txFrame;                               //!< frame with the channel
    uint64_t m_collisions{0};                            //!< collisions of own frames
    uint64_t m_excessive{0};                             //!< frames dropped after 16 collisions
    uint64_t m_sent{0};                                  //!< frames sent
    NetDevice::ReceiveCallback m_rxCallback;             //!< upper layer
    NetDevice::PromiscReceiveCallback m_promiscCallback; //!< promiscuous upper layer
    TracedCallback<> m_linkChangeCallbacks;              //!< link up notifications

    TracedCallback<Ptr<const Packet>> m_macTxTrace;        //!< MacTx
    TracedCallback<Ptr<const Packet>> m_macTxDropTrace;    //!< MacTxDrop
    TracedCallback<Ptr<const Packet>> m_macTxBackoffTrace; //!< MacTxBackoff
    TracedCallback<Ptr<const Packet>> m_macPromiscRxTrace; //!< MacPromiscRx
    TracedCallback<Ptr<const Packet>> m_macRxTrace;        //!< MacRx
    TracedCallback<Ptr<const Packet>> m_macRxDropTrace;    //!< MacRxDrop
    TracedCallback<Ptr<const Packet>> m_phyTxBeginTrace;   //!< PhyTxBegin
    TracedCallback<Ptr<const Packet>> m_phyTxEndTrace;     //!< PhyTxEnd
    TracedCallback<Ptr<const Packet>> m_phyTxDropTrace;    //!< PhyTxDrop
};

} // namespace ns3

#endif /* ETHERNET_NET_DEVICE_H */
