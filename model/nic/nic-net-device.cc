/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "nic-net-device.h"

#include "adaptive-rx-coalescing.h"
#include "hybridnet/host-bus.h"
#include "hybridnet/host-cpu.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/ethernet-header.h"
#include "ns3/ethernet-trailer.h"
#include "ns3/ipv4-header.h"
#include "ns3/log.h"
#include "ns3/net-device-queue-interface.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/tcp-header.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

#include <array>
#include <cmath>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetNicNetDevice");
NS_OBJECT_ENSURE_REGISTERED(NicNetDevice);

namespace
{
constexpr uint32_t kDescriptorBytes = 16; //!< e1000 legacy descriptor
constexpr uint32_t kTxWakeThreshold = 32; //!< E1000_TX_WAKE_THRESHOLD, descriptors
constexpr uint32_t kRingMultiple = 8;     //!< REQ_{RX,TX}_DESCRIPTOR_MULTIPLE
constexpr uint32_t kEthernetHeader = PacketHeaders::ETHERNET_HEADER;
constexpr uint32_t kFcs = 4;                 //!< Ethernet frame check sequence
constexpr uint32_t kMaxStandardFrame = 1518; //!< MAXIMUM_ETHERNET_FRAME_SIZE of e1000 5.x
constexpr uint32_t kStandardRxBuffer = 2048; //!< E1000_RXBUFFER_2048
constexpr uint32_t kLargestRxBuffer = 16384; //!< E1000_RXBUFFER_16384
constexpr uint8_t kTcpFin = 0x01;            //!< TCP FIN flag
const Time kWatchdogPeriod = Seconds(2);     //!< e1000_watchdog period

uint32_t
RoundUpToRingMultiple(uint32_t n)
{
    return (n + kRingMultiple - 1) / kRingMultiple * kRingMultiple;
}
} // namespace

