/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_L4_PROTOCOL_H
#define NETBLT_L4_PROTOCOL_H

#include "netblt-connection-factory.h"
#include "netblt-connection.h"
#include "netblt-demux.h"
#include "netblt-memory-limits.h"
#include "netblt-processing-costs.h"
#include "netblt-transfer-parameters.h"

#include "ns3/host-model.h"
#include "ns3/ip-l4-protocol.h"
#include "ns3/ipv4-address.h"
#include "ns3/random-variable-stream.h"
#include "ns3/traced-callback.h"

namespace ns3
{

class Ipv4;

class Node;
class NetbltOpenHeader;

/**
 * @defgroup netblt NETBLT
 *
 * RFC 998's bulk-data transfer protocol over IPv4 (protocol 30): the layer-4 protocol, its
 * connections (sender and receiver), the packet headers of RFC 998 §8, and the client
 * applications and helpers that run a transfer.
 */

/**
 * @ingroup netblt
 * @brief NETBLT as an IPv4 layer-4 protocol (IP protocol 30, RFC 998 §6).
 *
 * Checks every incoming packet (length field, type, version, header checksum, structure),
 * drops and counts the bad ones, and hands the good ones to the connection they belong to,
 * identified by local port, peer address and peer port. An OPEN for a port with a listener
 * creates a passive connection; an OPEN for a port without one is answered with REFUSED.
 *
 * Every connection is made here, as TcpL4Protocol makes its sockets: a SenderType or
 * ReceiverType object with the attributes given by SetSenderAttribute() and
 * SetReceiverAttribute(), and for a receiver the data timer (DataTimerType) and round-trip
 * estimator (RttEstimatorType) it uses. These attributes are the one way to choose a policy
 * (NetbltHelper, Testbed and the Python package set them); no global default needs to
 * change.
 *
 * An OPEN is refused, naming the limit, when the buffers it asks for would exceed this host's
 * memory limits (MaxBufferSize, MaxConnectionBufferBytes, MaxNodeBufferBytes): a peer cannot make
 * a listener allocate more than those, whatever limits the listening client gave.
 *
 * Aggregate it to a node that already has an Ipv4L3Protocol (NetbltHelper does this).
 */
class NetbltL4Protocol : public IpL4Protocol
{
  public:
    static const uint8_t PROT_NUMBER; //!< IP protocol number of NETBLT (30)

    /**
     * Passive client: decides on an incoming OPEN. Arguments: the new connection (not yet
     * answered), the parameters it would answer with. Return an empty string to accept, or the
     * reason for refusal sent in REFUSED.
     */
    typedef NetbltDemux::AcceptCallback AcceptCallback;

    /** Trace signature: a dropped packet and why. */
    typedef void (*DropTracedCallback)(Ptr<const Packet> packet, const std::string& reason);

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    NetbltL4Protocol();
    ~NetbltL4Protocol() override;

    /** The CPU costs of this implementation (its *Cost attributes). */
    typedef NetbltProcessingCosts ProcessingCosts;

    /** @param node the node this protocol runs on */
    void SetNode(Ptr<Node> node);

    /** @return the node this protocol runs on */
    Ptr<Node> GetNode() const;

    /** @return the CPU costs of this implementation */
    const ProcessingCosts& GetProcessingCosts() const;

    /**
     * Runs @p work once the host has spent @p cost on it (HostModel::Execute), or at once
     * on a node without a HostModel.
     * @param cost CPU time
     * @param activity the activity's name, for the host's traces
     * @param work the work
     */
    void Execute(Time cost, const std::string& activity, Callback<void> work) const;
    /**
     * Execute() for work the job completing now goes on to do (HostModel::Continue).
     * @param cost CPU time
     * @param activity the activity's name, for the host's traces
     * @param work the work
     */
    void Continue(Time cost, const std::string& activity, Callback<void> work) const;
    /**
     * @param delay a timer's nominal duration
     * @return when a timer of that duration set now expires on the host's clock
     */
    Time RoundToTick(Time delay) const;

