/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef BSD_TCP_SOCKET_H
#define BSD_TCP_SOCKET_H

#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/tcp-socket-base.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <type_traits>

namespace ns3
{

/**
 * @ingroup bsd-tcp
 * @brief TcpSocketBase reporting the TypeId of the class derived from it, on every ns-3 release.
 *
 * Up to ns-3.45 TcpSocketBase overrides GetInstanceTypeId() to return its own TypeId, which
 * hides a derived class's attributes and trace sources from SetAttribute and TraceConnect unless
 * the derived class overrides it again. From ns-3.46 Object::GetInstanceTypeId() is final and
 * returns the TypeId that CreateObject gave the object, so nothing may override it. ns-3 defines
 * version macros only in builds configured with --enable-build-version, which neither the ns3
 * wheel nor a default source tree is; the release is told from the API itself instead: where
 * &TcpSocketBase::GetInstanceTypeId is declared (in TcpSocketBase up to 3.45, in Object after).
 *
 * @tparam Derived the socket class, whose GetTypeId() an ns-3 of before 3.46 must report
 * @tparam Base TcpSocketBase (a parameter only so that the override below is checked where it is
 *         used, not where it is written)
 */
template <typename Derived,
          typename Base = TcpSocketBase,
          bool BaseOverridesTypeId =
              std::is_same_v<decltype(&Base::GetInstanceTypeId), TypeId (Base::*)() const>>
class TcpSocketBaseOf : public Base
{
};

/**
 * @ingroup bsd-tcp
 * @brief Before ns-3.46: TcpSocketBaseOf overrides GetInstanceTypeId() with Derived's TypeId.
 * @tparam Derived the socket class
 * @tparam Base TcpSocketBase
 */
template <typename Derived, typename Base>
class TcpSocketBaseOf<Derived, Base, true> : public Base
{
  public:
    /** @return Derived's TypeId, in place of TcpSocketBase's */
    TypeId GetInstanceTypeId() const override
    {
        return Derived::GetTypeId();
    }
};

/**
 * @ingroup bsd-tcp
 * @brief ns-3's TcpSocketBase, counting the expirations of its retransmission timer, and
 * sending the segment a timeout repeats whatever its size: ns-3 holds a short one back by
 * Nagle's algorithm, which leaves a connection whose last segment was lost without a timer.
 *
 * It also answers an ICMP Source Quench about its segments (RFC 792; ns-3's TcpL4Protocol hands
 * them over once something reports them, e.g. source-quench's SourceQuenchDispatcher) as 4.3BSD's
 * tcp_quench() did: the congestion window closes to one segment (SourceQuench), and slow start
 * opens it again. ns-3's TcpSocketBase only passes ICMP to its IcmpCallback, which it still does.
 *
 * Every connection ends, whatever happens to its path, within 4.3BSD's limits (tcp_timer.h 7.6
 * and tcp_timer.c of 4.3BSD-Tahoe, 1988), which ns-3 lacks or applies without closing:
 * - connection establishment: a connection not ESTABLISHED EstablishmentTimeout after its SYN
 *   went out (SYN_SENT) or came in (SYN_RCVD) is dropped (TCPTV_KEEP_INIT, 75 s; ns-3 gives up
 *   only after SynRetries SYNs, 189 s with 6 from 3 s);
 * - retransmission: the timeout never exceeds MaxRto (TCPTV_REXMTMAX, 64 s; ns-3 caps only
 *   the doubled timeout, and a first estimate may be minutes after a handshake that took long),
 *   and the timer's expiry after DataRetries retransmissions (TCP_MAXRXTSHIFT, 12) drops the
 *   connection. ns-3 stops the connection's timers there but leaves it in its state
 *   (ESTABLISHED, LAST_ACK). A FIN alone is resent as ns-3 does, every round-trip timeout
 *   (without limit in FIN_WAIT_1 and CLOSING, 12 times in LAST_ACK), and given up when BSD's
 *   retransmissions of it, backed off as data's, would have run out.
 * A drop is tcp_drop()'s: a RST to the peer if a SYN came from it, the state CLOSED, the
 * application told (ErrorClose, or ConnectionFailed before ESTABLISHED).
 *
 * BsdTcpSocketFactory creates these sockets; a listening one forks sockets of its own kind.
 */
class BsdTcpSocket : public TcpSocketBaseOf<BsdTcpSocket>
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    /// What a Source Quench does to the congestion window (attribute SourceQuench).
    enum QuenchResponse : uint8_t
    {
        /// One segment: 4.3BSD-Tahoe's tcp_quench (tcp_subr.c 7.6, June 1987, Van Jacobson's
        /// slow start), the window this model's Tahoe recovery comes from.
        QUENCH_ONE_SEGMENT,
        /// 80 % of the data outstanding, at least one segment: 4.3BSD as released in 1986
        /// (tcp_subr.c 6.4 to 7.5).
        QUENCH_OUTSTANDING_FRACTION,
        /// None: the quench is only counted.
        QUENCH_IGNORE,
    };

