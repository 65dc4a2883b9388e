/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef WIDEBAND_TESTBED_H
#define WIDEBAND_TESTBED_H

#include "testbed.h"

#include "ns3/data-rate.h"
#include "ns3/ethernet-helper.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/wideband-helper.h"

#include <array>
#include <deque>
#include <string>
#include <vector>

namespace ns3
{

class EthernetBusChannel;
class NetbltExplicitRateQueueDisc;
class RateErrorModel;

/**
 * @ingroup netblt-experiment
 * @brief NETBLT transfers across the path of RFC 1030 Table IV: an IBM PC/AT on MIT's
 * Subnet 26, a Butterfly gateway, the T1 line to BBN, BBN's Wideband earth station, the
 * satellite channel, ISI's earth station and Butterfly gateway, ISI's Ethernet and a SUN-3;
 * with several flows, one PC/AT and one SUN-3 per flow, all through the same gateways, line
 * and channel (RFC 1030 §8).
 *
 * Each sender has a 3Com 3C500 on a copy of Subnet 26 (SetDeviceAttribute() and
 * SetChannelAttribute() configure them, as for EthernetTestbed); each receiver an
 * Ethernet interface with a ring of receive buffers (an ideal EthernetNetDevice) on ISI's
 * Ethernet. The gateways forward with ns-3's IPv4, which fragments datagrams larger than the
 * Wideband interface's Mtu. SetWidebandChannelAttribute() and SetWidebandDeviceAttribute()
 * configure the satellite channel and both stations.
 *
 * Links are numbered 10.1.1.0/24 (Subnet 26), 10.1.2.0/24 (T1), 10.1.3.0/24 (Wideband) and
 * 10.1.4.0/24 (ISI), with static routes. Flow 0's PC/AT taps Subnet 26 at one end and MIT's
 * gateway at the other (10.1.1.1 and 10.1.1.2); the other flows' PC/ATs tap it in between, at
 * f / Flows of its length, numbered from 10.1.1.3. On ISI's Ethernet the gateway is at one
 * end, flow 0's SUN-3 at the other (10.1.4.1 and 10.1.4.2), the other flows' SUN-3s at
 * 1 - f / Flows of its length, from 10.1.4.3.
 *
 * With SourceQuench on, BBN's earth station is a gateway that sends ICMP Source Quench (RFC
 * 1009): a SourceQuenchSender on its Wideband device's Enqueue trace (what the BSAT queue and
 * the ESI hold), configured by the SourceQuenchSender's attribute defaults, and every host hands
 * the quenches it receives to its transport (SourceQuenchDispatcher). Off by default: nothing
 * of it is installed, and every run is as before.
 */
class WidebandTestbed : public Testbed
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    WidebandTestbed();
    ~WidebandTestbed() override;

    /**
     * @param name a WidebandChannel attribute
     * @param value its value
     */
    void SetWidebandChannelAttribute(const std::string& name, const AttributeValue& value);

    /**
     * @param name a WidebandNetDevice attribute
     * @param value its value for both earth stations
     */
    void SetWidebandDeviceAttribute(const std::string& name, const AttributeValue& value);

    /**
     * @return the explicit-rate queue disc on BBN's gateway (the ExplicitRate attribute), or
     *         null
     */
    Ptr<NetbltExplicitRateQueueDisc> GetExplicitRateQueueDisc() const;

  protected:
    NetDeviceContainer InstallNetwork(NodeContainer hosts,
                                      int64_t stream,
                                      int64_t& streamsUsed) override;
    void InstallInternet(NodeContainer hosts,
                         const NetDeviceContainer& devices,
                         int64_t stream,
                         int64_t& streamsUsed) override;
    void EnablePcap(const std::string& prefix) override;
    std::vector<std::string> GetTransmitActivities() const override;
    void TransfersEnded() override;
    void RecordNetworkLosses(uint32_t flow,
                             const NetDeviceContainer& devices,
                             TransferRecord& record) const override;
    void RecordPath(PathRecord& record) const override;

