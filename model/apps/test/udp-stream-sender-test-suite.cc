/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of UdpStreamSender against its equations (class comment) on one point-to-point
 * link of rate R, where a datagram of m payload bytes occupies the wire for
 * T = 8 (m + 8 UDP + 20 IPv4 + 2 PPP) / R and the device starts the next frame the
 * instant the previous one ends:
 *   - equation (4): with a send buffer of any n >= 1 datagrams the wire never idles, so in
 *     a test of length D the sender writes D / T datagrams (+- the n in flight), and every
 *     one arrives;
 *   - equations (1), (3): the bytes outstanding reach, and never exceed, ceil(S / m) m
 *     (Linux lets the last write overshoot S);
 *   - equation (2): a datagram the stack drops is released too, so the sender goes on.
 */
#include "hybridnet/udp-stream-sender-helper.h"
#include "hybridnet/udp-stream-sender.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/test.h"
#include "ns3/traffic-control-module.h"

#include <algorithm>
#include <cmath>
#include <string>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

/** Result of one run on a two-node point-to-point link. */
struct RunResult
{
    uint64_t sentDatagrams{0};    //!< datagrams the socket accepted
    uint64_t sentBytes{0};        //!< payload bytes the socket accepted
    uint64_t receivedBytes{0};    //!< payload bytes at the PacketSink
    uint64_t droppedDatagrams{0}; //!< released by a drop
    uint64_t deviceDrops{0};      //!< MacTxDrop at the sender's device
    uint64_t maxOutstanding{0};   //!< largest O seen
    uint64_t finalOutstanding{0}; //!< O at the end
};

/** Parameters of one run. */
struct RunSpec
{
    DataRate rate{"100Mbps"};   //!< R
    uint32_t messageSize{1472}; //!< m
    uint32_t sendBuffer{1472};  //!< S
    uint64_t maxBytes{0};       //!< MaxBytes
    Time duration{Seconds(1)};  //!< how long the sender runs
    uint32_t deviceQueue{100};  //!< sender's device queue, packets
    bool queueDisc{true};       //!< keep the default root queue disc
};

void
RecordMax(uint64_t* max, uint64_t /* oldValue */, uint64_t newValue)
{
    *max = std::max(*max, newValue);
}

void
CountDrop(uint64_t* count, Ptr<const Packet> /* packet */)
{
    ++*count;
}

RunResult
RunOnLink(const RunSpec& spec)
{
    NodeContainer nodes(2);
    PointToPointHelper link;
    link.SetDeviceAttribute("DataRate", DataRateValue(spec.rate));
    link.SetChannelAttribute("Delay", TimeValue(MicroSeconds(10)));
    link.SetQueue("ns3::DropTailQueue",
                  "MaxSize",
                  QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS, spec.deviceQueue)));
    NetDeviceContainer devices = link.Install(nodes);
    InternetStackHelper().Install(nodes);
    Ipv4AddressHelper addresses("10.1.1.0", "255.255.255.0");
    Ipv4InterfaceContainer interfaces = addresses.Assign(devices);
    if (!spec.queueDisc)
    {
        TrafficControlHelper().Uninstall(devices);
    }
    NeighborCacheHelper().PopulateNeighborCache();

    PacketSinkHelper sinkHelper("ns3::UdpSocketFactory",
                                InetSocketAddress(Ipv4Address::GetAny(), 9));
    Ptr<PacketSink> sink = DynamicCast<PacketSink>(sinkHelper.Install(nodes.Get(1)).Get(0));

    UdpStreamSenderHelper senderHelper(InetSocketAddress(interfaces.GetAddress(1), 9));
    senderHelper.SetAttribute("MessageSize", UintegerValue(spec.messageSize));
    senderHelper.SetAttribute("SendBuffer", UintegerValue(spec.sendBuffer));
    senderHelper.SetAttribute("MaxBytes", UintegerValue(spec.maxBytes));
    ApplicationContainer apps = senderHelper.Install(nodes.Get(0));
    Ptr<UdpStreamSender> sender = DynamicCast<UdpStreamSender>(apps.Get(0));
    apps.Start(Seconds(0));
    apps.Stop(spec.duration);

    RunResult r;
    sender->TraceConnectWithoutContext("Outstanding",
                                       MakeBoundCallback(&RecordMax, &r.maxOutstanding));
    devices.Get(0)->TraceConnectWithoutContext("MacTxDrop",
                                               MakeBoundCallback(&CountDrop, &r.deviceDrops));
    Simulator::Stop(spec.duration + Seconds(1));
    Simulator::Run();
    r.sentDatagrams = sender->GetSentDatagrams();
    r.sentBytes = sender->GetSentBytes();
    r.receivedBytes = sink->GetTotalRx();
    r.droppedDatagrams = sender->GetDroppedDatagrams();
    r.finalOutstanding = sender->GetOutstandingBytes();
    Simulator::Destroy();
    return r;
}

