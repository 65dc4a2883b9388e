/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-bulk-transfer.h"

#include "ns3/boolean.h"
#include "ns3/host-cpu.h"
#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/netblt-explicit-rate-policy.h"
#include "ns3/netblt-l4-protocol.h"
#include "ns3/netblt-sender.h"
#include "ns3/node-container.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NetbltBulkTransfer");

NS_OBJECT_ENSURE_REGISTERED(NetbltBulkTransfer);

namespace
{
/// The receiving client's port.
constexpr uint16_t NETBLT_PORT = 2000;
} // namespace

TypeId
NetbltBulkTransfer::GetTypeId()
{
    static TypeId tid = TypeId("ns3::NetbltBulkTransfer")
                            .SetParent<BulkTransfer>()
                            .SetGroupName("NetbltExperiment")
                            .AddConstructor<NetbltBulkTransfer>();
    return tid;
}

NetbltBulkTransfer::NetbltBulkTransfer()
    : m_senderFactory(Ipv4Address::GetAny(), NETBLT_PORT),
      m_sinkFactory(NETBLT_PORT)
{
    NS_LOG_FUNCTION(this);
    // RFC 1030's test program opened its connection once the receiver was listening.
    m_senderFactory.SetAttribute("StartTime", TimeValue(MilliSeconds(1)));
}

NetbltBulkTransfer::~NetbltBulkTransfer()
{
    NS_LOG_FUNCTION(this);
}

void
NetbltBulkTransfer::DoDispose()
{
    m_sender = nullptr;
    m_sink = nullptr;
    m_ended = Callback<void>();
    BulkTransfer::DoDispose();
}

void
NetbltBulkTransfer::SetNetbltAttribute(const std::string& name, const AttributeValue& value)
{
    m_netblt.SetAttribute(name, value);
}

void
NetbltBulkTransfer::SetReceiverNetbltAttribute(const std::string& name, const AttributeValue& value)
{
    m_receiverNetbltAttributes.emplace_back(name, value.Copy());
}

void
NetbltBulkTransfer::SetRatePolicyAttribute(const std::string& name, const AttributeValue& value)
{
    m_netblt.SetRatePolicyAttribute(name, value);
}

void
NetbltBulkTransfer::SetSenderAttribute(const std::string& name, const AttributeValue& value)
{
    m_senderFactory.SetAttribute(name, value);
}

void
NetbltBulkTransfer::SetSinkAttribute(const std::string& name, const AttributeValue& value)
{
    m_sinkFactory.SetAttribute(name, value);
}

std::string
NetbltBulkTransfer::GetCaptureName() const
{
    return "netblt";
}

void
NetbltBulkTransfer::InstallTransport(Ptr<Node> sender, Ptr<Node> receiver)
{
    NS_LOG_FUNCTION(this << sender << receiver);
    SetHosts(sender, receiver);
    NetbltHelper receiverNetblt = m_netblt;
    for (const auto& [name, value] : m_receiverNetbltAttributes)
    {
        receiverNetblt.SetAttribute(name, *value);
    }
    m_netblt.Install(sender);
    receiverNetblt.Install(receiver);
}

int64_t
NetbltBulkTransfer::AssignTransportStreams(int64_t stream)
{
    return m_netblt.AssignStreams(NodeContainer(GetSender(), GetReceiver()), stream);
}

void
NetbltBulkTransfer::InstallClients(Ipv4Address receiver, Callback<void> ended)
{
    NS_LOG_FUNCTION(this << receiver);
    m_ended = ended;
    NetbltBulkSendHelper senderFactory = m_senderFactory;
    senderFactory.SetAttribute("Remote", AddressValue(InetSocketAddress(receiver, NETBLT_PORT)));
    m_sink = DynamicCast<NetbltSinkApplication>(m_sinkFactory.Install(GetReceiver()).Get(0));
    m_sink->SetStartTime(Seconds(0));
    m_sender = DynamicCast<NetbltBulkSendApplication>(senderFactory.Install(GetSender()).Get(0));
    UintegerValue transferSize;
    m_sender->GetAttribute("TransferSize", transferSize);
    m_transferSize = transferSize.Get();

    m_sender->TraceConnectWithoutContext(
        "Connection",
        MakeCallback(&NetbltSteadyStateMeter::Attach, &m_steadyState));
    if (IsRecordingTimeSequence())
    {
        m_sender->TraceConnectWithoutContext(
            "Connection",
            MakeCallback(&NetbltTimeSequence::AttachSender, &m_timeSequence));
        m_sink->TraceConnectWithoutContext(
            "Connection",
            MakeCallback(&NetbltTimeSequence::AttachReceiver, &m_timeSequence));
    }
    m_sink->TraceConnectWithoutContext("Rx",
                                       MakeCallback(&NetbltBulkTransfer::BufferDelivered, this));
    // A transfer that ends other than by delivery must also end the testbed's run (its
    // background traffic), or the run goes on to MaxSimulatedTime.
    m_sender->TraceConnectWithoutContext("Close",
                                         MakeCallback(&NetbltBulkTransfer::EndClosed, this));
    m_sink->TraceConnectWithoutContext("Close", MakeCallback(&NetbltBulkTransfer::EndClosed, this));
}

int64_t
NetbltBulkTransfer::AssignClientStreams(int64_t stream)
{
    return m_senderFactory.AssignStreams(NodeContainer(GetSender(), GetReceiver()), stream);
}

