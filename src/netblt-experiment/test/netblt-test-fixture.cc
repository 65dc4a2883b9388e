/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-test-fixture.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/config.h"
#include "ns3/host-cpu.h"
#include "ns3/impaired-point-to-point-channel.h"
#include "ns3/ipv4-interface-container.h"
#include "ns3/netblt-control-header.h"
#include "ns3/netblt-data-header.h"
#include "ns3/netblt-digest.h"
#include "ns3/netblt-helper.h"
#include "ns3/netblt-open-header.h"
#include "ns3/netblt-reason-header.h"
#include "ns3/netblt-two-host-helper.h"
#include "ns3/pointer.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <set>

namespace ns3
{
namespace netblt_test
{

// ---------------------------------------------------------------------------------------------
// Frames

FrameInfo
ParseFrame(Ptr<const Packet> frame)
{
    FrameInfo info;
    uint8_t bytes[2 + 60 + 20];
    uint32_t size = std::min<uint32_t>(frame->GetSize(), sizeof(bytes));
    if (size < 2 + 20)
    {
        return info;
    }
    frame->CopyData(bytes, size);
    uint16_t pppProtocol = static_cast<uint16_t>(bytes[0] << 8 | bytes[1]);
    if (pppProtocol != 0x0021 || (bytes[2] >> 4) != 4)
    {
        return info;
    }
    uint32_t ihl = (bytes[2] & 0x0f) * 4;
    uint16_t fragmentOffset = static_cast<uint16_t>((bytes[2 + 6] & 0x1f) << 8 | bytes[2 + 7]);
    uint8_t protocol = bytes[2 + 9];
    uint32_t start = 2 + ihl;
    if (protocol != NetbltL4Protocol::PROT_NUMBER || fragmentOffset != 0 || size < start + 4)
    {
        return info;
    }
    info.isNetblt = true;
    info.netbltOffset = start;
    info.type = bytes[start + 3];
    if (size >= start + 20)
    {
        info.bufferNumber = static_cast<uint32_t>(bytes[start + 12]) << 24 |
                            static_cast<uint32_t>(bytes[start + 13]) << 16 |
                            static_cast<uint32_t>(bytes[start + 14]) << 8 | bytes[start + 15];
        info.packetNumber = static_cast<uint16_t>(bytes[start + 18] << 8 | bytes[start + 19]);
    }
    return info;
}

// ---------------------------------------------------------------------------------------------
// NetbltDropErrorModel

NS_OBJECT_ENSURE_REGISTERED(NetbltDropErrorModel);

TypeId
NetbltDropErrorModel::GetTypeId()
{
    static TypeId tid = TypeId("ns3::netblt_test::NetbltDropErrorModel")
                            .SetParent<ErrorModel>()
                            .SetGroupName("Netblt")
                            .AddConstructor<NetbltDropErrorModel>();
    return tid;
}

void
NetbltDropErrorModel::AddRule(NetbltPacketType type,
                              uint32_t buffer,
                              uint32_t packet,
                              uint32_t occurrence)
{
    m_rules.push_back(Rule{static_cast<uint8_t>(type), buffer, packet, occurrence});
}

void
NetbltDropErrorModel::DropEverythingFrom(Time time)
{
    m_dropAllFrom = time;
}

uint32_t
NetbltDropErrorModel::GetSeen(NetbltPacketType type) const
{
    auto it = m_seen.find(static_cast<uint8_t>(type));
    return it == m_seen.end() ? 0 : it->second;
}

uint32_t
NetbltDropErrorModel::GetDropped(NetbltPacketType type) const
{
    auto it = m_dropped.find(static_cast<uint8_t>(type));
    return it == m_dropped.end() ? 0 : it->second;
}

uint32_t
NetbltDropErrorModel::GetDroppedTotal() const
{
    return m_droppedTotal;
}

const std::vector<std::pair<Time, FrameInfo>>&
NetbltDropErrorModel::GetDropLog() const
{
    return m_dropLog;
}

std::vector<Time>
NetbltDropErrorModel::GetSeenTimes(NetbltPacketType type) const
{
    std::vector<Time> times;
    for (const auto& [time, info] : m_seenLog)
    {
        if (info.type == static_cast<uint8_t>(type))
        {
            times.push_back(time);
        }
    }
    return times;
}

bool
NetbltDropErrorModel::DoCorrupt(Ptr<Packet> p)
{
    FrameInfo info = ParseFrame(p);
    bool drop = Simulator::Now() >= m_dropAllFrom;
    if (info.isNetblt)
    {
        ++m_seen[info.type];
        m_seenLog.emplace_back(Simulator::Now(), info);
        bool isData = info.type == static_cast<uint8_t>(NetbltPacketType::DATA) ||
                      info.type == static_cast<uint8_t>(NetbltPacketType::LDATA);
        for (Rule& rule : m_rules)
        {
            if (rule.type != info.type ||
                (rule.buffer != ANY && (!isData || rule.buffer != info.bufferNumber)) ||
                (rule.packet != ANY && (!isData || rule.packet != info.packetNumber)))
            {
                continue;
            }
            ++rule.matches;
            if (rule.occurrence == ANY || rule.occurrence == rule.matches)
            {
                drop = true;
            }
        }
        if (drop)
        {
            ++m_dropped[info.type];
            m_dropLog.emplace_back(Simulator::Now(), info);
        }
    }
    if (drop)
    {
        ++m_droppedTotal;
    }
    return drop;
}

void
NetbltDropErrorModel::DoReset()
{
    for (Rule& rule : m_rules)
    {
        rule.matches = 0;
    }
}

// ---------------------------------------------------------------------------------------------
// Topology

NetbltTwoHostHelper::Link
TopologyConfig::TestLink()
{
    NetbltTwoHostHelper::Link link;
    link.mtu = 1600;
    link.reorderDelay = MilliSeconds(5);
    return link;
}

void
Topology::Build(const TopologyConfig& config)
{
    nodes.Create(2);
    NetbltTwoHostHelper topology(config.link);
    int64_t stream = config.stream;
    devices = topology.InstallLink(nodes, stream);
    channel = DynamicCast<ImpairedPointToPointChannel>(devices.Get(0)->GetChannel());
    // Free processing, but the host's clock: timers fire on HostCpu::TimerGranularity ticks.
    Ipv4InterfaceContainer interfaces =
        topology.InstallHosts(nodes, devices, NetbltHelper(), config.hostModel, stream);
    for (uint32_t i = 0; i < 2; ++i)
    {
        address[i] = interfaces.GetAddress(i);
        netblt[i] = nodes.Get(i)->GetObject<NetbltL4Protocol>();
    }
}

void
ConnectAt(Topology& topology,
          TestClient& client,
          Time at,
          NetbltConnection::Role role,
          const NetbltTransferParameters& proposal,
          uint16_t port)
{
    Simulator::Schedule(at, [&topology, &client, role, proposal, port]() {
        Ptr<NetbltConnection> c =
            topology.netblt[0]->Connect(topology.address[1], port, role, proposal);
        if (c)
        {
            client.Attach(c);
        }
    });
}

// ---------------------------------------------------------------------------------------------
// Attribute defaults, data

void
SetConnectionDefault(const std::string& name, const AttributeValue& value)
{
    bool found = false;
    for (const char* type : {"ns3::NetbltConnection",
                             "ns3::NetbltSender",
                             "ns3::NetbltReceiver",
                             "ns3::NetbltL4Protocol"})
    {
        found = Config::SetDefaultFailSafe(std::string(type) + "::" + name, value) || found;
    }
    NS_ABORT_MSG_UNLESS(found, "no NETBLT connection attribute " << name);
}

void
ResetConnectionDefaults()
{
    for (TypeId tid : {NetbltConnection::GetTypeId(),
                       NetbltSender::GetTypeId(),
                       NetbltReceiver::GetTypeId(),
                       NetbltDataTimer::GetTypeId(),
                       HostCpu::GetTypeId(),
                       NetbltL4Protocol::GetTypeId()})
    {
        for (uint32_t i = 0; i < tid.GetAttributeN(); ++i)
        {
            tid.SetAttributeInitialValue(i, tid.GetAttribute(i).originalInitialValue);
        }
    }
}

Ptr<RateErrorModel>
Loss(double rate, int64_t stream)
{
    Ptr<RateErrorModel> model = CreateObject<RateErrorModel>();
    model->SetUnit(RateErrorModel::ERROR_UNIT_PACKET);
    model->SetRate(rate);
    model->AssignStreams(stream);
    return model;
}

// ---------------------------------------------------------------------------------------------
// Shapes and what the receiver sent

NetbltTransferParameters
FastProposal(uint16_t nbufs)
{
    NetbltTransferParameters p;
    p.bufferSize = 4000;
    p.packetSize = 1000;
    p.burstSize = 4;
    p.burstIntervalMs = 5;
    p.maxOutstandingBuffers = nbufs;
    p.deathTimeoutS = 10;
    return p;
}

std::vector<NetbltControlMessage>
DistinctResends(const TestClient& receiver)
{
    std::vector<NetbltControlMessage> resends;
    std::set<uint16_t> seen;
    for (const NetbltControlMessage& m : receiver.tx.AllMessages())
    {
        if (m.GetType() == NetbltControlMessage::RESEND && seen.insert(m.GetSequence()).second)
        {
            resends.push_back(m);
        }
    }
    return resends;
}

Time
FirstSent(const TestClient& receiver, uint16_t sequence)
{
    for (const auto& e : receiver.tx.Select(NetbltPacketType::CONTROL))
    {
        for (const auto& m : e.messages)
        {
            if (m.GetSequence() == sequence)
            {
                return e.time;
            }
        }
    }
    return Time::Max();
}

// ---------------------------------------------------------------------------------------------
// TxRecorder

void
TxRecorder::Attach(Ptr<NetbltConnection> connection)
{
    connection->TraceConnectWithoutContext("Tx", MakeCallback(&TxRecorder::Record, this));
}

void
TxRecorder::Record(Ptr<const Packet> packet, NetbltPacketType type)
{
    Entry entry;
    entry.time = Simulator::Now();
    entry.type = type;
    entry.size = packet->GetSize();
    Ptr<Packet> copy = packet->Copy();
    NetbltHeader common;
    NetbltHeader::PeekCommonFields(copy, common);
    entry.length = common.GetLength();
    switch (type)
    {
    case NetbltPacketType::DATA:
    case NetbltPacketType::LDATA: {
        NetbltDataHeader header(type);
        copy->RemoveHeader(header);
        entry.bufferNumber = header.GetBufferNumber();
        entry.packetNumber = header.GetPacketNumber();
        entry.dataLength = header.GetDataLength();
        entry.lastBuffer = header.GetLastBuffer();
        break;
    }
    case NetbltPacketType::CONTROL: {
        NetbltControlHeader header;
        copy->RemoveHeader(header);
        entry.messages = header.GetMessages();
        break;
    }
    case NetbltPacketType::OPEN:
    case NetbltPacketType::RESPONSE: {
        NetbltOpenHeader header(type);
        copy->RemoveHeader(header);
        entry.parameters = NetbltTransferParameters::ReadFrom(header);
        entry.connectionId = header.GetConnectionId();
        entry.writeMode = header.GetWriteMode();
        break;
    }
    case NetbltPacketType::QUIT:
    case NetbltPacketType::ABORT:
    case NetbltPacketType::REFUSED: {
        NetbltReasonHeader header(type);
        copy->RemoveHeader(header);
        entry.reason = header.GetReason();
        break;
    }
    default:
        break;
    }
    m_entries.push_back(entry);
}

const std::vector<TxRecorder::Entry>&
TxRecorder::GetEntries() const
{
    return m_entries;
}

uint32_t
TxRecorder::Count(NetbltPacketType type) const
{
    return static_cast<uint32_t>(std::count_if(m_entries.begin(),
                                               m_entries.end(),
                                               [type](const Entry& e) { return e.type == type; }));
}

std::vector<TxRecorder::Entry>
TxRecorder::Select(NetbltPacketType type) const
{
    std::vector<Entry> selected;
    for (const Entry& e : m_entries)
    {
        if (e.type == type)
        {
            selected.push_back(e);
        }
    }
    return selected;
}

std::vector<NetbltControlMessage>
TxRecorder::AllMessages() const
{
    std::vector<NetbltControlMessage> messages;
    for (const Entry& e : m_entries)
    {
        messages.insert(messages.end(), e.messages.begin(), e.messages.end());
    }
    return messages;
}

// ---------------------------------------------------------------------------------------------
// TimerLog

void
TimerLog::Attach(Ptr<NetbltConnection> connection)
{
    connection->TraceConnectWithoutContext("DataTimeout",
                                           MakeCallback(&TimerLog::DataTimeout, this));
    connection->TraceConnectWithoutContext("ControlTimeout",
                                           MakeCallback(&TimerLog::ControlTimeout, this));
    connection->TraceConnectWithoutContext("Retransmit", MakeCallback(&TimerLog::Retransmit, this));
    connection->TraceConnectWithoutContext("Rx", MakeCallback(&TimerLog::Rx, this));
}

void
TimerLog::DataTimeout(uint32_t buffer)
{
    dataTimeouts.emplace_back(Simulator::Now(), buffer);
}

void
TimerLog::ControlTimeout(Time value)
{
    controlTimeouts.emplace_back(Simulator::Now(), value);
}

void
TimerLog::Retransmit(uint32_t buffer, uint16_t packet)
{
    retransmits.emplace_back(buffer, packet);
    retransmitTimes.push_back(Simulator::Now());
}

void
TimerLog::Rx(Ptr<const Packet> packet, NetbltPacketType type)
{
    ++received;
    lastReceived = Simulator::Now();
}

std::map<Time, uint32_t>
TxRecorder::DataBursts() const
{
    std::map<Time, uint32_t> bursts;
    for (const Entry& e : m_entries)
    {
        if (e.type == NetbltPacketType::DATA || e.type == NetbltPacketType::LDATA)
        {
            ++bursts[e.time];
        }
    }
    return bursts;
}

// ---------------------------------------------------------------------------------------------
// DataSentRecorder

void
DataSentRecorder::Record(const NetbltTxBuffer::Transmission& t)
{
    sent.push_back(Sent{Simulator::Now(),
                        t.buffer,
                        t.packet,
                        t.length,
                        t.retransmission,
                        t.lastBuffer,
                        t.lastPacket});
}

void
DataSentRecorder::Attach(Ptr<NetbltSender> sender)
{
    sender->TraceConnectWithoutContext("DataSent", MakeCallback(&DataSentRecorder::Record, this));
}

// ---------------------------------------------------------------------------------------------
// TestClient

TestClient::TestClient() = default;

std::string
TestClient::Accept(Ptr<NetbltConnection> c, const NetbltTransferParameters& answer)
{
    accepted = true;
    acceptAnswer = answer;
    for (const auto& [name, value] : passiveAttributes)
    {
        c->SetAttribute(name, StringValue(value));
    }
    if (refusal.empty())
    {
        Attach(c);
    }
    return refusal;
}

NetbltL4Protocol::AcceptCallback
TestClient::AcceptCallback()
{
    return MakeCallback(&TestClient::Accept, this);
}

void
TestClient::Attach(Ptr<NetbltConnection> c)
{
    connection = c;
    c->SetEstablishedCallback(MakeCallback(&TestClient::Established, this));
    c->SetCloseCallback(MakeCallback(&TestClient::Closed, this));
    if (Ptr<NetbltSender> sender = DynamicCast<NetbltSender>(c))
    {
        sender->SetSendReadyCallback(MakeCallback(&TestClient::SendReady, this));
    }
    else
    {
        DynamicCast<NetbltReceiver>(c)->SetBufferReceivedCallback(
            MakeCallback(&TestClient::BufferReceived, this));
    }
    tx.Attach(c);
    timers.Attach(c);
}

bool
TestClient::Completed() const
{
    return closed && closeReason == NetbltConnection::TRANSFER_COMPLETE;
}

void
TestClient::Established(Ptr<NetbltConnection> c)
{
    established = true;
    establishedTime = Simulator::Now();
    if (onEstablished)
    {
        onEstablished(c);
    }
    if (c->GetRole() == NetbltConnection::RECEIVER &&
        c->GetState() == NetbltConnection::ESTABLISHED)
    {
        for (uint32_t i = 0; i < c->GetParameters().maxOutstandingBuffers; ++i)
        {
            Provide(c);
        }
    }
}

void
TestClient::Provide(Ptr<NetbltConnection> c)
{
    Ptr<NetbltReceiver> receiver = DynamicCast<NetbltReceiver>(c);
    if (provideDelay.IsStrictlyPositive())
    {
        Simulator::Schedule(provideDelay, &NetbltReceiver::ProvideBuffer, receiver);
    }
    else
    {
        receiver->ProvideBuffer();
    }
}

void
TestClient::Closed(Ptr<NetbltConnection> c,
                   NetbltConnection::CloseReason reason,
                   const std::string& text)
{
    closed = true;
    ++closeCalls;
    closeReason = reason;
    closeText = text;
    closeTime = Simulator::Now();
    if (onClosed)
    {
        onClosed();
    }
}

void
TestClient::SendReady(Ptr<NetbltSender> c)
{
    uint32_t bufferSize = c->GetParameters().bufferSize;
    while (bytesGiven < data.size() && c->GetSendBufferRoom() > 0)
    {
        uint32_t size = std::min<uint32_t>(bufferSize, data.size() - bytesGiven);
        bool last = bytesGiven + size == data.size();
        Ptr<Packet> buffer = Create<Packet>(data.data() + bytesGiven, size);
        if (!c->SendBuffer(buffer, last))
        {
            return;
        }
        bytesGiven += size;
        ++buffersGiven;
        if (onBuffer)
        {
            onBuffer(c, buffersGiven);
        }
    }
}

void
TestClient::BufferReceived(Ptr<NetbltReceiver> c, uint32_t number, Ptr<Packet> bytes, bool last)
{
    size_t at = received.size();
    received.resize(at + bytes->GetSize());
    bytes->CopyData(received.data() + at, bytes->GetSize());
    bufferNumbers.push_back(number);
    lastSeen = lastSeen || last;
    if (onBuffer)
    {
        onBuffer(c, number);
    }
    if (!last && c->GetState() == NetbltConnection::ESTABLISHED)
    {
        Provide(c);
    }
}

// ---------------------------------------------------------------------------------------------
// Bench

Bench::Bench(TopologyConfig config)
{
    for (uint32_t i = 0; i < 2; ++i)
    {
        drop[i] = CreateObject<NetbltDropErrorModel>();
    }
    for (uint32_t i = 0; i < 2; ++i)
    {
        if (!config.link.receiveErrorModel[i])
        {
            config.link.receiveErrorModel[i] = drop[i];
        }
    }
    topology.Build(config);
}

void
Bench::Listen(const NetbltTransferParameters& limits)
{
    topology.netblt[1]->Listen(TEST_PORT, limits, passive.AcceptCallback());
}

void
Bench::StartWrite(const NetbltTransferParameters& proposal,
                  const std::vector<uint8_t>& bytes,
                  const NetbltTransferParameters& limits)
{
    Listen(limits);
    active.data = bytes;
    ConnectAt(topology, active, MilliSeconds(1), NetbltConnection::SENDER, proposal);
}

void
Bench::ArmWatchdog(Time bound)
{
    m_watchdog = Simulator::Schedule(bound, &Simulator::Stop);
    auto check = [this]() {
        if (active.closed && passive.closed)
        {
            Simulator::Remove(m_watchdog);
        }
    };
    active.onClosed = check;
    passive.onClosed = check;
}

// ---------------------------------------------------------------------------------------------
// NetbltEngineTestCase

NetbltEngineTestCase::NetbltEngineTestCase(std::string name)
    : TestCase(name)
{
}

void
NetbltEngineTestCase::DoSetup()
{
    ResetConnectionDefaults();
    RngSeedManager::SetSeed(1);
    RngSeedManager::SetRun(1);
}

void
NetbltEngineTestCase::DoTeardown()
{
    Simulator::Destroy();
    ResetConnectionDefaults();
    RngSeedManager::SetSeed(1);
    RngSeedManager::SetRun(1);
}

NetbltTransferParameters
NetbltEngineTestCase::Proposal(uint32_t bufferSize,
                               uint16_t packetSize,
                               uint16_t burstSize,
                               uint16_t burstIntervalMs,
                               uint16_t nbufs)
{
    NetbltTransferParameters p;
    p.bufferSize = bufferSize;
    p.packetSize = packetSize;
    p.burstSize = burstSize;
    p.burstIntervalMs = burstIntervalMs;
    p.maxOutstandingBuffers = nbufs;
    p.deathTimeoutS = 10;
    return p;
}

NetbltTransferParameters
NetbltEngineTestCase::Limits()
{
    NetbltTransferParameters p;
    p.bufferSize = 1 << 24;
    p.packetSize = 1500;
    p.burstSize = 1000;
    p.burstIntervalMs = 1;
    p.maxOutstandingBuffers = 1000;
    p.deathTimeoutS = 10;
    return p;
}

} // namespace netblt_test
} // namespace ns3
