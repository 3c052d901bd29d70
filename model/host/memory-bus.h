/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_MEMORY_BUS_H
#define HYBRIDNET_MEMORY_BUS_H

#include "ns3/data-rate.h"
#include "ns3/nstime.h"
#include "ns3/object.h"

#include <cstdint>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief The path between a host's processors, its I/O bridges and its memory (the
 * front-side bus of a Xeon or Itanium host, the integrated memory controller of an Opteron):
 * one resource that every copy and every DMA of network data crosses.
 *
 * Peak rate, W bits wide at T transfers per second (a "400 MHz" Xeon FSB is a 100 MHz
 * clock quad-pumped: T = 400 MT/s):
 *
 *     (1) R = W T                            (64 bit x 400 MT/s = 25.6 Gb/s)
 *
 * Crossings. A byte crosses the bus once per DMA (the NIC or a disk controller reads it
 * from memory or writes it there) and twice per CPU copy (the source is read, the
 * destination written). The kernel data path of a Linux 2.4 or 2.6 socket, without
 * zero-copy, is
 *
 *     (2) send:    write() copies user -> socket buffer (2; the checksum, without offload,
 *                  folded into the copy: csum_and_copy_from_user), the NIC DMAs it (1)  = 3
 *         receive: the NIC DMAs the frame into a ring buffer (1), read() copies it to the
 *                  user's buffer (2; skb_copy_and_csum_datagram folds the checksum)    = 3
 *
 * - the study's "data crosses the memory bus at least three times" - so a host that sends
 * or receives at G b/s moves 3 G over this bus, and no stream can exceed R / 3 (8.5 Gb/s at
 * 25.6 Gb/s) whatever its NIC and CPU. A disk-to-network transfer adds the disk's DMA and
 * the copy out of the page cache (3 more).
 *
 * Service. The bus interleaves the transfers of its requesters (cache lines from the CPU,
 * bursts from the bridges); the model shares it between a new transfer and the work already
 * queued, as processor sharing does between two requesters. Transfer j of n_j bytes,
 * requested at a_j, needs d_j = 8 n_j / R of the bus; B_j = max(0, F - a_j) is the work
 * queued before it (F: when the bus would fall idle). It ends at
 *
 *     (3) e_j = a_j + d_j + min(d_j, B_j)
 *
 * - at half rate while the backlog lasts, alone after it: a 16 B descriptor or a frame is
 * slowed by a long copy, not queued behind all of it - and the bus's work grows by d_j,
 *
 *     (4) F <- a_j + B_j + d_j,
 *
 * so the bus never carries more than R: every bound of (2) holds. Carry() returns e_j at
 * once (a reservation: no event is scheduled). The callers combine it with their own
 * service: a CPU job that copies m bytes asks for 2 m bytes as it starts (HostCpu (5)), a
 * DMA for its n bytes as the I/O bus starts carrying it (HostBus (8)); each ends no sooner
 * than its memory transfer. Utilisation over [0, t] is GetBusyTime() / t, the work carried
 * up to t (by (4) the work not yet carried is F - t).
 *
 * Scope and limits: the peak rate, with no DRAM page misses, refresh or bank conflicts
 * (sustained copy rates of the period reach about half of R; the CPU's own copy rate,
 * HostCpu's MemoryCopyRate, carries that limit for copies); no caches (a copy's source and
 * destination always cross the bus; a cache-resident user buffer, write-allocate reads of
 * the destination and the checksum's separate pass when it is not folded into a copy are
 * not modelled); (3) is exact processor sharing for one transfer against one backlog and
 * an approximation for several (a transfer's share does not change when later ones arrive,
 * and the CPU and the bridges get equal shares, where a chipset may favour either).
 * A host without a MemoryBus (no memory section in its profile) has no such limit.
 */
class MemoryBus : public Object
{
  public:
    static TypeId GetTypeId();
    MemoryBus();
    ~MemoryBus() override;

    MemoryBus(const MemoryBus&) = delete;
    MemoryBus& operator=(const MemoryBus&) = delete;

    /**
     * Reserve the bus for @p bytes, equations (3) and (4).
     * @param bytes bytes that cross the bus
     * @return e_j, when the bus has carried them (absolute simulation time)
     */
    Time Carry(uint64_t bytes);

    /**
     * @param bytes bytes
     * @return d = 8 n / R, rounded up to the time step
     */
    Time GetTransferTime(uint64_t bytes) const;

    /** @return R of equation (1) */
    DataRate GetRate() const;

    /** @return the time the bus has carried data since the start, up to now */
    Time GetBusyTime() const;

    /** @return GetBusyTime() / elapsed time, 0 at time 0 */
    double GetUtilisation() const;

    /** @return the bytes of every transfer reserved so far */
    uint64_t GetCarriedBytes() const;

  private:
    uint32_t m_width{0};        //!< W, bits
    uint32_t m_transferRate{0}; //!< T, millions of transfers per second
    Time m_freeAt;              //!< F of (4): when the queued work ends
    Time m_reserved;            //!< sum of d_j of every reservation
    uint64_t m_carried{0};      //!< sum of n_j
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_MEMORY_BUS_H
