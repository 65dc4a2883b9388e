/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "bulk-transfer.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("BulkTransfer");

NS_OBJECT_ENSURE_REGISTERED(BulkTransfer);

TypeId
BulkTransfer::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::BulkTransfer")
            .SetParent<Object>()
            .SetGroupName("NetbltExperiment")
            .AddAttribute("RecordTimeSequence",
                          "Keep the transfer's time-sequence trace (GetTimeSequence()).",
                          BooleanValue(false),
                          MakeBooleanAccessor(&BulkTransfer::m_recordTimeSequence),
                          MakeBooleanChecker())
            .AddAttribute("ReceiverDelay",
                          "How long the receiving host's datagrams wait before its interface "
                          "(a DelayQueueDisc): the flow's round trip is that much longer, as if "
                          "the host sat at the end of a longer line. 0: none, no disc.",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&BulkTransfer::m_receiverDelay),
                          MakeTimeChecker(Time(0)));
    return tid;
}

BulkTransfer::~BulkTransfer()
{
    NS_LOG_FUNCTION(this);
}

Time
BulkTransfer::GetReceiverDelay() const
{
    return m_receiverDelay;
}

int64_t
BulkTransfer::AssignTransportStreams(int64_t /* stream */)
{
    return 0;
}

int64_t
BulkTransfer::AssignClientStreams(int64_t /* stream */)
{
    return 0;
}

void
BulkTransfer::DoDispose()
{
    m_sender = nullptr;
    m_receiver = nullptr;
    Object::DoDispose();
}

void
BulkTransfer::SetHosts(Ptr<Node> sender, Ptr<Node> receiver)
{
    NS_ABORT_MSG_IF(m_sender,
                    GetInstanceTypeId().GetName() << " installed twice: a transfer "
                                                     "runs between one pair of hosts");
    m_sender = sender;
    m_receiver = receiver;
}

bool
BulkTransfer::IsRecordingTimeSequence() const
{
    return m_recordTimeSequence;
}

Ptr<Node>
BulkTransfer::GetSender() const
{
    NS_ABORT_MSG_UNLESS(m_sender, GetInstanceTypeId().GetName() << ": not installed yet");
    return m_sender;
}

Ptr<Node>
BulkTransfer::GetReceiver() const
{
    NS_ABORT_MSG_UNLESS(m_receiver, GetInstanceTypeId().GetName() << ": not installed yet");
    return m_receiver;
}

} // namespace ns3
