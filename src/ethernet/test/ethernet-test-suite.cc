/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/double.h"
#include "ns3/etherlink-3c500-net-device.h"
#include "ns3/ethernet-background-traffic.h"
#include "ns3/ethernet-bus-channel.h"
#include "ns3/ethernet-cable.h"
#include "ns3/ethernet-header.h"
#include "ns3/ethernet-helper.h"
#include "ns3/ethernet-net-device.h"
#include "ns3/host-cpu.h"
#include "ns3/inet-socket-address.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/node-container.h"
#include "ns3/packet.h"
#include "ns3/pcap-file.h"
#include "ns3/pointer.h"
#include "ns3/random-variable-stream.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <deque>
#include <limits>
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

/**
 * @file
 * @ingroup ethernet-tests
 * EthernetBusChannel, EthernetNetDevice, Etherlink3c500NetDevice and
 * EthernetHelper test suite.
 */

/**
 * @ingroup ethernet
 * @ingroup tests
 * @defgroup ethernet-tests Ethernet tests
 */

using namespace ns3;

namespace
{

/// EtherType of IPv4.
constexpr uint16_t IPV4 = 0x0800;
/// Index standing for the broadcast address in SendAt().
constexpr uint32_t BROADCAST = 0xffffffff;
/// End-to-end delay of the default 500 m cable.
const Time END_TO_END = NanoSeconds(2165);
/// Inter-frame gap at 10 Mbit/s.
const Time IFG = NanoSeconds(9600);
/// Slot time at 10 Mbit/s.
const Time SLOT = NanoSeconds(51200);

/**
 * @param frameBytes frame size, destination address to FCS
 * @return time on the wire at 10 Mbit/s with the 8-byte preamble: 800 ns per byte
 */
Time
TxTime(uint32_t frameBytes)
{
    return NanoSeconds(800) * static_cast<int64_t>(frameBytes + 8);
}

/// Something that happened to a frame at a device.
struct Seen
{
    Time at;         //!< when
    uint32_t device; //!< which device (index in the scenario)
    uint32_t size;   //!< frame size (bytes, header to FCS)
    uint64_t uid;    //!< packet uid
};

/// A channel station event.
struct StationEvent
{
    Time at;          //!< when
    uint32_t station; //!< station
    uint32_t attempt; //!< collisions (see the trace)
    uint32_t slots;   //!< backoff slots (Backoff only)
    Time delay;       //!< backoff (Backoff only)
};

/**
 * @ingroup ethernet-tests
 * @brief A bus of nodes built with EthernetHelper, recording what its devices
 * and channel report.
 */
class BusScenario
{
  public:
    /**
     * Builds the bus.
     * @param helper a configured helper
     * @param nNodes number of nodes
     * @param hostCpu whether to aggregate a HostCpu to every node
     */
    BusScenario(EthernetHelper& helper, uint32_t nNodes, bool hostCpu = false);

    /**
     * Schedules a frame.
     * @param at when the upper layer hands it to the device
     * @param from sending device index
     * @param to destination device index, or BROADCAST
     * @param payload payload size (bytes)
     */
    void SendAt(Time at, uint32_t from, uint32_t to, uint32_t payload);

    /**
     * @param i device index
     * @return the device
     */
    Ptr<EthernetNetDevice> Device(uint32_t i) const;

    /**
     * @param i device index
     * @return the device as a 3C500
     */
    Ptr<Etherlink3c500NetDevice> Card(uint32_t i) const;

    NodeContainer m_nodes;                  //!< the nodes
    NetDeviceContainer m_devices;           //!< their devices
    Ptr<EthernetBusChannel> m_channel;      //!< the bus
    std::vector<Seen> m_phyTxBegin;         //!< PhyTxBegin of all devices
    std::vector<Seen> m_phyTxEnd;           //!< PhyTxEnd of all devices
    std::vector<Seen> m_phyTxDrop;          //!< PhyTxDrop of all devices
    std::vector<Seen> m_phyRxEnd;           //!< PhyRxEnd of all devices
    std::vector<Seen> m_phyRxDrop;          //!< PhyRxDrop of all devices
    std::vector<Seen> m_macRx;              //!< MacRx of all devices
    std::vector<Seen> m_macTxDrop;          //!< MacTxDrop of all devices
    std::vector<Seen> m_lostDeaf;           //!< RxLostDeaf of all 3C500s
    std::vector<Seen> m_lostFull;           //!< RxLostBufferFull of all 3C500s
    std::vector<StationEvent> m_collisions; //!< channel Collision
    std::vector<StationEvent> m_backoffs;   //!< channel Backoff
    std::vector<StationEvent> m_starts;     //!< channel TransmissionStart
    std::vector<bool> m_sendResult;         //!< return values of Send
    std::vector<std::string> m_jobs;        //!< HostCpu jobs completed: "node:activity:cost ns"

  private:
    /**
     * Records a frame.
     * @param log where
     * @param device device index
     * @param p the frame
     */
    void Record(std::vector<Seen>* log, uint32_t device, Ptr<const Packet> p);
    /**
     * Hands a frame to a device.
     * @param from device index
     * @param to destination index or BROADCAST
     * @param payload payload size
     */
    void Send(uint32_t from, uint32_t to, uint32_t payload);
};

BusScenario::BusScenario(EthernetHelper& helper, uint32_t nNodes, bool hostCpu)
{
    m_nodes.Create(nNodes);
    if (hostCpu)
    {
        for (uint32_t i = 0; i < nNodes; ++i)
        {
            Ptr<HostCpu> cpu = CreateObject<HostCpu>();
            m_nodes.Get(i)->AggregateObject(cpu);
            cpu->TraceConnectWithoutContext(
                "JobCompleted",
                Callback<void, const std::string&, Time, Time>(
                    [this, i](const std::string& activity, Time cost, Time waited) {
                        m_jobs.push_back(std::to_string(i) + ":" + activity + ":" +
                                         std::to_string(cost.GetNanoSeconds()));
                    }));
        }
    }
    m_devices = helper.Install(m_nodes);
    m_channel = DynamicCast<EthernetBusChannel>(m_devices.Get(0)->GetChannel());
    const std::vector<std::pair<std::string, std::vector<Seen>*>> sources{
        {"PhyTxBegin", &m_phyTxBegin},
        {"PhyTxEnd", &m_phyTxEnd},
        {"PhyTxDrop", &m_phyTxDrop},
        {"PhyRxEnd", &m_phyRxEnd},
        {"PhyRxDrop", &m_phyRxDrop},
        {"MacRx", &m_macRx},
        {"MacTxDrop", &m_macTxDrop},
        {"RxLostDeaf", &m_lostDeaf},
        {"RxLostBufferFull", &m_lostFull},
    };
    for (uint32_t i = 0; i < nNodes; ++i)
    {
        for (const auto& [name, log] : sources)
        {
            m_devices.Get(i)->TraceConnectWithoutContext(
                name,
                MakeCallback(&BusScenario::Record, this).Bind(log, i));
        }
    }
    m_channel->TraceConnectWithoutContext(
        "Collision",
        Callback<void, uint32_t, uint32_t>([this](uint32_t station, uint32_t attempt) {
            m_collisions.push_back(StationEvent{Simulator::Now(), station, attempt, 0, Time(0)});
        }));
    m_channel->TraceConnectWithoutContext(
        "TransmissionStart",
        Callback<void, uint32_t, uint32_t>([this](uint32_t station, uint32_t attempt) {
            m_starts.push_back(StationEvent{Simulator::Now(), station, attempt, 0, Time(0)});
        }));
    m_channel->TraceConnectWithoutContext(
        "Backoff",
        Callback<void, uint32_t, uint32_t, uint32_t, Time>(
            [this](uint32_t station, uint32_t attempt, uint32_t slots, Time delay) {
                m_backoffs.push_back(
                    StationEvent{Simulator::Now(), station, attempt, slots, delay});
            }));
}

Ptr<EthernetNetDevice>
BusScenario::Device(uint32_t i) const
{
    return DynamicCast<EthernetNetDevice>(m_devices.Get(i));
}

Ptr<Etherlink3c500NetDevice>
BusScenario::Card(uint32_t i) const
{
    return DynamicCast<Etherlink3c500NetDevice>(m_devices.Get(i));
}

void
BusScenario::SendAt(Time at, uint32_t from, uint32_t to, uint32_t payload)
{
    // In the sending node's context, as an application's send would be.
    Simulator::ScheduleWithContext(m_nodes.Get(from)->GetId(),
                                   at,
                                   &BusScenario::Send,
                                   this,
                                   from,
                                   to,
                                   payload);
}

void
BusScenario::Send(uint32_t from, uint32_t to, uint32_t payload)
{
    const Mac48Address dest =
        to == BROADCAST ? Mac48Address::GetBroadcast() : Device(to)->GetMacAddress();
    m_sendResult.push_back(Device(from)->Send(Create<Packet>(payload), dest, IPV4));
}

void
BusScenario::Record(std::vector<Seen>* log, uint32_t device, Ptr<const Packet> p)
{
    log->push_back(Seen{Simulator::Now(), device, p->GetSize(), p->GetUid()});
}

/**
 * @ingroup ethernet-tests
 * @brief A lone frame is delivered when its last bit arrives: preamble and
 * frame at 10 Mbit/s plus the propagation delay; short data is padded to a
 * 64-byte frame; a broadcast reaches every device at its own distance.
 */
class EthernetLoneFrameTestCase : public TestCase
{
  public:
    EthernetLoneFrameTestCase()
        : TestCase("lone frame: exact delivery time, padding, broadcast at each distance")
    {
    }

