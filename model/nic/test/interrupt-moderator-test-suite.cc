/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of InterruptModerator against the Linux e1000 driver's constants and formulas
 * (drivers/net/ethernet/intel/e1000/e1000_main.c e1000_update_itr / e1000_set_itr /
 * e1000_watchdog, e1000_param.c, e1000_ethtool.c e1000_set_coalesce / get_coalesce).
 * Every expected value below is worked out by hand in the comments, from:
 *
 *   register = floor(1e9 / (rate * 256))                        (5)
 *   targets: lowest 70000, low 20000, bulk 4000 ints/s          (3)
 *   rising:  r' = min(r + floor(T / 4), T);  falling: r' = T    (4)
 *   thresholds of e1000_update_itr                              (1)
 */
#include "hybridnet/interrupt-moderator.h"

#include "ns3/core-module.h"
#include "ns3/test.h"

#include <string>
#include <vector>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

using TC = InterruptModerator::TrafficClass;
constexpr TC kLowest = InterruptModerator::LOWEST_LATENCY;
constexpr TC kLow = InterruptModerator::LOW_LATENCY;
constexpr TC kBulk = InterruptModerator::BULK_LATENCY;

Ptr<InterruptModerator>
MakeModerator(uint32_t setting)
{
    return CreateObjectWithAttributes<InterruptModerator>("InterruptThrottleRate",
                                                          UintegerValue(setting));
}

/**
 * Equation (5) for a fixed rate: the register is the truncated quotient, and the
 * hardware interval is register * 256 ns.
 */
class RegisterConversionTestCase : public TestCase
{
  public:
    RegisterConversionTestCase(uint32_t rate, uint32_t expectedRegister)
        : TestCase("register of " + std::to_string(rate) +
                   " ints per s = " + std::to_string(expectedRegister)),
          m_rate(rate),
          m_expected(expectedRegister)
    {
    }

  private:
    void DoRun() override
    {
        NS_TEST_EXPECT_MSG_EQ(InterruptModerator::RateToRegister(m_rate),
                              m_expected,
                              "RateToRegister");
        auto m = MakeModerator(m_rate); // a fixed rate programs exactly this rate
        NS_TEST_EXPECT_MSG_EQ(m->GetInterruptRate(), m_rate, "fixed rate programmed");
        NS_TEST_EXPECT_MSG_EQ(m->GetItrRegister(), m_expected, "ITR register");
        NS_TEST_EXPECT_MSG_EQ(m->GetMinimumInterval(),
                              NanoSeconds(static_cast<int64_t>(m_expected) * 256),
                              "interval = register * 256 ns");
    }

    uint32_t m_rate;
    uint32_t m_expected;
};

/** Equation (1): one step of e1000_update_itr from a given class. */
class TrafficClassTestCase : public TestCase
{
  public:
    TrafficClassTestCase(TC from, uint32_t packets, uint64_t bytes, TC expected, std::string why)
        : TestCase("class " + std::to_string(from) + " + (" + std::to_string(packets) + " pkt, " +
                   std::to_string(bytes) + " B) -> " + std::to_string(expected) + ": " + why),
          m_from(from),
          m_packets(packets),
          m_bytes(bytes),
          m_expected(expected)
    {
    }

  private:
    void DoRun() override
    {
        NS_TEST_EXPECT_MSG_EQ(
            static_cast<int>(InterruptModerator::NextTrafficClass(m_from, m_packets, m_bytes)),
            static_cast<int>(m_expected),
            "next class");
    }

    TC m_from;
    uint32_t m_packets;
    uint64_t m_bytes;
    TC m_expected;
};

/** One interval of a ramp sequence and the state expected after it. */
struct Step
{
    uint32_t rxPackets;
    uint64_t rxBytes;
    uint32_t txPackets;
    uint64_t txBytes;
    TC cls;           //!< C of (3) after the step
    uint32_t rate;    //!< ints/s after the step
    uint32_t reg;     //!< register after the step
    bool rateChanged; //!< RateChanged fired in this step
};

/** Successive Update() calls against a hand-computed sequence of (3)-(5). */
class RampTestCase : public TestCase
{
  public:
    RampTestCase(std::string name, uint32_t setting, std::vector<Step> steps)
        : TestCase(name),
          m_setting(setting),
          m_steps(std::move(steps))
    {
    }

