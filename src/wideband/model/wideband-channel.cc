/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "wideband-channel.h"

#include "wideband-net-device.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/random-variable-stream.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("WidebandChannel");

NS_OBJECT_ENSURE_REGISTERED(WidebandChannel);

TypeId
WidebandChannel::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::WidebandChannel")
            .SetParent<Channel>()
            .SetGroupName("Wideband")
            .AddConstructor<WidebandChannel>()
            .AddAttribute("FrameSymbols",
                          "Channel symbols per frame (RFC 1030 App. I: 32768).",
                          UintegerValue(32768),
                          MakeUintegerAccessor(&WidebandChannel::m_frameSymbols),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("SymbolRate",
                          "Channel symbols per second. 32768 symbols every 21.22 ms (RFC 1030 "
                          "App. I) is 1.544 Msymbol/s, the T1 clock.",
                          DoubleValue(1544000.0),
                          MakeDoubleAccessor(&WidebandChannel::m_symbolRate),
                          MakeDoubleChecker<double>(1.0))
            .AddAttribute("BitsPerSymbol",
                          "Bits per channel symbol (RFC 1030 App. I: 2).",
                          UintegerValue(2),
                          MakeUintegerAccessor(&WidebandChannel::m_bitsPerSymbol),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("CodeRate",
                          "Forward error correction rate, data bits per coded bit (RFC 1030 "
                          "App. I: 3/4).",
                          DoubleValue(0.75),
                          MakeDoubleAccessor(&WidebandChannel::m_codeRate),
                          MakeDoubleChecker<double>(0.01, 1.0))
            .AddAttribute("Stations",
                          "Earth stations, one control slot each (RFC 1030 §7, App. I: ten).",
                          UintegerValue(10),
                          MakeUintegerAccessor(&WidebandChannel::m_stations),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("ControlSlotSymbols",
                          "Control information per station slot, symbols (RFC 1030 App. I: 200).",
                          UintegerValue(200),
                          MakeUintegerAccessor(&WidebandChannel::m_controlSlotSymbols),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("ControlPaddingSymbols",
                          "Padding after each control slot, symbols (RFC 1030 App. I: 1263, "
                          "because the BSAT-ESI interface runs at 2 Mbit/s).",
                          UintegerValue(1263),
                          MakeUintegerAccessor(&WidebandChannel::m_controlPaddingSymbols),
                          MakeUintegerChecker<uint32_t>(0))
            .AddAttribute("MaxDatagramSymbols",
                          "Largest datagram, symbols, header included (RFC 1030 App. I: a 14-bit "
                          "size field, 16384).",
                          UintegerValue(16384),
                          MakeUintegerAccessor(&WidebandChannel::m_maxDatagramSymbols),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("DatagramHeaderSymbols",
                          "Header symbols of the data a frame carries (RFC 1030 App. I: 16384 "
                          "drops to 16036 after header information, 348).",
                          UintegerValue(348),
                          MakeUintegerAccessor(&WidebandChannel::m_datagramHeaderSymbols),
                          MakeUintegerChecker<uint32_t>(0))
            .AddAttribute("HopDelay",
                          "One satellite hop, earth station to earth station (geostationary: "
                          "about 270 ms).",
                          TimeValue(MilliSeconds(270)),
                          MakeTimeAccessor(&WidebandChannel::m_hopDelay),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("SchedulingLead",
                          "Time from hearing a request to the earliest data subframe it may be "
                          "placed in. Default: RFC 1030 §7's 600 ms reservation delay less two "
                          "hops and one frame of waiting for the control slot and the data "
                          "subframe.",
                          TimeValue(MilliSeconds(39)),
                          MakeTimeAccessor(&WidebandChannel::m_schedulingLead),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("MaxDatagramsPerFrame",
                          "Most datagrams (of all stations) in one frame; 0: frames are limited "
                          "by their usable bytes only.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&WidebandChannel::m_maxDatagramsPerFrame),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("BitErrorRate",
                          "Residual bit error probability of the coded channel: a datagram is "
                          "damaged with 1-(1-BER)^(its coded bits), a request with "
                          "1-(1-BER)^(ControlSlotSymbols x BitsPerSymbol).",
                          DoubleValue(0.0),
                          MakeDoubleAccessor(&WidebandChannel::m_bitErrorRate),
                          MakeDoubleChecker<double>(0.0, 1.0))
            .AddAttribute("DeliverWholeFrames",
                          "A receiving station hands over the datagrams of a frame together, "
                          "once the frame's last data has arrived (RFC 1030 §7: the gateways "
                          "'would aggregate groups of packets coming from the same satellite "
                          "frame'); false: each datagram as soon as it has arrived.",
                          BooleanValue(true),
                          MakeBooleanAccessor(&WidebandChannel::m_deliverWholeFrames),
                          MakeBooleanChecker())
            .AddAttribute("BackgroundLoad",
                          "Fraction (0 to 1) of each frame's usable bytes that the stations "
                          "without a device reserve, drawn per frame (Poisson).",
                          DoubleValue(0.0),
                          MakeDoubleAccessor(&WidebandChannel::m_backgroundLoad),
                          MakeDoubleChecker<double>(0.0, 1.0))
            .AddAttribute("BackgroundDatagramSize",
                          "Size of a background datagram, bytes.",
                          UintegerValue(1500),
                          MakeUintegerAccessor(&WidebandChannel::m_backgroundDatagramSize),
                          MakeUintegerChecker<uint32_t>(1))
            .AddTraceSource("Scheduled",
                            "A station's datagram was placed in a frame: station, bytes, frame "
                            "number, transmission start.",
                            MakeTraceSourceAccessor(&WidebandChannel::m_scheduledTrace),
                            "ns3::WidebandChannel::ScheduledTracedCallback");
    return tid;
}

WidebandChannel::WidebandChannel()
    : m_reservationErrors(CreateObject<UniformRandomVariable>()),
      m_dataErrors(CreateObject<UniformRandomVariable>()),
      m_background(CreateObject<UniformRandomVariable>())
{
    NS_LOG_FUNCTION(this);
}

WidebandChannel::~WidebandChannel()
{
    NS_LOG_FUNCTION(this);
}

uint32_t
WidebandChannel::Attach(Ptr<WidebandNetDevice> device)
{
    NS_ABORT_MSG_IF(m_devices.size() >= m_stations,
                    "WidebandChannel: " << m_stations << " stations already attached");
    m_devices.push_back(device);
    return static_cast<uint32_t>(m_devices.size() - 1);
}

std::size_t
WidebandChannel::GetNDevices() const
{
    return m_devices.size();
}

Ptr<NetDevice>
WidebandChannel::GetDevice(std::size_t i) const
{
    return m_devices.at(i);
}

Time
WidebandChannel::GetFramePeriod() const
{
    return Seconds(m_frameSymbols / m_symbolRate);
}

uint32_t
WidebandChannel::GetControlSubframeSymbols() const
{
    return m_stations * (m_controlSlotSymbols + m_controlPaddingSymbols);
}

uint32_t
WidebandChannel::GetDataSubframeSymbols() const
{
    const uint32_t control = GetControlSubframeSymbols();
    return m_frameSymbols > control ? m_frameSymbols - control : 0;
}

uint32_t
WidebandChannel::GetUsableDataSymbols() const
{
    const uint32_t carried = std::min(GetDataSubframeSymbols(), m_maxDatagramSymbols);
    return carried > m_datagramHeaderSymbols ? carried - m_datagramHeaderSymbols : 0;
}

uint32_t
WidebandChannel::GetUsableBitsPerFrame() const
{
    return static_cast<uint32_t>(
        std::floor(GetUsableDataSymbols() * double(m_bitsPerSymbol) * m_codeRate + 1e-9));
}

uint32_t
WidebandChannel::GetUsableBytesPerFrame() const
{
    return GetUsableBitsPerFrame() / 8;
}

Time
WidebandChannel::GetFrameStart(uint64_t frame) const
{
    return Seconds(double(frame) * m_frameSymbols / m_symbolRate);
}

Time
WidebandChannel::GetDataSubframeStart(uint64_t frame) const
{
    return GetFrameStart(frame) + Seconds(GetControlSubframeSymbols() / m_symbolRate);
}

Time
WidebandChannel::GetControlSlotStart(uint32_t station, uint64_t frame) const
{
    return GetFrameStart(frame) +
           Seconds(double(station) * (m_controlSlotSymbols + m_controlPaddingSymbols) /
                   m_symbolRate);
}

uint64_t
WidebandChannel::FrameAt(Time time) const
{
    if (time.IsNegative())
    {
        return 0;
    }
    return static_cast<uint64_t>(std::floor(time.GetSeconds() * m_symbolRate / m_frameSymbols));
}

Time
WidebandChannel::GetNextControlSlot(uint32_t station, Time from) const
{
    uint64_t frame = FrameAt(from);
    while (GetControlSlotStart(station, frame) < from)
    {
        ++frame;
    }
    return GetControlSlotStart(station, frame);
}

Time
WidebandChannel::GetTransmissionTime(uint32_t bytes) const
{
    return Seconds(8.0 * bytes / (m_bitsPerSymbol * m_codeRate) / m_symbolRate);
}

Time
WidebandChannel::GetHopDelay() const
{
    return m_hopDelay;
}

Time
WidebandChannel::GetReservationRound() const
{
    return m_hopDelay + m_schedulingLead + m_hopDelay;
}

double
WidebandChannel::ErrorProbability(double bits) const
{
    return m_bitErrorRate > 0 ? 1.0 - std::pow(1.0 - m_bitErrorRate, bits) : 0.0;
}

uint32_t
WidebandChannel::DrawBackgroundDatagrams()
{
    const double mean =
        m_backgroundLoad * GetUsableBytesPerFrame() / double(m_backgroundDatagramSize);
    if (mean <= 0)
    {
        return 0;
    }
    // Knuth's multiplication method: the count of uniforms whose product stays above e^-mean.
    const double limit = std::exp(-mean);
    uint32_t count = 0;
    for (double product = m_background->GetValue(); product > limit;
         product *= m_background->GetValue())
    {
        ++count;
    }
    return count;
}

bool
WidebandChannel::Fits(const FrameUse& frameUse, uint32_t bytes) const
{
    if (m_maxDatagramsPerFrame > 0 && frameUse.datagrams >= m_maxDatagramsPerFrame)
    {
        return false;
    }
    return frameUse.bytes + bytes <= GetUsableBytesPerFrame();
}

WidebandChannel::FrameUse&
WidebandChannel::Frame(uint64_t frame)
{
    auto [it, created] = m_frames.try_emplace(frame);
    if (created)
    {
        ++m_framesUsed;
        // The other stations asked for this frame before any request that can still reach it.
        for (uint32_t n = DrawBackgroundDatagrams(); n > 0; --n)
        {
            if (Fits(it->second, m_backgroundDatagramSize))
            {
                it->second.bytes += m_backgroundDatagramSize;
                ++it->second.datagrams;
                m_backgroundBytes += m_backgroundDatagramSize;
            }
        }
    }
    return it->second;
}

void
WidebandChannel::WatchCapacity(uint32_t station, uint32_t datagramBytes)
{
    NS_ABORT_MSG_IF(datagramBytes == 0 || datagramBytes > GetUsableBytesPerFrame(),
                    "WidebandChannel: a station's datagrams of " << datagramBytes
                                                                 << " bytes cannot fill frames of "
                                                                 << GetUsableBytesPerFrame());
    if (m_watched.empty())
    {
        m_countedFrames = FrameAt(Simulator::Now());
    }
    m_watched[station].datagramBytes = datagramBytes;
}

uint64_t
WidebandChannel::GetBytesLeftTo(uint32_t station)
{
    CountCapacity(FrameAt(Simulator::Now()));
    auto it = m_watched.find(station);
    NS_ABORT_MSG_IF(it == m_watched.end(),
                    "WidebandChannel: station " << station << " is not watched");
    return it->second.bytesLeft;
}

void
WidebandChannel::CountCapacity(uint64_t frame)
{
    for (; m_countedFrames < frame && !m_watched.empty(); ++m_countedFrames)
    {
        auto use = m_frames.find(m_countedFrames);
        for (auto& [station, watched] : m_watched)
        {
            // A frame nobody asked for is the station's whole.
            uint32_t others = 0;
            if (use != m_frames.end())
            {
                auto own = use->second.stationBytes.find(station);
                others =
                    use->second.bytes - (own != use->second.stationBytes.end() ? own->second : 0);
            }
            const uint32_t room = GetUsableBytesPerFrame() - others;
            watched.bytesLeft += uint64_t(room / watched.datagramBytes) * watched.datagramBytes;
        }
    }
}

std::vector<Time>
WidebandChannel::Reserve(uint32_t station, const std::vector<uint32_t>& sizes)
{
    NS_LOG_FUNCTION(this << station << sizes.size());
    const double slotBits = double(m_controlSlotSymbols) * m_bitsPerSymbol;
    if (m_reservationErrors->GetValue() < ErrorProbability(slotBits))
    {
        NS_LOG_LOGIC("station " << station << ": request lost");
        return {};
    }
    // Every station hears the request one hop from now and schedules it SchedulingLead later.
    const Time earliest = Simulator::Now() + m_hopDelay + m_schedulingLead;
    // The frame before the present one may still be ending its transmissions (Transmit).
    const uint64_t present = FrameAt(Simulator::Now());
    CountCapacity(present > 0 ? present - 1 : 0);
    m_frames.erase(m_frames.begin(), m_frames.lower_bound(present > 0 ? present - 1 : 0));
    uint64_t frame = FrameAt(earliest);
    if (GetDataSubframeStart(frame) < earliest)
    {
        ++frame;
    }
    std::vector<Time> ends;
    ends.reserve(sizes.size());
    for (uint32_t bytes : sizes)
    {
        NS_ABORT_MSG_IF(bytes > GetUsableBytesPerFrame(),
                        "WidebandChannel: a " << bytes << "-byte datagram exceeds the "
                                              << GetUsableBytesPerFrame() << " bytes of a frame");
        while (!Fits(Frame(frame), bytes))
        {
            ++frame;
        }
        FrameUse& use = Frame(frame);
        // From the frame's start in whole bytes, so that the frame's last datagram ends exactly
        // when its data do.
        const Time start = GetDataSubframeStart(frame) + GetTransmissionTime(use.bytes);
        use.bytes += bytes;
        ++use.datagrams;
        if (!m_watched.empty())
        {
            use.stationBytes[station] += bytes; // only a watched station's capacity needs it
        }
        ends.push_back(GetDataSubframeStart(frame) + GetTransmissionTime(use.bytes));
        m_scheduledTrace(station, bytes, frame, start);
    }
    return ends;
}

void
WidebandChannel::Transmit(Ptr<WidebandNetDevice> sender, Ptr<const Packet> packet)
{
    const double codedBits = 8.0 * packet->GetSize() / m_codeRate;
    Time arrival = m_hopDelay;
    if (m_deliverWholeFrames)
    {
        // The frame's content was fixed before its data subframe began.
        const uint64_t frame = FrameAt(Simulator::Now() - NanoSeconds(1));
        const auto it = m_frames.find(frame);
        if (it != m_frames.end())
        {
            const Time frameEnd =
                GetDataSubframeStart(frame) + GetTransmissionTime(it->second.bytes);
            arrival += std::max(Time(0), frameEnd - Simulator::Now());
        }
    }
    for (const Ptr<WidebandNetDevice>& device : m_devices)
    {
        if (device == sender)
        {
            continue;
        }
        const bool damaged = m_dataErrors->GetValue() < ErrorProbability(codedBits);
        Simulator::ScheduleWithContext(
            device->GetNode()->GetId(),
            arrival,
            [device, copy = packet->Copy(), damaged]() { device->Receive(copy, damaged); });
    }
}

uint64_t
WidebandChannel::GetBackgroundBytes() const
{
    return m_backgroundBytes;
}

uint64_t
WidebandChannel::GetFramesUsed() const
{
    return m_framesUsed;
}

int64_t
WidebandChannel::AssignStreams(int64_t stream)
{
    m_reservationErrors->SetStream(stream);
    m_dataErrors->SetStream(stream + 1);
    m_background->SetStream(stream + 2);
    return 3;
}

} // namespace ns3
