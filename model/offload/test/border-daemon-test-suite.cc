/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of switch-to-switch offload's control plane: an EndpointDaemon on each border
 * router watching an aggregate (EndpointDaemon::AddAggregate, class comment (4)), the
 * PipeFittingDaemon granting a circuit between the two borders' circuit ports, and
 * AggregateSteering moving the aggregate there and back.  The testbed:
 *
 *     a0 10.1.1.1 --+                                    +-- b0 10.2.1.1
 *     a1 10.1.2.1 --+-- rA ==== WAN 100 Mb/s, 10 ms ==== rB --+-- b1 10.2.2.1
 *     a2 10.1.3.1 --+   | \                            /
 *   f 10.1.9.1 (pfd) ---+  192.168.0.1 -- OCS 1=2 -- 192.168.0.2
 *     f --- 10 Mb/s management --- accelerator console 10.9.0.1:23
 *
 * Host links 1 Gb/s, 1 us, FIFO queue discs (1000 packets) everywhere. rA's aggregate
 * 10.1.0.0/16 > 10.2.0.0/16 with peer rB (172.16.0.2, its WAN address: the source of its
 * route to the pfd); rB's the reverse with peer rA (10.1.9.2). Flows from t0 = 0.55 s to
 * t_stop = 8 s: TCP a0>b0, a1>b0, a2>b1 (64 KiB windows: nothing is lost, so any sequence
 * number at a receiver not above every earlier one is a reordering) and a UDP CBR a0>b1
 * of 1448-byte datagrams every 580 us (20 Mb/s), numbered (SeqTsHeader).
 *
 * Expected values, from the attributes (epd defaults Delta = 0.5 s, n = 2, H = 3.5 s,
 * IdleTimeout = 2 s; RateThreshold R = 5 Mb/s here; OCS L = 1 s pinned, S_sw = 20 ms;
 * AggregateSteering SettleTime S = d_W = 10 ms, its (5) bound for one WAN link):
 *
 * - detection, epd (1)-(2) on (4): samples at t_k = k Delta from the daemon's start (0).
 *   r(0.5 s) = 0 (nothing forwarded before t0); r(1.0 s) >= the UDP flow's bytes in
 *   (0.55, 1.0] = 0.45 s x 20 Mb/s / 1 s = 9 Mb/s >= R, and r stays >= 20 Mb/s > R while
 *   the UDP flow runs; so t_a = 1.0 s and t_detect = t_a + H = 4.5 s exactly (the TCP
 *   flows only add bytes).  rB's aggregate carries only ACKs, about 32 B per two 1448 B
 *   segments: below 1 Mb/s < R, never detected.
 * - circuit lit, pfd (1) with OCS (4): in [t_detect + L + S_sw, + eps], eps = 20 ms
 *   bounding the REQUEST on a 1 Gb/s LAN hop (~10 us) and the console's TCP session over
 *   the 10 Mb/s management link (a few 100-byte segments, < 1 ms each).
 * - rA's move (PathChange of the epd = AggregateSteering (4), t_L + S): after the light
 *   and at most eps + D + S later, D the drain of rA's full WAN queue,
 *   (1000 + 100) x 1502 B at 100 Mb/s = 132.2 ms.  rB's move: its SETUP crosses rA's WAN
 *   queue (<= D) and the WAN (d_W), then rB drains its own WAN queue (<= D): at most
 *   eps + 2 D + d_W + S after the light.
 * - release: the requester rA returns the aggregate at the first sample at or after
 *   t_last + IdleTimeout (t_last: the last aggregate packet rA forwarded), EndpointDaemon
 *   table; the circuit goes dark L after `no connection`.
 * - every flow of the aggregate on the circuit only between rA's two moves, all in order,
 *   every UDP datagram delivered.
 *
 * Mistakes tried (each made once in endpoint-daemon.cc, the suite failed, reverted):
 * - Forwarded() counting only packets forwarded on the circuit: nothing is ever detected
 *   ("rA detects its aggregate once" fails);
 * - HandleSetup() treating the aggregate's key as a plain pipe (flow.aggregate false):
 *   READY goes at once but nothing is steered ("rA: onto the circuit and back" and every
 *   "took the circuit" fail);
 * - Return() of an aggregate skipping MoveAggregates (RELEASE without Unsteer): the
 *   aggregates stay steered while the circuit goes dark ("unsteered at the end" fails).
 * The in-order checks are the ones AggregateSteering's own suite shows can fail (its
 * S = 0 case).
 */
