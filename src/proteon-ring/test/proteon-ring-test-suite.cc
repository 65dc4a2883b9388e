/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/double.h"
#include "ns3/error-model.h"
#include "ns3/host-cpu.h"
#include "ns3/inet-socket-address.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/node-container.h"
#include "ns3/packet.h"
#include "ns3/pcap-file.h"
#include "ns3/pointer.h"
#include "ns3/proteon-ring-channel.h"
#include "ns3/proteon-ring-header.h"
#include "ns3/proteon-ring-helper.h"
#include "ns3/proteon-ring-net-device.h"
#include "ns3/random-variable-stream.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/test.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <vector>

/**
 * @file
 * @ingroup proteon-ring-tests
 * ProteonRingChannel, ProteonRingNetDevice and ProteonRingHelper test suite.
 */

/**
 * @ingroup proteon-ring
 * @ingroup tests
 * @defgroup proteon-ring-tests Proteon ring tests
 */

using namespace ns3;

namespace
{

/// EtherType the device maps to ring type RING_IP.
constexpr uint16_t IPV4 = 0x0800;
/// Broadcast station address.
constexpr uint8_t BROADCAST = 255;
/// Hop delay with the default attributes: 100 ns repeater + 100 ns cable.
const Time HOP = NanoSeconds(200);
/// Rotation period of an idle 40-station ring: 40 hops.
const Time ROTATION = MicroSeconds(8);

/**
 * @param bytes frame size, ring header included
 * @return its transmission time at 10 Mbit/s: 800 ns per byte
 */
Time
TxTime(uint32_t bytes)
{
    return NanoSeconds(800) * static_cast<int64_t>(bytes);
}

/// Something that happened to a frame at a device.
struct Seen
{
    Time at;         //!< when
    uint32_t device; //!< which device (index in the scenario)
    uint32_t size;   //!< frame size (bytes, ring header included)
    uint8_t source;  //!< source station address
    uint64_t uid;    //!< packet uid
};

/**
 * @ingroup proteon-ring-tests
 * @brief A ring of nodes built with ProteonRingHelper, recording what its
 * devices and channel report.
 */
class RingScenario
{
  public:
    /**
     * Builds the ring.
     * @param helper a configured helper
     * @param nNodes number of nodes
     * @param hostCpu whether to aggregate a HostCpu to every node
     */
    RingScenario(ProteonRingHelper& helper, uint32_t nNodes, bool hostCpu = false);

    /**
     * Schedules a frame.
     * @param at when the upper layer hands it to the device
     * @param from sending device index
     * @param to destination station address (255: broadcast)
     * @param payload payload size (bytes)
     */
    void SendAt(Time at, uint32_t from, uint8_t to, uint32_t payload);

    /**
     * @param i device index
     * @return the device
     */
    Ptr<ProteonRingNetDevice> Device(uint32_t i) const;

    /**
     * @param i device index
     * @return its station address
     */
    uint8_t Address(uint32_t i) const;

    NodeContainer m_nodes;             //!< the nodes
    NetDeviceContainer m_devices;      //!< their devices
    Ptr<ProteonRingChannel> m_channel; //!< the ring
    std::vector<Seen> m_phyTxBegin;    //!< PhyTxBegin of all devices
    std::vector<Seen> m_phyTxEnd;      //!< PhyTxEnd of all devices
    std::vector<Seen> m_phyRxEnd;      //!< PhyRxEnd of all devices
    std::vector<Seen> m_phyRxDrop;     //!< PhyRxDrop of all devices
    std::vector<Seen> m_macRx;         //!< MacRx of all devices
    std::vector<Seen> m_macTxDrop;     //!< MacTxDrop of all devices
    std::vector<bool> m_busyAtRx;      //!< receiver's interface busy at each PhyRxEnd
    std::vector<Time> m_tokenWait;     //!< TokenWait of the channel
    std::vector<bool> m_sendResult;    //!< return values of Send
    std::vector<std::string> m_jobs;   //!< HostCpu jobs completed: "node:activity:cost"

