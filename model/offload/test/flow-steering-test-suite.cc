/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of FlowSteering against their class comments, with expected values
 * computed here from the equations:
 *
 *     drain rule the new path is taken at t_R = t_L + S, t_L the PhyTxEnd of the flow's
 *                last packet on the old path (equations (3)-(4)); nothing of the flow
 *                leaves on the new path before t_R, nothing on the old path after t_L
 *     (5)        S = (Q + 1) T_w + L + 2 d + I bounds how much longer the switch path
 *                takes than the circuit: with it no packet overtakes, with S = 0 and a
 *                standing queue in the switch, packets on the circuit must overtake
 *
 * The testbed is the study's two-NIC host pair:
 *
 *            NIC 1 10.0.0.1                         10.0.0.2 NIC 1
 *     host A ------------ PacketSwitch (100 p) --R_B-------- host B
 *            NIC 2 192.168.0.1                   192.168.0.2 NIC 2
 *            ---- converter ---- OCS port 1 === port 2 ---- converter ----
 *
 * R_B, the rate of B's switch link, is 100 Mb/s in the TCP cases: a window of 96 KiB
 * (at most 68 segments, well below the 100-frame output queue) then keeps a standing queue
 * in the switch without loss, the queue the drain rule must wait out.
 */
#include "hybridnet/ethernet-net-device.h"
#include "hybridnet/flow-key.h"
#include "hybridnet/flow-steering-helper.h"
#include "hybridnet/flow-steering.h"
#include "hybridnet/optical-circuit-switch-helper.h"
#include "hybridnet/optical-circuit-switch.h"
#include "hybridnet/packet-switch-helper.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/test.h"

#include <map>
#include <optional>
#include <set>
#include <vector>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

constexpr uint8_t kTcp = 6;
constexpr uint8_t kUdp = 17;
constexpr uint32_t kQueueFrames = 100;    //!< Q, the switch's output queue
constexpr uint32_t kFullFrameWire = 1538; //!< W of a 1500 B packet, EthernetNetDevice (2)

/** (5) for the testbed: plain Ethernet hosts (I = 0), L = 0, d = 0. */
Time
SettleTimeFor(DataRate slowestSwitchLink)
{
    return slowestSwitchLink.CalculateBytesTxTime((kQueueFrames + 1) * kFullFrameWire);
}

// ---------------------------------------------------------------------------------------
// The testbed

/** @param a a device @param b another @return both, in that order */
NetDeviceContainer
Pair(Ptr<NetDevice> a, Ptr<NetDevice> b)
{
    NetDeviceContainer both;
    both.Add(a);
    both.Add(b);
    return both;
}

/** Two hosts with a NIC on a PacketSwitch and a NIC on an OpticalCircuitSwitch each. */
struct Testbed
{
    NodeContainer hosts{2};
    Ptr<Node> switchNode{CreateObject<Node>()};
    Ptr<Node> accelerator{CreateObject<Node>()};
    Ptr<OpticalCircuitSwitch> ocs;
    Ptr<EthernetNetDevice> packetNic[2];  //!< NIC 1, on the packet switch
    Ptr<EthernetNetDevice> circuitNic[2]; //!< NIC 2, on the circuit switch
    Ipv4Address packetAddress[2];
    Ipv4Address circuitAddress[2];
    Ptr<FlowSteering> steering[2];
    bool circuitUp{false};

