/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of CircuitSwitchConsole (the accelerator's command set) and of its TCP server and
 * client.  Expected replies come from the command table of the console's class comment;
 * expected reply times from OpticalCircuitSwitch equation (4): a state-changing command
 * replies L after it reaches the controller, + S if the circuit map changed; syntax errors
 * and show commands reply at once.
 */
#include "hybridnet/circuit-switch-console-client.h"
#include "hybridnet/circuit-switch-console-server.h"
#include "hybridnet/circuit-switch-console.h"
#include "hybridnet/ethernet-net-device.h"
#include "hybridnet/optical-circuit-switch-helper.h"
#include "hybridnet/optical-circuit-switch.h"

#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/test.h"

#include <algorithm>
#include <deque>
#include <sstream>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

const Time kLatency = Seconds(1);         //!< L (constant in these tests)
const Time kSwitching = MilliSeconds(20); //!< S
const char* kDefaultMap = "1-2 3-4";      //!< DefaultConnections (and power-up map)

/** When a reply is due, relative to Execute. */
enum class Due
{
    NOW,      //!< at once
    L,        //!< after the command latency
    L_PLUS_S, //!< after the command latency and the switching time
};

/** Test names may not contain these characters. */
std::string
Printable(std::string text)
{
    for (char& c : text)
    {
        if (c == '"' || c == '/' || c == '\\' || c == '|' || c == '?')
        {
            c = '_';
        }
        else if (c == '\n')
        {
            c = ' ';
        }
    }
    return text;
}

/** A switch with 6 ports, L = 1 s, S = 20 ms, power-up map 1-2 3-4, and its console. */
struct ConsoleBench
{
    ConsoleBench()
        : node(CreateObject<Node>())
    {
        OpticalCircuitSwitchHelper helper;
        helper.SetSwitchAttribute("CommandLatencyMin", TimeValue(kLatency));
        helper.SetSwitchAttribute("CommandLatencyMax", TimeValue(kLatency));
        helper.SetSwitchAttribute("SwitchingTime", TimeValue(kSwitching));
        helper.SetSwitchAttribute("DefaultConnections", StringValue(kDefaultMap));
        ocs = helper.Install(node);
        console = CreateObject<CircuitSwitchConsole>();
        console->SetSwitch(ocs);
        console->SetInterfaceRecord(Ipv4Address("192.168.100.2"), Ipv4Mask("255.255.255.0"));
    }

    /**
     * Execute lines one after the other, each when the previous one has replied.
     * @param lines the lines
     * @param done called with the last reply and the time from its Execute to the reply
     */
    void RunScript(std::deque<std::string> lines, std::function<void(std::string, Time, bool)> done)
    {
        const std::string line = lines.front();
        lines.pop_front();
        const Time issued = Simulator::Now();
        auto more = std::make_shared<bool>(true);
        auto next = [this, lines, done, issued, more](std::string reply) {
            if (lines.empty())
            {
                done(reply, Simulator::Now() - issued, *more);
            }
            else
            {
                RunScript(lines, done);
            }
        };
        *more = console->Execute(line, CircuitSwitchConsole::ReplyCallback(next));
    }

    Ptr<Node> node;
    Ptr<OpticalCircuitSwitch> ocs;
    Ptr<CircuitSwitchConsole> console;
};

/**
 * One command line after some set-up lines: its reply text (exact, or a prefix) and its
 * reply time (0, L or L + S), and whether it ends the session.
 */
class ConsoleCommandTestCase : public TestCase
{
  public:
    ConsoleCommandTestCase(std::vector<std::string> setup,
                           std::string line,
                           std::string reply,
                           Due due,
                           bool prefixOnly = false,
                           bool endsSession = false)
        : TestCase(Printable(
              "console '" + line + "'" + (setup.empty() ? "" : " after '" + Join(setup) + "'") +
              " replies '" + reply + (prefixOnly ? "...'" : "'") +
              (due == Due::NOW ? " at once" : (due == Due::L ? " after L" : " after L + S")))),
          m_setup(std::move(setup)),
          m_line(std::move(line)),
          m_reply(std::move(reply)),
          m_due(due),
          m_prefixOnly(prefixOnly),
          m_endsSession(endsSession)
    {
    }

  private:
    static std::string Join(const std::vector<std::string>& lines)
    {
        std::string out;
        for (const auto& l : lines)
        {
            out += (out.empty() ? "" : ", ") + l;
        }
        return out;
    }

    void DoRun() override
    {
        ConsoleBench bench;
        std::string reply = "(no reply)";
        Time took(-1);
        bool continues = true;
        std::deque<std::string> lines(m_setup.begin(), m_setup.end());
        lines.push_back(m_line);
        Simulator::Schedule(MilliSeconds(1), [&]() {
            bench.RunScript(lines, [&](std::string r, Time t, bool more) {
                reply = r;
                took = t;
                continues = more;
            });
        });
        Simulator::Stop(Seconds(30));
        Simulator::Run();
        const Time expected = m_due == Due::NOW ? Time(0)
                              : m_due == Due::L ? kLatency
                                                : kLatency + kSwitching;
        if (m_prefixOnly)
        {
            NS_TEST_EXPECT_MSG_EQ(reply.substr(0, m_reply.size()), m_reply, "reply prefix");
        }
        else
        {
            NS_TEST_EXPECT_MSG_EQ(reply, m_reply, "reply");
        }
        NS_TEST_EXPECT_MSG_EQ(took, expected, "reply time");
        NS_TEST_EXPECT_MSG_EQ(continues, !m_endsSession, "session continues");
        Simulator::Destroy();
    }

    std::vector<std::string> m_setup;
    std::string m_line;
    std::string m_reply;
    Due m_due;
    bool m_prefixOnly;
    bool m_endsSession;
};

/**
 * The effect of the state-changing commands on the switch: after each script, the
 * switch's circuit map is the one the commands describe.
 */
class ConsoleEffectTestCase : public TestCase
{
  public:
    ConsoleEffectTestCase(std::vector<std::string> script,
                          std::vector<OpticalCircuitSwitch::Circuit> map)
        : TestCase(Printable("console script '" + Join(script) + "' leaves the map '" +
                             MapText(map) + "'")),
          m_script(std::move(script)),
          m_map(std::move(map))
    {
    }

  private:
    static std::string Join(const std::vector<std::string>& lines)
    {
        std::string out;
        for (const auto& l : lines)
        {
            out += (out.empty() ? "" : ", ") + l;
        }
        return out;
    }

    static std::string MapText(const std::vector<OpticalCircuitSwitch::Circuit>& map)
    {
        std::ostringstream out;
        for (const auto& [a, b] : map)
        {
            out << (out.tellp() > 0 ? " " : "") << a << "-" << b;
        }
        return map.empty() ? "none" : out.str();
    }

    void DoRun() override
    {
        ConsoleBench bench;
        std::vector<OpticalCircuitSwitch::Circuit> map{{0, 0}};
        Simulator::Schedule(MilliSeconds(1), [&]() {
            bench.RunScript(std::deque<std::string>(m_script.begin(), m_script.end()),
                            [&](std::string, Time, bool) { map = bench.ocs->GetConnections(); });
        });
        Simulator::Stop(Seconds(60));
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(MapText(map), MapText(m_map), "circuit map");
        Simulator::Destroy();
    }

    std::vector<std::string> m_script;
    std::vector<OpticalCircuitSwitch::Circuit> m_map;
};

/**
 * `show connections` while a circuit's mirrors settle marks it "(switching)", and not
 * once it is lit: issued at L + S / 2 and at L + S + 1 ms after `connection 5 6`.
 */
class ConsoleShowSwitchingTestCase : public TestCase
{
  public:
    ConsoleShowSwitchingTestCase()
        : TestCase("show connections marks a circuit switching until L + S, then lit")
    {
    }

  private:
    void DoRun() override
    {
        ConsoleBench bench;
        std::string during;
        std::string afterwards;
        const Time issued = MilliSeconds(1);
        Simulator::Schedule(issued, [&]() {
            bench.console->Execute("connection 5 6", CircuitSwitchConsole::ReplyCallback());
        });
        Simulator::Schedule(issued + kLatency + kSwitching / 2, [&]() {
            bench.console->Execute("show connections", [&](std::string r) { during = r; });
        });
        Simulator::Schedule(issued + kLatency + kSwitching + MilliSeconds(1), [&]() {
            bench.console->Execute("show connections", [&](std::string r) { afterwards = r; });
        });
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(during, "1 <-> 2\n3 <-> 4\n5 <-> 6 (switching)", "while settling");
        NS_TEST_EXPECT_MSG_EQ(afterwards, "1 <-> 2\n3 <-> 4\n5 <-> 6", "once lit");
        Simulator::Destroy();
    }
};

/**
 * The console of a cycling switch: `show connections` says so, `connection` is refused,
 * `no connection cycle` gives the circuits back.
 */
class ConsoleCycleTestCase : public TestCase
{
  public:
    ConsoleCycleTestCase()
        : TestCase("console on a cycling switch: connection refused until no connection cycle")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<Node> node = CreateObject<Node>();
        OpticalCircuitSwitchHelper helper;
        helper.SetSwitchAttribute("NumPorts", UintegerValue(4));
        helper.SetSwitchAttribute("CycleInterval", TimeValue(Seconds(10)));
        helper.SetSwitchAttribute("CommandLatencyMin", TimeValue(kLatency));
        helper.SetSwitchAttribute("CommandLatencyMax", TimeValue(kLatency));
        Ptr<OpticalCircuitSwitch> ocs = helper.Install(node);
        auto console = CreateObject<CircuitSwitchConsole>();
        console->SetSwitch(ocs);
        std::vector<std::string> replies;
        std::function<void(std::deque<std::string>)> run = [&](std::deque<std::string> lines) {
            if (lines.empty())
            {
                return;
            }
            const std::string line = lines.front();
            lines.pop_front();
            console->Execute(line, [&, lines](std::string r) {
                replies.push_back(r);
                run(lines);
            });
        };
        Simulator::Schedule(Seconds(1), [&]() {
            run({"show connections",
                 "connection 1 2",
                 "clear connections",
                 "no connection cycle",
                 "clear connections",
                 "connection 1 2",
                 "show connections"});
        });
        Simulator::Stop(Seconds(9));
        Simulator::Run();
        // Round 0 of the circle method on 4 ports: 4-1 and 2-3 (players 3-0 and 1-2).
        const std::vector<std::string> expected{
            "1 <-> 4\n2 <-> 3\nconnection cycle active",
            "ERROR: connection cycle active (use 'no connection cycle')",
            "ERROR: connection cycle active (use 'no connection cycle')",
            "OK",
            "OK",
            "OK",
            "1 <-> 2",
        };
        NS_TEST_ASSERT_MSG_EQ(replies.size(), expected.size(), "every line answered");
        for (std::size_t i = 0; i < expected.size(); ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(replies[i], expected[i], "reply " << i);
        }
        Simulator::Destroy();
    }
};

