/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * hybridnet netlogger module: NetLogger-style instrumentation - ULM event records, the
 * run's logger, the host monitors (vmstat, iostat, netstat) and router queues' (ifstat).
 */
#ifndef HYBRIDNET_NETLOGGER_MODULE_H
#define HYBRIDNET_NETLOGGER_MODULE_H

#include "host-monitor.h"
#include "net-logger.h"
#include "queue-monitor.h"
#include "ulm-record.h"

#endif // HYBRIDNET_NETLOGGER_MODULE_H
