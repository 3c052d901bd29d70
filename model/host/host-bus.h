/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_HOST_BUS_H
#define HYBRIDNET_HOST_BUS_H

#include "ns3/callback.h"
#include "ns3/data-rate.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/ptr.h"
#include "ns3/traced-callback.h"
#include "ns3/traced-value.h"

#include <array>
#include <cstdint>
#include <deque>
#include <optional>
#include <string>

namespace ns3
{
namespace hybridnet
{

class MemoryBus;

/**
 * @brief The I/O bus between a NIC and host memory (conventional PCI, PCI-X or PCI
 * Express): the time each DMA transfer occupies the bus, and the queueing of transfers.
 *
 * A NIC DMAs every received frame into host memory (TO_MEMORY: bus-master writes, plus the
 * 16 B descriptor write-backs) and reads every transmitted frame from host memory
 * (FROM_MEMORY: bus-master reads, plus the descriptor fetches). Each call of Transfer() is
 * one DMA of n bytes; it is split into bursts (PCI, PCI-X) or transaction-layer packets
 * (TLPs, PCI Express), each of which pays a fixed overhead besides its data.
 *
 * Parallel buses (Kind = Pci, PciX). Bus width W bits (w = W / 8 bytes per data phase),
 * clock f, bursts of at most B_d bytes in direction d, O_K overhead clocks per burst:
 *
 *   (1) T(n) = C(n) / f,   C(n) = sum_{i=1..k} ( ceil(b_i / w) + O_K ),   k = ceil(n / B_d),
 *       b_i = B_d for i < k, b_k = n - (k - 1) B_d.
 *       As every B_d is a multiple of w, C(n) = ceil(n / w) + k O_K.
 *
 *   (2) burst limit B_d:
 *       PCI:   B_d = PciBurstSize in both directions;
 *       PCI-X: B_FROM = Mmrbc (a Memory Read Block sequence never asks for more than the
 *              maximum memory read byte count); B_TO = 4096 B (a write sequence runs to the
 *              end of the transfer, but its byte count is a 12-bit attribute field, at most
 *              4096 B; targets that disconnect at 128 B ADBs are not modelled).
 *
 *   (3) O_K = O for PCI, O + 1 for PCI-X (O = attribute BurstOverhead): the same protocol
 *       phases (arbitration, address phase, target decode and initial wait states,
 *       turnaround), plus the one-clock attribute phase every PCI-X transaction has.
 *
 *   (4) peak rate R = W f;   efficiency E(n) = 8 n / (T(n) R) = n / (w C(n)); for long
 *       transfers E -> (B_d / w) / (B_d / w + O_K).
 *
 * PCI Express (Kind = PciExpress), L lanes of generation g, each lane 2.5 g GT/s with 8b/10b
 * encoding, so r = 2 g Gb/s of data per lane and direction. A transfer is carried in c(n)
 * TLPs, each with H overhead bytes (attribute TlpOverhead):
 *
 *   (5) T(n) = 8 (n + H c(n)) / (L r),   R = L r,   E(n) = n / (n + H c(n)),
 *       TO_MEMORY (posted Memory Writes):    c(n) = ceil(n / MPS);
 *       FROM_MEMORY (Memory Read Requests of at most MRRS bytes, each answered by
 *       Completions of at most MPS bytes): c(n) = sum over requests ceil(r_j / MPS) with
 *       r_j = MRRS except the last; = ceil(n / MPS) when MRRS >= MPS.
 *
 * Service (all kinds). Transfers are served first come, first served, one at a time per
 * server. A conventional PCI or PCI-X bus is one shared medium: one transaction at a time,
 * so both directions share ONE FIFO and a receive DMA waits behind a transmit DMA and vice
 * versa (a candidate mechanism for the "effectively half duplex" bidirectional iperf of the
 * studies). PCI Express has independent lanes each way: one FIFO per direction. Transfer
 * j, queued at a_j behind transfer j-1 of the same server, completes at
 *
 *   (6) t_j = max(a_j, t_{j-1}) + T(n_j),
 *
 * and its callback runs then, so the bus delay lies on the frame's path.  A read cannot
 * start its data phases before the target has fetched the data from host memory: the
 * bridge answers a conventional PCI read with retries (a delayed transaction) and a PCI-X
 * or PCI Express read with a later split completion, and the bus is free for other
 * transfers meanwhile.  So a read (FROM_MEMORY) requested at r_j joins its FIFO at
 *
 *   (6a) a_j = r_j + D_r                      D_r = attribute ReadLatency
 *
 * and a write (posted: the bridge takes it at once) at a_j = r_j.  D_r adds latency, not
 * bus time: reads issued faster than the bus serves them overlap it (their a_j lie before
 * t_{j-1} in (6)), so a saturated bus carries what (1)-(5) allow whatever D_r. Busy time counts
 * T(n) of completed transfers: on a shared bus GetBusyTime() / elapsed is the bus
 * utilisation; on PCI Express GetBusyTime() adds both directions' servers (up to twice the
 * elapsed time) and GetBusyTime(d) / elapsed is the utilisation of direction d.
 *
 * Memory. On a host with a MemoryBus (aggregated to the same node) every transfer's bytes
 * also cross it (MemoryBus (2): once per DMA), reserved as the I/O bus starts the transfer
 * at s_j; the I/O bus cannot move data faster than memory takes or gives it (the bridge's
 * buffers fill and the bus stalls), so the transfer holds the I/O bus for
 *
 *   (8) T'(n) = max(T(n), e - s_j)      e = MemoryBus::Carry(n), MemoryBus (3),
 *
 * which is T(n) while the memory bus is faster than this bus and not busy with copies or
 * other DMA; T' replaces T in (6) and in the busy time.
 *
 * Calibration (once; shared/reference/nic-tuning-load-balancing.md, "32-bit / 33 MHz
 * PCI is 1056 Mb/s in theory and about 850 Mb/s in practice (bus overhead, burst size)").
 * Transfer: one full-size frame, n = 1500 B; burst size B = 256 B (see below), 32-bit bus,
 * so k = ceil(1500 / 256) = 6 bursts and ceil(1500 / 4) = 375 data clocks. Solving
 * (1), (4) for the measured efficiency 850 / 1056:
 *
 *   (7) 375 / (375 + 6 O) = 850 / 1056  =>  O = 375 (1056 / 850 - 1) / 6 = 15.15 clocks,
 *
 * rounded to whole clocks (a bus phase lasts whole clocks): O = 15, which gives 465 clocks =
 * 14.09 us per frame, E = 80.6 %, 851.6 Mb/s (+0.2 %); long transfers of full bursts give
 * 64 / 79 = 81.0 %, 855.5 Mb/s, so the calibration does not depend on the frame mix. The
 * same O is used for PCI-X (plus its attribute phase, (3)) and is not re-tuned.
 *
 * Burst size of conventional PCI (an explicit assumption, B = PciBurstSize = 256 B). PCI sets
 * no burst limit: a burst ends where the initiator's DMA engine or the target (the host
 * bridge's prefetch and posting buffers) ends it, at 64 B to 1 KB in the NICs and bridges of
 * the period (e.g. the AceNIC's DMA read/write maximum settings, 4 B to 1 KB, Linux
 * acenic.c; the UltraSPARC PCI controller disconnects at 64 B). What (7) fixes is roughly
 * O / B, so B is chosen where O is physically the phases it stands for: the PCI 2.2
 * specification bounds the target's initial latency at 16 clocks, so address (1) + initial
 * latency (<= 16) + turnaround (1) is at most ~18 clocks. B = 256 B gives O = 15, inside
 * that bound; 512 B would give 30 and 1 KB 45 clocks, beyond it; 64 B and 128 B would give
 * 4 and 8 clocks, leaving 2 to 6 clocks for a host-memory access. The assumption matters
 * for short transfers (a 16 B descriptor costs 4 + O clocks) and for PCI-X, where O is
 * carried in clocks: B = 128 B (O = 8) would predict 7.45 Gb/s below, B = 512 B (O = 30)
 * 5.70 Gb/s.
 *
 * Reads and writes pay the same O. Real reads also wait for a host-memory access before
 * the first data; that wait is D_r of (6a), which holds no bus time and so leaves the
 * calibration (7) alone. The model's reads and writes differ in bus time only through (2)
 * and (5). D_r defaults to 0; a host profile sets it from a measurement of its chipset
 * class (e.g. about 60 PCI-X clocks, 450 ns, from the start of a read to its first data on
 * Xeon hosts of 2003: Myricom, "Bus performance of Myrinet-2000/PCI-X NICs").
 *
 * Clocks are the nominal 33, 66, 100 and 133 MHz (the real ones are 33.33, 66.67, 100 and
 * 133.33 MHz), the convention of the calibration figure (1056 Mb/s = 32 bit x 33 MHz); (7)
 * absorbs the 1 % at 33 MHz, and at 133 MHz the nominal clock is 0.25 % slow.
 *
 * Derived checks (equations (1)-(5) with the defaults O = 15, B = 256 B, MPS = 128 B,
 * MRRS = 512 B, H = 20 B):
 *   - PCI 32/33, 1500 B: 465 clocks, 851.6 Mb/s of 1056 (calibration, by construction).
 *     16 B descriptor: 19 clocks = 0.58 us. 9000 B jumbo frame: 851.6 Mb/s, no gain over
 *     1500 B (bursts, not frames, pay O), long-transfer ceiling 855.5 Mb/s.
 *   - PCI 64/66, 1500 B: 188 + 6 x 15 = 278 clocks, 2849 Mb/s of 4224 (E = 67.4 %): the
 *     same 256 B bursts are half as many clocks, so O weighs twice as much.
 *   - PCI-X 64/133 (O_K = 16), a 16080 B frame read by the NIC (transmit), R = 8512 Mb/s:
 *       Mmrbc  512: 32 bursts, 2010 + 512 = 2522 clocks, 18.96 us, 6784 Mb/s (E = 79.7 %)
 *       Mmrbc 1024: 16 bursts, 2266 clocks, 7550 Mb/s (88.7 %)
 *       Mmrbc 2048:  8 bursts, 2138 clocks, 8002 Mb/s (94.0 %)
 *       Mmrbc 4096:  4 bursts, 2074 clocks, 8249 Mb/s (96.9 %), also every 16080 B write.
 *     Check (shared/reference/high-speed-tcp-wan.md): "expected from PCI-X timing
 *     7 Gb/s" for 16080 B packets with Mmrbc 512; the model gives 6.78 Gb/s, 3 % below,
 *     without any tuning to that figure.
 *   - PCI Express x8 gen 1, R = 16 Gb/s each way, 1500 B: 12 TLPs of <= 128 B, 1740 B on
 *     the lanes, 870 ns, 13.79 Gb/s (E = 86.2 %); MPS 256: 6 TLPs, 810 ns, 14.81 Gb/s.
 *
 * Scope and limits. Buffers are taken as aligned to the bus width and never split by
 * address boundaries; no arbitration between several bus masters (the NIC is the only DMA
 * initiator; the CPU's register accesses are not modelled); on PCI Express, DLLPs (Ack,
 * flow-control updates), SKP ordered sets and the upstream Memory Read Request TLPs are
 * not modelled (a few per cent of the lanes; reads pipelined), and the read round trip is
 * D_r of (6a), the same for every read; Completions are taken of MPS size (the root
 * complex may split them at 64 B read completion boundaries). Changing attributes affects
 * transfers queued afterwards; Kind must not change while transfers are queued.
 *
 * Sources: PCI Local Bus Specification 2.2/2.3 (phases, 16-clock target initial latency);
 * PCI-X Addendum 1.0b (attribute phase, 12-bit byte count, Memory Read Block and the
 * maximum memory read byte count 512..4096 B, default 512 B; 133/100/66 MHz, 64-bit);
 * PCI Express Base Specification 1.1/2.0 (2.5/5 GT/s, 8b/10b, TLP framing 2 B, sequence
 * number 2 B, header 12 B (3DW) or 16 B (4DW), LCRC 4 B; Max_Payload_Size 128..4096 B,
 * default 128 B; Max_Read_Request_Size default 512 B).
 */
class HostBus : public Object
{
  public:
    /** Bus technology. */
    enum Kind
    {
        PCI,         //!< conventional PCI, 32 or 64 bit, 33 or 66 MHz, shared
        PCI_X,       //!< PCI-X, 64 bit, 66, 100 or 133 MHz, shared
        PCI_EXPRESS, //!< PCI Express, x1..x16, gen 1 or 2, one link each way
    };

