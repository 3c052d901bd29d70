/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * hybridnet host module: the parts of a host that network traffic costs - its CPU, its
 * I/O bus, its memory bus, its loopback device - and the named host profiles of the studies.
 */
#ifndef HYBRIDNET_HOST_MODULE_H
#define HYBRIDNET_HOST_MODULE_H

#include "arp-request-learning.h"
#include "host-bus.h"
#include "host-cpu.h"
#include "host-loopback-net-device.h"
#include "host-process.h"
#include "loopback-helper.h"
#include "memory-bus.h"
#include "tso-burst.h"

#endif // HYBRIDNET_HOST_MODULE_H
