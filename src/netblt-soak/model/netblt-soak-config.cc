/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-soak-config.h"

#include "ns3/log.h"

#include <algorithm>
#include <array>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NetbltSoakConfig");

namespace
{

/// Random stream of the draw of a soak transfer's configuration (the network uses 0 onwards).
constexpr int64_t TRANSFER_CONFIG_STREAM = 1000000;
/// Random stream of the draw of a fuzzing run's configuration.
constexpr int64_t FUZZ_CONFIG_STREAM = 1000001;
/// Data packets a soak transfer needs at most without loss (keeps the soak fast).
constexpr uint32_t MAX_DATA_PACKETS = 240;
/// Largest DATA packet that fits a 1500-byte MTU: 20 bytes of IP and 24 of NETBLT header.
constexpr uint32_t UNFRAGMENTED_PACKET = 1456;

/// Draws from the configuration's random stream.
class Draws
{
  public:
    /** @param stream the stream */
    explicit Draws(int64_t stream)
        : m_uniform(CreateObject<UniformRandomVariable>())
    {
        m_uniform->SetStream(stream);
    }

    /** @param low smallest @param high largest @return an integer in [low, high] */
    uint32_t Int(uint32_t low, uint32_t high)
    {
        return high <= low ? low : m_uniform->GetInteger(low, high);
    }

    /** @param low smallest @param high largest @return a real in [low, high) */
    double Real(double low, double high)
    {
        return m_uniform->GetValue(low, high);
    }

    /** @param probability of true @return true with that probability */
    bool Chance(double probability)
    {
        return m_uniform->GetValue() < probability;
    }

