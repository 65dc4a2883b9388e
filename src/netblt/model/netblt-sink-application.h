/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_SINK_APPLICATION_H
#define NETBLT_SINK_APPLICATION_H

#include "netblt-digest.h"
#include "netblt-receiver.h"

#include "ns3/application.h"
#include "ns3/nstime.h"
#include "ns3/traced-callback.h"

#include <vector>

namespace ns3
{

/**
 * @ingroup netblt
 * @brief Receives NETBLT transfers on a well-known port (the passive end of RFC 1030's tests).
 *
 * Listens on Port, accepting OPENs restricted to the limits given as attributes, keeps room for
 * as many buffers as the connection may have outstanding, and gives NETBLT a new buffer as soon
 * as it has consumed one. It keeps a 64-bit FNV-1a digest of everything received (and, with
 * KeepData, the bytes themselves) so tests can compare against the sender.
 */
class NetbltSinkApplication : public Application
{
  public:
    /** Trace signature: a buffer's bytes and its number. */
    typedef void (*RxTracedCallback)(Ptr<const Packet> data, uint32_t buffer);
    /** Trace signature: a connection accepted. */
    typedef void (*ConnectionTracedCallback)(Ptr<NetbltReceiver> connection);
    /** Trace signature: a connection closed, and why. */
    typedef void (*CloseTracedCallback)(Ptr<NetbltConnection> connection,
                                        NetbltConnection::CloseReason reason);

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    NetbltSinkApplication();
    ~NetbltSinkApplication() override;

    /** @return the most recent connection accepted, or nullptr */
    Ptr<NetbltReceiver> GetConnection() const;
    /** @return bytes received so far, over all connections */
    uint64_t GetBytesReceived() const;
    /** @return FNV-1a 64-bit digest of the bytes received so far */
    uint64_t GetDigest() const;
    /** @return the bytes received, if KeepData is set */
    const std::vector<uint8_t>& GetData() const;
    /** @return when the connection closed (meaningful once IsClosed()) */
    Time GetCloseTime() const;
    /** @return true once a connection has closed */
    bool IsClosed() const;
    /** @return why the last connection closed (meaningful once IsClosed()) */
    NetbltConnection::CloseReason GetCloseReason() const;

  protected:
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;
    std::string Accept(Ptr<NetbltConnection> connection, const NetbltTransferParameters& answer);
    void Established(Ptr<NetbltConnection> connection);
    void BufferReceived(Ptr<NetbltReceiver> connection,
                        uint32_t number,
                        Ptr<Packet> data,
                        bool last);
    void ConnectionClosed(Ptr<NetbltConnection> connection,
                          NetbltConnection::CloseReason reason,
                          const std::string& text);

    uint16_t m_port;
    uint32_t m_maxBufferSize;
    uint16_t m_maxPacketSize;
    uint16_t m_maxBurstSize;
    Time m_minBurstInterval;
    uint16_t m_maxOutstandingBuffers;
    bool m_checksumData;
    Time m_deathTimeout;
    bool m_keepData;

    bool m_listening{false};
    Ptr<NetbltReceiver> m_connection;
    uint64_t m_bytesReceived{0};
    NetbltDigest m_digest; //!< digest of the bytes so far
    std::vector<uint8_t> m_data;
    bool m_closed{false};
    Time m_closeTime;
    NetbltConnection::CloseReason m_closeReason{NetbltConnection::TRANSFER_COMPLETE};

    TracedCallback<Ptr<const Packet>, uint32_t> m_rxTrace;
    TracedCallback<Ptr<NetbltReceiver>> m_connectionTrace; //!< a connection was accepted
    TracedCallback<Ptr<NetbltConnection>, NetbltConnection::CloseReason>
        m_closeTrace; //!< a connection closed
};

} // namespace ns3

#endif /* NETBLT_SINK_APPLICATION_H */
