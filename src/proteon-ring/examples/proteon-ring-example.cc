/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/*
 * Two IPv4 hosts on a 40-station ProNET-10 ring (stations 0 and 20); node 0 runs a UDP echo
 * client, node 1 the echo server. Prints each round-trip time, the token waits, the number of
 * background frames and the events the run took.
 *
 *   ./build/bin/proteon-ring-example
 *   ./build/bin/proteon-ring-example --load=0.3 --packets=100 --pcap=/tmp
 *   tshark -r /tmp/proteon-ring-example-0-0.pcap      # LINKTYPE_RAW: bare IPv4
 */

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/proteon-ring-channel.h"
#include "ns3/proteon-ring-helper.h"

#include <chrono>
#include <iostream>
#include <map>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("ProteonRingExample");

namespace
{

std::map<uint64_t, Time> g_sent; //!< send time of each echo request, by packet uid
uint32_t g_replies = 0;          //!< echo replies received
Time g_totalWait;                //!< sum of the token waits
uint32_t g_frames = 0;           //!< frames that took the token

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

/**
 * Channel's TokenWait sink.
 * @param frame the frame
 * @param station the sending station
 * @param wait its token wait
 */
void
TokenWait(Ptr<const Packet> frame, uint32_t station, Time wait)
{
    g_totalWait += wait;
    ++g_frames;
}

} // namespace

int
main(int argc, char* argv[])
{
    uint32_t packets = 5;
    uint32_t size = 1000;
    Time interval = MilliSeconds(100);
    double load = 0.0;
    std::string pcap;

    CommandLine cmd(__FILE__);
    cmd.AddValue("packets", "Number of echo requests", packets);
    cmd.AddValue("size", "UDP payload size (bytes)", size);
    cmd.AddValue("interval", "Time between requests", interval);
    cmd.AddValue("load", "BackgroundLoad of the ring (0 to 1)", load);
    cmd.AddValue("pcap", "Directory for pcap files (empty: none)", pcap);
    cmd.Parse(argc, argv);
    // Real IPv4 (and UDP) checksums, in the pcap files too, as real captures have them;
    // nothing in this example damages a packet it delivers, so nothing else changes.
    GlobalValue::Bind("ChecksumEnabled", BooleanValue(true));

    NodeContainer nodes;
    nodes.Create(2);
    ProteonRingHelper ring;
    ring.SetChannelAttribute("BackgroundLoad", DoubleValue(load));
    NetDeviceContainer devices = ring.Install(nodes);
    ring.AssignStreams(devices, 1);

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

    Ptr<ProteonRingChannel> channel = DynamicCast<ProteonRingChannel>(devices.Get(0)->GetChannel());
    channel->TraceConnectWithoutContext("TokenWait", MakeCallback(&TokenWait));
    if (!pcap.empty())
    {
        ring.EnablePcapAll(pcap + "/proteon-ring-example");
    }

    const Time end = Seconds(2) + interval * static_cast<int64_t>(packets);
    Simulator::Stop(end);
    const auto wallStart = std::chrono::steady_clock::now();
    Simulator::Run();
    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - wallStart).count();
    const uint64_t background = channel->GetBackgroundFramesSent();
    const uint64_t events = Simulator::GetEventCount();
    Simulator::Destroy();

    std::cout << "requests=" << packets << " replies=" << g_replies << " frames=" << g_frames
              << " meanTokenWait="
              << (g_frames ? g_totalWait / static_cast<int64_t>(g_frames) : Time(0)).As(Time::US)
              << " backgroundFrames=" << background << " events=" << events << " wall=" << wall
              << "s" << std::endl;
    return g_replies == packets ? 0 : 1;
}
