/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef PROTEON_RING_CHANNEL_H
#define PROTEON_RING_CHANNEL_H

#include "ns3/channel.h"
#include "ns3/data-rate.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <deque>
#include <vector>

/**
 * @defgroup proteon-ring Proteon ProNET-10 token ring
 *
 * The 10 Mbit/s token ring of RFC 1030 §5: a channel that passes a single
 * token around an ordered ring of stations, the Proteon P1300 interface as a
 * net device whose driver charges its copies to the host's CPU, and a helper.
 */

namespace ns3
{

class ExponentialRandomVariable;
class Packet;
class ProteonRingNetDevice;
class UniformRandomVariable;

/**
 * @ingroup proteon-ring
 * @brief A ProNET-10 token ring: an ordered ring of stations around which a
 * single token circulates.
 *
 * Stations are numbered 0 .. StationCount-1 in the direction the bits
 * travel. Every hop from one station to the next delays a bit by
 * StationLatency (the repeater of the station it passes) plus CableDelay. A
 * free token therefore passes every station once per rotation period
 * StationCount × (StationLatency + CableDelay).
 *
 * A station with a frame waiting seizes the token when it passes, sends one
 * frame (transmission time: frame bits / DataRate), and strips the frame when
 * it has come all the way round; then it releases the token to the next
 * station. A station at h hops downstream of the sender copies the frame when
 * its last bit passes: at transmission start + h × hop delay + transmission
 * time. The token is released by the sender at transmission start +
 * transmission time + one rotation period. At time 0 the token leaves
 * station 0.
 *
 * Stations that have no device attached are background stations: together
 * they offer BackgroundLoad × DataRate of Poisson traffic in frames of
 * BackgroundFrameSize bytes, each frame at a station chosen uniformly. They
 * take the token like any station, so they delay the devices' frames; their
 * frames are delivered to nobody.
 *
 * Events are spent only on the devices' frames. Where the token is between
 * frames follows from where and when it was last released, and background
 * frames are drawn and placed on the ring's time line by computation, never
 * by events: a device frame costs the same few events (its seizure, one per
 * receiving device, its release, and the end of its transmission only while
 * a sink is connected to FrameTxEnd or the device's PhyTxEnd) whatever the
 * background load. Because a device may hand over a frame at any moment, the
 * background transmissions computed ahead of the present are provisional and
 * are recomputed whenever a device's readiness changes.
 */
class ProteonRingChannel : public Channel
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    ProteonRingChannel();
    ~ProteonRingChannel() override;

    /**
     * Attaches a device at a station. Called by ProteonRingNetDevice::Attach().
     * @param device the device
     * @param station its position on the ring, below StationCount and not
     *        taken by another device
     * @return the device's index on this channel
     */
    uint32_t Attach(Ptr<ProteonRingNetDevice> device, uint32_t station);

    std::size_t GetNDevices() const override;
    Ptr<NetDevice> GetDevice(std::size_t i) const override;

    /**
     * @param i index of a device on this channel
     * @return the device
     */
    Ptr<ProteonRingNetDevice> GetProteonRingDevice(std::size_t i) const;

    /** @return the number of stations on the ring, attached devices included */
    uint32_t GetStationCount() const;

    /** @return the ring's bit rate */
    DataRate GetDataRate() const;

    /** @return the delay of one hop: StationLatency + CableDelay */
    Time GetHopDelay() const;

    /** @return the time a free token takes to go once round the ring */
    Time GetRotationTime() const;

    /**
     * @param bytes size of a frame, ring header included
     * @return the time to put it on the ring
     */
    Time GetTransmissionTime(uint32_t bytes) const;

    /**
     * Tells the channel that a device's interface holds a frame, ready to go
     * when the token passes. The channel later calls the device's
     * TransmitStart(), TransmitEnd() (only while traced) and
     * TransmitComplete().
     * @param index the device's index on this channel
     */
    void NotifyFrameReady(uint32_t index);

    /**
     * @return number of background frames whose transmission started at or
     *         before now
     */
    uint64_t GetBackgroundFramesSent();

    /** @return number of device frames whose transmission has started */
    uint64_t GetDeviceFramesSent() const;

    /**
     * Assigns fixed random variable streams to the background traffic.
     * @param stream first stream index to use
     * @return the number of stream indices assigned (2)
     */
    int64_t AssignStreams(int64_t stream);

    /**
     * TracedCallback signature for a device frame starting or ending its
     * transmission.
     * @param frame the frame, ring header included
     * @param station the sending station
     */
    typedef void (*FrameTracedCallback)(Ptr<const Packet> frame, uint32_t station);

    /**
     * TracedCallback signature for the token wait of a device frame.
     * @param frame the frame, ring header included
     * @param station the sending station
     * @param wait time from the frame being ready in the interface to the
     *        station seizing the token
     */
    typedef void (*TokenWaitTracedCallback)(Ptr<const Packet> frame, uint32_t station, Time wait);

  protected:
    void DoDispose() override;

  private:
    /// A device attached to the ring.
    struct Attachment
    {
        Ptr<ProteonRingNetDevice> device; //!< the device
        uint32_t station;                 //!< its position
        bool ready;                       //!< its interface holds a frame waiting for the token
        int64_t readySince;               //!< since when (time steps)
    };

