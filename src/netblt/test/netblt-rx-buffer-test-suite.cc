/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-test-data.h"

#include "ns3/event-id.h"
#include "ns3/netblt-rx-buffer.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/test.h"

#include <algorithm>
#include <cstdint>
#include <vector>

/**
 * @file
 * @ingroup netblt-tests
 * The receiving end's buffers on their own, without a topology: numbering, how each arriving
 * DATA/LDATA packet is classified, where its bytes go, LDATA and the L flag, missing packets,
 * packets ahead of a buffer, and in-order delivery.
 */

using namespace ns3;
using namespace ns3::netblt_test;

namespace
{

/**
 * @param bytes a buffer's bytes
 * @param offset the first byte of the packet
 * @param length its data bytes
 * @return the packet
 */
Ptr<Packet>
Slice(const std::vector<uint8_t>& bytes, uint32_t offset, uint32_t length)
{
    return Create<Packet>(bytes.data() + offset, length);
}

/**
 * Stores every packet of a buffer of @p bytes (400-byte packets, the last one an LDATA).
 * @param rx the buffers
 * @param number the buffer number
 * @param bytes its bytes
 * @param last the L flag
 */
void
StoreAll(NetbltRxBuffer& rx, uint32_t number, const std::vector<uint8_t>& bytes, bool last)
{
    const uint32_t packetSize = 400;
    uint32_t packets = (bytes.size() + packetSize - 1) / packetSize;
    for (uint32_t p = 0; p < packets; ++p)
    {
        uint32_t offset = p * packetSize;
        uint32_t length = std::min<uint32_t>(packetSize, bytes.size() - offset);
        rx.Store(number, p, Slice(bytes, offset, length), length, p + 1 == packets, last);
    }
}

/// Nothing: the event the data timers in these tests would run.
void
Nothing()
{
}

} // namespace

/**
 * @ingroup netblt-tests
 * @brief RFC 998 §5.2.1: each GO opens the next buffer, numbered from 1, expecting a full
 * buffer's packets (1000 bytes in 400-byte packets: 3) and nothing held, in ACK_WAIT.
 */
class NetbltRxBufferOpenTestCase : public TestCase
{
  public:
    NetbltRxBufferOpenTestCase()
        : TestCase("rx buffer: buffers are opened numbered from 1, each expecting a full "
                   "buffer's packets")
    {
    }

  private:
    void DoRun() override
    {
        NetbltRxBuffer rx;
        rx.SetSizes(400, 1000);
        NS_TEST_EXPECT_MSG_EQ(rx.GetOpenCount(), 0, "none open");
        NS_TEST_EXPECT_MSG_EQ(rx.Open(), 1, "first buffer: 1");
        NS_TEST_EXPECT_MSG_EQ(rx.Open(), 2, "then 2");
        NS_TEST_EXPECT_MSG_EQ(rx.GetOpenCount(), 2, "two open");
        NetbltRxBuffer::Buffer* b = rx.Find(2);
        NS_TEST_ASSERT_MSG_NE(b, nullptr, "buffer 2 open");
        NS_TEST_EXPECT_MSG_EQ(b->state, NetbltRxBuffer::ACK_WAIT, "waiting for its GO's ack");
        NS_TEST_EXPECT_MSG_EQ(b->expectedCount, 3, "ceil(1000 / 400) packets");
        NS_TEST_EXPECT_MSG_EQ(b->countKnown, true, "a full buffer's count");
        NS_TEST_EXPECT_MSG_EQ(b->length, 1000, "a full buffer's length");
        NS_TEST_EXPECT_MSG_EQ(b->receivedCount, 0, "nothing held");
        NS_TEST_EXPECT_MSG_EQ(b->received.size(), 3, "a flag per packet");
        NS_TEST_EXPECT_MSG_NE(b->bytes, nullptr, "room for the buffer");
        NS_TEST_EXPECT_MSG_EQ(b->last, false, "no L flag");
        NS_TEST_EXPECT_MSG_EQ(b->GetRemaining(), 3, "3 missing");
        NS_TEST_EXPECT_MSG_EQ(b->IsComplete(), false, "not complete");
        NS_TEST_EXPECT_MSG_EQ(rx.Find(3), nullptr, "3 not open");
        NS_TEST_EXPECT_MSG_EQ(rx.Find(0), nullptr, "there is no buffer 0");
        NS_TEST_EXPECT_MSG_EQ(rx.IsLastKnown(), false, "no L flag seen");

        NetbltRxBuffer exact;
        exact.SetSizes(400, 1200);
        exact.Open();
        NS_TEST_EXPECT_MSG_EQ(exact.Find(1)->expectedCount, 3, "1200 / 400 packets");
    }
};

