/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * event-filter-farm: the sub-farm controllers (SFCs) of a physics read-out and their farms
 * of PCs - the load-balancing half of the NIC-tuning study (shared reference
 * nic-tuning-load-balancing.md; docs/modules/farm.md). The trigger accepts events and the
 * --readoutUnits read-out units each send their share of every event over GigE, through
 * the read-out switch, to the event's SFC (event k to SFC k mod --subfarms), which builds
 * it and hands it to one node over its farm's switch, by round robin (it does not know
 * whether a node is ready), control tokens (a ready node asks for its next event) or
 * least outstanding (the node with the fewest events sent and undecided); each node queues
 * what it gets, processes one event at a time, sends its decision back and, with
 * probability --acceptFraction, the event whole to its sub-farm's storage sink (GigE on
 * the farm's switch; 0.005: the study's 20 MB/s to storage of 4 GB/s read out).
 *
 *     unit 0 (trigger) --+                    +-- SFC 0 -- sfcRate -- switch -- nodeRate -- node 0
 *     10.1.0.1           |   read-out switch  |   10.1.x.y            10.2.0.1 |  10.2.0.2 ...
 *     unit 1 ... -- readoutRate --+-- readoutRate --+-- SFC 1 ...     storage -- sfcRate
 *                                                   (farm k on 10.(2+k).0.0/16, storage last)
 *
 * Events (FarmEventSource, FarmReadoutUnit): --eventRate per second into each SFC (the
 * study: 40 kHz after level 1 over about 60 SFCs, 667 Hz), Poisson or periodic
 * (--arrivals), --eventSize bytes each (4 GB/s over 40 kHz: 100 kB), from t = 0 for
 * --duration; unit r of R sends bytes [r E / R, (r + 1) E / R) of each, so the shares of an
 * event reach its SFC's port together (a port of --readoutQueue packets must hold them).
 * The defaults are one SFC fed by one unit; the study's whole read-out is --subfarms=60
 * --readoutUnits=60 (about a minute of wall time per second of read-out: bench/
 * readout-scale). Each node processes an event for X / v,
 * X with mean --processingTime (deterministic, exponential, or log-normal with coefficient
 * of variation --processingCv) or drawn from the times of a trace file (--processing=trace
 * --processingTrace=FILE: one time with its unit per line, each equally likely; the
 * other two flags do not apply), v its speed: 1, or --slowSpeed for the first --slowNodes
 * of every farm from --slowFrom on; the last --failNodes of every farm fail at --failAt
 * (drop all they hold and get). A node holds at most --queueLimit events; an SFC at most
 * --sfcBuffer bytes of waiting events, and it throttles the trigger above --throttleOn of
 * that and releases it at --throttleOff (SubFarmController (2), (3); the study names the
 * throttle but not its levels: 0.9 and 0.5 are assumptions); the triggers that come while
 * any SFC holds it are not read out (dead time). Links are hybridnet's Ethernet (exact
 * framing), the switches its store-and-forward PacketSwitch with output queues of
 * --switchQueue packets in the farms and --readoutQueue on the read-out switch (the
 * study's switches are not described: 100 is ns-3's DropTailQueue default, 1000 one that
 * holds a 100 kB event's 69 fragments many times over; assumptions). Hosts are plain
 * Ethernet devices (no CPU cost) or, with --sfcHost, --nodeHost and --slowHost (the slow
 * nodes'), host models from profiles: NIC, bus and CPU per frame, the nodes' processing
 * preempted by their network code (FarmNode (3)); every host has Linux's pfifo_fast of
 * 1000 packets; an SFC sends as a sender that blocks on its socket, in order and as fast as
 * its link takes the events. The read-out units are plain.
 *
 * Flags (defaults): --subfarms=1 --readoutUnits=1 --nodes=16 --policy=roundRobin
 *   --credits=1 --eventRate=667 --arrivals=poisson --eventSize=100kB --processingTime=20ms
 *   --processing=exponential --processingCv=1 --processingTrace= --slowNodes=0
 *   --slowSpeed=0.5 --slowFrom=0s --failNodes=0 --failAt=0s --queueLimit=10
 *   --acceptFraction=0.005 --sfcBuffer=64MiB --throttleOn=0.9 --throttleOff=0.5 --sfcHost=none
 *   --nodeHost=none --slowHost=same --readoutRate=1Gbps
 *   --sfcRate=1Gbps --nodeRate=100Mbps --linkDelay=500ns --switchQueue=100
 *   --readoutQueue=1000 --duration=10s --warmup=1s --sampleInterval=100ms; `--help`
 *   explains each.
 *
 * Metrics (sums over the SFCs): triggers, eventsThrottled, throttledFraction (of triggers),
 * throttles (times an SFC throttled), eventsSent, readoutIncomplete (events whose shares did
 * not all reach their SFC: a full read-out port), eventsEntered, sfcDropped, nodeLost,
 * eventsIncomplete (fragments lost on the way to a node: a full switch port or host
 * queue), eventsDecided (counts), decidedRate (events/s after --warmup), lossFraction (read-
 * out incomplete, dropped, lost and incomplete over sent), latencyMean, latencyP50,
 * latencyP95, latencyP99, latencyMax (ms; events that entered after --warmup), tokens,
 * eventsAccepted (by the nodes), eventsStored, storageRate (MB/s over --duration),
 * tokenOverhead (the tokens' wire bytes over the SFCs' to the nodes), sfcBufferPeak (B, the
 * fullest SFC), utilisationMin, utilisationMax, queueMean and queueMax (events a node
 * holds: the mean over samples and nodes, the largest sampled); series: nodes (subfarm,
 * node, speed, decided, lost, utilisation, meanHeld), occupancy (time, sfcBuffered: the
 * SFCs' mean, heldMean, heldMax), latencyCdf (latency, fraction), summary (one row:
 * eventRate, lossFraction, throttledFraction, latencyMean, latencyP99, queueMean, queueMax,
 * for plots across runs); with host profiles, HostCounters' cpuUtilisation,
 * busUtilisation, rxRingDrops, interruptRate and packetsPerInterrupt of sub-farm 0's SFC
 * (Sfc, at its read-out NIC) and node 0 (Node0), over [warmup, duration].
 *
 * Run:  hybridnet run event-filter-farm --policy=tokens --slowNodes=4
 *   or: build/bin/event-filter-farm --policy=tokens --output=event-filter-farm.json
 */
#include "hybridnet/ethernet-module.h"
#include "hybridnet/fabric-module.h"
#include "hybridnet/farm-module.h"
#include "hybridnet/nic-module.h"
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
constexpr uint16_t kTriggerPort = 9002;
constexpr uint16_t kNodePort = 9100;
constexpr uint16_t kStoragePort = 9200;
constexpr uint32_t kDatagram = 1472; //!< D: a fragment's UDP payload on a 1500 B MTU
constexpr size_t kSfcProfile = 0;    //!< HostFlags index of --sfcHost
constexpr size_t kNodeProfile = 1;   //!< of --nodeHost
constexpr size_t kSlowProfile = 2;   //!< of --slowHost

/** The flags. */
struct Options
{
    uint32_t subfarms{1};
    uint32_t readoutUnits{1};
    uint32_t nodes{16};
    std::string policy{"roundRobin"};
    uint32_t credits{1};
    double eventRate{667};
    std::string arrivals{"poisson"};
    uint32_t eventSize{100000};
    Time processingTime{MilliSeconds(20)};
    std::string processing{"exponential"};
    double processingCv{1};
    std::string processingTrace;
    std::vector<Time> trace; //!< processingTrace's times, read while the flags are checked
    uint32_t slowNodes{0};
    double slowSpeed{0.5};
    Time slowFrom{Seconds(0)};
    uint32_t failNodes{0};
    Time failAt{Seconds(0)};
    uint32_t queueLimit{10};
    double acceptFraction{0.005};
    uint64_t sfcBuffer{64 * 1024 * 1024};
    double throttleOn{0.9};
    double throttleOff{0.5};
    DataRate readoutRate{"1Gbps"};
    DataRate sfcRate{"1Gbps"};
    DataRate nodeRate{"100Mbps"};
    Time linkDelay{NanoSeconds(500)};
    uint32_t switchQueue{100};
    uint32_t readoutQueue{1000};
    Time duration{Seconds(10)};
    Time warmup{Seconds(1)};
    Time sampleInterval{MilliSeconds(100)};
};

/** Flags: the farm's size and its assignment policy. */
void
AddPolicyFlags(ScenarioFlags& flags, Options& o)
{
    flags.AddCount("subfarms",
                   "sub-farm controllers (SFCs), each with its own switch and nodes; the "
                   "trigger sends event k to SFC k mod subfarms",
                   &o.subfarms,
                   1,
                   250);
    flags.AddCount("nodes", "farm nodes behind each SFC", &o.nodes, 1, 1024);
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
    flags.AddReal("eventRate",
                  "events per second into each SFC (the trigger accepts subfarms x this)",
                  &o.eventRate,
                  1e-3,
                  1e6,
                  "Hz");
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
                    "lognormal (coefficient of variation processingCv), trace (drawn from "
                    "the times of processingTrace, each equally likely)",
                    &o.processing,
                    {"deterministic", "exponential", "lognormal", "trace"});
    flags.AddText("processingTrace",
                  "a file of processing times on a node of speed 1 (processing=trace): one "
                  "time with its unit per line, '#' comments",
                  &o.processingTrace,
                  "a file path",
                  [](const std::string& text) { return !text.empty(); });
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
    flags.AddReal("acceptFraction",
                  "the fraction of events a node accepts and sends whole to storage (the "
                  "study: about 20 MB/s of 4 GB/s, 0.005)",
                  &o.acceptFraction,
                  0,
                  1,
                  "");
    flags.AddSize("sfcBuffer", "the SFC's memory for waiting events", &o.sfcBuffer, 1, 1ULL << 40);
    flags.AddReal("throttleOn",
                  "the SFC throttles the trigger when its waiting events fill more than this "
                  "fraction of sfcBuffer (1: never)",
                  &o.throttleOn,
                  0,
                  1,
                  "");
    flags.AddReal("throttleOff",
                  "it releases the trigger when they fill this fraction or less",
                  &o.throttleOff,
                  0,
                  1,
                  "");
}

/** Flags: the links and the switch. */
void
AddNetworkFlags(ScenarioFlags& flags, Options& o)
{
    flags.AddCount("readoutUnits",
                   "read-out units: each sends 1/readoutUnits of every event to its SFC "
                   "(event building)",
                   &o.readoutUnits,
                   1,
                   1000);
    flags.AddDataRate("readoutRate",
                      "each read-out unit's and each SFC's link to the read-out switch",
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
                   "packets each farm switch port's output queue holds (a 100 kB event is 68 "
                   "frames)",
                   &o.switchQueue,
                   1,
                   1000000);
    flags.AddCount("readoutQueue",
                   "packets each read-out switch port's output queue holds (the fragments of "
                   "an event from all units arrive at its SFC's port together)",
                   &o.readoutQueue,
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

/** Flags: the host profiles of the SFCs and the nodes. */
void
AddHostFlags(ScenarioFlags& flags, HostFlags& hosts)
{
    const std::string none = "a plain Ethernet device, no host model (processing and "
                             "forwarding cost no CPU)";
    NS_ABORT_UNLESS(hosts.AddProfile(flags, "sfcHost", "the SFCs", "none", none) == kSfcProfile);
    NS_ABORT_UNLESS(hosts.AddProfile(flags, "nodeHost", "the farm nodes", "none", none) ==
                    kNodeProfile);
    NS_ABORT_UNLESS(hosts.AddProfileLike(flags,
                                         "slowHost",
                                         "the slow nodes (set --slowSpeed to match its clock)",
                                         kNodeProfile) == kSlowProfile);
}

void
AddFlags(ScenarioFlags& flags, Options& o, HostFlags& hosts)
{
    AddPolicyFlags(flags, o);
    AddWorkloadFlags(flags, o);
    AddNodeFlags(flags, o);
    AddHostFlags(flags, hosts);
    AddNetworkFlags(flags, o);
    AddRunFlags(flags, o);
    flags.AddConstraint("slowNodes <= nodes", [&o]() { return o.slowNodes <= o.nodes; });
    flags.AddConstraint("failNodes < nodes (one node stays)",
                        [&o]() { return o.failNodes < o.nodes; });
    flags.AddConstraint("processingTrace is given exactly when processing=trace",
                        [&o]() { return o.processingTrace.empty() == (o.processing != "trace"); });
    flags.AddInputCheck([&o]() -> std::string {
        if (o.processing != "trace")
        {
            return "";
        }
        try
        {
            o.trace = ReadTimeList(o.processingTrace);
        }
        catch (const InputFileError& e)
        {
            return std::string("--processingTrace: ") + e.what();
        }
        return "";
    });
    flags.AddConstraint("throttleOff <= throttleOn",
                        [&o]() { return o.throttleOff <= o.throttleOn; });
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

/**
 * @return the processing time X of FarmNode (1) drawn from a trace: each of its n times
 * with probability 1/n (an empirical distribution without interpolation)
 */
Ptr<RandomVariableStream>
TraceVariable(std::vector<Time> trace)
{
    std::sort(trace.begin(), trace.end());
    auto x = CreateObject<EmpiricalRandomVariable>();
    x->SetInterpolate(false);
    for (size_t k = 0; k < trace.size(); ++k)
    {
        if (k + 1 == trace.size() || trace[k + 1] != trace[k]) // one point per distinct time
        {
            x->CDF(trace[k].GetSeconds(), double(k + 1) / double(trace.size()));
        }
    }
    return x;
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

/** One sub-farm's hosts and addresses. */
struct SubFarm
{
    Ptr<Node> sfcHost;
    Ptr<NetDevice> input; //!< the SFC's device on the read-out network
    NodeContainer nodeHosts;
    Ipv4Address inputAddress;               //!< the SFC on the read-out network
    Ipv4Address lan;                        //!< the SFC on its farm's switch
    std::vector<Ipv4Address> nodeAddresses; //!< the nodes on that switch
    Ptr<EthernetNetDevice> lanPort;         //!< the SFC's device on that switch
    NetDeviceContainer nodeDevices;         //!< the nodes' devices
    Ptr<Node> storageHost;                  //!< the sub-farm's storage sink
    Ipv4Address storage;                    //!< its address on the farm's switch
};

/** The read-out network and the sub-farms. */
struct Network
{
    NodeContainer unitHosts; //!< the read-out units; the trigger runs on the first
    Ipv4Address trigger;     //!< the first unit's address
    std::vector<SubFarm> subfarms;
};

/** The applications. */
struct Farm
{
    Ptr<FarmEventSource> trigger;
    std::vector<Ptr<SubFarmController>> sfcs;
    std::vector<Ptr<FarmNode>> nodes; //!< sub-farm k's node i at k x nodes + i
    std::vector<Ptr<FarmStorage>> storage;
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

/** @return a switch's helper: its cables, and @p queue packets per port */
PacketSwitchHelper
SwitchHelper(const Options& o, uint32_t queue)
{
    PacketSwitchHelper star;
    star.SetChannelAttribute("Delay", TimeValue(o.linkDelay));
    star.SetQueue("ns3::DropTailQueue",
                  "MaxSize",
                  QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS, queue)));
    return star;
}

/**
 * The random streams: 1 and 2 the trigger's, 10 + 2 i and the next node i's (the nodes of
 * all sub-farms in order, InstallSubFarm), then one for each NIC of the host model: sub-farm
 * k's SFC and nodes from the returned stream + k (nodes + 1), the SFCs' read-out NICs last.
 * @return the first NIC's stream
 */
int64_t
NicStreams(const Options& o)
{
    return 10 + 2 * int64_t(o.subfarms) * o.nodes;
}

/**
 * A host's device on a new port of @p star's switch: its profile's NIC (HostFlags, NicHelper:
 * the host model) at @p rate, or with profile none a plain EthernetNetDevice; the port from
 * @p star. The qdisc is the profile's (Linux's pfifo_fast either way) unless @p qdisc is false.
 */
Ptr<NetDevice>
Cable(const PacketSwitchHelper& star,
      Ptr<Node> switchNode,
      Ptr<Node> host,
      DataRate rate,
      const HostFlags& hosts,
      size_t profile,
      bool qdisc = true)
{
    Ptr<NetDevice> device;
    if (hosts.IsModelled(profile))
    {
        NicHelper nic;
        hosts.Apply(profile, nic);
        nic.SetDeviceAttribute("DataRate", DataRateValue(rate));
        Ptr<NicNetDevice> modelled = nic.InstallUncabled(host);
        star.InstallPort(switchNode, modelled);
        device = modelled;
        if (qdisc)
        {
            hosts.GetProfile(profile).InstallQdisc(NetDeviceContainer(device));
        }
        return device;
    }
    device = star.Install(switchNode, NodeContainer(host)).Get(0);
    if (qdisc)
    {
        WanEndHosts::InstallBareQdisc(NetDeviceContainer(device)); // pfifo_fast, 1000 packets
    }
    return device;
}

/** Sub-farm k: its SFC, its switch and its nodes on 10.(2 + k).0.0/16. */
SubFarm
BuildSubFarm(const Options& o, const HostFlags& hosts, uint32_t k)
{
    SubFarm farm;
    farm.sfcHost = CreateObject<Node>();
    farm.nodeHosts.Create(o.nodes);
    InternetStackHelper internet;
    internet.Install(farm.sfcHost);
    internet.Install(farm.nodeHosts);
    Ptr<Node> switchNode = CreateObject<Node>();
    PacketSwitchHelper star = SwitchHelper(o, o.switchQueue);
    star.SetDeviceAttribute("DataRate", DataRateValue(o.sfcRate));
    NetDeviceContainer lan(
        Cable(star, switchNode, farm.sfcHost, o.sfcRate, hosts, kSfcProfile, false));
    InstallSfcQueue(o, lan.Get(0));
    farm.lanPort = DynamicCast<EthernetNetDevice>(lan.Get(0));
    star.SetDeviceAttribute("DataRate", DataRateValue(o.nodeRate));
    for (uint32_t i = 0; i < o.nodes; ++i)
    {
        const size_t profile = i < o.slowNodes ? kSlowProfile : kNodeProfile;
        farm.nodeDevices.Add(
            Cable(star, switchNode, farm.nodeHosts.Get(i), o.nodeRate, hosts, profile));
    }
    lan.Add(farm.nodeDevices);
    farm.storageHost = CreateObject<Node>();
    internet.Install(farm.storageHost);
    star.SetDeviceAttribute("DataRate", DataRateValue(o.sfcRate));
    const NetDeviceContainer storage = star.Install(switchNode, NodeContainer(farm.storageHost));
    WanEndHosts::InstallBareQdisc(storage);
    lan.Add(storage);
    Ipv4AddressHelper ip(Ipv4Address((10U << 24) | ((2 + k) << 16)), "255.255.0.0");
    const Ipv4InterfaceContainer addresses = ip.Assign(lan);
    farm.lan = addresses.GetAddress(0);
    for (uint32_t i = 0; i < o.nodes; ++i)
    {
        farm.nodeAddresses.push_back(addresses.GetAddress(i + 1));
    }
    farm.storage = addresses.GetAddress(o.nodes + 1);
    PacketSwitchHelper::PopulateArpCaches(lan);
    NicHelper::AssignStreams(lan, NicStreams(o) + int64_t(k) * (o.nodes + 1));
    return farm;
}

/**
 * The read-out units and the SFCs' inputs on one switch (10.1.0.0/16), the sub-farms behind.
 * Every host talks only to hosts on its own links' subnets: no routing.
 */
Network
BuildNetwork(const Options& o, const HostFlags& hosts)
{
    Network net;
    for (uint32_t k = 0; k < o.subfarms; ++k)
    {
        net.subfarms.push_back(BuildSubFarm(o, hosts, k));
    }
    net.unitHosts.Create(o.readoutUnits);
    InternetStackHelper().Install(net.unitHosts);
    PacketSwitchHelper star = SwitchHelper(o, o.readoutQueue);
    star.SetDeviceAttribute("DataRate", DataRateValue(o.readoutRate));
    Ptr<Node> switchNode = CreateObject<Node>();
    NetDeviceContainer devices = star.Install(switchNode, net.unitHosts);
    WanEndHosts::InstallBareQdisc(devices);
    NetDeviceContainer inputs;
    for (auto& farm : net.subfarms)
    {
        farm.input = Cable(star, switchNode, farm.sfcHost, o.readoutRate, hosts, kSfcProfile);
        inputs.Add(farm.input);
    }
    devices.Add(inputs);
    Ipv4AddressHelper ip("10.1.0.0", "255.255.0.0");
    const Ipv4InterfaceContainer addresses = ip.Assign(devices);
    net.trigger = addresses.GetAddress(0);
    for (uint32_t k = 0; k < o.subfarms; ++k)
    {
        net.subfarms[k].inputAddress = addresses.GetAddress(o.readoutUnits + k);
    }
    PacketSwitchHelper::PopulateArpCaches(devices);
    NicHelper::AssignStreams(inputs, NicStreams(o) + int64_t(o.subfarms) * (o.nodes + 1));
    return net;
}

/** Sub-farm k's SFC and nodes, added to @p farm. */
void
InstallSubFarm(const Options& o, const SubFarm& net, const Network& all, Farm* farm)
{
    auto sfc = CreateObject<SubFarmController>();
    sfc->SetAttribute("InputPort", UintegerValue(kInputPort));
    sfc->SetAttribute("ControlPort", UintegerValue(kControlPort));
    sfc->SetAttribute("BufferSize", UintegerValue(o.sfcBuffer));
    sfc->SetAttribute("Trigger", AddressValue(InetSocketAddress(all.trigger, kTriggerPort)));
    sfc->SetAttribute("ThrottleOn", DoubleValue(o.throttleOn));
    sfc->SetAttribute("ThrottleOff", DoubleValue(o.throttleOff));
    sfc->SetAttribute("Policy", PointerValue(Policy(o.policy)));
    net.sfcHost->AddApplication(sfc);
    const std::string processing = o.processing == "trace" ? "" : ProcessingVariable(o);
    for (uint32_t i = 0; i < o.nodes; ++i)
    {
        auto node = CreateObject<FarmNode>();
        node->SetAttribute("Index", UintegerValue(i));
        node->SetAttribute("Port", UintegerValue(kNodePort));
        node->SetAttribute("Controller", AddressValue(InetSocketAddress(net.lan, kControlPort)));
        if (o.processing == "trace")
        {
            node->SetAttribute("ProcessingTime", PointerValue(TraceVariable(o.trace)));
        }
        else
        {
            node->SetAttribute("ProcessingTime", StringValue(processing));
        }
        node->SetAttribute("QueueLimit", UintegerValue(o.queueLimit));
        node->SetAttribute("Credits", UintegerValue(o.policy == "tokens" ? o.credits : 0));
        node->SetAttribute("AcceptFraction", DoubleValue(o.acceptFraction));
        node->SetAttribute("Storage", AddressValue(InetSocketAddress(net.storage, kStoragePort)));
        node->AssignStreams(10 + 2 * int64_t(farm->nodes.size()));
        net.nodeHosts.Get(i)->AddApplication(node);
        sfc->AddNode(InetSocketAddress(net.nodeAddresses[i], kNodePort));
        farm->nodes.push_back(node);
    }
    farm->sfcs.push_back(sfc);
    auto storage = CreateObject<FarmStorage>();
    storage->SetAttribute("Port", UintegerValue(kStoragePort));
    net.storageHost->AddApplication(storage);
    farm->storage.push_back(storage);
}

/** The trigger, on the first unit's host, and the read-out units. */
Ptr<FarmEventSource>
InstallTrigger(const Options& o, const Network& net)
{
    auto trigger = CreateObject<FarmEventSource>();
    trigger->SetAttribute("Port", UintegerValue(kTriggerPort));
    for (uint32_t k = 0; k < o.subfarms; ++k)
    {
        const InetSocketAddress sfc(net.subfarms[k].inputAddress, kInputPort);
        if (k == 0)
        {
            trigger->SetAttribute("Remote", AddressValue(sfc));
        }
        else
        {
            trigger->AddRemote(sfc);
        }
    }
    for (uint32_t r = 0; r < o.readoutUnits; ++r)
    {
        auto unit = CreateObject<FarmReadoutUnit>();
        net.unitHosts.Get(r)->AddApplication(unit);
        trigger->AddReadoutUnit(unit);
    }
    const std::string gap = Exact(1 / (o.eventRate * o.subfarms));
    trigger->SetAttribute(
        "InterArrival",
        StringValue(o.arrivals == "periodic"
                        ? "ns3::ConstantRandomVariable[Constant=" + gap + "]"
                        : "ns3::ExponentialRandomVariable[Mean=" + gap + "|Bound=0]"));
    trigger->SetAttribute(
        "EventSize",
        StringValue("ns3::ConstantRandomVariable[Constant=" + std::to_string(o.eventSize) + "]"));
    trigger->AssignStreams(1);
    net.unitHosts.Get(0)->AddApplication(trigger);
    trigger->SetStartTime(MilliSeconds(1)); // the nodes' hellos and tokens first
    trigger->SetStopTime(o.duration);
    return trigger;
}

Farm
InstallFarm(const Options& o, const Network& net)
{
    Farm farm;
    for (const auto& subfarm : net.subfarms)
    {
        InstallSubFarm(o, subfarm, net, &farm);
    }
    farm.trigger = InstallTrigger(o, net);
    return farm;
}

/** Slow-downs and failures at their times, in every sub-farm. */
void
ScheduleChanges(const Options& o, const Farm& farm)
{
    for (uint32_t base = 0; base < farm.nodes.size(); base += o.nodes)
    {
        for (uint32_t i = 0; i < o.slowNodes; ++i)
        {
            Ptr<FarmNode> node = farm.nodes[base + i];
            const double speed = o.slowSpeed;
            Simulator::Schedule(o.slowFrom, [node, speed]() {
                node->SetAttribute("Speed", DoubleValue(speed));
            });
        }
        for (uint32_t i = o.nodes - o.failNodes; i < o.nodes; ++i)
        {
            Simulator::Schedule(o.failAt, &FarmNode::Fail, farm.nodes[base + i]);
        }
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

    /** Record @p farm's decisions after @p warmup and its occupancy every @p interval. */
    void Connect(const Farm* farm, Time warmupEnd, Time interval, Time end)
    {
        warmup = warmupEnd;
        for (const auto& sfc : farm->sfcs)
        {
            sfc->TraceConnectWithoutContext("Decided", MakeBoundCallback(&Recorder::Decided, this));
            sfc->TraceConnectWithoutContext("Buffered",
                                            MakeBoundCallback(&Recorder::Buffered, this));
        }
        Simulator::Schedule(interval, &Recorder::Sample, this, farm, interval, end);
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
        double buffered = 0;
        for (const auto& sfc : farm->sfcs)
        {
            buffered += double(sfc->GetBuffered());
        }
        times.push_back(Simulator::Now().GetSeconds());
        sfcBuffered.push_back(buffered / double(farm->sfcs.size()));
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
    double throttledFraction{0};
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
    std::vector<double> subfarm;
    std::vector<double> speed;
    std::vector<double> decided;
    std::vector<double> lost;
    std::vector<double> utilisation;
    std::vector<double> meanHeld;
    for (uint32_t i = 0; i < farm.nodes.size(); ++i)
    {
        const Ptr<FarmNode> node = farm.nodes[i];
        DoubleValue v;
        node->GetAttribute("Speed", v);
        index.push_back(i % o.nodes);
        subfarm.push_back(i / o.nodes);
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
                     {{"subfarm", "", subfarm},
                      {"node", "", index},
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
                      {"throttledFraction", "", {summary.throttledFraction}},
                      {"latencyMean", "ms", {summary.latencyMean}},
                      {"latencyP99", "ms", {summary.latencyP99}},
                      {"queueMean", "", {mean}},
                      {"queueMax", "", {max}}});
}

/**
 * The run's event counts: every trigger is throttled or sent; a sent event is dropped at
 * the SFC, lost at a node, left incomplete on the way, or decided (or still held at the end).
 * @return the summary with the loss fraction set
 */
/**
 * The host model's counters (HostCounters) of sub-farm 0's SFC (its read-out NIC, where it
 * receives) and of its node 0, those with a host profile, over [warmup, duration].
 */
HostCounters
CountHosts(const Options& o, const HostFlags& hosts, const Network& net)
{
    const SubFarm& farm = net.subfarms[0];
    NodeContainer counted;
    NetDeviceContainer nics;
    std::vector<std::string> names;
    if (hosts.IsModelled(kSfcProfile))
    {
        counted.Add(farm.sfcHost);
        nics.Add(farm.input);
        names.emplace_back("Sfc");
    }
    if (hosts.IsModelled(o.slowNodes > 0 ? kSlowProfile : kNodeProfile))
    {
        counted.Add(farm.nodeHosts.Get(0));
        nics.Add(farm.nodeDevices.Get(0));
        names.emplace_back("Node0");
    }
    return HostCounters(counted, nics, names);
}

/** The SFCs' counts, summed. */
struct SfcTotals
{
    uint64_t incomplete{0}; //!< events whose read-out fragments did not all arrive
    uint64_t entered{0};
    uint64_t dropped{0};
    uint64_t decided{0};
    uint64_t tokens{0};
    uint64_t throttles{0};
};

SfcTotals
Totals(const std::vector<Ptr<SubFarmController>>& sfcs)
{
    SfcTotals t;
    for (const auto& sfc : sfcs)
    {
        t.incomplete += sfc->GetIncomplete();
        t.entered += sfc->GetEntered();
        t.dropped += sfc->GetDropped();
        t.decided += sfc->GetDecided();
        t.tokens += sfc->GetTokens();
        t.throttles += sfc->GetThrottles();
    }
    return t;
}

Summary
RecordCounts(ResultDocument& result, const Farm& farm)
{
    const double sent = double(farm.trigger->GetSent());
    const double throttled = double(farm.trigger->GetThrottled());
    uint64_t nodeLost = 0;
    uint64_t incomplete = 0;
    for (const auto& node : farm.nodes)
    {
        nodeLost += node->GetLost();
        incomplete += node->GetIncomplete();
    }
    const SfcTotals sfc = Totals(farm.sfcs);
    result.SetMetric("triggers", sent + throttled, "");
    result.SetMetric("eventsThrottled", throttled, "");
    Summary summary;
    summary.throttledFraction = throttled / std::max(1.0, sent + throttled);
    result.SetMetric("throttledFraction", summary.throttledFraction, "");
    result.SetMetric("throttles", double(sfc.throttles), "");
    result.SetMetric("eventsSent", sent, "");
    result.SetMetric("readoutIncomplete", double(sfc.incomplete), "");
    result.SetMetric("eventsEntered", double(sfc.entered), "");
    result.SetMetric("sfcDropped", double(sfc.dropped), "");
    result.SetMetric("nodeLost", double(nodeLost), "");
    result.SetMetric("eventsIncomplete", double(incomplete), "");
    result.SetMetric("eventsDecided", double(sfc.decided), "");
    if (sent > 0)
    {
        const uint64_t lost = sfc.incomplete + sfc.dropped + nodeLost + incomplete;
        summary.lossFraction = double(lost) / sent;
        result.SetMetric("lossFraction", summary.lossFraction, "");
    }
    return summary;
}

/** What goes beyond the events' way to the nodes: storage, and the tokens' share. */
void
RecordTraffic(ResultDocument& result, const Network& net, const Farm& farm, Time duration)
{
    uint64_t accepted = 0;
    for (const auto& node : farm.nodes)
    {
        accepted += node->GetAccepted();
    }
    uint64_t stored = 0;
    uint64_t storedBytes = 0;
    for (const auto& storage : farm.storage)
    {
        stored += storage->GetStored();
        storedBytes += storage->GetStoredBytes();
    }
    result.SetMetric("eventsAccepted", double(accepted), "");
    result.SetMetric("eventsStored", double(stored), "");
    result.SetMetric("storageRate", double(storedBytes) / 1e6 / duration.GetSeconds(), "MB/s");
    const uint64_t tokens = Totals(farm.sfcs).tokens;
    result.SetMetric("tokens", double(tokens), "");
    // a token is one datagram of H bytes; the events' wire bytes are what the SFCs sent
    double eventWire = 0;
    for (const auto& subfarm : net.subfarms)
    {
        eventWire += double(subfarm.lanPort->GetTxWireBytes());
    }
    const Ptr<EthernetNetDevice> port = net.subfarms[0].lanPort;
    const double tokenWire = double(tokens) * port->GetWireBytes(FarmMessageHeader::kSize + 8 + 20);
    result.SetMetric("tokenOverhead", tokenWire / std::max(1.0, eventWire), "");
}

} // namespace

int
main(int argc, char* argv[])
{
    Scenario scenario("event-filter-farm",
                      "sub-farm controllers and their farms of PCs behind a read-out network: "
                      "events assigned by round robin, control tokens or least outstanding; "
                      "latency, queues, loss and the trigger's throttle");
    Options o;
    HostFlags hosts;
    AddFlags(scenario.Flags(), o, hosts);
    if (auto exitCode = scenario.Parse(argc, argv))
    {
        return *exitCode;
    }
    const Network net = BuildNetwork(o, hosts);
    Farm farm = InstallFarm(o, net);
    ScheduleChanges(o, farm);
    // the events' last decisions come within the queues' drain; stop a little after
    const Time end = o.duration + Seconds(1);
    Recorder recorder;
    recorder.Connect(&farm, o.warmup, o.sampleInterval, end);
    HostCounters counters = CountHosts(o, hosts, net);
    counters.Schedule(o.warmup, o.duration);
    scenario.Run(end);

    auto& result = scenario.Result();
    Summary summary = RecordCounts(result, farm);
    RecordTraffic(result, net, farm, o.duration);
    result.SetMetric("decidedRate",
                     double(recorder.latency.size()) / (o.duration - o.warmup).GetSeconds(),
                     "1/s");
    result.SetMetric("sfcBufferPeak", double(recorder.peak), "B");
    RecordLatency(result, recorder.latency, &summary);
    RecordNodes(result, o, farm, recorder, end);
    result.SetSeries("occupancy",
                     {{"time", "s", recorder.times},
                      {"sfcBuffered", "B", recorder.sfcBuffered},
                      {"heldMean", "", recorder.heldMean},
                      {"heldMax", "", recorder.heldMax}});
    RecordQueues(result, o, recorder, summary);
    counters.WriteTo(result);
    return scenario.Finish();
}
