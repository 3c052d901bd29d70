/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of TcpLinuxRecovery, driven through the TcpRecoveryOps interface with a
 * TcpSocketState as a socket would: the expected cwnd after each ACK comes from equations
 * (1)-(4) of the class comment (Linux 2.6's tcp_cwnd_down, tcp_complete_cwr and
 * tcp_moderate_cwnd), and a window of ACKs played against a sender that sends what cwnd
 * allows shows the rate halving those equations make: one segment per two ACKs.
 */
#include "hybridnet/congestion-module.h"

#include "ns3/test.h"

#include <sstream>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

const uint32_t kMss = 1000; //!< Segment size of every test, bytes

/** @return a socket state with cwnd, ssthresh and bytes in flight in segments of kMss */
Ptr<TcpSocketState>
MakeTcb(uint32_t cwnd, uint32_t ssThresh, uint32_t inFlight)
{
    Ptr<TcpSocketState> tcb = CreateObject<TcpSocketState>();
    tcb->m_segmentSize = kMss;
    tcb->m_cWnd = cwnd * kMss;
    tcb->m_ssThresh = ssThresh * kMss;
    tcb->m_bytesInFlight = inFlight * kMss;
    return tcb;
}

/**
 * (1): with nothing limiting by (2), cwnd after the n-th ACK of a recovery (the entering
 * ACK is the first) is W - floor(n / 2) segments, down to the first value at or below
 * ssthresh / 2, and stays there.
 */
class OneLessEverySecondAckTestCase : public TestCase
{
  public:
    OneLessEverySecondAckTestCase(uint32_t cwnd, uint32_t ssThresh)
        : TestCase("Linux recovery (1): one segment less every second ACK, W " +
                   std::to_string(cwnd) + ", ssthresh " + std::to_string(ssThresh)),
          m_cwnd(cwnd),
          m_ssThresh(ssThresh)
    {
    }

  private:
    void DoRun() override
    {
        Ptr<TcpLinuxRecovery> ops = CreateObject<TcpLinuxRecovery>();
        Ptr<TcpSocketState> tcb = MakeTcb(m_cwnd, m_ssThresh, 1000000);
        ops->EnterRecovery(tcb, 3, tcb->m_bytesInFlight, kMss);
        uint32_t expected = m_cwnd; // segments
        for (uint32_t n = 1; n <= 4 * m_cwnd; ++n)
        {
            if (n > 1)
            {
                ops->DoRecovery(tcb, kMss, true);
            }
            if (n % 2 == 0 && expected > m_ssThresh / 2)
            {
                --expected;
            }
            NS_TEST_ASSERT_MSG_EQ(tcb->m_cWnd.Get(), expected * kMss, "after ACK " << n);
        }
        NS_TEST_EXPECT_MSG_EQ(expected, m_ssThresh / 2, "ends at ssthresh / 2");
    }

    uint32_t m_cwnd;
    uint32_t m_ssThresh;
};

/** (2): cwnd never more than one segment above the bytes in flight, never below one. */
class InFlightCapTestCase : public TestCase
{
  public:
    InFlightCapTestCase()
        : TestCase("Linux recovery (2): cwnd at most in flight + 1 segment, at least 1")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<TcpLinuxRecovery> ops = CreateObject<TcpLinuxRecovery>();
        Ptr<TcpSocketState> tcb = MakeTcb(20, 10, 7);
        ops->EnterRecovery(tcb, 3, 20 * kMss, kMss);
        NS_TEST_EXPECT_MSG_EQ(tcb->m_cWnd.Get(), 8 * kMss, "entering: 7 in flight + 1");
        tcb->m_bytesInFlight = 0;
        ops->DoRecovery(tcb, kMss, true);
        NS_TEST_EXPECT_MSG_EQ(tcb->m_cWnd.Get(), kMss, "nothing in flight: one segment");
        tcb->m_bytesInFlight = 30 * kMss;
        ops->DoRecovery(tcb, kMss, true);
        NS_TEST_EXPECT_MSG_EQ(tcb->m_cWnd.Get(), kMss, "the cap only lowers cwnd");
        NS_TEST_EXPECT_MSG_EQ(tcb->m_cWndInfl.Get(), tcb->m_cWnd.Get(), "no inflation");
    }
};

/**
 * (3), (4) at the end: the socket sets cwnd = ssthresh before ExitRecovery (as
 * TcpSocketBase); the result is min(w, ssthresh, in flight + 3) with w the cwnd of the
 * recovery's last ACK - each term the one that binds in one row.
 */
class ExitTestCase : public TestCase
{
  public:
    ExitTestCase(uint32_t lastCwnd, uint32_t inFlightAtExit, uint32_t expected)
        : TestCase("Linux recovery (3)-(4): exit with w " + std::to_string(lastCwnd) +
                   ", ssthresh 10, in flight " + std::to_string(inFlightAtExit)),
          m_lastCwnd(lastCwnd),
          m_inFlightAtExit(inFlightAtExit),
          m_expected(expected)
    {
    }

