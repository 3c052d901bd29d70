/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_PING_SERIES_H
#define HYBRIDNET_PING_SERIES_H

#include "result-document.h"
#include "scenario-flags.h"

#include "ns3/ipv4-address.h"
#include "ns3/node.h"
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
 * @brief A ping series from one host to one address and what scenarios report of it: its
 * flags, the application, the RTT of every reply, the statistics and the series.
 *
 * Periodic (`ping -i`): FloodPing with Interval (its equation (2')) sends pingCount
 * requests, one every pingInterval from the start, and takes replies until one interval
 * after the last request.  The series is over one second after that:
 *
 *     (1)  end = start + N x pingInterval + 1 s
 *
 * Flood (`ping -f`, with the flood flag): FloodPing sends a request when the previous reply
 * arrives or MinInterval after the previous request, whichever is first, so the N-th
 * request leaves at most (N - 1) MinInterval after the first (FloodPing (2)):
 *
 *     (2)  end = start + (N - 1) x MinInterval + 1 s
 *
 * Statistics of the RTT samples r_1..r_n (us), each metric left out when there is no reply:
 * pingRttMin, pingRttMax, pingRttMean and pingRttSd (the sample standard deviation, from
 * the moments of the samples shifted by r_1 - exact for a constant series); for a flood
 * also pingRate (n over the time from the start to the last reply, 1/s) and floodRttMin,
 * floodRttMax over r_2..r_n, the requests sent on a reply (the first leaves at an arbitrary
 * time, like an idle ping).  Series pingRtt: seq, rtt (us).
 */
class PingSeries
{
  public:
    PingSeries();
    PingSeries(const PingSeries&) = delete; //!< the flags hold pointers to the members
    PingSeries& operator=(const PingSeries&) = delete;

    /**
     * Register pingCount and pingInterval, and with @p flood also pingFlood and pingSize.
     * @param flags the scenario's flags
     * @param when when and between which hosts the pings go, for help ("after the
     *        transfer, host0 to host1")
     * @param flood true: offer a flood ping and the request size
     * @param count the default pingCount
     */
    void AddFlags(ScenarioFlags& flags, const std::string& when, bool flood, uint32_t count);

    /**
     * Install the series the flags describe (nothing with pingCount = 0).
     * @param from the sending host
     * @param to the address the requests go to
     * @param start when the first request leaves
     * @return when the series is over, (1) or (2); nothing without pings
     */
    std::optional<Time> Install(Ptr<Node> from, Ipv4Address to, Time start);

    /** @return the replies received */
    size_t GetAnswered() const;
    /** Add the statistics of the class comment to @p result. */
    void WriteStatistics(ResultDocument& result) const;
    /** Add the series pingRtt to @p result. */
    void WriteSeries(ResultDocument& result) const;

  private:
    /** The Rtt trace of Ping and FloodPing. */
    void Record(uint16_t seq, Time rtt);
    /** Install the flood ping; @return (2) */
    Time InstallFlood(Ptr<Node> from, Ipv4Address to, Time start);
    /** Install the periodic ping; @return (1) */
    Time InstallPeriodic(Ptr<Node> from, Ipv4Address to, Time start);

    uint32_t m_count{0};       //!< --pingCount
    Time m_interval;           //!< --pingInterval
    bool m_flood{false};       //!< --pingFlood
    uint32_t m_size;           //!< --pingSize, ICMP data bytes
    Time m_start;              //!< the first request
    Time m_lastReply;          //!< when the last reply arrived
    std::vector<double> m_seq; //!< sequence number of each reply
    std::vector<double> m_rtt; //!< RTT of each reply, us
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_PING_SERIES_H
