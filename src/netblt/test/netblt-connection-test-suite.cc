/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-engine-test-case.h"
#include "netblt-test-bench.h"
#include "netblt-test-data.h"

#include "ns3/boolean.h"
#include "ns3/netblt-open-header.h"
#include "ns3/simulator.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

/**
 * @file
 * @ingroup netblt-tests
 * NETBLT connection set-up and close (RFC 998 §5.1, §5.3): OPEN/RESPONSE negotiation, lost
 * OPEN and RESPONSE packets, REFUSED, the OPEN retry limit, a second OPEN with another unique
 * ID, READ mode, QUIT, ABORT, DONE and the dally timer.
 */

using namespace ns3;
using namespace ns3::netblt_test;

namespace
{

/// The proposal most cases use: 4 packets of 1000 bytes per buffer, 2 buffers outstanding.
NetbltTransferParameters
StandardProposal()
{
    NetbltTransferParameters p;
    p.bufferSize = 4000;
    p.packetSize = 1000;
    p.burstSize = 4;
    p.burstIntervalMs = 5;
    p.maxOutstandingBuffers = 2;
    p.deathTimeoutS = 10;
    return p;
}

/// Generous passive limits.
NetbltTransferParameters
StandardLimits()
{
    NetbltTransferParameters p;
    p.bufferSize = 1 << 20;
    p.packetSize = 1400;
    p.burstSize = 100;
    p.burstIntervalMs = 1;
    p.maxOutstandingBuffers = 100;
    p.deathTimeoutS = 10;
    return p;
}

} // namespace

/**
 * @ingroup netblt-tests
 * @brief OPEN/RESPONSE negotiation: the passive end's smaller limits win, the longer burst
 * interval wins, C is on if either end asks, and each end keeps its own death timeout.
 */
class NetbltNegotiationTestCase : public NetbltEngineTestCase
{
  public:
    NetbltNegotiationTestCase()
        : NetbltEngineTestCase("OPEN and RESPONSE negotiate the more restrictive values")
    {
    }

  private:
    void DoRun() override
    {
        Bench bench;
        NetbltTransferParameters proposal;
        proposal.bufferSize = 14380;
        proposal.packetSize = 1438;
        proposal.burstSize = 5;
        proposal.burstIntervalMs = 30;
        proposal.maxOutstandingBuffers = 4;
        proposal.checksumData = false;
        proposal.deathTimeoutS = 11;
        proposal.clientString = "active";
        NetbltTransferParameters limits;
        limits.bufferSize = 8000;
        limits.packetSize = 1000;
        limits.burstSize = 3;
        limits.burstIntervalMs = 40;
        limits.maxOutstandingBuffers = 2;
        limits.checksumData = true;
        limits.deathTimeoutS = 7;
        limits.clientString = "passive";
        std::vector<uint8_t> data = MakeData(30000, 1);
        bench.StartWrite(proposal, data, limits);
        Simulator::Run();

        // What the passive end was offered and answered.
        NS_TEST_ASSERT_MSG_EQ(bench.passive.accepted, true, "listener consulted");
        std::vector<TxRecorder::Entry> responses =
            bench.passive.tx.Select(NetbltPacketType::RESPONSE);
        NS_TEST_ASSERT_MSG_EQ(responses.size(), 1, "one RESPONSE");
        const NetbltTransferParameters& wire = responses[0].parameters;
        NS_TEST_EXPECT_MSG_EQ(wire.bufferSize, 8000, "RESPONSE buffer size: the smaller");
        NS_TEST_EXPECT_MSG_EQ(wire.packetSize, 1000, "RESPONSE packet size: the smaller");
        NS_TEST_EXPECT_MSG_EQ(wire.burstSize, 3, "RESPONSE burst size: the smaller");
        NS_TEST_EXPECT_MSG_EQ(wire.burstIntervalMs, 40, "RESPONSE burst interval: the larger");
        NS_TEST_EXPECT_MSG_EQ(wire.maxOutstandingBuffers, 2, "RESPONSE buffers: the smaller");
        NS_TEST_EXPECT_MSG_EQ(wire.checksumData, true, "RESPONSE C: on if either asks");
        NS_TEST_EXPECT_MSG_EQ(wire.deathTimeoutS, 7, "RESPONSE death timer: the passive end's");
        NS_TEST_EXPECT_MSG_EQ(wire.clientString, "passive", "RESPONSE client string");
        NS_TEST_EXPECT_MSG_EQ(responses[0].writeMode, true, "RESPONSE M = WRITE like the OPEN");

        // Both ends use the negotiated values.
        for (TestClient* end : {&bench.active, &bench.passive})
        {
            NS_TEST_ASSERT_MSG_EQ(end->established, true, "established");
            const NetbltTransferParameters& p = end->connection->GetParameters();
            NS_TEST_EXPECT_MSG_EQ(p.bufferSize, 8000, "negotiated buffer size");
            NS_TEST_EXPECT_MSG_EQ(p.packetSize, 1000, "negotiated packet size");
            NS_TEST_EXPECT_MSG_EQ(p.burstSize, 3, "negotiated burst size");
            NS_TEST_EXPECT_MSG_EQ(p.burstIntervalMs, 40, "negotiated burst interval");
            NS_TEST_EXPECT_MSG_EQ(p.maxOutstandingBuffers, 2, "negotiated buffers");
            NS_TEST_EXPECT_MSG_EQ(p.checksumData, true, "negotiated C");
        }
        NS_TEST_EXPECT_MSG_EQ(bench.active.connection->GetParameters().deathTimeoutS,
                              11,
                              "active end keeps its own death timeout");
        NS_TEST_EXPECT_MSG_EQ(bench.passive.connection->GetParameters().deathTimeoutS,
                              7,
                              "passive end keeps its own death timeout");
        NS_TEST_EXPECT_MSG_EQ(bench.active.connection->GetRole(), NetbltConnection::SENDER, "role");
        NS_TEST_EXPECT_MSG_EQ(bench.passive.connection->GetRole(),
                              NetbltConnection::RECEIVER,
                              "role");
        NS_TEST_EXPECT_MSG_EQ(bench.passive.connection->GetConnectionId(),
                              bench.active.connection->GetConnectionId(),
                              "one unique ID");

        // The data went with those values: 8 packets of 1000 bytes per 8000-byte buffer, the
        // data area checksummed, in bursts of at most 3.
        std::vector<TxRecorder::Entry> data1 = bench.active.tx.Select(NetbltPacketType::DATA);
        std::vector<TxRecorder::Entry> ldata = bench.active.tx.Select(NetbltPacketType::LDATA);
        NS_TEST_EXPECT_MSG_EQ(data1.size() + ldata.size(), 30, "30 packets of at most 1000 bytes");
        NS_TEST_EXPECT_MSG_EQ(ldata.size(), 4, "one LDATA per buffer");
        for (const auto& e : data1)
        {
            NS_TEST_EXPECT_MSG_EQ(e.dataLength, 1000, "DATA packet size");
            NS_TEST_EXPECT_MSG_LT(e.packetNumber, 8, "8 packets per buffer");
        }
        std::map<int64_t, uint32_t> perInstant;
        for (const auto& e : bench.active.tx.GetEntries())
        {
            if (e.type == NetbltPacketType::DATA || e.type == NetbltPacketType::LDATA)
            {
                ++perInstant[e.time.GetTimeStep()];
            }
        }
        for (const auto& [t, n] : perInstant)
        {
            NS_TEST_EXPECT_MSG_LT_OR_EQ(n, 3, "no burst larger than 3 packets");
        }
        NS_TEST_EXPECT_MSG_EQ(bench.active.Completed(), true, "sender completed");
        NS_TEST_EXPECT_MSG_EQ(bench.passive.Completed(), true, "receiver completed");
        NS_TEST_EXPECT_MSG_EQ((bench.passive.received == data), true, "data intact");
        Simulator::Destroy();
    }
};

