/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "user-copy.h"

#include "hybridnet/host-cpu.h"

namespace ns3
{
namespace hybridnet
{

Time
UserCopy::Start(Ptr<Node> node, uint64_t bytes)
{
    Ptr<HostCpu> cpu = node->GetObject<HostCpu>();
    return cpu ? cpu->StartCopy(bytes) : Time(0);
}

} // namespace hybridnet
} // namespace ns3
