/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of HostProfile against its class comment: the bundled profiles load and every value
 * reaches the attribute it names (the parts' too, and the loopback's PacketCycles =
 * RxFrameCycles + RxPacketCycles + TxPacketCycles); every rule of the file format rejects a file
 * that breaks it with one line naming the file, the setting and the problem.  Each rejection case
 * changes one thing of a valid profile (which loads, checked by its own case), so a case fails if
 * the rule it names is missing.
 */
#include "hybridnet/adaptive-rx-coalescing.h"
#include "hybridnet/attribute-default.h"
#include "hybridnet/host-bus.h"
#include "hybridnet/host-cpu.h"
#include "hybridnet/host-loopback-net-device.h"
#include "hybridnet/host-profile.h"
#include "hybridnet/interrupt-moderator.h"
#include "hybridnet/lfn-tcp-socket.h"
#include "hybridnet/loopback-helper.h"
#include "hybridnet/memory-bus.h"
#include "hybridnet/nic-helper.h"
#include "hybridnet/nic-net-device.h"
#include "hybridnet/tcp-choice.h"

#include "ns3/applications-module.h"
#include "ns3/boolean.h"
#include "ns3/config.h"
#include "ns3/data-rate.h"
#include "ns3/enum.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/node.h"
#include "ns3/pfifo-fast-queue-disc.h"
#include "ns3/pointer.h"
#include "ns3/simple-net-device.h"
#include "ns3/simulator.h"
#include "ns3/tcp-socket-factory.h"
#include "ns3/test.h"
#include "ns3/traffic-control-layer.h"
#include "ns3/uinteger.h"

#include <filesystem>
#include <fstream>
#include <map>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

/** A valid profile with one part, numbers, a rate, an enum and a boolean. */
const char* const kValid = R"({
  "description": "test host",
  "include": ["linux-network-stack"],
  "cpu": { "Frequency": { "value": 1000000000, "unit": "Hz", "source": "test" },
           "MemoryCopyRate": { "value": "2Gbps", "source": "test" } },
  "bus": { "Kind": { "value": "PciX", "source": "test" },
           "Width": { "value": 64, "unit": "bits", "source": "test" },
           "Clock": { "value": 100, "unit": "MHz", "source": "test" } },
  "nic": { "ChecksumOffload": { "value": false, "source": "test" } }
})";

/** @return the message HostProfile::Load(path) throws, or "" if it loads */
std::string
LoadError(const std::string& path)
{
    try
    {
        HostProfile::Load(path);
    }
    catch (const InputFileError& e)
    {
        return e.what();
    }
    return "";
}

/** The bundled profiles: names, every value on the objects it configures. */
class BundledTestCase : public TestCase
{
  public:
    BundledTestCase()
        : TestCase("bundled profiles: names, values reach their attributes, parts included")
    {
    }

