/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * hybridnet apps module: the measurement tools of the reproduced studies (iperf, ping).
 */
#ifndef HYBRIDNET_APPS_MODULE_H
#define HYBRIDNET_APPS_MODULE_H

#include "flood-ping.h"
#include "iperf-server-helper.h"
#include "iperf-server.h"
#include "udp-stream-sender-helper.h"
#include "udp-stream-sender.h"

#endif // HYBRIDNET_APPS_MODULE_H
