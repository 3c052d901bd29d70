/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * event-filter-farm: one sub-farm controller (SFC) of a physics read-out and its farm of
 * PCs - the load-balancing half of the NIC-tuning study (shared reference
 * nic-tuning-load-balancing.md; docs/modules/farm.md). The read-out sends whole events to
 * the SFC over GigE; the SFC hands each to one node over the switch, by round robin (it does
 * not know whether a node is ready), control tokens (a ready node asks for its next event)
 * or least outstanding (the node with the fewest events sent and undecided); each node
 * queues what it gets, processes one event at a time and sends its decision back.
 *
 *     read-out ---- readoutRate ---- SFC ---- sfcRate ---- switch ---- nodeRate ---- node 0
 *     10.1.0.1                    10.1.0.2                   |                   10.2.0.2
 *                                 10.2.0.1                   +--- nodeRate ---- node 1 ...
 *
 * Events (FarmEventSource): --eventRate per second (the study: 40 kHz after level 1 over
 * about 60 SFCs, 667 Hz), Poisson or periodic (--arrivals), --eventSize bytes each (4 GB/s
 * over 40 kHz: 100 kB), from t = 0 for --duration. Each node processes an event for X / v,
 * X with mean --processingTime (deterministic, exponential, or log-normal with coefficient
 * of variation --processingCv), v its speed: 1, or --slowSpeed for the first --slowNodes
 * from --slowFrom on; the last --failNodes nodes fail at --failAt (drop all they hold and
 * get). A node holds at most --queueLimit events; the SFC at most --sfcBuffer bytes of
 * waiting events. Links are hybridnet's Ethernet (exact framing), the switch its
 * store-and-forward PacketSwitch with output queues of --switchQueue packets (the study's
 * switch is not described; 100 is ns-3's DropTailQueue default, an assumption); hosts are
 * plain, with Linux's default pfifo_fast of 1000 packets (no host model yet: the
 * per-packet costs of receiving an event are not charged); the SFC sends as a sender that
 * blocks on its socket, in order and as fast as its link takes the events.
 *
 * Flags (defaults): --nodes=16 --policy=roundRobin --credits=1 --eventRate=667
 *   --arrivals=poisson --eventSize=100kB --processingTime=20ms --processing=exponential
 *   --processingCv=1 --slowNodes=0 --slowSpeed=0.5 --slowFrom=0s --failNodes=0 --failAt=0s
 *   --queueLimit=10 --sfcBuffer=64MiB --readoutRate=1Gbps --sfcRate=1Gbps --nodeRate=100Mbps
 *   --linkDelay=500ns --switchQueue=100 --duration=10s --warmup=1s --sampleInterval=100ms; `--help`
 * explains each.
 *
 * Metrics: eventsSent, eventsEntered, sfcDropped, nodeLost, eventsIncomplete (fragments
 * lost on the way to a node: a full switch port or host queue), eventsDecided (counts),
 * decidedRate (events/s after --warmup), lossFraction (dropped, lost and incomplete over
 * sent), latencyMean, latencyP50, latencyP95,
 * latencyP99, latencyMax (ms; events that entered after --warmup), tokens, sfcBufferPeak
 * (B), utilisationMin, utilisationMax, queueMean and queueMax (events a node holds: the
 * mean over samples and nodes, the largest sampled); series: nodes (node, speed, decided,
 * lost, utilisation, meanHeld), occupancy (time, sfcBuffered, heldMean, heldMax),
 * latencyCdf (latency, fraction), summary (one row: eventRate, lossFraction, latencyMean,
 * latencyP99, queueMean, queueMax, for plots across runs).
 *
 * Run:  hybridnet run event-filter-farm --policy=tokens --slowNodes=4
 *   or: build/bin/event-filter-farm --policy=tokens --output=event-filter-farm.json
 */
#include "hybridnet/ethernet-module.h"
#include "hybridnet/fabric-module.h"
#include "hybridnet/farm-module.h"
#include "hybridnet/testbed-module.h"

