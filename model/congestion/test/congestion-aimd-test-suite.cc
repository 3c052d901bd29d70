/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of the loss-based stacks of the congestion module: TcpHighSpeedLinux,
 * TcpScalableLinux, TcpHtcpLinux, TcpBicLinux.  Each op is driven directly through the
 * TcpCongestionOps interface with a TcpSocketState, as a socket would; expected values
 * come from the equations in the class comments and the papers they cite (RFC 3649's
 * formulas, Kelly's a and b, Leith and Shorten's alpha(Delta) and beta clamp, BIC's
 * binary search), not from runs.  Also: the attribute checkers reject out-of-range stack
 * parameters, and a few of ns-3's own classes are checked for the departures the module
 * page lists.
 */
#include "hybridnet/congestion-module.h"

#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/object-factory.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/tcp-bic.h"
#include "ns3/tcp-highspeed.h"
#include "ns3/tcp-scalable.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <cmath>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

const uint32_t kMss = 1000; //!< Segment size of every test, bytes

/** @return a socket state with cwnd and ssthresh in segments of kMss */
Ptr<TcpSocketState>
MakeTcb(uint32_t cwndSegments, uint32_t ssThreshSegments)
{
    Ptr<TcpSocketState> tcb = CreateObject<TcpSocketState>();
    tcb->m_segmentSize = kMss;
    tcb->m_cWnd = cwndSegments * kMss;
    tcb->m_ssThresh = ssThreshSegments * kMss;
    tcb->m_isCwndLimited = true; // the sender fills its window (as a socket would report)
    return tcb;
}

/**
 * Send ACKs of @p segmentsPerAck segments each until cwnd grows.
 * @return the number of ACKs it took (limit + 1 if it did not grow within @p limit)
 */
uint32_t
AcksUntilIncrease(Ptr<TcpCongestionOps> op,
                  Ptr<TcpSocketState> tcb,
                  uint32_t segmentsPerAck,
                  uint32_t limit = 1000000)
{
    uint32_t before = tcb->m_cWnd;
    for (uint32_t n = 1; n <= limit; ++n)
    {
        op->PktsAcked(tcb, segmentsPerAck, tcb->m_lastRtt);
        op->IncreaseWindow(tcb, segmentsPerAck);
        if (tcb->m_cWnd != before)
        {
            return n;
        }
    }
    return limit + 1;
}

/** RFC 3649 section 5: b(w) for w > Low_Window (High_Decrease 0.1, windows 38, 83000). */
double
RfcDecrease(double w)
{
    return (0.1 - 0.5) * (std::log(w) - std::log(38.0)) / (std::log(83000.0) - std::log(38.0)) +
           0.5;
}

/** RFC 3649 section 5: a(w) = w^2 p(w) 2 b(w) / (2 - b(w)), p(w) = 0.078 / w^1.2. */
double
RfcIncrease(double w)
{
    double b = RfcDecrease(w);
    return w * w * 0.078 / std::pow(w, 1.2) * 2.0 * b / (2.0 - b);
}

/**
 * Every row boundary of the HighSpeed table: w_k belongs to row k and w_k + 1 to row k + 1
 * (the last row continues); a(w_k) and b(w_k) agree with RFC 3649's formulas; and the
 * decrease at w_k is w_k - floor(b w_k) with that b.
 */
