/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * gige-iperf: an iperf TCP test and a ping series between GigE hosts through a
 * store-and-forward switch - the packet-switched path of the lightpath accelerator study
 * (shared reference lightpath-accelerator.md; validation/lightpath-accelerator-*).
 *
 * Each host is a host model (HostCpu, HostBus) with a NIC (NicNetDevice: descriptor
 * rings, DMA, e1000 interrupt throttling, NAPI) from a named host profile, --host for
 * host0 and, unless --serverHost names another, for the servers (one SC2004 V40z sending
 * to two V20z: --host=tengig-opteron-v40z-s2io --serverHost=tengig-opteron-v20z-s2io
 * --receivers=2); --host=none puts plain Ethernet devices on the hosts instead (exact
 * framing, no host). The switch is hybridnet's PacketSwitch (docs/modules/fabric.md)
 * with one EthernetNetDevice port per host: full duplex, store and forward plus
 * --switchLatency, output queues of --queueSize packets, no 802.3x flow control. The
 * study's switch is an unnamed 24-port GigE switch whose latency is not published; the
 * default 4.4us is an assumption from another GigE switch of the time: EMP (Shivam,
 * Wyckoff, Panda, SC2001) measured about 5 us one way added by a switch in the path for
 * small messages, PHYs and a second store and forward included; the model adds the latter
 * itself (a minimum frame, 72 B with preamble: 0.58 us at 1 Gb/s), so 5 - 0.58 = 4.4 us
 * remain. --switchLatency=0s is an ideal switch.
 *
 *     host0 (iperf client, ping) ---- switch ---- host1 (iperf server)
 *            10.0.0.1        linkRate, linkDelay   \    10.0.0.2
 *                                                    ---- host2 (second server, --receivers=2)
 *                                                         10.0.0.3
 *
 * Phases: the iperf transfer runs for --duration from t = 1 s (none if 0s): host0 to
 * host1; with --bidirectional a second one from host1 to host0 at the same time (iperf -d);
 * with --receivers=2 a second one from host0 to host2 at the same time (two iperf clients
 * on host0, one NIC); with --loopback from host0 to itself over 127.0.0.1 instead (both
 * iperf ends on host0, no NIC). One second after the transfer ends, --pingCount pings go
 * from host0 to host1 every --pingInterval on the idle network, or, with --pingFlood, as
 * fast as the replies come back (ping -f; FloodPing). TCP: --tcp=lfn (the default) runs
 * hybridnet's LfnTcpSocket on every host with the host profile's kernel (Linux's buffer
 * semantics, its window update when the application reads, tcp_cleanup_rbuf;
 * docs/modules/tcp.md) and --tcp=ns3 ns-3's TcpSocketBase. --window=0B (the default) is
 * iperf without -w: the kernel's own buffers (Linux 2.4: a 16 KiB send buffer that grows
 * with cwnd to 128 KiB, an 87380 B receive buffer advertising 64 KiB); --window=W is
 * iperf -w W (TcpChoice: Linux doubles it and advertises 3/4; with --tcp=ns3 or
 * --host=none the buffer as set, advertised whole).
 *
 * Flags (defaults): --host=accelerator-xeon --serverHost=same --itr=8000
 *   --throttleClock=FreeRunning --rxRing=256 --txRing=256 --linkRate=1Gbps
 *   --linkDelay=500ns --switchLatency=4.4us --mtu=1500B
 *   --segmentSize=1448B --window=0B --writeSize=8KiB --congestionOps=ns3::TcpLinuxReno
 *   --tcp=lfn --queueSize=100 --duration=10s --interval=1s --bidirectional=false --receivers=1
 *   --loopback=false --pingCount=300 --pingInterval=1s --pingFlood=false --pingSize=56B;
 *   `--help` explains each.
 *
 * Metrics: goodput (iperf's total, Mb/s; reverseGoodput with --bidirectional, goodput2 with
 * --receivers=2, and their sum aggregateGoodput), goodput per interval (min, max), ping RTT
 * (min, max, mean, sd in us; for a flood also pingRate and floodRttMin/Max, the RTTs of the
 * requests sent on a reply, all but the first), per host (Client, Server, Server2) CPU
 * utilisation, interrupts per second and packets per interrupt of its NIC (left out when
 * it had no interrupt), bus utilisation, receive-ring drops (HostCounters; rxRingDrops, the
 * sum over hosts, as before); series: iperfIntervals, pingRtt.
 *
 * Run:  hybridnet run gige-iperf --duration=10s
 *   or: build/bin/gige-iperf --duration=10s --output=gige-iperf.json
 */
