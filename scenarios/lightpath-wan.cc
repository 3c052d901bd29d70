/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * lightpath-wan (issue 22): a campus-to-campus transfer workload over a congested packet
 * WAN, with or without lightpaths across several optical domains beside it - the
 * accelerator study's open question (shared reference lightpath-accelerator.md: "the true
 * win will be over the real-world WAN when loss and variable bandwidth become issues"),
 * with loss and delay made by real cross traffic, never injected - and the study's three
 * offload models (where the circuit meets the packet network).
 *
 *     campus A                                                         campus B
 *     a1..aN --- access --- border A ==== packet WAN ==== border B --- access --- b1..bN
 *     front end (pfd) --/     |  bottleneck: drop-tail FIFO  |     (NIC 1, 10.1.i / 10.2.i)
 *                             |  cross sender    cross receiver
 *     a_i NIC 2 -- campus A accelerator -- metro switch -- transoceanic wave -- campus B
 *                  (OCS, ports 1..E,        (OCS)          (OCS)               accelerator
 *                   uplinks E+1..E+T)                                          -- b_i NIC 2
 *                  (NIC 2: 192.168.1.i / 192.168.2.i, /16; T = --trunks)
 *
 * Hosts: bare nodes (as lightpath-cluster's, without a host profile): NIC 1 on an Ethernet
 * access link (EthernetNetDevice: preamble, header, FCS and gap on the wire, as the circuit
 * NIC's) of --accessRate to its border router; with --offload=host also NIC 2 (an
 * EthernetNetDevice of --circuitRate through a media converter) on its campus accelerator.
 * The hosts' NICs queue in Linux's pfifo_fast of --txQueueLen packets (0: Linux's default
 * 1000; a sender's TCP enters CWR when its own queue drops a segment, so at equal NIC and
 * path rates slow start can end there: docs/modules/offload.md); a host or border answering
 * an ARP request learns the requester, as Linux does (ArpRequestLearning: one ARP round trip
 * before a first transfer over a lightpath, not two). The packet WAN is one link of
 * --bottleneckRate and --wanDelay one way whose A->B port queues at most --queuePackets
 * (0: one BDP of the path, WanPathSizing) in a drop-tail FIFO or, with
 * --bottleneckQueue=red, in Adaptive RED (QueueDrops::InstallRedBottleneck, its thresholds
 * from --redTargetDelay and the rate), every other router port a device FIFO
 * (UseDeviceQueues). Cross traffic: CrossTraffic's flags (bulk TCP and on/off UDP from a
 * cross host at border A to one behind border B, 10.9.x), so the bottleneck's loss and
 * queueing delay come from competition.
 *
 * Circuits: each trunk k is a chain of n domains (--domains, name:latency from campusA to
 * campusB; by default the four campusA, metro, wave, campusB with --campusLatency for both
 * campus accelerators, --metroLatency, --waveLatency), each an OpticalCircuitSwitch with
 * that constant command latency and --switchingTime; n - 1 fibres of --wanDelay / (n - 1)
 * each join them, so the circuit's one-way propagation equals the packet WAN's. Signalling
 * delays: d_1 = --controlDelay (front end to campus A's controller), d_i = --wanDelay /
 * (n - 1) for i > 1 (the controllers lie along the fibre). LightpathSignalling (1) gives
 * the set-up time
 *
 *     (1) T_up = sum_i L_i + n S + 2 (controlDelay + wanDelay)
 *              = 2 L_campus + L_metro + L_wave + 4 S + 2 (controlDelay + wanDelay)  (default)
 *
 * (metric circuitSetUpTime). A chain that does not start at campusA, end at campusB, or
 * names a domain twice does not connect the end points and is refused.
 *
 * Sub-lambda channels: with --channelRate c > 0 the last span of every trunk (into campus
 * B) is channel k of one wave of payload rate --waveRate W between two multiplexers
 * (SubLambdaWave (5)-(7): UKLight's 1GE channels in a 10G wave; cables of no delay to the
 * multiplexers' client ports at --circuitRate, the wave's delay the span's), so a
 * lightpath carries at most c: T c <= W, and c <= W, or the run is refused. The lightpath's
 * rate below is c, or --circuitRate when c = 0.
 *
 * --offload (OffloadModel, docs/modules/offload.md; E = the circuit ports of a campus
 * accelerator towards its campus):
 *   host        (default) E = N, port i is host i's NIC 2, as described above;
 *   switch      E = 1: the hosts have NIC 1 only, port 1 of each campus accelerator is its
 *               border router's circuit port (192.168.1.1 at A, .2 at B, /24); each border
 *               has an AggregateSteering with campus A's 10.1.0.0/16 -> campus B's
 *               10.2.0.0/16 (at B the reverse); the trunks join the borders, so every flow
 *               of the aggregate moves with it. The borders' ports are FIFO (the drain rule
 *               of AggregateSteering: device FIFO or pfifo_fast, never FqCoDel), SettleTime
 *               0 = AggregateSteering (5) with d_c = wanDelay = the WAN link's delay;
 *   shared-nic  E = N: the hosts have NIC 1 only, whose root queue disc is a
 *               ReservationQueueDisc (R = C = the lightpath's rate); port i of each campus
 *               accelerator is a circuit port of the border (pair i alone on 192.168.i.0/24),
 *               the "VLAN to the circuit port" of host pair i; each border has an
 *               AggregateSteering with one aggregate per host pair, a_i/32 -> b_i/32 (at B
 *               the reverse). The smallest mechanism from the existing pieces: the pfd
 *               grants host a_i's port i + 1 as for a second NIC, the epds reserve the flow
 *               on their one NIC at SETUP (EndpointDaemon::SetReservation), and this
 *               scenario steers pair i's aggregates at both borders onto port i from the
 *               pfd's grant (CircuitStateChange to SETTING_UP) until the circuit is given
 *               back (RELEASING or any end). The border moves the pair, not the one flow:
 *               the pair's other flows cross on the circuit too, unshaped.
 * Any --offload but host with --mode=packet is refused.
 *
 * --mode:
 *   packet     every transfer on the packet WAN, no daemons;
 *   on-demand  the pfd on the front end (PipeFittingDaemon with LightpathSignalling over
 *              the trunks, BusyPolicy Deny) and epds: host and shared-nic an epd on every
 *              host, switch the border daemon on each border (EndpointDaemon::AddAggregate,
 *              the pfd knowing the borders by their addresses towards it); a transfer (or
 *              the aggregate) the epd detects is moved onto a lightpath after T_up, or
 *              stays on the packet path if a domain refuses or no trunk is free; with
 *              --hintThreshold > 0 every sender announces its transfer's size to its
 *              epd when it starts (EndpointDaemon::AnnounceTransfer), and one of at least
 *              that size is requested at its first packet instead of being detected;
 *   reserved   slots booked ahead with LightpathCalendar, --reservations pair@start-end,...
 *              (pair: host pair, or 0 = the borders with --offload=switch), each on the
 *              lowest trunk the calendar books it on (LightpathCalendar (2)-(5): slots
 *              whose commands meet at a controller are set up one after the other, so a
 *              slot's occupancy is [t_s, t_r + U), t_s <= start - U, U = T_up); by default
 *              trunk k for pair k < min(T, E) from --workloadStart to --duration, the k-th
 *              set up k x max_i (L_i + S) earlier, so
 *
 *                  (2) workloadStart >= T_up + (min(T, E) - 1) max_i (L_i + S).
 *
 *              Refused (checked on a stand-in calendar before the run): a slot whose
 *              set-up would start before t = 0 or that ends after --duration, two slots of
 *              one pair whose occupancies meet (overlap on one port), a slot with no trunk
 *              free. host: a transfer of a pair that starts in one of its slots is
 *              addressed to the receiver's circuit NIC; switch and shared-nic: the borders
 *              steer the slot's pair from its set-up until its end; shared-nic also
 *              reserves, on both hosts' NICs, the flow of a transfer that starts in a slot
 *              of its pair when no other transfer holds the NIC (ReservationQueueDisc holds
 *              one exact flow), until it completes or the slot ends; the pair's other
 *              transfers cross on the circuit unshaped. No daemons.
 *
 * Workload (seeded by --RngSeed/--RngRun): --transfers transfers from a_i to b_i (pair i
 * uniform), Poisson arrivals of mean gap --meanGap from --workloadStart, sizes bounded
 * Pareto (shape --paretoShape on [--minSize, --maxSize]: x = L (1 - U (1 - (L/H)^a))^(-1/a)),
 * plus --bulkTransfers transfers of --bulkSize, the j-th from pair j mod N at
 * --workloadStart. Each is a BulkSend of its size to its own PacketSink; its completion time
 * is from its start to its last byte at the sink. A transfer of at least --elephantSize is
 * an elephant, the others mice.
 *
 * Flags (defaults): --mode=packet --offload=host --hosts=4 --trunks=1 --accessRate=1Gbps
 *   --bottleneckRate=622Mbps --wanDelay=40ms --txQueueLen=0 --queuePackets=0
 *   --bottleneckQueue=droptail --redTargetDelay=5ms --hintThreshold=0B --circuitRate=1Gbps
 * --channelRate=0bps --waveRate=9584.64Mbps --domains= --reservations=
 *   --campusLatency=1500ms --metroLatency=1s --waveLatency=3s --switchingTime=20ms
 *   --controlDelay=1ms --rateThreshold=100Mbps (EndpointDaemon's) --transfers=20
 *   --paretoShape=1.2 --minSize=100kB --maxSize=100MB
 *   --meanGap=1s --bulkTransfers=2 --bulkSize=500MB --elephantSize=10MB
 *   --workloadStart=10s --duration=120s, the WAN TCP flags (--tcp, --congestion, socket
 *   flags) and CrossTraffic's (--crossFlows, --crossUdpRate, ...); `--help` explains each.
 *   Bad values are refused in one line, exit code 2, nothing written.
 *
 * Metrics: transfers, transfersCompleted, bytesOffered, bytesDelivered (B), elephants,
 * mice, fctElephantsMean/Median/Max, fctMiceMean/Median/Max (s, of completed transfers;
 * left out when none), bottleneckUtilisation (bits the bottleneck port sent from
 * --workloadStart to --duration over rate x that time), bottleneckDrops, circuitSetUpTime
 * (1), circuitsRequested, circuitsGranted, circuitsDenied, circuitBytes (bytes campus A's
 * circuit ports sent: the hosts' NIC 2, or border A's circuit ports), circuitHoldingTime
 * (s, summed over circuits: from the set-up request until released, or the end),
 * circuitHoldingEfficiency (circuitBytes / (lightpath rate x circuitHoldingTime / 8); left
 * out when no circuit was held), with --offload=shared-nic nicReservations (flows campus
 * A's hosts' NICs reserved: ReservationQueueDisc's Reservation trace), and CrossTraffic's.
 * Series
 * transfers: id, start (s), size (B), delivered (B), completed (0/1), fct (s; until the end
 * for one not completed), elephant (0/1); utilisation: per second from --workloadStart
 * (time: the interval's end, s), bottleneck (the interval's bottleneck utilisation),
 * circuitRate (Mb/s campus A's circuit ports sent), circuitsHeld (at the interval's end).
 *
 * Not yet: host profiles on the campus hosts (their NICs and TCP are the WAN TCP flags').
 *
 * Run:  hybridnet run lightpath-wan --mode=on-demand --crossFlows=2
 *   or: hybridnet run lightpath-wan --mode=on-demand --offload=switch --channelRate=1Gbps
 *   or: hybridnet sweep examples/sweeps/lightpath-wan-whatif.toml
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
#include "ns3/traffic-control-module.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

/** One domain of the lightpaths' chain: its name and its controller's command latency. */
struct Domain
{
    std::string name;
    Time latency;
};

/** @return the comma-separated fields of @p text (empty fields kept) */
std::vector<std::string>
SplitFields(const std::string& text, char separator)
{
    std::vector<std::string> out;
    size_t from = 0;
    for (size_t at = text.find(separator); at != std::string::npos; at = text.find(separator, from))
    {
        out.push_back(text.substr(from, at - from));
        from = at + 1;
    }
    out.push_back(text.substr(from));
    return out;
}

/**
 * @return @p text as a time of 0 or more (with its unit; the flags' parser), or nothing;
 *         one above 10^5 s (a day and more) is refused before it can overflow the
 *         simulator's time (picoseconds in an int64: 106 days)
 */
std::optional<Time>
ParseLatency(const std::string& text)
{
    static const std::map<std::string, double> seconds{{"h", 3600},
                                                       {"min", 60},
                                                       {"s", 1},
                                                       {"ms", 1e-3},
                                                       {"us", 1e-6},
                                                       {"ns", 1e-9},
                                                       {"ps", 1e-12}};
    char* unit = nullptr;
    const double number = std::strtod(text.c_str(), &unit);
    const auto factor = seconds.find(unit);
    const bool digit = !text.empty() && std::isdigit(static_cast<unsigned char>(text[0]));
    std::string problem;
    return digit && factor != seconds.end() && number * factor->second <= 1e5
               ? ParseTime(text, &problem)
               : std::nullopt;
}

/** @return the chain of --domains ("name:latency,..."), or nothing if malformed */
std::optional<std::vector<Domain>>
ParseDomains(const std::string& text)
{
    std::vector<Domain> chain;
    for (const std::string& field : SplitFields(text, ','))
    {
        const auto parts = SplitFields(field, ':');
        const auto latency = parts.size() == 2 ? ParseLatency(parts[1]) : std::nullopt;
        if (!latency || *latency > Hours(1) || parts[0].empty())
        {
            return std::nullopt;
        }
        chain.push_back({parts[0], *latency});
    }
    return chain;
}

/** One booked slot of --reservations: circuit end point pair, [start, end). */
struct Reservation
{
    uint32_t pair{0};
    Time start;
    Time end;
    uint32_t trunk{0}; //!< chosen by AssignTrunks
};

/** @return the slots of --reservations ("pair@start-end,..."), or nothing if malformed */
std::optional<std::vector<Reservation>>
ParseReservations(const std::string& text)
{
    std::vector<Reservation> slots;
    for (const std::string& field : SplitFields(text, ','))
    {
        const auto at = SplitFields(field, '@');
        const auto span = at.size() == 2 ? SplitFields(at[1], '-') : std::vector<std::string>{};
        const bool digits = at[0].size() >= 1 && at[0].size() <= 3 &&
                            std::all_of(at[0].begin(), at[0].end(), [](char c) {
                                return std::isdigit(static_cast<unsigned char>(c));
                            });
        const auto start = span.size() == 2 ? ParseLatency(span[0]) : std::nullopt;
        const auto end = span.size() == 2 ? ParseLatency(span[1]) : std::nullopt;
        if (!digits || !start || !end)
        {
            return std::nullopt;
        }
        slots.push_back({uint32_t(std::stoul(at[0])), *start, *end, 0});
    }
    return slots;
}

/** @return true if @p chain runs from campusA to campusB and names each domain once */
bool
ChainConnects(const std::vector<Domain>& chain)
{
    std::vector<std::string> names;
    for (const Domain& d : chain)
    {
        names.push_back(d.name);
    }
    std::sort(names.begin(), names.end());
    return chain.size() >= 2 && chain.front().name == "campusA" && chain.back().name == "campusB" &&
           std::adjacent_find(names.begin(), names.end()) == names.end();
}

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
    std::string bottleneckQueue{"droptail"};
    Time redTargetDelay{MilliSeconds(5)};
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
    uint64_t hintThreshold{0};
    std::string offload{"host"};
    DataRate channelRate{0};
    DataRate waveRate{
        AttributeDefault<DataRateValue>(SubLambdaWave::GetTypeId(), "WaveRate").Get()};
    std::string domains;
    std::string reservations;
    std::vector<Reservation> slots; //!< --mode=reserved: the bookings (AssignTrunks)

    /** @return the offload model (valid once the flags are parsed) */
    OffloadModel::Kind Offload() const
    {
        return OffloadModel::FromName(offload).value_or(OffloadModel()).GetKind();
    }

    /** @return circuit ports per campus accelerator towards the campus: E of the comment */
    uint32_t Endpoints() const
    {
        return Offload() == OffloadModel::Kind::SWITCH ? 1 : hosts;
    }

    /** @return the lightpath's rate: a channel's, or the whole wave's (the circuit NICs') */
    DataRate LightpathRate() const
    {
        return channelRate.GetBitRate() > 0 ? channelRate : circuitRate;
    }

    /** @return the chain of domains, campus A first: --domains, or the four of the flags */
    std::vector<Domain> Chain() const
    {
        if (domains.empty())
        {
            return {{"campusA", campusLatency},
                    {"metro", metroLatency},
                    {"wave", waveLatency},
                    {"campusB", campusLatency}};
        }
        return ParseDomains(domains).value_or(std::vector<Domain>{});
    }

    /** @return the lead of (2): the last of --trunks bookings is set up this long ahead */
    Time BookingLead() const
    {
        Time longest;
        for (const Domain& d : Chain())
        {
            longest = std::max(longest, d.latency);
        }
        const uint32_t slots = std::min(trunks, Endpoints());
        return SetUpTime() + (longest + switchingTime) * int64_t(slots - 1);
    }

    /** @return T_up of (1) */
    Time SetUpTime() const
    {
        Time latencies;
        const auto chain = Chain();
        for (const Domain& d : chain)
        {
            latencies += d.latency;
        }
        return latencies + switchingTime * int64_t(chain.size()) + (controlDelay + wanDelay) * 2;
    }
};

/** @return @p t in seconds, as "7.162 s" */
std::string
SecondsText(Time t)
{
    std::ostringstream text;
    text << t.GetSeconds() << " s";
    return text.str();
}

/** @return "[a, b)" in seconds */
std::string
SlotText(Time a, Time b)
{
    std::ostringstream text;
    text << "[" << a.GetSeconds() << " s, " << b.GetSeconds() << " s)";
    return text.str();
}

/**
 * Trunk k's domains as BuildDomains lays them out: campus A's uplink E + 1 + k, port 2k + 1
 * in and 2k + 2 out of every middle domain, campus B's uplink E + 1 + k; signalling delays
 * d_1 = controlDelay, d_i = wanDelay / (n - 1). The end ports are WithPair's.
 */
std::vector<LightpathHop>
TrunkHops(const Options& o, const std::vector<Ptr<OpticalCircuitSwitch>>& domains, uint32_t k)
{
    const auto chain = o.Chain();
    const size_t n = chain.size();
    const Time span = o.wanDelay / int64_t(n - 1);
    const uint32_t uplink = o.Endpoints() + 1 + k;
    std::vector<LightpathHop> hops{
        LightpathHop{chain[0].name, domains[0], 0, uplink, o.controlDelay}};
    for (size_t i = 1; i < n; ++i)
    {
        const bool last = i == n - 1;
        hops.push_back(LightpathHop{chain[i].name,
                                    domains[i],
                                    last ? uplink : 2 * k + 1,
                                    last ? 0 : 2 * k + 2,
                                    span});
    }
    return hops;
}

/** @return @p hops ending at end point pair @p pair's ports (pair + 1 at both campuses) */
std::vector<LightpathHop>
WithPair(std::vector<LightpathHop> hops, uint32_t pair)
{
    hops.front().portIn = pair + 1;
    hops.back().portOut = pair + 1;
    return hops;
}

/** Stand-ins of the domains' switches: what the calendar's plan reads of them. */
std::vector<Ptr<OpticalCircuitSwitch>>
StandInDomains(const Options& o)
{
    std::vector<Ptr<OpticalCircuitSwitch>> domains;
    for (const Domain& d : o.Chain())
    {
        domains.push_back(CreateObjectWithAttributes<OpticalCircuitSwitch>(
            "NumPorts",
            UintegerValue(o.Endpoints() + 2 * o.trunks),
            "CommandLatencyMin",
            TimeValue(d.latency),
            "CommandLatencyMax",
            TimeValue(d.latency),
            "SwitchingTime",
            TimeValue(o.switchingTime)));
    }
    return domains;
}

/** @return the refusal of slot @p r (named @p name) from the calendar's @p reason */
std::string
SlotRefusal(const Options& o, const std::string& name, const Reservation& r, std::string reason)
{
    const std::string pairPort =
        o.Chain().front().name + " port " + std::to_string(r.pair + 1) + " is held by booking ";
    if (reason.rfind("the slot", 0) == 0)
    {
        return name + " is in the past or beyond the run (accepted: its set-up, planned around " +
               "the other slots' at the controllers, at t >= 0 and end <= duration " +
               SecondsText(o.duration) + "; calendar: " + reason + ")";
    }
    if (reason.rfind(pairPort, 0) == 0)
    {
        const std::string slot =
            reason.substr(pairPort.size(), reason.find(' ', pairPort.size()) - pairPort.size());
        return name + " overlaps slot " + slot + " on pair " + std::to_string(r.pair) +
               "'s port (accepted: occupancies [t_s, t_r + U) apart, LightpathCalendar (2), U = " +
               SecondsText(o.SetUpTime()) + ")";
    }
    return name + " finds no trunk free (accepted: at most --trunks=" + std::to_string(o.trunks) +
           " slots at once; calendar: " + reason + ")";
}

/**
 * --mode=reserved: fill o.slots from --reservations (or the default, trunk k for pair k
 * from workloadStart to duration), each on the lowest trunk a stand-in calendar over
 * stand-in switches books it on - the same plan (LightpathCalendar (2)-(5)) the run's
 * calendar makes, so a slot this accepts is booked.
 * @return "" or the one-line refusal (a slot in the past or beyond --duration, two slots
 *         overlapping on one port, no trunk free, a pair out of range)
 */
std::string
AssignTrunks(Options& o)
{
    o.slots.clear();
    std::vector<Reservation> slots;
    if (o.reservations.empty())
    {
        for (uint32_t k = 0; k < std::min(o.trunks, o.Endpoints()); ++k)
        {
            slots.push_back({k, o.workloadStart, o.duration, 0});
        }
    }
    else
    {
        slots = *ParseReservations(o.reservations);
    }
    const auto domains = StandInDomains(o);
    Ptr<LightpathCalendar> calendar = CreateObject<LightpathCalendar>();
    for (size_t i = 0; i < slots.size(); ++i)
    {
        Reservation& r = slots[i];
        const std::string name = "--reservations: slot " + std::to_string(i + 1) + " " +
                                 std::to_string(r.pair) + "@" + SlotText(r.start, r.end);
        if (r.pair >= o.Endpoints())
        {
            return name + " names no end point pair (accepted: 0 to " +
                   std::to_string(o.Endpoints() - 1) + ")";
        }
        if (r.end > o.duration)
        {
            return SlotRefusal(o, name, r, "the slot ends after the run");
        }
        std::string first;
        r.trunk = o.trunks;
        for (uint32_t k = 0; k < o.trunks && r.trunk == o.trunks; ++k)
        {
            std::string why;
            const auto hops = WithPair(TrunkHops(o, domains, k), r.pair);
            r.trunk = calendar->Reserve(hops, r.start, r.end, why) != 0 ? k : o.trunks;
            first = k == 0 ? why : first;
        }
        if (r.trunk == o.trunks)
        {
            return SlotRefusal(o, name, r, first);
        }
    }
    o.slots = slots;
    return "";
}

/** Register the offload model, sub-lambda and domain chain flags (with their rules). */
void
AddOffloadFlags(ScenarioFlags& flags, Options& o)
{
    flags.AddText("offload",
                  "where the circuit meets the packet network (OffloadModel): host (a second "
                  "NIC per host), switch (the border routers' circuit ports carry campus A's "
                  "aggregate to campus B's), shared-nic (one NIC per host, a detected flow "
                  "reserved at the lightpath's rate, carried onto the circuit by the border)",
                  &o.offload,
                  OffloadModel::AcceptedNames(),
                  [](const std::string&) { return true; });
    flags.AddInputCheck([&o]() {
        return OffloadModel::FromName(o.offload)
                   ? ""
                   : OffloadModel::UnknownNameMessage("--offload", o.offload);
    });
    flags.AddConstraint("--offload other than host needs --mode=on-demand or reserved", [&o]() {
        return o.mode != "packet" || o.offload == "host" || !OffloadModel::FromName(o.offload);
    });
    flags.AddDataRate("channelRate",
                      "0: every trunk's last span is a whole wave at circuitRate; else it is a "
                      "fixed-rate channel of this payload rate in one --waveRate wave "
                      "(SubLambdaWave; UKLight: 1GE channels in a 10G wave)",
                      &o.channelRate,
                      DataRate(0),
                      DataRate("100Gbps"));
    flags.AddDataRate("waveRate",
                      "with --channelRate: the wave's payload rate W (SubLambdaWave's WaveRate, "
                      "STS-192c by default)",
                      &o.waveRate,
                      DataRate("1Mbps"),
                      DataRate("100Gbps"));
    flags.AddConstraint(
        "waveRate needs --channelRate above 0 (no wave without channels)",
        [&o, &flags]() { return o.channelRate.GetBitRate() > 0 || !flags.IsGiven("waveRate"); });
    flags.AddConstraint("channelRate <= waveRate (one channel above the wave)",
                        [&o]() { return o.channelRate <= o.waveRate; });
    flags.AddConstraint("trunks x channelRate <= waveRate (the channels exceed the wave)", [&o]() {
        return o.channelRate.GetBitRate() * o.trunks <= o.waveRate.GetBitRate();
    });
    flags.AddConstraint(
        "with --offload=shared-nic, the lightpath's rate (channelRate, or circuitRate if 0) <= "
        "accessRate (the reservation's channel on the host's one NIC)",
        [&o]() { return o.offload != "shared-nic" || o.LightpathRate() <= o.accessRate; });
    flags.AddText(
        "domains",
        "the lightpaths' chain of domains, name:latency (its controller's command "
        "latency, 0 to 1 h) from campusA to campusB, e.g. campusA:1500ms,metro:1s,campusB:1500ms; "
        "empty: campusA,metro,wave,campusB with the latency flags",
        &o.domains,
        "name:latency,... from campusA to campusB",
        [](const std::string& text) { return text.empty() || ParseDomains(text).has_value(); });
    flags.AddConstraint("--domains is a chain from campusA to campusB, each domain once (the "
                        "chain must connect the end points)",
                        [&o]() { return ChainConnects(o.Chain()); });
    flags.AddText("reservations",
                  "with --mode=reserved: booked slots pair@start-end (circuit end point pair: "
                  "host pair, or 0 with --offload=switch), e.g. 0@10s-60s,1@20s-120s, each on "
                  "the lowest trunk free then; empty: trunk k for pair k from workloadStart to "
                  "duration",
                  &o.reservations,
                  "pair@start-end,...",
                  [](const std::string& text) {
                      return text.empty() || ParseReservations(text).has_value();
                  });
    flags.AddConstraint("--reservations needs --mode=reserved",
                        [&o]() { return o.reservations.empty() || o.mode == "reserved"; });
    flags.AddInputCheck([&o]() { return o.mode == "reserved" ? AssignTrunks(o) : ""; });
}

/** Register the topology and circuit flags. */
void
AddNetworkFlags(ScenarioFlags& flags, Options& o)
{
    flags.AddChoice("mode",
                    "packet (packet WAN only), on-demand (epd/pfd set up lightpaths across the "
                    "domains for detected flows), reserved (slots booked ahead, --reservations)",
                    &o.mode,
                    {"packet", "on-demand", "reserved"});
    flags.AddCount("hosts",
                   "hosts per campus (two NICs each with --offload=host, else one)",
                   &o.hosts,
                   1,
                   64);
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
    flags.AddDataRate("circuitRate",
                      "rate of every circuit port (the hosts' NIC 2, or the borders' ports) "
                      "and fibre: the lightpath's rate unless --channelRate",
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
    flags.AddTime("controlDelay",
                  "one-way signalling delay from the front end to campus A's controller",
                  &o.controlDelay,
                  Seconds(0),
                  Seconds(1));
    AddOffloadFlags(flags, o);
}

/** Register the flags of the queues: the hosts' and the bottleneck's. */
void
AddQueueFlags(ScenarioFlags& flags, Options& o)
{
    flags.AddCount("txQueueLen",
                   "txqueuelen of every campus host's NICs (pfifo_fast), packets: a sender's "
                   "segments wait there for its NIC; one its TCP cannot place puts the TCP in "
                   "CWR (Linux's local congestion); 0: Linux's default 1000",
                   &o.txQueueLen,
                   0,
                   1000000);
    flags.AddCount("queuePackets",
                   "the bottleneck port's (A to B) queue limit, packets; 0 = one BDP",
                   &o.queuePackets,
                   0,
                   1000000);
    flags.AddChoice("bottleneckQueue",
                    "the bottleneck port's queue: droptail (a FIFO) or red (ns-3's RedQueueDisc "
                    "as Adaptive RED, Floyd et al. 2001: min_th = max(5, redTargetDelay x C / 2) "
                    "packets, max_th = 3 min_th, max_p adapted; QueueDrops)",
                    &o.bottleneckQueue,
                    {"droptail", "red"});
    flags.AddTime("redTargetDelay",
                  "with --bottleneckQueue=red: Adaptive RED's target queueing delay (its "
                  "thresholds (1) follow from it and the bottleneck's rate)",
                  &o.redTargetDelay,
                  MicroSeconds(1),
                  Seconds(1));
    flags.AddConstraint("redTargetDelay needs --bottleneckQueue=red", [&o, &flags]() {
        return o.bottleneckQueue == "red" || !flags.IsGiven("redTargetDelay");
    });
}

/** Register the flags of the epds' detection: the rate rule and the size hints. */
void
AddDetectionFlags(ScenarioFlags& flags, Options& o)
{
    flags.AddDataRate("rateThreshold",
                      "with --mode=on-demand: the epds' RateThreshold (a flow at this rate for "
                      "their HoldTime is moved; default: the attribute's)",
                      &o.rateThreshold,
                      DataRate("1kbps"),
                      DataRate("100Gbps"));
    flags.AddSize("hintThreshold",
                  "with --mode=on-demand: every transfer's sender announces its size to its "
                  "host's epd (AnnounceTransfer, as GridFTP could); one of at least this size "
                  "is requested at its first packet, no detection (the epds' HintThreshold); "
                  "0B: no hints",
                  &o.hintThreshold,
                  0,
                  uint64_t(1) << 40);
    flags.AddConstraint("hintThreshold needs --mode=on-demand and --offload=host or shared-nic "
                        "(a border's aggregate has no size to announce)",
                        [&o]() {
                            return o.hintThreshold == 0 ||
                                   (o.mode == "on-demand" && o.offload != "switch");
                        });
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
        "with --mode=reserved and no --reservations, workloadStart >= the bookings' lead (2): "
        "the set-up time (1) plus (min(trunks, end points) - 1) x (the longest domain latency "
        "+ switchingTime), so every default booking can be set up in time",
        [&o]() {
            return o.mode != "reserved" || !o.reservations.empty() ||
                   o.workloadStart >= o.BookingLead();
        });
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
    std::function<void()> onDone; //!< called once, at completion (if set)
};

/** @return the workload: bulk transfers first, then the Pareto ones in arrival order */
std::vector<Transfer>
MakeWorkload(const Options& o)
{
    std::vector<Transfer> out;
    for (uint32_t j = 0; j < o.bulkTransfers; ++j)
    {
        Transfer bulk;
        bulk.pair = j % o.hosts;
        bulk.size = o.bulkSize;
        bulk.start = o.workloadStart;
        out.push_back(bulk);
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
        Transfer transfer;
        transfer.pair = pair;
        transfer.size = size;
        transfer.start = t;
        out.push_back(transfer);
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
    Ipv4Address borderAAddress;    //!< border A's source towards the front end
    Ipv4Address borderBAddress;    //!< border B's source towards the front end (its WAN port)
    NetDeviceContainer nicA, nicB; //!< circuit ports: hosts' NIC 2, or the borders' ports
    NetDeviceContainer hostNicA, hostNicB;                 //!< the hosts' packet NICs
    std::vector<Ptr<ReservationQueueDisc>> queueA, queueB; //!< shared-nic: their roots
    std::vector<Ptr<EndpointDaemon>> epdA; //!< on-demand, host or shared-nic: campus A's epds
    Ptr<AggregateSteering> steerA, steerB; //!< switch, shared-nic
    Ptr<NetDevice> bottleneck;             //!< border A's WAN port
    std::vector<Ptr<OpticalCircuitSwitch>> domains; //!< campus A, ..., campus B
    Ptr<SubLambdaWave> wave;                        //!< --channelRate > 0
    std::vector<std::vector<LightpathHop>> trunks;
    QueueDrops drops;

    void Build(const Options& o,
               const WanTcpFlags& tcp,
               const WanPathSizing& sizing,
               CrossTraffic& cross);
    void BuildDomains(const Options& o);
    void AddressCircuitPorts(const Options& o);
    void InstallSteering(const Options& o);

    /** @return trunk @p k's hops for circuit end point pair @p pair */
    std::vector<LightpathHop> Hops(uint32_t k, uint32_t pair) const
    {
        return WithPair(trunks[k], pair);
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
    // shared-nic: the host's one NIC has the reservation queue disc at its root, R = C =
    // the lightpath's rate
    TrafficControlHelper reservation;
    reservation.SetRootQueueDisc("ns3::hybridnet::ReservationQueueDisc",
                                 "ReservedRate",
                                 DataRateValue(o.LightpathRate()),
                                 "ChannelRate",
                                 DataRateValue(o.LightpathRate()));
    const bool shared = o.Offload() == OffloadModel::Kind::SHARED_NIC;
    Ipv4AddressHelper addresses;
    auto attach = [&](Ptr<Node> host,
                      Ptr<Node> border,
                      const std::string& subnet,
                      std::vector<Ptr<ReservationQueueDisc>>* queues) {
        NetDeviceContainer link = access.Install(host, border);
        if (shared && queues)
        {
            queues->push_back(
                DynamicCast<ReservationQueueDisc>(reservation.Install(link.Get(0)).Get(0)));
        }
        else
        {
            WanEndHosts::InstallBareQdisc(NetDeviceContainer(link.Get(0)), o.txQueueLen);
        }
        (border == borderA ? hostNicA : hostNicB).Add(link.Get(0));
        addresses.SetBase(subnet.c_str(), "255.255.255.0");
        return addresses.Assign(link);
    };
    for (uint32_t i = 0; i < o.hosts; ++i)
    {
        addressA.push_back(
            attach(a.Get(i), borderA, "10.1." + std::to_string(i + 1) + ".0", &queueA)
                .GetAddress(0));
        addressB.push_back(
            attach(b.Get(i), borderB, "10.2." + std::to_string(i + 1) + ".0", &queueB)
                .GetAddress(0));
    }
    const Ipv4InterfaceContainer frontEndLink = attach(frontEnd, borderA, "10.1.200.0", nullptr);
    frontEndAddress = frontEndLink.GetAddress(0);
    borderAAddress = frontEndLink.GetAddress(1);
    PointToPointHelper wan;
    wan.SetDeviceAttribute("DataRate", DataRateValue(o.bottleneckRate));
    wan.SetDeviceAttribute("Mtu", UintegerValue(sizing.GetMtu()));
    wan.SetChannelAttribute("Delay", TimeValue(o.wanDelay));
    NetDeviceContainer wanLink = wan.Install(borderA, borderB);
    bottleneck = wanLink.Get(0);
    addresses.SetBase("10.0.0.0", "255.255.255.252");
    borderBAddress = addresses.Assign(wanLink).GetAddress(1);
    if (cross.IsActive())
    {
        cross.Build(borderA, borderB, o.accessRate, accessDelay, accessDelay, sizing.GetMtu(), tcp);
    }
    UseDeviceQueues(NodeContainer(borderA, borderB));
    if (o.bottleneckQueue == "red")
    {
        drops.InstallRedBottleneck(bottleneck,
                                   sizing.GetQueuePackets(),
                                   sizing.GetMtu(),
                                   o.redTargetDelay);
    }
    else
    {
        drops.InstallBottleneck(bottleneck, sizing.GetQueuePackets());
    }
    Ipv4GlobalRoutingHelper::PopulateRoutingTables();
    BuildDomains(o);
    // The circuit NICs get their addresses after the routing tables: the packet network's
    // routes never lead over a circuit (only steering puts packets there).
    // Their queue discipline is Linux's pfifo_fast, as the packet NICs' (else ns-3 would give
    // them its default FqCoDel when the addresses are assigned): FIFO, as AggregateSteering
    // needs on a border's circuit port; a host's of --txQueueLen, a border's Linux's default.
    const uint32_t circuitQueue = o.Offload() == OffloadModel::Kind::HOST ? o.txQueueLen : 0;
    WanEndHosts::InstallBareQdisc(nicA, circuitQueue);
    WanEndHosts::InstallBareQdisc(nicB, circuitQueue);
    AddressCircuitPorts(o);
    InstallSteering(o);
    // A host or border that answers an ARP request learns the requester, as Linux does
    // (ns-3 does not: one more round trip before the first reply).
    for (Ptr<Node> node : {borderA, borderB})
    {
        ArpRequestLearning::Install(node);
    }
    for (uint32_t i = 0; i < o.hosts; ++i)
    {
        ArpRequestLearning::Install(a.Get(i));
        ArpRequestLearning::Install(b.Get(i));
    }
}

void
Network::AddressCircuitPorts(const Options& o)
{
    Ipv4AddressHelper addresses;
    if (o.Offload() == OffloadModel::Kind::HOST)
    {
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
        return;
    }
    // a border's ports: port p's pair of ends alone on 192.168.p.0/24, so a reply to border
    // A's port p leaves border B by its port p
    for (uint32_t p = 0; p < nicA.GetN(); ++p)
    {
        addresses.SetBase(("192.168." + std::to_string(p + 1) + ".0").c_str(), "255.255.255.0");
        const auto ifs = addresses.Assign(NetDeviceContainer(nicA.Get(p), nicB.Get(p)));
        circuitA.push_back(ifs.GetAddress(0));
        circuitB.push_back(ifs.GetAddress(1));
    }
}

void
Network::InstallSteering(const Options& o)
{
    if (o.Offload() == OffloadModel::Kind::HOST)
    {
        return;
    }
    AggregateSteeringHelper helper; // SettleTime 0: (5) with d_c = wanDelay = d_1
    steerA = helper.Install(borderA);
    steerB = helper.Install(borderB);
    const Ipv4Mask host("255.255.255.255");
    if (o.Offload() == OffloadModel::Kind::SWITCH)
    {
        const Ipv4Mask campus("255.255.0.0");
        steerA->AddAggregate("10.1.0.0", campus, "10.2.0.0", campus);
        steerB->AddAggregate("10.2.0.0", campus, "10.1.0.0", campus);
        return;
    }
    for (uint32_t i = 0; i < o.hosts; ++i) // shared-nic: pair i's aggregate is number i
    {
        steerA->AddAggregate(addressA[i], host, addressB[i], host);
        steerB->AddAggregate(addressB[i], host, addressA[i], host);
    }
}

/** @return a client port of multiplexer @p mux, cabled (no delay) to @p ocs's @p port */
Ptr<EthernetNetDevice>
ClientPort(Ptr<Node> mux, Ptr<OpticalCircuitSwitch> ocs, uint32_t port, DataRate rate)
{
    Ptr<EthernetChannel> cable = CreateObject<EthernetChannel>();
    cable->SetAttribute("Delay", TimeValue(Seconds(0)));
    ocs->GetPort(port)->SetDataRate(rate);
    ocs->GetPort(port)->Attach(cable);
    Ptr<EthernetNetDevice> device = CreateObject<EthernetNetDevice>();
    device->SetAddress(Mac48Address::Allocate());
    device->SetDataRate(rate);
    device->SetQueue(CreateObject<DropTailQueue<Packet>>());
    mux->AddDevice(device);
    device->Attach(cable);
    return device;
}

void
Network::BuildDomains(const Options& o)
{
    const std::vector<Domain> chain = o.Chain();
    const size_t n = chain.size();
    const uint32_t ends = o.Endpoints(); // E: ports 1..E towards the campus
    const bool hostsHaveNic2 = o.Offload() == OffloadModel::Kind::HOST;
    for (size_t i = 0; i < n; ++i)
    {
        const bool campus = i == 0 || i == n - 1;
        OpticalCircuitSwitchHelper helper;
        helper.SetSwitchAttribute("NumPorts",
                                  UintegerValue(campus ? ends + o.trunks : 2 * o.trunks));
        helper.SetSwitchAttribute("CommandLatencyMin", TimeValue(chain[i].latency));
        helper.SetSwitchAttribute("CommandLatencyMax", TimeValue(chain[i].latency));
        helper.SetSwitchAttribute("SwitchingTime", TimeValue(o.switchingTime));
        helper.SetHostDeviceAttribute("DataRate", DataRateValue(o.circuitRate));
        domains.push_back(helper.Install(CreateObject<Node>()));
        if (campus)
        {
            NodeContainer& hosts = i == 0 ? a : b;
            Ptr<Node> border = i == 0 ? borderA : borderB;
            for (uint32_t h = 0; h < ends; ++h)
            {
                Ptr<Node> end = hostsHaveNic2 ? hosts.Get(h) : border;
                (i == 0 ? nicA : nicB).Add(helper.InstallHost(domains[i], h + 1, end));
            }
        }
    }
    // fibres: campus A uplink E+1+k - next domain 2k+1, its 2k+2 - the next's 2k+1, ... -
    // campus B uplink E+1+k, each wanDelay / (n - 1); with --channelRate the last span is
    // channel k of one wave (SubLambdaWave, delay wanDelay / (n - 1), cables of no delay)
    const Time span = o.wanDelay / int64_t(n - 1);
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
    Ptr<Node> muxA;
    Ptr<Node> muxB;
    if (o.channelRate.GetBitRate() > 0)
    {
        muxA = CreateObject<Node>();
        muxB = CreateObject<Node>();
        wave = CreateObject<SubLambdaWave>();
        wave->SetAttribute("Delay", TimeValue(span));
        wave->SetWaveRate(o.waveRate);
    }
    auto lastSpan =
        [&](Ptr<OpticalCircuitSwitch> x, uint32_t px, Ptr<OpticalCircuitSwitch> y, uint32_t py) {
            if (!wave)
            {
                fibre(x, px, y, py);
                return;
            }
            const std::string why = wave->AddChannel(ClientPort(muxA, x, px, o.circuitRate),
                                                     ClientPort(muxB, y, py, o.circuitRate),
                                                     o.channelRate);
            NS_ABORT_MSG_IF(!why.empty(), "lightpath-wan: sub-lambda channel: " << why);
        };
    for (uint32_t k = 0; k < o.trunks; ++k)
    {
        const auto hops = TrunkHops(o, domains, k);
        for (size_t i = 1; i < n; ++i)
        {
            const uint32_t out = hops[i - 1].portOut;
            if (i == n - 1)
            {
                lastSpan(domains[i - 1], out, domains[i], hops[i].portIn);
            }
            else
            {
                fibre(domains[i - 1], out, domains[i], hops[i].portIn);
            }
        }
        trunks.push_back(hops);
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

/**
 * The borders' side of the switch and shared-nic models: end point pair p's aggregates
 * (border A's p to B, border B's p to A; switch: the campus aggregate, p = 0) onto their
 * border's circuit port p and back.
 */
struct PairSteering
{
    Network* net{nullptr};
    std::vector<bool> steered;

    /** Steer (@p on) or unsteer pair @p pair at both borders, if not so already. */
    void Set(uint32_t pair, bool on)
    {
        if (steered[pair] == on)
        {
            return;
        }
        steered[pair] = on;
        if (on)
        {
            net->steerA->Steer(pair, net->nicA.Get(pair), net->circuitB[pair], {});
            net->steerB->Steer(pair, net->nicB.Get(pair), net->circuitA[pair], {});
            return;
        }
        net->steerA->Unsteer(pair, {});
        net->steerB->Unsteer(pair, {});
    }

    /**
     * shared-nic, the pfd's CircuitStateChange: the border carries host pair portA - 1
     * onto the circuit from its grant (SETTING_UP, as the epds reserve) until it is given
     * back (RELEASING, or any end).
     */
    void PfdChange(const FlowKey&,
                   uint32_t portA,
                   uint32_t,
                   PipeFittingDaemon::CircuitState,
                   PipeFittingDaemon::CircuitState to,
                   std::string)
    {
        using State = PipeFittingDaemon::CircuitState;
        if (to == State::SETTING_UP || to == State::RELEASING || to == State::DISCONNECTING ||
            to == State::CLOSED || to == State::DENIED)
        {
            Set(portA - 1, to == State::SETTING_UP);
        }
    }
};

/**
 * --mode=on-demand: the pfd with the trunks on the front end, and the epds: one on every
 * host (host: moves onto NIC 2; shared-nic: reserves the one NIC, the borders steer the
 * pair), or one on each border watching the campus aggregate (switch).
 */
void
InstallDaemons(const Options& o,
               Network& net,
               Ptr<LightpathSignalling> signalling,
               CircuitCounters& circuits,
               PairSteering& steering)
{
    OffloadDaemonHelper offload;
    offload.SetPipeFittingAttribute("BusyPolicy", StringValue("Deny"));
    offload.SetEndpointAttribute("RateThreshold", DataRateValue(o.rateThreshold));
    offload.SetEndpointAttribute("HintThreshold", UintegerValue(o.hintThreshold));
    Ptr<PipeFittingDaemon> pfd = offload.InstallPipeFitting(net.frontEnd, Ipv4Address::GetAny());
    pfd->SetLightpathSignalling(signalling);
    for (const auto& trunk : net.trunks)
    {
        pfd->AddTrunk(trunk);
    }
    const auto model = o.Offload();
    if (model == OffloadModel::Kind::SWITCH)
    {
        pfd->AddEndpoint(net.borderAAddress, net.circuitA[0], 1);
        pfd->AddRemoteEndpoint(net.borderBAddress, net.circuitB[0], 1);
        offload.InstallEndpoint(net.borderA, net.nicA.Get(0), net.frontEndAddress)
            ->AddAggregate(net.steerA, 0, net.borderBAddress);
        offload.InstallEndpoint(net.borderB, net.nicB.Get(0), net.frontEndAddress)
            ->AddAggregate(net.steerB, 0, net.borderAAddress);
    }
    for (uint32_t i = 0; i < o.hosts && model == OffloadModel::Kind::HOST; ++i)
    {
        pfd->AddEndpoint(net.addressA[i], net.circuitA[i], i + 1);
        pfd->AddRemoteEndpoint(net.addressB[i], net.circuitB[i], i + 1);
        net.epdA.push_back(
            offload.InstallEndpoint(net.a.Get(i), net.nicA.Get(i), net.frontEndAddress));
        offload.InstallEndpoint(net.b.Get(i), net.nicB.Get(i), net.frontEndAddress);
    }
    for (uint32_t i = 0; i < o.hosts && model == OffloadModel::Kind::SHARED_NIC; ++i)
    {
        // the host's one NIC is its circuit device; its port is border A's port i + 1
        pfd->AddEndpoint(net.addressA[i], net.addressA[i], i + 1);
        pfd->AddRemoteEndpoint(net.addressB[i], net.addressB[i], i + 1);
        net.epdA.push_back(
            offload.InstallEndpoint(net.a.Get(i), net.hostNicA.Get(i), net.frontEndAddress));
        net.epdA.back()->SetReservation(net.queueA[i]);
        offload.InstallEndpoint(net.b.Get(i), net.hostNicB.Get(i), net.frontEndAddress)
            ->SetReservation(net.queueB[i]);
    }
    pfd->TraceConnectWithoutContext("CircuitStateChange",
                                    MakeCallback(&CircuitCounters::PfdChange, &circuits));
    if (model == OffloadModel::Kind::SHARED_NIC)
    {
        pfd->TraceConnectWithoutContext("CircuitStateChange",
                                        MakeCallback(&PairSteering::PfdChange, &steering));
    }
}

/**
 * --mode=reserved: book every slot (AssignTrunks) with the LightpathCalendar; with
 * --offload=switch or shared-nic the borders carry the slot's pair onto the circuit from
 * its set-up until its end.
 */
void
BookTrunks(const Options& o,
           Network& net,
           Ptr<LightpathCalendar> calendar,
           Ptr<LightpathSignalling> signalling,
           CircuitCounters& circuits,
           PairSteering& steering)
{
    calendar->SetSignalling(signalling);
    const bool borders = o.Offload() != OffloadModel::Kind::HOST;
    for (size_t i = 0; i < o.slots.size(); ++i)
    {
        const Reservation& r = o.slots[i];
        const auto hops = net.Hops(r.trunk, r.pair);
        const Time setUp = calendar->PlanCommands(hops, r.start, r.end).first;
        const std::string key = "slot" + std::to_string(i);
        Simulator::Schedule(setUp, &CircuitCounters::Open, &circuits, key);
        if (borders)
        {
            Simulator::Schedule(r.end, &PairSteering::Set, &steering, r.pair, false);
        }
        std::string why;
        ++circuits.requested;
        const uint32_t pair = r.pair;
        const uint64_t id =
            calendar->Book(hops,
                           r.start,
                           r.end,
                           LightpathCalendar::OutcomeCallback(
                               [&circuits, &steering, key, pair, borders](uint64_t,
                                                                          bool up,
                                                                          bool success,
                                                                          std::string) {
                                   if (up)
                                   {
                                       circuits.granted += success ? 1 : 0;
                                       circuits.denied += success ? 0 : 1;
                                   }
                                   if (up && success && borders)
                                   {
                                       steering.Set(pair, true);
                                   }
                                   if (!up || !success)
                                   {
                                       circuits.Close(key);
                                   }
                               }),
                           why);
        NS_ABORT_MSG_IF(id == 0, "lightpath-wan: booking slot " << i + 1 << ": " << why);
    }
}

/**
 * --mode=reserved --offload=shared-nic: transfer @p t, just started in a slot of its pair
 * that ends at @p end, reserves its flow on the sender's NIC (the ACKs on the receiver's)
 * if no other transfer holds it, until it completes or the slot ends.
 */
void
ReserveTransfer(const Network& net, Transfer& t, Ptr<Application> app, uint16_t port, Time end)
{
    Ptr<ReservationQueueDisc> a = net.queueA[t.pair];
    Ptr<ReservationQueueDisc> b = net.queueB[t.pair];
    Ptr<Socket> socket = DynamicCast<BulkSendApplication>(app)->GetSocket();
    Address local;
    if (!socket || a->GetReservedFlow() || socket->GetSockName(local) != 0)
    {
        return; // the channel is held by an earlier transfer of the pair
    }
    const FlowKey key{net.addressA[t.pair],
                      net.addressB[t.pair],
                      6,
                      InetSocketAddress::ConvertFrom(local).GetPort(),
                      port};
    a->Reserve(key);
    b->Reserve(key.Reverse());
    auto release = [a, b, key]() {
        if (a->GetReservedFlow() == key)
        {
            a->Release();
            b->Release();
        }
    };
    t.onDone = release;
    Simulator::Schedule(end - Simulator::Now(), release);
}

/**
 * Install every transfer: a PacketSink on its receiver from t = 0, a BulkSend of its size
 * from its start (to the receiver's circuit NIC for a booked pair in reserved mode; with
 * --offload=shared-nic its flow reserved, ReserveTransfer).
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
        const auto slot = std::find_if(o.slots.begin(), o.slots.end(), [&t](const Reservation& r) {
            return r.pair == t.pair && r.start <= t.start && t.start < r.end;
        });
        const bool inSlot = o.mode == "reserved" && slot != o.slots.end();
        const bool reserved = inSlot && o.Offload() == OffloadModel::Kind::HOST;
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
                        if (t.onDone)
                        {
                            t.onDone();
                        }
                    }
                }));
        BulkSendHelper send("ns3::TcpSocketFactory", InetSocketAddress(to, port));
        send.SetAttribute("MaxBytes", UintegerValue(t.size));
        send.SetAttribute("SendSize", UintegerValue(sendSize));
        ApplicationContainer sendApp = send.Install(net.a.Get(t.pair));
        sendApp.Start(t.start);
        if (o.hintThreshold > 0)
        {
            Simulator::Schedule(t.start,
                                &EndpointDaemon::AnnounceTransfer,
                                net.epdA[t.pair],
                                net.addressB[t.pair],
                                port,
                                TcpL4Protocol::PROT_NUMBER,
                                t.size);
        }
        if (inSlot && o.Offload() == OffloadModel::Kind::SHARED_NIC)
        {
            Simulator::Schedule(t.start + NanoSeconds(1),
                                &ReserveTransfer,
                                std::cref(net),
                                std::ref(t),
                                sendApp.Get(0),
                                port,
                                slot->end);
        }
    }
}

/**
 * The run's traffic counters: the bytes campus A's circuit ports send (into
 * CircuitCounters::bytes), the bits the bottleneck port sends from --workloadStart, and
 * with --offload=shared-nic the flows campus A's hosts' NICs reserve.
 */
struct TrafficCounters
{
    uint64_t bottleneckBits{0};
    uint32_t nicReservations{0};

    /** Connect the traces; this object and @p circuits must outlive the run. */
    void Connect(const Options& o, const Network& net, CircuitCounters& circuits)
    {
        for (uint32_t i = 0; i < net.nicA.GetN(); ++i)
        {
            net.nicA.Get(i)->TraceConnectWithoutContext(
                "MacTx",
                Callback<void, Ptr<const Packet>>(
                    [&circuits](Ptr<const Packet> p) { circuits.bytes += p->GetSize(); }));
        }
        for (const auto& queue : net.queueA)
        {
            queue->TraceConnectWithoutContext(
                "Reservation",
                Callback<void, const FlowKey&, bool>([this](const FlowKey&, bool reserved) {
                    nicReservations += reserved ? 1 : 0;
                }));
        }
        const Time from = o.workloadStart;
        net.bottleneck->TraceConnectWithoutContext(
            "PhyTxBegin",
            Callback<void, Ptr<const Packet>>([this, from](Ptr<const Packet> p) {
                if (Simulator::Now() >= from)
                {
                    bottleneckBits += 8ULL * p->GetSize();
                }
            }));
    }
};

/**
 * Series utilisation: every second from --workloadStart, the interval's bottleneck
 * utilisation (bits the bottleneck port sent over rate x 1 s), the rate campus A's circuit
 * ports sent at (Mb/s) and the circuits held at the interval's end.
 */
struct UtilisationSeries
{
    static constexpr double kInterval = 1.0; //!< s

    const uint64_t* bottleneckBits{nullptr}; //!< main's counter (from --workloadStart)
    const CircuitCounters* circuits{nullptr};
    double rate{0}; //!< the bottleneck's rate, bit/s
    uint64_t lastBits{0};
    uint64_t lastBytes{0};
    std::vector<double> time, bottleneck, circuitRate, held;

    /** Close the interval that ends now. */
    void Sample()
    {
        time.push_back(Simulator::Now().GetSeconds());
        bottleneck.push_back(double(*bottleneckBits - lastBits) / (rate * kInterval));
        circuitRate.push_back(8.0 * double(circuits->bytes - lastBytes) / kInterval / 1e6);
        held.push_back(double(circuits->open.size()));
        lastBits = *bottleneckBits;
        lastBytes = circuits->bytes;
    }

    /** Sample now, and again kInterval later. */
    void Tick()
    {
        Sample();
        Simulator::Schedule(Seconds(kInterval), &UtilisationSeries::Tick, this);
    }

    /** Start at @p start + kInterval (the first interval's end), counting from @p start. */
    void Start(Time start)
    {
        Simulator::Schedule(start, [this]() {
            lastBytes = circuits->bytes;
            Simulator::Schedule(Seconds(kInterval), &UtilisationSeries::Tick, this);
        });
    }

    /** After the run: close the last interval (the run ends on its boundary). */
    void WriteTo(ResultDocument& result)
    {
        if (time.empty() || time.back() < Simulator::Now().GetSeconds())
        {
            Sample();
        }
        result.SetSeries("utilisation",
                         {{"time", "s", time},
                          {"bottleneck", "", bottleneck},
                          {"circuitRate", "Mb/s", circuitRate},
                          {"circuitsHeld", "", held}});
    }
};

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
                         8.0 * circuits.bytes /
                             (o.LightpathRate().GetBitRate() * held.GetSeconds()),
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
    AddQueueFlags(flags, o);
    AddDetectionFlags(flags, o);
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
    PairSteering steering{&net, std::vector<bool>(net.nicA.GetN(), false)};
    Ptr<LightpathSignalling> signalling = CreateObject<LightpathSignalling>();
    Ptr<LightpathCalendar> calendar = CreateObject<LightpathCalendar>();
    if (o.mode == "on-demand")
    {
        InstallDaemons(o, net, signalling, circuits, steering);
    }
    if (o.mode == "reserved")
    {
        BookTrunks(o, net, calendar, signalling, circuits, steering);
    }
    TrafficCounters counters;
    counters.Connect(o, net, circuits);

    UtilisationSeries utilisation;
    utilisation.bottleneckBits = &counters.bottleneckBits;
    utilisation.circuits = &circuits;
    utilisation.rate = double(o.bottleneckRate.GetBitRate());
    utilisation.Start(o.workloadStart);

    std::vector<Transfer> transfers = MakeWorkload(o);
    const uint32_t sendSize = std::min<uint64_t>(tcp.GetSegmentSize(), sizing.GetSndBufEffective());
    InstallTransfers(o, net, sendSize, transfers);
    cross.Start(sendSize, tcp.IsLfn());
    cross.AssignStreams(200);

    scenario.Run(o.duration);

    auto& result = scenario.Result();
    WriteTransfers(result, o, transfers);
    WriteCircuits(result, o, circuits, counters.bottleneckBits, net.drops.Get());
    utilisation.WriteTo(result);
    if (o.Offload() == OffloadModel::Kind::SHARED_NIC)
    {
        result.SetMetric("nicReservations", counters.nicReservations, "");
    }
    cross.WriteTo(result, o.duration);
    return scenario.Finish();
}