  private:
    /**
     * Records a frame.
     * @param log where
     * @param device device index
     * @param p the frame
     */
    void Record(std::vector<Seen>* log, uint32_t device, Ptr<const Packet> p);
    /**
     * Records a PhyRxEnd and whether the receiver's interface holds a frame.
     * @param device device index
     * @param p the frame
     */
    void RecordRx(uint32_t device, Ptr<const Packet> p);
    /**
     * Records a token wait.
     * @param p frame
     * @param station station
     * @param wait token wait
     */
    void RecordWait(Ptr<const Packet> p, uint32_t station, Time wait);
    /**
     * Records a HostCpu job.
     * @param node node index
     * @param activity job activity
     * @param cost job cost
     * @param waited time queued
     */
    void RecordJob(uint32_t node, const std::string& activity, Time cost, Time waited);
    /**
     * Hands a frame to a device.
     * @param from device index
     * @param to destination address
     * @param payload payload size
     */
    void Send(uint32_t from, uint8_t to, uint32_t payload);
};

RingScenario::RingScenario(ProteonRingHelper& helper, uint32_t nNodes, bool hostCpu)
{
    m_nodes.Create(nNodes);
    if (hostCpu)
    {
        for (uint32_t i = 0; i < nNodes; ++i)
        {
            Ptr<HostCpu> cpu = CreateObject<HostCpu>();
            m_nodes.Get(i)->AggregateObject(cpu);
            cpu->TraceConnectWithoutContext("JobCompleted",
                                            MakeCallback(&RingScenario::RecordJob, this).Bind(i));
        }
    }
    m_devices = helper.Install(m_nodes);
    m_channel = DynamicCast<ProteonRingChannel>(m_devices.Get(0)->GetChannel());
    for (uint32_t i = 0; i < nNodes; ++i)
    {
        Ptr<NetDevice> d = m_devices.Get(i);
        d->TraceConnectWithoutContext(
            "PhyTxBegin",
            MakeCallback(&RingScenario::Record, this).Bind(&m_phyTxBegin, i));
        d->TraceConnectWithoutContext(
            "PhyTxEnd",
            MakeCallback(&RingScenario::Record, this).Bind(&m_phyTxEnd, i));
        d->TraceConnectWithoutContext("PhyRxEnd",
                                      MakeCallback(&RingScenario::RecordRx, this).Bind(i));
        d->TraceConnectWithoutContext(
            "PhyRxDrop",
            MakeCallback(&RingScenario::Record, this).Bind(&m_phyRxDrop, i));
        d->TraceConnectWithoutContext("MacRx",
                                      MakeCallback(&RingScenario::Record, this).Bind(&m_macRx, i));
        d->TraceConnectWithoutContext(
            "MacTxDrop",
            MakeCallback(&RingScenario::Record, this).Bind(&m_macTxDrop, i));
    }
    m_channel->TraceConnectWithoutContext("TokenWait",
                                          MakeCallback(&RingScenario::RecordWait, this));
}

Ptr<ProteonRingNetDevice>
RingScenario::Device(uint32_t i) const
{
    return DynamicCast<ProteonRingNetDevice>(m_devices.Get(i));
}

uint8_t
RingScenario::Address(uint32_t i) const
{
    uint8_t a = 0;
    Device(i)->GetRingAddress().CopyTo(&a);
    return a;
}

void
RingScenario::SendAt(Time at, uint32_t from, uint8_t to, uint32_t payload)
{
    // In the sending node's context, as an application's send would be: the node checks the
    // context of what its HostCpu passes up.
    Simulator::ScheduleWithContext(m_nodes.Get(from)->GetId(),
                                   at,
                                   &RingScenario::Send,
                                   this,
                                   from,
                                   to,
                                   payload);
}

void
RingScenario::Send(uint32_t from, uint8_t to, uint32_t payload)
{
    m_sendResult.push_back(Device(from)->Send(Create<Packet>(payload), Mac8Address(to), IPV4));
}

void
RingScenario::Record(std::vector<Seen>* log, uint32_t device, Ptr<const Packet> p)
{
    ProteonRingHeader h;
    p->PeekHeader(h);
    uint8_t source = 0;
    h.GetSource().CopyTo(&source);
    log->push_back(Seen{Simulator::Now(), device, p->GetSize(), source, p->GetUid()});
}

void
RingScenario::RecordRx(uint32_t device, Ptr<const Packet> p)
{
    Record(&m_phyRxEnd, device, p);
    m_busyAtRx.push_back(Device(device)->IsInterfaceBusy());
}

void
RingScenario::RecordWait(Ptr<const Packet> p, uint32_t station, Time wait)
{
    m_tokenWait.push_back(wait);
}

void
RingScenario::RecordJob(uint32_t node, const std::string& activity, Time cost, Time waited)
{
    m_jobs.push_back(std::to_string(node) + ":" + activity + ":" +
                     std::to_string(cost.GetNanoSeconds()));
}

/**
 * @ingroup proteon-ring-tests
 * @brief The ring header is 4.3BSD's six-byte vv_header.
 */
class ProteonRingHeaderTestCase : public TestCase
{
  public:
    ProteonRingHeaderTestCase()
        : TestCase("header: six bytes dhost, shost, version 2, type, info (network order)")
    {
    }

  private:
    void DoRun() override
    {
        ProteonRingHeader h;
        h.SetDestination(Mac8Address(21));
        h.SetSource(Mac8Address(1));
        h.SetType(ProteonRingHeader::RING_ARP);
        h.SetInfo(0x1234);
        Ptr<Packet> p = Create<Packet>(10);
        p->AddHeader(h);
        NS_TEST_ASSERT_MSG_EQ(p->GetSize(), 16u, "header is 6 bytes");
        uint8_t bytes[6];
        p->CopyData(bytes, 6);
        const uint8_t expected[6] = {21, 1, 2, 3, 0x12, 0x34};
        for (int i = 0; i < 6; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(static_cast<uint32_t>(bytes[i]),
                                  static_cast<uint32_t>(expected[i]),
                                  "byte " << i);
        }
        ProteonRingHeader back;
        p->RemoveHeader(back);
        NS_TEST_ASSERT_MSG_EQ(back.GetDestination(), Mac8Address(21), "dhost");
        NS_TEST_ASSERT_MSG_EQ(back.GetSource(), Mac8Address(1), "shost");
        NS_TEST_ASSERT_MSG_EQ(static_cast<uint32_t>(back.GetVersion()), 2u, "version");
        NS_TEST_ASSERT_MSG_EQ(static_cast<uint32_t>(back.GetType()), 3u, "type");
        NS_TEST_ASSERT_MSG_EQ(back.GetInfo(), 0x1234, "info");

        uint8_t type = 0;
        uint16_t etherType = 0;
        NS_TEST_ASSERT_MSG_EQ(ProteonRingHeader::EtherTypeToRingType(0x0800, type), true, "IPv4");
        NS_TEST_ASSERT_MSG_EQ(static_cast<uint32_t>(type), 1u, "RING_IP");
        NS_TEST_ASSERT_MSG_EQ(ProteonRingHeader::EtherTypeToRingType(0x0806, type), true, "ARP");
        NS_TEST_ASSERT_MSG_EQ(static_cast<uint32_t>(type), 3u, "RING_ARP");
        NS_TEST_ASSERT_MSG_EQ(ProteonRingHeader::EtherTypeToRingType(0x86dd, type),
                              false,
                              "no IPv6 type");
        NS_TEST_ASSERT_MSG_EQ(ProteonRingHeader::RingTypeToEtherType(1, etherType), true, "IP");
        NS_TEST_ASSERT_MSG_EQ(etherType, 0x0800, "IP back");
        NS_TEST_ASSERT_MSG_EQ(ProteonRingHeader::RingTypeToEtherType(16, etherType),
                              false,
                              "RING_ECHO is not carried");
    }
};

/**
 * @ingroup proteon-ring-tests
 * @brief On an idle ring a frame is delivered at token wait + hop latencies
 * + transmission time, to its destination only; broadcast reaches every
 * other device at its own hop distance.
 */
class ProteonRingIdleDeliveryTestCase : public TestCase
{
  public:
    ProteonRingIdleDeliveryTestCase()
        : TestCase("idle ring: exact delivery time, token wait, release, broadcast")
    {
    }

