/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of LossInjector.  Expected values come from the class comment: which counted
 * packets mode EveryNth drops, equation (2) (listed here as K+N, K+2N, ... rather than
 * recomputed with the modulo), the drop count (3), the binomial law of mode Random,
 * the counting rule (1) and the flow filter; where a dropped packet is lost (send path:
 * before the wire; receive path: after it); that ns-3's own TCP over a point-to-point link
 * completes a transfer with floor(segments / N) data segments dropped, segments counted
 * on the wire independently of the injector; and that a TCP filter leaves UDP and ICMP
 * (including the ICMP errors for UDP, which reach the socket through the receive shim)
 * alone.
 */
#include "hybridnet/loss-injector-helper.h"
#include "hybridnet/loss-injector.h"

#include "ns3/boolean.h"
#include "ns3/bulk-send-helper.h"
#include "ns3/callback.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/inet-socket-address.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv4-header.h"
#include "ns3/node-container.h"
#include "ns3/packet-sink-helper.h"
#include "ns3/packet-sink.h"
#include "ns3/packet.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/ppp-header.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/string.h"
#include "ns3/tcp-header.h"
#include "ns3/test.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"

#include <array>
#include <cmath>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

constexpr uint8_t kTcp = 6;
constexpr uint8_t kUdp = 17;
constexpr uint16_t kPortA = 5001;   //!< destination port of the flow the filters select
constexpr uint16_t kPortB = 5002;   //!< destination port of the other flow
constexpr uint32_t kDatagram = 100; //!< UDP payload, bytes

/** Two hosts, A (10.1.1.1) and B (10.1.1.2), on a 1 Gb/s, 1 ms point-to-point link. */
struct Net
{
    NodeContainer nodes;               //!< A, B
    NetDeviceContainer devices;        //!< their devices
    Ipv4InterfaceContainer interfaces; //!< their addresses

    Net()
    {
        nodes.Create(2);
        PointToPointHelper p2p;
        p2p.SetDeviceAttribute("DataRate", StringValue("1Gbps"));
        p2p.SetChannelAttribute("Delay", StringValue("1ms"));
        devices = p2p.Install(nodes);
        InternetStackHelper stack;
        stack.Install(nodes);
        Ipv4AddressHelper address("10.1.1.0", "255.255.255.0");
        interfaces = address.Assign(devices);
    }

    Ptr<Node> A() const
    {
        return nodes.Get(0);
    }

    Ptr<Node> B() const
    {
        return nodes.Get(1);
    }
};

/** The sequence number a test datagram carries in its first four payload bytes. */
uint32_t
ReadSeq(Ptr<const Packet> packet, uint32_t offset)
{
    std::array<uint8_t, 16> bytes{};
    packet->CopyData(bytes.data(), offset + 4);
    return (uint32_t(bytes[offset]) << 24) | (uint32_t(bytes[offset + 1]) << 16) |
           (uint32_t(bytes[offset + 2]) << 8) | uint32_t(bytes[offset + 3]);
}

/** A UDP datagram of kDatagram bytes carrying @p seq. */
Ptr<Packet>
Datagram(uint32_t seq)
{
    std::array<uint8_t, kDatagram> bytes{};
    bytes[0] = static_cast<uint8_t>(seq >> 24);
    bytes[1] = static_cast<uint8_t>(seq >> 16);
    bytes[2] = static_cast<uint8_t>(seq >> 8);
    bytes[3] = static_cast<uint8_t>(seq);
    return Create<Packet>(bytes.data(), bytes.size());
}

/** Receives test datagrams on one UDP port of a node and records their sequence numbers. */
class UdpRecorder
{
  public:
    UdpRecorder(Ptr<Node> node, uint16_t port)
    {
        m_socket = Socket::CreateSocket(node, UdpSocketFactory::GetTypeId());
        m_socket->Bind(InetSocketAddress(Ipv4Address::GetAny(), port));
        m_socket->SetRecvCallback(MakeCallback(&UdpRecorder::Receive, this));
    }

    std::vector<uint32_t> seqs; //!< received, in order

  private:
    void Receive(Ptr<Socket> socket)
    {
        while (Ptr<Packet> packet = socket->Recv())
        {
            seqs.push_back(ReadSeq(packet, 0));
        }
    }

    Ptr<Socket> m_socket; //!< the bound socket
};

