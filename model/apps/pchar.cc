/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "pchar.h"

#include "ns3/abort.h"
#include "ns3/callback.h"
#include "ns3/inet-socket-address.h"
#include "ns3/ipv4-address.h"
#include "ns3/log.h"
#include "ns3/nstime.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <numeric>
#include <sstream>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetPchar");
NS_OBJECT_ENSURE_REGISTERED(Pchar);

namespace
{

constexpr uint32_t kHeaders = 28; //!< IP 20 + UDP 8: the smallest probe

} // namespace

std::optional<LineFit>
LineFit::Fit(const std::vector<double>& x, const std::vector<double>& y)
{
    const size_t n = x.size();
    if (n < 2 || y.size() != n)
    {
        return std::nullopt;
    }
    const double xbar = std::accumulate(x.begin(), x.end(), 0.0) / n;
    const double ybar = std::accumulate(y.begin(), y.end(), 0.0) / n;
    double sxx = 0;
    double sxy = 0;
    double syy = 0;
    for (size_t i = 0; i < n; ++i)
    {
        sxx += (x[i] - xbar) * (x[i] - xbar);
        sxy += (x[i] - xbar) * (y[i] - ybar);
        syy += (y[i] - ybar) * (y[i] - ybar);
    }
    if (sxx == 0)
    {
        return std::nullopt;
    }
    LineFit f;
    f.b = sxy / sxx;
    f.a = ybar - f.b * xbar;
    f.r2 = syy == 0 ? 1.0 : sxy * sxy / (sxx * syy);
    double ssr = 0;
    for (size_t i = 0; i < n; ++i)
    {
        const double e = y[i] - f.a - f.b * x[i];
        ssr += e * e;
    }
    const double s2 = n > 2 ? ssr / (n - 2) : 0.0;
    f.seB = std::sqrt(s2 / sxx);
    f.seA = std::sqrt(s2 * (1.0 / n + xbar * xbar / sxx));
    return f;
}

TypeId
Pchar::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::Pchar")
            .SetParent<Application>()
            .SetGroupName("Hybridnet")
            .AddConstructor<Pchar>()
            .AddAttribute("Remote",
                          "The host whose path is characterised.",
                          Ipv4AddressValue(),
                          MakeIpv4AddressAccessor(&Pchar::m_remote),
                          MakeIpv4AddressChecker())
            .AddAttribute("FirstHop",
                          "TTL of the first hop probed (pchar -h). Range 1 to 255.",
                          UintegerValue(1),
                          MakeUintegerAccessor(&Pchar::m_firstHop),
                          MakeUintegerChecker<uint32_t>(1, 255))
            .AddAttribute("MaxHops",
                          "TTL of the last hop probed if Remote has not answered (pchar -H). "
                          "Range 1 to 255.",
                          UintegerValue(30),
                          MakeUintegerAccessor(&Pchar::m_maxHops),
                          MakeUintegerChecker<uint32_t>(1, 255))
            .AddAttribute("Increment",
                          "Step of the probe sizes, IP bytes (pchar -I). Range 1 to 65535.",
                          UintegerValue(32),
                          MakeUintegerAccessor(&Pchar::m_increment),
                          MakeUintegerChecker<uint32_t>(1, 65535))
            .AddAttribute("Mtu",
                          "Largest probe, IP bytes (pchar -m). Range 28 to 65535.",
                          UintegerValue(1500),
                          MakeUintegerAccessor(&Pchar::m_mtu),
                          MakeUintegerChecker<uint32_t>(kHeaders, 65535))
            .AddAttribute("Repetitions",
                          "Probes of each size at each hop (pchar -n). Range 1 to 1000000.",
                          UintegerValue(32),
                          MakeUintegerAccessor(&Pchar::m_repetitions),
                          MakeUintegerChecker<uint32_t>(1, 1000000))
            .AddAttribute("Gap",
                          "Wait after each answer or loss before the next probe (pchar -g). "
                          "Range 0 s to 1 h.",
                          TimeValue(MilliSeconds(250)),
                          MakeTimeAccessor(&Pchar::m_gap),
                          MakeTimeChecker(Seconds(0), Hours(1)))
            .AddAttribute("Timeout",
                          "A probe without an answer after this long is lost (pchar -t). "
                          "Range 1 ns to 1 h.",
                          TimeValue(Seconds(3)),
                          MakeTimeAccessor(&Pchar::m_timeout),
                          MakeTimeChecker(NanoSeconds(1), Hours(1)))
            .AddAttribute("TimerResolution",
                          "Round trips are rounded down to a multiple of this: the measuring "
                          "host's clock (gettimeofday, 1 us). Range 0 s (exact) to 1 s.",
                          TimeValue(MicroSeconds(1)),
                          MakeTimeAccessor(&Pchar::m_resolution),
                          MakeTimeChecker(Seconds(0), Seconds(1)))
            .AddAttribute("Port",
                          "UDP destination port of the probes (one closed at Remote).",
                          UintegerValue(32768),
                          MakeUintegerAccessor(&Pchar::m_port),
                          MakeUintegerChecker<uint16_t>(1));
    return tid;
}

