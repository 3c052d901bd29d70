/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_FLOW_MODULE_H
#define HYBRIDNET_FLOW_MODULE_H

/**
 * @file
 * The flow module: the identity of one direction of a transport flow (FlowKey), the value
 * that per-flow steering (offload) and per-flow loss injection (impairment) share.
 */

#include "flow-key.h"

#endif // HYBRIDNET_FLOW_MODULE_H