  private:
    void DoRun() override
    {
        EthernetHelper helper;
        RunUnicast(helper);
        RunBroadcast(helper);
    }

    /**
     * Two devices at the ends of the cable.
     * @param helper the helper
     */
    void RunUnicast(EthernetHelper& helper)
    {
        BusScenario s(helper, 2);
        NS_TEST_ASSERT_MSG_EQ(s.m_channel->GetDelay(0, 1), END_TO_END, "ends of 500 m: 2165 ns");
        NS_TEST_ASSERT_MSG_EQ(s.Device(1)->GetPosition(), 500.0, "second node at the far end");
        s.SendAt(MilliSeconds(1), 0, 1, 100);
        s.SendAt(MilliSeconds(2), 1, 0, 10);
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(s.m_phyRxEnd.size(), 2u, "two frames received");
        // 100 bytes of data: 14 + 100 + 4 = 118-byte frame, 126 bytes with the preamble,
        // 100.8 us at 10 Mbit/s; the last bit reaches the far end 2.165 us later.
        NS_TEST_ASSERT_MSG_EQ(s.m_phyTxBegin[0].at, MilliSeconds(1), "starts at once");
        NS_TEST_ASSERT_MSG_EQ(s.m_phyTxEnd[0].at, MilliSeconds(1) + TxTime(118), "last bit left");
        NS_TEST_ASSERT_MSG_EQ(s.m_phyRxEnd[0].size, 118u, "header, data, FCS");
        NS_TEST_ASSERT_MSG_EQ(s.m_phyRxEnd[0].at, NanoSeconds(1102965), "1102.965 us");
        NS_TEST_ASSERT_MSG_EQ(s.m_phyRxEnd[0].at,
                              MilliSeconds(1) + TxTime(118) + END_TO_END,
                              "transmission + propagation");
        NS_TEST_ASSERT_MSG_EQ(s.m_macRx[0].at, s.m_phyRxEnd[0].at, "no CPU: passed up at once");
        // 10 bytes of data are padded to 46: a 64-byte frame, 57.6 us.
        NS_TEST_ASSERT_MSG_EQ(s.m_phyRxEnd[1].size, 64u, "padded to the minimum frame");
        NS_TEST_ASSERT_MSG_EQ(s.m_phyRxEnd[1].at,
                              MilliSeconds(2) + NanoSeconds(57600) + END_TO_END,
                              "short frame");
        NS_TEST_ASSERT_MSG_EQ(s.m_channel->GetCollisions(), 0u, "no collision");
        NS_TEST_ASSERT_MSG_EQ(s.m_channel->GetDeferrals(), 0u, "no deferral");
        NS_TEST_ASSERT_MSG_EQ(s.m_channel->GetDeviceFramesSent(), 2u, "two frames sent");
        Simulator::Destroy();
    }

    /**
     * Three devices at 0, 125 and 500 m; a broadcast from the one at 125 m.
     * @param helper the helper
     */
    void RunBroadcast(EthernetHelper& helper)
    {
        helper.SetPositions({0.0, 125.0, 500.0});
        BusScenario s(helper, 3);
        helper.SetPositions({});
        s.SendAt(MilliSeconds(1), 1, BROADCAST, 200);
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(s.m_macRx.size(), 2u, "both others receive");
        // 125 m is a quarter of the cable: 541.25 ns, 541 ns at the nanosecond resolution.
        const Time end = MilliSeconds(1) + TxTime(218);
        NS_TEST_ASSERT_MSG_EQ(s.m_macRx[0].device, 0u, "the nearer device first");
        NS_TEST_ASSERT_MSG_EQ(s.m_macRx[0].at, end + NanoSeconds(541), "0 m: 125 m away");
        NS_TEST_ASSERT_MSG_EQ(s.m_macRx[1].device, 2u, "then the farther");
        NS_TEST_ASSERT_MSG_EQ(s.m_macRx[1].at, end + NanoSeconds(2165 - 541), "500 m: 375 m away");
        Simulator::Destroy();
    }
};

/**
 * @ingroup ethernet-tests
 * @brief Carrier sense and the inter-frame gap: back-to-back frames leave
 * 9.6 us apart; a station that senses a frame sends 9.6 us after it has
 * passed; a station that starts before the other's first bit reaches it
 * collides.
 */
class EthernetDeferralTestCase : public TestCase
{
  public:
    EthernetDeferralTestCase()
        : TestCase("carrier sense and inter-frame gap: back to back, deferral, vulnerable window")
    {
    }

  private:
    /**
     * A at 0 m sends at 1 ms; B at 500 m sends at 1 ms + @p offset.
     * @param offset when B's frame is handed over, after A's
     * @return the scenario's start times (A, B) and whether they collided
     */
    std::pair<std::vector<Time>, uint64_t> Race(Time offset)
    {
        EthernetHelper helper;
        helper.SetDeviceType("ns3::EthernetNetDevice");
        BusScenario s(helper, 2);
        s.SendAt(MilliSeconds(1), 0, 1, 100);
        s.SendAt(MilliSeconds(1) + offset, 1, 0, 100);
        Simulator::Run();
        std::vector<Time> starts;
        for (const Seen& x : s.m_phyTxBegin)
        {
            starts.push_back(x.at);
        }
        const uint64_t collisions = s.m_channel->GetCollisions();
        Simulator::Destroy();
        return {starts, collisions};
    }

    void DoRun() override
    {
        {
            EthernetHelper helper;
            helper.SetDeviceType("ns3::EthernetNetDevice");
            BusScenario s(helper, 2);
            for (int i = 0; i < 3; ++i)
            {
                s.SendAt(MilliSeconds(1), 0, 1, 100);
            }
            Simulator::Run();
            NS_TEST_ASSERT_MSG_EQ(s.m_phyTxBegin.size(), 3u, "three transmissions");
            for (uint32_t k = 1; k < 3; ++k)
            {
                NS_TEST_ASSERT_MSG_EQ(s.m_phyTxBegin[k].at,
                                      s.m_phyTxEnd[k - 1].at + IFG,
                                      "frame " << k << " one gap after the previous");
            }
            NS_TEST_ASSERT_MSG_EQ(s.m_phyTxBegin[1].at, NanoSeconds(1110400), "1100.8 + 9.6 us");
            NS_TEST_ASSERT_MSG_EQ(s.m_macRx.size(), 3u, "all delivered");
            Simulator::Destroy();
        }
        {
            // B gets its frame while A's passes it: B defers until A's last bit has passed
            // (1100.8 + 2.165 us) and then waits one gap.
            auto [starts, collisions] = Race(MicroSeconds(50));
            NS_TEST_ASSERT_MSG_EQ(starts.size(), 2u, "two transmissions");
            NS_TEST_ASSERT_MSG_EQ(starts[1],
                                  MilliSeconds(1) + TxTime(118) + END_TO_END + IFG,
                                  "B deferred: 1112.565 us");
            NS_TEST_ASSERT_MSG_EQ(collisions, 0u, "no collision");
        }
        {
            // A's first bit reaches B at 1002.165 us. B cannot sense it before: a frame handed
            // over up to that instant goes at once and collides.
            for (Time offset : {MicroSeconds(2), END_TO_END})
            {
                auto [starts, collisions] = Race(offset);
                NS_TEST_ASSERT_MSG_EQ(starts[1], MilliSeconds(1) + offset, "B starts at once");
                // Both senders detect each collision (their backoffs may collide again).
                NS_TEST_ASSERT_MSG_GT_OR_EQ(collisions, 2u, "both senders collide");
                NS_TEST_ASSERT_MSG_EQ(collisions % 2, 0u, "always both of them");
            }
            auto [starts, collisions] = Race(END_TO_END + NanoSeconds(1));
            NS_TEST_ASSERT_MSG_EQ(starts[1],
                                  MilliSeconds(1) + TxTime(118) + END_TO_END + IFG,
                                  "1 ns later B senses A and defers");
            NS_TEST_ASSERT_MSG_EQ(collisions, 0u, "no collision");
        }
    }
};

/**
 * @ingroup ethernet-tests
 * @brief Two stations starting within the propagation delay collide; both
 * jam and back off by their drawn slots, the second retry defers to the
 * first, and both frames arrive at exactly the computed times.
 */
class EthernetCollisionTestCase : public TestCase
{
  public:
    EthernetCollisionTestCase()
        : TestCase("collision: detection, preamble + jam, backoff in slots, deferral, delivery")
    {
    }

