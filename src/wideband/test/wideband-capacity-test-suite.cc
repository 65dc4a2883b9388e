/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/double.h"
#include "ns3/node-container.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"
#include "ns3/wideband-channel.h"
#include "ns3/wideband-helper.h"
#include "ns3/wideband-net-device.h"
#include "ns3/wideband-queue-recorder.h"

#include <cmath>
#include <numeric>
#include <vector>

/**
 * @file
 * @ingroup wideband-tests
 * What a station learns from the control subframe (the capacity the others leave it, counted
 * in whole datagrams) and what the queue recorder keeps of a station's queue.
 */

using namespace ns3;

namespace
{

/**
 * @param device a station
 * @param when when to hand it the datagram
 * @param bytes its size
 */
void
SendAt(Ptr<NetDevice> device, Time when, uint32_t bytes)
{
    Simulator::Schedule(when, [device, bytes]() {
        device->Send(Create<Packet>(bytes),
                     device->GetBroadcast(),
                     WidebandNetDevice::IPV4_PROTOCOL);
    });
}

} // namespace

/**
 * @ingroup wideband-tests
 * The capacity the other stations leave: whole datagrams of the station's size per frame.
 */
class WidebandCapacityLeftTestCase : public TestCase
{
  public:
    WidebandCapacityLeftTestCase()
        : TestCase("every station hears every request: an idle frame leaves a station two "
                   "1476-byte datagrams' room, a frame another station put 100 bytes in one; "
                   "its own datagrams take nothing from it")
    {
    }

  private:
    void DoRun() override
    {
        WidebandHelper helper;
        helper.SetChannelAttribute("BackgroundLoad", DoubleValue(0));
        helper.SetChannelAttribute("BitErrorRate", DoubleValue(0));
        NodeContainer nodes;
        nodes.Create(2);
        NetDeviceContainer devices = helper.Install(nodes);
        helper.AssignStreams(devices, 1);
        auto channel = DynamicCast<WidebandChannel>(devices.Get(0)->GetChannel());
        const uint32_t station = DynamicCast<WidebandNetDevice>(devices.Get(0))->GetStation();
        channel->WatchCapacity(station, 1476);
        const uint64_t perFrame = (channel->GetUsableBytesPerFrame() / 1476) * 1476;
        NS_TEST_ASSERT_MSG_EQ(perFrame, 2952, "two 1476-byte datagrams fit a frame");

        std::vector<uint64_t> seen;
        for (uint32_t second : {1, 3, 5})
        {
            Simulator::Schedule(Seconds(second), [&seen, channel, station]() {
                seen.push_back(channel->GetBytesLeftTo(station));
            });
        }
        // Between 1 s and 3 s station 0 sends ten datagrams of its own; between 3 s and 5 s
        // station 1 sends ten of 100 bytes, 100 ms apart: each in a frame of its own.
        for (int i = 0; i < 10; ++i)
        {
            SendAt(devices.Get(0), Seconds(1.2) + MilliSeconds(100 * i), 1476);
            SendAt(devices.Get(1), Seconds(3.2) + MilliSeconds(100 * i), 100);
        }
        Simulator::Run();
        const auto frames = [channel](double from, double to) {
            return uint64_t(std::floor(to / channel->GetFramePeriod().GetSeconds())) -
                   uint64_t(std::floor(from / channel->GetFramePeriod().GetSeconds()));
        };
        NS_TEST_EXPECT_MSG_EQ(seen[1] - seen[0], frames(1, 3) * perFrame, "its own take nothing");
        NS_TEST_EXPECT_MSG_EQ(seen[2] - seen[1],
                              frames(3, 5) * perFrame - 10 * 1476,
                              "each frame with another's datagram has room for one");
        Simulator::Destroy();
    }
};

/**
 * @ingroup wideband-tests
 * The queue recorder: the peak per bin, the distribution and the resets of a station.
 */
class WidebandQueueRecorderTestCase : public TestCase
{
  public:
    WidebandQueueRecorderTestCase()
        : TestCase("the queue recorder keeps a station's peak queue per 100 ms, the queue each "
                   "datagram found and when the station reset")
    {
    }

  private:
    void DoRun() override
    {
        WidebandHelper helper;
        helper.SetChannelAttribute("BackgroundLoad", DoubleValue(0));
        helper.SetDeviceAttribute("EsiBufferBytes", UintegerValue(65536));
        NodeContainer nodes;
        nodes.Create(2);
        NetDeviceContainer devices = helper.Install(nodes);
        helper.AssignStreams(devices, 1);
        Ptr<WidebandQueueRecorder> recorder = CreateObject<WidebandQueueRecorder>();
        recorder->WatchAll();
        // 5 x 1476 bytes every 50 ms: the overload of RFC 1030 §7, which resets the station.
        uint32_t offered = 0;
        for (Time t = Seconds(1); t < Seconds(6); t += MilliSeconds(50))
        {
            for (uint32_t i = 0; i < 5; ++i, ++offered)
            {
                SendAt(devices.Get(0), t + MilliSeconds(6) * i, 1476);
            }
        }
        Simulator::Stop(Seconds(20));
        Simulator::Run();
        const uint32_t station = DynamicCast<WidebandNetDevice>(devices.Get(0))->GetStation();
        const std::vector<uint64_t> histogram = recorder->GetHistogram(station);
        const uint64_t queued = std::accumulate(histogram.begin(), histogram.end(), uint64_t(0));
        auto device = DynamicCast<WidebandNetDevice>(devices.Get(0));
        NS_TEST_EXPECT_MSG_GT_OR_EQ(queued, device->GetDatagramsSent(), "each sent was queued");
        NS_TEST_EXPECT_MSG_LT(queued, offered, "none while the station was down");
        NS_TEST_ASSERT_MSG_GT(recorder->GetResets(station).size(), 0u, "the reset recorded");
        NS_TEST_EXPECT_MSG_EQ(recorder->GetResets(station).size(), device->GetResets(), "each");
        uint32_t peak = 0;
        for (const auto& bin : recorder->GetPeaks())
        {
            const double steps = bin.seconds / 0.1;
            NS_TEST_EXPECT_MSG_EQ_TOL(steps, std::round(steps), 1e-6, "bins of 100 ms");
            peak = bin.station == station ? std::max(peak, bin.bytes) : peak;
        }
        NS_TEST_EXPECT_MSG_GT(peak, 60000u, "the queue neared the ESI's 64 KB before the reset");
        NS_TEST_EXPECT_MSG_EQ(histogram.size(),
                              peak / WidebandQueueRecorder::HISTOGRAM_STEP + 1,
                              "the distribution reaches the peak's step");
        Simulator::Destroy();
    }
};

/**
 * @ingroup wideband-tests
 * A station's capacity and queue, as the gateways' feedback reads them.
 */
class WidebandCapacityTestSuite : public TestSuite
{
  public:
    WidebandCapacityTestSuite()
        : TestSuite("wideband-capacity", Type::UNIT)
    {
        AddTestCase(new WidebandCapacityLeftTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new WidebandQueueRecorderTestCase(), TestCase::Duration::QUICK);
    }
};

/// Static instance that registers the suite.
static WidebandCapacityTestSuite g_widebandCapacityTestSuite;