    /**
     * @param rateB rate of host B's switch link (both ends)
     * @param settle SettleTime of both FlowSteerings
     */
    Testbed(DataRate rateB, Time settle)
    {
        PacketSwitchHelper star;
        star.SetQueue("ns3::DropTailQueue",
                      "MaxSize",
                      QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS, kQueueFrames)));
        star.SetDeviceAttribute("DataRate", DataRateValue(DataRate("1Gbps")));
        packetNic[0] =
            DynamicCast<EthernetNetDevice>(star.Install(switchNode, hosts.Get(0)).Get(0));
        star.SetDeviceAttribute("DataRate", DataRateValue(rateB));
        packetNic[1] =
            DynamicCast<EthernetNetDevice>(star.Install(switchNode, hosts.Get(1)).Get(0));

        OpticalCircuitSwitchHelper circuits;
        circuits.SetSwitchAttribute("CommandLatencyMin", TimeValue(Seconds(1)));
        circuits.SetSwitchAttribute("CommandLatencyMax", TimeValue(Seconds(1)));
        circuits.SetHostDeviceAttribute("DataRate", DataRateValue(DataRate("1Gbps")));
        ocs = circuits.Install(accelerator);
        circuitNic[0] = circuits.InstallHost(ocs, 1, hosts.Get(0));
        circuitNic[1] = circuits.InstallHost(ocs, 2, hosts.Get(1));

        InternetStackHelper internet;
        internet.Install(hosts);
        Ipv4AddressHelper addresses("10.0.0.0", "255.255.255.0");
        Ipv4InterfaceContainer packetSide = addresses.Assign(Pair(packetNic[0], packetNic[1]));
        addresses.SetBase("192.168.0.0", "255.255.255.0");
        Ipv4InterfaceContainer circuitSide = addresses.Assign(Pair(circuitNic[0], circuitNic[1]));
        for (int i = 0; i < 2; ++i)
        {
            packetAddress[i] = packetSide.GetAddress(i);
            circuitAddress[i] = circuitSide.GetAddress(i);
        }

        FlowSteeringHelper steeringHelper;
        steeringHelper.SetAttribute("SettleTime", TimeValue(settle));
        std::vector<Ptr<FlowSteering>> installed = steeringHelper.Install(hosts);
        steering[0] = installed[0];
        steering[1] = installed[1];

        // The circuit, as the pipe-fitting daemon sets it up: lit 1 s + 20 ms from now.
        ocs->Connect(1, 2, MakeCallback(+[](bool* up, bool success, std::string) {
                               *up = success;
                           }).Bind(&circuitUp));
    }

    /** @param host 0 or 1 @param device its device @return the IPv4 interface index */
    uint32_t Interface(int host, Ptr<NetDevice> device) const
    {
        return hosts.Get(host)->GetObject<Ipv4>()->GetInterfaceForDevice(device);
    }
};

/**
 * The test's own mark on each packet of a recorded flow (Tx trace), to find it again at
 * the devices: packet uids are shared by all TCP segments cut from one application write.
 */
class PacketSerialTag : public Tag
{
  public:
    static TypeId GetTypeId()
    {
        static TypeId tid = TypeId("ns3::hybridnet::FlowSteeringTestSerialTag")
                                .SetParent<Tag>()
                                .SetGroupName("Hybridnet")
                                .AddConstructor<PacketSerialTag>();
        return tid;
    }

    TypeId GetInstanceTypeId() const override
    {
        return GetTypeId();
    }

    uint32_t GetSerializedSize() const override
    {
        return 8;
    }

    void Serialize(TagBuffer buffer) const override
    {
        buffer.WriteU64(serial);
    }

    void Deserialize(TagBuffer buffer) override
    {
        serial = buffer.ReadU64();
    }

    void Print(std::ostream& os) const override
    {
        os << "serial=" << serial;
    }

    uint64_t serial{0};
};

/** A serial number for every recorded packet of every test. */
uint64_t g_nextSerial = 1;

/** One host's view of one outgoing flow: what FlowSteering sent and when it left. */
struct SideRecorder
{
    std::function<bool(const FlowKey&)> match; //!< which flow (the first match is kept)
    std::optional<FlowKey> key;
    std::vector<uint64_t> order;                   //!< serials, in the order handed to IP
    std::map<uint64_t, Time> handed;               //!< serial -> Tx time
    std::map<uint64_t, bool> steered;              //!< serial -> Tx's steered flag
    std::map<uint64_t, std::pair<Time, int>> left; //!< serial -> first PhyTxEnd, NIC 1 or 2
    std::map<uint32_t, uint32_t> dataSeqs;         //!< TCP data seq -> times sent

    struct Change
    {
        Time time;
        Ptr<const NetDevice> device;
        Ipv4Address nextHop;
    };

    std::vector<Change> changes;
    std::vector<Time> done;

    void Connect(Ptr<FlowSteering> steering, Ptr<NetDevice> nic1, Ptr<NetDevice> nic2)
    {
        steering->TraceConnectWithoutContext("Tx", MakeCallback(&SideRecorder::Tx, this));
        steering->TraceConnectWithoutContext("PathChange",
                                             MakeCallback(&SideRecorder::PathChange, this));
        nic1->TraceConnectWithoutContext("PhyTxEnd", MakeCallback(&SideRecorder::Left1, this));
        nic2->TraceConnectWithoutContext("PhyTxEnd", MakeCallback(&SideRecorder::Left2, this));
    }

