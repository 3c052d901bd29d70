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
 * --queuePackets packets with its traffic-control layer removed, as in wan-bulk-transfer;
 * 0 means one BDP of the longest path (bottleneckRate x max(rtts) / (segmentSize + 52 B)),
 * the queue with which even the longest flow alone keeps the link busy through a halving.
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
 * Flags (defaults): --tcp=lfn --congestion=TcpLinuxReno --recovery=classic --flows=3
 *   --rtts=10ms,80ms,180ms --bottleneckRate=1Gbps --accessRate=10Gbps --bottleneckDelay=1ms
 *   --queuePackets=0 --segmentSize=1448B --sndBuf=0B --rcvBuf=0B --bufferSemantics=ns3
 *   --rmemMax=131071B --wmemMax=131071B --sack=on --timestamps=on --windowScaling=on
 *   --delAckCount=2 --initialCwnd=10 --initialSsThresh=0B (none) --startSpread=0s
 *   --starts= --duration=10s --warmup=0s --web100Interval=0s; `--help` explains each and
 *   lists the rules between them.
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
 *   retransmits, timeouts, fastRetransmits (sums over the senders, as in
 *   wan-bulk-transfer), maxCwnd (B), bottleneckDrops, queueCapacity (packets), bdp (B, of
 *   the longest path), sndBufEffective, rcvBufEffective (B).
 *   Series (with --web100Interval): web100Flow<i>.
 *
 * Run:  hybridnet run wan-shared-bottleneck --bottleneckRate=100Mbps --duration=60s
 *   or: build/bin/wan-shared-bottleneck --flows=2 --rtts=80ms --starts=0s,10s
 *         --congestion=TcpHighSpeedLinux --web100Interval=100ms --output=shared.json
 */
#include "hybridnet/testbed-module.h"
#include "hybridnet/tcp-module.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/traffic-control-module.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <memory>
#include <string>
#include <vector>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

constexpr uint16_t kFirstPort = 5001;
constexpr uint32_t kMaxFlows = 16;
constexpr uint64_t kMaxSamples = 1000000; //!< web100 samples per flow

/**
 * @param text a list of times, one or @p flows items
 * @param flows the number of flows
 * @param flag the flag's name, for the message
 * @param[out] times one time per flow (a single item is repeated)
 * @return "" or the one-line problem
 */
