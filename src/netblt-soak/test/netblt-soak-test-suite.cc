/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/host-cpu.h"
#include "ns3/netblt-checksum-oracle.h"
#include "ns3/netblt-fuzzer.h"
#include "ns3/netblt-l4-protocol.h"
#include "ns3/netblt-packet-mutator.h"
#include "ns3/netblt-soak-config.h"
#include "ns3/netblt-soak-transfer.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/simulator.h"
#include "ns3/test.h"

#include <set>

/**
 * @defgroup netblt-soak-tests Tests of the NETBLT soak and fuzzer
 * @ingroup netblt-soak
 */

/**
 * @file
 * @ingroup netblt-soak-tests
 * The soak's pieces (build/bin/netblt-soak-run, scripts/soak): the random configurations, the
 * packet mutator, a soak transfer's verdicts and the fuzzer's accounting.
 */

using namespace ns3;

namespace
{

/// Seeds the simulator as the soak does for one run.
void
Seed(uint32_t seed)
{
    RngSeedManager::SetSeed(seed);
    RngSeedManager::SetRun(1);
}

/// @return a small transfer over a clean link: 4 buffers of 4 packets, 2 outstanding
NetbltSoakConfig
CleanTransfer()
{
    NetbltSoakConfig c;
    c.shape = "test";
    c.transferSize = 8000;
    c.proposal.bufferSize = 2000;
    c.proposal.packetSize = 500;
    c.proposal.burstSize = 4;
    c.proposal.burstIntervalMs = 5;
    c.proposal.maxOutstandingBuffers = 2;
    c.proposal.checksumData = true;
    c.proposal.deathTimeoutS = 5;
    c.limits = c.proposal;
    c.limits.bufferSize = 1 << 18;
    c.linkDelay = MilliSeconds(1);
    c.reorderDelay = MilliSeconds(5);
    return c;
}

/// Runs one soak transfer. @return its outcome
NetbltSoakOutcome
RunTransfer(const NetbltSoakConfig& config)
{
    Seed(1);
    NetbltSoakTransfer transfer(config, 1);
    transfer.Install(Seconds(600));
    Simulator::Run();
    NetbltSoakOutcome outcome = transfer.GetOutcome(false, false);
    Simulator::Destroy();
    return outcome;
}

} // namespace

/**
 * @ingroup netblt-soak-tests
 * @brief The mutator's checksum helpers agree with RFC 998's checksum, including its blind
 * spot (a 0x0000 word turned 0xffff), and a mutator that does not forge never makes a checksum
 * right; OPEN, RESPONSE, QUIT, ABORT and REFUSED are the lethal types.
 */
class NetbltPacketMutatorTestCase : public TestCase
{
  public:
    NetbltPacketMutatorTestCase()
        : TestCase("soak: the mutator's checksums, its blind spot, forging and sparing")
    {
    }

  private:
    void DoRun() override
    {
        // A KEEPALIVE, ports 0xfff0 -> 0x8001: RFC 998's checksum 0x7eff (wire-format note).
        std::vector<uint8_t> keepalive{0, 0, 1, 2, 0, 12, 0xff, 0xf0, 0x80, 0x01, 0, 0};
        NS_TEST_EXPECT_MSG_EQ(NetbltPacketMutator::IsChecksumRight(keepalive), false, "zero");
        NS_TEST_ASSERT_MSG_EQ(NetbltPacketMutator::FixChecksum(keepalive), true, "fixed");
        NS_TEST_EXPECT_MSG_EQ((keepalive[0] << 8 | keepalive[1]), 0x7eff, "the RFC's value");
        NS_TEST_EXPECT_MSG_EQ(NetbltPacketMutator::IsChecksumRight(keepalive), true, "right");
        keepalive[10] = 0xff;
        keepalive[11] = 0xff;
        NS_TEST_EXPECT_MSG_EQ(NetbltPacketMutator::IsChecksumRight(keepalive),
                              true,
                              "a 0x0000 word turned 0xffff: the ones'-complement sum is the same");
        std::vector<uint8_t> truncated(keepalive.begin(), keepalive.begin() + 8);
        NS_TEST_EXPECT_MSG_EQ(NetbltPacketMutator::FixChecksum(truncated), false, "too short");

        Seed(1);
        Ptr<UniformRandomVariable> random = CreateObject<UniformRandomVariable>();
        random->SetStream(7);
        NetbltPacketMutator mutator(random);
        mutator.SetForging(false);
        std::deque<std::vector<uint8_t>> older{keepalive};
        std::set<std::string> kinds;
        for (uint32_t i = 0; i < 2000; ++i)
        {
            std::vector<uint8_t> copy = keepalive;
            bool fixed = true;
            kinds.insert(mutator.Mutate(copy, older, fixed));
            NS_TEST_EXPECT_MSG_EQ(fixed, false, "not forging: no checksum made right");
            std::string kind;
            std::vector<uint8_t> datagram = mutator.MakeRandom(1, 2, kind);
            if (kind == "random-header")
            {
                NS_TEST_EXPECT_MSG_EQ(NetbltPacketMutator::IsChecksumRight(datagram),
                                      false,
                                      "not forging: a random header's checksum is wrong");
            }
        }
        for (const char* kind : {"bit-flips",
                                 "byte-changes",
                                 "truncation",
                                 "extension",
                                 "retype",
                                 "splice",
                                 "replay",
                                 "field:type",
                                 "field:length"})
        {
            NS_TEST_EXPECT_MSG_EQ(kinds.count(kind), 1, "mutation " << kind << " made");
        }
        for (uint8_t type = 0; type < 12; ++type)
        {
            bool lethal = type == 0 || type == 1 || type == 3 || type == 5 || type == 10;
            NS_TEST_EXPECT_MSG_EQ(NetbltPacketMutator::IsLethal(type), lethal, "type " << +type);
        }
    }
};