/** Equation (4): any send buffer keeps an idle wire busy. */
class WireRateTestCase : public TestCase
{
  public:
    WireRateTestCase(uint32_t datagrams, uint32_t messageSize)
        : TestCase("send buffer of " + std::to_string(datagrams) + " datagrams of " +
                   std::to_string(messageSize) +
                   " B on an idle 100 Mbps wire sends at its "
                   "frame rate"),
          m_datagrams(datagrams),
          m_messageSize(messageSize)
    {
    }

  private:
    void DoRun() override
    {
        RunSpec spec;
        spec.messageSize = m_messageSize;
        spec.sendBuffer = m_datagrams * m_messageSize;
        RunResult r = RunOnLink(spec);
        // T = 8 (m + 30) / R; the sender writes until D and at most n more are outstanding
        // at the first write: D / T + n datagrams written, the last n still on their way at D.
        const double frameTime = 8.0 * (m_messageSize + 30) / spec.rate.GetBitRate();
        const double expected = spec.duration.GetSeconds() / frameTime;
        NS_TEST_EXPECT_MSG_EQ_TOL(double(r.sentDatagrams),
                                  expected + m_datagrams,
                                  1.0,
                                  "datagrams written = D / T + n, equation (4)");
        NS_TEST_EXPECT_MSG_EQ(r.receivedBytes, r.sentBytes, "every datagram arrives");
        NS_TEST_EXPECT_MSG_EQ(r.deviceDrops, 0, "the device queue never overflows");
        NS_TEST_EXPECT_MSG_EQ(r.maxOutstanding,
                              uint64_t(m_datagrams) * m_messageSize,
                              "outstanding bytes reach n m, equations (1) and (3)");
        NS_TEST_EXPECT_MSG_EQ(r.finalOutstanding, 0, "all released after the last frame");
    }

    uint32_t m_datagrams;   //!< n
    uint32_t m_messageSize; //!< m
};

/** Equation (1): a write is allowed while O < S, so O reaches ceil(S / m) m. */
class OvershootTestCase : public TestCase
{
  public:
    OvershootTestCase(uint32_t sendBuffer, uint32_t messageSize, uint32_t expectedDatagrams)
        : TestCase("send buffer " + std::to_string(sendBuffer) + " B with " +
                   std::to_string(messageSize) + " B datagrams lets " +
                   std::to_string(expectedDatagrams) + " be outstanding"),
          m_sendBuffer(sendBuffer),
          m_messageSize(messageSize),
          m_expected(expectedDatagrams)
    {
    }

  private:
    void DoRun() override
    {
        RunSpec spec;
        spec.messageSize = m_messageSize;
        spec.sendBuffer = m_sendBuffer;
        spec.duration = MilliSeconds(100);
        RunResult r = RunOnLink(spec);
        NS_TEST_EXPECT_MSG_EQ(r.maxOutstanding,
                              uint64_t(m_expected) * m_messageSize,
                              "ceil(S / m) datagrams outstanding at most");
    }

