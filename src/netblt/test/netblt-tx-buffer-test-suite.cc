/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-test-data.h"

#include "ns3/netblt-tx-buffer.h"
#include "ns3/packet.h"
#include "ns3/test.h"

#include <cstdint>
#include <tuple>
#include <utility>
#include <vector>

/**
 * @file
 * @ingroup netblt-tests
 * The sending end's buffers on their own, without a topology or a simulator: packet counts,
 * GO (early, repeated), the order NextPacket() takes packets in, RESEND, OK and the end of the
 * transfer.
 */

using namespace ns3;
using namespace ns3::netblt_test;

namespace
{

/// @return a packet holding @p bytes
Ptr<Packet>
MakeBuffer(const std::vector<uint8_t>& bytes)
{
    return Create<Packet>(bytes.data(), bytes.size());
}

/**
 * Takes every queued packet.
 * @param tx the buffers
 * @return the (buffer, packet) numbers, in the order NextPacket() gave them
 */
std::vector<std::pair<uint32_t, uint16_t>>
Drain(NetbltTxBuffer& tx)
{
    std::vector<std::pair<uint32_t, uint16_t>> taken;
    NetbltTxBuffer::Transmission t;
    while (tx.NextPacket(t))
    {
        taken.emplace_back(t.buffer, t.packet);
    }
    return taken;
}

} // namespace

/**
 * @ingroup netblt-tests
 * @brief A buffer needs ceil(size / packet size) packets: 1000 bytes in 400-byte packets are 3
 * (400, 400, 200), 1200 bytes are 3 (the last one full), a short last buffer of 450 bytes is 2
 * (400, 50), one byte is 1; only the last packet is an LDATA.
 */
class NetbltTxBufferPacketCountTestCase : public TestCase
{
  public:
    NetbltTxBufferPacketCountTestCase()
        : TestCase("tx buffer: a buffer is its size over the packet size packets, rounded up, "
                   "only the last one shorter")
    {
    }

  private:
    void DoRun() override
    {
        // size, expected packets, expected length of the last one
        const std::vector<std::tuple<uint32_t, uint32_t, uint32_t>> cases = {
            {1000, 3, 200},
            {1200, 3, 400},
            {450, 2, 50},
            {1, 1, 1},
        };
        for (const auto& [size, packets, lastLength] : cases)
        {
            NetbltTxBuffer tx(400);
            NS_TEST_EXPECT_MSG_EQ(tx.Add(MakeBuffer(MakeData(size, 1)), true), 1, "buffer 1");
            tx.Go(1);
            std::vector<NetbltTxBuffer::Transmission> taken;
            NetbltTxBuffer::Transmission t;
            while (tx.NextPacket(t))
            {
                taken.push_back(t);
            }
            NS_TEST_ASSERT_MSG_EQ(taken.size(), packets, size << " bytes: packet count");
            for (uint32_t i = 0; i < packets; ++i)
            {
                NS_TEST_EXPECT_MSG_EQ(taken[i].packet, i, size << " bytes: packet number");
                NS_TEST_EXPECT_MSG_EQ(taken[i].lastPacket,
                                      (i + 1 == packets),
                                      size << " bytes: LDATA flag of packet " << i);
                NS_TEST_EXPECT_MSG_EQ(taken[i].length,
                                      (i + 1 == packets ? lastLength : 400),
                                      size << " bytes: length of packet " << i);
                NS_TEST_EXPECT_MSG_EQ(taken[i].bufferSize, size, "the whole buffer's size");
            }
        }
        // The packet size set after construction (as NetbltSender does from the RESPONSE).
        NetbltTxBuffer tx;
        tx.SetPacketSize(250);
        tx.Add(MakeBuffer(MakeData(1000, 2)), true);
        tx.Go(1);
        NS_TEST_EXPECT_MSG_EQ(Drain(tx).size(), 4, "1000 bytes in 250-byte packets");
    }
};

