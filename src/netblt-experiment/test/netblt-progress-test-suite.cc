/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-test-fixture.h"

#include "ns3/double.h"
#include "ns3/simulator.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

/**
 * @file
 * @ingroup netblt-tests
 * The progress rule (an implementation rule; RFC 998 leaves it open): a transfer whose data
 * never arrive while its control packets do ends with close reason NO_PROGRESS, by a buffer's
 * RESEND count (MaxResendsPerBuffer) or by the time without a completed buffer
 * (ProgressTimeoutFactor x the death-timer value), whichever end sees it first.
 */

using namespace ns3;
using namespace ns3::netblt_test;

namespace
{

/**
 * Loses every DATA and LDATA packet on its way to node 1; control packets pass.
 * @param bench the bench
 */
void
LoseAllData(Bench& bench)
{
    for (NetbltPacketType type : {NetbltPacketType::DATA, NetbltPacketType::LDATA})
    {
        bench.drop[1]->AddRule(type,
                               NetbltDropErrorModel::ANY,
                               NetbltDropErrorModel::ANY,
                               NetbltDropErrorModel::ANY);
    }
}

/**
 * Sets an attribute of both nodes' connections of one role.
 * @param bench the bench
 * @param role whose
 * @param name the attribute
 * @param value its value
 */
void
SetOnBothNodes(Bench& bench,
               NetbltConnection::Role role,
               const std::string& name,
               const AttributeValue& value)
{
    for (Ptr<NetbltL4Protocol> netblt : bench.topology.netblt)
    {
        if (role == NetbltConnection::SENDER)
        {
            netblt->SetSenderAttribute(name, value);
        }
        else
        {
            netblt->SetReceiverAttribute(name, value);
        }
    }
}

} // namespace

/**
 * @ingroup netblt-tests
 * @brief Every DATA packet of a one-buffer transfer is lost; the receiver allows 3 RESENDs per
 * buffer. Its data timer fires 4 times: the first 3 send a RESEND each, the 4th finds the
 * limit reached, and the receiver sends an ABORT and closes NO_PROGRESS. The sender closes
 * ABORTED_BY_PEER with the ABORT's text; no byte was delivered.
 */
class NetbltReceiverResendLimitTestCase : public NetbltEngineTestCase
{
  public:
    NetbltReceiverResendLimitTestCase()
        : NetbltEngineTestCase("no data arrives: the receiver aborts NO_PROGRESS after "
                               "MaxResendsPerBuffer RESENDs for one buffer")
    {
    }

  private:
    void DoRun() override
    {
        Bench bench;
        LoseAllData(bench);
        bench.topology.netblt[1]->SetReceiverAttribute("MaxResendsPerBuffer", UintegerValue(3));
        bench.StartWrite(Proposal(4000, 1000, 4, 5, 1), MakeData(4000, 5), Limits());
        bench.ArmWatchdog(Seconds(100));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(bench.passive.closed, true, "receiver closed");
        NS_TEST_EXPECT_MSG_EQ(bench.passive.closeReason,
                              NetbltConnection::NO_PROGRESS,
                              "NO_PROGRESS: " << bench.passive.closeText);
        const NetbltConnectionStatistics& r = bench.passive.connection->GetStatistics();
        NS_TEST_EXPECT_MSG_EQ(r.resendMessagesSent, 3, "three RESENDs");
        NS_TEST_EXPECT_MSG_EQ(r.maxResendsPerBuffer, 3, "all for one buffer");
        NS_TEST_EXPECT_MSG_EQ(r.dataTimeouts, 4, "the fourth timeout ends it");
        NS_TEST_EXPECT_MSG_EQ(bench.passive.tx.Count(NetbltPacketType::ABORT), 1, "one ABORT");
        NS_TEST_ASSERT_MSG_EQ(bench.active.closed, true, "sender closed");
        NS_TEST_EXPECT_MSG_EQ(bench.active.closeReason,
                              NetbltConnection::ABORTED_BY_PEER,
                              "by the receiver's ABORT");
        NS_TEST_EXPECT_MSG_NE(bench.active.closeText.find("needed more than 3 RESENDs"),
                              std::string::npos,
                              "its text: " << bench.active.closeText);
        NS_TEST_EXPECT_MSG_EQ(bench.passive.received.size(), 0, "nothing delivered");
        Simulator::Destroy();
    }
};

/**
 * @ingroup netblt-tests
 * @brief The same lost data against a receiver that never gives up on RESENDs (a limit of
 * 1000): the sender, allowing 2 RESENDs per buffer, aborts NO_PROGRESS on the 3rd it hears;
 * the receiver closes ABORTED_BY_PEER.
 */
class NetbltSenderResendLimitTestCase : public NetbltEngineTestCase
{
  public:
    NetbltSenderResendLimitTestCase()
        : NetbltEngineTestCase("no data arrives, the receiver asks on: the sender aborts "
                               "NO_PROGRESS on the RESEND past its MaxResendsPerBuffer")
    {
    }

  private:
    void DoRun() override
    {
        Bench bench;
        LoseAllData(bench);
        bench.topology.netblt[1]->SetReceiverAttribute("MaxResendsPerBuffer", UintegerValue(1000));
        bench.topology.netblt[0]->SetSenderAttribute("MaxResendsPerBuffer", UintegerValue(2));
        bench.StartWrite(Proposal(4000, 1000, 4, 5, 1), MakeData(4000, 5), Limits());
        bench.ArmWatchdog(Seconds(100));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(bench.active.closed, true, "sender closed");
        NS_TEST_EXPECT_MSG_EQ(bench.active.closeReason,
                              NetbltConnection::NO_PROGRESS,
                              "NO_PROGRESS: " << bench.active.closeText);
        NS_TEST_EXPECT_MSG_EQ(bench.active.connection->GetStatistics().maxResendsPerBuffer,
                              3,
                              "the third RESEND ends it");
        NS_TEST_ASSERT_MSG_EQ(bench.passive.closed, true, "receiver closed");
        NS_TEST_EXPECT_MSG_EQ(bench.passive.closeReason,
                              NetbltConnection::ABORTED_BY_PEER,
                              "by the sender's ABORT");
        Simulator::Destroy();
    }
};