/**
 * @ingroup netblt-tests
 * @brief The first OPEN is lost: the active end sends it again after OpenRetryInterval and the
 * transfer completes.
 */
class NetbltLostOpenTestCase : public NetbltEngineTestCase
{
  public:
    NetbltLostOpenTestCase()
        : NetbltEngineTestCase("lost first OPEN is retransmitted after OpenRetryInterval")
    {
    }

  private:
    void DoRun() override
    {
        Bench bench;
        bench.drop[1]->AddRule(NetbltPacketType::OPEN,
                               NetbltDropErrorModel::ANY,
                               NetbltDropErrorModel::ANY,
                               1);
        std::vector<uint8_t> data = MakeData(10000, 2);
        bench.StartWrite(StandardProposal(), data, StandardLimits());
        Simulator::Run();

        std::vector<Time> opens = bench.drop[1]->GetSeenTimes(NetbltPacketType::OPEN);
        NS_TEST_ASSERT_MSG_EQ(opens.size(), 2, "two OPENs on the wire");
        NS_TEST_EXPECT_MSG_EQ(bench.drop[1]->GetDropped(NetbltPacketType::OPEN), 1, "one dropped");
        // Default OpenRetryInterval: 3 s; the first OPEN left at 1 ms (a timer tick).
        NS_TEST_EXPECT_MSG_EQ(opens[1] - opens[0], Seconds(3), "retransmitted 3 s later");
        NS_TEST_EXPECT_MSG_EQ(bench.active.tx.Count(NetbltPacketType::OPEN),
                              1,
                              "one OPEN sent after the client attached (the retransmission)");
        NS_TEST_EXPECT_MSG_EQ(bench.passive.tx.Count(NetbltPacketType::RESPONSE),
                              1,
                              "one RESPONSE");
        NS_TEST_EXPECT_MSG_EQ(bench.active.established, true, "established");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(bench.active.establishedTime, Seconds(3), "after the retry");
        NS_TEST_EXPECT_MSG_EQ(bench.active.Completed(), true, "sender completed");
        NS_TEST_EXPECT_MSG_EQ(bench.passive.Completed(), true, "receiver completed");
        NS_TEST_EXPECT_MSG_EQ((bench.passive.received == data), true, "data intact");
        Simulator::Destroy();
    }
};

/**
 * @ingroup netblt-tests
 * @brief The first RESPONSE is lost: the retransmitted OPEN (same unique ID) reaches the
 * established passive end, which answers with a new RESPONSE; the transfer completes.
 */
class NetbltLostResponseTestCase : public NetbltEngineTestCase
{
  public:
    NetbltLostResponseTestCase()
        : NetbltEngineTestCase("lost first RESPONSE: duplicate OPEN answered by a new RESPONSE")
    {
    }

