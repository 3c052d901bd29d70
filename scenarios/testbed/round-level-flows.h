/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_ROUND_LEVEL_FLOWS_H
#define HYBRIDNET_ROUND_LEVEL_FLOWS_H

#include "cross-traffic.h"
#include "hybridnet/round-tcp-flow.h"
#include "result-document.h"
#include "scenario-flags.h"
#include "wan-end-hosts.h"
#include "wan-path-sizing.h"
#include "wan-tcp-flags.h"

#include "ns3/nstime.h"

#include <memory>
#include <string>
#include <vector>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief A WAN scenario's bulk flows at the round-level fidelity (--fidelity=round): one
 * RoundTcpFlow per flow, all on one RoundTcpBottleneck, configured from the same TCP flags
 * and path sizing as the packet-level sockets, with the packet level's metric names (the
 * round-level twin of BulkFlows).
 *
 * The path of flow i: the bottleneck's rate and queue (WanPathSizing), the access link's
 * rate, its round trip's propagation delay rtt_i, a full segment's wire bytes S + headers
 * (40 B, 52 B with timestamps) + 2 B of PPP; flow i runs congestion control i of the
 * flags. The loss injection: every N-th or each with probability p of each flow's
 * arriving segments, as the receiver's LossInjector.
 *
 * Goodputs as BulkFlows: flow i's payload delivered from max(start_i, warmup) to the end,
 * the aggregate's from the earliest of those. Series (with an interval), from each flow's
 * start: web100Flow<i> with the columns of Columns (the packet level's of the scenario,
 * those the round level can fill).
 */
class RoundLevelFlows
{
  public:
    /** One flow. */
    struct Flow
    {
        Time rtt;   //!< its round trip's propagation delay
        Time start; //!< when it connects
    };

    /** How the receiver drops arriving segments (LossInjector). */
    struct Losses
    {
        uint64_t every{0}; //!< every N-th (0: not this way)
        double rate{0};    //!< each with probability p (0: not this way)
    };

    /** The series' columns: wan-bulk-transfer's Web100 set or wan-shared-bottleneck's. */
    enum class Columns
    {
        WEB100, //!< time, congState, cwnd, ssthresh, pipe, srtt, bytesAcked, retransmits,
                //!< fastRetransmits, timeouts
        SHARING //!< time, cwnd, ssthresh, srtt, delivered
    };

    /**
     * Register --fidelity (packet or round) and what the round level cannot model, refused
     * before anything runs: host profiles at the ends, cross traffic, a receive window that
     * grows (rcvBufAutoTuning, linuxReceiver).
     * @param flags the scenario's flags
     * @param fidelity the flag's value
     * @param tcp the TCP flags
     * @param ends the end hosts' flags
     * @param cross the cross traffic's flags
     */
    static void AddFlags(ScenarioFlags& flags,
                         std::string* fidelity,
                         const WanTcpFlags& tcp,
                         const WanEndHosts& ends,
                         const CrossTraffic& cross);

    /**
     * Make the flows (RngRun streams from 0, two per flow).
     * @param bottleneck the bottleneck's rate
     * @param access the senders' access link rate
     * @param tcp the TCP flags, congestion resolved for every flow
     * @param sizing the bottleneck's queue and the buffers
     * @param losses the injected losses
     * @param flows the flows
     */
    RoundLevelFlows(DataRate bottleneck,
                    DataRate access,
                    const WanTcpFlags& tcp,
                    const WanPathSizing& sizing,
                    Losses losses,
                    const std::vector<Flow>& flows);
    ~RoundLevelFlows();

    /**
     * Where the flows lie in the error maps of docs/modules/tcp.md (the round level against
     * packet level on the same flags, the error-map sweeps of examples/sweeps/): a region
     * known to be outside 5 % of packet level gives the measured error there, in one line.
     * Regions, first match: TcpCubic under loss (injected, several flows, or a window beyond
     * the path); TcpLinuxReno with a window beyond the path (rate-buffer-error-map.toml);
     * random loss at round trips of 120 ms or more (long-path-loss-error-map.toml); H-TCP
     * under injected loss at round trips of 50 ms or more; several flows of unequal round
     * trips (their split); several flows of one round trip (their split, the aggregate
     * within 1.1 %).
     * @return the line, or "" where the maps found the round level within 5 %
     */
    std::string GetKnownError() const;

    /**
     * Start the flows and their samples.
     * @param warmup goodputs count from max(start, warmup)
     * @param interval sample the series this often (0: no series)
     * @param columns the series' columns
     */
    void Start(Time warmup, Time interval, Columns columns);

    /** @return the flows */
    size_t GetN() const;
    /** @return flow i's goodput up to @p end, Mb/s */
    double GetGoodput(size_t i, Time end) const;
    /** @return all flows' goodput up to @p end, Mb/s */
    double GetAggregateGoodput(Time end) const;
    /** @return flow i's payload delivered, B */
    uint64_t GetBytesDelivered(size_t i) const;

    /**
     * Write wan-bulk-transfer's per-flow metrics of flow 1, the only flow: goodputFlow1,
     * goodput, bytesReceivedFlow1, bytesReceived, recoveries and recoveryTime (from a loss
     * round to the end of the first round whose cwnd regains the window before it; those
     * completed), jainFairness, packetsDropped (the loss injection's).
     * @param result the result
     * @param end the run's end
     */
    void WriteSingleFlow(ResultDocument& result, Time end) const;
    /**
     * Write the sums over the flows, as the packet level's: retransmits, timeouts,
     * fastRetransmits (recoveries entered), maxCwnd (the largest), bottleneckDrops
     * (overflow); and the series.
     * @param result the result
     */
    void WriteTotals(ResultDocument& result) const;

  private:
    class Record;

    std::vector<std::unique_ptr<Record>> m_flows;
    std::vector<std::string> m_congestion; //!< each flow's algorithm, short name
    std::vector<Time> m_rtts;              //!< each flow's round trip
    bool m_lossInjected{false};
    bool m_randomLoss{false}; //!< --lossRate (not every N-th)
    bool m_beyondPath{false}; //!< a flow's window exceeds what the path holds (P + B)
    Time m_first;             //!< the aggregate goodput's start
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_ROUND_LEVEL_FLOWS_H
