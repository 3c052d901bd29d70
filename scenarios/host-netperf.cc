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
 * TCP_STREAM: ns-3's TCP (TcpLinuxReno, timestamps on, MSS = mtu - 52 B), BulkSend writing
 * --messageSize bytes at a time (8 KiB by default), measured at the receiver by
 * IperfServer (payload from the connection's accept to the sender's FIN). UDP_STREAM:
 * UdpStreamSender writes datagrams of --messageSize bytes (by default the largest that fits
 * the MTU, mtu - 28 B) into a blocking socket whose send buffer (--window) is charged until
 * the NIC has sent each datagram (Linux's backpressure; model/apps/udp-stream-sender.h);
 * IperfServer in UDP mode reads what arrives. The receiving socket is read by a process
 * that the arrivals wake (HostProcess: on the farm's one-processor PCs two context switches
 * per wake-up on the CPU that runs the network code). Both sockets' buffers are --window. Each host's queue
 * discipline is a 1000-packet FIFO (Linux's txqueuelen, pfifo_fast with one band used).
 * Host-to-host neighbours are static (no ARP).
 *
 * Phases: the sender writes from t = 100 ms for --duration; the simulation then runs 1 s
 * more (TCP: the FIN exchange; UDP: what is still in the hosts drains). Host counters (CPU
 * and bus busy time, interrupts, frames) are read at the start and the end of the writing
 * period. UDP throughput counts the payload received within that period (as netserver,
 * which stops counting when the test ends); datagramsLost counts what never arrived.
 *
 * Interrupt coalescing: --rxIntDelay and --rxAbsIntDelay set the 8254x receive delay timers
 * (RDTR, RADV), which count in units of 1.024 us: a time t becomes round(t / 1.024 us)
 * units (32us -> 31 units = 31.744 us; 1024us -> 1000 units exactly; 0: no delay, and then
 * RADV is not used). --itr is the e1000 InterruptThrottleRate. These three override every
 * profile; their defaults are the 2.4-era e1000 values of the farm profiles (the 10 GbE
 * profile's RxIntDelay is 0 as well, so its RADV is not used either).
 *
 * Flags (defaults): --sender=farm-pentium-800 --receiver=farm-pentium-1800 --protocol=tcp
 *   --linkRate=1Gbps --linkDelay=500ns --mtu=1500B --messageSize=0B (auto) --window=64KiB
 *   --duration=10s --itr=8000 --rxIntDelay=0s --rxAbsIntDelay=131072ns (128 units)
 *   --checksumOffload=profile --busKind=profile --busWidth=0 --busClock=0 --mmrbc=0B
 *   (0: the profile's); `--help` explains each.
 *
 * Metrics: throughput (payload at the receiver, Mb/s); UDP: sendRate (payload the sender's
 * socket accepted, Mb/s), datagramsSent, datagramsReceived (in all), datagramsLost; per host
 * (Sender, Receiver): cpuUtilisation, busUtilisation, interruptRate (1/s),
 * packetsPerInterrupt (frames delivered to the stack per interrupt); rxRingDrops (receiver);
 * first-principles ceilings for one full-size packet of P payload bytes: wireCeiling
 * (R P / wire bytes), busTimingRate (8 P over the sender's DMA read of the frame alone),
 * busCeilingSender (8 P over the sender's descriptor fetch, frame read and status
 * write-back), busCeilingReceiver (8 P over the receiver's frame write and descriptor
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
#include <cmath>
#include <map>
#include <string>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

constexpr uint32_t kUdpIpHeaders = 28;       //!< IPv4 20 B + UDP 8 B
constexpr uint32_t kTcpIpHeaders = 52;       //!< IPv4 20 B + TCP 20 B + timestamps 12 B
constexpr uint32_t kDefaultTcpWrite = 8192;  //!< --messageSize=0B with TCP
constexpr uint32_t kDescriptorBytes = 16;    //!< e1000 legacy descriptor
constexpr uint32_t kEthernetFraming = 18;    //!< header 14 B + FCS 4 B
constexpr uint32_t kWireOverhead = 38;       //!< framing + preamble 8 B + gap 12 B
const Time kDelayUnit = NanoSeconds(1024);   //!< 8254x delay timer unit

/** A bus configuration, the arguments of HostBus::CheckConfiguration. */
struct BusConfig
{
    std::string kind;      //!< Pci, PciX or PciExpress
    uint32_t width{0};     //!< bits
    uint32_t clock{0};     //!< MHz
    uint32_t lanes{0};     //!< PCI Express lanes
    uint32_t mmrbc{0};     //!< bytes
};

/**
 * @param name a HostBus attribute
 * @return its default, as text
 */
std::string
BusDefault(const std::string& name)
{
    TypeId::AttributeInformation info;
    NS_ABORT_MSG_UNLESS(HostBus::GetTypeId().LookupAttributeByName(name, &info),
                        "HostBus has no attribute " << name);
    return info.initialValue->SerializeToString(info.checker);
}

/**
 * The bus a profile describes, with HostBus's defaults for what it does not name, then the
 * flags' overrides.
 */
BusConfig
EffectiveBus(const HostProfile& profile,
             const std::string& kind,
             uint32_t width,
             uint32_t clock,
             uint32_t mmrbc)
{
    std::map<std::string, std::string> values;
    for (const char* name : {"Kind", "Width", "Clock", "Lanes", "Mmrbc"})
    {
        values[name] = profile.Find("bus", name).value_or(BusDefault(name));
    }
    BusConfig bus{values["Kind"],
                  static_cast<uint32_t>(std::stoul(values["Width"])),
                  static_cast<uint32_t>(std::stoul(values["Clock"])),
                  static_cast<uint32_t>(std::stoul(values["Lanes"])),
                  static_cast<uint32_t>(std::stoul(values["Mmrbc"]))};
    if (kind != "profile")
    {
        bus.kind = kind;
    }
    if (width != 0)
    {
        bus.width = width;
    }
    if (clock != 0)
    {
        bus.clock = clock;
    }
    if (mmrbc != 0)
    {
        bus.mmrbc = mmrbc;
    }
    return bus;
}

/**
 * @param bus a configuration
 * @return HostBus::CheckConfiguration's message: "" if it exists
 */
std::string
BusProblem(const BusConfig& bus)
{
    const HostBus::Kind kind = bus.kind == "PciX"         ? HostBus::PCI_X
                               : bus.kind == "PciExpress" ? HostBus::PCI_EXPRESS
                                                          : HostBus::PCI;
    return HostBus::CheckConfiguration(kind, bus.width, bus.clock, bus.lanes, bus.mmrbc);
}

/**
 * @param t a delay timer value
 * @return t in 8254x units of 1.024 us, rounded to the nearest
 */
uint32_t
DelayUnits(Time t)
{
    return static_cast<uint32_t>(
        std::llround(static_cast<double>(t.GetTimeStep()) / kDelayUnit.GetTimeStep()));
}

/** Counters of one host, read at the start and the end of the writing period. */
struct HostSample
{
    Time cpuBusy;             //!< HostCpu busy time
    Time busBusy;             //!< HostBus busy time
    uint64_t interrupts{0};   //!< NIC interrupts
    uint64_t rxPackets{0};    //!< frames delivered to the stack
};

} // namespace

int
main(int argc, char* argv[])
{
    Scenario scenario("host-netperf",
                      "netperf TCP_STREAM or UDP_STREAM between two hosts (host and NIC "
                      "model) joined by one cable");
    std::string sender = "farm-pentium-800";
    std::string receiver = "farm-pentium-1800";
    std::string protocol = "tcp";
    DataRate linkRate("1Gbps");
    Time linkDelay = NanoSeconds(500);
    uint32_t mtu = 1500;
    uint32_t messageSize = 0;
    uint64_t window = 65536;
    Time duration = Seconds(10);
    int64_t itr = 8000;
    Time rxIntDelay = Seconds(0);
    Time rxAbsIntDelay = kDelayUnit * 128;
    std::string checksumOffload = "profile";
    std::string busKind = "profile";
    uint32_t busWidth = 0;
    uint32_t busClock = 0;
    uint32_t mmrbc = 0;

    auto& flags = scenario.Flags();
    flags.AddChoice("sender",
                    "host profile of the sending host (netperf; docs/modules/host.md)",
                    &sender,
                    HostProfile::Names());
    flags.AddChoice("receiver",
                    "host profile of the receiving host (netserver)",
                    &receiver,
                    HostProfile::Names());
    flags.AddChoice("protocol",
                    "tcp: netperf TCP_STREAM; udp: UDP_STREAM",
                    &protocol,
                    {"tcp", "udp"});
    flags.AddDataRate("linkRate",
                      "rate of the cable between the NICs; Ethernet: 10 Mb/s to 10 Gb/s",
                      &linkRate,
                      DataRate("10Mbps"),
                      DataRate("10Gbps"));
    flags.AddTime("linkDelay",
                  "propagation delay of the cable (500ns is about 100 m)",
                  &linkDelay,
                  Seconds(0),
                  Seconds(1));
    flags.AddSize("mtu",
                  "IP MTU of both NICs (1500B standard, 9000B jumbo, 16144B the largest the "
                  "Ethernet model carries)",
                  &mtu,
                  576,
                  16144);
    flags.AddSize("messageSize",
                  "bytes per write (netperf -m): the UDP datagram payload, which must fit "
                  "the MTU (1472B at 1500B, 8972B at 9000B, 16080B at 16144B), or the TCP "
                  "write size (up to 1MiB); 0B: mtu - 28B for UDP, 8KiB for TCP",
                  &messageSize,
                  0,
                  1U << 20);
    flags.AddSize("window",
                  "socket send and receive buffer of both ends (netperf -s, -S); for UDP the "
                  "sender's writes block while this much payload is not yet on the wire",
                  &window,
                  2048,
                  1ULL << 30);
    flags.AddTime("duration",
                  "how long the sender writes (netperf -l)",
                  &duration,
                  MilliSeconds(1),
                  Hours(1));
    flags.AddInteger("itr",
                     "e1000 InterruptThrottleRate of both NICs: 0 off, 1 dynamic, 3 dynamic "
                     "conservative, 4 simplified, or a fixed 100..100000 interrupts/s (8000: "
                     "the 2.4-era driver's default)",
                     &itr,
                     0,
                     100000);
    flags.AddTime("rxIntDelay",
                  "receive packet delay timer of both NICs (e1000 RxIntDelay, 8254x RDTR): "
                  "the interrupt waits this long after the last frame; rounded to whole "
                  "units of 1.024 us (32us -> 31.744us); 0us: no delay",
                  &rxIntDelay,
                  Seconds(0),
                  kDelayUnit * 65535);
    flags.AddTime("rxAbsIntDelay",
                  "receive absolute delay timer of both NICs (e1000 RxAbsIntDelay, RADV): "
                  "the interrupt waits at most this long after the first frame; rounded to "
                  "units of 1.024 us; used only when rxIntDelay > 0",
                  &rxAbsIntDelay,
                  Seconds(0),
                  kDelayUnit * 65535);
    flags.AddChoice("checksumOffload",
                    "TCP/UDP/IP checksums on the NIC (on) or the CPU (off); profile: as the "
                    "host profiles say",
                    &checksumOffload,
                    {"profile", "on", "off"});
    flags.AddChoice("busKind",
                    "I/O bus of both hosts: Pci, PciX or PciExpress; profile: the profiles' "
                    "buses (then busWidth, busClock and mmrbc override single values)",
                    &busKind,
                    {"profile", "Pci", "PciX", "PciExpress"});
    flags.AddCount("busWidth",
                   "data width of both buses in bits (PCI 32 or 64, PCI-X 64); 0: the "
                   "profile's",
                   &busWidth,
                   0,
                   1024);
    flags.AddCount("busClock",
                   "clock of both buses in MHz (PCI 33 or 66, PCI-X 66, 100 or 133); 0: the "
                   "profile's",
                   &busClock,
                   0,
                   100000);
    flags.AddSize("mmrbc",
                  "PCI-X maximum memory read byte count of both buses (512B, 1024B, 2048B "
                  "or 4096B): the largest DMA read burst; 0B: the profile's",
                  &mmrbc,
                  0,
                  65536);

    flags.AddConstraint("messageSize + 28B (IP 20B, UDP 8B) <= mtu with protocol udp",
                        [&]() {
                            return protocol != "udp" || messageSize == 0 ||
                                   messageSize + kUdpIpHeaders <= mtu;
                        });
    flags.AddConstraint("itr is 0, 1, 3, 4 or 100..100000",
                        [&]() { return InterruptModerator::IsValidSetting(itr); });
    flags.AddConstraint(
        "rxIntDelay and rxAbsIntDelay are 0us or at least 0.512us (whole 1.024us units)",
        [&]() {
            return (rxIntDelay.IsZero() || DelayUnits(rxIntDelay) > 0) &&
                   (rxAbsIntDelay.IsZero() || DelayUnits(rxAbsIntDelay) > 0);
        });
    // The bus of each host, as HostBus::CheckConfiguration judges it; one rule per
    // parameter, so the message names the parameter and its accepted values.
    auto busParameterProblem = [&]() -> std::string {
        for (const std::string& name : {sender, receiver})
        {
            const std::string problem = BusProblem(
                EffectiveBus(HostProfile::Load(name), busKind, busWidth, busClock, mmrbc));
            if (!problem.empty())
            {
                // "HostBus: <Parameter> ...": the word after the prefix.
                const size_t start = problem.find(": ") + 2;
                return problem.substr(start, problem.find(' ', start) - start);
            }
        }
        return "";
    };
    flags.AddConstraint("busWidth is 32 or 64 (bits) with busKind Pci, 64 with PciX",
                        [&]() { return busParameterProblem() != "Width"; });
    flags.AddConstraint("busClock is 33 or 66 (MHz) with busKind Pci, 66, 100 or 133 with PciX",
                        [&]() { return busParameterProblem() != "Clock"; });
    flags.AddConstraint("mmrbc is 512B, 1024B, 2048B or 4096B",
                        [&]() { return busParameterProblem() != "Mmrbc"; });
    flags.AddConstraint("the bus of each host exists (HostBus::CheckConfiguration)",
                        [&]() { return busParameterProblem().empty(); });
    if (auto exitCode = scenario.Parse(argc, argv))
    {
        return *exitCode;
    }

    const bool udp = protocol == "udp";
    const uint32_t writeSize =
        messageSize != 0 ? messageSize : (udp ? mtu - kUdpIpHeaders : kDefaultTcpWrite);
    const uint32_t segmentSize = mtu - kTcpIpHeaders;
    // P: the payload of one full-size packet; L3: its IP packet.
    const uint32_t payloadPerPacket = udp ? writeSize : segmentSize;
    const uint32_t l3PerPacket = payloadPerPacket + (udp ? kUdpIpHeaders : kTcpIpHeaders);

    Config::SetDefault("ns3::TcpL4Protocol::SocketType", StringValue("ns3::TcpLinuxReno"));
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(segmentSize));
    Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(window));
    Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(window));
    Config::SetDefault("ns3::UdpSocket::RcvBufSize", UintegerValue(window));

    // Each host, its NIC and driver from its own profile with the flags applied; the cable
    // from the sender's helper.
    NodeContainer hosts(2);
    const std::array<HostProfile, 2> profiles = {HostProfile::Load(sender),
                                                 HostProfile::Load(receiver)};
    std::array<NicHelper, 2> helpers;
    for (uint32_t i = 0; i < 2; ++i)
    {
        const BusConfig bus = EffectiveBus(profiles[i], busKind, busWidth, busClock, mmrbc);
        NicHelper& helper = helpers[i];
        profiles[i].Apply(helper);
        helper.SetBusAttribute("Kind", StringValue(bus.kind));
        helper.SetBusAttribute("Width", UintegerValue(bus.width));
        helper.SetBusAttribute("Clock", UintegerValue(bus.clock));
        helper.SetBusAttribute("Mmrbc", UintegerValue(bus.mmrbc));
        helper.SetDeviceAttribute("DataRate", DataRateValue(linkRate));
        helper.SetDeviceAttribute("Mtu", UintegerValue(mtu));
        helper.SetChannelAttribute("Delay", TimeValue(linkDelay));
        if (checksumOffload != "profile")
        {
            helper.SetDeviceAttribute("ChecksumOffload", BooleanValue(checksumOffload == "on"));
        }
        helper.SetModeratorAttribute("InterruptThrottleRate", UintegerValue(itr));
        helper.SetModeratorAttribute("RxIntDelay", UintegerValue(DelayUnits(rxIntDelay)));
        helper.SetModeratorAttribute("RxAbsIntDelay", UintegerValue(DelayUnits(rxAbsIntDelay)));
    }
    NetDeviceContainer nics =
        helpers[0].InstallBackToBack(hosts.Get(0), hosts.Get(1), helpers[1]);
    const std::array<Ptr<NicNetDevice>, 2> nic = {DynamicCast<NicNetDevice>(nics.Get(0)),
                                                  DynamicCast<NicNetDevice>(nics.Get(1))};
    NicHelper::AssignStreams(nics, 0);

    InternetStackHelper internet;
    internet.Install(hosts);
    TrafficControlHelper fifoQdisc;
    fifoQdisc.SetRootQueueDisc("ns3::FifoQueueDisc", "MaxSize", StringValue("1000p"));
    fifoQdisc.Install(nics);
    Ipv4AddressHelper addresses("10.0.0.0", "255.255.255.0");
    Ipv4InterfaceContainer interfaces = addresses.Assign(nics);
    NeighborCacheHelper().PopulateNeighborCache();
    const Address serverAddress = InetSocketAddress(interfaces.GetAddress(1), 5001);

    const Time start = MilliSeconds(100);
    const Time end = start + duration;
    Ptr<IperfServer> tcpServer;
    Ptr<IperfServer> udpSink;
    Ptr<UdpStreamSender> udpSender;
    // Receiver counts: within the writing period (netserver stops counting when the test
    // ends), and in all (after the datagrams still in the hosts have drained).
    uint64_t bytesInPeriod = 0;
    uint64_t datagramsReceived = 0;
    if (udp)
    {
        IperfServerHelper sinkHelper(5001);
        sinkHelper.SetAttribute("Protocol", StringValue("Udp"));
        udpSink = DynamicCast<IperfServer>(sinkHelper.Install(hosts.Get(1)).Get(0));
        udpSink->TraceConnectWithoutContext(
            "Rx",
            MakeCallback(+[](uint64_t* datagrams,
                             uint64_t* bytes,
                             Time from,
                             Time to,
                             uint32_t,
                             Ptr<const Packet> packet) {
                ++*datagrams;
                const Time now = Simulator::Now();
                if (now >= from && now <= to)
                {
                    *bytes += packet->GetSize();
                }
            }).Bind(&datagramsReceived, &bytesInPeriod, start, end));
        UdpStreamSenderHelper senderHelper(serverAddress);
        senderHelper.SetAttribute("MessageSize", UintegerValue(writeSize));
        senderHelper.SetAttribute("SendBuffer", UintegerValue(window));
        senderHelper.SetAttribute("Device", PointerValue(nic[0]));
        ApplicationContainer apps = senderHelper.Install(hosts.Get(0));
        udpSender = DynamicCast<UdpStreamSender>(apps.Get(0));
        apps.Start(start);
        apps.Stop(end);
    }
    else
    {
        IperfServerHelper serverHelper(5001);
        tcpServer = DynamicCast<IperfServer>(serverHelper.Install(hosts.Get(1)).Get(0));
        BulkSendHelper senderHelper("ns3::TcpSocketFactory", serverAddress);
        senderHelper.SetAttribute("SendSize", UintegerValue(writeSize));
        ApplicationContainer apps = senderHelper.Install(hosts.Get(0));
        apps.Start(start);
        apps.Stop(end);
    }

    std::array<std::array<HostSample, 2>, 2> samples; // [start, end][host]
    auto sample = [&](std::array<HostSample, 2>* into) {
        for (uint32_t i = 0; i < 2; ++i)
        {
            (*into)[i].cpuBusy = hosts.Get(i)->GetObject<HostCpu>()->GetBusyTime();
            (*into)[i].busBusy = hosts.Get(i)->GetObject<HostBus>()->GetBusyTime();
            (*into)[i].interrupts = nic[i]->GetInterrupts();
            (*into)[i].rxPackets = nic[i]->GetRxPackets();
        }
    };
    Simulator::Schedule(start, [&]() { sample(&samples[0]); });
    Simulator::Schedule(end, [&]() { sample(&samples[1]); });

    scenario.Run(end + Seconds(1));

    auto& result = scenario.Result();
    const double seconds = duration.GetSeconds();
    if (udp)
    {
        const uint64_t sent = udpSender->GetSentDatagrams();
        result.SetMetric("throughput", 8.0 * bytesInPeriod / seconds / 1e6, "Mb/s");
        result.SetMetric("sendRate", 8.0 * udpSender->GetSentBytes() / seconds / 1e6, "Mb/s");
        result.SetMetric("datagramsSent", double(sent), "");
        result.SetMetric("datagramsReceived", double(datagramsReceived), "");
        result.SetMetric("datagramsLost", double(sent - datagramsReceived), "");
    }
    else
    {
        auto reports = tcpServer->GetReports();
        if (!reports.empty())
        {
            result.SetMetric("throughput", reports[0].GoodputBps() / 1e6, "Mb/s");
        }
    }
    const char* names[2] = {"Sender", "Receiver"};
    for (uint32_t i = 0; i < 2; ++i)
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
    result.SetMetric("rxRingDrops", double(nic[1]->GetRxRingDrops()), "");

    // First-principles ceilings of one full-size packet.
    const uint32_t frame = l3PerPacket + kEthernetFraming;
    const double bits = 8.0 * payloadPerPacket;
    Ptr<HostBus> senderBus = hosts.Get(0)->GetObject<HostBus>();
    Ptr<HostBus> receiverBus = hosts.Get(1)->GetObject<HostBus>();
    const Time frameRead = senderBus->GetTransferTime(HostBus::FROM_MEMORY, frame);
    const Time senderPerPacket = senderBus->GetTransferTime(HostBus::FROM_MEMORY, kDescriptorBytes) +
                                 frameRead +
                                 senderBus->GetTransferTime(HostBus::TO_MEMORY, kDescriptorBytes);
    const Time receiverPerPacket = receiverBus->GetTransferTime(HostBus::TO_MEMORY, frame) +
                                   receiverBus->GetTransferTime(HostBus::TO_MEMORY, kDescriptorBytes);
    result.SetMetric("wireCeiling",
                     linkRate.GetBitRate() * double(payloadPerPacket) /
                         (l3PerPacket + kWireOverhead) / 1e6,
                     "Mb/s");
    result.SetMetric("busTimingRate", bits / frameRead.GetSeconds() / 1e6, "Mb/s");
    result.SetMetric("busCeilingSender", bits / senderPerPacket.GetSeconds() / 1e6, "Mb/s");
    result.SetMetric("busCeilingReceiver", bits / receiverPerPacket.GetSeconds() / 1e6, "Mb/s");
    result.SetMetric("messageSize", double(writeSize), "B");
    result.SetMetric("payloadPerPacket", double(payloadPerPacket), "B");
    return scenario.Finish();
}
