/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef WIDEBAND_NET_DEVICE_H
#define WIDEBAND_NET_DEVICE_H

#include "ns3/event-id.h"
#include "ns3/mac48-address.h"
#include "ns3/net-device.h"
#include "ns3/nstime.h"
#include "ns3/queue-size.h"
#include "ns3/traced-callback.h"

#include <deque>
#include <list>

namespace ns3
{

class Packet;
class WidebandChannel;

/**
 * @ingroup wideband
 * @brief A gateway's interface to its Wideband earth station: the BSAT that queues datagrams
 * and asks for channel capacity, and the ESI that holds them until their frame.
 *
 * Carries IPv4 datagrams (no link header, no ARP) to every other station of the channel.
 * A datagram handed to Send() waits in the BSAT queue (BsatQueueSize) for the station's next
 * control slot; there every waiting datagram is requested at once and moves into the ESI
 * buffer (EsiBufferBytes), where it stays until its transmission ends. A lost request is asked
 * again one reservation round later. If a request would overfill the ESI buffer the station
 * fails as RFC 1030 §7 describes (the ESI stops its transmit clock, the BIO interface locks up,
 * the channel processor node resets): everything queued is dropped and the station neither
 * sends nor receives for ResetTime.
 */
class WidebandNetDevice : public NetDevice
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    /// EtherType of the only protocol carried.
    static constexpr uint16_t IPV4_PROTOCOL = 0x0800;

    /// What the ESI does with a request that would overfill its buffer (EsiOverflow).
    enum EsiOverflowPolicy : uint8_t
    {
        /// RFC 1030 §7's BIO: the ESI stops its transmit clock and the station resets.
        RESET_STATION,
        /// It takes the datagrams that fit; the rest wait in the BSAT queue for the next slot.
        REFUSE_REST,
        /// It takes the datagrams that fit and drops the rest.
        DROP_REST,
    };

    WidebandNetDevice();
    ~WidebandNetDevice() override;

    WidebandNetDevice(const WidebandNetDevice&) = delete;
    WidebandNetDevice& operator=(const WidebandNetDevice&) = delete;

    /**
     * Attaches the device to a channel as its next station.
     * @param channel the channel
     */
    void Attach(Ptr<WidebandChannel> channel);

    /** @return the station index (control slot) */
    uint32_t GetStation() const;

    /**
     * Called by the channel one hop after a datagram's transmission ended.
     * @param packet the datagram
     * @param damaged whether channel errors damaged it
     */
    void Receive(Ptr<Packet> packet, bool damaged);

    /** @return datagrams transmitted on the channel */
    uint64_t GetDatagramsSent() const;
    /** @return datagrams received intact and passed up */
    uint64_t GetDatagramsReceived() const;
    /** @return datagrams that arrived damaged */
    uint64_t GetDamagedReceptions() const;
    /** @return requests the channel lost (and that were asked again) */
    uint64_t GetReservationsLost() const;
    /** @return channel-processor resets */
    uint64_t GetResets() const;
    /** @return datagrams dropped on the sending side: too large, queue full, down or reset */
    uint64_t GetTransmitDrops() const;
    /** @return datagrams an ESI without room refused or dropped (EsiOverflow not the reset) */
    uint64_t GetEsiOverflows() const;
    /** @return most bytes the ESI has held at once (requested, not yet transmitted) */
    uint32_t GetPeakEsiBytes() const;
    /** @return most datagrams the BSAT queue has held at once */
    uint32_t GetPeakBsatQueue() const;
    /** @return most datagrams one control slot asked to reserve */
    uint32_t GetLargestRequest() const;

    /**
     * Trace signature of Enqueue: a datagram entered the BSAT queue.
     * @param datagram the IPv4 datagram, IP header on
     * @param queuedBytes bytes the BSAT queue and the ESI hold with it: queued datagrams and
     *        datagrams requested and not yet transmitted
     */
    typedef void (*EnqueueTracedCallback)(Ptr<const Packet> datagram, uint32_t queuedBytes);