  private:
    void DoRun() override
    {
        EthernetHelper helper;
        helper.SetDeviceType("ns3::EthernetNetDevice");
        // Draws in detection order: B detects first (u = 0: no backoff), then A (u = 0.6:
        // slot 1 of 0..1).
        Ptr<DeterministicRandomVariable> draws = CreateObject<DeterministicRandomVariable>();
        double values[] = {0.0, 0.6};
        draws->SetValueArray(values, 2);
        helper.SetChannelAttribute("BackoffVariable", PointerValue(draws));
        BusScenario s(helper, 2);
        const Time t0 = MilliSeconds(1);
        s.SendAt(t0, 0, 1, 100);
        s.SendAt(t0 + MicroSeconds(1), 1, 0, 100);
        Simulator::Run();

        // B hears A at t0 + 2.165 us, A hears B at t0 + 1 + 2.165 us; both are still in their
        // preamble (6.4 us), which they finish before the 3.2 us jam: A stops at t0 + 9.6,
        // B at t0 + 1 + 9.6 us.
        NS_TEST_ASSERT_MSG_EQ(s.m_collisions.size(), 2u, "one collision, both senders");
        NS_TEST_ASSERT_MSG_EQ(s.m_collisions[0].station, 1u, "B hears it first");
        NS_TEST_ASSERT_MSG_EQ(s.m_collisions[0].at, t0 + END_TO_END, "when A's first bit arrives");
        NS_TEST_ASSERT_MSG_EQ(s.m_collisions[1].station, 0u, "then A");
        NS_TEST_ASSERT_MSG_EQ(s.m_collisions[1].at,
                              t0 + MicroSeconds(1) + END_TO_END,
                              "when B's first bit arrives");
        NS_TEST_ASSERT_MSG_EQ(s.m_backoffs.size(), 2u, "both back off");
        NS_TEST_ASSERT_MSG_EQ(s.m_backoffs[0].slots, 0u, "B: slot 0");
        NS_TEST_ASSERT_MSG_EQ(s.m_backoffs[1].slots, 1u, "A: slot 1");
        NS_TEST_ASSERT_MSG_EQ(s.m_backoffs[1].delay, SLOT, "one slot is 51.2 us");
        NS_TEST_ASSERT_MSG_EQ(s.Device(0)->GetCollisions(), 1u, "A collided once");

        // B: its own jam ended at t0 + 10.6 us, A's passes it at t0 + 9.6 + 2.165 = 11.765;
        // after the gap it resends at t0 + 21.365 us.
        const Time bRetry = t0 + NanoSeconds(9600) + END_TO_END + IFG;
        // A: ready after one slot, t0 + 60.8 us, but B's retry reached it at t0 + 23.53 us;
        // it defers until that frame has passed (t0 + 21.365 + 100.8 + 2.165 us) and a gap.
        const Time bEndAtA = bRetry + TxTime(118) + END_TO_END;
        const Time aRetry = bEndAtA + IFG;
        NS_TEST_ASSERT_MSG_EQ(s.m_phyTxBegin.size(), 4u, "four attempts");
        NS_TEST_ASSERT_MSG_EQ(s.m_phyTxBegin[2].device, 1u, "B retries first");
        NS_TEST_ASSERT_MSG_EQ(s.m_phyTxBegin[2].at, bRetry, "B after its gap: t0 + 21.365 us");
        NS_TEST_ASSERT_MSG_EQ(s.m_phyTxBegin[3].device, 0u, "A retries second");
        NS_TEST_ASSERT_MSG_EQ(s.m_phyTxBegin[3].at, aRetry, "A deferred to B's retry");
        NS_TEST_ASSERT_MSG_EQ(aRetry, t0 + NanoSeconds(133930), "t0 + 133.93 us");
        NS_TEST_ASSERT_MSG_EQ(s.m_macRx.size(), 2u, "both frames delivered");
        NS_TEST_ASSERT_MSG_EQ(s.m_macRx[0].device, 0u, "B's frame at A");
        NS_TEST_ASSERT_MSG_EQ(s.m_macRx[0].at, bEndAtA, "when its last bit reaches A");
        NS_TEST_ASSERT_MSG_EQ(s.m_macRx[1].at, aRetry + TxTime(118) + END_TO_END, "A's frame at B");
        NS_TEST_ASSERT_MSG_EQ(s.m_channel->GetCollisions(), 2u, "two aborted transmissions");
        // B's retry waited for A's jam and a gap after its backoff; A's for B's retry.
        NS_TEST_ASSERT_MSG_EQ(s.m_channel->GetDeferrals(), 2u, "both retries deferred");
        Simulator::Destroy();
    }
};

/**
 * @ingroup ethernet-tests
 * @brief Three stations (0, 250, 500 m) start within the propagation delay:
 * each detects the collision when the first of the others' signals reaches
 * it, and every frame is delivered in the end.
 */
class EthernetThreeWayCollisionTestCase : public TestCase
{
  public:
    EthernetThreeWayCollisionTestCase()
        : TestCase("three-way collision: each sender hears the nearest signal first; all delivered")
    {
    }

  private:
    void DoRun() override
    {
        EthernetHelper helper;
        helper.SetDeviceType("ns3::EthernetNetDevice");
        BusScenario s(helper, 3);
        helper.AssignStreams(s.m_devices, 5);
        // 250 m is half the cable: 1082.5 ns, rounded to 1083 ns from 0 m, 1082 ns to 500 m.
        NS_TEST_ASSERT_MSG_EQ(s.m_channel->GetDelay(0, 1), NanoSeconds(1083), "0 to 250 m");
        NS_TEST_ASSERT_MSG_EQ(s.m_channel->GetDelay(1, 2), NanoSeconds(1082), "250 to 500 m");
        const Time t0 = MilliSeconds(1);
        s.SendAt(t0, 0, 1, 100);                    // A at 0 m
        s.SendAt(t0 + NanoSeconds(500), 1, 2, 100); // B at 250 m
        s.SendAt(t0 + MicroSeconds(1), 2, 0, 100);  // C at 500 m
        Simulator::Run();
        // B hears A at t0 + 1.083 us (C's signal would come at t0 + 2.082); C hears B at
        // t0 + 0.5 + 1.082 = 1.582 us (before A's, at 2.165); A hears B at t0 + 1.583 us
        // (before C's, at 3.165).
        NS_TEST_ASSERT_MSG_GT_OR_EQ(s.m_collisions.size(), 3u, "all three collide");
        NS_TEST_ASSERT_MSG_EQ(s.m_collisions[0].station, 1u, "B first");
        NS_TEST_ASSERT_MSG_EQ(s.m_collisions[0].at, t0 + NanoSeconds(1083), "B hears A");
        NS_TEST_ASSERT_MSG_EQ(s.m_collisions[1].station, 2u, "then C");
        NS_TEST_ASSERT_MSG_EQ(s.m_collisions[1].at, t0 + NanoSeconds(1582), "C hears B");
        NS_TEST_ASSERT_MSG_EQ(s.m_collisions[2].station, 0u, "then A");
        NS_TEST_ASSERT_MSG_EQ(s.m_collisions[2].at, t0 + NanoSeconds(1583), "A hears B");
        // Every first attempt ends after its preamble and jam; the retries start after them.
        NS_TEST_ASSERT_MSG_EQ(s.m_macRx.size(), 3u, "all three frames delivered in the end");
        NS_TEST_ASSERT_MSG_EQ(s.m_phyTxDrop.size(), 0u, "none dropped");
        NS_TEST_ASSERT_MSG_EQ(s.m_phyTxBegin.size(), 3 + s.m_collisions.size(), "one retry each");
        Simulator::Destroy();
    }
};

/**
 * @param at a collision's detection time (ns)
 * @param node the detecting sender's node id
 * @return a draw in [0, 1) that depends only on these two, whatever the order in which
 *         simultaneous detections are processed
 */
double
HashedDraw(int64_t at, uint32_t node)
{
    uint64_t x =
        static_cast<uint64_t>(at) * 0x9E3779B97F4A7C15ULL + (node + 1) * 0xBF58476D1CE4E5B9ULL;
    x ^= x >> 31;
    x *= 0x94D049BB133111EBULL;
    x ^= x >> 29;
    return static_cast<double>(x >> 11) / 9007199254740992.0;
}

/**
 * @ingroup ethernet-tests
 * @brief Backoff draws from the detection time and the detecting node (the context of a
 * device's detection event), so that a walk of the MAC can reproduce them.
 */
class HashedBackoffVariable : public RandomVariableStream
{
  public:
    double GetValue() override
    {
        return HashedDraw(Simulator::Now().GetNanoSeconds(), Simulator::GetContext());
    }

    uint32_t GetInteger() override
    {
        return static_cast<uint32_t>(GetValue());
    }
};

/**
 * @ingroup ethernet-tests
 * @brief The channel's planned deference, collision detection and backoff
 * give exactly the transmissions of a plain tick-by-tick walk of the IEEE
 * 802.3 MAC state machines (25 ns ticks), for four stations handed frames at
 * random moments, heavily loaded.
 */
class EthernetTickWalkTestCase : public TestCase
{
  public:
    EthernetTickWalkTestCase()
        : TestCase("cross-check: every start and collision as in a tick-by-tick walk of the MAC")
    {
    }

  private:
    /// A frame handed to a station.
    struct Handed
    {
        int64_t at;       //!< when (ns)
        uint32_t from;    //!< station
        uint32_t payload; //!< data bytes
    };

    /// A start or a collision, in ns.
    struct Mark
    {
        int64_t at;       //!< when
        uint32_t station; //!< who

        /**
         * @param o another mark
         * @return whether they are the same
         */
        bool operator==(const Mark& o) const
        {
            return at == o.at && station == o.station;
        }
    };

