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
 *   --delAckCount=2 --flows=1 --startSpread=0s --duration=10s --lossRate=0 --lossEvery=0
 *   --web100Interval=0s; `--help` explains each and lists the rules between them.
 *
 * Metrics: goodput (all flows, Mb/s) and goodputFlow<i>; bytesReceived (all, B) and
 *   bytesReceivedFlow<i>; retransmits, timeouts, fastRetransmits (sums over the senders; with
 *   tcp=lfn from LfnTcpSocket::GetStats, with tcp=ns3 from TcpSocketBase's Retransmission
 *   trace and its CongState changes to CA_LOSS and CA_RECOVERY); maxCwnd (B, largest over
 *   flows and time); jainFairness (Jain's index of the per-flow goodputs, 1/flows .. 1);
 *   packetsDropped (loss injectors), bottleneckDrops (router queue), senderQueueDrops
 *   (sender's queue discipline); derived: bdp (B), queueCapacity (packets), goodputCeiling
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
#include "hybridnet/scenario-module.h"
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

constexpr uint32_t kTcpIpHeaders = 52;   //!< IPv4 20 B + TCP 20 B + timestamps 12 B
constexpr uint32_t kPppHeader = 2;       //!< point-to-point framing
constexpr uint64_t kMaxBuffer = 1ULL << 30; //!< 1 GiB, LfnTcpSocket's RmemMax ceiling
constexpr uint64_t kUnscaledWindow = 65535; //!< the 16-bit window field
constexpr uint16_t kFirstPort = 5001;
constexpr uint32_t kMaxFlows = 16;
constexpr uint64_t kMaxWeb100Rows = 1000000; //!< samples per flow

/** @return the default of attribute @p name of @p tid, as text */
std::string
AttributeDefault(TypeId tid, const std::string& name)
{
    TypeId::AttributeInformation info;
    NS_ABORT_MSG_UNLESS(tid.LookupAttributeByName(name, &info),
                        tid.GetName() << " has no attribute " << name);
    return info.initialValue->SerializeToString(info.checker);
}

/** Counters of one sending connection, filled by trace sinks. */
struct FlowCounters
{
    uint32_t maxCwnd{0};           //!< bytes
    uint64_t retransmits{0};       //!< tcp=ns3: Retransmission trace
    uint64_t timeouts{0};          //!< tcp=ns3: CongState -> CA_LOSS
    uint64_t fastRetransmits{0};   //!< tcp=ns3: CongState -> CA_RECOVERY
};

void
TrackCwnd(FlowCounters* c, uint32_t, uint32_t cwnd)
{
    c->maxCwnd = std::max(c->maxCwnd, cwnd);
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
    const TypeId lfnTid = LfnTcpSocket::GetTypeId();
    std::string tcp = "lfn";
    std::string congestion = "TcpLinuxReno";
    std::string recovery = "classic";
    DataRate bottleneckRate("1Gbps");
    DataRate accessRate("10Gbps");
    Time rtt = MilliSeconds(120);
    Time accessDelay = MicroSeconds(10);
    uint32_t queuePackets = 0;
    uint32_t segmentSize = 1448;
    uint64_t sndBuf = 0;
    uint64_t rcvBuf = 0;
    std::string bufferSemantics = AttributeDefault(lfnTid, "BufferSemantics");
    uint64_t rmemMax = std::stoull(AttributeDefault(lfnTid, "RmemMax"));
    uint64_t wmemMax = std::stoull(AttributeDefault(lfnTid, "WmemMax"));
    bool rcvBufAutoTuning = AttributeDefault(lfnTid, "RcvBufAutoTuning") == "true";
    uint64_t autoTuningMax = std::stoull(AttributeDefault(lfnTid, "AutoTuningMax"));
    const uint32_t advWinScale = std::stoul(AttributeDefault(lfnTid, "AdvWinScale"));
    std::string sack = "on";
    std::string timestamps = "on";
    std::string windowScaling = "on";
    uint32_t delAckCount = std::stoul(AttributeDefault(TcpSocket::GetTypeId(), "DelAckCount"));
    uint32_t flows = 1;
    Time startSpread = Seconds(0);
    Time duration = Seconds(10);
    double lossRate = 0;
    uint64_t lossEvery = 0;
    Time web100Interval = Seconds(0);

    const CongestionOpsCatalog congestionTypes;
    const std::string shortNames = congestionTypes.GetShortNames();

    auto& flags = scenario.Flags();
    flags.AddChoice("tcp",
                    "lfn: hybridnet's LfnTcpSocket on both hosts (model/tcp); ns3: ns-3's "
                    "TcpSocketBase",
                    &tcp,
                    {"lfn", "ns3"});
    flags.AddText("congestion",
                  "congestion control of every flow: a registered ns3::TcpCongestionOps, by "
                  "full TypeId name (ns3::TcpHighSpeed, ns3::hybridnet::TcpFast) or short name "
                  "(TcpHighSpeed); one of " + shortNames,
                  &congestion,
                  "a TcpCongestionOps TypeId name, full or short",
                  [](const std::string& text) { return !text.empty(); });
    flags.AddChoice("recovery",
                    "loss recovery: classic (TcpClassicRecovery, RFC 6582/6675) or prr "
                    "(TcpPrrRecovery, RFC 6937)",
                    &recovery,
                    {"classic", "prr"});
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
    flags.AddSize("segmentSize",
                  "TCP maximum segment size (payload per segment); the links' IP MTU is "
                  "segmentSize + 52B (1448B -> 1500B, 8948B -> 9000B)",
                  &segmentSize,
                  536,
                  8960);
    flags.AddSize("sndBuf",
                  "send buffer the application sets (SO_SNDBUF), at least segmentSize; 0B: "
                  "sized for the path: 2 W with ns3 semantics, W with linux (which doubles it), "
                  "W = (BDP / (segmentSize + 54B) + queue) x segmentSize the payload the path "
                  "holds with the queue full",
                  &sndBuf,
                  0,
                  kMaxBuffer);
    flags.AddSize("rcvBuf",
                  "receive buffer the application sets (SO_RCVBUF), at least segmentSize; 0B: "
                  "sized for the path: W (see sndBuf) with ns3 semantics, 2 W / 3 with linux "
                  "(which doubles it and advertises 3/4); with rcvBufAutoTuning the initial "
                  "buffer (tcp_rmem[1])",
                  &rcvBuf,
                  0,
                  kMaxBuffer);
    flags.AddChoice("bufferSemantics",
                    "ns3: the buffer is the value set, all advertised; linux (tcp=lfn only): "
                    "Linux 2.6, doubled, clipped to rmemMax/wmemMax, a quarter kept back "
                    "(LfnTcpSocket BufferSemantics)",
                    &bufferSemantics,
                    {"ns3", "linux"});
    flags.AddSize("rmemMax",
                  "net.core.rmem_max: the largest rcvBuf honoured (linux semantics; default "
                  "Linux 2.6's)",
                  &rmemMax,
                  1024,
                  kMaxBuffer);
    flags.AddSize("wmemMax",
                  "net.core.wmem_max: the largest sndBuf honoured (linux semantics; default "
                  "Linux 2.6's)",
                  &wmemMax,
                  1024,
                  kMaxBuffer);
    flags.AddBool("rcvBufAutoTuning",
                  "Linux 2.6 receive-buffer autotuning (dynamic right-sizing): the receive "
                  "buffer grows once per RTT to 4 x what was read in it (linux semantics only)",
                  &rcvBufAutoTuning);
    flags.AddSize("autoTuningMax",
                  "net.ipv4.tcp_rmem[2]: the largest buffer autotuning reaches",
                  &autoTuningMax,
                  1024,
                  kMaxBuffer);
    flags.AddChoice("sack", "selective acknowledgments (RFC 2018)", &sack, {"on", "off"});
    flags.AddChoice("timestamps", "TCP timestamps option (RFC 7323)", &timestamps, {"on", "off"});
    flags.AddChoice("windowScaling",
                    "window-scale option (RFC 7323); off: windows and buffers at most 65535B",
                    &windowScaling,
                    {"on", "off"});
    flags.AddCount("delAckCount",
                   "receiver acknowledges every delAckCount-th full segment (1: every one; "
                   "delayed-ACK timer 200ms)",
                   &delAckCount,
                   1,
                   64);
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
    flags.AddConstraint("sndBuf is 0B (sized for the path) or at least segmentSize",
                        [&]() { return sndBuf == 0 || sndBuf >= segmentSize; });
    flags.AddConstraint("rcvBuf is 0B (sized for the path) or at least segmentSize",
                        [&]() { return rcvBuf == 0 || rcvBuf >= segmentSize; });
    flags.AddConstraint("sndBuf and rcvBuf are at most 65535B with windowScaling off",
                        [&]() {
                            return windowScaling == "on" ||
                                   (sndBuf <= kUnscaledWindow && rcvBuf <= kUnscaledWindow);
                        });
    flags.AddConstraint("bufferSemantics linux needs tcp lfn",
                        [&]() { return tcp == "lfn" || bufferSemantics == "ns3"; });
    flags.AddConstraint("rcvBufAutoTuning needs bufferSemantics linux",
                        [&]() { return !rcvBufAutoTuning || bufferSemantics == "linux"; });
    flags.AddConstraint("lossRate and lossEvery are not both given (one loss model)",
                        [&]() { return lossRate == 0 || lossEvery == 0; });
    flags.AddConstraint("(flows - 1) x startSpread < duration",
                        [&]() { return startSpread * (flows - 1) < duration; });
    flags.AddConstraint("web100Interval is 0s with tcp ns3 (Web100 traces need LfnTcpSocket)",
                        [&]() { return tcp == "lfn" || web100Interval.IsZero(); });
    flags.AddConstraint("duration / web100Interval <= 1000000 samples per flow",
                        [&]() {
                            return web100Interval.IsZero() ||
                                   duration.GetTimeStep() / web100Interval.GetTimeStep() <=
                                       static_cast<int64_t>(kMaxWeb100Rows);
                        });
    TypeId congestionTid;
    flags.AddInputCheck([&]() -> std::string {
        const auto found = congestionTypes.Find(congestion);
        if (found.empty())
        {
            return "--congestion: unknown congestion control '" + congestion +
                   "'; one of " + shortNames;
        }
        if (found.size() > 1)
        {
            std::string names;
            for (const auto& tid : found)
            {
                names += (names.empty() ? "" : ", ") + tid.GetName();
            }
            return "--congestion: '" + congestion + "' is ambiguous; give one of " + names;
        }
        congestionTid = found[0];
        if (tcp == "lfn")
        {
            ObjectFactory factory;
            factory.SetTypeId(congestionTid);
            if (factory.Create<TcpCongestionOps>()->HasCongControl())
            {
                return "--congestion: " + congestionTid.GetName() +
                       " needs rate samples (CongControl), which LfnTcpSocket does not "
                       "produce; use --tcp=ns3";
            }
        }
        return "";
    });
    if (auto exitCode = scenario.Parse(argc, argv))
    {
        return *exitCode;
    }

    // Derived parameters.
    const bool lfn = tcp == "lfn";
    const bool linuxBuffers = bufferSemantics == "linux";
    const bool scaling = windowScaling == "on";
    const uint32_t mtu = segmentSize + kTcpIpHeaders;
    const uint64_t bdp = static_cast<uint64_t>(
        std::ceil(static_cast<double>(bottleneckRate.GetBitRate()) * rtt.GetSeconds() / 8));
    const uint32_t queue =
        queuePackets != 0
            ? queuePackets
            : static_cast<uint32_t>(std::max<uint64_t>(1, (bdp + mtu - 1) / mtu));
    // W: the payload the path holds with the queue full, in whole packets.
    const uint64_t pathBytes = (bdp / (mtu + kPppHeader) + queue) * uint64_t(segmentSize);
    auto fit = [&](uint64_t bytes) {
        bytes = std::max<uint64_t>(bytes, segmentSize);
        return std::min(bytes, scaling ? kMaxBuffer : kUnscaledWindow);
    };
    // With linux, B = 2 x value and 3/4 of B (AdvWinScale 2) advertised: value = 2 W / 3.
    const uint64_t keep = (1ULL << advWinScale) - 1;
    const uint64_t sndBufSet =
        sndBuf != 0 ? sndBuf : fit(linuxBuffers ? pathBytes : 2 * pathBytes);
    const uint64_t rcvBufSet =
        rcvBuf != 0 ? rcvBuf
                    : fit(linuxBuffers ? (pathBytes * (keep + 1) + 2 * keep - 1) / (2 * keep)
                                : pathBytes);
    const uint64_t sndBufEffective = linuxBuffers ? 2 * std::min(sndBufSet, wmemMax) : sndBufSet;
    const uint64_t rcvBufEffective = linuxBuffers ? 2 * std::min(rcvBufSet, rmemMax) : rcvBufSet;
    uint64_t maxAdvertised = linuxBuffers ? rcvBufEffective - (rcvBufEffective >> advWinScale)
                                   : rcvBufEffective;
    if (!scaling)
    {
        maxAdvertised = std::min(maxAdvertised, kUnscaledWindow);
    }

    // TCP configuration: both TCPs read TcpL4Protocol's and TcpSocket's attributes.
    Config::SetDefault("ns3::TcpL4Protocol::SocketType", TypeIdValue(congestionTid));
    Config::SetDefault("ns3::TcpL4Protocol::RecoveryType",
                       TypeIdValue(recovery == "prr" ? TcpPrrRecovery::GetTypeId()
                                                     : TcpClassicRecovery::GetTypeId()));
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(segmentSize));
    Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(sndBufSet));
    Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(rcvBufSet));
    Config::SetDefault("ns3::TcpSocket::DelAckCount", UintegerValue(delAckCount));
    const std::string socketType = lfn ? "ns3::hybridnet::LfnTcpSocket" : "ns3::TcpSocketBase";
    Config::SetDefault(socketType + "::Sack", BooleanValue(sack == "on"));
    Config::SetDefault(socketType + "::Timestamp", BooleanValue(timestamps == "on"));
    Config::SetDefault(socketType + "::WindowScaling", BooleanValue(scaling));
    if (lfn)
    {
        Config::SetDefault("ns3::hybridnet::LfnTcpSocket::BufferSemantics",
                           StringValue(bufferSemantics));
        Config::SetDefault("ns3::hybridnet::LfnTcpSocket::RmemMax", UintegerValue(rmemMax));
        Config::SetDefault("ns3::hybridnet::LfnTcpSocket::WmemMax", UintegerValue(wmemMax));
        Config::SetDefault("ns3::hybridnet::LfnTcpSocket::RcvBufAutoTuning",
                           BooleanValue(rcvBufAutoTuning));
        Config::SetDefault("ns3::hybridnet::LfnTcpSocket::AutoTuningMax",
                           UintegerValue(autoTuningMax));
    }

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

    if (lfn)
    {
        LfnTcpHelper lfnHelper;
        lfnHelper.Install(NodeContainer(sender, receiver));
    }
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
    result.SetMetric("bdp", double(bdp), "B");
    result.SetMetric("queueCapacity", double(queue), "");
    result.SetMetric("goodputCeiling",
                     bottleneckRate.GetBitRate() * double(segmentSize) /
                         (mtu + kPppHeader) / 1e6,
                     "Mb/s");
    result.SetMetric("sndBufEffective", double(sndBufEffective), "B");
    result.SetMetric("rcvBufEffective", double(rcvBufEffective), "B");
    result.SetMetric("maxAdvertisedWindow", double(maxAdvertised), "B");
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