    /**
     * Puts a receiving host on ISI's Ethernet: by default with an interface that has a ring
     * of receive buffers (the SUN-3's), which drops ReceiverDropProbability of what it takes.
     * @param receiver the receiving host
     * @param channel ISI's Ethernet
     * @param position where the host taps the cable (m)
     * @param drops the receiver's own error model, which applies ReceiverDropProbability
     * @return its device
     */
    virtual Ptr<NetDevice> InstallReceiverInterface(Ptr<Node> receiver,
                                                    Ptr<EthernetBusChannel> channel,
                                                    double position,
                                                    Ptr<RateErrorModel> drops);

    /** @return the helper that builds the sender's 3C500 (configured from models/) */
    EthernetHelper& GetSenderInterfaceHelper();

  private:
    /** Installs the explicit-rate queue disc on BBN's interface to its earth station. */
    void InstallExplicitRate();

    /**
     * Counts a frame noise corrupted on its way to a sender.
     * @param frame the corrupted frame
     * @param device the receiving device's index on Subnet 26
     */
    void CountNoiseDrop(Ptr<const Packet> frame, uint32_t device);

    /**
     * Keeps the peak of the MIT gateway's queue for the T1 line.
     * @param before packets queued before
     * @param packets packets queued now
     */
    void WatchT1Queue(uint32_t before, uint32_t packets);

    /**
     * Watches the rate at which ISI's gateway sends onto its Ethernet; locks its interface up
     * (IPv4 interface down) once it has spent IsiLockupAfter in total at IsiLockupRate or more.
     * @param frame a frame the gateway's Ethernet interface sends
     */
    void WatchIsiGateway(Ptr<const Packet> frame);

    DataRate m_t1Rate;                //!< rate of the MIT-BBN line
    Time m_t1Delay;                   //!< its propagation delay
    double m_receiverDropProbability; //!< data the receiving hosts drop
    EthernetHelper m_subnet26;        //!< the sender's Ethernet (3C500 attributes)
    EthernetHelper m_plainEthernet;   //!< gateway and SUN-3 interfaces
    PointToPointHelper m_t1;          //!< the T1 line
    WidebandHelper m_wideband;        //!< the satellite channel and its stations
    std::vector<std::pair<std::string, Ptr<AttributeValue>>> m_widebandChannelAttributes; //!< set
    std::vector<std::pair<std::string, Ptr<AttributeValue>>> m_widebandDeviceAttributes;  //!< set
    NodeContainer m_gateways;                  //!< MIT's gateway, BBN's station, ISI's gateway
    std::array<NetDeviceContainer, 4> m_links; //!< Subnet 26, T1, Wideband, ISI Ethernet
    Ptr<EthernetBusChannel> m_subnet26Channel; //!< to stop its background at the end
    std::vector<uint64_t> m_senderNoiseDrops;  //!< frames noise corrupted, per Subnet 26 device
    Time m_isiLockupAfter;                     //!< 0: ISI's gateway never locks up
    double m_isiLockupRate;                    //!< packets per second that wear it down
    std::deque<Time> m_isiRecentFrames;        //!< the gateway's frames of the last second
    Time m_isiBusyTime;                        //!< time it has spent sending at the rate, in total
    bool m_isiLockedUp{false};                 //!< its interface has locked up
    uint32_t m_t1QueuePeak{0};                 //!< most packets MIT's gateway queued for the T1
    bool m_explicitRate{false};                //!< attribute ExplicitRate
    Ptr<NetbltExplicitRateQueueDisc> m_explicitRateDisc; //!< with ExplicitRate
    bool m_sourceQuench{false};                          //!< attribute SourceQuench
    double m_sourceQuenchThreshold{0.875};               //!< attribute SourceQuenchThreshold
};

} // namespace ns3

#endif /* WIDEBAND_TESTBED_H */
