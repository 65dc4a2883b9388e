/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef STOCK_YARDSTICK_H
#define STOCK_YARDSTICK_H

// What the stock yardstick programs of scripts/bench and scripts/bench-wideband share: their
// options (a NETBLT transfer's data packets: how many, how large, how far apart) and the UDP
// client and server that carry those packets, the timed run and the printed figures.

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"

#include <chrono>
#include <iostream>
#include <string>

namespace ns3
{

/** The packets a stock yardstick carries. */
struct StockYardstick
{
    uint32_t packets;  //!< packets to send
    uint32_t size;     //!< UDP payload bytes per packet (the DATA packet's IP payload)
    double intervalMs; //!< ms between packets (burst interval / burst size)
};

/**
 * Reads --packets, --size and --interval.
 * @param argc the program's argc
 * @param argv the program's argv
 * @param program the program's name, for the message
 * @param[in,out] options the defaults, then the values given
 * @return false, with a message naming what is allowed, for an impossible value
 */
inline bool
ParseStockYardstick(int argc, char* argv[], const std::string& program, StockYardstick& options)
{
    CommandLine cmd(program);
    cmd.AddValue("packets", "packets to send", options.packets);
    cmd.AddValue("size", "UDP payload bytes per packet", options.size);
    cmd.AddValue("interval", "ms between packets", options.intervalMs);
    cmd.Parse(argc, argv);
    if (options.packets == 0 || options.size < 12 || options.size > 1472 || options.intervalMs <= 0)
    {
        std::cerr << program
                  << ": --packets must be at least 1, --size 12 to 1472 bytes (one Ethernet "
                     "frame), --interval above 0 ms\n";
        return false;
    }
    return true;
}

/**
 * Sends the packets from @p sender to @p receiver with a stock UdpClient and UdpServer, runs the
 * simulation (timing Simulator::Run() alone), destroys it and prints the figures.
 * @param sender the sending node
 * @param receiver the receiving node
 * @param address the receiver's address
 * @param options the packets
 * @return 0 if every packet arrived, 1 otherwise
 */
inline int
RunStockYardstick(Ptr<Node> sender,
                  Ptr<Node> receiver,
                  Ipv4Address address,
                  const StockYardstick& options)
{
    UdpServerHelper server(9);
    ApplicationContainer sink = server.Install(receiver);
    UdpClientHelper client(address, 9);
    client.SetAttribute("MaxPackets", UintegerValue(options.packets));
    client.SetAttribute("Interval", TimeValue(MilliSeconds(options.intervalMs)));
    client.SetAttribute("PacketSize", UintegerValue(options.size));
    client.Install(sender);
    Simulator::Stop(MilliSeconds(options.intervalMs * options.packets) + Seconds(5));

    const auto started = std::chrono::steady_clock::now();
    Simulator::Run();
    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    const double simulated = Simulator::Now().GetSeconds();
    const uint64_t received = DynamicCast<UdpServer>(sink.Get(0))->GetReceived();
    const uint64_t events = Simulator::GetEventCount();
    Simulator::Destroy();
    std::cout << "packets " << options.packets << " received " << received << "\n"
              << "simulated_s " << simulated << " wall_s " << wall << " events " << events << "\n"
              << "speed_up " << simulated / wall << std::endl;
    return received == options.packets ? 0 : 1;
}

} // namespace ns3

#endif /* STOCK_YARDSTICK_H */
