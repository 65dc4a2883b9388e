/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-two-host-helper.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/host-cpu-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/log.h"
#include "ns3/netblt-l4-protocol.h"
#include "ns3/pointer.h"
#include "ns3/stable-streams-internet-stack-helper.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NetbltTwoHostHelper");

NetbltTwoHostHelper::NetbltTwoHostHelper()
    : NetbltTwoHostHelper(Link())
{
}

NetbltTwoHostHelper::NetbltTwoHostHelper(const Link& link)
    : m_link(link)
{
    m_helper.SetDeviceAttribute("DataRate", DataRateValue(link.dataRate));
    m_helper.SetDeviceAttribute("Mtu", UintegerValue(link.mtu));
    m_helper.SetChannelAttribute("Delay", TimeValue(link.delay));
    m_helper.SetChannelAttribute("ReorderProbability", DoubleValue(link.reorderProbability));
    m_helper.SetChannelAttribute("ReorderDelay", TimeValue(link.reorderDelay));
    m_helper.SetChannelAttribute("DuplicateProbability", DoubleValue(link.duplicateProbability));
    m_helper.SetChannelAttribute("CorruptProbability", DoubleValue(link.corruptProbability));
    m_helper.SetChannelAttribute("CorruptIpProtocol", UintegerValue(NetbltL4Protocol::PROT_NUMBER));
}

ImpairedPointToPointHelper&
NetbltTwoHostHelper::GetLinkHelper()
{
    return m_helper;
}

NetDeviceContainer
NetbltTwoHostHelper::InstallLink(NodeContainer hosts, int64_t& stream)
{
    NS_LOG_FUNCTION(this << stream);
    NS_ABORT_MSG_UNLESS(hosts.GetN() == 2, "NetbltTwoHostHelper: two hosts, not " << hosts.GetN());
    NetDeviceContainer devices = m_helper.Install(hosts.Get(0), hosts.Get(1));
    stream += m_helper.AssignStreams(devices, stream);
    for (uint32_t i = 0; i < devices.GetN(); ++i)
    {
        Ptr<ErrorModel> model = m_link.receiveErrorModel[i];
        if (!model)
        {
            Ptr<RateErrorModel> loss = CreateObject<RateErrorModel>();
            loss->SetUnit(RateErrorModel::ERROR_UNIT_PACKET);
            loss->SetRate(m_link.lossRate[i]);
            stream += loss->AssignStreams(stream);
            model = loss;
        }
        devices.Get(i)->SetAttribute("ReceiveErrorModel", PointerValue(model));
    }
    return devices;
}

Ipv4InterfaceContainer
NetbltTwoHostHelper::InstallHosts(NodeContainer hosts,
                                  NetDeviceContainer devices,
                                  NetbltHelper netblt,
                                  bool hostCpu,
                                  int64_t& stream)
{
    NS_LOG_FUNCTION(this << hostCpu << stream);
    if (hostCpu)
    {
        HostCpuHelper().Install(hosts);
    }
    StableStreamsInternetStackHelper internet;
    internet.Install(hosts);
    stream += internet.AssignStreams(hosts, stream);
    Ipv4AddressHelper addresses("10.1.1.0", "255.255.255.0");
    Ipv4InterfaceContainer interfaces = addresses.Assign(devices);
    netblt.Install(hosts);
    stream += netblt.AssignStreams(hosts, stream);
    return interfaces;
}

} // namespace ns3
