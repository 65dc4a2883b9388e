/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef WIDEBAND_QUEUE_RECORDER_H
#define WIDEBAND_QUEUE_RECORDER_H

#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/wideband-net-device.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * @ingroup wideband
 * @brief What the earth stations' queues held during a run, compactly: for each station, the
 * peak of its BSAT queue and ESI together in each BinWidth of simulated time, the distribution
 * of what they held as each datagram was queued (in 256-byte steps), and when it reset.
 *
 * Reads the WidebandNetDevice's Enqueue and StationReset trace sources; a run's record of the
 * queue that RFC 1030 §7's crashes came from, small enough to store with every run.
 */
class WidebandQueueRecorder : public Object
{
  public:
    /** The peak of one station's queue in one bin of simulated time. */
    struct Peak
    {
        double seconds{0};   //!< the bin's start
        uint32_t station{0}; //!< the station (WidebandNetDevice::GetStation())
        uint32_t bytes{0};   //!< most bytes queued as a datagram was queued in the bin
    };

    /// The step of the distribution, bytes.
    static constexpr uint32_t HISTOGRAM_STEP = 256;

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    /**
     * Records a station's queue.
     * @param device the station's device
     */
    void Watch(Ptr<WidebandNetDevice> device);

    /** Watches every WidebandNetDevice on every node. */
    void WatchAll();

    /** @return every bin's peak, per station in time order, stations in the order watched */
    std::vector<Peak> GetPeaks() const;

    /**
     * @param station a station watched
     * @return the number of datagrams queued while the queue held [k × HISTOGRAM_STEP,
     *         (k + 1) × HISTOGRAM_STEP) bytes (the datagram included), for each k
     */
    std::vector<uint64_t> GetHistogram(uint32_t station) const;

    /**
     * @param station a station watched
     * @return when it reset, in time order (seconds)
     */
    std::vector<double> GetResets(uint32_t station) const;

    /** @return the stations watched, in order */
    std::vector<uint32_t> GetStations() const;

  private:
    /** What one station's queue did. */
    struct Station
    {
        uint32_t station{0};             //!< its index
        std::vector<Peak> peaks;         //!< per bin with a datagram
        std::vector<uint64_t> histogram; //!< see GetHistogram()
        std::vector<double> resets;      //!< see GetResets()
    };

    /**
     * A datagram was queued.
     * @param index the station's place in m_stations
     * @param bytes what the queue holds with it
     */
    void Queued(std::size_t index, uint32_t bytes);

    /** @param index the station's place in m_stations */
    void Reset(std::size_t index);

    /** @param index the station's place in m_stations @return the station */
    const Station& Find(uint32_t station) const;

    Time m_binWidth;                 //!< BinWidth
    std::vector<Station> m_stations; //!< in the order watched
};

} // namespace ns3

#endif /* WIDEBAND_QUEUE_RECORDER_H */
