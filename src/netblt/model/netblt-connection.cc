/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-connection.h"

#include "ns3/double.h"
#include "ns3/uinteger.h"

#include <array>

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(NetbltConnection);

TypeId
NetbltConnection::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::NetbltConnection")
            .SetParent<Object>()
            .SetGroupName("Netblt")
            .AddAttribute("OpenRetryInterval",
                          "Time between OPEN retransmissions while no RESPONSE has arrived "
                          "(longer than the Wideband's 1.8 s round trip).",
                          TimeValue(Seconds(3)),
                          MakeTimeAccessor(&NetbltConnection::m_openRetryInterval),
                          MakeTimeChecker(MilliSeconds(1)))
            .AddAttribute("OpenRetryLimit",
                          "OPEN packets sent before the active end gives up.",
                          UintegerValue(5),
                          MakeUintegerAccessor(&NetbltConnection::m_openRetryLimit),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("InitialControlTimer",
                          "Control-timer value before any round-trip time has been measured "
                          "(RFC 998 §5.2.1: \"an arbitrary number\"): the receiver's control "
                          "timer, and the sender's estimate of it for dallying until an OK "
                          "reports the real one.",
                          TimeValue(Seconds(1)),
                          MakeTimeAccessor(&NetbltConnection::m_initialControlTimer),
                          MakeTimeChecker(MilliSeconds(1)))
            .AddAttribute("KeepaliveDivisor",
                          "KEEPALIVE interval = the other end's death-timer value / this "
                          "(RFC 998 §5.2.3 suggests four).",
                          UintegerValue(4),
                          MakeUintegerAccessor(&NetbltConnection::m_keepaliveDivisor),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("DallyFactor",
                          "Dally time = this x the receiver's control-timer value from the last "
                          "OK, long enough for the receiver to resend its OK (RFC 998 §5.3.1). "
                          "A retransmitted OK heard while dallying starts a dally twice as long.",
                          DoubleValue(2.0),
                          MakeDoubleAccessor(&NetbltConnection::m_dallyFactor),
                          MakeDoubleChecker<double>(1.0))
            .AddAttribute("MaxResendsPerBuffer",
                          "The progress rule: a buffer may need this many RESENDs (sent by the "
                          "receiver on its data timer, heard by the sender); at the next this "
                          "end aborts the transfer with close reason NO_PROGRESS. An "
                          "implementation rule (RFC 998 leaves it open), far above what any of "
                          "RFC 1030's configurations needs.",
                          UintegerValue(32),
                          MakeUintegerAccessor(&NetbltConnection::m_maxResendsPerBuffer),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("ProgressTimeoutFactor",
                          "The progress rule: while a buffer is under way, no buffer may take "
                          "longer to complete than this x this end's death-timer value (its "
                          "OPEN/RESPONSE), or this end aborts with close reason NO_PROGRESS. An "
                          "implementation rule (RFC 998 leaves it open): the death timer says "
                          "how long this end waits for a silent peer; a peer that talks but "
                          "gets nothing through is given several times that. 6: RFC 1030's "
                          "configurations wait at most 83 s with a 30 s death timer (Table IV, "
                          "fragmented, with earth-station resets).",
                          DoubleValue(6.0),
                          MakeDoubleAccessor(&NetbltConnection::m_progressTimeoutFactor),
                          MakeDoubleChecker<double>(1.0))
            .AddTraceSource("Tx",
                            "A NETBLT packet was sent.",
                            MakeTraceSourceAccessor(&NetbltConnection::m_txTrace),
                            "ns3::NetbltConnection::PacketTracedCallback")
            .AddTraceSource("Rx",
                            "A verified NETBLT packet of this connection arrived.",
                            MakeTraceSourceAccessor(&NetbltConnection::m_rxTrace),
                            "ns3::NetbltConnection::PacketTracedCallback")
            .AddTraceSource("State",
                            "The connection state (a TracedValue: old and new state).",
                            MakeTraceSourceAccessor(&NetbltConnection::m_state),
                            "ns3::NetbltConnection::StateTracedCallback")
            .AddTraceSource("BurstSize",
                            "The burst size in force, packets (NETBLT's counterpart of TCP's "
                            "congestion window): set when the connection is set up and when OK "
                            "and NULL-ACK renegotiate it.",
                            MakeTraceSourceAccessor(&NetbltConnection::m_burstSizeInForce),
                            "ns3::TracedValueCallback::Uint32")
            .AddTraceSource("BurstInterval",
                            "The burst interval in force: set when the connection is set up "
                            "and when OK and NULL-ACK renegotiate it.",
                            MakeTraceSourceAccessor(&NetbltConnection::m_burstIntervalInForce),
                            "ns3::TracedValueCallback::Time")
            .AddTraceSource("OutstandingBuffers",
                            "The number of buffers that may be outstanding at once, as "
                            "negotiated.",
                            MakeTraceSourceAccessor(&NetbltConnection::m_outstandingBuffersInForce),
                            "ns3::TracedValueCallback::Uint32")
            .AddTraceSource("SourceQuench",
                            "An ICMP Source Quench (RFC 792) about one of this end's packets "
                            "arrived (counted in the statistics' sourceQuenches): the address "
                            "of the gateway that sent it. A sender tells its rate policy.",
                            MakeTraceSourceAccessor(&NetbltConnection::m_quenchTrace),
                            "ns3::NetbltConnection::QuenchTracedCallback");
    return tid;
}

NetbltConnection::NetbltConnection()
    : m_state(CLOSED)
{
}

NetbltConnection::~NetbltConnection()
{
}

void
NetbltConnection::DoDispose()
{
    m_establishedCallback = ConnectionCallback();
    m_closeCallback = CloseCallback();
    Object::DoDispose();
}

std::string
NetbltConnection::StateName(State state)
{
    // In the order of the enumeration.
    static const std::array<const char*, 5> names{
        {"CLOSED", "OPEN_SENT", "ESTABLISHED", "DALLYING", "QUIT_SENT"}};
    return state < names.size() ? names[state] : "?";
}

std::string
NetbltConnection::CloseReasonName(CloseReason reason)
{
    // In the order of the enumeration.
    static const std::array<const char*, 9> names{{"TRANSFER_COMPLETE",
                                                   "REFUSED",
                                                   "OPEN_FAILED",
                                                   "DEATH_TIMEOUT",
                                                   "ABORTED_BY_PEER",
                                                   "ABORTED_LOCALLY",
                                                   "QUIT_BY_PEER",
                                                   "QUIT_LOCALLY",
                                                   "NO_PROGRESS"}};
    return reason < names.size() ? names[reason] : "?";
}

void
NetbltConnection::SetEstablishedCallback(ConnectionCallback cb)
{
    m_establishedCallback = cb;
}

void
NetbltConnection::SetCloseCallback(CloseCallback cb)
{
    m_closeCallback = cb;
}

bool
NetbltConnection::IsActive() const
{
    return m_active;
}

NetbltConnection::State
NetbltConnection::GetState() const
{
    return m_state;
}

const NetbltTransferParameters&
NetbltConnection::GetParameters() const
{
    return m_params;
}

const NetbltConnectionStatistics&
NetbltConnection::GetStatistics() const
{
    return m_stats;
}

uint32_t
NetbltConnection::GetConnectionId() const
{
    return m_connectionId;
}

uint16_t
NetbltConnection::GetLocalPort() const
{
    return m_localPort;
}

uint16_t
NetbltConnection::GetPeerPort() const
{
    return m_peerPort;
}

Ipv4Address
NetbltConnection::GetPeerAddress() const
{
    return m_peerAddress;
}

void
NetbltConnection::NoteParametersInForce()
{
    m_burstSizeInForce = m_params.burstSize;
    m_burstIntervalInForce = MilliSeconds(m_params.burstIntervalMs);
    m_outstandingBuffersInForce = m_params.maxOutstandingBuffers;
}

} // namespace ns3
