/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-soak-transfer.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/ipv4-interface-container.h"
#include "ns3/log.h"
#include "ns3/netblt-burst-rate-data-timer.h"
#include "ns3/netblt-helper.h"
#include "ns3/netblt-inter-arrival-data-timer.h"
#include "ns3/netblt-two-host-helper.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <array>
#include <utility>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NetbltSoakTransfer");

namespace
{

/// The port node 1 listens on.
constexpr uint16_t SOAK_PORT = 2000;

/// Gives the NETBLT layers the sender and receiver behaviour the configuration asks for.
void
ApplyConnectionPolicies(const NetbltSoakConfig& c, NetbltHelper& netblt)
{
    TypeId dataTimer = c.burstRateDataTimer ? NetbltBurstRateDataTimer::GetTypeId()
                                            : NetbltInterArrivalDataTimer::GetTypeId();
    netblt.SetAttribute("DataTimerType", TypeIdValue(dataTimer));
    netblt.SetReceiverAttribute("CombineOkWithGo", BooleanValue(c.combineOkWithGo));
    netblt.SetReceiverAttribute("ResendOnLdata", BooleanValue(c.resendOnLdata));
    netblt.SetReceiverAttribute("ImmediateResendOnLaterBuffer", BooleanValue(c.immediateResend));
    netblt.SetReceiverAttribute("MaxControlPacketSize", UintegerValue(c.maxControlPacketSize));
    netblt.SetSenderAttribute("DallyUntilPeerDeath", BooleanValue(c.dallyUntilPeerDeath));
    for (auto setter : {&NetbltHelper::SetSenderAttribute, &NetbltHelper::SetReceiverAttribute})
    {
        (netblt.*setter)("KeepaliveDivisor", UintegerValue(c.keepaliveDivisor));
    }
}

} // namespace

std::string
NetbltSoakOutcome::CategoryName(Category category)
{
    // In the order of the enumeration.
    static const std::array<const char*, 7> names{
        {"intact", "clean", "unchecked-corrupt", "undetected-corrupt", "misled", "bad", "hang"}};
    return category < names.size() ? names[category] : "?";
}

std::string
NetbltSoakTransfer::End::Name(bool passiveNeverOpened) const
{
    if (!connection)
    {
        return passiveNeverOpened ? "NEVER_OPENED" : "NOT_OPENED";
    }
    if (!closed)
    {
        return "OPEN(" + NetbltConnection::StateName(connection->GetState()) + ")";
    }
    return NetbltConnection::CloseReasonName(reason);
}

NetbltSoakTransfer::NetbltSoakTransfer(const NetbltSoakConfig& config, uint32_t seed)
    : m_config(config),
      m_data(config.MakeData(seed))
{
    m_active.sends = config.activeSends;
    m_passive.sends = !config.activeSends;
}

void
NetbltSoakTransfer::SetCpuCosts(const std::vector<std::pair<std::string, Time>>& costs)
{
    m_cpuCosts = costs;
}

void
NetbltSoakTransfer::SetConnectionHook(ConnectionHook hook)
{
    m_hook = std::move(hook);
}

void
NetbltSoakTransfer::SetIdleCheck(std::function<bool()> idle)
{
    m_idle = std::move(idle);
}

void
NetbltSoakTransfer::Install(Time bound)
{
    const NetbltSoakConfig& c = m_config;
    m_nodes.Create(2);
    NetbltTwoHostHelper::Link link;
    link.mtu = c.mtu;
    link.delay = c.linkDelay;
    link.reorderProbability = c.reorder;
    link.reorderDelay = c.reorderDelay;
    link.duplicateProbability = c.duplicate;
    link.corruptProbability = c.corrupt;
    link.lossRate = {c.loss[0], c.loss[1]};
    NetbltTwoHostHelper topology(link);
    int64_t stream = 0;
    m_devices = topology.InstallLink(m_nodes, stream);
    NetbltHelper netblt;
    if (c.cpuCosts)
    {
        NS_ABORT_MSG_IF(m_cpuCosts.empty(),
                        "NetbltSoakTransfer: the configuration charges CPU costs and none were "
                        "given (SetCpuCosts; netblt-soak --cpu-costs)");
        for (const auto& [name, cost] : m_cpuCosts)
        {
            netblt.SetAttribute(name, TimeValue(cost));
        }
    }
    ApplyConnectionPolicies(c, netblt);
    Ipv4InterfaceContainer interfaces =
        topology.InstallHosts(m_nodes, m_devices, netblt, c.hostModel, stream);
    for (uint32_t i = 0; i < 2; ++i)
    {
        m_address[i] = interfaces.GetAddress(i);
        m_protocol[i] = m_nodes.Get(i)->GetObject<NetbltL4Protocol>();
    }
    m_protocol[1]->Listen(SOAK_PORT, c.limits, MakeCallback(&NetbltSoakTransfer::Accept, this));
    Simulator::Schedule(MilliSeconds(1), &NetbltSoakTransfer::Open, this);
    if (c.action != NetbltSoakConfig::NO_ACTION && c.action != NetbltSoakConfig::REFUSE)
    {
        Simulator::Schedule(c.actionTime, &NetbltSoakTransfer::DoAction, this);
    }
    m_stop = Simulator::Schedule(bound, &Simulator::Stop);
    m_reaper = Simulator::Schedule(Seconds(1), &NetbltSoakTransfer::Reap, this);
}

