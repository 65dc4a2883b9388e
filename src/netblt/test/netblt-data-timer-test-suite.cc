/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/netblt-burst-rate-data-timer.h"
#include "ns3/netblt-inter-arrival-data-timer.h"
#include "ns3/netblt-receiver.h"
#include "ns3/pointer.h"
#include "ns3/test.h"

/**
 * @file
 * @ingroup netblt-tests
 * The receiver's data-timer estimators on their own, fed arrival times by hand: RFC 998's
 * burst-rate timer and RFC 1030's adaptive inter-arrival timer, and how a connection chooses one.
 */

using namespace ns3;

namespace
{

/**
 * @param burstSize BS
 * @param burstIntervalMs BI
 * @return parameters with that burst shape
 */
NetbltTransferParameters
Shape(uint16_t burstSize, uint16_t burstIntervalMs)
{
    NetbltTransferParameters p;
    p.burstSize = burstSize;
    p.burstIntervalMs = burstIntervalMs;
    return p;
}

} // namespace

/**
 * @ingroup netblt-tests
 * @brief RFC 998 §5.2.2: with 5 packets every 30 ms a packet takes 6 ms and the margin is one
 * burst interval plus MinimumMargin (20 ms by default), whatever the arrivals; the tight timer
 * is set once.
 */
class NetbltBurstRateDataTimerTestCase : public TestCase
{
  public:
    NetbltBurstRateDataTimerTestCase()
        : TestCase("RFC 998 data timer: burst interval over burst size per packet, "
                   "margin BI + 20 ms")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<NetbltBurstRateDataTimer> timer = CreateObject<NetbltBurstRateDataTimer>();
        NetbltTransferParameters p = Shape(5, 30);
        NS_TEST_EXPECT_MSG_EQ(timer->GetPerPacketTime(p), MilliSeconds(6), "30 ms / 5");
        NS_TEST_EXPECT_MSG_EQ(timer->GetMargin(p), MilliSeconds(50), "30 + 20 ms");
        NS_TEST_EXPECT_MSG_EQ(timer->GetTimeout(3, p), MilliSeconds(68), "3 x 6 + 50 ms");
        timer->PacketArrived(Time(0), p);
        timer->SetArrivalsContinue(true);
        for (int i = 1; i <= 20; ++i)
        {
            timer->PacketArrived(MilliSeconds(100 * i), p);
        }
        NS_TEST_EXPECT_MSG_EQ(timer->GetPerPacketTime(p), MilliSeconds(6), "arrivals ignored");
        NS_TEST_EXPECT_MSG_EQ(timer->GetMargin(p), MilliSeconds(50), "arrivals ignored");
        NS_TEST_EXPECT_MSG_EQ(timer->RecomputesAtEveryArrival(), false, "set once");
        timer->SetAttribute("MinimumMargin", TimeValue(MilliSeconds(5)));
        NS_TEST_EXPECT_MSG_EQ(timer->GetMargin(Shape(4, 8)), MilliSeconds(13), "8 + 5 ms");
        NS_TEST_EXPECT_MSG_EQ(timer->GetPerPacketTime(Shape(4, 8)), MilliSeconds(2), "8 / 4");
    }
};

/**
 * @ingroup netblt-tests
 * @brief RFC 1030 §7's adaptive timer, 5 packets every 30 ms: nominal 6 ms per packet until a
 * burst's worth of samples; then the mean of the last ten gaps (10 ms for steady 10-ms gaps),
 * never below nominal (2-ms gaps still give 6 ms); a 50-ms gap moves the mean to 14 ms and the
 * mean deviation to 9 ms, so the margin becomes 30 + 4 x 9 = 66 ms; gaps while arrivals do
 * not continue (waiting for a RESEND's answer) are not samples.
 */
class NetbltInterArrivalDataTimerTestCase : public TestCase
{
  public:
    NetbltInterArrivalDataTimerTestCase()
        : TestCase("RFC 1030 data timer: mean of the last 2 x BS gaps, margin BI + 4 deviations")
    {
    }