  private:
    void DoRun() override
    {
        const std::vector<std::string> expected = {"accelerator-xeon",
                                                   "farm-pentium-1800",
                                                   "farm-pentium-800",
                                                   "mbng-xeon-2.2-raid5",
                                                   "tengig-itanium-1.0",
                                                   "tengig-opteron-v20z-chelsio",
                                                   "tengig-opteron-v20z-s2io",
                                                   "tengig-opteron-v40z-s2io",
                                                   "tengig-xeon-2.2",
                                                   "tengig-xeon-3.0",
                                                   "transatlantic-xeon-2.9-raid0",
                                                   "vpi-opteron-2.0-connectx"};
        NS_TEST_ASSERT_MSG_EQ((HostProfile::Names() == expected), true, "sorted bundled names");
        for (const auto& name : expected)
        {
            NS_TEST_EXPECT_MSG_EQ(LoadError(name), "", name << " loads");
        }
        const HostProfile profile = HostProfile::Load("accelerator-xeon");
        NicHelper helper;
        profile.Apply(helper);
        NodeContainer hosts(2);
        NetDeviceContainer nics = helper.InstallBackToBack(hosts.Get(0), hosts.Get(1));
        auto cpu = hosts.Get(0)->GetObject<HostCpu>();
        auto bus = hosts.Get(0)->GetObject<HostBus>();
        UintegerValue u;
        DataRateValue rate;
        cpu->GetAttribute("Frequency", u);
        NS_TEST_EXPECT_MSG_EQ(u.Get(), 2400000000ULL, "the profile's own value");
        cpu->GetAttribute("MemoryCopyRate", rate);
        NS_TEST_EXPECT_MSG_EQ(rate.Get().GetBitRate(), 5070000000ULL, "a rate with its unit");
        bus->GetAttribute("Clock", u);
        NS_TEST_EXPECT_MSG_EQ(u.Get(), 66, "bus clock");
        nics.Get(0)->GetAttribute("RxPacketCycles", u);
        NS_TEST_EXPECT_MSG_EQ(u.Get(), 4000, "a part's value (linux-network-stack)");
        nics.Get(0)->GetAttribute("RxFrameCycles", u);
        NS_TEST_EXPECT_MSG_EQ(u.Get(), 1000, "the driver's share (linux-network-stack)");
        PointerValue moderator;
        nics.Get(0)->GetAttribute("InterruptModerator", moderator);
        moderator.Get<InterruptModerator>()->GetAttribute("RxAbsIntDelay", u);
        NS_TEST_EXPECT_MSG_EQ(u.Get(), 128, "a part's value (e1000-5x-driver)");
        NS_TEST_EXPECT_MSG_EQ(profile.Find("bus", "Kind").value_or(""),
                              "Pci",
                              "Find: as serialized");
        NS_TEST_EXPECT_MSG_EQ(profile.Find("bus", "Mmrbc").has_value(), false, "not set: nothing");

        NS_TEST_EXPECT_MSG_EQ(hosts.Get(0)->GetObject<MemoryBus>(),
                              nullptr,
                              "no memory section: no memory bus");
        NS_TEST_EXPECT_MSG_EQ(DynamicCast<NicNetDevice>(nics.Get(0))->GetAdaptiveCoalescing(),
                              nullptr,
                              "no coalescing section: the e1000 moderation");
        NicHelper connectx;
        HostProfile::Load("vpi-opteron-2.0-connectx").Apply(connectx);
        NodeContainer vpi(2);
        NetDeviceContainer ports = connectx.InstallBackToBack(vpi.Get(0), vpi.Get(1));
        Ptr<AdaptiveRxCoalescing> aic =
            DynamicCast<NicNetDevice>(ports.Get(0))->GetAdaptiveCoalescing();
        NS_TEST_ASSERT_MSG_NE(aic, nullptr, "a coalescing section: mlx4_en moderation");
        NS_TEST_EXPECT_MSG_NE(aic,
                              DynamicCast<NicNetDevice>(ports.Get(1))->GetAdaptiveCoalescing(),
                              "one coalescer per NIC");
        NicHelper tengig;
        HostProfile::Load("tengig-xeon-3.0").Apply(tengig);
        Ptr<Node> dell = CreateObject<Node>();
        tengig.InstallHost(NodeContainer(dell));
        Ptr<MemoryBus> memory = dell->GetObject<MemoryBus>();
        NS_TEST_ASSERT_MSG_NE(memory, nullptr, "a memory section gives the host a memory bus");
        NS_TEST_EXPECT_MSG_EQ(memory->GetRate().GetBitRate(),
                              64ULL * 533'000'000,
                              "64 bit x 533 MT/s");

        LoopbackHelper loopback;
        profile.ApplyLoopback(loopback);
        Ptr<NetDevice> lo = loopback.Install(CreateObject<Node>()).Get(0);
        lo->GetAttribute("PacketCycles", u);
        NS_TEST_EXPECT_MSG_EQ(u.Get(),
                              1000 + 4000 + 3000,
                              "PacketCycles = RxFrameCycles + RxPacketCycles + TxPacketCycles");
        Simulator::Destroy();
    }
};

