/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SOURCE_QUENCH_DISPATCHER_H
#define SOURCE_QUENCH_DISPATCHER_H

#include "ns3/ipv4-address.h"
#include "ns3/ipv4-header.h"
#include "ns3/object.h"
#include "ns3/traced-callback.h"

#include <cstdint>

namespace ns3
{

class Node;
class Packet;
class Socket;

/**
 * @ingroup source-quench
 * @brief A host's Source Quench handling: hands every ICMP Source Quench the host receives to
 * the transport of the datagram it quotes, as ns-3's Icmpv4L4Protocol hands over the ICMP
 * errors it forwards (Destination Unreachable, Time Exceeded) but never type 4.
 *
 * Install() opens an ICMP raw socket (Ipv4RawSocketFactory, protocol 1, filtering out every
 * other ICMP type), which IPv4 gives a copy of each ICMP datagram the host receives. For a
 * Source Quench it reads the quoted IP header and 64 data bits and calls ReceiveIcmp() on the
 * node's layer-4 protocol of the quoted datagram's protocol number (IPv4's GetProtocol: the
 * protocol registered for that number, e.g. TcpHostProcessing for TCP, NetbltL4Protocol for
 * NETBLT), with the quench's source and TTL, type 4 and code 0; the transport finds the
 * connection from the quoted addresses and ports (RFC 1122 §3.2.2.3: the IP layer must report
 * a Source Quench to the transport layer). The host's own Icmpv4L4Protocol still receives the
 * message too and ignores it, as before.
 *
 * No CPU time is charged for it (the host's HostModel sees none of it).
 */
class SourceQuenchDispatcher : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    SourceQuenchDispatcher();
    ~SourceQuenchDispatcher() override;

    /**
     * Trace signature of QuenchReceived.
     * @param gateway the quench's source
     * @param quoted the IP header of the datagram it quotes
     */
    typedef void (*QuenchReceivedTracedCallback)(Ipv4Address gateway, const Ipv4Header& quoted);

    /**
     * Opens the ICMP raw socket on a host with IPv4 (InternetStackHelper).
     * @param host the host
     */
    void Install(Ptr<Node> host);

    /**
     * Handles one ICMP datagram: a Source Quench goes to its transport, anything else is
     * ignored.
     * @param datagram the datagram, IP header on
     * @return true if a transport was told
     */
    bool Dispatch(Ptr<const Packet> datagram);

    /** @return Source Quenches received */
    uint64_t GetQuenchesReceived() const;
    /** @return of which a transport was told (one for the quoted protocol was there) */
    uint64_t GetQuenchesDispatched() const;

  protected:
    void DoDispose() override;

  private:
    /** @param socket the raw socket, with datagrams to read */
    void ReadSocket(Ptr<Socket> socket);

    Ptr<Node> m_node;         //!< the host
    Ptr<Socket> m_socket;     //!< its ICMP raw socket
    uint64_t m_received{0};   //!< see GetQuenchesReceived()
    uint64_t m_dispatched{0}; //!< see GetQuenchesDispatched()
    TracedCallback<Ipv4Address, const Ipv4Header&> m_quenchReceivedTrace; //!< QuenchReceived
};

} // namespace ns3

#endif /* SOURCE_QUENCH_DISPATCHER_H */
