/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * NicNetDevice: the receive and transmit paths (R1)-(R7), (T1)-(T4) of its class comment,
 * with expected values from the equations of NicNetDevice, HostCpu and HostBus.
 */
#include "hybridnet/adaptive-rx-coalescing.h"
#include "hybridnet/ethernet-channel.h"
#include "hybridnet/ethernet-net-device.h"
#include "hybridnet/host-bus.h"
#include "hybridnet/host-cpu.h"
#include "hybridnet/interrupt-moderator.h"
#include "hybridnet/nic-helper.h"
#include "hybridnet/nic-net-device.h"

#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/test.h"

#include <algorithm>
#include <numeric>
#include <string>
#include <vector>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

constexpr uint16_t kProtocol = 0x88B5;  // IEEE local experimental EtherType: no IP parsing
constexpr uint64_t kHz = 1'000'000'000; // 1 GHz: 1000 cycles = 1 us

/**
 * A sender port (plain EthernetNetDevice on a switch-like node) cabled to a NIC on a host.
 * The sender puts frames on the wire at chosen times; the test watches the NIC.
 */
struct Bench
{
    Ptr<Node> sender;
    Ptr<Node> host;
    Ptr<EthernetNetDevice> port;
    Ptr<NicNetDevice> nic;
    std::vector<Time> delays;   // RxHostDelay per delivered frame
    std::vector<Time> arrivals; // delivery times
    uint32_t delivered{0};

    Bench(NicHelper helper)
    {
        sender = CreateObject<Node>();
        host = CreateObject<Node>();
        helper.SetCpuAttribute("Frequency", UintegerValue(kHz));
        NetDeviceContainer devices = helper.Install(host, sender);
        nic = DynamicCast<NicNetDevice>(devices.Get(0));
        port = DynamicCast<EthernetNetDevice>(devices.Get(1));
        NicHelper::AssignStreams(devices, 7);
        nic->TraceConnectWithoutContext("RxHostDelay", MakeCallback(&Bench::Delay, this));
        nic->SetReceiveCallback(MakeCallback(&Bench::Up, this));
    }

    void Delay(Time delay)
    {
        delays.push_back(delay);
    }

    bool Up(Ptr<NetDevice>, Ptr<const Packet>, uint16_t, const Address&)
    {
        ++delivered;
        arrivals.push_back(Simulator::Now());
        return true;
    }

    void Send(uint32_t l3Bytes)
    {
        port->Send(Create<Packet>(l3Bytes), nic->GetAddress(), kProtocol);
    }

    void SendAt(Time t, uint32_t l3Bytes)
    {
        Simulator::Schedule(t, &Bench::Send, this, l3Bytes);
    }

    /** (R2): DMA of a frame carrying l3Bytes and its descriptor write-back. */
    Time Dma(uint32_t l3Bytes) const
    {
        Ptr<HostBus> bus = host->GetObject<HostBus>();
        return bus->GetTransferTime(HostBus::TO_MEMORY, 14 + l3Bytes + 4) +
               bus->GetTransferTime(HostBus::TO_MEMORY, 16);
    }
};

/** A PCI Express x8 bus: fast, independent directions, so DMA times are small and exact. */
NicHelper
FastHost()
{
    NicHelper helper;
    helper.SetBusAttribute("Kind", StringValue("PciExpress"));
    helper.SetBusAttribute("Lanes", UintegerValue(8));
    helper.SetModeratorAttribute("InterruptThrottleRate", UintegerValue(0));
    return helper;
}

/** (R2)-(R6) with throttling off: host delay = DMA + interrupt + poll + per-packet work. */
class RxPathDelayTestCase : public TestCase
{
  public:
    RxPathDelayTestCase(uint64_t irq, uint64_t poll, uint64_t packet)
        : TestCase("rx delay of one frame = DMA + " + std::to_string(irq) + " + " +
                   std::to_string(poll) + " + " + std::to_string(packet) + " cycles"),
          m_irq(irq),
          m_poll(poll),
          m_packet(packet)
    {
    }

