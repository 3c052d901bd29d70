/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of TcpLinuxReceiver against its equations: the initial window (1) for the MSS and
 * window-scale cases of tcp_select_initial_window, the growth (2) by two segments per
 * segment up to the clamp with its one-segment reservation, the window offered (3), the
 * quick-ACK count (4) on the first segment, after an idle RTO and on a duplicate, the
 * ping-pong mode, and the delayed-ACK estimate and timer (5)-(6).
 */
#include "hybridnet/tcp-linux-receiver.h"

#include "ns3/test.h"

#include <cstdint>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

/** (1): the SYN's window for one MSS, window scale and free window. */
class InitialWindowTestCase : public TestCase
{
  public:
    /**
     * @param space F_0 (bytes)
     * @param mss M (bytes)
     * @param shift the window scale
     * @param expected r_0 by (1) (bytes)
     */
    InitialWindowTestCase(uint32_t space, uint32_t mss, uint8_t shift, uint32_t expected)
        : TestCase("initial window (1): F " + std::to_string(space) + " B, MSS " +
                   std::to_string(mss) + " B, wscale " + std::to_string(shift) + " -> " +
                   std::to_string(expected) + " B"),
          m_space(space),
          m_mss(mss),
          m_shift(shift),
          m_expected(expected)
    {
    }

  private:
    void DoRun() override
    {
        TcpLinuxReceiver rx;
        NS_TEST_EXPECT_MSG_EQ(rx.Start(m_space, m_mss, m_shift), m_expected, "SYN window");
        NS_TEST_EXPECT_MSG_EQ(rx.GetWindowThreshold(), m_expected, "r_0");
        NS_TEST_EXPECT_MSG_EQ(rx.GetQuickAcks(), 0U, "no quick ACK before data");
    }

    uint32_t m_space;
    uint32_t m_mss;
    uint8_t m_shift;
    uint32_t m_expected;
};

/** (2), (3): two segments per segment received, up to C = W_B - M; never past F. */
class GrowthTestCase : public TestCase
{
  public:
    GrowthTestCase()
        : TestCase("growth (2): r_0 + 2 M per segment up to W_B - M, quick ACK each time; "
                   "none past F or for segments under 128 B")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t mss = 1448;
        TcpLinuxReceiver rx;
        rx.Start(65535, mss, 2); // r_0 = 4 M = 5792
        rx.SetClamp(65535);      // C = 65535 - 1448 = 64087
        NS_TEST_EXPECT_MSG_EQ(rx.GetClamp(), 64087U, "one segment reserved");
        const Time rto = MilliSeconds(200);
        for (uint32_t n = 1; n <= 20; ++n)
        {
            rx.DataReceived(mss, 0, 1U << 20, MilliSeconds(n), rto);
            NS_TEST_EXPECT_MSG_EQ(rx.GetWindowThreshold(), 5792 + 2 * mss * n, "r_0 + 2 M n");
            NS_TEST_EXPECT_MSG_EQ(rx.QuickAck(), true, "acknowledged at once while r grows");
            while (rx.GetQuickAcks() > 0)
            {
                rx.AckSent();
            }
        }
        rx.DataReceived(mss, 0, 1U << 20, MilliSeconds(21), rto); // 5792 + 21 x 2896 > C
        NS_TEST_EXPECT_MSG_EQ(rx.GetWindowThreshold(), 64087U, "capped at C");
        rx.AckSent();
        rx.DataReceived(mss, 0, 1U << 20, MilliSeconds(22), rto);
        NS_TEST_EXPECT_MSG_EQ(rx.QuickAck(), false, "no growth at C: delayed ACKs again");
        NS_TEST_EXPECT_MSG_EQ(rx.Offer(1U << 20), 64087U, "(3): r limits");
        NS_TEST_EXPECT_MSG_EQ(rx.Offer(40000), 40000U, "(3): F limits");

        TcpLinuxReceiver full;
        full.Start(65535, mss, 2);
        full.SetClamp(65535);
        full.DataReceived(mss, 0, 5792, MilliSeconds(1), rto); // r = F: check #1 fails
        NS_TEST_EXPECT_MSG_EQ(full.GetWindowThreshold(), 5792U, "not past the free window");
        full.DataReceived(127, 0, 1U << 20, MilliSeconds(2), rto);
        NS_TEST_EXPECT_MSG_EQ(full.GetWindowThreshold(), 5792U, "127 B: no growth");
        full.DataReceived(128, 0, 1U << 20, MilliSeconds(3), rto);
        NS_TEST_EXPECT_MSG_EQ(full.GetWindowThreshold(), 5792U + 2 * mss, "128 B: growth");

