/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tcp-host-processing.h"

#include "ns3/abort.h"
#include "ns3/host-model.h"
#include "ns3/ipv4-interface.h"
#include "ns3/ipv4-route.h"
#include "ns3/ipv4.h"
#include "ns3/ipv6-interface.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/tcp-header.h"
#include "ns3/tcp-l4-protocol.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TcpHostProcessing");

NS_OBJECT_ENSURE_REGISTERED(TcpHostProcessing);

const std::string TcpHostProcessing::DATA_SEND_ACTIVITY = "tcp-data-send";
const std::string TcpHostProcessing::ACK_SEND_ACTIVITY = "tcp-ack-send";
const std::string TcpHostProcessing::DATA_RECEIVE_ACTIVITY = "tcp-data-receive";
const std::string TcpHostProcessing::ACK_RECEIVE_ACTIVITY = "tcp-ack-receive";

TypeId
TcpHostProcessing::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::TcpHostProcessing")
            .SetParent<IpL4Protocol>()
            .SetGroupName("BsdTcp")
            .AddConstructor<TcpHostProcessing>()
            .AddAttribute("DataSendPacketCost",
                          "CPU time per data segment sent, besides its per-byte cost (the send "
                          "call, tcp_output, ip_output, handing the frame to the driver).",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&TcpHostProcessing::m_dataSendCost),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("DataSendByteCost",
                          "CPU time per data byte sent (copying it from the user into the socket "
                          "buffer and summing it into the TCP checksum).",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&TcpHostProcessing::m_sendByteCost),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("AckSendPacketCost",
                          "CPU time per segment without data sent (ACK, window update, SYN, FIN).",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&TcpHostProcessing::m_ackSendCost),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("DataReceivePacketCost",
                          "CPU time per data segment received, besides its per-byte cost "
                          "(ip_input, tcp_input, waking the reader and its receive call).",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&TcpHostProcessing::m_dataReceiveCost),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("DataReceiveByteCost",
                          "CPU time per data byte received (summing it into the TCP checksum and "
                          "copying it from the socket buffer to the user).",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&TcpHostProcessing::m_receiveByteCost),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("AckReceivePacketCost",
                          "CPU time per segment without data received (ip_input, tcp_input, "
                          "freeing the acknowledged data, waking the writer).",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&TcpHostProcessing::m_ackReceiveCost),
                          MakeTimeChecker(Time(0)));
    return tid;
}

TcpHostProcessing::TcpHostProcessing()
{
    NS_LOG_FUNCTION(this);
}

TcpHostProcessing::~TcpHostProcessing()
{
    NS_LOG_FUNCTION(this);
}

void
TcpHostProcessing::DoDispose()
{
    m_node = nullptr;
    m_tcp = nullptr;
    m_down = DownTargetCallback();
    IpL4Protocol::DoDispose();
}

void
TcpHostProcessing::Install(Ptr<Node> node)
{
    NS_LOG_FUNCTION(this << node);
    Ptr<Ipv4> ipv4 = node->GetObject<Ipv4>();
    Ptr<TcpL4Protocol> tcp = node->GetObject<TcpL4Protocol>();
    NS_ABORT_MSG_UNLESS(ipv4 && tcp, "TcpHostProcessing needs IPv4 and TCP on the node");
    NS_ABORT_MSG_IF(node->GetObject<TcpHostProcessing>(),
                    "the node's TCP already has a TcpHostProcessing");
    m_node = node;
    m_tcp = tcp;
    m_down = tcp->GetDownTarget();
    tcp->SetDownTarget(MakeCallback(&TcpHostProcessing::Send, this));
    // Replaces TcpL4Protocol as IPv4's handler of protocol 6.
    ipv4->Insert(this);
    node->AggregateObject(this);
}

uint32_t
TcpHostProcessing::PayloadOf(Ptr<const Packet> packet)
{
    TcpHeader header;
    packet->PeekHeader(header);
    return packet->GetSize() - header.GetSerializedSize();
}

