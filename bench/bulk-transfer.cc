/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * bulk-transfer: one bulk TCP transfer over point-to-point links, built twice:
 * - stock-bulk-transfer: stock ns-3 only, no hybridnet code (TcpSocketBase), the reference
 *   of the gige-iperf and tcp-window benchmarks (bench/harness.py);
 * - lfn-bulk-transfer: the same program with HYBRIDNET_LFN_TCP defined, where both hosts run
 *   hybridnet's LfnTcpSocket (LfnTcpHelper before InternetStackHelper) - the only
 *   difference, so the lfn-tcp-* benchmarks compare the two TCPs on the same topology.
 *
 * It runs the TCP transfer of the iperf phase of scenarios/gige-iperf.cc (same application,
 * TCP settings, link rate, delay, MTU and queues) over stock ns-3 devices, so that the
 * harness can compare the simulation speed of the two programs in the same run:
 *
 *     host0 (BulkSend) ----- router ----- host1 (PacketSink)
 *            10.0.0.1   1 Gb/s, 500 ns     10.0.1.2
 *
 * Links: point-to-point, MTU 1500 B, DropTail queue of 100 packets.  TCP: TcpLinuxReno,
 * SegmentSize 1448 B, SndBuf and RcvBuf 16384 B.  BulkSend writes 8192 B at a time from
 * t = 1 s for --duration.  The simulation stops 2 s after the transfer, where
 * `gige-iperf --pingCount=0` stops.  What differs: gige-iperf's hosts carry the host and
 * NIC model (rings, DMA, interrupts, NAPI, CPU work) behind Ethernet devices, and its
 * middle node is an Ethernet switch (hybridnet's PacketSwitch), not an IP router: stock ns-3's
 * bridge needs ports that support SendFrom, which PointToPointNetDevice does not.  The two programs
 * therefore deliver different byte counts in the same simulated time; the harness compares data
 * packets and events per wall-clock second.
 *
 * Flags (default): --duration=10s, the transfer duration (an ns-3 Time string, > 0);
 * --rate=1Gbps, both links' rate (an ns-3 DataRate string with unit, > 0);
 * --oneWayDelay=1us, the path's one-way propagation delay, half on each link (> 0);
 * --window=16384, SndBufSize and RcvBufSize in bytes (>= 1448); --queuePackets=100, the
 * DropTailQueue of every device (>= 1).  The defaults are gige-iperf's set-up; the
 * tcp-window benchmark sets the R1 and R2 paths with them.
 *
 * Output: one JSON line on stdout,
 *   {"program": "stock-bulk-transfer" (or "lfn-bulk-transfer"), "bytesReceived": N, "segmentSize":
 * 1448, "eventCount": E, "simulatedSeconds": x, "wallSeconds": y} where wallSeconds is the
 * wall-clock time of Simulator::Run() alone, plus "transferSeconds" (--duration) and "peakRssBytes"
 * (getrusage's maximum resident set of the process).
 *
 * Run:  build/bin/stock-bulk-transfer --duration=5s
 *       build/bin/lfn-bulk-transfer --duration=5s --oneWayDelay=50ms --window=12500000
 */
#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"

#ifdef HYBRIDNET_LFN_TCP
#include "hybridnet/lfn-tcp-helper.h"
#endif

#include <chrono>
#include <iomanip>
#include <iostream>
#include <sys/resource.h>

using namespace ns3;

#ifdef HYBRIDNET_LFN_TCP
static const char* const kProgram = "lfn-bulk-transfer";
#else
static const char* const kProgram = "stock-bulk-transfer";
#endif

int
main(int argc, char* argv[])
{
    const uint32_t segmentSize = 1448;
    Time duration = Seconds(10);
    Time oneWayDelay = MicroSeconds(1);
    uint64_t window = 16384;
    uint32_t queuePackets = 100;
    DataRate rate("1Gbps");

    CommandLine cmd(__FILE__);
    cmd.AddValue("duration", "transfer duration (ns-3 Time string, e.g. 5s)", duration);
    cmd.AddValue("oneWayDelay", "one-way propagation delay of the path (e.g. 50ms)", oneWayDelay);
    cmd.AddValue("window", "socket send and receive buffer, bytes", window);
    cmd.AddValue("queuePackets", "transmit queue of every device, packets", queuePackets);
    cmd.AddValue("rate", "rate of both links (e.g. 10Gbps)", rate);
    cmd.Parse(argc, argv);
    if (!duration.IsStrictlyPositive() || !oneWayDelay.IsStrictlyPositive())
    {
        std::cerr << kProgram << ": error: --duration and --oneWayDelay must be greater than 0s\n";
        return 2;
    }
    if (window < segmentSize || window > (1ULL << 31) || queuePackets < 1)
    {
        std::cerr << kProgram
                  << ": error: --window is 1448 to 2^31 bytes and --queuePackets at least 1\n";
        return 2;
    }

    Config::SetDefault("ns3::TcpL4Protocol::SocketType", StringValue("ns3::TcpLinuxReno"));
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(segmentSize));
    Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(window));
    Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(window));

    NodeContainer hosts(2);
    Ptr<Node> router = CreateObject<Node>();
    PointToPointHelper link;
    if (rate.GetBitRate() == 0)
    {
        std::cerr << kProgram << ": error: --rate must be greater than 0bps\n";
        return 2;
    }
    link.SetDeviceAttribute("DataRate", DataRateValue(rate));
    link.SetDeviceAttribute("Mtu", UintegerValue(1500));
    link.SetChannelAttribute("Delay", TimeValue(oneWayDelay / 2));
    link.SetQueue("ns3::DropTailQueue",
                  "MaxSize",
                  QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS, queuePackets)));
    NetDeviceContainer left = link.Install(hosts.Get(0), router);
    NetDeviceContainer right = link.Install(router, hosts.Get(1));

