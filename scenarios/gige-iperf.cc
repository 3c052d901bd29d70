/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * gige-iperf: an iperf TCP test and a ping series between two GigE hosts through a
 * store-and-forward switch, built from stock ns-3 devices.
 *
 * This is the "stock ns-3" baseline of the lightpath accelerator study (the shared
 * reference lightpath-accelerator.md; validation/lightpath-accelerator-*):
 * what ns-3 gives without a host or NIC model.  The links are ns-3 point-to-point devices
 * (2 B PPP header, no preamble, FCS or inter-frame gap) and the switch is a node that
 * forwards IP packets (ns-3's only full-duplex store-and-forward element: its CSMA bridge is
 * half duplex).  The host and NIC model of issue 3 will replace both.
 *
 *     host0 (iperf client, ping) ----- switch ----- host1 (iperf server)
 *            10.0.0.1      linkRate, linkDelay         10.0.1.2
 *
 * Phases: the iperf transfer runs for --duration from t = 1 s (none if 0s); one second
 * after it ends, --pingCount pings go out every --pingInterval on the idle network.
 *
 * Flags (defaults): --linkRate=1Gbps --linkDelay=500ns --mtu=1500B --segmentSize=1448B
 *   --window=16KiB --congestionOps=ns3::TcpLinuxReno --queueSize=100 --duration=10s
 *   --interval=1s --pingCount=300 --pingInterval=1s --pingSize=56B; `--help` explains each.
 *
 * Metrics: goodput (iperf's total, Mb/s), goodput per interval (min, max), ping RTT (min,
 * max, mean, sd in us); series: iperfIntervals, pingRtt.
 *
 * Run:  hybridnet run gige-iperf --duration=10s
 *   or: build/bin/gige-iperf --duration=10s --output=gige-iperf.json
 */
#include "hybridnet/apps-module.h"
#include "hybridnet/scenario-module.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-apps-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"

#include <cmath>

using namespace ns3;
using namespace ns3::hybridnet;

