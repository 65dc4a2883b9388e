/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/boolean.h"
#include "ns3/bsd-tcp-helper.h"
#include "ns3/bsd-tcp-socket-factory.h"
#include "ns3/bsd-tcp-socket.h"
#include "ns3/bulk-send-helper.h"
#include "ns3/enum.h"
#include "ns3/error-model.h"
#include "ns3/host-cpu-helper.h"
#include "ns3/host-cpu.h"
#include "ns3/inet-socket-address.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/object-vector.h"
#include "ns3/packet-sink-helper.h"
#include "ns3/packet-sink.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/tcp-host-processing.h"
#include "ns3/tcp-l4-protocol.h"
#include "ns3/tcp-socket-state.h"
#include "ns3/tcp-tahoe-recovery.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <cmath>
#include <vector>

/**
 * @defgroup bsd-tcp-tests Tests of the 1987 BSD TCP
 * @ingroup bsd-tcp
 */

using namespace ns3;

namespace
{

/// What one transfer over the test link did.
struct TransferOutcome
{
    uint64_t received{0};         //!< bytes the sink read
    Time lastByte;                //!< when the sink had them all
    Ptr<TcpHostProcessing> sent;  //!< the sender's TCP charging
    Ptr<TcpHostProcessing> taken; //!< the receiver's
    Ptr<HostCpu> senderCpu;       //!< the sender's processor
    Ptr<HostCpu> receiverCpu;     //!< the receiver's
};

/**
 * Transfers @p bytes with BulkSend from one host to another over a 10 Mbit/s point-to-point
 * link, both hosts with a HostCpu and the BSD TCP @p tcp makes.
 * @param tcp the hosts' TCP, costs and socket settings set
 * @param bytes bytes to transfer
 * @param delay the link's one-way delay
 * @return the outcome, read after the run
 */
TransferOutcome
Transfer(const BsdTcpHelper& tcp, uint32_t bytes, Time delay)
{
    NodeContainer hosts;
    hosts.Create(2);
    HostCpuHelper().Install(hosts);
    PointToPointHelper link;
    link.SetDeviceAttribute("DataRate", StringValue("10Mbps"));
    link.SetChannelAttribute("Delay", TimeValue(delay));
    NetDeviceContainer devices = link.Install(hosts);
    InternetStackHelper().Install(hosts);
    Ipv4AddressHelper addresses("10.1.1.0", "255.255.255.0");
    Ipv4InterfaceContainer interfaces = addresses.Assign(devices);
    tcp.Install(hosts);

    const std::string factory = BsdTcpSocketFactory::GetTypeId().GetName();
    PacketSinkHelper sinkHelper(factory, InetSocketAddress(Ipv4Address::GetAny(), 5001));
    ApplicationContainer sinks = sinkHelper.Install(hosts.Get(1));
    BulkSendHelper sendHelper(factory, InetSocketAddress(interfaces.GetAddress(1), 5001));
    sendHelper.SetAttribute("MaxBytes", UintegerValue(bytes));
    sendHelper.SetAttribute("SendSize", UintegerValue(1024));
    ApplicationContainer senders = sendHelper.Install(hosts.Get(0));
    sinks.Start(Seconds(0));
    senders.Start(MilliSeconds(1));

    TransferOutcome outcome;
    Ptr<PacketSink> sink = DynamicCast<PacketSink>(sinks.Get(0));
    sink->TraceConnectWithoutContext(
        "Rx",
        Callback<void, Ptr<const Packet>, const Address&>(
            [&outcome, sink, bytes](Ptr<const Packet>, const Address&) {
                if (sink->GetTotalRx() >= bytes && outcome.lastByte.IsZero())
                {
                    outcome.lastByte = Simulator::Now();
                }
            }));
    Simulator::Stop(Seconds(600));
    Simulator::Run();
    outcome.received = sink->GetTotalRx();
    outcome.sent = hosts.Get(0)->GetObject<TcpHostProcessing>();
    outcome.taken = hosts.Get(1)->GetObject<TcpHostProcessing>();
    outcome.senderCpu = hosts.Get(0)->GetObject<HostCpu>();
    outcome.receiverCpu = hosts.Get(1)->GetObject<HostCpu>();
    Simulator::Destroy();
    return outcome;
}

/** @return a TCP whose every cost is set, 16 KB windows, 1000-byte segments */
BsdTcpHelper
CostlyTcp()
{
    BsdTcpHelper tcp;
    tcp.SetSocketAttribute("BufferSize", UintegerValue(16000));
    tcp.SetSocketAttribute("SegmentSize", UintegerValue(1000));
    tcp.SetProcessingAttribute("DataSendPacketCost", TimeValue(MilliSeconds(1)));
    tcp.SetProcessingAttribute("DataSendByteCost", TimeValue(MicroSeconds(1)));
    tcp.SetProcessingAttribute("AckSendPacketCost", TimeValue(MicroSeconds(500)));
    tcp.SetProcessingAttribute("DataReceivePacketCost", TimeValue(MilliSeconds(2)));
    tcp.SetProcessingAttribute("DataReceiveByteCost", TimeValue(MicroSeconds(2)));
    tcp.SetProcessingAttribute("AckReceivePacketCost", TimeValue(MicroSeconds(300)));
    return tcp;
}

/// A time during which a direction of the test link loses every packet: [from, until).
struct Outage
{
    Time from;               //!< the first packet lost
    Time until{Time::Max()}; //!< the first packet carried again
};

/// How one connection over a failing link ended, from its sender's side.
struct ConnectionEnd
{
    TcpSocket::TcpStates_t state{TcpSocket::CLOSED}; //!< the sender's state at the end
    bool timeWait{false};                            //!< whether it reached TIME_WAIT
    Time closed;                                     //!< when it became CLOSED (0: never)
    std::vector<Time> timeouts;                      //!< its retransmission timeouts
    uint32_t connectionFailures{0};                  //!< ConnectionFailed callbacks
    uint32_t errorCloses{0};                         //!< ErrorClose callbacks
    uint32_t receiverConnections{0}; //!< sockets of the receiver's TCP besides the listener's
};

/**
 * Opens a connection from one host to another over a 10 Mbit/s point-to-point link of 10 ms,
 * each direction losing every packet during its outages, and sends @p bytes; runs 2000 s.
 * @param forward the outages of the sender-to-receiver direction
 * @param backward those of the receiver-to-sender direction
 * @param bytes bytes the sender writes once connected
 * @param closeAfter when after writing them it closes (0: at once, the FIN after the data)
 * @param countAt when to count the receiver's connections (ConnectionEnd::receiverConnections)
 * @return how the sender's connection ended
 */
ConnectionEnd
ConnectOverFailingLink(const std::vector<Outage>& forward,
                       const std::vector<Outage>& backward,
                       uint32_t bytes,
                       Time closeAfter,
                       Time countAt)
{
    NodeContainer hosts;
    hosts.Create(2);
    PointToPointHelper link;
    link.SetDeviceAttribute("DataRate", StringValue("10Mbps"));
    link.SetChannelAttribute("Delay", TimeValue(MilliSeconds(10)));
    NetDeviceContainer devices = link.Install(hosts);
    InternetStackHelper().Install(hosts);
    Ipv4AddressHelper addresses("10.1.1.0", "255.255.255.0");
    Ipv4InterfaceContainer interfaces = addresses.Assign(devices);
    BsdTcpHelper().Install(hosts);
    // A packet is lost where it arrives: the receiver's device for the forward direction.
    for (uint32_t end = 0; end < 2; ++end)
    {
        Ptr<RateErrorModel> loss = CreateObject<RateErrorModel>();
        loss->SetUnit(RateErrorModel::ERROR_UNIT_PACKET);
        loss->SetRate(1.0);
        loss->Disable();
        devices.Get(1 - end)->SetAttribute("ReceiveErrorModel", PointerValue(loss));
        for (const Outage& outage : end == 0 ? forward : backward)
        {
            Simulator::Schedule(outage.from, &ErrorModel::Enable, loss);
            if (outage.until != Time::Max())
            {
                Simulator::Schedule(outage.until, &ErrorModel::Disable, loss);
            }
        }
    }
    const std::string factory = BsdTcpSocketFactory::GetTypeId().GetName();
    PacketSinkHelper sinkHelper(factory, InetSocketAddress(Ipv4Address::GetAny(), 5001));
    sinkHelper.Install(hosts.Get(1)).Start(Seconds(0));

    ConnectionEnd end;
    Ptr<BsdTcpSocket> sender =
        DynamicCast<BsdTcpSocket>(hosts.Get(0)->GetObject<BsdTcpSocketFactory>()->CreateSocket());
    sender->TraceConnectWithoutContext(
        "State",
        Callback<void, TcpSocket::TcpStates_t, TcpSocket::TcpStates_t>(
            [&end](TcpSocket::TcpStates_t, TcpSocket::TcpStates_t state) {
                end.state = state;
                end.timeWait = end.timeWait || state == TcpSocket::TIME_WAIT;
                if (state == TcpSocket::CLOSED)
                {
                    end.closed = Simulator::Now();
                }
            }));
    sender->TraceConnectWithoutContext("RetransmissionTimeout", Callback<void>([&end]() {
                                           end.timeouts.push_back(Simulator::Now());
                                       }));
    sender->SetConnectCallback(
        Callback<void, Ptr<Socket>>([bytes, closeAfter](Ptr<Socket> socket) {
            socket->Send(Create<Packet>(bytes));
            if (closeAfter.IsZero())
            {
                socket->Close();
            }
            else
            {
                Simulator::Schedule(closeAfter, &Socket::Close, socket);
            }
        }),
        Callback<void, Ptr<Socket>>([&end](Ptr<Socket>) { ++end.connectionFailures; }));
    sender->SetCloseCallbacks(
        MakeNullCallback<void, Ptr<Socket>>(),
        Callback<void, Ptr<Socket>>([&end](Ptr<Socket>) { ++end.errorCloses; }));
    Simulator::Schedule(MilliSeconds(1), [sender, &interfaces]() {
        sender->Connect(InetSocketAddress(interfaces.GetAddress(1), 5001));
    });
    Ptr<TcpL4Protocol> receiverTcp = hosts.Get(1)->GetObject<TcpL4Protocol>();
    Simulator::Schedule(countAt, [receiverTcp, &end]() {
        ObjectVectorValue sockets;
        receiverTcp->GetAttribute("SocketList", sockets);
        end.receiverConnections = sockets.GetN() - 1;
    });
    Simulator::Stop(Seconds(2000));
    Simulator::Run();
    Simulator::Destroy();
    return end;
}

/// 4.3BSD-Tahoe's limits (tcp_timer.h 7.6): TCPTV_KEEP_INIT, TCPTV_REXMTMAX, TCP_MAXRXTSHIFT.
const Time KEEP_INIT = Seconds(75);
const Time REXMT_MAX = Seconds(64);
constexpr uint32_t MAX_RXT_SHIFT = 12;

} // namespace