#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/traffic-control-module.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <sstream>
#include <string>
#include <vector>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

constexpr uint16_t kInputPort = 9000;
constexpr uint16_t kControlPort = 9001;
constexpr uint16_t kNodePort = 9100;
constexpr uint32_t kDatagram = 1472; //!< D: a fragment's UDP payload on a 1500 B MTU

/** The flags. */
struct Options
{
    uint32_t nodes{16};
    std::string policy{"roundRobin"};
    uint32_t credits{1};
    double eventRate{667};
    std::string arrivals{"poisson"};
    uint32_t eventSize{100000};
    Time processingTime{MilliSeconds(20)};
    std::string processing{"exponential"};
    double processingCv{1};
    uint32_t slowNodes{0};
    double slowSpeed{0.5};
    Time slowFrom{Seconds(0)};
    uint32_t failNodes{0};
    Time failAt{Seconds(0)};
    uint32_t queueLimit{10};
    uint64_t sfcBuffer{64 * 1024 * 1024};
    DataRate readoutRate{"1Gbps"};
    DataRate sfcRate{"1Gbps"};
    DataRate nodeRate{"100Mbps"};
    Time linkDelay{NanoSeconds(500)};
    uint32_t switchQueue{100};
    Time duration{Seconds(10)};
    Time warmup{Seconds(1)};
    Time sampleInterval{MilliSeconds(100)};
};

/** Flags: the farm's size and its assignment policy. */
void
AddPolicyFlags(ScenarioFlags& flags, Options& o)
{
    flags.AddCount("nodes", "farm nodes behind the SFC", &o.nodes, 1, 1024);
    flags.AddChoice("policy",
                    "how the SFC assigns events: roundRobin (in turn, blind), tokens (to the "
                    "sender of a token), leastOutstanding (fewest sent and undecided)",
                    &o.policy,
                    {"roundRobin", "tokens", "leastOutstanding"});
    flags.AddCount("credits",
                   "tokens each node holds out (policy tokens): at most this many of its "
                   "events at the node",
                   &o.credits,
                   1,
                   1000);
}

/** Flags: the events and their processing. */
void
AddWorkloadFlags(ScenarioFlags& flags, Options& o)
{
    flags.AddReal("eventRate", "events per second into the SFC", &o.eventRate, 1e-3, 1e6, "Hz");
    flags.AddChoice("arrivals",
                    "the events' arrival process: poisson or periodic",
                    &o.arrivals,
                    {"poisson", "periodic"});
    flags.AddSize("eventSize", "bytes of an event", &o.eventSize, 1, 100000000);
    flags.AddTime("processingTime",
                  "mean processing time of an event on a node of speed 1",
                  &o.processingTime,
                  MicroSeconds(1),
                  Seconds(100));
    flags.AddChoice("processing",
                    "the processing time's distribution: deterministic, exponential, "
                    "lognormal (coefficient of variation processingCv)",
                    &o.processing,
                    {"deterministic", "exponential", "lognormal"});
    flags.AddReal("processingCv",
                  "coefficient of variation of a lognormal processing time (standard "
                  "deviation over mean)",
                  &o.processingCv,
                  0.01,
                  10,
                  "");
}

/** Flags: the nodes: speed, failure, queues; the SFC buffer. */
void
AddNodeFlags(ScenarioFlags& flags, Options& o)
{
    flags.AddCount("slowNodes", "nodes 0 to slowNodes - 1 run at slowSpeed", &o.slowNodes, 0, 1024);
    flags.AddReal("slowSpeed",
                  "speed of the slow nodes relative to the others (0.5: half as fast)",
                  &o.slowSpeed,
                  0.001,
                  1000,
                  "");
    flags.AddTime("slowFrom",
                  "when the slow nodes slow down (0s: from the start)",
                  &o.slowFrom,
                  Seconds(0),
                  Hours(24));
    flags.AddCount("failNodes",
                   "the last failNodes nodes fail at failAt (they drop what they hold and "
                   "get, and send nothing)",
                   &o.failNodes,
                   0,
                   1024);
    flags.AddTime("failAt", "when the failing nodes fail", &o.failAt, Seconds(0), Hours(24));
    flags.AddCount("queueLimit",
                   "events a node holds at most, in service and waiting",
                   &o.queueLimit,
                   1,
                   1000000);
    flags.AddSize("sfcBuffer", "the SFC's memory for waiting events", &o.sfcBuffer, 1, 1ULL << 40);
}

