/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-receiver.h"

#include "netblt-control-header.h"
#include "netblt-data-header.h"
#include "netblt-inter-arrival-data-timer.h"
#include "netblt-l4-protocol.h"
#include "netblt-null-ack-header.h"
#include "netblt-rate-control.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/log.h"
#include "ns3/object-factory.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NetbltReceiver");

NS_OBJECT_ENSURE_REGISTERED(NetbltReceiver);

namespace
{

// The host activities this code charges (HostCpu accounts CPU time by them); built once, not
// per packet.
const std::string CONTROL_SEND_ACTIVITY = "netblt-control-send";
const std::string BUFFER_COMPLETE_ACTIVITY = "netblt-buffer-complete";

} // namespace

TypeId
NetbltReceiver::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::NetbltReceiver")
            .SetParent<NetbltConnectionBase>()
            .SetGroupName("Netblt")
            .AddConstructor<NetbltReceiver>()
            .AddAttribute("MinimumControlTimer",
                          "Smallest control-timer value, whatever the round-trip estimate.",
                          TimeValue(MilliSeconds(10)),
                          MakeTimeAccessor(&NetbltReceiver::SetMinimumControlTimer,
                                           &NetbltReceiver::GetMinimumControlTimer),
                          MakeTimeChecker(MilliSeconds(1)))
            .AddAttribute("DataTimer",
                          "The data-timer estimator (NetbltL4Protocol's DataTimerType), for its "
                          "own attributes.",
                          TypeId::ATTR_GET,
                          PointerValue(),
                          MakePointerAccessor(&NetbltReceiver::GetDataTimer),
                          MakePointerChecker<NetbltDataTimer>())
            .AddAttribute("CombineOkWithGo",
                          "Put OK(n) and the following GO in one CONTROL packet, and in general "
                          "send all new control messages together (RFC 1030 §7). False sends a "
                          "CONTROL packet for every new message.",
                          BooleanValue(true),
                          MakeBooleanAccessor(&NetbltReceiver::m_combineOkWithGo),
                          MakeBooleanChecker())
            .AddAttribute("BurstSpacingReports",
                          "Offer the burst spacing reports of the R flag (this implementation's "
                          "extension, netblt-wire-format.rst) and send them when the sender asks. "
                          "False behaves as a plain RFC 998 receiver: R stays zero.",
                          BooleanValue(true),
                          MakeBooleanAccessor(&NetbltReceiver::m_burstSpacingReports),
                          MakeBooleanChecker())
            .AddAttribute("ExplicitRateEcho",
                          "Offer the explicit rates of the X flag (this implementation's "
                          "extension, netblt-wire-format.rst): the lowest rate the gateways wrote "
                          "in the DATA packets goes back as the OK's offered burst values. False "
                          "behaves as a plain RFC 998 receiver: X stays zero.",
                          BooleanValue(true),
                          MakeBooleanAccessor(&NetbltReceiver::m_explicitRateEcho),
                          MakeBooleanChecker())
            .AddAttribute("ResendOnLdata",
                          "Send a RESEND at once when an LDATA arrives with packets of its buffer "
                          "missing (the behaviour RFC 1030 §7 removed).",
                          BooleanValue(false),
                          MakeBooleanAccessor(&NetbltReceiver::m_resendOnLdata),
                          MakeBooleanChecker())
            .AddAttribute("ImmediateResendOnLaterBuffer",
                          "Send a RESEND at once for an earlier buffer with packets missing when "
                          "a later buffer's packet arrives, instead of tightening its data timer "
                          "(the behaviour RFC 1030 §7 removed).",
                          BooleanValue(false),
                          MakeBooleanAccessor(&NetbltReceiver::m_immediateResendOnLaterBuffer),
                          MakeBooleanChecker())
            .AddAttribute("MaxControlPacketSize",
                          "Largest CONTROL packet, bytes; older unacknowledged messages go first "
                          "(RFC 998 §5.2.1: typically 1000 bytes).",
                          UintegerValue(1000),
                          MakeUintegerAccessor(&NetbltReceiver::SetMaxControlPacketSize,
                                               &NetbltReceiver::GetMaxControlPacketSize),
                          MakeUintegerChecker<uint32_t>(40, 65532))
            .AddTraceSource("DataTimeout",
                            "A receiving buffer's data timer expired.",
                            MakeTraceSourceAccessor(&NetbltReceiver::m_dataTimeoutTrace),
                            "ns3::NetbltConnection::BufferTracedCallback")
            .AddTraceSource("BufferDelivered",
                            "A complete buffer was handed to the client.",
                            MakeTraceSourceAccessor(&NetbltReceiver::m_bufferDeliveredTrace),
                            "ns3::NetbltConnection::BufferTracedCallback")
            .AddTraceSource("DataReceived",
                            "A DATA/LDATA packet reached this end intact while established (what "
                            "the dataPacketsReceived statistic counts): buffer and packet "
                            "number, data bytes.",
                            MakeTraceSourceAccessor(&NetbltReceiver::m_dataReceivedTrace),
                            "ns3::NetbltReceiver::DataReceivedTracedCallback")
            .AddTraceSource("ResendSent",
                            "A RESEND message was queued for a buffer: its number and the "
                            "packets it asks for.",
                            MakeTraceSourceAccessor(&NetbltReceiver::m_resendSentTrace),
                            "ns3::NetbltReceiver::ResendTracedCallback")
            .AddTraceSource("ControlTimer",
                            "The control timer's value each time it is set (a TracedValue: "
                            "old and new value).",
                            MakeTraceSourceAccessor(&NetbltReceiver::m_controlTimerValue),
                            "ns3::TracedValueCallback::Time")
            .AddTraceSource("ControlTimeout",
                            "The control timer expired; the value it had.",
                            MakeTraceSourceAccessor(&NetbltReceiver::m_controlTimeoutTrace),
                            "ns3::Time::TracedCallback");
    return tid;
}

