/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of AggregateSteering (switch-to-switch offload's data plane) against its class
 * comment, expected values computed here from the equations:
 *
 *     (4)  the aggregate's path changes at t_R = t_L + S, t_L the PhyTxEnd on the WAN
 *          port of the aggregate's last packet forwarded there before the move
 *     (5)  S = d_W - d_c for one WAN link of delay d_W; S = d_W is an upper bound of it,
 *          and with it no packet of any flow arrives out of order; with S = 0 packets on
 *          the (10 ms faster) circuit must overtake the WAN queue (differential case)
 *
 * The testbed: two campuses behind border routers, a WAN link and a circuit between the
 * routers' circuit ports (through media converters and an OpticalCircuitSwitch):
 *
 *     a0 10.1.1.1 --+                                  +-- b0 10.2.1.1
 *     a1 10.1.2.1 --+-- rA ==== WAN 50 Mb/s, 10 ms ==== rB --+-- b1 10.2.2.1
 *     a2 10.1.3.1 --+    \                          /     +-- c0 10.3.1.1
 *                         192.168.0.1 -- OCS 1=2 -- 192.168.0.2
 *
 * Host links 1 Gb/s, 1 us. Aggregate at rA: 10.1.0.0/16 > 10.2.0.0/16; at rB the
 * reverse (the ACKs). TCP flows a0>b0, a1>b0, a2>b1 from the start, a1>b1 starting while
 * the aggregate is on the circuit, and a2>c0 outside the aggregate. Windows of 64 KiB
 * (SndBuf = RcvBuf): 5 x 45 segments fit in rA's queues (100 + 1000 packets), so nothing is
 * lost and any sequence number at a receiver that is not above every earlier one is a
 * reordering the move caused. At 50 Mb/s the windows exceed the WAN's bandwidth-delay
 * product (125 kB), so a queue stands at rA's WAN port that the drain rule must wait out.
 *
 * Mistakes tried (each made once in aggregate-steering.cc, the suite failed, reverted):
 * - Drained() releasing at t_L instead of t_L + S: both change-instant checks fail (10 ms
 *   early) and flows arrive out of order (86 and 5 reordered segments in two flows);
 * - Match() testing only the source prefix: the flow a2>c0, outside the aggregate, takes
 *   the circuit (4790 packets) and the "stayed on the WAN" check fails.
 * The S = 0 case is the differential check that the in-order checks can fail at all.
 */
#include "hybridnet/aggregate-steering-helper.h"
#include "hybridnet/aggregate-steering.h"
#include "hybridnet/ethernet-net-device.h"
#include "hybridnet/flow-key.h"
#include "hybridnet/optical-circuit-switch-helper.h"
#include "hybridnet/optical-circuit-switch.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/ppp-header.h"
#include "ns3/test.h"
#include "ns3/traffic-control-module.h"

#include <map>
#include <optional>
#include <vector>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

constexpr uint8_t kTcp = 6;
const Time kWanDelay = MilliSeconds(10); //!< d_W
const Time kMoveOn = Seconds(2);         //!< Steer at both borders
const Time kMoveBack = Seconds(3);       //!< Unsteer at both borders
const Time kLateStart = MilliSeconds(2500);
const Time kStop = Seconds(4);

/** The test's mark on the aggregate's packets forwarded by rA, to see them leave. */
class AggregateMarkTag : public Tag
{
  public:
    static TypeId GetTypeId()
    {
        static TypeId tid = TypeId("ns3::hybridnet::AggregateSteeringTestMarkTag")
                                .SetParent<Tag>()
                                .SetGroupName("Hybridnet")
                                .AddConstructor<AggregateMarkTag>();
        return tid;
    }

    TypeId GetInstanceTypeId() const override
    {
        return GetTypeId();
    }

    uint32_t GetSerializedSize() const override
    {
        return 0;
    }

    void Serialize(TagBuffer /* buffer */) const override
    {
    }

    void Deserialize(TagBuffer /* buffer */) override
    {
    }

    void Print(std::ostream& /* os */) const override
    {
    }
};

/** The two-campus testbed of the file comment. */
struct Campuses
{
    NodeContainer a{3};
    NodeContainer b{2};
    NodeContainer c{1};
    Ptr<Node> rA{CreateObject<Node>()};
    Ptr<Node> rB{CreateObject<Node>()};
    Ptr<Node> accelerator{CreateObject<Node>()};
    Ptr<NetDevice> wanA; //!< rA's WAN port
    Ptr<EthernetNetDevice> circuitA;
    Ptr<EthernetNetDevice> circuitB;
    Ipv4Address circuitAddressA{"192.168.0.1"};
    Ipv4Address circuitAddressB{"192.168.0.2"};
    std::map<Ptr<Node>, Ipv4Address> address; //!< each host's address
    Ptr<AggregateSteering> steerA;
    Ptr<AggregateSteering> steerB;
    uint32_t aggregateA{0};
    uint32_t aggregateB{0};

    explicit Campuses(Time settle)
    {
        PointToPointHelper hostLink;
        hostLink.SetDeviceAttribute("DataRate", StringValue("1Gbps"));
        hostLink.SetChannelAttribute("Delay", TimeValue(MicroSeconds(1)));
        PointToPointHelper wan;
        wan.SetDeviceAttribute("DataRate", StringValue("50Mbps"));
        wan.SetChannelAttribute("Delay", TimeValue(kWanDelay));

        OpticalCircuitSwitchHelper circuits;
        circuits.SetSwitchAttribute("CommandLatencyMin", TimeValue(Seconds(1)));
        circuits.SetSwitchAttribute("CommandLatencyMax", TimeValue(Seconds(1)));
        circuits.SetHostDeviceAttribute("DataRate", DataRateValue(DataRate("1Gbps")));
        Ptr<OpticalCircuitSwitch> ocs = circuits.Install(accelerator);
        circuitA = circuits.InstallHost(ocs, 1, rA);
        circuitB = circuits.InstallHost(ocs, 2, rB);

        InternetStackHelper internet;
        internet.Install(a);
        internet.Install(b);
        internet.Install(c);
        internet.Install(NodeContainer(rA, rB));
        Ipv4StaticRoutingHelper routing;
        Ipv4AddressHelper addresses;
        // FIFO output queues, as the drain rule requires of the old path's port (ns-3's
        // default FqCoDel interleaves flows, and its drops would show up as
        // retransmissions): 1000 packets in the queue disc, 100 in the device.
        TrafficControlHelper fifo;
        fifo.SetRootQueueDisc("ns3::FifoQueueDisc",
                              "MaxSize",
                              QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS, 1000)));
        auto attach = [&](Ptr<Node> host, Ptr<Node> router, std::string subnet) {
            NetDeviceContainer link = hostLink.Install(host, router);
            fifo.Install(link);
            addresses.SetBase(subnet.c_str(), "255.255.255.0");
            Ipv4InterfaceContainer ifs = addresses.Assign(link);
            address[host] = ifs.GetAddress(0);
            routing.GetStaticRouting(host->GetObject<Ipv4>())
                ->SetDefaultRoute(ifs.GetAddress(1), ifs.Get(0).second);
        };
        for (uint32_t i = 0; i < 3; ++i)
        {
            attach(a.Get(i), rA, "10.1." + std::to_string(i + 1) + ".0");
        }
        for (uint32_t i = 0; i < 2; ++i)
        {
            attach(b.Get(i), rB, "10.2." + std::to_string(i + 1) + ".0");
        }
        attach(c.Get(0), rB, "10.3.1.0");
        NetDeviceContainer wanLink = wan.Install(rA, rB);
        fifo.Install(wanLink);
        wanA = wanLink.Get(0);
        addresses.SetBase("172.16.0.0", "255.255.255.252");
        Ipv4InterfaceContainer wanIfs = addresses.Assign(wanLink);
        NetDeviceContainer circuitPorts;
        circuitPorts.Add(circuitA);
        circuitPorts.Add(circuitB);
        fifo.Install(circuitPorts);
        addresses.SetBase("192.168.0.0", "255.255.255.0");
        addresses.Assign(circuitPorts);
        Ptr<Ipv4StaticRouting> routesA = routing.GetStaticRouting(rA->GetObject<Ipv4>());
        Ptr<Ipv4StaticRouting> routesB = routing.GetStaticRouting(rB->GetObject<Ipv4>());
        const uint32_t wanIfA = wanIfs.Get(0).second;
        const uint32_t wanIfB = wanIfs.Get(1).second;
        routesA->AddNetworkRouteTo("10.2.0.0", "255.255.0.0", wanIfs.GetAddress(1), wanIfA);
        routesA->AddNetworkRouteTo("10.3.0.0", "255.255.0.0", wanIfs.GetAddress(1), wanIfA);
        routesB->AddNetworkRouteTo("10.1.0.0", "255.255.0.0", wanIfs.GetAddress(0), wanIfB);

        AggregateSteeringHelper steering;
        steering.SetAttribute("SettleTime", TimeValue(settle));
        steerA = steering.Install(rA);
        steerB = steering.Install(rB);
        aggregateA = steerA->AddAggregate("10.1.0.0", "255.255.0.0", "10.2.0.0", "255.255.0.0");
        aggregateB = steerB->AddAggregate("10.2.0.0", "255.255.0.0", "10.1.0.0", "255.255.0.0");
        ocs->Connect(1, 2, MakeNullCallback<void, bool, std::string>());
    }
};