/**
 * @ingroup bsd-tcp-tests
 * @brief Every segment is charged to the host that sends or receives it: each activity's CPU
 * time is its segments times the per-segment cost plus its bytes times the per-byte cost, and
 * the segments counted on both sides of a clean link agree.
 */
class TcpHostProcessingChargesTestCase : public TestCase
{
  public:
    TcpHostProcessingChargesTestCase()
        : TestCase("TCP's segments are charged to each host's CPU by activity, per segment "
                   "and per byte")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t bytes = 100000;
        TransferOutcome outcome = Transfer(CostlyTcp(), bytes, MilliSeconds(5));
        NS_TEST_ASSERT_MSG_EQ(outcome.received, bytes, "every byte arrives");
        // 100 segments of 1000 bytes, none lost on a clean link.
        NS_TEST_ASSERT_MSG_EQ(outcome.sent->GetDataSegmentsSent(), 100, "data segments sent");
        NS_TEST_ASSERT_MSG_EQ(outcome.taken->GetDataSegmentsReceived(),
                              100,
                              "data segments received");
        NS_TEST_ASSERT_MSG_EQ(outcome.sent->GetDataBytesSent(), bytes, "data bytes sent");
        NS_TEST_ASSERT_MSG_EQ(outcome.taken->GetAckSegmentsSent(),
                              outcome.sent->GetAckSegmentsReceived(),
                              "every segment without data the receiver sent arrived");
        NS_TEST_ASSERT_MSG_GT(outcome.taken->GetAckSegmentsSent(), 40, "ACKs went back");
        NS_TEST_ASSERT_MSG_EQ(outcome.senderCpu->GetBusyTime(TcpHostProcessing::DATA_SEND_ACTIVITY),
                              MilliSeconds(1) * 100 + MicroSeconds(1) * bytes,
                              "send charge: 1 ms a segment and 1 us a byte");
        NS_TEST_ASSERT_MSG_EQ(
            outcome.receiverCpu->GetBusyTime(TcpHostProcessing::DATA_RECEIVE_ACTIVITY),
            MilliSeconds(2) * 100 + MicroSeconds(2) * bytes,
            "receive charge: 2 ms a segment and 2 us a byte");
        NS_TEST_ASSERT_MSG_EQ(
            outcome.receiverCpu->GetBusyTime(TcpHostProcessing::ACK_SEND_ACTIVITY),
            MicroSeconds(500) * static_cast<int64_t>(outcome.taken->GetAckSegmentsSent()),
            "ACK send charge");
        NS_TEST_ASSERT_MSG_EQ(
            outcome.senderCpu->GetBusyTime(TcpHostProcessing::ACK_RECEIVE_ACTIVITY),
            MicroSeconds(300) * static_cast<int64_t>(outcome.sent->GetAckSegmentsReceived()),
            "ACK receive charge");
    }
};

