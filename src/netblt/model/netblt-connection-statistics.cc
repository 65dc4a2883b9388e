/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-connection-statistics.h"

namespace ns3
{

double
NetbltConnectionStatistics::GetSteadyStateThroughput() const
{
    if (bytesBeforeLastBuffer > 0 && lastBufferStartTime > firstDataTime)
    {
        return 8.0 * bytesBeforeLastBuffer / (lastBufferStartTime - firstDataTime).GetSeconds();
    }
    if (bytesBeforeLastNewData > 0 && lastNewDataTime > firstDataTime)
    {
        return 8.0 * bytesBeforeLastNewData / (lastNewDataTime - firstDataTime).GetSeconds();
    }
    return 0.0;
}

} // namespace ns3