/** Sends numbered test datagrams from one UDP socket of A, one every 10 us. */
class UdpSender
{
  public:
    UdpSender(Ptr<Node> node,
              Ipv4Address local,
              uint16_t localPort,
              Ipv4Address peer,
              uint16_t port)
    {
        m_socket = Socket::CreateSocket(node, UdpSocketFactory::GetTypeId());
        m_socket->Bind(InetSocketAddress(local, localPort));
        m_socket->Connect(InetSocketAddress(peer, port));
    }

    /** Schedules datagrams 1..@p count at start + (i - 1) * @p gap. */
    void Schedule(uint32_t count, Time start, Time gap)
    {
        for (uint32_t i = 1; i <= count; ++i)
        {
            Simulator::Schedule(start + gap * (i - 1),
                                [this, i]() { m_socket->Send(Datagram(i)); });
        }
    }

    Ptr<Socket> GetSocket() const
    {
        return m_socket;
    }

  private:
    Ptr<Socket> m_socket; //!< bound and connected
};

/** @return a helper for mode EveryNth with @p n, @p k and a UDP filter on @p port */
LossInjectorHelper
EveryNth(uint32_t n, uint32_t k, uint16_t port)
{
    LossInjectorHelper helper;
    helper.SetAttribute("Mode", EnumValue(LossInjector::EVERY_NTH));
    helper.SetAttribute("Interval", UintegerValue(n));
    helper.SetAttribute("Offset", UintegerValue(k));
    helper.SetAttribute("Protocol", UintegerValue(kUdp));
    helper.SetAttribute("DestinationPort", UintegerValue(port));
    return helper;
}

/** @return a helper for mode Random with @p p and a UDP filter on @p port */
LossInjectorHelper
RandomLoss(double p, uint16_t port)
{
    LossInjectorHelper helper;
    helper.SetAttribute("Mode", EnumValue(LossInjector::RANDOM));
    helper.SetAttribute("LossRate", DoubleValue(p));
    helper.SetAttribute("Protocol", UintegerValue(kUdp));
    helper.SetAttribute("DestinationPort", UintegerValue(port));
    return helper;
}

// ---------------------------------------------------------------------------------------

/**
 * Mode EveryNth, equation (2): two UDP flows from A to B interleaved, the filter selects
 * one; exactly its packets K+N, K+2N, ... are dropped (Drop trace and receiver), the other
 * flow loses nothing.
 */
class EveryNthTwoFlowsTestCase : public TestCase
{
  public:
    EveryNthTwoFlowsTestCase(uint32_t n, uint32_t k, uint32_t count)
        : TestCase("every N-th, N=" + std::to_string(n) + " K=" + std::to_string(k) + " of " +
                   std::to_string(count) + " packets, two flows"),
          m_n(n),
          m_k(k),
          m_count(count)
    {
    }

  private:
    void DoRun() override
    {
        Net net;
        const Ipv4Address a = net.interfaces.GetAddress(0);
        const Ipv4Address b = net.interfaces.GetAddress(1);
        Ptr<LossInjector> injector =
            EveryNth(m_n, m_k, kPortA).Install(net.A(), LossInjector::SEND);
        std::vector<uint32_t> dropped;
        bool otherFlowDropped = false;
        injector->TraceConnectWithoutContext("Drop",
                                             MakeCallback(+[](std::vector<uint32_t>* d,
                                                              bool* other,
                                                              Ptr<const Packet> p,
                                                              const FlowKey& key) {
                                                 d->push_back(
                                                     ReadSeq(p, 8)); // after the UDP header
                                                 *other |= key.destinationPort != kPortA;
                                             }).Bind(&dropped, &otherFlowDropped));

        UdpRecorder rxA(net.B(), kPortA);
        UdpRecorder rxB(net.B(), kPortB);
        UdpSender txA(net.A(), a, 7001, b, kPortA);
        UdpSender txB(net.A(), a, 7002, b, kPortB);
        txA.Schedule(m_count, MilliSeconds(1), MicroSeconds(10));
        txB.Schedule(m_count, MilliSeconds(1) + MicroSeconds(5), MicroSeconds(10));
        Simulator::Stop(Seconds(1));
        Simulator::Run();

        std::vector<uint32_t> expectDropped;
        for (uint64_t seq = uint64_t(m_k) + m_n; seq <= m_count; seq += m_n)
        {
            expectDropped.push_back(static_cast<uint32_t>(seq));
        }
        std::vector<uint32_t> expectReceived;
        for (uint32_t seq = 1, j = 0; seq <= m_count; ++seq)
        {
            if (j < expectDropped.size() && expectDropped[j] == seq)
            {
                ++j;
                continue;
            }
            expectReceived.push_back(seq);
        }
        NS_TEST_EXPECT_MSG_EQ(injector->GetSeen(), m_count, "counted packets = the flow's");
        NS_TEST_EXPECT_MSG_EQ(injector->GetDropped(), expectDropped.size(), "D of (3)");
        NS_TEST_EXPECT_MSG_EQ((dropped == expectDropped), true, "dropped K+N, K+2N, ...");
        NS_TEST_EXPECT_MSG_EQ(otherFlowDropped, false, "Drop names the filtered flow");
        NS_TEST_EXPECT_MSG_EQ((rxA.seqs == expectReceived), true, "the others arrive");
        NS_TEST_EXPECT_MSG_EQ(rxB.seqs.size(), m_count, "other flow untouched");
        Simulator::Destroy();
    }

