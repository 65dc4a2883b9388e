/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/host-cpu-helper.h"
#include "ns3/host-cpu.h"
#include "ns3/host-model.h"
#include "ns3/node-container.h"
#include "ns3/node.h"
#include "ns3/packet-buffer-pool.h"
#include "ns3/simulator.h"
#include "ns3/test.h"

#include <string>
#include <vector>

/**
 * @defgroup host-processing-tests Tests for the host processing model
 * @ingroup host-processing
 */

using namespace ns3;

namespace
{

/** When each job's work ran, and in which order. */
struct Completions
{
    std::vector<std::pair<std::string, Time>> done; //!< (name, time) in completion order

    /** @param name job name @return work recording the job's completion */
    Callback<void> Record(const std::string& name)
    {
        return Callback<void>([this, name]() { done.emplace_back(name, Simulator::Now()); });
    }
};

} // namespace

/**
 * @ingroup host-processing-tests
 * @brief Jobs run one at a time in the order asked for: each completes its cost after the
 * previous one, whatever the arrival pattern; busy time and backlog add up.
 */
class HostCpuSerialisationTestCase : public TestCase
{
  public:
    HostCpuSerialisationTestCase()
        : TestCase("jobs are serialised first in, first out, and timed by their cost")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<HostCpu> cpu = CreateObject<HostCpu>();
        Completions log;
        Time backlogAt2ms;
        Simulator::Schedule(MilliSeconds(0), [&]() {
            cpu->Execute(MilliSeconds(8), "send", log.Record("a"));
            cpu->Execute(MilliSeconds(3), "control", log.Record("b"));
        });
        // Arrives while "a" runs: waits for "a" and "b".
        Simulator::Schedule(MilliSeconds(2), [&]() {
            cpu->Execute(MilliSeconds(5), "receive", log.Record("c"));
            backlogAt2ms = cpu->GetBacklog();
        });
        // Arrives when the CPU is idle again: starts at once.
        Simulator::Schedule(MilliSeconds(30),
                            [&]() { cpu->Execute(MicroSeconds(500), "late", log.Record("d")); });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(log.done.size(), 4, "every job ran");
        NS_TEST_EXPECT_MSG_EQ(log.done[0].first, "a", "first in, first out");
        NS_TEST_EXPECT_MSG_EQ(log.done[0].second, MilliSeconds(8), "a after its 8 ms");
        NS_TEST_EXPECT_MSG_EQ(log.done[1].first, "b", "b second");
        NS_TEST_EXPECT_MSG_EQ(log.done[1].second, MilliSeconds(11), "b 3 ms after a");
        NS_TEST_EXPECT_MSG_EQ(log.done[2].first, "c", "c third although asked for at 2 ms");
        NS_TEST_EXPECT_MSG_EQ(log.done[2].second, MilliSeconds(16), "c 5 ms after b");
        NS_TEST_EXPECT_MSG_EQ(log.done[3].second, MicroSeconds(30500), "d on an idle CPU");
        NS_TEST_EXPECT_MSG_EQ(backlogAt2ms, MilliSeconds(14), "6 ms of a left + 3 + 5 queued");
        NS_TEST_EXPECT_MSG_EQ(cpu->GetBusyTime(), MicroSeconds(16500), "busy time is the costs");
        NS_TEST_EXPECT_MSG_EQ(cpu->GetJobsCompleted(), 4, "4 jobs");
        NS_TEST_EXPECT_MSG_EQ(cpu->GetBusyTime("control"), MilliSeconds(3), "by activity");
        NS_TEST_EXPECT_MSG_EQ(cpu->GetBusyTime("none"), Time(0), "unknown activity");
        NS_TEST_EXPECT_MSG_EQ(cpu->IsBusy(), false, "idle at the end");
        Simulator::Destroy();
    }
};

/**
 * @ingroup host-processing-tests
 * @brief A job is accounted to the activity its name says when it is asked for, whichever
 * string object carries the name: one object renamed between jobs names several activities,
 * and two objects with one name name one activity.
 */
