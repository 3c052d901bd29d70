/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * hybridnet tcp module: TCP for long fat pipes - so far the send scoreboard (send buffer
 * and SACK state kept as sequence ranges); the socket comes later.
 */
#ifndef HYBRIDNET_TCP_MODULE_H
#define HYBRIDNET_TCP_MODULE_H

#include "tcp-send-scoreboard.h"

#endif // HYBRIDNET_TCP_MODULE_H
