/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-open-header.h"

#include "netblt-data-header.h"

#include "ns3/abort.h"
#include "ns3/log.h"

#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NetbltOpenHeader");

NS_OBJECT_ENSURE_REGISTERED(NetbltOpenHeader);

NetbltOpenHeader::NetbltOpenHeader()
    : NetbltOpenHeader(NetbltPacketType::OPEN)
{
}

NetbltOpenHeader::NetbltOpenHeader(NetbltPacketType openOrResponse)
    : m_connectionId(0),
      m_bufferSize(0),
      m_transferSize(0),
      m_dataPacketSize(0),
      m_burstSize(0),
      m_burstRate(0),
      m_deathTimerValue(0),
      m_checksumData(false),
      m_writeMode(false),
      m_maxOutstandingBuffers(0)
{
    NS_LOG_FUNCTION(this << openOrResponse);
    SetType(openOrResponse);
}

TypeId
NetbltOpenHeader::GetTypeId()
{
    static TypeId tid = TypeId("ns3::NetbltOpenHeader")
                            .SetParent<NetbltHeader>()
                            .SetGroupName("Netblt")
                            .AddConstructor<NetbltOpenHeader>();
    return tid;
}

TypeId
NetbltOpenHeader::GetInstanceTypeId() const
{
    return GetTypeId();
}

void
NetbltOpenHeader::SetConnectionId(uint32_t id)
{
    m_connectionId = id;
}

uint32_t
NetbltOpenHeader::GetConnectionId() const
{
    return m_connectionId;
}

void
NetbltOpenHeader::SetBufferSize(uint32_t size)
{
    m_bufferSize = size;
}

uint32_t
NetbltOpenHeader::GetBufferSize() const
{
    return m_bufferSize;
}

void
NetbltOpenHeader::SetTransferSize(uint32_t size)
{
    m_transferSize = size;
}

uint32_t
NetbltOpenHeader::GetTransferSize() const
{
    return m_transferSize;
}

void
NetbltOpenHeader::SetDataPacketSize(uint16_t size)
{
    m_dataPacketSize = size;
}

uint16_t
NetbltOpenHeader::GetDataPacketSize() const
{
    return m_dataPacketSize;
}

void
NetbltOpenHeader::SetBurstSize(uint16_t size)
{
    m_burstSize = size;
}

uint16_t
NetbltOpenHeader::GetBurstSize() const
{
    return m_burstSize;
}

void
NetbltOpenHeader::SetBurstRate(uint16_t rateMs)
{
    m_burstRate = rateMs;
}

uint16_t
NetbltOpenHeader::GetBurstRate() const
{
    return m_burstRate;
}

void
NetbltOpenHeader::SetDeathTimerValue(uint16_t seconds)
{
    m_deathTimerValue = seconds;
}

uint16_t
NetbltOpenHeader::GetDeathTimerValue() const
{
    return m_deathTimerValue;
}

void
NetbltOpenHeader::SetChecksumData(bool checksumData)
{
    m_checksumData = checksumData;
}

bool
NetbltOpenHeader::GetChecksumData() const
{
    return m_checksumData;
}

void
NetbltOpenHeader::SetWriteMode(bool write)
{
    m_writeMode = write;
}

bool
NetbltOpenHeader::GetWriteMode() const
{
    return m_writeMode;
}

void
NetbltOpenHeader::SetRateReports(bool reports)
{
    m_rateReports = reports;
}

bool
NetbltOpenHeader::GetRateReports() const
{
    return m_rateReports;
}

void
NetbltOpenHeader::SetPaddedControl(bool padded)
{
    m_paddedControl = padded;
}

bool
NetbltOpenHeader::GetPaddedControl() const
{
    return m_paddedControl;
}

void
NetbltOpenHeader::SetExplicitRate(bool explicitRate)
{
    m_explicitRate = explicitRate;
}

bool
NetbltOpenHeader::GetExplicitRate() const
{
    return m_explicitRate;
}

void
NetbltOpenHeader::SetExplicitRateField(uint16_t kbps)
{
    m_explicitRateField = kbps;
}

uint16_t
NetbltOpenHeader::GetExplicitRateField() const
{
    return m_explicitRateField;
}

bool
NetbltOpenHeader::HasExplicitRateField() const
{
    return m_explicitRateField != NetbltDataHeader::EXPLICIT_RATE_NONE &&
           m_explicitRateField != NetbltDataHeader::EXPLICIT_RATE_UNLIMITED;
}

