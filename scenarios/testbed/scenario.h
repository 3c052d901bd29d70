/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_SCENARIO_H
#define HYBRIDNET_SCENARIO_H

#include "result-document.h"
#include "run-progress.h"
#include "scenario-flags.h"

#include "ns3/nstime.h"

#include <deque>
#include <functional>
#include <optional>
#include <string>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief The scenario contract: flags in, one simulation, one JSON result out.
 *
 * A scenario program binds its knobs to Flags(), calls Parse(), builds its topology, calls
 * Run(), records metrics into Result() and returns Finish():
 *
 *     Scenario scenario("gige-iperf", "bulk TCP and ping between two GigE hosts");
 *     Time simTime = Seconds(10);
 *     scenario.Flags().AddTime("simTime", "transfer duration", &simTime, MilliSeconds(1),
 * Hours(1)); if (auto exitCode = scenario.Parse(argc, argv)) { return *exitCode; }
 *     ... build the topology ...
 *     scenario.Run(simTime);
 *     scenario.Result().SetMetric("goodput", mbps, "Mb/s");
 *     return scenario.Finish();
 *
 * Besides the scenario's own flags every scenario has: --RngSeed and --RngRun (ns-3's
 * RngSeedManager), --output (the result file; default <scenario>.json), --progress
 * (progress lines on stderr) and --check (validate the flags and rules, then exit 0
 * without simulating; sweeps use it to check a spec before anything runs).  Exit codes: 0 success,
 * 1 failure to write the result, 2 bad input (a one-line message on stderr, nothing written).
 * Parse() also sets what every scenario's hosts share with Linux: ARP requests go out at once
 * (ns-3's ArpL3Protocol RequestJitter of 0-10 ms becomes 0).
 *
 * The simulation clock ticks in picoseconds (Time::SetResolution in the constructor, before
 * any Time a scenario holds exists). At ns-3's default nanosecond tick a frame's serialisation
 * time is rounded down: 1502 B at 40 Gb/s takes 300.4 ns and was sent in 300 ns, so a 40 Gb/s
 * link ran 0.13 % fast and goodput exceeded the framing bound. In picoseconds the error is
 * under 0.5 ps per frame (2e-6 at 40 Gb/s); the longest time a 64-bit clock then holds is
 * 2^63 ps, about 106 days of simulated time.
 */
class Scenario
{
  public:
    Scenario(std::string name, std::string description);

    /** @return the flags, to bind the scenario's knobs before Parse(). */
    ScenarioFlags& Flags();
    /**
     * Parse and apply the command line.
     * @return nothing if the scenario should go on; otherwise the exit code (0 after --help or
     *         --schema, 2 after a bad argument, with its one-line message on stderr)
     */
    std::optional<int> Parse(int argc, char* argv[]);
    /**
     * A file the run writes besides its result (a tool's text report, a NetLogger ULM log):
     * the flag --<name>, a path whose folder must exist (none by default: not written).
     * Finish() writes it atomically with @p text(), called after the run and before the
     * simulation is destroyed. An output file is not a model parameter: it is left out of
     * the result's parameters, as --output is.
     */
    void AddOutputFile(const std::string& name,
                       const std::string& help,
                       std::function<std::string()> text);
    /**
     * Report progress by @p measure (the share of the work done, 0 to 1, polled every
     * @p every) instead of by simulated time: for a run that ends when its work is done,
     * long before its stop time (RunProgress::SetMeasure). Call before Run.
     */
    void SetProgressMeasure(std::function<double()> measure, Time every);
    /**
     * Tell the user, in one line on stderr ("<scenario>: warning: <text>"), something the
     * run will not show: that its configuration lies where a model is known to be less
     * accurate. The run goes on.
     * @param text the warning
     */
    void Warn(const std::string& text) const;
    /** Run the simulation until @p stop, with progress ticks, and record run statistics. */
    void Run(Time stop);
    /** @return the result document, to add metrics and series after Run(). */
    ResultDocument& Result();
    /** Write the result file, destroy the simulation. @return the exit code */
    int Finish();

  private:
    std::string m_name;
    std::string m_description;
    ScenarioFlags m_flags;
    ResultDocument m_result;
    uint32_t m_rngSeed{1};
    uint64_t m_rngRun{1};
    std::string m_output;
    bool m_progress{false};
    std::function<double()> m_progressMeasure; //!< SetProgressMeasure's, or none

    /** AddOutputFile's: flag name, path given (or ""), text. */
    struct OutputFile
    {
        std::string name;
        std::string path;
        std::function<std::string()> text;
    };

    std::deque<OutputFile> m_outputFiles; //!< a deque: the flags hold pointers to the paths
    Time m_progressEvery;                 //!< its poll interval
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_SCENARIO_H