/**
 * @ingroup netblt-soak-tests
 * @brief Soak configurations are valid proposals, the same for the same seed, and cover every
 * shape family.
 */
class NetbltSoakConfigTestCase : public TestCase
{
  public:
    NetbltSoakConfigTestCase()
        : TestCase("soak: configurations are valid, reproducible and of every shape")
    {
    }

  private:
    void DoRun() override
    {
        std::set<std::string> shapes;
        for (uint32_t seed = 1; seed <= 300; ++seed)
        {
            Seed(seed);
            NetbltSoakConfig c = NetbltSoakConfig::Draw(false);
            NS_TEST_EXPECT_MSG_EQ(c.proposal.Validate(), "", c.Describe());
            NS_TEST_EXPECT_MSG_GT(c.transferSize, 0, c.Describe());
            NS_TEST_EXPECT_MSG_LT_OR_EQ(c.GetDataPacketCount(), 240, c.Describe());
            NS_TEST_EXPECT_MSG_LT_OR_EQ(c.loss[0], 0.5, c.Describe());
            shapes.insert(c.shape);
            Seed(seed);
            NS_TEST_EXPECT_MSG_EQ(NetbltSoakConfig::Draw(false).Describe(),
                                  c.Describe(),
                                  "the same again");
        }
        NS_TEST_EXPECT_MSG_EQ(shapes.size(), 10, "every shape family");
        Seed(1);
    }
};

/**
 * @ingroup netblt-soak-tests
 * @brief A soak transfer's verdicts: intact over a clean link; clean when the listener refuses
 * or the receiving client quits; unchecked-corrupt (never bad) when corrupted data arrives
 * without the C flag.
 */
class NetbltSoakTransferTestCase : public TestCase
{
  public:
    NetbltSoakTransferTestCase()
        : TestCase("soak: a transfer's verdict: intact, clean, unchecked-corrupt")
    {
    }

  private:
    void DoRun() override
    {
        NetbltSoakOutcome intact = RunTransfer(CleanTransfer());
        NS_TEST_EXPECT_MSG_EQ(intact.category, NetbltSoakOutcome::INTACT, intact.detail);
        NS_TEST_EXPECT_MSG_EQ(intact.bytesDelivered, 8000, "every byte");

        NetbltSoakConfig refuse = CleanTransfer();
        refuse.action = NetbltSoakConfig::REFUSE;
        NetbltSoakOutcome refused = RunTransfer(refuse);
        NS_TEST_EXPECT_MSG_EQ(refused.category, NetbltSoakOutcome::CLEAN, refused.detail);
        NS_TEST_EXPECT_MSG_EQ(refused.detail, "REFUSED/NEVER_OPENED", "the ends");

        NetbltSoakConfig quit = CleanTransfer();
        quit.action = NetbltSoakConfig::QUIT_RECEIVER;
        quit.actionTime = MilliSeconds(8);
        NetbltSoakOutcome quitted = RunTransfer(quit);
        NS_TEST_EXPECT_MSG_EQ(quitted.category, NetbltSoakOutcome::CLEAN, quitted.detail);
        NS_TEST_EXPECT_MSG_EQ(quitted.detail, "QUIT_BY_PEER/QUIT_LOCALLY", "the ends");

        NetbltSoakConfig corrupt = CleanTransfer();
        corrupt.proposal.checksumData = false;
        corrupt.limits.checksumData = false;
        corrupt.corrupt = 0.3;
        NetbltSoakOutcome unchecked = RunTransfer(corrupt);
        NS_TEST_EXPECT_MSG_EQ(unchecked.category,
                              NetbltSoakOutcome::UNCHECKED_CORRUPT,
                              unchecked.detail);
        corrupt.proposal.checksumData = true;
        NetbltSoakOutcome checked = RunTransfer(corrupt);
        NS_TEST_EXPECT_MSG_EQ(checked.category, NetbltSoakOutcome::INTACT, checked.detail);
        Seed(1);
    }
};

/**
 * @ingroup netblt-soak-tests
 * @brief Fuzzed transfers account for every injected packet: the quota is injected, each
 * packet is accepted or rejected with a reason, none is unaccounted for, and no run ends bad
 * or hung; damaging and forging runs both occur.
 */
