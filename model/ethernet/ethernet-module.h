/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * hybridnet ethernet module: a full-duplex Ethernet link with exact framing and wire time.
 */
#ifndef HYBRIDNET_ETHERNET_MODULE_H
#define HYBRIDNET_ETHERNET_MODULE_H

#include "ethernet-channel.h"
#include "ethernet-helper.h"
#include "ethernet-net-device.h"

#endif // HYBRIDNET_ETHERNET_MODULE_H
