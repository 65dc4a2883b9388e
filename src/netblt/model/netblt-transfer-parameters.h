/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_TRANSFER_PARAMETERS_H
#define NETBLT_TRANSFER_PARAMETERS_H

#include "ns3/nstime.h"

#include <cstdint>
#include <ostream>
#include <string>
#include <utility>

namespace ns3
{

class NetbltOpenHeader;

/**
 * @ingroup netblt
 * @brief The parameters a NETBLT connection negotiates in OPEN and RESPONSE (RFC 998 §4, §5.1).
 *
 * The active end proposes a set; the passive end may only make each value more restrictive
 * (Restrict()); the active end checks that it did (IsNoLessRestrictiveThan()). The burst size and
 * burst interval may be renegotiated after every buffer through OK and NULL-ACK.
 */
struct NetbltTransferParameters
{
    uint32_t bufferSize{14380};   //!< bytes in every buffer but the last
    uint32_t transferSize{0};     //!< bytes in the transfer (client information only)
    uint16_t packetSize{1438};    //!< bytes of data in each DATA packet but a buffer's last
    uint16_t burstSize{5};        //!< DATA packets per burst
    uint16_t burstIntervalMs{30}; //!< ms from the start of one burst to the next ("burst rate")
    uint16_t deathTimeoutS{60};   //!< this end's death-timer value, in seconds
    bool checksumData{false};     //!< C flag: checksum DATA/LDATA data as well as headers
    uint16_t maxOutstandingBuffers{1}; //!< buffers that may be in transmission or recovery at once
    /// R flag (extension, netblt-wire-format.rst): the receiver reports burst spacing in OK
    bool rateReports{false};
    /// P flag (extension, netblt-wire-format.rst): the end that sent the OPEN or RESPONSE may
    /// pad its CONTROL packets and accepts padded ones
    bool paddedControl{false};
    /// X flag (extension, netblt-wire-format.rst): DATA packets carry an explicit rate the
    /// gateways lower, which the receiver offers back in its OKs
    bool explicitRate{false};
    /// With X, read from a RESPONSE: the rate the gateways on the way back wrote in its
    /// explicit-rate field, kbit/s of IP datagrams (0: none); written as "not lowered"
    uint16_t explicitRateKbps{0};
    std::string clientString; //!< free-form client information

    /** @return the burst interval as a Time */
    Time GetBurstInterval() const;

    /** @return the number of DATA packets a full buffer needs */
    uint16_t GetPacketsPerBuffer() const;

    /**
     * The bursts that carry a gateway's explicit rate: the smallest the burst interval allows,
     * so that the gateways' queues see the flow as evenly spread as it can be. Burst size
     * ⌈interval × rate ÷ datagram bits⌉ (1 to the burst size), interval ⌈size × datagram bits
     * ÷ rate⌉ ms (no shorter than the burst interval); the datagram is a full DATA packet in
     * a 20-byte IPv4 header, as the gateways count it.
     * @param kbps the rate, kbit/s of IP datagrams (more than 0)
     * @return the burst size and interval (ms)
     */
    std::pair<uint16_t, uint16_t> GetBurstsAt(double kbps) const;

    /**
     * The passive end's answer to an offer: each flow-control value made no less restrictive
     * than both the offer and this end's limits (smaller buffers, packets, bursts and buffer
     * counts; longer burst intervals), and packets no larger than the buffer. Data
     * checksumming is on if either end asks for it. R and P are echoed (this implementation
     * honours both; the passive end adds its own P, NetbltConnectionBase::AcceptPassive).
     * The death timeout and client string are the passive end's own.
     * @param offer the active end's proposal
     * @param limits the passive end's most permissive values
     * @return the negotiated parameters
     */
    static NetbltTransferParameters Restrict(const NetbltTransferParameters& offer,
                                             const NetbltTransferParameters& limits);

    /**
     * @param offer what this end proposed
     * @return true if every flow-control value here is equal to or more restrictive than offer
     */
    bool IsNoLessRestrictiveThan(const NetbltTransferParameters& offer) const;

    /**
     * @return an empty string if the values can be used for a transfer, else a message naming
     * the first bad value and what is allowed
     */
    std::string Validate() const;

    /** Copies the values into an OPEN or RESPONSE header. @param header the header to fill */
    void WriteTo(NetbltOpenHeader& header) const;

    /** @param header an OPEN or RESPONSE header @return the values it carries */
    static NetbltTransferParameters ReadFrom(const NetbltOpenHeader& header);
};

/**
 * @brief Prints the parameters on one line.
 * @param os the stream
 * @param p the parameters
 * @return the stream
 */
std::ostream& operator<<(std::ostream& os, const NetbltTransferParameters& p);

} // namespace ns3

#endif /* NETBLT_TRANSFER_PARAMETERS_H */
