/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_CONTROL_MESSAGE_H
#define NETBLT_CONTROL_MESSAGE_H

#include "ns3/buffer.h"

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace ns3
{

/**
 * @ingroup netblt
 * @brief One GO, OK or RESEND message of a NETBLT CONTROL packet.
 *
 * Wire layouts (RFC 998 section 8, all fields big-endian; each message starts
 * on a longword boundary and is a multiple of 4 bytes long):
 * @verbatim
   GO (type 0), 8 bytes:
   +---------------+---------------+---------------+---------------+
   |    Type       | Word Padding  |       Sequence Number         |
   +---------------+---------------+---------------+---------------+
   |                        Buffer Number                          |
   +---------------+---------------+---------------+---------------+

   OK (type 1), 16 bytes: the GO fields, then
   +---------------+---------------+---------------+---------------+
   |    New Offered Burst Size     |   New Offered Burst Rate      |
   +---------------+---------------+---------------+---------------+
   | Current control timer value   | Longword Alignment Padding    |
   +---------------+---------------+---------------+---------------+
   (extension, when R was negotiated: the padding carries the burst spacing; when X was
   negotiated, the word padding is EXPLICIT_RATE_OFFER if the offered burst values carry the
   explicit rate the gateways wrote in the buffer's DATA packets)

   RESEND (type 2), 12 + 2n bytes rounded up to a multiple of 4: the GO
   fields, then
   +---------------+---------------+---------------+---------------+
   |  Number of Missing Packets    | Longword Alignment Padding    |
   +---------------+---------------+---------------+---------------+
   |       Packet Number (2 bytes) ...
   +---------------+---------------+----------
                                   |    Padding (if necessary)     |
                        -----------+---------------+---------------+
   @endverbatim
 *
 * Padding is written as zero and ignored on receipt, but for the OK's burst
 * spacing, this implementation's extension (netblt-wire-format.rst): the
 * receiving end writes there, when the connection negotiated the R flag, how
 * densely the buffer's packets arrived. A value type: messages
 * are built with MakeGo(), MakeOk() and MakeResend(), or read with
 * Deserialize(); the fields that a type does not have are 0.
 */
class NetbltControlMessage
{
  public:
    /// Control message type numbers.
    enum Type : uint8_t
    {
        GO = 0,     //!< The receiver has a buffer ready for the given buffer number
        OK = 1,     //!< The given buffer was received completely
        RESEND = 2, //!< Lists the packets of the given buffer to send again
    };

    /**
     * @brief Constructs a GO message with sequence number 0 and buffer 0.
     */
    NetbltControlMessage();

    /**
     * @brief Makes a GO message.
     * @param sequence the message's sequence number
     * @param buffer the number of the buffer the receiver is ready for
     * @return the message
     */
    static NetbltControlMessage MakeGo(uint16_t sequence, uint32_t buffer);
    /**
     * @brief Makes an OK message.
     * @param sequence the message's sequence number
     * @param buffer the number of the buffer received completely
     * @param burstSize the new offered burst size, in packets
     * @param burstRateMs the new offered burst rate, in milliseconds
     * @param controlTimerMs the receiver's current control timer value, in
     *        milliseconds
     * @param burstSpacing extension (R negotiated): the buffer's densest burst
     *        spacing, in units of 10 microseconds; 0 (the RFC's padding) if none
     * @param explicitRate extension (X negotiated): true if the offered burst values carry a
     *        gateway's explicit rate (the word padding is then EXPLICIT_RATE_OFFER)
     * @return the message
     */
    static NetbltControlMessage MakeOk(uint16_t sequence,
                                       uint32_t buffer,
                                       uint16_t burstSize,
                                       uint16_t burstRateMs,
                                       uint16_t controlTimerMs,
                                       uint16_t burstSpacing = 0,
                                       bool explicitRate = false);
    /**
     * @brief Makes a RESEND message.
     * @param sequence the message's sequence number
     * @param buffer the number of the buffer with missing packets
     * @param missingPackets the packet numbers to send again (at most 65535)
     * @return the message
     */
    static NetbltControlMessage MakeResend(uint16_t sequence,
                                           uint32_t buffer,
                                           std::vector<uint16_t> missingPackets);

    /**
     * @return the message type
     */
    Type GetType() const;
    /**
     * @return the message's sequence number
     */
    uint16_t GetSequence() const;
    /**
     * @return the buffer number
     */
    uint32_t GetBufferNumber() const;
    /**
     * @return the new offered burst size of an OK message, in packets (0 for
     *         the other types)
     */
    uint16_t GetBurstSize() const;
    /**
     * @return the new offered burst rate of an OK message, in milliseconds (0
     *         for the other types)
     */
    uint16_t GetBurstRate() const;
    /**
     * @return the control timer value of an OK message, in milliseconds (0
     *         for the other types)
     */
    uint16_t GetControlTimerValue() const;
    /**
     * @return the burst spacing of an OK message (extension), in units of 10
     *         microseconds; 0 if none was measured or reported, and for the
     *         other types
     */
    uint16_t GetBurstSpacing() const;
    /// The unit of the burst spacing field.
    static constexpr uint32_t BURST_SPACING_UNIT_US = 10;
    /**
     * @return true if an OK's offered burst values carry a gateway's explicit rate (extension,
     *         X negotiated: its word padding is EXPLICIT_RATE_OFFER); false for the other types
     */
    bool IsExplicitRateOffer() const;
    /// The OK's word padding when its offer carries an explicit rate.
    static constexpr uint8_t EXPLICIT_RATE_OFFER = 0x01;
    /**
     * @return the missing packet numbers of a RESEND message (empty for the
     *         other types)
     */
    const std::vector<uint16_t>& GetMissingPackets() const;

    /**
     * @return the size of the message on the wire: GO 8, OK 16, RESEND
     *         12 + 2 * (number of missing packets) rounded up to a multiple of 4
     */
    uint32_t GetSerializedSize() const;
    /**
     * @brief Writes the message.
     * @param i where to write; advanced by GetSerializedSize()
     */
    void Serialize(Buffer::Iterator& i) const;
    /**
     * @brief Reads one message from at most @p available bytes.
     * @param i where to read; advanced past the message, or left where it is
     *        if the message cannot be read
     * @param available the number of bytes that may be read
     * @return the number of bytes read, or 0 if the message type is unknown or
     *         the message does not fit in @p available bytes (then this
     *         message is unchanged)
     */
    uint32_t Deserialize(Buffer::Iterator& i, uint32_t available);
    /**
     * @brief Reads one message from at most @p available bytes, and says why
     *        when it cannot.
     * @param i where to read; advanced past the message, or left where it is
     *        if the message cannot be read
     * @param available the number of bytes that may be read
     * @param error set to why the message cannot be read when the result is 0
     * @return the number of bytes read, or 0 if the message type is unknown or
     *         the message does not fit in @p available bytes (then this
     *         message is unchanged)
     */
    uint32_t Deserialize(Buffer::Iterator& i, uint32_t available, std::string& error);

    /**
     * @param o the other message
     * @return true if both messages have the same type and fields
     */
    bool operator==(const NetbltControlMessage& o) const = default;

    /**
     * @brief Prints the message, e.g. "GO seq 1 buffer 7".
     * @param os output stream
     */
    void Print(std::ostream& os) const;

  private:
    /**
     * @param count a number of missing packets
     * @return the size of a RESEND message listing @p count packets
     */
    static uint32_t GetResendSize(uint32_t count);

    /// Size of the fields every message has.
    static constexpr uint32_t GO_SIZE = 8;
    /// Size of an OK message.
    static constexpr uint32_t OK_SIZE = 16;
    /// Size of a RESEND message up to its packet numbers.
    static constexpr uint32_t RESEND_FIXED_SIZE = 12;

    Type m_type;                            //!< Message type
    uint16_t m_sequence;                    //!< Sequence number
    uint32_t m_bufferNumber;                //!< Buffer number
    uint16_t m_burstSize;                   //!< OK: new offered burst size
    uint16_t m_burstRate;                   //!< OK: new offered burst rate, ms
    uint16_t m_controlTimerValue;           //!< OK: control timer value, ms
    uint16_t m_burstSpacing{0};             //!< OK (extension): burst spacing, 10 us
    bool m_explicitRateOffer{false};        //!< OK (extension): the offer is an explicit rate
    std::vector<uint16_t> m_missingPackets; //!< RESEND: missing packet numbers
};

/**
 * @brief Stream insertion operator.
 * @param os the stream
 * @param message the control message
 * @returns a reference to the stream
 */
std::ostream& operator<<(std::ostream& os, const NetbltControlMessage& message);

/**
 * @ingroup netblt
 * @brief Serial-number comparison of 16-bit control sequence numbers (they wrap).
 * @param a a sequence number
 * @param b another
 * @return true if @p a is not after @p b
 */
bool NetbltSequenceNotAfter(uint16_t a, uint16_t b);

} // namespace ns3

#endif /* NETBLT_CONTROL_MESSAGE_H */