  private:
    void DoRun() override
    {
        NicHelper helper = FastHost();
        helper.SetDeviceAttribute("InterruptCycles", UintegerValue(m_irq));
        helper.SetDeviceAttribute("PollCycles", UintegerValue(m_poll));
        helper.SetDeviceAttribute("RxPacketCycles", UintegerValue(m_packet));
        Bench bench(helper);
        bench.SendAt(MicroSeconds(10), 1000);
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(bench.delays.size(), 1u, "one frame delivered");
        Ptr<HostBus> bus = bench.host->GetObject<HostBus>();
        Ptr<HostCpu> cpu = bench.host->GetObject<HostCpu>();
        const uint32_t frameBytes = 14 + 1000 + 4;
        const Time expected = bus->GetTransferTime(HostBus::TO_MEMORY, frameBytes) +
                              bus->GetTransferTime(HostBus::TO_MEMORY, 16) +
                              cpu->GetServiceTime(m_irq) + cpu->GetServiceTime(m_poll) +
                              cpu->GetServiceTime(m_packet);
        NS_TEST_EXPECT_MSG_EQ(bench.delays[0], expected, "(R2) + (R5) + (R6)");
        NS_TEST_EXPECT_MSG_EQ(bench.nic->GetInterrupts(), 1u, "one interrupt");
        NS_TEST_EXPECT_MSG_EQ(bench.nic->GetPolls(), 1u, "one poll");
        Simulator::Destroy();
    }

    uint64_t m_irq;
    uint64_t m_poll;
    uint64_t m_packet;
};

/**
 * (R4) FreeRunning: an isolated frame waits for the counter's next expiry, a delay uniform
 * in [0, I): over frames a second apart (1 s is not a multiple of I = 124.928 us, so the
 * phase walks) the extra delay has mean I/2, stays below I, and spans most of [0, I).
 * Restart: an isolated frame is never delayed.
 */
class ThrottleClockTestCase : public TestCase
{
  public:
    ThrottleClockTestCase(std::string clock)
        : TestCase("isolated frames at 8000 ints per s, throttle clock " + clock),
          m_clock(clock)
    {
    }

  private:
    void DoRun() override
    {
        NicHelper helper = FastHost();
        helper.SetModeratorAttribute("InterruptThrottleRate", UintegerValue(8000));
        helper.SetDeviceAttribute("ThrottleClock", StringValue(m_clock));
        helper.SetDeviceAttribute("ClockTolerance", DoubleValue(0.0)); // I exactly
        Bench bench(helper);
        const int frames = 400;
        for (int i = 0; i < frames; ++i)
        {
            bench.SendAt(Seconds(1 + i), 100);
        }
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(bench.delays.size(), static_cast<size_t>(frames), "all delivered");
        const Time dma = bench.Dma(100);
        const double interval = 488 * 256e-9; // InterruptModerator (5) at 8000 ints/s
        std::vector<double> extra;
        for (Time d : bench.delays)
        {
            extra.push_back((d - dma).GetSeconds());
        }
        const double mean = std::accumulate(extra.begin(), extra.end(), 0.0) / frames;
        const double lo = *std::min_element(extra.begin(), extra.end());
        const double hi = *std::max_element(extra.begin(), extra.end());
        if (m_clock == "Restart")
        {
            NS_TEST_EXPECT_MSG_EQ_TOL(hi, 0.0, 1e-12, "a second apart: never throttled");
        }
        else
        {
            // Uniform on [0, I): mean I/2, sd of the mean I / sqrt(12 * 400) = 1.8 us.
            NS_TEST_EXPECT_MSG_EQ_TOL(mean,
                                      interval / 2,
                                      4 * interval / std::sqrt(12.0 * frames),
                                      "mean wait I/2");
            NS_TEST_EXPECT_MSG_GT_OR_EQ(lo, 0.0, "no negative wait");
            NS_TEST_EXPECT_MSG_LT(hi, interval, "wait below I");
            NS_TEST_EXPECT_MSG_GT(hi - lo, 0.9 * interval, "the phase covers the interval");
        }
        Simulator::Destroy();
    }

    std::string m_clock;
};