#include "hybridnet/aggregate-steering-helper.h"
#include "hybridnet/aggregate-steering.h"
#include "hybridnet/endpoint-daemon.h"
#include "hybridnet/ethernet-net-device.h"
#include "hybridnet/flow-key.h"
#include "hybridnet/offload-daemon-helper.h"
#include "hybridnet/optical-circuit-switch-helper.h"
#include "hybridnet/optical-circuit-switch.h"
#include "hybridnet/pipe-fitting-daemon.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/seq-ts-header.h"
#include "ns3/test.h"
#include "ns3/traffic-control-module.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

constexpr uint8_t kTcp = 6;
constexpr uint8_t kUdp = 17;
const Time kWanDelay = MilliSeconds(10);     //!< d_W
const DataRate kWanRate("100Mbps");          //!< WAN rate
const Time kL = Seconds(1);                  //!< OCS command latency (pinned)
const Time kSwitch = MilliSeconds(20);       //!< OCS switching time
const Time kEps = MilliSeconds(20);          //!< messaging and console-session bound
const Time kDelta = MilliSeconds(500);       //!< SampleInterval (default)
const Time kHold = MilliSeconds(3500);       //!< HoldTime (default)
const Time kIdle = Seconds(2);               //!< IdleTimeout (default)
const DataRate kThreshold("5Mbps");          //!< RateThreshold R
const Time kStart = MilliSeconds(550);       //!< t0
const Time kStopSend = Seconds(8);           //!< t_stop
const Time kEnd = Seconds(14);               //!< end of the run
const uint32_t kUdpSize = 1448;              //!< UDP datagram payload
const Time kUdpInterval = MicroSeconds(580); //!< its interval (20 Mb/s)

using EpdState = EndpointDaemon::FlowState;
using PfdState = PipeFittingDaemon::CircuitState;

/**
 * A check whose failure ends the checks: ns-3's NS_TEST_ASSERT does not return when the
 * runner continues on failure, and the code after it indexes what it checked.
 */
#define REQUIRE(condition, msg)                                                                    \
    do                                                                                             \
    {                                                                                              \
        const bool ok_ = (condition);                                                              \
        NS_TEST_EXPECT_MSG_EQ(ok_, true, msg);                                                     \
        if (!ok_)                                                                                  \
        {                                                                                          \
            return;                                                                                \
        }                                                                                          \
    } while (false)

/** @return the first sample instant k Delta at or after @p t */
Time
NextSample(Time t)
{
    const int64_t k = (t.GetTimeStep() + kDelta.GetTimeStep() - 1) / kDelta.GetTimeStep();
    return Time(k * kDelta.GetTimeStep());
}

/** The testbed of the file comment with a pfd and a border daemon on each router. */
struct Borders
{
    NodeContainer a{3};
    NodeContainer b{2};
    Ptr<Node> f{CreateObject<Node>()};
    Ptr<Node> rA{CreateObject<Node>()};
    Ptr<Node> rB{CreateObject<Node>()};
    Ptr<Node> accelerator{CreateObject<Node>()};
    Ptr<OpticalCircuitSwitch> ocs;
    Ptr<EthernetNetDevice> circuitA;
    Ptr<EthernetNetDevice> circuitB;
    std::map<Ptr<Node>, Ipv4Address> address;
    Ipv4Address borderA; //!< rA as the pfd knows it (its address on f's subnet)
    Ipv4Address borderB; //!< rB as the pfd knows it (its WAN address)
    Ptr<AggregateSteering> steerA;
    Ptr<AggregateSteering> steerB;
    Ptr<EndpointDaemon> epdA;
    Ptr<EndpointDaemon> epdB;
    Ptr<PipeFittingDaemon> pfd;

