/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// One NETBLT transfer over a point-to-point link, with RFC 1030's parameters on the command
// line; prints what RFC 1030's tables report. Example:
//   build/bin/netblt-point-to-point --bs=5 --bi=30 --psz=1438 --bfsz=14380 --xfsz=143800
//   --loss=0.05
#include "ns3/core-module.h"
#include "ns3/netblt-bulk-transfer.h"
#include "ns3/point-to-point-testbed.h"

#include <iostream>

using namespace ns3;

int
main(int argc, char* argv[])
{
    uint32_t bs = 5;
    uint32_t bi = 30;
    uint32_t psz = 1438;
    uint32_t bfsz = 14380;
    uint32_t xfsz = 143800;
    uint32_t nbufs = 1;
    uint32_t seed = 1;
    double loss = 0.0;
    double reorder = 0.0;
    double duplicate = 0.0;
    double corrupt = 0.0;
    bool checksum = false;
    std::string pcap;

    CommandLine cmd(__FILE__);
    cmd.AddValue("bs", "burst size, packets", bs);
    cmd.AddValue("bi", "burst interval, ms", bi);
    cmd.AddValue("psz", "data bytes per DATA packet", psz);
    cmd.AddValue("bfsz", "bytes per buffer", bfsz);
    cmd.AddValue("xfsz", "bytes to transfer", xfsz);
    cmd.AddValue("nbufs", "outstanding buffers", nbufs);
    cmd.AddValue("seed", "random seed", seed);
    cmd.AddValue("loss", "packet loss probability in each direction", loss);
    cmd.AddValue("reorder", "probability a packet is held back 20 ms", reorder);
    cmd.AddValue("duplicate", "probability a packet is delivered twice", duplicate);
    cmd.AddValue("corrupt", "probability one bit of a packet is flipped", corrupt);
    cmd.AddValue("checksum", "negotiate DATA checksums (the C flag)", checksum);
    cmd.AddValue("pcap", "directory for pcap files (empty: none)", pcap);
    cmd.Parse(argc, argv);

    RngSeedManager::SetSeed(seed);
    Ptr<NetbltBulkTransfer> transfer = CreateObject<NetbltBulkTransfer>();
    transfer->SetSenderAttribute("BurstSize", UintegerValue(bs));
    transfer->SetSenderAttribute("BurstInterval", TimeValue(MilliSeconds(bi)));
    transfer->SetSenderAttribute("PacketSize", UintegerValue(psz));
    transfer->SetSenderAttribute("BufferSize", UintegerValue(bfsz));
    transfer->SetSenderAttribute("TransferSize", UintegerValue(xfsz));
    transfer->SetSenderAttribute("MaxOutstandingBuffers", UintegerValue(nbufs));
    transfer->SetSenderAttribute("ChecksumData", BooleanValue(checksum));
    Ptr<PointToPointTestbed> experiment = CreateObject<PointToPointTestbed>();
    experiment->AddTransfer(transfer);
    experiment->SetAttribute("LossRate", DoubleValue(loss));
    experiment->SetAttribute("ReorderProbability", DoubleValue(reorder));
    experiment->SetAttribute("DuplicateProbability", DoubleValue(duplicate));
    experiment->SetAttribute("CorruptProbability", DoubleValue(corrupt));
    experiment->SetAttribute("PcapDirectory", StringValue(pcap));
    experiment->Install();
    Simulator::Run();
    TransferRecord r = experiment->GetRecord(0);
    Simulator::Destroy();

    std::cout << "completed " << r.completed << " intact " << r.intact << " sender "
              << r.senderClose << " receiver " << r.receiverClose << "\n"
              << "loss " << r.lost << " rxm " << r.retransmitted << " dtmos " << r.dataTimeouts
              << " speed_mbps " << r.steadyStateMbps << " real_mbps " << r.realMbps << "\n"
              << "checksum_errors " << r.checksumErrors << " malformed " << r.malformedPackets
              << "\n"
              << "simulated_s " << r.simulatedSeconds << " events " << r.events << std::endl;
    return r.completed && r.intact ? 0 : 1;
}
