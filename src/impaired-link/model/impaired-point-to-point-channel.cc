/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "impaired-point-to-point-channel.h"

#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/nix-vector.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/point-to-point-net-device.h"
#include "ns3/random-variable-stream.h"
#include "ns3/raw-bytes-header.h"
#include "ns3/simulator.h"
#include "ns3/tag.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <array>
#include <vector>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ImpairedPointToPointChannel");

NS_OBJECT_ENSURE_REGISTERED(ImpairedPointToPointChannel);

namespace
{
/// Size of the PPP header that PointToPointNetDevice puts in front of every frame (bytes).
constexpr uint32_t PPP_HEADER_SIZE = 2;
/// PPP protocol number of IPv4.
constexpr uint16_t PPP_PROTOCOL_IPV4 = 0x0021;
/// PPP protocol number of IPv6.
constexpr uint16_t PPP_PROTOCOL_IPV6 = 0x0057;
/// Size of the fixed IPv6 header (bytes).
constexpr uint32_t IPV6_HEADER_SIZE = 40;
/// Offset of the Protocol field in the IPv4 header (bytes).
constexpr uint32_t IPV4_PROTOCOL_OFFSET = 9;
/// Offset of the Next Header field in the IPv6 header (bytes).
constexpr uint32_t IPV6_NEXT_HEADER_OFFSET = 6;
/// Size of the largest IPv4 header (IHL = 15) (bytes).
constexpr uint32_t IPV4_MAX_HEADER_SIZE = 60;
} // namespace

TypeId
ImpairedPointToPointChannel::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::ImpairedPointToPointChannel")
            .SetParent<PointToPointChannel>()
            .SetGroupName("ImpairedLink")
            .AddConstructor<ImpairedPointToPointChannel>()
            .AddAttribute("DuplicateProbability",
                          "Probability (0 to 1, dimensionless) that a frame is delivered twice; "
                          "the second copy arrives one transmission time after the first.",
                          DoubleValue(0.0),
                          MakeDoubleAccessor(&ImpairedPointToPointChannel::m_duplicateProbability),
                          MakeDoubleChecker<double>(0.0, 1.0))
            .AddAttribute("ReorderProbability",
                          "Probability (0 to 1, dimensionless) that a frame is held back by "
                          "ReorderDelay, so that frames sent after it may overtake it.",
                          DoubleValue(0.0),
                          MakeDoubleAccessor(&ImpairedPointToPointChannel::m_reorderProbability),
                          MakeDoubleChecker<double>(0.0, 1.0))
            .AddAttribute("ReorderDelay",
                          "Extra delay (time, e.g. \"10ms\") added to the delivery of a frame "
                          "that is held back for reordering.",
                          TimeValue(MilliSeconds(10)),
                          MakeTimeAccessor(&ImpairedPointToPointChannel::m_reorderDelay),
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("CorruptProbability",
                          "Probability (0 to 1, dimensionless), drawn for every delivered copy, "
                          "that one bit of the network-layer payload is inverted; the damaged "
                          "frame is still delivered.",
                          DoubleValue(0.0),
                          MakeDoubleAccessor(&ImpairedPointToPointChannel::m_corruptProbability),
                          MakeDoubleChecker<double>(0.0, 1.0))
            .AddAttribute("CorruptIpProtocol",
                          "If not 0, only frames whose IPv4 Protocol (IPv6 Next Header) field "
                          "equals this protocol number (dimensionless, e.g. 30 for NETBLT, 17 "
                          "for UDP) are corrupted; 0 corrupts IP frames of any protocol.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&ImpairedPointToPointChannel::m_corruptIpProtocol),
                          MakeUintegerChecker<uint8_t>())
            .AddTraceSource("Duplicate",
                            "A frame is delivered twice (argument: the frame).",
                            MakeTraceSourceAccessor(&ImpairedPointToPointChannel::m_duplicateTrace),
                            "ns3::ImpairedPointToPointChannel::ImpairmentTracedCallback")
            .AddTraceSource("Reorder",
                            "A frame is held back by ReorderDelay (argument: the frame).",
                            MakeTraceSourceAccessor(&ImpairedPointToPointChannel::m_reorderTrace),
                            "ns3::ImpairedPointToPointChannel::ImpairmentTracedCallback")
            .AddTraceSource("Corrupt",
                            "A copy of a frame is delivered with one bit inverted "
                            "(argument: the damaged copy).",
                            MakeTraceSourceAccessor(&ImpairedPointToPointChannel::m_corruptTrace),
                            "ns3::ImpairedPointToPointChannel::ImpairmentTracedCallback");
    return tid;
}