/** Flags: the links and the switch. */
void
AddNetworkFlags(ScenarioFlags& flags, Options& o)
{
    flags.AddDataRate("readoutRate",
                      "the read-out's link to the SFC",
                      &o.readoutRate,
                      DataRate("1Mbps"),
                      DataRate("100Gbps"));
    flags.AddDataRate("sfcRate",
                      "the SFC's link to the switch",
                      &o.sfcRate,
                      DataRate("1Mbps"),
                      DataRate("100Gbps"));
    flags.AddDataRate("nodeRate",
                      "each node's link to the switch",
                      &o.nodeRate,
                      DataRate("1Mbps"),
                      DataRate("100Gbps"));
    flags.AddTime("linkDelay",
                  "propagation delay of every link",
                  &o.linkDelay,
                  Seconds(0),
                  Seconds(1));
    flags.AddCount("switchQueue",
                   "packets each switch port's output queue holds (a 100 kB event is 68 "
                   "frames)",
                   &o.switchQueue,
                   1,
                   1000000);
}

/** Flags: the run. */
void
AddRunFlags(ScenarioFlags& flags, Options& o)
{
    flags.AddTime("duration", "how long events arrive", &o.duration, MilliSeconds(1), Hours(24));
    flags.AddTime("warmup",
                  "events entering before this are left out of the latency and rate",
                  &o.warmup,
                  Seconds(0),
                  Hours(24));
    flags.AddTime("sampleInterval",
                  "the occupancy series' step",
                  &o.sampleInterval,
                  MilliSeconds(1),
                  Hours(1));
}

void
AddFlags(ScenarioFlags& flags, Options& o)
{
    AddPolicyFlags(flags, o);
    AddWorkloadFlags(flags, o);
    AddNodeFlags(flags, o);
    AddNetworkFlags(flags, o);
    AddRunFlags(flags, o);
    flags.AddConstraint("slowNodes <= nodes", [&o]() { return o.slowNodes <= o.nodes; });
    flags.AddConstraint("failNodes < nodes (one node stays)",
                        [&o]() { return o.failNodes < o.nodes; });
    flags.AddConstraint("warmup < duration", [&o]() { return o.warmup < o.duration; });
    flags.AddConstraint("credits <= queueLimit (a node holds out no more tokens than it has "
                        "room for)",
                        [&o]() { return o.credits <= o.queueLimit; });
}

/** @return @p x as an attribute value's text, to the last digit */
std::string
Exact(double x)
{
    std::ostringstream text;
    text << std::setprecision(17) << x;
    return text.str();
}

/** @return the processing time X of FarmNode (1), an ns-3 random variable */
std::string
ProcessingVariable(const Options& o)
{
    const double mean = o.processingTime.GetSeconds();
    if (o.processing == "deterministic")
    {
        return "ns3::ConstantRandomVariable[Constant=" + Exact(mean) + "]";
    }
    if (o.processing == "exponential")
    {
        return "ns3::ExponentialRandomVariable[Mean=" + Exact(mean) + "|Bound=0]";
    }
    // log-normal of mean m and coefficient of variation c: sigma^2 = ln(1 + c^2),
    // mu = ln(m) - sigma^2 / 2
    const double sigma2 = std::log1p(o.processingCv * o.processingCv);
    return "ns3::LogNormalRandomVariable[Mu=" + Exact(std::log(mean) - sigma2 / 2) +
           "|Sigma=" + Exact(std::sqrt(sigma2)) + "]";
}

