/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-packet-mutator.h"

#include "ns3/buffer.h"
#include "ns3/netblt-checksum.h"
#include "ns3/netblt-header.h"

#include <algorithm>

namespace ns3
{

namespace
{

// NETBLT type numbers (RFC 998 §8), as the bytes carry them.
constexpr uint8_t OPEN = 0;
constexpr uint8_t RESPONSE = 1;
constexpr uint8_t QUIT = 3;
constexpr uint8_t ABORT = 5;
constexpr uint8_t DATA = 6;
constexpr uint8_t LDATA = 7;
constexpr uint8_t NULL_ACK = 8;
constexpr uint8_t CONTROL = 9;
constexpr uint8_t REFUSED = 10;
/// Bytes of the common header.
constexpr uint32_t COMMON = NetbltHeader::COMMON_SIZE;
/// Bytes of the DATA/LDATA header.
constexpr uint32_t DATA_HEADER = 24;

/// @return the big-endian value of @p width bytes at @p offset
uint32_t
Read(const std::vector<uint8_t>& b, uint32_t offset, uint32_t width)
{
    uint32_t value = 0;
    for (uint32_t i = 0; i < width; ++i)
    {
        value = value << 8 | b[offset + i];
    }
    return value;
}

/// Writes @p value big-endian into @p width bytes at @p offset.
void
Write(std::vector<uint8_t>& b, uint32_t offset, uint32_t width, uint32_t value)
{
    for (uint32_t i = 0; i < width; ++i)
    {
        b[offset + width - 1 - i] = static_cast<uint8_t>(value >> (8 * i));
    }
}

/// @return bytes of the control message at @p m, or 0 if it is not whole or of no known type
uint32_t
MessageSize(const std::vector<uint8_t>& b, uint32_t m, uint32_t end)
{
    if (m + 8 > end)
    {
        return 0;
    }
    uint32_t size = 0;
    switch (b[m])
    {
    case 0:
        size = 8;
        break;
    case 1:
        size = 16;
        break;
    case 2:
        size = m + 10 <= end ? (12 + 2 * Read(b, m + 8, 2) + 3) / 4 * 4 : 0;
        break;
    default:
        return 0;
    }
    return m + size <= end ? size : 0;
}

} // namespace

NetbltPacketMutator::NetbltPacketMutator(Ptr<UniformRandomVariable> random)
    : m_random(random)
{
}

void
NetbltPacketMutator::SetSparing(bool sparing)
{
    m_sparing = sparing;
}

void
NetbltPacketMutator::SetForging(bool forging)
{
    m_forging = forging;
}

bool
NetbltPacketMutator::IsLethal(uint8_t type)
{
    return type == OPEN || type == RESPONSE || type == QUIT || type == ABORT || type == REFUSED;
}

uint32_t
NetbltPacketMutator::Below(uint32_t n)
{
    return n == 0 ? 0 : m_random->GetInteger(0, n - 1);
}

bool
NetbltPacketMutator::Chance(double probability)
{
    return m_random->GetValue() < probability;
}

void
NetbltPacketMutator::SetLength(std::vector<uint8_t>& bytes, uint32_t length)
{
    Write(bytes, 4, 2, std::min<uint32_t>(length, 0xffff));
}

uint16_t
NetbltPacketMutator::Checksum(const uint8_t* bytes, uint32_t size)
{
    Buffer buffer;
    buffer.AddAtStart(size);
    buffer.Begin().Write(bytes, size);
    return NetbltChecksum(buffer.Begin(), size);
}

uint64_t
NetbltPacketMutator::Digest(const uint8_t* bytes, size_t size)
{
    uint64_t hash = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < size; ++i)
    {
        hash = (hash ^ bytes[i]) * 0x100000001b3ULL;
    }
    return hash ^ size;
}

uint64_t
NetbltPacketMutator::PacketDigest(const std::vector<uint8_t>& packet)
{
    size_t size = packet.size() >= 6 ? std::min<size_t>(Read(packet, 4, 2), packet.size()) : 0;
    return Digest(packet.data(), size < COMMON ? packet.size() : size);
}