NetbltReceiver::NetbltReceiver()
{
    NS_LOG_FUNCTION(this);
    m_bufferTimers.SetFunctions([this](Time delay) { return Granular(delay); },
                                [this](uint32_t number) { DataTimeout(number); });
    m_bufferTimers.SetEstimator(CreateObject<NetbltInterArrivalDataTimer>());
    m_control.SetRttEstimator(CreateObject<RttMeanDeviation>());
}

NetbltReceiver::~NetbltReceiver()
{
    NS_LOG_FUNCTION(this);
}

void
NetbltReceiver::DoDispose()
{
    NS_LOG_FUNCTION(this);
    NetbltConnectionBase::DoDispose();
    m_rxBuffer.Clear();
    m_control.SetRttEstimator(nullptr);
    m_bufferTimers.SetEstimator(nullptr);
    m_bufferReceivedCallback = BufferCallback();
}

NetbltConnection::Role
NetbltReceiver::GetRole() const
{
    return RECEIVER;
}

void
NetbltReceiver::SetBufferReceivedCallback(BufferCallback cb)
{
    m_bufferReceivedCallback = cb;
}

void
NetbltReceiver::DoStart()
{
    m_control.SetInitialTimer(m_initialControlTimer);
    // Offer burst spacing reports (R): an active receiver in its OPEN (the passive sender's
    // RESPONSE says if it wants them); a passive one grants what the sender's OPEN asked.
    m_params.rateReports = m_burstSpacingReports && (IsActive() || m_params.rateReports);
    m_params.explicitRate = m_explicitRateEcho && (IsActive() || m_params.explicitRate);
}

void
NetbltReceiver::DoEstablished()
{
    m_negotiated = m_params;
    IssueGos();
    FlushControl();
}

void
NetbltReceiver::StopTransfer()
{
    Simulator::Remove(m_controlTimer);
    NetbltBufferTimers::StopAll(m_rxBuffer);
}

void
NetbltReceiver::CancelTransferTimers()
{
    StopTransfer();
    Simulator::Remove(m_flushEvent);
}

bool
NetbltReceiver::IsAwaitingProgress() const
{
    return m_rxBuffer.GetOpenCount() > 0;
}

bool
NetbltReceiver::IsTransferComplete() const
{
    return false; // the receiver ends on DONE, never by dallying
}

Time
NetbltReceiver::GetQuitRetryInterval() const
{
    return GetControlTimerValue();
}