    /**
     * Active open.
     * @param peer the passive end's address
     * @param peerPort the passive end's port
     * @param role SENDER to send data (OPEN with M = WRITE), RECEIVER to receive it (M = READ)
     * @param proposal the parameters to propose
     * @return the connection, in state OPEN_SENT, or nullptr if the proposal is invalid (the
     *         reason is logged)
     */
    Ptr<NetbltConnection> Connect(Ipv4Address peer,
                                  uint16_t peerPort,
                                  NetbltConnection::Role role,
                                  const NetbltTransferParameters& proposal);

    /**
     * Passive open: accept OPENs on a port.
     * @param port the well-known port to listen on
     * @param limits the most permissive parameters this end supports; an offer is restricted
     *        to them (NetbltTransferParameters::Restrict)
     * @param accept decides on each OPEN; called before the RESPONSE is sent, so the client can
     *        set the connection's callbacks there
     * @return false if the port already has a listener
     */
    bool Listen(uint16_t port, const NetbltTransferParameters& limits, AcceptCallback accept);

    /** @param port a port to stop listening on (existing connections carry on) */
    void StopListening(uint16_t port);

    /**
     * Sets an attribute of every NetbltSender made from now on (SenderType).
     * @param name an attribute of SenderType
     * @param value its value
     */
    void SetSenderAttribute(const std::string& name, const AttributeValue& value);

    /**
     * Sets an attribute of every NetbltReceiver made from now on (ReceiverType).
     * @param name an attribute of ReceiverType
     * @param value its value
     */
    void SetReceiverAttribute(const std::string& name, const AttributeValue& value);

    /**
     * Sets an attribute of the rate policy of every NetbltSender made from now on
     * (RatePolicyType: set the type first).
     * @param name an attribute of RatePolicyType
     * @param value its value
     */
    void SetRatePolicyAttribute(const std::string& name, const AttributeValue& value);

    /**
     * @param parameters the parameters an OPEN would set up a connection with
     * @return why this host cannot hold their buffers (the limit exceeded, named), or an empty
     *         string if it can
     */
    std::string CheckMemoryLimits(const NetbltTransferParameters& parameters) const;

    /**
     * Sends one NETBLT packet (header already added) to IP.
     * @param packet the packet
     * @param source the source address
     * @param destination the destination address
     */
    void Send(Ptr<Packet> packet, Ipv4Address source, Ipv4Address destination);

    /**
     * Called by a connection once it has closed; the protocol forgets it.
     * @param connection the closed connection
     */
    void Forget(Ptr<NetbltConnection> connection);

    /** @return the version number this NETBLT writes and accepts */
    uint8_t GetVersion() const;

    /**
     * @return the size, bytes, this host's receivers pad their CONTROL packets to where the peer
     *         agreed to the P extension (netblt-wire-format.rst): the ControlPacketSize attribute
     *         rounded up to a multiple of 4 (RFC 998 §8: packets are longword aligned); 0: RFC
     *         998's unpadded packets
     */
    uint32_t GetControlPacketSize() const;

    /** @return the number of connections currently known */
    uint32_t GetConnectionCount() const;
    /**
     * @param index a number below GetConnectionCount()
     * @return that connection (in the order of local port, peer address, peer port)
     */
    Ptr<NetbltConnection> GetConnection(uint32_t index) const;
    /** @return packets dropped because their header checksum was wrong */
    uint64_t GetChecksumErrors() const;
    /** @return packets dropped as malformed (length, type, version, structure) */
    uint64_t GetMalformedPackets() const;
    /** @return packets dropped because no connection matched */
    uint64_t GetUnmatchedPackets() const;

    /**
     * Assign a fixed random variable stream number to the random variables used by this
     * model (connection unique IDs).
     * @param stream first stream index to use
     * @return the number of stream indices assigned
     */
    int64_t AssignStreams(int64_t stream);

