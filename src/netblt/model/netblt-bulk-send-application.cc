/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-bulk-send-application.h"

#include "netblt-digest.h"
#include "netblt-l4-protocol.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/nstime.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <bit>
#include <cstring>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NetbltBulkSendApplication");

NS_OBJECT_ENSURE_REGISTERED(NetbltBulkSendApplication);

TypeId
NetbltBulkSendApplication::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::NetbltBulkSendApplication")
            .SetParent<Application>()
            .SetGroupName("Netblt")
            .AddConstructor<NetbltBulkSendApplication>()
            .AddAttribute("Remote",
                          "The receiver's address and NETBLT port (an InetSocketAddress).",
                          AddressValue(),
                          MakeAddressAccessor(&NetbltBulkSendApplication::m_remote),
                          MakeAddressChecker())
            .AddAttribute("TransferSize",
                          "Bytes to transfer (RFC 1030's XFSZ x 1000).",
                          UintegerValue(1438000),
                          MakeUintegerAccessor(&NetbltBulkSendApplication::m_transferSize),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("BufferSize",
                          "Bytes per NETBLT buffer proposed (BFSZ).",
                          UintegerValue(14380),
                          MakeUintegerAccessor(&NetbltBulkSendApplication::m_bufferSize),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("PacketSize",
                          "Data bytes per DATA packet proposed (PSZ).",
                          UintegerValue(1438),
                          MakeUintegerAccessor(&NetbltBulkSendApplication::m_packetSize),
                          MakeUintegerChecker<uint16_t>(1))
            .AddAttribute("BurstSize",
                          "Packets per burst proposed (BS).",
                          UintegerValue(5),
                          MakeUintegerAccessor(&NetbltBulkSendApplication::m_burstSize),
                          MakeUintegerChecker<uint16_t>(1))
            .AddAttribute("BurstInterval",
                          "Time from the start of one burst to the start of the next proposed "
                          "(BI); whole milliseconds on the wire.",
                          TimeValue(MilliSeconds(30)),
                          MakeTimeAccessor(&NetbltBulkSendApplication::m_burstInterval),
                          MakeTimeChecker(MilliSeconds(1), MilliSeconds(65535)))
            .AddAttribute("MaxOutstandingBuffers",
                          "Buffers in transmission or recovery at once, proposed (NBUFS).",
                          UintegerValue(1),
                          MakeUintegerAccessor(&NetbltBulkSendApplication::m_maxOutstandingBuffers),
                          MakeUintegerChecker<uint16_t>(1))
            .AddAttribute("ChecksumData",
                          "Ask for DATA/LDATA data to be checksummed (the C flag).",
                          BooleanValue(false),
                          MakeBooleanAccessor(&NetbltBulkSendApplication::m_checksumData),
                          MakeBooleanChecker())
            .AddAttribute("DeathTimeout",
                          "This end's death-timer value; whole seconds on the wire.",
                          TimeValue(Seconds(60)),
                          MakeTimeAccessor(&NetbltBulkSendApplication::m_deathTimeout),
                          MakeTimeChecker(Seconds(1), Seconds(65535)))
            .AddTraceSource("Connection",
                            "The connection was created, its OPEN going out: the place to "
                            "connect to its trace sources (NetbltSender's DataSent, ...).",
                            MakeTraceSourceAccessor(&NetbltBulkSendApplication::m_connectionTrace),
                            "ns3::NetbltBulkSendApplication::ConnectionTracedCallback")
            .AddTraceSource("Close",
                            "The connection closed, with the reason.",
                            MakeTraceSourceAccessor(&NetbltBulkSendApplication::m_closeTrace),
                            "ns3::NetbltBulkSendApplication::CloseTracedCallback");
    return tid;
}

NetbltBulkSendApplication::NetbltBulkSendApplication()
{
    NS_LOG_FUNCTION(this);
    m_seedVariable = CreateObject<UniformRandomVariable>();
}

NetbltBulkSendApplication::~NetbltBulkSendApplication()
{
    NS_LOG_FUNCTION(this);
}

void
NetbltBulkSendApplication::DoDispose()
{
    m_connection = nullptr;
    Application::DoDispose();
}

int64_t
NetbltBulkSendApplication::AssignStreams(int64_t stream)
{
    m_seedVariable->SetStream(stream);
    return 1;
}

Ptr<NetbltSender>
NetbltBulkSendApplication::GetConnection() const
{
    return m_connection;
}

uint64_t
NetbltBulkSendApplication::GetBytesGiven() const
{
    return m_bytesGiven;
}

uint64_t
NetbltBulkSendApplication::GetDigest() const
{
    return m_digest.GetValue();
}

Time
NetbltBulkSendApplication::GetCloseTime() const
{
    return m_closeTime;
}

bool
NetbltBulkSendApplication::IsClosed() const
{
    return m_closed;
}

NetbltConnection::CloseReason
NetbltBulkSendApplication::GetCloseReason() const
{
    return m_closeReason;
}

NetbltTransferParameters
NetbltBulkSendApplication::GetProposal() const
{
    NetbltTransferParameters proposal;
    proposal.bufferSize = m_bufferSize;
    proposal.transferSize = m_transferSize;
    proposal.packetSize = m_packetSize;
    proposal.burstSize = m_burstSize;
    proposal.burstIntervalMs = static_cast<uint16_t>(m_burstInterval.GetMilliSeconds());
    proposal.deathTimeoutS = static_cast<uint16_t>(m_deathTimeout.GetSeconds());
    proposal.checksumData = m_checksumData;
    proposal.maxOutstandingBuffers = m_maxOutstandingBuffers;
    return proposal;
}

void
NetbltBulkSendApplication::StartApplication()
{
    NS_LOG_FUNCTION(this);
    Ptr<NetbltL4Protocol> netblt = GetNode()->GetObject<NetbltL4Protocol>();
    NS_ABORT_MSG_UNLESS(netblt,
                        "NetbltBulkSendApplication needs NETBLT on its node (NetbltHelper)");
    NS_ABORT_MSG_UNLESS(InetSocketAddress::IsMatchingType(m_remote),
                        "NetbltBulkSendApplication: Remote must be an InetSocketAddress");
    InetSocketAddress remote = InetSocketAddress::ConvertFrom(m_remote);
    // The payload's Weyl sequence starts from this application's stream.
    m_generatorState = static_cast<uint64_t>(m_seedVariable->GetInteger(1, 0xffffffffU)) << 32 |
                       m_seedVariable->GetInteger(1, 0xffffffffU);
    m_connection = DynamicCast<NetbltSender>(netblt->Connect(remote.GetIpv4(),
                                                             remote.GetPort(),
                                                             NetbltConnection::SENDER,
                                                             GetProposal()));
    if (!m_connection)
    {
        m_closed = true;
        m_closeReason = NetbltConnection::OPEN_FAILED;
        return;
    }
    m_connection->SetSendReadyCallback(
        MakeCallback(&NetbltBulkSendApplication::HandOverBuffers, this));
    m_connection->SetCloseCallback(
        MakeCallback(&NetbltBulkSendApplication::ConnectionClosed, this));
    m_connectionTrace(m_connection);
}

void
NetbltBulkSendApplication::StopApplication()
{
    NS_LOG_FUNCTION(this);
    if (m_connection && m_connection->GetState() != NetbltConnection::CLOSED)
    {
        m_connection->Abort("sending application stopped");
    }
}

void
NetbltBulkSendApplication::HandOverBuffers(Ptr<NetbltSender> connection)
{
    uint32_t bufferSize = connection->GetParameters().bufferSize;
    while (m_bytesGiven < m_transferSize && connection->GetSendBufferRoom() > 0)
    {
        uint32_t size =
            static_cast<uint32_t>(std::min<uint64_t>(bufferSize, m_transferSize - m_bytesGiven));
        // Word k of the transfer is the seed plus k times the golden ratio (a Weyl sequence,
        // odd step: no two words of a transfer alike, so a packet delivered in another's place
        // changes the digest), written most significant byte first; the last word gives what
        // is left. One addition per eight bytes. The state is a local, which stores to the
        // bytes cannot alias. The bytes are made in one scratch array, reused: the packet
        // keeps a copy of its own.
        m_bufferBytes.resize(std::max<std::size_t>(m_bufferBytes.size(), size));
        uint8_t* const bytes = m_bufferBytes.data();
        uint64_t state = m_generatorState;
        const auto next = [&state]() {
            state += 0x9e3779b97f4a7c15ULL;
            return std::endian::native == std::endian::little ? __builtin_bswap64(state) : state;
        };
        uint8_t* out = bytes;
        uint8_t* const end = out + size;
        for (uint8_t* const wholeEnd = out + size / sizeof(uint64_t) * sizeof(uint64_t);
             out != wholeEnd;
             out += sizeof(uint64_t))
        {
            const uint64_t word = next();
            std::memcpy(out, &word, sizeof(word));
        }
        if (out < end)
        {
            const uint64_t word = next();
            std::memcpy(out, &word, static_cast<std::size_t>(end - out));
        }
        m_generatorState = state;
        Ptr<Packet> buffer = Create<Packet>(bytes, size);
        bool last = m_bytesGiven + size >= m_transferSize;
        if (!connection->SendBuffer(buffer, last))
        {
            return;
        }
        m_bytesGiven += size;
        m_digest.Add(bytes, size);
    }
}

void
NetbltBulkSendApplication::ConnectionClosed(Ptr<NetbltConnection> connection,
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
