/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_TIMER_LOG_H
#define NETBLT_TIMER_LOG_H

#include "ns3/netblt-connection.h"
#include "ns3/netblt-header.h"
#include "ns3/nstime.h"
#include "ns3/packet.h"

#include <cstdint>
#include <utility>
#include <vector>

/**
 * @file
 * @ingroup netblt-tests
 * TimerLog: a NETBLT connection's timer and reception traces, recorded.
 */

namespace ns3
{
namespace netblt_test
{

/**
 * @ingroup netblt-tests
 * @brief A record of a connection's timer and reception traces.
 */
class TimerLog
{
  public:
    /** @param connection a connection whose traces to record */
    void Attach(Ptr<NetbltConnection> connection);

    std::vector<std::pair<Time, uint32_t>> dataTimeouts;    //!< (when, buffer)
    std::vector<std::pair<Time, Time>> controlTimeouts;     //!< (when, timer value reported)
    std::vector<std::pair<uint32_t, uint16_t>> retransmits; //!< (buffer, packet)
    std::vector<Time> retransmitTimes;                      //!< when each retransmission went
    uint32_t received{0};                                   //!< packets the connection took in
    Time lastReceived;                                      //!< when the last one came

  private:
    void DataTimeout(uint32_t buffer);
    void ControlTimeout(Time value);
    void Retransmit(uint32_t buffer, uint16_t packet);
    void Rx(Ptr<const Packet> packet, NetbltPacketType type);
};

} // namespace netblt_test
} // namespace ns3

#endif /* NETBLT_TIMER_LOG_H */