class HighSpeedTableTestCase : public TestCase
{
  public:
    HighSpeedTableTestCase()
        : TestCase("HighSpeed table: rows, a(w) and b(w) at every boundary match RFC 3649")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t rows = TcpHighSpeedLinux::GetTableSize();
        NS_TEST_ASSERT_MSG_EQ(rows, 72U, "Linux 2.6's table has 72 rows, 38 ... 89053");
        NS_TEST_ASSERT_MSG_EQ(TcpHighSpeedLinux::GetTableWindow(0), 38U, "Low_Window");
        for (uint32_t k = 0; k < rows; ++k)
        {
            uint32_t wk = TcpHighSpeedLinux::GetTableWindow(k);
            std::ostringstream where;
            where << "row " << k << " (w = " << wk << ")";
            NS_TEST_ASSERT_MSG_EQ(TcpHighSpeedLinux::LookupRow(wk), k, where.str());
            uint32_t next = std::min(k + 1, rows - 1);
            NS_TEST_ASSERT_MSG_EQ(TcpHighSpeedLinux::LookupRow(wk + 1), next, where.str());
            if (k > 0)
            {
                NS_TEST_ASSERT_MSG_EQ(
                    TcpHighSpeedLinux::LookupRow(TcpHighSpeedLinux::GetTableWindow(k - 1) + 1),
                    k,
                    where.str());
            }
            // a(w_k) ~= k + 1 by (4); b(w_k) by (3) (RFC two decimals, Linux 1/256).
            NS_TEST_ASSERT_MSG_EQ_TOL(static_cast<double>(TcpHighSpeedLinux::GetIncrease(k)),
                                      RfcIncrease(wk),
                                      0.05,
                                      where.str());
            NS_TEST_ASSERT_MSG_EQ_TOL(TcpHighSpeedLinux::GetDecrease(k),
                                      RfcDecrease(wk),
                                      0.005,
                                      where.str());

            // The decrease a socket gets at w_k, after one ACK moved the row there.
            Ptr<TcpHighSpeedLinux> hs = CreateObject<TcpHighSpeedLinux>();
            Ptr<TcpSocketState> tcb = MakeTcb(wk, 2);
            hs->IncreaseWindow(tcb, 1);
            NS_TEST_ASSERT_MSG_EQ(hs->GetRow(), k, where.str());
            uint32_t w = tcb->GetCwndInSegments();
            uint32_t ssThresh = hs->GetSsThresh(tcb, tcb->m_cWnd) / kMss;
            const double tolerance = 0.005 * w + 1.0;
            NS_TEST_ASSERT_MSG_EQ_TOL(static_cast<double>(ssThresh),
                                      (1.0 - RfcDecrease(wk)) * w,
                                      tolerance,
                                      where.str());
        }
        // Beyond the last row Linux keeps the last row: a = 72, b = 24/256.
        NS_TEST_ASSERT_MSG_EQ(TcpHighSpeedLinux::LookupRow(1000000), rows - 1, "beyond the table");
        NS_TEST_ASSERT_MSG_EQ(TcpHighSpeedLinux::GetIncrease(rows - 1), 72U, "last a");
        NS_TEST_ASSERT_MSG_EQ_TOL(TcpHighSpeedLinux::GetDecrease(rows - 1),
                                  24.0 / 256,
                                  1e-12,
                                  "last b");
        // ns-3's table continues past Linux's last row (a = 73 from 89054 on).
        NS_TEST_ASSERT_MSG_EQ(TcpHighSpeed::TableLookupA(94717), 73U, "ns-3 row 73");
        NS_TEST_ASSERT_MSG_EQ(TcpHighSpeed::TableLookupA(1000000), 73U, "ns-3 beyond");
    }
};

/**
 * HighSpeed per-ACK increase (equation 5): at window w on row i the window grows by one
 * segment after ceil(w / (i + 1)) ACKs, however many segments each ACK acknowledges.
 */
class HighSpeedIncreaseTestCase : public TestCase
{
  public:
    /**
     * @param w window, segments
     * @param segmentsPerAck segments acknowledged per ACK
     */
    HighSpeedIncreaseTestCase(uint32_t w, uint32_t segmentsPerAck)
        : TestCase("HighSpeed per-ACK increase at w=" + std::to_string(w) + " with " +
                   std::to_string(segmentsPerAck) + " segments per ACK"),
          m_w(w),
          m_segmentsPerAck(segmentsPerAck)
    {
    }

  private:
    void DoRun() override
    {
        Ptr<TcpHighSpeedLinux> hs = CreateObject<TcpHighSpeedLinux>();
        Ptr<TcpSocketState> tcb = MakeTcb(m_w, 2);
        uint32_t a = TcpHighSpeedLinux::GetIncrease(TcpHighSpeedLinux::LookupRow(m_w));
        uint32_t expected = (m_w + a - 1) / a;
        NS_TEST_ASSERT_MSG_EQ(AcksUntilIncrease(hs, tcb, m_segmentsPerAck),
                              expected,
                              "ACKs for one segment");
        NS_TEST_ASSERT_MSG_EQ(tcb->GetCwndInSegments(), m_w + 1, "one segment per increase");
    }

    uint32_t m_w;              //!< window, segments
    uint32_t m_segmentsPerAck; //!< segments per ACK
};

/**
 * Differential check: below its low window (38) HighSpeed is Reno - one segment per
 * window of ACKs in congestion avoidance, replayed ACK by ACK against a Reno written
 * from RFC 5681 (w += 1/w per ACK, counted in whole ACKs), and a halving on loss (Linux
 * rounds the kept half up: w - floor(w/2)).
 */
class HighSpeedRenoBelowLowWindowTestCase : public TestCase
{
  public:
    HighSpeedRenoBelowLowWindowTestCase()
        : TestCase("HighSpeed equals Reno below its low window")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<TcpHighSpeedLinux> hs = CreateObject<TcpHighSpeedLinux>();
        Ptr<TcpSocketState> tcb = MakeTcb(3, 2);
        uint32_t renoW = 3;
        uint32_t renoCount = 0;
        while (renoW < 38)
        {
            hs->IncreaseWindow(tcb, 1);
            if (++renoCount >= renoW)
            {
                renoCount = 0;
                ++renoW;
            }
            NS_TEST_ASSERT_MSG_EQ(tcb->GetCwndInSegments(), renoW, "congestion avoidance");
        }
        for (uint32_t w = 4; w <= 38; ++w)
        {
            Ptr<TcpHighSpeedLinux> h = CreateObject<TcpHighSpeedLinux>();
            Ptr<TcpSocketState> t = MakeTcb(w, 2);
            h->IncreaseWindow(t, 1);
            uint32_t now = t->GetCwndInSegments();
            NS_TEST_ASSERT_MSG_EQ(h->GetSsThresh(t, t->m_cWnd) / kMss,
                                  now - now / 2,
                                  "halving at w=" << now);
        }
    }
};