        TcpLinuxReceiver small;
        small.Start(4000, mss, 0);
        small.SetClamp(2800); // not above 2 M: no reservation
        NS_TEST_EXPECT_MSG_EQ(small.GetClamp(), 2800U, "C = W_B");
        NS_TEST_EXPECT_MSG_EQ(small.GetWindowThreshold(), 2800U, "r lowered to C");
    }
};

/** (4): the count on the first segment, after an idle RTO, on a duplicate; q's decrements. */
class QuickAckTestCase : public TestCase
{
  public:
    QuickAckTestCase()
        : TestCase("quick ACKs (4): W_adv over 2 m capped at 16, or 2; on the first segment, "
                   "after more than an RTO idle and on a duplicate; cleared below half of C")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t mss = 1000;
        const Time rto = MilliSeconds(200);
        TcpLinuxReceiver rx;
        rx.Start(1U << 20, mss, 5); // r_0 = 4000; W_adv = 4000
        rx.SetClamp(1U << 20);
        rx.DataReceived(100, 0, 1U << 20, MilliSeconds(1), rto); // m = min(M, 536) = 536
        NS_TEST_EXPECT_MSG_EQ(rx.GetReceiveMss(), 536U, "m starts at min(M, 536)");
        NS_TEST_EXPECT_MSG_EQ(rx.GetQuickAcks(), 4000U / (2 * 536), "n = 3");
        for (uint32_t i = 0; i < 3; ++i)
        {
            rx.AckSent();
        }
        NS_TEST_EXPECT_MSG_EQ(rx.QuickAck(), false, "each ACK sent counts one");
        rx.Offer(100000); // W_adv = min(F, r) = r = 4000 (no growth for 100 B)
        rx.DataReceived(mss, 0, 1U << 20, MilliSeconds(100), rto); // within an RTO: growth only
        NS_TEST_EXPECT_MSG_EQ(rx.GetQuickAcks(), 1U, "growth's one");
        rx.AckSent();
        rx.Offer(1U << 20);                                        // W_adv = r = 6000
        rx.DataReceived(mss, 0, 1U << 20, MilliSeconds(301), rto); // idle 201 ms > RTO
        NS_TEST_EXPECT_MSG_EQ(rx.GetQuickAcks(), 6000U / (2 * 1000), "n = 3 after idle");
        rx.Offer(1U << 20); // r = 8000
        for (uint32_t i = 0; i < 100; ++i)
        {
            rx.AckSent();
        }
        rx.DuplicateReceived();
        NS_TEST_EXPECT_MSG_EQ(rx.GetQuickAcks(), 4U, "duplicate: n = 8000 / 2000");
        rx.Offer(100);
        NS_TEST_EXPECT_MSG_EQ(rx.GetQuickAcks(), 0U, "free window under C / 2");

        TcpLinuxReceiver big;
        big.Start(1U << 20, mss, 14); // M <= 2^14: r_0 is the whole window
        big.SetClamp(1U << 20);
        big.DataReceived(mss, 0, 1U << 20, MilliSeconds(1), rto);
        NS_TEST_EXPECT_MSG_EQ(big.GetQuickAcks(), 16U, "capped at 16");

        TcpLinuxReceiver tiny;
        tiny.Start(500, mss, 0); // W_adv = 500 < 2 m
        tiny.SetClamp(500);
        tiny.DataReceived(100, 0, 500, MilliSeconds(1), rto);
        NS_TEST_EXPECT_MSG_EQ(tiny.GetQuickAcks(), 2U, "n = 0 becomes 2");
    }
};

/** Ping-pong: data sent within ato of data received; a delayed ACK's expiry ends it. */
class PingPongTestCase : public TestCase
{
  public:
    PingPongTestCase()
        : TestCase("ping-pong: data sent within ato of received data stops quick ACKs; the "
                   "delayed-ACK timer's expiry or a duplicate ends it")
    {
    }

  private:
    void DoRun() override
    {
        TcpLinuxReceiver rx; // a = 40 ms after the first segment
        rx.Start(65535, 1448, 2);
        rx.SetClamp(65535);
        rx.DataReceived(1448, 0, 1U << 20, MilliSeconds(10), MilliSeconds(200));
        rx.DataSent(MilliSeconds(60)); // 50 ms later: not a reply
        NS_TEST_EXPECT_MSG_EQ(rx.IsPingPong(), false, "after ato: bulk");
        rx.DataSent(MilliSeconds(49)); // 39 ms after: a reply
        NS_TEST_EXPECT_MSG_EQ(rx.IsPingPong(), true, "within ato: interactive");
        NS_TEST_EXPECT_MSG_EQ(rx.QuickAck(), false, "no quick ACK in ping-pong mode");
        NS_TEST_EXPECT_MSG_GT(rx.GetQuickAcks(), 0U, "though the count remains");
        rx.DelayedAckExpired(MilliSeconds(200));
        NS_TEST_EXPECT_MSG_EQ(rx.QuickAck(), true, "the delayed ACK's expiry ends it");
        rx.DataSent(MilliSeconds(45));
        rx.DuplicateReceived();
        NS_TEST_EXPECT_MSG_EQ(rx.IsPingPong(), false, "a duplicate ends it");
    }
};

