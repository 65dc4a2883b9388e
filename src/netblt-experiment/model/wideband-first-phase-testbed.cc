/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "wideband-first-phase-testbed.h"

#include "ns3/error-model.h"
#include "ns3/ethernet-bus-channel.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(WidebandFirstPhaseTestbed);

TypeId
WidebandFirstPhaseTestbed::GetTypeId()
{
    static TypeId tid = TypeId("ns3::WidebandFirstPhaseTestbed")
                            .SetParent<WidebandTestbed>()
                            .SetGroupName("NetbltExperiment")
                            .AddConstructor<WidebandFirstPhaseTestbed>();
    return tid;
}

Ptr<NetDevice>
WidebandFirstPhaseTestbed::InstallReceiverInterface(Ptr<Node> receiver,
                                                    Ptr<EthernetBusChannel> channel,
                                                    double position,
                                                    Ptr<RateErrorModel> /* drops */)
{
    // The receiving PC/AT has the same 3C500 and driver as the sender.
    return GetSenderInterfaceHelper().Install(receiver, channel, position);
}

} // namespace ns3
