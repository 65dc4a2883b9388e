/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-checksum-oracle.h"

#include "netblt-packet-mutator.h"

#include "ns3/callback.h"

#include <algorithm>

namespace ns3
{

uint64_t
NetbltChecksumOracle::GetWrongChecksumTakenIn() const
{
    return m_wrongChecksumTakenIn;
}

uint64_t
NetbltChecksumOracle::GetUnsentTakenIn() const
{
    return m_unsentTakenIn;
}

void
NetbltChecksumOracle::Watch(Ptr<NetbltConnection> connection)
{
    NetbltConnection* c = PeekPointer(connection); // the traces live as long as it does
    connection->TraceConnectWithoutContext(
        "Tx",
        Callback<void, Ptr<const Packet>, NetbltPacketType>(
            [this, c](Ptr<const Packet> p, NetbltPacketType) { Sent(c, p); }));
    connection->TraceConnectWithoutContext(
        "Rx",
        Callback<void, Ptr<const Packet>, NetbltPacketType>(
            [this, c](Ptr<const Packet> p, NetbltPacketType) { TakenIn(c, p); }));
}

uint64_t
NetbltChecksumOracle::CheckedDigest(const std::vector<uint8_t>& bytes, bool checksumData)
{
    size_t length = bytes.size() >= 6 ? (bytes[4] << 8 | bytes[5]) : 0;
    length = std::min(length, bytes.size());
    bool data = bytes.size() >= 24 && (bytes[3] == static_cast<uint8_t>(NetbltPacketType::DATA) ||
                                       bytes[3] == static_cast<uint8_t>(NetbltPacketType::LDATA));
    if (data && !checksumData)
    {
        length = 24; // the data is not checked: damage to it is the client's to find
    }
    return NetbltPacketMutator::Digest(bytes.data(), length < 12 ? bytes.size() : length);
}

void
NetbltChecksumOracle::Sent(NetbltConnection* connection, Ptr<const Packet> packet)
{
    std::vector<uint8_t> bytes(packet->GetSize());
    packet->CopyData(bytes.data(), bytes.size());
    m_sent.insert(CheckedDigest(bytes, connection->GetParameters().checksumData));
}

void
NetbltChecksumOracle::TakenIn(NetbltConnection* connection, Ptr<const Packet> packet)
{
    // An oracle of its own behind NetbltL4Protocol's checks: a connection must only ever see
    // packets with a right header checksum. One whose checked bytes no end sent as they are
    // got damaged on the way (or forged) in a way the checksum cannot see, unless it is DATA
    // whose wrong data checksum the connection will find.
    std::vector<uint8_t> bytes(packet->GetSize());
    packet->CopyData(bytes.data(), bytes.size());
    if (!NetbltPacketMutator::IsChecksumRight(bytes))
    {
        ++m_wrongChecksumTakenIn;
        return;
    }
    bool checksumData = connection->GetParameters().checksumData;
    bool data = bytes.size() >= 24 && (bytes[3] == static_cast<uint8_t>(NetbltPacketType::DATA) ||
                                       bytes[3] == static_cast<uint8_t>(NetbltPacketType::LDATA));
    if (data && checksumData &&
        NetbltPacketMutator::Checksum(bytes.data() + 24, bytes.size() - 24) !=
            (bytes[20] << 8 | bytes[21]))
    {
        return;
    }
    if (m_sent.count(CheckedDigest(bytes, checksumData)) == 0)
    {
        ++m_unsentTakenIn;
        if (data)
        {
            // Its data may land where the damage put it (a changed packet number).
            m_blindData.insert({connection,
                                static_cast<uint32_t>(bytes[12] << 24 | bytes[13] << 16 |
                                                      bytes[14] << 8 | bytes[15]),
                                static_cast<uint16_t>(bytes[18] << 8 | bytes[19])});
        }
    }
}

bool
NetbltChecksumOracle::IsChecksumBlind(const std::vector<uint8_t>& data,
                                      const std::vector<uint8_t>& received,
                                      Ptr<NetbltConnection> connection) const
{
    if (received.size() > data.size())
    {
        return false;
    }
    uint32_t bufferSize = connection->GetParameters().bufferSize;
    uint32_t packetSize = connection->GetParameters().packetSize;
    uint32_t number = 1;
    for (size_t buffer = 0; buffer < received.size(); buffer += bufferSize, ++number)
    {
        size_t bufferEnd = std::min<size_t>(buffer + bufferSize, received.size());
        uint16_t packet = 0;
        for (size_t start = buffer; start < bufferEnd; start += packetSize, ++packet)
        {
            uint32_t length = std::min<size_t>(packetSize, bufferEnd - start);
            const uint8_t* got = received.data() + start;
            const uint8_t* sent = data.data() + start;
            if (!std::equal(got, got + length, sent) &&
                NetbltPacketMutator::Checksum(got, length) !=
                    NetbltPacketMutator::Checksum(sent, length) &&
                m_blindData.count({PeekPointer(connection), number, packet}) == 0)
            {
                return false;
            }
        }
    }
    return true;
}

} // namespace ns3