void
NetbltSoakTransfer::Open()
{
    NetbltConnection::Role role =
        m_config.activeSends ? NetbltConnection::SENDER : NetbltConnection::RECEIVER;
    Ptr<NetbltConnection> connection =
        m_protocol[0]->Connect(m_address[1], SOAK_PORT, role, m_config.proposal);
    if (connection)
    {
        Track(connection, 0);
        Adopt(m_active, connection);
    }
}

std::string
NetbltSoakTransfer::Accept(Ptr<NetbltConnection> connection,
                           const NetbltTransferParameters& /* answer */)
{
    if (m_config.action == NetbltSoakConfig::REFUSE)
    {
        return "refused by the soak's listener";
    }
    // Whether it is the client's is known once it is bound to the OPEN's port (Established).
    Track(connection, 1);
    return "";
}

void
NetbltSoakTransfer::Track(Ptr<NetbltConnection> connection, uint32_t node)
{
    m_all.push_back(connection);
    m_oracle.Watch(connection);
    connection->SetEstablishedCallback(MakeCallback(&NetbltSoakTransfer::Established, this));
    if (m_hook)
    {
        m_hook(connection, node);
    }
}

bool
NetbltSoakTransfer::IsPassiveMain(Ptr<NetbltConnection> connection)
{
    // The OPEN of the active client (not one the fuzzer made up), for the client's role...
    Ptr<NetbltConnection> active = m_active.connection;
    if (!active || connection->IsActive() || connection->GetPeerPort() != active->GetLocalPort() ||
        (connection->GetRole() == NetbltConnection::SENDER) != m_passive.sends)
    {
        return false;
    }
    // ...when the client has no connection yet, or a new one after the last died unfinished
    // (its RESPONSE lost until the passive end's death timer ran out, then an OPEN came
    // again): the transfer starts over with it.
    if (!m_passive.connection)
    {
        return true;
    }
    if (!m_passive.closed || m_passive.reason == NetbltConnection::TRANSFER_COMPLETE)
    {
        return false;
    }
    if (IsDamaged(m_passive.received))
    {
        m_damagedEarlier = true;
        m_earlierBlind = m_earlierBlind &&
                         m_oracle.IsChecksumBlind(m_data, m_passive.received, m_passive.connection);
    }
    m_passive = End{};
    m_passive.sends = !m_config.activeSends;
    ++m_restarts;
    return true;
}

void
NetbltSoakTransfer::Adopt(End& end, Ptr<NetbltConnection> connection)
{
    end.connection = connection;
    connection->SetCloseCallback(MakeCallback(&NetbltSoakTransfer::Closed, this));
    if (Ptr<NetbltSender> sender = DynamicCast<NetbltSender>(connection))
    {
        sender->SetSendReadyCallback(MakeCallback(&NetbltSoakTransfer::SendReady, this));
    }
    else
    {
        DynamicCast<NetbltReceiver>(connection)
            ->SetBufferReceivedCallback(MakeCallback(&NetbltSoakTransfer::BufferReceived, this));
    }
}

NetbltSoakTransfer::End&
NetbltSoakTransfer::EndOf(Ptr<NetbltConnection> connection)
{
    return connection == m_active.connection ? m_active : m_passive;
}

void
NetbltSoakTransfer::Established(Ptr<NetbltConnection> connection)
{
    bool main = connection == m_active.connection;
    if (!main && IsPassiveMain(connection))
    {
        Adopt(m_passive, connection);
        main = true;
    }
    Ptr<NetbltReceiver> receiver = DynamicCast<NetbltReceiver>(connection);
    if (!receiver)
    {
        return; // a sender without a client transfers nothing
    }
    // The client provides every buffer it may; to a connection not its own, one.
    uint32_t buffers = main ? connection->GetParameters().maxOutstandingBuffers : 1;
    for (uint32_t i = 0; i < buffers; ++i)
    {
        receiver->ProvideBuffer();
    }
}

