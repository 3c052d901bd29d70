/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_INFINIBAND_VL_ARBITER_H
#define HYBRIDNET_INFINIBAND_VL_ARBITER_H

#include <cstdint>
#include <functional>
#include <vector>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief Which data virtual lane a port sends from next: the two-table weighted
 * round robin of IBA Architecture Specification Vol. 1 Release 1.2.1, 7.6.9
 * (VLArbitrationTable, 14.2.5.9).
 *
 * Each table is a list of entries (VL, weight), weight 0-255 in units of 64 bytes (weight
 * 0: the entry is skipped). A VL is ready when it has a packet and credit for all of it
 * (InfinibandFlowControl (1)). Within a table, the current entry keeps the link while its
 * VL is ready and its remaining weight is positive; each packet sent from it takes its
 * bytes p (LRH to VCRC) from the weight:
 *
 *     (1) w_rem <- w_rem - p,      w_rem = 64 weight when the entry becomes current
 *
 * so an entry sends n = ceil(64 weight / p) packets of p bytes a turn (a packet may
 * overrun the weight; the turn then ends). When the current entry's VL is not ready or
 * its weight is spent, the next entry whose VL is ready becomes current (wrapping). Two
 * always-ready VLs with weights w1, w2 and packets of p bytes therefore share the link as
 *
 *     (2) n1 : n2 = ceil(64 w1 / p) : ceil(64 w2 / p)     (= w1 : w2 when p divides both)
 *
 * The High table is served before the Low table. LimitOfHighPriority L bounds the
 * high-priority bytes sent while a low-priority VL is ready: once they reach 4096 L
 * bytes (at least one packet: L = 0 means one packet), one low-priority packet goes, and
 * the count restarts; L = 255 is unbounded. VL15 (subnet management) is not arbitrated:
 * it goes before every data VL (7.6.8), which InfinibandNetDevice does itself.
 *
 * Simplifications: the count of high-priority bytes restarts only when a low packet is
 * sent (the spec also restarts it when no high-priority packet is waiting, which changes
 * nothing while high-priority VLs are saturated); tables hold any number of entries (the
 * spec: up to 64 each, VLArbitrationHighCap/LowCap).
 */
class InfinibandVlArbiter
{
  public:
    /** One table entry. */
    struct Entry
    {
        uint8_t vl;     //!< data VL, 0-14
        uint8_t weight; //!< 64-byte units, 0-255
    };

    static constexpr uint8_t kUnlimited = 255; //!< LimitOfHighPriority without a bound

    /**
     * @param high the High table
     * @param low the Low table
     */
    void SetTables(std::vector<Entry> high, std::vector<Entry> low);

    /** @param limit LimitOfHighPriority, units of 4096 bytes (255: unbounded) */
    void SetLimitOfHighPriority(uint8_t limit);

    /**
     * Choose the VL to send from now; Charge must follow if a packet is sent.
     * @param ready whether a VL has a packet and credit for it
     * @return the VL, or -1 if no entry's VL is ready
     */
    int Select(const std::function<bool(uint8_t)>& ready);

    /** @param bytes p of (1), the packet just sent from the VL Select returned */
    void Charge(uint32_t bytes);

  private:
    /** One table and where its round robin stands. */
    struct Table
    {
        std::vector<Entry> entries;
        std::size_t current{0};
        int64_t remaining{0}; //!< w_rem of (1)
    };

    /** @return the table's VL to send from, or -1; moves the round robin */
    static int SelectIn(Table& table, const std::function<bool(uint8_t)>& ready);
    /** @return whether any entry of @p table with a weight has a ready VL */
    static bool AnyReady(const Table& table, const std::function<bool(uint8_t)>& ready);
    /** @return whether the high-priority count has reached the limit */
    bool HighLimitReached() const;

    Table m_high;
    Table m_low;
    uint8_t m_limit{kUnlimited};
    uint64_t m_highBytes{0}; //!< high-priority bytes since a low packet
    bool m_lastHigh{false};  //!< which table the last Select chose from
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_INFINIBAND_VL_ARBITER_H