    /** Direction of a DMA, seen from host memory. */
    enum Direction
    {
        TO_MEMORY,   //!< NIC writes host memory: receive data, descriptor write-back
        FROM_MEMORY, //!< NIC reads host memory: transmit data, descriptor fetch
    };

    /**
     * TracedValue signature of the number of transfers waiting or in service.
     * @param oldValue previous value
     * @param newValue new value
     */
    typedef void (*BacklogTracedCallback)(uint32_t oldValue, uint32_t newValue);

    /**
     * Signature of TransferComplete, fired when a transfer's last byte has crossed the bus.
     * @param direction its direction
     * @param bytes its size n
     * @param service its service time T(n), equation (1) or (5)
     */
    typedef void (*TransferCompleteCallback)(Direction direction, uint32_t bytes, Time service);

    /**
     * Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();
    HostBus();
    ~HostBus() override;

    HostBus(const HostBus&) = delete;
    HostBus& operator=(const HostBus&) = delete;

    /**
     * Whether a combination of the configuration attributes exists. Checks each value
     * against its accepted set, then the combination rules: PCI clocks 33 or 66 MHz; PCI-X
     * 64 bit at 66, 100 or 133 MHz. Width, Clock and Mmrbc are not used by PCI Express,
     * nor Lanes and Mmrbc by PCI, but must still be accepted values.
     * @param kind Kind
     * @param width Width, bits
     * @param clockMhz Clock, MHz
     * @param lanes Lanes
     * @param mmrbc Mmrbc, bytes
     * @return "" if valid, else a one-line message naming the parameter and the accepted
     *         values
     */
    static std::string CheckConfiguration(Kind kind,
                                          uint32_t width,
                                          uint32_t clockMhz,
                                          uint32_t lanes,
                                          uint32_t mmrbc);

