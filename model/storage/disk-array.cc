/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "disk-array.h"

#include "ns3/abort.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <sstream>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetDiskArray");
NS_OBJECT_ENSURE_REGISTERED(DiskArray);

namespace
{

constexpr uint32_t kMaxDisks = 32;
constexpr uint32_t kMinRaid5Disks = 3;
constexpr uint32_t kMinStripeSize = 4096;
constexpr uint32_t kMaxStripeSize = 1 << 20;
constexpr uint64_t kMinCapacity = 1'000'000;           // 1 MB
constexpr uint64_t kMaxCapacity = 100'000'000'000'000; // 100 TB
constexpr uint64_t kMinRate = 1'000'000;               // 1 Mb/s
constexpr uint64_t kMaxDiskRate = 10'000'000'000;      // 10 Gb/s
constexpr uint64_t kMaxRate = 100'000'000'000;         // 100 Gb/s

/** 8 bytes / rate, rounded up to the time step: a transfer never takes less. */
Time
TransferTime(uint64_t bytes, DataRate rate)
{
    const auto steps = static_cast<unsigned __int128>(Seconds(1).GetTimeStep());
    const auto bps = static_cast<unsigned __int128>(rate.GetBitRate());
    const unsigned __int128 bits = static_cast<unsigned __int128>(bytes) * 8;
    return TimeStep(static_cast<uint64_t>((bits * steps + bps - 1) / bps));
}

bool
InRange(DataRate rate, uint64_t low, uint64_t high)
{
    return rate.GetBitRate() >= low && rate.GetBitRate() <= high;
}

} // namespace

TypeId
DiskArray::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::DiskArray")
            .SetParent<Object>()
            .SetGroupName("Hybridnet")
            .AddConstructor<DiskArray>()
            .AddAttribute("Level",
                          "RAID level: Raid0 (striping; one disk is Raid0 with Disks = 1) or "
                          "Raid5 (striping with rotating parity, Disks >= 3), equations (1), "
                          "(2).",
                          EnumValue(RAID0),
                          MakeEnumAccessor<Level>(&DiskArray::m_level),
                          MakeEnumChecker(RAID0, "Raid0", RAID5, "Raid5"))
            .AddAttribute("Disks",
                          "N, identical disks in the array. Range: 1 to 32 (Raid5: 3 to 32, "
                          "see CheckConfiguration()).",
                          UintegerValue(1),
                          MakeUintegerAccessor(&DiskArray::m_disks),
                          MakeUintegerChecker<uint32_t>(1, kMaxDisks))
            .AddAttribute("StripeSize",
                          "U, bytes of one stripe unit (the chunk of one disk), equation (1). "
                          "A power of two from 4096 to 1048576 bytes. Default 64 KiB, the "
                          "largest RAID5 stripe unit of 3ware's Escalade controllers.",
                          UintegerValue(65536),
                          MakeUintegerAccessor(&DiskArray::m_stripeSize),
                          MakeUintegerChecker<uint32_t>(kMinStripeSize, kMaxStripeSize))
            .AddAttribute("DiskCapacity",
                          "Bytes of one disk; the array holds D x DiskCapacity bytes of data "
                          "(GetCapacity, (1)), and a request past its end is an error. Range: "
                          "1 MB to 100 TB. Default 160 GB, a Barracuda 7200.7 SATA disk of "
                          "2004 (ST3160827AS).",
                          UintegerValue(160'000'000'000ULL),
                          MakeUintegerAccessor(&DiskArray::m_diskCapacity),
                          MakeUintegerChecker<uint64_t>(kMinCapacity, kMaxCapacity))
            .AddAttribute("DiskRate",
                          "r, sustained media rate of one disk, equation (3). Range: 1 Mb/s "
                          "to 10 Gb/s. Default 58 MB/s, the average sustained rate of a "
                          "Seagate Barracuda 7200.7 SATA disk (2004).",
                          DataRateValue(DataRate("58MBps")),
                          MakeDataRateAccessor(&DiskArray::m_diskRate),
                          MakeDataRateChecker())
            .AddAttribute("SeekTime",
                          "Average seek of one disk; P = SeekTime + half a rotation is the "
                          "positioning of equation (4). Range: 0 to 100 ms. Default 8.5 ms "
                          "(Barracuda 7200.7).",
                          TimeValue(MicroSeconds(8500)),
                          MakeTimeAccessor(&DiskArray::m_seekTime),
                          MakeTimeChecker(Seconds(0), MilliSeconds(100)))
            .AddAttribute("SpindleSpeed",
                          "Spindle speed, rpm; one rotation R = 60 / SpindleSpeed s, equations "
                          "(3), (4). Range: 3600 to 15000 rpm. Default 7200 rpm.",
                          UintegerValue(7200),
                          MakeUintegerAccessor(&DiskArray::m_spindleSpeed),
                          MakeUintegerChecker<uint32_t>(3600, 15000))
            .AddAttribute("ControllerRate",
                          "C, the controller's host-side ceiling, equation (6). Range: 1 Mb/s "
                          "to 100 Gb/s. Default 150 MB/s, one SATA link (1.5 Gb/s, 8b/10b).",
                          DataRateValue(DataRate("150MBps")),
                          MakeDataRateAccessor(&DiskArray::m_controllerRate),
                          MakeDataRateChecker())
            .AddAttribute("ParityRate",
                          "X, the rate of the controller's parity engine for RAID5 writes, "
                          "equation (6); 0 b/s: no limit. Range: 0, or 1 Mb/s to 100 Gb/s. "
                          "Not used by Raid0.",
                          DataRateValue(DataRate(0)),
                          MakeDataRateAccessor(&DiskArray::m_parityRate),
                          MakeDataRateChecker())
            .AddTraceSource("Backlog",
                            "Requests queued or in service.",
                            MakeTraceSourceAccessor(&DiskArray::m_backlog),
                            "ns3::hybridnet::DiskArray::BacklogTracedCallback")
            .AddTraceSource("RequestComplete",
                            "A request completed, equation (7): (direction, bytes, service "
                            "time t_j - max(a_j, t_{j-1})).",
                            MakeTraceSourceAccessor(&DiskArray::m_requestComplete),
                            "ns3::hybridnet::DiskArray::RequestCompleteCallback");
    return tid;
}

