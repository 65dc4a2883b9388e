/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef PACKET_BUFFER_POOL_H
#define PACKET_BUFFER_POOL_H

#include "ns3/object.h"
#include "ns3/traced-callback.h"
#include "ns3/traced-value.h"

#include <cstdint>

namespace ns3
{

/**
 * @ingroup host-processing
 * @brief The host's packet buffers: a fixed number of them, shared by the interface driver and
 * the protocols (the MIT PC/IP package's NBUF buffers, netbuf.h).
 *
 * An interface driver takes a free buffer for each frame it receives and drops the frame when
 * none is free (PC/IP's 3C500 interrupt handler, et_int.c, counts it in etref). The buffer goes
 * up with the packet; the protocol that keeps it returns it once its CPU job has consumed the
 * packet, so that a host whose CPU falls behind its arrivals runs out of buffers.
 *
 * The hand-up is synchronous in ns-3 (device, IPv4 and the protocol's Receive are one call),
 * so the driver brackets it with BeginHandUp() and EndHandUp(), and a protocol that keeps the
 * buffer says so with KeepHandedUp() inside it. A buffer nobody keeps (ARP, a packet IPv4 or the
 * protocol drops at once) is returned by EndHandUp().
 *
 * A node without a pool, or with Buffers at 0, never runs out; the pool still counts.
 */
class PacketBufferPool : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    PacketBufferPool();

    /**
     * @brief Takes a free buffer.
     * @return false, counting the refusal and firing Exhausted, if none is free
     */
    bool Allocate();

    /// @brief Returns a buffer to the free list.
    void Free();

    /// @brief The buffer Allocate() just gave goes up with its packet now.
    void BeginHandUp();

    /**
     * @brief The layer above keeps the buffer being handed up and will Free() it.
     * @return false if no buffer is being handed up (nothing to free later)
     */
    bool KeepHandedUp();

    /// @brief The hand-up is over: the buffer is returned unless it was kept.
    void EndHandUp();

    /**
     * @brief The pool aggregated to a node.
     * @param node the node (null allowed)
     * @return the pool, or null when the node has none
     */
    static Ptr<PacketBufferPool> Of(Ptr<Object> node);

    /// @return buffers in use now
    uint32_t GetInUse() const;
    /// @return the most buffers in use at once so far
    uint32_t GetPeakInUse() const;
    /// @return frames refused for want of a free buffer
    uint64_t GetRefusals() const;

  private:
    uint32_t m_buffers{0};             //!< size of the pool; 0 means unlimited
    TracedValue<uint32_t> m_inUse{0};  //!< buffers taken and not yet returned
    uint32_t m_peakInUse{0};           //!< high-water mark of m_inUse
    uint64_t m_refusals{0};            //!< Allocate() calls that found no free buffer
    bool m_handingUp{false};           //!< between BeginHandUp() and EndHandUp()
    bool m_kept{false};                //!< KeepHandedUp() was called in this hand-up
    TracedCallback<> m_exhaustedTrace; //!< Allocate() found no free buffer
};

} // namespace ns3

#endif /* PACKET_BUFFER_POOL_H */
