/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of the delay-based and composite ops of the congestion module: TcpFast (window
 * update and its equilibrium of Jin, Wei and Low 2004), TcpHstcpLp (TCP-LP's early
 * congestion inference and yielding with HighSpeed growth), TcpSwitchableAimd (switching
 * the algorithm of a running connection).  Ops are driven through the TcpCongestionOps
 * interface with a TcpSocketState; expected values come from the class comments'
 * equations.
 */
#include "hybridnet/congestion-module.h"

#include "ns3/double.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/tcp-congestion-ops.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <cmath>
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

/** @return cwnd in (fractional) segments */
double
Window(Ptr<const TcpSocketState> tcb)
{
    return static_cast<double>(tcb->m_cWnd.Get()) / kMss;
}

/**
 * Acknowledge one window of segments, one ACK per segment, each with RTT @p rtt (one
 * round of FAST's update).
 */
void
AckOneWindow(Ptr<TcpCongestionOps> op, Ptr<TcpSocketState> tcb, Time rtt)
{
    uint32_t w = tcb->GetCwndInSegments();
    for (uint32_t i = 0; i < w; ++i)
    {
        tcb->m_lastRtt = rtt;
        op->PktsAcked(tcb, 1, rtt);
        op->IncreaseWindow(tcb, 1);
    }
}

/**
 * FAST's equilibrium (2): with a constant RTT = baseRTT + q the window settles where it
 * keeps alpha packets queued, w (1 - baseRTT / RTT) = alpha; and it gets there from below
 * and from above.
 */
class FastEquilibriumTestCase : public TestCase
{
  public:
    /**
     * @param alpha FAST's alpha, packets
     * @param gamma FAST's gamma
     * @param queueMs queueing delay q, ms (baseRTT is 100 ms)
     * @param startWindow initial window, segments
     */
    FastEquilibriumTestCase(double alpha, double gamma, uint32_t queueMs, uint32_t startWindow)
        : TestCase("FAST equilibrium, alpha " + std::to_string(static_cast<int>(alpha)) +
                   " packets, gamma " + std::to_string(static_cast<int>(gamma * 100)) +
                   " percent, queue " + std::to_string(queueMs) + " ms, from " +
                   std::to_string(startWindow) + " segments"),
          m_alpha(alpha),
          m_gamma(gamma),
          m_queueMs(queueMs),
          m_start(startWindow)
    {
    }

  private:
    void DoRun() override
    {
        Ptr<TcpFast> fast = CreateObject<TcpFast>();
        fast->SetAttribute("Alpha", DoubleValue(m_alpha));
        fast->SetAttribute("Gamma", DoubleValue(m_gamma));
        Ptr<TcpSocketState> tcb = MakeTcb(m_start, 2);
        const Time base = MilliSeconds(100);
        const Time rtt = base + MilliSeconds(m_queueMs);
        // A first sample above the propagation delay, then one at it (an empty queue):
        // baseRTT is the minimum, not the first sample.
        tcb->m_lastRtt = rtt + MilliSeconds(50);
        fast->PktsAcked(tcb, 1, tcb->m_lastRtt);
        tcb->m_lastRtt = base;
        fast->PktsAcked(tcb, 1, base);
        for (int round = 0; round < 400; ++round)
        {
            AckOneWindow(fast, tcb, rtt);
        }
        NS_TEST_ASSERT_MSG_EQ(fast->GetBaseRtt(), base, "baseRTT is the smallest RTT");
        double w = Window(tcb);
        double queued = w * (1.0 - base.GetSeconds() / rtt.GetSeconds());
        NS_TEST_ASSERT_MSG_EQ_TOL(queued, m_alpha, 0.01 * m_alpha + 0.01, "packets queued");
        NS_TEST_ASSERT_MSG_EQ_TOL(w,
                                  m_alpha * rtt.GetSeconds() / (rtt - base).GetSeconds(),
                                  0.01 * w,
                                  "w* = alpha RTT / q");
    }

    double m_alpha;     //!< alpha
    double m_gamma;     //!< gamma
    uint32_t m_queueMs; //!< queueing delay, ms
    uint32_t m_start;   //!< initial window
};

/**
 * One round of FAST's update (1) from a known state: w' = min(2w, (1 - gamma) w + gamma
 * (baseRTT/RTT w + alpha)), at most doubling; and a loss halves the window.
 */
