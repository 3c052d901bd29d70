/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_INFINIBAND_SUBNET_MANAGER_HELPER_H
#define HYBRIDNET_INFINIBAND_SUBNET_MANAGER_HELPER_H

#include "ns3/node-container.h"

#include <array>
#include <cstdint>
#include <optional>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief What a subnet manager (OpenSM in the study's OFED 1.4) sets up, done once before
 * the simulation starts instead of by management packets: LIDs, forwarding tables, SL2VL.
 *
 * Configure(nodes):
 * 1. LIDs: every channel-adapter port (an InfinibandNetDevice on a node without an
 *    InfinibandSwitch) gets the next LID from 1, in the order of @p nodes and of each
 *    node's devices; then every switch gets one (its port 0), in the same order (IBA
 *    1.2.1 7.11.1: unicast LIDs 0x0001-0xBFFF; LMC 0, one LID a port).
 * 2. Forwarding: for each channel-adapter port with LID l, a breadth-first search over the
 *    switches starting from the switch its cable reaches: each switch reached routes l
 *    (LFT[l]) out of the port through which the search reached it, so every switch
 *    forwards l along a shortest path (in hops). Ties go to the lower-numbered port of the
 *    switch the search reached first (deterministic; OpenSM's min-hop engine also
 *    balances routes over ports, which is not modelled).
 * 3. SL2VL: every port gets SetSl2VlTable(table) if a table was given (SetSl2VlTable);
 *    otherwise each keeps its default, SL mod DataVls.
 *
 * Switches' own LIDs are not routed (no management traffic is modelled).
 */
class InfinibandSubnetManagerHelper
{
  public:
    /** @param table SL2VL for every port (each entry < the ports' DataVls) */
    void SetSl2VlTable(const std::array<uint8_t, 16>& table);

    /**
     * @param nodes every node of the subnet: channel adapters and switches
     * @return the number of LIDs assigned
     */
    uint32_t Configure(const NodeContainer& nodes) const;

  private:
    std::optional<std::array<uint8_t, 16>> m_sl2vl;
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_INFINIBAND_SUBNET_MANAGER_HELPER_H