/**
 * @ingroup netblt-tests
 * @brief RFC 998 §5.2: the sender transmits a buffer only once the receiver's GO for it has
 * come; before, nothing is queued, NextPacket() gives nothing and IsGoReceived() is false.
 */
class NetbltTxBufferNothingBeforeGoTestCase : public TestCase
{
  public:
    NetbltTxBufferNothingBeforeGoTestCase()
        : TestCase("tx buffer: no packet of a buffer is sent before its GO")
    {
    }

  private:
    void DoRun() override
    {
        NetbltTxBuffer tx(400);
        NS_TEST_EXPECT_MSG_EQ(tx.HasDataToSend(), false, "empty");
        NS_TEST_EXPECT_MSG_EQ(tx.Add(MakeBuffer(MakeData(1000, 1)), false), 1, "buffer 1");
        NS_TEST_EXPECT_MSG_EQ(tx.Add(MakeBuffer(MakeData(1000, 2)), false), 2, "buffer 2");
        NS_TEST_EXPECT_MSG_EQ(tx.GetHeldCount(), 2, "both held");
        NS_TEST_EXPECT_MSG_EQ(tx.IsGoReceived(1), false, "no GO for 1");
        NS_TEST_EXPECT_MSG_EQ(tx.IsGoReceived(2), false, "no GO for 2");
        NS_TEST_EXPECT_MSG_EQ(tx.HasDataToSend(), false, "nothing to send");
        NetbltTxBuffer::Transmission t;
        NS_TEST_EXPECT_MSG_EQ(tx.NextPacket(t), false, "NextPacket gives nothing");
        tx.Go(2);
        NS_TEST_EXPECT_MSG_EQ(tx.IsGoReceived(2), true, "GO for 2");
        NS_TEST_EXPECT_MSG_EQ(tx.IsGoReceived(1), false, "still none for 1");
        std::vector<std::pair<uint32_t, uint16_t>> expected = {{2, 0}, {2, 1}, {2, 2}};
        NS_TEST_EXPECT_MSG_EQ((Drain(tx) == expected), true, "only buffer 2's packets");
    }
};

/**
 * @ingroup netblt-tests
 * @brief RFC 998 §5.2, RFC 1030 §7: a GO queues all of its buffer's packets; NextPacket() takes
 * the lowest buffer's lowest packet first, whatever order the GOs came in, with the packet's
 * offset, length, LDATA and L flags, and exactly the buffer's bytes at that offset.
 */
class NetbltTxBufferOrderTestCase : public TestCase
{
  public:
    NetbltTxBufferOrderTestCase()
        : TestCase("tx buffer: GO queues every packet; lowest buffer, then lowest packet, first, "
                   "with the buffer's own bytes")
    {
    }