TypeId
NicNetDevice::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::NicNetDevice")
            .SetParent<EthernetNetDevice>()
            .SetGroupName("Hybridnet")
            .AddConstructor<NicNetDevice>()
            .AddAttribute("RxRingSize",
                          "Receive descriptors, (R1). Range: 80 to 4096 (e1000 with 82544 "
                          "and newer MACs); rounded up to a multiple of 8 as the driver does.",
                          UintegerValue(256),
                          MakeUintegerAccessor(&NicNetDevice::m_rxRingSize),
                          MakeUintegerChecker<uint32_t>(80, 4096))
            .AddAttribute("TxRingSize",
                          "Transmit descriptors, (T1). Range: 80 to 4096; rounded up to a "
                          "multiple of 8.",
                          UintegerValue(256),
                          MakeUintegerAccessor(&NicNetDevice::m_txRingSize),
                          MakeUintegerChecker<uint32_t>(80, 4096))
            .AddAttribute("NapiWeight",
                          "NAPI poll budget: frames one poll processes, (R6)-(R7) (e1000: "
                          "64). Range: 1 to 4096.",
                          UintegerValue(64),
                          MakeUintegerAccessor(&NicNetDevice::m_napiWeight),
                          MakeUintegerChecker<uint32_t>(1, 4096))
            .AddAttribute("ThrottleClock",
                          "When a throttled interrupt may be asserted, (R4): FreeRunning (at "
                          "the next expiry of an interval counter that always runs) or "
                          "Restart (no sooner than one interval after the previous one).",
                          EnumValue(FREE_RUNNING),
                          MakeEnumAccessor<ThrottleClock>(&NicNetDevice::m_throttleClock),
                          MakeEnumChecker(FREE_RUNNING, "FreeRunning", RESTART, "Restart"))
            .AddAttribute("ClockTolerance",
                          "Bound on the NIC clock's frequency error, parts per million: the "
                          "throttle interval is I (1 + e) with e drawn uniformly in "
                          "[-tolerance, +tolerance] per NIC, (R4). IEEE 802.3 requires "
                          "+-100 ppm of an Ethernet transmit clock. Range: 0 to 1000.",
                          DoubleValue(100.0),
                          MakeDoubleAccessor(&NicNetDevice::m_clockTolerancePpm),
                          MakeDoubleChecker<double>(0.0, 1000.0))
            .AddAttribute("ChecksumOffload",
                          "Whether the NIC computes and checks TCP/UDP/IP checksums; if "
                          "false the CPU spends ChecksumCyclesPerByte, (R6) and (T2).",
                          BooleanValue(true),
                          MakeBooleanAccessor(&NicNetDevice::m_checksumOffload),
                          MakeBooleanChecker())
            .AddAttribute("TcpOffload",
                          "TCP offload engine, (O1)-(O3): every TCP segment passes the card's "
                          "OffloadEngine; segments without payload (ACKs, SYN, FIN) stay on "
                          "the card (no DMA, interrupt cause or host work); data segments "
                          "cost the host no RxPacketCycles/TxPacketCycles and no checksum, "
                          "and the sender's copy is charged once per application write.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&NicNetDevice::m_tcpOffload),
                          MakeBooleanChecker())
            .AddAttribute("RxSkbOverhead",
                          "Kernel memory a received frame takes beyond the driver's receive "
                          "buffer, O of (R8): the sk_buff structure and the allocation's "
                          "cache-line padding (bytes). 0: skb->truesize is not modelled "
                          "(RxSkbTrueSize reads 0). Range: 0 to 4096.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&NicNetDevice::m_rxSkbOverhead),
                          MakeUintegerChecker<uint32_t>(0, 4096))
            .AddAttribute("RxSkbTrueSize",
                          "Kernel memory of one received frame, T of (R8): the e1000 5.x "
                          "receive buffer for the MTU plus RxSkbOverhead (bytes; read only; "
                          "0 when RxSkbOverhead is 0).",
                          TypeId::ATTR_GET,
                          UintegerValue(0),
                          MakeUintegerAccessor(&NicNetDevice::GetRxSkbTrueSize),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("InterruptCycles",
                          "CPU cycles of one hard interrupt: entry, the driver's handler, "
                          "exit, (R5). Range: 0 to 10^7. The host profile sets it.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&NicNetDevice::m_interruptCycles),
                          MakeUintegerChecker<uint64_t>(0, 10'000'000))
            .AddAttribute("PollCycles",
                          "CPU cycles of one NAPI poll besides its frames: softirq entry, "
                          "ring cleaning, interrupt re-enable, (R6). Range: 0 to 10^7.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&NicNetDevice::m_pollCycles),
                          MakeUintegerChecker<uint64_t>(0, 10'000'000))
            .AddAttribute("RxPacketCycles",
                          "CPU cycles of the protocol stack (and of the driver, for the part "
                          "RxFrameCycles does not take) per packet delivered to the stack, "
                          "copies and checksum excluded, (R6), (R6'): an LRO aggregate pays "
                          "it once. Range: 0 to 10^7.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&NicNetDevice::m_rxPacketCycles),
                          MakeUintegerChecker<uint64_t>(0, 10'000'000))
            .AddAttribute("RxFrameCycles",
                          "CPU cycles of the driver per received frame, (R6'): completion, "
                          "buffer unmap and refill, the LRO checks; paid per frame whether "
                          "or not LRO merges it. A frame delivered alone costs RxFrameCycles "
                          "+ RxPacketCycles. Range: 0 to 10^7.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&NicNetDevice::m_rxFrameCycles),
                          MakeUintegerChecker<uint64_t>(0, 10'000'000))
            .AddAttribute("LroMaxAggregate",
                          "Large receive offload, (R6'): the most frames one aggregate "
                          "merges (inet_lro max_aggr in frames); an aggregate is also flushed "
                          "when its IPv4 total length exceeds 65535 - MTU, at a segment that "
                          "does not continue it and at the end of the poll. 0: no LRO. "
                          "Range: 0 to 64.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&NicNetDevice::m_lroMaxAggregate),
                          MakeUintegerChecker<uint32_t>(0, 64))
            .AddAttribute("Tso",
                          "TCP segmentation offload, (T2'): TCP data segments of one "
                          "connection handed down back to back (same time, in sequence) "
                          "form bursts of up to 65536 B of payload (GSO_MAX_SIZE), and "
                          "TxPacketCycles is paid once per burst.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&NicNetDevice::m_tso),
                          MakeBooleanChecker())
            .AddAttribute("TxPacketCycles",
                          "CPU cycles of the protocol stack and driver per sent packet, "
                          "copies and checksum excluded, (T2). Range: 0 to 10^7.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&NicNetDevice::m_txPacketCycles),
                          MakeUintegerChecker<uint64_t>(0, 10'000'000))
            .AddAttribute("ChecksumCyclesPerByte",
                          "CPU cycles per byte of a software checksum over the transport "
                          "segment, without ChecksumOffload. Range: 0 to 100.",
                          DoubleValue(0.0),
                          MakeDoubleAccessor(&NicNetDevice::m_checksumCyclesPerByte),
                          MakeDoubleChecker<double>(0.0, 100.0))
            .AddAttribute("InterruptModerator",
                          "The e1000 interrupt throttle rate logic (its attributes: "
                          "InterruptThrottleRate, RxIntDelay, RxAbsIntDelay, TxIntDelay, "
                          "TxAbsIntDelay). Created with its defaults if not set.",
                          PointerValue(),
                          MakePointerAccessor(&NicNetDevice::m_moderator),
                          MakePointerChecker<InterruptModerator>())
            .AddAttribute("AdaptiveCoalescing",
                          "A ConnectX port's mlx4_en interrupt moderation, (R9) (its "
                          "attributes: Adaptive, RxUsecs, RxFrames, the rate thresholds, "
                          "Hz). Null (the default): the e1000 moderation of (R3)-(R4).",
                          PointerValue(),
                          MakePointerAccessor(&NicNetDevice::m_aic),
                          MakePointerChecker<AdaptiveRxCoalescing>())
            .AddAttribute("OffloadEngine",
                          "The card's TCP protocol processor, used with TcpOffload (its "
                          "attribute: SegmentRate). Created with its defaults if not set.",
                          PointerValue(),
                          MakePointerAccessor(&NicNetDevice::m_engine),
                          MakePointerChecker<OffloadEngine>())
            .AddTraceSource("RxRingOccupancy",
                            "Receive descriptors in use (frames in DMA or waiting for the "
                            "poll; with TcpOffload, segments held in host memory count "
                            "too and may exceed RxRingSize, (O5)).",
                            MakeTraceSourceAccessor(&NicNetDevice::m_rxOccupancy),
                            "ns3::hybridnet::NicNetDevice::OccupancyTracedCallback")
            .AddTraceSource("TxRingOccupancy",
                            "Transmit descriptors in use (not yet cleaned by a poll).",
                            MakeTraceSourceAccessor(&NicNetDevice::m_txOccupancy),
                            "ns3::hybridnet::NicNetDevice::OccupancyTracedCallback")
            .AddTraceSource("Interrupts",
                            "Interrupts asserted so far.",
                            MakeTraceSourceAccessor(&NicNetDevice::m_interrupts),
                            "ns3::hybridnet::EthernetNetDevice::CounterCallback")
            .AddTraceSource("Polls",
                            "NAPI polls so far.",
                            MakeTraceSourceAccessor(&NicNetDevice::m_polls),
                            "ns3::hybridnet::EthernetNetDevice::CounterCallback")
            .AddTraceSource("RxRingDrop",
                            "A frame dropped because every receive descriptor was in use.",
                            MakeTraceSourceAccessor(&NicNetDevice::m_rxRingDropTrace),
                            "ns3::hybridnet::EthernetNetDevice::PacketCallback")
            .AddTraceSource("RxHostDelay",
                            "Per received frame: time from its last bit at the NIC to its "
                            "delivery to the stack (DMA, interrupt, poll, CPU).",
                            MakeTraceSourceAccessor(&NicNetDevice::m_rxHostDelayTrace),
                            "ns3::hybridnet::NicNetDevice::DelayCallback");
    return tid;
}

