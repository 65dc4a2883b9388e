/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/boolean.h"
#include "ns3/etherlink-3c500-net-device.h"
#include "ns3/ethernet-helper.h"
#include "ns3/host-cpu.h"
#include "ns3/node-container.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/test.h"

#include <vector>

/**
 * @file
 * @ingroup ethernet-tests
 * The 3C500's lost receive interrupt (model option LostInterruptWindow, from the race the PC/IP
 * driver's et_send.c describes): the card that loses one hears nothing until its driver next
 * sends or polls it. And the pre-Dec-86 driver's receive that aborts a frame being loaded (model
 * option ReceiveAbortsLoad, et_send.c's Dec-86 note).
 */

using namespace ns3;

namespace
{

constexpr uint16_t IPV4 = 0x0800; //!< EtherType of the test frames

/**
 * Two 3C500s, A (0) and B (1), on one bus without host costs, B with a lost-interrupt window;
 * frames handed to the cards at given times; what B received.
 */
class TwoCards
{
  public:
    /**
     * @param window B's LostInterruptWindow
     */
    explicit TwoCards(Time window)
    {
        m_nodes.Create(2);
        EthernetHelper helper;
        m_devices = helper.Install(m_nodes);
        B()->SetAttribute("LostInterruptWindow", TimeValue(window));
        B()->TraceConnectWithoutContext("MacRx", MakeCallback(&TwoCards::ReceivedAtB, this));
    }

    /**
     * @param i 0 for A, 1 for B
     * @return the card
     */
    Ptr<Etherlink3c500NetDevice> Card(uint32_t i) const
    {
        return DynamicCast<Etherlink3c500NetDevice>(m_devices.Get(i));
    }

    /// @return B
    Ptr<Etherlink3c500NetDevice> B() const
    {
        return Card(1);
    }

    /**
     * Hands a frame to a card at a time, in its node's context.
     * @param at when
     * @param from 0 for A, 1 for B; the frame goes to the other
     * @param payload payload bytes
     */
    void SendAt(Time at, uint32_t from, uint32_t payload)
    {
        Simulator::ScheduleWithContext(m_nodes.Get(from)->GetId(), at, [this, from, payload]() {
            Card(from)->Send(Create<Packet>(payload), Card(1 - from)->GetAddress(), IPV4);
        });
    }

    std::vector<Time> m_receivedAtB; //!< when B passed a frame up

  private:
    /**
     * MacRx sink of B.
     * @param frame the frame
     */
    void ReceivedAtB(Ptr<const Packet> frame)
    {
        m_receivedAtB.push_back(Simulator::Now());
    }

    NodeContainer m_nodes;        //!< A and B
    NetDeviceContainer m_devices; //!< their cards
};

} // namespace

/**
 * @ingroup ethernet-tests
 * @brief A frame ending just after B's transmit routine turned B's receiver off loses its
 * interrupt: B hears nothing more until its next send (which services the card) or its poll
 * every 3 s; with no window, the same frames are all received.
 */
class Etherlink3c500LostInterruptTestCase : public TestCase
{
  public:
    Etherlink3c500LostInterruptTestCase()
        : TestCase("3C500 lost interrupt: deaf until the driver's next send or its 3-s poll")
    {
    }

