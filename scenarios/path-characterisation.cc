/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * path-characterisation: pchar or pipechar from the first host of a hop-by-hop path (a
 * HopPath file: links, routers answering expired probes, optional cross traffic per hop)
 * to its last, and their estimates against the path's known links (shared reference
 * wan-tuning-grid.md, "Path characterisation tools"; the bundled file
 * examples/topologies/paths/lbnl-cern.json: ten hops, LBNL to CERN about 2000).
 *
 *     measuring host --hop 1-- router 1 --hop 2-- ... router N-1 --hop N-- far host
 *     (pchar or pipechar)                                             (closed UDP port)
 *
 * The path is HopPathBuilder's (docs/testbed.md); the measuring host is a bare node with
 * an exact clock rounded to --timerResolution, or a host model of --sender (its NIC's
 * interrupt moderation and CPU work between the wire and the tool's clock).  --tool runs
 * one of:
 *   pchar:    Pchar (model/apps): probes of --increment, 2 --increment, ... <= --mtu IP bytes,
 *             --repetitions per size per hop, --gap after each answer; per hop the least
 *             round trip per size, the least-squares line and the adjacent differences,
 *             Pchar (2);
 *   pipechar: Pipechar: --trains trains of --trainLength datagrams of --mtu bytes per hop,
 *             --trainGap after each; capacity, utilisation and jitter from the trains'
 *             dispersion, Pipechar (2), the bottleneck, hops behind a narrower one unreliable.
 * Both probe TTL --firstHop to --maxHops, stopping at the far host, each probe or train
 * lost after --timeout.  The run ends when the tool is done (or at --timeLimit).
 *
 * Ground truth, per hop h: the link's rate R_h and one-way delay d_h from the file.  Each
 * hop's error is the tool's estimate against R_h: e_h = estimate / R_h - 1 (negative
 * estimates included, as pchar prints them).
 *
 * Metrics: hops (the path's), hopsMeasured (the tool's), complete (1 if the tool ended
 *   before --timeLimit), duration (s, simulated time the tool took), probes (datagrams
 *   sent), bottleneckHop (the path's slowest link, first of equals, 1-based),
 *   bottleneckRate (Mb/s), pathRtt (s, 2 x the delays);
 *   pchar: negativeBandwidths (hops with a negative estimate), bandwidthErrorMax,
 *   bandwidthErrorMedian (|e_h| over the hops measured), bandwidthErrorFast and
 *   bandwidthErrorSlow (the largest |e_h| over hops of at least and below --fastRate),
 *   bandwidthErrorFastOverSlow (their ratio, when both exist and the second is not 0), lost
 *   (probes unanswered);
 *   pipechar: estimatedBottleneckHop (1-based; 0 if none), bottleneckFound (1 if it is the
 *   path's bottleneck), bottleneckCapacity (Mb/s, its estimate), bottleneckError (|e| of
 *   that estimate against the path's bottleneck rate), reliableHops (new narrowest links),
 *   reliableErrorMax (|e_h| over them), unreliableErrorMax (over the others).
 * Series hops, one row per hop measured: hop (TTL), rate (Mb/s, R_h), delay (s, d_h),
 *   estimate (Mb/s: pchar's bandwidth, pipechar's capacity), error (e_h); pchar: rtt (s,
 *   the hop's rtt estimate), queueing (s), lost; pipechar: utilisation, jitter, reliable (1
 *   for a new narrowest link), usable (trains).
 * --report writes the tool's own text report.
 *
 * Run:  hybridnet run path-characterisation --tool=pipechar
 */
#include "hybridnet/apps-module.h"
#include "hybridnet/testbed-module.h"

#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

constexpr uint32_t kHeaders = 28; //!< IP 20 + UDP 8: the smallest probe

/** The scenario's own flags. */
struct Options
{
    std::string pathFile;
    std::string tool{"pchar"};
    uint32_t firstHop{1};
    uint32_t maxHops{30};
    uint32_t mtu{1500};
    uint32_t increment{32};
    uint32_t repetitions{32};
    Time gap{MilliSeconds(250)};
    uint32_t trainLength{8};
    uint32_t trains{16};
    Time trainGap{MilliSeconds(100)};
    double threshold{0.1};
    Time timeout{Seconds(3)};
    Time timerResolution{MicroSeconds(1)};
    DataRate fastRate{"500Mbps"};
    Time timeLimit{Hours(4)};
};

/** @return pchar's probe sizes for @p o: multiples of the increment from 28 B to the mtu */
uint32_t
CountSizes(const Options& o)
{
    const uint32_t first = (kHeaders + o.increment - 1) / o.increment;
    const uint32_t last = o.mtu / o.increment;
    return last >= first ? last - first + 1 : 0;
}

/** Register the path's and the tools' common flags. */
void
AddPathFlags(ScenarioFlags& flags, Options& o)
{
    flags.AddInputFile("path",
                       "the path file (docs/testbed.md, the hop-by-hop path file): a path to "
                       "a JSON file, or the name of one in examples/topologies/paths",
                       &o.pathFile,
                       HYBRIDNET_PATH_DIR,
                       ".json",
                       "lbnl-cern");
    flags.AddChoice("tool",
                    "pchar (probes of stepped sizes, a line per hop) or pipechar (packet "
                    "trains, dispersion per hop)",
                    &o.tool,
                    {"pchar", "pipechar"});
    flags.AddCount("firstHop", "TTL of the first hop probed", &o.firstHop, 1, 255);
    flags.AddCount("maxHops",
                   "TTL of the last hop probed (the far host ends it sooner)",
                   &o.maxHops,
                   1,
                   255);
    flags.AddConstraint("firstHop <= maxHops", [&o]() { return o.firstHop <= o.maxHops; });
    flags.AddSize("mtu",
                  "the largest probe in IP bytes (pchar -m; pipechar's datagrams), at most "
                  "the path's MTU",
                  &o.mtu,
                  kHeaders,
                  65535);
    flags.AddTime("timeout",
                  "a probe (pchar) or train (pipechar) not answered after this long is lost",
                  &o.timeout,
                  MilliSeconds(1),
                  Hours(1));
    flags.AddTime("timerResolution",
                  "the measuring host's clock: times are rounded down to a multiple of it "
                  "(gettimeofday: 1us; 0s exact)",
                  &o.timerResolution,
                  Seconds(0),
                  Seconds(1));
    flags.AddDataRate("fastRate",
                      "hops of at least this rate count as fast in bandwidthErrorFast",
                      &o.fastRate,
                      DataRate(1),
                      DataRate("1000Gbps"));
    flags.AddTime("timeLimit",
                  "simulated time after which the run stops even if the tool is not done",
                  &o.timeLimit,
                  Seconds(1),
                  Hours(48));
}

/** Register pchar's and pipechar's own flags. */
void
AddToolFlags(ScenarioFlags& flags, Options& o)
{
    flags.AddSize("increment",
                  "pchar: step of the probe sizes, IP bytes (pchar -I)",
                  &o.increment,
                  1,
                  65535);
    flags.AddConstraint("pchar: at least two probe sizes, multiples of increment from 28 B to mtu",
                        [&o]() { return CountSizes(o) >= 2; });
    flags.AddCount("repetitions",
                   "pchar: probes of each size at each hop (pchar -n)",
                   &o.repetitions,
                   1,
                   1000000);
    flags.AddTime("gap",
                  "pchar: wait after each answer or loss (pchar -g)",
                  &o.gap,
                  Seconds(0),
                  Hours(1));
    flags.AddCount("trainLength",
                   "pipechar: datagrams per train, sent back to back",
                   &o.trainLength,
                   2,
                   1000);
    flags.AddCount("trains", "pipechar: trains per hop", &o.trains, 1, 1000000);
    flags.AddTime("trainGap", "pipechar: wait after each train", &o.trainGap, Seconds(0), Hours(1));
    flags.AddReal("threshold",
                  "pipechar: a hop is a new narrowest link when its capacity is below the "
                  "earlier hops' least by more than this fraction",
                  &o.threshold,
                  0,
                  1,
                  "");
}

/** The tool that runs, behind one face. */
struct Tool
{
    Ptr<Pchar> pchar;
    Ptr<Pipechar> pipechar;
    Time finished;

    Tool(const Options& o, Ptr<Node> host, Ipv4Address remote)
    {
        Ptr<Application> app;
        if (o.tool == "pchar")
        {
            app = pchar = CreateObject<Pchar>();
            pchar->SetAttribute("Increment", UintegerValue(o.increment));
            pchar->SetAttribute("Repetitions", UintegerValue(o.repetitions));
            pchar->SetAttribute("Gap", TimeValue(o.gap));
            pchar->SetAttribute("Mtu", UintegerValue(o.mtu));
            pchar->SetDoneCallback(MakeCallback(&Tool::Done, this));
        }
        else
        {
            app = pipechar = CreateObject<Pipechar>();
            pipechar->SetAttribute("TrainLength", UintegerValue(o.trainLength));
            pipechar->SetAttribute("Trains", UintegerValue(o.trains));
            pipechar->SetAttribute("Gap", TimeValue(o.trainGap));
            pipechar->SetAttribute("PacketSize", UintegerValue(o.mtu));
            pipechar->SetAttribute("Threshold", DoubleValue(o.threshold));
            pipechar->SetDoneCallback(MakeCallback(&Tool::Done, this));
        }
        app->SetAttribute("Remote", Ipv4AddressValue(remote));
        app->SetAttribute("FirstHop", UintegerValue(o.firstHop));
        app->SetAttribute("MaxHops", UintegerValue(o.maxHops));
        app->SetAttribute("Timeout", TimeValue(o.timeout));
        app->SetAttribute("TimerResolution", TimeValue(o.timerResolution));
        host->AddApplication(app);
    }

    void Done()
    {
        finished = Simulator::Now();
        Simulator::Stop();
    }

    uint64_t GetProbesSent() const
    {
        return pchar ? pchar->GetProbesSent() : pipechar->GetProbesSent();
    }

    std::string GetReport() const
    {
        return pchar ? pchar->GetReport() : pipechar->GetReport();
    }
};

/** @return the probes the tool sends to reach the far host over @p hops hops */
double
ExpectedProbes(const Options& o, size_t hops)
{
    const uint32_t reached = std::min<uint32_t>(uint32_t(hops), o.maxHops);
    const double hopsProbed = reached >= o.firstHop ? reached - o.firstHop + 1 : 1;
    const double perHop = o.tool == "pchar" ? double(CountSizes(o)) * o.repetitions
                                            : double(o.trains) * o.trainLength;
    return hopsProbed * perHop;
}

/** @return the median of @p v (0 if empty) */
double
Median(std::vector<double> v)
{
    if (v.empty())
    {
        return 0;
    }
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/** @return the largest of @p v (0 if empty) */
double
Max(const std::vector<double>& v)
{
    return v.empty() ? 0.0 : *std::max_element(v.begin(), v.end());
}

/** The hops series' columns, filled row by row. */
class HopRows
{
  public:
    explicit HopRows(std::vector<std::pair<std::string, std::string>> columns)
    {
        for (auto& [name, unit] : columns)
        {
            m_columns.push_back({name, unit, {}});
        }
    }

    void Add(const std::vector<double>& row)
    {
        for (size_t k = 0; k < m_columns.size(); ++k)
        {
            m_columns[k].values.push_back(row[k]);
        }
    }

    const std::vector<ResultDocument::Column>& Get() const
    {
        return m_columns;
    }

  private:
    std::vector<ResultDocument::Column> m_columns;
};

/** @return hop @p ttl's link (TTL 1 is hop 1) */
const HopPath::Hop&
LinkOf(const HopPath& path, uint32_t ttl)
{
    return path.hops.at(std::min<size_t>(ttl, path.hops.size()) - 1);
}

/** pchar's metrics and series. */
void
WritePchar(ResultDocument& result, const Pchar& pchar, const HopPath& path, const Options& o)
{
    HopRows rows({{"hop", ""},
                  {"rate", "Mb/s"},
                  {"delay", "s"},
                  {"estimate", "Mb/s"},
                  {"error", ""},
                  {"rtt", "s"},
                  {"queueing", "s"},
                  {"lost", ""}});
    std::vector<double> all;
    std::vector<double> fast;
    std::vector<double> slow;
    double negative = 0;
    double lost = 0;
    for (const Pchar::Hop& h : pchar.GetHops())
    {
        const HopPath::Hop& link = LinkOf(path, h.ttl);
        const double rate = double(link.rate.GetBitRate());
        const double error = h.bandwidth / rate - 1;
        negative += h.bandwidth < 0 ? 1 : 0;
        lost += h.lost;
        all.push_back(std::abs(error));
        (link.rate >= o.fastRate ? fast : slow).push_back(std::abs(error));
        rows.Add({double(h.ttl),
                  rate / 1e6,
                  link.delay.GetSeconds(),
                  h.bandwidth / 1e6,
                  error,
                  h.rtt,
                  h.queueing,
                  double(h.lost)});
    }
    result.SetMetric("negativeBandwidths", negative, "");
    result.SetMetric("bandwidthErrorMax", Max(all), "");
    result.SetMetric("bandwidthErrorMedian", Median(all), "");
    result.SetMetric("bandwidthErrorFast", Max(fast), "");
    result.SetMetric("bandwidthErrorSlow", Max(slow), "");
    if (!fast.empty() && Max(slow) > 0)
    {
        result.SetMetric("bandwidthErrorFastOverSlow", Max(fast) / Max(slow), "");
    }
    result.SetMetric("lost", lost, "");
    result.SetSeries("hops", rows.Get());
}

/** pipechar's metrics and series. */
void
WritePipechar(ResultDocument& result, const Pipechar& pipechar, const HopPath& path)
{
    HopRows rows({{"hop", ""},
                  {"rate", "Mb/s"},
                  {"delay", "s"},
                  {"estimate", "Mb/s"},
                  {"error", ""},
                  {"utilisation", ""},
                  {"jitter", ""},
                  {"reliable", ""},
                  {"usable", ""}});
    const std::vector<Pipechar::Hop> hops = pipechar.GetHops();
    std::vector<double> reliable;
    std::vector<double> unreliable;
    for (const Pipechar::Hop& h : hops)
    {
        const HopPath::Hop& link = LinkOf(path, h.ttl);
        const double rate = double(link.rate.GetBitRate());
        const double error = h.capacity / rate - 1;
        (h.narrowest ? reliable : unreliable).push_back(std::abs(error));
        rows.Add({double(h.ttl),
                  rate / 1e6,
                  link.delay.GetSeconds(),
                  h.capacity / 1e6,
                  error,
                  h.utilisation,
                  h.jitter,
                  h.narrowest ? 1.0 : 0.0,
                  double(h.usable)});
    }
    const size_t truth = path.GetBottleneck();
    const double truthRate = double(path.hops[truth].rate.GetBitRate());
    const int found = pipechar.GetBottleneck();
    result.SetMetric("estimatedBottleneckHop", found < 0 ? 0.0 : double(hops[found].ttl), "");
    result.SetMetric("bottleneckFound", found >= 0 && hops[found].ttl == truth + 1 ? 1.0 : 0.0, "");
    if (found >= 0)
    {
        result.SetMetric("bottleneckCapacity", hops[found].capacity / 1e6, "Mb/s");
        result.SetMetric("bottleneckError", std::abs(hops[found].capacity / truthRate - 1), "");
    }
    result.SetMetric("reliableHops", double(reliable.size()), "");
    result.SetMetric("reliableErrorMax", Max(reliable), "");
    result.SetMetric("unreliableErrorMax", Max(unreliable), "");
    result.SetSeries("hops", rows.Get());
}

/** @return "" or the one-line problem of the path file with the flags */
std::string
CheckPath(const Options& o, HopPath& path)
{
    try
    {
        path = HopPath::Load(o.pathFile);
    }
    catch (const InputFileError& e)
    {
        return e.what();
    }
    if (o.mtu > path.mtu)
    {
        return "mtu=" + std::to_string(o.mtu) + "B: probes above the path's MTU of " +
               std::to_string(path.mtu) + " B would be fragmented; accepted 28B to " +
               std::to_string(path.mtu) + "B";
    }
    return "";
}

} // namespace

int
main(int argc, char* argv[])
{
    Scenario scenario("path-characterisation",
                      "pchar or pipechar over a hop-by-hop path of routers (a path file), "
                      "their per-hop estimates against the path's known links");
    Options o;
    WanEndHosts ends;
    std::optional<Tool> tool;
    scenario.AddOutputFile("report",
                           "a file for the tool's own text report (none by default)",
                           [&tool]() { return tool ? tool->GetReport() : std::string(); });
    auto& flags = scenario.Flags();
    AddPathFlags(flags, o);
    AddToolFlags(flags, o);
    ends.AddFlags(flags, "the measuring host");
    HopPath path;
    flags.AddInputCheck([&]() { return CheckPath(o, path); });
    if (auto exitCode = scenario.Parse(argc, argv))
    {
        return *exitCode;
    }

    HopPathBuilder builder(path);
    builder.Build(&ends);
    builder.AssignStreams(0);
    tool.emplace(o, builder.GetSender(), builder.GetReceiverAddress());
    const double expected = ExpectedProbes(o, path.hops.size());
    scenario.SetProgressMeasure([&]() { return double(tool->GetProbesSent()) / expected; },
                                Seconds(10));
    scenario.Run(o.timeLimit);

    auto& result = scenario.Result();
    const bool complete = !tool->finished.IsZero();
    result.SetMetric("hops", double(path.hops.size()), "");
    result.SetMetric("complete", complete ? 1.0 : 0.0, "");
    result.SetMetric("duration", (complete ? tool->finished : Simulator::Now()).GetSeconds(), "s");
    result.SetMetric("probes", double(tool->GetProbesSent()), "");
    const size_t bottleneck = path.GetBottleneck();
    result.SetMetric("bottleneckHop", double(bottleneck + 1), "");
    result.SetMetric("bottleneckRate", path.hops[bottleneck].rate.GetBitRate() / 1e6, "Mb/s");
    result.SetMetric("pathRtt", path.GetRtt().GetSeconds(), "s");
    if (tool->pchar)
    {
        WritePchar(result, *tool->pchar, path, o);
        result.SetMetric("hopsMeasured", double(tool->pchar->GetHops().size()), "");
    }
    else
    {
        WritePipechar(result, *tool->pipechar, path);
        result.SetMetric("hopsMeasured", double(tool->pipechar->GetHops().size()), "");
    }
    return scenario.Finish();
}