Ptr<FarmAssignmentPolicy>
Policy(const std::string& name)
{
    if (name == "tokens")
    {
        return CreateObject<TokenAssignment>();
    }
    if (name == "leastOutstanding")
    {
        return CreateObject<LeastOutstandingAssignment>();
    }
    return CreateObject<RoundRobinAssignment>();
}

/** The hosts and their addresses. */
struct Network
{
    NodeContainer hosts;                    //!< the read-out and the SFC
    NodeContainer farmHosts;                //!< the nodes
    Ipv4Address sfcInput;                   //!< the SFC on the read-out's link
    Ipv4Address sfcLan;                     //!< the SFC on the switch
    std::vector<Ipv4Address> nodeAddresses; //!< the nodes on the switch
};

/** The farm's applications. */
struct Farm
{
    Ptr<FarmEventSource> source;
    Ptr<SubFarmController> sfc;
    std::vector<Ptr<FarmNode>> nodes;
};

/**
 * The SFC's transmit queue. It sends its events as a sender that blocks on its socket does:
 * in order, as fast as its link takes them, none dropped on the way out; so the queue holds
 * its whole buffer's events (the fragments of sfcBuffer bytes) and never overflows where a
 * blocking sender would wait.
 */
void
InstallSfcQueue(const Options& o, Ptr<NetDevice> device)
{
    TrafficControlHelper queue;
    const uint64_t fragments = o.sfcBuffer / (kDatagram - FarmMessageHeader::kSize) + 1;
    queue.SetRootQueueDisc(
        "ns3::PfifoFastQueueDisc",
        "MaxSize",
        QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS,
                                 uint32_t(std::min<uint64_t>(fragments + 1000, 1U << 30)))));
    queue.Install(device);
}

Network
BuildNetwork(const Options& o)
{
    Network net;
    net.hosts.Create(2);
    net.farmHosts.Create(o.nodes);
    Ptr<Node> switchNode = CreateObject<Node>();
    InternetStackHelper internet;
    internet.Install(net.hosts);
    internet.Install(net.farmHosts);

    EthernetHelper readout;
    readout.SetDeviceAttribute("DataRate", DataRateValue(o.readoutRate));
    readout.SetChannelAttribute("Delay", TimeValue(o.linkDelay));
    const NetDeviceContainer readoutDevices = readout.Install(net.hosts);
    WanEndHosts::InstallBareQdisc(readoutDevices); // Linux's pfifo_fast, 1000 packets
    Ipv4AddressHelper ip("10.1.0.0", "255.255.255.0");
    net.sfcInput = ip.Assign(readoutDevices).GetAddress(1);

    PacketSwitchHelper star;
    star.SetChannelAttribute("Delay", TimeValue(o.linkDelay));
    star.SetQueue("ns3::DropTailQueue",
                  "MaxSize",
                  QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS, o.switchQueue)));
    star.SetDeviceAttribute("DataRate", DataRateValue(o.sfcRate));
    NetDeviceContainer lan = star.Install(switchNode, NodeContainer(net.hosts.Get(1)));
    InstallSfcQueue(o, lan.Get(0));
    star.SetDeviceAttribute("DataRate", DataRateValue(o.nodeRate));
    const NetDeviceContainer nodeDevices = star.Install(switchNode, net.farmHosts);
    WanEndHosts::InstallBareQdisc(nodeDevices);
    lan.Add(nodeDevices);
    ip.SetBase("10.2.0.0", "255.255.0.0");
    const Ipv4InterfaceContainer addresses = ip.Assign(lan);
    net.sfcLan = addresses.GetAddress(0);
    for (uint32_t i = 0; i < o.nodes; ++i)
    {
        net.nodeAddresses.push_back(addresses.GetAddress(i + 1));
    }
    PacketSwitchHelper::PopulateArpCaches(lan);
    Ipv4GlobalRoutingHelper::PopulateRoutingTables();
    return net;
}

