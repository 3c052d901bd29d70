/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * hybridnet offload module: moving big flows onto circuits - per-flow steering in the IP
 * layer, the end-point and pipe-fitting daemons of the lightpath accelerator study, and
 * the cluster topology file that builds the whole hybrid testbed.
 */
#ifndef HYBRIDNET_OFFLOAD_MODULE_H
#define HYBRIDNET_OFFLOAD_MODULE_H

// flow steering
#include "flow-steering.h"
#include "flow-steering-helper.h"

// daemons
#include "offload-message.h"
#include "offload-messenger.h"
#include "endpoint-daemon.h"
#include "pipe-fitting-daemon.h"
#include "offload-daemon-helper.h"

// topology file
#include "cluster-topology.h"
#include "cluster-builder.h"
#include "cluster-event-log.h"

#endif // HYBRIDNET_OFFLOAD_MODULE_H
