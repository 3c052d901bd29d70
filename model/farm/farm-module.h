/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_FARM_MODULE_H
#define HYBRIDNET_FARM_MODULE_H

/**
 * @file
 * The farm module: an event-filter farm behind a sub-farm controller (SFC) - the read-out's
 * events arriving at the SFC, its assignment of each whole event to one farm node (round
 * robin, control tokens, least outstanding), the nodes' bounded queues and processing, and
 * the decisions coming back - as ns-3 applications over UDP.
 */

#include "farm-assignment-policy.h"
#include "farm-event-source.h"
#include "farm-message.h"
#include "farm-node.h"
#include "farm-readout-unit.h"
#include "farm-storage.h"
#include "least-outstanding-assignment.h"
#include "round-robin-assignment.h"
#include "sub-farm-controller.h"
#include "token-assignment.h"

#endif // HYBRIDNET_FARM_MODULE_H