/**
 * @ingroup netblt-tests
 * @brief RFC 998 §5.2.1: an arriving DATA/LDATA is a new packet, a duplicate (already held, or
 * of a buffer complete), a packet of a buffer already delivered, or a protocol violation: a
 * buffer not open, a packet number past the buffer, a DATA shorter than the packet size, any
 * packet longer than the packet size, or data past the end of the buffer.
 */
class NetbltRxBufferClassifyTestCase : public TestCase
{
  public:
    NetbltRxBufferClassifyTestCase()
        : TestCase("rx buffer: each packet is NEW_PACKET, DUPLICATE, ALREADY_DELIVERED or "
                   "VIOLATION")
    {
    }

  private:
    void DoRun() override
    {
        NetbltRxBuffer rx;
        rx.SetSizes(400, 1000);
        rx.Open();
        rx.Open();
        const std::vector<uint8_t> data = MakeData(1000, 1);

        NS_TEST_EXPECT_MSG_EQ(rx.Classify(1, 0, 400, false, false),
                              NetbltRxBuffer::NEW_PACKET,
                              "DATA 0");
        NS_TEST_EXPECT_MSG_EQ(rx.Classify(1, 1, 400, false, false),
                              NetbltRxBuffer::NEW_PACKET,
                              "DATA 1");
        NS_TEST_EXPECT_MSG_EQ(rx.Classify(1, 2, 200, true, false),
                              NetbltRxBuffer::NEW_PACKET,
                              "the 200-byte LDATA 2");
        NS_TEST_EXPECT_MSG_EQ(rx.Classify(1, 0, 400, true, true),
                              NetbltRxBuffer::NEW_PACKET,
                              "a full-length LDATA with the L flag (a short last buffer's)");
        NS_TEST_EXPECT_MSG_EQ(rx.Classify(1, 0, 1, true, true),
                              NetbltRxBuffer::NEW_PACKET,
                              "a 1-byte LDATA with the L flag");

        rx.Store(1, 0, Slice(data, 0, 400), 400, false, false);
        NS_TEST_EXPECT_MSG_EQ(rx.Classify(1, 0, 400, false, false),
                              NetbltRxBuffer::DUPLICATE,
                              "packet 0 again");
        NS_TEST_EXPECT_MSG_EQ(rx.Classify(1, 1, 400, false, false),
                              NetbltRxBuffer::NEW_PACKET,
                              "packet 1 still new");

        // Violations.
        NS_TEST_EXPECT_MSG_EQ(rx.Classify(3, 0, 400, false, false),
                              NetbltRxBuffer::VIOLATION,
                              "buffer 3 has no GO yet");
        NS_TEST_EXPECT_MSG_EQ(rx.Classify(1000, 0, 400, false, false),
                              NetbltRxBuffer::VIOLATION,
                              "buffer 1000 unknown");
        NS_TEST_EXPECT_MSG_EQ(rx.Classify(1, 3, 400, false, false),
                              NetbltRxBuffer::VIOLATION,
                              "packet 3 of a 3-packet buffer");
        NS_TEST_EXPECT_MSG_EQ(rx.Classify(1, 65535, 1, true, false),
                              NetbltRxBuffer::VIOLATION,
                              "packet 65535");
        NS_TEST_EXPECT_MSG_EQ(rx.Classify(1, 1, 399, false, false),
                              NetbltRxBuffer::VIOLATION,
                              "a DATA shorter than the packet size");
        NS_TEST_EXPECT_MSG_EQ(rx.Classify(1, 2, 200, false, false),
                              NetbltRxBuffer::VIOLATION,
                              "the short last packet as a DATA");
        NS_TEST_EXPECT_MSG_EQ(rx.Classify(1, 1, 401, false, false),
                              NetbltRxBuffer::VIOLATION,
                              "a DATA longer than the packet size");
        NS_TEST_EXPECT_MSG_EQ(rx.Classify(1, 0, 401, true, false),
                              NetbltRxBuffer::VIOLATION,
                              "an LDATA longer than the packet size, within the buffer");
        NS_TEST_EXPECT_MSG_EQ(rx.Classify(1, 2, 201, true, false),
                              NetbltRxBuffer::VIOLATION,
                              "an LDATA reaching byte 1001 of a 1000-byte buffer");
        NS_TEST_EXPECT_MSG_EQ(rx.Classify(1, 2, 400, true, false),
                              NetbltRxBuffer::VIOLATION,
                              "a full-length LDATA 2 past the buffer's end");

        // Complete buffer 1: every packet of it is a duplicate once it is RECEIVED.
        rx.Store(1, 1, Slice(data, 400, 400), 400, false, false);
        rx.Store(1, 2, Slice(data, 800, 200), 200, true, false);
        rx.Find(1)->state = NetbltRxBuffer::RECEIVED;
        NS_TEST_EXPECT_MSG_EQ(rx.Classify(1, 2, 200, true, false),
                              NetbltRxBuffer::DUPLICATE,
                              "LDATA of a received buffer");

        uint32_t number = 0;
        Ptr<Packet> bytes;
        bool last = true;
        NS_TEST_ASSERT_MSG_EQ(rx.TakeDeliverable(number, bytes, last), true, "buffer 1 delivered");
        NS_TEST_EXPECT_MSG_EQ(rx.Classify(1, 0, 400, false, false),
                              NetbltRxBuffer::ALREADY_DELIVERED,
                              "DATA of a delivered buffer");
        NS_TEST_EXPECT_MSG_EQ(rx.Classify(1, 9, 5000, false, false),
                              NetbltRxBuffer::ALREADY_DELIVERED,
                              "whatever its packet number and length");
        NS_TEST_EXPECT_MSG_EQ(rx.Classify(2, 0, 400, false, false),
                              NetbltRxBuffer::NEW_PACKET,
                              "buffer 2 still open");
    }
};

