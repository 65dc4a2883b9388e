/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "point-to-point-testbed.h"

#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PointToPointTestbed");

NS_OBJECT_ENSURE_REGISTERED(PointToPointTestbed);

TypeId
PointToPointTestbed::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::PointToPointTestbed")
            .SetParent<Testbed>()
            .SetGroupName("NetbltExperiment")
            .AddConstructor<PointToPointTestbed>()
            .AddAttribute("LinkRate",
                          "Bit rate of the link.",
                          DataRateValue(DataRate("10Mbps")),
                          MakeDataRateAccessor(&PointToPointTestbed::m_linkRate),
                          MakeDataRateChecker())
            .AddAttribute("LinkDelay",
                          "One-way propagation delay of the link.",
                          TimeValue(MilliSeconds(1)),
                          MakeTimeAccessor(&PointToPointTestbed::m_linkDelay),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("Mtu",
                          "IP MTU of the link, bytes; larger NETBLT packets are fragmented by IP.",
                          UintegerValue(1500),
                          MakeUintegerAccessor(&PointToPointTestbed::m_mtu),
                          MakeUintegerChecker<uint16_t>(68))
            .AddAttribute("LossRate",
                          "Probability that a packet is lost, in each direction (ns-3 "
                          "RateErrorModel per packet at each receiving device).",
                          DoubleValue(0.0),
                          MakeDoubleAccessor(&PointToPointTestbed::m_lossRate),
                          MakeDoubleChecker<double>(0.0, 1.0))
            .AddAttribute("ReorderProbability",
                          "Probability that a packet is held back by ReorderDelay.",
                          DoubleValue(0.0),
                          MakeDoubleAccessor(&PointToPointTestbed::m_reorderProbability),
                          MakeDoubleChecker<double>(0.0, 1.0))
            .AddAttribute("ReorderDelay",
                          "Extra delay of a re-ordered packet.",
                          TimeValue(MilliSeconds(20)),
                          MakeTimeAccessor(&PointToPointTestbed::m_reorderDelay),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("DuplicateProbability",
                          "Probability that a packet is delivered twice.",
                          DoubleValue(0.0),
                          MakeDoubleAccessor(&PointToPointTestbed::m_duplicateProbability),
                          MakeDoubleChecker<double>(0.0, 1.0))
            .AddAttribute("CorruptProbability",
                          "Probability that one bit of a packet's IP payload is flipped.",
                          DoubleValue(0.0),
                          MakeDoubleAccessor(&PointToPointTestbed::m_corruptProbability),
                          MakeDoubleChecker<double>(0.0, 1.0));
    return tid;
}

PointToPointTestbed::PointToPointTestbed()
{
    NS_LOG_FUNCTION(this);
}

PointToPointTestbed::~PointToPointTestbed()
{
    NS_LOG_FUNCTION(this);
}

uint32_t
PointToPointTestbed::GetMaxTransfers() const
{
    return 1;
}

NetDeviceContainer
PointToPointTestbed::InstallNetwork(NodeContainer hosts, int64_t stream, int64_t& streamsUsed)
{
    NetbltTwoHostHelper::Link link;
    link.dataRate = m_linkRate;
    link.delay = m_linkDelay;
    link.mtu = m_mtu;
    link.reorderProbability = m_reorderProbability;
    link.reorderDelay = m_reorderDelay;
    link.duplicateProbability = m_duplicateProbability;
    link.corruptProbability = m_corruptProbability;
    link.lossRate = {m_lossRate, m_lossRate};
    m_topology = NetbltTwoHostHelper(link);
    ApplyNetworkAttributes(m_topology.GetLinkHelper());
    int64_t next = stream;
    NetDeviceContainer devices = m_topology.InstallLink(hosts, next);
    streamsUsed = next - stream;
    return devices;
}

void
PointToPointTestbed::EnablePcap(const std::string& prefix)
{
    m_topology.GetLinkHelper().EnablePcapAll(prefix);
}

} // namespace ns3
