/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef RAW_BYTES_HEADER_H
#define RAW_BYTES_HEADER_H

#include "ns3/header.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * @ingroup impaired-link
 * @brief A header that serializes to a given sequence of bytes and can pose,
 * in the packet metadata, as a header of another type.
 *
 * ImpairedPointToPointChannel uses it to put a damaged copy of a header (for
 * example a UDP or NETBLT header with one bit inverted) back into a packet.
 * When PacketMetadata is enabled (Packet::EnablePrinting(),
 * Packet::EnableChecking()), the receiver's RemoveHeader() call for the
 * original header type then finds an intact metadata item of that type and
 * size, and Packet::Print() decodes the damaged bytes with the original header
 * class.
 */
class RawBytesHeader : public Header
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    /**
     * @brief Create an empty header that reports its own TypeId.
     */
    RawBytesHeader();

    /**
     * @brief Create a header holding the given bytes.
     * @param bytes the bytes that Serialize() writes
     * @param posedTypeId the TypeId reported by GetInstanceTypeId(), i.e. the
     *   header type recorded in the packet metadata by Packet::AddHeader()
     */
    RawBytesHeader(const std::vector<uint8_t>& bytes, TypeId posedTypeId);

    /**
     * @brief Set the bytes of the header.  Also sets the number of bytes that
     * Deserialize() reads.
     * @param bytes the bytes
     */
    void SetBytes(const std::vector<uint8_t>& bytes);

    /**
     * @brief Get the bytes of the header.
     * @return the bytes
     */
    const std::vector<uint8_t>& GetBytes() const;

    TypeId GetInstanceTypeId() const override;
    void Print(std::ostream& os) const override;
    uint32_t GetSerializedSize() const override;
    void Serialize(Buffer::Iterator start) const override;
    uint32_t Deserialize(Buffer::Iterator start) override;

  private:
    std::vector<uint8_t> m_bytes; //!< The bytes of the header
    TypeId m_posedTypeId;         //!< The TypeId reported by GetInstanceTypeId()
};

} // namespace ns3

#endif /* RAW_BYTES_HEADER_H */
