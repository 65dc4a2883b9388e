/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-engine-test-case.h"
#include "netblt-test-bench.h"
#include "netblt-test-data.h"

#include "ns3/netblt-control-header.h"
#include "ns3/simulator.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <algorithm>

/**
 * @file
 * @ingroup netblt-tests
 * The padded CONTROL packets extension (P flag, netblt-wire-format.rst): NetbltL4Protocol's
 * ControlPacketSize on each node, the P flags of OPEN and RESPONSE, and the size and Length of
 * every CONTROL packet the receiver sends, over a lossy link (RESENDs of several lengths).
 */

using namespace ns3;
using namespace ns3::netblt_test;

namespace
{

/** One combination of the two ends' ControlPacketSize and what it must give. */
struct PaddingCase
{
    std::string name;         //!< what the case shows
    uint32_t senderSize;      //!< node 0's (active sender) ControlPacketSize, bytes
    uint32_t receiverSize;    //!< node 1's (passive receiver) ControlPacketSize, bytes
    uint16_t nbufs;           //!< outstanding buffers proposed
    bool openP;               //!< the OPEN carries P
    bool responseP;           //!< the RESPONSE carries P
    uint32_t padTo;           //!< CONTROL packets shorter than this are padded to it (0: none)
    bool someLongerThanPadTo; //!< some CONTROL packet is longer than padTo (so not padded)
};

} // namespace

/**
 * @ingroup netblt-tests
 * @brief A 100,000-byte transfer with 5 % of packets lost each way, the two ends' ControlPacketSize
 * as the case says: OPEN and RESPONSE carry P as the case says; every CONTROL packet's Length is
 * the 12-byte header plus its messages, and its size on the wire is Length, or padTo if that
 * is larger (zero bytes, counted by nothing); the transfer completes intact at both ends.
 */
class NetbltPaddedControlTestCase : public NetbltEngineTestCase
{
  public:
    /** @param c the case */
    explicit NetbltPaddedControlTestCase(PaddingCase c)
        : NetbltEngineTestCase("padded CONTROL packets: " + c.name),
          m_case(std::move(c))
    {
    }

  private:
    void DoRun() override
    {
        TwoNodeConfig config;
        config.receiveErrorModel = {Loss(0.05, 60), Loss(0.05, 61)};
        Bench bench(config);
        bench.topology.netblt[0]->SetAttribute("ControlPacketSize",
                                               UintegerValue(m_case.senderSize));
        bench.topology.netblt[1]->SetAttribute("ControlPacketSize",
                                               UintegerValue(m_case.receiverSize));
        std::vector<uint8_t> data = MakeData(100000, 7);
        bench.StartWrite(Proposal(5000, 1000, 5, 10, m_case.nbufs), data, Limits());
        bench.ArmWatchdog(Seconds(500));
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(bench.active.Completed(), true, "sender TRANSFER_COMPLETE");
        NS_TEST_EXPECT_MSG_EQ(bench.passive.Completed(), true, "receiver TRANSFER_COMPLETE");
        NS_TEST_EXPECT_MSG_EQ((bench.passive.received == data), true, "data intact");

        auto opens = bench.active.tx.Select(NetbltPacketType::OPEN);
        auto responses = bench.passive.tx.Select(NetbltPacketType::RESPONSE);
        NS_TEST_ASSERT_MSG_GT(opens.size(), 0, "an OPEN");
        NS_TEST_ASSERT_MSG_GT(responses.size(), 0, "a RESPONSE");
        for (const auto& open : opens)
        {
            NS_TEST_EXPECT_MSG_EQ(open.parameters.paddedControl, m_case.openP, "OPEN's P");
        }
        for (const auto& response : responses)
        {
            NS_TEST_EXPECT_MSG_EQ(response.parameters.paddedControl,
                                  m_case.responseP,
                                  "RESPONSE's P");
        }

        auto controls = bench.passive.tx.Select(NetbltPacketType::CONTROL);
        NS_TEST_ASSERT_MSG_GT(controls.size(), 10, "CONTROL packets sent");
        uint32_t padded = 0;
        uint32_t longer = 0;
        uint32_t resends = 0;
        for (const auto& control : controls)
        {
            uint32_t messagesSize = 0;
            for (const NetbltControlMessage& message : control.messages)
            {
                messagesSize += message.GetSerializedSize();
                resends += message.GetType() == NetbltControlMessage::RESEND;
            }
            NS_TEST_EXPECT_MSG_EQ(control.length,
                                  NetbltHeader::COMMON_SIZE + messagesSize,
                                  "Length: header and messages");
            NS_TEST_EXPECT_MSG_EQ(control.size,
                                  std::max<uint32_t>(control.length, m_case.padTo),
                                  "size on the wire at " << control.time.As(Time::MS));
            padded += control.size > control.length;
            longer += m_case.padTo > 0 && control.length > m_case.padTo;
        }
        NS_TEST_EXPECT_MSG_GT(resends, 0, "the losses asked for RESENDs");
        NS_TEST_EXPECT_MSG_EQ((padded > 0), (m_case.padTo > 0), "padded packets");
        NS_TEST_EXPECT_MSG_EQ((longer > 0), m_case.someLongerThanPadTo, "packets beyond padTo");
        Simulator::Destroy();
    }

    PaddingCase m_case; //!< the case
};

/**
 * @ingroup netblt-tests
 * @brief The padded CONTROL packets extension end to end.
 */
class NetbltPaddedControlTestSuite : public TestSuite
{
  public:
    NetbltPaddedControlTestSuite()
        : TestSuite("netblt-padded-control", Type::SYSTEM)
    {
        // name, sender size, receiver size, nbufs, OPEN P, RESPONSE P, pad to, some longer
        for (const PaddingCase& c : std::vector<PaddingCase>{
                 {"both ends 1000 bytes: every CONTROL packet 1000 bytes",
                  1000,
                  1000,
                  2,
                  true,
                  true,
                  1000,
                  false},
                 {"a sender without a size: its OPEN has P clear, nothing padded",
                  0,
                  1000,
                  2,
                  false,
                  true,
                  0,
                  false},
                 {"a receiver without a size echoes P and pads nothing",
                  1000,
                  0,
                  2,
                  true,
                  true,
                  0,
                  false},
                 {"24 bytes: a lone GO padded, longer packets as they are",
                  24,
                  24,
                  1,
                  true,
                  true,
                  24,
                  true},
                 {"22 bytes, rounded up to 24 (longword alignment)",
                  22,
                  22,
                  1,
                  true,
                  true,
                  24,
                  true},
                 {"neither end: RFC 998's packets", 0, 0, 2, false, false, 0, false},
             })
        {
            AddTestCase(new NetbltPaddedControlTestCase(c), TestCase::Duration::QUICK);
        }
    }
};

/// The suite's instance.
static NetbltPaddedControlTestSuite g_netbltPaddedControlTestSuite;
