/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// A NETBLT transfer and TCP transfers sharing one Proteon ring, each between two hosts of its
// own (the ring's and the hosts' attributes at their defaults; scripts/netblt-run applies the
// models/ files of RFC 1030's PC/ATs); prints each transfer's throughput and Jain's fairness
// index. Example:
//   build/bin/netblt-tcp-sharing --tcpFlows=2 --bi=20 --window=16384
#include "ns3/core-module.h"
#include "ns3/netblt-bulk-transfer.h"
#include "ns3/proteon-ring-testbed.h"
#include "ns3/tcp-bulk-transfer.h"

#include <iostream>

using namespace ns3;

int
main(int argc, char* argv[])
{
    uint32_t tcpFlows = 1;
    uint32_t bs = 5;
    uint32_t bi = 20;
    uint32_t xfsz = 1438000;
    uint32_t window = 16384;
    std::string congestionControl = "Tahoe";
    double tcpStart = 0.001;
    uint32_t seed = 1;

    CommandLine cmd(__FILE__);
    cmd.AddValue("tcpFlows", "TCP transfers beside the NETBLT one", tcpFlows);
    cmd.AddValue("bs", "NETBLT burst size, packets", bs);
    cmd.AddValue("bi", "NETBLT burst interval, ms", bi);
    cmd.AddValue("xfsz", "bytes each transfer moves", xfsz);
    cmd.AddValue("window", "TCP socket buffers, bytes", window);
    cmd.AddValue("cc", "TCP loss recovery: Tahoe or NewReno", congestionControl);
    cmd.AddValue("tcpStart", "when the TCP senders start, s", tcpStart);
    cmd.AddValue("seed", "random seed", seed);
    cmd.Parse(argc, argv);

    RngSeedManager::SetSeed(seed);
    Ptr<ProteonRingTestbed> testbed = CreateObject<ProteonRingTestbed>();
    Ptr<NetbltBulkTransfer> netblt = CreateObject<NetbltBulkTransfer>();
    netblt->SetSenderAttribute("BurstSize", UintegerValue(bs));
    netblt->SetSenderAttribute("BurstInterval", TimeValue(MilliSeconds(bi)));
    netblt->SetSenderAttribute("TransferSize", UintegerValue(xfsz));
    testbed->AddTransfer(netblt);
    for (uint32_t flow = 0; flow < tcpFlows; ++flow)
    {
        Ptr<TcpBulkTransfer> tcp = CreateObject<TcpBulkTransfer>();
        tcp->SetAttribute("TransferSize", UintegerValue(xfsz));
        tcp->SetSocketAttribute("BufferSize", UintegerValue(window));
        tcp->SetSocketAttribute("CongestionControl", StringValue(congestionControl));
        tcp->SetSenderAttribute("StartTime", TimeValue(Seconds(tcpStart)));
        testbed->AddTransfer(tcp);
    }
    testbed->Install();
    Simulator::Run();

    double sum = 0;
    double squares = 0;
    bool intact = true;
    for (uint32_t pair = 0; pair < testbed->GetNTransfers(); ++pair)
    {
        const TransferRecord r = testbed->GetRecord(pair);
        std::cout << (pair == 0 ? "netblt" : "tcp") << " " << pair << " intact " << r.intact
                  << " speed_mbps " << r.steadyStateMbps << " real_mbps " << r.realMbps << " rxm "
                  << r.retransmitted << " simulated_s " << r.simulatedSeconds << "\n";
        sum += r.steadyStateMbps;
        squares += r.steadyStateMbps * r.steadyStateMbps;
        intact = intact && r.intact;
    }
    std::cout << "jain_index " << sum * sum / (testbed->GetNTransfers() * squares) << std::endl;
    Simulator::Destroy();
    return intact ? 0 : 1;
}