/**
 * (R6)-(R7) NAPI budget: 200 back-to-back frames, CPU slower than the wire, no throttling:
 * one interrupt, then polls of 64, 64, 64 and 8 frames (the fourth ends under budget and
 * re-enables interrupts). The receive causes raised while the NIC was masked stay latched
 * (R5 clears only what the handler read), so the re-enable asserts one more interrupt
 * whose poll finds the ring empty: 2 interrupts, 5 polls.
 */
class NapiBudgetTestCase : public TestCase
{
  public:
    NapiBudgetTestCase()
        : TestCase(
              "200 frames, CPU slower than the line: polls of 64, 64, 64, 8, then a latched one")
    {
    }

  private:
    void DoRun() override
    {
        NicHelper helper = FastHost();
        helper.SetDeviceAttribute("RxPacketCycles", UintegerValue(20000)); // 20 us > 12.304 us
        helper.SetDeviceAttribute("RxRingSize", UintegerValue(256));
        Bench bench(helper);
        bench.port->GetQueue()->SetMaxSize(QueueSize("1000p"));
        for (int i = 0; i < 200; ++i)
        {
            bench.SendAt(MicroSeconds(10), 1500); // queued at the port: back to back
        }
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(bench.delivered, 200u, "all delivered");
        NS_TEST_EXPECT_MSG_EQ(bench.nic->GetInterrupts(), 2u, "one, plus the latched cause");
        NS_TEST_EXPECT_MSG_EQ(bench.nic->GetPolls(), 5u, "ceil(200 / 64) polls, plus an empty one");
        Simulator::Destroy();
    }
};

/**
 * (R1) time to overflow the receive ring at line rate: 64 B frames (L3 46 B) arrive every
 * 672 ns at 1 Gb/s; the first frame's processing ends long after the burst (1 ms of CPU),
 * so frames 1..80 take the 80 descriptors and frames 81..200 are dropped: 120 drops, the
 * first when frame 81 arrives.
 */
class RxRingOverflowTestCase : public TestCase
{
  public:
    RxRingOverflowTestCase()
        : TestCase("80-descriptor ring at line rate with 64 B frames: frame 81 is the first drop")
    {
    }

    void Dropped(Ptr<const Packet>)
    {
        if (m_firstDrop.IsZero())
        {
            m_firstDrop = Simulator::Now();
        }
    }

    void FirstBit(Ptr<const Packet>)
    {
        if (m_firstBit.IsZero())
        {
            m_firstBit = Simulator::Now();
        }
    }

  private:
    void DoRun() override
    {
        NicHelper helper = FastHost();
        helper.SetDeviceAttribute("RxRingSize", UintegerValue(80));
        helper.SetDeviceAttribute("RxPacketCycles", UintegerValue(1'000'000));
        Bench bench(helper);
        bench.nic->TraceConnectWithoutContext("RxRingDrop",
                                              MakeCallback(&RxRingOverflowTestCase::Dropped, this));
        bench.port->TraceConnectWithoutContext(
            "PhyTxBegin",
            MakeCallback(&RxRingOverflowTestCase::FirstBit, this));
        bench.port->GetQueue()->SetMaxSize(QueueSize("1000p"));
        for (int i = 0; i < 200; ++i)
        {
            bench.SendAt(MicroSeconds(10), 46);
        }
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(bench.nic->GetRxRingDrops(), 120u, "200 - 80 dropped");
        // Frame k (1-based) ends arriving at t0 + (k - 1) * 672 ns + (64 + 8) * 8 ns + delay.
        Time delay;
        {
            Ptr<Channel> channel = bench.nic->GetChannel();
            TimeValue d;
            channel->GetAttribute("Delay", d);
            delay = d.Get();
        }
        const Time expected = m_firstBit + NanoSeconds(80 * 672 + 72 * 8) + delay;
        NS_TEST_EXPECT_MSG_EQ(m_firstDrop, expected, "first drop at frame 81");
        NS_TEST_EXPECT_MSG_EQ(bench.delivered, 80u, "the 80 in the ring are delivered");
        Simulator::Destroy();
    }

    Time m_firstDrop;
    Time m_firstBit;
};

