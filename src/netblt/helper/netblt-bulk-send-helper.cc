/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-bulk-send-helper.h"

#include "ns3/inet-socket-address.h"
#include "ns3/netblt-bulk-send-application.h"

namespace ns3
{

NetbltBulkSendHelper::NetbltBulkSendHelper(Ipv4Address receiver, uint16_t port)
    : ApplicationHelper(NetbltBulkSendApplication::GetTypeId())
{
    m_factory.Set("Remote", AddressValue(InetSocketAddress(receiver, port)));
}

} // namespace ns3
