/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_TEST_CLIENT_H
#define NETBLT_TEST_CLIENT_H

#include "netblt-timer-log.h"
#include "netblt-tx-recorder.h"

#include "ns3/netblt-connection.h"
#include "ns3/netblt-control-message.h"
#include "ns3/netblt-l4-protocol.h"
#include "ns3/netblt-receiver.h"
#include "ns3/netblt-sender.h"
#include "ns3/netblt-transfer-parameters.h"
#include "ns3/nstime.h"
#include "ns3/packet.h"

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

/**
 * @file
 * @ingroup netblt-tests
 * TestClient: a NETBLT client for either end of a connection in the engine's tests, and what
 * the tests read from its record.
 */

namespace ns3
{
namespace netblt_test
{

/**
 * @ingroup netblt-tests
 * @brief A NETBLT client for either end of a connection, driven through the connection API.
 *
 * As a sender it hands over Data in buffers of the negotiated size whenever NETBLT has room; as a
 * receiver it provides room for as many buffers as may be outstanding (after ProvideDelay, if set)
 * and keeps every byte delivered. It records how the connection was set up and closed.
 */
class TestClient
{
  public:
    TestClient();

    /** Data to send (sender) */
    std::vector<uint8_t> data;
    /** Answer of Accept(): empty to accept */
    std::string refusal;
    /** Delay before each ProvideBuffer() call (receiver) */
    Time provideDelay{0};
    /** Called once the connection is established (e.g. to set attributes or Quit()) */
    std::function<void(Ptr<NetbltConnection>)> onEstablished;
    /** Called after each buffer delivered (receiver) or OK'd room (sender): (buffer) */
    std::function<void(Ptr<NetbltConnection>, uint32_t)> onBuffer;
    /** Called after the close callback */
    std::function<void()> onClosed;
    /** Attributes set on a passively accepted connection before it answers */
    std::vector<std::pair<std::string, std::string>> passiveAttributes;
    /** Records the packets the connection sends */
    TxRecorder tx;
    /** Records the connection's timers and receptions */
    TimerLog timers;

    /**
     * For NetbltL4Protocol::Listen(): attaches to the new connection and answers with refusal.
     * @param connection the new connection
     * @param answer the parameters it will answer with
     * @return refusal
     */
    std::string Accept(Ptr<NetbltConnection> connection, const NetbltTransferParameters& answer);
    /** @return the callback form of Accept() */
    NetbltL4Protocol::AcceptCallback AcceptCallback();

    /** @param connection a connection to drive (sets all its callbacks and records its Tx) */
    void Attach(Ptr<NetbltConnection> connection);

    // what happened
    Ptr<NetbltConnection> connection;      //!< the connection driven
    bool accepted{false};                  //!< Accept() was called
    NetbltTransferParameters acceptAnswer; //!< what Accept() was offered
    bool established{false};               //!< the established callback came
    Time establishedTime;                  //!< when
    bool closed{false};                    //!< the close callback came
    uint32_t closeCalls{0};                //!< how many times
    NetbltConnection::CloseReason closeReason{NetbltConnection::TRANSFER_COMPLETE}; //!< why
    std::string closeText;               //!< with what text
    Time closeTime;                      //!< when
    std::vector<uint8_t> received;       //!< bytes delivered, in order
    std::vector<uint32_t> bufferNumbers; //!< buffers delivered, in order
    bool lastSeen{false};                //!< a buffer flagged last was delivered
    uint32_t buffersGiven{0};            //!< buffers handed over (sender)
    uint32_t bytesGiven{0};              //!< bytes handed over (sender)

    /** @return true if closed with TRANSFER_COMPLETE */
    bool Completed() const;

  private:
    void Established(Ptr<NetbltConnection> connection);
    void Closed(Ptr<NetbltConnection> connection,
                NetbltConnection::CloseReason reason,
                const std::string& text);
    void SendReady(Ptr<NetbltSender> connection);
    void BufferReceived(Ptr<NetbltReceiver> connection,
                        uint32_t number,
                        Ptr<Packet> bytes,
                        bool last);
    void Provide(Ptr<NetbltConnection> connection);
};

/**
 * @param receiver a receiving client
 * @return every distinct RESEND message (by sequence number) it sent
 */
std::vector<NetbltControlMessage> DistinctResends(const TestClient& receiver);

/**
 * @param receiver a receiving client
 * @param sequence a control message's sequence number
 * @return when the first CONTROL packet carrying that message left
 */
Time FirstSent(const TestClient& receiver, uint16_t sequence);

} // namespace netblt_test
} // namespace ns3

#endif /* NETBLT_TEST_CLIENT_H */