/**
 * @ingroup bsd-tcp-tests
 * @brief Charging the host's CPU slows TCP: the same transfer takes longer on a slower host,
 * and on a CPU-bound receiver at least its segments' receive cost.
 */
class TcpHostProcessingSlowsTestCase : public TestCase
{
  public:
    TcpHostProcessingSlowsTestCase()
        : TestCase("a slower host moves TCP more slowly; a CPU-bound receiver sets the pace")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t bytes = 200000;
        BsdTcpHelper instant;
        instant.SetSocketAttribute("BufferSize", UintegerValue(16000));
        instant.SetSocketAttribute("SegmentSize", UintegerValue(1000));
        TransferOutcome fast = Transfer(instant, bytes, MilliSeconds(1));
        TransferOutcome slow = Transfer(CostlyTcp(), bytes, MilliSeconds(1));
        NS_TEST_ASSERT_MSG_EQ(fast.received, bytes, "the instant hosts deliver everything");
        NS_TEST_ASSERT_MSG_EQ(slow.received, bytes, "the slow hosts deliver everything");
        NS_TEST_ASSERT_MSG_EQ(fast.receiverCpu->GetBusyTime(), Time(0), "no cost, no CPU time");
        // The receiver spends 2 ms + 1000 x 2 us = 4 ms on each of its 200 segments.
        const Time receiving = MilliSeconds(4) * 200;
        NS_TEST_ASSERT_MSG_GT_OR_EQ(slow.lastByte, receiving, "the receiver's CPU bounds it");
        NS_TEST_ASSERT_MSG_GT(slow.lastByte,
                              fast.lastByte * 3,
                              "the slow hosts take several times as long");
    }
};