/**
 * The kernel section: what a host's sockets get (HostProfile::ApplyKernel through
 * TcpChoice::Install), per node, with an application's window on top.
 */
class KernelTestCase : public TestCase
{
  public:
    KernelTestCase()
        : TestCase("kernel section: per-node socket defaults, the application's window on top")
    {
    }

  private:
    /** @return a new TCP socket of @p node, as an application gets it */
    static Ptr<Socket> NewSocket(Ptr<Node> node)
    {
        return Socket::CreateSocket(node, TcpSocketFactory::GetTypeId());
    }

    /** @return the unsigned attribute @p name of @p socket */
    static uint64_t Get(Ptr<Socket> socket, const std::string& name)
    {
        UintegerValue u;
        socket->GetAttribute(name, u);
        return u.Get();
    }

    /** @return the boolean attribute @p name of @p socket */
    static bool IsOn(Ptr<Socket> socket, const std::string& name)
    {
        BooleanValue b;
        socket->GetAttribute(name, b);
        return b.Get();
    }

    void DoRun() override
    {
        const HostProfile linux24 = HostProfile::Load("accelerator-xeon");
        const std::string file = CreateTempDirFilename("no-kernel.json");
        std::ofstream(file) << kValid;
        const HostProfile noKernel = HostProfile::Load(file);
        NS_TEST_ASSERT_MSG_EQ(linux24.HasKernel(), true, "accelerator-xeon names Linux 2.4");
        NS_TEST_ASSERT_MSG_EQ(noKernel.HasKernel(), false, "the test profile names none");
        NodeContainer nodes(3);
        TcpChoice tcp;
        tcp.Install(nodes.Get(0), &linux24);
        tcp.Install(nodes.Get(1), &noKernel);
        tcp.SetWindow(16384);
        tcp.Install(nodes.Get(2), &linux24);
        InternetStackHelper().Install(nodes);

        Ptr<Socket> kernel = NewSocket(nodes.Get(0));
        NS_TEST_EXPECT_MSG_EQ(Get(kernel, "SndBufSize"), 16384, "tcp_wmem[1]");
        NS_TEST_EXPECT_MSG_EQ(Get(kernel, "RcvBufSize"), 87380, "tcp_rmem[1]");
        NS_TEST_EXPECT_MSG_EQ(Get(kernel, "WmemMax"), 131071, "sk_init's wmem_max at 2 GB");
        NS_TEST_EXPECT_MSG_EQ(Get(kernel, "RmemMax"), 131071, "sk_init's rmem_max at 2 GB");
        NS_TEST_EXPECT_MSG_EQ(IsOn(kernel, "SndBufAutoTuning"), true, "unset: grows");
        NS_TEST_EXPECT_MSG_EQ(IsOn(kernel, "ModerateRcvBuf"), false, "2.4: no DRS");
        NS_TEST_EXPECT_MSG_EQ(Get(kernel, "InitialCwnd"), 2, "tcp_v4_init_sock: snd_cwnd = 2");
        NS_TEST_EXPECT_MSG_EQ(IsOn(kernel, "LinuxReceiver"), true, "Linux's receiver rules");
        EnumValue<LfnTcpSocket::BufferSemantics> semantics;
        kernel->GetAttribute("BufferSemantics", semantics);
        NS_TEST_EXPECT_MSG_EQ(semantics.Get(), LfnTcpSocket::LINUX_BUFFERS, "linux semantics");

        Ptr<Socket> plain = NewSocket(nodes.Get(1));
        NS_TEST_EXPECT_MSG_EQ(
            Get(plain, "SndBufSize"),
            AttributeDefault<UintegerValue>(TcpSocket::GetTypeId(), "SndBufSize").Get(),
            "another node keeps the defaults");
        NS_TEST_EXPECT_MSG_EQ(IsOn(plain, "ModerateRcvBuf"), true, "the attribute's default");
        NS_TEST_EXPECT_MSG_EQ(IsOn(plain, "LinuxReceiver"), false, "the attribute's default");
        NS_TEST_EXPECT_MSG_EQ(
            Get(plain, "InitialCwnd"),
            AttributeDefault<UintegerValue>(TcpSocket::GetTypeId(), "InitialCwnd").Get(),
            "ns-3's initial window without a kernel");

        Ptr<Socket> set = NewSocket(nodes.Get(2));
        NS_TEST_EXPECT_MSG_EQ(Get(set, "SndBufSize"), 16384, "iperf -w 16K");
        NS_TEST_EXPECT_MSG_EQ(Get(set, "RcvBufSize"), 16384, "iperf -w 16K");
        NS_TEST_EXPECT_MSG_EQ(IsOn(set, "SndBufAutoTuning"), false, "set: locked");
        NS_TEST_EXPECT_MSG_EQ(IsOn(set, "RcvBufAutoTuning"), false, "set: locked");
        NS_TEST_EXPECT_MSG_EQ(Get(set, "WmemMax"), 131071, "the kernel's other values stay");

        NS_TEST_EXPECT_MSG_EQ(tcp.CheckWindow(&noKernel), "", "a window needs no kernel");
        tcp.SetWindow(0);
        NS_TEST_EXPECT_MSG_EQ(tcp.CheckWindow(&linux24), "", "0B: the kernel's buffers");
        NS_TEST_EXPECT_MSG_NE(tcp.CheckWindow(&noKernel), "", "0B without a kernel: refused");
        NS_TEST_EXPECT_MSG_NE(tcp.CheckWindow(nullptr), "", "0B on plain hosts: refused");
        Simulator::Destroy();
    }
};

