/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/double.h"
#include "ns3/ipv4-header.h"
#include "ns3/ipv4-queue-disc-item.h"
#include "ns3/netblt-control-header.h"
#include "ns3/netblt-control-message.h"
#include "ns3/netblt-data-header.h"
#include "ns3/netblt-explicit-rate-policy.h"
#include "ns3/netblt-explicit-rate-queue-disc.h"
#include "ns3/netblt-explicit-rate-return-queue-disc.h"
#include "ns3/netblt-l4-protocol.h"
#include "ns3/netblt-open-header.h"
#include "ns3/netblt-source-quench-rate-policy.h"
#include "ns3/netblt-transfer-parameters.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <array>
#include <map>

/**
 * @file
 * @ingroup netblt-tests
 * Rate control with the network's help: the X extension on the wire, the gateway's explicit
 * rate under a known load (NetbltExplicitRateQueueDisc), and the explicit-rate and
 * source-quench policies fed a sender's events by hand.
 */

using namespace ns3;

namespace
{

/** @return negotiated values: 10 packets of 1432 bytes per buffer, 5 every 20 ms, 22 buffers */
NetbltTransferParameters
Negotiated()
{
    NetbltTransferParameters p;
    p.bufferSize = 14320;
    p.packetSize = 1432;
    p.burstSize = 5;
    p.burstIntervalMs = 20;
    p.maxOutstandingBuffers = 22;
    p.explicitRate = true;
    return p;
}

/**
 * @param policy an adaptive policy
 * @param burstSize its StartBurstSize
 * @param burstIntervalMs its StartBurstInterval, ms
 */
void
Start(Ptr<NetbltRatePolicy> policy, uint16_t burstSize, uint16_t burstIntervalMs)
{
    policy->SetAttribute("StartBurstSize", UintegerValue(burstSize));
    policy->SetAttribute("StartBurstInterval", TimeValue(MilliSeconds(burstIntervalMs)));
    policy->SetLimits(Negotiated());
    policy->Established(Negotiated(), Seconds(1));
}

/**
 * @param packet a NETBLT packet
 * @param source the host it comes from
 * @param destination the host it goes to
 * @return it in its IPv4 header, as a gateway's queue disc takes it
 */
Ptr<Ipv4QueueDiscItem>
AsDatagram(Ptr<Packet> packet, Ipv4Address source, Ipv4Address destination)
{
    Ipv4Header ip;
    ip.SetSource(source);
    ip.SetDestination(destination);
    ip.SetProtocol(NetbltL4Protocol::PROT_NUMBER);
    ip.SetPayloadSize(packet->GetSize());
    return Create<Ipv4QueueDiscItem>(packet, Address(), 0x0800, ip);
}

/**
 * @param source the sending host
 * @param port its NETBLT port
 * @param rate the explicit-rate field as the sender writes it
 * @return a DATA packet of 1432 bytes with its IPv4 header, as a gateway's queue disc takes it
 */
Ptr<Ipv4QueueDiscItem>
DataItem(Ipv4Address source, uint16_t port, uint16_t rate)
{
    NetbltDataHeader data(NetbltPacketType::DATA);
    data.SetLocalPort(port);
    data.SetForeignPort(7000);
    data.SetDataLength(1432);
    data.SetExplicitRate(rate);
    Ptr<Packet> packet = Create<Packet>(1432);
    packet->AddHeader(data);
    return AsDatagram(packet, source, Ipv4Address("10.1.4.2"));
}

/** @param item a datagram the disc took @return the explicit-rate field it now carries */
uint16_t
RateOf(Ptr<QueueDiscItem> item)
{
    NetbltDataHeader data;
    data.SetDataChecksumVerified(false);
    item->GetPacket()->PeekHeader(data);
    return data.GetExplicitRate();
}

/**
 * @param type OPEN or RESPONSE
 * @param source the host it comes from
 * @param destination the host it goes to
 * @param localPort the port it comes from
 * @param foreignPort the port it goes to
 * @param writeMode its M flag
 * @param explicitRate its X flag (the field is 0xffff with it, as either end writes it)
 * @return the packet with its IPv4 header, as a gateway's queue disc takes it
 */
Ptr<Ipv4QueueDiscItem>
OpenItem(NetbltPacketType type,
         Ipv4Address source,
         Ipv4Address destination,
         uint16_t localPort,
         uint16_t foreignPort,
         bool writeMode,
         bool explicitRate)
{
    NetbltTransferParameters p = Negotiated();
    p.explicitRate = explicitRate;
    NetbltOpenHeader open(type);
    p.WriteTo(open);
    open.SetConnectionId(42);
    open.SetWriteMode(writeMode);
    open.SetLocalPort(localPort);
    open.SetForeignPort(foreignPort);
    Ptr<Packet> packet = Create<Packet>();
    packet->AddHeader(open);
    return AsDatagram(packet, source, destination);
}

/** @param item an OPEN or RESPONSE a disc took @return its explicit-rate field now */
uint16_t
OpenRateOf(Ptr<QueueDiscItem> item)
{
    NetbltOpenHeader open(NetbltPacketType::RESPONSE);
    item->GetPacket()->PeekHeader(open);
    NS_ABORT_MSG_IF(open.IsMalformed() || !open.IsChecksumOk(), "a damaged OPEN/RESPONSE");
    return open.GetExplicitRateField();
}

/** @return the bytes a 1 Mbit/s interface could have sent so far (a capacity probe) */
uint64_t
OneMegabitSoFar()
{
    return static_cast<uint64_t>(Simulator::Now().GetSeconds() * 125000);
}

/**
 * @param receiver the receiving host
 * @param sender the data sender it answers
 * @return a CONTROL packet with an OK, as the receiver of flow 1000 -> 7000 sends it back
 */
Ptr<Ipv4QueueDiscItem>
ControlItem(Ipv4Address receiver, Ipv4Address sender)
{
    NetbltControlHeader control;
    control.SetLocalPort(7000);
    control.SetForeignPort(1000);
    control.AddMessage(NetbltControlMessage::MakeOk(1, 0, 5, 20, 0, 0));
    Ptr<Packet> packet = Create<Packet>();
    packet->AddHeader(control);
    return AsDatagram(packet, receiver, sender);
}

/**
 * @param targetUtilization the disc's TargetUtilization
 * @return a gateway's explicit-rate disc over 1 Mbit/s (Capacity) with 1 s intervals, initialized
 */
Ptr<NetbltExplicitRateQueueDisc>
Gateway(double targetUtilization)
{
    Ptr<NetbltExplicitRateQueueDisc> disc = CreateObject<NetbltExplicitRateQueueDisc>();
    disc->SetAttribute("Capacity", DataRateValue(DataRate("1Mbps")));
    disc->SetAttribute("TargetUtilization", DoubleValue(targetUtilization));
    disc->SetAttribute("AveragingInterval", TimeValue(Seconds(1)));
    disc->Initialize();
    return disc;
}

/**
 * @param forward the gateway's disc towards the shared capacity
 * @return the disc of its way back to the senders, initialized
 */
Ptr<NetbltExplicitRateReturnQueueDisc>
WayBack(Ptr<NetbltExplicitRateQueueDisc> forward)
{
    Ptr<NetbltExplicitRateReturnQueueDisc> back = CreateObject<NetbltExplicitRateReturnQueueDisc>();
    back->SetForwardDisc(forward);
    back->Initialize();
    return back;
}

} // namespace

