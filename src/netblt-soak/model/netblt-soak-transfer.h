/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_SOAK_TRANSFER_H
#define NETBLT_SOAK_TRANSFER_H

#include "netblt-checksum-oracle.h"
#include "netblt-soak-config.h"

#include "ns3/event-id.h"
#include "ns3/ipv4-address.h"
#include "ns3/net-device-container.h"
#include "ns3/netblt-connection.h"
#include "ns3/netblt-l4-protocol.h"
#include "ns3/netblt-receiver.h"
#include "ns3/netblt-sender.h"
#include "ns3/node-container.h"

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

/**
 * @defgroup netblt-soak NETBLT soak and fuzzer
 *
 * The robustness harness of scripts/soak: random impaired NETBLT transfers over the
 * point-to-point link, judged byte for byte, and a mutation fuzzer that injects damaged, forged
 * and random packets into live connections; build/bin/netblt-soak-run runs them.
 */

namespace ns3
{

/**
 * @ingroup netblt-soak
 * @brief How a soak transfer ended, judged against what its client handed over.
 */
struct NetbltSoakOutcome
{
    /** The outcome's category. */
    enum Category
    {
        INTACT,             //!< both ends TRANSFER_COMPLETE, every byte delivered as given
        CLEAN,              //!< both ends closed otherwise, nothing delivered damaged
        UNCHECKED_CORRUPT,  //!< damaged data delivered with the C flag off (RFC 998 allows it)
        UNDETECTED_CORRUPT, //!< packets damaged so that RFC 998's checksum still matched got in
        MISLED,             //!< the fuzzer's forgeries misled an end (false completion,
                            //!< wrong data, waiting for ever), as a lying peer could
        BAD,                //!< damaged or missing data passed as good, or a false completion
        HANG,               //!< a connection was still open at the time bound
    };

    Category category{BAD};     //!< the category
    std::string detail;         //!< the close reasons ("sender/receiver"), or what went wrong
    std::string senderClose;    //!< how the sending end closed (OPEN, NEVER_OPENED)
    std::string receiverClose;  //!< how the receiving end closed
    uint64_t bytesGiven{0};     //!< bytes the sending client handed over
    uint64_t bytesDelivered{0}; //!< bytes the receiving client got
    double simulatedSeconds{0}; //!< simulated time at the end of the run
    uint64_t events{0};         //!< simulator events executed

    /** @param category a category @return its name */
    static std::string CategoryName(Category category);
};

/**
 * @ingroup netblt-soak
 * @brief One random soak transfer between two nodes over an impaired point-to-point link,
 * built directly on the netblt module's client API.
 *
 * Node 0 (10.1.1.1) opens the connection as the data sender (M = WRITE) or the data receiver
 * (M = READ); node 1 (10.1.1.2) listens. Its client takes the connection that answers node 0's
 * OPEN (again, if the one before died unfinished); every other OPEN gets a connection that
 * transfers nothing (a receiver provides one buffer) until its death timer ends it. The sending
 * client hands over its bytes whenever NETBLT has room, the receiving client provides every buffer
 * it may and keeps what it gets; either may quit or abort on the way, as the configuration says.
 * The caller seeds the simulator, calls Install(), runs the simulator and reads GetOutcome() before
 * Simulator::Destroy(); the run stops by itself once every connection on both nodes has closed (and
 * the caller's IsIdle says so), or at the time bound.
 */
class NetbltSoakTransfer
{
  public:
    /** Called for every connection either node creates: the connection and its node. */
    typedef std::function<void(Ptr<NetbltConnection>, uint32_t)> ConnectionHook;

    /**
     * @param config the transfer
     * @param seed the number its client data are made from
     */
    NetbltSoakTransfer(const NetbltSoakConfig& config, uint32_t seed);
    NetbltSoakTransfer(const NetbltSoakTransfer&) = delete;
    NetbltSoakTransfer& operator=(const NetbltSoakTransfer&) = delete;

    /**
     * @param costs NETBLT's processing costs (NetbltL4Protocol attribute names and values) for a
     *        configuration that charges CPU costs; netblt-soak takes them from its --cpu-costs
     *        option, which scripts/soak fills from models/hosts/ibm-pc-at.json
     */
    void SetCpuCosts(const std::vector<std::pair<std::string, Time>>& costs);

    /**
     * @param hook called for every connection created from now on (before its first packet
     *        goes out for an active one, before its RESPONSE for a passive one)
     */
    void SetConnectionHook(ConnectionHook hook);

