/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_TEST_FIXTURE_H
#define NETBLT_TEST_FIXTURE_H

#include "netblt-test-data.h"

#include "ns3/error-model.h"
#include "ns3/impaired-point-to-point-channel.h"
#include "ns3/ipv4-address.h"
#include "ns3/net-device-container.h"
#include "ns3/netblt-connection.h"
#include "ns3/netblt-control-message.h"
#include "ns3/netblt-header.h"
#include "ns3/netblt-l4-protocol.h"
#include "ns3/netblt-receiver.h"
#include "ns3/netblt-sender.h"
#include "ns3/netblt-transfer-parameters.h"
#include "ns3/netblt-two-host-helper.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"
#include "ns3/packet.h"
#include "ns3/test.h"

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

/**
 * @file
 * @ingroup netblt-tests
 * Fixtures shared by the NETBLT engine test suites: a two-node topology over the impaired
 * point-to-point link, an error model that drops chosen NETBLT packets, a test client for either
 * end of a connection, and a recorder of the packets a connection sends.
 */

namespace ns3
{

namespace netblt_test
{

/**
 * @ingroup netblt-tests
 * @brief The NETBLT fields of a frame as it crosses the link.
 */
struct FrameInfo
{
    bool isNetblt{false};     //!< an unfragmented-or-first-fragment IPv4 datagram of protocol 30
    uint8_t type{0};          //!< NETBLT type (byte 3)
    uint32_t bufferNumber{0}; //!< DATA/LDATA buffer number (bytes 12-15)
    uint16_t packetNumber{0}; //!< DATA/LDATA packet number (bytes 18-19)
    uint32_t netbltOffset{0}; //!< offset of the NETBLT header in the frame
};

/**
 * Parses a frame: 2-byte PPP header, IPv4 header of IHL*4 bytes, then the NETBLT header
 * (RFC 998 §8). Only the first fragment of a datagram carries the NETBLT header.
 * @param frame the frame as a PointToPointNetDevice receives it
 * @return what it carries
 */
FrameInfo ParseFrame(Ptr<const Packet> frame);

/**
 * @ingroup netblt-tests
 * @brief An ErrorModel for a device's ReceiveErrorModel that drops chosen NETBLT packets.
 *
 * Rules select packets by type and, optionally, by buffer number, packet number and the
 * occurrence among the packets matching the rest of the rule (1 = the first). It can also
 * drop everything from a given time on, or everything while DropAll is set. It counts every
 * NETBLT frame it sees (dropped or not) by type.
 */
class NetbltDropErrorModel : public ErrorModel
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    /** Any buffer, packet number or occurrence. */
    static constexpr uint32_t ANY = 0xffffffff;

    /**
     * Adds a rule.
     * @param type the NETBLT type to drop
     * @param buffer the buffer number (DATA/LDATA), or ANY
     * @param packet the packet number (DATA/LDATA), or ANY
     * @param occurrence which matching packet to drop (1 = first), or ANY for all of them
     */
    void AddRule(NetbltPacketType type,
                 uint32_t buffer = ANY,
                 uint32_t packet = ANY,
                 uint32_t occurrence = 1);

    /** @param time drop every frame that arrives at or after this time */
    void DropEverythingFrom(Time time);

    /** @param type a NETBLT type @return frames of that type seen, dropped or not */
    uint32_t GetSeen(NetbltPacketType type) const;
    /** @param type a NETBLT type @return frames of that type dropped */
    uint32_t GetDropped(NetbltPacketType type) const;
    /** @return every frame dropped (any protocol) */
    uint32_t GetDroppedTotal() const;
    /** @return the arrival times of the dropped NETBLT frames, with their fields */
    const std::vector<std::pair<Time, FrameInfo>>& GetDropLog() const;
    /** @param type a NETBLT type @return arrival times of every frame of that type seen */
    std::vector<Time> GetSeenTimes(NetbltPacketType type) const;

  private:
    bool DoCorrupt(Ptr<Packet> p) override;
    void DoReset() override;

    /** A drop rule. */
    struct Rule
    {
        uint8_t type;        //!< NETBLT type
        uint32_t buffer;     //!< buffer number or ANY
        uint32_t packet;     //!< packet number or ANY
        uint32_t occurrence; //!< which match to drop, or ANY
        uint32_t matches{0}; //!< matches so far
    };

