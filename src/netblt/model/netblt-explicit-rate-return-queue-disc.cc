/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-explicit-rate-return-queue-disc.h"

#include "netblt-explicit-rate-queue-disc.h"
#include "netblt-l4-protocol.h"
#include "netblt-open-header.h"

#include "ns3/drop-tail-queue.h"
#include "ns3/ipv4-queue-disc-item.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NetbltExplicitRateReturnQueueDisc");

NS_OBJECT_ENSURE_REGISTERED(NetbltExplicitRateReturnQueueDisc);

TypeId
NetbltExplicitRateReturnQueueDisc::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::NetbltExplicitRateReturnQueueDisc")
            .SetParent<QueueDisc>()
            .SetGroupName("Netblt")
            .AddConstructor<NetbltExplicitRateReturnQueueDisc>()
            .AddAttribute("MaxSize",
                          "Datagrams the disc may hold; it passes each on at once unless the "
                          "device stops its queue.",
                          QueueSizeValue(QueueSize("1000p")),
                          MakeQueueSizeAccessor(&QueueDisc::SetMaxSize, &QueueDisc::GetMaxSize),
                          MakeQueueSizeChecker());
    return tid;
}

NetbltExplicitRateReturnQueueDisc::NetbltExplicitRateReturnQueueDisc()
    : QueueDisc(QueueDiscSizePolicy::SINGLE_INTERNAL_QUEUE)
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

bool
NetbltExplicitRateReturnQueueDisc::DoEnqueue(Ptr<QueueDiscItem> item)
{
    NS_LOG_FUNCTION(this << item);
    if (GetCurrentSize() + item > GetMaxSize())
    {
        DropBeforeEnqueue(item, "Queue disc limit exceeded");
        return false;
    }
    Stamp(item);
    return GetInternalQueue(0)->Enqueue(item);
}

void
NetbltExplicitRateReturnQueueDisc::Stamp(Ptr<QueueDiscItem> item)
{
    auto ipItem = DynamicCast<Ipv4QueueDiscItem>(item);
    NetbltHeader common;
    if (!m_forward || !ipItem ||
        ipItem->GetHeader().GetProtocol() != NetbltL4Protocol::PROT_NUMBER ||
        ipItem->GetHeader().GetFragmentOffset() != 0 ||
        !NetbltHeader::PeekCommonFields(item->GetPacket(), common) ||
        (common.GetType() != NetbltPacketType::OPEN &&
         common.GetType() != NetbltPacketType::RESPONSE))
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
    const Ipv4Header& ip = ipItem->GetHeader();
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

Ptr<QueueDiscItem>
NetbltExplicitRateReturnQueueDisc::DoDequeue()
{
    return GetInternalQueue(0)->Dequeue();
}

bool
NetbltExplicitRateReturnQueueDisc::CheckConfig()
{
    if (GetNQueueDiscClasses() > 0 || GetNPacketFilters() > 0)
    {
        NS_LOG_ERROR("NetbltExplicitRateReturnQueueDisc takes no classes and no packet filters");
        return false;
    }
    if (GetNInternalQueues() == 0)
    {
        AddInternalQueue(
            CreateObjectWithAttributes<DropTailQueue<QueueDiscItem>>("MaxSize",
                                                                     QueueSizeValue(GetMaxSize())));
    }
    return GetNInternalQueues() == 1;
}

void
NetbltExplicitRateReturnQueueDisc::InitializeParams()
{
}

} // namespace ns3