    uint32_t m_n;     //!< N
    uint32_t m_k;     //!< K
    uint32_t m_count; //!< packets per flow
};

// ---------------------------------------------------------------------------------------

/**
 * Mode Random: over n packets the number dropped is Binomial(n, p): within 4.5 standard
 * deviations of n p (a correct model fails this with probability below 1e-5; p off by a
 * factor 1.5 fails it for the n used).  The drop sequence is a function of seed and run:
 * identical for the same run, different for another run.
 */
class RandomLossTestCase : public TestCase
{
  public:
    RandomLossTestCase(double p, uint32_t count, const std::string& name)
        : TestCase("random " + name + " over " + std::to_string(count) + " packets"),
          m_p(p),
          m_count(count)
    {
    }

  private:
    /** @return the sequence numbers dropped in run @p run */
    std::vector<uint32_t> RunOnce(uint64_t run)
    {
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(run);
        Net net;
        const Ipv4Address a = net.interfaces.GetAddress(0);
        const Ipv4Address b = net.interfaces.GetAddress(1);
        std::vector<Ptr<LossInjector>> injectors =
            RandomLoss(m_p, kPortA).Install(NodeContainer(net.A()), LossInjector::SEND);
        NS_TEST_EXPECT_MSG_EQ(LossInjectorHelper::AssignStreams(injectors, 11), 1, "streams");
        std::vector<uint32_t> dropped;
        injectors[0]->TraceConnectWithoutContext(
            "Drop",
            MakeCallback(+[](std::vector<uint32_t>* d, Ptr<const Packet> p, const FlowKey&) {
                d->push_back(ReadSeq(p, 8));
            }).Bind(&dropped));
        UdpRecorder rx(net.B(), kPortA);
        UdpSender tx(net.A(), a, 7001, b, kPortA);
        tx.Schedule(m_count, MilliSeconds(1), MicroSeconds(10));
        Simulator::Stop(Seconds(10));
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(injectors[0]->GetSeen(), m_count, "every packet counted");
        NS_TEST_EXPECT_MSG_EQ(injectors[0]->GetDropped(), dropped.size(), "counter = trace");
        NS_TEST_EXPECT_MSG_EQ(rx.seqs.size() + dropped.size(), m_count, "the rest arrive");
        Simulator::Destroy();
        return dropped;
    }

    void DoRun() override
    {
        const uint32_t seed = RngSeedManager::GetSeed();
        const uint64_t run = RngSeedManager::GetRun();
        const std::vector<uint32_t> first = RunOnce(1);
        const double mean = m_count * m_p;
        const double sigma = std::sqrt(m_count * m_p * (1 - m_p));
        NS_TEST_EXPECT_MSG_EQ_TOL(double(first.size()),
                                  mean,
                                  4.5 * sigma,
                                  "binomial: n p within 4.5 sigma");
        const std::vector<uint32_t> again = RunOnce(1);
        NS_TEST_EXPECT_MSG_EQ((again == first), true, "same seed and run: same drops");
        const std::vector<uint32_t> other = RunOnce(2);
        NS_TEST_EXPECT_MSG_EQ((other == first), false, "another run: other drops");
        RngSeedManager::SetSeed(seed);
        RngSeedManager::SetRun(run);
    }