class FastUpdateTestCase : public TestCase
{
  public:
    FastUpdateTestCase()
        : TestCase("FAST window update, doubling limit and loss")
    {
    }

  private:
    void DoRun() override
    {
        struct Case
        {
            double alpha; //!< alpha
            double gamma; //!< gamma
            uint32_t w;   //!< window before the round
        };

        const Time base = MilliSeconds(50);
        const Time rtt = MilliSeconds(80);
        for (const Case& c :
             {Case{20, 0.5, 100}, Case{20, 1.0, 100}, Case{200, 0.5, 10}, Case{50, 0.25, 400}})
        {
            Ptr<TcpFast> fast = CreateObject<TcpFast>();
            fast->SetAttribute("Alpha", DoubleValue(c.alpha));
            fast->SetAttribute("Gamma", DoubleValue(c.gamma));
            Ptr<TcpSocketState> tcb = MakeTcb(c.w, 2);
            tcb->m_lastRtt = base;
            fast->PktsAcked(tcb, 1, base);
            // w - 1 ACKs: no update yet; the w-th closes the round.
            for (uint32_t i = 0; i + 1 < c.w; ++i)
            {
                tcb->m_lastRtt = rtt;
                fast->PktsAcked(tcb, 1, rtt);
                fast->IncreaseWindow(tcb, 1);
            }
            NS_TEST_ASSERT_MSG_EQ(tcb->GetCwndInSegments(), c.w, "no change within a round");
            tcb->m_lastRtt = rtt;
            fast->PktsAcked(tcb, 1, rtt);
            fast->IncreaseWindow(tcb, 1);
            // The round's mean RTT includes the one sample at baseRTT.
            double mean = (base.GetSeconds() + c.w * rtt.GetSeconds()) / (c.w + 1);
            double target =
                (1 - c.gamma) * c.w + c.gamma * (base.GetSeconds() / mean * c.w + c.alpha);
            double expected = std::min(2.0 * c.w, target);
            NS_TEST_ASSERT_MSG_EQ_TOL(Window(tcb), expected, 0.001, "w after one round");
            uint32_t ssThresh = fast->GetSsThresh(tcb, tcb->m_cWnd) / kMss;
            NS_TEST_ASSERT_MSG_EQ(ssThresh,
                                  std::max(tcb->GetCwndInSegments() / 2, 2U),
                                  "loss halves the window");
        }
    }
};

/**
 * Drives a TcpHstcpLp with ACKs whose one-way delay is chosen: each ACK echoes a segment
 * sent 100 ms earlier (TSecr = now - 100 ms, srtt 100 ms), so every ACK ends a round of
 * equation (1)'s sampling unless it says otherwise.
 */
class HstcpLpDriver
{
  public:
    HstcpLpDriver()
        : op(CreateObject<TcpHstcpLp>()),
          tcb(MakeTcb(1000, 2))
    {
        tcb->m_srtt = MilliSeconds(100);
        op->TraceConnectWithoutContext("Yields", MakeCallback(&HstcpLpDriver::Yielded, this));
    }

    /**
     * An ACK at now, for @p segments segments, with one-way delay @p owdMs, echoing the
     * segment sent @p echoAgeMs ago.
     */
    void Ack(uint32_t owdMs, uint32_t segments = 2, uint32_t echoAgeMs = 100)
    {
        tcb->m_lastAckedSeq += segments * kMss; // new data: a duplicate ACK adds nothing
        DuplicateAck(owdMs, segments, echoAgeMs);
    }

    /** As Ack, but acknowledging nothing new (ns-3's sockets pass one segment). */
    void DuplicateAck(uint32_t owdMs, uint32_t segments = 1, uint32_t echoAgeMs = 100)
    {
        auto nowMs = static_cast<uint32_t>(Simulator::Now().GetMilliSeconds());
        tcb->m_rcvTimestampEchoReply = nowMs - echoAgeMs;
        tcb->m_rcvTimestampValue = nowMs - echoAgeMs + owdMs;
        tcb->m_lastRtt = MilliSeconds(echoAgeMs);
        op->PktsAcked(tcb, segments, MilliSeconds(echoAgeMs));
    }

    /** Record cwnd, segments. */
    void Record()
    {
        windows.push_back(tcb->GetCwndInSegments());
    }

    /** The Yields trace. */
    void Yielded(uint32_t, uint32_t now)
    {
        yields = now;
    }