  private:
    void DoRun() override
    {
        Bench bench;
        bench.drop[0]->AddRule(NetbltPacketType::RESPONSE,
                               NetbltDropErrorModel::ANY,
                               NetbltDropErrorModel::ANY,
                               1);
        std::vector<uint8_t> data = MakeData(10000, 3);
        bench.StartWrite(StandardProposal(), data, StandardLimits());
        Simulator::Run();

        NS_TEST_EXPECT_MSG_EQ(bench.drop[1]->GetSeen(NetbltPacketType::OPEN), 2, "two OPENs");
        NS_TEST_EXPECT_MSG_EQ(bench.drop[0]->GetSeen(NetbltPacketType::RESPONSE),
                              2,
                              "two RESPONSEs");
        std::vector<TxRecorder::Entry> responses =
            bench.passive.tx.Select(NetbltPacketType::RESPONSE);
        NS_TEST_ASSERT_MSG_EQ(responses.size(), 2, "passive end sent two RESPONSEs");
        NS_TEST_EXPECT_MSG_EQ(responses[0].connectionId, responses[1].connectionId, "same ID");
        NS_TEST_EXPECT_MSG_EQ(responses[1].connectionId,
                              bench.active.connection->GetConnectionId(),
                              "the active end's ID");
        NS_TEST_EXPECT_MSG_EQ(bench.passive.tx.Count(NetbltPacketType::ABORT), 0, "no ABORT");
        std::vector<Time> opens = bench.drop[1]->GetSeenTimes(NetbltPacketType::OPEN);
        std::vector<Time> resp = bench.drop[0]->GetSeenTimes(NetbltPacketType::RESPONSE);
        NS_TEST_ASSERT_MSG_EQ(resp.size(), 2, "two RESPONSE arrivals");
        NS_TEST_EXPECT_MSG_GT(resp[1], opens[1], "second RESPONSE answers the second OPEN");
        NS_TEST_EXPECT_MSG_EQ(bench.passive.accepted, true, "one passive connection");
        NS_TEST_EXPECT_MSG_EQ(bench.active.Completed(), true, "sender completed");
        NS_TEST_EXPECT_MSG_EQ(bench.passive.Completed(), true, "receiver completed");
        NS_TEST_EXPECT_MSG_EQ((bench.passive.received == data), true, "data intact");
        Simulator::Destroy();
    }
};

/**
 * @ingroup netblt-tests
 * @brief REFUSED: an OPEN for a port without a listener, and an OPEN the listener refuses;
 * the active end closes with REFUSED and the reason text.
 */
class NetbltRefusedTestCase : public NetbltEngineTestCase
{
  public:
    /** @param byListener true: the accept callback refuses; false: no listener */
    NetbltRefusedTestCase(bool byListener)
        : NetbltEngineTestCase(byListener ? "REFUSED by the accept callback, reason carried"
                                          : "REFUSED when no listener"),
          m_byListener(byListener)
    {
    }

  private:
    void DoRun() override
    {
        Bench bench;
        uint16_t port = TEST_PORT;
        if (m_byListener)
        {
            bench.passive.refusal = "busy: come back later";
            bench.Listen(StandardLimits());
        }
        else
        {
            port = 2001;
            bench.Listen(StandardLimits()); // on 2000, not 2001
        }
        bench.active.data = MakeData(4000, 4);
        ConnectAt(bench.topology,
                  bench.active,
                  MilliSeconds(1),
                  NetbltConnection::SENDER,
                  StandardProposal(),
                  port);
        Simulator::Run();

        NS_TEST_ASSERT_MSG_EQ(bench.active.closed, true, "active end closed");
        NS_TEST_EXPECT_MSG_EQ(bench.active.closeReason, NetbltConnection::REFUSED, "REFUSED");
        if (m_byListener)
        {
            NS_TEST_EXPECT_MSG_EQ(bench.active.closeText, "busy: come back later", "reason text");
            NS_TEST_EXPECT_MSG_EQ(bench.passive.accepted, true, "listener consulted");
        }
        else
        {
            NS_TEST_EXPECT_MSG_EQ(bench.active.closeText, "no listener on port 2001", "reason");
            NS_TEST_EXPECT_MSG_EQ(bench.passive.accepted, false, "listener on 2000 not consulted");
        }
        NS_TEST_EXPECT_MSG_EQ(bench.active.established, false, "never established");
        NS_TEST_EXPECT_MSG_EQ(bench.drop[1]->GetSeen(NetbltPacketType::OPEN), 1, "one OPEN");
        NS_TEST_EXPECT_MSG_EQ(bench.drop[0]->GetSeen(NetbltPacketType::REFUSED), 1, "one REFUSED");
        NS_TEST_EXPECT_MSG_EQ(bench.drop[0]->GetSeen(NetbltPacketType::RESPONSE), 0, "no RESPONSE");
        NS_TEST_EXPECT_MSG_EQ(bench.active.closeTime,
                              bench.drop[0]->GetSeenTimes(NetbltPacketType::REFUSED)[0],
                              "closed when the REFUSED arrived");
        NS_TEST_EXPECT_MSG_EQ(bench.topology.netblt[0]->GetConnectionCount(), 0, "forgotten");
        NS_TEST_EXPECT_MSG_EQ(bench.topology.netblt[1]->GetConnectionCount(), 0, "none made");
        NS_TEST_EXPECT_MSG_LT(Simulator::Now(), Seconds(1), "no retries after REFUSED");
        Simulator::Destroy();
    }

    bool m_byListener; //!< which kind of refusal
};

/**
 * @ingroup netblt-tests
 * @brief No OPEN gets through: exactly OpenRetryLimit OPENs, OpenRetryInterval apart, then
 * OPEN_FAILED one interval after the last.
 */
class NetbltOpenRetryLimitTestCase : public NetbltEngineTestCase
{
  public:
    NetbltOpenRetryLimitTestCase()
        : NetbltEngineTestCase("OPEN retry limit: OPEN_FAILED after exactly OpenRetryLimit OPENs")
    {
    }

