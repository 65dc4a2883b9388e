/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/inet-socket-address.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/mac48-address.h"
#include "ns3/node-container.h"
#include "ns3/packet.h"
#include "ns3/pcap-file.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/test.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"
#include "ns3/wideband-channel.h"
#include "ns3/wideband-helper.h"
#include "ns3/wideband-net-device.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <string>
#include <vector>

/**
 * @file
 * @ingroup wideband-tests
 * WidebandChannel, WidebandNetDevice and WidebandHelper test suite.
 */

/**
 * @ingroup wideband
 * @ingroup tests
 * @defgroup wideband-tests Wideband tests
 */

using namespace ns3;

namespace
{

/// The only protocol the stations carry.
constexpr uint16_t IPV4 = WidebandNetDevice::IPV4_PROTOCOL;

/// Two stations on one channel, with what arrives at the second.
struct TwoStations
{
    NodeContainer nodes;                                      //!< the gateways
    NetDeviceContainer devices;                               //!< their stations, slots 0 and 1
    Ptr<WidebandChannel> channel;                             //!< the channel
    std::vector<std::pair<Time, Ptr<const Packet>>> arrivals; //!< at station 1

    /**
     * @param helper configured helper
     * @param stream first random stream
     */
    explicit TwoStations(const WidebandHelper& helper, int64_t stream = 1)
    {
        nodes.Create(2);
        devices = helper.Install(nodes);
        helper.AssignStreams(devices, stream);
        channel = DynamicCast<WidebandChannel>(devices.Get(0)->GetChannel());
        devices.Get(1)->SetReceiveCallback(MakeCallback(&TwoStations::Received, this));
    }

    /**
     * Receive callback of station 1.
     * @param packet the datagram
     * @return true
     */
    bool Received(Ptr<NetDevice>, Ptr<const Packet> packet, uint16_t, const Address&)
    {
        arrivals.emplace_back(Simulator::Now(), packet);
        return true;
    }

    /**
     * Hands station 0 a datagram of `bytes` bytes at `when`.
     * @param when simulated time
     * @param bytes size
     * @param tag first payload byte, to tell datagrams apart
     */
    void SendAt(Time when, uint32_t bytes, uint8_t tag = 0)
    {
        Ptr<NetDevice> device = devices.Get(0);
        Simulator::Schedule(when, [device, bytes, tag]() {
            std::vector<uint8_t> payload(bytes, tag);
            device->Send(Create<Packet>(payload.data(), bytes), device->GetBroadcast(), IPV4);
        });
    }

    /** @return station 0 */
    Ptr<WidebandNetDevice> Sender() const
    {
        return DynamicCast<WidebandNetDevice>(devices.Get(0));
    }

    /**
     * The arrival of a datagram of `bytes` bytes requested alone in station 0's first
     * control slot at or after `sent`, on an idle channel.
     * @param sent when it was handed over
     * @param bytes its size
     * @return its arrival at station 1
     */
    Time IdleArrival(Time sent, uint32_t bytes) const
    {
        const Time slot = channel->GetNextControlSlot(0, sent);
        const Time earliest = slot + channel->GetHopDelay() +
                              (channel->GetReservationRound() - 2 * channel->GetHopDelay());
        uint64_t frame = 0;
        while (channel->GetDataSubframeStart(frame) < earliest)
        {
            ++frame;
        }
        return channel->GetDataSubframeStart(frame) + channel->GetTransmissionTime(bytes) +
               channel->GetHopDelay();
    }
};

/**
 * @param payload a datagram
 * @return its first byte
 */
uint8_t
FirstByte(Ptr<const Packet> payload)
{
    uint8_t first = 0;
    payload->CopyData(&first, 1);
    return first;
}

} // namespace

/**
 * @ingroup wideband-tests
 * RFC 1030 Appendix I: the frame's arithmetic follows from the channel's attributes.
 */
