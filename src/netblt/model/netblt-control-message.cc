/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-control-message.h"

#include "ns3/abort.h"
#include "ns3/log.h"

#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NetbltControlMessage");

NetbltControlMessage::NetbltControlMessage()
    : m_type(GO),
      m_sequence(0),
      m_bufferNumber(0),
      m_burstSize(0),
      m_burstRate(0),
      m_controlTimerValue(0)
{
}

NetbltControlMessage
NetbltControlMessage::MakeGo(uint16_t sequence, uint32_t buffer)
{
    NetbltControlMessage m;
    m.m_sequence = sequence;
    m.m_bufferNumber = buffer;
    return m;
}

NetbltControlMessage
NetbltControlMessage::MakeOk(uint16_t sequence,
                             uint32_t buffer,
                             uint16_t burstSize,
                             uint16_t burstRateMs,
                             uint16_t controlTimerMs,
                             uint16_t burstSpacing,
                             bool explicitRate)
{
    NetbltControlMessage m = MakeGo(sequence, buffer);
    m.m_type = OK;
    m.m_burstSize = burstSize;
    m.m_burstRate = burstRateMs;
    m.m_controlTimerValue = controlTimerMs;
    m.m_burstSpacing = burstSpacing;
    m.m_explicitRateOffer = explicitRate;
    return m;
}

NetbltControlMessage
NetbltControlMessage::MakeResend(uint16_t sequence,
                                 uint32_t buffer,
                                 std::vector<uint16_t> missingPackets)
{
    NS_ABORT_MSG_IF(missingPackets.size() > 0xffff,
                    "a RESEND message lists at most 65535 packets, not " << missingPackets.size());
    NetbltControlMessage m = MakeGo(sequence, buffer);
    m.m_type = RESEND;
    m.m_missingPackets = std::move(missingPackets);
    return m;
}

NetbltControlMessage::Type
NetbltControlMessage::GetType() const
{
    return m_type;
}

uint16_t
NetbltControlMessage::GetSequence() const
{
    return m_sequence;
}

uint32_t
NetbltControlMessage::GetBufferNumber() const
{
    return m_bufferNumber;
}

uint16_t
NetbltControlMessage::GetBurstSize() const
{
    return m_burstSize;
}

uint16_t
NetbltControlMessage::GetBurstRate() const
{
    return m_burstRate;
}

uint16_t
NetbltControlMessage::GetControlTimerValue() const
{
    return m_controlTimerValue;
}

uint16_t
NetbltControlMessage::GetBurstSpacing() const
{
    return m_burstSpacing;
}

bool
NetbltControlMessage::IsExplicitRateOffer() const
{
    return m_explicitRateOffer;
}

const std::vector<uint16_t>&
NetbltControlMessage::GetMissingPackets() const
{
    return m_missingPackets;
}

uint32_t
NetbltControlMessage::GetResendSize(uint32_t count)
{
    return RESEND_FIXED_SIZE + ((2 * count + 3) & ~3U);
}

uint32_t
NetbltControlMessage::GetSerializedSize() const
{
    switch (m_type)
    {
    case GO:
        return GO_SIZE;
    case OK:
        return OK_SIZE;
    case RESEND:
        return GetResendSize(m_missingPackets.size());
    }
    NS_ABORT_MSG("unknown control message type " << static_cast<uint32_t>(m_type));
    return 0;
}

void
NetbltControlMessage::Serialize(Buffer::Iterator& i) const
{
    i.WriteU8(m_type);
    i.WriteU8(m_explicitRateOffer ? EXPLICIT_RATE_OFFER : 0); // word padding
    i.WriteHtonU16(m_sequence);
    i.WriteHtonU32(m_bufferNumber);
    switch (m_type)
    {
    case GO:
        break;
    case OK:
        i.WriteHtonU16(m_burstSize);
        i.WriteHtonU16(m_burstRate);
        i.WriteHtonU16(m_controlTimerValue);
        i.WriteHtonU16(m_burstSpacing); // RFC 998's padding: 0 unless R was negotiated
        break;
    case RESEND:
        i.WriteHtonU16(static_cast<uint16_t>(m_missingPackets.size()));
        i.WriteHtonU16(0); // longword alignment padding
        for (uint16_t packet : m_missingPackets)
        {
            i.WriteHtonU16(packet);
        }
        i.WriteU8(0, GetSerializedSize() - RESEND_FIXED_SIZE - 2 * m_missingPackets.size());
        break;
    }
}