/**
 * @ingroup netblt-tests
 * The X extension's fields on the wire: the flag 0x0010 of OPEN/RESPONSE, the rate in a DATA
 * packet's common-header padding (covered by the header checksum), the OK's word padding.
 */
class NetbltExplicitRateWireTestCase : public TestCase
{
  public:
    NetbltExplicitRateWireTestCase()
        : TestCase("X extension: OPEN's flag 0x0010, the DATA header's rate at bytes 10-11, "
                   "the OK's word padding 0x01; a rate rewritten keeps the data's checksum")
    {
    }

  private:
    void DoRun() override
    {
        NetbltOpenHeader open(NetbltPacketType::OPEN);
        open.SetExplicitRate(true);
        Ptr<Packet> opened = Create<Packet>();
        opened->AddHeader(open);
        std::array<uint8_t, 36> bytes{};
        opened->CopyData(bytes.data(), bytes.size());
        NS_TEST_EXPECT_MSG_EQ((bytes[33] & 0x10), 0x10, "X is bit 0x0010 of the flags word");
        NetbltOpenHeader read;
        opened->RemoveHeader(read);
        NS_TEST_EXPECT_MSG_EQ(read.GetExplicitRate(), true, "X reads back");
        // With X, the RESPONSE carries a gateway's rate in the common header's padding.
        NetbltOpenHeader response(NetbltPacketType::RESPONSE);
        Negotiated().WriteTo(response);
        Ptr<Packet> answered = Create<Packet>();
        answered->AddHeader(response);
        answered->CopyData(bytes.data(), bytes.size());
        NS_TEST_EXPECT_MSG_EQ(((bytes[10] << 8) | bytes[11]), 0xffff, "as the receiver writes it");
        answered->RemoveHeader(response);
        response.SetExplicitRateField(450);
        answered->AddHeader(response);
        answered->CopyData(bytes.data(), bytes.size());
        NS_TEST_EXPECT_MSG_EQ(((bytes[10] << 8) | bytes[11]), 450, "as a gateway lowered it");
        NetbltOpenHeader back(NetbltPacketType::RESPONSE);
        answered->RemoveHeader(back);
        NS_TEST_EXPECT_MSG_EQ(back.IsChecksumOk(), true, "the checksum covers it");
        NS_TEST_EXPECT_MSG_EQ(back.GetExplicitRateField(), 450, "and it reads back");
        NS_TEST_EXPECT_MSG_EQ(NetbltTransferParameters::ReadFrom(back).explicitRateKbps,
                              450,
                              "the sender's first rate");

        NetbltDataHeader data(NetbltPacketType::DATA);
        data.SetDataLength(8);
        data.SetDataChecksumEnabled(true);
        data.SetExplicitRate(NetbltDataHeader::EXPLICIT_RATE_UNLIMITED);
        Ptr<Packet> packet = Create<Packet>(8);
        packet->AddHeader(data);
        NetbltDataHeader atGateway;
        atGateway.SetDataChecksumVerified(false);
        packet->RemoveHeader(atGateway);
        NS_TEST_EXPECT_MSG_EQ(atGateway.GetExplicitRate(), 0xffff, "the sender's value");
        NS_TEST_EXPECT_MSG_EQ(atGateway.HasExplicitRate(), false, "no gateway's rate yet");
        const uint16_t dataChecksum = atGateway.GetDataChecksum();
        atGateway.SetExplicitRate(873);
        packet->AddHeader(atGateway);
        std::array<uint8_t, 24> header{};
        packet->CopyData(header.data(), header.size());
        NS_TEST_EXPECT_MSG_EQ(((header[10] << 8) | header[11]), 873, "bytes 10-11, kbit/s");
        NetbltDataHeader atReceiver;
        packet->RemoveHeader(atReceiver);
        NS_TEST_EXPECT_MSG_EQ(atReceiver.IsChecksumOk(), true, "the header checksum covers it");
        NS_TEST_EXPECT_MSG_EQ(atReceiver.GetDataChecksum(), dataChecksum, "data checksum kept");
        NS_TEST_EXPECT_MSG_EQ(atReceiver.IsDataChecksumOk(), true, "and still right");
        NS_TEST_EXPECT_MSG_EQ(atReceiver.GetExplicitRate(), 873, "the gateway's rate");

        Buffer buffer;
        NetbltControlMessage ok = NetbltControlMessage::MakeOk(1, 2, 3, 40, 100, 0, true);
        buffer.AddAtStart(ok.GetSerializedSize());
        Buffer::Iterator writer = buffer.Begin();
        ok.Serialize(writer);
        NS_TEST_EXPECT_MSG_EQ(uint32_t(buffer.PeekData()[1]),
                              uint32_t(NetbltControlMessage::EXPLICIT_RATE_OFFER),
                              "the OK's word padding marks the offer");
        NetbltControlMessage readOk;
        Buffer::Iterator reader = buffer.Begin();
        readOk.Deserialize(reader, buffer.GetSize());
        NS_TEST_EXPECT_MSG_EQ(readOk.IsExplicitRateOffer(), true, "and reads back");
        NS_TEST_EXPECT_MSG_EQ(readOk.GetBurstRate(), 40, "with its offered interval");
        NetbltControlMessage plain = NetbltControlMessage::MakeOk(1, 2, 3, 40, 100);
        NS_TEST_EXPECT_MSG_EQ(plain.IsExplicitRateOffer(), false, "RFC 998's OK: zero");
    }
};