/**
 * The studies' kernels as each host ran them.  Linux 2.6.6 (the high-speed TCP study) kept
 * 2.4's socket defaults: tcp_wmem and tcp_rmem, no receive-buffer moderation (2.6.7).
 * net.core.rmem_max and wmem_max follow the host's memory (sk_init, net/core/sock.c of
 * both): 65535 below 512 MB, 131071 from 131072 pages up.
 */
class KernelVersionsTestCase : public TestCase
{
  public:
    KernelVersionsTestCase()
        : TestCase(
              "kernels: 2.6.6 keeps 2.4's defaults; socket maxima follow sk_init's memory rule")
    {
    }

  private:
    void DoRun() override
    {
        const HostProfile tengig = HostProfile::Load("tengig-xeon-2.2");
        const HostProfile xeon = HostProfile::Load("accelerator-xeon");
        NS_TEST_ASSERT_MSG_EQ(tengig.HasKernel(), true, "tengig-xeon-2.2 names Linux 2.6.6");
        for (const char* attribute : {"SndBufSize",
                                      "SndBufAutoTuningMax",
                                      "RcvBufSize",
                                      "AutoTuningMax",
                                      "ModerateRcvBuf",
                                      "AdvWinScale",
                                      "InitialCwnd",
                                      "MinRto"})
        {
            NS_TEST_EXPECT_MSG_EQ(tengig.Find("kernel", attribute).value_or("unset"),
                                  xeon.Find("kernel", attribute).value_or("unset"),
                                  attribute << ": 2.6.6 as 2.4");
        }
        NS_TEST_EXPECT_MSG_EQ(tengig.Find("kernel", "ModerateRcvBuf").value_or(""),
                              "false",
                              "DRS arrived in 2.6.7");
        const std::map<std::string, std::string> maxima = {{"accelerator-xeon", "131071"},
                                                           {"tengig-xeon-2.2", "131071"},
                                                           {"farm-pentium-800", "65535"},
                                                           {"farm-pentium-1800", "65535"}};
        for (const auto& [name, value] : maxima)
        {
            const HostProfile profile = HostProfile::Load(name);
            NS_TEST_EXPECT_MSG_EQ(profile.Find("kernel", "RmemMax").value_or(""), value, name);
            NS_TEST_EXPECT_MSG_EQ(profile.Find("kernel", "WmemMax").value_or(""), value, name);
        }
    }
};

