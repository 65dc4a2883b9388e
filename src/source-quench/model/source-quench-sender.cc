/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "source-quench-sender.h"

#include "icmpv4-source-quench.h"

#include "ns3/icmpv4-l4-protocol.h"
#include "ns3/icmpv4.h"
#include "ns3/ipv4-header.h"
#include "ns3/ipv4-route.h"
#include "ns3/ipv4-routing-protocol.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SourceQuenchSender");

NS_OBJECT_ENSURE_REGISTERED(SourceQuenchSender);

TypeId
SourceQuenchSender::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SourceQuenchSender")
            .SetParent<Object>()
            .SetGroupName("SourceQuench")
            .AddConstructor<SourceQuenchSender>()
            .AddAttribute("ThresholdBytes",
                          "Bytes the watched queue must hold, the new datagram included, for "
                          "a quench to go to its source: more than this many. Default: 32768, "
                          "half the Wideband ESI's default 64 KB buffer (an assumption: RFC "
                          "1009 says only that a gateway should quench before it must drop).",
                          UintegerValue(32768),
                          MakeUintegerAccessor(&SourceQuenchSender::m_thresholdBytes),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("MinInterval",
                          "Least time between two quenches to the same source. Default: 2 s, "
                          "RFC 1016's event period E (a SQuID host counts every quench within "
                          "E as one increase event, so more carry nothing to it); 0: a quench "
                          "for every datagram past the threshold, as RFC 792 allows and "
                          "4.3BSD's ip_forward did (its icmp_error has no rate limit).",
                          TimeValue(Seconds(2)),
                          MakeTimeAccessor(&SourceQuenchSender::m_minInterval),
                          MakeTimeChecker(Time(0)))
            .AddTraceSource("QuenchSent",
                            "A Source Quench left for a datagram's source: the source and the "
                            "ICMP message.",
                            MakeTraceSourceAccessor(&SourceQuenchSender::m_quenchSentTrace),
                            "ns3::SourceQuenchSender::QuenchSentTracedCallback");
    return tid;
}

SourceQuenchSender::SourceQuenchSender()
    : m_thresholdBytes(32768)
{
    NS_LOG_FUNCTION(this);
}

SourceQuenchSender::~SourceQuenchSender()
{
    NS_LOG_FUNCTION(this);
}

void
SourceQuenchSender::DoDispose()
{
    m_node = nullptr;
    m_lastSent.clear();
    Object::DoDispose();
}

void
SourceQuenchSender::SetNode(Ptr<Node> node)
{
    m_node = node;
}

uint64_t
SourceQuenchSender::GetQuenchesSent() const
{
    return m_sent;
}

uint64_t
SourceQuenchSender::GetQuenchesSuppressed() const
{
    return m_suppressed;
}

void
SourceQuenchSender::DatagramQueued(Ptr<const Packet> datagram, uint32_t queuedBytes)
{
    if (queuedBytes <= m_thresholdBytes || !m_node)
    {
        return;
    }
    Ipv4Header header;
    datagram->PeekHeader(header);
    if (!IsQuenchable(header))
    {
        return;
    }
    const Time now = Simulator::Now();
    auto last = m_lastSent.find(header.GetSource());
    if (last != m_lastSent.end() && now - last->second < m_minInterval)
    {
        ++m_suppressed;
        return;
    }
    NS_LOG_LOGIC("queue holds " << queuedBytes << " bytes: quench " << header.GetSource());
    if (SendQuench(header, datagram))
    {
        m_lastSent[header.GetSource()] = now;
    }
}

bool
SourceQuenchSender::IsQuenchable(const Ipv4Header& header) const
{
    const Ipv4Address source = header.GetSource();
    if (header.GetProtocol() == Icmpv4L4Protocol::PROT_NUMBER || header.GetFragmentOffset() != 0 ||
        source.IsAny() || source.IsBroadcast() || source.IsMulticast())
    {
        return false;
    }
    return m_node->GetObject<Ipv4>()->GetInterfaceForAddress(source) < 0;
}

bool
SourceQuenchSender::SendQuench(const Ipv4Header& header, Ptr<const Packet> datagram)
{
    Icmpv4SourceQuench quench;
    Ipv4Header quoted = header;
    if (Node::ChecksumEnabled())
    {
        quoted.EnableChecksum(); // written again as the source wrote it
    }
    quench.SetHeader(quoted);
    Ptr<Packet> data = datagram->Copy();
    Ipv4Header removed;
    data->RemoveHeader(removed);
    quench.SetData(data);
    Ptr<Packet> packet = Create<Packet>();
    packet->AddHeader(quench);
    Icmpv4Header icmp;
    icmp.SetType(Icmpv4SourceQuench::TYPE);
    icmp.SetCode(Icmpv4SourceQuench::CODE);
    if (Node::ChecksumEnabled())
    {
        icmp.EnableChecksum();
    }
    packet->AddHeader(icmp);

    // Routed as Icmpv4L4Protocol routes the messages it sends itself.
    Ptr<Ipv4> ipv4 = m_node->GetObject<Ipv4>();
    Ipv4Header route;
    route.SetDestination(header.GetSource());
    route.SetProtocol(Icmpv4L4Protocol::PROT_NUMBER);
    Socket::SocketErrno error;
    Ptr<Ipv4Route> path = ipv4->GetRoutingProtocol()->RouteOutput(packet, route, nullptr, error);
    if (!path)
    {
        NS_LOG_WARN("no route to " << header.GetSource() << ": no quench");
        return false;
    }
    ++m_sent;
    m_quenchSentTrace(header.GetSource(), packet);
    ipv4->Send(packet, path->GetSource(), header.GetSource(), Icmpv4L4Protocol::PROT_NUMBER, path);
    return true;
}

} // namespace ns3