/**
 * TcpHighSpeedRfc against RFC 3649 section 5: b(w), and a(w) against the RFC's rounded
 * p(w) = 0.078 / w^1.2 (exponent and constant rounded from -1.1976 and 0.0789: within
 * 3 % from Low_Window to 2 x 10^5 segments), Reno at and below Low_Window, b(High_Window) =
 * High_Decrease, the per-ACK increase ceil(w / a(w)) ACKs per segment, the decrease, and
 * Validate() for inconsistent parameters.
 */
class HighSpeedRfcTestCase : public TestCase
{
  public:
    HighSpeedRfcTestCase()
        : TestCase("HighSpeed from the RFC 3649 formulas")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<TcpHighSpeedRfc> hs = CreateObject<TcpHighSpeedRfc>();
        NS_TEST_ASSERT_MSG_EQ(hs->Validate(), "", "defaults are consistent");
        for (double w : {39.0, 100.0, 1000.0, 10000.0, 83000.0, 200000.0})
        {
            NS_TEST_ASSERT_MSG_EQ_TOL(hs->GetDecrease(w), RfcDecrease(w), 1e-12, "b at " << w);
            const double tolerance = 0.03 * RfcIncrease(w);
            NS_TEST_ASSERT_MSG_EQ_TOL(hs->GetIncrease(w), RfcIncrease(w), tolerance, "a at " << w);
        }
        NS_TEST_ASSERT_MSG_EQ_TOL(hs->GetDecrease(83000), 0.1, 1e-12, "b(High_Window)");
        NS_TEST_ASSERT_MSG_EQ_TOL(hs->GetIncrease(38), 1.0, 1e-12, "a(Low_Window)");
        NS_TEST_ASSERT_MSG_EQ_TOL(hs->GetDecrease(38), 0.5, 1e-12, "b(Low_Window)");

        Ptr<TcpSocketState> tcb = MakeTcb(1000, 2);
        auto expected = static_cast<uint32_t>(std::ceil(1000 / hs->GetIncrease(1000)));
        NS_TEST_ASSERT_MSG_EQ(AcksUntilIncrease(hs, tcb, 1), expected, "ACKs per segment");
        for (uint32_t w : {30U, 38U, 1000U, 83000U})
        {
            Ptr<TcpSocketState> t = MakeTcb(w, 2);
            auto kept = static_cast<uint32_t>(std::floor((1.0 - hs->GetDecrease(w)) * w));
            NS_TEST_ASSERT_MSG_EQ(hs->GetSsThresh(t, t->m_cWnd) / kMss, kept, "b at " << w);
        }

        Ptr<TcpHighSpeedRfc> bad = CreateObject<TcpHighSpeedRfc>();
        bad->SetAttribute("HighP", DoubleValue(1e-9)); // below Reno's at every window used
        bad->SetAttribute("HighWindow", UintegerValue(1000));
        bad->SetAttribute("LowWindow", UintegerValue(1000));
        NS_TEST_ASSERT_MSG_NE(bad->Validate(), "", "LowWindow == HighWindow");
        bad->SetAttribute("LowWindow", UintegerValue(2000));
        NS_TEST_ASSERT_MSG_NE(bad->Validate(), "", "LowWindow > HighWindow");
        bad->SetAttribute("LowWindow", UintegerValue(999));
        NS_TEST_ASSERT_MSG_EQ(bad->Validate(), "", "LowWindow < HighWindow");
        bad->SetAttribute("LowWindow", UintegerValue(38));
        bad->SetAttribute("HighWindow", UintegerValue(83000));
        bad->SetAttribute("HighP", DoubleValue(0.01));
        NS_TEST_ASSERT_MSG_NE(bad->Validate(), "", "HighP above Reno's at LowWindow");
        bad->SetAttribute("HighP", DoubleValue(1e-6));
        NS_TEST_ASSERT_MSG_EQ(bad->Validate(), "", "consistent again");
    }
};

/**
 * Scalable's per-ACK counting (Linux 2.6): one segment per min(w, 50) + 1 ACKs whatever
 * the segments per ACK, which with delayed ACKs is Kelly's a = 0.01 per segment; and the
 * decrease w - floor(w / 8).
 */
class ScalableTestCase : public TestCase
{
  public:
    ScalableTestCase()
        : TestCase("Scalable: per-ACK increase and per-loss decrease")
    {
    }