ImpairedPointToPointChannel::ImpairedPointToPointChannel()
    : PointToPointChannel(),
      m_duplicateProbability(0.0),
      m_reorderProbability(0.0),
      m_reorderDelay(MilliSeconds(10)),
      m_corruptProbability(0.0),
      m_corruptIpProtocol(0)
{
    NS_LOG_FUNCTION(this);
    m_duplicateRv = CreateObject<UniformRandomVariable>();
    m_reorderRv = CreateObject<UniformRandomVariable>();
    m_corruptRv = CreateObject<UniformRandomVariable>();
    m_corruptPositionRv = CreateObject<UniformRandomVariable>();
}

ImpairedPointToPointChannel::~ImpairedPointToPointChannel()
{
    NS_LOG_FUNCTION(this);
}

void
ImpairedPointToPointChannel::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_duplicateRv = nullptr;
    m_reorderRv = nullptr;
    m_corruptRv = nullptr;
    m_corruptPositionRv = nullptr;
    PointToPointChannel::DoDispose();
}

int64_t
ImpairedPointToPointChannel::AssignStreams(int64_t stream)
{
    NS_LOG_FUNCTION(this << stream);
    m_duplicateRv->SetStream(stream);
    m_reorderRv->SetStream(stream + 1);
    m_corruptRv->SetStream(stream + 2);
    m_corruptPositionRv->SetStream(stream + 3);
    return 4;
}

bool
ImpairedPointToPointChannel::TransmitStart(Ptr<const Packet> p,
                                           Ptr<PointToPointNetDevice> src,
                                           Time txTime)
{
    NS_LOG_FUNCTION(this << p << src << txTime);
    NS_ASSERT_MSG(GetNDevices() == 2, "ImpairedPointToPointChannel needs two attached devices");

    Ptr<PointToPointNetDevice> dst =
        (src == GetPointToPointDevice(0)) ? GetPointToPointDevice(1) : GetPointToPointDevice(0);

    // Every frame takes the same number of draws from each stream (one for reordering, one
    // for duplication, and for each of the two possible copies one corruption decision and
    // two position draws), whatever the decisions are, so that the setting of one impairment
    // does not change the decisions drawn for another. An impairment whose probability is
    // zero can never happen: its streams are not drawn at all, which changes no decision.
    bool reorder = m_reorderProbability > 0 && m_reorderRv->GetValue() < m_reorderProbability;
    bool duplicate =
        m_duplicateProbability > 0 && m_duplicateRv->GetValue() < m_duplicateProbability;
    std::array<bool, 2> corrupt{false, false};
    std::array<double, 2> byteDraw{0, 0};
    std::array<double, 2> bitDraw{0, 0};
    for (std::size_t copy = 0; m_corruptProbability > 0 && copy < 2; ++copy)
    {
        corrupt[copy] = m_corruptRv->GetValue() < m_corruptProbability;
        byteDraw[copy] = m_corruptPositionRv->GetValue();
        bitDraw[copy] = m_corruptPositionRv->GetValue();
    }

    Time extraDelay = Seconds(0);
    if (reorder)
    {
        NS_LOG_LOGIC("holding back frame " << p->GetUid() << " by " << m_reorderDelay.As(Time::S));
        extraDelay = m_reorderDelay;
        m_reorderTrace(p);
    }

    // The base class schedules the delivery after (its txTime argument + Delay) and fires
    // the TxRxPointToPoint trace; a held-back frame simply takes extraDelay longer.
    Ptr<const Packet> first = corrupt[0] ? Corrupt(p, byteDraw[0], bitDraw[0]) : p;
    PointToPointChannel::TransmitStart(first, src, txTime + extraDelay);

    if (duplicate)
    {
        NS_LOG_LOGIC("duplicating frame " << p->GetUid());
        m_duplicateTrace(p);
        Ptr<const Packet> second = corrupt[1] ? Corrupt(p, byteDraw[1], bitDraw[1]) : p;
        ScheduleCopy(second, dst, txTime + extraDelay + txTime + GetDelay());
    }
    return true;
}

