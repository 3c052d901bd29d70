/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * hybridnet testbed: the pieces scenarios are composed from, above the model modules - the
 * scenario contract (strict flags, one JSON result per run, progress output), flag groups,
 * path sizing, the hybrid cluster's topology file, builder and event log, the grid
 * topology file and builder, the hop-by-hop path file and builder.  See
 * docs/testbed.md and docs/writing-a-scenario.md.
 */
#ifndef HYBRIDNET_TESTBED_MODULE_H
#define HYBRIDNET_TESTBED_MODULE_H

// the scenario contract
#include "quantity.h"
#include "result-document.h"
#include "run-progress.h"
#include "scenario-flags.h"
#include "scenario.h"

// TCP: the implementation; WAN TCP flags, path sizing, end hosts and router ports
#include "router-ports.h"
#include "tcp-choice.h"
#include "wan-end-hosts.h"
#include "wan-path-sizing.h"
#include "wan-path.h"
#include "wan-tcp-flags.h"

// input files, attribute defaults
#include "attribute-default.h"
#include "input-file-error.h"
#include "time-list-file.h"

// hosts: profiles and their flags
#include "host-flags.h"
#include "host-profile.h"

// applications and collectors
#include "bulk-flows.h"
#include "cross-traffic.h"
#include "host-counters.h"
#include "interval-goodput.h"
#include "iperf-transfer.h"
#include "ping-series.h"
#include "queue-drops.h"
#include "round-level-flows.h"
#include "tcp-sender-probe.h"
#include "web-transfers.h"
#include "web100-log.h"

// the hybrid cluster's topology file
#include "cluster-builder.h"
#include "cluster-event-log.h"
#include "cluster-topology.h"
// a routed site of many hosts
#include "grid-builder.h"
#include "grid-topology.h"
// a routed WAN path hop by hop
#include "hop-path-builder.h"
#include "hop-path.h"
// ConnectX VPI hosts
#include "vpi-hosts.h"

#endif // HYBRIDNET_TESTBED_MODULE_H
