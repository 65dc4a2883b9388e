/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SOURCE_QUENCH_SENDER_H
#define SOURCE_QUENCH_SENDER_H

#include "ns3/ipv4-address.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <map>

namespace ns3
{

class Ipv4Header;
class Node;
class Packet;

/**
 * @ingroup source-quench
 * @brief A gateway's ICMP Source Quench: sent to a datagram's source when the queue the
 * datagram joins holds more than ThresholdBytes, before the gateway must drop (RFC 1009: a
 * gateway should send Source Quench when it approaches its capacity; RFC 792: "when it
 * approaches its capacity limit rather than waiting until the capacity is exceeded").
 *
 * Whoever installs it (SourceQuenchHelper::InstallSender, a testbed) connects a device's
 * queue trace to DatagramQueued(): for each datagram the device queues, the datagram (IP
 * header on) and the bytes its queue then holds. Past the threshold, the sender quotes the
 * datagram (Icmpv4SourceQuench) and sends the quench to its source through the node's IPv4
 * (protocol 1, routed as Icmpv4L4Protocol routes its own messages), at most one per source
 * per MinInterval. It sends none about an ICMP datagram (RFC 792: no ICMP messages about ICMP
 * messages), about a fragment other than the first (RFC 792: only about fragment zero), about
 * a datagram this node sent itself, or to a source that is no single host (any, broadcast,
 * multicast).
 *
 * One per gateway node (it is aggregated to it): every device it watches shares its
 * per-source clock.
 */
class SourceQuenchSender : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    SourceQuenchSender();
    ~SourceQuenchSender() override;

    /**
     * Trace signature of QuenchSent.
     * @param source the quenched host (the quench's destination)
     * @param quench the ICMP message, ICMP header on
     */
    typedef void (*QuenchSentTracedCallback)(Ipv4Address source, Ptr<const Packet> quench);

    /** @param node the gateway, with IPv4: the quenches leave through it */
    void SetNode(Ptr<Node> node);

    /**
     * A device queued a datagram (the sink of its queue trace).
     * @param datagram the IPv4 datagram, IP header on
     * @param queuedBytes bytes its queue holds with it
     */
    void DatagramQueued(Ptr<const Packet> datagram, uint32_t queuedBytes);

    /** @return quenches sent */
    uint64_t GetQuenchesSent() const;
    /** @return datagrams past the threshold whose source had a quench within MinInterval */
    uint64_t GetQuenchesSuppressed() const;

  protected:
    void DoDispose() override;

  private:
    /**
     * @param header a queued datagram's IP header
     * @return true if a quench may be sent about it (not ICMP, fragment zero, a host's)
     */
    bool IsQuenchable(const Ipv4Header& header) const;

    /**
     * Quotes the datagram and sends the quench to its source.
     * @param header the datagram's IP header
     * @param datagram the datagram, IP header on
     * @return false if the node has no route to the source
     */
    bool SendQuench(const Ipv4Header& header, Ptr<const Packet> datagram);

    Ptr<Node> m_node;                       //!< the gateway
    uint32_t m_thresholdBytes;              //!< attribute ThresholdBytes
    Time m_minInterval;                     //!< attribute MinInterval
    std::map<Ipv4Address, Time> m_lastSent; //!< when each source was last quenched
    uint64_t m_sent{0};                     //!< see GetQuenchesSent()
    uint64_t m_suppressed{0};               //!< see GetQuenchesSuppressed()
    TracedCallback<Ipv4Address, Ptr<const Packet>> m_quenchSentTrace; //!< QuenchSent
};

} // namespace ns3

#endif /* SOURCE_QUENCH_SENDER_H */
