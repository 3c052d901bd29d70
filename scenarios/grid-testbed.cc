/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * grid-testbed: bulk TCP flows between two host groups of a routed site (a GridTopology
 * file: backbone routers, trunks, host groups on edge switches), for what-ifs at the scale
 * of the computing-centre grids of the event-filter study's time (shared reference
 * nic-tuning-load-balancing.md, "Grid testbed of the time"; the bundled file
 * examples/topologies/grids/grid-testbed.json: 510 hosts, 4 routers, 1, 3 and 8 Gb/s trunks).
 *
 *     --from group hosts  --> edge switch --> router ==trunks== router --> edge switch --> --to
 * group hosts
 *
 * The site is GridBuilder's (docs/testbed.md); the TCP the WAN TCP flags' (WanTcpFlags) on
 * every host, 0B buffers sized for the fastest host link and kSizingRtt.  Flow i (i = 0 ..
 * flows - 1) is a BulkSend from host i mod F of --from to a PacketSink on port 5001 + i of
 * host i mod T of --to (host (i + 1) mod T when --from and --to are one group), starting at
 * a time drawn uniformly from [0, startWindow) (random stream 1): hosts take part in several
 * flows when flows > F or T.
 *
 * The max-min fair share (a first-principles bound, not a measurement): every flow crosses
 * its sender's link, its switch's uplink and the trunks of the route and the receiver's
 * links (the uplinks only between switches); progressive filling raises all unfrozen flows'
 * rates together until a link is full, freezes the flows on it, and repeats:
 *
 *     (1)  x_i = max-min fair rates on the links' line rates c_l,  sum_{i on l} x_i <= c_l
 *
 * Bulk TCP flows of equal RTT on drop-tail links approach (1) times the payload share of
 * the bottleneck's line rate for full-size segments with timestamps, 1448 / 1538 on
 * Ethernet (header, FCS, preamble, gap), 1448 / 1502 on a trunk (PPP's 2 B): the scenario's
 * test holds the measured aggregate to it.  A SYN lost in the flows' start burst waits
 * ns-3's ConnTimeout, 3 s (Linux's initial RTO of the time), before it is sent again: in a
 * short run that flow carries nothing.
 *
 * Metrics: hosts, switches, routers (the site), flows; goodput (Mb/s, the aggregate
 * payload rate of the sinks over [warmup, duration]), goodputMin, goodputMedian,
 * goodputMax (Mb/s, per flow over the same window), jainFairness, bytesReceived (B, the
 * whole run); maxMinAggregate, maxMinMin (Mb/s, (1): the sum and the smallest share);
 * trunkDrops (the trunks' output queues), routerPortDrops (the routers' ports toward the
 * switches), switchDrops (the edge switches' output queues).
 * Series links, one row per trunk direction and per group's uplinks direction: kind (0 a
 * trunk, 1 a group's uplinks), index (the trunk's or the group's index in the file),
 * direction (0: between[0] to between[1], or up to the router; 1: back, or down), capacity (Mb/s,
 * line rate, all the group's uplinks together), throughput (Mb/s, IP bytes over [warmup,
 * duration]), utilisation (throughput / capacity), busiest (the most loaded of the group's
 * uplinks, throughput / its line rate; the trunk's utilisation for a trunk row).
 *
 * Run:  hybridnet run grid-testbed --from=disk --to=cpu-gige --flows=100 --duration=2s
 */
#include "hybridnet/message-text.h"
#include "hybridnet/packet-switch-helper.h"
#include "hybridnet/packet-switch.h"
#include "hybridnet/testbed-module.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"

#include <algorithm>
#include <array>
#include <limits>
#include <map>
#include <numeric>
#include <string>
#include <tuple>
#include <vector>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

/** The round trip the 0B buffers are sized for: a site's propagation and queueing. */
const Time kSizingRtt = MilliSeconds(1);
constexpr uint32_t kMaxFlows = 10000; //!< ports 5001 to 15000 of a receiver

/** The scenario's own flags. */
struct Options
{
    std::string topologyFile;
    std::string from{"disk"};
    std::string to{"cpu-gige"};
    uint32_t flows{100};
    Time duration{Seconds(2)};
    Time warmup{MilliSeconds(500)};
    Time startWindow{MilliSeconds(10)};
};

/** Register the site's and the workload's flags. */
void
AddWorkloadFlags(ScenarioFlags& flags, Options& o)
{
    flags.AddInputFile("topology",
                       "the site's topology file (docs/testbed.md, the grid topology file): a "
                       "path to a JSON file, or the name of one in examples/topologies/grids",
                       &o.topologyFile,
                       HYBRIDNET_TOPOLOGY_DIR,
                       ".json",
                       "grid-testbed");
    const auto isName = [](const std::string& s) { return !s.empty(); };
    flags.AddText("from", "the senders' host group", &o.from, "a group of the topology", isName);
    flags.AddText("to", "the receivers' host group", &o.to, "a group of the topology", isName);
    flags.AddCount("flows",
                   "bulk TCP flows, flow i from sender i mod F to receiver i mod T",
                   &o.flows,
                   1,
                   kMaxFlows);
    flags.AddTime("duration", "simulated time", &o.duration, MilliSeconds(1), Hours(24));
    flags.AddTime("warmup",
                  "start of the goodput and throughput window (slow start left out)",
                  &o.warmup,
                  Seconds(0),
                  Hours(24));
    flags.AddTime("startWindow",
                  "flows start at uniformly random times in [0, startWindow)",
                  &o.startWindow,
                  NanoSeconds(1),
                  Hours(1));
    flags.AddConstraint("warmup < duration", [&o]() { return o.warmup < o.duration; });
}

/** @return the names joined by ", " */
std::string
JoinNames(const std::vector<std::string>& names)
{
    std::string text;
    for (const std::string& name : names)
    {
        text += (text.empty() ? "" : ", ") + name;
    }
    return text;
}

/** @return "" if --from and --to name groups of @p t that can carry flows */
std::string
CheckGroups(const Options& o, const GridTopology& t)
{
    for (const auto& [flag, name] : {std::pair{"from", o.from}, std::pair{"to", o.to}})
    {
        if (t.FindGroup(name) == t.groups.size())
        {
            return "--" + std::string(flag) + ": " + message_text::Quote(name) +
                   " is not a group of " + o.topologyFile + " (" + JoinNames(t.GetGroupNames()) +
                   ")";
        }
    }
    if (o.from == o.to && t.groups[t.FindGroup(o.from)].hosts < 2)
    {
        return "--from and --to: group " + message_text::Quote(o.from) +
               " has one host, which cannot send to itself";
    }
    return "";
}

/**
 * The site's links as the max-min share (1) sees them: one entry per link direction, its
 * line rate, and per flow the links it crosses.
 */
class LinkMap
{
  public:
    explicit LinkMap(const GridTopology& t)
        : m_topology(t)
    {
    }

    /** @return the links flow from host @p i of group @p f to host @p j of group @p g crosses */
    std::vector<size_t> Route(size_t f, uint32_t i, size_t g, uint32_t j)
    {
        const GridTopology::Group& a = m_topology.groups[f];
        const GridTopology::Group& b = m_topology.groups[g];
        std::vector<size_t> links{Link({0, f, i, 0}, a.rate), Link({0, g, j, 1}, b.rate)};
        const uint32_t switchA = i / a.hostsPerSwitch;
        const uint32_t switchB = j / b.hostsPerSwitch;
        if (f == g && switchA == switchB)
        {
            return links;
        }
        links.push_back(Link({1, f, switchA, 0}, a.uplinkRate));
        links.push_back(Link({1, g, switchB, 1}, b.uplinkRate));
        for (uint32_t r = a.router; r != b.router;)
        {
            const size_t k = m_topology.NextTrunk(r, b.router);
            const GridTopology::Trunk& trunk = m_topology.trunks[k];
            links.push_back(Link({2, k, 0, trunk.a == r ? 0U : 1U}, trunk.rate));
            r = trunk.a == r ? trunk.b : trunk.a;
        }
        return links;
    }

    /**
     * Progressive filling, (1).
     * @param routes each flow's links (Route)
     * @return each flow's rate, bit/s
     */
    std::vector<double> MaxMinShare(const std::vector<std::vector<size_t>>& routes) const
    {
        std::vector<double> rate(routes.size(), 0.0);
        std::vector<bool> frozen(routes.size(), false);
        std::vector<double> left = m_capacity;
        for (size_t remaining = routes.size(); remaining > 0;)
        {
            std::vector<uint32_t> users(left.size(), 0);
            for (size_t i = 0; i < routes.size(); ++i)
            {
                for (size_t l : routes[i])
                {
                    users[l] += frozen[i] ? 0 : 1;
                }
            }
            double step = std::numeric_limits<double>::infinity();
            for (size_t l = 0; l < left.size(); ++l)
            {
                step = users[l] ? std::min(step, left[l] / users[l]) : step;
            }
            for (size_t l = 0; l < left.size(); ++l)
            {
                left[l] -= step * users[l];
            }
            for (size_t i = 0; i < routes.size(); ++i)
            {
                if (frozen[i])
                {
                    continue;
                }
                rate[i] += step;
                for (size_t l : routes[i])
                {
                    if (left[l] <= 1e-9 * m_capacity[l] && !frozen[i])
                    {
                        frozen[i] = true;
                        --remaining;
                    }
                }
            }
        }
        return rate;
    }

  private:
    /** kind (0 host link, 1 uplink, 2 trunk), group or trunk, host or switch, direction */
    using Key = std::tuple<int, size_t, uint32_t, uint32_t>;

    /** @return the index of link @p key, added with capacity @p rate if new */
    size_t Link(const Key& key, DataRate rate)
    {
        const auto [it, added] = m_index.try_emplace(key, m_capacity.size());
        if (added)
        {
            m_capacity.push_back(double(rate.GetBitRate()));
        }
        return it->second;
    }

    const GridTopology& m_topology;
    std::map<Key, size_t> m_index;
    std::vector<double> m_capacity; //!< bit/s
};

/**
 * The IP bytes each link direction carries in [warmup, end): the trunks' and the uplinks'
 * up direction counted where the routers receive them, the uplinks' down direction where
 * the hosts receive packets from outside their switch's /24.
 */
class LinkCounters
{
  public:
    LinkCounters(const GridBuilder& site, Time warmup)
        : m_site(site),
          m_warmup(warmup),
          m_trunkBytes(site.GetTopology().trunks.size(), {0, 0}),
          m_up(site.GetTopology().GetSwitchCount(), 0),
          m_down(site.GetTopology().GetSwitchCount(), 0)
    {
        const GridTopology& t = site.GetTopology();
        for (size_t k = 0; k < t.trunks.size(); ++k)
        {
            for (uint32_t end = 0; end < 2; ++end) // received at `end`: the other direction
            {
                Connect(site.GetTrunkDevices(k).Get(end), &m_trunkBytes[k][1 - end]);
            }
        }
        for (size_t g = 0; g < t.groups.size(); ++g)
        {
            const NetDeviceContainer uplinks = site.GetUplinkDevices(g);
            for (uint32_t s = 0; s < uplinks.GetN(); ++s)
            {
                Connect(uplinks.Get(s), &m_up[site.GetFirstSwitch(g) + s]);
            }
            const NodeContainer hosts = site.GetHosts(g);
            for (uint32_t i = 0; i < hosts.GetN(); ++i)
            {
                const uint32_t s = site.GetFirstSwitch(g) + i / t.groups[g].hostsPerSwitch;
                ConnectDown(hosts.Get(i), s);
            }
        }
    }

    /** Write the series links of the file header; @p window the counting window. */
    void WriteTo(ResultDocument& result, Time window) const
    {
        const GridTopology& t = m_site.GetTopology();
        std::vector<double> kind, index, direction, capacity, throughput, utilisation, busiest;
        const auto row =
            [&](double isUplink, double i, double dir, double cap, double bytes, double top) {
                kind.push_back(isUplink);
                index.push_back(i);
                direction.push_back(dir);
                capacity.push_back(cap / 1e6);
                throughput.push_back(8 * bytes / window.GetSeconds() / 1e6);
                utilisation.push_back(8 * bytes / window.GetSeconds() / cap);
                busiest.push_back(top);
            };
        for (size_t k = 0; k < t.trunks.size(); ++k)
        {
            const double cap = double(t.trunks[k].rate.GetBitRate());
            for (uint32_t dir = 0; dir < 2; ++dir)
            {
                const double bytes = double(m_trunkBytes[k][dir]);
                row(0, double(k), dir, cap, bytes, 8 * bytes / window.GetSeconds() / cap);
            }
        }
        for (size_t g = 0; g < t.groups.size(); ++g)
        {
            const GridTopology::Group& grp = t.groups[g];
            const double one = double(grp.uplinkRate.GetBitRate());
            for (uint32_t dir = 0; dir < 2; ++dir)
            {
                const auto& bytes = dir == 0 ? m_up : m_down;
                const auto first = bytes.begin() + m_site.GetFirstSwitch(g);
                const auto last = first + grp.GetSwitches();
                const double sum = double(std::accumulate(first, last, uint64_t(0)));
                const double top = double(*std::max_element(first, last));
                row(1,
                    double(g),
                    dir,
                    one * grp.GetSwitches(),
                    sum,
                    8 * top / window.GetSeconds() / one);
            }
        }
        result.SetSeries("links",
                         {{"kind", "", kind},
                          {"index", "", index},
                          {"direction", "", direction},
                          {"capacity", "Mb/s", capacity},
                          {"throughput", "Mb/s", throughput},
                          {"utilisation", "", utilisation},
                          {"busiest", "", busiest}});
    }

  private:
    /** Count the IP bytes @p device's node receives on it into @p bytes. */
    void Connect(Ptr<NetDevice> device, uint64_t* bytes)
    {
        Ptr<Ipv4L3Protocol> ip = device->GetNode()->GetObject<Ipv4L3Protocol>();
        const int32_t interface = ip->GetInterfaceForDevice(device);
        ip->TraceConnectWithoutContext(
            "Rx",
            Callback<void, Ptr<const Packet>, Ptr<Ipv4>, uint32_t>(
                [this, interface, bytes](Ptr<const Packet> p, Ptr<Ipv4>, uint32_t i) {
                    if (int32_t(i) == interface && Simulator::Now() >= m_warmup)
                    {
                        *bytes += p->GetSize();
                    }
                }));
    }

    /** Count the IP bytes @p host receives from outside its switch's /24 into switch @p s. */
    void ConnectDown(Ptr<Node> host, uint32_t s)
    {
        const Ipv4Address net = GridBuilder::GetSwitchNetwork(s);
        host->GetObject<Ipv4L3Protocol>()->TraceConnectWithoutContext(
            "Rx",
            Callback<void, Ptr<const Packet>, Ptr<Ipv4>, uint32_t>(
                [this, net, s](Ptr<const Packet> p, Ptr<Ipv4>, uint32_t) {
                    Ipv4Header h;
                    p->PeekHeader(h);
                    if (Simulator::Now() >= m_warmup &&
                        h.GetSource().CombineMask(Ipv4Mask("255.255.255.0")) != net)
                    {
                        m_down[s] += p->GetSize();
                    }
                }));
    }

    const GridBuilder& m_site;
    Time m_warmup;
    std::vector<std::array<uint64_t, 2>> m_trunkBytes; //!< per trunk, per direction
    std::vector<uint64_t> m_up;                        //!< per switch (site-wide)
    std::vector<uint64_t> m_down;                      //!< per switch (site-wide)
};

/** The flows: their sinks, goodput windows and max-min shares. */
struct Flows
{
    std::vector<Ptr<PacketSink>> sinks;
    std::vector<uint64_t> atWarmup; //!< each sink's bytes at the warmup
    std::vector<double> share;      //!< (1), bit/s
};

/** Install the flows of the file header on @p site into @p flows. */
void
InstallFlows(const Options& o, const GridBuilder& site, uint32_t sendSize, Flows& flows)
{
    const GridTopology& t = site.GetTopology();
    const size_t f = t.FindGroup(o.from);
    const size_t g = t.FindGroup(o.to);
    LinkMap links(t);
    std::vector<std::vector<size_t>> routes;
    Ptr<UniformRandomVariable> start = CreateObject<UniformRandomVariable>();
    start->SetStream(1);
    for (uint32_t i = 0; i < o.flows; ++i)
    {
        const uint32_t sender = i % t.groups[f].hosts;
        const uint32_t receiver = (i + (f == g ? 1 : 0)) % t.groups[g].hosts;
        const uint16_t port = uint16_t(5001 + i);
        PacketSinkHelper sink("ns3::TcpSocketFactory",
                              InetSocketAddress(Ipv4Address::GetAny(), port));
        ApplicationContainer s = sink.Install(site.GetHosts(g).Get(receiver));
        flows.sinks.push_back(DynamicCast<PacketSink>(s.Get(0)));
        BulkSendHelper bulk("ns3::TcpSocketFactory",
                            InetSocketAddress(site.GetAddress(g, receiver), port));
        bulk.SetAttribute("SendSize", UintegerValue(sendSize));
        ApplicationContainer b = bulk.Install(site.GetHosts(f).Get(sender));
        b.Start(Seconds(start->GetValue(0, o.startWindow.GetSeconds())));
        routes.push_back(links.Route(f, sender, g, receiver));
    }
    flows.share = links.MaxMinShare(routes);
    flows.atWarmup.assign(o.flows, 0);
    Simulator::Schedule(o.warmup, [&flows]() {
        for (size_t i = 0; i < flows.sinks.size(); ++i)
        {
            flows.atWarmup[i] = flows.sinks[i]->GetTotalRx();
        }
    });
}

/** The flow metrics of the file header. */
void
WriteFlowMetrics(ResultDocument& result, const Flows& flows, const Options& o)
{
    const double window = (o.duration - o.warmup).GetSeconds();
    std::vector<double> goodputs;
    uint64_t bytes = 0;
    for (size_t i = 0; i < flows.sinks.size(); ++i)
    {
        bytes += flows.sinks[i]->GetTotalRx();
        goodputs.push_back(8.0 * (flows.sinks[i]->GetTotalRx() - flows.atWarmup[i]) / window / 1e6);
    }
    result.SetMetric("goodput", std::accumulate(goodputs.begin(), goodputs.end(), 0.0), "Mb/s");
    std::vector<double> sorted = goodputs;
    std::sort(sorted.begin(), sorted.end());
    result.SetMetric("goodputMin", sorted.front(), "Mb/s");
    result.SetMetric("goodputMedian", sorted[sorted.size() / 2], "Mb/s");
    result.SetMetric("goodputMax", sorted.back(), "Mb/s");
    if (auto jain = BulkFlows::JainIndex(goodputs))
    {
        result.SetMetric("jainFairness", *jain, "");
    }
    result.SetMetric("bytesReceived", double(bytes), "B");
    const std::vector<double>& share = flows.share;
    result.SetMetric("maxMinAggregate",
                     std::accumulate(share.begin(), share.end(), 0.0) / 1e6,
                     "Mb/s");
    result.SetMetric("maxMinMin", *std::min_element(share.begin(), share.end()) / 1e6, "Mb/s");
}

/** The drop counters of the file header. */
struct Drops
{
    QueueDrops trunks;
    QueueDrops routerPorts;
    std::vector<Ptr<PacketSwitch>> switches;

    explicit Drops(const GridBuilder& site)
    {
        const GridTopology& t = site.GetTopology();
        for (size_t k = 0; k < t.trunks.size(); ++k)
        {
            trunks.AddDeviceQueue(site.GetTrunkDevices(k).Get(0));
            trunks.AddDeviceQueue(site.GetTrunkDevices(k).Get(1));
        }
        for (size_t g = 0; g < t.groups.size(); ++g)
        {
            const NetDeviceContainer uplinks = site.GetUplinkDevices(g);
            for (uint32_t s = 0; s < uplinks.GetN(); ++s)
            {
                routerPorts.AddDeviceQueue(uplinks.Get(s));
                switches.push_back(PacketSwitchHelper::GetSwitch(site.GetSwitches(g).Get(s)));
            }
        }
    }

    void WriteTo(ResultDocument& result) const
    {
        uint64_t atSwitches = 0;
        for (const auto& sw : switches)
        {
            atSwitches += sw->GetDrops();
        }
        result.SetMetric("trunkDrops", double(trunks.Get()), "");
        result.SetMetric("routerPortDrops", double(routerPorts.Get()), "");
        result.SetMetric("switchDrops", double(atSwitches), "");
    }
};

} // namespace

