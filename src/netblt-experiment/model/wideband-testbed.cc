/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "wideband-testbed.h"

#include "ns3/boolean.h"
#include "ns3/data-rate.h"
#include "ns3/double.h"
#include "ns3/error-model.h"
#include "ns3/etherlink-3c500-net-device.h"
#include "ns3/ethernet-bus-channel.h"
#include "ns3/ethernet-net-device.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv4-static-routing-helper.h"
#include "ns3/ipv4-static-routing.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/netblt-explicit-rate-queue-disc.h"
#include "ns3/netblt-explicit-rate-return-queue-disc.h"
#include "ns3/point-to-point-net-device.h"
#include "ns3/pointer.h"
#include "ns3/queue.h"
#include "ns3/simulator.h"
#include "ns3/source-quench-helper.h"
#include "ns3/stable-streams-internet-stack-helper.h"
#include "ns3/traffic-control-helper.h"
#include "ns3/uinteger.h"
#include "ns3/wideband-channel.h"
#include "ns3/wideband-net-device.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("WidebandTestbed");

NS_OBJECT_ENSURE_REGISTERED(WidebandTestbed);

namespace
{
/// The links of the path, in order from sender to receiver.
enum Link : uint8_t
{
    SUBNET_26 = 0,
    T1_LINE = 1,
    WIDEBAND = 2,
    ISI_ETHERNET = 3,
};

/// The gateways, in order from sender to receiver.
enum Gateway : uint8_t
{
    MIT_GATEWAY = 0,
    BBN_STATION = 1,
    ISI_GATEWAY = 2,
};

/**
 * @param node a node with IPv4
 * @param device one of its devices
 * @return the IPv4 interface index of the device
 */
uint32_t
InterfaceOf(Ptr<Node> node, Ptr<NetDevice> device)
{
    return static_cast<uint32_t>(node->GetObject<Ipv4>()->GetInterfaceForDevice(device));
}

/**
 * @param channel the satellite channel
 * @param station a station index
 * @return the bytes the other stations have left to the station so far
 */
uint64_t
BytesLeftTo(Ptr<WidebandChannel> channel, uint32_t station)
{
    return channel->GetBytesLeftTo(station);
}
} // namespace

TypeId
WidebandTestbed::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::WidebandTestbed")
            .SetParent<Testbed>()
            .SetGroupName("NetbltExperiment")
            .AddConstructor<WidebandTestbed>()
            .AddAttribute("T1Rate",
                          "Bit rate of the line from MIT's gateway to BBN's earth station "
                          "(RFC 1030 §7: a T1 link, 1.544 Mbit/s).",
                          DataRateValue(DataRate("1.544Mbps")),
                          MakeDataRateAccessor(&WidebandTestbed::m_t1Rate),
                          MakeDataRateChecker())
            .AddAttribute("T1Delay",
                          "Propagation delay of the T1 line, one way.",
                          TimeValue(MicroSeconds(100)),
                          MakeTimeAccessor(&WidebandTestbed::m_t1Delay),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("ReceiverDropProbability",
                          "Probability (0 to 1) that the receiving host drops a packet its "
                          "interface has taken (RFC 1030 §7: the SUN-3 drops about 0.5 % of the "
                          "data packets).",
                          DoubleValue(0.0),
                          MakeDoubleAccessor(&WidebandTestbed::m_receiverDropProbability),
                          MakeDoubleChecker<double>(0.0, 1.0))
            .AddAttribute(
                "IsiLockupAfter",
                "How long, in total, ISI's Butterfly gateway may send onto its "
                "Ethernet at IsiLockupRate or more before its Ethernet interface locks "
                "up for the rest of the run (RFC 1030 §7: 'would lock up fairly quickly (in 40-60 "
                "seconds) at packet rates of approximately 90 per second'); 0: never.",
                TimeValue(Time(0)),
                MakeTimeAccessor(&WidebandTestbed::m_isiLockupAfter),
                MakeTimeChecker(Time(0)))
            .AddAttribute("IsiLockupRate",
                          "Packets per second (counted over the last second) at which ISI's "
                          "gateway wears its Ethernet interface down (RFC 1030 §7: about 90).",
                          DoubleValue(90.0),
                          MakeDoubleAccessor(&WidebandTestbed::m_isiLockupRate),
                          MakeDoubleChecker<double>(1.0))
            .AddAttribute("ExplicitRate",
                          "BBN's gateway computes an explicit rate for each NETBLT flow that "
                          "asks for one (NetbltExplicitRateQueueDisc on its interface to the "
                          "earth station, measuring the capacity the other stations leave over "
                          "two reservation rounds). False: the path gives no rate, as in 1987.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&WidebandTestbed::m_explicitRate),
                          MakeBooleanChecker())
            .AddAttribute("SourceQuench",
                          "Whether BBN's earth station sends ICMP Source Quench to the senders "
                          "as its BSAT queue and ESI fill (RFC 1009; a SourceQuenchSender, "
                          "configured by its attribute defaults, on the Wideband device's "
                          "Enqueue trace) and every host hands the quenches it receives to "
                          "its transport (SourceQuenchDispatcher). RFC 1030 reports no Source "
                          "Quench: off by default. The threshold: SourceQuenchThreshold.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&WidebandTestbed::m_sourceQuench),
                          MakeBooleanChecker())
            .AddAttribute("SourceQuenchThreshold",
                          "With SourceQuench, the share of the ESI's buffer (EsiBufferBytes) "
                          "that BBN's BSAT queue and ESI must hold together before the station "
                          "quenches. RFC 1009 asks a gateway to quench before it must drop and "
                          "names no level. Default 0.875 (56 KB of 64 KB): at full rate the "
                          "station keeps what it holds between request and transmission, one "
                          "hop and the lead (340 ms) at the channel's rate, about 45 KB, and up "
                          "to 50 KB as frames are shared (models/networks/wideband.json), so a "
                          "lower level quenches a path that is merely full; the last eighth "
                          "(8 KB, five datagrams) is room for what arrives while a quench "
                          "crosses the T1 line and Subnet 26 to the senders.",
                          DoubleValue(0.875),
                          MakeDoubleAccessor(&WidebandTestbed::m_sourceQuenchThreshold),
                          MakeDoubleChecker<double>(0.0, 1.0));
    return tid;
}