    void Tx(Ptr<const Packet> packet, const FlowKey& k, bool isSteered)
    {
        if (!key && match(k))
        {
            key = k;
        }
        if (!key || !(k == *key))
        {
            return;
        }
        PacketSerialTag tag;
        tag.serial = g_nextSerial++;
        packet->AddPacketTag(tag);
        order.push_back(tag.serial);
        handed[tag.serial] = Simulator::Now();
        steered[tag.serial] = isSteered;
        if (k.protocol == kTcp)
        {
            TcpHeader tcp;
            packet->PeekHeader(tcp);
            if (packet->GetSize() > tcp.GetSerializedSize())
            {
                ++dataSeqs[tcp.GetSequenceNumber().GetValue()];
            }
        }
    }

    void Leave(int nic, Ptr<const Packet> frame)
    {
        PacketSerialTag tag;
        if (frame->PeekPacketTag(tag) && handed.contains(tag.serial) && !left.contains(tag.serial))
        {
            left[tag.serial] = {Simulator::Now(), nic};
        }
    }

    void Left1(Ptr<const Packet> frame)
    {
        Leave(1, frame);
    }

    void Left2(Ptr<const Packet> frame)
    {
        Leave(2, frame);
    }

    void PathChange(const FlowKey& k, Ptr<const NetDevice> device, Ipv4Address nextHop)
    {
        if (key && k == *key)
        {
            changes.push_back({Simulator::Now(), device, nextHop});
        }
    }

    void Done()
    {
        done.push_back(Simulator::Now());
    }

    /** @return the last serial handed to IP with the given steered flag before @p t */
    std::optional<uint64_t> LastBefore(Time t, bool isSteered) const
    {
        std::optional<uint64_t> last;
        for (uint64_t serial : order)
        {
            if (handed.at(serial) <= t && steered.at(serial) == isSteered)
            {
                last = serial;
            }
        }
        return last;
    }

    uint64_t Retransmissions() const
    {
        uint64_t n = 0;
        for (const auto& [seq, count] : dataSeqs)
        {
            n += count - 1;
        }
        return n;
    }
};

/** The receiving host's IP layer: the flow's packets delivered, in order of arrival. */
struct ArrivalRecorder
{
    FlowKey key;
    bool haveKey{false};
    uint32_t circuitInterface{0};
    std::vector<std::pair<Time, uint32_t>> seqs;     //!< TCP data: arrival, sequence number
    std::vector<std::pair<Time, uint32_t>> counters; //!< UDP: arrival, counter in the payload
    uint64_t onCircuit{0};
    uint64_t onPacketSwitch{0};
    Time firstOnCircuit{Seconds(1e9)};
    Time lastOnCircuit;

    void Deliver(const Ipv4Header& header, Ptr<const Packet> packet, uint32_t interface)
    {
        if (!haveKey || header.GetProtocol() != key.protocol)
        {
            return;
        }
        const FlowKey k = FlowKey::FromTransport(packet,
                                                 header.GetSource(),
                                                 header.GetDestination(),
                                                 key.protocol);
        if (!(k == key))
        {
            return;
        }
        if (interface == circuitInterface)
        {
            ++onCircuit;
            firstOnCircuit = std::min(firstOnCircuit, Simulator::Now());
            lastOnCircuit = Simulator::Now();
        }
        else
        {
            ++onPacketSwitch;
        }
        if (key.protocol == kTcp)
        {
            TcpHeader tcp;
            packet->PeekHeader(tcp);
            if (packet->GetSize() > tcp.GetSerializedSize())
            {
                seqs.emplace_back(Simulator::Now(), tcp.GetSequenceNumber().GetValue());
            }
        }
        else
        {
            UdpHeader udp;
            Ptr<Packet> copy = packet->Copy();
            copy->RemoveHeader(udp);
            uint32_t counter = 0;
            copy->CopyData(reinterpret_cast<uint8_t*>(&counter), sizeof(counter));
            counters.emplace_back(Simulator::Now(), counter);
        }
    }

    /** @return arrivals that are not after every earlier one in sequence (overtaken) */
    static uint64_t OutOfOrder(const std::vector<std::pair<Time, uint32_t>>& arrivals,
                               Time from,
                               Time to)
    {
        uint64_t n = 0;
        std::optional<uint32_t> highest;
        for (const auto& [t, seq] : arrivals)
        {
            if (highest && seq <= *highest && t >= from && t <= to)
            {
                ++n;
            }
            highest = highest ? std::max(*highest, seq) : seq;
        }
        return n;
    }
};

// ---------------------------------------------------------------------------------------
// TCP: the move onto the circuit and back

