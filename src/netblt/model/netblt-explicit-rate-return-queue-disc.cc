/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-explicit-rate-return-queue-disc.h"

#include "netblt-explicit-rate-queue-disc.h"
#include "netblt-l4-protocol.h"
#include "netblt-open-header.h"

#include "ns3/ipv4-queue-disc-item.h"
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
    QueueDisc::DoDispose();
}

void
NetbltExplicitRateReturnQueueDisc::Inspect(Ptr<QueueDiscItem> item)
{
    auto ipItem = DynamicCast<Ipv4QueueDiscItem>(item);
    NetbltHeader common;
    if (!m_forward || !ipItem ||
        ipItem->GetHeader().GetProtocol() != NetbltL4Protocol::PROT_NUMBER ||
        ipItem->GetHeader().GetFragmentOffset() != 0 ||
        !NetbltHeader::PeekCommonFields(item->GetPacket(), common))
    {
        return;
    }
    const Ipv4Header& ip = ipItem->GetHeader();
    if (common.GetType() == NetbltPacketType::CONTROL)
    {
        // A receiver's OKs, GOs and RESENDs go to the data sender: Foreign Port is its.
        m_forward->NoteControlReturned(ip.GetDestination(),
                                       ip.GetSource(),
                                       common.GetForeignPort(),
                                       common.GetLocalPort());
        return;
    }
    if (common.GetType() != NetbltPacketType::OPEN &&
        common.GetType() != NetbltPacketType::RESPONSE)
    {
        return;
    }
    Ptr<Packet> packet = item->GetPacket();
    NetbltOpenHeader open(common.GetType());
    packet->PeekHeader(open);
    if (open.IsMalformed() || !open.GetExplicitRate() ||
        NetbltExplicitRateQueueDisc::IsFromDataSender(open))
    {
        return;
    }
    // Going to the data sender: it is the destination, and its port the packet's Foreign Port.
    const uint16_t kbps = m_forward->GetRateField(ip.GetDestination(),
                                                  ip.GetSource(),
                                                  open.GetForeignPort(),
                                                  open.GetLocalPort());
    if (kbps != 0 && kbps < open.GetExplicitRateField())
    {
        packet->RemoveHeader(open);
        open.SetExplicitRateField(kbps);
        packet->AddHeader(open);
        ++m_stamped;
        NS_LOG_LOGIC("RESPONSE to " << ip.GetDestination() << " at " << kbps << " kbit/s");
    }
}

} // namespace ns3