class WidebandFrameArithmeticTestCase : public TestCase
{
  public:
    WidebandFrameArithmeticTestCase()
        : TestCase("App. I: 32768-symbol frames every 21.22 ms carry 24,054 usable bits, 3006 "
                   "bytes; other attributes give other numbers")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<WidebandChannel> channel = CreateObject<WidebandChannel>();
        NS_TEST_EXPECT_MSG_EQ(channel->GetFramePeriod(),
                              Seconds(32768.0 / 1544000.0),
                              "frame = 32768 symbols at the 1.544 MHz T1 clock");
        NS_TEST_EXPECT_MSG_EQ_TOL(channel->GetFramePeriod().GetSeconds(),
                                  0.02122,
                                  0.00005,
                                  "21.22 ms");
        NS_TEST_EXPECT_MSG_EQ(channel->GetControlSubframeSymbols(), 14630u, "10 x (200 + 1263)");
        NS_TEST_EXPECT_MSG_EQ(channel->GetDataSubframeSymbols(), 18138u, "32768 - 14630");
        NS_TEST_EXPECT_MSG_EQ(channel->GetUsableDataSymbols(), 16036u, "16384 - 348");
        NS_TEST_EXPECT_MSG_EQ(channel->GetUsableBitsPerFrame(), 24054u, "16036 x 2 x 3/4");
        NS_TEST_EXPECT_MSG_EQ(channel->GetUsableBytesPerFrame(), 3006u, "about 3006 bytes");

        // Five stations: the control subframe shrinks, the 14-bit limit still binds.
        channel->SetAttribute("Stations", UintegerValue(5));
        NS_TEST_EXPECT_MSG_EQ(channel->GetControlSubframeSymbols(), 7315u, "5 x 1463");
        NS_TEST_EXPECT_MSG_EQ(channel->GetDataSubframeSymbols(), 25453u, "32768 - 7315");
        NS_TEST_EXPECT_MSG_EQ(channel->GetUsableDataSymbols(), 16036u, "still 16384 - 348");
        // A wider size field lets the data subframe bind instead.
        channel->SetAttribute("MaxDatagramSymbols", UintegerValue(32768));
        NS_TEST_EXPECT_MSG_EQ(channel->GetUsableDataSymbols(), 25105u, "25453 - 348");
        NS_TEST_EXPECT_MSG_EQ(channel->GetUsableBitsPerFrame(), 37657u, "25105 x 1.5, whole");
        NS_TEST_EXPECT_MSG_EQ(channel->GetUsableBytesPerFrame(), 4707u, "37657 / 8");
        // Control slots follow one another at 1463-symbol intervals within the frame.
        NS_TEST_EXPECT_MSG_EQ(channel->GetControlSlotStart(3, 2) - channel->GetFrameStart(2),
                              Seconds(3 * 1463 / 1544000.0),
                              "slot 3 starts 3 x 1463 symbols into the frame");
    }
};

/**
 * @ingroup wideband-tests
 * A datagram on an idle channel: the station's next control slot, one hop for the request,
 * the scheduling lead, the first data subframe after it, the datagram's transmission and one
 * hop for the data.
 */
class WidebandIdleDelayTestCase : public TestCase
{
  public:
    WidebandIdleDelayTestCase()
        : TestCase("A lone datagram arrives one reservation (request hop, lead) and one data hop "
                   "after its station's next control slot, exactly")
    {
    }

  private:
    void DoRun() override
    {
        WidebandHelper helper;
        TwoStations net(helper);
        const Time sent = MilliSeconds(1000) + MicroSeconds(123);
        net.SendAt(sent, 1476);
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(net.arrivals.size(), 1u, "delivered once");
        NS_TEST_EXPECT_MSG_EQ(net.arrivals[0].first, net.IdleArrival(sent, 1476), "exact arrival");
        const Time delay = net.arrivals[0].first - sent;
        NS_TEST_EXPECT_MSG_GT(delay, MilliSeconds(570), "two hops and the lead at least");
        NS_TEST_EXPECT_MSG_LT(delay, MilliSeconds(630), "at most two frames more");
        NS_TEST_EXPECT_MSG_EQ(net.Sender()->GetDatagramsSent(), 1u, "one transmission");
        Simulator::Destroy();
    }
};

