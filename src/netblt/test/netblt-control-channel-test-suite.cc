/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/netblt-control-channel.h"
#include "ns3/netblt-receiver.h"
#include "ns3/rtt-estimator.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <vector>

/**
 * @file
 * @ingroup netblt-tests
 * The receiver's control channel on its own, without a topology: sequence numbers, the
 * long-lived CONTROL packet, Karn's rule, the control timer and its backoff.
 */

using namespace ns3;

namespace
{

/// @return a channel with RFC 998's defaults: 1-s initial timer, 10-ms minimum, 1000 bytes
NetbltControlChannel
Channel()
{
    NetbltControlChannel channel;
    channel.SetRttEstimator(CreateObject<RttMeanDeviation>());
    return channel;
}

/// A backoff cap far above every value the tests reach.
const Time NO_CAP = Seconds(1000);

} // namespace

/**
 * @ingroup netblt-tests
 * @brief Messages are numbered from 1; every unacknowledged message goes in each CONTROL
 * packet, oldest first, as far as MaxPacketSize allows (the oldest always); an OK carries the
 * timer value its transmission arms; an acknowledgement removes the messages up to its
 * sequence number, across the 16-bit wrap.
 */
class NetbltControlChannelPacketTestCase : public TestCase
{
  public:
    NetbltControlChannelPacketTestCase()
        : TestCase("control channel: the long-lived CONTROL packet and its acknowledgement")
    {
    }

  private:
    void DoRun() override
    {
        NetbltControlChannel channel = Channel();
        NS_TEST_EXPECT_MSG_EQ(channel.IsEmpty(), true, "nothing queued");
        NS_TEST_EXPECT_MSG_EQ(channel.BuildPacket(Time(0), NO_CAP).GetMessages().size(),
                              0,
                              "an empty packet when nothing is queued");
        uint16_t go = channel.NextSequence();
        uint16_t ok = channel.NextSequence();
        NS_TEST_EXPECT_MSG_EQ(go, 1, "first sequence number");
        NS_TEST_EXPECT_MSG_EQ(ok, 2, "then 2");
        channel.Queue(NetbltControlMessage::MakeGo(go, 7));
        channel.Queue(NetbltControlMessage::MakeOk(ok, 6, 5, 30, 0));
        NetbltControlHeader packet = channel.BuildPacket(Time(0), NO_CAP);
        NS_TEST_ASSERT_MSG_EQ(packet.GetMessages().size(), 2, "both messages");
        NS_TEST_EXPECT_MSG_EQ(packet.GetMessages()[0].GetType(),
                              NetbltControlMessage::GO,
                              "oldest first");
        NS_TEST_EXPECT_MSG_EQ(packet.GetMessages()[1].GetControlTimerValue(),
                              1000,
                              "the OK carries the 1-s initial timer");

        std::vector<NetbltControlMessage> acked = channel.Acknowledge(1, MilliSeconds(40));
        NS_TEST_ASSERT_MSG_EQ(acked.size(), 1, "the GO acknowledged");
        NS_TEST_EXPECT_MSG_EQ(acked[0].GetBufferNumber(), 7, "of buffer 7");
        NS_TEST_EXPECT_MSG_EQ(channel.GetQueuedCount(), 1, "the OK still waits");
        NS_TEST_EXPECT_MSG_EQ(channel.Acknowledge(1, MilliSeconds(50)).size(), 0, "no news");

        // Three RESENDs of 200 missing packets each (412 bytes) in 1000-byte packets.
        NetbltControlChannel small = Channel();
        for (uint32_t buffer = 1; buffer <= 3; ++buffer)
        {
            small.Queue(NetbltControlMessage::MakeResend(small.NextSequence(),
                                                         buffer,
                                                         std::vector<uint16_t>(200, 1)));
        }
        NS_TEST_EXPECT_MSG_EQ(small.BuildPacket(Time(0), NO_CAP).GetMessages().size(),
                              2,
                              "two fit beside the header");
        small.SetMaxPacketSize(40);
        NS_TEST_EXPECT_MSG_EQ(small.BuildPacket(Time(0), NO_CAP).GetMessages().size(),
                              1,
                              "the oldest goes even when it does not fit");

        NS_TEST_EXPECT_MSG_EQ(NetbltSequenceNotAfter(65535, 1), true, "65535 is before 1");
        NS_TEST_EXPECT_MSG_EQ(NetbltSequenceNotAfter(1, 65535), false, "1 is after 65535");
    }
};

/**
 * @ingroup netblt-tests
 * @brief The control timer: 1 s before any sample; after a 100-ms round trip (RttMeanDeviation:
 * estimate 100 ms, deviation 50 ms) 100 + 4 x 50 = 300 ms, never below MinimumControlTimer; a
 * timeout doubles it, up to 64 times or the cap, never below its unbacked value; Karn's rule:
 * a packet whose newest message was sent before gives no sample, and the first acknowledged
 * timed packet resets the backoff.
 */
class NetbltControlChannelTimerTestCase : public TestCase
{
  public:
    NetbltControlChannelTimerTestCase()
        : TestCase("control channel: the timer, its backoff, and round-trip samples by Karn's rule")
    {
    }

