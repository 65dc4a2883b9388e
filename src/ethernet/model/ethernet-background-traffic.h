/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ETHERNET_BACKGROUND_TRAFFIC_H
#define ETHERNET_BACKGROUND_TRAFFIC_H

#include "ns3/callback.h"
#include "ns3/data-rate.h"
#include "ns3/event-id.h"
#include "ns3/object.h"
#include "ns3/packet.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <vector>

namespace ns3
{

class ExponentialRandomVariable;
class UniformRandomVariable;

/**
 * @ingroup ethernet
 * @brief The frames the other hosts on an EthernetBusChannel offer: when, at
 * which of them, how large, and whether broadcast.
 *
 * Stations hosts together offer Load × the bus's bit rate of frame bits
 * (destination address to FCS) as Poisson arrivals, each LargeFrameSize bytes
 * with probability LargeFraction and SmallFrameSize bytes otherwise, plus
 * BroadcastRate broadcasts per second of BroadcastFrameSize bytes. The bus
 * queues each frame at its station and sends it with that station's CSMA/CD;
 * this class only draws the arrivals.
 *
 * Arrivals chooses how they are drawn. AGGREGATE (the default) draws the
 * superposition of the stations' processes: one Poisson process of rate
 * Stations × the per-station rate, each arrival placed at a station drawn
 * uniformly, one pending event in all. PER_STATION draws each station's own
 * Poisson process, one pending event per station. The two are the same
 * process (a superposition of independent Poisson processes is a Poisson
 * process whose points fall on each component with probability proportional
 * to its rate); the test suite compares what the bus makes of them.
 */
class EthernetBackgroundTraffic : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    EthernetBackgroundTraffic();
    ~EthernetBackgroundTraffic() override;

    /// How the arrivals are drawn.
    enum Arrivals
    {
        AGGREGATE,   //!< one process for all stations, the station drawn at each arrival
        PER_STATION, //!< one process per station
    };

    /**
     * Called for every arrival: the station (0 to Stations - 1), the frame's
     * size (bytes, destination address to FCS), whether it is a broadcast.
     */
    typedef Callback<void, uint32_t, uint32_t, bool> OfferCallback;

    /** @return the number of stations the traffic comes from */
    uint32_t GetStations() const;

    /** @return whether any station offers anything */
    bool IsActive() const;

    /**
     * Starts drawing arrivals now.
     * @param dataRate the bus's bit rate, which Load is a share of
     * @param offer called for every arrival
     */
    void Start(DataRate dataRate, OfferCallback offer);

    /** Draws no further arrivals; those already drawn still come. */
    void Stop();

    /// EtherType of a broadcast: Chaosnet (0x0804), which no simulated host runs.
    static constexpr uint16_t BROADCAST_ETHERTYPE = 0x0804;

    /**
     * @param station the station that sent a broadcast (0 to Stations - 1)
     * @param bytes its size, destination address to FCS
     * @return the frame the devices receive: an Ethernet II header from the station's
     *         locally administered address (02:00:00:00:hi:lo) to the broadcast address, zero
     *         data, FCS
     */
    static Ptr<Packet> MakeBroadcastFrame(uint32_t station, uint32_t bytes);

    /** @return frames offered so far, broadcasts included */
    uint64_t GetFramesOffered() const;

    /**
     * Assigns fixed random variable streams: arrival times, stations, frame kinds.
     * @param stream first stream index to use
     * @return the number of stream indices assigned (3)
     */
    int64_t AssignStreams(int64_t stream);

    /**
     * TracedCallback signature for an arrival.
     * @param station the station (0 to Stations - 1)
     * @param bytes the frame's size, destination address to FCS
     * @param broadcast whether it is a broadcast
     */
    typedef void (*OfferedTracedCallback)(uint32_t station, uint32_t bytes, bool broadcast);

  protected:
    void DoDispose() override;

  private:
    /** Schedules the next arrival of the whole population (AGGREGATE). */
    void ScheduleAggregateArrival();
    /** An arrival of the whole population: its station is drawn now (AGGREGATE). */
    void AggregateArrival();
    /**
     * Schedules a station's next arrival (PER_STATION).
     * @param station the station
     */
    void ScheduleStationArrival(uint32_t station);
    /**
     * An arrival at a station (PER_STATION).
     * @param station the station
     */
    void StationArrival(uint32_t station);
    /**
     * Draws the frame's kind and size and offers it.
     * @param station where it arrived
     */
    void Offer(uint32_t station);

    uint32_t m_stations;           //!< number of stations
    double m_load;                 //!< offered load (fraction of the bus's bit rate)
    uint32_t m_smallFrameSize;     //!< small frame (bytes)
    uint32_t m_largeFrameSize;     //!< large frame (bytes)
    double m_largeFraction;        //!< share of large frames among the non-broadcast ones
    double m_broadcastRate;        //!< broadcasts per second, all stations together
    uint32_t m_broadcastFrameSize; //!< broadcast size (bytes)
    Arrivals m_arrivals;           //!< how arrivals are drawn

    OfferCallback m_offer;      //!< the bus's taker of frames
    double m_meanGap{0};        //!< mean time between arrivals of the whole population (s)
    double m_broadcastShare{0}; //!< probability that an arrival is a broadcast
    bool m_stopped{false};      //!< Stop() was called
    uint64_t m_offered{0};      //!< arrivals so far
    std::vector<EventId> m_stationArrivals;     //!< each station's next arrival (PER_STATION)
    Ptr<ExponentialRandomVariable> m_arrivalRv; //!< inter-arrival times
    Ptr<UniformRandomVariable> m_stationRv;     //!< station choice (AGGREGATE)
    Ptr<UniformRandomVariable> m_kindRv;        //!< broadcast or size choice

    /// A frame arrived: station, bytes, broadcast.
    TracedCallback<uint32_t, uint32_t, bool> m_offeredTrace;
};

} // namespace ns3

#endif /* ETHERNET_BACKGROUND_TRAFFIC_H */