/**
 * @ingroup bsd-tcp-tests
 * @brief BsdTcpSocketFactory's sockets have a 1987 BSD TCP's settings, set per socket from the
 * factory's attributes, and Tahoe's or NewReno's recovery.
 */
class BsdTcpSocketFactoryTestCase : public TestCase
{
  public:
    BsdTcpSocketFactoryTestCase()
        : TestCase("the factory's sockets: buffers, MSS, no options, BSD timers, the recovery")
    {
    }

  private:
    void DoRun() override
    {
        NodeContainer hosts;
        hosts.Create(2);
        InternetStackHelper().Install(hosts);
        BsdTcpHelper tahoe;
        tahoe.SetSocketAttribute("BufferSize", UintegerValue(16384));
        tahoe.SetSocketAttribute("SegmentSize", UintegerValue(1460));
        tahoe.Install(hosts.Get(0));
        BsdTcpHelper newReno;
        newReno.SetSocketAttribute("CongestionControl", EnumValue(BsdTcpSocketFactory::NEW_RENO));
        newReno.Install(hosts.Get(1));

        Ptr<Socket> socket = hosts.Get(0)->GetObject<BsdTcpSocketFactory>()->CreateSocket();
        NS_TEST_ASSERT_MSG_NE(DynamicCast<BsdTcpSocket>(socket), nullptr, "a BsdTcpSocket");
        // Its own TypeId, not TcpSocketBase's, on every ns-3 release (TcpSocketBaseOf): its
        // attributes and trace sources are found by name.
        NS_TEST_ASSERT_MSG_EQ(socket->GetInstanceTypeId(),
                              BsdTcpSocket::GetTypeId(),
                              "the socket reports BsdTcpSocket's TypeId");
        EnumValue<BsdTcpSocket::QuenchResponse> quench;
        NS_TEST_ASSERT_MSG_EQ(socket->GetAttributeFailSafe("SourceQuench", quench),
                              true,
                              "BsdTcpSocket's own attribute is found by name");
        NS_TEST_ASSERT_MSG_EQ(quench.Get(), BsdTcpSocket::QUENCH_ONE_SEGMENT, "Tahoe's quench");
        auto unsignedOf = [&socket](const std::string& name) {
            UintegerValue value;
            socket->GetAttribute(name, value);
            return value.Get();
        };
        auto boolOf = [&socket](const std::string& name) {
            BooleanValue value;
            socket->GetAttribute(name, value);
            return value.Get();
        };
        auto timeOf = [&socket](const std::string& name) {
            TimeValue value;
            socket->GetAttribute(name, value);
            return value.Get();
        };
        NS_TEST_ASSERT_MSG_EQ(unsignedOf("SndBufSize"), 16384 + 1024, "room for a window");
        NS_TEST_ASSERT_MSG_EQ(unsignedOf("MaxWindowSize"), 16384, "offered window");
        NS_TEST_ASSERT_MSG_EQ(unsignedOf("RcvBufSize"), 32768, "room for a window unread");
        NS_TEST_ASSERT_MSG_EQ(unsignedOf("SegmentSize"), 1460, "segment size");
        NS_TEST_ASSERT_MSG_EQ(unsignedOf("InitialCwnd"), 1, "first window one segment");
        NS_TEST_ASSERT_MSG_EQ(unsignedOf("DelAckCount"), 2, "ACK every second segment");
        NS_TEST_ASSERT_MSG_EQ(boolOf("WindowScaling"), false, "no window scaling");
        NS_TEST_ASSERT_MSG_EQ(boolOf("Sack"), false, "no SACK");
        NS_TEST_ASSERT_MSG_EQ(boolOf("Timestamp"), false, "no timestamps");
        NS_TEST_ASSERT_MSG_EQ(boolOf("LimitedTransmit"), false, "no limited transmit");
        NS_TEST_ASSERT_MSG_EQ(boolOf("TcpNoDelay"), false, "Nagle's algorithm");
        NS_TEST_ASSERT_MSG_EQ(timeOf("ClockGranularity"), MilliSeconds(500), "BSD's slow tick");
        NS_TEST_ASSERT_MSG_EQ(timeOf("MinRto"), Seconds(1), "least timeout");
        NS_TEST_ASSERT_MSG_EQ(timeOf("ConnTimeout"), Seconds(3), "RFC 1122's first timeout");
        NS_TEST_ASSERT_MSG_EQ(timeOf("DelAckTimeout"), MilliSeconds(200), "BSD's fast tick");
        NS_TEST_ASSERT_MSG_EQ(unsignedOf("DataRetries"), 12, "TCP_MAXRXTSHIFT");
        NS_TEST_ASSERT_MSG_EQ(timeOf("MaxRto"), Seconds(64), "TCPTV_REXMTMAX");
        NS_TEST_ASSERT_MSG_EQ(timeOf("EstablishmentTimeout"), Seconds(75), "TCPTV_KEEP_INIT");

        auto recoveryOf = [](Ptr<Socket> s) {
            PointerValue value;
            s->GetAttribute("RecoveryOps", value);
            return value.Get<Object>()->GetInstanceTypeId().GetName();
        };
        NS_TEST_ASSERT_MSG_EQ(recoveryOf(socket), "ns3::TcpTahoeRecovery", "Tahoe by default");
        Ptr<Socket> other = hosts.Get(1)->GetObject<BsdTcpSocketFactory>()->CreateSocket();
        NS_TEST_ASSERT_MSG_EQ(recoveryOf(other), "ns3::TcpClassicRecovery", "NewReno on request");
        NS_TEST_ASSERT_MSG_EQ(DynamicCast<BsdTcpSocket>(other)->GetRetransmissionTimeouts(),
                              0,
                              "no timeouts yet");
        Simulator::Destroy();
    }
};

