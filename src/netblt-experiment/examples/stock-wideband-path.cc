/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The yardstick of scripts/bench-wideband: the data packets of a NETBLT transfer over the Table IV
// path, carried by stock ns-3 alone. Five nodes in a chain (sender, MIT gateway, BBN, ISI
// gateway, receiver) joined by stock CsmaNetDevice Ethernets and PointToPointNetDevice links at
// the path's rates; a stock UdpClient sends one packet of the NETBLT DATA packet's IP payload
// every burst interval / burst size (all flows together). No host model, no NETBLT, no
// background load, no control traffic: what ns-3's own IPv4 forwarding and devices cost for the
// same packets over the same hops. With --flows=N, N senders on the first Ethernet send to N
// receivers on the last, each its share of the packets at its share of the rate. Prints the
// simulated and wall time, the events, and their ratio. Example:
//   build/bin/stock-wideband-path --packets=34918 --size=1456 --interval=11 --flows=8
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
    if (!ParseStockYardstick(argc, argv, "stock-wideband-path", options, true))
    {
        return 2;
    }

    // Senders on MIT's Ethernet, the three gateways, receivers on ISI's Ethernet.
    NodeContainer senders;
    senders.Create(options.flows);
    NodeContainer gateways;
    gateways.Create(3);
    NodeContainer receivers;
    receivers.Create(options.flows);
    CsmaHelper ethernet; // RFC 1030 §6: 10 Mbit/s Ethernets at MIT and ISI
    ethernet.SetChannelAttribute("DataRate", StringValue("10Mbps"));
    PointToPointHelper t1; // RFC 1030 §7: the T1 line from MIT to BBN
    t1.SetDeviceAttribute("DataRate", StringValue("1544kbps"));
    PointToPointHelper satellite; // Appendix I: 24,054 usable bits every 21.22 ms; 1.8 s round trip
    satellite.SetDeviceAttribute("DataRate", StringValue("1133kbps"));
    satellite.SetChannelAttribute("Delay", StringValue("600ms"));
    const std::vector<NetDeviceContainer> links = {
        ethernet.Install(NodeContainer(senders, NodeContainer(gateways.Get(0)))),
        t1.Install(gateways.Get(0), gateways.Get(1)),
        satellite.Install(gateways.Get(1), gateways.Get(2)),
        ethernet.Install(NodeContainer(NodeContainer(gateways.Get(2)), receivers)),
    };
    InternetStackHelper internet;
    internet.Install(NodeContainer(senders, gateways, receivers));
    Ipv4AddressHelper addresses("10.1.1.0", "255.255.255.0");
    Ipv4InterfaceContainer receiverLink;
    for (const NetDeviceContainer& link : links)
    {
        receiverLink = addresses.Assign(link);
        TrafficControlHelper().Uninstall(link); // FIFO, as the NETBLT experiments
        addresses.NewNetwork();
    }
    Ipv4GlobalRoutingHelper::PopulateRoutingTables();

    std::vector<Ipv4Address> receiverAddresses;
    for (uint32_t flow = 0; flow < options.flows; ++flow)
    {
        receiverAddresses.push_back(receiverLink.GetAddress(flow + 1));
    }
    return RunStockYardstick(senders, receivers, receiverAddresses, options);
}
