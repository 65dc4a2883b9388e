/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_EXPERIMENT_H
#define NETBLT_EXPERIMENT_H

#include "netblt-path-record.h"
#include "netblt-steady-state-meter.h"
#include "netblt-time-sequence.h"
#include "netblt-transfer-record.h"
#include "tcp-bulk-transfer.h"

#include "ns3/abort.h"
#include "ns3/host-cpu-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv4-address.h"
#include "ns3/ipv4-interface-container.h"
#include "ns3/net-device-container.h"
#include "ns3/netblt-bulk-send-application.h"
#include "ns3/netblt-helper.h"
#include "ns3/netblt-sink-application.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"
#include "ns3/object-factory.h"
#include "ns3/object.h"

#include <array>
#include <deque>
#include <string>
#include <utility>
#include <vector>

/**
 * @defgroup netblt-experiment NETBLT experiments
 *
 * NETBLT transfers between pairs of hosts over a network, as RFC 1030's test program ran them:
 * one, or several at once sharing the network (RFC 1030 §8).
 */

namespace ns3
{

/**
 * @ingroup netblt-experiment
 * @brief Memory-to-memory NETBLT transfers (RFC 1030 §3), each between two hosts of its own,
 * sharing one network: the test program's parameters as attributes, the network left to a
 * subclass.
 *
 * Install() builds Flows pairs of hosts with a processor each (HostCpu, configured with
 * SetHostAttribute()), lets the subclass connect them (InstallNetwork()), installs IPv4 and
 * NETBLT (configured with SetNetbltAttribute()) and, per pair, the clients that transfer
 * TransferSize bytes from the pair's sender to its receiver; the caller runs the simulator, and
 * GetRecord(flow) returns the counts and throughputs RFC 1030's tables report for one flow,
 * GetPathRecord() what the network between them did. Every flow starts from the experiment's
 * attributes; SetFlowAttribute() changes one flow's (its start time, burst interval, ...). Flow
 * f's sender is host 2f and its receiver host 2f + 1. Every random stream is assigned from
 * index 0, so with the same seed (RngSeedManager) a run depends on its attributes alone; with
 * one flow (the default) the hosts, addresses and streams are those of the single transfer the
 * experiment has always run.
 *
 * With Transport TCP the same hosts, network and IPv4 carry a TCP transfer instead
 * (TcpBulkTransfer: ns-3's TCP as a 1987 BSD host's, its work charged to the same HostCpu,
 * its costs set with SetTcpAttribute()); the NETBLT attributes are then unused, and the
 * record's fields mean their TCP counterparts (see NetbltTransferRecord). A TCP run is one
 * flow: Install() aborts with Transport TCP and Flows above 1, or with a SetFlowAttribute().
 */
class NetbltExperiment : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    /// The transport protocol carrying the transfer.
    enum Transport : uint8_t
    {
        NETBLT, //!< RFC 998's NETBLT, with the BurstSize ... OutstandingBuffers attributes
        TCP     //!< ns-3's TCP as a 1987 BSD host's, with the Tcp... attributes
    };

    NetbltExperiment();
    ~NetbltExperiment() override;

    /**
     * @param name a HostCpu attribute
     * @param value its value for both hosts
     */
    void SetHostAttribute(const std::string& name, const AttributeValue& value);

    /**
     * @param name a NetbltL4Protocol attribute (a processing cost, the version)
     * @param value its value for both hosts
     */
    void SetNetbltAttribute(const std::string& name, const AttributeValue& value);

    /**
     * Overrides a HostCpu attribute for the receiving host only (host 1), for paths whose two
     * ends are different machines.
     * @param name a HostCpu attribute
     * @param value its value for the receiver
     */
    void SetReceiverHostAttribute(const std::string& name, const AttributeValue& value);

    /**
     * Overrides a NetbltL4Protocol attribute for the receiving host only (host 1).
     * @param name a NetbltL4Protocol attribute
     * @param value its value for the receiver
     */
    void SetReceiverNetbltAttribute(const std::string& name, const AttributeValue& value);

    /**
     * @param name a TcpHostProcessing attribute (a CPU cost of the host's TCP)
     * @param value its value for both hosts
     */
    void SetTcpAttribute(const std::string& name, const AttributeValue& value);

    /**
     * Overrides a TcpHostProcessing attribute for the receiving host only (host 1).
     * @param name a TcpHostProcessing attribute
     * @param value its value for the receiver
     */
    void SetReceiverTcpAttribute(const std::string& name, const AttributeValue& value);

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
     * @param name an attribute of the traffic of the other hosts on the network's shared cable
     *        (EthernetBackgroundTraffic); a network without one refuses it at Install()
     * @param value its value
     */
    void SetBackgroundAttribute(const std::string& name, const AttributeValue& value);

