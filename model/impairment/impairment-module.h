/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_IMPAIRMENT_MODULE_H
#define HYBRIDNET_IMPAIRMENT_MODULE_H

/**
 * @file
 * The impairment module: loss injected at a host's IP/transport boundary, like the
 * high-speed TCP studies' "drop 1 in N packets in the kernel".
 */

#include "loss-injector-helper.h"
#include "loss-injector.h"
#include "receive-loss-shim.h"

#endif // HYBRIDNET_IMPAIRMENT_MODULE_H