    /**
     * @param idle tells whether whoever else acts in the simulation (the fuzzer) is done; the
     *        run stops only once it is
     */
    void SetIdleCheck(std::function<bool()> idle);

    /**
     * Sets the engine's attribute defaults from the configuration, builds the nodes, the link,
     * IPv4 and NETBLT, the listener and the clients, and schedules the open and the stop at
     * @p bound.
     * @param bound the simulated time after which a connection still open is a hang
     */
    void Install(Time bound);

    /**
     * Judges the run; call after Simulator::Run() and before Simulator::Destroy(). (The
     * destructor restores the attribute defaults Install() changed.)
     * @param forgedData a forged DATA/LDATA packet (well formed, never sent by the sender) was
     *        stored by the receiver
     * @param forgedAny any forged packet (well formed, sent by no end) was acted on; a stall,
     *        a false completion or damaged data after forgeries is MISLED, not HANG or BAD
     * @return the outcome
     */
    NetbltSoakOutcome GetOutcome(bool forgedData, bool forgedAny);

    /** @return true once both clients' connections and every other connection have closed */
    bool IsFinished() const;

    /** @param i 0 or 1 @return that node */
    Ptr<Node> GetNode(uint32_t i) const;
    /** @param i 0 or 1 @return that node's address */
    Ipv4Address GetAddress(uint32_t i) const;
    /** @param i 0 or 1 @return that node's NETBLT layer */
    Ptr<NetbltL4Protocol> GetProtocol(uint32_t i) const;
    /** @return the client data the sender hands over */
    const std::vector<uint8_t>& GetData() const;
    /** @return the configuration */
    const NetbltSoakConfig& GetConfig() const;

  private:
    /** One client end of the main connection. */
    struct End
    {
        Ptr<NetbltConnection> connection;                //!< its connection, once there is one
        bool closed{false};                              //!< the close callback came
        NetbltConnection::CloseReason reason{};          //!< why
        uint64_t given{0};                               //!< bytes handed over (sender)
        std::vector<uint8_t> received;                   //!< bytes delivered (receiver)
        bool sends{false};                               //!< the sending end
        std::string Name(bool passiveNeverOpened) const; //!< close reason, OPEN, NEVER_OPENED
    };

    void Open();
    std::string Accept(Ptr<NetbltConnection> connection, const NetbltTransferParameters& answer);
    void Track(Ptr<NetbltConnection> connection, uint32_t node);
    bool IsPassiveMain(Ptr<NetbltConnection> connection);
    void Adopt(End& end, Ptr<NetbltConnection> connection);
    void Established(Ptr<NetbltConnection> connection);
    void SendReady(Ptr<NetbltSender> sender);
    void BufferReceived(Ptr<NetbltReceiver> receiver, uint32_t number, Ptr<Packet> data, bool last);
    void Closed(Ptr<NetbltConnection> connection,
                NetbltConnection::CloseReason reason,
                const std::string& text);
    void DoAction();
    void Reap();
    End& EndOf(Ptr<NetbltConnection> connection);
    std::string DescribeOpen() const;
    /** @param received bytes a receiving client got @return true unless a prefix of the data */
    bool IsDamaged(const std::vector<uint8_t>& received) const;

    NetbltSoakConfig m_config;                //!< the transfer
    std::vector<uint8_t> m_data;              //!< the client data
    NodeContainer m_nodes;                    //!< node 0 (active) and node 1 (listener)
    NetDeviceContainer m_devices;             //!< their devices
    Ipv4Address m_address[2];                 //!< their addresses
    Ptr<NetbltL4Protocol> m_protocol[2];      //!< their NETBLT layers
    End m_active;                             //!< node 0's client
    End m_passive;                            //!< node 1's client
    std::vector<Ptr<NetbltConnection>> m_all; //!< every connection created, main and extra
    ConnectionHook m_hook;                    //!< the caller's connection hook
    std::function<bool()> m_idle;             //!< the caller's idle check
    EventId m_stop;                           //!< the stop at the bound
    EventId m_reaper;                         //!< the periodic check for the end
    uint32_t m_restarts{0};                   //!< passive connections that replaced a dead one
    bool m_damagedEarlier{false};             //!< a replaced passive receiver got damaged data
    bool m_earlierBlind{true};                //!< and RFC 998's checksum could not see it
    NetbltChecksumOracle m_oracle;            //!< what got past the checksums
    std::vector<std::pair<std::string, Time>> m_cpuCosts; //!< NETBLT's costs, if charged
};

} // namespace ns3

#endif /* NETBLT_SOAK_TRANSFER_H */