    /**
     * Sets an attribute of one flow's sending client, a NetbltBulkSendApplication
     * (TransferSize, BufferSize, PacketSize, BurstSize, BurstInterval, MaxOutstandingBuffers,
     * ChecksumData, DeathTimeout) or its Application attribute StartTime (default 1 ms), over
     * the values the experiment's attributes give every flow. Install() aborts naming a flow
     * beyond Flows, and with Transport TCP (no NETBLT client to set).
     * @param flow the flow, from 0
     * @param name the attribute
     * @param value its value for this flow
     */
    void SetFlowAttribute(uint32_t flow, const std::string& name, const AttributeValue& value);

    /**
     * Sets the transfers up in the simulator: hosts, network, IPv4, NETBLT, the clients and
     * the traces the records need, and a stop at MaxSimulatedTime. The caller owns the
     * simulator: it seeds it first (RngSeedManager; every stream is assigned from 0), runs it
     * and destroys it after GetRecord():
     * @code
     *   RngSeedManager::SetSeed(seed);
     *   experiment->Install();
     *   Simulator::Run();
     *   NetbltTransferRecord record = experiment->GetRecord();
     *   Simulator::Destroy();
     * @endcode
     */
    void Install();

    /**
     * @return the outcome of flow 0, once the simulator has run (before Simulator::Destroy())
     */
    NetbltTransferRecord GetRecord() const;

    /**
     * @param flow the flow, from 0
     * @return its outcome, once the simulator has run (before Simulator::Destroy()); the path
     *         counters (pathDrops, stationResets) and events are the run's, shared by every flow
     */
    NetbltTransferRecord GetRecord(uint32_t flow) const;

    /**
     * @return what the network between the hosts did, once the simulator has run
     */
    NetbltPathRecord GetPathRecord() const;

    /**
     * @param flow the flow, from 0
     * @return its time-sequence trace (empty unless RecordTimeSequences is set)
     */
    const NetbltTimeSequence& GetTimeSequence(uint32_t flow) const;

  protected:
    /**
     * Connects the hosts.
     * @param hosts each flow's sender (host 2f) and receiver (host 2f + 1), with their HostCpu,
     *        no IP stack yet
     * @param stream the first random stream index the network may use
     * @param streamsUsed set to the number of streams it used
     * @return the hosts' devices, in host order (with one flow numbered 10.1.1.1 and 10.1.1.2);
     *         a network that connects only two hosts returns two devices, and Install() then
     *         refuses more than one flow
     */
    virtual NetDeviceContainer InstallNetwork(NodeContainer hosts,
                                              int64_t stream,
                                              int64_t& streamsUsed) = 0;

    /**
     * Gives the hosts (and any gateways the network has) IPv4: by default every host on
     * 10.1.1.0/24 over the devices InstallNetwork() returned, in host order. A network with
     * gateways overrides it to number every link and route between them. Each sender opens
     * its connection to the address of its receiver's device.
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
     * @param prefix file name prefix (directory and "netblt")
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
     * Called once every flow has ended: its receiving client has every byte, or both its ends
     * have closed. The network may stop traffic that only mattered during the transfers (the
     * run then ends once the transfers' last packets have drained). Does nothing by default.
     */
    virtual void TransfersEnded();

    /**
     * Fills in one flow's record with the losses that only some networks have: frames an
     * interface lost because it was sending at the time (senderDeafDrops, receiverDeafDrops),
     * frames line noise corrupted on the way (senderNoiseDrops, receiverNoiseDrops) and the
     * path's losses (pathDrops, stationResets). Leaves them at zero by default.
     * @param flow the flow
     * @param devices its sender's and its receiver's device
     * @param record the record to complete
     */
    virtual void RecordNetworkLosses(uint32_t flow,
                                     const NetDeviceContainer& devices,
                                     NetbltTransferRecord& record) const;

    /**
     * Fills in the counters of the network's gateways and earth stations. Leaves them at zero
     * by default.
     * @param record the path record to complete
     */
    virtual void RecordPath(NetbltPathRecord& record) const;