  private:
    void DoRun() override
    {
        ProteonRingHelper helper;
        helper.SetStations({0, 20, 10});
        RingScenario s(helper, 3);
        NS_TEST_ASSERT_MSG_EQ(static_cast<uint32_t>(s.Address(1)), 21u, "address = station + 1");
        NS_TEST_ASSERT_MSG_EQ(s.m_channel->GetRotationTime(), ROTATION, "40 hops of 200 ns");
        // Two frames from station 0 to station 20, handed over at 1003 us.
        s.SendAt(MicroSeconds(1003), 0, s.Address(1), 1000);
        s.SendAt(MicroSeconds(1003), 0, s.Address(1), 1000);
        // A broadcast from station 20 at 5 ms.
        s.SendAt(MilliSeconds(5), 1, BROADCAST, 100);
        Simulator::Run();

        // The token left station 0 at 0 and passes it every 8 us: the first pass at or after
        // 1003 us is 1008 us. Frame 1006 bytes: 804.8 us.
        const Time start1 = MicroSeconds(1008);
        // The release comes one rotation after the last bit: 1008 + 804.8 + 8 = 1820.8 us, at
        // station 0, which sees the token again one rotation later.
        const Time release1 = start1 + TxTime(1006) + ROTATION;
        const Time start2 = release1 + ROTATION;
        NS_TEST_ASSERT_MSG_EQ(s.m_phyTxBegin.size(), 3u, "three transmissions");
        NS_TEST_ASSERT_MSG_EQ(s.m_phyTxBegin[0].at, start1, "first seizure");
        NS_TEST_ASSERT_MSG_EQ(s.m_phyTxEnd[0].at, start1 + TxTime(1006), "end of transmission");
        NS_TEST_ASSERT_MSG_EQ(s.m_phyTxBegin[1].at, start2, "second frame after the release");
        NS_TEST_ASSERT_MSG_EQ(s.m_tokenWait[0], MicroSeconds(5), "first token wait");
        NS_TEST_ASSERT_MSG_EQ(s.m_tokenWait[1], ROTATION, "second token wait");

        // Station 20 copies each frame as its last bit passes: 20 hops after transmission ends.
        NS_TEST_ASSERT_MSG_EQ(s.m_phyRxEnd.size(), 4u, "two unicasts, two broadcast copies");
        NS_TEST_ASSERT_MSG_EQ(s.m_phyRxEnd[0].device, 1u, "to station 20 only");
        NS_TEST_ASSERT_MSG_EQ(s.m_phyRxEnd[0].at,
                              MicroSeconds(1008) + HOP * 20 + TxTime(1006),
                              "delivered at 1816.8 us");
        NS_TEST_ASSERT_MSG_EQ(s.m_phyRxEnd[0].at, NanoSeconds(1816800), "1816.8 us");
        NS_TEST_ASSERT_MSG_EQ(s.m_phyRxEnd[1].device, 1u, "to station 20 only");
        NS_TEST_ASSERT_MSG_EQ(s.m_phyRxEnd[1].at, start2 + HOP * 20 + TxTime(1006), "second");
        NS_TEST_ASSERT_MSG_EQ(s.m_macRx[0].at, s.m_phyRxEnd[0].at, "no CPU: passed up at once");

        // The token was released at station 0 at start2 + 804.8 + 8 us; it passes station 20
        // (20 hops on) at 4 us past each rotation; the first such pass at or after 5 ms:
        const Time release2 = start2 + TxTime(1006) + ROTATION;
        Time pass = release2 + HOP * 20;
        while (pass < MilliSeconds(5))
        {
            pass += ROTATION;
        }
        NS_TEST_ASSERT_MSG_EQ(pass, NanoSeconds(5005600), "hand check: 5005.6 us");
        NS_TEST_ASSERT_MSG_EQ(s.m_phyTxBegin[2].at, pass, "broadcast seizure");
        // Station 0 is 20 hops on, station 10 is 30 hops on.
        NS_TEST_ASSERT_MSG_EQ(s.m_phyRxEnd[2].device, 0u, "station 0 first");
        NS_TEST_ASSERT_MSG_EQ(s.m_phyRxEnd[2].at, pass + HOP * 20 + TxTime(106), "station 0");
        NS_TEST_ASSERT_MSG_EQ(s.m_phyRxEnd[3].device, 2u, "station 10 second");
        NS_TEST_ASSERT_MSG_EQ(s.m_phyRxEnd[3].at, pass + HOP * 30 + TxTime(106), "station 10");
        NS_TEST_ASSERT_MSG_EQ(s.m_macRx.size(), 4u, "all passed up");
        NS_TEST_ASSERT_MSG_EQ(s.m_channel->GetDeviceFramesSent(), 3u, "three device frames");
        Simulator::Destroy();
    }
};

/**
 * @ingroup proteon-ring-tests
 * @brief Two devices with frames waiting take the token in ring order, one
 * frame per visit, so they alternate; nothing is lost.
 */
class ProteonRingTokenOrderTestCase : public TestCase
{
  public:
    ProteonRingTokenOrderTestCase()
        : TestCase("token order: two busy stations alternate, no frame lost, no overlap")
    {
    }