DiskArray::DiskArray()
{
    NS_LOG_FUNCTION(this);
}

DiskArray::~DiskArray() = default;

void
DiskArray::DoDispose()
{
    m_diskFree.clear();
    m_head.clear();
    Object::DoDispose();
}

std::string
DiskArray::CheckConfiguration(Level level,
                              uint32_t disks,
                              uint32_t stripeSize,
                              DataRate diskRate,
                              DataRate controllerRate,
                              DataRate parityRate)
{
    std::ostringstream os;
    if (level != RAID0 && level != RAID5)
    {
        os << "DiskArray: Level " << static_cast<int>(level)
           << " does not exist; accepted Raid0 or Raid5";
    }
    else if (disks < 1 || disks > kMaxDisks)
    {
        os << "DiskArray: Disks " << disks << " out of range; accepted 1 to " << kMaxDisks;
    }
    else if (level == RAID5 && disks < kMinRaid5Disks)
    {
        os << "DiskArray: Raid5 needs at least " << kMinRaid5Disks << " disks, Disks is " << disks;
    }
    else if (stripeSize < kMinStripeSize || stripeSize > kMaxStripeSize ||
             (stripeSize & (stripeSize - 1)) != 0)
    {
        os << "DiskArray: StripeSize " << stripeSize
           << " bytes; accepted a power of two from 4096 to 1048576";
    }
    else if (!InRange(diskRate, kMinRate, kMaxDiskRate))
    {
        os << "DiskArray: DiskRate " << diskRate << " out of range; accepted 1Mbps to 10Gbps";
    }
    else if (!InRange(controllerRate, kMinRate, kMaxRate))
    {
        os << "DiskArray: ControllerRate " << controllerRate
           << " out of range; accepted 1Mbps to 100Gbps";
    }
    else if (parityRate.GetBitRate() != 0 && !InRange(parityRate, kMinRate, kMaxRate))
    {
        os << "DiskArray: ParityRate " << parityRate
           << " out of range; accepted 0 (no limit) or 1Mbps to 100Gbps";
    }
    return os.str();
}

