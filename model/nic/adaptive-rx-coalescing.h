/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_ADAPTIVE_RX_COALESCING_H
#define HYBRIDNET_ADAPTIVE_RX_COALESCING_H

#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/traced-value.h"

#include <cstdint>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief Receive interrupt moderation of a ConnectX 10 GbE port under the Linux mlx4_en
 * driver: the completion queue's event moderation (a frame count and a period) and the
 * driver's adaptive RX coalescing (AIC, `ethtool -C adaptive-rx on`), as a pure,
 * deterministic model object: it holds the driver's state and computes the moderation the
 * driver would program; it schedules no events and owns no device (NicNetDevice does,
 * with attribute AdaptiveCoalescing).
 *
 * Source (read, not copied): Linux drivers/net/mlx4/ of 2.6.28-2.6.29, the mlx4_en that
 * was merged from the code base OFED 1.4 shipped (OFED 1.4's own tree was not available
 * to us; the constants are the same in every mlx4_en.h we found up to the 2.6.3x series):
 *   - mlx4_en.h: MLX4_EN_RX_COAL_TARGET 44, MLX4_EN_RX_COAL_TIME 0x10,
 *     MLX4_EN_RX_RATE_LOW 400000, MLX4_EN_RX_COAL_TIME_LOW 0, MLX4_EN_RX_RATE_HIGH 450000,
 *     MLX4_EN_RX_COAL_TIME_HIGH 128, MLX4_EN_RX_RATE_THRESH (1000000 / 128),
 *     MLX4_EN_SAMPLE_INTERVAL 0, STATS_DELAY (HZ / 4);
 *   - en_netdev.c: mlx4_en_set_default_moderation(), mlx4_en_auto_moderation() (called
 *     from the statistics task mlx4_en_do_get_stats() every STATS_DELAY);
 *   - include/rdma/ib_verbs.h ib_modify_cq() and the IB/uverbs CQ-moderation commit: the
 *     count is "the number of CQEs to accumulate before generating an event", the period
 *     "the timeout in microseconds from the last event generated, upon which a new event
 *     will be generated even if cq_max_count was not reached".
 *
 * Equations:
 *
 *  (A0) defaults: rx_frames F = floor(44 / MTU) + 1, rx_usecs u0 = 16 us. The driver's
 *       comment calls the target a number of packets, but the formula divides it by the
 *       MTU: F = 1 for every MTU above 44 bytes. (Later drivers set F = 44 frames; the
 *       attribute RxFrames selects a value as `ethtool -C rx-frames` would.)
 *
 *  (A1) every sample (jiffies period p since the last, kernel tick rate HZ), with the
 *       packets received Dr and sent Dt since the last sample:
 *         P = max(Dt, Dr),   rate = floor(P * HZ / p)   packets/s.
 *       The first sample only records the counters. The samples come every
 *       floor(HZ / 4) jiffies (GetSamplePeriod()).
 *
 *  (A2) new moderation time t:
 *         rate <= R_th = floor(1e6 / 128) = 7812          : t = u0 (the default, "to
 *                                                            prevent interrupt storms")
 *         else if 2 Dt > 3 Dr or 2 Dr > 3 Dt (unbalanced)  : t = u_high
 *         else if rate < r_low                              : t = u_low
 *         else if rate > r_high                             : t = u_high
 *         else  t = floor((rate - r_low)(u_high - u_low) / (r_high - r_low)) + u_low
 *       with r_low 400000, r_high 450000 packets/s, u_low 0, u_high 128 us. R_th uses the
 *       compile-time 128, not the settable u_high, as the driver does. With Adaptive =
 *       false (adaptive-rx off) t = u0 always.
 *
 *  (A3) the receive CQ raises its event when F completions have accumulated since the
 *       last event, or t after the last event, whichever comes first (t = 0: no timer).
 *       So with F = 1 every completion raises an event at once when the CQ is armed, and
 *       t changes nothing: with the OFED 1.4-era defaults, moderation comes from NAPI
 *       alone (the driver re-arms the CQ when a poll ends) - a prediction of the source,
 *       stated, not a tuning.
 *
 * Not modelled: the transmit CQ's moderation (NicNetDevice applies the same rule to its
 * one interrupt), more than one receive ring, the byte-based average packet size (logged
 * by this driver, used only by later ones), jitter in the statistics task's period.
 */
class AdaptiveRxCoalescing : public Object
{
  public:
    /**
     * TracedValue signature of ModerationTime.
     * @param oldValue previous t, microseconds
     * @param newValue new t, microseconds
     */
    typedef void (*UsecsTracedCallback)(uint32_t oldValue, uint32_t newValue);

    static TypeId GetTypeId();
    AdaptiveRxCoalescing();

    /**
     * One sample of the statistics task, (A1)-(A2).
     * @param rxPackets packets received since the last sample (Dr)
     * @param txPackets packets sent since the last sample (Dt)
     * @param jiffies length of the period, in kernel ticks (p > 0)
     * @return the moderation time t after the sample, microseconds
     */
    uint32_t Sample(uint64_t rxPackets, uint64_t txPackets, uint64_t jiffies);

    /**
     * (A1): the rate the driver computes.
     * @param rxPackets Dr
     * @param txPackets Dt
     * @param jiffies p (> 0)
     * @return floor(max(Dt, Dr) * HZ / p)
     */
    uint64_t PacketRate(uint64_t rxPackets, uint64_t txPackets, uint64_t jiffies) const;

    /** @return floor(HZ / 4), the statistics task's period in jiffies */
    uint64_t GetSamplePeriod() const;
    /** @return the statistics task's period as a time, floor(HZ / 4) / HZ */
    Time GetSampleInterval() const;
    /**
     * (A0).
     * @param mtu the port's MTU, bytes (> 0)
     * @return F: RxFrames if set, else floor(44 / MTU) + 1
     */
    uint32_t GetRxFrames(uint32_t mtu) const;
    /** @return t, the current moderation period, microseconds */
    uint32_t GetModerationUsecs() const;
    /** @return t as a time (zero: no timer) */
    Time GetModerationTime() const;

  private:
    bool m_adaptive{true};         //!< adaptive-rx
    uint32_t m_rxUsecs{0};         //!< u0
    uint32_t m_rxFrames{0};        //!< F (0: the driver's default of (A0))
    uint32_t m_rateLow{0};         //!< r_low, packets/s
    uint32_t m_rateHigh{0};        //!< r_high, packets/s
    uint32_t m_usecsLow{0};        //!< u_low
    uint32_t m_usecsHigh{0};       //!< u_high
    uint32_t m_hz{0};              //!< kernel tick rate
    bool m_sampled{false};         //!< a first sample recorded the counters
    TracedValue<uint32_t> m_usecs; //!< t
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_ADAPTIVE_RX_COALESCING_H