  private:
    void DoRun() override
    {
        ProteonRingHelper helper;
        RingScenario s(helper, 2); // stations 0 and 20
        for (int i = 0; i < 3; ++i)
        {
            s.SendAt(Seconds(0), 0, s.Address(1), 1000);
            s.SendAt(Seconds(0), 1, s.Address(0), 1000);
        }
        Simulator::Run();

        // The token leaves station 0 at 0: it reaches station 20 first, at 4 us. Each
        // transmission then holds the ring for 804.8 us + one rotation, and the token needs
        // 20 hops (4 us) to reach the other station: 816.8 us from one start to the next.
        NS_TEST_ASSERT_MSG_EQ(s.m_phyTxBegin.size(), 6u, "six transmissions");
        for (uint32_t k = 0; k < 6; ++k)
        {
            const uint32_t expected = (k % 2 == 0) ? 1 : 0;
            NS_TEST_ASSERT_MSG_EQ(s.m_phyTxBegin[k].device, expected, "station 20, 0, 20, 0, ...");
            NS_TEST_ASSERT_MSG_EQ(s.m_phyTxBegin[k].at,
                                  MicroSeconds(4) + NanoSeconds(816800) * static_cast<int64_t>(k),
                                  "transmission " << k);
        }
        NS_TEST_ASSERT_MSG_EQ(s.m_macRx.size(), 6u, "every frame delivered");
        uint32_t toZero = 0;
        for (const Seen& r : s.m_macRx)
        {
            toZero += (r.device == 0) ? 1 : 0;
        }
        NS_TEST_ASSERT_MSG_EQ(toZero, 3u, "three each way");
        NS_TEST_ASSERT_MSG_EQ(s.m_macTxDrop.size() + s.m_phyRxDrop.size(), 0u, "no drops");
        Simulator::Destroy();

        // A frame handed to station 20 from a sink of station 0's PhyTxBegin, i.e. in the
        // middle of the seizure, waits for the token like any other: on an idle ring, and
        // with background traffic planned around it.
        for (double load : {0.0, 0.3})
        {
            ProteonRingHelper helper;
            helper.SetChannelAttribute("BackgroundLoad", DoubleValue(load));
            RingScenario r(helper, 2);
            helper.AssignStreams(r.m_devices, 3);
            Ptr<ProteonRingNetDevice> other = r.Device(1);
            const Mac8Address to(r.Address(0));
            auto handed = std::make_shared<uint32_t>(0);
            r.Device(0)->TraceConnectWithoutContext(
                "PhyTxBegin",
                Callback<void, Ptr<const Packet>>([other, to, handed](Ptr<const Packet>) {
                    if ((*handed)++ < 20)
                    {
                        other->Send(Create<Packet>(1000), to, IPV4);
                    }
                }));
            for (int i = 0; i < 20; ++i)
            {
                r.SendAt(MicroSeconds(1003) + MilliSeconds(5) * i, 0, r.Address(1), 1000);
            }
            Simulator::Run();
            NS_TEST_ASSERT_MSG_EQ(r.m_phyTxBegin.size(), 40u, "forty transmissions");
            NS_TEST_ASSERT_MSG_EQ(r.m_macRx.size(), 40u, "forty deliveries");
            if (load == 0.0)
            {
                // 1008 us, then station 20 after the release (1820.8 us) and 20 hops.
                NS_TEST_ASSERT_MSG_EQ(r.m_phyTxBegin[1].device, 1u, "station 20 second");
                NS_TEST_ASSERT_MSG_EQ(r.m_phyTxBegin[1].at,
                                      MicroSeconds(1008) + TxTime(1006) + ROTATION + HOP * 20,
                                      "after the release");
            }
            // Device frames never overlap: each starts after the previous one's release.
            for (std::size_t k = 1; k < r.m_phyTxBegin.size(); ++k)
            {
                NS_TEST_ASSERT_MSG_GT(r.m_phyTxBegin[k].at,
                                      r.m_phyTxBegin[k - 1].at + TxTime(1006) + ROTATION,
                                      "transmission " << k << " overlaps (load " << load << ")");
            }
            Simulator::Destroy();
        }
    }
};

/**
 * @ingroup proteon-ring-tests
 * @brief The P1300 receives while it holds a frame of its own, and while the
 * driver is copying a frame into it.
 *
 * With a single token only one frame is on the ring at a time, so "at the
 * same time" means: a frame arrives while the interface's transmit buffer
 * holds a frame waiting for the token or being copied in.
 */
class ProteonRingConcurrentTestCase : public TestCase
{
  public:
    ProteonRingConcurrentTestCase()
        : TestCase("concurrent transmit and receive: no frame lost to a busy interface")
    {
    }

  private:
    void DoRun() override
    {
        {
            ProteonRingHelper helper;
            RingScenario s(helper, 2);
            for (int i = 0; i < 5; ++i)
            {
                s.SendAt(Seconds(0), 0, s.Address(1), 1000);
                s.SendAt(Seconds(0), 1, s.Address(0), 1000);
            }
            Simulator::Run();
            NS_TEST_ASSERT_MSG_EQ(s.m_phyRxEnd.size(), 10u, "every frame received");
            NS_TEST_ASSERT_MSG_EQ(s.m_macRx.size(), 10u, "every frame passed up");
            // Every arrival but the last one finds the receiver's own next frame waiting in
            // its interface (the last arrival comes when the receiver has nothing left).
            uint32_t busy = 0;
            for (bool b : s.m_busyAtRx)
            {
                busy += b ? 1 : 0;
            }
            NS_TEST_ASSERT_MSG_EQ(busy, 9u, "received while holding a frame to send");
            Simulator::Destroy();
        }
        {
            // Station 20's driver spends 2 ms copying its frame in; station 0's frame arrives
            // during the copy. The interface takes it at once; the host, busy copying, passes
            // it up when the copy is done.
            ProteonRingHelper helper;
            RingScenario s(helper, 2, true);
            s.Device(1)->SetAttribute("TransmitCostPerPacket", TimeValue(MilliSeconds(2)));
            s.SendAt(Seconds(0), 1, s.Address(0), 1000);
            s.SendAt(Seconds(0), 0, s.Address(1), 1000);
            Simulator::Run();
            // Station 0 is ready at 0 and first sees the token at 8 us.
            const Time arrival = MicroSeconds(8) + HOP * 20 + TxTime(1006);
            NS_TEST_ASSERT_MSG_EQ(s.m_phyRxEnd.size(), 2u, "both frames received");
            NS_TEST_ASSERT_MSG_EQ(s.m_phyRxEnd[0].device, 1u, "station 20 first");
            NS_TEST_ASSERT_MSG_EQ(s.m_phyRxEnd[0].at, arrival, "taken off the ring at once");
            NS_TEST_ASSERT_MSG_EQ(s.m_macRx[0].device, 1u, "station 20 first");
            NS_TEST_ASSERT_MSG_EQ(s.m_macRx[0].at, MilliSeconds(2), "passed up after the copy");
            Simulator::Destroy();
        }
    }
};

/**
 * @ingroup proteon-ring-tests
 * @brief Frames over the MTU, and protocols ProNET does not carry, are
 * refused; a frame of exactly the MTU goes through.
 */
class ProteonRingMtuTestCase : public TestCase
{
  public:
    ProteonRingMtuTestCase()
        : TestCase("MTU: 2047-byte payload refused, 2046 accepted, IPv6 refused")
    {
    }