/** One TCP flow: its key, what its receiver saw, and where rA forwarded it. */
struct FlowRecord
{
    FlowKey key;
    Time start;
    std::vector<std::pair<Time, uint32_t>> arrivals; //!< data segments: arrival, seq
    uint64_t onCircuit{0};                           //!< forwarded by rA on its circuit port
    uint64_t onWan{0};                               //!< forwarded by rA on the WAN
    Time firstForward{Seconds(-1)};
    bool firstOnCircuit{false};
    Time lastOnCircuit{Seconds(-1)};
    Time firstOnCircuitAt{Seconds(1e9)};

    /** @return arrivals whose sequence number is not above every earlier one */
    uint64_t OutOfOrder() const
    {
        uint64_t n = 0;
        std::optional<uint32_t> highest;
        for (const auto& [t, seq] : arrivals)
        {
            n += (highest && seq <= *highest) ? 1 : 0;
            highest = highest ? std::max(*highest, seq) : seq;
        }
        return n;
    }
};

/** The five flows of the file comment on a steering run with settle time S. */
class AggregateMoveTestCase : public TestCase
{
  public:
    /** @param drainRule true: S = d_W; false: S = 0 (expect reordering) */
    explicit AggregateMoveTestCase(bool drainRule)
        : TestCase(drainRule ? "aggregate of four TCP flows from three hosts moved onto the "
                               "circuit and back with S = d_W: change at t_L + S, every flow "
                               "moved, none reordered, the outside flow stays on the WAN"
                             : "the same move with S = 0: circuit packets overtake the WAN "
                               "queue (reordering observed)"),
          m_drainRule(drainRule)
    {
    }

