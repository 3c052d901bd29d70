/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * hybridnet fabric module: the cluster fabric of the lightpath accelerator study - a
 * store-and-forward learning packet switch with 802.3x flow control, and an all-optical
 * circuit switch reached through media converters, with its management console.
 */
#ifndef HYBRIDNET_FABRIC_MODULE_H
#define HYBRIDNET_FABRIC_MODULE_H

// packet switching
#include "packet-switch-helper.h"
#include "packet-switch.h"

// circuit switching
#include "circuit-switch-console-client.h"
#include "circuit-switch-console-server.h"
#include "circuit-switch-console.h"
#include "lightpath-calendar.h"
#include "lightpath-signalling.h"
#include "media-converter.h"
#include "optical-circuit-switch-helper.h"
#include "optical-circuit-switch.h"
#include "phy-relay-port.h"
#include "sub-lambda-wave.h"

#endif // HYBRIDNET_FABRIC_MODULE_H
