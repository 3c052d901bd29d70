/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_GRID_BUILDER_H
#define HYBRIDNET_GRID_BUILDER_H

#include "grid-topology.h"

#include "ns3/ipv4-address.h"
#include "ns3/net-device-container.h"
#include "ns3/node-container.h"

#include <cstdint>
#include <vector>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief Builds the routed site of a GridTopology: nodes, links, addresses and static
 * routes.
 *
 * Two steps, so that a scenario can give the hosts their TCP (WanTcpFlags::Install, which
 * must precede the internet stack) in between: the constructor creates the nodes, Build()
 * installs the internet stacks and wires the site.
 *
 * - Edge switch s of the site (numbered over the groups in file order) is a PacketSwitch
 *   with one /24, 10.(1 + s / 256).(s mod 256).0: the router's port .1 at the group's
 *   uplinkRate, the switch's hosts .2, .3, ... at the group's rate (host i of a group on its
 *   switch i / hostsPerSwitch); every cable of the group has its cableDelay, every output
 *   queue (switch ports, the hosts' and the router's devices) queuePackets, drop-tail.
 *   ARP caches are filled (PacketSwitchHelper::PopulateArpCaches).
 * - Trunk k is a point-to-point link 172.16.0.0 + 4k /30 (between[0] .1, between[1] .2)
 *   of its rate and delay, each end a drop-tail FIFO of queuePackets.
 * - Queues: the routers' ports queue in their device queues alone (UseDeviceQueues: no
 *   FqCoDel); the hosts run Linux's pfifo_fast of 1000 packets
 *   (WanEndHosts::InstallBareQdisc) in front of their device queue.
 * - Routes (static): a host's default route is its switch's router port; router r reaches
 *   switch s of router q != r through trunk GridTopology::NextTrunk(r, q).  Every host
 *   reaches every other, on a path of fewest trunks.
 */
class GridBuilder
{
  public:
    /**
     * Create the nodes: hosts (groups in file order), routers, switches.
     * @param topology the site (copied)
     */
    explicit GridBuilder(const GridTopology& topology);

    /** Install the internet stacks, cable the site, assign addresses and routes.  Once. */
    void Build();

    /** @return the topology */
    const GridTopology& GetTopology() const;
    /** @return every host, groups in file order */
    NodeContainer GetHosts() const;
    /** @return group @p g's hosts */
    NodeContainer GetHosts(size_t g) const;
    /** @return host @p i of group @p g's address (after Build) */
    Ipv4Address GetAddress(size_t g, uint32_t i) const;
    /** @return the routers, in file order */
    NodeContainer GetRouters() const;
    /** @return trunk @p k's devices: between[0]'s, then between[1]'s (after Build) */
    NetDeviceContainer GetTrunkDevices(size_t k) const;
    /**
     * @return group @p g's router ports, one per edge switch in order (after Build): the
     *         uplinks' router ends
     */
    NetDeviceContainer GetUplinkDevices(size_t g) const;
    /** @return group @p g's switch nodes, in order */
    NodeContainer GetSwitches(size_t g) const;
    /** @return the first switch index (site-wide) of group @p g */
    uint32_t GetFirstSwitch(size_t g) const;
    /** @return switch @p s's (site-wide index) network address, 10.(1 + s/256).(s%256).0 */
    static Ipv4Address GetSwitchNetwork(uint32_t s);

  private:
    /** Cable group @p g's switches, hosts and uplinks. */
    void BuildGroup(size_t g);
    /** Cable trunk @p k. */
    void BuildTrunk(size_t k);
    /** Give the hosts default routes and the routers their routes to other routers' switches. */
    void BuildRoutes();

    GridTopology m_topology;
    NodeContainer m_routers;
    std::vector<NodeContainer> m_hosts;                //!< per group
    std::vector<NodeContainer> m_switches;             //!< per group
    std::vector<uint32_t> m_firstSwitch;               //!< per group, site-wide switch index
    std::vector<std::vector<Ipv4Address>> m_addresses; //!< per group, per host
    std::vector<NetDeviceContainer> m_uplinks;         //!< per group, the routers' ends
    std::vector<NetDeviceContainer> m_trunks;          //!< per trunk
    bool m_built{false};
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_GRID_BUILDER_H