/**
 * @ingroup netblt-tests
 * The gateway's rate under a known load: 1 Mbit/s of capacity, 0.9 of it for the flows, two
 * flows of 10 datagrams a second each; then a third flow arrives.
 */
class NetbltExplicitRateQueueDiscTestCase : public TestCase
{
  public:
    NetbltExplicitRateQueueDiscTestCase()
        : TestCase("ERICA at the gateway: two light flows each get half of 0.9 of the capacity; "
                   "a newcomer cuts every rate to a third at once; plain NETBLT is untouched")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<NetbltExplicitRateQueueDisc> disc = Gateway(0.9);
        std::map<std::string, std::vector<uint16_t>> rates;
        auto send = [&disc, &rates](const std::string& label, Ipv4Address source, uint16_t field) {
            Ptr<Ipv4QueueDiscItem> item = DataItem(source, 1000, field);
            disc->Enqueue(item);
            rates[label].push_back(RateOf(item));
            disc->Dequeue();
        };
        const Ipv4Address a("10.1.1.1");
        const Ipv4Address b("10.1.1.3");
        const Ipv4Address c("10.1.1.4");
        const auto at = [&send](uint32_t ms, std::string label, Ipv4Address source, uint16_t f) {
            Simulator::Schedule(MilliSeconds(ms),
                                [&send, label, source, f]() { send(label, source, f); });
        };
        for (uint32_t i = 0; i < 25; ++i)
        {
            at(100 * i, "a", a, 0xffff);
            at(100 * i + 50, "b", b, 0xffff);
        }
        // After two intervals a third flow's first datagram, then theirs again.
        at(2520, "c", c, 0xffff);
        at(2530, "a-after", a, 0xffff);
        at(2540, "plain", Ipv4Address("10.1.1.5"), 0);
        Simulator::Run();
        Simulator::Destroy();

