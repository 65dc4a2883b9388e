/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/*
 * Two nodes joined by an ImpairedPointToPointHelper link; node 0 sends numbered UDP
 * datagrams (checksums off) with a known payload to node 1, which classifies what it
 * gets as intact, damaged or duplicate.  Prints the channel's impairment counts, the
 * delivery counts and a hash of everything delivered.
 *
 * --metadata=printing or --metadata=checking enables PacketMetadata before anything else,
 * which exercises the channel's metadata-preserving corruption path: the run must
 * complete and print the same counts and hash as with --metadata=none.
 *
 *   ./build/bin/impaired-link-example --corrupt=0.2 --duplicate=0.1 --reorder=0.1
 *   ./build/bin/impaired-link-example --corrupt=1 --metadata=checking
 *
 * With --corruptProtocol=0 (corrupt any protocol) and enough corruption, the run may abort
 * inside ns-3's ICMPv4 code, which does not expect damaged ICMP messages.
 */

#include "ns3/core-module.h"
#include "ns3/impaired-point-to-point-channel.h"
#include "ns3/impaired-point-to-point-helper.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"

#include <cstdint>
#include <iostream>
#include <set>
#include <vector>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("ImpairedLinkExample");

namespace
{

uint32_t g_payloadSize = 200;             //!< UDP payload size (bytes)
uint32_t g_packets = 1000;                //!< number of datagrams sent
uint32_t g_intact = 0;                    //!< datagrams delivered intact, first copy
uint32_t g_duplicates = 0;                //!< datagrams delivered intact, again
uint32_t g_damaged = 0;                   //!< datagrams delivered with a damaged payload
uint64_t g_hash = 1469598103934665603ULL; //!< FNV-1a hash of all delivered bytes
std::set<uint32_t> g_seen;                //!< sequence numbers delivered intact so far
uint32_t g_nDuplicate = 0;                //!< channel Duplicate trace count
uint32_t g_nReorder = 0;                  //!< channel Reorder trace count
uint32_t g_nCorrupt = 0;                  //!< channel Corrupt trace count

/**
 * Build the payload of the seq-th datagram.
 * @param seq sequence number
 * @return the payload
 */
std::vector<uint8_t>
MakePayload(uint32_t seq)
{
    std::vector<uint8_t> bytes(g_payloadSize);
    for (uint32_t j = 0; j < g_payloadSize; ++j)
    {
        bytes[j] = static_cast<uint8_t>(seq * 31 + j * 7 + 1);
    }
    for (uint32_t j = 0; j < 4; ++j)
    {
        bytes[j] = static_cast<uint8_t>(seq >> (24 - 8 * j));
    }
    return bytes;
}

/**
 * Send the seq-th datagram.
 * @param socket the socket
 * @param seq sequence number
 */
void
Send(Ptr<Socket> socket, uint32_t seq)
{
    std::vector<uint8_t> payload = MakePayload(seq);
    socket->Send(Create<Packet>(payload.data(), payload.size()));
}

/**
 * Receive and classify datagrams.
 * @param socket the socket
 */
void
Receive(Ptr<Socket> socket)
{
    Ptr<Packet> p;
    while ((p = socket->Recv()))
    {
        std::vector<uint8_t> bytes(p->GetSize());
        p->CopyData(bytes.data(), bytes.size());
        for (uint8_t b : bytes)
        {
            g_hash = (g_hash ^ b) * 1099511628211ULL;
        }
        uint32_t seq = 0;
        if (bytes.size() >= 4)
        {
            seq = (uint32_t(bytes[0]) << 24) | (uint32_t(bytes[1]) << 16) |
                  (uint32_t(bytes[2]) << 8) | bytes[3];
        }
        // (seq < g_packets catches flips in the upper bytes of the sequence number, which
        // the rest of the pattern does not depend on.)
        if (bytes.size() != g_payloadSize || seq >= g_packets || bytes != MakePayload(seq))
        {
            ++g_damaged;
        }
        else if (!g_seen.insert(seq).second)
        {
            ++g_duplicates;
        }
        else
        {
            ++g_intact;
        }
    }
}

/**
 * Count an impairment.
 * @param counter the counter
 * @param p the frame
 */
void
CountImpairment(uint32_t* counter, Ptr<const Packet> p)
{
    ++*counter;
}

} // namespace

