/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of the offload control plane: EndpointDaemon (epd), PipeFittingDaemon (pfd) and
 * their protocol, on a small copy of the study's cluster:
 *
 *         host A (10.0.0.1)   host B (10.0.0.2)   host C (10.0.0.3)   front end (10.0.0.4)
 *          |nic1  |nic2        |nic1  |nic2        |nic1  |nic2        |       |mgmt 10.9.0.2
 *     packet switch (all nic1) |      |            |      |            |       |
 *          .------'------------+------'------------'      |            |  accelerator
 *          |         OpticalCircuitSwitch ports 1 (A), 2 (B), 3 (C)    |  console 10.9.0.1:23
 *
 * (circuit NICs 192.168.1.1-3 through media converters; every link 100 Mb/s to keep the
 * runs short; the accelerator's command latency pinned, L = 1 s, switching time
 * S = 20 ms.)  Expected values come from the daemons' class comments: the detection
 * rule, equations (1)-(3) of EndpointDaemon; the setup and teardown sequences and their
 * timing, PipeFittingDaemon equation (1) with OpticalCircuitSwitch equation (4); the
 * reliability rules, OffloadMessenger (R1)-(R3).  The small delays of the control
 * messages (a LAN, sub-millisecond) and of the console's TCP session over the 10 Mb/s
 * management link (a few ms) are bounded, not fitted: Eps below.
 */
#include "hybridnet/endpoint-daemon.h"
#include "hybridnet/ethernet-net-device.h"
#include "hybridnet/flow-steering.h"
#include "hybridnet/offload-daemon-helper.h"
#include "hybridnet/optical-circuit-switch-helper.h"
#include "hybridnet/optical-circuit-switch.h"
#include "hybridnet/packet-switch-helper.h"
#include "hybridnet/pipe-fitting-daemon.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/test.h"
#include "ns3/traffic-control-layer.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

const Time kL = Seconds(1);                //!< command latency L (pinned)
const Time kS = MilliSeconds(20);          //!< switching time S
const Time kEps = MilliSeconds(20);        //!< bound on message + console-session delays
const Time kRto = MilliSeconds(200);       //!< RetransmitTimeout (default)
const uint32_t kN = 5;                     //!< MaxRetransmits (default)
const Time kDelta = MilliSeconds(500);     //!< SampleInterval (default)
const uint32_t kWindow = 2;                //!< RateWindowSamples (default)
const Time kHold = MilliSeconds(3500);     //!< HoldTime (default)
const Time kIdle = Seconds(2);             //!< IdleTimeout (default)
const Time kKeepaliveTimeout = Seconds(3); //!< pfd KeepaliveTimeout (default)
const DataRate kLink("100Mbps");           //!< every link
const uint16_t kSinkPort = 5001;           //!< receivers

using EpdState = EndpointDaemon::FlowState;
using PfdState = PipeFittingDaemon::CircuitState;

/**
 * A check whose failure ends the test case: ns-3's NS_TEST_ASSERT does not return when
 * the runner continues on failure, and the code after it indexes what it checked.
 */
#define REQUIRE(condition, msg)                                                                    \
    do                                                                                             \
    {                                                                                              \
        const bool ok_ = (condition);                                                              \
        NS_TEST_EXPECT_MSG_EQ(ok_, true, msg);                                                     \
        if (!ok_)                                                                                  \
        {                                                                                          \
            Simulator::Destroy();                                                                  \
            return;                                                                                \
        }                                                                                          \
    } while (false)

/** Drops chosen IPv4 packets on a device's receive side (a test error model). */
struct ReceiveDropper
{
    std::string pattern;    //!< drop packets whose bytes contain this text
    uint32_t budget{0};     //!< how many to drop
    uint32_t dropped{0};    //!< dropped so far
    std::vector<Time> when; //!< drop times
};

/**
 * Interpose @p dropper on @p device's receive path: packets that match are lost, the
 * others go to the node's traffic control layer as usual.
 */
void
InstallDropper(Ptr<NetDevice> device, std::shared_ptr<ReceiveDropper> dropper)
{
    Ptr<Node> node = device->GetNode();
    Ptr<TrafficControlLayer> tc = node->GetObject<TrafficControlLayer>();
    device->SetReceiveCallback(NetDevice::ReceiveCallback(
        [tc,
         dropper](Ptr<NetDevice> dev, Ptr<const Packet> p, uint16_t protocol, const Address& from) {
            if (protocol == 0x0800 && dropper->dropped < dropper->budget)
            {
                std::string bytes(p->GetSize(), '\0');
                p->CopyData(reinterpret_cast<uint8_t*>(bytes.data()), bytes.size());
                if (bytes.find(dropper->pattern) != std::string::npos)
                {
                    ++dropper->dropped;
                    dropper->when.push_back(Simulator::Now());
                    return true;
                }
            }
            tc->Receive(dev, p, protocol, from, dev->GetAddress(), NetDevice::PACKET_HOST);
            return true;
        }));
}

/** A record of a trace event with its time. */
template <typename T>
struct Stamped
{
    Time t; //!< when
    T what; //!< what
};

/** One message seen by a daemon. */
struct Msg
{
    Ipv4Address peer; //!< the other side
    std::string text; //!< the datagram
    bool flag;        //!< retransmission (Tx) or duplicate (Rx)
};

/** One epd flow state change. */
struct EpdChange
{
    FlowKey key;   //!< flow
    EpdState from; //!< old
    EpdState to;   //!< new
};

/** One pfd circuit state change. */
struct PfdChange
{
    FlowKey key;        //!< flow
    PfdState from;      //!< old
    PfdState to;        //!< new
    std::string reason; //!< why
};

/** One circuit change of the switch. */
struct OcsChange
{
    uint32_t a; //!< port
    uint32_t b; //!< port
    bool up;    //!< lit or dark
};

