/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The two-node bench of the NETBLT engine tests (linked into the same test runner).
#include "netblt-data-sent-recorder.h"
#include "netblt-engine-test-case.h"
#include "netblt-test-bench.h"
#include "netblt-test-data.h"

#include "ns3/netblt-sender.h"
#include "ns3/netblt-steady-state-meter.h"
#include "ns3/simulator.h"
#include "ns3/test.h"

#include <cstdint>
#include <vector>

/**
 * @file
 * @ingroup netblt-experiment-tests
 * NetbltSteadyStateMeter on small transfers over the NETBLT engine tests' two-node bench: its
 * figure equals RFC 1030 §3's steady-state throughput computed independently from a DataSent
 * record of the same transfer.
 */

using namespace ns3;
using namespace ns3::netblt_test;

namespace
{

/**
 * @ingroup netblt-experiment-tests
 * @brief A DataSent record of one sender, and a meter on the same sender.
 */
struct MeteredSender
{
    DataSentRecorder record;      //!< every DataSent call, in order
    NetbltSteadyStateMeter meter; //!< the meter under test
    bool attached{false};         //!< both listen to the sender

    /**
     * Attaches the record and the meter to the bench's sender once it is established (before
     * its first DATA packet: nothing goes before the receiver's GO).
     * @param bench the bench
     */
    void AttachOnEstablished(Bench& bench)
    {
        bench.active.onEstablished = [this](Ptr<NetbltConnection> connection) {
            Ptr<NetbltSender> sender = DynamicCast<NetbltSender>(connection);
            record.Attach(sender);
            meter.Attach(sender);
            attached = record.sent.empty();
        };
    }

    /**
     * Attaches on establishment, runs the transfer from node 0 to node 1 until both ends have
     * closed (at most 100 s).
     * @param bench the bench
     * @param proposal the active end's proposal
     * @param bytes the data
     * @param limits the passive end's limits
     */
    void Run(Bench& bench,
             const NetbltTransferParameters& proposal,
             const std::vector<uint8_t>& bytes,
             const NetbltTransferParameters& limits)
    {
        AttachOnEstablished(bench);
        bench.StartWrite(proposal, bytes, limits);
        bench.ArmWatchdog(Seconds(100));
        Simulator::Run();
    }
};

} // namespace

/**
 * @ingroup netblt-experiment-tests
 * @brief RFC 1030 §3 over several buffers: 12500 bytes in 4000-byte buffers (the last one 500
 * bytes, a single LDATA), 2 packets per 5-ms burst, the last buffer's LDATA lost once. The
 * meter gives 8 x (client bytes of the buffers before the last: 12000) / (first transmission
 * of the last buffer's first packet - first DATA packet), as computed from a DataSent record;
 * the LDATA's later retransmission does not move the end of the interval.
 */
class NetbltSteadyStateMeterBuffersTestCase : public NetbltEngineTestCase
{
  public:
    NetbltSteadyStateMeterBuffersTestCase()
        : NetbltEngineTestCase("steady-state meter: 8 x bytes before the last buffer over the "
                               "time to its first packet, retransmissions aside")
    {
    }

  private:
    void DoRun() override
    {
        Bench bench;
        bench.drop[1]->AddRule(NetbltPacketType::LDATA, 4, 0, 1);
        MeteredSender metered;
        metered.Run(bench, Proposal(4000, 1000, 2, 5, 2), MakeData(12500, 31), Limits());
        NS_TEST_ASSERT_MSG_EQ(bench.active.Completed(), true, "sender completed");
        NS_TEST_ASSERT_MSG_EQ(bench.passive.Completed(), true, "receiver completed");
        NS_TEST_ASSERT_MSG_EQ(metered.attached, true, "attached before the first DATA");
        NS_TEST_ASSERT_MSG_GT(metered.record.sent.size(), 0, "DataSent recorded");

        // Independently: from the record, first transmissions only.
        uint32_t lastBuffer = 0;
        for (const DataSentRecorder::Sent& s : metered.record.sent)
        {
            if (s.lastBuffer)
            {
                lastBuffer = s.buffer;
            }
        }
        NS_TEST_ASSERT_MSG_EQ(lastBuffer, 4, "4 buffers");
        const Time start = metered.record.sent.front().time;
        Time lastBufferStart = Time::Max();
        Time lastBufferRetransmission = Time::Min();
        uint64_t bytesBefore = 0;
        for (const DataSentRecorder::Sent& s : metered.record.sent)
        {
            if (s.buffer == lastBuffer && s.retransmission)
            {
                lastBufferRetransmission = s.time;
            }
            else if (s.buffer == lastBuffer)
            {
                NS_TEST_EXPECT_MSG_EQ(lastBufferStart, Time::Max(), "one first transmission");
                NS_TEST_EXPECT_MSG_EQ(s.packet, 0, "the last buffer's first packet first");
                lastBufferStart = s.time;
            }
            else if (s.buffer < lastBuffer && !s.retransmission)
            {
                bytesBefore += s.bytes;
            }
        }
        NS_TEST_EXPECT_MSG_EQ(bytesBefore, 12000, "3 full buffers before the last");
        NS_TEST_ASSERT_MSG_GT(lastBufferStart, start, "an interval to measure");
        NS_TEST_EXPECT_MSG_GT(lastBufferRetransmission,
                              lastBufferStart,
                              "the lost LDATA went again, later");
        const double expected = 8.0 * bytesBefore / (lastBufferStart - start).GetSeconds();
        NS_TEST_EXPECT_MSG_EQ_TOL(metered.meter.GetThroughput(),
                                  expected,
                                  expected * 1e-12,
                                  "8 x " << bytesBefore << " bits over "
                                         << (lastBufferStart - start).As(Time::MS));
    }
};