    /**
     * Queue a DMA; served FIFO, equation (6).
     * @param direction TO_MEMORY or FROM_MEMORY
     * @param bytes n
     * @param done runs when the last byte has crossed the bus (may be null)
     */
    void Transfer(Direction direction, uint32_t bytes, Callback<void> done);

    /**
     * Service time of one transfer on an idle bus, equation (1) or (5), rounded up to the
     * time step. Aborts with the CheckConfiguration() message if the configuration does not
     * exist.
     * @param direction the direction
     * @param bytes n (0 gives 0)
     * @return T(n)
     */
    Time GetTransferTime(Direction direction, uint32_t bytes) const;

    /** @return R of equation (4) or (5): W f, or L lanes x 2 g Gb/s */
    DataRate GetPeakRate() const;

    /**
     * Equation (4) or (5), exact (not from the rounded T(n)).
     * @param direction the direction
     * @param bytes n
     * @return E(n) = 8 n / (T(n) R), 0 for n = 0
     */
    double GetEfficiency(Direction direction, uint32_t bytes) const;

    /** @return busy time of all completed transfers, both directions */
    Time GetBusyTime() const;
    /**
     * @param direction a direction
     * @return busy time of the completed transfers of that direction
     */
    Time GetBusyTime(Direction direction) const;

