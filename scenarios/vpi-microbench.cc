/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * vpi-microbench: one point of the ConnectX VPI study's micro-benchmarks (shared reference
 * connectx-vpi.md) - one-way latency (ping-pong) or streaming bandwidth of one message
 * size over one host stack - between two hosts of a host profile (default
 * vpi-opteron-2.0-connectx), each with one ConnectX adapter whose port 1 is InfiniBand 4X
 * DDR and whose port 2 is 10 GbE, both on the host's one PCI Express bus:
 *
 *     host A  port 1 ====== InfiniBand 4X DDR cable (ibDelay) ====== port 1  host B
 *             port 2 ====== 10 GbE cable (linkDelay) ================ port 2
 *     IPoIB 10.1.0.1 / 10 GbE 10.0.0.1                 IPoIB 10.1.0.2 / 10 GbE 10.0.0.2
 *
 * Stacks (--stack): verbs (RC SEND/RECV, both sides busy-polling their completion queues,
 * as OFED's ib_send_lat / ib_send_bw), sdp (SdpSocket over RC, port 1), ipoib-datagram and
 * ipoib-connected (ns-3 TCP over IpoibNetDevice in that mode), tengig (ns-3 TCP over the
 * 10 GbE port, NicNetDevice with the profile's mlx4_en moderation; --aic=false is ethtool
 * -C adaptive-rx off). One application runs over every socket stack: PingPongClient and
 * PingPongServer (latency), BulkSendApplication and PacketSink (bandwidth).
 *
 * Tests (--test): latency: --iterations exchanges of --messageSize bytes each way, one-way
 * latency = mean round trip / 2 after 10 warm-up exchanges (metric latency, us);
 * bandwidth: --streams senders write --messageSize bytes at a time from 10 ms for
 * --duration; bandwidth = payload received in the second half of that period / its
 * length (metric bandwidth, Mb/s: the first half lets TCP's window and the queues settle).
 * Verbs bandwidth keeps 64 SENDs outstanding (ib_send_bw's default tx depth).
 *
 * TCP: --tcp=lfn, hybridnet's LfnTcpSocket with the host profile's kernel section (Linux
 * 2.6.20: buffers that autotuning grows to tcp_rmem/tcp_wmem's 4 MiB on these 8 GB hosts,
 * 200 ms minimum RTO, Linux's delayed-ACK rules), or --tcp=ns3, ns-3's TcpSocketBase; CUBIC
 * (Linux 2.6.20's default congestion control) on both; MSS = the device MTU - 52 B.
 * --window W (default 4 MiB, an assumption: the study does not say): both ends'
 * setsockopt(SO_SNDBUF, SO_RCVBUF) (netperf -s/-S), which Linux 2.6.20 makes 2 min(W, 128
 * KiB), net.core's limits (untuned: the study gives no sysctl); 0B: the kernel's own
 * buffers, from 16 KiB and 85 KiB up to 4 MiB (tcp_wmem, tcp_rmem). TCP senders write as
 * a blocking write() does (TcpStreamSender).
 *
 * Flags (defaults): --stack=verbs --test=latency --messageSize=1B --iterations=1000
 *   --duration=20ms --streams=1 --aic=true --rxFrames=0 --tcp=lfn --window=4MiB
 * --host=vpi-opteron-2.0-connectx
 *   --ibDelay=5ns --linkDelay=5ns --ibWidth=4 --ibSpeed=DDR --ibMtu=2KiB (the InfiniBand
 *   link: lanes 1, 4 or 12, SDR/DDR/QDR, IBA MTU 256 B to 4 KiB; VpiCabling)
 *
 * Metrics: latency (us) and exchanges, or bandwidth (Mb/s) and bytesMeasured (B, the
 * payload received in the measured half); mtu (B, the IP device's, for the TCP stacks).
 *
 * Costs: latency runs take well under a second; a bandwidth run of 20 ms a few seconds at
 * most, except small writes over SDP (every write is a copy job on the host model: 1-byte
 * writes at 10 Gb/s are a million events per simulated millisecond).
 *
 * Both ports at once (--stack=tengig+sdp, tengig+ipoib-datagram, tengig+ipoib-connected,
 * bandwidth only): --streams streams on each, metrics bandwidthTengig, bandwidthIb and their
 * sum bandwidth. ns-3's TCP has one segment size per run (no per-route MSS), so in a mix
 * the IPoIB streams' TCP uses the 10 GbE MSS (1448 B) - a stated departure.
 *
 * Not yet (issue 19): the SDP receive copy (on the application's processor, SdpSocket (8))
 * delays the buffer's return but not the application's read; the applications' own system
 * calls cost nothing (the stacks' per-packet work does). The data-center scenario is
 * vpi-datacenter.
 *
 * Run:  hybridnet run vpi-microbench --stack=ipoib-connected --test=bandwidth --messageSize=64KiB
 */
#include "hybridnet/apps-module.h"
#include "hybridnet/datacenter-module.h"
#include "hybridnet/host-module.h"
#include "hybridnet/infiniband-module.h"
#include "hybridnet/nic-module.h"
#include "hybridnet/testbed-module.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

constexpr uint32_t kTcpIpHeaders = 52; //!< IPv4 20 B + TCP 20 B + timestamps 12 B
constexpr uint32_t kWarmup = 10;       //!< latency exchanges left out of the mean
constexpr uint32_t kVerbsDepth = 64;   //!< ib_send_bw's outstanding SENDs
constexpr uint16_t kPort = 5001;       //!< first server port
const Time kStart = MilliSeconds(10);  //!< the applications start

/** The scenario's own flags. */
struct Options
{
    std::string stack{"verbs"};
    std::string test{"latency"};
    uint64_t messageSize{1};
    uint32_t iterations{1000};
    Time duration{MilliSeconds(20)};
    uint32_t streams{1};
    bool aic{true};
    uint32_t rxFrames{0};
    Time ibDelay{NanoSeconds(5)};
    Time linkDelay{NanoSeconds(5)};

    bool SocketStack() const
    {
        return stack != "verbs";
    }

    /** @return the stacks of --stack: one, or 10 GbE and an IB stack at once */
    std::vector<std::string> Stacks() const
    {
        const auto plus = stack.find('+');
        return plus == std::string::npos
                   ? std::vector<std::string>{stack}
                   : std::vector<std::string>{stack.substr(0, plus), stack.substr(plus + 1)};
    }

    /** @return whether @p name is one of the stacks */
    bool Has(const std::string& name) const
    {
        const auto stacks = Stacks();
        return std::find(stacks.begin(), stacks.end(), name) != stacks.end();
    }
};

void
AddFlags(ScenarioFlags& flags, Options& o)
{
    flags.AddChoice("stack",
                    "host stack: verbs (RC SEND/RECV, polling), sdp, ipoib-datagram, "
                    "ipoib-connected (TCP over IPoIB), tengig (TCP over the 10 GbE port); "
                    "tengig+<IB stack>: both ports at once (bandwidth)",
                    &o.stack,
                    {"verbs",
                     "sdp",
                     "ipoib-datagram",
                     "ipoib-connected",
                     "tengig",
                     "tengig+sdp",
                     "tengig+ipoib-datagram",
                     "tengig+ipoib-connected"});
    flags.AddChoice("test",
                    "latency: ping-pong, one-way = round trip / 2; bandwidth: streaming",
                    &o.test,
                    {"latency", "bandwidth"});
    flags.AddSize("messageSize",
                  "bytes of each message (ping-pong request and response; a streaming write)",
                  &o.messageSize,
                  1,
                  1U << 20);
    flags.AddCount("iterations",
                   "ping-pong exchanges (latency), 10 of them warm-up",
                   &o.iterations,
                   kWarmup + 1,
                   1'000'000);
    flags.AddTime("duration",
                  "streaming period (bandwidth); the second half is measured",
                  &o.duration,
                  MilliSeconds(1),
                  Seconds(100));
    flags.AddCount("streams", "parallel streams (bandwidth; not verbs)", &o.streams, 1, 8);
    flags.AddBool("aic",
                  "mlx4_en adaptive RX coalescing on the 10 GbE port (false: ethtool -C "
                  "adaptive-rx off, the static rx-usecs); stack tengig only",
                  &o.aic);
    flags.AddCount("rxFrames",
                   "completions that raise the 10 GbE port's receive event at once (ethtool "
                   "-C rx-frames); 0: the driver's default, 44 / MTU + 1 = 1 at 1500 B; "
                   "stack tengig only",
                   &o.rxFrames,
                   0,
                   65535);
    flags.AddTime("ibDelay",
                  "InfiniBand cable delay (5ns: 1 m)",
                  &o.ibDelay,
                  Seconds(0),
                  Seconds(1));
    flags.AddTime("linkDelay", "10 GbE cable delay", &o.linkDelay, Seconds(0), Seconds(1));
    flags.AddConstraint("aic=false needs a tengig stack",
                        [&o]() { return o.aic || o.Has("tengig"); });
    flags.AddConstraint("rxFrames needs a tengig stack",
                        [&o]() { return o.rxFrames == 0 || o.Has("tengig"); });
    flags.AddConstraint("a tengig+ stack needs test bandwidth",
                        [&o]() { return o.Stacks().size() == 1 || o.test == "bandwidth"; });
    flags.AddConstraint("messageSize is at least 16B with stack ipoib-connected and test "
                        "bandwidth (ns-3's TcpTxBuffer merges a 64 KB segment's writes "
                        "recursively: thousands of 1-byte writes overflow the stack)",
                        [&o]() {
                            return !o.Has("ipoib-connected") || o.test != "bandwidth" ||
                                   o.messageSize >= 16;
                        });
    flags.AddConstraint("streams above 1 need test bandwidth and a socket stack", [&o]() {
        return o.streams == 1 || (o.test == "bandwidth" && o.SocketStack());
    });
}

/** @return the server's (host 1's) address for @p stack */
Ipv4Address
ServerAddress(const VpiHosts& bed, const std::string& stack)
{
    return bed.GetAddress(1, stack == "tengig");
}

/** @return the smallest MTU of the TCP stacks in use (ns-3's TCP has one MSS) */
uint32_t
TcpMtu(const VpiHosts& bed, const Options& o)
{
    return bed.GetMtu(o.Has("tengig"));
}

/** Verbs: a QP pair polling its CQs; ping-pong or a stream of SENDs. */
class VerbsBench
{
  public:
    VerbsBench(Ptr<InfinibandHca> a, Ptr<InfinibandHca> b, const Options& o)
        : m_options(o)
    {
        m_cq[0] = a->CreateCompletionQueue();
        m_cq[1] = b->CreateCompletionQueue();
        m_qp[0] = a->CreateQueuePair(m_cq[0], m_cq[0], 1);
        m_qp[1] = b->CreateQueuePair(m_cq[1], m_cq[1], 1);
        InfinibandVerbsHelper::Connect(m_qp[0], m_qp[1]);
        m_cq[0]->StartPolling(MakeCallback(&VerbsBench::PollA, this));
        m_cq[1]->StartPolling(MakeCallback(&VerbsBench::PollB, this));
    }

    void Start()
    {
        const uint32_t receives = m_options.test == "latency" ? 1 : 2 * kVerbsDepth;
        for (uint32_t i = 0; i < receives; ++i)
        {
            m_qp[1]->PostReceive({0, m_options.messageSize});
        }
        m_qp[0]->PostReceive({0, m_options.messageSize});
        m_sentAt = Simulator::Now();
        const uint32_t sends = m_options.test == "latency" ? 1 : kVerbsDepth;
        for (uint32_t i = 0; i < sends; ++i)
        {
            Post(0);
        }
    }

    /** @return the mean one-way latency after the warm-up */
    Time Latency() const
    {
        return m_rtt / (2 * static_cast<int64_t>(m_exchanges - kWarmup));
    }

    uint64_t received{0}; //!< bandwidth: bytes received in the measured half
    Time measureFrom;     //!< its start
    Time measureTo;       //!< its end

  private:
    void Post(uint32_t side)
    {
        InfinibandSendWorkRequest wr;
        wr.length = m_options.messageSize;
        m_qp[side]->PostSend(wr);
    }

    void PollA(Ptr<InfinibandCompletionQueue> cq)
    {
        for (const auto& wc : cq->Poll(64))
        {
            if (m_options.test == "bandwidth")
            {
                Post(0); // a send completed: keep the depth
            }
            else if (wc.opcode == InfinibandWcOpcode::RECV)
            {
                ExchangeDone();
            }
        }
    }

    void PollB(Ptr<InfinibandCompletionQueue> cq)
    {
        for (const auto& wc : cq->Poll(64))
        {
            if (wc.opcode != InfinibandWcOpcode::RECV)
            {
                continue;
            }
            m_qp[1]->PostReceive({0, m_options.messageSize});
            const Time now = Simulator::Now();
            received += now >= measureFrom && now <= measureTo ? wc.byteLen : 0;
            if (m_options.test == "latency")
            {
                Post(1); // the pong
            }
        }
    }

    void ExchangeDone()
    {
        ++m_exchanges;
        if (m_exchanges > kWarmup)
        {
            m_rtt += Simulator::Now() - m_sentAt;
        }
        if (m_exchanges == m_options.iterations)
        {
            Simulator::Stop();
            return;
        }
        m_qp[0]->PostReceive({0, m_options.messageSize});
        m_sentAt = Simulator::Now();
        Post(0);
    }

    const Options& m_options;
    Ptr<InfinibandCompletionQueue> m_cq[2];
    Ptr<InfinibandQueuePair> m_qp[2];
    Time m_sentAt;
    Time m_rtt;
    uint32_t m_exchanges{0};
};

/** @return the socket factory of @p stack */
TypeId
SocketFactory(const std::string& stack)
{
    return stack == "sdp" ? SdpSocketFactory::GetTypeId() : TcpSocketFactory::GetTypeId();
}

/** Ends the run at the client's last exchange. */
void
StopWhenDone(Ptr<PingPongClient> client, Time /* rtt */)
{
    UintegerValue iterations;
    client->GetAttribute("Iterations", iterations);
    if (client->GetCompleted() == iterations.Get())
    {
        Simulator::Stop();
    }
}

/** Socket latency: PingPongClient on A, PingPongServer on B. */
Ptr<PingPongClient>
InstallPingPong(const VpiHosts& bed, const Options& o)
{
    auto server = CreateObjectWithAttributes<PingPongServer>(
        "Local",
        AddressValue(InetSocketAddress(Ipv4Address::GetAny(), kPort)),
        "Protocol",
        TypeIdValue(SocketFactory(o.stack)),
        "MessageSize",
        UintegerValue(o.messageSize));
    bed.hosts.Get(1)->AddApplication(server);
    auto client = CreateObjectWithAttributes<PingPongClient>(
        "Remote",
        AddressValue(InetSocketAddress(ServerAddress(bed, o.stack), kPort)),
        "Protocol",
        TypeIdValue(SocketFactory(o.stack)),
        "MessageSize",
        UintegerValue(o.messageSize),
        "Iterations",
        UintegerValue(o.iterations),
        "Warmup",
        UintegerValue(kWarmup));
    bed.hosts.Get(0)->AddApplication(client);
    client->SetStartTime(kStart);
    client->TraceConnectWithoutContext("RoundTrip", MakeBoundCallback(&StopWhenDone, client));
    return client;
}

/** Bytes the sinks receive in the measured half of the streaming period. */
struct SinkCount
{
    Time from;
    Time to;
    uint64_t bytes{0};

    void Received(Ptr<const Packet> packet, const Address& /* from */)
    {
        const Time now = Simulator::Now();
        bytes += now >= from && now <= to ? packet->GetSize() : 0;
    }
};

/**
 * A TCP stream's sender: write() of --messageSize bytes after write(), each blocking as
 * Linux's does - the socket takes what its send buffer has room for and the rest waits
 * for the send callback (SocketWriter) - so a message larger than the send buffer (the
 * kernel's first 16 KiB) streams instead of never fitting, as it would for ns-3's
 * BulkSend, which hands the socket whole messages.
 */
class TcpStreamSender
{
  public:
    TcpStreamSender(Ptr<Node> node, Address server, uint64_t messageSize)
        : m_socket(Socket::CreateSocket(node, TcpSocketFactory::GetTypeId())),
          m_server(server),
          m_messageSize(messageSize)
    {
        m_socket->Bind();
        m_socket->SetConnectCallback(MakeCallback(&TcpStreamSender::Connected, this),
                                     MakeNullCallback<void, Ptr<Socket>>());
        m_socket->SetSendCallback(MakeCallback(&TcpStreamSender::Room, this));
    }

    /** Open the connection (at the streams' start). */
    void Start()
    {
        m_socket->Connect(m_server);
    }

  private:
    void Connected(Ptr<Socket> /* socket */)
    {
        Room(m_socket, 0);
    }

    /** Hand the socket what fits; a message written whole, the next one. */
    void Room(Ptr<Socket> socket, uint32_t /* available */)
    {
        m_writer.Flush(socket);
        while (m_writer.GetPending() == 0)
        {
            m_writer.Write(socket, Create<Packet>(m_messageSize));
        }
    }

    Ptr<Socket> m_socket;
    Address m_server;
    uint64_t m_messageSize;
    SocketWriter m_writer;
};

/**
 * Socket bandwidth of @p stack: --streams senders on A - TcpStreamSenders, or BulkSends of
 * whole messages over SDP (whose sends are messages: bcopy or bzcopy by their size) - and
 * one PacketSink each on B.
 */
void
InstallStreams(const VpiHosts& bed,
               const Options& o,
               const std::string& stack,
               uint16_t firstPort,
               SinkCount* count,
               std::vector<std::unique_ptr<TcpStreamSender>>* tcpSenders)
{
    for (uint32_t s = 0; s < o.streams; ++s)
    {
        const uint16_t port = firstPort + s;
        PacketSinkHelper sink(SocketFactory(stack).GetName(),
                              InetSocketAddress(Ipv4Address::GetAny(), port));
        ApplicationContainer sinks = sink.Install(bed.hosts.Get(1));
        sinks.Get(0)->TraceConnectWithoutContext("Rx", MakeCallback(&SinkCount::Received, count));
        const InetSocketAddress server(ServerAddress(bed, stack), port);
        if (stack != "sdp")
        {
            tcpSenders->push_back(
                std::make_unique<TcpStreamSender>(bed.hosts.Get(0), server, o.messageSize));
            Simulator::ScheduleWithContext(bed.hosts.Get(0)->GetId(),
                                           kStart,
                                           &TcpStreamSender::Start,
                                           tcpSenders->back().get());
            continue;
        }
        BulkSendHelper send(SocketFactory(stack).GetName(), server);
        send.SetAttribute("SendSize", UintegerValue(o.messageSize));
        ApplicationContainer senders = send.Install(bed.hosts.Get(0));
        senders.Start(kStart);
        senders.Stop(kStart + o.duration);
    }
}

/** bandwidth: the aggregate; with two stacks also each one's (bandwidthTengig, ...Ib). */
void
WriteBandwidths(ResultDocument& result,
                const std::vector<std::string>& stacks,
                const std::vector<SinkCount>& counts,
                Time measured)
{
    const double seconds = measured.GetSeconds();
    uint64_t total = 0;
    for (size_t k = 0; k < stacks.size(); ++k)
    {
        total += counts[k].bytes;
        if (stacks.size() > 1)
        {
            result.SetMetric(k == 0 ? "bandwidthTengig" : "bandwidthIb",
                             8.0 * counts[k].bytes / seconds / 1e6,
                             "Mb/s");
        }
    }
    result.SetMetric("bandwidth", 8.0 * total / seconds / 1e6, "Mb/s");
    result.SetMetric("bytesMeasured", double(total), "B");
}

/**
 * The TCP segment size for the stack's MTU, read when the applications create their
 * sockets (CUBIC is set in main, before the internet stack: TcpL4Protocol reads SocketType
 * when it is created; the buffers are TcpChoice's).
 */
void
ConfigureTcp(uint32_t mtu)
{
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(mtu - kTcpIpHeaders));
}

} // namespace

int
main(int argc, char* argv[])
{
    Scenario scenario("vpi-microbench",
                      "latency or bandwidth of one message size over verbs, SDP, IPoIB or "
                      "10 GbE between two ConnectX VPI hosts");
    Options o;
    HostFlags hostFlags;
    TcpChoice tcp;
    auto& flags = scenario.Flags();
    AddFlags(flags, o);
    VpiCabling cabling;
    cabling.AddInfinibandFlags(flags);
    hostFlags.AddProfile(flags, "host", "both hosts", "vpi-opteron-2.0-connectx", "");
    tcp.AddFlag(flags, "both hosts");
    tcp.AddWindowFlag(flags, 4U << 20);
    flags.AddInputCheck([&tcp, &hostFlags]() { return tcp.CheckWindow(&hostFlags.GetProfile(0)); });
    if (auto exitCode = scenario.Parse(argc, argv))
    {
        return *exitCode;
    }

    Config::SetDefault("ns3::TcpL4Protocol::SocketType", StringValue("ns3::TcpCubic"));
    cabling.tengigDelay = o.linkDelay;
    cabling.ibDelay = o.ibDelay;
    cabling.aic = o.aic;
    cabling.rxFrames = o.rxFrames;
    VpiHosts bed(2, hostFlags, cabling);
    tcp.Install(bed.hosts, &hostFlags.GetProfile(0));
    bed.InstallInternet(o.Has("ipoib-datagram") ? "Datagram" : "Connected",
                        o.Has("sdp"),
                        hostFlags.GetProfile(0));
    ConfigureTcp(TcpMtu(bed, o));
    const Time half = kStart + o.duration / 2;
    const Time end = kStart + o.duration;
    auto& result = scenario.Result();
    if (o.stack == "verbs")
    {
        VerbsBench verbs(bed.hca[0], bed.hca[1], o);
        verbs.measureFrom = half;
        verbs.measureTo = end;
        Simulator::Schedule(kStart, &VerbsBench::Start, &verbs);
        scenario.Run(o.test == "latency" ? Seconds(100) : end);
        if (o.test == "latency")
        {
            result.SetMetric("latency", verbs.Latency().GetSeconds() * 1e6, "us");
        }
        else
        {
            result.SetMetric("bandwidth",
                             8.0 * verbs.received / (end - half).GetSeconds() / 1e6,
                             "Mb/s");
            result.SetMetric("bytesMeasured", double(verbs.received), "B");
        }
    }
    else if (o.test == "latency")
    {
        Ptr<PingPongClient> client = InstallPingPong(bed, o);
        scenario.Run(Seconds(100));
        result.SetMetric("latency", client->GetMeanOneWayLatency().GetSeconds() * 1e6, "us");
        result.SetMetric("exchanges", double(client->GetCompleted()), "");
    }
    else
    {
        const auto stacks = o.Stacks();
        std::vector<SinkCount> counts(stacks.size(), SinkCount{half, end, 0});
        std::vector<std::unique_ptr<TcpStreamSender>> tcpSenders;
        for (size_t k = 0; k < stacks.size(); ++k)
        {
            InstallStreams(bed, o, stacks[k], kPort + 100 * k, &counts[k], &tcpSenders);
        }
        scenario.Run(end);
        WriteBandwidths(result, stacks, counts, end - half);
    }
    if (!o.Has("verbs") && !(o.stack == "sdp"))
    {
        result.SetMetric("mtu", double(TcpMtu(bed, o)), "B"); // the TCP stacks' IP device
    }
    return scenario.Finish();
}