Pchar::Pchar() = default;
Pchar::~Pchar() = default;

void
Pchar::DoDispose()
{
    m_timeoutEvent.Cancel();
    m_nextEvent.Cancel();
    m_socket = nullptr;
    m_doneCallback = Callback<void>();
    Application::DoDispose();
}

std::vector<uint32_t>
Pchar::GetSizes() const
{
    std::vector<uint32_t> sizes;
    for (uint32_t s = m_increment; s <= m_mtu; s += m_increment)
    {
        if (s >= kHeaders)
        {
            sizes.push_back(s);
        }
    }
    return sizes;
}

void
Pchar::StartApplication()
{
    m_sizes = GetSizes();
    NS_ABORT_MSG_IF(m_sizes.size() < 2,
                    "Pchar: fewer than two probe sizes between 28 B and Mtu in steps of "
                        << m_increment << " B");
    m_samples.push_back({m_firstHop, Ipv4Address(), 0, {}});
    m_samples.back().rtts.resize(m_sizes.size());
    SendProbe();
}

void
Pchar::StopApplication()
{
    m_timeoutEvent.Cancel();
    m_nextEvent.Cancel();
    if (m_socket)
    {
        m_socket->Close();
        m_socket = nullptr;
    }
}

void
Pchar::SendProbe()
{
    Samples& hop = m_samples.back();
    m_socket = Socket::CreateSocket(GetNode(), UdpSocketFactory::GetTypeId());
    m_socket->Bind();
    m_socket->SetAttribute(
        "IcmpCallback",
        CallbackValue(Callback<void, Ipv4Address, uint8_t, uint8_t, uint8_t, uint32_t>(
            [this](Ipv4Address from, uint8_t, uint8_t type, uint8_t, uint32_t) {
                // after the socket's own call returns: Finish closes the socket
                Simulator::ScheduleNow(&Pchar::Finish, this, true, from, type);
            })));
    m_socket->SetIpTtl(uint8_t(hop.ttl));
    m_socket->SendTo(Create<Packet>(m_sizes[m_sizeIndex] - kHeaders),
                     0,
                     InetSocketAddress(m_remote, m_port));
    ++hop.sent;
    ++m_sent;
    m_sentAt = Simulator::Now();
    m_timeoutEvent = Simulator::Schedule(m_timeout, [this]() { Finish(false, Ipv4Address(), 0); });
}

void
Pchar::Finish(bool answered, Ipv4Address from, uint8_t /* type */)
{
    if (!m_socket)
    {
        return; // the probe has already ended (answered twice, or answered at its timeout)
    }
    m_timeoutEvent.Cancel();
    m_socket->Close();
    m_socket = nullptr;
    if (answered)
    {
        Time rtt = Simulator::Now() - m_sentAt;
        if (m_resolution.IsStrictlyPositive())
        {
            rtt = m_resolution * (rtt.GetTimeStep() / m_resolution.GetTimeStep());
        }
        Samples& hop = m_samples.back();
        hop.rtts[m_sizeIndex].push_back(rtt.GetSeconds());
        hop.responder = from;
        m_reachedRemote = m_reachedRemote || from == m_remote;
    }
    m_nextEvent = Simulator::Schedule(m_gap, &Pchar::Advance, this, m_reachedRemote);
}

