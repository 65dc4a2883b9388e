/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef POINT_TO_POINT_TESTBED_H
#define POINT_TO_POINT_TESTBED_H

#include "testbed.h"

#include "ns3/data-rate.h"
#include "ns3/netblt-two-host-helper.h"
#include "ns3/nstime.h"
#include "ns3/object.h"

#include <string>

namespace ns3
{

/**
 * @ingroup netblt-experiment
 * @brief One NETBLT transfer between two hosts over a point-to-point link, start to finish.
 *
 * Builds the two nodes, the link (an ImpairedPointToPointChannel with ns-3 RateErrorModel loss
 * at each receiving device), IPv4 and NETBLT, runs a NetbltBulkSendApplication against a
 * NetbltSinkApplication, and returns what RFC 1030's tables report. Every random stream is fixed
 * from Seed before the run, so a run gives the same record in a fresh process or after any
 * number of earlier runs in the same process.
 */
class PointToPointTestbed : public Testbed
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    PointToPointTestbed();
    ~PointToPointTestbed() override;

  protected:
    NetDeviceContainer InstallNetwork(NodeContainer hosts,
                                      int64_t stream,
                                      int64_t& streamsUsed) override;
    void EnablePcap(const std::string& prefix) override;
    uint32_t GetMaxTransfers() const override;

  private:
    DataRate m_linkRate;            //!< bit rate
    Time m_linkDelay;               //!< one-way delay
    uint16_t m_mtu;                 //!< IP MTU
    double m_lossRate;              //!< loss probability per packet and direction
    double m_reorderProbability;    //!< re-ordering probability
    Time m_reorderDelay;            //!< extra delay of a re-ordered packet
    double m_duplicateProbability;  //!< duplication probability
    double m_corruptProbability;    //!< corruption probability
    NetbltTwoHostHelper m_topology; //!< built the link (kept for pcap)
};

} // namespace ns3

#endif /* POINT_TO_POINT_TESTBED_H */