/**
 * @ingroup bsd-tcp-tests
 * @brief Tahoe's recovery: one segment on the third duplicate ACK, no inflation by later ones,
 * slow start on new ACKs, and its own window (not the threshold) when the loss is repaired.
 */
class TcpTahoeRecoveryTestCase : public TestCase
{
  public:
    TcpTahoeRecoveryTestCase()
        : TestCase("Tahoe: one segment after fast retransmit, then slow start, no fast recovery")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<TcpSocketState> tcb = CreateObject<TcpSocketState>();
        tcb->m_segmentSize = 1000;
        tcb->m_cWnd = 20000;
        tcb->m_ssThresh = 10000; // as TcpSocketBase sets it before EnterRecovery
        Ptr<TcpTahoeRecovery> tahoe = CreateObject<TcpTahoeRecovery>();
        tahoe->EnterRecovery(tcb, 3, 20000, 0);
        NS_TEST_ASSERT_MSG_EQ(tcb->m_cWnd.Get(), 1000, "one segment on the third duplicate");
        tahoe->DoRecovery(tcb, 0, true);
        NS_TEST_ASSERT_MSG_EQ(tcb->m_cWnd.Get(), 1000, "no inflation by duplicate ACKs");
        tahoe->DoRecovery(tcb, 1000, false);
        tahoe->DoRecovery(tcb, 1000, false);
        NS_TEST_ASSERT_MSG_EQ(tcb->m_cWnd.Get(), 3000, "slow start on partial ACKs");
        Ptr<TcpRecoveryOps> forked = tahoe->Fork();
        tcb->m_cWnd = tcb->m_ssThresh.Get(); // what TcpSocketBase does before ExitRecovery
        tahoe->ExitRecovery(tcb);
        NS_TEST_ASSERT_MSG_EQ(tcb->m_cWnd.Get(), 3000, "its own window, not the threshold");
        tcb->m_cWnd = 10000;
        forked->ExitRecovery(tcb);
        NS_TEST_ASSERT_MSG_EQ(tcb->m_cWnd.Get(), 3000, "a fork keeps the window");
    }
};