    double m_p;       //!< p
    uint32_t m_count; //!< n
};

// ---------------------------------------------------------------------------------------

/**
 * The extremes of mode Random: p = 0 drops nothing, p = 1 drops every matching packet and
 * no other.
 */
class RandomExtremesTestCase : public TestCase
{
  public:
    explicit RandomExtremesTestCase(bool all)
        : TestCase(all ? "random p=1 drops every matching packet" : "random p=0 drops nothing"),
          m_all(all)
    {
    }

  private:
    void DoRun() override
    {
        constexpr uint32_t kCount = 50;
        Net net;
        const Ipv4Address a = net.interfaces.GetAddress(0);
        const Ipv4Address b = net.interfaces.GetAddress(1);
        Ptr<LossInjector> injector =
            RandomLoss(m_all ? 1.0 : 0.0, kPortA).Install(net.A(), LossInjector::SEND);
        UdpRecorder rxA(net.B(), kPortA);
        UdpRecorder rxB(net.B(), kPortB);
        UdpSender txA(net.A(), a, 7001, b, kPortA);
        UdpSender txB(net.A(), a, 7002, b, kPortB);
        txA.Schedule(kCount, MilliSeconds(1), MicroSeconds(10));
        txB.Schedule(kCount, MilliSeconds(1), MicroSeconds(10));
        Simulator::Stop(Seconds(1));
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(injector->GetSeen(), kCount, "matching packets counted");
        NS_TEST_EXPECT_MSG_EQ(injector->GetDropped(), (m_all ? kCount : 0), "p n dropped");
        NS_TEST_EXPECT_MSG_EQ(rxA.seqs.size(), (m_all ? 0 : kCount), "matching flow received");
        NS_TEST_EXPECT_MSG_EQ(rxB.seqs.size(), kCount, "other flow untouched");
        Simulator::Destroy();
    }

    bool m_all; //!< p = 1 (else 0)
};

// ---------------------------------------------------------------------------------------

/** Counts the IPv4 packets a point-to-point device starts to send, and their TCP data. */
struct WireCounter
{
    uint32_t packets{0};                   //!< IPv4 packets
    uint32_t tcpData{0};                   //!< of which TCP segments with payload
    std::map<uint32_t, uint32_t> dataSeqs; //!< their sequence numbers: how often sent

    void Count(Ptr<const Packet> frame)
    {
        Ptr<Packet> copy = frame->Copy();
        PppHeader ppp;
        copy->RemoveHeader(ppp);
        Ipv4Header ip;
        copy->RemoveHeader(ip);
        ++packets;
        if (ip.GetProtocol() == kTcp)
        {
            TcpHeader tcp;
            copy->RemoveHeader(tcp);
            if (copy->GetSize() > 0)
            {
                ++tcpData;
                ++dataSeqs[tcp.GetSequenceNumber().GetValue()];
            }
        }
    }
};

/**
 * Send path vs receive path: with N = 3 on A's send path, A's injector counts all 30
 * datagrams and drops 10, only 20 reach the wire, and B's (watching, p = 0) receive
 * injector counts 20; with N = 3 on B's receive path, all 30 reach the wire, B's injector
 * counts 30 and drops 10, A's (watching) send injector drops none.  Either way A's receive
 * and B's send injectors see nothing (the flow goes from A to B) and B receives 20.
 */
class DirectionTestCase : public TestCase
{
  public:
    explicit DirectionTestCase(LossInjector::Direction direction)
        : TestCase(direction == LossInjector::SEND ? "drops on the send path"
                                                   : "drops on the receive path"),
          m_direction(direction)
    {
    }