    // NetDevice
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
    bool IsBridge() const override;
    bool IsPointToPoint() const override;
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
    /** Puts a datagram in the BSAT queue and makes sure the next control slot is used. */
    void Enqueue(Ptr<Packet> packet);
    /** Schedules the station's next control slot if anything waits for one. */
    void ScheduleControlSlot();
    /** The station's control slot: requests every datagram waiting. */
    void ControlSlot();
    /**
     * A request was lost: its datagrams are asked for again at the next control slot.
     * @param datagrams the request's datagrams, in order (emptied)
     */
    void RequestLost(std::deque<Ptr<Packet>>* datagrams);
    /**
     * A datagram's transmission has ended: it leaves the ESI and goes out on the channel.
     * @param datagrams holds the datagram (emptied)
     */
    void TransmissionEnded(std::deque<Ptr<Packet>>* datagrams);
    /**
     * Passes a received datagram up.
     * @param packet the datagram
     */
    void DeliverUp(Ptr<Packet> packet);
    /** The ESI buffer overflowed: the station resets. */
    void Reset();
    /** The channel processor node is back. */
    void Restart();
    /**
     * Drops a datagram on the sending side.
     * @param packet the datagram
     */
    void DropOutgoing(Ptr<const Packet> packet);

    Ptr<Node> m_node;                       //!< owner
    Ptr<WidebandChannel> m_channel;         //!< the satellite channel
    uint32_t m_station{0};                  //!< control slot
    uint32_t m_ifIndex{0};                  //!< interface index
    Mac48Address m_address;                 //!< an identity for IPv4
    uint16_t m_mtu;                         //!< IP MTU towards the channel
    QueueSize m_bsatQueueSize;              //!< BSAT queue limit
    uint32_t m_esiBufferBytes;              //!< ESI buffer
    EsiOverflowPolicy m_esiOverflow;        //!< what an overfull request does
    Time m_resetTime;                       //!< channel processor reset
    Time m_interfaceDelay;                  //!< gateway hand-over, each way
    bool m_down{false};                     //!< resetting
    std::deque<Ptr<Packet>> m_bsatQueue;    //!< waiting for a control slot
    std::deque<Ptr<Packet>> m_lostRequests; //!< to ask for again, before m_bsatQueue
    uint32_t m_esiBytes{0};                 //!< bytes requested and not yet sent
    EventId m_controlSlotEvent;             //!< next control slot, if anything waits
    Time m_lastControlSlot{Time(-1)};       //!< when the station last used its slot

    /// Datagrams in the ESI, waiting for their transmission or to be asked for again.
    struct Pending
    {
        EventId event;                     //!< the transmission end or the re-request
        std::deque<Ptr<Packet>> datagrams; //!< one to transmit, or a lost request's
    };

    std::list<Pending> m_pending;                          //!< what a reset would destroy
    NetDevice::ReceiveCallback m_rxCallback;               //!< to the stack
    NetDevice::PromiscReceiveCallback m_promiscRxCallback; //!< promiscuous sink
    TracedCallback<> m_linkChangeCallbacks;                //!< link state
    uint64_t m_sent{0};                                    //!< see GetDatagramsSent()
    uint64_t m_received{0};                                //!< see GetDatagramsReceived()
    uint64_t m_damaged{0};                                 //!< see GetDamagedReceptions()
    uint64_t m_reservationsLost{0};                        //!< see GetReservationsLost()
    uint64_t m_resets{0};                                  //!< see GetResets()
    uint64_t m_transmitDrops{0};                           //!< see GetTransmitDrops()
    uint64_t m_esiOverflows{0};                            //!< see GetEsiOverflows()
    uint32_t m_peakEsiBytes{0};                            //!< see GetPeakEsiBytes()
    uint32_t m_peakBsatQueue{0};                           //!< see GetPeakBsatQueue()
    uint32_t m_largestRequest{0};                          //!< see GetLargestRequest()

    TracedCallback<Ptr<const Packet>> m_macTxTrace;             //!< accepted by Send()
    TracedCallback<Ptr<const Packet>> m_macTxDropTrace;         //!< dropped on the sending side
    TracedCallback<Ptr<const Packet>> m_macRxTrace;             //!< passed up
    TracedCallback<Ptr<const Packet>> m_phyRxDropTrace;         //!< damaged or arrived while down
    TracedCallback<Ptr<const Packet>> m_snifferTrace;           //!< sent or received (pcap)
    TracedCallback<Ptr<const Packet>> m_promiscSnifferTrace;    //!< the same, promiscuous
    TracedCallback<uint32_t> m_reservationLostTrace;            //!< datagrams in the lost request
    TracedCallback<uint32_t> m_resetTrace;                      //!< datagrams dropped by the reset
    TracedCallback<> m_restartTrace;                            //!< back up after a reset
    TracedCallback<Ptr<const Packet>, uint32_t> m_enqueueTrace; //!< accepted into the BSAT queue
};

} // namespace ns3

#endif /* WIDEBAND_NET_DEVICE_H */
