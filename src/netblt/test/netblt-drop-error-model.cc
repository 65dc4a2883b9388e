/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-drop-error-model.h"

#include "ns3/netblt-l4-protocol.h"
#include "ns3/simulator.h"

#include <algorithm>

namespace ns3
{
namespace netblt_test
{

FrameInfo
ParseFrame(Ptr<const Packet> frame)
{
    FrameInfo info;
    uint8_t bytes[2 + 60 + 20];
    uint32_t size = std::min<uint32_t>(frame->GetSize(), sizeof(bytes));
    if (size < 2 + 20)
    {
        return info;
    }
    frame->CopyData(bytes, size);
    uint16_t pppProtocol = static_cast<uint16_t>(bytes[0] << 8 | bytes[1]);
    if (pppProtocol != 0x0021 || (bytes[2] >> 4) != 4)
    {
        return info;
    }
    uint32_t ihl = (bytes[2] & 0x0f) * 4;
    uint16_t fragmentOffset = static_cast<uint16_t>((bytes[2 + 6] & 0x1f) << 8 | bytes[2 + 7]);
    uint8_t protocol = bytes[2 + 9];
    uint32_t start = 2 + ihl;
    if (protocol != NetbltL4Protocol::PROT_NUMBER || fragmentOffset != 0 || size < start + 4)
    {
        return info;
    }
    info.isNetblt = true;
    info.netbltOffset = start;
    info.type = bytes[start + 3];
    if (size >= start + 20)
    {
        info.bufferNumber = static_cast<uint32_t>(bytes[start + 12]) << 24 |
                            static_cast<uint32_t>(bytes[start + 13]) << 16 |
                            static_cast<uint32_t>(bytes[start + 14]) << 8 | bytes[start + 15];
        info.packetNumber = static_cast<uint16_t>(bytes[start + 18] << 8 | bytes[start + 19]);
    }
    return info;
}

NS_OBJECT_ENSURE_REGISTERED(NetbltDropErrorModel);

TypeId
NetbltDropErrorModel::GetTypeId()
{
    static TypeId tid = TypeId("ns3::netblt_test::NetbltDropErrorModel")
                            .SetParent<ErrorModel>()
                            .SetGroupName("Netblt")
                            .AddConstructor<NetbltDropErrorModel>();
    return tid;
}

void
NetbltDropErrorModel::AddRule(NetbltPacketType type,
                              uint32_t buffer,
                              uint32_t packet,
                              uint32_t occurrence)
{
    m_rules.push_back(Rule{static_cast<uint8_t>(type), buffer, packet, occurrence});
}

void
NetbltDropErrorModel::DropEverythingFrom(Time time)
{
    m_dropAllFrom = time;
}

uint32_t
NetbltDropErrorModel::GetSeen(NetbltPacketType type) const
{
    auto it = m_seen.find(static_cast<uint8_t>(type));
    return it == m_seen.end() ? 0 : it->second;
}

uint32_t
NetbltDropErrorModel::GetDropped(NetbltPacketType type) const
{
    auto it = m_dropped.find(static_cast<uint8_t>(type));
    return it == m_dropped.end() ? 0 : it->second;
}

uint32_t
NetbltDropErrorModel::GetDroppedTotal() const
{
    return m_droppedTotal;
}

const std::vector<std::pair<Time, FrameInfo>>&
NetbltDropErrorModel::GetDropLog() const
{
    return m_dropLog;
}

std::vector<Time>
NetbltDropErrorModel::GetSeenTimes(NetbltPacketType type) const
{
    std::vector<Time> times;
    for (const auto& [time, info] : m_seenLog)
    {
        if (info.type == static_cast<uint8_t>(type))
        {
            times.push_back(time);
        }
    }
    return times;
}

bool
NetbltDropErrorModel::DoCorrupt(Ptr<Packet> p)
{
    FrameInfo info = ParseFrame(p);
    bool drop = Simulator::Now() >= m_dropAllFrom;
    if (info.isNetblt)
    {
        ++m_seen[info.type];
        m_seenLog.emplace_back(Simulator::Now(), info);
        bool isData = info.type == static_cast<uint8_t>(NetbltPacketType::DATA) ||
                      info.type == static_cast<uint8_t>(NetbltPacketType::LDATA);
        for (Rule& rule : m_rules)
        {
            if (rule.type != info.type ||
                (rule.buffer != ANY && (!isData || rule.buffer != info.bufferNumber)) ||
                (rule.packet != ANY && (!isData || rule.packet != info.packetNumber)))
            {
                continue;
            }
            ++rule.matches;
            if (rule.occurrence == ANY || rule.occurrence == rule.matches)
            {
                drop = true;
            }
        }
        if (drop)
        {
            ++m_dropped[info.type];
            m_dropLog.emplace_back(Simulator::Now(), info);
        }
    }
    if (drop)
    {
        ++m_droppedTotal;
    }
    return drop;
}

void
NetbltDropErrorModel::DoReset()
{
    for (Rule& rule : m_rules)
    {
        rule.matches = 0;
    }
}

} // namespace netblt_test
} // namespace ns3