  private:
    void DoRun() override
    {
        for (uint32_t segmentsPerAck : {1U, 2U})
        {
            for (uint32_t w : {20U, 50U, 100U, 5000U})
            {
                Ptr<TcpScalableLinux> st = CreateObject<TcpScalableLinux>();
                Ptr<TcpSocketState> tcb = MakeTcb(w, 2);
                NS_TEST_ASSERT_MSG_EQ(AcksUntilIncrease(st, tcb, segmentsPerAck),
                                      std::min(w, 50U) + 1,
                                      "ACKs per segment at w=" << w);
            }
        }
        // Kelly's a = 0.01 per segment acknowledged, with delayed ACKs, within 3 %.
        Ptr<TcpScalableLinux> st = CreateObject<TcpScalableLinux>();
        Ptr<TcpSocketState> tcb = MakeTcb(1000, 2);
        uint32_t acks = 0;
        for (int i = 0; i < 10; ++i)
        {
            acks += AcksUntilIncrease(st, tcb, 2);
        }
        NS_TEST_ASSERT_MSG_EQ_TOL(10.0 / (2.0 * acks), 0.01, 0.0003, "a per segment");

        for (uint32_t w : {9U, 100U, 1000U, 4321U})
        {
            Ptr<TcpScalableLinux> s = CreateObject<TcpScalableLinux>();
            Ptr<TcpSocketState> t = MakeTcb(w, 2);
            uint32_t expected = std::max(w - static_cast<uint32_t>(std::floor(w * 0.125)), 2U);
            NS_TEST_ASSERT_MSG_EQ(s->GetSsThresh(t, t->m_cWnd) / kMss, expected, "b at " << w);
        }
    }
};

/**
 * H-TCP alpha as a function of the time since the last congestion event (equations 3-4,
 * no RTT scaling): alpha = 2 (1 - beta) f(Delta), beta = 0.5 after the first event; and
 * the per-ACK increase that alpha gives: one segment per ceil(w / alpha) + 1 ACKs.
 */
class HtcpAlphaTestCase : public TestCase
{
  public:
    /** @param delta time since the last congestion event */
    explicit HtcpAlphaTestCase(Time delta)
        : TestCase("H-TCP alpha " + std::to_string(delta.GetMilliSeconds()) +
                   " ms after the last congestion event"),
          m_delta(delta)
    {
    }

  private:
    void DoRun() override
    {
        Simulator::Schedule(Seconds(1), &HtcpAlphaTestCase::Start, this);
        Simulator::Run();
        Simulator::Destroy();
    }

    void Start()
    {
        m_htcp = CreateObject<TcpHtcpLinux>();
        m_htcp->SetAttribute("RttScaling", BooleanValue(false));
        m_htcp->SetAttribute("BandwidthSwitch", BooleanValue(false));
        m_tcb = MakeTcb(1000, 2);
        m_htcp->Init(m_tcb);
        // A congestion event now: Delta restarts, beta = MinBackoff (first event).
        m_htcp->CongestionStateSet(m_tcb, TcpSocketState::CA_RECOVERY);
        m_htcp->GetSsThresh(m_tcb, m_tcb->m_cWnd);
        m_htcp->CongestionStateSet(m_tcb, TcpSocketState::CA_OPEN);
        Simulator::Schedule(m_delta, &HtcpAlphaTestCase::Check, this);
    }

    void Check()
    {
        double d = m_delta.GetSeconds() - 1.0;
        double f = d <= 0 ? 1.0 : 1.0 + 10.0 * d + (d / 2.0) * (d / 2.0);
        // The first increment after Delta recomputes alpha.
        AcksUntilIncrease(m_htcp, m_tcb, 1);
        NS_TEST_ASSERT_MSG_EQ_TOL(m_htcp->GetAlpha(), 2.0 * (1.0 - 0.5) * f, 1e-6, "alpha");
        uint32_t w = m_tcb->GetCwndInSegments();
        auto expected = static_cast<uint32_t>(std::ceil(w / m_htcp->GetAlpha())) + 1;
        NS_TEST_ASSERT_MSG_EQ(AcksUntilIncrease(m_htcp, m_tcb, 1), expected, "ACKs per segment");
    }

    Time m_delta;              //!< time since the congestion event
    Ptr<TcpHtcpLinux> m_htcp;  //!< op under test
    Ptr<TcpSocketState> m_tcb; //!< socket state
};

/**
 * H-TCP's adaptive backoff (5): beta = RTT_min / RTT_max clamped to [0.5, 0.8], from the
 * second congestion event on, with RTT_max faded by 5 % of (RTT_max - RTT_min) at each
 * event.
 */
class HtcpBetaTestCase : public TestCase
{
  public:
    /**
     * @param minRtt smallest RTT fed
     * @param maxRtt largest RTT fed (reached in steps of at most 20 ms)
     */
    HtcpBetaTestCase(Time minRtt, Time maxRtt)
        : TestCase("H-TCP beta for RTT " + std::to_string(minRtt.GetMilliSeconds()) + "-" +
                   std::to_string(maxRtt.GetMilliSeconds()) + " ms"),
          m_minRtt(minRtt),
          m_maxRtt(maxRtt)
    {
    }

