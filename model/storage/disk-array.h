/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_DISK_ARRAY_H
#define HYBRIDNET_DISK_ARRAY_H

#include "ns3/callback.h"
#include "ns3/data-rate.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/traced-callback.h"
#include "ns3/traced-value.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief A hardware RAID controller with N identical disks (RAID0 or RAID5), or one disk
 * (RAID0, N = 1): the time each request of sequential data takes.
 *
 * Requests are byte ranges of the array's logical address space (a file laid out
 * contiguously), Read() or Write(). Geometry: stripe units of U bytes (StripeSize), D data
 * units per stripe, S = D U data bytes per stripe:
 *
 *   (1) D = N (RAID0), D = N - 1 (RAID5). Logical byte x lies in stripe s = floor(x / S),
 *       data unit k = floor((x - s S) / U), at disk address s U + (x - s S - k U) of disk
 *       delta(s, k); every disk holds one unit (data or parity) per stripe.
 *
 *   (2) RAID0: delta(s, k) = k. RAID5, left-symmetric (Linux md's default layout; the
 *       parity rotates): parity disk p(s) = N - 1 - (s mod N), delta(s, k) = (p(s) + 1 + k)
 *       mod N.
 *
 * A request is cut into pieces, one per (stripe, unit) it touches; a disk's work for a
 * piece of b bytes, r = DiskRate, R = 60 / SpindleSpeed (one rotation):
 *
 *   (3) read, RAID0 write:            b / r
 *       RAID5 full-stripe write (the request covers all of [s S, (s + 1) S)): the N - 1 data
 *       units and the parity unit are written, U / r on every disk;
 *       RAID5 partial-stripe write: read-modify-write on each touched data disk and on the
 *       parity disk: read the old bytes, wait until the same sectors come round again,
 *       write the new ones (new parity = old parity XOR old data XOR new data):
 *           w(b) = b / r + max(R, b / r)
 *       (the write starts one rotation after the read started, or right after the read if
 *       the read took longer than a rotation). The parity piece has the bytes of the one
 *       touched unit, or the whole unit U if the request touches two or more units of the
 *       stripe. Always read-modify-write, never reconstruct-write.
 *
 * Before each piece the disk's head moves from h (where its last piece ended) to the
 * piece's disk address a, with g = a - h (P = SeekTime + R / 2, the average positioning):
 *
 *   (4) 0 <= g <= U:   g / r  (the head passes over the gap: on a sequential RAID5 read, the
 *                              parity unit it skips; a contiguous request costs nothing)
 *       -U <= g < 0:   R      (the same sectors again: one rotation)
 *       otherwise, or the head's position unknown (the first request): P.
 *
 * So a sequential stream pays P once at its start, and every request that is not
 * contiguous with what the disks did before pays P again. Service: the controller hands
 * the pieces of request j (arriving at a_j) to the disks at once; each disk works on its
 * pieces first come, first served, disks in parallel:
 *
 *   (5) f_{j,d} = max(a_j, f_{j-1,d}) + sum over request j's pieces on disk d of (4) + (3)
 *
 * The controller's host side (bus, buffers) carries the request's n bytes at C =
 * ControllerRate, and RAID5 writes pass its parity engine (the XOR engine and its
 * buffers) at X = ParityRate (X = 0: not a limit), each a first come, first served server:
 *
 *   (6) h_j = max(a_j, h_{j-1}) + 8 n_j / C;   x_j = max(a_j, x_{j-1}) + 8 n_j / X
 *
 * Request j completes, in request order, at
 *
 *   (7) t_j = max(t_{j-1}, max_d f_{j,d}, h_j, x_j)
 *
 * For one request on an idle array, (5)-(7) give the request's time as
 *
 *   (8) T = max(P [if not contiguous] + busiest disk's work, 8 n / C, 8 n / X)
 *
 * (the host side and the parity engine work while the heads move: a pipeline whose
 * slowest stage sets the time, so no request finishes faster than 8 n / C)
 *
 * and for a stream of back-to-back requests the disks stay busy whatever the request size
 * (a disk starts its piece of request j + 1 while another still works on request j), so the
 * long-run rates of sequential data are the closed forms
 *
 *   (9) RAID0 read and write:   min(N r, C)
 *       RAID5 read:             min((N - 1) r, C)  (each disk passes its parity units at r,
 *                                                   (4): it delivers data N - 1 units of N)
 *       RAID5 full-stripe write: min((N - 1) r, C, X)
 *       RAID5 write of one stripe unit at a time (partial stripes), on an idle array:
 *                               U / (P + U / r + max(R, U / r)), much lower: 4 disks of
 *                               50 MB/s, U = 64 KiB: 1.31 ms of data, 8.33 ms of rotation.
 *
 * Calibration, in a host profile (data), never in this code: shared/reference/
 * high-speed-tcp-wan.md, "disk-to-disk transfers: RAID5 array reads 1200 Mb/s, writes
 * 600 Mb/s". The reference names neither the controller nor the disks. Assumption: a
 * 3ware Escalade 8506 (SATA RAID5 on 64-bit 66 MHz PCI, 2.25 MB SRAM; X-bit labs review
 * 2004-06-11) with N = 4 7200-rpm SATA disks and 64 KiB stripe units (3ware's RAID5
 * stripe limit, Escalade user guide). Then
 *
 *  (10) read:  (N - 1) r = 1200 Mb/s  =>  r = 400 Mb/s = 50 MB/s per disk, inside the
 *       range of 2004 7200-rpm SATA disks (58 MB/s average sustained for the Barracuda
 *       7200.7, the default below); X-bit labs measured 141.6 MB/s (1133 Mb/s) for a
 *       4-disk RAID5 on the 8506. C (PCI 64/66, 4.2 Gb/s peak) does not bind.
 *  (11) write: sequential write-back reaches the array in whole stripes (PageCache), so the
 *       disks would write at (N - 1) r = 1200 Mb/s; what halves it is the controller, not
 *       the disks: X = 600 Mb/s. Evidence that this generation's RAID5 writes were
 *       controller-bound: 3ware rated its 2005 successor, the 9500S-8 (128 MB SDRAM), at
 *       400 MB/s RAID5 reads and 100 MB/s RAID5 writes (X-bit labs review). The other
 *       candidate, a fraction f of read-modify-written stripes, is rejected: halving the
 *       rate needs f = (U / r) / R = 16 % of the stripes of a sequential stream, a number
 *       nothing in the sources supports.
 *
 * Scope and limits. Sequential data: no disk cache, no zones (r is one average), no
 * command reordering across requests; reads are never served from the controller's
 * cache, and writes are acknowledged when on the disks (write-through; a write-back
 * controller acknowledges from its SRAM, which hides at most its 2.25 MB). The DMA across
 * the host's own I/O bus is not charged here (HostBus can be); C is the controller's
 * ceiling. Capacity: D x DiskCapacity bytes of data (the parity of RAID5 takes a disk's
 * worth); a request past it aborts. Changing attributes affects requests queued afterwards; the
 * number of disks must not change while requests are queued.
 *
 * Sources: Linux md (drivers/md/raid5.c) for the left-symmetric layout and read-modify-
 * write; Seagate Barracuda 7200.7 specifications (TechReport review, 2004): 58 MB/s
 * average sustained, 8.5 ms average seek, 7200 rpm (4.16 ms average latency); 3ware
 * Escalade 3W-6800 user guide: "RAID 5 stripe size is limited to 64k".
 */
class DiskArray : public Object
{
  public:
    /** RAID level. */
    enum Level
    {
        RAID0, //!< striping without parity (N = 1: one disk)
        RAID5, //!< striping with rotating parity, N >= 3
    };

    /** Direction of a request. */
    enum Direction
    {
        READ,  //!< from the disks
        WRITE, //!< to the disks
    };

    /**
     * TracedValue signature of the number of requests queued or in service.
     * @param oldValue previous value
     * @param newValue new value
     */
    typedef void (*BacklogTracedCallback)(uint32_t oldValue, uint32_t newValue);

    /**
     * Signature of RequestComplete, fired when a request's last byte is on the disks
     * (write) or in host memory (read).
     * @param direction READ or WRITE
     * @param bytes its size n
     * @param service t_j - max(a_j, t_{j-1}) of (7): on an idle array T of (8)
     */
    typedef void (*RequestCompleteCallback)(Direction direction, uint32_t bytes, Time service);

    /**
     * Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();
    DiskArray();
    ~DiskArray() override;

    DiskArray(const DiskArray&) = delete;
    DiskArray& operator=(const DiskArray&) = delete;

    /**
     * Whether a configuration exists: Disks 1..32, RAID5 with at least 3 disks, StripeSize a
     * power of two from 4 KiB to 1 MiB, DiskRate 1 Mb/s..10 Gb/s, ControllerRate 1 Mb/s..
     * 100 Gb/s, ParityRate 0 or 1 Mb/s..100 Gb/s.
     * @param level Level
     * @param disks Disks
     * @param stripeSize StripeSize, bytes
     * @param diskRate DiskRate
     * @param controllerRate ControllerRate
     * @param parityRate ParityRate
     * @return "" if valid, else a one-line message naming the parameter and what is accepted
     */
    static std::string CheckConfiguration(Level level,
                                          uint32_t disks,
                                          uint32_t stripeSize,
                                          DataRate diskRate,
                                          DataRate controllerRate,
                                          DataRate parityRate);

    /** @return CheckConfiguration() of this array's attributes */
    std::string CheckAttributes() const;

    /**
     * Queue a read of [offset, offset + bytes); served as (5)-(7).  Aborts with the
     * CheckConfiguration() message if the attributes do not combine.
     * @param offset logical byte address
     * @param bytes n
     * @param done runs when the request completes, (7) (may be null)
     */
    void Read(uint64_t offset, uint32_t bytes, Callback<void> done);
    /**
     * Queue a write of [offset, offset + bytes); as Read().
     * @param offset logical byte address
     * @param bytes n
     * @param done runs when the request completes, (7) (may be null)
     */
    void Write(uint64_t offset, uint32_t bytes, Callback<void> done);
    /**
     * Queue a read that continues the last request queued (offset 0 for the first).
     * @param bytes n
     * @param done runs when the request completes (may be null)
     */
    void Read(uint32_t bytes, Callback<void> done);
    /**
     * Queue a write that continues the last request queued (offset 0 for the first).
     * @param bytes n
     * @param done runs when the request completes (may be null)
     */
    void Write(uint32_t bytes, Callback<void> done);

    /** @return D of (1): data units per stripe */
    uint32_t GetDataDisks() const;
    /** @return D x DiskCapacity: bytes of data the array holds (a file's largest size) */
    uint64_t GetCapacity() const;
    /** @return S = D U of (1): data bytes per stripe */
    uint64_t GetFullStripeSize() const;
    /** @return R = 60 / SpindleSpeed */
    Time GetRotationTime() const;
    /** @return P = SeekTime + R / 2, the positioning of (4) */
    Time GetAccessTime() const;
    /**
     * Closed forms (9) of sequential data (RAID5 writes: full stripes).
     * @param direction READ or WRITE
     * @return the long-run rate
     */
    DataRate GetSequentialRate(Direction direction) const;
    /** @return time with at least one request queued or in service */
    Time GetBusyTime() const;
    /** @return requests queued or in service */
    uint32_t GetBacklog() const;

  protected:
    void DoDispose() override;

  private:
    /** The work of one disk for one (stripe, unit) of a request, (3). */
    struct Piece
    {
        uint32_t disk;    //!< delta(s, k) or p(s)
        uint64_t address; //!< disk address of its first byte
        uint64_t bytes;   //!< b
        bool modify;      //!< read-modify-write (RAID5 partial stripe)
    };

    /** A request on its way to completion. */
    struct Job
    {
        Direction direction; //!< READ or WRITE
        uint32_t bytes;      //!< n
        Time service;        //!< see RequestCompleteCallback
        Callback<void> done; //!< run at t_j
    };

    /** Aborts with the CheckConfiguration() message if the attributes do not combine. */
    void Validate() const;
    /**
     * Equations (1)-(3): the pieces of a request, in stripe order.
     * @param direction READ or WRITE
     * @param offset logical address
     * @param bytes n
     * @return the pieces
     */
    std::vector<Piece> Layout(Direction direction, uint64_t offset, uint32_t bytes) const;
    /**
     * The pieces of one stripe, appended to @p pieces.
     * @param write5 a RAID5 write
     * @param stripe s
     * @param from first byte within the stripe
     * @param to one past the last byte within the stripe
     * @param pieces the list to append to
     */
    void LayoutStripe(bool write5,
                      uint64_t stripe,
                      uint64_t from,
                      uint64_t to,
                      std::vector<Piece>& pieces) const;
    /**
     * Equation (2).
     * @param stripe s
     * @param unit k
     * @return the disk that holds data unit k of stripe s
     */
    uint32_t DataDisk(uint64_t stripe, uint64_t unit) const;
    /**
     * Equation (2).
     * @param stripe s
     * @return p(s)
     */
    uint32_t ParityDisk(uint64_t stripe) const;
    /**
     * Equation (4) for the piece's disk, then (3); moves the head.
     * @param piece the piece
     * @return its disk time
     */
    Time DoPiece(const Piece& piece);
    /**
     * Equation (4).
     * @param disk d
     * @param address a
     * @return the head's movement time
     */
    Time HeadTime(uint32_t disk, uint64_t address) const;
    /**
     * Equations (5)-(7) for a new request; schedules its completion.
     * @param direction READ or WRITE
     * @param offset logical address
     * @param bytes n
     * @param done the caller's callback
     */
    void Enqueue(Direction direction, uint64_t offset, uint32_t bytes, Callback<void> done);
    /**
     * Request complete: traces, callback.
     * @param job the request
     */
    void Finish(Job job);
    /**
     * Busy-time bookkeeping, then the backlog moves by @p delta.
     * @param delta +1 or -1
     */
    void ChangeBacklog(int delta);

    // Attributes
    Level m_level;             //!< Level
    uint32_t m_disks;          //!< N
    uint32_t m_stripeSize;     //!< U, bytes
    uint64_t m_diskCapacity;   //!< bytes of one disk
    DataRate m_diskRate;       //!< r
    Time m_seekTime;           //!< average seek
    uint32_t m_spindleSpeed;   //!< rpm
    DataRate m_controllerRate; //!< C
    DataRate m_parityRate;     //!< X, 0 = no limit

    // State
    std::vector<Time> m_diskFree;                //!< f_{j-1,d} of (5)
    std::vector<std::optional<uint64_t>> m_head; //!< h of (4), per disk
    Time m_controllerFree;                       //!< h_{j-1} of (6)
    Time m_parityFree;                           //!< x_{j-1} of (6)
    Time m_lastDone;                             //!< t_{j-1} of (7)
    uint64_t m_nextOffset{0};                    //!< end of the last request queued
    TracedValue<uint32_t> m_backlog{0};          //!< requests queued or in service
    Time m_busyTime;                             //!< completed busy periods
    Time m_busySince;                            //!< start of the current busy period

    /** Fired at each completion: (direction, bytes, service). */
    TracedCallback<Direction, uint32_t, Time> m_requestComplete;
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_DISK_ARRAY_H