  private:
    void DoRun() override
    {
        constexpr uint32_t kCount = 30;
        constexpr uint32_t kN = 3;
        const bool send = m_direction == LossInjector::SEND;
        Net net;
        const Ipv4Address a = net.interfaces.GetAddress(0);
        const Ipv4Address b = net.interfaces.GetAddress(1);
        LossInjectorHelper dropping = EveryNth(kN, 0, kPortA);
        LossInjectorHelper watching = RandomLoss(0.0, kPortA);
        Ptr<LossInjector> aSend = (send ? dropping : watching).Install(net.A(), LossInjector::SEND);
        Ptr<LossInjector> bReceive =
            (send ? watching : dropping).Install(net.B(), LossInjector::RECEIVE);
        Ptr<LossInjector> aReceive = dropping.Install(net.A(), LossInjector::RECEIVE);
        Ptr<LossInjector> bSend = dropping.Install(net.B(), LossInjector::SEND);
        WireCounter wire;
        net.devices.Get(0)->TraceConnectWithoutContext("PhyTxBegin",
                                                       MakeCallback(&WireCounter::Count, &wire));
        UdpRecorder rx(net.B(), kPortA);
        UdpSender tx(net.A(), a, 7001, b, kPortA);
        tx.Schedule(kCount, MilliSeconds(1), MicroSeconds(10));
        Simulator::Stop(Seconds(1));
        Simulator::Run();
        const uint32_t dropped = kCount / kN;
        NS_TEST_EXPECT_MSG_EQ(aSend->GetSeen(), kCount, "A's send path counts all");
        NS_TEST_EXPECT_MSG_EQ(aSend->GetDropped(), (send ? dropped : 0), "A's send drops");
        NS_TEST_EXPECT_MSG_EQ(wire.packets, (send ? kCount - dropped : kCount), "on the wire");
        NS_TEST_EXPECT_MSG_EQ(bReceive->GetSeen(),
                              (send ? kCount - dropped : kCount),
                              "B's receive path counts what arrives");
        NS_TEST_EXPECT_MSG_EQ(bReceive->GetDropped(), (send ? 0 : dropped), "B's receive drops");
        NS_TEST_EXPECT_MSG_EQ(aReceive->GetSeen(), 0, "A's receive path sees no A-to-B packet");
        NS_TEST_EXPECT_MSG_EQ(bSend->GetSeen(), 0, "B's send path sees no A-to-B packet");
        NS_TEST_EXPECT_MSG_EQ(rx.seqs.size(), kCount - dropped, "B receives the rest");
        Simulator::Destroy();
    }

    LossInjector::Direction m_direction; //!< where the dropping injector sits
};

// ---------------------------------------------------------------------------------------

/**
 * ns-3's TCP (BulkSend -> PacketSink over the link) with every N-th data segment dropped,
 * on A's send path or on B's receive path: the injector drops floor(S / N) of the S data
 * segments it counted (3), S is what the wire shows (send path: S = data segments on the
 * wire + drops, each retransmission a segment too; receive path: S = data segments on the
 * wire), at least one segment is dropped, and the transfer completes.  The drops are real:
 * every dropped segment is sent again (send path: its sequence number is on the wire,
 * where the dropped copy never was; receive path: it is on the wire twice or more; on a
 * lossless link TCP retransmits nothing else but after a spurious timeout).
 */
class TcpEveryNthTestCase : public TestCase
{
  public:
    TcpEveryNthTestCase(LossInjector::Direction direction, uint32_t n)
        : TestCase(std::string("ns-3 TCP, every ") + std::to_string(n) +
                   "-th data segment on the " +
                   (direction == LossInjector::SEND ? "send" : "receive") + " path"),
          m_direction(direction),
          m_n(n)
    {
    }

