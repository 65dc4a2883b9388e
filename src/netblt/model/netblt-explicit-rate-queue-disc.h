/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_EXPLICIT_RATE_QUEUE_DISC_H
#define NETBLT_EXPLICIT_RATE_QUEUE_DISC_H

#include "netblt-pass-through-queue-disc.h"

#include "ns3/callback.h"
#include "ns3/data-rate.h"
#include "ns3/ipv4-address.h"
#include "ns3/nstime.h"
#include "ns3/traced-callback.h"

#include <map>
#include <tuple>

namespace ns3
{

/**
 * @ingroup netblt
 * @brief A gateway's explicit rate for every NETBLT flow that asks for one (the X extension,
 * netblt-wire-format.rst), computed ERICA's way (Jain et al., "ERICA switch algorithm: a complete
 * description", ATM Forum/96-1172, 1996) and written into the flow's DATA packets on their way
 * to the interface.
 *
 * Installed with TrafficControlHelper as the root queue disc of the interface whose capacity is
 * shared (on the Wideband path, BBN's gateway's interface to its earth station). It queues
 * nothing of its own (a NetbltPassThroughQueueDisc: the device's own queue is the one that
 * fills). Over each AveragingInterval it counts the bytes of the datagrams that enter,
 * per NETBLT flow that carries the explicit-rate field and in total, and the capacity left to
 * the interface: from the capacity probe (SetCapacityProbe(): on the Wideband the channel's
 * frames less the other stations' reservations, which every station hears), averaged over
 * intervals (CapacityWeight), or else Capacity. A probe's room is lowered by what the flows'
 * own OKs will take of it and did not yet: each buffer a flow sends brings a CONTROL packet
 * back through the same channel, which shares a frame with the flow's datagrams and leaves
 * room for one fewer of them, so that with P packets per buffer (from the flow's OPEN) the
 * flows can use P ÷ (P + 1) of the room, until a flow's receiver answers its DATA
 * (NoteControlReturned(), from NetbltExplicitRateReturnQueueDisc): from then on the room
 * measured holds its OKs. Without this the first rates, measured before any OK, overrun the
 * station.
 * At the end of the interval:
 *
 * - the capacity for the flows = TargetUtilization × the capacity − the input of everything
 *   else (TCP, plain NETBLT: traffic that takes no rate, as ERICA treats VBR);
 * - the load factor z = the flows' input ÷ that capacity; the fair share = that capacity ÷ the
 *   flows active (a datagram within ActiveTimeout: a NETBLT sender waiting for its OKs is
 *   silent for up to a round trip, and keeps its share);
 * - each flow's rate = min(that capacity, max(fair share, min(its input rate ÷ z, its input
 *   rate + the capacity left over ÷ the flows))) while z is below 1 − LoadBand, and the fair
 *   share above: ERICA's, except that in an underload a flow grows by no more than an equal
 *   part of what is left over, so that flows that all find the path idle (after a start or an
 *   earth-station reset) do not all take the whole of it, and that near full load no flow's
 *   rate follows the noise of its input over one interval.
 *
 * A DATA packet of a flow then leaves with its field lowered to the flow's rate (kbit/s of IP
 * datagrams), or to the fair share for a flow not yet measured; nothing is written before the
 * first interval has ended. A newcomer counts from its first packet, its OPEN with X (or a
 * passive sender's RESPONSE): while more flows are known than the last interval's end counted,
 * no flow's rate exceeds the capacity for the flows divided among all of them, so that the
 * rates given while a crowd arrives add up to no more than the capacity; and until every flow
 * has sent DATA for a whole interval no flow grows past the fair share, since the share a
 * newcomer does not use yet is on its way to it. NetbltExplicitRateReturnQueueDisc writes a
 * newcomer's rate (GetRateField()) in the RESPONSE that goes back to it, so that it starts at
 * its share; the headroom 1 − TargetUtilization drains what the path's capacity, measured
 * before the flows' OKs share its frames, overstates.
 */
class NetbltExplicitRateQueueDisc : public NetbltPassThroughQueueDisc
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    NetbltExplicitRateQueueDisc();
    ~NetbltExplicitRateQueueDisc() override;

    /**
     * @param bytesOffered returns, each time it is called, the bytes the interface could have
     *        sent so far (a running total): the capacity over an interval is the difference
     */
    void SetCapacityProbe(Callback<uint64_t> bytesOffered);

    /**
     * TracedCallback signature of the Interval trace source.
     * @param flows the flows active in the interval
     * @param capacity the capacity for them, bit/s
     * @param input their input, bit/s
     * @param fairShare the fair share, bit/s
     */
    typedef void (*IntervalTracedCallback)(uint32_t flows,
                                           double capacity,
                                           double input,
                                           double fairShare);

