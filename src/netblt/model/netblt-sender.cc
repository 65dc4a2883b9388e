/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-sender.h"

#include "netblt-control-header.h"
#include "netblt-control-message.h"
#include "netblt-data-header.h"
#include "netblt-l4-protocol.h"
#include "netblt-null-ack-header.h"
#include "netblt-static-rate-policy.h"

#include "ns3/boolean.h"
#include "ns3/log.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NetbltSender");

NS_OBJECT_ENSURE_REGISTERED(NetbltSender);

namespace
{

// The host activities this code charges (HostCpu accounts CPU time by them); built once, not
// per packet.
const std::string BURST_ACTIVITY = "netblt-burst";
const std::string DATA_SEND_ACTIVITY = "netblt-data-send";

} // namespace

TypeId
NetbltSender::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::NetbltSender")
            .SetParent<NetbltConnectionBase>()
            .SetGroupName("Netblt")
            .AddConstructor<NetbltSender>()
            .AddAttribute("DallyUntilPeerDeath",
                          "The sender dallies after the last OK at least as long as the "
                          "receiver's death-timer value (from its OPEN/RESPONSE), unless a DONE "
                          "arrives first. RFC 998 §5.3.1 only requires the dally to outlast one "
                          "control-timer expiry at the receiver; when that OK retransmission or "
                          "its NULL-ACK is lost as well, the receiver (which doubles its timer) "
                          "keeps resending its last OK to a sender that has gone and dies with "
                          "the transfer complete. False: DallyFactor x the control timer only.",
                          BooleanValue(true),
                          MakeBooleanAccessor(&NetbltSender::m_dallyUntilPeerDeath),
                          MakeBooleanChecker())
            .AddAttribute("RatePolicy",
                          "How this sender chooses the burst size, burst interval and "
                          "outstanding buffers in force (NetbltL4Protocol's RatePolicyType), "
                          "for its own attributes.",
                          TypeId::ATTR_GET,
                          PointerValue(),
                          MakePointerAccessor(&NetbltSender::m_ratePolicy),
                          MakePointerChecker<NetbltRatePolicy>())
            .AddTraceSource("DataSent",
                            "A DATA/LDATA packet was handed to the CPU for transmission "
                            "(NetbltTxBuffer::Transmission: buffer and packet number, data "
                            "bytes, whether it was sent before, whether its buffer is the last "
                            "and whether it is the buffer's last packet).",
                            MakeTraceSourceAccessor(&NetbltSender::m_dataSentTrace),
                            "ns3::NetbltSender::DataSentTracedCallback")
            .AddTraceSource("Retransmit",
                            "The sender transmitted a DATA/LDATA packet again.",
                            MakeTraceSourceAccessor(&NetbltSender::m_retransmitTrace),
                            "ns3::NetbltSender::PacketNumberTracedCallback");
    return tid;
}

NetbltSender::NetbltSender()
    : m_ratePolicy(CreateObject<NetbltStaticRatePolicy>())
{
    NS_LOG_FUNCTION(this);
}

NetbltSender::~NetbltSender()
{
    NS_LOG_FUNCTION(this);
}

void
NetbltSender::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_txBuffer.Clear();
    m_sendReadyCallback = SendReadyCallback();
    m_ratePolicy = nullptr;
    NetbltConnectionBase::DoDispose();
}

NetbltConnection::Role
NetbltSender::GetRole() const
{
    return SENDER;
}

Time
NetbltSender::GetControlTimerValue() const
{
    return MilliSeconds(m_peerControlTimerMs);
}

Time
NetbltSender::GetPeerControlTimerEstimate() const
{
    return m_peerControlTimerMs > 0 ? MilliSeconds(m_peerControlTimerMs) : m_initialControlTimer;
}