  private:
    Ptr<UniformRandomVariable> m_uniform; //!< the variable
};

/// A loss probability: none, one of the usual levels or any up to 50%.
double
DrawLoss(Draws& d)
{
    static const std::array<double, 7> levels{0.01, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5};
    if (d.Chance(0.35))
    {
        return 0;
    }
    return d.Chance(0.5) ? levels[d.Int(0, levels.size() - 1)] : d.Real(0, 0.5);
}

/// Fills in the shape family's buffer, packet and transfer sizes, and the bursts.
void
DrawShape(Draws& d, NetbltSoakConfig& c)
{
    NetbltTransferParameters& p = c.proposal;
    p.burstSize = static_cast<uint16_t>(d.Int(1, 12));
    p.burstIntervalMs = static_cast<uint16_t>(d.Int(1, 40));
    p.maxOutstandingBuffers = static_cast<uint16_t>(d.Int(1, 8));
    uint32_t psz = d.Int(16, UNFRAGMENTED_PACKET);
    uint32_t m = d.Int(2, 12); // packets per buffer
    uint32_t k = d.Int(2, 8);  // buffers
    uint32_t buffer = m * psz;
    uint32_t transfer = k * buffer;
    switch (d.Int(0, 9))
    {
    case 0:
        c.shape = "one-packet";
        buffer = psz * d.Int(1, 4);
        transfer = d.Int(1, psz);
        break;
    case 1:
        c.shape = "one-buffer";
        buffer = m * psz + d.Int(0, psz - 1);
        transfer = d.Int(psz + 1, buffer);
        break;
    case 2:
        c.shape = "whole-packets";
        break;
    case 3:
        c.shape = "short-last-packet";
        buffer = m * psz + d.Int(1, psz - 1);
        transfer = k * buffer;
        break;
    case 4:
        c.shape = "short-last-buffer";
        buffer = m * psz + (d.Chance(0.5) ? d.Int(1, psz - 1) : 0);
        transfer = k * buffer + d.Int(1, buffer - 1);
        break;
    case 5:
        c.shape = "one-packet-buffers";
        buffer = psz;
        transfer = d.Int(2, 40) * psz - d.Int(0, psz - 1);
        break;
    case 6:
        c.shape = "tiny-packets";
        psz = d.Int(1, 8);
        buffer = d.Int(4, 60) * psz + d.Int(0, psz - 1);
        transfer = d.Int(1, 4) * buffer + d.Int(0, buffer - 1);
        break;
    case 7:
        c.shape = "fragmented";
        c.mtu = static_cast<uint16_t>(d.Int(576, 1500));
        psz = d.Int(c.mtu - 43, 3 * c.mtu);
        buffer = d.Int(1, 6) * psz + d.Int(0, psz - 1);
        transfer = d.Int(1, 4) * buffer + d.Int(0, buffer - 1);
        break;
    case 8:
        c.shape = "long-bursts";
        m = d.Int(2, 10);
        buffer = m * psz;
        transfer = d.Int(1, 6) * buffer + d.Int(0, buffer - 1);
        p.burstSize = static_cast<uint16_t>(d.Int(m, 4 * m + 20));
        p.maxOutstandingBuffers = static_cast<uint16_t>(d.Int(1, 4));
        break;
    default:
        c.shape = "many-buffers";
        psz = d.Int(16, 600);
        buffer = d.Int(1, 4) * psz;
        transfer = d.Int(10, 40) * buffer - d.Int(0, buffer - 1);
        p.maxOutstandingBuffers = static_cast<uint16_t>(d.Int(8, 40));
        break;
    }
    // Keep every transfer small enough for the soak's pace, whatever its shape.
    while ((transfer + psz - 1) / psz > MAX_DATA_PACKETS && transfer > buffer)
    {
        transfer = std::max(buffer, transfer / 2);
    }
    p.packetSize = static_cast<uint16_t>(psz);
    p.bufferSize = buffer;
    c.transferSize = std::max<uint32_t>(1, transfer);
}

/// Fills in the listener's limits: permissive, or more restrictive than the offer in places.
void
DrawLimits(Draws& d, NetbltSoakConfig& c)
{
    const NetbltTransferParameters& offer = c.proposal;
    NetbltTransferParameters& l = c.limits;
    // As permissive as the header allows: the host's memory limits (NetbltL4Protocol's
    // MaxBufferSize, MaxConnectionBufferBytes, MaxNodeBufferBytes) refuse the OPENs the fuzzer
    // makes up that would take gigabytes of buffers.
    l.bufferSize = 0xffffffff;
    l.packetSize = 65535;
    l.burstSize = 65535;
    l.burstIntervalMs = 1;
    l.maxOutstandingBuffers = 65535;
    l.checksumData = d.Chance(0.1);
    l.deathTimeoutS = static_cast<uint16_t>(d.Int(2, 10));
    if (!d.Chance(0.3))
    {
        return;
    }
    if (d.Chance(0.5))
    {
        l.bufferSize = d.Int(1, offer.bufferSize);
    }
    if (d.Chance(0.5))
    {
        l.packetSize = static_cast<uint16_t>(d.Int(1, offer.packetSize));
    }
    if (d.Chance(0.5))
    {
        l.burstSize = static_cast<uint16_t>(d.Int(1, offer.burstSize));
    }
    if (d.Chance(0.5))
    {
        l.burstIntervalMs = static_cast<uint16_t>(d.Int(offer.burstIntervalMs, 60));
    }
    if (d.Chance(0.5))
    {
        l.maxOutstandingBuffers = static_cast<uint16_t>(d.Int(1, offer.maxOutstandingBuffers));
    }
}

} // namespace

