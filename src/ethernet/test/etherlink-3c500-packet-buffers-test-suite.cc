/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/etherlink-3c500-net-device.h"
#include "ns3/ethernet-helper.h"
#include "ns3/node-container.h"
#include "ns3/packet-buffer-pool.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <vector>

/**
 * @file
 * @ingroup ethernet-tests
 * The 3C500 driver and the host's packet buffers (PC/IP et_int.c): the interrupt handler takes
 * a free buffer for each frame and drops the frame when there is none.
 */

using namespace ns3;

namespace
{

constexpr uint16_t IPV4 = 0x0800; //!< EtherType of the test frames

/**
 * Two 3C500s without host costs, A (0) sending to B (1); B's node has a pool of one buffer and
 * an upper layer that either keeps each buffer for a while (a protocol whose CPU job consumes
 * the packet later) or keeps none.
 */
class PooledReceiver
{
  public:
    /**
     * @param keepFor how long B's upper layer keeps each buffer; zero: it keeps none
     */
    explicit PooledReceiver(Time keepFor)
        : m_keepFor(keepFor)
    {
        m_nodes.Create(2);
        EthernetHelper helper;
        m_devices = helper.Install(m_nodes);
        m_pool = CreateObject<PacketBufferPool>();
        m_pool->SetAttribute("Buffers", UintegerValue(1));
        m_nodes.Get(1)->AggregateObject(m_pool);
        B()->SetReceiveCallback(MakeCallback(&PooledReceiver::Up, this));
        B()->TraceConnectWithoutContext("RxLostNoPacketBuffer",
                                        MakeCallback(&PooledReceiver::Dropped, this));
        B()->TraceConnectWithoutContext("PhyRxDrop",
                                        MakeCallback(&PooledReceiver::PhyDropped, this));
    }

    /// @return the receiving card
    Ptr<Etherlink3c500NetDevice> B() const
    {
        return DynamicCast<Etherlink3c500NetDevice>(m_devices.Get(1));
    }

    /**
     * Hands A a frame for B at a time.
     * @param at when
     */
    void SendAt(Time at)
    {
        Simulator::ScheduleWithContext(m_nodes.Get(0)->GetId(), at, [this]() {
            m_devices.Get(0)->Send(Create<Packet>(100), B()->GetAddress(), IPV4);
        });
    }

    /**
     * Records at a time whether B's receiver is armed.
     * @param at when
     */
    void CheckArmedAt(Time at)
    {
        Simulator::Schedule(at, [this]() { m_armed.push_back(B()->IsReceiverArmed()); });
    }

    Ptr<PacketBufferPool> m_pool; //!< B's host buffers
    std::vector<Time> m_received; //!< when B's upper layer got a packet
    std::vector<Time> m_dropped;  //!< when B's driver found no free buffer
    uint32_t m_phyDrops{0};       //!< PhyRxDrop at B
    std::vector<bool> m_armed;    //!< CheckArmedAt's findings

  private:
    /// Receive callback of B: keeps the buffer for m_keepFor if positive.
    bool Up(Ptr<NetDevice>, Ptr<const Packet>, uint16_t, const Address&)
    {
        m_received.push_back(Simulator::Now());
        if (m_keepFor.IsStrictlyPositive() && m_pool->KeepHandedUp())
        {
            Simulator::Schedule(m_keepFor, &PacketBufferPool::Free, m_pool);
        }
        return true;
    }

    /// RxLostNoPacketBuffer sink.
    void Dropped(Ptr<const Packet>)
    {
        m_dropped.push_back(Simulator::Now());
    }

    /// PhyRxDrop sink.
    void PhyDropped(Ptr<const Packet>)
    {
        ++m_phyDrops;
    }

    Time m_keepFor;               //!< how long the upper layer keeps a buffer
    NodeContainer m_nodes;        //!< A and B
    NetDeviceContainer m_devices; //!< their cards
};

} // namespace

