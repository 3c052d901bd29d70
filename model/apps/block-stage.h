/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_BLOCK_STAGE_H
#define HYBRIDNET_BLOCK_STAGE_H

#include "ns3/callback.h"
#include "ns3/node.h"
#include "ns3/nstime.h"

#include <cstdint>
#include <string>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief The work an application does on each block besides moving it over the network:
 * where the block comes from at a sender or goes to at a receiver (BlockPipelineSender,
 * BlockPipelineReceiver).
 *
 *   MEMORY:  nothing (/dev/zero, /dev/null): the block is there at once;
 *   DISK:    a sequential read() or write() of the block on the node's DiskArray (storage
 *            module: its stripes, seeks and RAID5 penalty), as O_DIRECT I/O - no page cache;
 *   COMPUTE: ComputeTime of the application's own work per block (analysis of the data,
 *            not charged to a host CPU model).
 */
struct BlockStage
{
    /** What the stage does. */
    enum Kind : uint8_t
    {
        MEMORY = 0,
        DISK = 1,
        COMPUTE = 2,
    };

    Kind kind{MEMORY};
    Time computeTime; //!< per block, for COMPUTE

    /**
     * Run the stage for one block.
     * @param node the host (its DiskArray for DISK)
     * @param write true at a receiver (a write), false at a sender (a read)
     * @param bytes the block's size
     * @param done called when the stage has finished the block (never inside Run)
     */
    void Run(Ptr<Node> node, bool write, uint32_t bytes, Callback<void> done) const;

    /** @return the kind's name: memory, disk or compute */
    static std::string GetName(Kind kind);
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_BLOCK_STAGE_H
