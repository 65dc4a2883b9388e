/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "etherlink-3c500-net-device.h"

#include "ns3/boolean.h"
#include "ns3/host-cpu.h"
#include "ns3/log.h"
#include "ns3/packet-buffer-pool.h"
#include "ns3/queue.h"
#include "ns3/simulator.h"
#include "ns3/trace-source-accessor.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("Etherlink3c500NetDevice");

NS_OBJECT_ENSURE_REGISTERED(Etherlink3c500NetDevice);

const std::string Etherlink3c500NetDevice::TRANSMIT_ACTIVITY = "3c500-transmit";
const std::string Etherlink3c500NetDevice::RECEIVE_ACTIVITY = "3c500-receive";

TypeId
Etherlink3c500NetDevice::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::Etherlink3c500NetDevice")
            .SetParent<EthernetNetDevice>()
            .SetGroupName("Ethernet")
            .AddConstructor<Etherlink3c500NetDevice>()
            .AddAttribute("TransmitCopyCostPerPacket",
                          "CPU time (per frame) the driver spends copying a frame into the "
                          "card's buffer, on top of TransmitCopyCostPerByte. The receiver is off "
                          "meanwhile.",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&Etherlink3c500NetDevice::m_txCopyPerPacket),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("TransmitCopyCostPerByte",
                          "CPU time per byte copied into the card's buffer (the frame from "
                          "destination address to the end of the padded data; the card adds "
                          "the FCS).",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&Etherlink3c500NetDevice::m_txCopyPerByte),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("ReceiveCopyCostPerPacket",
                          "CPU time (per frame) the driver spends copying a received frame out "
                          "of the card's buffer, on top of ReceiveCopyCostPerByte.",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&Etherlink3c500NetDevice::m_rxCopyPerPacket),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("ReceiveCopyCostPerByte",
                          "CPU time per byte copied out of the card's buffer (the frame without "
                          "its FCS).",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&Etherlink3c500NetDevice::m_rxCopyPerByte),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("ReceiveAtInterruptLevel",
                          "If true, the driver copies a received frame out and re-arms the card "
                          "in its interrupt handler, pre-empting the protocol work running "
                          "(HostCpu::Interrupt); if false, the copy waits its turn behind it.",
                          BooleanValue(true),
                          MakeBooleanAccessor(&Etherlink3c500NetDevice::m_receiveAtInterruptLevel),
                          MakeBooleanChecker())
            .AddAttribute("RearmCost",
                          "CPU time the driver spends re-arming the receiver, after copying a "
                          "received frame out and after a transmission.",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&Etherlink3c500NetDevice::m_rearmCost),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("LostInterruptWindow",
                          "Model option, off at 0: a frame for this station whose reception "
                          "ends within this time after the transmit routine turned the receiver "
                          "off raises an interrupt the driver loses (the race the PC/IP "
                          "driver's et_send.c describes at the start of its transmit routine). "
                          "The frame is lost, and the card takes no further frame until the "
                          "driver services it again: its next transmit routine or its poll "
                          "(PollInterval).",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&Etherlink3c500NetDevice::m_lostInterruptWindow),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("ReceiveAbortsLoad",
                          "Model option, off by default: a frame for this station whose "
                          "reception ends while the transmit routine is loading a frame into the "
                          "card aborts that frame. The pre-Dec-86 PC/IP driver left the card's "
                          "interrupt unmasked while sending; the card raised a receive-overflow "
                          "interrupt on recognising its address with the buffer unavailable, and "
                          "the handler's read of the receive status aborted the transmission "
                          "(et_send.c, Dec-86 note by Drew D. Perkins). Reading chosen here: the "
                          "load runs to its end at its full cost, the frame is then not sent "
                          "(TxAbortedByReceive) and the driver re-arms and returns; the arriving "
                          "frame is lost as RxLostDeaf. Only a load's interval counts (not the "
                          "deference or transmission after it), and the model acts when the "
                          "arriving frame has ended.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&Etherlink3c500NetDevice::m_receiveAbortsLoad),
                          MakeBooleanChecker())
            .AddAttribute("PollInterval",
                          "Period of the driver's task that pokes a card which lost a receive "
                          "interrupt (PC/IP et_init.c: every 3 seconds); the polls fall on "
                          "whole multiples of it. Used only with LostInterruptWindow.",
                          TimeValue(Seconds(3)),
                          MakeTimeAccessor(&Etherlink3c500NetDevice::m_pollInterval),
                          MakeTimeChecker(MilliSeconds(1)))
            .AddTraceSource("LostInterrupt",
                            "A frame's receive interrupt was lost (LostInterruptWindow): the "
                            "card is deaf until the driver next services it.",
                            MakeTraceSourceAccessor(&Etherlink3c500NetDevice::m_lostInterruptTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("TxAbortedByReceive",
                            "A frame being loaded into the card was not sent: a frame for this "
                            "station arrived meanwhile (ReceiveAbortsLoad).",
                            MakeTraceSourceAccessor(&Etherlink3c500NetDevice::m_txAbortedTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("RxLostDeaf",
                            "A frame for this station was lost: the receiver was off because "
                            "the driver was sending.",
                            MakeTraceSourceAccessor(&Etherlink3c500NetDevice::m_rxLostDeafTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("RxLostBufferFull",
                            "A frame for this station was lost: a received frame still held "
                            "the buffer.",
                            MakeTraceSourceAccessor(&Etherlink3c500NetDevice::m_rxLostFullTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource(
                "RxLostNoPacketBuffer",
                "A frame the card took was dropped by the driver: the node's "
                "PacketBufferPool had no free buffer (PC/IP et_int.c, etref).",
                MakeTraceSourceAccessor(&Etherlink3c500NetDevice::m_rxLostNoPacketBufferTrace),
                "ns3::Packet::TracedCallback");
    return tid;
}

Etherlink3c500NetDevice::Etherlink3c500NetDevice()
    : m_rxArmedSince(Simulator::Now())
{
    NS_LOG_FUNCTION(this);
    // Made once: a callback costs several allocations to make, and the driver hands these to
    // the CPU for every frame.
    m_transmitRoutine = MakeCallback(&Etherlink3c500NetDevice::TransmitRoutine, this);
    m_copyOutDone = MakeCallback(&Etherlink3c500NetDevice::CopyOutDone, this);
}

Etherlink3c500NetDevice::~Etherlink3c500NetDevice()
{
    NS_LOG_FUNCTION(this);
}

void
Etherlink3c500NetDevice::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_driverEvent.Cancel();
    m_pollEvent.Cancel();
    m_copying = nullptr;
    m_received = nullptr;
    m_transmitRoutine.Nullify();
    m_copyOutDone.Nullify();
    m_cpu = nullptr;
    m_pool = nullptr;
    EthernetNetDevice::DoDispose();
}

uint64_t
Etherlink3c500NetDevice::GetRxLostDeaf() const
{
    return m_lostDeaf;
}

uint64_t
Etherlink3c500NetDevice::GetRxLostBufferFull() const
{
    return m_lostFull;
}

uint64_t
Etherlink3c500NetDevice::GetRxLostNoPacketBuffer() const
{
    return m_lostNoPacketBuffer;
}

uint64_t
Etherlink3c500NetDevice::GetTxAbortedByReceive() const
{
    return m_txAborted;
}

uint64_t
Etherlink3c500NetDevice::GetLostInterrupts() const
{
    return m_lostInterrupts;
}

bool
Etherlink3c500NetDevice::IsInterruptLost() const
{
    return m_interruptLost;
}

bool
Etherlink3c500NetDevice::IsReceiverArmed() const
{
    return m_rxArmed;
}

Etherlink3c500NetDevice::BufferState
Etherlink3c500NetDevice::GetBufferState() const
{
    return m_buffer;
}

void
Etherlink3c500NetDevice::LookUpHost()
{
    if (m_hostLookedUp)
    {
        return;
    }
    m_hostLookedUp = true;
    Ptr<Node> node = GetNode();
    m_cpu = node ? node->GetObject<HostCpu>() : nullptr;
    m_pool = PacketBufferPool::Of(node);
}

Ptr<HostCpu>
Etherlink3c500NetDevice::Cpu()
{
    LookUpHost();
    return m_cpu;
}

Ptr<PacketBufferPool>
Etherlink3c500NetDevice::Pool()
{
    LookUpHost();
    return m_pool;
}

void
Etherlink3c500NetDevice::ReleaseCpu()
{
    if (Ptr<HostCpu> cpu = Cpu())
    {
        cpu->Release();
    }
}

int64_t
Etherlink3c500NetDevice::CopiedBytes(Ptr<const Packet> frame)
{
    return static_cast<int64_t>(frame->GetSize()) - FCS_BYTES;
}

void
Etherlink3c500NetDevice::ReceiverOff(OffReason reason)
{
    NS_ASSERT(m_rxArmed);
    m_rxArmed = false;
    m_rxOffSince = Simulator::Now();
    m_offReason = reason;
}

void
Etherlink3c500NetDevice::ReceiverOn()
{
    NS_ASSERT(!m_rxArmed);
    m_rxArmed = true;
    m_rxArmedSince = Simulator::Now();
}

void
Etherlink3c500NetDevice::TryTransmit()
{
    NS_LOG_FUNCTION(this);
    // One routine at a time; a received frame is copied out before the next send.
    if (m_routinePending || m_buffer != BUFFER_EMPTY || !GetQueue() || GetQueue()->IsEmpty())
    {
        return;
    }
    m_routinePending = true;
    // Called by a protocol's job (through IP), the routine runs within that job's call, before
    // anything else the host has queued; called after a receive or a previous send, it waits.
    if (Ptr<HostCpu> cpu = Cpu())
    {
        cpu->ContinueHeld(TRANSMIT_ACTIVITY, m_transmitRoutine);
    }
    else
    {
        TransmitRoutine();
    }
}

void
Etherlink3c500NetDevice::TransmitRoutine()
{
    NS_LOG_FUNCTION(this);
    NS_ASSERT(m_routinePending);
    if (m_buffer == BUFFER_RECEIVE)
    {
        // A frame came in while the routine waited for the CPU. Its receive job, queued
        // behind this one, copies it out; the send is tried again after that.
        NS_LOG_LOGIC("buffer holds a received frame: send deferred");
        m_routinePending = false;
        ReleaseCpu();
        return;
    }
    Ptr<Packet> frame = DequeueFrame();
    if (!frame)
    {
        m_routinePending = false;
        ReleaseCpu();
        return;
    }
    m_buffer = BUFFER_TRANSMIT;
    if (m_interruptLost)
    {
        // The routine services the card before loading its frame (et_send calls the receive
        // handler), clearing the held frame's status; the send re-arms the receiver after.
        NS_LOG_LOGIC("transmit routine services the card after a lost interrupt");
        ClearLostInterrupt();
    }
    ReceiverOff(OFF_TRANSMIT);
    m_copying = frame;
    const Time cost = Cpu() ? m_txCopyPerPacket + m_txCopyPerByte * CopiedBytes(frame) : Time(0);
    if (cost.IsZero())
    {
        CopyInDone();
        return;
    }
    m_driverEvent = Simulator::Schedule(cost, [this]() { CopyInDone(); });
}

void
Etherlink3c500NetDevice::CopyInDone()
{
    NS_LOG_FUNCTION(this);
    Ptr<Packet> frame = m_copying;
    m_copying = nullptr;
    if (m_loadAborted)
    {
        // The receive-overflow interrupt's handler aborted the send: the frame never leaves.
        m_loadAborted = false;
        NS_LOG_LOGIC("frame " << frame->GetUid() << " aborted by a receive during its load");
        ++m_txAborted;
        m_txAbortedTrace(frame);
        TransmitDone(false);
        return;
    }
    HandToChannel(frame);
}

void
Etherlink3c500NetDevice::TransmitDone(bool sent)
{
    NS_LOG_FUNCTION(this << sent);
    NS_ASSERT(m_buffer == BUFFER_TRANSMIT);
    // The busy-wait saw the transmitter idle; the driver re-arms the receiver and returns.
    const Time cost = Cpu() ? m_rearmCost : Time(0);
    if (cost.IsZero())
    {
        TransmitRearmed();
        return;
    }
    m_driverEvent = Simulator::Schedule(cost, [this]() { TransmitRearmed(); });
}

void
Etherlink3c500NetDevice::TransmitRearmed()
{
    NS_LOG_FUNCTION(this);
    m_buffer = BUFFER_EMPTY;
    if (!m_interruptLost)
    {
        ReceiverOn();
    }
    m_routinePending = false;
    ReleaseCpu();
    // The next frame is a new call of the routine: it queues behind whatever the CPU has
    // been asked to do meanwhile.
    TryTransmit();
}

void
Etherlink3c500NetDevice::ReceiveFrame(Ptr<Packet> frame,
                                      const EthernetHeader& header,
                                      Time firstBitAt)
{
    NS_LOG_FUNCTION(this << frame << firstBitAt);
    m_promiscSnifferTrace(frame);
    // The card takes a frame only if its receiver listened from the frame's first bit.
    if (!m_rxArmed || m_rxArmedSince > firstBitAt)
    {
        if (m_offReason == OFF_TRANSMIT && !m_interruptLost && m_lostInterruptWindow.IsPositive() &&
            firstBitAt < m_rxOffSince && Simulator::Now() - m_rxOffSince <= m_lostInterruptWindow &&
            IsForUs(header))
        {
            LoseInterrupt(frame);
        }
        if (m_receiveAbortsLoad && m_copying && IsForUs(header))
        {
            m_loadAborted = true;
        }
        if (m_offReason == OFF_TRANSMIT)
        {
            NS_LOG_LOGIC("deaf: frame " << frame->GetUid() << " lost");
            ++m_lostDeaf;
            m_rxLostDeafTrace(frame);
        }
        else
        {
            NS_LOG_LOGIC("buffer full: frame " << frame->GetUid() << " lost");
            ++m_lostFull;
            m_rxLostFullTrace(frame);
        }
        m_phyRxDropTrace(frame);
        return;
    }
    // A frame with a bad FCS is discarded by the card, which stays armed.
    if (!PassesErrorModel(frame))
    {
        return;
    }
    // The interrupt handler takes a host buffer before copying; without one it re-arms the
    // card at once and the frame is gone (et_int.c: getfree() fails, etref, punt_rcv).
    Ptr<PacketBufferPool> pool = Pool();
    if (pool && !pool->Allocate())
    {
        NS_LOG_LOGIC("no free packet buffer: frame " << frame->GetUid() << " dropped");
        ++m_lostNoPacketBuffer;
        m_rxLostNoPacketBufferTrace(frame);
        m_phyRxDropTrace(frame);
        return;
    }
    m_buffer = BUFFER_RECEIVE;
    m_received = frame;
    m_receivedHeader = header;
    ReceiverOff(OFF_RECEIVED);
    m_phyRxEndTrace(frame);
    if (IsForUs(header))
    {
        m_snifferTrace(frame);
    }
    const Time cost = m_rxCopyPerPacket + m_rxCopyPerByte * CopiedBytes(frame) + m_rearmCost;
    Ptr<HostCpu> cpu = Cpu();
    if (!cpu)
    {
        CopyOutDone();
    }
    else if (m_receiveAtInterruptLevel)
    {
        cpu->Interrupt(cost, RECEIVE_ACTIVITY, m_copyOutDone);
    }
    else
    {
        cpu->Execute(cost, RECEIVE_ACTIVITY, m_copyOutDone);
    }
}

void
Etherlink3c500NetDevice::LoseInterrupt(Ptr<const Packet> frame)
{
    NS_LOG_LOGIC("frame " << frame->GetUid() << " ended as the receiver went off: interrupt lost");
    m_interruptLost = true;
    ++m_lostInterrupts;
    m_lostInterruptTrace(frame);
    const int64_t polls = Simulator::Now().GetTimeStep() / m_pollInterval.GetTimeStep() + 1;
    m_pollEvent =
        Simulator::Schedule(TimeStep(polls * m_pollInterval.GetTimeStep()) - Simulator::Now(),
                            &Etherlink3c500NetDevice::Poll,
                            this);
}

void
Etherlink3c500NetDevice::Poll()
{
    NS_LOG_FUNCTION(this);
    if (m_buffer == BUFFER_EMPTY)
    {
        NS_LOG_LOGIC("poll re-arms the card after a lost interrupt");
        ClearLostInterrupt();
    }
    else
    {
        // A send is under way: it re-arms the receiver when it ends.
        m_interruptLost = false;
    }
}

void
Etherlink3c500NetDevice::ClearLostInterrupt()
{
    NS_ASSERT(m_interruptLost && !m_rxArmed);
    m_interruptLost = false;
    m_pollEvent.Cancel();
    ReceiverOn();
}

void
Etherlink3c500NetDevice::CopyOutDone()
{
    NS_LOG_FUNCTION(this);
    NS_ASSERT(m_buffer == BUFFER_RECEIVE);
    Ptr<Packet> frame = m_received;
    const EthernetHeader header = m_receivedHeader;
    m_received = nullptr;
    m_buffer = BUFFER_EMPTY;
    ReceiverOn();
    Ptr<PacketBufferPool> pool = Pool();
    if (pool)
    {
        pool->BeginHandUp();
    }
    ForwardUp(frame, header);
    if (pool)
    {
        pool->EndHandUp();
    }
    TryTransmit();
}

} // namespace ns3