        NS_TEST_EXPECT_MSG_EQ(rates["a"][5], 0xffff, "nothing written in the first interval");
        // 2 x 10 x 1476 x 8 = 236 kbit/s of 900: z = 0.26; each may grow into half of the
        // 664 left over: 118 + 332 = 450, the fair share.
        NS_TEST_EXPECT_MSG_EQ(rates["a"][15], 450, "flow a: half of 900 kbit/s");
        NS_TEST_EXPECT_MSG_EQ(rates["b"][15], 450, "flow b: the same");
        NS_TEST_EXPECT_MSG_EQ(rates["c"][0], 300, "the newcomer: a third");
        NS_TEST_EXPECT_MSG_EQ(rates["a-after"][0], 300, "and the others with it");
        NS_TEST_EXPECT_MSG_EQ(rates["plain"][0], 0, "RFC 998's zero padding is left alone");
        NS_TEST_EXPECT_MSG_EQ(disc->GetActiveFlows(), 2, "two flows at the last interval's end");
        NS_TEST_EXPECT_MSG_GT(disc->GetPacketsStamped(), 30, "every datagram after the first");
    }
};

/**
 * @ingroup netblt-tests
 * A newcomer's first rate: its OPEN counts it at the gateway; the RESPONSE going back to it
 * carries the rate its DATA would get; the others do not grow into its share meanwhile.
 */