/**
 * (T2)-(T3) and the wire: one packet from an idle host reaches the far port's MAC at
 *   stack work + D_r + T(16) + D_r + T(F) + (F + 8) 8 / R + d + L_phy:
 * the frame's read is requested when its descriptor is in, each read after the bus's read
 * latency (HostBus (6a)); then EthernetNetDevice (3), EthernetChannel (1) and the far
 * port's PHY, EthernetNetDevice (7).
 */
class TxPathDelayTestCase : public TestCase
{
  public:
    TxPathDelayTestCase()
        : TestCase("tx delay of one frame = stack + two reads each after the read latency + "
                   "wire + far PHY")
    {
    }

  private:
    void DoRun() override
    {
        const Time readLatency = NanoSeconds(450);
        const Time phyLatency = NanoSeconds(384);
        const uint64_t txCycles = 3000;
        NicHelper helper = FastHost();
        helper.SetBusAttribute("ReadLatency", TimeValue(readLatency));
        helper.SetDeviceAttribute("TxPacketCycles", UintegerValue(txCycles));
        helper.SetPortAttribute("PhyRxLatency", TimeValue(phyLatency));
        Bench bench(helper);
        Time arrival;
        bench.port->TraceConnectWithoutContext(
            "PhyRxEnd",
            Callback<void, Ptr<const Packet>>(
                [&arrival](Ptr<const Packet>) { arrival = Simulator::Now(); }));
        const Time start = MicroSeconds(10);
        Simulator::Schedule(start, [&bench]() {
            bench.nic->Send(Create<Packet>(1000), bench.port->GetAddress(), kProtocol);
        });
        Simulator::Run();
        Ptr<HostBus> bus = bench.host->GetObject<HostBus>();
        Ptr<HostCpu> cpu = bench.host->GetObject<HostCpu>();
        const uint32_t frameBytes = 14 + 1000 + 4;
        const Time wire = Seconds((frameBytes + 8) * 8.0 / 1e9);
        const Time cable = DynamicCast<EthernetChannel>(bench.nic->GetChannel())->GetDelay();
        const Time expected = start + cpu->GetServiceTime(txCycles) + readLatency +
                              bus->GetTransferTime(HostBus::FROM_MEMORY, 16) + readLatency +
                              bus->GetTransferTime(HostBus::FROM_MEMORY, frameBytes) + wire +
                              cable + phyLatency;
        NS_TEST_EXPECT_MSG_EQ_TOL(arrival, expected, NanoSeconds(1), "(T2) + (T3) + wire");
        Simulator::Destroy();
    }
};

/**
 * (T1) a full transmit ring refuses packets (the test calls Send directly, so no queue
 * interface holds them back): 100 packets offered at once to a 96-descriptor ring (a
 * multiple of 8, not rounded) - 96 accepted, 4 refused; all 96 are sent.
 */
class TxRingFullTestCase : public TestCase
{
  public:
    TxRingFullTestCase()
        : TestCase("96-descriptor tx ring: 96 of 100 packets accepted at once, 4 refused")
    {
    }

  private:
    void DoRun() override
    {
        NicHelper helper = FastHost();
        helper.SetDeviceAttribute("TxRingSize", UintegerValue(96));
        Bench bench(helper);
        uint32_t accepted = 0;
        Simulator::Schedule(MicroSeconds(10), [&]() {
            for (int i = 0; i < 100; ++i)
            {
                accepted +=
                    bench.nic->Send(Create<Packet>(1000), bench.port->GetAddress(), kProtocol) ? 1
                                                                                               : 0;
            }
        });
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(accepted, 96u, "ring size");
        NS_TEST_EXPECT_MSG_EQ(bench.nic->GetTxPackets(), 96u, "all accepted ones sent");
        Simulator::Destroy();
    }
};

/**
 * (T1) with traffic control: 1000 small UDP datagrams (46 B L3, 0.67 us of wire each)
 * written at once fill the 256-descriptor ring; the rest wait in the queue disc. With the
 * throttle at 8000 interrupts/s a poll frees far more than 64 descriptors at once, and
 * ns-3's QueueDisc::Run hands over at most Quota (64) packets per wake: the NIC must keep
 * waking the queue, as Linux's qdisc_run keeps running, or the rest would wait for a next
 * write that never comes. All 1000 reach the far port.
 */