    Borders()
    {
        PointToPointHelper hostLink;
        hostLink.SetDeviceAttribute("DataRate", StringValue("1Gbps"));
        hostLink.SetChannelAttribute("Delay", TimeValue(MicroSeconds(1)));
        PointToPointHelper wan;
        wan.SetDeviceAttribute("DataRate", DataRateValue(kWanRate));
        wan.SetChannelAttribute("Delay", TimeValue(kWanDelay));

        OpticalCircuitSwitchHelper circuits;
        circuits.SetSwitchAttribute("CommandLatencyMin", TimeValue(kL));
        circuits.SetSwitchAttribute("CommandLatencyMax", TimeValue(kL));
        circuits.SetSwitchAttribute("SwitchingTime", TimeValue(kSwitch));
        circuits.SetHostDeviceAttribute("DataRate", DataRateValue(DataRate("1Gbps")));
        ocs = circuits.Install(accelerator);
        circuitA = circuits.InstallHost(ocs, 1, rA);
        circuitB = circuits.InstallHost(ocs, 2, rB);
        NetDeviceContainer mgmt = circuits.InstallManagement(accelerator, f);

        NodeContainer all(a, b);
        all.Add(f);
        all.Add(rA);
        all.Add(rB);
        all.Add(accelerator);
        InternetStackHelper().Install(all);
        for (uint32_t i = 0; i < all.GetN(); ++i)
        {
            // no ARP request jitter (ns-3 adds U[0, 10] ms): the bounds above assume none
            all.Get(i)->GetObject<ArpL3Protocol>()->SetAttribute(
                "RequestJitter",
                StringValue("ns3::ConstantRandomVariable[Constant=0.0]"));
        }
        Ipv4StaticRoutingHelper routing;
        Ipv4AddressHelper addresses;
        TrafficControlHelper fifo; // the drain rule needs FIFO ports (AggregateSteering)
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
            return ifs.GetAddress(1);
        };
        for (uint32_t i = 0; i < 3; ++i)
        {
            attach(a.Get(i), rA, "10.1." + std::to_string(i + 1) + ".0");
        }
        for (uint32_t i = 0; i < 2; ++i)
        {
            attach(b.Get(i), rB, "10.2." + std::to_string(i + 1) + ".0");
        }
        borderA = attach(f, rA, "10.1.9.0");
        NetDeviceContainer wanLink = wan.Install(rA, rB);
        fifo.Install(wanLink);
        addresses.SetBase("172.16.0.0", "255.255.255.252");
        Ipv4InterfaceContainer wanIfs = addresses.Assign(wanLink);
        borderB = wanIfs.GetAddress(1);
        NetDeviceContainer circuitPorts;
        circuitPorts.Add(circuitA);
        circuitPorts.Add(circuitB);
        fifo.Install(circuitPorts);
        addresses.SetBase("192.168.0.0", "255.255.255.0");
        Ipv4InterfaceContainer circuitIfs = addresses.Assign(circuitPorts);
        addresses.SetBase("10.9.0.0", "255.255.255.0");
        Ipv4InterfaceContainer mgmtIfs = addresses.Assign(mgmt);
        routing.GetStaticRouting(rA->GetObject<Ipv4>())
            ->AddNetworkRouteTo("10.2.0.0",
                                "255.255.0.0",
                                wanIfs.GetAddress(1),
                                wanIfs.Get(0).second);
        routing.GetStaticRouting(rB->GetObject<Ipv4>())
            ->AddNetworkRouteTo("10.1.0.0",
                                "255.255.0.0",
                                wanIfs.GetAddress(0),
                                wanIfs.Get(1).second);
        circuits.InstallConsoleServer(accelerator).Start(Seconds(0));

        AggregateSteeringHelper steering;
        steering.SetAttribute("SettleTime", TimeValue(kWanDelay));
        steerA = steering.Install(rA);
        steerB = steering.Install(rB);
        const uint32_t aggregateA =
            steerA->AddAggregate("10.1.0.0", "255.255.0.0", "10.2.0.0", "255.255.0.0");
        const uint32_t aggregateB =
            steerB->AddAggregate("10.2.0.0", "255.255.0.0", "10.1.0.0", "255.255.0.0");

        OffloadDaemonHelper offload;
        offload.SetEndpointAttribute("RateThreshold", DataRateValue(kThreshold));
        pfd = offload.InstallPipeFitting(f, mgmtIfs.GetAddress(0));
        pfd->AddEndpoint(borderA, circuitIfs.GetAddress(0), 1);
        pfd->AddEndpoint(borderB, circuitIfs.GetAddress(1), 2);
        epdA = offload.InstallEndpoint(rA, circuitA, address[f]);
        epdB = offload.InstallEndpoint(rB, circuitB, address[f]);
        epdA->AddAggregate(steerA, aggregateA, borderB);
        epdB->AddAggregate(steerB, aggregateB, borderA);
    }
};