/**
 * A TCP bulk transfer A -> B through the switch (standing queue: B's link at 100 Mb/s,
 * window 96 KiB); at t1 A steers the data and B the ACKs onto the circuit, at t2 both
 * give them back.  With S of (5) every check of the drain rule holds and nothing arrives
 * out of order; with S = 0 (the differential case) packets on the circuit must overtake
 * the ones still queued in the switch, and the test asserts that they do.
 */
class TcpMoveTestCase : public TestCase
{
  public:
    /** @param drainRule true: S of (5); false: S = 0 (expect reordering) */
    explicit TcpMoveTestCase(bool drainRule)
        : TestCase(drainRule ? "TCP moved onto the circuit and back with S = (Q + 1) T_w: "
                               "path changes at t_L + S, nothing out of order, every byte"
                             : "the same move with S = 0 while the switch queue stands: "
                               "circuit packets overtake (reordering observed)"),
          m_drainRule(drainRule)
    {
    }

  private:
    void DoRun() override
    {
        const DataRate rateB("100Mbps");
        const Time settle = m_drainRule ? SettleTimeFor(rateB) : Time(0);
        const uint32_t mss = 1448;
        const uint64_t bytes = 32'000'000;
        const Time start = MilliSeconds(100);
        const Time t1 = MilliSeconds(1500);
        const Time t2 = MilliSeconds(1600);
        Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(mss));
        Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(96 << 10));
        Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(96 << 10));

        Testbed bed(rateB, settle);
        const uint16_t port = 5001;
        PacketSinkHelper sinkHelper("ns3::TcpSocketFactory",
                                    InetSocketAddress(Ipv4Address::GetAny(), port));
        Ptr<PacketSink> sink = DynamicCast<PacketSink>(sinkHelper.Install(bed.hosts.Get(1)).Get(0));
        BulkSendHelper sender("ns3::TcpSocketFactory",
                              InetSocketAddress(bed.packetAddress[1], port));
        sender.SetAttribute("MaxBytes", UintegerValue(bytes));
        sender.SetAttribute("SendSize", UintegerValue(8192));
        sender.Install(bed.hosts.Get(0)).Start(start);

        SideRecorder data; // A's data segments
        SideRecorder acks; // B's ACKs
        data.match = [&](const FlowKey& k) {
            return k.protocol == kTcp && k.destinationPort == port;
        };
        acks.match = [&](const FlowKey& k) { return k.protocol == kTcp && k.sourcePort == port; };
        data.Connect(bed.steering[0], bed.packetNic[0], bed.circuitNic[0]);
        acks.Connect(bed.steering[1], bed.packetNic[1], bed.circuitNic[1]);
        ArrivalRecorder atB;
        ArrivalRecorder atA;
        atB.circuitInterface = bed.Interface(1, bed.circuitNic[1]);
        atA.circuitInterface = bed.Interface(0, bed.circuitNic[0]);
        bed.hosts.Get(1)->GetObject<Ipv4L3Protocol>()->TraceConnectWithoutContext(
            "LocalDeliver",
            MakeCallback(&ArrivalRecorder::Deliver, &atB));
        bed.hosts.Get(0)->GetObject<Ipv4L3Protocol>()->TraceConnectWithoutContext(
            "LocalDeliver",
            MakeCallback(&ArrivalRecorder::Deliver, &atA));

        bool steeredAtCall = false;
        Simulator::Schedule(t1, [&]() {
            if (!data.key)
            {
                return; // checked below: no PathChange
            }
            atB.key = *data.key;
            atB.haveKey = true;
            atA.key = data.key->Reverse();
            atA.haveKey = true;
            bed.steering[0]->Steer(*data.key,
                                   bed.circuitNic[0],
                                   bed.circuitAddress[1],
                                   MakeCallback(&SideRecorder::Done, &data));
            bed.steering[1]->Steer(data.key->Reverse(),
                                   bed.circuitNic[1],
                                   bed.circuitAddress[0],
                                   MakeCallback(&SideRecorder::Done, &acks));
            steeredAtCall = bed.steering[0]->IsSteered(*data.key);
        });
        Simulator::Schedule(t2, [&]() {
            bed.steering[0]->Unsteer(*data.key, MakeCallback(&SideRecorder::Done, &data));
            bed.steering[1]->Unsteer(data.key->Reverse(), MakeCallback(&SideRecorder::Done, &acks));
        });
        Simulator::Stop(Seconds(4));
        Simulator::Run();

        NS_TEST_ASSERT_MSG_EQ(bed.circuitUp, true, "the circuit was set up");
        NS_TEST_ASSERT_MSG_EQ(data.changes.size(), 2u, "data: onto the circuit and back");
        NS_TEST_ASSERT_MSG_EQ(acks.changes.size(), 2u, "ACKs: onto the circuit and back");
        if (data.changes.size() != 2 || acks.changes.size() != 2)
        {
            return; // the runner continues after a failed assertion
        }
        const Time on = data.changes[0].time;
        const Time back = data.changes[1].time;

        if (!m_drainRule)
        {
            // Packets handed to the circuit at t_L (S = 0) meet an idle path while up to
            // 68 segments still wait in the switch for B's 100 Mb/s link: they overtake.
            NS_TEST_EXPECT_MSG_GT(
                ArrivalRecorder::OutOfOrder(atB.seqs, on, on + SettleTimeFor(rateB)),
                0u,
                "with S = 0 the circuit overtakes the switch queue");
            NS_TEST_EXPECT_MSG_EQ(sink->GetTotalRx(), bytes, "TCP repairs it: every byte arrives");
            return;
        }

        NS_TEST_EXPECT_MSG_EQ(steeredAtCall, true, "IsSteered from the Steer call on");
        CheckSide(data, bed, 0, settle, t1, t2, "data");
        CheckSide(acks, bed, 1, settle, t1, t2, "ACKs");

        // The receivers' IP layers: in order, through the circuit while steered.
        NS_TEST_EXPECT_MSG_EQ(ArrivalRecorder::OutOfOrder(atB.seqs, Time(0), Seconds(4)),
                              0u,
                              "B's IP layer saw the data segments in increasing sequence order");
        NS_TEST_EXPECT_MSG_EQ(data.Retransmissions(),
                              0u,
                              "no segment was sent twice (nothing lost)");
        uint64_t steeredData = 0;
        for (const auto& [serial, isSteered] : data.steered)
        {
            steeredData += isSteered ? 1 : 0;
        }
        NS_TEST_EXPECT_MSG_EQ(atB.onCircuit,
                              steeredData,
                              "every steered packet came by the circuit");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(atB.firstOnCircuit, on, "none by the circuit before the move");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(atB.lastOnCircuit,
                                    back,
                                    "none by the circuit after the move back");
        NS_TEST_EXPECT_MSG_GT(atA.onCircuit, 0u, "ACKs reached A by the circuit");
        NS_TEST_EXPECT_MSG_GT(atA.onPacketSwitch, 0u, "and by the switch outside the move");

        // The connection survived: one connection, every byte.
        NS_TEST_EXPECT_MSG_EQ(sink->GetTotalRx(), bytes, "every byte arrived");
        NS_TEST_EXPECT_MSG_EQ(sink->GetAcceptedSockets().size(), 1u, "over one connection");
        NS_TEST_EXPECT_MSG_EQ(bed.steering[0]->GetHeldPackets(), 0u, "nothing left held");
        NS_TEST_EXPECT_MSG_EQ(bed.steering[0]->GetHoldDrops(), 0u, "no hold drop");
    }

    /** Also after a failed assertion: nothing of this case outlives it. */
    void DoTeardown() override
    {
        Simulator::Destroy();
        Config::Reset();
    }

    /**
     * The drain rule on one host: PathChange at t_L + S, each time; the flow's packets
     * leave NIC 2 exactly while steered, NIC 1 otherwise, never inside [t_L, t_R).
     */
    void CheckSide(const SideRecorder& side,
                   const Testbed& bed,
                   int host,
                   Time settle,
                   Time t1,
                   Time t2,
                   const std::string& what)
    {
        const Time on = side.changes[0].time;
        const Time back = side.changes[1].time;
        NS_TEST_EXPECT_MSG_EQ(side.changes[0].device,
                              Ptr<const NetDevice>(bed.circuitNic[host]),
                              what << ": onto NIC 2");
        NS_TEST_EXPECT_MSG_EQ(side.changes[0].nextHop,
                              bed.circuitAddress[1 - host],
                              what << ": next hop the peer's NIC 2");
        NS_TEST_EXPECT_MSG_EQ(side.changes[1].device,
                              nullptr,
                              what << ": back to the routing table");
        NS_TEST_EXPECT_MSG_EQ(side.changes[1].nextHop, Ipv4Address::GetAny(), what << ": 0.0.0.0");
        NS_TEST_EXPECT_MSG_EQ(side.done.size(), 2u, what << ": both moves called back");
        if (side.done.size() == 2)
        {
            NS_TEST_EXPECT_MSG_EQ(side.done[0], on, what << ": done when the new path is in use");
            NS_TEST_EXPECT_MSG_EQ(side.done[1], back, what << ": done when the old path is back");
        }

        // (4): t_R = t_L + S, t_L the PhyTxEnd of the last packet on the old path.
        const auto lastSwitched = side.LastBefore(on, false);
        NS_TEST_ASSERT_MSG_EQ((lastSwitched && side.left.contains(*lastSwitched)),
                              true,
                              what << ": sent before the move, and it left");
        if (!lastSwitched || !side.left.contains(*lastSwitched))
        {
            return;
        }
        NS_TEST_EXPECT_MSG_EQ(side.left.at(*lastSwitched).second, 1, what << ": by NIC 1");
        NS_TEST_EXPECT_MSG_GT(side.left.at(*lastSwitched).first,
                              t1,
                              what << ": after the Steer call (it was sent meanwhile)");
        NS_TEST_EXPECT_MSG_EQ(on,
                              side.left.at(*lastSwitched).first + settle,
                              what << ": onto the circuit at t_L + S");
        const auto lastCircuit = side.LastBefore(back, true);
        NS_TEST_ASSERT_MSG_EQ((lastCircuit && side.left.contains(*lastCircuit)),
                              true,
                              what << ": sent on the circuit, and it left");
        if (!lastCircuit || !side.left.contains(*lastCircuit))
        {
            return;
        }
        NS_TEST_EXPECT_MSG_EQ(side.left.at(*lastCircuit).second, 2, what << ": by NIC 2");
        NS_TEST_EXPECT_MSG_EQ(back,
                              side.left.at(*lastCircuit).first + settle,
                              what << ": back at t_L + S");
        NS_TEST_EXPECT_MSG_GT(back, t2, what << ": after the Unsteer call");

        // Every packet: steered exactly while the circuit path is in use, and left by
        // the matching NIC, outside the drain and settle intervals.
        uint64_t before = 0;
        uint64_t during = 0;
        uint64_t after = 0;
        uint64_t wrong = 0;
        for (uint64_t serial : side.order)
        {
            const Time t = side.handed.at(serial);
            const bool expectSteered = t >= on && t < back;
            wrong += side.steered.at(serial) != expectSteered ? 1 : 0;
            (t < on ? before : t < back ? during : after) += 1;
            if (!side.left.contains(serial))
            {
                continue;
            }
            const auto [leftAt, nic] = side.left.at(serial);
            if (expectSteered)
            {
                wrong += nic != 2 || leftAt < on || leftAt > back - settle ? 1 : 0;
            }
            else
            {
                wrong += nic != 1 || (leftAt > on - settle && leftAt < back) ? 1 : 0;
            }
        }
        NS_TEST_EXPECT_MSG_EQ(wrong,
                              0u,
                              what << ": packets on the wrong path or at the wrong time");
        NS_TEST_EXPECT_MSG_GT(before, 0u, what << ": packets before the move");
        NS_TEST_EXPECT_MSG_GT(during, 0u, what << ": packets on the circuit");
        NS_TEST_EXPECT_MSG_GT(after, 0u, what << ": packets after the move back");
    }

    bool m_drainRule;
};

