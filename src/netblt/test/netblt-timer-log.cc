/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-timer-log.h"

#include "ns3/callback.h"
#include "ns3/simulator.h"

namespace ns3
{
namespace netblt_test
{

void
TimerLog::Attach(Ptr<NetbltConnection> connection)
{
    connection->TraceConnectWithoutContext("DataTimeout",
                                           MakeCallback(&TimerLog::DataTimeout, this));
    connection->TraceConnectWithoutContext("ControlTimeout",
                                           MakeCallback(&TimerLog::ControlTimeout, this));
    connection->TraceConnectWithoutContext("Retransmit", MakeCallback(&TimerLog::Retransmit, this));
    connection->TraceConnectWithoutContext("Rx", MakeCallback(&TimerLog::Rx, this));
}

void
TimerLog::DataTimeout(uint32_t buffer)
{
    dataTimeouts.emplace_back(Simulator::Now(), buffer);
}

void
TimerLog::ControlTimeout(Time value)
{
    controlTimeouts.emplace_back(Simulator::Now(), value);
}

void
TimerLog::Retransmit(uint32_t buffer, uint16_t packet)
{
    retransmits.emplace_back(buffer, packet);
    retransmitTimes.push_back(Simulator::Now());
}

void
TimerLog::Rx(Ptr<const Packet> packet, NetbltPacketType type)
{
    ++received;
    lastReceived = Simulator::Now();
}

} // namespace netblt_test
} // namespace ns3