  private:
    void DoRun() override
    {
        SetConnectionDefault("OpenRetryLimit", UintegerValue(3));
        SetConnectionDefault("OpenRetryInterval", TimeValue(MilliSeconds(200)));
        Bench bench;
        bench.drop[1]->AddRule(NetbltPacketType::OPEN,
                               NetbltDropErrorModel::ANY,
                               NetbltDropErrorModel::ANY,
                               NetbltDropErrorModel::ANY);
        bench.StartWrite(StandardProposal(), MakeData(4000, 5), StandardLimits());
        Simulator::Run();

        std::vector<Time> opens = bench.drop[1]->GetSeenTimes(NetbltPacketType::OPEN);
        NS_TEST_ASSERT_MSG_EQ(opens.size(), 3, "exactly OpenRetryLimit OPENs");
        NS_TEST_EXPECT_MSG_EQ(opens[1] - opens[0], MilliSeconds(200), "interval");
        NS_TEST_EXPECT_MSG_EQ(opens[2] - opens[1], MilliSeconds(200), "interval");
        NS_TEST_EXPECT_MSG_EQ(bench.active.closed, true, "closed");
        NS_TEST_EXPECT_MSG_EQ(bench.active.closeReason,
                              NetbltConnection::OPEN_FAILED,
                              "OPEN_FAILED");
        NS_TEST_EXPECT_MSG_EQ(bench.active.closeTime, MilliSeconds(601), "1 ms + 3 x 200 ms");
        NS_TEST_EXPECT_MSG_EQ(bench.passive.accepted, false, "passive end never saw an OPEN");
        NS_TEST_EXPECT_MSG_EQ(bench.topology.netblt[0]->GetConnectionCount(), 0, "forgotten");
        NS_TEST_EXPECT_MSG_EQ(Simulator::Now(), MilliSeconds(601), "nothing runs afterwards");
        Simulator::Destroy();
    }
};

/**
 * @ingroup netblt-tests
 * @brief A second OPEN for the same port pair with another unique ID (RFC 998 §5.1) is
 * answered with ABORT, which closes the active end ABORTED_BY_PEER. The passive end keeps its
 * connection (the code's reading of §5.1: the ABORT rejects the second OPEN) until its death
 * timer expires.
 */
class NetbltSecondOpenTestCase : public NetbltEngineTestCase
{
  public:
    NetbltSecondOpenTestCase()
        : NetbltEngineTestCase("second OPEN with another unique ID is answered with ABORT")
    {
    }

  private:
    void DoRun() override
    {
        Bench bench;
        NetbltTransferParameters limits = StandardLimits();
        limits.deathTimeoutS = 2;
        bench.StartWrite(StandardProposal(), MakeData(400000, 6), limits);
        const Time injectAt = MilliSeconds(50);
        NetbltConnection::State passiveStateAfter = NetbltConnection::CLOSED;
        Simulator::Schedule(injectAt, [&bench]() {
            Ptr<NetbltConnection> c = bench.active.connection;
            NetbltOpenHeader open(NetbltPacketType::OPEN);
            StandardProposal().WriteTo(open);
            open.SetConnectionId(c->GetConnectionId() + 1);
            open.SetWriteMode(true);
            open.SetVersion(bench.topology.netblt[0]->GetVersion());
            open.SetLocalPort(c->GetLocalPort());
            open.SetForeignPort(c->GetPeerPort());
            Ptr<Packet> packet = Create<Packet>();
            packet->AddHeader(open);
            bench.topology.netblt[0]->Send(packet,
                                           bench.topology.address[0],
                                           bench.topology.address[1]);
        });
        Simulator::Schedule(injectAt + MilliSeconds(100), [&bench, &passiveStateAfter]() {
            passiveStateAfter = bench.passive.connection->GetState();
        });
        Simulator::Run();

        std::vector<TxRecorder::Entry> aborts = bench.passive.tx.Select(NetbltPacketType::ABORT);
        NS_TEST_ASSERT_MSG_EQ(aborts.size(), 1, "passive end sent one ABORT");
        NS_TEST_EXPECT_MSG_EQ(aborts[0].reason,
                              "a connection with another unique ID uses these ports",
                              "ABORT reason");
        NS_TEST_EXPECT_MSG_GT(aborts[0].time, injectAt, "in answer to the injected OPEN");
        NS_TEST_EXPECT_MSG_LT(aborts[0].time, injectAt + MilliSeconds(10), "at once");
        NS_TEST_EXPECT_MSG_EQ(bench.passive.tx.Count(NetbltPacketType::RESPONSE),
                              1,
                              "no RESPONSE to the second OPEN");
        NS_TEST_ASSERT_MSG_EQ(bench.active.closed, true, "active end closed");
        NS_TEST_EXPECT_MSG_EQ(bench.active.closeReason,
                              NetbltConnection::ABORTED_BY_PEER,
                              "reason");
        NS_TEST_EXPECT_MSG_EQ(bench.active.closeText,
                              "a connection with another unique ID uses these ports",
                              "text");
        NS_TEST_EXPECT_MSG_EQ(bench.active.closeTime,
                              bench.drop[0]->GetSeenTimes(NetbltPacketType::ABORT)[0],
                              "closed as the ABORT arrived");
        NS_TEST_EXPECT_MSG_EQ(passiveStateAfter,
                              NetbltConnection::ESTABLISHED,
                              "passive end keeps the first connection");
        NS_TEST_EXPECT_MSG_EQ(bench.passive.closeReason,
                              NetbltConnection::DEATH_TIMEOUT,
                              "then dies: the active end is gone");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(bench.passive.closeTime,
                                    bench.active.closeTime + Seconds(2),
                                    "after its 2 s death timeout");
        NS_TEST_EXPECT_MSG_LT(bench.passive.closeTime,
                              bench.active.closeTime + Seconds(2) + MilliSeconds(20),
                              "within a few ms of it");
        NS_TEST_EXPECT_MSG_LT(bench.passive.received.size(), 400000u, "transfer cut short");
        Simulator::Destroy();
    }
};

