/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * hybridnet nic module: the host's network interface card as the driver sees it; for now
 * the e1000 driver's interrupt throttle rate (InterruptModerator).
 */
#ifndef HYBRIDNET_NIC_MODULE_H
#define HYBRIDNET_NIC_MODULE_H

#include "interrupt-moderator.h"

#endif // HYBRIDNET_NIC_MODULE_H
