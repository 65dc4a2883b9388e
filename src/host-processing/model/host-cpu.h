/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef HOST_CPU_H
#define HOST_CPU_H

#include "host-model.h"

#include "ns3/callback.h"
#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/traced-callback.h"

#include <array>
#include <cstdint>
#include <deque>
#include <string>
#include <unordered_map>
#include <utility>

/**
 * @defgroup host-processing Host processing model
 *
 * One processor per host that serialises the work of protocols and interface
 * drivers, each piece of work costing CPU time, plus the host's clock tick.
 */

namespace ns3
{

class PacketBufferPool;

/**
 * @ingroup host-processing
 * @brief The processor of a 1980s host: a single CPU that does one piece of
 * work at a time, in the order the work was asked for.
 *
 * Protocols and interface drivers do not act on a packet the moment it is
 * handed to them: they ask the host's CPU to run a job whose cost is the CPU
 * time the real code took (for example, copying a packet's bytes into an
 * interface), and act when the job completes. Jobs run first in, first out
 * and are never pre-empted, so a host busy sending a burst processes an
 * arriving control packet only after the packets it had already queued: the
 * effect RFC 1030 §5 reports as a gap between bursts.
 *
 * The CPU also owns the host's clock: timers of the software running on it
 * expire only on a tick of TimerGranularity (RFC 1030 §5: the IBM PC/AT's
 * timer code is accurate to within 1 ms).
 *
 * A node without a HostCpu aggregated to it is an infinitely fast host;
 * HostCpu::Run() is the single entry point that treats both cases.
 *
 * The costs themselves belong to the components that charge them (the
 * NETBLT agent, a net device), because a cost is a property of a piece of
 * software running on this processor, not of the processor alone.
 *
 * It is the node's HostModel, which the protocols (NETBLT, the BSD TCP)
 * charge their work to: they find it on the node, and keep each received
 * packet in the node's PacketBufferPool until their receive job has run.
 */
class HostCpu : public HostModel
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    HostCpu();
    ~HostCpu() override;

    /**
     * Queues a job. @p work runs when the CPU has spent @p cost on it, after
     * every job queued before it. A zero-cost job on an idle CPU runs at
     * once, from inside the caller, as on a host without a HostCpu.
     * @param cost CPU time the job takes (not negative)
     * @param activity short name of the work, for traces and logs
     * @param work what to do when the job completes
     */
    void Execute(Time cost, const std::string& activity, Callback<void> work) override;

    /**
     * Runs @p work on @p node's CPU at @p cost, or at once (from the caller)
     * if the node has no HostCpu: the single place where components decide
     * whether processing time applies.
     * @param node the host doing the work
     * @param cost CPU time the job takes
     * @param activity short name of the work
     * @param work what to do when the job completes
     */
    static void Run(Ptr<Object> node, Time cost, const std::string& activity, Callback<void> work);

    /**
     * Queues a job whose length is not known in advance: software that
     * busy-waits on its hardware (a driver polling until its interface has
     * sent a frame). When the job reaches the CPU, after every job queued
     * before it, @p started runs; the CPU then stays busy, running no other
     * job, until Release() is called. On an idle CPU @p started runs at once,
     * from inside the caller. The job's cost, as traced and accounted, is the
     * time it held the CPU.
     * @param activity short name of the work, for traces and logs
     * @param started what to do when the job gets the CPU
     */
    void Hold(const std::string& activity, Callback<void> started);

    /**
     * Ends the job started by Hold() that holds the CPU; the next queued job
     * starts.
     */
    void Release();

    /**
     * Hold() on @p node's CPU, or @p started at once if the node has no
     * HostCpu (an infinitely fast host never waits for its turn).
     * @param node the host doing the work
     * @param activity short name of the work
     * @param started what to do when the job gets the CPU
     */
    static void RunHeld(Ptr<Object> node, const std::string& activity, Callback<void> started);

    /**
     * Release() on @p node's CPU; nothing if the node has no HostCpu.
     * @param node the host whose held job ends
     */
    static void ReleaseHeld(Ptr<Object> node);