void
NetbltSoakTransfer::SendReady(Ptr<NetbltSender> sender)
{
    End& end = EndOf(sender);
    uint32_t bufferSize = sender->GetParameters().bufferSize;
    while (end.given < m_data.size() && sender->GetSendBufferRoom() > 0)
    {
        uint32_t size = std::min<uint64_t>(bufferSize, m_data.size() - end.given);
        bool last = end.given + size == m_data.size();
        if (!sender->SendBuffer(Create<Packet>(m_data.data() + end.given, size), last))
        {
            return;
        }
        end.given += size;
    }
}

void
NetbltSoakTransfer::BufferReceived(Ptr<NetbltReceiver> receiver,
                                   uint32_t /* number */,
                                   Ptr<Packet> data,
                                   bool last)
{
    End& end = EndOf(receiver);
    size_t at = end.received.size();
    end.received.resize(at + data->GetSize());
    data->CopyData(end.received.data() + at, data->GetSize());
    if (!last && receiver->GetState() == NetbltConnection::ESTABLISHED)
    {
        receiver->ProvideBuffer();
    }
}

void
NetbltSoakTransfer::Closed(Ptr<NetbltConnection> connection,
                           NetbltConnection::CloseReason reason,
                           const std::string& /* text */)
{
    End& end = EndOf(connection);
    end.closed = true;
    end.reason = reason;
}

void
NetbltSoakTransfer::DoAction()
{
    End& sender = m_active.sends ? m_active : m_passive;
    End& receiver = m_active.sends ? m_passive : m_active;
    switch (m_config.action)
    {
    case NetbltSoakConfig::QUIT_SENDER:
    case NetbltSoakConfig::ABORT_SENDER:
    case NetbltSoakConfig::QUIT_RECEIVER:
    case NetbltSoakConfig::ABORT_RECEIVER: {
        bool bySender = m_config.action == NetbltSoakConfig::QUIT_SENDER ||
                        m_config.action == NetbltSoakConfig::ABORT_SENDER;
        Ptr<NetbltConnection> connection = (bySender ? sender : receiver).connection;
        if (!connection || (bySender ? sender : receiver).closed)
        {
            return;
        }
        if (m_config.action == NetbltSoakConfig::QUIT_SENDER ||
            m_config.action == NetbltSoakConfig::QUIT_RECEIVER)
        {
            connection->Quit("the soak's client quits");
        }
        else
        {
            connection->Abort("the soak's client aborts");
        }
        break;
    }
    default:
        break;
    }
}

bool
NetbltSoakTransfer::IsFinished() const
{
    return (!m_active.connection || m_active.closed) &&
           (!m_passive.connection || m_passive.closed) &&
           m_protocol[0]->GetConnectionCount() == 0 && m_protocol[1]->GetConnectionCount() == 0;
}

void
NetbltSoakTransfer::Reap()
{
    if (IsFinished() && (!m_idle || m_idle()))
    {
        Simulator::Remove(m_stop);
        Simulator::Stop();
        return;
    }
    m_reaper = Simulator::Schedule(Seconds(1), &NetbltSoakTransfer::Reap, this);
}

std::string
NetbltSoakTransfer::DescribeOpen() const
{
    std::string open;
    for (uint32_t i = 0; i < 2; ++i)
    {
        for (uint32_t k = 0; k < m_protocol[i]->GetConnectionCount(); ++k)
        {
            Ptr<NetbltConnection> c = m_protocol[i]->GetConnection(k);
            open += (open.empty() ? "" : ", ") + std::string("node ") + std::to_string(i) + " " +
                    (c->GetRole() == NetbltConnection::SENDER ? "sender" : "receiver") + " " +
                    NetbltConnection::StateName(c->GetState());
        }
    }
    return open;
}