  private:
    void RateChanged(uint32_t rate, uint32_t reg)
    {
        ++m_fired;
        m_lastRate = rate;
        m_lastReg = reg;
    }

    void DoRun() override
    {
        auto m = MakeModerator(m_setting);
        NS_TEST_ASSERT_MSG_EQ(m->GetInterruptRate(), 20000u, "modes 1 and 3 start at 20000");
        NS_TEST_ASSERT_MSG_EQ(m->GetItrRegister(), 195u, "1e9/(20000*256) = 195.3 -> 195");
        m->TraceConnectWithoutContext("RateChanged",
                                      MakeCallback(&RampTestCase::RateChanged, this));
        for (size_t i = 0; i < m_steps.size(); ++i)
        {
            const Step& s = m_steps[i];
            const uint32_t firedBefore = m_fired;
            m->Update(s.rxPackets, s.rxBytes, s.txPackets, s.txBytes);
            const std::string at = "step " + std::to_string(i + 1);
            NS_TEST_EXPECT_MSG_EQ(static_cast<int>(m->GetTrafficClass()),
                                  static_cast<int>(s.cls),
                                  at + ": class");
            NS_TEST_EXPECT_MSG_EQ(m->GetInterruptRate(), s.rate, at + ": rate");
            NS_TEST_EXPECT_MSG_EQ(m->GetItrRegister(), s.reg, at + ": register");
            NS_TEST_EXPECT_MSG_EQ(m_fired - firedBefore,
                                  s.rateChanged ? 1u : 0u,
                                  at + ": RateChanged fired");
            if (s.rateChanged)
            {
                NS_TEST_EXPECT_MSG_EQ(m_lastRate, s.rate, at + ": traced rate");
                NS_TEST_EXPECT_MSG_EQ(m_lastReg, s.reg, at + ": traced register");
            }
            if (m_setting == 3)
            {
                NS_TEST_EXPECT_MSG_NE(m->GetInterruptRate(), 70000u, at + ": mode 3 cap");
                NS_TEST_EXPECT_MSG_NE(static_cast<int>(m->GetRxTrafficClass()),
                                      static_cast<int>(kLowest),
                                      at + ": mode 3 never stores lowest (rx)");
                NS_TEST_EXPECT_MSG_NE(static_cast<int>(m->GetTxTrafficClass()),
                                      static_cast<int>(kLowest),
                                      at + ": mode 3 never stores lowest (tx)");
            }
        }
    }

    uint32_t m_setting;
    std::vector<Step> m_steps;
    uint32_t m_fired{0};
    uint32_t m_lastRate{0};
    uint32_t m_lastReg{0};
};

/** Modes 0, 4 and fixed rates: Update() changes nothing. */
class StaticModeTestCase : public TestCase
{
  public:
    StaticModeTestCase(uint32_t setting, uint32_t rate, uint32_t reg)
        : TestCase("setting " + std::to_string(setting) + ": Update() keeps " +
                   std::to_string(rate) + " ints per s"),
          m_setting(setting),
          m_rate(rate),
          m_reg(reg)
    {
    }

  private:
    void DoRun() override
    {
        auto m = MakeModerator(m_setting);
        // Traffic that moves a dynamic moderator: bulk (jumbo), then latency, then bulk.
        const std::vector<std::pair<uint32_t, uint64_t>> traffic{{4, 40000},
                                                                 {1, 64},
                                                                 {1, 64},
                                                                 {20, 30000}};
        for (const auto& [p, b] : traffic)
        {
            m->Update(p, b, p, b);
            NS_TEST_EXPECT_MSG_EQ(m->GetInterruptRate(), m_rate, "rate unchanged");
            NS_TEST_EXPECT_MSG_EQ(m->GetItrRegister(), m_reg, "register unchanged");
            NS_TEST_EXPECT_MSG_EQ(static_cast<int>(m->GetTrafficClass()),
                                  static_cast<int>(kLowest),
                                  "classes untouched");
        }
        NS_TEST_EXPECT_MSG_EQ(m->GetMinimumInterval(),
                              NanoSeconds(static_cast<int64_t>(m_reg) * 256),
                              "interval");
    }

    uint32_t m_setting;
    uint32_t m_rate;
    uint32_t m_reg;
};

