/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * host-netperf: a netperf stream test (TCP_STREAM or UDP_STREAM) between two hosts joined
 * by one cable, each a host model (HostCpu, HostBus) with a NIC (NicNetDevice: descriptor
 * rings, DMA, e1000 interrupt moderation, NAPI) from a named host profile - the host
 * measurements of the event-filter farm study (MTU, coalescing, PCI ceiling, slow and fast
 * PCs; validation/nic-tuning-event-filter-farm) and the 10 GbE UDP tests of the high-speed
 * TCP study (validation/high-speed-tcp-wan-10gbe-udp). The two ends may be different
 * machines (--sender, --receiver), so sending from a slow PC to a fast one can be compared
 * with the reverse.
 *
 *     sender (netperf)  ============ one cable ============  receiver (netserver)
 *     --sender profile        linkRate, linkDelay, mtu         --receiver profile
 *        10.0.0.1                                                  10.0.0.2
 *
 * TCP_STREAM: hybridnet's LfnTcpSocket (--tcp=lfn; --tcp=ns3: ns-3's TcpSocketBase), TcpLinuxReno,
 * timestamps on, MSS = mtu - 52 B, the window (--window) set on both sockets as netperf -s
 * and -S do (TcpChoice: the buffer as set and advertised whole, or on a host whose profile
 * names a Linux kernel doubled with 3/4 advertised; --window=0B sets neither, as netperf
 * without -s and -S, and the kernel's own buffers grow as the profiles' kernel sections say),
 * a window update when netserver reads (Linux's tcp_cleanup_rbuf), BulkSend writing
 * --messageSize bytes at a time (8 KiB by default), measured at the receiver by
 * IperfServer (payload from the connection's accept to the sender's FIN). UDP_STREAM:
 * UdpStreamSender writes datagrams of --messageSize bytes (by default the largest that fits
 * the MTU, mtu - 28 B) into a blocking socket whose send buffer (--window) is charged until
 * the NIC has sent each datagram (Linux's backpressure; model/apps/udp-stream-sender.h);
 * IperfServer in UDP mode reads what arrives. The receiving socket is read by a process
 * that the arrivals wake (HostProcess: on the farm's one-processor PCs two context switches
 * per wake-up on the CPU that runs the network code). Both sockets' buffers are --window. Each
 * host's queue discipline is its profile's (HostProfile::InstallQdisc: pfifo_fast of txqueuelen
 * packets, one band used). Host-to-host neighbours are static (no ARP).
 *
 * Phases: the sender writes from t = 100 ms for --duration; the simulation then runs 1 s
 * more (TCP: the FIN exchange; UDP: what is still in the hosts drains). Host counters (CPU
 * and bus busy time, interrupts, frames) are read at the start and the end of the writing
 * period. UDP throughput counts the payload received within that period (as netserver,
 * which stops counting when the test ends); datagramsLost counts what never arrived, and
 * after the second of draining every one of them is a drop counted where it happened:
 *   datagramsSent = datagramsReceived + datagramsDroppedSender + rxRingDrops
 *                   + datagramsDroppedSocket
 * (the datagrams fit the MTU, so a dropped frame is a dropped datagram).
 *
 * Interrupt coalescing: --rxIntDelay and --rxAbsIntDelay set the 8254x receive delay timers
 * (RDTR, RADV), which count in units of 1.024 us: a time t becomes round(t / 1.024 us)
 * units (32us -> 31 units = 31.744 us; 1024us -> 1000 units exactly; 0: no delay, and then
 * RADV is not used). --itr is the e1000 InterruptThrottleRate. These three override every
 * profile; their defaults are the 2.4-era e1000 values of the farm profiles (the 10 GbE
 * profile's RxIntDelay is 0 as well, so its RADV is not used either).
 *
 * Flags (defaults): --sender=farm-pentium-800 --receiver=farm-pentium-1800 --protocol=tcp --tcp=lfn
 *   --linkRate=1Gbps --linkDelay=500ns --mtu=1500B --messageSize=0B (auto) --window=64KiB
 *   --duration=10s --bothDirections=false --itr=8000 --rxIntDelay=0s --rxAbsIntDelay=131072ns (128
 * units)
 *   --checksumOffload=profile --tcpOffload=profile --busKind=profile --busWidth=0 --busClock=0
 *   --mmrbc=0B
 *   (0: the profile's); `--help` explains each.
 *
 * Both directions (--bothDirections, TCP): a second stream, the same in every way, from the
 * receiver to the sender (port 5002) over the same period, so each host sends and receives
 * at once and its CPU, memory bus, PCI-X bus and NIC (one offload engine for both
 * directions) serve both.
 *
 * Metrics: throughput (payload at the receiver, Mb/s); reverseThroughput (the second
 * stream's, --bothDirections); UDP: sendRate (payload the sender's
 * socket accepted, Mb/s), datagramsSent, datagramsReceived (in all), datagramsLost, and
 * where the lost ones went: datagramsDroppedSender (by the sender's stack before the wire:
 * queue disc, device, IP, ARP; UdpStreamSender (2)), datagramsDroppedSocket (the
 * receiving socket's buffer was full) and rxRingDrops (the receiving NIC's ring); per host
 * (Sender, Receiver): cpuUtilisation, busUtilisation, memoryBusUtilisation (hosts with a
 * memory bus), rxRingDrops, interruptRate (1/s), packetsPerInterrupt (frames delivered to
 * the stack per interrupt) (HostCounters); rxRingDrops (the receiver's, as before);
 * first-principles ceilings for one full-size packet of P payload bytes: wireCeiling
 * (R P / wire bytes), busTimingRate (8 P over the sender's DMA read of the frame alone),
 * busCeilingSender (8 P over the sender's descriptor fetch, frame read and status
 * write-back; over the payload's read alone for TCP from a NIC with TcpOffload,
 * NicNetDevice (O3)), busCeilingReceiver (8 P over the receiver's frame write and descriptor
 * write-back) - all Mb/s; messageSize and payloadPerPacket (B).
 *
 * Run:  hybridnet run host-netperf --protocol=udp --duration=2s
 *   or: build/bin/host-netperf --protocol=udp --duration=2s --output=host-netperf.json
 */
#include "hybridnet/apps-module.h"
#include "hybridnet/ethernet-module.h"
#include "hybridnet/host-module.h"
#include "hybridnet/nic-module.h"
#include "hybridnet/testbed-module.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/traffic-control-module.h"

#include <array>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

constexpr uint32_t kUdpIpHeaders = 28;      //!< IPv4 20 B + UDP 8 B
constexpr uint32_t kTcpIpHeaders = 52;      //!< IPv4 20 B + TCP 20 B + timestamps 12 B
constexpr uint32_t kDefaultTcpWrite = 8192; //!< --messageSize=0B with TCP
constexpr uint32_t kDescriptorBytes = 16;   //!< e1000 legacy descriptor
constexpr uint32_t kEthernetFraming = 18;   //!< header 14 B + FCS 4 B
constexpr uint32_t kWireOverhead = 38;      //!< framing + preamble 8 B + gap 12 B

/** The scenario's own flags (the hosts' are the testbed's HostFlags). */
struct Options
{
    std::string protocol{"tcp"};
    DataRate linkRate{"1Gbps"};
    Time linkDelay{NanoSeconds(500)};
    uint32_t mtu{1500};
    uint32_t messageSize{0};
    uint64_t window{65536};
    Time duration{Seconds(10)};
    bool bothDirections{false};

    /** @return the bytes per write: --messageSize, or mtu - 28 B (UDP), 8 KiB (TCP) */
    uint32_t WriteSize() const
    {
        return messageSize != 0 ? messageSize
                                : (protocol == "udp" ? mtu - kUdpIpHeaders : kDefaultTcpWrite);
    }

    /** @return P, the payload of one full-size packet */
    uint32_t PayloadPerPacket() const
    {
        return protocol == "udp" ? WriteSize() : mtu - kTcpIpHeaders;
    }

    /** @return the IP packet of one full-size packet */
    uint32_t L3PerPacket() const
    {
        return PayloadPerPacket() + (protocol == "udp" ? kUdpIpHeaders : kTcpIpHeaders);
    }
};

/** Register the stream test's flags and their rule. */
void
AddStreamFlags(ScenarioFlags& flags, Options& o)
{
    flags.AddChoice("protocol",
                    "tcp: netperf TCP_STREAM; udp: UDP_STREAM",
                    &o.protocol,
                    {"tcp", "udp"});
    flags.AddDataRate("linkRate",
                      "rate of the cable between the NICs; Ethernet: 10 Mb/s to 10 Gb/s",
                      &o.linkRate,
                      DataRate("10Mbps"),
                      DataRate("10Gbps"));
    flags.AddTime("linkDelay",
                  "propagation delay of the cable (500ns is about 100 m)",
                  &o.linkDelay,
                  Seconds(0),
                  Seconds(1));
    flags.AddSize("mtu",
                  "IP MTU of both NICs (1500B standard, 9000B jumbo, 16144B the largest the "
                  "Ethernet model carries)",
                  &o.mtu,
                  576,
                  16144);
    flags.AddSize("messageSize",
                  "bytes per write (netperf -m): the UDP datagram payload, which must fit "
                  "the MTU (1472B at 1500B, 8972B at 9000B, 16080B at 16144B), or the TCP "
                  "write size (up to 1MiB); 0B: mtu - 28B for UDP, 8KiB for TCP",
                  &o.messageSize,
                  0,
                  1U << 20);
    flags.AddSize("window",
                  "socket send and receive buffer of both ends (netperf -s, -S; a Linux "
                  "kernel doubles it and advertises 3/4 of a TCP buffer); for UDP the "
                  "sender's writes block while this much payload is not yet on the wire; "
                  "0B (TCP only): none set, the kernel's own buffers as the host profiles' "
                  "kernel sections set and grow them (netperf without -s, -S)",
                  &o.window,
                  0,
                  1ULL << 30);
    flags.AddTime("duration",
                  "how long the sender writes (netperf -l)",
                  &o.duration,
                  MilliSeconds(1),
                  Hours(1));
    flags.AddBool("bothDirections",
                  "a second TCP_STREAM from the receiver to the sender at the same time, "
                  "port 5002 (two netperfs, one each way: the SC2004 Chelsio tests); metric "
                  "reverseThroughput",
                  &o.bothDirections);
    flags.AddConstraint("bothDirections needs protocol tcp",
                        [&o]() { return !o.bothDirections || o.protocol == "tcp"; });
    flags.AddConstraint("window is at least 2KiB, or 0B with protocol tcp", [&o]() {
        return o.window >= 2048 || (o.window == 0 && o.protocol == "tcp");
    });
    flags.AddConstraint("messageSize + 28B (IP 20B, UDP 8B) <= mtu with protocol udp", [&o]() {
        return o.protocol != "udp" || o.messageSize == 0 || o.messageSize + kUdpIpHeaders <= o.mtu;
    });
}

/** TCP's --window=0B needs both hosts' profiles to name a kernel (TcpChoice::CheckWindow). */
void
AddWindowCheck(ScenarioFlags& flags, const Options& o, const TcpChoice& tcp, const HostFlags& hosts)
{
    flags.AddInputCheck([&o, &tcp, &hosts]() -> std::string {
        if (o.protocol != "tcp")
        {
            return "";
        }
        TcpChoice parsed = tcp;
        parsed.SetWindow(o.window);
        const std::string sender = parsed.CheckWindow(&hosts.GetProfile(0));
        return sender.empty() ? parsed.CheckWindow(&hosts.GetProfile(1)) : sender;
    });
}

/** The two hosts, each from its own profile, on one cable; the cable from the sender's helper. */
NetDeviceContainer
BuildCable(NodeContainer hosts, const Options& o, const HostFlags& hostFlags)
{
    std::array<NicHelper, 2> helpers;
    for (uint32_t i = 0; i < 2; ++i)
    {
        hostFlags.Apply(i, helpers[i]);
        helpers[i].SetDeviceAttribute("DataRate", DataRateValue(o.linkRate));
        helpers[i].SetDeviceAttribute("Mtu", UintegerValue(o.mtu));
        helpers[i].SetChannelAttribute("Delay", TimeValue(o.linkDelay));
    }
    NetDeviceContainer nics = helpers[0].InstallBackToBack(hosts.Get(0), hosts.Get(1), helpers[1]);
    NicHelper::AssignStreams(nics, 0);
    return nics;
}

/** netserver's UDP side: what arrives, in the writing period and in all. */
struct UdpCount
{
    Time from;                 //!< the writing period's start
    Time to;                   //!< and end
    uint64_t bytesInPeriod{0}; //!< payload received within [from, to]
    uint64_t datagrams{0};     //!< datagrams received in all
    Ptr<IperfServer> server;   //!< the counting server (its socket's drops)

    /** IperfServer's Rx trace. */
    void Received(uint32_t, Ptr<const Packet> packet)
    {
        ++datagrams;
        const Time now = Simulator::Now();
        bytesInPeriod += now >= from && now <= to ? packet->GetSize() : 0;
    }
};

/** UDP_STREAM: UdpStreamSender on the sender, IperfServer in UDP mode counting. */
Ptr<UdpStreamSender>
InstallUdpStream(NodeContainer hosts,
                 Ptr<NetDevice> nic,
                 Address server,
                 const Options& o,
                 UdpCount* count)
{
    IperfServerHelper sinkHelper(5001);
    sinkHelper.SetAttribute("Protocol", StringValue("Udp"));
    Ptr<IperfServer> sink = DynamicCast<IperfServer>(sinkHelper.Install(hosts.Get(1)).Get(0));
    sink->TraceConnectWithoutContext("Rx", MakeCallback(&UdpCount::Received, count));
    count->server = sink;
    UdpStreamSenderHelper senderHelper(server);
    senderHelper.SetAttribute("MessageSize", UintegerValue(o.WriteSize()));
    senderHelper.SetAttribute("SendBuffer", UintegerValue(o.window));
    senderHelper.SetAttribute("Device", PointerValue(nic));
    ApplicationContainer apps = senderHelper.Install(hosts.Get(0));
    apps.Start(count->from);
    apps.Stop(count->to);
    return DynamicCast<UdpStreamSender>(apps.Get(0));
}

/** The test's streams: UDP_STREAM, or TCP_STREAM and with --bothDirections its reverse. */
struct Streams
{
    UdpCount count;                 //!< the writing period, and UDP's arrivals
    Ptr<UdpStreamSender> udpSender; //!< UDP
    Ptr<IperfServer> tcpServer;     //!< TCP, sender to receiver
    Ptr<IperfServer> reverseServer; //!< TCP, receiver to sender (--bothDirections)

    /** Install the streams the flags ask for over count's writing period. */
    void Install(NodeContainer hosts,
                 NetDeviceContainer nics,
                 Ipv4InterfaceContainer interfaces,
                 const Options& o)
    {
        if (o.protocol == "udp")
        {
            udpSender = InstallUdpStream(hosts,
                                         nics.Get(0),
                                         InetSocketAddress(interfaces.GetAddress(1), 5001),
                                         o,
                                         &count);
            return;
        }
        tcpServer = InstallIperfTransfer(hosts.Get(0),
                                         hosts.Get(1),
                                         interfaces.GetAddress(1),
                                         5001,
                                         o.WriteSize(),
                                         count.from,
                                         count.to);
        if (o.bothDirections)
        {
            reverseServer = InstallIperfTransfer(hosts.Get(1),
                                                 hosts.Get(0),
                                                 interfaces.GetAddress(0),
                                                 5002,
                                                 o.WriteSize(),
                                                 count.from,
                                                 count.to);
        }
    }

    /** throughput, and UDP's sendRate and datagram counts or TCP's reverseThroughput. */
    void WriteTo(ResultDocument& result, const Options& o) const
    {
        const double seconds = o.duration.GetSeconds();
        if (udpSender)
        {
            const uint64_t sent = udpSender->GetSentDatagrams();
            result.SetMetric("throughput", 8.0 * count.bytesInPeriod / seconds / 1e6, "Mb/s");
            result.SetMetric("sendRate", 8.0 * udpSender->GetSentBytes() / seconds / 1e6, "Mb/s");
            result.SetMetric("datagramsSent", double(sent), "");
            result.SetMetric("datagramsReceived", double(count.datagrams), "");
            result.SetMetric("datagramsLost", double(sent - count.datagrams), "");
            result.SetMetric("datagramsDroppedSender",
                             double(udpSender->GetDroppedDatagrams()),
                             "");
            result.SetMetric("datagramsDroppedSocket",
                             double(count.server->GetReceiveBufferDrops()),
                             "");
        }
        else if (!tcpServer->GetReports().empty())
        {
            result.SetMetric("throughput", IperfGoodput(tcpServer), "Mb/s");
        }
        if (reverseServer && !reverseServer->GetReports().empty())
        {
            result.SetMetric("reverseThroughput", IperfGoodput(reverseServer), "Mb/s");
        }
    }
};

/**
 * First-principles ceilings of one full-size packet of P payload bytes: wireCeiling (R P /
 * wire bytes), busTimingRate (8 P over the sender's DMA read of the frame alone),
 * busCeilingSender (8 P over descriptor fetch, frame read and status write-back, (T3)-(T4)
 * of NicNetDevice; over the read of P alone for TCP with TcpOffload, (O3)),
 * busCeilingReceiver (8 P over frame write and descriptor write-back).
 */
void
WriteCeilings(ResultDocument& result,
              NodeContainer hosts,
              NetDeviceContainer nics,
              const Options& o)
{
    const uint32_t frame = o.L3PerPacket() + kEthernetFraming;
    const double bits = 8.0 * o.PayloadPerPacket();
    Ptr<HostBus> senderBus = hosts.Get(0)->GetObject<HostBus>();
    Ptr<HostBus> receiverBus = hosts.Get(1)->GetObject<HostBus>();
    const Time frameRead = senderBus->GetTransferTime(HostBus::FROM_MEMORY, frame);
    BooleanValue offload;
    nics.Get(0)->GetAttribute("TcpOffload", offload);
    const Time senderPerPacket =
        o.protocol == "tcp" && offload.Get()
            ? senderBus->GetTransferTime(HostBus::FROM_MEMORY, o.PayloadPerPacket())
            : senderBus->GetTransferTime(HostBus::FROM_MEMORY, kDescriptorBytes) + frameRead +
                  senderBus->GetTransferTime(HostBus::TO_MEMORY, kDescriptorBytes);
    const Time receiverPerPacket =
        receiverBus->GetTransferTime(HostBus::TO_MEMORY, frame) +
        receiverBus->GetTransferTime(HostBus::TO_MEMORY, kDescriptorBytes);
    result.SetMetric("wireCeiling",
                     o.linkRate.GetBitRate() * double(o.PayloadPerPacket()) /
                         (o.L3PerPacket() + kWireOverhead) / 1e6,
                     "Mb/s");
    result.SetMetric("busTimingRate", bits / frameRead.GetSeconds() / 1e6, "Mb/s");
    result.SetMetric("busCeilingSender", bits / senderPerPacket.GetSeconds() / 1e6, "Mb/s");
    result.SetMetric("busCeilingReceiver", bits / receiverPerPacket.GetSeconds() / 1e6, "Mb/s");
}

} // namespace

int
main(int argc, char* argv[])
{
    Scenario scenario("host-netperf",
                      "netperf TCP_STREAM or UDP_STREAM between two hosts (host and NIC "
                      "model) joined by one cable");
    HostFlags hostFlags;
    Options o;
    TcpChoice tcp;
    auto& flags = scenario.Flags();
    hostFlags.AddProfile(flags, "sender", "the sending host (netperf)", "farm-pentium-800", "");
    hostFlags.AddProfile(flags,
                         "receiver",
                         "the receiving host (netserver)",
                         "farm-pentium-1800",
                         "");
    AddStreamFlags(flags, o);
    tcp.AddFlag(flags, "both hosts (protocol tcp)");
    hostFlags.AddInterruptThrottle(flags);
    hostFlags.AddDelayTimers(flags);
    hostFlags.AddChecksumOffload(flags);
    hostFlags.AddTcpOffload(flags);
    hostFlags.AddBus(flags);
    AddWindowCheck(flags, o, tcp, hostFlags);
    if (auto exitCode = scenario.Parse(argc, argv))
    {
        return *exitCode;
    }

    const bool udp = o.protocol == "udp";
    Config::SetDefault("ns3::TcpL4Protocol::SocketType", StringValue("ns3::TcpLinuxReno"));
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(o.mtu - kTcpIpHeaders));
    if (udp)
    {
        Config::SetDefault("ns3::UdpSocket::RcvBufSize", UintegerValue(o.window));
    }

    NodeContainer hosts(2);
    NetDeviceContainer nics = BuildCable(hosts, o, hostFlags);
    tcp.SetWindow(o.window); // netperf -s and -S: setsockopt on both ends; 0B: neither
    for (uint32_t i = 0; i < 2; ++i)
    {
        tcp.Install(hosts.Get(i), &hostFlags.GetProfile(i));
    }
    InternetStackHelper().Install(hosts);
    for (uint32_t i = 0; i < 2; ++i)
    {
        hostFlags.GetProfile(i).InstallQdisc(nics.Get(i));
    }
    Ipv4InterfaceContainer interfaces = Ipv4AddressHelper("10.0.0.0", "255.255.255.0").Assign(nics);
    NeighborCacheHelper().PopulateNeighborCache();

    Streams streams{UdpCount{MilliSeconds(100), MilliSeconds(100) + o.duration, 0, 0, nullptr},
                    nullptr,
                    nullptr,
                    nullptr};
    streams.Install(hosts, nics, interfaces, o);
    HostCounters counters(hosts, nics, {"Sender", "Receiver"});
    counters.Schedule(streams.count.from, streams.count.to);
    scenario.Run(streams.count.to + Seconds(1));

    auto& result = scenario.Result();
    streams.WriteTo(result, o);
    counters.WriteTo(result);
    result.SetMetric("rxRingDrops",
                     double(DynamicCast<NicNetDevice>(nics.Get(1))->GetRxRingDrops()),
                     "");
    WriteCeilings(result, hosts, nics, o);
    result.SetMetric("messageSize", double(o.WriteSize()), "B");
    result.SetMetric("payloadPerPacket", double(o.PayloadPerPacket()), "B");
    return scenario.Finish();
}
