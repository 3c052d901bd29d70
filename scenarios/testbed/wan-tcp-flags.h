/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_WAN_TCP_FLAGS_H
#define HYBRIDNET_WAN_TCP_FLAGS_H

#include "hybridnet/congestion-ops-catalog.h"
#include "hybridnet/round-tcp-flow.h"
#include "hybridnet/scenario-flags.h"
#include "tcp-choice.h"
#include "wan-path-sizing.h"

#include "ns3/node-container.h"
#include "ns3/type-id.h"

#include <cstdint>
#include <set>
#include <string>
#include <vector>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief The TCP flags the WAN scenarios share: registered on a scenario's ScenarioFlags,
 * checked, and applied to ns-3's attribute defaults and to the hosts.
 *
 * A WAN TCP scenario (wan-bulk-transfer, wan-shared-bottleneck) runs bulk flows of either
 * TCP - hybridnet's LfnTcpSocket (--tcp=lfn, installed by LfnTcpHelper) or ns-3's
 * TcpSocketBase (--tcp=ns3) - with any registered congestion control.  This class owns the
 * flags that describe the hosts' TCP, in two groups so that a scenario keeps its own flag
 * order (the order of the result file's parameters):
 *
 * | group  | flag            | attribute it sets (Config::SetDefault)                         |
 * |--------|-----------------|----------------------------------------------------------------|
 * | stack  | tcp             | LfnTcpHelper on the hosts (lfn) or not (ns3)                   |
 * | stack  | congestion      | TcpL4Protocol::SocketType (per host: SetCongestion)            |
 * | stack  | recovery        | TcpL4Protocol::RecoveryType: TcpLinux/Classic/PrrRecoveryRfc6937 |
 * | socket | segmentSize     | TcpSocket::SegmentSize                                         |
 * | socket | sndBuf, rcvBuf  | TcpSocket::SndBufSize, RcvBufSize (0B: WanPathSizing (5), (6)) |
 * | socket | bufferSemantics, rmemMax, wmemMax | LfnTcpSocket (tcp=lfn only)                  |
 * | socket | rcvBufAutoTuning, autoTuningMax   | LfnTcpSocket (optional group, tcp=lfn only)  |
 * | socket | sack, timestamps, windowScaling   | Sack, Timestamp, WindowScaling of its socket |
 * | socket | delAckCount     | TcpSocket::DelAckCount                                         |
 * | socket | linuxReceiver   | LfnTcpSocket::LinuxReceiver (tcp=lfn only)                     |
 * | socket | initialCwnd     | TcpSocket::InitialCwnd (segments)                              |
 * | socket | initialSsThresh | TcpSocket::InitialSlowStartThreshold (bytes; 0B: its default) |
 *
 * Both TCPs read the TcpSocket attributes: LfnTcpSocket implements TcpSocket's accessors
 * (SetInitialCwnd, SetInitialSSThresh, ...), so the initial window of either is
 *
 *     (1)  cwnd_0 = initialCwnd x segmentSize,    ssthresh_0 = initialSsThresh
 *
 * and slow start (cwnd < ssthresh) doubles cwnd every RTT until ssthresh, so a flow leaves
 * slow start after about log2(ssthresh_0 / cwnd_0) RTTs unless a loss ends it first.
 * Ranges: initialCwnd 1 to 65535 segments (so that (1) fits TcpSocketState's 32-bit cwnd
 * for every segment size up to 8960 B; TcpSocket's checker takes any uint32); initialSsThresh
 * 0B (TcpSocket's default, 4294967295 B: no threshold, slow start until the first loss) or
 * 2 x segmentSize (Linux's smallest ssthresh) to 4294967295 B (the attribute's uint32).
 *
 * Rules between the flags (ScenarioFlags::AddConstraint, so --check and the one-line error
 * see them): a requested buffer is 0B or at least segmentSize; with windowScaling off at most
 * 65535 B; bufferSemantics linux needs tcp lfn; rcvBufAutoTuning needs linux semantics;
 * linuxReceiver needs tcp lfn; initialSsThresh as above.  The congestion names are resolved by
 * ResolveCongestion(), which a scenario calls from its input check (it may need the flow count):
 * unknown and ambiguous names are refused, and with tcp=lfn algorithms that need rate samples
 * (HasCongControl), which LfnTcpSocket does not produce.
 *
 * Defaults are read from the attributes (LfnTcpSocket's BufferSemantics, RmemMax, WmemMax,
 * RcvBufAutoTuning, AutoTuningMax, AdvWinScale, LinuxReceiver; TcpSocket's DelAckCount,
 * InitialCwnd), so each is written once, in its attribute.
 *
 * A host with a kernel (a host profile's kernel section, with tcp=lfn) runs that kernel:
 * its sockets take the section's values over the defaults these flags set (Install).  A
 * socket flag given on the command line (even at its default value) is the scenario's own
 * setting and wins over the kernel for the attribute it sets (the table; KernelOverrides),
 * so --initialCwnd=10 gives a Linux 2.4 host ns-3's window and --sndBuf=0B sizes its
 * buffer for the path.  A buffer the application sets is locked, as setsockopt locks it: a
 * given sndBuf also keeps the kernel's SndBufAutoTuning out, a given rcvBuf its
 * RcvBufAutoTuning; the kernel's maxima (RmemMax, WmemMax) still clip them unless those
 * flags are given too - Linux's behaviour, and the data-grid study's lesson.
 */
class WanTcpFlags
{
  public:
    /** Read the defaults from the attributes. */
    WanTcpFlags();
    WanTcpFlags(const WanTcpFlags&) = delete; //!< the flags hold pointers to the members
    WanTcpFlags& operator=(const WanTcpFlags&) = delete;

    /**
     * Register tcp, congestion and recovery.
     * @param flags the scenario's flags
     * @param hosts the hosts TCP runs on, for help ("both hosts", "every host")
     * @param perFlowCongestion true: --congestion takes one name or one per flow, separated
     *        by commas; false: one name
     */
    void AddStackFlags(ScenarioFlags& flags, const std::string& hosts, bool perFlowCongestion);

    /**
     * Register the socket flags of the table above and the rules between them.
     * @param flags the scenario's flags; they must outlive this object (KernelOverrides
     *        asks them which flags were given)
     * @param path what 0B buffers are sized for, for help ("the path", "the longest path")
     * @param autoTuning true: also rcvBufAutoTuning and autoTuningMax
     */
    void AddSocketFlags(ScenarioFlags& flags, const std::string& path, bool autoTuning);

    /**
     * Resolve --congestion: call from the scenario's input check.
     * @param flows the number of flows (a per-flow list must have one name or this many)
     * @return "" if every name names one usable algorithm, else the one-line problem
     */
    std::string ResolveCongestion(uint32_t flows);
    /**
     * Resolve one name as --congestion does (full or short name, unambiguous, usable by
     * the chosen TCP).
     * @param flag the flag that gave it, for the message
     * @param name the name
     * @param type set to the algorithm if it is one
     * @return "" or the one-line problem, naming --<flag>
     */
    std::string ResolveAlgorithm(const std::string& flag,
                                 const std::string& name,
                                 TypeId* type) const;
    /** @return the resolved algorithms, one per flow (after ResolveCongestion) */
    const std::vector<TypeId>& GetCongestionTypes() const;
    /**
     * The per-flow list form of --congestion (and of a scenario's other per-flow flags,
     * such as wan-shared-bottleneck's --rtts): items separated by commas.
     * @param text the flag's value
     * @return the items, as given (one empty item for an empty text)
     */
    static std::vector<std::string> SplitList(const std::string& text);
    /** @return the congestion-control short names, for help and messages */
    std::string GetShortNames() const;

    /** @return true with --tcp=lfn */
    bool IsLfn() const;
    /** @return --segmentSize, bytes */
    uint32_t GetSegmentSize() const;
    /** @return a full segment's TCP and IP headers: 40 B, 52 B with timestamps */
    uint32_t GetHeaderBytes() const;
    /** @return true if the receive window grows during a run (rcvBufAutoTuning, linuxReceiver) */
    bool GrowsReceiveWindow() const;
    /**
     * Give a round-level flow what SetDefaults gives the sockets: SegmentSize, DelAckCount,
     * InitialCwnd, InitialSsThresh (if given), Sack, the window W_max = min(send buffer,
     * largest advertised window) of @p sizing, flow @p index's algorithm and the
     * recovery (--recovery), each a new object.
     * @param flow the flow, before its Start
     * @param sizing the path's buffers
     * @param index the flow's index from 0 (after ResolveCongestion with more flows)
     */
    void Configure(Ptr<RoundTcpFlow> flow, const WanPathSizing& sizing, size_t index) const;

    /**
     * @param rate the bottleneck's rate
     * @param rtt the round-trip propagation delay the buffers are sized for
     * @param queuePackets --queuePackets (0: one BDP)
     * @return the path's queue and buffers for these flags (WanPathSizing)
     */
    WanPathSizing SizePath(DataRate rate, Time rtt, uint32_t queuePackets) const;

    /**
     * Set the attribute defaults of the table (not SocketType) for sockets created from now
     * on, the buffers taken from @p sizing.  Call before creating the hosts.
     */
    void SetDefaults(const WanPathSizing& sizing) const;
    /** Make the first resolved algorithm TcpL4Protocol's default SocketType (every host). */
    void SetCongestionDefault() const;
    /**
     * Give sender i (after InternetStackHelper::Install) the algorithm of flow i.
     * @param senders one host per flow
     */
    void SetCongestion(NodeContainer senders) const;
    /**
     * @return the socket attributes whose flags the last parse was given (see the class
     *         comment), with SndBufAutoTuning for a given sndBuf and RcvBufAutoTuning for a
     *         given rcvBuf; none before AddSocketFlags
     */
    std::set<std::string> KernelOverrides() const;

    /**
     * Install LfnTcpHelper on @p hosts if tcp=lfn, with @p kernel's kernel section but for
     * KernelOverrides(); call before InternetStackHelper.
     * @param hosts the hosts
     * @param kernel their host profile, or nullptr (no kernel: the flags alone)
     */
    void Install(NodeContainer hosts, const HostProfile* kernel = nullptr) const;

  private:
    TypeId RecoveryTypeId() const;            //!< @return the TcpRecoveryOps --recovery names
    CongestionOpsCatalog m_catalog;           //!< the algorithms --congestion may name
    std::string m_shortNames;                 //!< m_catalog's short names
    bool m_perFlowCongestion{false};          //!< AddStackFlags' perFlowCongestion
    bool m_autoTuningFlags{false};            //!< AddSocketFlags' autoTuning
    TcpChoice m_tcp;                          //!< --tcp
    std::string m_congestion{"TcpLinuxReno"}; //!< --congestion, as given
    std::string m_recovery{"linux"};          //!< --recovery: linux, classic or prr
    uint32_t m_segmentSize{1448};             //!< --segmentSize, bytes
    uint64_t m_sndBuf{0};                     //!< --sndBuf, bytes (0: sized for the path)
    uint64_t m_rcvBuf{0};                     //!< --rcvBuf, bytes (0: sized for the path)
    std::string m_bufferSemantics;            //!< --bufferSemantics: ns3 or linux
    uint64_t m_rmemMax;                       //!< --rmemMax, bytes
    uint64_t m_wmemMax;                       //!< --wmemMax, bytes
    bool m_rcvBufAutoTuning;                  //!< --rcvBufAutoTuning
    uint64_t m_autoTuningMax;                 //!< --autoTuningMax, bytes
    uint32_t m_advWinScale;                   //!< not a flag: LfnTcpSocket's AdvWinScale default
    std::string m_sack{"on"};                 //!< --sack: on or off
    std::string m_timestamps{"on"};           //!< --timestamps: on or off
    std::string m_windowScaling{"on"};        //!< --windowScaling: on or off
    uint32_t m_delAckCount;                   //!< --delAckCount, segments
    bool m_linuxReceiver;                     //!< --linuxReceiver
    uint32_t m_initialCwnd;                   //!< --initialCwnd, segments
    uint64_t m_initialSsThresh{0};            //!< --initialSsThresh, bytes (0: TcpSocket's default)
    std::vector<TypeId> m_congestionTypes;    //!< resolved algorithms, one per flow
    const ScenarioFlags* m_flags{nullptr};    //!< the flags AddSocketFlags registered on
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_WAN_TCP_FLAGS_H