/** The attribute checker accepts {0, 1, 3, 4} U [100, 100000] only. */
class SettingValidationTestCase : public TestCase
{
  public:
    SettingValidationTestCase()
        : TestCase("InterruptThrottleRate accepts 0,1,3,4,100..100000, rejects the rest")
    {
    }

  private:
    void DoRun() override
    {
        auto m = CreateObject<InterruptModerator>();
        NS_TEST_EXPECT_MSG_EQ(m->GetInterruptThrottleRate(), 3u, "driver default is 3");
        for (uint32_t bad : {2u, 5u, 99u, 100001u, 1000000u})
        {
            NS_TEST_EXPECT_MSG_EQ(
                m->SetAttributeFailSafe("InterruptThrottleRate", UintegerValue(bad)),
                false,
                "rejects " << bad);
            NS_TEST_EXPECT_MSG_EQ(m->GetInterruptThrottleRate(), 3u, "unchanged after " << bad);
        }
        for (uint32_t good : {0u, 1u, 3u, 4u, 100u, 8000u, 100000u})
        {
            NS_TEST_EXPECT_MSG_EQ(
                m->SetAttributeFailSafe("InterruptThrottleRate", UintegerValue(good)),
                true,
                "accepts " << good);
            NS_TEST_EXPECT_MSG_EQ(m->GetInterruptThrottleRate(), good, "stored " << good);
        }
    }
};

/** Delay timers: v units of 1.024 us, range 0..65535 (e1000_param.c). */
class DelayTimerTestCase : public TestCase
{
  public:
    DelayTimerTestCase()
        : TestCase("delay timers: defaults 0, 8, 8, 32; v * 1.024 us; range 0..65535")
    {
    }

  private:
    void DoRun() override
    {
        auto m = CreateObject<InterruptModerator>();
        // Defaults DEFAULT_RDTR 0, DEFAULT_RADV 8, DEFAULT_TIDV 8, DEFAULT_TADV 32:
        // 0, 8 * 1024 = 8192 ns, 8192 ns, 32 * 1024 = 32768 ns.
        NS_TEST_EXPECT_MSG_EQ(m->GetRxIntDelay(), NanoSeconds(0), "RDTR default");
        NS_TEST_EXPECT_MSG_EQ(m->GetRxAbsIntDelay(), NanoSeconds(8192), "RADV default");
        NS_TEST_EXPECT_MSG_EQ(m->GetTxIntDelay(), NanoSeconds(8192), "TIDV default");
        NS_TEST_EXPECT_MSG_EQ(m->GetTxAbsIntDelay(), NanoSeconds(32768), "TADV default");
        // RxIntDelay = 64 -> 64 * 1.024 us = 65.536 us.
        m->SetAttribute("RxIntDelay", UintegerValue(64));
        NS_TEST_EXPECT_MSG_EQ(m->GetRxIntDelay(), NanoSeconds(65536), "64 -> 65.536 us");
        // 65535 -> 67,107,840 ns = 67.10784 ms (the largest value).
        m->SetAttribute("TxAbsIntDelay", UintegerValue(65535));
        NS_TEST_EXPECT_MSG_EQ(m->GetTxAbsIntDelay(), NanoSeconds(67107840), "65535 units");
        for (const char* name : {"RxIntDelay", "RxAbsIntDelay", "TxIntDelay", "TxAbsIntDelay"})
        {
            NS_TEST_EXPECT_MSG_EQ(m->SetAttributeFailSafe(name, UintegerValue(65536)),
                                  false,
                                  name << " rejects 65536");
        }
    }
};

/** Mode 4, equation (6), and that it is inert in the other modes. */
class SimplifiedModeTestCase : public TestCase
{
  public:
    SimplifiedModeTestCase()
        : TestCase("mode 4: r = d * 6000 div g + 2000 from watchdog octets, idle 8000")
    {
    }

