/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TCP_TAHOE_RECOVERY_H
#define TCP_TAHOE_RECOVERY_H

#include "ns3/tcp-recovery-ops.h"

#include <cstdint>
#include <string>

namespace ns3
{

/**
 * @ingroup bsd-tcp
 * @brief 4.3BSD-Tahoe's fast retransmit (1988): on the third duplicate ACK the lost segment is
 * sent again, the slow-start threshold becomes half the data in flight (at least two segments,
 * TcpNewReno::GetSsThresh) and the congestion window one segment, from which the window grows
 * by slow start; no fast recovery (the window is not inflated by further duplicate ACKs, nor
 * set to the threshold when the loss is repaired).
 *
 * ns-3's TcpSocketBase stays in its recovery state until the data sent before the loss is
 * acknowledged and retransmits the next missing segment on each partial ACK (NewReno's rule);
 * 4.3BSD-Tahoe went on with new data and left a second loss of the same window to three more
 * duplicate ACKs or the retransmission timer. With the window growing from one segment either
 * way the two differ only when one window loses two segments or more.
 */
class TcpTahoeRecovery : public TcpRecoveryOps
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    TcpTahoeRecovery();
    /** @param other the recovery to copy (Fork()) */
    TcpTahoeRecovery(const TcpTahoeRecovery& other);
    ~TcpTahoeRecovery() override;

    std::string GetName() const override;
    void EnterRecovery(Ptr<TcpSocketState> tcb,
                       uint32_t dupAckCount,
                       uint32_t unAckDataCount,
                       uint32_t deliveredBytes) override;
    void DoRecovery(Ptr<TcpSocketState> tcb, uint32_t deliveredBytes, bool isDupAck) override;
    void ExitRecovery(Ptr<TcpSocketState> tcb) override;
    Ptr<TcpRecoveryOps> Fork() override;

  private:
    /// The window slow start has reached since the loss: TcpSocketBase sets the window to the
    /// threshold before ExitRecovery(), which puts this one back.
    uint32_t m_window{0};
};

} // namespace ns3

#endif /* TCP_TAHOE_RECOVERY_H */
