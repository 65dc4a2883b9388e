/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/enum.h"
#include "ns3/node-container.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"
#include "ns3/wideband-channel.h"
#include "ns3/wideband-helper.h"
#include "ns3/wideband-net-device.h"

/**
 * @file
 * @ingroup wideband-tests
 * RFC 1030 §8's upgraded BSAT-ESI interface as a what-if: the frame without the padding the
 * 2 Mbit/s BIO needs (Appendix I), and an ESI that refuses or drops what does not fit instead
 * of stopping the BSAT's clock.
 */

using namespace ns3;

/**
 * @ingroup wideband-tests
 * Appendix I's arithmetic without the 1263 padding symbols between control slots: the control
 * subframe shrinks to 10 x 200 symbols, but the 14-bit datagram size field still limits a
 * frame's data to 16384 symbols, so the usable bytes stay 3006; a 15-bit field lets the data
 * subframe bind instead.
 */
class WidebandUpgradedFrameTestCase : public TestCase
{
  public:
    WidebandUpgradedFrameTestCase()
        : TestCase("§8 upgrade: without the BIO's padding the control subframe is 2000 symbols; "
                   "the 14-bit size field keeps 3006 bytes, a 15-bit one gives 5703")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<WidebandChannel> channel = CreateObject<WidebandChannel>();
        channel->SetAttribute("ControlPaddingSymbols", UintegerValue(0));
        NS_TEST_EXPECT_MSG_EQ(channel->GetControlSubframeSymbols(), 2000u, "10 x 200");
        NS_TEST_EXPECT_MSG_EQ(channel->GetDataSubframeSymbols(), 30768u, "32768 - 2000");
        NS_TEST_EXPECT_MSG_EQ(channel->GetUsableDataSymbols(), 16036u, "still 16384 - 348");
        NS_TEST_EXPECT_MSG_EQ(channel->GetUsableBytesPerFrame(), 3006u, "unchanged");
        channel->SetAttribute("MaxDatagramSymbols", UintegerValue(32768));
        NS_TEST_EXPECT_MSG_EQ(channel->GetUsableDataSymbols(), 30420u, "30768 - 348");
        NS_TEST_EXPECT_MSG_EQ(channel->GetUsableBitsPerFrame(), 45630u, "30420 x 2 x 3/4");
        NS_TEST_EXPECT_MSG_EQ(channel->GetUsableBytesPerFrame(), 5703u, "45630 / 8, whole");
        const double mbps = 45630 / channel->GetFramePeriod().GetSeconds() / 1e6;
        NS_TEST_EXPECT_MSG_EQ_TOL(mbps, 2.150, 0.001, "2.150 Mbit/s usable");
    }
};

/**
 * @ingroup wideband-tests
 * RFC 1030 §7's overload (5 x 1476 bytes every 50 ms, more than the channel carries) against
 * each EsiOverflow policy: Reset resets the station; Refuse never resets and loses nothing at
 * the ESI, the BSAT queue holding the excess (and dropping only when it is full); Drop never
 * resets and drops at the ESI what does not fit.
 */
class WidebandEsiOverflowTestCase : public TestCase
{
  public:
    WidebandEsiOverflowTestCase()
        : TestCase("§8 upgrade: an ESI that refuses or drops instead of stopping the clock "
                   "keeps the station up under §7's overload")
    {
    }

  private:
    /** What one policy did with the overload. */
    struct Outcome
    {
        uint64_t resets;        //!< station resets
        uint64_t esiOverflows;  //!< datagrams the ESI refused or dropped
        uint64_t transmitDrops; //!< datagrams dropped on the sending side
        uint64_t delivered;     //!< datagrams the other station received
        uint32_t peakEsiBytes;  //!< most bytes the ESI held
        uint32_t peakBsat;      //!< most datagrams the BSAT queue held
    };

