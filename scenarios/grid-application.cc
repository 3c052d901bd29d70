/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * grid-application: a data-grid application's block pipeline over a WAN path - a server
 * that produces blocks (reads them from disk or computes them) and sends them, a client
 * that reads them and hands them to its sink (a disk write or computation) - with every
 * block's stages logged in NetLogger's format, for the data-grid study's NetLogger case
 * studies (shared reference wan-tuning-grid.md, "Instrumentation": a 2 ms pause between
 * network sends on one server OS vs 0.2 ms on another; network receive and disk write not
 * overlapped; overlapping I/O and computation giving almost 2:1).
 *
 *     sender host --------- router ============================ receiver host
 *     BlockPipelineSender          bottleneck (WanPath)            BlockPipelineReceiver
 *     produce -> send() -> pause                                  read() -> consume
 *
 * The path is WanPath's (--bottleneckRate, --accessRate, --rtt, ...), the TCP the WAN TCP
 * flags' with tcp=lfn (the receiver's window update when it reads, which a receiver that
 * stops reading needs), the ends WanEndHosts' (--sender, --receiver: host profiles; a
 * disk stage needs a profile with a disk section: its DiskArray, read and written directly,
 * without the page cache). The applications (apps module):
 *   BlockPipelineSender: --blocks of --blockSize, each produced by --source (memory,
 *     disk, compute: --sourceCompute per block), then send() on a TCP connection (block k
 *     on connection k mod --streams), then --pause; --senderOverlap produces the next block
 *     during the send (asynchronous I/O); --noDelay sets TCP_NODELAY;
 *   BlockPipelineReceiver: reads each block and hands it to --sink (memory, disk,
 *     compute: --sinkCompute); --receiverOverlap reads the next block during the sink stage.
 * --requests makes it an rfio-style read: the client asks for each block on a separate
 * control connection (64 B a request, --requestBatch of them per send(), --controlNoDelay
 * for TCP_NODELAY there) and the server reads and sends a block only when asked.
 * The run ends when the last block has left the sink stage (or at --timeLimit).
 *
 * Metrics: complete (1 if every block got through), transferTime (s, from the data
 *   connections' opening to the last block's sink stage ending), throughput (Mb/s, 8 x bytes
 *   / transferTime), blockTime (s, transferTime / blocks); the stages' mean times per block
 *   (s): produceMean, sendMean (send() calls, until the socket took the last byte), pauseMean
 *   (--pause), receiveMean (first byte taken to last), consumeMean; and first-principles
 *   block times from them (BlockPipelineSender and BlockPipelineReceiver (1), (2)):
 *   senderSerialBlock = produce + send + pause, senderOverlapBlock = max(produce, send +
 *   pause), receiverSerialBlock = receive + consume, receiverOverlapBlock = max(receive,
 *   consume); stageBlock (s, the slower end's block time in the modes given: a pipeline
 *   runs at its slowest stage) and blockTimeOverStages (blockTime / stageBlock: 1 when the
 *   run is that stage's, above 1 by the start-up - connection, slow start, the pipeline
 *   filling - and by stalls the stage means do not show, such as a block waiting for its
 *   request with --requests); retransmits and the other TCP totals of
 * the data connections (TcpSenderProbe); bottleneckDrops, senderQueueDrops; per host model the
 * HostCounters; derived: bdp (B), goodputCeiling (Mb/s). Series blocks, one row per block: block,
 * produceStart, produceEnd, sendStart, sendEnd, recvStart, recvEnd, consumeStart, consumeEnd (s) -
 * each block's lifeline.
 * --netlogger writes every event as NetLogger ULM lines (`hybridnet lifelines` draws them),
 * with the host monitors' vmstat, iostat and netstat of host-model ends every
 * --monitorInterval (the sender's netstat with the data connections' TCP retransmissions),
 * and the bottleneck router port's ifstat (QueueMonitor: queue length, packets, drops).
 * --operation names the ends in the events: get, the server sends to the client (rfio's
 * read); put, the client sends to the server (rfio's write).
 *
 * Run:  hybridnet run grid-application --pause=2ms --blockSize=64KiB
 */
#include "hybridnet/apps-module.h"
#include "hybridnet/netlogger-module.h"
#include "hybridnet/tcp-module.h"
#include "hybridnet/testbed-module.h"

#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-net-device.h"

#include <algorithm>
#include <array>
#include <deque>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

constexpr uint16_t kPort = 5001;
constexpr uint32_t kMaxBlocks = 100000; //!< 800,000 events kept, about 200 MB

/** The scenario's own flags. */
struct Options
{
    WanPath::Shape path;
    uint32_t blocks{64};
    uint32_t blockSize{1 << 20};
    uint32_t streams{1};
    std::string source{"memory"};
    std::string sink{"memory"};
    Time sourceCompute{MilliSeconds(10)};
    Time sinkCompute{MilliSeconds(10)};
    Time pause;
    bool senderOverlap{false};
    bool receiverOverlap{false};
    bool noDelay{false};
    bool requests{false};
    uint32_t requestBatch{1};
    bool controlNoDelay{false};
    std::string operation{"get"};
    Time monitorInterval{Seconds(1)};
    Time timeLimit{Hours(1)};
};

/** @return the stage kind of a --source or --sink choice */
BlockStage::Kind
Stage(const std::string& choice)
{
    return choice == "disk"      ? BlockStage::DISK
           : choice == "compute" ? BlockStage::COMPUTE
                                 : BlockStage::MEMORY;
}

/** Register the application's flags. */
void
AddApplicationFlags(ScenarioFlags& flags, Options& o)
{
    // each block's eight events are kept (the series and the ULM file): about 2 KB a block
    flags.AddCount("blocks",
                   "blocks the server sends (each block's events are kept: about 2 KB of "
                   "memory a block)",
                   &o.blocks,
                   1,
                   kMaxBlocks);
    flags.AddSize("blockSize",
                  "bytes of each block: one read() or computation and one send()",
                  &o.blockSize,
                  1,
                  1U << 30);
    flags.AddCount("streams",
                   "TCP data connections (parallel streams); block k on connection k mod streams",
                   &o.streams,
                   1,
                   64);
    flags.AddConstraint("blocks x blockSize <= 1 TiB",
                        [&o]() { return uint64_t(o.blocks) * o.blockSize <= (1ULL << 40); });
    const std::vector<std::string> stages{"memory", "disk", "compute"};
    flags.AddChoice("source",
                    "where the server's blocks come from: memory, disk (the sender profile's "
                    "disk array) or compute (--sourceCompute per block)",
                    &o.source,
                    stages);
    flags.AddChoice("sink",
                    "where the client's blocks go: memory, disk (the receiver profile's "
                    "disk array) or compute (--sinkCompute per block)",
                    &o.sink,
                    stages);
    flags.AddTime("sourceCompute",
                  "the server's work per block with source=compute",
                  &o.sourceCompute,
                  Seconds(0),
                  Hours(1));
    flags.AddTime("sinkCompute",
                  "the client's work per block with sink=compute",
                  &o.sinkCompute,
                  Seconds(0),
                  Hours(1));
    flags.AddTime("pause",
                  "the server's pause after each send() (its OS's)",
                  &o.pause,
                  Seconds(0),
                  Hours(1));
    flags.AddBool("senderOverlap",
                  "produce the next block while sending this one (asynchronous I/O)",
                  &o.senderOverlap);
    flags.AddBool("receiverOverlap",
                  "read the next block while the sink works on this one",
                  &o.receiverOverlap);
}

/** Register the connections' flags: TCP_NODELAY, rfio-style requests, the monitors. */
void
AddConnectionFlags(ScenarioFlags& flags, Options& o)
{
    flags.AddBool("noDelay", "TCP_NODELAY on the data connections (Nagle off)", &o.noDelay);
    flags.AddBool("requests",
                  "the client asks for each block on a separate control connection (an "
                  "rfio-style read; 64 B per request) and the server reads and sends a block "
                  "only when asked",
                  &o.requests);
    flags.AddCount("requestBatch",
                   "requests the client writes in one send() when it asks (batched control "
                   "messages), with requests",
                   &o.requestBatch,
                   1,
                   1000000);
    flags.AddChoice("operation",
                    "which end is the server in the logged events: get (the server sends, "
                    "the client receives: rfio's read) or put (the client sends to the "
                    "server: rfio's write)",
                    &o.operation,
                    {"get", "put"});
    flags.AddBool("controlNoDelay",
                  "TCP_NODELAY on the control connection (Nagle off), with requests",
                  &o.controlNoDelay);
    flags.AddTime("monitorInterval",
                  "vmstat/iostat/netstat interval of host-model ends in the --netlogger file "
                  "(0s: no monitors)",
                  &o.monitorInterval,
                  Seconds(0),
                  Hours(1));
    flags.AddTime("timeLimit",
                  "simulated time after which the run stops even if blocks are missing",
                  &o.timeLimit,
                  MilliSeconds(1),
                  Hours(48));
}

/** A one-line problem with a disk stage at an end without disks, or "". */
std::string
CheckDisks(const WanEndHosts& ends, const Options& o)
{
    if (o.source == "disk" && !ends.HasStorage(WanEndHosts::SENDER))
    {
        return "source=disk needs a sender profile with a disk section (`hybridnet profiles`); "
               "accepted memory or compute";
    }
    if (o.sink == "disk" && !ends.HasStorage(WanEndHosts::RECEIVER))
    {
        return "sink=disk needs a receiver profile with a disk section (`hybridnet profiles`); "
               "accepted memory or compute";
    }
    return "";
}

/** The two applications, their logger and the data connections' probes. */
struct Pipeline
{
    Ptr<BlockPipelineSender> sender;
    Ptr<BlockPipelineReceiver> receiver;
    Ptr<NetLogger> log = CreateObject<NetLogger>();
    std::deque<TcpSenderProbe> probes;

    Pipeline(const WanPath& path, const Options& o)
    {
        receiver = CreateObject<BlockPipelineReceiver>();
        receiver->SetAttribute("Port", UintegerValue(kPort));
        receiver->SetAttribute("Blocks", UintegerValue(o.blocks));
        receiver->SetAttribute("BlockSize", UintegerValue(o.blockSize));
        receiver->SetAttribute("Streams", UintegerValue(o.streams));
        receiver->SetAttribute("Sink", EnumValue(Stage(o.sink)));
        receiver->SetAttribute("ComputeTime", TimeValue(o.sinkCompute));
        receiver->SetAttribute("Overlap", BooleanValue(o.receiverOverlap));
        receiver->SetAttribute("Requests", BooleanValue(o.requests));
        receiver->SetAttribute("RequestBatch", UintegerValue(o.requestBatch));
        receiver->SetAttribute("ControlNoDelay", BooleanValue(o.controlNoDelay));
        receiver->SetAttribute("Program", StringValue(o.operation == "get" ? "client" : "server"));
        receiver->SetLogger(log);
        receiver->SetDoneCallback(Callback<void>([]() { Simulator::Stop(); }));
        path.GetReceiver()->AddApplication(receiver);
        sender = CreateObject<BlockPipelineSender>();
        sender->SetAttribute("Remote", Ipv4AddressValue(path.GetReceiverAddress()));
        sender->SetAttribute("Port", UintegerValue(kPort));
        sender->SetAttribute("Blocks", UintegerValue(o.blocks));
        sender->SetAttribute("BlockSize", UintegerValue(o.blockSize));
        sender->SetAttribute("Streams", UintegerValue(o.streams));
        sender->SetAttribute("Source", EnumValue(Stage(o.source)));
        sender->SetAttribute("ComputeTime", TimeValue(o.sourceCompute));
        sender->SetAttribute("Pause", TimeValue(o.pause));
        sender->SetAttribute("Overlap", BooleanValue(o.senderOverlap));
        sender->SetAttribute("NoDelay", BooleanValue(o.noDelay));
        sender->SetAttribute("Requests", BooleanValue(o.requests));
        sender->SetAttribute("Program", StringValue(o.operation == "get" ? "server" : "client"));
        sender->SetLogger(log);
        path.GetSender()->AddApplication(sender);
        sender->TraceConnectWithoutContext("DataConnection",
                                           Callback<void, Ptr<Socket>>([this](Ptr<Socket> socket) {
                                               probes.emplace_back().Attach(socket, true);
                                           }));
    }

    /** @return the ULM text of every event */
    std::string GetUlm() const
    {
        std::ostringstream text;
        log->Write(text);
        return text.str();
    }

    void WriteTo(ResultDocument& result, const Options& o) const;
    std::vector<ResultDocument::Column> GetSeries(uint32_t blocks) const;
};

void
Pipeline::WriteTo(ResultDocument& result, const Options& o) const
{
    const bool complete = receiver->GetBlocksDone() == o.blocks;
    result.SetMetric("complete", complete ? 1.0 : 0.0, "");
    const double n = o.blocks;
    const double produce = sender->GetProduceTime().GetSeconds() / n;
    const double send = sender->GetSendTime().GetSeconds() / n;
    const double pause = o.pause.GetSeconds();
    const double receive = receiver->GetReceiveTime().GetSeconds() / n;
    const double consume = receiver->GetConsumeTime().GetSeconds() / n;
    if (complete)
    {
        const double t = (receiver->GetEndTime() - sender->GetStartTime()).GetSeconds();
        result.SetMetric("transferTime", t, "s");
        result.SetMetric("throughput", 8.0 * n * o.blockSize / t / 1e6, "Mb/s");
        result.SetMetric("blockTime", t / n, "s");
    }
    result.SetMetric("produceMean", produce, "s");
    result.SetMetric("sendMean", send, "s");
    result.SetMetric("pauseMean", pause, "s");
    result.SetMetric("receiveMean", receive, "s");
    result.SetMetric("consumeMean", consume, "s");
    // the block time of each end in its mode, (1) or (2), and of the pipeline: the slower end
    const double senderBlock =
        o.senderOverlap ? std::max(produce, send + pause) : produce + send + pause;
    const double receiverBlock = o.receiverOverlap ? std::max(receive, consume) : receive + consume;
    const double stageBlock = std::max(senderBlock, receiverBlock);
    result.SetMetric("senderSerialBlock", produce + send + pause, "s");
    result.SetMetric("senderOverlapBlock", std::max(produce, send + pause), "s");
    result.SetMetric("receiverSerialBlock", receive + consume, "s");
    result.SetMetric("receiverOverlapBlock", std::max(receive, consume), "s");
    result.SetMetric("stageBlock", stageBlock, "s");
    if (complete && stageBlock > 0)
    {
        const Time t = receiver->GetEndTime() - sender->GetStartTime();
        result.SetMetric("blockTimeOverStages", t.GetSeconds() / n / stageBlock, "");
    }
    std::vector<const TcpSenderProbe*> all;
    for (const auto& probe : probes)
    {
        all.push_back(&probe);
    }
    TcpSenderProbe::WriteTotals(all, result);
}

std::vector<ResultDocument::Column>
Pipeline::GetSeries(uint32_t blocks) const
{
    // (PROG, NL.EVNT) of each column after "block"
    const std::string from = sender->GetProgram();
    const std::string to = receiver->GetProgram();
    const std::vector<std::array<std::string, 3>> stages{{from, "produce.start", "produceStart"},
                                                         {from, "produce.end", "produceEnd"},
                                                         {from, "send.start", "sendStart"},
                                                         {from, "send.end", "sendEnd"},
                                                         {to, "recv.start", "recvStart"},
                                                         {to, "recv.end", "recvEnd"},
                                                         {to, "consume.start", "consumeStart"},
                                                         {to, "consume.end", "consumeEnd"}};
    std::map<std::pair<std::string, std::string>, std::map<std::string, double>> at;
    for (const UlmRecord& r : log->GetRecords())
    {
        at[{r.prog, r.event}][r.id] = r.time.GetSeconds();
    }
    std::vector<ResultDocument::Column> columns{{"block", "", {}}};
    for (const auto& stage : stages)
    {
        columns.push_back({stage[2], "s", {}});
    }
    for (uint32_t k = 0; k < blocks; ++k)
    {
        const std::string id = std::to_string(k);
        if (!at[{to, "consume.end"}].count(id))
        {
            break; // the rows of blocks that went all the way through
        }
        columns[0].values.push_back(k);
        for (size_t s = 0; s < stages.size(); ++s)
        {
            columns[s + 1].values.push_back(at[{stages[s][0], stages[s][1]}][id]);
        }
    }
    return columns;
}

/** The host monitors of the modelled ends, logging to @p log. */
std::vector<Ptr<HostMonitor>>
StartMonitors(const WanPath& path,
              const WanEndHosts& ends,
              const Options& o,
              const Pipeline& pipeline)
{
    std::vector<Ptr<HostMonitor>> monitors;
    if (o.monitorInterval.IsZero())
    {
        return monitors;
    }
    const std::pair<WanEndHosts::End, std::string> hosts[] = {{WanEndHosts::SENDER, "sender"},
                                                              {WanEndHosts::RECEIVER, "receiver"}};
    for (const auto& [end, name] : hosts)
    {
        if (!ends.IsModelled(end))
        {
            continue;
        }
        Ptr<HostMonitor> m = CreateObject<HostMonitor>();
        m->SetAttribute("Interval", TimeValue(o.monitorInterval));
        m->SetAttribute("Host", StringValue(name));
        if (end == WanEndHosts::SENDER)
        {
            m->SetRetransmits([&pipeline]() {
                uint64_t sum = 0;
                for (const auto& probe : pipeline.probes)
                {
                    sum += probe.GetRetransmits();
                }
                return sum;
            });
        }
        m->Start(end == WanEndHosts::SENDER ? path.GetSender() : path.GetReceiver(), pipeline.log);
        monitors.push_back(m);
    }
    return monitors;
}

/** The bottleneck port's ifstat, logging to @p log, or nothing without monitors. */
Ptr<QueueMonitor>
StartQueueMonitor(const WanPath& path, const Options& o, Ptr<NetLogger> log)
{
    if (o.monitorInterval.IsZero())
    {
        return nullptr;
    }
    Ptr<QueueMonitor> m = CreateObject<QueueMonitor>();
    m->SetAttribute("Interval", TimeValue(o.monitorInterval));
    m->SetAttribute("Host", StringValue("router"));
    m->SetAttribute("Port", StringValue("bottleneck"));
    m->Start(DynamicCast<PointToPointNetDevice>(path.GetBottleneckDevice())->GetQueue(), log);
    return m;
}

} // namespace

