/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "result-document.h"

#include "hybridnet/version-info.h"

#include "ns3/abort.h"
#include "ns3/log.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sys/resource.h>
#include <unistd.h>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetResultDocument");

namespace
{
nlohmann::ordered_json
Quantity(double value, const std::string& unit)
{
    nlohmann::ordered_json j;
    j["value"] = value;
    j["unit"] = unit;
    return j;
}
} // namespace

void
ResultDocument::SetScenario(const std::string& name, const std::string& description)
{
    m_scenario = name;
    m_description = description;
}

void
ResultDocument::SetParameters(const std::vector<ScenarioFlags::Parameter>& parameters)
{
    m_parameters = parameters;
}

void
ResultDocument::SetRng(uint32_t seed, uint64_t run)
{
    m_seed = seed;
    m_run = run;
}

void
ResultDocument::SetRunStatistics(double simulatedSeconds, uint64_t eventCount, double wallSeconds)
{
    m_simulatedSeconds = simulatedSeconds;
    m_eventCount = eventCount;
    m_wallSeconds = wallSeconds;
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage); // Linux: ru_maxrss in KiB
    m_peakMemoryBytes = double(usage.ru_maxrss) * 1024.0;
}

void
ResultDocument::SetMetric(const std::string& name, double value, const std::string& unit)
{
    for (auto& m : m_metrics)
    {
        if (m.name == name)
        {
            m = Metric{name, value, unit};
            return;
        }
    }
    m_metrics.push_back(Metric{name, value, unit});
}

void
ResultDocument::SetSeries(const std::string& name, const std::vector<Column>& columns)
{
    for (const auto& c : columns)
    {
        NS_ABORT_MSG_IF(c.values.size() != columns.front().values.size(),
                        "series " << name << ": column " << c.name << " has another length");
    }
    for (auto& s : m_series)
    {
        if (s.name == name)
        {
            s.columns = columns;
            return;
        }
    }
    m_series.push_back(Series{name, columns});
}

void
ResultDocument::AddEvent(Time time, std::string object, std::string event, std::string detail)
{
    NS_ABORT_MSG_IF(time.IsStrictlyNegative(), "event " << event << " at negative time");
    m_events.push_back(Event{time, std::move(object), std::move(event), std::move(detail)});
}

std::string
ResultDocument::Serialize() const
{
    nlohmann::ordered_json doc;
    doc["schemaVersion"] = 1;
    doc["scenario"] = m_scenario;
    doc["description"] = m_description;
    nlohmann::ordered_json parameters = nlohmann::ordered_json::object();
    for (const auto& p : m_parameters)
    {
        nlohmann::ordered_json j;
        j["text"] = p.text;
        if (p.numeric)
        {
            j["value"] = p.siValue;
            j["unit"] = p.unit;
        }
        else
        {
            j["value"] = p.text;
        }
        parameters[p.name] = j;
    }
    doc["parameters"] = parameters;
    doc["rng"] = {{"seed", m_seed}, {"run", m_run}};
    doc["versions"] = {{"hybridnet", HYBRIDNET_VERSION_STRING},
                       {"ns3", HYBRIDNET_NS3_VERSION_STRING}};
    doc["simulatedTime"] = Quantity(m_simulatedSeconds, "s");
    doc["eventCount"] = m_eventCount;
    nlohmann::ordered_json metrics = nlohmann::ordered_json::object();
    for (const auto& m : m_metrics)
    {
        metrics[m.name] = Quantity(m.value, m.unit);
    }
    doc["metrics"] = metrics;
    nlohmann::ordered_json series = nlohmann::ordered_json::object();
    for (const auto& s : m_series)
    {
        nlohmann::ordered_json table = nlohmann::ordered_json::object();
        for (const auto& c : s.columns)
        {
            table[c.name] = {{"unit", c.unit}, {"values", c.values}};
        }
        series[s.name] = table;
    }
    doc["series"] = series;
    if (!m_events.empty())
    {
        std::vector<Event> events = m_events;
        std::stable_sort(events.begin(), events.end(), [](const Event& a, const Event& b) {
            return a.time < b.time;
        });
        nlohmann::ordered_json log = nlohmann::ordered_json::array();
        for (const auto& e : events)
        {
            log.push_back({{"time", e.time.GetSeconds()},
                           {"object", e.object},
                           {"event", e.event},
                           {"detail", e.detail}});
        }
        doc["events"] = log;
    }
    doc["wallClock"] = {{"wallTime", Quantity(m_wallSeconds, "s")},
                        {"peakMemory", Quantity(m_peakMemoryBytes, "B")}};
    return doc.dump(2) + "\n";
}

std::string
ResultDocument::Write(const std::string& path) const
{
    return WriteFileAtomically(path, Serialize());
}

std::string
WriteFileAtomically(const std::string& path, const std::string& text)
{
    std::string tmp = path + ".tmp." + std::to_string(getpid());
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        if (!out)
        {
            return "cannot write " + tmp + ": " + std::strerror(errno);
        }
        out << text;
        out.close();
        if (!out)
        {
            std::remove(tmp.c_str());
            return "cannot write " + tmp;
        }
    }
    if (std::rename(tmp.c_str(), path.c_str()) != 0)
    {
        std::string problem = std::strerror(errno);
        std::remove(tmp.c_str());
        return "cannot rename " + tmp + " to " + path + ": " + problem;
    }
    return "";
}

} // namespace hybridnet
} // namespace ns3
