/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-engine-test-case.h"
#include "netblt-test-bench.h"
#include "netblt-test-data.h"

#include "ns3/ipv4-header.h"
#include "ns3/ipv4-interface.h"
#include "ns3/netblt-control-header.h"
#include "ns3/netblt-data-header.h"
#include "ns3/simulator.h"
#include "ns3/test.h"

/**
 * @file
 * @ingroup netblt-tests
 * What scripts/soak found: each case is a configuration or a packet sequence that once crashed
 * the model, hung a connection or delivered a wrong verdict, reduced to its core.
 */

using namespace ns3;
using namespace ns3::netblt_test;

namespace
{

/**
 * Hands a packet to node @p to's NETBLT layer as IPv4 would, as if the other node's end of
 * @p connection sent it.
 * @param bench the bench
 * @param to the receiving node, 0 or 1
 * @param connection the connection on that node the packet is for
 * @param header the packet's header (ports are filled in)
 * @param payload bytes of zero data after the header
 */
void
Inject(Bench& bench,
       uint32_t to,
       Ptr<NetbltConnection> connection,
       NetbltHeader& header,
       uint32_t payload = 0)
{
    header.SetLocalPort(connection->GetPeerPort());
    header.SetForeignPort(connection->GetLocalPort());
    Ptr<Packet> packet = Create<Packet>(payload);
    packet->AddHeader(header);
    Ipv4Header ip;
    ip.SetSource(bench.topology.address[1 - to]);
    ip.SetDestination(bench.topology.address[to]);
    ip.SetProtocol(NetbltL4Protocol::PROT_NUMBER);
    ip.SetPayloadSize(packet->GetSize());
    bench.topology.netblt[to]->Receive(packet, ip, nullptr);
}

/**
 * Hands a CONTROL packet with one message to node 0's sender, as if node 1's receiver sent it.
 * @param bench the bench
 * @param sender node 0's connection
 * @param message the message
 */
void
InjectControl(Bench& bench, Ptr<NetbltConnection> sender, const NetbltControlMessage& message)
{
    NetbltControlHeader control;
    control.AddMessage(message);
    Inject(bench, 0, sender, control);
}

} // namespace

/**
 * @ingroup netblt-tests
 * @brief A listener whose buffer limit is smaller than both ends' packet sizes (soak transfer
 * seed 89): the answer's packets are made as small as its buffer, and the transfer completes
 * intact. Before, the passive receiver took a buffer smaller than a packet and failed an
 * assertion when it opened its first buffer.
 */
class NetbltBufferLimitBelowPacketTestCase : public NetbltEngineTestCase
{
  public:
    NetbltBufferLimitBelowPacketTestCase()
        : NetbltEngineTestCase("a buffer limit below the packet size gives packets of the buffer")
    {
    }

  private:
    void DoRun() override
    {
        NetbltTransferParameters proposal = Proposal(4000, 1000, 4, 5, 2);
        NetbltTransferParameters limits = Limits();
        limits.bufferSize = 600;
        limits.packetSize = 1400;
        NetbltTransferParameters answer = NetbltTransferParameters::Restrict(proposal, limits);
        NS_TEST_EXPECT_MSG_EQ(answer.Validate(), "", "the answer is usable");
        NS_TEST_EXPECT_MSG_EQ(answer.bufferSize, 600, "the listener's buffer size");
        NS_TEST_EXPECT_MSG_EQ(answer.packetSize, 600, "packets as large as the buffer");
        NS_TEST_EXPECT_MSG_EQ(answer.IsNoLessRestrictiveThan(proposal), true, "acceptable");

        Bench bench;
        std::vector<uint8_t> data = MakeData(5000, 89);
        bench.StartWrite(proposal, data, limits);
        bench.ArmWatchdog(Seconds(100));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(bench.active.Completed(), true, "sender completed");
        NS_TEST_ASSERT_MSG_EQ(bench.passive.Completed(), true, "receiver completed");
        NS_TEST_EXPECT_MSG_EQ((bench.passive.received == data), true, "data intact");
        NS_TEST_EXPECT_MSG_EQ(bench.passive.bufferNumbers.size(), 9, "8 buffers of 600, 1 of 200");
        for (const TxRecorder::Entry& e : bench.active.tx.GetEntries())
        {
            if (e.type == NetbltPacketType::DATA || e.type == NetbltPacketType::LDATA)
            {
                NS_TEST_EXPECT_MSG_EQ(e.packetNumber, 0, "one packet per buffer");
                NS_TEST_EXPECT_MSG_LT_OR_EQ(e.dataLength, 600, "no packet beyond the buffer");
            }
        }
        Simulator::Destroy();
    }
};

/**
 * @ingroup netblt-tests
 * @brief A listener whose limits leave no usable answer (a burst-size limit of 0): the OPEN is
 * answered with REFUSED, naming the value, and the listener's client is not consulted.
 */