  private:
    void DoRun() override
    {
        Ptr<TcpHtcpLinux> htcp = CreateObject<TcpHtcpLinux>();
        htcp->SetAttribute("BandwidthSwitch", BooleanValue(false));
        Ptr<TcpSocketState> tcb = MakeTcb(1000, 2);
        htcp->Init(tcb);
        for (Time rtt = m_minRtt; rtt <= m_maxRtt; rtt += MilliSeconds(10))
        {
            tcb->m_lastRtt = rtt;
            htcp->PktsAcked(tcb, 1, rtt);
        }
        htcp->GetSsThresh(tcb, tcb->m_cWnd);
        NS_TEST_ASSERT_MSG_EQ_TOL(htcp->GetBeta(), 0.5, 1e-12, "first event: no adaptation");
        double faded = m_minRtt.GetSeconds() + 0.95 * (m_maxRtt - m_minRtt).GetSeconds();
        double expected = std::clamp(m_minRtt.GetSeconds() / faded, 0.5, 102.0 / 128.0);
        uint32_t ssThresh = htcp->GetSsThresh(tcb, tcb->m_cWnd);
        NS_TEST_ASSERT_MSG_EQ_TOL(htcp->GetBeta(), expected, 1e-9, "clamped ratio");
        NS_TEST_ASSERT_MSG_EQ(ssThresh / kMss,
                              static_cast<uint32_t>(std::floor(1000 * expected)),
                              "ssthresh = beta w");
        // (4) at Delta = 0 (f = 1) with RTT scaling s = clamp(RTT_min / 100 ms, 0.1, 2),
        // f s raised to at least 1: alpha = 2 (1 - beta) max(1, s).
        double s = std::clamp(m_minRtt.GetSeconds() / 0.1, 0.1, 2.0);
        NS_TEST_ASSERT_MSG_EQ_TOL(htcp->GetAlpha(),
                                  2.0 * (1.0 - expected) * std::max(1.0, s),
                                  1e-9,
                                  "alpha keeps the mean rate of Reno");
    }

    Time m_minRtt; //!< RTT_min
    Time m_maxRtt; //!< RTT_max
};

/**
 * H-TCP's bandwidth switch: when the throughput before an event differs from the one
 * before the previous event by more than 20 %, beta falls back to 0.5.  The adaptive beta
 * needs two events with a steady throughput first (Linux: the first event compares with a
 * throughput of zero, the second switches the mode on).
 */
class HtcpBandwidthSwitchTestCase : public TestCase
{
  public:
    /** @param percent throughput of the last epoch, percent of the earlier ones */
    explicit HtcpBandwidthSwitchTestCase(uint32_t percent)
        : TestCase("H-TCP bandwidth switch, last epoch at " + std::to_string(percent) +
                   " percent throughput"),
          m_ratio(percent / 100.0)
    {
    }

  private:
    void DoRun() override
    {
        m_htcp = CreateObject<TcpHtcpLinux>();
        m_tcb = MakeTcb(100, 2);
        m_htcp->Init(m_tcb);
        // Three epochs of 6 s, each starting just after the previous event, ACKs of 10
        // segments: 1000, 1000, then m_ratio x 1000 segments/s.
        Simulator::Schedule(Seconds(0), &HtcpBandwidthSwitchTestCase::Epoch, this, 1000.0, 6);
        Simulator::Schedule(Seconds(6.002), &HtcpBandwidthSwitchTestCase::Epoch, this, 1000.0, 6);
        Simulator::Schedule(Seconds(12.004),
                            &HtcpBandwidthSwitchTestCase::Epoch,
                            this,
                            1000.0 * m_ratio,
                            6);
        Simulator::Run();
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_EQ(m_betas.size(), 3U, "three congestion events");
        NS_TEST_ASSERT_MSG_EQ_TOL(m_betas[0], 0.5, 1e-9, "first event");
        NS_TEST_ASSERT_MSG_EQ_TOL(m_betas[1], 0.5, 1e-9, "second event: mode switch");
        double expected =
            std::abs(m_ratio - 1.0) > 0.2 ? 0.5 : std::clamp(100.0 / 110.0, 0.5, 102.0 / 128);
        NS_TEST_ASSERT_MSG_EQ_TOL(m_betas[2], expected, 1e-9, "beta after the third epoch");
    }

    /** Feed ACKs at @p rate segments/s for @p seconds, then a congestion event. */
    void Epoch(double rate, int seconds)
    {
        Time gap = Seconds(10.0 / rate);
        int acks = static_cast<int>(seconds * rate / 10.0);
        for (int i = 1; i <= acks; ++i)
        {
            Simulator::Schedule(gap * i, &HtcpBandwidthSwitchTestCase::Ack, this, i % 2);
        }
        Simulator::Schedule(gap * acks + MilliSeconds(1), &HtcpBandwidthSwitchTestCase::Loss, this);
    }

    /** One ACK of 10 segments, RTT 100 or 110 ms. */
    void Ack(int odd)
    {
        m_tcb->m_lastRtt = MilliSeconds(odd ? 110 : 100);
        m_htcp->PktsAcked(m_tcb, 10, m_tcb->m_lastRtt);
    }

    /** A congestion event. */
    void Loss()
    {
        m_htcp->GetSsThresh(m_tcb, m_tcb->m_cWnd);
        m_htcp->CongestionStateSet(m_tcb, TcpSocketState::CA_RECOVERY);
        m_htcp->CongestionStateSet(m_tcb, TcpSocketState::CA_OPEN);
        m_betas.push_back(m_htcp->GetBeta());
    }

    double m_ratio;              //!< throughput ratio
    std::vector<double> m_betas; //!< beta after each event
    Ptr<TcpHtcpLinux> m_htcp;    //!< op under test
    Ptr<TcpSocketState> m_tcb;   //!< socket state
};

