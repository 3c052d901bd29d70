/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "user-copy.h"

#include "hybridnet/host-cpu.h"
#include "hybridnet/memory-bus.h"

#include "ns3/simulator.h"

#include <algorithm>

namespace ns3
{
namespace hybridnet
{

Time
UserCopy::Start(Ptr<Node> node, uint64_t bytes)
{
    Ptr<HostCpu> cpu = node->GetObject<HostCpu>();
    if (!cpu || bytes == 0)
    {
        return Time(0);
    }
    const Time copy = cpu->GetServiceTime(0, bytes);
    Ptr<MemoryBus> bus = node->GetObject<MemoryBus>();
    if (!bus)
    {
        return copy;
    }
    return std::max(copy, bus->Carry(2 * bytes) - Simulator::Now());
}

} // namespace hybridnet
} // namespace ns3
