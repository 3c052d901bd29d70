/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of ScenarioFlags: every malformed or out-of-range value is rejected with a one-line
 * message naming the flag and the accepted range, leaving every bound variable unchanged;
 * every well-formed value is converted with the unit factor it names.
 */
#include "hybridnet/message-text.h"
#include "hybridnet/scenario-flags.h"

#include "ns3/object.h"
#include "ns3/tcp-congestion-ops.h"
#include "ns3/test.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

/** The variables a test binds, with their defaults. */
struct Bound
{
    Time simTime{Seconds(10)};
    DataRate linkRate{DataRate("1Gbps")};
    uint64_t window{16384};
    uint32_t pingCount{300};
    int64_t offset{0};
    double lossRate{0.0};
    bool verbose{false};
    std::string mode{"reno"};
    std::string congestionOps{"ns3::TcpNewReno"};

    void Bind(ScenarioFlags& flags)
    {
        flags.AddTime("simTime", "duration", &simTime, MilliSeconds(1), Hours(1));
        flags.AddDataRate("linkRate",
                          "link rate",
                          &linkRate,
                          DataRate("10Mbps"),
                          DataRate("100Gbps"));
        flags.AddSize("window", "socket buffer", &window, 1, 1ULL << 30);
        flags.AddCount("pingCount", "pings", &pingCount, 1, 100000);
        flags.AddInteger("offset", "signed knob", &offset, -10, 10);
        flags.AddReal("lossRate", "loss probability", &lossRate, 0.0, 1.0, "");
        flags.AddBool("verbose", "talk", &verbose);
        flags.AddChoice("mode", "a mode", &mode, {"reno", "cubic"});
        flags.AddTypeId("congestionOps",
                        "congestion control",
                        &congestionOps,
                        TcpCongestionOps::GetTypeId());
    }

    bool Unchanged() const
    {
        Bound d;
        return simTime == d.simTime && linkRate == d.linkRate && window == d.window &&
               pingCount == d.pingCount && offset == d.offset && lossRate == d.lossRate &&
               verbose == d.verbose && mode == d.mode && congestionOps == d.congestionOps;
    }
};

/** A rejected argument: Parse() returns ERROR with one line naming the flag. */
class RejectedFlagTestCase : public TestCase
{
  public:
    RejectedFlagTestCase(std::vector<std::string> args, std::string mustContain)
        : TestCase("reject '" + args.back() + "' (message names '" + mustContain + "')"),
          m_args(std::move(args)),
          m_mustContain(std::move(mustContain))
    {
    }

  private:
    void DoRun() override
    {
        ScenarioFlags flags("test-scenario", "flags under test");
        Bound bound;
        bound.Bind(flags);
        auto result = flags.Parse(m_args);
        NS_TEST_ASSERT_MSG_EQ(static_cast<int>(result.outcome),
                              static_cast<int>(ScenarioFlags::Outcome::ERROR),
                              "accepted " << m_args.back());
        NS_TEST_EXPECT_MSG_NE(result.message.find(m_mustContain),
                              std::string::npos,
                              "message '" << result.message << "' lacks '" << m_mustContain << "'");
        NS_TEST_EXPECT_MSG_EQ(result.message.find('\n'),
                              std::string::npos,
                              "message is more than one line");
        NS_TEST_EXPECT_MSG_EQ(bound.Unchanged(), true, "a bound variable changed on error");
    }

    std::vector<std::string> m_args;
    std::string m_mustContain;
};

/** An accepted argument: the bound variable holds the value the unit factor gives. */
class AcceptedFlagTestCase : public TestCase
{
  public:
    using Check = std::function<bool(const Bound&)>;

    AcceptedFlagTestCase(std::string arg, Check check)
        : TestCase("accept '" + arg + "'"),
          m_arg(std::move(arg)),
          m_check(std::move(check))
    {
    }

