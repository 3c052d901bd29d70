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
 * TCP transfer (BulkSend to IperfServer) of --duration.  --mode says how flow 1 travels:
 *   packet     both flows on the packet network; no daemons run, no circuit is made;
 *   static     a circuit between flow 1's hosts, in the accelerator's power-up map (made
 *              by hand before the run), and flow 1 addressed to its receiver's circuit
 *              NIC; no daemons run;
 *   automatic  every flow starts on the packet network; the file's epd and pfd run and
 *              move what they detect onto circuits (the file must have daemon sections).
 * Circuits the file itself lists (staticCircuits) exist in every mode.  After the flows,
 * --pingCount pings go from flow 1's sender to its receiver every --pingInterval, to the
 * address flow 1 used (the circuit address in static mode).
 *
 * Flags (defaults): --topology=lightpath-accelerator --mode=packet --flow1=node1>node2
 *   --flow2= --flow2Delay=1s --duration=30s --window=64KiB --writeSize=8KiB
 *   --interval=1s --pingCount=0 --pingInterval=1s; with --mode=automatic the daemon
 *   settings --detectionPolicy --rateThreshold --bytesThreshold --busyPolicy (default
 *   file: the topology file's value) replace the file's; `--help` explains each.
 *
 * Metrics: goodput1, goodput2 (iperf's totals, each over its own connection, Mb/s),
 * totalGoodput (both flows' bytes over the span from the first connection to the last
 * close: the rate the sender sustained), flowRatio (goodput1 / goodput2); with the daemons, for flow 1: detectionTime (flow start to the epd's
 * detection), moveTime (detection to its data leaving on the circuit NIC), offloadTime
 * (their sum); circuitShare1, circuitShare2 (fraction of each flow's bytes its sender put
 * on the circuit NIC); ping RTT
 * (pingRttMin, Max, Mean, Sd in us).  Series: throughput (t, flow1, flow2, total - each
 * receiver's bytes per --interval; flow1Circuit - flow 1's bytes, headers included, its
 * sender put on the circuit NIC), pingRtt.  Events: the control plane's timeline
 * (ClusterEventLog).
 *
 * Run:  hybridnet run lightpath-cluster --mode=automatic --flow2=node1>node3
 *   or: build/bin/lightpath-cluster --mode=static --output=lightpath-cluster.json
 */
#include "hybridnet/apps-module.h"
#include "hybridnet/fabric-module.h"
#include "hybridnet/host-module.h"
#include "hybridnet/nic-module.h"
#include "hybridnet/offload-module.h"
#include "hybridnet/testbed-module.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-apps-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"

#include <algorithm>
#include <cmath>
#include <optional>
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

/** Sample mean and standard deviation, shifted by the first sample for accuracy. */
std::pair<double, double>
MeanAndSd(const std::vector<double>& xs)
{
    const double n = xs.size();
    const double shift = xs.front();
    double sum = 0;
    double sumSq = 0;
    for (double x : xs)
    {
        sum += x - shift;
        sumSq += (x - shift) * (x - shift);
    }
    const double var = n > 1 ? std::max(0.0, (sumSq - sum * sum / n) / (n - 1)) : 0.0;
    return {shift + sum / n, std::sqrt(var)};
}

} // namespace

int
main(int argc, char* argv[])
{
    Scenario scenario("lightpath-cluster",
                      "iperf flows and pings on the hybrid packet/circuit cluster of a topology "
                      "file: packet network only, a hand-made circuit, or circuits made by the "
                      "epd/pfd daemons");
    std::string topologyFile;
    std::string mode = "packet";
    std::string flow1Text = "node1>node2";
    std::string flow2Text;
    Time flow2Delay = Seconds(1);
    Time duration = Seconds(30);
    uint64_t window = 65536;
    uint32_t writeSize = 8192;
    Time interval = Seconds(1);
    uint32_t pingCount = 0;
    Time pingInterval = Seconds(1);
    std::string detectionPolicy = "file";
    std::string rateThreshold = "file";
    std::string bytesThreshold = "file";
    std::string busyPolicy = "file";

    auto& flags = scenario.Flags();
    flags.AddInputFile("topology",
                       "the cluster's topology file (docs/modules/offload.md): a path to a "
                       "JSON file, or the name of one in examples/topologies",
                       &topologyFile,
                       HYBRIDNET_TOPOLOGY_DIR,
                       ".json",
                       "lightpath-accelerator");
    flags.AddChoice("mode",
                    "how flow 1 travels: packet (packet network, no daemons), static (a "
                    "circuit made by hand before the run, flow 1 to the receiver's circuit "
                    "address), automatic (the file's epd/pfd move detected flows)",
                    &mode,
                    {"packet", "static", "automatic"});
    auto isFlow = [](const std::string& text) {
        auto f = ParseFlow(text);
        return f && !f->sender.empty() && f->sender != f->receiver;
    };
    flags.AddText("flow1",
                  "flow 1: host names of the topology file, iperf client > server",
                  &flow1Text,
                  "sender>receiver (two different host names)",
                  isFlow);
    flags.AddText("flow2",
                  "flow 2, or empty for none; it starts on the packet network",
                  &flow2Text,
                  "sender>receiver (two different host names), or empty",
                  [isFlow](const std::string& text) { return text.empty() || isFlow(text); });
    flags.AddTime("flow2Delay",
                  "start of flow 2 after flow 1 (the study's flow 1 started slightly earlier)",
                  &flow2Delay,
                  Seconds(0),
                  Hours(1));
    flags.AddTime("duration",
                  "length of each iperf transfer (iperf -t)",
                  &duration,
                  MilliSeconds(100),
                  Hours(1));
    flags.AddSize("window",
                  "socket send and receive buffer of every TCP end (iperf -w)",
                  &window,
                  2048,
                  1ULL << 30);
    flags.AddSize("writeSize",
                  "bytes per application write (iperf -l; 8KiB is iperf's default)",
                  &writeSize,
                  1,
                  1U << 24);
    flags.AddTime("interval",
                  "sampling interval of the throughput series",
                  &interval,
                  MilliSeconds(10),
                  Hours(1));
    flags.AddCount("pingCount",
                   "pings after the flows, from flow 1's sender to its receiver (0: none)",
                   &pingCount,
                   0,
                   1000000);
    flags.AddTime("pingInterval", "time between pings (ping -i)", &pingInterval, MilliSeconds(1), Hours(1));
    // What-if knobs of --mode=automatic: each replaces the topology file's daemon setting
    // (and meets the same checks); "file" keeps the file's value (or the model default).
    flags.AddChoice("detectionPolicy",
                    "epd detection policy (EndpointDaemon DetectionPolicy): rate (a rate held "
                    "for a time) or bytes (bytes sent), or file",
                    &detectionPolicy,
                    {"file", "rate", "bytes"});
    flags.AddText("rateThreshold",
                  "epd rate threshold of the rate policy (EndpointDaemon RateThreshold), or file",
                  &rateThreshold,
                  "a rate with its unit (100Mbps) or file",
                  [](const std::string& t) {
                      std::string why;
                      return t == "file" || ParseRate(t, &why).has_value();
                  });
    flags.AddText("bytesThreshold",
                  "epd threshold of the bytes policy (EndpointDaemon BytesThreshold), or file",
                  &bytesThreshold,
                  "a size with its unit (100MB) or file",
                  [](const std::string& t) {
                      std::string why;
                      return t == "file" || ParseSize<uint64_t>(t, &why).has_value();
                  });
    flags.AddChoice("busyPolicy",
                    "pfd policy when a request's ports are busy (PipeFittingDaemon "
                    "BusyPolicy): queue, deny or preempt, or file",
                    &busyPolicy,
                    {"file", "queue", "deny", "preempt"});
    flags.AddConstraint("detectionPolicy, rateThreshold, bytesThreshold and busyPolicy are "
                        "file unless --mode=automatic",
                        [&]() {
                            return mode == "automatic" ||
                                   (detectionPolicy == "file" && rateThreshold == "file" &&
                                    bytesThreshold == "file" && busyPolicy == "file");
                        });
    // The topology, with the flows' host names and the mode, is checked while the flags
    // are parsed (so --check finds its problems too), before anything is built.
    ClusterTopology topology;
    FlowSpec flow1;
    std::optional<FlowSpec> flow2;
    flags.AddInputCheck([&]() -> std::string {
        flow1 = *ParseFlow(flow1Text);
        flow2 = ParseFlow(flow2Text);
        try
        {
            std::vector<ClusterTopology::Override> overrides;
            for (const auto& [section, key, text] :
                 {std::tuple{"epd", "detectionPolicy", detectionPolicy},
                  std::tuple{"epd", "rateThreshold", rateThreshold},
                  std::tuple{"epd", "bytesThreshold", bytesThreshold},
                  std::tuple{"pfd", "busyPolicy", busyPolicy}})
            {
                if (text != "file")
                {
                    overrides.push_back({section, key, text});
                }
            }
            topology = ClusterTopology::Load(topologyFile);
            if (mode == "automatic" && !topology.HasDaemons())
            {
                throw ClusterTopologyError("--mode=automatic: " + topologyFile +
                                           " has no epd or pfd section, so no daemons can run");
            }
            topology = ClusterTopology::Load(topologyFile, overrides);
            auto require = [&](const std::string& flag, const std::string& host, bool circuit) {
                const ClusterTopology::Host* h = topology.FindHost(host);
                if (!h || h->frontEnd)
                {
                    throw ClusterTopologyError("--" + flag + ": '" + host +
                                               "' is not a compute host of " + topologyFile);
                }
                if (circuit && !h->circuitNic)
                {
                    throw ClusterTopologyError("--" + flag + ": host '" + host +
                                               "' has no circuit NIC in " + topologyFile +
                                               ", which --mode=" + mode + " needs");
                }
            };
            const bool circuit = mode != "packet";
            require("flow1", flow1.sender, circuit);
            require("flow1", flow1.receiver, circuit);
            if (flow2)
            {
                require("flow2", flow2->sender, false);
                require("flow2", flow2->receiver, false);
            }
            if (mode != "automatic")
            {
                topology.epd = {};
                topology.pfd = {};
                topology.epdHosts.clear();
            }
            if (mode == "static")
            {
                for (const auto& c : topology.staticCircuits)
                {
                    for (const std::string& h : {c.hostA, c.hostB})
                    {
                        if (h == flow1.sender || h == flow1.receiver)
                        {
                            throw ClusterTopologyError(
                                "--mode=static: host '" + h + "' of --flow1 is already in a static "
                                "circuit of " + topologyFile);
                        }
                    }
                }
                topology.staticCircuits.push_back({flow1.sender, flow1.receiver, std::nullopt});
            }
        }
        catch (const ClusterTopologyError& e)
        {
            return e.what();
        }
        return "";
    });
    if (auto exitCode = scenario.Parse(argc, argv))
    {
        return *exitCode;
    }

    Config::SetDefault("ns3::TcpL4Protocol::SocketType", StringValue("ns3::TcpLinuxReno"));
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(1448));
    Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(window));
    Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(window));

    ClusterBuilder cluster;
    cluster.Build(topology);
    cluster.AssignStreams(0);
    ClusterEventLog log;
    log.Connect(cluster);

    // The flows: iperf servers on the receivers, BulkSend on the senders.
    const Time flow1Start = Seconds(1);
    struct Flow
    {
        FlowSpec spec;
        Ipv4Address destination;
        Time start;
        Ptr<IperfServer> server;
        uint16_t port{0};         //!< the server's port
        uint64_t received{0};     //!< bytes read so far
        uint64_t sent{0};         //!< bytes its sender handed to IP (headers included)
        uint64_t onCircuit{0};    //!< of those, the bytes steered onto the circuit NIC
        uint64_t sampled{0};      //!< received at the last sample
        std::vector<double> rate; //!< per interval, Mb/s
    };
    std::vector<Flow> flows(flow2 ? 2 : 1);
    flows[0].spec = flow1;
    flows[0].destination = mode == "static" ? cluster.GetCircuitAddress(flow1.receiver)
                                            : cluster.GetPacketAddress(flow1.receiver);
    flows[0].start = flow1Start;
    if (flow2)
    {
        flows[1].spec = *flow2;
        flows[1].destination = cluster.GetPacketAddress(flow2->receiver);
        flows[1].start = flow1Start + flow2Delay;
    }
    uint16_t port = 5001;
    for (Flow& flow : flows)
    {
        IperfServerHelper serverHelper(port);
        flow.port = port;
        flow.server = DynamicCast<IperfServer>(serverHelper.Install(cluster.GetNode(flow.spec.receiver)).Get(0));
        flow.server->TraceConnectWithoutContext(
            "Rx",
            MakeCallback(+[](uint64_t* bytes, uint32_t, Ptr<const Packet> p) { *bytes += p->GetSize(); })
                .Bind(&flow.received));
        BulkSendHelper sender("ns3::TcpSocketFactory", InetSocketAddress(flow.destination, port));
        sender.SetAttribute("SendSize", UintegerValue(writeSize));
        ApplicationContainer app = sender.Install(cluster.GetNode(flow.spec.sender));
        app.Start(flow.start);
        app.Stop(flow.start + duration);
        ++port;
    }
    const Time flowsEnd = flows.back().start + duration;

    // Throughput series: every receiver's bytes per interval, on one time grid, and the
    // part of flow 1's bytes its sender put on the circuit NIC.
    uint64_t sampledOnCircuit = 0;
    std::vector<double> circuitRate;
    std::vector<double> sampleTimes;
    const uint64_t samples = std::llround(std::ceil((flowsEnd - flow1Start).GetSeconds() /
                                                    interval.GetSeconds())) + 1;
    for (uint64_t i = 1; i <= samples; ++i)
    {
        Simulator::Schedule(flow1Start + interval * i, [&]() {
            sampleTimes.push_back(Simulator::Now().GetSeconds());
            circuitRate.push_back(8.0 * (flows[0].onCircuit - sampledOnCircuit) / interval.GetSeconds() / 1e6);
            sampledOnCircuit = flows[0].onCircuit;
            for (Flow& flow : flows)
            {
                flow.rate.push_back(8.0 * (flow.received - flow.sampled) / interval.GetSeconds() / 1e6);
                flow.sampled = flow.received;
            }
        });
    }

    // Flow 1's offload, seen by its sender's epd and FlowSteering.
    std::optional<Time> detected;
    std::optional<Time> moved;
    Ptr<EndpointDaemon> senderEpd = cluster.GetEndpointDaemon(flow1.sender);
    auto isFlow1 = [&](const FlowKey& key) {
        return key.protocol == 6 && key.destination == flows[0].destination &&
               key.destinationPort == flows[0].port;
    };
    if (senderEpd)
    {
        senderEpd->TraceConnectWithoutContext(
            "Detected",
            Callback<void, const FlowKey&, DataRate, uint64_t>(
                [&](const FlowKey& key, DataRate, uint64_t) {
                    if (isFlow1(key) && !detected)
                    {
                        detected = Simulator::Now();
                    }
                }));
        senderEpd->TraceConnectWithoutContext(
            "PathChange",
            Callback<void, const FlowKey&, bool>([&](const FlowKey& key, bool onCircuit) {
                if (isFlow1(key) && onCircuit && !moved)
                {
                    moved = Simulator::Now();
                }
            }));
    }
    // Every flow's bytes as its sender hands them to IP, and how many go on the circuit.
    for (Flow& flow : flows)
    {
        cluster.GetFlowSteering(flow.spec.sender)
            ->TraceConnectWithoutContext(
                "Tx",
                Callback<void, Ptr<const Packet>, const FlowKey&, bool>(
                    [&flow](Ptr<const Packet> p, const FlowKey& key, bool steered) {
                        if (key.protocol == 6 && key.destination == flow.destination &&
                            key.destinationPort == flow.port)
                        {
                            flow.sent += p->GetSize();
                            flow.onCircuit += steered ? p->GetSize() : 0;
                        }
                    }));
    }

    // Pings after the flows, from flow 1's sender to the address flow 1 used.
    const Time pingStart = flowsEnd + Seconds(1);
    std::vector<double> pingSeq;
    std::vector<double> pingRtt;
    Time stop = pingStart;
    if (pingCount > 0)
    {
        PingHelper ping(flows[0].destination);
        ping.SetAttribute("Count", UintegerValue(0));
        ping.SetAttribute("Interval", TimeValue(pingInterval));
        ping.SetAttribute("VerboseMode", EnumValue(Ping::SILENT));
        ApplicationContainer pingApp = ping.Install(cluster.GetNode(flow1.sender));
        pingApp.Start(pingStart);
        // As gige-iperf: unbounded, stopped half an interval after the last request.
        pingApp.Stop(pingStart + pingInterval * (pingCount - 1) + pingInterval / 2);
        pingApp.Get(0)->TraceConnectWithoutContext(
            "Rtt",
            Callback<void, uint16_t, Time>([&](uint16_t seq, Time rtt) {
                pingSeq.push_back(seq);
                pingRtt.push_back(rtt.GetNanoSeconds() / 1000.0);
            }));
        stop = pingStart + pingInterval * pingCount + Seconds(1);
    }

    scenario.Run(stop);

    auto& result = scenario.Result();
    // Each flow's goodput is iperf's (its bytes over its own connection time); the total
    // is every byte over the span from the first connection to the last close, the rate the
    // sender sustained.
    std::vector<double> goodputs;
    uint64_t totalBytes = 0;
    std::optional<Time> first;
    std::optional<Time> last;
    for (const Flow& flow : flows)
    {
        auto reports = flow.server->GetReports();
        goodputs.push_back(reports.empty() ? 0.0 : reports[0].GoodputBps() / 1e6);
        if (!reports.empty())
        {
            totalBytes += reports[0].bytes;
            first = first ? std::min(*first, reports[0].start) : reports[0].start;
            last = last ? std::max(*last, reports[0].end) : reports[0].end;
        }
    }
    result.SetMetric("goodput1", goodputs[0], "Mb/s");
    if (flows.size() == 2)
    {
        result.SetMetric("goodput2", goodputs[1], "Mb/s");
        if (goodputs[1] > 0)
        {
            result.SetMetric("flowRatio", goodputs[0] / goodputs[1], "");
        }
    }
    if (first && *last > *first)
    {
        result.SetMetric("totalGoodput", 8.0 * totalBytes / (*last - *first).GetSeconds() / 1e6, "Mb/s");
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
        result.SetMetric("detectionTime", (*detected - flow1Start).GetSeconds(), "s");
    }
    if (detected && moved)
    {
        result.SetMetric("moveTime", (*moved - *detected).GetSeconds(), "s");
        result.SetMetric("offloadTime", (*moved - flow1Start).GetSeconds(), "s");
    }
    std::vector<double> totalRate(sampleTimes.size(), 0.0);
    for (const Flow& flow : flows)
    {
        for (size_t i = 0; i < sampleTimes.size(); ++i)
        {
            totalRate[i] += flow.rate[i];
        }
    }
    result.SetSeries("throughput",
                     {{"t", "s", sampleTimes},
                      {"flow1", "Mb/s", flows[0].rate},
                      {"flow2", "Mb/s", flows.size() == 2 ? flows[1].rate : std::vector<double>(sampleTimes.size(), 0.0)},
                      {"total", "Mb/s", totalRate},
                      {"flow1Circuit", "Mb/s", circuitRate}});
    if (!pingRtt.empty())
    {
        auto [mean, sd] = MeanAndSd(pingRtt);
        result.SetMetric("pingRttMin", *std::min_element(pingRtt.begin(), pingRtt.end()), "us");
        result.SetMetric("pingRttMax", *std::max_element(pingRtt.begin(), pingRtt.end()), "us");
        result.SetMetric("pingRttMean", mean, "us");
        result.SetMetric("pingRttSd", sd, "us");
    }
    result.SetSeries("pingRtt", {{"seq", "", pingSeq}, {"rtt", "us", pingRtt}});
    log.WriteTo(result);
    return scenario.Finish();
}
