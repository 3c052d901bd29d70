/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * wan-shared-bottleneck: N bulk TCP flows (1-16), each from its own sender host over its
 * own access link, so with its own round-trip time and its own congestion control, sharing
 * one bottleneck: a dumbbell, for the TCP sharing tests of the high-speed TCP studies
 * (shared reference high-speed-tcp-wan.md: SLAC to Caltech / U. Florida / CERN, 10 / 80 /
 * 180 ms, two flows of one stack for convergence and fairness, flows of different RTT for
 * RTT unfairness). It follows wan-bulk-transfer (same flags, buffer rules, TCPs and
 * metric names); what differs is one RTT and one congestion control per flow.
 *
 *     sender 1 --- access 1 (rtts[1]/2 - bottleneckDelay) --+
 *     10.1.1.1                                              |
 *     sender 2 --- access 2 (rtts[2]/2 - bottleneckDelay) --+-- router ------------ receiver
 *     10.1.2.1                                              |    bottleneck queue   (PacketSink
 *       ...                                                 |    (queuePackets)      x flows,
 *     sender N --- access N (rtts[N]/2 - bottleneckDelay) --+    bottleneckRate,     ports
 *     10.1.N.1             accessRate                            bottleneckDelay     5001..)
 *                                                                10.2.0.0/24
 *
 * One receiver host with one PacketSink per flow (port 5000 + i) stands behind the
 * bottleneck: the flows meet only in the router's bottleneck queue (their ACKs share the
 * uncongested reverse link). Links are ns-3 point-to-point links (2 B PPP header) whose IP
 * MTU is segmentSize + 52 B. Flow i's round-trip propagation delay is rtts[i]: its access
 * link has rtts[i]/2 - bottleneckDelay one way, the bottleneck link bottleneckDelay, so no
 * RTT may be below 2 x bottleneckDelay. The router's bottleneck port is a drop-tail FIFO of
 * --queuePackets packets with its traffic-control layer removed, and its other ports queue
 * in their device queues, as in wan-bulk-transfer; every host in Linux's pfifo_fast.
 * queuePackets 0 means one BDP of the longest path (bottleneckRate x max(rtts) /
 * (segmentSize + 52 B)), the queue with which even the longest flow alone keeps the link
 * busy through a halving.
 *
 * End hosts (WanEndHosts, as in wan-bulk-transfer): --sender (every sender) and --receiver
 * name a host profile or none (the default: the bare nodes above). A sender with a profile
 * is a host model whose NIC is cabled by Ethernet to the router on its access link; a
 * receiver with a profile sits behind a second router on an Ethernet link of accessRate
 * with no propagation delay (10.3.0.1), so every RTT stays rtts[i]. With --tcp=lfn an end
 * whose profile has a kernel section runs that kernel, the TCP flags given values other
 * than their defaults overriding it, as in wan-bulk-transfer.
 *
 * Cross traffic (CrossTraffic, the flags of wan-bulk-transfer: --crossFlows,
 * --crossCongestion, --crossUdpRate, --crossUdpSources, --crossUdpPeak, --crossUdpBurst,
 * --crossUdpPattern, --crossStart): from a cross host on its own access link to the router
 * (--crossRtt / 2 - bottleneckDelay; --crossRtt 0s: the longest flow's RTT) to one behind
 * the far router, which the dumbbell then always has (a bare receiver behind it on a link of
 * no delay, as a modelled one). Metrics crossTcpGoodput, crossUdpOffered, crossUdpGoodput
 * (only with cross traffic).
 *
 * TCP: --tcp=lfn installs LfnTcpHelper (LfnTcpSocket) on every host, --tcp=ns3 keeps ns-3's
 * TcpSocketBase. Congestion control is per sender host: each sender's TcpL4Protocol gets
 * its own SocketType, so flow i runs congestion[i] (--congestion: one name for all flows
 * or one per flow, full TypeId or short name, as in wan-bulk-transfer). The receiver's is
 * irrelevant (it only acknowledges). Socket attributes come from the flags through
 * Config::SetDefault exactly as in wan-bulk-transfer (the same WanTcpFlags, model/tcp/helper,
 * registers, checks and applies them), including the initial window initialCwnd x
 * segmentSize and the initial slow-start threshold initialSsThresh of every flow; only the
 * receive-buffer autotuning flags are wan-bulk-transfer's alone.
 *
 * Buffers: --sndBuf and --rcvBuf as in wan-bulk-transfer, the same for every flow; 0B means
 * sized for the longest path (WanPathSizing, model/tcp/helper):
 * W = (floor(BDP / (segmentSize + 54 B)) + queue) x segmentSize with BDP = bottleneckRate x
 * max(rtts) / 8, then rcvBuf = W and sndBuf = 2 W (ns3 semantics) or rcvBuf = ceil(2 W / 3)
 * and sndBuf = W (linux: LfnTcpSocket doubles the value and advertises 3/4 of it); the
 * kernel maxima --rmemMax, --wmemMax still clip with linux.
 * So no flow is window-limited below what one flow could use alone: every flow is limited by
 * its congestion control, which is what a sharing test compares.
 *
 * Phases: the receiver listens from t = 0; flow i starts at starts[i] (--starts, one time
 * per flow) or at (i - 1) x startSpread, and writes without limit until t = duration. Its
 * goodput counts the payload delivered to its sink from max(start, warmup) to duration, so
 * --warmup leaves out the convergence phase.
 *
 * Sampling: --web100Interval=T > 0 samples every flow every T from its start into series
 * web100Flow<i> with columns time (s), cwnd, ssthresh (B), srtt (ms), delivered (B, payload
 * delivered to flow i's sink so far): the Web100 variables CurCwnd, CurSsthresh and
 * SmoothedRTT of the study's plots, as the socket's trace sources last reported them, so
 * with both TCPs; 0 before the first report (the handshake; with tcp=ns3 ssthresh is
 * first reported at the first loss).
 *
 * Fidelity: --fidelity=packet (the default) simulates every segment and ACK as above;
 * --fidelity=round runs each flow as a RoundTcpFlow (model/tcp: one step per round trip,
 * the same congestion-control object) and the flows on one RoundTcpBottleneck (the queue
 * they stand in from their windows, RoundTcpBottleneck (6); a flow's growth that meets the
 * full queue loses, and windows beyond what the full queue holds lose their share, (7)),
 * through RoundLevelFlows, with the same flags, sizing, metric names and series; it needs
 * bare ends, no cross traffic and a fixed receive window, and refuses the rest in one line;
 * --tcp, --recovery and --bottleneckDelay have no part in it (flow i's round trip is
 * rtts[i]). Metrics of mechanisms it has not (lostRetransmits, undos, sendStalls,
 * tcpBytesWritten, tcpBytesUnacknowledged) are left out. Where a round's growth meets the
 * queue is drawn from the run's stream. It is hundreds of times faster (bench shared-round:
 * 877x); its errors against packet level (docs/modules/tcp.md, the sharing map): the link's
 * use within 1 %, the flows' split not (Jain's index within 0.05 at 17 of 20 equal-RTT
 * points, -0.08 to +0.12 with unequal RTTs), which a round-level run with several flows
 * says in a one-line warning.
 *
 * Flags (defaults): --tcp=lfn --congestion=TcpLinuxReno --recovery=linux --sender=none
 *   --receiver=none --flows=3
 *   --rtts=10ms,80ms,180ms --bottleneckRate=1Gbps --accessRate=10Gbps --bottleneckDelay=1ms
 *   --queuePackets=0 --segmentSize=1448B --sndBuf=0B --rcvBuf=0B --bufferSemantics=ns3
 *   --rmemMax=131071B --wmemMax=131071B --sack=on --timestamps=on --windowScaling=on
 *   --delAckCount=2 --linuxReceiver=false --initialCwnd=10 --initialSsThresh=0B (none)
 *   --startSpread=0s --starts= --duration=10s --warmup=0s --web100Interval=0s
 *   --fidelity=packet; `--help` explains each and lists the rules between them.
 *
 * Metrics: goodputFlow<i> (Mb/s, see Phases), bytesReceivedFlow<i> (B, from the start),
 *   shareFlow<i> (goodputFlow<i> / sum of goodputFlow), goodputRatioFlow<i> for i >= 2
 *   (goodputFlow1 / goodputFlow<i>: with rtts ascending, how much the shortest-RTT flow gets
 *   more than flow i; left out when flow i got nothing), rttFlow<i> (ms, the configured
 *   propagation RTT), goodput (Mb/s: all flows' payload delivered from the first flow's
 *   max(start, warmup) to duration, over that time), jainFairness (Jain's index
 *   (sum x)^2 / (n sum x^2) of the goodputFlow<i>, 1/flows .. 1), maxMinRatio (largest over
 *   smallest goodputFlow; left out when a flow got nothing), utilization (goodput /
 *   goodputCeiling), goodputCeiling (bottleneckRate x segmentSize / (segmentSize + 54 B)),
 *   retransmits, timeouts, fastRetransmits, lostRetransmits, undos, sendStalls (sums over the
 *   senders, as in wan-bulk-transfer), maxCwnd (B), tcpBytesWritten and
 *   tcpBytesUnacknowledged (B, BulkFlows (3)), bottleneckDrops, queueCapacity (packets), bdp
 *   (B, of the longest path), sndBufEffective, rcvBufEffective, maxAdvertisedWindow (B; each
 *   left out when its end runs its profile's kernel, which sets and grows the buffers); with
 *   host profiles, per modelled host (Sender<i>, Receiver; over the whole run)
 *   cpuUtilisation, busUtilisation, memoryBusUtilisation (hosts with a memory bus),
 *   rxRingDrops, interruptRate (1/s), packetsPerInterrupt (HostCounters).
 *   Series (with --web100Interval): web100Flow<i>.
 *
 * Run:  hybridnet run wan-shared-bottleneck --bottleneckRate=100Mbps --duration=60s
 *   or: build/bin/wan-shared-bottleneck --flows=2 --rtts=80ms --starts=0s,10s
 *         --congestion=TcpHighSpeedLinux --web100Interval=100ms --output=shared.json
 */
#include "hybridnet/tcp-module.h"
#include "hybridnet/testbed-module.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/traffic-control-module.h"

#include <algorithm>
#include <functional>
#include <memory>
#include <string>
#include <vector>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

constexpr uint32_t kMaxFlows = 16;
constexpr uint64_t kMaxSamples = 1000000; //!< web100 samples per flow

/** The scenario's own flags (the TCP flags are the testbed's WanTcpFlags). */
struct Options
{
    uint32_t flows{3};
    std::string rttList{"10ms,80ms,180ms"};
    DataRate bottleneckRate{"1Gbps"};
    DataRate accessRate{"10Gbps"};
    Time bottleneckDelay{MilliSeconds(1)};
    uint32_t queuePackets{0};
    Time startSpread{Seconds(0)};
    std::string startList;
    Time duration{Seconds(10)};
    Time warmup{Seconds(0)};
    Time web100Interval{Seconds(0)};
    Time crossRtt{Seconds(0)}; //!< --crossRtt (0: the longest flow's)
    std::string fidelity{"packet"};
    std::vector<Time> rtts;   //!< one per flow, from rttList (input check)
    std::vector<Time> starts; //!< one per flow, from startList or startSpread (input check)
};

/** Register the flows' and the dumbbell's flags. */
void
AddPathFlags(ScenarioFlags& flags, Options& o)
{
    flags.AddCount("flows",
                   "TCP flows, each from its own sender host (destination ports 5001, 5002, ...)",
                   &o.flows,
                   1,
                   kMaxFlows);
    flags.AddText("rtts",
                  "round-trip propagation delay of each flow's path: one time for all flows or "
                  "a comma-separated list, one per flow (SLAC to Caltech, U. Florida, CERN: "
                  "10ms,80ms,180ms); each at least 2 x bottleneckDelay and at most 2s",
                  &o.rttList,
                  "times with units separated by commas (10ms,80ms,180ms)",
                  [](const std::string& text) { return !text.empty(); });
    flags.AddDataRate("bottleneckRate",
                      "rate of the router's port to the receiver, the shared bottleneck",
                      &o.bottleneckRate,
                      DataRate("1Mbps"),
                      DataRate("40Gbps"));
    flags.AddDataRate("accessRate",
                      "rate of each sender's access link to the router (at least bottleneckRate)",
                      &o.accessRate,
                      DataRate("1Mbps"),
                      DataRate("40Gbps"));
    flags.AddTime("bottleneckDelay",
                  "one-way propagation delay of the bottleneck link, shared by every flow; "
                  "flow i's access link has rtts[i]/2 - bottleneckDelay",
                  &o.bottleneckDelay,
                  Seconds(0),
                  Seconds(1));
    flags.AddCount("queuePackets",
                   "drop-tail queue of the router's bottleneck port in packets; 0: one BDP of "
                   "the longest path (bottleneckRate x max(rtts) / (segmentSize + 52B), at "
                   "least 1)",
                   &o.queuePackets,
                   0,
                   10000000);
}

/** Register the timing flags and the rules between the flags. */
void
AddTimingFlags(ScenarioFlags& flags, Options& o)
{
    flags.AddTime("startSpread",
                  "flow i starts (i - 1) x startSpread after the first (unless --starts)",
                  &o.startSpread,
                  Seconds(0),
                  Hours(1));
    flags.AddText("starts",
                  "start time of each flow, a comma-separated list, one per flow (replaces "
                  "startSpread); empty: (i - 1) x startSpread",
                  &o.startList,
                  "times with units separated by commas (0s,10s)",
                  [](const std::string&) { return true; });
    flags.AddTime("duration",
                  "simulated time; every flow writes until then",
                  &o.duration,
                  MilliSeconds(1),
                  Hours(1));
    flags.AddTime("warmup",
                  "goodputs count from max(flow start, warmup): leaves out convergence",
                  &o.warmup,
                  Seconds(0),
                  Hours(1));
    flags.AddTime("web100Interval",
                  "sample cwnd, ssthresh, srtt and bytes delivered of every flow this often "
                  "into series web100Flow<i>; 0s: off",
                  &o.web100Interval,
                  Seconds(0),
                  Hours(1));
    flags.AddConstraint("accessRate >= bottleneckRate",
                        [&o]() { return o.accessRate >= o.bottleneckRate; });
    flags.AddConstraint("startSpread is 0s when starts is given",
                        [&o]() { return o.startList.empty() || o.startSpread.IsZero(); });
    flags.AddConstraint("(flows - 1) x startSpread < duration",
                        [&o]() { return o.startSpread * (o.flows - 1) < o.duration; });
    flags.AddConstraint("warmup < duration", [&o]() { return o.warmup < o.duration; });
    flags.AddConstraint("duration / web100Interval <= 1000000 samples per flow", [&o]() {
        return o.web100Interval.IsZero() ||
               o.duration.GetTimeStep() / o.web100Interval.GetTimeStep() <=
                   static_cast<int64_t>(kMaxSamples);
    });
}

/**
 * @param text a list of times, one or @p flows items
 * @param flows the number of flows
 * @param flag the flag's name, for the message
 * @param[out] times one time per flow (a single item is repeated)
 * @return "" or the one-line problem
 */
std::string
ParseTimes(const std::string& text,
           uint32_t flows,
           const std::string& flag,
           std::vector<Time>* times)
{
    const auto items = WanTcpFlags::SplitList(text);
    if (items.size() != 1 && items.size() != flows)
    {
        return "--" + flag + ": " + std::to_string(items.size()) + " values for " +
               std::to_string(flows) + " flows (give one value, or one per flow)";
    }
    times->clear();
    for (const auto& item : items)
    {
        std::string problem;
        const auto t = ParseTime(item, &problem);
        if (!t)
        {
            return "--" + flag + ": " + problem;
        }
        times->push_back(*t);
    }
    times->resize(flows, times->front());
    return "";
}

/** The input check of --rtts and --starts: fills o.rtts and o.starts. @return "" or the problem */
std::string
CheckTimes(Options& o)
{
    if (auto problem = ParseTimes(o.rttList, o.flows, "rtts", &o.rtts); !problem.empty())
    {
        return problem;
    }
    for (uint32_t i = 0; i < o.flows; ++i)
    {
        if (o.rtts[i] < o.bottleneckDelay * 2 || o.rtts[i] > Seconds(2))
        {
            return "--rtts: flow " + std::to_string(i + 1) + "'s " + FormatTime(o.rtts[i]) +
                   " is outside 2 x bottleneckDelay (" + FormatTime(o.bottleneckDelay * 2) +
                   ") to 2s";
        }
    }
    o.starts.clear();
    for (uint32_t i = 0; i < o.flows; ++i)
    {
        o.starts.push_back(o.startSpread * i);
    }
    if (o.startList.empty())
    {
        return "";
    }
    const size_t given = WanTcpFlags::SplitList(o.startList).size();
    if (given != o.flows)
    {
        return "--starts: " + std::to_string(given) + " values for " + std::to_string(o.flows) +
               " flows (give one per flow)";
    }
    if (auto problem = ParseTimes(o.startList, o.flows, "starts", &o.starts); !problem.empty())
    {
        return problem;
    }
    for (uint32_t i = 0; i < o.flows; ++i)
    {
        if (o.starts[i] >= o.duration)
        {
            return "--starts: flow " + std::to_string(i + 1) + " starts at " +
                   FormatTime(o.starts[i]) + ", not before duration " + FormatTime(o.duration);
        }
    }
    return "";
}

/**
 * The dumbbell: one sender per flow, the router, the receiver (behind a second router when
 * it is a host model), links and addresses.
 */
struct Dumbbell
{
    NodeContainer senders;
    NodeContainer hub{2};          //!< router, receiver
    Ptr<Node> farRouter;           //!< between the bottleneck and a modelled receiver
    NetDeviceContainer wan;        //!< the bottleneck
    NetDeviceContainer senderNics; //!< each sender's device
    NetDeviceContainer lastAccess; //!< farRouter - receiver (with a far router only)
    Ipv4Address receiverAddress;
    int64_t streams{0}; //!< random streams the NICs use

    /**
     * Build it: links of @p mtu, the end hosts of @p ends, TCP of @p tcp on them, the hosts
     * of @p cross if it is active, routes.
     */
    Dumbbell(const Options& o,
             const WanTcpFlags& tcp,
             const WanEndHosts& ends,
             uint32_t mtu,
             CrossTraffic& cross)
        : senders(o.flows)
    {
        PointToPointHelper wanLink;
        wanLink.SetDeviceAttribute("DataRate", DataRateValue(o.bottleneckRate));
        wanLink.SetDeviceAttribute("Mtu", UintegerValue(mtu));
        wanLink.SetChannelAttribute("Delay", TimeValue(o.bottleneckDelay));
        if (ends.IsModelled(WanEndHosts::RECEIVER) || cross.IsActive())
        {
            farRouter = CreateObject<Node>();
            wan = wanLink.Install(hub.Get(0), farRouter);
            lastAccess = ends.Cable(WanEndHosts::RECEIVER,
                                    hub.Get(1),
                                    farRouter,
                                    o.accessRate,
                                    Seconds(0),
                                    mtu);
        }
        else
        {
            wan = wanLink.Install(hub.Get(0), hub.Get(1));
        }
        std::vector<NetDeviceContainer> access;
        for (uint32_t i = 0; i < o.flows; ++i)
        {
            access.push_back(ends.Cable(WanEndHosts::SENDER,
                                        senders.Get(i),
                                        hub.Get(0),
                                        o.accessRate,
                                        o.rtts[i] / 2 - o.bottleneckDelay,
                                        mtu));
            senderNics.Add(access.back().Get(0));
        }
        streams =
            WanEndHosts::AssignStreams(NetDeviceContainer(senderNics, GetReceiverDevice()), 0);
        tcp.Install(senders, ends.GetKernel(WanEndHosts::SENDER));
        tcp.Install(hub.Get(1), ends.GetKernel(WanEndHosts::RECEIVER));
        InternetStackHelper().Install(NodeContainer(senders, hub));
        if (farRouter)
        {
            InternetStackHelper().Install(farRouter);
        }
        tcp.SetCongestion(senders); // per-host congestion control: flow i's on sender i
        ends.InstallQdisc(WanEndHosts::SENDER, senderNics);
        ends.InstallQdisc(WanEndHosts::RECEIVER, GetReceiverDevice());
        for (uint32_t i = 0; i < o.flows; ++i)
        {
            Ipv4AddressHelper(("10.1." + std::to_string(i + 1) + ".0").c_str(), "255.255.255.0")
                .Assign(access[i]);
        }
        receiverAddress = Ipv4AddressHelper("10.2.0.0", "255.255.255.0").Assign(wan).GetAddress(1);
        if (farRouter)
        {
            receiverAddress =
                Ipv4AddressHelper("10.3.0.0", "255.255.255.0").Assign(lastAccess).GetAddress(0);
        }
        if (cross.IsActive())
        {
            const Time rtt =
                o.crossRtt.IsZero() ? *std::max_element(o.rtts.begin(), o.rtts.end()) : o.crossRtt;
            cross.Build(hub.Get(0),
                        farRouter,
                        o.accessRate,
                        rtt / 2 - o.bottleneckDelay,
                        Seconds(0),
                        mtu,
                        tcp);
        }
        UseDeviceQueues(farRouter ? NodeContainer(hub.Get(0), farRouter) : hub.Get(0));
        Ipv4GlobalRoutingHelper::PopulateRoutingTables();
    }

    /** @return the receiving host's device */
    Ptr<NetDevice> GetReceiverDevice() const
    {
        return farRouter ? lastAccess.Get(0) : wan.Get(1);
    }

    /** @return the counters of the ends that are host models (HostCounters) */
    HostCounters GetCounters(const WanEndHosts& ends) const
    {
        NodeContainer hosts;
        NetDeviceContainer nics;
        std::vector<std::string> names;
        for (uint32_t i = 0; ends.IsModelled(WanEndHosts::SENDER) && i < senders.GetN(); ++i)
        {
            hosts.Add(senders.Get(i));
            nics.Add(senderNics.Get(i));
            names.push_back("Sender" + std::to_string(i + 1));
        }
        if (ends.IsModelled(WanEndHosts::RECEIVER))
        {
            hosts.Add(hub.Get(1));
            nics.Add(GetReceiverDevice());
            names.emplace_back("Receiver");
        }
        return HostCounters(hosts, nics, names);
    }
};

/**
 * The light Web100 series of one flow (both TCPs): every interval from its start, the
 * probe's cwnd, ssthresh and srtt and the bytes delivered to its sink.
 */
struct FlowSeries
{
    std::vector<ResultDocument::Column> columns{{"time", "s", {}},
                                                {"cwnd", "B", {}},
                                                {"ssthresh", "B", {}},
                                                {"srtt", "ms", {}},
                                                {"delivered", "B", {}}};

    /** Take a sample now and schedule the next, until @p end. */
    void Sample(const TcpSenderProbe* probe, Ptr<PacketSink> sink, Time interval, Time end)
    {
        const double values[] = {Simulator::Now().GetSeconds(),
                                 double(probe->GetCwnd()),
                                 double(probe->GetSsThresh()),
                                 probe->GetSrtt().GetSeconds() * 1e3,
                                 double(sink->GetTotalRx())};
        for (size_t c = 0; c < columns.size(); ++c)
        {
            columns[c].values.push_back(values[c]);
        }
        if (Simulator::Now() + interval < end)
        {
            Simulator::Schedule(interval, &FlowSeries::Sample, this, probe, sink, interval, end);
        }
    }
};

/** What both fidelities measure of each flow: goodput (Mb/s, see Phases) and bytes delivered. */
struct FlowGoodputs
{
    std::vector<double> goodputs;
    std::vector<double> bytes;
    double aggregate{0};
};

/** Per-flow goodputs and shares, the aggregate, fairness and utilisation (see the header). */
void
WriteSharing(ResultDocument& result, const FlowGoodputs& flows, const Options& o, double ceiling)
{
    const auto& goodputs = flows.goodputs;
    double sum = 0;
    for (size_t i = 0; i < goodputs.size(); ++i)
    {
        const std::string flow = "Flow" + std::to_string(i + 1);
        result.SetMetric("goodput" + flow, goodputs[i], "Mb/s");
        result.SetMetric("bytesReceived" + flow, flows.bytes[i], "B");
        result.SetMetric("rtt" + flow, o.rtts[i].GetSeconds() * 1e3, "ms");
        sum += goodputs[i];
    }
    for (size_t i = 0; i < goodputs.size(); ++i)
    {
        const std::string flow = "Flow" + std::to_string(i + 1);
        if (sum > 0)
        {
            result.SetMetric("share" + flow, goodputs[i] / sum, "");
        }
        if (i > 0 && goodputs[i] > 0)
        {
            result.SetMetric("goodputRatio" + flow, goodputs[0] / goodputs[i], "");
        }
    }
    result.SetMetric("goodput", flows.aggregate, "Mb/s");
    if (auto jain = BulkFlows::JainIndex(goodputs))
    {
        result.SetMetric("jainFairness", *jain, "");
    }
    const auto [low, high] = std::minmax_element(goodputs.begin(), goodputs.end());
    if (*low > 0)
    {
        result.SetMetric("maxMinRatio", *high / *low, "");
    }
    result.SetMetric("utilization", flows.aggregate / ceiling, "");
}

/** @return the flows' goodputs and bytes at @p end, from BulkFlows or RoundLevelFlows */
template <typename Flows>
FlowGoodputs
MeasureGoodputs(const Flows& flows, Time end, std::function<double(size_t)> bytes)
{
    FlowGoodputs measured;
    for (size_t i = 0; i < flows.GetN(); ++i)
    {
        measured.goodputs.push_back(flows.GetGoodput(i, end));
        measured.bytes.push_back(bytes(i));
    }
    measured.aggregate = flows.GetAggregateGoodput(end);
    return measured;
}

/** The run at --fidelity=round: one RoundTcpFlow per flow on one RoundTcpBottleneck. */
int
RunRoundLevel(Scenario& scenario,
              const Options& o,
              const WanTcpFlags& tcp,
              const WanEndHosts& ends,
              const WanPathSizing& sizing)
{
    std::vector<RoundLevelFlows::Flow> specs;
    for (uint32_t i = 0; i < o.flows; ++i)
    {
        specs.push_back({o.rtts[i], o.starts[i]});
    }
    RoundLevelFlows flows(o.bottleneckRate, o.accessRate, tcp, sizing, {}, specs);
    if (const std::string known = flows.GetKnownError(); !known.empty())
    {
        scenario.Warn("fidelity round: " + known);
    }
    flows.Start(o.warmup, o.web100Interval, RoundLevelFlows::Columns::SHARING);
    scenario.Run(o.duration);
    auto& result = scenario.Result();
    const auto measured = MeasureGoodputs(flows, o.duration, [&flows](size_t i) {
        return double(flows.GetBytesDelivered(i));
    });
    WriteSharing(result, measured, o, sizing.GetGoodputCeiling() / 1e6);
    flows.WriteTotals(result);
    ends.WriteSizing(result, sizing, tcp.IsLfn());
    return scenario.Finish();
}

} // namespace