WidebandTestbed::WidebandTestbed()
{
    NS_LOG_FUNCTION(this);
}

WidebandTestbed::~WidebandTestbed()
{
    NS_LOG_FUNCTION(this);
}

void
WidebandTestbed::SetWidebandChannelAttribute(const std::string& name, const AttributeValue& value)
{
    m_widebandChannelAttributes.emplace_back(name, value.Copy());
}

void
WidebandTestbed::SetWidebandDeviceAttribute(const std::string& name, const AttributeValue& value)
{
    m_widebandDeviceAttributes.emplace_back(name, value.Copy());
}

NetDeviceContainer
WidebandTestbed::InstallNetwork(NodeContainer hosts, int64_t stream, int64_t& streamsUsed)
{
    m_gateways = NodeContainer();
    m_gateways.Create(3);
    const uint32_t flows = hosts.GetN() / 2;
    auto sender = [&hosts](uint32_t flow) { return hosts.Get(2 * flow); };
    auto receiver = [&hosts](uint32_t flow) { return hosts.Get(2 * flow + 1); };

    // Subnet 26: flow 0's 3C500 at one end of the cable, MIT's gateway at the other, the other
    // flows' in between.
    m_subnet26 = EthernetHelper();
    ApplyNetworkAttributes(m_subnet26);
    m_plainEthernet = EthernetHelper();
    m_plainEthernet.SetDeviceType("ns3::EthernetNetDevice");
    NetDeviceContainer subnet26 = m_subnet26.Install(NodeContainer(sender(0)));
    m_subnet26Channel = DynamicCast<EthernetBusChannel>(subnet26.Get(0)->GetChannel());
    DoubleValue length;
    m_subnet26Channel->GetAttribute("Length", length);
    subnet26.Add(
        m_plainEthernet.Install(m_gateways.Get(MIT_GATEWAY), m_subnet26Channel, length.Get()));
    for (uint32_t flow = 1; flow < flows; ++flow)
    {
        subnet26.Add(
            m_subnet26.Install(sender(flow), m_subnet26Channel, length.Get() * flow / flows));
    }
    m_senderNoiseDrops.assign(subnet26.GetN(), 0);
    m_subnet26Channel->TraceConnectWithoutContext(
        "NoiseCorruption",
        MakeCallback(&WidebandTestbed::CountNoiseDrop, this));

    m_t1 = PointToPointHelper();
    m_t1.SetDeviceAttribute("DataRate", DataRateValue(m_t1Rate));
    m_t1.SetChannelAttribute("Delay", TimeValue(m_t1Delay));
    NetDeviceContainer t1 = m_t1.Install(m_gateways.Get(MIT_GATEWAY), m_gateways.Get(BBN_STATION));
    m_t1QueuePeak = 0;
    DynamicCast<PointToPointNetDevice>(t1.Get(0))->GetQueue()->TraceConnectWithoutContext(
        "PacketsInQueue",
        MakeCallback(&WidebandTestbed::WatchT1Queue, this));

    m_wideband = WidebandHelper();
    for (const auto& [name, value] : m_widebandChannelAttributes)
    {
        m_wideband.SetChannelAttribute(name, *value);
    }
    for (const auto& [name, value] : m_widebandDeviceAttributes)
    {
        m_wideband.SetDeviceAttribute(name, *value);
    }
    NetDeviceContainer wideband =
        m_wideband.Install(NodeContainer(m_gateways.Get(BBN_STATION), m_gateways.Get(ISI_GATEWAY)));

    // ISI's Ethernet: RFC 1030 says nothing of its load or noise, so it is quiet.
    NetDeviceContainer isi = m_plainEthernet.Install(NodeContainer(m_gateways.Get(ISI_GATEWAY)));
    Ptr<EthernetBusChannel> isiChannel = DynamicCast<EthernetBusChannel>(isi.Get(0)->GetChannel());
    isiChannel->GetAttribute("Length", length);
    std::vector<Ptr<RateErrorModel>> receiverDrops;
    for (uint32_t flow = 0; flow < flows; ++flow)
    {
        Ptr<RateErrorModel> drops = CreateObject<RateErrorModel>();
        drops->SetUnit(RateErrorModel::ERROR_UNIT_PACKET);
        drops->SetRate(m_receiverDropProbability);
        receiverDrops.push_back(drops);
        isi.Add(InstallReceiverInterface(receiver(flow),
                                         isiChannel,
                                         length.Get() * (flows - flow) / flows,
                                         drops));
    }

    int64_t current = stream;
    current += m_subnet26.AssignStreams(subnet26, current);
    current += m_plainEthernet.AssignStreams(isi, current);
    current += m_wideband.AssignStreams(wideband, current);
    for (const Ptr<RateErrorModel>& drops : receiverDrops)
    {
        current += drops->AssignStreams(current);
    }
    streamsUsed = current - stream;
    m_links = {subnet26, t1, wideband, isi};
    m_isiRecentFrames.clear();
    m_isiBusyTime = Time(0);
    m_isiLockedUp = false;
    if (m_isiLockupAfter.IsStrictlyPositive())
    {
        isi.Get(0)->TraceConnectWithoutContext(
            "MacTx",
            MakeCallback(&WidebandTestbed::WatchIsiGateway, this));
    }
    NetDeviceContainer hostDevices;
    for (uint32_t flow = 0; flow < flows; ++flow)
    {
        hostDevices.Add(subnet26.Get(flow == 0 ? 0 : flow + 1));
        hostDevices.Add(isi.Get(flow + 1));
    }
    return hostDevices;
}