NicNetDevice::NicNetDevice()
    : m_phaseRng(CreateObject<UniformRandomVariable>())
{
    NS_LOG_FUNCTION(this);
}

NicNetDevice::~NicNetDevice() = default;

int64_t
NicNetDevice::AssignStreams(int64_t stream)
{
    m_phaseRng->SetStream(stream);
    return 1;
}

void
NicNetDevice::DoInitialize()
{
    NS_LOG_FUNCTION(this);
    m_rxRingSize = RoundUpToRingMultiple(m_rxRingSize);
    m_txRingSize = RoundUpToRingMultiple(m_txRingSize);
    if (!m_moderator)
    {
        m_moderator = CreateObject<InterruptModerator>();
    }
    if (!m_engine)
    {
        m_engine = CreateObject<OffloadEngine>();
    }
    m_moderator->TraceConnectWithoutContext("RateChanged",
                                            MakeCallback(&NicNetDevice::RateChanged, this));
    m_clockError = m_phaseRng->GetValue(-m_clockTolerancePpm, m_clockTolerancePpm) * 1e-6;
    m_counterInterval = LocalInterval();
    if (m_counterInterval.IsStrictlyPositive())
    {
        // The driver loaded at some time unrelated to the traffic: a uniform phase.
        const double phase = m_phaseRng->GetValue(0.0, m_counterInterval.GetNanoSeconds());
        m_counterAnchor = Simulator::Now() + NanoSeconds(static_cast<int64_t>(phase));
    }
    if (m_aic)
    {
        m_aicEvent =
            Simulator::Schedule(m_aic->GetSampleInterval(), &NicNetDevice::SampleCoalescing, this);
    }
    else if (m_moderator->GetInterruptThrottleRate() == 4)
    {
        m_watchdogEvent = Simulator::Schedule(kWatchdogPeriod, &NicNetDevice::Watchdog, this);
    }
    if (auto queueInterface = GetObject<NetDeviceQueueInterface>())
    {
        m_txQueue = queueInterface->GetTxQueue(0);
    }
    EthernetNetDevice::DoInitialize();
}

void
NicNetDevice::DoDispose()
{
    NS_LOG_FUNCTION(this);
    for (EventId* event : {&m_assertEvent,
                           &m_rxPacketTimer,
                           &m_rxAbsTimer,
                           &m_txPacketTimer,
                           &m_txAbsTimer,
                           &m_watchdogEvent,
                           &m_aicEvent})
    {
        event->Cancel();
    }
    m_rxDma.clear();
    m_rxReady.clear();
    m_rxEngine.clear();
    m_lro = LroAggregator{};
    m_flushing = LroAggregator::Aggregate{};
    m_txStack.clear();
    m_txEngine.clear();
    m_txBacklog.clear();
    m_writes.clear();
    m_txDma.clear();
    m_txPayloadDma.clear();
    m_txFetchBytes.clear();
    m_txWriteBack.clear();
    m_cpu = nullptr;
    m_bus = nullptr;
    m_moderator = nullptr;
    m_aic = nullptr;
    if (m_engine)
    {
        m_engine->Dispose();
    }
    m_engine = nullptr;
    m_txQueue = nullptr;
    EthernetNetDevice::DoDispose();
}

Ptr<InterruptModerator>
NicNetDevice::GetInterruptModerator() const
{
    return m_moderator;
}

Ptr<AdaptiveRxCoalescing>
NicNetDevice::GetAdaptiveCoalescing() const
{
    return m_aic;
}

Ptr<OffloadEngine>
NicNetDevice::GetOffloadEngine() const
{
    return m_engine;
}

uint64_t
NicNetDevice::GetInterrupts() const
{
    return m_interrupts;
}

