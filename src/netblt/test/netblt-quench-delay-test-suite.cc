/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/netblt-aimd-rate-policy.h"
#include "ns3/netblt-delivery-rate-policy.h"
#include "ns3/netblt-quench-delay.h"
#include "ns3/netblt-static-rate-policy.h"
#include "ns3/netblt-transfer-parameters.h"
#include "ns3/nstime.h"
#include "ns3/test.h"

/**
 * @file
 * @ingroup netblt-tests
 * ICMP Source Quench on its own, fed by hand (no simulator): RFC 1016's SQuID delay
 * (NetbltQuenchDelay) with RFC 1016's numbers, and the rate policies of RFC 998 and of this
 * model, which RFC 998's silence on Source Quench leaves unmoved by it.
 */

using namespace ns3;

/**
 * @ingroup netblt-tests
 * @brief RFC 1016, "The SQuID Algorithm": D starts at zero; an increase event makes it
 * max(D + 20 ms, 75 ms); every quench within 2 s of an increase event is part of it; a datagram
 * to send 1 s or more after D last decreased takes 1 ms off it, once, however long the wait.
 */
class NetbltQuenchDelayIncreaseTestCase : public TestCase
{
  public:
    NetbltQuenchDelayIncreaseTestCase()
        : TestCase("RFC 1016: a quench raises D to max(D + K, I); quenches within E of it are "
                   "the same increase event; a datagram S after the last decrease takes J off")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<NetbltQuenchDelay> squid = CreateObject<NetbltQuenchDelay>();
        NS_TEST_EXPECT_MSG_EQ(squid->GetDelay(Seconds(5)), Time(0), "D is initially zero");
        NS_TEST_EXPECT_MSG_EQ(squid->Quench(Seconds(10)), true, "the first quench: increase");
        NS_TEST_EXPECT_MSG_EQ(squid->PeekDelay(), MilliSeconds(75), "max(0 + 20 ms, 75 ms)");
        NS_TEST_EXPECT_MSG_EQ(squid->Quench(Seconds(10.5)), false, "within E = 2 s");
        NS_TEST_EXPECT_MSG_EQ(squid->Quench(Seconds(11.999)), false, "still within E");
        NS_TEST_EXPECT_MSG_EQ(squid->PeekDelay(), MilliSeconds(75), "one event, one increase");
        NS_TEST_EXPECT_MSG_EQ(squid->GetDelay(Seconds(10.5)), MilliSeconds(75), "S not passed");
        NS_TEST_EXPECT_MSG_EQ(squid->GetDelay(Seconds(11)), MilliSeconds(74), "S = 1 s: -J");
        NS_TEST_EXPECT_MSG_EQ(squid->GetDelay(Seconds(11.5)), MilliSeconds(74), "S not passed");
        NS_TEST_EXPECT_MSG_EQ(squid->Quench(Seconds(12)), true, "E has passed: a new event");
        NS_TEST_EXPECT_MSG_EQ(squid->PeekDelay(), MilliSeconds(94), "max(74 + 20 ms, 75 ms)");
        NS_TEST_EXPECT_MSG_EQ(squid->GetLastIncrease(), Seconds(12), "the new event period");
        NS_TEST_EXPECT_MSG_EQ(squid->GetDelay(Seconds(12)), MilliSeconds(93), "1 s after 11 s");
    }
};

/**
 * @ingroup netblt-tests
 * @brief RFC 1016: D wears away by J = 1 ms a second of sending to 0 and no further; a sender
 * that sends nothing for a while is not forgiven for it (one decrease per datagram at most).
 */
class NetbltQuenchDelayDecayTestCase : public TestCase
{
  public:
    NetbltQuenchDelayDecayTestCase()
        : TestCase("RFC 1016: D falls by J per S of sending, to zero, and not while idle")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<NetbltQuenchDelay> squid = CreateObject<NetbltQuenchDelay>();
        squid->Quench(Seconds(0));
        // A datagram every 100 ms for 74.95 s: 74 decrease events.
        for (int tenth = 1; tenth < 750; ++tenth)
        {
            squid->GetDelay(MilliSeconds(100) * tenth);
        }
        NS_TEST_EXPECT_MSG_EQ(squid->PeekDelay(), MilliSeconds(1), "75 ms - 74 x 1 ms");
        NS_TEST_EXPECT_MSG_EQ(squid->GetDelay(Seconds(75)), Time(0), "the 75th: zero");
        NS_TEST_EXPECT_MSG_EQ(squid->GetDelay(Seconds(80)), Time(0), "and not below");