#include "hybridnet/apps-module.h"
#include "hybridnet/ethernet-module.h"
#include "hybridnet/fabric-module.h"
#include "hybridnet/host-module.h"
#include "hybridnet/nic-module.h"
#include "hybridnet/testbed-module.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"

#include <algorithm>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

/** The scenario's own flags (the host group and the pings are the testbed's). */
struct Options
{
    bool bidirectional{false};
    uint32_t receivers{1};
    bool loopback{false};
    DataRate linkRate{"1Gbps"};
    Time linkDelay{NanoSeconds(500)};
    Time switchLatency{NanoSeconds(4400)};
    uint32_t mtu{1500};
    uint32_t segmentSize{1448};
    uint32_t writeSize{8192};
    std::string congestionOps{"ns3::TcpLinuxReno"};
    uint32_t queueSize{100};
    Time duration{Seconds(10)};
    Time interval{Seconds(1)};
};

/** Register the transfer's flags. */
void
AddTransferFlags(ScenarioFlags& flags, Options& o)
{
    flags.AddBool("bidirectional",
                  "a second transfer from host1 to host0 at the same time (iperf -d)",
                  &o.bidirectional);
    flags.AddCount("receivers",
                   "iperf transfers host0 makes at once, each to its own host on the switch "
                   "(two iperf clients sharing host0's NIC)",
                   &o.receivers,
                   1,
                   2);
    flags.AddBool("loopback",
                  "the transfer runs from host0 to itself over 127.0.0.1 (the host's loopback "
                  "interface: memory copies and stack work, no NIC)",
                  &o.loopback);
    flags.AddDataRate("linkRate",
                      "rate of both links (host-switch, switch-host); Ethernet: 10 Mb/s to 10 Gb/s",
                      &o.linkRate,
                      DataRate("10Mbps"),
                      DataRate("10Gbps"));
    flags.AddTime("linkDelay",
                  "propagation delay of each link (500ns is about 100 m of cable)",
                  &o.linkDelay,
                  Seconds(0),
                  Seconds(1));
    flags.AddTime("switchLatency",
                  "the switch's forwarding latency beyond store and forward (PacketSwitch "
                  "SwitchingLatency); 4.4us is an assumption from the EMP study's GigE switch "
                  "(about 5us one way, less a minimum frame's store and forward), 0s an ideal "
                  "switch",
                  &o.switchLatency,
                  Seconds(0),
                  MilliSeconds(1));
    flags.AddSize("mtu", "IP MTU of every device", &o.mtu, 576, 16144);
    flags.AddSize("segmentSize",
                  "TCP maximum segment size (1448B = 1500B MTU less IP, TCP and timestamp "
                  "headers; with --loopback up to the lo MTU less 52B)",
                  &o.segmentSize,
                  536,
                  65483);
    flags.AddSize("writeSize",
                  "bytes per application write (iperf -l; 8KiB is iperf's default)",
                  &o.writeSize,
                  1,
                  1U << 24);
    flags.AddTypeId("congestionOps",
                    "TCP congestion control of both ends",
                    &o.congestionOps,
                    TcpCongestionOps::GetTypeId());
    flags.AddCount("queueSize",
                   "transmit queue of every device, in packets",
                   &o.queueSize,
                   1,
                   1000000);
    flags.AddTime("duration",
                  "iperf test duration (iperf -t; 0s: no transfer)",
                  &o.duration,
                  Seconds(0),
                  Hours(1));
    flags.AddTime("interval",
                  "iperf report interval (iperf -i)",
                  &o.interval,
                  MilliSeconds(1),
                  Hours(1));
}

