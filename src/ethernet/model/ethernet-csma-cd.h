/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ETHERNET_CSMA_CD_H
#define ETHERNET_CSMA_CD_H

#include "ethernet-cable.h"

#include "ns3/event-id.h"
#include "ns3/packet.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <deque>
#include <utility>
#include <vector>

namespace ns3
{

class EthernetBusChannel;
class RandomVariableStream;

/**
 * @ingroup ethernet
 * @brief The IEEE 802.3 MAC (clause 4) of every station on an
 * EthernetBusChannel, devices and background stations alike: deference,
 * transmission, collision detection and jam, backoff, the attempt limit.
 *
 * It runs on an EthernetCable (where the stations tap it, what each senses)
 * and schedules only the events that matter: a station that wants to send is
 * woken when its deference ends, and re-planned when a transmission starts or
 * is cut short; a collision is an event at each sender when the other signal
 * reaches it; a frame someone receives ends with an event. It tells the
 * channel what happens (deferrals, starts, collisions, backoffs, drops, ends),
 * which counts, traces, delivers and tells the devices.
 */
class EthernetCsmaCd
{
  public:
    /// A transmission on the cable.
    using Transmission = EthernetCable::Transmission;

    /// The MAC's timings, in time steps.
    struct Timing
    {
        uint64_t bitRate{0};    //!< bits per second
        int64_t gap{0};         //!< inter-frame gap
        int64_t gapPart1{0};    //!< restartable part of the gap
        int64_t slot{0};        //!< slot time
        int64_t jam{0};         //!< jam
        int64_t preamble{0};    //!< preamble and SFD
        int64_t propagation{0}; //!< end-to-end propagation delay
    };

    /** @param channel the channel told of everything that happens */
    explicit EthernetCsmaCd(EthernetBusChannel* channel);

    /**
     * @param timing the timings
     * @param backoff draws in [0, 1) that choose backoffs
     */
    void Configure(const Timing& timing, Ptr<RandomVariableStream> backoff);

    /**
     * Adds a station.
     * @param position where it taps the cable (time steps from cable end 0)
     * @param device its device index, or -1 for a background station
     * @param context the node id its events run in (Simulator::NO_CONTEXT for background
     *        stations)
     * @return its number, in the order added
     */
    uint32_t AddStation(int64_t position, int32_t device, uint32_t context);

    /** Forgets every station and transmission; events still queued become no-ops. */
    void Clear();

    /**
     * @param station a device's station
     * @return whether it has a frame that has not yet gone or been dropped
     */
    bool HasFrame(uint32_t station) const;

    /**
     * A device's station sends a frame with CSMA/CD.
     * @param station the station
     * @param frame the frame, destination address to FCS
     */
    void Send(uint32_t station, Ptr<Packet> frame);

    /**
     * Queues a frame at a background station, to be sent with CSMA/CD after those waiting.
     * @param station the station
     * @param bytes the frame's size, destination address to FCS
     * @param broadcast whether it is a broadcast
     */
    void Offer(uint32_t station, uint32_t bytes, bool broadcast);

    /**
     * @param id a transmission's sequence number
     * @return the transmission, or null if it has been forgotten
     */
    const Transmission* Find(uint64_t id);

    /** @return the cable */
    const EthernetCable& GetCable() const;

  private:
    /// A frame waiting at a background station.
    struct BackgroundFrame
    {
        uint32_t bytes{0};     //!< size, destination address to FCS
        bool broadcast{false}; //!< addressed to every station
    };

    /// Something that can transmit: a device or a background station.
    struct Station
    {
        int32_t device{-1};                //!< device index, or -1 for a background station
        uint32_t context{0};               //!< node id of its events
        Ptr<Packet> frame;                 //!< a device's frame waiting to go (or being retried)
        std::deque<BackgroundFrame> queue; //!< a background station's frames waiting
        uint32_t attempts{0};              //!< collisions suffered by the head-of-line frame
        bool waiting{false};               //!< wants to transmit: a wake-up is planned
        int64_t earliest{0};               //!< not before (end of the backoff, or readiness)
        int64_t wakeAt{-1};                //!< planned start (time steps), -1 if none
        uint64_t wakeToken{0};             //!< identifies the current wake-up; older ones are stale
        EventId wake;                      //!< a background station's wake-up (removable)
        bool deferralCounted{false};       //!< this attempt was counted as a deferral
    };

    /**
     * A station has a head-of-line frame and wants to send it from
     * @p earliest on.
     * @param station the station
     * @param earliest not before (time steps)
     * @param startNow whether it may start inside this call if the medium is
     *        free now
     */
    void Contend(uint32_t station, int64_t earliest, bool startNow);
    /**
     * Re-plans a waiting station's wake-up after the carrier it senses has
     * changed.
     * @param station the station
     */
    void Replan(uint32_t station);
    /** Re-plans every waiting station. */
    void ReplanAll();
    /**
     * Counts a deferral of the station's current attempt, once.
     * @param s the station's state
     * @param station the station
     */
    void Deferred(Station& s, uint32_t station);
    /**
     * Plans a waiting station's start.
     * @param station the station
     * @param at when (time steps, not before now)
     */
    void ScheduleWake(uint32_t station, int64_t at);
    /**
     * A waiting station's deference is over: it transmits.
     * @param station the station
     * @param token the wake-up's token; a later plan makes it stale
     */
    void Wake(uint32_t station, uint64_t token);
    /**
     * Starts a transmission of @p station's head-of-line frame now.
     * @param station the station
     */
    void StartTransmission(uint32_t station);
    /**
     * Schedules (or moves earlier) a transmission's collision detection.
     * @param tx the transmission
     * @param at when the sender hears the other signal (time steps)
     */
    void ScheduleDetection(Transmission& tx, int64_t at);
    /**
     * Schedules a transmission's end event.
     * @param tx the transmission
     */
    void ScheduleEnd(Transmission& tx);
    /**
     * A sender hears another signal: jam, back off or give up.
     * @param id the transmission
     * @param token the detection's token; a later one makes it stale
     */
    void Detect(uint64_t id, uint64_t token);
    /**
     * A transmission someone waits for has ended: delivered, or dropped after
     * its last collision.
     * @param id the transmission
     * @param token the end event's token; a collision makes it stale
     */
    void TransmissionEnd(uint64_t id, uint64_t token);
    /** Forgets transmissions too old to matter. */
    void Prune();

    EthernetBusChannel* m_channel;                     //!< told of everything that happens
    Timing m_timing;                                   //!< the timings
    Ptr<RandomVariableStream> m_backoffRv;             //!< uniform [0,1) draws for backoff
    EthernetCable m_cable;                             //!< taps and signals
    std::vector<Station> m_stations;                   //!< devices first, then background
    std::vector<uint32_t> m_waiting;                   //!< stations with a planned wake-up
    std::vector<std::pair<uint64_t, int64_t>> m_heard; //!< senders that hear a new signal
    uint64_t m_nextId{0};                              //!< id of the next transmission
    int64_t m_longest{0};                              //!< longest transmission (time steps)
};

} // namespace ns3

#endif /* ETHERNET_CSMA_CD_H */