/**
 * BIC at and below its low window (14): Reno (one segment per w + 1 ACKs, halving) up to
 * and including 14, BIC from 15 (before any loss: max probing, w (B - 1) / (w - W_max)
 * ACKs per segment; decrease to floor(0.8 w)).
 */
class BicLowWindowTestCase : public TestCase
{
  public:
    BicLowWindowTestCase()
        : TestCase("BIC at and below its low window")
    {
    }

  private:
    void DoRun() override
    {
        for (uint32_t w : {10U, 13U, 14U, 15U, 16U})
        {
            Ptr<TcpBicLinux> bic = CreateObject<TcpBicLinux>();
            Ptr<TcpSocketState> tcb = MakeTcb(w, 2);
            uint32_t cnt = w <= 14 ? w : std::min(w * 3 / w, 20U);
            NS_TEST_ASSERT_MSG_EQ(AcksUntilIncrease(bic, tcb, 1), cnt + 1, "ACKs at w=" << w);
            Ptr<TcpBicLinux> b2 = CreateObject<TcpBicLinux>();
            Ptr<TcpSocketState> t2 = MakeTcb(w, 2);
            uint32_t ssThresh = b2->GetSsThresh(t2, t2->m_cWnd) / kMss;
            uint32_t expected = w <= 14 ? w / 2 : static_cast<uint32_t>(w * 819 / 1024);
            NS_TEST_ASSERT_MSG_EQ(ssThresh, expected, "decrease at w=" << w);
        }
        // ns-3's TcpBic already leaves Reno at w = 14 (w < LowWnd).
        Ptr<TcpBic> ns3Bic = CreateObject<TcpBic>();
        Ptr<TcpSocketState> t = MakeTcb(14, 2);
        NS_TEST_ASSERT_MSG_EQ(ns3Bic->GetSsThresh(t, t->m_cWnd) / kMss,
                              static_cast<uint32_t>(14 * 0.8),
                              "ns-3 TcpBic at w = 14");
    }
};

/**
 * BIC's binary search after a loss at W_max = 1000 (B = 4, S_max = 16, SmoothPart 20):
 * cnt from equations (2)-(3) in every region, checked as ACKs per segment; and fast
 * convergence W_max = w (1 + beta) / 2 on a loss below W_max.
 */
class BicBinarySearchTestCase : public TestCase
{
  public:
    BicBinarySearchTestCase()
        : TestCase("BIC binary search increments and fast convergence")
    {
    }

  private:
    void DoRun() override
    {
        struct Case
        {
            uint32_t w;   //!< window
            uint32_t cnt; //!< expected cnt
        };

        // (2): D = (1000 - w) / 4.  (3): mirrored around W_max.
        const Case cases[] = {
            {700, 700 / 16},       // D = 75 > 16: additive increase
            {800, 800 / 16},       // D = 50
            {935, 935 / 16},       // D = 16: binary search, w / D
            {960, 960 / 10},       // D = 10
            {992, 992 / 2},        // D = 2
            {996, 996 * 20 / 4},   // D = 1: smoothed
            {1000, 1000 * 20 / 4}, // at W_max
            {1003, 1003 * 20 / 4}, // < W_max + B
            {1004, 1004 * 3 / 4},  // max probing
            {1030, 1030 * 3 / 30}, // max probing
            {1047, 1047 * 3 / 47}, // last probing window
            {1048, 1048 / 16},     // additive increase
        };
        for (const auto& c : cases)
        {
            Ptr<TcpBicLinux> bic = CreateObject<TcpBicLinux>();
            Ptr<TcpSocketState> tcb = MakeTcb(1000, 2);
            uint32_t ssThresh = bic->GetSsThresh(tcb, tcb->m_cWnd) / kMss;
            NS_TEST_ASSERT_MSG_EQ(ssThresh, 1000U * 819 / 1024, "decrease at W_max");
            NS_TEST_ASSERT_MSG_EQ(bic->GetLastMaxCwnd(), 1000U, "W_max");
            tcb->m_cWnd = c.w * kMss;
            NS_TEST_ASSERT_MSG_EQ(bic->GetAckCount(c.w), c.cnt, "cnt at w=" << c.w);
            NS_TEST_ASSERT_MSG_EQ(AcksUntilIncrease(bic, tcb, 1), c.cnt + 1, "ACKs at " << c.w);
        }
        for (bool fast : {true, false})
        {
            Ptr<TcpBicLinux> bic = CreateObject<TcpBicLinux>();
            bic->SetAttribute("FastConvergence", BooleanValue(fast));
            Ptr<TcpSocketState> tcb = MakeTcb(1000, 2);
            bic->GetSsThresh(tcb, tcb->m_cWnd);
            tcb->m_cWnd = 900 * kMss;
            bic->GetSsThresh(tcb, tcb->m_cWnd);
            uint32_t expected =
                fast ? static_cast<uint32_t>(std::floor(900 * (1.0 + 819.0 / 1024) / 2)) : 900;
            NS_TEST_ASSERT_MSG_EQ(bic->GetLastMaxCwnd(), expected, "fast convergence " << fast);
        }
        // A timeout forgets W_max; Init sets the initial ssthresh of 100 segments.
        Ptr<TcpBicLinux> bic = CreateObject<TcpBicLinux>();
        Ptr<TcpSocketState> tcb = MakeTcb(1000, 2);
        bic->Init(tcb);
        NS_TEST_ASSERT_MSG_EQ(tcb->GetSsThreshInSegments(), 100U, "initial ssthresh");
        bic->GetSsThresh(tcb, tcb->m_cWnd);
        bic->CongestionStateSet(tcb, TcpSocketState::CA_LOSS);
        NS_TEST_ASSERT_MSG_EQ(bic->GetLastMaxCwnd(), 0U, "timeout resets W_max");
    }
};

