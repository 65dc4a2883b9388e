/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_BULK_SEND_APPLICATION_H
#define NETBLT_BULK_SEND_APPLICATION_H

#include "netblt-digest.h"
#include "netblt-sender.h"

#include "ns3/address.h"
#include "ns3/application.h"
#include "ns3/nstime.h"
#include "ns3/random-variable-stream.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * @ingroup netblt
 * @brief Sends a fixed amount of data over one NETBLT connection, as RFC 1030's memory-to-memory
 * test program did.
 *
 * At start it opens a connection to Remote as the active end in WRITE mode, proposing the
 * transfer parameters given as attributes. It then hands NETBLT buffers of BufferSize bytes
 * (the last one shorter if TransferSize is not a multiple) whenever NETBLT has room. The bytes
 * are pseudo-random, drawn from a stream that AssignStreams fixes, and a 64-bit FNV-1a digest of
 * everything handed over is kept so that a receiver can be checked byte for byte.
 */
class NetbltBulkSendApplication : public Application
{
  public:
    /** Trace signature: the connection was created (its OPEN is going out). */
    typedef void (*ConnectionTracedCallback)(Ptr<NetbltSender> connection);
    /** Trace signature: the connection closed, and why. */
    typedef void (*CloseTracedCallback)(Ptr<NetbltConnection> connection,
                                        NetbltConnection::CloseReason reason);

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    NetbltBulkSendApplication();
    ~NetbltBulkSendApplication() override;

    /** @return the connection, or nullptr before start or if the open was rejected locally */
    Ptr<NetbltSender> GetConnection() const;
    /** @return bytes handed to NETBLT so far */
    uint64_t GetBytesGiven() const;
    /** @return FNV-1a 64-bit digest of the bytes handed to NETBLT so far */
    uint64_t GetDigest() const;
    /** @return when the connection closed (meaningful once IsClosed()) */
    Time GetCloseTime() const;
    /** @return true once the connection has closed */
    bool IsClosed() const;
    /** @return why the connection closed (meaningful once IsClosed()) */
    NetbltConnection::CloseReason GetCloseReason() const;
    /** @return the parameters proposed in the OPEN */
    NetbltTransferParameters GetProposal() const;

    int64_t AssignStreams(int64_t stream) override;

  protected:
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;
    void HandOverBuffers(Ptr<NetbltSender> connection);
    void ConnectionClosed(Ptr<NetbltConnection> connection,
                          NetbltConnection::CloseReason reason,
                          const std::string& text);

    Address m_remote;
    uint32_t m_transferSize;
    uint32_t m_bufferSize;
    uint16_t m_packetSize;
    uint16_t m_burstSize;
    Time m_burstInterval;
    uint16_t m_maxOutstandingBuffers;
    bool m_checksumData;
    Time m_deathTimeout;

    Ptr<UniformRandomVariable> m_seedVariable;
    Ptr<NetbltSender> m_connection;
    uint64_t m_bytesGiven{0};
    NetbltDigest m_digest; //!< digest of the bytes so far
    uint64_t m_generatorState{0};
    std::vector<uint8_t> m_bufferBytes; //!< the next buffer's bytes, made here before its packet
    bool m_closed{false};
    Time m_closeTime;
    NetbltConnection::CloseReason m_closeReason{NetbltConnection::TRANSFER_COMPLETE};

    TracedCallback<Ptr<NetbltSender>> m_connectionTrace;
    TracedCallback<Ptr<NetbltConnection>, NetbltConnection::CloseReason> m_closeTrace;
};

} // namespace ns3

#endif /* NETBLT_BULK_SEND_APPLICATION_H */
