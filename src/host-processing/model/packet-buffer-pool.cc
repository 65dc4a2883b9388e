/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "packet-buffer-pool.h"

#include "ns3/log.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PacketBufferPool");

NS_OBJECT_ENSURE_REGISTERED(PacketBufferPool);

TypeId
PacketBufferPool::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::PacketBufferPool")
            .SetParent<Object>()
            .SetGroupName("HostProcessing")
            .AddConstructor<PacketBufferPool>()
            .AddAttribute("Buffers",
                          "Number of packet buffers the host's network software has (PC/IP's "
                          "NBUF); 0 means unlimited.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&PacketBufferPool::m_buffers),
                          MakeUintegerChecker<uint32_t>())
            .AddTraceSource("InUse",
                            "Buffers in use.",
                            MakeTraceSourceAccessor(&PacketBufferPool::m_inUse),
                            "ns3::TracedValueCallback::Uint32")
            .AddTraceSource("Exhausted",
                            "A buffer was asked for and none was free.",
                            MakeTraceSourceAccessor(&PacketBufferPool::m_exhaustedTrace),
                            "ns3::TracedCallback::Void");
    return tid;
}

PacketBufferPool::PacketBufferPool()
{
    NS_LOG_FUNCTION(this);
}

bool
PacketBufferPool::Allocate()
{
    if (m_buffers != 0 && m_inUse.Get() >= m_buffers)
    {
        NS_LOG_LOGIC("all " << m_buffers << " buffers in use");
        ++m_refusals;
        m_exhaustedTrace();
        return false;
    }
    m_inUse = m_inUse.Get() + 1;
    m_peakInUse = std::max(m_peakInUse, m_inUse.Get());
    return true;
}

void
PacketBufferPool::Free()
{
    NS_ASSERT_MSG(m_inUse.Get() > 0, "a packet buffer returned twice");
    m_inUse = m_inUse.Get() - 1;
}

void
PacketBufferPool::BeginHandUp()
{
    NS_ASSERT_MSG(!m_handingUp, "hand-ups do not nest");
    m_handingUp = true;
    m_kept = false;
}

bool
PacketBufferPool::KeepHandedUp()
{
    if (!m_handingUp || m_kept)
    {
        return false;
    }
    m_kept = true;
    return true;
}

void
PacketBufferPool::EndHandUp()
{
    NS_ASSERT(m_handingUp);
    m_handingUp = false;
    if (!m_kept)
    {
        Free();
    }
}

Ptr<PacketBufferPool>
PacketBufferPool::Of(Ptr<Object> node)
{
    return node ? node->GetObject<PacketBufferPool>() : nullptr;
}

uint32_t
PacketBufferPool::GetInUse() const
{
    return m_inUse.Get();
}

uint32_t
PacketBufferPool::GetPeakInUse() const
{
    return m_peakInUse;
}

uint64_t
PacketBufferPool::GetRefusals() const
{
    return m_refusals;
}

} // namespace ns3
