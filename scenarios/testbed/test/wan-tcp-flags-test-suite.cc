/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of WanPathSizing and WanTcpFlags: the path-sizing equations (1)-(10) of
 * wan-path-sizing.h on hand-computed paths; the flags' ranges and rules through
 * ScenarioFlags::Parse; --congestion and --recovery resolution; and that SetDefaults
 * reaches the attributes of both TCPs' sockets (the initial window of equation (1) of
 * wan-tcp-flags.h).
 */
#include "hybridnet/lfn-tcp-socket.h"
#include "hybridnet/scenario-flags.h"
#include "hybridnet/wan-path-sizing.h"
#include "hybridnet/wan-tcp-flags.h"

#include "ns3/boolean.h"
#include "ns3/config.h"
#include "ns3/string.h"
#include "ns3/tcp-l4-protocol.h"
#include "ns3/tcp-socket-base.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <limits>
#include <set>
#include <string>
#include <vector>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

/** One path and the buffers expected from equations (1)-(9), computed by hand. */
struct SizingCase
{
    std::string name;
    DataRate rate;
    Time rtt;
    uint32_t queuePackets;
    WanPathSizing::Sockets sockets;
    uint64_t bdp;
    uint32_t queue;
    uint64_t window; //!< W
    uint64_t sndBufSet;
    uint64_t rcvBufSet;
    uint64_t sndBufEffective;
    uint64_t rcvBufEffective;
    uint64_t maxAdvertised;
};

/** The sizing of one path against its hand-computed values. */
class PathSizingTestCase : public TestCase
{
  public:
    PathSizingTestCase(SizingCase c)
        : TestCase("path sizing " + c.name),
          m_case(std::move(c))
    {
    }

  private:
    void DoRun() override
    {
        const SizingCase& c = m_case;
        WanPathSizing sizing(c.rate, c.rtt, c.queuePackets, c.sockets);
        NS_TEST_EXPECT_MSG_EQ(sizing.GetMtu(), c.sockets.segmentSize + 52, "M = S + 52 B");
        NS_TEST_EXPECT_MSG_EQ(sizing.GetBdp(), c.bdp, "(1) BDP");
        NS_TEST_EXPECT_MSG_EQ(sizing.GetQueuePackets(), c.queue, "(2) queue");
        NS_TEST_EXPECT_MSG_EQ(sizing.GetPathWindow(), c.window, "(3) W");
        NS_TEST_EXPECT_MSG_EQ(sizing.GetSndBufSet(), c.sndBufSet, "(5) sndBuf set");
        NS_TEST_EXPECT_MSG_EQ(sizing.GetRcvBufSet(), c.rcvBufSet, "(6) rcvBuf set");
        NS_TEST_EXPECT_MSG_EQ(sizing.GetSndBufEffective(), c.sndBufEffective, "(7)");
        NS_TEST_EXPECT_MSG_EQ(sizing.GetRcvBufEffective(), c.rcvBufEffective, "(8)");
        NS_TEST_EXPECT_MSG_EQ(sizing.GetMaxAdvertisedWindow(), c.maxAdvertised, "(9)");
        const double ceiling =
            c.rate.GetBitRate() * double(c.sockets.segmentSize) / (c.sockets.segmentSize + 54);
        NS_TEST_EXPECT_MSG_EQ_TOL(sizing.GetGoodputCeiling(), ceiling, 1e-6, "(10)");
    }

    SizingCase m_case;
};

/** @return the sockets of a case: segment size, requests, semantics, maxima */
WanPathSizing::Sockets
Sockets(uint32_t segmentSize,
        uint64_t sndBuf,
        uint64_t rcvBuf,
        bool linuxSemantics,
        bool scaling,
        uint64_t memMax)
{
    WanPathSizing::Sockets s;
    s.segmentSize = segmentSize;
    s.sndBuf = sndBuf;
    s.rcvBuf = rcvBuf;
    s.linuxSemantics = linuxSemantics;
    s.windowScaling = scaling;
    s.rmemMax = memMax;
    s.wmemMax = memMax;
    s.advWinScale = 2;
    return s;
}

