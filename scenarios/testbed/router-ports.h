/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_ROUTER_PORTS_H
#define HYBRIDNET_ROUTER_PORTS_H

#include "ns3/node-container.h"

namespace ns3
{
namespace hybridnet
{

/**
 * Make every port of @p routers queue in its device queue alone (a drop-tail FIFO, 100
 * packets unless set): the routers of the studies' WANs queue in their line cards' output
 * FIFOs, while ns-3's Ipv4AddressHelper puts its default queue discipline, FqCoDel, in
 * front of every port it addresses - an AQM none of them ran, which would also reorder
 * flows whenever it held packets, and which hashes every packet's headers on the way.
 * Call after the addresses are assigned; a port without a queue discipline is left as it
 * is.
 */
void UseDeviceQueues(const NodeContainer& routers);

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_ROUTER_PORTS_H
