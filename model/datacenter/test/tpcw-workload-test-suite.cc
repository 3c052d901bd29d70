/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The TPC-W workload's random parts against their specification:
 *  - TpcwMix (1): each share is the specification's (its table, repeated here), and n draws
 *    of each mix give each interaction i a count c_i ~ Binomial(n, p_i); every |c_i - n p_i| must
 * be within 4.5 sqrt(n p_i (1 - p_i)) + 1 (a false alarm over the 42 counts has probability under
 * 1e-4). The shares of each mix sum to 1, and Draw's interval boundaries are the cumulative shares.
 *  - TpcwThinkTime (1), (2): with T = Z the cut is visible: the sample mean of n draws is
 *    within 4.5 Z / sqrt(n) of Z (1 - e^-1), no draw exceeds T, and the share of draws at T
 *    is within 4.5 sqrt(q (1 - q) / n) of q = e^-1; the defaults are TPC-W's 7 s and 70 s.
 * Deliberate mistakes tried: the shopping mix's Product Detail and Search Request shares
 * swapped in the table (1700 <-> 2000: both shares and both counts fail); Draw's interval
 * test as point <= cumulative (the boundary case at 16 % fails); the think time not cut at
 * T (the sample mean, the maximum and the share at T fail).
 */
#include "hybridnet/tpcw-mix.h"
#include "hybridnet/tpcw-think-time.h"

#include "ns3/core-module.h"
#include "ns3/test.h"

#include <array>
#include <cmath>
#include <string>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

/** TPC-W v1.8 Clause 5.2.2's mix table, percent, in TpcwInteraction order (the spec). */
const std::array<double, kTpcwInteractions> kBrowsing{29.00,
                                                      11.00,
                                                      11.00,
                                                      21.00,
                                                      12.00,
                                                      11.00,
                                                      2.00,
                                                      0.82,
                                                      0.75,
                                                      0.69,
                                                      0.30,
                                                      0.25,
                                                      0.10,
                                                      0.09};
const std::array<double, kTpcwInteractions> kShopping{16.00,
                                                      5.00,
                                                      5.00,
                                                      17.00,
                                                      20.00,
                                                      17.00,
                                                      11.60,
                                                      3.00,
                                                      2.60,
                                                      1.20,
                                                      0.75,
                                                      0.66,
                                                      0.10,
                                                      0.09};
const std::array<double, kTpcwInteractions> kOrdering{9.12,
                                                      0.46,
                                                      0.46,
                                                      12.35,
                                                      14.53,
                                                      13.08,
                                                      13.53,
                                                      12.86,
                                                      12.73,
                                                      10.18,
                                                      0.25,
                                                      0.22,
                                                      0.12,
                                                      0.11};

class TpcwMixFrequencyTestCase : public TestCase
{
  public:
    TpcwMixFrequencyTestCase(const std::string& mix,
                             const std::array<double, kTpcwInteractions>& percent)
        : TestCase("TPC-W " + mix + " mix: 200000 draws within binomial bounds of the spec"),
          m_mix(mix),
          m_percent(percent)
    {
    }

  private:
    void DoRun() override
    {
        const TpcwMix mix(m_mix);
        auto uniform = CreateObject<UniformRandomVariable>();
        uniform->SetStream(7);
        constexpr uint32_t n = 200000;
        std::array<uint32_t, kTpcwInteractions> counts{};
        for (uint32_t k = 0; k < n; ++k)
        {
            const double u = uniform->GetValue(0.0, 1.0);
            ++counts[static_cast<uint32_t>(mix.Draw(u))];
        }
        double sum = 0;
        for (uint32_t i = 0; i < kTpcwInteractions; ++i)
        {
            const double p = m_percent[i] / 100;
            sum += mix.GetShare(static_cast<TpcwInteraction>(i));
            NS_TEST_EXPECT_MSG_EQ_TOL(mix.GetShare(static_cast<TpcwInteraction>(i)),
                                      p,
                                      1e-12,
                                      "the share is the specification's");
            const double bound = 4.5 * std::sqrt(n * p * (1 - p)) + 1;
            NS_TEST_EXPECT_MSG_EQ_TOL(double(counts[i]),
                                      n * p,
                                      bound,
                                      TpcwMix::GetName(static_cast<TpcwInteraction>(i)));
        }
        NS_TEST_EXPECT_MSG_EQ_TOL(sum, 1.0, 1e-12, "the shares sum to 1");
    }

