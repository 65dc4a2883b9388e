/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_PROCESSING_COSTS_H
#define NETBLT_PROCESSING_COSTS_H

#include "ns3/nstime.h"

#include <cstdint>

namespace ns3
{

/**
 * @ingroup netblt
 * @brief CPU time this NETBLT implementation spends per unit of work, charged to the node's
 * HostModel (the host-processing module's interface; HostCpu implements it). All zero means an
 * infinitely fast host.
 */
struct NetbltProcessingCosts
{
    Time dataSendPacket;       //!< per DATA/LDATA packet sent: header, checksum, hand-off
    Time dataSendByte;         //!< per data byte sent: copy from the buffer into the packet
    Time dataReceivePacket;    //!< per DATA/LDATA packet received: demultiplexing, header
    Time dataReceiveByte;      //!< per data byte received: copy into the NETBLT buffer
    Time dataReceiveBuffer;    //!< per DATA/LDATA packet and per outstanding buffer allowed
    Time bufferCompleteByte;   //!< per byte of a buffer the receiver has completed
    Time controlSendPacket;    //!< per CONTROL packet built and sent
    Time controlSendMessage;   //!< per control message in it
    Time controlReceivePacket; //!< per CONTROL or other non-data packet received
    Time burst;                //!< per burst: the burst timer's service

    /**
     * @param dataBytes data bytes of a DATA/LDATA packet
     * @param outstandingBuffers the connection's negotiated number of outstanding buffers
     * @return CPU time to receive it
     */
    Time DataReceive(uint32_t dataBytes, uint32_t outstandingBuffers) const;
    /** @param dataBytes data bytes of a DATA/LDATA packet @return CPU time to send it */
    Time DataSend(uint32_t dataBytes) const;
    /** @param messages control messages in a CONTROL packet @return CPU time to send it */
    Time ControlSend(uint32_t messages) const;
};

} // namespace ns3

#endif /* NETBLT_PROCESSING_COSTS_H */
