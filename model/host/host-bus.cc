/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "host-bus.h"

#include "memory-bus.h"

#include "ns3/abort.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <array>
#include <span>
#include <sstream>
#include <vector>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetHostBus");
NS_OBJECT_ENSURE_REGISTERED(HostBus);

namespace
{
// PCI-X Addendum: the byte count of a sequence is a 12-bit field, at most 4096 B; (2).
constexpr uint32_t kPciXMaxByteCount = 4096;
// PCI-X Addendum: the attribute phase, one clock per transaction; (3).
constexpr uint32_t kPciXAttributePhaseClocks = 1;
// PCI Express 1.x/2.0: 2.5 GT/s per lane and generation, 8b/10b -> 2 Gb/s of data.
constexpr uint64_t kPcieLaneBitRate = 2'000'000'000;
constexpr uint32_t kMaxBurstOverhead = 64;

// Accepted values, constant-initialised (GetTypeId() runs during static initialisation).
constexpr std::array<uint64_t, 2> kWidths{32, 64};           // bits
constexpr std::array<uint64_t, 4> kClocks{33, 66, 100, 133}; // MHz
constexpr std::array<uint64_t, 2> kPciClocks{33, 66};        // MHz
constexpr std::array<uint64_t, 3> kPciXClocks{66, 100, 133}; // MHz
constexpr std::array<uint64_t, 5> kLanes{1, 2, 4, 8, 16};
constexpr std::array<uint64_t, 2> kGenerations{1, 2};
constexpr std::array<uint64_t, 4> kMmrbcs{512, 1024, 2048, 4096}; // bytes
constexpr std::array<uint64_t, 9> kPciBurstSizes{16, 32, 64, 128, 256, 512, 1024, 2048, 4096};
constexpr std::array<uint64_t, 6> kPcieSizes{128, 256, 512, 1024, 2048, 4096}; // MPS, MRRS

bool
IsIn(std::span<const uint64_t> set, uint64_t value)
{
    return std::find(set.begin(), set.end(), value) != set.end();
}

std::string
Join(std::span<const uint64_t> set)
{
    std::ostringstream os;
    for (std::size_t i = 0; i < set.size(); ++i)
    {
        os << (i == 0 ? "" : (i + 1 == set.size() ? " or " : ", ")) << set[i];
    }
    return os.str();
}

uint64_t
CeilDiv(uint64_t a, uint64_t b)
{
    return (a + b - 1) / b;
}

/**
 * A UintegerChecker narrowed to a set of accepted values, so that SetAttribute(FailSafe)
 * refuses any other value (everything else is delegated to the integer checker).
 */
class AcceptedValuesChecker : public AttributeChecker
{
  public:
    explicit AcceptedValuesChecker(std::span<const uint64_t> accepted)
        : m_base(MakeUintegerChecker<uint32_t>(accepted.front(), accepted.back())),
          m_accepted(accepted.begin(), accepted.end())
    {
    }

    bool Check(const AttributeValue& value) const override
    {
        if (!m_base->Check(value))
        {
            return false;
        }
        const auto* v = dynamic_cast<const UintegerValue*>(&value);
        return v != nullptr && IsIn(m_accepted, v->Get());
    }

    std::string GetValueTypeName() const override
    {
        return m_base->GetValueTypeName();
    }

    bool HasUnderlyingTypeInformation() const override
    {
        return m_base->HasUnderlyingTypeInformation();
    }

    std::string GetUnderlyingTypeInformation() const override
    {
        return "uint32_t in {" + Join(m_accepted) + "}";
    }

    Ptr<AttributeValue> Create() const override
    {
        return m_base->Create();
    }

    bool Copy(const AttributeValue& source, AttributeValue& destination) const override
    {
        return m_base->Copy(source, destination);
    }

  private:
    Ptr<const AttributeChecker> m_base; //!< range checker of the value type
    std::vector<uint64_t> m_accepted;   //!< accepted values, ascending
};

Ptr<const AttributeChecker>
MakeAcceptedValuesChecker(std::span<const uint64_t> accepted)
{
    return Ptr<const AttributeChecker>(new AcceptedValuesChecker(accepted), false);
}

} // namespace