uint64_t
NicNetDevice::GetPolls() const
{
    return m_polls;
}

uint64_t
NicNetDevice::GetRxPackets() const
{
    return m_rxPackets;
}

uint64_t
NicNetDevice::GetRxRingDrops() const
{
    return m_rxRingDrops;
}

uint64_t
NicNetDevice::GetTxPackets() const
{
    return m_txPackets;
}

uint64_t
NicNetDevice::GetRxOnCardPackets() const
{
    return m_rxOnCard;
}

uint64_t
NicNetDevice::GetRxStackPackets() const
{
    return m_rxStackPackets;
}

OffloadEngine&
NicNetDevice::Engine()
{
    NS_ABORT_MSG_IF(!m_engine, "NicNetDevice: not initialized (no OffloadEngine)");
    return *m_engine;
}

HostCpu&
NicNetDevice::Cpu()
{
    if (!m_cpu)
    {
        m_cpu = GetNode() ? GetNode()->GetObject<HostCpu>() : nullptr;
        NS_ABORT_MSG_IF(!m_cpu, "NicNetDevice: node has no HostCpu (install the host first)");
    }
    return *m_cpu;
}

HostBus&
NicNetDevice::Bus()
{
    if (!m_bus)
    {
        m_bus = GetNode() ? GetNode()->GetObject<HostBus>() : nullptr;
        NS_ABORT_MSG_IF(!m_bus, "NicNetDevice: node has no HostBus (install the host first)");
    }
    return *m_bus;
}

NicNetDevice::StackWork
NicNetDevice::GetStackWork(const PacketHeaders& headers, bool receive) const
{
    StackWork work;
    work.copiedBytes = headers.payload;
    if (!(headers.tcp && m_tcpOffload))
    {
        work.cycles = receive ? m_rxFrameCycles + m_rxPacketCycles : m_txPacketCycles;
        if (!m_checksumOffload)
        {
            work.cycles +=
                static_cast<uint64_t>(m_checksumCyclesPerByte * headers.segmentBytes + 0.5);
        }
    }
    return work;
}

// ---------------------------------------------------------------------------------------
// Receive path

void
NicNetDevice::Receive(Ptr<Packet> frame)
{
    NS_LOG_FUNCTION(this << frame);
    const PacketHeaders headers = m_tcpOffload ? PacketHeaders::ReadFrame(frame) : PacketHeaders{};
    const bool offloaded = headers.tcp;
    // (R1); (O1) and (O5): an offloaded segment needs a descriptor only while it waits for
    // the engine.
    const uint32_t held = offloaded ? m_rxEngine.size() : m_rxOccupancy.Get();
    if (held >= m_rxRingSize)
    {
        ++m_rxRingDrops;
        m_rxRingDropTrace(frame);
        return;
    }
    m_rxOccupancy += 1;
    const uint32_t l3Bytes = frame->GetSize() - kEthernetHeader - kFcs;
    RxEntry entry{frame, Simulator::Now(), l3Bytes};
    if (offloaded)
    {
        // (O1): the card's TCP processes the segment before anything reaches the host.
        entry.onCard = headers.payload == 0;
        m_rxEngine.push_back(entry);
        Engine().Process(MakeCallback(&NicNetDevice::RxEngineDone, this));
        return;
    }
    StartRxDma(entry);
}

void
NicNetDevice::RxEngineDone()
{
    NS_ASSERT(!m_rxEngine.empty());
    RxEntry entry = m_rxEngine.front();
    m_rxEngine.pop_front();
    if (!entry.onCard)
    {
        StartRxDma(entry);
        return;
    }
    // (O2): an ACK (or SYN, FIN) is the card's own business: no DMA, no cause, no poll.
    m_rxOccupancy -= 1;
    ++m_rxOnCard;
    EthernetNetDevice::Receive(entry.frame);
}

void
NicNetDevice::StartRxDma(const RxEntry& entry)
{
    m_rxDma.push_back(entry);
    // (R2): the frame, then its descriptor's write-back.
    Bus().Transfer(HostBus::TO_MEMORY, entry.frame->GetSize(), Callback<void>());
    Bus().Transfer(HostBus::TO_MEMORY,
                   kDescriptorBytes,
                   MakeCallback(&NicNetDevice::RxDmaDone, this));
}

void
NicNetDevice::RxDmaDone()
{
    NS_ASSERT(!m_rxDma.empty());
    m_rxReady.push_back(m_rxDma.front());
    m_rxDma.pop_front();
    ++m_aicFrames;
    RaiseCause(CAUSE_RX);
}

void
NicNetDevice::RaiseCause(Cause cause)
{
    // (R3): 8254x packet timer (restarted by every event) and absolute timer (started by
    // the first event after the last interrupt).
    if (m_aic)
    {
        CausePending(cause); // (R9): no delay timers
        return;
    }
    const bool rx = cause == CAUSE_RX;
    const Time packetDelay = rx ? m_moderator->GetRxIntDelay() : m_moderator->GetTxIntDelay();
    const Time absDelay = rx ? m_moderator->GetRxAbsIntDelay() : m_moderator->GetTxAbsIntDelay();
    if (!packetDelay.IsStrictlyPositive())
    {
        CausePending(cause);
        return;
    }
    EventId& packetTimer = rx ? m_rxPacketTimer : m_txPacketTimer;
    EventId& absTimer = rx ? m_rxAbsTimer : m_txAbsTimer;
    packetTimer.Cancel();
    packetTimer = Simulator::Schedule(packetDelay, &NicNetDevice::CausePending, this, cause);
    if (absDelay.IsStrictlyPositive() && !absTimer.IsPending())
    {
        absTimer = Simulator::Schedule(absDelay, &NicNetDevice::CausePending, this, cause);
    }
}