  private:
    void DoRun() override
    {
        auto m = MakeModerator(4);
        NS_TEST_EXPECT_MSG_EQ(m->GetInterruptRate(), 8000u, "starts at the idle value 8000");
        NS_TEST_EXPECT_MSG_EQ(m->GetItrRegister(), 488u, "1e9/2048000 = 488.3 -> 488");
        // Symmetric: g = 200, d = 0 -> 0 * 6000 / 200 + 2000 = 2000; 1e9/512000 = 1953.1.
        m->UpdateSimplified(1000000, 1000000);
        NS_TEST_EXPECT_MSG_EQ(m->GetInterruptRate(), 2000u, "symmetric");
        NS_TEST_EXPECT_MSG_EQ(m->GetItrRegister(), 1953u, "register of 2000");
        // One way: g = 100, d = 100 -> 6000 + 2000 = 8000.
        m->UpdateSimplified(1000000, 0);
        NS_TEST_EXPECT_MSG_EQ(m->GetInterruptRate(), 8000u, "one-way");
        // 3:1: g = 400, d = 200 -> 200 * 6000 / 400 + 2000 = 5000; 1e9/1280000 = 781.25.
        m->UpdateSimplified(3000000, 1000000);
        NS_TEST_EXPECT_MSG_EQ(m->GetInterruptRate(), 5000u, "3:1");
        NS_TEST_EXPECT_MSG_EQ(m->GetItrRegister(), 781u, "register of 5000");
        // Below 10000 bytes in all: g = 0 -> 8000.
        m->UpdateSimplified(9999, 0);
        NS_TEST_EXPECT_MSG_EQ(m->GetInterruptRate(), 8000u, "g = 0 -> 8000");
        // Integer truncation of the 1e4 units: Gt = 19999, Gr = 10000 -> g = 2, d = 0 -> 2000.
        m->UpdateSimplified(19999, 10000);
        NS_TEST_EXPECT_MSG_EQ(m->GetInterruptRate(), 2000u, "truncated units");
        // In mode 3 UpdateSimplified is inert.
        auto d = MakeModerator(3);
        d->UpdateSimplified(1000000, 1000000);
        NS_TEST_EXPECT_MSG_EQ(d->GetInterruptRate(), 20000u, "mode 3 ignores the watchdog rule");
    }
};

/** ethtool -C/-c rx-usecs as e1000_set_coalesce / e1000_get_coalesce. */
class EthtoolTestCase : public TestCase
{
  public:
    EthtoolTestCase()
        : TestCase("ethtool rx-usecs: 0, 1, 3, 4 modes; 10..10000 gives 1e6 div u; 2, 5..9, above "
                   "10000 refused")
    {
    }

