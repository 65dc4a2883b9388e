/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_CONNECTION_H
#define NETBLT_CONNECTION_H

#include "netblt-connection-statistics.h"
#include "netblt-control-channel.h"
#include "netblt-control-message.h"
#include "netblt-data-timer.h"
#include "netblt-header.h"
#include "netblt-transfer-parameters.h"

#include "ns3/callback.h"
#include "ns3/event-id.h"
#include "ns3/ipv4-address.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/packet.h"
#include "ns3/rtt-estimator.h"
#include "ns3/traced-callback.h"

#include <deque>
#include <functional>
#include <map>
#include <set>
#include <vector>

namespace ns3
{

class NetbltL4Protocol;
class NetbltOpenHeader;
class NetbltDataHeader;
class NetbltNullAckHeader;
class NetbltControlHeader;
class NetbltReasonHeader;

/**
 * @ingroup netblt
 * @brief One end of a NETBLT connection (RFC 998): set-up, buffer transfer, timers and close.
 *
 * A connection is either the data sender or the data receiver, whichever end opened it. The
 * sending client hands it whole buffers (SendBuffer()); the receiving client announces room for
 * buffers (ProvideBuffer()) and is given each buffer, in order, when all its packets are in.
 *
 * Sender: transmits the packets of every buffer the receiver has sent a GO for, lowest buffer
 * number first, in bursts of BurstSize packets every BurstInterval (rounded up to the
 * HostCpu's TimerGranularity); acts on GO, OK and RESEND messages once each, answers control packets with a
 * NULL-ACK when it has no data to send, and dallies after the last OK.
 *
 * Receiver: keeps one long-lived CONTROL packet of unacknowledged GO/OK/RESEND messages,
 * retransmitted on a control timer (smoothed round-trip time plus four mean deviations); runs a
 * data timer per buffer (loose while waiting for the buffer's first packet, tight once packets
 * arrive) whose expiry sends a RESEND for the missing packets; sends DONE when it knows the
 * transfer succeeded.
 *
 * Both: a death timer reset by every packet received, KEEPALIVEs at a quarter of the peer's death
 * timeout while nothing else is sent, QUIT/QUITACK and ABORT.
 */
class NetbltConnection : public Object
{
  public:
    /** Which way data flows through this end. */
    enum Role
    {
        SENDER,  //!< this end sends the data
        RECEIVER //!< this end receives the data
    };

    /** Connection states. */
    enum State
    {
        CLOSED,      //!< not yet opened, or finished
        OPEN_SENT,   //!< active end waiting for RESPONSE or REFUSED
        ESTABLISHED, //!< transferring buffers
        DALLYING,    //!< transfer or QUIT over, lingering to answer retransmissions
        QUIT_SENT,   //!< QUIT sent, waiting for QUITACK
    };

    /** Why a connection ended. */
    enum CloseReason
    {
        TRANSFER_COMPLETE, //!< every buffer was delivered and acknowledged
        REFUSED,           //!< the passive end sent REFUSED
        OPEN_FAILED,       //!< no answer to the last OPEN retransmission
        DEATH_TIMEOUT,     //!< nothing heard from the other end for its death-timer value
        ABORTED_BY_PEER,   //!< an ABORT arrived
        ABORTED_LOCALLY,   //!< this end sent an ABORT
        QUIT_BY_PEER,      //!< a QUIT arrived
        QUIT_LOCALLY,      //!< this end's QUIT was acknowledged (or its death timer ran out)
    };

    /** Receiving client: a whole buffer has arrived (buffer number, its bytes, last buffer). */
    typedef Callback<void, Ptr<NetbltConnection>, uint32_t, Ptr<Packet>, bool> BufferCallback;
    /** Connection set up, or sending client may hand over another buffer. */
    typedef Callback<void, Ptr<NetbltConnection>> ConnectionCallback;
    /** Connection ended, with the reason and the text of any REFUSED/ABORT/QUIT. */
    typedef Callback<void, Ptr<NetbltConnection>, CloseReason, const std::string&> CloseCallback;

    /** Trace signature: a packet with its NETBLT type. */
    typedef void (*PacketTracedCallback)(Ptr<const Packet> packet, NetbltPacketType type);
    /** Trace signature: a buffer number. */
    typedef void (*BufferTracedCallback)(uint32_t buffer);
    /** Trace signature: a buffer and a packet number. */
    typedef void (*PacketNumberTracedCallback)(uint32_t buffer, uint16_t packet);
    /** Trace signature: a state change. */
    typedef void (*StateTracedCallback)(State oldState, State newState);

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    NetbltConnection();
    ~NetbltConnection() override;

    /** @param name a state @return its name */
    static std::string StateName(State name);
    /** @param reason a close reason @return its name */
    static std::string CloseReasonName(CloseReason reason);

