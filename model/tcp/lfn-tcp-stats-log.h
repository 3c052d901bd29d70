/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_LFN_TCP_STATS_LOG_H
#define HYBRIDNET_LFN_TCP_STATS_LOG_H

#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"

#include <ostream>
#include <string>

namespace ns3
{
namespace hybridnet
{

class LfnTcpSocket;

/**
 * @brief Web100-style periodic log of one LfnTcpSocket: every Interval, one CSV row of the
 * connection's state and counters, as Web100's userland tools sampled a kernel connection.
 *
 * Columns (Web100 variable in brackets):
 *   time_s, state [State], cong_state, cwnd_bytes [CurCwnd], ssthresh_bytes [CurSsthresh],
 *   pipe_bytes [PipeSize], rwnd_bytes (the peer's window), srtt_ms [SmoothedRTT],
 *   rttvar_ms [RTTVar], rto_ms [CurRTO], bytes_acked [ThruBytesAcked],
 *   bytes_received [ThruBytesReceived], segments_sent [DataSegsOut],
 *   retransmits [PktsRetrans], fast_retransmits [FastRetran], dup_acks_in [DupAcksIn],
 *   timeouts [Timeouts], sack_blocks_rcvd [SACKBlocksRcvd]
 * The header row comes first; times are simulation times; the file loads with
 * pandas.read_csv.  Sampling does not change the simulation (it only reads).
 */
class LfnTcpStatsLog
{
  public:
    /**
     * @param socket the connection to sample
     * @param out where rows go (must outlive the log)
     * @param interval sampling period (> 0)
     */
    LfnTcpStatsLog(Ptr<LfnTcpSocket> socket, std::ostream& out, Time interval);
    ~LfnTcpStatsLog();

    /** Write the header and schedule the first sample now. */
    void Start();
    /** Stop sampling. */
    void Stop();
    /** @return the CSV header row (without newline) */
    static std::string Header();

  private:
    void Sample();

    Ptr<LfnTcpSocket> m_socket;
    std::ostream& m_out;
    Time m_interval;
    EventId m_event;
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_LFN_TCP_STATS_LOG_H