namespace
{

/// @return the number of bytes the header checksum covers, or 0 if they are not all there
uint32_t
Covered(const std::vector<uint8_t>& bytes)
{
    if (bytes.size() < COMMON)
    {
        return 0;
    }
    uint8_t type = bytes[3];
    uint32_t covered = type == DATA || type == LDATA ? DATA_HEADER : Read(bytes, 4, 2);
    return covered < COMMON || covered > bytes.size() ? 0 : covered;
}

} // namespace

bool
NetbltPacketMutator::FixChecksum(std::vector<uint8_t>& bytes)
{
    uint32_t covered = Covered(bytes);
    if (covered == 0)
    {
        return false;
    }
    Write(bytes, 0, 2, Checksum(bytes.data() + 2, covered - 2));
    return true;
}

bool
NetbltPacketMutator::IsChecksumRight(const std::vector<uint8_t>& bytes)
{
    uint32_t covered = Covered(bytes);
    return covered > 0 && Read(bytes, 0, 2) == Checksum(bytes.data() + 2, covered - 2);
}

std::vector<uint32_t>
NetbltPacketMutator::ControlMessages(const std::vector<uint8_t>& bytes)
{
    std::vector<uint32_t> offsets;
    uint32_t end = bytes.size();
    for (uint32_t m = COMMON; m < end;)
    {
        uint32_t size = MessageSize(bytes, m, end);
        if (size == 0)
        {
            break;
        }
        offsets.push_back(m);
        m += size;
    }
    return offsets;
}

std::vector<NetbltPacketMutator::Field>
NetbltPacketMutator::FieldsOf(const std::vector<uint8_t>& bytes)
{
    std::vector<Field> all = {{0, 2, "checksum"},
                              {2, 1, "version"},
                              {3, 1, "type"},
                              {4, 2, "length"},
                              {6, 2, "local-port"},
                              {8, 2, "foreign-port"},
                              {10, 2, "padding"}};
    uint8_t type = bytes.size() > 3 ? bytes[3] : 0xff;
    switch (type)
    {
    case OPEN:
    case RESPONSE:
        all.insert(all.end(),
                   {{12, 4, "connection-id"},
                    {16, 4, "buffer-size"},
                    {20, 4, "transfer-size"},
                    {24, 2, "packet-size"},
                    {26, 2, "burst-size"},
                    {28, 2, "burst-rate"},
                    {30, 2, "death-timer"},
                    {32, 2, "open-flags"},
                    {34, 2, "outstanding-buffers"},
                    {36, 0, "client-string"}});
        break;
    case DATA:
    case LDATA:
        all.insert(all.end(),
                   {{12, 4, "buffer-number"},
                    {16, 2, "high-consecutive"},
                    {18, 2, "packet-number"},
                    {20, 2, "data-checksum"},
                    {22, 2, "data-flags"}});
        break;
    case NULL_ACK:
        all.insert(all.end(),
                   {{12, 2, "high-consecutive"}, {14, 2, "burst-size"}, {16, 2, "burst-rate"}});
        break;
    case QUIT:
    case ABORT:
    case REFUSED:
        all.push_back({12, 0, "reason"});
        break;
    case CONTROL:
        for (uint32_t m : ControlMessages(bytes))
        {
            all.insert(all.end(),
                       {{m, 1, "message-type"},
                        {m + 1, 1, "message-padding"},
                        {m + 2, 2, "sequence"},
                        {m + 4, 4, "message-buffer"}});
            if (bytes[m] == 1)
            {
                all.insert(all.end(),
                           {{m + 8, 2, "ok-burst-size"},
                            {m + 10, 2, "ok-burst-rate"},
                            {m + 12, 2, "ok-control-timer"}});
            }
            else if (bytes[m] == 2)
            {
                all.push_back({m + 8, 2, "resend-count"});
                for (uint32_t k = 0; k < Read(bytes, m + 8, 2); ++k)
                {
                    all.push_back({m + 12 + 2 * k, 2, "resend-packet"});
                }
            }
        }
        break;
    default:
        break;
    }
    std::vector<Field> present;
    for (const Field& f : all)
    {
        if (f.offset + std::max<uint32_t>(f.width, 1) <= bytes.size())
        {
            present.push_back(f);
        }
    }
    return present;
}

