/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_DATA_SENT_RECORDER_H
#define NETBLT_DATA_SENT_RECORDER_H

#include "ns3/netblt-sender.h"
#include "ns3/netblt-tx-buffer.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <vector>

/**
 * @file
 * @ingroup netblt-tests
 * DataSentRecorder: a NetbltSender's DataSent trace, recorded.
 */

namespace ns3
{
namespace netblt_test
{

/**
 * @ingroup netblt-tests
 * @brief A NetbltSender's DataSent trace source, recorded with the time of each call.
 */
class DataSentRecorder
{
  public:
    /** One DataSent call. */
    struct Sent
    {
        Time time;           //!< when
        uint32_t buffer;     //!< buffer number
        uint16_t packet;     //!< packet number
        uint32_t bytes;      //!< data bytes
        bool retransmission; //!< sent before
        bool lastBuffer;     //!< L flag
        bool lastPacket;     //!< LDATA
    };

    /**
     * The trace sink, for Config paths.
     * @param transmission the DATA/LDATA packet sent
     */
    void Record(const NetbltTxBuffer::Transmission& transmission);
    /** @param sender a sender whose DataSent to record from now on */
    void Attach(Ptr<NetbltSender> sender);

    std::vector<Sent> sent; //!< every call, in order
};

} // namespace netblt_test
} // namespace ns3

#endif /* NETBLT_DATA_SENT_RECORDER_H */
