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
 * propagation delay is --rtt. Queues: the router's bottleneck port is a drop-tail FIFO of
 * --queuePackets packets (its traffic-control layer removed, so that is all the buffering
 * there is); every other port keeps ns-3's defaults (pfifo_fast of 1000 packets, Linux's
 * txqueuelen, in front of a 100-packet device queue). Make accessRate > bottleneckRate
 * (default 10 Gb/s vs 1 Gb/s) so that the router's queue, not the sender's NIC, is the
 * bottleneck; equal rates are allowed (then the sender's own queue fills first).
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
 * the sockets got.
 *
 * Phases: the receivers listen from t = 0; flow i (i = 1..flows, destination port
 * 5000 + i) starts at (i - 1) x startSpread and writes without limit (BulkSend) until
 * t = duration, when the simulation stops. Goodput counts payload delivered to each
 * receiving application from the flow's start to the end.
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
 * Flags (defaults): --tcp=lfn --congestion=TcpLinuxReno --recovery=classic
 *   --bottleneckRate=1Gbps --accessRate=10Gbps --rtt=120ms --accessDelay=10us
 *   --queuePackets=0 (one BDP) --segmentSize=1448B --sndBuf=0B --rcvBuf=0B (sized for
 *   the path) --bufferSemantics=ns3 --rmemMax=131071B --wmemMax=131071B
 *   --rcvBufAutoTuning=false --autoTuningMax=174760B (the last four: LfnTcpSocket's
 *   attribute defaults, Linux 2.6's values) --sack=on --timestamps=on --windowScaling=on
 *   --delAckCount=2 --initialCwnd=10 --initialSsThresh=0B (none) --flows=1
 *   --startSpread=0s --duration=10s --lossRate=0 --lossEvery=0 --web100Interval=0s;
 *   `--help` explains each and lists the rules between them.
 *
 * Metrics: goodput (all flows, Mb/s) and goodputFlow<i>; bytesReceived (all, B) and
 *   bytesReceivedFlow<i>; retransmits, timeouts, fastRetransmits (sums over the senders; with
 *   tcp=lfn from LfnTcpSocket::GetStats, with tcp=ns3 from TcpSocketBase's Retransmission
 *   trace and its CongState changes to CA_LOSS and CA_RECOVERY); maxCwnd (B, largest over
 *   flows and time); jainFairness (Jain's index of the per-flow goodputs, 1/flows .. 1);
 *   packetsDropped (loss injectors), bottleneckDrops (router queue), senderQueueDrops
 *   (sender's queue discipline); recoveries and recoveryTime (s): for each loss-induced
 *   window reduction of a flow - its congestion state entering CA_RECOVERY (fast
 *   retransmit) or CA_LOSS (timeout), from the sockets' CongState trace - the time until
 *   its cwnd (CongestionWindow trace) first regains the value it had just before the
 *   reduction; recoveries counts the completed ones over all flows, recoveryTime is their
 *   mean (left out when none completed). A reduction not made up by the end of the run is
 *   not counted. (With tcp=ns3 and an algorithm that sets cwnd itself - CongControl, e.g.
 *   BBR - the recovery algorithm does not cut cwnd, so a recovery may complete at once.)
 *   Derived: bdp (B), queueCapacity (packets), goodputCeiling
 *   (bottleneckRate x segmentSize / (segmentSize + 54 B), Mb/s), sndBufEffective,
 *   rcvBufEffective, maxAdvertisedWindow (B).
 *   Series (with --web100Interval): web100Flow<i>.
 *   maxCwnd can exceed the window: with both TCPs cwnd keeps growing while the flow is
 *   limited by the receive window or the send buffer.
 *
 * Cost: --tcp=ns3 keeps one list item per segment in flight (bench tcp-window), so large
 * windows are slow: the defaults (1 Gb/s, 120 ms, a 29 MB window) simulate 10 s in about 16 s
 * of wall time with lfn and take more than 10 minutes with ns3.
 *
 * Run:  hybridnet run wan-bulk-transfer --rtt=120ms --congestion=TcpHighSpeed --duration=10s
 *   or: build/bin/wan-bulk-transfer --rtt=6ms --lossEvery=25000 --output=wan-bulk-transfer.json
 */
#include "hybridnet/impairment-module.h"
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
#include <cstring>
#include <iomanip>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

constexpr uint16_t kFirstPort = 5001;
constexpr uint32_t kMaxFlows = 16;
constexpr uint64_t kMaxWeb100Rows = 1000000; //!< samples per flow

/** A loss-induced window reduction not yet made up. */
struct Reduction
{
    Time when;       //!< when the congestion state entered CA_RECOVERY or CA_LOSS
    uint32_t before; //!< cwnd just before the reduction, bytes
};

/** Counters of one sending connection, filled by trace sinks. */
struct FlowCounters
{
    uint32_t cwnd{0};              //!< bytes, latest
    uint32_t maxCwnd{0};           //!< bytes
    uint64_t retransmits{0};       //!< tcp=ns3: Retransmission trace
    uint64_t timeouts{0};          //!< tcp=ns3: CongState -> CA_LOSS
    uint64_t fastRetransmits{0};   //!< tcp=ns3: CongState -> CA_RECOVERY
    std::vector<Reduction> open;   //!< reductions whose cwnd is not regained yet
    Time recoveryTimeSum;          //!< sum of the completed recoveries' durations
    uint64_t recoveries{0};        //!< completed recoveries
};

/**
 * Latest and largest cwnd; a reduction is recovered when cwnd first regains the value it
 * had just before it (several may be open: a loss during a recovery opens another).
 */
void
TrackCwnd(FlowCounters* c, uint32_t, uint32_t cwnd)
{
    c->cwnd = cwnd;
    c->maxCwnd = std::max(c->maxCwnd, cwnd);
    auto regained = [&](const Reduction& r) {
        if (cwnd < r.before)
        {
            return false;
        }
        c->recoveryTimeSum += Simulator::Now() - r.when;
        ++c->recoveries;
        return true;
    };
    c->open.erase(std::remove_if(c->open.begin(), c->open.end(), regained), c->open.end());
}

/**
 * A loss-induced window reduction begins: the congestion state enters CA_RECOVERY (fast
 * retransmit) or CA_LOSS (retransmission timeout). Both TCPs change the state before they
 * reduce cwnd, so the latest cwnd is the value before the reduction.
 */
void
TrackReduction(FlowCounters* c,
               TcpSocketState::TcpCongState_t from,
               TcpSocketState::TcpCongState_t to)
{
    const bool loss = to == TcpSocketState::CA_LOSS && from != TcpSocketState::CA_LOSS;
    const bool recovery =
        to == TcpSocketState::CA_RECOVERY && from != TcpSocketState::CA_RECOVERY;
    if ((loss || recovery) && c->cwnd > 0)
    {
        c->open.push_back({Simulator::Now(), c->cwnd});
    }
}

void
CountRetransmission(FlowCounters* c,
                    Ptr<const Packet>,
                    const TcpHeader&,
                    const Address&,
                    const Address&,
                    Ptr<const TcpSocketBase>)
{
    ++c->retransmits;
}

void
CountCongState(FlowCounters* c,
               TcpSocketState::TcpCongState_t from,
               TcpSocketState::TcpCongState_t to)
{
    if (to == TcpSocketState::CA_LOSS && from != TcpSocketState::CA_LOSS)
    {
        ++c->timeouts;
    }
    if (to == TcpSocketState::CA_RECOVERY && from != TcpSocketState::CA_RECOVERY)
    {
        ++c->fastRetransmits;
    }
}

void
CountDrop(uint64_t* drops, Ptr<const QueueDiscItem>)
{
    ++*drops;
}

void
CountPacketDrop(uint64_t* drops, Ptr<const Packet>)
{
    ++*drops;
}

/** @return @p name of a TcpStateName / TcpCongStateName table as its index, or -1 */
template <size_t N>
double
NameIndex(const char* const (&names)[N], const std::string& name)
{
    for (size_t i = 0; i < N; ++i)
    {
        if (name == names[i])
        {
            return static_cast<double>(i);
        }
    }
    return -1;
}

/**
 * The CSV of an LfnTcpStatsLog as series columns: unit suffixes (_s, _ms, _bytes) become
 * units, snake_case becomes camelCase, the two state names become their enum numbers.
 */
std::vector<ResultDocument::Column>
Web100Columns(const std::string& csv)
{
    std::istringstream in(csv);
    std::string line;
    std::vector<ResultDocument::Column> columns;
    std::vector<std::string> raw;
    if (!std::getline(in, line))
    {
        return columns;
    }
    std::istringstream header(line);
    std::string field;
    while (std::getline(header, field, ','))
    {
        raw.push_back(field);
        std::string unit;
        for (const auto& [suffix, u] : {std::pair<std::string, std::string>{"_s", "s"},
                                        {"_ms", "ms"},
                                        {"_bytes", "B"}})
        {
            if (field.size() > suffix.size() &&
                field.compare(field.size() - suffix.size(), suffix.size(), suffix) == 0)
            {
                field = field.substr(0, field.size() - suffix.size());
                unit = u;
                break;
            }
        }
        std::string name;
        bool upper = false;
        for (char ch : field)
        {
            if (ch == '_')
            {
                upper = true;
                continue;
            }
            name += upper ? static_cast<char>(std::toupper(ch)) : ch;
            upper = false;
        }
        columns.push_back({name, unit, {}});
    }
    while (std::getline(in, line))
    {
        std::istringstream row(line);
        for (size_t c = 0; c < columns.size() && std::getline(row, field, ','); ++c)
        {
            double value;
            if (raw[c] == "state")
            {
                value = NameIndex(TcpSocket::TcpStateName, field);
            }
            else if (raw[c] == "cong_state")
            {
                value = NameIndex(TcpSocketState::TcpCongStateName, field);
            }
            else
            {
                value = std::stod(field);
            }
            columns[c].values.push_back(value);
        }
    }
    return columns;
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
    DataRate bottleneckRate("1Gbps");
    DataRate accessRate("10Gbps");
    Time rtt = MilliSeconds(120);
    Time accessDelay = MicroSeconds(10);
    uint32_t queuePackets = 0;
    uint32_t flows = 1;
    Time startSpread = Seconds(0);
    Time duration = Seconds(10);
    double lossRate = 0;
    uint64_t lossEvery = 0;
    Time web100Interval = Seconds(0);

    auto& flags = scenario.Flags();
    tcp.AddStackFlags(flags, "both hosts", false);
    flags.AddDataRate("bottleneckRate",
                      "rate of the router's WAN port, the path's bottleneck",
                      &bottleneckRate,
                      DataRate("1Mbps"),
                      DataRate("40Gbps"));
    flags.AddDataRate("accessRate",
                      "rate of the sender's access link to the router (at least "
                      "bottleneckRate)",
                      &accessRate,
                      DataRate("1Mbps"),
                      DataRate("40Gbps"));
    flags.AddTime("rtt",
                  "round-trip propagation delay of the path, without queueing or "
                  "serialization (MB-NG 6ms, DataTAG 120ms, UKLight 177ms, via Tokyo 433ms)",
                  &rtt,
                  MicroSeconds(1),
                  Seconds(2));
    flags.AddTime("accessDelay",
                  "one-way propagation delay of the access link (the bottleneck link has "
                  "rtt/2 - accessDelay); at most rtt/2",
                  &accessDelay,
                  Seconds(0),
                  Seconds(1));
    flags.AddCount("queuePackets",
                   "drop-tail queue of the router's bottleneck port in packets; 0: one BDP "
                   "(bottleneckRate x rtt / (segmentSize + 52B), at least 1)",
                   &queuePackets,
                   0,
                   10000000);
    tcp.AddSocketFlags(flags, "the path", true);
    flags.AddCount("flows",
                   "parallel TCP streams from sender to receiver (destination ports 5001, "
                   "5002, ...)",
                   &flows,
                   1,
                   kMaxFlows);
    flags.AddTime("startSpread",
                  "flow i starts (i - 1) x startSpread after the first",
                  &startSpread,
                  Seconds(0),
                  Hours(1));
    flags.AddTime("duration",
                  "simulated time; every flow writes until then",
                  &duration,
                  MilliSeconds(1),
                  Hours(1));
    flags.AddReal("lossRate",
                  "probability that a data segment is dropped on the receiver's receive path "
                  "(LossInjector Random, per flow); 0: none",
                  &lossRate,
                  0,
                  1,
                  "");
    flags.AddCount("lossEvery",
                   "drop every N-th data segment of each flow on the receiver's receive path "
                   "(LossInjector EveryNth; MB-NG: 25000, DataTAG: 1000000); 0: none",
                   &lossEvery,
                   0,
                   4294967295ULL);
    flags.AddTime("web100Interval",
                  "sample every sending LfnTcpSocket this often (LfnTcpStatsLog) into the "
                  "result's series web100Flow<i> (tcp=lfn only); 0s: off",
                  &web100Interval,
                  Seconds(0),
                  Hours(1));

    flags.AddConstraint("accessRate >= bottleneckRate",
                        [&]() { return accessRate >= bottleneckRate; });
    flags.AddConstraint("2 x accessDelay <= rtt",
                        [&]() { return accessDelay * 2 <= rtt; });
    flags.AddConstraint("lossRate and lossEvery are not both given (one loss model)",
                        [&]() { return lossRate == 0 || lossEvery == 0; });
    flags.AddConstraint("(flows - 1) x startSpread < duration",
                        [&]() { return startSpread * (flows - 1) < duration; });
    flags.AddConstraint("web100Interval is 0s with tcp ns3 (Web100 traces need LfnTcpSocket)",
                        [&]() { return tcp.IsLfn() || web100Interval.IsZero(); });
    flags.AddConstraint("duration / web100Interval <= 1000000 samples per flow",
                        [&]() {
                            return web100Interval.IsZero() ||
                                   duration.GetTimeStep() / web100Interval.GetTimeStep() <=
                                       static_cast<int64_t>(kMaxWeb100Rows);
                        });
    flags.AddInputCheck([&]() { return tcp.ResolveCongestion(1); });
    if (auto exitCode = scenario.Parse(argc, argv))
    {
        return *exitCode;
    }

    // Derived parameters: the queue and the buffers sized for the path (WanPathSizing).
    const bool lfn = tcp.IsLfn();
    const uint32_t segmentSize = tcp.GetSegmentSize();
    const WanPathSizing sizing = tcp.SizePath(bottleneckRate, rtt, queuePackets);
    const uint32_t mtu = sizing.GetMtu();
    const uint32_t queue = sizing.GetQueuePackets();
    const uint64_t sndBufEffective = sizing.GetSndBufEffective();

    // TCP configuration: both TCPs read TcpL4Protocol's and TcpSocket's attributes.
    tcp.SetCongestionDefault();
    tcp.SetDefaults(sizing);

    // Topology: sender - router - receiver.
    NodeContainer nodes(3);
    Ptr<Node> sender = nodes.Get(0);
    Ptr<Node> router = nodes.Get(1);
    Ptr<Node> receiver = nodes.Get(2);
    PointToPointHelper access;
    access.SetDeviceAttribute("DataRate", DataRateValue(accessRate));
    access.SetDeviceAttribute("Mtu", UintegerValue(mtu));
    access.SetChannelAttribute("Delay", TimeValue(accessDelay));
    NetDeviceContainer accessDevices = access.Install(sender, router);
    PointToPointHelper wan;
    wan.SetDeviceAttribute("DataRate", DataRateValue(bottleneckRate));
    wan.SetDeviceAttribute("Mtu", UintegerValue(mtu));
    wan.SetChannelAttribute("Delay", TimeValue(rtt / 2 - accessDelay));
    NetDeviceContainer wanDevices = wan.Install(router, receiver);

    tcp.Install(NodeContainer(sender, receiver));
    InternetStackHelper().Install(nodes);
    Ipv4AddressHelper addresses("10.1.1.0", "255.255.255.0");
    addresses.Assign(accessDevices);
    addresses.SetBase("10.1.2.0", "255.255.255.0");
    Ipv4InterfaceContainer wanInterfaces = addresses.Assign(wanDevices);
    Ipv4GlobalRoutingHelper::PopulateRoutingTables();

    // The router's bottleneck port: a drop-tail FIFO of `queue` packets, nothing in front.
    Ptr<NetDevice> bottleneck = wanDevices.Get(0);
    TrafficControlHelper().Uninstall(bottleneck);
    Ptr<Queue<Packet>> bottleneckQueue =
        DynamicCast<PointToPointNetDevice>(bottleneck)->GetQueue();
    bottleneckQueue->SetMaxSize(QueueSize(QueueSizeUnit::PACKETS, queue));
    // The device stops its transmit queue when the queue is full; the traffic-control layer
    // then drops what IP hands it (its TcDrop trace), so the queue's own Drop rarely fires.
    uint64_t bottleneckDrops = 0;
    bottleneckQueue->TraceConnectWithoutContext("Drop",
                                                MakeBoundCallback(&CountPacketDrop,
                                                                  &bottleneckDrops));
    router->GetObject<TrafficControlLayer>()->TraceConnectWithoutContext(
        "TcDrop",
        MakeBoundCallback(&CountPacketDrop, &bottleneckDrops));
    uint64_t senderQueueDrops = 0;
    Ptr<QueueDisc> senderQdisc =
        sender->GetObject<TrafficControlLayer>()->GetRootQueueDiscOnDevice(accessDevices.Get(0));
    senderQdisc->TraceConnectWithoutContext("Drop",
                                            MakeBoundCallback(&CountDrop, &senderQueueDrops));
    Ptr<Queue<Packet>> senderDeviceQueue =
        DynamicCast<PointToPointNetDevice>(accessDevices.Get(0))->GetQueue();
    senderDeviceQueue->TraceConnectWithoutContext("Drop",
                                                  MakeBoundCallback(&CountPacketDrop,
                                                                    &senderQueueDrops));

    // Flows: a PacketSink per port from t = 0, a BulkSend per flow from its start.
    const Ipv4Address receiverAddress = wanInterfaces.GetAddress(1);
    std::vector<Ptr<PacketSink>> sinks;
    std::vector<Ptr<BulkSendApplication>> senders;
    std::vector<Ptr<LossInjector>> injectors;
    std::vector<Time> starts;
    std::vector<FlowCounters> counters(flows);
    std::vector<std::unique_ptr<std::ostringstream>> web100Text;
    std::vector<std::unique_ptr<LfnTcpStatsLog>> web100Logs;
    LossInjectorHelper lossHelper;
    lossHelper.SetAttribute("Protocol", UintegerValue(6));
    lossHelper.SetAttribute("PayloadOnly", BooleanValue(true));
    if (lossEvery != 0)
    {
        lossHelper.SetAttribute("Mode", EnumValue(LossInjector::EVERY_NTH));
        lossHelper.SetAttribute("Interval", UintegerValue(lossEvery));
    }
    else
    {
        lossHelper.SetAttribute("Mode", EnumValue(LossInjector::RANDOM));
        lossHelper.SetAttribute("LossRate", DoubleValue(lossRate));
    }
    for (uint32_t i = 0; i < flows; ++i)
    {
        const uint16_t port = kFirstPort + i;
        PacketSinkHelper sinkHelper("ns3::TcpSocketFactory",
                                    InetSocketAddress(Ipv4Address::GetAny(), port));
        ApplicationContainer sinkApp = sinkHelper.Install(receiver);
        sinkApp.Start(Seconds(0));
        sinks.push_back(DynamicCast<PacketSink>(sinkApp.Get(0)));

        BulkSendHelper sendHelper("ns3::TcpSocketFactory",
                                  InetSocketAddress(receiverAddress, port));
        sendHelper.SetAttribute("MaxBytes", UintegerValue(0));
        sendHelper.SetAttribute(
            "SendSize", UintegerValue(std::min<uint64_t>(segmentSize, sndBufEffective)));
        ApplicationContainer sendApp = sendHelper.Install(sender);
        const Time start = startSpread * i;
        sendApp.Start(start);
        starts.push_back(start);
        senders.push_back(DynamicCast<BulkSendApplication>(sendApp.Get(0)));

        if (lossEvery != 0 || lossRate > 0)
        {
            lossHelper.SetAttribute("DestinationPort", UintegerValue(port));
            injectors.push_back(lossHelper.Install(receiver, LossInjector::RECEIVE));
        }

        // BulkSend creates its socket when it starts: hook the traces right after that
        // (ScheduleNow inside an event at the start time runs after the application's start
        // event, which was scheduled earlier).
        FlowCounters* c = &counters[i];
        web100Text.push_back(std::make_unique<std::ostringstream>());
        std::ostringstream* text = web100Text.back().get();
        *text << std::setprecision(12);
        Ptr<BulkSendApplication> app = senders.back();
        Simulator::Schedule(start, [&, app, c, text]() {
            Simulator::ScheduleNow([&, app, c, text]() {
                Ptr<Socket> socket = app->GetSocket();
                NS_ABORT_MSG_UNLESS(socket, "BulkSend has no socket at its start");
                socket->TraceConnectWithoutContext("CongestionWindow",
                                                   MakeBoundCallback(&TrackCwnd, c));
                socket->TraceConnectWithoutContext("CongState",
                                                   MakeBoundCallback(&TrackReduction, c));
                if (!lfn)
                {
                    socket->TraceConnectWithoutContext(
                        "Retransmission",
                        MakeBoundCallback(&CountRetransmission, c));
                    socket->TraceConnectWithoutContext("CongState",
                                                       MakeBoundCallback(&CountCongState, c));
                }
                else if (web100Interval.IsStrictlyPositive())
                {
                    web100Logs.push_back(std::make_unique<LfnTcpStatsLog>(
                        DynamicCast<LfnTcpSocket>(socket), *text, web100Interval));
                    web100Logs.back()->Start();
                }
            });
        });
    }
    LossInjectorHelper::AssignStreams(injectors, 0);

    scenario.Run(duration);

    // Results: read the model's state before Finish() destroys it.
    auto& result = scenario.Result();
    std::vector<double> goodputs;
    uint64_t totalBytes = 0;
    uint64_t retransmits = 0;
    uint64_t timeouts = 0;
    uint64_t fastRetransmits = 0;
    uint32_t maxCwnd = 0;
    Time recoveryTimeSum;
    uint64_t recoveries = 0;
    for (uint32_t i = 0; i < flows; ++i)
    {
        const std::string flow = "Flow" + std::to_string(i + 1);
        const uint64_t bytes = sinks[i]->GetTotalRx();
        totalBytes += bytes;
        const double goodput = 8.0 * bytes / (duration - starts[i]).GetSeconds() / 1e6;
        goodputs.push_back(goodput);
        result.SetMetric("goodput" + flow, goodput, "Mb/s");
        result.SetMetric("bytesReceived" + flow, double(bytes), "B");
        if (lfn)
        {
            auto socket = DynamicCast<LfnTcpSocket>(senders[i]->GetSocket());
            const LfnTcpSocket::Stats& stats = socket->GetStats();
            retransmits += stats.retransmits;
            timeouts += stats.timeouts;
            fastRetransmits += stats.fastRetransmits;
        }
        else
        {
            retransmits += counters[i].retransmits;
            timeouts += counters[i].timeouts;
            fastRetransmits += counters[i].fastRetransmits;
        }
        maxCwnd = std::max(maxCwnd, counters[i].maxCwnd);
        recoveryTimeSum += counters[i].recoveryTimeSum;
        recoveries += counters[i].recoveries;
    }
    double sum = 0;
    double squares = 0;
    for (double g : goodputs)
    {
        sum += g;
        squares += g * g;
    }
    result.SetMetric("goodput", 8.0 * totalBytes / duration.GetSeconds() / 1e6, "Mb/s");
    result.SetMetric("bytesReceived", double(totalBytes), "B");
    result.SetMetric("retransmits", double(retransmits), "");
    result.SetMetric("timeouts", double(timeouts), "");
    result.SetMetric("fastRetransmits", double(fastRetransmits), "");
    result.SetMetric("maxCwnd", double(maxCwnd), "B");
    result.SetMetric("recoveries", double(recoveries), "");
    if (recoveries > 0)
    {
        result.SetMetric("recoveryTime", recoveryTimeSum.GetSeconds() / recoveries, "s");
    }
    if (squares > 0)
    {
        result.SetMetric("jainFairness", sum * sum / (flows * squares), "");
    }
    uint64_t dropped = 0;
    for (const auto& injector : injectors)
    {
        dropped += injector->GetDropped();
    }
    result.SetMetric("packetsDropped", double(dropped), "");
    result.SetMetric("bottleneckDrops", double(bottleneckDrops), "");
    result.SetMetric("senderQueueDrops", double(senderQueueDrops), "");
    result.SetMetric("bdp", double(sizing.GetBdp()), "B");
    result.SetMetric("queueCapacity", double(queue), "");
    result.SetMetric("goodputCeiling", sizing.GetGoodputCeiling() / 1e6, "Mb/s");
    result.SetMetric("sndBufEffective", double(sndBufEffective), "B");
    result.SetMetric("rcvBufEffective", double(sizing.GetRcvBufEffective()), "B");
    result.SetMetric("maxAdvertisedWindow", double(sizing.GetMaxAdvertisedWindow()), "B");
    for (auto& log : web100Logs)
    {
        log->Stop();
    }
    web100Logs.clear(); // while the simulator exists
    for (uint32_t i = 0; i < web100Text.size() && web100Interval.IsStrictlyPositive(); ++i)
    {
        auto columns = Web100Columns(web100Text[i]->str());
        if (!columns.empty())
        {
            result.SetSeries("web100Flow" + std::to_string(i + 1), columns);
        }
    }
    return scenario.Finish();
}