/**
 * The window an accelerator-xeon receiver offers to a bulk sender (LfnTcpSocket (12) with
 * TcpLinuxReceiver (2b), NicNetDevice (R8)): each 1448 B segment takes a 2 KiB e1000 buffer
 * plus the sk_buff, so Linux 2.4 stops rcv_ssthresh one increment past half of the default
 * buffer's 65535 B window: 5792 + 10 x 2896 = 34752 B.  With RxSkbOverhead 0 the NIC
 * reports no truesize and the window grows to the clamp, 65535 - 1448 = 64087 B, which the
 * window scale of 2 advertises as 64084 B.
 */
class TrueSizeWindowTestCase : public TestCase
{
  public:
    /**
     * @param overhead RxSkbOverhead on both NICs (bytes)
     * @param expected the largest window the sender sees (bytes)
     */
    TrueSizeWindowTestCase(uint32_t overhead, uint32_t expected)
        : TestCase("the receiver's window on e1000 buffers: RxSkbOverhead " +
                   std::to_string(overhead) + " B -> " + std::to_string(expected) + " B"),
          m_overhead(overhead),
          m_expected(expected)
    {
    }

  private:
    void DoRun() override
    {
        const HostProfile profile = HostProfile::Load("accelerator-xeon");
        Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(1448)); // as iperf's
        NodeContainer hosts(2);
        NicHelper helper;
        profile.Apply(helper);
        helper.SetDeviceAttribute("RxSkbOverhead", UintegerValue(m_overhead));
        TcpChoice().Install(hosts, &profile);
        InternetStackHelper().Install(hosts);
        NetDeviceContainer nics = helper.InstallBackToBack(hosts.Get(0), hosts.Get(1));
        Ipv4InterfaceContainer addresses =
            Ipv4AddressHelper("10.1.1.0", "255.255.255.0").Assign(nics);
        const uint16_t port = 5001;
        PacketSinkHelper sink("ns3::TcpSocketFactory",
                              InetSocketAddress(Ipv4Address::GetAny(), port));
        sink.Install(hosts.Get(1));
        BulkSendHelper bulk("ns3::TcpSocketFactory",
                            InetSocketAddress(addresses.GetAddress(1), port));
        bulk.SetAttribute("SendSize", UintegerValue(8192)); // iperf's writes: full segments
        Ptr<BulkSendApplication> sender =
            DynamicCast<BulkSendApplication>(bulk.Install(hosts.Get(0)).Get(0));
        uint32_t largest = 0;
        Simulator::Schedule(MilliSeconds(1), [sender, &largest]() {
            sender->GetSocket()->TraceConnectWithoutContext(
                "RWND",
                MakeCallback(+[](uint32_t* top, uint32_t, uint32_t window) {
                    *top = std::max(*top, window);
                }).Bind(&largest));
        });
        Simulator::Stop(MilliSeconds(200));
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(largest, m_expected, "the largest window offered");
        Simulator::Destroy();
        Config::Reset();
    }

    uint32_t m_overhead; //!< RxSkbOverhead
    uint32_t m_expected; //!< the window the sender sees at most
};

/** The qdisc section: Linux's pfifo_fast with the profile's txqueuelen, on each device. */
class QdiscTestCase : public TestCase
{
  public:
    QdiscTestCase()
        : TestCase("qdisc section: pfifo_fast of txqueuelen packets on the host's devices")
    {
    }

