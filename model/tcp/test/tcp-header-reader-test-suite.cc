/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of TcpHeaderReader against ns-3's own TcpHeader::Deserialize: for headers without
 * options, with the time stamp alone (read here) and with other options (handed to
 * Deserialize), the header and the packet left behind are those RemoveHeader gives; and
 * the time-stamp option is reused only while nobody else holds it.
 */
#include "hybridnet/tcp-header-reader.h"

#include "ns3/buffer.h"
#include "ns3/packet.h"
#include "ns3/tcp-header.h"
#include "ns3/tcp-option-rfc793.h"
#include "ns3/tcp-option-sack-permitted.h"
#include "ns3/tcp-option-sack.h"
#include "ns3/tcp-option-winscale.h"
#include "ns3/test.h"

#include <cstdint>
#include <string>
#include <vector>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

/** @return @p h serialized */
std::vector<uint8_t>
Bytes(const TcpHeader& h)
{
    Buffer buffer;
    buffer.AddAtStart(h.GetSerializedSize());
    h.Serialize(buffer.Begin());
    std::vector<uint8_t> bytes(buffer.GetSize());
    buffer.CopyData(bytes.data(), bytes.size());
    return bytes;
}

/** @return the kinds of @p h's options other than padding (end-of-list), in order */
std::vector<uint8_t>
Kinds(const TcpHeader& h)
{
    std::vector<uint8_t> kinds;
    for (const auto& option : h.GetOptionList())
    {
        if (option->GetKind() != TcpOption::END)
        {
            kinds.push_back(option->GetKind());
        }
    }
    return kinds;
}

/** @return a header with every field set, the options @p options names and time stamp
 * @p tsValue */
TcpHeader
Header(const std::string& options, uint32_t tsValue = 0x80000001)
{
    TcpHeader h;
    h.SetSourcePort(49153);
    h.SetDestinationPort(5001);
    h.SetSequenceNumber(SequenceNumber32(0xfedcba98));
    h.SetAckNumber(SequenceNumber32(0x01234567));
    h.SetFlags(TcpHeader::ACK | TcpHeader::PSH | TcpHeader::ECE | TcpHeader::CWR);
    h.SetWindowSize(0xa1b2);
    h.SetUrgentPointer(7);
    if (options.find("ws") != std::string::npos)
    {
        Ptr<TcpOptionWinScale> ws = CreateObject<TcpOptionWinScale>();
        ws->SetScale(9);
        h.AppendOption(ws);
        h.AppendOption(CreateObject<TcpOptionSackPermitted>());
    }
    if (options.find("nop") != std::string::npos)
    {
        h.AppendOption(CreateObject<TcpOptionNOP>()); // Linux's NOP NOP TS layout
        h.AppendOption(CreateObject<TcpOptionNOP>());
    }
    if (options.find("ts") != std::string::npos)
    {
        Ptr<TcpOptionTS> ts = CreateObject<TcpOptionTS>();
        ts->SetTimestamp(tsValue);
        ts->SetEcho(0xffffffff);
        h.AppendOption(ts);
    }
    if (options.find("sack") != std::string::npos)
    {
        Ptr<TcpOptionSack> sack = CreateObject<TcpOptionSack>();
        sack->AddSackBlock({SequenceNumber32(1000), SequenceNumber32(2448)});
        h.AppendOption(sack);
    }
    return h;
}

/** The reader gives what RemoveHeader gives: header (as bytes) and remaining payload. */
class SameAsDeserializeTestCase : public TestCase
{
  public:
    /** @param options which options the header carries ("", "ts", "ts sack", "ws ts", "nop ts") */
    explicit SameAsDeserializeTestCase(const std::string& options)
        : TestCase("header with options '" + options + "': as TcpHeader::Deserialize gives it"),
          m_options(options)
    {
    }

  private:
    void DoRun() override
    {
        Ptr<Packet> sent = Create<Packet>(100);
        sent->AddHeader(Header(m_options));
        Ptr<Packet> byNs3 = sent->Copy();
        Ptr<Packet> byReader = sent->Copy();
        TcpHeader expected;
        byNs3->RemoveHeader(expected);
        TcpHeaderReader reader;
        TcpHeader got = reader.Remove(byReader);
        NS_TEST_EXPECT_MSG_EQ((Bytes(got) == Bytes(expected)), true, "the same header");
        NS_TEST_EXPECT_MSG_EQ(got.GetLength(), expected.GetLength(), "the same length");
        NS_TEST_EXPECT_MSG_EQ((Kinds(got) == Kinds(expected)), true, "the same options");
        if (expected.HasOption(TcpOption::TS))
        {
            auto want = DynamicCast<const TcpOptionTS>(expected.GetOption(TcpOption::TS));
            auto ts = DynamicCast<const TcpOptionTS>(got.GetOption(TcpOption::TS));
            NS_TEST_ASSERT_MSG_NE(ts, nullptr, "a time stamp");
            NS_TEST_EXPECT_MSG_EQ(ts->GetTimestamp(), want->GetTimestamp(), "TSval");
            NS_TEST_EXPECT_MSG_EQ(ts->GetEcho(), want->GetEcho(), "TSecr");
        }
        NS_TEST_EXPECT_MSG_EQ(byReader->GetSize(), byNs3->GetSize(), "the payload left");
    }

    std::string m_options; //!< the header's options
};

/** The time-stamp option is reused while only the reader holds it, and not after. */
class ReuseTestCase : public TestCase
{
  public:
    ReuseTestCase()
        : TestCase("time stamp: one option object reused, a new one while a header holds it")
    {
    }

  private:
    void DoRun() override
    {
        TcpHeaderReader reader;
        auto optionOf = [&reader](uint32_t tsValue) {
            Ptr<Packet> p = Create<Packet>(10);
            p->AddHeader(Header("ts", tsValue));
            TcpHeader h = reader.Remove(p);
            return std::make_pair(h, PeekPointer(h.GetOption(TcpOption::TS)));
        };
        const TcpOption* first = optionOf(1).second; // the header is gone
        const TcpOption* second = optionOf(2).second;
        NS_TEST_EXPECT_MSG_EQ(first, second, "reused once no header holds it");
        auto kept = optionOf(3);                      // this header stays
        const TcpOption* fourth = optionOf(4).second; // so this one gets a new option
        NS_TEST_EXPECT_MSG_NE(PeekPointer(kept.first.GetOption(TcpOption::TS)),
                              fourth,
                              "not reused while a header holds it");
        auto ts = DynamicCast<const TcpOptionTS>(kept.first.GetOption(TcpOption::TS));
        NS_TEST_EXPECT_MSG_EQ(ts->GetTimestamp(), 3U, "the kept header keeps its value");
    }
};

/** The reader's tests. */
class TcpHeaderReaderTestSuite : public TestSuite
{
  public:
    TcpHeaderReaderTestSuite()
        : TestSuite("hybridnet-tcp-header-reader", Type::UNIT)
    {
        for (const char* options : {"", "ts", "ts sack", "ws ts", "nop ts"})
        {
            AddTestCase(new SameAsDeserializeTestCase(options), Duration::QUICK);
        }
        AddTestCase(new ReuseTestCase, Duration::QUICK);
    }
};

TcpHeaderReaderTestSuite g_tcpHeaderReaderTestSuite;

} // namespace
