/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-fuzzer.h"

#include "ns3/ipv4-header.h"
#include "ns3/ipv4-interface.h"
#include "ns3/log.h"
#include "ns3/net-device.h"
#include "ns3/node.h"
#include "ns3/simulator.h"

#include <algorithm>
#include <cctype>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NetbltFuzzer");

namespace
{

/// Packets each node's template queue keeps for splicing and replaying.
constexpr size_t TEMPLATES = 16;
/// Share of the mutated copies that go back to the node that sent the original.
constexpr double WRONG_WAY = 0.15;
/// Share of the injected packets that go through Ipv4L3Protocol::Receive().
constexpr double VIA_IP = 0.5;

/// @return the reason with every run of digits replaced by N
std::string
WithoutNumbers(const std::string& reason)
{
    std::string out;
    for (size_t i = 0; i < reason.size(); ++i)
    {
        if (std::isdigit(static_cast<unsigned char>(reason[i])))
        {
            if (out.empty() || out.back() != 'N')
            {
                out += 'N';
            }
            continue;
        }
        out += reason[i];
    }
    return out;
}

} // namespace

uint64_t
NetbltFuzzer::Report::GetAcceptedTotal() const
{
    uint64_t total = 0;
    for (const auto& [how, count] : accepted)
    {
        total += count;
    }
    return total;
}

uint64_t
NetbltFuzzer::Report::GetRejectedTotal() const
{
    uint64_t total = 0;
    for (const auto& [reason, count] : rejected)
    {
        total += count;
    }
    return total;
}

NetbltFuzzer::NetbltFuzzer(NetbltSoakTransfer& transfer, uint64_t quota, int64_t stream)
    : m_transfer(transfer),
      m_quota(quota),
      m_random(CreateObject<UniformRandomVariable>()),
      m_mutator(m_random)
{
    m_random->SetStream(stream);
}

void
NetbltFuzzer::Attach()
{
    m_transfer.SetConnectionHook(
        [this](Ptr<NetbltConnection> connection, uint32_t node) { Watch(connection, node); });
    m_transfer.SetIdleCheck([this]() { return IsIdle(); });
}

void
NetbltFuzzer::Start()
{
    // Spread the quota over the packets the transfer is expected to send (DATA, control and
    // set-up, with some retransmission), the rest going to random datagrams and the idle end.
    double expected = 3.0 * m_transfer.GetConfig().GetDataPacketCount() + 20;
    m_rate = m_random->GetValue(0.5, 1.0) * static_cast<double>(m_quota) / expected;
    m_tickInterval = MicroSeconds(m_random->GetInteger(500, 20000));
    m_report.forging = m_random->GetValue() < 0.4;
    m_report.sparing = m_report.forging && m_random->GetValue() < 0.7;
    m_mutator.SetForging(m_report.forging);
    m_mutator.SetSparing(m_report.sparing);
    for (uint32_t i = 0; i < 2; ++i)
    {
        Ptr<NetbltL4Protocol> protocol = m_transfer.GetProtocol(i);
        protocol->TraceConnectWithoutContext("Drop", MakeCallback(&NetbltFuzzer::Dropped, this));
        m_transfer.GetNode(i)->GetObject<Ipv4L3Protocol>()->TraceConnectWithoutContext(
            "Drop",
            MakeCallback(&NetbltFuzzer::IpDropped, this));
    }
    Simulator::Schedule(m_tickInterval, &NetbltFuzzer::Tick, this);
}

bool
NetbltFuzzer::IsIdle() const
{
    return m_report.injected >= m_quota;
}

const NetbltFuzzer::Report&
NetbltFuzzer::GetReport() const
{
    return m_report;
}

void
NetbltFuzzer::Watch(Ptr<NetbltConnection> connection, uint32_t node)
{
    m_watched.push_back(Watched{connection, node});
    connection->TraceConnectWithoutContext(
        "Tx",
        Callback<void, Ptr<const Packet>, NetbltPacketType>(
            [this, node](Ptr<const Packet> packet, NetbltPacketType type) {
                Sent(node, packet, type);
            }));
    connection->TraceConnectWithoutContext("Rx", MakeCallback(&NetbltFuzzer::Received, this));
}