class NetbltExplicitRateReturnTestCase : public TestCase
{
  public:
    NetbltExplicitRateReturnTestCase()
        : TestCase("A newcomer's OPEN counts it at once; its RESPONSE comes back with half of "
                   "0.9 of the capacity; a light flow does not grow into the newcomer's share "
                   "before the newcomer sends; other OPEN and RESPONSE packets are left alone")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<NetbltExplicitRateQueueDisc> disc = Gateway(0.9);
        Ptr<NetbltExplicitRateReturnQueueDisc> back = WayBack(disc);
        const Ipv4Address a("10.1.1.1");
        const Ipv4Address b("10.1.1.3");
        const Ipv4Address receiver("10.1.4.2");
        std::map<std::string, uint16_t> fields;
        auto pass = [&fields](Ptr<QueueDisc> through,
                              const std::string& label,
                              Ptr<Ipv4QueueDiscItem> item) {
            through->Enqueue(item);
            fields[label] = OpenRateOf(item);
            through->Dequeue();
        };
        // Flow a: ten datagrams a second, 118 kbit/s of the 900 (z = 0.13).
        std::map<uint32_t, uint16_t> flowA; // by tenth of a second
        for (uint32_t i = 0; i <= 25; ++i)
        {
            Simulator::Schedule(MilliSeconds(100 * i), [&disc, &flowA, a, i]() {
                Ptr<Ipv4QueueDiscItem> item = DataItem(a, 1000, 0xffff);
                disc->Enqueue(item);
                flowA[i] = RateOf(item);
                disc->Dequeue();
            });
        }
        // Flow b's OPEN (M = WRITE: b sends) after the first interval.
        Simulator::Schedule(MilliSeconds(1500), [&]() {
            pass(disc,
                 "b open",
                 OpenItem(NetbltPacketType::OPEN, b, receiver, 1000, 7000, true, true));
        });
        // After the second interval's end its RESPONSE goes back, and three that must not
        // change: one without X, one to the receiver (M = READ: the RESPONSE of the data
        // sender), one to a flow the gateway does not know.
        Simulator::Schedule(MilliSeconds(2550), [&]() {
            pass(back,
                 "b response",
                 OpenItem(NetbltPacketType::RESPONSE, receiver, b, 7000, 1000, true, true));
            pass(back,
                 "plain response",
                 OpenItem(NetbltPacketType::RESPONSE, receiver, b, 7000, 1000, true, false));
            pass(back,
                 "sender's response",
                 OpenItem(NetbltPacketType::RESPONSE, b, receiver, 1000, 7000, false, true));
            pass(back,
                 "unknown flow",
                 OpenItem(NetbltPacketType::RESPONSE,
                          receiver,
                          Ipv4Address("10.1.1.9"),
                          7000,
                          1000,
                          true,
                          true));
        });
        Simulator::Run();
        Simulator::Destroy();

        NS_TEST_EXPECT_MSG_EQ(flowA[15], 900, "alone, flow a may have it all");
        NS_TEST_EXPECT_MSG_EQ(fields["b open"], 0xffff, "the OPEN passes as it came");
        // Without the rule, a would grow to 118 + (900 - 118) / 2 = 509 kbit/s.
        NS_TEST_EXPECT_MSG_EQ(flowA[20], 450, "a: half, though b has sent nothing yet");
        NS_TEST_EXPECT_MSG_EQ(flowA[25], 450, "and still half");
        NS_TEST_EXPECT_MSG_EQ(fields["b response"], 450, "b's RESPONSE: its half");
        NS_TEST_EXPECT_MSG_EQ(fields["plain response"], 0, "RFC 998's zero padding");
        NS_TEST_EXPECT_MSG_EQ(fields["sender's response"], 0xffff, "not going to a sender");
        NS_TEST_EXPECT_MSG_EQ(fields["unknown flow"], 0xffff, "no rate for an unknown flow");
        NS_TEST_EXPECT_MSG_EQ(back->GetPacketsStamped(), 1, "one RESPONSE lowered");
        NS_TEST_EXPECT_MSG_EQ(disc->GetActiveFlows(), 2, "the OPEN counted b");
    }
};

/**
 * @ingroup netblt-tests
 * The capacity of a shared channel before the flows' OKs come back through it: each buffer's OK
 * takes a datagram's room in a frame, so 10 packets per buffer leave 10/11 of the room.
 */
