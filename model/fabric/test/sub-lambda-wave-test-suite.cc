/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * SubLambdaWave against its equations: a frame's latency from host to host, (2)-(3) with
 * the client links' framing; a channel below the client's rate paces frames at exactly
 * T_j(F) whatever another channel carries (no sharing); a channel of an STS-3c-7v group
 * carries a saturated GbE client whole; a full channel queue drops and nothing else is
 * lost; channels that break (1) are refused. Hosts are plain EthernetNetDevices sending
 * raw frames (no IP), 1 Gb/s, 1 us cables. Mistake tried: the GFP overhead left out (the
 * latency case fails, 8 B of channel time short: 128 ns at 500 Mb/s).
 */
#include "hybridnet/ethernet-helper.h"
#include "hybridnet/sub-lambda-wave.h"
#include "simulator-cleanup.h"

#include "ns3/data-rate.h"
#include "ns3/node.h"
#include "ns3/nstime.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <string>
#include <vector>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

constexpr uint16_t kProtocol = 0x88B5; //!< IEEE 802 local experimental EtherType
const DataRate kClientRate("1Gbps");
const Time kCable = MicroSeconds(1);
const Time kWaveDelay = MilliSeconds(2);

/**
 * Two multiplexers; channel k joins sender host k -- mux A port k to mux B port k --
 * receiver host k. Receivers record the arrival time of every frame.
 */
struct TwoMultiplexers
{
    Ptr<Node> muxA = CreateObject<Node>();
    Ptr<Node> muxB = CreateObject<Node>();
    Ptr<SubLambdaWave> wave = CreateObject<SubLambdaWave>();
    std::vector<Ptr<EthernetNetDevice>> senders;
    std::vector<Ptr<EthernetNetDevice>> receivers;
    std::vector<Ptr<EthernetNetDevice>> portsA;
    std::vector<Ptr<EthernetNetDevice>> portsB;
    std::vector<std::vector<Time>> arrivals;

    explicit TwoMultiplexers(size_t channels)
    {
        wave->SetAttribute("Delay", TimeValue(kWaveDelay));
        EthernetHelper ethernet;
        ethernet.SetDeviceAttribute("DataRate", DataRateValue(kClientRate));
        ethernet.SetChannelAttribute("Delay", TimeValue(kCable));
        ethernet.SetQueue("ns3::DropTailQueue", "MaxSize", StringValue("100000p"));
        for (size_t k = 0; k < channels; ++k)
        {
            auto up = ethernet.Install(CreateObject<Node>(), muxA);
            auto down = ethernet.Install(muxB, CreateObject<Node>());
            senders.push_back(DynamicCast<EthernetNetDevice>(up.Get(0)));
            portsA.push_back(DynamicCast<EthernetNetDevice>(up.Get(1)));
            portsB.push_back(DynamicCast<EthernetNetDevice>(down.Get(0)));
            receivers.push_back(DynamicCast<EthernetNetDevice>(down.Get(1)));
            arrivals.emplace_back();
            receivers.back()->SetReceiveCallback(
                MakeCallback(&TwoMultiplexers::Received, this).Bind(k));
        }
    }

    bool Received(size_t k,
                  Ptr<NetDevice> /* device */,
                  Ptr<const Packet> /* packet */,
                  uint16_t /* protocol */,
                  const Address& /* from */)
    {
        arrivals[k].push_back(Simulator::Now());
        return true;
    }

    /** Host k sends @p n frames of @p l3Bytes to its receiver, all at @p at. */
    void Send(size_t k, uint32_t n, uint32_t l3Bytes, Time at)
    {
        Simulator::Schedule(at, [this, k, n, l3Bytes]() {
            for (uint32_t i = 0; i < n; ++i)
            {
                senders[k]->Send(Create<Packet>(l3Bytes), receivers[k]->GetAddress(), kProtocol);
            }
        });
    }
};

/** T_j(F) of (2) with G = 8 B */
Time
ChannelTime(uint32_t frameBytes, DataRate rate)
{
    return rate.CalculateBytesTxTime(frameBytes + 8);
}