std::string
DiskArray::CheckAttributes() const
{
    return CheckConfiguration(m_level,
                              m_disks,
                              m_stripeSize,
                              m_diskRate,
                              m_controllerRate,
                              m_parityRate);
}

void
DiskArray::Validate() const
{
    const std::string error = CheckAttributes();
    NS_ABORT_MSG_IF(!error.empty(), error);
}

uint32_t
DiskArray::GetDataDisks() const
{
    return m_level == RAID5 ? m_disks - 1 : m_disks;
}

uint64_t
DiskArray::GetCapacity() const
{
    return GetDataDisks() * m_diskCapacity;
}

uint64_t
DiskArray::GetFullStripeSize() const
{
    return static_cast<uint64_t>(GetDataDisks()) * m_stripeSize;
}

Time
DiskArray::GetRotationTime() const
{
    return TimeStep(Seconds(60).GetTimeStep() / m_spindleSpeed);
}

Time
DiskArray::GetAccessTime() const
{
    return m_seekTime + GetRotationTime() / 2;
}

DataRate
DiskArray::GetSequentialRate(Direction direction) const
{
    // (9)
    uint64_t rate =
        std::min(GetDataDisks() * m_diskRate.GetBitRate(), m_controllerRate.GetBitRate());
    if (m_level == RAID5 && direction == WRITE && m_parityRate.GetBitRate() > 0)
    {
        rate = std::min(rate, m_parityRate.GetBitRate());
    }
    return DataRate(rate);
}

uint32_t
DiskArray::DataDisk(uint64_t stripe, uint64_t unit) const
{
    if (m_level == RAID0)
    {
        return static_cast<uint32_t>(unit);
    }
    return static_cast<uint32_t>((ParityDisk(stripe) + 1 + unit) % m_disks);
}

uint32_t
DiskArray::ParityDisk(uint64_t stripe) const
{
    return static_cast<uint32_t>(m_disks - 1 - stripe % m_disks);
}

void
DiskArray::LayoutStripe(bool write5,
                        uint64_t stripe,
                        uint64_t from,
                        uint64_t to,
                        std::vector<Piece>& pieces) const
{
    const uint64_t unit = m_stripeSize;
    const bool full = from == 0 && to == GetFullStripeSize();
    const bool modify = write5 && !full;
    const uint64_t first = from / unit;
    const uint64_t last = (to - 1) / unit;
    for (uint64_t k = first; k <= last; ++k)
    {
        const uint64_t begin = std::max(from, k * unit) - k * unit;
        const uint64_t end = std::min(to, (k + 1) * unit) - k * unit;
        pieces.push_back({DataDisk(stripe, k), stripe * unit + begin, end - begin, modify});
    }
    if (write5)
    {
        // (3): the parity unit, whole, or the bytes of the one touched unit
        const uint64_t begin = first == last ? from - first * unit : 0;
        const uint64_t bytes = first == last ? to - from : unit;
        pieces.push_back({ParityDisk(stripe), stripe * unit + begin, bytes, modify});
    }
}

std::vector<DiskArray::Piece>
DiskArray::Layout(Direction direction, uint64_t offset, uint32_t bytes) const
{
    const bool write5 = m_level == RAID5 && direction == WRITE;
    const uint64_t stripeBytes = GetFullStripeSize();
    const uint64_t end = offset + bytes;
    std::vector<Piece> pieces;
    for (uint64_t x = offset; x < end;)
    {
        const uint64_t stripe = x / stripeBytes;
        const uint64_t base = stripe * stripeBytes;
        const uint64_t to = std::min(end - base, stripeBytes);
        LayoutStripe(write5, stripe, x - base, to, pieces);
        x = base + to;
    }
    return pieces;
}

Time
DiskArray::HeadTime(uint32_t disk, uint64_t address) const
{
    // (4)
    if (!m_head[disk].has_value())
    {
        return GetAccessTime();
    }
    const uint64_t head = *m_head[disk];
    if (address >= head && address - head <= m_stripeSize)
    {
        return TransferTime(address - head, m_diskRate);
    }
    if (address < head && head - address <= m_stripeSize)
    {
        return GetRotationTime();
    }
    return GetAccessTime();
}

