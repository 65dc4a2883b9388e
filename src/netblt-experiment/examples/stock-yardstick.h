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
#include <vector>

namespace ns3
{

/** The packets a stock yardstick carries. */
struct StockYardstick
{
    uint32_t packets;  //!< packets to send, in all
    uint32_t size;     //!< UDP payload bytes per packet (the DATA packet's IP payload)
    double intervalMs; //!< ms between packets, all flows together (burst interval / burst size)
    uint32_t flows{1}; //!< senders, each to its own receiver, sharing the packets and the rate
};

/**
 * Reads --packets, --size and --interval, and --flows if @p withFlows.
 * @param argc the program's argc
 * @param argv the program's argv
 * @param program the program's name, for the message
 * @param[in,out] options the defaults, then the values given
 * @param withFlows whether the program takes --flows
 * @return false, with a message naming what is allowed, for an impossible value
 */
inline bool
ParseStockYardstick(int argc,
                    char* argv[],
                    const std::string& program,
                    StockYardstick& options,
                    bool withFlows = false)
{
    CommandLine cmd(program);
    cmd.AddValue("packets", "packets to send, in all", options.packets);
    cmd.AddValue("size", "UDP payload bytes per packet", options.size);
    cmd.AddValue("interval", "ms between packets, all flows together", options.intervalMs);
    if (withFlows)
    {
        cmd.AddValue("flows", "senders, each to its own receiver (1 to 100)", options.flows);
    }
    cmd.Parse(argc, argv);
    if (options.packets == 0 || options.size < 12 || options.size > 1472 ||
        options.intervalMs <= 0 || options.flows < 1 || options.flows > 100)
    {
        std::cerr << program
                  << ": --packets must be at least 1, --size 12 to 1472 bytes (one Ethernet "
                     "frame), --interval above 0 ms, --flows 1 to 100\n";
        return false;
    }
    return true;
}

/**
 * Sends the packets with stock UdpClients and UdpServers, sender i to receiver i, each flow an
 * equal share of the packets at its share of the rate (flow i starting i / flows of an interval
 * later), runs the simulation (timing Simulator::Run() alone), destroys it and prints the
 * figures.
 * @param senders the sending nodes
 * @param receivers the receiving nodes, one per sender
 * @param addresses the receivers' addresses
 * @param options the packets
 * @return 0 if every packet arrived, 1 otherwise
 */
inline int
RunStockYardstick(NodeContainer senders,
                  NodeContainer receivers,
                  const std::vector<Ipv4Address>& addresses,
                  const StockYardstick& options)
{
    const uint32_t flows = senders.GetN();
    const double flowIntervalMs = options.intervalMs * flows;
    std::vector<Ptr<UdpServer>> servers;
    uint32_t packets = 0;
    for (uint32_t flow = 0; flow < flows; ++flow)
    {
        UdpServerHelper server(9);
        servers.push_back(DynamicCast<UdpServer>(server.Install(receivers.Get(flow)).Get(0)));
        const uint32_t share = options.packets / flows + (flow < options.packets % flows ? 1 : 0);
        packets += share;
        UdpClientHelper client(addresses[flow], 9);
        client.SetAttribute("MaxPackets", UintegerValue(share));
        client.SetAttribute("Interval", TimeValue(MilliSeconds(flowIntervalMs)));
        client.SetAttribute("PacketSize", UintegerValue(options.size));
        client.SetAttribute("StartTime", TimeValue(MilliSeconds(options.intervalMs * flow)));
        client.Install(senders.Get(flow));
    }
    Simulator::Stop(MilliSeconds(options.intervalMs * options.packets) + Seconds(5));

    const auto started = std::chrono::steady_clock::now();
    Simulator::Run();
    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    const double simulated = Simulator::Now().GetSeconds();
    uint64_t received = 0;
    for (const Ptr<UdpServer>& server : servers)
    {
        received += server->GetReceived();
    }
    const uint64_t events = Simulator::GetEventCount();
    Simulator::Destroy();
    std::cout << "packets " << packets << " received " << received << "\n"
              << "simulated_s " << simulated << " wall_s " << wall << " events " << events << "\n"
              << "speed_up " << simulated / wall << std::endl;
    return received == packets ? 0 : 1;
}

/**
 * RunStockYardstick() for one sender and one receiver.
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
    return RunStockYardstick(NodeContainer(sender), NodeContainer(receiver), {address}, options);
}

} // namespace ns3

#endif /* STOCK_YARDSTICK_H */