void
NetbltReceiver::ProvideBuffer()
{
    NS_LOG_FUNCTION(this);
    if (GetState() != ESTABLISHED && GetState() != OPEN_SENT)
    {
        return;
    }
    ++m_buffersProvided;
    if (GetState() == ESTABLISHED)
    {
        IssueGos();
        if (m_combineOkWithGo)
        {
            // A client usually provides several buffers in one go (one call each): send their
            // GOs together, once the client has returned, rather than one CONTROL per call.
            if (!m_flushEvent.IsPending())
            {
                m_flushEvent = Simulator::ScheduleNow([this]() { FlushControl(); });
            }
        }
        else
        {
            FlushControl();
        }
    }
}

void
NetbltReceiver::DoReceive(const NetbltHeader& header, Ptr<Packet> packet)
{
    switch (header.GetType())
    {
    case NetbltPacketType::DONE:
        break; // only the receiver sends DONE
    case NetbltPacketType::DATA:
    case NetbltPacketType::LDATA:
        HandleData(static_cast<const NetbltDataHeader&>(header), packet);
        break;
    case NetbltPacketType::NULL_ACK: {
        const auto& nullAck = static_cast<const NetbltNullAckHeader&>(header);
        ProcessAcknowledgement(nullAck.GetHighConsecutiveSequence());
        // The sender's answer to our offered burst values.
        uint16_t burstSize = m_params.burstSize;
        uint16_t burstIntervalMs = m_params.burstIntervalMs;
        NetbltRateControl::AcceptAnswer(m_params,
                                        nullAck.GetNewBurstSize(),
                                        nullAck.GetNewBurstRate());
        NoteParametersInForce();
        if (m_params.burstSize != burstSize || m_params.burstIntervalMs != burstIntervalMs)
        {
            // A sender that slowed down would otherwise find the timers set at its old rate
            // expiring before its packets can arrive, and retransmit what is on its way.
            m_bufferTimers.AwaitAll(m_rxBuffer, m_params);
        }
        CheckReceiverDone();
        break;
    }
    default:
        ++m_stats.protocolViolations; // CONTROL goes to the sender
        break;
    }
}

// ---------------------------------------------------------------------------------------------
// Control messages (RFC 998 §5.2.1)

void
NetbltReceiver::IssueGos()
{
    // The sizes are fixed from the RESPONSE on; the client may provide buffers from its
    // established callback, before DoEstablished().
    m_rxBuffer.SetSizes(m_params.packetSize, m_params.bufferSize);
    while (GetState() == ESTABLISHED && m_buffersProvided > 0 &&
           m_rxBuffer.GetOpenCount() < m_params.maxOutstandingBuffers && !m_lastBufferDelivered)
    {
        // Once the last buffer is known, no GO goes beyond it.
        if (m_rxBuffer.IsLastKnown())
        {
            return;
        }
        --m_buffersProvided;
        uint32_t number = m_rxBuffer.Open();
        NetbltRxBuffer::Buffer& buffer = *m_rxBuffer.Find(number);
        buffer.awaitedSequence = m_control.NextSequence();
        QueueControlMessage(NetbltControlMessage::MakeGo(buffer.awaitedSequence, number));
    }
}

void
NetbltReceiver::QueueControlMessage(const NetbltControlMessage& message)
{
    m_control.Queue(message);
    ++m_stats.controlMessagesSent;
    m_controlDirty = true;
    if (!m_combineOkWithGo)
    {
        FlushControl();
    }
}

void
NetbltReceiver::FlushControl()
{
    if (m_controlDirty && GetState() == ESTABLISHED)
    {
        TransmitControlPacket();
    }
    m_controlDirty = false;
}

void
NetbltReceiver::TransmitControlPacket()
{
    if (m_control.IsEmpty() || m_controlSendQueued)
    {
        return;
    }
    m_controlSendQueued = true;
    const auto& costs = m_protocol->GetProcessingCosts();
    ProcessNext(costs.ControlSend(static_cast<uint32_t>(m_control.GetQueuedCount())),
                CONTROL_SEND_ACTIVITY,
                [this]() {
                    m_controlSendQueued = false;
                    SendControlPacketNow();
                });
}