Farm
InstallFarm(const Options& o, const Network& net)
{
    Farm farm;
    farm.sfc = CreateObject<SubFarmController>();
    farm.sfc->SetAttribute("InputPort", UintegerValue(kInputPort));
    farm.sfc->SetAttribute("ControlPort", UintegerValue(kControlPort));
    farm.sfc->SetAttribute("BufferSize", UintegerValue(o.sfcBuffer));
    farm.sfc->SetAttribute("Policy", PointerValue(Policy(o.policy)));
    net.hosts.Get(1)->AddApplication(farm.sfc);
    const std::string processing = ProcessingVariable(o);
    for (uint32_t i = 0; i < o.nodes; ++i)
    {
        auto node = CreateObject<FarmNode>();
        node->SetAttribute("Index", UintegerValue(i));
        node->SetAttribute("Port", UintegerValue(kNodePort));
        node->SetAttribute("Controller", AddressValue(InetSocketAddress(net.sfcLan, kControlPort)));
        node->SetAttribute("ProcessingTime", StringValue(processing));
        node->SetAttribute("QueueLimit", UintegerValue(o.queueLimit));
        node->SetAttribute("Credits", UintegerValue(o.policy == "tokens" ? o.credits : 0));
        node->AssignStreams(10 + 2 * int64_t(i));
        net.farmHosts.Get(i)->AddApplication(node);
        farm.sfc->AddNode(InetSocketAddress(net.nodeAddresses[i], kNodePort));
        farm.nodes.push_back(node);
    }
    const std::string gap = Exact(1 / o.eventRate);
    farm.source = CreateObject<FarmEventSource>();
    farm.source->SetAttribute("Remote", AddressValue(InetSocketAddress(net.sfcInput, kInputPort)));
    farm.source->SetAttribute(
        "InterArrival",
        StringValue(o.arrivals == "periodic"
                        ? "ns3::ConstantRandomVariable[Constant=" + gap + "]"
                        : "ns3::ExponentialRandomVariable[Mean=" + gap + "|Bound=0]"));
    farm.source->SetAttribute(
        "EventSize",
        StringValue("ns3::ConstantRandomVariable[Constant=" + std::to_string(o.eventSize) + "]"));
    farm.source->AssignStreams(1);
    net.hosts.Get(0)->AddApplication(farm.source);
    farm.source->SetStartTime(MilliSeconds(1)); // the nodes' hellos and tokens first
    farm.source->SetStopTime(o.duration);
    return farm;
}

/** Slow-downs and failures at their times. */
void
ScheduleChanges(const Options& o, const Farm& farm)
{
    for (uint32_t i = 0; i < o.slowNodes; ++i)
    {
        Ptr<FarmNode> node = farm.nodes[i];
        const double speed = o.slowSpeed;
        Simulator::Schedule(o.slowFrom,
                            [node, speed]() { node->SetAttribute("Speed", DoubleValue(speed)); });
    }
    for (uint32_t i = o.nodes - o.failNodes; i < o.nodes; ++i)
    {
        Simulator::Schedule(o.failAt, &FarmNode::Fail, farm.nodes[i]);
    }
}

/** What the run records: latencies, and the occupancy sampled. */
struct Recorder
{
    Time warmup;
    std::vector<double> latency; //!< ms, events that entered after the warm-up
    std::vector<double> times;
    std::vector<double> sfcBuffered;
    std::vector<double> heldMean;
    std::vector<double> heldMax;
    std::vector<double> heldSum; //!< per node, the sum of its samples
    uint64_t peak{0};

    static void Decided(Recorder* r, uint32_t, uint64_t, Time latency, bool)
    {
        if (Simulator::Now() - latency >= r->warmup)
        {
            r->latency.push_back(latency.GetSeconds() * 1e3);
        }
    }

    static void Buffered(Recorder* r, uint64_t, uint64_t now)
    {
        r->peak = std::max(r->peak, now);
    }

