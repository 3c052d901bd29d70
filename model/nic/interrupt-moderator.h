/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_INTERRUPT_MODERATOR_H
#define HYBRIDNET_INTERRUPT_MODERATOR_H

#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/traced-callback.h"
#include "ns3/traced-value.h"

#include <cstdint>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief The interrupt throttle rate (ITR) logic of the Linux e1000 driver (Intel PRO/1000,
 * 8254x, e.g. the 82541 of the Lightpath Accelerator study's hosts), as a pure,
 * deterministic model object: it holds the driver's state and computes the interrupt rate
 * and the ITR register value the driver would program; it schedules no events and owns no
 * device.
 *
 * Source (read, not copied): Linux drivers/net/ethernet/intel/e1000/
 *   - e1000_main.c, e1000_update_itr() (traffic-class state machine), e1000_set_itr()
 *     (target rate, conservative rule, ramp, register write), e1000_clean() (NAPI poll:
 *     e1000_set_itr() runs only when (itr_setting & 3) != 0), e1000_watchdog() ("simple
 *     mode" 4);
 *   - e1000_param.c, e1000_check_options() (InterruptThrottleRate, the four delay timers);
 *   - e1000_ethtool.c, e1000_set_coalesce() / e1000_get_coalesce() (rx-usecs).
 *
 * Setting s = attribute InterruptThrottleRate (the module parameter), accepted values
 * {0, 1, 3, 4} U [100, 100000]:
 *   - s = 0: off, no throttling (ITR register 0); Update() changes nothing.
 *   - s = 1: dynamic; s = 3: dynamic conservative (driver default); the rate starts at
 *     20000 ints/s and follows (1)-(5) at every Update().
 *   - s = 4: simplified balancing, (6), once per watchdog period (UpdateSimplified()).
 *   - 100 <= s <= 100000: fixed rate r = s; Update() changes nothing (the driver keeps
 *     s & ~3 as its setting, so (s & ~3) & 3 = 0 and e1000_set_itr() never runs).
 * The driver replaces 2, 5..99 and values above 100000 by its default 3 with a warning;
 * here the attribute checker rejects them instead, so a typo cannot silently select a mode.
 *
 * Traffic classes c in {lowest_latency = 0, low_latency = 1, bulk_latency = 2}, one per
 * direction (rx and tx), both starting at lowest_latency (the driver's adapter structure
 * is zero-allocated and only e1000_set_itr() assigns them). With n packets and b bytes in
 * the interval since the last interrupt (integer division b/n as in the driver; n = 0
 * leaves c unchanged), the next class c' = U(c, n, b) of e1000_update_itr() is
 *
 *  (1) c = lowest: bulk if b/n > 8000; else low if n < 5 and b > 512; else lowest.
 *      c = low:    if b > 10000: bulk if b/n > 8000, or n < 10, or b/n > 1200;
 *                                else lowest if n > 35; else low.
 *                  if b <= 10000: bulk if b/n > 2000; else lowest if n <= 2 and b < 512;
 *                                else low.
 *      c = bulk:   if b > 25000: low if n > 35, else bulk.
 *                  if b <= 25000: low if b < 6000, else bulk.
 *
 *  (2) conservative rule (s = 3 only): a direction's class that (1) makes lowest is stored
 *      as low instead, so the state machine itself never sits in lowest.
 *
 *  (3) C = max(c_rx, c_tx);   target T(C) = 70000, 20000, 4000 ints/s for C = lowest, low,
 *      bulk (the comments in the driver: 70000 ~ 14 us, 20000 = 50 us, 4000 = 250 us).
 *
 *  (4) ramp, from the current rate r to the new rate r':
 *        r' = min(r + floor(T / 4), T)   if T > r   (rising: bias towards bulk)
 *        r' = T                          if T <= r  (falling: at once)
 *
 *  (5) ITR register = floor(1e9 / (r' * 256)), the minimum inter-interrupt interval in
 *      units of 256 ns; the hardware enforces I = register * 256 ns (GetMinimumInterval()),
 *      slightly below 1 / r' because of the truncation (8000 ints/s: 488 -> 124.928 us).
 *
 *  (6) simplified mode (s = 4), from the good octets transmitted (G_t) and received (G_r)
 *      in the 2 s watchdog period:  g = floor((G_t + G_r) / 10000),
 *      d = floor(|G_t - G_r| / 10000),  r = d * 6000 / g + 2000 (integer) if g > 0, else
 *      8000; written directly with (5), no ramp. Symmetric traffic -> 2000, one-way -> 8000.
 *
 * The driver calls e1000_set_itr() at the end of every NAPI poll that did not use up its
 * budget, with the packet and byte totals the rx and tx clean routines counted since the
 * interrupt; a user of this class calls Update() at the same point with the same counts.
 *
 * Delay timers (module parameters of e1000_param.c, units of 1.024 us, range 0..65535):
 * RxIntDelay (RDTR, default 0), RxAbsIntDelay (RADV, 8), TxIntDelay (TIDV, 8),
 * TxAbsIntDelay (TADV, 32). They are held and converted here (t = v * 1.024 us); nothing in
 * this class applies them.
 *
 * ethtool: e1000 supports only rx-usecs (e1000_set_coalesce(); 82545 and newer, which
 * includes the 82541). rx-usecs u: u = 0, 1, 3 select off / dynamic / conservative with rate
 * 20000 (the classes are kept); u = 4 selects mode 4; 10 <= u <= 10000 gives a fixed rate
 * floor(1e6 / u); u = 2, 5..9 and u > 10000 are rejected (-EINVAL). Reading rx-usecs
 * returns s for s <= 4 and floor(1e6 / (r & ~3)) for a fixed rate r. The four delay
 * timers have no ethtool alias in e1000 (module parameters only).
 *
 * Departures from the driver, and why:
 *   - Invalid settings are rejected instead of falling back to 3 (see above).
 *   - Mode 4 starts at 8000 ints/s, the value (6) gives without traffic; the driver first
 *     writes 1e9 / (4 * 256), which does not fit the 16-bit interval field, and corrects it
 *     at the first watchdog run 2 s later.
 *   - Not modelled: the link-speed rule of e1000_set_itr() (below 1000 Mb/s the rate is
 *     fixed at 4000) - the model assumes a gigabit link; MACs older than the 82540 (no
 *     ITR); the MSI-X path of e1000e; the device, its rings and NAPI polling itself.
 *   - Setting the InterruptThrottleRate attribute acts like loading the module (classes
 *     reset to lowest); SetRxUsecs() acts like ethtool (classes kept).
 *
 * Reference: Linux kernel, drivers/net/ethernet/intel/e1000/{e1000_main.c,e1000_param.c,
 * e1000_ethtool.c} (mainline, e.g. v6.x; the logic is unchanged since ~v2.6.24), and
 * Documentation/networking/device_drivers/ethernet/intel/e1000.rst.
 */
class InterruptModerator : public Object
{
  public:
    /** Traffic class of e1000_update_itr() (values as the driver's enum latency_range). */
    enum TrafficClass : uint8_t
    {
        LOWEST_LATENCY = 0, //!< target 70000 ints/s
        LOW_LATENCY = 1,    //!< target 20000 ints/s
        BULK_LATENCY = 2,   //!< target 4000 ints/s
    };

    /**
     * TracedValue callback signature of the rate (ints/s).
     * @param oldValue previous value
     * @param newValue new value
     */
    typedef void (*RateTracedCallback)(uint32_t oldValue, uint32_t newValue);

    /**
     * TracedValue callback signature of the traffic class.
     * @param oldValue previous value
     * @param newValue new value
     */
    typedef void (*TrafficClassTracedCallback)(TrafficClass oldValue, TrafficClass newValue);

    /**
     * Callback signature of RateChanged, fired when a new rate is programmed.
     * @param rate the new interrupt rate, ints/s (0 = off)
     * @param itrRegister the ITR register value of equation (5), 256 ns units
     */
    typedef void (*RateChangedCallback)(uint32_t rate, uint32_t itrRegister);

    /**
     * Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    InterruptModerator();

    /**
     * e1000_set_itr() for one interval in which only the receive direction saw traffic
     * (the tx class is updated with zero packets, i.e. kept, then (2) applies to it).
     * @param packets packets received in the interval
     * @param bytes bytes received in the interval
     */
    void Update(uint32_t packets, uint64_t bytes);

    /**
     * e1000_set_itr() for one interval: (1)-(5) with both directions' counts. Does
     * nothing unless InterruptThrottleRate is 1 or 3.
     * @param rxPackets packets received in the interval
     * @param rxBytes bytes received in the interval
     * @param txPackets packets transmitted (cleaned) in the interval
     * @param txBytes bytes transmitted in the interval
     */
    void Update(uint32_t rxPackets, uint64_t rxBytes, uint32_t txPackets, uint64_t txBytes);

    /**
     * The watchdog's simplified mode, equation (6). Does nothing unless
     * InterruptThrottleRate is 4.
     * @param txBytes good octets transmitted in the watchdog period
     * @param rxBytes good octets received in the watchdog period
     */
    void UpdateSimplified(uint64_t txBytes, uint64_t rxBytes);

    /**
     * Equation (1): e1000_update_itr() as a pure function.
     * @param current the class before the interval
     * @param packets packets in the interval
     * @param bytes bytes in the interval
     * @return the class after the interval
     */
    static TrafficClass NextTrafficClass(TrafficClass current, uint32_t packets, uint64_t bytes);

    /**
     * Equation (5).
     * @param rate interrupt rate, ints/s (0 = off)
     * @return floor(1e9 / (rate * 256)), or 0 for rate 0
     */
    static uint32_t RateToRegister(uint32_t rate);

    /** @return C of equation (3), the class that set the rate (the larger of rx and tx) */
    TrafficClass GetTrafficClass() const;
    /** @return the receive direction's class */
    TrafficClass GetRxTrafficClass() const;
    /** @return the transmit direction's class */
    TrafficClass GetTxTrafficClass() const;
    /** @return the programmed interrupt rate, ints/s (0 = off: no throttling) */
    uint32_t GetInterruptRate() const;
    /** @return the ITR register value of equation (5), 256 ns units (0 = off) */
    uint32_t GetItrRegister() const;
    /** @return I = register * 256 ns, the minimum interval between interrupts (0 = off) */
    Time GetMinimumInterval() const;
    /** @return the setting s (attribute InterruptThrottleRate) */
    uint32_t GetInterruptThrottleRate() const;

    /**
     * ethtool -C rx-usecs, as e1000_set_coalesce().
     * @param usecs rx-usecs
     * @return false (and no change) where the driver returns -EINVAL
     */
    bool SetRxUsecs(uint32_t usecs);
    /** @return ethtool -c rx-usecs, as e1000_get_coalesce() */
    uint32_t GetRxUsecs() const;

    /** @return RxIntDelay (RDTR) as a time */
    Time GetRxIntDelay() const;
    /** @return RxAbsIntDelay (RADV) as a time */
    Time GetRxAbsIntDelay() const;
    /** @return TxIntDelay (TIDV) as a time */
    Time GetTxIntDelay() const;
    /** @return TxAbsIntDelay (TADV) as a time */
    Time GetTxAbsIntDelay() const;

    /**
     * Whether a value is an accepted InterruptThrottleRate setting.
     * @param setting the value
     * @return true for 0, 1, 3, 4 and 100..100000
     */
    static bool IsValidSetting(uint64_t setting);

  private:
    /**
     * Module-parameter path (e1000_check_options): set s, reset the state.
     * @param setting s, already checked
     */
    void SetInterruptThrottleRate(uint32_t setting);
    /**
     * Program a rate: register of (5), traces.
     * @param rate ints/s (0 = off)
     */
    void Program(uint32_t rate);
    /** @return whether e1000_set_itr() runs in the current setting ((s' & 3) != 0) */
    bool IsDynamic() const;

    uint32_t m_setting{0};                            //!< s, as configured (fixed rates not masked)
    TrafficClass m_rxClass{LOWEST_LATENCY};           //!< rx class
    TrafficClass m_txClass{LOWEST_LATENCY};           //!< tx class
    TracedValue<TrafficClass> m_class;                //!< C of (3)
    TracedValue<uint32_t> m_rate;                     //!< programmed rate, ints/s
    uint32_t m_register{0};                           //!< ITR register, 256 ns units
    uint32_t m_rxIntDelay{0};                         //!< RDTR, 1.024 us units
    uint32_t m_rxAbsIntDelay{0};                      //!< RADV, 1.024 us units
    uint32_t m_txIntDelay{0};                         //!< TIDV, 1.024 us units
    uint32_t m_txAbsIntDelay{0};                      //!< TADV, 1.024 us units
    TracedCallback<uint32_t, uint32_t> m_rateChanged; //!< RateChanged
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_INTERRUPT_MODERATOR_H
