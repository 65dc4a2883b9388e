/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-engine-test-case.h"

#include "ns3/abort.h"
#include "ns3/config.h"
#include "ns3/host-cpu.h"
#include "ns3/netblt-connection.h"
#include "ns3/netblt-data-timer.h"
#include "ns3/netblt-l4-protocol.h"
#include "ns3/netblt-receiver.h"
#include "ns3/netblt-sender.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/simulator.h"

namespace ns3
{
namespace netblt_test
{

void
SetConnectionDefault(const std::string& name, const AttributeValue& value)
{
    bool found = false;
    for (const char* type : {"ns3::NetbltConnection",
                             "ns3::NetbltSender",
                             "ns3::NetbltReceiver",
                             "ns3::NetbltL4Protocol"})
    {
        found = Config::SetDefaultFailSafe(std::string(type) + "::" + name, value) || found;
    }
    NS_ABORT_MSG_UNLESS(found, "no NETBLT connection attribute " << name);
}

void
ResetConnectionDefaults()
{
    for (TypeId tid : {NetbltConnection::GetTypeId(),
                       NetbltSender::GetTypeId(),
                       NetbltReceiver::GetTypeId(),
                       NetbltDataTimer::GetTypeId(),
                       HostCpu::GetTypeId(),
                       NetbltL4Protocol::GetTypeId()})
    {
        for (uint32_t i = 0; i < tid.GetAttributeN(); ++i)
        {
            tid.SetAttributeInitialValue(i, tid.GetAttribute(i).originalInitialValue);
        }
    }
}

Ptr<RateErrorModel>
Loss(double rate, int64_t stream)
{
    Ptr<RateErrorModel> model = CreateObject<RateErrorModel>();
    model->SetUnit(RateErrorModel::ERROR_UNIT_PACKET);
    model->SetRate(rate);
    model->AssignStreams(stream);
    return model;
}

NetbltTransferParameters
FastProposal(uint16_t nbufs)
{
    NetbltTransferParameters p;
    p.bufferSize = 4000;
    p.packetSize = 1000;
    p.burstSize = 4;
    p.burstIntervalMs = 5;
    p.maxOutstandingBuffers = nbufs;
    p.deathTimeoutS = 10;
    return p;
}

NetbltEngineTestCase::NetbltEngineTestCase(std::string name)
    : TestCase(name)
{
}

void
NetbltEngineTestCase::DoSetup()
{
    ResetConnectionDefaults();
    RngSeedManager::SetSeed(1);
    RngSeedManager::SetRun(1);
}

void
NetbltEngineTestCase::DoTeardown()
{
    Simulator::Destroy();
    ResetConnectionDefaults();
    RngSeedManager::SetSeed(1);
    RngSeedManager::SetRun(1);
}

NetbltTransferParameters
NetbltEngineTestCase::Proposal(uint32_t bufferSize,
                               uint16_t packetSize,
                               uint16_t burstSize,
                               uint16_t burstIntervalMs,
                               uint16_t nbufs)
{
    NetbltTransferParameters p;
    p.bufferSize = bufferSize;
    p.packetSize = packetSize;
    p.burstSize = burstSize;
    p.burstIntervalMs = burstIntervalMs;
    p.maxOutstandingBuffers = nbufs;
    p.deathTimeoutS = 10;
    return p;
}

NetbltTransferParameters
NetbltEngineTestCase::Limits()
{
    NetbltTransferParameters p;
    p.bufferSize = 1 << 24;
    p.packetSize = 1500;
    p.burstSize = 1000;
    p.burstIntervalMs = 1;
    p.maxOutstandingBuffers = 1000;
    p.deathTimeoutS = 10;
    return p;
}

} // namespace netblt_test
} // namespace ns3
