/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Timing of the link layer, every expected time worked out from the model's equations and
 * attributes: one packet over a cable and through a switch (cut-through, and store and
 * forward when the output lacks credit), credit starvation and refill, streaming at line
 * rate and with a buffer below the credit loop's bandwidth-delay product.
 *
 * On 4X DDR a byte takes 0.5 ns (16 Gb/s, InfinibandRate (2)); a packet with m bytes of
 * payload after the BTH is p = m + 26 bytes, W = 4 ceil((p + 2) / 4) on the wire, T = W / 2
 * ns; an FCP takes 8 bytes, T_f = 4 ns.
 *
 * Deliberate mistakes tried, and what caught them:
 * - the channel hands a channel adapter the packet at its head (no T): CableLatency;
 * - a switch port takes the packet at its tail (store and forward always): SwitchLatency;
 * - FCPs without wire time (handed over after d only): SwitchLatency (store-and-forward
 *   time);
 * - blocks rounded down (p / 64): Starvation (three packets go instead of two);
 * - the switch frees the input buffer when the packet arrives instead of when its tail
 *   leaves: no case caught it until BackpressureTestCase was added (A then sends all six).
 */
#include "hybridnet/infiniband-bth-header.h"
#include "hybridnet/infiniband-helper.h"
#include "hybridnet/infiniband-net-device.h"
#include "hybridnet/infiniband-subnet-manager-helper.h"
#include "hybridnet/infiniband-switch.h"

#include "ns3/core-module.h"
#include "ns3/network-module.h"

#include <vector>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

const Time kFcp = NanoSeconds(4); //!< T_f: 8 wire bytes at 4X DDR

/** @return T at 4X DDR of a packet with @p m bytes after the BTH (class comment) */
Time
PacketTime(uint32_t m)
{
    const uint32_t p = m + 26;
    const uint32_t wire = 4 * ((p + 2 + 3) / 4);
    return PicoSeconds(500 * wire);
}

/** @return a packet as a transport would hand it down: BTH + @p m bytes */
Ptr<Packet>
Make(uint32_t m)
{
    Ptr<Packet> p = Create<Packet>(m);
    p->AddHeader(InfinibandBthHeader());
    return p;
}

/** Adapters A and B, by cable or through one switch, and what B received when. */
class Fabric
{
  public:
    /** @param viaSwitch A - switch - B, else A - B */
    Fabric(bool viaSwitch, const InfinibandHelper& ib = InfinibandHelper())
    {
        m_nodes.Create(viaSwitch ? 3 : 2);
        if (viaSwitch)
        {
            sw = ib.InstallSwitch(m_nodes.Get(2));
            a = DynamicCast<InfinibandNetDevice>(ib.Install(m_nodes.Get(0), m_nodes.Get(2)).Get(0));
            b = DynamicCast<InfinibandNetDevice>(ib.Install(m_nodes.Get(1), m_nodes.Get(2)).Get(0));
        }
        else
        {
            NetDeviceContainer d = ib.Install(m_nodes.Get(0), m_nodes.Get(1));
            a = DynamicCast<InfinibandNetDevice>(d.Get(0));
            b = DynamicCast<InfinibandNetDevice>(d.Get(1));
        }
        InfinibandSubnetManagerHelper().Configure(m_nodes);
        b->SetReceiveCallback(MakeCallback(&Fabric::Received, this));
        a->TraceConnectWithoutContext("Tx", MakeCallback(&Fabric::Sent, this));
    }

    /** A sends @p count packets of @p m bytes to B at @p at, on SL @p sl. */
    void Send(Time at, uint32_t count, uint32_t m, uint8_t sl = 0)
    {
        Simulator::Schedule(at, [this, count, m, sl]() {
            for (uint32_t k = 0; k < count; ++k)
            {
                const bool queued =
                    a->SendTo(Make(m), Mac16Address::ConvertFrom(b->GetAddress()), sl);
                NS_ABORT_UNLESS(queued);
            }
        });
    }

    Ptr<InfinibandNetDevice> a;
    Ptr<InfinibandNetDevice> b;
    Ptr<InfinibandSwitch> sw;
    std::vector<Time> received; //!< B's up-calls
    std::vector<Time> sent;     //!< A's Tx (start on the wire)

  private:
    bool Received(Ptr<NetDevice>, Ptr<const Packet>, uint16_t, const Address&)
    {
        received.push_back(Simulator::Now());
        return true;
    }

    void Sent(Ptr<const Packet>, uint8_t)
    {
        sent.push_back(Simulator::Now());
    }

    NodeContainer m_nodes;
};

/** One packet over a cable arrives T + d after it starts, at every MTU. */
class CableLatencyTestCase : public TestCase
{
  public:
    CableLatencyTestCase(uint32_t m)
        : TestCase("cable: a " + std::to_string(m) + " B packet arrives T + d after it starts"),
          m_m(m)
    {
    }