  private:
    void DoRun() override
    {
        NodeContainer nodes(1);
        InternetStackHelper().Install(nodes);
        NetDeviceContainer devices;
        for (int i = 0; i < 2; ++i)
        {
            Ptr<SimpleNetDevice> device = CreateObject<SimpleNetDevice>();
            nodes.Get(0)->AddDevice(device);
            devices.Add(device);
        }
        HostProfile::Load("accelerator-xeon").InstallQdisc(devices);
        Ptr<TrafficControlLayer> tc = nodes.Get(0)->GetObject<TrafficControlLayer>();
        for (uint32_t i = 0; i < devices.GetN(); ++i)
        {
            Ptr<QueueDisc> root = tc->GetRootQueueDiscOnDevice(devices.Get(i));
            NS_TEST_ASSERT_MSG_NE(root, nullptr, "a root queue disc on every device");
            NS_TEST_EXPECT_MSG_NE(DynamicCast<PfifoFastQueueDisc>(root),
                                  nullptr,
                                  "Linux's default, pfifo_fast (not ns-3's FqCoDel)");
            NS_TEST_EXPECT_MSG_EQ(root->GetMaxSize(),
                                  QueueSize("1000p"),
                                  "linux-network-stack's txqueuelen");
        }
        Simulator::Destroy();
    }
};

/** One broken profile: replace @p from by @p to in the valid one; the message must name @p path and
 * say @p phrase. */
class RejectTestCase : public TestCase
{
  public:
    RejectTestCase(std::string what,
                   std::string from,
                   std::string to,
                   std::string path,
                   std::string phrase)
        : TestCase("rejects " + what),
          m_from(std::move(from)),
          m_to(std::move(to)),
          m_path(std::move(path)),
          m_phrase(std::move(phrase))
    {
    }

  private:
    void DoRun() override
    {
        std::string text = kValid;
        if (!m_from.empty())
        {
            const size_t at = text.find(m_from);
            NS_TEST_ASSERT_MSG_NE(at, std::string::npos, "the case's text is in the valid profile");
            text.replace(at, m_from.size(), m_to);
        }
        const std::string file = CreateTempDirFilename("profile.json");
        std::ofstream(file) << text;
        const std::string message = LoadError(file);
        if (m_from.empty())
        {
            NS_TEST_EXPECT_MSG_EQ(message, "", "the valid profile loads");
            return;
        }
        NS_TEST_EXPECT_MSG_EQ(message.rfind(file + ": " + m_path + ": ", 0),
                              0,
                              "file and path first: " << message);
        NS_TEST_EXPECT_MSG_NE(message.find(m_phrase),
                              std::string::npos,
                              "says '" << m_phrase << "': " << message);
        NS_TEST_EXPECT_MSG_EQ(message.find('\n'), std::string::npos, "one line");
    }

    std::string m_from;
    std::string m_to;
    std::string m_path;
    std::string m_phrase;
};

/** Errors that are not about one setting of a file. */
class LookupTestCase : public TestCase
{
  public:
    LookupTestCase()
        : TestCase("unknown bundled names and unreadable files")
    {
    }

  private:
    void DoRun() override
    {
        const std::string unknown = LoadError("accelerator-xenon");
        NS_TEST_EXPECT_MSG_NE(
            unknown.find("no host profile 'accelerator-xenon'; bundled: accelerator-xeon,"),
            std::string::npos,
            unknown);
        const std::string missing = LoadError("/nonexistent/host.json");
        NS_TEST_EXPECT_MSG_NE(missing.find("/nonexistent/host.json: cannot read the host profile"),
                              std::string::npos,
                              missing);
    }
};