    // --- client API ---

    /** @param cb called once the connection is set up */
    void SetEstablishedCallback(ConnectionCallback cb);
    /** @param cb called when the connection ends, for whatever reason */
    void SetCloseCallback(CloseCallback cb);
    /** @param cb called at the sender whenever room for another buffer appears */
    void SetSendReadyCallback(ConnectionCallback cb);
    /** @param cb called at the receiver with each complete buffer, in buffer order */
    void SetBufferReceivedCallback(BufferCallback cb);

    /**
     * Sending client: hands over the next buffer. All buffers but the last must be exactly the
     * negotiated buffer size; the last may be shorter. NETBLT keeps the packet until the receiver
     * has acknowledged the buffer with an OK (retransmissions are copied from it).
     * @param data the buffer's bytes
     * @param last true for the last buffer of the transfer
     * @return false (and nothing changes) if the connection is not established, not the sender,
     *         has no room (GetSendBufferRoom() == 0), the last buffer was already given, or the
     *         size is wrong
     */
    bool SendBuffer(Ptr<Packet> data, bool last);

    /** @return how many more buffers the sending client may hand over now */
    uint32_t GetSendBufferRoom() const;

    /**
     * Receiving client: room for one more buffer. NETBLT sends a GO for it as soon as fewer than
     * the negotiated number of buffers are outstanding.
     */
    void ProvideBuffer();

    /**
     * Client QUIT (RFC 998 §5.3.2): sends QUIT until a QUITACK arrives or the death timer expires.
     * @param reason the text sent in the QUIT
     */
    void Quit(const std::string& reason);

    /**
     * NETBLT ABORT (RFC 998 §5.3.3): sends one ABORT and closes at once.
     * @param reason the text sent in the ABORT
     */
    void Abort(const std::string& reason);

    // --- inspection ---

    /** @return SENDER or RECEIVER */
    Role GetRole() const;
    /** @return true for the end that sent the OPEN */
    bool IsActive() const;
    /** @return the current state */
    State GetState() const;
    /** @return the negotiated parameters (the proposal until the connection is set up) */
    const NetbltTransferParameters& GetParameters() const;
    /** @return the counters and times gathered so far */
    const NetbltConnectionStatistics& GetStatistics() const;
    /** @return the connection unique ID */
    uint32_t GetConnectionId() const;
    /** @return this end's port */
    uint16_t GetLocalPort() const;
    /** @return the other end's port */
    uint16_t GetPeerPort() const;
    /** @return the other end's address */
    Ipv4Address GetPeerAddress() const;
    /** @return the receiver's current control-timer value (the sender: the last one in an OK) */
    Time GetControlTimerValue() const;
    /** @return the receiver's data-timer estimator (DataTimerType) */
    Ptr<NetbltDataTimer> GetDataTimer() const;

    // --- used by NetbltL4Protocol ---