class TxQueueDrainTestCase : public TestCase
{
  public:
    TxQueueDrainTestCase()
        : TestCase("1000 datagrams written at once through a 256-descriptor ring all leave")
    {
    }

  private:
    void DoRun() override
    {
        NicHelper helper = FastHost();
        helper.SetModeratorAttribute("InterruptThrottleRate", UintegerValue(8000));
        Bench bench(helper);
        InternetStackHelper().Install(bench.host);
        Ipv4AddressHelper addresses("10.9.0.0", "255.255.255.0");
        addresses.Assign(NetDeviceContainer(bench.nic));
        uint32_t frames = 0;
        bench.port->TraceConnectWithoutContext(
            "PhyRxEnd",
            Callback<void, Ptr<const Packet>>([&frames](Ptr<const Packet>) { ++frames; }));
        Ptr<Socket> socket = Socket::CreateSocket(bench.host, UdpSocketFactory::GetTypeId());
        socket->SetAllowBroadcast(true);
        socket->Connect(InetSocketAddress(Ipv4Address("255.255.255.255"), 9));
        const uint32_t count = 1000;
        Simulator::Schedule(MicroSeconds(10), [socket, count]() {
            for (uint32_t i = 0; i < count; ++i)
            {
                socket->Send(Create<Packet>(18)); // + UDP 8 + IP 20 = 46 B
            }
        });
        Simulator::Stop(MilliSeconds(20));
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(frames, count, "every datagram left the host");
        Simulator::Destroy();
    }
};

/**
 * (R4) under load the interrupt rate is the throttle rate: a line-rate stream of 1500 B
 * frames for 100 ms with ITR 8000 (I = 124.928 us) and a fast CPU raises one interrupt per
 * counter expiry: 100 ms / 124.928 us = 800.5 -> 800 or 801.
 */
class ThrottledRateTestCase : public TestCase
{
  public:
    ThrottledRateTestCase()
        : TestCase("line-rate frames for 100 ms at ITR 8000: 800 or 801 interrupts")
    {
    }

  private:
    void DoRun() override
    {
        NicHelper helper = FastHost();
        helper.SetModeratorAttribute("InterruptThrottleRate", UintegerValue(8000));
        Bench bench(helper);
        bench.port->GetQueue()->SetMaxSize(QueueSize("100000p"));
        // 1538 wire bytes = 12.304 us per frame: 8128 frames = 100.007 ms.
        for (int i = 0; i < 8128; ++i)
        {
            bench.SendAt(Seconds(1), 1500);
        }
        Simulator::Stop(Seconds(1) + MilliSeconds(100));
        Simulator::Run();
        const uint64_t interrupts = bench.nic->GetInterrupts();
        NS_TEST_EXPECT_MSG_GT_OR_EQ(interrupts, 800u, "rate 8004 per s");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(interrupts, 801u, "rate 8004 per s");
        Simulator::Destroy();
    }
};

/**
 * (R9) with a ConnectX-style coalescer (adaptive-rx off, rx-usecs 1000, rx-frames F) and no
 * CPU cost: frame 1 at 1 s is the first event (at once); frames 2..5 follow 100 us apart.
 * With F = 4, frame 5 is the fourth written since that event: it raises the next one at
 * once and frames 2..5 go up together when frame 5 has been written (its host delay is
 * its DMA alone). With F = 5 the count is never reached: frames 2..5 wait for the period,
 * 1000 us after the first event.
 * Mistakes tried: counting frames since the last sample instead of the last assertion;
 * letting a pending assertion ignore the count (F = 4 then waits like F = 5).
 */
class CoalescingCountTestCase : public TestCase
{
  public:
    CoalescingCountTestCase(uint32_t frames)
        : TestCase("(R9) rx-frames " + std::to_string(frames) +
                   ", rx-usecs 1000: frames 2 to 5 100 us apart " +
                   (frames == 4 ? "go up with frame 5" : "wait for the period")),
          m_frames(frames)
    {
    }

