/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "scenario.h"

#include "ns3/config.h"
#include "ns3/log.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/simulator.h"
#include "ns3/string.h"

#include <algorithm>
#include <chrono>
#include <iostream>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetScenario");

Scenario::Scenario(std::string name, std::string description)
    : m_name(name),
      m_description(description),
      m_flags(name, description),
      m_output(name + ".json")
{
    // Before any Time a scenario's flags hold is made; see the class comment.
    if (Time::GetResolution() != Time::PS)
    {
        Time::SetResolution(Time::PS);
    }
}

ScenarioFlags&
Scenario::Flags()
{
    return m_flags;
}

std::optional<int>
Scenario::Parse(int argc, char* argv[])
{
    m_flags.AddCount("RngSeed",
                     "seed of ns-3's random number generator (RngSeedManager::SetSeed)",
                     &m_rngSeed,
                     1,
                     UINT32_MAX);
    m_flags.AddCount("RngRun",
                     "run number, the independent replication (RngSeedManager::SetRun)",
                     &m_rngRun,
                     1,
                     UINT64_MAX);
    m_flags.AddPath("output", "path of the JSON result file; its folder must exist", &m_output);
    m_flags.AddBool("progress", "print progress lines on stderr during the run", &m_progress);
    bool checkOnly = false;
    m_flags.AddBool("check",
                    "check every flag and rule, then exit (0 if valid) without simulating",
                    &checkOnly);
    m_flags.SetRunOptions({"output", "progress", "check"});

    auto result = m_flags.Parse(std::vector<std::string>(argv + 1, argv + argc));
    switch (result.outcome)
    {
    case ScenarioFlags::Outcome::HELP:
        m_flags.PrintHelp(std::cout);
        return 0;
    case ScenarioFlags::Outcome::SCHEMA:
        m_flags.PrintSchema(std::cout);
        return 0;
    case ScenarioFlags::Outcome::ERROR:
        std::cerr << result.message << "\n";
        return 2;
    case ScenarioFlags::Outcome::OK:
        break;
    }
    if (checkOnly)
    {
        return 0;
    }
    RngSeedManager::SetSeed(m_rngSeed);
    RngSeedManager::SetRun(m_rngRun);
    // Linux resolves an address at once (neigh_resolve_output, arp_solicit); ns-3's ARP
    // waits a random 0-10 ms before each request (RequestJitter, against collisions of
    // wireless broadcasts), which delayed every Ethernet host's first packet
    Config::SetDefault("ns3::ArpL3Protocol::RequestJitter",
                       StringValue("ns3::ConstantRandomVariable[Constant=0.0]"));
    return std::nullopt;
}

void
Scenario::Run(Time stop)
{
    RunProgress progress(std::cerr, m_progress);
    if (m_progressMeasure)
    {
        progress.SetMeasure(m_progressMeasure, m_progressEvery);
    }
    progress.Start(stop);
    Simulator::Stop(stop);
    auto wallStart = std::chrono::steady_clock::now();
    Simulator::Run();
    std::chrono::duration<double> wall = std::chrono::steady_clock::now() - wallStart;
    m_result.SetRunStatistics(Simulator::Now().GetSeconds(),
                              Simulator::GetEventCount(),
                              wall.count());
}

void
Scenario::SetProgressMeasure(std::function<double()> measure, Time every)
{
    m_progressMeasure = std::move(measure);
    m_progressEvery = every;
}

ResultDocument&
Scenario::Result()
{
    return m_result;
}

int
Scenario::Finish()
{
    auto parameters = m_flags.GetParameters();
    // Run options are not model parameters: they go elsewhere (rng) or nowhere.
    std::erase_if(parameters, [this](const auto& p) {
        const bool outputFile = std::any_of(m_outputFiles.begin(),
                                            m_outputFiles.end(),
                                            [&p](const OutputFile& f) { return f.name == p.name; });
        return p.name == "RngSeed" || p.name == "RngRun" || p.name == "output" ||
               p.name == "progress" || p.name == "check" || outputFile;
    });
    m_result.SetScenario(m_name, m_description);
    m_result.SetParameters(parameters);
    m_result.SetRng(m_rngSeed, m_rngRun);
    std::vector<std::pair<std::string, std::string>> files; // path, text
    for (const OutputFile& f : m_outputFiles)
    {
        if (!f.path.empty())
        {
            files.emplace_back(f.path, f.text());
        }
    }
    Simulator::Destroy();
    files.emplace(files.begin(), m_output, m_result.Serialize());
    for (const auto& [path, text] : files)
    {
        if (std::string problem = WriteFileAtomically(path, text); !problem.empty())
        {
            std::cerr << m_name << ": error: " << problem << "\n";
            return 1;
        }
    }
    return 0;
}

void
Scenario::AddOutputFile(const std::string& name,
                        const std::string& help,
                        std::function<std::string()> text)
{
    m_outputFiles.push_back({name, "", std::move(text)});
    m_flags.AddPath(name, help, &m_outputFiles.back().path);
}

void
Scenario::Warn(const std::string& text) const
{
    std::cerr << m_name << ": warning: " << text << "\n";
}

} // namespace hybridnet
} // namespace ns3