    /**
     * Sets the connection up as the active end and sends the first OPEN.
     * @param protocol the NETBLT layer
     * @param local this end's address and port
     * @param localPort this end's port
     * @param peer the passive end's address
     * @param peerPort the passive end's port
     * @param role whether this end sends or receives the data
     * @param proposal the parameters proposed in the OPEN
     * @param connectionId the unique ID for the OPEN
     */
    void ConnectActive(Ptr<NetbltL4Protocol> protocol,
                       Ipv4Address local,
                       uint16_t localPort,
                       Ipv4Address peer,
                       uint16_t peerPort,
                       Role role,
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

  protected:
    void DoDispose() override;

  private:
    /** A buffer at the sending end, from the client's hand-over to its OK. */
    struct SendBufferState
    {
        Ptr<Packet> data;            //!< the client's bytes
        uint16_t packetCount{0};     //!< DATA packets in it
        bool last{false};            //!< last buffer of the transfer
        bool goReceived{false};      //!< the receiver is ready for it
        std::set<uint16_t> toSend;   //!< packet numbers waiting to be (re)transmitted
        std::vector<bool> sentOnce;  //!< packet numbers transmitted at least once
    };

    /** Receiving-buffer states of RFC 998 §5.2.2. */
    enum ReceiveBufferState
    {
        ACK_WAIT,  //!< GO or RESEND sent, not yet acknowledged
        ACKED,     //!< waiting for the first packet: loose data timer
        RECEIVING, //!< packets arriving: tight data timer
        RECEIVED,  //!< every packet in; held until earlier buffers are delivered
    };

    /** A buffer at the receiving end, from its GO to its delivery. */
    struct ReceiveBufferInfo
    {
        ReceiveBufferState state{ACK_WAIT};
        std::vector<uint8_t> bytes;    //!< assembled data
        std::vector<bool> received;    //!< packet numbers held
        uint16_t receivedCount{0};     //!< packets held
        uint16_t expectedCount{0};     //!< packets in the buffer (a full buffer's until LDATA)
        bool countKnown{false};        //!< expectedCount is exact
        bool last{false};              //!< L flag seen on one of its packets
        uint32_t length{0};            //!< bytes in the buffer, once known
        uint16_t awaitedSequence{0};   //!< sequence number of the GO/RESEND awaiting its ack
        EventId dataTimer;             //!< loose or tight data timer
    };

    // set-up and close
    void SendOpen();
    void OpenTimeout();
    void HandleOpen(const NetbltOpenHeader& open);
    void HandleResponse(const NetbltOpenHeader& response);
    void HandleRefused(const NetbltReasonHeader& refused);
    void Establish();
    void SetState(State state);
    void Close(CloseReason reason, const std::string& text);
    void StartDally(Time duration);
    void DallyExpired();
    void SendQuit();
    void QuitTimeout();
    Time GetDallyTime() const;

    // death and keepalive
    void ResetDeathTimer();
    void DeathTimeout();
    void ResetKeepaliveTimer();
    void KeepaliveTimeout();
    Time GetKeepaliveInterval() const;
    void CancelAllTimers();

    // packet output
    void SendPacket(Ptr<Packet> packet, NetbltHeader& header);
    void SendSimple(NetbltPacketType type);
    void SendReason(NetbltPacketType type, const std::string& reason);

    // sender
    void HandleControl(const NetbltControlHeader& control);
    bool AcceptSequence(uint16_t sequence);
    void HandleGo(const NetbltControlMessage& go);
    void HandleOk(const NetbltControlMessage& ok);
    void HandleResend(const NetbltControlMessage& resend);
    void QueueAllPackets(uint32_t number, SendBufferState& buffer);
    bool HasDataToSend() const;
    void ScheduleBurst();
    void SendBurst();
    void StartBurst();
    void SendBurstPacket();
    bool SendNextDataPacket();
    void SendNullAck();
    void CheckSenderDone();

    // receiver
    void HandleData(const NetbltDataHeader& header, Ptr<Packet> packet);
    void HandleNullAck(const NetbltNullAckHeader& nullAck);
    void ProcessAcknowledgement(uint16_t highConsecutiveSequence);
    void IssueGos();
    void QueueControlMessage(const NetbltControlMessage& message);
    void FlushControl();
    void TransmitControlPacket();
    void SendControlPacketNow();
    void ControlTimeout();
    void EnterAcked(uint32_t number, ReceiveBufferInfo& buffer);
    void DataTimeout(uint32_t number);
    void RequestMissing(uint32_t number, ReceiveBufferInfo& buffer);
    void CompleteBuffer(uint32_t number, ReceiveBufferInfo& buffer);
    void DeliverInOrder();
    void TightenEarlierBuffers(uint32_t number);
    /** @param type a NetbltDataTimer subclass: the receiver's estimator from now on */
    void SetDataTimerType(TypeId type);
    /** @return the type of the data-timer estimator */
    TypeId GetDataTimerType() const;
    /** @param type an RttEstimator subclass: the control channel's estimator from now on */
    void SetRttEstimatorType(TypeId type);
    /** @return the type of the control channel's round-trip estimator */
    TypeId GetRttEstimatorType() const;
    /** @param value InitialControlTimer */
    void SetInitialControlTimer(Time value);
    /** @return InitialControlTimer */
    Time GetInitialControlTimer() const;
    /** @param value MinimumControlTimer */
    void SetMinimumControlTimer(Time value);
    /** @return MinimumControlTimer */
    Time GetMinimumControlTimer() const;
    /** @param bytes MaxControlPacketSize */
    void SetMaxControlPacketSize(uint32_t bytes);
    /** @return MaxControlPacketSize */
    uint32_t GetMaxControlPacketSize() const;
    /** @return the control timer's longest backed-off value: death timeout / KeepaliveDivisor */
    Time GetControlBackoffCap() const;
    /** @return the receiver's control-timer value now, backoff included */
    Time ReceiverControlTimer() const;
    uint32_t PacketsAheadOf(uint32_t number) const;
    void SetDataTimer(uint32_t number, ReceiveBufferInfo& buffer, Time delay, bool neverLater);
    void CheckReceiverDone();

    /** @param delay a duration @return when a timer of that duration fires on the host's clock (HostCpu) */
    Time Granular(Time delay) const;
    /**
     * Runs @p work once the host's CPU has spent @p cost on it (HostCpu::Run); the work is
     * skipped if the connection has closed meanwhile.
     */
    void Process(Time cost, const std::string& activity, std::function<void()> work);
    /**
     * Process() for work that the job completing now goes on to do in the same call (finishing
     * a buffer its last packet completed, sending the control packet that finish queued): it
     * runs before jobs already waiting (HostCpu::RunContinuation).
     */
    void ProcessNext(Time cost, const std::string& activity, std::function<void()> work);
    /** @param work some work @return it, to be skipped if the connection has closed by then */
    Callback<void> WhileOpen(std::function<void()> work);

    // attributes
    Time m_openRetryInterval;
    uint32_t m_openRetryLimit;
    uint32_t m_keepaliveDivisor;
    double m_dallyFactor;
    bool m_dallyUntilPeerDeath;
    Ptr<NetbltDataTimer> m_dataTimer; //!< the receiver's estimator (DataTimerType)
    bool m_combineOkWithGo;
    bool m_resendOnLdata;
    bool m_immediateResendOnLaterBuffer;
    uint8_t m_version;

    // identity
    Ptr<NetbltL4Protocol> m_protocol;
    Ipv4Address m_localAddress;
    Ipv4Address m_peerAddress;
    uint16_t m_localPort{0};
    uint16_t m_peerPort{0};
    uint32_t m_connectionId{0};
    bool m_active{false};
    Role m_role{SENDER};
    State m_state{CLOSED};
    NetbltTransferParameters m_params;   //!< proposal, then negotiated values
    uint16_t m_peerDeathTimeoutS{0};
    NetbltConnectionStatistics m_stats;

    // client callbacks
    ConnectionCallback m_establishedCallback;
    CloseCallback m_closeCallback;
    ConnectionCallback m_sendReadyCallback;
    BufferCallback m_bufferReceivedCallback;

    // timers common to both roles
    EventId m_openTimer;
    uint32_t m_opensSent{0};
    EventId m_deathTimer;
    Time m_lastHeard;                    //!< last packet received from the other end
    EventId m_keepaliveTimer;
    Time m_lastSent;                     //!< last packet sent to the other end
    EventId m_dallyTimer;
    Time m_dallyDuration;                //!< length of the current dally period
    EventId m_quitTimer;
    std::string m_quitReason;

    // sender state
    std::map<uint32_t, SendBufferState> m_sendBuffers; //!< handed over, not yet OK'd
    std::set<uint32_t> m_earlyGos;       //!< GOs for buffers the client has not handed over yet
    uint32_t m_nextSendBuffer{1};        //!< number of the next buffer the client hands over
    bool m_lastBufferGiven{false};
    uint16_t m_highConsecutiveSequence{0}; //!< control sequence numbers received, consecutively
    std::set<uint16_t> m_sequencesAbove; //!< received sequence numbers above that
    uint16_t m_peerControlTimerMs{0};    //!< control-timer value from the last OK
    EventId m_burstEvent;
    Time m_lastBurstStart;
    bool m_burstStarted{false};
    bool m_burstActive{false};           //!< a burst's packets are still being sent
    bool m_burstDue{false};              //!< the burst timer expired during the active burst
    uint16_t m_burstPacketsLeft{0};      //!< packets the active burst may still send
    bool m_controlSendQueued{false};     //!< a CONTROL packet waits for the CPU
    uint16_t m_limitBurstSize{0};        //!< this end's most permissive burst size
    uint16_t m_limitBurstIntervalMs{0};  //!< this end's shortest burst interval

    // receiver state
    std::map<uint32_t, ReceiveBufferInfo> m_receiveBuffers; //!< GO sent, not yet delivered
    uint32_t m_nextGoBuffer{1};          //!< number of the next buffer to send a GO for
    uint32_t m_nextDeliverBuffer{1};     //!< number of the next buffer to deliver
    uint32_t m_buffersProvided{0};       //!< client room not yet used by a GO
    bool m_lastBufferDelivered{false};
    NetbltControlChannel m_control;      //!< sequence numbers, unacknowledged messages, timer
    bool m_controlDirty{false};          //!< messages queued since the last transmission
    EventId m_controlTimer;
    EventId m_flushEvent;                //!< sends the GOs of ProvideBuffer() calls together

    // traces
    TracedCallback<Ptr<const Packet>, NetbltPacketType> m_txTrace;
    TracedCallback<Ptr<const Packet>, NetbltPacketType> m_rxTrace;
    TracedCallback<uint32_t> m_dataTimeoutTrace;
    TracedCallback<uint32_t, uint16_t> m_retransmitTrace;
    TracedCallback<uint32_t> m_bufferDeliveredTrace;
    TracedCallback<Time> m_controlTimeoutTrace;
    TracedCallback<State, State> m_stateTrace;
};

} // namespace ns3

#endif /* NETBLT_CONNECTION_H */