Ptr<NetDevice>
WidebandTestbed::InstallReceiverInterface(Ptr<Node> receiver,
                                          Ptr<EthernetBusChannel> channel,
                                          double position,
                                          Ptr<RateErrorModel> drops)
{
    Ptr<NetDevice> device = m_plainEthernet.Install(receiver, channel, position);
    DynamicCast<EthernetNetDevice>(device)->SetReceiveErrorModel(drops);
    return device;
}

EthernetHelper&
WidebandTestbed::GetSenderInterfaceHelper()
{
    return m_subnet26;
}

void
WidebandTestbed::InstallInternet(NodeContainer hosts,
                                 const NetDeviceContainer& devices,
                                 int64_t stream,
                                 int64_t& streamsUsed)
{
    NodeContainer all(hosts, m_gateways);
    StableStreamsInternetStackHelper internet;
    internet.Install(all);
    streamsUsed = internet.AssignStreams(all, stream);
    std::array<Ipv4InterfaceContainer, 4> interfaces;
    Ipv4AddressHelper addresses("10.1.1.0", "255.255.255.0");
    for (uint32_t link = 0; link < m_links.size(); ++link)
    {
        interfaces[link] = AssignFifoAddresses(addresses, m_links[link]);
        addresses.NewNetwork();
    }
    // Each link's first two devices are in path order, so the next hop towards the receivers
    // is the link's second address and towards the senders its first.
    auto toward = [&interfaces](Link link, bool receiverSide) {
        return interfaces[link].GetAddress(receiverSide ? 1 : 0);
    };
    Ipv4StaticRoutingHelper routing;
    auto route = [&routing](Ptr<Node> node) {
        return routing.GetStaticRouting(node->GetObject<Ipv4>());
    };
    Ptr<Node> mit = m_gateways.Get(MIT_GATEWAY);
    Ptr<Node> bbn = m_gateways.Get(BBN_STATION);
    Ptr<Node> isi = m_gateways.Get(ISI_GATEWAY);
    for (uint32_t host = 0; host < hosts.GetN(); host += 2)
    {
        Ptr<Node> sender = hosts.Get(host);
        route(sender)->SetDefaultRoute(toward(SUBNET_26, true),
                                       InterfaceOf(sender, devices.Get(host)));
    }
    route(mit)->SetDefaultRoute(toward(T1_LINE, true), InterfaceOf(mit, m_links[T1_LINE].Get(0)));
    route(bbn)->AddNetworkRouteTo(Ipv4Address("10.1.1.0"),
                                  Ipv4Mask("255.255.255.0"),
                                  toward(T1_LINE, false),
                                  InterfaceOf(bbn, m_links[T1_LINE].Get(1)));
    route(bbn)->SetDefaultRoute(toward(WIDEBAND, true), InterfaceOf(bbn, m_links[WIDEBAND].Get(0)));
    route(isi)->SetDefaultRoute(toward(WIDEBAND, false),
                                InterfaceOf(isi, m_links[WIDEBAND].Get(1)));
    if (m_explicitRate)
    {
        InstallExplicitRate();
    }
    for (uint32_t host = 1; host < hosts.GetN(); host += 2)
    {
        Ptr<Node> receiver = hosts.Get(host);
        route(receiver)->SetDefaultRoute(toward(ISI_ETHERNET, false),
                                         InterfaceOf(receiver, devices.Get(host)));
    }
    if (m_sourceQuench)
    {
        SourceQuenchHelper quench;
        UintegerValue esiBytes;
        m_links[WIDEBAND].Get(0)->GetAttribute("EsiBufferBytes", esiBytes);
        quench.SetSenderAttribute(
            "ThresholdBytes",
            UintegerValue(static_cast<uint32_t>(m_sourceQuenchThreshold * esiBytes.Get())));
        quench.InstallSender(m_links[WIDEBAND].Get(0), "Enqueue");
        quench.InstallDispatchers(hosts);
    }
}