    /** Sample the occupancy now and every @p interval until @p end. */
    void Sample(const Farm* farm, Time interval, Time end)
    {
        double sum = 0;
        double max = 0;
        heldSum.resize(farm->nodes.size());
        for (size_t i = 0; i < farm->nodes.size(); ++i)
        {
            const double held = farm->nodes[i]->GetHeld();
            heldSum[i] += held;
            sum += held;
            max = std::max(max, held);
        }
        times.push_back(Simulator::Now().GetSeconds());
        sfcBuffered.push_back(double(farm->sfc->GetBuffered()));
        heldMean.push_back(sum / double(farm->nodes.size()));
        heldMax.push_back(max);
        if (Simulator::Now() + interval <= end)
        {
            Simulator::Schedule(interval, &Recorder::Sample, this, farm, interval, end);
        }
    }
};

/** @return the q-quantile of sorted @p values (nearest rank) */
double
Quantile(const std::vector<double>& values, double q)
{
    const auto rank = size_t(std::ceil(q * double(values.size())));
    return values[std::clamp<size_t>(rank, 1, values.size()) - 1];
}

/** The run in one row, for plots across runs. */
struct Summary
{
    double lossFraction{0};
    double latencyMean{0}; //!< ms (0: no event decided)
    double latencyP99{0};  //!< ms
};

void
RecordLatency(ResultDocument& result, std::vector<double> latency, Summary* summary)
{
    if (latency.empty())
    {
        return;
    }
    std::sort(latency.begin(), latency.end());
    double sum = 0;
    for (double l : latency)
    {
        sum += l;
    }
    summary->latencyMean = sum / double(latency.size());
    summary->latencyP99 = Quantile(latency, 0.99);
    result.SetMetric("latencyMean", summary->latencyMean, "ms");
    result.SetMetric("latencyP50", Quantile(latency, 0.50), "ms");
    result.SetMetric("latencyP95", Quantile(latency, 0.95), "ms");
    result.SetMetric("latencyP99", Quantile(latency, 0.99), "ms");
    result.SetMetric("latencyMax", latency.back(), "ms");
    std::vector<double> at;
    std::vector<double> fraction;
    for (uint32_t k = 1; k <= 200; ++k) // the CDF at 200 quantiles
    {
        at.push_back(Quantile(latency, k / 200.0));
        fraction.push_back(k / 200.0);
    }
    result.SetSeries("latencyCdf", {{"latency", "ms", at}, {"fraction", "", fraction}});
}

void
RecordNodes(ResultDocument& result,
            const Options& o,
            const Farm& farm,
            const Recorder& recorder,
            Time end)
{
    std::vector<double> index;
    std::vector<double> speed;
    std::vector<double> decided;
    std::vector<double> lost;
    std::vector<double> utilisation;
    std::vector<double> meanHeld;
    for (uint32_t i = 0; i < o.nodes; ++i)
    {
        const Ptr<FarmNode> node = farm.nodes[i];
        DoubleValue v;
        node->GetAttribute("Speed", v);
        index.push_back(i);
        speed.push_back(v.Get());
        decided.push_back(double(node->GetDecided()));
        lost.push_back(double(node->GetLost()));
        utilisation.push_back(node->GetBusyTime().GetSeconds() / end.GetSeconds());
        meanHeld.push_back(recorder.heldSum[i] / double(recorder.times.size()));
    }
    result.SetMetric("utilisationMin",
                     *std::min_element(utilisation.begin(), utilisation.end()),
                     "");
    result.SetMetric("utilisationMax",
                     *std::max_element(utilisation.begin(), utilisation.end()),
                     "");
    result.SetSeries("nodes",
                     {{"node", "", index},
                      {"speed", "", speed},
                      {"decided", "", decided},
                      {"lost", "", lost},
                      {"utilisation", "", utilisation},
                      {"meanHeld", "", meanHeld}});
}