  private:
    void DoRun() override
    {
        constexpr uint32_t kBytes = 1000000;
        constexpr uint16_t kPort = 5003;
        Net net;
        const bool send = m_direction == LossInjector::SEND;
        LossInjectorHelper helper;
        helper.SetAttribute("Mode", EnumValue(LossInjector::EVERY_NTH));
        helper.SetAttribute("Interval", UintegerValue(m_n));
        helper.SetAttribute("Protocol", UintegerValue(kTcp));
        helper.SetAttribute("DestinationPort", UintegerValue(kPort));
        Ptr<LossInjector> injector = helper.Install(send ? net.A() : net.B(), m_direction);
        std::vector<uint32_t> droppedSeqs;
        injector->TraceConnectWithoutContext(
            "Drop",
            MakeCallback(+[](std::vector<uint32_t>* d, Ptr<const Packet> p, const FlowKey&) {
                TcpHeader tcp;
                p->PeekHeader(tcp);
                d->push_back(tcp.GetSequenceNumber().GetValue());
            }).Bind(&droppedSeqs));

        WireCounter wire;
        net.devices.Get(0)->TraceConnectWithoutContext("PhyTxBegin",
                                                       MakeCallback(&WireCounter::Count, &wire));
        PacketSinkHelper sinkHelper("ns3::TcpSocketFactory",
                                    InetSocketAddress(Ipv4Address::GetAny(), kPort));
        ApplicationContainer sinks = sinkHelper.Install(net.B());
        BulkSendHelper bulk("ns3::TcpSocketFactory",
                            InetSocketAddress(net.interfaces.GetAddress(1), kPort));
        bulk.SetAttribute("MaxBytes", UintegerValue(kBytes));
        ApplicationContainer senders = bulk.Install(net.A());
        sinks.Start(Seconds(0));
        senders.Start(MilliSeconds(10));
        Simulator::Stop(Seconds(100));
        Simulator::Run();

        const uint64_t seen = injector->GetSeen();
        NS_TEST_EXPECT_MSG_EQ(
            seen,
            (send ? uint64_t(wire.tcpData) + injector->GetDropped() : uint64_t(wire.tcpData)),
            "data segments counted = those handed down / arriving");
        NS_TEST_EXPECT_MSG_EQ(injector->GetDropped(), seen / m_n, "floor(S / N) dropped");
        NS_TEST_EXPECT_MSG_GT(injector->GetDropped(), 0, "something was dropped");
        NS_TEST_EXPECT_MSG_EQ(droppedSeqs.size(), injector->GetDropped(), "Drop trace");
        for (uint32_t seq : droppedSeqs)
        {
            const auto it = wire.dataSeqs.find(seq);
            const uint32_t times = it == wire.dataSeqs.end() ? 0 : it->second;
            NS_TEST_EXPECT_MSG_GT_OR_EQ(times, (send ? 1U : 2U), "dropped segment sent again");
        }
        NS_TEST_EXPECT_MSG_EQ(DynamicCast<PacketSink>(sinks.Get(0))->GetTotalRx(),
                              kBytes,
                              "the transfer completes");
        Simulator::Destroy();
    }

    LossInjector::Direction m_direction; //!< the path
    uint32_t m_n;                        //!< N
};

// ---------------------------------------------------------------------------------------

/**
 * A TCP-only filter that drops every packet (N = 1, PayloadOnly false) on both paths of
 * both hosts leaves UDP and ICMP alone: all datagrams to an open port arrive; each to a
 * closed port makes B send an ICMP port unreachable (B's send path, protocol 1), which
 * reaches A's UDP socket through the receive shim of a pass-all UDP injector on A
 * (ReceiveIcmp forwarded); no injector counts any of them.  A TCP connection attempt from A
 * is then dropped (its SYNs): the filter does match TCP.
 */
class TcpFilterLeavesOthersTestCase : public TestCase
{
  public:
    TcpFilterLeavesOthersTestCase()
        : TestCase("a TCP filter leaves UDP and ICMP alone")
    {
    }