NetbltSoakConfig
NetbltSoakConfig::Draw(bool forFuzzing)
{
    Draws d(forFuzzing ? FUZZ_CONFIG_STREAM : TRANSFER_CONFIG_STREAM);
    NetbltSoakConfig c;
    DrawShape(d, c);
    c.proposal.checksumData = d.Chance(0.5);
    c.proposal.deathTimeoutS = static_cast<uint16_t>(d.Int(2, 10));
    c.proposal.transferSize = d.Chance(0.5) ? c.transferSize : 0;
    DrawLimits(d, c);
    c.activeSends = d.Chance(0.7);

    c.linkDelay = MicroSeconds(d.Int(100, 20000));
    c.loss[0] = DrawLoss(d);
    c.loss[1] = d.Chance(0.3) ? DrawLoss(d) : c.loss[0];
    c.reorder = d.Chance(0.3) ? d.Real(0, 0.3) : 0;
    c.reorderDelay = MilliSeconds(d.Int(1, 40));
    c.duplicate = d.Chance(0.3) ? d.Real(0, 0.3) : 0;
    c.corrupt = d.Chance(0.3) ? d.Real(0, 0.3) : 0;

    c.hostModel = d.Chance(0.5);
    c.cpuCosts = !forFuzzing && c.hostModel && d.Chance(0.5);
    c.burstRateDataTimer = d.Chance(0.25);
    c.combineOkWithGo = d.Chance(0.75);
    c.resendOnLdata = d.Chance(0.15);
    c.immediateResend = d.Chance(0.15);
    c.dallyUntilPeerDeath = d.Chance(0.8);
    c.maxControlPacketSize = d.Chance(0.8) ? 1000 : d.Int(40, 200);
    c.keepaliveDivisor = d.Chance(0.8) ? 4 : d.Int(1, 8);

    double action = d.Real(0, 1);
    c.actionTime = MilliSeconds(d.Int(0, 3000));
    if (!forFuzzing && action < 0.12)
    {
        c.action = static_cast<Action>(1 + static_cast<int>(action / 0.12 * 5));
    }
    NS_LOG_LOGIC(c.Describe());
    return c;
}

uint32_t
NetbltSoakConfig::GetDataPacketCount() const
{
    uint32_t fullBuffers = transferSize / proposal.bufferSize;
    uint32_t rest = transferSize % proposal.bufferSize;
    return fullBuffers * proposal.GetPacketsPerBuffer() +
           (rest + proposal.packetSize - 1) / proposal.packetSize;
}

std::vector<uint8_t>
NetbltSoakConfig::MakeData(uint32_t seed) const
{
    std::vector<uint8_t> bytes(transferSize);
    uint64_t state = 0x9e3779b97f4a7c15ULL * (static_cast<uint64_t>(seed) + 1);
    for (uint8_t& byte : bytes)
    {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        byte = static_cast<uint8_t>(state >> 56);
    }
    return bytes;
}

std::string
NetbltSoakConfig::ActionName(Action action)
{
    // In the order of the enumeration.
    static const std::array<const char*, 6> names{
        {"none", "quit-sender", "quit-receiver", "abort-sender", "abort-receiver", "refuse"}};
    return action < names.size() ? names[action] : "?";
}

std::string
NetbltSoakConfig::Describe() const
{
    const NetbltTransferParameters& p = proposal;
    const NetbltTransferParameters& l = limits;
    std::ostringstream os;
    os << "shape=" << shape << " xfsz=" << transferSize << " bfsz=" << p.bufferSize
       << " psz=" << p.packetSize << " bs=" << p.burstSize << " bi=" << p.burstIntervalMs
       << " nbufs=" << p.maxOutstandingBuffers << " C=" << p.checksumData
       << " death=" << p.deathTimeoutS << " limits=" << l.bufferSize << "/" << l.packetSize << "/"
       << l.burstSize << "/" << l.burstIntervalMs << "/" << l.maxOutstandingBuffers << "/C"
       << l.checksumData << "/" << l.deathTimeoutS << "s"
       << " active=" << (activeSends ? "sender" : "receiver") << " action=" << ActionName(action)
       << "@" << actionTime.GetMilliSeconds() << "ms"
       << " mtu=" << mtu << " delay=" << linkDelay.GetMicroSeconds() << "us"
       << " loss=" << loss[0] << "/" << loss[1] << " reorder=" << reorder << "@"
       << reorderDelay.GetMilliSeconds() << "ms dup=" << duplicate << " corrupt=" << corrupt
       << " host=" << hostModel << " costs=" << cpuCosts
       << " timer=" << (burstRateDataTimer ? "burst-rate" : "inter-arrival")
       << " combine=" << combineOkWithGo << " resend-ldata=" << resendOnLdata
       << " resend-later=" << immediateResend << " dally-death=" << dallyUntilPeerDeath
       << " max-control=" << maxControlPacketSize << " keepalive-div=" << keepaliveDivisor;
    return os.str();
}

} // namespace ns3
