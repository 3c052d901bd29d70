/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_HOP_PATH_H
#define HYBRIDNET_HOP_PATH_H

#include "input-file-error.h"

#include "ns3/data-rate.h"
#include "ns3/nstime.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief A routed WAN path hop by hop, read from one JSON path file: the links from a
 * sending host through routers to a receiving host, each router answering expired
 * packets as its ICMP slow path does (TtlExpiry) - the paths that traceroute, pchar and
 * pipechar measure (shared reference wan-tuning-grid.md). HopPathBuilder builds it.
 *
 *     sender --hop 1-- router 1 --hop 2-- router 2 ... router N-1 --hop N-- receiver
 *
 * Hop i is the link into node i and the node itself: router i for i < N, the receiver
 * for hop N.  The file (keys case-sensitive; quantities strings with their unit, read by
 * quantity.h; members marked ? optional, with the default shown):
 *
 *     {
 *       "description"?: "free text",
 *       "mtu"?: "1500B",                        // IP MTU of every link, 68 B to 65535 B
 *       "hops": [
 *         { "name": "lbl-gw", "rate": "100Mbps", "delay": "200us",
 *           "queuePackets"?: 100,
 *           "icmp"?: { "interval"?: "0s", "burst"?: 6, "generationDelay"?: "0s" },
 *           "cross"?: { "rate": "30Mbps", "burst"?: "1ms" } },
 *         ...
 *       ]
 *     }
 *
 * "icmp" sets the router's TtlExpiry: interval the time per token of its rate limit (Rate
 * = 1 / interval; 0s: no limit, as Linux's icmp_ratelimit in milliseconds per token, 1 s
 * on Linux 2.2-2.6), burst its Burst, generationDelay its GenerationDelay.  The last hop is
 * the receiver: it has no "icmp" (a host answers the probe that reaches it with port
 * unreachable, at once).
 *
 * "cross" loads the hop with other people's traffic (HopPathBuilder): one on/off UDP
 * source on the hop's near node sending MTU-sized datagrams to its far node, at the hop's
 * rate R while on, exponential on-periods of mean b = burst and off-periods of mean
 *
 *     (1)  b (R / r - 1),     so its mean rate is r = cross rate,
 *
 * as CrossTraffic (1) with one source.  Hop 1 has none: its near node is the measuring host.
 *
 * Rules, each checked by Parse() before anything is built, each failure one line naming
 * the setting by its JSON path (InputFileError): 1 to kMaxHops hops; names unique, of
 * letters, digits, '-' and '_'; rates and delays within the PointToPointNetDevice DataRate
 * and PointToPointChannel Delay ranges (a zero rate is refused); queuePackets 1..1000000;
 * burst 1..1000000; interval and generationDelay 0 s to 10 s; a cross rate above 0 and
 * below the hop's rate, its burst 1 us to 10 s; unknown keys refused with the nearest valid
 * one.
 */
class HopPath
{
  public:
    static constexpr uint32_t kMaxHops = 64; //!< one /24 each in 10.0.0.0/16 and in TTL range

    /** A router's ICMP slow path (TtlExpiry's attributes). */
    struct Icmp
    {
        Time interval;        //!< per token; 0: no rate limit
        uint32_t burst{6};    //!< bucket depth, messages
        Time generationDelay; //!< per message
    };

    /** Cross traffic on a hop, (1). */
    struct Cross
    {
        DataRate rate;               //!< mean, r
        Time burst{MilliSeconds(1)}; //!< mean on-period, b
    };

    /** A link and the node at its far end. */
    struct Hop
    {
        std::string name;
        DataRate rate;
        Time delay;
        uint32_t queuePackets{100}; //!< each end's output queue (ns-3's DropTailQueue default)
        Icmp icmp;                  //!< for a router (every hop but the last)
        std::optional<Cross> cross; //!< for a hop after the first
    };

    std::string description;
    uint32_t mtu{1500}; //!< bytes
    std::vector<Hop> hops;

    /**
     * @param jsonText a path document
     * @return it, checked; a problem throws InputFileError ("<json path>: <problem>")
     */
    static HopPath Parse(const std::string& jsonText);
    /**
     * @param path a path file
     * @return it, checked; an unreadable file or a problem throws InputFileError
     *         ("<file>: <json path>: <problem>")
     */
    static HopPath Load(const std::string& path);

    /** @return the round-trip propagation delay, 2 x the sum of the hops' delays */
    Time GetRtt() const;
    /** @return the index of the slowest hop (the first of equals) */
    size_t GetBottleneck() const;
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_HOP_PATH_H
