/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_STORAGE_MODULE_H
#define HYBRIDNET_STORAGE_MODULE_H

/**
 * @file
 * The storage module: a hardware RAID array (RAID0, RAID5) of disks, for the studies'
 * disk-to-disk transfers.
 */

#include "disk-array.h"

#endif // HYBRIDNET_STORAGE_MODULE_H