void
NicNetDevice::CausePending(Cause cause)
{
    if (cause == CAUSE_RX)
    {
        m_rxPacketTimer.Cancel();
        m_rxAbsTimer.Cancel();
    }
    else
    {
        m_txPacketTimer.Cancel();
        m_txAbsTimer.Cancel();
    }
    m_pending |= cause;
    TryAssert();
}

Time
NicNetDevice::LocalInterval() const
{
    // The register counts 256 ns of the NIC's own clock: I (1 + e) of simulator time.
    const Time nominal = m_moderator->GetMinimumInterval();
    return TimeStep(static_cast<int64_t>(
        std::llround(static_cast<double>(nominal.GetTimeStep()) * (1.0 + m_clockError))));
}

Time
NicNetDevice::NextAssertionTime() const
{
    const Time now = Simulator::Now();
    if (m_aic)
    {
        // (R9): F frames raise the event at once, else the period since the last one.
        if (m_aicFrames >= m_aic->GetRxFrames(GetMtu()) || m_lastAssertion == Time::Min())
        {
            return now;
        }
        return std::max(now, m_lastAssertion + m_aic->GetModerationTime());
    }
    const Time interval = LocalInterval();
    if (!interval.IsStrictlyPositive())
    {
        return now;
    }
    if (m_throttleClock == RESTART)
    {
        return m_lastAssertion == Time::Min() ? now : std::max(now, m_lastAssertion + interval);
    }
    if (now <= m_counterAnchor)
    {
        return m_counterAnchor;
    }
    const int64_t elapsed = (now - m_counterAnchor).GetTimeStep();
    const int64_t step = m_counterInterval.GetTimeStep();
    const int64_t periods = (elapsed + step - 1) / step;
    return m_counterAnchor + TimeStep(periods * step);
}

void
NicNetDevice::RateChanged(uint32_t /* rate */, uint32_t /* itrRegister */)
{
    // The counter finishes its current interval with the old value, then reloads the new.
    const Time now = Simulator::Now();
    if (m_counterInterval.IsStrictlyPositive())
    {
        m_counterAnchor = NextAssertionTime();
    }
    else
    {
        m_counterAnchor = now;
    }
    m_counterInterval = LocalInterval();
    if (m_assertEvent.IsPending())
    {
        m_assertEvent.Cancel();
        TryAssert();
    }
}

void
NicNetDevice::TryAssert()
{
    if (m_pending == 0 || !m_interruptsEnabled)
    {
        return;
    }
    if (m_assertEvent.IsPending())
    {
        // Only (R9) can move an assertion earlier: F frames reached while it waits.
        if (!m_aic ||
            NextAssertionTime() >= Simulator::GetDelayLeft(m_assertEvent) + Simulator::Now())
        {
            return;
        }
        m_assertEvent.Cancel();
    }
    m_assertEvent =
        Simulator::Schedule(NextAssertionTime() - Simulator::Now(), &NicNetDevice::Assert, this);
}

void
NicNetDevice::Assert()
{
    NS_LOG_FUNCTION(this);
    // (R5): the handler reads ICR (clears the causes) and masks the NIC's interrupts.
    m_interrupts += 1;
    m_lastAssertion = Simulator::Now();
    m_aicFrames = 0;
    m_pending = 0;
    m_interruptsEnabled = false;
    Cpu().Execute(HostCpu::HARD_IRQ,
                  m_interruptCycles,
                  0,
                  MakeCallback(&NicNetDevice::ScheduleNapi, this));
}

void
NicNetDevice::ScheduleNapi()
{
    m_polls += 1;
    Cpu().Execute(HostCpu::KERNEL, m_pollCycles, 0, MakeCallback(&NicNetDevice::PollStart, this));
}

void
NicNetDevice::PollStart()
{
    CleanTxRing();
    m_pollWork = 0;
    PollNext();
}

void
NicNetDevice::PollNext()
{
    if (m_pollWork == m_napiWeight || m_rxReady.empty())
    {
        if (!m_lro.IsEmpty())
        {
            FlushAggregate(0); // (R6'): lro_flush_all at the poll's end, oldest first
            return;
        }
        PollEnd();
        return;
    }
    RxEntry& entry = m_rxReady.front();
    const PacketHeaders headers = PacketHeaders::ReadFrame(entry.frame);
    if (m_lroMaxAggregate > 0 && headers.tcp && !m_tcpOffload && !entry.alone)
    {
        size_t index = 0;
        switch (m_lro.Classify(headers, entry.l3Bytes, &index))
        {
        case LroAggregator::Verdict::JOIN: {
            // (R6'): the driver's share now, the stack's when the aggregate is flushed.
            m_lroHeaders = headers;
            StackWork work = GetStackWork(headers, true);
            work.cycles -= m_rxPacketCycles;
            Cpu().Execute(HostCpu::KERNEL,
                          work.cycles,
                          0,
                          MakeCallback(&NicNetDevice::RxLroFrameDone, this));
            return;
        }
        case LroAggregator::Verdict::FLUSH_FIRST:
            entry.alone = true; // inet_lro: flush to keep order, then this one alone
            FlushAggregate(index);
            return;
        case LroAggregator::Verdict::ALONE:
            break;
        }
    }
    const StackWork work = GetStackWork(headers, true);
    Cpu().Execute(HostCpu::KERNEL,
                  work.cycles,
                  work.copiedBytes,
                  MakeCallback(&NicNetDevice::RxStackDone, this));
}

