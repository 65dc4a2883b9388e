/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TCP_HOST_PROCESSING_H
#define TCP_HOST_PROCESSING_H

#include "ns3/ip-l4-protocol.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <string>

/**
 * @defgroup bsd-tcp A 1987 BSD TCP
 *
 * ns-3's TCP configured as the 4.2/4.3BSD-derived TCPs of 1987 (socket buffers as the window,
 * no window scaling, SACK or timestamps, delayed ACKs, a 500 ms retransmission clock, Tahoe
 * or NewReno), with its work charged to the host's processor (the node's HostModel, which
 * host-processing's HostCpu implements) like NETBLT's.
 */

namespace ns3
{

class Node;
class TcpL4Protocol;

/**
 * @ingroup bsd-tcp
 * @brief Charges a host's processor for its TCP's work: an IPv4 protocol handler of number 6
 * that stands in Ipv4L3Protocol's demultiplexer in the place of the node's TcpL4Protocol, and
 * a down target between that TcpL4Protocol and IPv4.
 *
 * A segment IPv4 delivers waits for a job of the node's HostModel (per segment, plus per data byte
 * for the checksum and the copy to the user) and only then reaches TcpL4Protocol::Receive; the host
 * packet buffer it came up in (PacketBufferPool) stays taken until then, as NETBLT's do. A
 * segment TCP sends waits for a job (per segment, plus per data byte for the copy from the
 * user and the checksum) before IPv4 gets it; the job continues the work that made TCP send
 * (HostModel::Continue: tcp_input calling tcp_output), so a window opened by an ACK goes out
 * before the packets queued behind that ACK are processed. Segments without data (ACKs,
 * window updates, SYN, FIN) have a cost of their own on each side. The interface drivers
 * charge their own work, as they do for NETBLT.
 *
 * On a node without a HostModel, or with zero costs, every segment passes at once.
 */
class TcpHostProcessing : public IpL4Protocol
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    TcpHostProcessing();
    ~TcpHostProcessing() override;

    static const std::string DATA_SEND_ACTIVITY;    //!< host activity: a data segment sent
    static const std::string ACK_SEND_ACTIVITY;     //!< a segment without data sent
    static const std::string DATA_RECEIVE_ACTIVITY; //!< a data segment received
    static const std::string ACK_RECEIVE_ACTIVITY;  //!< a segment without data received

    /**
     * Puts this object between the node's TcpL4Protocol and IPv4, in both directions. The
     * node must have IPv4 and TcpL4Protocol (InternetStackHelper) and no other
     * TcpHostProcessing; this object is aggregated to it.
     * @param node the host
     */
    void Install(Ptr<Node> node);

    /** @return data segments this host's TCP handed down (first and repeated transmissions) */
    uint64_t GetDataSegmentsSent() const;
    /** @return segments without data this host's TCP handed down */
    uint64_t GetAckSegmentsSent() const;
    /** @return data segments IPv4 delivered to this host's TCP */
    uint64_t GetDataSegmentsReceived() const;
    /** @return segments without data IPv4 delivered to this host's TCP */
    uint64_t GetAckSegmentsReceived() const;
    /** @return data bytes in the data segments this host's TCP handed down */
    uint64_t GetDataBytesSent() const;

    // IpL4Protocol
    int GetProtocolNumber() const override;
    RxStatus Receive(Ptr<Packet> packet,
                     const Ipv4Header& header,
                     Ptr<Ipv4Interface> incomingInterface) override;
    RxStatus Receive(Ptr<Packet> packet,
                     const Ipv6Header& header,
                     Ptr<Ipv6Interface> incomingInterface) override;
    void ReceiveIcmp(Ipv4Address icmpSource,
                     uint8_t icmpTtl,
                     uint8_t icmpType,
                     uint8_t icmpCode,
                     uint32_t icmpInfo,
                     Ipv4Address payloadSource,
                     Ipv4Address payloadDestination,
                     const uint8_t payload[8]) override;
    void SetDownTarget(DownTargetCallback callback) override;
    void SetDownTarget6(DownTargetCallback6 callback) override;
    DownTargetCallback GetDownTarget() const override;
    DownTargetCallback6 GetDownTarget6() const override;

  protected:
    void DoDispose() override;

  private:
    /**
     * TcpL4Protocol's down target: charges the send cost, then hands the segment to IPv4.
     * @param packet the segment, TCP header included
     * @param source source address
     * @param destination destination address
     * @param protocol the IP protocol number (6)
     * @param route the route TCP chose
     */
    void Send(Ptr<Packet> packet,
              Ipv4Address source,
              Ipv4Address destination,
              uint8_t protocol,
              Ptr<Ipv4Route> route);

    /**
     * @param packet a segment, TCP header first
     * @return its data bytes
     */
    static uint32_t PayloadOf(Ptr<const Packet> packet);

    Time m_dataSendCost;                //!< per data segment sent
    Time m_sendByteCost;                //!< per data byte sent
    Time m_ackSendCost;                 //!< per segment without data sent
    Time m_dataReceiveCost;             //!< per data segment received
    Time m_receiveByteCost;             //!< per data byte received
    Time m_ackReceiveCost;              //!< per segment without data received
    Ptr<Node> m_node;                   //!< the host
    Ptr<TcpL4Protocol> m_tcp;           //!< the TCP it charges for
    DownTargetCallback m_down;          //!< IPv4's Send, TCP's own down target before Install()
    uint64_t m_dataSegmentsSent{0};     //!< counter
    uint64_t m_ackSegmentsSent{0};      //!< counter
    uint64_t m_dataSegmentsReceived{0}; //!< counter
    uint64_t m_ackSegmentsReceived{0};  //!< counter
    uint64_t m_dataBytesSent{0};        //!< counter
};

} // namespace ns3

#endif /* TCP_HOST_PROCESSING_H */