    /** @return whether both directions share one FIFO (PCI, PCI-X) */
    bool IsShared() const;
    /** @return the configured Kind */
    Kind GetKind() const;
    /**
     * @param direction a direction
     * @return B_d of equation (2), bytes (PCI Express: MPS for TO_MEMORY, MRRS for FROM_MEMORY)
     */
    uint32_t GetBurstSize(Direction direction) const;
    /** @return O_K of equation (3), clocks per burst (0 for PCI Express) */
    uint32_t GetBurstOverheadClocks() const;
    /** @return transfers waiting or in service */
    uint32_t GetBacklog() const;

  protected:
    void DoDispose() override;
    void NotifyNewAggregate() override;

  private:
    /** A queued transfer. */
    struct Job
    {
        Direction direction; //!< its direction
        uint32_t bytes;      //!< n
        Time service;        //!< T(n)
        Callback<void> done; //!< run at the end
    };

    /**
     * Aborts with the CheckConfiguration() message if the attributes do not combine.  The
     * combination last accepted is remembered, so the per-transfer call costs five
     * comparisons, not the message-building check.
     */
    void Validate() const;
    /**
     * Equation (1): bus clocks of a transfer on PCI or PCI-X.
     * @param direction the direction
     * @param bytes n
     * @return C(n)
     */
    uint64_t GetClocks(Direction direction, uint32_t bytes) const;
    /**
     * Equation (5): TLPs of a transfer on PCI Express.
     * @param direction the direction
     * @param bytes n
     * @return c(n)
     */
    uint64_t GetTlpCount(Direction direction, uint32_t bytes) const;
    /**
     * Start the next transfer of a server if it is idle and work is waiting.
     * @param server 0 (shared bus, or TO_MEMORY) or 1 (FROM_MEMORY on PCI Express)
     */
    void StartNext(uint8_t server);