/**
 * @ingroup netblt-tests
 * @brief READ mode: the active end receives (OPEN with M = READ) and the passive end sends
 * from the connection's send-ready callback; the data arrives intact.
 */
class NetbltReadModeTestCase : public NetbltEngineTestCase
{
  public:
    NetbltReadModeTestCase()
        : NetbltEngineTestCase("READ mode: active receiver, passive sender")
    {
    }

  private:
    void DoRun() override
    {
        Bench bench;
        std::vector<uint8_t> data = MakeData(21500, 7);
        bench.passive.data = data;
        bench.Listen(StandardLimits());
        ConnectAt(bench.topology,
                  bench.active,
                  MilliSeconds(1),
                  NetbltConnection::RECEIVER,
                  StandardProposal());
        Simulator::Run();

        NS_TEST_ASSERT_MSG_EQ(bench.active.established, true, "active established");
        NS_TEST_ASSERT_MSG_EQ(bench.passive.established, true, "passive established");
        NS_TEST_EXPECT_MSG_EQ(bench.active.connection->GetRole(), NetbltConnection::RECEIVER, "");
        NS_TEST_EXPECT_MSG_EQ(bench.active.connection->IsActive(), true, "");
        NS_TEST_EXPECT_MSG_EQ(bench.passive.connection->GetRole(), NetbltConnection::SENDER, "");
        NS_TEST_EXPECT_MSG_EQ(bench.passive.connection->IsActive(), false, "");
        std::vector<TxRecorder::Entry> responses =
            bench.passive.tx.Select(NetbltPacketType::RESPONSE);
        NS_TEST_ASSERT_MSG_EQ(responses.size(), 1, "one RESPONSE");
        NS_TEST_EXPECT_MSG_EQ(responses[0].writeMode, false, "RESPONSE M = READ");
        NS_TEST_EXPECT_MSG_EQ(bench.passive.tx.Count(NetbltPacketType::DATA) +
                                  bench.passive.tx.Count(NetbltPacketType::LDATA),
                              22,
                              "passive end sent the 22 data packets");
        NS_TEST_EXPECT_MSG_EQ(bench.active.tx.Count(NetbltPacketType::DATA), 0, "active sent none");
        NS_TEST_EXPECT_MSG_GT(bench.active.tx.Count(NetbltPacketType::CONTROL), 0, "active: GOs");
        NS_TEST_EXPECT_MSG_EQ(bench.active.Completed(), true, "receiver completed");
        NS_TEST_EXPECT_MSG_EQ(bench.passive.Completed(), true, "sender completed");
        NS_TEST_EXPECT_MSG_EQ(bench.active.bufferNumbers.size(), 6, "6 buffers");
        NS_TEST_EXPECT_MSG_EQ((bench.active.received == data), true, "data intact");
        Simulator::Destroy();
    }
};

/**
 * @ingroup netblt-tests
 * @brief Client QUIT: the quitting end closes QUIT_LOCALLY when the QUITACK arrives, the other
 * end is told QUIT_BY_PEER at once (once) and dallies; a lost QUITACK makes the quitting end
 * retransmit the QUIT, which the dallying end answers again.
 */
class NetbltQuitTestCase : public NetbltEngineTestCase
{
  public:
    /**
     * @param byReceiver the passive receiver quits (else the active sender)
     * @param loseQuitAck drop the first QUITACK
     */
    NetbltQuitTestCase(bool byReceiver, bool loseQuitAck)
        : NetbltEngineTestCase(std::string("QUIT from the ") +
                               (byReceiver ? "receiver" : "sender") +
                               (loseQuitAck ? ", first QUITACK lost" : "")),
          m_byReceiver(byReceiver),
          m_loseQuitAck(loseQuitAck)
    {
    }