  private:
    void DoRun() override
    {
        Ptr<TcpLinuxRecovery> ops = CreateObject<TcpLinuxRecovery>();
        Ptr<TcpSocketState> tcb = MakeTcb(m_lastCwnd, 10, 100);
        ops->EnterRecovery(tcb, 3, 100 * kMss, kMss); // first ACK: no decrement, no cap
        NS_TEST_ASSERT_MSG_EQ(tcb->m_cWnd.Get(), m_lastCwnd * kMss, "entering keeps w");
        tcb->m_cWnd = tcb->m_ssThresh.Get(); // what the socket does before ExitRecovery
        tcb->m_bytesInFlight = m_inFlightAtExit * kMss;
        ops->ExitRecovery(tcb);
        NS_TEST_EXPECT_MSG_EQ(tcb->m_cWnd.Get(), m_expected * kMss, "cwnd after the recovery");
    }

    uint32_t m_lastCwnd;
    uint32_t m_inFlightAtExit;
    uint32_t m_expected;
};

/**
 * Rate halving: one loss in a window of W segments, no SACK.  The receiver answers each of
 * the W - 1 segments after the hole with a duplicate ACK; the third enters the recovery,
 * when W - 4 segments are in flight (three arrived, the head lost); each later duplicate
 * ACK takes one out of flight.  A sender that sends what cwnd allows after every ACK sends
 * at most one segment per ACK and, over the duplicate ACKs after entering, one per two
 * (within one), and cwnd is then about W / 2.
 */
class RateHalvingTestCase : public TestCase
{
  public:
    explicit RateHalvingTestCase(uint32_t window)
        : TestCase("Linux recovery: one loss in a window of " + std::to_string(window) +
                   " sends one segment per two duplicate ACKs"),
          m_window(window)
    {
    }

  private:
    void DoRun() override
    {
        Ptr<TcpLinuxRecovery> ops = CreateObject<TcpLinuxRecovery>();
        Ptr<TcpSocketState> tcb = MakeTcb(m_window, m_window / 2, m_window - 4);
        ops->EnterRecovery(tcb, 3, m_window * kMss, kMss);
        uint32_t inFlight = m_window - 4 + 1; // and the head's retransmission
        uint32_t sent = 0;
        const uint32_t acks = m_window - 4; // the duplicate ACKs after the entering one
        for (uint32_t n = 0; n < acks; ++n)
        {
            --inFlight;
            tcb->m_bytesInFlight = inFlight * kMss;
            ops->DoRecovery(tcb, kMss, true);
            uint32_t cwnd = tcb->m_cWnd.Get() / kMss;
            uint32_t now = cwnd > inFlight ? cwnd - inFlight : 0;
            NS_TEST_ASSERT_MSG_LT_OR_EQ(now, 1U, "segments released by duplicate ACK " << n);
            inFlight += now;
            sent += now;
        }
        std::ostringstream detail;
        detail << sent << " segments for " << acks << " ACKs, cwnd " << tcb->m_cWnd.Get() / kMss;
        NS_TEST_EXPECT_MSG_LT_OR_EQ(sent, acks / 2 + 1, detail.str());
        NS_TEST_EXPECT_MSG_GT_OR_EQ(sent + 1, acks / 2, detail.str());
        NS_TEST_EXPECT_MSG_LT_OR_EQ(tcb->m_cWnd.Get() / kMss, m_window / 2 + 1, detail.str());
        NS_TEST_EXPECT_MSG_GT_OR_EQ(tcb->m_cWnd.Get() / kMss + 2, m_window / 2, detail.str());
    }

    uint32_t m_window;
};

class LinuxRecoveryTestSuite : public TestSuite
{
  public:
    LinuxRecoveryTestSuite()
        : TestSuite("hybridnet-tcp-linux-recovery", Type::UNIT)
    {
        AddTestCase(new OneLessEverySecondAckTestCase(20, 10), Duration::QUICK);
        AddTestCase(new OneLessEverySecondAckTestCase(20, 11), Duration::QUICK);
        AddTestCase(new OneLessEverySecondAckTestCase(3, 2), Duration::QUICK);
        AddTestCase(new InFlightCapTestCase(), Duration::QUICK);
        AddTestCase(new ExitTestCase(12, 20, 10), Duration::QUICK); // (3): ssthresh
        AddTestCase(new ExitTestCase(8, 20, 8), Duration::QUICK);   // the recovery's w
        AddTestCase(new ExitTestCase(12, 2, 5), Duration::QUICK);   // (4): in flight + 3
        for (uint32_t window : {10U, 40U, 101U})
        {
            AddTestCase(new RateHalvingTestCase(window), Duration::QUICK);
        }
    }
};

LinuxRecoveryTestSuite g_linuxRecoveryTestSuite;

} // namespace