/**
 * @ingroup netblt-tests
 * @brief The same lost data with both ends allowing 1000 RESENDs per buffer, and a progress
 * timeout of 1 x the 10 s death-timer value at the receiver (2 x at the sender): the receiver
 * aborts NO_PROGRESS 10 s after it was set up (to the host's 1 ms tick), the sender closes
 * ABORTED_BY_PEER, and the receiver's longest wait is the 10 s.
 */
class NetbltProgressTimeoutTestCase : public NetbltEngineTestCase
{
  public:
    NetbltProgressTimeoutTestCase()
        : NetbltEngineTestCase("no buffer completes: the receiver aborts NO_PROGRESS after "
                               "ProgressTimeoutFactor x its death-timer value")
    {
    }

  private:
    void DoRun() override
    {
        Bench bench;
        LoseAllData(bench);
        for (NetbltConnection::Role role : {NetbltConnection::SENDER, NetbltConnection::RECEIVER})
        {
            SetOnBothNodes(bench, role, "MaxResendsPerBuffer", UintegerValue(1000));
        }
        // The sender's own timeout later, so that the receiver's is the one that fires.
        SetOnBothNodes(bench, NetbltConnection::RECEIVER, "ProgressTimeoutFactor", DoubleValue(1));
        SetOnBothNodes(bench, NetbltConnection::SENDER, "ProgressTimeoutFactor", DoubleValue(2));
        bench.StartWrite(Proposal(4000, 1000, 4, 5, 1), MakeData(4000, 5), Limits());
        bench.ArmWatchdog(Seconds(100));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(bench.passive.closed, true, "receiver closed");
        NS_TEST_EXPECT_MSG_EQ(bench.passive.closeReason,
                              NetbltConnection::NO_PROGRESS,
                              "NO_PROGRESS: " << bench.passive.closeText);
        const NetbltConnectionStatistics& r = bench.passive.connection->GetStatistics();
        Time waited = bench.passive.closeTime - r.establishedTime;
        NS_TEST_EXPECT_MSG_GT_OR_EQ(waited, Seconds(10), "not before the timeout");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(waited, Seconds(10) + MilliSeconds(1), "on the next tick");
        NS_TEST_EXPECT_MSG_EQ(r.longestProgressGap, waited, "the longest wait recorded");
        NS_TEST_EXPECT_MSG_GT(r.resendMessagesSent, 3, "the RESENDs went on meanwhile");
        NS_TEST_ASSERT_MSG_EQ(bench.active.closed, true, "sender closed");
        NS_TEST_EXPECT_MSG_EQ(bench.active.closeReason,
                              NetbltConnection::ABORTED_BY_PEER,
                              "by the receiver's ABORT");
        Simulator::Destroy();
    }
};

/**
 * @ingroup netblt-tests
 * @brief A transfer that progresses, 30 buffers with a progress timeout of 1 x 10 s although
 * it takes longer than that in all: each buffer completes well within 10 s, so both ends
 * complete and neither's longest wait reaches the timeout.
 */
class NetbltProgressingTransferTestCase : public NetbltEngineTestCase
{
  public:
    NetbltProgressingTransferTestCase()
        : NetbltEngineTestCase("a transfer longer than the progress timeout, each buffer "
                               "within it, completes")
    {
    }

  private:
    void DoRun() override
    {
        Bench bench;
        for (NetbltConnection::Role role : {NetbltConnection::SENDER, NetbltConnection::RECEIVER})
        {
            SetOnBothNodes(bench, role, "ProgressTimeoutFactor", DoubleValue(1.0));
        }
        // One 1000-byte packet every 500 ms: each 4000-byte buffer takes about 2 s.
        std::vector<uint8_t> data = MakeData(120000, 9);
        bench.StartWrite(Proposal(4000, 1000, 1, 500, 1), data, Limits());
        bench.ArmWatchdog(Seconds(200));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(bench.active.Completed(), true, "sender completed");
        NS_TEST_ASSERT_MSG_EQ(bench.passive.Completed(), true, "receiver completed");
        NS_TEST_EXPECT_MSG_EQ((bench.passive.received == data), true, "data intact");
        NS_TEST_EXPECT_MSG_GT(bench.passive.closeTime, Seconds(40), "longer than the timeout");
        for (TestClient* client : {&bench.active, &bench.passive})
        {
            NS_TEST_EXPECT_MSG_LT(client->connection->GetStatistics().longestProgressGap,
                                  Seconds(10),
                                  "every buffer within the timeout");
        }
        Simulator::Destroy();
    }
};

/**
 * @ingroup netblt-tests
 * @brief The progress rule.
 */
class NetbltProgressTestSuite : public TestSuite
{
  public:
    NetbltProgressTestSuite()
        : TestSuite("netblt-progress", Type::UNIT)
    {
        AddTestCase(new NetbltReceiverResendLimitTestCase, TestCase::Duration::QUICK);
        AddTestCase(new NetbltSenderResendLimitTestCase, TestCase::Duration::QUICK);
        AddTestCase(new NetbltProgressTimeoutTestCase, TestCase::Duration::QUICK);
        AddTestCase(new NetbltProgressingTransferTestCase, TestCase::Duration::QUICK);
    }
};

/// Static variable for test initialization.
static NetbltProgressTestSuite g_netbltProgressTestSuite;
