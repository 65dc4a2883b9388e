/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_BULK_TRANSFER_H
#define NETBLT_BULK_TRANSFER_H

#include "bulk-transfer.h"
#include "netblt-steady-state-meter.h"
#include "netblt-time-sequence.h"

#include "ns3/netblt-bulk-send-application.h"
#include "ns3/netblt-bulk-send-helper.h"
#include "ns3/netblt-helper.h"
#include "ns3/netblt-sink-application.h"
#include "ns3/netblt-sink-helper.h"

#include <string>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * @ingroup netblt-experiment
 * @brief A NETBLT transfer as RFC 1030's test program ran it: NETBLT (NetbltL4Protocol) on a
 * pair of hosts, a NetbltSinkApplication on the receiver and a NetbltBulkSendApplication on the
 * sender, which opens the connection at its StartTime (1 ms unless set) and sends its
 * TransferSize bytes.
 *
 * The clients are made by factories, as ns-3's application helpers make them:
 * SetSenderAttribute() and SetSinkAttribute() set any attribute of the sending and receiving
 * client (BurstSize, BurstInterval, PacketSize, BufferSize, TransferSize,
 * MaxOutstandingBuffers, ChecksumData, DeathTimeout, StartTime, ...); SetNetbltAttribute() and
 * SetReceiverNetbltAttribute() those of both hosts' NETBLT, or the receiver's only, and
 * SetRatePolicyAttribute() those of its rate policy.
 * @code
 *   Ptr<NetbltBulkTransfer> transfer = CreateObject<NetbltBulkTransfer>();
 *   transfer->SetSenderAttribute("BurstInterval", TimeValue(MilliSeconds(20)));
 *   testbed->AddTransfer(transfer);
 * @endcode
 */
class NetbltBulkTransfer : public BulkTransfer
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    NetbltBulkTransfer();
    ~NetbltBulkTransfer() override;

    /**
     * @param name a NetbltL4Protocol attribute (a processing cost, a policy, the version)
     * @param value its value on both hosts
     */
    void SetNetbltAttribute(const std::string& name, const AttributeValue& value);

    /**
     * Overrides a NetbltL4Protocol attribute on the receiving host only, for paths whose two
     * ends are different machines; applied after SetNetbltAttribute()'s whatever the order.
     * @param name a NetbltL4Protocol attribute
     * @param value its value on the receiver
     */
    void SetReceiverNetbltAttribute(const std::string& name, const AttributeValue& value);

    /**
     * @param name an attribute of the rate policy (NetbltL4Protocol's RatePolicyType, set with
     *        SetNetbltAttribute()) of both hosts' NETBLT
     * @param value its value
     */
    void SetRatePolicyAttribute(const std::string& name, const AttributeValue& value);

    /**
     * @param name an attribute of the sending client, a NetbltBulkSendApplication (or its
     *        Application attribute StartTime)
     * @param value its value
     */
    void SetSenderAttribute(const std::string& name, const AttributeValue& value);

    /**
     * @param name an attribute of the receiving client, a NetbltSinkApplication
     * @param value its value
     */
    void SetSinkAttribute(const std::string& name, const AttributeValue& value);

    void InstallTransport(Ptr<Node> sender, Ptr<Node> receiver) override;
    int64_t AssignTransportStreams(int64_t stream) override;
    void InstallClients(Ipv4Address receiver, Callback<void> ended) override;
    int64_t AssignClientStreams(int64_t stream) override;
    void FillRecord(TransferRecord& record, Time transmitting) const override;
    std::string GetCaptureName() const override;

    /**
     * @return the sending client (null before InstallClients())
     */
    Ptr<NetbltBulkSendApplication> GetSenderApplication() const;

    /**
     * @return the receiving client (null before InstallClients())
     */
    Ptr<NetbltSinkApplication> GetSinkApplication() const;

    const TimeSequence& GetTimeSequence() const override;

  protected:
    void DoDispose() override;

  private:
    /** The receiving client's Rx trace: the transfer has ended once its bytes are in. */
    void BufferDelivered(Ptr<const Packet>, uint32_t);
    /** A client's Close trace: the transfer has ended once both its ends have closed. */
    void EndClosed(Ptr<NetbltConnection>, NetbltConnection::CloseReason);
    /** Tells the testbed, once. */
    void Ended();

    NetbltHelper m_netblt;                   //!< both hosts' NETBLT
    NetbltBulkSendHelper m_senderFactory;    //!< makes the sending client
    NetbltSinkHelper m_sinkFactory;          //!< makes the receiving client
    Ptr<NetbltBulkSendApplication> m_sender; //!< the sending client
    Ptr<NetbltSinkApplication> m_sink;       //!< the receiving client
    uint64_t m_transferSize{0};              //!< bytes the sender transfers
    NetbltSteadyStateMeter m_steadyState;    //!< RFC 1030's steady-state throughput
    NetbltTimeSequence m_timeSequence;       //!< if IsRecordingTimeSequence()
    Callback<void> m_ended;                  //!< the testbed's notification
    bool m_delivered{false};                 //!< the receiver has every byte
    bool m_hasEnded{false};                  //!< m_ended has been called
    /// The receiver's NetbltL4Protocol attributes that differ from the sender's.
    std::vector<std::pair<std::string, Ptr<AttributeValue>>> m_receiverNetbltAttributes;
};

} // namespace ns3

#endif /* NETBLT_BULK_TRANSFER_H */