  private:
    void DoRun() override
    {
        ScenarioFlags flags("test-scenario", "flags under test");
        Bound bound;
        bound.Bind(flags);
        auto result = flags.Parse({m_arg});
        NS_TEST_ASSERT_MSG_EQ(static_cast<int>(result.outcome),
                              static_cast<int>(ScenarioFlags::Outcome::OK),
                              result.message);
        NS_TEST_EXPECT_MSG_EQ(m_check(bound), true, "wrong value stored for " << m_arg);
    }

    std::string m_arg;
    Check m_check;
};

/** Binds @p bound's flags and the rule pingCount <= window in bytes (arbitrary, for tests). */
void
BindWithRule(ScenarioFlags& flags, Bound& bound)
{
    bound.Bind(flags);
    flags.AddConstraint("pingCount <= window in bytes",
                        [&bound]() { return bound.pingCount <= bound.window; });
}

/**
 * A rule between flags (here: pingCount <= window in bytes, an arbitrary rule for the test)
 * is checked after each flag; when broken, the message names the rule and every variable
 * keeps its value from before the call.
 */
class ConstraintTestCase : public TestCase
{
  public:
    ConstraintTestCase(std::vector<std::string> args, bool broken)
        : TestCase(std::string(broken ? "rule broken by" : "rule holds for") + " " + args.back()),
          m_args(std::move(args)),
          m_broken(broken)
    {
    }

  private:
    void DoRun() override
    {
        ScenarioFlags flags("test-scenario", "flags under test");
        Bound bound;
        BindWithRule(flags, bound);
        auto result = flags.Parse(m_args);
        if (m_broken)
        {
            NS_TEST_ASSERT_MSG_EQ(static_cast<int>(result.outcome),
                                  static_cast<int>(ScenarioFlags::Outcome::ERROR),
                                  "broken rule accepted");
            NS_TEST_EXPECT_MSG_NE(result.message.find("pingCount <= window in bytes"),
                                  std::string::npos,
                                  "message lacks the rule: " << result.message);
            NS_TEST_EXPECT_MSG_EQ(bound.Unchanged(), true, "variables changed by a broken rule");
        }
        else
        {
            NS_TEST_EXPECT_MSG_EQ(static_cast<int>(result.outcome),
                                  static_cast<int>(ScenarioFlags::Outcome::OK),
                                  result.message);
        }
    }

    std::vector<std::string> m_args;
    bool m_broken;
};

/**
 * A rule may ask whether a flag was given in the parse it judges (IsGiven): "--offset needs
 * --mode=cubic", whatever the offset's value (its default 0 included). Given with
 * --mode=reno it is refused and then counts as not given; with cubic, or not given, the
 * rule holds. Mistake tried: the flags marked given only after the rules (as before) -
 * --offset=0 with reno is accepted.
 */
class GivenInRuleTestCase : public TestCase
{
  public:
    GivenInRuleTestCase()
        : TestCase("a rule sees the flags given in the parse it judges")
    {
    }

  private:
    void DoRun() override
    {
        ScenarioFlags flags("test-scenario", "flags under test");
        Bound bound;
        bound.Bind(flags);
        flags.AddConstraint("offset needs --mode=cubic", [&flags, &bound]() {
            return bound.mode == "cubic" || !flags.IsGiven("offset");
        });
        auto refused = flags.Parse({"--offset=0"});
        NS_TEST_EXPECT_MSG_EQ(static_cast<int>(refused.outcome),
                              static_cast<int>(ScenarioFlags::Outcome::ERROR),
                              "--offset with reno accepted");
        NS_TEST_EXPECT_MSG_EQ(flags.IsGiven("offset"), false, "a refused flag counts as given");
        auto plain = flags.Parse({"--simTime=5s"});
        NS_TEST_EXPECT_MSG_EQ(static_cast<int>(plain.outcome),
                              static_cast<int>(ScenarioFlags::Outcome::OK),
                              plain.message);
        auto cubic = flags.Parse({"--mode=cubic", "--offset=3"});
        NS_TEST_EXPECT_MSG_EQ(static_cast<int>(cubic.outcome),
                              static_cast<int>(ScenarioFlags::Outcome::OK),
                              cubic.message);
        NS_TEST_EXPECT_MSG_EQ(flags.IsGiven("offset"), true, "given and accepted");
    }
};

