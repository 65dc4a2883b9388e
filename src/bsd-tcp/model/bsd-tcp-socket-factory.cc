/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "bsd-tcp-socket-factory.h"

#include "tcp-tahoe-recovery.h"

#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/rtt-estimator.h"
#include "ns3/tcp-congestion-ops.h"
#include "ns3/tcp-l4-protocol.h"
#include "ns3/tcp-recovery-ops.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("BsdTcpSocketFactory");

NS_OBJECT_ENSURE_REGISTERED(BsdTcpSocketFactory);

namespace
{
/// The largest window a TCP header offers without window scaling (RFC 793's 16-bit field).
constexpr uint32_t MAX_OFFERED_WINDOW = 65535;
/// An mbuf cluster (4.3BSD's MCLBYTES): how much a write puts in the send buffer at a time.
constexpr uint32_t CLUSTER_BYTES = 1024;
} // namespace

TypeId
BsdTcpSocketFactory::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::BsdTcpSocketFactory")
            .SetParent<SocketFactory>()
            .SetGroupName("BsdTcp")
            .AddConstructor<BsdTcpSocketFactory>()
            .AddAttribute("BufferSize",
                          "Bytes of each socket's send and receive buffers, the most data in "
                          "flight (4.3BSD's and SunOS 3's tcp_sendspace and tcp_recvspace: "
                          "4096; the 1988 TCP/IP performance survey's fast runs raised them to "
                          "16 KB). The offered window is at most 65535 bytes (no window scaling).",
                          UintegerValue(4096),
                          MakeUintegerAccessor(&BsdTcpSocketFactory::m_bufferSize),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("SegmentSize",
                          "Maximum segment size, data bytes (4.3BSD: the interface MTU less 40 "
                          "on the local network, TCP_MSS = 512 beyond it).",
                          UintegerValue(512),
                          MakeUintegerAccessor(&BsdTcpSocketFactory::m_segmentSize),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute(
                "CongestionControl",
                "Loss recovery after three duplicate ACKs: Tahoe (4.3BSD-Tahoe, 1988: "
                "one segment and slow start) or NewReno (fast recovery, RFC 6582); "
                "the window grows as TcpNewReno's in both.",
                EnumValue(BsdTcpSocketFactory::TAHOE),
                MakeEnumAccessor<CongestionControl>(&BsdTcpSocketFactory::m_congestionControl),
                MakeEnumChecker(BsdTcpSocketFactory::TAHOE,
                                "Tahoe",
                                BsdTcpSocketFactory::NEW_RENO,
                                "NewReno"))
            .AddAttribute("RetransmitClock",
                          "Granularity of the retransmission timeout: the timeout is the "
                          "smoothed round trip plus the larger of this and 4 x the mean "
                          "deviation (4.2/4.3BSD's slow timeout, PR_SLOWHZ = 2 ticks a second).",
                          TimeValue(MilliSeconds(500)),
                          MakeTimeAccessor(&BsdTcpSocketFactory::m_retransmitClock),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("MinRto",
                          "Least retransmission timeout (4.3BSD-Tahoe's TCPTV_MIN, 1 s).",
                          TimeValue(Seconds(1)),
                          MakeTimeAccessor(&BsdTcpSocketFactory::m_minRto),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("InitialRto",
                          "Retransmission timeout before the first round-trip measurement: the "
                          "SYN's, and the estimator's first estimate (RFC 1122 4.2.3.1: 3 s).",
                          TimeValue(Seconds(3)),
                          MakeTimeAccessor(&BsdTcpSocketFactory::m_initialRto),
                          MakeTimeChecker(MilliSeconds(1)))
            .AddAttribute("DelayedAckTimeout",
                          "Longest delay of an ACK (4.2/4.3BSD's fast timeout, PR_FASTHZ = 5 "
                          "ticks a second).",
                          TimeValue(MilliSeconds(200)),
                          MakeTimeAccessor(&BsdTcpSocketFactory::m_delayedAckTimeout),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("DelayedAckCount",
                          "Full segments received before an ACK goes at once (4.3BSD: the "
                          "window update when the reader has taken two segments).",
                          UintegerValue(2),
                          MakeUintegerAccessor(&BsdTcpSocketFactory::m_delayedAckCount),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("DataRetries",
                          "Retransmissions of a segment (or of a FIN) before the connection is "
                          "dropped with a RST and CLOSED (4.3BSD's TCP_MAXRXTSHIFT, 12).",
                          UintegerValue(12),
                          MakeUintegerAccessor(&BsdTcpSocketFactory::m_dataRetries),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("MaxRto",
                          "Largest retransmission timeout (4.3BSD-Tahoe's TCPTV_REXMTMAX, "
                          "tcp_timer.h 7.6: 64 s; ns-3 caps a doubled timeout at 60 s).",
                          TimeValue(Seconds(64)),
                          MakeTimeAccessor(&BsdTcpSocketFactory::m_maxRto),
                          MakeTimeChecker(MilliSeconds(1)))
            .AddAttribute("EstablishmentTimeout",
                          "How long after its SYN went out or came in a connection not yet "
                          "ESTABLISHED is dropped (4.3BSD-Tahoe's TCPTV_KEEP_INIT, tcp_timer.h "
                          "7.6: 75 s).",
                          TimeValue(Seconds(75)),
                          MakeTimeAccessor(&BsdTcpSocketFactory::m_establishmentTimeout),
                          MakeTimeChecker(MilliSeconds(1)))
            .AddAttribute("MaxSegmentLifetime",
                          "MSL: TIME_WAIT lasts twice this (4.3BSD's TCPTV_MSL, 30 s).",
                          TimeValue(Seconds(30)),
                          MakeTimeAccessor(&BsdTcpSocketFactory::m_maxSegmentLifetime),
                          MakeTimeChecker(Time(0)))
            .AddTraceSource("SocketCreated",
                            "A socket was created (before it is bound or connected).",
                            MakeTraceSourceAccessor(&BsdTcpSocketFactory::m_socketCreated),
                            "ns3::BsdTcpSocketFactory::SocketCreatedCallback");
    return tid;
}

BsdTcpSocketFactory::BsdTcpSocketFactory()
{
    NS_LOG_FUNCTION(this);
}

BsdTcpSocketFactory::~BsdTcpSocketFactory()
{
    NS_LOG_FUNCTION(this);
}

Ptr<Socket>
BsdTcpSocketFactory::CreateSocket()
{
    Ptr<Node> node = GetObject<Node>();
    Ptr<TcpL4Protocol> tcp = GetObject<TcpL4Protocol>();
    NS_ABORT_MSG_UNLESS(node && tcp, "BsdTcpSocketFactory must be aggregated to a node with TCP");
    // What TcpL4Protocol::CreateSocket does, with the socket's type, estimator and recovery
    // chosen here rather than by the protocol's attributes or global defaults.
    Ptr<RttEstimator> rtt = CreateObject<RttMeanDeviation>();
    rtt->SetAttribute("InitialEstimation", TimeValue(m_initialRto));
    rtt->Reset();
    Ptr<BsdTcpSocket> socket = CreateObject<BsdTcpSocket>();
    socket->SetNode(node);
    socket->SetTcp(tcp);
    socket->SetRtt(rtt);
    socket->SetCongestionControlAlgorithm(CreateObject<TcpNewReno>());
    if (m_congestionControl == TAHOE)
    {
        socket->SetRecoveryAlgorithm(CreateObject<TcpTahoeRecovery>());
    }
    else
    {
        socket->SetRecoveryAlgorithm(CreateObject<TcpClassicRecovery>());
    }
    // The offered window bounds the data in flight; the send buffer has room for one mbuf
    // cluster more, so that a program writing a cluster at a time keeps a window's worth of
    // data in it, as BSD's sosend did by copying a write in as room appeared.
    socket->SetAttribute("SndBufSize", UintegerValue(m_bufferSize + CLUSTER_BYTES));
    // ns-3 acknowledges a segment before the application reads it, so an ACK would offer only
    // what the unread data leaves of the buffer; a BSD host's reader took the data and
    // tcp_output then sent the ACK with the window reopened. With room for one unread window
    // the offered window is BufferSize (MaxWindowSize) whenever the reader keeps up.
    socket->SetAttribute("RcvBufSize", UintegerValue(2 * m_bufferSize));
    socket->SetAttribute("MaxWindowSize",
                         UintegerValue(std::min<uint32_t>(m_bufferSize, MAX_OFFERED_WINDOW)));
    socket->SetAttribute("SegmentSize", UintegerValue(m_segmentSize));
    socket->SetAttribute("InitialCwnd", UintegerValue(1));
    socket->SetAttribute("InitialSlowStartThreshold", UintegerValue(MAX_OFFERED_WINDOW));
    socket->SetAttribute("WindowScaling", BooleanValue(false));
    socket->SetAttribute("Sack", BooleanValue(false));
    socket->SetAttribute("Timestamp", BooleanValue(false));
    socket->SetAttribute("LimitedTransmit", BooleanValue(false));
    socket->SetAttribute("TcpNoDelay", BooleanValue(false));
    socket->SetAttribute("ClockGranularity", TimeValue(m_retransmitClock));
    socket->SetAttribute("MinRto", TimeValue(m_minRto));
    socket->SetAttribute("ConnTimeout", TimeValue(m_initialRto));
    socket->SetAttribute("DelAckTimeout", TimeValue(m_delayedAckTimeout));
    socket->SetAttribute("DelAckCount", UintegerValue(m_delayedAckCount));
    socket->SetAttribute("DataRetries", UintegerValue(m_dataRetries));
    socket->SetAttribute("MaxRto", TimeValue(m_maxRto));
    socket->SetAttribute("EstablishmentTimeout", TimeValue(m_establishmentTimeout));
    socket->SetAttribute("MaxSegLifetime", DoubleValue(m_maxSegmentLifetime.GetSeconds()));
    m_socketCreated(socket);
    return socket;
}

} // namespace ns3
