/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of RoundTcpFlow against closed forms of its equations: the pipe and the bottleneck
 * filled without loss, the first overflow in congestion avoidance at w = floor(P + B) + 1
 * and in slow start once w (1 - 1/g) > B, slow start's growth per round (ACK counting and
 * segment counting), Reno's and Scalable's recovery in rounds, Mathis' throughput under
 * every-N-th loss, the retransmission timeout's wait and limited transmit's dupthresh; the shared
 * bottleneck's standing queue (6) against its closed forms, and two flows on one bottleneck: a fair
 * share at equal round trips, and at unequal ones a ratio between the bounds of synchronised and
 * independent losses.
 */
#include "hybridnet/round-tcp-flow.h"

#include "ns3/boolean.h"
#include "ns3/enum.h"
#include "ns3/object-factory.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/simulator.h"
#include "ns3/tcp-linux-reno.h"
#include "ns3/tcp-scalable.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

constexpr uint32_t kSegment = 1448;
constexpr uint32_t kWire = 1502; // + IP 20, TCP 20, timestamps 12, PPP 2

/** 100 Mb/s behind 10 Gb/s, @p propagation round trip, @p queue packets. */
RoundTcpPath
Path(Time propagation, uint32_t queue)
{
    return RoundTcpPath{DataRate("100Mbps"), DataRate("10Gbps"), propagation, kWire, queue};
}

/** One round as the Round trace gives it. */
struct Record
{
    Time at;
    uint32_t cwnd;
    uint32_t ssThresh;
    uint64_t delivered;
    uint64_t overflow;
    uint32_t recoveries;
};

/** A flow with Linux's retransmission timer, its trace, and a run to a stop time. */
struct FlowRun
{
    Ptr<RoundTcpFlow> flow = CreateObject<RoundTcpFlow>();
    std::vector<Record> rounds;

    std::vector<std::pair<Time, uint32_t>> cwnd; //!< every change

    FlowRun(RoundTcpPath path, Ptr<TcpCongestionOps> congestion)
    {
        flow->SetPath(path);
        flow->SetCongestionControl(congestion);
        flow->SetAttribute("RtoFormula", EnumValue(RoundTcpFlow::LINUX_RTO));
        flow->TraceConnectWithoutContext("Round", MakeCallback(&FlowRun::OnRound, this));
        flow->TraceConnectWithoutContext("CongestionWindow", MakeCallback(&FlowRun::OnCwnd, this));
    }

    void OnCwnd(uint32_t, uint32_t now)
    {
        cwnd.emplace_back(Simulator::Now(), now);
    }

    void OnRound(Time, uint32_t cwnd, uint32_t ssThresh, uint64_t delivered)
    {
        rounds.push_back({Simulator::Now(),
                          cwnd,
                          ssThresh,
                          delivered,
                          flow->GetOverflowDrops(),
                          flow->GetRecoveries()});
    }

    void Until(Time stop)
    {
        flow->Start(Seconds(0));
        Simulator::Stop(stop);
        Simulator::Run();
    }

    /** @return payload rate over [from, to] from the trace's delivered bytes, bit/s */
    double Rate(Time from, Time to) const
    {
        const Record* a = nullptr;
        const Record* b = nullptr;
        for (const auto& r : rounds)
        {
            a = r.at <= from ? &r : a;
            b = r.at <= to ? &r : b;
        }
        return 8.0 * double(b->delivered - a->delivered) / (b->at - a->at).GetSeconds();
    }
};

/** Without loss a flow gets min(W_max / R0, C S / s_w): window-limited or bottleneck-full. */
class RoundTcpFillTestCase : public TestCase
{
  public:
    RoundTcpFillTestCase(uint32_t windowSegments, bool bottleneckFull)
        : TestCase("no loss, W_max " + std::to_string(windowSegments) +
                   " segments: " + (bottleneckFull ? "C S over s_w" : "W_max over R0")),
          m_window(windowSegments),
          m_full(bottleneckFull)
    {
    }

  private:
    void DoRun() override
    {
        const RoundTcpPath path = Path(MilliSeconds(20), 100);
        FlowRun run(path, CreateObject<TcpLinuxReno>());
        run.flow->SetAttribute("MaxWindow", UintegerValue(m_window * kSegment));
        run.Until(Seconds(10));
        const double expected = m_full ? 1e8 * kSegment / kWire
                                       : 8.0 * m_window * kSegment / path.BaseRtt().GetSeconds();
        NS_TEST_EXPECT_MSG_EQ_TOL(run.Rate(Seconds(2), Seconds(10)),
                                  expected,
                                  1e-3 * expected,
                                  "payload rate");
        NS_TEST_EXPECT_MSG_EQ(run.flow->GetOverflowDrops(), 0, "the window never overflows");
        Simulator::Destroy();
    }

    uint32_t m_window;
    bool m_full;
};

/** Congestion avoidance overflows first at w = floor(P + B) + 1, by one segment (3). */
class RoundTcpFirstOverflowTestCase : public TestCase
{
  public:
    RoundTcpFirstOverflowTestCase()
        : TestCase("congestion avoidance: first overflow at w = floor(P + B) + 1, one segment")
    {
    }