void
NetbltReceiver::SendControlPacketNow()
{
    if (m_control.IsEmpty())
    {
        return;
    }
    NetbltControlHeader control = m_control.BuildPacket(Simulator::Now(), GetControlBackoffCap());
    ++m_stats.controlPacketsSent;
    SendControlPacket(control);
    Simulator::Remove(m_controlTimer);
    m_controlTimerValue = GetControlTimerValue();
    m_controlTimer =
        Simulator::Schedule(Granular(m_controlTimerValue), [this]() { ControlTimeout(); });
}

Time
NetbltReceiver::GetControlTimerValue() const
{
    return m_control.GetTimerValue(GetControlBackoffCap());
}

Time
NetbltReceiver::GetControlBackoffCap() const
{
    // Backing off past a quarter of the death timeout gains nothing: the CONTROL packet would
    // get fewer chances to arrive than a KEEPALIVE has before this end gives up.
    return Seconds(m_params.deathTimeoutS) / static_cast<int64_t>(m_keepaliveDivisor);
}

void
NetbltReceiver::ControlTimeout()
{
    NS_LOG_FUNCTION(this);
    ++m_stats.controlTimeouts;
    m_controlTimeoutTrace(GetControlTimerValue());
    m_control.TimedOut();
    TransmitControlPacket();
}

void
NetbltReceiver::ProcessAcknowledgement(uint16_t highConsecutiveSequence)
{
    std::vector<NetbltControlMessage> acknowledged =
        m_control.Acknowledge(highConsecutiveSequence, Simulator::Now());
    for (const NetbltControlMessage& message : acknowledged)
    {
        if (message.GetType() == NetbltControlMessage::OK)
        {
            continue;
        }
        NetbltRxBuffer::Buffer* buffer = m_rxBuffer.Find(message.GetBufferNumber());
        if (buffer && buffer->state == NetbltRxBuffer::ACK_WAIT &&
            buffer->awaitedSequence == message.GetSequence())
        {
            m_bufferTimers.Await(message.GetBufferNumber(), *buffer, m_rxBuffer, m_params);
        }
    }
    if (!acknowledged.empty() && m_control.IsEmpty())
    {
        Simulator::Remove(m_controlTimer);
    }
}

// ---------------------------------------------------------------------------------------------
// The estimators (attributes)

void
NetbltReceiver::SetDataTimer(Ptr<NetbltDataTimer> timer)
{
    NS_ASSERT(timer);
    m_bufferTimers.SetEstimator(timer);
}

Ptr<NetbltDataTimer>
NetbltReceiver::GetDataTimer() const
{
    return m_bufferTimers.GetEstimator();
}

void
NetbltReceiver::SetRttEstimator(Ptr<RttEstimator> estimator)
{
    NS_ASSERT(estimator);
    m_control.SetRttEstimator(estimator);
}

Ptr<RttEstimator>
NetbltReceiver::GetRttEstimator() const
{
    return m_control.GetRttEstimator();
}

void
NetbltReceiver::SetMinimumControlTimer(Time value)
{
    m_control.SetMinimumTimer(value);
}

Time
NetbltReceiver::GetMinimumControlTimer() const
{
    return m_control.GetMinimumTimer();
}

void
NetbltReceiver::SetMaxControlPacketSize(uint32_t bytes)
{
    m_control.SetMaxPacketSize(bytes);
}

uint32_t
NetbltReceiver::GetMaxControlPacketSize() const
{
    return m_control.GetMaxPacketSize();
}

