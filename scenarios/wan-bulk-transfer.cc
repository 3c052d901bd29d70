/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * wan-bulk-transfer: memory-to-memory bulk TCP transfers (iperf-style, 1 to 16 parallel
 * streams) over a long fat WAN path with one bottleneck, for the high-speed TCP studies
 * (shared reference high-speed-tcp-wan.md: MB-NG 6 ms, DataTAG 120-128 ms, UKLight 177 ms,
 * the 433 ms land-speed-record path, 1-10 Gb/s) and the buffer-tuning experiments of
 * wan-tuning-grid.md (socket buffers with Linux 2.6 semantics, parallel streams). TCP is
 * hybridnet's LfnTcpSocket (model/tcp) or ns-3's TcpSocketBase, with any registered
 * congestion-control algorithm; losses are injected in the receiver's kernel as the
 * studies did ("drop 1 in N packets", model/impairment LossInjector); Web100-style
 * per-connection traces (LfnTcpStatsLog) go into the result file.
 *
 *     sender host ---------- router ------------------------------ receiver host
 *     (BulkSend x flows)        |  bottleneck queue (queuePackets)   (PacketSink x flows,
 *      10.1.1.1       accessRate, accessDelay     10.1.2.0/24         LossInjector on the
 *                                          bottleneckRate,            receive path)
 *                                          rtt/2 - accessDelay        10.1.2.2
 *
 * Links are ns-3 point-to-point links (2 B PPP header) whose IP MTU is segmentSize + 52 B
 * (IP 20 B, TCP 20 B, timestamps 12 B: 1448 B -> 1500 B). Propagation: the access link has
 * --accessDelay one way, the bottleneck link the rest of rtt/2, so the round-trip
 * propagation delay is --rtt.
 *
 * End hosts (WanEndHosts): --sender and --receiver name a host profile (`hybridnet
 * profiles`) or none (the default: the bare nodes above). A host with a profile is a host
 * model - CPU, I/O bus and NIC with its driver's interrupt throttling, each per-packet cost
 * charged - whose NIC is cabled by Ethernet to its router at accessRate and accessDelay, so
 * a host that cannot keep up limits the flow as it would on the studies' LANs. A modelled
 * receiver sits behind a second router on such an access link of its own (10.1.3.1; the
 * bottleneck link then has rtt/2 - 2 accessDelay, still a round trip of --rtt). With
 * --tcp=lfn an end whose profile has a kernel section runs that kernel (the bundled Linux
 * 2.4 hosts: 64 KiB of advertised window, net.core.rmem_max 65535 B - untuned hosts of the
 * time); a TCP flag given on the command line overrides it for that setting
 * (WanEndHosts, WanTcpFlags). Queues: the router's bottleneck port is a drop-tail FIFO of
 * --queuePackets packets (its traffic-control layer removed, so that is all the buffering
 * there is); each end queues in Linux's pfifo_fast (an end with a host profile, txqueuelen
 * packets of its profile; a bare end, Linux's default 1000; either --txQueueLen if given;
 * WanEndHosts::InstallQdisc) in
 * front of its device queue; the routers' other ports queue in their 100-packet device
 * queues alone (UseDeviceQueues: no FqCoDel, which ns-3 would put there). Make accessRate >
 * bottleneckRate (default 10 Gb/s vs 1 Gb/s) so that the router's queue, not the sender's NIC, is
 * the bottleneck; equal rates are allowed (then the sender's own queue fills first).
 *
 * TCP: --tcp=lfn installs LfnTcpHelper on both hosts before the internet stack; --tcp=ns3
 * keeps ns-3's TcpSocketBase. The congestion-control algorithm (--congestion) and the
 * recovery algorithm (--recovery) are TcpL4Protocol's SocketType and RecoveryType and so
 * serve both TCPs. Socket attributes come from the flags through Config::SetDefault:
 * SegmentSize, SndBufSize, RcvBufSize, DelAckCount (ns3::TcpSocket), Sack, WindowScaling,
 * Timestamp (LfnTcpSocket or TcpSocketBase), BufferSemantics, RmemMax, WmemMax,
 * RcvBufAutoTuning, AutoTuningMax (LfnTcpSocket only). Other attributes keep their
 * defaults (ns-3's InitialCwnd 10 segments, LfnTcpSocket's MinRto 200 ms).
 *
 * Buffers: --sndBuf and --rcvBuf are the values the application sets (SO_SNDBUF,
 * SO_RCVBUF). 0B means "sized for the path": with W = (floor(BDP / (segmentSize + 54 B)) +
 * queue) x segmentSize, the payload the path holds with the queue full (BDP =
 * bottleneckRate x rtt / 8, 54 B = headers and PPP framing), so that one flow whose window
 * is W never overflows the queue, rcvBuf = W and sndBuf = 2 W with
 * bufferSemantics=ns3; with linux, where LfnTcpSocket doubles the value and keeps a
 * quarter back (equations (4), (5) of lfn-tcp-socket.h, AdvWinScale = 2), rcvBuf =
 * ceil(2 W / 3) and sndBuf = W; both at most 65535 B with windowScaling=off and at most
 * 1 GiB; with linux the kernel maxima (--rmemMax, --wmemMax) still clip, as in Linux. With
 * --rcvBufAutoTuning the receive buffer is the initial one (tcp_rmem[1]) that grows once per
 * RTT up to --autoTuningMax. The metrics sndBufEffective, rcvBufEffective (equation (5))
 * and maxAdvertisedWindow (equation (4), at most 65535 B without window scaling) say what
 * the sockets got; they are left out for an end that runs its profile's kernel
 * (sndBufEffective for the sender, the other two for the receiver), whose buffers the
 * kernel sets and grows.
 *
 * Phases: the receivers listen from t = 0; flow i (i = 1..flows, destination port
 * 5000 + i) starts at (i - 1) x startSpread and writes without limit (BulkSend) until
 * t = duration, when the simulation stops. Goodput counts payload delivered to each
 * receiving application from max(the flow's start, --warmup) to the end, the aggregate's
 * from the earliest of those (BulkFlows (2)): a warmup leaves slow start out.
 *
 * Cross traffic (CrossTraffic): --crossFlows bulk TCP flows of --crossCongestion and an
 * on/off UDP aggregate (--crossUdpRate, --crossUdpSources, --crossUdpBurst,
 * --crossUdpPattern), from --crossStart, between a cross host at the router and one behind
 * a far router (which the path then always has, so a bare receiver gets an access link too
 * and the bottleneck link rtt/2 - 2 accessDelay): they share the bottleneck queue with the
 * flows, which see the loss and delay they cause. Metrics crossTcpGoodput, crossUdpOffered,
 * crossUdpGoodput (Mb/s over [crossStart, duration]; only with cross traffic).
 *
 * Loss: --lossEvery=N drops every N-th data segment of each flow (one LossInjector per flow,
 * mode EveryNth, PayloadOnly: data segments only, never a SYN) on the receiver's receive
 * path, after the wire, before TCP; --lossRate=p drops each data segment with probability p
 * (mode Random, the injectors' streams fixed by --RngSeed/--RngRun). At most one of them.
 *
 * Web100 traces: --web100Interval=T > 0 (tcp=lfn only) samples every sending socket every T
 * with LfnTcpStatsLog; the rows go into the result file as series web100Flow<i> (columns
 * time (s), state (TcpStates_t number), congState (TcpCongState_t number), cwnd, ssthresh,
 * pipe, rwnd (B), srtt, rttvar, rto (ms), bytesAcked, bytesReceived, segmentsSent,
 * retransmits, fastRetransmits, dupAcksIn, timeouts, sackBlocksRcvd) - one result file,
 * nothing else written.
 *
 * Interval reports: --reportInterval=T > 0 (iperf -i T) adds the series intervals (time (s) at
 * each interval's end, goodput (Mb/s) of all flows over it, from t = 0) and the metric
 * peakGoodput, the best full interval (IntervalGoodput (1)): "wire rate in the first 10 s" is
 * the peakGoodput of a 10 s run at T = 1 s.
 *
 * Flags (defaults): --tcp=lfn --congestion=TcpLinuxReno --recovery=linux --sender=none
 *   --receiver=none --tcpOffload=profile --bottleneckRate=1Gbps --accessRate=10Gbps --rtt=120ms
 *   --accessDelay=10us
 *   --queuePackets=0 (one BDP) --segmentSize=1448B --sndBuf=0B --rcvBuf=0B (sized for
 *   the path) --bufferSemantics=ns3 --rmemMax=131071B --wmemMax=131071B
 *   --rcvBufAutoTuning=false --autoTuningMax=174760B (the last four: LfnTcpSocket's
 *   attribute defaults, Linux 2.6's values) --sack=on --timestamps=on --windowScaling=on
 *   --delAckCount=2 --linuxReceiver=false --initialCwnd=10 --initialSsThresh=0B (none) --flows=1
 *   --startSpread=0s --duration=10s --warmup=0s --lossRate=0 --lossEvery=0 --web100Interval=0s
 *   --reportInterval=0s --txQueueLen=0 (the profiles');
 *   `--help` explains each and lists the rules between them.
 *
 * Metrics: goodput (all flows, Mb/s) and goodputFlow<i> (from the warmup, BulkFlows (2));
 *   bytesReceived (all, B) and bytesReceivedFlow<i> (the whole run); retransmits, timeouts,
 * fastRetransmits (sums over the senders; with tcp=lfn from LfnTcpSocket::GetStats, with tcp=ns3
 * from TcpSocketBase's Retransmission trace and its CongState changes to CA_LOSS and CA_RECOVERY);
 * lostRetransmits (retransmissions found lost from SACKs within a recovery, LfnTcpSocket (8e), in
 *   segments; 0 with tcp=ns3, which finds them only by the timeout); undos (recoveries and
 *   timeouts taken back because an ACK echoed a time stamp older than the first
 *   retransmission, LfnTcpSocket (13): Linux's TCPFullUndo + TCPPartialUndo + TCPLossUndo;
 *   0 with tcp=ns3, which has no undo); sendStalls (segments held because the sender's own
 *   queue discipline was full, LfnTcpSocket (14): Web100's SendStall; 0 with tcp=ns3, whose
 *   segments the queue drops: senderQueueDrops); maxCwnd (B, largest over
 *   flows and time); tcpBytesWritten and tcpBytesUnacknowledged (B: what the senders
 *   wrote, what their sockets hold unacknowledged at the end; BulkFlows (3));
 *   jainFairness (Jain's index of the per-flow goodputs, 1/flows .. 1);
 *   packetsDropped (loss injectors), bottleneckDrops (router queue), senderQueueDrops
 *   (sender's queue discipline); recoveries and recoveryTime (s): for each loss-induced
 *   window reduction of a flow - its congestion state entering CA_RECOVERY (fast
 *   retransmit) or CA_LOSS (timeout), from the sockets' CongState trace - the time until
 *   its cwnd (CongestionWindow trace) first regains the value it had just before the
 *   reduction; recoveries counts the completed ones over all flows, recoveryTime is their
 *   mean (left out when none completed). A reduction not made up by the end of the run is
 *   not counted. (With tcp=ns3 and an algorithm that sets cwnd itself - CongControl, e.g.
 *   BBR - the recovery algorithm does not cut cwnd, so a recovery may complete at once.)
 *   With a host profile, per modelled end (Sender, Receiver; HostCounters over the whole
 *   run): cpuUtilisation, busUtilisation, memoryBusUtilisation (hosts with a memory bus),
 *   rxRingDrops (frames dropped at the NIC's full receive ring), interruptRate (1/s),
 *   packetsPerInterrupt.
 *   Derived: bdp (B), queueCapacity (packets), goodputCeiling
 *   (bottleneckRate x segmentSize / (segmentSize + 54 B), Mb/s), sndBufEffective,
 *   rcvBufEffective, maxAdvertisedWindow (B; see Buffers for hosts with a kernel).
 *   Series (with --web100Interval): web100Flow<i>; with --reportInterval, intervals and the
 *   metric peakGoodput (Mb/s).
 *   maxCwnd can exceed the window: with both TCPs cwnd keeps growing while the flow is
 *   limited by the receive window or the send buffer.
 *
 * Fidelity: --fidelity=packet (the default) simulates every segment and ACK as above;
 * --fidelity=round runs the flow as a RoundTcpFlow (model/tcp: one step per round trip,
 * the same congestion-control and recovery objects driven ACK by ACK, the bottleneck's
 * queue and the loss injection as equations) through RoundLevelFlows, with the same flags,
 * sizing and metric names; it models one flow between bare ends without cross traffic and
 * with a fixed receive window, and refuses the rest in one line; --tcp and --accessDelay
 * have no part in it (one TCP, --rtt the whole round trip's propagation). Metrics of
 * mechanisms it has not (lostRetransmits, undos, sendStalls, senderQueueDrops,
 * tcpBytesWritten, tcpBytesUnacknowledged) are left out, and web100Flow1 has the columns it
 * can fill; --lossRate draws as the injector does, one number per arriving segment, so a
 * seed drops the same segments at both fidelities. It is hundreds of times faster (bench
 * wan-round: 505x on the MB-NG loss point); where its error is larger than 5 % is in
 * docs/modules/tcp.md (the error maps), and a run in such a region says so in a one-line
 * warning with the error measured there.
 *
 * Cost: --tcp=ns3 keeps one list item per segment in flight (bench tcp-window), so large
 * windows are slow: the defaults (1 Gb/s, 120 ms, a 29 MB window) simulate 10 s in about 16 s
 * of wall time with lfn and take more than 10 minutes with ns3.
 *
 * Run:  hybridnet run wan-bulk-transfer --rtt=120ms --congestion=TcpHighSpeed --duration=10s
 *   or: build/bin/wan-bulk-transfer --rtt=6ms --lossEvery=25000 --output=wan-bulk-transfer.json
 */
#include "hybridnet/impairment-module.h"
#include "hybridnet/tcp-module.h"
#include "hybridnet/testbed-module.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/traffic-control-module.h"

#include <algorithm>
#include <deque>
#include <string>
#include <vector>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

constexpr uint32_t kMaxFlows = 16;
constexpr uint64_t kMaxWeb100Rows = 1000000; //!< samples per flow

/** The scenario's own flags (the TCP flags are the testbed's WanTcpFlags). */
struct Options
{
    WanPath::Shape path;
    uint32_t flows{1};
    Time startSpread{Seconds(0)};
    Time duration{Seconds(10)};
    Time warmup{Seconds(0)};
    double lossRate{0};
    uint64_t lossEvery{0};
    Time web100Interval{Seconds(0)};
    Time reportInterval{Seconds(0)};
    std::string fidelity{"packet"};
};

/** Register the flows' flags (count, start, duration, loss, traces) and the rules. */
void
AddFlowFlags(ScenarioFlags& flags, Options& o, const WanTcpFlags& tcp)
{
    flags.AddCount(
        "flows",
        "parallel TCP streams from sender to receiver (destination ports 5001, 5002, ...)",
        &o.flows,
        1,
        kMaxFlows);
    flags.AddTime("startSpread",
                  "flow i starts (i - 1) x startSpread after the first",
                  &o.startSpread,
                  Seconds(0),
                  Hours(1));
    flags.AddTime("duration",
                  "simulated time; every flow writes until then",
                  &o.duration,
                  MilliSeconds(1),
                  Hours(1));
    flags.AddTime("warmup",
                  "goodputs count from max(flow start, warmup): leaves out slow start",
                  &o.warmup,
                  Seconds(0),
                  Hours(1));
    flags.AddReal("lossRate",
                  "probability that a data segment is dropped on the receiver's receive path "
                  "(LossInjector Random, per flow); 0: none",
                  &o.lossRate,
                  0,
                  1,
                  "");
    flags.AddCount("lossEvery",
                   "drop every N-th data segment of each flow on the receiver's receive path "
                   "(LossInjector EveryNth; MB-NG: 25000, DataTAG: 1000000); 0: none",
                   &o.lossEvery,
                   0,
                   4294967295ULL);
    flags.AddTime("web100Interval",
                  "sample every sending LfnTcpSocket this often (LfnTcpStatsLog) into the "
                  "result's series web100Flow<i> (tcp=lfn only); 0s: off",
                  &o.web100Interval,
                  Seconds(0),
                  Hours(1));
    flags.AddTime("reportInterval",
                  "iperf -i: the flows' goodput over each interval of this length from t = 0 "
                  "into the series intervals, the best full one into the metric peakGoodput; "
                  "0s: off",
                  &o.reportInterval,
                  Seconds(0),
                  Hours(1));
    flags.AddConstraint("fidelity round models one flow (flows 1)",
                        [&o]() { return o.fidelity == "packet" || o.flows == 1; });
    flags.AddConstraint("lossRate and lossEvery are not both given (one loss model)",
                        [&o]() { return o.lossRate == 0 || o.lossEvery == 0; });
    flags.AddConstraint("(flows - 1) x startSpread < duration",
                        [&o]() { return o.startSpread * (o.flows - 1) < o.duration; });
    flags.AddConstraint("warmup < duration", [&o]() { return o.warmup < o.duration; });
    flags.AddConstraint("web100Interval is 0s with tcp ns3 (Web100 traces need LfnTcpSocket)",
                        [&o, &tcp]() { return tcp.IsLfn() || o.web100Interval.IsZero(); });
    flags.AddConstraint("reportInterval is 0s with fidelity round",
                        [&o]() { return o.fidelity == "packet" || o.reportInterval.IsZero(); });
    flags.AddConstraint("duration / reportInterval <= 1000000 intervals", [&o]() {
        return o.reportInterval.IsZero() ||
               o.duration.GetTimeStep() / o.reportInterval.GetTimeStep() <=
                   static_cast<int64_t>(kMaxWeb100Rows);
    });
    flags.AddConstraint("duration / web100Interval <= 1000000 samples per flow", [&o]() {
        return o.web100Interval.IsZero() ||
               o.duration.GetTimeStep() / o.web100Interval.GetTimeStep() <=
                   static_cast<int64_t>(kMaxWeb100Rows);
    });
}

/** The receiver's loss injectors: one per flow, every N-th or random p of its data segments. */
struct Losses
{
    LossInjectorHelper helper;
    std::vector<Ptr<LossInjector>> injectors;
    bool active{false};

    explicit Losses(const Options& o)
        : active(o.lossEvery != 0 || o.lossRate > 0)
    {
        helper.SetAttribute("Protocol", UintegerValue(6));
        helper.SetAttribute("PayloadOnly", BooleanValue(true));
        if (o.lossEvery != 0)
        {
            helper.SetAttribute("Mode", EnumValue(LossInjector::EVERY_NTH));
            helper.SetAttribute("Interval", UintegerValue(o.lossEvery));
        }
        else
        {
            helper.SetAttribute("Mode", EnumValue(LossInjector::RANDOM));
            helper.SetAttribute("LossRate", DoubleValue(o.lossRate));
        }
    }

    /** An injector for the flow to @p port on @p receiver's receive path. */
    void Add(Ptr<Node> receiver, uint16_t port)
    {
        if (active)
        {
            helper.SetAttribute("DestinationPort", UintegerValue(port));
            injectors.push_back(helper.Install(receiver, LossInjector::RECEIVE));
        }
    }

    /** @return the segments dropped */
    uint64_t GetDropped() const
    {
        uint64_t dropped = 0;
        for (const auto& injector : injectors)
        {
            dropped += injector->GetDropped();
        }
        return dropped;
    }
};

/** Per-flow and total goodput, bytes, recoveries and fairness (see the file header). */
void
WriteFlowMetrics(ResultDocument& result, const BulkFlows& flows, const Options& o)
{
    std::vector<double> goodputs;
    Time recoveryTimeSum;
    uint64_t recoveries = 0;
    for (size_t i = 0; i < flows.GetN(); ++i)
    {
        const std::string flow = "Flow" + std::to_string(i + 1);
        const uint64_t bytes = flows.GetSink(i)->GetTotalRx();
        goodputs.push_back(flows.GetGoodput(i, o.duration));
        result.SetMetric("goodput" + flow, goodputs.back(), "Mb/s");
        result.SetMetric("bytesReceived" + flow, double(bytes), "B");
        recoveryTimeSum += flows.GetProbe(i).GetRecoveryTimeSum();
        recoveries += flows.GetProbe(i).GetRecoveries();
    }
    result.SetMetric("goodput", flows.GetAggregateGoodput(o.duration), "Mb/s");
    result.SetMetric("bytesReceived", double(flows.GetBytesReceived()), "B");
    flows.WriteTcpTotals(result);
    result.SetMetric("recoveries", double(recoveries), "");
    if (recoveries > 0)
    {
        result.SetMetric("recoveryTime", recoveryTimeSum.GetSeconds() / recoveries, "s");
    }
    if (auto jain = BulkFlows::JainIndex(goodputs))
    {
        result.SetMetric("jainFairness", *jain, "");
    }
}

/** The run at --fidelity=round: one RoundTcpFlow, the packet level's metrics and sizing. */
int
RunRoundLevel(Scenario& scenario, const Options& o, const WanTcpFlags& tcp, const WanEndHosts& ends)
{
    const WanPathSizing sizing =
        tcp.SizePath(o.path.bottleneckRate, o.path.rtt, o.path.queuePackets);
    RoundLevelFlows flows(o.path.bottleneckRate,
                          o.path.accessRate,
                          tcp,
                          sizing,
                          {o.lossEvery, o.lossRate},
                          {{o.path.rtt, Seconds(0)}});
    if (const std::string known = flows.GetKnownError(); !known.empty())
    {
        scenario.Warn("fidelity round: " + known);
    }
    flows.Start(o.warmup, o.web100Interval, RoundLevelFlows::Columns::WEB100);
    scenario.Run(o.duration);
    auto& result = scenario.Result();
    flows.WriteSingleFlow(result, o.duration);
    flows.WriteTotals(result);
    ends.WriteSizing(result, sizing, tcp.IsLfn());
    return scenario.Finish();
}

} // namespace

int
main(int argc, char* argv[])
{
    Scenario scenario("wan-bulk-transfer",
                      "bulk TCP flows (1-16 parallel streams, any congestion control, "
                      "hybridnet's or ns-3's TCP) over a WAN path with one bottleneck, "
                      "kernel-style loss and Web100 traces");
    WanTcpFlags tcp; // tcp, congestion, recovery and the socket flags
    WanEndHosts ends;
    Options o;
    auto& flags = scenario.Flags();
    tcp.AddStackFlags(flags, "both hosts", false);
    ends.AddFlags(flags, "the sending host");
    WanPath::AddFlags(flags, o.path);
    CrossTraffic cross;
    flags.AddConstraint(
        "4 x accessDelay <= rtt with a receiver profile or cross traffic (two access links)",
        [&]() {
            return !(ends.IsModelled(WanEndHosts::RECEIVER) || cross.IsActive()) ||
                   o.path.accessDelay * 4 <= o.path.rtt;
        });
    tcp.AddSocketFlags(flags, "the path", true);
    AddFlowFlags(flags, o, tcp);
    cross.AddFlags(flags, tcp, o.duration, o.path.accessRate);
    RoundLevelFlows::AddFlags(flags, &o.fidelity, tcp, ends, cross);
    flags.AddInputCheck([&]() { return tcp.ResolveCongestion(1); });
    if (auto exitCode = scenario.Parse(argc, argv))
    {
        return *exitCode;
    }
    if (o.fidelity == "round")
    {
        return RunRoundLevel(scenario, o, tcp, ends);
    }

    // The queue and the buffers sized for the path (WanPathSizing); both TCPs read
    // TcpL4Protocol's and TcpSocket's attributes.
    const WanPathSizing sizing =
        tcp.SizePath(o.path.bottleneckRate, o.path.rtt, o.path.queuePackets);
    tcp.SetCongestionDefault();
    tcp.SetDefaults(sizing);
    WanPath path(o.path, tcp, ends, sizing.GetMtu(), &cross);
    QueueDrops bottleneckDrops;
    QueueDrops senderQueueDrops;
    path.WatchQueues(bottleneckDrops, senderQueueDrops, sizing.GetQueuePackets());

    // Flows: a sink per port from t = 0, a BulkSend per flow from its start.
    BulkFlows flows(path.GetReceiver(),
                    path.GetReceiverAddress(),
                    std::min<uint64_t>(tcp.GetSegmentSize(), sizing.GetSndBufEffective()),
                    tcp.IsLfn());
    Losses losses(o);
    std::deque<Web100Log> web100(o.flows);
    for (uint32_t i = 0; i < o.flows; ++i)
    {
        flows.Add(path.GetSender(), o.startSpread * i);
        losses.Add(path.GetReceiver(), flows.GetPort(i));
        flows.AttachProbe(i, [&o, log = &web100[i]](Ptr<Socket> socket) {
            if (o.web100Interval.IsStrictlyPositive())
            {
                log->Start(DynamicCast<LfnTcpSocket>(socket), o.web100Interval);
            }
        });
    }
    flows.OpenGoodputWindows(o.warmup);
    cross.Start(std::min<uint64_t>(tcp.GetSegmentSize(), sizing.GetSndBufEffective()), tcp.IsLfn());
    const int64_t lossStreams = LossInjectorHelper::AssignStreams(losses.injectors, 0);
    const int64_t nicStreams = WanEndHosts::AssignStreams(
        NetDeviceContainer(path.GetSenderDevice(), path.GetReceiverDevice()),
        lossStreams);
    cross.AssignStreams(lossStreams + nicStreams);
    HostCounters counters = path.GetHostCounters(ends);
    counters.Schedule(Seconds(0), o.duration);
    IntervalGoodput intervals;
    if (o.reportInterval.IsStrictlyPositive())
    {
        intervals.Start(o.reportInterval, o.duration, [&flows]() {
            return flows.GetBytesReceived();
        });
    }

    scenario.Run(o.duration);

    auto& result = scenario.Result();
    WriteFlowMetrics(result, flows, o);
    result.SetMetric("packetsDropped", double(losses.GetDropped()), "");
    result.SetMetric("bottleneckDrops", double(bottleneckDrops.Get()), "");
    result.SetMetric("senderQueueDrops", double(senderQueueDrops.Get()), "");
    ends.WriteSizing(result, sizing, tcp.IsLfn());
    counters.WriteTo(result);
    cross.WriteTo(result, o.duration);
    if (o.reportInterval.IsStrictlyPositive())
    {
        intervals.WriteTo(result);
    }
    for (uint32_t i = 0; i < o.flows; ++i)
    {
        web100[i].Stop(); // while the simulator exists
        auto columns = web100[i].GetColumns();
        if (!columns.empty() && o.web100Interval.IsStrictlyPositive())
        {
            result.SetSeries("web100Flow" + std::to_string(i + 1), columns);
        }
    }
    return scenario.Finish();
}