/** The test cluster and everything its daemons and switch report. */
struct Bench
{
    /** @param policy pfd BusyPolicy @param epdAttributes extra epd attributes */
    Bench(std::string policy = "Queue",
          std::vector<std::pair<std::string, Ptr<AttributeValue>>> epdAttributes = {})
    {
        hosts.Create(3);
        frontEnd = CreateObject<Node>();
        switchNode = CreateObject<Node>();
        accelerator = CreateObject<Node>();

        PacketSwitchHelper star;
        star.SetDeviceAttribute("DataRate", DataRateValue(kLink));
        NodeContainer packetHosts(hosts, NodeContainer(frontEnd));
        NetDeviceContainer packetDevices = star.Install(switchNode, packetHosts);

        OpticalCircuitSwitchHelper ocsHelper;
        ocsHelper.SetSwitchAttribute("CommandLatencyMin", TimeValue(kL));
        ocsHelper.SetSwitchAttribute("CommandLatencyMax", TimeValue(kL));
        ocsHelper.SetSwitchAttribute("SwitchingTime", TimeValue(kS));
        ocsHelper.SetHostDeviceAttribute("DataRate", DataRateValue(kLink));
        ocs = ocsHelper.Install(accelerator);
        NetDeviceContainer circuitDevices;
        for (uint32_t i = 0; i < 3; ++i)
        {
            circuitDevices.Add(ocsHelper.InstallHost(ocs, i + 1, hosts.Get(i)));
        }
        NetDeviceContainer mgmt = ocsHelper.InstallManagement(accelerator, frontEnd);

        NodeContainer ipNodes(packetHosts, NodeContainer(accelerator));
        InternetStackHelper().Install(ipNodes);
        for (uint32_t i = 0; i < ipNodes.GetN(); ++i)
        {
            // ns-3 delays each ARP request by U[0, 10] ms, longer than its 3-packet pending
            // queue lasts at 1 ms per datagram; the tests count every datagram, so none
            ipNodes.Get(i)->GetObject<ArpL3Protocol>()->SetAttribute(
                "RequestJitter",
                StringValue("ns3::ConstantRandomVariable[Constant=0.0]"));
        }
        Ipv4InterfaceContainer packetIf =
            Ipv4AddressHelper("10.0.0.0", "255.255.255.0").Assign(packetDevices);
        Ipv4InterfaceContainer circuitIf =
            Ipv4AddressHelper("192.168.1.0", "255.255.255.0").Assign(circuitDevices);
        Ipv4InterfaceContainer mgmtIf = Ipv4AddressHelper("10.9.0.0", "255.255.255.0").Assign(mgmt);
        ocsHelper.InstallConsoleServer(accelerator).Start(Seconds(0));

        OffloadDaemonHelper offload;
        offload.SetPipeFittingAttribute("BusyPolicy", StringValue(policy));
        for (const auto& [name, value] : epdAttributes)
        {
            offload.SetEndpointAttribute(name, *value);
        }
        pfdAddress = packetIf.GetAddress(3);
        pfd = offload.InstallPipeFitting(frontEnd, mgmtIf.GetAddress(0));
        for (uint32_t i = 0; i < 3; ++i)
        {
            packetNic.push_back(packetDevices.Get(i));
            circuitNic.push_back(circuitDevices.Get(i));
            hostAddress.push_back(packetIf.GetAddress(i));
            circuitAddress.push_back(circuitIf.GetAddress(i));
            epd.push_back(offload.InstallEndpoint(hosts.Get(i), circuitDevices.Get(i), pfdAddress));
            pfd->AddEndpoint(packetIf.GetAddress(i), circuitIf.GetAddress(i), i + 1);
        }
        frontEndNic = packetDevices.Get(3);
        Connect();
    }

    /** Connect every trace sink. */
    void Connect()
    {
        for (uint32_t i = 0; i < 3; ++i)
        {
            epdTx.emplace_back();
            epdRx.emplace_back();
            epdStates.emplace_back();
            paths.emplace_back();
            detected.emplace_back();
            circuitRxBytes.push_back(0);
            epd[i]->TraceConnectWithoutContext(
                "MessageTx",
                Callback<void, Ipv4Address, std::string, bool>(
                    [this, i](Ipv4Address p, std::string t, bool f) {
                        epdTx[i].push_back({Simulator::Now(), {p, t, f}});
                    }));
            epd[i]->TraceConnectWithoutContext(
                "MessageRx",
                Callback<void, Ipv4Address, std::string, bool>(
                    [this, i](Ipv4Address p, std::string t, bool f) {
                        epdRx[i].push_back({Simulator::Now(), {p, t, f}});
                    }));
            epd[i]->TraceConnectWithoutContext(
                "FlowStateChange",
                Callback<void, const FlowKey&, EpdState, EpdState>(
                    [this, i](const FlowKey& k, EpdState a, EpdState b) {
                        epdStates[i].push_back({Simulator::Now(), {k, a, b}});
                    }));
            epd[i]->TraceConnectWithoutContext(
                "PathChange",
                Callback<void, const FlowKey&, bool>([this, i](const FlowKey& k, bool on) {
                    paths[i].push_back({Simulator::Now(), {k, on}});
                }));
            epd[i]->TraceConnectWithoutContext("Detected",
                                               Callback<void, const FlowKey&, DataRate, uint64_t>(
                                                   [this, i](const FlowKey& k, DataRate, uint64_t) {
                                                       detected[i].push_back({Simulator::Now(), k});
                                                   }));
            circuitNic[i]->TraceConnectWithoutContext(
                "MacRx",
                Callback<void, Ptr<const Packet>>(
                    [this, i](Ptr<const Packet> p) { circuitRxBytes[i] += p->GetSize(); }));
        }
        pfd->TraceConnectWithoutContext("MessageRx",
                                        Callback<void, Ipv4Address, std::string, bool>(
                                            [this](Ipv4Address p, std::string t, bool f) {
                                                pfdRx.push_back({Simulator::Now(), {p, t, f}});
                                            }));
        pfd->TraceConnectWithoutContext("MessageTx",
                                        Callback<void, Ipv4Address, std::string, bool>(
                                            [this](Ipv4Address p, std::string t, bool f) {
                                                pfdTx.push_back({Simulator::Now(), {p, t, f}});
                                            }));
        pfd->TraceConnectWithoutContext(
            "PeerUnreachable",
            Callback<void, Ipv4Address, std::string>([this](Ipv4Address p, std::string t) {
                pfdGiveUps.push_back({Simulator::Now(), {p, t, false}});
            }));
        pfd->TraceConnectWithoutContext(
            "CircuitStateChange",
            Callback<void, const FlowKey&, uint32_t, uint32_t, PfdState, PfdState, std::string>(
                [this](const FlowKey& k,
                       uint32_t,
                       uint32_t,
                       PfdState a,
                       PfdState b,
                       std::string r) {
                    pfdStates.push_back({Simulator::Now(), {k, a, b, r}});
                }));
        pfd->TraceConnectWithoutContext(
            "Console",
            Callback<void, std::string, std::string, Time>(
                [this](std::string line, std::string reply, Time) {
                    console.push_back(
                        {Simulator::Now(), {Ipv4Address(), line + " -> " + reply, false}});
                }));
        ocs->TraceConnectWithoutContext(
            "CircuitStateChange",
            Callback<void, uint32_t, uint32_t, bool, Time>(
                [this](uint32_t a, uint32_t b, bool up, Time) {
                    ocsChanges.push_back({Simulator::Now(), {a, b, up}});
                }));
    }