  private:
    void DoRun() override
    {
        Fabric f(false);
        const Time t0 = MicroSeconds(1);
        f.Send(t0, 1, m_m);
        Simulator::Run();
        const Time d = NanoSeconds(5); // InfinibandChannel Delay default
        NS_TEST_ASSERT_MSG_EQ(f.received.size(), 1, "one packet");
        NS_TEST_EXPECT_MSG_EQ(f.received[0], t0 + PacketTime(m_m) + d, "T + d");
        Simulator::Destroy();
    }

    uint32_t m_m;
};

/**
 * Through a switch: cut-through, T + L + 2d (InfinibandSwitch (2)); with B's buffer full
 * (one packet, held), the second packet waits in the switch and leaves, whole again, one
 * FCP transit after B frees the buffer: t_r + T_f + d + T + d.
 */
class SwitchLatencyTestCase : public TestCase
{
  public:
    SwitchLatencyTestCase()
        : TestCase("switch: cut-through T + L + 2d; without output credit, store and forward: "
                   "t_release + T_f + 2d + T")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t m = 2048;
        const Time latency = NanoSeconds(150);
        const Time d = NanoSeconds(20);
        InfinibandHelper ib;
        ib.SetSwitchAttribute("PortToPortLatency", TimeValue(latency));
        ib.SetChannelAttribute("Delay", TimeValue(d));
        Fabric f(true, ib);
        f.b->SetAttribute("VlBufferBlocks", UintegerValue(33)); // one 2074 B packet
        f.b->HoldReceive();
        const Time release = MicroSeconds(10);
        Simulator::Schedule(release, &InfinibandNetDevice::ReleaseReceive, f.b);
        f.Send(Seconds(0), 2, m);
        Simulator::Run();
        const Time t = PacketTime(m);
        NS_TEST_ASSERT_MSG_EQ(f.received.size(), 2, "both arrive, none dropped");
        // the first arrived (held) at T + L + 2d; it is delivered at the release
        NS_TEST_EXPECT_MSG_EQ(f.received[0], release, "first, delivered at the release");
        NS_TEST_EXPECT_MSG_EQ(f.received[1], release + kFcp + d + t + d, "second, S&F");
        Simulator::Destroy();

        Fabric g(true, ib);
        g.Send(MicroSeconds(1), 1, m);
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(g.received.size(), 1, "one packet");
        NS_TEST_EXPECT_MSG_EQ(g.received[0], MicroSeconds(1) + t + latency + 2 * d, "CT");
        Simulator::Destroy();
    }
};

/**
 * B's buffer k = 12 blocks, its consumer stopped; 256 B packets need b = 5 blocks (p =
 * 282): A sends floor(k / b) = 2 and stops, its credits k - 2b = 2. B's consumer restarts
 * at t_r: its FCP reaches A at t_r + T_f + d, when A's third packet starts; the credit
 * stall lasted from 2T (A idle) to then. All six arrive.
 */
class StarvationTestCase : public TestCase
{
  public:
    StarvationTestCase()
        : TestCase("starvation: the sender stops after exactly floor(k over b) packets and resumes "
                   "one FCP transit after the credits return; nothing dropped")
    {
    }

  private:
    void DoRun() override
    {
        Fabric f(false);
        f.b->SetAttribute("VlBufferBlocks", UintegerValue(12));
        f.b->HoldReceive();
        std::vector<Time> stalls;
        f.a->TraceConnectWithoutContext(
            "CreditStall",
            Callback<void, uint8_t, Time>([&stalls](uint8_t, Time w) { stalls.push_back(w); }));
        const Time release = MicroSeconds(5);
        uint32_t sentBefore = 0;
        uint32_t creditsBefore = 0;
        Simulator::Schedule(release - NanoSeconds(1), [&]() {
            sentBefore = f.sent.size();
            creditsBefore = f.a->GetCredits(0);
        });
        Simulator::Schedule(release, &InfinibandNetDevice::ReleaseReceive, f.b);
        f.Send(Seconds(0), 6, 256);
        Simulator::Run();
        const Time t = PacketTime(256);
        const Time d = NanoSeconds(5);
        NS_TEST_EXPECT_MSG_EQ(sentBefore, 2, "floor(12 / 5) packets before the release");
        NS_TEST_EXPECT_MSG_EQ(creditsBefore, 2, "k - 2b credits left");
        NS_TEST_ASSERT_MSG_EQ(f.sent.size(), 6, "all sent");
        NS_TEST_EXPECT_MSG_EQ(f.sent[1], t, "second back to back");
        NS_TEST_EXPECT_MSG_EQ(f.sent[2], release + kFcp + d, "resumes one FCP transit later");
        NS_TEST_ASSERT_MSG_GT(stalls.size(), 0, "a stall traced");
        NS_TEST_EXPECT_MSG_EQ(stalls[0], release + kFcp + d - 2 * t, "stall duration");
        NS_TEST_EXPECT_MSG_EQ(f.received.size(), 6, "every packet arrives");
        Simulator::Destroy();
    }
};

