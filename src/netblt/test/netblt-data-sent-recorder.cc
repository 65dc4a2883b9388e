/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-data-sent-recorder.h"

#include "ns3/callback.h"
#include "ns3/simulator.h"

namespace ns3
{
namespace netblt_test
{

void
DataSentRecorder::Record(const NetbltTxBuffer::Transmission& t)
{
    sent.push_back(Sent{Simulator::Now(),
                        t.buffer,
                        t.packet,
                        t.length,
                        t.retransmission,
                        t.lastBuffer,
                        t.lastPacket});
}

void
DataSentRecorder::Attach(Ptr<NetbltSender> sender)
{
    sender->TraceConnectWithoutContext("DataSent", MakeCallback(&DataSentRecorder::Record, this));
}

} // namespace netblt_test
} // namespace ns3
