/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_CONNECTION_STATISTICS_H
#define NETBLT_CONNECTION_STATISTICS_H

#include "ns3/nstime.h"

#include <cstdint>

namespace ns3
{

/**
 * @ingroup netblt
 * @brief What one end of a NETBLT connection counted and timed.
 *
 * RFC 1030's tables report, per transfer: data packets lost (#LOSS), data packets retransmitted
 * (#RXM), data timeouts at the receiving end (DTMOS) and the steady-state throughput (SPEED).
 * Lost packets are DATA/LDATA packets the sending NETBLT transmitted that never reached the
 * receiving NETBLT: dataPacketsSent at the sender minus dataPacketsReceived at the receiver.
 * The steady-state throughput is computed from NetbltSender's DataSent trace source (see
 * NetbltSteadyStateMeter in the netblt-experiment module).
 */
struct NetbltConnectionStatistics
{
    // Sending end
    uint64_t dataPacketsSent{0};          //!< DATA/LDATA transmissions, first and repeated
    uint64_t dataPacketsRetransmitted{0}; //!< DATA/LDATA transmissions of a packet sent before
    uint64_t dataBytesSent{0};            //!< data bytes of those transmissions
    uint64_t nullAcksSent{0};             //!< NULL-ACK packets sent
    uint64_t duplicateControlMessages{0}; //!< control messages discarded as already seen
    uint64_t buffersSent{0};              //!< buffers acknowledged by an OK
    uint64_t bytesSent{0};                //!< client bytes in buffers acknowledged by an OK

    // Receiving end
    uint64_t dataPacketsReceived{0};  //!< valid DATA/LDATA packets that reached this NETBLT
    uint64_t duplicateDataPackets{0}; //!< of which already held
    uint64_t dataTimeouts{0};         //!< data-timer expirations (DTMOS)
    uint64_t controlTimeouts{0};      //!< control-timer expirations
    uint64_t controlPacketsSent{0};   //!< CONTROL packets sent, first and repeated
    uint64_t controlMessagesSent{0};  //!< GO, OK and RESEND messages created
    uint64_t resendMessagesSent{0};   //!< RESEND messages created
    uint64_t packetsRequested{0};     //!< packet numbers listed in RESEND messages
    uint64_t buffersDelivered{0};     //!< buffers handed to the receiving client
    uint64_t bytesDelivered{0};       //!< client bytes handed to the receiving client

    // Either end
    uint64_t keepalivesSent{0};     //!< KEEPALIVE packets sent
    uint64_t dataChecksumErrors{0}; //!< DATA/LDATA dropped for a bad data-area checksum
    uint64_t protocolViolations{0}; //!< packets dropped as not making sense in this state
    uint64_t sourceQuenches{0};     //!< ICMP Source Quenches about this end's packets (RFC 792)
    /// most RESENDs one buffer needed: sent (receiver) or received (sender)
    uint32_t maxResendsPerBuffer{0};
    /// longest time without a buffer completing while established (the progress rule's clock)
    Time longestProgressGap{};

    Time openTime{};        //!< when the client asked for the connection
    Time establishedTime{}; //!< when the connection was set up
    Time completeTime{};    //!< when this end knew the transfer had succeeded
};

} // namespace ns3

#endif /* NETBLT_CONNECTION_STATISTICS_H */