  private:
    void DoRun() override
    {
        auto m = MakeModerator(3);
        NS_TEST_EXPECT_MSG_EQ(m->GetRxUsecs(), 3u, "mode 3 reads back as 3");
        for (uint32_t bad : {2u, 5u, 9u, 10001u})
        {
            NS_TEST_EXPECT_MSG_EQ(m->SetRxUsecs(bad), false, "EINVAL for " << bad);
            NS_TEST_EXPECT_MSG_EQ(m->GetInterruptThrottleRate(), 3u, "unchanged after " << bad);
        }
        // 125 us -> 1e6/125 = 8000 ints/s, register 488; reads back 1e6/(8000 & ~3) = 125.
        NS_TEST_EXPECT_MSG_EQ(m->SetRxUsecs(125), true, "125 accepted");
        NS_TEST_EXPECT_MSG_EQ(m->GetInterruptRate(), 8000u, "125 us -> 8000");
        NS_TEST_EXPECT_MSG_EQ(m->GetItrRegister(), 488u, "register");
        NS_TEST_EXPECT_MSG_EQ(m->GetRxUsecs(), 125u, "reads back 125");
        // 30 us -> 33333 ints/s (1e9/8533248 = 117.19 -> 117); setting kept as 33333 &
        // ~3 = 33332 for reading: 1e6/33332 = 30.
        NS_TEST_EXPECT_MSG_EQ(m->SetRxUsecs(30), true, "30 accepted");
        NS_TEST_EXPECT_MSG_EQ(m->GetInterruptRate(), 33333u, "30 us -> 33333");
        NS_TEST_EXPECT_MSG_EQ(m->GetItrRegister(), 117u, "register of 33333");
        NS_TEST_EXPECT_MSG_EQ(m->GetRxUsecs(), 30u, "reads back 30");
        // Limits: 10 -> 100000 (register 39), 10000 -> 100 (register 39062).
        NS_TEST_EXPECT_MSG_EQ(m->SetRxUsecs(10), true, "10 accepted");
        NS_TEST_EXPECT_MSG_EQ(m->GetInterruptRate(), 100000u, "10 us -> 100000");
        NS_TEST_EXPECT_MSG_EQ(m->SetRxUsecs(10000), true, "10000 accepted");
        NS_TEST_EXPECT_MSG_EQ(m->GetInterruptRate(), 100u, "10000 us -> 100");
        // A fixed rate ignores traffic.
        m->Update(1, 64);
        NS_TEST_EXPECT_MSG_EQ(m->GetInterruptRate(), 100u, "fixed: Update inert");
        // 0 -> off: register 0, no limit.
        NS_TEST_EXPECT_MSG_EQ(m->SetRxUsecs(0), true, "0 accepted");
        NS_TEST_EXPECT_MSG_EQ(m->GetInterruptRate(), 0u, "off");
        NS_TEST_EXPECT_MSG_EQ(m->GetItrRegister(), 0u, "off register");
        NS_TEST_EXPECT_MSG_EQ(m->GetMinimumInterval(), Time(0), "off interval");
        NS_TEST_EXPECT_MSG_EQ(m->GetRxUsecs(), 0u, "reads back 0");
        // 1 -> dynamic at 20000; the dynamic machine then runs: (20, 30000) from the
        // initial lowest class is 1500 B/pkt, not > 8000, 20 packets not < 5 -> stays lowest
        // -> target 70000 > 20000 -> 20000 + 17500 = 37500.
        NS_TEST_EXPECT_MSG_EQ(m->SetRxUsecs(1), true, "1 accepted");
        NS_TEST_EXPECT_MSG_EQ(m->GetInterruptRate(), 20000u, "dynamic starts at 20000");
        m->Update(20, 30000);
        NS_TEST_EXPECT_MSG_EQ(m->GetInterruptRate(), 37500u, "dynamic ramps");
        // 4 -> simplified.
        NS_TEST_EXPECT_MSG_EQ(m->SetRxUsecs(4), true, "4 accepted");
        NS_TEST_EXPECT_MSG_EQ(m->GetInterruptThrottleRate(), 4u, "mode 4");
        NS_TEST_EXPECT_MSG_EQ(m->GetRxUsecs(), 4u, "reads back 4");
    }
};

