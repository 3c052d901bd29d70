/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_CROSS_TRAFFIC_H
#define HYBRIDNET_CROSS_TRAFFIC_H

#include "bulk-flows.h"
#include "result-document.h"
#include "scenario-flags.h"
#include "web-transfers.h"

#include "ns3/application-container.h"
#include "ns3/data-rate.h"
#include "ns3/node.h"
#include "ns3/nstime.h"
#include "ns3/type-id.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace ns3
{
namespace hybridnet
{

class WanTcpFlags;

/**
 * @brief Other people's traffic on a WAN path: flows that enter at the path's near router
 * and leave at its far router, so they share the bottleneck queue with the scenario's own
 * flows and loss and delay come from real competition, not from an injected rate.
 *
 *     cross sender ---- near router ==== bottleneck ==== far router ---- cross receiver
 *     10.9.1.1         (accessRate; the delays the scenario gives)        10.9.2.2
 *
 * The cross hosts are bare nodes (no host model; Linux's default pfifo_fast of 1000
 * packets), running the scenario's TCP (--tcp) with the socket flags of the scenario's own
 * flows; their round trip is the scenario's choice (wan-bulk-transfer: the path's,
 * wan-shared-bottleneck: --crossRtt). Two kinds, from --crossStart to the end:
 *
 * - **bulk TCP**: --crossFlows flows (BulkFlows, memory to memory) of the congestion control
 *   --crossCongestion, any the scenario's --congestion accepts: the other booths' and
 *   users' transfers. Several stacks: --crossCongestion=A,B,... gives each its own cross
 *   sender (10.9.3.1, 10.9.4.1, ... beside 10.9.1.1, on links like the first's) and flow
 *   i runs the (i mod n)-th; UDP and the web mix leave from the first sender.
 * - **on/off UDP**: an aggregate of --crossUdpSources sources of mean rate r / K each
 *   (r = --crossUdpRate), datagrams that fill the path's MTU. Each source sends at R =
 *   --crossUdpPeak (a user's own link; by default the cross host's access link) while on
 *   and is silent while off; on-periods have mean b = --crossUdpBurst, off-periods the
 *   mean that gives the source its share,
 *
 *       (1)  mean off = b (R K / r - 1)        (mean rate R b / (b + off) = r / K),
 *
 *   drawn as --crossUdpPattern says: exponential (a Poisson-like aggregate), or pareto
 *   (shape 1.5, infinite variance: the heavy-tailed on/off sources whose aggregate is
 *   self-similar, the model of web and file traffic of Willinger, Taqqu, Sherman and
 *   Wilson, "Self-similarity through high-variability", IEEE/ACM ToN 1997). With b = 0 every
 *   source is a constant-rate stream of r / K (pattern ignored).
 *
 * - **web-like TCP**: transfers of heavy-tailed sizes arriving as a Poisson process at a
 *   mean offered load of --crossWebRate (WebTransfers (1)-(2): bounded Pareto, shape 1.2,
 *   10 kB to 10 MB), each its own connection of --crossCongestion: many short flows that
 *   end in slow start and a few long ones, reacting to loss (random streams 90000-90001).
 *
 * The sources do not react to loss: what UDP offers beyond the bottleneck's free capacity
 * is dropped there, and TCP flows (the scenario's and the cross flows) share what is left.
 * Metrics (WriteTo): crossTcpGoodput (the cross flows' payload delivered, Mb/s, over
 * [crossStart, end]), crossUdpOffered and crossUdpGoodput (the aggregate's payload sent and
 * delivered, Mb/s, same interval), all three whenever there is cross traffic, none without
 * (a run without it has no such traffic, not an idle one); with the web-like mix also
 * crossWebOffered (the sizes of the transfers drawn, Mb/s over the same interval) and
 * crossWebGoodput (their payload delivered, Mb/s). The scenario's path must have a
 * far router whenever IsActive().
 */
class CrossTraffic
{
  public:
    CrossTraffic() = default;
    CrossTraffic(const CrossTraffic&) = delete; //!< the flags hold pointers to the members
    CrossTraffic& operator=(const CrossTraffic&) = delete;

    /**
     * Register the cross-traffic flags, their rules and the check of --crossCongestion.
     * @param flags the scenario's flags
     * @param tcp the scenario's TCP flags (the names --congestion accepts)
     * @param duration the scenario's --duration (crossStart must lie before it)
     * @param linkRate the cross hosts' link rate, the scenario's --accessRate (a UDP
     *        source's peak and share must fit it)
     */
    void AddFlags(ScenarioFlags& flags,
                  const WanTcpFlags& tcp,
                  const Time& duration,
                  const DataRate& linkRate);

    /** @return true if any cross traffic was asked for */
    bool IsActive() const;

    /**
     * Build the cross hosts, cable them to the routers, give them TCP/IP and addresses.
     * Call after the routers have their internet stack and before the routing tables are
     * populated.
     * @param nearRouter the router in front of the bottleneck
     * @param farRouter the router behind it
     * @param rate the cross hosts' access links' rate (R of (1) unless --crossUdpPeak)
     * @param nearDelay the cross sender's link's one-way propagation delay
     * @param farDelay the cross receiver's
     * @param mtu their IP MTU, bytes
     * @param tcp the scenario's TCP (installed on the cross hosts without a kernel)
     */
    void Build(Ptr<Node> nearRouter,
               Ptr<Node> farRouter,
               DataRate rate,
               Time nearDelay,
               Time farDelay,
               uint32_t mtu,
               const WanTcpFlags& tcp);

    /**
     * Start the applications from --crossStart.
     * @param sendSize bytes per write of the TCP flows
     * @param lfn true if the hosts run LfnTcpSocket
     */
    void Start(uint32_t sendSize, bool lfn);

    /**
     * Fix the on/off sources' random streams.
     * @param stream the first stream
     * @return streams used
     */
    int64_t AssignStreams(int64_t stream);

    /**
     * Add the metrics of the class comment, measured until @p end.
     * @param result the result document
     * @param end the end of the run
     */
    void WriteTo(ResultDocument& result, Time end) const;

  private:
    /** Install the on/off UDP sources and their sink. */
    void StartUdp();
    /** @param packet a datagram an on/off source sent */
    void CountOffered(Ptr<const Packet> packet);

    static constexpr int64_t kWebStream = 90000; //!< the web mix's first random stream

    uint32_t m_flows{0};                      //!< --crossFlows
    std::string m_congestion{"TcpLinuxReno"}; //!< --crossCongestion
    DataRate m_udpRate{0};                    //!< --crossUdpRate, r
    uint32_t m_udpSources{1};                 //!< --crossUdpSources, K
    Time m_udpBurst;                          //!< --crossUdpBurst, b
    std::string m_udpPattern{"exponential"};  //!< --crossUdpPattern
    DataRate m_webRate{0};                    //!< --crossWebRate
    const Time* m_end{nullptr};               //!< the scenario's --duration
    Time m_start;                             //!< --crossStart
    std::vector<TypeId> m_congestionTypes;    //!< resolved --crossCongestion, in order
    std::vector<Ptr<Node>> m_senders;         //!< a cross sender per congestion control
    Ptr<Node> m_receiver;                     //!< the cross receiver
    Ipv4Address m_receiverAddress;            //!< its address
    DataRate m_udpPeak{0};                    //!< --crossUdpPeak (0: the link's rate)
    DataRate m_peak;                          //!< R of (1)
    uint32_t m_datagram{0};                   //!< UDP payload per datagram, bytes
    std::unique_ptr<BulkFlows> m_tcp;         //!< the bulk TCP flows
    ApplicationContainer m_udp;               //!< the on/off sources
    Ptr<Application> m_udpSink;               //!< their sink (a PacketSink)
    uint64_t m_udpOffered{0};                 //!< payload bytes the sources sent
    WebTransfers m_web;                       //!< the web-like mix
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_CROSS_TRAFFIC_H