/**
 * @ingroup netblt-tests
 * @brief Store() puts a packet's bytes at packet number x packet size in its buffer and marks
 * it held; an LDATA fixes its buffer's packet count and length (a short last buffer of 450
 * bytes: 2 packets, 450 bytes).
 */
class NetbltRxBufferStoreTestCase : public TestCase
{
  public:
    NetbltRxBufferStoreTestCase()
        : TestCase("rx buffer: bytes go to packet x packet size; LDATA fixes count and length")
    {
    }

  private:
    void DoRun() override
    {
        NetbltRxBuffer rx;
        rx.SetSizes(400, 1000);
        rx.Open();
        const std::vector<uint8_t> data = MakeData(1000, 2);
        std::vector<EventId> forgotten = rx.Store(1, 1, Slice(data, 400, 400), 400, false, false);
        NS_TEST_EXPECT_MSG_EQ(forgotten.size(), 0, "nothing forgotten");
        NetbltRxBuffer::Buffer* b = rx.Find(1);
        NS_TEST_EXPECT_MSG_EQ(b->receivedCount, 1, "one held");
        NS_TEST_EXPECT_MSG_EQ((b->received == std::vector<bool>{false, true, false}),
                              true,
                              "packet 1 held");
        // The bytes of the packets held (the rest is not defined until its packet comes).
        const auto held = [&b](uint32_t from, uint32_t to) {
            return std::vector<uint8_t>(b->bytes.get() + from, b->bytes.get() + to);
        };
        NS_TEST_EXPECT_MSG_EQ(
            (held(400, 800) == std::vector<uint8_t>(data.begin() + 400, data.begin() + 800)),
            true,
            "bytes 400-799");
        rx.Store(1, 2, Slice(data, 800, 200), 200, true, false);
        NS_TEST_EXPECT_MSG_EQ(
            (held(800, 1000) == std::vector<uint8_t>(data.begin() + 800, data.end())),
            true,
            "bytes 800-999 from the LDATA");
        NS_TEST_EXPECT_MSG_EQ(b->expectedCount, 3, "a full buffer's LDATA: still 3");
        NS_TEST_EXPECT_MSG_EQ(b->length, 1000, "and 1000 bytes");
        NS_TEST_EXPECT_MSG_EQ(b->IsComplete(), false, "packet 0 missing");
        NS_TEST_EXPECT_MSG_EQ(b->GetRemaining(), 1, "one missing");
        rx.Store(1, 0, Slice(data, 0, 400), 400, false, false);
        NS_TEST_EXPECT_MSG_EQ((held(0, 1000) == data), true, "every byte in place");
        NS_TEST_EXPECT_MSG_EQ(b->IsComplete(), true, "complete");
        NS_TEST_EXPECT_MSG_EQ(b->GetRemaining(), 0, "none missing");

        // A short last buffer: 450 bytes, its LDATA is packet 1 with 50 bytes.
        rx.Open();
        const std::vector<uint8_t> tail = MakeData(450, 3);
        rx.Store(2, 1, Slice(tail, 400, 50), 50, true, true);
        NetbltRxBuffer::Buffer* s = rx.Find(2);
        NS_TEST_EXPECT_MSG_EQ(s->expectedCount, 2, "LDATA 1: two packets");
        NS_TEST_EXPECT_MSG_EQ(s->countKnown, true, "known");
        NS_TEST_EXPECT_MSG_EQ(s->length, 450, "400 + 50 bytes");
        NS_TEST_EXPECT_MSG_EQ(s->last, true, "L flag");
        NS_TEST_EXPECT_MSG_EQ(s->GetRemaining(), 1, "packet 0 missing");
        NS_TEST_EXPECT_MSG_EQ(s->IsComplete(), false, "not complete");
        rx.Store(2, 0, Slice(tail, 0, 400), 400, false, true);
        NS_TEST_EXPECT_MSG_EQ(s->IsComplete(), true, "complete with two packets");
        NS_TEST_EXPECT_MSG_EQ((std::vector<uint8_t>(s->bytes.get(), s->bytes.get() + 450) == tail),
                              true,
                              "the 450 bytes in place");
        NS_TEST_EXPECT_MSG_EQ(
            (std::vector<uint8_t>(s->bytes.get() + 450, s->bytes.get() + 800) ==
             std::vector<uint8_t>(350, 0)),
            true,
            "the rest of the LDATA's slot zero (defined, should a later LDATA lengthen it)");
    }
};