/**
 * @ingroup wideband-tests
 * A frame carries at most its usable bytes (two Ethernet-sized datagrams), or
 * MaxDatagramsPerFrame datagrams when that is set.
 */
class WidebandFrameCapacityTestCase : public TestCase
{
  public:
    WidebandFrameCapacityTestCase()
        : TestCase("Ten 1476-byte datagrams leave two per frame (3006 usable bytes); with "
                   "MaxDatagramsPerFrame 1, one per frame; a 24-byte fragment shares a frame")
    {
    }

  private:
    /**
     * @param maxPerFrame MaxDatagramsPerFrame
     * @param sizes datagrams handed over together
     * @return datagrams per frame used, in frame order
     */
    std::vector<uint32_t> PerFrame(uint32_t maxPerFrame, const std::vector<uint32_t>& sizes)
    {
        WidebandHelper helper;
        helper.SetChannelAttribute("MaxDatagramsPerFrame", UintegerValue(maxPerFrame));
        TwoStations net(helper);
        std::map<uint64_t, uint32_t> frames;
        net.channel->TraceConnectWithoutContext(
            "Scheduled",
            MakeCallback(
                +[](std::map<uint64_t, uint32_t>* count, uint32_t, uint32_t, uint64_t frame, Time) {
                    ++(*count)[frame];
                })
                .Bind(&frames));
        for (uint32_t bytes : sizes)
        {
            net.SendAt(Seconds(1), bytes);
        }
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(net.arrivals.size(), sizes.size(), "all delivered");
        Simulator::Destroy();
        std::vector<uint32_t> counts;
        uint64_t previous = frames.empty() ? 0 : frames.begin()->first;
        for (const auto& [frame, count] : frames)
        {
            NS_TEST_EXPECT_MSG_LT(frame - previous, 2u, "consecutive frames");
            previous = frame;
            counts.push_back(count);
        }
        return counts;
    }

    void DoRun() override
    {
        const std::vector<uint32_t> ten(10, 1476);
        NS_TEST_EXPECT_MSG_EQ((PerFrame(0, ten) == std::vector<uint32_t>(5, 2)),
                              true,
                              "2 x 1476 <= 3006 < 3 x 1476");
        NS_TEST_EXPECT_MSG_EQ((PerFrame(1, ten) == std::vector<uint32_t>(10, 1)),
                              true,
                              "one per frame");
        NS_TEST_EXPECT_MSG_EQ((PerFrame(0, {1476, 24, 1476, 24}) == std::vector<uint32_t>{4}),
                              true,
                              "a fragmented pair of 1480-byte datagrams still fits: 3000 bytes");
    }
};

/**
 * @ingroup wideband-tests
 * RFC 1030 §7: the gateways "would aggregate groups of packets coming from the same satellite
 * frame": a receiving station hands over a frame's datagrams together.
 */
class WidebandFrameAggregationTestCase : public TestCase
{
  public:
    WidebandFrameAggregationTestCase()
        : TestCase("§7: two datagrams of one frame reach the receiving gateway together, at the "
                   "end of the frame's data; without DeliverWholeFrames one transmission apart")
    {
    }

  private:
    /**
     * @param whole DeliverWholeFrames
     * @return the arrival times of two 1476-byte datagrams handed over together
     */
    std::vector<Time> Arrivals(bool whole)
    {
        WidebandHelper helper;
        helper.SetChannelAttribute("DeliverWholeFrames", BooleanValue(whole));
        TwoStations net(helper);
        net.SendAt(Seconds(1), 1476);
        net.SendAt(Seconds(1), 1476);
        Simulator::Run();
        std::vector<Time> times;
        for (const auto& [arrival, packet] : net.arrivals)
        {
            times.push_back(arrival);
        }
        // The second ends the frame's data where one datagram of both sizes would.
        const Time second = net.IdleArrival(Seconds(1), 2 * 1476);
        NS_TEST_EXPECT_MSG_EQ(times.size(), 2u, "both delivered");
        NS_TEST_EXPECT_MSG_EQ(times.back(), second, "the frame's data ends with the second");
        Simulator::Destroy();
        return times;
    }

