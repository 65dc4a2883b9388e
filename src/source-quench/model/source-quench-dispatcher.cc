/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "source-quench-dispatcher.h"

#include "icmpv4-source-quench.h"

#include "ns3/icmpv4-l4-protocol.h"
#include "ns3/icmpv4.h"
#include "ns3/ip-l4-protocol.h"
#include "ns3/ipv4-raw-socket-factory.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/socket.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SourceQuenchDispatcher");

NS_OBJECT_ENSURE_REGISTERED(SourceQuenchDispatcher);

TypeId
SourceQuenchDispatcher::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SourceQuenchDispatcher")
            .SetParent<Object>()
            .SetGroupName("SourceQuench")
            .AddConstructor<SourceQuenchDispatcher>()
            .AddTraceSource(
                "QuenchReceived",
                "A Source Quench arrived: its source (the gateway) and the quoted IP header.",
                MakeTraceSourceAccessor(&SourceQuenchDispatcher::m_quenchReceivedTrace),
                "ns3::SourceQuenchDispatcher::QuenchReceivedTracedCallback");
    return tid;
}

SourceQuenchDispatcher::SourceQuenchDispatcher()
{
    NS_LOG_FUNCTION(this);
}

SourceQuenchDispatcher::~SourceQuenchDispatcher()
{
    NS_LOG_FUNCTION(this);
}

void
SourceQuenchDispatcher::DoDispose()
{
    if (m_socket)
    {
        m_socket->SetRecvCallback(MakeNullCallback<void, Ptr<Socket>>());
        m_socket->Close();
        m_socket = nullptr;
    }
    m_node = nullptr;
    Object::DoDispose();
}

void
SourceQuenchDispatcher::Install(Ptr<Node> host)
{
    NS_LOG_FUNCTION(this << host);
    NS_ABORT_MSG_UNLESS(host->GetObject<Ipv4>(), "SourceQuenchDispatcher: the host needs IPv4");
    NS_ABORT_MSG_IF(m_socket, "SourceQuenchDispatcher::Install() called twice");
    m_node = host;
    m_socket = Socket::CreateSocket(host, Ipv4RawSocketFactory::GetTypeId());
    m_socket->SetAttribute("Protocol", UintegerValue(Icmpv4L4Protocol::PROT_NUMBER));
    // A set bit filters its ICMP type out: every type but Source Quench.
    m_socket->SetAttribute("IcmpFilter", UintegerValue(~(uint32_t{1} << Icmpv4SourceQuench::TYPE)));
    m_socket->SetRecvCallback(MakeCallback(&SourceQuenchDispatcher::ReadSocket, this));
}

uint64_t
SourceQuenchDispatcher::GetQuenchesReceived() const
{
    return m_received;
}

uint64_t
SourceQuenchDispatcher::GetQuenchesDispatched() const
{
    return m_dispatched;
}

void
SourceQuenchDispatcher::ReadSocket(Ptr<Socket> socket)
{
    while (Ptr<Packet> datagram = socket->Recv())
    {
        Dispatch(datagram);
    }
}

bool
SourceQuenchDispatcher::Dispatch(Ptr<const Packet> datagram)
{
    Ptr<Packet> packet = datagram->Copy();
    Ipv4Header outer;
    packet->RemoveHeader(outer);
    Icmpv4Header icmp;
    packet->RemoveHeader(icmp);
    if (icmp.GetType() != Icmpv4SourceQuench::TYPE)
    {
        return false;
    }
    Icmpv4SourceQuench quench;
    packet->RemoveHeader(quench);
    const Ipv4Header& quoted = quench.GetHeader();
    ++m_received;
    m_quenchReceivedTrace(outer.GetSource(), quoted);
    Ptr<IpL4Protocol> transport = m_node->GetObject<Ipv4>()->GetProtocol(quoted.GetProtocol());
    if (!transport)
    {
        NS_LOG_LOGIC("no transport " << static_cast<uint32_t>(quoted.GetProtocol()));
        return false;
    }
    NS_LOG_LOGIC("quench from " << outer.GetSource() << " to protocol "
                                << static_cast<uint32_t>(quoted.GetProtocol()));
    uint8_t payload[Icmpv4SourceQuench::DATA_BYTES];
    quench.GetData(payload);
    ++m_dispatched;
    transport->ReceiveIcmp(outer.GetSource(),
                           outer.GetTtl(),
                           icmp.GetType(),
                           icmp.GetCode(),
                           0,
                           quoted.GetSource(),
                           quoted.GetDestination(),
                           payload);
    return true;
}

} // namespace ns3