    /** @return the time circuit {a, b} was first lit (-1 if never) */
    Time Lit(uint32_t a, uint32_t b, bool up = true, uint32_t nth = 0) const
    {
        for (const auto& e : ocsChanges)
        {
            if (e.what.a == a && e.what.b == b && e.what.up == up && nth-- == 0)
            {
                return e.t;
            }
        }
        return Time(-1);
    }

    /** @return the first time host i's epd put @p key in state @p to (-1 if never) */
    Time EpdEntered(uint32_t i, const FlowKey& key, EpdState to, uint32_t nth = 0) const
    {
        for (const auto& e : epdStates[i])
        {
            if (e.what.key == key && e.what.to == to && nth-- == 0)
            {
                return e.t;
            }
        }
        return Time(-1);
    }

    /** @return the first time the pfd put the circuit of @p key in @p to (-1 if never) */
    Time PfdEntered(const FlowKey& key, PfdState to, std::string* reason = nullptr) const
    {
        for (const auto& e : pfdStates)
        {
            if (e.what.key == key && e.what.to == to)
            {
                if (reason)
                {
                    *reason = e.what.reason;
                }
                return e.t;
            }
        }
        return Time(-1);
    }

    /** @return the time of host i's first PathChange of @p key to @p on (-1 if never) */
    Time PathChanged(uint32_t i, const FlowKey& key, bool on) const
    {
        for (const auto& e : paths[i])
        {
            if (e.what.first == key && e.what.second == on)
            {
                return e.t;
            }
        }
        return Time(-1);
    }

    /**
     * @param log a message log
     * @param prefix the start of the text
     * @param flag only copies (Tx) / duplicates (Rx) if set, only originals if unset
     * @return the matching entries
     */
    static std::vector<Stamped<Msg>> Select(const std::vector<Stamped<Msg>>& log,
                                            const std::string& prefix,
                                            std::optional<bool> flag = std::nullopt)
    {
        std::vector<Stamped<Msg>> out;
        for (const auto& e : log)
        {
            if (e.what.text.rfind(prefix, 0) == 0 && (!flag || e.what.flag == *flag))
            {
                out.push_back(e);
            }
        }
        return out;
    }

    /** @return a pipe key from host i to host j */
    FlowKey Pipe(uint32_t i, uint32_t j) const
    {
        FlowKey key;
        key.source = hostAddress[i];
        key.destination = hostAddress[j];
        return key;
    }

    /**
     * A UDP flow of @p packets datagrams of @p size bytes every @p interval from host i to
     * host j (a UdpServer on j), starting at @p start.
     * @return the server
     */
    Ptr<UdpServer> UdpFlow(uint32_t i,
                           uint32_t j,
                           Time start,
                           uint32_t packets,
                           uint32_t size,
                           Time interval)
    {
        UdpServerHelper serverHelper(kSinkPort);
        ApplicationContainer server = serverHelper.Install(hosts.Get(j));
        server.Start(Seconds(0));
        UdpClientHelper clientHelper(hostAddress[j], kSinkPort);
        clientHelper.SetAttribute("MaxPackets", UintegerValue(packets));
        clientHelper.SetAttribute("PacketSize", UintegerValue(size));
        clientHelper.SetAttribute("Interval", TimeValue(interval));
        ApplicationContainer client = clientHelper.Install(hosts.Get(i));
        client.Start(start);
        return DynamicCast<UdpServer>(server.Get(0));
    }

    NodeContainer hosts;                     //!< A, B, C
    Ptr<Node> frontEnd;                      //!< front end
    Ptr<Node> switchNode;                    //!< packet switch
    Ptr<Node> accelerator;                   //!< circuit switch
    Ptr<OpticalCircuitSwitch> ocs;           //!< the accelerator
    Ptr<PipeFittingDaemon> pfd;              //!< pfd
    Ipv4Address pfdAddress;                  //!< its address
    Ptr<NetDevice> frontEndNic;              //!< front end's packet NIC
    std::vector<Ptr<EndpointDaemon>> epd;    //!< epds
    std::vector<Ptr<NetDevice>> packetNic;   //!< hosts' NIC 1
    std::vector<Ptr<NetDevice>> circuitNic;  //!< hosts' NIC 2
    std::vector<Ipv4Address> hostAddress;    //!< NIC 1 addresses
    std::vector<Ipv4Address> circuitAddress; //!< NIC 2 addresses

    std::vector<std::vector<Stamped<Msg>>> epdTx;                      //!< per host
    std::vector<std::vector<Stamped<Msg>>> epdRx;                      //!< per host
    std::vector<std::vector<Stamped<EpdChange>>> epdStates;            //!< per host
    std::vector<std::vector<Stamped<std::pair<FlowKey, bool>>>> paths; //!< per host
    std::vector<std::vector<Stamped<FlowKey>>> detected;               //!< per host
    std::vector<uint64_t> circuitRxBytes;                              //!< per host, NIC 2 MacRx
    std::vector<Stamped<Msg>> pfdRx;                                   //!< pfd received
    std::vector<Stamped<Msg>> pfdTx;                                   //!< pfd sent
    std::vector<Stamped<Msg>> pfdGiveUps;                              //!< pfd gave up
    std::vector<Stamped<PfdChange>> pfdStates;                         //!< pfd states
    std::vector<Stamped<Msg>> console;                                 //!< console commands
    std::vector<Stamped<OcsChange>> ocsChanges;                        //!< switch
};

/** @return @p t rounded up to the next multiple of Delta (the epd's samples, start at 0) */
Time
NextSample(Time t)
{
    const int64_t k = (t.GetTimeStep() + kDelta.GetTimeStep() - 1) / kDelta.GetTimeStep();
    return Time(k * kDelta.GetTimeStep());
}

/** @return whether @p t is in [lo, lo + eps] */
bool
Within(Time t, Time lo, Time eps = kEps)
{
    return t >= lo && t <= lo + eps;
}

/**
 * The full cycle of a TCP transfer under the Rate policy: detected at the time of
 * EndpointDaemon (2)-(3); circuit lit L + S after the REQUEST; both directions steered
 * after the light is up; data over the circuit NICs; FIN -> RELEASE -> TEARDOWN/DOWN ->
 * `no connection`, circuit dark L later (OpticalCircuitSwitch (3)-(4): the old circuit goes
 * dark when the command is applied); flow back on the packet path; every byte
 * delivered.
 */
class FullCycleTestCase : public TestCase
{
  public:
    FullCycleTestCase()
        : TestCase("epd+pfd: TCP flow detected by rate at the predicted sample, moved onto "
                   "a circuit both ways, released at FIN, all bytes delivered")
    {
    }

