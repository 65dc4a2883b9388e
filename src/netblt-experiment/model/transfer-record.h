/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TRANSFER_RECORD_H
#define TRANSFER_RECORD_H

#include <cstdint>
#include <string>

namespace ns3
{

/**
 * @ingroup netblt-experiment
 * @brief The outcome of one simulated NETBLT transfer, in the terms of RFC 1030's tables.
 *
 * A flat record of plain values so that Python (through cppyy) can turn it into a table row.
 *
 * A TCP transfer (TcpBulkTransfer) fills in the same fields with their TCP
 * counterparts: the closes are the sockets' final states (TIME_WAIT, CLOSED, ...), completed
 * means the sender reached TIME_WAIT and the receiver had every byte, the data packets are data
 * segments, controlPacketsSent counts the receiver's segments without data (its ACKs), and
 * retransmissionTimeouts the sender's retransmission timer expiries; the NETBLT-only counts
 * (NULL-ACKs, RESENDs, data and control timeouts, checksum errors) stay 0.
 */
struct TransferRecord
{
    bool completed{false};           //!< both ends closed with TRANSFER_COMPLETE
    bool intact{false};              //!< the receiving client got exactly the bytes given
    std::string senderClose;         //!< how the sender's connection ended
    std::string receiverClose;       //!< how the receiver's connection ended
    uint64_t bytesGiven{0};          //!< bytes the sending client handed over
    uint64_t bytesReceived{0};       //!< bytes the receiving client got
    uint64_t dataPacketsSent{0};     //!< DATA/LDATA transmissions, first and repeated
    uint64_t dataPacketsReceived{0}; //!< DATA/LDATA packets that reached the receiving NETBLT
    uint64_t lost{0};                //!< #LOSS: sent but never reached the receiving NETBLT
    uint64_t retransmitted{0};       //!< #RXM
    uint64_t dataTimeouts{0};        //!< DTMOS
    uint64_t controlTimeouts{0};     //!< receiver control-timer expirations
    uint64_t controlPacketsSent{0};  //!< CONTROL packets sent by the receiver
    uint64_t nullAcksSent{0};        //!< NULL-ACK packets sent by the sender
    bool explicitRateHeard{false};   //!< the sender's policy took a gateway's explicit rate
    uint64_t sourceQuenches{0};      //!< ICMP Source Quenches the sender heard
    uint64_t packetsRequested{0};    //!< packet numbers listed in RESENDs
    uint32_t maxResendsPerBuffer{0}; //!< most RESENDs one buffer needed (the progress rule's count)
    double longestProgressGapSeconds{0}; //!< longest wait for a buffer to complete, either end
    uint64_t checksumErrors{0};          //!< packets either NETBLT dropped for a bad checksum
    uint64_t malformedPackets{0};        //!< packets either NETBLT dropped as malformed
    uint64_t senderInterfaceDrops{0};    //!< frames the sender's interface dropped (PhyRxDrop)
    uint64_t receiverInterfaceDrops{0};  //!< frames the receiver's interface dropped (PhyRxDrop)
    uint64_t senderDeafDrops{0};    //!< of the sender's, lost because its interface was sending
    uint64_t receiverDeafDrops{0};  //!< of the receiver's, lost because its interface was sending
    uint64_t senderNoiseDrops{0};   //!< frames for the sender that line noise corrupted
    uint64_t receiverNoiseDrops{0}; //!< frames for the receiver that line noise corrupted
    uint64_t pathDrops{0};          //!< packets lost between the hosts' interfaces: gateway and
                                    //!< earth-station queues, damaged satellite bursts, resets
    uint64_t stationResets{0};      //!< earth-station channel-processor resets (ESI overload)
    double steadyStateMbps{0};      //!< SPEED: steady-state throughput (RFC 1030 §3), Mbit/s
    double realMbps{0};             //!< real throughput (RFC 1030 §3), Mbit/s
    double simulatedSeconds{0};     //!< simulated time when the later end closed (or the bound)
    double senderCpuSeconds{0};     //!< CPU time the sending host spent, all work
    double receiverCpuSeconds{0};   //!< CPU time the receiving host spent, all work
    uint64_t receiverPacketBufferDrops{0}; //!< frames for the receiver dropped: no free host
                                           //!< packet buffer (PacketBufferPool)
    uint32_t receiverPeakPacketBuffers{0}; //!< most host packet buffers in use at the receiver
    double sendOnlyMbps{0};                //!< data bits sent / the sender's CPU time sending them
                            //!< (NETBLT and driver): RFC 1030 §4's "theoretical" rate
    uint64_t events{0}; //!< simulator events executed

    uint64_t retransmissionTimeouts{0}; //!< TCP: the sender's retransmission timer expiries
};

} // namespace ns3

#endif /* TRANSFER_RECORD_H */