  private:
    void DoRun() override
    {
        ProteonRingHelper helper;
        RingScenario s(helper, 2);
        NS_TEST_ASSERT_MSG_EQ(s.Device(0)->GetMtu(), 2046, "RFC 1030 MTU");
        s.SendAt(MicroSeconds(1), 0, s.Address(1), 2047);
        s.SendAt(MicroSeconds(2), 0, s.Address(1), 2046);
        Simulator::ScheduleWithContext(s.m_nodes.Get(0)->GetId(), MicroSeconds(3), [&s]() {
            s.m_sendResult.push_back(
                s.Device(0)->Send(Create<Packet>(100), Mac8Address(s.Address(1)), 0x86dd));
        });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(s.m_sendResult.size(), 3u, "three sends");
        NS_TEST_ASSERT_MSG_EQ(s.m_sendResult[0], false, "over the MTU: refused");
        NS_TEST_ASSERT_MSG_EQ(s.m_sendResult[1], true, "the MTU: accepted");
        NS_TEST_ASSERT_MSG_EQ(s.m_sendResult[2], false, "IPv6: refused");
        NS_TEST_ASSERT_MSG_EQ(s.m_macTxDrop.size(), 2u, "two MacTxDrop");
        NS_TEST_ASSERT_MSG_EQ(s.m_phyTxBegin.size(), 1u, "one transmission");
        NS_TEST_ASSERT_MSG_EQ(s.m_phyRxEnd.size(), 1u, "one reception");
        NS_TEST_ASSERT_MSG_EQ(s.m_phyRxEnd[0].size, 2052u, "2046 + 6 bytes");
        NS_TEST_ASSERT_MSG_EQ(s.m_phyRxEnd[0].at - s.m_phyTxBegin[0].at,
                              HOP * 20 + TxTime(2052),
                              "1641.6 us on the wire");
        Simulator::Destroy();
    }
};

/**
 * @ingroup proteon-ring-tests
 * @brief A receive error model drops frames at the interface.
 */
class ProteonRingErrorModelTestCase : public TestCase
{
  public:
    ProteonRingErrorModelTestCase()
        : TestCase("receive error model: the listed frame is dropped (PhyRxDrop)")
    {
    }

  private:
    void DoRun() override
    {
        ProteonRingHelper helper;
        RingScenario s(helper, 2);
        Ptr<ListErrorModel> em = CreateObject<ListErrorModel>();
        s.Device(1)->SetAttribute("ReceiveErrorModel", PointerValue(em));
        // Mark the second frame handed down for the receiver's error model.
        auto handed = std::make_shared<uint32_t>(0);
        s.Device(0)->TraceConnectWithoutContext(
            "MacTx",
            Callback<void, Ptr<const Packet>>([em, handed](Ptr<const Packet> p) {
                if ((*handed)++ == 1)
                {
                    em->SetList({p->GetUid()});
                }
            }));
        for (int i = 0; i < 3; ++i)
        {
            s.SendAt(MilliSeconds(i), 0, s.Address(1), 500);
        }
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(s.m_phyRxDrop.size(), 1u, "one frame dropped");
        NS_TEST_ASSERT_MSG_EQ(s.m_macRx.size(), 2u, "two passed up");
        NS_TEST_ASSERT_MSG_EQ(s.m_phyRxDrop[0].uid, s.m_phyTxBegin[1].uid, "the second frame");
        Simulator::Destroy();
    }
};

/**
 * @ingroup proteon-ring-tests
 * @brief Result of a probe run over a ring with background load.
 */
struct ProbeRun
{
    std::vector<Time> deliveries; //!< arrival times of the probes
    Time meanWait;                //!< mean token wait of the probes
    uint64_t backgroundFrames{0}; //!< background frames sent
    uint64_t events{0};           //!< simulator events executed
};

/**
 * Station 0 sends a 200-byte probe to station 20 every 10 ms for 20 s.
 * @param load BackgroundLoad
 * @param stream first random stream
 * @return what happened
 */
ProbeRun
RunProbes(double load, int64_t stream)
{
    ProteonRingHelper helper;
    helper.SetChannelAttribute("BackgroundLoad", DoubleValue(load));
    RingScenario s(helper, 2);
    helper.AssignStreams(s.m_devices, stream);
    const uint32_t probes = 2000;
    for (uint32_t i = 0; i < probes; ++i)
    {
        s.SendAt(MilliSeconds(10) * static_cast<int64_t>(i) + MicroSeconds(1),
                 0,
                 s.Address(1),
                 200);
    }
    Simulator::Stop(Seconds(20));
    Simulator::Run();
    ProbeRun r;
    for (const Seen& x : s.m_phyRxEnd)
    {
        r.deliveries.push_back(x.at);
    }
    Time total;
    for (const Time& w : s.m_tokenWait)
    {
        total += w;
    }
    r.meanWait =
        s.m_tokenWait.empty() ? Time(0) : total / static_cast<int64_t>(s.m_tokenWait.size());
    r.backgroundFrames = s.m_channel->GetBackgroundFramesSent();
    r.events = Simulator::GetEventCount();
    Simulator::Destroy();
    return r;
}

/**
 * @ingroup proteon-ring-tests
 * @brief Background stations take the token and lengthen the devices' token
 * waits, at no cost in events.
 */
class ProteonRingBackgroundTestCase : public TestCase
{
  public:
    ProteonRingBackgroundTestCase()
        : TestCase("background load: token wait rises as expected, carried load, no extra events")
    {
    }