void
Pchar::Advance(bool reachedRemote)
{
    if (++m_sizeIndex < m_sizes.size())
    {
        SendProbe();
        return;
    }
    m_sizeIndex = 0;
    if (++m_repetition < m_repetitions)
    {
        SendProbe();
        return;
    }
    m_repetition = 0;
    const uint32_t ttl = m_samples.back().ttl;
    if (reachedRemote || ttl >= m_maxHops)
    {
        m_done = true;
        if (!m_doneCallback.IsNull())
        {
            m_doneCallback();
        }
        return;
    }
    m_reachedRemote = false;
    m_samples.push_back({ttl + 1, Ipv4Address(), 0, {}});
    m_samples.back().rtts.resize(m_sizes.size());
    SendProbe();
}

std::vector<Pchar::Hop>
Pchar::GetHops() const
{
    std::vector<Hop> hops;
    for (const Samples& s : m_samples)
    {
        Hop h;
        h.ttl = s.ttl;
        h.responder = s.responder;
        h.sent = s.sent;
        h.lost = s.sent; // less each answer below
        std::vector<double> x;
        std::vector<double> y;
        double queued = 0;
        for (size_t k = 0; k < m_sizes.size(); ++k)
        {
            if (s.rtts[k].empty())
            {
                continue;
            }
            const double least = *std::min_element(s.rtts[k].begin(), s.rtts[k].end());
            x.push_back(m_sizes[k]);
            y.push_back(least);
            for (double t : s.rtts[k])
            {
                queued += t - least;
            }
            h.lost -= uint32_t(s.rtts[k].size());
        }
        h.partial = LineFit::Fit(x, y);
        h.queueing = h.sent > h.lost ? queued / (h.sent - h.lost) : 0.0;
        const std::optional<LineFit>* before = hops.empty() ? nullptr : &hops.back().partial;
        if (h.partial && (!before || before->has_value()))
        {
            const double b0 = before ? (*before)->b : 0.0;
            const double a0 = before ? (*before)->a : 0.0;
            h.bandwidth = h.partial->b == b0 ? 0.0 : 8 / (h.partial->b - b0);
            h.rtt = h.partial->a - a0;
        }
        hops.push_back(h);
    }
    return hops;
}

uint64_t
Pchar::GetProbesSent() const
{
    return m_sent;
}

void
Pchar::SetDoneCallback(Callback<void> done)
{
    m_doneCallback = done;
}

bool
Pchar::IsDone() const
{
    return m_done;
}

std::string
Pchar::GetReport() const
{
    std::ostringstream out;
    out << std::fixed << std::setprecision(6);
    out << "pchar to " << m_remote << " using UDP/IPv4\n"
        << "Packet size increments from " << m_sizes.front() << " to " << m_sizes.back() << " by "
        << m_increment << "\n"
        << m_sizes.size() << " test(s) per repetition\n"
        << m_repetitions << " repetition(s) per hop\n";
    for (const Hop& h : GetHops())
    {
        out << std::setw(2) << h.ttl << ": " << h.responder << "\n";
        out << "    Partial loss:      " << h.lost << " / " << h.sent << " ("
            << (h.sent ? 100 * h.lost / h.sent : 0) << "%)\n";
        if (!h.partial)
        {
            out << "    Partial char:      no fit (fewer than two sizes answered)\n";
            continue;
        }
        const LineFit& f = *h.partial;
        out << "    Partial char:      rtt = " << f.a * 1e3 << " ms, (b = " << std::setprecision(9)
            << f.b * 1e3 << " ms/B), r2 = " << std::setprecision(6) << f.r2 << "\n"
            << "                       stddev rtt = " << f.seA * 1e3
            << ", stddev b = " << std::setprecision(9) << f.seB * 1e3 << std::setprecision(6)
            << "\n"
            << "    Partial queueing:  avg = " << h.queueing * 1e3 << " ms ("
            << std::llround(h.queueing * h.bandwidth / 8) << " bytes)\n"
            << "    Hop char:          rtt = " << h.rtt * 1e3 << " ms, bw = " << h.bandwidth / 1e3
            << " Kbps\n";
    }
    return out.str();
}

} // namespace hybridnet
} // namespace ns3
