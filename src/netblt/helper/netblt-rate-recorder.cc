/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-rate-recorder.h"

#include "ns3/callback.h"
#include "ns3/node-list.h"
#include "ns3/simulator.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(NetbltRateRecorder);

TypeId
NetbltRateRecorder::GetTypeId()
{
    static TypeId tid = TypeId("ns3::NetbltRateRecorder")
                            .SetParent<Object>()
                            .SetGroupName("Netblt")
                            .AddConstructor<NetbltRateRecorder>();
    return tid;
}

void
NetbltRateRecorder::Watch(Ptr<NetbltBulkSendApplication> application)
{
    uint32_t flow = m_flows++;
    application->TraceConnectWithoutContext(
        "Connection",
        Callback<void, Ptr<NetbltSender>>(
            [this, flow](Ptr<NetbltSender> sender) { SenderCreated(flow, sender); }));
}

void
NetbltRateRecorder::WatchAll()
{
    for (auto node = NodeList::Begin(); node != NodeList::End(); ++node)
    {
        for (uint32_t i = 0; i < (*node)->GetNApplications(); ++i)
        {
            if (auto bulk = DynamicCast<NetbltBulkSendApplication>((*node)->GetApplication(i)))
            {
                Watch(bulk);
            }
        }
    }
}

void
NetbltRateRecorder::SenderCreated(uint32_t flow, Ptr<NetbltSender> sender)
{
    // The raw pointer: the sender owns its traces, so the callbacks die with it.
    const NetbltSender* raw = PeekPointer(sender);
    auto changed = [this, flow, raw](auto, auto) { ValuesChanged(flow, *raw); };
    sender->TraceConnectWithoutContext("BurstSize", Callback<void, uint32_t, uint32_t>(changed));
    sender->TraceConnectWithoutContext("BurstInterval", Callback<void, Time, Time>(changed));
    sender->TraceConnectWithoutContext("OutstandingBuffers",
                                       Callback<void, uint32_t, uint32_t>(changed));
    sender->TraceConnectWithoutContext(
        "DataSent",
        Callback<void, const NetbltTxBuffer::Transmission&>(
            [this, flow](const NetbltTxBuffer::Transmission& t) { DataSent(flow, t); }));
}

void
NetbltRateRecorder::ValuesChanged(uint32_t flow, const NetbltSender& sender)
{
    const NetbltTransferParameters& params = sender.GetParameters();
    Change change{Simulator::Now().GetSeconds(),
                  flow,
                  params.burstSize,
                  static_cast<double>(params.burstIntervalMs),
                  params.maxOutstandingBuffers};
    // One renegotiation fires up to three traces at the same moment: keep one row.
    if (!m_changes.empty() && m_changes.back().flow == flow &&
        m_changes.back().seconds == change.seconds)
    {
        m_changes.back() = change;
        return;
    }
    m_changes.push_back(change);
}

void
NetbltRateRecorder::DataSent(uint32_t flow, const NetbltTxBuffer::Transmission& transmission)
{
    if (transmission.packet == 0 && !transmission.retransmission)
    {
        m_bufferStarts.push_back({Simulator::Now().GetSeconds(), flow, transmission.buffer});
    }
}

const std::vector<NetbltRateRecorder::Change>&
NetbltRateRecorder::GetChanges() const
{
    return m_changes;
}

const std::vector<NetbltRateRecorder::BufferStart>&
NetbltRateRecorder::GetBufferStarts() const
{
    return m_bufferStarts;
}

} // namespace ns3
