/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of TcpLinuxUndo against its equations: s_P (1) from cwnd in whole segments, the
 * time-stamp test (2)-(3) with its strict "older than the first retransmission" and the
 * 32-bit wrap, the undo (4) with and without ssthresh, its burst limit, and the marker a
 * full undo clears, and a timeout's start (1).
 */
#include "hybridnet/tcp-linux-undo.h"

#include "ns3/test.h"

#include <cstdint>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

constexpr uint32_t kMss = 1000; //!< SMSS of every case (bytes)

/** (1): max(ssthresh, (c/2 + c/4) SMSS), c = cwnd in whole segments. */
class PriorSsthreshTestCase : public TestCase
{
  public:
    PriorSsthreshTestCase()
        : TestCase("s_P (1): three quarters of cwnd in whole segments, or ssthresh")
    {
    }

  private:
    void DoRun() override
    {
        auto prior = [](uint32_t cwnd, uint32_t ssThresh) {
            return TcpLinuxUndo::CurrentSsthresh({cwnd, ssThresh}, kMss);
        };
        NS_TEST_EXPECT_MSG_EQ(prior(10000, 4000), 7000U, "c = 10: 5 + 2 segments");
        NS_TEST_EXPECT_MSG_EQ(prior(10999, 4000), 7000U, "a partial segment does not count");
        NS_TEST_EXPECT_MSG_EQ(prior(10000, 8000), 8000U, "ssthresh above 3/4 cwnd");
        NS_TEST_EXPECT_MSG_EQ(prior(3000, 0), 1000U, "c = 3: 1 + 0 segments");
    }
};

/** (2), (3): which ACKs may undo. */
class MayUndoTestCase : public TestCase
{
  public:
    MayUndoTestCase()
        : TestCase("may undo (2)-(3): an echo older than the first retransmission")
    {
    }

  private:
    void DoRun() override
    {
        TcpLinuxUndo undo;
        NS_TEST_EXPECT_MSG_EQ(undo.MayUndo(5), false, "no recovery: no marker");
        undo.Start(7000, 0);
        NS_TEST_EXPECT_MSG_EQ(undo.MayUndo(std::nullopt), true, "nothing retransmitted yet");
        undo.Retransmitted(100);
        undo.Retransmitted(103);
        NS_TEST_EXPECT_MSG_EQ(undo.MayUndo(99), true, "echo 99 < t_R = 100");
        NS_TEST_EXPECT_MSG_EQ(undo.MayUndo(100), false, "the retransmission's own stamp");
        NS_TEST_EXPECT_MSG_EQ(undo.MayUndo(102), false, "between the retransmissions");
        NS_TEST_EXPECT_MSG_EQ(undo.MayUndo(0), false, "echo 0: no time stamp echoed");
        NS_TEST_EXPECT_MSG_EQ(undo.MayUndo(std::nullopt), false, "no time-stamp option");

        undo.Start(7000, 1); // a recovery with a retransmission still out keeps t_R
        NS_TEST_EXPECT_MSG_EQ(undo.MayUndo(99), true, "t_R kept: 99 < 100");
        undo.Start(7000, 0); // nothing out: t_R cleared, as in Open
        undo.Retransmitted(500);
        NS_TEST_EXPECT_MSG_EQ(undo.MayUndo(499), true, "new t_R = 500");
        NS_TEST_EXPECT_MSG_EQ(undo.MayUndo(99), true, "99 < 500 as well");

        TcpLinuxUndo wrapped;
        wrapped.Start(7000, 0);
        wrapped.Retransmitted(0xFFFFFFF0U);
        NS_TEST_EXPECT_MSG_EQ(wrapped.MayUndo(0xFFFFFFE0U), true, "older, before the wrap");
        NS_TEST_EXPECT_MSG_EQ(wrapped.MayUndo(5), false, "newer, after the wrap");
    }
};

/** (4): the window after an undo. */
class UndoWindowTestCase : public TestCase
{
  public:
    UndoWindowTestCase()
        : TestCase("undo (4): cwnd to twice ssthresh within pipe + 3 SMSS, ssthresh to s_P")
    {
    }