/**
 * Out-of-range stack parameters are rejected by the attribute checkers; values inside the
 * ranges are accepted.  ns-3's own classes accept some of them (listed on the module page).
 */
class BadParameterTestCase : public TestCase
{
  public:
    BadParameterTestCase()
        : TestCase("Attribute checkers reject out-of-range stack parameters")
    {
    }

  private:
    /** @return whether @p obj accepts @p value for @p name */
    static bool Accepts(Ptr<Object> obj, const std::string& name, const AttributeValue& value)
    {
        return obj->SetAttributeFailSafe(name, value);
    }

    void DoRun() override
    {
        Ptr<TcpHtcpLinux> htcp = CreateObject<TcpHtcpLinux>();
        NS_TEST_EXPECT_MSG_EQ(Accepts(htcp, "MinBackoff", DoubleValue(1.0)), false, "backoff 1");
        NS_TEST_EXPECT_MSG_EQ(Accepts(htcp, "MaxBackoff", DoubleValue(1.2)), false, "backoff>1");
        NS_TEST_EXPECT_MSG_EQ(Accepts(htcp, "MinBackoff", DoubleValue(0.0)), false, "backoff 0");
        NS_TEST_EXPECT_MSG_EQ(Accepts(htcp, "MaxBackoff", DoubleValue(0.9)), true, "backoff .9");
        NS_TEST_EXPECT_MSG_EQ(htcp->Validate(), "", "0.5 <= 0.9");
        htcp->SetAttribute("MinBackoff", DoubleValue(0.95));
        NS_TEST_EXPECT_MSG_NE(htcp->Validate(), "", "MinBackoff above MaxBackoff");

        Ptr<TcpBicLinux> bic = CreateObject<TcpBicLinux>();
        NS_TEST_EXPECT_MSG_EQ(Accepts(bic, "Beta", DoubleValue(0.0)), false, "BIC beta 0");
        NS_TEST_EXPECT_MSG_EQ(Accepts(bic, "Beta", DoubleValue(1.0)), false, "BIC beta 1");
        NS_TEST_EXPECT_MSG_EQ(Accepts(bic, "Beta", DoubleValue(-0.5)), false, "BIC beta < 0");
        NS_TEST_EXPECT_MSG_EQ(Accepts(bic, "Beta", DoubleValue(0.7)), true, "BIC beta 0.7");

        Ptr<TcpScalableLinux> st = CreateObject<TcpScalableLinux>();
        NS_TEST_EXPECT_MSG_EQ(Accepts(st, "AiCount", UintegerValue(0)), false, "Scalable a = 0");
        NS_TEST_EXPECT_MSG_EQ(Accepts(st, "MdFactor", DoubleValue(1.0)), false, "Scalable b 1");
        NS_TEST_EXPECT_MSG_EQ(Accepts(st, "MdFactor", DoubleValue(0.0)), false, "Scalable b 0");
        NS_TEST_EXPECT_MSG_EQ(Accepts(st, "AiCount", UintegerValue(100)), true, "Scalable 100");

        Ptr<TcpFast> fast = CreateObject<TcpFast>();
        NS_TEST_EXPECT_MSG_EQ(Accepts(fast, "Alpha", DoubleValue(0.0)), false, "FAST alpha 0");
        NS_TEST_EXPECT_MSG_EQ(Accepts(fast, "Alpha", DoubleValue(-3.0)), false, "FAST alpha<0");
        NS_TEST_EXPECT_MSG_EQ(Accepts(fast, "Gamma", DoubleValue(0.0)), false, "FAST gamma 0");
        NS_TEST_EXPECT_MSG_EQ(Accepts(fast, "Gamma", DoubleValue(1.01)), false, "FAST gamma>1");
        NS_TEST_EXPECT_MSG_EQ(Accepts(fast, "Gamma", DoubleValue(1.0)), true, "FAST gamma 1");

        Ptr<TcpHighSpeedRfc> hs = CreateObject<TcpHighSpeedRfc>();
        NS_TEST_EXPECT_MSG_EQ(Accepts(hs, "LowWindow", UintegerValue(0)), false, "HS W_L 0");
        NS_TEST_EXPECT_MSG_EQ(Accepts(hs, "HighDecrease", DoubleValue(0.0)), false, "HS B_H 0");
        NS_TEST_EXPECT_MSG_EQ(Accepts(hs, "HighDecrease", DoubleValue(0.6)), false, "B_H .6");
        NS_TEST_EXPECT_MSG_EQ(Accepts(hs, "HighP", DoubleValue(0.0)), false, "HS P_H 0");

        // ns-3's classes: BIC beta and Scalable MD factor are not range-checked.
        NS_TEST_EXPECT_MSG_EQ(Accepts(CreateObject<TcpBic>(), "Beta", DoubleValue(1.5)),
                              true,
                              "ns-3 TcpBic accepts beta 1.5");
        NS_TEST_EXPECT_MSG_EQ(Accepts(CreateObject<TcpScalable>(), "MDFactor", DoubleValue(1.5)),
                              true,
                              "ns-3 TcpScalable accepts b 1.5");
    }
};