    Ptr<TcpHstcpLp> op;            //!< op under test
    Ptr<TcpSocketState> tcb;       //!< socket state
    std::vector<uint32_t> windows; //!< recorded windows
    uint32_t yields{0};            //!< yields so far
};

/**
 * HSTCP-LP: rounds of 10 ms one-way delay, then one of 100 ms: with d_min = 10 and
 * d_max = 10 (the 100 ms sample is the largest, held back) the limit of (3) is 10 and
 * floor(s) = floor(10 + 90/8) = 21 is above it: the window halves (1000 -> 500) and
 * ssthresh follows.  Within the inference interval (3 srtt) the window does not grow; the
 * next 100 ms round (limit 21 + floor(0.15 x 21) = 24 after the reset d_min = 21,
 * d_max = 42; s = 31) sets it to one segment.  After the interval: HighSpeed growth,
 * ceil(1000/8) = 125 ACKs per segment at w = 1000 (a = 8), and HighSpeed's decrease.
 */
class HstcpLpYieldTestCase : public TestCase
{
  public:
    HstcpLpYieldTestCase()
        : TestCase("HSTCP-LP yielding, inference and HighSpeed growth")
    {
    }

  private:
    void DoRun() override
    {
        HstcpLpDriver drv;
        // The first round has no window yet (no sample); then d = 10, 10, 100.
        const uint32_t owds[] = {10, 10, 10, 100};
        for (uint32_t i = 0; i < 4; ++i)
        {
            Simulator::Schedule(MilliSeconds(1000 + 101 * i),
                                &HstcpLpDriver::Ack,
                                &drv,
                                owds[i],
                                2,
                                100);
        }
        Simulator::Schedule(MilliSeconds(1304), &HstcpLpDriver::Record, &drv);
        Simulator::Schedule(MilliSeconds(1350), &HstcpLpYieldTestCase::Grow, this, &drv);
        Simulator::Schedule(MilliSeconds(1351), &HstcpLpDriver::Record, &drv);
        Simulator::Schedule(MilliSeconds(1404), &HstcpLpDriver::Ack, &drv, 100, 2, 100);
        Simulator::Schedule(MilliSeconds(1405), &HstcpLpDriver::Record, &drv);
        Simulator::Schedule(MilliSeconds(2000), &HstcpLpYieldTestCase::AfterInference, this, &drv);
        Simulator::Run();
        Simulator::Destroy();

        NS_TEST_ASSERT_MSG_EQ(drv.windows.size(), 3U, "three records");
        NS_TEST_EXPECT_MSG_EQ(drv.windows[0], 500U, "first indication halves");
        NS_TEST_EXPECT_MSG_EQ(m_ssThreshAfterYield, 500U, "ssthresh follows: additive increase");
        NS_TEST_EXPECT_MSG_EQ(drv.windows[1], 500U, "no growth within inference");
        NS_TEST_EXPECT_MSG_EQ(drv.windows[2], 1U, "second indication within inference: 1");
        NS_TEST_EXPECT_MSG_EQ(drv.yields, 2U, "two yields traced");
        NS_TEST_EXPECT_MSG_EQ(m_acksAfter, (1000U + 8 - 1) / 8, "HighSpeed a(1000) = 8");
        NS_TEST_EXPECT_MSG_EQ(m_ssThresh, m_highSpeedSsThresh, "HighSpeed decrease");
    }

    /** Offer a window's worth of ACKs (slow start and congestion avoidance). */
    void Grow(HstcpLpDriver* drv)
    {
        m_ssThreshAfterYield = drv->tcb->GetSsThreshInSegments();
        NS_TEST_EXPECT_MSG_EQ(drv->op->IsWithinInference(), true, "within inference");
        drv->tcb->m_ssThresh = 10000 * kMss; // slow start is held too
        for (int i = 0; i < 1000; ++i)
        {
            drv->op->IncreaseWindow(drv->tcb, 1);
        }
        drv->tcb->m_ssThresh = 500 * kMss;
    }