    /**
     * Queues a job that continues the task-level job completing now: called from the work of
     * a completing Execute() job (software that goes on, in the same call, to do more), the
     * new job runs next, before the jobs that were already waiting; several such calls run in
     * the order made. Called from anywhere else (an interrupt's or a held job's work, an event
     * such as a timer), it is Execute().
     * @param cost CPU time the job takes (not negative)
     * @param activity short name of the work, for traces and logs
     * @param work what to do when the job completes
     */
    void Continue(Time cost, const std::string& activity, Callback<void> work) override;

    /**
     * Hold() that continues the task-level job completing now, as Continue() does: a driver
     * called synchronously by a protocol busy-waits before the protocol's host does anything
     * else.
     * @param activity short name of the work, for traces and logs
     * @param started what to do when the job gets the CPU
     */
    void ContinueHeld(const std::string& activity, Callback<void> started);

    /**
     * Continue() on @p node's CPU, or @p work at once if the node has no HostCpu.
     * @param node the host doing the work
     * @param cost CPU time the job takes
     * @param activity short name of the work
     * @param work what to do when the job completes
     */
    static void RunContinuation(Ptr<Object> node,
                                Time cost,
                                const std::string& activity,
                                Callback<void> work);

    /**
     * ContinueHeld() on @p node's CPU, or @p started at once if the node has no HostCpu.
     * @param node the host doing the work
     * @param activity short name of the work
     * @param started what to do when the job gets the CPU
     */
    static void RunHeldContinuation(Ptr<Object> node,
                                    const std::string& activity,
                                    Callback<void> started);

    /** @return true while a job started by Hold() holds the CPU */
    bool IsHeld() const;

    /**
     * Queues interrupt-level work: it pre-empts the task-level job running (Execute()), which
     * resumes afterwards with the CPU time it still needed; interrupts run one at a time, first
     * in, first out, before any task-level job. A job started by Hold() (a driver busy-waiting
     * with interrupts masked) is not pre-empted: interrupts asked for meanwhile run as soon as
     * it releases the CPU.
     * @param cost CPU time the interrupt handler takes (not negative)
     * @param activity short name of the work, for traces and logs
     * @param work what to do when the handler completes
     */
    void Interrupt(Time cost, const std::string& activity, Callback<void> work);

    /**
     * Interrupt() on @p node's CPU, or @p work at once if the node has no HostCpu.
     * @param node the host
     * @param cost CPU time of the handler
     * @param activity short name of the work
     * @param work what to do when the handler completes
     */
    static void RunInterrupt(Ptr<Object> node,
                             Time cost,
                             const std::string& activity,
                             Callback<void> work);

    /**
     * @param delay a timer's nominal duration from now
     * @return the duration after which a timer set now actually expires: the
     *         first clock tick at or after now + @p delay
     */
    Time RoundToTick(Time delay) const override;

    /**
     * The packet being handed up now stays in its buffer of the node's PacketBufferPool.
     * @return false if the node has no pool or no buffer is being handed up
     */
    bool KeepReceivedBuffer() override;

    /** Returns the buffer KeepReceivedBuffer() kept to the node's PacketBufferPool. */
    void ReleaseReceivedBuffer() override;

    /**
     * Static form of RoundToTick() for a node that may have no HostCpu.
     * @param node the host setting the timer
     * @param delay the timer's nominal duration
     * @return the actual duration (@p delay unchanged without a HostCpu)
     */
    static Time RoundToTick(Ptr<Object> node, Time delay);

    /** @return the clock tick of this host */
    Time GetTimerGranularity() const;

    /** @return true while a job is running */
    bool IsBusy() const;

    /**
     * @return CPU time queued but not yet done, including the rest of the
     *         running job; a held job counts for nothing, its end being unknown
     */
    Time GetBacklog() const;

    /** @return total CPU time of the jobs completed so far */
    Time GetBusyTime() const;

    /**
     * @param activity an activity name given to Execute()
     * @return total CPU time of the completed jobs of that activity
     */
    Time GetBusyTime(const std::string& activity) const;

    /** @return number of jobs completed so far */
    uint64_t GetJobsCompleted() const;

