/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * lightpath-wan (issue 22, first version): a campus-to-campus transfer workload over a
 * congested packet WAN, with or without lightpaths across several optical domains beside
 * it - the accelerator study's open question (shared reference lightpath-accelerator.md:
 * "the true win will be over the real-world WAN when loss and variable bandwidth become
 * issues"), with loss and delay made by real cross traffic, never injected.
 *
 *     campus A                                                         campus B
 *     a1..aN --- access --- border A ==== packet WAN ==== border B --- access --- b1..bN
 *     front end (pfd) --/     |  bottleneck: drop-tail FIFO  |     (NIC 1, 10.1.i / 10.2.i)
 *                             |  cross sender    cross receiver
 *     a_i NIC 2 -- campus A accelerator -- metro switch -- transoceanic wave -- campus B
 *                  (OCS, ports 1..N,        (OCS)          (OCS)               accelerator
 *                   uplinks N+1..N+T)                                          -- b_i NIC 2
 *                  (NIC 2: 192.168.1.i / 192.168.2.i, /16; T = --trunks)
 *
 * Hosts: bare nodes with two NICs (as lightpath-cluster's, without a host profile): NIC 1
 * on an Ethernet access link (EthernetNetDevice: preamble, header, FCS and gap on the wire,
 * as the circuit NIC's) of --accessRate to its border router, NIC 2 (an
 * EthernetNetDevice of --circuitRate through a media converter) on its campus
 * accelerator; both NICs queue in Linux's pfifo_fast of --txQueueLen packets (0: Linux's
 * default 1000; a sender's TCP enters CWR when its own queue drops a segment, so at equal NIC
 * and path rates slow start can end there: docs/modules/offload.md); a host answering an ARP
 * request over a circuit learns the requester, as Linux does (ArpRequestLearning: one ARP
 * round trip before a first transfer over a lightpath, not two). The packet WAN is one link of
 * --bottleneckRate and --wanDelay one way whose A->B port is a drop-tail FIFO of --queuePackets (0:
 * one BDP of the path, WanPathSizing), every other router port a device FIFO (UseDeviceQueues).
 * Cross traffic: CrossTraffic's flags (bulk TCP and on/off UDP from a cross host at border A to one
 * behind border B), so the bottleneck's loss and queueing delay come from competition.
 *
 * Circuits: each trunk k is a chain of four domains, each an OpticalCircuitSwitch with a
 * constant command latency (--campusLatency for both campus accelerators, --metroLatency,
 * --waveLatency) and --switchingTime; fibres of --wanDelay / 3 each join them, so the
 * circuit's one-way propagation equals the packet WAN's. Signalling delays: d_1 =
 * --controlDelay (front end to campus A's controller), d_2 = d_3 = d_4 = --wanDelay / 3
 * (the controllers lie along the fibre). LightpathSignalling (1) gives the set-up time
 *
 *     (1) T_up = 2 L_campus + L_metro + L_wave + 4 S + 2 (controlDelay + wanDelay)
 *
 * (metric circuitSetUpTime). --mode:
 *   packet     every transfer on the packet WAN, no daemons;
 *   on-demand  an epd on every host and the pfd on the front end (PipeFittingDaemon with
 *              LightpathSignalling over the trunks): a transfer the epd detects is moved
 *              onto a lightpath after T_up, or stays on the packet path if a domain
 *              refuses or no trunk is free (BusyPolicy Deny);
 *   reserved   trunk k is booked (LightpathCalendar) for host pair k (a_k, b_k), k < T,
 *              from --workloadStart to --duration: it is set up before the transfers (the
 *              calendar plans the T set-ups one after the other at the shared controllers,
 *              LightpathCalendar (5), the k-th (k - 1) x the longest domain command earlier:
 *
 *                  (2) lead = T_up + (T - 1) max(campusLatency, metroLatency, waveLatency)
 *                             + (T - 1) switchingTime),
 *
 *              and every transfer of a pair with a booking is addressed to the receiver's
 *              circuit NIC; the other pairs use the packet WAN; no daemons.
 *
 * Workload (seeded by --RngSeed/--RngRun): --transfers transfers from a_i to b_i (pair i
 * uniform), Poisson arrivals of mean gap --meanGap from --workloadStart, sizes bounded
 * Pareto (shape --paretoShape on [--minSize, --maxSize]: x = L (1 - U (1 - (L/H)^a))^(-1/a)),
 * plus --bulkTransfers transfers of --bulkSize, the j-th from pair j mod N at
 * --workloadStart. Each is a BulkSend of its size to its own PacketSink; its completion time
 * is from its start to its last byte at the sink. A transfer of at least --elephantSize is
 * an elephant, the others mice.
 *
 * Flags (defaults): --mode=packet --hosts=4 --trunks=1 --accessRate=1Gbps
 *   --bottleneckRate=622Mbps --wanDelay=40ms --txQueueLen=0 --queuePackets=0 --circuitRate=1Gbps
 *   --campusLatency=1500ms --metroLatency=1s --waveLatency=3s --switchingTime=20ms
 *   --controlDelay=1ms --rateThreshold=100Mbps (EndpointDaemon's) --transfers=20 --paretoShape=1.2
 * --minSize=100kB --maxSize=100MB
 *   --meanGap=1s --bulkTransfers=2 --bulkSize=500MB --elephantSize=10MB
 *   --workloadStart=10s --duration=120s, the WAN TCP flags (--tcp, --congestion, socket
 *   flags) and CrossTraffic's (--crossFlows, --crossUdpRate, ...); `--help` explains each.
 *
 * Metrics: transfers, transfersCompleted, bytesOffered, bytesDelivered (B), elephants,
 * mice, fctElephantsMean/Median/Max, fctMiceMean/Median/Max (s, of completed transfers;
 * left out when none), bottleneckUtilisation (bits the bottleneck port sent from
 * --workloadStart to --duration over rate x that time), bottleneckDrops, circuitSetUpTime
 * (1), circuitsRequested, circuitsGranted, circuitsDenied, circuitBytes (bytes campus A's
 * circuit NICs sent), circuitHoldingTime (s, summed over circuits: from the set-up request
 * until released, or the end), circuitHoldingEfficiency (circuitBytes / (circuitRate x
 * circuitHoldingTime / 8); left out when no circuit was held), and CrossTraffic's. Series
 * transfers: id, start (s), size (B), delivered (B), completed (0/1), fct (s; until the end
 * for one not completed), elephant (0/1).
 *
 * Not yet (later changes of issue 22): host profiles on the campus hosts, RED at the
 * bottleneck, sub-lambda channels, the switch-to-switch and shared-NIC offload models,
 * size hints, sweeps, figures and validation.
 *
 * Run:  hybridnet run lightpath-wan --mode=on-demand --crossFlows=2
 *   or: build/bin/lightpath-wan --mode=reserved --duration=60s --output=lightpath-wan.json
 */
#include "hybridnet/ethernet-module.h"
#include "hybridnet/fabric-module.h"
#include "hybridnet/host-module.h"
#include "hybridnet/offload-module.h"
#include "hybridnet/testbed-module.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <vector>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

/** The scenario's own flags (the TCP and cross-traffic flags are the testbed's). */
struct Options
{
    std::string mode{"packet"};
    uint32_t hosts{4};
    uint32_t trunks{1};
    DataRate accessRate{"1Gbps"};
    DataRate bottleneckRate{"622Mbps"};
    Time wanDelay{MilliSeconds(40)};
    uint32_t queuePackets{0};
    uint32_t txQueueLen{0};
    DataRate circuitRate{"1Gbps"};
    Time campusLatency{MilliSeconds(1500)};
    Time metroLatency{Seconds(1)};
    Time waveLatency{Seconds(3)};
    Time switchingTime{MilliSeconds(20)};
    Time controlDelay{MilliSeconds(1)};
    uint32_t transfers{20};
    double paretoShape{1.2};
    uint64_t minSize{100000};
    uint64_t maxSize{100000000};
    Time meanGap{Seconds(1)};
    uint32_t bulkTransfers{2};
    uint64_t bulkSize{500000000};
    uint64_t elephantSize{10000000};
    Time workloadStart{Seconds(10)};
    Time duration{Seconds(120)};
    DataRate rateThreshold{
        AttributeDefault<DataRateValue>(EndpointDaemon::GetTypeId(), "RateThreshold").Get()};

    /** @return the lead of (2): the last of --trunks bookings is set up this long ahead */
    Time BookingLead() const
    {
        const Time longest = std::max({campusLatency, metroLatency, waveLatency});
        return SetUpTime() + (longest + switchingTime) * int64_t(trunks - 1);
    }

    /** @return T_up of (1) */
    Time SetUpTime() const
    {
        return campusLatency * 2 + metroLatency + waveLatency + switchingTime * 4 +
               (controlDelay + wanDelay) * 2;
    }
};

/** Register the topology and circuit flags. */
void
AddNetworkFlags(ScenarioFlags& flags, Options& o)
{
    flags.AddChoice("mode",
                    "packet (packet WAN only), on-demand (epd/pfd set up lightpaths across the "
                    "domains for detected flows), reserved (trunk k booked for host pair k "
                    "before the transfers)",
                    &o.mode,
                    {"packet", "on-demand", "reserved"});
    flags.AddCount("hosts", "hosts per campus, each with two NICs", &o.hosts, 1, 64);
    flags.AddCount("trunks",
                   "lightpath trunks between the campuses (uplink ports of each campus "
                   "accelerator, port pairs of the metro and wave switches)",
                   &o.trunks,
                   1,
                   16);
    flags.AddConstraint("trunks <= hosts", [&o]() { return o.trunks <= o.hosts; });
    flags.AddDataRate("accessRate",
                      "rate of every host's packet NIC and access link (and the cross hosts')",
                      &o.accessRate,
                      DataRate("1Mbps"),
                      DataRate("100Gbps"));
    flags.AddDataRate("bottleneckRate",
                      "rate of the packet WAN link between the border routers",
                      &o.bottleneckRate,
                      DataRate("1Mbps"),
                      DataRate("100Gbps"));
    flags.AddTime("wanDelay",
                  "one-way propagation delay of the packet WAN link, and of the circuit's "
                  "three inter-domain fibres together",
                  &o.wanDelay,
                  MicroSeconds(1),
                  Seconds(1));
    flags.AddCount("txQueueLen",
                   "txqueuelen of every campus host's NICs (pfifo_fast), packets: a sender's "
                   "segments wait there for its NIC; one its TCP cannot place puts the TCP in "
                   "CWR (Linux's local congestion); 0: Linux's default 1000",
                   &o.txQueueLen,
                   0,
                   1000000);
    flags.AddCount("queuePackets",
                   "drop-tail FIFO of the bottleneck port (A to B), packets; 0 = one BDP",
                   &o.queuePackets,
                   0,
                   1000000);
    flags.AddDataRate("circuitRate",
                      "rate of every host's circuit NIC (the lightpath's rate)",
                      &o.circuitRate,
                      DataRate("1Mbps"),
                      DataRate("100Gbps"));
    flags.AddTime("campusLatency",
                  "command latency of both campus accelerators (the study: 1-2 s)",
                  &o.campusLatency,
                  Seconds(0),
                  Hours(1));
    flags.AddTime("metroLatency",
                  "command latency of the metro switch's controller (assumption)",
                  &o.metroLatency,
                  Seconds(0),
                  Hours(1));
    flags.AddTime("waveLatency",
                  "command latency of the transoceanic wave's controller (assumption)",
                  &o.waveLatency,
                  Seconds(0),
                  Hours(1));
    flags.AddTime("switchingTime",
                  "switching time of every domain's switch (MEMS: 10-50 ms)",
                  &o.switchingTime,
                  Seconds(0),
                  Seconds(10));
    flags.AddDataRate("rateThreshold",
                      "with --mode=on-demand: the epds' RateThreshold (a flow at this rate for "
                      "their HoldTime is moved; default: the attribute's)",
                      &o.rateThreshold,
                      DataRate("1kbps"),
                      DataRate("100Gbps"));
    flags.AddTime("controlDelay",
                  "one-way signalling delay from the front end to campus A's controller",
                  &o.controlDelay,
                  Seconds(0),
                  Seconds(1));
}

/** Register the workload flags. */
void
AddWorkloadFlags(ScenarioFlags& flags, Options& o)
{
    flags.AddCount("transfers",
                   "transfers of bounded-Pareto size (Poisson arrivals)",
                   &o.transfers,
                   0,
                   50000);
    flags.AddReal("paretoShape", "shape of the bounded Pareto sizes", &o.paretoShape, 0.1, 10, "");
    flags.AddSize("minSize", "smallest transfer (Pareto L)", &o.minSize, 1, 1ULL << 40);
    flags.AddSize("maxSize", "largest transfer (Pareto H)", &o.maxSize, 1, 1ULL << 40);
    flags.AddConstraint("minSize < maxSize", [&o]() { return o.minSize < o.maxSize; });
    flags.AddTime("meanGap",
                  "mean time between transfer arrivals",
                  &o.meanGap,
                  MilliSeconds(1),
                  Hours(1));
    // each transfer has its own receiver port, 10000 + its index
    flags.AddCount("bulkTransfers",
                   "bulk transfers of bulkSize, all at workloadStart",
                   &o.bulkTransfers,
                   0,
                   64);
    flags.AddSize("bulkSize", "size of each bulk transfer", &o.bulkSize, 1, 1ULL << 40);
    flags.AddConstraint("transfers + bulkTransfers >= 1",
                        [&o]() { return o.transfers + o.bulkTransfers >= 1; });
    flags.AddSize("elephantSize",
                  "transfers of at least this size are elephants, the others mice",
                  &o.elephantSize,
                  1,
                  1ULL << 40);
    flags.AddTime("workloadStart",
                  "arrival of the first transfers",
                  &o.workloadStart,
                  Seconds(0),
                  Hours(24));
    flags.AddTime("duration", "end of the run", &o.duration, Seconds(1), Hours(24));
    flags.AddConstraint("workloadStart < duration",
                        [&o]() { return o.workloadStart < o.duration; });
    flags.AddConstraint(
        "with --mode=reserved, workloadStart >= the bookings' lead (2): the set-up time (1) "
        "2 campusLatency + metroLatency + waveLatency + 4 switchingTime + "
        "2 (controlDelay + wanDelay), plus (trunks - 1) x (the longest of campusLatency, "
        "metroLatency, waveLatency + switchingTime), so every booking can be set up in time",
        [&o]() { return o.mode != "reserved" || o.workloadStart >= o.BookingLead(); });
}

/** One transfer of the workload. */
struct Transfer
{
    uint32_t pair{0};
    uint64_t size{0};
    Time start;
    uint64_t delivered{0};
    bool completed{false};
    Time done;
};

/** @return the workload: bulk transfers first, then the Pareto ones in arrival order */
std::vector<Transfer>
MakeWorkload(const Options& o)
{
    std::vector<Transfer> out;
    for (uint32_t j = 0; j < o.bulkTransfers; ++j)
    {
        out.push_back(Transfer{j % o.hosts, o.bulkSize, o.workloadStart, 0, false, Time()});
    }
    Ptr<UniformRandomVariable> u = CreateObject<UniformRandomVariable>();
    Ptr<ExponentialRandomVariable> gap = CreateObject<ExponentialRandomVariable>();
    u->SetStream(100);
    gap->SetStream(101);
    gap->SetAttribute("Mean", DoubleValue(o.meanGap.GetSeconds()));
    const double a = o.paretoShape;
    const double ratio = std::pow(double(o.minSize) / double(o.maxSize), a);
    Time t = o.workloadStart;
    for (uint32_t j = 0; j < o.transfers; ++j)
    {
        t += Seconds(gap->GetValue());
        const auto pair = static_cast<uint32_t>(u->GetInteger(0, o.hosts - 1));
        const double x = double(o.minSize) * std::pow(1 - u->GetValue() * (1 - ratio), -1 / a);
        const auto size = std::clamp<uint64_t>(std::llround(x), o.minSize, o.maxSize);
        out.push_back(Transfer{pair, size, t, 0, false, Time()});
    }
    return out;
}

/** The two campuses, the WAN and the domains. */
struct Network
{
    NodeContainer a;
    NodeContainer b;
    Ptr<Node> borderA{CreateObject<Node>()};
    Ptr<Node> borderB{CreateObject<Node>()};
    Ptr<Node> frontEnd{CreateObject<Node>()};
    std::vector<Ipv4Address> addressA, addressB, circuitA, circuitB;
    Ipv4Address frontEndAddress;
    NetDeviceContainer nicA, nicB;                  //!< circuit NICs
    Ptr<NetDevice> bottleneck;                      //!< border A's WAN port
    std::vector<Ptr<OpticalCircuitSwitch>> domains; //!< campus A, metro, wave, campus B
    std::vector<std::vector<LightpathHop>> trunks;
    QueueDrops drops;

    void Build(const Options& o,
               const WanTcpFlags& tcp,
               const WanPathSizing& sizing,
               CrossTraffic& cross);
    void BuildDomains(const Options& o);

    /** @return trunk @p k's hops for host pair @p pair */
    std::vector<LightpathHop> Hops(uint32_t k, uint32_t pair) const
    {
        std::vector<LightpathHop> hops = trunks[k];
        hops.front().portIn = pair + 1;
        hops.back().portOut = pair + 1;
        return hops;
    }
};

void
Network::Build(const Options& o,
               const WanTcpFlags& tcp,
               const WanPathSizing& sizing,
               CrossTraffic& cross)
{
    a.Create(o.hosts);
    b.Create(o.hosts);
    NodeContainer hosts(a, b);
    hosts.Add(frontEnd);
    tcp.Install(hosts);
    InternetStackHelper().Install(hosts);
    InternetStackHelper().Install(NodeContainer(borderA, borderB));
    const Time accessDelay = MicroSeconds(50);
    EthernetHelper access; // the hosts' NIC 1 and the border's port: Ethernet framing
    access.SetDeviceAttribute("DataRate", DataRateValue(o.accessRate));
    access.SetDeviceAttribute("Mtu", UintegerValue(sizing.GetMtu()));
    access.SetChannelAttribute("Delay", TimeValue(accessDelay));
    Ipv4AddressHelper addresses;
    auto attach = [&](Ptr<Node> host, Ptr<Node> border, const std::string& subnet) {
        NetDeviceContainer link = access.Install(host, border);
        WanEndHosts::InstallBareQdisc(NetDeviceContainer(link.Get(0)), o.txQueueLen);
        addresses.SetBase(subnet.c_str(), "255.255.255.0");
        return addresses.Assign(link).GetAddress(0);
    };
    for (uint32_t i = 0; i < o.hosts; ++i)
    {
        addressA.push_back(attach(a.Get(i), borderA, "10.1." + std::to_string(i + 1) + ".0"));
        addressB.push_back(attach(b.Get(i), borderB, "10.2." + std::to_string(i + 1) + ".0"));
    }
    frontEndAddress = attach(frontEnd, borderA, "10.1.200.0");
    PointToPointHelper wan;
    wan.SetDeviceAttribute("DataRate", DataRateValue(o.bottleneckRate));
    wan.SetDeviceAttribute("Mtu", UintegerValue(sizing.GetMtu()));
    wan.SetChannelAttribute("Delay", TimeValue(o.wanDelay));
    NetDeviceContainer wanLink = wan.Install(borderA, borderB);
    bottleneck = wanLink.Get(0);
    addresses.SetBase("10.0.0.0", "255.255.255.252");
    addresses.Assign(wanLink);
    if (cross.IsActive())
    {
        cross.Build(borderA, borderB, o.accessRate, accessDelay, accessDelay, sizing.GetMtu(), tcp);
    }
    UseDeviceQueues(NodeContainer(borderA, borderB));
    drops.InstallBottleneck(bottleneck, sizing.GetQueuePackets());
    Ipv4GlobalRoutingHelper::PopulateRoutingTables();
    BuildDomains(o);
    // The circuit NICs get their addresses after the routing tables: the packet network's
    // routes never lead over a circuit (only steering puts packets there).
    // Their queue discipline is Linux's pfifo_fast, as the packet NICs' (else ns-3 would give
    // them its default FqCoDel when the addresses are assigned).
    WanEndHosts::InstallBareQdisc(nicA, o.txQueueLen);
    WanEndHosts::InstallBareQdisc(nicB, o.txQueueLen);
    addresses.SetBase("192.168.0.0", "255.255.0.0", "0.0.1.1");
    for (uint32_t i = 0; i < o.hosts; ++i)
    {
        circuitA.push_back(addresses.Assign(NetDeviceContainer(nicA.Get(i))).GetAddress(0));
    }
    addresses.SetBase("192.168.0.0", "255.255.0.0", "0.0.2.1");
    for (uint32_t i = 0; i < o.hosts; ++i)
    {
        circuitB.push_back(addresses.Assign(NetDeviceContainer(nicB.Get(i))).GetAddress(0));
    }
    // A host that answers an ARP request over a circuit learns the requester, as Linux does
    // (ns-3 does not: one more round trip before the first reply).
    for (uint32_t i = 0; i < o.hosts; ++i)
    {
        ArpRequestLearning::Install(a.Get(i));
        ArpRequestLearning::Install(b.Get(i));
    }
}

void
Network::BuildDomains(const Options& o)
{
    const std::string names[] = {"campusA", "metro", "wave", "campusB"};
    const Time latency[] = {o.campusLatency, o.metroLatency, o.waveLatency, o.campusLatency};
    const uint32_t ports[] = {o.hosts + o.trunks, 2 * o.trunks, 2 * o.trunks, o.hosts + o.trunks};
    for (size_t i = 0; i < 4; ++i)
    {
        OpticalCircuitSwitchHelper helper;
        helper.SetSwitchAttribute("NumPorts", UintegerValue(ports[i]));
        helper.SetSwitchAttribute("CommandLatencyMin", TimeValue(latency[i]));
        helper.SetSwitchAttribute("CommandLatencyMax", TimeValue(latency[i]));
        helper.SetSwitchAttribute("SwitchingTime", TimeValue(o.switchingTime));
        helper.SetHostDeviceAttribute("DataRate", DataRateValue(o.circuitRate));
        domains.push_back(helper.Install(CreateObject<Node>()));
        if (i == 0 || i == 3)
        {
            NodeContainer& campus = i == 0 ? a : b;
            for (uint32_t h = 0; h < o.hosts; ++h)
            {
                (i == 0 ? nicA : nicB).Add(helper.InstallHost(domains[i], h + 1, campus.Get(h)));
            }
        }
    }
    // fibres: campus A uplink N+1+k - metro 2k+1, metro 2k+2 - wave 2k+1, wave 2k+2 -
    // campus B uplink N+1+k, each wanDelay / 3
    const Time span = o.wanDelay / 3;
    auto fibre =
        [&](Ptr<OpticalCircuitSwitch> x, uint32_t px, Ptr<OpticalCircuitSwitch> y, uint32_t py) {
            Ptr<EthernetChannel> channel = CreateObject<EthernetChannel>();
            channel->SetAttribute("Delay", TimeValue(span));
            for (auto [ocs, port] : {std::pair{x, px}, std::pair{y, py}})
            {
                ocs->GetPort(port)->SetDataRate(o.circuitRate);
                ocs->GetPort(port)->Attach(channel);
            }
        };
    for (uint32_t k = 0; k < o.trunks; ++k)
    {
        const uint32_t uplink = o.hosts + 1 + k;
        fibre(domains[0], uplink, domains[1], 2 * k + 1);
        fibre(domains[1], 2 * k + 2, domains[2], 2 * k + 1);
        fibre(domains[2], 2 * k + 2, domains[3], uplink);
        trunks.push_back({LightpathHop{names[0], domains[0], 0, uplink, o.controlDelay},
                          LightpathHop{names[1], domains[1], 2 * k + 1, 2 * k + 2, span},
                          LightpathHop{names[2], domains[2], 2 * k + 1, 2 * k + 2, span},
                          LightpathHop{names[3], domains[3], uplink, 0, span}});
    }
}

/** What is counted of the circuits. */
struct CircuitCounters
{
    uint32_t requested{0};
    uint32_t granted{0};
    uint32_t denied{0};
    uint64_t bytes{0};
    Time held;                        //!< summed over circuits that ended
    std::map<std::string, Time> open; //!< circuits held now: key -> since

    void Open(const std::string& key)
    {
        open[key] = Simulator::Now();
    }

    void Close(const std::string& key)
    {
        auto it = open.find(key);
        if (it != open.end())
        {
            held += Simulator::Now() - it->second;
            open.erase(it);
        }
    }

    /** The pfd's CircuitStateChange. */
    void PfdChange(const FlowKey& key,
                   uint32_t,
                   uint32_t,
                   PipeFittingDaemon::CircuitState from,
                   PipeFittingDaemon::CircuitState to,
                   std::string)
    {
        using State = PipeFittingDaemon::CircuitState;
        const std::string name = key.ToString();
        if (from == State::CLOSED && to != State::CLOSED)
        {
            ++requested;
        }
        granted += to == State::SETTING_UP ? 1 : 0;
        denied += to == State::DENIED ? 1 : 0;
        if (to == State::CONNECTING)
        {
            Open(name);
        }
        if (to == State::CLOSED || to == State::DENIED)
        {
            Close(name);
        }
    }

    /** @return the holding time until now, open circuits included */
    Time HeldUntilNow() const
    {
        Time total = held;
        for (const auto& [key, since] : open)
        {
            total += Simulator::Now() - since;
        }
        return total;
    }
};

/** @return the mean, median and largest of @p values (not empty) */
std::vector<double>
Summary(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    double sum = 0;
    for (double v : values)
    {
        sum += v;
    }
    const size_t n = values.size();
    const double median = n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
    return {sum / n, median, values.back()};
}

/** Write the transfers' metrics and series. */
void
WriteTransfers(ResultDocument& result, const Options& o, const std::vector<Transfer>& transfers)
{
    std::vector<double> id, start, size, delivered, completed, fct, elephant;
    std::vector<double> fctE, fctM;
    uint64_t offered = 0;
    uint64_t got = 0;
    for (size_t j = 0; j < transfers.size(); ++j)
    {
        const Transfer& t = transfers[j];
        const bool done = t.completed;
        const bool big = t.size >= o.elephantSize;
        id.push_back(double(j));
        start.push_back(t.start.GetSeconds());
        size.push_back(double(t.size));
        delivered.push_back(double(t.delivered));
        completed.push_back(done ? 1 : 0);
        fct.push_back(((done ? t.done : o.duration) - t.start).GetSeconds());
        elephant.push_back(big ? 1 : 0);
        offered += t.size;
        got += t.delivered;
        if (done)
        {
            (big ? fctE : fctM).push_back(fct.back());
        }
    }
    result.SetMetric("transfers", double(transfers.size()), "");
    result.SetMetric("transfersCompleted", std::count(completed.begin(), completed.end(), 1.0), "");
    result.SetMetric("bytesOffered", double(offered), "B");
    result.SetMetric("bytesDelivered", double(got), "B");
    result.SetMetric("elephants", std::count(elephant.begin(), elephant.end(), 1.0), "");
    result.SetMetric("mice", std::count(elephant.begin(), elephant.end(), 0.0), "");
    for (const auto& [name, values] : {std::pair{"Elephants", fctE}, std::pair{"Mice", fctM}})
    {
        if (!values.empty())
        {
            const auto s = Summary(values);
            result.SetMetric(std::string("fct") + name + "Mean", s[0], "s");
            result.SetMetric(std::string("fct") + name + "Median", s[1], "s");
            result.SetMetric(std::string("fct") + name + "Max", s[2], "s");
        }
    }
    result.SetSeries("transfers",
                     {{"id", "", id},
                      {"start", "s", start},
                      {"size", "B", size},
                      {"delivered", "B", delivered},
                      {"completed", "", completed},
                      {"fct", "s", fct},
                      {"elephant", "", elephant}});
}

/** --mode=on-demand: an epd on every host, the pfd with the trunks on the front end. */
void
InstallDaemons(const Options& o,
               Network& net,
               Ptr<LightpathSignalling> signalling,
               CircuitCounters& circuits)
{
    OffloadDaemonHelper offload;
    offload.SetPipeFittingAttribute("BusyPolicy", StringValue("Deny"));
    offload.SetEndpointAttribute("RateThreshold", DataRateValue(o.rateThreshold));
    Ptr<PipeFittingDaemon> pfd = offload.InstallPipeFitting(net.frontEnd, Ipv4Address::GetAny());
    pfd->SetLightpathSignalling(signalling);
    for (const auto& trunk : net.trunks)
    {
        pfd->AddTrunk(trunk);
    }
    for (uint32_t i = 0; i < o.hosts; ++i)
    {
        pfd->AddEndpoint(net.addressA[i], net.circuitA[i], i + 1);
        pfd->AddRemoteEndpoint(net.addressB[i], net.circuitB[i], i + 1);
        offload.InstallEndpoint(net.a.Get(i), net.nicA.Get(i), net.frontEndAddress);
        offload.InstallEndpoint(net.b.Get(i), net.nicB.Get(i), net.frontEndAddress);
    }
    pfd->TraceConnectWithoutContext("CircuitStateChange",
                                    MakeCallback(&CircuitCounters::PfdChange, &circuits));
}

/** --mode=reserved: book trunk k for host pair k from --workloadStart to the end. */
void
BookTrunks(const Options& o,
           Network& net,
           Ptr<LightpathCalendar> calendar,
           Ptr<LightpathSignalling> signalling,
           CircuitCounters& circuits)
{
    calendar->SetSignalling(signalling);
    for (uint32_t k = 0; k < o.trunks; ++k)
    {
        const auto hops = net.Hops(k, k);
        const Time setUp = calendar->PlanCommands(hops, o.workloadStart, o.duration).first;
        const std::string key = "trunk" + std::to_string(k);
        Simulator::Schedule(setUp, &CircuitCounters::Open, &circuits, key);
        std::string why;
        ++circuits.requested;
        const uint64_t id =
            calendar->Book(hops,
                           o.workloadStart,
                           o.duration,
                           LightpathCalendar::OutcomeCallback(
                               [&circuits, key](uint64_t, bool up, bool success, std::string) {
                                   if (up)
                                   {
                                       circuits.granted += success ? 1 : 0;
                                       circuits.denied += success ? 0 : 1;
                                   }
                                   if (!up || !success)
                                   {
                                       circuits.Close(key);
                                   }
                               }),
                           why);
        NS_ABORT_MSG_IF(id == 0, "lightpath-wan: booking trunk " << k << ": " << why);
    }
}

/**
 * Install every transfer: a PacketSink on its receiver from t = 0, a BulkSend of its size
 * from its start (to the receiver's circuit NIC for a booked pair in reserved mode).
 */
void
InstallTransfers(const Options& o,
                 const Network& net,
                 uint32_t sendSize,
                 std::vector<Transfer>& transfers)
{
    for (size_t j = 0; j < transfers.size(); ++j)
    {
        Transfer& t = transfers[j];
        const uint16_t port = static_cast<uint16_t>(10000 + j);
        const bool reserved = o.mode == "reserved" && t.pair < o.trunks;
        const Ipv4Address to = reserved ? net.circuitB[t.pair] : net.addressB[t.pair];
        PacketSinkHelper sink("ns3::TcpSocketFactory",
                              InetSocketAddress(Ipv4Address::GetAny(), port));
        ApplicationContainer sinkApp = sink.Install(net.b.Get(t.pair));
        sinkApp.Start(Seconds(0));
        sinkApp.Get(0)->TraceConnectWithoutContext(
            "Rx",
            Callback<void, Ptr<const Packet>, const Address&>(
                [&t](Ptr<const Packet> p, const Address&) {
                    t.delivered += p->GetSize();
                    if (t.delivered >= t.size && !t.completed)
                    {
                        t.completed = true;
                        t.done = Simulator::Now();
                    }
                }));
        BulkSendHelper send("ns3::TcpSocketFactory", InetSocketAddress(to, port));
        send.SetAttribute("MaxBytes", UintegerValue(t.size));
        send.SetAttribute("SendSize", UintegerValue(sendSize));
        ApplicationContainer sendApp = send.Install(net.a.Get(t.pair));
        sendApp.Start(t.start);
    }
}

/** Write the circuit and bottleneck metrics. */
void
WriteCircuits(ResultDocument& result,
              const Options& o,
              const CircuitCounters& circuits,
              uint64_t bottleneckBits,
              uint64_t drops)
{
    const double window = (o.duration - o.workloadStart).GetSeconds();
    result.SetMetric("bottleneckUtilisation",
                     double(bottleneckBits) / (o.bottleneckRate.GetBitRate() * window),
                     "");
    result.SetMetric("bottleneckDrops", double(drops), "");
    result.SetMetric("circuitSetUpTime", o.SetUpTime().GetSeconds(), "s");
    result.SetMetric("circuitsRequested", circuits.requested, "");
    result.SetMetric("circuitsGranted", circuits.granted, "");
    result.SetMetric("circuitsDenied", circuits.denied, "");
    result.SetMetric("circuitBytes", double(circuits.bytes), "B");
    const Time held = circuits.HeldUntilNow();
    result.SetMetric("circuitHoldingTime", held.GetSeconds(), "s");
    if (held.IsStrictlyPositive())
    {
        result.SetMetric("circuitHoldingEfficiency",
                         8.0 * circuits.bytes / (o.circuitRate.GetBitRate() * held.GetSeconds()),
                         "");
    }
}

} // namespace

int
main(int argc, char* argv[])
{
    Scenario scenario("lightpath-wan",
                      "a campus-to-campus transfer mix over a packet WAN with real cross "
                      "traffic, with or without lightpaths across several optical domains "
                      "(on demand through the epd/pfd, or reserved ahead)");
    Options o;
    WanTcpFlags tcp;
    CrossTraffic cross;
    auto& flags = scenario.Flags();
    AddNetworkFlags(flags, o);
    AddWorkloadFlags(flags, o);
    tcp.AddStackFlags(flags, "every host", false);
    tcp.AddSocketFlags(flags, "the packet WAN path", false);
    cross.AddFlags(flags, tcp, o.duration, o.accessRate);
    flags.AddInputCheck([&]() { return tcp.ResolveCongestion(1); });
    if (auto exitCode = scenario.Parse(argc, argv))
    {
        return *exitCode;
    }

    const WanPathSizing sizing = tcp.SizePath(o.bottleneckRate, o.wanDelay * 2, o.queuePackets);
    tcp.SetCongestionDefault();
    tcp.SetDefaults(sizing);
    Network net;
    net.Build(o, tcp, sizing, cross);

    CircuitCounters circuits;
    Ptr<LightpathSignalling> signalling = CreateObject<LightpathSignalling>();
    Ptr<LightpathCalendar> calendar = CreateObject<LightpathCalendar>();
    if (o.mode == "on-demand")
    {
        InstallDaemons(o, net, signalling, circuits);
    }
    if (o.mode == "reserved")
    {
        BookTrunks(o, net, calendar, signalling, circuits);
    }
    for (uint32_t i = 0; i < o.hosts; ++i)
    {
        net.nicA.Get(i)->TraceConnectWithoutContext(
            "MacTx",
            Callback<void, Ptr<const Packet>>(
                [&circuits](Ptr<const Packet> p) { circuits.bytes += p->GetSize(); }));
    }
    uint64_t bottleneckBits = 0;
    net.bottleneck->TraceConnectWithoutContext(
        "PhyTxBegin",
        Callback<void, Ptr<const Packet>>([&](Ptr<const Packet> p) {
            if (Simulator::Now() >= o.workloadStart)
            {
                bottleneckBits += 8ULL * p->GetSize();
            }
        }));

    std::vector<Transfer> transfers = MakeWorkload(o);
    const uint32_t sendSize = std::min<uint64_t>(tcp.GetSegmentSize(), sizing.GetSndBufEffective());
    InstallTransfers(o, net, sendSize, transfers);
    cross.Start(sendSize, tcp.IsLfn());
    cross.AssignStreams(200);

    scenario.Run(o.duration);

    auto& result = scenario.Result();
    WriteTransfers(result, o, transfers);
    WriteCircuits(result, o, circuits, bottleneckBits, net.drops.Get());
    cross.WriteTo(result, o.duration);
    return scenario.Finish();
}