    std::vector<Rule> m_rules;
    Time m_dropAllFrom{Time::Max()};
    std::map<uint8_t, uint32_t> m_seen;
    std::map<uint8_t, uint32_t> m_dropped;
    uint32_t m_droppedTotal{0};
    std::vector<std::pair<Time, FrameInfo>> m_dropLog;
    std::vector<std::pair<Time, FrameInfo>> m_seenLog;
};

/**
 * @ingroup netblt-tests
 * @brief A NetbltSender's DataSent trace source, recorded with the time of each call.
 */
class DataSentRecorder
{
  public:
    /** One DataSent call. */
    struct Sent
    {
        Time time;           //!< when
        uint32_t buffer;     //!< buffer number
        uint16_t packet;     //!< packet number
        uint32_t bytes;      //!< data bytes
        bool retransmission; //!< sent before
        bool lastBuffer;     //!< L flag
        bool lastPacket;     //!< LDATA
    };

    /**
     * The trace sink, for Config paths.
     * @param transmission the DATA/LDATA packet sent
     */
    void Record(const NetbltTxBuffer::Transmission& transmission);
    /** @param sender a sender whose DataSent to record from now on */
    void Attach(Ptr<NetbltSender> sender);

    std::vector<Sent> sent; //!< every call, in order
};

/**
 * @ingroup netblt-tests
 * @brief How to build the two-node test topology.
 */
struct TopologyConfig
{
    /// The link: 10 Mbit/s, 1 ms one way, MTU 1600 (no fragmentation of NETBLT packets),
    /// re-ordered packets held back 5 ms; receiveErrorModel[i] is host i's (0: 0 <- 1).
    NetbltTwoHostHelper::Link link{TestLink()};
    int64_t stream{1000}; //!< first random stream index
    bool hostModel{true}; //!< a HostCpu (the HostModel) on each node

    /** @return the tests' default link */
    static NetbltTwoHostHelper::Link TestLink();
};

/**
 * @ingroup netblt-tests
 * @brief Two nodes, 10.1.1.1 and 10.1.1.2, over an ImpairedPointToPointChannel, with IPv4 and
 * NETBLT installed (NetbltTwoHostHelper).
 */
struct Topology
{
    NodeContainer nodes;                      //!< node 0 and node 1
    NetDeviceContainer devices;               //!< their devices
    Ipv4Address address[2];                   //!< their addresses
    Ptr<NetbltL4Protocol> netblt[2];          //!< their NETBLT layers
    Ptr<ImpairedPointToPointChannel> channel; //!< the link

    /**
     * Builds the topology; call after setting seed and run.
     * @param config what to build
     */
    void Build(const TopologyConfig& config);
};

/**
 * Sets an attribute default of ns3::NetbltConnection, to be undone by ResetConnectionDefaults()
 * (which also restores ns3::HostCpu's and ns3::NetbltL4Protocol's defaults).
 * @param name the attribute
 * @param value its new default
 */
void SetConnectionDefault(const std::string& name, const AttributeValue& value);

/** Restores every ns3::NetbltConnection attribute default to its original value. */
void ResetConnectionDefaults();

/**
 * @param rate the probability of dropping each packet
 * @param stream the model's random stream
 * @return a RateErrorModel dropping each packet with probability @p rate
 */
Ptr<RateErrorModel> Loss(double rate, int64_t stream);

/**
 * @ingroup netblt-tests
 * @brief A record of the packets a connection (or several) sent, from its "Tx" trace.
 */
class TxRecorder
{
  public:
    /** One packet sent. */
    struct Entry
    {
        Time time;                                  //!< when it was handed to IP
        NetbltPacketType type;                      //!< its type
        uint32_t size{0};                           //!< bytes handed to IP (padding included)
        uint16_t length{0};                         //!< its Length field
        uint32_t bufferNumber{0};                   //!< DATA/LDATA buffer number
        uint16_t packetNumber{0};                   //!< DATA/LDATA packet number
        uint16_t dataLength{0};                     //!< DATA/LDATA data bytes
        bool lastBuffer{false};                     //!< DATA/LDATA L flag
        std::vector<NetbltControlMessage> messages; //!< CONTROL messages
        NetbltTransferParameters parameters;        //!< OPEN/RESPONSE values
        uint32_t connectionId{0};                   //!< OPEN/RESPONSE unique ID
        bool writeMode{false};                      //!< OPEN/RESPONSE M flag
        std::string reason;                         //!< QUIT/ABORT/REFUSED text
    };