  private:
    void DoRun() override
    {
        NetbltControlChannel channel = Channel();
        NS_TEST_EXPECT_MSG_EQ(channel.GetTimerValue(NO_CAP), Seconds(1), "initial value");
        channel.Queue(NetbltControlMessage::MakeGo(channel.NextSequence(), 1));
        channel.BuildPacket(Seconds(10), NO_CAP); // timed
        channel.TimedOut();
        NS_TEST_EXPECT_MSG_EQ(channel.GetTimerValue(NO_CAP), Seconds(2), "doubled");
        channel.BuildPacket(Seconds(12), NO_CAP); // the same newest message: not timed
        channel.Acknowledge(1, Seconds(12) + MilliSeconds(100));
        NS_TEST_EXPECT_MSG_EQ(channel.GetRttEstimator()->GetNSamples(),
                              0,
                              "an answer to a retransmitted packet is no sample");
        NS_TEST_EXPECT_MSG_EQ(channel.GetTimerValue(NO_CAP), Seconds(2), "still backed off");

        channel.Queue(NetbltControlMessage::MakeGo(channel.NextSequence(), 2));
        channel.BuildPacket(Seconds(20), NO_CAP); // a new message: timed
        channel.Acknowledge(2, Seconds(20) + MilliSeconds(100));
        NS_TEST_EXPECT_MSG_EQ(channel.GetRttEstimator()->GetNSamples(), 1, "one sample");
        NS_TEST_EXPECT_MSG_EQ(channel.GetTimerValue(NO_CAP),
                              MilliSeconds(300),
                              "100 + 4 x 50 ms, backoff reset");

        for (int i = 0; i < 10; ++i)
        {
            channel.TimedOut();
        }
        NS_TEST_EXPECT_MSG_EQ(channel.GetTimerValue(NO_CAP),
                              MilliSeconds(300) * 64,
                              "at most 64 times");
        NS_TEST_EXPECT_MSG_EQ(channel.GetTimerValue(Seconds(5)), Seconds(5), "capped");
        NS_TEST_EXPECT_MSG_EQ(channel.GetTimerValue(MilliSeconds(100)),
                              MilliSeconds(300),
                              "never below the unbacked value");

        channel.SetMinimumTimer(Seconds(1));
        channel.Queue(NetbltControlMessage::MakeGo(channel.NextSequence(), 3));
        channel.BuildPacket(Seconds(30), NO_CAP);
        channel.Acknowledge(3, Seconds(30) + MilliSeconds(100));
        NS_TEST_EXPECT_MSG_EQ(channel.GetTimerValue(NO_CAP), Seconds(1), "the minimum");
    }
};

/**
 * @ingroup netblt-tests
 * @brief A connection's control channel takes InitialControlTimer, MinimumControlTimer,
 * MaxControlPacketSize from the connection's attributes, and its estimator from SetRttEstimator.
 */
class NetbltControlChannelAttributesTestCase : public TestCase
{
  public:
    NetbltControlChannelAttributesTestCase()
        : TestCase("receiver: control-timer attributes and the RTT estimator reach the channel")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<NetbltReceiver> connection = CreateObject<NetbltReceiver>();
        NS_TEST_EXPECT_MSG_EQ(connection->GetRttEstimator()->GetInstanceTypeId(),
                              RttMeanDeviation::GetTypeId(),
                              "TCP's by default");
        Ptr<RttEstimator> estimator = CreateObject<RttMeanDeviation>();
        connection->SetRttEstimator(estimator);
        NS_TEST_EXPECT_MSG_EQ(connection->GetRttEstimator(), estimator, "the one given");
        TimeValue initial;
        connection->GetAttribute("InitialControlTimer", initial);
        NS_TEST_EXPECT_MSG_EQ(initial.Get(), Seconds(1), "1 s (RFC 998: an arbitrary number)");
        connection->SetAttribute("InitialControlTimer", TimeValue(MilliSeconds(250)));
        connection->SetAttribute("MinimumControlTimer", TimeValue(MilliSeconds(20)));
        connection->GetAttribute("InitialControlTimer", initial);
        NS_TEST_EXPECT_MSG_EQ(initial.Get(), MilliSeconds(250), "read back");
        TimeValue minimum;
        connection->GetAttribute("MinimumControlTimer", minimum);
        NS_TEST_EXPECT_MSG_EQ(minimum.Get(), MilliSeconds(20), "held by the channel");
        connection->SetAttribute("MaxControlPacketSize", UintegerValue(500));
        UintegerValue size;
        connection->GetAttribute("MaxControlPacketSize", size);
        NS_TEST_EXPECT_MSG_EQ(size.Get(), 500, "read back");
    }
};

/**
 * @ingroup netblt-tests
 * @brief The receiver's control channel.
 */
class NetbltControlChannelTestSuite : public TestSuite
{
  public:
    NetbltControlChannelTestSuite()
        : TestSuite("netblt-control-channel", Type::UNIT)
    {
        AddTestCase(new NetbltControlChannelPacketTestCase, TestCase::Duration::QUICK);
        AddTestCase(new NetbltControlChannelTimerTestCase, TestCase::Duration::QUICK);
        AddTestCase(new NetbltControlChannelAttributesTestCase, TestCase::Duration::QUICK);
    }
};

/// Static variable for test initialization.
static NetbltControlChannelTestSuite g_netbltControlChannelTestSuite;
