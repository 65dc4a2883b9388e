/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "delay-queue-disc.h"

#include "ns3/drop-tail-queue.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("DelayQueueDisc");

NS_OBJECT_ENSURE_REGISTERED(DelayQueueDisc);

TypeId
DelayQueueDisc::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::DelayQueueDisc")
            .SetParent<QueueDisc>()
            .SetGroupName("NetbltExperiment")
            .AddConstructor<DelayQueueDisc>()
            .AddAttribute("MaxSize",
                          "Datagrams the disc may hold while they wait.",
                          QueueSizeValue(QueueSize("10000p")),
                          MakeQueueSizeAccessor(&QueueDisc::SetMaxSize, &QueueDisc::GetMaxSize),
                          MakeQueueSizeChecker())
            .AddAttribute("Delay",
                          "How long each datagram waits before the interface takes it.",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&DelayQueueDisc::m_delay),
                          MakeTimeChecker(Time(0)));
    return tid;
}

DelayQueueDisc::DelayQueueDisc()
    : QueueDisc(QueueDiscSizePolicy::SINGLE_INTERNAL_QUEUE)
{
    NS_LOG_FUNCTION(this);
}

DelayQueueDisc::~DelayQueueDisc()
{
    NS_LOG_FUNCTION(this);
}

void
DelayQueueDisc::DoDispose()
{
    m_wake.Cancel();
    QueueDisc::DoDispose();
}

bool
DelayQueueDisc::DoEnqueue(Ptr<QueueDiscItem> item)
{
    NS_LOG_FUNCTION(this << item);
    if (GetCurrentSize() + item > GetMaxSize())
    {
        DropBeforeEnqueue(item, LIMIT_EXCEEDED_DROP);
        return false;
    }
    return GetInternalQueue(0)->Enqueue(item);
}

Ptr<QueueDiscItem>
DelayQueueDisc::DoDequeue()
{
    Ptr<const QueueDiscItem> head = GetInternalQueue(0)->Peek();
    if (!head)
    {
        return nullptr;
    }
    const Time due = head->GetTimeStamp() + m_delay;
    if (due > Simulator::Now())
    {
        if (!m_wake.IsPending())
        {
            m_wake = Simulator::Schedule(due - Simulator::Now(), &DelayQueueDisc::Run, this);
        }
        return nullptr;
    }
    return GetInternalQueue(0)->Dequeue();
}

bool
DelayQueueDisc::CheckConfig()
{
    if (GetNQueueDiscClasses() > 0 || GetNPacketFilters() > 0)
    {
        NS_LOG_ERROR("DelayQueueDisc takes no classes and no packet filters");
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
DelayQueueDisc::InitializeParams()
{
}

} // namespace ns3