class NetbltUnusableLimitsTestCase : public NetbltEngineTestCase
{
  public:
    NetbltUnusableLimitsTestCase()
        : NetbltEngineTestCase("limits that leave no usable answer: the OPEN is refused")
    {
    }

  private:
    void DoRun() override
    {
        NetbltTransferParameters limits = Limits();
        limits.burstSize = 0;
        Bench bench;
        bench.StartWrite(Proposal(4000, 1000, 4, 5, 2), MakeData(5000, 1), limits);
        bench.ArmWatchdog(Seconds(100));
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(bench.passive.accepted, false, "listener's client not consulted");
        NS_TEST_ASSERT_MSG_EQ(bench.active.closed, true, "active end closed");
        NS_TEST_EXPECT_MSG_EQ(bench.active.closeReason, NetbltConnection::REFUSED, "REFUSED");
        NS_TEST_EXPECT_MSG_NE(bench.active.closeText.find("burst size 0"),
                              std::string::npos,
                              "the reason names the value: " << bench.active.closeText);
        NS_TEST_EXPECT_MSG_EQ(bench.topology.netblt[1]->GetConnectionCount(), 0, "no connection");
        Simulator::Destroy();
    }
};

/**
 * @ingroup netblt-tests
 * @brief 200 copies of the receiver's last OK reach a dallying sender (soak fuzz seed 8): each
 * extends the dally, but only up to 64 times its start, and the sender completes when the
 * receiver falls silent. Before, every copy doubled the dally until the time overflowed and
 * the simulator's negative-delay assertion failed.
 */
class NetbltDallyExtensionBoundTestCase : public NetbltEngineTestCase
{
  public:
    NetbltDallyExtensionBoundTestCase()
        : NetbltEngineTestCase("repeated OKs extend a dally only 64-fold")
    {
    }

  private:
    void DoRun() override
    {
        Bench bench;
        bench.drop[0]->AddRule(NetbltPacketType::DONE,
                               NetbltDropErrorModel::ANY,
                               NetbltDropErrorModel::ANY,
                               NetbltDropErrorModel::ANY); // the sender dallies to its end
        bench.StartWrite(Proposal(2000, 500, 4, 5, 1), MakeData(4000, 8), Limits());
        Time injected;
        bench.active.onBuffer = [&](Ptr<NetbltConnection> sender, uint32_t buffers) {
            if (buffers < 2)
            {
                return;
            }
            // Once the last buffer is handed over, wait for the dally, then copy the OK.
            Simulator::Schedule(MilliSeconds(200), [&, sender]() {
                NS_TEST_ASSERT_MSG_EQ(sender->GetState(), NetbltConnection::DALLYING, "dallying");
                std::vector<NetbltControlMessage> sent = bench.passive.tx.AllMessages();
                NetbltControlMessage ok = sent.back();
                NS_TEST_ASSERT_MSG_EQ(ok.GetType(), NetbltControlMessage::OK, "the last OK");
                for (uint32_t i = 0; i < 200; ++i)
                {
                    InjectControl(bench, sender, ok);
                }
                injected = Simulator::Now();
            });
        };
        bench.ArmWatchdog(Seconds(1000));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(bench.active.Completed(), true, "sender completed");
        NS_TEST_ASSERT_MSG_EQ(bench.passive.Completed(), true, "receiver completed");
        // The receiver closed at once; the sender's death timer (10 s) ends the dally.
        NS_TEST_EXPECT_MSG_LT(bench.active.closeTime, injected + Seconds(11), "death timer");
        NS_TEST_EXPECT_MSG_EQ(bench.active.connection->GetStatistics().duplicateControlMessages,
                              200,
                              "every copy seen as a duplicate");
        Simulator::Destroy();
    }
};

/**
 * @ingroup netblt-tests
 * @brief An OK the receiver did not send releases buffer 2 at the sender (soak fuzz seed 3):
 * the receiver's RESEND for it then makes the sender abort, counting a protocol violation.
 * Before, the sender answered each RESEND with a NULL-ACK and both ends stayed established for
 * ever, each hearing the other.
 */
class NetbltResendForReleasedBufferTestCase : public NetbltEngineTestCase
{
  public:
    NetbltResendForReleasedBufferTestCase()
        : NetbltEngineTestCase("a RESEND for a buffer an OK released: the sender aborts")
    {
    }