TypeId
HostBus::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::HostBus")
            .SetParent<Object>()
            .SetGroupName("Hybridnet")
            .AddConstructor<HostBus>()
            .AddAttribute("Kind",
                          "Bus technology: Pci (conventional PCI, shared, one FIFO), PciX "
                          "(PCI-X, shared, one FIFO) or PciExpress (one FIFO per direction). "
                          "Combinations with Width and Clock: see CheckConfiguration().",
                          EnumValue(PCI),
                          MakeEnumAccessor<Kind>(&HostBus::m_kind),
                          MakeEnumChecker(PCI, "Pci", PCI_X, "PciX", PCI_EXPRESS, "PciExpress"))
            .AddAttribute("Width",
                          "Data bus width W of equations (1), (4), bits. Accepted: 32 or 64 "
                          "(PCI); PCI-X only 64. Not used by PCI Express.",
                          UintegerValue(32),
                          MakeUintegerAccessor(&HostBus::m_width),
                          MakeAcceptedValuesChecker(kWidths))
            .AddAttribute("Clock",
                          "Bus clock f of equations (1), (4), MHz, nominal (33 means "
                          "33.000 MHz). Accepted: 33 or 66 (PCI); 66, 100 or 133 (PCI-X). Not "
                          "used by PCI Express.",
                          UintegerValue(33),
                          MakeUintegerAccessor(&HostBus::m_clockMhz),
                          MakeAcceptedValuesChecker(kClocks))
            .AddAttribute("PciBurstSize",
                          "Conventional PCI: largest burst B of equation (2), both directions, "
                          "bytes (an assumption, see the class comment). Accepted: a power of "
                          "two from 16 to 4096. Not used by PCI-X and PCI Express.",
                          UintegerValue(256),
                          MakeUintegerAccessor(&HostBus::m_pciBurstSize),
                          MakeAcceptedValuesChecker(kPciBurstSizes))
            .AddAttribute("BurstOverhead",
                          "O of equation (3): bus clocks per burst besides its data phases "
                          "(arbitration, address, target decode and initial wait states, "
                          "turnaround); PCI-X adds its attribute phase. Calibrated once, "
                          "equation (7): 15. Range: 0 to 64 clocks. Not used by PCI Express.",
                          UintegerValue(15),
                          MakeUintegerAccessor(&HostBus::m_burstOverhead),
                          MakeUintegerChecker<uint32_t>(0, kMaxBurstOverhead))
            .AddAttribute("Mmrbc",
                          "PCI-X maximum memory read byte count: largest read burst B_FROM of "
                          "equation (2), bytes. Accepted: 512 (the PCI-X power-on default), "
                          "1024, 2048 or 4096. Writes are not limited by it. Used by PCI-X "
                          "only.",
                          UintegerValue(512),
                          MakeUintegerAccessor(&HostBus::m_mmrbc),
                          MakeAcceptedValuesChecker(kMmrbcs))
            .AddAttribute("Lanes",
                          "PCI Express link width L of equation (5), lanes per direction. "
                          "Accepted: 1, 2, 4, 8 or 16. Used by PCI Express only.",
                          UintegerValue(8),
                          MakeUintegerAccessor(&HostBus::m_lanes),
                          MakeAcceptedValuesChecker(kLanes))
            .AddAttribute("Generation",
                          "PCI Express generation g of equation (5): 1 (2.5 GT/s) or 2 "
                          "(5 GT/s), both 8b/10b, i.e. 2 g Gb/s of data per lane and "
                          "direction. Used by PCI Express only.",
                          UintegerValue(1),
                          MakeUintegerAccessor(&HostBus::m_generation),
                          MakeAcceptedValuesChecker(kGenerations))
            .AddAttribute("MaxPayloadSize",
                          "PCI Express Max_Payload_Size (MPS) of equation (5), bytes: largest "
                          "payload of a Memory Write or Completion TLP. Accepted: 128 (the "
                          "specification's default), 256, 512, 1024, 2048 or 4096.",
                          UintegerValue(128),
                          MakeUintegerAccessor(&HostBus::m_maxPayloadSize),
                          MakeAcceptedValuesChecker(kPcieSizes))
            .AddAttribute("MaxReadRequestSize",
                          "PCI Express Max_Read_Request_Size (MRRS) of equation (5), bytes: "
                          "largest Memory Read Request. Accepted: 128, 256, 512 (the "
                          "specification's default), 1024, 2048 or 4096.",
                          UintegerValue(512),
                          MakeUintegerAccessor(&HostBus::m_maxReadRequestSize),
                          MakeAcceptedValuesChecker(kPcieSizes))
            .AddAttribute("TlpOverhead",
                          "PCI Express overhead H of equation (5), bytes per TLP: framing 2 + "
                          "sequence number 2 + header 12 (3DW: Completions, 32-bit-address "
                          "writes) or 16 (4DW: 64-bit-address writes) + LCRC 4 [+ ECRC 4]. "
                          "Range: 20 to 28 bytes.",
                          UintegerValue(20),
                          MakeUintegerAccessor(&HostBus::m_tlpOverhead),
                          MakeUintegerChecker<uint32_t>(20, 28))
            .AddAttribute("ReadLatency",
                          "D_r of equation (6a): from a read's request to the moment its "
                          "data phases may start (the host-memory access behind a delayed "
                          "or split transaction); the bus is free meanwhile. Range: 0 s to "
                          "10 us.",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&HostBus::m_readLatency),
                          MakeTimeChecker(Seconds(0), MicroSeconds(10)))
            .AddTraceSource("Backlog",
                            "Transfers waiting, in service, or (reads) waiting for their data "
                            "(6a), both directions.",
                            MakeTraceSourceAccessor(&HostBus::m_backlog),
                            "ns3::hybridnet::HostBus::BacklogTracedCallback")
            .AddTraceSource("TransferComplete",
                            "A transfer's last byte crossed the bus: (direction, bytes, "
                            "service time T(n)).",
                            MakeTraceSourceAccessor(&HostBus::m_transferComplete),
                            "ns3::hybridnet::HostBus::TransferCompleteCallback");
    return tid;
}

