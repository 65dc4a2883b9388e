/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ETHERNET_BUS_CHANNEL_H
#define ETHERNET_BUS_CHANNEL_H

#include "ethernet-cable.h"

#include "ns3/channel.h"
#include "ns3/data-rate.h"
#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <memory>
#include <vector>

/**
 * @defgroup ethernet 10 Mbit/s Ethernet
 *
 * The Ethernet of RFC 1030 §6: a half-duplex coaxial bus shared with CSMA/CD
 * by attached devices and by background stations, the 3Com 3C500 interface
 * (one packet buffer for transmit and receive) as a net device whose driver
 * charges its work to the host's CPU, and a helper.
 */

namespace ns3
{

class EthernetBackgroundTraffic;
class EthernetCsmaCd;
class EthernetNetDevice;
class Packet;
class RandomVariableStream;
class RateErrorModel;

/**
 * @ingroup ethernet
 * @brief A 10 Mbit/s baseband coaxial bus (IEEE 802.3 10BASE5 / Ethernet
 * II) shared with CSMA/CD.
 *
 * Stations sit at positions along a cable of Length metres; a signal takes
 * PropagationDelay × |x1 − x2| / Length to go from one to the other. The
 * attached devices are stations; the BackgroundTraffic's Stations more are
 * spread evenly along the cable and send the frames it draws to each other,
 * which the attached devices' address filters reject, and broadcasts, which
 * every attached device receives.
 *
 * Every station follows the IEEE 802.3 MAC (clause 4):
 * - **Deference.** A station defers while it senses carrier at its position,
 *   then waits the inter-frame gap (96 bit times) and transmits. Carrier
 *   arriving during the first 64 bit times of the gap restarts the gap,
 *   unless the carrier was the station's own transmission; carrier arriving
 *   later is ignored (§4.2.3.2.1, the two-part gap).
 * - **Transmission.** Preamble and SFD (64 bits), then the frame (64 to 1518
 *   bytes, FCS included). A station that hears another signal while it
 *   transmits detects a collision, finishes the preamble if it is still in
 *   it, sends a 32-bit jam and stops (§4.2.3.2.4).
 * - **Backoff.** After its n-th collision a frame waits r slot times (512 bit
 *   times) from the end of the jam, r uniform in 0 .. 2^min(n,10) − 1, and
 *   defers again; after the 16th collision it is dropped (§4.2.3.2.5).
 *
 * A frame is received by the devices it is addressed to (or broadcast, or
 * promiscuous) when its last bit reaches them, unless another signal
 * overlapped it at their position, or noise on the cable (BitErrorRate, an
 * ns3::RateErrorModel per bit drawn for each reception) corrupted it: the
 * interface then discards it for its bad FCS and stays ready to receive.
 *
 * Events are spent only on starts, collision detections and the ends that
 * matter: a device frame ends with an event, a background frame does not.
 * Carrier sense needs no events either: a station that wants to send
 * computes, from the recent transmissions, when its deference ends, and is
 * woken then; a transmission that starts meanwhile re-plans the waiting
 * stations. An uncontended background frame costs one event, its arrival.
 */
class EthernetBusChannel : public Channel
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    EthernetBusChannel();
    ~EthernetBusChannel() override;

    /// Largest number of collisions a frame suffers before it is dropped (attemptLimit).
    static constexpr uint32_t ATTEMPT_LIMIT = 16;
    /// Collisions after which the backoff range stops growing (backoffLimit).
    static constexpr uint32_t BACKOFF_LIMIT = 10;
    /// Preamble and start frame delimiter (bits).
    static constexpr uint32_t PREAMBLE_BITS = 64;
    /// Inter-frame gap (bit times).
    static constexpr uint32_t IFG_BITS = 96;
    /// First, restartable part of the inter-frame gap (bit times): two thirds of it.
    static constexpr uint32_t IFG_PART1_BITS = 64;
    /// Slot time (bit times).
    static constexpr uint32_t SLOT_BITS = 512;
    /// Jam (bits).
    static constexpr uint32_t JAM_BITS = 32;
    /// Smallest frame, FCS included (bytes).
    static constexpr uint32_t MIN_FRAME_BYTES = 64;
    /// Largest frame, FCS included, with a 1500-byte payload (bytes).
    static constexpr uint32_t MAX_FRAME_BYTES = 1518;
    /// Largest number of stations on one IEEE 802.3 10 Mbit/s collision domain.
    static constexpr uint32_t MAX_STATIONS = 1024;

    /**
     * Attaches a device. Called by EthernetNetDevice::Attach().
     * @param device the device
     * @param position where it taps the cable (m, 0 to Length)
     * @return the device's index on this channel, also its station number
     */
    uint32_t Attach(Ptr<EthernetNetDevice> device, double position);

