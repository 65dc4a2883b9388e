/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_EXPERIMENT_H
#define NETBLT_EXPERIMENT_H

#include "netblt-steady-state-meter.h"
#include "netblt-transfer-record.h"

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
#include <string>
#include <utility>
#include <vector>

/**
 * @defgroup netblt-experiment NETBLT experiments
 *
 * One NETBLT transfer between two hosts over a network, as RFC 1030's test program ran it.
 */

namespace ns3
{

/**
 * @ingroup netblt-experiment
 * @brief One memory-to-memory NETBLT transfer between two hosts (RFC 1030 §3): the test
 * program's parameters as attributes, the network left to a subclass.
 *
 * Install() builds two hosts with a processor each (HostCpu, configured with
 * SetHostAttribute()), lets the subclass connect them (InstallNetwork()), installs IPv4 and
 * NETBLT (configured with SetNetbltAttribute()) and the clients that transfer TransferSize
 * bytes from host 0 to host 1; the caller runs the simulator, and GetRecord() returns the
 * counts and throughputs RFC 1030's tables report. Every random stream is assigned from index
 * 0, so with the same seed (RngSeedManager) a run depends on its attributes alone.
 */
class NetbltExperiment : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

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
     * Sets the transfer up in the simulator: hosts, network, IPv4, NETBLT, the two clients and
     * the traces the record needs, and a stop at MaxSimulatedTime. The caller owns the
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
     * @return the outcome, once the simulator has run (before Simulator::Destroy())
     */
    NetbltTransferRecord GetRecord() const;

  protected:
    /**
     * Connects the two hosts.
     * @param hosts the sender (0) and the receiver (1), with their HostCpu, no IP stack yet
     * @param stream the first random stream index the network may use
     * @param streamsUsed set to the number of streams it used
     * @return the hosts' devices, in host order, to be numbered 10.1.1.1 and 10.1.1.2
     */
    virtual NetDeviceContainer InstallNetwork(NodeContainer hosts,
                                              int64_t stream,
                                              int64_t& streamsUsed) = 0;

    /**
     * Gives the hosts (and any gateways the network has) IPv4: by default both hosts on
     * 10.1.1.0/24 over the devices InstallNetwork() returned. A network with gateways overrides
     * it to number every link and route between them.
     * @param hosts the sender (0) and the receiver (1)
     * @param devices the hosts' devices, as InstallNetwork() returned them
     * @param stream the first random stream index it may use
     * @param streamsUsed set to the number of streams it used
     * @return the receiver's address, the one the sender opens the connection to
     */
    virtual Ipv4Address InstallInternet(NodeContainer hosts,
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
     * Called once the receiving client has every byte: the network may stop traffic that only
     * mattered during the transfer. Does nothing by default.
     */
    virtual void TransferDelivered();

    /**
     * Fills in the record's losses that only some networks have: frames an interface lost
     * because it was sending at the time (senderDeafDrops, receiverDeafDrops) and frames line
     * noise corrupted on the way (senderNoiseDrops, receiverNoiseDrops). Leaves them at zero by
     * default.
     * @param devices the hosts' devices, as InstallNetwork() returned them
     * @param record the record to complete
     */
    virtual void RecordNetworkLosses(const NetDeviceContainer& devices,
                                     NetbltTransferRecord& record) const;

    /** @return the bytes transferred (TransferSize) */
    uint32_t GetTransferSize() const;

  private:
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

    /**
     * The receiving client's Rx trace: calls TransferDelivered() once every byte is in.
     */
    void BufferDelivered(Ptr<const Packet>, uint32_t);
    /** @param drops a host's counter @param packet a frame its device dropped */
    static void CountInterfaceDrop(uint64_t* drops, Ptr<const Packet> packet);

    // The transfer Install() set up, and what the traces gathered during the run.
    NodeContainer m_hosts;                      //!< sender (0) and receiver (1)
    NetDeviceContainer m_devices;               //!< their devices
    Ptr<NetbltBulkSendApplication> m_sender;    //!< the sending client
    Ptr<NetbltSinkApplication> m_sink;          //!< the receiving client
    NetbltSteadyStateMeter m_steadyState;       //!< RFC 1030's steady-state throughput
    std::array<uint64_t, 2> m_interfaceDrops{}; //!< frames each host's device dropped
    bool m_delivered{false};                    //!< the receiver has every byte
};

} // namespace ns3

#endif /* NETBLT_EXPERIMENT_H */
