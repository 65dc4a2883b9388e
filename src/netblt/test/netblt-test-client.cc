/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-test-client.h"

#include "ns3/simulator.h"
#include "ns3/string.h"

#include <algorithm>
#include <set>

namespace ns3
{
namespace netblt_test
{

TestClient::TestClient() = default;

std::string
TestClient::Accept(Ptr<NetbltConnection> c, const NetbltTransferParameters& answer)
{
    accepted = true;
    acceptAnswer = answer;
    for (const auto& [name, value] : passiveAttributes)
    {
        c->SetAttribute(name, StringValue(value));
    }
    if (refusal.empty())
    {
        Attach(c);
    }
    return refusal;
}

NetbltL4Protocol::AcceptCallback
TestClient::AcceptCallback()
{
    return MakeCallback(&TestClient::Accept, this);
}

void
TestClient::Attach(Ptr<NetbltConnection> c)
{
    connection = c;
    c->SetEstablishedCallback(MakeCallback(&TestClient::Established, this));
    c->SetCloseCallback(MakeCallback(&TestClient::Closed, this));
    if (Ptr<NetbltSender> sender = DynamicCast<NetbltSender>(c))
    {
        sender->SetSendReadyCallback(MakeCallback(&TestClient::SendReady, this));
    }
    else
    {
        DynamicCast<NetbltReceiver>(c)->SetBufferReceivedCallback(
            MakeCallback(&TestClient::BufferReceived, this));
    }
    tx.Attach(c);
    timers.Attach(c);
}

bool
TestClient::Completed() const
{
    return closed && closeReason == NetbltConnection::TRANSFER_COMPLETE;
}

void
TestClient::Established(Ptr<NetbltConnection> c)
{
    established = true;
    establishedTime = Simulator::Now();
    if (onEstablished)
    {
        onEstablished(c);
    }
    if (c->GetRole() == NetbltConnection::RECEIVER &&
        c->GetState() == NetbltConnection::ESTABLISHED)
    {
        for (uint32_t i = 0; i < c->GetParameters().maxOutstandingBuffers; ++i)
        {
            Provide(c);
        }
    }
}

void
TestClient::Provide(Ptr<NetbltConnection> c)
{
    Ptr<NetbltReceiver> receiver = DynamicCast<NetbltReceiver>(c);
    if (provideDelay.IsStrictlyPositive())
    {
        Simulator::Schedule(provideDelay, &NetbltReceiver::ProvideBuffer, receiver);
    }
    else
    {
        receiver->ProvideBuffer();
    }
}

void
TestClient::Closed(Ptr<NetbltConnection> c,
                   NetbltConnection::CloseReason reason,
                   const std::string& text)
{
    closed = true;
    ++closeCalls;
    closeReason = reason;
    closeText = text;
    closeTime = Simulator::Now();
    if (onClosed)
    {
        onClosed();
    }
}

void
TestClient::SendReady(Ptr<NetbltSender> c)
{
    uint32_t bufferSize = c->GetParameters().bufferSize;
    while (bytesGiven < data.size() && c->GetSendBufferRoom() > 0)
    {
        uint32_t size = std::min<uint32_t>(bufferSize, data.size() - bytesGiven);
        bool last = bytesGiven + size == data.size();
        Ptr<Packet> buffer = Create<Packet>(data.data() + bytesGiven, size);
        if (!c->SendBuffer(buffer, last))
        {
            return;
        }
        bytesGiven += size;
        ++buffersGiven;
        if (onBuffer)
        {
            onBuffer(c, buffersGiven);
        }
    }
}

void
TestClient::BufferReceived(Ptr<NetbltReceiver> c, uint32_t number, Ptr<Packet> bytes, bool last)
{
    size_t at = received.size();
    received.resize(at + bytes->GetSize());
    bytes->CopyData(received.data() + at, bytes->GetSize());
    bufferNumbers.push_back(number);
    lastSeen = lastSeen || last;
    if (onBuffer)
    {
        onBuffer(c, number);
    }
    if (!last && c->GetState() == NetbltConnection::ESTABLISHED)
    {
        Provide(c);
    }
}

std::vector<NetbltControlMessage>
DistinctResends(const TestClient& receiver)
{
    std::vector<NetbltControlMessage> resends;
    std::set<uint16_t> seen;
    for (const NetbltControlMessage& m : receiver.tx.AllMessages())
    {
        if (m.GetType() == NetbltControlMessage::RESEND && seen.insert(m.GetSequence()).second)
        {
            resends.push_back(m);
        }
    }
    return resends;
}

Time
FirstSent(const TestClient& receiver, uint16_t sequence)
{
    for (const auto& e : receiver.tx.Select(NetbltPacketType::CONTROL))
    {
        for (const auto& m : e.messages)
        {
            if (m.GetSequence() == sequence)
            {
                return e.time;
            }
        }
    }
    return Time::Max();
}

} // namespace netblt_test
} // namespace ns3