int
main(int argc, char* argv[])
{
    Scenario scenario("wan-shared-bottleneck",
                      "1-16 bulk TCP flows, each with its own RTT and congestion control, "
                      "sharing one WAN bottleneck (dumbbell): convergence, fairness and RTT "
                      "unfairness");
    WanTcpFlags tcp; // tcp, congestion, recovery and the socket flags
    WanEndHosts ends;
    Options o;
    auto& flags = scenario.Flags();
    tcp.AddStackFlags(flags, "every host", true);
    ends.AddFlags(flags, "every sending host");
    AddPathFlags(flags, o);
    tcp.AddSocketFlags(flags, "the longest path (BDP of max(rtts))", false);
    AddTimingFlags(flags, o);
    CrossTraffic cross;
    cross.AddFlags(flags, tcp, o.duration, o.accessRate);
    flags.AddTime("crossRtt",
                  "round-trip propagation delay of the cross traffic's path (its host's access "
                  "link has crossRtt/2 - bottleneckDelay); 0s: the longest flow's",
                  &o.crossRtt,
                  Seconds(0),
                  Seconds(2));
    flags.AddConstraint("crossRtt is 0s or at least 2 x bottleneckDelay", [&o]() {
        return o.crossRtt.IsZero() || o.crossRtt >= o.bottleneckDelay * 2;
    });
    RoundLevelFlows::AddFlags(flags, &o.fidelity, tcp, ends, cross);
    flags.AddInputCheck([&]() {
        const std::string problem = CheckTimes(o);
        return problem.empty() ? tcp.ResolveCongestion(o.flows) : problem;
    });
    if (auto exitCode = scenario.Parse(argc, argv))
    {
        return *exitCode;
    }

    // Sized as in wan-bulk-transfer, for the longest path's BDP.
    const WanPathSizing sizing = tcp.SizePath(o.bottleneckRate,
                                              *std::max_element(o.rtts.begin(), o.rtts.end()),
                                              o.queuePackets);
    if (o.fidelity == "round")
    {
        return RunRoundLevel(scenario, o, tcp, ends, sizing);
    }
    tcp.SetDefaults(sizing);
    Dumbbell net(o, tcp, ends, sizing.GetMtu(), cross);
    HostCounters counters = net.GetCounters(ends);
    counters.Schedule(Seconds(0), o.duration);
    QueueDrops bottleneckDrops;
    bottleneckDrops.InstallBottleneck(net.wan.Get(0), sizing.GetQueuePackets());

    // Flows: a sink per port from t = 0, a BulkSend per sender from its start.
    BulkFlows flows(net.hub.Get(1),
                    net.receiverAddress,
                    std::min<uint64_t>(tcp.GetSegmentSize(), sizing.GetSndBufEffective()),
                    tcp.IsLfn());
    std::vector<FlowSeries> series(o.flows);
    for (uint32_t i = 0; i < o.flows; ++i)
    {
        flows.Add(net.senders.Get(i), o.starts[i]);
        flows.AttachProbe(i, [&o, &flows, s = &series[i], i](Ptr<Socket>) {
            if (o.web100Interval.IsStrictlyPositive())
            {
                s->Sample(&flows.GetProbe(i), flows.GetSink(i), o.web100Interval, o.duration);
            }
        });
    }
    flows.OpenGoodputWindows(o.warmup);

    cross.Start(std::min<uint64_t>(tcp.GetSegmentSize(), sizing.GetSndBufEffective()), tcp.IsLfn());
    cross.AssignStreams(net.streams);

    scenario.Run(o.duration);

    auto& result = scenario.Result();
    const auto measured = MeasureGoodputs(flows, o.duration, [&flows](size_t i) {
        return double(flows.GetSink(i)->GetTotalRx());
    });
    WriteSharing(result, measured, o, sizing.GetGoodputCeiling() / 1e6);
    flows.WriteTcpTotals(result);
    result.SetMetric("bottleneckDrops", double(bottleneckDrops.Get()), "");
    ends.WriteSizing(result, sizing, tcp.IsLfn());
    counters.WriteTo(result);
    cross.WriteTo(result, o.duration);
    for (uint32_t i = 0; i < o.flows && o.web100Interval.IsStrictlyPositive(); ++i)
    {
        result.SetSeries("web100Flow" + std::to_string(i + 1), series[i].columns);
    }
    return scenario.Finish();
}
