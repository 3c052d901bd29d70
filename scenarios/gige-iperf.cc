/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * gige-iperf: an iperf TCP test and a ping series between GigE hosts through a
 * store-and-forward switch - the packet-switched path of the lightpath accelerator study
 * (shared reference lightpath-accelerator.md; validation/lightpath-accelerator-*).
 *
 * Each host is a host model (HostCpu, HostBus) with a NIC (NicNetDevice: descriptor
 * rings, DMA, e1000 interrupt throttling, NAPI) from a named host profile; --host=none
 * puts plain Ethernet devices on the hosts instead (exact framing, no host). The switch is
 * hybridnet's PacketSwitch (docs/modules/fabric.md) with one EthernetNetDevice port per
 * host: full duplex, store and forward, no switching latency, output queues of
 * --queueSize packets, no 802.3x flow control.
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
 * fast as the replies come back (ping -f; FloodPing).
 *
 * Flags (defaults): --host=accelerator-xeon --itr=8000 --throttleClock=FreeRunning
 *   --rxRing=256 --txRing=256 --linkRate=1Gbps --linkDelay=500ns --mtu=1500B
 *   --segmentSize=1448B --window=16KiB --writeSize=8KiB --congestionOps=ns3::TcpLinuxReno
 *   --queueSize=100 --duration=10s --interval=1s --bidirectional=false --receivers=1
 *   --loopback=false --pingCount=300 --pingInterval=1s --pingFlood=false --pingSize=56B;
 *   `--help` explains each.
 *
 * Metrics: goodput (iperf's total, Mb/s; reverseGoodput with --bidirectional, goodput2 with
 * --receivers=2, and their sum aggregateGoodput), goodput per interval (min, max), ping RTT
 * (min, max, mean, sd in us; for a flood also pingRate and floodRttMin/Max, the RTTs of the
 * requests sent on a reply, all but the first), per host (Client, Server, Server2) CPU
 * utilisation, interrupts per second and packets per interrupt of its NIC (left out when
 * it had no interrupt), bus utilisation; series: iperfIntervals, pingRtt.
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
#include "ns3/internet-apps-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"

#include <array>
#include <cmath>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

/** @return the default MTU of hybridnet's loopback device (Linux lo), in bytes */
uint32_t
DefaultLoopbackMtu()
{
    TypeId::AttributeInformation info;
    hybridnet::LoopbackNetDevice::GetTypeId().LookupAttributeByName("Mtu", &info);
    UintegerValue mtu;
    mtu.DeserializeFromString(info.initialValue->SerializeToString(info.checker), info.checker);
    return mtu.Get();
}

} // namespace

