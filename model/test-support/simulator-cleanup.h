/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_SIMULATOR_CLEANUP_H
#define HYBRIDNET_SIMULATOR_CLEANUP_H

#include "ns3/simulator.h"

namespace ns3
{
namespace hybridnet
{

/**
 * Destroys the simulator when a test case returns, also early from a failed assertion
 * (NS_TEST_ASSERT_* returns from DoRun), so the next case starts from a clean simulator.
 * For the modules' test suites only: every test library has model/test-support on its
 * include path.
 */
struct SimulatorCleanup
{
    ~SimulatorCleanup()
    {
        Simulator::Destroy();
    }
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_SIMULATOR_CLEANUP_H
