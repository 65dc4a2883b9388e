/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-engine-test-case.h"
#include "netblt-test-bench.h"
#include "netblt-test-data.h"

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
 * One way a transfer whose data are all lost ends: the progress-rule attributes of both ends, and
 * which end sees the lack of progress first and why.
 */
struct NoProgressCase
{
    const char* name;             //!< the test case's name
    uint32_t receiverMaxResends;  //!< the receiver's MaxResendsPerBuffer
    uint32_t senderMaxResends;    //!< the sender's MaxResendsPerBuffer
    double receiverTimeoutFactor; //!< the receiver's ProgressTimeoutFactor
    double senderTimeoutFactor;   //!< the sender's ProgressTimeoutFactor
    bool receiverAborts;          //!< the receiver ends it (else the sender)
    const char* reason;           //!< in the aborting end's close text and its ABORT
    uint32_t maxResendsPerBuffer; //!< the aborting end's statistic, if a RESEND count ends it
    Time timeout;                 //!< the progress timeout that ends it (zero: a RESEND count)
};

/**
 * @ingroup netblt-tests
 * @brief Every DATA packet of a one-buffer transfer is lost; control packets pass. The end that
 * first passes its limit (a buffer's RESENDs, or the time without a completed buffer) sends one
 * ABORT and closes NO_PROGRESS; the other closes ABORTED_BY_PEER with the ABORT's text; no byte
 * is delivered.
 *
 * The receiver's RESEND limit (3): its data timer fires 4 times, the first 3 send a RESEND each,
 * the 4th finds the limit reached. The sender's (2), against a receiver that never gives up
 * (1000): it aborts on the 3rd RESEND it hears. The timeout (1000 RESENDs allowed, 1 x the 10 s
 * death-timer value at the receiver, 2 x at the sender, so that the receiver's fires first): the
 * receiver aborts 10 s after it was set up (to the host's 1 ms tick), which is its longest wait.
 */
class NetbltNoProgressTestCase : public NetbltEngineTestCase
{
  public:
    /** @param lostData the attributes and the ending expected */
    explicit NetbltNoProgressTestCase(const NoProgressCase& lostData)
        : NetbltEngineTestCase(lostData.name),
          m_case(lostData)
    {
    }

