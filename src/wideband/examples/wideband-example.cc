/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup wideband
 * UDP datagrams between two gateways across the Wideband satellite channel: prints the
 * one-way delays (RFC 1030 §7: about 600 ms, and multiples of it when a reservation is lost),
 * the datagrams re-ordered, the events per datagram and the wall-clock speed.
 *
 *     build/bin/wideband-example --count=2000 --interval=11ms --ber=1e-6 --pcap=/tmp/wb
 */

#include "ns3/boolean.h"
#include "ns3/command-line.h"
#include "ns3/double.h"
#include "ns3/global-value.h"
#include "ns3/inet-socket-address.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"
#include "ns3/wideband-channel.h"
#include "ns3/wideband-helper.h"
#include "ns3/wideband-net-device.h"

#include <algorithm>
#include <chrono>
#include <iostream>
#include <vector>

using namespace ns3;

int
main(int argc, char* argv[])
{
    uint32_t count = 2000;
    Time interval = MilliSeconds(11);
    uint32_t payload = 1448;
    double ber = 1e-6;
    double load = 0.0;
    std::string pcap;
    CommandLine cmd(__FILE__);
    cmd.AddValue("count", "datagrams to send", count);
    cmd.AddValue("interval", "time between datagrams", interval);
    cmd.AddValue("payload", "UDP payload bytes (1448: a 1476-byte IPv4 datagram)", payload);
    cmd.AddValue("ber", "channel BitErrorRate", ber);
    cmd.AddValue("load", "channel BackgroundLoad (0 to 1)", load);
    cmd.AddValue("pcap", "write the stations' captures into this directory", pcap);
    cmd.Parse(argc, argv);
    // Real IPv4 (and UDP) checksums, in the pcap files too, as real captures have them;
    // nothing in this example damages a packet it delivers, so nothing else changes.
    GlobalValue::Bind("ChecksumEnabled", BooleanValue(true));

    NodeContainer nodes;
    nodes.Create(2);
    WidebandHelper wideband;
    wideband.SetChannelAttribute("BitErrorRate", DoubleValue(ber));
    wideband.SetChannelAttribute("BackgroundLoad", DoubleValue(load));
    NetDeviceContainer devices = wideband.Install(nodes);
    InternetStackHelper internet;
    internet.Install(nodes);
    wideband.AssignStreams(devices, 1);
    Ipv4AddressHelper addresses("10.1.3.0", "255.255.255.0");
    Ipv4InterfaceContainer interfaces = addresses.Assign(devices);
    if (!pcap.empty())
    {
        wideband.EnablePcapAll(pcap + "/wideband");
    }

    std::vector<Time> sent(count);
    std::vector<Time> delays;
    uint32_t reordered = 0;
    uint32_t highest = 0;
    Ptr<Socket> sink = Socket::CreateSocket(nodes.Get(1), UdpSocketFactory::GetTypeId());
    sink->Bind(InetSocketAddress(Ipv4Address::GetAny(), 9));
    sink->SetRecvCallback(Callback<void, Ptr<Socket>>([&](Ptr<Socket> socket) {
        while (Ptr<Packet> packet = socket->Recv())
        {
            uint32_t number = 0;
            packet->CopyData(reinterpret_cast<uint8_t*>(&number), sizeof(number));
            delays.push_back(Simulator::Now() - sent[number]);
            reordered += number < highest ? 1 : 0;
            highest = std::max(highest, number);
        }
    }));
    Ptr<Socket> source = Socket::CreateSocket(nodes.Get(0), UdpSocketFactory::GetTypeId());
    source->Connect(InetSocketAddress(interfaces.GetAddress(1), 9));
    for (uint32_t i = 0; i < count; ++i)
    {
        Simulator::Schedule(Seconds(1) + interval * i, [&, i]() {
            sent[i] = Simulator::Now();
            std::vector<uint8_t> bytes(payload, 0);
            std::copy_n(reinterpret_cast<const uint8_t*>(&i), sizeof(i), bytes.begin());
            source->Send(Create<Packet>(bytes.data(), payload));
        });
    }
    const auto started = std::chrono::steady_clock::now();
    Simulator::Run();
    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    const uint64_t events = Simulator::GetEventCount();
    const Time end = Simulator::Now();
    Simulator::Destroy();

    std::sort(delays.begin(), delays.end());
    Ptr<WidebandNetDevice> station = DynamicCast<WidebandNetDevice>(devices.Get(0));
    std::cout << "datagrams sent " << count << ", received " << delays.size() << ", re-ordered "
              << reordered << ", requests lost " << station->GetReservationsLost()
              << ", station resets " << station->GetResets() << "\n";
    if (!delays.empty())
    {
        std::cout << "one-way delay (ms): min " << delays.front().GetMilliSeconds() << ", median "
                  << delays[delays.size() / 2].GetMilliSeconds() << ", max "
                  << delays.back().GetMilliSeconds() << "\n";
    }
    std::cout << "events " << events << " (" << double(events) / count << " per datagram), "
              << end.GetSeconds() << " s simulated in " << wall << " s wall ("
              << end.GetSeconds() / wall << " x real time)\n";
    return 0;
}