  private:
    void DoRun() override
    {
        const RoundTcpPath path = Path(MilliSeconds(20), 50);
        FlowRun run(path, CreateObject<TcpLinuxReno>());
        run.flow->SetAttribute("DelAckCount", UintegerValue(1));
        run.flow->SetAttribute("InitialSsThresh", UintegerValue(40 * kSegment)); // below B
        run.Until(Seconds(10));
        size_t k = 1;
        while (k < run.rounds.size() && run.rounds[k].overflow == 0)
        {
            ++k;
        }
        NS_TEST_ASSERT_MSG_LT(k, run.rounds.size(), "the queue overflows");
        const uint32_t window = run.rounds[k - 1].cwnd / kSegment; // w of round k
        NS_TEST_EXPECT_MSG_EQ(window,
                              uint32_t(std::floor(path.Pipe() + path.queue)) + 1,
                              "first overflowing window");
        NS_TEST_EXPECT_MSG_EQ(run.rounds[k].overflow, 1, "one segment over");
        Simulator::Destroy();
    }
};

/** Slow start with g = 2 overflows a queue B once w / 2 > B, with w / 2 - B drops. */
class RoundTcpSlowStartBurstTestCase : public TestCase
{
  public:
    RoundTcpSlowStartBurstTestCase()
        : TestCase("slow start, g = 2: the burst overflows B = 50 at w = 160 by 30")
    {
    }

  private:
    void DoRun() override
    {
        FlowRun run(Path(MilliSeconds(20), 50), CreateObject<TcpLinuxReno>());
        run.flow->SetAttribute("DelAckCount", UintegerValue(1));
        run.Until(Seconds(1));
        // windows 10, 20, 40, 80 (P = 167: no standing queue), then 160: Q = 160 / 2 = 80
        NS_TEST_ASSERT_MSG_GT(run.rounds.size(), 5U, "rounds");
        NS_TEST_EXPECT_MSG_EQ(run.rounds[3].overflow, 0, "w = 80: Q = 40 <= 50");
        NS_TEST_EXPECT_MSG_EQ(run.rounds[4].overflow, 30, "w = 160: Q = 80, 30 over B");
        NS_TEST_EXPECT_MSG_EQ(run.flow->GetRecoveries(), 1, "one recovery");
        Simulator::Destroy();
    }
};

/**
 * NewReno (SACK off) with the 30 holes of the slow-start burst above (P = 167, B = 50, w =
 * 160), slow start ending there (ssthresh 160 segments: the next round's ACKs release one
 * segment each, no second burst): one hole known and sent again per round trip (20.1 ms),
 * so the recovery outlasts
 * srtt + MinRto (some 220 ms) after 11 rounds; then every hole left is marked lost and sent
 * at once (Linux's "Trick #3", LfnTcpSocket (8b)), and the recovery ends a round later.
 * Every hole is sent again exactly once (retransmissions = drops, nothing sent twice), no
 * timeout, and the recovery lasts at most 11 + 2 rounds (30 without the marking).
 */
class RoundTcpNewRenoHolesTestCase : public TestCase
{
  public:
    RoundTcpNewRenoHolesTestCase()
        : TestCase("NewReno, 30 holes in one window: one a round, then all at once after an RTO")
    {
    }

  private:
    void DoRun() override
    {
        FlowRun run(Path(MilliSeconds(20), 50), CreateObject<TcpLinuxReno>());
        run.flow->SetAttribute("DelAckCount", UintegerValue(1));
        run.flow->SetAttribute("Sack", BooleanValue(false));
        run.flow->SetAttribute("InitialSsThresh", UintegerValue(160 * kSegment));
        uint32_t inRecovery = 0;
        run.flow->TraceConnectWithoutContext(
            "Round",
            MakeBoundCallback(&RoundTcpNewRenoHolesTestCase::Count, &inRecovery, run.flow));
        run.Until(Seconds(2));
        NS_TEST_ASSERT_MSG_GT(run.rounds.size(), 5U, "rounds");
        NS_TEST_EXPECT_MSG_EQ(run.rounds[4].overflow, 30, "w = 160: 30 over B");
        NS_TEST_EXPECT_MSG_EQ(run.flow->GetOverflowDrops(), 30, "no other drop");
        NS_TEST_EXPECT_MSG_EQ(run.flow->GetRetransmits(), 30, "each hole sent again once");
        NS_TEST_EXPECT_MSG_EQ(run.flow->GetTimeouts(), 0, "no timeout");
        NS_TEST_EXPECT_MSG_EQ(run.flow->GetRecoveries(), 1, "one recovery");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(inRecovery, 11 + 2, "rounds in recovery");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(inRecovery, 11, "one hole a round until the RTO");
        Simulator::Destroy();
    }

    static void Count(uint32_t* rounds, Ptr<RoundTcpFlow> flow, Time, uint32_t, uint32_t, uint64_t)
    {
        *rounds += flow->GetCongestionState() == TcpSocketState::CA_RECOVERY ? 1 : 0;
    }
};

/**
 * Slow start per round: ACK counting (NewReno, +1 per ACK) grows w to w + ceil(w / d),
 * segment counting (LinuxReno, +n per ACK of n) to 2 w, whatever d.
 */
class RoundTcpSlowStartTestCase : public TestCase
{
  public:
    RoundTcpSlowStartTestCase(bool ackCounting, uint32_t d)
        : TestCase(std::string(ackCounting ? "NewReno" : "LinuxReno") +
                   " slow start, d = " + std::to_string(d) + ": the window per round"),
          m_ackCounting(ackCounting),
          m_d(d)
    {
    }

