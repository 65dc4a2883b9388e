/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_CONTROL_HEADER_H
#define NETBLT_CONTROL_HEADER_H

#include "netblt-control-message.h"
#include "netblt-header.h"

#include <vector>

namespace ns3
{

/**
 * @ingroup netblt
 * @brief Header of the CONTROL (type 9) packet.
 *
 * Wire layout (RFC 998 section 8, all fields big-endian):
 * @verbatim
                      1                   2                   3
    1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2
   +---------------+---------------+---------------+---------------+
   |           Checksum            |    Version    |     Type      |
   +---------------+---------------+---------------+---------------+
   |           Length              |           Local Port          |
   +---------------+---------------+---------------+---------------+
   |        Foreign Port           | Longword Alignment Padding    |
   +---------------+---------------+---------------+---------------+
   @endverbatim
 * followed by any number of control messages (NetbltControlMessage), one
 * after the other, each longword aligned. Length counts the whole packet.
 *
 * Deserialize() reads messages until Length is reached. Bytes that do not
 * form a whole message (too few left, an unknown message type, a RESEND whose
 * count of packet numbers does not fit) make the packet malformed; the
 * messages before them are kept.
 */
class NetbltControlHeader : public NetbltHeader
{
  public:
    /**
     * @brief Constructs a CONTROL header without messages.
     */
    NetbltControlHeader();

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();
    TypeId GetInstanceTypeId() const override;

    /**
     * @brief Appends a message.
     * @param message the message to append
     */
    void AddMessage(const NetbltControlMessage& message);
    /**
     * @return the messages, in packet order
     */
    const std::vector<NetbltControlMessage>& GetMessages() const;
    /**
     * @brief Removes every message.
     */
    void ClearMessages();

  protected:
    uint32_t GetBodySize() const override;
    void SerializeBody(Buffer::Iterator& i) const override;
    uint32_t DeserializeBody(Buffer::Iterator& i, uint32_t available) override;
    void PrintBody(std::ostream& os) const override;
    bool AcceptsType(NetbltPacketType type) const override;

  private:
    std::vector<NetbltControlMessage> m_messages; //!< Control messages
};

} // namespace ns3

#endif /* NETBLT_CONTROL_HEADER_H */