    std::string m_mix;
    std::array<double, kTpcwInteractions> m_percent;
};

class TpcwMixBoundaryTestCase : public TestCase
{
  public:
    TpcwMixBoundaryTestCase()
        : TestCase("TPC-W shopping mix: Draw's intervals are the cumulative shares")
    {
    }

  private:
    void DoRun() override
    {
        const TpcwMix mix("shopping");
        NS_TEST_EXPECT_MSG_EQ((mix.Draw(0.0) == TpcwInteraction::HOME), true, "0: home");
        NS_TEST_EXPECT_MSG_EQ((mix.Draw(0.1599) == TpcwInteraction::HOME), true, "below 16 %");
        NS_TEST_EXPECT_MSG_EQ((mix.Draw(0.16) == TpcwInteraction::NEW_PRODUCTS),
                              true,
                              "16 %: new products");
        NS_TEST_EXPECT_MSG_EQ((mix.Draw(0.9991) == TpcwInteraction::ADMIN_CONFIRM),
                              true,
                              "the last 0.09 %: admin confirm");
        NS_TEST_EXPECT_MSG_EQ((mix.Draw(0.99909) == TpcwInteraction::ADMIN_REQUEST),
                              true,
                              "just below: admin request");
        NS_TEST_EXPECT_MSG_EQ(TpcwMix::IsMix("Shopping"), false, "names are exact");
        NS_TEST_EXPECT_MSG_EQ(TpcwMix::IsMix("ordering"), true, "ordering is a mix");
    }
};

class TpcwThinkTimeTestCase : public TestCase
{
  public:
    TpcwThinkTimeTestCase()
        : TestCase("TPC-W think time: mean Z (1 - exp(-T over Z)), never above T, a share exp(-T "
                   "over Z) at T")
    {
    }

  private:
    void DoRun() override
    {
        auto defaults = CreateObject<TpcwThinkTime>();
        NS_TEST_EXPECT_MSG_EQ_TOL(defaults->GetExpectedMean().GetSeconds(),
                                  7.0 * (1 - std::exp(-10.0)),
                                  1e-9,
                                  "defaults: Z = 7 s, T = 70 s");
        auto think = CreateObjectWithAttributes<TpcwThinkTime>("Mean",
                                                               TimeValue(Seconds(7)),
                                                               "Maximum",
                                                               TimeValue(Seconds(7)));
        think->AssignStreams(11);
        constexpr uint32_t n = 100000;
        double sum = 0;
        uint32_t atMaximum = 0;
        Time largest;
        for (uint32_t k = 0; k < n; ++k)
        {
            const Time t = think->Draw();
            sum += t.GetSeconds();
            atMaximum += t == Seconds(7) ? 1 : 0;
            largest = std::max(largest, t);
        }
        const double expected = 7.0 * (1 - std::exp(-1.0));
        NS_TEST_EXPECT_MSG_EQ_TOL(think->GetExpectedMean().GetSeconds(), expected, 1e-9, "(2)");
        NS_TEST_EXPECT_MSG_EQ_TOL(sum / n, expected, 4.5 * 7.0 / std::sqrt(n), "sample mean");
        NS_TEST_EXPECT_MSG_EQ((largest <= Seconds(7)), true, "no draw above T");
        const double q = std::exp(-1.0);
        NS_TEST_EXPECT_MSG_EQ_TOL(double(atMaximum) / n,
                                  q,
                                  4.5 * std::sqrt(q * (1 - q) / n),
                                  "share of draws cut to T");
    }
};

class TpcwWorkloadTestSuite : public TestSuite
{
  public:
    TpcwWorkloadTestSuite()
        : TestSuite("hybridnet-datacenter-tpcw-workload", Type::UNIT)
    {
        AddTestCase(new TpcwMixFrequencyTestCase("browsing", kBrowsing), Duration::QUICK);
        AddTestCase(new TpcwMixFrequencyTestCase("shopping", kShopping), Duration::QUICK);
        AddTestCase(new TpcwMixFrequencyTestCase("ordering", kOrdering), Duration::QUICK);
        AddTestCase(new TpcwMixBoundaryTestCase(), Duration::QUICK);
        AddTestCase(new TpcwThinkTimeTestCase(), Duration::QUICK);
    }
};

TpcwWorkloadTestSuite g_tpcwWorkloadTestSuite;

} // namespace