  private:
    void DoRun() override
    {
        ProbeRun idle = RunProbes(0.0, 11);
        ProbeRun loaded = RunProbes(0.3, 11);
        NS_TEST_ASSERT_MSG_EQ(idle.deliveries.size(), 2000u, "every probe delivered (idle)");
        NS_TEST_ASSERT_MSG_EQ(loaded.deliveries.size(), 2000u, "every probe delivered (loaded)");
        // Idle: every probe is ready 1 us after a multiple of 10 ms (1250 rotations). The
        // token's phase at station 0 starts at 0 and each probe shifts it by its transmission
        // time, 206 x 0.8 = 164.8 us, i.e. by 4.8 us modulo a rotation: phases 0, 4.8, 1.6,
        // 6.4, 3.2 us, waits 7, 3.8, 0.6, 5.4, 2.2 us, a mean of 3.8 us over 400 cycles.
        NS_TEST_ASSERT_MSG_EQ(idle.meanWait, NanoSeconds(3800), "idle token wait");
        NS_TEST_ASSERT_MSG_EQ(idle.backgroundFrames, 0u, "no background");

        // 30% of 10 Mbit/s in 1000-byte frames (800 us each): 375 frames/s, 7500 in 20 s.
        const double carried = loaded.backgroundFrames * 800e-6 / 20.0;
        NS_TEST_ASSERT_MSG_EQ_TOL(carried, 0.3, 0.015, "carried background load");

        // Each background frame holds the ring for S = 808 us (transmission and one
        // rotation). A probe arriving at a random moment waits, as in M/D/1, for the residual
        // of the frame on the ring and for the frames queued ahead of it:
        // W = lambda S^2 / (2 (1 - lambda S)) = 176 us, plus half a rotation for the token.
        const double lambda = 375.0;
        const double service = 808e-6;
        const double expected = lambda * service * service / (2 * (1 - lambda * service)) + 4e-6;
        const double measured = loaded.meanWait.GetSeconds();
        NS_TEST_ASSERT_MSG_GT(measured, 0.6 * expected, "token wait too short for the load");
        NS_TEST_ASSERT_MSG_LT(measured, 1.6 * expected, "token wait too long for the load");

        // The background costs computation, never events.
        NS_TEST_ASSERT_MSG_EQ(loaded.events, idle.events, "same number of events");
    }
};

/**
 * @ingroup proteon-ring-tests
 * @brief The background is the same for the same streams and differs for
 * other streams.
 */
class ProteonRingReproducibilityTestCase : public TestCase
{
  public:
    ProteonRingReproducibilityTestCase()
        : TestCase("background load: same stream, same delivery times; other stream, other times")
    {
    }

  private:
    void DoRun() override
    {
        ProbeRun a = RunProbes(0.3, 5);
        ProbeRun b = RunProbes(0.3, 5);
        ProbeRun c = RunProbes(0.3, 9);
        NS_TEST_ASSERT_MSG_EQ(a.deliveries.size(), 2000u, "every probe delivered");
        NS_TEST_ASSERT_MSG_EQ((a.deliveries == b.deliveries), true, "same stream: identical");
        NS_TEST_ASSERT_MSG_EQ(a.backgroundFrames, b.backgroundFrames, "same background");
        NS_TEST_ASSERT_MSG_EQ((a.deliveries == c.deliveries), false, "other stream: different");
    }
};

/**
 * @ingroup proteon-ring-tests
 * @brief The channel's analytic token position, lazily drawn background and
 * provisional plans give exactly the transmissions of a plain hop-by-hop walk
 * of the token, with several devices handing over frames at random moments
 * amid heavy background traffic.
 */
class ProteonRingTokenWalkTestCase : public TestCase
{
  public:
    ProteonRingTokenWalkTestCase()
        : TestCase("background load: transmissions identical to a hop-by-hop token walk")
    {
    }

  private:
    /// A frame handed to a device.
    struct Handed
    {
        int64_t at;       //!< when (ns)
        uint32_t from;    //!< device index
        uint32_t to;      //!< destination device index
        uint32_t payload; //!< payload size (bytes)
    };

    /// A transmission seen on the ring.
    struct Start
    {
        int64_t at;       //!< start (ns)
        uint32_t station; //!< sending station

        /**
         * @param o another start
         * @return true if equal
         */
        bool operator==(const Start& o) const
        {
            return at == o.at && station == o.station;
        }
    };

    /**
     * The reference: the token moves one hop at a time from station 0 at time 0; a station
     * with a frame that is ready when the token arrives sends it and releases the token one
     * rotation after its last bit. Background arrivals are drawn exactly as the channel
     * draws them (time, then station, from streams 'stream' and 'stream + 1').
     * @param handed the frames handed to the devices, in time order
     * @param stations the devices' stations
     * @param load BackgroundLoad
     * @param stream first stream of the channel
     * @param end walk until the token is past this time (ns) and every frame is sent
     * @param [out] backgroundStarts start times of the background frames (ns)
     * @return the device transmissions
     */
    static std::vector<Start> Walk(const std::vector<Handed>& handed,
                                   const std::vector<uint32_t>& stations,
                                   double load,
                                   int64_t stream,
                                   int64_t end,
                                   std::vector<int64_t>& backgroundStarts)
    {
        const uint32_t n = 40;
        const int64_t hop = 200;
        const int64_t rotation = n * hop;
        std::vector<int32_t> deviceAt(n, -1);
        for (uint32_t i = 0; i < stations.size(); ++i)
        {
            deviceAt[stations[i]] = static_cast<int32_t>(i);
        }
        std::vector<uint32_t> background;
        for (uint32_t k = 0; k < n; ++k)
        {
            if (deviceAt[k] < 0)
            {
                background.push_back(k);
            }
        }
        Ptr<ExponentialRandomVariable> gap = CreateObject<ExponentialRandomVariable>();
        Ptr<UniformRandomVariable> pick = CreateObject<UniformRandomVariable>();
        gap->SetStream(stream);
        pick->SetStream(stream + 1);
        const double meanGap = 1.0 / (load * 10e6 / 8000.0);
        int64_t nextArrival = 0;
        uint32_t nextStation = 0;
        auto draw = [&]() {
            nextArrival += Seconds(gap->GetValue(meanGap, 0)).GetTimeStep();
            nextStation = background[pick->GetInteger(0, background.size() - 1)];
        };
        draw();
        std::vector<std::deque<int64_t>> backlog(n);
        std::vector<std::deque<Handed>> queue(stations.size());
        std::vector<int64_t> interfaceFree(stations.size(), 0);
        std::vector<Start> starts;
        std::size_t nextHanded = 0;
        std::size_t sent = 0;
        int64_t time = 0;
        uint32_t at = 0;
        while (time <= end || sent < handed.size())
        {
            const uint32_t k = (at + 1) % n;
            const int64_t pass = time + hop;
            while (nextArrival <= pass)
            {
                backlog[nextStation].push_back(nextArrival);
                draw();
            }
            while (nextHanded < handed.size() && handed[nextHanded].at <= pass)
            {
                queue[handed[nextHanded].from].push_back(handed[nextHanded]);
                ++nextHanded;
            }
            int64_t release = -1;
            if (deviceAt[k] >= 0)
            {
                const uint32_t d = deviceAt[k];
                // A frame is in the interface once handed over and once the previous one is
                // back.
                if (!queue[d].empty() && std::max(queue[d].front().at, interfaceFree[d]) <= pass)
                {
                    const int64_t tx = (queue[d].front().payload + 6) * 800;
                    release = pass + tx + rotation;
                    interfaceFree[d] = release;
                    queue[d].pop_front();
                    starts.push_back(Start{pass, k});
                    ++sent;
                }
            }
            else if (!backlog[k].empty())
            {
                backlog[k].pop_front();
                backgroundStarts.push_back(pass);
                release = pass + 1000 * 800 + rotation;
            }
            time = release >= 0 ? release : pass;
            at = k;
        }
        return starts;
    }

