/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * hybridnet tcp module: TCP for long fat networks - LfnTcpSocket (ns-3's TcpSocket API and
 * congestion-control interfaces, costs per segment independent of the window), its TCP
 * layer and helper, the payload containers and send scoreboard it is built from, and the
 * Web100-style statistics log.
 */
#ifndef HYBRIDNET_TCP_MODULE_H
#define HYBRIDNET_TCP_MODULE_H

#include "congestion-ops-catalog.h"
#include "lfn-tcp-helper.h"
#include "lfn-tcp-l4-protocol.h"
#include "lfn-tcp-socket.h"
#include "lfn-tcp-stats-log.h"
#include "round-tcp-bottleneck.h"
#include "round-tcp-flow.h"
#include "tcp-header-reader.h"
#include "tcp-linux-receiver.h"
#include "tcp-receive-buffer.h"
#include "tcp-send-scoreboard.h"
#include "tcp-send-stream.h"

#endif // HYBRIDNET_TCP_MODULE_H