/**
 * @ingroup bsd-tcp-tests
 * @brief RFC 1122 4.2.3.5 and 4.3BSD's tcp_timers: a connection whose path dies while data is
 * outstanding is dropped, with a RST, after TCP_MAXRXTSHIFT (12) retransmissions, no timeout
 * longer than TCPTV_REXMTMAX (64 s): CLOSED within 13 x 64 s, the application told.
 */
class DeadPathDropsConnectionTestCase : public TestCase
{
  public:
    DeadPathDropsConnectionTestCase()
        : TestCase("a connection whose path dies after ESTABLISHED is dropped after 12 "
                   "retransmissions: CLOSED within 13 x 64 s")
    {
    }

  private:
    void DoRun() override
    {
        const Time dies = MilliSeconds(60); // the handshake done, 8 segments of 512 bytes to go
        const ConnectionEnd end =
            ConnectOverFailingLink({{dies}}, {{dies}}, 4000, Time(0), Seconds(1));
        NS_TEST_ASSERT_MSG_EQ(TcpSocket::TcpStateName[end.state],
                              std::string("CLOSED"),
                              "the connection is dropped, not left ESTABLISHED");
        NS_TEST_ASSERT_MSG_LT(end.closed, dies + REXMT_MAX * (MAX_RXT_SHIFT + 1), "in time");
        NS_TEST_ASSERT_MSG_EQ(end.timeouts.size(), MAX_RXT_SHIFT, "12 retransmissions");
        NS_TEST_ASSERT_MSG_EQ(end.errorCloses, 1, "the application hears of it");
    }
};