/**
 * Linux 2.6's cong_avoid begins with "if (!tcp_is_cwnd_limited(sk, in_flight)) return;":
 * a window the sender does not fill (receive-window or application limited) does not
 * grow, in slow start or in congestion avoidance; the same ACKs grow it when it is full.
 */
class CwndLimitedTestCase : public TestCase
{
  public:
    CwndLimitedTestCase(TypeId tid, bool slowStart)
        : TestCase(tid.GetName().substr(tid.GetName().rfind(':') + 1) +
                   " grows only a window the sender fills, " +
                   (slowStart ? "slow start" : "congestion avoidance")),
          m_tid(tid),
          m_slowStart(slowStart)
    {
    }

  private:
    void DoRun() override
    {
        for (bool limited : {false, true})
        {
            ObjectFactory factory(m_tid.GetName());
            Ptr<TcpCongestionOps> ops = factory.Create<TcpCongestionOps>();
            // 100 segments; ssthresh above (slow start) or below (congestion avoidance)
            Ptr<TcpSocketState> tcb = MakeTcb(100, m_slowStart ? 1000 : 50);
            ops->Init(tcb);
            tcb->m_isCwndLimited = limited;
            const uint32_t before = tcb->m_cWnd;
            for (int ack = 0; ack < 300; ++ack)
            {
                ops->PktsAcked(tcb, 2, MilliSeconds(100));
                ops->IncreaseWindow(tcb, 2);
            }
            if (limited)
            {
                NS_TEST_EXPECT_MSG_GT(tcb->m_cWnd.Get(), before, "a full window grows");
            }
            else
            {
                NS_TEST_EXPECT_MSG_EQ(tcb->m_cWnd.Get(), before, "a window not filled stays");
            }
        }
    }

    TypeId m_tid;
    bool m_slowStart;
};

/** The loss-based stacks. */
class CongestionAimdTestSuite : public TestSuite
{
  public:
    CongestionAimdTestSuite()
        : TestSuite("hybridnet-congestion-aimd", Type::UNIT)
    {
        AddTestCase(new HighSpeedTableTestCase(), Duration::QUICK);
        for (TypeId tid : {TcpHighSpeedLinux::GetTypeId(),
                           TcpScalableLinux::GetTypeId(),
                           TcpHtcpLinux::GetTypeId(),
                           TcpBicLinux::GetTypeId()})
        {
            AddTestCase(new CwndLimitedTestCase(tid, true), Duration::QUICK);
            AddTestCase(new CwndLimitedTestCase(tid, false), Duration::QUICK);
        }
        for (uint32_t w : {39U, 100U, 1000U, 10000U, 89053U, 100000U})
        {
            AddTestCase(new HighSpeedIncreaseTestCase(w, 1), Duration::QUICK);
        }
        AddTestCase(new HighSpeedIncreaseTestCase(1000, 2), Duration::QUICK);
        AddTestCase(new HighSpeedRenoBelowLowWindowTestCase(), Duration::QUICK);
        AddTestCase(new HighSpeedRfcTestCase(), Duration::QUICK);
        AddTestCase(new ScalableTestCase(), Duration::QUICK);
        for (double s : {0.5, 1.0, 1.5, 3.0, 5.0})
        {
            AddTestCase(new HtcpAlphaTestCase(Seconds(s)), Duration::QUICK);
        }
        AddTestCase(new HtcpBetaTestCase(MilliSeconds(100), MilliSeconds(110)), Duration::QUICK);
        AddTestCase(new HtcpBetaTestCase(MilliSeconds(105), MilliSeconds(155)), Duration::QUICK);
        AddTestCase(new HtcpBetaTestCase(MilliSeconds(100), MilliSeconds(300)), Duration::QUICK);
        for (uint32_t percent : {110U, 85U, 150U, 50U})
        {
            AddTestCase(new HtcpBandwidthSwitchTestCase(percent), Duration::QUICK);
        }
        AddTestCase(new BicLowWindowTestCase(), Duration::QUICK);
        AddTestCase(new BicBinarySearchTestCase(), Duration::QUICK);
        AddTestCase(new BadParameterTestCase(), Duration::QUICK);
    }
};

/** Static instance. */
CongestionAimdTestSuite g_congestionAimdTestSuite;

} // namespace