  private:
    void DoRun() override
    {
        Ptr<TcpCongestionOps> congestion;
        if (m_ackCounting)
        {
            congestion = CreateObject<TcpNewReno>();
        }
        else
        {
            congestion = CreateObject<TcpLinuxReno>();
        }
        FlowRun run(Path(Seconds(1), 100000), congestion); // P = 8324: no queue, no loss
        run.flow->SetAttribute("DelAckCount", UintegerValue(m_d));
        run.Until(Seconds(7.5)); // the handshake's second, then six rounds
        uint32_t w = 10;
        for (const auto& r : run.rounds)
        {
            w = m_ackCounting ? w + (w + m_d - 1) / m_d : 2 * w;
            NS_TEST_EXPECT_MSG_EQ(r.cwnd / kSegment, w, "window after the round");
        }
        NS_TEST_EXPECT_MSG_EQ(run.rounds.size(), 6U, "six rounds of about 1 s after 1 s");
        NS_TEST_EXPECT_MSG_EQ_TOL(run.rounds.front().at.GetSeconds(), 2.0, 1e-3, "first end");
        Simulator::Destroy();
    }

    bool m_ackCounting;
    uint32_t m_d;
};

/**
 * One loss at window W (classic recovery): Reno halves and regrows one segment a round; the
 * ACK that ends the recovery covers the W segments of the loss round, which ns-3's
 * TcpLinuxReno counts as floor(W / (W / 2)) = 2 segments of growth, and the recovery
 * round's segments after it one more, so it is back to W in W - floor(W / 2) - 3 rounds;
 * Scalable (ns-3's, a = 1/50 per segment) keeps 7/8 and grows 2 % a round, the recovery
 * round 1 + (8/7 + 1) / 50 (the exit's W segments and the 7 W / 8 after it), back in
 * ln(8/7 / 1.043) / ln(1.02) = 4.6 rounds.
 */
class RoundTcpRecoveryTestCase : public TestCase
{
  public:
    explicit RoundTcpRecoveryTestCase(bool scalable)
        : TestCase(std::string(scalable ? "Scalable" : "Reno") +
                   ": rounds from one loss back to the window before it"),
          m_scalable(scalable)
    {
    }

  private:
    void DoRun() override
    {
        Ptr<TcpCongestionOps> congestion;
        if (m_scalable)
        {
            congestion = CreateObject<TcpScalable>();
        }
        else
        {
            congestion = CreateObject<TcpLinuxReno>();
        }
        FlowRun run(Path(MilliSeconds(100), 100000), congestion); // P = 833
        run.flow->SetAttribute("DelAckCount", UintegerValue(1));
        run.flow->SetAttribute("InitialSsThresh", UintegerValue(100 * kSegment));
        run.flow->SetAttribute("LossInterval", UintegerValue(100000));
        run.Until(Seconds(60));
        size_t loss = 0; // the first round whose loss set a new threshold
        while (loss < run.rounds.size() && run.rounds[loss].ssThresh == 100 * kSegment)
        {
            ++loss;
        }
        NS_TEST_ASSERT_MSG_GT(loss, 0U, "slow start first");
        NS_TEST_ASSERT_MSG_LT(loss + 2, run.rounds.size(), "a loss");
        const double before = run.rounds[loss - 1].cwnd / kSegment; // the lost round's w
        size_t back = loss + 1; // the recovery round ends at loss + 1
        while (back < run.rounds.size() && run.rounds[back].cwnd / kSegment < before)
        {
            ++back;
        }
        const double rounds = back - (loss + 1);
        // the recovery round's growth: the exit's W and the 7 W / 8 after it, 1/50 each
        const double recoveryGrowth = 1 + 0.02 * 8.0 / 7.0 + 0.02;
        const double expected = m_scalable ? std::log(8.0 / 7.0 / recoveryGrowth) / std::log(1.02)
                                           : before - std::floor(before / 2) - 3;
        NS_TEST_EXPECT_MSG_EQ_TOL(rounds, expected, 1.0, "rounds back to W = " << before);
        NS_TEST_EXPECT_MSG_GT(before, 400.0, "the loss comes at a large window");
        Simulator::Destroy();
    }

    bool m_scalable;
};

/**
 * The recovery algorithm driven ACK by ACK, (8) and (9). Scalable (ns-3's, ssthresh 7/8
 * of the flight) overflows the queue in congestion avoidance with a window W of some
 * P + B = 1333 segments and L drops. Classic recovery: cwnd = ssthresh from the third
 * duplicate ACK, so its lowest is ssthresh. Linux's rate halving (TcpLinuxRecovery): at
 * the third duplicate ACK the L holes are marked lost and cwnd is capped at the rest in
 * flight plus one, W - L; then one segment less every second of the recovery's some W
 * ACKs (the floor, ssthresh / 2, is not reached), so its lowest is (W + 1) / 2 - L, give
 * or take the growth by the ACKs before the first hole (at most W / 50, halved).
 */
class RoundTcpRateHalvingTestCase : public TestCase
{
  public:
    explicit RoundTcpRateHalvingTestCase(std::string recovery)
        : TestCase("Scalable, one overflow, " + recovery.substr(recovery.rfind(':') + 1) +
                   ": the window after the recovery"),
          m_recovery(recovery)
    {
    }