  private:
    void DoRun() override
    {
        const Time settle = m_drainRule ? kWanDelay : Time(0);
        Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(1448));
        Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(64 << 10));
        Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(64 << 10));
        Campuses net(settle);
        m_net = &net;

        struct Spec
        {
            Ptr<Node> from;
            Ptr<Node> to;
            uint16_t port;
            Time start;
        };

        const std::vector<Spec> specs{
            // the last one is outside the aggregate
            {net.a.Get(0), net.b.Get(0), 5001, MilliSeconds(100)},
            {net.a.Get(1), net.b.Get(0), 5002, MilliSeconds(110)},
            {net.a.Get(2), net.b.Get(1), 5003, MilliSeconds(120)},
            {net.a.Get(1), net.b.Get(1), 5004, kLateStart},
            {net.a.Get(2), net.c.Get(0), 5005, MilliSeconds(130)},
        };
        m_flows.clear();
        for (const Spec& s : specs)
        {
            PacketSinkHelper sink("ns3::TcpSocketFactory",
                                  InetSocketAddress(Ipv4Address::GetAny(), s.port));
            sink.Install(s.to).Start(Seconds(0));
            BulkSendHelper sender("ns3::TcpSocketFactory",
                                  InetSocketAddress(net.address[s.to], s.port));
            sender.SetAttribute("MaxBytes", UintegerValue(0));
            sender.Install(s.from).Start(s.start);
            FlowRecord record;
            record.key.source = net.address[s.from];
            record.key.destination = net.address[s.to];
            record.key.destinationPort = s.port;
            record.key.protocol = kTcp;
            record.start = s.start;
            m_flows.push_back(record);
        }
        for (uint32_t i = 0; i < 2; ++i)
        {
            net.b.Get(i)->GetObject<Ipv4L3Protocol>()->TraceConnectWithoutContext(
                "LocalDeliver",
                MakeCallback(&AggregateMoveTestCase::Delivered, this));
        }
        net.c.Get(0)->GetObject<Ipv4L3Protocol>()->TraceConnectWithoutContext(
            "LocalDeliver",
            MakeCallback(&AggregateMoveTestCase::Delivered, this));
        net.rA->GetObject<Ipv4L3Protocol>()->TraceConnectWithoutContext(
            "UnicastForward",
            MakeCallback(&AggregateMoveTestCase::ForwardedAtA, this));
        net.wanA->TraceConnectWithoutContext("PhyTxEnd",
                                             MakeCallback(&AggregateMoveTestCase::WanTxEnd, this));
        net.circuitA->TraceConnectWithoutContext(
            "PhyTxEnd",
            MakeCallback(&AggregateMoveTestCase::CircuitTxEnd, this));
        net.steerA->TraceConnectWithoutContext(
            "PathChange",
            MakeCallback(&AggregateMoveTestCase::PathChange, this));

        Simulator::Schedule(kMoveOn, [&net]() {
            net.steerA->Steer(net.aggregateA, net.circuitA, net.circuitAddressB, {});
            net.steerB->Steer(net.aggregateB, net.circuitB, net.circuitAddressA, {});
        });
        Simulator::Schedule(kMoveBack, [&net]() {
            net.steerA->Unsteer(net.aggregateA, {});
            net.steerB->Unsteer(net.aggregateB, {});
        });
        Simulator::Stop(kStop);
        Simulator::Run();

        NS_TEST_ASSERT_MSG_EQ(m_changes.size(), 2u, "onto the circuit and back, at rA");
        if (!m_drainRule)
        {
            uint64_t reordered = 0;
            for (const FlowRecord& f : m_flows)
            {
                reordered += f.OutOfOrder();
            }
            NS_TEST_EXPECT_MSG_GT(reordered, 0u, "with S = 0 the circuit overtakes the WAN queue");
            Simulator::Destroy();
            return;
        }
        // (4): each change at t_L + S, t_L the last aggregate packet's PhyTxEnd before it.
        for (size_t i = 0; i < 2; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(m_changes[i] - settle,
                                  m_lastLeftBefore[i],
                                  "change " << i << " at t_L + S");
        }
        // The WAN queue standing at the call is drained first: t_L after the call, by at
        // most the queue (five windows) at the WAN rate.
        NS_TEST_EXPECT_MSG_GT(m_lastLeftBefore[0], kMoveOn, "t_L after the Steer call");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(
            m_lastLeftBefore[0],
            kMoveOn + DataRate("50Mbps").CalculateBytesTxTime(5 * ((64 << 10) + 45 * 60)),
            "t_L within the drain of five windows");
        for (size_t i = 0; i < m_flows.size(); ++i)
        {
            const FlowRecord& f = m_flows[i];
            const bool inAggregate = i < 4;
            NS_TEST_EXPECT_MSG_GT(f.arrivals.size(), 100u, "flow " << i << " carried data");
            NS_TEST_EXPECT_MSG_EQ(f.OutOfOrder(), 0u, "flow " << i << " arrived in order");
            if (inAggregate)
            {
                NS_TEST_EXPECT_MSG_GT(f.onCircuit, 0u, "flow " << i << " took the circuit");
                NS_TEST_EXPECT_MSG_GT_OR_EQ(f.firstOnCircuitAt,
                                            m_changes[0],
                                            "flow " << i << ": not before the change");
                NS_TEST_EXPECT_MSG_LT(f.lastOnCircuit,
                                      m_changes[1],
                                      "flow " << i << ": not after the change back");
            }
            else
            {
                NS_TEST_EXPECT_MSG_EQ(f.onCircuit, 0u, "flow " << i << " stayed on the WAN");
            }
        }
        NS_TEST_EXPECT_MSG_EQ(m_flows[3].firstOnCircuit,
                              true,
                              "a flow started while the circuit is in use takes it at once");
        NS_TEST_EXPECT_MSG_EQ(net.steerA->GetHoldDrops(), 0u, "nothing dropped while held");
        Simulator::Destroy();
    }

    /** @param key a flow's key @return its record, or nullptr */
    FlowRecord* Find(const FlowKey& key)
    {
        for (FlowRecord& f : m_flows)
        {
            if (f.key.source == key.source && f.key.destination == key.destination &&
                f.key.destinationPort == key.destinationPort && f.key.protocol == key.protocol)
            {
                return &f;
            }
        }
        return nullptr;
    }

    void Delivered(const Ipv4Header& header, Ptr<const Packet> packet, uint32_t /* interface */)
    {
        if (header.GetProtocol() != kTcp)
        {
            return;
        }
        FlowRecord* f =
            Find(FlowKey::FromTransport(packet, header.GetSource(), header.GetDestination(), kTcp));
        TcpHeader tcp;
        packet->PeekHeader(tcp);
        if (f && packet->GetSize() > tcp.GetSerializedSize())
        {
            f->arrivals.emplace_back(Simulator::Now(), tcp.GetSequenceNumber().GetValue());
        }
    }

    void ForwardedAtA(const Ipv4Header& header, Ptr<const Packet> packet, uint32_t interface)
    {
        if (header.GetProtocol() != kTcp)
        {
            return;
        }
        FlowRecord* f =
            Find(FlowKey::FromTransport(packet, header.GetSource(), header.GetDestination(), kTcp));
        if (!f)
        {
            return;
        }
        AggregateMarkTag mark;
        if (f != &m_flows.back() && !packet->PeekPacketTag(mark))
        {
            packet->AddPacketTag(mark);
        }
        Ptr<Ipv4> ipv4 = m_net->rA->GetObject<Ipv4>();
        const bool circuit =
            interface == static_cast<uint32_t>(ipv4->GetInterfaceForDevice(m_net->circuitA));
        if (f->firstForward.IsNegative())
        {
            f->firstForward = Simulator::Now();
            f->firstOnCircuit = circuit;
        }
        if (circuit)
        {
            ++f->onCircuit;
            f->lastOnCircuit = Simulator::Now();
            f->firstOnCircuitAt = std::min(f->firstOnCircuitAt, Simulator::Now());
        }
        else
        {
            ++f->onWan;
        }
    }

    void WanTxEnd(Ptr<const Packet> frame)
    {
        AggregateMarkTag mark;
        if (frame->PeekPacketTag(mark))
        {
            m_lastLeftWan = Simulator::Now();
        }
    }

    void CircuitTxEnd(Ptr<const Packet> frame)
    {
        AggregateMarkTag mark;
        if (frame->PeekPacketTag(mark))
        {
            m_lastLeftCircuit = Simulator::Now();
        }
    }

    void PathChange(uint32_t /* aggregate */, Ptr<const NetDevice> /* device */, Ipv4Address)
    {
        // The old path: the WAN for the first change, the circuit for the second.
        m_lastLeftBefore.push_back(m_changes.empty() ? m_lastLeftWan : m_lastLeftCircuit);
        m_changes.push_back(Simulator::Now());
    }

    bool m_drainRule;
    Campuses* m_net{nullptr};
    std::vector<FlowRecord> m_flows;
    std::vector<Time> m_changes;
    Time m_lastLeftWan;
    Time m_lastLeftCircuit;
    std::vector<Time> m_lastLeftBefore; //!< t_L of each change
};

/** The suite. */
class AggregateSteeringTestSuite : public TestSuite
{
  public:
    AggregateSteeringTestSuite()
        : TestSuite("hybridnet-aggregate-steering", Type::UNIT)
    {
        AddTestCase(new AggregateMoveTestCase(true), Duration::QUICK);
        AddTestCase(new AggregateMoveTestCase(false), Duration::QUICK);
    }
};

/** Static instance. */
AggregateSteeringTestSuite g_aggregateSteeringTestSuite;

} // namespace
