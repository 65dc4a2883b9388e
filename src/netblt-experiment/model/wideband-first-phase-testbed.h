/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef WIDEBAND_FIRST_PHASE_TESTBED_H
#define WIDEBAND_FIRST_PHASE_TESTBED_H

#include "wideband-testbed.h"

namespace ns3
{

/**
 * @ingroup netblt-experiment
 * @brief The first phase of RFC 1030 §7's Wideband tests: the same path with an IBM PC/AT and
 * its 3Com 3C500 as the receiver on ISI's Ethernet (where Table IV has the SUN-3).
 *
 * RFC 1030 §7: the gateways forwarded the packets of one satellite frame onto the Ethernet
 * faster than the PC/AT could take them, and the PC dropped 15-20 % of the data packets; the
 * best throughput was about 90 kbit/s. The BBN Voice Funnel and the source routing of that
 * phase are modelled as the Butterfly gateway's plain IPv4 forwarding.
 */
class WidebandFirstPhaseTestbed : public WidebandTestbed
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

  protected:
    Ptr<NetDevice> InstallReceiverInterface(Ptr<Node> receiver,
                                            Ptr<EthernetBusChannel> channel,
                                            double position,
                                            Ptr<RateErrorModel> drops) override;
};

} // namespace ns3

#endif /* WIDEBAND_FIRST_PHASE_TESTBED_H */
