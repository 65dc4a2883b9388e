/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TCP_BULK_TRANSFER_H
#define TCP_BULK_TRANSFER_H

#include "netblt-transfer-record.h"
#include "tcp-steady-state-meter.h"

#include "ns3/bsd-tcp-helper.h"
#include "ns3/bsd-tcp-socket-factory.h"
#include "ns3/bsd-tcp-socket.h"
#include "ns3/callback.h"
#include "ns3/ipv4-address.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"
#include "ns3/packet-sink.h"
#include "ns3/ptr.h"
#include "ns3/tcp-socket.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

class Address;
class Packet;

/**
 * @ingroup netblt-experiment
 * @brief One memory-to-memory TCP transfer between the two hosts of a NetbltExperiment: ns-3's
 * BulkSendApplication on host 0 and PacketSink on host 1, over the hosts' TCP made a 1987 BSD
 * host's by BsdTcpHelper (its sockets' settings, and its work charged to the HostCpu), and the
 * counts of the experiment's record.
 *
 * The sender writes until TransferSize bytes are written, then closes; the sink reads
 * everything at once. BulkSendApplication writes all of a write or nothing, where a BSD
 * socket copies a large write (TTCP's 8 KB) into the send buffer as room appears, a mbuf
 * cluster (1 KB, 4.3BSD's MCLBYTES) at a time; the sender writes 1 KB at a time so that the
 * send buffer, and the window, stay as full.
 */
class TcpBulkTransfer
{
  public:
    /**
     * @param name a BsdTcpSocketFactory attribute
     * @param value its value on both hosts
     */
    void SetSocketAttribute(const std::string& name, const AttributeValue& value);

    /**
     * @param name a TcpHostProcessing attribute (a CPU cost)
     * @param value its value on both hosts
     */
    void SetProcessingAttribute(const std::string& name, const AttributeValue& value);

    /**
     * Overrides a TcpHostProcessing attribute for the receiving host only.
     * @param name a TcpHostProcessing attribute
     * @param value its value on host 1
     */
    void SetReceiverProcessingAttribute(const std::string& name, const AttributeValue& value);

    /**
     * Sets the transfer up: the hosts' TCP, the sink at time 0, the sender at 1 ms.
     * @param hosts the sender (0) and the receiver (1), with IPv4 and TCP
     * @param receiver the address the sender connects to
     * @param transferSize bytes to transfer
     * @param delivered called once the sink has every byte
     */
    void Install(NodeContainer hosts,
                 Ipv4Address receiver,
                 uint32_t transferSize,
                 Callback<void> delivered);

    /**
     * Fills in what the transfer itself tells: bytes, closes, segment counts, throughputs,
     * simulated time, and sendOnlyMbps from the sending CPU time given.
     * @param record the experiment's record
     * @param senderSendingTime the sender's CPU time spent sending data (TCP and driver)
     */
    void FillRecord(NetbltTransferRecord& record, Time senderSendingTime) const;

  private:
    /** @param socket a socket the sender's factory made: the one BulkSend uses */
    void SenderSocketCreated(Ptr<BsdTcpSocket> socket);
    /** @param oldState previous state @param newState new state, of the sending socket */
    void SenderStateChanged(TcpSocket::TcpStates_t oldState, TcpSocket::TcpStates_t newState);
    /** @param packet data the sending program wrote */
    void Written(Ptr<const Packet> packet);
    /** @param packet data the sink read @param from its peer */
    void Read(Ptr<const Packet> packet, const Address& from);

    BsdTcpHelper m_tcp; //!< both hosts' TCP
    std::vector<std::pair<std::string, Ptr<AttributeValue>>>
        m_receiverProcessing;                                //!< the receiver's costs that differ
    NodeContainer m_hosts;                                   //!< sender (0) and receiver (1)
    uint32_t m_transferSize{0};                              //!< bytes to transfer
    Callback<void> m_delivered;                              //!< the experiment's notification
    Ptr<BsdTcpSocket> m_senderSocket;                        //!< the sender's connection
    Ptr<PacketSink> m_sink;                                  //!< the receiving program
    TcpSteadyStateMeter m_meter;                             //!< throughput and segments
    TcpSocket::TcpStates_t m_senderState{TcpSocket::CLOSED}; //!< the sending socket's state
    bool m_senderClosedNormally{false}; //!< it reached TIME_WAIT: both FINs exchanged
    Time m_connectTime;                 //!< when the sending program opened its socket
    Time m_closeTime;                   //!< when the sender reached TIME_WAIT
    Time m_deliveredTime;               //!< when the sink had every byte
    uint64_t m_bytesWritten{0};         //!< bytes the sending program wrote
};

} // namespace ns3

#endif /* TCP_BULK_TRANSFER_H */
