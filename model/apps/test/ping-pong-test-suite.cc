/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * PingPongClient and PingPongServer over ns-3 TCP on a point-to-point link of rate R and
 * delay d: after the warm-up every exchange is the same, the request's segments then the
 * response's, each carrying the other side's ACK (no ACK of its own: TcpNoDelay, and the
 * delayed ACK rides on the answer), so
 *
 *   one-way latency = 8 sum_k (s_k + 20 + 32 + 2) / R + d
 *
 * over the message's segments s_k (IPv4 20 B, TCP with timestamps 32 B, PPP 2 B). A
 * message of two segments also makes its receiver ACK at once (ns-3's DelAckCount 2, as
 * Linux's quick ACK): that 54-byte segment goes before the answer, which waits for it.
 * Deliberate mistakes tried: returning the round trip instead of half of it (both cases
 * fail by a factor 2); answering after the first segment of a request (the two-segment
 * case gives one segment's time less).
 */
#include "hybridnet/ping-pong-client.h"
#include "hybridnet/ping-pong-server.h"

#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/test.h"

#include <string>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

class PingPongLatencyTestCase : public TestCase
{
  public:
    PingPongLatencyTestCase(uint32_t messageSize, Time expected)
        : TestCase("ping-pong of " + std::to_string(messageSize) +
                   " B over TCP at 1 Gbps and 10 us: one-way " +
                   std::to_string(expected.GetNanoSeconds()) + " ns"),
          m_messageSize(messageSize),
          m_expected(expected)
    {
    }

  private:
    void DoRun() override
    {
        Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(1448));
        NodeContainer nodes(2);
        PointToPointHelper p2p;
        p2p.SetDeviceAttribute("DataRate", StringValue("1Gbps"));
        p2p.SetChannelAttribute("Delay", StringValue("10us"));
        NetDeviceContainer devices = p2p.Install(nodes);
        InternetStackHelper().Install(nodes);
        Ipv4AddressHelper addresses("10.0.0.0", "255.255.255.0");
        Ipv4InterfaceContainer ifaces = addresses.Assign(devices);

        auto server = CreateObjectWithAttributes<PingPongServer>(
            "Local",
            AddressValue(InetSocketAddress(Ipv4Address::GetAny(), 7000)),
            "MessageSize",
            UintegerValue(m_messageSize));
        nodes.Get(1)->AddApplication(server);
        auto client = CreateObjectWithAttributes<PingPongClient>(
            "Remote",
            AddressValue(InetSocketAddress(ifaces.GetAddress(1), 7000)),
            "MessageSize",
            UintegerValue(m_messageSize),
            "Iterations",
            UintegerValue(50),
            "Warmup",
            UintegerValue(5));
        nodes.Get(0)->AddApplication(client);
        client->SetStartTime(MilliSeconds(1));
        Simulator::Stop(Seconds(1));
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(client->GetCompleted(), 50u, "every exchange");
        NS_TEST_EXPECT_MSG_EQ(server->GetResponses(), 50u, "every answer");
        NS_TEST_EXPECT_MSG_EQ(client->GetMeanOneWayLatency(), m_expected, "one-way latency");
        Simulator::Destroy();
    }

    uint32_t m_messageSize;
    Time m_expected;
};

class PingPongTestSuite : public TestSuite
{
  public:
    PingPongTestSuite()
        : TestSuite("hybridnet-apps-ping-pong", Type::UNIT)
    {
        // 8 (100 + 54) / 1e9 s = 1232 ns, + 10 us.
        AddTestCase(new PingPongLatencyTestCase(100, NanoSeconds(11232)), Duration::QUICK);
        // Segments of 1448 and 552 B, then the receiver's ACK before its answer:
        // 8 (1502 + 606 + 54) / 1e9 s = 17296 ns, + 10 us.
        AddTestCase(new PingPongLatencyTestCase(2000, NanoSeconds(27296)), Duration::QUICK);
    }
};

PingPongTestSuite g_pingPongTestSuite;

} // namespace