HostBus::HostBus()
{
    NS_LOG_FUNCTION(this);
}

HostBus::~HostBus() = default;

void
HostBus::NotifyNewAggregate()
{
    if (!m_memoryBus)
    {
        m_memoryBus = GetObject<MemoryBus>();
    }
    Object::NotifyNewAggregate();
}

void
HostBus::DoDispose()
{
    for (uint8_t server = 0; server < 2; ++server)
    {
        m_inService[server].reset();
        m_queues[server].clear();
        m_reads[server].clear();
    }
    m_memoryBus = nullptr;
    Object::DoDispose();
}

std::string
HostBus::CheckConfiguration(Kind kind,
                            uint32_t width,
                            uint32_t clockMhz,
                            uint32_t lanes,
                            uint32_t mmrbc)
{
    std::ostringstream os;
    if (kind != PCI && kind != PCI_X && kind != PCI_EXPRESS)
    {
        os << "HostBus: Kind " << static_cast<int>(kind)
           << " does not exist; accepted Pci, PciX or PciExpress";
    }
    else if (!IsIn(kWidths, width))
    {
        os << "HostBus: Width " << width << " bits does not exist; accepted " << Join(kWidths)
           << " (PCI), 64 (PCI-X)";
    }
    else if (!IsIn(kClocks, clockMhz))
    {
        os << "HostBus: Clock " << clockMhz << " MHz does not exist; accepted " << Join(kPciClocks)
           << " (PCI), " << Join(kPciXClocks) << " (PCI-X)";
    }
    else if (!IsIn(kLanes, lanes))
    {
        os << "HostBus: Lanes " << lanes << " does not exist; accepted " << Join(kLanes);
    }
    else if (!IsIn(kMmrbcs, mmrbc))
    {
        os << "HostBus: Mmrbc " << mmrbc << " bytes does not exist; accepted " << Join(kMmrbcs);
    }
    else if (kind == PCI && !IsIn(kPciClocks, clockMhz))
    {
        os << "HostBus: Clock " << clockMhz << " MHz is not a PCI clock; PCI accepts "
           << Join(kPciClocks) << " (PCI-X " << Join(kPciXClocks) << ")";
    }
    else if (kind == PCI_X && !IsIn(kPciXClocks, clockMhz))
    {
        os << "HostBus: Clock " << clockMhz << " MHz is not a PCI-X clock; PCI-X accepts "
           << Join(kPciXClocks) << " (PCI " << Join(kPciClocks) << ")";
    }
    else if (kind == PCI_X && width != 64)
    {
        os << "HostBus: Width " << width << " bits with PCI-X; PCI-X accepts 64 "
           << "(32-bit PCI-X is not modelled)";
    }
    return os.str();
}

