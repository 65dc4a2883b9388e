/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_CONNECTION_H
#define NETBLT_CONNECTION_H

#include "netblt-connection-statistics.h"
#include "netblt-header.h"
#include "netblt-transfer-parameters.h"

#include "ns3/callback.h"
#include "ns3/ipv4-address.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/packet.h"
#include "ns3/traced-callback.h"
#include "ns3/traced-value.h"

#include <string>

namespace ns3
{

/**
 * @ingroup netblt
 * @brief A NETBLT connection end (RFC 998) as its client sees it: its attributes, identity,
 * negotiated parameters, statistics, traces and callbacks, and QUIT and ABORT.
 *
 * A connection is either the data sender (NetbltSender) or the data receiver (NetbltReceiver),
 * whichever end opened it; NetbltL4Protocol creates the right one. As TcpSocket hosts TCP's
 * attributes and TcpSocketBase implements the protocol, this class holds what every end has
 * and shows, and NetbltConnectionBase is the state machine both roles share: set-up, the death
 * timer and KEEPALIVEs, QUIT, ABORT, dallying and close, and the dispatch of every packet
 * received.
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
        NO_PROGRESS, //!< aborted by the progress rule: too many RESENDs or no buffer completed
    };

    /** Connection set up. */
    typedef Callback<void, Ptr<NetbltConnection>> ConnectionCallback;
    /** Connection ended, with the reason and the text of any REFUSED/ABORT/QUIT. */
    typedef Callback<void, Ptr<NetbltConnection>, CloseReason, const std::string&> CloseCallback;

    /** Trace signature: a packet with its NETBLT type. */
    typedef void (*PacketTracedCallback)(Ptr<const Packet> packet, NetbltPacketType type);
    /** Trace signature: a buffer number. */
    typedef void (*BufferTracedCallback)(uint32_t buffer);
    /** Trace signature: a state change (TracedValue). */
    typedef void (*StateTracedCallback)(State oldState, State newState);
    /** Trace signature: an ICMP Source Quench and the gateway (or host) that sent it. */
    typedef void (*QuenchTracedCallback)(Ipv4Address gateway);

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

    /**
     * Client QUIT (RFC 998 §5.3.2): sends QUIT until a QUITACK arrives or the death timer expires.
     * @param reason the text sent in the QUIT
     */
    virtual void Quit(const std::string& reason) = 0;

    /**
     * NETBLT ABORT (RFC 998 §5.3.3): sends one ABORT and closes at once.
     * @param reason the text sent in the ABORT
     */
    virtual void Abort(const std::string& reason) = 0;

    // --- inspection ---

    /** @return SENDER or RECEIVER */
    virtual Role GetRole() const = 0;
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
    virtual Time GetControlTimerValue() const = 0;

  protected:
    void DoDispose() override;

    /**
     * The burst size and interval and the outstanding buffers in m_params are now in force
     * (negotiated, or renegotiated through OK and NULL-ACK): updates their traced values.
     */
    void NoteParametersInForce();

    NetbltTransferParameters m_params;        //!< proposal, then negotiated values
    NetbltConnectionStatistics m_stats;       //!< what this end counted
    ConnectionCallback m_establishedCallback; //!< the client's set-up callback
    CloseCallback m_closeCallback;            //!< the client's close callback
    TracedValue<State> m_state;               //!< the connection state (trace source State)

    // identity
    Ipv4Address m_localAddress; //!< this end's address
    Ipv4Address m_peerAddress;  //!< the other end's address
    uint16_t m_localPort{0};    //!< this end's port
    uint16_t m_peerPort{0};     //!< the other end's port
    uint32_t m_connectionId{0}; //!< the connection unique ID
    bool m_active{false};       //!< this end sent the OPEN

    // attributes
    Time m_openRetryInterval;       //!< OpenRetryInterval
    uint32_t m_openRetryLimit;      //!< OpenRetryLimit
    Time m_initialControlTimer;     //!< InitialControlTimer
    uint32_t m_keepaliveDivisor;    //!< KeepaliveDivisor
    double m_dallyFactor;           //!< DallyFactor
    uint32_t m_maxResendsPerBuffer; //!< MaxResendsPerBuffer
    double m_progressTimeoutFactor; //!< ProgressTimeoutFactor

    // traces
    TracedCallback<Ptr<const Packet>, NetbltPacketType> m_txTrace; //!< trace source Tx
    TracedCallback<Ptr<const Packet>, NetbltPacketType> m_rxTrace; //!< trace source Rx
    TracedCallback<Ipv4Address> m_quenchTrace;                     //!< trace source SourceQuench

  private:
    TracedValue<uint32_t> m_burstSizeInForce;          //!< trace source BurstSize
    TracedValue<Time> m_burstIntervalInForce;          //!< trace source BurstInterval
    TracedValue<uint32_t> m_outstandingBuffersInForce; //!< trace source OutstandingBuffers
};

} // namespace ns3

#endif /* NETBLT_CONNECTION_H */