  private:
    void DoRun() override
    {
        constexpr uint32_t kCount = 20;
        constexpr uint32_t kClosed = 5;
        Net net;
        const Ipv4Address a = net.interfaces.GetAddress(0);
        const Ipv4Address b = net.interfaces.GetAddress(1);
        LossInjectorHelper helper;
        helper.SetAttribute("Mode", EnumValue(LossInjector::EVERY_NTH));
        helper.SetAttribute("Interval", UintegerValue(1));
        helper.SetAttribute("Protocol", UintegerValue(kTcp));
        helper.SetAttribute("PayloadOnly", BooleanValue(false));
        std::vector<Ptr<LossInjector>> sends = helper.Install(net.nodes, LossInjector::SEND);
        std::vector<Ptr<LossInjector>> receives = helper.Install(net.nodes, LossInjector::RECEIVE);
        // A shim on A's UDP that passes everything: the ICMP errors must cross it.
        Ptr<LossInjector> udpWatch = RandomLoss(0.0, 0).Install(net.A(), LossInjector::RECEIVE);

        WireCounter wireB;
        net.devices.Get(1)->TraceConnectWithoutContext("PhyTxBegin",
                                                       MakeCallback(&WireCounter::Count, &wireB));
        UdpRecorder rx(net.B(), kPortA);
        UdpSender open(net.A(), a, 7001, b, kPortA);
        UdpSender closed(net.A(), a, 7002, b, kPortB);
        uint32_t icmpErrors = 0;
        closed.GetSocket()->SetAttribute(
            "IcmpCallback",
            CallbackValue(
                MakeCallback(
                    +[](uint32_t* n, Ipv4Address, uint8_t, uint8_t type, uint8_t, uint32_t) {
                        *n += type == 3 ? 1 : 0; // destination unreachable
                    })
                    .Bind(&icmpErrors)));
        open.Schedule(kCount, MilliSeconds(1), MicroSeconds(10));
        closed.Schedule(kClosed, MilliSeconds(2), MicroSeconds(10));

        Ptr<Socket> tcp =
            Socket::CreateSocket(net.A(), TypeId::LookupByName("ns3::TcpSocketFactory"));
        Simulator::Schedule(MilliSeconds(100), [tcp, b]() {
            tcp->Bind();
            tcp->Connect(InetSocketAddress(b, 5003));
        });
        Simulator::Stop(Seconds(2));
        Simulator::Run();

        NS_TEST_EXPECT_MSG_EQ(rx.seqs.size(), kCount, "UDP to the open port all arrives");
        NS_TEST_EXPECT_MSG_EQ(wireB.packets, kClosed, "B sends one ICMP error per datagram");
        NS_TEST_EXPECT_MSG_EQ(icmpErrors, kClosed, "ICMP errors reach the UDP socket");
        NS_TEST_EXPECT_MSG_EQ(sends[1]->GetSeen(), 0, "B's send path counted nothing");
        NS_TEST_EXPECT_MSG_EQ(receives[0]->GetSeen(), 0, "A's receive path counted nothing");
        NS_TEST_EXPECT_MSG_EQ(receives[1]->GetSeen(), 0, "B's receive path counted nothing");
        NS_TEST_EXPECT_MSG_EQ(udpWatch->GetSeen(), 0, "no UDP datagram for A");
        NS_TEST_EXPECT_MSG_GT(sends[0]->GetSeen(), 0, "A's SYN was counted");
        NS_TEST_EXPECT_MSG_EQ(sends[0]->GetDropped(), sends[0]->GetSeen(), "and dropped");
        Simulator::Destroy();
    }
};

// ---------------------------------------------------------------------------------------

/**
 * The flow filter, field by field: a set field must equal the packet's, a field left at
 * its wildcard (0, 0.0.0.0) matches anything.
 */
class FilterTestCase : public TestCase
{
  public:
    FilterTestCase()
        : TestCase("flow filter fields and wildcards")
    {
    }

  private:
    void DoRun() override
    {
        const FlowKey key{Ipv4Address("10.0.0.1"), Ipv4Address("10.0.0.2"), kTcp, 49153, 5001};
        Ptr<LossInjector> injector = CreateObject<LossInjector>();
        NS_TEST_EXPECT_MSG_EQ(injector->Matches(key), true, "all wildcards match");
        const std::vector<std::pair<std::string, Ptr<AttributeValue>>> fields = {
            {"Protocol", Create<UintegerValue>(kTcp)},
            {"SourceAddress", Create<Ipv4AddressValue>(Ipv4Address("10.0.0.1"))},
            {"DestinationAddress", Create<Ipv4AddressValue>(Ipv4Address("10.0.0.2"))},
            {"SourcePort", Create<UintegerValue>(49153)},
            {"DestinationPort", Create<UintegerValue>(5001)},
        };
        const std::vector<FlowKey> others = {
            FlowKey{key.source, key.destination, kUdp, key.sourcePort, key.destinationPort},
            FlowKey{Ipv4Address("10.0.0.3"),
                    key.destination,
                    kTcp,
                    key.sourcePort,
                    key.destinationPort},
            FlowKey{key.source, Ipv4Address("10.0.0.3"), kTcp, key.sourcePort, key.destinationPort},
            FlowKey{key.source, key.destination, kTcp, 49154, key.destinationPort},
            FlowKey{key.source, key.destination, kTcp, key.sourcePort, 5002},
        };
        for (std::size_t i = 0; i < fields.size(); ++i)
        {
            Ptr<LossInjector> one = CreateObject<LossInjector>();
            one->SetAttribute(fields[i].first, *fields[i].second);
            NS_TEST_EXPECT_MSG_EQ(one->Matches(key), true, fields[i].first << " equal");
            NS_TEST_EXPECT_MSG_EQ(one->Matches(others[i]), false, fields[i].first << " differs");
            NS_TEST_EXPECT_MSG_EQ(injector->Matches(others[i]), true, "wildcard");
        }
    }
};

// ---------------------------------------------------------------------------------------