void
NetbltReceiver::HandleData(const NetbltDataHeader& header, Ptr<Packet> packet)
{
    NetbltPacketType type = header.GetType();
    bool ldata = type == NetbltPacketType::LDATA;
    packet->RemoveAtStart(header.GetSerializedSize());
    ProcessAcknowledgement(header.GetHighConsecutiveSequence());
    if (GetState() != ESTABLISHED)
    {
        return;
    }
    if (m_params.checksumData && !header.IsDataChecksumOk())
    {
        // Damaged on the way: for the loss count it never arrived.
        ++m_stats.dataChecksumErrors;
        FlushControl();
        return;
    }
    ++m_stats.dataPacketsReceived;
    if (m_params.explicitRate && header.HasExplicitRate())
    {
        m_explicitRateKbps = header.GetExplicitRate();
    }
    uint32_t number = header.GetBufferNumber();
    uint16_t packetNumber = header.GetPacketNumber();
    uint32_t length = header.GetDataLength();
    m_dataReceivedTrace(number, packetNumber, length);
    switch (m_rxBuffer.Classify(number, packetNumber, length, ldata, header.GetLastBuffer()))
    {
    case NetbltRxBuffer::ALREADY_DELIVERED:
        ++m_stats.duplicateDataPackets;
        CheckReceiverDone();
        return;
    case NetbltRxBuffer::VIOLATION:
        ++m_stats.protocolViolations;
        return;
    case NetbltRxBuffer::DUPLICATE:
        ++m_stats.duplicateDataPackets;
        return;
    case NetbltRxBuffer::NEW_PACKET:
        break;
    }
    Ptr<NetbltDataTimer> estimator = m_bufferTimers.GetEstimator();
    estimator->PacketArrived(Simulator::Now(), m_params);
    uint64_t resendsBefore = m_stats.resendMessagesSent;
    for (EventId timer :
         m_rxBuffer.Store(number, packetNumber, packet, length, ldata, header.GetLastBuffer()))
    {
        Simulator::Remove(timer); // buffers past the last one will never come
    }
    NetbltRxBuffer::Buffer& buffer = *m_rxBuffer.Find(number);
    if (m_params.rateReports && buffer.resendsSent == 0)
    {
        // First transmissions only, when they came up from IP (a CPU that fell behind packs
        // the packets it catches up on as densely as it works, not as the path delivered them).
        buffer.arrivals.push_back(GetArrivalTime());
    }
    if (buffer.IsComplete())
    {
        CompleteBuffer(number, buffer);
    }
    else if (ldata && m_resendOnLdata)
    {
        RequestMissing(number, buffer);
    }
    else if (buffer.state == NetbltRxBuffer::ACKED || buffer.state == NetbltRxBuffer::RECEIVING)
    {
        m_bufferTimers.PacketArrived(number, buffer, ldata, m_params);
    }
    TightenEarlierBuffers(number);
    // The next gap is an inter-arrival sample only if the stream goes on: some buffer still
    // expects packets and this packet triggered no RESEND.
    estimator->SetArrivalsContinue(resendsBefore == m_stats.resendMessagesSent &&
                                   m_rxBuffer.IsAnyAwaitingData());
    FlushControl();
    CheckReceiverDone();
}

void
NetbltReceiver::TightenEarlierBuffers(uint32_t number)
{
    // Packets go lowest buffer first, so a packet of buffer N means every packet of the buffers
    // before N was sent earlier: the missing ones are lost or re-ordered.
    for (auto& [other, buffer] : m_rxBuffer.GetBuffers())
    {
        if (other >= number)
        {
            break;
        }
        if (buffer.state != NetbltRxBuffer::ACKED && buffer.state != NetbltRxBuffer::RECEIVING)
        {
            continue;
        }
        if (m_immediateResendOnLaterBuffer)
        {
            RequestMissing(other, buffer);
        }
        else
        {
            m_bufferTimers.Tighten(other, buffer, m_params);
        }
    }
}

void
NetbltReceiver::DataTimeout(uint32_t number)
{
    NS_LOG_FUNCTION(this << number);
    NetbltRxBuffer::Buffer* buffer = m_rxBuffer.Find(number);
    if (!buffer || GetState() != ESTABLISHED)
    {
        return;
    }
    ++m_stats.dataTimeouts;
    m_dataTimeoutTrace(number);
    // The RESEND this timeout would send is the buffer's next.
    if (CheckProgress(number, buffer->resendsSent + 1))
    {
        return;
    }
    if (!RequestMissing(number, *buffer))
    {
        // Every packet number the buffer can have is here, yet it is not complete: an L flag
        // came after its LDATA (a packet the sender did not send, soak fuzz seed 95) and left
        // its length unknown. No RESEND can mend that; waiting would keep both ends alive and
        // idle for ever.
        ++m_stats.protocolViolations;
        Abort("buffer " + std::to_string(number) + " cannot complete: no packet to ask for");
        return;
    }
    FlushControl();
}

