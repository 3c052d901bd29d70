/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of OffloadMessage, the offload control protocol's codec: every type's text form
 * is the one of the class comment's table and parses back to the same message, through a
 * packet too; every departure from the form is rejected (Parse returns nothing).
 */
#include "hybridnet/offload-message.h"

#include "ns3/packet.h"
#include "ns3/test.h"

#include <string>
#include <vector>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

/** Test names may not contain these characters. */
std::string
Printable(std::string text)
{
    for (char& c : text)
    {
        if (c == '"' || c == '/' || c == '\\' || c == '|' || c == '?')
        {
            c = '_';
        }
        else if (c < 0x20 || c > 0x7e)
        {
            c = '~';
        }
    }
    return text;
}

/** @return the flow 10.0.0.1:49153>10.0.0.2:5001/6 */
FlowKey
TcpFlow()
{
    FlowKey key;
    key.source = Ipv4Address("10.0.0.1");
    key.destination = Ipv4Address("10.0.0.2");
    key.protocol = 6;
    key.sourcePort = 49153;
    key.destinationPort = 5001;
    return key;
}

/**
 * A message's text form is exactly the expected line, and Parse (of the text and of a
 * packet carrying it) gives the message back.
 */
class MessageRoundTripTestCase : public TestCase
{
  public:
    MessageRoundTripTestCase(OffloadMessage message, std::string text)
        : TestCase(Printable("message encodes as '" + text + "' and decodes back")),
          m_message(std::move(message)),
          m_text(std::move(text))
    {
    }

  private:
    void DoRun() override
    {
        NS_TEST_EXPECT_MSG_EQ(m_message.ToString(), m_text, "text form");
        auto parsed = OffloadMessage::Parse(m_text);
        NS_TEST_ASSERT_MSG_EQ(parsed.has_value(), true, "parses");
        NS_TEST_EXPECT_MSG_EQ((*parsed == m_message), true, "same message after parsing");
        NS_TEST_EXPECT_MSG_EQ(parsed->ToString(), m_text, "same text after parsing");
        Ptr<Packet> packet = m_message.ToPacket();
        NS_TEST_EXPECT_MSG_EQ(packet->GetSize(),
                              m_text.size(),
                              "datagram = the line, no terminator");
        auto fromPacket = OffloadMessage::FromPacket(packet);
        NS_TEST_ASSERT_MSG_EQ(fromPacket.has_value(), true, "packet parses");
        NS_TEST_EXPECT_MSG_EQ((*fromPacket == m_message), true, "same message from packet");
        const bool isAck = m_message.GetType() == OffloadMessage::Type::ACK;
        NS_TEST_EXPECT_MSG_EQ(parsed->NeedsAck(), !isAck, "every type but ACK is acknowledged");
    }

    OffloadMessage m_message;
    std::string m_text;
};

/** Keys may come in any order; the parsed message is the same. */
class MessageKeyOrderTestCase : public TestCase
{
  public:
    MessageKeyOrderTestCase()
        : TestCase("message keys are accepted in any order")
    {
    }

  private:
    void DoRun() override
    {
        auto a = OffloadMessage::Parse("REQUEST 7 flow=10.0.0.1:49153>10.0.0.2:5001/6 priority=3");
        auto b = OffloadMessage::Parse("REQUEST 7 priority=3 flow=10.0.0.1:49153>10.0.0.2:5001/6");
        NS_TEST_ASSERT_MSG_EQ((a.has_value() && b.has_value()), true, "both parse");
        NS_TEST_EXPECT_MSG_EQ((*a == *b), true, "same message");
        NS_TEST_EXPECT_MSG_EQ(b->GetPriority(), 3u, "priority");
        NS_TEST_EXPECT_MSG_EQ((b->GetFlow() == TcpFlow()), true, "flow");
    }
};

/** A malformed line is rejected. */
class MessageRejectTestCase : public TestCase
{
  public:
    MessageRejectTestCase(std::string text, std::string why)
        : TestCase(Printable("message '" + text + "' is rejected: " + why)),
          m_text(std::move(text))
    {
    }

  private:
    void DoRun() override
    {
        NS_TEST_EXPECT_MSG_EQ(OffloadMessage::Parse(m_text).has_value(), false, "rejected");
        Ptr<Packet> packet =
            Create<Packet>(reinterpret_cast<const uint8_t*>(m_text.data()), m_text.size());
        NS_TEST_EXPECT_MSG_EQ(OffloadMessage::FromPacket(packet).has_value(),
                              false,
                              "rejected from a packet");
    }

    std::string m_text;
};