/** Register the rules between the flags. */
void
AddRules(ScenarioFlags& flags, const Options& o, const HostFlags& hosts)
{
    // ns-3 TCP sends the timestamp option (12 B) by default, as the study's hosts did.
    const uint32_t loopbackMtu =
        AttributeDefault<UintegerValue>(hybridnet::LoopbackNetDevice::GetTypeId(), "Mtu").Get();
    flags.AddConstraint(
        "segmentSize + 52B (IP 20B, TCP 20B, timestamps 12B) <= mtu, or with "
        "--loopback <= the loopback MTU (" +
            std::to_string(loopbackMtu) + "B)",
        [&o, loopbackMtu]() { return o.segmentSize + 52 <= (o.loopback ? loopbackMtu : o.mtu); });
    flags.AddConstraint("loopback is one transfer on a modelled host: not with "
                        "--bidirectional, --receivers=2 or --host=none",
                        [&o, &hosts]() {
                            return !o.loopback ||
                                   (!o.bidirectional && o.receivers == 1 && hosts.IsModelled(0));
                        });
    flags.AddConstraint("bidirectional is with one receiver (--receivers=1)",
                        [&o]() { return !o.bidirectional || o.receivers == 1; });
}

/** HostFlags indexes: --host (host0, the client) and --serverHost (the servers). */
constexpr size_t kClientProfile = 0;
constexpr size_t kServerProfile = 1;

/** @return the index of host @p i's profile: the client's or the servers' */
size_t
ProfileOf(uint32_t i)
{
    return i == 0 ? kClientProfile : kServerProfile;
}

/**
 * The hosts on a PacketSwitch: each a host model with its NIC from its profile (or with
 * --host=none a plain EthernetNetDevice), cabled to a port of its own.
 * @return the hosts' devices
 */
NetDeviceContainer
BuildStar(NodeContainer hosts, const Options& o, const HostFlags& hostFlags)
{
    Ptr<Node> sw = CreateObject<Node>();
    NetDeviceContainer devices;
    NetDeviceContainer ports;
    if (!hostFlags.IsModelled(kClientProfile))
    {
        EthernetHelper link;
        link.SetDeviceAttribute("DataRate", DataRateValue(o.linkRate));
        link.SetDeviceAttribute("Mtu", UintegerValue(o.mtu));
        link.SetChannelAttribute("Delay", TimeValue(o.linkDelay));
        link.SetQueue("ns3::DropTailQueue",
                      "MaxSize",
                      QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS, o.queueSize)));
        for (uint32_t i = 0; i < hosts.GetN(); ++i)
        {
            NetDeviceContainer pair = link.Install(hosts.Get(i), sw);
            devices.Add(pair.Get(0));
            ports.Add(pair.Get(1));
        }
    }
    else
    {
        for (uint32_t i = 0; i < hosts.GetN(); ++i)
        {
            const size_t profile = ProfileOf(i);
            LoopbackHelper lo;
            hostFlags.ApplyLoopback(profile, lo);
            lo.Install(hosts.Get(i));
        }
        for (uint32_t i = 0; i < hosts.GetN(); ++i)
        {
            NicHelper link;
            hostFlags.Apply(ProfileOf(i), link);
            link.SetDeviceAttribute("DataRate", DataRateValue(o.linkRate));
            link.SetPortAttribute("DataRate", DataRateValue(o.linkRate));
            link.SetDeviceAttribute("Mtu", UintegerValue(o.mtu));
            link.SetPortAttribute("Mtu", UintegerValue(o.mtu));
            link.SetChannelAttribute("Delay", TimeValue(o.linkDelay));
            link.SetPortQueueSize(o.queueSize);
            NetDeviceContainer pair = link.Install(hosts.Get(i), sw);
            devices.Add(pair.Get(0));
            ports.Add(pair.Get(1));
        }
        NicHelper::AssignStreams(devices, 0);
    }
    PacketSwitchHelper star;
    star.SetSwitchAttribute("SwitchingLatency", TimeValue(o.switchLatency));
    for (uint32_t i = 0; i < ports.GetN(); ++i)
    {
        star.AddPort(sw, DynamicCast<EthernetNetDevice>(ports.Get(i)));
    }
    return devices;
}

