/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef DELAY_QUEUE_DISC_H
#define DELAY_QUEUE_DISC_H

#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/queue-disc.h"

namespace ns3
{

/**
 * @ingroup netblt-experiment
 * @brief Holds every datagram a fixed Delay before the interface takes it, in order: a host
 * further away (a longer line to its gateway) without another network to build.
 *
 * Installed with TrafficControlHelper as the root queue disc of a host's interface (the
 * transfers' ReceiverDelay puts one on a receiving host, so that the flow's round trip is that
 * much longer). The delay is the only thing it adds: it drops nothing below MaxSize.
 */
class DelayQueueDisc : public QueueDisc
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    DelayQueueDisc();
    ~DelayQueueDisc() override;

    /// Reason for dropping a datagram when the disc is full.
    static constexpr const char* LIMIT_EXCEEDED_DROP = "Queue disc limit exceeded";

  protected:
    void DoDispose() override;

  private:
    bool DoEnqueue(Ptr<QueueDiscItem> item) override;
    Ptr<QueueDiscItem> DoDequeue() override;
    bool CheckConfig() override;
    void InitializeParams() override;

    Time m_delay;   //!< Delay
    EventId m_wake; //!< runs the disc again when the head's delay is over
};

} // namespace ns3

#endif /* DELAY_QUEUE_DISC_H */