/** Time of a frame of F bytes on a client link: preamble and frame, and the cable */
Time
ClientHop(uint32_t frameBytes)
{
    return kClientRate.CalculateBytesTxTime(frameBytes + 8) + kCable;
}

/**
 * One 1000 B frame (F = 1018 B) over a 500 Mb/s channel: host to mux A, T_j(F) of (2), D,
 * mux B to host: 2 ClientHop(F) + 8 (F + 8) / c + D.
 */
class LatencyTestCase : public TestCase
{
  public:
    LatencyTestCase()
        : TestCase("one frame: two client hops, 8 (F + G) over c, and D")
    {
    }

  private:
    void DoRun() override
    {
        SimulatorCleanup cleanup;
        TwoMultiplexers net(1);
        const DataRate c("500Mbps");
        NS_TEST_ASSERT_MSG_EQ(net.wave->AddChannel(net.portsA[0], net.portsB[0], c), "", "added");
        net.Send(0, 1, 1000, Seconds(0));
        Simulator::Run();
        const uint32_t f = 1018;
        NS_TEST_EXPECT_MSG_EQ(net.arrivals[0].size(), 1u, "delivered");
        NS_TEST_EXPECT_MSG_EQ((net.arrivals[0].empty() ? Time(0) : net.arrivals[0][0]),
                              ClientHop(f) * 2 + ChannelTime(f, c) + kWaveDelay,
                              "(2)-(3)");
    }
};

/**
 * Channel 1 (500 Mb/s) gets 2000 frames of 1500 B at the client's line rate: after the
 * first they leave mux B exactly T_1(F) apart (the channel, not the client link, is the
 * bottleneck). Channel 2, of an STS-3c-7v group (1048.32 Mb/s), carries a saturated GbE
 * client at the same time: its frames arrive one GbE wire time (F + 20 B) apart, its
 * channel never the bottleneck, and the saturated channel 1 does not slow it.
 */
class PacingAndIsolationTestCase : public TestCase
{
  public:
    PacingAndIsolationTestCase()
        : TestCase("a channel paces at 8 (F + G) over c; another channel is not slowed by it")
    {
    }

  private:
    void DoRun() override
    {
        SimulatorCleanup cleanup;
        TwoMultiplexers net(2);
        net.wave->SetAttribute("QueueBytes", UintegerValue(10000000)); // the whole burst
        const DataRate c1("500Mbps");
        const DataRate c2("1048.32Mbps");
        NS_TEST_ASSERT_MSG_EQ(net.wave->AddChannel(net.portsA[0], net.portsB[0], c1), "", "1");
        NS_TEST_ASSERT_MSG_EQ(net.wave->AddChannel(net.portsA[1], net.portsB[1], c2), "", "2");
        const uint32_t n = 2000;
        net.Send(0, n, 1500, Seconds(0));
        net.Send(1, n, 1500, Seconds(0));
        Simulator::Run();
        const uint32_t f = 1518;
        NS_TEST_EXPECT_MSG_EQ(net.arrivals[0].size(), n, "channel 1 delivers every frame");
        NS_TEST_EXPECT_MSG_EQ(net.arrivals[1].size(), n, "channel 2 delivers every frame");
        if (net.arrivals[0].size() != n || net.arrivals[1].size() != n)
        {
            return; // ns-3's test runner continues after a failed assertion
        }
        NS_TEST_EXPECT_MSG_EQ(net.arrivals[0][n - 1] - net.arrivals[0][0],
                              ChannelTime(f, c1) * (n - 1),
                              "channel 1: T_1(F) apart");
        const Time gbe = kClientRate.CalculateBytesTxTime(f + 20);
        NS_TEST_EXPECT_MSG_EQ(net.arrivals[1][n - 1] - net.arrivals[1][0],
                              gbe * (n - 1),
                              "channel 2: a GbE wire time apart");
        NS_TEST_EXPECT_MSG_EQ(net.wave->GetDrops(), 0u, "nothing dropped");
    }
};

/**
 * A 100 kB channel queue: 1000 frames of 1500 B at line rate into 100 Mb/s overflow it; every
 * frame is delivered or counted as dropped, and the drops are at least what the line rate
 * brings beyond what the channel and the queue take in the burst.
 */
