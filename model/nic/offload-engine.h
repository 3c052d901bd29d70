/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_OFFLOAD_ENGINE_H
#define HYBRIDNET_OFFLOAD_ENGINE_H

#include "ns3/callback.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/traced-value.h"

#include <cstdint>
#include <deque>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief The protocol processor of a TCP offload engine (TOE) card: the one server that
 * does TCP's per-segment work on the card - building the headers of the segments it sends,
 * processing the segments it receives, its ACKs and retransmissions - for both directions.
 *
 * A FIFO server with a fixed service time per segment, whatever its size (the per-byte
 * work, checksum and data movement, is done by the card's DMA and MAC logic at their own
 * rates, which the bus and the wire model). With S = attribute SegmentRate,
 *
 *     (1) s = 1 / S                                 (service time of one segment)
 *     (2) d_j = max(a_j, d_{j-1}) + s               (segment j submitted at a_j departs
 *                                                    at d_j; first come, first served)
 *     (3) throughput <= S segments/s;   utilisation over [0, t] = n(t) s / t
 *                                                   (n(t): segments served by t)
 *
 * so a stream of segments every T seconds waits nowhere while T >= s and, offered faster,
 * queues without bound: its caller (NicNetDevice) bounds the queue with its descriptor
 * rings. S = 0 means the engine is not modelled: s = 0 and every segment departs at once
 * (the TOE of infinite capacity the NIC had before this class).
 *
 * Scope and limits: one engine for all connections and both directions (the T110's
 * Terminator is a single-engine ASIC); the work per segment does not depend on the
 * segment's size, its kind (data, ACK, retransmission) or the number of connections (the
 * card's connection table is assumed to hold them all on chip); no pipelining across
 * segments beyond what S says (a deeply pipelined engine is described by its rate, not by
 * its latency, which is taken to be s).
 */
class OffloadEngine : public Object
{
  public:
    /**
     * TracedValue signature of the backlog.
     * @param oldValue previous value
     * @param newValue new value
     */
    typedef void (*BacklogTracedCallback)(uint32_t oldValue, uint32_t newValue);

    static TypeId GetTypeId();
    OffloadEngine();
    ~OffloadEngine() override;

    OffloadEngine(const OffloadEngine&) = delete;
    OffloadEngine& operator=(const OffloadEngine&) = delete;

    /**
     * Queue a segment's work, equation (2).
     * @param done runs when the segment departs (at once when S = 0)
     */
    void Process(Callback<void> done);

    /** @return s of equation (1), rounded up to the time step; 0 when S = 0 */
    Time GetServiceTime() const;
    /** @return S, segments per second (0: not modelled) */
    uint64_t GetSegmentRate() const;
    /** @return segments that have departed so far */
    uint64_t GetSegments() const;
    /** @return busy time up to now: the part of n s that has elapsed, (3) */
    Time GetBusyTime() const;
    /** @return GetBusyTime() / elapsed time, 0 at time 0 */
    double GetUtilisation() const;

  protected:
    void DoDispose() override;

  private:
    /** The oldest segment in service departs. */
    void Depart();

    uint64_t m_segmentRate{0};            //!< S
    Time m_freeAt;                        //!< d of the last segment submitted
    Time m_reserved;                      //!< n s over every segment submitted
    uint64_t m_departed{0};               //!< segments served
    TracedValue<uint32_t> m_backlog;      //!< segments submitted, not yet departed
    std::deque<Callback<void>> m_waiting; //!< their callbacks, in order
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_OFFLOAD_ENGINE_H
