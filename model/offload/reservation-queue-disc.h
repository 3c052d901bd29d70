/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_RESERVATION_QUEUE_DISC_H
#define HYBRIDNET_RESERVATION_QUEUE_DISC_H

#include "hybridnet/flow-key.h"

#include "ns3/data-rate.h"
#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/queue-disc.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <optional>
#include <string>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief The `shared-nic` offload model's data plane (issue 22): one NIC carries both the
 * packet traffic and a reserved channel of rate C (e.g. a VLAN through the switch to a
 * circuit port); one flow at a time holds a reservation of rate R on it, and the NIC's
 * egress is shaped so that the reserved flow gets up to R and never more than C, and the
 * rest of the traffic gets what is left of the line rate.  The root queue disc of the
 * NIC; without a reservation it is one FIFO.
 *
 * **Classes.**  Two internal FIFO queues of MaxSize packets each: 0 for the packets of the
 * reserved flow F (exact FlowKey match: addresses, ports, protocol, one direction), 1 for
 * everything else.  Reserve(F) / Release() set and clear F.
 *
 * **Token buckets** (Linux sch_tbf with a peak bucket, as ns-3's TbfQueueDisc): a bucket
 * of depth B = Burst filled at R = ReservedRate and one of depth M = PeakBurst filled at
 * C = ChannelRate, both full at the start and capped at their depths, tokens in bytes:
 *
 *     (1) b(t) = min(B, b(t') + R (t - t') / 8),  p(t) = min(M, p(t') + C (t - t') / 8)
 *
 * The head packet of queue 0 (size s: IP header and payload) may leave when b >= s and
 * p >= s; both lose s.  Hence the bytes of F dequeued in any interval of length T are
 *
 *     (2) bytes_F(T) <= min(B + R T, M + C T)
 *
 * and, with F backlogged, at least R T - B - s_max.
 *
 * **Dequeue order.**  Queue 0 when its head may leave (strict priority: F gets min(R,
 * demand) whatever the rest does), else queue 1 (the rest gets the line minus what F
 * uses), else nothing and a wake-up of this root queue disc at the instant the head of
 * queue 0 may leave:
 *
 *     (3) t_wake = now + max((s - b) 8 / R, (s - p) 8 / C)   (terms <= 0 ignored)
 *
 * **Refused settings** (one line, Validate): R = 0, R > C, R above the NIC's line rate
 * (its DataRate attribute), C above the line rate, M below the device's MTU (no full-size
 * packet could ever leave).
 *
 * Why a new class and not ns-3's PrioQueueDisc with a TbfQueueDisc child (the plan in
 * the module page): ns-3 3.44's TbfQueueDisc, when its head packet lacks tokens,
 * schedules QueueDisc::Run on itself; as a child it has no send callback (only the root
 * transmits), so the wake-up either asserts or drops the packet.  With a busy FIFO band
 * the root runs anyway, but a reserved flow alone on the NIC would stall.  This class
 * keeps TBF's equations and wakes the root.
 *
 * Not modelled: the far side of the wire (the switch's VLAN to the circuit port): the
 * reserved flow keeps its route; several reservations on one NIC (the pfd gives a
 * host's accelerator port to one circuit at a time).
 */
class ReservationQueueDisc : public QueueDisc
{
  public:
    /**
     * Signature of the Reservation trace.
     * @param key the reserved flow (or the released one)
     * @param reserved true at Reserve, false at Release
     */
    typedef void (*ReservationTracedCallback)(const FlowKey& key, bool reserved);

    static TypeId GetTypeId();
    ReservationQueueDisc();
    ~ReservationQueueDisc() override;

    /**
     * Give the reserved channel to @p key (its packets go to queue 0).  Aborts if another
     * flow holds it or the rates are refused (Validate).
     * @param key the flow, this NIC's outgoing direction
     */
    void Reserve(const FlowKey& key);
    /** Give the channel back: every packet goes to queue 1 again. */
    void Release();
    /** @return the reserved flow, if any */
    std::optional<FlowKey> GetReservedFlow() const;
    /** @return ReservedRate, R */
    DataRate GetReservedRate() const;

    /**
     * @param reserved R
     * @param channel C
     * @param line the NIC's line rate
     * @return empty if R, C and the line rate are consistent, else the one-line reason
     */
    static std::string Validate(DataRate reserved, DataRate channel, DataRate line);

  protected:
    void DoDispose() override;

  private:
    bool DoEnqueue(Ptr<QueueDiscItem> item) override;
    Ptr<QueueDiscItem> DoDequeue() override;
    bool CheckConfig() override;
    void InitializeParams() override;

    /** @param item a packet @return whether it belongs to the reserved flow */
    bool IsReserved(Ptr<const QueueDiscItem> item) const;
    /** Add the tokens of (1) since the last refill. */
    void Refill();
    /** @return the NIC's line rate (its DataRate attribute); aborts without one */
    DataRate GetLineRate() const;

    DataRate m_reservedRate; //!< R
    DataRate m_channelRate;  //!< C
    uint32_t m_burst{0};     //!< B, bytes
    uint32_t m_peakBurst{0}; //!< M, bytes

    std::optional<FlowKey> m_reserved; //!< F
    double m_btokens{0};               //!< b of (1), bytes
    double m_ptokens{0};               //!< p of (1), bytes
    Time m_checkpoint;                 //!< t' of (1)
    EventId m_wake;                    //!< wake-up of (3)

    TracedCallback<const FlowKey&, bool> m_reservationTrace; //!< Reservation
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_RESERVATION_QUEUE_DISC_H
