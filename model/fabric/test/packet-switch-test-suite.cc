/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of PacketSwitch (and PacketSwitchHelper) against equations computed here from
 * first principles, independently of the model.  With R the line rate, d the cable delay,
 * L the switching latency, an L3 packet of P bytes in a frame of F = max(64, P + 18) bytes
 * and W = F + 20 bytes of wire:
 *
 *   store and forward:   D = 2 (F + 8) 8 / R + 2 d + L          (one frame, idle switch)
 *   learning:            a unicast frame goes to the learned port only, else everywhere but
 *                        its ingress; an entry lasts AgeingTime after the last frame
 *   non-blocking:        disjoint pairs each get R / (8 W) frames/s
 *   output contention:   two inputs of N back-to-back frames into one output whose queue
 *                        holds Q: carried N + Q back to back, dropped 2 N - N - Q = N - Q
 *   flow control:        with PAUSE nothing is dropped, the output never idles, and an
 *                        ingress account never exceeds X_off + F + 2 W + 84 + 2 d R / 8
 *   PAUSE:               never forwarded; a paused port holds its frames q 512 / R
 */
#include "hybridnet/ethernet-channel.h"
#include "hybridnet/ethernet-net-device.h"
#include "hybridnet/packet-switch-helper.h"
#include "hybridnet/packet-switch.h"

#include "ns3/core-module.h"
#include "ns3/ethernet-header.h"
#include "ns3/network-module.h"
#include "ns3/test.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <sstream>
#include <tuple>
#include <vector>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

constexpr uint16_t kTestEtherType = 0x88B5; //!< IEEE 802 local experimental EtherType

/** F of EthernetNetDevice equation (1), no VLAN tag. */
uint32_t
FrameBytes(uint32_t l3Bytes)
{
    return std::max<uint32_t>(64, 14 + l3Bytes + 4);
}