    uint32_t m_sendBuffer;  //!< S
    uint32_t m_messageSize; //!< m
    uint32_t m_expected;    //!< ceil(S / m)
};

/** MaxBytes: the sender stops after that many bytes, the last datagram cut short. */
class MaxBytesTestCase : public TestCase
{
  public:
    MaxBytesTestCase()
        : TestCase("MaxBytes 10000 B in 1472 B datagrams: 7 datagrams, the last of 1168 B")
    {
    }

  private:
    void DoRun() override
    {
        RunSpec spec;
        spec.sendBuffer = 4 * 1472;
        spec.maxBytes = 10000;
        RunResult r = RunOnLink(spec);
        NS_TEST_EXPECT_MSG_EQ(r.sentDatagrams, 7, "ceil(10000 / 1472) datagrams");
        NS_TEST_EXPECT_MSG_EQ(r.sentBytes, 10000, "exactly MaxBytes written");
        NS_TEST_EXPECT_MSG_EQ(r.receivedBytes, 10000, "and received");
    }
};

/**
 * Equation (2): a datagram the stack drops is released, and the sender goes on. Without a
 * queue disc, ns-3's traffic control layer drops what finds the one-packet device queue
 * stopped.
 */
class DropReleaseTestCase : public TestCase
{
  public:
    DropReleaseTestCase()
        : TestCase("datagrams dropped at a one-packet device queue without a queue disc are "
                   "released")
    {
    }

  private:
    void DoRun() override
    {
        RunSpec spec;
        spec.sendBuffer = 50 * 1472; // 50 written at once into a queue of one
        spec.deviceQueue = 1;
        spec.queueDisc = false;
        spec.duration = MilliSeconds(200);
        RunResult r = RunOnLink(spec);
        NS_TEST_EXPECT_MSG_GT(r.droppedDatagrams, 0, "the stack drops");
        NS_TEST_EXPECT_MSG_EQ(r.sentBytes,
                              r.receivedBytes + r.droppedDatagrams * 1472,
                              "written = received + dropped");
        NS_TEST_EXPECT_MSG_EQ(r.finalOutstanding, 0, "nothing left outstanding");
        // Without the releases of drops the sender would stall after one buffer; with them
        // it keeps the wire busy: at least D / T - 1 datagrams arrive.
        const double frameTime = 8.0 * (1472 + 30) / spec.rate.GetBitRate();
        NS_TEST_EXPECT_MSG_GT_OR_EQ(double(r.receivedBytes) / 1472,
                                    spec.duration.GetSeconds() / frameTime - 1,
                                    "the wire stays busy");
    }
};

/** The suite. */
class UdpStreamSenderTestSuite : public TestSuite
{
  public:
    UdpStreamSenderTestSuite()
        : TestSuite("hybridnet-udp-stream-sender", Type::UNIT)
    {
        for (uint32_t n : {1U, 4U, 64U})
        {
            AddTestCase(new WireRateTestCase(n, 1472), TestCase::Duration::QUICK);
        }
        AddTestCase(new WireRateTestCase(2, 64), TestCase::Duration::QUICK);
        AddTestCase(new OvershootTestCase(3680, 1472, 3), TestCase::Duration::QUICK); // 2.5 m
        AddTestCase(new OvershootTestCase(2944, 1472, 2), TestCase::Duration::QUICK); // 2 m
        AddTestCase(new OvershootTestCase(1, 1472, 1), TestCase::Duration::QUICK);    // S < m
        AddTestCase(new MaxBytesTestCase, TestCase::Duration::QUICK);
        AddTestCase(new DropReleaseTestCase, TestCase::Duration::QUICK);
    }
};

UdpStreamSenderTestSuite g_udpStreamSenderTestSuite; //!< static instance

} // namespace