void
HostBus::Validate() const
{
    const std::array<uint32_t, 5> now = {m_kind, m_width, m_clockMhz, m_lanes, m_mmrbc};
    if (m_validated == now)
    {
        return;
    }
    const std::string error = CheckConfiguration(m_kind, m_width, m_clockMhz, m_lanes, m_mmrbc);
    NS_ABORT_MSG_IF(!error.empty(), error);
    m_validated = now;
}

bool
HostBus::IsShared() const
{
    return m_kind != PCI_EXPRESS;
}

HostBus::Kind
HostBus::GetKind() const
{
    return m_kind;
}

uint32_t
HostBus::GetBurstSize(Direction direction) const
{
    switch (m_kind)
    {
    case PCI:
        return m_pciBurstSize;
    case PCI_X:
        return direction == FROM_MEMORY ? m_mmrbc : kPciXMaxByteCount;
    case PCI_EXPRESS:
        return direction == FROM_MEMORY ? m_maxReadRequestSize : m_maxPayloadSize;
    }
    return m_pciBurstSize;
}

uint32_t
HostBus::GetBurstOverheadClocks() const
{
    switch (m_kind)
    {
    case PCI:
        return m_burstOverhead;
    case PCI_X:
        return m_burstOverhead + kPciXAttributePhaseClocks;
    case PCI_EXPRESS:
        return 0;
    }
    return m_burstOverhead;
}

uint64_t
HostBus::GetClocks(Direction direction, uint32_t bytes) const
{
    // Equation (1), burst by burst.
    const uint64_t burst = GetBurstSize(direction);
    const uint64_t perPhase = m_width / 8;
    const uint64_t overhead = GetBurstOverheadClocks();
    uint64_t clocks = 0;
    for (uint64_t left = bytes; left > 0;)
    {
        const uint64_t b = std::min(left, burst);
        clocks += CeilDiv(b, perPhase) + overhead;
        left -= b;
    }
    return clocks;
}

uint64_t
HostBus::GetTlpCount(Direction direction, uint32_t bytes) const
{
    // Equation (5).
    const uint64_t mps = m_maxPayloadSize;
    if (direction == TO_MEMORY)
    {
        return CeilDiv(bytes, mps);
    }
    uint64_t tlps = 0;
    for (uint64_t left = bytes; left > 0;)
    {
        const uint64_t request = std::min<uint64_t>(left, m_maxReadRequestSize);
        tlps += CeilDiv(request, mps);
        left -= request;
    }
    return tlps;
}

Time
HostBus::GetTransferTime(Direction direction, uint32_t bytes) const
{
    Validate();
    const auto steps = static_cast<unsigned __int128>(Seconds(1).GetTimeStep());
    unsigned __int128 numerator = 0;
    unsigned __int128 denominator = 1;
    if (m_kind == PCI_EXPRESS)
    {
        // (5): 8 (n + H c) bits at L r bit/s.
        const auto tlps = static_cast<unsigned __int128>(GetTlpCount(direction, bytes));
        numerator = 8 * (static_cast<unsigned __int128>(bytes) + m_tlpOverhead * tlps);
        denominator = static_cast<unsigned __int128>(GetPeakRate().GetBitRate());
    }
    else
    {
        // (1): C clocks at f Hz.
        numerator = GetClocks(direction, bytes);
        denominator = static_cast<unsigned __int128>(m_clockMhz) * 1'000'000;
    }
    // Rounded up to the time step: a transfer never takes less than its clocks.
    return TimeStep(static_cast<uint64_t>((numerator * steps + denominator - 1) / denominator));
}