    /** @return the flows that carried the field in the last interval */
    uint32_t GetActiveFlows() const;
    /** @return the fair share computed at the end of the last interval, bit/s (0: none yet) */
    double GetFairShare() const;
    /** @return DATA packets whose field this disc lowered */
    uint64_t GetPacketsStamped() const;

    /**
     * The rate a flow's next DATA packet would leave with (NetbltExplicitRateReturnQueueDisc
     * writes it in the flow's RESPONSE on its way back). Ends the interval first if it is due.
     * @param sender the data sender's address
     * @param receiver the receiver's address
     * @param senderPort the data sender's port
     * @param receiverPort the receiver's port
     * @return the explicit-rate field, kbit/s; NetbltDataHeader::EXPLICIT_RATE_NONE if the
     *         flow is unknown or no interval has ended yet
     */
    uint16_t GetRateField(Ipv4Address sender,
                          Ipv4Address receiver,
                          uint16_t senderPort,
                          uint16_t receiverPort);

    /**
     * Notes a CONTROL packet of a flow on its way back to the data sender
     * (NetbltExplicitRateReturnQueueDisc calls it): once a flow's receiver answers its DATA,
     * the capacity measured has already lost the room its OKs take.
     * @param sender the data sender's address
     * @param receiver the receiver's address
     * @param senderPort the data sender's port
     * @param receiverPort the receiver's port
     */
    void NoteControlReturned(Ipv4Address sender,
                             Ipv4Address receiver,
                             uint16_t senderPort,
                             uint16_t receiverPort);

  protected:
    /**
     * Ends the interval if it is due, then counts the datagram (Account()).
     * @param item the datagram
     */
    void Inspect(Ptr<QueueDiscItem> item) override;

  private:
    void InitializeParams() override;

    /** A NETBLT flow: source and destination addresses and ports. */
    using FlowKey = std::tuple<uint32_t, uint32_t, uint16_t, uint16_t>;

    /** What the disc knows of a flow. */
    struct Flow
    {
        uint64_t bytes{0}; //!< bytes of the interval so far
        double rate{0};    //!< its rate from the last interval's end, bit/s (0: not measured)
        Time lastSeen;     //!< its last datagram
        Time firstData{Time(-1)};     //!< its first DATA packet (negative: none yet)
        uint32_t packetsPerBuffer{0}; //!< from its OPEN (0: not seen)
        bool answered{false};         //!< a CONTROL packet came back after its first DATA
    };

    /**
     * @param measured the capacity the probe measured over the interval, bit/s
     * @return it less the room the flows' OKs will take: each buffer a flow sends brings back
     *         at least one CONTROL packet, which shares a frame with the flows' datagrams and
     *         leaves room for one fewer of them; nothing for a flow whose receiver has answered
     *         its DATA already (its OKs are in the room measured)
     */
    double LessReturnTraffic(double measured) const;

    /**
     * Ends the interval: computes every flow's rate.
     * @param now the current time
     */
    void EndInterval(Time now);

    /**
     * Counts a datagram: a flow's from its OPEN (or a passive sender's RESPONSE) with X on;
     * if it is a DATA packet that carries the field, lowers the field.
     * @param item the datagram
     */
    void Account(Ptr<QueueDiscItem> item);

    /**
     * @param flow a flow
     * @return its rate now, bit/s (0: no interval has ended)
     */
    double RateOf(const Flow& flow) const;

    /**
     * @param rate bit/s
     * @return the explicit-rate field for it (EXPLICIT_RATE_NONE for 0)
     */
    static uint16_t ToField(double rate);

    Time m_averagingInterval;           //!< AveragingInterval
    Time m_activeTimeout;               //!< ActiveTimeout
    double m_loadBand;                  //!< LoadBand
    double m_capacityWeight;            //!< CapacityWeight
    double m_averageCapacity{0};        //!< the probe's capacity, averaged, bit/s
    double m_targetUtilization;         //!< TargetUtilization
    DataRate m_capacity;                //!< Capacity (without a probe)
    Callback<uint64_t> m_capacityProbe; //!< running total of the bytes the interface could send
    Time m_intervalStart;               //!< start of the interval being measured
    uint64_t m_offeredAtStart{0};       //!< the probe's total at the interval's start
    uint64_t m_otherBytes{0};           //!< bytes of the interval that take no rate
    bool m_measured{false};             //!< an interval has ended
    double m_fairShare{0};              //!< bit/s
    double m_forFlows{0};               //!< the capacity for the flows, bit/s
    uint32_t m_activeFlows{0};          //!< flows of the last interval
    uint64_t m_stamped{0};              //!< see GetPacketsStamped()
    std::map<FlowKey, Flow> m_flows;    //!< the flows seen

    /// At each interval's end: flows active, capacity for them (bit/s), their input (bit/s),
    /// fair share (bit/s).
    TracedCallback<uint32_t, double, double, double> m_intervalTrace;
};

} // namespace ns3

#endif /* NETBLT_EXPLICIT_RATE_QUEUE_DISC_H */