  private:
    void DoRun() override
    {
        const DataRate threshold("20Mbps");
        Bench bench("Queue", {{"RateThreshold", Create<DataRateValue>(threshold)}});
        const Time t0 = Seconds(1.05);
        const uint64_t bytes = 100000000;
        BulkSendHelper sender("ns3::TcpSocketFactory",
                              InetSocketAddress(bench.hostAddress[1], kSinkPort));
        sender.SetAttribute("MaxBytes", UintegerValue(bytes));
        ApplicationContainer senderApp = sender.Install(bench.hosts.Get(0));
        senderApp.Start(t0);
        PacketSinkHelper sinkHelper("ns3::TcpSocketFactory",
                                    InetSocketAddress(Ipv4Address::GetAny(), kSinkPort));
        ApplicationContainer sinkApp = sinkHelper.Install(bench.hosts.Get(1));
        sinkApp.Start(Seconds(0));
        Simulator::Stop(Seconds(16));
        Simulator::Run();
        // A's control messages and its last packets before a move wait behind the flow's
        // own packets in A's NIC queue: at most the sender's socket buffer and the
        // receiver's window, 2 x 128 KiB at 100 Mb/s = 21 ms, on top of kEps.
        const Time eps = kEps + MilliSeconds(21);

        // (3): the first sample with r >= R is the first t_k >= t0 + n Delta R / C, for any
        // TCP rate C between R and the line rate the same sample here; detection H later.
        const double nDelta = kWindow * kDelta.GetSeconds();
        const Time firstAboveFast =
            NextSample(t0 + Seconds(nDelta * threshold.GetBitRate() / kLink.GetBitRate()));
        const Time firstAboveSlow =
            NextSample(t0 + Seconds(nDelta * threshold.GetBitRate() / (0.5 * kLink.GetBitRate())));
        REQUIRE(firstAboveFast == firstAboveSlow,
                "test set-up: one sample for C in [R/2.. , line]");
        const Time expectedDetect = firstAboveFast + kHold;
        REQUIRE(bench.detected[0].size() == 1u, "A detects its flow once");
        const FlowKey key = bench.detected[0][0].what;
        NS_TEST_EXPECT_MSG_EQ(bench.detected[0][0].t, expectedDetect, "detection time, (2)-(3)");
        NS_TEST_EXPECT_MSG_EQ(key.destination, bench.hostAddress[1], "the flow to B");
        NS_TEST_EXPECT_MSG_EQ(bench.detected[1].size(), 0u, "B's ACK stream is not big");

        // pfd (1): connect command at the REQUEST, lit L + S later
        const Time lit = bench.Lit(1, 2);
        NS_TEST_EXPECT_MSG_EQ(Within(lit, expectedDetect + kL + kS, eps),
                              true,
                              "circuit 1-2 lit L + S after the REQUEST: " << lit.As(Time::S));
        const Time onA = bench.PathChanged(0, key, true);
        const Time onB = bench.PathChanged(1, key.Reverse(), true);
        NS_TEST_EXPECT_MSG_EQ(Within(onA, lit, eps),
                              true,
                              "A's direction steered after the light: " << onA.As(Time::S));
        NS_TEST_EXPECT_MSG_EQ(Within(onB, lit, eps),
                              true,
                              "B's direction steered after the light: " << onB.As(Time::S));
        NS_TEST_EXPECT_MSG_EQ((bench.PfdEntered(key, PfdState::ACTIVE) >= std::max(onA, onB)),
                              true,
                              "ACTIVE after both READY");

        // data over the circuit: at least 70 % of what the line carries while on it
        const Time offA = bench.PathChanged(0, key, false);
        REQUIRE(offA > onA, "A's flow moved back");
        const double onCircuit = (offA - onA).GetSeconds();
        NS_TEST_EXPECT_MSG_GT(bench.circuitRxBytes[1],
                              0.7 * onCircuit * kLink.GetBitRate() / 8,
                              "B's circuit NIC received the data");
        NS_TEST_EXPECT_MSG_GT(bench.circuitRxBytes[0], 0u, "A's circuit NIC received B's ACKs");

        // end: A's FIN -> unsteer -> RELEASE; B unsteered; circuit dark L after the
        // last DOWN/RELEASE reached the pfd
        auto releases = Bench::Select(bench.epdTx[0], "RELEASE", false);
        REQUIRE(!releases.empty(), "A released");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(releases.front().t, offA, "RELEASE after A unsteered");
        const Time offB = bench.PathChanged(1, key.Reverse(), false);
        NS_TEST_EXPECT_MSG_GT(offB, Time(0), "B's direction back on the packet path");
        const Time dark = bench.Lit(1, 2, false);
        const Time disconnecting = bench.PfdEntered(key, PfdState::DISCONNECTING);
        NS_TEST_EXPECT_MSG_GT_OR_EQ(disconnecting,
                                    std::max(offA, offB),
                                    "no connection after both ends moved back");
        NS_TEST_EXPECT_MSG_EQ(Within(dark, disconnecting + kL, eps),
                              true,
                              "circuit dark L after `no connection`: " << dark.As(Time::S));
        NS_TEST_EXPECT_MSG_EQ((bench.PfdEntered(key, PfdState::CLOSED) > dark),
                              true,
                              "pfd closed it");
        NS_TEST_EXPECT_MSG_EQ(bench.ocs->GetConnections().size(), 0u, "no circuit left");

        Ptr<FlowSteering> steerA = bench.hosts.Get(0)->GetObject<FlowSteering>();
        Ptr<FlowSteering> steerB = bench.hosts.Get(1)->GetObject<FlowSteering>();
        NS_TEST_EXPECT_MSG_EQ(steerA->IsSteered(key), false, "A not steered at the end");
        NS_TEST_EXPECT_MSG_EQ(steerB->IsSteered(key.Reverse()), false, "B not steered at the end");
        NS_TEST_EXPECT_MSG_EQ(DynamicCast<PacketSink>(sinkApp.Get(0))->GetTotalRx(),
                              bytes,
                              "every byte delivered");
        Simulator::Destroy();
    }
};

/**
 * The Bytes policy on a constant-rate UDP flow: detected by the k-th datagram,
 * k = ceil(B / (m + 8)), at t0 + (k - 1) I; idle end released at the first sample
 * IdleTimeout after the last datagram, by the requester only; no datagram lost in the
 * moves.
 */
class BytesPolicyTestCase : public TestCase
{
  public:
    BytesPolicyTestCase()
        : TestCase("epd Bytes policy: UDP flow detected by the datagram that reaches the "
                   "threshold, released IdleTimeout after its last datagram, none lost")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t m = 1000;
        const uint64_t threshold = 1008 * 1000; // 1000 datagrams of m + 8 B
        Bench bench("Queue",
                    {{"DetectionPolicy", Create<StringValue>("Bytes")},
                     {"BytesThreshold", Create<UintegerValue>(threshold)}});
        const Time t0 = Seconds(1);
        const Time interval = MilliSeconds(1);
        const uint32_t packets = 5000;
        Ptr<UdpServer> server = bench.UdpFlow(0, 1, t0, packets, m, interval);
        Simulator::Stop(Seconds(14));
        Simulator::Run();

