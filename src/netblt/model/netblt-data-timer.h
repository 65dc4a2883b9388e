/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_DATA_TIMER_H
#define NETBLT_DATA_TIMER_H

#include "netblt-transfer-parameters.h"

#include "ns3/nstime.h"
#include "ns3/object.h"

namespace ns3
{

/**
 * @ingroup netblt
 * @brief How a NETBLT receiver estimates when a buffer's packets should have arrived: the
 * per-packet time and the margin its data timers use (RFC 998 §5.2.2).
 *
 * The receiver keeps one data timer per buffer. A loose timer, before the buffer's first packet,
 * is (packets still due for earlier buffers + the buffer's) × GetPerPacketTime() + GetMargin(); a
 * tight timer, once packets arrive, is (packets still missing) × GetPerPacketTime() + GetMargin().
 * The receiver reports every DATA/LDATA arrival (PacketArrived()) and whether the gap before the
 * next one will be a sample of the sender's spacing (SetArrivalsContinue()). Subclasses decide
 * the estimate; NetbltL4Protocol's DataTimerType attribute chooses one.
 */
class NetbltDataTimer : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    /**
     * A DATA or LDATA packet arrived (not a duplicate).
     * @param now its arrival time
     * @param params the connection's parameters now (burst size and interval)
     */
    virtual void PacketArrived(Time now, const NetbltTransferParameters& params);

    /**
     * @param continuing whether the gap up to the next arrival says something about the
     *        sender's spacing: false while waiting for a RESEND's answer or for a buffer's GO
     */
    virtual void SetArrivalsContinue(bool continuing);

    /**
     * @param params the connection's parameters now
     * @return the time one packet is expected to take
     */
    virtual Time GetPerPacketTime(const NetbltTransferParameters& params) const = 0;

    /**
     * @param params the connection's parameters now
     * @return the allowance every data timer adds (RFC 998's "variance factor")
     */
    virtual Time GetMargin(const NetbltTransferParameters& params) const = 0;

    /**
     * @param packets packets still expected
     * @param params the connection's parameters now
     * @return the data-timer value for them: packets × GetPerPacketTime() + GetMargin()
     */
    Time GetTimeout(uint32_t packets, const NetbltTransferParameters& params) const;

    /**
     * @return true if a buffer's tight timer is recomputed at every arrival of its packets,
     *         false if it is set once, at its first packet
     */
    virtual bool RecomputesAtEveryArrival() const = 0;

  protected:
    /** @return the MinimumMargin attribute */
    Time GetMinimumMargin() const;

  private:
    Time m_minimumMargin; //!< MinimumMargin
};

} // namespace ns3

#endif /* NETBLT_DATA_TIMER_H */