    /** After the interval: HighSpeed growth at w = 1000, then a loss. */
    void AfterInference(HstcpLpDriver* drv)
    {
        NS_TEST_EXPECT_MSG_EQ(drv->op->IsWithinInference(), false, "inference over");
        drv->tcb->m_cWnd = 1000 * kMss;
        m_acksAfter = 0;
        while (drv->tcb->GetCwndInSegments() == 1000 && m_acksAfter < 5000)
        {
            drv->op->IncreaseWindow(drv->tcb, 1);
            ++m_acksAfter;
        }
        m_ssThresh = drv->op->GetSsThresh(drv->tcb, drv->tcb->m_cWnd);
        Ptr<TcpHighSpeedLinux> hs = CreateObject<TcpHighSpeedLinux>();
        Ptr<TcpSocketState> t = MakeTcb(drv->tcb->GetCwndInSegments(), 2);
        hs->IncreaseWindow(t, 1);
        t->m_cWnd = drv->tcb->m_cWnd.Get();
        m_highSpeedSsThresh = hs->GetSsThresh(t, t->m_cWnd);
    }

    uint32_t m_ssThreshAfterYield{0}; //!< ssthresh after the first yield, segments
    uint32_t m_acksAfter{0};          //!< ACKs for one segment after inference
    uint32_t m_ssThresh{0};           //!< HSTCP-LP's decrease
    uint32_t m_highSpeedSsThresh{0};  //!< HighSpeed's decrease at the same window
};

/**
 * Duplicate ACKs give no sample: after two rounds at 10 ms, rounds whose ACKs are all
 * duplicates with a one-way delay of 100 ms (the wait for a hole, RFC 7323's TS.Recent
 * rule) leave the window alone; the same rounds of new data halve it ((3), as in
 * HstcpLpYieldTestCase).
 */
class HstcpLpDuplicateAckTestCase : public TestCase
{
  public:
    explicit HstcpLpDuplicateAckTestCase(bool duplicates)
        : TestCase(std::string("HSTCP-LP: rounds of 100 ms one-way delay ") +
                   (duplicates ? "in duplicate ACKs: no yield" : "in new ACKs: a yield")),
          m_duplicates(duplicates)
    {
    }

  private:
    void DoRun() override
    {
        HstcpLpDriver drv;
        for (uint32_t i = 0; i < 3; ++i)
        {
            Simulator::Schedule(MilliSeconds(1000 + 101 * i),
                                &HstcpLpDriver::Ack,
                                &drv,
                                10,
                                2,
                                100);
        }
        for (uint32_t i = 3; i < 8; ++i)
        {
            Simulator::Schedule(MilliSeconds(1000 + 101 * i),
                                m_duplicates ? &HstcpLpDriver::DuplicateAck : &HstcpLpDriver::Ack,
                                &drv,
                                100,
                                2,
                                100);
        }
        Simulator::Run();
        Simulator::Destroy();
        // new data: halve, then one segment; the rounds after begin with one segment and
        // give no sample (a window of two or more is needed)
        const uint32_t yields = m_duplicates ? 0 : 2;
        const uint32_t window = m_duplicates ? 1000 : 1;
        NS_TEST_EXPECT_MSG_EQ(drv.yields, yields, "yields");
        NS_TEST_EXPECT_MSG_EQ(drv.tcb->GetCwndInSegments(), window, "window after the rounds");
    }

    bool m_duplicates;
};

/**
 * What is not an indication, from (1)-(3): (a) a 200 ms delayed-ACK wait on one ACK of a
 * round whose other ACK shows 10 ms (the round's sample is its minimum); (b) a round that
 * acknowledged one segment only (no sample); (c) after a yield, rounds whose delay is back
 * at 10 ms while s is still above the limit (a draining queue).  Each case, sampled per
 * ACK or without its rule, would halve or collapse the window.
 */
class HstcpLpSamplingTestCase : public TestCase
{
  public:
    HstcpLpSamplingTestCase()
        : TestCase("HSTCP-LP round minimum, one-segment rounds and a draining queue")
    {
    }