        const uint64_t k = (threshold + m + 8 - 1) / (m + 8);
        REQUIRE(bench.detected[0].size() == 1u, "detected once");
        const FlowKey key = bench.detected[0][0].what;
        NS_TEST_EXPECT_MSG_EQ(bench.detected[0][0].t, t0 + interval * (k - 1), "the k-th datagram");
        const Time lit = bench.Lit(1, 2);
        NS_TEST_EXPECT_MSG_EQ(Within(lit, t0 + interval * (k - 1) + kL + kS),
                              true,
                              "lit L + S later");
        NS_TEST_EXPECT_MSG_EQ(Within(bench.PathChanged(0, key, true), lit), true, "A steered");
        NS_TEST_EXPECT_MSG_GT(bench.circuitRxBytes[1], 1000u * m, "datagrams over the circuit");

        const Time last = t0 + interval * (packets - 1);
        const Time expectedEnd = NextSample(last + kIdle);
        NS_TEST_EXPECT_MSG_EQ(bench.EpdEntered(0, key, EpdState::RETURNING),
                              expectedEnd,
                              "idle end at the first sample IdleTimeout after the last datagram");
        NS_TEST_EXPECT_MSG_EQ(Bench::Select(bench.epdTx[0], "RELEASE", false).size(),
                              1u,
                              "A released once");
        NS_TEST_EXPECT_MSG_EQ(Bench::Select(bench.epdTx[1], "RELEASE", false).size(),
                              0u,
                              "B (peer, silent direction) never releases");
        std::string reason;
        NS_TEST_EXPECT_MSG_GT(bench.PfdEntered(key, PfdState::RELEASING, &reason),
                              Time(0),
                              "released");
        NS_TEST_EXPECT_MSG_EQ(reason, "released", "reason");
        NS_TEST_EXPECT_MSG_EQ(Within(bench.Lit(1, 2, false), expectedEnd + kL),
                              true,
                              "dark L later");
        NS_TEST_EXPECT_MSG_EQ(server->GetReceived(), packets, "no datagram lost");
        Simulator::Destroy();
    }
};

/**
 * Size hints under the Rate policy: two 8 Mb/s UDP flows from A, far below the rate
 * threshold, so detection alone never moves them. The one to B was announced at 0.5 s
 * with 5 MB >= HintThreshold (1 MB): detected by its first datagram at t0, lit L + S
 * later, its datagrams over the circuit. The one to C was announced with 0.5 MB: never
 * detected. (Ignoring hints leaves both on the packet path; a hint matched on the wrong
 * destination moves the flow to C.)
 */
class SizeHintTestCase : public TestCase
{
  public:
    SizeHintTestCase()
        : TestCase("epd size hints: an announced big flow is requested at its first packet, "
                   "a small announcement changes nothing")
    {
    }

  private:
    void DoRun() override
    {
        Bench bench("Queue", {{"HintThreshold", Create<UintegerValue>(1000000)}});
        const Time t0 = Seconds(1);
        const Time interval = MilliSeconds(1);
        Simulator::Schedule(MilliSeconds(500), [&bench]() {
            bench.epd[0]->AnnounceTransfer(bench.hostAddress[1], kSinkPort, 17, 5000000);
            bench.epd[0]->AnnounceTransfer(bench.hostAddress[2], kSinkPort, 17, 500000);
        });
        bench.UdpFlow(0, 1, t0, 5000, 1000, interval);
        bench.UdpFlow(0, 2, t0, 5000, 1000, interval);
        Simulator::Stop(Seconds(8));
        Simulator::Run();

        REQUIRE(bench.detected[0].size() == 1u, "one flow detected");
        const FlowKey key = bench.detected[0][0].what;
        NS_TEST_EXPECT_MSG_EQ(key.destination, bench.hostAddress[1], "the flow to B");
        NS_TEST_EXPECT_MSG_EQ(bench.detected[0][0].t, t0, "at its first datagram");
        NS_TEST_EXPECT_MSG_EQ(Within(bench.Lit(1, 2), t0 + kL + kS), true, "lit L + S later");
        NS_TEST_EXPECT_MSG_GT(bench.circuitRxBytes[1], 1000u * 1000, "B's datagrams on circuit");
        NS_TEST_EXPECT_MSG_EQ(bench.circuitRxBytes[2], 0u, "C's flow stays on the packet path");
        Simulator::Destroy();
    }
};

/**
 * Busy ports: A holds a pipe to B (ports 1-2) when C asks for one to B (ports 3-2), under
 * each BusyPolicy.  Times from pfd (1) with the pinned L: each console command L + S.
 */
class BusyPolicyTestCase : public TestCase
{
  public:
    /**
     * @param policy Queue, Deny or Preempt
     * @param priorityA A's priority
     * @param priorityC C's priority
     */
    BusyPolicyTestCase(std::string policy, uint32_t priorityA, uint32_t priorityC)
        : TestCase("pfd BusyPolicy " + policy + ": second request for a busy port, priority " +
                   std::to_string(priorityC) + " against " + std::to_string(priorityA)),
          m_policy(policy),
          m_priorityA(priorityA),
          m_priorityC(priorityC)
    {
    }