    void DoRun() override
    {
        const double load = 0.5;
        const int64_t stream = 31;
        const std::vector<uint32_t> stations{0, 13, 27};
        Ptr<UniformRandomVariable> rv = CreateObject<UniformRandomVariable>();
        rv->SetStream(99);
        std::vector<Handed> handed;
        for (uint32_t i = 0; i < 600; ++i)
        {
            const uint32_t from = rv->GetInteger(0, 2);
            handed.push_back(Handed{static_cast<int64_t>(rv->GetValue(0, 2e9)),
                                    from,
                                    (from + rv->GetInteger(1, 2)) % 3,
                                    rv->GetInteger(100, 2046)});
        }
        std::sort(handed.begin(), handed.end(), [](const Handed& a, const Handed& b) {
            return a.at < b.at;
        });

        ProteonRingHelper helper;
        helper.SetStations(stations);
        helper.SetChannelAttribute("BackgroundLoad", DoubleValue(load));
        RingScenario s(helper, 3);
        helper.AssignStreams(s.m_devices, stream);
        for (const Handed& h : handed)
        {
            s.SendAt(NanoSeconds(h.at), h.from, s.Address(h.to), h.payload);
        }
        Simulator::Run();
        const int64_t last = Simulator::Now().GetNanoSeconds();
        const uint64_t background = s.m_channel->GetBackgroundFramesSent();
        std::vector<Start> simulated;
        for (const Seen& x : s.m_phyTxBegin)
        {
            simulated.push_back(Start{x.at.GetNanoSeconds(), stations[x.device]});
        }
        NS_TEST_ASSERT_MSG_EQ(s.m_macRx.size(), 600u, "every frame delivered");
        Simulator::Destroy();

        std::vector<int64_t> backgroundStarts;
        std::vector<Start> walked = Walk(handed, stations, load, stream, last, backgroundStarts);
        NS_TEST_ASSERT_MSG_EQ(simulated.size(), walked.size(), "as many transmissions");
        for (std::size_t i = 0; i < walked.size() && i < simulated.size(); ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(simulated[i].at, walked[i].at, "start of transmission " << i);
            NS_TEST_ASSERT_MSG_EQ(simulated[i].station, walked[i].station, "station of " << i);
        }
        const auto upToLast =
            std::upper_bound(backgroundStarts.begin(), backgroundStarts.end(), last) -
            backgroundStarts.begin();
        NS_TEST_ASSERT_MSG_EQ(background, static_cast<uint64_t>(upToLast), "background frames");
        // Heavy load: the devices really waited behind background frames.
        Time total;
        for (const Time& w : s.m_tokenWait)
        {
            total += w;
        }
        NS_TEST_ASSERT_MSG_GT(total / 600, MicroSeconds(200), "background delayed the devices");
    }
};

/**
 * @ingroup proteon-ring-tests
 * @brief The driver's copies cost exactly their CPU time, on the host's
 * single CPU.
 */
class ProteonRingHostCpuTestCase : public TestCase
{
  public:
    ProteonRingHostCpuTestCase()
        : TestCase("driver costs: exact CPU delays, jobs serialised on a busy HostCpu")
    {
    }