/**
 * @ingroup netblt-tests
 * @brief RFC 998 §5.2: the L flag marks the transfer's last buffer. Buffers opened after it
 * will never come: they are forgotten and their data timers returned (still pending, for the
 * caller to cancel). A DATA with the L flag leaves the count unknown until the LDATA; a
 * second L-flagged packet forgets nothing more.
 */
class NetbltRxBufferLastFlagTestCase : public TestCase
{
  public:
    NetbltRxBufferLastFlagTestCase()
        : TestCase("rx buffer: the L flag forgets the later buffers and returns their data "
                   "timers")
    {
    }

  private:
    void DoRun() override
    {
        NetbltRxBuffer rx;
        rx.SetSizes(400, 1000);
        for (int i = 0; i < 4; ++i)
        {
            rx.Open();
        }
        std::vector<EventId> timers;
        for (uint32_t n = 1; n <= 4; ++n)
        {
            rx.Find(n)->dataTimer = Simulator::Schedule(Seconds(n), &Nothing);
            timers.push_back(rx.Find(n)->dataTimer);
        }
        std::vector<EventId> all = rx.GetDataTimers();
        NS_TEST_EXPECT_MSG_EQ((all == timers), true, "every open buffer's timer, by number");

        const std::vector<uint8_t> data = MakeData(1000, 4);
        std::vector<EventId> forgotten = rx.Store(2, 0, Slice(data, 0, 400), 400, false, true);
        NS_TEST_ASSERT_MSG_EQ(forgotten.size(), 2, "buffers 3 and 4 forgotten");
        NS_TEST_EXPECT_MSG_EQ((forgotten[0] == timers[2]), true, "buffer 3's timer");
        NS_TEST_EXPECT_MSG_EQ((forgotten[1] == timers[3]), true, "buffer 4's timer");
        NS_TEST_EXPECT_MSG_EQ(forgotten[0].IsPending(), true, "not cancelled by the buffers");
        NS_TEST_EXPECT_MSG_EQ(forgotten[1].IsPending(), true, "not cancelled by the buffers");
        NS_TEST_EXPECT_MSG_EQ(rx.GetOpenCount(), 2, "1 and 2 open");
        NS_TEST_EXPECT_MSG_EQ(rx.Find(3), nullptr, "3 gone");
        NS_TEST_EXPECT_MSG_EQ(rx.Find(4), nullptr, "4 gone");
        NS_TEST_EXPECT_MSG_EQ(rx.IsLastKnown(), true, "the last buffer is known");
        NetbltRxBuffer::Buffer* b = rx.Find(2);
        NS_TEST_EXPECT_MSG_EQ(b->last, true, "buffer 2 is the last");
        NS_TEST_EXPECT_MSG_EQ(b->countKnown, false, "its size is unknown until its LDATA");
        NS_TEST_EXPECT_MSG_EQ(rx.Classify(3, 0, 400, false, false),
                              NetbltRxBuffer::VIOLATION,
                              "a packet of buffer 3 is now a violation");

        forgotten = rx.Store(2, 1, Slice(data, 400, 400), 400, false, true);
        NS_TEST_EXPECT_MSG_EQ(forgotten.size(), 0, "a second L flag forgets nothing");
        NS_TEST_EXPECT_MSG_EQ(b->receivedCount, 2, "packets 0 and 1");
        NS_TEST_EXPECT_MSG_EQ(b->IsComplete(), false, "count unknown");
        rx.Store(2, 2, Slice(data, 800, 200), 200, true, true);
        NS_TEST_EXPECT_MSG_EQ(b->countKnown, true, "the LDATA tells");
        NS_TEST_EXPECT_MSG_EQ(b->expectedCount, 3, "3 packets");
        NS_TEST_EXPECT_MSG_EQ(b->length, 1000, "1000 bytes");
        NS_TEST_EXPECT_MSG_EQ(b->IsComplete(), true, "complete");

        std::vector<EventId> left = rx.GetDataTimers();
        NS_TEST_ASSERT_MSG_EQ(left.size(), 2, "two timers left");
        NS_TEST_EXPECT_MSG_EQ((left[0] == timers[0] && left[1] == timers[1]), true, "1 and 2");
        rx.Clear();
        NS_TEST_EXPECT_MSG_EQ(rx.GetOpenCount(), 0, "cleared");
        NS_TEST_EXPECT_MSG_EQ(rx.IsLastKnown(), false, "nothing known after Clear");
    }

