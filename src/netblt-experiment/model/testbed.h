/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TESTBED_H
#define TESTBED_H

#include "bulk-transfer.h"
#include "path-record.h"
#include "transfer-record.h"

#include "ns3/abort.h"
#include "ns3/host-cpu-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv4-address.h"
#include "ns3/ipv4-interface-container.h"
#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"
#include "ns3/object-factory.h"
#include "ns3/object.h"

#include <array>
#include <cstdint>
#include <deque>
#include <string>
#include <utility>
#include <vector>

/**
 * @defgroup netblt-experiment NETBLT experiments
 *
 * RFC 1030's networks as testbeds (Testbed and its subclasses: hosts with their processors and
 * interfaces, the medium, gateways, the Wideband path) and the transfers they carry between
 * pairs of hosts (BulkTransfer: NETBLT or TCP), one, or several at once sharing the network
 * (RFC 1030 §8), in any mix.
 */

namespace ns3
{

/**
 * @ingroup netblt-experiment
 * @brief One of RFC 1030's networks with pairs of hosts on it, each pair carrying one
 * memory-to-memory transfer (RFC 1030 §3): the hosts, their processors and interfaces, and what
 * lies between them, left to a subclass.
 *
 * AddTransfer() adds a workload (a BulkTransfer: NetbltBulkTransfer, TcpBulkTransfer) and the
 * pair of hosts it runs between; Install() builds a pair per transfer with a processor each
 * (HostCpu, configured with SetHostAttribute()) and a pool of packet buffers, lets the subclass
 * connect them (InstallNetwork()) and give them IPv4 (InstallInternet()), and sets each
 * transfer up on its pair; the caller runs the simulator, and GetRecord(pair) returns the
 * counts and throughputs RFC 1030's tables report for one transfer, GetPathRecord() what the
 * network between the hosts did. Pair p's sender is host 2p and its receiver host 2p + 1.
 * Every random stream is assigned from index 0, so with the same seed (RngSeedManager) a run
 * depends on its attributes and transfers alone; with one NETBLT transfer the hosts, addresses
 * and streams are those of the single transfer the project has always run.
 * @code
 *   Ptr<Testbed> testbed = CreateObject<ProteonRingTestbed>();
 *   testbed->AddTransfer(CreateObject<NetbltBulkTransfer>());
 *   testbed->AddTransfer(CreateObject<TcpBulkTransfer>());
 *   RngSeedManager::SetSeed(seed);
 *   testbed->Install();
 *   Simulator::Run();
 *   TransferRecord netblt = testbed->GetRecord(0);
 *   TransferRecord tcp = testbed->GetRecord(1);
 *   Simulator::Destroy();
 * @endcode
 */
class Testbed : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    Testbed();
    ~Testbed() override;

    /**
     * @param name a HostCpu attribute
     * @param value its value for both hosts
     */
    void SetHostAttribute(const std::string& name, const AttributeValue& value);

    /**
     * Overrides a HostCpu attribute for the receiving host only (host 1), for paths whose two
     * ends are different machines.
     * @param name a HostCpu attribute
     * @param value its value for the receiver
     */
    void SetReceiverHostAttribute(const std::string& name, const AttributeValue& value);

    /**
     * @param name a PacketBufferPool attribute
     * @param value its value for both hosts (each host gets a pool of its own)
     */
    void SetPacketBufferAttribute(const std::string& name, const AttributeValue& value);

    /**
     * @param name an attribute of the network's net devices
     * @param value its value for both hosts' devices
     */
    void SetDeviceAttribute(const std::string& name, const AttributeValue& value);

    /**
     * @param name an attribute of the network's channel
     * @param value its value
     */
    void SetChannelAttribute(const std::string& name, const AttributeValue& value);

    /**
     * @param name an ArpCache attribute (how the hosts resolve addresses on a broadcast network)
     * @param value its value for every host's interfaces
     */
    void SetArpAttribute(const std::string& name, const AttributeValue& value);

    /**
     * Overrides an ArpCache attribute for the receiving hosts only (host 2p + 1).
     * @param name an ArpCache attribute
     * @param value its value for the receivers' interfaces
     */
    void SetReceiverArpAttribute(const std::string& name, const AttributeValue& value);

    /**
     * @param name an attribute of the traffic of the other hosts on the network's shared cable
     *        (EthernetBackgroundTraffic); a network without one refuses it at Install()
     * @param value its value
     */
    void SetBackgroundAttribute(const std::string& name, const AttributeValue& value);

