/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/*
 * Two IPv4 hosts with 3Com 3C500 interfaces at the two ends of a 500 m Ethernet shared with
 * background stations; node 0 runs a UDP echo client, node 1 the echo server. Prints each
 * round-trip time, then the collisions, deferrals, interface losses and background frames, and
 * the events and wall time the run took.
 *
 *   ./build/bin/ethernet-3c500-example
 *   ./build/bin/ethernet-3c500-example --load=0.3 --stations=150 --packets=100 --pcap=/tmp
 *   tshark -r /tmp/ethernet-3c500-example-0-0.pcap      # DLT_EN10MB: Ethernet II
 */

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/etherlink-3c500-net-device.h"
#include "ns3/ethernet-bus-channel.h"
#include "ns3/ethernet-helper.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"

#include <chrono>
#include <iostream>
#include <map>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("Ethernet3c500Example");

namespace
{

std::map<uint64_t, Time> g_sent; //!< send time of each echo request, by packet uid
uint32_t g_replies = 0;          //!< echo replies received

/**
 * Echo client's Tx sink.
 * @param p the request
 */
void
Sent(Ptr<const Packet> p)
{
    g_sent[p->GetUid()] = Simulator::Now();
}

/**
 * Echo client's Rx sink.
 * @param p the reply
 */
void
Replied(Ptr<const Packet> p)
{
    ++g_replies;
    auto i = g_sent.find(p->GetUid());
    if (i != g_sent.end())
    {
        std::cout << "reply " << g_replies << ": round trip "
                  << (Simulator::Now() - i->second).As(Time::US) << std::endl;
    }
}

} // namespace

int
main(int argc, char* argv[])
{
    uint32_t packets = 5;
    uint32_t size = 1000;
    Time interval = MilliSeconds(100);
    double load = 0.0;
    uint32_t stations = 0;
    std::string pcap;

    CommandLine cmd(__FILE__);
    cmd.AddValue("packets", "Number of echo requests", packets);
    cmd.AddValue("size", "UDP payload size (bytes)", size);
    cmd.AddValue("interval", "Time between requests", interval);
    cmd.AddValue("load", "Load of the background traffic (0 to 1)", load);
    cmd.AddValue("stations",
                 "background Stations (0: 150 if --load is set, as MIT's Subnet 26)",
                 stations);
    cmd.AddValue("pcap", "Directory for pcap files (empty: none)", pcap);
    cmd.Parse(argc, argv);
    // Real IPv4 (and UDP) checksums, in the pcap files too, as real captures have them;
    // nothing in this example damages a packet it delivers, so nothing else changes.
    GlobalValue::Bind("ChecksumEnabled", BooleanValue(true));
    if (stations == 0 && load > 0)
    {
        stations = 150;
    }

    NodeContainer nodes;
    nodes.Create(2);
    EthernetHelper ethernet;
    ethernet.SetBackgroundAttribute("Stations", UintegerValue(stations));
    ethernet.SetBackgroundAttribute("Load", DoubleValue(load));
    NetDeviceContainer devices = ethernet.Install(nodes);
    ethernet.AssignStreams(devices, 1);

    InternetStackHelper internet;
    internet.Install(nodes);
    Ipv4AddressHelper address;
    address.SetBase("10.1.1.0", "255.255.255.0");
    Ipv4InterfaceContainer interfaces = address.Assign(devices);

    UdpEchoServerHelper server(9);
    ApplicationContainer serverApps = server.Install(nodes.Get(1));
    serverApps.Start(Seconds(0));
    UdpEchoClientHelper client(interfaces.GetAddress(1), 9);
    client.SetAttribute("MaxPackets", UintegerValue(packets));
    client.SetAttribute("Interval", TimeValue(interval));
    client.SetAttribute("PacketSize", UintegerValue(size));
    ApplicationContainer clientApps = client.Install(nodes.Get(0));
    clientApps.Start(Seconds(1));
    clientApps.Get(0)->TraceConnectWithoutContext("Tx", MakeCallback(&Sent));
    clientApps.Get(0)->TraceConnectWithoutContext("Rx", MakeCallback(&Replied));

    Ptr<EthernetBusChannel> channel = DynamicCast<EthernetBusChannel>(devices.Get(0)->GetChannel());
    if (!pcap.empty())
    {
        ethernet.EnablePcapAll(pcap + "/ethernet-3c500-example");
    }

    const Time end = Seconds(2) + interval * static_cast<int64_t>(packets);
    Simulator::Stop(end);
    const auto wallStart = std::chrono::steady_clock::now();
    Simulator::Run();
    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - wallStart).count();
    uint64_t lost = 0;
    uint64_t collisions = 0;
    for (uint32_t i = 0; i < 2; ++i)
    {
        Ptr<Etherlink3c500NetDevice> card = DynamicCast<Etherlink3c500NetDevice>(devices.Get(i));
        lost += card->GetRxLostDeaf() + card->GetRxLostBufferFull();
        collisions += card->GetCollisions();
    }
    const uint64_t events = Simulator::GetEventCount();
    std::cout << "requests=" << packets << " replies=" << g_replies
              << " hostCollisions=" << collisions << " interfaceLosses=" << lost
              << " collisions=" << channel->GetCollisions()
              << " deferrals=" << channel->GetDeferrals()
              << " backgroundFrames=" << channel->GetBackgroundFramesSent() << " events=" << events
              << " wall=" << wall << "s" << std::endl;
    Simulator::Destroy();
    return 0;
}
