/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-tx-recorder.h"

#include "ns3/netblt-control-header.h"
#include "ns3/netblt-data-header.h"
#include "ns3/netblt-open-header.h"
#include "ns3/netblt-reason-header.h"
#include "ns3/simulator.h"

#include <algorithm>

namespace ns3
{
namespace netblt_test
{

void
TxRecorder::Attach(Ptr<NetbltConnection> connection)
{
    connection->TraceConnectWithoutContext("Tx", MakeCallback(&TxRecorder::Record, this));
}

void
TxRecorder::Record(Ptr<const Packet> packet, NetbltPacketType type)
{
    Entry entry;
    entry.time = Simulator::Now();
    entry.type = type;
    entry.size = packet->GetSize();
    Ptr<Packet> copy = packet->Copy();
    NetbltHeader common;
    NetbltHeader::PeekCommonFields(copy, common);
    entry.length = common.GetLength();
    switch (type)
    {
    case NetbltPacketType::DATA:
    case NetbltPacketType::LDATA: {
        NetbltDataHeader header(type);
        copy->RemoveHeader(header);
        entry.bufferNumber = header.GetBufferNumber();
        entry.packetNumber = header.GetPacketNumber();
        entry.dataLength = header.GetDataLength();
        entry.lastBuffer = header.GetLastBuffer();
        break;
    }
    case NetbltPacketType::CONTROL: {
        NetbltControlHeader header;
        copy->RemoveHeader(header);
        entry.messages = header.GetMessages();
        break;
    }
    case NetbltPacketType::OPEN:
    case NetbltPacketType::RESPONSE: {
        NetbltOpenHeader header(type);
        copy->RemoveHeader(header);
        entry.parameters = NetbltTransferParameters::ReadFrom(header);
        entry.connectionId = header.GetConnectionId();
        entry.writeMode = header.GetWriteMode();
        break;
    }
    case NetbltPacketType::QUIT:
    case NetbltPacketType::ABORT:
    case NetbltPacketType::REFUSED: {
        NetbltReasonHeader header(type);
        copy->RemoveHeader(header);
        entry.reason = header.GetReason();
        break;
    }
    default:
        break;
    }
    m_entries.push_back(entry);
}

const std::vector<TxRecorder::Entry>&
TxRecorder::GetEntries() const
{
    return m_entries;
}

uint32_t
TxRecorder::Count(NetbltPacketType type) const
{
    return static_cast<uint32_t>(std::count_if(m_entries.begin(),
                                               m_entries.end(),
                                               [type](const Entry& e) { return e.type == type; }));
}

std::vector<TxRecorder::Entry>
TxRecorder::Select(NetbltPacketType type) const
{
    std::vector<Entry> selected;
    for (const Entry& e : m_entries)
    {
        if (e.type == type)
        {
            selected.push_back(e);
        }
    }
    return selected;
}

std::vector<NetbltControlMessage>
TxRecorder::AllMessages() const
{
    std::vector<NetbltControlMessage> messages;
    for (const Entry& e : m_entries)
    {
        messages.insert(messages.end(), e.messages.begin(), e.messages.end());
    }
    return messages;
}

std::map<Time, uint32_t>
TxRecorder::DataBursts() const
{
    std::map<Time, uint32_t> bursts;
    for (const Entry& e : m_entries)
    {
        if (e.type == NetbltPacketType::DATA || e.type == NetbltPacketType::LDATA)
        {
            ++bursts[e.time];
        }
    }
    return bursts;
}

} // namespace netblt_test
} // namespace ns3
