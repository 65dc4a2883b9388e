/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/packet-buffer-pool.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <vector>

/**
 * @file
 * @ingroup host-processing-tests
 * The host's packet buffers (PC/IP's NBUF): a fixed number, taken per received frame, returned
 * when the protocol that kept one has consumed its packet, or at the end of the hand-up.
 */

using namespace ns3;

/**
 * @ingroup host-processing-tests
 * @brief A pool of three gives three buffers, refuses the fourth (counted, traced), and gives
 * one again once one is returned; the high-water mark is three.
 */
class PacketBufferPoolLimitTestCase : public TestCase
{
  public:
    PacketBufferPoolLimitTestCase()
        : TestCase("packet buffers: three of three taken, the fourth refused until one is freed")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<PacketBufferPool> pool = CreateObject<PacketBufferPool>();
        pool->SetAttribute("Buffers", UintegerValue(3));
        uint32_t exhausted = 0;
        pool->TraceConnectWithoutContext("Exhausted",
                                         Callback<void>([&exhausted]() { ++exhausted; }));
        std::vector<uint32_t> inUse;
        pool->TraceConnectWithoutContext(
            "InUse",
            Callback<void, uint32_t, uint32_t>(
                [&inUse](uint32_t, uint32_t now) { inUse.push_back(now); }));
        for (int i = 0; i < 3; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(pool->Allocate(), true, "buffer " << i + 1 << " of 3");
        }
        NS_TEST_EXPECT_MSG_EQ(pool->Allocate(), false, "the fourth is refused");
        NS_TEST_EXPECT_MSG_EQ(pool->GetRefusals(), 1, "one refusal counted");
        NS_TEST_EXPECT_MSG_EQ(exhausted, 1, "Exhausted fired once");
        pool->Free();
        NS_TEST_EXPECT_MSG_EQ(pool->GetInUse(), 2, "two in use after a free");
        NS_TEST_EXPECT_MSG_EQ(pool->Allocate(), true, "a freed buffer is given again");
        NS_TEST_EXPECT_MSG_EQ(pool->GetPeakInUse(), 3, "never more than three");
        NS_TEST_EXPECT_MSG_EQ(inUse.size(), 5, "InUse traced at each change");
        NS_TEST_EXPECT_MSG_EQ(inUse.back(), 3, "three in use at the end");
    }
};

/**
 * @ingroup host-processing-tests
 * @brief A buffer handed up that nobody keeps is back in the pool at the end of the hand-up; a
 * kept one stays in use until the keeper frees it; only one keeper per hand-up; an unlimited
 * pool (Buffers 0) never refuses and still counts its high-water mark.
 */
class PacketBufferPoolHandUpTestCase : public TestCase
{
  public:
    PacketBufferPoolHandUpTestCase()
        : TestCase("packet buffers: returned at the end of a hand-up unless the layer above "
                   "kept it")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<PacketBufferPool> pool = CreateObject<PacketBufferPool>();
        NS_TEST_EXPECT_MSG_EQ(pool->KeepHandedUp(), false, "nothing to keep outside a hand-up");

        NS_TEST_EXPECT_MSG_EQ(pool->Allocate(), true, "unlimited pool");
        pool->BeginHandUp();
        pool->EndHandUp();
        NS_TEST_EXPECT_MSG_EQ(pool->GetInUse(), 0, "not kept: returned");

        NS_TEST_EXPECT_MSG_EQ(pool->Allocate(), true, "unlimited pool");
        pool->BeginHandUp();
        NS_TEST_EXPECT_MSG_EQ(pool->KeepHandedUp(), true, "kept");
        NS_TEST_EXPECT_MSG_EQ(pool->KeepHandedUp(), false, "a buffer has one keeper");
        pool->EndHandUp();
        NS_TEST_EXPECT_MSG_EQ(pool->GetInUse(), 1, "kept: still in use");
        pool->Free();
        NS_TEST_EXPECT_MSG_EQ(pool->GetInUse(), 0, "freed by its keeper");

        for (int i = 0; i < 1000; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(pool->Allocate(), true, "Buffers 0 never refuses");
        }
        NS_TEST_EXPECT_MSG_EQ(pool->GetPeakInUse(), 1000, "high-water mark counted");
        NS_TEST_EXPECT_MSG_EQ(pool->GetRefusals(), 0, "no refusal");
    }
};

/**
 * @ingroup host-processing-tests
 * @brief The packet buffer pool's test suite.
 */
class PacketBufferPoolTestSuite : public TestSuite
{
  public:
    PacketBufferPoolTestSuite()
        : TestSuite("packet-buffer-pool", Type::UNIT)
    {
        AddTestCase(new PacketBufferPoolLimitTestCase, Duration::QUICK);
        AddTestCase(new PacketBufferPoolHandUpTestCase, Duration::QUICK);
    }
};

static PacketBufferPoolTestSuite g_packetBufferPoolTestSuite; //!< registers the suite