  private:
    void DoRun() override
    {
        {
            // A's 1000-byte frame is on the wire from 1 ms to about 1.83 ms; B's routine turns
            // the receiver off at 1.5 ms, so the frame ends 0.33 ms later, within 1 ms.
            TwoCards s(MilliSeconds(1));
            s.SendAt(MilliSeconds(1), 0, 1000);
            s.SendAt(MicroSeconds(1500), 1, 100);
            s.SendAt(MilliSeconds(10), 0, 100); // lost: B is still deaf
            s.SendAt(MilliSeconds(20), 1, 100); // B's routine services the card
            s.SendAt(MilliSeconds(30), 0, 100); // received
            Simulator::Run();
            NS_TEST_EXPECT_MSG_EQ(s.B()->GetLostInterrupts(), 1, "one interrupt lost");
            NS_TEST_EXPECT_MSG_EQ(s.B()->GetRxLostDeaf(), 2, "the racing frame and the 10-ms one");
            NS_TEST_ASSERT_MSG_EQ(s.m_receivedAtB.size(), 1, "only the frame after B's next send");
            NS_TEST_EXPECT_MSG_GT(s.m_receivedAtB[0], MilliSeconds(30), "the 30-ms frame");
            NS_TEST_EXPECT_MSG_EQ(s.B()->IsInterruptLost(), false, "serviced");
            Simulator::Destroy();
        }
        {
            // B does not send again: the poll at 3 s re-arms it.
            TwoCards s(MilliSeconds(1));
            s.SendAt(MilliSeconds(1), 0, 1000);
            s.SendAt(MicroSeconds(1500), 1, 100);
            s.SendAt(MilliSeconds(2900), 0, 100); // lost
            s.SendAt(MilliSeconds(3100), 0, 100); // received
            Simulator::Run();
            NS_TEST_EXPECT_MSG_EQ(s.B()->GetLostInterrupts(), 1, "one interrupt lost");
            NS_TEST_EXPECT_MSG_EQ(s.B()->GetRxLostDeaf(), 2, "the racing frame and the 2.9-s one");
            NS_TEST_ASSERT_MSG_EQ(s.m_receivedAtB.size(), 1, "only the frame after the poll");
            NS_TEST_EXPECT_MSG_GT(s.m_receivedAtB[0], MilliSeconds(3100), "the 3.1-s frame");
            Simulator::Destroy();
        }
        {
            // A window shorter than the 0.33 ms: the racing frame is lost as before (the
            // receiver was off), but B keeps hearing.
            TwoCards s(MicroSeconds(200));
            s.SendAt(MilliSeconds(1), 0, 1000);
            s.SendAt(MicroSeconds(1500), 1, 100);
            s.SendAt(MilliSeconds(10), 0, 100);
            Simulator::Run();
            NS_TEST_EXPECT_MSG_EQ(s.B()->GetLostInterrupts(), 0, "no interrupt lost");
            NS_TEST_EXPECT_MSG_EQ(s.B()->GetRxLostDeaf(), 1, "the frame the send overlapped");
            NS_TEST_EXPECT_MSG_EQ(s.m_receivedAtB.size(), 1, "the 10-ms frame received");
            Simulator::Destroy();
        }
        {
            // Off (the default): the same.
            TwoCards s(Time(0));
            s.SendAt(MilliSeconds(1), 0, 1000);
            s.SendAt(MicroSeconds(1500), 1, 100);
            s.SendAt(MilliSeconds(10), 0, 100);
            Simulator::Run();
            NS_TEST_EXPECT_MSG_EQ(s.B()->GetLostInterrupts(), 0, "no interrupt lost");
            NS_TEST_EXPECT_MSG_EQ(s.m_receivedAtB.size(), 1, "the 10-ms frame received");
            Simulator::Destroy();
        }
    }
};

/**
 * @ingroup ethernet-tests
 * @brief ReceiveAbortsLoad: B loads a frame for 2 ms from 1 ms; A's 100-byte frame, on the wire
 * from 2 ms, ends during the load and aborts it (B's frame never reaches A); one ending after
 * the load is lost as before, B's frame is sent; with the option off B's frame is sent too.
 */
class Etherlink3c500ReceiveAbortsLoadTestCase : public TestCase
{
  public:
    Etherlink3c500ReceiveAbortsLoadTestCase()
        : TestCase("3C500 receive aborts load: the frame loaded is not sent, the arrival is lost")
    {
    }