  private:
    Transport m_transport;     //!< NETBLT or TCP
    uint32_t m_tcpWindow;      //!< TCP's socket buffers, bytes
    uint32_t m_tcpSegmentSize; //!< TCP's MSS (0: the sender's interface MTU less 40)
    BsdTcpSocketFactory::CongestionControl m_tcpCongestionControl; //!< Tahoe or NewReno
    TcpBulkTransfer m_tcp;         //!< the TCP transfer, with Transport TCP
    uint16_t m_burstSize;          //!< BS
    Time m_burstInterval;          //!< BI
    uint16_t m_packetSize;         //!< PSZ
    uint32_t m_bufferSize;         //!< BFSZ
    uint32_t m_transferSize;       //!< XFSZ in bytes
    uint16_t m_outstandingBuffers; //!< NBUFS
    bool m_checksumData;           //!< the C flag
    std::string m_pcapDirectory;   //!< pcap output, if not empty
    Time m_deathTimeout;           //!< both ends' death timer
    Time m_maxSimulatedTime;       //!< safety bound
    HostCpuHelper m_hostCpu;       //!< configures the hosts' processors
    NetbltHelper m_netblt;         //!< configures the NETBLT implementations
    ObjectFactory m_packetBuffers; //!< each host's PacketBufferPool
    /// The receiver's HostCpu and NetbltL4Protocol attributes that differ from the sender's.
    std::vector<std::pair<std::string, Ptr<AttributeValue>>> m_receiverCpuAttributes;
    std::vector<std::pair<std::string, Ptr<AttributeValue>>> m_receiverNetbltAttributes; //!< same
    std::vector<std::pair<std::string, Ptr<AttributeValue>>> m_deviceAttributes; //!< for devices
    std::vector<std::pair<std::string, Ptr<AttributeValue>>>
        m_channelAttributes; //!< for the channel
    std::vector<std::pair<std::string, Ptr<AttributeValue>>>
        m_backgroundAttributes; //!< for the background traffic

    uint32_t m_flows;           //!< transfers at once, each between its own two hosts
    bool m_recordTimeSequences; //!< keep each flow's NetbltTimeSequence
    /// Each flow's sending-client attributes that differ from the experiment's.
    std::vector<std::vector<std::pair<std::string, Ptr<AttributeValue>>>> m_flowAttributes;

    /**
     * One transfer Install() set up, and what the traces gathered during the run. With
     * Transport TCP there is one, without clients (TcpBulkTransfer has them).
     */
    struct Flow
    {
        Ptr<NetbltBulkSendApplication> sender;    //!< the sending client (NETBLT)
        Ptr<NetbltSinkApplication> sink;          //!< the receiving client (NETBLT)
        uint64_t transferSize{0};                 //!< bytes it transfers
        NetbltSteadyStateMeter steadyState;       //!< RFC 1030's steady-state throughput
        NetbltTimeSequence timeSequence;          //!< if RecordTimeSequences
        std::array<uint64_t, 2> interfaceDrops{}; //!< frames each host's device dropped
        bool delivered{false};                    //!< the receiver has every byte
        bool ended{false};                        //!< delivered, or both ends closed
    };

    /**
     * A receiving client's Rx trace: the flow has ended once its bytes are in.
     * @param flow the flow
     */
    void BufferDelivered(Flow* flow, Ptr<const Packet>, uint32_t);
    /**
     * A sending or receiving client's Close trace: the flow has ended once both its ends have
     * closed.
     * @param flow the flow
     */
    void EndClosed(Flow* flow, Ptr<NetbltConnection>, NetbltConnection::CloseReason);
    /**
     * Calls TransfersEnded() once every flow has ended.
     * @param flow a flow that has just ended (again, harmlessly)
     */
    void FlowEnded(Flow* flow);
    /** @param drops a host's counter @param packet a frame its device dropped */
    static void CountInterfaceDrop(uint64_t* drops, Ptr<const Packet> packet);
    /**
     * @param flow a flow index
     * @return the flow; aborts naming the index if there is no such flow
     */
    const Flow& GetFlow(uint32_t flow) const;

    /**
     * Installs NETBLT on every flow's hosts and, per flow, its two clients.
     * @param stream the first random stream index it may use
     */
    void InstallNetblt(int64_t stream);

    /**
     * @param flow a flow index
     * @return the address of the flow's receiver, the one its sender opens the connection to
     */
    Ipv4Address GetReceiverAddress(uint32_t flow) const;

    /**
     * Fills in what a flow's NETBLT connections tell.
     * @param flow the flow
     * @param hosts its sender and its receiver
     * @param record the record
     * @param transmitting the sender's CPU time in its driver's transmit routine
     */
    void FillNetbltRecord(const Flow& flow,
                          const NodeContainer& hosts,
                          NetbltTransferRecord& record,
                          Time transmitting) const;

    // The transfers Install() set up.
    NodeContainer m_hosts;        //!< flow f's sender (2f) and receiver (2f + 1)
    NetDeviceContainer m_devices; //!< their devices
    std::deque<Flow> m_flowState; //!< one per flow (a deque: traces hold their addresses)
    uint32_t m_flowsEnded{0};     //!< flows delivered or closed at both ends
};

} // namespace ns3

#endif /* NETBLT_EXPERIMENT_H */
