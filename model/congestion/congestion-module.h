/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The congestion module: high-speed TCP congestion-control algorithms (TcpCongestionOps)
 * that run on ns-3's TcpSocketBase and on hybridnet's own socket.
 */
#ifndef HYBRIDNET_CONGESTION_MODULE_H
#define HYBRIDNET_CONGESTION_MODULE_H

#include "tcp-bic-linux.h"
#include "tcp-fast.h"
#include "tcp-high-speed-linux.h"
#include "tcp-high-speed-rfc.h"
#include "tcp-hstcp-lp.h"
#include "tcp-htcp-linux.h"
#include "tcp-linux-recovery.h"
#include "tcp-prr-recovery-rfc6937.h"
#include "tcp-scalable-linux.h"
#include "tcp-switchable-aimd.h"

#endif // HYBRIDNET_CONGESTION_MODULE_H