  private:
    void DoRun() override
    {
        NetbltTransferParameters p = Shape(5, 30);
        {
            Ptr<NetbltInterArrivalDataTimer> timer = CreateObject<NetbltInterArrivalDataTimer>();
            NS_TEST_EXPECT_MSG_EQ(timer->RecomputesAtEveryArrival(), true, "recomputed");
            // As the receiver does: the first packet, then the stream goes on.
            timer->PacketArrived(Time(0), p);
            timer->SetArrivalsContinue(true);
            for (int i = 1; i <= 4; ++i)
            {
                timer->PacketArrived(MilliSeconds(10 * i), p);
            }
            NS_TEST_EXPECT_MSG_EQ(timer->GetSampleCount(), 4, "four gaps");
            NS_TEST_EXPECT_MSG_EQ(timer->GetPerPacketTime(p), MilliSeconds(6), "nominal so far");
            for (int i = 5; i <= 12; ++i)
            {
                timer->PacketArrived(MilliSeconds(10 * i), p);
            }
            NS_TEST_EXPECT_MSG_EQ(timer->GetSampleCount(), 10, "at most 2 x BS gaps kept");
            NS_TEST_EXPECT_MSG_EQ(timer->GetPerPacketTime(p), MilliSeconds(10), "mean 10 ms");
            NS_TEST_EXPECT_MSG_EQ(timer->GetMargin(p), MilliSeconds(30), "no deviation: BI");
            timer->PacketArrived(MilliSeconds(170), p); // a 50-ms gap
            NS_TEST_EXPECT_MSG_EQ(timer->GetPerPacketTime(p),
                                  MilliSeconds(14),
                                  "(9 x 10 + 50) / 10 ms");
            NS_TEST_EXPECT_MSG_EQ(timer->GetMargin(p), MilliSeconds(66), "30 + 4 x (50 - 14) / 4");

            timer->SetArrivalsContinue(false);
            timer->PacketArrived(Seconds(2), p); // after a RESEND: not a sample
            NS_TEST_EXPECT_MSG_EQ(timer->GetPerPacketTime(p), MilliSeconds(14), "unchanged");
        }
        {
            Ptr<NetbltInterArrivalDataTimer> timer = CreateObject<NetbltInterArrivalDataTimer>();
            timer->PacketArrived(Time(0), p);
            timer->SetArrivalsContinue(true);
            for (int i = 1; i <= 10; ++i)
            {
                timer->PacketArrived(MilliSeconds(2 * i), p);
            }
            NS_TEST_EXPECT_MSG_EQ(timer->GetPerPacketTime(p),
                                  MilliSeconds(6),
                                  "never faster than rate control allows");
            NS_TEST_EXPECT_MSG_EQ(timer->GetMargin(p), MilliSeconds(30), "BI, above 20 ms");
            NS_TEST_EXPECT_MSG_EQ(timer->GetMargin(Shape(5, 10)),
                                  MilliSeconds(20),
                                  "MinimumMargin when BI is shorter");
        }
    }
};

/**
 * @ingroup netblt-tests
 * @brief A receiver uses RFC 1030's adaptive timer until given another NetbltDataTimer; the
 * estimator's own attributes are reachable through the receiver's DataTimer attribute.
 */
class NetbltDataTimerChoiceTestCase : public TestCase
{
  public:
    NetbltDataTimerChoiceTestCase()
        : TestCase("receiver: SetDataTimer chooses the estimator, DataTimer reaches it")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<NetbltReceiver> connection = CreateObject<NetbltReceiver>();
        NS_TEST_EXPECT_MSG_EQ(connection->GetDataTimer()->GetInstanceTypeId(),
                              NetbltInterArrivalDataTimer::GetTypeId(),
                              "RFC 1030's by default");
        connection->SetDataTimer(CreateObject<NetbltBurstRateDataTimer>());
        NS_TEST_EXPECT_MSG_EQ(connection->GetDataTimer()->GetInstanceTypeId(),
                              NetbltBurstRateDataTimer::GetTypeId(),
                              "RFC 998's when asked");
        PointerValue pointer;
        connection->GetAttribute("DataTimer", pointer);
        Ptr<NetbltDataTimer> timer = pointer.Get<NetbltDataTimer>();
        NS_TEST_ASSERT_MSG_EQ(timer, connection->GetDataTimer(), "the same object");
        timer->SetAttribute("MinimumMargin", TimeValue(MilliSeconds(1)));
        NS_TEST_EXPECT_MSG_EQ(connection->GetDataTimer()->GetMargin(Shape(5, 30)),
                              MilliSeconds(31),
                              "its attribute set through the connection");
    }
};

/**
 * @ingroup netblt-tests
 * @brief The data-timer estimators.
 */
class NetbltDataTimerTestSuite : public TestSuite
{
  public:
    NetbltDataTimerTestSuite()
        : TestSuite("netblt-data-timer", Type::UNIT)
    {
        AddTestCase(new NetbltBurstRateDataTimerTestCase, TestCase::Duration::QUICK);
        AddTestCase(new NetbltInterArrivalDataTimerTestCase, TestCase::Duration::QUICK);
        AddTestCase(new NetbltDataTimerChoiceTestCase, TestCase::Duration::QUICK);
    }
};

/// Static variable for test initialization.
static NetbltDataTimerTestSuite g_netbltDataTimerTestSuite;