    std::size_t GetNDevices() const override;
    Ptr<NetDevice> GetDevice(std::size_t i) const override;

    /**
     * @param i index of a device on this channel
     * @return the device
     */
    Ptr<EthernetNetDevice> GetEthernetDevice(std::size_t i) const;

    /** @return the bus bit rate */
    DataRate GetDataRate() const;

    /** @return the propagation delay from one end of the cable to the other */
    Time GetPropagationDelay() const;

    /**
     * @param i index of a device
     * @param j index of another device
     * @return the propagation delay between them
     */
    Time GetDelay(uint32_t i, uint32_t j) const;

    /**
     * @param bits a number of bits
     * @return the time to send them at DataRate (rounded up to the time resolution)
     */
    Time GetBitTime(uint64_t bits) const;

    /**
     * @param frameBytes a frame from destination address to FCS
     * @return the time it occupies the sender: preamble and SFD + frame
     */
    Time GetTransmissionTime(uint32_t frameBytes) const;

    /** @return the slot time, 512 bit times */
    Time GetSlotTime() const;

    /** @return the inter-frame gap, 96 bit times */
    Time GetInterFrameGap() const;

    /**
     * A device hands over a frame (destination address to FCS) to be sent
     * with CSMA/CD. The channel later calls the device's TransmitStarted()
     * for every attempt, TransmitCollided() for every collision, and finally
     * TransmitCompleted() or TransmitDropped().
     * @param index the device's index
     * @param frame the frame
     */
    void Transmit(uint32_t index, Ptr<Packet> frame);

    /** @return transmissions (of all stations) aborted by a collision */
    uint64_t GetCollisions() const;

    /** @return attempts (of all stations) that had to wait for the medium */
    uint64_t GetDeferrals() const;

    /** @return frames (of all stations) dropped after 16 collisions */
    uint64_t GetExcessiveCollisionDrops() const;

    /** @return background frames that arrived at their station, broadcasts included */
    uint64_t GetBackgroundFramesOffered() const;

    /** @return receptions discarded because noise corrupted the frame (BitErrorRate) */
    uint64_t GetNoiseCorruptions() const;

    /** @return background broadcasts sent without collision */
    uint64_t GetBackgroundBroadcastsSent() const;

    /**
     * Stops the background stations offering new frames (frames already offered still go):
     * an experiment whose transfer is over needs no more of them.
     */
    void StopBackground();

    /**
     * @return background frames whose transmission has started and not been
     *         aborted (the last may still be on the wire)
     */
    uint64_t GetBackgroundFramesSent() const;

    /** @return device frames sent without collision */
    uint64_t GetDeviceFramesSent() const;

    /**
     * Assigns fixed random variable streams to the background traffic (stream
     * to stream + 2), the backoff draws (stream + 3) and the noise (stream + 6).
     * @param stream first stream index to use
     * @return the number of stream indices assigned (7)
     */
    int64_t AssignStreams(int64_t stream);

    /**
     * TracedCallback signature for a station event.
     * @param station the station: a device index, or (number of devices +
     *        k) for background station k
     * @param attempt collisions the frame had suffered before this event
     *        (for Collision: including this one)
     */
    typedef void (*StationTracedCallback)(uint32_t station, uint32_t attempt);

    /**
     * TracedCallback signature for a backoff.
     * @param station the station
     * @param attempt collisions the frame has suffered
     * @param slots slot times drawn
     * @param delay the backoff: slots × slot time, from the end of the jam
     */
    typedef void (*BackoffTracedCallback)(uint32_t station,
                                          uint32_t attempt,
                                          uint32_t slots,
                                          Time delay);

    /**
     * TracedCallback signature for a reception corrupted by noise.
     * @param frame the frame as it would have been received
     * @param device index of the receiving device
     */
    typedef void (*NoiseTracedCallback)(Ptr<const Packet> frame, uint32_t device);

  protected:
    void DoDispose() override;

  private:
    /// The MAC tells the channel what happens (the Notify methods).
    friend class EthernetCsmaCd;

    /// A transmission on the cable.
    using Transmission = EthernetCable::Transmission;

    /** Sets up the stations on first use: the devices and the background stations. */
    void EnsureStations();
    /** Starts the background traffic (scheduled at the first Attach). */
    void StartBackground();
    /**
     * Queues a background frame at its station and has it contend.
     * @param background the background station (0 to its Stations - 1)
     * @param bytes the frame's size, destination address to FCS
     * @param broadcast whether it is a broadcast
     */
    void OfferBackground(uint32_t background, uint32_t bytes, bool broadcast);