int
main(int argc, char* argv[])
{
    Scenario scenario("gige-iperf",
                      "iperf TCP goodput and ping RTT between two GigE hosts (host and NIC "
                      "model) through a store-and-forward switch");
    std::string host = "accelerator-xeon";
    int64_t itr = 8000;
    std::string throttleClock = "FreeRunning";
    uint32_t rxRing = 256;
    uint32_t txRing = 256;
    bool bidirectional = false;
    uint32_t receivers = 1;
    bool loopback = false;
    DataRate linkRate("1Gbps");
    Time linkDelay = NanoSeconds(500);
    uint32_t mtu = 1500;
    uint32_t segmentSize = 1448;
    uint64_t window = 16384;
    uint32_t writeSize = 8192;
    std::string congestionOps = "ns3::TcpLinuxReno";
    uint32_t queueSize = 100;
    Time duration = Seconds(10);
    Time interval = Seconds(1);
    uint32_t pingCount = 300;
    Time pingInterval = Seconds(1);
    bool pingFlood = false;
    uint32_t pingSize = 56;

    auto& flags = scenario.Flags();
    std::vector<std::string> hosts = HostProfile::Names();
    hosts.push_back("none");
    flags.AddChoice("host",
                    "host profile of both hosts (docs/modules/host.md), or none: plain "
                    "Ethernet devices, no host model",
                    &host,
                    hosts);
    flags.AddInteger("itr",
                     "e1000 InterruptThrottleRate of both NICs: 0 off, 1 dynamic, 3 dynamic "
                     "conservative, 4 simplified, or a fixed 100..100000 interrupts/s (8000: "
                     "the 2.4-era driver's default)",
                     &itr,
                     0,
                     100000);
    flags.AddChoice("throttleClock",
                    "when a throttled interrupt may fire: FreeRunning (next expiry of an "
                    "always-running interval counter) or Restart (one interval after the "
                    "previous interrupt)",
                    &throttleClock,
                    {"FreeRunning", "Restart"});
    flags.AddCount("rxRing", "receive descriptors per NIC (e1000: 80..4096)", &rxRing, 80, 4096);
    flags.AddCount("txRing", "transmit descriptors per NIC (e1000: 80..4096)", &txRing, 80, 4096);
    flags.AddBool("bidirectional",
                  "a second transfer from host1 to host0 at the same time (iperf -d)",
                  &bidirectional);
    flags.AddCount("receivers",
                   "iperf transfers host0 makes at once, each to its own host on the switch "
                   "(two iperf clients sharing host0's NIC)",
                   &receivers,
                   1,
                   2);
    flags.AddBool("loopback",
                  "the transfer runs from host0 to itself over 127.0.0.1 (the host's loopback "
                  "interface: memory copies and stack work, no NIC)",
                  &loopback);
    flags.AddDataRate("linkRate",
                      "rate of both links (host-switch, switch-host); Ethernet: 10 Mb/s to 10 Gb/s",
                      &linkRate,
                      DataRate("10Mbps"),
                      DataRate("10Gbps"));
    flags.AddTime("linkDelay",
                  "propagation delay of each link (500ns is about 100 m of cable)",
                  &linkDelay,
                  Seconds(0),
                  Seconds(1));
    flags.AddSize("mtu", "IP MTU of every device", &mtu, 576, 16144);
    flags.AddSize("segmentSize",
                  "TCP maximum segment size (1448B = 1500B MTU less IP, TCP and timestamp "
                  "headers; with --loopback up to the lo MTU less 52B)",
                  &segmentSize,
                  536,
                  65483);
    flags.AddSize("window",
                  "socket send and receive buffer of both ends (iperf -w)",
                  &window,
                  2048,
                  1ULL << 30);
    flags.AddSize("writeSize",
                  "bytes per application write (iperf -l; 8KiB is iperf's default)",
                  &writeSize,
                  1,
                  1U << 24);
    flags.AddTypeId("congestionOps",
                    "TCP congestion control of both ends",
                    &congestionOps,
                    TcpCongestionOps::GetTypeId());
    flags.AddCount("queueSize",
                   "transmit queue of every device, in packets",
                   &queueSize,
                   1,
                   1000000);
    flags.AddTime("duration",
                  "iperf test duration (iperf -t; 0s: no transfer)",
                  &duration,
                  Seconds(0),
                  Hours(1));
    flags.AddTime("interval", "iperf report interval (iperf -i)", &interval, MilliSeconds(1), Hours(1));
    flags.AddCount("pingCount",
                   "number of pings after the transfer (0: no ping series)",
                   &pingCount,
                   0,
                   1000000);
    flags.AddTime("pingInterval",
                  "time between pings (ping -i)",
                  &pingInterval,
                  MilliSeconds(1),
                  Hours(1));
    flags.AddBool("pingFlood",
                  "flood ping (ping -f): each ping leaves when the previous reply arrives, or "
                  "10 ms after the previous ping; --pingInterval is not used",
                  &pingFlood);
    flags.AddSize("pingSize", "ICMP data bytes per ping (ping -s)", &pingSize, 0, 65000);
    // ns-3 TCP sends the timestamp option (12 B) by default, as the study's hosts did.
    const uint32_t loopbackMtu = DefaultLoopbackMtu();
    flags.AddConstraint("segmentSize + 52B (IP 20B, TCP 20B, timestamps 12B) <= mtu, or with "
                        "--loopback <= the loopback MTU (" +
                            std::to_string(loopbackMtu) + "B)",
                        [&]() { return segmentSize + 52 <= (loopback ? loopbackMtu : mtu); });
    flags.AddConstraint("loopback is one transfer on a modelled host: not with "
                        "--bidirectional, --receivers=2 or --host=none",
                        [&]() { return !loopback || (!bidirectional && receivers == 1 && host != "none"); });
    flags.AddConstraint("bidirectional is with one receiver (--receivers=1)",
                        [&]() { return !bidirectional || receivers == 1; });
    flags.AddConstraint("pingFlood sends at most 65536 pings (pingCount)",
                        [&]() { return !pingFlood || pingCount <= 65536; });
    flags.AddConstraint("itr is 0, 1, 3, 4 or 100..100000",
                        [&]() { return InterruptModerator::IsValidSetting(itr); });
    if (auto exitCode = scenario.Parse(argc, argv))
    {
        return *exitCode;
    }

    Config::SetDefault("ns3::TcpL4Protocol::SocketType", StringValue(congestionOps));
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(segmentSize));
    Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(window));
    Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(window));

    NodeContainer hostNodes(1 + receivers);
    Ptr<Node> sw = CreateObject<Node>();
    NetDeviceContainer hostDevices;
    NetDeviceContainer ports;
    if (host == "none")
    {
        EthernetHelper link;
        link.SetDeviceAttribute("DataRate", DataRateValue(linkRate));
        link.SetDeviceAttribute("Mtu", UintegerValue(mtu));
        link.SetChannelAttribute("Delay", TimeValue(linkDelay));
        link.SetQueue("ns3::DropTailQueue",
                      "MaxSize",
                      QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS, queueSize)));
        for (uint32_t i = 0; i < hostNodes.GetN(); ++i)
        {
            NetDeviceContainer pair = link.Install(hostNodes.Get(i), sw);
            hostDevices.Add(pair.Get(0));
            ports.Add(pair.Get(1));
        }
    }
    else
    {
        const HostProfile profile = HostProfile::Load(host);
        LoopbackHelper lo;
        profile.ApplyLoopback(lo);
        lo.Install(hostNodes);
        NicHelper link;
        profile.Apply(link);
        link.SetModeratorAttribute("InterruptThrottleRate", UintegerValue(itr));
        link.SetDeviceAttribute("ThrottleClock", StringValue(throttleClock));
        link.SetDeviceAttribute("RxRingSize", UintegerValue(rxRing));
        link.SetDeviceAttribute("TxRingSize", UintegerValue(txRing));
        link.SetDeviceAttribute("DataRate", DataRateValue(linkRate));
        link.SetPortAttribute("DataRate", DataRateValue(linkRate));
        link.SetDeviceAttribute("Mtu", UintegerValue(mtu));
        link.SetPortAttribute("Mtu", UintegerValue(mtu));
        link.SetChannelAttribute("Delay", TimeValue(linkDelay));
        link.SetPortQueueSize(queueSize);
        for (uint32_t i = 0; i < hostNodes.GetN(); ++i)
        {
            NetDeviceContainer pair = link.Install(hostNodes.Get(i), sw);
            hostDevices.Add(pair.Get(0));
            ports.Add(pair.Get(1));
        }
        NicHelper::AssignStreams(hostDevices, 0);
    }
    PacketSwitchHelper star;
    for (uint32_t i = 0; i < ports.GetN(); ++i)
    {
        star.AddPort(sw, DynamicCast<EthernetNetDevice>(ports.Get(i)));
    }

    InternetStackHelper internet;
    internet.Install(hostNodes);
    Ipv4AddressHelper addresses("10.0.0.0", "255.255.255.0");
    Ipv4InterfaceContainer hostIf = addresses.Assign(hostDevices);
    Ipv4Address client = hostIf.GetAddress(0);
    // Hosts on a busy cluster LAN know each other's MAC addresses: static ARP entries, so
    // the first ping does not carry ns-3's ARP request jitter (up to 10 ms).
    PacketSwitchHelper::PopulateArpCaches(hostDevices);

    const Time transferStart = Seconds(1);
    // One iperf server per transfer out of host0: to host1 (or to host0 itself over lo),
    // and with --receivers=2 to host2.
    std::vector<Ptr<IperfServer>> servers;
    Ptr<IperfServer> reverseServer;
    std::vector<double> intervalEnd;
    std::vector<double> intervalGoodput;
    // Host counters at the start and the end of the transfer: CPU busy time, bus busy time,
    // NIC interrupts and received packets, per host.
    struct HostSample
    {
        Time cpuBusy;
        Time busBusy;
        uint64_t interrupts{0};
        uint64_t rxPackets{0};
    };
    std::array<std::vector<HostSample>, 2> samples; // [start, end][host]
    auto sample = [&](std::vector<HostSample>* into) {
        into->assign(hostNodes.GetN(), HostSample{});
        for (uint32_t i = 0; i < hostNodes.GetN(); ++i)
        {
            Ptr<Node> node = hostNodes.Get(i);
            if (Ptr<HostCpu> cpu = node->GetObject<HostCpu>())
            {
                (*into)[i].cpuBusy = cpu->GetBusyTime();
            }
            if (Ptr<HostBus> bus = node->GetObject<HostBus>())
            {
                (*into)[i].busBusy = bus->GetBusyTime();
            }
            if (Ptr<NicNetDevice> nic = DynamicCast<NicNetDevice>(hostDevices.Get(i)))
            {
                (*into)[i].interrupts = nic->GetInterrupts();
                (*into)[i].rxPackets = nic->GetRxPackets();
            }
        }
    };
    if (duration.IsStrictlyPositive())
    {
        ApplicationContainer senders;
        auto addTransfer = [&](Ptr<Node> from, Ptr<Node> to, Ipv4Address toAddress, uint16_t port) {
            IperfServerHelper serverHelper(port);
            serverHelper.SetAttribute("Interval", TimeValue(interval));
            auto server = DynamicCast<IperfServer>(serverHelper.Install(to).Get(0));
            BulkSendHelper sender("ns3::TcpSocketFactory", InetSocketAddress(toAddress, port));
            sender.SetAttribute("SendSize", UintegerValue(writeSize));
            senders.Add(sender.Install(from));
            return server;
        };
        if (loopback)
        {
            servers.push_back(addTransfer(hostNodes.Get(0),
                                          hostNodes.Get(0),
                                          Ipv4Address::GetLoopback(),
                                          5001));
        }
        else
        {
            for (uint32_t i = 1; i <= receivers; ++i)
            {
                servers.push_back(
                    addTransfer(hostNodes.Get(0), hostNodes.Get(i), hostIf.GetAddress(i), 5001));
            }
        }
        servers.front()->TraceConnectWithoutContext(
            "IntervalReport",
            MakeCallback(+[](std::vector<double>* ends,
                             std::vector<double>* goodputs,
                             uint32_t,
                             Time start,
                             Time end,
                             uint64_t bytes) {
                ends->push_back(end.GetSeconds());
                goodputs->push_back(8.0 * bytes / (end - start).GetSeconds() / 1e6);
            }).Bind(&intervalEnd, &intervalGoodput));
        if (bidirectional)
        {
            reverseServer = addTransfer(hostNodes.Get(1), hostNodes.Get(0), client, 5002);
        }
        senders.Start(transferStart);
        senders.Stop(transferStart + duration);
        Simulator::Schedule(transferStart, [&]() { sample(&samples[0]); });
        Simulator::Schedule(transferStart + duration, [&]() { sample(&samples[1]); });
    }

    const Time pingStart = transferStart + duration + Seconds(1);
    std::vector<double> pingSeq;
    std::vector<double> pingRtt;
    Time lastReply;
    Time stop = pingStart + Seconds(1);
    auto recordRtt = MakeCallback(+[](std::vector<double>* seqs,
                                      std::vector<double>* rtts,
                                      Time* last,
                                      uint16_t seq,
                                      Time rtt) {
                         seqs->push_back(seq);
                         rtts->push_back(rtt.GetNanoSeconds() / 1000.0);
                         *last = Simulator::Now();
                     }).Bind(&pingSeq, &pingRtt, &lastReply);
    if (pingCount > 0 && pingFlood)
    {
        Ptr<FloodPing> flood = CreateObject<FloodPing>();
        flood->SetAttribute("Remote", Ipv4AddressValue(hostIf.GetAddress(1)));
        flood->SetAttribute("Count", UintegerValue(pingCount));
        flood->SetAttribute("Size", UintegerValue(pingSize));
        hostNodes.Get(0)->AddApplication(flood);
        TimeValue minInterval;
        flood->GetAttribute("MinInterval", minInterval);
        // FloodPing (2): the N-th request leaves at most (N - 1) MinInterval after the first.
        const Time lastRequest = pingStart + minInterval.Get() * (pingCount - 1);
        flood->SetStartTime(pingStart);
        flood->SetStopTime(lastRequest + minInterval.Get());
        flood->TraceConnectWithoutContext("Rtt", recordRtt);
        stop = lastRequest + Seconds(1);
    }
    else if (pingCount > 0)
    {
        // ns-3's Ping with Count=N stops 2 * max RTT (in whole ms, so 0 here) after the N-th
        // request and loses its reply; instead it runs unbounded and stops half an interval
        // after the N-th request.
        PingHelper ping(hostIf.GetAddress(1));
        ping.SetAttribute("Count", UintegerValue(0));
        ping.SetAttribute("Interval", TimeValue(pingInterval));
        ping.SetAttribute("Size", UintegerValue(pingSize));
        ping.SetAttribute("VerboseMode", EnumValue(Ping::SILENT));
        ApplicationContainer pingApp = ping.Install(hostNodes.Get(0));
        pingApp.Start(pingStart);
        pingApp.Stop(pingStart + pingInterval * (pingCount - 1) + pingInterval / 2);
        pingApp.Get(0)->TraceConnectWithoutContext("Rtt", recordRtt);
        stop = pingStart + pingInterval * pingCount + Seconds(1);
    }

    scenario.Run(stop);

    auto& result = scenario.Result();
    // Goodput of each transfer (iperf's total at its server); absent if it never connected.
    std::vector<double> goodputs;
    for (const Ptr<IperfServer>& server : servers)
    {
        auto reports = server->GetReports();
        goodputs.push_back(reports.empty() ? 0.0 : reports[0].GoodputBps() / 1e6);
    }
    if (!servers.empty() && !servers[0]->GetReports().empty())
    {
        result.SetMetric("goodput", goodputs[0], "Mb/s");
        result.SetMetric("bytesReceived", double(servers[0]->GetReports()[0].bytes), "B");
    }
    if (servers.size() == 2)
    {
        result.SetMetric("goodput2", goodputs[1], "Mb/s");
        result.SetMetric("aggregateGoodput", goodputs[0] + goodputs[1], "Mb/s");
    }
    if (!intervalGoodput.empty())
    {
        result.SetMetric("intervalGoodputMin",
                         *std::min_element(intervalGoodput.begin(), intervalGoodput.end()),
                         "Mb/s");
        result.SetMetric("intervalGoodputMax",
                         *std::max_element(intervalGoodput.begin(), intervalGoodput.end()),
                         "Mb/s");
    }
    if (reverseServer && !reverseServer->GetReports().empty())
    {
        const double reverse = reverseServer->GetReports()[0].GoodputBps() / 1e6;
        result.SetMetric("reverseGoodput", reverse, "Mb/s");
        result.SetMetric("aggregateGoodput", goodputs[0] + reverse, "Mb/s");
    }
    if (duration.IsStrictlyPositive() && host != "none")
    {
        const double seconds = duration.GetSeconds();
        const char* names[3] = {"Client", "Server", "Server2"};
        for (uint32_t i = 0; i < hostNodes.GetN(); ++i)
        {
            const HostSample& a = samples[0][i];
            const HostSample& b = samples[1][i];
            const std::string who = names[i];
            result.SetMetric("cpuUtilisation" + who, (b.cpuBusy - a.cpuBusy).GetSeconds() / seconds, "");
            result.SetMetric("busUtilisation" + who, (b.busBusy - a.busBusy).GetSeconds() / seconds, "");
            const double interrupts = b.interrupts - a.interrupts;
            result.SetMetric("interruptRate" + who, interrupts / seconds, "1/s");
            if (interrupts > 0)
            {
                result.SetMetric("packetsPerInterrupt" + who,
                                 (b.rxPackets - a.rxPackets) / interrupts,
                                 "");
            }
        }
        uint64_t drops = 0;
        for (uint32_t i = 0; i < hostNodes.GetN(); ++i)
        {
            drops += DynamicCast<NicNetDevice>(hostDevices.Get(i))->GetRxRingDrops();
        }
        result.SetMetric("rxRingDrops", double(drops), "");
    }
    result.SetSeries("iperfIntervals",
                     {{"end", "s", intervalEnd}, {"goodput", "Mb/s", intervalGoodput}});
    result.SetMetric("pingsAnswered", double(pingRtt.size()), "");
    if (!pingRtt.empty())
    {
        // Moments of the samples shifted by the first one: exact for a constant series.
        double n = pingRtt.size();
        double shift = pingRtt.front();
        double sum = 0;
        double sumSq = 0;
        for (double r : pingRtt)
        {
            sum += r - shift;
            sumSq += (r - shift) * (r - shift);
        }
        double mean = shift + sum / n;
        double var = n > 1 ? std::max(0.0, (sumSq - sum * sum / n) / (n - 1)) : 0.0;
        result.SetMetric("pingRttMin", *std::min_element(pingRtt.begin(), pingRtt.end()), "us");
        result.SetMetric("pingRttMax", *std::max_element(pingRtt.begin(), pingRtt.end()), "us");
        result.SetMetric("pingRttMean", mean, "us");
        result.SetMetric("pingRttSd", std::sqrt(var), "us");
        if (pingFlood && lastReply > pingStart)
        {
            result.SetMetric("pingRate", n / (lastReply - pingStart).GetSeconds(), "1/s");
        }
        if (pingFlood && pingRtt.size() > 1)
        {
            // A flood's requests after the first leave on a reply (FloodPing (2)); the
            // first leaves at an arbitrary time, like an idle ping.
            result.SetMetric("floodRttMin", *std::min_element(pingRtt.begin() + 1, pingRtt.end()), "us");
            result.SetMetric("floodRttMax", *std::max_element(pingRtt.begin() + 1, pingRtt.end()), "us");
        }
    }
    result.SetSeries("pingRtt", {{"seq", "", pingSeq}, {"rtt", "us", pingRtt}});
    return scenario.Finish();
}