/**
 * The console over the management network: the front end opens a TCP session to the
 * console server on the accelerator's node across the 10 Mb/s management Ethernet, reads
 * the banner, and sends `show version`, `connection 5 6`, `show connections`, `quit`.
 * Replies are those of the console; the connect reply arrives L + S after the line was
 * sent plus the network's share (two small segments each way at 10 Mb/s, under 1 ms);
 * the circuit is set; the server closes after `quit`.
 */
class ConsoleOverTcpTestCase : public TestCase
{
  public:
    ConsoleOverTcpTestCase()
        : TestCase("console over TCP from the front end through the 10 Mbps management port")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<Node> accelerator = CreateObject<Node>();
        Ptr<Node> frontEnd = CreateObject<Node>();
        OpticalCircuitSwitchHelper helper;
        helper.SetSwitchAttribute("CommandLatencyMin", TimeValue(kLatency));
        helper.SetSwitchAttribute("CommandLatencyMax", TimeValue(kLatency));
        helper.SetSwitchAttribute("SwitchingTime", TimeValue(kSwitching));
        helper.SetSwitchAttribute("DefaultConnections", StringValue(kDefaultMap));
        helper.SetManagementChannelAttribute("Delay", TimeValue(MicroSeconds(1)));
        Ptr<OpticalCircuitSwitch> ocs = helper.Install(accelerator);
        NetDeviceContainer mgmt = helper.InstallManagement(accelerator, frontEnd);
        InternetStackHelper().Install(NodeContainer(accelerator, frontEnd));
        Ipv4AddressHelper addresses("192.168.100.0", "255.255.255.0");
        Ipv4InterfaceContainer interfaces = addresses.Assign(mgmt);
        ApplicationContainer server = helper.InstallConsoleServer(accelerator);
        server.Start(Seconds(0));