  private:
    void DoRun() override
    {
        NetbltTxBuffer tx(400);
        const std::vector<std::vector<uint8_t>> data = {MakeData(1000, 1),
                                                        MakeData(1000, 2),
                                                        MakeData(450, 3)};
        tx.Add(MakeBuffer(data[0]), false);
        tx.Add(MakeBuffer(data[1]), false);
        tx.Add(MakeBuffer(data[2]), true);
        tx.Go(3);
        tx.Go(1);
        tx.Go(2);
        NS_TEST_EXPECT_MSG_EQ(tx.HasDataToSend(), true, "queued");

        struct Expected
        {
            uint32_t buffer;
            uint16_t packet;
            uint32_t offset;
            uint32_t length;
            bool lastPacket;
            bool lastBuffer;
        };

        const std::vector<Expected> expected = {
            {1, 0, 0, 400, false, false},
            {1, 1, 400, 400, false, false},
            {1, 2, 800, 200, true, false},
            {2, 0, 0, 400, false, false},
            {2, 1, 400, 400, false, false},
            {2, 2, 800, 200, true, false},
            {3, 0, 0, 400, false, true},
            {3, 1, 400, 50, true, true},
        };
        for (const Expected& e : expected)
        {
            NetbltTxBuffer::Transmission t;
            NS_TEST_ASSERT_MSG_EQ(tx.NextPacket(t), true, "packet " << e.buffer << "/" << e.packet);
            NS_TEST_EXPECT_MSG_EQ(t.buffer, e.buffer, "buffer number");
            NS_TEST_EXPECT_MSG_EQ(t.packet, e.packet, "packet number in buffer " << e.buffer);
            NS_TEST_EXPECT_MSG_EQ(t.offset, e.offset, e.buffer << "/" << e.packet << " offset");
            NS_TEST_EXPECT_MSG_EQ(t.length, e.length, e.buffer << "/" << e.packet << " length");
            NS_TEST_EXPECT_MSG_EQ(t.lastPacket,
                                  e.lastPacket,
                                  e.buffer << "/" << e.packet << " LDATA");
            NS_TEST_EXPECT_MSG_EQ(t.lastBuffer, e.lastBuffer, e.buffer << "/" << e.packet << " L");
            NS_TEST_EXPECT_MSG_EQ(t.retransmission, false, "first transmission");
            NS_TEST_EXPECT_MSG_EQ(t.bufferSize, data[e.buffer - 1].size(), "buffer size");
            NS_TEST_ASSERT_MSG_NE(t.data, nullptr, "a fragment");
            std::vector<uint8_t> want(data[e.buffer - 1].begin() + e.offset,
                                      data[e.buffer - 1].begin() + e.offset + e.length);
            NS_TEST_EXPECT_MSG_EQ((PacketBytes(t.data) == want),
                                  true,
                                  e.buffer << "/" << e.packet << ": the buffer's bytes");
        }
        NetbltTxBuffer::Transmission t;
        NS_TEST_EXPECT_MSG_EQ(tx.NextPacket(t), false, "all taken");
        NS_TEST_EXPECT_MSG_EQ(tx.HasDataToSend(), false, "nothing left");
        NS_TEST_EXPECT_MSG_EQ(tx.GetHeldCount(), 3, "held until their OK");
    }
};

/**
 * @ingroup netblt-tests
 * @brief RFC 998 §5.2: a GO may overtake the client's hand-over; it is remembered and queues
 * the buffer when Add() brings it (and only that buffer). A GO for a buffer already released
 * by its OK is not remembered.
 */
class NetbltTxBufferEarlyGoTestCase : public TestCase
{
  public:
    NetbltTxBufferEarlyGoTestCase()
        : TestCase("tx buffer: a GO before the client's hand-over queues the buffer on Add")
    {
    }

  private:
    void DoRun() override
    {
        NetbltTxBuffer tx(400);
        tx.Go(1);
        tx.Go(3);
        NS_TEST_EXPECT_MSG_EQ(tx.HasDataToSend(), false, "nothing held yet");
        NS_TEST_EXPECT_MSG_EQ(tx.IsGoReceived(1), false, "buffer 1 not held");
        NS_TEST_EXPECT_MSG_EQ(tx.Add(MakeBuffer(MakeData(800, 1)), false), 1, "buffer 1 arrives");
        NS_TEST_EXPECT_MSG_EQ(tx.IsGoReceived(1), true, "its early GO applies");
        NS_TEST_EXPECT_MSG_EQ(tx.HasDataToSend(), true, "queued at once");
        NS_TEST_EXPECT_MSG_EQ(tx.Add(MakeBuffer(MakeData(800, 2)), false), 2, "buffer 2 arrives");
        NS_TEST_EXPECT_MSG_EQ(tx.IsGoReceived(2), false, "no GO for 2");
        NS_TEST_EXPECT_MSG_EQ(tx.Add(MakeBuffer(MakeData(400, 3)), true), 3, "buffer 3 arrives");
        NS_TEST_EXPECT_MSG_EQ(tx.IsGoReceived(3), true, "its early GO applies");
        std::vector<std::pair<uint32_t, uint16_t>> expected = {{1, 0}, {1, 1}, {3, 0}};
        NS_TEST_EXPECT_MSG_EQ((Drain(tx) == expected), true, "buffers 1 and 3, not 2");

        // A GO for buffer 1 after its OK is a stale duplicate, not a GO for the future.
        NS_TEST_EXPECT_MSG_EQ(tx.Ok(1), 800, "buffer 1 released");
        tx.Go(1);
        NS_TEST_EXPECT_MSG_EQ(tx.IsGoReceived(1), false, "not held");
        NS_TEST_EXPECT_MSG_EQ(tx.HasDataToSend(), false, "nothing queued by the stale GO");
    }
};

