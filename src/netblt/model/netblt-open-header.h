/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_OPEN_HEADER_H
#define NETBLT_OPEN_HEADER_H

#include "netblt-header.h"

#include <cstdint>
#include <string>

namespace ns3
{

/**
 * @ingroup netblt
 * @brief Header of the OPEN (type 0) and RESPONSE (type 1) packets.
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
   |                       Connection Unique ID                    |
   +---------------+---------------+---------------+---------------+
   |                         Buffer Size                           |
   +---------------+---------------+---------------+---------------+
   |                       Transfer Size                           |
   +---------------+---------------+---------------+---------------+
   |        DATA packet size       |          Burst Size           |
   +---------------+---------------+---------------+---------------+
   |           Burst Rate          |       Death Timer Value       |
   +---------------+---------------+---------------+---------------+
   |   Reserved (MBZ)  |X|P|R|C|M| Maximum # Outstanding Buffers |
   +---------------+---------------+---------------+---------------+
   | Client String ...
   +---------------+---------------+---------------
                                     Longword Alignment Padding    |
                    ---------------+-------------------------------+
   @endverbatim
 *
 * M is the least significant bit of the 16-bit word at byte offset 32 (value
 * 0x0001) and C the next one (value 0x0002); the reserved bits are written as
 * zero and ignored on receipt. R (0x0004) is this implementation's extension
 * (burst spacing reports in OK, netblt-wire-format.rst), taken from RFC 998's
 * reserved bits: a plain RFC 998 peer writes it as zero and ignores it. P (0x0008) is the
 * extension of padded CONTROL packets (netblt-wire-format.rst), taken the same way, and X
 * (0x0010) the explicit-rate extension (DATA packets carry a rate the gateways lower; the
 * receiver answers it in the OK's offered burst values). The client
 * string is NUL-terminated and padded
 * with NULs to a multiple of 4 bytes; Length counts the whole packet, which is
 * 36 bytes plus the string field.
 */
class NetbltOpenHeader : public NetbltHeader
{
  public:
    /**
     * @brief Constructs an OPEN header with every field zero and an empty
     *        client string.
     */
    NetbltOpenHeader();
    /**
     * @brief Constructs an OPEN or a RESPONSE header.
     * @param openOrResponse NetbltPacketType::OPEN or NetbltPacketType::RESPONSE
     */
    explicit NetbltOpenHeader(NetbltPacketType openOrResponse);

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();
    TypeId GetInstanceTypeId() const override;

    /**
     * @param id the 32-bit connection unique ID, returned in the RESPONSE
     */
    void SetConnectionId(uint32_t id);
    /**
     * @return the 32-bit connection unique ID
     */
    uint32_t GetConnectionId() const;
    /**
     * @param size the size in bytes of each buffer but the last
     */
    void SetBufferSize(uint32_t size);
    /**
     * @return the size in bytes of each buffer but the last
     */
    uint32_t GetBufferSize() const;
    /**
     * @param size the size in bytes of the transfer (optional, for the
     *        client's information only; 0 when not given)
     */
    void SetTransferSize(uint32_t size);
    /**
     * @return the size in bytes of the transfer
     */
    uint32_t GetTransferSize() const;
    /**
     * @param size the length of each DATA packet in bytes
     */
    void SetDataPacketSize(uint16_t size);
    /**
     * @return the length of each DATA packet in bytes
     */
    uint16_t GetDataPacketSize() const;
    /**
     * @param size the number of DATA packets in a burst
     */
    void SetBurstSize(uint16_t size);
    /**
     * @return the number of DATA packets in a burst
     */
    uint16_t GetBurstSize() const;
    /**
     * @param rateMs the transmit time of a single burst, in milliseconds
     */
    void SetBurstRate(uint16_t rateMs);
    /**
     * @return the transmit time of a single burst, in milliseconds
     */
    uint16_t GetBurstRate() const;
    /**
     * @param seconds the packet sender's death timer value, in seconds
     */
    void SetDeathTimerValue(uint16_t seconds);
    /**
     * @return the packet sender's death timer value, in seconds
     */
    uint16_t GetDeathTimerValue() const;
    /**
     * @param checksumData the C flag: true if the data of DATA/LDATA packets
     *        is checksummed
     */
    void SetChecksumData(bool checksumData);
    /**
     * @return the C flag
     */
    bool GetChecksumData() const;
    /**
     * @param write the M flag, the transfer mode: true for WRITE (1), false
     *        for READ (0)
     */
    void SetWriteMode(bool write);
    /**
     * @return the M flag: true for WRITE, false for READ
     */
    bool GetWriteMode() const;
    /**
     * @param reports the R flag (extension): burst spacing reports in OK are
     *        asked for (sending end) or offered (receiving end)
     */
    void SetRateReports(bool reports);
    /**
     * @return the R flag
     */
    bool GetRateReports() const;
    /**
     * @param padded the P flag (extension): this end may pad its CONTROL packets and accepts
     *        padded ones
     */
    void SetPaddedControl(bool padded);
    /**
     * @return the P flag
     */
    bool GetPaddedControl() const;