/** The checkers enforce the ranges: p in [0, 1], N >= 1, a protocol number < 256. */
class AttributeRangeTestCase : public TestCase
{
  public:
    AttributeRangeTestCase()
        : TestCase("attribute ranges")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<LossInjector> injector = CreateObject<LossInjector>();
        NS_TEST_EXPECT_MSG_EQ(injector->SetAttributeFailSafe("LossRate", DoubleValue(-0.01)),
                              false,
                              "p < 0 rejected");
        NS_TEST_EXPECT_MSG_EQ(injector->SetAttributeFailSafe("LossRate", DoubleValue(1.01)),
                              false,
                              "p > 1 rejected");
        NS_TEST_EXPECT_MSG_EQ(injector->SetAttributeFailSafe("LossRate", DoubleValue(0.0)),
                              true,
                              "p = 0 accepted");
        NS_TEST_EXPECT_MSG_EQ(injector->SetAttributeFailSafe("LossRate", DoubleValue(1.0)),
                              true,
                              "p = 1 accepted");
        NS_TEST_EXPECT_MSG_EQ(injector->SetAttributeFailSafe("Interval", UintegerValue(0)),
                              false,
                              "N = 0 rejected");
        NS_TEST_EXPECT_MSG_EQ(injector->SetAttributeFailSafe("Interval", UintegerValue(1)),
                              true,
                              "N = 1 accepted");
        NS_TEST_EXPECT_MSG_EQ(injector->SetAttributeFailSafe("Protocol", UintegerValue(256)),
                              false,
                              "protocol 256 rejected");
        NS_TEST_EXPECT_MSG_EQ(injector->SetAttributeFailSafe("SourcePort", UintegerValue(65536)),
                              false,
                              "port 65536 rejected");
    }
};

class LossInjectorTestSuite : public TestSuite
{
  public:
    LossInjectorTestSuite()
        : TestSuite("hybridnet-impairment-loss-injector", Type::UNIT)
    {
        AddTestCase(new EveryNthTwoFlowsTestCase(7, 0, 100), Duration::QUICK);
        AddTestCase(new EveryNthTwoFlowsTestCase(10, 3, 100), Duration::QUICK);
        AddTestCase(new EveryNthTwoFlowsTestCase(1, 0, 20), Duration::QUICK);
        AddTestCase(new EveryNthTwoFlowsTestCase(200, 0, 100), Duration::QUICK);
        AddTestCase(new RandomExtremesTestCase(false), Duration::QUICK);
        AddTestCase(new RandomExtremesTestCase(true), Duration::QUICK);
        AddTestCase(new DirectionTestCase(LossInjector::SEND), Duration::QUICK);
        AddTestCase(new DirectionTestCase(LossInjector::RECEIVE), Duration::QUICK);
        AddTestCase(new TcpFilterLeavesOthersTestCase(), Duration::QUICK);
        AddTestCase(new FilterTestCase(), Duration::QUICK);
        AddTestCase(new AttributeRangeTestCase(), Duration::QUICK);
    }
};

LossInjectorTestSuite g_lossInjectorTestSuite; //!< static instance

class LossInjectorRandomTestSuite : public TestSuite
{
  public:
    LossInjectorRandomTestSuite()
        : TestSuite("hybridnet-impairment-random-loss", Type::UNIT)
    {
        AddTestCase(new RandomLossTestCase(0.01, 20000, "p=1 per 100"), Duration::QUICK);
        AddTestCase(new RandomLossTestCase(0.1, 20000, "p=1 per 10"), Duration::QUICK);
    }
};

LossInjectorRandomTestSuite g_lossInjectorRandomTestSuite; //!< static instance

class LossInjectorTcpTestSuite : public TestSuite
{
  public:
    LossInjectorTcpTestSuite()
        : TestSuite("hybridnet-impairment-tcp", Type::SYSTEM)
    {
        AddTestCase(new TcpEveryNthTestCase(LossInjector::SEND, 100), Duration::QUICK);
        AddTestCase(new TcpEveryNthTestCase(LossInjector::RECEIVE, 100), Duration::QUICK);
        AddTestCase(new TcpEveryNthTestCase(LossInjector::SEND, 7), Duration::QUICK);
    }
};

LossInjectorTcpTestSuite g_lossInjectorTcpTestSuite; //!< static instance

} // namespace