    /**
     * A transfer joins its server's FIFO: a_j of (6a).
     * @param server its server
     * @param job the transfer
     */
    void Enqueue(uint8_t server, Job&& job);
    /**
     * The oldest read of a server has waited D_r: it joins the FIFO, (6a). Reads of one
     * server all wait the same D_r, so they arrive in the order they were requested.
     * @param server its server
     */
    void ReadArrives(uint8_t server);
    /**
     * The transfer in service ends.
     * @param server its server
     */
    void Finish(uint8_t server);

    Kind m_kind{PCI};                              //!< Kind
    uint32_t m_width{0};                           //!< W, bits
    uint32_t m_clockMhz{0};                        //!< f, MHz
    uint32_t m_pciBurstSize{0};                    //!< B of PCI, bytes
    uint32_t m_burstOverhead{0};                   //!< O, clocks
    uint32_t m_mmrbc{0};                           //!< PCI-X maximum memory read byte count, bytes
    uint32_t m_lanes{0};                           //!< L
    uint32_t m_generation{0};                      //!< g
    uint32_t m_maxPayloadSize{0};                  //!< MPS, bytes
    uint32_t m_maxReadRequestSize{0};              //!< MRRS, bytes
    uint32_t m_tlpOverhead{0};                     //!< H, bytes
    Time m_readLatency;                            //!< D_r of (6a)
    std::array<std::optional<Job>, 2> m_inService; //!< per server: the transfer served
    std::array<std::deque<Job>, 2> m_queues;       //!< per server: waiting transfers
    std::array<std::deque<Job>, 2> m_reads;        //!< per server: reads waiting D_r
    std::array<Time, 2> m_busyTime;                //!< per direction
    TracedValue<uint32_t> m_backlog;               //!< transfers waiting or in service
    TracedCallback<Direction, uint32_t, Time> m_transferComplete; //!< TransferComplete
    /** (Kind, Width, Clock, Lanes, Mmrbc) as Validate() last accepted them */
    mutable std::optional<std::array<uint32_t, 5>> m_validated;
    Ptr<MemoryBus> m_memoryBus; //!< the node's memory bus, if it has one
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_HOST_BUS_H