Time
DiskArray::DoPiece(const Piece& piece)
{
    const Time head = HeadTime(piece.disk, piece.address);
    const Time media = TransferTime(piece.bytes, m_diskRate);
    m_head[piece.disk] = piece.address + piece.bytes;
    if (!piece.modify)
    {
        return head + media; // (3) read, write
    }
    return head + media + std::max(GetRotationTime(), media); // (3) w(b)
}

void
DiskArray::Read(uint64_t offset, uint32_t bytes, Callback<void> done)
{
    Enqueue(READ, offset, bytes, done);
}

void
DiskArray::Write(uint64_t offset, uint32_t bytes, Callback<void> done)
{
    Enqueue(WRITE, offset, bytes, done);
}

void
DiskArray::Read(uint32_t bytes, Callback<void> done)
{
    Enqueue(READ, m_nextOffset, bytes, done);
}

void
DiskArray::Write(uint32_t bytes, Callback<void> done)
{
    Enqueue(WRITE, m_nextOffset, bytes, done);
}

void
DiskArray::Enqueue(Direction direction, uint64_t offset, uint32_t bytes, Callback<void> done)
{
    NS_LOG_FUNCTION(this << direction << offset << bytes);
    Validate();
    NS_ABORT_MSG_IF(offset + bytes > GetCapacity(),
                    "DiskArray: request [" << offset << ", " << offset + bytes
                                           << ") past the array's end, " << GetCapacity()
                                           << " bytes");
    if (m_diskFree.size() != m_disks)
    {
        NS_ABORT_MSG_IF(m_backlog > 0, "DiskArray: Disks changed while requests are queued");
        m_diskFree.assign(m_disks, Time(0));
        m_head.assign(m_disks, std::nullopt);
    }
    const Time now = Simulator::Now();
    // (5): each disk works through its pieces after what it already has
    std::vector<std::optional<Time>> finish(m_disks);
    for (const Piece& piece : Layout(direction, offset, bytes))
    {
        auto& f = finish[piece.disk];
        f = f.value_or(std::max(now, m_diskFree[piece.disk])) + DoPiece(piece);
    }
    Time doneAt = std::max(now, m_lastDone);
    const Time start = doneAt;
    for (uint32_t d = 0; d < m_disks; ++d)
    {
        if (finish[d].has_value())
        {
            m_diskFree[d] = *finish[d];
            doneAt = std::max(doneAt, *finish[d]);
        }
    }
    // (6)
    m_controllerFree = std::max(now, m_controllerFree) + TransferTime(bytes, m_controllerRate);
    doneAt = std::max(doneAt, m_controllerFree);
    if (m_level == RAID5 && direction == WRITE && m_parityRate.GetBitRate() > 0)
    {
        m_parityFree = std::max(now, m_parityFree) + TransferTime(bytes, m_parityRate);
        doneAt = std::max(doneAt, m_parityFree);
    }
    // (7)
    m_lastDone = doneAt;
    m_nextOffset = offset + bytes;
    ChangeBacklog(+1);
    const Job job{direction, bytes, doneAt - start, done};
    NS_LOG_LOGIC("request " << direction << " " << bytes << " B at " << offset << " done at "
                            << doneAt);
    Simulator::Schedule(doneAt - now, &DiskArray::Finish, this, job);
}

void
DiskArray::Finish(Job job)
{
    NS_LOG_FUNCTION(this << job.direction << job.bytes);
    ChangeBacklog(-1);
    m_requestComplete(job.direction, job.bytes, job.service);
    if (!job.done.IsNull())
    {
        job.done();
    }
}

void
DiskArray::ChangeBacklog(int delta)
{
    const Time now = Simulator::Now();
    if (m_backlog == 0)
    {
        m_busySince = now;
    }
    m_backlog = m_backlog + delta;
    if (m_backlog == 0)
    {
        m_busyTime += now - m_busySince;
    }
}

Time
DiskArray::GetBusyTime() const
{
    return m_backlog > 0 ? m_busyTime + Simulator::Now() - m_busySince : m_busyTime;
}

uint32_t
DiskArray::GetBacklog() const
{
    return m_backlog;
}

} // namespace hybridnet
} // namespace ns3
