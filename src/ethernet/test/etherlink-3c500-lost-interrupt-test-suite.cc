/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/etherlink-3c500-net-device.h"
#include "ns3/ethernet-helper.h"
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
 * sends or polls it.
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
 * @brief The 3C500's lost receive interrupts.
 */
class Etherlink3c500LostInterruptTestSuite : public TestSuite
{
  public:
    Etherlink3c500LostInterruptTestSuite()
        : TestSuite("etherlink-3c500-lost-interrupt", Type::UNIT)
    {
        AddTestCase(new Etherlink3c500LostInterruptTestCase, TestCase::Duration::QUICK);
    }
};

/// Static variable for test initialization.
static Etherlink3c500LostInterruptTestSuite g_etherlink3c500LostInterruptTestSuite;
