/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_TCP_SENDER_PROBE_H
#define HYBRIDNET_TCP_SENDER_PROBE_H

#include "result-document.h"

#include "ns3/bulk-send-application.h"
#include "ns3/nstime.h"
#include "ns3/socket.h"
#include "ns3/tcp-socket-state.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace ns3
{

class TcpHeader;
class TcpSocketBase;

namespace hybridnet
{

/**
 * @brief What the trace sources of one bulk TCP sender say, for both TCPs (hybridnet's
 * LfnTcpSocket and ns-3's TcpSocketBase): the latest and the largest cwnd, the latest
 * ssthresh and smoothed RTT, the retransmissions, timeouts and fast retransmits, and the
 * loss-induced window reductions with the time each took to make up.
 *
 * Counters: LfnTcpSocket counts retransmissions, timeouts and fast retransmits itself
 * (GetStats); for TcpSocketBase they come from its Retransmission trace and its congestion
 * state entering CA_LOSS (a timeout) or CA_RECOVERY (a fast retransmit).
 *
 * Recoveries: a reduction begins when the congestion state enters CA_RECOVERY or CA_LOSS.
 * Both TCPs change the state before they reduce cwnd, so the latest cwnd c_0 is the value
 * before the reduction; the reduction is made up at the first instant cwnd >= c_0 again, and
 * its recovery time is that instant less the one it began.  A loss during a recovery opens
 * another, so several may be open at once; one not made up by the end is not counted.
 *
 * BulkSend creates its socket when it starts, so AttachAtStart() hooks the traces in an
 * event at the start time that schedules one for "now", which runs after the application's
 * start event (scheduled earlier).
 */
class TcpSenderProbe
{
  public:
    /**
     * Hook the sender's socket when it starts.
     * @param app the BulkSend
     * @param start its start time
     * @param lfn true if its socket is an LfnTcpSocket
     * @param onAttach called with the socket once the probe's traces are connected (for a
     *        scenario's own sampling); may be empty
     */
    void AttachAtStart(Ptr<BulkSendApplication> app,
                       Time start,
                       bool lfn,
                       std::function<void(Ptr<Socket>)> onAttach);

    /**
     * Hook a sender's socket now (an application that opens its own sockets).
     * @param socket the socket
     * @param lfn true if it is an LfnTcpSocket
     */
    void Attach(Ptr<Socket> socket, bool lfn);

    /**
     * Add the senders' totals to @p result: retransmits, timeouts, fastRetransmits,
     * lostRetransmits, undos, sendStalls (sums) and maxCwnd (B, the largest over senders and
     * time).
     * @param probes the senders' probes
     * @param result the scenario's result
     */
    static void WriteTotals(const std::vector<const TcpSenderProbe*>& probes,
                            ResultDocument& result);

    /** @return the latest cwnd, bytes (0 before the first report) */
    uint32_t GetCwnd() const;
    /** @return the largest cwnd, bytes */
    uint32_t GetMaxCwnd() const;
    /** @return the latest ssthresh, bytes (0 before the first report) */
    uint32_t GetSsThresh() const;
    /** @return the latest smoothed RTT */
    Time GetSrtt() const;
    /** @return retransmitted segments */
    uint64_t GetRetransmits() const;
    /** @return retransmission timeouts */
    uint64_t GetTimeouts() const;
    /** @return fast retransmits (entries into recovery) */
    uint64_t GetFastRetransmits() const;
    /** @return retransmissions found lost from SACKs (LfnTcpSocket (8e)); TcpSocketBase finds
     *  them only by the timeout (ns-3 #1349): 0 */
    uint64_t GetLostRetransmits() const;
    /** @return reductions undone (LfnTcpSocket (13); 0 for TcpSocketBase, which has no undo) */
    uint64_t GetUndos() const;
    /** @return segments held by a full local queue (LfnTcpSocket (14); 0 for TcpSocketBase,
     *  which lets the queue drop them) */
    uint64_t GetSendStalls() const;
    /** @return the reductions made up */
    uint64_t GetRecoveries() const;
    /** @return the sum of their recovery times */
    Time GetRecoveryTimeSum() const;
    /** @return bytes written to the socket and not yet acknowledged, sent or not (its send
     *  queue now; 0 before attaching) */
    uint64_t GetUnacknowledgedBytes() const;

  private:
    /** A loss-induced window reduction not yet made up. */
    struct Reduction
    {
        Time when;       //!< when the congestion state entered CA_RECOVERY or CA_LOSS
        uint32_t before; //!< cwnd just before the reduction, bytes
    };

    /** CongestionWindow trace: latest and largest, reductions made up. */
    void TrackCwnd(uint32_t, uint32_t cwnd);
    /** SlowStartThreshold trace. */
    void TrackSsThresh(uint32_t, uint32_t ssthresh);
    /** RTT trace (the smoothed RTT). */
    void TrackRtt(Time, Time srtt);
    /** CongState trace: reductions begin; TcpSocketBase's timeouts and fast retransmits. */
    void TrackCongState(TcpSocketState::TcpCongState_t from, TcpSocketState::TcpCongState_t to);
    /** TcpSocketBase's Retransmission trace. */
    void CountRetransmission(Ptr<const Packet>,
                             const TcpHeader&,
                             const Address&,
                             const Address&,
                             Ptr<const TcpSocketBase>);

    Ptr<Socket> m_socket;          //!< after attaching
    bool m_lfn{false};             //!< LfnTcpSocket: counters from its stats
    uint32_t m_cwnd{0};            //!< bytes, latest
    uint32_t m_maxCwnd{0};         //!< bytes
    uint32_t m_ssThresh{0};        //!< bytes, latest
    Time m_srtt;                   //!< latest smoothed RTT
    uint64_t m_retransmits{0};     //!< TcpSocketBase: Retransmission trace
    uint64_t m_timeouts{0};        //!< TcpSocketBase: CongState -> CA_LOSS
    uint64_t m_fastRetransmits{0}; //!< TcpSocketBase: CongState -> CA_RECOVERY
    std::vector<Reduction> m_open; //!< reductions whose cwnd is not regained yet
    Time m_recoveryTimeSum;        //!< sum of the completed recoveries' durations
    uint64_t m_recoveries{0};      //!< completed recoveries
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_TCP_SENDER_PROBE_H