int
main(int argc, char* argv[])
{
    Scenario scenario("grid-testbed",
                      "bulk TCP flows between two host groups of a routed site of many hosts "
                      "(backbone routers, trunks, edge switches): the computing-centre grid of "
                      "the event-filter study's time, for what-ifs at site scale");
    WanTcpFlags tcp;
    Options o;
    auto& flags = scenario.Flags();
    AddWorkloadFlags(flags, o);
    tcp.AddStackFlags(flags, "every host", false);
    tcp.AddSocketFlags(flags, "the fastest host link and a 1 ms round trip", false);
    GridTopology topology;
    flags.AddInputCheck([&]() -> std::string {
        try
        {
            topology = GridTopology::Load(o.topologyFile);
        }
        catch (const InputFileError& e)
        {
            return e.what();
        }
        const std::string groups = CheckGroups(o, topology);
        return groups.empty() ? tcp.ResolveCongestion(1) : groups;
    });
    if (auto exitCode = scenario.Parse(argc, argv))
    {
        return *exitCode;
    }

    DataRate fastest(0);
    for (const GridTopology::Group& g : topology.groups)
    {
        fastest = std::max(fastest, g.rate);
    }
    const WanPathSizing sizing = tcp.SizePath(fastest, kSizingRtt, 0);
    tcp.SetCongestionDefault();
    tcp.SetDefaults(sizing);
    GridBuilder site(topology);
    tcp.Install(site.GetHosts());
    site.Build();
    Flows flows;
    InstallFlows(o, site, tcp.GetSegmentSize(), flows);
    LinkCounters links(site, o.warmup);
    Drops drops(site);

    scenario.Run(o.duration);

    auto& result = scenario.Result();
    result.SetMetric("hosts", double(topology.GetHostCount()), "");
    result.SetMetric("switches", double(topology.GetSwitchCount()), "");
    result.SetMetric("routers", double(topology.routers.size()), "");
    result.SetMetric("flows", double(o.flows), "");
    WriteFlowMetrics(result, flows, o);
    drops.WriteTo(result);
    links.WriteTo(result, o.duration - o.warmup);
    return scenario.Finish();
}