/**
 * A broken rule's message lists the flags the user gave, without the run options a runner
 * adds (here `verbose` stands for --output or --progress): they are not the model's.
 */
class RunOptionsTestCase : public TestCase
{
  public:
    RunOptionsTestCase()
        : TestCase("a rule's message lists the given flags without the run options")
    {
    }

  private:
    void DoRun() override
    {
        ScenarioFlags flags("test-scenario", "flags under test");
        Bound bound;
        BindWithRule(flags, bound);
        flags.SetRunOptions({"verbose"});
        auto result = flags.Parse({"--pingCount=20000", "--verbose=true"});
        NS_TEST_ASSERT_MSG_EQ(static_cast<int>(result.outcome),
                              static_cast<int>(ScenarioFlags::Outcome::ERROR),
                              "broken rule accepted");
        NS_TEST_EXPECT_MSG_NE(result.message.find("(given: --pingCount=20000)"),
                              std::string::npos,
                              result.message);
        NS_TEST_EXPECT_MSG_EQ(result.message.find("verbose"), std::string::npos, result.message);
    }
};

/** Help lists every flag with default, unit and range; the schema is JSON with all flags. */
class HelpAndSchemaTestCase : public TestCase
{
  public:
    HelpAndSchemaTestCase()
        : TestCase("help and schema list every flag with default, unit and range")
    {
    }

  private:
    void DoRun() override
    {
        ScenarioFlags flags("test-scenario", "flags under test");
        Bound bound;
        bound.Bind(flags);
        NS_TEST_EXPECT_MSG_EQ(static_cast<int>(flags.Parse({"--help"}).outcome),
                              static_cast<int>(ScenarioFlags::Outcome::HELP),
                              "--help not recognised");
        std::ostringstream help;
        flags.PrintHelp(help);
        for (const char* expected : {"--simTime=<time>  [10s]",
                                     "range: 1ms to 1h",
                                     "--linkRate=<rate>  [1Gbps]",
                                     "range: 10Mbps to 100Gbps",
                                     "--window=<size>  [16KiB]",
                                     "--pingCount=<count>  [300]",
                                     "one of reno, cubic"})
        {
            NS_TEST_EXPECT_MSG_NE(help.str().find(expected),
                                  std::string::npos,
                                  "help lacks '" << expected << "'");
        }
        std::ostringstream schema;
        flags.PrintSchema(schema);
        NS_TEST_EXPECT_MSG_NE(schema.str().find("\"name\": \"congestionOps\""),
                              std::string::npos,
                              "schema lacks a flag");
    }
};

/** Parameters report given text or formatted default, with SI values. */
class ParametersTestCase : public TestCase
{
  public:
    ParametersTestCase()
        : TestCase("parameters carry the text given and the SI value")
    {
    }

  private:
    void DoRun() override
    {
        ScenarioFlags flags("test-scenario", "flags under test");
        Bound bound;
        bound.Bind(flags);
        flags.Parse({"--simTime=250ms"});
        auto parameters = flags.GetParameters();
        NS_TEST_ASSERT_MSG_EQ(parameters.size(), 9, "one parameter per flag");
        NS_TEST_EXPECT_MSG_EQ(parameters[0].text, "250ms", "given text kept");
        NS_TEST_EXPECT_MSG_EQ_TOL(parameters[0].siValue, 0.25, 1e-12, "seconds");
        NS_TEST_EXPECT_MSG_EQ(parameters[0].unit, "s", "SI unit");
        NS_TEST_EXPECT_MSG_EQ(parameters[1].text, "1Gbps", "default formatted");
        NS_TEST_EXPECT_MSG_EQ_TOL(parameters[1].siValue, 1e9, 1e-3, "bit/s");
        NS_TEST_EXPECT_MSG_EQ(parameters[2].text, "16KiB", "default size formatted");
        NS_TEST_EXPECT_MSG_EQ(parameters[6].numeric, false, "bool is not numeric");
    }
};