  private:
    void DoRun() override
    {
        Bench bench;
        bench.StartWrite(Proposal(5000, 500, 5, 5, 2), MakeData(20000, 3), Limits());
        bench.active.onEstablished = [&bench](Ptr<NetbltConnection> sender) {
            // Sequence 1000 is well ahead of the receiver's, so the sender takes it as new.
            Simulator::ScheduleNow([&bench, sender]() {
                InjectControl(bench, sender, NetbltControlMessage::MakeOk(1000, 2, 5, 5, 100));
            });
        };
        bench.ArmWatchdog(Seconds(1000));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(bench.active.closed, true, "sender closed");
        NS_TEST_ASSERT_MSG_EQ(bench.passive.closed, true, "receiver closed");
        NS_TEST_EXPECT_MSG_EQ(bench.active.closeReason,
                              NetbltConnection::ABORTED_LOCALLY,
                              "the sender aborts: " << bench.active.closeText);
        NS_TEST_EXPECT_MSG_EQ(bench.passive.closeReason,
                              NetbltConnection::ABORTED_BY_PEER,
                              "the receiver learns it");
        NS_TEST_EXPECT_MSG_LT(bench.active.closeTime, Seconds(5), "soon");
        NS_TEST_EXPECT_MSG_EQ(bench.active.connection->GetStatistics().protocolViolations,
                              1,
                              "one protocol violation");
        Simulator::Destroy();
    }
};

/**
 * @ingroup netblt-tests
 * @brief Buffer 1's packet 1 is lost; its LDATA has come when a DATA the sender did not send
 * fills the gap with the L flag set (soak fuzz seed 95). The buffer then holds every packet it
 * can have but its length is unknown again: its data timer finds nothing to ask for, and the
 * receiver aborts, counting a protocol violation. Before, no RESEND went, and both ends stayed
 * established for ever, exchanging KEEPALIVEs.
 */
class NetbltLateLastBufferFlagTestCase : public NetbltEngineTestCase
{
  public:
    NetbltLateLastBufferFlagTestCase()
        : NetbltEngineTestCase("a buffer left with nothing to ask for: the receiver aborts")
    {
    }

  private:
    void DoRun() override
    {
        Bench bench;
        bench.drop[1]->AddRule(NetbltPacketType::DATA, 1, 1);
        bench.StartWrite(Proposal(2000, 500, 4, 5, 1), MakeData(8000, 95), Limits());
        Simulator::Schedule(MilliSeconds(10), [this, &bench]() {
            NS_TEST_ASSERT_MSG_EQ(bench.drop[1]->GetDropped(NetbltPacketType::DATA), 1, "lost");
            NS_TEST_ASSERT_MSG_EQ(bench.drop[1]->GetSeen(NetbltPacketType::LDATA), 1, "LDATA");
            NetbltDataHeader data(NetbltPacketType::DATA);
            data.SetBufferNumber(1);
            data.SetPacketNumber(1);
            data.SetDataLength(500);
            data.SetLastBuffer(true);
            Inject(bench, 1, bench.passive.connection, data, 500);
        });
        bench.ArmWatchdog(Seconds(1000));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(bench.active.closed, true, "sender closed");
        NS_TEST_ASSERT_MSG_EQ(bench.passive.closed, true, "receiver closed");
        NS_TEST_EXPECT_MSG_EQ(bench.passive.closeReason,
                              NetbltConnection::ABORTED_LOCALLY,
                              "the receiver aborts: " << bench.passive.closeText);
        NS_TEST_EXPECT_MSG_EQ(bench.active.closeReason,
                              NetbltConnection::ABORTED_BY_PEER,
                              "the sender learns it");
        NS_TEST_EXPECT_MSG_LT(bench.passive.closeTime, Seconds(1), "at its data timer");
        NS_TEST_EXPECT_MSG_EQ(bench.passive.connection->GetStatistics().protocolViolations,
                              1,
                              "one protocol violation");
        NS_TEST_EXPECT_MSG_EQ(bench.passive.received.size(), 0, "nothing delivered");
        Simulator::Destroy();
    }
};

/**
 * @ingroup netblt-tests
 * @brief The NETBLT robustness test suite: regressions found by the soak.
 */
class NetbltRobustnessTestSuite : public TestSuite
{
  public:
    NetbltRobustnessTestSuite();
};

NetbltRobustnessTestSuite::NetbltRobustnessTestSuite()
    : TestSuite("netblt-robustness", Type::UNIT)
{
    AddTestCase(new NetbltBufferLimitBelowPacketTestCase, TestCase::Duration::QUICK);
    AddTestCase(new NetbltUnusableLimitsTestCase, TestCase::Duration::QUICK);
    AddTestCase(new NetbltDallyExtensionBoundTestCase, TestCase::Duration::QUICK);
    AddTestCase(new NetbltResendForReleasedBufferTestCase, TestCase::Duration::QUICK);
    AddTestCase(new NetbltLateLastBufferFlagTestCase, TestCase::Duration::QUICK);
}

/// Static variable for test initialization.
static NetbltRobustnessTestSuite g_netbltRobustnessTestSuite;