  private:
    void DoRun() override
    {
        // P = 833, B = 500: slow start's bursts (at most 400) fit, congestion avoidance
        // overflows at about P + B
        FlowRun run(Path(MilliSeconds(100), 500), CreateObject<TcpScalable>());
        ObjectFactory recovery(m_recovery);
        run.flow->SetRecovery(recovery.Create<TcpRecoveryOps>());
        run.flow->SetAttribute("DelAckCount", UintegerValue(1));
        run.flow->SetAttribute("InitialSsThresh", UintegerValue(800 * kSegment));
        run.Until(Seconds(30));
        size_t k = 1; // the first round with drops
        while (k < run.rounds.size() && run.rounds[k].overflow == 0)
        {
            ++k;
        }
        NS_TEST_ASSERT_MSG_LT(k + 1, run.rounds.size(), "the queue overflows");
        const double window = run.rounds[k - 1].cwnd / kSegment; // W
        const double drops = run.rounds[k].overflow;             // L
        const double ssThresh = run.rounds[k].ssThresh / kSegment;
        NS_TEST_EXPECT_MSG_GT(window, 1300.0, "the overflow at about P + B");
        NS_TEST_EXPECT_MSG_GT(drops, 1.0, "several drops");
        double lowest = window;
        for (const auto& [at, cwnd] : run.cwnd)
        {
            if (at >= run.rounds[k].at && at <= run.rounds[k + 1].at)
            {
                lowest = std::min(lowest, double(cwnd / kSegment));
            }
        }
        if (m_recovery == "ns3::TcpClassicRecovery")
        {
            NS_TEST_EXPECT_MSG_EQ(lowest, ssThresh, "ssthresh at once");
        }
        else
        {
            NS_TEST_EXPECT_MSG_EQ_TOL(lowest,
                                      (window + 1) / 2 - drops,
                                      window / 100 + 1,
                                      "(W + 1) / 2 - L");
        }
        Simulator::Destroy();
    }

    std::string m_recovery;
};

/**
 * Reno with every N-th segment lost and no queueing (W < P): the sawtooth from W/2 to W
 * carries N = 3 W^2 / 8 segments in W / 2 rounds, so the rate is (8 S / R0) sqrt(3 N / 2)
 * (Mathis et al. with C = sqrt(3/2)). The discrete sawtooth and the recovery round shift it
 * by a few percent.
 */
class RoundTcpMathisTestCase : public TestCase
{
  public:
    RoundTcpMathisTestCase()
        : TestCase("Reno, every 10,000th segment lost: Mathis' rate within 5 %")
    {
    }

  private:
    void DoRun() override
    {
        const RoundTcpPath path = Path(MilliSeconds(100), 100000);
        FlowRun run(path, CreateObject<TcpLinuxReno>());
        run.flow->SetAttribute("DelAckCount", UintegerValue(1));
        run.flow->SetAttribute("InitialSsThresh", UintegerValue(100 * kSegment));
        run.flow->SetAttribute("LossInterval", UintegerValue(10000));
        run.Until(Seconds(300));
        const double expected = 8.0 * kSegment / path.BaseRtt().GetSeconds() * std::sqrt(1.5e4);
        NS_TEST_EXPECT_MSG_EQ_TOL(run.Rate(Seconds(60), Seconds(300)),
                                  expected,
                                  0.05 * expected,
                                  "Mathis");
        NS_TEST_EXPECT_MSG_EQ(run.flow->GetTimeouts(), 0, "no timeout");
        Simulator::Destroy();
    }
};

/** A loss with fewer than three segments after it times out: a pause of srtt + MinRto. */
class RoundTcpTimeoutTestCase : public TestCase
{
  public:
    RoundTcpTimeoutTestCase()
        : TestCase("a window of two with a loss: one timeout, srtt + 200 ms of silence")
    {
    }

  private:
    void DoRun() override
    {
        const RoundTcpPath path = Path(MilliSeconds(20), 100);
        FlowRun run(path, CreateObject<TcpLinuxReno>());
        run.flow->SetAttribute("MaxWindow", UintegerValue(2 * kSegment));
        run.flow->SetAttribute("LossInterval", UintegerValue(101)); // in round 51
        run.Until(Seconds(2));
        NS_TEST_EXPECT_MSG_EQ(run.flow->GetTimeouts(), 1, "one timeout");
        NS_TEST_EXPECT_MSG_EQ(run.flow->GetRecoveries(), 0, "no fast recovery");
        size_t k = 1;
        while (k < run.rounds.size() && run.rounds[k].cwnd != kSegment)
        {
            ++k;
        }
        NS_TEST_ASSERT_MSG_LT(k + 1, run.rounds.size(), "rounds after the timeout");
        const Time gap = run.rounds[k + 1].at - run.rounds[k].at;
        NS_TEST_EXPECT_MSG_EQ_TOL(gap.GetSeconds(),
                                  (path.BaseRtt() * 2 + MilliSeconds(200)).GetSeconds(),
                                  1e-6,
                                  "srtt + MinRto, then a round trip");
        Simulator::Destroy();
    }
};

/**
 * (13), the recovery's retransmission against its timer: Scalable (ns-3's: cwnd grows by
 * 1/50 a segment, 7/8 kept) with d = 1 over 100 ms at 100 Mb/s (P = 833) into a queue that
 * never fills, one segment in 100,000 lost, at W of about 2,000. The standing queue rises
 * W / 50 segments a round, so the retransmission, behind the round sent before the third
 * duplicate ACK, comes back W s / 50 (some 40 segment times, 5 ms) after the srtt that
 * the per-ACK estimate (11) has reached; rttvar is a fraction of a segment time. Linux's
 * timer, srtt + 200 ms, waits: no timeout. RFC 6298's, max(200 ms, srtt + 4 rttvar), with
 * srtt over 200 ms (the queue's 1,200 segments), fires first: a timeout in the first
 * recovery, cwnd one segment, and ssthresh 7/8 of what was in flight when it fired - the
 * classic recovery's ssthresh, 7/8 W, kept in flight by a new segment per duplicate ACK -
 * so 7/8 of the recovery's threshold. Packet level agrees: 4 timeouts in 60 s with RFC
 * 6298's timer, none with Linux's.
 */
