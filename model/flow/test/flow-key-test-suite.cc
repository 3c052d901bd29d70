/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of FlowKey against its class comment: the text form "src:sport>dst:dport/proto",
 * nothing more, nothing less; Reverse; ordering; the ports FromTransport reads.
 */
#include "hybridnet/flow-key.h"

#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/test.h"

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

constexpr uint8_t kTcp = 6;
constexpr uint8_t kUdp = 17;

/** Text form, Parse, Reverse, ordering and FromTransport of FlowKey. */
class FlowKeyTestCase : public TestCase
{
  public:
    FlowKeyTestCase()
        : TestCase("FlowKey: text round trip, malformed forms rejected, Reverse, FromTransport")
    {
    }

  private:
    void DoRun() override
    {
        const FlowKey key{Ipv4Address("10.0.0.1"), Ipv4Address("10.0.0.2"), kTcp, 49153, 5001};
        NS_TEST_EXPECT_MSG_EQ(key.ToString(), "10.0.0.1:49153>10.0.0.2:5001/6", "text form");
        const auto parsed = FlowKey::Parse(key.ToString());
        NS_TEST_ASSERT_MSG_EQ(parsed.has_value(), true, "parses its own text");
        NS_TEST_EXPECT_MSG_EQ((*parsed == key), true, "round trip");

        const std::string extreme = "0.0.0.0:0>255.255.255.255:65535/255";
        const auto wide = FlowKey::Parse(extreme);
        NS_TEST_ASSERT_MSG_EQ(wide.has_value(), true, "extremes of every field");
        NS_TEST_EXPECT_MSG_EQ(wide->destinationPort, 65535, "largest port");
        NS_TEST_EXPECT_MSG_EQ(static_cast<uint32_t>(wide->protocol), 255u, "largest protocol");
        NS_TEST_EXPECT_MSG_EQ(wide->destination, Ipv4Address("255.255.255.255"), "address");
        NS_TEST_EXPECT_MSG_EQ(wide->ToString(), extreme, "round trip of the extremes");

        for (const std::string bad : {"",
                                      "10.0.0.1:49153>10.0.0.2:5001",   // no protocol
                                      "10.0.0.1:49153>10.0.0.2:5001/",  // empty protocol
                                      "10.0.0.1>10.0.0.2:5001/6",       // no source port
                                      "10.0.0.1:49153>10.0.0.2/6",      // no destination port
                                      "10.0.0.1:49153/6",               // no destination
                                      ":1>10.0.0.2:2/6",                // no address
                                      "10.0.0.1:65536>10.0.0.2:5001/6", // port > 65535
                                      "10.0.0.1:1>10.0.0.2:99999/6",    // port > 65535
                                      "10.0.0.1:1>10.0.0.2:2/256",      // protocol > 255
                                      "10.0.0.1:1>10.0.0.2:2/6x",       // trailing junk
                                      "10.0.0.1:1>10.0.0.2:2/6 ",       // trailing blank
                                      " 10.0.0.1:1>10.0.0.2:2/6",       // leading blank
                                      "10.0.0.1:1>10.0.0.2:2/6/6",      // two protocols
                                      "10.0.0.1:1>>10.0.0.2:2/6",       // two arrows
                                      "10.0.0.1:1:1>10.0.0.2:2/6",      // two ports
                                      "10.0.0.1:-1>10.0.0.2:2/6",       // negative port
                                      "10.0.0.1:+1>10.0.0.2:2/6",       // signed port
                                      "256.0.0.1:1>10.0.0.2:2/6",       // octet > 255
                                      "10.0.0:1>10.0.0.2:2/6",          // three octets
                                      "10.0.0.1.5:1>10.0.0.2:2/6",      // five octets
                                      "10..0.1:1>10.0.0.2:2/6",         // empty octet
                                      "10.0.0.2:2/6>10.0.0.1:1"})       // protocol first
        {
            NS_TEST_EXPECT_MSG_EQ(FlowKey::Parse(bad).has_value(),
                                  false,
                                  "rejects '" << bad << "'");
        }

        const FlowKey reverse = key.Reverse();
        NS_TEST_EXPECT_MSG_EQ(reverse.ToString(), "10.0.0.2:5001>10.0.0.1:49153/6", "Reverse");
        NS_TEST_EXPECT_MSG_EQ((reverse.Reverse() == key), true, "Reverse twice");
        NS_TEST_EXPECT_MSG_EQ((reverse == key), false, "the two directions differ");
        FlowKey otherPort = key;
        otherPort.sourcePort = 49154;
        NS_TEST_EXPECT_MSG_EQ((key < otherPort), true, "ordered by port after the addresses");
        NS_TEST_EXPECT_MSG_EQ((otherPort == key), false, "ports take part in equality");

        // FromTransport: the transport header first in the packet, as IP gets it.
        Ptr<Packet> segment = Create<Packet>(100);
        TcpHeader tcp;
        tcp.SetSourcePort(1234);
        tcp.SetDestinationPort(80);
        tcp.SetSequenceNumber(SequenceNumber32(4242));
        segment->AddHeader(tcp);
        const FlowKey fromTcp =
            FlowKey::FromTransport(segment, Ipv4Address("10.0.0.1"), Ipv4Address("10.0.0.2"), kTcp);
        NS_TEST_EXPECT_MSG_EQ(fromTcp.ToString(), "10.0.0.1:1234>10.0.0.2:80/6", "TCP ports");

        Ptr<Packet> datagram = Create<Packet>(10);
        UdpHeader udp;
        udp.SetSourcePort(5353);
        udp.SetDestinationPort(53);
        datagram->AddHeader(udp);
        const FlowKey fromUdp = FlowKey::FromTransport(datagram,
                                                       Ipv4Address("192.168.0.1"),
                                                       Ipv4Address("192.168.0.2"),
                                                       kUdp);
        NS_TEST_EXPECT_MSG_EQ(fromUdp.ToString(),
                              "192.168.0.1:5353>192.168.0.2:53/17",
                              "UDP ports");

        const FlowKey icmp =
            FlowKey::FromTransport(datagram, Ipv4Address("10.0.0.1"), Ipv4Address("10.0.0.2"), 1);
        NS_TEST_EXPECT_MSG_EQ(icmp.ToString(), "10.0.0.1:0>10.0.0.2:0/1", "no ports for ICMP");
    }
};

/** FlowKey's suite. */
class FlowKeyTestSuite : public TestSuite
{
  public:
    FlowKeyTestSuite()
        : TestSuite("hybridnet-flow-key", Type::UNIT)
    {
        AddTestCase(new FlowKeyTestCase, Duration::QUICK);
    }
};

/** The one instance, registered when the library loads. */
FlowKeyTestSuite g_flowKeyTestSuite;

} // namespace