    /**
     * @param position a tap position (m)
     * @return the propagation delay from cable end 0 (time steps)
     */
    int64_t PositionToSteps(double position) const;
    /**
     * @param bits a number of bits
     * @return the time to send them (time steps, rounded up)
     */
    int64_t Bits(uint64_t bits) const;

    /**
     * A station found the medium busy when it wanted to send.
     * @param station the station
     * @param attempts collisions its frame has suffered
     */
    void NotifyDeferral(uint32_t station, uint32_t attempts);
    /**
     * A station starts an attempt.
     * @param station the station
     * @param attempts collisions its frame has suffered
     */
    void NotifyStart(uint32_t station, uint32_t attempts);
    /**
     * A station detected a collision and jams.
     * @param station the station
     * @param attempts collisions its frame has suffered, this one included
     */
    void NotifyCollision(uint32_t station, uint32_t attempts);
    /**
     * A station gives a frame up after its last collision.
     * @param station the station
     * @param attempts collisions the frame suffered
     */
    void NotifyExcessive(uint32_t station, uint32_t attempts);
    /**
     * A station backs off after a collision.
     * @param station the station
     * @param attempts collisions its frame has suffered
     * @param slots slot times drawn
     * @param delay the backoff, from the end of the jam
     */
    void NotifyBackoff(uint32_t station, uint32_t attempts, uint32_t slots, Time delay);
    /**
     * A device's station has jammed and planned its next attempt, or given up.
     * @param station the device's station
     * @param attempts collisions its frame has suffered
     */
    void NotifyCollided(uint32_t station, uint32_t attempts);
    /**
     * A device's frame, given up after its last collision, has left the cable.
     * @param station the device's station
     */
    void NotifyDropped(uint32_t station);
    /**
     * A device frame or a background broadcast has been sent without collision: it goes to
     * the devices that take it.
     * @param tx the transmission (a broadcast gets its frame here)
     */
    void NotifyEnd(Transmission& tx);
    /**
     * A device frame's last bit reaches a device.
     * @param id the transmission
     * @param receiver the receiving device's index
     */
    void Deliver(uint64_t id, uint32_t receiver);

    DataRate m_dataRate;                         //!< bus bit rate
    double m_length;                             //!< cable length (m)
    Time m_propagationDelay;                     //!< end-to-end propagation delay
    Ptr<EthernetBackgroundTraffic> m_background; //!< the background stations' traffic
    double m_bitErrorRate;       //!< probability that noise flips a given bit of a reception
    Ptr<RateErrorModel> m_noise; //!< draws the corrupted receptions (ERROR_UNIT_BIT)
    Ptr<RandomVariableStream> m_backoffRv; //!< uniform [0,1) draws for backoff

    std::vector<Ptr<EthernetNetDevice>> m_devices; //!< attached devices
    std::vector<double> m_devicePositions;         //!< their positions (m)
    std::unique_ptr<EthernetCsmaCd> m_mac;         //!< every station's MAC
    bool m_stationsReady{false};                   //!< stations set up
    bool m_backgroundScheduled{false};             //!< StartBackground scheduled

    uint64_t m_collisions{0};       //!< aborted transmissions
    uint64_t m_deferrals{0};        //!< attempts that waited for the medium
    uint64_t m_excessive{0};        //!< frames dropped after 16 collisions
    uint64_t m_backgroundSent{0};   //!< background transmissions started and not aborted
    uint64_t m_noiseCorruptions{0}; //!< receptions corrupted by noise
    uint64_t m_broadcastsSent{0};   //!< background broadcasts ended without collision
    uint64_t m_deviceSent{0};       //!< device frames sent without collision

    /// A station starts an attempt: station, collisions so far.
    TracedCallback<uint32_t, uint32_t> m_txStartTrace;
    /// A station detected a collision: station, collisions including this one.
    TracedCallback<uint32_t, uint32_t> m_collisionTrace;
    /// A station backs off: station, collisions, slots, delay.
    TracedCallback<uint32_t, uint32_t, uint32_t, Time> m_backoffTrace;
    /// A station found the medium busy when it wanted to send: station, collisions so far.
    TracedCallback<uint32_t, uint32_t> m_deferralTrace;
    /// A station dropped a frame after 16 collisions: station, 16.
    TracedCallback<uint32_t, uint32_t> m_excessiveTrace;
    /// Noise corrupted a reception: frame, device index.
    TracedCallback<Ptr<const Packet>, uint32_t> m_noiseTrace;
};

} // namespace ns3

#endif /* ETHERNET_BUS_CHANNEL_H */