void
NetbltSender::DoQuench(Time now)
{
    m_ratePolicy->QuenchReceived(now);
    // A policy that changed its values puts them in force as after an OK or a RESEND; the
    // receiver hears them in the next NULL-ACK.
    if (m_state == ESTABLISHED &&
        (m_ratePolicy->GetBurstSize() != m_params.burstSize ||
         m_ratePolicy->GetBurstIntervalMs() != m_params.burstIntervalMs ||
         m_ratePolicy->GetOutstandingBuffers() != m_params.maxOutstandingBuffers))
    {
        ApplyRatePolicy();
        // A quench is about the bursts to come: the one already timed at the old interval
        // waits for the new one.
        if (m_burstEvent.IsPending())
        {
            m_burstEvent.Cancel();
            ScheduleBurst();
        }
    }
}

Time
NetbltSender::GetQuitRetryInterval() const
{
    return GetDallyTime();
}

void
NetbltSender::SetRatePolicy(Ptr<NetbltRatePolicy> policy)
{
    m_ratePolicy = policy;
}

Ptr<NetbltRatePolicy>
NetbltSender::GetRatePolicy() const
{
    return m_ratePolicy;
}

void
NetbltSender::SetSendReadyCallback(SendReadyCallback cb)
{
    m_sendReadyCallback = cb;
}

uint32_t
NetbltSender::GetSendBufferRoom() const
{
    if (GetState() != ESTABLISHED || m_txBuffer.IsLastGiven())
    {
        return 0;
    }
    uint32_t held = m_txBuffer.GetHeldCount();
    return held >= m_params.maxOutstandingBuffers ? 0 : m_params.maxOutstandingBuffers - held;
}

bool
NetbltSender::SendBuffer(Ptr<Packet> data, bool last)
{
    NS_LOG_FUNCTION(this << data->GetSize() << last);
    if (GetSendBufferRoom() == 0)
    {
        NS_LOG_WARN("SendBuffer refused: no room or not established");
        return false;
    }
    uint32_t size = data->GetSize();
    if (size == 0 || size > m_params.bufferSize || (!last && size != m_params.bufferSize))
    {
        NS_LOG_WARN("SendBuffer refused: " << size << " bytes with buffer size "
                                           << m_params.bufferSize << (last ? " (last)" : ""));
        return false;
    }
    // The packet size is fixed from the RESPONSE on; the client may hand over its first buffers
    // from its established callback, before DoEstablished().
    m_txBuffer.SetPacketSize(m_params.packetSize);
    uint32_t number = m_txBuffer.Add(data, last);
    if (m_txBuffer.IsGoReceived(number))
    {
        ScheduleBurst(); // its GO came before the buffer
    }
    return true;
}

void
NetbltSender::DoStart()
{
    if (IsActive())
    {
        // Ask for burst spacing reports (R) if the policy uses them; a passive sender answers
        // what the receiver's OPEN offered.
        m_params.rateReports = m_ratePolicy->WantsRateReports();
    }
    // Explicit rates (X) only if the policy takes them: asked for in the OPEN, or kept in the
    // RESPONSE to a receiver's OPEN that offered them.
    m_params.explicitRate =
        m_ratePolicy->WantsExplicitRate() && (IsActive() || m_params.explicitRate);
    m_ratePolicy->SetLimits(m_params);
}

void
NetbltSender::DoEstablished()
{
    m_receiverBurstSize = m_params.burstSize;
    m_receiverBurstIntervalMs = m_params.burstIntervalMs;
    m_ratePolicy->Established(m_params, Simulator::Now());
    if (m_params.explicitRate && m_params.explicitRateKbps > 0)
    {
        // The gateways wrote the flow's rate in the RESPONSE on its way back: the first bursts
        // go at it, as the bursts of the OKs that carry one do.
        auto [burstSize, burstIntervalMs] = m_params.GetBurstsAt(m_params.explicitRateKbps);
        m_ratePolicy->ExplicitRateReceived(burstSize, burstIntervalMs, Simulator::Now());
    }
    ApplyRatePolicy();
    if (!IsReceiverInStep())
    {
        SendNullAck(); // an adaptive policy's start: the receiver's data timers must follow it
    }
    NotifySendReady();
}

void
NetbltSender::ApplyRatePolicy()
{
    m_params.burstSize = m_ratePolicy->GetBurstSize();
    m_params.burstIntervalMs = m_ratePolicy->GetBurstIntervalMs();
    m_params.maxOutstandingBuffers = m_ratePolicy->GetOutstandingBuffers();
    NoteParametersInForce();
}