    /**
     * @param policy the EsiOverflow value
     * @return what 10 s of the overload did
     */
    static Outcome Overload(const std::string& policy)
    {
        WidebandHelper helper;
        helper.SetDeviceAttribute("EsiBufferBytes", UintegerValue(65536));
        helper.SetDeviceAttribute("EsiOverflow", StringValue(policy));
        NodeContainer nodes;
        nodes.Create(2);
        NetDeviceContainer devices = helper.Install(nodes);
        helper.AssignStreams(devices, 1);
        uint64_t delivered = 0;
        devices.Get(1)->SetReceiveCallback(MakeCallback(+[](uint64_t* count,
                                                            Ptr<NetDevice>,
                                                            Ptr<const Packet>,
                                                            uint16_t,
                                                            const Address&) {
                                               ++*count;
                                               return true;
                                           }).Bind(&delivered));
        Ptr<NetDevice> sender = devices.Get(0);
        for (Time t = Seconds(1); t < Seconds(11); t += MilliSeconds(50))
        {
            for (uint32_t i = 0; i < 5; ++i)
            {
                Simulator::Schedule(t + MilliSeconds(6) * i, [sender]() {
                    sender->Send(Create<Packet>(1476),
                                 sender->GetBroadcast(),
                                 WidebandNetDevice::IPV4_PROTOCOL);
                });
            }
        }
        Simulator::Stop(Seconds(30));
        Simulator::Run();
        Ptr<WidebandNetDevice> station = DynamicCast<WidebandNetDevice>(sender);
        Outcome outcome{station->GetResets(),
                        station->GetEsiOverflows(),
                        station->GetTransmitDrops(),
                        delivered,
                        station->GetPeakEsiBytes(),
                        station->GetPeakBsatQueue()};
        Simulator::Destroy();
        return outcome;
    }

    void DoRun() override
    {
        const uint32_t offered = 200 * 5;
        const Outcome reset = Overload("Reset");
        NS_TEST_EXPECT_MSG_GT(reset.resets, 0u, "1987's ESI: the station resets");
        NS_TEST_EXPECT_MSG_EQ(reset.esiOverflows, 0u, "nothing refused: it resets instead");

        const Outcome refuse = Overload("Refuse");
        NS_TEST_EXPECT_MSG_EQ(refuse.resets, 0u, "never resets");
        NS_TEST_EXPECT_MSG_GT(refuse.esiOverflows, 0u, "the ESI refused datagrams");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(refuse.peakEsiBytes, 65536u, "never beyond its buffer");
        NS_TEST_EXPECT_MSG_GT(refuse.peakBsat, 5u, "the BSAT queue holds the excess, past a burst");
        NS_TEST_EXPECT_MSG_EQ(refuse.delivered + refuse.transmitDrops,
                              offered,
                              "each datagram delivered or dropped by the full BSAT queue");
        NS_TEST_EXPECT_MSG_GT(refuse.delivered, reset.delivered, "more gets through");

        const Outcome drop = Overload("Drop");
        NS_TEST_EXPECT_MSG_EQ(drop.resets, 0u, "never resets");
        NS_TEST_EXPECT_MSG_GT(drop.esiOverflows, 0u, "the ESI dropped datagrams");
        NS_TEST_EXPECT_MSG_EQ(drop.transmitDrops, drop.esiOverflows, "its only drops");
        NS_TEST_EXPECT_MSG_EQ(drop.delivered + drop.transmitDrops, offered, "all accounted for");
    }
};

/**
 * @ingroup wideband-tests
 * @brief The upgraded interface of RFC 1030 §8 as a what-if.
 */
class WidebandUpgradeTestSuite : public TestSuite
{
  public:
    WidebandUpgradeTestSuite()
        : TestSuite("wideband-upgrade", Type::UNIT)
    {
        AddTestCase(new WidebandUpgradedFrameTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new WidebandEsiOverflowTestCase(), TestCase::Duration::QUICK);
    }
};

/// Registers the suite.
static WidebandUpgradeTestSuite g_widebandUpgradeTestSuite;
