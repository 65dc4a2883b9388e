/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "host-cpu.h"

#include "packet-buffer-pool.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

#include <utility>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HostCpu");

NS_OBJECT_ENSURE_REGISTERED(HostCpu);

TypeId
HostCpu::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::HostCpu")
            .SetParent<HostModel>()
            .SetGroupName("HostProcessing")
            .AddConstructor<HostCpu>()
            .AddAttribute("TimerGranularity",
                          "The host's clock tick: a timer expires on the first tick at or after "
                          "its nominal expiry. Zero means timers are exact.",
                          TimeValue(MilliSeconds(1)),
                          MakeTimeAccessor(&HostCpu::m_timerGranularity),
                          MakeTimeChecker(Time(0)))
            .AddTraceSource("JobStarted",
                            "A job began to run: activity, CPU cost, time spent queued.",
                            MakeTraceSourceAccessor(&HostCpu::m_jobStartedTrace),
                            "ns3::HostCpu::JobTracedCallback")
            .AddTraceSource("JobCompleted",
                            "A job completed: activity, CPU cost, time spent queued.",
                            MakeTraceSourceAccessor(&HostCpu::m_jobCompletedTrace),
                            "ns3::HostCpu::JobTracedCallback");
    return tid;
}

HostCpu::HostCpu()
{
    NS_LOG_FUNCTION(this);
}

HostCpu::~HostCpu()
{
    NS_LOG_FUNCTION(this);
}

void
HostCpu::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_completion.Cancel();
    m_interruptCompletion.Cancel();
    m_queue.clear();
    m_interrupts.clear();
    m_pool = nullptr;
    Object::DoDispose();
}

void
HostCpu::Execute(Time cost, const std::string& activity, Callback<void> work)
{
    NS_LOG_FUNCTION(this << cost << activity);
    NS_ABORT_MSG_IF(cost.IsStrictlyNegative(),
                    "HostCpu job '" << activity << "' has negative cost " << cost);
    if (!m_busy && !m_completing && cost.IsZero())
    {
        // Free work on an idle CPU happens at once, as on a host without a HostCpu.
        m_jobStartedTrace(activity, cost, Time(0));
        ++m_jobsCompleted;
        m_jobCompletedTrace(activity, cost, Time(0));
        if (!work.IsNull())
        {
            work();
        }
        return;
    }
    Enqueue(Job{cost, Intern(activity), std::move(work), Simulator::Now()}, false);
}

void
HostCpu::Continue(Time cost, const std::string& activity, Callback<void> work)
{
    NS_LOG_FUNCTION(this << cost << activity);
    NS_ABORT_MSG_IF(cost.IsStrictlyNegative(),
                    "HostCpu job '" << activity << "' has negative cost " << cost);
    if (!m_completing)
    {
        Execute(cost, activity, work);
        return;
    }
    Enqueue(Job{cost, Intern(activity), std::move(work), Simulator::Now()}, true);
}

void
HostCpu::Hold(const std::string& activity, Callback<void> started)
{
    NS_LOG_FUNCTION(this << activity);
    Job job{Time(0), Intern(activity), std::move(started), Simulator::Now()};
    job.held = true;
    Enqueue(std::move(job), false);
}

void
HostCpu::ContinueHeld(const std::string& activity, Callback<void> started)
{
    NS_LOG_FUNCTION(this << activity);
    Job job{Time(0), Intern(activity), std::move(started), Simulator::Now()};
    job.held = true;
    Enqueue(std::move(job), m_completing);
}

HostCpu::Activity
HostCpu::Intern(const std::string& activity)
{
    // Components name their activities with strings that outlive the jobs (constants): found
    // by the string's address, checked against the name, a job costs no hashing of its name.
    for (const auto& [name, entry] : m_recentActivities)
    {
        if (name == &activity && entry->first == activity)
        {
            return entry;
        }
    }
    Activity entry = &*m_busyTimeByActivity.try_emplace(activity, Time(0)).first;
    m_recentActivities[m_nextRecentActivity] = {&activity, entry};
    m_nextRecentActivity = (m_nextRecentActivity + 1) % m_recentActivities.size();
    return entry;
}

void
HostCpu::Enqueue(Job job, bool continuation)
{
    const Time cost = job.cost;
    if (continuation)
    {
        NS_ASSERT(m_continueAt <= m_queue.size());
        m_queue.insert(m_queue.begin() + static_cast<std::ptrdiff_t>(m_continueAt), std::move(job));
        ++m_continueAt;
    }
    else
    {
        m_queue.push_back(std::move(job));
    }
    if (m_busy || m_completing)
    {
        m_queuedCost += cost;
    }
    else
    {
        StartNext();
    }
}

