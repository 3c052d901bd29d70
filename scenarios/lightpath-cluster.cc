/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * lightpath-cluster: the hybrid packet/circuit cluster of the lightpath accelerator study
 * (shared reference lightpath-accelerator.md; validation/lightpath-accelerator-*), built
 * from one topology file (docs/modules/offload.md), with one or two iperf TCP flows and a
 * ping series.  Every host is the host and NIC model of the file's host profile.
 *
 *              frontend (pfd) ---- 10 Mb/s management ---- accelerator (6-port OCS)
 *                  |                                        |  |  |  |
 *     +------ 24-port GigE packet switch ------+       media converters, fiber
 *     |          |          |          |               |  |  |  |
 *   node1      node2      node3      node4   (NIC 1: 10.0.0.x; NIC 2: 192.168.0.x)
 *   (epd)      (epd)      (epd)      (epd)
 *
 * Flows: --flow1 from t = 1 s and --flow2 (if given) --flow2Delay later, each an iperf
 * TCP transfer (BulkSend to IperfServer) of --duration, over hybridnet's LfnTcpSocket
 * (--tcp=lfn, with the host profile's kernel; --tcp=ns3: ns-3's TcpSocketBase; --window=0B,
 * the default, is iperf without -w: the kernel's own buffers; --window=W is iperf -w W, see
 * TcpChoice); with --bidirectional flow 2 is flow 1
 * reversed, at the same time and on the same network (iperf -d, as gige-iperf's
 * --bidirectional).  --mode says how flow 1 travels:
 *   packet     both flows on the packet network; no daemons run, no circuit is made;
 *   static     a circuit between flow 1's hosts, in the accelerator's power-up map (made
 *              by hand before the run), and flow 1 addressed to its receiver's circuit
 *              NIC; no daemons run;
 *   automatic  every flow starts on the packet network; the file's epd and pfd run and
 *              move what they detect onto circuits (the file must have daemon sections).
 * Circuits the file itself lists (staticCircuits) exist in every mode.  After the flows,
 * --pingCount pings go from flow 1's sender to its receiver every --pingInterval, or with
 * --pingFlood as fast as the replies come back (ping -f), to the address flow 1 used (the
 * circuit address in static mode).
 *
 * Flags (defaults): --topology=lightpath-accelerator --mode=packet --flow1=node1>node2
 *   --flow2= --flow2Delay=1s --bidirectional=false --duration=30s --window=0B
 *   --writeSize=8KiB --tcp=lfn --interval=1s --pingCount=0 --pingInterval=1s
 *   --pingFlood=false --pingSize=56B; with --mode=automatic the daemon
 *   settings --detectionPolicy --rateThreshold --bytesThreshold --busyPolicy (default
 *   file: the topology file's value) replace the file's; `--help` explains each.
 *
 * Metrics: goodput1, goodput2 (iperf's totals, each over its own connection, Mb/s; flow 1's
 * also as goodput, and with --bidirectional flow 2's as reverseGoodput and their sum as
 * aggregateGoodput: gige-iperf's names, so a packet-network experiment and its circuit
 * repeat compare metric by metric),
 * totalGoodput (both flows' bytes over the span from the first connection to the last
 * close: the rate the sender sustained), flowRatio (goodput1 / goodput2); with the daemons, for
 * flow 1: detectionTime (flow start to the epd's detection), moveTime (detection to its data
 * leaving on the circuit NIC), offloadTime (their sum); circuitShare1, circuitShare2 (fraction of
 * each flow's bytes its sender put on the circuit NIC: steered there by the daemons, or all of
 * them for a flow addressed to the circuit, as in static mode); pingsAnswered and ping RTT
 * (pingRttMin, Max, Mean, Sd in us; for a flood also pingRate, floodRttMin, floodRttMax). Series:
 * throughput (t, flow1, flow2, total - each receiver's bytes per --interval; flow1Circuit - flow
 * 1's bytes, headers included, its sender put on the circuit NIC), pingRtt.  Events: the control
 * plane's timeline (ClusterEventLog); --netlogger writes it as NetLogger ULM lines too.
 *
 * Run:  hybridnet run lightpath-cluster --mode=automatic --flow2=node1>node3
 *   or: build/bin/lightpath-cluster --mode=static --output=lightpath-cluster.json
 */
#include "hybridnet/apps-module.h"
#include "hybridnet/fabric-module.h"
#include "hybridnet/host-module.h"
#include "hybridnet/netlogger-module.h"
#include "hybridnet/nic-module.h"
#include "hybridnet/offload-module.h"
#include "hybridnet/testbed-module.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <sstream>
#include <string>
#include <tuple>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

/** A flow of the command line: "<sender>><receiver>" host names. */
struct FlowSpec
{
    std::string sender;   //!< host name
    std::string receiver; //!< host name
};

/**
 * @param text "<sender>><receiver>" or ""
 * @return the flow, or nothing if @p text is empty; an empty FlowSpec if malformed
 */
std::optional<FlowSpec>
ParseFlow(const std::string& text)
{
    if (text.empty())
    {
        return std::nullopt;
    }
    const auto arrow = text.find('>');
    if (arrow == std::string::npos || arrow == 0 || arrow + 1 == text.size() ||
        text.find('>', arrow + 1) != std::string::npos)
    {
        return FlowSpec{};
    }
    return FlowSpec{text.substr(0, arrow), text.substr(arrow + 1)};
}

/** @return true if @p text is a flow of two different hosts */
bool
IsFlow(const std::string& text)
{
    auto f = ParseFlow(text);
    return f && !f->sender.empty() && f->sender != f->receiver;
}

/** The scenario's flags (the pings are the testbed's PingSeries). */
struct Options
{
    std::string topologyFile;
    std::string mode{"packet"};
    std::string flow1{"node1>node2"};
    std::string flow2;
    Time flow2Delay{Seconds(1)};
    bool bidirectional{false};
    Time duration{Seconds(30)};
    uint32_t writeSize{8192};
    Time interval{Seconds(1)};
    std::string detectionPolicy{"file"};
    std::string rateThreshold{"file"};
    std::string bytesThreshold{"file"};
    std::string busyPolicy{"file"};
};

/** Register the topology, the mode and the flows' flags. */
void
AddFlowFlags(ScenarioFlags& flags, Options& o)
{
    flags.AddInputFile("topology",
                       "the cluster's topology file (docs/testbed.md): a path to a JSON file, or "
                       "the name of one in examples/topologies",
                       &o.topologyFile,
                       HYBRIDNET_TOPOLOGY_DIR,
                       ".json",
                       "lightpath-accelerator");
    flags.AddChoice("mode",
                    "how flow 1 travels: packet (packet network, no daemons), static (a "
                    "circuit made by hand before the run, flow 1 to the receiver's circuit "
                    "address), automatic (the file's epd/pfd move detected flows)",
                    &o.mode,
                    {"packet", "static", "automatic"});
    flags.AddText("flow1",
                  "flow 1: host names of the topology file, iperf client > server",
                  &o.flow1,
                  "sender>receiver (two different host names)",
                  IsFlow);
    flags.AddText("flow2",
                  "flow 2, or empty for none; it starts on the packet network",
                  &o.flow2,
                  "sender>receiver (two different host names), or empty",
                  [](const std::string& text) { return text.empty() || IsFlow(text); });
    flags.AddTime("flow2Delay",
                  "start of flow 2 after flow 1 (the study's flow 1 started slightly earlier)",
                  &o.flow2Delay,
                  Seconds(0),
                  Hours(1));
    flags.AddBool("bidirectional",
                  "flow 1 in both directions at once (iperf -d): flow 2 runs from flow 1's "
                  "receiver to its sender, on flow 1's network",
                  &o.bidirectional);
    flags.AddConstraint("bidirectional is without --flow2 (the reverse flow is flow 2)",
                        [&o]() { return !o.bidirectional || o.flow2.empty(); });
    flags.AddTime("duration",
                  "length of each iperf transfer (iperf -t)",
                  &o.duration,
                  MilliSeconds(100),
                  Hours(1));
    flags.AddSize("writeSize",
                  "bytes per application write (iperf -l; 8KiB is iperf's default)",
                  &o.writeSize,
                  1,
                  1U << 24);
    flags.AddTime("interval",
                  "sampling interval of the throughput series",
                  &o.interval,
                  MilliSeconds(10),
                  Hours(1));
}

/**
 * Register the what-if knobs of --mode=automatic: each replaces the topology file's daemon
 * setting (and meets the same checks); "file" keeps the file's value (or the model default).
 */
void
AddDaemonFlags(ScenarioFlags& flags, Options& o)
{
    flags.AddChoice("detectionPolicy",
                    "epd detection policy (EndpointDaemon DetectionPolicy): rate (a rate held "
                    "for a time) or bytes (bytes sent), or file",
                    &o.detectionPolicy,
                    {"file", "rate", "bytes"});
    flags.AddText("rateThreshold",
                  "epd rate threshold of the rate policy (EndpointDaemon RateThreshold), or file",
                  &o.rateThreshold,
                  "a rate with its unit (100Mbps) or file",
                  [](const std::string& t) {
                      std::string why;
                      return t == "file" || ParseRate(t, &why).has_value();
                  });
    flags.AddText("bytesThreshold",
                  "epd threshold of the bytes policy (EndpointDaemon BytesThreshold), or file",
                  &o.bytesThreshold,
                  "a size with its unit (100MB) or file",
                  [](const std::string& t) {
                      std::string why;
                      return t == "file" || ParseSize<uint64_t>(t, &why).has_value();
                  });
    flags.AddChoice("busyPolicy",
                    "pfd policy when a request's ports are busy (PipeFittingDaemon "
                    "BusyPolicy): queue, deny or preempt, or file",
                    &o.busyPolicy,
                    {"file", "queue", "deny", "preempt"});
    flags.AddConstraint("detectionPolicy, rateThreshold, bytesThreshold and busyPolicy are "
                        "file unless --mode=automatic",
                        [&o]() {
                            return o.mode == "automatic" ||
                                   (o.detectionPolicy == "file" && o.rateThreshold == "file" &&
                                    o.bytesThreshold == "file" && o.busyPolicy == "file");
                        });
}

/** @return the topology file with the daemon flags that are not "file" as overrides */
ClusterTopology
LoadWithOverrides(const Options& o)
{
    std::vector<ClusterTopology::Override> overrides;
    for (const auto& [section, key, text] :
         {std::tuple{"epd", "detectionPolicy", o.detectionPolicy},
          std::tuple{"epd", "rateThreshold", o.rateThreshold},
          std::tuple{"epd", "bytesThreshold", o.bytesThreshold},
          std::tuple{"pfd", "busyPolicy", o.busyPolicy}})
    {
        if (text != "file")
        {
            overrides.push_back({section, key, text});
        }
    }
    if (o.mode == "automatic" && !ClusterTopology::Load(o.topologyFile).HasDaemons())
    {
        throw ClusterTopologyError("--mode=automatic: " + o.topologyFile +
                                   " has no epd or pfd section, so no daemons can run");
    }
    return ClusterTopology::Load(o.topologyFile, overrides);
}

/** Refuse a flow host that is no compute host, or has no circuit NIC where the mode needs one. */
void
RequireHost(const ClusterTopology& t,
            const Options& o,
            const std::string& flag,
            const std::string& host,
            bool circuit)
{
    const ClusterTopology::Host* h = t.FindHost(host);
    if (!h || h->frontEnd)
    {
        throw ClusterTopologyError("--" + flag + ": '" + host + "' is not a compute host of " +
                                   o.topologyFile);
    }
    if (circuit && !h->circuitNic)
    {
        throw ClusterTopologyError("--" + flag + ": host '" + host + "' has no circuit NIC in " +
                                   o.topologyFile + ", which --mode=" + o.mode + " needs");
    }
}

/**
 * The topology the flags describe: the file with its overrides, the flows' hosts checked,
 * no daemons unless --mode=automatic, and with --mode=static flow 1's circuit added to the
 * accelerator's power-up map.  A problem throws ClusterTopologyError.
 */
ClusterTopology
TopologyFor(const Options& o, const FlowSpec& flow1, const std::optional<FlowSpec>& flow2)
{
    ClusterTopology t = LoadWithOverrides(o);
    RequireHost(t, o, "flow1", flow1.sender, o.mode != "packet");
    RequireHost(t, o, "flow1", flow1.receiver, o.mode != "packet");
    if (flow2)
    {
        RequireHost(t, o, "flow2", flow2->sender, false);
        RequireHost(t, o, "flow2", flow2->receiver, false);
    }
    if (o.mode != "automatic")
    {
        t.epd = {};
        t.pfd = {};
        t.epdHosts.clear();
    }
    if (o.mode == "static")
    {
        for (const auto& c : t.staticCircuits)
        {
            for (const std::string& h : {c.hostA, c.hostB})
            {
                if (h == flow1.sender || h == flow1.receiver)
                {
                    throw ClusterTopologyError("--mode=static: host '" + h +
                                               "' of --flow1 is already in a static circuit of " +
                                               o.topologyFile);
                }
            }
        }
        t.staticCircuits.push_back({flow1.sender, flow1.receiver, std::nullopt});
    }
    return t;
}

/** One iperf flow and what is measured of it. */
struct Flow
{
    FlowSpec spec;
    Ipv4Address destination;
    Time start;
    Ptr<IperfServer> server;
    uint16_t port{0};           //!< the server's port
    uint64_t received{0};       //!< bytes read so far
    uint64_t sent{0};           //!< bytes its sender handed to IP (headers included)
    uint64_t onCircuit{0};      //!< of those, the bytes that left on the circuit NIC
    bool circuitAddress{false}; //!< addressed to the circuit NIC (static mode): all leave on it
    uint64_t sampled{0};        //!< received at the last sample
    std::vector<double> rate;   //!< per interval, Mb/s

    /** @return true if @p key is this flow's data direction */
    bool Is(const FlowKey& key) const
    {
        return key.protocol == 6 && key.destination == destination && key.destinationPort == port;
    }

    /** The receiver's Rx trace. */
    void Received(uint32_t, Ptr<const Packet> p)
    {
        received += p->GetSize();
    }

    /** The sender's FlowSteering Tx trace. */
    void Sent(Ptr<const Packet> p, const FlowKey& key, bool steered)
    {
        if (Is(key))
        {
            sent += p->GetSize();
            onCircuit += steered || circuitAddress ? p->GetSize() : 0;
        }
    }
};

/** The flows, their throughput series and flow 1's offload as its sender's epd sees it. */
struct Flows
{
    std::vector<Flow> flows;
    std::vector<double> times;       //!< sample instants, s
    std::vector<double> circuitRate; //!< flow 1's bytes on the circuit NIC per interval, Mb/s
    uint64_t sampledOnCircuit{0};
    Time interval;
    std::optional<Time> detected; //!< the epd detected flow 1
    std::optional<Time> moved;    //!< flow 1's data left on the circuit NIC

    /** Install the flows: iperf servers on the receivers, BulkSend on the senders. */
    void Install(ClusterBuilder& cluster,
                 const Options& o,
                 const FlowSpec& flow1,
                 const std::optional<FlowSpec>& flow2)
    {
        auto address = [&cluster, &o](const std::string& host, bool onFlow1Network) {
            return o.mode == "static" && onFlow1Network ? cluster.GetCircuitAddress(host)
                                                        : cluster.GetPacketAddress(host);
        };
        flows.resize(flow2 || o.bidirectional ? 2 : 1);
        flows[0].spec = flow1;
        flows[0].destination = address(flow1.receiver, true);
        flows[0].circuitAddress = o.mode == "static";
        flows[0].start = Seconds(1);
        if (o.bidirectional)
        {
            flows[1].spec = FlowSpec{flow1.receiver, flow1.sender};
            flows[1].destination = address(flow1.sender, true);
            flows[1].circuitAddress = o.mode == "static";
            flows[1].start = flows[0].start;
        }
        else if (flow2)
        {
            flows[1].spec = *flow2;
            flows[1].destination = address(flow2->receiver, false);
            flows[1].start = flows[0].start + o.flow2Delay;
        }
        uint16_t port = 5001;
        for (Flow& flow : flows)
        {
            flow.port = port++;
            flow.server = InstallIperfTransfer(cluster.GetNode(flow.spec.sender),
                                               cluster.GetNode(flow.spec.receiver),
                                               flow.destination,
                                               flow.port,
                                               o.writeSize,
                                               flow.start,
                                               flow.start + o.duration);
            flow.server->TraceConnectWithoutContext("Rx", MakeCallback(&Flow::Received, &flow));
        }
    }

    /** @return when the last flow ends */
    Time End(const Options& o) const
    {
        return flows.back().start + o.duration;
    }

    /** Sample every receiver's bytes (and flow 1's on the circuit) every @p every until the flows
     * end. */
    void ScheduleSamples(Time every, Time end)
    {
        interval = every;
        const Time first = flows[0].start;
        const uint64_t samples =
            std::llround(std::ceil((end - first).GetSeconds() / every.GetSeconds())) + 1;
        for (uint64_t i = 1; i <= samples; ++i)
        {
            Simulator::Schedule(first + every * i, &Flows::Sample, this);
        }
    }

    /** One sample of the throughput series. */
    void Sample()
    {
        times.push_back(Simulator::Now().GetSeconds());
        circuitRate.push_back(8.0 * (flows[0].onCircuit - sampledOnCircuit) /
                              interval.GetSeconds() / 1e6);
        sampledOnCircuit = flows[0].onCircuit;
        for (Flow& flow : flows)
        {
            flow.rate.push_back(8.0 * (flow.received - flow.sampled) / interval.GetSeconds() / 1e6);
            flow.sampled = flow.received;
        }
    }

    /** Watch flow 1's sender's epd and every sender's FlowSteering. */
    void Watch(ClusterBuilder& cluster)
    {
        if (Ptr<EndpointDaemon> epd = cluster.GetEndpointDaemon(flows[0].spec.sender))
        {
            epd->TraceConnectWithoutContext("Detected", MakeCallback(&Flows::Detected, this));
            epd->TraceConnectWithoutContext("PathChange", MakeCallback(&Flows::PathChange, this));
        }
        for (Flow& flow : flows)
        {
            cluster.GetFlowSteering(flow.spec.sender)
                ->TraceConnectWithoutContext("Tx", MakeCallback(&Flow::Sent, &flow));
        }
    }

    /** EndpointDaemon's Detected trace. */
    void Detected(const FlowKey& key, DataRate, uint64_t)
    {
        if (flows[0].Is(key) && !detected)
        {
            detected = Simulator::Now();
        }
    }

    /** EndpointDaemon's PathChange trace. */
    void PathChange(const FlowKey& key, bool onCircuit)
    {
        if (flows[0].Is(key) && onCircuit && !moved)
        {
            moved = Simulator::Now();
        }
    }

    /** Add the flows' goodputs and offload times (see the file header). */
    void WriteMetrics(ResultDocument& result, const Options& o) const;
    /** Add the series throughput. */
    void WriteSeries(ResultDocument& result) const;
};

void
Flows::WriteMetrics(ResultDocument& result, const Options& o) const
{
    // Each flow's goodput is iperf's (its bytes over its own connection time); the total
    // is every byte over the span from the first connection to the last close, the rate the
    // sender sustained.
    std::vector<double> goodputs;
    uint64_t totalBytes = 0;
    std::optional<Time> first;
    std::optional<Time> last;
    for (const Flow& flow : flows)
    {
        goodputs.push_back(IperfGoodput(flow.server));
        const auto reports = flow.server->GetReports();
        if (!reports.empty())
        {
            totalBytes += reports[0].bytes;
            first = first ? std::min(*first, reports[0].start) : reports[0].start;
            last = last ? std::max(*last, reports[0].end) : reports[0].end;
        }
    }
    result.SetMetric("goodput1", goodputs[0], "Mb/s");
    result.SetMetric("goodput", goodputs[0], "Mb/s"); // gige-iperf's name
    if (flows.size() == 2)
    {
        result.SetMetric("goodput2", goodputs[1], "Mb/s");
        if (o.bidirectional)
        {
            result.SetMetric("reverseGoodput", goodputs[1], "Mb/s");
            result.SetMetric("aggregateGoodput", goodputs[0] + goodputs[1], "Mb/s");
        }
        if (goodputs[1] > 0)
        {
            result.SetMetric("flowRatio", goodputs[0] / goodputs[1], "");
        }
    }
    if (first && *last > *first)
    {
        result.SetMetric("totalGoodput",
                         8.0 * totalBytes / (*last - *first).GetSeconds() / 1e6,
                         "Mb/s");
    }
    for (size_t i = 0; i < flows.size(); ++i)
    {
        if (flows[i].sent > 0)
        {
            result.SetMetric("circuitShare" + std::to_string(i + 1),
                             double(flows[i].onCircuit) / flows[i].sent,
                             "");
        }
    }
    if (detected)
    {
        result.SetMetric("detectionTime", (*detected - flows[0].start).GetSeconds(), "s");
    }
    if (detected && moved)
    {
        result.SetMetric("moveTime", (*moved - *detected).GetSeconds(), "s");
        result.SetMetric("offloadTime", (*moved - flows[0].start).GetSeconds(), "s");
    }
}

void
Flows::WriteSeries(ResultDocument& result) const
{
    std::vector<double> total(times.size(), 0.0);
    for (const Flow& flow : flows)
    {
        for (size_t i = 0; i < times.size(); ++i)
        {
            total[i] += flow.rate[i];
        }
    }
    result.SetSeries("throughput",
                     {{"t", "s", times},
                      {"flow1", "Mb/s", flows[0].rate},
                      {"flow2",
                       "Mb/s",
                       flows.size() == 2 ? flows[1].rate : std::vector<double>(times.size(), 0.0)},
                      {"total", "Mb/s", total},
                      {"flow1Circuit", "Mb/s", circuitRate}});
}

/** @return the timeline as NetLogger ULM lines (ClusterEventLog::WriteTo(NetLogger&)) */
std::string
UlmText(const ClusterEventLog& log)
{
    Ptr<NetLogger> logger = CreateObject<NetLogger>();
    log.WriteTo(*logger);
    std::ostringstream text;
    logger->Write(text);
    return text.str();
}

} // namespace

int
main(int argc, char* argv[])
{
    Scenario scenario("lightpath-cluster",
                      "iperf flows and pings on the hybrid packet/circuit cluster of a topology "
                      "file: packet network only, a hand-made circuit, or circuits made by the "
                      "epd/pfd daemons");
    Options o;
    TcpChoice tcp;
    PingSeries ping;
    ClusterEventLog log;
    scenario.AddOutputFile("netlogger",
                           "a file for the control plane's timeline as NetLogger ULM lines "
                           "(none by default; `hybridnet lifelines FILE` draws each object's)",
                           [&log]() { return UlmText(log); });
    auto& flags = scenario.Flags();
    AddFlowFlags(flags, o);
    tcp.AddFlag(flags, "every host");
    tcp.AddWindowFlag(flags, 0);
    ping.AddFlags(flags, "after the flows, from flow 1's sender to its receiver", true, 0);
    AddDaemonFlags(flags, o);
    // The topology, with the flows' host names and the mode, is checked while the flags
    // are parsed (so --check finds its problems too), before anything is built.
    ClusterTopology topology;
    FlowSpec flow1;
    std::optional<FlowSpec> flow2;
    flags.AddInputCheck([&]() -> std::string {
        flow1 = *ParseFlow(o.flow1);
        flow2 = ParseFlow(o.flow2);
        try
        {
            topology = TopologyFor(o, flow1, flow2);
        }
        catch (const ClusterTopologyError& e)
        {
            return e.what();
        }
        try
        {
            const HostProfile profile = HostProfile::Load(topology.hostProfile);
            return tcp.CheckWindow(&profile);
        }
        catch (const InputFileError& e)
        {
            return std::string("--topology: ") + e.what();
        }
    });
    if (auto exitCode = scenario.Parse(argc, argv))
    {
        return *exitCode;
    }

    Config::SetDefault("ns3::TcpL4Protocol::SocketType", StringValue("ns3::TcpLinuxReno"));
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(1448));

    ClusterBuilder cluster;
    cluster.SetTcp(tcp);
    cluster.Build(topology);
    cluster.AssignStreams(0);
    log.Connect(cluster);

    Flows flows;
    flows.Install(cluster, o, flow1, flow2);
    flows.ScheduleSamples(o.interval, flows.End(o));
    flows.Watch(cluster);
    // Pings after the flows, from flow 1's sender to the address flow 1 used.
    const Time pingStart = flows.End(o) + Seconds(1);
    const Time stop =
        ping.Install(cluster.GetNode(flow1.sender), flows.flows[0].destination, pingStart)
            .value_or(pingStart);
    scenario.Run(stop);

    auto& result = scenario.Result();
    flows.WriteMetrics(result, o);
    result.SetMetric("pingsAnswered", double(ping.GetAnswered()), "");
    flows.WriteSeries(result);
    ping.WriteStatistics(result);
    ping.WriteSeries(result);
    log.WriteTo(result);
    return scenario.Finish();
}