uint64_t
NetbltFuzzer::DataKey(const std::vector<uint8_t>& bytes)
{
    // What the receiver stores: type, buffer and packet number, L flag, the data.
    uint32_t length = bytes.size() >= 6 ? (bytes[4] << 8 | bytes[5]) : 0;
    if (bytes.size() < 24 || length < 24 || length > bytes.size())
    {
        return 0;
    }
    std::vector<uint8_t> key{bytes[3], bytes[12], bytes[13], bytes[14], bytes[15]};
    key.insert(key.end(), {bytes[18], bytes[19], static_cast<uint8_t>(bytes[23] & 1)});
    key.insert(key.end(), bytes.begin() + 24, bytes.begin() + length);
    return NetbltPacketMutator::Digest(key.data(), key.size());
}

void
NetbltFuzzer::Sent(uint32_t node, Ptr<const Packet> packet, NetbltPacketType type)
{
    std::vector<uint8_t> bytes(packet->GetSize());
    packet->CopyData(bytes.data(), bytes.size());
    m_sent.insert(NetbltPacketMutator::PacketDigest(bytes));
    if (type == NetbltPacketType::DATA || type == NetbltPacketType::LDATA)
    {
        m_sentData.insert(DataKey(bytes));
    }
    std::deque<std::vector<uint8_t>>& templates = m_templates[node];
    // Mutated copies, as many as the rate gives on average; never inside the trace itself.
    double copies = m_rate;
    while (m_reserved < m_quota && (copies >= 1 || m_random->GetValue() < copies))
    {
        copies -= 1;
        std::vector<uint8_t> copy = bytes;
        bool fixed = false;
        std::string kind = m_mutator.Mutate(copy, templates, fixed);
        uint32_t target = m_random->GetValue() < WRONG_WAY ? node : 1 - node;
        Schedule(target, std::move(copy), kind, fixed);
    }
    templates.push_back(std::move(bytes));
    if (templates.size() > TEMPLATES)
    {
        templates.pop_front();
    }
}

void
NetbltFuzzer::Schedule(uint32_t target, std::vector<uint8_t> bytes, std::string kind, bool fixed)
{
    ++m_reserved;
    Time delay = MicroSeconds(m_random->GetInteger(0, 3000));
    Simulator::ScheduleWithContext(
        m_transfer.GetNode(target)->GetId(),
        delay,
        [this, target, bytes = std::move(bytes), kind = std::move(kind), fixed]() {
            Inject(target, bytes, kind, fixed);
        });
}

void
NetbltFuzzer::Tick()
{
    if (m_reserved >= m_quota)
    {
        return;
    }
    uint32_t target = m_random->GetInteger(0, 1);
    std::string kind;
    std::vector<uint8_t> bytes;
    bool fixed = false;
    // Once the transfer is over, mutations of what was sent go to the idle nodes, quickly.
    bool over = m_transfer.IsFinished();
    const std::deque<std::vector<uint8_t>>& templates = m_templates[1 - target];
    if (over && !templates.empty() && m_random->GetValue() < 0.8)
    {
        bytes = templates[m_random->GetInteger(0, templates.size() - 1)];
        kind = m_mutator.Mutate(bytes, templates, fixed);
    }
    else
    {
        bytes = MakeRandom(target, kind);
        fixed = m_report.forging && kind == "random-header";
    }
    Schedule(target, std::move(bytes), kind, fixed);
    Simulator::Schedule(over ? MilliSeconds(1) : m_tickInterval, &NetbltFuzzer::Tick, this);
}

std::vector<uint8_t>
NetbltFuzzer::MakeRandom(uint32_t target, std::string& kind)
{
    // Addressed to a connection of the target node, as its peer would.
    uint16_t from = static_cast<uint16_t>(m_random->GetInteger(0, 65535));
    uint16_t to = static_cast<uint16_t>(m_random->GetInteger(0, 65535));
    std::vector<const Watched*> candidates;
    for (const Watched& w : m_watched)
    {
        if (w.node == target)
        {
            candidates.push_back(&w);
        }
    }
    if (!candidates.empty())
    {
        const Watched* w = candidates[m_random->GetInteger(0, candidates.size() - 1)];
        from = w->connection->GetPeerPort();
        to = w->connection->GetLocalPort();
    }
    return m_mutator.MakeRandom(from, to, kind);
}

NetbltFuzzer::Counters
NetbltFuzzer::Count() const
{
    Counters c;
    for (const Watched& w : m_watched)
    {
        const NetbltConnectionStatistics& s = w.connection->GetStatistics();
        c.violations += s.protocolViolations;
        c.dataChecksum += s.dataChecksumErrors;
        c.duplicateData += s.duplicateDataPackets;
    }
    return c;
}