  private:
    void DoRun() override
    {
        Bench bench(m_policy);
        bench.epd[0]->SetAttribute("Priority", UintegerValue(m_priorityA));
        bench.epd[2]->SetAttribute("Priority", UintegerValue(m_priorityC));
        const Time tA = Seconds(1);
        const Time tC = Seconds(3);
        const Time tRelease = Seconds(5);
        Simulator::Schedule(tA, [&]() { bench.epd[0]->RequestPipe(bench.hostAddress[1]); });
        Simulator::Schedule(tC, [&]() { bench.epd[2]->RequestPipe(bench.hostAddress[1]); });
        Simulator::Schedule(tRelease, [&]() { bench.epd[0]->ReleasePipe(bench.hostAddress[1]); });
        Simulator::Stop(Seconds(12));
        Simulator::Run();

        const FlowKey ab = bench.Pipe(0, 1);
        const FlowKey cb = bench.Pipe(2, 1);
        NS_TEST_EXPECT_MSG_EQ(Within(bench.Lit(1, 2), tA + kL + kS), true, "A-B lit");
        const bool preempts = m_policy == "Preempt" && m_priorityC > m_priorityA;
        if (m_policy == "Deny")
        {
            auto denied = Bench::Select(bench.epdRx[2], "DENIED", false);
            REQUIRE(denied.size() == 1u, "C denied");
            NS_TEST_EXPECT_MSG_EQ(Within(denied[0].t, tC), true, "at once");
            NS_TEST_EXPECT_MSG_NE(denied[0].what.text.find("reason=busy"),
                                  std::string::npos,
                                  "busy");
            NS_TEST_EXPECT_MSG_EQ(bench.Lit(2, 3), Time(-1), "C-B never lit");
            NS_TEST_EXPECT_MSG_EQ(Within(bench.Lit(1, 2, false), tRelease + kL),
                                  true,
                                  "A-B stays until A releases it");
        }
        else if (!preempts)
        {
            auto queued = Bench::Select(bench.epdRx[2], "QUEUED", false);
            REQUIRE(queued.size() == 1u, "C queued");
            NS_TEST_EXPECT_MSG_EQ(Within(queued[0].t, tC), true, "at once");
            NS_TEST_EXPECT_MSG_EQ((bench.EpdEntered(2, cb, EpdState::QUEUED) > Time(0)),
                                  true,
                                  "C's state");
            // release -> TEARDOWN/DOWN -> no connection (L + S) -> connection (L + S)
            NS_TEST_EXPECT_MSG_EQ(Within(bench.Lit(1, 2, false), tRelease + kL), true, "A-B dark");
            const Time litCB = bench.Lit(2, 3);
            NS_TEST_EXPECT_MSG_EQ(Within(litCB, tRelease + (kL + kS) * 2),
                                  true,
                                  "C-B lit after A-B is down: " << litCB.As(Time::S));
            NS_TEST_EXPECT_MSG_EQ(Within(bench.EpdEntered(2, cb, EpdState::CIRCUIT), litCB),
                                  true,
                                  "C's pipe up");
        }
        else
        {
            // A-B torn down at once for C: TEARDOWN reason=preempted to both ends
            std::string reason;
            NS_TEST_EXPECT_MSG_EQ(Within(bench.PfdEntered(ab, PfdState::RELEASING, &reason), tC),
                                  true,
                                  "A-B preempted when C asks");
            NS_TEST_EXPECT_MSG_EQ(reason, "preempted", "reason");
            for (uint32_t i : {0u, 1u})
            {
                auto teardowns = Bench::Select(bench.epdRx[i], "TEARDOWN", false);
                REQUIRE(teardowns.size() == 1u, "TEARDOWN to host " << i);
                NS_TEST_EXPECT_MSG_NE(teardowns[0].what.text.find("reason=preempted"),
                                      std::string::npos,
                                      "preempted");
            }
            NS_TEST_EXPECT_MSG_EQ(Within(bench.EpdEntered(0, ab, EpdState::ENDED), tC),
                                  true,
                                  "A's pipe ended");
            NS_TEST_EXPECT_MSG_EQ(Within(bench.Lit(1, 2, false), tC + kL), true, "A-B dark");
            const Time litCB = bench.Lit(2, 3);
            NS_TEST_EXPECT_MSG_EQ(Within(litCB, tC + (kL + kS) * 2),
                                  true,
                                  "C-B lit right after: " << litCB.As(Time::S));
        }
        Simulator::Destroy();
    }

    std::string m_policy;
    uint32_t m_priorityA;
    uint32_t m_priorityC;
};

/**
 * Lost messages, (R1)-(R2): the pfd's host drops the first REQUEST (or the epd's host
 * the first ACK); the epd sends it again after RetransmitTimeout; the circuit comes up
 * exactly that much later than without the loss; a duplicate is acknowledged but acted
 * on once.
 */
class LostMessageTestCase : public TestCase
{
  public:
    /** @param lostAck drop the pfd's first ACK (at A) instead of the REQUEST (at the pfd) */
    explicit LostMessageTestCase(bool lostAck)
        : TestCase(lostAck ? "lost ACK: REQUEST sent again, the pfd acknowledges the "
                             "duplicate and connects once; setup not delayed"
                           : "lost REQUEST: sent again after RetransmitTimeout; setup "
                             "delayed by exactly that"),
          m_lostAck(lostAck)
    {
    }

  private:
    /** Run the Bytes-policy UDP scenario, with or without the loss; @return lit time */
    Time RunOnce(bool lose, std::function<void(Bench&)> check)
    {
        Bench bench("Queue",
                    {{"DetectionPolicy", Create<StringValue>("Bytes")},
                     {"BytesThreshold", Create<UintegerValue>(1008 * 1000)}});
        auto dropper = std::make_shared<ReceiveDropper>();
        dropper->pattern = m_lostAck ? "ACK " : "REQUEST ";
        dropper->budget = lose ? 1 : 0;
        InstallDropper(m_lostAck ? bench.packetNic[0] : bench.frontEndNic, dropper);
        bench.UdpFlow(0, 1, Seconds(1), 4000, 1000, MilliSeconds(1));
        Simulator::Stop(Seconds(6));
        Simulator::Run();
        const Time lit = bench.Lit(1, 2);
        NS_TEST_EXPECT_MSG_EQ(dropper->dropped, dropper->budget, "the loss happened");
        check(bench);
        Simulator::Destroy();
        return lit;
    }

    void DoRun() override
    {
        const Time reference = RunOnce(false, [](Bench&) {});
        const Time delayed = RunOnce(true, [this](Bench& bench) {
            auto copies = Bench::Select(bench.epdTx[0], "REQUEST", true);
            auto originals = Bench::Select(bench.epdTx[0], "REQUEST", false);
            REQUIRE(originals.size() == 1u && copies.size() == 1u, "one REQUEST, one copy");
            NS_TEST_EXPECT_MSG_EQ(copies[0].t - originals[0].t, kRto, "after RetransmitTimeout");
            NS_TEST_EXPECT_MSG_EQ(Bench::Select(bench.pfdRx, "REQUEST", true).size(),
                                  m_lostAck ? 1u : 0u,
                                  "duplicate seen by the pfd iff the ACK was lost");
            NS_TEST_EXPECT_MSG_EQ(Bench::Select(bench.console, "connection", std::nullopt).size(),
                                  1u,
                                  "one connect command");
            NS_TEST_EXPECT_MSG_EQ((Bench::Select(bench.pfdTx, "ACK", std::nullopt).size() >= 2),
                                  true,
                                  "the duplicate was acknowledged too");
        });
        // The REQUEST (not its copy) leaves right behind the datagram that triggered it, so
        // it may wait up to one frame time w at A's NIC and at the switch: tolerance 2 w.
        const Time w = kLink.CalculateBytesTxTime(1000 + 8 + 20 + 38);
        const Time expected = m_lostAck ? Time(0) : kRto;
        NS_TEST_EXPECT_MSG_EQ_TOL(delayed - reference,
                                  expected,
                                  w * 2,
                                  "setup delay added by the loss");
    }

