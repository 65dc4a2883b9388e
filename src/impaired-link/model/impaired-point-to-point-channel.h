/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef IMPAIRED_POINT_TO_POINT_CHANNEL_H
#define IMPAIRED_POINT_TO_POINT_CHANNEL_H

#include "ns3/nstime.h"
#include "ns3/point-to-point-channel.h"
#include "ns3/ptr.h"
#include "ns3/traced-callback.h"

#include <cstdint>

/**
 * @defgroup impaired-link Impaired point-to-point link
 *
 * A point-to-point link that re-orders, duplicates and corrupts frames.
 */

namespace ns3
{

class Packet;
class PointToPointNetDevice;
class Tag;
class UniformRandomVariable;

/**
 * @ingroup impaired-link
 * @brief A point-to-point channel that can re-order, duplicate and corrupt
 * the frames it carries.
 *
 * The channel behaves like ns3::PointToPointChannel (a frame handed to
 * TransmitStart() is delivered to the peer device's
 * PointToPointNetDevice::Receive() after the transmission time plus the
 * channel's propagation delay), and in addition applies three independent
 * impairments to every frame, in each direction:
 *
 * - **Reordering**: with probability ReorderProbability the frame is held
 *   back by an extra ReorderDelay, so that frames sent after it can overtake
 *   it.
 * - **Duplication**: with probability DuplicateProbability a second copy of
 *   the frame is delivered one transmission time after the first copy.
 * - **Corruption**: with probability CorruptProbability (drawn separately for
 *   each delivered copy), one randomly chosen bit of one randomly chosen byte
 *   of the network-layer payload is inverted.  The damaged frame is still
 *   delivered; it is up to the receiving protocol's checksum to notice.  The
 *   2-byte PPP header and the IPv4 header (IHL * 4 bytes) or the fixed
 *   40-byte IPv6 header are never touched; frames of other protocols, and
 *   frames without any payload beyond those headers, are never corrupted.
 *   CorruptIpProtocol restricts corruption to one IP protocol (e.g. 30 for
 *   NETBLT), which keeps damaged bytes away from protocol implementations
 *   that do not expect them (ns-3's ICMPv4, for one, can abort on a damaged
 *   Destination Unreachable message).
 *
 * Frame loss is not modelled here; use the usual per-device
 * "ReceiveErrorModel" of ns3::PointToPointNetDevice, which is applied to
 * every delivered copy (including duplicates and corrupted copies).
 *
 * Each impairment uses its own ns3::UniformRandomVariable, and every frame
 * takes a fixed number of draws from each of them, so the setting of one
 * impairment does not change the decisions made for another; use
 * AssignStreams() for reproducible results.
 *
 * The normal (first) copy of every frame is delivered through
 * PointToPointChannel::TransmitStart(), so the base class's checks and its
 * TxRxPointToPoint trace (once per transmitted frame; for a held-back frame
 * the reported transmission time includes ReorderDelay) are kept.
 */
class ImpairedPointToPointChannel : public PointToPointChannel
{
  public:
    /**
     * @brief Get the TypeId
     *
     * @return The TypeId for this class
     */
    static TypeId GetTypeId();

    /**
     * @brief Create an ImpairedPointToPointChannel
     *
     * By default all impairment probabilities are zero, so the channel
     * behaves exactly like a PointToPointChannel.
     */
    ImpairedPointToPointChannel();

    ~ImpairedPointToPointChannel() override;

    /**
     * @brief Transmit a frame over this channel, applying the configured
     * impairments.
     *
     * @param p Frame to transmit (starting with the PPP header)
     * @param src Source PointToPointNetDevice
     * @param txTime Transmit time to apply
     * @returns true (currently always true, like the base class)
     */
    bool TransmitStart(Ptr<const Packet> p, Ptr<PointToPointNetDevice> src, Time txTime) override;

    /**
     * @brief Assign a fixed random variable stream number to the random
     * variables used by this channel.
     *
     * @param stream first stream index to use
     * @return the number of stream indices assigned by this channel
     */
    int64_t AssignStreams(int64_t stream);

    /**
     * TracedCallback signature for impairment events.
     *
     * @param [in] packet The frame (with its PPP header) that was impaired.
     *   For the Corrupt trace this is the damaged copy.
     */
    typedef void (*ImpairmentTracedCallback)(Ptr<const Packet> packet);