void
NetbltFuzzer::Received(Ptr<const Packet> /* packet */, NetbltPacketType /* type */)
{
    if (m_injecting)
    {
        ++m_takenIn;
    }
}

void
NetbltFuzzer::Dropped(Ptr<const Packet> /* packet */, const std::string& reason)
{
    if (m_injecting)
    {
        ++m_events;
        m_reason = "netblt: " + WithoutNumbers(reason);
    }
}

void
NetbltFuzzer::IpDropped(const Ipv4Header& /* header */,
                        Ptr<const Packet> /* packet */,
                        Ipv4L3Protocol::DropReason reason,
                        Ptr<Ipv4> /* ipv4 */,
                        uint32_t /* interface */)
{
    if (m_injecting)
    {
        ++m_events;
        m_reason = "ipv4: drop reason " + std::to_string(static_cast<int>(reason));
    }
}

void
NetbltFuzzer::Inject(uint32_t target, std::vector<uint8_t> bytes, std::string kind, bool fixed)
{
    Ptr<Node> node = m_transfer.GetNode(target);
    Ptr<Ipv4L3Protocol> ipv4 = node->GetObject<Ipv4L3Protocol>();
    Ipv4Header ip;
    ip.SetSource(m_transfer.GetAddress(1 - target));
    ip.SetDestination(m_transfer.GetAddress(target));
    ip.SetProtocol(NetbltL4Protocol::PROT_NUMBER);
    ip.SetPayloadSize(bytes.size());
    ip.SetTtl(64);
    ip.SetIdentification(static_cast<uint16_t>(m_random->GetInteger(0, 65535)));
    bool viaIp = m_random->GetValue() < VIA_IP;
    Ptr<Packet> packet = Create<Packet>(bytes.data(), bytes.size());

    ++m_report.injected;
    ++m_report.mutations[kind];
    m_report.viaIp += viaIp ? 1 : 0;
    m_report.checksumFixed += fixed ? 1 : 0;
    Counters before = Count();
    m_injecting = true;
    m_events = 0;
    m_takenIn = 0;
    if (viaIp)
    {
        packet->AddHeader(ip);
        Ptr<NetDevice> device = node->GetDevice(0);
        Ptr<NetDevice> peer = m_transfer.GetNode(1 - target)->GetDevice(0);
        ipv4->Receive(device,
                      packet,
                      Ipv4L3Protocol::PROT_NUMBER,
                      peer->GetAddress(),
                      device->GetAddress(),
                      NetDevice::PACKET_HOST);
    }
    else
    {
        m_transfer.GetProtocol(target)->Receive(packet, ip, ipv4->GetInterface(1));
    }
    m_injecting = false;
    Counters after = Count();
    uint32_t events = m_events;
    std::string reason = m_reason;
    for (auto [counter, name] :
         {std::pair{after.violations - before.violations, "connection: protocol violation"},
          {after.dataChecksum - before.dataChecksum, "connection: data checksum error"},
          {after.duplicateData - before.duplicateData, "connection: duplicate DATA"}})
    {
        if (counter > 0)
        {
            events += counter;
            reason = name;
        }
    }
    if (m_events > 0 && m_takenIn > 0)
    {
        ++m_report.unaccounted; // dropped, yet a connection saw it
        NS_LOG_WARN("injected " << kind << " was dropped and taken in");
        return;
    }
    if (events > 1)
    {
        ++m_report.unaccounted;
        NS_LOG_WARN("injected " << kind << " had " << events << " outcomes");
        return;
    }
    if (events == 1)
    {
        ++m_report.rejected[reason];
        return;
    }
    bool open = bytes.size() > 3 && bytes[3] == static_cast<uint8_t>(NetbltPacketType::OPEN);
    if (m_takenIn == 0 && !open)
    {
        ++m_report.unaccounted;
        NS_LOG_WARN("injected " << kind << " was neither dropped nor taken in");
        return;
    }
    ++m_report
          .accepted[m_takenIn > 0 ? "taken in by a connection" : "OPEN answered by the listener"];
    bool forged = m_sent.count(NetbltPacketMutator::PacketDigest(bytes)) == 0;
    m_report.forgedAny = m_report.forgedAny || forged;
    bool data = bytes[3] == static_cast<uint8_t>(NetbltPacketType::DATA) ||
                bytes[3] == static_cast<uint8_t>(NetbltPacketType::LDATA);
    if (data && m_takenIn > 0 && m_sentData.count(DataKey(bytes)) == 0)
    {
        m_report.forgedData = true;
    }
}

} // namespace ns3
