/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * hybridnet's test runner: ns-3's TestRunner over every TestSuite of every hybridnet
 * module.  The suites live in the modules' test libraries and register themselves when
 * those libraries load.  Run `hybridnet-test-runner --help` for the options, or run the
 * suites through CTest (`ctest --test-dir build -L quick`).
 */
#include "ns3/test.h"

int
main(int argc, char* argv[])
{
    return ns3::TestRunner::Run(argc, argv);
}
