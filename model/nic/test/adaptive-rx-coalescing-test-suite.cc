/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * AdaptiveRxCoalescing against the mlx4_en constants and formulas of its class comment,
 * (A0)-(A2) (Linux 2.6.28-2.6.29 drivers/net/mlx4/mlx4_en.h and en_netdev.c
 * mlx4_en_set_default_moderation / mlx4_en_auto_moderation). Every expected value is
 * worked out by hand in the comments from
 *
 *   F = floor(44 / MTU) + 1                                            (A0)
 *   rate = floor(max(Dt, Dr) * HZ / p),  p = floor(HZ / 4) = 62 at HZ 250   (A1)
 *   t = 16 if rate <= 7812; 128 if unbalanced (2 Dt > 3 Dr or 2 Dr > 3 Dt) or
 *       rate > 450000; 0 if rate < 400000; else (rate - 400000) * 128 / 50000  (A2)
 *
 * Deliberate mistakes tried, each failing this suite: the threshold as >= instead of >
 * (the 7812 case); the unbalance test with >= (the 3:2 case); dividing the interpolation
 * before multiplying (the 64 us case gives 0); F = 44 without the division by the MTU;
 * HZ / 4 rounded up (the 248 ms interval).
 */
#include "hybridnet/adaptive-rx-coalescing.h"

#include "ns3/core-module.h"
#include "ns3/test.h"

#include <string>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

constexpr uint64_t kPeriod = 62; // floor(250 / 4) jiffies at the default HZ

Ptr<AdaptiveRxCoalescing>
Sampled(bool adaptive = true)
{
    auto aic = CreateObjectWithAttributes<AdaptiveRxCoalescing>("Adaptive", BooleanValue(adaptive));
    aic->Sample(0, 0, kPeriod); // (A1): the first sample only records the counters
    return aic;
}

/** (A0): the frame count the driver programs for an MTU, or the one ethtool sets. */
class RxFramesTestCase : public TestCase
{
  public:
    RxFramesTestCase(uint32_t mtu, uint32_t setting, uint32_t expected)
        : TestCase("rx-frames at MTU " + std::to_string(mtu) + ", setting " +
                   std::to_string(setting) + " = " + std::to_string(expected)),
          m_mtu(mtu),
          m_setting(setting),
          m_expected(expected)
    {
    }

  private:
    void DoRun() override
    {
        auto aic =
            CreateObjectWithAttributes<AdaptiveRxCoalescing>("RxFrames", UintegerValue(m_setting));
        const uint32_t frames = aic->GetRxFrames(m_mtu);
        NS_TEST_EXPECT_MSG_EQ(frames, m_expected, "F of (A0)");
    }

    uint32_t m_mtu;
    uint32_t m_setting;
    uint32_t m_expected;
};

/** (A1)-(A2): one sample after the first, its counts and the period t it programs. */
class SampleTestCase : public TestCase
{
  public:
    SampleTestCase(std::string what, uint64_t rx, uint64_t tx, uint32_t expected)
        : TestCase(what + ": rx " + std::to_string(rx) + ", tx " + std::to_string(tx) +
                   " packets in 62 jiffies -> " + std::to_string(expected) + " us"),
          m_rx(rx),
          m_tx(tx),
          m_expected(expected)
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AdaptiveRxCoalescing> aic = Sampled();
        const uint32_t usecs = aic->Sample(m_rx, m_tx, kPeriod);
        NS_TEST_EXPECT_MSG_EQ(usecs, m_expected, "t of (A2)");
        NS_TEST_EXPECT_MSG_EQ(aic->GetModerationTime(), MicroSeconds(m_expected), "as a time");
    }

    uint64_t m_rx;
    uint64_t m_tx;
    uint32_t m_expected;
};

/** (A1): the rate the driver computes, and the first sample that only records. */
class RateAndFirstSampleTestCase : public TestCase
{
  public:
    RateAndFirstSampleTestCase()
        : TestCase("rate = floor(max(Dt, Dr) HZ over p); the first sample keeps rx-usecs 16")
    {
    }

  private:
    void DoRun() override
    {
        auto aic = CreateObject<AdaptiveRxCoalescing>();
        // 1000 * 250 / 62 = 4032.26 -> 4032; the larger of the two counts.
        const uint64_t rate = aic->PacketRate(1000, 500, kPeriod);
        NS_TEST_EXPECT_MSG_EQ(rate, 4032u, "(A1)");
        // A first sample with one-way line-rate counts would give 128; it only records.
        const uint32_t first = aic->Sample(100000, 0, kPeriod);
        NS_TEST_EXPECT_MSG_EQ(first, 16u, "first sample");
        const uint32_t second = aic->Sample(100000, 0, kPeriod);
        NS_TEST_EXPECT_MSG_EQ(second, 128u, "second sample: unbalanced");
    }
};

/** Adaptive false (adaptive-rx off): t = rx-usecs whatever the rate. */
class AdaptiveOffTestCase : public TestCase
{
  public:
    AdaptiveOffTestCase()
        : TestCase("adaptive-rx off: t stays rx-usecs 16 at 425000 packets per s")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AdaptiveRxCoalescing> aic = Sampled(false);
        const uint32_t usecs = aic->Sample(105400, 105400, kPeriod);
        NS_TEST_EXPECT_MSG_EQ(usecs, 16u, "static");
    }
};

