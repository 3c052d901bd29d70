/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "block-stage.h"

#include "hybridnet/disk-array.h"

#include "ns3/abort.h"
#include "ns3/simulator.h"

namespace ns3
{
namespace hybridnet
{

void
BlockStage::Run(Ptr<Node> node, bool write, uint32_t bytes, Callback<void> done) const
{
    switch (kind)
    {
    case MEMORY:
        Simulator::ScheduleNow([done]() { done(); });
        return;
    case COMPUTE:
        Simulator::Schedule(computeTime, [done]() { done(); });
        return;
    case DISK: {
        Ptr<DiskArray> disk = node->GetObject<DiskArray>();
        NS_ABORT_MSG_UNLESS(disk, "BlockStage: disk stage on a node without a DiskArray");
        if (write)
        {
            disk->Write(bytes, done);
        }
        else
        {
            disk->Read(bytes, done);
        }
        return;
    }
    }
}

std::string
BlockStage::GetName(Kind kind)
{
    return kind == MEMORY ? "memory" : kind == DISK ? "disk" : "compute";
}

} // namespace hybridnet
} // namespace ns3
