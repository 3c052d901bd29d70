/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * path-bulk-transfer: the two sides of the circuit-path benchmark (bench/harness.py): the
 * same TCP bulk transfer between two hosts either through the optical circuit switch or
 * through the packet switch, so that the harness can compare what each path costs the
 * simulator per packet.
 *
 *     --path=circuit:
 *         host0 --copper-- converter --fiber-- OCS port 1 === port 2 --fiber-- converter --copper--
 * host1
 *     --path=switch:
 *         host0 ------------------------- PacketSwitch (100-frame queues) -------------------------
 * host1 10.0.0.1                                                                    10.0.0.2
 *
 * Hosts: plain EthernetNetDevices (no host or NIC model: it would add the same events on
 * both paths), 1 Gb/s, MTU 1500 B, transmit queues of 100 packets.  Every cable 500 ns
 * (the circuit path has four: copper and fiber on each side, through MediaConverters of
 * the default latency); the circuit 1-2 is the OpticalCircuitSwitch's DefaultConnections,
 * lit from power-up.  TCP: TcpLinuxReno, SegmentSize 1448 B, SndBuf and RcvBuf 16384 B;
 * BulkSend writes 8192 B at a time from t = 1 s for --duration; the simulation stops 2 s
 * after the transfer (as stock-bulk-transfer and `gige-iperf --pingCount=0`).
 *
 * Flags (defaults): --path=circuit (circuit or switch), --duration=10s (an ns-3 Time
 * string, > 0).
 *
 * Output: one JSON line on stdout,
 *   {"program": "path-bulk-transfer", "path": "circuit", "bytesReceived": N,
 *    "segmentSize": 1448, "eventCount": E, "simulatedSeconds": x, "wallSeconds": y}
 * where wallSeconds is the wall-clock time of Simulator::Run() alone.
 *
 * Run:  build/bin/path-bulk-transfer --path=circuit --duration=5s
 */
#include "hybridnet/ethernet-net-device.h"
#include "hybridnet/optical-circuit-switch-helper.h"
#include "hybridnet/optical-circuit-switch.h"
#include "hybridnet/packet-switch-helper.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"

#include <chrono>
#include <iomanip>
#include <iostream>

using namespace ns3;
using namespace ns3::hybridnet;

int
main(int argc, char* argv[])
{
    const uint32_t segmentSize = 1448;
    const DataRate rate("1Gbps");
    const Time cable = NanoSeconds(500);
    Time duration = Seconds(10);
    std::string path = "circuit";

    CommandLine cmd(__FILE__);
    cmd.AddValue("path", "circuit (optical circuit switch) or switch (packet switch)", path);
    cmd.AddValue("duration", "transfer duration (ns-3 Time string, e.g. 5s)", duration);
    cmd.Parse(argc, argv);
    if (path != "circuit" && path != "switch")
    {
        std::cerr << "path-bulk-transfer: error: --path must be circuit or switch, not '" << path
                  << "'\n";
        return 2;
    }
    if (!duration.IsStrictlyPositive())
    {
        std::cerr << "path-bulk-transfer: error: --duration must be greater than 0s\n";
        return 2;
    }

    Config::SetDefault("ns3::TcpL4Protocol::SocketType", StringValue("ns3::TcpLinuxReno"));
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(segmentSize));
    Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(16384));
    Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(16384));
    Config::SetDefault("ns3::DropTailQueue<Packet>::MaxSize", QueueSizeValue(QueueSize("100p")));

    NodeContainer hosts(2);
    NetDeviceContainer devices;
    if (path == "circuit")
    {
        OpticalCircuitSwitchHelper circuits;
        circuits.SetSwitchAttribute("DefaultConnections", StringValue("1-2"));
        circuits.SetHostDeviceAttribute("DataRate", DataRateValue(rate));
        circuits.SetCopperChannelAttribute("Delay", TimeValue(cable));
        circuits.SetFiberChannelAttribute("Delay", TimeValue(cable));
        Ptr<OpticalCircuitSwitch> ocs = circuits.Install(CreateObject<Node>());
        devices.Add(circuits.InstallHost(ocs, 1, hosts.Get(0)));
        devices.Add(circuits.InstallHost(ocs, 2, hosts.Get(1)));
    }
    else
    {
        PacketSwitchHelper star;
        star.SetDeviceAttribute("DataRate", DataRateValue(rate));
        star.SetChannelAttribute("Delay", TimeValue(cable));
        star.SetQueue("ns3::DropTailQueue", "MaxSize", QueueSizeValue(QueueSize("100p")));
        devices = star.Install(CreateObject<Node>(), hosts);
    }

    InternetStackHelper internet;
    internet.Install(hosts);
    Ipv4AddressHelper addresses("10.0.0.0", "255.255.255.0");
    Ipv4Address server = addresses.Assign(devices).GetAddress(1);

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

    std::cout << std::setprecision(9) << "{\"program\": \"path-bulk-transfer\""
              << ", \"path\": \"" << path << "\""
              << ", \"bytesReceived\": " << sink->GetTotalRx()
              << ", \"segmentSize\": " << segmentSize
              << ", \"eventCount\": " << Simulator::GetEventCount()
              << ", \"simulatedSeconds\": " << Simulator::Now().GetSeconds()
              << ", \"wallSeconds\": " << wall.count() << "}" << std::endl;
    Simulator::Destroy();
    return 0;
}