/**
 * @ingroup bsd-tcp-tests
 * @brief 4.3BSD's connection-establishment timer (TCPT_KEEP set to TCPTV_KEEP_INIT, 75 s, by
 * connect and by a SYN reaching a listening socket): a connection not ESTABLISHED 75 s after
 * its SYN is dropped, at the end that sent it (SYN_SENT: ConnectionFailed) and at the one that
 * received it (SYN_RCVD).
 */
class EstablishmentTimeoutTestCase : public TestCase
{
  public:
    EstablishmentTimeoutTestCase()
        : TestCase("a connection whose SYN-ACKs are all lost is dropped 75 s after its SYN, "
                   "at both ends")
    {
    }

  private:
    void DoRun() override
    {
        // The sender's SYNs leave at 0, 3, 9, 21 and 45 s. ns-3's half-open connection answers
        // each retransmitted SYN with a SYN-ACK, counted against SynRetries, and gives up by
        // 21 s; the SYN of 45 s opens another, whose 75 s are up at 120 s.
        const Time lastSyn = Seconds(45) + MilliSeconds(1);
        const Time after = lastSyn + KEEP_INIT + Seconds(1);
        const ConnectionEnd end = ConnectOverFailingLink({}, {{Time(0)}}, 4000, Time(0), after);
        NS_TEST_ASSERT_MSG_EQ(TcpSocket::TcpStateName[end.state], std::string("CLOSED"), "dropped");
        NS_TEST_ASSERT_MSG_EQ(end.closed, MilliSeconds(1) + KEEP_INIT, "75 s after the SYN");
        NS_TEST_ASSERT_MSG_EQ(end.connectionFailures, 1, "connect() fails");
        NS_TEST_ASSERT_MSG_EQ(end.receiverConnections,
                              0,
                              "the receiver's half-open connections are gone too");
    }
};

/**
 * @ingroup bsd-tcp-tests
 * @brief 4.3BSD range-limits every retransmission timeout to TCPTV_REXMTMAX (64 s): after a
 * handshake that took 45 s (ns-3 takes its first round-trip sample from the first SYN), a path
 * that dies still sees its first retransmission within 64 s, and none later than 64 s apart.
 */
class RetransmitTimeoutBoundTestCase : public TestCase
{
  public:
    RetransmitTimeoutBoundTestCase()
        : TestCase("no retransmission timeout exceeds 64 s, even after a 45-s handshake")
    {
    }

  private:
    void DoRun() override
    {
        // The SYN-ACKs of the SYNs sent at 0, 3, 9 and 21 s are lost; the fifth SYN's (45 s)
        // arrives at 45.021 s, and the path dies as the first data segment crosses it.
        const Time dies = Seconds(45.03);
        const ConnectionEnd end = ConnectOverFailingLink({{dies}},
                                                         {{Time(0), Seconds(30)}, {dies}},
                                                         5000,
                                                         Time(0),
                                                         Seconds(1));
        NS_TEST_ASSERT_MSG_EQ(end.timeouts.empty(), false, "the path died with data outstanding");
        if (end.timeouts.empty())
        {
            return;
        }
        NS_TEST_ASSERT_MSG_LT_OR_EQ(end.timeouts.front(), dies + REXMT_MAX, "the first in 64 s");
        for (size_t i = 1; i < end.timeouts.size(); ++i)
        {
            NS_TEST_ASSERT_MSG_LT_OR_EQ(end.timeouts[i] - end.timeouts[i - 1],
                                        REXMT_MAX,
                                        "backed off to 64 s at most");
        }
        NS_TEST_ASSERT_MSG_EQ(TcpSocket::TcpStateName[end.state], std::string("CLOSED"), "dropped");
        NS_TEST_ASSERT_MSG_LT(end.closed, dies + REXMT_MAX * (MAX_RXT_SHIFT + 1), "in time");
    }
};

