/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_SINK_HELPER_H
#define NETBLT_SINK_HELPER_H

#include "ns3/application-helper.h"

namespace ns3
{

/**
 * @ingroup netblt
 * @brief Creates NetbltSinkApplications, like ns-3's PacketSinkHelper.
 */
class NetbltSinkHelper : public ApplicationHelper
{
  public:
    /** @param port the NETBLT port to listen on */
    explicit NetbltSinkHelper(uint16_t port);
};

} // namespace ns3

#endif /* NETBLT_SINK_HELPER_H */