    BsdTcpSocket();
    /** @param socket the socket to copy (a listening socket's Fork()) */
    BsdTcpSocket(const BsdTcpSocket& socket);
    ~BsdTcpSocket() override;

    /** @return how often the retransmission timer expired with data outstanding */
    uint32_t GetRetransmissionTimeouts() const;

    /** @return the connection's state (RFC 793) */
    TcpStates_t GetState() const;

    /** @return ICMP Source Quenches received about this connection's segments */
    uint32_t GetSourceQuenches() const;

    /** @return the congestion window, bytes */
    uint32_t GetCongestionWindow() const;

    /**
     * The endpoint's ICMP callback in TcpSocketBase::ForwardIcmp's place: a Source Quench
     * (type 4) closes the congestion window as SourceQuench says; every message then goes to
     * ForwardIcmp, as before.
     * @param icmpSource the ICMP message's source
     * @param icmpTtl its TTL
     * @param icmpType its type
     * @param icmpCode its code
     * @param icmpInfo its information field
     */
    void ReceiveIcmp(Ipv4Address icmpSource,
                     uint8_t icmpTtl,
                     uint8_t icmpType,
                     uint8_t icmpCode,
                     uint32_t icmpInfo);

    int Bind() override;
    int Bind(const Address& address) override;
    int Connect(const Address& address) override;

  protected:
    void DoDispose() override;
    Ptr<TcpSocketBase> Fork() override;
    void ReTxTimeout() override;
    void LastAckTimeout() override;
    void CompleteFork(Ptr<Packet> p,
                      const TcpHeader& tcpHeader,
                      const Address& fromAddress,
                      const Address& toAddress) override;
    void DoForwardUp(Ptr<Packet> packet,
                     const Address& fromAddress,
                     const Address& toAddress) override;
    void SendEmptyPacket(uint8_t flags) override;
    uint32_t SendDataPacket(SequenceNumber32 seq, uint32_t maxSize, bool withAck) override;
    void NewAck(const SequenceNumber32& seq, bool resetRTO) override;

  private:
    /** Points the IPv4 endpoint's ICMP callback (set by TcpSocketBase) at ReceiveIcmp(). */
    void TakeIcmp();

    /** Starts the connection-establishment timer (a SYN went out or came in). */
    void StartEstablishmentTimer();

    /**
     * The connection-establishment timer expired (4.3BSD's TCPT_KEEP before ESTABLISHED):
     * a connection still in SYN_SENT or SYN_RCVD is dropped.
     */
    void EstablishmentTimeout();

    /**
     * Drops the connection as 4.3BSD's tcp_drop(): a RST if a SYN came from the peer, the
     * state CLOSED, the endpoint and timers released, the application told.
     */
    void Drop();

    /**
     * Bounds the retransmission timeout by MaxRto, and the retransmission timer if the call
     * that just ran started it (it was not running before) beyond that.
     * @param wasRunning whether the timer ran before the call
     * @param flags the flags of the segment the timer resends (SYN or FIN), or 0 for data (the
     *        timer then calls ReTxTimeout)
     */
    void BoundRetransmitTimer(bool wasRunning, uint8_t flags);

    /**
     * The timer that resends a lone FIN expired: the FIN goes again, or in FIN_WAIT_1 and
     * CLOSING the connection is dropped once BSD's retransmissions of it would have run out.
     * @param flags the FIN's flags
     */
    void RetransmitFin(uint8_t flags);

    /**
     * @param timeout the first retransmission timeout
     * @return how long 4.3BSD's retransmissions take from the first transmission to the drop:
     *         DataRetries + 1 timeouts, each twice the one before, at most MaxRto
     */
    Time BackedOffRetransmissions(Time timeout) const;

    uint32_t m_retransmissionTimeouts{0};                //!< counter
    QuenchResponse m_quenchResponse{QUENCH_ONE_SEGMENT}; //!< attribute SourceQuench
    uint32_t m_sourceQuenches{0};                        //!< counter
    TracedCallback<> m_timeoutTrace;                     //!< RetransmissionTimeout trace source
    TracedCallback<uint32_t> m_quenchTrace;              //!< SourceQuench trace source
    Time m_establishmentTimeout{Seconds(75)};            //!< attribute EstablishmentTimeout
    Time m_maxRto{Seconds(64)};                          //!< attribute MaxRto
    EventId m_establishmentEvent;                        //!< the connection-establishment timer
    Time m_finGiveUp{0}; //!< when an unacknowledged FIN drops the connection (0: not yet set)
};

} // namespace ns3

#endif /* BSD_TCP_SOCKET_H */
