/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * hybridnet scenario module: the scenario contract (strict flags, one JSON result per run,
 * progress output).  See docs/writing-a-scenario.md.
 */
#ifndef HYBRIDNET_SCENARIO_MODULE_H
#define HYBRIDNET_SCENARIO_MODULE_H

#include "result-document.h"
#include "run-progress.h"
#include "quantity.h"
#include "scenario-flags.h"
#include "scenario.h"

#endif // HYBRIDNET_SCENARIO_MODULE_H