uint32_t
NicNetDevice::GetRxSkbTrueSize() const
{
    if (m_rxSkbOverhead == 0)
    {
        return 0;
    }
    const uint32_t largestFrame = GetMtu() + kEthernetHeader + kFcs; // (R8)
    uint32_t buffer = kStandardRxBuffer;
    if (largestFrame > kMaxStandardFrame)
    {
        buffer = 2 * kStandardRxBuffer;
        while (buffer < largestFrame && buffer < kLargestRxBuffer)
        {
            buffer *= 2;
        }
    }
    return buffer + m_rxSkbOverhead;
}

void
NicNetDevice::RxStackDone()
{
    NS_ASSERT(!m_rxReady.empty());
    RxEntry entry = m_rxReady.front();
    m_rxReady.pop_front();
    m_rxOccupancy -= 1;
    ++m_pollWork;
    ++m_rxPackets;
    ++m_rxStackPackets;
    ++m_itrRxPackets;
    m_itrRxBytes += entry.l3Bytes;
    m_watchdogRxBytes += entry.l3Bytes;
    m_rxHostDelayTrace(Simulator::Now() - entry.arrival);
    EthernetNetDevice::Receive(entry.frame);
    PollNext();
}

void
NicNetDevice::RxLroFrameDone()
{
    NS_ASSERT(!m_rxReady.empty());
    RxEntry entry = m_rxReady.front();
    m_rxReady.pop_front();
    m_rxOccupancy -= 1; // the descriptor is refilled; the data wait in the aggregate
    ++m_pollWork;
    ++m_rxPackets;
    ++m_itrRxPackets;
    m_itrRxBytes += entry.l3Bytes;
    m_watchdogRxBytes += entry.l3Bytes;
    const PacketHeaders& h = m_lroHeaders;
    const LroAggregator::Frame frame{entry.frame,
                                     entry.arrival,
                                     kEthernetHeader + h.ipHeader + h.tcpHeader,
                                     h.payload};
    size_t index = 0;
    if (m_lro.Add(frame, h, m_lroMaxAggregate, GetMtu(), &index))
    {
        FlushAggregate(index);
        return;
    }
    PollNext();
}

void
NicNetDevice::FlushAggregate(size_t index)
{
    m_flushing = m_lro.Take(index);
    // (R6'): the stack's work once for the merged packet; its payload is copied once.
    Cpu().Execute(HostCpu::KERNEL,
                  m_rxPacketCycles,
                  static_cast<uint32_t>(m_flushing.payload),
                  MakeCallback(&NicNetDevice::AggregateDone, this));
}

void
NicNetDevice::AggregateDone()
{
    Ptr<Packet> merged = LroAggregator::Merge(m_flushing);
    for (const LroAggregator::Frame& frame : m_flushing.frames)
    {
        m_rxHostDelayTrace(Simulator::Now() - frame.arrival);
    }
    m_flushing = LroAggregator::Aggregate{};
    ++m_rxStackPackets;
    EthernetNetDevice::Receive(merged);
    PollNext();
}

void
NicNetDevice::PollEnd()
{
    if (m_pollWork == m_napiWeight)
    {
        // (R7): budget used up - poll again.
        m_polls += 1;
        Cpu().Execute(HostCpu::KERNEL,
                      m_pollCycles,
                      0,
                      MakeCallback(&NicNetDevice::PollStart, this));
        return;
    }
    if (!m_aic)
    {
        m_moderator->Update(m_itrRxPackets, m_itrRxBytes, m_itrTxPackets, m_itrTxBytes);
    }
    m_itrRxPackets = 0;
    m_itrRxBytes = 0;
    m_itrTxPackets = 0;
    m_itrTxBytes = 0;
    m_interruptsEnabled = true;
    TryAssert();
}

void
NicNetDevice::Watchdog()
{
    m_moderator->UpdateSimplified(m_watchdogTxBytes, m_watchdogRxBytes);
    m_watchdogTxBytes = 0;
    m_watchdogRxBytes = 0;
    m_watchdogEvent = Simulator::Schedule(kWatchdogPeriod, &NicNetDevice::Watchdog, this);
}

void
NicNetDevice::SampleCoalescing()
{
    const uint64_t before = m_aic->GetModerationUsecs();
    m_aic->Sample(m_rxPackets - m_aicRxMark, m_txPackets - m_aicTxMark, m_aic->GetSamplePeriod());
    m_aicRxMark = m_rxPackets;
    m_aicTxMark = m_txPackets;
    if (m_aic->GetModerationUsecs() != before && m_assertEvent.IsPending())
    {
        // The CQ's new period applies to the event it is waiting for.
        m_assertEvent.Cancel();
        TryAssert();
    }
    m_aicEvent =
        Simulator::Schedule(m_aic->GetSampleInterval(), &NicNetDevice::SampleCoalescing, this);
}

