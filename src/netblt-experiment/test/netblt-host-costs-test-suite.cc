/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-engine-test-case.h"
#include "netblt-test-bench.h"
#include "netblt-test-data.h"

#include "ns3/config.h"
#include "ns3/host-cpu.h"
#include "ns3/simulator.h"
#include "ns3/test.h"

#include <vector>

/**
 * @file
 * @ingroup netblt-tests
 * The NETBLT agent charges its work to the host's CPU (HostCpu): the charged costs show on the
 * wire as packet spacing and as delays before packets and acknowledgements go.
 */

using namespace ns3;
using namespace ns3::netblt_test;

namespace
{

/** Sets a NetbltL4Protocol cost default (undone by the fixture's teardown). */
void
SetCost(const std::string& name, Time value)
{
    Config::SetDefault("ns3::NetbltL4Protocol::" + name, TimeValue(value));
}

/** Records when a connection took in each DATA/LDATA packet. */
void
RecordDataRx(std::vector<Time>* times, Ptr<const Packet>, NetbltPacketType type)
{
    if (type == NetbltPacketType::DATA || type == NetbltPacketType::LDATA)
    {
        times->push_back(Simulator::Now());
    }
}

} // namespace

/**
 * @ingroup netblt-tests
 * @brief The data-send cost (per packet + per byte) spaces a burst's packets on the wire, the
 * burst cost delays the first one, and the sender's CPU accounts exactly that time.
 */
class NetbltSendCostTestCase : public NetbltEngineTestCase
{
  public:
    NetbltSendCostTestCase()
        : NetbltEngineTestCase("data-send and burst costs space the packets of a burst on the wire")
    {
    }

  private:
    void DoRun() override
    {
        SetCost("DataSendPacketCost", MilliSeconds(2));
        SetCost("DataSendByteCost", MicroSeconds(1));
        SetCost("BurstCost", MicroSeconds(500));
        Bench bench;
        // One buffer of five 1000-byte packets, one burst.
        NetbltTransferParameters p = Proposal(5000, 1000, 5, 100, 1);
        std::vector<uint8_t> data = MakeData(5000, 3);
        bench.StartWrite(p, data, Limits());
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(bench.passive.Completed(), true, "receiver completed");
        NS_TEST_EXPECT_MSG_EQ((bench.passive.received == data), true, "data intact");

        std::vector<TxRecorder::Entry> sent = bench.active.tx.Select(NetbltPacketType::DATA);
        std::vector<TxRecorder::Entry> last = bench.active.tx.Select(NetbltPacketType::LDATA);
        sent.insert(sent.end(), last.begin(), last.end());
        NS_TEST_ASSERT_MSG_EQ(sent.size(), 5, "five packets, none repeated");
        for (size_t i = 1; i < sent.size(); ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(sent[i].time - sent[i - 1].time,
                                  MilliSeconds(3),
                                  "2 ms + 1000 bytes x 1 us between packets");
        }
        Ptr<HostCpu> cpu = bench.topology.nodes.Get(0)->GetObject<HostCpu>();
        NS_TEST_EXPECT_MSG_EQ(cpu->GetBusyTime("netblt-data-send"), MilliSeconds(15), "5 x 3 ms");
        NS_TEST_EXPECT_MSG_EQ(cpu->GetBusyTime("netblt-burst"), MicroSeconds(500), "one burst");
        Simulator::Destroy();
    }
};

/**
 * @ingroup netblt-tests
 * @brief A receiver slower than the link takes packets in one data-receive cost apart; the OK
 * leaves only after the buffer-completion and control-send costs, and a busy sender acts on it
 * after its control-receive cost.
 */
class NetbltReceiveCostTestCase : public NetbltEngineTestCase
{
  public:
    NetbltReceiveCostTestCase()
        : NetbltEngineTestCase(
              "receive, buffer-completion and control costs delay packets and the OK by exactly "
              "their CPU time")
    {
    }

  private:
    void DoRun() override
    {
        SetCost("DataReceivePacketCost", MilliSeconds(3));
        SetCost("DataReceiveBufferCost", MilliSeconds(1)); // x 1 outstanding buffer
        SetCost("BufferCompleteByteCost", MicroSeconds(1));
        SetCost("ControlSendPacketCost", MilliSeconds(2));
        Bench bench;
        NetbltTransferParameters p = Proposal(5000, 1000, 5, 100, 1);
        std::vector<uint8_t> data = MakeData(10000, 4); // two buffers, lock-step
        std::vector<Time> taken;
        bench.passive.onEstablished = [&taken](Ptr<NetbltConnection> c) {
            c->TraceConnectWithoutContext("Rx", MakeBoundCallback(&RecordDataRx, &taken));
        };
        bench.StartWrite(p, data, Limits());
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(bench.passive.Completed(), true, "receiver completed");
        NS_TEST_EXPECT_MSG_EQ((bench.passive.received == data), true, "data intact");
        NS_TEST_ASSERT_MSG_EQ(taken.size(), 10, "ten packets taken in");
        for (size_t i = 1; i < 5; ++i)
        {
            // The link delivers a packet every ~0.8 ms; the receiver's CPU needs 4 ms each.
            NS_TEST_EXPECT_MSG_EQ(taken[i] - taken[i - 1], MilliSeconds(4), "3 + 1 ms apart");
        }
        // The OK for buffer 1: 5000 bytes x 1 us to complete the buffer, 2 ms to build and send.
        Time okSent;
        for (const auto& e : bench.passive.tx.Select(NetbltPacketType::CONTROL))
        {
            for (const auto& m : e.messages)
            {
                if (m.GetType() == NetbltControlMessage::OK && m.GetBufferNumber() == 1 &&
                    okSent.IsZero())
                {
                    okSent = e.time; // its first transmission
                }
            }
        }
        NS_TEST_ASSERT_MSG_GT(okSent, Time(0), "an OK for buffer 1 was sent");
        NS_TEST_EXPECT_MSG_EQ(okSent - taken[4], MilliSeconds(7), "5 ms + 2 ms after the LDATA");
        Ptr<HostCpu> cpu = bench.topology.nodes.Get(1)->GetObject<HostCpu>();
        NS_TEST_EXPECT_MSG_EQ(cpu->GetBusyTime("netblt-data-receive"), MilliSeconds(40), "10 x 4");
        NS_TEST_EXPECT_MSG_EQ(cpu->GetBusyTime("netblt-buffer-complete"),
                              MilliSeconds(10),
                              "2 buffers x 5 ms");
        Simulator::Destroy();
    }
};

/**
 * @ingroup netblt-tests
 * @brief Host-cost suite.
 */
class NetbltHostCostsTestSuite : public TestSuite
{
  public:
    NetbltHostCostsTestSuite()
        : TestSuite("netblt-host-costs", Type::UNIT)
    {
        AddTestCase(new NetbltSendCostTestCase, Duration::QUICK);
        AddTestCase(new NetbltReceiveCostTestCase, Duration::QUICK);
    }
};

static NetbltHostCostsTestSuite g_netbltHostCostsTestSuite; //!< registers the suite
