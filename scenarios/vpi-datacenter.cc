/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * vpi-datacenter: the three-tier data center of the ConnectX VPI study (shared reference
 * connectx-vpi.md) - a TPC-W-like bookstore served by a web server (static content), an
 * application server and a database, driven by emulated browsers on a client host. Four
 * hosts of a host profile (default vpi-opteron-2.0-connectx), each with one ConnectX
 * adapter (port 1 InfiniBand 4X DDR, port 2 10 GbE) on its PCI Express bus (VpiHosts):
 *
 *   client --10 GbE--+                    +--IB 4X DDR-- (every host's port 1)
 *   web    --10 GbE--+ PacketSwitch       + InfinibandSwitch
 *   app    --10 GbE--+ (10 GbE)           +
 *   db     --10 GbE--+                    +
 *
 *   browsers (client) --TCP/10 GbE--> web --inner--> app --inner--> db
 *
 * --inner: tengig (TCP over the 10 GbE ports, through the 10 GbE switch), ipoib (TCP over
 * IPoIB in --ipoibMode) or sdp (SDP sockets over RC queue pairs, no IP on the inner path).
 * Client-to-web is always TCP over 10 GbE.
 *
 * Workload (model/datacenter, docs/modules/datacenter.md): --browsers EmulatedBrowsers, each
 * a closed loop of TPC-W think time (negative exponential, mean --thinkTime, cut at ten
 * times it: TPC-W v1.8 Clause 5.3.1.1) and the next interaction of --mix (Home first, then
 * the mix's transition table, TPC-W v1.8 Clause 5.2), with the sizes and tier demands of
 * TpcwInteractionTable (assumptions, stated there). Each server's processing runs on its
 * application processors (ProcessorPool, processor sharing on the host's processors less
 * the one HostCpu models as the network processor); the network stacks' costs stay in the
 * host, NIC, IPoIB and SDP models.
 *
 * TCP: --tcp=lfn, hybridnet's LfnTcpSocket with the host profile's kernel section (Linux
 * 2.6.20: 200 ms minimum RTO, Linux's delayed-ACK estimate of 40 ms and up, buffer
 * autotuning to 4 MiB), or --tcp=ns3, ns-3's TcpSocketBase (1 s minimum RTO, 200 ms
 * delayed ACK); CUBIC (Linux 2.6.20's default) on both; MSS 1448 B (the 10 GbE MTU less
 * 52 B: ns-3's TCP has one segment size per run, so TCP over IPoIB uses it too - a stated
 * departure). --window=0B: the kernel's own buffers, as servers and browsers that set no
 * SO_SNDBUF or SO_RCVBUF have; a size: what setsockopt on every socket would set.
 *
 * Flags (defaults): --mix=shopping --inner=tengig --ipoibMode=connected --browsers=100
 *   --duration=300s --warmup=30s --thinkTime=7s --tcp=lfn --window=0B --aic=true
 *   --host=vpi-opteron-2.0-connectx --ibDelay=5ns --linkDelay=5ns --demandScale=1
 *   --sizeScale=1 --ibWidth=4 --ibSpeed=DDR --ibMtu=2KiB (VpiCabling)
 * --browsers=100 is an assumption (the study does not give its count): the absolute
 * throughput scales with it (about N / (Z + R)).
 * --demandScale (0.01 to 1000) and --sizeScale (0.1 to 100) are what-if multipliers, never
 * calibrations: every tier's processor time per interaction, and every message's size
 * (rounded to whole bytes), is TpcwInteractionTable's assumed value times them - to load
 * the application processors or the network processors towards saturation, where the
 * operational-law bounds X <= min(N / (D + Z), 1 / D_max) decide the throughput
 * (docs/modules/datacenter.md, validation/connectx-vpi-datacenter-saturation). At 1 the
 * table is unchanged.
 *
 * Metrics, over the measured interval [warmup, warmup + duration]: wips (interactions
 * completed per second), interactions, responseTimeMean / Median / P90 (s; nearest-rank
 * percentiles) overall and per interaction type (responseTimeMean<Type>,
 * responseTimeMedian<Type>, responseTimeP90<Type>, interactions<Type>),
 * appUtilisation<Tier> (the tier's application processors, busy / (k T)),
 * appDemand<Tier> (s: their service demand per interaction, D = U k / X = busy / (X T),
 * the utilisation law with U the pool's mean number of busy processors; the bottleneck's
 * per-processor demand is D / k),
 * cpuUtilisation<Host> and the other HostCounters metrics (the network processor, one
 * processor: its service demand per interaction is cpuUtilisation<Host> / wips),
 * requestBytes<Link> and responseBytes<Link> for ClientWeb, WebApp and AppDb, and
 * ipPacketsInner (IP packets sent on the inner tiers' IPoIB interfaces over the whole run:
 * 0 with --inner=sdp or tengig). Series wipsOverTime: interactions completed per second in
 * each 10 s of the measured interval.
 *
 * Costs (one core of a shared 2-core machine): the default 300 s run, 100 browsers (330 s
 * simulated), 4.4 M events, 6 s of wall time and 62 MB; 600 browsers, 38-50 M events,
 * about 2 minutes and 190 MB (measured before LRO and TSO on the 10 GbE ports and Linux
 * 2.6.20's TCP, which together cut the events per interaction by about a third). The cost
 * grows with the interactions, i.e. with --browsers / --thinkTime.
 *
 * Run:  hybridnet run vpi-datacenter --inner=sdp --mix=shopping
 */
#include "hybridnet/datacenter-module.h"
#include "hybridnet/host-module.h"
#include "hybridnet/infiniband-module.h"
#include "hybridnet/testbed-module.h"

#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <string>
#include <vector>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

constexpr uint32_t kClient = 0; //!< host indices
constexpr uint32_t kWeb = 1;
constexpr uint32_t kApp = 2;
constexpr uint32_t kDb = 3;
constexpr uint16_t kPort = 80;       //!< every tier listens here
constexpr uint32_t kMss = 1500 - 52; //!< the 10 GbE MTU less IPv4, TCP and timestamps
const Time kInterval = Seconds(10);  //!< the series' interval
const std::array<std::string, 4> kHostNames{"Client", "Web", "App", "Db"};

/** The scenario's own flags. */
struct Options
{
    std::string mix{"shopping"};
    std::string inner{"tengig"};
    std::string ipoibMode{"connected"};
    uint32_t browsers{100};
    Time duration{Seconds(300)};
    Time warmup{Seconds(30)};
    Time thinkTime{Seconds(7)};
    bool aic{true};
    Time ibDelay{NanoSeconds(5)};
    Time linkDelay{NanoSeconds(5)};
    double demandScale{1}; //!< what-if: x every tier's processor time per interaction
    double sizeScale{1};   //!< what-if: x every message's size
};

void
AddFlags(ScenarioFlags& flags, Options& o)
{
    flags.AddChoice("mix",
                    "TPC-W interaction mix (shopping: WIPS, the primary metric)",
                    &o.mix,
                    {"browsing", "shopping", "ordering"});
    flags.AddChoice("inner",
                    "stack of the inner tiers (web-app, app-db): tengig (TCP over 10 GbE), "
                    "ipoib (TCP over IPoIB), sdp (SDP over InfiniBand)",
                    &o.inner,
                    {"tengig", "ipoib", "sdp"});
    flags.AddChoice("ipoibMode",
                    "IPoIB mode with inner=ipoib (connected: OFED's default on adapters with "
                    "SRQ since OFED 1.2)",
                    &o.ipoibMode,
                    {"connected", "datagram"});
    flags.AddCount("browsers",
                   "emulated browsers (an assumption: the study gives no count; throughput "
                   "scales with it)",
                   &o.browsers,
                   1,
                   10000);
    flags.AddTime("duration", "measured interval", &o.duration, Seconds(10), Hours(10));
    flags.AddTime("warmup", "time before the measured interval", &o.warmup, Seconds(0), Hours(1));
    flags.AddTime("thinkTime",
                  "mean think time Z (TPC-W: 7 s; cut at 10 Z)",
                  &o.thinkTime,
                  MilliSeconds(1),
                  Seconds(360));
    flags.AddBool("aic", "mlx4_en adaptive RX coalescing on the 10 GbE ports", &o.aic);
    flags.AddTime("ibDelay",
                  "each InfiniBand cable (5ns: 1 m)",
                  &o.ibDelay,
                  Seconds(0),
                  Seconds(1));
    flags.AddTime("linkDelay", "each 10 GbE cable", &o.linkDelay, Seconds(0), Seconds(1));
    flags.AddReal("demandScale",
                  "what-if multiplier, not a calibration: every tier's processor time per "
                  "interaction is the table's assumed demand times this (saturation studies)",
                  &o.demandScale,
                  0.01,
                  1000,
                  "");
    flags.AddReal("sizeScale",
                  "what-if multiplier, not a calibration: every message's size (requests, "
                  "pages, database rows) is the table's assumed size times this, rounded",
                  &o.sizeScale,
                  0.1,
                  100,
                  "");
    flags.AddConstraint("duration is a whole number of 10 s intervals",
                        [&o]() { return o.duration.GetTimeStep() % kInterval.GetTimeStep() == 0; });
    flags.AddConstraint("ipoibMode=datagram needs inner=ipoib",
                        [&o]() { return o.ipoibMode == "connected" || o.inner == "ipoib"; });
}

/** @return @p bytes x @p scale, rounded (0 stays 0: no message) */
uint32_t
Scaled(uint32_t bytes, double scale)
{
    return static_cast<uint32_t>(std::llround(bytes * scale));
}

/**
 * Apply the what-if multipliers to every row of @p table: each tier's processor time x
 * demandScale, each message's size x sizeScale (at 0.1, the smallest request, 300 B, keeps
 * more than its 12 B header). Both 1 leave the table as it is.
 */
void
ScaleTable(Ptr<TpcwInteractionTable> table, const Options& o)
{
    for (uint32_t i = 0; i < kTpcwInteractions; ++i)
    {
        const auto interaction = static_cast<TpcwInteraction>(i);
        TpcwInteractionCost c = table->Get(interaction);
        c.webDemand = c.webDemand * o.demandScale;
        c.appDemand = c.appDemand * o.demandScale;
        c.dbDemand = c.dbDemand * o.demandScale;
        for (uint32_t* bytes : {&c.clientRequest,
                                &c.clientResponse,
                                &c.appRequest,
                                &c.appResponse,
                                &c.dbRequest,
                                &c.dbResponse})
        {
            *bytes = Scaled(*bytes, o.sizeScale);
        }
        table->Set(interaction, c);
    }
}

/** The browsers' completions in the measured interval. */
struct Completions
{
    Time from;
    Time to;
    std::map<uint32_t, std::vector<double>> times; //!< interaction -> response times, s
    std::vector<double> perInterval;               //!< completions per 10 s

    void Completed(uint32_t interaction, Time responseTime)
    {
        const Time now = Simulator::Now();
        if (now < from || now >= to)
        {
            return;
        }
        times[interaction].push_back(responseTime.GetSeconds());
        ++perInterval[(now - from).GetTimeStep() / kInterval.GetTimeStep()];
    }
};

/** @return the nearest-rank @p p percentile of sorted @p v */
double
Percentile(const std::vector<double>& v, double p)
{
    const auto rank = static_cast<size_t>(std::ceil(p * v.size()));
    return v[std::max<size_t>(rank, 1) - 1];
}

/** @return "best-sellers" as "BestSellers" */
std::string
MetricName(const std::string& name)
{
    std::string out;
    bool upper = true;
    for (char c : name)
    {
        if (c == '-')
        {
            upper = true;
            continue;
        }
        out += upper ? static_cast<char>(std::toupper(c)) : c;
        upper = false;
    }
    return out;
}

/** The three tiers and their processors. */
struct Tiers
{
    std::array<Ptr<TierServer>, 3> server;  //!< web, app, db
    std::array<Ptr<ProcessorPool>, 3> pool; //!< their application processors
    std::array<uint64_t, 6> bytesAtStart{}; //!< request, response bytes at the start

    Tiers(const VpiHosts& bed, const Options& o, Ptr<TpcwInteractionTable> table)
    {
        const DatacenterTier tiers[3] = {DatacenterTier::WEB,
                                         DatacenterTier::APP,
                                         DatacenterTier::DB};
        const TypeId inner =
            o.inner == "sdp" ? SdpSocketFactory::GetTypeId() : TcpSocketFactory::GetTypeId();
        for (uint32_t t = 0; t < 3; ++t)
        {
            Ptr<Node> node = bed.hosts.Get(kWeb + t);
            Ptr<HostCpu> cpu = node->GetObject<HostCpu>();
            const uint32_t processors = cpu ? cpu->GetProcessors() : 2;
            pool[t] = CreateObjectWithAttributes<ProcessorPool>(
                "Processors",
                UintegerValue(std::max<uint32_t>(1, processors - 1)));
            node->AggregateObject(pool[t]);
            server[t] = CreateObjectWithAttributes<TierServer>(
                "Local",
                AddressValue(InetSocketAddress(Ipv4Address::GetAny(), kPort)),
                "Protocol",
                TypeIdValue(t == 0 ? TcpSocketFactory::GetTypeId() : inner),
                "Tier",
                EnumValue(tiers[t]),
                "DownstreamProtocol",
                TypeIdValue(inner),
                "Table",
                PointerValue(table));
            if (t < 2)
            {
                const Ipv4Address next = bed.GetAddress(kWeb + t + 1, o.inner == "tengig");
                server[t]->SetAttribute("Downstream", AddressValue(InetSocketAddress(next, kPort)));
            }
            node->AddApplication(server[t]);
        }
    }

    /** Read the byte counters at the start of the measured interval. */
    void Open(std::array<Time, 3>* busy)
    {
        for (uint32_t t = 0; t < 3; ++t)
        {
            bytesAtStart[2 * t] = server[t]->GetBytesIn();
            bytesAtStart[2 * t + 1] = server[t]->GetBytesOut();
            (*busy)[t] = pool[t]->GetBusyTime();
        }
    }

    /**
     * Bytes per link and the application processors' utilisation and service demand (per
     * interaction completed in the interval, @p interactions), to @p result.
     */
    void WriteTo(ResultDocument& result,
                 const std::array<Time, 3>& busyAtStart,
                 Time measured,
                 double interactions)
    {
        const std::array<std::string, 3> links{"ClientWeb", "WebApp", "AppDb"};
        const std::array<std::string, 3> names{"Web", "App", "Db"};
        for (uint32_t t = 0; t < 3; ++t)
        {
            result.SetMetric("requestBytes" + links[t],
                             double(server[t]->GetBytesIn() - bytesAtStart[2 * t]),
                             "B");
            result.SetMetric("responseBytes" + links[t],
                             double(server[t]->GetBytesOut() - bytesAtStart[2 * t + 1]),
                             "B");
            const Time busy = pool[t]->GetBusyTime() - busyAtStart[t];
            result.SetMetric("appUtilisation" + names[t],
                             busy.GetSeconds() / (pool[t]->GetProcessors() * measured.GetSeconds()),
                             "");
            if (interactions > 0)
            {
                result.SetMetric("appDemand" + names[t], busy.GetSeconds() / interactions, "s");
            }
        }
    }
};

/**
 * The response-time metrics, overall and per interaction type.
 * @return the interactions completed in the measured interval
 */
size_t
WriteResponseTimes(ResultDocument& result, Completions& c, Time measured)
{
    std::vector<double> all;
    for (auto& [interaction, times] : c.times)
    {
        std::sort(times.begin(), times.end());
        const std::string name =
            MetricName(TpcwMix::GetName(static_cast<TpcwInteraction>(interaction)));
        double sum = 0;
        for (double t : times)
        {
            sum += t;
        }
        result.SetMetric("interactions" + name, double(times.size()), "");
        result.SetMetric("responseTimeMean" + name, sum / times.size(), "s");
        result.SetMetric("responseTimeMedian" + name, Percentile(times, 0.5), "s");
        result.SetMetric("responseTimeP90" + name, Percentile(times, 0.9), "s");
        all.insert(all.end(), times.begin(), times.end());
    }
    std::sort(all.begin(), all.end());
    result.SetMetric("wips", all.size() / measured.GetSeconds(), "1/s");
    result.SetMetric("interactions", double(all.size()), "");
    if (all.empty())
    {
        return 0;
    }
    double sum = 0;
    for (double t : all)
    {
        sum += t;
    }
    result.SetMetric("responseTimeMean", sum / all.size(), "s");
    result.SetMetric("responseTimeMedian", Percentile(all, 0.5), "s");
    result.SetMetric("responseTimeP90", Percentile(all, 0.9), "s");
    return all.size();
}

/** IP packets sent on the IPoIB interfaces of the inner tiers. */
struct InnerIpCount
{
    uint64_t packets{0};

    void Sent(Ptr<const Packet> /* p */, Ptr<Ipv4> /* ip */, uint32_t /* interface */)
    {
        ++packets;
    }

    void Watch(const VpiHosts& bed)
    {
        for (uint32_t h = kWeb; h <= kDb; ++h)
        {
            Ptr<Ipv4L3Protocol> ip = bed.hosts.Get(h)->GetObject<Ipv4L3Protocol>();
            const int32_t interface = ip->GetInterfaceForDevice(bed.ipoib.Get(h));
            ip->TraceConnectWithoutContext(
                "Tx",
                MakeBoundCallback(&InnerIpCount::Filter, this, uint32_t(interface)));
        }
    }

    static void Filter(InnerIpCount* self,
                       uint32_t interface,
                       Ptr<const Packet> p,
                       Ptr<Ipv4> ip,
                       uint32_t sentOn)
    {
        if (sentOn == interface)
        {
            self->Sent(p, ip, sentOn);
        }
    }
};

} // namespace

int
main(int argc, char* argv[])
{
    Scenario scenario("vpi-datacenter",
                      "three-tier data center (TPC-W-like bookstore) on four ConnectX VPI hosts: "
                      "client-web over 10 GbE, the inner tiers over 10 GbE, IPoIB or SDP");
    Options o;
    HostFlags hostFlags;
    TcpChoice tcp;
    auto& flags = scenario.Flags();
    AddFlags(flags, o);
    VpiCabling cabling;
    cabling.AddInfinibandFlags(flags);
    hostFlags.AddProfile(flags, "host", "the four hosts", "vpi-opteron-2.0-connectx", "");
    tcp.AddFlag(flags, "the four hosts");
    tcp.AddWindowFlag(flags, 0);
    flags.AddInputCheck([&tcp, &hostFlags]() { return tcp.CheckWindow(&hostFlags.GetProfile(0)); });
    if (auto exitCode = scenario.Parse(argc, argv))
    {
        return *exitCode;
    }

    Config::SetDefault("ns3::TcpL4Protocol::SocketType", StringValue("ns3::TcpCubic"));
    cabling.tengigDelay = o.linkDelay;
    cabling.ibDelay = o.ibDelay;
    cabling.aic = o.aic;
    VpiHosts bed(4, hostFlags, cabling);
    tcp.Install(bed.hosts, &hostFlags.GetProfile(0));
    bed.InstallInternet(o.ipoibMode == "datagram" ? "Datagram" : "Connected",
                        o.inner == "sdp",
                        hostFlags.GetProfile(0));
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(kMss));

    auto table = CreateObject<TpcwInteractionTable>();
    ScaleTable(table, o);
    Tiers tiers(bed, o, table);
    const Time end = o.warmup + o.duration;
    Completions completions{
        o.warmup,
        end,
        {},
        std::vector<double>(o.duration.GetTimeStep() / kInterval.GetTimeStep(), 0)};
    for (uint32_t b = 0; b < o.browsers; ++b)
    {
        auto think = CreateObjectWithAttributes<TpcwThinkTime>("Mean",
                                                               TimeValue(o.thinkTime),
                                                               "Maximum",
                                                               TimeValue(10 * o.thinkTime));
        auto browser = CreateObjectWithAttributes<EmulatedBrowser>(
            "Remote",
            AddressValue(InetSocketAddress(bed.GetAddress(kWeb, true), kPort)),
            "Mix",
            StringValue(o.mix),
            "ThinkTime",
            PointerValue(think),
            "Table",
            PointerValue(table));
        browser->AssignStreams(1000 + 2 * b);
        browser->TraceConnectWithoutContext("ResponseTime",
                                            MakeCallback(&Completions::Completed, &completions));
        bed.hosts.Get(kClient)->AddApplication(browser);
        browser->SetStartTime(MilliSeconds(1));
    }
    InnerIpCount innerIp;
    innerIp.Watch(bed);
    HostCounters counters(bed.hosts,
                          bed.tengig,
                          std::vector<std::string>(kHostNames.begin(), kHostNames.end()));
    counters.Schedule(o.warmup, end);
    std::array<Time, 3> busyAtStart;
    Simulator::Schedule(o.warmup, &Tiers::Open, &tiers, &busyAtStart);

    scenario.Run(end);
    auto& result = scenario.Result();
    counters.Close();
    const size_t interactions = WriteResponseTimes(result, completions, o.duration);
    tiers.WriteTo(result, busyAtStart, o.duration, double(interactions));
    counters.WriteTo(result);
    result.SetMetric("ipPacketsInner", double(innerIp.packets), "");
    std::vector<double> times;
    std::vector<double> wips;
    for (size_t k = 0; k < completions.perInterval.size(); ++k)
    {
        times.push_back((o.warmup + kInterval * int64_t(k + 1)).GetSeconds());
        wips.push_back(completions.perInterval[k] / kInterval.GetSeconds());
    }
    result.SetSeries("wipsOverTime", {{"time", "s", times}, {"wips", "1/s", wips}});
    return scenario.Finish();
}