    /** @param connection a connection whose "Tx" trace to record */
    void Attach(Ptr<NetbltConnection> connection);
    /** @return everything recorded */
    const std::vector<Entry>& GetEntries() const;
    /** @param type a type @return how many packets of that type were sent */
    uint32_t Count(NetbltPacketType type) const;
    /** @param type a type @return the packets of that type, in order */
    std::vector<Entry> Select(NetbltPacketType type) const;
    /** @return every control message sent, in order, over all CONTROL packets */
    std::vector<NetbltControlMessage> AllMessages() const;
    /** @return the instants DATA/LDATA packets were handed to IP, each with how many */
    std::map<Time, uint32_t> DataBursts() const;

  private:
    void Record(Ptr<const Packet> packet, NetbltPacketType type);
    std::vector<Entry> m_entries;
};

/**
 * @ingroup netblt-tests
 * @brief A record of a connection's timer and reception traces.
 */
class TimerLog
{
  public:
    /** @param connection a connection whose traces to record */
    void Attach(Ptr<NetbltConnection> connection);

    std::vector<std::pair<Time, uint32_t>> dataTimeouts;    //!< (when, buffer)
    std::vector<std::pair<Time, Time>> controlTimeouts;     //!< (when, timer value reported)
    std::vector<std::pair<uint32_t, uint16_t>> retransmits; //!< (buffer, packet)
    std::vector<Time> retransmitTimes;                      //!< when each retransmission went
    uint32_t received{0};                                   //!< packets the connection took in
    Time lastReceived;                                      //!< when the last one came

  private:
    void DataTimeout(uint32_t buffer);
    void ControlTimeout(Time value);
    void Retransmit(uint32_t buffer, uint16_t packet);
    void Rx(Ptr<const Packet> packet, NetbltPacketType type);
};

/**
 * @ingroup netblt-tests
 * @brief A NETBLT client for either end of a connection, driven through the connection API.
 *
 * As a sender it hands over Data in buffers of the negotiated size whenever NETBLT has room; as a
 * receiver it provides room for as many buffers as may be outstanding (after ProvideDelay, if set)
 * and keeps every byte delivered. It records how the connection was set up and closed.
 */
class TestClient
{
  public:
    TestClient();

    /** Data to send (sender) */
    std::vector<uint8_t> data;
    /** Answer of Accept(): empty to accept */
    std::string refusal;
    /** Delay before each ProvideBuffer() call (receiver) */
    Time provideDelay{0};
    /** Called once the connection is established (e.g. to set attributes or Quit()) */
    std::function<void(Ptr<NetbltConnection>)> onEstablished;
    /** Called after each buffer delivered (receiver) or OK'd room (sender): (buffer) */
    std::function<void(Ptr<NetbltConnection>, uint32_t)> onBuffer;
    /** Called after the close callback */
    std::function<void()> onClosed;
    /** Attributes set on a passively accepted connection before it answers */
    std::vector<std::pair<std::string, std::string>> passiveAttributes;
    /** Records the packets the connection sends */
    TxRecorder tx;
    /** Records the connection's timers and receptions */
    TimerLog timers;

    /**
     * For NetbltL4Protocol::Listen(): attaches to the new connection and answers with refusal.
     * @param connection the new connection
     * @param answer the parameters it will answer with
     * @return refusal
     */
    std::string Accept(Ptr<NetbltConnection> connection, const NetbltTransferParameters& answer);
    /** @return the callback form of Accept() */
    NetbltL4Protocol::AcceptCallback AcceptCallback();

    /** @param connection a connection to drive (sets all its callbacks and records its Tx) */
    void Attach(Ptr<NetbltConnection> connection);

    // what happened
    Ptr<NetbltConnection> connection;      //!< the connection driven
    bool accepted{false};                  //!< Accept() was called
    NetbltTransferParameters acceptAnswer; //!< what Accept() was offered
    bool established{false};               //!< the established callback came
    Time establishedTime;                  //!< when
    bool closed{false};                    //!< the close callback came
    uint32_t closeCalls{0};                //!< how many times
    NetbltConnection::CloseReason closeReason{NetbltConnection::TRANSFER_COMPLETE}; //!< why
    std::string closeText;               //!< with what text
    Time closeTime;                      //!< when
    std::vector<uint8_t> received;       //!< bytes delivered, in order
    std::vector<uint32_t> bufferNumbers; //!< buffers delivered, in order
    bool lastSeen{false};                //!< a buffer flagged last was delivered
    uint32_t buffersGiven{0};            //!< buffers handed over (sender)
    uint32_t bytesGiven{0};              //!< bytes handed over (sender)

    /** @return true if closed with TRANSFER_COMPLETE */
    bool Completed() const;

