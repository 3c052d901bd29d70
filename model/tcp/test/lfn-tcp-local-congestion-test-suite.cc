/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of LfnTcpSocket's local congestion, equation (14): a sender whose own queue
 * discipline is full does not lose the segment it was about to send (Linux's
 * tcp_transmit_skb gets NET_XMIT_DROP, keeps the segment unsent and calls tcp_enter_cwr).
 * One point-to-point link of rate R and one-way delay d; the sender's device queue holds one
 * packet and its pfifo_fast Q packets, so slow start's bursts (two segments per ACK at twice
 * the link's rate) fill the queue discipline long before the window reaches the path's
 * bandwidth-delay product. Expected, from Linux 2.6 (tcp_enter_cwr, tcp_cwnd_down,
 * tcp_complete_cwr):
 *   - no segment is dropped by the queue discipline and none is retransmitted: the flow
 *     delivers every byte it sent once, and SendStall counts the held segments;
 *   - the flow enters CWR once per window: ssthresh is reduced once, to the ops' value for
 *     the flight at that moment (Reno: half of it), not once per held segment;
 *   - in CWR cwnd never grows, and after CWR it is at most ssthresh;
 * and, for contrast, ns-3's TcpSocketBase (no local congestion) loses the segments at the
 * queue discipline and retransmits them.
 */
#include "hybridnet/lfn-tcp-helper.h"
#include "hybridnet/lfn-tcp-socket.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/test.h"
#include "ns3/traffic-control-module.h"

#include <algorithm>
#include <vector>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

constexpr uint32_t kSegment = 1448;
constexpr uint32_t kQdisc = 20; //!< Q, packets

/** What one transfer showed. */
struct Outcome
{
    uint64_t qdiscDrops{0};
    uint64_t received{0};
    LfnTcpSocket::Stats stats;
    std::vector<std::pair<uint32_t, uint32_t>> ssthresh; //!< (old, new) of every change
    uint32_t cwrEntries{0};
    bool grewInCwr{false};
    bool aboveSsthreshAfterCwr{false};
};

/** Trace sinks of the sender's socket. */
struct Watch
{
    Outcome* out;
    TcpSocketState::TcpCongState_t state{TcpSocketState::CA_OPEN};
    uint32_t cwnd{0};
    uint32_t ssthresh{0};
    bool checkAfterCwr{false};

    void Cwnd(uint32_t, uint32_t now)
    {
        if (state == TcpSocketState::CA_CWR && now > cwnd)
        {
            out->grewInCwr = true;
        }
        cwnd = now;
    }

    void SsThresh(uint32_t before, uint32_t now)
    {
        out->ssthresh.emplace_back(before, now);
        ssthresh = now;
    }

    void State(TcpSocketState::TcpCongState_t, TcpSocketState::TcpCongState_t now)
    {
        if (now == TcpSocketState::CA_CWR)
        {
            ++out->cwrEntries;
        }
        if (state == TcpSocketState::CA_CWR && now == TcpSocketState::CA_OPEN && cwnd > ssthresh)
        {
            out->aboveSsthreshAfterCwr = true;
        }
        state = now;
    }
};

