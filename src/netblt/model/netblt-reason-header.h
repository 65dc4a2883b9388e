/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_REASON_HEADER_H
#define NETBLT_REASON_HEADER_H

#include "netblt-header.h"

#include <string>

namespace ns3
{

/**
 * @ingroup netblt
 * @brief Header of the QUIT (type 3), ABORT (type 5) and REFUSED (type 10)
 *        packets.
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
   | Reason for QUIT/ABORT/REFUSE...
   +---------------+---------------+---------------
                                     Longword Alignment Padding    |
                    ---------------+-------------------------------+
   @endverbatim
 *
 * The reason is NUL-terminated and padded with NULs to a multiple of 4 bytes;
 * Length counts the whole packet, which is 12 bytes plus the string field.
 */
class NetbltReasonHeader : public NetbltHeader
{
  public:
    /**
     * @brief Constructs an ABORT header with an empty reason.
     */
    NetbltReasonHeader();
    /**
     * @brief Constructs a QUIT, ABORT or REFUSED header with an empty reason.
     * @param type NetbltPacketType::QUIT, NetbltPacketType::ABORT or
     *        NetbltPacketType::REFUSED
     */
    explicit NetbltReasonHeader(NetbltPacketType type);

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();
    TypeId GetInstanceTypeId() const override;

    /**
     * @param reason the reason for the QUIT, ABORT or refusal; it must not
     *        contain a NUL byte
     */
    void SetReason(const std::string& reason);
    /**
     * @return the reason, without its NUL terminator and padding
     */
    std::string GetReason() const;

  protected:
    uint32_t GetBodySize() const override;
    void SerializeBody(Buffer::Iterator& i) const override;
    uint32_t DeserializeBody(Buffer::Iterator& i, uint32_t available) override;
    void PrintBody(std::ostream& os) const override;
    bool AcceptsType(NetbltPacketType type) const override;

  private:
    std::string m_reason; //!< Reason string
};

} // namespace ns3

#endif /* NETBLT_REASON_HEADER_H */