void
WidebandTestbed::InstallExplicitRate()
{
    auto station = DynamicCast<WidebandNetDevice>(m_links[WIDEBAND].Get(0));
    auto channel = DynamicCast<WidebandChannel>(station->GetChannel());
    TrafficControlHelper control;
    control.SetRootQueueDisc("ns3::NetbltExplicitRateQueueDisc",
                             "AveragingInterval",
                             TimeValue(2 * channel->GetReservationRound()));
    QueueDiscContainer discs = control.Install(station);
    m_explicitRateDisc = DynamicCast<NetbltExplicitRateQueueDisc>(discs.Get(0));
    channel->WatchCapacity(station->GetStation(), station->GetMtu());
    m_explicitRateDisc->SetCapacityProbe(
        MakeBoundCallback(&BytesLeftTo, channel, station->GetStation()));
    // The way back to the senders, for the rate in a newcomer's RESPONSE.
    TrafficControlHelper back;
    back.SetRootQueueDisc("ns3::NetbltExplicitRateReturnQueueDisc");
    QueueDiscContainer backDiscs = back.Install(m_links[T1_LINE].Get(1));
    DynamicCast<NetbltExplicitRateReturnQueueDisc>(backDiscs.Get(0))
        ->SetForwardDisc(m_explicitRateDisc);
}

Ptr<NetbltExplicitRateQueueDisc>
WidebandTestbed::GetExplicitRateQueueDisc() const
{
    return m_explicitRateDisc;
}

void
WidebandTestbed::EnablePcap(const std::string& prefix)
{
    // Every hop: each helper writes the devices of its own kind, both Ethernets through one.
    m_plainEthernet.EnablePcapAll(prefix);
    m_t1.EnablePcapAll(prefix);
    m_wideband.EnablePcapAll(prefix);
}

