/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "reservation-queue-disc.h"

#include "ns3/abort.h"
#include "ns3/drop-tail-queue.h"
#include "ns3/ipv4-queue-disc-item.h"
#include "ns3/log.h"
#include "ns3/net-device-queue-interface.h"
#include "ns3/net-device.h"
#include "ns3/simulator.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetReservationQueueDisc");
NS_OBJECT_ENSURE_REGISTERED(ReservationQueueDisc);

namespace
{
constexpr const char* kLimitDrop = "Queue disc limit exceeded"; //!< drop reason
} // namespace

TypeId
ReservationQueueDisc::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::ReservationQueueDisc")
            .SetParent<QueueDisc>()
            .SetGroupName("Hybridnet")
            .AddConstructor<ReservationQueueDisc>()
            .AddAttribute("MaxSize",
                          "Packets each of the two queues (reserved flow, the rest) holds; "
                          "more are dropped. Range: 1 to 2^32-1 packets.",
                          QueueSizeValue(QueueSize("1000p")),
                          MakeQueueSizeAccessor(&QueueDisc::SetMaxSize, &QueueDisc::GetMaxSize),
                          MakeQueueSizeChecker())
            .AddAttribute("ReservedRate",
                          "R of (1): the rate a reservation gives its flow, bit/s. Must be "
                          "above 0 and at most ChannelRate and the NIC's line rate (refused "
                          "otherwise, one line). Assumption: set per scenario.",
                          DataRateValue(DataRate("500Mbps")),
                          MakeDataRateAccessor(&ReservationQueueDisc::m_reservedRate),
                          MakeDataRateChecker())
            .AddAttribute("ChannelRate",
                          "C of (1): the reserved channel's rate (e.g. the VLAN's share to the "
                          "circuit port), the peak the reserved flow never exceeds, bit/s. Must "
                          "be at most the NIC's line rate. Assumption: set per scenario.",
                          DataRateValue(DataRate("1Gbps")),
                          MakeDataRateAccessor(&ReservationQueueDisc::m_channelRate),
                          MakeDataRateChecker())
            .AddAttribute("Burst",
                          "B of (1): depth of the rate-R bucket, bytes (Linux tc tbf 'burst'). "
                          "Range: 1500 B (one full IP packet) to 2^32-1 B.",
                          UintegerValue(15000),
                          MakeUintegerAccessor(&ReservationQueueDisc::m_burst),
                          MakeUintegerChecker<uint32_t>(1500))
            .AddAttribute("PeakBurst",
                          "M of (1): depth of the rate-C bucket, bytes (Linux tc tbf 'mtu'); "
                          "must be at least the NIC's MTU. Range: 1500 B to 2^32-1 B.",
                          UintegerValue(1500),
                          MakeUintegerAccessor(&ReservationQueueDisc::m_peakBurst),
                          MakeUintegerChecker<uint32_t>(1500))
            .AddTraceSource("Reservation",
                            "A flow got (true) or gave back (false) the reserved channel.",
                            MakeTraceSourceAccessor(&ReservationQueueDisc::m_reservationTrace),
                            "ns3::hybridnet::ReservationQueueDisc::ReservationTracedCallback");
    return tid;
}

ReservationQueueDisc::ReservationQueueDisc()
    : QueueDisc(QueueDiscSizePolicy::MULTIPLE_QUEUES, QueueSizeUnit::PACKETS)
{
}

ReservationQueueDisc::~ReservationQueueDisc() = default;

void
ReservationQueueDisc::DoDispose()
{
    m_wake.Cancel();
    QueueDisc::DoDispose();
}

std::string
ReservationQueueDisc::Validate(DataRate reserved, DataRate channel, DataRate line)
{
    std::ostringstream os;
    if (reserved.GetBitRate() == 0)
    {
        os << "ReservationQueueDisc: ReservedRate must be above 0";
    }
    else if (channel > line)
    {
        os << "ReservationQueueDisc: ChannelRate " << channel << " above the NIC's line rate "
           << line;
    }
    else if (reserved > line)
    {
        os << "ReservationQueueDisc: ReservedRate " << reserved << " above the NIC's line rate "
           << line;
    }
    else if (reserved > channel)
    {
        os << "ReservationQueueDisc: ReservedRate " << reserved << " above ChannelRate " << channel;
    }
    return os.str();
}

DataRate
ReservationQueueDisc::GetLineRate() const
{
    Ptr<NetDeviceQueueInterface> ndqi = GetNetDeviceQueueInterface();
    Ptr<NetDevice> device = ndqi ? ndqi->GetObject<NetDevice>() : nullptr;
    DataRateValue rate;
    NS_ABORT_MSG_UNLESS(device && device->GetAttributeFailSafe("DataRate", rate),
                        "ReservationQueueDisc: the NIC has no DataRate attribute (line rate)");
    return rate.Get();
}