bool
NetbltSender::IsReceiverInStep() const
{
    return m_params.burstSize == m_receiverBurstSize &&
           m_params.burstIntervalMs == m_receiverBurstIntervalMs;
}

void
NetbltSender::NotifySendReady()
{
    if (!m_sendReadyCallback.IsNull())
    {
        m_sendReadyCallback(this);
    }
}

void
NetbltSender::StopTransfer()
{
    Simulator::Remove(m_burstEvent);
}

void
NetbltSender::CancelTransferTimers()
{
    StopTransfer(); // the burst timer is the sender's only timer
}

bool
NetbltSender::IsAwaitingProgress() const
{
    return m_txBuffer.GetHeldCount() > 0;
}

bool
NetbltSender::IsTransferComplete() const
{
    return m_txBuffer.IsDone();
}

void
NetbltSender::DoReceive(const NetbltHeader& header, Ptr<Packet> packet)
{
    switch (header.GetType())
    {
    case NetbltPacketType::DONE:
        if (GetState() == DALLYING)
        {
            Close(TRANSFER_COMPLETE, "DONE received");
        }
        break;
    case NetbltPacketType::CONTROL:
        HandleControl(static_cast<const NetbltControlHeader&>(header));
        break;
    default:
        ++m_stats.protocolViolations; // DATA, LDATA and NULL-ACK go to the sender
        break;
    }
}

bool
NetbltSender::AcceptSequence(uint16_t sequence)
{
    if (NetbltSequenceNotAfter(sequence, m_highConsecutiveSequence) ||
        m_sequencesAbove.count(sequence))
    {
        return false;
    }
    m_sequencesAbove.insert(sequence);
    while (m_sequencesAbove.erase(static_cast<uint16_t>(m_highConsecutiveSequence + 1)))
    {
        ++m_highConsecutiveSequence;
    }
    return true;
}

void
NetbltSender::HandleControl(const NetbltControlHeader& control)
{
    NS_LOG_FUNCTION(this << control.GetMessages().size());
    if (GetState() != ESTABLISHED && GetState() != DALLYING)
    {
        return;
    }
    bool retransmittedOk = GetState() == DALLYING;
    bool renegotiated = false;
    for (const NetbltControlMessage& message : control.GetMessages())
    {
        if (!AcceptSequence(message.GetSequence()))
        {
            ++m_stats.duplicateControlMessages;
            continue;
        }
        switch (message.GetType())
        {
        case NetbltControlMessage::GO:
            m_txBuffer.Go(message.GetBufferNumber());
            break;
        case NetbltControlMessage::OK:
            if (uint32_t bytes = m_txBuffer.Ok(message.GetBufferNumber()))
            {
                ++m_stats.buffersSent;
                m_stats.bytesSent += bytes;
                NoteProgress();
                Time spacing = m_params.rateReports
                                   ? MicroSeconds(message.GetBurstSpacing() *
                                                  NetbltControlMessage::BURST_SPACING_UNIT_US)
                                   : Time(0);
                m_ratePolicy->BufferAcknowledged(message.GetBufferNumber(),
                                                 MilliSeconds(message.GetControlTimerValue()),
                                                 spacing,
                                                 Simulator::Now());
            }
            m_peerControlTimerMs = message.GetControlTimerValue();
            if (m_params.explicitRate && message.IsExplicitRateOffer())
            {
                // The receiver keeps its values in force until the NULL-ACK that answers.
                m_ratePolicy->ExplicitRateReceived(message.GetBurstSize(),
                                                   message.GetBurstRate(),
                                                   Simulator::Now());
            }
            else
            {
                m_ratePolicy->OfferReceived(message.GetBurstSize(), message.GetBurstRate());
                m_receiverBurstSize = message.GetBurstSize();
                m_receiverBurstIntervalMs = message.GetBurstRate();
            }
            ApplyRatePolicy();
            renegotiated = !IsReceiverInStep() || renegotiated;
            break;
        case NetbltControlMessage::RESEND:
            if (m_txBuffer.IsReleased(message.GetBufferNumber()))
            {
                // A receiver asks again only for a buffer it has not acknowledged (its RESENDs
                // precede its OK in sequence): the ends disagree about the transfer, which can
                // no longer complete. Answering with NULL-ACKs would go on as long as the
                // receiver asks (soak fuzz seed 3, after an OK that was not the receiver's).
                ++m_stats.protocolViolations;
                Abort("RESEND for buffer " + std::to_string(message.GetBufferNumber()) +
                      ", which an OK released");
                return;
            }
            {
                uint32_t resends =
                    m_txBuffer.Resend(message.GetBufferNumber(), message.GetMissingPackets());
                m_stats.maxResendsPerBuffer = std::max(m_stats.maxResendsPerBuffer, resends);
                if (CheckProgress(message.GetBufferNumber(), resends))
                {
                    return;
                }
                m_ratePolicy->ResendReceived(message.GetBufferNumber(),
                                             message.GetMissingPackets().size(),
                                             Simulator::Now());
                ApplyRatePolicy();
                break;
            }
        }
    }
    // Let the client hand over the next buffer first: if it does, the data packets it starts
    // carry the acknowledgement and no NULL-ACK is needed.
    if (GetState() == ESTABLISHED && GetSendBufferRoom() > 0)
    {
        NotifySendReady();
    }
    if (GetState() == DALLYING || renegotiated || !IsReceiverInStep() ||
        !m_txBuffer.HasDataToSend())
    {
        SendNullAck();
    }
    if (retransmittedOk)
    {
        // The receiver did not get our NULL-ACK and resent its OK on its control timer, which
        // it doubles on every expiry: dally again, twice as long, so that its next
        // retransmission still finds us if this NULL-ACK is lost as well.
        ExtendDally();
    }
    ScheduleBurst();
    CheckSenderDone();
}