Outcome
Transfer(bool lfn, uint64_t bytes)
{
    NodeContainer nodes(2);
    if (lfn)
    {
        LfnTcpHelper tcp;
        tcp.SetSocketAttribute("SegmentSize", UintegerValue(kSegment));
        tcp.SetSocketAttribute("SndBufSize", UintegerValue(8 << 20));
        tcp.SetSocketAttribute("RcvBufSize", UintegerValue(8 << 20));
        tcp.Install(nodes);
    }
    InternetStackHelper().Install(nodes);
    PointToPointHelper link;
    link.SetDeviceAttribute("DataRate", StringValue("100Mbps"));
    link.SetChannelAttribute("Delay", StringValue("20ms"));
    link.SetQueue("ns3::DropTailQueue", "MaxSize", StringValue("1p"));
    NetDeviceContainer devices = link.Install(nodes);
    TrafficControlHelper pfifo;
    pfifo.SetRootQueueDisc("ns3::PfifoFastQueueDisc",
                           "MaxSize",
                           QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS, kQdisc)));
    QueueDiscContainer qdiscs = pfifo.Install(devices);
    Ipv4AddressHelper addresses("10.0.0.0", "255.255.255.0");
    Ipv4InterfaceContainer interfaces = addresses.Assign(devices);

    Outcome out;
    Watch watch{&out};
    PacketSinkHelper sinkHelper("ns3::TcpSocketFactory",
                                InetSocketAddress(Ipv4Address::GetAny(), 5001));
    Ptr<PacketSink> sink = DynamicCast<PacketSink>(sinkHelper.Install(nodes.Get(1)).Get(0));
    BulkSendHelper sender("ns3::TcpSocketFactory",
                          InetSocketAddress(interfaces.GetAddress(1), 5001));
    sender.SetAttribute("MaxBytes", UintegerValue(bytes));
    sender.SetAttribute("SendSize", UintegerValue(kSegment));
    Ptr<BulkSendApplication> app =
        DynamicCast<BulkSendApplication>(sender.Install(nodes.Get(0)).Get(0));
    Simulator::Schedule(NanoSeconds(1), [&watch, app]() {
        Ptr<Socket> socket = app->GetSocket();
        socket->TraceConnectWithoutContext("CongestionWindow", MakeCallback(&Watch::Cwnd, &watch));
        socket->TraceConnectWithoutContext("SlowStartThreshold",
                                           MakeCallback(&Watch::SsThresh, &watch));
        socket->TraceConnectWithoutContext("CongState", MakeCallback(&Watch::State, &watch));
    });
    Simulator::Stop(Seconds(20));
    Simulator::Run();
    out.qdiscDrops = qdiscs.Get(0)->GetStats().nTotalDroppedPackets;
    out.received = sink->GetTotalRx();
    if (auto socket = DynamicCast<LfnTcpSocket>(app->GetSocket()))
    {
        out.stats = socket->GetStats();
    }
    Simulator::Destroy();
    return out;
}

class HeldNotLostTestCase : public TestCase
{
  public:
    HeldNotLostTestCase()
        : TestCase("a segment that finds its own queue full is held, not lost: CWR once per "
                   "window, no retransmission")
    {
    }

  private:
    void DoRun() override
    {
        const uint64_t bytes = 4000 * kSegment;
        const Outcome out = Transfer(true, bytes);
        NS_TEST_ASSERT_MSG_EQ(out.received, bytes, "every byte delivered");
        NS_TEST_ASSERT_MSG_EQ(out.qdiscDrops, 0, "nothing offered to a full queue discipline");
        NS_TEST_ASSERT_MSG_EQ(out.stats.retransmits, 0, "nothing retransmitted");
        NS_TEST_ASSERT_MSG_GT(out.stats.sendStalls, 0, "segments were held (SendStall)");
        NS_TEST_ASSERT_MSG_GT(out.cwrEntries, 0, "CWR entered");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(out.stats.sendStalls, out.cwrEntries, "a stall per CWR");
        std::vector<uint32_t> reductions;
        for (const auto& [before, now] : out.ssthresh)
        {
            if (now < before)
            {
                reductions.push_back(now);
            }
        }
        NS_TEST_ASSERT_MSG_EQ(reductions.size(), out.cwrEntries, "one reduction per CWR");
        // the first reduction, from slow start: ssthresh = half the flight (Reno), at least
        // the queue discipline's Q packets that the flight filled
        const uint32_t first = reductions.front();
        NS_TEST_ASSERT_MSG_GT_OR_EQ(first, kQdisc / 2 * kSegment, "at least Q / 2 segments");
        NS_TEST_ASSERT_MSG_EQ(out.grewInCwr, false, "cwnd does not grow in CWR");
        NS_TEST_ASSERT_MSG_EQ(out.aboveSsthreshAfterCwr, false, "cwnd <= ssthresh after CWR");
    }
};

class Ns3LosesTestCase : public TestCase
{
  public:
    Ns3LosesTestCase()
        : TestCase("contrast: ns-3's TcpSocketBase loses the segments at its own queue")
    {
    }

  private:
    void DoRun() override
    {
        const uint64_t bytes = 4000 * kSegment;
        const Outcome out = Transfer(false, bytes);
        NS_TEST_ASSERT_MSG_EQ(out.received, bytes, "every byte delivered in the end");
        NS_TEST_ASSERT_MSG_GT(out.qdiscDrops, 0, "the queue discipline dropped");
    }
};

class LfnTcpLocalCongestionTestSuite : public TestSuite
{
  public:
    LfnTcpLocalCongestionTestSuite()
        : TestSuite("hybridnet-lfn-tcp-local-congestion", Type::UNIT)
    {
        AddTestCase(new HeldNotLostTestCase(), Duration::QUICK);
        AddTestCase(new Ns3LosesTestCase(), Duration::QUICK);
    }
};

LfnTcpLocalCongestionTestSuite g_lfnTcpLocalCongestionTestSuite;

} // namespace
