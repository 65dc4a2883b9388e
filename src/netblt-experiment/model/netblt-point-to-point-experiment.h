#ifndef NETBLT_POINT_TO_POINT_EXPERIMENT_H
#define NETBLT_POINT_TO_POINT_EXPERIMENT_H

#include "netblt-transfer-record.h"

#include "ns3/data-rate.h"
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
class NetbltPointToPointExperiment : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    NetbltPointToPointExperiment();
    ~NetbltPointToPointExperiment() override;

    /**
     * Runs the transfer. Destroys the simulator's state before returning.
     * @return the outcome
     */
    NetbltTransferRecord Run();

  private:
    uint16_t m_burstSize;
    Time m_burstInterval;
    uint16_t m_packetSize;
    uint32_t m_bufferSize;
    uint32_t m_transferSize;
    uint16_t m_outstandingBuffers;
    bool m_checksumData;
    uint32_t m_seed;
    std::string m_pcapDirectory;
    DataRate m_linkRate;
    Time m_linkDelay;
    uint16_t m_mtu;
    double m_lossRate;
    double m_reorderProbability;
    Time m_reorderDelay;
    double m_duplicateProbability;
    double m_corruptProbability;
    Time m_deathTimeout;
    Time m_maxSimulatedTime;
};

} // namespace ns3

#endif /* NETBLT_POINT_TO_POINT_EXPERIMENT_H */