  protected:
    void DoDispose() override;

  private:
    /**
     * @brief Return a copy of the frame with one bit of its network-layer
     * payload inverted, and fire the Corrupt trace.
     *
     * @param p the frame to damage (starting with the PPP header)
     * @param byteDraw uniform draw in [0, 1) that selects the damaged byte
     *   among the payload bytes
     * @param bitDraw uniform draw in [0, 1) that selects the inverted bit
     * @return the damaged copy, or p itself if the frame carries no payload
     *   that may be corrupted (see GetPayloadOffset())
     */
    Ptr<const Packet> Corrupt(Ptr<const Packet> p, double byteDraw, double bitDraw);

    /**
     * @brief Return a copy of the frame with one bit inverted, spliced
     * together from fragments of the original and a one-byte packet holding
     * the damaged byte; used when PacketMetadata is disabled.
     *
     * The copy keeps the packet uid, the packet tags, the byte tags and the
     * nix vector of the original.
     *
     * @param p the frame
     * @param offset offset of the byte to damage
     * @param mask the bit(s) to invert in that byte
     * @return the damaged copy
     */
    Ptr<Packet> Splice(Ptr<const Packet> p, uint32_t offset, uint8_t mask) const;

    /**
     * @brief Return a copy of the frame with one bit inverted, built from
     * fresh packets, one per metadata item of the original; used when
     * PacketMetadata is enabled.
     *
     * Whole headers are re-added as RawBytesHeaders posing as the original
     * header types, so that the receiver's RemoveHeader() calls still match
     * the metadata; payload, fragments and trailers become plain payload.
     * Packet tags, byte tags and the nix vector are copied; the packet uid
     * is a new one.
     *
     * @param p the frame
     * @param offset offset of the byte to damage
     * @param mask the bit(s) to invert in that byte
     * @return the damaged copy
     */
    Ptr<Packet> RebuildFromItems(Ptr<const Packet> p, uint32_t offset, uint8_t mask) const;

    /**
     * @brief Create a tag of the given type through its TypeId constructor.
     *
     * @param tid the TypeId of the tag
     * @return the new tag (to be deleted by the caller), or nullptr if the
     *   type has no constructor or is not a Tag
     */
    static Tag* CreateTag(TypeId tid);

    /**
     * @brief Get the offset of the first byte that may be corrupted.
     *
     * @param p the frame (starting with the PPP header)
     * @return the offset of the first byte after the PPP and network-layer
     *   headers, or 0 if the frame must not be corrupted (neither IPv4 nor
     *   IPv6, no payload, or not of the CorruptIpProtocol)
     */
    uint32_t GetPayloadOffset(Ptr<const Packet> p) const;

    /**
     * @brief Deliver a copy of the frame to a device (a duplicate).
     *
     * @param p the frame
     * @param dst the receiving device
     * @param delay time from now until the frame is received
     */
    void ScheduleCopy(Ptr<const Packet> p, Ptr<PointToPointNetDevice> dst, Time delay);

    double m_duplicateProbability; //!< Probability that a frame is duplicated
    double m_reorderProbability;   //!< Probability that a frame is held back
    Time m_reorderDelay;           //!< Extra delay of a held-back frame
    double m_corruptProbability;   //!< Probability that a delivered copy is corrupted
    uint8_t m_corruptIpProtocol;   //!< Only this IP protocol is corrupted (0: any)

    Ptr<UniformRandomVariable> m_duplicateRv;       //!< Draws duplication decisions
    Ptr<UniformRandomVariable> m_reorderRv;         //!< Draws reordering decisions
    Ptr<UniformRandomVariable> m_corruptRv;         //!< Draws corruption decisions
    Ptr<UniformRandomVariable> m_corruptPositionRv; //!< Draws the damaged byte and bit

    /// Trace source fired for every frame that is duplicated (the original frame).
    TracedCallback<Ptr<const Packet>> m_duplicateTrace;
    /// Trace source fired for every frame that is held back to be re-ordered.
    TracedCallback<Ptr<const Packet>> m_reorderTrace;
    /// Trace source fired for every corrupted copy (the damaged copy).
    TracedCallback<Ptr<const Packet>> m_corruptTrace;
};

} // namespace ns3

#endif /* IMPAIRED_POINT_TO_POINT_CHANNEL_H */