  private:
    void DoRun() override
    {
        Bench bench;
        bench.StartWrite(StandardProposal(), MakeData(400000, 8), StandardLimits());
        TestClient& quitter = m_byReceiver ? bench.passive : bench.active;
        TestClient& other = m_byReceiver ? bench.active : bench.passive;
        if (m_loseQuitAck)
        {
            bench.drop[m_byReceiver ? 1 : 0]->AddRule(NetbltPacketType::QUITACK);
        }
        const Time quitAt = MilliSeconds(40);
        Simulator::Schedule(quitAt, [&quitter]() { quitter.connection->Quit("enough for today"); });
        Simulator::Run();

        NS_TEST_ASSERT_MSG_EQ(quitter.closed, true, "quitting end closed");
        NS_TEST_EXPECT_MSG_EQ(quitter.closeReason, NetbltConnection::QUIT_LOCALLY, "QUIT_LOCALLY");
        NS_TEST_EXPECT_MSG_EQ(quitter.closeText, "enough for today", "own reason");
        NS_TEST_ASSERT_MSG_EQ(other.closed, true, "other end told");
        NS_TEST_EXPECT_MSG_EQ(other.closeReason, NetbltConnection::QUIT_BY_PEER, "QUIT_BY_PEER");
        NS_TEST_EXPECT_MSG_EQ(other.closeText, "enough for today", "reason carried");
        NS_TEST_EXPECT_MSG_EQ(other.closeCalls, 1, "client told once");
        NS_TEST_EXPECT_MSG_EQ(quitter.closeCalls, 1, "client told once");
        std::vector<TxRecorder::Entry> quits = quitter.tx.Select(NetbltPacketType::QUIT);
        NS_TEST_ASSERT_MSG_EQ(quits.size(), (m_loseQuitAck ? 2u : 1u), "QUITs sent");
        NS_TEST_EXPECT_MSG_EQ(quits[0].time, quitAt, "QUIT sent at once");
        NS_TEST_EXPECT_MSG_EQ(quits[0].reason, "enough for today", "QUIT reason");
        NS_TEST_EXPECT_MSG_EQ(other.tx.Count(NetbltPacketType::QUITACK),
                              (m_loseQuitAck ? 2u : 1u),
                              "one QUITACK per QUIT");
        NS_TEST_EXPECT_MSG_GT(other.closeTime, quitAt, "told when the QUIT arrived");
        NS_TEST_EXPECT_MSG_LT(other.closeTime, quitAt + MilliSeconds(5), "at once");
        Time quitAckArrival =
            bench.drop[m_byReceiver ? 1 : 0]->GetSeenTimes(NetbltPacketType::QUITACK).back();
        NS_TEST_EXPECT_MSG_EQ(quitter.closeTime, quitAckArrival, "closed on the (last) QUITACK");
        // Once the other end's dally timer has run out, both ends are gone.
        NS_TEST_EXPECT_MSG_EQ(other.connection->GetState(), NetbltConnection::CLOSED, "closed");
        NS_TEST_EXPECT_MSG_EQ(bench.topology.netblt[0]->GetConnectionCount(), 0, "forgotten");
        NS_TEST_EXPECT_MSG_EQ(bench.topology.netblt[1]->GetConnectionCount(), 0, "forgotten");
        NS_TEST_EXPECT_MSG_LT(bench.passive.received.size(), 400000u, "transfer cut short");
        Simulator::Destroy();
    }

    bool m_byReceiver;  //!< which end quits
    bool m_loseQuitAck; //!< drop the first QUITACK
};

/**
 * @ingroup netblt-tests
 * @brief Client ABORT: the aborting end closes ABORTED_LOCALLY at once, the other end closes
 * ABORTED_BY_PEER with the reason when the ABORT arrives.
 */
class NetbltAbortTestCase : public NetbltEngineTestCase
{
  public:
    NetbltAbortTestCase()
        : NetbltEngineTestCase("ABORT from the client closes the other end ABORTED_BY_PEER")
    {
    }

  private:
    void DoRun() override
    {
        Bench bench;
        bench.StartWrite(StandardProposal(), MakeData(400000, 9), StandardLimits());
        const Time abortAt = MilliSeconds(33);
        Simulator::Schedule(abortAt,
                            [&bench]() { bench.active.connection->Abort("disk on fire"); });
        Simulator::Run();

        NS_TEST_ASSERT_MSG_EQ(bench.active.closed, true, "aborting end closed");
        NS_TEST_EXPECT_MSG_EQ(bench.active.closeReason, NetbltConnection::ABORTED_LOCALLY, "");
        NS_TEST_EXPECT_MSG_EQ(bench.active.closeTime, abortAt, "at once");
        NS_TEST_EXPECT_MSG_EQ(bench.active.tx.Count(NetbltPacketType::ABORT), 1, "one ABORT");
        NS_TEST_ASSERT_MSG_EQ(bench.passive.closed, true, "other end closed");
        NS_TEST_EXPECT_MSG_EQ(bench.passive.closeReason, NetbltConnection::ABORTED_BY_PEER, "");
        NS_TEST_EXPECT_MSG_EQ(bench.passive.closeText, "disk on fire", "reason carried");
        NS_TEST_EXPECT_MSG_EQ(bench.passive.closeTime,
                              bench.drop[1]->GetSeenTimes(NetbltPacketType::ABORT)[0],
                              "when the ABORT arrived");
        NS_TEST_EXPECT_MSG_EQ(bench.topology.netblt[0]->GetConnectionCount(), 0, "forgotten");
        NS_TEST_EXPECT_MSG_EQ(bench.topology.netblt[1]->GetConnectionCount(), 0, "forgotten");
        NS_TEST_EXPECT_MSG_LT(Simulator::Now(), abortAt + MilliSeconds(10), "nothing after");
        Simulator::Destroy();
    }
};

/**
 * @ingroup netblt-tests
 * @brief DONE short-circuits the sender's dally timer; without it (DONE lost) the sender
 * closes exactly when the dally timer (DallyFactor x the OK's control-timer value) expires.
 */
class NetbltDoneTestCase : public NetbltEngineTestCase
{
  public:
    /**
     * @param loseDone drop the DONE
     * @param untilPeerDeath the sender's DallyUntilPeerDeath attribute
     */
    NetbltDoneTestCase(bool loseDone, bool untilPeerDeath = true)
        : NetbltEngineTestCase(
              std::string(loseDone ? "DONE lost: sender closes when its dally timer expires"
                                   : "DONE lets the sender close before its dally timer") +
              (untilPeerDeath ? "" : " (DallyUntilPeerDeath=false)")),
          m_loseDone(loseDone),
          m_untilPeerDeath(untilPeerDeath)
    {
    }