/**
 * 100 Mb/s, 20 ms, S = 1448 B (M = 1500 B): BDP = 250000 B; Q = ceil(250000 / 1500) = 167;
 * W = (floor(250000 / 1502) + 167) x 1448 = (166 + 167) x 1448 = 482184 B.
 */
std::vector<SizingCase>
SizingCases()
{
    const DataRate r("100Mbps");
    const Time t = MilliSeconds(20);
    const uint64_t w = 482184;
    const uint64_t memMax = 131071; // Linux 2.6's rmem_max, wmem_max
    return {
        // ns3 semantics: sndBuf = 2 W, rcvBuf = W, all of it kept and advertised
        {"ns3 semantics sized for the path",
         r,
         t,
         0,
         Sockets(1448, 0, 0, false, true, memMax),
         250000,
         167,
         w,
         2 * w,
         w,
         2 * w,
         w,
         w},
        // an explicit queue: W = (166 + 20) x 1448
        {"explicit queue of 20 packets",
         r,
         t,
         20,
         Sockets(1448, 0, 0, false, true, memMax),
         250000,
         20,
         186 * 1448,
         2 * 186 * 1448,
         186 * 1448,
         2 * 186 * 1448,
         186 * 1448,
         186 * 1448},
        // linux: sndBuf = W, rcvBuf = ceil(2 W / 3) = 321456; doubled and clipped to
        // 2 x 131071 = 262142; advertised 262142 - floor(262142 / 4) = 196607
        {"linux semantics clipped by the kernel maxima",
         r,
         t,
         0,
         Sockets(1448, 0, 0, true, true, memMax),
         250000,
         167,
         w,
         w,
         321456,
         262142,
         262142,
         196607},
        // linux with room: B = 2 x 321456 = 642912, advertised 642912 - 160728 = W exactly
        {"linux semantics with large maxima advertise W",
         r,
         t,
         0,
         Sockets(1448, 0, 0, true, true, 1ULL << 30),
         250000,
         167,
         w,
         w,
         321456,
         2 * w,
         642912,
         w},
        // requests are taken as they are
        {"requested buffers",
         r,
         t,
         0,
         Sockets(1448, 131072, 65536, false, true, memMax),
         250000,
         167,
         w,
         131072,
         65536,
         131072,
         65536,
         65536},
        // no window scaling: both clipped to 65535 B
        {"window scaling off",
         r,
         t,
         0,
         Sockets(1448, 0, 0, false, false, memMax),
         250000,
         167,
         w,
         65535,
         65535,
         65535,
         65535,
         65535},
        // a path of 1 B: Q = 1, W = 1 x S, the buffers at least S
        {"tiny path",
         DataRate("1Mbps"),
         MicroSeconds(1),
         0,
         Sockets(1448, 0, 0, false, true, memMax),
         1,
         1,
         1448,
         2896,
         1448,
         2896,
         1448,
         1448},
        // jumbo segments: 1 Gb/s, 120 ms: BDP = 15000000; M = 9000, Q = ceil(15e6 / 9000) =
        // 1667; W = (floor(15e6 / 9002) + 1667) x 8948 = (1666 + 1667) x 8948
        {"jumbo segments on DataTAG",
         DataRate("1Gbps"),
         MilliSeconds(120),
         0,
         Sockets(8948, 0, 0, false, true, memMax),
         15000000,
         1667,
         3333ULL * 8948,
         2 * 3333ULL * 8948,
         3333ULL * 8948,
         2 * 3333ULL * 8948,
         3333ULL * 8948,
         3333ULL * 8948},
    };
}

/** @return the parse of @p args by flags holding @p tcp's groups */
ScenarioFlags::ParseResult
ParseWith(WanTcpFlags& tcp, const std::vector<std::string>& args, bool autoTuning = true)
{
    ScenarioFlags flags("test", "WanTcpFlags under test");
    tcp.AddStackFlags(flags, "both hosts", false);
    tcp.AddSocketFlags(flags, "the path", autoTuning);
    return flags.Parse(args);
}

