/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef HOST_CPU_HELPER_H
#define HOST_CPU_HELPER_H

#include "ns3/attribute.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"

#include <string>

namespace ns3
{

/**
 * @ingroup host-processing
 * @brief Gives nodes a processor: aggregates a HostCpu, configured with the attributes set
 * here, to each node.
 */
class HostCpuHelper
{
  public:
    HostCpuHelper();

    /**
     * @param name the name of a HostCpu attribute
     * @param value its value for the processors installed from now on
     */
    void SetAttribute(const std::string& name, const AttributeValue& value);

    /**
     * Aggregates a HostCpu to each node. A node that already has one is an error.
     * @param nodes the hosts
     */
    void Install(NodeContainer nodes) const;

  private:
    ObjectFactory m_factory; //!< makes the HostCpu objects
};

} // namespace ns3

#endif /* HOST_CPU_HELPER_H */
