/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_GRID_TOPOLOGY_H
#define HYBRIDNET_GRID_TOPOLOGY_H

#include "input-file-error.h"

#include "ns3/data-rate.h"
#include "ns3/nstime.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief A routed site of many hosts, read from one JSON file: backbone routers joined by
 * trunks, and groups of hosts on edge switches, each switch with one uplink to a router -
 * the computing-centre grids of the event-filter study's time (shared reference
 * nic-tuning-load-balancing.md, "Grid testbed of the time"), for what-ifs at site scale.
 * GridBuilder builds it.
 *
 *     host ... host          host ... host
 *        \      /               \      /
 *       edge switch  ...       edge switch        (hostsPerSwitch hosts at rate,
 *            \ uplinkRate          / uplinkRate      one uplink each)
 *           router ====== trunk ====== router      (rate, delay, queuePackets)
 *
 * The file (keys case-sensitive; quantities strings with their unit, read by quantity.h;
 * members marked ? optional, with the default shown):
 *
 *     {
 *       "description"?: "free text",
 *       "routers": ["core", "cpu", ...],
 *       "trunks": [ { "between": ["core", "cpu"], "rate": "8Gbps",
 *                     "delay"?: "5us", "queuePackets"?: 1000 }, ... ],
 *       "groups": [ { "name": "cpu-gige", "router": "cpu", "hosts": 100, "rate": "1Gbps",
 *                     "hostsPerSwitch": 24, "uplinkRate": "1Gbps",
 *                     "queuePackets"?: 100, "cableDelay"?: "50ns" }, ... ]
 *     }
 *
 * Rules, each checked by Parse() before anything is built, each failure one line naming
 * the setting by its JSON path (InputFileError):
 *
 * - Names (routers, groups) unique in their list, non-empty, of letters, digits, '-' and
 *   '_'.  At least one router and one group; at most kMaxRouters routers.
 * - Trunks: two different routers of the list; at most one trunk per pair (a trunk of
 *   aggregated links is one trunk of their summed rate); every router reachable from the
 *   first by trunks (a site, not two).  The trunk is one full-duplex link of its rate: a
 *   link-aggregation trunk would also cap each flow at its member links' rate, which this
 *   model does not (state it with the results).
 * - Groups: the router exists; hosts 1..kMaxGroupHosts; hostsPerSwitch 1..kMaxHostsPerSwitch
 *   (a switch is one /24 with the router's port at .1); the site's switches at most
 *   kMaxSwitches.  Rates and delays within their model attributes' ranges
 *   (EthernetNetDevice DataRate, EthernetChannel Delay, PointToPointNetDevice DataRate,
 *   PointToPointChannel Delay); queuePackets 1..1000000.
 */
class GridTopology
{
  public:
    static constexpr uint32_t kMaxRouters = 64;           //!< routers of a site
    static constexpr uint32_t kMaxGroupHosts = 65535;     //!< hosts of one group
    static constexpr uint32_t kMaxHostsPerSwitch = 253;   //!< .2 to .254 of a /24
    static constexpr uint32_t kMaxSwitches = 200U * 256U; //!< 10.1.0.0 to 10.200.255.0
    static constexpr uint32_t kMaxQueuePackets = 1000000; //!< any queue, packets

    /** A trunk between two routers. */
    struct Trunk
    {
        uint32_t a{0};               //!< index of between[0] in routers
        uint32_t b{0};               //!< index of between[1]
        DataRate rate;               //!< each direction
        Time delay{MicroSeconds(5)}; //!< propagation, one way (about 1 km of fibre)
        uint32_t queuePackets{1000}; //!< each end's output queue (drop-tail)
    };

    /** A group of like hosts on edge switches behind one router. */
    struct Group
    {
        std::string name;                 //!< its name
        uint32_t router{0};               //!< index in routers
        uint32_t hosts{0};                //!< how many
        DataRate rate;                    //!< each host's link
        uint32_t hostsPerSwitch{0};       //!< edge switch size (hosts)
        DataRate uplinkRate;              //!< each edge switch's link to the router
        uint32_t queuePackets{100};       //!< each switch port's output queue (drop-tail)
        Time cableDelay{NanoSeconds(50)}; //!< every cable of the group (about 10 m)

        /** @return the number of its edge switches, ceil(hosts / hostsPerSwitch) */
        uint32_t GetSwitches() const;
    };

    std::string description;          //!< free text
    std::vector<std::string> routers; //!< the routers' names
    std::vector<Trunk> trunks;        //!< in file order
    std::vector<Group> groups;        //!< in file order

    /**
     * @param jsonText a topology document
     * @return it, checked; a problem throws InputFileError ("<json path>: <problem>")
     */
    static GridTopology Parse(const std::string& jsonText);
    /**
     * @param path a topology file
     * @return it, checked; an unreadable file or a problem throws InputFileError
     *         ("<path>: <json path>: <problem>")
     */
    static GridTopology Load(const std::string& path);

    /** @return the index of the group named @p name, or groups.size() */
    size_t FindGroup(const std::string& name) const;
    /** @return the group names, for messages */
    std::vector<std::string> GetGroupNames() const;
    /** @return the hosts of all groups */
    uint64_t GetHostCount() const;
    /** @return the edge switches of all groups */
    uint64_t GetSwitchCount() const;
    /**
     * The routes over the trunks: the trunk router @p from sends on toward router @p to,
     * on a path of fewest trunks (ties: the trunk earliest in the file at each step, so the
     * routes are the same on every run).
     * @return the trunk's index, or trunks.size() if @p from == @p to
     */
    size_t NextTrunk(uint32_t from, uint32_t to) const;
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_GRID_TOPOLOGY_H