    /**
     * Adds a transfer between a pair of hosts of its own, the next pair (before Install()).
     * @param transfer the transfer, configured
     */
    void AddTransfer(Ptr<BulkTransfer> transfer);

    /**
     * @return the number of transfers added, one per pair of hosts
     */
    uint32_t GetNTransfers() const;

    /**
     * @param pair the pair, from 0
     * @return the transfer between its hosts; aborts naming a pair beyond GetNTransfers()
     */
    Ptr<BulkTransfer> GetTransfer(uint32_t pair) const;

    /**
     * Sets the transfers up in the simulator: hosts, network, IPv4, each transfer's transport
     * and clients, the traces the records need, and a stop at MaxSimulatedTime. The caller
     * owns the simulator: it seeds it first (RngSeedManager; every stream is assigned from 0),
     * runs it and destroys it after GetRecord(). Aborts without a transfer, or with more than
     * one on a network that connects two hosts only.
     */
    void Install();

    /**
     * @param pair the pair of hosts, from 0: the transfer added pair-th
     * @return the outcome of its transfer, once the simulator has run (before
     *         Simulator::Destroy()); the path counters (pathDrops, stationResets) and events are
     *         the run's, shared by every transfer
     */
    TransferRecord GetRecord(uint32_t pair) const;

    /**
     * @return what the network between the hosts did, once the simulator has run
     */
    PathRecord GetPathRecord() const;

  protected:
    /**
     * Connects the hosts.
     * @param hosts each pair's sender (host 2p) and receiver (host 2p + 1), with their HostCpu,
     *        no IP stack yet
     * @param stream the first random stream index the network may use
     * @param streamsUsed set to the number of streams it used
     * @return the hosts' devices, in host order (with one flow numbered 10.1.1.1 and 10.1.1.2);
     *         a network that connects only two hosts returns two (see GetMaxTransfers())
     */
    virtual NetDeviceContainer InstallNetwork(NodeContainer hosts,
                                              int64_t stream,
                                              int64_t& streamsUsed) = 0;

    /**
     * @return the most transfers the network carries at once (any number by default; a
     *         network that connects two hosts only, one); Install() refuses more
     */
    virtual uint32_t GetMaxTransfers() const;

    /**
     * Gives the hosts (and any gateways the network has) IPv4: by default every host on
     * 10.1.1.0/24 over the devices InstallNetwork() returned, in host order. A network with
     * gateways overrides it to number every link and route between them. Each sender sends to
     * the address of its receiver's device.
     * @param hosts the hosts, as InstallNetwork() had them
     * @param devices the hosts' devices, as InstallNetwork() returned them
     * @param stream the first random stream index it may use
     * @param streamsUsed set to the number of streams it used
     */
    virtual void InstallInternet(NodeContainer hosts,
                                 const NetDeviceContainer& devices,
                                 int64_t stream,
                                 int64_t& streamsUsed);

    /**
     * Assigns the addresses of one subnet to its devices and leaves the devices without the
     * queue disc that Ipv4AddressHelper installs by default (FQ-CoDel, 2012): the hosts and
     * gateways of 1987 queued in first-in, first-out order, and the project's devices model
     * their own interface queues.
     * @param addresses the helper holding the subnet's next addresses
     * @param devices the subnet's devices
     * @return their interfaces, in the order of the devices
     */
    static Ipv4InterfaceContainer AssignFifoAddresses(Ipv4AddressHelper& addresses,
                                                      const NetDeviceContainer& devices);

    /**
     * Starts pcap capture on the network's devices.
     * @param prefix file name prefix (directory and the first transfer's GetCaptureName())
     */
    virtual void EnablePcap(const std::string& prefix) = 0;

    /**
     * @return the HostCpu activity names under which the network's driver charges a transmitted
     *         frame (none by default)
     */
    virtual std::vector<std::string> GetTransmitActivities() const;

