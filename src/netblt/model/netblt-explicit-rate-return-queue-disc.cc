/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-explicit-rate-return-queue-disc.h"

#include "netblt-explicit-rate-queue-disc.h"
#include "netblt-open-header.h"

#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NetbltExplicitRateReturnQueueDisc");

NS_OBJECT_ENSURE_REGISTERED(NetbltExplicitRateReturnQueueDisc);

TypeId
NetbltExplicitRateReturnQueueDisc::GetTypeId()
{
    static TypeId tid = TypeId("ns3::NetbltExplicitRateReturnQueueDisc")
                            .SetParent<NetbltPassThroughQueueDisc>()
                            .SetGroupName("Netblt")
                            .AddConstructor<NetbltExplicitRateReturnQueueDisc>();
    return tid;
}

NetbltExplicitRateReturnQueueDisc::NetbltExplicitRateReturnQueueDisc()
{
    NS_LOG_FUNCTION(this);
}

NetbltExplicitRateReturnQueueDisc::~NetbltExplicitRateReturnQueueDisc()
{
    NS_LOG_FUNCTION(this);
}

void
NetbltExplicitRateReturnQueueDisc::SetForwardDisc(Ptr<NetbltExplicitRateQueueDisc> forward)
{
    m_forward = forward;
}

uint64_t
NetbltExplicitRateReturnQueueDisc::GetPacketsStamped() const
{
    return m_stamped;
}

void
NetbltExplicitRateReturnQueueDisc::DoDispose()
{
    m_forward = nullptr;
    NetbltPassThroughQueueDisc::DoDispose();
}

void
NetbltExplicitRateReturnQueueDisc::Inspect(Ptr<QueueDiscItem> item)
{
    NetbltHeader common;
    Ptr<Ipv4QueueDiscItem> ipItem = PeekNetblt(item, common);
    if (!m_forward || !ipItem)
    {
        return;
    }
    // Everything here goes to a sender: it is the destination, its port the Foreign Port.
    const Ipv4Header& ip = ipItem->GetHeader();
    if (common.GetType() == NetbltPacketType::CONTROL)
    {
        m_forward->NoteControlReturned(ip.GetDestination(),
                                       ip.GetSource(),
                                       common.GetForeignPort(),
                                       common.GetLocalPort());
        return;
    }
    if (common.GetType() != NetbltPacketType::RESPONSE)
    {
        return;
    }
    Ptr<Packet> packet = item->GetPacket();
    NetbltOpenHeader response(NetbltPacketType::RESPONSE);
    packet->PeekHeader(response);
    // M = WRITE: the OPEN came from the end that sends the data (a passive sender's RESPONSE
    // goes to the receiver, and the flow is not known yet when a receiver's OPEN passes).
    if (response.IsMalformed() || !response.GetExplicitRate() || !response.GetWriteMode())
    {
        return;
    }
    const uint16_t kbps = m_forward->GetRateField(ip.GetDestination(),
                                                  ip.GetSource(),
                                                  response.GetForeignPort(),
                                                  response.GetLocalPort());
    if (kbps != 0 && kbps < response.GetExplicitRateField())
    {
        packet->RemoveHeader(response);
        response.SetExplicitRateField(kbps);
        packet->AddHeader(response);
        ++m_stamped;
        NS_LOG_LOGIC("RESPONSE to " << ip.GetDestination() << " at " << kbps << " kbit/s");
    }
}

} // namespace ns3