        auto client = CreateObject<CircuitSwitchConsoleClient>();

        struct Reply
        {
            std::string text;
            Time sent;
            Time received;
        };

        std::map<std::string, Reply> replies;
        client->TraceConnectWithoutContext("Reply",
                                           MakeCallback(+[](std::map<std::string, Reply>* m,
                                                            std::string line,
                                                            std::string reply,
                                                            Time sent) {
                                               (*m)[line] = {reply, sent, Simulator::Now()};
                                           }).Bind(&replies));
        Simulator::Schedule(Seconds(1), [&]() {
            client->Open(frontEnd, InetSocketAddress(interfaces.GetAddress(0), 23));
            for (const char* line : {"show version",
                                     "connection 5 6",
                                     "show connections",
                                     "show ip interface",
                                     "quit"})
            {
                client->Send(line);
            }
        });
        Simulator::Stop(Seconds(10));
        Simulator::Run();

        auto console = DynamicCast<CircuitSwitchConsoleServer>(server.Get(0))->GetConsole();
        NS_TEST_EXPECT_MSG_EQ(client->GetBanner(),
                              "Lightpath accelerator 306D management console",
                              "banner");
        NS_TEST_EXPECT_MSG_EQ(replies["show version"].text,
                              "Lightpath accelerator model 306D, software 1.5.1 "
                              "(hybridnet simulation)",
                              "show version");
        NS_TEST_EXPECT_MSG_EQ(replies["connection 5 6"].text, "OK", "connection 5 6");
        NS_TEST_EXPECT_MSG_EQ(replies["show connections"].text,
                              "1 <-> 2\n3 <-> 4\n5 <-> 6",
                              "show connections");
        NS_TEST_EXPECT_MSG_EQ(replies["show ip interface"].text,
                              "ip address 192.168.100.1 255.255.255.0 (static)\n"
                              "default gateway none",
                              "show ip interface (from the assigned address)");
        NS_TEST_EXPECT_MSG_EQ(replies["quit"].text, "Goodbye", "quit");
        const Reply& connect = replies["connection 5 6"];
        const Time connectTime = connect.received - connect.sent;
        NS_LOG_UNCOND(
            GetName()
            << ": connect reply after " << connectTime.As(Time::MS)
            << " (L + S = " << (kLatency + kSwitching).As(Time::MS) << "), show version after "
            << (replies["show version"].received - replies["show version"].sent).As(Time::MS));
        NS_TEST_EXPECT_MSG_GT_OR_EQ(connectTime, kLatency + kSwitching, "connect before L + S");
        NS_TEST_EXPECT_MSG_LT(connectTime,
                              kLatency + kSwitching + MilliSeconds(1),
                              "connect reply delayed beyond the network's share");
        NS_TEST_EXPECT_MSG_LT(replies["show version"].received - replies["show version"].sent,
                              MilliSeconds(1),
                              "show version not answered at once");
        NS_TEST_EXPECT_MSG_EQ(ocs->IsLit(5) && ocs->GetPeer(5) == 6, true, "circuit 5-6 set");
        NS_TEST_EXPECT_MSG_EQ(client->IsOpen(), false, "session closed after quit");
        NS_TEST_EXPECT_MSG_EQ(DynamicCast<CircuitSwitchConsoleServer>(server.Get(0))->GetSessions(),
                              1,
                              "one session");
        NS_TEST_EXPECT_MSG_EQ(DynamicCast<EthernetNetDevice>(mgmt.Get(0))->GetDataRate(),
                              DataRate("10Mbps"),
                              "management port at 10 Mb/s");
        Simulator::Destroy();
    }
};

