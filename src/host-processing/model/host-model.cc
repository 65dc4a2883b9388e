/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "host-model.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(HostModel);

TypeId
HostModel::GetTypeId()
{
    static TypeId tid = TypeId("ns3::HostModel").SetParent<Object>().SetGroupName("HostProcessing");
    return tid;
}

HostModel::~HostModel() = default;

} // namespace ns3