class HostCpuActivityNameTestCase : public TestCase
{
  public:
    HostCpuActivityNameTestCase()
        : TestCase("jobs are accounted by their activity's name, not by the string that gave it")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<HostCpu> cpu = CreateObject<HostCpu>();
        std::string name = "copy";
        Simulator::Schedule(MilliSeconds(0), [&]() {
            cpu->Execute(MilliSeconds(1), name, Callback<void>());
            name = "sums"; // the same object, the same length, another activity
            cpu->Execute(MilliSeconds(2), name, Callback<void>());
            name = "copy";
            cpu->Execute(MilliSeconds(4), name, Callback<void>());
            const std::string other = "sums"; // another object, an activity already seen
            cpu->Execute(MilliSeconds(8), other, Callback<void>());
        });
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(cpu->GetBusyTime("copy"), MilliSeconds(5), "1 + 4 ms");
        NS_TEST_EXPECT_MSG_EQ(cpu->GetBusyTime("sums"), MilliSeconds(10), "2 + 8 ms");
        NS_TEST_EXPECT_MSG_EQ(cpu->GetJobsCompleted(), 4, "4 jobs");
        Simulator::Destroy();
    }
};

/**
 * @ingroup host-processing-tests
 * @brief Work queued by a job's own completion goes behind jobs that were already waiting, and
 * the JobStarted/JobCompleted traces report queueing time.
 */
class HostCpuOrderingTestCase : public TestCase
{
  public:
    HostCpuOrderingTestCase()
        : TestCase("work queued from a completion goes behind waiting jobs; traces report waits")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<HostCpu> cpu = CreateObject<HostCpu>();
        Completions log;
        std::vector<std::pair<std::string, Time>> waits;
        cpu->TraceConnectWithoutContext(
            "JobStarted",
            MakeCallback(+[](std::vector<std::pair<std::string, Time>>* w,
                             const std::string& activity,
                             Time,
                             Time waited) {
                w->emplace_back(activity, waited);
            }).Bind(&waits));
        Simulator::ScheduleNow([&]() {
            cpu->Execute(MilliSeconds(2), "first", Callback<void>([&]() {
                             log.done.emplace_back("first", Simulator::Now());
                             cpu->Execute(MilliSeconds(1), "follow-up", log.Record("follow-up"));
                         }));
            cpu->Execute(MilliSeconds(4), "waiting", log.Record("waiting"));
        });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(log.done.size(), 3, "three jobs");
        NS_TEST_EXPECT_MSG_EQ(log.done[1].first, "waiting", "the waiting job before the follow-up");
        NS_TEST_EXPECT_MSG_EQ(log.done[2].second, MilliSeconds(7), "follow-up at 2 + 4 + 1 ms");
        NS_TEST_ASSERT_MSG_EQ(waits.size(), 3, "three starts traced");
        NS_TEST_EXPECT_MSG_EQ(waits[1].first, "waiting", "second start");
        NS_TEST_EXPECT_MSG_EQ(waits[1].second, MilliSeconds(2), "waited for the first job");
        NS_TEST_EXPECT_MSG_EQ(waits[2].second, MilliSeconds(4), "follow-up waited 4 ms");
        Simulator::Destroy();
    }
};

/**
 * @ingroup host-processing-tests
 * @brief A continuation asked for by a completing job runs before the jobs already waiting,
 * in the order asked; asked for outside a completion it queues like Execute().
 */
class HostCpuContinuationTestCase : public TestCase
{
  public:
    HostCpuContinuationTestCase()
        : TestCase("continuations of a completing job run before the waiting jobs")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<HostCpu> cpu = CreateObject<HostCpu>();
        Completions log;
        bool heldStarted = false;
        Time heldAt;
        Simulator::ScheduleNow([&]() {
            cpu->Execute(MilliSeconds(2), "first", Callback<void>([&]() {
                             log.done.emplace_back("first", Simulator::Now());
                             cpu->Execute(MilliSeconds(1), "queued", log.Record("queued"));
                             cpu->Continue(MilliSeconds(1), "next", log.Record("next"));
                             cpu->ContinueHeld("held", Callback<void>([&]() {
                                                   heldStarted = true;
                                                   heldAt = Simulator::Now();
                                                   Simulator::Schedule(MilliSeconds(3),
                                                                       [&]() { cpu->Release(); });
                                               }));
                         }));
            cpu->Execute(MilliSeconds(4), "waiting", log.Record("waiting"));
            // Not from a completion: an ordinary job at the tail.
            cpu->Continue(MilliSeconds(1), "outside", log.Record("outside"));
        });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(log.done.size(), 5, "five timed jobs");
        NS_TEST_EXPECT_MSG_EQ(log.done[1].first, "next", "the continuation first");
        NS_TEST_EXPECT_MSG_EQ(log.done[1].second, MilliSeconds(3), "at 2 + 1 ms");
        NS_TEST_EXPECT_MSG_EQ(heldStarted, true, "the held continuation ran");
        NS_TEST_EXPECT_MSG_EQ(heldAt, MilliSeconds(3), "right after it");
        NS_TEST_EXPECT_MSG_EQ(log.done[2].first, "waiting", "then the waiting job");
        NS_TEST_EXPECT_MSG_EQ(log.done[2].second, MilliSeconds(10), "at 3 + 3 + 4 ms");
        NS_TEST_EXPECT_MSG_EQ(log.done[3].first, "outside", "then the one asked outside");
        NS_TEST_EXPECT_MSG_EQ(log.done[4].first, "queued", "the plain job last");
        NS_TEST_EXPECT_MSG_EQ(log.done[4].second, MilliSeconds(12), "at 12 ms");
        Simulator::Destroy();
    }
};