class NetbltExplicitRateReturnTrafficTestCase : public TestCase
{
  public:
    NetbltExplicitRateReturnTrafficTestCase()
        : TestCase(
              "Before the flows' OKs come back the channel's room overstates their capacity "
              "by one datagram per buffer (10 packets per buffer: 10 parts in 11 of it); once they "
              "come back, the room measured is the capacity")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<NetbltExplicitRateQueueDisc> disc = Gateway(1.0);
        disc->SetAttribute("CapacityWeight", DoubleValue(1.0));
        disc->SetCapacityProbe(MakeCallback(&OneMegabitSoFar)); // instead of Capacity
        Ptr<NetbltExplicitRateReturnQueueDisc> back = WayBack(disc);
        const Ipv4Address b("10.1.1.3");
        const Ipv4Address receiver("10.1.4.2");
        std::vector<uint16_t> rates;
        auto data = [&]() {
            Ptr<Ipv4QueueDiscItem> item = DataItem(b, 1000, 0xffff);
            disc->Enqueue(item);
            rates.push_back(RateOf(item));
            disc->Dequeue();
        };
        // 14320-byte buffers of 1432-byte packets: 10 per buffer, 1476-byte datagrams.
        Simulator::Schedule(MilliSeconds(500), [&]() {
            disc->Enqueue(OpenItem(NetbltPacketType::OPEN, b, receiver, 1000, 7000, true, true));
            disc->Dequeue();
        });
        // The receiver's GOs of the set-up come back before any DATA: not an answer to it.
        Simulator::Schedule(MilliSeconds(600), [&]() {
            back->Enqueue(ControlItem(receiver, b));
            back->Dequeue();
        });
        Simulator::Schedule(MilliSeconds(1200), data); // ends the first interval
        // Its first OK, after its first DATA.
        Simulator::Schedule(MilliSeconds(1500), [&]() {
            back->Enqueue(ControlItem(receiver, b));
            back->Dequeue();
        });
        Simulator::Schedule(MilliSeconds(2300), data); // ends the second
        Simulator::Run();
        Simulator::Destroy();

        NS_TEST_ASSERT_MSG_EQ(rates.size(), 2, "two DATA packets");
        // Whole kbit/s, rounded down from a measured rate: within 1 of the figure.
        NS_TEST_EXPECT_MSG_EQ_TOL(rates[0], 909, 1, "1000 kbit/s of room x 10/11");
        NS_TEST_EXPECT_MSG_EQ_TOL(rates[1], 1000, 1, "the OKs came back: the room itself");
    }
};

/**
 * @ingroup netblt-tests
 * The explicit-rate policy: delivery-rate until an OK carries a gateway's rate, then the bursts
 * offered; RFC 1016's delay after a quench, which a rate stamped after it supersedes.
 */
class NetbltExplicitRatePolicyTestCase : public TestCase
{
  public:
    NetbltExplicitRatePolicyTestCase()
        : TestCase("explicit-rate policy: asks for X; takes the offered bursts and ends its slow "
                   "start; a quench's delay holds until a rate stamped after it")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<NetbltExplicitRatePolicy> policy = CreateObject<NetbltExplicitRatePolicy>();
        Start(policy, 5, 50);
        NS_TEST_EXPECT_MSG_EQ(policy->WantsExplicitRate(), true, "asks for X");
        NS_TEST_EXPECT_MSG_EQ(policy->GetBurstIntervalMs(), 50, "its start, before any rate");
        NS_TEST_EXPECT_MSG_EQ(policy->GetOutstandingBuffers(), 1, "slow start: one buffer");
        NS_TEST_EXPECT_MSG_EQ(policy->IsExplicitRateHeard(), false, "no rate heard yet");

        policy->BufferSent(1, 10, Seconds(2));
        policy->BufferAcknowledged(1, MilliSeconds(10), Time(0), Seconds(4));
        policy->ExplicitRateReceived(2, 25, Seconds(4));
        NS_TEST_EXPECT_MSG_EQ(policy->IsExplicitRateHeard(), true, "heard");
        NS_TEST_EXPECT_MSG_EQ(policy->GetBurstSize(), 2, "the offered burst size");
        NS_TEST_EXPECT_MSG_EQ(policy->GetBurstIntervalMs(), 25, "the offered interval");
        // 80 packets/s x 2 s minimum round trip x 2 / 10 per buffer + 1 = 33: the 22 negotiated.
        NS_TEST_EXPECT_MSG_EQ(policy->GetOutstandingBuffers(), 22, "slow start over");

