/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-pass-through-queue-disc.h"

#include "netblt-header.h"
#include "netblt-l4-protocol.h"

#include "ns3/drop-tail-queue.h"
#include "ns3/log.h"
#include "ns3/object-factory.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NetbltPassThroughQueueDisc");

NS_OBJECT_ENSURE_REGISTERED(NetbltPassThroughQueueDisc);

TypeId
NetbltPassThroughQueueDisc::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::NetbltPassThroughQueueDisc")
            .SetParent<QueueDisc>()
            .SetGroupName("Netblt")
            .AddAttribute("MaxSize",
                          "Datagrams the disc may hold; it passes each on at once unless the "
                          "device stops its queue, which the devices of this project never do.",
                          QueueSizeValue(QueueSize("1000p")),
                          MakeQueueSizeAccessor(&QueueDisc::SetMaxSize, &QueueDisc::GetMaxSize),
                          MakeQueueSizeChecker());
    return tid;
}

NetbltPassThroughQueueDisc::NetbltPassThroughQueueDisc()
    : QueueDisc(QueueDiscSizePolicy::SINGLE_INTERNAL_QUEUE)
{
    NS_LOG_FUNCTION(this);
}

NetbltPassThroughQueueDisc::~NetbltPassThroughQueueDisc()
{
    NS_LOG_FUNCTION(this);
}

bool
NetbltPassThroughQueueDisc::DoEnqueue(Ptr<QueueDiscItem> item)
{
    NS_LOG_FUNCTION(this << item);
    if (GetCurrentSize() + item > GetMaxSize())
    {
        DropBeforeEnqueue(item, LIMIT_EXCEEDED_DROP);
        return false;
    }
    Inspect(item);
    return GetInternalQueue(0)->Enqueue(item);
}

Ptr<Ipv4QueueDiscItem>
NetbltPassThroughQueueDisc::PeekNetblt(Ptr<QueueDiscItem> item, NetbltHeader& common)
{
    auto ipItem = DynamicCast<Ipv4QueueDiscItem>(item);
    if (!ipItem || ipItem->GetHeader().GetProtocol() != NetbltL4Protocol::PROT_NUMBER ||
        ipItem->GetHeader().GetFragmentOffset() != 0 ||
        !NetbltHeader::PeekCommonFields(item->GetPacket(), common))
    {
        return nullptr;
    }
    return ipItem;
}

Ptr<QueueDiscItem>
NetbltPassThroughQueueDisc::DoDequeue()
{
    return GetInternalQueue(0)->Dequeue();
}

bool
NetbltPassThroughQueueDisc::CheckConfig()
{
    if (GetNQueueDiscClasses() > 0 || GetNPacketFilters() > 0)
    {
        NS_LOG_ERROR(GetInstanceTypeId().GetName() << " takes no classes and no packet filters");
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
NetbltPassThroughQueueDisc::InitializeParams()
{
}

} // namespace ns3