  private:
    void DoRun() override
    {
        NicHelper helper = FastHost();
        helper.SetDeviceAttribute("AdaptiveCoalescing",
                                  PointerValue(CreateObjectWithAttributes<AdaptiveRxCoalescing>(
                                      "Adaptive",
                                      BooleanValue(false),
                                      "RxUsecs",
                                      UintegerValue(1000),
                                      "RxFrames",
                                      UintegerValue(m_frames))));
        Bench bench(helper);
        for (int i = 0; i < 5; ++i)
        {
            bench.SendAt(Seconds(1) + MicroSeconds(100 * i), 100);
        }
        Simulator::Stop(Seconds(2)); // the statistics task runs for ever
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(bench.arrivals.size(), 5u, "all delivered");
        const Time dma = bench.Dma(100);
        NS_TEST_EXPECT_MSG_EQ(bench.delays[0], dma, "frame 1: the first event, at once");
        const Time first = bench.arrivals[0];
        for (size_t i = 1; i < 5; ++i)
        {
            const Time expected = m_frames == 4 ? bench.arrivals[4] : first + MicroSeconds(1000);
            NS_TEST_EXPECT_MSG_EQ(bench.arrivals[i], expected, "frame " << i + 1);
        }
        if (m_frames == 4)
        {
            NS_TEST_EXPECT_MSG_EQ(bench.delays[4], dma, "frame 5 raises the event");
        }
        NS_TEST_EXPECT_MSG_EQ(bench.nic->GetInterrupts(), 2u, "two events");
        Simulator::Destroy();
    }

    uint32_t m_frames;
};

/**
 * (R9) with the OFED 1.4-era defaults (adaptive-rx on, rx-usecs 16, F = floor(44 / 1500)
 * + 1 = 1): frames 5 us apart - inside rx-usecs - each raise an event at once (host delay =
 * DMA); the period never delays one. With rx-frames 44 instead, the second frame waits
 * for 16 us after the first event.
 */
class CoalescingDefaultsTestCase : public TestCase
{
  public:
    CoalescingDefaultsTestCase(uint32_t frames)
        : TestCase("(R9) defaults, rx-frames " + std::to_string(frames) + ": frames 5 us apart " +
                   (frames == 0 ? "interrupt at once" : "wait 16 us")),
          m_frames(frames)
    {
    }

  private:
    void DoRun() override
    {
        NicHelper helper = FastHost();
        helper.SetDeviceAttribute("AdaptiveCoalescing",
                                  PointerValue(CreateObjectWithAttributes<AdaptiveRxCoalescing>(
                                      "RxFrames",
                                      UintegerValue(m_frames))));
        Bench bench(helper);
        bench.SendAt(Seconds(1), 100);
        bench.SendAt(Seconds(1) + MicroSeconds(5), 100);
        Simulator::Stop(Seconds(2)); // the statistics task runs for ever
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(bench.arrivals.size(), 2u, "both delivered");
        const Time dma = bench.Dma(100);
        NS_TEST_EXPECT_MSG_EQ(bench.delays[0], dma, "first frame");
        if (m_frames == 0)
        {
            NS_TEST_EXPECT_MSG_EQ(bench.delays[1], dma, "F = 1: at once");
        }
        else
        {
            NS_TEST_EXPECT_MSG_EQ(bench.arrivals[1],
                                  bench.arrivals[0] + MicroSeconds(16),
                                  "16 us after the first event");
        }
        Simulator::Destroy();
    }

    uint32_t m_frames;
};

/**
 * (R9) sampling: one-way line-rate frames (81,274 per s on gigabit, 12.304 us each) from
 * 1 s. The statistics task runs every 248 ms from 0 (HZ 250): the sample at 0.248 s only
 * records; at 0.992 s the counts are still 0 (rate 0 <= 7812: rx-usecs 16); at 1.240 s
 * about 19,500 received and none sent: unbalanced above the threshold, t = 128 us.
 */
