/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_DEMUX_H
#define NETBLT_DEMUX_H

#include "netblt-connection-base.h"
#include "netblt-transfer-parameters.h"

#include "ns3/callback.h"
#include "ns3/ipv4-address.h"
#include "ns3/ptr.h"

#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace ns3
{

/**
 * @ingroup netblt
 * @brief The connections and listening ports of one NetbltL4Protocol, as Ipv4EndPointDemux
 * holds UDP's and TCP's end points.
 *
 * A connection is known by its local port, peer address and peer port (RFC 998 §5.1); a
 * listener by its port. Ephemeral ports for active opens come from 49152-65535, skipping the
 * ports in use.
 */
class NetbltDemux
{
  public:
    /** Passive client: decides on an incoming OPEN (NetbltL4Protocol::AcceptCallback). */
    typedef Callback<std::string, Ptr<NetbltConnection>, const NetbltTransferParameters&>
        AcceptCallback;

    /** A passive client's port. */
    struct Listener
    {
        NetbltTransferParameters limits; //!< most permissive values accepted
        AcceptCallback accept;           //!< decides on each OPEN
    };

    /**
     * @param localPort this end's port
     * @param peer the other end's address
     * @param peerPort the other end's port
     * @return the connection between them, or nullptr
     */
    Ptr<NetbltConnectionBase> Find(uint16_t localPort, Ipv4Address peer, uint16_t peerPort) const;

    /**
     * @param localPort this end's port
     * @param peer the other end's address
     * @return every connection from that port to that address, whatever the peer's port, in
     *         the order of the peer's port
     */
    std::vector<Ptr<NetbltConnectionBase>> FindAll(uint16_t localPort, Ipv4Address peer) const;

    /**
     * @param localPort this end's port
     * @param peer the other end's address
     * @param peerPort the other end's port
     * @param connection the connection between them from now on
     */
    void Add(uint16_t localPort,
             Ipv4Address peer,
             uint16_t peerPort,
             Ptr<NetbltConnectionBase> connection);

    /** @param connection a connection to forget (nothing happens if it is not known) */
    void Remove(Ptr<NetbltConnection> connection);

    /** @return the number of connections known */
    uint32_t GetN() const;

    /**
     * @param index a number below GetN()
     * @return that connection (in the order of local port, peer address, peer port)
     */
    Ptr<NetbltConnection> Get(uint32_t index) const;

    /** @return the buffer memory, bytes, that the receiving connections may hold together */
    uint64_t GetReceiverBufferBytes() const;

    /**
     * @return the next ephemeral port (49152-65535) that no connection or listener uses, or 0
     *         if there is none
     */
    uint16_t AllocatePort();

    /**
     * @param port a port
     * @param listener the listener on it
     * @return false, changing nothing, if the port already has a listener
     */
    bool AddListener(uint16_t port, const Listener& listener);

    /** @param port a port to stop listening on (existing connections carry on) */
    void RemoveListener(uint16_t port);

    /** @param port a port @return its listener, or nullptr */
    const Listener* FindListener(uint16_t port) const;

    /** Disposes of every connection and forgets them and the listeners. */
    void Clear();

  private:
    /** (local port, peer address, peer port) */
    typedef std::tuple<uint16_t, uint32_t, uint16_t> Key;

    std::map<Key, Ptr<NetbltConnectionBase>> m_connections; //!< the connections by their key
    std::map<uint16_t, Listener> m_listeners;               //!< the listeners by their port
    uint16_t m_nextEphemeralPort{49152};                    //!< where AllocatePort() looks first
};

} // namespace ns3

#endif /* NETBLT_DEMUX_H */