    bool m_lostAck;
};

/**
 * The accelerator refuses the connect (port 2 already in a circuit set by hand): the
 * requester gets DENIED reason=switch-error L after its REQUEST, the flow never leaves
 * the packet path, and is requested again only after Backoff.
 */
class ConsoleErrorTestCase : public TestCase
{
  public:
    ConsoleErrorTestCase()
        : TestCase("console ERROR (port in a manual circuit): DENIED switch-error, flow stays on "
                   "the packet path, requested again only after Backoff")
    {
    }

  private:
    void DoRun() override
    {
        const Time backoff = Seconds(3);
        Bench bench("Queue",
                    {{"DetectionPolicy", Create<StringValue>("Bytes")},
                     {"BytesThreshold", Create<UintegerValue>(1008 * 1000)},
                     {"Backoff", Create<TimeValue>(backoff)}});
        Simulator::Schedule(MilliSeconds(100), [&]() { bench.ocs->Connect(2, 6); });
        Ptr<UdpServer> server = bench.UdpFlow(0, 1, Seconds(1), 7000, 1000, MilliSeconds(1));
        Simulator::Stop(Seconds(9));
        Simulator::Run();

        auto requests = Bench::Select(bench.epdTx[0], "REQUEST", false);
        REQUIRE(requests.size() == 2u, "two REQUESTs (the second after the backoff)");
        auto denied = Bench::Select(bench.epdRx[0], "DENIED", false);
        REQUIRE(denied.size() >= 1u, "denied");
        NS_TEST_EXPECT_MSG_NE(denied[0].what.text.find("reason=switch-error"),
                              std::string::npos,
                              "reason");
        NS_TEST_EXPECT_MSG_EQ(Within(denied[0].t, requests[0].t + kL),
                              true,
                              "semantic error after L (no switching): " << denied[0].t.As(Time::S));
        const Time again = NextSample(denied[0].t + backoff);
        NS_TEST_EXPECT_MSG_EQ(Within(requests[1].t, again, MilliSeconds(1)),
                              true,
                              "requested again at the first sample after Backoff, next datagram: "
                                  << requests[1].t.As(Time::S));
        NS_TEST_EXPECT_MSG_EQ(bench.paths[0].size(), 0u, "never steered");
        NS_TEST_EXPECT_MSG_EQ(bench.circuitRxBytes[1], 0u, "nothing over B's circuit NIC");
        NS_TEST_EXPECT_MSG_EQ(bench.ocs->GetConnections().size(), 1u, "only the manual circuit");
        NS_TEST_EXPECT_MSG_EQ(bench.ocs->GetPeer(2), 6u, "manual circuit untouched");
        NS_TEST_EXPECT_MSG_EQ(server->GetReceived(), 7000u, "flow delivered on the packet path");
        NS_TEST_EXPECT_MSG_EQ(bench.pfd->GetNCircuits(), 0u, "pfd state cleaned up");
        Simulator::Destroy();
    }
};

/**
 * An end point disappears (its epd stops): the pfd tears the circuit down exactly
 * KeepaliveTimeout after it last heard from that end, the other end falls back to the
 * packet path, the circuit goes dark, and no datagram is lost.
 */
class EndpointGoneTestCase : public TestCase
{
  public:
    /** @param requester stop the requester's epd (else the peer's) */
    explicit EndpointGoneTestCase(bool requester)
        : TestCase(std::string("end point disappears (") + (requester ? "requester" : "peer") +
                   " epd stops): teardown KeepaliveTimeout after its last message, other end "
                   "falls back"),
          m_requester(requester)
    {
    }

  private:
    void DoRun() override
    {
        Bench bench("Queue",
                    {{"DetectionPolicy", Create<StringValue>("Bytes")},
                     {"BytesThreshold", Create<UintegerValue>(1008 * 1000)}});
        const uint32_t gone = m_requester ? 0 : 1;
        const uint32_t other = 1 - gone;
        const Time tStop = Seconds(5);
        bench.epd[gone]->SetStopTime(tStop);
        Ptr<UdpServer> server = bench.UdpFlow(0, 1, Seconds(1), 11000, 1000, MilliSeconds(1));
        Simulator::Stop(Seconds(14));
        Simulator::Run();

        REQUIRE(bench.detected[0].size() == 1u, "detected");
        const FlowKey key = bench.detected[0][0].what;
        const FlowKey mine = gone == 0 ? key : key.Reverse();
        const FlowKey theirs = other == 0 ? key : key.Reverse();
        NS_TEST_EXPECT_MSG_EQ((bench.PathChanged(gone, mine, true) < tStop),
                              true,
                              "was on the circuit");
        NS_TEST_EXPECT_MSG_EQ(Within(bench.PathChanged(gone, mine, false), tStop, MilliSeconds(5)),
                              true,
                              "the stopped epd's flow falls back when it exits");
        Time lastHeard(-1);
        for (const auto& e : bench.pfdRx)
        {
            if (e.what.peer == bench.hostAddress[gone] &&
                (e.what.text.rfind("KEEPALIVE", 0) == 0 || e.what.text.rfind("READY", 0) == 0))
            {
                lastHeard = e.t;
            }
        }
        REQUIRE(lastHeard > Time(0), "heard from it");
        std::string reason;
        const Time releasing = bench.PfdEntered(key, PfdState::RELEASING, &reason);
        NS_TEST_EXPECT_MSG_EQ(releasing, lastHeard + kKeepaliveTimeout, "KeepaliveTimeout after");
        NS_TEST_EXPECT_MSG_EQ(reason, "unreachable", "reason");
        const Time back = bench.PathChanged(other, theirs, false);
        NS_TEST_EXPECT_MSG_EQ(Within(back, releasing),
                              true,
                              "the other end falls back: " << back.As(Time::S));
        NS_TEST_EXPECT_MSG_EQ(Within(bench.Lit(1, 2, false), back + kL), true, "dark");
        NS_TEST_EXPECT_MSG_EQ(server->GetReceived(), 11000u, "no datagram lost");
        Simulator::Destroy();
    }

    bool m_requester;
};

/**
 * SETUP never acknowledged by the peer (its host drops every SETUP): after (N + 1) T the
 * pfd gives up, tears down, and the requester, already steered, falls back.
 */
class SetupUnacknowledgedTestCase : public TestCase
{
  public:
    SetupUnacknowledgedTestCase()
        : TestCase("SETUP unacknowledged by the peer: given up after (N + 1) T, requester "
                   "falls back, circuit disconnected")
    {
    }

