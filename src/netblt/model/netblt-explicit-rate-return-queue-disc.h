/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_EXPLICIT_RATE_RETURN_QUEUE_DISC_H
#define NETBLT_EXPLICIT_RATE_RETURN_QUEUE_DISC_H

#include "netblt-pass-through-queue-disc.h"

namespace ns3
{

class NetbltExplicitRateQueueDisc;

/**
 * @ingroup netblt
 * @brief The way back of a gateway that gives explicit rates (the X extension,
 * netblt-wire-format.rst): writes a flow's rate in the RESPONSE that goes back to its sender, so
 * that the sender's first bursts go at the rate its DATA would be given.
 *
 * Installed with TrafficControlHelper as the root queue disc of the gateway's interface back
 * towards the senders, beside the NetbltExplicitRateQueueDisc of the interface whose capacity
 * is shared (SetForwardDisc()), which counts the flow from its OPEN and knows its rate. A
 * NETBLT RESPONSE with X going to the end that sends the data (M = WRITE) leaves with its
 * explicit-rate field lowered to the forward disc's rate for the flow (GetRateField()); the
 * header checksum, which covers the field, is written again. Everything else, and a flow the
 * forward disc does not know yet, passes as it came (a NetbltPassThroughQueueDisc). It also tells
 * the forward disc of each CONTROL packet going back to a sender
 * (NetbltExplicitRateQueueDisc::NoteControlReturned()): the receivers' OKs cross the shared channel
 * too. It queues nothing of its own.
 *
 * Without it a newcomer starts at its own burst values and hears its rate a round trip after
 * its first DATA; on the Wideband (1.8 s round trips, room for about a tenth of a second of
 * the channel in the ESI) flows that start together overrun the earth station before any OK.
 */
class NetbltExplicitRateReturnQueueDisc : public NetbltPassThroughQueueDisc
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    NetbltExplicitRateReturnQueueDisc();
    ~NetbltExplicitRateReturnQueueDisc() override;

    /**
     * @param forward the disc that computes the rates, on the gateway's interface to the
     *        shared capacity
     */
    void SetForwardDisc(Ptr<NetbltExplicitRateQueueDisc> forward);

    /** @return RESPONSE packets whose field this disc lowered */
    uint64_t GetPacketsStamped() const;

  protected:
    void DoDispose() override;

    /**
     * Lowers the explicit-rate field of a RESPONSE with X going to the data sender; tells the
     * forward disc of a CONTROL packet going back.
     * @param item the datagram
     */
    void Inspect(Ptr<QueueDiscItem> item) override;

  private:
    Ptr<NetbltExplicitRateQueueDisc> m_forward; //!< the disc that computes the rates
    uint64_t m_stamped{0};                      //!< see GetPacketsStamped()
};

} // namespace ns3

#endif /* NETBLT_EXPLICIT_RATE_RETURN_QUEUE_DISC_H */
