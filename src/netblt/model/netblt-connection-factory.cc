/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-connection-factory.h"

#include "netblt-data-timer.h"
#include "netblt-inter-arrival-data-timer.h"
#include "netblt-rate-policy.h"
#include "netblt-receiver.h"
#include "netblt-sender.h"
#include "netblt-static-rate-policy.h"

#include "ns3/abort.h"
#include "ns3/rtt-estimator.h"

namespace ns3
{

namespace
{

/** What a part's type must be: its attribute's name and its base class. */
struct PartRule
{
    const char* attribute; //!< NetbltL4Protocol's attribute that chooses the type
    TypeId (*base)();      //!< the base class's GetTypeId
};

/** In the order of NetbltConnectionFactory::Part. */
const PartRule PART_RULES[] = {
    {"SenderType", &NetbltSender::GetTypeId},
    {"ReceiverType", &NetbltReceiver::GetTypeId},
    {"DataTimerType", &NetbltDataTimer::GetTypeId},
    {"RttEstimatorType", &RttEstimator::GetTypeId},
    {"RatePolicyType", &NetbltRatePolicy::GetTypeId},
};

} // namespace

NetbltConnectionFactory::NetbltConnectionFactory()
{
    m_factories[SENDER].SetTypeId(NetbltSender::GetTypeId());
    m_factories[RECEIVER].SetTypeId(NetbltReceiver::GetTypeId());
    m_factories[DATA_TIMER].SetTypeId(NetbltInterArrivalDataTimer::GetTypeId());
    m_factories[RTT_ESTIMATOR].SetTypeId(RttMeanDeviation::GetTypeId());
    m_factories[RATE_POLICY].SetTypeId(NetbltStaticRatePolicy::GetTypeId());
}

void
NetbltConnectionFactory::SetType(Part part, TypeId type)
{
    const PartRule& rule = PART_RULES[part];
    TypeId base = rule.base();
    NS_ABORT_MSG_UNLESS((type == base || type.IsChildOf(base)) && type.HasConstructor(),
                        rule.attribute << " " << type.GetName() << " is not a " << base.GetName()
                                       << " with a constructor");
    m_factories[part].SetTypeId(type);
}

TypeId
NetbltConnectionFactory::GetType(Part part) const
{
    return m_factories[part].GetTypeId();
}

void
NetbltConnectionFactory::SetAttribute(Part part,
                                      const std::string& name,
                                      const AttributeValue& value)
{
    m_factories[part].Set(name, value);
}

Ptr<NetbltConnectionBase>
NetbltConnectionFactory::Create(NetbltConnection::Role role) const
{
    if (role == NetbltConnection::SENDER)
    {
        Ptr<NetbltSender> sender = m_factories[SENDER].Create<NetbltSender>();
        sender->SetRatePolicy(m_factories[RATE_POLICY].Create<NetbltRatePolicy>());
        return sender;
    }
    Ptr<NetbltReceiver> receiver = m_factories[RECEIVER].Create<NetbltReceiver>();
    receiver->SetDataTimer(m_factories[DATA_TIMER].Create<NetbltDataTimer>());
    receiver->SetRttEstimator(m_factories[RTT_ESTIMATOR].Create<RttEstimator>());
    return receiver;
}

} // namespace ns3