// ---------------------------------------------------------------------------------------
// UDP: any transport; other flows stay; a flow that never sent moves at once

/** A UDP socket that sends a counter every interval. */
struct UdpFlow
{
    Ptr<Socket> socket;
    uint32_t counter{0};
    uint32_t sent{0};

    UdpFlow(Ptr<Node> from, Ipv4Address source, uint16_t sourcePort, Ipv4Address to, uint16_t port)
    {
        socket = Socket::CreateSocket(from, UdpSocketFactory::GetTypeId());
        socket->Bind(InetSocketAddress(source, sourcePort));
        socket->Connect(InetSocketAddress(to, port));
    }

    void Run(Time start, Time stop, Time interval)
    {
        for (Time t = start; t < stop; t += interval)
        {
            Simulator::Schedule(t, &UdpFlow::Send, this);
        }
    }

    void Send()
    {
        uint32_t value = counter++;
        std::vector<uint8_t> payload(1000, 0);
        std::copy_n(reinterpret_cast<uint8_t*>(&value), sizeof(value), payload.begin());
        socket->Send(Create<Packet>(payload.data(), payload.size()));
        ++sent;
    }
};

/**
 * Three UDP flows A -> B.  Flow 1 is steered at 1.5 s: it moves at t_L + S (1.5 ms of
 * default SettleTime) and arrives by the circuit from then on, in order, none lost.
 * Flow 2, between the same hosts, is never moved.  Flow 3 has sent nothing when it is
 * steered at 1.7 s (with the next hop already resolved by flow 1's move): it moves at
 * once, at 1.7 s exactly, and every packet of it goes by the circuit.
 */