/**
 * @ingroup bsd-tcp-tests
 * @brief A FIN is given up as data is (4.3BSD's one retransmission timer): a connection whose
 * path dies after its data was acknowledged and before its FIN was is dropped when 12
 * backed-off retransmissions of the FIN would have run out, within 13 x 64 s, not left in
 * FIN_WAIT_1 resending it for ever.
 */
class LostFinDropsConnectionTestCase : public TestCase
{
  public:
    LostFinDropsConnectionTestCase()
        : TestCase("a FIN never acknowledged is given up with BSD's 12 retransmissions: CLOSED "
                   "within 13 x 64 s")
    {
    }

  private:
    void DoRun() override
    {
        // The data are acknowledged by 0.1 s; the program closes at 1 s, into a dead path.
        const Time dies = Seconds(0.9);
        const ConnectionEnd end =
            ConnectOverFailingLink({{dies}}, {{dies}}, 1000, Seconds(1), Seconds(1));
        NS_TEST_ASSERT_MSG_EQ(TcpSocket::TcpStateName[end.state],
                              std::string("CLOSED"),
                              "dropped, not left in FIN_WAIT_1");
        NS_TEST_ASSERT_MSG_LT(end.closed, dies + REXMT_MAX * (MAX_RXT_SHIFT + 1), "in time");
        NS_TEST_ASSERT_MSG_EQ(end.errorCloses, 1, "the application hears of it");
    }
};

/**
 * @ingroup bsd-tcp-tests
 * @brief A FIN lasts as long as data's retransmissions, backed off (4.3BSD's one retransmission
 * timer, tcp_backoff[] up to TCPTV_REXMTMAX): the receiver's FIN in LAST_ACK outlasts a 100-s
 * outage of the way back, so that both ends close as usual, the sender through TIME_WAIT.
 */
class LastAckBacksOffTestCase : public TestCase
{
  public:
    LastAckBacksOffTestCase()
        : TestCase("a FIN in LAST_ACK lasts as BSD's, outlasting a 100-s outage: the sender "
                   "reaches TIME_WAIT")
    {
    }

  private:
    void DoRun() override
    {
        // One segment with the sender's FIN arrives at 0.031 s; the receiver's answers are lost
        // for 100 s (round-trip timeout about 0.5 s: 12 resends without backoff take 7 s, with
        // it 7.5 minutes).
        const ConnectionEnd end = ConnectOverFailingLink({},
                                                         {{MilliSeconds(25), Seconds(100)}},
                                                         100,
                                                         Time(0),
                                                         Seconds(1));
        NS_TEST_ASSERT_MSG_EQ(end.timeWait, true, "the receiver's FIN got through: TIME_WAIT");
        NS_TEST_ASSERT_MSG_EQ(end.errorCloses, 0, "no drop");
    }
};

/**
 * @ingroup bsd-tcp-tests
 * @brief Tests of the 1987 BSD TCP.
 */
class BsdTcpTestSuite : public TestSuite
{
  public:
    BsdTcpTestSuite()
        : TestSuite("bsd-tcp", Type::UNIT)
    {
        AddTestCase(new TcpHostProcessingChargesTestCase, Duration::QUICK);
        AddTestCase(new TcpHostProcessingSlowsTestCase, Duration::QUICK);
        AddTestCase(new BsdTcpSocketFactoryTestCase, Duration::QUICK);
        AddTestCase(new TcpTahoeRecoveryTestCase, Duration::QUICK);
        AddTestCase(new DeadPathDropsConnectionTestCase, Duration::QUICK);
        AddTestCase(new EstablishmentTimeoutTestCase, Duration::QUICK);
        AddTestCase(new RetransmitTimeoutBoundTestCase, Duration::QUICK);
        AddTestCase(new LostFinDropsConnectionTestCase, Duration::QUICK);
        AddTestCase(new LastAckBacksOffTestCase, Duration::QUICK);
    }
};

static BsdTcpTestSuite g_bsdTcpTestSuite; //!< Static variable for test initialization
