/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_DROP_ERROR_MODEL_H
#define NETBLT_DROP_ERROR_MODEL_H

#include "ns3/error-model.h"
#include "ns3/netblt-header.h"
#include "ns3/nstime.h"
#include "ns3/packet.h"
#include "ns3/type-id.h"

#include <cstdint>
#include <map>
#include <utility>
#include <vector>

/**
 * @file
 * @ingroup netblt-tests
 * NetbltDropErrorModel: an ErrorModel that drops chosen NETBLT packets on a point-to-point
 * device, and ParseFrame(), which reads their NETBLT fields.
 */

namespace ns3
{
namespace netblt_test
{

/**
 * @ingroup netblt-tests
 * @brief The NETBLT fields of a frame as it crosses the link.
 */
struct FrameInfo
{
    bool isNetblt{false};     //!< an unfragmented-or-first-fragment IPv4 datagram of protocol 30
    uint8_t type{0};          //!< NETBLT type (byte 3)
    uint32_t bufferNumber{0}; //!< DATA/LDATA buffer number (bytes 12-15)
    uint16_t packetNumber{0}; //!< DATA/LDATA packet number (bytes 18-19)
    uint32_t netbltOffset{0}; //!< offset of the NETBLT header in the frame
};

/**
 * Parses a frame: 2-byte PPP header, IPv4 header of IHL*4 bytes, then the NETBLT header
 * (RFC 998 §8). Only the first fragment of a datagram carries the NETBLT header.
 * @param frame the frame as a PointToPointNetDevice receives it
 * @return what it carries
 */
FrameInfo ParseFrame(Ptr<const Packet> frame);

/**
 * @ingroup netblt-tests
 * @brief An ErrorModel for a device's ReceiveErrorModel that drops chosen NETBLT packets.
 *
 * Rules select packets by type and, optionally, by buffer number, packet number and the
 * occurrence among the packets matching the rest of the rule (1 = the first). It can also
 * drop everything from a given time on, or everything while DropAll is set. It counts every
 * NETBLT frame it sees (dropped or not) by type.
 */
class NetbltDropErrorModel : public ErrorModel
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    /** Any buffer, packet number or occurrence. */
    static constexpr uint32_t ANY = 0xffffffff;

    /**
     * Adds a rule.
     * @param type the NETBLT type to drop
     * @param buffer the buffer number (DATA/LDATA), or ANY
     * @param packet the packet number (DATA/LDATA), or ANY
     * @param occurrence which matching packet to drop (1 = first), or ANY for all of them
     */
    void AddRule(NetbltPacketType type,
                 uint32_t buffer = ANY,
                 uint32_t packet = ANY,
                 uint32_t occurrence = 1);

    /** @param time drop every frame that arrives at or after this time */
    void DropEverythingFrom(Time time);

    /** @param type a NETBLT type @return frames of that type seen, dropped or not */
    uint32_t GetSeen(NetbltPacketType type) const;
    /** @param type a NETBLT type @return frames of that type dropped */
    uint32_t GetDropped(NetbltPacketType type) const;
    /** @return every frame dropped (any protocol) */
    uint32_t GetDroppedTotal() const;
    /** @return the arrival times of the dropped NETBLT frames, with their fields */
    const std::vector<std::pair<Time, FrameInfo>>& GetDropLog() const;
    /** @param type a NETBLT type @return arrival times of every frame of that type seen */
    std::vector<Time> GetSeenTimes(NetbltPacketType type) const;

  private:
    bool DoCorrupt(Ptr<Packet> p) override;
    void DoReset() override;

    /** A drop rule. */
    struct Rule
    {
        uint8_t type;        //!< NETBLT type
        uint32_t buffer;     //!< buffer number or ANY
        uint32_t packet;     //!< packet number or ANY
        uint32_t occurrence; //!< which match to drop, or ANY
        uint32_t matches{0}; //!< matches so far
    };

    std::vector<Rule> m_rules;
    Time m_dropAllFrom{Time::Max()};
    std::map<uint8_t, uint32_t> m_seen;
    std::map<uint8_t, uint32_t> m_dropped;
    uint32_t m_droppedTotal{0};
    std::vector<std::pair<Time, FrameInfo>> m_dropLog;
    std::vector<std::pair<Time, FrameInfo>> m_seenLog;
};

} // namespace netblt_test
} // namespace ns3

#endif /* NETBLT_DROP_ERROR_MODEL_H */