    void DoRun() override
    {
        const std::vector<Time> together = Arrivals(true);
        NS_TEST_EXPECT_MSG_EQ(together.front(), together.back(), "handed over together");
        const std::vector<Time> apart = Arrivals(false);
        Ptr<WidebandChannel> channel = CreateObject<WidebandChannel>();
        NS_TEST_EXPECT_MSG_EQ(apart.back() - apart.front(),
                              channel->GetTransmissionTime(2 * 1476) -
                                  channel->GetTransmissionTime(1476),
                              "one transmission (5.1 ms) apart");
    }
};

/**
 * @ingroup wideband-tests
 * RFC 1030 §7: delays come in multiples of about 600 ms (a lost reservation is asked for again
 * one reservation round later) and datagrams are re-ordered.
 */
class WidebandReservationLossTestCase : public TestCase
{
  public:
    WidebandReservationLossTestCase()
        : TestCase("§7: a lost request delays its datagrams by whole reservation rounds of about "
                   "600 ms, so later datagrams overtake them")
    {
    }

  private:
    void DoRun() override
    {
        WidebandHelper helper;
        // A request (400 coded bits) is lost with probability 1 - (1 - 9e-4)^400 = 0.30.
        helper.SetChannelAttribute("BitErrorRate", DoubleValue(9e-4));
        TwoStations net(helper, 7);
        // Damaged datagrams count too: they were delayed like the others before the damage.
        std::vector<std::pair<Time, Ptr<const Packet>>> damagedArrivals;
        net.devices.Get(1)->TraceConnectWithoutContext(
            "PhyRxDrop",
            MakeCallback(+[](std::vector<std::pair<Time, Ptr<const Packet>>>* v,
                             Ptr<const Packet> p) {
                v->emplace_back(Simulator::Now(), p);
            }).Bind(&damagedArrivals));
        uint32_t datagramsInLostRequests = 0;
        net.Sender()->TraceConnectWithoutContext("ReservationLost",
                                                 MakeCallback(+[](uint32_t* total, uint32_t n) {
                                                     *total += n;
                                                 }).Bind(&datagramsInLostRequests));
        const uint32_t count = 200;
        const uint32_t bytes = 8;
        std::vector<Time> sent;
        for (uint32_t i = 0; i < count; ++i)
        {
            // 30 ms apart: each datagram has a control slot of its own.
            sent.push_back(Seconds(1) + MilliSeconds(30) * i);
            net.SendAt(sent.back(), bytes, static_cast<uint8_t>(i));
        }
        Simulator::Run();
        const Time round = net.channel->GetReservationRound();
        const Time frame = net.channel->GetFramePeriod();
        NS_TEST_EXPECT_MSG_GT(round, MilliSeconds(570), "a round is about 600 ms");
        NS_TEST_EXPECT_MSG_LT(round, MilliSeconds(600), "a round is about 600 ms");
        uint32_t delayed = 0;
        uint32_t rounds = 0;
        uint32_t overtaken = 0;
        uint8_t latestTag = 0;
        bool first = true;
        std::vector<std::pair<Time, Ptr<const Packet>>> all = net.arrivals;
        all.insert(all.end(), damagedArrivals.begin(), damagedArrivals.end());
        std::sort(all.begin(), all.end(), [](const auto& a, const auto& b) {
            return a.first < b.first;
        });
        for (const auto& [arrival, packet] : all)
        {
            const uint8_t tag = FirstByte(packet);
            const Time extra = arrival - net.IdleArrival(sent[tag], bytes);
            const auto k = static_cast<uint32_t>(
                std::lround(extra.GetSeconds() / (round + frame / 2).GetSeconds()));
            NS_TEST_EXPECT_MSG_GT_OR_EQ(extra, k * round - frame, "whole rounds, from below");
            NS_TEST_EXPECT_MSG_LT_OR_EQ(extra, k * (round + frame) + frame, "and from above");
            delayed += k > 0 ? 1 : 0;
            rounds += k;
            if (!first && tag < latestTag)
            {
                ++overtaken;
            }
            latestTag = first ? tag : std::max(latestTag, tag);
            first = false;
        }
        NS_TEST_EXPECT_MSG_EQ(all.size(), count, "each arrives once, intact or damaged");
        NS_TEST_EXPECT_MSG_GT(delayed, 20u, "many requests were lost");
        NS_TEST_EXPECT_MSG_EQ(rounds, datagramsInLostRequests, "a round per lost request");
        NS_TEST_EXPECT_MSG_GT(overtaken, 10u, "later datagrams overtook delayed ones");
        Simulator::Destroy();
    }
};