uint32_t
NetbltControlMessage::Deserialize(Buffer::Iterator& i, uint32_t available)
{
    std::string error;
    uint32_t size = Deserialize(i, available, error);
    if (size == 0)
    {
        NS_LOG_LOGIC("cannot read a control message: " << error);
    }
    return size;
}

uint32_t
NetbltControlMessage::Deserialize(Buffer::Iterator& i, uint32_t available, std::string& error)
{
    // The error is put into words only for a bad message: a stream costs more to make than
    // reading a good one.
    const auto fail = [&error](const auto&... parts) {
        std::ostringstream why;
        (why << ... << parts);
        error = why.str();
        return 0u;
    };
    if (available < GO_SIZE)
    {
        return fail(available, " bytes are too few for a control message");
    }
    Buffer::Iterator j = i;
    NetbltControlMessage m;
    uint8_t type = j.ReadU8();
    const uint8_t wordPadding = j.ReadU8();
    m.m_sequence = j.ReadNtohU16();
    m.m_bufferNumber = j.ReadNtohU32();
    uint32_t size = GO_SIZE;
    switch (type)
    {
    case GO:
        break;
    case OK:
        if (available < OK_SIZE)
        {
            return fail("OK message needs ", OK_SIZE, " bytes, only ", available, " remain");
        }
        m.m_burstSize = j.ReadNtohU16();
        m.m_burstRate = j.ReadNtohU16();
        m.m_controlTimerValue = j.ReadNtohU16();
        m.m_burstSpacing = j.ReadNtohU16(); // RFC 998's padding: 0 from a plain receiver
        m.m_explicitRateOffer = (wordPadding & EXPLICIT_RATE_OFFER) != 0;
        size = OK_SIZE;
        break;
    case RESEND: {
        if (available < RESEND_FIXED_SIZE)
        {
            return fail("RESEND message needs at least ",
                        RESEND_FIXED_SIZE,
                        " bytes, only ",
                        available,
                        " remain");
        }
        uint16_t count = j.ReadNtohU16();
        j.Next(2); // longword alignment padding
        size = GetResendSize(count);
        if (available < size)
        {
            return fail("RESEND message lists ",
                        count,
                        " packets (",
                        size,
                        " bytes), only ",
                        available,
                        " bytes remain");
        }
        m.m_missingPackets.reserve(count);
        for (uint16_t k = 0; k < count; k++)
        {
            m.m_missingPackets.push_back(j.ReadNtohU16());
        }
        j.Next(size - RESEND_FIXED_SIZE - 2 * count); // padding
        break;
    }
    default:
        return fail("unknown control message type ", static_cast<uint32_t>(type));
    }
    m.m_type = static_cast<Type>(type);
    *this = std::move(m);
    i = j;
    return size;
}

void
NetbltControlMessage::Print(std::ostream& os) const
{
    switch (m_type)
    {
    case GO:
        os << "GO";
        break;
    case OK:
        os << "OK";
        break;
    case RESEND:
        os << "RESEND";
        break;
    }
    os << " seq " << m_sequence << " buffer " << m_bufferNumber;
    if (m_type == OK)
    {
        os << " burstSize " << m_burstSize << " burstRate " << m_burstRate << "ms controlTimer "
           << m_controlTimerValue << "ms";
        if (m_burstSpacing != 0)
        {
            os << " burstSpacing " << m_burstSpacing * BURST_SPACING_UNIT_US << "us";
        }
        if (m_explicitRateOffer)
        {
            os << " explicitRate";
        }
    }
    if (m_type == RESEND)
    {
        os << " missing [";
        for (std::size_t k = 0; k < m_missingPackets.size(); k++)
        {
            os << (k ? " " : "") << m_missingPackets[k];
        }
        os << "]";
    }
}

std::ostream&
operator<<(std::ostream& os, const NetbltControlMessage& message)
{
    message.Print(os);
    return os;
}

bool
NetbltSequenceNotAfter(uint16_t a, uint16_t b)
{
    return static_cast<int16_t>(static_cast<uint16_t>(b - a)) >= 0;
}

} // namespace ns3