/** The flags' ranges and the rules between them, as the one-line error reports them. */
class FlagRulesTestCase : public TestCase
{
  public:
    FlagRulesTestCase()
        : TestCase("socket flags ranges and rules")
    {
    }

  private:
    /** Expect @p args to be refused with a message containing @p expected. */
    void Refused(const std::vector<std::string>& args,
                 const std::string& expected,
                 bool autoTuning = true)
    {
        WanTcpFlags tcp;
        auto result = ParseWith(tcp, args, autoTuning);
        NS_TEST_EXPECT_MSG_EQ((result.outcome == ScenarioFlags::Outcome::ERROR),
                              true,
                              "refused: " << args.front());
        NS_TEST_EXPECT_MSG_NE(result.message.find(expected),
                              std::string::npos,
                              "'" << result.message << "' names '" << expected << "'");
    }

    void DoRun() override
    {
        {
            WanTcpFlags tcp;
            auto result = ParseWith(tcp, {});
            NS_TEST_ASSERT_MSG_EQ((result.outcome == ScenarioFlags::Outcome::OK),
                                  true,
                                  result.message);
            NS_TEST_EXPECT_MSG_EQ(tcp.IsLfn(), true, "tcp lfn by default");
            NS_TEST_EXPECT_MSG_EQ(tcp.GetSegmentSize(), 1448U, "segmentSize default");
        }
        {
            // the extremes of the ranges are accepted
            WanTcpFlags tcp;
            auto result = ParseWith(tcp,
                                    {"--initialCwnd=65535",
                                     "--initialSsThresh=4294967295B",
                                     "--segmentSize=536B",
                                     "--tcp=ns3"});
            NS_TEST_EXPECT_MSG_EQ((result.outcome == ScenarioFlags::Outcome::OK),
                                  true,
                                  result.message);
            NS_TEST_EXPECT_MSG_EQ(tcp.IsLfn(), false, "tcp ns3");
            NS_TEST_EXPECT_MSG_EQ(tcp.GetSegmentSize(), 536U, "segmentSize");
            WanTcpFlags two;
            result = ParseWith(two, {"--initialCwnd=1", "--initialSsThresh=2896B"});
            NS_TEST_EXPECT_MSG_EQ((result.outcome == ScenarioFlags::Outcome::OK),
                                  true,
                                  "2 x segmentSize: " << result.message);
        }
        Refused({"--initialCwnd=0"}, "--initialCwnd: '0' is out of range");
        Refused({"--initialCwnd=65536"}, "--initialCwnd: '65536' is out of range");
        Refused({"--initialSsThresh=4294967296B"}, "--initialSsThresh: '4294967296B' is out");
        Refused({"--initialSsThresh=2895B"},
                "initialSsThresh is 0B (none) or at least 2 x segmentSize");
        Refused({"--segmentSize=8960B", "--initialSsThresh=17000B"},
                "initialSsThresh is 0B (none) or at least 2 x segmentSize");
        Refused({"--sndBuf=1000B"}, "sndBuf is 0B (sized for the path) or at least segmentSize");
        Refused({"--rcvBuf=1000B"}, "rcvBuf is 0B (sized for the path) or at least segmentSize");
        Refused({"--rcvBuf=65536B", "--windowScaling=off"},
                "sndBuf and rcvBuf are at most 65535B with windowScaling off");
        Refused({"--tcp=ns3", "--bufferSemantics=linux"}, "bufferSemantics linux needs tcp lfn");
        Refused({"--rcvBufAutoTuning"}, "rcvBufAutoTuning needs bufferSemantics linux");
        Refused({"--rcvBufAutoTuning"}, "unknown flag --rcvBufAutoTuning", false);
        Refused({"--tcp=reno"}, "one of lfn, ns3");
        Refused({"--recovery=rack"}, "one of linux, classic, prr");
        Refused({"--delAckCount=0"}, "--delAckCount");
    }
};

