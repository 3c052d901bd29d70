/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * hybridnet nic module: the host's network interface card as its driver and host see it -
 * descriptor rings, DMA, the e1000 driver's interrupt throttle rate (InterruptModerator),
 * NAPI polling (NicNetDevice), the protocol processor of a TCP offload engine card
 * (OffloadEngine) - and the helper that builds hosts and their NICs.
 */
#ifndef HYBRIDNET_NIC_MODULE_H
#define HYBRIDNET_NIC_MODULE_H

#include "adaptive-rx-coalescing.h"
#include "interrupt-moderator.h"
#include "lro-aggregator.h"
#include "nic-helper.h"
#include "nic-net-device.h"
#include "offload-engine.h"
#include "packet-headers.h"

#endif // HYBRIDNET_NIC_MODULE_H