int
main(int argc, char* argv[])
{
    Scenario scenario("grid-application",
                      "a data-grid application's block pipeline (produce, send, pause; read, "
                      "consume; serial or overlapped) over a WAN path, every block's stages "
                      "logged in NetLogger's format");
    WanTcpFlags tcp;
    WanEndHosts ends;
    Options o;
    std::optional<Pipeline> pipeline;
    scenario.AddOutputFile("netlogger",
                           "a file for every block's events and the host monitors' as NetLogger "
                           "ULM lines (none by default; `hybridnet lifelines FILE` draws them)",
                           [&pipeline]() { return pipeline ? pipeline->GetUlm() : std::string(); });
    auto& flags = scenario.Flags();
    tcp.AddStackFlags(flags, "both hosts", false);
    ends.AddFlags(flags, "the server (sending host)");
    WanPath::AddFlags(flags, o.path);
    WanPath::AddReceiverRule(flags, o.path, ends);
    tcp.AddSocketFlags(flags, "the path", true);
    AddApplicationFlags(flags, o);
    AddConnectionFlags(flags, o);
    flags.AddInputCheck([&]() { return tcp.ResolveCongestion(1); });
    flags.AddInputCheck([&]() { return CheckDisks(ends, o); });
    flags.AddInputCheck([&]() -> std::string {
        return tcp.IsLfn() ? ""
                           : "tcp=ns3: ns-3's TCP sends no window update when the client reads, "
                             "so a client that pauses its reading would stall the server; "
                             "accepted tcp=lfn";
    });
    if (auto exitCode = scenario.Parse(argc, argv))
    {
        return *exitCode;
    }

    const WanPathSizing sizing =
        tcp.SizePath(o.path.bottleneckRate, o.path.rtt, o.path.queuePackets);
    tcp.SetCongestionDefault();
    tcp.SetDefaults(sizing);
    WanPath path(o.path, tcp, ends, sizing.GetMtu(), nullptr);
    if (o.source == "disk")
    {
        ends.InstallStorage(WanEndHosts::SENDER, path.GetSender());
    }
    if (o.sink == "disk")
    {
        ends.InstallStorage(WanEndHosts::RECEIVER, path.GetReceiver());
    }
    QueueDrops bottleneckDrops;
    QueueDrops senderQueueDrops;
    path.WatchQueues(bottleneckDrops, senderQueueDrops, sizing.GetQueuePackets());
    pipeline.emplace(path, o);
    const auto monitors = StartMonitors(path, ends, o, *pipeline);
    const Ptr<QueueMonitor> bottleneckMonitor = StartQueueMonitor(path, o, pipeline->log);
    WanEndHosts::AssignStreams(NetDeviceContainer(path.GetSenderDevice(), path.GetReceiverDevice()),
                               0);
    HostCounters counters = path.GetHostCounters(ends);
    counters.Open();
    scenario.SetProgressMeasure(
        [&]() { return double(pipeline->receiver->GetBlocksDone()) / o.blocks; },
        MilliSeconds(100));
    scenario.Run(o.timeLimit);

    counters.Close();
    auto& result = scenario.Result();
    pipeline->WriteTo(result, o);
    counters.WriteTo(result);
    result.SetMetric("bottleneckDrops", double(bottleneckDrops.Get()), "");
    result.SetMetric("senderQueueDrops", double(senderQueueDrops.Get()), "");
    result.SetMetric("bdp", double(sizing.GetBdp()), "B");
    result.SetMetric("goodputCeiling", sizing.GetGoodputCeiling() / 1e6, "Mb/s");
    result.SetSeries("blocks", pipeline->GetSeries(o.blocks));
    return scenario.Finish();
}
