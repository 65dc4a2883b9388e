/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "proteon-ring-net-device.h"

#include "proteon-ring-channel.h"
#include "proteon-ring-header.h"

#include "ns3/abort.h"
#include "ns3/drop-tail-queue.h"
#include "ns3/error-model.h"
#include "ns3/host-cpu.h"
#include "ns3/log.h"
#include "ns3/pointer.h"
#include "ns3/queue.h"
#include "ns3/simulator.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ProteonRingNetDevice");

NS_OBJECT_ENSURE_REGISTERED(ProteonRingNetDevice);

const std::string ProteonRingNetDevice::TRANSMIT_ACTIVITY = "p1300-transmit";
const std::string ProteonRingNetDevice::RECEIVE_ACTIVITY = "p1300-receive";

namespace
{
/// Largest IP datagram of the ring (RFC 1030 §5: maximum MTU 2046 bytes).
constexpr uint16_t DEFAULT_MTU = 2046;
} // namespace

TypeId
ProteonRingNetDevice::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::ProteonRingNetDevice")
            .SetParent<NetDevice>()
            .SetGroupName("ProteonRing")
            .AddConstructor<ProteonRingNetDevice>()
            .AddAttribute(
                "Mtu",
                "Largest payload (bytes, the IP datagram) of a frame; the ring header's "
                "6 bytes come on top. RFC 1030 §5: 2046 bytes.",
                UintegerValue(DEFAULT_MTU),
                MakeUintegerAccessor(&ProteonRingNetDevice::SetMtu, &ProteonRingNetDevice::GetMtu),
                MakeUintegerChecker<uint16_t>(1))
            .AddAttribute("Address",
                          "The 8-bit station address (Mac8Address; 255 is broadcast). The helper "
                          "sets it to the station number + 1.",
                          AddressValue(Mac8Address(0)),
                          MakeAddressAccessor(&ProteonRingNetDevice::SetAddress,
                                              &ProteonRingNetDevice::GetAddress),
                          MakeAddressChecker())
            .AddAttribute("TxQueue",
                          "The driver's transmit queue, holding frames until the interface can "
                          "take them.",
                          PointerValue(),
                          MakePointerAccessor(&ProteonRingNetDevice::m_queue),
                          MakePointerChecker<Queue<Packet>>())
            .AddAttribute("ReceiveErrorModel",
                          "Error model applied to every frame the interface receives; a frame it "
                          "marks corrupt is dropped (PhyRxDrop).",
                          PointerValue(),
                          MakePointerAccessor(&ProteonRingNetDevice::m_receiveErrorModel),
                          MakePointerChecker<ErrorModel>())
            .AddAttribute("TransmitCostPerPacket",
                          "CPU time (per frame) the host's driver spends copying a frame into "
                          "the interface, on top of TransmitCostPerByte.",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&ProteonRingNetDevice::m_txCostPerPacket),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("TransmitCostPerByte",
                          "CPU time per frame byte (ring header included) the host's driver "
                          "spends copying a frame into the interface.",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&ProteonRingNetDevice::m_txCostPerByte),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("ReceiveCostPerPacket",
                          "CPU time (per frame) the host's driver spends copying a received frame "
                          "out of the interface, on top of ReceiveCostPerByte.",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&ProteonRingNetDevice::m_rxCostPerPacket),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("ReceiveCostPerByte",
                          "CPU time per frame byte (ring header included) the host's driver "
                          "spends copying a received frame out of the interface.",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&ProteonRingNetDevice::m_rxCostPerByte),
                          MakeTimeChecker(Time(0)))
            .AddTraceSource("MacTx",
                            "A frame (ring header included) from the upper layer was accepted "
                            "for transmission.",
                            MakeTraceSourceAccessor(&ProteonRingNetDevice::m_macTxTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("MacTxDrop",
                            "A packet from the upper layer was refused: link down, larger than "
                            "Mtu, protocol not carried, or transmit queue full.",
                            MakeTraceSourceAccessor(&ProteonRingNetDevice::m_macTxDropTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("MacPromiscRx",
                            "A frame (ring header included) is passed to the promiscuous receive "
                            "callback.",
                            MakeTraceSourceAccessor(&ProteonRingNetDevice::m_macPromiscRxTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("MacRx",
                            "A frame (ring header included) for this station or broadcast is "
                            "passed up the stack.",
                            MakeTraceSourceAccessor(&ProteonRingNetDevice::m_macRxTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("MacRxDrop",
                            "A received frame was dropped by the driver: a ring protocol type "
                            "this model does not carry.",
                            MakeTraceSourceAccessor(&ProteonRingNetDevice::m_macRxDropTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("PhyTxBegin",
                            "A frame starts going onto the ring.",
                            MakeTraceSourceAccessor(&ProteonRingNetDevice::m_phyTxBeginTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("PhyTxEnd",
                            "A frame's last bit has left the station.",
                            MakeTraceSourceAccessor(&ProteonRingNetDevice::m_phyTxEndTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("PhyRxEnd",
                            "The interface has received a frame intact.",
                            MakeTraceSourceAccessor(&ProteonRingNetDevice::m_phyRxEndTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("PhyRxDrop",
                            "The ReceiveErrorModel dropped a received frame.",
                            MakeTraceSourceAccessor(&ProteonRingNetDevice::m_phyRxDropTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("Sniffer",
                            "A frame sent by or for this station (ring header included), at the "
                            "moment it is on the wire.",
                            MakeTraceSourceAccessor(&ProteonRingNetDevice::m_snifferTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("PromiscSniffer",
                            "Every frame the interface sees: its own and, while a sink is "
                            "connected, every frame passing the station.",
                            MakeTraceSourceAccessor(&ProteonRingNetDevice::m_promiscSnifferTrace),
                            "ns3::Packet::TracedCallback");
    return tid;
}

ProteonRingNetDevice::ProteonRingNetDevice()
    : m_mtu(DEFAULT_MTU)
{
    NS_LOG_FUNCTION(this);
}

ProteonRingNetDevice::~ProteonRingNetDevice()
{
    NS_LOG_FUNCTION(this);
}

void
ProteonRingNetDevice::DoDispose()
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
ProteonRingNetDevice::Attach(Ptr<ProteonRingChannel> channel, uint32_t station)
{
    NS_LOG_FUNCTION(this << channel << station);
    NS_ABORT_MSG_IF(m_channel, "ProteonRingNetDevice is already attached to a ring");
    m_channel = channel;
    m_station = station;
    m_channelIndex = channel->Attach(this, station);
    m_linkUp = true;
    m_linkChangeCallbacks();
    return true;
}

void
ProteonRingNetDevice::SetQueue(Ptr<Queue<Packet>> queue)
{
    NS_LOG_FUNCTION(this << queue);
    m_queue = queue;
}

Ptr<Queue<Packet>>
ProteonRingNetDevice::GetQueue() const
{
    return m_queue;
}

void
ProteonRingNetDevice::SetReceiveErrorModel(Ptr<ErrorModel> em)
{
    NS_LOG_FUNCTION(this << em);
    m_receiveErrorModel = em;
}

uint32_t
ProteonRingNetDevice::GetStation() const
{
    return m_station;
}

Mac8Address
ProteonRingNetDevice::GetRingAddress() const
{
    return m_address;
}

bool
ProteonRingNetDevice::IsPromiscuous() const
{
    return !m_promiscCallback.IsNull() || !m_promiscSnifferTrace.IsEmpty();
}

bool
ProteonRingNetDevice::IsInterfaceBusy() const
{
    return m_txState == WAITING || m_txState == TRANSMITTING;
}

bool
ProteonRingNetDevice::Send(Ptr<Packet> packet, const Address& dest, uint16_t protocolNumber)
{
    NS_LOG_FUNCTION(this << packet << dest << protocolNumber);
    if (!m_linkUp)
    {
        NS_LOG_LOGIC("not attached to a ring: dropping packet " << packet->GetUid());
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
    uint8_t type = 0;
    if (!ProteonRingHeader::EtherTypeToRingType(protocolNumber, type))
    {
        NS_LOG_WARN("refusing a packet of protocol 0x" << std::hex << protocolNumber << std::dec
                                                       << ": ProNET carries only IPv4 and ARP");
        m_macTxDropTrace(packet);
        return false;
    }
    ProteonRingHeader header;
    header.SetDestination(Mac8Address::ConvertFrom(dest));
    header.SetSource(m_address);
    header.SetType(type);
    packet->AddHeader(header);
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
    if (m_txState == IDLE)
    {
        StartCopyIn();
    }
    return true;
}

bool
ProteonRingNetDevice::SendFrom(Ptr<Packet> packet,
                               const Address& source,
                               const Address& dest,
                               uint16_t protocolNumber)
{
    NS_LOG_FUNCTION(this << packet << source << dest << protocolNumber);
    // The interface writes its own address into every frame.
    return false;
}

void
ProteonRingNetDevice::StartCopyIn()
{
    NS_LOG_FUNCTION(this);
    NS_ASSERT(m_txState == IDLE);
    Ptr<Packet> frame = m_queue ? m_queue->Dequeue() : nullptr;
    if (!frame)
    {
        return;
    }
    m_txState = COPYING;
    m_txFrame = frame;
    const Time cost = m_txCostPerPacket + m_txCostPerByte * static_cast<int64_t>(frame->GetSize());
    HostCpu::Run(GetNode(),
                 cost,
                 TRANSMIT_ACTIVITY,
                 MakeCallback(&ProteonRingNetDevice::CopyInDone, this));
}

void
ProteonRingNetDevice::CopyInDone()
{
    NS_LOG_FUNCTION(this);
    NS_ASSERT(m_txState == COPYING);
    m_txState = WAITING;
    m_channel->NotifyFrameReady(m_channelIndex);
}

bool
ProteonRingNetDevice::IsTransmitEndTraced() const
{
    return !m_phyTxEndTrace.IsEmpty();
}

Ptr<const Packet>
ProteonRingNetDevice::GetInterfaceFrame() const
{
    return m_txFrame;
}

void
ProteonRingNetDevice::TransmitStart()
{
    NS_LOG_FUNCTION(this);
    NS_ASSERT(m_txState == WAITING && m_txFrame);
    m_txState = TRANSMITTING;
    m_phyTxBeginTrace(m_txFrame);
    m_snifferTrace(m_txFrame);
    m_promiscSnifferTrace(m_txFrame);
}

void
ProteonRingNetDevice::TransmitEnd()
{
    NS_LOG_FUNCTION(this);
    NS_ASSERT(m_txState == TRANSMITTING && m_txFrame);
    m_phyTxEndTrace(m_txFrame);
}

void
ProteonRingNetDevice::TransmitComplete()
{
    NS_LOG_FUNCTION(this);
    NS_ASSERT(m_txState == TRANSMITTING);
    m_txState = IDLE;
    m_txFrame = nullptr;
    StartCopyIn();
}

void
ProteonRingNetDevice::Receive(Ptr<Packet> frame)
{
    NS_LOG_FUNCTION(this << frame);
    ProteonRingHeader header;
    frame->PeekHeader(header);
    const Mac8Address destination = header.GetDestination();
    const bool forUs = destination == m_address || destination == Mac8Address::GetBroadcast();
    if (forUs || !m_promiscCallback.IsNull())
    {
        if (m_receiveErrorModel && m_receiveErrorModel->IsCorrupt(frame))
        {
            NS_LOG_LOGIC("receive error model drops frame " << frame->GetUid());
            m_phyRxDropTrace(frame);
            return;
        }
    }
    if (forUs)
    {
        m_snifferTrace(frame);
    }
    m_promiscSnifferTrace(frame);
    if (!forUs && m_promiscCallback.IsNull())
    {
        // Only a sniffer listens for other stations' frames; the host never sees them.
        return;
    }
    m_phyRxEndTrace(frame);
    const Time cost = m_rxCostPerPacket + m_rxCostPerByte * static_cast<int64_t>(frame->GetSize());
    HostCpu::Run(GetNode(),
                 cost,
                 RECEIVE_ACTIVITY,
                 MakeCallback(&ProteonRingNetDevice::ForwardUp, this).Bind(frame));
}

void
ProteonRingNetDevice::ForwardUp(Ptr<Packet> frame)
{
    NS_LOG_FUNCTION(this << frame);
    ProteonRingHeader header;
    frame->PeekHeader(header);
    uint16_t protocol = 0;
    if (!ProteonRingHeader::RingTypeToEtherType(header.GetType(), protocol))
    {
        NS_LOG_LOGIC("dropping frame " << frame->GetUid() << " of ring type "
                                       << static_cast<uint32_t>(header.GetType()));
        m_macRxDropTrace(frame);
        return;
    }
    const Mac8Address destination = header.GetDestination();
    PacketType packetType = PACKET_OTHERHOST;
    if (destination == Mac8Address::GetBroadcast())
    {
        packetType = PACKET_BROADCAST;
    }
    else if (destination == m_address)
    {
        packetType = PACKET_HOST;
    }
    // The traces take the whole frame, before the header comes off.
    if (!m_promiscCallback.IsNull())
    {
        m_macPromiscRxTrace(frame);
    }
    if (packetType != PACKET_OTHERHOST)
    {
        m_macRxTrace(frame);
    }
    frame->RemoveHeader(header);
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
ProteonRingNetDevice::SetIfIndex(const uint32_t index)
{
    m_ifIndex = index;
}

uint32_t
ProteonRingNetDevice::GetIfIndex() const
{
    return m_ifIndex;
}

Ptr<Channel>
ProteonRingNetDevice::GetChannel() const
{
    return m_channel;
}

void
ProteonRingNetDevice::SetAddress(Address address)
{
    NS_LOG_FUNCTION(this << address);
    m_address = Mac8Address::ConvertFrom(address);
}

Address
ProteonRingNetDevice::GetAddress() const
{
    return m_address;
}

bool
ProteonRingNetDevice::SetMtu(const uint16_t mtu)
{
    NS_LOG_FUNCTION(this << mtu);
    m_mtu = mtu;
    return true;
}

uint16_t
ProteonRingNetDevice::GetMtu() const
{
    return m_mtu;
}

bool
ProteonRingNetDevice::IsLinkUp() const
{
    return m_linkUp;
}

void
ProteonRingNetDevice::AddLinkChangeCallback(Callback<void> callback)
{
    m_linkChangeCallbacks.ConnectWithoutContext(callback);
}

bool
ProteonRingNetDevice::IsBroadcast() const
{
    return true;
}

Address
ProteonRingNetDevice::GetBroadcast() const
{
    return Mac8Address::GetBroadcast();
}

bool
ProteonRingNetDevice::IsMulticast() const
{
    // Multicast is carried, as broadcast: ProNET has no group addresses.
    return true;
}

Address
ProteonRingNetDevice::GetMulticast(Ipv4Address multicastGroup) const
{
    return Mac8Address::GetBroadcast();
}

Address
ProteonRingNetDevice::GetMulticast(Ipv6Address addr) const
{
    return Mac8Address::GetBroadcast();
}

bool
ProteonRingNetDevice::IsPointToPoint() const
{
    return false;
}

bool
ProteonRingNetDevice::IsBridge() const
{
    return false;
}

Ptr<Node>
ProteonRingNetDevice::GetNode() const
{
    return m_node;
}

void
ProteonRingNetDevice::SetNode(Ptr<Node> node)
{
    m_node = node;
}

bool
ProteonRingNetDevice::NeedsArp() const
{
    return true;
}

void
ProteonRingNetDevice::SetReceiveCallback(NetDevice::ReceiveCallback cb)
{
    m_rxCallback = cb;
}

void
ProteonRingNetDevice::SetPromiscReceiveCallback(NetDevice::PromiscReceiveCallback cb)
{
    m_promiscCallback = cb;
}

bool
ProteonRingNetDevice::SupportsSendFrom() const
{
    return false;
}

} // namespace ns3
