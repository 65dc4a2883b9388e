/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_BULK_SEND_HELPER_H
#define NETBLT_BULK_SEND_HELPER_H

#include "ns3/application-helper.h"
#include "ns3/ipv4-address.h"

namespace ns3
{

/**
 * @ingroup netblt
 * @brief Creates NetbltBulkSendApplications, like ns-3's BulkSendHelper.
 */
class NetbltBulkSendHelper : public ApplicationHelper
{
  public:
    /**
     * @param receiver the receiving node's address
     * @param port the receiver's NETBLT port
     */
    NetbltBulkSendHelper(Ipv4Address receiver, uint16_t port);
};

} // namespace ns3

#endif /* NETBLT_BULK_SEND_HELPER_H */