  private:
    void DoRun() override
    {
        Bench bench;
        LoseAllData(bench);
        SetOnBothNodes(bench,
                       NetbltConnection::RECEIVER,
                       "MaxResendsPerBuffer",
                       UintegerValue(m_case.receiverMaxResends));
        SetOnBothNodes(bench,
                       NetbltConnection::SENDER,
                       "MaxResendsPerBuffer",
                       UintegerValue(m_case.senderMaxResends));
        SetOnBothNodes(bench,
                       NetbltConnection::RECEIVER,
                       "ProgressTimeoutFactor",
                       DoubleValue(m_case.receiverTimeoutFactor));
        SetOnBothNodes(bench,
                       NetbltConnection::SENDER,
                       "ProgressTimeoutFactor",
                       DoubleValue(m_case.senderTimeoutFactor));
        bench.StartWrite(Proposal(4000, 1000, 4, 5, 1), MakeData(4000, 5), Limits());
        bench.ArmWatchdog(Seconds(100));
        Simulator::Run();
        TestClient& aborting = m_case.receiverAborts ? bench.passive : bench.active;
        TestClient& peer = m_case.receiverAborts ? bench.active : bench.passive;
        NS_TEST_ASSERT_MSG_EQ(aborting.closed, true, "the aborting end closed");
        NS_TEST_EXPECT_MSG_EQ(aborting.closeReason,
                              NetbltConnection::NO_PROGRESS,
                              "NO_PROGRESS: " << aborting.closeText);
        NS_TEST_EXPECT_MSG_EQ(aborting.tx.Count(NetbltPacketType::ABORT), 1, "one ABORT");
        NS_TEST_ASSERT_MSG_EQ(peer.closed, true, "the other end closed");
        NS_TEST_EXPECT_MSG_EQ(peer.closeReason, NetbltConnection::ABORTED_BY_PEER, "by the ABORT");
        for (const TestClient* client : {&aborting, &peer})
        {
            NS_TEST_EXPECT_MSG_NE(client->closeText.find(m_case.reason),
                                  std::string::npos,
                                  "the reason: " << client->closeText);
        }
        NS_TEST_EXPECT_MSG_EQ(bench.passive.received.size(), 0, "nothing delivered");
        const NetbltConnectionStatistics& stats = aborting.connection->GetStatistics();
        const NetbltConnectionStatistics& r = bench.passive.connection->GetStatistics();
        if (m_case.timeout.IsZero())
        {
            NS_TEST_EXPECT_MSG_EQ(stats.maxResendsPerBuffer,
                                  m_case.maxResendsPerBuffer,
                                  "the RESEND that ends it");
        }
        if (m_case.timeout.IsZero() && m_case.receiverAborts)
        {
            NS_TEST_EXPECT_MSG_EQ(r.resendMessagesSent, m_case.maxResendsPerBuffer, "RESENDs");
            NS_TEST_EXPECT_MSG_EQ(r.dataTimeouts,
                                  m_case.maxResendsPerBuffer + 1,
                                  "the timeout after the last RESEND ends it");
        }
        if (!m_case.timeout.IsZero())
        {
            Time waited = aborting.closeTime - stats.establishedTime;
            NS_TEST_EXPECT_MSG_GT_OR_EQ(waited, m_case.timeout, "not before the timeout");
            NS_TEST_EXPECT_MSG_LT_OR_EQ(waited,
                                        m_case.timeout + MilliSeconds(1),
                                        "on the next tick");
            NS_TEST_EXPECT_MSG_EQ(stats.longestProgressGap, waited, "the longest wait recorded");
            NS_TEST_EXPECT_MSG_GT(r.resendMessagesSent, 3, "the RESENDs went on meanwhile");
        }
        Simulator::Destroy();
    }

    NoProgressCase m_case; //!< the attributes and the ending expected
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
        // 32 RESENDs and 6 x the death-timer value are the defaults.
        const NoProgressCase lostData[] = {
            {.name = "no data arrives: the receiver aborts NO_PROGRESS after MaxResendsPerBuffer "
                     "RESENDs for one buffer",
             .receiverMaxResends = 3,
             .senderMaxResends = 32,
             .receiverTimeoutFactor = 6,
             .senderTimeoutFactor = 6,
             .receiverAborts = true,
             .reason = "needed more than 3 RESENDs",
             .maxResendsPerBuffer = 3,
             .timeout = Time(0)},
            {.name = "no data arrives, the receiver asks on: the sender aborts NO_PROGRESS on the "
                     "RESEND past its MaxResendsPerBuffer",
             .receiverMaxResends = 1000,
             .senderMaxResends = 2,
             .receiverTimeoutFactor = 6,
             .senderTimeoutFactor = 6,
             .receiverAborts = false,
             .reason = "needed more than 2 RESENDs",
             .maxResendsPerBuffer = 3,
             .timeout = Time(0)},
            {.name = "no buffer completes: the receiver aborts NO_PROGRESS after "
                     "ProgressTimeoutFactor x its death-timer value",
             .receiverMaxResends = 1000,
             .senderMaxResends = 1000,
             .receiverTimeoutFactor = 1,
             .senderTimeoutFactor = 2,
             .receiverAborts = true,
             .reason = "no buffer completed in 10",
             .maxResendsPerBuffer = 0,
             .timeout = Seconds(10)},
        };
        for (const NoProgressCase& lost : lostData)
        {
            AddTestCase(new NetbltNoProgressTestCase(lost), TestCase::Duration::QUICK);
        }
        AddTestCase(new NetbltProgressingTransferTestCase, TestCase::Duration::QUICK);
    }
};

/// Static variable for test initialization.
static NetbltProgressTestSuite g_netbltProgressTestSuite;