class QueueOverflowTestCase : public TestCase
{
  public:
    QueueOverflowTestCase()
        : TestCase("a full channel queue drops; sent = delivered + dropped")
    {
    }

  private:
    void DoRun() override
    {
        SimulatorCleanup cleanup;
        TwoMultiplexers net(1);
        net.wave->SetAttribute("QueueBytes", UintegerValue(100000));
        const DataRate c("100Mbps");
        NS_TEST_ASSERT_MSG_EQ(net.wave->AddChannel(net.portsA[0], net.portsB[0], c), "", "added");
        const uint32_t n = 1000;
        net.Send(0, n, 1500, Seconds(0));
        Simulator::Run();
        const uint64_t delivered = net.arrivals[0].size();
        NS_TEST_EXPECT_MSG_EQ(delivered + net.wave->GetDrops(), n, "conservation");
        // The burst lasts n GbE wire times; the channel serves one frame per T(F) and the
        // queue holds floor(Q / F) frames: at most that many get through.
        const uint32_t f = 1518;
        const Time burst = kClientRate.CalculateBytesTxTime(f + 20) * n;
        const auto served =
            static_cast<uint64_t>(burst.GetPicoSeconds() / ChannelTime(f, c).GetPicoSeconds()) + 1;
        NS_TEST_EXPECT_MSG_LT_OR_EQ(delivered, served + 100000 / f + 1, "bounded by c and Q");
        NS_TEST_EXPECT_MSG_GT(net.wave->GetDrops(), 0u, "drops");
    }
};

/** (1): a channel above what the wave has left is refused; so are reused and same-node ports. */
class RefusedChannelTestCase : public TestCase
{
  public:
    RefusedChannelTestCase()
        : TestCase("channels that break sum c_j <= W, reuse a port or join one node are refused")
    {
    }

  private:
    void DoRun() override
    {
        SimulatorCleanup cleanup;
        TwoMultiplexers net(3);
        net.wave->SetAttribute("WaveRate", DataRateValue(DataRate("2Gbps")));
        NS_TEST_EXPECT_MSG_EQ(
            net.wave->AddChannel(net.portsA[0], net.portsB[0], DataRate("1.5Gbps")),
            "",
            "1.5 of 2 Gb/s");
        const std::string above =
            net.wave->AddChannel(net.portsA[1], net.portsB[1], DataRate("600Mbps"));
        NS_TEST_EXPECT_MSG_EQ(above.find("channel rates above the wave"), 0u, above);
        NS_TEST_EXPECT_MSG_EQ(
            net.wave->AddChannel(net.portsA[1], net.portsB[1], DataRate("500Mbps")),
            "",
            "exactly the rest");
        NS_TEST_EXPECT_MSG_EQ(net.wave->GetFreeRate(), DataRate(0), "full");
        net.wave->SetAttribute("WaveRate", DataRateValue(DataRate("10Gbps")));
        NS_TEST_EXPECT_MSG_NE(net.wave->AddChannel(net.portsA[0], net.portsB[2], DataRate("1Gbps")),
                              "",
                              "a port in two channels");
        NS_TEST_EXPECT_MSG_NE(net.wave->AddChannel(net.portsA[2], net.portsA[2], DataRate("1Gbps")),
                              "",
                              "both ends on one node");
        NS_TEST_EXPECT_MSG_EQ(net.wave->GetNChannels(), 2u, "two channels");
    }
};

class SubLambdaWaveTestSuite : public TestSuite
{
  public:
    SubLambdaWaveTestSuite()
        : TestSuite("hybridnet-sub-lambda-wave", Type::UNIT)
    {
        AddTestCase(new LatencyTestCase, Duration::QUICK);
        AddTestCase(new PacingAndIsolationTestCase, Duration::QUICK);
        AddTestCase(new QueueOverflowTestCase, Duration::QUICK);
        AddTestCase(new RefusedChannelTestCase, Duration::QUICK);
    }
};

SubLambdaWaveTestSuite g_subLambdaWaveTestSuite;

} // namespace
