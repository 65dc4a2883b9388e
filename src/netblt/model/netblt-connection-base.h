/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_CONNECTION_BASE_H
#define NETBLT_CONNECTION_BASE_H

#include "netblt-connection.h"
#include "netblt-idle-timer.h"

#include "ns3/event-id.h"
#include "ns3/host-model.h"

#include <functional>

namespace ns3
{

class NetbltControlHeader;
class NetbltL4Protocol;
class NetbltOpenHeader;
class NetbltReasonHeader;

/**
 * @ingroup netblt
 * @brief What both ends of a NETBLT connection (RFC 998) do: set-up, the death timer and
 * KEEPALIVEs, QUIT, ABORT, dallying and close, the progress rule, and the dispatch of every
 * packet received.
 *
 * The state machine the roles share, as TcpSocketBase is TCP's: NetbltSender and NetbltReceiver
 * each add their half of the transfer through the hooks below. NetbltConnection holds the
 * attributes, statistics and traces it works with.
 *
 * Both: a death timer reset by every packet received, KEEPALIVEs at a quarter of the peer's death
 * timeout while nothing else is sent, QUIT/QUITACK and ABORT.
 */
class NetbltConnectionBase : public NetbltConnection
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    NetbltConnectionBase();
    ~NetbltConnectionBase() override;

    void Quit(const std::string& reason) override;
    void Abort(const std::string& reason) override;

    // --- used by NetbltL4Protocol ---

    /**
     * Sets the connection up as the active end and sends the first OPEN.
     * @param protocol the NETBLT layer
     * @param local this end's address and port
     * @param localPort this end's port
     * @param peer the passive end's address
     * @param peerPort the passive end's port
     * @param proposal the parameters proposed in the OPEN
     * @param connectionId the unique ID for the OPEN
     */
    void ConnectActive(Ptr<NetbltL4Protocol> protocol,
                       Ipv4Address local,
                       uint16_t localPort,
                       Ipv4Address peer,
                       uint16_t peerPort,
                       const NetbltTransferParameters& proposal,
                       uint32_t connectionId);

    /**
     * Sets the connection up as the passive end answering an OPEN, and sends the RESPONSE.
     * @param protocol the NETBLT layer
     * @param local this end's address
     * @param localPort this end's (listening) port
     * @param peer the active end's address
     * @param peerPort the active end's port
     * @param open the OPEN received
     * @param negotiated the parameters to answer with
     */
    void AcceptPassive(Ptr<NetbltL4Protocol> protocol,
                       Ipv4Address local,
                       uint16_t localPort,
                       Ipv4Address peer,
                       uint16_t peerPort,
                       const NetbltOpenHeader& open,
                       const NetbltTransferParameters& negotiated);

    /**
     * Handles a packet of this connection whose header checksum and structure were verified.
     * @param header the packet's header as read, an object of the class its type calls for
     *        (NetbltOpenHeader for OPEN, NetbltDataHeader for DATA, ...)
     * @param packet the packet, NETBLT header still on, padding removed
     */
    void Receive(const NetbltHeader& header, Ptr<Packet> packet);

    /**
     * An ICMP Source Quench about one of this end's packets arrived (NetbltL4Protocol's
     * ReceiveIcmp): counted and traced, then the role's DoQuench(); ignored once closed.
     * @param gateway the quench's source
     */
    void ReceiveSourceQuench(Ipv4Address gateway);

    /**
     * @param arrival when the packet Receive() gets next came up from IP, before this host's
     *        CPU worked on it (NetbltL4Protocol sets it)
     */
    void SetArrivalTime(Time arrival);

  protected:
    /** @return when the packet being received came up from IP (SetArrivalTime()) */
    Time GetArrivalTime() const;

    void DoDispose() override;

    // --- the roles' hooks ---

