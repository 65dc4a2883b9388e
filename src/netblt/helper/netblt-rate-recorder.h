/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_RATE_RECORDER_H
#define NETBLT_RATE_RECORDER_H

#include "ns3/netblt-bulk-send-application.h"
#include "ns3/netblt-sender.h"
#include "ns3/object.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * @ingroup netblt
 * @brief Records what the rate policies of NetbltBulkSendApplications' senders did: the burst
 * size, burst interval and outstanding buffers in force each time they change (the sender's
 * BurstSize, BurstInterval and OutstandingBuffers traces), and when each buffer's first packet
 * first went (its DataSent trace), from which the steady-state throughput of any stretch of
 * the transfer follows (RFC 1030 §3's measure).
 *
 * @code
 *   Ptr<NetbltRateRecorder> recorder = CreateObject<NetbltRateRecorder>();
 *   recorder->WatchAll();              // after the applications are installed
 *   Simulator::Run();
 *   for (const auto& change : recorder->GetChanges()) { ... }
 * @endcode
 */
class NetbltRateRecorder : public Object
{
  public:
    /** The values in force from a moment on. */
    struct Change
    {
        double seconds{0};              //!< simulated time
        uint32_t flow{0};               //!< which application's sender (the order watched)
        uint32_t burstSize{0};          //!< packets per burst
        double burstIntervalMs{0};      //!< ms from one burst to the next
        uint32_t outstandingBuffers{0}; //!< buffers in flight at most
    };

    /** A buffer's first packet's first transmission. */
    struct BufferStart
    {
        double seconds{0};  //!< simulated time
        uint32_t flow{0};   //!< which application's sender
        uint32_t buffer{0}; //!< the buffer number
    };

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    /**
     * Records the sender the application makes; its flow number is the number of applications
     * watched before it.
     * @param application a bulk-send application, before it starts
     */
    void Watch(Ptr<NetbltBulkSendApplication> application);

    /** Watches every NetbltBulkSendApplication on every node, in node and application order. */
    void WatchAll();

    /** @return every change, in time order */
    const std::vector<Change>& GetChanges() const;
    /** @return every buffer start, in time order */
    const std::vector<BufferStart>& GetBufferStarts() const;

  private:
    void SenderCreated(uint32_t flow, Ptr<NetbltSender> sender);
    void ValuesChanged(uint32_t flow, const NetbltSender& sender);
    void DataSent(uint32_t flow, const NetbltTxBuffer::Transmission& transmission);

    uint32_t m_flows{0};                     //!< applications watched
    std::vector<Change> m_changes;           //!< values in force over time
    std::vector<BufferStart> m_bufferStarts; //!< buffers' first packets
};

} // namespace ns3

#endif /* NETBLT_RATE_RECORDER_H */
