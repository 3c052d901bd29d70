/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "pipechar.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <limits>
#include <sstream>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetPipechar");
NS_OBJECT_ENSURE_REGISTERED(Pipechar);

namespace
{

constexpr uint32_t kHeaders = 28; //!< IP 20 + UDP 8: the smallest datagram

/** Dispersion statistics of one hop's trains, (2): per gap, g = D / (n - 1). */
struct Dispersion
{
    double least{0};    //!< g_min, s
    double mean{0};     //!< g_mean, s
    double stddev{0};   //!< s
    uint32_t usable{0}; //!< trains with n >= 2 and D > 0
};

/** @return (2)'s statistics of @p trains' arrival times */
Dispersion
Measure(const std::vector<std::vector<Time>>& trains)
{
    std::vector<double> gaps;
    for (const auto& arrivals : trains)
    {
        const double span =
            arrivals.size() < 2 ? 0.0 : (arrivals.back() - arrivals.front()).GetSeconds();
        if (span > 0)
        {
            gaps.push_back(span / double(arrivals.size() - 1));
        }
    }
    Dispersion d;
    d.usable = uint32_t(gaps.size());
    if (gaps.empty())
    {
        return d;
    }
    d.least = *std::min_element(gaps.begin(), gaps.end());
    for (double g : gaps)
    {
        d.mean += g / double(gaps.size());
    }
    for (double g : gaps)
    {
        d.stddev += (g - d.mean) * (g - d.mean) / double(gaps.size());
    }
    d.stddev = std::sqrt(d.stddev);
    return d;
}

} // namespace

TypeId
Pipechar::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::Pipechar")
            .SetParent<Application>()
            .SetGroupName("Hybridnet")
            .AddConstructor<Pipechar>()
            .AddAttribute("Remote",
                          "The host whose path is characterised.",
                          Ipv4AddressValue(),
                          MakeIpv4AddressAccessor(&Pipechar::m_remote),
                          MakeIpv4AddressChecker())
            .AddAttribute("FirstHop",
                          "TTL of the first hop probed. Range 1 to 255.",
                          UintegerValue(1),
                          MakeUintegerAccessor(&Pipechar::m_firstHop),
                          MakeUintegerChecker<uint32_t>(1, 255))
            .AddAttribute("MaxHops",
                          "TTL of the last hop probed if Remote has not answered. Range 1 to "
                          "255.",
                          UintegerValue(30),
                          MakeUintegerAccessor(&Pipechar::m_maxHops),
                          MakeUintegerChecker<uint32_t>(1, 255))
            .AddAttribute("TrainLength",
                          "Datagrams per train, sent back to back (assumption). Range 2 to "
                          "1000.",
                          UintegerValue(8),
                          MakeUintegerAccessor(&Pipechar::m_trainLength),
                          MakeUintegerChecker<uint32_t>(2, 1000))
            .AddAttribute("Trains",
                          "Trains per hop (assumption). Range 1 to 1000000.",
                          UintegerValue(16),
                          MakeUintegerAccessor(&Pipechar::m_trains),
                          MakeUintegerChecker<uint32_t>(1, 1000000))
            .AddAttribute("PacketSize",
                          "IP bytes of each datagram. Range 28 to 65535.",
                          UintegerValue(1500),
                          MakeUintegerAccessor(&Pipechar::m_packetSize),
                          MakeUintegerChecker<uint32_t>(kHeaders, 65535))
            .AddAttribute("Gap",
                          "Wait after each train (assumption). Range 0 s to 1 h.",
                          TimeValue(MilliSeconds(100)),
                          MakeTimeAccessor(&Pipechar::m_gap),
                          MakeTimeChecker(Seconds(0), Hours(1)))
            .AddAttribute("Timeout",
                          "A train not fully answered after this long ends. Range 1 ns to 1 h.",
                          TimeValue(Seconds(2)),
                          MakeTimeAccessor(&Pipechar::m_timeout),
                          MakeTimeChecker(NanoSeconds(1), Hours(1)))
            .AddAttribute("TimerResolution",
                          "Arrival times are rounded down to a multiple of this: the measuring "
                          "host's clock (gettimeofday, 1 us). Range 0 s (exact) to 1 s.",
                          TimeValue(MicroSeconds(1)),
                          MakeTimeAccessor(&Pipechar::m_resolution),
                          MakeTimeChecker(Seconds(0), Seconds(1)))
            .AddAttribute("Threshold",
                          "A hop is a new narrowest link when its capacity is below the "
                          "earlier hops' least by more than this fraction. Range 0 to 1.",
                          DoubleValue(0.1),
                          MakeDoubleAccessor(&Pipechar::m_threshold),
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute("Port",
                          "UDP destination port of the datagrams (one closed at Remote).",
                          UintegerValue(33434),
                          MakeUintegerAccessor(&Pipechar::m_port),
                          MakeUintegerChecker<uint16_t>(1));
    return tid;
}

Pipechar::Pipechar() = default;
Pipechar::~Pipechar() = default;

void
Pipechar::DoDispose()
{
    m_timeoutEvent.Cancel();
    m_nextEvent.Cancel();
    m_socket = nullptr;
    m_doneCallback = Callback<void>();
    Application::DoDispose();
}

