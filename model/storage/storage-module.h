/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_STORAGE_MODULE_H
#define HYBRIDNET_STORAGE_MODULE_H

/**
 * @file
 * The storage module: a hardware RAID array (RAID0, RAID5) of disks and Linux 2.6's page
 * cache of one file on it, for the studies' disk-to-disk transfers.
 */

#include "disk-array-helper.h"
#include "disk-array.h"
#include "page-cache.h"

#endif // HYBRIDNET_STORAGE_MODULE_H