    /** The connection has its parameters and is about to open or answer. */
    virtual void DoStart() = 0;
    /** The connection is set up and the client has been told: start transferring. */
    virtual void DoEstablished() = 0;
    /**
     * A packet of the role's own kind (DATA, LDATA, NULL-ACK, CONTROL, DONE) while set up.
     * @param header the verified header
     * @param packet the packet, header still on
     */
    virtual void DoReceive(const NetbltHeader& header, Ptr<Packet> packet) = 0;
    /** A QUIT went out or came in: stop the transfer's timers. */
    virtual void StopTransfer() = 0;
    /** The connection closes: cancel every timer of the role. */
    virtual void CancelTransferTimers() = 0;
    /** @return true if a dally that ends now ends a successful transfer */
    virtual bool IsTransferComplete() const = 0;
    /** @return how long to wait for a QUITACK before sending QUIT again */
    virtual Time GetQuitRetryInterval() const = 0;
    /** @return the receiver's control-timer value as far as this end knows it (dally times) */
    virtual Time GetPeerControlTimerEstimate() const;
    /**
     * A Source Quench arrived while the connection is open (ReceiveSourceQuench()); nothing by
     * default (a receiver's CONTROL packets are few).
     * @param now the current time
     */
    virtual void DoQuench(Time now);

    // --- for the roles ---

    /** @param state the new state */
    void SetState(State state);
    /**
     * Ends the connection and tells the client.
     * @param reason why
     * @param text the text of any REFUSED/ABORT/QUIT
     */
    void Close(CloseReason reason, const std::string& text);
    /**
     * The progress rule, first half (an implementation rule: RFC 998 leaves it open): a buffer
     * has needed @p resends RESENDs; past MaxResendsPerBuffer this end sends an ABORT and
     * closes with NO_PROGRESS. A transfer whose data cannot arrive while its control packets
     * can would otherwise never end: the death timer sees silence, not a lack of progress.
     * @param buffer the buffer number
     * @param resends the RESENDs it has needed, this one included
     * @return true if the connection was aborted
     */
    bool CheckProgress(uint32_t buffer, uint32_t resends);
    /**
     * The progress rule, second half: a buffer completed (the receiver finished one, or an OK
     * released one at the sender), so the progress timer starts again. Without one for
     * ProgressTimeoutFactor x this end's death-timer value while the role still waits for
     * one (IsAwaitingProgress()), this end aborts with NO_PROGRESS.
     */
    void NoteProgress();
    /** @return true while the role has a buffer under way whose completion it waits for */
    virtual bool IsAwaitingProgress() const = 0;
    /** @return the dally time: DallyFactor x the control-timer estimate */
    Time GetDallyTime() const;
    /**
     * Lingers to answer retransmissions, then closes (DallyExpired()).
     * @param duration how long
     */
    void StartDally(Time duration);
    /**
     * Restarts the dally timer twice as long as the dally before (a retransmitted OK came), up
     * to MAX_DALLY_BACKOFF times the dally StartDally() began with.
     */
    void ExtendDally();

    /** How many times longer than its start a dally may grow (as NetbltControlChannel's backoff).
     */
    static constexpr int64_t MAX_DALLY_BACKOFF = 64;
    /** The dally period is over. */
    void DallyExpired();

    /**
     * Adds the common header fields and sends a packet.
     * @param packet the packet, without NETBLT header
     * @param header its header
     */
    void SendPacket(Ptr<Packet> packet, NetbltHeader& header);
    /** @param type a packet type without fields of its own (KEEPALIVE, QUITACK, DONE) */
    void SendSimple(NetbltPacketType type);
    /**
     * Sends a CONTROL packet; when both the OPEN and the RESPONSE carried P (the padded CONTROL
     * extension, netblt-wire-format.rst), zero bytes beyond Length, not checksummed, make it
     * NetbltL4Protocol's ControlPacketSize if it is shorter.
     * @param control its header, with the messages
     */
    void SendControlPacket(NetbltControlHeader& control);

    /**
     * @param delay a duration
     * @return when a timer of that duration fires on the host's clock (HostModel)
     */
    Time Granular(Time delay) const;