/** --congestion: names found, lists per flow, algorithms LfnTcpSocket cannot run. */
class CongestionTestCase : public TestCase
{
  public:
    CongestionTestCase()
        : TestCase("congestion names resolved per flow")
    {
    }

  private:
    void DoRun() override
    {
        {
            WanTcpFlags tcp;
            ScenarioFlags flags("test", "");
            tcp.AddStackFlags(flags, "every host", true);
            flags.Parse({"--congestion=TcpLinuxReno,ns3::TcpHighSpeed,TcpBic"});
            NS_TEST_EXPECT_MSG_EQ(tcp.ResolveCongestion(3), "", "three names for three flows");
            const auto& types = tcp.GetCongestionTypes();
            NS_TEST_ASSERT_MSG_EQ(types.size(), 3U, "one per flow");
            NS_TEST_EXPECT_MSG_EQ(types[0].GetName(), "ns3::TcpLinuxReno", "flow 1");
            NS_TEST_EXPECT_MSG_EQ(types[1].GetName(), "ns3::TcpHighSpeed", "flow 2");
            NS_TEST_EXPECT_MSG_EQ(types[2].GetName(), "ns3::TcpBic", "flow 3");
            NS_TEST_EXPECT_MSG_NE(tcp.ResolveCongestion(2).find("3 names for 2 flows"),
                                  std::string::npos,
                                  "a list of the wrong length");
        }
        {
            WanTcpFlags tcp;
            ScenarioFlags flags("test", "");
            tcp.AddStackFlags(flags, "every host", true);
            flags.Parse({"--congestion=TcpScalable"});
            NS_TEST_EXPECT_MSG_EQ(tcp.ResolveCongestion(4), "", "one name for four flows");
            NS_TEST_ASSERT_MSG_EQ(tcp.GetCongestionTypes().size(), 4U, "repeated");
            NS_TEST_EXPECT_MSG_EQ(tcp.GetCongestionTypes()[3].GetName(),
                                  "ns3::TcpScalable",
                                  "flow 4");
        }
        {
            // one name only: a list is one unknown name
            WanTcpFlags tcp;
            ScenarioFlags flags("test", "");
            tcp.AddStackFlags(flags, "both hosts", false);
            flags.Parse({"--congestion=TcpBic,TcpBic"});
            NS_TEST_EXPECT_MSG_NE(
                tcp.ResolveCongestion(2).find("unknown congestion control 'TcpBic,TcpBic'"),
                std::string::npos,
                "not a list");
        }
        for (const std::string tcpFlag : {"lfn", "ns3"})
        {
            WanTcpFlags tcp;
            ScenarioFlags flags("test", "");
            tcp.AddStackFlags(flags, "both hosts", false);
            flags.Parse({"--tcp=" + tcpFlag, "--congestion=TcpBbr"});
            const std::string problem = tcp.ResolveCongestion(1);
            NS_TEST_EXPECT_MSG_EQ((problem.find("needs rate samples") != std::string::npos),
                                  (tcpFlag == "lfn"),
                                  "BBR refused on LfnTcpSocket only: " << problem);
        }
        WanTcpFlags tcp;
        ScenarioFlags flags("test", "");
        tcp.AddStackFlags(flags, "both hosts", false);
        flags.Parse({"--congestion=TcpNoSuch"});
        const std::string problem = tcp.ResolveCongestion(1);
        NS_TEST_EXPECT_MSG_EQ((problem.find("--congestion: unknown congestion control "
                                            "'TcpNoSuch'; one of ") == 0),
                              true,
                              problem);
        NS_TEST_EXPECT_MSG_NE(problem.find(tcp.GetShortNames()),
                              std::string::npos,
                              "the list of names");
    }
};