    /**
     * Walks the MAC of every station one 25 ns tick at a time.
     * @param handed the frames, in time order
     * @param position each station's distance from cable end 0 (ns)
     * @param nodes each station's node id (for the backoff draws)
     * @param [out] starts every transmission start
     * @param [out] collisions every collision detection
     */
    void Walk(const std::vector<Handed>& handed,
              const std::vector<int64_t>& position,
              const std::vector<uint32_t>& nodes,
              std::vector<Mark>& starts,
              std::vector<Mark>& collisions)
    {
        const int64_t tick = 25;
        const int64_t ifg = 9600;
        const int64_t part1 = 6400;
        const int64_t preamble = 6400;
        const int64_t jam = 3200;
        const int64_t slot = 51200;

        struct Tx
        {
            uint32_t station;
            int64_t start;
            int64_t end;
            bool aborted;
        };

        enum State
        {
            QUIET,
            DEFER,
            GAP
        };

        struct Station
        {
            std::deque<uint32_t> queue; // frame bytes
            bool busy{false};           // the MAC holds a frame
            uint32_t bytes{0};
            uint32_t attempts{0};
            int64_t notBefore{0}; // backoff end, or when the frame was handed over
            int32_t tx{-1};       // current transmission
            State state{QUIET};
            bool restartable{true};
            int64_t drop{0};
            int64_t gapEnd{0};
        };

        const std::size_t n = position.size();
        std::vector<Station> st(n);
        std::vector<Tx> txs;
        std::size_t next = 0;
        std::size_t oldest = 0;
        auto d = [&](uint32_t a, uint32_t b) { return std::llabs(position[a] - position[b]); };
        auto take = [&](Station& s, int64_t t) {
            if (!s.busy && !s.queue.empty())
            {
                s.busy = true;
                s.bytes = s.queue.front();
                s.queue.pop_front();
                s.attempts = 0;
                s.notBefore = t;
            }
        };
        for (int64_t t = 0;; t += tick)
        {
            // Nothing can happen on an idle bus until the next frame is handed over.
            bool idle = next < handed.size() && (txs.empty() || txs.back().end + 5000 < t);
            for (const Station& s : st)
            {
                idle = idle && !s.busy && s.state == QUIET;
            }
            if (idle)
            {
                t = handed[next].at;
            }
            while (next < handed.size() && handed[next].at == t)
            {
                st[handed[next].from].queue.push_back(handed[next].payload + 18);
                take(st[handed[next].from], t);
                ++next;
            }
            bool active = next < handed.size();
            while (oldest < txs.size() && txs[oldest].end + 5000 < t)
            {
                ++oldest;
            }
            // Carrier sensed at station j at tick t: a signal whose first bit arrived before t
            // and whose last bit has not passed before t.
            std::vector<bool> deferring(n);
            for (uint32_t j = 0; j < n; ++j)
            {
                Station& s = st[j];
                bool carrier = false;
                bool own = false;
                for (std::size_t k = oldest; k < txs.size(); ++k)
                {
                    const int64_t e = d(txs[k].station, j);
                    if (txs[k].start + e < t && t <= txs[k].end + e)
                    {
                        carrier = true;
                        own = own || txs[k].station == j;
                    }
                }
                bool def = true;
                switch (s.state)
                {
                case QUIET:
                    if (carrier)
                    {
                        s.state = DEFER;
                        s.restartable = !own;
                    }
                    else
                    {
                        def = false;
                    }
                    break;
                case DEFER:
                    if (!carrier)
                    {
                        s.state = GAP;
                        s.drop = t - tick;
                        s.gapEnd = s.drop + ifg;
                    }
                    break;
                case GAP:
                    if (t == s.gapEnd)
                    {
                        // The gap is over: the station may send now, whatever it hears.
                        s.state = QUIET;
                        def = false;
                    }
                    else if (carrier && s.restartable && t <= s.drop + part1)
                    {
                        s.state = DEFER;
                    }
                    break;
                }
                deferring[j] = def;
            }
            for (uint32_t j = 0; j < n; ++j)
            {
                Station& s = st[j];
                if (s.busy && s.tx < 0 && t >= s.notBefore && !deferring[j])
                {
                    s.tx = txs.size();
                    txs.push_back(Tx{j, t, t + (s.bytes + 8) * 800, false});
                    starts.push_back(Mark{t, j});
                }
            }
            // A sender hears a collision when another signal's first bit reaches it.
            for (uint32_t j = 0; j < n; ++j)
            {
                Station& s = st[j];
                if (s.tx < 0 || txs[s.tx].aborted)
                {
                    continue;
                }
                bool heard = false;
                for (std::size_t k = oldest; k < txs.size(); ++k)
                {
                    const int64_t e = d(txs[k].station, j);
                    heard = heard ||
                            (txs[k].station != j && txs[k].start + e <= t && t < txs[k].end + e);
                }
                if (heard)
                {
                    Tx& x = txs[s.tx];
                    x.aborted = true;
                    x.end = std::max(t, x.start + preamble) + jam;
                    collisions.push_back(Mark{t, j});
                    ++s.attempts;
                    if (s.attempts < 16)
                    {
                        const uint32_t range = 1u << std::min(s.attempts, 10u);
                        const auto slots = static_cast<int64_t>(HashedDraw(t, nodes[j]) * range);
                        s.notBefore = x.end + slot * slots;
                    }
                }
            }
            for (uint32_t j = 0; j < n; ++j)
            {
                Station& s = st[j];
                if (s.tx >= 0 && txs[s.tx].end == t)
                {
                    const bool done = !txs[s.tx].aborted || s.attempts >= 16;
                    s.tx = -1;
                    if (done)
                    {
                        s.busy = false;
                        take(s, t);
                    }
                }
                active = active || s.busy || !s.queue.empty();
            }
            if (!active)
            {
                return;
            }
        }
    }

    void DoRun() override
    {
        Ptr<UniformRandomVariable> rv = CreateObject<UniformRandomVariable>();
        rv->SetStream(77);
        std::vector<Handed> handed;
        for (uint32_t i = 0; i < 160; ++i)
        {
            handed.push_back(Handed{static_cast<int64_t>(rv->GetInteger(0, 4000000)) * 25,
                                    rv->GetInteger(0, 3),
                                    rv->GetInteger(46, 1500)});
        }
        std::sort(handed.begin(), handed.end(), [](const Handed& a, const Handed& b) {
            return a.at < b.at;
        });

        // 500 m of 2100 ns: taps at 0, 125, 250 and 500 m are 525 ns apart or multiples.
        EthernetHelper helper;
        helper.SetDeviceType("ns3::EthernetNetDevice");
        helper.SetChannelAttribute("PropagationDelay", TimeValue(NanoSeconds(2100)));
        helper.SetChannelAttribute("BackoffVariable",
                                   PointerValue(CreateObject<HashedBackoffVariable>()));
        helper.SetPositions({0.0, 125.0, 250.0, 500.0});
        helper.SetQueue("ns3::DropTailQueue", "MaxSize", StringValue("1000p"));
        BusScenario s(helper, 4);
        for (const Handed& h : handed)
        {
            s.SendAt(NanoSeconds(h.at), h.from, (h.from + 1) % 4, h.payload);
        }
        Simulator::Run();
        std::vector<Mark> starts;
        std::vector<Mark> collisions;
        for (const StationEvent& e : s.m_starts)
        {
            starts.push_back(Mark{e.at.GetNanoSeconds(), e.station});
        }
        for (const StationEvent& e : s.m_collisions)
        {
            collisions.push_back(Mark{e.at.GetNanoSeconds(), e.station});
        }
        const uint64_t delivered = s.m_macRx.size();
        const uint64_t dropped = s.m_phyTxDrop.size();
        std::vector<uint32_t> nodes;
        for (uint32_t i = 0; i < 4; ++i)
        {
            nodes.push_back(s.m_nodes.Get(i)->GetId());
        }
        Simulator::Destroy();

        std::vector<Mark> walkedStarts;
        std::vector<Mark> walkedCollisions;
        Walk(handed, {0, 525, 1050, 2100}, nodes, walkedStarts, walkedCollisions);
        // Same-time events of different stations may come in either order.
        auto byTime = [](const Mark& a, const Mark& b) {
            return a.at < b.at || (a.at == b.at && a.station < b.station);
        };
        for (auto* v : {&starts, &collisions, &walkedStarts, &walkedCollisions})
        {
            std::sort(v->begin(), v->end(), byTime);
        }
        NS_TEST_ASSERT_MSG_EQ(starts.size(), walkedStarts.size(), "as many transmissions");
        for (std::size_t i = 0; i < starts.size() && i < walkedStarts.size(); ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(starts[i].at, walkedStarts[i].at, "start " << i);
            NS_TEST_ASSERT_MSG_EQ(starts[i].station, walkedStarts[i].station, "station " << i);
        }
        NS_TEST_ASSERT_MSG_EQ((collisions == walkedCollisions), true, "same collisions");
        NS_TEST_ASSERT_MSG_GT(collisions.size(), 50u, "a heavily contended bus");
        NS_TEST_ASSERT_MSG_EQ(delivered + dropped, 160u, "every frame delivered or dropped");
    }
};

/**
 * @ingroup ethernet-tests
 * @brief Backoffs are whole slot times below 2^min(n,10) slots, and their
 * range grows with the collision count n: checked over many contending
 * stations with random draws, and exactly with draws at the top of the range.
 */
class EthernetBackoffRangeTestCase : public TestCase
{
  public:
    EthernetBackoffRangeTestCase()
        : TestCase("backoff: whole slots below 2^min(n,10), range growing with n")
    {
    }

