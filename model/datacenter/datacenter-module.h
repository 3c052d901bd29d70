/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The datacenter module: a TPC-W-like three-tier workload (docs/modules/datacenter.md).
 */
#ifndef HYBRIDNET_DATACENTER_MODULE_H
#define HYBRIDNET_DATACENTER_MODULE_H

#include "hybridnet/emulated-browser.h"
#include "hybridnet/processor-pool.h"
#include "hybridnet/tier-request-header.h"
#include "hybridnet/tier-server.h"
#include "hybridnet/tpcw-interaction-table.h"
#include "hybridnet/tpcw-mix.h"
#include "hybridnet/tpcw-think-time.h"

#endif // HYBRIDNET_DATACENTER_MODULE_H