class NetbltFuzzerAccountingTestCase : public TestCase
{
  public:
    NetbltFuzzerAccountingTestCase()
        : TestCase("soak: the fuzzer accounts for every packet it injects")
    {
    }

  private:
    void DoRun() override
    {
        std::set<bool> modes;
        for (uint32_t seed = 1; seed <= 8; ++seed)
        {
            Seed(seed);
            NetbltSoakTransfer transfer(NetbltSoakConfig::Draw(true), seed);
            NetbltFuzzer fuzzer(transfer, 400, 2000000);
            fuzzer.Attach();
            transfer.Install(Seconds(3600));
            fuzzer.Start();
            Simulator::Run();
            const NetbltFuzzer::Report& r = fuzzer.GetReport();
            NetbltSoakOutcome o =
                transfer.GetOutcome(r.forging && r.forgedData, r.forging && r.forgedAny);
            Simulator::Destroy();
            modes.insert(r.forging);
            NS_TEST_EXPECT_MSG_EQ(r.injected, 400, "seed " << seed << ": the quota");
            NS_TEST_EXPECT_MSG_EQ(r.unaccounted, 0, "seed " << seed << ": all accounted");
            NS_TEST_EXPECT_MSG_EQ(r.GetAcceptedTotal() + r.GetRejectedTotal(),
                                  r.injected,
                                  "seed " << seed << ": accepted + rejected = injected");
            uint64_t mutations = 0;
            for (const auto& [kind, count] : r.mutations)
            {
                mutations += count;
            }
            NS_TEST_EXPECT_MSG_EQ(mutations, r.injected, "seed " << seed << ": kinds");
            NS_TEST_EXPECT_MSG_NE(o.category, NetbltSoakOutcome::BAD, o.detail);
            NS_TEST_EXPECT_MSG_NE(o.category, NetbltSoakOutcome::HANG, o.detail);
        }
        NS_TEST_EXPECT_MSG_EQ(modes.size(), 2, "damaging and forging runs");
        Seed(1);
    }
};

/**
 * @ingroup netblt-soak-tests
 * @brief A soak transfer that charges CPU costs gives NETBLT the costs it was given (netblt-soak's
 * --cpu-costs), and the transfer takes the time they add; one that does not charges nothing.
 */
class NetbltSoakCpuCostsTestCase : public TestCase
{
  public:
    NetbltSoakCpuCostsTestCase()
        : TestCase("soak: the CPU costs given are the ones a costly transfer charges")
    {
    }

  private:
    /**
     * Runs the clean transfer on hosts with a HostCpu.
     * @param charged whether its configuration charges CPU costs
     * @param applied what the sending NETBLT charges per data packet (out)
     * @return the CPU time the sender spent sending data packets
     */
    Time Run(bool charged, Time& applied)
    {
        Seed(1);
        NetbltSoakConfig c = CleanTransfer();
        c.hostModel = true;
        c.cpuCosts = charged;
        NetbltSoakTransfer transfer(c, 1);
        transfer.SetCpuCosts({{"DataSendPacketCost", MilliSeconds(7)}});
        transfer.Install(Seconds(600));
        TimeValue cost;
        transfer.GetProtocol(0)->GetAttribute("DataSendPacketCost", cost);
        applied = cost.Get();
        Simulator::Run();
        const NetbltSoakOutcome outcome = transfer.GetOutcome(false, false);
        const Time busy =
            transfer.GetNode(0)->GetObject<HostCpu>()->GetBusyTime("netblt-data-send");
        Simulator::Destroy();
        NS_TEST_EXPECT_MSG_EQ(outcome.category, NetbltSoakOutcome::INTACT, outcome.detail);
        return busy;
    }

    void DoRun() override
    {
        Time applied;
        NS_TEST_EXPECT_MSG_EQ(Run(false, applied), Time(0), "no costs charged: no CPU time");
        NS_TEST_EXPECT_MSG_EQ(applied, Time(0), "and no cost applied");
        // The 16 data packets of a clean transfer, 7 ms of CPU each.
        NS_TEST_EXPECT_MSG_EQ(Run(true, applied), MilliSeconds(7 * 16), "costs charged");
        NS_TEST_EXPECT_MSG_EQ(applied, MilliSeconds(7), "the cost given");
    }
};

/**
 * @ingroup netblt-soak-tests
 * @brief Tests of the soak.
 */
class NetbltSoakTestSuite : public TestSuite
{
  public:
    NetbltSoakTestSuite()
        : TestSuite("netblt-soak", Type::UNIT)
    {
        AddTestCase(new NetbltPacketMutatorTestCase, TestCase::Duration::QUICK);
        AddTestCase(new NetbltSoakConfigTestCase, TestCase::Duration::QUICK);
        AddTestCase(new NetbltSoakTransferTestCase, TestCase::Duration::QUICK);
        AddTestCase(new NetbltFuzzerAccountingTestCase, TestCase::Duration::QUICK);
        AddTestCase(new NetbltSoakCpuCostsTestCase, TestCase::Duration::QUICK);
    }
};

/// Static variable for test initialization.
static NetbltSoakTestSuite g_netbltSoakTestSuite;