/**
 * @ingroup wideband-tests
 * App. I: the datagram size field of 14 bits limits a datagram to the usable bytes of a frame.
 */
class WidebandSizeLimitTestCase : public TestCase
{
  public:
    WidebandSizeLimitTestCase()
        : TestCase("A datagram of 3007 bytes is refused (14-bit size field), one of 3006 crosses")
    {
    }

  private:
    void DoRun() override
    {
        WidebandHelper helper;
        helper.SetDeviceAttribute("Mtu", UintegerValue(4000));
        TwoStations net(helper);
        uint32_t drops = 0;
        net.Sender()->TraceConnectWithoutContext(
            "MacTxDrop",
            MakeCallback(+[](uint32_t* n, Ptr<const Packet>) { ++*n; }).Bind(&drops));
        net.SendAt(Seconds(1), 3007);
        net.SendAt(Seconds(2), 3006);
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(drops, 1u, "the oversize one dropped");
        NS_TEST_ASSERT_MSG_EQ(net.arrivals.size(), 1u, "the other delivered");
        NS_TEST_EXPECT_MSG_EQ(net.arrivals[0].second->GetSize(), 3006u, "intact");
        Simulator::Destroy();
    }
};

/**
 * @ingroup wideband-tests
 * RFC 1030 §7's overload test: 5 datagrams of 1476 bytes every 50 ms (100 per second) exceed
 * the channel's 94 per second; the ESI runs out of buffer space and the station resets. Every
 * 55 ms (91 per second) it does not.
 */
class WidebandOverloadTestCase : public TestCase
{
  public:
    WidebandOverloadTestCase()
        : TestCase("§7: 5 x 1476 bytes every 50 ms overflow the ESI and reset the station, which "
                   "drops what it held and is silent for ResetTime; every 55 ms it holds")
    {
    }

  private:
    /**
     * Offers bursts of five 1476-byte datagrams.
     * @param interval burst interval
     * @param resetTimes set to when the station reset
     * @param restartTimes set to when it came back
     * @param net the stations
     * @return the datagrams offered
     */
    uint32_t Offer(Time interval,
                   std::vector<Time>& resetTimes,
                   std::vector<Time>& restartTimes,
                   TwoStations& net)
    {
        net.Sender()->TraceConnectWithoutContext(
            "StationReset",
            MakeCallback(+[](std::vector<Time>* times, uint32_t) {
                times->push_back(Simulator::Now());
            }).Bind(&resetTimes));
        net.Sender()->TraceConnectWithoutContext("StationRestart",
                                                 MakeCallback(+[](std::vector<Time>* times) {
                                                     times->push_back(Simulator::Now());
                                                 }).Bind(&restartTimes));
        uint32_t offered = 0;
        for (Time t = Seconds(1); t < Seconds(11); t += interval)
        {
            for (uint32_t i = 0; i < 5; ++i, ++offered)
            {
                net.SendAt(t + MilliSeconds(6) * i, 1476);
            }
        }
        Simulator::Stop(Seconds(30));
        Simulator::Run();
        return offered;
    }