class RoundTcpRetransmissionTimerTestCase : public TestCase
{
  public:
    explicit RoundTcpRetransmissionTimerTestCase(bool linux)
        : TestCase(std::string("the recovery's retransmission behind a rising queue, ") +
                   (linux ? "Linux's timer: no timeout" : "RFC 6298's timer: a timeout")),
          m_linux(linux)
    {
    }

  private:
    void DoRun() override
    {
        FlowRun run(Path(MilliSeconds(100), 100000), CreateObject<TcpScalable>());
        run.flow->SetAttribute(
            "RtoFormula",
            EnumValue(m_linux ? RoundTcpFlow::LINUX_RTO : RoundTcpFlow::RFC6298_RTO));
        run.flow->SetAttribute("DelAckCount", UintegerValue(1));
        run.flow->SetAttribute("InitialSsThresh", UintegerValue(100 * kSegment));
        run.flow->SetAttribute("LossInterval", UintegerValue(100000));
        run.Until(Seconds(20));
        NS_TEST_ASSERT_MSG_EQ(run.flow->GetRecoveries(), 1, "one loss in 20 s");
        if (m_linux)
        {
            NS_TEST_EXPECT_MSG_EQ(run.flow->GetTimeouts(), 0, "no timeout");
            Simulator::Destroy();
            return;
        }
        NS_TEST_EXPECT_MSG_EQ(run.flow->GetTimeouts(), 1, "a timeout");
        size_t k = 1; // the loss round: the first threshold set
        while (k < run.rounds.size() && run.rounds[k].ssThresh == 100 * kSegment)
        {
            ++k;
        }
        NS_TEST_ASSERT_MSG_LT(k + 1, run.rounds.size(), "a loss");
        const uint32_t window = run.rounds[k - 1].cwnd / kSegment;
        NS_TEST_EXPECT_MSG_GT(window, 1500U, "the loss at W of about 2,000");
        const uint32_t recovery = run.rounds[k].ssThresh / kSegment;
        while (k < run.rounds.size() && run.rounds[k].cwnd != kSegment)
        {
            ++k;
        }
        NS_TEST_ASSERT_MSG_LT(k, run.rounds.size(), "cwnd one segment");
        const uint32_t ssThresh = run.rounds[k].ssThresh / kSegment;
        NS_TEST_EXPECT_MSG_EQ_TOL(ssThresh, 7 * recovery / 8, 2, "7/8 of F at expiry");
        Simulator::Destroy();
    }

    bool m_linux;
};

/**
 * The first window, 10 segments at the access rate (g = C_a / C = 100) into a queue of one
 * packet: Q = 10 (1 - 1/100) = 9.9, so 9 overflow and one arrives (3). Its duplicate ACK and
 * the two segments limited transmit sends on the first two make dupthresh: fast recovery;
 * without limited transmit one duplicate ACK is all, and the flow times out.
 */
class RoundTcpLimitedTransmitTestCase : public TestCase
{
  public:
    RoundTcpLimitedTransmitTestCase(bool limitedTransmit)
        : TestCase(std::string("one of ten first segments arrives: ") +
                   (limitedTransmit ? "limited transmit reaches dupthresh" : "a timeout")),
          m_limitedTransmit(limitedTransmit)
    {
    }

  private:
    void DoRun() override
    {
        FlowRun run(Path(MilliSeconds(20), 1), CreateObject<TcpLinuxReno>());
        run.flow->SetAttribute("LimitedTransmit", BooleanValue(m_limitedTransmit));
        run.Until(MilliSeconds(41)); // the handshake and the first round end at 20 + 20.1 ms
        NS_TEST_EXPECT_MSG_EQ(run.flow->GetOverflowDrops(), 9, "nine overflow");
        NS_TEST_EXPECT_MSG_EQ(run.flow->GetRecoveries(), m_limitedTransmit ? 1 : 0, "recovery");
        NS_TEST_EXPECT_MSG_EQ(run.flow->GetTimeouts(), m_limitedTransmit ? 0 : 1, "timeout");
        Simulator::Destroy();
    }

    bool m_limitedTransmit;
};

/**
 * RoundTcpBottleneck (6): q = w - P for one flow in flight; for flows of one pipe P,
 * q = sum w - P (clipped to [0, B]); for unequal pipes the bisection's root satisfies (6).
 */
class RoundTcpBottleneckQueueTestCase : public TestCase
{
  public:
    RoundTcpBottleneckQueueTestCase()
        : TestCase("shared bottleneck: the standing queue of (6) and the full queue's load of (7) "
                   "against their closed forms")
    {
    }

  private:
    void DoRun() override
    {
        auto bottleneck = CreateObject<RoundTcpBottleneck>(DataRate("1Gbps"), 500, kWire);
        const uint32_t a = bottleneck->Add(1000);
        const uint32_t b = bottleneck->Add(1000);
        NS_TEST_EXPECT_MSG_EQ(bottleneck->GetStandingQueue(a, 1200), 200, "alone: w - P");
        bottleneck->SetWindow(b, 300);
        NS_TEST_EXPECT_MSG_EQ_TOL(bottleneck->GetStandingQueue(a, 900), 200, 1e-6, "sum w - P");
        NS_TEST_EXPECT_MSG_EQ(bottleneck->GetStandingQueue(a, 600), 0, "link not full");
        NS_TEST_EXPECT_MSG_EQ(bottleneck->GetStandingQueue(a, 1300), 500, "full: B");
        const uint32_t c = bottleneck->Add(4000);
        bottleneck->SetWindow(c, 2000);
        const double q = bottleneck->GetStandingQueue(a, 500);
        const double sum = 500 / (1000 + q) + 300 / (1000 + q) + 2000 / (4000 + q);
        NS_TEST_EXPECT_MSG_GT(q, 0, "a queue stands");
        NS_TEST_EXPECT_MSG_LT(q, 500, "below B");
        NS_TEST_EXPECT_MSG_EQ_TOL(sum, 1, 1e-9, "(6) holds at the root");
        const double full = 800.0 / 1500 + 2000.0 / 4500; // (7)'s S
        NS_TEST_EXPECT_MSG_EQ_TOL(bottleneck->GetFullQueueLoad(a, 500), full, 1e-12, "S");
    }
};