/** SetDefaults reaches the sockets of the chosen TCP: equation (1)'s initial window. */
class DefaultsTestCase : public TestCase
{
  public:
    /**
     * @param tcpFlag lfn or ns3
     * @param args the flags besides --tcp
     * @param initialCwnd expected InitialCwnd, segments
     * @param initialSsThresh expected InitialSlowStartThreshold, bytes
     */
    DefaultsTestCase(std::string tcpFlag,
                     std::vector<std::string> args,
                     uint32_t initialCwnd,
                     uint32_t initialSsThresh)
        : TestCase("defaults reach tcp " + tcpFlag + " sockets, initial window " +
                   std::to_string(initialCwnd) + " segments, ssthresh " +
                   std::to_string(initialSsThresh) + " B"),
          m_tcp(std::move(tcpFlag)),
          m_args(std::move(args)),
          m_initialCwnd(initialCwnd),
          m_initialSsThresh(initialSsThresh)
    {
    }

  private:
    void DoRun() override
    {
        WanTcpFlags tcp;
        auto args = m_args;
        args.push_back("--tcp=" + m_tcp);
        auto result = ParseWith(tcp, args);
        NS_TEST_ASSERT_MSG_EQ((result.outcome == ScenarioFlags::Outcome::OK), true, result.message);
        const WanPathSizing sizing = tcp.SizePath(DataRate("100Mbps"), MilliSeconds(20), 0);
        tcp.SetDefaults(sizing);
        Ptr<TcpSocket> socket;
        if (m_tcp == "lfn")
        {
            socket = CreateObject<LfnTcpSocket>();
        }
        else
        {
            socket = CreateObject<TcpSocketBase>();
        }
        UintegerValue value;
        socket->GetAttribute("InitialCwnd", value);
        NS_TEST_EXPECT_MSG_EQ(value.Get(), m_initialCwnd, "InitialCwnd");
        socket->GetAttribute("InitialSlowStartThreshold", value);
        NS_TEST_EXPECT_MSG_EQ(value.Get(), m_initialSsThresh, "InitialSlowStartThreshold");
        socket->GetAttribute("SegmentSize", value);
        NS_TEST_EXPECT_MSG_EQ(value.Get(), tcp.GetSegmentSize(), "SegmentSize");
        socket->GetAttribute("SndBufSize", value);
        NS_TEST_EXPECT_MSG_EQ(value.Get(), sizing.GetSndBufSet(), "SndBufSize (5)");
        socket->GetAttribute("RcvBufSize", value);
        NS_TEST_EXPECT_MSG_EQ(value.Get(), sizing.GetRcvBufSet(), "RcvBufSize (6)");
        BooleanValue sack;
        socket->GetAttribute("Sack", sack);
        NS_TEST_EXPECT_MSG_EQ(sack.Get(), false, "--sack=off reaches the socket");
    }

    void DoTeardown() override
    {
        Config::Reset();
    }

    std::string m_tcp;
    std::vector<std::string> m_args;
    uint32_t m_initialCwnd;
    uint32_t m_initialSsThresh;
};

/**
 * --recovery names the TcpRecoveryOps SetDefaults gives TcpL4Protocol: prr is RFC 6937's
 * PRR of the congestion module, not ns-3's TcpPrrRecovery (issues #1350, #1351).
 */
class RecoveryFlagTestCase : public TestCase
{
  public:
    RecoveryFlagTestCase(std::string choice, std::string typeId)
        : TestCase("--recovery=" + choice + " selects " + typeId),
          m_choice(std::move(choice)),
          m_typeId(std::move(typeId))
    {
    }

  private:
    void DoRun() override
    {
        WanTcpFlags tcp;
        auto result = ParseWith(tcp, {"--recovery=" + m_choice});
        NS_TEST_ASSERT_MSG_EQ((result.outcome == ScenarioFlags::Outcome::OK), true, result.message);
        tcp.SetDefaults(tcp.SizePath(DataRate("100Mbps"), MilliSeconds(20), 0));
        TypeIdValue recovery;
        CreateObject<TcpL4Protocol>()->GetAttribute("RecoveryType", recovery);
        NS_TEST_EXPECT_MSG_EQ(recovery.Get().GetName(), m_typeId, "TcpL4Protocol::RecoveryType");
    }

    void DoTeardown() override
    {
        Config::Reset();
    }

    std::string m_choice;
    std::string m_typeId;
};

