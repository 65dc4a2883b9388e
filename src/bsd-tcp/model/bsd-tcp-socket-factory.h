/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef BSD_TCP_SOCKET_FACTORY_H
#define BSD_TCP_SOCKET_FACTORY_H

#include "bsd-tcp-socket.h"

#include "ns3/nstime.h"
#include "ns3/socket-factory.h"
#include "ns3/traced-callback.h"

#include <cstdint>

namespace ns3
{

/**
 * @ingroup bsd-tcp
 * @brief Makes the TCP sockets of a 1987 BSD host: ns-3's TcpSocketBase (as BsdTcpSocket) on
 * the node's TcpL4Protocol, configured per socket from this factory's attributes, never from
 * a global default.
 *
 * Aggregated to a node that has TcpL4Protocol (BsdTcpHelper); an application takes its
 * sockets by naming this type as its socket factory (BulkSendApplication's and PacketSink's
 * Protocol attribute). Every socket offers a window of BufferSize bytes (at most 65535), which
 * bounds the data in flight (4.2/4.3BSD: send and receive buffers of BufferSize bytes, the send
 * buffer holding the unacknowledged data, the receive buffer setting the offered window). The
 * receive buffer is twice as large so that ns-3, which acknowledges before the reader reads,
 * offers the whole window as BSD's ACK after the read did; the send buffer one 1 KB mbuf
 * cluster larger, so that a program writing a cluster at a time (BulkSendApplication writes
 * all of a write or nothing) keeps a window's worth of data in it, as BSD's sosend did by
 * copying a write in as room appeared. Segments of SegmentSize bytes; no
 * window scaling, SACK or timestamps (RFC 1323 and 2018 came later); Nagle's algorithm (RFC 896);
 * delayed ACKs; a first congestion window of one segment, the slow-start threshold at the largest
 * window; no limited transmit; Jacobson's mean-deviation round-trip estimator (RttMeanDeviation),
 * the retransmission timeout at least MinRto and rounded up by RetransmitClock, the first one
 * InitialRto; and CongestionControl's loss recovery on TcpNewReno's window growth.
 */
class BsdTcpSocketFactory : public SocketFactory
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    /// Congestion control after a loss detected by three duplicate ACKs.
    enum CongestionControl : uint8_t
    {
        TAHOE,   //!< TcpTahoeRecovery: back to one segment and slow start
        NEW_RENO //!< TcpClassicRecovery: fast recovery at half the window (RFC 6582)
    };

    BsdTcpSocketFactory();
    ~BsdTcpSocketFactory() override;

    /** @return a new socket, configured as the attributes say, not yet bound */
    Ptr<Socket> CreateSocket() override;

    /**
     * TracedCallback signature of SocketCreated.
     * @param socket the new socket
     */
    typedef void (*SocketCreatedCallback)(Ptr<BsdTcpSocket> socket);

  private:
    uint32_t m_bufferSize;                 //!< SndBufSize and RcvBufSize
    uint32_t m_segmentSize;                //!< MSS
    CongestionControl m_congestionControl; //!< loss recovery
    Time m_retransmitClock;                //!< ClockGranularity
    Time m_minRto;                         //!< MinRto
    Time m_initialRto;                     //!< ConnTimeout, RTT estimator's initial estimate
    Time m_delayedAckTimeout;              //!< DelAckTimeout
    uint32_t m_delayedAckCount;            //!< DelAckCount
    uint32_t m_dataRetries;                //!< DataRetries
    Time m_maxRto;                         //!< MaxRto
    Time m_establishmentTimeout;           //!< EstablishmentTimeout
    Time m_maxSegmentLifetime;             //!< MaxSegLifetime
    TracedCallback<Ptr<BsdTcpSocket>> m_socketCreated; //!< SocketCreated trace source
};

} // namespace ns3

#endif /* BSD_TCP_SOCKET_FACTORY_H */