/**
 * The delayed-ACK estimate (5) and timer (6): a bulk receiver keeps 40 ms; a 30 ms gap gives
 * 40/2 + 30 = 50 ms, which a LAN's srtt bounds back to 40 ms and a 100 ms path does not;
 * expiries double it up to the RTO; a gap beyond the RTO leaves it and restarts quick ACKs;
 * ping-pong caps the timer at 200 ms and its expiry resets a; a duplicate resets a.
 */
class AtoTestCase : public TestCase
{
  public:
    AtoTestCase()
        : TestCase("delayed-ACK timeout (5)-(6): 40 ms for bulk and on a LAN, adapted to the "
                   "gaps, doubled by expiries up to the RTO")
    {
    }

  private:
    void DoRun() override
    {
        const Time rto = MilliSeconds(200);
        TcpLinuxReceiver rx;
        rx.Start(65535, 1448, 2);
        rx.SetClamp(65535);
        for (int n = 1; n <= 20; ++n)
        {
            rx.DataReceived(1448, 0, 1U << 20, MilliSeconds(n), rto); // 1 ms apart
        }
        NS_TEST_EXPECT_MSG_EQ(rx.GetAto(), MilliSeconds(40), "bulk: a/2 + 20 ms at 40 ms");
        NS_TEST_EXPECT_MSG_EQ(rx.DelayedAckTimeout(Time(0)), MilliSeconds(40), "(6): a");
        rx.DataReceived(1448, 0, 1U << 20, MilliSeconds(50), rto); // m = 30 ms
        NS_TEST_EXPECT_MSG_EQ(rx.GetAto(), MilliSeconds(50), "(5): 40/2 + 30");
        NS_TEST_EXPECT_MSG_EQ(rx.DelayedAckTimeout(MilliSeconds(10)),
                              MilliSeconds(40),
                              "(6): a LAN's srtt, at least 40 ms");
        NS_TEST_EXPECT_MSG_EQ(rx.DelayedAckTimeout(MilliSeconds(100)), MilliSeconds(50), "(6)");
        NS_TEST_EXPECT_MSG_EQ(rx.DelayedAckTimeout(Time(0)), MilliSeconds(50), "no srtt yet");
        rx.DelayedAckExpired(rto);
        NS_TEST_EXPECT_MSG_EQ(rx.GetAto(), MilliSeconds(100), "an expiry doubles a");
        NS_TEST_EXPECT_MSG_EQ(rx.DelayedAckTimeout(MilliSeconds(60)), MilliSeconds(60), "srtt");
        rx.DelayedAckExpired(rto);
        rx.DelayedAckExpired(rto);
        NS_TEST_EXPECT_MSG_EQ(rx.GetAto(), rto, "at most the RTO");
        rx.DataReceived(1448, 0, 1U << 20, MilliSeconds(300), rto); // m = 250 ms > RTO
        NS_TEST_EXPECT_MSG_EQ(rx.GetAto(), rto, "a gap beyond a leaves it");
        NS_TEST_EXPECT_MSG_GT(rx.GetQuickAcks(), 0U, "and restarts quick ACKs (4)");
        rx.DataSent(MilliSeconds(310)); // a reply within a: ping-pong
        NS_TEST_EXPECT_MSG_EQ(rx.IsPingPong(), true, "ping-pong");
        NS_TEST_EXPECT_MSG_EQ(rx.DelayedAckTimeout(Time(0)), MilliSeconds(200), "T_max 200 ms");
        rx.DelayedAckExpired(rto);
        NS_TEST_EXPECT_MSG_EQ(rx.GetAto(), MilliSeconds(40), "expiry in ping-pong: a = A");
        NS_TEST_EXPECT_MSG_EQ(rx.IsPingPong(), false, "and the mode ends");
        rx.DelayedAckExpired(rto);
        rx.DuplicateReceived();
        NS_TEST_EXPECT_MSG_EQ(rx.GetAto(), MilliSeconds(40), "a duplicate: a = A");
    }
};

