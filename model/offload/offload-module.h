/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * hybridnet offload module: moving big flows onto circuits - per-flow steering in the IP
 * layer, and the end-point and pipe-fitting daemons of the lightpath accelerator study.
 */
#ifndef HYBRIDNET_OFFLOAD_MODULE_H
#define HYBRIDNET_OFFLOAD_MODULE_H

// flow steering
#include "flow-steering-helper.h"
#include "flow-steering.h"

// daemons
#include "endpoint-daemon.h"
#include "offload-daemon-helper.h"
#include "offload-message.h"
#include "offload-messenger.h"
#include "pipe-fitting-daemon.h"

// offload models of issue 22
#include "aggregate-steering-helper.h"
#include "aggregate-steering.h"
#include "offload-model.h"
#include "reservation-queue-disc.h"

#endif // HYBRIDNET_OFFLOAD_MODULE_H