  private:
    void DoRun() override
    {
        HstcpLpDriver drv;
        for (uint32_t i = 0; i < 3; ++i) // three rounds of 10 ms (the first gives no sample)
        {
            Simulator::Schedule(MilliSeconds(1000 + 101 * i),
                                &HstcpLpDriver::Ack,
                                &drv,
                                10,
                                2,
                                100);
        }
        // (a) The round that began at 1202: an ACK at 1250 echoing a segment sent at
        // 1150 (10 ms), then the one ending it at 1500 after a 200 ms wait.
        Simulator::Schedule(MilliSeconds(1250), &HstcpLpDriver::Ack, &drv, 10, 2, 100);
        Simulator::Schedule(MilliSeconds(1500), &HstcpLpDriver::Ack, &drv, 200, 2, 290);
        Simulator::Schedule(MilliSeconds(1501), &HstcpLpDriver::Record, &drv);
        // (b) A round of one segment with a 200 ms wait.
        Simulator::Schedule(MilliSeconds(1800), &HstcpLpDriver::Ack, &drv, 200, 1, 290);
        Simulator::Schedule(MilliSeconds(1801), &HstcpLpDriver::Record, &drv);
        // (c) A 100 ms round (halves: 1000 -> 500), then rounds of 10 ms.
        Simulator::Schedule(MilliSeconds(1901), &HstcpLpDriver::Ack, &drv, 100, 2, 100);
        for (uint32_t i = 0; i < 4; ++i)
        {
            Simulator::Schedule(MilliSeconds(2002 + 101 * i),
                                &HstcpLpDriver::Ack,
                                &drv,
                                10,
                                2,
                                100);
        }
        Simulator::Schedule(MilliSeconds(2500), &HstcpLpDriver::Record, &drv);
        Simulator::Run();
        Simulator::Destroy();

        NS_TEST_ASSERT_MSG_EQ(drv.windows.size(), 3U, "three records");
        NS_TEST_EXPECT_MSG_EQ(drv.windows[0], 1000U, "(a) the round's minimum is 10 ms");
        NS_TEST_EXPECT_MSG_EQ(drv.windows[1], 1000U, "(b) one segment: no sample");
        NS_TEST_EXPECT_MSG_EQ(drv.windows[2], 500U, "(c) one yield, none while draining");
        NS_TEST_EXPECT_MSG_EQ(drv.yields, 1U, "one yield traced");
    }
};

/** Threshold in (0, 1) and InferenceRtts in [1, 100] (attribute checkers). */
class HstcpLpRangesTestCase : public TestCase
{
  public:
    HstcpLpRangesTestCase()
        : TestCase("HSTCP-LP attribute ranges")
    {
    }

  private:
    static bool Accepts(const std::string& name, double value)
    {
        Ptr<TcpHstcpLp> op = CreateObject<TcpHstcpLp>();
        return op->SetAttributeFailSafe(name, DoubleValue(value));
    }

    void DoRun() override
    {
        NS_TEST_EXPECT_MSG_EQ(Accepts("Threshold", 0.0), false, "threshold 0");
        NS_TEST_EXPECT_MSG_EQ(Accepts("Threshold", 1.0), false, "threshold 1");
        NS_TEST_EXPECT_MSG_EQ(Accepts("Threshold", 0.5), true, "threshold 0.5");
        NS_TEST_EXPECT_MSG_EQ(Accepts("InferenceRtts", 0.5), false, "inference 0.5");
        NS_TEST_EXPECT_MSG_EQ(Accepts("InferenceRtts", 100.5), false, "inference 100.5");
        NS_TEST_EXPECT_MSG_EQ(Accepts("InferenceRtts", 1.0), true, "inference 1");
    }
};

/**
 * TcpSwitchableAimd: a switch keeps cwnd and ssthresh, fires the trace once, and from then
 * on the window follows the new algorithm's rules (Scalable's 51 ACKs per segment, its
 * 1/8 decrease; HighSpeed's decrease); switching to the running algorithm does nothing;
 * a fork runs its own copy.
 */
class SwitchableAimdTestCase : public TestCase
{
  public:
    SwitchableAimdTestCase()
        : TestCase("Switchable AIMD hands over cwnd and follows the new algorithm")
    {
    }

  private:
    void Switched(const std::string& from, const std::string& to)
    {
        m_switches.push_back(from + ">" + to);
    }