/** The nodes' queues over the run, and the run's summary as a one-row series for plots. */
void
RecordQueues(ResultDocument& result,
             const Options& o,
             const Recorder& recorder,
             const Summary& summary)
{
    double mean = 0;
    for (double held : recorder.heldMean)
    {
        mean += held;
    }
    mean /= double(std::max<size_t>(1, recorder.heldMean.size()));
    const double max = recorder.heldMax.empty()
                           ? 0.0
                           : *std::max_element(recorder.heldMax.begin(), recorder.heldMax.end());
    result.SetMetric("queueMean", mean, "");
    result.SetMetric("queueMax", max, "");
    result.SetSeries("summary",
                     {{"eventRate", "1/s", {o.eventRate}},
                      {"lossFraction", "", {summary.lossFraction}},
                      {"latencyMean", "ms", {summary.latencyMean}},
                      {"latencyP99", "ms", {summary.latencyP99}},
                      {"queueMean", "", {mean}},
                      {"queueMax", "", {max}}});
}

} // namespace

int
main(int argc, char* argv[])
{
    Scenario scenario("event-filter-farm",
                      "an SFC and its farm of PCs: events assigned by round robin, control "
                      "tokens or least outstanding; latency, queues and loss");
    Options o;
    AddFlags(scenario.Flags(), o);
    if (auto exitCode = scenario.Parse(argc, argv))
    {
        return *exitCode;
    }
    const Network net = BuildNetwork(o);
    Farm farm = InstallFarm(o, net);
    ScheduleChanges(o, farm);
    Recorder recorder;
    recorder.warmup = o.warmup;
    farm.sfc->TraceConnectWithoutContext("Decided",
                                         MakeBoundCallback(&Recorder::Decided, &recorder));
    farm.sfc->TraceConnectWithoutContext("Buffered",
                                         MakeBoundCallback(&Recorder::Buffered, &recorder));
    // the events' last decisions come within the queues' drain; stop a little after
    const Time end = o.duration + Seconds(1);
    Simulator::Schedule(o.sampleInterval,
                        &Recorder::Sample,
                        &recorder,
                        &farm,
                        o.sampleInterval,
                        end);
    scenario.Run(end);

    auto& result = scenario.Result();
    const double sent = double(farm.source->GetSent());
    uint64_t nodeLost = 0;
    for (const auto& node : farm.nodes)
    {
        nodeLost += node->GetLost();
    }
    result.SetMetric("eventsSent", sent, "");
    result.SetMetric("eventsEntered", double(farm.sfc->GetEntered()), "");
    result.SetMetric("sfcDropped", double(farm.sfc->GetDropped()), "");
    result.SetMetric("nodeLost", double(nodeLost), "");
    result.SetMetric("eventsDecided", double(farm.sfc->GetDecided()), "");
    result.SetMetric("decidedRate",
                     double(recorder.latency.size()) / (o.duration - o.warmup).GetSeconds(),
                     "1/s");

    uint64_t incomplete = 0;
    for (const auto& node : farm.nodes)
    {
        incomplete += node->GetIncomplete();
    }
    result.SetMetric("eventsIncomplete", double(incomplete), "");
    Summary summary;
    if (sent > 0)
    {
        const uint64_t lost = farm.sfc->GetDropped() + nodeLost + incomplete;
        summary.lossFraction = double(lost) / sent;
        result.SetMetric("lossFraction", summary.lossFraction, "");
    }
    result.SetMetric("tokens", double(farm.sfc->GetTokens()), "");
    result.SetMetric("sfcBufferPeak", double(recorder.peak), "B");
    RecordLatency(result, recorder.latency, &summary);
    RecordNodes(result, o, farm, recorder, end);
    result.SetSeries("occupancy",
                     {{"time", "s", recorder.times},
                      {"sfcBuffered", "B", recorder.sfcBuffered},
                      {"heldMean", "", recorder.heldMean},
                      {"heldMax", "", recorder.heldMax}});
    RecordQueues(result, o, recorder, summary);
    return scenario.Finish();
}
