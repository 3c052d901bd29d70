/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * hybridnet apps module: the measurement tools of the reproduced studies (iperf).
 */
#ifndef HYBRIDNET_APPS_MODULE_H
#define HYBRIDNET_APPS_MODULE_H

#include "iperf-server-helper.h"
#include "iperf-server.h"

#endif // HYBRIDNET_APPS_MODULE_H
