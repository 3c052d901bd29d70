/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_ROUND_LEVEL_TRANSFER_H
#define HYBRIDNET_ROUND_LEVEL_TRANSFER_H

#include "hybridnet/round-tcp-flow.h"
#include "result-document.h"
#include "wan-path-sizing.h"
#include "wan-path.h"
#include "wan-tcp-flags.h"

#include "ns3/nstime.h"

#include <vector>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief A WAN scenario's bulk flow at the round-level fidelity (--fidelity=round): one
 * RoundTcpFlow on the path's bottleneck, configured from the same TCP flags and path sizing
 * as the packet-level sockets, with the packet level's metric names.
 *
 * The path: the bottleneck's rate and queue (WanPathSizing), the access link's rate, the
 * round trip's propagation delay --rtt, a full segment's wire bytes S + headers (40 B, 52 B
 * with timestamps) + 2 B of PPP. The loss injection: --lossEvery or --lossRate on the
 * arriving segments, as the receiver's LossInjector.
 *
 * Metrics (WriteTo), each as packet level defines it: goodputFlow1 and goodput (payload
 * delivered from max(start, warmup) to the end, Mb/s), bytesReceivedFlow1, bytesReceived,
 * retransmits, timeouts, fastRetransmits (recoveries entered), maxCwnd, recoveries and
 * recoveryTime (from a loss round to the end of the first round whose cwnd regains the
 * window before it; those completed), jainFairness, packetsDropped (the injection),
 * bottleneckDrops (overflow). Left out, as the round level has no such mechanism:
 * lostRetransmits, undos, sendStalls, senderQueueDrops, and the socket byte counts
 * tcpBytesWritten and tcpBytesUnacknowledged. Series (with an interval): web100Flow1 with
 * the packet level's columns time, congState, cwnd, ssthresh, pipe, srtt, bytesAcked,
 * retransmits, fastRetransmits and timeouts.
 */
class RoundLevelTransfer
{
  public:
    /** How the receiver drops arriving segments (LossInjector). */
    struct Losses
    {
        uint64_t every{0}; //!< every N-th (0: not this way)
        double rate{0};    //!< each with probability p (0: not this way)
    };

    /**
     * Make the flow (RngRun streams from 0).
     * @param shape the path's flags
     * @param tcp the TCP flags, congestion resolved
     * @param sizing the path's queue and buffers
     * @param losses the injected losses
     */
    RoundLevelTransfer(const WanPath::Shape& shape,
                       const WanTcpFlags& tcp,
                       const WanPathSizing& sizing,
                       Losses losses);

    /**
     * Start the flow at 0 and its samples.
     * @param warmup goodput counts from then
     * @param web100Interval sample the series this often (0: no series)
     */
    void Start(Time warmup, Time web100Interval);
    /**
     * Write the metrics and the series.
     * @param result the result
     * @param end the run's end (--duration)
     */
    void WriteTo(ResultDocument& result, Time end) const;

  private:
    void OnRound(Time rtt, uint32_t cwnd, uint32_t ssThresh, uint64_t delivered);
    void Sample();

    Ptr<RoundTcpFlow> m_flow;
    Time m_warmup;
    Time m_interval;
    uint64_t m_deliveredAtWarmup{0};
    uint32_t m_maxCwnd{0};
    uint32_t m_lastCwnd{0};
    uint32_t m_losses{0};     //!< recoveries and timeouts seen so far
    uint32_t m_target{0};     //!< cwnd to regain, 0: none pending
    Time m_lossAt;            //!< when the pending reduction began
    uint32_t m_recoveries{0}; //!< completed
    Time m_recoveryTimeSum;
    std::vector<ResultDocument::Column> m_series;
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_ROUND_LEVEL_TRANSFER_H