        policy->QuenchReceived(Seconds(5));
        // RFC 1016: D = 75 ms; two packets per burst go at least 150 ms apart.
        NS_TEST_EXPECT_MSG_EQ(policy->GetBurstIntervalMs(), 150, "the quench's delay");
        policy->BufferAcknowledged(2, MilliSeconds(10), Time(0), Seconds(6)); // buffer 2: unsent
        policy->ExplicitRateReceived(2, 25, Seconds(6));
        // A second of sending wore D down to 74 ms (RFC 1016's J): 2 x 74.
        NS_TEST_EXPECT_MSG_EQ(policy->GetBurstIntervalMs(), 148, "a rate from before holds it");
        policy->BufferSent(3, 10, Seconds(7));
        policy->BufferAcknowledged(3, MilliSeconds(10), Time(0), Seconds(9));
        policy->ExplicitRateReceived(2, 30, Seconds(9));
        NS_TEST_EXPECT_MSG_EQ(policy->GetBurstIntervalMs(), 30, "a rate from after clears it");
        NS_TEST_EXPECT_MSG_EQ(policy->GetQuenchDelay(), Time(0), "D back to zero");
    }
};

/**
 * @ingroup netblt-tests
 * The source-quench policy: RFC 1016's delay over delivery-rate, worn away as the sender sends.
 */
class NetbltSourceQuenchRatePolicyTestCase : public TestCase
{
  public:
    NetbltSourceQuenchRatePolicyTestCase()
        : TestCase("source-quench policy: a quench slows the sender to one packet every 75 ms "
                   "(RFC 1016's I), which wears away by 1 ms a second of sending")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<NetbltSourceQuenchRatePolicy> policy = CreateObject<NetbltSourceQuenchRatePolicy>();
        Start(policy, 5, 50);
        NS_TEST_EXPECT_MSG_EQ(policy->WantsExplicitRate(), false, "asks for no rate");
        NS_TEST_EXPECT_MSG_EQ(policy->GetBurstIntervalMs(), 50, "no quench: its start");
        policy->QuenchReceived(Seconds(2));
        NS_TEST_EXPECT_MSG_EQ(policy->GetQuenches(), 1, "counted");
        NS_TEST_EXPECT_MSG_EQ(policy->GetBurstIntervalMs(), 375, "5 packets x 75 ms");
        policy->QuenchReceived(Seconds(3));
        NS_TEST_EXPECT_MSG_EQ(policy->GetBurstIntervalMs(), 375, "same event period: no more");
        policy->BufferSent(1, 10, Seconds(4));
        NS_TEST_EXPECT_MSG_EQ(policy->GetBurstIntervalMs(), 370, "a second later: 74 ms");
        policy->QuenchReceived(Seconds(5));
        NS_TEST_EXPECT_MSG_EQ(policy->GetBurstIntervalMs(), 470, "the next event: + 20 ms");
    }
};

/**
 * @ingroup netblt-tests
 * Rate control with the network's help.
 */
class NetbltNetworkAssistedTestSuite : public TestSuite
{
  public:
    NetbltNetworkAssistedTestSuite()
        : TestSuite("netblt-network-assisted", Type::UNIT)
    {
        AddTestCase(new NetbltExplicitRateWireTestCase, TestCase::Duration::QUICK);
        AddTestCase(new NetbltExplicitRateQueueDiscTestCase, TestCase::Duration::QUICK);
        AddTestCase(new NetbltExplicitRateReturnTestCase, TestCase::Duration::QUICK);
        AddTestCase(new NetbltExplicitRateReturnTrafficTestCase, TestCase::Duration::QUICK);
        AddTestCase(new NetbltExplicitRatePolicyTestCase, TestCase::Duration::QUICK);
        AddTestCase(new NetbltSourceQuenchRatePolicyTestCase, TestCase::Duration::QUICK);
    }
};

/// Static instance that registers the suite.
static NetbltNetworkAssistedTestSuite g_netbltNetworkAssistedTestSuite;
