/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_INFINIBAND_MODULE_H
#define HYBRIDNET_INFINIBAND_MODULE_H

/**
 * @file
 * The infiniband module, first part: the InfiniBand link layer and switch - rates and
 * packet arithmetic, credit-based flow control per virtual lane, VL arbitration, ports,
 * cables, a cut-through switch and what a subnet manager sets up. Channel adapters (HCA),
 * verbs, IPoIB and SDP come in later parts.
 */

#include "infiniband-bth-header.h"
#include "infiniband-channel.h"
#include "infiniband-crc-trailer.h"
#include "infiniband-flow-control.h"
#include "infiniband-helper.h"
#include "infiniband-lrh-header.h"
#include "infiniband-net-device.h"
#include "infiniband-packet-size.h"
#include "infiniband-rate.h"
#include "infiniband-subnet-manager-helper.h"
#include "infiniband-switch.h"
#include "infiniband-vl-arbiter.h"

#endif // HYBRIDNET_INFINIBAND_MODULE_H
