/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TCP_BULK_TRANSFER_H
#define TCP_BULK_TRANSFER_H

#include "bulk-transfer.h"
#include "tcp-steady-state-meter.h"
#include "tcp-time-sequence.h"

#include "ns3/bsd-tcp-helper.h"
#include "ns3/bsd-tcp-socket-factory.h"
#include "ns3/bsd-tcp-socket.h"
#include "ns3/bulk-send-helper.h"
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
 * @brief A memory-to-memory TCP transfer as TTCP ran one: ns-3's BulkSendApplication on the
 * sender and PacketSink on the receiver, over the hosts' TCP made a 1987 BSD host's by
 * BsdTcpHelper (its sockets' settings, and its work charged to the HostCpu).
 *
 * The sender writes until TransferSize bytes are written, then closes; the sink reads
 * everything at once. BulkSendApplication writes all of a write or nothing, where a BSD
 * socket copies a large write (TTCP's 8 KB) into the send buffer as room appears, a mbuf
 * cluster (1 KB, 4.3BSD's MCLBYTES) at a time; the sender writes 1 KB at a time so that the
 * send buffer, and the window, stay as full. The sending client starts at its StartTime (1 ms
 * unless SetSenderAttribute() sets it). Unless SetSocketAttribute() sets SegmentSize, the
 * segment size is the sender's interface MTU less 40, as 4.3BSD chose it on a local network.
 *
 * A TCP transfer fills in the record's fields with their TCP counterparts (see TransferRecord).
 */
class TcpBulkTransfer : public BulkTransfer
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    TcpBulkTransfer();
    ~TcpBulkTransfer() override;

    /**
     * @param name a BsdTcpSocketFactory attribute (BufferSize, the window; SegmentSize;
     *        CongestionControl; ...)
     * @param value its value on both hosts
     */
    void SetSocketAttribute(const std::string& name, const AttributeValue& value);

    /**
     * @param name a TcpHostProcessing attribute (a CPU cost of the host's TCP)
     * @param value its value on both hosts
     */
    void SetTcpAttribute(const std::string& name, const AttributeValue& value);

    /**
     * Overrides a TcpHostProcessing attribute on the receiving host only; applied after
     * SetTcpAttribute()'s whatever the order.
     * @param name a TcpHostProcessing attribute
     * @param value its value on the receiver
     */
    void SetReceiverTcpAttribute(const std::string& name, const AttributeValue& value);

    /**
     * @param name an attribute of the sending client, a BulkSendApplication (StartTime, ...;
     *        MaxBytes and SendSize are the transfer's own)
     * @param value its value
     */
    void SetSenderAttribute(const std::string& name, const AttributeValue& value);

    void InstallTransport(Ptr<Node> sender, Ptr<Node> receiver) override;
    void InstallClients(Ipv4Address receiver, Callback<void> ended) override;
    void FillRecord(TransferRecord& record, Time transmitting) const override;
    std::string GetCaptureName() const override;
    const TimeSequence& GetTimeSequence() const override;

  protected:
    void DoDispose() override;

  private:
    /** @param socket a socket the sender's factory made: the one BulkSend uses */
    void SenderSocketCreated(Ptr<BsdTcpSocket> socket);
    /** @param oldState previous state @param newState new state, of the sending socket */
    void SenderStateChanged(TcpSocket::TcpStates_t oldState, TcpSocket::TcpStates_t newState);
    /** Tells the testbed, once: every byte is in, or the connection failed. */
    void Ended();
    /** @param packet data the sending program wrote */
    void Written(Ptr<const Packet> packet);
    /** @param packet data the sink read @param from its peer */
    void Read(Ptr<const Packet> packet, const Address& from);

    BsdTcpHelper m_tcp;             //!< both hosts' TCP
    bool m_segmentSizeSet{false};   //!< SetSocketAttribute() gave SegmentSize
    BulkSendHelper m_senderFactory; //!< makes the sending client
    std::vector<std::pair<std::string, Ptr<AttributeValue>>>
        m_receiverProcessing;                                //!< the receiver's costs that differ
    uint32_t m_transferSize;                                 //!< bytes to transfer
    Callback<void> m_ended;                                  //!< the testbed's notification
    Ptr<BsdTcpSocket> m_senderSocket;                        //!< the sender's connection
    Ptr<PacketSink> m_sink;                                  //!< the receiving program
    TcpSteadyStateMeter m_meter;                             //!< throughput and segments
    TcpTimeSequence m_timeSequence;                          //!< if IsRecordingTimeSequence()
    TcpSocket::TcpStates_t m_senderState{TcpSocket::CLOSED}; //!< the sending socket's state
    bool m_senderClosedNormally{false}; //!< it reached TIME_WAIT: both FINs exchanged
    Time m_connectTime;                 //!< when the sending program opened its socket
    Time m_closeTime;                   //!< when the sender reached TIME_WAIT
    Time m_deliveredTime;               //!< when the sink had every byte
    uint64_t m_bytesWritten{0};         //!< bytes the sending program wrote
    bool m_hasEnded{false};             //!< m_ended has been called
};

} // namespace ns3

#endif /* TCP_BULK_TRANSFER_H */