void
NetbltSender::ScheduleBurst()
{
    if (GetState() != ESTABLISHED || m_burstEvent.IsPending() || m_rate.IsBurstActive() ||
        !m_txBuffer.HasDataToSend())
    {
        return;
    }
    Time delay = m_rate.GetDelayToNextBurst(Simulator::Now(), m_params.GetBurstInterval());
    if (delay.IsZero())
    {
        SendBurst();
    }
    else
    {
        m_burstEvent = Simulator::Schedule(Granular(delay), [this]() { SendBurst(); });
    }
}

void
NetbltSender::SendBurst()
{
    NS_LOG_FUNCTION(this);
    // One sending task: a burst due while the last one is still going out follows it.
    if (!m_rate.BurstTimerExpired() || GetState() != ESTABLISHED || !m_txBuffer.HasDataToSend())
    {
        return;
    }
    m_rate.BeginBurst();
    Process(m_protocol->GetProcessingCosts().burst, BURST_ACTIVITY, [this]() { StartBurst(); });
}

void
NetbltSender::StartBurst()
{
    // The burst interval runs from the start of one burst's transmission to the start of the
    // next (RFC 1030 §3), so a burst the CPU delayed also delays the ones after it.
    m_rate.StartTransmission(Simulator::Now(), m_params.burstSize);
    m_burstEvent =
        Simulator::Schedule(Granular(m_params.GetBurstInterval()), [this]() { SendBurst(); });
    SendBurstPacket();
}

void
NetbltSender::SendBurstPacket()
{
    if (GetState() == ESTABLISHED && m_rate.TakePacket() && SendNextDataPacket())
    {
        return; // the packet's CPU job calls back here once the packet has gone
    }
    if (m_burstPacketsSent > 0)
    {
        m_ratePolicy->BurstSent(m_burstPacketsSent, m_burstLastSent - m_burstFirstSent);
        m_burstPacketsSent = 0;
    }
    if (m_rate.EndBurst())
    {
        SendBurst();
    }
}