  private:
    void DoRun() override
    {
        SetConnectionDefault("DallyUntilPeerDeath", BooleanValue(m_untilPeerDeath));
        Bench bench;
        if (m_loseDone)
        {
            bench.drop[0]->AddRule(NetbltPacketType::DONE);
        }
        std::vector<uint8_t> data = MakeData(17000, 10);
        bench.StartWrite(StandardProposal(), data, StandardLimits());
        Time dallyStart;
        Simulator::Schedule(MilliSeconds(1) + NanoSeconds(1), [&bench, &dallyStart]() {
            bench.active.connection->TraceConnectWithoutContext(
                "State",
                MakeBoundCallback(&NetbltDoneTestCase::RecordDally, &dallyStart));
        });
        Simulator::Run();

        NS_TEST_ASSERT_MSG_EQ(bench.active.Completed(), true, "sender completed");
        NS_TEST_ASSERT_MSG_EQ(bench.passive.Completed(), true, "receiver completed");
        NS_TEST_EXPECT_MSG_EQ((bench.passive.received == data), true, "data intact");
        NS_TEST_EXPECT_MSG_EQ(bench.passive.tx.Count(NetbltPacketType::DONE), 1, "one DONE");
        NS_TEST_EXPECT_MSG_GT(dallyStart, Time(0), "sender dallied");
        Time controlTimer = bench.active.connection->GetControlTimerValue();
        NS_TEST_EXPECT_MSG_GT(controlTimer, Time(0), "OK carried a control-timer value");
        // DallyFactor 2 x the OK's control-timer value; with DallyUntilPeerDeath at least the
        // receiver's death timeout (10 s).
        Time dally = 2 * controlTimer;
        if (m_untilPeerDeath)
        {
            dally = std::max(dally, Seconds(10));
        }
        if (m_loseDone)
        {
            NS_TEST_EXPECT_MSG_EQ(bench.active.closeText, "dally timer expired", "dally expiry");
            NS_TEST_EXPECT_MSG_GT_OR_EQ(bench.active.closeTime, dallyStart + dally, "not before");
            NS_TEST_EXPECT_MSG_LT(bench.active.closeTime,
                                  dallyStart + dally + MilliSeconds(1),
                                  "on the next tick");
        }
        else
        {
            NS_TEST_EXPECT_MSG_EQ(bench.active.closeText, "DONE received", "closed by DONE");
            NS_TEST_EXPECT_MSG_EQ(bench.active.closeTime,
                                  bench.drop[0]->GetSeenTimes(NetbltPacketType::DONE)[0],
                                  "as the DONE arrived");
            NS_TEST_EXPECT_MSG_LT(bench.active.closeTime, dallyStart + dally, "before the dally");
        }
        NS_TEST_EXPECT_MSG_GT_OR_EQ(bench.active.closeTime, bench.passive.closeTime, "order");
        Simulator::Destroy();
    }

    /**
     * State trace sink: remembers when the connection started dallying.
     * @param at where to write the time
     * @param from the old state
     * @param to the new state
     */
    static void RecordDally(Time* at, NetbltConnection::State from, NetbltConnection::State to)
    {
        if (to == NetbltConnection::DALLYING)
        {
            *at = Simulator::Now();
        }
    }

    bool m_loseDone;       //!< drop the DONE
    bool m_untilPeerDeath; //!< DallyUntilPeerDeath
};

/**
 * @ingroup netblt-tests
 * @brief The sender's death timer expires while it dallies (DONE lost, the receiver gone):
 * the transfer is complete for the sender all the same (every buffer was OK'd).
 */
class NetbltDeathWhileDallyingTestCase : public NetbltEngineTestCase
{
  public:
    NetbltDeathWhileDallyingTestCase()
        : NetbltEngineTestCase("death timer while dallying: the sender still closes "
                               "TRANSFER_COMPLETE")
    {
    }

  private:
    void DoRun() override
    {
        Bench bench;
        bench.drop[0]->AddRule(NetbltPacketType::DONE);
        NetbltTransferParameters proposal = StandardProposal();
        proposal.deathTimeoutS = 3; // the sender's, shorter than its dally (receiver's 10 s)
        std::vector<uint8_t> data = MakeData(17000, 12);
        bench.StartWrite(proposal, data, StandardLimits());
        Simulator::Run();

        NS_TEST_ASSERT_MSG_EQ(bench.passive.Completed(), true, "receiver completed");
        NS_TEST_ASSERT_MSG_EQ(bench.active.closed, true, "sender closed");
        NS_TEST_EXPECT_MSG_EQ(bench.active.closeReason,
                              NetbltConnection::TRANSFER_COMPLETE,
                              "not DEATH_TIMEOUT: every buffer was acknowledged");
        Time heard = bench.active.timers.lastReceived;
        NS_TEST_EXPECT_MSG_GT_OR_EQ(bench.active.closeTime, heard + Seconds(3), "death timer");
        NS_TEST_EXPECT_MSG_LT(bench.active.closeTime,
                              heard + Seconds(3) + MilliSeconds(1),
                              "on its tick, well before the 10 s dally");
        NS_TEST_EXPECT_MSG_EQ((bench.passive.received == data), true, "data intact");
        Simulator::Destroy();
    }
};

/**
 * @ingroup netblt-tests
 * @brief The NULL-ACK that acknowledges the last OK is lost: the receiver's control timer
 * resends the OK, the dallying sender answers with another NULL-ACK, both complete.
 */
class NetbltLostFinalNullAckTestCase : public NetbltEngineTestCase
{
  public:
    NetbltLostFinalNullAckTestCase()
        : NetbltEngineTestCase("lost final NULL-ACK: OK resent on the control timer, answered")
    {
    }

  private:
    /** What one run gave. */
    struct Result
    {
        uint32_t nullAcksSeen;    //!< NULL-ACKs arriving at the receiver
        uint64_t nullAcksSent;    //!< sender's count
        uint64_t controlTimeouts; //!< receiver's count
        uint64_t controlPackets;  //!< receiver's count
        uint64_t duplicates;      //!< sender's duplicate control messages
        bool intact;              //!< data intact
        bool completed;           //!< both ends TRANSFER_COMPLETE
        std::string senderText;   //!< sender's close text
        Time lastControl;         //!< last CONTROL sent by the receiver
        Time receiverClose;       //!< receiver's close time
        Time lastNullAckArrival;  //!< last NULL-ACK arrival at the receiver
    };