    /**
     * Runs @p work once the host's CPU has spent @p cost on it (NetbltL4Protocol::Execute);
     * the work is skipped if the connection has closed meanwhile.
     * @param cost CPU time
     * @param activity the activity name, for the host's traces
     * @param work the work
     */
    template <typename Work>
    void Process(Time cost, const std::string& activity, Work&& work)
    {
        QueueJob(cost, activity, WhileOpen(std::forward<Work>(work)), false);
    }

    /**
     * Process() for work that the job completing now goes on to do in the same call (finishing
     * a buffer its last packet completed, sending the control packet that finish queued): it
     * runs before jobs already waiting (NetbltL4Protocol::Continue).
     * @param cost CPU time
     * @param activity the activity name, for the host's traces
     * @param work the work
     */
    template <typename Work>
    void ProcessNext(Time cost, const std::string& activity, Work&& work)
    {
        QueueJob(cost, activity, WhileOpen(std::forward<Work>(work)), true);
    }

    Ptr<NetbltL4Protocol> m_protocol; //!< the NETBLT layer (null once closed)
    uint16_t m_peerDeathTimeoutS{0};  //!< the other end's death-timer value (OPEN or RESPONSE)

  private:
    // set-up and close
    void SendOpen();
    void OpenTimeout();
    void HandleOpen(const NetbltOpenHeader& open);
    void HandleResponse(const NetbltOpenHeader& response);
    void HandleRefused(const NetbltReasonHeader& refused);
    void HandleQuit(const NetbltReasonHeader& quit);
    void Bind(Ptr<NetbltL4Protocol> protocol,
              Ipv4Address local,
              uint16_t localPort,
              Ipv4Address peer,
              uint16_t peerPort);
    void SendResponse(bool writeMode);
    void Establish();
    void SendQuit();
    void SendReason(NetbltPacketType type, const std::string& reason);
    void CancelAllTimers();

    // death and keepalive
    void PacketHeard();
    void DeathTimeout();
    void PacketSent();

    // progress
    void ProgressTimeout();
    void AbortNoProgress(const std::string& reason);

    /**
     * @param cost CPU time
     * @param activity the activity name
     * @param job the job's work
     * @param continuation NetbltL4Protocol::Continue() rather than Execute()
     */
    void QueueJob(Time cost, const std::string& activity, Callback<void> job, bool continuation);

    /**
     * @param work some work
     * @return it, to be skipped if the connection has closed by then; the check and the work
     *         are one callable, not a std::function wrapping another (an allocation and a call
     *         fewer for every job)
     */
    template <typename Work>
    Callback<void> WhileOpen(Work&& work)
    {
        return MakeHostJob(
            [self = Ptr<NetbltConnectionBase>(this), work = std::forward<Work>(work)]() mutable {
                if (self->m_state != CLOSED)
                {
                    work();
                }
            });
    }

    /** @return the progress timeout: ProgressTimeoutFactor x this end's death-timer value */
    Time GetProgressTimeout() const;

    uint8_t m_version{1}; //!< the version in every packet (NetbltL4Protocol's)
    /// NetbltL4Protocol's ControlPacketSize, bytes: this end sets P when it is above 0
    uint32_t m_controlPacketSize{0};
    bool m_controlPadding{false}; //!< both the OPEN and the RESPONSE carried P
    Time m_arrivalTime;           //!< the packet being received came up from IP

    // timers
    EventId m_openTimer;
    uint32_t m_opensSent{0};
    NetbltIdleTimer m_deathTimer;     //!< nothing heard from the other end
    NetbltIdleTimer m_keepaliveTimer; //!< nothing sent to the other end
    NetbltIdleTimer m_progressTimer;  //!< no buffer completed
    Time m_lastProgress;              //!< when the last buffer completed (or the start)
    EventId m_dallyTimer;
    Time m_dallyDuration; //!< length of the current dally period
    Time m_dallyStart;    //!< length of the dally period StartDally() began
    EventId m_quitTimer;
    std::string m_quitReason;
};

} // namespace ns3

#endif /* NETBLT_CONNECTION_BASE_H */