/**
 * Growth (2b) with the segment's kernel memory T: w(T) = T - T/4 (tcp_adv_win_scale 2).
 * e1000 at MTU 1500, T = 2048 + 300: w(T) = 1761 > 1448, t = 880 <= 1448, so r grows by
 * 2 M while r <= W_B / 2 = 32767: 5792 + 10 x 2896 = 34752, then no more and no quick ACK.
 * A 600 B segment needs one halving (t = 440 <= 600): increments of 2 m = 1200 while r <=
 * 16383: 5792 + 9 x 1200 = 16592.  Jumbo, M = 8948, T = 16384 + 300: w(T) = 12513 > 8948,
 * t = 6256 <= 8948: from r_0 = 2 M = 17896 one increment, 35792.  T = 1900: w(T) = 1425 <=
 * 1448, the overhead is at most a quarter: (2) up to C as without T.
 */
class TrueSizeGrowthTestCase : public TestCase
{
  public:
    TrueSizeGrowthTestCase()
        : TestCase("growth (2b): a buffer costing over four thirds of the payload stops r past W_B "
                   "over 2^k")
    {
    }

  private:
    /** @return w(T) with tcp_adv_win_scale 2 */
    static uint32_t Worth(uint32_t trueSize)
    {
        return trueSize - trueSize / 4;
    }

    /**
     * @param mss M
     * @param bytes P of every segment
     * @param trueSize T
     * @param segments how many to receive
     * @return r after them; every growing segment asks for a quick ACK, no other does
     */
    uint32_t Grow(uint32_t mss, uint32_t bytes, uint32_t trueSize, uint32_t segments)
    {
        TcpLinuxReceiver rx;
        rx.Start(65535, mss, 2);
        rx.SetClamp(65535);
        const Time rto = MilliSeconds(200);
        for (uint32_t n = 1; n <= segments; ++n)
        {
            const uint32_t before = rx.GetWindowThreshold();
            rx.DataReceived(bytes, Worth(trueSize), 1U << 20, MilliSeconds(n), rto);
            const bool grew = rx.GetWindowThreshold() > before;
            NS_TEST_EXPECT_MSG_EQ(rx.QuickAck(), grew || n == 1, "quick ACK with growth");
            while (rx.GetQuickAcks() > 0)
            {
                rx.AckSent();
            }
        }
        return rx.GetWindowThreshold();
    }

    void DoRun() override
    {
        NS_TEST_EXPECT_MSG_EQ(Grow(1448, 1448, 2348, 40), 34752U, "MTU 1500: past W_B/2");
        NS_TEST_EXPECT_MSG_EQ(Grow(1448, 600, 2348, 40), 16592U, "600 B: past W_B/4, 2 m");
        NS_TEST_EXPECT_MSG_EQ(Grow(8948, 8948, 16684, 10), 35792U, "MTU 9000: past W_B/2");
        NS_TEST_EXPECT_MSG_EQ(Grow(1448, 1448, 1900, 40), 64087U, "small overhead: C");
        NS_TEST_EXPECT_MSG_EQ(Grow(1448, 1448, 0, 40), 64087U, "T unknown: C");
    }
};

} // namespace

/** The suite. */
class TcpLinuxReceiverTestSuite : public TestSuite
{
  public:
    TcpLinuxReceiverTestSuite()
        : TestSuite("hybridnet-tcp-linux-receiver", Type::UNIT)
    {
        AddTestCase(new InitialWindowTestCase(65535, 1448, 2, 4 * 1448), Duration::QUICK);
        AddTestCase(new InitialWindowTestCase(65535, 1460, 2, 4 * 1460), Duration::QUICK);
        AddTestCase(new InitialWindowTestCase(65535, 1461, 2, 3 * 1461), Duration::QUICK);
        AddTestCase(new InitialWindowTestCase(65535, 4381, 2, 2 * 4381), Duration::QUICK);
        AddTestCase(new InitialWindowTestCase(65535, 1448, 11, 45 * 1448), Duration::QUICK);
        AddTestCase(new InitialWindowTestCase(1000, 1448, 0, 1000), Duration::QUICK);
        AddTestCase(new GrowthTestCase(), Duration::QUICK);
        AddTestCase(new TrueSizeGrowthTestCase(), Duration::QUICK);
        AddTestCase(new QuickAckTestCase(), Duration::QUICK);
        AddTestCase(new PingPongTestCase(), Duration::QUICK);
        AddTestCase(new AtoTestCase(), Duration::QUICK);
    }
};

static TcpLinuxReceiverTestSuite g_tcpLinuxReceiverTestSuite; //!< registers the suite