/** The suite. */
class OffloadMessageTestSuite : public TestSuite
{
  public:
    OffloadMessageTestSuite()
        : TestSuite("hybridnet-offload-message", Type::UNIT)
    {
        using T = OffloadMessage::Type;
        const FlowKey flow = TcpFlow();
        const std::string f = "flow=10.0.0.1:49153>10.0.0.2:5001/6";

        OffloadMessage request(T::REQUEST, 1, flow);
        request.SetPriority(7);
        AddTestCase(new MessageRoundTripTestCase(request, "REQUEST 1 " + f + " priority=7"),
                    Duration::QUICK);
        AddTestCase(
            new MessageRoundTripTestCase(OffloadMessage(T::QUEUED, 2, flow), "QUEUED 2 " + f),
            Duration::QUICK);
        OffloadMessage denied(T::DENIED, 3, flow);
        denied.SetReason("switch-error");
        AddTestCase(new MessageRoundTripTestCase(denied, "DENIED 3 " + f + " reason=switch-error"),
                    Duration::QUICK);
        OffloadMessage setup(T::SETUP, 4294967295u, flow.Reverse());
        setup.SetVia(Ipv4Address("192.168.1.1"));
        AddTestCase(new MessageRoundTripTestCase(
                        setup,
                        "SETUP 4294967295 flow=10.0.0.2:5001>10.0.0.1:49153/6 via=192.168.1.1"),
                    Duration::QUICK);
        AddTestCase(new MessageRoundTripTestCase(OffloadMessage(T::READY, 5, flow), "READY 5 " + f),
                    Duration::QUICK);
        AddTestCase(
            new MessageRoundTripTestCase(OffloadMessage(T::KEEPALIVE, 6, flow), "KEEPALIVE 6 " + f),
            Duration::QUICK);
        AddTestCase(
            new MessageRoundTripTestCase(OffloadMessage(T::RELEASE, 10, flow), "RELEASE 10 " + f),
            Duration::QUICK);
        OffloadMessage teardown(T::TEARDOWN, 11, flow);
        teardown.SetReason("preempted");
        AddTestCase(
            new MessageRoundTripTestCase(teardown, "TEARDOWN 11 " + f + " reason=preempted"),
            Duration::QUICK);
        AddTestCase(new MessageRoundTripTestCase(OffloadMessage(T::DOWN, 12, flow), "DOWN 12 " + f),
                    Duration::QUICK);
        AddTestCase(new MessageRoundTripTestCase(OffloadMessage::Ack(13), "ACK 13"),
                    Duration::QUICK);
        FlowKey pipe;
        pipe.source = Ipv4Address("10.0.0.1");
        pipe.destination = Ipv4Address("10.0.0.2");
        OffloadMessage pipeRequest(T::REQUEST, 14, pipe);
        AddTestCase(
            new MessageRoundTripTestCase(pipeRequest,
                                         "REQUEST 14 flow=10.0.0.1:0>10.0.0.2:0/0 priority=0"),
            Duration::QUICK);
        AddTestCase(new MessageKeyOrderTestCase(), Duration::QUICK);

        const std::vector<std::pair<std::string, std::string>> bad = {
            {"", "empty"},
            {"READY", "no seq"},
            {"HELLO 1 " + f, "unknown type"},
            {"ready 1 " + f, "type is case-sensitive"},
            {"READY 0 " + f, "seq 0"},
            {"READY 01 " + f, "zero-padded seq"},
            {"READY +1 " + f, "signed seq"},
            {"READY 4294967296 " + f, "seq above 2^32-1"},
            {"READY x " + f, "seq not a number"},
            {"READY 1", "missing flow"},
            {"READY 1 " + f + " " + f, "repeated key"},
            {"READY 1 " + f + " priority=1", "key of another type"},
            {"READY 1 flow=", "empty value"},
            {"READY 1 flow", "field without ="},
            {"READY 1 =10.0.0.1:1>10.0.0.2:2/6", "empty key"},
            {"READY 1 flow=10.0.0.1:1>10.0.0.2/6", "bad flow key"},
            {"READY  1 " + f, "double blank"},
            {" READY 1 " + f, "leading blank"},
            {"READY 1 " + f + " ", "trailing blank"},
            {"READY 1 " + f + "\n", "line terminator"},
            {"READY\t1 " + f, "tab"},
            {"REQUEST 1 " + f, "REQUEST without priority"},
            {"REQUEST 1 " + f + " priority=-1", "negative priority"},
            {"REQUEST 1 " + f + " priority=4294967296", "priority above 2^32-1"},
            {"DENIED 1 " + f, "DENIED without reason"},
            {"DENIED 1 " + f + " reason=Busy", "reason not lower case"},
            {"DENIED 1 " + f + " reason=a_b", "reason with underscore"},
            {"SETUP 1 " + f, "SETUP without via"},
            {"SETUP 1 " + f + " via=192.168.1", "via with three parts"},
            {"SETUP 1 " + f + " via=192.168.1.256", "via part above 255"},
            {"SETUP 1 " + f + " via=192.168.01.1", "via zero-padded part"},
            {"SETUP 1 " + f + " via=192.168.1.1.", "via trailing dot"},
            {"ACK 1 " + f, "ACK with a flow"},
            {"ACK 0", "ACK of seq 0"},
        };
        for (const auto& [text, why] : bad)
        {
            AddTestCase(new MessageRejectTestCase(text, why), Duration::QUICK);
        }
    }
};

/** Static instance. */
OffloadMessageTestSuite g_offloadMessageTestSuite;

} // namespace