/**
 * File and text flags: a bundled name resolves to <folder>/<name><extension>, a path to an
 * existing file is taken as it is, anything else is rejected naming the bundled files;
 * a text flag takes exactly the texts its validator accepts.  The parameter keeps the
 * text as given.
 */
class FileAndTextFlagTestCase : public TestCase
{
  public:
    FileAndTextFlagTestCase()
        : TestCase("file flags resolve bundled names and paths; text flags apply their form")
    {
    }

  private:
    void DoRun() override
    {
        namespace fs = std::filesystem;
        const fs::path folder = fs::path(CreateTempDirFilename("bundle"));
        fs::create_directories(folder);
        std::ofstream(folder / "alpha.json") << "{}";
        std::ofstream(folder / "beta.json") << "{}";
        std::ofstream(folder / "notes.txt") << "";
        fs::create_directories(folder / "mine");
        const std::string own = (folder / "mine" / "own.json").string();
        std::ofstream(own) << "{}";

        struct Case
        {
            std::vector<std::string> args;
            bool ok;
            std::string expectedFile; //!< resolved path (ok) or a part of the message
            std::string expectedText; //!< the parameter's text (ok)
        };

        const std::vector<Case> cases = {
            {{}, true, (folder / "alpha.json").string(), "alpha"},
            {{"--topology=beta"}, true, (folder / "beta.json").string(), "beta"},
            {{"--topology=" + own}, true, own, own},
            {{"--topology=beta.json"}, true, (folder / "beta.json").string(), "beta.json"},
            {{"--topology=gamma"}, false, "no bundled name (alpha, beta)", ""},
            {{"--topology=gamma.json"}, false, "no bundled name (alpha, beta)", ""},
            {{"--topology=notes"}, false, "no bundled name (alpha, beta)", ""},
            {{"--topology=" + (folder / "missing.json").string()},
             false,
             "not a readable file",
             ""},
            {{"--topology="}, false, "--topology", ""},
            {{"--pair=a>b"}, true, (folder / "alpha.json").string(), "alpha"},
            {{"--pair=a"}, false, "'a' has another form; expected x>y", ""},
        };
        for (const Case& c : cases)
        {
            ScenarioFlags flags("test", "file and text flags");
            std::string file;
            std::string pair = "x>y";
            flags.AddInputFile("topology", "a file", &file, folder.string(), ".json", "alpha");
            flags.AddText("pair", "a pair", &pair, "x>y", [](const std::string& t) {
                return t.find('>') != std::string::npos;
            });
            const std::string before = file;
            auto result = flags.Parse(c.args);
            const std::string what = c.args.empty() ? "(defaults)" : c.args[0];
            NS_TEST_EXPECT_MSG_EQ((result.outcome == ScenarioFlags::Outcome::OK), c.ok, what);
            if (c.ok)
            {
                NS_TEST_EXPECT_MSG_EQ(file, c.expectedFile, what);
                NS_TEST_EXPECT_MSG_EQ(flags.GetParameters()[0].text, c.expectedText, what);
            }
            else
            {
                NS_TEST_EXPECT_MSG_NE(result.message.find(c.expectedFile),
                                      std::string::npos,
                                      what << ": " << result.message);
                NS_TEST_EXPECT_MSG_EQ(file, before, what << ": bound variable changed");
                NS_TEST_EXPECT_MSG_EQ(pair, "x>y", what << ": bound variable changed");
            }
        }
        fs::remove_all(folder);
    }
};

/**
 * What a user gave is shown quoted, escaped and cut (message_text::Quote): a value with a
 * line break or an escape sequence stays one line, a 10,000-character value is not echoed
 * whole, an unknown flag's name neither (issue 24).
 */