/** HostProfile's suite. */
class HostProfileTestSuite : public TestSuite
{
  public:
    HostProfileTestSuite()
        : TestSuite("hybridnet-host-profile", Type::UNIT)
    {
        AddTestCase(new BundledTestCase, Duration::QUICK);
        AddTestCase(new LookupTestCase, Duration::QUICK);
        AddTestCase(new KernelTestCase, Duration::QUICK);
        AddTestCase(new KernelVersionsTestCase, Duration::QUICK);
        AddTestCase(new TrueSizeWindowTestCase(300, 34752), Duration::QUICK);
        AddTestCase(new TrueSizeWindowTestCase(0, 64084), Duration::QUICK);
        AddTestCase(new QdiscTestCase, Duration::QUICK);
        AddTestCase(new RejectTestCase("nothing: the valid profile", "", "", "", ""),
                    Duration::QUICK);
        const std::vector<std::array<std::string, 5>> cases = {
            {"a misspelt attribute",
             "\"Frequency\"",
             "\"Frequncy\"",
             "cpu.Frequncy",
             "HostCpu has no attribute 'Frequncy' (did you mean 'Frequency'?)"},
            {"a value out of the attribute's range",
             "\"value\": 64, \"unit\": \"bits\"",
             "\"value\": 100000, \"unit\": \"bits\"",
             "bus.Width.value",
             "is out of range"},
            {"a number without its unit",
             "\"value\": 1000000000, \"unit\": \"Hz\",",
             "\"value\": 1000000000,",
             "cpu.Frequency.unit",
             "missing; the unit of the number"},
            {"a unit beside a rate",
             "\"2Gbps\", \"source\"",
             "\"2Gbps\", \"unit\": \"b/s\", \"source\"",
             "cpu.MemoryCopyRate.unit",
             "only a number has a unit"},
            {"a rate without its unit",
             "\"2Gbps\"",
             "\"2000000000\"",
             "cpu.MemoryCopyRate.value",
             "unit"},
            {"a string for a number",
             "\"value\": 100, \"unit\": \"MHz\"",
             "\"value\": \"100MHz\"",
             "bus.Clock.value",
             "expected"},
            {"an enum value that does not exist",
             "\"PciX\"",
             "\"PciY\"",
             "bus.Kind.value",
             "is not one of"},
            {"an empty source",
             "\"value\": false, \"source\": \"test\"",
             "\"value\": false, \"source\": \"\"",
             "nic.ChecksumOffload.source",
             "must not be empty"},
            {"a missing source",
             "\"value\": false, \"source\": \"test\"",
             "\"value\": false",
             "nic.ChecksumOffload.source",
             "missing"},
            {"an unknown section", "\"nic\": {", "\"nics\": {", "nics", "unknown key 'nics'"},
            {"an unknown part",
             "\"linux-network-stack\"",
             "\"linux-stack\"",
             "include[0]",
             "no part 'linux-stack'"},
            {"a value the profile and a part both set",
             "\"nic\": { ",
             "\"nic\": { \"RxPacketCycles\": { \"value\": 1, \"unit\": \"cycles\", \"source\": "
             "\"x\" }, ",
             "nic.RxPacketCycles",
             "set by both"},
            {"a queue size without its unit",
             "\"nic\": { ",
             "\"qdisc\": { \"MaxSize\": { \"value\": \"1000\", \"source\": \"x\" } }, "
             "\"nic\": { ",
             "qdisc.MaxSize.value",
             "'1000' has no unit"},
            {"a key given twice",
             "\"description\": \"test host\",",
             "\"description\": \"test host\", \"description\": \"again\",",
             "description",
             "given twice"},
            {"a missing description",
             "\"description\": \"test host\",",
             "",
             "description",
             "missing"},
            {"a syntax error", "\"bus\": {", "\"bus\" {", "profile", "syntax error at line"},
        };
        for (const auto& [what, from, to, path, phrase] : cases)
        {
            AddTestCase(new RejectTestCase(what, from, to, path, phrase), Duration::QUICK);
        }
    }
};

/** The one instance, registered when the library loads. */
HostProfileTestSuite g_hostProfileTestSuite;

} // namespace