    void DoTeardown() override
    {
        Simulator::Destroy();
    }
};

/**
 * @ingroup netblt-tests
 * @brief RFC 998 §5.2.1: a RESEND lists a buffer's missing packets, lowest first, as many as
 * the control packet has room for; after a short last buffer's LDATA, only those below it.
 * The packets ahead of a buffer are the missing packets of the earlier buffers not yet
 * received.
 */
class NetbltRxBufferMissingTestCase : public TestCase
{
  public:
    NetbltRxBufferMissingTestCase()
        : TestCase("rx buffer: missing packets lowest first within the room; packets ahead of "
                   "a buffer")
    {
    }

  private:
    void DoRun() override
    {
        NetbltRxBuffer rx;
        rx.SetSizes(100, 1000); // 10 packets
        rx.Open();
        rx.Open();
        rx.Open();
        const std::vector<uint8_t> data = MakeData(1000, 5);
        for (uint16_t p : {1, 4, 9})
        {
            rx.Store(1, p, Slice(data, p * 100, 100), 100, p == 9, false);
        }
        const std::vector<uint16_t> seven = {0, 2, 3, 5, 6, 7, 8};
        NS_TEST_EXPECT_MSG_EQ((rx.GetMissing(1, 100) == seven), true, "all seven");
        NS_TEST_EXPECT_MSG_EQ((rx.GetMissing(1, 3) == std::vector<uint16_t>{0, 2, 3}),
                              true,
                              "the lowest three");
        NS_TEST_EXPECT_MSG_EQ(rx.GetMissing(1, 0).size(), 0, "no room");
        NS_TEST_EXPECT_MSG_EQ(rx.GetMissing(2, 100).size(), 10, "buffer 2: all ten");

        NS_TEST_EXPECT_MSG_EQ(rx.PacketsAheadOf(1), 0, "none before buffer 1");
        NS_TEST_EXPECT_MSG_EQ(rx.PacketsAheadOf(2), 7, "buffer 1's seven");
        NS_TEST_EXPECT_MSG_EQ(rx.PacketsAheadOf(3), 17, "7 + 10");
        NS_TEST_EXPECT_MSG_EQ(rx.PacketsAheadOf(99), 27, "7 + 10 + 10");
        rx.Find(2)->state = NetbltRxBuffer::RECEIVED;
        NS_TEST_EXPECT_MSG_EQ(rx.PacketsAheadOf(3), 7, "a RECEIVED buffer counts nothing");

        // Buffer 3 turns out the short last one: an LDATA at packet 5 of 50 bytes.
        rx.Store(3, 5, Slice(data, 500, 50), 50, true, true);
        NS_TEST_EXPECT_MSG_EQ((rx.GetMissing(3, 100) == std::vector<uint16_t>{0, 1, 2, 3, 4}),
                              true,
                              "only packets below the LDATA");
        NS_TEST_EXPECT_MSG_EQ(rx.PacketsAheadOf(4), 12, "7 + 5");
    }
};