    // IpL4Protocol
    int GetProtocolNumber() const override;
    RxStatus Receive(Ptr<Packet> p,
                     const Ipv4Header& header,
                     Ptr<Ipv4Interface> incomingInterface) override;
    RxStatus Receive(Ptr<Packet> p,
                     const Ipv6Header& header,
                     Ptr<Ipv6Interface> incomingInterface) override;
    /**
     * An ICMP message about a NETBLT datagram this host sent: a Source Quench (type 4) goes to
     * every connection from the quoted local port to the quoted destination
     * (NetbltConnectionBase::ReceiveSourceQuench); other types are ignored. RFC 792 quotes the
     * first 64 data bits, where NETBLT's header (RFC 998 §8) has the local port (bytes 6-7) but
     * not yet the foreign port.
     * @param icmpSource the ICMP message's source
     * @param icmpTtl its TTL
     * @param icmpType its type
     * @param icmpCode its code
     * @param icmpInfo its information field
     * @param payloadSource the quoted datagram's source (this host)
     * @param payloadDestination the quoted datagram's destination (the peer)
     * @param payload the quoted datagram's first 8 data bytes
     */
    void ReceiveIcmp(Ipv4Address icmpSource,
                     uint8_t icmpTtl,
                     uint8_t icmpType,
                     uint8_t icmpCode,
                     uint32_t icmpInfo,
                     Ipv4Address payloadSource,
                     Ipv4Address payloadDestination,
                     const uint8_t payload[8]) override;
    void SetDownTarget(IpL4Protocol::DownTargetCallback cb) override;
    void SetDownTarget6(IpL4Protocol::DownTargetCallback6 cb) override;
    IpL4Protocol::DownTargetCallback GetDownTarget() const override;
    IpL4Protocol::DownTargetCallback6 GetDownTarget6() const override;

  protected:
    void DoDispose() override;
    void NotifyNewAggregate() override;

  private:
    void Drop(Ptr<const Packet> packet, const std::string& reason, uint64_t& counter);
    void HandleOpenWithoutConnection(Ptr<Packet> packet,
                                     const NetbltOpenHeader& open,
                                     Ipv4Address local,
                                     Ipv4Address peer);
    void SendReply(NetbltPacketType type,
                   const std::string& reason,
                   uint16_t localPort,
                   uint16_t peerPort,
                   Ipv4Address local,
                   Ipv4Address peer);

    /** Attribute setter of a part's type. @param type the type */
    template <NetbltConnectionFactory::Part Part>
    void SetPartType(TypeId type)
    {
        m_connectionFactory.SetType(Part, type);
    }

    /** Attribute getter of a part's type. @return the type */
    template <NetbltConnectionFactory::Part Part>
    TypeId GetPartType() const
    {
        return m_connectionFactory.GetType(Part);
    }

    /** Attribute setter of one memory limit. @param limit the value */
    template <typename T, T NetbltMemoryLimits::* Field>
    void SetLimit(T limit)
    {
        m_memoryLimits.*Field = limit;
    }

    /** Attribute getter of one memory limit. @return the value */
    template <typename T, T NetbltMemoryLimits::* Field>
    T GetLimit() const
    {
        return m_memoryLimits.*Field;
    }

    /** Attribute setter of one processing cost. @param cost the value */
    template <Time ProcessingCosts::* Field>
    void SetCost(Time cost)
    {
        m_costs.*Field = cost;
    }

    /** Attribute getter of one processing cost. @return the value */
    template <Time ProcessingCosts::* Field>
    Time GetCost() const
    {
        return m_costs.*Field;
    }

    Ptr<Node> m_node;
    Ptr<Ipv4> m_ipv4;      //!< the node's IPv4, which routes what this layer sends
    Ptr<HostModel> m_host; //!< the node's host model, if it has one
    ProcessingCosts m_costs;
    NetbltConnectionFactory m_connectionFactory; //!< the *Type attributes and Set*Attribute()
    NetbltMemoryLimits m_memoryLimits;           //!< the Max*Buffer* attributes
    IpL4Protocol::DownTargetCallback m_downTarget;
    IpL4Protocol::DownTargetCallback6 m_downTarget6;
    NetbltDemux m_demux; //!< the connections and listeners
    Ptr<UniformRandomVariable> m_connectionIdVariable;
    uint8_t m_version;
    uint32_t m_controlPacketSize{0}; //!< attribute ControlPacketSize, bytes
    uint64_t m_checksumErrors{0};
    uint64_t m_malformedPackets{0};
    uint64_t m_unmatchedPackets{0};

    TracedCallback<Ptr<const Packet>, const std::string&> m_dropTrace;
};

} // namespace ns3

#endif /* NETBLT_L4_PROTOCOL_H */
