/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The NETBLT soak: random impaired transfers, then mutation-fuzzed ones, each in a fresh
// simulator seeded with its own number; one JSON object per run on stdout, then a "done" line.
// scripts/soak runs it in chunks and sums up. Examples:
//   build/bin/netblt-soak --first-seed=1 --transfers=100 --packets=0
//   build/bin/netblt-soak --first-seed=7 --transfers=1 --packets=0 --print-config
//   build/bin/netblt-soak --transfers=0 --fuzz-first-seed=3 --packets=1000
#include "ns3/core-module.h"
#include "ns3/netblt-fuzzer.h"
#include "ns3/netblt-soak-config.h"
#include "ns3/netblt-soak-transfer.h"

#include <cstdio>
#include <iostream>
#include <map>
#include <sstream>
#include <string>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("NetbltSoak");

namespace
{

/// Random stream of the fuzzer's choices (the configuration and the network use others).
constexpr int64_t FUZZER_STREAM = 2000000;

/// @return @p s as a JSON string literal
std::string
Json(const std::string& s)
{
    std::string out = "\"";
    for (char c : s)
    {
        switch (c)
        {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        default:
            if (static_cast<unsigned char>(c) < 0x20)
            {
                char escaped[8];
                std::snprintf(escaped, sizeof(escaped), "\\u%04x", c);
                out += escaped;
            }
            else
            {
                out += c;
            }
        }
    }
    return out + "\"";
}

/// @return a JSON object of the counts
std::string
Json(const std::map<std::string, uint64_t>& counts)
{
    std::string out = "{";
    for (const auto& [key, count] : counts)
    {
        out += (out.size() > 1 ? ", " : "") + Json(key) + ": " + std::to_string(count);
    }
    return out + "}";
}

/// The fields every run's line has.
std::string
Common(const char* kind,
       uint32_t seed,
       const NetbltSoakConfig& config,
       const NetbltSoakOutcome& outcome,
       bool printConfig)
{
    std::ostringstream os;
    os << "{\"kind\": " << Json(kind) << ", \"seed\": " << seed
       << ", \"outcome\": " << Json(NetbltSoakOutcome::CategoryName(outcome.category))
       << ", \"detail\": " << Json(outcome.detail) << ", \"shape\": " << Json(config.shape)
       << ", \"checksums\": "
       << (config.proposal.checksumData || config.limits.checksumData ? "true" : "false")
       << ", \"sim_s\": " << outcome.simulatedSeconds << ", \"events\": " << outcome.events;
    bool unusual = outcome.category != NetbltSoakOutcome::INTACT &&
                   outcome.category != NetbltSoakOutcome::CLEAN &&
                   outcome.category != NetbltSoakOutcome::UNCHECKED_CORRUPT;
    if (printConfig || unusual)
    {
        os << ", \"config\": " << Json(config.Describe());
    }
    return os.str();
}

/// One random transfer. @return its line
std::string
RunTransfer(uint32_t seed, Time bound, bool printConfig)
{
    RngSeedManager::SetSeed(seed);
    RngSeedManager::SetRun(1);
    NetbltSoakConfig config = NetbltSoakConfig::Draw(false);
    NetbltSoakTransfer transfer(config, seed);
    transfer.Install(bound);
    Simulator::Run();
    NetbltSoakOutcome outcome = transfer.GetOutcome(false, false);
    Simulator::Destroy();
    return Common("transfer", seed, config, outcome, printConfig) + "}";
}

/// One fuzzed transfer. @return its line
std::string
RunFuzz(uint32_t seed, uint64_t quota, Time bound, bool printConfig)
{
    RngSeedManager::SetSeed(seed);
    RngSeedManager::SetRun(1);
    NetbltSoakConfig config = NetbltSoakConfig::Draw(true);
    NetbltSoakTransfer transfer(config, seed);
    NetbltFuzzer fuzzer(transfer, quota, FUZZER_STREAM);
    fuzzer.Attach();
    transfer.Install(bound);
    fuzzer.Start();
    Simulator::Run();
    const NetbltFuzzer::Report& r = fuzzer.GetReport();
    // Damage the checksum cannot see is judged as in a transfer (undetected), forgeries not.
    NetbltSoakOutcome outcome =
        transfer.GetOutcome(r.forging && r.forgedData, r.forging && r.forgedAny);
    std::ostringstream os;
    os << Common("fuzz", seed, config, outcome, printConfig) << ", \"quota\": " << quota
       << ", \"injected\": " << r.injected << ", \"via_ip\": " << r.viaIp
       << ", \"checksum_fixed\": " << r.checksumFixed << ", \"accepted\": " << Json(r.accepted)
       << ", \"rejected\": " << Json(r.rejected) << ", \"unaccounted\": " << r.unaccounted
       << ", \"mutations\": " << Json(r.mutations)
       << ", \"forged_data\": " << (r.forgedData ? "true" : "false")
       << ", \"forged_any\": " << (r.forgedAny ? "true" : "false")
       << ", \"forging\": " << (r.forging ? "true" : "false")
       << ", \"sparing\": " << (r.sparing ? "true" : "false") << "}";
    Simulator::Destroy();
    return os.str();
}

} // namespace

int
main(int argc, char* argv[])
{
    uint32_t firstSeed = 1;
    uint32_t transfers = 100;
    uint32_t fuzzFirstSeed = 1;
    uint64_t packets = 10000;
    uint64_t packetsPerRun = 1000;
    double maxTime = 3600;
    bool printConfig = false;

    CommandLine cmd(__FILE__);
    cmd.Usage("Random impaired NETBLT transfers and mutation-fuzzed ones; one JSON line per run.");
    cmd.AddValue("first-seed", "seed of the first random transfer (>= 1)", firstSeed);
    cmd.AddValue("transfers", "random transfers, seeds first-seed onwards", transfers);
    cmd.AddValue("fuzz-first-seed", "seed of the first fuzzed transfer (>= 1)", fuzzFirstSeed);
    cmd.AddValue("packets", "mutated and random packets to inject in all", packets);
    cmd.AddValue("packets-per-run", "packets injected into each fuzzed transfer", packetsPerRun);
    cmd.AddValue("max-time", "simulated seconds after which an open connection is a hang", maxTime);
    cmd.AddValue("print-config", "print every run's configuration", printConfig);
    cmd.Parse(argc, argv);
    if (firstSeed == 0 || fuzzFirstSeed == 0 || packetsPerRun == 0 || maxTime < 60)
    {
        std::cerr << "netblt-soak: seeds must be >= 1, --packets-per-run >= 1, --max-time >= 60"
                  << std::endl;
        return 2;
    }
    Time bound = Seconds(maxTime);
    for (uint32_t i = 0; i < transfers; ++i)
    {
        std::cout << RunTransfer(firstSeed + i, bound, printConfig) << std::endl;
    }
    uint32_t runs = 0;
    for (uint64_t done = 0; done < packets; done += packetsPerRun, ++runs)
    {
        uint64_t quota = std::min(packetsPerRun, packets - done);
        std::cout << RunFuzz(fuzzFirstSeed + runs, quota, bound, printConfig) << std::endl;
    }
    std::cout << "{\"kind\": \"done\", \"transfers\": " << transfers << ", \"fuzz_runs\": " << runs
              << ", \"packets\": " << packets << "}" << std::endl;
    return 0;
}
