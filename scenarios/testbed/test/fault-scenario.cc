/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * hybridnet-test-faults: a scenario that misbehaves on purpose, for hybridnet's own sweep
 * reliability tests (python/tests/test_sweep_reliability.py).  It is a test scenario
 * (hybridnet_add_scenario ... TEST): runnable by name from sweeps, not listed.
 *
 * What is simulated: no network, only a clock.  One event per microsecond of simulated time
 * counts ticks until --simTime; at t = 0 and every tenth of --simTime an
 * UniformRandomVariable draw is taken, so the result depends on RngSeed and RngRun (and
 * the wall time on --simTime: about 1 s per 15 s simulated).
 *
 *     t = 0                simTime/10                          simTime
 *     |tick|tick|tick| ... |tick| ...   one tick per 1 us  ... |  -> metrics -> fault?
 *     draw                 draw         ... (10 draws)
 *
 * After the run, if the fault applies to this run (--faultOnRun=0, or RngRun equal to it),
 * the program announces it on stderr and then:
 *
 *     none      writes its result and exits 0
 *     segfault  raises SIGSEGV
 *     fatal     NS_FATAL_ERROR (std::terminate: SIGABRT)
 *     exit      std::exit(1) without a result
 *     hang      sleeps forever (until the sweep's timeout kills it)
 *     memory    allocates and touches 64 MiB blocks until allocation fails (std::bad_alloc,
 *               SIGABRT; run it under a memory limit such as prlimit --as=512MiB)
 *
 * Flags (defaults): --fault=none --faultOnRun=0 --simTime=100ms.
 *
 * Metrics: value (the first draw), ticks (events counted), both unit ""; series: draws
 * (time in s, value).
 *
 * Run:  build/bin/hybridnet-test-faults --fault=exit --faultOnRun=2 --RngRun=2
 */
#include "hybridnet/testbed-module.h"

#include "ns3/core-module.h"

#include <csignal>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <unistd.h>
#include <vector>

using namespace ns3;
using namespace ns3::hybridnet;

NS_LOG_COMPONENT_DEFINE("HybridnetTestFaults");

namespace
{

/// Blocks allocated by the memory fault; global so the allocations cannot be elided.
std::vector<char*> g_blocks;

void
Tick(uint64_t* ticks)
{
    ++*ticks;
    Simulator::Schedule(MicroSeconds(1), &Tick, ticks);
}

void
Draw(Ptr<UniformRandomVariable> rv, std::vector<double>* times, std::vector<double>* values)
{
    times->push_back(Simulator::Now().GetSeconds());
    values->push_back(rv->GetValue());
}

[[noreturn]] void
Misbehave(const std::string& fault)
{
    if (fault == "segfault")
    {
        std::raise(SIGSEGV);
    }
    else if (fault == "fatal")
    {
        NS_FATAL_ERROR("hybridnet-test-faults: the fatal fault was asked for");
    }
    else if (fault == "hang")
    {
        while (true)
        {
            pause();
        }
    }
    else if (fault == "memory")
    {
        const size_t block = size_t{64} << 20;
        while (true)
        {
            char* p = new char[block]; // throws std::bad_alloc at the limit
            std::memset(p, 1, block);
            g_blocks.push_back(p);
        }
    }
    std::exit(1); // "exit", and the fall-through of a signal that did not kill
}

} // namespace

int
main(int argc, char* argv[])
{
    Scenario scenario("hybridnet-test-faults",
                      "a clock that counts and draws, then crashes, hangs, exits or exhausts "
                      "memory on request (hybridnet's sweep reliability tests)");
    std::string fault = "none";
    uint64_t faultOnRun = 0;
    Time simTime = MilliSeconds(100);

    auto& flags = scenario.Flags();
    flags.AddChoice("fault",
                    "how the run ends after simulating (none: normally)",
                    &fault,
                    {"none", "segfault", "fatal", "exit", "hang", "memory"});
    flags.AddCount("faultOnRun",
                   "misbehave only in the run whose RngRun is this (0: in every run)",
                   &faultOnRun,
                   0,
                   UINT64_MAX);
    flags.AddTime("simTime",
                  "simulated time (one event per microsecond)",
                  &simTime,
                  MilliSeconds(1),
                  Hours(1));
    if (auto exitCode = scenario.Parse(argc, argv))
    {
        return *exitCode;
    }

    uint64_t ticks = 0;
    std::vector<double> times;
    std::vector<double> values;
    auto rv = CreateObject<UniformRandomVariable>();
    Simulator::Schedule(Seconds(0), &Tick, &ticks);
    for (int k = 0; k < 10; ++k)
    {
        Simulator::Schedule(simTime * k / 10, &Draw, rv, &times, &values);
    }
    scenario.Run(simTime);

    auto& result = scenario.Result();
    result.SetMetric("value", values.front(), "");
    result.SetMetric("ticks", double(ticks), "");
    result.SetSeries("draws", {{"time", "s", times}, {"value", "", values}});

    const uint64_t run = RngSeedManager::GetRun();
    if (fault != "none" && (faultOnRun == 0 || faultOnRun == run))
    {
        std::cerr << "hybridnet-test-faults: fault " << fault << " in run " << run << std::endl;
        Misbehave(fault);
    }
    return scenario.Finish();
}