/**
 * @ingroup host-processing-tests
 * @brief Free work on an idle CPU, and work on a node without a HostCpu, run at once from the
 * caller; free work on a busy CPU waits its turn.
 */
class HostCpuFreeWorkTestCase : public TestCase
{
  public:
    HostCpuFreeWorkTestCase()
        : TestCase("zero-cost work and hosts without a HostCpu run at once; busy CPUs queue it")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<Node> bare = CreateObject<Node>();
        bool ran = false;
        HostCpu::Run(bare, MilliSeconds(5), "anything", Callback<void>([&]() { ran = true; }));
        NS_TEST_EXPECT_MSG_EQ(ran, true, "no HostCpu: the work ran inside the call");
        NS_TEST_EXPECT_MSG_EQ(HostCpu::RoundToTick(bare, MicroSeconds(1500)),
                              MicroSeconds(1500),
                              "no HostCpu: exact timers");

        NodeContainer hosts(1);
        HostCpuHelper helper;
        helper.SetAttribute("TimerGranularity", TimeValue(MilliSeconds(10)));
        helper.Install(hosts);
        Ptr<HostCpu> cpu = hosts.Get(0)->GetObject<HostCpu>();
        NS_TEST_ASSERT_MSG_NE(cpu, nullptr, "helper aggregated a HostCpu");
        NS_TEST_EXPECT_MSG_EQ(cpu->GetTimerGranularity(), MilliSeconds(10), "helper attribute");
        ran = false;
        HostCpu::Run(hosts.Get(0), Time(0), "free", Callback<void>([&]() { ran = true; }));
        NS_TEST_EXPECT_MSG_EQ(ran, true, "free work on an idle CPU ran inside the call");

        Completions log;
        Simulator::ScheduleNow([&]() {
            HostCpu::Run(hosts.Get(0), MilliSeconds(3), "busy", log.Record("busy"));
            HostCpu::Run(hosts.Get(0), Time(0), "free", log.Record("free"));
            NS_TEST_EXPECT_MSG_EQ(log.done.size(), 0, "free work waits behind the busy job");
        });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(log.done.size(), 2, "both ran");
        NS_TEST_EXPECT_MSG_EQ(log.done[1].first, "free", "in order");
        NS_TEST_EXPECT_MSG_EQ(log.done[1].second, MilliSeconds(3), "right after the busy job");
        Simulator::Destroy();
    }
};

/**
 * @ingroup host-processing-tests
 * @brief A protocol finds a node's HostCpu as its HostModel (GetObject<HostModel>(), as NETBLT
 * and TCP look it up) and its jobs, continuations, timers and received buffers go through the
 * interface to the HostCpu; a node without one has no HostModel.
 */
class HostCpuAsHostModelTestCase : public TestCase
{
  public:
    HostCpuAsHostModelTestCase()
        : TestCase("a node's HostCpu is its HostModel; the interface's calls reach it")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<Node> bare = CreateObject<Node>();
        NS_TEST_EXPECT_MSG_EQ(bare->GetObject<HostModel>(), nullptr, "no HostCpu, no HostModel");

