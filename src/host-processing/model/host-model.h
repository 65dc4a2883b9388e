/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef HOST_MODEL_H
#define HOST_MODEL_H

#include "ns3/callback.h"
#include "ns3/nstime.h"
#include "ns3/object.h"

#include <functional>
#include <string>
#include <utility>

namespace ns3
{

/**
 * @ingroup host-processing
 * @brief What a protocol asks of the host it runs on: CPU time for its work, the host's clock
 * for its timers, and the host packet buffer a received packet came up in.
 *
 * The interface between the protocols and the host's processor, below both: a protocol (NETBLT's
 * NetbltL4Protocol, the BSD TCP's TcpHostProcessing) finds an implementation aggregated to its
 * node (GetObject<HostModel>(); HostCpu is one) and charges its work to it. It is optional:
 * without one the host is infinitely fast, its timers exact and its packet buffers unlimited,
 * and the protocol runs the work at once, from inside the caller.
 */
class HostModel : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    ~HostModel() override;

    /**
     * Queues a job: @p work runs once the host's CPU has spent @p cost on it, after the work
     * queued before it.
     * @param cost CPU time the job takes
     * @param activity short name of the work, for traces
     * @param work what to do when the job completes
     */
    virtual void Execute(Time cost, const std::string& activity, Callback<void> work) = 0;

    /**
     * Queues a job that the job completing now goes on to do in the same call: it runs before
     * the jobs already waiting.
     * @param cost CPU time the job takes
     * @param activity short name of the work, for traces
     * @param work what to do when the job completes
     */
    virtual void Continue(Time cost, const std::string& activity, Callback<void> work) = 0;

    /**
     * @param delay a timer's nominal duration from now
     * @return the duration after which a timer set now expires on the host's clock
     */
    virtual Time RoundToTick(Time delay) const = 0;

    /**
     * The packet being handed up now stays in the host buffer it came up in until
     * ReleaseReceivedBuffer().
     * @return false if it came up in no buffer (nothing to release)
     */
    virtual bool KeepReceivedBuffer() = 0;

    /** Returns the buffer KeepReceivedBuffer() kept. */
    virtual void ReleaseReceivedBuffer() = 0;
};

/**
 * @ingroup host-processing
 * @param work what a host job does when it completes
 * @return @p work as the Callback a HostModel takes. The callback is made from its
 *         implementation, without the components ns3::Callback's constructor from a callable
 *         records for comparisons (several allocations for every job); a job's work is run,
 *         never compared with another callback.
 */
inline Callback<void>
MakeHostJob(std::function<void()> work)
{
    return Callback<void>(Create<CallbackImpl<void>>(std::move(work), CallbackComponentVector{}));
}

} // namespace ns3

#endif /* HOST_MODEL_H */