bool
NetbltReceiver::RequestMissing(uint32_t number, NetbltRxBuffer::Buffer& buffer)
{
    // Room for packet numbers in one control packet beside the 12-byte header and RESEND fields.
    uint32_t room = (m_control.GetMaxPacketSize() - NetbltHeader::COMMON_SIZE - 12) / 2;
    std::vector<uint16_t> missing = m_rxBuffer.GetMissing(number, room);
    if (missing.empty())
    {
        return false;
    }
    NetbltBufferTimers::Stop(buffer);
    buffer.state = NetbltRxBuffer::ACK_WAIT;
    buffer.awaitedSequence = m_control.NextSequence();
    // The next packet to arrive may be an answer to this RESEND, a round trip (or several
    // control timeouts) away: that gap says nothing about the sender's packet spacing.
    m_bufferTimers.GetEstimator()->SetArrivalsContinue(false);
    ++m_stats.resendMessagesSent;
    ++buffer.resendsSent;
    m_stats.maxResendsPerBuffer = std::max(m_stats.maxResendsPerBuffer, buffer.resendsSent);
    m_stats.packetsRequested += missing.size();
    m_resendSentTrace(number, static_cast<uint32_t>(missing.size()));
    QueueControlMessage(
        NetbltControlMessage::MakeResend(buffer.awaitedSequence, number, std::move(missing)));
    return true;
}

void
NetbltReceiver::CompleteBuffer(uint32_t number, NetbltRxBuffer::Buffer& buffer)
{
    NS_LOG_FUNCTION(this << number);
    NetbltBufferTimers::Stop(buffer);
    buffer.state = NetbltRxBuffer::RECEIVED;
    NoteProgress();
    uint16_t spacing = 0;
    if (m_params.rateReports && buffer.resendsSent == 0)
    {
        // In the OK's padding (a buffer that lost packets may hold no whole burst) (extension, R
        // negotiated): 10-us units, 1 to 65535.
        int64_t units = buffer.GetBurstSpacing(m_params.burstSize).GetMicroSeconds() /
                        NetbltControlMessage::BURST_SPACING_UNIT_US;
        spacing = units > 0 ? static_cast<uint16_t>(std::min<int64_t>(units, 0xffff)) : 0;
    }
    // Finishing a buffer (checking it, handing it over, preparing the next one) is work of its
    // own, before the OK goes and the client sees the data.
    ProcessNext(m_protocol->GetProcessingCosts().bufferCompleteByte * buffer.length,
                BUFFER_COMPLETE_ACTIVITY,
                [this, number, spacing]() {
                    auto [burstSize, burstIntervalMs] = GetOfferedBurst();
                    const bool explicitRate = m_params.explicitRate && m_explicitRateKbps > 0;
                    // The control-timer value is filled in at each transmission.
                    QueueControlMessage(NetbltControlMessage::MakeOk(m_control.NextSequence(),
                                                                     number,
                                                                     burstSize,
                                                                     burstIntervalMs,
                                                                     0,
                                                                     spacing,
                                                                     explicitRate));
                    DeliverInOrder();
                    // The packet that completed the buffer has been handled already: send the OK
                    // (with any GO the client's new buffers allowed) now.
                    FlushControl();
                });
}

std::pair<uint16_t, uint16_t>
NetbltReceiver::GetOfferedBurst() const
{
    if (!m_params.explicitRate || m_explicitRateKbps == 0)
    {
        return {m_params.burstSize, m_params.burstIntervalMs};
    }
    return m_negotiated.GetBurstsAt(m_explicitRateKbps);
}

void
NetbltReceiver::DeliverInOrder()
{
    uint32_t number;
    Ptr<Packet> data;
    bool last;
    while (m_rxBuffer.TakeDeliverable(number, data, last))
    {
        ++m_stats.buffersDelivered;
        m_stats.bytesDelivered += data->GetSize();
        m_lastBufferDelivered = last;
        m_bufferDeliveredTrace(number);
        if (!m_bufferReceivedCallback.IsNull())
        {
            m_bufferReceivedCallback(this, number, data, last);
        }
        if (GetState() != ESTABLISHED || last)
        {
            return;
        }
        IssueGos();
    }
}

void
NetbltReceiver::CheckReceiverDone()
{
    if (GetState() == ESTABLISHED && m_lastBufferDelivered && m_control.IsEmpty())
    {
        m_stats.completeTime = Simulator::Now();
        SendSimple(NetbltPacketType::DONE);
        Close(TRANSFER_COMPLETE, "every buffer delivered and acknowledged");
    }
}

} // namespace ns3
