/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_TX_RECORDER_H
#define NETBLT_TX_RECORDER_H

#include "ns3/netblt-connection.h"
#include "ns3/netblt-control-message.h"
#include "ns3/netblt-header.h"
#include "ns3/netblt-transfer-parameters.h"
#include "ns3/nstime.h"
#include "ns3/packet.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

/**
 * @file
 * @ingroup netblt-tests
 * TxRecorder: the packets a NETBLT connection sends, read back from its "Tx" trace.
 */

namespace ns3
{
namespace netblt_test
{

/**
 * @ingroup netblt-tests
 * @brief A record of the packets a connection (or several) sent, from its "Tx" trace.
 */
class TxRecorder
{
  public:
    /** One packet sent. */
    struct Entry
    {
        Time time;                                  //!< when it was handed to IP
        NetbltPacketType type;                      //!< its type
        uint32_t size{0};                           //!< bytes handed to IP (padding included)
        uint16_t length{0};                         //!< its Length field
        uint32_t bufferNumber{0};                   //!< DATA/LDATA buffer number
        uint16_t packetNumber{0};                   //!< DATA/LDATA packet number
        uint16_t dataLength{0};                     //!< DATA/LDATA data bytes
        bool lastBuffer{false};                     //!< DATA/LDATA L flag
        std::vector<NetbltControlMessage> messages; //!< CONTROL messages
        NetbltTransferParameters parameters;        //!< OPEN/RESPONSE values
        uint32_t connectionId{0};                   //!< OPEN/RESPONSE unique ID
        bool writeMode{false};                      //!< OPEN/RESPONSE M flag
        std::string reason;                         //!< QUIT/ABORT/REFUSED text
    };

    /** @param connection a connection whose "Tx" trace to record */
    void Attach(Ptr<NetbltConnection> connection);
    /** @return everything recorded */
    const std::vector<Entry>& GetEntries() const;
    /** @param type a type @return how many packets of that type were sent */
    uint32_t Count(NetbltPacketType type) const;
    /** @param type a type @return the packets of that type, in order */
    std::vector<Entry> Select(NetbltPacketType type) const;
    /** @return every control message sent, in order, over all CONTROL packets */
    std::vector<NetbltControlMessage> AllMessages() const;
    /** @return the instants DATA/LDATA packets were handed to IP, each with how many */
    std::map<Time, uint32_t> DataBursts() const;

  private:
    void Record(Ptr<const Packet> packet, NetbltPacketType type);
    std::vector<Entry> m_entries;
};

} // namespace netblt_test
} // namespace ns3

#endif /* NETBLT_TX_RECORDER_H */
