/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-host-model.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(NetbltHostModel);

TypeId
NetbltHostModel::GetTypeId()
{
    static TypeId tid = TypeId("ns3::NetbltHostModel").SetParent<Object>().SetGroupName("Netblt");
    return tid;
}

NetbltHostModel::~NetbltHostModel() = default;

} // namespace ns3