/** The statistics task's period: floor(HZ / 4) jiffies. */
class SampleIntervalTestCase : public TestCase
{
  public:
    SampleIntervalTestCase(uint32_t hz, uint64_t jiffies, Time interval)
        : TestCase("HZ " + std::to_string(hz) + ": every " + std::to_string(jiffies) +
                   " jiffies = " + std::to_string(interval.GetMicroSeconds()) + " us"),
          m_hz(hz),
          m_jiffies(jiffies),
          m_interval(interval)
    {
    }

  private:
    void DoRun() override
    {
        auto aic = CreateObjectWithAttributes<AdaptiveRxCoalescing>("Hz", UintegerValue(m_hz));
        NS_TEST_EXPECT_MSG_EQ(aic->GetSamplePeriod(), m_jiffies, "floor(HZ / 4)");
        NS_TEST_EXPECT_MSG_EQ(aic->GetSampleInterval(), m_interval, "as a time");
    }

    uint32_t m_hz;
    uint64_t m_jiffies;
    Time m_interval;
};

/** Values outside the driver's fields are refused by the attribute checkers. */
class RefusedValuesTestCase : public TestCase
{
  public:
    RefusedValuesTestCase()
        : TestCase("refused: HZ 50 and 2000, rx-usecs and rx-frames above 65535")
    {
    }

  private:
    void DoRun() override
    {
        auto aic = CreateObject<AdaptiveRxCoalescing>();
        const bool hzLow = aic->SetAttributeFailSafe("Hz", UintegerValue(50));
        const bool hzHigh = aic->SetAttributeFailSafe("Hz", UintegerValue(2000));
        const bool usecs = aic->SetAttributeFailSafe("RxUsecs", UintegerValue(65536));
        const bool frames = aic->SetAttributeFailSafe("RxFrames", UintegerValue(65536));
        const bool valid = aic->SetAttributeFailSafe("RxFrames", UintegerValue(65535));
        NS_TEST_EXPECT_MSG_EQ(hzLow || hzHigh || usecs || frames, false, "refused");
        NS_TEST_EXPECT_MSG_EQ(valid, true, "largest count accepted");
    }
};

class AdaptiveRxCoalescingTestSuite : public TestSuite
{
  public:
    AdaptiveRxCoalescingTestSuite()
        : TestSuite("hybridnet-nic-adaptive-coalescing", Type::UNIT)
    {
        AddTestCase(new RxFramesTestCase(1500, 0, 1), Duration::QUICK);
        AddTestCase(new RxFramesTestCase(9000, 0, 1), Duration::QUICK);
        AddTestCase(new RxFramesTestCase(44, 0, 2), Duration::QUICK);
        AddTestCase(new RxFramesTestCase(20, 0, 3), Duration::QUICK);
        AddTestCase(new RxFramesTestCase(1500, 44, 44), Duration::QUICK);
        AddTestCase(new RateAndFirstSampleTestCase, Duration::QUICK);
        // 1937 * 250 / 62 = 7810 <= 7812: the default rx-usecs.
        AddTestCase(new SampleTestCase("below the threshold", 1937, 1937, 16), Duration::QUICK);
        // 1938 * 250 / 62 = 7814 > 7812, balanced, below 400000: rx_usecs_low.
        AddTestCase(new SampleTestCase("above the threshold", 1938, 1938, 0), Duration::QUICK);
        // 2 * 30000 = 3 * 20000: not unbalanced; rate 120967 < 400000.
        AddTestCase(new SampleTestCase("3 to 2 exactly", 30000, 20000, 0), Duration::QUICK);
        // 2 * 30001 > 3 * 20000: unbalanced.
        AddTestCase(new SampleTestCase("just over 3 to 2", 30001, 20000, 128), Duration::QUICK);
        AddTestCase(new SampleTestCase("tx over 3 to 2", 20000, 30001, 128), Duration::QUICK);
        // 99200 * 250 / 62 = 400000: not below low, interpolation gives 0.
        AddTestCase(new SampleTestCase("at the low rate", 99200, 99200, 0), Duration::QUICK);
        // 105400 * 250 / 62 = 425000: 25000 * 128 / 50000 = 64.
        AddTestCase(new SampleTestCase("half-way", 105400, 105400, 64), Duration::QUICK);
        // 111600 * 250 / 62 = 450000: not above high, interpolation gives 128.
        AddTestCase(new SampleTestCase("at the high rate", 111600, 111600, 128), Duration::QUICK);
        // 111601 * 250 / 62 = 450004 > 450000.
        AddTestCase(new SampleTestCase("above the high rate", 111601, 111601, 128),
                    Duration::QUICK);
        AddTestCase(new AdaptiveOffTestCase, Duration::QUICK);
        AddTestCase(new SampleIntervalTestCase(250, 62, MicroSeconds(248000)), Duration::QUICK);
        AddTestCase(new SampleIntervalTestCase(1000, 250, MicroSeconds(250000)), Duration::QUICK);
        AddTestCase(new SampleIntervalTestCase(100, 25, MicroSeconds(250000)), Duration::QUICK);
        AddTestCase(new RefusedValuesTestCase, Duration::QUICK);
    }
};

AdaptiveRxCoalescingTestSuite g_adaptiveRxCoalescingTestSuite;

} // namespace