        NodeContainer hosts(1);
        HostCpuHelper().Install(hosts);
        Ptr<PacketBufferPool> pool = CreateObject<PacketBufferPool>();
        hosts.Get(0)->AggregateObject(pool);
        Ptr<HostModel> host = hosts.Get(0)->GetObject<HostModel>();
        Ptr<HostCpu> cpu = hosts.Get(0)->GetObject<HostCpu>();
        NS_TEST_ASSERT_MSG_NE(host, nullptr, "the HostCpu is found as the node's HostModel");
        NS_TEST_EXPECT_MSG_EQ(PeekPointer(host), PeekPointer(cpu), "one object");

        Completions log;
        bool kept = false;
        Simulator::Schedule(MicroSeconds(500), [&]() {
            NS_TEST_EXPECT_MSG_EQ(host->RoundToTick(MilliSeconds(2)),
                                  MicroSeconds(2500),
                                  "a timer due at 2.5 ms fires on the HostCpu's 3-ms tick");
            host->Execute(MilliSeconds(2), "first", Callback<void>([&]() {
                              log.done.emplace_back("first", Simulator::Now());
                              host->Continue(MilliSeconds(1), "continued", log.Record("continued"));
                          }));
            host->Execute(MilliSeconds(4), "second", log.Record("second"));
            // A packet handed up in a buffer of the node's pool, kept until its job has run.
            NS_TEST_ASSERT_MSG_EQ(pool->Allocate(), true, "a free buffer");
            pool->BeginHandUp();
            kept = host->KeepReceivedBuffer();
            pool->EndHandUp();
        });
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(kept, true, "the buffer being handed up was kept");
        NS_TEST_EXPECT_MSG_EQ(pool->GetInUse(), 1, "and stays taken");
        host->ReleaseReceivedBuffer();
        NS_TEST_EXPECT_MSG_EQ(pool->GetInUse(), 0, "until released");
        NS_TEST_ASSERT_MSG_EQ(log.done.size(), 3, "every job ran");
        NS_TEST_EXPECT_MSG_EQ(log.done[1].first, "continued", "the continuation ran next");
        NS_TEST_EXPECT_MSG_EQ(log.done[1].second, MicroSeconds(3500), "right after its job");
        NS_TEST_EXPECT_MSG_EQ(log.done[2].second, MicroSeconds(7500), "the other job waited");
        NS_TEST_EXPECT_MSG_EQ(cpu->GetJobsCompleted(), 3, "the HostCpu ran them");
        Simulator::Destroy();
    }
};

/**
 * @ingroup host-processing-tests
 * @brief Timers expire on the first tick of the host's clock at or after their nominal expiry.
 */
class HostCpuTickTestCase : public TestCase
{
  public:
    HostCpuTickTestCase()
        : TestCase("RoundToTick: timers expire on the first clock tick at or after their due time")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<HostCpu> cpu = CreateObject<HostCpu>();
        NS_TEST_EXPECT_MSG_EQ(cpu->GetTimerGranularity(), MilliSeconds(1), "1 ms by default");
        std::vector<Time> rounded;
        Simulator::Schedule(MicroSeconds(300), [&]() {
            rounded.push_back(cpu->RoundToTick(MilliSeconds(40)));  // due 40.3 -> 41
            rounded.push_back(cpu->RoundToTick(MicroSeconds(700))); // due 1.0 -> 1.0
            rounded.push_back(cpu->RoundToTick(Time(0)));           // due 0.3 -> 1.0
        });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(rounded.size(), 3, "three timers");
        NS_TEST_EXPECT_MSG_EQ(rounded[0], MicroSeconds(40700), "40 ms from 0.3 ms fires at 41 ms");
        NS_TEST_EXPECT_MSG_EQ(rounded[1], MicroSeconds(700), "due on a tick: unchanged");
        NS_TEST_EXPECT_MSG_EQ(rounded[2], MicroSeconds(700), "zero delay waits for the next tick");
        cpu->SetAttribute("TimerGranularity", TimeValue(Time(0)));
        NS_TEST_EXPECT_MSG_EQ(cpu->RoundToTick(MicroSeconds(1234)),
                              MicroSeconds(1234),
                              "exact clock");
        Simulator::Destroy();
    }
};

/**
 * @ingroup host-processing-tests
 * @brief A held job keeps the CPU from when it starts until it is released, whatever is queued
 * behind it; jobs queued before it run first; its cost is the time it held the CPU.
 */
