/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The TPC-W workload's random parts against their specification:
 *  - TpcwMix (1): every row of each transition table sums to 1; the chain's stationary
 *    distribution (the lazy chain (I + T) / 2 iterated) is the specification's mix, within
 *    0.02 percentage points for browsing and ordering and 0.5 for shopping (the published
 *    shopping table's chain is 0.45 points off at Shopping Cart); the stated shares are the
 *    specification's (its table, repeated here); a walk of 1e6 steps visits every
 *    interaction with a frequency within 0.003 of the stationary distribution; Next's
 *    intervals from Home are that row's cumulative entries.
 *  - TpcwThinkTime (1), (2): with T = Z the cut is visible: the sample mean of n draws is
 *    within 4.5 Z / sqrt(n) of Z (1 - e^-1), no draw exceeds T, and the share of draws at T
 *    is within 4.5 sqrt(q (1 - q) / n) of q = e^-1; the defaults are TPC-W's 7 s and 70 s.
 * Deliberate mistakes tried: the browsing table's Home row with New Products and Search
 * Request swapped (3793 <-> 1871: the stationary distribution fails, Home 28.3 % and New
 * Products 5.3 %); the shopping table's Home row with New Products and Shopping Cart
 * swapped (3125 <-> 2973: within the shopping tolerance, but the boundary case fails);
 * Next always reading Home's row (the walk fails); the think time not cut at T (the
 * sample mean, the maximum and the share at T fail).
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

/** @return pi = pi T of @p mix's chain, by iterating the lazy chain (I + T) / 2 */
std::array<double, kTpcwInteractions>
Stationary(const TpcwMix& mix)
{
    std::array<double, kTpcwInteractions> pi{};
    pi.fill(1.0 / kTpcwInteractions);
    for (int k = 0; k < 20000; ++k)
    {
        std::array<double, kTpcwInteractions> next{};
        for (uint32_t i = 0; i < kTpcwInteractions; ++i)
        {
            next[i] += pi[i] / 2;
            for (uint32_t j = 0; j < kTpcwInteractions; ++j)
            {
                next[j] += pi[i] / 2 *
                           mix.GetTransition(static_cast<TpcwInteraction>(i),
                                             static_cast<TpcwInteraction>(j));
            }
        }
        pi = next;
    }
    return pi;
}

class TpcwMixStationaryTestCase : public TestCase
{
  public:
    TpcwMixStationaryTestCase(const std::string& mix,
                              const std::array<double, kTpcwInteractions>& percent,
                              double tolerance)
        : TestCase("TPC-W " + mix +
                   " mix: the transition table's stationary distribution is "
                   "the specification's mix"),
          m_mix(mix),
          m_percent(percent),
          m_tolerance(tolerance)
    {
    }

  private:
    void DoRun() override
    {
        const TpcwMix mix(m_mix);
        for (uint32_t i = 0; i < kTpcwInteractions; ++i)
        {
            double row = 0;
            for (uint32_t j = 0; j < kTpcwInteractions; ++j)
            {
                row += mix.GetTransition(static_cast<TpcwInteraction>(i),
                                         static_cast<TpcwInteraction>(j));
            }
            NS_TEST_EXPECT_MSG_EQ_TOL(row, 1.0, 1e-12, "row " << i << " sums to 1");
        }
        const auto pi = Stationary(mix);
        for (uint32_t i = 0; i < kTpcwInteractions; ++i)
        {
            const auto interaction = static_cast<TpcwInteraction>(i);
            NS_TEST_EXPECT_MSG_EQ_TOL(mix.GetShare(interaction),
                                      m_percent[i] / 100,
                                      1e-12,
                                      "the stated share is the specification's");
            NS_TEST_EXPECT_MSG_EQ_TOL(pi[i],
                                      m_percent[i] / 100,
                                      m_tolerance,
                                      TpcwMix::GetName(interaction));
        }
    }

    std::string m_mix;
    std::array<double, kTpcwInteractions> m_percent;
    double m_tolerance;
};

