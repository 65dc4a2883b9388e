/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The yardstick of scripts/bench-wideband: the data packets of a NETBLT transfer over the Table IV
// path, carried by stock ns-3 alone. Five nodes in a chain (sender, MIT gateway, BBN, ISI
// gateway, receiver) joined by stock CsmaNetDevice Ethernets and PointToPointNetDevice links at
// the path's rates; a stock UdpClient sends one packet of the NETBLT DATA packet's IP payload
// every burst interval / burst size. No host model, no NETBLT, no background load, no control
// traffic: what ns-3's own IPv4 forwarding and devices cost for the same packets over the same
// hops. Prints the simulated and wall time, the events, and their ratio. Example:
//   build/bin/stock-wideband-path --packets=34918 --size=1456 --interval=11
#include "stock-yardstick.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/csma-module.h"
#include "ns3/internet-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/traffic-control-module.h"

using namespace ns3;

int
main(int argc, char* argv[])
{
    // 50 million bytes in 1432-byte DATA packets (1432 data bytes + the 24-byte DATA header),
    // 5 every 55 ms.
    StockYardstick options{34918, 1456, 11};
    if (!ParseStockYardstick(argc, argv, "stock-wideband-path", options))
    {
        return 2;
    }

    NodeContainer nodes;
    nodes.Create(5);
    CsmaHelper ethernet; // RFC 1030 §6: 10 Mbit/s Ethernets at MIT and ISI
    ethernet.SetChannelAttribute("DataRate", StringValue("10Mbps"));
    PointToPointHelper t1; // RFC 1030 §7: the T1 line from MIT to BBN
    t1.SetDeviceAttribute("DataRate", StringValue("1544kbps"));
    PointToPointHelper satellite; // Appendix I: 24,054 usable bits every 21.22 ms; 1.8 s round trip
    satellite.SetDeviceAttribute("DataRate", StringValue("1133kbps"));
    satellite.SetChannelAttribute("Delay", StringValue("600ms"));
    const std::vector<NetDeviceContainer> links = {
        ethernet.Install(NodeContainer(nodes.Get(0), nodes.Get(1))),
        t1.Install(nodes.Get(1), nodes.Get(2)),
        satellite.Install(nodes.Get(2), nodes.Get(3)),
        ethernet.Install(NodeContainer(nodes.Get(3), nodes.Get(4))),
    };
    InternetStackHelper internet;
    internet.Install(nodes);
    Ipv4AddressHelper addresses("10.1.1.0", "255.255.255.0");
    Ipv4InterfaceContainer receiverLink;
    for (const NetDeviceContainer& link : links)
    {
        receiverLink = addresses.Assign(link);
        TrafficControlHelper().Uninstall(link); // FIFO, as the NETBLT experiments
        addresses.NewNetwork();
    }
    Ipv4GlobalRoutingHelper::PopulateRoutingTables();

    return RunStockYardstick(nodes.Get(0), nodes.Get(4), receiverLink.GetAddress(1), options);
}