#ifdef HYBRIDNET_LFN_TCP
    hybridnet::LfnTcpHelper().Install(hosts);
#endif
    InternetStackHelper internet;
    internet.Install(hosts);
    internet.Install(router);
    Ipv4AddressHelper addresses("10.0.0.0", "255.255.255.0");
    addresses.Assign(left);
    addresses.SetBase("10.0.1.0", "255.255.255.0");
    Ipv4Address server = addresses.Assign(right).GetAddress(1);
    Ipv4GlobalRoutingHelper::PopulateRoutingTables();

    const Time transferStart = Seconds(1);
    PacketSinkHelper sinkHelper("ns3::TcpSocketFactory",
                                InetSocketAddress(Ipv4Address::GetAny(), 5001));
    Ptr<PacketSink> sink = DynamicCast<PacketSink>(sinkHelper.Install(hosts.Get(1)).Get(0));

    BulkSendHelper client("ns3::TcpSocketFactory", InetSocketAddress(server, 5001));
    client.SetAttribute("SendSize", UintegerValue(8192));
    ApplicationContainer clientApp = client.Install(hosts.Get(0));
    clientApp.Start(transferStart);
    clientApp.Stop(transferStart + duration);

    Simulator::Stop(transferStart + duration + Seconds(2));
    auto wallStart = std::chrono::steady_clock::now();
    Simulator::Run();
    std::chrono::duration<double> wall = std::chrono::steady_clock::now() - wallStart;

    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    std::cout << std::setprecision(9) << "{\"program\": \"" << kProgram << "\""
              << ", \"bytesReceived\": " << sink->GetTotalRx()
              << ", \"segmentSize\": " << segmentSize
              << ", \"eventCount\": " << Simulator::GetEventCount()
              << ", \"simulatedSeconds\": " << Simulator::Now().GetSeconds()
              << ", \"wallSeconds\": " << wall.count()
              << ", \"transferSeconds\": " << duration.GetSeconds()
              << ", \"peakRssBytes\": " << usage.ru_maxrss * 1024L << "}" << std::endl;
    Simulator::Destroy();
    return 0;
}
