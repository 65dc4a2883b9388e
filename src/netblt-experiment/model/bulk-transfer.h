/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef BULK_TRANSFER_H
#define BULK_TRANSFER_H

#include "time-sequence.h"
#include "transfer-record.h"

#include "ns3/callback.h"
#include "ns3/ipv4-address.h"
#include "ns3/node.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/ptr.h"

#include <string>

namespace ns3
{

/**
 * @ingroup netblt-experiment
 * @brief A workload of a Testbed: one memory-to-memory transfer (RFC 1030 §3) between a pair of
 * hosts, with its transport, its clients and its record.
 *
 * A Testbed gives each transfer added to it a pair of hosts of its own, with their processors,
 * interfaces and IPv4 on the testbed's network, and sets every transfer up in four steps, each
 * taken for every transfer in turn before the next: InstallTransport() on the pair,
 * AssignTransportStreams(), InstallClients() with the receiver's address, AssignClientStreams().
 * The steps keep the random stream indices of each kind of object together in host order, so
 * that several transfers of one kind are numbered as one helper would number them. Once the
 * simulator has run, FillRecord() writes what the transfer itself tells into the testbed's
 * record of the pair; the testbed adds what the hosts and the network tell.
 *
 * Subclasses: NetbltBulkTransfer (RFC 998's NETBLT) and TcpBulkTransfer (ns-3's TCP as a 1987
 * BSD host's), which any Testbed carries in any mix.
 */
class BulkTransfer : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    ~BulkTransfer() override;

    /** @return ReceiverDelay: what the receiving host's datagrams wait before its interface */
    Time GetReceiverDelay() const;

    /**
     * Installs the transport on the pair of hosts.
     * @param sender the sending host, with IPv4
     * @param receiver the receiving host, with IPv4
     */
    virtual void InstallTransport(Ptr<Node> sender, Ptr<Node> receiver) = 0;

    /**
     * @param stream the first random stream index the transport may use
     * @return the number of stream indices it used (none by default)
     */
    virtual int64_t AssignTransportStreams(int64_t stream);

    /**
     * Installs the receiving client (started at once) and the sending client (started at its
     * StartTime) on the hosts InstallTransport() was given.
     * @param receiver the address the sender sends to
     * @param ended called once the transfer has ended: the receiving client has every byte, or
     *        the transfer can no longer deliver them (both ends closed)
     */
    virtual void InstallClients(Ipv4Address receiver, Callback<void> ended) = 0;

    /**
     * @param stream the first random stream index the clients may use
     * @return the number of stream indices they used (none by default)
     */
    virtual int64_t AssignClientStreams(int64_t stream);

    /**
     * Fills in what the transfer itself tells, once the simulator has run: bytes, closes,
     * packet counts, throughputs and simulated time.
     * @param record the record of the transfer's pair of hosts
     * @param transmitting the sender's CPU time in its network driver's transmit routine, which
     *        sendOnlyMbps adds to the transport's own sending time
     */
    virtual void FillRecord(TransferRecord& record, Time transmitting) const = 0;

    /**
     * @return the file name prefix of the testbed's pcap captures when this transfer is its
     *         first ("netblt", "tcp")
     */
    virtual std::string GetCaptureName() const = 0;

    /**
     * @return the transfer's time-sequence trace (empty unless RecordTimeSequence is set)
     */
    virtual const TimeSequence& GetTimeSequence() const = 0;

  protected:
    void DoDispose() override;

    /**
     * @return the sending host InstallTransport() was given
     */
    Ptr<Node> GetSender() const;

    /**
     * @return the receiving host InstallTransport() was given
     */
    Ptr<Node> GetReceiver() const;

    /**
     * Keeps the pair of hosts; each subclass's InstallTransport() calls it first.
     * @param sender the sending host
     * @param receiver the receiving host
     */
    void SetHosts(Ptr<Node> sender, Ptr<Node> receiver);

    /**
     * @return whether the subclass keeps the time-sequence trace (RecordTimeSequence)
     */
    bool IsRecordingTimeSequence() const;

  private:
    bool m_recordTimeSequence{false}; //!< keep the time-sequence trace
    Time m_receiverDelay;             //!< ReceiverDelay
    Ptr<Node> m_sender;               //!< the sending host
    Ptr<Node> m_receiver;             //!< the receiving host
};

} // namespace ns3

#endif /* BULK_TRANSFER_H */