/**
 * Server-side line handling: a raw TCP client sends two command lines in one segment
 * ("\r\n" and "\n" endings); the server answers both, in order, each followed by the
 * prompt: the whole text received is banner, prompt, reply 1, prompt, reply 2, prompt.
 */
class ConsoleServerLinesTestCase : public TestCase
{
  public:
    ConsoleServerLinesTestCase()
        : TestCase("console server answers two lines sent in one segment, in order, each "
                   "followed by the prompt")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<Node> accelerator = CreateObject<Node>();
        Ptr<Node> frontEnd = CreateObject<Node>();
        OpticalCircuitSwitchHelper helper;
        helper.SetSwitchAttribute("DefaultConnections", StringValue(kDefaultMap));
        helper.Install(accelerator);
        NetDeviceContainer mgmt = helper.InstallManagement(accelerator, frontEnd);
        InternetStackHelper().Install(NodeContainer(accelerator, frontEnd));
        Ipv4InterfaceContainer interfaces =
            Ipv4AddressHelper("10.9.0.0", "255.255.255.0").Assign(mgmt);
        helper.InstallConsoleServer(accelerator).Start(Seconds(0));

        std::string received;
        Ptr<Socket> socket = Socket::CreateSocket(frontEnd, TcpSocketFactory::GetTypeId());
        socket->SetRecvCallback(MakeCallback(+[](std::string* text, Ptr<Socket> s) {
                                    while (Ptr<Packet> p = s->Recv())
                                    {
                                        std::string data(p->GetSize(), '\0');
                                        p->CopyData(reinterpret_cast<uint8_t*>(data.data()),
                                                    data.size());
                                        *text += data;
                                    }
                                }).Bind(&received));
        Simulator::Schedule(Seconds(1), [&]() {
            socket->Bind();
            socket->Connect(InetSocketAddress(interfaces.GetAddress(0), 23));
        });
        Simulator::Schedule(Seconds(2), [&]() {
            const std::string lines = "show connections\r\nshow bogus\n";
            socket->Send(
                Create<Packet>(reinterpret_cast<const uint8_t*>(lines.data()), lines.size()));
        });
        Simulator::Stop(Seconds(3));
        Simulator::Run();
        const std::string prompt = "306D> ";
        const std::string expected =
            "Lightpath accelerator 306D management console\n" + prompt + "1 <-> 2\n3 <-> 4\n" +
            prompt + "ERROR: unknown command 'show bogus' (type 'show help')\n" + prompt;
        NS_TEST_EXPECT_MSG_EQ(received, expected, "text received by the front end");
        Simulator::Destroy();
    }
};

