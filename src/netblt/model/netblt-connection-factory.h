/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_CONNECTION_FACTORY_H
#define NETBLT_CONNECTION_FACTORY_H

#include "netblt-connection-base.h"

#include "ns3/object-factory.h"

#include <array>
#include <string>

namespace ns3
{

/**
 * @ingroup netblt
 * @brief Makes NetbltL4Protocol's connections and the policies they use, as TcpL4Protocol
 * makes its sockets with their RTT estimator and congestion control.
 *
 * A sending connection is a SenderType object with a RatePolicyType rate policy; a receiving
 * one a ReceiverType object with a DataTimerType data timer and an RttEstimatorType round-trip
 * estimator. Each part has a type and attributes of its own (SetType(), SetAttribute()), kept
 * in an ObjectFactory; NetbltL4Protocol's attributes SenderType, ReceiverType, DataTimerType,
 * RttEstimatorType and RatePolicyType and its SetSenderAttribute(), SetReceiverAttribute() and
 * SetRatePolicyAttribute() set them here.
 */
class NetbltConnectionFactory
{
  public:
    /** The objects a connection is made of, each of a type that can be chosen. */
    enum Part
    {
        SENDER,        //!< the sending connection: a NetbltSender
        RECEIVER,      //!< the receiving connection: a NetbltReceiver
        DATA_TIMER,    //!< a receiver's data timer: a NetbltDataTimer
        RTT_ESTIMATOR, //!< a receiver's round-trip estimator: an RttEstimator
        RATE_POLICY,   //!< a sender's rate policy: a NetbltRatePolicy
    };

    /** Every part of its default type: NetbltSender, NetbltReceiver,
     * NetbltInterArrivalDataTimer, RttMeanDeviation, NetbltStaticRatePolicy. */
    NetbltConnectionFactory();

    /**
     * @param part a part
     * @param type its type from now on: the part's base class (see Part) or a subclass, with a
     *        constructor; anything else aborts, naming the type and the base class
     */
    void SetType(Part part, TypeId type);

    /** @param part a part @return its type */
    TypeId GetType(Part part) const;

    /**
     * Sets an attribute of every object of @p part made from now on.
     * @param part a part
     * @param name an attribute of the part's type
     * @param value its value
     */
    void SetAttribute(Part part, const std::string& name, const AttributeValue& value);

    /**
     * @param role the end's role
     * @return a new NetbltSender with its rate policy, or NetbltReceiver with its data timer and
     *         round-trip estimator
     */
    Ptr<NetbltConnectionBase> Create(NetbltConnection::Role role) const;

  private:
    static constexpr size_t PARTS = RATE_POLICY + 1; //!< the number of parts
    std::array<ObjectFactory, PARTS> m_factories;    //!< each part's type and attributes
};

} // namespace ns3

#endif /* NETBLT_CONNECTION_FACTORY_H */