void
HostCpu::Release()
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_UNLESS(m_busy && m_held, "HostCpu::Release: no job holds the CPU");
    Job job = std::move(m_queue.front());
    m_queue.pop_front();
    const Time held = Simulator::Now() - m_heldSince;
    m_busy = false;
    m_held = false;
    m_busyTime += held;
    job.activity->second += held;
    ++m_jobsCompleted;
    m_jobCompletedTrace(job.activity->first, held, m_heldSince - job.queued);
    StartWhatIsDue();
}

Ptr<HostCpu>
HostCpu::Of(Ptr<Object> node)
{
    return node ? node->GetObject<HostCpu>() : nullptr;
}

void
HostCpu::RunHeld(Ptr<Object> node, const std::string& activity, Callback<void> started)
{
    Ptr<HostCpu> cpu = Of(node);
    if (cpu)
    {
        cpu->Hold(activity, started);
    }
    else if (!started.IsNull())
    {
        started();
    }
}

void
HostCpu::ReleaseHeld(Ptr<Object> node)
{
    Ptr<HostCpu> cpu = Of(node);
    if (cpu)
    {
        cpu->Release();
    }
}

bool
HostCpu::IsHeld() const
{
    return m_held;
}

void
HostCpu::StartNext()
{
    NS_ASSERT(!m_queue.empty());
    const Job& job = m_queue.front();
    m_busy = true;
    if (job.held)
    {
        // No completion event: the job ends when its owner calls Release(). Its work is the
        // start notification, run last since it may queue jobs or even release at once.
        m_held = true;
        m_heldSince = Simulator::Now();
        m_jobStartedTrace(job.activity->first, Time(0), Simulator::Now() - job.queued);
        NS_LOG_LOGIC("start held " << job.activity->first);
        Callback<void> started = job.work;
        if (!started.IsNull())
        {
            started();
        }
        return;
    }
    m_runningEnd = Simulator::Now() + job.cost;
    m_jobStartedTrace(job.activity->first, job.cost, Simulator::Now() - job.queued);
    NS_LOG_LOGIC("start " << job.activity->first << " for " << job.cost);
    m_completion = Simulator::Schedule(job.cost, [this]() { Complete(); });
}

void
HostCpu::Complete()
{
    NS_ASSERT(m_busy && !m_queue.empty());
    Job job = std::move(m_queue.front());
    m_queue.pop_front();
    m_busy = false;
    m_busyTime += job.cost;
    job.activity->second += job.cost;
    ++m_jobsCompleted;
    m_jobCompletedTrace(job.activity->first, job.cost, Simulator::Now() - job.queued - job.cost);
    if (job.work.IsNull() || (m_queue.empty() && m_interrupts.empty()))
    {
        // Nothing waits: what the work asks for starts at once, continuation or not.
        StartWhatIsDue();
        if (!job.work.IsNull())
        {
            job.work();
        }
        return;
    }
    // The next job starts once this one's work has run: work queued by it goes behind the
    // jobs already waiting, except continuations, which go before them (Continue()).
    m_completing = true;
    m_continueAt = 0;
    job.work();
    m_completing = false;
    if (!m_busy)
    {
        StartWhatIsDue();
    }
}

void
HostCpu::StartWhatIsDue()
{
    NS_ASSERT(!m_busy);
    if (!m_interrupts.empty())
    {
        StartInterrupt();
    }
    else if (!m_queue.empty())
    {
        m_queuedCost -= m_queue.front().cost;
        StartNext();
    }
}

void
HostCpu::Interrupt(Time cost, const std::string& activity, Callback<void> work)
{
    NS_LOG_FUNCTION(this << cost << activity);
    NS_ABORT_MSG_IF(cost.IsStrictlyNegative(),
                    "HostCpu interrupt '" << activity << "' has negative cost " << cost);
    m_interrupts.push_back(Job{cost, Intern(activity), std::move(work), Simulator::Now()});
    if (!m_busy)
    {
        StartInterrupt();
    }
    else if (!m_inInterrupt && !m_held)
    {
        // Pre-empt the task-level job: it resumes with what it still needs. Its completion is
        // taken out of the event queue, not cancelled: a cancelled event stays there until its
        // time (a receiver busy with one packet when the next arrives pre-empts every packet).
        Simulator::Remove(m_completion);
        m_preempted = true;
        m_preemptedRemaining = m_runningEnd - Simulator::Now();
        StartInterrupt();
    }
}

void
HostCpu::StartInterrupt()
{
    NS_ASSERT(!m_interrupts.empty());
    const Job& handler = m_interrupts.front();
    m_busy = true;
    m_inInterrupt = true;
    m_jobStartedTrace(handler.activity->first, handler.cost, Simulator::Now() - handler.queued);
    NS_LOG_LOGIC("interrupt " << handler.activity->first << " for " << handler.cost);
    m_interruptEnd = Simulator::Now() + handler.cost;
    m_interruptCompletion = Simulator::Schedule(handler.cost, [this]() { CompleteInterrupt(); });
}