    /// A background transmission placed on the time line ahead of the present.
    struct Provisional
    {
        int64_t start;            //!< when the station seized the token (time steps)
        uint32_t station;         //!< the station
        int64_t arrival;          //!< when the frame arrived at the station (time steps)
        int64_t previousFreeAt;   //!< token release time before this transmission
        uint32_t previousStation; //!< releasing station before this transmission
    };

    /** Sizes the per-station state on first use, from StationCount. */
    void EnsureStations();

    /**
     * @param station a station
     * @param notBefore earliest time (time steps) its frame can go
     * @return when the free token first passes @p station at or after
     *         @p notBefore, given where and when it was last released
     */
    int64_t PassTime(uint32_t station, int64_t notBefore) const;

    /**
     * Finds the next seizure of the token: the station with a frame that the
     * token reaches first. Background arrivals are drawn as far as needed.
     * @param [out] station the station, or -1 if no station has a frame
     * @return the seizure time (time steps)
     */
    int64_t NextSeizure(int32_t& station);

    /**
     * Sends the head-of-line background frame of @p station.
     * @param start when the station seized the token (time steps)
     * @param station the station
     * @param provisional whether the transmission lies ahead of the present
     *        and must be recorded to be undone
     */
    void SendBackground(int64_t start, uint32_t station, bool provisional);

    /** Draws the next background arrival (time and station). */
    void DrawBackgroundArrival();

    /** Sets up the background traffic on first use. */
    void StartBackground();

    /**
     * Undoes the provisional background transmissions that start after now,
     * and accepts the others.
     */
    void SettleProvisional();

    /**
     * Recomputes the time line up to the next device seizure and schedules
     * it. Called whenever a device's readiness changes.
     */
    void Plan();

    /**
     * A device's station seizes the token now.
     * @param index the device's index
     * @param generation the plan that scheduled this seizure; a later plan
     *        makes it stale
     */
    void Seize(uint32_t index, uint64_t generation);

    /**
     * A device frame has been completely put on the ring.
     * @param index the device's index
     * @param frame the frame
     */
    void TransmitEnd(uint32_t index, Ptr<const Packet> frame);

    DataRate m_dataRate;            //!< ring bit rate
    uint32_t m_stationCount;        //!< stations on the ring
    Time m_stationLatency;          //!< delay added by each station's repeater
    Time m_cableDelay;              //!< propagation delay of one hop of cable
    double m_backgroundLoad;        //!< share of capacity offered by background stations
    uint32_t m_backgroundFrameSize; //!< size of a background frame (bytes)

    std::vector<Attachment> m_devices;    //!< attached devices, by index
    std::vector<int32_t> m_stationDevice; //!< device index at each station, or -1
    std::vector<std::deque<int64_t>>
        m_backlog; //!< arrival times of waiting background frames, per station
    std::vector<uint32_t> m_backgroundStations; //!< stations without a device
    uint32_t m_readyDevices{0};                 //!< devices whose frame waits for the token

    int64_t m_hop{0};          //!< hop delay (time steps)
    int64_t m_rotation{0};     //!< rotation period (time steps)
    int64_t m_freeAt{0};       //!< when the token was (or will be) last released (time steps)
    uint32_t m_freeStation{0}; //!< the station that released it

    bool m_backgroundStarted{false};        //!< background traffic set up
    bool m_backgroundOn{false};             //!< background traffic offered
    double m_backgroundMeanGap{0};          //!< mean time between background arrivals (s)
    int64_t m_backgroundTx{0};              //!< background frame transmission time (time steps)
    int64_t m_nextArrival{0};               //!< next background arrival not yet queued (time steps)
    uint32_t m_nextArrivalStation{0};       //!< its station
    std::vector<Provisional> m_provisional; //!< background transmissions ahead of now

    uint64_t m_backgroundFrames{0}; //!< background transmissions placed (provisional ones included)
    uint64_t m_deviceFrames{0};     //!< device transmissions started

    // The next device seizure. Simulator::ScheduleWithContext (the seizure belongs to the
    // sending node) gives no EventId to cancel, so a new plan makes older seizures stale.
    bool m_seizePending{false};    //!< a seizure is scheduled
    int64_t m_seizeAt{0};          //!< its time (time steps)
    uint32_t m_seizeDevice{0};     //!< its device
    uint64_t m_seizeGeneration{0}; //!< the plan it belongs to

    Ptr<ExponentialRandomVariable> m_arrivalRv; //!< background inter-arrival times
    Ptr<UniformRandomVariable> m_stationRv;     //!< background station choice

    /// A device frame starts its transmission.
    TracedCallback<Ptr<const Packet>, uint32_t> m_txStartTrace;
    /// A device frame ends its transmission.
    TracedCallback<Ptr<const Packet>, uint32_t> m_txEndTrace;
    /// Token wait of each device frame.
    TracedCallback<Ptr<const Packet>, uint32_t, Time> m_tokenWaitTrace;
};

} // namespace ns3

#endif /* PROTEON_RING_CHANNEL_H */