        Ptr<NetbltQuenchDelay> idle = CreateObject<NetbltQuenchDelay>();
        idle->Quench(Seconds(0));
        NS_TEST_EXPECT_MSG_EQ(idle->GetDelay(Seconds(60)), MilliSeconds(74), "60 s idle: -1 ms");
        NS_TEST_EXPECT_MSG_EQ(idle->GetDelay(Seconds(60.5)), MilliSeconds(74), "S not passed");
        idle->Reset();
        NS_TEST_EXPECT_MSG_EQ(idle->PeekDelay(), Time(0), "reset: D = 0");
        NS_TEST_EXPECT_MSG_EQ(idle->Quench(Seconds(61)), true, "reset: no event period open");
    }
};

/**
 * @ingroup netblt-tests
 * @brief The attributes are RFC 1016's constants, and setting them changes the rule.
 */
class NetbltQuenchDelayAttributesTestCase : public TestCase
{
  public:
    NetbltQuenchDelayAttributesTestCase()
        : TestCase("NetbltQuenchDelay's attributes default to RFC 1016's K, I, J, E and S")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<NetbltQuenchDelay> squid = CreateObject<NetbltQuenchDelay>();
        const std::pair<const char*, Time> constants[] = {{"IncreaseStep", MilliSeconds(20)},
                                                          {"MinimumDelay", MilliSeconds(75)},
                                                          {"DecreaseStep", MilliSeconds(1)},
                                                          {"EventPeriod", Seconds(2)},
                                                          {"DecreaseInterval", Seconds(1)}};
        for (const auto& [name, value] : constants)
        {
            TimeValue got;
            squid->GetAttribute(name, got);
            NS_TEST_EXPECT_MSG_EQ(got.Get(), value, name);
        }
        squid->SetAttribute("MinimumDelay", TimeValue(Time(0)));
        squid->SetAttribute("EventPeriod", TimeValue(Time(0)));
        squid->Quench(Seconds(1));
        squid->Quench(Seconds(1));
        NS_TEST_EXPECT_MSG_EQ(squid->PeekDelay(), MilliSeconds(40), "two events of K, no floor");
    }
};

/**
 * @ingroup netblt-tests
 * @brief RFC 998 says nothing of Source Quench: RFC 998's static policy, AIMD and the
 * delivery-rate policy keep their values when one arrives (NetbltRatePolicy's default).
 */
class NetbltRatePolicyIgnoresQuenchTestCase : public TestCase
{
  public:
    NetbltRatePolicyIgnoresQuenchTestCase()
        : TestCase("the static, AIMD and delivery-rate policies ignore Source Quench")
    {
    }

  private:
    void DoRun() override
    {
        NetbltTransferParameters negotiated;
        negotiated.bufferSize = 14320;
        negotiated.packetSize = 1432;
        negotiated.burstSize = 5;
        negotiated.burstIntervalMs = 20;
        negotiated.maxOutstandingBuffers = 4;
        for (Ptr<NetbltRatePolicy> policy :
             {Ptr<NetbltRatePolicy>(CreateObject<NetbltStaticRatePolicy>()),
              Ptr<NetbltRatePolicy>(CreateObject<NetbltAimdRatePolicy>()),
              Ptr<NetbltRatePolicy>(CreateObject<NetbltDeliveryRatePolicy>())})
        {
            const std::string name = policy->GetInstanceTypeId().GetName();
            policy->SetLimits(negotiated);
            policy->Established(negotiated, Seconds(1));
            const uint16_t size = policy->GetBurstSize();
            const uint16_t interval = policy->GetBurstIntervalMs();
            const uint16_t buffers = policy->GetOutstandingBuffers();
            policy->QuenchReceived(Seconds(2));
            policy->QuenchReceived(Seconds(5));
            NS_TEST_EXPECT_MSG_EQ(policy->GetBurstSize(), size, name);
            NS_TEST_EXPECT_MSG_EQ(policy->GetBurstIntervalMs(), interval, name);
            NS_TEST_EXPECT_MSG_EQ(policy->GetOutstandingBuffers(), buffers, name);
        }
    }
};

/**
 * @ingroup netblt-tests
 * @brief ICMP Source Quench in NETBLT's values: RFC 1016's delay and the rate policies.
 */
class NetbltQuenchDelayTestSuite : public TestSuite
{
  public:
    NetbltQuenchDelayTestSuite()
        : TestSuite("netblt-quench-delay", Type::UNIT)
    {
        AddTestCase(new NetbltQuenchDelayIncreaseTestCase, TestCase::Duration::QUICK);
        AddTestCase(new NetbltQuenchDelayDecayTestCase, TestCase::Duration::QUICK);
        AddTestCase(new NetbltQuenchDelayAttributesTestCase, TestCase::Duration::QUICK);
        AddTestCase(new NetbltRatePolicyIgnoresQuenchTestCase, TestCase::Duration::QUICK);
    }
};

/// The suite's instance.
static NetbltQuenchDelayTestSuite g_netbltQuenchDelayTestSuite;
