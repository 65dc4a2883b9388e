/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// NETBLT flows sharing the Wideband path of RFC 1030 Table IV (the testbed's attributes at
// their defaults; scripts/netblt-run applies the models/ files), with the network's help or
// without: BBN's gateway gives each flow an explicit rate (the X extension) and its earth station
// sends ICMP Source Quench, which the explicit-rate policy answers; every other flow's receiver
// can sit further away. Prints each flow's throughput, Jain's fairness index and the earth
// station's resets. Example:
//   build/bin/netblt-wideband-sharing --flows=4 --farDelay=600 --help=true
#include "ns3/core-module.h"
#include "ns3/netblt-bulk-transfer.h"
#include "ns3/netblt-explicit-rate-policy.h"
#include "ns3/netblt-static-rate-policy.h"
#include "ns3/wideband-testbed.h"

#include <iostream>

using namespace ns3;

int
main(int argc, char* argv[])
{
    uint32_t flows = 4;
    uint32_t xfsz = 1432000;
    bool help = true;
    uint32_t bi = 55;
    double farDelay = 0;
    uint32_t seed = 1;

    CommandLine cmd(__FILE__);
    cmd.AddValue("flows", "NETBLT transfers, each between two hosts of its own", flows);
    cmd.AddValue("xfsz", "bytes each transfer moves", xfsz);
    cmd.AddValue("help", "the network's help: explicit rates and Source Quench", help);
    cmd.AddValue("bi", "without help, the static burst interval for bursts of 5, ms", bi);
    cmd.AddValue("farDelay", "every other flow's receiver that much further away, ms", farDelay);
    cmd.AddValue("seed", "random seed", seed);
    cmd.Parse(argc, argv);

    RngSeedManager::SetSeed(seed);
    Ptr<WidebandTestbed> testbed = CreateObject<WidebandTestbed>();
    testbed->SetAttribute("ExplicitRate", BooleanValue(help));
    testbed->SetAttribute("SourceQuench", BooleanValue(help));
    for (uint32_t flow = 0; flow < flows; ++flow)
    {
        Ptr<NetbltBulkTransfer> transfer = CreateObject<NetbltBulkTransfer>();
        transfer->SetSenderAttribute("BurstSize", UintegerValue(5));
        transfer->SetSenderAttribute("BurstInterval", TimeValue(MilliSeconds(help ? 20 : bi)));
        transfer->SetSenderAttribute("PacketSize", UintegerValue(1432));
        transfer->SetSenderAttribute("BufferSize", UintegerValue(14320));
        transfer->SetSenderAttribute("TransferSize", UintegerValue(xfsz));
        transfer->SetSenderAttribute("MaxOutstandingBuffers", UintegerValue(22));
        transfer->SetNetbltAttribute("RatePolicyType",
                                     TypeIdValue(help ? NetbltExplicitRatePolicy::GetTypeId()
                                                      : NetbltStaticRatePolicy::GetTypeId()));
        if (flow % 2 == 1)
        {
            transfer->SetAttribute("ReceiverDelay", TimeValue(MilliSeconds(farDelay)));
        }
        testbed->AddTransfer(transfer);
    }
    testbed->Install();
    Simulator::Run();

    double sum = 0;
    double squares = 0;
    bool intact = true;
    for (uint32_t pair = 0; pair < testbed->GetNTransfers(); ++pair)
    {
        const TransferRecord r = testbed->GetRecord(pair);
        std::cout << "flow " << pair << " intact " << r.intact << " speed_mbps "
                  << r.steadyStateMbps << " rxm " << r.retransmitted << " explicit_rate "
                  << r.explicitRateHeard << " quenches " << r.sourceQuenches << "\n";
        sum += r.steadyStateMbps;
        squares += r.steadyStateMbps * r.steadyStateMbps;
        intact = intact && r.intact;
    }
    std::cout << "jain_index " << sum * sum / (testbed->GetNTransfers() * squares)
              << " station_resets " << testbed->GetPathRecord().stationResets << std::endl;
    Simulator::Destroy();
    return intact ? 0 : 1;
}