int
main(int argc, char* argv[])
{
    Scenario scenario("gige-iperf",
                      "iperf TCP goodput and ping RTT between two GigE hosts through a switch "
                      "(stock ns-3 point-to-point devices: the baseline without a host model)");
    DataRate linkRate("1Gbps");
    Time linkDelay = NanoSeconds(500);
    uint32_t mtu = 1500;
    uint32_t segmentSize = 1448;
    uint64_t window = 16384;
    std::string congestionOps = "ns3::TcpLinuxReno";
    uint32_t queueSize = 100;
    Time duration = Seconds(10);
    Time interval = Seconds(1);
    uint32_t pingCount = 300;
    Time pingInterval = Seconds(1);
    uint32_t pingSize = 56;

    auto& flags = scenario.Flags();
    flags.AddDataRate("linkRate",
                      "rate of both links (host-switch, switch-host)",
                      &linkRate,
                      DataRate("10Mbps"),
                      DataRate("100Gbps"));
    flags.AddTime("linkDelay",
                  "propagation delay of each link (500ns is about 100 m of cable)",
                  &linkDelay,
                  Seconds(0),
                  Seconds(1));
    flags.AddSize("mtu", "IP MTU of every device", &mtu, 576, 16144);
    flags.AddSize("segmentSize",
                  "TCP maximum segment size (1448B = 1500B MTU less IP, TCP and timestamp "
                  "headers)",
                  &segmentSize,
                  536,
                  16144);
    flags.AddSize("window",
                  "socket send and receive buffer of both ends (iperf -w)",
                  &window,
                  2048,
                  1ULL << 30);
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
    flags.AddSize("pingSize", "ICMP data bytes per ping (ping -s)", &pingSize, 0, 65000);
    // ns-3 TCP sends the timestamp option (12 B) by default, as the study's hosts did.
    flags.AddConstraint("segmentSize + 52B (IP 20B, TCP 20B, timestamps 12B) <= mtu",
                        [&]() { return segmentSize + 52 <= mtu; });
    if (auto exitCode = scenario.Parse(argc, argv))
    {
        return *exitCode;
    }

    Config::SetDefault("ns3::TcpL4Protocol::SocketType", StringValue(congestionOps));
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(segmentSize));
    Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(window));
    Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(window));

    NodeContainer hosts(2);
    Ptr<Node> sw = CreateObject<Node>();
    PointToPointHelper link;
    link.SetDeviceAttribute("DataRate", DataRateValue(linkRate));
    link.SetDeviceAttribute("Mtu", UintegerValue(mtu));
    link.SetChannelAttribute("Delay", TimeValue(linkDelay));
    link.SetQueue("ns3::DropTailQueue",
                  "MaxSize",
                  QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS, queueSize)));
    NetDeviceContainer left = link.Install(hosts.Get(0), sw);
    NetDeviceContainer right = link.Install(sw, hosts.Get(1));

    InternetStackHelper internet;
    internet.Install(hosts);
    internet.Install(sw);
    Ipv4AddressHelper addresses("10.0.0.0", "255.255.255.0");
    Ipv4InterfaceContainer leftIf = addresses.Assign(left);
    addresses.SetBase("10.0.1.0", "255.255.255.0");
    Ipv4InterfaceContainer rightIf = addresses.Assign(right);
    Ipv4GlobalRoutingHelper::PopulateRoutingTables();
    Ipv4Address server = rightIf.GetAddress(1);

    const Time transferStart = Seconds(1);
    Ptr<IperfServer> iperfServer;
    std::vector<double> intervalEnd;
    std::vector<double> intervalGoodput;
    if (duration.IsStrictlyPositive())
    {
        IperfServerHelper serverHelper(5001);
        serverHelper.SetAttribute("Interval", TimeValue(interval));
        iperfServer = DynamicCast<IperfServer>(serverHelper.Install(hosts.Get(1)).Get(0));
        iperfServer->TraceConnectWithoutContext(
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

        BulkSendHelper client("ns3::TcpSocketFactory", InetSocketAddress(server, 5001));
        client.SetAttribute("SendSize", UintegerValue(8192)); // iperf's default write, -l 8K
        ApplicationContainer clientApp = client.Install(hosts.Get(0));
        clientApp.Start(transferStart);
        clientApp.Stop(transferStart + duration);
    }

    const Time pingStart = transferStart + duration + Seconds(1);
    std::vector<double> pingSeq;
    std::vector<double> pingRtt;
    Time stop = pingStart + Seconds(1);
    if (pingCount > 0)
    {
        // ns-3's Ping with Count=N stops 2 * max RTT (in whole ms, so 0 here) after the N-th
        // request and loses its reply; instead it runs unbounded and stops half an interval
        // after the N-th request.
        PingHelper ping(server);
        ping.SetAttribute("Count", UintegerValue(0));
        ping.SetAttribute("Interval", TimeValue(pingInterval));
        ping.SetAttribute("Size", UintegerValue(pingSize));
        ping.SetAttribute("VerboseMode", EnumValue(Ping::SILENT));
        ApplicationContainer pingApp = ping.Install(hosts.Get(0));
        pingApp.Start(pingStart);
        pingApp.Stop(pingStart + pingInterval * (pingCount - 1) + pingInterval / 2);
        pingApp.Get(0)->TraceConnectWithoutContext(
            "Rtt",
            MakeCallback(+[](std::vector<double>* seqs,
                             std::vector<double>* rtts,
                             uint16_t seq,
                             Time rtt) {
                seqs->push_back(seq);
                rtts->push_back(rtt.GetNanoSeconds() / 1000.0);
            }).Bind(&pingSeq, &pingRtt));
        stop = pingStart + pingInterval * pingCount + Seconds(1);
    }

    scenario.Run(stop);

    auto& result = scenario.Result();
    auto reports = iperfServer ? iperfServer->GetReports() : std::vector<IperfServer::Report>{};
    if (!reports.empty())
    {
        result.SetMetric("goodput", reports[0].GoodputBps() / 1e6, "Mb/s");
        result.SetMetric("bytesReceived", double(reports[0].bytes), "B");
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
    }
    result.SetSeries("pingRtt", {{"seq", "", pingSeq}, {"rtt", "us", pingRtt}});
    return scenario.Finish();
}