class HostCpuHoldTestCase : public TestCase
{
  public:
    HostCpuHoldTestCase()
        : TestCase("a held job runs in its turn and keeps the CPU until released")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<Node> node = CreateObject<Node>();
        Ptr<HostCpu> cpu = CreateObject<HostCpu>();
        node->AggregateObject(cpu);
        Completions log;
        std::vector<std::string> costs;
        cpu->TraceConnectWithoutContext(
            "JobCompleted",
            Callback<void, const std::string&, Time, Time>(
                [&costs](const std::string& activity, Time cost, Time waited) {
                    costs.push_back(activity + ":" + std::to_string(cost.GetMicroSeconds()) + ":" +
                                    std::to_string(waited.GetMicroSeconds()));
                }));
        Time heldAt;
        bool busyWhileHeld = false;
        Time backlogWhileHeld;
        Simulator::Schedule(MilliSeconds(0), [&]() {
            cpu->Execute(MilliSeconds(2), "before", log.Record("before"));
            // Gets the CPU at 2 ms, after "before"; released 3 ms later.
            HostCpu::RunHeld(node, "wait", Callback<void>([&]() {
                                 heldAt = Simulator::Now();
                                 Simulator::Schedule(MilliSeconds(3), [&]() {
                                     busyWhileHeld = cpu->IsBusy() && cpu->IsHeld();
                                     backlogWhileHeld = cpu->GetBacklog();
                                     HostCpu::ReleaseHeld(node);
                                 });
                             }));
            cpu->Execute(MilliSeconds(1), "after", log.Record("after"));
        });
        // Asked for while the job holds the CPU: waits for the release.
        Simulator::Schedule(MilliSeconds(4),
                            [&]() { cpu->Execute(MilliSeconds(1), "late", log.Record("late")); });
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(heldAt, MilliSeconds(2), "held job starts after the one before it");
        NS_TEST_EXPECT_MSG_EQ(busyWhileHeld, true, "CPU busy and held until the release");
        NS_TEST_EXPECT_MSG_EQ(backlogWhileHeld, MilliSeconds(2), "the held job counts for nothing");
        NS_TEST_ASSERT_MSG_EQ(log.done.size(), 3, "three plain jobs");
        NS_TEST_EXPECT_MSG_EQ(log.done[1].first, "after", "queued behind the held job");
        NS_TEST_EXPECT_MSG_EQ(log.done[1].second, MilliSeconds(6), "released at 5 ms + 1 ms");
        NS_TEST_EXPECT_MSG_EQ(log.done[2].second, MilliSeconds(7), "late waits too");
        NS_TEST_ASSERT_MSG_EQ(costs.size(), 4, "four jobs completed");
        NS_TEST_EXPECT_MSG_EQ(costs[1], "wait:3000:2000", "held 3 ms after waiting 2 ms");
        NS_TEST_EXPECT_MSG_EQ(cpu->GetBusyTime("wait"), MilliSeconds(3), "accounted");
        NS_TEST_EXPECT_MSG_EQ(cpu->GetBusyTime(), MilliSeconds(7), "2 + 3 + 1 + 1 ms");
        NS_TEST_EXPECT_MSG_EQ(cpu->IsHeld(), false, "released");

        // Without a HostCpu the work starts at once and the release is a no-op.
        Ptr<Node> bare = CreateObject<Node>();
        bool ran = false;
        HostCpu::RunHeld(bare, "wait", Callback<void>([&ran]() { ran = true; }));
        HostCpu::ReleaseHeld(bare);
        NS_TEST_EXPECT_MSG_EQ(ran, true, "infinitely fast host");
        Simulator::Destroy();
    }
};

/**
 * @ingroup host-processing-tests
 * @brief Interrupt-level work pre-empts the running task-level job, which resumes with the
 * CPU time it still needed; interrupts go before waiting jobs; a held job is not pre-empted.
 */