/**
 * @ingroup netblt-tests
 * @brief RFC 998 §5.2 (the sender acts on each control message once): a second GO for a
 * buffer changes nothing, neither before its packets have gone nor after.
 */
class NetbltTxBufferSecondGoTestCase : public TestCase
{
  public:
    NetbltTxBufferSecondGoTestCase()
        : TestCase("tx buffer: a second GO for a buffer queues nothing again")
    {
    }

  private:
    void DoRun() override
    {
        NetbltTxBuffer tx(400);
        tx.Add(MakeBuffer(MakeData(1200, 1)), true);
        tx.Go(1);
        NetbltTxBuffer::Transmission t;
        NS_TEST_ASSERT_MSG_EQ(tx.NextPacket(t), true, "packet 0");
        NS_TEST_EXPECT_MSG_EQ(t.packet, 0, "packet 0");
        tx.Go(1);
        std::vector<std::pair<uint32_t, uint16_t>> rest = {{1, 1}, {1, 2}};
        NS_TEST_EXPECT_MSG_EQ((Drain(tx) == rest), true, "packet 0 not queued again");
        tx.Go(1);
        NS_TEST_EXPECT_MSG_EQ(tx.HasDataToSend(), false, "nothing queued after all went");
    }
};

/**
 * @ingroup netblt-tests
 * @brief RFC 998 §5.2: a RESEND queues again each named packet that has gone once (once each,
 * flagged as a retransmission, lowest buffer first); a packet number past the end of a short
 * last buffer asks for its LDATA; a RESEND for a buffer not held is ignored, and one for a held
 * buffer whose GO never came stands for the GO (the soak found a transfer that stalled for ever
 * without it).
 */
class NetbltTxBufferResendTestCase : public TestCase
{
  public:
    NetbltTxBufferResendTestCase()
        : TestCase("tx buffer: RESEND queues the named packets already sent, once, "
                   "as retransmissions")
    {
    }