void
HostCpu::CompleteInterrupt()
{
    NS_ASSERT(m_inInterrupt && !m_interrupts.empty());
    Job handler = std::move(m_interrupts.front());
    m_interrupts.pop_front();
    m_inInterrupt = false;
    m_busy = false;
    m_busyTime += handler.cost;
    handler.activity->second += handler.cost;
    ++m_jobsCompleted;
    m_jobCompletedTrace(handler.activity->first,
                        handler.cost,
                        Simulator::Now() - handler.queued - handler.cost);
    if (!m_interrupts.empty())
    {
        StartInterrupt();
    }
    else if (m_preempted)
    {
        m_preempted = false;
        m_busy = true;
        m_runningEnd = Simulator::Now() + m_preemptedRemaining;
        m_completion = Simulator::Schedule(m_preemptedRemaining, [this]() { Complete(); });
    }
    else
    {
        StartWhatIsDue();
    }
    if (!handler.work.IsNull())
    {
        handler.work();
    }
}

void
HostCpu::RunContinuation(Ptr<Object> node,
                         Time cost,
                         const std::string& activity,
                         Callback<void> work)
{
    Ptr<HostCpu> cpu = Of(node);
    if (cpu)
    {
        cpu->Continue(cost, activity, work);
    }
    else if (!work.IsNull())
    {
        work();
    }
}

void
HostCpu::RunHeldContinuation(Ptr<Object> node, const std::string& activity, Callback<void> started)
{
    Ptr<HostCpu> cpu = Of(node);
    if (cpu)
    {
        cpu->ContinueHeld(activity, started);
    }
    else if (!started.IsNull())
    {
        started();
    }
}

void
HostCpu::RunInterrupt(Ptr<Object> node, Time cost, const std::string& activity, Callback<void> work)
{
    Ptr<HostCpu> cpu = Of(node);
    if (cpu)
    {
        cpu->Interrupt(cost, activity, work);
    }
    else if (!work.IsNull())
    {
        work();
    }
}

void
HostCpu::Run(Ptr<Object> node, Time cost, const std::string& activity, Callback<void> work)
{
    Ptr<HostCpu> cpu = Of(node);
    if (cpu)
    {
        cpu->Execute(cost, activity, work);
    }
    else if (!work.IsNull())
    {
        work();
    }
}

Time
HostCpu::RoundToTick(Time delay) const
{
    if (!m_timerGranularity.IsStrictlyPositive())
    {
        return delay;
    }
    const int64_t tick = m_timerGranularity.GetTimeStep();
    const int64_t expiry = (Simulator::Now() + delay).GetTimeStep();
    const int64_t rounded = ((expiry + tick - 1) / tick) * tick;
    return TimeStep(rounded) - Simulator::Now();
}

Ptr<PacketBufferPool>
HostCpu::Pool()
{
    if (!m_poolLookedUp)
    {
        m_poolLookedUp = true;
        m_pool = GetObject<PacketBufferPool>();
    }
    return m_pool;
}

bool
HostCpu::KeepReceivedBuffer()
{
    Ptr<PacketBufferPool> pool = Pool();
    return pool && pool->KeepHandedUp();
}

void
HostCpu::ReleaseReceivedBuffer()
{
    Pool()->Free();
}

Time
HostCpu::RoundToTick(Ptr<Object> node, Time delay)
{
    Ptr<HostCpu> cpu = Of(node);
    return cpu ? cpu->RoundToTick(delay) : delay;
}

Time
HostCpu::GetTimerGranularity() const
{
    return m_timerGranularity;
}

bool
HostCpu::IsBusy() const
{
    return m_busy;
}

Time
HostCpu::GetBacklog() const
{
    if (!m_busy)
    {
        return Time(0);
    }
    if (m_inInterrupt)
    {
        Time handlers = m_interruptEnd - Simulator::Now();
        for (size_t i = 1; i < m_interrupts.size(); ++i)
        {
            handlers += m_interrupts[i].cost;
        }
        return handlers + (m_preempted ? m_preemptedRemaining : Time(0)) + m_queuedCost;
    }
    return (m_held ? Time(0) : m_runningEnd - Simulator::Now()) + m_queuedCost;
}

Time
HostCpu::GetBusyTime() const
{
    return m_busyTime;
}

Time
HostCpu::GetBusyTime(const std::string& activity) const
{
    auto found = m_busyTimeByActivity.find(activity);
    return found == m_busyTimeByActivity.end() ? Time(0) : found->second;
}

uint64_t
HostCpu::GetJobsCompleted() const
{
    return m_jobsCompleted;
}

} // namespace ns3