/**
 * The ACK clock keeps a round's spacing, (3)'s d_k: Scalable (ns-3's, ssthresh 7/8 of the
 * flight) with Linux's rate halving and delayed ACKs (d = 2) on a path of P = 517
 * segments and a tenth of it queued (B = 50). A recovery round sends about one segment
 * per two ACKs until cwnd falls to its floor, so it leaves the bottleneck at about half its
 * rate, and the slow start that follows from below ssthresh (1.5 segments an ACK) arrives
 * at about 1.5 x 1/2 < 1 times it: no queue builds, where the same windows back to back
 * (d = 1) would overflow B once w / 3 > 50. So after the first slow start's overshoot every
 * overflow is congestion avoidance's, at a window beyond P + B (Scalable: within 1 % a
 * round), and each is one reduction: ssthresh 7/8 of P + B, never less.
 */
class RoundTcpAckClockTestCase : public TestCase
{
  public:
    RoundTcpAckClockTestCase()
        : TestCase("ACK clock: the slow start after a rate-halving recovery keeps its spacing")
    {
    }

  private:
    void DoRun() override
    {
        const RoundTcpPath path = Path(MilliSeconds(62), 50);
        FlowRun run(path, CreateObject<TcpScalable>());
        ObjectFactory recovery("ns3::hybridnet::TcpLinuxRecovery");
        run.flow->SetRecovery(recovery.Create<TcpRecoveryOps>());
        run.Until(Seconds(60));
        const double full = std::floor(path.Pipe() + path.queue) + 1;
        uint32_t overflows = 0;
        for (size_t i = 10; i < run.rounds.size(); ++i)
        {
            if (run.rounds[i].overflow > run.rounds[i - 1].overflow &&
                run.rounds[i].at > Seconds(5))
            {
                ++overflows;
                NS_TEST_EXPECT_MSG_GT_OR_EQ(run.rounds[i - 1].cwnd / kSegment, full, "at P + B");
            }
            if (run.rounds[i].at > Seconds(5))
            {
                NS_TEST_EXPECT_MSG_GT_OR_EQ(run.rounds[i].ssThresh / kSegment,
                                            uint32_t(0.875 * full) - 1,
                                            "one reduction a loss");
            }
        }
        NS_TEST_EXPECT_MSG_GT(overflows, 5U, "congestion avoidance's overflows");
        NS_TEST_EXPECT_MSG_EQ(run.flow->GetTimeouts(), 0, "no timeout");
        Simulator::Destroy();
    }
};

/**
 * One ACK's burst, (3)'s v_k and g_k: Reno with Linux's rate halving, its window the
 * path's (W_max = P + B - 2, P = 167); the first recovery is the slow start's overflow (B =
 * P / 4: 38 holes at the end of a round of 160) or, with B = P, the 19,700th segment's
 * loss. Nothing new may be sent in the recovery, the receiver's edge W_max from the first
 * hole on (10), so the flight drains; the last hole's ACK ends it with nothing in flight,
 * and as it covers the whole window Reno's slow start takes cwnd to ssthresh at once
 * (half the flight), which goes out at once, m segments: g = C_a / C = 100. It meets the
 * queue the last round has left - none, v = 0, where the last round's window would leave a
 * standing queue - and peaks at m (1 - 1/100): within B = P, no drop at all; over B = P / 4
 * by that less B, in its round alone (and none later in 3 s: the window grows back to the
 * path's).
 */
class RoundTcpExitBurstTestCase : public TestCase
{
  public:
    explicit RoundTcpExitBurstTestCase(uint32_t queue)
        : TestCase("one ACK's burst after a recovery, B = " + std::to_string(queue) +
                   ": the queue it meets and its overflow"),
          m_queue(queue)
    {
    }

  private:
    void DoRun() override
    {
        const RoundTcpPath path = Path(MilliSeconds(20), m_queue);
        FlowRun run(path, CreateObject<TcpLinuxReno>());
        ObjectFactory recovery("ns3::hybridnet::TcpLinuxRecovery");
        run.flow->SetRecovery(recovery.Create<TcpRecoveryOps>());
        const auto window = uint32_t(std::floor(path.Pipe())) + m_queue - 2;
        run.flow->SetAttribute("MaxWindow", UintegerValue(window * kSegment));
        run.flow->SetAttribute("LossInterval", UintegerValue(19700));
        run.Until(Seconds(3));
        size_t k = 1; // the first recovery: the slow start's with B = P / 4, else the injected
        while (k < run.rounds.size() && run.rounds[k].recoveries == run.rounds[k - 1].recoveries)
        {
            ++k;
        }
        while (k < run.rounds.size() && run.rounds[k].cwnd != run.rounds[k].ssThresh)
        {
            ++k; // to its exit: cwnd = ssthresh
        }
        NS_TEST_ASSERT_MSG_LT(k + 1, run.rounds.size(), "an exit");
        NS_TEST_EXPECT_MSG_LT(run.rounds[k].ssThresh / kSegment, window, "a reduction");
        const double burst = run.rounds[k].cwnd / kSegment; // the next round, at once
        const double expected = std::max(0.0, std::ceil(burst * (1 - 1.0 / 100) - m_queue));
        const uint64_t before = run.rounds[k].overflow;
        NS_TEST_EXPECT_MSG_EQ(run.rounds[k + 1].overflow - before, uint64_t(expected), "its");
        NS_TEST_EXPECT_MSG_EQ(run.rounds.back().overflow - before, uint64_t(expected), "no other");
        NS_TEST_EXPECT_MSG_EQ(run.flow->GetTimeouts(), 0, "no timeout");
        Simulator::Destroy();
    }