    void DoRun() override
    {
        Ptr<TcpSwitchableAimd> op = CreateObject<TcpSwitchableAimd>();
        op->TraceConnectWithoutContext("AlgorithmSwitch",
                                       MakeCallback(&SwitchableAimdTestCase::Switched, this));
        NS_TEST_ASSERT_MSG_EQ(op->GetAlgorithmName(), "ns3::TcpNewReno", "default");
        Ptr<TcpSocketState> tcb = MakeTcb(100, 2);
        op->Init(tcb);
        // Reno: half of 100.
        NS_TEST_ASSERT_MSG_EQ(op->GetSsThresh(tcb, tcb->m_cWnd) / kMss, 50U, "Reno decrease");

        op->SetAttribute("Algorithm", StringValue("ns3::hybridnet::TcpScalableLinux"));
        NS_TEST_ASSERT_MSG_EQ(op->GetAlgorithmName(),
                              "ns3::hybridnet::TcpScalableLinux",
                              "switched by attribute");
        NS_TEST_ASSERT_MSG_EQ(tcb->GetCwndInSegments(), 100U, "cwnd kept");
        NS_TEST_ASSERT_MSG_EQ(tcb->GetSsThreshInSegments(), 2U, "ssthresh kept");
        uint32_t acks = 0;
        while (tcb->GetCwndInSegments() == 100 && acks < 1000)
        {
            op->IncreaseWindow(tcb, 1);
            ++acks;
        }
        NS_TEST_ASSERT_MSG_EQ(acks, 51U, "Scalable increase after the switch");
        NS_TEST_ASSERT_MSG_EQ(op->GetSsThresh(tcb, tcb->m_cWnd) / kMss,
                              101U - 101U / 8,
                              "Scalable decrease");

        op->SetAlgorithm("ns3::hybridnet::TcpScalableLinux");
        NS_TEST_ASSERT_MSG_EQ(m_switches.size(), 1U, "same algorithm: no switch");

        op->SetAlgorithm(TcpHighSpeedLinux::GetTypeId());
        tcb->m_cWnd = 1000 * kMss;
        op->IncreaseWindow(tcb, 1);
        NS_TEST_ASSERT_MSG_EQ(op->GetSsThresh(tcb, tcb->m_cWnd) / kMss,
                              1000U - 1000U * 83 / 256,
                              "HighSpeed decrease at 1000 (b = 83/256)");
        NS_TEST_ASSERT_MSG_EQ(m_switches.size(), 2U, "two switches");
        NS_TEST_ASSERT_MSG_EQ(m_switches[0],
                              "ns3::TcpNewReno>ns3::hybridnet::TcpScalableLinux",
                              "first switch");
        NS_TEST_ASSERT_MSG_EQ(m_switches[1],
                              "ns3::hybridnet::TcpScalableLinux>ns3::hybridnet::"
                              "TcpHighSpeedLinux",
                              "second switch");

        Ptr<TcpSwitchableAimd> fork = DynamicCast<TcpSwitchableAimd>(op->Fork());
        NS_TEST_ASSERT_MSG_NE(fork, nullptr, "fork type");
        NS_TEST_ASSERT_MSG_EQ(fork->GetAlgorithmName(),
                              "ns3::hybridnet::TcpHighSpeedLinux",
                              "fork runs the same algorithm");
        NS_TEST_ASSERT_MSG_NE(PeekPointer(fork->GetAlgorithm()),
                              PeekPointer(op->GetAlgorithm()),
                              "fork has its own copy");
    }

    std::vector<std::string> m_switches; //!< "from>to" per switch
};

/** The delay-based and composite ops. */
class CongestionDelayTestSuite : public TestSuite
{
  public:
    CongestionDelayTestSuite()
        : TestSuite("hybridnet-congestion-delay", Type::UNIT)
    {
        AddTestCase(new FastEquilibriumTestCase(20, 0.5, 20, 10), Duration::QUICK);
        AddTestCase(new FastEquilibriumTestCase(20, 0.5, 50, 10), Duration::QUICK);
        AddTestCase(new FastEquilibriumTestCase(100, 1.0, 10, 50), Duration::QUICK);
        AddTestCase(new FastEquilibriumTestCase(20, 0.5, 20, 1000), Duration::QUICK);
        AddTestCase(new FastUpdateTestCase(), Duration::QUICK);
        AddTestCase(new HstcpLpYieldTestCase(), Duration::QUICK);
        AddTestCase(new HstcpLpSamplingTestCase(), Duration::QUICK);
        AddTestCase(new HstcpLpDuplicateAckTestCase(true), Duration::QUICK);
        AddTestCase(new HstcpLpDuplicateAckTestCase(false), Duration::QUICK);
        AddTestCase(new HstcpLpRangesTestCase(), Duration::QUICK);
        AddTestCase(new SwitchableAimdTestCase(), Duration::QUICK);
    }
};

/** Static instance. */
CongestionDelayTestSuite g_congestionDelayTestSuite;

} // namespace