class UdpMoveTestCase : public TestCase
{
  public:
    UdpMoveTestCase()
        : TestCase("UDP flow steered (any transport); a second flow between the same hosts "
                   "stays; a flow that never sent moves at once")
    {
    }

  private:
    void DoRun() override
    {
        Testbed bed(DataRate("1Gbps"), MicroSeconds(1500));
        const Time settle = bed.steering[0]->GetSettleTime();
        NS_TEST_EXPECT_MSG_EQ(settle, MicroSeconds(1500), "SettleTime attribute");
        const Ipv4Address a = bed.packetAddress[0];
        const Ipv4Address b = bed.packetAddress[1];
        std::vector<Ptr<Socket>> sinks;
        for (uint16_t port : {9, 10, 11})
        {
            sinks.push_back(Socket::CreateSocket(bed.hosts.Get(1), UdpSocketFactory::GetTypeId()));
            sinks.back()->Bind(InetSocketAddress(Ipv4Address::GetAny(), port));
        }
        UdpFlow flow1(bed.hosts.Get(0), a, 7001, b, 9);
        UdpFlow flow2(bed.hosts.Get(0), a, 7002, b, 10);
        UdpFlow flow3(bed.hosts.Get(0), a, 7003, b, 11);
        const FlowKey key1{a, b, kUdp, 7001, 9};
        const FlowKey key2{a, b, kUdp, 7002, 10};
        const FlowKey key3{a, b, kUdp, 7003, 11};
        // One packet first: ns-3's ARP waits up to RequestJitter (10 ms) before its
        // request and queues only 3 packets meanwhile; the stream starts after it.
        for (UdpFlow* flow : {&flow1, &flow2})
        {
            flow->Run(MilliSeconds(50), MilliSeconds(51), MilliSeconds(1));
            flow->Run(MilliSeconds(100), Seconds(2), MicroSeconds(100));
        }
        flow3.Run(MilliSeconds(1800), Seconds(2), MicroSeconds(100));

        SideRecorder side1;
        SideRecorder side2;
        SideRecorder side3;
        side1.match = [&](const FlowKey& k) { return k == key1; };
        side2.match = [&](const FlowKey& k) { return k == key2; };
        side3.match = [&](const FlowKey& k) { return k == key3; };
        side3.key = key3; // it sends nothing before its move
        for (SideRecorder* side : {&side1, &side2, &side3})
        {
            side->Connect(bed.steering[0], bed.packetNic[0], bed.circuitNic[0]);
        }
        ArrivalRecorder at1;
        ArrivalRecorder at2;
        ArrivalRecorder at3;
        at1.key = key1;
        at2.key = key2;
        at3.key = key3;
        for (ArrivalRecorder* at : {&at1, &at2, &at3})
        {
            at->haveKey = true;
            at->circuitInterface = bed.Interface(1, bed.circuitNic[1]);
            bed.hosts.Get(1)->GetObject<Ipv4L3Protocol>()->TraceConnectWithoutContext(
                "LocalDeliver",
                MakeCallback(&ArrivalRecorder::Deliver, at));
        }

        const Time t1 = MilliSeconds(1500);
        const Time t3 = MilliSeconds(1700);
        bool steered1 = false;
        bool steered2 = true;
        Simulator::Schedule(t1, [&]() {
            bed.steering[0]->Steer(key1,
                                   bed.circuitNic[0],
                                   bed.circuitAddress[1],
                                   MakeCallback(&SideRecorder::Done, &side1));
            steered1 = bed.steering[0]->IsSteered(key1);
            steered2 = bed.steering[0]->IsSteered(key2);
        });
        Simulator::Schedule(t3, [&]() {
            bed.steering[0]->Steer(key3,
                                   bed.circuitNic[0],
                                   bed.circuitAddress[1],
                                   MakeCallback(&SideRecorder::Done, &side3));
        });
        Simulator::Stop(Seconds(3));
        Simulator::Run();

        NS_TEST_ASSERT_MSG_EQ(bed.circuitUp, true, "the circuit was set up");
        NS_TEST_EXPECT_MSG_EQ(steered1, true, "flow 1 steered");
        NS_TEST_EXPECT_MSG_EQ(steered2, false, "flow 2 not steered");

        // Flow 1: (4) and the paths of its packets.
        NS_TEST_ASSERT_MSG_EQ(side1.changes.size(), 1u, "flow 1 moved once");
        NS_TEST_ASSERT_MSG_EQ(side3.changes.size(), 1u, "flow 3 moved");
        NS_TEST_ASSERT_MSG_EQ(side3.done.size(), 1u, "flow 3 done called");
        if (side1.changes.size() != 1 || side3.changes.size() != 1 || side3.done.size() != 1)
        {
            return; // the runner continues after a failed assertion
        }
        const Time on = side1.changes[0].time;
        const auto last = side1.LastBefore(on, false);
        NS_TEST_ASSERT_MSG_EQ((last.has_value() && side1.left.contains(*last)), true, "sent, left");
        if (!last || !side1.left.contains(*last))
        {
            return;
        }
        NS_TEST_EXPECT_MSG_EQ(on, side1.left.at(*last).first + settle, "flow 1 moves at t_L + S");
        NS_TEST_EXPECT_MSG_EQ(side1.done.size(), 1u, "flow 1 done called");
        uint64_t wrong = 0;
        for (uint64_t serial : side1.order)
        {
            const bool after = side1.handed.at(serial) >= on;
            wrong += side1.steered.at(serial) != after ? 1 : 0;
            wrong += side1.left.contains(serial) && side1.left.at(serial).second != (after ? 2 : 1)
                         ? 1
                         : 0;
        }
        NS_TEST_EXPECT_MSG_EQ(wrong, 0u, "flow 1 on NIC 2 exactly from its move on");
        NS_TEST_EXPECT_MSG_GT(at1.onCircuit, 0u, "flow 1 arrived by the circuit");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(at1.firstOnCircuit, on, "not before its move");
        NS_TEST_EXPECT_MSG_EQ(at1.counters.size(), flow1.sent, "flow 1: nothing lost");
        NS_TEST_EXPECT_MSG_EQ(ArrivalRecorder::OutOfOrder(at1.counters, Time(0), Seconds(3)),
                              0u,
                              "flow 1: in order");

        // Flow 2: untouched.
        NS_TEST_EXPECT_MSG_EQ(side2.changes.size(), 0u, "flow 2 never moved");
        uint64_t steeredOf2 = 0;
        uint64_t nic2Of2 = 0;
        for (uint64_t serial : side2.order)
        {
            steeredOf2 += side2.steered.at(serial) ? 1 : 0;
            nic2Of2 += side2.left.contains(serial) && side2.left.at(serial).second == 2 ? 1 : 0;
        }
        NS_TEST_EXPECT_MSG_GT(side2.order.size(), 0u, "flow 2 sent");
        NS_TEST_EXPECT_MSG_EQ(steeredOf2, 0u, "flow 2 never steered");
        NS_TEST_EXPECT_MSG_EQ(nic2Of2, 0u, "flow 2 never left by NIC 2");
        NS_TEST_EXPECT_MSG_EQ(at2.onCircuit, 0u, "flow 2 never arrived by the circuit");
        NS_TEST_EXPECT_MSG_EQ(at2.onPacketSwitch, flow2.sent, "flow 2: all by the switch");

        // Flow 3: no packet on the old path, next hop resolved: at once.
        NS_TEST_EXPECT_MSG_EQ(side3.changes[0].time, t3, "flow 3 moved at the Steer call");
        NS_TEST_EXPECT_MSG_EQ(side3.done[0], t3, "at once");
        NS_TEST_EXPECT_MSG_EQ(at3.onCircuit, flow3.sent, "flow 3: all by the circuit");
        NS_TEST_EXPECT_MSG_EQ(at3.onPacketSwitch, 0u, "flow 3: none by the switch");
    }

    /** Also after a failed assertion: nothing of this case outlives it. */
    void DoTeardown() override
    {
        Simulator::Destroy();
    }
};

class FlowSteeringTestSuite : public TestSuite
{
  public:
    FlowSteeringTestSuite()
        : TestSuite("hybridnet-flow-steering", Type::UNIT)
    {
        AddTestCase(new TcpMoveTestCase(true), Duration::QUICK);
        AddTestCase(new TcpMoveTestCase(false), Duration::QUICK);
        AddTestCase(new UdpMoveTestCase, Duration::QUICK);
    }
};

FlowSteeringTestSuite g_flowSteeringTestSuite;

} // namespace