/**
 * @ingroup ethernet-tests
 * @brief With one host buffer, kept 5 ms by the layer above, the frame that arrives in those
 * 5 ms is dropped and counted (RxLostNoPacketBuffer, PhyRxDrop, the pool's refusal) while the
 * card stays armed, and the frame after the buffer's return is received; when the layer above
 * keeps nothing, the one buffer serves every frame.
 */
class Etherlink3c500PacketBufferTestCase : public TestCase
{
  public:
    Etherlink3c500PacketBufferTestCase()
        : TestCase("3C500 with no free host packet buffer: the frame is dropped and counted, "
                   "the card stays armed")
    {
    }

  private:
    void DoRun() override
    {
        {
            PooledReceiver s(MilliSeconds(5));
            s.SendAt(MilliSeconds(1));  // received, its buffer kept until about 6.1 ms
            s.SendAt(MilliSeconds(2));  // no free buffer: dropped
            s.SendAt(MilliSeconds(10)); // received
            s.CheckArmedAt(MilliSeconds(3));
            Simulator::Run();
            NS_TEST_ASSERT_MSG_EQ(s.m_received.size(), 2, "the 1-ms and 10-ms frames");
            NS_TEST_EXPECT_MSG_LT(s.m_received[0], MilliSeconds(2), "the first at once");
            NS_TEST_EXPECT_MSG_GT(s.m_received[1], MilliSeconds(10), "the last after 10 ms");
            NS_TEST_ASSERT_MSG_EQ(s.m_dropped.size(), 1, "one frame dropped");
            NS_TEST_EXPECT_MSG_GT(s.m_dropped[0], MilliSeconds(2), "the 2-ms frame");
            NS_TEST_EXPECT_MSG_LT(s.m_dropped[0], MilliSeconds(3), "when it arrived");
            NS_TEST_EXPECT_MSG_EQ(s.B()->GetRxLostNoPacketBuffer(), 1, "counted by the card");
            NS_TEST_EXPECT_MSG_EQ(s.m_phyDrops, 1, "and as a PhyRxDrop");
            NS_TEST_EXPECT_MSG_EQ(s.B()->GetRxLostDeaf() + s.B()->GetRxLostBufferFull(),
                                  0,
                                  "not a deafness or full-card loss");
            NS_TEST_EXPECT_MSG_EQ(s.m_pool->GetRefusals(), 1, "the pool's refusal");
            NS_TEST_ASSERT_MSG_EQ(s.m_armed.size(), 1, "checked once");
            NS_TEST_EXPECT_MSG_EQ(s.m_armed[0], true, "the card stays armed after the drop");
            NS_TEST_EXPECT_MSG_EQ(s.m_pool->GetInUse(), 0, "every buffer returned");
            Simulator::Destroy();
        }
        {
            PooledReceiver s(Time(0));
            s.SendAt(MilliSeconds(1));
            s.SendAt(MilliSeconds(2));
            s.SendAt(MilliSeconds(3));
            Simulator::Run();
            NS_TEST_EXPECT_MSG_EQ(s.m_received.size(), 3, "one buffer, returned each time");
            NS_TEST_EXPECT_MSG_EQ(s.m_dropped.size(), 0, "nothing dropped");
            NS_TEST_EXPECT_MSG_EQ(s.m_pool->GetPeakInUse(), 1, "one buffer used");
            NS_TEST_EXPECT_MSG_EQ(s.m_pool->GetInUse(), 0, "returned at the end of each hand-up");
            Simulator::Destroy();
        }
    }
};

/**
 * @ingroup ethernet-tests
 * @brief The 3C500 driver and the host's packet buffers.
 */
class Etherlink3c500PacketBufferTestSuite : public TestSuite
{
  public:
    Etherlink3c500PacketBufferTestSuite()
        : TestSuite("etherlink-3c500-packet-buffers", Type::UNIT)
    {
        AddTestCase(new Etherlink3c500PacketBufferTestCase, TestCase::Duration::QUICK);
    }
};

/// Static variable for test initialization.
static Etherlink3c500PacketBufferTestSuite g_etherlink3c500PacketBufferTestSuite;
