/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef PROTEON_RING_TESTBED_H
#define PROTEON_RING_TESTBED_H

#include "testbed.h"

#include "ns3/proteon-ring-helper.h"

#include <string>

namespace ns3
{

/**
 * @ingroup netblt-experiment
 * @brief One NETBLT transfer between two hosts on a Proteon ProNET-10 token ring (RFC 1030 §5).
 *
 * The hosts' devices are ProteonRingNetDevices on one ProteonRingChannel; SetDeviceAttribute()
 * and SetChannelAttribute() configure them (the models/ files give the P1300's driver costs and
 * the ring's size and speed).
 */
class ProteonRingTestbed : public Testbed
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    ProteonRingTestbed();
    ~ProteonRingTestbed() override;

  protected:
    NetDeviceContainer InstallNetwork(NodeContainer hosts,
                                      int64_t stream,
                                      int64_t& streamsUsed) override;
    void EnablePcap(const std::string& prefix) override;
    std::vector<std::string> GetTransmitActivities() const override;

  private:
    ProteonRingHelper m_ring; //!< built the ring (kept for pcap)
};

} // namespace ns3

#endif /* PROTEON_RING_TESTBED_H */
