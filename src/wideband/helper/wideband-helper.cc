/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "wideband-helper.h"

#include "ns3/log.h"
#include "ns3/mac48-address.h"
#include "ns3/node.h"
#include "ns3/pcap-file-wrapper.h"
#include "ns3/wideband-channel.h"
#include "ns3/wideband-net-device.h"

#include <set>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("WidebandHelper");

WidebandHelper::WidebandHelper()
{
    m_deviceFactory.SetTypeId("ns3::WidebandNetDevice");
    m_channelFactory.SetTypeId("ns3::WidebandChannel");
}

WidebandHelper::~WidebandHelper()
{
}

void
WidebandHelper::SetDeviceAttribute(std::string name, const AttributeValue& value)
{
    m_deviceFactory.Set(name, value);
}

void
WidebandHelper::SetChannelAttribute(std::string name, const AttributeValue& value)
{
    m_channelFactory.Set(name, value);
}

NetDeviceContainer
WidebandHelper::Install(NodeContainer c) const
{
    NS_LOG_FUNCTION(this);
    Ptr<WidebandChannel> channel = m_channelFactory.Create<WidebandChannel>();
    NetDeviceContainer devices;
    for (auto node = c.Begin(); node != c.End(); ++node)
    {
        Ptr<WidebandNetDevice> device = m_deviceFactory.Create<WidebandNetDevice>();
        device->SetAddress(Mac48Address::Allocate());
        (*node)->AddDevice(device);
        device->Attach(channel);
        devices.Add(device);
    }
    return devices;
}

int64_t
WidebandHelper::AssignStreams(NetDeviceContainer c, int64_t stream) const
{
    int64_t current = stream;
    std::set<Ptr<Channel>> done;
    for (auto device = c.Begin(); device != c.End(); ++device)
    {
        Ptr<WidebandChannel> channel = DynamicCast<WidebandChannel>((*device)->GetChannel());
        if (channel && done.insert(channel).second)
        {
            current += channel->AssignStreams(current);
        }
    }
    return current - stream;
}

void
WidebandHelper::EnablePcapInternal(std::string prefix,
                                   Ptr<NetDevice> nd,
                                   bool promiscuous,
                                   bool explicitFilename)
{
    Ptr<WidebandNetDevice> device = nd->GetObject<WidebandNetDevice>();
    if (!device)
    {
        return;
    }
    PcapHelper pcapHelper;
    const std::string filename =
        explicitFilename ? prefix : pcapHelper.GetFilenameFromDevice(prefix, device);
    Ptr<PcapFileWrapper> file = pcapHelper.CreateFile(filename, std::ios::out, PcapHelper::DLT_RAW);
    pcapHelper.HookDefaultSink<WidebandNetDevice>(device,
                                                  promiscuous ? "PromiscSniffer" : "Sniffer",
                                                  file);
}

} // namespace ns3
