/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-sink-helper.h"

#include "ns3/netblt-sink-application.h"
#include "ns3/uinteger.h"

namespace ns3
{

NetbltSinkHelper::NetbltSinkHelper(uint16_t port)
    : ApplicationHelper(NetbltSinkApplication::GetTypeId())
{
    m_factory.Set("Port", UintegerValue(port));
}

} // namespace ns3
