/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/boolean.h"
#include "ns3/config.h"
#include "ns3/netblt-bulk-send-application.h"
#include "ns3/netblt-bulk-transfer.h"
#include "ns3/netblt-explicit-rate-policy.h"
#include "ns3/netblt-explicit-rate-queue-disc.h"
#include "ns3/netblt-sender.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/simulator.h"
#include "ns3/test.h"
#include "ns3/type-id.h"
#include "ns3/uinteger.h"
#include "ns3/wideband-testbed.h"

/**
 * @file
 * @ingroup netblt-experiment-tests
 * The X extension end to end on the Wideband path: BBN's gateway writes each flow's rate, the
 * receiver offers it back, the sender takes it; a plain RFC 998 receiver leaves X zero and the
 * transfer runs as RFC 998 has it.
 */

using namespace ns3;

/**
 * @ingroup netblt-experiment-tests
 * An explicit-rate sender across the Wideband with BBN's explicit-rate gateway, to a receiver
 * that echoes the rate and to a plain RFC 998 one.
 */
class NetbltExplicitRateTransferTestCase : public TestCase
{
  public:
    NetbltExplicitRateTransferTestCase()
        : TestCase("X end to end: the gateway's rate reaches the sender through the receiver's "
                   "OKs; a plain RFC 998 receiver ignores the extension and the transfer is "
                   "intact either way")
    {
    }

  private:
    /** What one transfer showed. */
    struct Outcome
    {
        bool intact{false};          //!< the record's
        bool negotiated{false};      //!< X in force at the sender
        bool heard{false};           //!< the policy took a gateway's rate
        uint64_t stamped{0};         //!< DATA packets the gateway lowered
        uint16_t responseKbps{0};    //!< the rate the sender found in the RESPONSE
        uint16_t burstIntervalMs{0}; //!< in force at the end
    };

    /**
     * @param echo the receiver's ExplicitRateEcho
     * @return what the transfer showed
     */
    static Outcome Run(bool echo)
    {
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(1);
        Ptr<WidebandTestbed> testbed = CreateObject<WidebandTestbed>();
        testbed->SetAttribute("ExplicitRate", BooleanValue(true));
        Ptr<NetbltBulkTransfer> transfer = CreateObject<NetbltBulkTransfer>();
        transfer->SetSenderAttribute("BurstSize", UintegerValue(5));
        transfer->SetSenderAttribute("BurstInterval", TimeValue(MilliSeconds(20)));
        transfer->SetSenderAttribute("PacketSize", UintegerValue(1432));
        transfer->SetSenderAttribute("BufferSize", UintegerValue(14320));
        transfer->SetSenderAttribute("TransferSize", UintegerValue(572800));
        transfer->SetSenderAttribute("MaxOutstandingBuffers", UintegerValue(22));
        transfer->SetNetbltAttribute("RatePolicyType",
                                     TypeIdValue(NetbltExplicitRatePolicy::GetTypeId()));
        transfer->SetRatePolicyAttribute("StartBurstSize", UintegerValue(5));
        transfer->SetRatePolicyAttribute("StartBurstInterval", TimeValue(MilliSeconds(50)));
        testbed->AddTransfer(transfer);
        // The receiving end's connection is made when the OPEN arrives, from the defaults.
        Config::SetDefault("ns3::NetbltReceiver::ExplicitRateEcho", BooleanValue(echo));
        testbed->Install();
        Outcome outcome;
        Ptr<NetbltSender> sender;
        Simulator::Schedule(Seconds(30), [&]() {
            sender = transfer->GetSenderApplication()->GetConnection();
            if (sender)
            {
                outcome.negotiated = sender->GetParameters().explicitRate;
                outcome.responseKbps = sender->GetParameters().explicitRateKbps;
                outcome.burstIntervalMs = sender->GetParameters().burstIntervalMs;
            }
        });
        Simulator::Run();
        const TransferRecord record = testbed->GetRecord(0);
        outcome.intact = record.intact;
        outcome.heard = record.explicitRateHeard;
        outcome.stamped = testbed->GetExplicitRateQueueDisc()->GetPacketsStamped();
        Simulator::Destroy();
        Config::SetDefault("ns3::NetbltReceiver::ExplicitRateEcho", BooleanValue(true));
        return outcome;
    }

    void DoRun() override
    {
        const Outcome echoed = Run(true);
        NS_TEST_EXPECT_MSG_EQ(echoed.intact, true, "intact");
        NS_TEST_EXPECT_MSG_EQ(echoed.negotiated, true, "X negotiated");
        NS_TEST_EXPECT_MSG_GT(echoed.stamped, 100, "the gateway wrote rates");
        NS_TEST_EXPECT_MSG_EQ(echoed.heard, true, "the sender took one");
        // The channel's room for 1476-byte datagrams is about 1.1 Mbit/s: 0.95 of it, or less.
        NS_TEST_EXPECT_MSG_GT(echoed.responseKbps, 500, "the RESPONSE came back with a rate");
        NS_TEST_EXPECT_MSG_LT(echoed.responseKbps, 1100, "the station's, not the sender's 0xffff");
        // One flow of 1476-byte datagrams at 0.95 of about a megabit: about 80 a second, in
        // pairs about 25 ms apart (the smallest bursts the negotiated 20 ms allow).
        NS_TEST_EXPECT_MSG_GT(echoed.burstIntervalMs, 20, "slower than the ceiling");
        NS_TEST_EXPECT_MSG_LT(echoed.burstIntervalMs, 40, "near the channel's pace");

        const Outcome plain = Run(false);
        NS_TEST_EXPECT_MSG_EQ(plain.intact, true, "intact with a plain RFC 998 receiver");
        NS_TEST_EXPECT_MSG_EQ(plain.negotiated, false, "X stays zero");
        NS_TEST_EXPECT_MSG_EQ(plain.stamped, 0, "no DATA packet carries the field");
        NS_TEST_EXPECT_MSG_EQ(plain.responseKbps, 0, "nor the RESPONSE");
        NS_TEST_EXPECT_MSG_EQ(plain.heard, false, "the sender falls back to delivery-rate");
    }
};

/**
 * @ingroup netblt-experiment-tests
 * The X extension end to end.
 */
class NetbltExplicitRateTestSuite : public TestSuite
{
  public:
    NetbltExplicitRateTestSuite()
        : TestSuite("netblt-explicit-rate", Type::SYSTEM)
    {
        AddTestCase(new NetbltExplicitRateTransferTestCase, Duration::QUICK);
    }
};

/// Static instance that registers the suite.
static NetbltExplicitRateTestSuite g_netbltExplicitRateTestSuite;
