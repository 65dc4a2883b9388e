/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef WIDEBAND_CHANNEL_H
#define WIDEBAND_CHANNEL_H

#include "ns3/channel.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <map>
#include <vector>

/**
 * @defgroup wideband Wideband packet-satellite network
 *
 * The DARPA Wideband satellite network of RFC 1030 §7 and Appendix I: ten earth stations
 * sharing a frame-based channel, datagrams carried by reservation.
 */

namespace ns3
{

class Packet;
class UniformRandomVariable;
class WidebandNetDevice;

/**
 * @ingroup wideband
 * @brief The Wideband satellite channel: frames of FrameSymbols symbols, each a control
 * subframe of one slot per station and a data subframe whose capacity the stations reserve.
 *
 * Every number of RFC 1030 Appendix I follows from the attributes (GetUsableBytesPerFrame()
 * and the other getters compute it). A station asks for capacity in its control slot; every
 * station hears the request one HopDelay later and, SchedulingLead after that, places it in the
 * earliest frames with room. Because every station runs the same scheduler on the same
 * requests, one scheduler here stands for all of them. A request the channel loses (bit errors
 * in its slot) is noticed by its station when the schedule it expected passes without it, one
 * reservation round (HopDelay + SchedulingLead) after sending: the station asks again, and its
 * datagrams are delayed by that round and overtaken by later ones. The stations with no device
 * attached carry a Poisson background load drawn frame by frame, without events.
 */
class WidebandChannel : public Channel
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    WidebandChannel();
    ~WidebandChannel() override;

    /**
     * Attaches a station's device; its control slot is the number of devices attached before.
     * @param device the device
     * @return its station index (control slot)
     */
    uint32_t Attach(Ptr<WidebandNetDevice> device);

    std::size_t GetNDevices() const override;
    Ptr<NetDevice> GetDevice(std::size_t i) const override;

    /** @return the time of one frame: FrameSymbols / SymbolRate */
    Time GetFramePeriod() const;
    /** @return Stations x (ControlSlotSymbols + ControlPaddingSymbols) */
    uint32_t GetControlSubframeSymbols() const;
    /** @return FrameSymbols - the control subframe */
    uint32_t GetDataSubframeSymbols() const;
    /** @return the data symbols a frame carries: min(data subframe, MaxDatagramSymbols) less
     *          DatagramHeaderSymbols */
    uint32_t GetUsableDataSymbols() const;
    /** @return usable data symbols x BitsPerSymbol x CodeRate */
    uint32_t GetUsableBitsPerFrame() const;
    /** @return the whole bytes of GetUsableBitsPerFrame(): the largest datagram the channel
     *          carries and the capacity of a frame */
    uint32_t GetUsableBytesPerFrame() const;

    /**
     * @param frame a frame number (frame 0 starts at time 0)
     * @return when it starts
     */
    Time GetFrameStart(uint64_t frame) const;
    /**
     * @param frame a frame number
     * @return when its data subframe starts
     */
    Time GetDataSubframeStart(uint64_t frame) const;
    /**
     * @param station a station index
     * @param frame a frame number
     * @return when the station's control slot in that frame starts
     */
    Time GetControlSlotStart(uint32_t station, uint64_t frame) const;
    /**
     * @param station a station index
     * @param from a time
     * @return the start of the station's first control slot at or after `from`
     */
    Time GetNextControlSlot(uint32_t station, Time from) const;
    /**
     * @param bytes a datagram's size
     * @return how long its data take on the channel (coded at CodeRate)
     */
    Time GetTransmissionTime(uint32_t bytes) const;
    /** @return one satellite hop, earth station to earth station */
    Time GetHopDelay() const;
    /** @return HopDelay + SchedulingLead: after sending a request, when its station knows
     *          whether it was heard */
    Time GetReservationRound() const;

    /**
     * A station's request, sent now in its control slot, for these datagrams in this order.
     * @param station the requesting station
     * @param sizes the datagrams' sizes (bytes)
     * @return when each datagram's transmission ends, or an empty vector if the request was lost
     */
    std::vector<Time> Reserve(uint32_t station, const std::vector<uint32_t>& sizes);

    /**
     * Carries a datagram whose transmission ends now to every other station: one hop later,
     * or, with DeliverWholeFrames, one hop after the last data of its frame.
     * @param sender the sending device
     * @param packet the datagram
     */
    void Transmit(Ptr<WidebandNetDevice> sender, Ptr<const Packet> packet);