DataRate
HostBus::GetPeakRate() const
{
    Validate();
    if (m_kind == PCI_EXPRESS)
    {
        return DataRate(static_cast<uint64_t>(m_lanes) * m_generation * kPcieLaneBitRate);
    }
    return DataRate(static_cast<uint64_t>(m_width) * m_clockMhz * 1'000'000);
}

double
HostBus::GetEfficiency(Direction direction, uint32_t bytes) const
{
    Validate();
    if (bytes == 0)
    {
        return 0.0;
    }
    const double n = bytes;
    if (m_kind == PCI_EXPRESS)
    {
        return n / (n + static_cast<double>(m_tlpOverhead) * GetTlpCount(direction, bytes));
    }
    return n / (static_cast<double>(m_width / 8) * GetClocks(direction, bytes));
}

void
HostBus::Transfer(Direction direction, uint32_t bytes, Callback<void> done)
{
    NS_LOG_FUNCTION(this << direction << bytes);
    NS_ABORT_MSG_IF(direction != TO_MEMORY && direction != FROM_MEMORY,
                    "HostBus: direction " << direction);
    const uint8_t server = IsShared() ? 0 : static_cast<uint8_t>(direction);
    Job job{direction, bytes, GetTransferTime(direction, bytes), std::move(done)};
    m_backlog += 1;
    if (direction == FROM_MEMORY && m_readLatency.IsStrictlyPositive())
    {
        m_reads[server].push_back(std::move(job));
        Simulator::Schedule(m_readLatency, &HostBus::ReadArrives, this, server); // (6a)
        return;
    }
    Enqueue(server, std::move(job));
}

void
HostBus::ReadArrives(uint8_t server)
{
    NS_ASSERT(!m_reads[server].empty());
    Job job = std::move(m_reads[server].front());
    m_reads[server].pop_front();
    Enqueue(server, std::move(job));
}

void
HostBus::Enqueue(uint8_t server, Job&& job)
{
    m_queues[server].push_back(std::move(job));
    StartNext(server);
}

void
HostBus::StartNext(uint8_t server)
{
    if (m_inService[server] || m_queues[server].empty())
    {
        return;
    }
    Job& job = m_inService[server].emplace(std::move(m_queues[server].front()));
    m_queues[server].pop_front();
    if (m_memoryBus)
    {
        const Time carried = m_memoryBus->Carry(job.bytes) - Simulator::Now();
        job.service = std::max(job.service, carried); // (8)
    }
    NS_LOG_LOGIC("start " << job.bytes << " B dir " << job.direction << " for " << job.service);
    Simulator::Schedule(job.service, &HostBus::Finish, this, server);
}

void
HostBus::Finish(uint8_t server)
{
    NS_ASSERT(m_inService[server]);
    const Job job = std::move(*m_inService[server]);
    m_inService[server].reset();
    NS_LOG_FUNCTION(this << static_cast<int>(server) << job.bytes);
    m_busyTime[job.direction] += job.service;
    m_backlog -= 1;
    m_transferComplete(job.direction, job.bytes, job.service);
    if (!job.done.IsNull())
    {
        job.done();
    }
    StartNext(server);
}

Time
HostBus::GetBusyTime() const
{
    return m_busyTime[TO_MEMORY] + m_busyTime[FROM_MEMORY];
}

Time
HostBus::GetBusyTime(Direction direction) const
{
    return m_busyTime[direction];
}

uint32_t
HostBus::GetBacklog() const
{
    return m_backlog;
}

} // namespace hybridnet
} // namespace ns3