    Result RunOnce(uint32_t dropNullAck)
    {
        Bench bench;
        if (dropNullAck > 0)
        {
            bench.drop[1]->AddRule(NetbltPacketType::NULL_ACK,
                                   NetbltDropErrorModel::ANY,
                                   NetbltDropErrorModel::ANY,
                                   dropNullAck);
        }
        std::vector<uint8_t> data = MakeData(17000, 11);
        bench.StartWrite(StandardProposal(), data, StandardLimits());
        Simulator::Run();
        Result r;
        r.nullAcksSeen = bench.drop[1]->GetSeen(NetbltPacketType::NULL_ACK);
        r.nullAcksSent = bench.active.connection->GetStatistics().nullAcksSent;
        r.controlTimeouts = bench.passive.connection->GetStatistics().controlTimeouts;
        r.controlPackets = bench.passive.connection->GetStatistics().controlPacketsSent;
        r.duplicates = bench.active.connection->GetStatistics().duplicateControlMessages;
        r.intact = bench.passive.received == data;
        r.completed = bench.active.Completed() && bench.passive.Completed();
        r.senderText = bench.active.closeText;
        r.lastControl = bench.passive.tx.Select(NetbltPacketType::CONTROL).back().time;
        r.receiverClose = bench.passive.closeTime;
        r.lastNullAckArrival = bench.drop[1]->GetSeenTimes(NetbltPacketType::NULL_ACK).back();
        Simulator::Destroy();
        return r;
    }

    void DoRun() override
    {
        Result reference = RunOnce(0);
        NS_TEST_ASSERT_MSG_EQ(reference.completed, true, "reference run completes");
        NS_TEST_ASSERT_MSG_GT(reference.nullAcksSeen, 0, "reference run has NULL-ACKs");
        NS_TEST_EXPECT_MSG_EQ(reference.receiverClose,
                              reference.lastNullAckArrival,
                              "receiver completes on the final NULL-ACK");

        Result lossy = RunOnce(reference.nullAcksSeen);
        NS_TEST_EXPECT_MSG_EQ(lossy.completed, true, "both ends complete");
        NS_TEST_EXPECT_MSG_EQ(lossy.intact, true, "data intact");
        NS_TEST_EXPECT_MSG_EQ(lossy.controlTimeouts,
                              reference.controlTimeouts + 1,
                              "one more control timeout");
        NS_TEST_EXPECT_MSG_EQ(lossy.controlPackets,
                              reference.controlPackets + 1,
                              "the CONTROL with the last OK sent once more");
        NS_TEST_EXPECT_MSG_EQ(lossy.nullAcksSent,
                              reference.nullAcksSent + 1,
                              "dallying sender answered with another NULL-ACK");
        NS_TEST_EXPECT_MSG_EQ(lossy.duplicates,
                              reference.duplicates + 1,
                              "the resent OK was a duplicate for the sender");
        NS_TEST_EXPECT_MSG_EQ(lossy.nullAcksSeen, reference.nullAcksSeen + 1, "on the wire");
        NS_TEST_EXPECT_MSG_EQ(lossy.receiverClose,
                              lossy.lastNullAckArrival,
                              "receiver completes on the second NULL-ACK");
        NS_TEST_EXPECT_MSG_EQ(lossy.senderText, "DONE received", "sender still dallying then");
    }
};

/**
 * @ingroup netblt-tests
 * @brief The NETBLT connection set-up and close test suite.
 */
class NetbltConnectionTestSuite : public TestSuite
{
  public:
    NetbltConnectionTestSuite();
};

NetbltConnectionTestSuite::NetbltConnectionTestSuite()
    : TestSuite("netblt-connection", Type::UNIT)
{
    AddTestCase(new NetbltNegotiationTestCase, TestCase::Duration::QUICK);
    AddTestCase(new NetbltLostOpenTestCase, TestCase::Duration::QUICK);
    AddTestCase(new NetbltLostResponseTestCase, TestCase::Duration::QUICK);
    AddTestCase(new NetbltRefusedTestCase(false), TestCase::Duration::QUICK);
    AddTestCase(new NetbltRefusedTestCase(true), TestCase::Duration::QUICK);
    AddTestCase(new NetbltOpenRetryLimitTestCase, TestCase::Duration::QUICK);
    AddTestCase(new NetbltSecondOpenTestCase, TestCase::Duration::QUICK);
    AddTestCase(new NetbltReadModeTestCase, TestCase::Duration::QUICK);
    AddTestCase(new NetbltQuitTestCase(false, false), TestCase::Duration::QUICK);
    AddTestCase(new NetbltQuitTestCase(true, false), TestCase::Duration::QUICK);
    AddTestCase(new NetbltQuitTestCase(false, true), TestCase::Duration::QUICK);
    AddTestCase(new NetbltAbortTestCase, TestCase::Duration::QUICK);
    AddTestCase(new NetbltDoneTestCase(false), TestCase::Duration::QUICK);
    AddTestCase(new NetbltDoneTestCase(true), TestCase::Duration::QUICK);
    AddTestCase(new NetbltDoneTestCase(true, false), TestCase::Duration::QUICK);
    AddTestCase(new NetbltLostFinalNullAckTestCase, TestCase::Duration::QUICK);
    AddTestCase(new NetbltDeathWhileDallyingTestCase, TestCase::Duration::QUICK);
}

/// Static variable for test initialization.
static NetbltConnectionTestSuite g_netbltConnectionTestSuite;
