/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "wideband-queue-recorder.h"

#include "ns3/abort.h"
#include "ns3/node-list.h"
#include "ns3/node.h"
#include "ns3/simulator.h"

#include <cmath>

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(WidebandQueueRecorder);

TypeId
WidebandQueueRecorder::GetTypeId()
{
    static TypeId tid = TypeId("ns3::WidebandQueueRecorder")
                            .SetParent<Object>()
                            .SetGroupName("Wideband")
                            .AddConstructor<WidebandQueueRecorder>()
                            .AddAttribute("BinWidth",
                                          "The simulated time over which each peak is taken.",
                                          TimeValue(MilliSeconds(100)),
                                          MakeTimeAccessor(&WidebandQueueRecorder::m_binWidth),
                                          MakeTimeChecker(MicroSeconds(1)));
    return tid;
}

void
WidebandQueueRecorder::Watch(Ptr<WidebandNetDevice> device)
{
    const std::size_t index = m_stations.size();
    m_stations.push_back(Station{device->GetStation(), {}, {}, {}});
    device->TraceConnectWithoutContext(
        "Enqueue",
        Callback<void, Ptr<const Packet>, uint32_t>(
            [this, index](Ptr<const Packet>, uint32_t bytes) { Queued(index, bytes); }));
    device->TraceConnectWithoutContext(
        "StationReset",
        Callback<void, uint32_t>([this, index](uint32_t) { Reset(index); }));
}

void
WidebandQueueRecorder::WatchAll()
{
    for (auto node = NodeList::Begin(); node != NodeList::End(); ++node)
    {
        for (uint32_t i = 0; i < (*node)->GetNDevices(); ++i)
        {
            if (auto device = DynamicCast<WidebandNetDevice>((*node)->GetDevice(i)))
            {
                Watch(device);
            }
        }
    }
}

void
WidebandQueueRecorder::Queued(std::size_t index, uint32_t bytes)
{
    Station& station = m_stations[index];
    const double bin = std::floor(Simulator::Now().GetSeconds() / m_binWidth.GetSeconds()) *
                       m_binWidth.GetSeconds();
    if (station.peaks.empty() || station.peaks.back().seconds != bin)
    {
        station.peaks.push_back(Peak{bin, station.station, bytes});
    }
    station.peaks.back().bytes = std::max(station.peaks.back().bytes, bytes);
    const std::size_t step = bytes / HISTOGRAM_STEP;
    if (station.histogram.size() <= step)
    {
        station.histogram.resize(step + 1, 0);
    }
    ++station.histogram[step];
}

void
WidebandQueueRecorder::Reset(std::size_t index)
{
    m_stations[index].resets.push_back(Simulator::Now().GetSeconds());
}

const WidebandQueueRecorder::Station&
WidebandQueueRecorder::Find(uint32_t station) const
{
    for (const Station& watched : m_stations)
    {
        if (watched.station == station)
        {
            return watched;
        }
    }
    NS_ABORT_MSG("WidebandQueueRecorder: station " << station << " is not watched");
}

std::vector<WidebandQueueRecorder::Peak>
WidebandQueueRecorder::GetPeaks() const
{
    std::vector<Peak> peaks;
    for (const Station& station : m_stations)
    {
        peaks.insert(peaks.end(), station.peaks.begin(), station.peaks.end());
    }
    return peaks;
}

std::vector<uint64_t>
WidebandQueueRecorder::GetHistogram(uint32_t station) const
{
    return Find(station).histogram;
}

std::vector<double>
WidebandQueueRecorder::GetResets(uint32_t station) const
{
    return Find(station).resets;
}

std::vector<uint32_t>
WidebandQueueRecorder::GetStations() const
{
    std::vector<uint32_t> stations;
    for (const Station& station : m_stations)
    {
        stations.push_back(station.station);
    }
    return stations;
}

} // namespace ns3
