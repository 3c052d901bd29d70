/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * disk-transfer: a file moved disk to disk over a WAN path by bbftp or bbcp, with parallel
 * TCP streams, for the high-speed TCP studies' disk-to-disk transfers (shared reference
 * high-speed-tcp-wan.md: "RAID5 array reads 1200 Mb/s, writes 600 Mb/s; throughput over
 * time oscillates with disk/bus effects, not TCP"; UKLight London-Chicago-London 177 ms,
 * MB-NG 6.2 ms).
 *
 *     sender host --------- router ---------------------------- [far router] --- receiver
 *     FileTransferSender          bottleneck (WanPath)                  FileTransferReceiver
 *     read() from its disks                                             write() to its disks
 *
 * The path is WanPath's (--bottleneckRate, --accessRate, --rtt, --accessDelay,
 * --queuePackets), the TCP the WAN TCP flags' (WanTcpFlags), the ends WanEndHosts' (--sender,
 * --receiver: host profiles). The sender reads the file from its disks or from /dev/zero
 * (--read=disk|memory), the receiver writes it to its disks or to /dev/null (--write); auto,
 * the default, is disk for an end whose profile has a disk section (its disk array and the
 * page cache of the file on it: DiskArray, PageCache, WanEndHosts::InstallStorage) and
 * memory otherwise, so the same hosts also run the tool memory to memory.
 *
 * The transfer (FileTransferSender, FileTransferReceiver; model/apps): --tool sets how the
 * file is cut into the streams and how many set-up round trips precede the data:
 *   bbftp: Layout Parts (stream i sends the i-th of --streams contiguous parts, each from its
 *          own open file), 3 set-up exchanges (bbftp 3's protocol after the control
 *          connection opens: the server's key, the client's login, the store command, each
 *          answered; estimate from the protocol description of bbftp's documentation);
 *   bbcp:  Layout Blocks (one reader, blocks in file order to the first stream ready),
 *          8 set-up exchanges (the ssh-2 connection bbcp starts its peer through: version,
 *          key exchange init, Diffie-Hellman, new keys and service, public-key user
 *          authentication (two), channel open and exec; then bbcp's own hand-shake: estimate
 *          from RFC 4253/4252/4254's message sequence, one round trip per request/reply).
 * --blockSize is the bytes of each read() and send() at the sender and each read() and
 * write() at the receiver (bbftp's buffer, bbcp's -B).
 *
 * Phases: both applications start at t = 0 (the set-up exchanges, then the data
 * connections); the run ends when the whole file is on the receiver's disks (or, without
 * disks, written to /dev/null), or at --timeLimit.
 *
 * Metrics: complete (1 if the file reached the disks within the time limit, else 0);
 *   setupTime (s, until the data connections open); transferTime (s, from then until the
 *   last write() at the receiver returned - what the tools report as the transfer's time);
 *   throughput (Mb/s, 8 fileSize / transferTime: the tools' rate); writeBlockedShare (the
 *   share of transferTime the receiver's write()s were held by the dirty limit, PageCache
 *   (3): the disks, not the network, pacing the transfer); onDiskTime (s, from the
 *   data connections' opening until the file is on the receiver's disks, a `sync` after the
 *   transfer); bytesWritten (B, write()s returned by the end); the TCP totals of the data
 *   connections (retransmits, timeouts, fastRetransmits, lostRetransmits, undos, sendStalls,
 *   maxCwnd);
 *   bottleneckDrops, senderQueueDrops; per host model (Sender, Receiver) the HostCounters
 *   over the run; for an end with disks diskUtilisation<who> (time with a request queued or
 *   in service / run time).
 *   Derived: bdp (B), goodputCeiling (Mb/s), sndBufEffective, rcvBufEffective (B; ends
 *   running the flags' kernel), arrayReadRate (Sender) and arrayWriteRate (Receiver) (Mb/s,
 *   the array's sequential rates, DiskArray (9)).
 *   Series transfer (every --interval): time (s), sent, received, written, onDisk (Mb/s over
 *   the interval: bytes handed to the sender's sockets, taken from the receiver's sockets,
 *   write()s returned, reaching the receiver's disks), dirty (B, the receiver's dirty page
 *   cache, PageCache (2)).
 *
 * Run:  hybridnet run disk-transfer --rtt=177ms --sender=transatlantic-xeon-2.9
 *         --receiver=transatlantic-xeon-2.9 --fileSize=2GB --sack=off
 */
#include "hybridnet/apps-module.h"
#include "hybridnet/storage-module.h"
#include "hybridnet/tcp-module.h"
#include "hybridnet/testbed-module.h"

#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/traffic-control-module.h"

#include <deque>
#include <string>
#include <vector>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

constexpr uint64_t kMaxRows = 1000000;       //!< series rows
constexpr uint32_t kBbftpSetupExchanges = 3; //!< key, login, store command (file header)
constexpr uint32_t kBbcpSetupExchanges = 8;  //!< its ssh-2 start-up and hand-shake (file header)

/** The scenario's own flags. */
struct Options
{
    WanPath::Shape path;
    std::string tool{"bbftp"};
    std::string read{"auto"};
    std::string write{"auto"};
    uint32_t streams{1};
    uint64_t fileSize{1ULL << 30};
    uint32_t blockSize{256 * 1024};
    Time interval{MilliSeconds(100)};
    Time timeLimit{Hours(1)};
};

/** Register the transfer's flags and their rules. */
void
AddTransferFlags(ScenarioFlags& flags, Options& o)
{
    flags.AddChoice("tool",
                    "the transfer tool: bbftp (a contiguous part of the file per stream, "
                    "3 set-up round trips) or bbcp (blocks to the first stream ready, 8 "
                    "set-up round trips: its ssh start-up)",
                    &o.tool,
                    {"bbftp", "bbcp"});
    flags.AddChoice("read",
                    "where the sender reads the file: disk (its profile's disk array, "
                    "through the page cache), memory (/dev/zero) or auto (disk if its "
                    "profile has one)",
                    &o.read,
                    {"auto", "disk", "memory"});
    flags.AddChoice("write",
                    "where the receiver writes the file: disk, memory (/dev/null) or auto, "
                    "as --read",
                    &o.write,
                    {"auto", "disk", "memory"});
    flags.AddCount("streams", "parallel TCP data connections", &o.streams, 1, 64);
    flags.AddSize("fileSize",
                  "bytes of the file (at most what the disks of a profile with disks hold)",
                  &o.fileSize,
                  1,
                  1ULL << 40);
    flags.AddSize("blockSize",
                  "bytes of each read(), send() and write() of the tool",
                  &o.blockSize,
                  1024,
                  64 << 20);
    flags.AddTime("interval",
                  "sampling interval of the series transfer",
                  &o.interval,
                  MilliSeconds(1),
                  Hours(1));
    flags.AddTime("timeLimit",
                  "simulated time after which the run stops even if the file is not on "
                  "the disks yet (then complete = 0)",
                  &o.timeLimit,
                  MilliSeconds(1),
                  Hours(24));
    flags.AddConstraint("timeLimit / interval <= 1000000 samples", [&o]() {
        return o.timeLimit.GetTimeStep() / o.interval.GetTimeStep() <=
               static_cast<int64_t>(kMaxRows);
    });
}

/** @return true if @p end of the path reads or writes the file on its disks */
bool
UsesDisk(const WanEndHosts& ends, const Options& o, WanEndHosts::End end)
{
    const std::string& choice = end == WanEndHosts::SENDER ? o.read : o.write;
    return choice == "disk" || (choice == "auto" && ends.HasStorage(end));
}

/** A one-line problem with either end's disks, or "". */
std::string
CheckDisks(const WanEndHosts& ends, const Options& o)
{
    for (auto end : {WanEndHosts::SENDER, WanEndHosts::RECEIVER})
    {
        const bool sender = end == WanEndHosts::SENDER;
        if (!UsesDisk(ends, o, end))
        {
            continue;
        }
        if (!ends.HasStorage(end))
        {
            return std::string(sender ? "read" : "write") + "=disk needs a " +
                   (sender ? "sender" : "receiver") +
                   " profile with a disk section (`hybridnet profiles`); accepted memory or "
                   "auto";
        }
        if (auto problem = ends.CheckStorage(end, o.fileSize); !problem.empty())
        {
            return problem;
        }
    }
    return "";
}

/** The applications, their sockets' probes and the series of the transfer. */
struct Transfer
{
    Ptr<FileTransferSender> sender;
    Ptr<FileTransferReceiver> receiver;
    std::deque<TcpSenderProbe> probes;
    std::vector<std::vector<double>> rows; //!< time, sent, received, written, onDisk, dirty
    uint64_t last[4]{0, 0, 0, 0};

    Transfer(const WanPath& path, const Options& o, bool lfn)
    {
        const bool bbcp = o.tool == "bbcp";
        receiver = CreateObject<FileTransferReceiver>();
        receiver->SetAttribute("FileSize", UintegerValue(o.fileSize));
        receiver->SetAttribute("BlockSize", UintegerValue(o.blockSize));
        path.GetReceiver()->AddApplication(receiver);
        sender = CreateObject<FileTransferSender>();
        sender->SetAttribute("Remote", Ipv4AddressValue(path.GetReceiverAddress()));
        sender->SetAttribute("Streams", UintegerValue(o.streams));
        sender->SetAttribute("FileSize", UintegerValue(o.fileSize));
        sender->SetAttribute("BlockSize", UintegerValue(o.blockSize));
        sender->SetAttribute(
            "Layout",
            EnumValue(bbcp ? FileTransferSender::BLOCKS : FileTransferSender::PARTS));
        sender->SetAttribute("SetupExchanges",
                             UintegerValue(bbcp ? kBbcpSetupExchanges : kBbftpSetupExchanges));
        path.GetSender()->AddApplication(sender);
        sender->TraceConnectWithoutContext(
            "DataConnection",
            Callback<void, Ptr<Socket>>(
                [this, lfn](Ptr<Socket> socket) { probes.emplace_back().Attach(socket, lfn); }));
        receiver->SetOnDiskCallback(Callback<void>([]() { Simulator::Stop(); }));
    }

    /** Add a row of the series and schedule the next. */
    void Sample(Time interval)
    {
        const uint64_t now[4] = {sender->GetBytesSent(),
                                 receiver->GetBytesRead(),
                                 receiver->GetBytesWritten(),
                                 receiver->GetBytesOnDisk()};
        std::vector<double> row{Simulator::Now().GetSeconds()};
        for (int k = 0; k < 4; ++k)
        {
            row.push_back(8.0 * double(now[k] - last[k]) / interval.GetSeconds() / 1e6);
            last[k] = now[k];
        }
        Ptr<PageCache> cache = receiver->GetNode()->GetObject<PageCache>();
        row.push_back(cache ? double(cache->GetDirty()) : 0.0);
        rows.push_back(row);
        Simulator::Schedule(interval, &Transfer::Sample, this, interval);
    }

    /** The metrics of the file header that the applications give. */
    void WriteTo(ResultDocument& result, const Options& o) const
    {
        const bool complete = !receiver->GetOnDiskTime().IsZero();
        result.SetMetric("complete", complete ? 1.0 : 0.0, "");
        const Time start = sender->GetDataStart();
        result.SetMetric("setupTime", start.GetSeconds(), "s");
        if (!receiver->GetWrittenTime().IsZero())
        {
            const Time transfer = receiver->GetWrittenTime() - start;
            result.SetMetric("transferTime", transfer.GetSeconds(), "s");
            result.SetMetric("throughput",
                             8.0 * double(o.fileSize) / transfer.GetSeconds() / 1e6,
                             "Mb/s");
            result.SetMetric("writeBlockedShare",
                             receiver->GetBlockedTime().GetSeconds() / transfer.GetSeconds(),
                             "");
        }
        if (complete)
        {
            result.SetMetric("onDiskTime", (receiver->GetOnDiskTime() - start).GetSeconds(), "s");
        }
        result.SetMetric("bytesWritten", double(receiver->GetBytesWritten()), "B");
        std::vector<const TcpSenderProbe*> all;
        for (const auto& probe : probes)
        {
            all.push_back(&probe);
        }
        TcpSenderProbe::WriteTotals(all, result);
    }

    /** The series transfer. */
    std::vector<ResultDocument::Column> GetSeries() const
    {
        std::vector<ResultDocument::Column> columns{{"time", "s", {}},
                                                    {"sent", "Mb/s", {}},
                                                    {"received", "Mb/s", {}},
                                                    {"written", "Mb/s", {}},
                                                    {"onDisk", "Mb/s", {}},
                                                    {"dirty", "B", {}}};
        for (const auto& row : rows)
        {
            for (size_t k = 0; k < columns.size(); ++k)
            {
                columns[k].values.push_back(row[k]);
            }
        }
        return columns;
    }
};

/** Per end with disks: busy time of its array, and its sequential rates (derived). */
void
WriteDisks(ResultDocument& result, const WanPath& path, Time elapsed)
{
    const std::pair<Ptr<Node>, std::string> ends[] = {{path.GetSender(), "Sender"},
                                                      {path.GetReceiver(), "Receiver"}};
    for (const auto& [node, who] : ends)
    {
        if (Ptr<DiskArray> array = node->GetObject<DiskArray>())
        {
            result.SetMetric("diskUtilisation" + who,
                             array->GetBusyTime().GetSeconds() / elapsed.GetSeconds(),
                             "");
            const auto direction = who == "Sender" ? DiskArray::READ : DiskArray::WRITE;
            result.SetMetric(who == "Sender" ? "arrayReadRate" : "arrayWriteRate",
                             array->GetSequentialRate(direction).GetBitRate() / 1e6,
                             "Mb/s");
        }
    }
}

} // namespace

int
main(int argc, char* argv[])
{
    Scenario scenario("disk-transfer",
                      "a file moved disk to disk by bbftp or bbcp (parallel TCP streams) over "
                      "a WAN path, between host models with RAID arrays and Linux's page "
                      "cache");
    WanTcpFlags tcp;
    WanEndHosts ends;
    Options o;
    auto& flags = scenario.Flags();
    tcp.AddStackFlags(flags, "both hosts", false);
    ends.AddFlags(flags, "the sending host");
    WanPath::AddFlags(flags, o.path);
    WanPath::AddReceiverRule(flags, o.path, ends);
    tcp.AddSocketFlags(flags, "the path", true);
    AddTransferFlags(flags, o);
    flags.AddInputCheck([&]() { return tcp.ResolveCongestion(1); });
    flags.AddInputCheck([&]() { return CheckDisks(ends, o); });
    flags.AddInputCheck([&]() -> std::string {
        if (tcp.IsLfn() || !UsesDisk(ends, o, WanEndHosts::RECEIVER))
        {
            return "";
        }
        return "tcp ns3 with a receiver that writes to disk: ns-3's TCP sends no window "
               "update on read, so a sender the disks hold would stall; accepted tcp=lfn, or "
               "write=memory";
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
    for (auto end : {WanEndHosts::SENDER, WanEndHosts::RECEIVER})
    {
        if (UsesDisk(ends, o, end))
        {
            ends.InstallStorage(end,
                                end == WanEndHosts::SENDER ? path.GetSender() : path.GetReceiver());
        }
    }
    QueueDrops bottleneckDrops;
    QueueDrops senderQueueDrops;
    path.WatchQueues(bottleneckDrops, senderQueueDrops, sizing.GetQueuePackets());

    Transfer transfer(path, o, tcp.IsLfn());
    Simulator::Schedule(o.interval, &Transfer::Sample, &transfer, o.interval);
    WanEndHosts::AssignStreams(NetDeviceContainer(path.GetSenderDevice(), path.GetReceiverDevice()),
                               0);
    HostCounters counters = path.GetHostCounters(ends);
    counters.Open();

    // progress by the file's bytes written at the receiver: the run ends when the file is
    // on disk, long before --timeLimit
    scenario.SetProgressMeasure(
        [&transfer, &o]() {
            return double(transfer.receiver->GetBytesWritten()) / double(o.fileSize);
        },
        MilliSeconds(100));
    scenario.Run(o.timeLimit);

    counters.Close();
    auto& result = scenario.Result();
    transfer.WriteTo(result, o);
    result.SetMetric("bottleneckDrops", double(bottleneckDrops.Get()), "");
    result.SetMetric("senderQueueDrops", double(senderQueueDrops.Get()), "");
    counters.WriteTo(result);
    WriteDisks(result, path, Simulator::Now());
    result.SetMetric("bdp", double(sizing.GetBdp()), "B");
    result.SetMetric("goodputCeiling", sizing.GetGoodputCeiling() / 1e6, "Mb/s");
    if (!tcp.IsLfn() || !ends.GetKernel(WanEndHosts::SENDER))
    {
        result.SetMetric("sndBufEffective", double(sizing.GetSndBufEffective()), "B");
    }
    if (!tcp.IsLfn() || !ends.GetKernel(WanEndHosts::RECEIVER))
    {
        result.SetMetric("rcvBufEffective", double(sizing.GetRcvBufEffective()), "B");
    }
    result.SetSeries("transfer", transfer.GetSeries());
    return scenario.Finish();
}
