/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tcp-bulk-transfer.h"

#include "ns3/address.h"
#include "ns3/bsd-tcp-socket-factory.h"
#include "ns3/bsd-tcp-socket.h"
#include "ns3/bulk-send-helper.h"
#include "ns3/inet-socket-address.h"
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

void
TcpBulkTransfer::SetSocketAttribute(const std::string& name, const AttributeValue& value)
{
    m_tcp.SetSocketAttribute(name, value);
}

void
TcpBulkTransfer::SetProcessingAttribute(const std::string& name, const AttributeValue& value)
{
    m_tcp.SetProcessingAttribute(name, value);
}

void
TcpBulkTransfer::SetReceiverProcessingAttribute(const std::string& name,
                                                const AttributeValue& value)
{
    m_receiverProcessing.emplace_back(name, value.Copy());
}

void
TcpBulkTransfer::Install(NodeContainer hosts,
                         Ipv4Address receiver,
                         uint32_t transferSize,
                         Callback<void> delivered)
{
    m_hosts = hosts;
    m_transferSize = transferSize;
    m_delivered = delivered;
    BsdTcpHelper receiverTcp = m_tcp;
    for (const auto& [name, value] : m_receiverProcessing)
    {
        receiverTcp.SetProcessingAttribute(name, *value);
    }
    m_tcp.Install(hosts.Get(0));
    receiverTcp.Install(hosts.Get(1));
    hosts.Get(0)->GetObject<BsdTcpSocketFactory>()->TraceConnectWithoutContext(
        "SocketCreated",
        MakeCallback(&TcpBulkTransfer::SenderSocketCreated, this));

    const uint16_t port = 5001; // TTCP's port
    const std::string factory = BsdTcpSocketFactory::GetTypeId().GetName();
    PacketSinkHelper sinkHelper(factory, InetSocketAddress(Ipv4Address::GetAny(), port));
    ApplicationContainer sinkApps = sinkHelper.Install(hosts.Get(1));
    BulkSendHelper sendHelper(factory, InetSocketAddress(receiver, port));
    sendHelper.SetAttribute("MaxBytes", UintegerValue(transferSize));
    sendHelper.SetAttribute("SendSize", UintegerValue(WRITE_SIZE));
    ApplicationContainer sendApps = sendHelper.Install(hosts.Get(0));
    sinkApps.Start(Seconds(0));
    sendApps.Start(MilliSeconds(1));
    m_sink = DynamicCast<PacketSink>(sinkApps.Get(0));
    m_sink->TraceConnectWithoutContext("Rx", MakeCallback(&TcpBulkTransfer::Read, this));
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
        m_delivered();
    }
}

void
TcpBulkTransfer::FillRecord(NetbltTransferRecord& record, Time senderSendingTime) const
{
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
    Ptr<TcpHostProcessing> receiverTcp = m_hosts.Get(1)->GetObject<TcpHostProcessing>();
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
        const uint64_t bytesSent =
            m_hosts.Get(0)->GetObject<TcpHostProcessing>()->GetDataBytesSent();
        record.sendOnlyMbps = 8.0 * bytesSent / senderSendingTime.GetSeconds() / 1e6;
    }
}

} // namespace ns3