class HostCpuInterruptTestCase : public TestCase
{
  public:
    HostCpuInterruptTestCase()
        : TestCase(
              "interrupts pre-empt task-level jobs, which resume; held jobs are not pre-empted")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<HostCpu> cpu = CreateObject<HostCpu>();
        Completions log;
        Time backlogInInterrupt;
        Simulator::ScheduleNow([&]() {
            cpu->Execute(MilliSeconds(10), "task", log.Record("task"));
            cpu->Execute(MilliSeconds(2), "waiting", log.Record("waiting"));
        });
        // At 4 ms: 6 ms of "task" left; the handler runs 3 ms, a second one queues behind it.
        Simulator::Schedule(MilliSeconds(4), [&]() {
            cpu->Interrupt(MilliSeconds(3), "irq1", log.Record("irq1"));
            cpu->Interrupt(MilliSeconds(1), "irq2", log.Record("irq2"));
            backlogInInterrupt = cpu->GetBacklog();
        });
        // On an idle CPU an interrupt simply runs.
        Simulator::Schedule(MilliSeconds(30), [&]() {
            cpu->Interrupt(MilliSeconds(1), "idle-irq", log.Record("idle-irq"));
        });
        // A held job (busy-wait) is not pre-empted: the interrupt runs at its release.
        Simulator::Schedule(MilliSeconds(40), [&]() {
            cpu->Hold("busy-wait", Callback<void>());
            cpu->Execute(MilliSeconds(1), "after", log.Record("after"));
        });
        Simulator::Schedule(MilliSeconds(41), [&]() {
            cpu->Interrupt(MilliSeconds(2), "masked-irq", log.Record("masked-irq"));
        });
        Simulator::Schedule(MilliSeconds(45), [&]() { cpu->Release(); });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(log.done.size(), 7, "every job ran");
        NS_TEST_EXPECT_MSG_EQ(log.done[0].first, "irq1", "the handler first");
        NS_TEST_EXPECT_MSG_EQ(log.done[0].second, MilliSeconds(7), "4 + 3 ms");
        NS_TEST_EXPECT_MSG_EQ(log.done[1].first, "irq2", "then the queued handler");
        NS_TEST_EXPECT_MSG_EQ(log.done[1].second, MilliSeconds(8), "7 + 1 ms");
        NS_TEST_EXPECT_MSG_EQ(log.done[2].first, "task", "the pre-empted job resumes");
        NS_TEST_EXPECT_MSG_EQ(log.done[2].second,
                              MilliSeconds(14),
                              "10 ms of CPU + 4 ms of handlers");
        NS_TEST_EXPECT_MSG_EQ(log.done[3].first, "waiting", "then the waiting job");
        NS_TEST_EXPECT_MSG_EQ(log.done[3].second, MilliSeconds(16), "14 + 2 ms");
        NS_TEST_EXPECT_MSG_EQ(log.done[4].second, MilliSeconds(31), "idle-irq at once");
        NS_TEST_EXPECT_MSG_EQ(log.done[5].first, "masked-irq", "the interrupt at the release");
        NS_TEST_EXPECT_MSG_EQ(log.done[5].second, MilliSeconds(47), "45 + 2 ms");
        NS_TEST_EXPECT_MSG_EQ(log.done[6].first, "after", "the queued job after it");
        NS_TEST_EXPECT_MSG_EQ(log.done[6].second, MilliSeconds(48), "47 + 1 ms");
        NS_TEST_EXPECT_MSG_EQ(backlogInInterrupt, MilliSeconds(12), "3 + 1 + 6 left + 2 queued");
        NS_TEST_EXPECT_MSG_EQ(cpu->GetBusyTime("task"), MilliSeconds(10), "the task's own time");
        NS_TEST_EXPECT_MSG_EQ(cpu->GetBusyTime("irq1"), MilliSeconds(3), "handler accounted");
        Simulator::Destroy();
    }
};

/**
 * @ingroup host-processing-tests
 * @brief The host processing model's test suite.
 */
class HostCpuTestSuite : public TestSuite
{
  public:
    HostCpuTestSuite()
        : TestSuite("host-cpu", Type::UNIT)
    {
        AddTestCase(new HostCpuSerialisationTestCase, Duration::QUICK);
        AddTestCase(new HostCpuActivityNameTestCase, Duration::QUICK);
        AddTestCase(new HostCpuOrderingTestCase, Duration::QUICK);
        AddTestCase(new HostCpuContinuationTestCase, Duration::QUICK);
        AddTestCase(new HostCpuFreeWorkTestCase, Duration::QUICK);
        AddTestCase(new HostCpuAsHostModelTestCase, Duration::QUICK);
        AddTestCase(new HostCpuTickTestCase, Duration::QUICK);
        AddTestCase(new HostCpuInterruptTestCase, Duration::QUICK);
        AddTestCase(new HostCpuHoldTestCase, Duration::QUICK);
    }
};

static HostCpuTestSuite g_hostCpuTestSuite; //!< registers the suite