    /**
     * Hands the attributes given to SetDeviceAttribute(), SetChannelAttribute() and
     * SetBackgroundAttribute() to the helper that builds the network.
     * @param helper a helper with SetDeviceAttribute() and SetChannelAttribute(), and
     *        SetBackgroundAttribute() if background attributes were given
     */
    template <typename NetworkHelper>
    void ApplyNetworkAttributes(NetworkHelper& helper) const
    {
        for (const auto& [name, value] : m_deviceAttributes)
        {
            helper.SetDeviceAttribute(name, *value);
        }
        for (const auto& [name, value] : m_channelAttributes)
        {
            helper.SetChannelAttribute(name, *value);
        }
        for (const auto& [name, value] : m_backgroundAttributes)
        {
            if constexpr (requires { helper.SetBackgroundAttribute(name, *value); })
            {
                helper.SetBackgroundAttribute(name, *value);
            }
            else
            {
                NS_ABORT_MSG("background attribute " << name << ": "
                                                     << GetInstanceTypeId().GetName()
                                                     << " has no background traffic");
            }
        }
    }

    /**
     * Called once every transfer has ended: its receiving client has every byte, or both its
     * ends have closed. The network may stop traffic that only mattered during the transfers (the
     * run then ends once the transfers' last packets have drained). Does nothing by default.
     */
    virtual void TransfersEnded();

    /**
     * Fills in one pair's record with the losses that only some networks have: frames an
     * interface lost because it was sending at the time (senderDeafDrops, receiverDeafDrops),
     * frames line noise corrupted on the way (senderNoiseDrops, receiverNoiseDrops) and the
     * path's losses (pathDrops, stationResets). Leaves them at zero by default.
     * @param pair the pair of hosts
     * @param devices its sender's and its receiver's device
     * @param record the record to complete
     */
    virtual void RecordNetworkLosses(uint32_t pair,
                                     const NetDeviceContainer& devices,
                                     TransferRecord& record) const;

    /**
     * Fills in the counters of the network's gateways and earth stations. Leaves them at zero
     * by default.
     * @param record the path record to complete
     */
    virtual void RecordPath(PathRecord& record) const;

  private:
    std::string m_pcapDirectory;   //!< pcap output, if not empty
    Time m_maxSimulatedTime;       //!< safety bound
    HostCpuHelper m_hostCpu;       //!< configures the hosts' processors
    ObjectFactory m_packetBuffers; //!< each host's PacketBufferPool
    /// The receiver's HostCpu attributes that differ from the sender's.
    std::vector<std::pair<std::string, Ptr<AttributeValue>>> m_receiverCpuAttributes;
    std::vector<std::pair<std::string, Ptr<AttributeValue>>> m_deviceAttributes; //!< for devices
    std::vector<std::pair<std::string, Ptr<AttributeValue>>>
        m_channelAttributes; //!< for the channel
    std::vector<std::pair<std::string, Ptr<AttributeValue>>>
        m_backgroundAttributes; //!< for the background traffic
    std::vector<std::pair<std::string, Ptr<AttributeValue>>>
        m_arpAttributes; //!< for the hosts' ARP caches
    std::vector<std::pair<std::string, Ptr<AttributeValue>>>
        m_receiverArpAttributes; //!< for the receivers' ARP caches, over m_arpAttributes

    /// One pair of hosts and what the traces gathered about it during the run.
    struct Pair
    {
        Ptr<BulkTransfer> transfer;               //!< the transfer between its hosts
        std::array<uint64_t, 2> interfaceDrops{}; //!< frames each host's device dropped
    };

    /**
     * Calls TransfersEnded() once every transfer has ended.
     */
    void TransferEnded();
    /** @param drops a host's counter @param packet a frame its device dropped */
    static void CountInterfaceDrop(uint64_t* drops, Ptr<const Packet> packet);
    /**
     * @param pair a pair index
     * @return the pair; aborts naming the index if there is no such pair
     */
    const Pair& GetPair(uint32_t pair) const;

    /// Attributes given for an object kind, in the order given.
    using AttributeList = std::vector<std::pair<std::string, Ptr<AttributeValue>>>;

    /**
     * Sets ArpCache attributes on every interface of a host that resolves addresses.
     * @param host a host with IPv4
     * @param attributes the attributes
     */
    static void ConfigureArp(Ptr<Node> host, const AttributeList& attributes);

    /**
     * @param pair a pair index
     * @return the address of the pair's receiver, the one its sender sends to
     */
    Ipv4Address GetReceiverAddress(uint32_t pair) const;

    std::deque<Pair> m_pairs;     //!< one per transfer (a deque: traces hold their addresses)
    bool m_installed{false};      //!< Install() has run
    NodeContainer m_hosts;        //!< pair p's sender (2p) and receiver (2p + 1)
    NetDeviceContainer m_devices; //!< their devices
    uint32_t m_transfersEnded{0}; //!< transfers that have ended
};

} // namespace ns3

#endif /* TESTBED_H */