  private:
    void DoRun() override
    {
        {
            NetbltTxBuffer tx(400);
            tx.Add(MakeBuffer(MakeData(1000, 1)), false);
            tx.Go(1);
            NetbltTxBuffer::Transmission t;
            NS_TEST_ASSERT_MSG_EQ(tx.NextPacket(t), true, "packet 0");
            NS_TEST_EXPECT_MSG_EQ(t.retransmission, false, "first transmission of packet 0");
            // Packet 0 has gone, 1 and 2 are still queued from the GO.
            tx.Resend(1, {0, 1, 2, 0});
            std::vector<bool> flags;
            std::vector<uint16_t> numbers;
            while (tx.NextPacket(t))
            {
                numbers.push_back(t.packet);
                flags.push_back(t.retransmission);
            }
            NS_TEST_EXPECT_MSG_EQ((numbers == std::vector<uint16_t>{0, 1, 2}),
                                  true,
                                  "each packet once, lowest first");
            NS_TEST_EXPECT_MSG_EQ((flags == std::vector<bool>{true, false, false}),
                                  true,
                                  "only packet 0 is a retransmission");
        }
        {
            NetbltTxBuffer tx(400);
            tx.Add(MakeBuffer(MakeData(1000, 1)), false);
            tx.Resend(1, {1});
            NS_TEST_EXPECT_MSG_EQ(tx.IsGoReceived(1), true, "a RESEND before the GO stands for it");
            NetbltTxBuffer::Transmission t;
            std::vector<uint16_t> numbers;
            while (tx.NextPacket(t))
            {
                numbers.push_back(t.packet);
                NS_TEST_EXPECT_MSG_EQ(t.retransmission, false, "first transmissions");
            }
            NS_TEST_EXPECT_MSG_EQ((numbers == std::vector<uint16_t>{0, 1, 2}),
                                  true,
                                  "every packet, as a GO queues them");
        }
        {
            NetbltTxBuffer tx(400);
            const std::vector<uint8_t> first = MakeData(1000, 1);
            const std::vector<uint8_t> last = MakeData(450, 2);
            tx.Add(MakeBuffer(first), false);
            tx.Add(MakeBuffer(last), true);
            tx.Go(1);
            tx.Go(2);
            NS_TEST_EXPECT_MSG_EQ(Drain(tx).size(), 5, "3 + 2 packets sent");
            tx.Resend(2, {7});
            tx.Resend(1, {1});
            tx.Resend(9, {0});
            NetbltTxBuffer::Transmission t;
            NS_TEST_ASSERT_MSG_EQ(tx.NextPacket(t), true, "a retransmission");
            NS_TEST_EXPECT_MSG_EQ(t.buffer, 1, "the lower buffer first");
            NS_TEST_EXPECT_MSG_EQ(t.packet, 1, "packet 1");
            NS_TEST_EXPECT_MSG_EQ(t.offset, 400, "at 400");
            NS_TEST_EXPECT_MSG_EQ(t.retransmission, true, "flagged");
            std::vector<uint8_t> want(first.begin() + 400, first.begin() + 800);
            NS_TEST_EXPECT_MSG_EQ((PacketBytes(t.data) == want), true, "the same bytes again");
            NS_TEST_ASSERT_MSG_EQ(tx.NextPacket(t), true, "the LDATA asked for");
            NS_TEST_EXPECT_MSG_EQ(t.buffer, 2, "buffer 2");
            NS_TEST_EXPECT_MSG_EQ(t.packet, 1, "packet 7 of a 2-packet buffer is its LDATA, 1");
            NS_TEST_EXPECT_MSG_EQ(t.lastPacket, true, "LDATA");
            NS_TEST_EXPECT_MSG_EQ(t.lastBuffer, true, "L");
            NS_TEST_EXPECT_MSG_EQ(t.offset, 400, "at 400");
            NS_TEST_EXPECT_MSG_EQ(t.length, 50, "the 50-byte tail");
            NS_TEST_EXPECT_MSG_EQ(t.retransmission, true, "flagged");
            NS_TEST_EXPECT_MSG_EQ(tx.NextPacket(t), false, "nothing for unknown buffer 9");
        }
    }
};

/**
 * @ingroup netblt-tests
 * @brief RFC 998 §5.2: an OK releases its buffer (its queued packets with it) and returns the
 * client bytes it held; an OK for a buffer not held returns 0. The transfer is done only once
 * the last buffer has been handed over and every buffer is OK'd; the bytes handed over count
 * every buffer, OK'd or not.
 */
class NetbltTxBufferOkTestCase : public TestCase
{
  public:
    NetbltTxBufferOkTestCase()
        : TestCase("tx buffer: OK releases the buffer and returns its bytes; done only after the "
                   "last buffer and every OK")
    {
    }

