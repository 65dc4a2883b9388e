/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ETHERNET_CABLE_H
#define ETHERNET_CABLE_H

#include "ns3/packet.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <deque>
#include <limits>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * @ingroup ethernet
 * @brief What the stations on an EthernetBusChannel's cable sense of each
 * other: where each taps the cable, the signals put on it lately, and from
 * them when a station's deference ends, which signals collide, and whether a
 * frame reached a station intact.
 *
 * Times are simulator time steps; positions are the time a signal takes from
 * cable end 0 to the tap. The cable holds no events: the channel schedules
 * what its answers imply.
 */
class EthernetCable
{
  public:
    /// A time (in time steps) later than any event.
    static constexpr int64_t NEVER = std::numeric_limits<int64_t>::max();

    /// A transmission, kept while it can still matter to carrier sense or receptions.
    struct Transmission
    {
        uint64_t id{0};          //!< sequence number
        uint32_t station{0};     //!< who sends
        int64_t start{0};        //!< first bit of the preamble leaves the station
        int64_t end{0};          //!< last bit leaves (jam end if aborted)
        int64_t detect{NEVER};   //!< collision detection at the sender, or NEVER
        bool aborted{false};     //!< collision detected: jam sent
        uint32_t attempts{0};    //!< collisions the frame had suffered before
        uint32_t bytes{0};       //!< frame size (bytes, destination address to FCS)
        Ptr<Packet> frame;       //!< device frames and delivered broadcasts only
        bool broadcast{false};   //!< a background broadcast
        uint64_t detectToken{0}; //!< identifies the current detection event
        uint64_t endToken{0};    //!< identifies the current end event
        bool endPending{false};  //!< an end event is due (device frames only)
    };

    /**
     * @param bits a number of bits
     * @param bitRate the bit rate (bits per second, not 0)
     * @return the time to send them, in whole time steps rounded up: times are then exact
     *         sums that tests and users can reproduce (100 ns per bit at 10 Mbit/s)
     */
    static int64_t BitsToSteps(uint64_t bits, uint64_t bitRate);

    /**
     * Sets the inter-frame gap.
     * @param gap the whole gap (time steps)
     * @param part1 its first part, in which carrier restarts the wait (time steps)
     */
    void SetInterFrameGap(int64_t gap, int64_t part1);

    /**
     * Adds a station.
     * @param position where it taps the cable: the time a signal takes from cable end 0
     * @return its number, in the order added
     */
    uint32_t AddStation(int64_t position);

    /**
     * @param a a station
     * @param b another station
     * @return the propagation delay between them (time steps)
     */
    int64_t Distance(uint32_t a, uint32_t b) const;

    /**
     * Runs @p station's IEEE 802.3 deference process (§4.2.8) over the carrier
     * it senses from the known transmissions.
     * @param station the station
     * @param t when it wants to transmit
     * @return the first time at or after @p t at which it may
     */
    int64_t FreeAt(uint32_t station, int64_t t) const;

    /**
     * Puts a transmission on the cable, starting now, and finds its
     * collisions with the signals already there: its sender hears each other
     * signal when it arrives, and each other sender that is still sending
     * hears this one when it arrives.
     * @param tx the transmission; its detect field is ignored
     * @param heard filled with (id, time) for every earlier transmission whose
     *        sender hears this one while it still sends, in start order
     * @return when this transmission's sender first hears another signal, or NEVER
     */
    int64_t Add(const Transmission& tx, std::vector<std::pair<uint64_t, int64_t>>& heard);

    /** @return the transmission added last */
    Transmission& Back();

    /**
     * @param id a transmission's sequence number
     * @return the transmission, or null if it has been forgotten
     */
    Transmission* Find(uint64_t id);

    /**
     * @param tx a transmission
     * @param station a station
     * @return whether another signal overlapped @p tx where @p station taps the cable
     */
    bool IsGarbledAt(const Transmission& tx, uint32_t station) const;

    /**
     * @param station a station
     * @param now the time
     * @return when the last bit of @p station's transmission still on its way out at @p now
     *         leaves it (one that started at @p now included), or @p now if none is
     */
    int64_t SendingUntil(uint32_t station, int64_t now) const;

    /**
     * Forgets the oldest transmissions that ended before @p now − @p horizon
     * and have no event due.
     * @param now the time
     * @param horizon how long an ended transmission still matters
     */
    void Prune(int64_t now, int64_t horizon);

    /** Forgets every station and transmission. */
    void Clear();

  private:
    std::vector<int64_t> m_positions;         //!< each station's tap
    std::deque<Transmission> m_transmissions; //!< recent transmissions, in start order
    int64_t m_gap{0};                         //!< inter-frame gap (time steps)
    int64_t m_gapPart1{0};                    //!< restartable part of the gap (time steps)
};

} // namespace ns3

#endif /* ETHERNET_CABLE_H */
