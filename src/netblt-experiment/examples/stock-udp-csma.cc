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

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/csma-module.h"
#include "ns3/internet-module.h"
#include "ns3/traffic-control-module.h"

#include <chrono>
#include <iostream>

using namespace ns3;

int
main(int argc, char* argv[])
{
    uint32_t packets = 3478; // 5 million bytes in 1438-byte DATA packets
    uint32_t size = 1462;    // 1438 data bytes + the 24-byte NETBLT DATA header
    double intervalMs = 6;   // 5 packets every 30 ms
    CommandLine cmd(__FILE__);
    cmd.AddValue("packets", "packets to send", packets);
    cmd.AddValue("size", "UDP payload bytes per packet", size);
    cmd.AddValue("interval", "ms between packets", intervalMs);
    cmd.Parse(argc, argv);
    if (packets == 0 || size < 12 || size > 1472 || intervalMs <= 0)
    {
        std::cerr << "stock-udp-csma: --packets must be at least 1, --size 12 to 1472 bytes"
                     " (one Ethernet frame), --interval above 0 ms\n";
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

    UdpServerHelper server(9);
    ApplicationContainer sink = server.Install(nodes.Get(1));
    UdpClientHelper client(interfaces.GetAddress(1), 9);
    client.SetAttribute("MaxPackets", UintegerValue(packets));
    client.SetAttribute("Interval", TimeValue(MilliSeconds(intervalMs)));
    client.SetAttribute("PacketSize", UintegerValue(size));
    client.Install(nodes.Get(0));
    Simulator::Stop(MilliSeconds(intervalMs * packets) + Seconds(1));

    const auto started = std::chrono::steady_clock::now();
    Simulator::Run();
    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    const double simulated = Simulator::Now().GetSeconds();
    const uint64_t received = DynamicCast<UdpServer>(sink.Get(0))->GetReceived();
    const uint64_t events = Simulator::GetEventCount();
    Simulator::Destroy();
    std::cout << "packets " << packets << " received " << received << "\n"
              << "simulated_s " << simulated << " wall_s " << wall << " events " << events
              << std::endl;
    return received == packets ? 0 : 1;
}
