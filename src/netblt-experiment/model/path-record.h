/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef PATH_RECORD_H
#define PATH_RECORD_H

#include <cstdint>

namespace ns3
{

/**
 * @ingroup netblt-experiment
 * @brief What the network between the hosts did during a run, shared by every flow of it: the
 * counters of the gateways and earth stations (zero on a network without them).
 *
 * A flat record of plain values so that Python (through cppyy) can turn it into a table row.
 */
struct PathRecord
{
    uint64_t pathDrops{0};         //!< packets lost between the hosts' interfaces (as each flow's
                                   //!< TransferRecord::pathDrops)
    uint64_t stationResets{0};     //!< earth-station channel-processor resets (ESI overload)
    uint64_t esiOverflows{0};      //!< datagrams an ESI without room refused or dropped (upgraded)
    uint32_t gatewayQueuePeak{0};  //!< most packets queued at MIT's gateway for the T1 line
    uint32_t bsatQueuePeak{0};     //!< most datagrams queued at BBN's BSAT for a control slot
    uint32_t esiPeakBytes{0};      //!< most bytes BBN's ESI held, requested and not yet sent
    uint32_t largestRequest{0};    //!< most datagrams one control slot of BBN's asked for
    uint64_t datagramsSent{0};     //!< datagrams BBN's station put on the satellite channel
    uint64_t reservationsLost{0};  //!< requests of BBN's the channel lost
    double channelCapacityMbps{0}; //!< usable bits per frame / frame period (Appendix I)
    uint64_t events{0};            //!< simulator events executed
    double simulatedSeconds{0};    //!< when the last end of any flow closed (or the bound)
};

} // namespace ns3

#endif /* PATH_RECORD_H */