    /**
     * @param explicitRate the X flag (extension): DATA packets carry the explicit rate the
     *        gateways on the path lower, and the receiver offers it in its OKs
     */
    void SetExplicitRate(bool explicitRate);
    /**
     * @return the X flag
     */
    bool GetExplicitRate() const;
    /**
     * @param kbps the explicit-rate field (extension, in the common header's alignment padding,
     *        as in DATA): with X, NetbltDataHeader::EXPLICIT_RATE_UNLIMITED as either end writes
     *        it; a gateway that computes rates lowers a RESPONSE's on its way back to the
     *        sender, which starts at that rate (kbit/s of IP datagrams). Without X,
     *        NetbltDataHeader::EXPLICIT_RATE_NONE (zero), as RFC 998 has it.
     */
    void SetExplicitRateField(uint16_t kbps);
    /**
     * @return the explicit-rate field
     */
    uint16_t GetExplicitRateField() const;
    /**
     * @return true if the explicit-rate field carries a rate a gateway wrote (neither
     *         NetbltDataHeader::EXPLICIT_RATE_NONE nor EXPLICIT_RATE_UNLIMITED)
     */
    bool HasExplicitRateField() const;
    /**
     * @param buffers the maximum number of buffers that can be transferred
     *        before waiting for an OK message
     */
    void SetMaxOutstandingBuffers(uint16_t buffers);
    /**
     * @return the maximum number of outstanding buffers
     */
    uint16_t GetMaxOutstandingBuffers() const;
    /**
     * @param clientString the client string; it must not contain a NUL byte
     */
    void SetClientString(const std::string& clientString);
    /**
     * @return the client string, without its NUL terminator and padding
     */
    std::string GetClientString() const;

  protected:
    uint32_t GetBodySize() const override;
    void SerializeBody(Buffer::Iterator& i) const override;
    uint32_t DeserializeBody(Buffer::Iterator& i, uint32_t available) override;
    void PrintBody(std::ostream& os) const override;
    bool AcceptsType(NetbltPacketType type) const override;
    uint16_t GetAlignmentField() const override;
    void SetAlignmentField(uint16_t value) override;

  private:
    /// Size of the fixed fields between the common header and the client string.
    static constexpr uint32_t FIXED_BODY_SIZE = 24;
    /// Value of the M flag in the flags word.
    static constexpr uint16_t FLAG_M = 0x0001;
    /// Value of the C flag in the flags word.
    static constexpr uint16_t FLAG_C = 0x0002;
    /// Value of the R flag (extension: burst spacing reports) in the flags word.
    static constexpr uint16_t FLAG_R = 0x0004;
    /// Value of the P flag (extension: padded CONTROL packets) in the flags word.
    static constexpr uint16_t FLAG_P = 0x0008;
    /// Value of the X flag (extension: explicit rate) in the flags word.
    static constexpr uint16_t FLAG_X = 0x0010;

    uint32_t m_connectionId;          //!< Connection unique ID
    uint32_t m_bufferSize;            //!< Buffer size in bytes
    uint32_t m_transferSize;          //!< Transfer size in bytes
    uint16_t m_dataPacketSize;        //!< DATA packet size in bytes
    uint16_t m_burstSize;             //!< Burst size in packets
    uint16_t m_burstRate;             //!< Burst rate in milliseconds
    uint16_t m_deathTimerValue;       //!< Death timer value in seconds
    bool m_checksumData;              //!< C flag
    bool m_writeMode;                 //!< M flag
    bool m_rateReports{false};        //!< R flag (extension)
    bool m_paddedControl{false};      //!< P flag (extension)
    bool m_explicitRate{false};       //!< X flag (extension)
    uint16_t m_explicitRateField{0};  //!< Explicit-rate field (extension), kbit/s
    uint16_t m_maxOutstandingBuffers; //!< Maximum number of outstanding buffers
    std::string m_clientString;       //!< Client string
};

} // namespace ns3

#endif /* NETBLT_OPEN_HEADER_H */
