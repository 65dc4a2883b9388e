/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_ENGINE_TEST_CASE_H
#define NETBLT_ENGINE_TEST_CASE_H

#include "ns3/attribute.h"
#include "ns3/error-model.h"
#include "ns3/netblt-transfer-parameters.h"
#include "ns3/ptr.h"
#include "ns3/test.h"

#include <cstdint>
#include <string>

/**
 * @file
 * @ingroup netblt-tests
 * NetbltEngineTestCase, the base of the NETBLT engine's test cases over two nodes, and the
 * attribute defaults, error models and transfer shapes they set up.
 */

namespace ns3
{
namespace netblt_test
{

/**
 * Sets an attribute default of ns3::NetbltConnection, to be undone by ResetConnectionDefaults()
 * (which also restores ns3::HostCpu's and ns3::NetbltL4Protocol's defaults).
 * @param name the attribute
 * @param value its new default
 */
void SetConnectionDefault(const std::string& name, const AttributeValue& value);

/** Restores every ns3::NetbltConnection attribute default to its original value. */
void ResetConnectionDefaults();

/**
 * @param rate the probability of dropping each packet
 * @param stream the model's random stream
 * @return a RateErrorModel dropping each packet with probability @p rate
 */
Ptr<RateErrorModel> Loss(double rate, int64_t stream);

/**
 * @ingroup netblt-tests
 * @brief Base of the engine test cases: restores attribute defaults and destroys the simulator
 * around every run.
 */
class NetbltEngineTestCase : public TestCase
{
  public:
    /** @param name the test case name */
    explicit NetbltEngineTestCase(std::string name);

  protected:
    void DoSetup() override;
    void DoTeardown() override;

    /**
     * A proposal with the given shape and generous other values.
     * @param bufferSize bytes per buffer
     * @param packetSize bytes per DATA packet
     * @param burstSize packets per burst
     * @param burstIntervalMs ms per burst
     * @param nbufs outstanding buffers
     * @return the parameters
     */
    static NetbltTransferParameters Proposal(uint32_t bufferSize,
                                             uint16_t packetSize,
                                             uint16_t burstSize,
                                             uint16_t burstIntervalMs,
                                             uint16_t nbufs);

    /** @return passive-end limits that restrict nothing a test proposes */
    static NetbltTransferParameters Limits();
};

/**
 * The fast shape: 4 packets of 1000 bytes per buffer, bursts of 4 every 5 ms. Every CONTROL
 * packet is acknowledged within one round trip plus at most one burst interval (about 7 ms),
 * which is less than the 10 ms MinimumControlTimer, so no control timer expires.
 * @param nbufs outstanding buffers
 * @return the proposal
 */
NetbltTransferParameters FastProposal(uint16_t nbufs);

} // namespace netblt_test
} // namespace ns3

#endif /* NETBLT_ENGINE_TEST_CASE_H */