    /**
     * TracedCallback signature for job events.
     * @param activity the job's activity name
     * @param cost the job's CPU time
     * @param waited how long the job queued before it started
     */
    typedef void (*JobTracedCallback)(const std::string& activity, Time cost, Time waited);

  protected:
    void DoDispose() override;

  private:
    /** @param node a host, or nullptr @return its HostCpu, or nullptr if it has none */
    static Ptr<HostCpu> Of(Ptr<Object> node);

    /// CPU time of completed jobs, by activity name. A hash table: every job looks its
    /// activity up, and its entries stay where they are as others are added.
    using ActivityTotals = std::unordered_map<std::string, Time>;
    /// An activity's entry in m_busyTimeByActivity: its name and the CPU time of its jobs.
    using Activity = ActivityTotals::value_type*;

    /** A piece of queued work. */
    struct Job
    {
        Time cost;           //!< CPU time it takes
        Activity activity;   //!< its activity
        Callback<void> work; //!< run on completion
        Time queued;         //!< when it was asked for
        bool held{false};    //!< started by Hold(): runs until Release()
    };

    /** Starts the job at the head of the queue. */
    void StartNext();
    /**
     * @param activity an activity's name
     * @return its entry, made on its first job: a job then carries no copy of the name
     */
    Activity Intern(const std::string& activity);
    /** @return the node's PacketBufferPool, or null; looked up once, at the first packet */
    Ptr<PacketBufferPool> Pool();
    /** Starts the next interrupt, pre-empting the running task-level job if there is one. */
    void StartInterrupt();
    /** Completes the running interrupt; then the next interrupt, the pre-empted job or the queue.
     */
    void CompleteInterrupt();
    /** Starts whatever is due next on a CPU that has just become free. */
    void StartWhatIsDue();
    /** Completes the running job and starts the next one. */
    void Complete();
    /**
     * Queues @p job: at the continuation point while a task-level job completes with others
     * waiting, else at the tail; starts it if the CPU is free.
     * @param job the job
     * @param continuation whether it continues the completing job
     */
    void Enqueue(Job job, bool continuation);

    Time m_timerGranularity;             //!< the host's clock tick
    std::deque<Job> m_queue;             //!< jobs waiting, the running one first
    bool m_busy{false};                  //!< a job is running
    bool m_held{false};                  //!< the running job was started by Hold()
    Time m_heldSince;                    //!< when the held job got the CPU
    Time m_runningEnd;                   //!< when the running job completes
    Time m_queuedCost;                   //!< cost of the waiting jobs (not the running one)
    Time m_busyTime;                     //!< CPU time of completed jobs
    uint64_t m_jobsCompleted{0};         //!< completed jobs
    ActivityTotals m_busyTimeByActivity; //!< CPU time of completed jobs, by activity
    /// the activities of the latest jobs, by the address of the name they were given with
    std::array<std::pair<const std::string*, Activity>, 8> m_recentActivities{};
    std::size_t m_nextRecentActivity{0}; //!< the entry of m_recentActivities replaced next
    bool m_poolLookedUp{false};          //!< m_pool is set
    Ptr<PacketBufferPool> m_pool;        //!< the node's packet buffers, if any
    EventId m_completion;                //!< completion of the running job
    bool m_completing{
        false}; //!< a task-level job's work runs and jobs wait: the next starts after it
    std::size_t m_continueAt{0};   //!< where the next continuation of the completing job goes
    std::deque<Job> m_interrupts;  //!< interrupts waiting, the running one first
    bool m_inInterrupt{false};     //!< an interrupt handler is running
    bool m_preempted{false};       //!< the queue's front job was pre-empted by the interrupt
    Time m_preemptedRemaining;     //!< CPU time the pre-empted job still needs
    EventId m_interruptCompletion; //!< completion of the running interrupt
    Time m_interruptEnd;           //!< when the running interrupt completes

    TracedCallback<const std::string&, Time, Time> m_jobStartedTrace;   //!< job started
    TracedCallback<const std::string&, Time, Time> m_jobCompletedTrace; //!< job completed
};

} // namespace ns3

#endif /* HOST_CPU_H */