class TpcwMixWalkTestCase : public TestCase
{
  public:
    explicit TpcwMixWalkTestCase(const std::string& mix)
        : TestCase("TPC-W " + mix +
                   " mix: a walk of 1e6 interactions visits each as often as "
                   "the stationary distribution says"),
          m_mix(mix)
    {
    }

  private:
    void DoRun() override
    {
        const TpcwMix mix(m_mix);
        auto uniform = CreateObject<UniformRandomVariable>();
        uniform->SetStream(7);
        constexpr uint32_t n = 1000000;
        std::array<uint32_t, kTpcwInteractions> counts{};
        TpcwInteraction current = TpcwMix::GetFirst();
        for (uint32_t k = 0; k < n; ++k)
        {
            const double u = uniform->GetValue(0.0, 1.0);
            current = mix.Next(current, u);
            ++counts[static_cast<uint32_t>(current)];
        }
        const auto pi = Stationary(mix);
        for (uint32_t i = 0; i < kTpcwInteractions; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ_TOL(double(counts[i]) / n,
                                      pi[i],
                                      0.003,
                                      TpcwMix::GetName(static_cast<TpcwInteraction>(i)));
        }
    }

    std::string m_mix;
};

class TpcwMixBoundaryTestCase : public TestCase
{
  public:
    TpcwMixBoundaryTestCase()
        : TestCase("TPC-W shopping mix: Next's intervals from Home are the row's cumulative "
                   "entries")
    {
    }

  private:
    void DoRun() override
    {
        // Home's row: New Products 3125, Best Sellers 3124, Search Request 308, Shopping
        // Cart 2973, Order Inquiry 469 (of 9999): cumulative 3125, 6249, 6557, 9530, 9999.
        const TpcwMix mix("shopping");
        const auto home = TpcwInteraction::HOME;
        const auto at = [&mix, home](double point) { return mix.Next(home, point / 9999); };
        NS_TEST_EXPECT_MSG_EQ((TpcwMix::GetFirst() == home), true, "the first is Home");
        NS_TEST_EXPECT_MSG_EQ((at(0) == TpcwInteraction::NEW_PRODUCTS), true, "0");
        NS_TEST_EXPECT_MSG_EQ((at(3124.9) == TpcwInteraction::NEW_PRODUCTS), true, "3124.9");
        NS_TEST_EXPECT_MSG_EQ((at(3125.1) == TpcwInteraction::BEST_SELLERS), true, "3125.1");
        NS_TEST_EXPECT_MSG_EQ((at(6249.1) == TpcwInteraction::SEARCH_REQUEST), true, "6249.1");
        NS_TEST_EXPECT_MSG_EQ((at(9529.9) == TpcwInteraction::SHOPPING_CART), true, "9529.9");
        NS_TEST_EXPECT_MSG_EQ((at(9530.1) == TpcwInteraction::ORDER_INQUIRY), true, "9530.1");
        NS_TEST_EXPECT_MSG_EQ((at(9998.9) == TpcwInteraction::ORDER_INQUIRY), true, "9998.9");
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
        // the published shopping table's chain is within 0.45 points of the stated mix
        AddTestCase(new TpcwMixStationaryTestCase("browsing", kBrowsing, 2e-4), Duration::QUICK);
        AddTestCase(new TpcwMixStationaryTestCase("shopping", kShopping, 5e-3), Duration::QUICK);
        AddTestCase(new TpcwMixStationaryTestCase("ordering", kOrdering, 2e-4), Duration::QUICK);
        for (const char* mix : {"browsing", "shopping", "ordering"})
        {
            AddTestCase(new TpcwMixWalkTestCase(mix), Duration::QUICK);
        }
        AddTestCase(new TpcwMixBoundaryTestCase(), Duration::QUICK);
        AddTestCase(new TpcwThinkTimeTestCase(), Duration::QUICK);
    }
};

TpcwWorkloadTestSuite g_tpcwWorkloadTestSuite;

} // namespace