  private:
    void DoRun() override
    {
        EthernetHelper helper;
        helper.SetDeviceType("ns3::EthernetNetDevice");
        // Eight stations with 30 frames each for station 0, all handed over at once: they
        // collide again and again.
        BusScenario s(helper, 8);
        helper.AssignStreams(s.m_devices, 17);
        for (uint32_t from = 1; from < 8; ++from)
        {
            for (int k = 0; k < 30; ++k)
            {
                s.SendAt(MilliSeconds(1), from, 0, 500);
            }
        }
        Simulator::Run();
        std::map<uint32_t, uint32_t> largest;
        for (const StationEvent& b : s.m_backoffs)
        {
            const uint32_t range = 1u << std::min(b.attempt, 10u);
            NS_TEST_ASSERT_MSG_LT(b.slots, range, "slots below 2^min(n,10) at n = " << b.attempt);
            NS_TEST_ASSERT_MSG_EQ(b.delay, SLOT * static_cast<int64_t>(b.slots), "whole slots");
            largest[b.attempt] = std::max(largest[b.attempt], b.slots);
        }
        NS_TEST_ASSERT_MSG_EQ(largest[1], 1u, "n = 1: 0 or 1 slot, both drawn");
        NS_TEST_ASSERT_MSG_GT(largest[3], 3u, "n = 3: beyond the range of n = 2");
        NS_TEST_ASSERT_MSG_GT(largest[5], 15u, "n = 5: beyond the range of n = 4");
        const uint64_t delivered = s.m_macRx.size();
        const uint64_t dropped = s.m_phyTxDrop.size();
        NS_TEST_ASSERT_MSG_EQ(delivered + dropped, 210u, "every frame delivered or dropped");
        NS_TEST_ASSERT_MSG_GT(delivered, 200u, "nearly all delivered");
        Simulator::Destroy();
    }
};

/**
 * @ingroup ethernet-tests
 * @brief With every draw at the top of the range two stations that collide
 * once collide at every attempt: backoffs of 1, 3, 7, ..., 1023 slots (the
 * range stops growing after 10 collisions), and after the 16th collision both
 * frames are dropped, at exactly the computed time, and counted.
 */
class EthernetExcessiveCollisionsTestCase : public TestCase
{
  public:
    EthernetExcessiveCollisionsTestCase()
        : TestCase("16 collisions: backoff 2^min(n,10) - 1 slots, then drop, counted and traced")
    {
    }

  private:
    void DoRun() override
    {
        EthernetHelper helper;
        helper.SetDeviceType("ns3::EthernetNetDevice");
        helper.SetChannelAttribute("BackoffVariable",
                                   StringValue("ns3::ConstantRandomVariable[Constant=0.9999]"));
        BusScenario s(helper, 2);
        uint32_t excessive = 0;
        s.m_channel->TraceConnectWithoutContext(
            "ExcessiveCollisions",
            Callback<void, uint32_t, uint32_t>(
                [&excessive](uint32_t station, uint32_t attempts) { ++excessive; }));
        const Time t0 = MilliSeconds(1);
        s.SendAt(t0, 0, 1, 100);
        s.SendAt(t0 + MicroSeconds(1), 1, 0, 100);
        s.SendAt(Seconds(1), 0, 1, 100); // after the drop, the next frame goes normally
        Simulator::Run();

        NS_TEST_ASSERT_MSG_EQ(s.m_collisions.size(), 32u, "16 collisions of each sender");
        NS_TEST_ASSERT_MSG_EQ(s.m_backoffs.size(), 30u, "15 backoffs each");
        // A's attempt k starts at S(k); it stops (preamble + jam) at S(k) + 9.6 us and waits
        // (2^min(k,10) - 1) slots; B does the same 1 us behind and always collides with it.
        Time start = t0;
        uint32_t a = 0;
        for (const StationEvent& b : s.m_backoffs)
        {
            if (b.station != 0)
            {
                continue;
            }
            const uint32_t n = ++a;
            NS_TEST_ASSERT_MSG_EQ(b.attempt, n, "collision count");
            NS_TEST_ASSERT_MSG_EQ(b.slots, (1u << std::min(n, 10u)) - 1, "top of the range");
            start += NanoSeconds(9600) + SLOT * static_cast<int64_t>(b.slots);
        }
        NS_TEST_ASSERT_MSG_EQ(a, 15u, "A backed off 15 times");
        NS_TEST_ASSERT_MSG_EQ(s.m_phyTxDrop.size(), 2u, "both frames dropped");
        NS_TEST_ASSERT_MSG_EQ(s.m_phyTxDrop[0].device, 0u, "A first");
        NS_TEST_ASSERT_MSG_EQ(s.m_phyTxDrop[0].at,
                              start + NanoSeconds(9600),
                              "at the 16th jam's end");
        NS_TEST_ASSERT_MSG_EQ(s.m_phyTxDrop[1].at, start + NanoSeconds(10600), "B 1 us later");
        NS_TEST_ASSERT_MSG_EQ(s.m_macTxDrop.size(), 2u, "MacTxDrop too");
        NS_TEST_ASSERT_MSG_EQ(excessive, 2u, "ExcessiveCollisions traced");
        NS_TEST_ASSERT_MSG_EQ(s.m_channel->GetExcessiveCollisionDrops(), 2u, "counted");
        NS_TEST_ASSERT_MSG_EQ(s.Device(0)->GetExcessiveCollisionDrops(), 1u, "A's count");
        NS_TEST_ASSERT_MSG_EQ(s.Device(0)->GetCollisions(), 16u, "A's collisions");
        NS_TEST_ASSERT_MSG_EQ(s.m_macRx.size(), 1u, "only the later frame arrives");
        NS_TEST_ASSERT_MSG_EQ(s.m_macRx[0].at,
                              Seconds(1) + TxTime(118) + END_TO_END,
                              "sent normally after the drop");
        Simulator::Destroy();
    }
};

/**
 * @ingroup ethernet-tests
 * @brief The IEEE 802.3 deference process on hand-made carrier patterns: a
 * station waits for the carrier to drop and one gap; carrier in the gap's
 * first 6.4 us restarts it, later carrier does not, and after the station's
 * own transmission the first part does not restart either.
 */
class EthernetCableDeferenceTestCase : public TestCase
{
  public:
    EthernetCableDeferenceTestCase()
        : TestCase("deference: carrier, gap, restart in part 1, none in part 2 or after own frame")
    {
    }

  private:
    /**
     * Evaluates station 0's deference over a carrier pattern.
     * @param carriers (station, from ns, to ns) transmissions
     * @param t when station 0 wants to send (ns)
     * @param far whether station 1 sits 2165 ns away instead of at the same point
     * @return the first time it may (ns)
     */
    int64_t FreeAt(const std::vector<std::tuple<uint32_t, int64_t, int64_t>>& carriers,
                   int64_t t,
                   bool far = false)
    {
        EthernetCable cable;
        cable.SetInterFrameGap(9600, 6400);
        cable.AddStation(0);
        cable.AddStation(far ? 2165 : 0);
        cable.AddStation(0);
        uint64_t id = 0;
        std::vector<std::pair<uint64_t, int64_t>> heard;
        for (const auto& [station, from, to] : carriers)
        {
            EthernetCable::Transmission tx;
            tx.id = id++;
            tx.station = station;
            tx.start = from;
            tx.end = to;
            cable.Add(tx, heard);
        }
        return cable.FreeAt(0, t);
    }

    void DoRun() override
    {
        const int64_t gap = 9600;
        // Another station's carrier from 1000 to 2000 ns.
        NS_TEST_EXPECT_MSG_EQ(FreeAt({{1, 1000, 2000}}, 999), 999, "before the carrier: at once");
        NS_TEST_EXPECT_MSG_EQ(FreeAt({{1, 1000, 2000}}, 1000), 1000, "first bit not yet sensed");
        NS_TEST_EXPECT_MSG_EQ(FreeAt({{1, 1000, 2000}}, 1001), 2000 + gap, "carrier: drop + gap");
        NS_TEST_EXPECT_MSG_EQ(FreeAt({{1, 1000, 2000}}, 5000), 2000 + gap, "in the gap");
        NS_TEST_EXPECT_MSG_EQ(FreeAt({{1, 1000, 2000}}, 2000 + gap), 2000 + gap, "gap over");
        // Carrier again 6 us into the gap (part 1): the deferral restarts.
        NS_TEST_EXPECT_MSG_EQ(FreeAt({{1, 1000, 2000}, {2, 8000, 9000}}, 1500),
                              9000 + gap,
                              "part 1 restarts the gap");
        // Carrier again 7 us into the gap (part 2): ignored; the station sends at the gap's end
        // even while that carrier lasts, and defers to it if it wants to send just after.
        NS_TEST_EXPECT_MSG_EQ(FreeAt({{1, 1000, 2000}, {2, 9000, 10000}}, 1500),
                              2000 + gap,
                              "part 2 does not restart");
        NS_TEST_EXPECT_MSG_EQ(FreeAt({{1, 1000, 2000}, {2, 9000, 15000}}, 1500),
                              2000 + gap,
                              "sends into carrier that came in part 2");
        NS_TEST_EXPECT_MSG_EQ(FreeAt({{1, 1000, 2000}, {2, 9000, 15000}}, 2000 + gap + 1),
                              15000 + gap,
                              "just after the gap, that carrier is a new deferral");
        // After its own frame the station does not restart part 1.
        NS_TEST_EXPECT_MSG_EQ(FreeAt({{0, 1000, 2000}, {2, 8000, 9000}}, 1500),
                              2000 + gap,
                              "own frame: fixed gap");
        NS_TEST_EXPECT_MSG_EQ(FreeAt({{0, 1000, 2000}, {2, 2000, 3000}}, 1500),
                              3000 + gap,
                              "carrier continuing the own frame extends it");
        // A station 2165 ns away senses the same carrier 2165 ns later.
        NS_TEST_EXPECT_MSG_EQ(FreeAt({{1, 1000, 2000}}, 3165, true), 3165, "not yet arrived");
        NS_TEST_EXPECT_MSG_EQ(FreeAt({{1, 1000, 2000}}, 3166, true), 4165 + gap, "arrived");
    }
};

/**
 * @ingroup ethernet-tests
 * @brief The 3C500 is deaf while it sends: a frame for it that arrives while
 * its driver copies a frame in, or while its frame defers on the cable, is
 * lost and counted; without overlap nothing is lost.
 */
class Etherlink3c500DeafTestCase : public TestCase
{
  public:
    Etherlink3c500DeafTestCase()
        : TestCase("3C500 deafness: lost during copy-in and deferral, nothing lost without overlap")
    {
    }