    void DoRun() override
    {
        WidebandHelper helper;
        helper.SetDeviceAttribute("EsiBufferBytes", UintegerValue(65536));
        helper.SetDeviceAttribute("ResetTime", TimeValue(Seconds(5)));
        {
            TwoStations net(helper);
            std::vector<Time> resets;
            std::vector<Time> restarts;
            const uint32_t offered = Offer(MilliSeconds(55), resets, restarts, net);
            NS_TEST_EXPECT_MSG_EQ(resets.size(), 0u, "91 datagrams per second fit");
            NS_TEST_EXPECT_MSG_EQ(net.arrivals.size(), offered, "every datagram delivered");
            Simulator::Destroy();
        }
        TwoStations net(helper);
        std::vector<Time> resets;
        std::vector<Time> restarts;
        const uint32_t offered = Offer(MilliSeconds(50), resets, restarts, net);
        NS_TEST_ASSERT_MSG_GT(resets.size(), 0u, "100 datagrams per second overflow the ESI");
        NS_TEST_EXPECT_MSG_LT(resets[0], Seconds(6), "soon after the overload starts");
        NS_TEST_ASSERT_MSG_EQ(restarts.size(), resets.size(), "each reset ends");
        NS_TEST_EXPECT_MSG_EQ(restarts[0] - resets[0], Seconds(5), "after ResetTime");
        const Time hop = net.channel->GetHopDelay();
        for (const auto& [arrival, packet] : net.arrivals)
        {
            const bool silent = arrival > resets[0] + hop && arrival < restarts[0] + hop;
            NS_TEST_EXPECT_MSG_EQ(silent, false, "nothing sent while resetting");
        }
        NS_TEST_EXPECT_MSG_LT(net.arrivals.size(), offered, "what the station held was dropped");
        NS_TEST_EXPECT_MSG_EQ(net.Sender()->GetResets(), resets.size(), "counted");
        bool sentAfterRestart = false;
        for (const auto& [arrival, packet] : net.arrivals)
        {
            sentAfterRestart |= arrival > restarts[0] + hop;
        }
        NS_TEST_EXPECT_MSG_EQ(sentAfterRestart, true, "the station sends again once back");
        Simulator::Destroy();
    }
};

/**
 * @ingroup wideband-tests
 * The stations without a device take their Poisson share of every frame, reproducibly.
 */
class WidebandBackgroundTestCase : public TestCase
{
  public:
    WidebandBackgroundTestCase()
        : TestCase("Background load 0.5: the other stations fill the expected share of the "
                   "frames, the same for a stream and different for another")
    {
    }

  private:
    /**
     * @param stream first stream
     * @return background bytes and frames created, after a saturating transfer
     */
    std::pair<uint64_t, uint64_t> Run(int64_t stream)
    {
        WidebandHelper helper;
        helper.SetChannelAttribute("BackgroundLoad", DoubleValue(0.5));
        helper.SetDeviceAttribute("EsiBufferBytes", UintegerValue(10000000));
        helper.SetDeviceAttribute("BsatQueueSize", QueueSizeValue(QueueSize("10000p")));
        TwoStations net(helper, stream);
        for (uint32_t i = 0; i < 2000; ++i)
        {
            net.SendAt(Seconds(1) + MilliSeconds(5) * i, 1476);
        }
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(net.arrivals.size(), 2000u, "all delivered");
        const std::pair<uint64_t, uint64_t> result{net.channel->GetBackgroundBytes(),
                                                   net.channel->GetFramesUsed()};
        Simulator::Destroy();
        return result;
    }