uint32_t
NetbltPacketMutator::InterestingValue(uint32_t width, uint32_t current)
{
    uint32_t max = width == 4 ? 0xffffffff : (1u << (8 * width)) - 1;
    uint32_t small = 1 + Below(3);
    switch (Below(10))
    {
    case 0:
        return 0;
    case 1:
        return 1;
    case 2:
        return max;
    case 3:
        return max - 1;
    case 4:
        return (max >> 1) + Below(2);
    case 5:
        return (current + small) & max;
    case 6:
        return (current - small) & max;
    case 7:
        return current ^ (1u << Below(8 * width));
    case 8:
        return (current + 1 + Below(64)) & max;
    default:
        return m_random->GetInteger(0, max);
    }
}

std::string
NetbltPacketMutator::ChangeField(std::vector<uint8_t>& bytes)
{
    std::vector<Field> fields = FieldsOf(bytes);
    const Field& f = fields[Below(fields.size())];
    if (f.width == 0)
    {
        // A string field: no terminator left, or another first byte.
        if (Chance(0.5))
        {
            std::replace(bytes.begin() + f.offset, bytes.end(), uint8_t{0}, uint8_t{'x'});
        }
        else
        {
            bytes[f.offset] = static_cast<uint8_t>(Below(256));
        }
        return "field:" + f.name;
    }
    uint32_t current = Read(bytes, f.offset, f.width);
    uint32_t value = InterestingValue(f.width, current);
    if (value == current)
    {
        value = current ^ 1;
    }
    Write(bytes, f.offset, f.width, value);
    return "field:" + f.name;
}

std::string
NetbltPacketMutator::ChangeMessages(std::vector<uint8_t>& bytes)
{
    std::vector<uint32_t> offsets = ControlMessages(bytes);
    uint32_t op = offsets.empty() ? 3 : Below(4);
    uint32_t pick = offsets.empty() ? 0 : offsets[Below(offsets.size())];
    uint32_t size = offsets.empty() ? 0 : MessageSize(bytes, pick, bytes.size());
    std::vector<uint8_t> message(bytes.begin() + pick, bytes.begin() + pick + size);
    switch (op)
    {
    case 0: // one message fewer
        bytes.erase(bytes.begin() + pick, bytes.begin() + pick + size);
        break;
    case 1: // one message twice
        bytes.insert(bytes.begin() + pick, message.begin(), message.end());
        break;
    case 2: // one message cut short
        bytes.resize(pick + 1 + Below(size - 1));
        break;
    default: { // a new GO, OK or RESEND with random fields
        std::vector<uint8_t> added(8 + 8 * Below(2));
        for (uint8_t& b : added)
        {
            b = static_cast<uint8_t>(Below(256));
        }
        added[0] = static_cast<uint8_t>(added.size() == 8 ? 0 : 1 + Below(2));
        if (added[0] == 2)
        {
            Write(added, 8, 2, Below(3)); // 0-2 packet numbers, room for 2
        }
        bytes.insert(bytes.end(), added.begin(), added.end());
        break;
    }
    }
    SetLength(bytes, bytes.size());
    return "control-messages";
}

