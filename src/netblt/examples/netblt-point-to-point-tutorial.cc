/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// NETBLT in your own ns-3 program (src/netblt/doc/ns3-cmake.rst): two nodes, a point-to-point
// link, IPv4, NETBLT on both, one transfer. Prints the bytes delivered and whether they are the
// bytes sent (their digests match); exits 1 if not.
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
    uint32_t bytes = 100000;
    CommandLine cmd(__FILE__);
    cmd.AddValue("bytes", "bytes to transfer", bytes);
    cmd.Parse(argc, argv);

    NodeContainer nodes(2);
    PointToPointHelper link;
    link.SetDeviceAttribute("DataRate", StringValue("10Mbps"));
    link.SetChannelAttribute("Delay", StringValue("2ms"));
    NetDeviceContainer devices = link.Install(nodes);
    InternetStackHelper().Install(nodes);
    Ipv4InterfaceContainer interfaces =
        Ipv4AddressHelper("10.1.1.0", "255.255.255.0").Assign(devices);
    NetbltHelper().Install(nodes); // IP protocol 30 on both nodes

    ApplicationContainer sink = NetbltSinkHelper(2000).Install(nodes.Get(1));
    NetbltBulkSendHelper sendHelper(interfaces.GetAddress(1), 2000);
    sendHelper.SetAttribute("TransferSize", UintegerValue(bytes));
    ApplicationContainer send = sendHelper.Install(nodes.Get(0));
    Simulator::Run();

    auto sender = DynamicCast<NetbltBulkSendApplication>(send.Get(0));
    auto receiver = DynamicCast<NetbltSinkApplication>(sink.Get(0));
    bool intact =
        receiver->GetBytesReceived() == bytes && sender->GetDigest() == receiver->GetDigest();
    std::cout << "NETBLT delivered " << receiver->GetBytesReceived() << " of " << bytes
              << " bytes by " << Simulator::Now().As(Time::MS)
              << ", intact: " << (intact ? "yes" : "no") << std::endl;
    Simulator::Destroy();
    return intact ? 0 : 1;
}