    uint32_t m_queue;
};

/**
 * HighSpeed's table per round (TcpHighSpeedLinux: RFC 3649's Appendix B as Linux's
 * hstcp_aimd_vals, rows at w = 38, 118, 221, 347, 495, 663, 851, 1058, 1284 segments). In
 * congestion avoidance a window above j of the rows grows by a = j + 1 segments a round
 * (one ACK per segment, d = 1: w ACKs of credit a / w each), give or take one for the
 * counter's carry and the window's growth within the round; the loss at the 100,000th
 * arriving segment (w about 1000) sets ssthresh to w - floor(w md / 256) with md the row's
 * (128 for 0.50 down to 81 for 0.32), w the window at the third duplicate ACK: between the
 * round's start and its growth.
 */
class RoundTcpHighSpeedTableTestCase : public TestCase
{
  public:
    RoundTcpHighSpeedTableTestCase()
        : TestCase("HighSpeed: a(w) segments a round, ssthresh w - w md over 256, from the table")
    {
    }

  private:
    /** @return the rows at or below which @p w lies, j of a = j + 1 */
    static uint32_t RowsBelow(uint32_t w)
    {
        static const uint32_t kRows[] = {38, 118, 221, 347, 495, 663, 851, 1058, 1284};
        return uint32_t(
            std::count_if(std::begin(kRows), std::end(kRows), [w](uint32_t r) { return r < w; }));
    }

    /** @return ssthresh after a loss at window @p w, segments */
    static uint32_t SsThresh(uint32_t w)
    {
        static const uint32_t kMd[] = {128, 112, 104, 98, 93, 89, 86, 83, 81, 78};
        return w - uint32_t((uint64_t(w) * kMd[RowsBelow(w)]) >> 8);
    }

    void DoRun() override
    {
        // P = 16,667: the queue never fills; slow start to 300 segments, then the table
        FlowRun run(Path(Seconds(2), 1000),
                    ObjectFactory("ns3::hybridnet::TcpHighSpeedLinux").Create<TcpCongestionOps>());
        run.flow->SetAttribute("DelAckCount", UintegerValue(1));
        run.flow->SetAttribute("InitialSsThresh", UintegerValue(300 * kSegment));
        run.flow->SetAttribute("LossInterval", UintegerValue(100000));
        run.Until(Seconds(400));
        uint32_t checked = 0;
        size_t k = 1; // the loss round
        for (; k < run.rounds.size() && run.rounds[k].recoveries == 0; ++k)
        {
            const uint32_t before = run.rounds[k - 1].cwnd / kSegment;
            if (before > 300)
            {
                const uint32_t growth = run.rounds[k].cwnd / kSegment - before;
                NS_TEST_EXPECT_MSG_EQ_TOL(growth, RowsBelow(before) + 1, 1, "a(w) a round");
                ++checked;
            }
        }
        NS_TEST_ASSERT_MSG_LT(k, run.rounds.size(), "a loss");
        NS_TEST_EXPECT_MSG_GT(checked, 100U, "rounds of congestion avoidance");
        const uint32_t w = run.rounds[k - 1].cwnd / kSegment;
        NS_TEST_EXPECT_MSG_GT(w, 851U, "the loss above the row of 851");
        const uint32_t ssThresh = run.rounds[k].ssThresh / kSegment;
        NS_TEST_EXPECT_MSG_GT_OR_EQ(ssThresh, SsThresh(w), "ssthresh, from the round's start");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(ssThresh,
                                    SsThresh(w + RowsBelow(w) + 2),
                                    "ssthresh, from the round's growth");
        Simulator::Destroy();
    }
};

/**
 * Two Reno flows on one 100 Mb/s bottleneck (queue B = 100, propagation @p shortRtt and
 * @p longRtt), both started at 0. Each loses when its own growth meets the full queue,
 * halving cwnd; between losses each grows one segment per round trip R_i = R0_i + q tau.
 * With synchronised losses (both halve in every congestion event, of period T) flow i
 * reaches w_i ~ T / R_i, so x_i ~ T / R_i^2 and x_1 / x_2 = (R_2 / R_1)^2; with losses
 * independent of each other at one loss rate, Mathis gives x_1 / x_2 = R_2 / R_1. The
 * ratio lies between R_2 / R_1 at the fullest queue, (R0_2 + B tau) / (R0_1 + B tau), and
 * (R0_2 / R0_1)^2 at the emptiest (10 % allowed for the discrete rounds), and the two
 * keep the link busy: sum x within 5 % of C S / s_w (B is at least half a BDP).
 */
class RoundTcpSharingTestCase : public TestCase
{
  public:
    RoundTcpSharingTestCase(Time shortRtt, Time longRtt)
        : TestCase("two Reno flows on one bottleneck, " +
                   std::to_string(shortRtt.GetMilliSeconds()) + " and " +
                   std::to_string(longRtt.GetMilliSeconds()) +
                   " ms: their ratio between the bounds of synchronised and independent losses"),
          m_short(shortRtt),
          m_long(longRtt)
    {
    }