class HostileValueTestCase : public TestCase
{
  public:
    HostileValueTestCase()
        : TestCase("hostile values: one line, control characters escaped, long values cut")
    {
    }

  private:
    void DoRun() override
    {
        const std::string longValue(10000, '7');
        const std::vector<std::pair<std::string, std::string>> cases = {
            {"--simTime=5ms\n--pingCount=3", "'5ms\\n--pingCount=3'"},
            {"--linkRate=1Gbps\x1b[31m", "'1Gbps\\x1b[31m'"},
            {"--mode=" + longValue, "' (10000 characters)"},
            {"--" + longValue + "=1", "(10000 characters)"},
            {"--a\tb=1", "unknown flag --a\\tb"},
            {"x\ny", "unexpected argument 'x\\ny'"},
        };
        for (const auto& [arg, expected] : cases)
        {
            ScenarioFlags flags("test-scenario", "flags under test");
            Bound bound;
            bound.Bind(flags);
            auto result = flags.Parse({arg});
            const std::string what = message_text::Escape(arg.substr(0, 40));
            NS_TEST_ASSERT_MSG_EQ(static_cast<int>(result.outcome),
                                  static_cast<int>(ScenarioFlags::Outcome::ERROR),
                                  what);
            NS_TEST_EXPECT_MSG_NE(result.message.find(expected),
                                  std::string::npos,
                                  what << ": " << result.message);
            NS_TEST_EXPECT_MSG_LT(result.message.size(), 300U, what << ": too long");
            const bool control = std::any_of(result.message.begin(),
                                             result.message.end(),
                                             [](unsigned char c) { return c < 0x20 || c == 0x7f; });
            NS_TEST_EXPECT_MSG_EQ(control, false, what << ": a control character");
        }
        NS_TEST_EXPECT_MSG_EQ(message_text::Quote("short"), "'short'", "short text whole");
        NS_TEST_EXPECT_MSG_EQ(message_text::Quote(std::string(80, 'a')).size(),
                              82U,
                              "80 characters shown whole");
        // (built with append: GCC 12 warns falsely on "literal" + std::string, -Wrestrict)
        std::string cut(1, '\'');
        cut.append(60, 'a').append("...").append(10, 'a').append("' (81 characters)");
        NS_TEST_EXPECT_MSG_EQ(message_text::Quote(std::string(81, 'a')), cut, "81 characters cut");
    }
};

/**
 * An input check runs after the flags and constraints: its message is returned as it is
 * and every bound variable keeps its default; it sees the parsed values; it does not run
 * when a flag is already invalid.
 */
class InputCheckTestCase : public TestCase
{
  public:
    InputCheckTestCase()
        : TestCase("input checks run last, see parsed values, and reject with their own line")
    {
    }

  private:
    void DoRun() override
    {
        Bound b;
        ScenarioFlags flags("test", "input checks");
        b.Bind(flags);
        uint32_t seenPingCount = 0;
        uint32_t runs = 0;
        flags.AddInputCheck([&]() -> std::string {
            ++runs;
            seenPingCount = b.pingCount;
            return b.mode == "cubic" ? "topology.json: mode cubic needs a file that has none" : "";
        });
        auto ok = flags.Parse({"--pingCount=7"});
        NS_TEST_EXPECT_MSG_EQ((ok.outcome == ScenarioFlags::Outcome::OK), true, ok.message);
        NS_TEST_EXPECT_MSG_EQ(seenPingCount, 7, "the check sees the parsed value");
        b = Bound{};
        auto bad = flags.Parse({"--mode=cubic", "--pingCount=9"});
        NS_TEST_EXPECT_MSG_EQ((bad.outcome == ScenarioFlags::Outcome::ERROR), true, "rejected");
        NS_TEST_EXPECT_MSG_NE(bad.message.find("topology.json: mode cubic needs a file"),
                              std::string::npos,
                              bad.message);
        NS_TEST_EXPECT_MSG_EQ(b.Unchanged(), true, "every variable keeps its default");
        const uint32_t before = runs;
        flags.Parse({"--pingCount=abc"});
        NS_TEST_EXPECT_MSG_EQ(runs, before, "no check after an invalid flag");
    }
};