/**
 * @ingroup netblt-tests
 * @brief RFC 998 §5.2: buffers are delivered in order: a received buffer 2 waits until buffer
 * 1 is received; then both go, each with exactly its bytes (the last one its 450 bytes and the
 * last flag). A complete buffer is delivered only once the receiver has marked it RECEIVED.
 */
class NetbltRxBufferDeliveryTestCase : public TestCase
{
  public:
    NetbltRxBufferDeliveryTestCase()
        : TestCase("rx buffer: delivery in buffer order only, with the exact bytes")
    {
    }

  private:
    void DoRun() override
    {
        NetbltRxBuffer rx;
        rx.SetSizes(400, 1000);
        rx.Open();
        rx.Open();
        const std::vector<uint8_t> first = MakeData(1000, 6);
        const std::vector<uint8_t> second = MakeData(450, 7);
        uint32_t number = 0;
        Ptr<Packet> bytes;
        bool last = false;

        NS_TEST_EXPECT_MSG_EQ(rx.IsAnyAwaitingData(), false, "both in ACK_WAIT");
        rx.Find(1)->state = NetbltRxBuffer::ACKED;
        NS_TEST_EXPECT_MSG_EQ(rx.IsAnyAwaitingData(), true, "buffer 1 ACKED");
        rx.Find(1)->state = NetbltRxBuffer::RECEIVING;
        NS_TEST_EXPECT_MSG_EQ(rx.IsAnyAwaitingData(), true, "buffer 1 RECEIVING");

        StoreAll(rx, 2, second, true);
        NS_TEST_EXPECT_MSG_EQ(rx.Find(2)->IsComplete(), true, "buffer 2 complete");
        NS_TEST_EXPECT_MSG_EQ(rx.IsLastKnown(), true, "buffer 2 is the last");
        rx.Find(2)->state = NetbltRxBuffer::RECEIVED;
        NS_TEST_EXPECT_MSG_EQ(rx.TakeDeliverable(number, bytes, last),
                              false,
                              "buffer 2 waits for buffer 1");
        NS_TEST_EXPECT_MSG_EQ(rx.GetOpenCount(), 2, "both still open");

        StoreAll(rx, 1, first, false);
        NS_TEST_EXPECT_MSG_EQ(rx.Find(1)->IsComplete(), true, "buffer 1 complete");
        NS_TEST_EXPECT_MSG_EQ(rx.TakeDeliverable(number, bytes, last),
                              false,
                              "not before the receiver marks it RECEIVED");
        rx.Find(1)->state = NetbltRxBuffer::RECEIVED;
        NS_TEST_EXPECT_MSG_EQ(rx.IsAnyAwaitingData(), false, "both RECEIVED");

        NS_TEST_ASSERT_MSG_EQ(rx.TakeDeliverable(number, bytes, last), true, "buffer 1");
        NS_TEST_EXPECT_MSG_EQ(number, 1, "buffer 1 first");
        NS_TEST_EXPECT_MSG_EQ(last, false, "not the last");
        NS_TEST_EXPECT_MSG_EQ((PacketBytes(bytes) == first), true, "buffer 1's 1000 bytes");
        NS_TEST_ASSERT_MSG_EQ(rx.TakeDeliverable(number, bytes, last), true, "buffer 2");
        NS_TEST_EXPECT_MSG_EQ(number, 2, "then buffer 2");
        NS_TEST_EXPECT_MSG_EQ(last, true, "the last");
        NS_TEST_EXPECT_MSG_EQ((PacketBytes(bytes) == second), true, "buffer 2's 450 bytes");
        NS_TEST_EXPECT_MSG_EQ(rx.TakeDeliverable(number, bytes, last), false, "nothing more");
        NS_TEST_EXPECT_MSG_EQ(rx.GetOpenCount(), 0, "none open");
        NS_TEST_EXPECT_MSG_EQ(rx.IsLastKnown(), false, "the last buffer has gone");
        NS_TEST_EXPECT_MSG_EQ(rx.Open(), 3, "numbering goes on");
    }
};

