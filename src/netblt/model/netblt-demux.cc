/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-demux.h"

#include "netblt-memory-limits.h"

#include "ns3/assert.h"

namespace ns3
{

Ptr<NetbltConnectionBase>
NetbltDemux::Find(uint16_t localPort, Ipv4Address peer, uint16_t peerPort) const
{
    auto found = m_connections.find(Key(localPort, peer.Get(), peerPort));
    return found == m_connections.end() ? nullptr : found->second;
}

std::vector<Ptr<NetbltConnectionBase>>
NetbltDemux::FindAll(uint16_t localPort, Ipv4Address peer) const
{
    std::vector<Ptr<NetbltConnectionBase>> found;
    for (auto it = m_connections.lower_bound(Key(localPort, peer.Get(), 0));
         it != m_connections.end() && std::get<0>(it->first) == localPort &&
         std::get<1>(it->first) == peer.Get();
         ++it)
    {
        found.push_back(it->second);
    }
    return found;
}

void
NetbltDemux::Add(uint16_t localPort,
                 Ipv4Address peer,
                 uint16_t peerPort,
                 Ptr<NetbltConnectionBase> connection)
{
    m_connections[Key(localPort, peer.Get(), peerPort)] = connection;
}

void
NetbltDemux::Remove(Ptr<NetbltConnection> connection)
{
    for (auto it = m_connections.begin(); it != m_connections.end(); ++it)
    {
        if (it->second == connection)
        {
            m_connections.erase(it);
            return;
        }
    }
}

uint32_t
NetbltDemux::GetN() const
{
    return m_connections.size();
}

Ptr<NetbltConnection>
NetbltDemux::Get(uint32_t index) const
{
    NS_ASSERT_MSG(index < m_connections.size(), "no connection " << index);
    return std::next(m_connections.begin(), index)->second;
}

uint64_t
NetbltDemux::GetReceiverBufferBytes() const
{
    uint64_t held = 0;
    for (const auto& [key, connection] : m_connections)
    {
        if (connection->GetRole() == NetbltConnection::RECEIVER)
        {
            held += NetbltMemoryLimits::GetBufferBytes(connection->GetParameters());
        }
    }
    return held;
}

uint16_t
NetbltDemux::AllocatePort()
{
    for (uint32_t tries = 0; tries < 16384; ++tries)
    {
        uint16_t port = m_nextEphemeralPort;
        m_nextEphemeralPort = m_nextEphemeralPort == 65535 ? 49152 : m_nextEphemeralPort + 1;
        bool used = m_listeners.count(port) > 0;
        for (const auto& [key, connection] : m_connections)
        {
            used = used || std::get<0>(key) == port;
        }
        if (!used)
        {
            return port;
        }
    }
    return 0;
}

bool
NetbltDemux::AddListener(uint16_t port, const Listener& listener)
{
    return m_listeners.emplace(port, listener).second;
}

void
NetbltDemux::RemoveListener(uint16_t port)
{
    m_listeners.erase(port);
}

const NetbltDemux::Listener*
NetbltDemux::FindListener(uint16_t port) const
{
    auto found = m_listeners.find(port);
    return found == m_listeners.end() ? nullptr : &found->second;
}

void
NetbltDemux::Clear()
{
    for (auto& [key, connection] : m_connections)
    {
        connection->Dispose();
    }
    m_connections.clear();
    m_listeners.clear();
}

} // namespace ns3