  private:
    void DoRun() override
    {
        {
            // B's driver takes 2 ms to copy its frame in, from time 0; A's frame reaches B at
            // 0.5 ms + 100.8 + 2.165 us, while B's receiver is off.
            EthernetHelper helper;
            BusScenario s(helper, 2, true);
            s.Card(1)->SetAttribute("TransmitCopyCostPerPacket", TimeValue(MilliSeconds(2)));
            s.SendAt(Seconds(0), 1, 0, 100);
            s.SendAt(MicroSeconds(500), 0, 1, 100);
            Simulator::Run();
            NS_TEST_ASSERT_MSG_EQ(s.m_lostDeaf.size(), 1u, "A's frame lost at B");
            NS_TEST_ASSERT_MSG_EQ(s.m_lostDeaf[0].device, 1u, "at B");
            NS_TEST_ASSERT_MSG_EQ(s.m_lostDeaf[0].at,
                                  MicroSeconds(500) + TxTime(118) + END_TO_END,
                                  "when its last bit arrived");
            NS_TEST_ASSERT_MSG_EQ(s.m_phyRxDrop.size(), 1u, "also a PhyRxDrop");
            NS_TEST_ASSERT_MSG_EQ(s.Card(1)->GetRxLostDeaf(), 1u, "counted");
            NS_TEST_ASSERT_MSG_EQ(s.Card(1)->GetRxLostBufferFull(), 0u, "not a full buffer");
            // B's frame leaves after the copy, and A (re-armed since its frame left) gets it.
            NS_TEST_ASSERT_MSG_EQ(s.m_macRx.size(), 1u, "B's frame arrives");
            NS_TEST_ASSERT_MSG_EQ(s.m_macRx[0].device, 0u, "at A");
            NS_TEST_ASSERT_MSG_EQ(s.m_macRx[0].at,
                                  MilliSeconds(2) + TxTime(118) + END_TO_END,
                                  "after the 2 ms copy");
            // The transmit routine held B's CPU for the copy and the busy wait.
            NS_TEST_ASSERT_MSG_EQ(s.m_jobs.size(), 3u, "one routine each, A's free receive");
            NS_TEST_ASSERT_MSG_EQ(s.m_jobs[0], "0:3c500-transmit:100800", "A: the wire time");
            NS_TEST_ASSERT_MSG_EQ(s.m_jobs[1], "1:3c500-transmit:2100800", "B: copy + wire");
            Simulator::Destroy();
        }
        {
            // No CPU costs. B is handed a frame while A's frame passes it: its driver turns
            // the receiver off and the card defers; A's frame is lost at B.
            EthernetHelper helper;
            BusScenario s(helper, 2);
            s.SendAt(MilliSeconds(1), 0, 1, 100);
            s.SendAt(MilliSeconds(1) + MicroSeconds(50), 1, 0, 100);
            Simulator::Run();
            NS_TEST_ASSERT_MSG_EQ(s.m_lostDeaf.size(), 1u, "A's frame lost at B");
            NS_TEST_ASSERT_MSG_EQ(s.m_lostDeaf[0].device, 1u, "at B");
            NS_TEST_ASSERT_MSG_EQ(s.m_phyTxBegin[1].at,
                                  MilliSeconds(1) + TxTime(118) + END_TO_END + IFG,
                                  "B deferred");
            NS_TEST_ASSERT_MSG_EQ(s.m_macRx.size(), 1u, "B's frame arrives at A");
            Simulator::Destroy();
        }
        {
            // Zero costs, frames that never overlap a send of the receiver: nothing lost.
            EthernetHelper helper;
            BusScenario s(helper, 2, true);
            for (int k = 0; k < 10; ++k)
            {
                s.SendAt(MilliSeconds(k), 0, 1, 100);
                s.SendAt(MilliSeconds(k) + MicroSeconds(500), 1, 0, 100);
            }
            Simulator::Run();
            NS_TEST_ASSERT_MSG_EQ(s.m_macRx.size(), 20u, "all received");
            NS_TEST_ASSERT_MSG_EQ(s.m_lostDeaf.size() + s.m_lostFull.size(), 0u, "nothing lost");
            Simulator::Destroy();
        }
    }
};

/**
 * @ingroup ethernet-tests
 * @brief The 3C500 holds a received frame until the host has copied it out
 * and re-armed the receiver: frames that start arriving before then are
 * lost; one that starts arriving after is received.
 */
class Etherlink3c500BufferTestCase : public TestCase
{
  public:
    Etherlink3c500BufferTestCase()
        : TestCase("3C500 single buffer: lost until copied out and re-armed, received after")
    {
    }

  private:
    void DoRun() override
    {
        EthernetHelper helper;
        BusScenario s(helper, 2, true);
        s.Card(1)->SetAttribute("ReceiveCopyCostPerPacket", TimeValue(MilliSeconds(1)));
        s.Card(1)->SetAttribute("RearmCost", TimeValue(MicroSeconds(200)));
        // f1 and f2 back to back; f3 starts arriving 50 us before the re-arm; f4 after it.
        s.SendAt(MilliSeconds(1), 0, 1, 100);
        s.SendAt(MilliSeconds(1), 0, 1, 100);
        s.SendAt(MicroSeconds(2250), 0, 1, 100);
        s.SendAt(MicroSeconds(2400), 0, 1, 100);
        Simulator::Run();
        const Time f1 = MilliSeconds(1) + TxTime(118) + END_TO_END;
        const Time rearmed = f1 + MicroSeconds(1200);
        NS_TEST_ASSERT_MSG_EQ(s.m_macRx.size(), 2u, "f1 and f4 received");
        NS_TEST_ASSERT_MSG_EQ(s.m_macRx[0].at, rearmed, "f1 up after copy + re-arm");
        NS_TEST_ASSERT_MSG_EQ(rearmed, NanoSeconds(2302965), "2302.965 us");
        NS_TEST_ASSERT_MSG_EQ(s.m_lostFull.size(), 2u, "f2 and f3 lost");
        NS_TEST_ASSERT_MSG_EQ(s.m_lostFull[0].at,
                              MilliSeconds(1) + TxTime(118) + IFG + TxTime(118) + END_TO_END,
                              "f2, right behind f1");
        NS_TEST_ASSERT_MSG_EQ(s.m_lostFull[1].at,
                              MicroSeconds(2250) + TxTime(118) + END_TO_END,
                              "f3: its last bit came after the re-arm, its first before");
        NS_TEST_ASSERT_MSG_GT(s.m_lostFull[1].at, rearmed, "f3 ended after the re-arm");
        NS_TEST_ASSERT_MSG_EQ(s.m_macRx[1].at,
                              MicroSeconds(2400) + TxTime(118) + END_TO_END + MicroSeconds(1200),
                              "f4 received");
        NS_TEST_ASSERT_MSG_EQ(s.Card(1)->GetRxLostBufferFull(), 2u, "counted");
        NS_TEST_ASSERT_MSG_EQ(s.Card(1)->GetRxLostDeaf(), 0u, "B never sent");
        NS_TEST_ASSERT_MSG_EQ(s.m_jobs.back(), "1:3c500-receive:1200000", "copy + re-arm job");
        Simulator::Destroy();
    }
};

/**
 * @ingroup ethernet-tests
 * @brief The driver's CPU costs delay a frame by exactly their sum: the copy
 * in before the transmission, the copy out and re-arm before the packet goes
 * up; a send that finds a received frame in the buffer waits for its copy
 * out.
 */
class Etherlink3c500CostsTestCase : public TestCase
{
  public:
    Etherlink3c500CostsTestCase()
        : TestCase("3C500 driver costs: exact delays, held transmit job, send waits for copy out")
    {
    }

