/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_FUZZER_H
#define NETBLT_FUZZER_H

#include "netblt-packet-mutator.h"
#include "netblt-soak-transfer.h"

#include "ns3/ipv4-l3-protocol.h"
#include "ns3/random-variable-stream.h"

#include <cstdint>
#include <deque>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace ns3
{

/**
 * @ingroup netblt-soak
 * @brief A mutation fuzzer for a live NETBLT transfer: feeds damaged copies of the packets the
 * two ends send, and random datagrams, into both nodes, and accounts for every one.
 *
 * Every packet a connection of the transfer sends is a template. With a rate that spreads the
 * quota over the transfer, the fuzzer sends mutated copies (NetbltPacketMutator) to the node
 * the packet was for (or, sometimes, back to its sender), a few milliseconds later, as if from
 * the other node; between them it sends random datagrams. Each goes either straight to the
 * node's NetbltL4Protocol::Receive() with the IPv4 header IP would have given it, or as a whole
 * IPv4 datagram into the node's Ipv4L3Protocol::Receive() as the device would hand it up. Once
 * the transfer is over, the rest of the quota goes to the idle nodes.
 *
 * A run either damages (60% of runs: every checksum stays as the damage left it, so only
 * replays and damage the checksum cannot see get past NETBLT's checks) or forges
 * (NetbltPacketMutator::SetForging(): checksums made right, random datagrams well formed, so
 * that packets reach the connections' own checks). A forging run mostly spares the connection
 * (NetbltPacketMutator::SetSparing()), so that the mutations meet a live connection rather
 * than the aftermath of a well-formed ABORT. Forgeries a connection acts on can mislead it as
 * a lying peer could: the report says whether any were.
 *
 * The nodes must handle packets at once (no CPU costs): each injected packet then has exactly
 * one outcome by the time the call returns, and the fuzzer counts it under its reason: dropped
 * by IPv4 (Drop trace), dropped by NETBLT (its Drop trace, numbers in the reason replaced by
 * N), rejected by the connection (its protocol-violation, data-checksum-error or
 * duplicate-DATA counter went up), or accepted (a connection took it in, or the listener
 * answered an OPEN). A packet with no outcome or more than one is counted as unaccounted, which
 * the soak reports as an error.
 */
class NetbltFuzzer
{
  public:
    /** What the fuzzer did and what became of it. */
    struct Report
    {
        uint64_t injected{0};                      //!< packets injected
        uint64_t viaIp{0};                         //!< of which through Ipv4L3Protocol
        uint64_t checksumFixed{0};                 //!< of which with the header checksum made right
        std::map<std::string, uint64_t> accepted;  //!< accepted packets, by how
        std::map<std::string, uint64_t> rejected;  //!< dropped or rejected packets, by reason
        std::map<std::string, uint64_t> mutations; //!< injected packets, by kind of damage
        uint64_t unaccounted{0};                   //!< packets with no outcome or several
        bool forgedData{false}; //!< a well-formed DATA/LDATA no sender sent was stored
        bool forgedAny{false};  //!< some well-formed packet no end sent was acted on
        bool forging{false};    //!< the mutator made checksums right (SetForging())
        bool sparing{false};    //!< the mutator spared the connection (SetSparing())

        /** @return the accepted packets, all kinds together */
        uint64_t GetAcceptedTotal() const;
        /** @return the rejected packets, all reasons together */
        uint64_t GetRejectedTotal() const;
    };

    /**
     * @param transfer the transfer to fuzz (not yet installed)
     * @param quota how many packets to inject
     * @param stream the random stream of every choice
     */
    NetbltFuzzer(NetbltSoakTransfer& transfer, uint64_t quota, int64_t stream);

    /** Hooks into the transfer; call before NetbltSoakTransfer::Install(). */
    void Attach();

    /** Connects to the nodes' drop traces and starts; call after NetbltSoakTransfer::Install(). */
    void Start();

    /** @return true once the whole quota has been injected */
    bool IsIdle() const;

    /** @return the report so far */
    const Report& GetReport() const;

  private:
    /** A connection the fuzzer watches, with its node. */
    struct Watched
    {
        Ptr<NetbltConnection> connection; //!< the connection
        uint32_t node;                    //!< 0 or 1
    };

    /** The counters of a node's connections that mean "rejected". */
    struct Counters
    {
        uint64_t violations{0};    //!< protocolViolations
        uint64_t dataChecksum{0};  //!< dataChecksumErrors
        uint64_t duplicateData{0}; //!< duplicateDataPackets
    };

    void Watch(Ptr<NetbltConnection> connection, uint32_t node);
    void Sent(uint32_t node, Ptr<const Packet> packet, NetbltPacketType type);
    void Received(Ptr<const Packet> packet, NetbltPacketType type);
    void Dropped(Ptr<const Packet> packet, const std::string& reason);
    void IpDropped(const Ipv4Header& header,
                   Ptr<const Packet> packet,
                   Ipv4L3Protocol::DropReason reason,
                   Ptr<Ipv4> ipv4,
                   uint32_t interface);
    void Schedule(uint32_t target, std::vector<uint8_t> bytes, std::string kind, bool fixed);
    void Inject(uint32_t target, std::vector<uint8_t> bytes, std::string kind, bool fixed);
    void Tick();
    std::vector<uint8_t> MakeRandom(uint32_t target, std::string& kind);
    Counters Count() const;
    static uint64_t DataKey(const std::vector<uint8_t>& bytes);

    NetbltSoakTransfer& m_transfer;                  //!< the transfer
    uint64_t m_quota;                                //!< packets to inject
    uint64_t m_reserved{0};                          //!< packets injected or scheduled
    double m_rate{1};                                //!< mutated copies per packet sent
    Time m_tickInterval;                             //!< time between random datagrams
    Ptr<UniformRandomVariable> m_random;             //!< every choice
    NetbltPacketMutator m_mutator;                   //!< the damage
    std::vector<Watched> m_watched;                  //!< every connection of the transfer
    std::deque<std::vector<uint8_t>> m_templates[2]; //!< the last packets each node sent
    std::set<uint64_t> m_sent;                       //!< digests of every packet the ends sent
    std::set<uint64_t> m_sentData;                   //!< DataKey() of every DATA/LDATA sent
    Report m_report;                                 //!< the counts

    // The injection in progress.
    bool m_injecting{false}; //!< inside Inject()
    uint32_t m_events{0};    //!< drop trace calls during it
    uint32_t m_takenIn{0};   //!< connection Rx trace calls during it
    std::string m_reason;    //!< the reason of the last drop during it
};

} // namespace ns3

#endif /* NETBLT_FUZZER_H */
