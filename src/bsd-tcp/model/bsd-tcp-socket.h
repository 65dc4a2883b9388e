/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef BSD_TCP_SOCKET_H
#define BSD_TCP_SOCKET_H

#include "ns3/tcp-socket-base.h"
#include "ns3/traced-callback.h"

#include <cstdint>

namespace ns3
{

/**
 * @ingroup bsd-tcp
 * @brief ns-3's TcpSocketBase, counting the expirations of its retransmission timer, and
 * sending the segment a timeout repeats whatever its size: ns-3 holds a short one back by
 * Nagle's algorithm, which leaves a connection whose last segment was lost without a timer.
 *
 * BsdTcpSocketFactory creates these sockets; a listening one forks sockets of its own kind.
 */
class BsdTcpSocket : public TcpSocketBase
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    BsdTcpSocket();
    /** @param socket the socket to copy (a listening socket's Fork()) */
    BsdTcpSocket(const BsdTcpSocket& socket);
    ~BsdTcpSocket() override;

    /** @return how often the retransmission timer expired with data outstanding */
    uint32_t GetRetransmissionTimeouts() const;

    /** @return the connection's state (RFC 793) */
    TcpStates_t GetState() const;

  protected:
    Ptr<TcpSocketBase> Fork() override;
    void ReTxTimeout() override;

  private:
    uint32_t m_retransmissionTimeouts{0}; //!< counter
    TracedCallback<> m_timeoutTrace;      //!< RetransmissionTimeout trace source
};

} // namespace ns3

#endif /* BSD_TCP_SOCKET_H */