/**
 * Each host's TCP with its profile's kernel, the internet stack, and its profile's queue
 * discipline on its device (--host=none keeps ns-3's TCP defaults and queue discipline).
 */
void
InstallStacks(NodeContainer hosts,
              NetDeviceContainer devices,
              const HostFlags& hostFlags,
              const TcpChoice& tcp)
{
    const bool modelled = hostFlags.IsModelled(kClientProfile);
    for (uint32_t i = 0; i < hosts.GetN(); ++i)
    {
        tcp.Install(NodeContainer(hosts.Get(i)),
                    modelled ? &hostFlags.GetProfile(ProfileOf(i)) : nullptr);
    }
    InternetStackHelper().Install(hosts);
    for (uint32_t i = 0; modelled && i < hosts.GetN(); ++i)
    {
        hostFlags.GetProfile(ProfileOf(i)).InstallQdisc(NetDeviceContainer(devices.Get(i)));
    }
}

/** The iperf tests out of host0 (and into it with --bidirectional) and their reports. */
struct Transfers
{
    std::vector<Ptr<IperfServer>> servers; //!< host0 to host1 (or itself), host0 to host2
    Ptr<IperfServer> reverse;              //!< host1 to host0, with --bidirectional
    std::vector<double> ends;              //!< the first transfer's interval reports: end, s
    std::vector<double> goodputs;          //!< and goodput, Mb/s

    /** Install the tests the flags ask for, from @p start for o.duration. */
    void Install(NodeContainer hosts,
                 Ipv4InterfaceContainer addresses,
                 const Options& o,
                 Time start)
    {
        const Time stop = start + o.duration;
        auto add = [&](uint32_t from, uint32_t to, Ipv4Address address, uint16_t port) {
            return InstallIperfTransfer(hosts.Get(from),
                                        hosts.Get(to),
                                        address,
                                        port,
                                        o.writeSize,
                                        start,
                                        stop,
                                        o.interval);
        };
        if (o.loopback)
        {
            servers.push_back(add(0, 0, Ipv4Address::GetLoopback(), 5001));
        }
        for (uint32_t i = 1; !o.loopback && i <= o.receivers; ++i)
        {
            servers.push_back(add(0, i, addresses.GetAddress(i), 5001));
        }
        servers.front()->TraceConnectWithoutContext("IntervalReport",
                                                    MakeCallback(&Transfers::Report, this));
        if (o.bidirectional)
        {
            reverse = add(1, 0, addresses.GetAddress(0), 5002);
        }
    }

    /** IperfServer's IntervalReport of the first transfer. */
    void Report(uint32_t, Time start, Time end, uint64_t bytes)
    {
        ends.push_back(end.GetSeconds());
        goodputs.push_back(8.0 * bytes / (end - start).GetSeconds() / 1e6);
    }

    /** Add the goodput metrics. */
    void WriteTo(ResultDocument& result) const
    {
        if (!servers.empty() && !servers[0]->GetReports().empty())
        {
            result.SetMetric("goodput", IperfGoodput(servers[0]), "Mb/s");
            result.SetMetric("bytesReceived", double(servers[0]->GetReports()[0].bytes), "B");
        }
        if (servers.size() == 2)
        {
            result.SetMetric("goodput2", IperfGoodput(servers[1]), "Mb/s");
            result.SetMetric("aggregateGoodput",
                             IperfGoodput(servers[0]) + IperfGoodput(servers[1]),
                             "Mb/s");
        }
        if (!goodputs.empty())
        {
            result.SetMetric("intervalGoodputMin",
                             *std::min_element(goodputs.begin(), goodputs.end()),
                             "Mb/s");
            result.SetMetric("intervalGoodputMax",
                             *std::max_element(goodputs.begin(), goodputs.end()),
                             "Mb/s");
        }
        if (reverse && !reverse->GetReports().empty())
        {
            result.SetMetric("reverseGoodput", IperfGoodput(reverse), "Mb/s");
            result.SetMetric("aggregateGoodput",
                             IperfGoodput(servers[0]) + IperfGoodput(reverse),
                             "Mb/s");
        }
    }
};

} // namespace