  private:
    void DoRun() override
    {
        TcpLinuxUndo undo;
        undo.Start(7000, 0);
        undo.Retransmitted(100);
        auto partial = undo.Undo({3000, 5000}, 20000, kMss, false);
        NS_TEST_EXPECT_MSG_EQ(partial.cwnd, 10000U, "max(3000, 2 x 5000)");
        NS_TEST_EXPECT_MSG_EQ(partial.ssThresh, 5000U, "a partial undo keeps ssthresh");
        NS_TEST_EXPECT_MSG_EQ(undo.MayUndo(99), true, "and the marker");

        auto burst = undo.Undo({3000, 5000}, 2000, kMss, false);
        NS_TEST_EXPECT_MSG_EQ(burst.cwnd, 5000U, "at most pipe + 3 SMSS");
        auto larger = undo.Undo({12000, 5000}, 20000, kMss, false);
        NS_TEST_EXPECT_MSG_EQ(larger.cwnd, 12000U, "cwnd above 2 ssthresh stays");

        auto full = undo.Undo({3000, 5000}, 20000, kMss, true);
        NS_TEST_EXPECT_MSG_EQ(full.cwnd, 10000U, "max(3000, 2 x 5000)");
        NS_TEST_EXPECT_MSG_EQ(full.ssThresh, 7000U, "s_P");
        NS_TEST_EXPECT_MSG_EQ(undo.MayUndo(99), false, "a full undo clears the marker");

        TcpLinuxUndo noPrior;
        noPrior.Start(0, 0);
        auto plain = noPrior.Undo({3000, 5000}, 20000, kMss, true);
        NS_TEST_EXPECT_MSG_EQ(plain.cwnd, 5000U, "s_P = 0: max(cwnd, ssthresh)");
        NS_TEST_EXPECT_MSG_EQ(plain.ssThresh, 5000U, "s_P = 0 restores nothing");

        TcpLinuxUndo huge;
        huge.Start(UINT32_MAX, 0);
        auto slowStart = huge.Undo({3000, 0x7FFFFFFFU}, 20000, kMss, true);
        NS_TEST_EXPECT_MSG_EQ(slowStart.ssThresh, UINT32_MAX, "the initial ssthresh back");
        NS_TEST_EXPECT_MSG_EQ(slowStart.cwnd, 23000U, "2 ssthresh overflows nothing");
    }
};

/** (1) after a timeout: the marker only without retransmissions out, n restarts, s_P kept. */
class LossTestCase : public TestCase
{
  public:
    LossTestCase()
        : TestCase("timeout (1): u only if nothing retransmitted is out, s_P kept or set")
    {
    }

  private:
    void DoRun() override
    {
        TcpLinuxUndo undo;
        undo.Start(7000, 0);
        undo.Retransmitted(100);
        undo.StartLoss(std::nullopt, true); // a timeout in Recovery, the head resent
        NS_TEST_EXPECT_MSG_EQ(undo.MayUndo(50), false, "a retransmission out: no marker");

        undo.StartLoss(9000, false); // nothing retransmitted out: t_R cleared
        NS_TEST_EXPECT_MSG_EQ(undo.MayUndo(std::nullopt), true, "n = 0 right after the timeout");
        undo.Retransmitted(300);
        NS_TEST_EXPECT_MSG_EQ(undo.MayUndo(299), true, "an echo older than the new t_R");
        NS_TEST_EXPECT_MSG_EQ(undo.MayUndo(300), false, "the timeout's retransmission");
        auto w = undo.Undo({1000, 4500}, 30000, kMss, true);
        NS_TEST_EXPECT_MSG_EQ(w.ssThresh, 9000U, "s_P of the timeout");
        NS_TEST_EXPECT_MSG_EQ(w.cwnd, 9000U, "2 x 4500");

        TcpLinuxUndo kept;
        kept.Start(7000, 0);
        kept.StartLoss(std::nullopt, false); // the timeout did not reduce ssthresh again
        auto k = kept.Undo({1000, 3500}, 30000, kMss, true);
        NS_TEST_EXPECT_MSG_EQ(k.ssThresh, 7000U, "s_P of the recovery kept");
    }
};

} // namespace

/** The suite. */
class TcpLinuxUndoTestSuite : public TestSuite
{
  public:
    TcpLinuxUndoTestSuite()
        : TestSuite("hybridnet-tcp-linux-undo", Type::UNIT)
    {
        AddTestCase(new PriorSsthreshTestCase(), Duration::QUICK);
        AddTestCase(new MayUndoTestCase(), Duration::QUICK);
        AddTestCase(new UndoWindowTestCase(), Duration::QUICK);
        AddTestCase(new LossTestCase(), Duration::QUICK);
    }
};

static TcpLinuxUndoTestSuite g_tcpLinuxUndoTestSuite; //!< registers the suite
