/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * TsoBurst against its rules (1)-(3): k back-to-back segments of P bytes of one connection
 * form ceil(k / floor(65536 / P)) bursts; a segment of another connection, one handed down
 * later, one out of sequence, or a packet without payload between two segments each start
 * a new burst. Mistakes tried: the 65536 B cap left out (the count case gives 1 burst for
 * 100 segments of 1448 B, not 3); the time not compared (the later-segment case continues).
 */
#include "hybridnet/tso-burst.h"

#include "ns3/nstime.h"
#include "ns3/test.h"

#include <string>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

constexpr uint64_t kFlow = 7;
const Time kNow = MicroSeconds(10);

/** (3): k segments of P bytes of one connection at one time. */
class BurstCountTestCase : public TestCase
{
  public:
    BurstCountTestCase(uint32_t k, uint32_t payload)
        : TestCase("(3): " + std::to_string(k) + " segments of " + std::to_string(payload) + " B"),
          m_k(k),
          m_payload(payload)
    {
    }

  private:
    void DoRun() override
    {
        TsoBurst burst;
        uint32_t continued = 0;
        for (uint32_t i = 0; i < m_k; ++i)
        {
            continued += burst.Continues(kFlow, 1 + i * m_payload, m_payload, kNow) ? 1 : 0;
        }
        const uint32_t perBurst = TsoBurst::GSO_MAX_SIZE / m_payload;
        const uint64_t expected = (m_k + perBurst - 1) / perBurst;
        NS_TEST_EXPECT_MSG_EQ(burst.GetBursts(), expected, "ceil(k / floor(65536 / P))");
        NS_TEST_EXPECT_MSG_EQ(continued, m_k - expected, "the others ride in a burst");
    }

    uint32_t m_k;
    uint32_t m_payload;
};

/** (1)-(2): each condition of (1) broken once after a first segment starts a burst. */
class BurstBreakTestCase : public TestCase
{
  public:
    BurstBreakTestCase()
        : TestCase("(1)-(2): another flow, a later time, a gap, an ACK each start anew")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t p = 1000;
        TsoBurst b;
        NS_TEST_EXPECT_MSG_EQ(b.Continues(kFlow, 1, p, kNow), false, "the first starts one");
        NS_TEST_EXPECT_MSG_EQ(b.Continues(kFlow, 1 + p, p, kNow), true, "the next continues");
        NS_TEST_EXPECT_MSG_EQ(b.Continues(kFlow + 1, 1 + 2 * p, p, kNow), false, "other flow");
        NS_TEST_EXPECT_MSG_EQ(b.Continues(kFlow + 1, 1 + 3 * p, p, kNow + NanoSeconds(1)),
                              false,
                              "later");
        NS_TEST_EXPECT_MSG_EQ(b.Continues(kFlow + 1, 1 + 5 * p, p, kNow + NanoSeconds(1)),
                              false,
                              "a gap in sequence");
        NS_TEST_EXPECT_MSG_EQ(b.Continues(kFlow + 1, 1 + 6 * p, 0, kNow + NanoSeconds(1)),
                              false,
                              "an ACK");
        NS_TEST_EXPECT_MSG_EQ(b.Continues(kFlow + 1, 1 + 6 * p, p, kNow + NanoSeconds(1)),
                              false,
                              "after an ACK the next segment starts anew");
        NS_TEST_EXPECT_MSG_EQ(b.GetBursts(), 5, "bursts started");
    }
};

class TsoBurstTestSuite : public TestSuite
{
  public:
    TsoBurstTestSuite()
        : TestSuite("hybridnet-tso-burst", Type::UNIT)
    {
        AddTestCase(new BurstCountTestCase(100, 1448), Duration::QUICK);
        AddTestCase(new BurstCountTestCase(45, 1448), Duration::QUICK);
        AddTestCase(new BurstCountTestCase(33, 2004), Duration::QUICK);
        AddTestCase(new BurstCountTestCase(1, 65536), Duration::QUICK);
        AddTestCase(new BurstBreakTestCase, Duration::QUICK);
    }
};

TsoBurstTestSuite g_tsoBurstTestSuite;

} // namespace