    void DoRun() override
    {
        const auto [bytes, frames] = Run(1);
        // Mean 0.5 x 3006 / 1500 = 1.002 datagrams per frame, of which at most two fit.
        const double mean = 0.5 * 3006 / 1500;
        const double p0 = std::exp(-mean);
        const double p1 = mean * p0;
        const double expected = 1500.0 * (p1 + 2 * (1 - p0 - p1)) / 3006;
        const double share = double(bytes) / frames / 3006;
        NS_TEST_EXPECT_MSG_EQ_TOL(share, expected, 0.03, "Poisson share of each frame");
        NS_TEST_EXPECT_MSG_GT(frames, 1000u, "over many frames");
        NS_TEST_EXPECT_MSG_EQ(Run(1).first, bytes, "same stream, same background");
        NS_TEST_EXPECT_MSG_NE(Run(5).first, bytes, "another stream, another background");
    }
};

/**
 * @ingroup wideband-tests
 * Residual bit errors damage datagrams in proportion to their coded bits.
 */
class WidebandBitErrorTestCase : public TestCase
{
  public:
    WidebandBitErrorTestCase()
        : TestCase("BitErrorRate 1e-5: about 1 - (1 - 1e-5)^(1000 x 8 x 4 : 3) = 10.1 % of "
                   "1000-byte datagrams arrive damaged and are dropped")
    {
    }

  private:
    void DoRun() override
    {
        WidebandHelper helper;
        helper.SetChannelAttribute("BitErrorRate", DoubleValue(1e-5));
        TwoStations net(helper, 3);
        const uint32_t count = 2000;
        for (uint32_t i = 0; i < count; ++i)
        {
            net.SendAt(Seconds(1) + MilliSeconds(25) * i, 1000);
        }
        Simulator::Run();
        const double p = 1 - std::pow(1 - 1e-5, 1000 * 8 / 0.75);
        const uint64_t damaged =
            DynamicCast<WidebandNetDevice>(net.devices.Get(1))->GetDamagedReceptions();
        NS_TEST_EXPECT_MSG_EQ_TOL(double(damaged),
                                  count * p,
                                  4 * std::sqrt(count * p * (1 - p)),
                                  "binomial, within four standard deviations");
        NS_TEST_EXPECT_MSG_EQ(net.arrivals.size() + damaged, count, "the rest arrive");
        Simulator::Destroy();
    }
};

/**
 * @ingroup wideband-tests
 * IPv4 over the channel: a gateway with a 1476-byte Mtu fragments a 1480-byte datagram, the
 * fragments cross as two channel datagrams and the receiver reassembles them.
 */
class WidebandIpv4FragmentationTestCase : public TestCase
{
  public:
    WidebandIpv4FragmentationTestCase()
        : TestCase("IPv4: with Mtu 1476 a 1480-byte datagram crosses as two channel datagrams "
                   "and is reassembled; a 1476-byte one crosses whole")
    {
    }

  private:
    void DoRun() override
    {
        NodeContainer nodes;
        nodes.Create(2);
        WidebandHelper helper;
        helper.SetDeviceAttribute("Mtu", UintegerValue(1476));
        NetDeviceContainer devices = helper.Install(nodes);
        InternetStackHelper internet;
        internet.Install(nodes);
        Ipv4AddressHelper addresses("10.1.3.0", "255.255.255.0");
        Ipv4InterfaceContainer interfaces = addresses.Assign(devices);
        Ptr<Socket> sink = Socket::CreateSocket(nodes.Get(1), UdpSocketFactory::GetTypeId());
        sink->Bind(InetSocketAddress(Ipv4Address::GetAny(), 9));
        std::vector<uint32_t> received;
        sink->SetRecvCallback(MakeCallback(+[](std::vector<uint32_t>* sizes, Ptr<Socket> socket) {
                                  while (Ptr<Packet> p = socket->Recv())
                                  {
                                      sizes->push_back(p->GetSize());
                                  }
                              }).Bind(&received));
        Ptr<Socket> source = Socket::CreateSocket(nodes.Get(0), UdpSocketFactory::GetTypeId());
        source->Connect(InetSocketAddress(interfaces.GetAddress(1), 9));
        // UDP 8 + IPv4 20: 1452 bytes make a 1480-byte datagram, 1448 a 1476-byte one.
        Simulator::Schedule(Seconds(1), [source]() { source->Send(Create<Packet>(1452)); });
        Simulator::Schedule(Seconds(3), [source]() { source->Send(Create<Packet>(1448)); });
        Simulator::Run();
        Ptr<WidebandNetDevice> station = DynamicCast<WidebandNetDevice>(devices.Get(0));
        NS_TEST_EXPECT_MSG_EQ(station->GetDatagramsSent(), 3u, "two fragments and a whole one");
        NS_TEST_EXPECT_MSG_EQ((received == std::vector<uint32_t>{1452, 1448}),
                              true,
                              "both payloads reassembled and delivered whole");
        Simulator::Destroy();
    }
};

