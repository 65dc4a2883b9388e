/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The NETBLT soak: random impaired transfers, then mutation-fuzzed ones, each in a fresh
// simulator seeded with its own number; one JSON object per run on stdout, then a "done" line.
// scripts/soak runs it in chunks and sums up. Examples:
//   build/bin/netblt-soak-run --first-seed=1 --transfers=100 --packets=0
//   build/bin/netblt-soak-run --first-seed=7 --transfers=1 --packets=0 --print-config
//   build/bin/netblt-soak-run --transfers=0 --fuzz-first-seed=3 --packets=1000
// A transfer whose configuration charges CPU costs needs them: --cpu-costs=DataSendPacketCost=
// 699275ns,... (NetbltL4Protocol attributes; scripts/soak passes models/hosts/ibm-pc-at.json's).
#include "ns3/core-module.h"
#include "ns3/netblt-fuzzer.h"
#include "ns3/netblt-l4-protocol.h"
#include "ns3/netblt-soak-config.h"
#include "ns3/netblt-soak-transfer.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("NetbltSoak");

namespace
{

/// Random stream of the fuzzer's choices (the configuration and the network use others).
constexpr int64_t FUZZER_STREAM = 2000000;

/// NETBLT's processing costs: attribute names and values.
using Costs = std::vector<std::pair<std::string, Time>>;

/**
 * Reads --cpu-costs.
 * @param text NAME=TIME pairs separated by commas (empty: none)
 * @param costs the costs read
 * @return empty, or what is wrong, naming the value and what is allowed
 */
std::string
ParseCosts(const std::string& text, Costs& costs)
{
    std::istringstream items(text);
    std::string item;
    while (std::getline(items, item, ','))
    {
        const std::size_t equals = item.find('=');
        const std::string name = item.substr(0, equals);
        TypeId::AttributeInformation info;
        if (equals == std::string::npos ||
            !NetbltL4Protocol::GetTypeId().LookupAttributeByName(name, &info) ||
            info.checker->GetValueTypeName() != "ns3::TimeValue")
        {
            return "--cpu-costs item '" + item +
                   "': must be NAME=TIME with NAME a time attribute of ns3::NetbltL4Protocol";
        }
        // A number and a unit; ns-3's own parser aborts the program on anything else.
        const std::string text = item.substr(equals + 1);
        const std::map<std::string, Time::Unit> units{{"s", Time::S},
                                                      {"ms", Time::MS},
                                                      {"us", Time::US},
                                                      {"ns", Time::NS}};
        std::size_t digits = 0;
        double number = -1;
        try
        {
            number = std::stod(text, &digits);
        }
        catch (const std::exception&)
        {
        }
        const auto unit = units.find(text.substr(digits));
        if (!(number >= 0 && std::isfinite(number)) || unit == units.end())
        {
            return "--cpu-costs item '" + item +
                   "': the cost must be a number of 0 or more and a unit (s, ms, us, ns), such "
                   "as 699275ns";
        }
        costs.emplace_back(name, Time::FromDouble(number, unit->second));
    }
    return "";
}

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

/// One random transfer, with NETBLT's @p costs if its configuration charges them. @return its
/// line
std::string
RunTransfer(uint32_t seed, Time bound, const Costs& costs, bool printConfig)
{
    RngSeedManager::SetSeed(seed);
    RngSeedManager::SetRun(1);
    NetbltSoakConfig config = NetbltSoakConfig::Draw(false);
    if (config.cpuCosts && costs.empty())
    {
        std::cerr << "netblt-soak: transfer " << seed
                  << " charges NETBLT's CPU costs: give them with --cpu-costs=NAME=TIME,... "
                     "(scripts/soak passes models/hosts/ibm-pc-at.json's)"
                  << std::endl;
        std::exit(2);
    }
    NetbltSoakTransfer transfer(config, seed);
    transfer.SetCpuCosts(costs);
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
    std::string cpuCosts;

    CommandLine cmd(__FILE__);
    cmd.Usage("Random impaired NETBLT transfers and mutation-fuzzed ones; one JSON line per run.");
    cmd.AddValue("first-seed", "seed of the first random transfer (>= 1)", firstSeed);
    cmd.AddValue("transfers", "random transfers, seeds first-seed onwards", transfers);
    cmd.AddValue("fuzz-first-seed", "seed of the first fuzzed transfer (>= 1)", fuzzFirstSeed);
    cmd.AddValue("packets", "mutated and random packets to inject in all", packets);
    cmd.AddValue("packets-per-run", "packets injected into each fuzzed transfer", packetsPerRun);
    cmd.AddValue("max-time", "simulated seconds after which an open connection is a hang", maxTime);
    cmd.AddValue("print-config", "print every run's configuration", printConfig);
    cmd.AddValue("cpu-costs",
                 "NETBLT's costs for transfers that charge them: NAME=TIME,... "
                 "(ns3::NetbltL4Protocol attributes)",
                 cpuCosts);
    cmd.Parse(argc, argv);
    Costs costs;
    const std::string problem = ParseCosts(cpuCosts, costs);
    if (!problem.empty())
    {
        std::cerr << "netblt-soak: " << problem << std::endl;
        return 2;
    }
    if (firstSeed == 0 || fuzzFirstSeed == 0 || packetsPerRun == 0 || maxTime < 60)
    {
        std::cerr << "netblt-soak: seeds must be >= 1, --packets-per-run >= 1, --max-time >= 60"
                  << std::endl;
        return 2;
    }
    Time bound = Seconds(maxTime);
    for (uint32_t i = 0; i < transfers; ++i)
    {
        std::cout << RunTransfer(firstSeed + i, bound, costs, printConfig) << std::endl;
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