NetbltSoakOutcome
NetbltSoakTransfer::GetOutcome(bool forgedData, bool forgedAny)
{
    const End& sender = m_active.sends ? m_active : m_passive;
    const End& receiver = m_active.sends ? m_passive : m_active;
    NetbltSoakOutcome o;
    o.senderClose = sender.Name(!m_active.sends);
    o.receiverClose = receiver.Name(m_active.sends);
    o.bytesGiven = sender.given;
    o.bytesDelivered = receiver.received.size();
    o.simulatedSeconds = Simulator::Now().GetSeconds();
    o.events = Simulator::GetEventCount();
    std::string ends = o.senderClose + "/" + o.receiverClose;
    auto judge = [&o](NetbltSoakOutcome::Category category, std::string detail) {
        o.category = category;
        o.detail = std::move(detail);
        return o;
    };
    if (!m_active.connection)
    {
        return judge(NetbltSoakOutcome::BAD, "Connect() refused the proposal");
    }
    if (!IsFinished())
    {
        // A connection a lying peer leads on may wait for ever (RFC 998 has no bound on waiting
        // for a live peer): after forgeries that is the forger's doing, not a hang.
        std::string open = "open at " + std::to_string(o.simulatedSeconds) +
                           " s: " + DescribeOpen() + " (" + ends + ")";
        if (forgedAny)
        {
            return judge(NetbltSoakOutcome::MISLED, "stalled after forged packets: " + open);
        }
        if (m_oracle.GetUnsentTakenIn() > 0)
        {
            return judge(NetbltSoakOutcome::UNDETECTED_CORRUPT,
                         "stalled after " + std::to_string(m_oracle.GetUnsentTakenIn()) +
                             " packets no end sent passed the checksum: " + open);
        }
        return judge(NetbltSoakOutcome::HANG, open);
    }
    bool complete[2] = {sender.closed && sender.reason == NetbltConnection::TRANSFER_COMPLETE,
                        receiver.closed && receiver.reason == NetbltConnection::TRANSFER_COMPLETE};
    bool whole = o.bytesDelivered == m_data.size();
    if (m_restarts > 0)
    {
        ends += " after " + std::to_string(m_restarts) + " new passive connection(s)";
    }
    std::string counts =
        std::to_string(o.bytesDelivered) + " of " + std::to_string(m_data.size()) + " bytes";
    if (m_oracle.GetWrongChecksumTakenIn() > 0)
    {
        return judge(NetbltSoakOutcome::BAD,
                     std::to_string(m_oracle.GetWrongChecksumTakenIn()) +
                         " packets with a wrong header checksum reached a connection (" + ends +
                         ")");
    }
    // A false completion is the model's fault unless a packet got in that the checksum could
    // not tell from a good one: the fuzzer's well-formed forgeries, or damage that cancels out
    // in RFC 998's ones'-complement sum (two bit errors in two IP fragments of one packet).
    std::string unsent = " (" + std::to_string(m_oracle.GetUnsentTakenIn()) +
                         " packets no end sent passed the checksum; " + ends + ")";
    auto excuse = [&](bool forged, const std::string& what) {
        if (forged)
        {
            return judge(NetbltSoakOutcome::MISLED, what + " (" + ends + ")");
        }
        if (m_oracle.GetUnsentTakenIn() > 0)
        {
            return judge(NetbltSoakOutcome::UNDETECTED_CORRUPT, what + unsent);
        }
        return judge(NetbltSoakOutcome::BAD, what + " (" + ends + ")");
    };
    if (complete[1] && !whole)
    {
        return excuse(forgedData, "receiver completed with " + counts);
    }
    if (complete[0] && (!whole || sender.given != m_data.size()))
    {
        return excuse(forgedAny, "sender completed, receiver got " + counts);
    }
    bool damagedNow = IsDamaged(receiver.received);
    if (m_damagedEarlier || damagedNow)
    {
        if (!m_config.proposal.checksumData && !m_config.limits.checksumData)
        {
            return judge(NetbltSoakOutcome::UNCHECKED_CORRUPT, ends);
        }
        if (forgedData)
        {
            return judge(NetbltSoakOutcome::MISLED,
                         "damaged data after forged DATA (" + ends + ")");
        }
        if (m_earlierBlind &&
            (!damagedNow ||
             m_oracle.IsChecksumBlind(m_data, receiver.received, receiver.connection)))
        {
            return judge(NetbltSoakOutcome::UNDETECTED_CORRUPT,
                         "damaged data with the RFC 998 checksum of the original" + unsent);
        }
        return judge(NetbltSoakOutcome::BAD,
                     "damaged data delivered with data checksums on (" + ends + ")");
    }
    if (complete[0] && complete[1])
    {
        return judge(NetbltSoakOutcome::INTACT, ends);
    }
    return judge(NetbltSoakOutcome::CLEAN, ends);
}

bool
NetbltSoakTransfer::IsDamaged(const std::vector<uint8_t>& received) const
{
    return received.size() > m_data.size() ||
           !std::equal(received.begin(), received.end(), m_data.begin());
}

Ptr<Node>
NetbltSoakTransfer::GetNode(uint32_t i) const
{
    return m_nodes.Get(i);
}

Ipv4Address
NetbltSoakTransfer::GetAddress(uint32_t i) const
{
    return m_address[i];
}

Ptr<NetbltL4Protocol>
NetbltSoakTransfer::GetProtocol(uint32_t i) const
{
    return m_protocol[i];
}

const std::vector<uint8_t>&
NetbltSoakTransfer::GetData() const
{
    return m_data;
}

const NetbltSoakConfig&
NetbltSoakTransfer::GetConfig() const
{
    return m_config;
}

} // namespace ns3