  private:
    void DoRun() override
    {
        EthernetHelper helper;
        BusScenario s(helper, 2, true);
        s.Card(0)->SetAttribute("TransmitCopyCostPerPacket", TimeValue(MicroSeconds(500)));
        s.Card(0)->SetAttribute("TransmitCopyCostPerByte", TimeValue(MicroSeconds(1)));
        s.Card(0)->SetAttribute("RearmCost", TimeValue(MicroSeconds(100)));
        s.Card(1)->SetAttribute("ReceiveCopyCostPerPacket", TimeValue(MicroSeconds(300)));
        s.Card(1)->SetAttribute("ReceiveCopyCostPerByte", TimeValue(MicroSeconds(2)));
        s.Card(1)->SetAttribute("RearmCost", TimeValue(MicroSeconds(100)));
        s.SendAt(MilliSeconds(1), 0, 1, 100);
        // B's send comes while A's frame is still being copied out of its buffer.
        s.SendAt(MicroSeconds(1800), 1, 0, 100);
        Simulator::Run();
        // Copy in: 500 + 1 x 114 bytes (the 118-byte frame without its FCS) = 614 us.
        NS_TEST_ASSERT_MSG_EQ(s.m_phyTxBegin[0].at, MicroSeconds(1614), "after the copy in");
        const Time arrival = MicroSeconds(1614) + TxTime(118) + END_TO_END;
        NS_TEST_ASSERT_MSG_EQ(s.m_phyRxEnd[0].at, arrival, "off the cable");
        // Copy out: 300 + 2 x 114 us, re-arm 100 us: 628 us.
        const Time up = arrival + MicroSeconds(628);
        NS_TEST_ASSERT_MSG_EQ(s.m_macRx[0].at, up, "passed up after copy out and re-arm");
        NS_TEST_ASSERT_MSG_EQ(s.m_phyTxBegin[1].device, 1u, "B's send");
        NS_TEST_ASSERT_MSG_EQ(s.m_phyTxBegin[1].at, up, "waited for the copy out");
        NS_TEST_ASSERT_MSG_EQ(s.m_macRx[1].at,
                              up + TxTime(118) + END_TO_END + MicroSeconds(100),
                              "B's frame at A, after A's re-arm");
        NS_TEST_ASSERT_MSG_EQ(s.m_lostDeaf.size() + s.m_lostFull.size(), 0u, "nothing lost");
        // A's routine held its CPU for the copy, the wire time and the re-arm.
        NS_TEST_ASSERT_MSG_EQ(s.m_jobs[0], "0:3c500-transmit:814800", "614 + 100.8 + 100 us");
        NS_TEST_ASSERT_MSG_EQ(s.m_jobs[1], "1:3c500-receive:628000", "300 + 228 + 100 us");
        Ptr<HostCpu> cpu = s.m_nodes.Get(0)->GetObject<HostCpu>();
        NS_TEST_ASSERT_MSG_EQ(cpu->GetBusyTime(Etherlink3c500NetDevice::TRANSMIT_ACTIVITY),
                              NanoSeconds(814800),
                              "accounted");
        Simulator::Destroy();
    }
};

/**
 * @ingroup ethernet-tests
 * @brief Frames over the MTU and IEEE 802.3 length fields are refused; a
 * frame of exactly the MTU is the maximum 1518-byte frame.
 */
class EthernetMtuTestCase : public TestCase
{
  public:
    EthernetMtuTestCase()
        : TestCase("MTU: 1501 bytes refused, 1500 sent as a 1518-byte frame, length field refused")
    {
    }

  private:
    void DoRun() override
    {
        EthernetHelper helper;
        BusScenario s(helper, 2);
        NS_TEST_ASSERT_MSG_EQ(s.Device(0)->GetMtu(), 1500, "Ethernet II MTU");
        s.SendAt(MicroSeconds(1), 0, 1, 1501);
        s.SendAt(MicroSeconds(2), 0, 1, 1500);
        Simulator::ScheduleWithContext(s.m_nodes.Get(0)->GetId(), MicroSeconds(3), [&s]() {
            s.m_sendResult.push_back(
                s.Device(0)->Send(Create<Packet>(100), s.Device(1)->GetMacAddress(), 100));
        });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(s.m_sendResult.size(), 3u, "three sends");
        NS_TEST_ASSERT_MSG_EQ(s.m_sendResult[0], false, "over the MTU: refused");
        NS_TEST_ASSERT_MSG_EQ(s.m_sendResult[1], true, "the MTU: accepted");
        NS_TEST_ASSERT_MSG_EQ(s.m_sendResult[2], false, "a length, not an EtherType: refused");
        NS_TEST_ASSERT_MSG_EQ(s.m_macTxDrop.size(), 2u, "two MacTxDrop");
        NS_TEST_ASSERT_MSG_EQ(s.m_phyRxEnd.size(), 1u, "one reception");
        NS_TEST_ASSERT_MSG_EQ(s.m_phyRxEnd[0].size, 1518u, "maximum frame");
        NS_TEST_ASSERT_MSG_EQ(s.m_phyRxEnd[0].at - s.m_phyTxBegin[0].at,
                              NanoSeconds(1220800) + END_TO_END,
                              "1220.8 us on the wire");
        Simulator::Destroy();
    }
};

/**
 * @ingroup ethernet-tests
 * @brief Result of a probe run over a bus with background load.
 */
struct ProbeRun
{
    std::vector<Time> deliveries; //!< arrival times of the probes
    uint64_t collisions{0};       //!< channel collisions
    uint64_t deferrals{0};        //!< channel deferrals
    uint64_t offered{0};          //!< background frames offered
    uint64_t sent{0};             //!< background frames sent
    uint64_t dropped{0};          //!< frames dropped after 16 collisions
    uint64_t lost{0};             //!< frames lost at the receiving 3C500
    uint64_t probeCollisions{0};  //!< collisions of the probing device
    uint64_t events{0};           //!< simulator events executed
};

/**
 * A at 0 m sends a 100-byte probe to B at 500 m every 5 ms for 10 s, among
 * 50 background stations.
 * @param load the background traffic's Load
 * @param stream first random stream
 * @return what happened
 */
ProbeRun
RunProbes(double load, int64_t stream)
{
    EthernetHelper helper;
    helper.SetBackgroundAttribute("Stations", UintegerValue(50));
    helper.SetBackgroundAttribute("Load", DoubleValue(load));
    BusScenario s(helper, 2);
    helper.AssignStreams(s.m_devices, stream);
    const uint32_t probes = 2000;
    for (uint32_t i = 0; i < probes; ++i)
    {
        s.SendAt(MilliSeconds(5) * static_cast<int64_t>(i) + MicroSeconds(1), 0, 1, 100);
    }
    Simulator::Stop(Seconds(10));
    Simulator::Run();
    ProbeRun r;
    for (const Seen& x : s.m_macRx)
    {
        r.deliveries.push_back(x.at);
    }
    r.collisions = s.m_channel->GetCollisions();
    r.deferrals = s.m_channel->GetDeferrals();
    r.offered = s.m_channel->GetBackgroundFramesOffered();
    r.sent = s.m_channel->GetBackgroundFramesSent();
    r.dropped = s.m_channel->GetExcessiveCollisionDrops();
    r.lost = s.Card(1)->GetRxLostDeaf() + s.Card(1)->GetRxLostBufferFull();
    r.probeCollisions = s.Device(0)->GetCollisions();
    r.events = Simulator::GetEventCount();
    Simulator::Destroy();
    return r;
}

/**
 * @ingroup ethernet-tests
 * @brief Background stations offer the configured load, defer, collide and
 * delay the devices' frames; their frames never reach a 3C500's buffer; they
 * cost a few events each; the same streams give the same run.
 */
class EthernetBackgroundTestCase : public TestCase
{
  public:
    EthernetBackgroundTestCase()
        : TestCase("background load: offered load, collisions, deferrals, events, reproducible")
    {
    }

  private:
    void DoRun() override
    {
        ProbeRun idle = RunProbes(0.0, 11);
        ProbeRun loaded = RunProbes(0.3, 11);
        ProbeRun again = RunProbes(0.3, 11);
        ProbeRun other = RunProbes(0.3, 29);
        NS_TEST_ASSERT_MSG_EQ(idle.deliveries.size(), 2000u, "every probe delivered (idle)");
        NS_TEST_ASSERT_MSG_EQ(idle.collisions + idle.deferrals, 0u, "nothing else on the cable");
        // Each idle probe: 1 us + 100.8 us + 2.165 us after it was handed over.
        NS_TEST_ASSERT_MSG_EQ(idle.deliveries[7],
                              MilliSeconds(35) + MicroSeconds(1) + TxTime(118) + END_TO_END,
                              "idle delivery time");
        // 30% of 10 Mbit/s in frames of 0.9 x 64 + 0.1 x 1518 = 209.4 bytes on average:
        // 1791 frames/s, about 17,900 in 10 s.
        const double expected = 0.3 * 10e6 / (8 * 209.4) * 10;
        NS_TEST_ASSERT_MSG_EQ_TOL(static_cast<double>(loaded.offered),
                                  expected,
                                  0.03 * expected,
                                  "offered background frames");
        NS_TEST_ASSERT_MSG_GT(loaded.sent, loaded.offered - 10, "nearly all sent");
        NS_TEST_ASSERT_MSG_GT(loaded.collisions, 100u, "background frames collide");
        NS_TEST_ASSERT_MSG_GT(loaded.deferrals, 1000u, "and defer");
        NS_TEST_ASSERT_MSG_GT(loaded.probeCollisions, 0u, "the probes collide too");
        NS_TEST_ASSERT_MSG_EQ(loaded.lost, 0u, "background frames never fill B's buffer");
        NS_TEST_ASSERT_MSG_EQ(loaded.deliveries.size() + loaded.dropped,
                              2000u,
                              "every probe delivered unless dropped");
        // Each background frame costs its arrival, plus a wake-up for each deferral or retry
        // and a detection for each collision: 2.9 here, where a third of the frames collide
        // (those deferring behind a 1518-byte frame start together when it ends).
        const double perFrame =
            static_cast<double>(loaded.events - idle.events) / static_cast<double>(loaded.offered);
        NS_TEST_ASSERT_MSG_LT(perFrame, 3.5, "events per background frame");
        NS_TEST_ASSERT_MSG_EQ((loaded.deliveries == again.deliveries), true, "same stream: same");
        NS_TEST_ASSERT_MSG_EQ(loaded.collisions, again.collisions, "same collisions");
        NS_TEST_ASSERT_MSG_EQ(loaded.events, again.events, "same events");
        NS_TEST_ASSERT_MSG_EQ((loaded.deliveries == other.deliveries), false, "other stream");
    }
};

/**
 * @ingroup ethernet-tests
 * @brief Noise on the cable (BitErrorRate) discards whole receptions at the
 * rate 1 - (1 - BER)^bits, per receiving device; background broadcasts reach
 * every device, occupy a 3C500's buffer and are dropped by the stack above.
 */
class EthernetNoiseAndBroadcastTestCase : public TestCase
{
  public:
    EthernetNoiseAndBroadcastTestCase()
        : TestCase("noise corrupts receptions per bit; background broadcasts reach every device")
    {
    }

