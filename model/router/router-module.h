/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_ROUTER_MODULE_H
#define HYBRIDNET_ROUTER_MODULE_H

/**
 * @file
 * The router module: what a router does besides forwarding - its answer to a packet whose
 * TTL runs out, on its slow path (the ICMP that traceroute, pchar and pipechar hear).
 */

#include "ttl-expiry-helper.h"
#include "ttl-expiry.h"

#endif // HYBRIDNET_ROUTER_MODULE_H
