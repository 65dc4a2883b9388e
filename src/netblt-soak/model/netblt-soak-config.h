/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_SOAK_CONFIG_H
#define NETBLT_SOAK_CONFIG_H

#include "ns3/netblt-transfer-parameters.h"
#include "ns3/nstime.h"
#include "ns3/random-variable-stream.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * @ingroup netblt-soak
 * @brief One random soak transfer: the shape of its buffers, packets and bursts, the link's
 * impairments, the engine's options and what the clients do, all drawn from the simulator's
 * random streams (call Draw() after RngSeedManager::SetSeed()).
 *
 * Every shape family of a NETBLT transfer is drawn with equal weight: a transfer of one
 * packet; of one buffer; of whole buffers of whole packets; buffers whose last packet is short;
 * a short last buffer; buffers of one packet; packets of a few bytes; packets that IP must
 * fragment; bursts longer than a buffer; many outstanding buffers. The link loses up to 50% of
 * the packets in each direction, and may re-order, duplicate and corrupt them; the C flag is on
 * in half the transfers.
 */
struct NetbltSoakConfig
{
    /** What a client does to its connection during the transfer, besides transferring. */
    enum Action
    {
        NO_ACTION,      //!< transfers to the end
        QUIT_SENDER,    //!< the sending client quits at ActionTime
        QUIT_RECEIVER,  //!< the receiving client quits at ActionTime
        ABORT_SENDER,   //!< the sending client aborts at ActionTime
        ABORT_RECEIVER, //!< the receiving client aborts at ActionTime
        REFUSE,         //!< the listener refuses the OPEN
    };

    std::string shape;                   //!< the shape family's name
    uint32_t transferSize{0};            //!< bytes the sending client hands over
    NetbltTransferParameters proposal;   //!< what the active end proposes
    NetbltTransferParameters limits;     //!< the listener's limits
    bool activeSends{true};              //!< the active end (node 0) sends the data (M = WRITE)
    Action action{NO_ACTION};            //!< what a client does besides transferring
    Time actionTime;                     //!< when
    uint16_t mtu{1500};                  //!< IP MTU of the link
    Time linkDelay;                      //!< one-way propagation delay
    double loss[2]{0, 0};                //!< loss probability of packets to node 0 and to node 1
    double reorder{0};                   //!< re-ordering probability
    Time reorderDelay;                   //!< extra delay of a re-ordered packet
    double duplicate{0};                 //!< duplication probability
    double corrupt{0};                   //!< probability one bit of a packet is flipped
    bool hostModel{false};               //!< each node has a HostCpu (1-ms timer ticks)
    bool cpuCosts{false};                //!< NETBLT's work costs CPU time (PC/AT-like figures)
    bool burstRateDataTimer{false};      //!< the receiver's data timer is RFC 998's
    bool combineOkWithGo{true};          //!< NetbltReceiver::CombineOkWithGo
    bool resendOnLdata{false};           //!< NetbltReceiver::ResendOnLdata
    bool immediateResend{false};         //!< NetbltReceiver::ImmediateResendOnLaterBuffer
    bool dallyUntilPeerDeath{true};      //!< NetbltSender::DallyUntilPeerDeath
    uint32_t maxControlPacketSize{1000}; //!< NetbltReceiver::MaxControlPacketSize
    uint32_t keepaliveDivisor{4};        //!< NetbltConnection::KeepaliveDivisor

    /**
     * Draws a configuration from the simulator's random number generator (its own stream).
     * @param forFuzzing a configuration for the mutation fuzzer: no CPU costs (so that every
     *        injected packet is handled at once) and no client actions
     * @return the configuration
     */
    static NetbltSoakConfig Draw(bool forFuzzing);

    /** @return the values on one line, key=value, for reproducing a run */
    std::string Describe() const;

    /** @return the number of DATA packets the transfer needs without loss */
    uint32_t GetDataPacketCount() const;

    /**
     * @param seed a number
     * @return transferSize reproducible pseudo-random bytes (the client data of the transfer)
     */
    std::vector<uint8_t> MakeData(uint32_t seed) const;

    /** @param action an action @return its name */
    static std::string ActionName(Action action);
};

} // namespace ns3

#endif /* NETBLT_SOAK_CONFIG_H */