// ---------------------------------------------------------------------------------------
// Transmit path

bool
NicNetDevice::SendFrom(Ptr<Packet> packet,
                       const Address& source,
                       const Address& dest,
                       uint16_t protocolNumber)
{
    NS_LOG_FUNCTION(this << packet << source << dest << protocolNumber);
    if (!IsLinkUp() || packet->GetSize() > GetMtu())
    {
        return EthernetNetDevice::SendFrom(packet, source, dest, protocolNumber); // drops
    }
    if (m_tcpOffload && (m_txOccupancy >= m_txRingSize || !m_txBacklog.empty()))
    {
        m_txBacklog.push_back({packet, source, dest, protocolNumber}); // (O4)
        return true;
    }
    if (m_txOccupancy >= m_txRingSize)
    {
        NotifyTxDrop(packet); // no queue interface stopped the stack: (T1)
        return false;
    }
    Admit(packet, source, dest, protocolNumber);
    return true;
}

void
NicNetDevice::Admit(Ptr<Packet> packet,
                    const Address& source,
                    const Address& dest,
                    uint16_t protocolNumber)
{
    m_txOccupancy += 1; // (T1)
    if (m_txOccupancy == m_txRingSize && m_txQueue && !m_tcpOffload)
    {
        m_txQueue->Stop(); // (T1); with TcpOffload the card never stops the stack: (O4)
    }
    const PacketHeaders headers = PacketHeaders::Read(packet, 0, protocolNumber);
    const bool offloaded = headers.tcp && m_tcpOffload;
    TxEntry entry{packet, source, dest, protocolNumber, m_nextTxId++, false, offloaded};
    entry.payload = headers.payload;
    if (offloaded && headers.payload == 0)
    {
        SendThroughEngine(entry); // (O2): the card's own segment, no host work, no DMA
        return;
    }
    Callback<void, uint64_t> hostDone = MakeCallback(&NicNetDevice::TxHostDone, this);
    if (offloaded)
    {
        // (O3): the host copies an application write once, before the card sends it.
        const uint64_t copy = TakeWriteCopy(headers, packet->GetUid());
        entry.ready = copy == 0;
        if (copy > 0)
        {
            Ptr<HostCpu> cpu(&Cpu());
            Callback<void> done = hostDone.Bind(entry.id);
            Cpu().RunSystemCall(Callback<void>(
                [cpu, copy, done]() { cpu->Execute(HostCpu::KERNEL, 0, copy, done); }));
        }
    }
    else
    {
        StackWork work = GetStackWork(headers, false); // (T2)
        const uint32_t data = headers.tcp ? headers.payload : 0;
        if (m_tso && m_tsoBurst.Continues(headers.flow, headers.sequence, data, Simulator::Now()))
        {
            work.cycles -= m_txPacketCycles; // (T2'): the burst paid it
        }
        Cpu().Execute(HostCpu::KERNEL, work.cycles, work.copiedBytes, hostDone.Bind(entry.id));
    }
    m_txStack.push_back(entry);
    ReleaseTxStack();
}

uint64_t
NicNetDevice::TakeWriteCopy(const PacketHeaders& headers, uint64_t uid)
{
    auto [it, created] = m_writes.try_emplace(headers.flow);
    WriteState& write = it->second;
    if (created)
    {
        write.uid = uid;
        write.sndMax = headers.sequence;
    }
    const uint32_t end = headers.sequence + headers.payload;
    const auto ahead = static_cast<int32_t>(end - write.sndMax); // sequence space, mod 2^32
    if (ahead <= 0)
    {
        return 0; // a retransmission: the card's work, from data the host copied before
    }
    write.sndMax = end;
    uint64_t copy = 0;
    if (uid != write.uid)
    {
        copy = write.pending; // the previous write has ended: its copy is due
        write.pending = 0;
        write.uid = uid;
    }
    write.pending += std::min<uint32_t>(static_cast<uint32_t>(ahead), headers.payload);
    if (headers.tcpFlags & kTcpFin)
    {
        copy += write.pending; // the connection's last write
        write.pending = 0;
    }
    return copy;
}

void
NicNetDevice::TxHostDone(uint64_t id)
{
    NS_ASSERT(!m_txStack.empty() && id >= m_txStack.front().id);
    m_txStack[id - m_txStack.front().id].ready = true;
    ReleaseTxStack();
}

void
NicNetDevice::ReleaseTxStack()
{
    // Packets leave the host's stage in the order the stack handed them down.
    while (!m_txStack.empty() && m_txStack.front().ready)
    {
        TxEntry entry = m_txStack.front();
        m_txStack.pop_front();
        StartTxDma(entry);
    }
}