void
ImpairedPointToPointChannel::ScheduleCopy(Ptr<const Packet> p,
                                          Ptr<PointToPointNetDevice> dst,
                                          Time delay)
{
    NS_LOG_FUNCTION(this << p << dst << delay);
    Simulator::ScheduleWithContext(dst->GetNode()->GetId(), delay, [dst, copy = p->Copy()]() {
        dst->Receive(copy);
    });
}

uint32_t
ImpairedPointToPointChannel::GetPayloadOffset(Ptr<const Packet> p) const
{
    NS_LOG_FUNCTION(this << p);
    uint8_t header[PPP_HEADER_SIZE + IPV4_MAX_HEADER_SIZE];
    uint32_t copied = p->CopyData(header, sizeof(header));
    if (copied < PPP_HEADER_SIZE + 1)
    {
        return 0;
    }
    uint16_t protocol = (static_cast<uint16_t>(header[0]) << 8) | header[1];
    uint8_t version = header[PPP_HEADER_SIZE] >> 4;
    uint32_t offset = 0;
    uint32_t ipProtocolOffset = 0;
    if (protocol == PPP_PROTOCOL_IPV4 && version == 4)
    {
        uint32_t ihl = header[PPP_HEADER_SIZE] & 0x0f;
        if (ihl < 5)
        {
            return 0;
        }
        offset = PPP_HEADER_SIZE + ihl * 4;
        ipProtocolOffset = PPP_HEADER_SIZE + IPV4_PROTOCOL_OFFSET;
    }
    else if (protocol == PPP_PROTOCOL_IPV6 && version == 6)
    {
        offset = PPP_HEADER_SIZE + IPV6_HEADER_SIZE;
        ipProtocolOffset = PPP_HEADER_SIZE + IPV6_NEXT_HEADER_OFFSET;
    }
    else
    {
        return 0;
    }
    if (offset >= p->GetSize())
    {
        return 0;
    }
    if (m_corruptIpProtocol != 0 && header[ipProtocolOffset] != m_corruptIpProtocol)
    {
        return 0;
    }
    return offset;
}

Ptr<const Packet>
ImpairedPointToPointChannel::Corrupt(Ptr<const Packet> p, double byteDraw, double bitDraw)
{
    NS_LOG_FUNCTION(this << p << byteDraw << bitDraw);
    uint32_t payloadOffset = GetPayloadOffset(p);
    if (payloadOffset == 0)
    {
        NS_LOG_LOGIC("frame " << p->GetUid() << " has no payload that may be corrupted");
        return p;
    }
    uint32_t size = p->GetSize();
    uint32_t payloadSize = size - payloadOffset;
    uint32_t offset =
        payloadOffset + std::min(payloadSize - 1, static_cast<uint32_t>(byteDraw * payloadSize));
    uint32_t bit = std::min(7U, static_cast<uint32_t>(bitDraw * 8));
    uint8_t mask = static_cast<uint8_t>(1U << bit);
    NS_LOG_LOGIC("frame " << p->GetUid() << ": inverting bit " << bit << " of byte " << offset
                          << " of " << size);

    Ptr<Packet> damaged;
    if (p->BeginItem().HasNext())
    {
        // PacketMetadata is enabled (every frame has at least its PPP header item).
        damaged = RebuildFromItems(p, offset, mask);
    }
    else
    {
        damaged = Splice(p, offset, mask);
    }
    m_corruptTrace(damaged);
    return damaged;
}