uint16_t
NetbltOpenHeader::GetAlignmentField() const
{
    return m_explicitRateField;
}

void
NetbltOpenHeader::SetAlignmentField(uint16_t value)
{
    m_explicitRateField = value;
}

void
NetbltOpenHeader::SetMaxOutstandingBuffers(uint16_t buffers)
{
    m_maxOutstandingBuffers = buffers;
}

uint16_t
NetbltOpenHeader::GetMaxOutstandingBuffers() const
{
    return m_maxOutstandingBuffers;
}

void
NetbltOpenHeader::SetClientString(const std::string& clientString)
{
    NS_ABORT_MSG_IF(clientString.find('\0') != std::string::npos,
                    "a NETBLT client string cannot contain a NUL byte");
    m_clientString = clientString;
}

std::string
NetbltOpenHeader::GetClientString() const
{
    return m_clientString;
}

uint32_t
NetbltOpenHeader::GetBodySize() const
{
    return FIXED_BODY_SIZE + GetStringFieldSize(m_clientString);
}

void
NetbltOpenHeader::SerializeBody(Buffer::Iterator& i) const
{
    i.WriteHtonU32(m_connectionId);
    i.WriteHtonU32(m_bufferSize);
    i.WriteHtonU32(m_transferSize);
    i.WriteHtonU16(m_dataPacketSize);
    i.WriteHtonU16(m_burstSize);
    i.WriteHtonU16(m_burstRate);
    i.WriteHtonU16(m_deathTimerValue);
    i.WriteHtonU16((m_explicitRate ? FLAG_X : 0) | (m_paddedControl ? FLAG_P : 0) |
                   (m_rateReports ? FLAG_R : 0) | (m_checksumData ? FLAG_C : 0) |
                   (m_writeMode ? FLAG_M : 0));
    i.WriteHtonU16(m_maxOutstandingBuffers);
    SerializeStringField(i, m_clientString);
}

uint32_t
NetbltOpenHeader::DeserializeBody(Buffer::Iterator& i, uint32_t available)
{
    if (available < FIXED_BODY_SIZE)
    {
        std::ostringstream reason;
        reason << "only " << available << " of the " << FIXED_BODY_SIZE << " bytes of " << GetType()
               << " fields after the common header";
        SetMalformed(reason.str());
        return 0;
    }
    m_connectionId = i.ReadNtohU32();
    m_bufferSize = i.ReadNtohU32();
    m_transferSize = i.ReadNtohU32();
    m_dataPacketSize = i.ReadNtohU16();
    m_burstSize = i.ReadNtohU16();
    m_burstRate = i.ReadNtohU16();
    m_deathTimerValue = i.ReadNtohU16();
    uint16_t flags = i.ReadNtohU16();
    m_checksumData = (flags & FLAG_C) != 0;
    m_writeMode = (flags & FLAG_M) != 0;
    m_rateReports = (flags & FLAG_R) != 0;
    m_paddedControl = (flags & FLAG_P) != 0;
    m_explicitRate = (flags & FLAG_X) != 0;
    m_maxOutstandingBuffers = i.ReadNtohU16();
    return FIXED_BODY_SIZE +
           DeserializeStringField(i, available - FIXED_BODY_SIZE, m_clientString, "client string");
}

void
NetbltOpenHeader::PrintBody(std::ostream& os) const
{
    os << " uid " << m_connectionId << " bufferSize " << m_bufferSize << " transferSize "
       << m_transferSize << " dataPacketSize " << m_dataPacketSize << " burstSize " << m_burstSize
       << " burstRate " << m_burstRate << "ms deathTimer " << m_deathTimerValue << "s "
       << (m_checksumData ? "C " : "") << (m_rateReports ? "R " : "")
       << (m_paddedControl ? "P " : "") << (m_explicitRate ? "X " : "")
       << (m_writeMode ? "WRITE" : "READ") << " maxOutstanding " << m_maxOutstandingBuffers
       << " client \"" << m_clientString << "\"";
    if (HasExplicitRateField())
    {
        os << " rate " << m_explicitRateField << " kbit/s";
    }
}

bool
NetbltOpenHeader::AcceptsType(NetbltPacketType type) const
{
    return type == NetbltPacketType::OPEN || type == NetbltPacketType::RESPONSE;
}

} // namespace ns3