    /**
     * Starts counting the capacity the other stations leave to a station (GetBytesLeftTo()),
     * in whole datagrams of a given size: a frame with room for 2.5 of them carries 2.
     * @param station a station index
     * @param datagramBytes the size of the station's datagrams (its MTU)
     */
    void WatchCapacity(uint32_t station, uint32_t datagramBytes);
    /**
     * What a station knows from the control subframe, where every station hears every
     * request: the bytes of data subframe the other stations (and the background) have left
     * to it, from WatchCapacity() to the present frame, in whole datagrams.
     * @param station a station WatchCapacity() was called for
     * @return the running total, bytes
     */
    uint64_t GetBytesLeftTo(uint32_t station);

    /** @return bytes of background datagrams placed in frames so far */
    uint64_t GetBackgroundBytes() const;
    /** @return frames the scheduler has placed datagrams in, background or not */
    uint64_t GetFramesUsed() const;

    /**
     * Assigns fixed random variable streams.
     * @param stream first stream index to use
     * @return the number of stream indices assigned (3)
     */
    int64_t AssignStreams(int64_t stream);

  private:
    /// What the scheduler has placed in a frame.
    struct FrameUse
    {
        uint32_t bytes{0};                         //!< data bytes placed
        uint32_t datagrams{0};                     //!< datagrams placed
        std::map<uint32_t, uint32_t> stationBytes; //!< of those, each station's
    };

    /** A station whose capacity is counted (WatchCapacity()). */
    struct Watched
    {
        uint32_t datagramBytes{0}; //!< its datagrams' size
        uint64_t bytesLeft{0};     //!< what the others left it, in whole datagrams
    };

    /**
     * Counts the capacity left to the watched stations in the frames before `frame`.
     * @param frame the first frame not to count
     */
    void CountCapacity(uint64_t frame);

    /**
     * @param frame a frame number
     * @return its bookkeeping, created (with its background) the first time it is asked for
     */
    FrameUse& Frame(uint64_t frame);
    /**
     * @param frameUse a frame's bookkeeping
     * @param bytes a datagram's size
     * @return whether it still fits
     */
    bool Fits(const FrameUse& frameUse, uint32_t bytes) const;
    /**
     * @param bits bits exposed to errors
     * @return probability that at least one is wrong
     */
    double ErrorProbability(double bits) const;
    /** @return a Poisson draw with mean BackgroundLoad x usable bytes / BackgroundDatagramSize */
    uint32_t DrawBackgroundDatagrams();
    /**
     * @param time a time
     * @return the number of the frame in progress at that time
     */
    uint64_t FrameAt(Time time) const;

    uint32_t m_frameSymbols;           //!< symbols per frame
    double m_symbolRate;               //!< symbols per second
    uint32_t m_bitsPerSymbol;          //!< modulation
    double m_codeRate;                 //!< forward error correction rate
    uint32_t m_stations;               //!< control slots per frame
    uint32_t m_controlSlotSymbols;     //!< control information per slot
    uint32_t m_controlPaddingSymbols;  //!< padding after each slot
    uint32_t m_maxDatagramSymbols;     //!< the 14-bit datagram size limit
    uint32_t m_datagramHeaderSymbols;  //!< header of the frame's datagram
    Time m_hopDelay;                   //!< earth-satellite-earth
    Time m_schedulingLead;             //!< from hearing a request to its earliest frame
    uint32_t m_maxDatagramsPerFrame;   //!< 0: no limit
    double m_bitErrorRate;             //!< residual, after decoding
    bool m_deliverWholeFrames;         //!< a frame's datagrams reach the stations together
    double m_backgroundLoad;           //!< fraction of usable bytes the other stations reserve
    uint32_t m_backgroundDatagramSize; //!< bytes

    std::vector<Ptr<WidebandNetDevice>> m_devices;  //!< attached stations, by slot
    std::map<uint32_t, Watched> m_watched;          //!< stations whose capacity is counted
    uint64_t m_countedFrames{0};                    //!< frames before this one are counted
    std::map<uint64_t, FrameUse> m_frames;          //!< frames from the present on
    uint64_t m_backgroundBytes{0};                  //!< background placed so far
    uint64_t m_framesUsed{0};                       //!< frames created so far
    Ptr<UniformRandomVariable> m_reservationErrors; //!< request losses
    Ptr<UniformRandomVariable> m_dataErrors;        //!< damaged datagrams
    Ptr<UniformRandomVariable> m_background;        //!< background draws

    /// A datagram was placed: sending station, size, frame number, transmission start.
    TracedCallback<uint32_t, uint32_t, uint64_t, Time> m_scheduledTrace;
};

} // namespace ns3

#endif /* WIDEBAND_CHANNEL_H */