Ptr<Packet>
ImpairedPointToPointChannel::Splice(Ptr<const Packet> p, uint32_t offset, uint8_t mask) const
{
    NS_LOG_FUNCTION(this << p << offset << static_cast<uint32_t>(mask));
    uint32_t size = p->GetSize();

    // The damaged frame is spliced together from fragments of the original and a one-byte
    // packet, rather than rebuilt from a flat copy of its bytes, so that it keeps the
    // packet uid, the packet tags, the byte tags and the nix vector.
    uint8_t byte = 0;
    p->CreateFragment(offset, 1)->CopyData(&byte, 1);
    byte ^= mask;
    Ptr<Packet> damaged = p->CreateFragment(0, offset);
    damaged->AddAtEnd(Create<Packet>(&byte, 1));
    if (offset + 1 < size)
    {
        damaged->AddAtEnd(p->CreateFragment(offset + 1, size - offset - 1));
    }
    NS_ASSERT(damaged->GetSize() == size);
    return damaged;
}

Ptr<Packet>
ImpairedPointToPointChannel::RebuildFromItems(Ptr<const Packet> p,
                                              uint32_t offset,
                                              uint8_t mask) const
{
    NS_LOG_FUNCTION(this << p << offset << static_cast<uint32_t>(mask));
    uint32_t size = p->GetSize();
    std::vector<uint8_t> bytes(size);
    p->CopyData(bytes.data(), size);
    bytes[offset] ^= mask;

    // Why not splice fragments as when metadata is off: a fragment that ends (or starts) at
    // a metadata item boundary shares the original's metadata array, and appending
    // (prepending) to it overwrites the next (prev) link of an item that the original
    // frame and its other copies still use, which corrupts their metadata.  So every piece
    // is a fresh packet, and whole headers are re-added as RawBytesHeaders posing as the
    // original header types, so that the receiver's RemoveHeader() calls still match.
    Ptr<Packet> damaged = Create<Packet>();
    uint32_t itemStart = 0;
    PacketMetadata::ItemIterator items = p->BeginItem();
    while (items.HasNext())
    {
        PacketMetadata::Item item = items.Next();
        if (itemStart + item.currentSize > size)
        {
            break;
        }
        std::vector<uint8_t> chunk(bytes.begin() + itemStart,
                                   bytes.begin() + itemStart + item.currentSize);
        Ptr<Packet> piece;
        if (item.type == PacketMetadata::Item::HEADER && !item.isFragment)
        {
            piece = Create<Packet>();
            piece->AddHeader(RawBytesHeader(chunk, item.tid));
        }
        else
        {
            // Payload, fragments and trailers are carried as plain payload bytes.
            piece = Create<Packet>(chunk.data(), chunk.size());
        }
        damaged->AddAtEnd(piece);
        itemStart += item.currentSize;
    }
    if (itemStart != size)
    {
        NS_LOG_WARN("metadata of frame " << p->GetUid() << " covers " << itemStart << " of " << size
                                         << " bytes; rebuilding it as plain payload");
        damaged = Create<Packet>(bytes.data(), size);
    }

    PacketTagIterator packetTags = p->GetPacketTagIterator();
    while (packetTags.HasNext())
    {
        PacketTagIterator::Item item = packetTags.Next();
        Tag* tag = CreateTag(item.GetTypeId());
        if (tag)
        {
            item.GetTag(*tag);
            damaged->AddPacketTag(*tag);
            delete tag;
        }
    }
    ByteTagIterator byteTags = p->GetByteTagIterator();
    while (byteTags.HasNext())
    {
        ByteTagIterator::Item item = byteTags.Next();
        Tag* tag = CreateTag(item.GetTypeId());
        if (tag)
        {
            item.GetTag(*tag);
            damaged->AddByteTag(*tag, item.GetStart(), item.GetEnd());
            delete tag;
        }
    }
    if (p->GetNixVector())
    {
        damaged->SetNixVector(p->GetNixVector()->Copy());
    }
    NS_ASSERT(damaged->GetSize() == size);
    return damaged;
}

Tag*
ImpairedPointToPointChannel::CreateTag(TypeId tid)
{
    if (!tid.HasConstructor())
    {
        NS_LOG_WARN("cannot copy tag " << tid.GetName() << " (no constructor); dropping it");
        return nullptr;
    }
    ObjectBase* instance = tid.GetConstructor()();
    Tag* tag = dynamic_cast<Tag*>(instance);
    if (!tag)
    {
        delete instance;
    }
    return tag;
}

} // namespace ns3