class ScenarioFlagsTestSuite : public TestSuite
{
  public:
    ScenarioFlagsTestSuite()
        : TestSuite("hybridnet-scenario-flags", Type::UNIT)
    {
        const std::vector<std::pair<std::string, std::string>> rejected = {
            // malformed numbers
            {"--pingCount=12abc", "--pingCount"},
            {"--lossRate=1.5x", "--lossRate"},
            {"--pingCount=0x10", "--pingCount"},
            {"--lossRate=0x10", "--lossRate"},
            {"--pingCount=", "empty value"},
            {"--lossRate=", "empty value"},
            {"--simTime=", "empty value"},
            {"--pingCount= 5", "--pingCount"},
            // exponent where an integer is expected
            {"--pingCount=1e3", "range 1 to 100000"},
            {"--offset=1e1", "--offset"},
            {"--window=1e3B", "--window"},
            // negative for an unsigned
            {"--pingCount=-1", "cannot be negative"},
            {"--window=-1KiB", "--window"},
            // out of range
            {"--pingCount=0", "range 1 to 100000"},
            {"--pingCount=100001", "out of range"},
            {"--pingCount=99999999999999999999999", "too large"},
            {"--offset=11", "range -10 to 10"},
            {"--lossRate=1.5", "range 0 to 1"},
            {"--linkRate=5Mbps", "range 10Mbps to 100Gbps"},
            {"--simTime=2h", "range 1ms to 1h"},
            {"--window=2GiB", "out of range"},
            // nan and inf
            {"--lossRate=nan", "--lossRate"},
            {"--lossRate=inf", "--lossRate"},
            {"--lossRate=-inf", "--lossRate"},
            {"--simTime=infs", "--simTime"},
            {"--linkRate=nanGbps", "--linkRate"},
            // times (and rates, sizes) without a unit or negative
            {"--simTime=10", "has no unit"},
            {"--simTime=-1s", "negative time"},
            {"--simTime=10 s", "--simTime"},
            {"--simTime=10sec", "unknown unit 'sec'"},
            {"--linkRate=1000000000", "has no unit"},
            {"--linkRate=-1Gbps", "negative rate"},
            {"--window=1500", "has no unit"},
            {"--window=1.5KiB", "not a decimal integer"},
            {"--window=16KB", "KB is ambiguous: kB is 1000 B, KiB 1024 B"},
            // signs on unsigned quantities, times below the resolution
            {"--pingCount=+7", "has a sign"},
            {"--window=+16KiB", "has a sign"},
            {"--simTime=1500ps", "finer than the simulator's time resolution (1ns)"},
            // beyond int64 nanoseconds: Time::FromDouble would abort (overflow)
            {"--simTime=99999999999999999999h", "beyond the simulator's time range"},
            // other kinds
            {"--verbose=yes", "not a boolean"},
            {"--mode=vegas", "one of reno, cubic"},
            {"--congestionOps=ns3::Node", "not a registered subclass of ns3::TcpCongestionOps"},
            {"--congestionOps=TcpNewReno", "--congestionOps"},
            // shape of the command line
            {"--simtime=10s", "did you mean --simTime"},
            {"--linkrate=1Gbps", "did you mean --linkRate"},
            {"--pingcount=3", "did you mean --pingCount"},
            {"--simTime", "needs a value"},
            {"simTime=10s", "unexpected argument"},
            {"-x", "unexpected argument"},
        };
        for (const auto& [arg, expected] : rejected)
        {
            AddTestCase(new RejectedFlagTestCase({arg}, expected), Duration::QUICK);
        }
        // A later bad argument leaves the earlier good one unapplied; duplicates are errors.
        AddTestCase(new RejectedFlagTestCase({"--simTime=5s", "--pingCount=abc"}, "--pingCount"),
                    Duration::QUICK);
        AddTestCase(new RejectedFlagTestCase({"--simTime=5s", "--simTime=6s"}, "more than once"),
                    Duration::QUICK);

        using C = AcceptedFlagTestCase;
        AddTestCase(new C("--simTime=2.5ms",
                          [](const Bound& b) { return b.simTime == MicroSeconds(2500); }),
                    Duration::QUICK);
        AddTestCase(new C("--simTime=1250us",
                          [](const Bound& b) { return b.simTime == NanoSeconds(1250000); }),
                    Duration::QUICK);
        AddTestCase(
            new C("--simTime=0.1s", [](const Bound& b) { return b.simTime == MilliSeconds(100); }),
            Duration::QUICK);
        AddTestCase(
            new C("--simTime=2min", [](const Bound& b) { return b.simTime == Seconds(120); }),
            Duration::QUICK);
        AddTestCase(new C("--linkRate=155.52Mbps",
                          [](const Bound& b) { return b.linkRate.GetBitRate() == 155520000; }),
                    Duration::QUICK);
        AddTestCase(new C("--linkRate=125MBps",
                          [](const Bound& b) { return b.linkRate.GetBitRate() == 1000000000; }),
                    Duration::QUICK);
        AddTestCase(new C("--linkRate=10Gbps",
                          [](const Bound& b) { return b.linkRate.GetBitRate() == 10000000000ULL; }),
                    Duration::QUICK);
        AddTestCase(new C("--window=16KiB", [](const Bound& b) { return b.window == 16384; }),
                    Duration::QUICK);
        AddTestCase(new C("--window=16kB", [](const Bound& b) { return b.window == 16000; }),
                    Duration::QUICK);
        AddTestCase(new C("--window=4MiB", [](const Bound& b) { return b.window == 4194304; }),
                    Duration::QUICK);
        AddTestCase(new C("--offset=+7", [](const Bound& b) { return b.offset == 7; }),
                    Duration::QUICK);
        AddTestCase(new C("--offset=-10", [](const Bound& b) { return b.offset == -10; }),
                    Duration::QUICK);
        AddTestCase(new C("--lossRate=1e-6", [](const Bound& b) { return b.lossRate == 1e-6; }),
                    Duration::QUICK);
        AddTestCase(new C("--verbose", [](const Bound& b) { return b.verbose; }), Duration::QUICK);
        AddTestCase(new C("--verbose=0", [](const Bound& b) { return !b.verbose; }),
                    Duration::QUICK);
        AddTestCase(new C("--mode=cubic", [](const Bound& b) { return b.mode == "cubic"; }),
                    Duration::QUICK);
        AddTestCase(new C("--congestionOps=ns3::TcpLinuxReno",
                          [](const Bound& b) { return b.congestionOps == "ns3::TcpLinuxReno"; }),
                    Duration::QUICK);
        AddTestCase(new ConstraintTestCase({"--window=8KiB"}, false), Duration::QUICK);
        AddTestCase(new RunOptionsTestCase(), Duration::QUICK);
        AddTestCase(new HostileValueTestCase(), Duration::QUICK);
        AddTestCase(new ConstraintTestCase({"--pingCount=20000"}, true), Duration::QUICK);
        AddTestCase(new ConstraintTestCase({"--window=4KiB", "--pingCount=4096"}, false),
                    Duration::QUICK);
        AddTestCase(new ConstraintTestCase({"--window=4KiB", "--pingCount=4097"}, true),
                    Duration::QUICK);
        AddTestCase(new HelpAndSchemaTestCase, Duration::QUICK);
        AddTestCase(new ParametersTestCase, Duration::QUICK);
        AddTestCase(new FileAndTextFlagTestCase, Duration::QUICK);
        AddTestCase(new InputCheckTestCase, Duration::QUICK);
        AddTestCase(new GivenInRuleTestCase, Duration::QUICK);
    }
};

ScenarioFlagsTestSuite g_scenarioFlagsTestSuite; //!< static instance

} // namespace