void
NetbltBulkTransfer::BufferDelivered(Ptr<const Packet>, uint32_t)
{
    if (!m_delivered && m_sink->GetBytesReceived() >= m_transferSize)
    {
        m_delivered = true;
        Ended();
    }
}

void
NetbltBulkTransfer::EndClosed(Ptr<NetbltConnection>, NetbltConnection::CloseReason)
{
    if (m_sender->IsClosed() && m_sink->IsClosed())
    {
        Ended();
    }
}

void
NetbltBulkTransfer::Ended()
{
    if (!m_hasEnded)
    {
        m_hasEnded = true;
        m_ended();
    }
}

Ptr<NetbltBulkSendApplication>
NetbltBulkTransfer::GetSenderApplication() const
{
    return m_sender;
}

Ptr<NetbltSinkApplication>
NetbltBulkTransfer::GetSinkApplication() const
{
    return m_sink;
}

const TimeSequence&
NetbltBulkTransfer::GetTimeSequence() const
{
    return m_timeSequence;
}

void
NetbltBulkTransfer::FillRecord(TransferRecord& record, Time transmitting) const
{
    NS_ABORT_MSG_UNLESS(m_sender, "NetbltBulkTransfer: no record before the clients exist");
    record.bytesGiven = m_sender->GetBytesGiven();
    record.bytesReceived = m_sink->GetBytesReceived();
    record.intact = record.bytesGiven == m_transferSize && record.bytesReceived == m_transferSize &&
                    m_sender->GetDigest() == m_sink->GetDigest();
    record.senderClose = m_sender->IsClosed()
                             ? NetbltConnection::CloseReasonName(m_sender->GetCloseReason())
                             : "OPEN";
    record.receiverClose = m_sink->IsClosed()
                               ? NetbltConnection::CloseReasonName(m_sink->GetCloseReason())
                               : (m_sink->GetConnection() ? "OPEN" : "NEVER_OPENED");
    record.completed = m_sender->IsClosed() && m_sink->IsClosed() &&
                       m_sender->GetCloseReason() == NetbltConnection::TRANSFER_COMPLETE &&
                       m_sink->GetCloseReason() == NetbltConnection::TRANSFER_COMPLETE;
    if (Ptr<NetbltConnection> connection = m_sender->GetConnection())
    {
        const NetbltConnectionStatistics& s = connection->GetStatistics();
        record.dataPacketsSent = s.dataPacketsSent;
        record.retransmitted = s.dataPacketsRetransmitted;
        record.nullAcksSent = s.nullAcksSent;
        record.sourceQuenches = s.sourceQuenches;
        record.maxResendsPerBuffer = s.maxResendsPerBuffer;
        record.longestProgressGapSeconds = s.longestProgressGap.GetSeconds();
        record.steadyStateMbps = m_steadyState.GetThroughput() / 1e6;
        if (auto sender = DynamicCast<NetbltSender>(connection))
        {
            auto policy = DynamicCast<NetbltExplicitRatePolicy>(sender->GetRatePolicy());
            record.explicitRateHeard = policy && policy->IsExplicitRateHeard();
        }
    }
    if (Ptr<NetbltConnection> connection = m_sink->GetConnection())
    {
        const NetbltConnectionStatistics& r = connection->GetStatistics();
        record.dataPacketsReceived = r.dataPacketsReceived;
        record.dataTimeouts = r.dataTimeouts;
        record.controlTimeouts = r.controlTimeouts;
        record.controlPacketsSent = r.controlPacketsSent;
        record.packetsRequested = r.packetsRequested;
        record.maxResendsPerBuffer = std::max(record.maxResendsPerBuffer, r.maxResendsPerBuffer);
        record.longestProgressGapSeconds =
            std::max(record.longestProgressGapSeconds, r.longestProgressGap.GetSeconds());
        if (r.completeTime > Time(0) && m_sender->GetConnection())
        {
            // Real throughput: from the sending program's open request to the receiver's end.
            Time start = m_sender->GetConnection()->GetStatistics().openTime;
            record.realMbps = 8.0 * r.bytesDelivered / (r.completeTime - start).GetSeconds() / 1e6;
        }
    }
    record.lost = record.dataPacketsSent > record.dataPacketsReceived
                      ? record.dataPacketsSent - record.dataPacketsReceived
                      : 0;
    for (Ptr<Node> host : {GetSender(), GetReceiver()})
    {
        Ptr<NetbltL4Protocol> protocol = host->GetObject<NetbltL4Protocol>();
        record.checksumErrors += protocol->GetChecksumErrors();
        record.malformedPackets += protocol->GetMalformedPackets();
    }
    // When the later end closed; a run that never finished shows the safety bound.
    record.simulatedSeconds =
        m_sender->IsClosed() && m_sink->IsClosed()
            ? std::max(m_sender->GetCloseTime(), m_sink->GetCloseTime()).GetSeconds()
            : Simulator::Now().GetSeconds();
    Ptr<HostCpu> senderCpu = GetSender()->GetObject<HostCpu>();
    Time sending = senderCpu->GetBusyTime("netblt-data-send") + transmitting;
    if (sending.IsStrictlyPositive() && m_sender->GetConnection())
    {
        const NetbltConnectionStatistics& s = m_sender->GetConnection()->GetStatistics();
        record.sendOnlyMbps = 8.0 * s.dataBytesSent / sending.GetSeconds() / 1e6;
    }
}

} // namespace ns3