void
ReservationQueueDisc::Reserve(const FlowKey& key)
{
    const std::string refused = Validate(m_reservedRate, m_channelRate, GetLineRate());
    NS_ABORT_MSG_UNLESS(refused.empty(), refused);
    NS_ABORT_MSG_IF(m_reserved && !(*m_reserved == key),
                    "ReservationQueueDisc: the channel is held by " << *m_reserved);
    NS_LOG_INFO(Simulator::Now().As(Time::S) << " reserve " << key << " at " << m_reservedRate);
    m_reserved = key;
    m_reservationTrace(key, true);
}

void
ReservationQueueDisc::Release()
{
    if (!m_reserved)
    {
        return;
    }
    const FlowKey key = *m_reserved;
    m_reserved.reset();
    // packets of the flow still in queue 0 leave under the buckets, before the rest
    m_reservationTrace(key, false);
}

std::optional<FlowKey>
ReservationQueueDisc::GetReservedFlow() const
{
    return m_reserved;
}

DataRate
ReservationQueueDisc::GetReservedRate() const
{
    return m_reservedRate;
}

bool
ReservationQueueDisc::IsReserved(Ptr<const QueueDiscItem> item) const
{
    Ptr<const Ipv4QueueDiscItem> ip = DynamicCast<const Ipv4QueueDiscItem>(item);
    if (!m_reserved || !ip)
    {
        return false;
    }
    const Ipv4Header& header = ip->GetHeader();
    return FlowKey::FromTransport(ip->GetPacket(),
                                  header.GetSource(),
                                  header.GetDestination(),
                                  header.GetProtocol()) == *m_reserved;
}

bool
ReservationQueueDisc::DoEnqueue(Ptr<QueueDiscItem> item)
{
    const std::size_t band = IsReserved(item) ? 0 : 1;
    if (GetInternalQueue(band)->GetNPackets() >= GetMaxSize().GetValue())
    {
        DropBeforeEnqueue(item, kLimitDrop);
        return false;
    }
    return GetInternalQueue(band)->Enqueue(item);
}

void
ReservationQueueDisc::Refill()
{
    const Time now = Simulator::Now();
    const double dt = (now - m_checkpoint).GetSeconds();
    m_checkpoint = now;
    m_btokens = std::min<double>(m_burst, m_btokens + dt * m_reservedRate.GetBitRate() / 8.0);
    m_ptokens = std::min<double>(m_peakBurst, m_ptokens + dt * m_channelRate.GetBitRate() / 8.0);
}

Ptr<QueueDiscItem>
ReservationQueueDisc::DoDequeue()
{
    Ptr<const QueueDiscItem> head = GetInternalQueue(0)->Peek();
    if (head)
    {
        Refill(); // (1)
        const double size = head->GetSize();
        if (m_btokens >= size && m_ptokens >= size)
        {
            m_btokens -= size;
            m_ptokens -= size;
            return GetInternalQueue(0)->Dequeue();
        }
        if (!m_wake.IsPending())
        {
            // (3), rounded up to the next nanosecond
            const double wait = std::max((size - m_btokens) * 8.0 / m_reservedRate.GetBitRate(),
                                         (size - m_ptokens) * 8.0 / m_channelRate.GetBitRate());
            const Time delay = NanoSeconds(static_cast<int64_t>(std::ceil(wait * 1e9)) + 1);
            m_wake = Simulator::Schedule(delay, &QueueDisc::Run, this);
        }
    }
    return GetInternalQueue(1)->Dequeue();
}

bool
ReservationQueueDisc::CheckConfig()
{
    NS_ABORT_MSG_IF(GetNQueueDiscClasses() > 0 || GetNPacketFilters() > 0,
                    "ReservationQueueDisc: no classes or packet filters (it classifies itself)");
    const std::string refused = Validate(m_reservedRate, m_channelRate, GetLineRate());
    NS_ABORT_MSG_UNLESS(refused.empty(), refused);
    Ptr<NetDevice> device = GetNetDeviceQueueInterface()->GetObject<NetDevice>();
    NS_ABORT_MSG_IF(m_peakBurst < device->GetMtu(),
                    "ReservationQueueDisc: PeakBurst " << m_peakBurst << " B below the NIC's MTU "
                                                       << device->GetMtu() << " B");
    if (GetNInternalQueues() == 0)
    {
        for (int band = 0; band < 2; ++band)
        {
            AddInternalQueue(CreateObjectWithAttributes<DropTailQueue<QueueDiscItem>>(
                "MaxSize",
                QueueSizeValue(GetMaxSize())));
        }
    }
    return GetNInternalQueues() == 2;
}

void
ReservationQueueDisc::InitializeParams()
{
    m_btokens = m_burst; // full at the start, as TBF
    m_ptokens = m_peakBurst;
    m_checkpoint = Simulator::Now();
}

} // namespace hybridnet
} // namespace ns3
