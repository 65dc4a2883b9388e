/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The per-packet yardstick of scripts/bench: the data packets of a NETBLT transfer between two
// hosts, carried by stock ns-3 alone. Two nodes on one stock CsmaNetDevice Ethernet at 10 Mbit/s
// (RFC 1030 §6), IPv4 without queue discs, a stock UdpClient sending one packet of the NETBLT
// DATA packet's IP payload every burst interval / burst size, a UdpServer counting them. No host
// model, no NETBLT, no control traffic: what ns-3's own stack and devices cost per packet.
// Prints the packets received, the simulated and wall time and the events. Example:
//   build/bin/stock-udp-csma --packets=3478 --size=1462 --interval=6

#include "stock-yardstick.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/csma-module.h"
#include "ns3/internet-module.h"
#include "ns3/traffic-control-module.h"

using namespace ns3;

int
main(int argc, char* argv[])
{
    // 5 million bytes in 1438-byte DATA packets (1438 data bytes + the 24-byte DATA header),
    // 5 every 30 ms.
    StockYardstick options{3478, 1462, 6};
    if (!ParseStockYardstick(argc, argv, "stock-udp-csma", options))
    {
        return 2;
    }

    NodeContainer nodes;
    nodes.Create(2);
    CsmaHelper ethernet;
    ethernet.SetChannelAttribute("DataRate", StringValue("10Mbps"));
    NetDeviceContainer devices = ethernet.Install(nodes);
    InternetStackHelper internet;
    internet.Install(nodes);
    Ipv4AddressHelper addresses("10.1.1.0", "255.255.255.0");
    Ipv4InterfaceContainer interfaces = addresses.Assign(devices);
    TrafficControlHelper().Uninstall(devices); // FIFO, as the NETBLT experiments

    return RunStockYardstick(nodes.Get(0), nodes.Get(1), interfaces.GetAddress(1), options);
}
