/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-transfer-parameters.h"

#include "netblt-data-header.h"
#include "netblt-open-header.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace ns3
{

Time
NetbltTransferParameters::GetBurstInterval() const
{
    return MilliSeconds(burstIntervalMs);
}

uint16_t
NetbltTransferParameters::GetPacketsPerBuffer() const
{
    return static_cast<uint16_t>((bufferSize + packetSize - 1) / packetSize);
}

std::pair<uint16_t, uint16_t>
NetbltTransferParameters::GetBurstsAt(double kbps) const
{
    // The gateways count IP datagrams: a 20-byte IPv4 header (no options, RFC 791) and the
    // 24-byte DATA header around each full packet's data. bits / (kbit/s) = ms.
    const double datagramBits =
        8.0 * (20 + NetbltHeader::GetMinimumLength(NetbltPacketType::DATA) + packetSize);
    const double size =
        std::clamp<double>(std::ceil(burstIntervalMs * kbps / datagramBits), 1, burstSize);
    const double intervalMs = std::ceil(size * datagramBits / kbps);
    return {static_cast<uint16_t>(size),
            static_cast<uint16_t>(std::clamp<double>(intervalMs, burstIntervalMs, 0xffff))};
}

NetbltTransferParameters
NetbltTransferParameters::Restrict(const NetbltTransferParameters& offer,
                                   const NetbltTransferParameters& limits)
{
    NetbltTransferParameters answer = offer;
    answer.bufferSize = std::min(offer.bufferSize, limits.bufferSize);
    answer.packetSize = std::min(offer.packetSize, limits.packetSize);
    // A buffer holds at least one packet: a buffer limit below both packet sizes makes the
    // packets as small as the buffer (still no less restrictive than either side).
    answer.packetSize =
        static_cast<uint16_t>(std::min<uint32_t>(answer.packetSize, answer.bufferSize));
    answer.burstSize = std::min(offer.burstSize, limits.burstSize);
    answer.burstIntervalMs = std::max(offer.burstIntervalMs, limits.burstIntervalMs);
    answer.maxOutstandingBuffers =
        std::min(offer.maxOutstandingBuffers, limits.maxOutstandingBuffers);
    answer.checksumData = offer.checksumData || limits.checksumData;
    // This implementation's receivers measure burst spacing and its senders take the reports
    // (or ignore them): the answer grants what the offer asks.
    answer.rateReports = offer.rateReports;
    // Accepting padded CONTROL packets costs this implementation nothing: P is echoed.
    answer.paddedControl = offer.paddedControl;
    // The receiver decides whether it echoes explicit rates (NetbltReceiver): X is echoed here
    // and cleared there.
    answer.explicitRate = offer.explicitRate;
    answer.deathTimeoutS = limits.deathTimeoutS;
    answer.clientString = limits.clientString;
    return answer;
}

bool
NetbltTransferParameters::IsNoLessRestrictiveThan(const NetbltTransferParameters& offer) const
{
    return bufferSize <= offer.bufferSize && packetSize <= offer.packetSize &&
           burstSize <= offer.burstSize && burstIntervalMs >= offer.burstIntervalMs &&
           maxOutstandingBuffers <= offer.maxOutstandingBuffers &&
           (checksumData || !offer.checksumData);
}

std::string
NetbltTransferParameters::Validate() const
{
    std::ostringstream error;
    if (packetSize == 0)
    {
        error << "packet size 0 bytes: must be at least 1";
    }
    else if (bufferSize < packetSize)
    {
        error << "buffer size " << bufferSize << " bytes is smaller than the packet size "
              << packetSize << " bytes";
    }
    else if ((bufferSize + packetSize - 1) / packetSize > 0xffff)
    {
        error << "buffer size " << bufferSize << " bytes needs more than 65535 packets of "
              << packetSize << " bytes (packet numbers are 16 bits)";
    }
    else if (burstSize == 0)
    {
        error << "burst size 0 packets: must be at least 1";
    }
    else if (burstIntervalMs == 0)
    {
        error << "burst interval 0 ms: must be at least 1 ms";
    }
    else if (maxOutstandingBuffers == 0)
    {
        error << "outstanding buffers 0: must be at least 1";
    }
    else if (deathTimeoutS == 0)
    {
        error << "death timeout 0 s: must be at least 1 s";
    }
    return error.str();
}

void
NetbltTransferParameters::WriteTo(NetbltOpenHeader& header) const
{
    header.SetBufferSize(bufferSize);
    header.SetTransferSize(transferSize);
    header.SetDataPacketSize(packetSize);
    header.SetBurstSize(burstSize);
    header.SetBurstRate(burstIntervalMs);
    header.SetDeathTimerValue(deathTimeoutS);
    header.SetChecksumData(checksumData);
    header.SetRateReports(rateReports);
    header.SetPaddedControl(paddedControl);
    header.SetExplicitRate(explicitRate);
    header.SetExplicitRateField(explicitRate ? NetbltDataHeader::EXPLICIT_RATE_UNLIMITED
                                             : NetbltDataHeader::EXPLICIT_RATE_NONE);
    header.SetMaxOutstandingBuffers(maxOutstandingBuffers);
    header.SetClientString(clientString);
}

NetbltTransferParameters
NetbltTransferParameters::ReadFrom(const NetbltOpenHeader& header)
{
    NetbltTransferParameters p;
    p.bufferSize = header.GetBufferSize();
    p.transferSize = header.GetTransferSize();
    p.packetSize = header.GetDataPacketSize();
    p.burstSize = header.GetBurstSize();
    p.burstIntervalMs = header.GetBurstRate();
    p.deathTimeoutS = header.GetDeathTimerValue();
    p.checksumData = header.GetChecksumData();
    p.rateReports = header.GetRateReports();
    p.paddedControl = header.GetPaddedControl();
    p.explicitRate = header.GetExplicitRate();
    p.explicitRateKbps = header.HasExplicitRateField() ? header.GetExplicitRateField() : 0;
    p.maxOutstandingBuffers = header.GetMaxOutstandingBuffers();
    p.clientString = header.GetClientString();
    return p;
}

std::ostream&
operator<<(std::ostream& os, const NetbltTransferParameters& p)
{
    os << "buffer=" << p.bufferSize << "B packet=" << p.packetSize << "B burst=" << p.burstSize
       << "/" << p.burstIntervalMs << "ms nbufs=" << p.maxOutstandingBuffers
       << " death=" << p.deathTimeoutS << "s C=" << p.checksumData << " R=" << p.rateReports
       << " X=" << p.explicitRate << " P=" << p.paddedControl << " transfer=" << p.transferSize
       << "B";
    return os;
}

} // namespace ns3