  private:
    void DoRun() override
    {
        // which flow of one round trip gets ahead is the phase of its losses, a draw of the
        // run's stream: the ratio is that of the flows' totals over three runs
        const uint32_t queue = 100;
        const uint64_t run = RngSeedManager::GetRun();
        double x1 = 0;
        double x2 = 0;
        for (uint64_t r = 1; r <= 3; ++r)
        {
            RngSeedManager::SetRun(r);
            const auto [one, two] = Share(queue);
            x1 += one;
            x2 += two;
        }
        RngSeedManager::SetRun(run);
        const double tau = Path(m_short, queue).SegmentTime().GetSeconds();
        const double r1 = Path(m_short, queue).BaseRtt().GetSeconds();
        const double r2 = Path(m_long, queue).BaseRtt().GetSeconds();
        const double low = (r2 + queue * tau) / (r1 + queue * tau);
        const double high = (r2 / r1) * (r2 / r1);
        NS_TEST_EXPECT_MSG_GT(x1 / x2, low / 1.1, "no fairer than independent losses");
        NS_TEST_EXPECT_MSG_LT(x1 / x2, high * 1.1, "no less fair than synchronised ones");
    }

    /**
     * @param queue B, packets
     * @return the flows' payload rates over 100-600 s, bit/s, after checking that the two
     *         keep the link busy and both lose
     */
    std::pair<double, double> Share(uint32_t queue)
    {
        auto bottleneck = CreateObject<RoundTcpBottleneck>(DataRate("100Mbps"), queue, kWire);
        FlowRun one(Path(m_short, queue), CreateObject<TcpLinuxReno>());
        FlowRun two(Path(m_long, queue), CreateObject<TcpLinuxReno>());
        one.flow->SetBottleneck(bottleneck);
        two.flow->SetBottleneck(bottleneck);
        two.flow->Start(Seconds(0));
        one.Until(Seconds(600));
        const double x1 = one.Rate(Seconds(100), Seconds(600));
        const double x2 = two.Rate(Seconds(100), Seconds(600));
        const double capacity = 1e8 * kSegment / kWire;
        NS_TEST_EXPECT_MSG_EQ_TOL(x1 + x2, capacity, 0.05 * capacity, "the link kept busy");
        NS_TEST_EXPECT_MSG_GT(one.flow->GetRecoveries(), 10, "flow 1 loses");
        NS_TEST_EXPECT_MSG_GT(two.flow->GetRecoveries(), 2, "flow 2 loses");
        Simulator::Destroy();
        return {x1, x2};
    }

    Time m_short;
    Time m_long;
};

} // namespace

/** The suite. */
class RoundTcpFlowTestSuite : public TestSuite
{
  public:
    RoundTcpFlowTestSuite()
        : TestSuite("hybridnet-round-tcp-flow", Type::UNIT)
    {
        AddTestCase(new RoundTcpFillTestCase(100, false), Duration::QUICK);
        AddTestCase(new RoundTcpFillTestCase(200, true), Duration::QUICK);
        AddTestCase(new RoundTcpFirstOverflowTestCase(), Duration::QUICK);
        AddTestCase(new RoundTcpSlowStartBurstTestCase(), Duration::QUICK);
        AddTestCase(new RoundTcpNewRenoHolesTestCase(), Duration::QUICK);
        AddTestCase(new RoundTcpSlowStartTestCase(true, 2), Duration::QUICK);
        AddTestCase(new RoundTcpSlowStartTestCase(true, 1), Duration::QUICK);
        AddTestCase(new RoundTcpSlowStartTestCase(false, 2), Duration::QUICK);
        AddTestCase(new RoundTcpRecoveryTestCase(false), Duration::QUICK);
        AddTestCase(new RoundTcpRecoveryTestCase(true), Duration::QUICK);
        AddTestCase(new RoundTcpRateHalvingTestCase("ns3::TcpClassicRecovery"), Duration::QUICK);
        AddTestCase(new RoundTcpRateHalvingTestCase("ns3::hybridnet::TcpLinuxRecovery"),
                    Duration::QUICK);
        AddTestCase(new RoundTcpAckClockTestCase(), Duration::QUICK);
        AddTestCase(new RoundTcpExitBurstTestCase(167), Duration::QUICK);
        AddTestCase(new RoundTcpExitBurstTestCase(42), Duration::QUICK);
        AddTestCase(new RoundTcpHighSpeedTableTestCase(), Duration::QUICK);
        AddTestCase(new RoundTcpMathisTestCase(), Duration::QUICK);
        AddTestCase(new RoundTcpTimeoutTestCase(), Duration::QUICK);
        AddTestCase(new RoundTcpRetransmissionTimerTestCase(true), Duration::QUICK);
        AddTestCase(new RoundTcpRetransmissionTimerTestCase(false), Duration::QUICK);
        AddTestCase(new RoundTcpLimitedTransmitTestCase(true), Duration::QUICK);
        AddTestCase(new RoundTcpLimitedTransmitTestCase(false), Duration::QUICK);
        AddTestCase(new RoundTcpBottleneckQueueTestCase(), Duration::QUICK);
        AddTestCase(new RoundTcpSharingTestCase(MilliSeconds(20), MilliSeconds(20)),
                    Duration::QUICK);
        AddTestCase(new RoundTcpSharingTestCase(MilliSeconds(20), MilliSeconds(60)),
                    Duration::QUICK);
    }
};

static RoundTcpFlowTestSuite g_roundTcpFlowTestSuite; //!< registers the suite