  private:
    void DoRun() override
    {
        // 2000 probes of 100 bytes (a 118-byte frame, 944 bits) at BER 1e-4: each is corrupted
        // with probability 1 - (1 - 1e-4)^944 = 0.0901.
        {
            EthernetHelper helper;
            helper.SetChannelAttribute("BitErrorRate", DoubleValue(1e-4));
            BusScenario s(helper, 2);
            helper.AssignStreams(s.m_devices, 5);
            for (uint32_t i = 0; i < 2000; ++i)
            {
                s.SendAt(MilliSeconds(1) * static_cast<int64_t>(i), 0, 1, 100);
            }
            Simulator::Run();
            const uint64_t corrupted = s.m_channel->GetNoiseCorruptions();
            const double expected = 2000 * (1 - std::pow(1 - 1e-4, 944));
            NS_TEST_EXPECT_MSG_EQ_TOL(static_cast<double>(corrupted),
                                      expected,
                                      4 * std::sqrt(expected),
                                      "corrupted receptions");
            NS_TEST_EXPECT_MSG_EQ(s.m_macRx.size() + corrupted, 2000u, "the rest delivered");
            NS_TEST_EXPECT_MSG_EQ(s.Card(1)->GetRxLostBufferFull() + s.Card(1)->GetRxLostDeaf(),
                                  0u,
                                  "a corrupted frame does not hold the buffer");
            Simulator::Destroy();
        }
        // 20 broadcasts/s of 200 bytes from 10 background stations for 10 s: every one reaches
        // both 3C500s (nothing else is on the cable), as a Chaosnet broadcast nobody handles.
        {
            EthernetHelper helper;
            helper.SetBackgroundAttribute("Stations", UintegerValue(10));
            helper.SetBackgroundAttribute("BroadcastRate", DoubleValue(20));
            helper.SetBackgroundAttribute("BroadcastFrameSize", UintegerValue(200));
            BusScenario s(helper, 2);
            helper.AssignStreams(s.m_devices, 7);
            uint64_t chaos = 0;
            for (uint32_t i = 0; i < 2; ++i)
            {
                s.Device(i)->SetPromiscReceiveCallback(
                    MakeCallback(+[](uint64_t* n,
                                     Ptr<NetDevice>,
                                     Ptr<const Packet> p,
                                     uint16_t protocol,
                                     const Address&,
                                     const Address&,
                                     NetDevice::PacketType type) {
                        if (protocol == EthernetBackgroundTraffic::BROADCAST_ETHERTYPE &&
                            type == NetDevice::PACKET_BROADCAST && p->GetSize() == 200 - 18)
                        {
                            ++*n;
                        }
                        return true;
                    }).Bind(&chaos));
            }
            Simulator::Stop(Seconds(10));
            Simulator::Run();
            const uint64_t sent = s.m_channel->GetBackgroundBroadcastsSent();
            NS_TEST_EXPECT_MSG_EQ_TOL(static_cast<double>(sent),
                                      200.0,
                                      4 * std::sqrt(200.0),
                                      "broadcasts sent");
            // The last one may still be on its way at the stop.
            NS_TEST_EXPECT_MSG_GT_OR_EQ(chaos + 2, 2 * sent, "each reached both devices");
            NS_TEST_EXPECT_MSG_LT_OR_EQ(chaos, 2 * sent, "and no more");
            NS_TEST_EXPECT_MSG_EQ(s.m_macRx.size(), chaos, "MacRx saw them");
            Simulator::Destroy();
        }
    }
};

/**
 * @ingroup ethernet-tests
 * @brief Pcap captures are DLT_EN10MB: Ethernet II frames without the FCS,
 * ARP (padded to 60 bytes) and IPv4.
 */
class EthernetPcapTestCase : public TestCase
{
  public:
    EthernetPcapTestCase()
        : TestCase("pcap: link type 1, Ethernet II headers, ARP then three UDP datagrams")
    {
    }

  private:
    /**
     * Runs three UDP datagrams from node 0 to node 1 with pcap on both devices.
     * @param sent the capture of node 0
     * @param received the capture of node 1
     * @return the number of datagrams the receiving socket got
     */
    uint32_t RunUdp(const std::string& sent, const std::string& received)
    {
        NodeContainer nodes;
        nodes.Create(2);
        EthernetHelper helper;
        NetDeviceContainer devices = helper.Install(nodes);
        InternetStackHelper internet;
        internet.Install(nodes);
        Ipv4AddressHelper address;
        address.SetBase("10.1.1.0", "255.255.255.0");
        Ipv4InterfaceContainer interfaces = address.Assign(devices);
        helper.EnablePcap(sent, devices.Get(0), false, true);
        helper.EnablePcap(received, devices.Get(1), false, true);

        uint32_t got = 0;
        Ptr<Socket> rx = Socket::CreateSocket(nodes.Get(1), UdpSocketFactory::GetTypeId());
        rx->Bind(InetSocketAddress(Ipv4Address::GetAny(), 9));
        rx->SetRecvCallback(Callback<void, Ptr<Socket>>([&got](Ptr<Socket> socket) {
            while (socket->Recv())
            {
                ++got;
            }
        }));
        Ptr<Socket> tx = Socket::CreateSocket(nodes.Get(0), UdpSocketFactory::GetTypeId());
        tx->Bind();
        tx->Connect(InetSocketAddress(interfaces.GetAddress(1), 9));
        for (int i = 0; i < 3; ++i)
        {
            Simulator::ScheduleWithContext(nodes.Get(0)->GetId(),
                                           MilliSeconds(100 + 10 * i),
                                           [tx]() { tx->Send(Create<Packet>(100)); });
        }
        Simulator::Run();
        Simulator::Destroy();
        return got;
    }

    /**
     * Checks a capture.
     * @param filename the capture
     * @param what name for messages
     */
    void Check(const std::string& filename, const std::string& what)
    {
        PcapFile file;
        file.Open(filename, std::ios::in);
        NS_TEST_ASSERT_MSG_EQ(file.Fail(), false, what << ": cannot open");
        NS_TEST_ASSERT_MSG_EQ(file.GetDataLinkType(), 1u, what << ": DLT_EN10MB");
        std::vector<uint16_t> types;
        for (;;)
        {
            uint8_t data[2048];
            uint32_t tsSec = 0;
            uint32_t tsUsec = 0;
            uint32_t inclLen = 0;
            uint32_t origLen = 0;
            uint32_t readLen = 0;
            file.Read(data, sizeof(data), tsSec, tsUsec, inclLen, origLen, readLen);
            if (file.Eof())
            {
                break;
            }
            const uint16_t type = (data[12] << 8) | data[13];
            types.push_back(type);
            if (type == 0x0806)
            {
                NS_TEST_ASSERT_MSG_EQ(inclLen, 60u, what << ": ARP padded to 60 bytes, no FCS");
            }
            else
            {
                NS_TEST_ASSERT_MSG_EQ(type, 0x0800, what << ": IPv4");
                NS_TEST_ASSERT_MSG_EQ(inclLen, 142u, what << ": 14 + 20 + 8 + 100 bytes");
                NS_TEST_ASSERT_MSG_EQ(static_cast<uint32_t>(data[14]), 0x45u, what << ": IHL 5");
                NS_TEST_ASSERT_MSG_EQ(static_cast<uint32_t>(data[23]), 17u, what << ": UDP");
            }
        }
        const std::vector<uint16_t> expected{0x0806, 0x0806, 0x0800, 0x0800, 0x0800};
        NS_TEST_ASSERT_MSG_EQ((types == expected), true, what << ": ARP request, reply, 3 UDP");
        file.Close();
    }

    void DoRun() override
    {
        const std::string sent = CreateTempDirFilename("ethernet-sent.pcap");
        const std::string received = CreateTempDirFilename("ethernet-received.pcap");
        NS_TEST_ASSERT_MSG_EQ(RunUdp(sent, received), 3u, "UDP over ARP and the 3C500");
        Check(sent, "sender");
        Check(received, "receiver");
    }
};

/**
 * @ingroup ethernet-tests
 * @brief The ethernet test suite.
 */
class EthernetTestSuite : public TestSuite
{
  public:
    EthernetTestSuite()
        : TestSuite("ethernet", Type::UNIT)
    {
        AddTestCase(new EthernetLoneFrameTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new EthernetDeferralTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new EthernetCableDeferenceTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new EthernetCollisionTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new EthernetThreeWayCollisionTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new EthernetTickWalkTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new EthernetBackoffRangeTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new EthernetExcessiveCollisionsTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new Etherlink3c500DeafTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new Etherlink3c500BufferTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new Etherlink3c500CostsTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new EthernetMtuTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new EthernetBackgroundTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new EthernetNoiseAndBroadcastTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new EthernetPcapTestCase(), TestCase::Duration::QUICK);
    }
};

/// Static instance registering the suite.
static EthernetTestSuite g_ethernetTestSuite;

} // namespace