  private:
    void DoRun() override
    {
        {
            ProteonRingHelper helper;
            helper.SetDeviceAttribute("TransmitCostPerPacket", TimeValue(MicroSeconds(500)));
            helper.SetDeviceAttribute("TransmitCostPerByte", TimeValue(MicroSeconds(2)));
            helper.SetDeviceAttribute("ReceiveCostPerPacket", TimeValue(MicroSeconds(300)));
            helper.SetDeviceAttribute("ReceiveCostPerByte", TimeValue(MicroSeconds(1)));
            RingScenario s(helper, 2, true);
            s.SendAt(MicroSeconds(1001), 0, s.Address(1), 1000);
            Simulator::Run();
            // Copy in: 500 + 2 x 1006 = 2512 us, ready at 3513 us; the token passes station
            // 0 at multiples of 8 us: 3520 us.
            NS_TEST_ASSERT_MSG_EQ(s.m_phyTxBegin.size(), 1u, "one transmission");
            NS_TEST_ASSERT_MSG_EQ(s.m_phyTxBegin[0].at, MicroSeconds(3520), "seizure");
            NS_TEST_ASSERT_MSG_EQ(s.m_tokenWait[0], MicroSeconds(7), "token wait");
            const Time arrival = MicroSeconds(3520) + HOP * 20 + TxTime(1006);
            NS_TEST_ASSERT_MSG_EQ(s.m_phyRxEnd[0].at, arrival, "off the ring");
            // Copy out: 300 + 1 x 1006 = 1306 us.
            NS_TEST_ASSERT_MSG_EQ(s.m_macRx[0].at, arrival + MicroSeconds(1306), "passed up");
            NS_TEST_ASSERT_MSG_EQ(s.m_jobs.size(), 2u, "two jobs");
            NS_TEST_ASSERT_MSG_EQ(s.m_jobs[0], "0:p1300-transmit:2512000", "transmit job");
            NS_TEST_ASSERT_MSG_EQ(s.m_jobs[1], "1:p1300-receive:1306000", "receive job");
            Simulator::Destroy();
        }
        {
            // Stations 0 and 10 each send a frame to station 20, whose driver needs 5 ms to
            // copy a frame out: the second copy waits for the first.
            ProteonRingHelper helper;
            helper.SetStations({0, 20, 10});
            RingScenario s(helper, 3, true);
            s.Device(1)->SetAttribute("ReceiveCostPerPacket", TimeValue(MilliSeconds(5)));
            s.SendAt(Seconds(0), 0, s.Address(1), 1000);
            s.SendAt(Seconds(0), 2, s.Address(1), 1000);
            Simulator::Run();
            // The token reaches station 10 at 2 us; it releases it at 2 + 804.8 + 8 us and the
            // token reaches station 0, 30 hops on, 6 us later.
            const Time start10 = MicroSeconds(2);
            const Time start0 = start10 + TxTime(1006) + ROTATION + HOP * 30;
            NS_TEST_ASSERT_MSG_EQ(s.m_phyRxEnd.size(), 2u, "both received");
            NS_TEST_ASSERT_MSG_EQ(s.m_phyRxEnd[0].at, start10 + HOP * 10 + TxTime(1006), "first");
            NS_TEST_ASSERT_MSG_EQ(s.m_phyRxEnd[1].at, start0 + HOP * 20 + TxTime(1006), "second");
            NS_TEST_ASSERT_MSG_EQ(s.m_macRx.size(), 2u, "both passed up");
            NS_TEST_ASSERT_MSG_EQ(static_cast<uint32_t>(s.m_macRx[0].source), 11u, "from 10");
            NS_TEST_ASSERT_MSG_EQ(s.m_macRx[0].at,
                                  s.m_phyRxEnd[0].at + MilliSeconds(5),
                                  "first up");
            NS_TEST_ASSERT_MSG_EQ(static_cast<uint32_t>(s.m_macRx[1].source), 1u, "from 0");
            NS_TEST_ASSERT_MSG_EQ(s.m_macRx[1].at,
                                  s.m_macRx[0].at + MilliSeconds(5),
                                  "second copy after the first");
            Simulator::Destroy();
        }
        {
            // The sender's CPU is busy until 3 ms; two frames handed over at 1 ms are copied in
            // one after the other, the second only once the first is back and the interface
            // free.
            ProteonRingHelper helper;
            helper.SetDeviceAttribute("TransmitCostPerPacket", TimeValue(MilliSeconds(1)));
            RingScenario s(helper, 2, true);
            Ptr<HostCpu> cpu = s.m_nodes.Get(0)->GetObject<HostCpu>();
            Simulator::ScheduleWithContext(s.m_nodes.Get(0)->GetId(), Seconds(0), [cpu]() {
                cpu->Execute(MilliSeconds(3), "other", Callback<void>());
            });
            s.SendAt(MilliSeconds(1), 0, s.Address(1), 1000);
            s.SendAt(MilliSeconds(1), 0, s.Address(1), 1000);
            Simulator::Run();
            // Copy 3-4 ms; 4000 us is a token pass at station 0.
            const Time start1 = MilliSeconds(4);
            const Time release1 = start1 + TxTime(1006) + ROTATION;
            const Time ready2 = release1 + MilliSeconds(1);
            Time start2 = release1 + ROTATION;
            while (start2 < ready2)
            {
                start2 += ROTATION;
            }
            NS_TEST_ASSERT_MSG_EQ(s.m_phyTxBegin.size(), 2u, "two transmissions");
            NS_TEST_ASSERT_MSG_EQ(s.m_phyTxBegin[0].at, start1, "first after the busy CPU");
            NS_TEST_ASSERT_MSG_EQ(s.m_phyTxBegin[1].at, start2, "second copied after the release");
            NS_TEST_ASSERT_MSG_EQ(s.m_macRx.size(), 2u, "both delivered");
            Simulator::Destroy();
        }
    }
};

/**
 * @ingroup proteon-ring-tests
 * @brief Pcap captures are LINKTYPE_RAW: bare IPv4 datagrams.
 */
class ProteonRingPcapTestCase : public TestCase
{
  public:
    ProteonRingPcapTestCase()
        : TestCase("pcap: link type 101, one bare IPv4 datagram per UDP packet, ARP left out")
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
        ProteonRingHelper helper;
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
        NS_TEST_ASSERT_MSG_EQ(file.GetDataLinkType(), 101u, what << ": LINKTYPE_RAW");
        uint32_t records = 0;
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
            ++records;
            NS_TEST_ASSERT_MSG_EQ(static_cast<uint32_t>(data[0]), 0x45u, what << ": IPv4, IHL 5");
            NS_TEST_ASSERT_MSG_EQ(inclLen, 128u, what << ": 20 + 8 + 100 bytes");
            NS_TEST_ASSERT_MSG_EQ(static_cast<uint32_t>(data[9]), 17u, what << ": UDP");
            NS_TEST_ASSERT_MSG_EQ(static_cast<uint32_t>(data[19]), 2u, what << ": to 10.1.1.2");
        }
        NS_TEST_ASSERT_MSG_EQ(records, 3u, what << ": three datagrams, no ARP");
        file.Close();
    }

    void DoRun() override
    {
        const std::string sent = CreateTempDirFilename("proteon-ring-sent.pcap");
        const std::string received = CreateTempDirFilename("proteon-ring-received.pcap");
        NS_TEST_ASSERT_MSG_EQ(RunUdp(sent, received), 3u, "UDP over ARP and the ring");
        Check(sent, "sender");
        Check(received, "receiver");
    }
};

/**
 * @ingroup proteon-ring-tests
 * @brief The proteon-ring test suite.
 */
class ProteonRingTestSuite : public TestSuite
{
  public:
    ProteonRingTestSuite()
        : TestSuite("proteon-ring", Type::UNIT)
    {
        AddTestCase(new ProteonRingHeaderTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new ProteonRingIdleDeliveryTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new ProteonRingTokenOrderTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new ProteonRingConcurrentTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new ProteonRingMtuTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new ProteonRingErrorModelTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new ProteonRingBackgroundTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new ProteonRingReproducibilityTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new ProteonRingTokenWalkTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new ProteonRingHostCpuTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new ProteonRingPcapTestCase(), TestCase::Duration::QUICK);
    }
};

/// Static instance registering the suite.
static ProteonRingTestSuite g_proteonRingTestSuite;

} // namespace