  private:
    void DoRun() override
    {
        Bench bench("Queue",
                    {{"DetectionPolicy", Create<StringValue>("Bytes")},
                     {"BytesThreshold", Create<UintegerValue>(1008 * 1000)}});
        auto dropper = std::make_shared<ReceiveDropper>();
        dropper->pattern = "SETUP ";
        dropper->budget = 1000;
        InstallDropper(bench.packetNic[1], dropper);
        Ptr<UdpServer> server = bench.UdpFlow(0, 1, Seconds(1), 8000, 1000, MilliSeconds(1));
        Simulator::Stop(Seconds(10));
        Simulator::Run();

        REQUIRE(!bench.detected[0].empty(), "detected");
        const FlowKey key = bench.detected[0][0].what;
        NS_TEST_EXPECT_MSG_EQ(dropper->dropped, kN + 1, "every copy of the SETUP to B lost");
        auto setups = Bench::Select(bench.pfdTx, "SETUP", false);
        REQUIRE(setups.size() == 2u, "one SETUP to each end");
        REQUIRE(bench.pfdGiveUps.size() == 1u, "one give-up");
        NS_TEST_EXPECT_MSG_EQ(bench.pfdGiveUps[0].what.peer, bench.hostAddress[1], "B unreachable");
        NS_TEST_EXPECT_MSG_EQ(bench.pfdGiveUps[0].t - setups[0].t,
                              kRto * (kN + 1),
                              "(R1) equation (1)");
        const Time onA = bench.PathChanged(0, key, true);
        const Time offA = bench.PathChanged(0, key, false);
        NS_TEST_EXPECT_MSG_EQ((onA > Time(0) && offA > onA), true, "A steered, then back");
        NS_TEST_EXPECT_MSG_EQ(Within(offA, bench.pfdGiveUps[0].t),
                              true,
                              "A falls back at the teardown");
        NS_TEST_EXPECT_MSG_EQ(
            Within(bench.EpdEntered(0, key, EpdState::BACKOFF), offA, MilliSeconds(1)),
            true,
            "A backs off");
        NS_TEST_EXPECT_MSG_EQ(Within(bench.Lit(1, 2, false), offA + kL), true, "dark");
        NS_TEST_EXPECT_MSG_EQ(server->GetReceived(), 8000u, "no datagram lost");
        Simulator::Destroy();
    }
};

/**
 * A pipe (`pipecreator`): traffic between the circuit addresses gets through only while
 * the circuit is lit.
 */
class PipeTestCase : public TestCase
{
  public:
    PipeTestCase()
        : TestCase("pipe: circuit between A and B without a flow; circuit addresses reach each "
                   "other only while it is up")
    {
    }

  private:
    void DoRun() override
    {
        Bench bench("Queue");
        const Time tRequest = Seconds(1);
        const Time tRelease = Seconds(4);
        Simulator::Schedule(tRequest, [&]() { bench.epd[0]->RequestPipe(bench.hostAddress[1]); });
        Simulator::Schedule(tRelease, [&]() { bench.epd[0]->ReleasePipe(bench.hostAddress[1]); });
        UdpEchoServerHelper echoServer(9);
        echoServer.Install(bench.hosts.Get(1)).Start(Seconds(0));
        std::vector<Time> replies;
        for (Time at : {Seconds(0.1), Seconds(3), Seconds(6)})
        {
            UdpEchoClientHelper echo(bench.circuitAddress[1], 9);
            echo.SetAttribute("MaxPackets", UintegerValue(1));
            ApplicationContainer app = echo.Install(bench.hosts.Get(0));
            app.Start(at);
            app.Get(0)->TraceConnectWithoutContext(
                "Rx",
                Callback<void, Ptr<const Packet>>(
                    [&replies](Ptr<const Packet>) { replies.push_back(Simulator::Now()); }));
        }
        Simulator::Stop(Seconds(10));
        Simulator::Run();

        const FlowKey pipe = bench.Pipe(0, 1);
        const Time lit = bench.Lit(1, 2);
        const Time dark = bench.Lit(1, 2, false);
        NS_TEST_EXPECT_MSG_EQ(Within(lit, tRequest + kL + kS), true, "lit L + S after the request");
        NS_TEST_EXPECT_MSG_EQ(Within(bench.EpdEntered(0, pipe, EpdState::CIRCUIT), lit),
                              true,
                              "A's pipe up");
        NS_TEST_EXPECT_MSG_EQ(Within(bench.EpdEntered(1, pipe.Reverse(), EpdState::CIRCUIT), lit),
                              true,
                              "B's side up");
        NS_TEST_EXPECT_MSG_EQ(bench.paths[0].size() + bench.paths[1].size(), 0u, "nothing steered");
        NS_TEST_EXPECT_MSG_EQ(Within(dark, tRelease + kL), true, "dark L after the release");
        REQUIRE(!replies.empty(), "echo replies");
        bool inside = true;
        bool probe = false;
        for (Time t : replies)
        {
            inside = inside && t >= lit && t <= dark;
            probe = probe || Within(t, Seconds(3), MilliSeconds(5));
        }
        NS_TEST_EXPECT_MSG_EQ(inside, true, "replies only while the circuit is lit");
        NS_TEST_EXPECT_MSG_EQ(probe, true, "the probe sent while it is lit gets its reply");
        Simulator::Destroy();
    }
};

/** The suite. */
class OffloadDaemonsTestSuite : public TestSuite
{
  public:
    OffloadDaemonsTestSuite()
        : TestSuite("hybridnet-offload-daemons", Type::SYSTEM)
    {
        AddTestCase(new FullCycleTestCase(), Duration::QUICK);
        AddTestCase(new BytesPolicyTestCase(), Duration::QUICK);
        AddTestCase(new SizeHintTestCase(), Duration::QUICK);
        AddTestCase(new BusyPolicyTestCase("Queue", 0, 0), Duration::QUICK);
        AddTestCase(new BusyPolicyTestCase("Deny", 0, 0), Duration::QUICK);
        AddTestCase(new BusyPolicyTestCase("Preempt", 0, 5), Duration::QUICK);
        AddTestCase(new BusyPolicyTestCase("Preempt", 5, 0), Duration::QUICK);
        AddTestCase(new LostMessageTestCase(false), Duration::QUICK);
        AddTestCase(new LostMessageTestCase(true), Duration::QUICK);
        AddTestCase(new ConsoleErrorTestCase(), Duration::QUICK);
        AddTestCase(new EndpointGoneTestCase(true), Duration::QUICK);
        AddTestCase(new EndpointGoneTestCase(false), Duration::QUICK);
        AddTestCase(new SetupUnacknowledgedTestCase(), Duration::QUICK);
        AddTestCase(new PipeTestCase(), Duration::QUICK);
    }
};

/** Static instance. */
OffloadDaemonsTestSuite g_offloadDaemonsTestSuite;

} // namespace