/**
 * Backpressure through the switch: every buffer 66 blocks (two 2074 B packets), B's 33
 * (one) and its consumer stopped. A's first packet goes to B; the next two wait in the
 * switch's input buffer, which then has no credit left for A: A stops after exactly
 * 1 + 2 = 3 packets, and all six arrive after B restarts.
 */
class BackpressureTestCase : public TestCase
{
  public:
    BackpressureTestCase()
        : TestCase("backpressure: a stopped receiver stops the sender one switch away after "
                   "exactly the buffers downstream; nothing dropped")
    {
    }

  private:
    void DoRun() override
    {
        InfinibandHelper ib;
        ib.SetDeviceAttribute("VlBufferBlocks", UintegerValue(66));
        Fabric f(true, ib);
        f.b->SetAttribute("VlBufferBlocks", UintegerValue(33));
        f.b->HoldReceive();
        const Time release = MicroSeconds(20);
        uint32_t sentBefore = 0;
        Simulator::Schedule(release - NanoSeconds(1), [&]() { sentBefore = f.sent.size(); });
        Simulator::Schedule(release, &InfinibandNetDevice::ReleaseReceive, f.b);
        f.Send(Seconds(0), 6, 2048);
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(sentBefore, 3, "B's one packet + the switch's two");
        NS_TEST_EXPECT_MSG_EQ(f.received.size(), 6, "every packet arrives");
        Simulator::Destroy();
    }
};

/**
 * Streaming A -> B, MTU 2048 (T = 1038 ns). Credit loop R = T + d + T_f + d: a packet's
 * credit is back R after it started. With a buffer of n packets and n T >= R the link
 * never waits: arrivals T apart, payload rate D m / W = 16 Gb/s x 2048 / 2076. With n T < R
 * the sender sends n packets every R: arrivals i and i + n are R apart, payload rate
 * n m 8 / R (the buffer over the credit round trip).
 */
class StreamTestCase : public TestCase
{
  public:
    StreamTestCase(uint32_t bufferBlocks, Time delay)
        : TestCase("stream, buffer " + std::to_string(bufferBlocks) +
                   " blocks, d = " + std::to_string(delay.GetNanoSeconds()) +
                   " ns: payload rate min(D m over W, n m over R)"),
          m_blocks(bufferBlocks),
          m_delay(delay)
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t m = 2048;
        const uint32_t count = 60; // < 131 us of traffic: no flow-control refresh inside
        InfinibandHelper ib;
        ib.SetChannelAttribute("Delay", TimeValue(m_delay));
        ib.SetDeviceAttribute("VlBufferBlocks", UintegerValue(m_blocks));
        Fabric f(false, ib);
        f.Send(Seconds(0), count, m);
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(f.received.size(), count, "all arrive");
        const Time t = PacketTime(m);
        const Time r = t + m_delay + kFcp + m_delay;
        const uint32_t n = m_blocks / 33; // packets the buffer holds (b = 33)
        const bool creditBound = t * n < r;
        const uint32_t lag = creditBound ? n : 1;
        const Time gap = creditBound ? r : t;
        for (uint32_t i = 0; i + lag < count; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(f.received[i + lag] - f.received[i], gap, "arrival " << i);
        }
        const double expected = creditBound ? n * m * 8.0 / r.GetSeconds() : 16e9 * m / (m + 28);
        const uint32_t span = (count - 1) / lag * lag; // whole rounds
        const double rate = span * m * 8.0 / (f.received[span] - f.received[0]).GetSeconds();
        NS_TEST_EXPECT_MSG_EQ_TOL(rate, expected, expected * 1e-9, "payload rate");
        Simulator::Destroy();
    }

    uint32_t m_blocks;
    Time m_delay;
};

class InfinibandLinkTestSuite : public TestSuite
{
  public:
    InfinibandLinkTestSuite()
        : TestSuite("hybridnet-infiniband-link", Type::UNIT)
    {
        for (uint32_t m : {256, 512, 1024, 2048})
        {
            AddTestCase(new CableLatencyTestCase(m), Duration::QUICK);
        }
        AddTestCase(new SwitchLatencyTestCase, Duration::QUICK);
        AddTestCase(new StarvationTestCase, Duration::QUICK);
        AddTestCase(new BackpressureTestCase, Duration::QUICK);
        AddTestCase(new StreamTestCase(128, NanoSeconds(5)), Duration::QUICK);
        AddTestCase(new StreamTestCase(66, MicroSeconds(1)), Duration::QUICK);
    }
};

InfinibandLinkTestSuite g_infinibandLinkTestSuite;

} // namespace