class CoalescingSampleTestCase : public TestCase
{
  public:
    CoalescingSampleTestCase()
        : TestCase("(R9) one-way line rate: the statistics task sets rx-usecs-high 128")
    {
    }

  private:
    void DoRun() override
    {
        NicHelper helper = FastHost();
        auto aic = CreateObject<AdaptiveRxCoalescing>();
        helper.SetDeviceAttribute("AdaptiveCoalescing", PointerValue(aic));
        Bench bench(helper);
        bench.port->GetQueue()->SetMaxSize(QueueSize("100000p"));
        for (int i = 0; i < 30000; ++i)
        {
            bench.SendAt(Seconds(1), 1500);
        }
        uint32_t before = 0;
        Simulator::Schedule(Seconds(1.1), [&]() { before = aic->GetModerationUsecs(); });
        Simulator::Stop(Seconds(1.3));
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(before, 16u, "before a sample saw the traffic");
        NS_TEST_EXPECT_MSG_EQ(aic->GetModerationUsecs(), 128u, "after");
        Simulator::Destroy();
    }
};

/**
 * NicHelper::InstallUncabled makes the host-side NIC of Install without a cable: on the
 * host (which becomes one), with a MAC address of its own, the transmit FIFO bounded by
 * the ring (TxRingSize + 8 frames) and a queue interface, attached to no channel (link
 * down) - and once the caller cables it, a frame reaches the host's stack through it.
 */
class InstallUncabledTestCase : public TestCase
{
  public:
    InstallUncabledTestCase()
        : TestCase("InstallUncabled: the NIC of Install without its cable, cabled by the caller")
    {
    }

  private:
    void DoRun() override
    {
        NicHelper helper = FastHost();
        helper.SetDeviceAttribute("TxRingSize", UintegerValue(96));
        Ptr<Node> host = CreateObject<Node>();
        const uint32_t devicesBefore = host->GetNDevices();
        Ptr<NicNetDevice> nic = helper.InstallUncabled(host);
        NS_TEST_ASSERT_MSG_NE(nic, nullptr, "a NIC");
        NS_TEST_EXPECT_MSG_EQ(host->GetNDevices(), devicesBefore + 1, "one device added");
        NS_TEST_EXPECT_MSG_EQ(nic->GetNode(), host, "on the host");
        NS_TEST_EXPECT_MSG_NE(host->GetObject<HostCpu>(), nullptr, "the host has a CPU");
        NS_TEST_EXPECT_MSG_NE(host->GetObject<HostBus>(), nullptr, "the host has a bus");
        NS_TEST_EXPECT_MSG_EQ(nic->GetChannel(), nullptr, "no cable");
        NS_TEST_EXPECT_MSG_EQ(nic->IsLinkUp(), false, "link down without a cable");
        NS_TEST_EXPECT_MSG_NE(nic->GetInterruptModerator(), nullptr, "a moderator");
        NS_TEST_EXPECT_MSG_NE(nic->GetObject<NetDeviceQueueInterface>(),
                              nullptr,
                              "a queue interface");
        NS_TEST_EXPECT_MSG_EQ(nic->GetQueue()->GetMaxSize(),
                              QueueSize("104p"),
                              "FIFO bounded by the ring: 96 + 8");
        Ptr<NicNetDevice> second = helper.InstallUncabled(host);
        NS_TEST_EXPECT_MSG_NE(second->GetAddress(), nic->GetAddress(), "own MAC address");
        NS_TEST_EXPECT_MSG_EQ(host->GetNDevices(), devicesBefore + 2, "two NICs on one host");

        // The caller cables it: a frame from a port on another node reaches the stack.
        Ptr<Node> sender = CreateObject<Node>();
        Ptr<EthernetNetDevice> port = CreateObject<EthernetNetDevice>();
        port->SetAddress(Mac48Address::Allocate());
        port->SetQueue(CreateObject<DropTailQueue<Packet>>());
        sender->AddDevice(port);
        Ptr<EthernetChannel> cable = CreateObject<EthernetChannel>();
        port->Attach(cable);
        nic->Attach(cable);
        NS_TEST_EXPECT_MSG_EQ(nic->IsLinkUp(), true, "link up once cabled");
        uint32_t delivered = 0;
        nic->SetReceiveCallback(MakeCallback(+[](uint32_t* n,
                                                 Ptr<NetDevice>,
                                                 Ptr<const Packet>,
                                                 uint16_t,
                                                 const Address&) {
                                    ++*n;
                                    return true;
                                }).Bind(&delivered));
        Simulator::Schedule(MicroSeconds(10), [&]() {
            port->Send(Create<Packet>(1000), nic->GetAddress(), kProtocol);
        });
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(delivered, 1u, "the frame reached the host's stack");
        Simulator::Destroy();
    }
};

