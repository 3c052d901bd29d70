/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_ROUND_TCP_BOTTLENECK_H
#define HYBRIDNET_ROUND_TCP_BOTTLENECK_H

#include "ns3/data-rate.h"
#include "ns3/nstime.h"
#include "ns3/object.h"

#include <cstdint>
#include <vector>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief The drop-tail bottleneck that round-level flows (RoundTcpFlow) share: its rate, its
 * queue, and the window each flow has in flight, from which it gives the standing queue.
 *
 * Flow j has P_j segments in flight with an empty queue (its pipe, RoundTcpPath (1)) and
 * w_j in flight now (the segments of its round that arrived, from the moment its losses
 * are decided; 0 before it starts and while it waits for a timeout). With the bottleneck
 * busy, each flow's packets take its round trip (P_j + q) tau to come back, so flow j
 * sends w_j / (P_j + q) segments per tau, and the standing queue q is where the flows
 * together fill the bottleneck:
 *
 *     (6) sum_j w_j / (P_j + q) = 1,    q in [0, B]
 *
 * q = 0 when sum_j w_j / P_j <= 1 (the link is not full), q = B when even a full queue
 * leaves the sum above 1 (the excess is the arrivals the queue drops). The left side falls
 * as q grows, so (6) has one root, found by bisection (64 halvings of [0, B]); with one flow
 * it is q = w - P, RoundTcpFlow's (3).
 *
 * A window's growth that overflows the full queue loses its own segments (RoundTcpFlow (3):
 * they arrive right behind the segments whose ACKs released them). When the windows in
 * flight exceed what the full queue holds, because another flow's segments took places
 * (a newcomer's, a flow's that grew), the full queue drops the arrivals of every flow: flow
 * j loses the share of its window that does not fit,
 *
 *     (7) e_j = w_j (1 - 1 / S),    S = sum_l w_l / (P_l + B)    (e_j = 0 for S <= 1)
 *
 * (S is (6)'s left side at the full queue: the windows scaled by 1 / S would fit). A flow
 * gives the bottleneck the segments of its round that arrived (SetWindow), so the drops
 * of a growth are not counted again.
 *
 * Left out: the queue's evolution within a round (each flow meets (6) at one moment of its
 * round, for the windows then).
 */
class RoundTcpBottleneck : public Object
{
  public:
    static TypeId GetTypeId();

    /**
     * @param rate C, the bottleneck's rate
     * @param queue B, its drop-tail queue in packets
     * @param wireBytes s_w, a full segment's bytes on its wire
     */
    RoundTcpBottleneck(DataRate rate, uint32_t queue, uint32_t wireBytes);

    /** @return C */
    DataRate GetRate() const;
    /** @return B */
    uint32_t GetQueue() const;
    /** @return s_w */
    uint32_t GetWireBytes() const;
    /** @return tau = 8 s_w / C, the time of one full segment */
    Time GetSegmentTime() const;

    /** @return the flows that have joined */
    uint32_t GetN() const;
    /**
     * A flow joins with nothing in flight.
     * @param pipe P_j, in segments
     * @return its index
     */
    uint32_t Add(double pipe);
    /**
     * @param flow the index Add gave
     * @param segments w_j, its segments in flight now
     */
    void SetWindow(uint32_t flow, double segments);
    /**
     * @param flow the index Add gave
     * @param segments a window for @p flow in place of its own
     * @return q of (6), the others' windows as they are, in packets
     */
    double GetStandingQueue(uint32_t flow, double segments) const;

    /**
     * @param flow the index Add gave
     * @param segments a window for @p flow in place of its own
     * @return S of (7), the others' windows as they are
     */
    double GetFullQueueLoad(uint32_t flow, double segments) const;

  private:
    DataRate m_rate;
    uint32_t m_queue{0};
    uint32_t m_wireBytes{0};
    std::vector<double> m_pipes;   //!< P_j
    std::vector<double> m_windows; //!< w_j
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_ROUND_TCP_BOTTLENECK_H
