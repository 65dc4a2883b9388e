/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-sink-application.h"

#include "netblt-digest.h"
#include "netblt-l4-protocol.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/nstime.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NetbltSinkApplication");

NS_OBJECT_ENSURE_REGISTERED(NetbltSinkApplication);

TypeId
NetbltSinkApplication::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::NetbltSinkApplication")
            .SetParent<Application>()
            .SetGroupName("Netblt")
            .AddConstructor<NetbltSinkApplication>()
            .AddAttribute("Port",
                          "The well-known NETBLT port to listen on.",
                          UintegerValue(2000),
                          MakeUintegerAccessor(&NetbltSinkApplication::m_port),
                          MakeUintegerChecker<uint16_t>())
            .AddAttribute("MaxBufferSize",
                          "Largest buffer accepted, bytes.",
                          UintegerValue(65535 * 1024U),
                          MakeUintegerAccessor(&NetbltSinkApplication::m_maxBufferSize),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("MaxPacketSize",
                          "Largest DATA packet data segment accepted, bytes.",
                          UintegerValue(65535),
                          MakeUintegerAccessor(&NetbltSinkApplication::m_maxPacketSize),
                          MakeUintegerChecker<uint16_t>(1))
            .AddAttribute("MaxBurstSize",
                          "Largest burst accepted, packets.",
                          UintegerValue(65535),
                          MakeUintegerAccessor(&NetbltSinkApplication::m_maxBurstSize),
                          MakeUintegerChecker<uint16_t>(1))
            .AddAttribute("MinBurstInterval",
                          "Shortest burst interval accepted; whole milliseconds on the wire.",
                          TimeValue(MilliSeconds(1)),
                          MakeTimeAccessor(&NetbltSinkApplication::m_minBurstInterval),
                          MakeTimeChecker(MilliSeconds(1), MilliSeconds(65535)))
            .AddAttribute("MaxOutstandingBuffers",
                          "Most buffers accepted in transmission or recovery at once.",
                          UintegerValue(65535),
                          MakeUintegerAccessor(&NetbltSinkApplication::m_maxOutstandingBuffers),
                          MakeUintegerChecker<uint16_t>(1))
            .AddAttribute("ChecksumData",
                          "Require DATA/LDATA data to be checksummed (the C flag).",
                          BooleanValue(false),
                          MakeBooleanAccessor(&NetbltSinkApplication::m_checksumData),
                          MakeBooleanChecker())
            .AddAttribute("DeathTimeout",
                          "This end's death-timer value; whole seconds on the wire.",
                          TimeValue(Seconds(60)),
                          MakeTimeAccessor(&NetbltSinkApplication::m_deathTimeout),
                          MakeTimeChecker(Seconds(1), Seconds(65535)))
            .AddAttribute("KeepData",
                          "Keep every received byte (for tests; costs memory).",
                          BooleanValue(false),
                          MakeBooleanAccessor(&NetbltSinkApplication::m_keepData),
                          MakeBooleanChecker())
            .AddTraceSource("Rx",
                            "A complete buffer reached the client: its bytes and number.",
                            MakeTraceSourceAccessor(&NetbltSinkApplication::m_rxTrace),
                            "ns3::NetbltSinkApplication::RxTracedCallback")
            .AddTraceSource("Connection",
                            "A connection was accepted (its OPEN answered): the place to "
                            "connect to its trace sources (NetbltReceiver's DataReceived, ...).",
                            MakeTraceSourceAccessor(&NetbltSinkApplication::m_connectionTrace),
                            "ns3::NetbltSinkApplication::ConnectionTracedCallback")
            .AddTraceSource("Close",
                            "A connection closed, with the reason.",
                            MakeTraceSourceAccessor(&NetbltSinkApplication::m_closeTrace),
                            "ns3::NetbltSinkApplication::CloseTracedCallback");
    return tid;
}

NetbltSinkApplication::NetbltSinkApplication()
{
    NS_LOG_FUNCTION(this);
}

NetbltSinkApplication::~NetbltSinkApplication()
{
    NS_LOG_FUNCTION(this);
}

void
NetbltSinkApplication::DoDispose()
{
    m_connection = nullptr;
    Application::DoDispose();
}

Ptr<NetbltReceiver>
NetbltSinkApplication::GetConnection() const
{
    return m_connection;
}

