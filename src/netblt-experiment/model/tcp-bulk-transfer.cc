/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tcp-bulk-transfer.h"

#include "ns3/abort.h"
#include "ns3/address.h"
#include "ns3/bsd-tcp-socket-factory.h"
#include "ns3/bsd-tcp-socket.h"
#include "ns3/bulk-send-helper.h"
#include "ns3/host-cpu.h"
#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/packet-sink-helper.h"
#include "ns3/packet-sink.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/tcp-host-processing.h"
#include "ns3/uinteger.h"

namespace ns3
{

namespace
{
/// Bytes the sending program writes at a time: a BSD socket takes a write in clusters of 1 KB.
constexpr uint32_t WRITE_SIZE = 1024;
} // namespace

NS_LOG_COMPONENT_DEFINE("TcpBulkTransfer");

NS_OBJECT_ENSURE_REGISTERED(TcpBulkTransfer);

TypeId
TcpBulkTransfer::GetTypeId()
{
    static TypeId tid = TypeId("ns3::TcpBulkTransfer")
                            .SetParent<BulkTransfer>()
                            .SetGroupName("NetbltExperiment")
                            .AddConstructor<TcpBulkTransfer>()
                            .AddAttribute("TransferSize",
                                          "Bytes the sending program writes, then closes.",
                                          UintegerValue(143800),
                                          MakeUintegerAccessor(&TcpBulkTransfer::m_transferSize),
                                          MakeUintegerChecker<uint32_t>(1));
    return tid;
}

TcpBulkTransfer::TcpBulkTransfer()
    : m_senderFactory(BsdTcpSocketFactory::GetTypeId().GetName(), Address()),
      m_transferSize(143800)
{
    NS_LOG_FUNCTION(this);
    m_senderFactory.SetAttribute("StartTime", TimeValue(MilliSeconds(1)));
}

TcpBulkTransfer::~TcpBulkTransfer()
{
    NS_LOG_FUNCTION(this);
}

void
TcpBulkTransfer::DoDispose()
{
    m_senderSocket = nullptr;
    m_sink = nullptr;
    m_ended = Callback<void>();
    BulkTransfer::DoDispose();
}

void
TcpBulkTransfer::SetSocketAttribute(const std::string& name, const AttributeValue& value)
{
    m_tcp.SetSocketAttribute(name, value);
    m_segmentSizeSet = m_segmentSizeSet || name == "SegmentSize";
}

void
TcpBulkTransfer::SetTcpAttribute(const std::string& name, const AttributeValue& value)
{
    m_tcp.SetProcessingAttribute(name, value);
}

void
TcpBulkTransfer::SetReceiverTcpAttribute(const std::string& name, const AttributeValue& value)
{
    m_receiverProcessing.emplace_back(name, value.Copy());
}

void
TcpBulkTransfer::SetSenderAttribute(const std::string& name, const AttributeValue& value)
{
    m_senderFactory.SetAttribute(name, value);
}

std::string
TcpBulkTransfer::GetCaptureName() const
{
    return "tcp";
}

const TimeSequence&
TcpBulkTransfer::GetTimeSequence() const
{
    return m_timeSequence;
}

void
TcpBulkTransfer::InstallTransport(Ptr<Node> sender, Ptr<Node> receiver)
{
    NS_LOG_FUNCTION(this << sender << receiver);
    SetHosts(sender, receiver);
    if (!m_segmentSizeSet)
    {
        // The host's first device is its interface on the testbed's network.
        m_tcp.SetSocketAttribute("SegmentSize", UintegerValue(sender->GetDevice(0)->GetMtu() - 40));
    }
    BsdTcpHelper receiverTcp = m_tcp;
    for (const auto& [name, value] : m_receiverProcessing)
    {
        receiverTcp.SetProcessingAttribute(name, *value);
    }
    m_tcp.Install(sender);
    receiverTcp.Install(receiver);
    sender->GetObject<BsdTcpSocketFactory>()->TraceConnectWithoutContext(
        "SocketCreated",
        MakeCallback(&TcpBulkTransfer::SenderSocketCreated, this));
}

void
TcpBulkTransfer::InstallClients(Ipv4Address receiver, Callback<void> ended)
{
    NS_LOG_FUNCTION(this << receiver);
    m_ended = ended;
    const uint16_t port = 5001; // TTCP's port
    const std::string factory = BsdTcpSocketFactory::GetTypeId().GetName();
    PacketSinkHelper sinkHelper(factory, InetSocketAddress(Ipv4Address::GetAny(), port));
    ApplicationContainer sinkApps = sinkHelper.Install(GetReceiver());
    BulkSendHelper senderFactory = m_senderFactory;
    senderFactory.SetAttribute("Remote", AddressValue(InetSocketAddress(receiver, port)));
    senderFactory.SetAttribute("MaxBytes", UintegerValue(m_transferSize));
    senderFactory.SetAttribute("SendSize", UintegerValue(WRITE_SIZE));
    ApplicationContainer sendApps = senderFactory.Install(GetSender());
    sinkApps.Start(Seconds(0));
    m_sink = DynamicCast<PacketSink>(sinkApps.Get(0));
    m_sink->TraceConnectWithoutContext("Rx", MakeCallback(&TcpBulkTransfer::Read, this));
    if (IsRecordingTimeSequence())
    {
        m_timeSequence.AttachReceiver(m_sink);
    }
    sendApps.Get(0)->TraceConnectWithoutContext("Tx",
                                                MakeCallback(&TcpBulkTransfer::Written, this));
}

void
TcpBulkTransfer::SenderSocketCreated(Ptr<BsdTcpSocket> socket)
{
    // The sending program opens one socket.
    m_senderSocket = socket;
    m_connectTime = Simulator::Now();
    m_meter.Attach(socket, m_transferSize);
    if (IsRecordingTimeSequence())
    {
        m_timeSequence.AttachSender(socket);
    }
    socket->TraceConnectWithoutContext("State",
                                       MakeCallback(&TcpBulkTransfer::SenderStateChanged, this));
}

void
TcpBulkTransfer::SenderStateChanged(TcpSocket::TcpStates_t /* oldState */,
                                    TcpSocket::TcpStates_t newState)
{
    m_senderState = newState;
    if (newState == TcpSocket::TIME_WAIT)
    {
        m_senderClosedNormally = true;
        m_closeTime = Simulator::Now();
    }
    else if (newState == TcpSocket::CLOSED && m_deliveredTime.IsZero())
    {
        // The connection failed (its SYNs unanswered, reset, or dropped after its
        // retransmissions or 75 s of its SYN): no byte more will arrive.
        Ended();
    }
}

void
TcpBulkTransfer::Ended()
{
    if (!m_hasEnded)
    {
        m_hasEnded = true;
        m_ended();
    }
}

void
TcpBulkTransfer::Written(Ptr<const Packet> packet)
{
    m_bytesWritten += packet->GetSize();
}

void
TcpBulkTransfer::Read(Ptr<const Packet> /* packet */, const Address& /* from */)
{
    if (m_deliveredTime.IsZero() && m_sink->GetTotalRx() >= m_transferSize)
    {
        m_deliveredTime = Simulator::Now();
        Ended();
    }
}

void
TcpBulkTransfer::FillRecord(TransferRecord& record, Time transmitting) const
{
    NS_ABORT_MSG_UNLESS(m_sink, "TcpBulkTransfer: no record before the clients exist");
    const Time senderSendingTime =
        GetSender()->GetObject<HostCpu>()->GetBusyTime(TcpHostProcessing::DATA_SEND_ACTIVITY) +
        transmitting;
    record.bytesGiven = m_bytesWritten;
    record.bytesReceived = m_sink->GetTotalRx();
    // ns-3's applications send no real bytes; TCP delivers in order, so the count is the check.
    record.intact = record.bytesGiven == m_transferSize && record.bytesReceived == m_transferSize;
    record.senderClose = m_senderSocket ? TcpSocket::TcpStateName[m_senderState] : "NEVER_OPENED";
    std::list<Ptr<Socket>> accepted = m_sink->GetAcceptedSockets();
    Ptr<BsdTcpSocket> receiving =
        accepted.empty() ? nullptr : DynamicCast<BsdTcpSocket>(accepted.front());
    record.receiverClose =
        receiving ? TcpSocket::TcpStateName[receiving->GetState()] : "NEVER_OPENED";
    record.completed = m_senderClosedNormally && record.bytesReceived == m_transferSize;
    record.dataPacketsSent = m_meter.GetDataSegmentsSent();
    record.retransmitted = m_meter.GetRetransmitted();
    Ptr<TcpHostProcessing> receiverTcp = GetReceiver()->GetObject<TcpHostProcessing>();
    record.dataPacketsReceived = receiverTcp->GetDataSegmentsReceived();
    record.controlPacketsSent = receiverTcp->GetAckSegmentsSent();
    record.lost = record.dataPacketsSent > record.dataPacketsReceived
                      ? record.dataPacketsSent - record.dataPacketsReceived
                      : 0;
    record.retransmissionTimeouts =
        m_senderSocket ? m_senderSocket->GetRetransmissionTimeouts() : 0;
    record.steadyStateMbps = m_meter.GetThroughput() / 1e6;
    if (!m_deliveredTime.IsZero() && m_deliveredTime > m_connectTime)
    {
        record.realMbps =
            8.0 * m_transferSize / (m_deliveredTime - m_connectTime).GetSeconds() / 1e6;
    }
    record.simulatedSeconds =
        m_senderClosedNormally ? m_closeTime.GetSeconds() : Simulator::Now().GetSeconds();
    if (senderSendingTime.IsStrictlyPositive())
    {
        const uint64_t bytesSent = GetSender()->GetObject<TcpHostProcessing>()->GetDataBytesSent();
        record.sendOnlyMbps = 8.0 * bytesSent / senderSendingTime.GetSeconds() / 1e6;
    }
}

} // namespace ns3