  private:
    /**
     * One run: B (with a 2-ms load, option on or off) sends at 1 ms, A at `aSendsAt`.
     * @param abortsLoad B's ReceiveAbortsLoad
     * @param aSendsAt when A is handed its 100-byte frame
     * @param aborted B's frames aborted expected
     * @param atA frames A receives expected
     * @param which what the case shows
     */
    void Check(bool abortsLoad,
               Time aSendsAt,
               uint64_t aborted,
               size_t atA,
               const std::string& which)
    {
        TwoCards s(Time(0));
        Ptr<Node> nodeB = s.B()->GetNode();
        nodeB->AggregateObject(CreateObject<HostCpu>());
        s.B()->SetAttribute("TransmitCopyCostPerPacket", TimeValue(MilliSeconds(2)));
        s.B()->SetAttribute("ReceiveAbortsLoad", BooleanValue(abortsLoad));
        std::vector<Time> abortedAt;
        s.B()->TraceConnectWithoutContext("TxAbortedByReceive",
                                          MakeBoundCallback(&TimesOf::Record, &abortedAt));
        size_t receivedAtA = 0;
        s.Card(0)->TraceConnectWithoutContext("MacRx",
                                              MakeBoundCallback(&TimesOf::Count, &receivedAtA));
        s.SendAt(MilliSeconds(1), 1, 100);
        s.SendAt(aSendsAt, 0, 100);
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(s.B()->GetTxAbortedByReceive(), aborted, which << ": aborted");
        NS_TEST_EXPECT_MSG_EQ(abortedAt.size(), aborted, which << ": TxAbortedByReceive fired");
        if (aborted > 0)
        {
            NS_TEST_EXPECT_MSG_EQ(abortedAt[0], MilliSeconds(3), which << ": at the load's end");
        }
        NS_TEST_EXPECT_MSG_EQ(s.B()->GetRxLostDeaf(), 1, which << ": A's frame lost at B");
        NS_TEST_EXPECT_MSG_EQ(s.m_receivedAtB.size(), 0, which << ": nothing received at B");
        NS_TEST_EXPECT_MSG_EQ(receivedAtA, atA, which << ": B's frame at A");
        NS_TEST_EXPECT_MSG_EQ(s.B()->IsReceiverArmed(), true, which << ": B re-armed");
        Simulator::Destroy();
    }

    /// Trace sinks.
    struct TimesOf
    {
        /**
         * @param times where to record
         * @param frame the frame
         */
        static void Record(std::vector<Time>* times, Ptr<const Packet> frame)
        {
            times->push_back(Simulator::Now());
        }

        /**
         * @param count what to increment
         * @param frame the frame
         */
        static void Count(size_t* count, Ptr<const Packet> frame)
        {
            ++*count;
        }
    };

    void DoRun() override
    {
        // A's frame (126 bytes with preamble, 100.8 us) ends at B at 2.103 ms, during the load.
        Check(true, MilliSeconds(2), 1, 0, "ends during the load");
        Check(false, MilliSeconds(2), 0, 1, "option off");
        // Starts at 2.95 ms and ends after the load (3 ms): B defers to it and sends after.
        Check(true, MicroSeconds(2950), 0, 1, "ends after the load");
    }
};

/**
 * @ingroup ethernet-tests
 * @brief The 3C500's lost receive interrupts and the receive that aborts a load.
 */
class Etherlink3c500LostInterruptTestSuite : public TestSuite
{
  public:
    Etherlink3c500LostInterruptTestSuite()
        : TestSuite("etherlink-3c500-lost-interrupt", Type::UNIT)
    {
        AddTestCase(new Etherlink3c500LostInterruptTestCase, TestCase::Duration::QUICK);
        AddTestCase(new Etherlink3c500ReceiveAbortsLoadTestCase, TestCase::Duration::QUICK);
    }
};

/// Static variable for test initialization.
static Etherlink3c500LostInterruptTestSuite g_etherlink3c500LostInterruptTestSuite;