std::string
NetbltPacketMutator::Mutate(std::vector<uint8_t>& bytes,
                            const std::deque<std::vector<uint8_t>>& older,
                            bool& checksumFixed)
{
    std::string kind;
    double fix = 0.25;
    uint32_t choice = Below(older.empty() || bytes.size() < COMMON ? 6 : 9);
    if (bytes.size() < COMMON && choice >= 4)
    {
        choice = Below(4);
    }
    switch (choice)
    {
    case 0: {
        uint32_t flips = 1 + Below(8);
        for (uint32_t i = 0; i < flips && !bytes.empty(); ++i)
        {
            bytes[Below(bytes.size())] ^= static_cast<uint8_t>(1u << Below(8));
        }
        kind = "bit-flips";
        break;
    }
    case 1: {
        uint32_t changes = 1 + Below(4);
        for (uint32_t i = 0; i < changes && !bytes.empty(); ++i)
        {
            static const uint8_t values[] = {0x00, 0xff, 0x7f, 0x80};
            bytes[Below(bytes.size())] =
                Chance(0.5) ? values[Below(4)] : static_cast<uint8_t>(Below(256));
        }
        kind = "byte-changes";
        break;
    }
    case 2:
        bytes.resize(Below(bytes.size()));
        kind = "truncation";
        fix = 0.5;
        break;
    case 3: {
        uint32_t extra = 1 + Below(64);
        for (uint32_t i = 0; i < extra; ++i)
        {
            bytes.push_back(Chance(0.5) ? 0 : static_cast<uint8_t>(Below(256)));
        }
        kind = "extension";
        fix = 0.5;
        break;
    }
    case 4:
    case 5:
        kind = bytes[3] == CONTROL && Chance(0.3) ? ChangeMessages(bytes) : ChangeField(bytes);
        fix = kind == "field:checksum" ? 0 : 0.75;
        break;
    case 6: // another type number, Length the packet's size
        bytes[3] = static_cast<uint8_t>(Chance(0.9) ? Below(12) : Below(256));
        SetLength(bytes, bytes.size());
        kind = "retype";
        fix = 0.8;
        break;
    case 7: { // this packet's common header on an older packet's body
        const std::vector<uint8_t>& other = older[Below(older.size())];
        if (other.size() > COMMON)
        {
            bytes.resize(COMMON);
            bytes.insert(bytes.end(), other.begin() + COMMON, other.end());
        }
        SetLength(bytes, bytes.size());
        kind = "splice";
        fix = 0.7;
        break;
    }
    default:
        bytes = older[Below(older.size())];
        kind = "replay";
        fix = 0;
        break;
    }
    if ((kind == "truncation" || kind == "extension") && bytes.size() >= 6 && Chance(0.5))
    {
        SetLength(bytes, bytes.size());
    }
    bool spare = m_sparing && bytes.size() > 3 && IsLethal(bytes[3]);
    checksumFixed = m_forging && !spare && Chance(fix) && FixChecksum(bytes);
    return kind;
}

std::vector<uint8_t>
NetbltPacketMutator::MakeRandom(uint16_t localPort, uint16_t foreignPort, std::string& kind)
{
    if (Chance(0.4))
    {
        kind = "random-bytes";
        std::vector<uint8_t> bytes(Chance(0.3) ? Below(COMMON) : Below(1600));
        for (uint8_t& b : bytes)
        {
            b = static_cast<uint8_t>(Below(256));
        }
        return bytes;
    }
    kind = "random-header";
    uint8_t type = static_cast<uint8_t>(Chance(0.95) ? Below(12) : Below(256));
    while (m_sparing && IsLethal(type))
    {
        type = static_cast<uint8_t>(Below(12));
    }
    uint32_t size =
        std::max<uint32_t>(COMMON,
                           NetbltHeader::IsKnownType(type)
                               ? NetbltHeader::GetMinimumLength(static_cast<NetbltPacketType>(type))
                               : COMMON);
    if (type == DATA || type == LDATA)
    {
        size += Below(1500);
    }
    else if (type != NULL_ACK && Chance(0.5))
    {
        size += 4 * Below(16);
    }
    std::vector<uint8_t> bytes(size);
    for (uint32_t i = COMMON; i < size; ++i)
    {
        bytes[i] = static_cast<uint8_t>(Chance(0.5) ? 0 : Below(256));
    }
    if (type == CONTROL && size > COMMON)
    {
        // Plausible messages: GOs and OKs with small sequence and buffer numbers.
        for (uint32_t m = COMMON; m + 8 <= size; m += 8)
        {
            bytes[m] = 0;
            bytes[m + 1] = 0;
            Write(bytes, m + 2, 2, 1 + Below(8));
            Write(bytes, m + 4, 4, 1 + Below(8));
        }
    }
    bytes[2] = NetbltHeader::DEFAULT_VERSION;
    bytes[3] = type;
    SetLength(bytes, size);
    Write(bytes, 6, 2, Chance(0.7) ? localPort : Below(65536));
    Write(bytes, 8, 2, Chance(0.7) ? foreignPort : Below(65536));
    Write(bytes, 10, 2, 0);
    FixChecksum(bytes);
    if (!m_forging)
    {
        bytes[Below(2)] ^= static_cast<uint8_t>(1 + Below(255)); // well formed, checksum wrong
    }
    return bytes;
}

} // namespace ns3
