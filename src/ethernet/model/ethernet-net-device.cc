/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ethernet-net-device.h"

#include "ethernet-bus-channel.h"

#include "ns3/abort.h"
#include "ns3/drop-tail-queue.h"
#include "ns3/error-model.h"
#include "ns3/ethernet-header.h"
#include "ns3/ethernet-trailer.h"
#include "ns3/log.h"
#include "ns3/pointer.h"
#include "ns3/queue.h"
#include "ns3/simulator.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("EthernetNetDevice");

NS_OBJECT_ENSURE_REGISTERED(EthernetNetDevice);

namespace
{
/// Largest data field of an Ethernet frame (RFC 894; IEEE 802.3 maxFrameSize 1518 - 18).
constexpr uint16_t DEFAULT_MTU = 1500;
/// Smallest EtherType: smaller values of the field are IEEE 802.3 lengths.
constexpr uint16_t MIN_ETHERTYPE = 0x0600;
} // namespace

TypeId
EthernetNetDevice::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::EthernetNetDevice")
            .SetParent<NetDevice>()
            .SetGroupName("Ethernet")
            .AddConstructor<EthernetNetDevice>()
            .AddAttribute(
                "Mtu",
                "Largest payload (bytes) of a frame: 1500, the largest data field of "
                "an Ethernet II frame (RFC 894; IEEE 802.3 maxFrameSize 1518 minus "
                "14 header and 4 FCS bytes).",
                UintegerValue(DEFAULT_MTU),
                MakeUintegerAccessor(&EthernetNetDevice::SetMtu, &EthernetNetDevice::GetMtu),
                MakeUintegerChecker<uint16_t>(1))
            .AddAttribute("Address",
                          "The 48-bit station address. The helper allocates a unique one.",
                          Mac48AddressValue(Mac48Address("ff:ff:ff:ff:ff:ff")),
                          MakeMac48AddressAccessor(&EthernetNetDevice::m_address),
                          MakeMac48AddressChecker())
            .AddAttribute("TxQueue",
                          "The transmit queue, holding frames until the interface can take "
                          "them.",
                          PointerValue(),
                          MakePointerAccessor(&EthernetNetDevice::m_queue),
                          MakePointerChecker<Queue<Packet>>())
            .AddAttribute("ReceiveErrorModel",
                          "Error model applied to every frame the interface takes off the "
                          "cable; a frame it marks corrupt fails the FCS check and is dropped "
                          "(PhyRxDrop).",
                          PointerValue(),
                          MakePointerAccessor(&EthernetNetDevice::m_receiveErrorModel),
                          MakePointerChecker<ErrorModel>())
            .AddTraceSource("MacTx",
                            "A frame (header, padded data, FCS) from the upper layer was "
                            "accepted for transmission.",
                            MakeTraceSourceAccessor(&EthernetNetDevice::m_macTxTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("MacTxDrop",
                            "A packet was refused (link down, larger than Mtu, an IEEE 802.3 "
                            "length instead of an EtherType, queue full) or a frame dropped "
                            "after 16 collisions.",
                            MakeTraceSourceAccessor(&EthernetNetDevice::m_macTxDropTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("MacTxBackoff",
                            "A transmission of the frame collided: the interface jams and "
                            "backs off.",
                            MakeTraceSourceAccessor(&EthernetNetDevice::m_macTxBackoffTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("MacPromiscRx",
                            "A frame is passed to the promiscuous receive callback.",
                            MakeTraceSourceAccessor(&EthernetNetDevice::m_macPromiscRxTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("MacRx",
                            "A frame for this station, broadcast or multicast is passed up.",
                            MakeTraceSourceAccessor(&EthernetNetDevice::m_macRxTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("MacRxDrop",
                            "A received frame was dropped by the driver: an IEEE 802.3 length "
                            "field, which this model does not carry.",
                            MakeTraceSourceAccessor(&EthernetNetDevice::m_macRxDropTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("PhyTxBegin",
                            "An attempt to send the frame starts (once per collision + 1).",
                            MakeTraceSourceAccessor(&EthernetNetDevice::m_phyTxBeginTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("PhyTxEnd",
                            "The frame's last bit has left the station, without collision.",
                            MakeTraceSourceAccessor(&EthernetNetDevice::m_phyTxEndTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("PhyTxDrop",
                            "The frame was dropped after 16 collisions.",
                            MakeTraceSourceAccessor(&EthernetNetDevice::m_phyTxDropTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("PhyRxEnd",
                            "The interface has taken a frame intact off the cable.",
                            MakeTraceSourceAccessor(&EthernetNetDevice::m_phyRxEndTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("PhyRxDrop",
                            "A frame for this interface was lost: the ReceiveErrorModel "
                            "corrupted it, or (3C500) the receiver was off.",
                            MakeTraceSourceAccessor(&EthernetNetDevice::m_phyRxDropTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("Sniffer",
                            "A frame sent by this station (when its last bit has left) or "
                            "taken for it (when its last bit has arrived).",
                            MakeTraceSourceAccessor(&EthernetNetDevice::m_snifferTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("PromiscSniffer",
                            "Every intact device frame that passes the station, as a monitor on "
                            "the same tap would see it, and the station's own frames.",
                            MakeTraceSourceAccessor(&EthernetNetDevice::m_promiscSnifferTrace),
                            "ns3::Packet::TracedCallback");
    return tid;
}

EthernetNetDevice::EthernetNetDevice()
    : m_mtu(DEFAULT_MTU)
{
    NS_LOG_FUNCTION(this);
}

EthernetNetDevice::~EthernetNetDevice()
{
    NS_LOG_FUNCTION(this);
}

void
EthernetNetDevice::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_node = nullptr;
    m_channel = nullptr;
    m_queue = nullptr;
    m_receiveErrorModel = nullptr;
    m_txFrame = nullptr;
    m_rxCallback =
        MakeNullCallback<bool, Ptr<NetDevice>, Ptr<const Packet>, uint16_t, const Address&>();
    m_promiscCallback = MakeNullCallback<bool,
                                         Ptr<NetDevice>,
                                         Ptr<const Packet>,
                                         uint16_t,
                                         const Address&,
                                         const Address&,
                                         PacketType>();
    NetDevice::DoDispose();
}

bool
EthernetNetDevice::Attach(Ptr<EthernetBusChannel> channel, double position)
{
    NS_LOG_FUNCTION(this << channel << position);
    NS_ABORT_MSG_IF(m_channel, "EthernetNetDevice is already attached to a bus");
    m_channel = channel;
    m_position = position;
    m_channelIndex = channel->Attach(this, position);
    m_linkUp = true;
    m_linkChangeCallbacks();
    return true;
}

void
EthernetNetDevice::SetQueue(Ptr<Queue<Packet>> queue)
{
    NS_LOG_FUNCTION(this << queue);
    m_queue = queue;
}

Ptr<Queue<Packet>>
EthernetNetDevice::GetQueue() const
{
    return m_queue;
}

void
EthernetNetDevice::SetReceiveErrorModel(Ptr<ErrorModel> em)
{
    NS_LOG_FUNCTION(this << em);
    m_receiveErrorModel = em;
}

Mac48Address
EthernetNetDevice::GetMacAddress() const
{
    return m_address;
}

double
EthernetNetDevice::GetPosition() const
{
    return m_position;
}

uint32_t
EthernetNetDevice::GetChannelIndex() const
{
    return m_channelIndex;
}

bool
EthernetNetDevice::AcceptsDestination(Mac48Address destination) const
{
    return destination == m_address || destination.IsGroup() || !m_promiscCallback.IsNull();
}

bool
EthernetNetDevice::WantsAllFrames() const
{
    return !m_promiscCallback.IsNull() || !m_promiscSnifferTrace.IsEmpty();
}

uint64_t
EthernetNetDevice::GetCollisions() const
{
    return m_collisions;
}

uint64_t
EthernetNetDevice::GetExcessiveCollisionDrops() const
{
    return m_excessive;
}

uint64_t
EthernetNetDevice::GetFramesSent() const
{
    return m_sent;
}

bool
EthernetNetDevice::Send(Ptr<Packet> packet, const Address& dest, uint16_t protocolNumber)
{
    NS_LOG_FUNCTION(this << packet << dest << protocolNumber);
    return DoSend(packet, m_address, Mac48Address::ConvertFrom(dest), protocolNumber);
}

bool
EthernetNetDevice::SendFrom(Ptr<Packet> packet,
                            const Address& source,
                            const Address& dest,
                            uint16_t protocolNumber)
{
    NS_LOG_FUNCTION(this << packet << source << dest << protocolNumber);
    return DoSend(packet,
                  Mac48Address::ConvertFrom(source),
                  Mac48Address::ConvertFrom(dest),
                  protocolNumber);
}

bool
EthernetNetDevice::DoSend(Ptr<Packet> packet,
                          Mac48Address source,
                          Mac48Address dest,
                          uint16_t protocolNumber)
{
    if (!m_linkUp)
    {
        NS_LOG_LOGIC("not attached to a bus: dropping packet " << packet->GetUid());
        m_macTxDropTrace(packet);
        return false;
    }
    if (packet->GetSize() > m_mtu)
    {
        NS_LOG_WARN("refusing a " << packet->GetSize() << "-byte packet: the MTU is " << m_mtu
                                  << " bytes");
        m_macTxDropTrace(packet);
        return false;
    }
    if (protocolNumber < MIN_ETHERTYPE)
    {
        NS_LOG_WARN("refusing protocol 0x" << std::hex << protocolNumber << std::dec
                                           << ": Ethernet II needs an EtherType");
        m_macTxDropTrace(packet);
        return false;
    }
    // Short data is padded to the 64-byte minimum frame (IEEE 802.3 §3.2.7; RFC 894).
    if (packet->GetSize() < MIN_DATA_BYTES)
    {
        packet->AddAtEnd(Create<Packet>(MIN_DATA_BYTES - packet->GetSize()));
    }
    EthernetHeader header(false);
    header.SetDestination(dest);
    header.SetSource(source);
    header.SetLengthType(protocolNumber);
    packet->AddHeader(header);
    EthernetTrailer trailer;
    if (Node::ChecksumEnabled())
    {
        trailer.EnableFcs(true);
    }
    trailer.CalcFcs(packet);
    packet->AddTrailer(trailer);
    m_macTxTrace(packet);

    if (!m_queue)
    {
        m_queue = CreateObject<DropTailQueue<Packet>>();
    }
    if (!m_queue->Enqueue(packet))
    {
        NS_LOG_LOGIC("transmit queue full: dropping packet " << packet->GetUid());
        m_macTxDropTrace(packet);
        return false;
    }
    TryTransmit();
    return true;
}

Ptr<Packet>
EthernetNetDevice::DequeueFrame()
{
    return m_queue ? m_queue->Dequeue() : nullptr;
}

bool
EthernetNetDevice::IsChannelBusy() const
{
    return m_txFrame != nullptr;
}

void
EthernetNetDevice::HandToChannel(Ptr<Packet> frame)
{
    NS_LOG_FUNCTION(this << frame);
    NS_ASSERT(!m_txFrame);
    m_txFrame = frame;
    m_channel->Transmit(m_channelIndex, frame);
}

void
EthernetNetDevice::TryTransmit()
{
    NS_LOG_FUNCTION(this);
    if (IsChannelBusy())
    {
        return;
    }
    Ptr<Packet> frame = DequeueFrame();
    if (frame)
    {
        HandToChannel(frame);
    }
}

void
EthernetNetDevice::TransmitStarted(uint32_t attempt)
{
    NS_LOG_FUNCTION(this << attempt);
    NS_ASSERT(m_txFrame);
    m_phyTxBeginTrace(m_txFrame);
}

void
EthernetNetDevice::TransmitCollided(uint32_t attempts)
{
    NS_LOG_FUNCTION(this << attempts);
    NS_ASSERT(m_txFrame);
    ++m_collisions;
    m_macTxBackoffTrace(m_txFrame);
}

void
EthernetNetDevice::TransmitCompleted()
{
    NS_LOG_FUNCTION(this);
    NS_ASSERT(m_txFrame);
    Ptr<Packet> frame = m_txFrame;
    m_txFrame = nullptr;
    ++m_sent;
    m_phyTxEndTrace(frame);
    m_snifferTrace(frame);
    m_promiscSnifferTrace(frame);
    TransmitDone(true);
}

void
EthernetNetDevice::TransmitDropped()
{
    NS_LOG_FUNCTION(this);
    NS_ASSERT(m_txFrame);
    Ptr<Packet> frame = m_txFrame;
    m_txFrame = nullptr;
    ++m_excessive;
    NS_LOG_LOGIC("frame " << frame->GetUid() << " dropped after 16 collisions");
    m_phyTxDropTrace(frame);
    m_macTxDropTrace(frame);
    TransmitDone(false);
}

void
EthernetNetDevice::TransmitDone(bool sent)
{
    NS_LOG_FUNCTION(this << sent);
    TryTransmit();
}

bool
EthernetNetDevice::IsForUs(const EthernetHeader& header) const
{
    const Mac48Address destination = header.GetDestination();
    return destination == m_address || destination.IsGroup();
}

void
EthernetNetDevice::Receive(Ptr<Packet> frame, Time firstBitAt)
{
    NS_LOG_FUNCTION(this << frame << firstBitAt);
    EthernetHeader header(false);
    frame->PeekHeader(header);
    if (!AcceptsDestination(header.GetDestination()))
    {
        // Only the monitor on the tap sees it; the interface's filter rejects it.
        m_promiscSnifferTrace(frame);
        return;
    }
    ReceiveFrame(frame, header, firstBitAt);
}

bool
EthernetNetDevice::PassesErrorModel(Ptr<Packet> frame)
{
    if (m_receiveErrorModel && m_receiveErrorModel->IsCorrupt(frame))
    {
        NS_LOG_LOGIC("receive error model drops frame " << frame->GetUid());
        m_phyRxDropTrace(frame);
        return false;
    }
    return true;
}

void
EthernetNetDevice::ReceiveFrame(Ptr<Packet> frame, const EthernetHeader& header, Time firstBitAt)
{
    NS_LOG_FUNCTION(this << frame << firstBitAt);
    if (!PassesErrorModel(frame))
    {
        return;
    }
    m_phyRxEndTrace(frame);
    if (IsForUs(header))
    {
        m_snifferTrace(frame);
    }
    m_promiscSnifferTrace(frame);
    ForwardUp(frame, header);
}

void
EthernetNetDevice::ForwardUp(Ptr<Packet> frame, const EthernetHeader& header)
{
    NS_LOG_FUNCTION(this << frame);
    const uint16_t protocol = header.GetLengthType();
    if (protocol < MIN_ETHERTYPE)
    {
        NS_LOG_LOGIC("dropping frame " << frame->GetUid() << " with length field " << protocol);
        m_macRxDropTrace(frame);
        return;
    }
    const Mac48Address destination = header.GetDestination();
    PacketType packetType = PACKET_OTHERHOST;
    if (destination.IsBroadcast())
    {
        packetType = PACKET_BROADCAST;
    }
    else if (destination.IsGroup())
    {
        packetType = PACKET_MULTICAST;
    }
    else if (destination == m_address)
    {
        packetType = PACKET_HOST;
    }
    // The traces take the whole frame, before the header and FCS come off.
    if (!m_promiscCallback.IsNull())
    {
        m_macPromiscRxTrace(frame);
    }
    if (packetType != PACKET_OTHERHOST)
    {
        m_macRxTrace(frame);
    }
    // Corruption is the ReceiveErrorModel's (checked when the frame came in); the FCS only
    // comes off here.
    EthernetTrailer trailer;
    frame->RemoveTrailer(trailer);
    EthernetHeader removed(false);
    frame->RemoveHeader(removed);
    // Padding stays: IPv4 trims the data to its own length, ARP reads only its fields.
    if (!m_promiscCallback.IsNull())
    {
        m_promiscCallback(this, frame, protocol, header.GetSource(), destination, packetType);
    }
    if (packetType != PACKET_OTHERHOST && !m_rxCallback.IsNull())
    {
        m_rxCallback(this, frame, protocol, header.GetSource());
    }
}

void
EthernetNetDevice::SetIfIndex(const uint32_t index)
{
    m_ifIndex = index;
}

uint32_t
EthernetNetDevice::GetIfIndex() const
{
    return m_ifIndex;
}

Ptr<Channel>
EthernetNetDevice::GetChannel() const
{
    return m_channel;
}

void
EthernetNetDevice::SetAddress(Address address)
{
    NS_LOG_FUNCTION(this << address);
    m_address = Mac48Address::ConvertFrom(address);
}

Address
EthernetNetDevice::GetAddress() const
{
    return m_address;
}

bool
EthernetNetDevice::SetMtu(const uint16_t mtu)
{
    NS_LOG_FUNCTION(this << mtu);
    m_mtu = mtu;
    return true;
}

uint16_t
EthernetNetDevice::GetMtu() const
{
    return m_mtu;
}

bool
EthernetNetDevice::IsLinkUp() const
{
    return m_linkUp;
}

void
EthernetNetDevice::AddLinkChangeCallback(Callback<void> callback)
{
    m_linkChangeCallbacks.ConnectWithoutContext(callback);
}

bool
EthernetNetDevice::IsBroadcast() const
{
    return true;
}

Address
EthernetNetDevice::GetBroadcast() const
{
    return Mac48Address::GetBroadcast();
}

bool
EthernetNetDevice::IsMulticast() const
{
    return true;
}

Address
EthernetNetDevice::GetMulticast(Ipv4Address multicastGroup) const
{
    return Mac48Address::GetMulticast(multicastGroup);
}

Address
EthernetNetDevice::GetMulticast(Ipv6Address addr) const
{
    return Mac48Address::GetMulticast(addr);
}

bool
EthernetNetDevice::IsPointToPoint() const
{
    return false;
}

bool
EthernetNetDevice::IsBridge() const
{
    return false;
}

Ptr<Node>
EthernetNetDevice::GetNode() const
{
    return m_node;
}

void
EthernetNetDevice::SetNode(Ptr<Node> node)
{
    m_node = node;
}

bool
EthernetNetDevice::NeedsArp() const
{
    return true;
}

void
EthernetNetDevice::SetReceiveCallback(NetDevice::ReceiveCallback cb)
{
    m_rxCallback = cb;
}

void
EthernetNetDevice::SetPromiscReceiveCallback(NetDevice::PromiscReceiveCallback cb)
{
    m_promiscCallback = cb;
}

bool
EthernetNetDevice::SupportsSendFrom() const
{
    return true;
}

} // namespace ns3