/**
 * @ingroup netblt-experiment-tests
 * @brief RFC 1030 §3 with a single buffer: 3500 bytes (1000, 1000, 1000 and a 500-byte LDATA),
 * 2 packets per 5-ms burst. The meter gives the data bits first sent before the LDATA (3000
 * bytes) over the time from the first packet to the LDATA's first transmission (one burst
 * interval, rounded up to the host's 1-ms clock tick), as computed from a DataSent record. A
 * one-packet transfer leaves no interval: 0.
 */
class NetbltSteadyStateMeterSingleBufferTestCase : public NetbltEngineTestCase
{
  public:
    NetbltSteadyStateMeterSingleBufferTestCase()
        : NetbltEngineTestCase("steady-state meter, one buffer: 8 x bytes before its last packet "
                               "over the time to that packet; one packet gives 0")
    {
    }

  private:
    void DoRun() override
    {
        {
            Bench bench;
            MeteredSender metered;
            metered.Run(bench, Proposal(4000, 1000, 2, 5, 1), MakeData(3500, 32), Limits());
            NS_TEST_ASSERT_MSG_EQ(bench.active.Completed(), true, "sender completed");
            NS_TEST_ASSERT_MSG_EQ(metered.attached, true, "attached before the first DATA");
            NS_TEST_ASSERT_MSG_EQ(metered.record.sent.size(), 4, "4 packets, each once");
            const Time start = metered.record.sent.front().time;
            Time ldata;
            uint64_t bytesBefore = 0;
            for (const DataSentRecorder::Sent& s : metered.record.sent)
            {
                if (s.lastPacket)
                {
                    ldata = s.time;
                    break;
                }
                bytesBefore += s.bytes;
            }
            NS_TEST_EXPECT_MSG_EQ(bytesBefore, 3000, "three 1000-byte packets before the LDATA");
            // The second burst's timer: 5 ms, rounded up to the host's 1-ms clock tick.
            const int64_t dueMs = ((start + MilliSeconds(5)).GetNanoSeconds() + 999999) / 1000000;
            NS_TEST_EXPECT_MSG_EQ(ldata,
                                  MilliSeconds(dueMs),
                                  "the LDATA opens the second burst, on the tick after "
                                      << (start + MilliSeconds(5)).As(Time::US));
            const double expected = 8.0 * bytesBefore / (ldata - start).GetSeconds();
            NS_TEST_EXPECT_MSG_EQ_TOL(metered.meter.GetThroughput(),
                                      expected,
                                      expected * 1e-12,
                                      "8 x 3000 bits over " << (ldata - start).As(Time::US));
            const double nominal = 8.0 * 3000 / (MilliSeconds(dueMs) - start).GetSeconds();
            NS_TEST_EXPECT_MSG_EQ_TOL(metered.meter.GetThroughput(),
                                      nominal,
                                      nominal * 1e-12,
                                      "24000 bits from the first burst to the second");
            Simulator::Destroy();
        }
        {
            Bench bench;
            MeteredSender metered;
            metered.Run(bench, Proposal(4000, 1000, 2, 5, 1), MakeData(137, 33), Limits());
            NS_TEST_ASSERT_MSG_EQ(bench.active.Completed(), true, "sender completed");
            NS_TEST_ASSERT_MSG_EQ(metered.record.sent.size(), 1, "one LDATA");
            NS_TEST_EXPECT_MSG_EQ(metered.meter.GetThroughput(), 0.0, "too little to tell");
        }
    }
};

/**
 * @ingroup netblt-experiment-tests
 * @brief NetbltSteadyStateMeter.
 */
class NetbltSteadyStateMeterTestSuite : public TestSuite
{
  public:
    NetbltSteadyStateMeterTestSuite()
        : TestSuite("netblt-steady-state-meter", Type::SYSTEM)
    {
        AddTestCase(new NetbltSteadyStateMeterBuffersTestCase, TestCase::Duration::QUICK);
        AddTestCase(new NetbltSteadyStateMeterSingleBufferTestCase, TestCase::Duration::QUICK);
    }
};

/// Static variable for test initialization.
static NetbltSteadyStateMeterTestSuite g_netbltSteadyStateMeterTestSuite;
