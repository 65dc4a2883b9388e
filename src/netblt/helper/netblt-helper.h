#ifndef NETBLT_HELPER_H
#define NETBLT_HELPER_H

#include "ns3/node-container.h"

namespace ns3
{

/**
 * @ingroup netblt
 * @brief Installs NETBLT (NetbltL4Protocol) on nodes that already have an IPv4 stack.
 */
class NetbltHelper
{
  public:
    /**
     * Aggregates a NetbltL4Protocol to each node and registers it with the node's IPv4.
     * Aborts if a node has no IPv4 (install InternetStackHelper first).
     * @param nodes the nodes
     */
    void Install(NodeContainer nodes) const;

    /**
     * Fixes the random streams of the installed NETBLT layers (connection unique IDs).
     * @param nodes the nodes
     * @param stream the first stream index
     * @return the number of streams used
     */
    int64_t AssignStreams(NodeContainer nodes, int64_t stream) const;
};

} // namespace ns3

#endif /* NETBLT_HELPER_H */
