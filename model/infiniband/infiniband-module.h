/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_INFINIBAND_MODULE_H
#define HYBRIDNET_INFINIBAND_MODULE_H

/**
 * @file
 * The infiniband module, first part: the InfiniBand link layer and switch - rates and
 * packet arithmetic, credit-based flow control per virtual lane, VL arbitration, ports,
 * cables, a cut-through switch and what a subnet manager sets up; second part: the host
 * channel adapter on the host's PCI Express bus, reliable connected queue pairs, completion
 * queues and a verbs-style API; third part: the UD transport and IPoIB (datagram and connected
 * modes). SDP comes in a later part.
 */

#include "infiniband-aeth-header.h"
#include "infiniband-bth-header.h"
#include "infiniband-channel.h"
#include "infiniband-completion-queue.h"
#include "infiniband-crc-trailer.h"
#include "infiniband-deth-header.h"
#include "infiniband-flow-control.h"
#include "infiniband-hca.h"
#include "infiniband-helper.h"
#include "infiniband-lrh-header.h"
#include "infiniband-net-device.h"
#include "infiniband-packet-size.h"
#include "infiniband-queue-pair.h"
#include "infiniband-rate.h"
#include "infiniband-reth-header.h"
#include "infiniband-subnet-manager-helper.h"
#include "infiniband-switch.h"
#include "infiniband-ud-transport.h"
#include "infiniband-verbs-helper.h"
#include "infiniband-vl-arbiter.h"
#include "infiniband-work-request.h"
#include "ipoib-helper.h"
#include "ipoib-net-device.h"
#include "sdp-address-map.h"
#include "sdp-credits.h"
#include "sdp-helper.h"
#include "sdp-socket-factory.h"
#include "sdp-socket.h"

#endif // HYBRIDNET_INFINIBAND_MODULE_H