uint64_t
NetbltSinkApplication::GetBytesReceived() const
{
    return m_bytesReceived;
}

uint64_t
NetbltSinkApplication::GetDigest() const
{
    return m_digest.GetValue();
}

const std::vector<uint8_t>&
NetbltSinkApplication::GetData() const
{
    return m_data;
}

Time
NetbltSinkApplication::GetCloseTime() const
{
    return m_closeTime;
}

bool
NetbltSinkApplication::IsClosed() const
{
    return m_closed;
}

NetbltConnection::CloseReason
NetbltSinkApplication::GetCloseReason() const
{
    return m_closeReason;
}

void
NetbltSinkApplication::StartApplication()
{
    NS_LOG_FUNCTION(this);
    Ptr<NetbltL4Protocol> netblt = GetNode()->GetObject<NetbltL4Protocol>();
    NS_ABORT_MSG_UNLESS(netblt, "NetbltSinkApplication needs NETBLT on its node (NetbltHelper)");
    NetbltTransferParameters limits;
    limits.bufferSize = m_maxBufferSize;
    limits.packetSize = m_maxPacketSize;
    limits.burstSize = m_maxBurstSize;
    limits.burstIntervalMs = static_cast<uint16_t>(m_minBurstInterval.GetMilliSeconds());
    limits.maxOutstandingBuffers = m_maxOutstandingBuffers;
    limits.checksumData = m_checksumData;
    limits.deathTimeoutS = static_cast<uint16_t>(m_deathTimeout.GetSeconds());
    m_listening =
        netblt->Listen(m_port, limits, MakeCallback(&NetbltSinkApplication::Accept, this));
    NS_ABORT_MSG_UNLESS(m_listening, "NETBLT port " << m_port << " already has a listener");
}

void
NetbltSinkApplication::StopApplication()
{
    NS_LOG_FUNCTION(this);
    if (m_listening)
    {
        GetNode()->GetObject<NetbltL4Protocol>()->StopListening(m_port);
        m_listening = false;
    }
}

std::string
NetbltSinkApplication::Accept(Ptr<NetbltConnection> connection,
                              const NetbltTransferParameters& answer)
{
    NS_LOG_FUNCTION(this << connection << answer);
    Ptr<NetbltReceiver> receiver = DynamicCast<NetbltReceiver>(connection);
    if (!receiver)
    {
        return "this port only receives data (OPEN in WRITE mode)";
    }
    m_connection = receiver;
    m_closed = false;
    receiver->SetEstablishedCallback(MakeCallback(&NetbltSinkApplication::Established, this));
    receiver->SetBufferReceivedCallback(MakeCallback(&NetbltSinkApplication::BufferReceived, this));
    receiver->SetCloseCallback(MakeCallback(&NetbltSinkApplication::ConnectionClosed, this));
    m_connectionTrace(receiver);
    return "";
}

void
NetbltSinkApplication::Established(Ptr<NetbltConnection> connection)
{
    // Room for every buffer the connection may have outstanding.
    for (uint16_t i = 0; i < connection->GetParameters().maxOutstandingBuffers; ++i)
    {
        m_connection->ProvideBuffer();
    }
}

void
NetbltSinkApplication::BufferReceived(Ptr<NetbltReceiver> connection,
                                      uint32_t number,
                                      Ptr<Packet> data,
                                      bool last)
{
    NS_LOG_FUNCTION(this << number << data->GetSize() << last);
    m_bytesReceived += data->GetSize();
    m_digest.Add(data);
    if (m_keepData)
    {
        size_t at = m_data.size();
        m_data.resize(at + data->GetSize());
        data->CopyData(m_data.data() + at, data->GetSize());
    }
    m_rxTrace(data, number);
    if (!last)
    {
        connection->ProvideBuffer();
    }
}

void
NetbltSinkApplication::ConnectionClosed(Ptr<NetbltConnection> connection,
                                        NetbltConnection::CloseReason reason,
                                        const std::string& text)
{
    NS_LOG_FUNCTION(this << NetbltConnection::CloseReasonName(reason) << text);
    m_closed = true;
    m_closeReason = reason;
    m_closeTime = Simulator::Now();
    m_closeTrace(connection, reason);
}

} // namespace ns3
