/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-processing-costs.h"

namespace ns3
{

Time
NetbltProcessingCosts::DataReceive(uint32_t dataBytes, uint32_t outstandingBuffers) const
{
    return dataReceivePacket + dataReceiveByte * dataBytes + dataReceiveBuffer * outstandingBuffers;
}

Time
NetbltProcessingCosts::DataSend(uint32_t dataBytes) const
{
    return dataSendPacket + dataSendByte * dataBytes;
}

Time
NetbltProcessingCosts::ControlSend(uint32_t messages) const
{
    return controlSendPacket + controlSendMessage * messages;
}

} // namespace ns3
