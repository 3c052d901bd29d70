/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ping-series.h"

#include "attribute-default.h"
#include "hybridnet/flood-ping.h"

#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetPingSeries");

PingSeries::PingSeries()
    : m_interval(Seconds(1)),
      m_size(AttributeDefault<UintegerValue>(FloodPing::GetTypeId(), "Size").Get())
{
}

void
PingSeries::AddFlags(ScenarioFlags& flags, const std::string& when, bool flood, uint32_t count)
{
    m_count = count;
    flags.AddCount("pingCount",
                   "number of pings " + when + " (0: no ping series)",
                   &m_count,
                   0,
                   1000000);
    flags.AddTime("pingInterval",
                  "time between pings (ping -i)",
                  &m_interval,
                  MilliSeconds(1),
                  Hours(1));
    // The series must end well inside the picosecond clock's range (2^63 ps, 106 days).
    flags.AddConstraint("pingCount x pingInterval is at most 30 days", [this]() {
        return m_flood || double(m_count) * m_interval.GetSeconds() <= 30 * 86400.0;
    });
    if (!flood)
    {
        return;
    }
    flags.AddBool("pingFlood",
                  "flood ping (ping -f): each ping leaves when the previous reply arrives, or "
                  "10 ms after the previous ping; --pingInterval is not used",
                  &m_flood);
    flags.AddSize("pingSize", "ICMP data bytes per ping (ping -s)", &m_size, 0, 65000);
    flags.AddConstraint("pingFlood sends at most 65536 pings (pingCount)",
                        [this]() { return !m_flood || m_count <= 65536; });
}

std::optional<Time>
PingSeries::Install(Ptr<Node> from, Ipv4Address to, Time start)
{
    m_start = start;
    if (m_count == 0)
    {
        return std::nullopt;
    }
    return m_flood ? InstallFlood(from, to, start) : InstallPeriodic(from, to, start);
}

Time
PingSeries::InstallFlood(Ptr<Node> from, Ipv4Address to, Time start)
{
    Ptr<FloodPing> flood = CreateObject<FloodPing>();
    flood->SetAttribute("Remote", Ipv4AddressValue(to));
    flood->SetAttribute("Count", UintegerValue(m_count));
    flood->SetAttribute("Size", UintegerValue(m_size));
    from->AddApplication(flood);
    TimeValue minInterval;
    flood->GetAttribute("MinInterval", minInterval);
    const Time lastRequest = start + minInterval.Get() * (m_count - 1);
    flood->SetStartTime(start);
    flood->SetStopTime(lastRequest + minInterval.Get());
    flood->TraceConnectWithoutContext("Rtt", MakeCallback(&PingSeries::Record, this));
    return lastRequest + Seconds(1);
}

Time
PingSeries::InstallPeriodic(Ptr<Node> from, Ipv4Address to, Time start)
{
    Ptr<FloodPing> ping = CreateObject<FloodPing>();
    ping->SetAttribute("Remote", Ipv4AddressValue(to));
    ping->SetAttribute("Count", UintegerValue(m_count));
    ping->SetAttribute("Size", UintegerValue(m_size));
    ping->SetAttribute("Interval", TimeValue(m_interval));
    from->AddApplication(ping);
    ping->SetStartTime(start);
    ping->SetStopTime(start + m_interval * m_count);
    ping->TraceConnectWithoutContext("Rtt", MakeCallback(&PingSeries::Record, this));
    return start + m_interval * m_count + Seconds(1);
}

void
PingSeries::Record(uint16_t seq, Time rtt)
{
    m_seq.push_back(seq);
    m_rtt.push_back(rtt.GetNanoSeconds() / 1000.0);
    m_lastReply = Simulator::Now();
}

size_t
PingSeries::GetAnswered() const
{
    return m_rtt.size();
}

void
PingSeries::WriteStatistics(ResultDocument& result) const
{
    if (m_rtt.empty())
    {
        return;
    }
    // Moments of the samples shifted by the first one: exact for a constant series.
    const double n = m_rtt.size();
    const double shift = m_rtt.front();
    double sum = 0;
    double sumSq = 0;
    for (double r : m_rtt)
    {
        sum += r - shift;
        sumSq += (r - shift) * (r - shift);
    }
    const double var = n > 1 ? std::max(0.0, (sumSq - sum * sum / n) / (n - 1)) : 0.0;
    result.SetMetric("pingRttMin", *std::min_element(m_rtt.begin(), m_rtt.end()), "us");
    result.SetMetric("pingRttMax", *std::max_element(m_rtt.begin(), m_rtt.end()), "us");
    result.SetMetric("pingRttMean", shift + sum / n, "us");
    result.SetMetric("pingRttSd", std::sqrt(var), "us");
    if (m_flood && m_lastReply > m_start)
    {
        result.SetMetric("pingRate", n / (m_lastReply - m_start).GetSeconds(), "1/s");
    }
    if (m_flood && m_rtt.size() > 1)
    {
        result.SetMetric("floodRttMin", *std::min_element(m_rtt.begin() + 1, m_rtt.end()), "us");
        result.SetMetric("floodRttMax", *std::max_element(m_rtt.begin() + 1, m_rtt.end()), "us");
    }
}

void
PingSeries::WriteSeries(ResultDocument& result) const
{
    result.SetSeries("pingRtt", {{"seq", "", m_seq}, {"rtt", "us", m_rtt}});
}

} // namespace hybridnet
} // namespace ns3