int
main(int argc, char* argv[])
{
    Scenario scenario("gige-iperf",
                      "iperf TCP goodput and ping RTT between two GigE hosts (host and NIC "
                      "model) through a store-and-forward switch");
    HostFlags hostFlags;
    Options o;
    TcpChoice tcp;
    PingSeries ping;
    auto& flags = scenario.Flags();
    hostFlags.AddProfile(flags,
                         "host",
                         "every host (host0, the iperf client, and the servers unless "
                         "--serverHost names another)",
                         "accelerator-xeon",
                         "plain Ethernet devices, no host model");
    hostFlags.AddProfileLike(flags, "serverHost", "the iperf servers (host1, host2)", 0);
    hostFlags.AddInterruptThrottle(flags);
    hostFlags.AddThrottleClock(flags);
    hostFlags.AddRings(flags);
    AddTransferFlags(flags, o);
    tcp.AddFlag(flags, "every host");
    tcp.AddWindowFlag(flags, 0);
    flags.AddInputCheck([&tcp, &hostFlags, &o]() -> std::string {
        if (o.duration.IsZero())
        {
            return ""; // pings only: no TCP socket
        }
        if (!hostFlags.IsModelled(kClientProfile))
        {
            return tcp.CheckWindow(nullptr);
        }
        const std::string client = tcp.CheckWindow(&hostFlags.GetProfile(kClientProfile));
        return client.empty() ? tcp.CheckWindow(&hostFlags.GetProfile(kServerProfile)) : client;
    });
    ping.AddFlags(flags, "after the transfer, host0 to host1", true, 300);
    AddRules(flags, o, hostFlags);
    if (auto exitCode = scenario.Parse(argc, argv))
    {
        return *exitCode;
    }

    Config::SetDefault("ns3::TcpL4Protocol::SocketType", StringValue(o.congestionOps));
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(o.segmentSize));

    NodeContainer hosts(1 + o.receivers);
    NetDeviceContainer devices = BuildStar(hosts, o, hostFlags);
    InstallStacks(hosts, devices, hostFlags, tcp);
    Ipv4InterfaceContainer addresses =
        Ipv4AddressHelper("10.0.0.0", "255.255.255.0").Assign(devices);
    // Hosts on a busy cluster LAN know each other's MAC addresses: static ARP entries, so
    // the first ping does not carry ns-3's ARP request jitter (up to 10 ms).
    PacketSwitchHelper::PopulateArpCaches(devices);

    const Time transferStart = Seconds(1);
    Transfers transfers;
    std::vector<std::string> names = {"Client", "Server", "Server2"};
    names.resize(hosts.GetN());
    HostCounters counters(hosts, devices, names);
    if (o.duration.IsStrictlyPositive())
    {
        transfers.Install(hosts, addresses, o, transferStart);
        counters.Schedule(transferStart, transferStart + o.duration);
    }
    const Time pingStart = transferStart + o.duration + Seconds(1);
    const Time stop = ping.Install(hosts.Get(0), addresses.GetAddress(1), pingStart)
                          .value_or(pingStart + Seconds(1));
    scenario.Run(stop);

    auto& result = scenario.Result();
    transfers.WriteTo(result);
    if (o.duration.IsStrictlyPositive() && hostFlags.IsModelled(kClientProfile))
    {
        counters.WriteTo(result);
        uint64_t drops = 0;
        for (uint32_t i = 0; i < hosts.GetN(); ++i)
        {
            drops += DynamicCast<NicNetDevice>(devices.Get(i))->GetRxRingDrops();
        }
        result.SetMetric("rxRingDrops", double(drops), "");
    }
    result.SetSeries("iperfIntervals",
                     {{"end", "s", transfers.ends}, {"goodput", "Mb/s", transfers.goodputs}});
    result.SetMetric("pingsAnswered", double(ping.GetAnswered()), "");
    ping.WriteStatistics(result);
    ping.WriteSeries(result);
    return scenario.Finish();
}