/** What one flow of the aggregate did. */
struct FlowRecord
{
    FlowKey key;
    std::vector<uint32_t> arrivals; //!< TCP data sequence numbers or UDP SeqTs numbers
    uint64_t onCircuit{0};          //!< forwarded by rA on the circuit
    Time firstOnCircuit{Seconds(1e9)};
    Time lastOnCircuit{Seconds(-1)};

    /** @return arrivals not above every earlier one */
    uint64_t OutOfOrder() const
    {
        uint64_t n = 0;
        std::optional<uint32_t> highest;
        for (uint32_t seq : arrivals)
        {
            n += (highest && seq <= *highest) ? 1 : 0;
            highest = highest ? std::max(*highest, seq) : seq;
        }
        return n;
    }
};

/** The whole cycle of the file comment. */
class BorderCycleTestCase : public TestCase
{
  public:
    BorderCycleTestCase()
        : TestCase("border daemons: aggregate detected at t_a + H, circuit lit L + S_sw "
                   "later, both directions moved, released after IdleTimeout, every flow "
                   "in order")
    {
    }

  private:
    void DoRun() override
    {
        Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(1448));
        Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(64 << 10));
        Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(64 << 10));
        Borders net;

        struct Spec
        {
            Ptr<Node> from;
            Ptr<Node> to;
            uint16_t port;
            uint8_t protocol;
        };

        const std::vector<Spec> specs{{net.a.Get(0), net.b.Get(0), 5001, kTcp},
                                      {net.a.Get(1), net.b.Get(0), 5002, kTcp},
                                      {net.a.Get(2), net.b.Get(1), 5003, kTcp},
                                      {net.a.Get(0), net.b.Get(1), 5004, kUdp}};
        for (const Spec& s : specs)
        {
            ApplicationContainer sender;
            if (s.protocol == kTcp)
            {
                PacketSinkHelper sink("ns3::TcpSocketFactory",
                                      InetSocketAddress(Ipv4Address::GetAny(), s.port));
                sink.Install(s.to).Start(Seconds(0));
                BulkSendHelper bulk("ns3::TcpSocketFactory",
                                    InetSocketAddress(net.address[s.to], s.port));
                bulk.SetAttribute("MaxBytes", UintegerValue(0));
                sender = bulk.Install(s.from);
            }
            else
            {
                UdpServerHelper server(s.port);
                server.Install(s.to).Start(Seconds(0));
                UdpClientHelper client(net.address[s.to], s.port);
                client.SetAttribute("MaxPackets", UintegerValue(0));
                client.SetAttribute("Interval", TimeValue(kUdpInterval));
                client.SetAttribute("PacketSize", UintegerValue(kUdpSize));
                sender = client.Install(s.from);
                m_udpClient = DynamicCast<UdpClient>(sender.Get(0));
            }
            sender.Start(kStart);
            sender.Stop(kStopSend);
            FlowRecord record;
            record.key.source = net.address[s.from];
            record.key.destination = net.address[s.to];
            record.key.destinationPort = s.port;
            record.key.protocol = s.protocol;
            m_flows.push_back(record);
        }
        for (uint32_t i = 0; i < 2; ++i)
        {
            net.b.Get(i)->GetObject<Ipv4L3Protocol>()->TraceConnectWithoutContext(
                "LocalDeliver",
                MakeCallback(&BorderCycleTestCase::Delivered, this));
        }
        net.steerA->TraceConnectWithoutContext(
            "Forwarded",
            MakeCallback(&BorderCycleTestCase::ForwardedAtA, this));
        Connect(net);
        Simulator::Stop(kEnd);
        Simulator::Run();
        Check(net);
        Simulator::Destroy();
    }

    /** @param net the testbed: trace what the daemons and the switch do */
    void Connect(Borders& net)
    {
        net.epdA->TraceConnectWithoutContext("Detected",
                                             Callback<void, const FlowKey&, DataRate, uint64_t>(
                                                 [this](const FlowKey& k, DataRate, uint64_t) {
                                                     m_detectedA.emplace_back(Simulator::Now(), k);
                                                 }));
        net.epdB->TraceConnectWithoutContext(
            "Detected",
            Callback<void, const FlowKey&, DataRate, uint64_t>(
                [this](const FlowKey&, DataRate, uint64_t) { ++m_detectedB; }));
        auto paths = [](Ptr<EndpointDaemon> epd, std::vector<Change>* changes) {
            epd->TraceConnectWithoutContext(
                "PathChange",
                Callback<void, const FlowKey&, bool>([changes](const FlowKey& k, bool on) {
                    changes->push_back({Simulator::Now(), k, on});
                }));
        };
        paths(net.epdA, &m_pathsA);
        paths(net.epdB, &m_pathsB);
        net.epdA->TraceConnectWithoutContext("FlowStateChange",
                                             Callback<void, const FlowKey&, EpdState, EpdState>(
                                                 [this](const FlowKey&, EpdState, EpdState to) {
                                                     if (to == EpdState::RETURNING &&
                                                         m_returning.IsNegative())
                                                     {
                                                         m_returning = Simulator::Now();
                                                     }
                                                 }));
        net.pfd->TraceConnectWithoutContext(
            "CircuitStateChange",
            Callback<void, const FlowKey&, uint32_t, uint32_t, PfdState, PfdState, std::string>(
                [this](const FlowKey&, uint32_t, uint32_t, PfdState, PfdState to, std::string) {
                    m_pfd.try_emplace(to, Simulator::Now());
                }));
        net.ocs->TraceConnectWithoutContext("CircuitStateChange",
                                            Callback<void, uint32_t, uint32_t, bool, Time>(
                                                [this](uint32_t, uint32_t, bool up, Time) {
                                                    (up ? m_lit : m_dark) = Simulator::Now();
                                                }));
    }

    /** @param net the testbed, after the run: the checks of the file comment */
    void Check(Borders& net)
    {
        const FlowKey keyA = net.epdA->GetAggregateKey(net.borderB);
        // detection: t_a = first sample with r >= R, 1.0 s; t_detect = t_a + H
        const Time tA = NextSample(kStart);
        const Time tDetect = tA + kHold;
        REQUIRE(m_detectedA.size() == 1u, "rA detects its aggregate once");
        NS_TEST_EXPECT_MSG_EQ(m_detectedA[0].first, tDetect, "detected at t_a + H");
        NS_TEST_EXPECT_MSG_EQ(m_detectedA[0].second, keyA, "the aggregate record to rB");
        NS_TEST_EXPECT_MSG_EQ(m_detectedB, 0u, "rB's ACK aggregate is not big");
        // light: L + S_sw after the REQUEST
        NS_TEST_EXPECT_MSG_GT_OR_EQ(m_lit, tDetect + kL + kSwitch, "lit not before L + S_sw");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(m_lit, tDetect + kL + kSwitch + kEps, "lit within eps");
        // moves
        const Time drain = kWanRate.CalculateBytesTxTime(1100 * 1502);
        REQUIRE(m_pathsA.size() == 2u, "rA: onto the circuit and back");
        REQUIRE(m_pathsB.size() == 2u, "rB: onto the circuit and back");
        const Time onA = m_pathsA[0].t;
        const Time offA = m_pathsA[1].t;
        NS_TEST_EXPECT_MSG_EQ(m_pathsA[0].on, true, "rA's first move is onto the circuit");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(onA, m_lit, "rA moves after the light");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(onA, m_lit + kEps + drain + kWanDelay, "rA within its bound");
        const Time onB = m_pathsB[0].t;
        NS_TEST_EXPECT_MSG_GT_OR_EQ(onB, m_lit, "rB moves after the light");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(onB,
                                    m_lit + kEps + drain + drain + kWanDelay + kWanDelay,
                                    "rB within its bound");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(m_pfd[PfdState::ACTIVE], std::max(onA, onB), "ACTIVE last");
        // release: first sample at or after t_last + IdleTimeout
        NS_TEST_EXPECT_MSG_EQ(m_returning, NextSample(m_lastForwardedA + kIdle), "idle release");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(offA, m_returning, "rA back after the release");
        NS_TEST_EXPECT_MSG_EQ(m_pathsB[1].on, false, "rB back on the WAN");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(m_pfd[PfdState::DISCONNECTING],
                                    std::max(offA, m_pathsB[1].t),
                                    "no connection after both borders moved back");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(m_dark, m_pfd[PfdState::DISCONNECTING] + kL, "dark L later");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(m_dark,
                                    m_pfd[PfdState::DISCONNECTING] + kL + kEps,
                                    "dark within eps");
        NS_TEST_EXPECT_MSG_EQ(net.steerA->IsSteered(0), false, "rA unsteered at the end");
        NS_TEST_EXPECT_MSG_EQ(net.steerB->IsSteered(0), false, "rB unsteered at the end");
        NS_TEST_EXPECT_MSG_EQ(net.ocs->GetConnections().size(), 0u, "no circuit left");
        // the flows
        for (size_t i = 0; i < m_flows.size(); ++i)
        {
            const FlowRecord& f = m_flows[i];
            NS_TEST_EXPECT_MSG_GT(f.arrivals.size(), 1000u, "flow " << i << " carried data");
            NS_TEST_EXPECT_MSG_EQ(f.OutOfOrder(), 0u, "flow " << i << " arrived in order");
            NS_TEST_EXPECT_MSG_GT(f.onCircuit, 100u, "flow " << i << " took the circuit");
            NS_TEST_EXPECT_MSG_GT_OR_EQ(f.firstOnCircuit, onA, "flow " << i << " not before");
            NS_TEST_EXPECT_MSG_LT(f.lastOnCircuit, offA, "flow " << i << " not after");
        }
        NS_TEST_EXPECT_MSG_EQ(m_flows.back().arrivals.size(),
                              m_udpClient->GetTotalTx() / kUdpSize,
                              "every UDP datagram delivered");
        NS_TEST_EXPECT_MSG_EQ(net.steerA->GetHoldDrops() + net.steerB->GetHoldDrops(),
                              0u,
                              "nothing dropped while held");
    }

    /** @param key a flow @return its record or nullptr */
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
        const uint8_t protocol = header.GetProtocol();
        FlowRecord* f = Find(
            FlowKey::FromTransport(packet, header.GetSource(), header.GetDestination(), protocol));
        if (!f)
        {
            return;
        }
        if (protocol == kTcp)
        {
            TcpHeader tcp;
            packet->PeekHeader(tcp);
            if (packet->GetSize() > tcp.GetSerializedSize())
            {
                f->arrivals.push_back(tcp.GetSequenceNumber().GetValue());
            }
            return;
        }
        Ptr<Packet> copy = packet->Copy();
        UdpHeader udp;
        copy->RemoveHeader(udp);
        SeqTsHeader seq;
        copy->PeekHeader(seq);
        f->arrivals.push_back(seq.GetSeq());
    }

    void ForwardedAtA(Ptr<const Packet> packet,
                      const Ipv4Header& header,
                      uint32_t /* aggregate */,
                      bool steered)
    {
        m_lastForwardedA = Simulator::Now();
        FlowRecord* f = Find(FlowKey::FromTransport(packet,
                                                    header.GetSource(),
                                                    header.GetDestination(),
                                                    header.GetProtocol()));
        if (f && steered)
        {
            ++f->onCircuit;
            f->firstOnCircuit = std::min(f->firstOnCircuit, Simulator::Now());
            f->lastOnCircuit = Simulator::Now();
        }
    }

    /** One path change of a border's epd. */
    struct Change
    {
        Time t;    //!< when
        FlowKey k; //!< its record
        bool on;   //!< onto the circuit
    };

    std::vector<FlowRecord> m_flows;
    Ptr<UdpClient> m_udpClient;
    std::vector<std::pair<Time, FlowKey>> m_detectedA;
    uint32_t m_detectedB{0};
    std::vector<Change> m_pathsA;
    std::vector<Change> m_pathsB;
    Time m_returning{Seconds(-1)};
    Time m_lastForwardedA;
    std::map<PfdState, Time> m_pfd;
    Time m_lit{Seconds(-1)};
    Time m_dark{Seconds(-1)};
};

/** The suite. */
class BorderDaemonTestSuite : public TestSuite
{
  public:
    BorderDaemonTestSuite()
        : TestSuite("hybridnet-border-daemon", Type::UNIT)
    {
        AddTestCase(new BorderCycleTestCase(), Duration::QUICK);
    }
};

/** Static instance. */
BorderDaemonTestSuite g_borderDaemonTestSuite;

} // namespace