/** `show help` lists every command of the study's command set. */
class ConsoleHelpTestCase : public TestCase
{
  public:
    ConsoleHelpTestCase()
        : TestCase("show help lists every command of the accelerator's command set")
    {
    }

  private:
    void DoRun() override
    {
        ConsoleBench bench;
        std::string help;
        Simulator::Schedule(MilliSeconds(1), [&]() {
            bench.console->Execute("show help", [&](std::string r) { help = r; });
        });
        Simulator::Run();
        for (const char* command : {"connection <p1> <p2>",
                                    "no connection <p1> <p2>",
                                    "default connection",
                                    "no connection cycle",
                                    "show connections",
                                    "clear connections",
                                    "show help",
                                    "ip address dhcp",
                                    "ip address <addr>",
                                    "ip default gateway <addr>",
                                    "show ip interface",
                                    "show version",
                                    "quit"})
        {
            NS_TEST_EXPECT_MSG_NE(help.find(command),
                                  std::string::npos,
                                  "'" << command << "' missing from show help");
        }
        Simulator::Destroy();
    }
};

class CircuitSwitchConsoleTestSuite : public TestSuite
{
  public:
    CircuitSwitchConsoleTestSuite()
        : TestSuite("hybridnet-circuit-switch-console", Type::UNIT)
    {
        using V = std::vector<std::string>;
        const std::string cycleActive = "ERROR: connection cycle active";

        struct Case
        {
            V setup;
            std::string line;
            std::string reply;
            Due due;
            bool prefix;
            bool ends;
        };

        const std::vector<Case> cases{
            // connection
            {{}, "connection 5 6", "OK", Due::L_PLUS_S, false, false},
            {{}, "  CONNECTION   5  6 ", "OK", Due::L_PLUS_S, false, false},
            {{}, "connection 1 2", "OK", Due::L, false, false},
            {{},
             "connection 1 5",
             "ERROR: port 1 is already connected to port 2",
             Due::L,
             false,
             false},
            {{},
             "connection 5 4",
             "ERROR: port 4 is already connected to port 3",
             Due::L,
             false,
             false},
            {{}, "connection 5 5", "ERROR: cannot connect port 5 to itself", Due::L, false, false},
            {{}, "connection 0 5", "ERROR: port 0 out of range 1..6", Due::L, false, false},
            {{}, "connection 5 7", "ERROR: port 7 out of range 1..6", Due::L, false, false},
            {{}, "connection 5", "ERROR: usage: connection <p1> <p2>", Due::NOW, false, false},
            {{}, "connection 5 6 7", "ERROR: usage: connection <p1> <p2>", Due::NOW, false, false},
            {{}, "connection five 6", "ERROR: bad port number 'five'", Due::NOW, false, false},
            {{}, "connection 5 -6", "ERROR: bad port number '-6'", Due::NOW, false, false},
            {{},
             "connection 5 99999999999",
             "ERROR: bad port number '99999999999'",
             Due::NOW,
             false,
             false},
            // no connection
            {{}, "no connection 1 2", "OK", Due::L_PLUS_S, false, false},
            {{}, "no connection 2 1", "OK", Due::L_PLUS_S, false, false},
            {{},
             "no connection 1 3",
             "ERROR: no connection between port 1 and port 3",
             Due::L,
             false,
             false},
            {{}, "no connection 1 9", "ERROR: port 9 out of range 1..6", Due::L, false, false},
            {{},
             "no connection 1",
             "ERROR: usage: no connection <p1> <p2> | no connection cycle",
             Due::NOW,
             false,
             false},
            {{}, "no connection x 1", "ERROR: bad port number 'x'", Due::NOW, false, false},
            {{},
             "no shutdown",
             "ERROR: unknown command 'no shutdown' (type 'show help')",
             Due::NOW,
             false,
             false},
            // default connection, no connection cycle, clear connections
            {{}, "default connection", "OK", Due::L, false, false},
            {{"clear connections"}, "default connection", "OK", Due::L_PLUS_S, false, false},
            {{},
             "default connection 1",
             "ERROR: usage: default connection",
             Due::NOW,
             false,
             false},
            {{}, "no connection cycle", "OK", Due::L, false, false},
            {{}, "clear connections", "OK", Due::L_PLUS_S, false, false},
            {{"clear connections"}, "clear connections", "OK", Due::L, false, false},
            {{},
             "clear connections now",
             "ERROR: usage: clear connections",
             Due::NOW,
             false,
             false},
            {{},
             "clear",
             "ERROR: unknown command 'clear' (type 'show help')",
             Due::NOW,
             false,
             false},
            // show
            {{}, "show connections", "1 <-> 2\n3 <-> 4", Due::NOW, false, false},
            {{"clear connections"}, "show connections", "no connections", Due::NOW, false, false},
            {{"connection 6 5"},
             "show connections",
             "1 <-> 2\n3 <-> 4\n5 <-> 6",
             Due::NOW,
             false,
             false},
            {{},
             "show version",
             "Lightpath accelerator model 306D, software 1.5.1",
             Due::NOW,
             true,
             false},
            {{}, "show help", "connection <p1> <p2>", Due::NOW, true, false},
            {{}, "show", "ERROR: incomplete command 'show'", Due::NOW, true, false},
            {{},
             "show ip",
             "ERROR: unknown command 'show ip' (type 'show help')",
             Due::NOW,
             false,
             false},
            {{},
             "show ip interface",
             "ip address 192.168.100.2 255.255.255.0 (static)\ndefault gateway none",
             Due::NOW,
             false,
             false},
            // ip
            {{}, "ip address 10.0.0.7", "OK", Due::L, false, false},
            {{"ip address 10.0.0.7"},
             "show ip interface",
             "ip address 10.0.0.7 255.255.255.0 (static)\ndefault gateway none",
             Due::NOW,
             false,
             false},
            {{}, "ip address 10.0.0.7/24", "OK", Due::L, false, false},
            {{},
             "ip address 10.0.0.7/16",
             "OK (warning: netmask other than 255.255.255.0)",
             Due::L,
             false,
             false},
            {{},
             "ip address 10.0.0.7 255.255.0.0",
             "OK (warning: netmask other than 255.255.255.0)",
             Due::L,
             false,
             false},
            {{"ip address 10.0.0.7 255.255.0.0"},
             "show ip interface",
             "ip address 10.0.0.7 255.255.0.0 (static)\ndefault gateway none",
             Due::NOW,
             false,
             false},
            {{},
             "ip address 10.0.0.7 255.0.255.0",
             "ERROR: bad netmask '255.0.255.0'",
             Due::NOW,
             false,
             false},
            {{},
             "ip address 10.0.0.7/33",
             "ERROR: bad netmask '10.0.0.7/33'",
             Due::NOW,
             false,
             false},
            {{},
             "ip address 10.0.0.300",
             "ERROR: bad address '10.0.0.300'",
             Due::NOW,
             false,
             false},
            {{}, "ip address 10.0.7", "ERROR: bad address '10.0.7'", Due::NOW, false, false},
            {{},
             "ip address",
             "ERROR: usage: ip address dhcp | ip address <addr> [<mask>]",
             Due::NOW,
             false,
             false},
            {{}, "ip address dhcp", "OK", Due::L, false, false},
            {{"ip address dhcp"},
             "show ip interface",
             "ip address dhcp\ndefault gateway none",
             Due::NOW,
             false,
             false},
            {{}, "ip default gateway 192.168.100.254", "OK", Due::L, false, false},
            {{"ip default gateway 192.168.100.254"},
             "show ip interface",
             "ip address 192.168.100.2 255.255.255.0 (static)\ndefault gateway 192.168.100.254",
             Due::NOW,
             false,
             false},
            {{},
             "ip default gateway",
             "ERROR: usage: ip default gateway <addr>",
             Due::NOW,
             false,
             false},
            {{}, "ip default gateway 1.2.3", "ERROR: bad address '1.2.3'", Due::NOW, false, false},
            {{},
             "ip route 0.0.0.0",
             "ERROR: unknown command 'ip route 0.0.0.0' (type 'show help')",
             Due::NOW,
             false,
             false},
            // quit, empty, unknown
            {{}, "quit", "Goodbye", Due::NOW, false, true},
            {{}, "quit now", "ERROR: usage: quit", Due::NOW, false, false},
            {{}, "", "", Due::NOW, false, false},
            {{},
             "frobnicate 1 2",
             "ERROR: unknown command 'frobnicate 1 2' (type 'show help')",
             Due::NOW,
             false,
             false},
        };
        for (const Case& c : cases)
        {
            AddTestCase(
                new ConsoleCommandTestCase(c.setup, c.line, c.reply, c.due, c.prefix, c.ends),
                Duration::QUICK);
        }
        using M = std::vector<OpticalCircuitSwitch::Circuit>;
        AddTestCase(new ConsoleEffectTestCase({"connection 5 6"}, M{{1, 2}, {3, 4}, {5, 6}}),
                    Duration::QUICK);
        AddTestCase(new ConsoleEffectTestCase({"no connection 3 4"}, M{{1, 2}}), Duration::QUICK);
        AddTestCase(new ConsoleEffectTestCase({"clear connections"}, M{}), Duration::QUICK);
        AddTestCase(
            new ConsoleEffectTestCase({"clear connections", "connection 2 3", "connection 6 1"},
                                      M{{1, 6}, {2, 3}}),
            Duration::QUICK);
        AddTestCase(
            new ConsoleEffectTestCase({"clear connections", "connection 2 3", "default connection"},
                                      M{{1, 2}, {3, 4}}),
            Duration::QUICK);
        AddTestCase(new ConsoleEffectTestCase({"connection 1 5", "connection 5 6"},
                                              M{{1, 2}, {3, 4}, {5, 6}}),
                    Duration::QUICK);
        AddTestCase(new ConsoleShowSwitchingTestCase(), Duration::QUICK);
        AddTestCase(new ConsoleCycleTestCase(), Duration::QUICK);
        AddTestCase(new ConsoleHelpTestCase(), Duration::QUICK);
        AddTestCase(new ConsoleOverTcpTestCase(), Duration::QUICK);
        AddTestCase(new ConsoleServerLinesTestCase(), Duration::QUICK);
    }
};

CircuitSwitchConsoleTestSuite g_circuitSwitchConsoleTestSuite; //!< static instance

} // namespace