class InterruptModeratorTestSuite : public TestSuite
{
  public:
    InterruptModeratorTestSuite()
        : TestSuite("hybridnet-interrupt-moderator", Type::UNIT)
    {
        // (5) register = floor(1e9 / (rate * 256)); truncation, not rounding:
        //   100    -> 1e9 / 25,600      = 39062.5  -> 39062
        //   4000   -> 1e9 / 1,024,000   = 976.56   -> 976   (nearest would be 977)
        //   8000   -> 1e9 / 2,048,000   = 488.28   -> 488
        //   9000   -> 1e9 / 2,304,000   = 434.03   -> 434
        //   20000  -> 1e9 / 5,120,000   = 195.31   -> 195
        //   70000  -> 1e9 / 17,920,000  = 55.80    -> 55    (nearest would be 56)
        //   100000 -> 1e9 / 25,600,000  = 39.06    -> 39
        for (auto [rate, reg] : std::vector<std::pair<uint32_t, uint32_t>>{{100, 39062},
                                                                           {4000, 976},
                                                                           {8000, 488},
                                                                           {9000, 434},
                                                                           {20000, 195},
                                                                           {70000, 55},
                                                                           {100000, 39}})
        {
            AddTestCase(new RegisterConversionTestCase(rate, reg), TestCase::Duration::QUICK);
        }

        // (1) thresholds, at and around each boundary.
        struct C
        {
            TC from;
            uint32_t n;
            uint64_t b;
            TC to;
            const char* why;
        };

        const std::vector<C> classes{
            // any class, no packets: unchanged
            {kLowest, 0, 100000, kLowest, "n = 0 keeps lowest"},
            {kBulk, 0, 0, kBulk, "n = 0 keeps bulk"},
            // from lowest: b/n > 8000 -> bulk; else n < 5 and b > 512 -> low
            {kLowest, 1, 8000, kLow, "b div n = 8000 not > 8000; n < 5, b > 512"},
            {kLowest, 1, 8001, kBulk, "b div n = 8001 > 8000"},
            {kLowest, 2, 16001, kLow, "b div n = 8000 (integer division)"},
            {kLowest, 2, 16002, kBulk, "b div n = 8001"},
            {kLowest, 4, 513, kLow, "n = 4 < 5, b = 513 > 512"},
            {kLowest, 4, 512, kLowest, "b = 512 not > 512"},
            {kLowest, 5, 7500, kLowest, "n = 5 not < 5 (1500 B per pkt)"},
            {kLowest, 40, 60000, kLowest, "40 full-size frames stay lowest"},
            {kLowest, 5, 40005, kBulk, "n = 5, b div n = 8001"},
            // from low, b > 10000: bulk if b div n > 8000 or n < 10 or b div n > 1200;
            //                      lowest if n > 35; else low
            {kLow, 1, 10001, kBulk, "b > 10000, b div n = 10001 > 8000"},
            {kLow, 9, 10001, kBulk, "b > 10000, n = 9 < 10 (b div n = 1111)"},
            {kLow, 10, 12000, kLow, "n = 10, b div n = 1200 not > 1200, n not > 35"},
            {kLow, 10, 12010, kBulk, "b div n = 1201 > 1200"},
            {kLow, 35, 35000, kLow, "n = 35 not > 35 (b div n = 1000)"},
            {kLow, 36, 36000, kLowest, "n = 36 > 35, b div n = 1000"},
            {kLow,
             36,
             43236,
             kBulk,
             "n = 36 > 35 but b div n = 43236 div 36 = 1201 > 1200: bulk wins"},
            // from low, b <= 10000: bulk if b div n > 2000; lowest if n <= 2 and b < 512
            {kLow, 36, 10000, kLow, "b = 10000 not > 10000; b div n = 277; n > 2"},
            {kLow, 4, 8004, kBulk, "b div n = 2001 > 2000"},
            {kLow, 5, 10000, kLow, "b div n = 2000 not > 2000; n = 5 > 2"},
            {kLow, 2, 511, kLowest, "n = 2 <= 2, b = 511 < 512"},
            {kLow, 2, 512, kLow, "b = 512 not < 512"},
            {kLow, 3, 100, kLow, "n = 3 not <= 2"},
            // from bulk: b > 25000 -> low if n > 35; b <= 25000 -> low if b < 6000
            {kBulk, 36, 25001, kLow, "b > 25000, n = 36 > 35"},
            {kBulk, 35, 30000, kBulk, "b > 25000, n = 35 not > 35"},
            {kBulk, 36, 25000, kBulk, "b = 25000 not > 25000, not < 6000"},
            {kBulk, 100, 5999, kLow, "b = 5999 < 6000"},
            {kBulk, 1, 6000, kBulk, "b = 6000 not < 6000"},
        };
        for (const auto& c : classes)
        {
            AddTestCase(new TrafficClassTestCase(c.from, c.n, c.b, c.to, c.why),
                        TestCase::Duration::QUICK);
        }

        // Ramp, mode 1 (dynamic). Start: rx = tx = lowest, rate 20000.
        //  1 rx (4, 6000): lowest: 1500 <= 8000; n = 4 < 5, b > 512 -> low. tx (0 pkt) stays
        //    lowest. C = max = low -> T = 20000 = r: no change (195).
        //  2 rx (20, 30000): low: b > 10000, 1500 > 1200 -> bulk. T = 4000 < r: r = 4000
        //    at once, register floor(1e9/1,024,000) = 976.
        //  3 rx (20, 30000): bulk: b > 25000, n = 20 not > 35 -> bulk. 4000, no change.
        //  4 rx (1, 64): bulk: b < 6000 -> low. T = 20000 > 4000: min(4000 + 5000, 20000)
        //    = 9000, register floor(1e9/2,304,000) = 434.
        //  5 rx (1, 64): low: b <= 10000, 64 <= 2000, n <= 2 and b < 512 -> lowest.
        //    T = 70000: min(9000 + 17500, 70000) = 26500, floor(1e9/6,784,000) = 147.
        //  6 rx (1, 64): lowest stays. 26500 + 17500 = 44000, floor(1e9/11,264,000) = 88.
        //  7 same: 44000 + 17500 = 61500, floor(1e9/15,744,000) = 63.
        //  8 same: min(61500 + 17500 = 79000, 70000) = 70000, floor(1e9/17,920,000) = 55.
        //  9 same: T = r = 70000, no change.
        // 10 rx (4, 40000): lowest: 10000 > 8000 -> bulk. 4000 at once (976).
        // 11 rx (1, 64) and tx (20, 30000): rx bulk -> low; tx lowest: 1500 <= 8000, n = 20
        //    not < 5 -> lowest. C = max(low, lowest) = low: 4000 + 5000 = 9000 (434).
        // 12 rx idle, tx (4, 40000): tx lowest -> bulk (10000 > 8000); rx stays low.
        //    C = bulk -> 4000 (976).
        AddTestCase(new RampTestCase("mode 1 ramp: bulk -> latency -> bulk, rx and tx",
                                     1,
                                     {{4, 6000, 0, 0, kLow, 20000, 195, false},
                                      {20, 30000, 0, 0, kBulk, 4000, 976, true},
                                      {20, 30000, 0, 0, kBulk, 4000, 976, false},
                                      {1, 64, 0, 0, kLow, 9000, 434, true},
                                      {1, 64, 0, 0, kLowest, 26500, 147, true},
                                      {1, 64, 0, 0, kLowest, 44000, 88, true},
                                      {1, 64, 0, 0, kLowest, 61500, 63, true},
                                      {1, 64, 0, 0, kLowest, 70000, 55, true},
                                      {1, 64, 0, 0, kLowest, 70000, 55, false},
                                      {4, 40000, 0, 0, kBulk, 4000, 976, true},
                                      {1, 64, 20, 30000, kLow, 9000, 434, true},
                                      {0, 0, 4, 40000, kBulk, 4000, 976, true}}),
                    TestCase::Duration::QUICK);

        // Ramp, mode 3 (conservative): same traffic as steps 1-9 above.
        //  1 rx lowest -> low; tx stays lowest -> lifted to low. C = low, 20000 (195).
        //  2 rx low -> bulk: 4000 (976).   3 stays bulk: 4000.
        //  4 rx bulk -> low: 4000 + 5000 = 9000 (434).
        //  5 rx low -> lowest -> lifted to low. T = 20000: 9000 + 5000 = 14000,
        //    floor(1e9/3,584,000) = 279.
        //  6 rx low -> lowest -> low: 19000, floor(1e9/4,864,000) = 205.
        //  7 min(24000, 20000) = 20000 (195).   8 stays 20000: never 70000.
        //  9 rx (36, 36000) from low: n > 35 would be lowest -> lifted to low: 20000.
        AddTestCase(new RampTestCase("mode 3 ramp: conservative cap at 20000",
                                     3,
                                     {{4, 6000, 0, 0, kLow, 20000, 195, false},
                                      {20, 30000, 0, 0, kBulk, 4000, 976, true},
                                      {20, 30000, 0, 0, kBulk, 4000, 976, false},
                                      {1, 64, 0, 0, kLow, 9000, 434, true},
                                      {1, 64, 0, 0, kLow, 14000, 279, true},
                                      {1, 64, 0, 0, kLow, 19000, 205, true},
                                      {1, 64, 0, 0, kLow, 20000, 195, true},
                                      {1, 64, 0, 0, kLow, 20000, 195, false},
                                      {36, 36000, 0, 0, kLow, 20000, 195, false}}),
                    TestCase::Duration::QUICK);

        // Static settings: off (rate 0, register 0), mode 4 before any watchdog run
        // (8000, 488), fixed rates 8000 (488) and 8001 (1e9/2,048,256 = 488.22 -> 488;
        // the driver programs the unmasked 8001 and masks only its setting).
        AddTestCase(new StaticModeTestCase(0, 0, 0), TestCase::Duration::QUICK);
        AddTestCase(new StaticModeTestCase(4, 8000, 488), TestCase::Duration::QUICK);
        AddTestCase(new StaticModeTestCase(8000, 8000, 488), TestCase::Duration::QUICK);
        AddTestCase(new StaticModeTestCase(8001, 8001, 488), TestCase::Duration::QUICK);
        AddTestCase(new StaticModeTestCase(100, 100, 39062), TestCase::Duration::QUICK);

        AddTestCase(new SettingValidationTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new DelayTimerTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new SimplifiedModeTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new EthtoolTestCase(), TestCase::Duration::QUICK);
    }
};

InterruptModeratorTestSuite g_interruptModeratorTestSuite; //!< static instance

} // namespace