  private:
    void Established(Ptr<NetbltConnection> connection);
    void Closed(Ptr<NetbltConnection> connection,
                NetbltConnection::CloseReason reason,
                const std::string& text);
    void SendReady(Ptr<NetbltSender> connection);
    void BufferReceived(Ptr<NetbltReceiver> connection,
                        uint32_t number,
                        Ptr<Packet> bytes,
                        bool last);
    void Provide(Ptr<NetbltConnection> connection);
};

/**
 * Schedules an active open from node 0 to node 1 and attaches a client to the connection.
 * (The first OPEN is sent inside Connect(), before the client's Tx recorder is attached; count
 * OPENs on the wire with a NetbltDropErrorModel.)
 * @param topology the topology
 * @param client the client to attach
 * @param at when to open
 * @param role the active end's role
 * @param proposal the parameters proposed
 * @param port node 1's port
 */
void ConnectAt(Topology& topology,
               TestClient& client,
               Time at,
               NetbltConnection::Role role,
               const NetbltTransferParameters& proposal,
               uint16_t port = 2000);

/**
 * @ingroup netblt-tests
 * @brief A topology with a NetbltDropErrorModel at each device (unless the configuration names
 * other error models), an active client for node 0 and a passive client for node 1.
 */
struct Bench
{
    Ptr<NetbltDropErrorModel> drop[2]; //!< drop models at node 0 (1 -> 0) and node 1 (0 -> 1)
    Topology topology;                 //!< the nodes and link
    TestClient active;                 //!< node 0's client
    TestClient passive;                //!< node 1's client

    /** @param config the topology to build (seed and run must be set first) */
    explicit Bench(TopologyConfig config = TopologyConfig());
    Bench(const Bench&) = delete;
    Bench& operator=(const Bench&) = delete;

    /**
     * Makes node 1 listen on TEST_PORT with the passive client.
     * @param limits the listener's limits
     */
    void Listen(const NetbltTransferParameters& limits);

    /**
     * Listens on node 1 with a receiving passive client, and opens from node 0 at 1 ms with an
     * active client that sends data.
     * @param proposal the active end's proposal
     * @param data the bytes to send
     * @param limits the listener's limits
     */
    void StartWrite(const NetbltTransferParameters& proposal,
                    const std::vector<uint8_t>& data,
                    const NetbltTransferParameters& limits);

    /**
     * Stops the simulation at @p bound unless both clients have closed by then (the stop event
     * is removed when they have, so that Simulator::Run() returns when the last event is done
     * and Simulator::Now() tells when that was).
     * @param bound the latest time the run may take
     */
    void ArmWatchdog(Time bound);

  private:
    EventId m_watchdog; //!< the stop event
};

/**
 * @ingroup netblt-tests
 * @brief Base of the engine test cases: restores attribute defaults and destroys the simulator
 * around every run.
 */
class NetbltEngineTestCase : public TestCase
{
  public:
    /** @param name the test case name */
    explicit NetbltEngineTestCase(std::string name);

  protected:
    void DoSetup() override;
    void DoTeardown() override;

    /**
     * A proposal with the given shape and generous other values.
     * @param bufferSize bytes per buffer
     * @param packetSize bytes per DATA packet
     * @param burstSize packets per burst
     * @param burstIntervalMs ms per burst
     * @param nbufs outstanding buffers
     * @return the parameters
     */
    static NetbltTransferParameters Proposal(uint32_t bufferSize,
                                             uint16_t packetSize,
                                             uint16_t burstSize,
                                             uint16_t burstIntervalMs,
                                             uint16_t nbufs);

    /** @return passive-end limits that restrict nothing a test proposes */
    static NetbltTransferParameters Limits();
};

/**
 * The fast shape: 4 packets of 1000 bytes per buffer, bursts of 4 every 5 ms. Every CONTROL
 * packet is acknowledged within one round trip plus at most one burst interval (about 7 ms),
 * which is less than the 10 ms MinimumControlTimer, so no control timer expires.
 * @param nbufs outstanding buffers
 * @return the proposal
 */
NetbltTransferParameters FastProposal(uint16_t nbufs);

/**
 * @param receiver a receiving client
 * @return every distinct RESEND message (by sequence number) it sent
 */
std::vector<NetbltControlMessage> DistinctResends(const TestClient& receiver);

/**
 * @param receiver a receiving client
 * @param sequence a control message's sequence number
 * @return when the first CONTROL packet carrying that message left
 */
Time FirstSent(const TestClient& receiver, uint16_t sequence);

/** The well-known port the passive test clients listen on. */
constexpr uint16_t TEST_PORT = 2000;

} // namespace netblt_test
} // namespace ns3

#endif /* NETBLT_TEST_FIXTURE_H */
