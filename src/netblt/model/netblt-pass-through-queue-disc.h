/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_PASS_THROUGH_QUEUE_DISC_H
#define NETBLT_PASS_THROUGH_QUEUE_DISC_H

#include "ns3/ipv4-queue-disc-item.h"
#include "ns3/queue-disc.h"

namespace ns3
{

class NetbltHeader;

/**
 * @ingroup netblt
 * @brief A root queue disc that looks at each datagram on its way to the device and holds
 * nothing of its own: what it takes goes on at once, unless the device stops its queue (the
 * devices of this project never do). A subclass sees each datagram in Inspect(), before it is
 * queued, and may rewrite its headers there.
 *
 * The gateways' explicit rates (NetbltExplicitRateQueueDisc,
 * NetbltExplicitRateReturnQueueDisc) are such discs.
 */
class NetbltPassThroughQueueDisc : public QueueDisc
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    NetbltPassThroughQueueDisc();
    ~NetbltPassThroughQueueDisc() override;

    /// Reason for dropping a datagram when the disc is full.
    static constexpr const char* LIMIT_EXCEEDED_DROP = "Queue disc limit exceeded";

  protected:
    /**
     * Looks at a datagram the disc takes, before it is queued.
     * @param item the datagram
     */
    virtual void Inspect(Ptr<QueueDiscItem> item) = 0;

    /**
     * @param item a datagram the disc took
     * @param common filled with its NETBLT common header
     * @return the datagram as an IPv4 one if it is a NETBLT packet whole (unfragmented, or the
     *         first fragment) with a common header to read; null otherwise
     */
    static Ptr<Ipv4QueueDiscItem> PeekNetblt(Ptr<QueueDiscItem> item, NetbltHeader& common);

  private:
    bool DoEnqueue(Ptr<QueueDiscItem> item) override;
    Ptr<QueueDiscItem> DoDequeue() override;
    bool CheckConfig() override;
    void InitializeParams() override;
};

} // namespace ns3

#endif /* NETBLT_PASS_THROUGH_QUEUE_DISC_H */