void
TcpHostProcessing::Send(Ptr<Packet> packet,
                        Ipv4Address source,
                        Ipv4Address destination,
                        uint8_t protocol,
                        Ptr<Ipv4Route> route)
{
    const uint32_t payload = PayloadOf(packet);
    Time cost = m_ackSendCost;
    const std::string* activity = &ACK_SEND_ACTIVITY;
    if (payload > 0)
    {
        cost = m_dataSendCost + m_sendByteCost * payload;
        activity = &DATA_SEND_ACTIVITY;
        ++m_dataSegmentsSent;
        m_dataBytesSent += payload;
    }
    else
    {
        ++m_ackSegmentsSent;
    }
    DownTargetCallback down = m_down;
    Callback<void> work([=]() { down(packet, source, destination, protocol, route); });
    if (Ptr<HostModel> host = m_node->GetObject<HostModel>())
    {
        host->Continue(cost, *activity, work);
    }
    else
    {
        work();
    }
}

IpL4Protocol::RxStatus
TcpHostProcessing::Receive(Ptr<Packet> packet,
                           const Ipv4Header& header,
                           Ptr<Ipv4Interface> incomingInterface)
{
    const uint32_t payload = PayloadOf(packet);
    Time cost = m_ackReceiveCost;
    const std::string* activity = &ACK_RECEIVE_ACTIVITY;
    if (payload > 0)
    {
        cost = m_dataReceiveCost + m_receiveByteCost * payload;
        activity = &DATA_RECEIVE_ACTIVITY;
        ++m_dataSegmentsReceived;
    }
    else
    {
        ++m_ackSegmentsReceived;
    }
    // The host packet buffer the segment came up in is free only once TCP has taken it.
    Ptr<HostModel> host = m_node->GetObject<HostModel>();
    const bool kept = host && host->KeepReceivedBuffer();
    Ptr<TcpL4Protocol> tcp = m_tcp;
    Callback<void> work([=]() {
        tcp->Receive(packet, header, incomingInterface);
        if (kept)
        {
            host->ReleaseReceivedBuffer();
        }
    });
    if (host)
    {
        host->Execute(cost, *activity, work);
    }
    else
    {
        work();
    }
    return IpL4Protocol::RX_OK;
}

IpL4Protocol::RxStatus
TcpHostProcessing::Receive(Ptr<Packet> packet,
                           const Ipv6Header& header,
                           Ptr<Ipv6Interface> incomingInterface)
{
    // 1987 hosts had no IPv6; a segment over it, if any, passes uncharged.
    return m_tcp->Receive(packet, header, incomingInterface);
}

void
TcpHostProcessing::ReceiveIcmp(Ipv4Address icmpSource,
                               uint8_t icmpTtl,
                               uint8_t icmpType,
                               uint8_t icmpCode,
                               uint32_t icmpInfo,
                               Ipv4Address payloadSource,
                               Ipv4Address payloadDestination,
                               const uint8_t payload[8])
{
    m_tcp->ReceiveIcmp(icmpSource,
                       icmpTtl,
                       icmpType,
                       icmpCode,
                       icmpInfo,
                       payloadSource,
                       payloadDestination,
                       payload);
}

int
TcpHostProcessing::GetProtocolNumber() const
{
    return TcpL4Protocol::PROT_NUMBER;
}

void
TcpHostProcessing::SetDownTarget(DownTargetCallback callback)
{
    m_down = callback;
}

void
TcpHostProcessing::SetDownTarget6(DownTargetCallback6 callback)
{
    m_tcp->SetDownTarget6(callback);
}

IpL4Protocol::DownTargetCallback
TcpHostProcessing::GetDownTarget() const
{
    return m_down;
}

IpL4Protocol::DownTargetCallback6
TcpHostProcessing::GetDownTarget6() const
{
    return m_tcp->GetDownTarget6();
}

uint64_t
TcpHostProcessing::GetDataSegmentsSent() const
{
    return m_dataSegmentsSent;
}

uint64_t
TcpHostProcessing::GetAckSegmentsSent() const
{
    return m_ackSegmentsSent;
}

uint64_t
TcpHostProcessing::GetDataSegmentsReceived() const
{
    return m_dataSegmentsReceived;
}

uint64_t
TcpHostProcessing::GetAckSegmentsReceived() const
{
    return m_ackSegmentsReceived;
}

uint64_t
TcpHostProcessing::GetDataBytesSent() const
{
    return m_dataBytesSent;
}

} // namespace ns3