/** Time to send @p bytes at @p rate, exact in nanoseconds for the rates used here. */
Time
BytesTime(uint64_t bytes, DataRate rate)
{
    return NanoSeconds(8 * bytes * 1'000'000'000ULL / rate.GetBitRate());
}

std::string
RateName(DataRate rate)
{
    std::ostringstream os;
    if (rate.GetBitRate() >= 1'000'000'000)
    {
        os << rate.GetBitRate() / 1'000'000'000 << " Gbps";
    }
    else
    {
        os << rate.GetBitRate() / 1'000'000 << " Mbps";
    }
    return os.str();
}

/** Frames of the test EtherType that reach a host device (PhyRxEnd), with their times. */
struct HostProbe
{
    void OnRxEnd(Ptr<const Packet> frame)
    {
        EthernetHeader header(false);
        frame->PeekHeader(header);
        if (header.GetLengthType() == kTestEtherType)
        {
            times.push_back(Simulator::Now());
            sources.push_back(header.GetSource());
        }
        else
        {
            ++other;
        }
    }

    uint64_t Count() const
    {
        return times.size();
    }

    std::vector<Time> times;
    std::vector<Mac48Address> sources;
    uint64_t other{0}; //!< frames of any other EtherType (e.g. PAUSE)
};

/** Keeps a host device's queue non-empty: one new packet each time a frame starts. */
struct SaturatingSource
{
    void Start(uint32_t backlog)
    {
        for (uint32_t i = 0; i < backlog; ++i)
        {
            SendOne();
        }
    }

    void SendOne()
    {
        device->Send(Create<Packet>(l3Bytes), destination, kTestEtherType);
    }

    void OnTxBegin(Ptr<const Packet> /* frame */)
    {
        SendOne();
    }

    Ptr<NetDevice> device;
    Address destination;
    uint32_t l3Bytes{1500};
};

/** A star: hosts around one switch, built by PacketSwitchHelper, with a probe per host. */
struct Star
{
    Star(uint32_t nHosts, const PacketSwitchHelper& helper)
        : hosts(nHosts),
          probes(nHosts)
    {
        switchNode = CreateObject<Node>();
        devices = helper.Install(switchNode, hosts);
        fabric = PacketSwitchHelper::GetSwitch(switchNode);
        for (uint32_t i = 0; i < nHosts; ++i)
        {
            devices.Get(i)->TraceConnectWithoutContext(
                "PhyRxEnd",
                MakeCallback(&HostProbe::OnRxEnd, &probes[i]));
        }
    }

    Ptr<EthernetNetDevice> Host(uint32_t i) const
    {
        return DynamicCast<EthernetNetDevice>(devices.Get(i));
    }

    /** Schedule host @p from to send one @p l3Bytes packet to host @p to (or broadcast). */
    void SendAt(Time t,
                uint32_t from,
                std::optional<uint32_t> to,
                uint32_t l3Bytes,
                uint32_t count = 1)
    {
        Ptr<NetDevice> device = devices.Get(from);
        const Address destination = to ? devices.Get(*to)->GetAddress() : device->GetBroadcast();
        Simulator::Schedule(t, [device, destination, l3Bytes, count]() {
            for (uint32_t k = 0; k < count; ++k)
            {
                device->Send(Create<Packet>(l3Bytes), destination, kTestEtherType);
            }
        });
    }

    NodeContainer hosts;
    Ptr<Node> switchNode;
    NetDeviceContainer devices;
    Ptr<PacketSwitch> fabric;
    std::vector<HostProbe> probes;
};

/**
 * Store and forward: one frame from host 0 to host 1 through an idle switch arrives
 * D = 2 (F + 8) 8 / R + 2 d + L after it was sent, exactly; the receiver gets the frame with
 * the sender's source address.
 */
class PacketSwitchLatencyTestCase : public TestCase
{
  public:
    PacketSwitchLatencyTestCase(DataRate rate, uint32_t l3Bytes, Time latency)
        : TestCase("store and forward at " + RateName(rate) + ", " + std::to_string(l3Bytes) +
                   " B L3 packet, switching latency " + std::to_string(latency.GetNanoSeconds()) +
                   " ns: two serialisations, two cables and the latency"),
          m_rate(rate),
          m_l3Bytes(l3Bytes),
          m_latency(latency)
    {
    }

  private:
    void DoRun() override
    {
        const Time delay = NanoSeconds(500);
        PacketSwitchHelper helper;
        helper.SetDeviceAttribute("DataRate", DataRateValue(m_rate));
        helper.SetChannelAttribute("Delay", TimeValue(delay));
        helper.SetSwitchAttribute("SwitchingLatency", TimeValue(m_latency));
        Star star(2, helper);
        const Time sent = MicroSeconds(10);
        star.SendAt(sent, 0, 1, m_l3Bytes);
        Simulator::Run();
        Simulator::Destroy();

        const Time expected =
            sent + BytesTime(FrameBytes(m_l3Bytes) + 8, m_rate) * 2 + delay * 2 + m_latency;
        NS_TEST_ASSERT_MSG_EQ(star.probes[1].Count(), 1, "one frame at host 1");
        if (star.probes[1].Count() != 1)
        {
            return; // (the runner goes on after a failed assertion)
        }
        NS_LOG_UNCOND(GetName() << ": expected " << (expected - sent).GetNanoSeconds()
                                << " ns, simulated "
                                << (star.probes[1].times[0] - sent).GetNanoSeconds() << " ns");
        NS_TEST_EXPECT_MSG_EQ(star.probes[1].times[0], expected, "arrival time");
        NS_TEST_EXPECT_MSG_EQ(star.probes[1].sources[0],
                              Mac48Address::ConvertFrom(star.devices.Get(0)->GetAddress()),
                              "source address kept");
        NS_TEST_EXPECT_MSG_EQ(star.probes[0].Count(), 0, "nothing back to the sender");
    }

    DataRate m_rate;
    uint32_t m_l3Bytes;
    Time m_latency;
};

/**
 * Learning, three hosts, AgeingTime 1 ms.  Expected frames at hosts (0, 1, 2) after
 *   (a) 0 -> 1, 1 unknown: flooded                      (0, 1, 1)
 *   (b) 1 -> 0, 0 learned in (a): to 0 only             (1, 1, 1)
 *   (c) 0 -> 1, 1 learned in (b): to 1 only             (1, 2, 1)
 *   (d) 0 -> broadcast: everywhere but 0                (1, 3, 2)
 *   (e) 0 -> 1 at 2 ms, 1's entry (from (b)) expired: flooded   (1, 4, 3)
 */
class PacketSwitchLearningTestCase : public TestCase
{
  public:
    PacketSwitchLearningTestCase()
        : TestCase("learning: unknown unicast flooded, learned unicast to its port only, "
                   "broadcast flooded, entries age out after AgeingTime")
    {
    }

  private:
    void DoRun() override
    {
        PacketSwitchHelper helper;
        helper.SetSwitchAttribute("AgeingTime", TimeValue(MilliSeconds(1)));
        Star star(3, helper);
        const std::array<Time, 5> at = {MicroSeconds(10),
                                        MicroSeconds(110),
                                        MicroSeconds(210),
                                        MicroSeconds(310),
                                        MilliSeconds(2)};
        star.SendAt(at[0], 0, 1, 100);
        star.SendAt(at[1], 1, 0, 100);
        star.SendAt(at[2], 0, 1, 100);
        star.SendAt(at[3], 0, std::nullopt, 100);
        star.SendAt(at[4], 0, 1, 100);
        // Counts 90 us after each step (far more than a frame needs at 1 Gb/s).
        std::array<std::array<uint64_t, 3>, 5> counts{};
        for (size_t s = 0; s < at.size(); ++s)
        {
            Simulator::Schedule(at[s] + MicroSeconds(90), [&star, &counts, s]() {
                for (uint32_t h = 0; h < 3; ++h)
                {
                    counts[s][h] = star.probes[h].Count();
                }
            });
        }
        std::optional<uint32_t> learned0;
        std::optional<uint32_t> learned1;
        Simulator::Schedule(MilliSeconds(2) + MicroSeconds(100), [&]() {
            learned0 = star.fabric->GetLearnedPort(
                Mac48Address::ConvertFrom(star.devices.Get(0)->GetAddress()));
            learned1 = star.fabric->GetLearnedPort(
                Mac48Address::ConvertFrom(star.devices.Get(1)->GetAddress()));
        });
        Simulator::Run();
        Simulator::Destroy();

        const std::array<std::array<uint64_t, 3>, 5> expected = {
            {{0, 1, 1}, {1, 1, 1}, {1, 2, 1}, {1, 3, 2}, {1, 4, 3}}};
        const std::array<const char*, 5> step = {"(a) unknown unicast flooded",
                                                 "(b) learned unicast to its port only",
                                                 "(c) learned unicast to its port only",
                                                 "(d) broadcast flooded",
                                                 "(e) expired entry: flooded again"};
        for (size_t s = 0; s < expected.size(); ++s)
        {
            for (uint32_t h = 0; h < 3; ++h)
            {
                NS_TEST_EXPECT_MSG_EQ(counts[s][h],
                                      expected[s][h],
                                      step[s] << ": frames at host " << h);
            }
        }
        NS_TEST_EXPECT_MSG_EQ(learned0.has_value(), true, "host 0 learned (refreshed at 2 ms)");
        NS_TEST_EXPECT_MSG_EQ(learned0.value_or(99), 0, "host 0 on port 0");
        NS_TEST_EXPECT_MSG_EQ(learned1.has_value(), false, "host 1 aged out");
        NS_TEST_EXPECT_MSG_EQ(star.fabric->GetDrops(), 0, "no drops");
    }
};

/**
 * Non-blocking: two disjoint pairs (0 -> 1, 2 -> 3) at line rate with 1500 B packets each
 * deliver R / (8 W) frames/s (W = 1538 B) over 10 ms, within one frame; nothing is dropped
 * and no frame reaches the wrong host.
 */
class PacketSwitchNonBlockingTestCase : public TestCase
{
  public:
    explicit PacketSwitchNonBlockingTestCase(DataRate rate)
        : TestCase("non-blocking at " + RateName(rate) +
                   ": two disjoint pairs at line rate each get the full line rate"),
          m_rate(rate)
    {
    }

  private:
    void DoRun() override
    {
        PacketSwitchHelper helper;
        helper.SetDeviceAttribute("DataRate", DataRateValue(m_rate));
        helper.SetChannelAttribute("Delay", TimeValue(NanoSeconds(500)));
        helper.SetSwitchAttribute("SwitchingLatency", TimeValue(MicroSeconds(1)));
        Star star(4, helper);
        // The receivers make themselves known first.
        star.SendAt(Seconds(0), 1, std::nullopt, 46);
        star.SendAt(Seconds(0), 3, std::nullopt, 46);
        std::array<SaturatingSource, 2> sources;
        for (uint32_t p = 0; p < 2; ++p)
        {
            sources[p].device = star.devices.Get(2 * p);
            sources[p].destination = star.devices.Get(2 * p + 1)->GetAddress();
            star.devices.Get(2 * p)->TraceConnectWithoutContext(
                "PhyTxBegin",
                MakeCallback(&SaturatingSource::OnTxBegin, &sources[p]));
            Simulator::Schedule(MicroSeconds(20), &SaturatingSource::Start, &sources[p], 4);
        }
        const Time t1 = MilliSeconds(1);
        const Time t2 = MilliSeconds(11);
        std::array<uint64_t, 4> at1{};
        std::array<uint64_t, 4> at2{};
        Simulator::Schedule(t1, [&]() {
            for (uint32_t h = 0; h < 4; ++h)
            {
                at1[h] = star.probes[h].Count();
            }
        });
        Simulator::Schedule(t2, [&]() {
            for (uint32_t h = 0; h < 4; ++h)
            {
                at2[h] = star.probes[h].Count();
            }
        });
        Simulator::Stop(t2 + MicroSeconds(1));
        Simulator::Run();
        Simulator::Destroy();

        const double expected =
            static_cast<double>(m_rate.GetBitRate()) / (8.0 * 1538) * (t2 - t1).GetSeconds();
        for (uint32_t receiver : {1U, 3U})
        {
            const auto frames = static_cast<double>(at2[receiver] - at1[receiver]);
            NS_LOG_UNCOND(GetName() << ", host " << receiver << ": expected " << expected
                                    << " frames in 10 ms, simulated " << frames);
            NS_TEST_EXPECT_MSG_EQ_TOL(frames, expected, 1.0, "line rate at host " << receiver);
            // Each receiver sees only its sender (and the other receiver's broadcast).
            for (const Mac48Address& source : star.probes[receiver].sources)
            {
                const uint32_t sender = receiver - 1;
                const uint32_t other = receiver == 1 ? 3 : 1;
                const bool ok =
                    source == Mac48Address::ConvertFrom(star.devices.Get(sender)->GetAddress()) ||
                    source == Mac48Address::ConvertFrom(star.devices.Get(other)->GetAddress());
                NS_TEST_EXPECT_MSG_EQ(ok, true, "frame from a foreign flow at host " << receiver);
            }
        }
        NS_TEST_EXPECT_MSG_EQ(at2[0] + at2[2], 4, "senders get only the two broadcasts, each");
        NS_TEST_EXPECT_MSG_EQ(star.fabric->GetDrops(), 0, "no drops");
    }

    DataRate m_rate;
};

/** Counts the Drop events of the switch and of one queue. */
struct DropProbe
{
    void OnSwitchDrop(Ptr<const Packet> /* packet */, uint32_t port)
    {
        ++switchDrops;
        lastPort = port;
    }

    void OnQueueDrop(Ptr<const Packet> /* frame */)
    {
        ++queueDrops;
    }

    uint64_t switchDrops{0};
    uint64_t queueDrops{0};
    uint32_t lastPort{99};
};

/** Largest ingress accounts seen and largest output queue length. */
struct OccupancyProbe
{
    void OnEnqueue(Ptr<const Packet> /* frame */)
    {
        for (uint32_t i = 0; i < maxIngress.size(); ++i)
        {
            maxIngress[i] = std::max(maxIngress[i], fabric->GetIngressBytes(i));
        }
        maxQueue = std::max<uint64_t>(maxQueue, queue->GetNPackets());
    }

    Ptr<PacketSwitch> fabric;
    Ptr<Queue<Packet>> queue;
    std::array<uint64_t, 3> maxIngress{};
    uint64_t maxQueue{0};
};

/**
 * Output contention: hosts 0 and 2 each send N back-to-back frames to host 1, host 2 half
 * a wire slot after host 0, into an output queue that holds Q frames.  Without flow
 * control the output carries N frames during the overload and Q after it, back to back,
 * and drops 2 N - N - Q = N - Q (counted by the switch, its Drop trace with the egress
 * port, and the queue).  With flow control (FlowControl on, hosts honour PAUSE) nothing is
 * dropped, all 2 N frames leave back to back (the output never idles), and no ingress
 * account exceeds X_off + F + H, H = 2 W + 84 + 2 d R / 8; with a PAUSE shorter than the
 * congestion (100 quanta: 51.2 us) this holds only if the switch repeats it.
 */
class PacketSwitchContentionTestCase : public TestCase
{
  public:
    PacketSwitchContentionTestCase(uint32_t l3Bytes,
                                   std::string queueSize,
                                   uint32_t q,
                                   uint32_t n,
                                   bool flowControl,
                                   uint16_t pauseQuanta = 65535)
        : TestCase(std::string(flowControl ? "flow control with PAUSE of " +
                                                 std::to_string(pauseQuanta) + " quanta"
                                           : "output contention") +
                   ": two inputs of " + std::to_string(n) + " back-to-back " +
                   std::to_string(l3Bytes) + " B packets into one 1 Gbps output, queue " +
                   queueSize + " = " + std::to_string(q) + " frames: " +
                   (flowControl ? "PAUSE loses nothing, output at line rate"
                                : std::to_string(n + q) + " carried at line rate, " +
                                      std::to_string(n - q) + " dropped")),
          m_l3Bytes(l3Bytes),
          m_queueSize(queueSize),
          m_q(q),
          m_n(n),
          m_flowControl(flowControl),
          m_pauseQuanta(pauseQuanta)
    {
    }

  private:
    void DoRun() override
    {
        const DataRate rate("1Gbps");
        const Time delay = NanoSeconds(500);
        const uint32_t frame = FrameBytes(m_l3Bytes);
        const uint32_t wire = frame + 20;
        const Time tw = BytesTime(wire, rate);
        const uint32_t highWater = 20 * frame;
        PacketSwitchHelper helper;
        helper.SetDeviceAttribute("DataRate", DataRateValue(rate));
        helper.SetDeviceAttribute("PauseEnabled", BooleanValue(m_flowControl));
        helper.SetChannelAttribute("Delay", TimeValue(delay));
        helper.SetSwitchAttribute("SwitchingLatency", TimeValue(MicroSeconds(1)));
        helper.SetSwitchAttribute("FlowControl", BooleanValue(m_flowControl));
        helper.SetSwitchAttribute("PauseHighWater", UintegerValue(highWater));
        helper.SetSwitchAttribute("PauseLowWater", UintegerValue(highWater / 2));
        helper.SetSwitchAttribute("PauseQuanta", UintegerValue(m_pauseQuanta));
        helper.SetQueue("ns3::DropTailQueue", "MaxSize", QueueSizeValue(QueueSize(m_queueSize)));
        helper.SetHostQueue("ns3::DropTailQueue",
                            "MaxSize",
                            QueueSizeValue(QueueSize(std::to_string(m_n + 10) + "p")));
        Star star(3, helper);
        Ptr<EthernetNetDevice> output = star.fabric->GetPort(1);
        DropProbe drops;
        star.fabric->TraceConnectWithoutContext("Drop",
                                                MakeCallback(&DropProbe::OnSwitchDrop, &drops));
        output->GetQueue()->TraceConnectWithoutContext(
            "Drop",
            MakeCallback(&DropProbe::OnQueueDrop, &drops));
        OccupancyProbe occupancy;
        occupancy.fabric = star.fabric;
        occupancy.queue = output->GetQueue();
        output->GetQueue()->TraceConnectWithoutContext(
            "Enqueue",
            MakeCallback(&OccupancyProbe::OnEnqueue, &occupancy));

        star.SendAt(Seconds(0), 1, std::nullopt, 46); // host 1 becomes known
        const Time start = MicroSeconds(20);
        star.SendAt(start, 0, 1, m_l3Bytes, m_n);
        star.SendAt(start + tw / 2, 2, 1, m_l3Bytes, m_n);
        Simulator::Run();
        Simulator::Destroy();

        const HostProbe& rx = star.probes[1];
        const uint64_t carried = m_flowControl ? 2 * m_n : m_n + m_q;
        const uint64_t dropped = 2 * m_n - carried;
        NS_LOG_UNCOND(GetName() << ": expected " << carried << " carried and " << dropped
                                << " dropped, simulated " << rx.Count() << " and "
                                << star.fabric->GetDrops());
        NS_TEST_EXPECT_MSG_EQ(rx.Count(), carried, "frames carried");
        NS_TEST_EXPECT_MSG_EQ(star.fabric->GetDrops(), dropped, "Drops counter");
        NS_TEST_EXPECT_MSG_EQ(drops.switchDrops, dropped, "Drop trace");
        NS_TEST_EXPECT_MSG_EQ(drops.queueDrops, dropped, "output queue drops");
        if (dropped > 0)
        {
            NS_TEST_EXPECT_MSG_EQ(drops.lastPort, 1, "Drop trace names the egress port");
        }
        // Line rate: the output sends back to back from its first frame to its last.
        uint64_t gaps = 0;
        for (size_t k = 1; k < rx.times.size(); ++k)
        {
            gaps += (rx.times[k] - rx.times[k - 1] != tw);
        }
        NS_TEST_EXPECT_MSG_EQ(gaps, 0, "output not back to back at line rate");
        if (m_flowControl)
        {
            NS_LOG_UNCOND(GetName()
                          << ": largest ingress accounts " << occupancy.maxIngress[0] << " B and "
                          << occupancy.maxIngress[2] << " B, longest output queue "
                          << occupancy.maxQueue << " frames, " << star.fabric->GetPauseFramesSent()
                          << " PAUSE frames");
            const uint64_t headroom = 2 * wire + 84 + 2 * delay.GetNanoSeconds() / 8; // 1 Gb/s
            for (uint32_t i : {0U, 2U})
            {
                NS_TEST_EXPECT_MSG_LT_OR_EQ(occupancy.maxIngress[i],
                                            highWater + frame + headroom,
                                            "ingress account " << i << " above its bound");
                NS_TEST_EXPECT_MSG_GT(star.Host(i)->GetPauseFramesRx(),
                                      0,
                                      "host " << i << " paused");
            }
            NS_TEST_EXPECT_MSG_GT(star.fabric->GetPauseFramesSent(), 0, "PAUSE frames sent");
            NS_TEST_EXPECT_MSG_EQ(star.probes[0].other + star.probes[2].other,
                                  star.fabric->GetPauseFramesSent(),
                                  "every PAUSE reached its host");
        }
        else
        {
            NS_TEST_EXPECT_MSG_EQ(occupancy.maxQueue, m_q, "output queue capacity");
            NS_TEST_EXPECT_MSG_EQ(star.fabric->GetPauseFramesSent(),
                                  0,
                                  "no PAUSE without FlowControl");
        }
    }

    uint32_t m_l3Bytes;
    std::string m_queueSize;
    uint32_t m_q;
    uint32_t m_n;
    bool m_flowControl;
    uint16_t m_pauseQuanta;
};

/**
 * PAUSE from a host: host 0 sends PAUSE(q) to its switch port (PauseEnabled on).  The
 * switch does not forward it (hosts 1 and 2 see no frame of it), and the port holds a
 * frame from host 1 to host 0 until q x 512 / R after the PAUSE arrived: host 0 gets it at
 * t_p + q 512 / R + (F + 8) 8 / R + d, t_p = t_c + 72 x 8 / R + d.
 */
class PacketSwitchHostPauseTestCase : public TestCase
{
  public:
    PacketSwitchHostPauseTestCase()
        : TestCase("PAUSE from a host is not forwarded and holds its port for q x 512 bit times")
    {
    }

  private:
    void DoRun() override
    {
        const DataRate rate("1Gbps");
        const Time delay = NanoSeconds(500);
        const uint16_t quanta = 1000;
        PacketSwitchHelper helper;
        helper.SetDeviceAttribute("PauseEnabled", BooleanValue(true));
        helper.SetChannelAttribute("Delay", TimeValue(delay));
        Star star(3, helper);
        star.SendAt(Seconds(0), 0, std::nullopt, 46); // host 0 becomes known
        const Time tc = MicroSeconds(20);
        Simulator::Schedule(tc, [&star, quanta]() { star.Host(0)->SendPause(quanta); });
        star.SendAt(tc + MicroSeconds(5), 1, 0, 1500);
        Ptr<EthernetNetDevice> port0 = star.fabric->GetPort(0);
        Simulator::Run();
        Simulator::Destroy();

        const Time tp = tc + BytesTime(72, rate) + delay;
        const Time expected = tp + NanoSeconds(512 * quanta) + BytesTime(1518 + 8, rate) + delay;
        for (uint32_t h : {1U, 2U})
        {
            NS_TEST_EXPECT_MSG_EQ(star.probes[h].Count() + star.probes[h].other,
                                  1,
                                  "host " << h << ": the broadcast only");
        }
        NS_TEST_EXPECT_MSG_EQ(port0->GetPauseFramesRx(), 1, "port 0 honoured the PAUSE");
        NS_TEST_ASSERT_MSG_EQ(star.probes[0].Count(), 1, "the frame for host 0");
        if (star.probes[0].Count() != 1)
        {
            return; // (the runner goes on after a failed assertion)
        }
        NS_TEST_EXPECT_MSG_EQ(star.probes[0].times[0], expected, "held for the pause time");
    }
};

/**
 * PacketSwitchHelper::InstallPort with a host device made elsewhere, and AddPort with a
 * port cabled elsewhere: both are switch ports, numbered in order, and forward.
 */
class PacketSwitchHelperPortsTestCase : public TestCase
{
  public:
    PacketSwitchHelperPortsTestCase()
        : TestCase("helper: InstallPort and AddPort attach devices made elsewhere")
    {
    }

  private:
    void DoRun() override
    {
        PacketSwitchHelper helper;
        Star star(1, helper); // port 0
        Ptr<Node> host1 = CreateObject<Node>();
        Ptr<EthernetNetDevice> device1 = CreateObject<EthernetNetDevice>();
        device1->SetAddress(Mac48Address::Allocate());
        host1->AddDevice(device1);
        Ptr<EthernetNetDevice> port1 = helper.InstallPort(star.switchNode, device1); // port 1
        // Port 2: a cable made by hand between a host device and a switch-node device.
        Ptr<Node> host2 = CreateObject<Node>();
        Ptr<EthernetNetDevice> device2 = CreateObject<EthernetNetDevice>();
        Ptr<EthernetNetDevice> port2 = CreateObject<EthernetNetDevice>();
        device2->SetAddress(Mac48Address::Allocate());
        port2->SetAddress(Mac48Address::Allocate());
        host2->AddDevice(device2);
        star.switchNode->AddDevice(port2);
        Ptr<EthernetChannel> cable = CreateObject<EthernetChannel>();
        device2->Attach(cable);
        port2->Attach(cable);
        const uint32_t index2 = helper.AddPort(star.switchNode, port2);

        HostProbe probe1;
        HostProbe probe2;
        device1->TraceConnectWithoutContext("PhyRxEnd", MakeCallback(&HostProbe::OnRxEnd, &probe1));
        device2->TraceConnectWithoutContext("PhyRxEnd", MakeCallback(&HostProbe::OnRxEnd, &probe2));
        star.SendAt(MicroSeconds(1), 0, std::nullopt, 100);
        const uint32_t nPorts = star.fabric->GetNPorts();
        const Ptr<EthernetNetDevice> switchPort1 = star.fabric->GetPort(1);
        Simulator::Run();
        Simulator::Destroy();

        NS_TEST_EXPECT_MSG_EQ(nPorts, 3, "three ports");
        NS_TEST_EXPECT_MSG_EQ(switchPort1, port1, "InstallPort made port 1");
        NS_TEST_EXPECT_MSG_EQ(index2, 2, "AddPort made port 2");
        NS_TEST_EXPECT_MSG_EQ(probe1.Count(), 1, "broadcast reached host 1");
        NS_TEST_EXPECT_MSG_EQ(probe2.Count(), 1, "broadcast reached host 2");
    }
};

class PacketSwitchTestSuite : public TestSuite
{
  public:
    PacketSwitchTestSuite()
        : TestSuite("hybridnet-packet-switch", Type::UNIT)
    {
        // Minimum and maximum frames, with and without switching latency, at two rates.
        for (auto [rate, l3Bytes, latency] : {std::tuple{"1Gbps", 46U, Seconds(0)},
                                              {"1Gbps", 1500U, Seconds(0)},
                                              {"1Gbps", 1500U, MicroSeconds(2)},
                                              {"100Mbps", 1500U, MicroSeconds(5)}})
        {
            AddTestCase(new PacketSwitchLatencyTestCase(DataRate(rate), l3Bytes, latency),
                        Duration::QUICK);
        }
        AddTestCase(new PacketSwitchLearningTestCase(), Duration::QUICK);
        AddTestCase(new PacketSwitchNonBlockingTestCase(DataRate("1Gbps")), Duration::QUICK);
        AddTestCase(new PacketSwitchNonBlockingTestCase(DataRate("10Gbps")), Duration::QUICK);
        // Output queue in packets and in bytes (16180 B hold 10 frames of 1518 B), maximum
        // and minimum frames; then the same overload with flow control, with a PAUSE longer
        // than the congestion and with one (51.2 us) that the switch has to repeat.
        using Contention = PacketSwitchContentionTestCase;
        AddTestCase(new Contention(1500, "20p", 20, 100, false), Duration::QUICK);
        AddTestCase(new Contention(1500, "16180B", 10, 100, false), Duration::QUICK);
        AddTestCase(new Contention(46, "50p", 50, 300, false), Duration::QUICK);
        AddTestCase(new Contention(1500, "100p", 100, 400, true), Duration::QUICK);
        AddTestCase(new Contention(46, "100p", 100, 2000, true), Duration::QUICK);
        AddTestCase(new Contention(1500, "100p", 100, 400, true, 100), Duration::QUICK);
        AddTestCase(new PacketSwitchHostPauseTestCase(), Duration::QUICK);
        AddTestCase(new PacketSwitchHelperPortsTestCase(), Duration::QUICK);
    }
};

PacketSwitchTestSuite g_packetSwitchTestSuite; //!< static instance

} // namespace