/**
 * @ingroup wideband-tests
 * The helper writes LINKTYPE_RAW captures of what a station sends and receives.
 */
class WidebandPcapTestCase : public TestCase
{
  public:
    WidebandPcapTestCase()
        : TestCase("pcap: a station's capture is LINKTYPE_RAW and holds the datagram as sent")
    {
    }

  private:
    void DoRun() override
    {
        const std::string prefix = CreateTempDirFilename("wideband.pcap");
        {
            // The capture is closed when the stations (which hold it) are gone.
            WidebandHelper helper;
            TwoStations net(helper);
            helper.EnablePcap(prefix, net.devices.Get(1), false, true);
            Ptr<NetDevice> device = net.devices.Get(0);
            Simulator::Schedule(Seconds(1), [device]() {
                uint8_t datagram[40] = {0x45, 0, 0, 40};
                device->Send(Create<Packet>(datagram, sizeof(datagram)),
                             device->GetBroadcast(),
                             IPV4);
            });
            Simulator::Run();
            Simulator::Destroy();
        }
        PcapFile file;
        file.Open(prefix, std::ios::in);
        NS_TEST_ASSERT_MSG_EQ(file.Fail(), false, "capture written");
        NS_TEST_EXPECT_MSG_EQ(file.GetDataLinkType(), 101u, "LINKTYPE_RAW");
        uint8_t data[64];
        uint32_t sec;
        uint32_t usec;
        uint32_t inclLen;
        uint32_t origLen;
        uint32_t readLen;
        file.Read(data, sizeof(data), sec, usec, inclLen, origLen, readLen);
        NS_TEST_EXPECT_MSG_EQ(file.Fail(), false, "one record");
        NS_TEST_EXPECT_MSG_EQ(inclLen, 40u, "the whole datagram");
        NS_TEST_EXPECT_MSG_EQ(unsigned(data[0]), 0x45u, "an IPv4 header first");
        file.Close();
        std::ifstream raw(prefix, std::ios::binary | std::ios::ate);
        NS_TEST_EXPECT_MSG_EQ(static_cast<uint64_t>(raw.tellg()),
                              24u + 16u + 40u,
                              "and only one: file header, record header, datagram");
        std::remove(prefix.c_str());
    }
};

/**
 * @ingroup wideband-tests
 * The Wideband test suite.
 */
class WidebandTestSuite : public TestSuite
{
  public:
    WidebandTestSuite()
        : TestSuite("wideband", Type::UNIT)
    {
        AddTestCase(new WidebandFrameArithmeticTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new WidebandIdleDelayTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new WidebandFrameCapacityTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new WidebandFrameAggregationTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new WidebandReservationLossTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new WidebandSizeLimitTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new WidebandOverloadTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new WidebandBackgroundTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new WidebandBitErrorTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new WidebandIpv4FragmentationTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new WidebandPcapTestCase(), TestCase::Duration::QUICK);
    }
};

/// Registers the suite.
static WidebandTestSuite g_widebandTestSuite;
