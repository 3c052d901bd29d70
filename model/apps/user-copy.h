/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_USER_COPY_H
#define HYBRIDNET_USER_COPY_H

#include "ns3/node.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"

#include <cstdint>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief The copy an application's read() or write() of a file makes between the page
 * cache and its own buffer, on the processor that runs the application.
 *
 * A copy of m bytes on a host with a HostCpu (MemoryCopyRate M) and a MemoryBus takes
 *
 *     (1) t = max(8 m / M, e - now)      e = MemoryBus::Carry(2 m)
 *
 * - the copy's source read and destination write each cross the memory bus, HostCpu (5),
 * HostCpu::StartCopy - and 8 m / M without a MemoryBus; 0 on a node without a HostCpu (no host
 * model: the application copies for free, as the network code does there). The processor is the
 * application's, not the network CPU (HostCpu models one processor for the network code;
 * the studies' hosts are multiprocessors), so the copy does not queue behind network work;
 * it does share the memory bus with the NIC's DMA and the network code's copies.
 * Scope: one application processor per copying process (copies of two processes overlap);
 * no cache (a block of the page cache is never in the processor's cache).
 */
class UserCopy
{
  public:
    /**
     * Equation (1): reserves the memory bus at once.
     * @param node the host
     * @param bytes m
     * @return t
     */
    static Time Start(Ptr<Node> node, uint64_t bytes);
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_USER_COPY_H