void
NicNetDevice::StartTxDma(const TxEntry& entry)
{
    if (entry.engine)
    {
        // (O3): the card reads the payload; it has no descriptor to fetch.
        m_txPayloadDma.push_back(entry);
        Bus().Transfer(HostBus::FROM_MEMORY,
                       entry.payload,
                       MakeCallback(&NicNetDevice::TxPayloadDone, this));
        return;
    }
    const uint32_t frameBytes = GetFrameBytes(entry.packet->GetSize());
    m_txDma.push_back(entry);
    m_txFetchBytes.push_back(frameBytes);
    // (T3): the descriptor fetch; the frame's address is in it.
    Bus().Transfer(HostBus::FROM_MEMORY,
                   kDescriptorBytes,
                   MakeCallback(&NicNetDevice::TxDescriptorFetched, this));
}

void
NicNetDevice::TxDescriptorFetched()
{
    NS_ASSERT(!m_txFetchBytes.empty());
    const uint32_t frameBytes = m_txFetchBytes.front();
    m_txFetchBytes.pop_front();
    // (T3): now the frame itself.
    Bus().Transfer(HostBus::FROM_MEMORY, frameBytes, MakeCallback(&NicNetDevice::TxDmaDone, this));
}

void
NicNetDevice::TxDmaDone()
{
    NS_ASSERT(!m_txDma.empty());
    TxEntry entry = m_txDma.front();
    m_txDma.pop_front();
    EthernetNetDevice::SendFrom(entry.packet, entry.source, entry.dest, entry.protocol);
}

void
NicNetDevice::TxPayloadDone()
{
    NS_ASSERT(!m_txPayloadDma.empty());
    TxEntry entry = m_txPayloadDma.front();
    m_txPayloadDma.pop_front();
    SendThroughEngine(entry); // (O1)
}

void
NicNetDevice::SendThroughEngine(const TxEntry& entry)
{
    m_txEngine.push_back(entry);
    Engine().Process(MakeCallback(&NicNetDevice::TxEngineDone, this));
}

void
NicNetDevice::TxEngineDone()
{
    NS_ASSERT(!m_txEngine.empty());
    TxEntry entry = m_txEngine.front();
    m_txEngine.pop_front();
    EthernetNetDevice::SendFrom(entry.packet, entry.source, entry.dest, entry.protocol);
}

void
NicNetDevice::NotifyFrameSent(Ptr<const Packet> frame)
{
    // (T4)
    const uint32_t l3Bytes = frame->GetSize() - kEthernetHeader - kFcs;
    ++m_txPackets;
    m_watchdogTxBytes += l3Bytes;
    if (m_tcpOffload)
    {
        if (PacketHeaders::ReadFrame(frame).tcp)
        {
            FreeOnCardDescriptor(); // (O2), (O3): no status write-back, no transmit cause
            return;
        }
    }
    m_txWriteBack.push_back(l3Bytes);
    Bus().Transfer(HostBus::TO_MEMORY,
                   kDescriptorBytes,
                   MakeCallback(&NicNetDevice::TxWriteBackDone, this));
}

bool
NicNetDevice::NeedsFrameSent() const
{
    return true;
}

void
NicNetDevice::TxWriteBackDone()
{
    NS_ASSERT(!m_txWriteBack.empty());
    ++m_txCompleted;
    m_txCompletedBytes += m_txWriteBack.front();
    m_txWriteBack.pop_front();
    RaiseCause(CAUSE_TX);
}

void
NicNetDevice::CleanTxRing()
{
    m_itrTxPackets += m_txCompleted;
    m_itrTxBytes += m_txCompletedBytes;
    m_txOccupancy -= m_txCompleted;
    m_txCompleted = 0;
    m_txCompletedBytes = 0;
    WakeIfRoom();
}

void
NicNetDevice::WakeIfRoom()
{
    while (!m_txBacklog.empty() && m_txOccupancy < m_txRingSize)
    {
        const Pending next = m_txBacklog.front(); // (O4), in the order the stack sent them
        m_txBacklog.pop_front();
        Admit(next.packet, next.source, next.dest, next.protocol);
    }
    if (m_txQueue && m_txQueue->IsStopped() && m_txRingSize - m_txOccupancy >= kTxWakeThreshold)
    {
        WakeTxQueue();
    }
}

void
NicNetDevice::FreeOnCardDescriptor()
{
    m_txOccupancy -= 1;
    if (m_txBacklog.empty() && !(m_txQueue && m_txQueue->IsStopped()))
    {
        return; // nothing waits for the descriptor: no event
    }
    // Not from inside the MAC's transmit-complete handler: the queue disc may send at once.
    Simulator::ScheduleNow(&NicNetDevice::WakeIfRoom, this);
}

void
NicNetDevice::WakeTxQueue()
{
    // netif_wake_queue: the NET_TX softirq runs the queue disc until it is empty or the ring
    // is full again (Linux 2.4 qdisc_run). ns-3's Wake starts one QueueDisc::Run, which
    // hands over at most its Quota; ContinueTxQueue runs after it and wakes it again.
    m_wakeOccupancy = m_txOccupancy;
    m_txQueue->Wake();
    Simulator::ScheduleNow(&NicNetDevice::ContinueTxQueue, this);
}

void
NicNetDevice::ContinueTxQueue()
{
    if (m_txQueue->IsStopped() || m_txOccupancy == m_wakeOccupancy)
    {
        return; // the ring is full again, or the queue disc had nothing more
    }
    m_txQueue->Stop(); // the run ended at its quota: run it again
    WakeTxQueue();
}

} // namespace hybridnet
} // namespace ns3
