/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_TEST_BENCH_H
#define NETBLT_TEST_BENCH_H

#include "netblt-drop-error-model.h"
#include "netblt-test-client.h"
#include "netblt-two-node-topology.h"

#include "ns3/event-id.h"
#include "ns3/netblt-connection.h"
#include "ns3/netblt-transfer-parameters.h"
#include "ns3/nstime.h"

#include <cstdint>
#include <vector>

/**
 * @file
 * @ingroup netblt-tests
 * Bench: the NETBLT engine tests' fixture, two nodes with drop models and a test client at
 * each end; ConnectAt() opens a connection between them.
 */

namespace ns3
{
namespace netblt_test
{

/** The well-known port the passive test clients listen on. */
constexpr uint16_t TEST_PORT = 2000;

/**
 * Schedules an active open from node 0 to node 1 and attaches a client to the connection.
 * (The first OPEN is sent inside Connect(), before the client's Tx recorder is attached; count
 * OPENs on the wire with a NetbltDropErrorModel.)
 * @param topology the topology
 * @param client the client to attach
 * @param at when to open
 * @param role the active end's role
 * @param proposal the parameters proposed
 * @param port node 1's port
 */
void ConnectAt(TwoNodeTopology& topology,
               TestClient& client,
               Time at,
               NetbltConnection::Role role,
               const NetbltTransferParameters& proposal,
               uint16_t port = TEST_PORT);

/**
 * @ingroup netblt-tests
 * @brief The engine tests' fixture: a TwoNodeTopology with a NetbltDropErrorModel at each device
 * (unless the configuration names other error models), an active client for node 0 and a
 * passive client for node 1.
 */
struct Bench
{
    Ptr<NetbltDropErrorModel> drop[2]; //!< drop models at node 0 (1 -> 0) and node 1 (0 -> 1)
    TwoNodeTopology topology;          //!< the nodes and link
    TestClient active;                 //!< node 0's client
    TestClient passive;                //!< node 1's client

    /** @param config the topology to build (seed and run must be set first) */
    explicit Bench(TwoNodeConfig config = TwoNodeConfig());
    Bench(const Bench&) = delete;
    Bench& operator=(const Bench&) = delete;

    /**
     * Makes node 1 listen on TEST_PORT with the passive client.
     * @param limits the listener's limits
     */
    void Listen(const NetbltTransferParameters& limits);

    /**
     * Listens on node 1 with a receiving passive client, and opens from node 0 at 1 ms with an
     * active client that sends data.
     * @param proposal the active end's proposal
     * @param data the bytes to send
     * @param limits the listener's limits
     */
    void StartWrite(const NetbltTransferParameters& proposal,
                    const std::vector<uint8_t>& data,
                    const NetbltTransferParameters& limits);

    /**
     * Stops the simulation at @p bound unless both clients have closed by then (the stop event
     * is removed when they have, so that Simulator::Run() returns when the last event is done
     * and Simulator::Now() tells when that was).
     * @param bound the latest time the run may take
     */
    void ArmWatchdog(Time bound);

  private:
    EventId m_watchdog; //!< the stop event
};

} // namespace netblt_test
} // namespace ns3

#endif /* NETBLT_TEST_BENCH_H */
