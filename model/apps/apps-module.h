/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * hybridnet apps module: the measurement tools of the reproduced studies (iperf, ping, pchar,
 * pipechar), their transfer tools (bbftp, bbcp) and a data-grid application's block pipeline.
 */
#ifndef HYBRIDNET_APPS_MODULE_H
#define HYBRIDNET_APPS_MODULE_H

#include "block-pipeline-receiver.h"
#include "block-pipeline-sender.h"
#include "block-stage.h"
#include "file-transfer-receiver.h"
#include "file-transfer-sender.h"
#include "flood-ping.h"
#include "iperf-server-helper.h"
#include "iperf-server.h"
#include "pchar.h"
#include "ping-pong-client.h"
#include "ping-pong-server.h"
#include "pipechar.h"
#include "udp-stream-sender-helper.h"
#include "udp-stream-sender.h"
#include "user-copy.h"

#endif // HYBRIDNET_APPS_MODULE_H
