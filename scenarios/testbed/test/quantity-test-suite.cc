/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of the public quantity functions that ScenarioFlags' tests do not reach: each
 * formatter writes the largest exact unit and its text parses back to the same value;
 * a size that fits 64 bits but not 32 is too large for ParseSize<uint32_t> only; the
 * nearest word of a suggestion.  (Parsing and rejection of every kind are tested through
 * ScenarioFlags in hybridnet-scenario-flags.)
 */
#include "hybridnet/quantity.h"

#include "ns3/test.h"

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

class FormatRoundTripTestCase : public TestCase
{
  public:
    FormatRoundTripTestCase()
        : TestCase("format: largest exact unit, parses back to the same value")
    {
    }

  private:
    void DoRun() override
    {
        std::string problem;
        const std::vector<std::pair<Time, std::string>> times = {
            {Seconds(0), "0s"},
            {MilliSeconds(2500), "2500ms"},
            {Seconds(120), "2min"},
            {Hours(1), "1h"},
            {NanoSeconds(1500), "1500ns"},
            {MicroSeconds(125), "125us"},
        };
        for (const auto& [t, text] : times)
        {
            NS_TEST_EXPECT_MSG_EQ(FormatTime(t), text, "FormatTime");
            NS_TEST_EXPECT_MSG_EQ(*ParseTime(FormatTime(t), &problem), t, "time round trip");
        }
        const std::vector<std::pair<uint64_t, std::string>> rates = {
            {1000000000ULL, "1Gbps"},
            {155520000ULL, "155520kbps"},
            {1500ULL, "1500bps"},
            {10000000000000ULL, "10Tbps"},
        };
        for (const auto& [bps, text] : rates)
        {
            NS_TEST_EXPECT_MSG_EQ(FormatRate(bps), text, "FormatRate");
            NS_TEST_EXPECT_MSG_EQ(ParseRate(FormatRate(bps), &problem)->GetBitRate(),
                                  bps,
                                  "rate round trip");
        }
        const std::vector<std::pair<uint64_t, std::string>> sizes = {
            {16384, "16KiB"},
            {1000, "1kB"},
            {1500, "1500B"},
            {3ULL << 30, "3GiB"},
            {2000000, "2MB"},
            // exact in both steps: the binary unit is tried first
            {1024000, "1000KiB"},
            {2000000000ULL, "1953125KiB"},
        };
        for (const auto& [bytes, text] : sizes)
        {
            NS_TEST_EXPECT_MSG_EQ(FormatSize(bytes), text, "FormatSize");
            NS_TEST_EXPECT_MSG_EQ(*ParseSize<uint64_t>(FormatSize(bytes), &problem),
                                  bytes,
                                  "size round trip");
        }
        NS_TEST_EXPECT_MSG_EQ(FormatReal(0.1), "0.1", "shortest text");
        NS_TEST_EXPECT_MSG_EQ(*ParseReal(FormatReal(1e-6), &problem), 1e-6, "real round trip");
    }
};

class WidthTestCase : public TestCase
{
  public:
    WidthTestCase()
        : TestCase("width: 4GiB fits uint64_t, not uint32_t (max 4294967295); queue sizes")
    {
    }

  private:
    void DoRun() override
    {
        std::string problem;
        NS_TEST_EXPECT_MSG_EQ(*ParseSize<uint64_t>("4GiB", &problem), 4294967296ULL, "64 bits");
        NS_TEST_EXPECT_MSG_EQ(ParseSize<uint32_t>("4GiB", &problem).has_value(), false, "32");
        NS_TEST_EXPECT_MSG_EQ(problem, "'4GiB' is too large", "problem");
        NS_TEST_EXPECT_MSG_EQ(*ParseSize<uint32_t>("4294967295B", &problem),
                              4294967295U,
                              "largest 32-bit size");
        NS_TEST_EXPECT_MSG_EQ(ParseInteger<uint32_t>("4294967296", &problem).has_value(),
                              false,
                              "32-bit count overflow");
        NS_TEST_EXPECT_MSG_EQ(*ParseInteger<int64_t>("-3", &problem), -3, "signed");
        NS_TEST_EXPECT_MSG_EQ(*ParseQueueSize("1000p", &problem), QueueSize("1000p"), "packets");
        NS_TEST_EXPECT_MSG_EQ(*ParseQueueSize("64KiB", &problem), QueueSize("65536B"), "bytes");
        for (const char* bad : {"1000", "p", "-1p", "12abcp", "1.5p", "4GiB"})
        {
            NS_TEST_EXPECT_MSG_EQ(ParseQueueSize(bad, &problem).has_value(), false, bad);
        }
    }
};

class NearestWordTestCase : public TestCase
{
  public:
    NearestWordTestCase()
        : TestCase("suggestions: edit distance without case, nearest candidate")
    {
    }

  private:
    void DoRun() override
    {
        NS_TEST_EXPECT_MSG_EQ(EditDistance("kitten", "sitting"), 3, "classic example");
        NS_TEST_EXPECT_MSG_EQ(EditDistance("HostProfile", "hostprofile"), 0, "case ignored");
        NS_TEST_EXPECT_MSG_EQ(EditDistance("", "abc"), 3, "insertions");
        NS_TEST_EXPECT_MSG_EQ(NearestWord("holdtme", {"window", "holdTime", "hosts"}),
                              "holdTime",
                              "nearest");
        NS_TEST_EXPECT_MSG_EQ(NearestWord("ab", {"ax", "ay"}), "ax", "first of equals");
        NS_TEST_EXPECT_MSG_EQ(NearestWord("ab", {}), "", "no candidates");
    }
};

class QuantityTestSuite : public TestSuite
{
  public:
    QuantityTestSuite()
        : TestSuite("hybridnet-quantity", Type::UNIT)
    {
        AddTestCase(new FormatRoundTripTestCase, Duration::QUICK);
        AddTestCase(new WidthTestCase, Duration::QUICK);
        AddTestCase(new NearestWordTestCase, Duration::QUICK);
    }
};

QuantityTestSuite g_quantityTestSuite;

} // namespace