std::string
ParseTimes(const std::string& text, uint32_t flows, const std::string& flag,
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

/** What the trace sinks know of one sending connection. */
struct FlowState
{
    uint32_t cwnd{0};            //!< bytes, latest
    uint32_t ssthresh{0};        //!< bytes, latest
    Time srtt;                   //!< latest smoothed RTT
    uint32_t maxCwnd{0};         //!< bytes
    uint64_t retransmits{0};     //!< tcp=ns3: Retransmission trace
    uint64_t timeouts{0};        //!< tcp=ns3: CongState -> CA_LOSS
    uint64_t fastRetransmits{0}; //!< tcp=ns3: CongState -> CA_RECOVERY
    uint64_t bytesAtFrom{0};     //!< bytes delivered when its goodput window opens
    uint64_t bytesAtFirst{0};    //!< bytes delivered when the first window opens
    std::vector<ResultDocument::Column> series{{"time", "s", {}},
                                               {"cwnd", "B", {}},
                                               {"ssthresh", "B", {}},
                                               {"srtt", "ms", {}},
                                               {"delivered", "B", {}}};
};

void
TrackCwnd(FlowState* s, uint32_t, uint32_t cwnd)
{
    s->cwnd = cwnd;
    s->maxCwnd = std::max(s->maxCwnd, cwnd);
}

void
TrackSsthresh(FlowState* s, uint32_t, uint32_t ssthresh)
{
    s->ssthresh = ssthresh;
}

void
TrackRtt(FlowState* s, Time, Time srtt)
{
    s->srtt = srtt;
}

void
CountRetransmission(FlowState* s,
                    Ptr<const Packet>,
                    const TcpHeader&,
                    const Address&,
                    const Address&,
                    Ptr<const TcpSocketBase>)
{
    ++s->retransmits;
}

void
CountCongState(FlowState* s,
               TcpSocketState::TcpCongState_t from,
               TcpSocketState::TcpCongState_t to)
{
    using State = TcpSocketState;
    s->timeouts += to == State::CA_LOSS && from != State::CA_LOSS;
    s->fastRetransmits += to == State::CA_RECOVERY && from != State::CA_RECOVERY;
}

void
CountPacketDrop(uint64_t* drops, Ptr<const Packet>)
{
    ++*drops;
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
    uint32_t flows = 3;
    std::string rttList = "10ms,80ms,180ms";
    DataRate bottleneckRate("1Gbps");
    DataRate accessRate("10Gbps");
    Time bottleneckDelay = MilliSeconds(1);
    uint32_t queuePackets = 0;
    Time startSpread = Seconds(0);
    std::string startList;
    Time duration = Seconds(10);
    Time warmup = Seconds(0);
    Time web100Interval = Seconds(0);

    auto nonEmpty = [](const std::string& text) { return !text.empty(); };

    auto& flags = scenario.Flags();
    tcp.AddStackFlags(flags, "every host", true);
    flags.AddCount("flows",
                   "TCP flows, each from its own sender host (destination ports 5001, 5002, "
                   "...)",
                   &flows,
                   1,
                   kMaxFlows);
    flags.AddText("rtts",
                  "round-trip propagation delay of each flow's path: one time for all flows or "
                  "a comma-separated list, one per flow (SLAC to Caltech, U. Florida, CERN: "
                  "10ms,80ms,180ms); each at least 2 x bottleneckDelay and at most 2s",
                  &rttList,
                  "times with units separated by commas (10ms,80ms,180ms)",
                  nonEmpty);
    flags.AddDataRate("bottleneckRate",
                      "rate of the router's port to the receiver, the shared bottleneck",
                      &bottleneckRate,
                      DataRate("1Mbps"),
                      DataRate("40Gbps"));
    flags.AddDataRate("accessRate",
                      "rate of each sender's access link to the router (at least "
                      "bottleneckRate)",
                      &accessRate,
                      DataRate("1Mbps"),
                      DataRate("40Gbps"));
    flags.AddTime("bottleneckDelay",
                  "one-way propagation delay of the bottleneck link, shared by every flow; "
                  "flow i's access link has rtts[i]/2 - bottleneckDelay",
                  &bottleneckDelay,
                  Seconds(0),
                  Seconds(1));
    flags.AddCount("queuePackets",
                   "drop-tail queue of the router's bottleneck port in packets; 0: one BDP of "
                   "the longest path (bottleneckRate x max(rtts) / (segmentSize + 52B), at "
                   "least 1)",
                   &queuePackets,
                   0,
                   10000000);
    tcp.AddSocketFlags(flags, "the longest path (BDP of max(rtts))", false);
    flags.AddTime("startSpread",
                  "flow i starts (i - 1) x startSpread after the first (unless --starts)",
                  &startSpread,
                  Seconds(0),
                  Hours(1));
    flags.AddText("starts",
                  "start time of each flow, a comma-separated list, one per flow (replaces "
                  "startSpread); empty: (i - 1) x startSpread",
                  &startList,
                  "times with units separated by commas (0s,10s)",
                  [](const std::string&) { return true; });
    flags.AddTime("duration",
                  "simulated time; every flow writes until then",
                  &duration,
                  MilliSeconds(1),
                  Hours(1));
    flags.AddTime("warmup",
                  "goodputs count from max(flow start, warmup): leaves out convergence",
                  &warmup,
                  Seconds(0),
                  Hours(1));
    flags.AddTime("web100Interval",
                  "sample cwnd, ssthresh, srtt and bytes delivered of every flow this often "
                  "into series web100Flow<i>; 0s: off",
                  &web100Interval,
                  Seconds(0),
                  Hours(1));

    flags.AddConstraint("accessRate >= bottleneckRate",
                        [&]() { return accessRate >= bottleneckRate; });
    flags.AddConstraint("startSpread is 0s when starts is given",
                        [&]() { return startList.empty() || startSpread.IsZero(); });
    flags.AddConstraint("(flows - 1) x startSpread < duration",
                        [&]() { return startSpread * (flows - 1) < duration; });
    flags.AddConstraint("warmup < duration", [&]() { return warmup < duration; });
    flags.AddConstraint("duration / web100Interval <= 1000000 samples per flow", [&]() {
        return web100Interval.IsZero() ||
               duration.GetTimeStep() / web100Interval.GetTimeStep() <=
                   static_cast<int64_t>(kMaxSamples);
    });

    std::vector<Time> rtts;
    std::vector<Time> starts;
    flags.AddInputCheck([&]() -> std::string {
        if (auto problem = ParseTimes(rttList, flows, "rtts", &rtts); !problem.empty())
        {
            return problem;
        }
        for (uint32_t i = 0; i < flows; ++i)
        {
            if (rtts[i] < bottleneckDelay * 2 || rtts[i] > Seconds(2))
            {
                return "--rtts: flow " + std::to_string(i + 1) + "'s " + FormatTime(rtts[i]) +
                       " is outside 2 x bottleneckDelay (" + FormatTime(bottleneckDelay * 2) +
                       ") to 2s";
            }
        }
        starts.clear();
        for (uint32_t i = 0; i < flows; ++i)
        {
            starts.push_back(startSpread * i);
        }
        if (!startList.empty())
        {
            const size_t given = WanTcpFlags::SplitList(startList).size();
            if (given != flows)
            {
                return "--starts: " + std::to_string(given) + " values for " +
                       std::to_string(flows) + " flows (give one per flow)";
            }
            if (auto problem = ParseTimes(startList, flows, "starts", &starts); !problem.empty())
            {
                return problem;
            }
            for (uint32_t i = 0; i < flows; ++i)
            {
                if (starts[i] >= duration)
                {
                    return "--starts: flow " + std::to_string(i + 1) + " starts at " +
                           FormatTime(starts[i]) + ", not before duration " +
                           FormatTime(duration);
                }
            }
        }
        return tcp.ResolveCongestion(flows);
    });
    if (auto exitCode = scenario.Parse(argc, argv))
    {
        return *exitCode;
    }

    // Derived parameters, as in wan-bulk-transfer with the longest path's BDP.
    const bool lfn = tcp.IsLfn();
    const Time maxRtt = *std::max_element(rtts.begin(), rtts.end());
    const WanPathSizing sizing = tcp.SizePath(bottleneckRate, maxRtt, queuePackets);
    const uint32_t segmentSize = tcp.GetSegmentSize();
    const uint32_t mtu = sizing.GetMtu();
    const uint32_t queue = sizing.GetQueuePackets();
    const uint64_t sndBufEffective = sizing.GetSndBufEffective();
    tcp.SetDefaults(sizing);

    // Topology: senders - router - receiver.
    NodeContainer senders(flows);
    NodeContainer hub(2);
    Ptr<Node> router = hub.Get(0);
    Ptr<Node> receiver = hub.Get(1);
    PointToPointHelper wan;
    wan.SetDeviceAttribute("DataRate", DataRateValue(bottleneckRate));
    wan.SetDeviceAttribute("Mtu", UintegerValue(mtu));
    wan.SetChannelAttribute("Delay", TimeValue(bottleneckDelay));
    NetDeviceContainer wanDevices = wan.Install(router, receiver);
    std::vector<NetDeviceContainer> accessDevices;
    for (uint32_t i = 0; i < flows; ++i)
    {
        PointToPointHelper access;
        access.SetDeviceAttribute("DataRate", DataRateValue(accessRate));
        access.SetDeviceAttribute("Mtu", UintegerValue(mtu));
        access.SetChannelAttribute("Delay", TimeValue(rtts[i] / 2 - bottleneckDelay));
        accessDevices.push_back(access.Install(senders.Get(i), router));
    }
    tcp.Install(NodeContainer(senders, NodeContainer(receiver)));
    InternetStackHelper().Install(NodeContainer(senders, hub));
    tcp.SetCongestion(senders); // per-host congestion control: flow i's on sender i
    for (uint32_t i = 0; i < flows; ++i)
    {
        Ipv4AddressHelper addresses(("10.1." + std::to_string(i + 1) + ".0").c_str(),
                                    "255.255.255.0");
        addresses.Assign(accessDevices[i]);
    }
    Ipv4AddressHelper wanAddresses("10.2.0.0", "255.255.255.0");
    Ipv4InterfaceContainer wanInterfaces = wanAddresses.Assign(wanDevices);
    Ipv4GlobalRoutingHelper::PopulateRoutingTables();

    // The router's bottleneck port: a drop-tail FIFO of `queue` packets, nothing in front
    // (drops counted as in wan-bulk-transfer: the device queue's and the TC layer's).
    Ptr<NetDevice> bottleneck = wanDevices.Get(0);
    TrafficControlHelper().Uninstall(bottleneck);
    Ptr<Queue<Packet>> bottleneckQueue =
        DynamicCast<PointToPointNetDevice>(bottleneck)->GetQueue();
    bottleneckQueue->SetMaxSize(QueueSize(QueueSizeUnit::PACKETS, queue));
    uint64_t bottleneckDrops = 0;
    bottleneckQueue->TraceConnectWithoutContext(
        "Drop",
        MakeBoundCallback(&CountPacketDrop, &bottleneckDrops));
    router->GetObject<TrafficControlLayer>()->TraceConnectWithoutContext(
        "TcDrop",
        MakeBoundCallback(&CountPacketDrop, &bottleneckDrops));

    // Flows: a PacketSink per port from t = 0, a BulkSend per sender from its start.
    const Ipv4Address receiverAddress = wanInterfaces.GetAddress(1);
    std::vector<Ptr<PacketSink>> sinks;
    std::vector<Ptr<BulkSendApplication>> apps;
    std::vector<Time> from;
    std::vector<FlowState> states(flows);
    for (uint32_t i = 0; i < flows; ++i)
    {
        const uint16_t port = kFirstPort + i;
        PacketSinkHelper sinkHelper("ns3::TcpSocketFactory",
                                    InetSocketAddress(Ipv4Address::GetAny(), port));
        ApplicationContainer sinkApp = sinkHelper.Install(receiver);
        sinkApp.Start(Seconds(0));
        Ptr<PacketSink> sink = DynamicCast<PacketSink>(sinkApp.Get(0));
        sinks.push_back(sink);

        BulkSendHelper sendHelper("ns3::TcpSocketFactory",
                                  InetSocketAddress(receiverAddress, port));
        sendHelper.SetAttribute("MaxBytes", UintegerValue(0));
        sendHelper.SetAttribute(
            "SendSize", UintegerValue(std::min<uint64_t>(segmentSize, sndBufEffective)));
        ApplicationContainer sendApp = sendHelper.Install(senders.Get(i));
        sendApp.Start(starts[i]);
        Ptr<BulkSendApplication> app = DynamicCast<BulkSendApplication>(sendApp.Get(0));
        apps.push_back(app);

        FlowState* s = &states[i];
        from.push_back(std::max(starts[i], warmup));
        Simulator::Schedule(from.back(), [s, sink]() { s->bytesAtFrom = sink->GetTotalRx(); });
        // BulkSend creates its socket when it starts; hook right after (as wan-bulk-transfer).
        Simulator::Schedule(starts[i], [&, s, app, sink]() {
            Simulator::ScheduleNow([&, s, app, sink]() {
                Ptr<Socket> socket = app->GetSocket();
                NS_ABORT_MSG_UNLESS(socket, "BulkSend has no socket at its start");
                socket->TraceConnectWithoutContext("CongestionWindow",
                                                   MakeBoundCallback(&TrackCwnd, s));
                socket->TraceConnectWithoutContext("SlowStartThreshold",
                                                   MakeBoundCallback(&TrackSsthresh, s));
                socket->TraceConnectWithoutContext("RTT", MakeBoundCallback(&TrackRtt, s));
                if (!lfn)
                {
                    socket->TraceConnectWithoutContext(
                        "Retransmission",
                        MakeBoundCallback(&CountRetransmission, s));
                    socket->TraceConnectWithoutContext("CongState",
                                                       MakeBoundCallback(&CountCongState, s));
                }
                if (web100Interval.IsStrictlyPositive())
                {
                    auto sample = std::make_shared<std::function<void()>>();
                    *sample = [&, s, sink, sample]() {
                        const double values[] = {Simulator::Now().GetSeconds(),
                                                 double(s->cwnd),
                                                 double(s->ssthresh),
                                                 s->srtt.GetSeconds() * 1e3,
                                                 double(sink->GetTotalRx())};
                        for (size_t c = 0; c < s->series.size(); ++c)
                        {
                            s->series[c].values.push_back(values[c]);
                        }
                        if (Simulator::Now() + web100Interval < duration)
                        {
                            Simulator::Schedule(web100Interval, *sample);
                        }
                    };
                    (*sample)();
                }
            });
        });
    }

    // The aggregate goodput's window opens with the first flow's.
    const Time first = *std::min_element(from.begin(), from.end());
    Simulator::Schedule(first, [&]() {
        for (uint32_t i = 0; i < flows; ++i)
        {
            states[i].bytesAtFirst = sinks[i]->GetTotalRx();
        }
    });

    scenario.Run(duration);

    // Results: read the model's state before Finish() destroys it.
    auto& result = scenario.Result();
    std::vector<double> goodputs;
    uint64_t aggregateBytes = 0;
    uint64_t retransmits = 0;
    uint64_t timeouts = 0;
    uint64_t fastRetransmits = 0;
    uint32_t maxCwnd = 0;
    for (uint32_t i = 0; i < flows; ++i)
    {
        const std::string flow = "Flow" + std::to_string(i + 1);
        const uint64_t bytes = sinks[i]->GetTotalRx();
        aggregateBytes += bytes - states[i].bytesAtFirst;
        const double goodput = 8.0 * double(bytes - states[i].bytesAtFrom) /
                               (duration - from[i]).GetSeconds() / 1e6;
        goodputs.push_back(goodput);
        result.SetMetric("goodput" + flow, goodput, "Mb/s");
        result.SetMetric("bytesReceived" + flow, double(bytes), "B");
        result.SetMetric("rtt" + flow, rtts[i].GetSeconds() * 1e3, "ms");
        if (lfn)
        {
            const auto& stats = DynamicCast<LfnTcpSocket>(apps[i]->GetSocket())->GetStats();
            retransmits += stats.retransmits;
            timeouts += stats.timeouts;
            fastRetransmits += stats.fastRetransmits;
        }
        else
        {
            retransmits += states[i].retransmits;
            timeouts += states[i].timeouts;
            fastRetransmits += states[i].fastRetransmits;
        }
        maxCwnd = std::max(maxCwnd, states[i].maxCwnd);
    }
    double sum = 0;
    double squares = 0;
    for (double g : goodputs)
    {
        sum += g;
        squares += g * g;
    }
    const auto [low, high] = std::minmax_element(goodputs.begin(), goodputs.end());
    for (uint32_t i = 0; i < flows; ++i)
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
    const double ceiling = sizing.GetGoodputCeiling() / 1e6;
    const double aggregate =
        8.0 * double(aggregateBytes) / (duration - first).GetSeconds() / 1e6;
    result.SetMetric("goodput", aggregate, "Mb/s");
    if (squares > 0)
    {
        result.SetMetric("jainFairness", sum * sum / (flows * squares), "");
    }
    if (*low > 0)
    {
        result.SetMetric("maxMinRatio", *high / *low, "");
    }
    result.SetMetric("utilization", aggregate / ceiling, "");
    result.SetMetric("goodputCeiling", ceiling, "Mb/s");
    result.SetMetric("retransmits", double(retransmits), "");
    result.SetMetric("timeouts", double(timeouts), "");
    result.SetMetric("fastRetransmits", double(fastRetransmits), "");
    result.SetMetric("maxCwnd", double(maxCwnd), "B");
    result.SetMetric("bottleneckDrops", double(bottleneckDrops), "");
    result.SetMetric("queueCapacity", double(queue), "");
    result.SetMetric("bdp", double(sizing.GetBdp()), "B");
    result.SetMetric("sndBufEffective", double(sndBufEffective), "B");
    result.SetMetric("rcvBufEffective", double(sizing.GetRcvBufEffective()), "B");
    for (uint32_t i = 0; i < flows && web100Interval.IsStrictlyPositive(); ++i)
    {
        result.SetSeries("web100Flow" + std::to_string(i + 1), states[i].series);
    }
    return scenario.Finish();
}