/**
 * (R8): T = B + O, B the e1000 5.x receive buffer for the largest frame (MTU + 18 B):
 * 2048 B up to a 1518 B frame, then 4096, 8192, 16384 B; 0 while O = 0.
 */
class RxSkbTrueSizeTestCase : public TestCase
{
  public:
    RxSkbTrueSizeTestCase()
        : TestCase("(R8) RxSkbTrueSize: the e1000 5.x buffer for the MTU plus RxSkbOverhead")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<NicNetDevice> nic = FastHost().InstallUncabled(CreateObject<Node>());
        UintegerValue trueSize;
        nic->GetAttribute("RxSkbTrueSize", trueSize);
        NS_TEST_EXPECT_MSG_EQ(trueSize.Get(), 0U, "RxSkbOverhead 0: not modelled");
        nic->SetAttribute("RxSkbOverhead", UintegerValue(300));
        // MTU -> largest frame -> buffer: 1500 -> 1518 -> 2048; 1501 -> 1519 -> 4096;
        // 4078 -> 4096 -> 4096; 4079 -> 8192; 9000 -> 9018 -> 16384; 16110 -> 16128 -> 16384
        const std::vector<std::pair<uint16_t, uint32_t>> cases =
            {{1500, 2048}, {1501, 4096}, {4078, 4096}, {4079, 8192}, {9000, 16384}, {16110, 16384}};
        for (const auto& [mtu, buffer] : cases)
        {
            NS_TEST_ASSERT_MSG_EQ(nic->SetMtu(mtu), true, "MTU " << mtu);
            NS_TEST_EXPECT_MSG_EQ(nic->GetRxSkbTrueSize(), buffer + 300, "MTU " << mtu);
        }
        Simulator::Destroy();
    }
};

class NicNetDeviceTestSuite : public TestSuite
{
  public:
    NicNetDeviceTestSuite()
        : TestSuite("hybridnet-nic-net-device", Type::UNIT)
    {
        AddTestCase(new RxPathDelayTestCase(0, 0, 0), Duration::QUICK);
        AddTestCase(new RxPathDelayTestCase(5000, 3000, 7000), Duration::QUICK);
        AddTestCase(new ThrottleClockTestCase("FreeRunning"), Duration::QUICK);
        AddTestCase(new ThrottleClockTestCase("Restart"), Duration::QUICK);
        AddTestCase(new NapiBudgetTestCase, Duration::QUICK);
        AddTestCase(new RxRingOverflowTestCase, Duration::QUICK);
        AddTestCase(new TxPathDelayTestCase, Duration::QUICK);
        AddTestCase(new TxRingFullTestCase, Duration::QUICK);
        AddTestCase(new TxQueueDrainTestCase, Duration::QUICK);
        AddTestCase(new CoalescingCountTestCase(4), Duration::QUICK);
        AddTestCase(new CoalescingCountTestCase(5), Duration::QUICK);
        AddTestCase(new CoalescingDefaultsTestCase(0), Duration::QUICK);
        AddTestCase(new CoalescingDefaultsTestCase(44), Duration::QUICK);
        AddTestCase(new CoalescingSampleTestCase, Duration::QUICK);
        AddTestCase(new ThrottledRateTestCase, Duration::QUICK);
        AddTestCase(new InstallUncabledTestCase, Duration::QUICK);
        AddTestCase(new RxSkbTrueSizeTestCase, Duration::QUICK);
    }
};

NicNetDeviceTestSuite g_nicNetDeviceTestSuite;

} // namespace