void
Pipechar::SetDoneCallback(Callback<void> done)
{
    m_doneCallback = done;
}

void
Pipechar::StartApplication()
{
    m_samples.push_back({m_firstHop, Ipv4Address(), {}});
    SendTrain();
}

void
Pipechar::StopApplication()
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
Pipechar::SendTrain()
{
    Samples& hop = m_samples.back();
    hop.trains.emplace_back();
    m_socket = Socket::CreateSocket(GetNode(), UdpSocketFactory::GetTypeId());
    m_socket->Bind();
    m_socket->SetAttribute(
        "IcmpCallback",
        CallbackValue(Callback<void, Ipv4Address, uint8_t, uint8_t, uint8_t, uint32_t>(
            [this](Ipv4Address from, uint8_t, uint8_t, uint8_t, uint32_t) { Answer(from); })));
    m_socket->SetIpTtl(uint8_t(hop.ttl));
    for (uint32_t k = 0; k < m_trainLength; ++k)
    {
        m_socket->SendTo(Create<Packet>(m_packetSize - kHeaders),
                         0,
                         InetSocketAddress(m_remote, m_port));
    }
    m_sent += m_trainLength;
    m_timeoutEvent = Simulator::Schedule(m_timeout, &Pipechar::EndTrain, this);
}

void
Pipechar::Answer(Ipv4Address from)
{
    Time now = Simulator::Now();
    if (m_resolution.IsStrictlyPositive())
    {
        now = m_resolution * (now.GetTimeStep() / m_resolution.GetTimeStep());
    }
    Samples& hop = m_samples.back();
    hop.trains.back().push_back(now);
    hop.responder = from;
    m_reachedRemote = m_reachedRemote || from == m_remote;
    if (hop.trains.back().size() == m_trainLength)
    {
        m_timeoutEvent.Cancel();
        // after the socket's own call returns: EndTrain closes the socket
        m_timeoutEvent = Simulator::ScheduleNow(&Pipechar::EndTrain, this);
    }
}

void
Pipechar::EndTrain()
{
    m_socket->Close();
    m_socket = nullptr;
    m_nextEvent = Simulator::Schedule(m_gap, &Pipechar::Advance, this);
}

void
Pipechar::Advance()
{
    if (++m_train < m_trains)
    {
        SendTrain();
        return;
    }
    m_train = 0;
    const uint32_t ttl = m_samples.back().ttl;
    if (m_reachedRemote || ttl >= m_maxHops)
    {
        m_done = true;
        if (!m_doneCallback.IsNull())
        {
            m_doneCallback();
        }
        return;
    }
    m_samples.push_back({ttl + 1, Ipv4Address(), {}});
    SendTrain();
}

std::vector<Pipechar::Hop>
Pipechar::GetHops() const
{
    std::vector<Hop> hops;
    double narrowest = std::numeric_limits<double>::infinity();
    for (const Samples& s : m_samples)
    {
        Hop h;
        h.ttl = s.ttl;
        h.responder = s.responder;
        h.trains = uint32_t(s.trains.size());
        for (const auto& arrivals : s.trains)
        {
            h.answers += uint32_t(arrivals.size());
        }
        const Dispersion d = Measure(s.trains);
        h.usable = d.usable;
        if (d.usable > 0)
        {
            h.capacity = 8.0 * m_packetSize / d.least;
            h.utilisation = std::max(0.0, 1 - d.least / d.mean); // 0, not -0, when equal
            h.jitter = d.stddev / d.mean;
            h.narrowest = h.capacity < (1 - m_threshold) * narrowest;
            narrowest = std::min(narrowest, h.capacity);
        }
        hops.push_back(h);
    }
    return hops;
}

int
Pipechar::GetBottleneck() const
{
    const std::vector<Hop> hops = GetHops();
    int last = -1;
    for (size_t i = 0; i < hops.size(); ++i)
    {
        if (hops[i].narrowest)
        {
            last = int(i);
        }
    }
    return last;
}

bool
Pipechar::IsDone() const
{
    return m_done;
}

uint64_t
Pipechar::GetProbesSent() const
{
    return m_sent;
}

std::string
Pipechar::GetReport() const
{
    std::ostringstream out;
    out << std::fixed << std::setprecision(3);
    out << "pipechar to " << m_remote << ": " << m_trains << " trains of " << m_trainLength << " x "
        << m_packetSize << " B per hop\n";
    const std::vector<Hop> hops = GetHops();
    const int bottleneck = GetBottleneck();
    for (size_t i = 0; i < hops.size(); ++i)
    {
        const Hop& h = hops[i];
        out << std::setw(2) << h.ttl << ": " << h.responder;
        if (h.usable == 0)
        {
            out << "  no usable train (" << h.answers << " answers)\n";
            continue;
        }
        out << "  " << h.capacity / 1e6 << " Mb/s, utilisation " << 100 * h.utilisation
            << " %, jitter " << 100 * h.jitter << " %";
        if (int(i) == bottleneck)
        {
            out << "  <- bottleneck";
        }
        else if (!h.narrowest)
        {
            out << "  (unreliable: behind a narrower hop)";
        }
        out << "\n";
    }
    return out.str();
}

} // namespace hybridnet
} // namespace ns3
