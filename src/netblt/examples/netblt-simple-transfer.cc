/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The smallest NETBLT set-up: two nodes on a stock point-to-point link, a bulk sender and a sink.
// Shows the module's API; prints the transfer's counters and checks the bytes arrived intact.
//   build/bin/netblt-simple-transfer --nbufs=2 --xfsz=1438000
#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/netblt-bulk-send-application.h"
#include "ns3/netblt-bulk-send-helper.h"
#include "ns3/netblt-helper.h"
#include "ns3/netblt-sink-application.h"
#include "ns3/netblt-sink-helper.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"

#include <iostream>

using namespace ns3;

int
main(int argc, char* argv[])
{
    uint32_t nbufs = 1;
    uint32_t xfsz = 143800;
    uint32_t bi = 30;
    CommandLine cmd(__FILE__);
    cmd.AddValue("nbufs", "outstanding buffers", nbufs);
    cmd.AddValue("xfsz", "bytes to transfer", xfsz);
    cmd.AddValue("bi", "burst interval, ms", bi);
    cmd.Parse(argc, argv);

    NodeContainer nodes;
    nodes.Create(2);
    PointToPointHelper link;
    link.SetDeviceAttribute("DataRate", StringValue("10Mbps"));
    link.SetChannelAttribute("Delay", StringValue("1ms"));
    NetDeviceContainer devices = link.Install(nodes);

    InternetStackHelper internet;
    internet.Install(nodes);
    Ipv4AddressHelper addresses("10.1.1.0", "255.255.255.0");
    Ipv4InterfaceContainer interfaces = addresses.Assign(devices);
    NetbltHelper().Install(nodes);

    NetbltSinkHelper sink(2000);
    ApplicationContainer sinkApps = sink.Install(nodes.Get(1));
    NetbltBulkSendHelper sender(interfaces.GetAddress(1), 2000);
    sender.SetAttribute("TransferSize", UintegerValue(xfsz));
    sender.SetAttribute("MaxOutstandingBuffers", UintegerValue(nbufs));
    sender.SetAttribute("BurstInterval", TimeValue(MilliSeconds(bi)));
    ApplicationContainer senderApps = sender.Install(nodes.Get(0));
    senderApps.Start(MilliSeconds(1));

    Simulator::Run();

    auto send = DynamicCast<NetbltBulkSendApplication>(senderApps.Get(0));
    auto recv = DynamicCast<NetbltSinkApplication>(sinkApps.Get(0));
    const NetbltConnectionStatistics& s = send->GetConnection()->GetStatistics();
    const NetbltConnectionStatistics& r = recv->GetConnection()->GetStatistics();
    bool intact = send->GetDigest() == recv->GetDigest() && recv->GetBytesReceived() == xfsz;
    std::cout << "sender " << NetbltConnection::CloseReasonName(send->GetCloseReason())
              << ", receiver " << NetbltConnection::CloseReasonName(recv->GetCloseReason())
              << ", intact " << intact << "\n"
              << "data packets sent " << s.dataPacketsSent << ", received " << r.dataPacketsReceived
              << ", retransmitted " << s.dataPacketsRetransmitted << ", data timeouts "
              << r.dataTimeouts << ", control packets " << r.controlPacketsSent << ", NULL-ACKs "
              << s.nullAcksSent << "\n"
              << "throughput "
              << 8.0 * r.bytesDelivered / (r.completeTime - s.openTime).GetSeconds() / 1e6
              << " Mbit/s (open to DONE), "
              << "finished at " << Simulator::Now().GetSeconds() << " s" << std::endl;
    Simulator::Destroy();
    return intact ? 0 : 1;
}