bool
NetbltSender::SendNextDataPacket()
{
    NetbltTxBuffer::Transmission next;
    if (!m_txBuffer.NextPacket(next))
    {
        return false;
    }
    // Longword alignment: 0-3 zero bytes after the data, outside the length field.
    uint32_t padding =
        (4 - (NetbltHeader::GetMinimumLength(NetbltPacketType::DATA) + next.length) % 4) % 4;
    Ptr<Packet> packet = MakePayload(next.data, padding);
    NetbltDataHeader header(next.lastPacket ? NetbltPacketType::LDATA : NetbltPacketType::DATA);
    header.SetBufferNumber(next.buffer);
    header.SetHighConsecutiveSequence(m_highConsecutiveSequence);
    header.SetPacketNumber(next.packet);
    header.SetLastBuffer(next.lastBuffer);
    header.SetDataLength(static_cast<uint16_t>(next.length));
    header.SetDataChecksumEnabled(m_params.checksumData);
    header.SetExplicitRate(m_params.explicitRate ? NetbltDataHeader::EXPLICIT_RATE_UNLIMITED
                                                 : NetbltDataHeader::EXPLICIT_RATE_NONE);

    ++m_stats.dataPacketsSent;
    m_stats.dataBytesSent += next.length;
    if (next.retransmission)
    {
        ++m_stats.dataPacketsRetransmitted;
        m_retransmitTrace(next.buffer, next.packet);
    }
    m_dataSentTrace(next);
    if (next.lastPacket && !next.retransmission)
    {
        m_ratePolicy->BufferSent(next.buffer, next.packet + 1, Simulator::Now());
    }
    Process(m_protocol->GetProcessingCosts().DataSend(next.length),
            DATA_SEND_ACTIVITY,
            [this, packet, header]() mutable {
                SendPacket(packet, header);
                m_burstFirstSent = m_burstPacketsSent++ ? m_burstFirstSent : Simulator::Now();
                m_burstLastSent = Simulator::Now();
                SendBurstPacket();
            });
    return true;
}

Ptr<Packet>
NetbltSender::MakePayload(Ptr<const Packet> data, uint32_t padding)
{
    // Room for the largest headers below NETBLT's on the project's networks (IPv4 with options,
    // 60 bytes; an Ethernet header, 14) and for a link trailer (Ethernet's 4-byte FCS). Less
    // would cost a copy, never a different packet.
    constexpr uint32_t headroom = 128;
    constexpr uint32_t tailroom = 16;
    const uint32_t size = data->GetSize();
    m_payloadBytes.resize(headroom + size + padding + tailroom);
    // Zeros around the data (the padding is zero bytes; the rooms never reach the wire, but a
    // packet's bytes are never left unset), the data copied in once.
    std::fill_n(m_payloadBytes.begin(), headroom, 0);
    data->CopyData(m_payloadBytes.data() + headroom, size);
    std::fill(m_payloadBytes.begin() + headroom + size, m_payloadBytes.end(), 0);
    Ptr<Packet> payload =
        Create<Packet>(m_payloadBytes.data(), static_cast<uint32_t>(m_payloadBytes.size()));
    payload->RemoveAtStart(headroom);
    payload->RemoveAtEnd(tailroom);
    return payload;
}

void
NetbltSender::SendNullAck()
{
    NetbltNullAckHeader header;
    header.SetHighConsecutiveSequence(m_highConsecutiveSequence);
    header.SetNewBurstSize(m_params.burstSize);
    header.SetNewBurstRate(m_params.burstIntervalMs);
    m_receiverBurstSize = m_params.burstSize;
    m_receiverBurstIntervalMs = m_params.burstIntervalMs;
    ++m_stats.nullAcksSent;
    SendPacket(Create<Packet>(), header);
}

void
NetbltSender::CheckSenderDone()
{
    if (GetState() == ESTABLISHED && m_txBuffer.IsDone())
    {
        m_stats.completeTime = Simulator::Now();
        Time dally = GetDallyTime();
        if (m_dallyUntilPeerDeath)
        {
            dally = std::max(dally, Seconds(m_peerDeathTimeoutS));
        }
        StartDally(dally);
    }
}

} // namespace ns3
