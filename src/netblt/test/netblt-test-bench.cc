/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-test-bench.h"

#include "ns3/simulator.h"

namespace ns3
{
namespace netblt_test
{

void
ConnectAt(TwoNodeTopology& topology,
          TestClient& client,
          Time at,
          NetbltConnection::Role role,
          const NetbltTransferParameters& proposal,
          uint16_t port)
{
    Simulator::Schedule(at, [&topology, &client, role, proposal, port]() {
        Ptr<NetbltConnection> c =
            topology.netblt[0]->Connect(topology.address[1], port, role, proposal);
        if (c)
        {
            client.Attach(c);
        }
    });
}

Bench::Bench(TwoNodeConfig config)
{
    for (uint32_t i = 0; i < 2; ++i)
    {
        drop[i] = CreateObject<NetbltDropErrorModel>();
    }
    for (uint32_t i = 0; i < 2; ++i)
    {
        if (!config.receiveErrorModel[i])
        {
            config.receiveErrorModel[i] = drop[i];
        }
    }
    topology.Build(config);
}

void
Bench::Listen(const NetbltTransferParameters& limits)
{
    topology.netblt[1]->Listen(TEST_PORT, limits, passive.AcceptCallback());
}

void
Bench::StartWrite(const NetbltTransferParameters& proposal,
                  const std::vector<uint8_t>& bytes,
                  const NetbltTransferParameters& limits)
{
    Listen(limits);
    active.data = bytes;
    ConnectAt(topology, active, MilliSeconds(1), NetbltConnection::SENDER, proposal);
}

void
Bench::ArmWatchdog(Time bound)
{
    m_watchdog = Simulator::Schedule(bound, &Simulator::Stop);
    auto check = [this]() {
        if (active.closed && passive.closed)
        {
            Simulator::Remove(m_watchdog);
        }
    };
    active.onClosed = check;
    passive.onClosed = check;
}

} // namespace netblt_test
} // namespace ns3