std::vector<std::string>
WidebandTestbed::GetTransmitActivities() const
{
    return {Etherlink3c500NetDevice::TRANSMIT_ACTIVITY};
}

void
WidebandTestbed::TransfersEnded()
{
    if (m_subnet26Channel)
    {
        m_subnet26Channel->StopBackground();
    }
}

void
WidebandTestbed::WatchIsiGateway(Ptr<const Packet> /* frame */)
{
    const Time now = Simulator::Now();
    const bool wasBusy = m_isiRecentFrames.size() >= m_isiLockupRate;
    const Time previous = m_isiRecentFrames.empty() ? now : m_isiRecentFrames.back();
    m_isiRecentFrames.push_back(now);
    while (m_isiRecentFrames.front() <= now - Seconds(1))
    {
        m_isiRecentFrames.pop_front();
    }
    // The interface wears down for as long as the rate stays up, in total.
    if (wasBusy && m_isiRecentFrames.size() >= m_isiLockupRate)
    {
        m_isiBusyTime += now - previous;
    }
    if (!m_isiLockedUp && m_isiBusyTime >= m_isiLockupAfter)
    {
        NS_LOG_INFO("ISI's gateway Ethernet interface locks up at " << now.As(Time::S));
        m_isiLockedUp = true;
        Ptr<Node> gateway = m_gateways.Get(ISI_GATEWAY);
        Ptr<Ipv4> ipv4 = gateway->GetObject<Ipv4>();
        ipv4->SetDown(InterfaceOf(gateway, m_links[ISI_ETHERNET].Get(0)));
    }
}

void
WidebandTestbed::CountNoiseDrop(Ptr<const Packet> /* frame */, uint32_t device)
{
    // The senders are Subnet 26's devices but MIT's gateway (device 1).
    if (device < m_senderNoiseDrops.size())
    {
        ++m_senderNoiseDrops[device];
    }
}

void
WidebandTestbed::WatchT1Queue(uint32_t /* before */, uint32_t packets)
{
    m_t1QueuePeak = std::max(m_t1QueuePeak, packets);
}

void
WidebandTestbed::RecordNetworkLosses(uint32_t flow,
                                     const NetDeviceContainer& devices,
                                     TransferRecord& record) const
{
    record.senderDeafDrops = DynamicCast<Etherlink3c500NetDevice>(devices.Get(0))->GetRxLostDeaf();
    if (Ptr<Etherlink3c500NetDevice> pc = DynamicCast<Etherlink3c500NetDevice>(devices.Get(1)))
    {
        record.receiverDeafDrops = pc->GetRxLostDeaf();
    }
    record.senderNoiseDrops = m_senderNoiseDrops[flow == 0 ? 0 : flow + 1];
    PathRecord path;
    RecordPath(path);
    record.pathDrops = path.pathDrops;
    record.stationResets = path.stationResets;
}

void
WidebandTestbed::RecordPath(PathRecord& record) const
{
    for (uint32_t i = 0; i < m_links[WIDEBAND].GetN(); ++i)
    {
        Ptr<WidebandNetDevice> station = DynamicCast<WidebandNetDevice>(m_links[WIDEBAND].Get(i));
        record.pathDrops += station->GetDamagedReceptions() + station->GetTransmitDrops();
        record.stationResets += station->GetResets();
        record.esiOverflows += station->GetEsiOverflows();
    }
    for (uint32_t i = 0; i < m_links[T1_LINE].GetN(); ++i)
    {
        Ptr<PointToPointNetDevice> line =
            DynamicCast<PointToPointNetDevice>(m_links[T1_LINE].Get(i));
        record.pathDrops += line->GetQueue()->GetTotalDroppedPackets();
    }
    record.gatewayQueuePeak = m_t1QueuePeak;
    Ptr<WidebandNetDevice> bbn = DynamicCast<WidebandNetDevice>(m_links[WIDEBAND].Get(0));
    record.bsatQueuePeak = bbn->GetPeakBsatQueue();
    record.esiPeakBytes = bbn->GetPeakEsiBytes();
    record.largestRequest = bbn->GetLargestRequest();
    record.datagramsSent = bbn->GetDatagramsSent();
    record.reservationsLost = bbn->GetReservationsLost();
    Ptr<WidebandChannel> channel = DynamicCast<WidebandChannel>(bbn->GetChannel());
    record.channelCapacityMbps =
        channel->GetUsableBitsPerFrame() / channel->GetFramePeriod().GetSeconds() / 1e6;
}

} // namespace ns3