  private:
    void DoRun() override
    {
        NetbltTxBuffer tx(400);
        NS_TEST_EXPECT_MSG_EQ(tx.IsDone(), false, "nothing given");
        NS_TEST_EXPECT_MSG_EQ(tx.GetBytesHandedOver(), 0, "no bytes");
        tx.Add(MakeBuffer(MakeData(1000, 1)), false);
        NS_TEST_EXPECT_MSG_EQ(tx.Ok(1), 1000, "buffer 1 held 1000 bytes");
        NS_TEST_EXPECT_MSG_EQ(tx.Ok(1), 0, "a second OK: not held");
        NS_TEST_EXPECT_MSG_EQ(tx.Ok(5), 0, "never handed over");
        NS_TEST_EXPECT_MSG_EQ(tx.IsReleased(1), true, "buffer 1 released by its OK");
        NS_TEST_EXPECT_MSG_EQ(tx.IsReleased(5), false, "buffer 5 never handed over");
        NS_TEST_EXPECT_MSG_EQ(tx.IsReleased(0), false, "there is no buffer 0");
        NS_TEST_EXPECT_MSG_EQ(tx.GetHeldCount(), 0, "none held");
        NS_TEST_EXPECT_MSG_EQ(tx.IsLastGiven(), false, "last not given");
        NS_TEST_EXPECT_MSG_EQ(tx.IsDone(), false, "every buffer OK'd but the last not given");

        tx.Add(MakeBuffer(MakeData(1000, 2)), false);
        tx.Add(MakeBuffer(MakeData(300, 3)), true);
        NS_TEST_EXPECT_MSG_EQ(tx.IsLastGiven(), true, "last given");
        NS_TEST_EXPECT_MSG_EQ(tx.GetHeldCount(), 2, "buffers 2 and 3 held");
        NS_TEST_EXPECT_MSG_EQ(tx.GetBytesHandedOver(), 2300, "1000 + 1000 + 300");
        tx.Go(2);
        NS_TEST_EXPECT_MSG_EQ(tx.HasDataToSend(), true, "buffer 2 queued");
        NS_TEST_EXPECT_MSG_EQ(tx.Ok(3), 300, "the last buffer first");
        NS_TEST_EXPECT_MSG_EQ(tx.IsDone(), false, "buffer 2 not OK'd");
        NS_TEST_EXPECT_MSG_EQ(tx.Ok(2), 1000, "buffer 2");
        NS_TEST_EXPECT_MSG_EQ(tx.HasDataToSend(), false, "its queued packets went with it");
        NetbltTxBuffer::Transmission t;
        NS_TEST_EXPECT_MSG_EQ(tx.NextPacket(t), false, "nothing to take");
        tx.Resend(2, {0});
        NS_TEST_EXPECT_MSG_EQ(tx.HasDataToSend(), false, "a RESEND after the OK is ignored");
        NS_TEST_EXPECT_MSG_EQ(tx.IsDone(), true, "done");
        NS_TEST_EXPECT_MSG_EQ(tx.GetBytesHandedOver(), 2300, "OKs do not change the count");
    }
};

/**
 * @ingroup netblt-tests
 * @brief The sending end's buffers.
 */
class NetbltTxBufferTestSuite : public TestSuite
{
  public:
    NetbltTxBufferTestSuite()
        : TestSuite("netblt-tx-buffer", Type::UNIT)
    {
        AddTestCase(new NetbltTxBufferPacketCountTestCase, TestCase::Duration::QUICK);
        AddTestCase(new NetbltTxBufferNothingBeforeGoTestCase, TestCase::Duration::QUICK);
        AddTestCase(new NetbltTxBufferOrderTestCase, TestCase::Duration::QUICK);
        AddTestCase(new NetbltTxBufferEarlyGoTestCase, TestCase::Duration::QUICK);
        AddTestCase(new NetbltTxBufferSecondGoTestCase, TestCase::Duration::QUICK);
        AddTestCase(new NetbltTxBufferResendTestCase, TestCase::Duration::QUICK);
        AddTestCase(new NetbltTxBufferOkTestCase, TestCase::Duration::QUICK);
    }
};

/// Static variable for test initialization.
static NetbltTxBufferTestSuite g_netbltTxBufferTestSuite;