/**
 * KernelOverrides: the attributes whose flags were given - even at their default value, so
 * a Linux 2.4 host can be given ns-3's initial window or a buffer sized for the path; a
 * given buffer also locks its growth (SndBufAutoTuning, RcvBufAutoTuning).
 */
class KernelOverridesTestCase : public TestCase
{
  public:
    KernelOverridesTestCase()
        : TestCase("kernel overrides: the socket flags given")
    {
    }

  private:
    using Names = std::set<std::string>;

    /** Parse @p args (the flags live until the overrides are read) and return them. */
    Names Overrides(const std::vector<std::string>& args)
    {
        WanTcpFlags tcp;
        ScenarioFlags flags("test", "WanTcpFlags under test");
        tcp.AddStackFlags(flags, "both hosts", false);
        tcp.AddSocketFlags(flags, "the path", true);
        auto result = flags.Parse(args);
        NS_TEST_EXPECT_MSG_EQ((result.outcome == ScenarioFlags::Outcome::OK), true, result.message);
        return tcp.KernelOverrides();
    }

    void DoRun() override
    {
        NS_TEST_EXPECT_MSG_EQ((WanTcpFlags().KernelOverrides() == Names{}),
                              true,
                              "no flags registered: nothing");
        NS_TEST_EXPECT_MSG_EQ((Overrides({"--congestion=TcpBic"}) == Names{}),
                              true,
                              "stack flags are not socket settings");
        NS_TEST_EXPECT_MSG_EQ((Overrides({"--sndBuf=0B", "--initialCwnd=10"}) ==
                               Names{"SndBufSize", "SndBufAutoTuning", "InitialCwnd"}),
                              true,
                              "defaults typed out override; a given send buffer is locked");
        NS_TEST_EXPECT_MSG_EQ((Overrides({"--rcvBuf=1MiB", "--rmemMax=4MiB"}) ==
                               Names{"RcvBufSize", "RcvBufAutoTuning", "RmemMax"}),
                              true,
                              "a given receive buffer is locked");
        NS_TEST_EXPECT_MSG_EQ(
            (Overrides({"--sack=off", "--linuxReceiver=false"}) == Names{"Sack", "LinuxReceiver"}),
            true,
            "choices and booleans");
    }
};

/** The suite. */
class WanTcpFlagsTestSuite : public TestSuite
{
  public:
    WanTcpFlagsTestSuite()
        : TestSuite("hybridnet-wan-tcp-flags", Type::UNIT)
    {
        for (auto& c : SizingCases())
        {
            AddTestCase(new PathSizingTestCase(c), Duration::QUICK);
        }
        AddTestCase(new FlagRulesTestCase, Duration::QUICK);
        AddTestCase(new CongestionTestCase, Duration::QUICK);
        AddTestCase(new KernelOverridesTestCase, Duration::QUICK);
        AddTestCase(new RecoveryFlagTestCase("linux", "ns3::hybridnet::TcpLinuxRecovery"),
                    Duration::QUICK);
        AddTestCase(new RecoveryFlagTestCase("classic", "ns3::TcpClassicRecovery"),
                    Duration::QUICK);
        AddTestCase(new RecoveryFlagTestCase("prr", "ns3::hybridnet::TcpPrrRecoveryRfc6937"),
                    Duration::QUICK);
        const uint32_t none = std::numeric_limits<uint32_t>::max();
        for (const std::string tcp : {"lfn", "ns3"})
        {
            // defaults: ns-3's 10 segments and no threshold
            AddTestCase(new DefaultsTestCase(tcp, {"--sack=off"}, 10, none), Duration::QUICK);
            AddTestCase(new DefaultsTestCase(tcp,
                                             {"--sack=off",
                                              "--initialCwnd=2",
                                              "--initialSsThresh=100000B",
                                              "--segmentSize=1000B"},
                                             2,
                                             100000),
                        Duration::QUICK);
        }
    }
};

WanTcpFlagsTestSuite g_wanTcpFlagsTestSuite;

} // namespace