int
main(int argc, char* argv[])
{
    double duplicate = 0.0;
    double reorder = 0.0;
    Time reorderDelay = MilliSeconds(20);
    double corrupt = 0.0;
    // Corrupt only UDP by default: a damaged datagram whose destination port changed
    // triggers an ICMP Port Unreachable, and ns-3's ICMPv4 can abort on a damaged one.
    uint32_t corruptProtocol = 17;
    std::string metadata = "none";
    int64_t stream = 1;
    bool tracing = false;

    CommandLine cmd(__FILE__);
    cmd.AddValue("packets", "Number of datagrams to send", g_packets);
    cmd.AddValue("size", "UDP payload size (bytes, at least 4)", g_payloadSize);
    cmd.AddValue("duplicate", "DuplicateProbability of the channel", duplicate);
    cmd.AddValue("reorder", "ReorderProbability of the channel", reorder);
    cmd.AddValue("reorderDelay", "ReorderDelay of the channel", reorderDelay);
    cmd.AddValue("corrupt", "CorruptProbability of the channel", corrupt);
    cmd.AddValue("corruptProtocol", "CorruptIpProtocol of the channel (0: any)", corruptProtocol);
    cmd.AddValue("metadata", "PacketMetadata mode: none, printing or checking", metadata);
    cmd.AddValue("stream", "First random stream of the channel", stream);
    cmd.AddValue("tracing",
                 "Write impaired-link-example-*.pcap and impaired-link-example.tr "
                 "(the ascii trace enables packet printing)",
                 tracing);
    cmd.Parse(argc, argv);
    NS_ABORT_MSG_IF(g_payloadSize < 4, "--size must be at least 4");

    if (metadata == "printing")
    {
        Packet::EnablePrinting();
    }
    else if (metadata == "checking")
    {
        Packet::EnableChecking();
    }
    else
    {
        NS_ABORT_MSG_IF(metadata != "none", "unknown --metadata mode " << metadata);
    }

    NodeContainer nodes;
    nodes.Create(2);
    ImpairedPointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", StringValue("10Mbps"));
    p2p.SetChannelAttribute("Delay", StringValue("2ms"));
    p2p.SetChannelAttribute("DuplicateProbability", DoubleValue(duplicate));
    p2p.SetChannelAttribute("ReorderProbability", DoubleValue(reorder));
    p2p.SetChannelAttribute("ReorderDelay", TimeValue(reorderDelay));
    p2p.SetChannelAttribute("CorruptProbability", DoubleValue(corrupt));
    p2p.SetChannelAttribute("CorruptIpProtocol", UintegerValue(corruptProtocol));
    NetDeviceContainer devices = p2p.Install(nodes);
    p2p.AssignStreams(devices, stream);
    if (tracing)
    {
        AsciiTraceHelper ascii;
        p2p.EnableAsciiAll(ascii.CreateFileStream("impaired-link-example.tr"));
        p2p.EnablePcapAll("impaired-link-example");
    }

    Ptr<Channel> channel = devices.Get(0)->GetChannel();
    channel->TraceConnectWithoutContext("Duplicate",
                                        MakeBoundCallback(&CountImpairment, &g_nDuplicate));
    channel->TraceConnectWithoutContext("Reorder",
                                        MakeBoundCallback(&CountImpairment, &g_nReorder));
    channel->TraceConnectWithoutContext("Corrupt",
                                        MakeBoundCallback(&CountImpairment, &g_nCorrupt));

    InternetStackHelper internet;
    internet.Install(nodes);
    Ipv4AddressHelper address;
    address.SetBase("10.1.1.0", "255.255.255.0");
    Ipv4InterfaceContainer interfaces = address.Assign(devices);

    Ptr<Socket> rx = Socket::CreateSocket(nodes.Get(1), UdpSocketFactory::GetTypeId());
    rx->Bind(InetSocketAddress(Ipv4Address::GetAny(), 9));
    rx->SetRecvCallback(MakeCallback(&Receive));
    Ptr<Socket> tx = Socket::CreateSocket(nodes.Get(0), UdpSocketFactory::GetTypeId());
    tx->Bind();
    tx->Connect(InetSocketAddress(interfaces.GetAddress(1), 9));
    for (uint32_t seq = 0; seq < g_packets; ++seq)
    {
        Simulator::Schedule(MilliSeconds(1) * seq, &Send, tx, seq);
    }

    Simulator::Run();
    Simulator::Destroy();

    std::cout << "metadata=" << metadata << " sent=" << g_packets
              << " impairments: duplicate=" << g_nDuplicate << " reorder=" << g_nReorder
              << " corrupt=" << g_nCorrupt << std::endl;
    std::cout << "delivered: intact=" << g_intact << " duplicate=" << g_duplicates
              << " damaged=" << g_damaged << " neverIntact=" << g_packets - g_seen.size()
              << " hash=" << std::hex << g_hash << std::dec << std::endl;
    return 0;
}