/**
 * @ingroup netblt-tests
 * @brief Once an LDATA has fixed a last buffer's packet count (100-byte packets, 1000-byte
 * buffers, LDATA at packet 4), DATA 5 and 7 and a second LDATA at 2 or 6 are violations while
 * DATA 2 is new, and the counts stay 3 missing; an LDATA at 4 after packet 7 is held is a
 * violation; a full buffer's LDATA is only its packet 9.
 */
class NetbltRxBufferLdataEndTestCase : public TestCase
{
  public:
    NetbltRxBufferLdataEndTestCase()
        : TestCase("rx buffer: nothing past a known LDATA, no LDATA but the last packet")
    {
    }

  private:
    void DoRun() override
    {
        const std::vector<uint8_t> data = MakeData(1000, 3);
        NetbltRxBuffer rx;
        rx.SetSizes(100, 1000);
        rx.Open();
        rx.Store(1, 0, Slice(data, 0, 100), 100, false, true);
        rx.Store(1, 4, Slice(data, 400, 50), 50, true, true);
        NS_TEST_EXPECT_MSG_EQ(rx.Classify(1, 7, 100, false, true),
                              NetbltRxBuffer::VIOLATION,
                              "DATA 7 past the LDATA at 4");
        NS_TEST_EXPECT_MSG_EQ(rx.Classify(1, 5, 100, false, true),
                              NetbltRxBuffer::VIOLATION,
                              "DATA 5 past the LDATA at 4");
        NS_TEST_EXPECT_MSG_EQ(rx.Classify(1, 6, 50, true, true),
                              NetbltRxBuffer::VIOLATION,
                              "a second LDATA further on");
        NS_TEST_EXPECT_MSG_EQ(rx.Classify(1, 2, 50, true, true),
                              NetbltRxBuffer::VIOLATION,
                              "a second LDATA before it");
        NS_TEST_EXPECT_MSG_EQ(rx.Classify(1, 4, 50, true, true),
                              NetbltRxBuffer::DUPLICATE,
                              "the same LDATA again");
        NS_TEST_EXPECT_MSG_EQ(rx.Classify(1, 2, 100, false, true),
                              NetbltRxBuffer::NEW_PACKET,
                              "DATA 2, within the buffer");
        NS_TEST_EXPECT_MSG_EQ(rx.Find(1)->GetRemaining(), 3, "packets 1, 2 and 3 missing");
        NS_TEST_EXPECT_MSG_EQ(rx.PacketsAheadOf(2), 3, "3 packets ahead of buffer 2");

        NetbltRxBuffer early;
        early.SetSizes(100, 1000);
        early.Open();
        early.Store(1, 7, Slice(data, 700, 100), 100, false, true);
        NS_TEST_EXPECT_MSG_EQ(early.Classify(1, 4, 50, true, true),
                              NetbltRxBuffer::VIOLATION,
                              "an LDATA at 4 after packet 7 is held");
        NS_TEST_EXPECT_MSG_EQ(early.Classify(1, 8, 50, true, true),
                              NetbltRxBuffer::NEW_PACKET,
                              "an LDATA at 8 after packet 7");

        NetbltRxBuffer full;
        full.SetSizes(100, 1000);
        full.Open();
        NS_TEST_EXPECT_MSG_EQ(full.Classify(1, 4, 100, true, false),
                              NetbltRxBuffer::VIOLATION,
                              "an LDATA at 4 of a full 10-packet buffer");
        NS_TEST_EXPECT_MSG_EQ(full.Classify(1, 9, 100, true, false),
                              NetbltRxBuffer::NEW_PACKET,
                              "its LDATA at 9");
    }
};

/**
 * @ingroup netblt-tests
 * @brief The receiving end's buffers.
 */
class NetbltRxBufferTestSuite : public TestSuite
{
  public:
    NetbltRxBufferTestSuite()
        : TestSuite("netblt-rx-buffer", Type::UNIT)
    {
        AddTestCase(new NetbltRxBufferOpenTestCase, TestCase::Duration::QUICK);
        AddTestCase(new NetbltRxBufferClassifyTestCase, TestCase::Duration::QUICK);
        AddTestCase(new NetbltRxBufferLdataEndTestCase, TestCase::Duration::QUICK);
        AddTestCase(new NetbltRxBufferStoreTestCase, TestCase::Duration::QUICK);
        AddTestCase(new NetbltRxBufferLastFlagTestCase, TestCase::Duration::QUICK);
        AddTestCase(new NetbltRxBufferMissingTestCase, TestCase::Duration::QUICK);
        AddTestCase(new NetbltRxBufferDeliveryTestCase, TestCase::Duration::QUICK);
    }
};

/// Static variable for test initialization.
static NetbltRxBufferTestSuite g_netbltRxBufferTestSuite;
