/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "tcp-linux-receiver.h"

#include "ns3/log.h"

#include <algorithm>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetTcpLinuxReceiver");

namespace
{
constexpr uint32_t kMaxQuickAcks = 16;         //!< TCP_MAX_QUICKACKS
constexpr uint32_t kMinRcvMss = 536;           //!< TCP_MIN_RCVMSS
constexpr uint32_t kGrowthMinBytes = 128;      //!< tcp_event_data_recv: skb->len >= 128
const Time kAtoMin = MilliSeconds(40);         //!< A: TCP_ATO_MIN = TCP_DELACK_MIN = HZ/25
const Time kDelAckMax = MilliSeconds(200);     //!< TCP_DELACK_MAX = HZ/5
const Time kDelAckBulkMax = MilliSeconds(500); //!< tcp_send_delayed_ack: HZ/2

/** @return k of (1): RFC 3390's initial window in segments of @p mss */
uint32_t
InitialSegments(uint32_t mss)
{
    if (mss > 3 * 1460)
    {
        return 2;
    }
    return mss > 1460 ? 3 : 4;
}
} // namespace

uint32_t
TcpLinuxReceiver::Start(uint32_t space, uint32_t mss, uint8_t windowShift)
{
    NS_ASSERT(mss > 0);
    *this = TcpLinuxReceiver();
    m_mss = mss;
    m_rcvMss = std::min(mss, kMinRcvMss);
    uint32_t window = space > mss ? space / mss * mss : space; // (1)
    if (uint64_t{mss} > (uint64_t{1} << windowShift))
    {
        window = std::min(window, InitialSegments(mss) * mss);
    }
    m_threshold = window;
    m_clamp = window;
    m_bufferWindow = space;
    m_advertised = window;
    return window;
}

void
TcpLinuxReceiver::SetClamp(uint32_t bufferWindow)
{
    m_bufferWindow = bufferWindow;
    const bool reserve = bufferWindow > 2 * m_mss;
    m_clamp = reserve ? std::max(2 * m_mss, bufferWindow - m_mss) : bufferWindow;
    m_threshold = std::min(m_threshold, m_clamp);
}

void
TcpLinuxReceiver::DataReceived(uint32_t bytes,
                               uint32_t trueSizeWindow,
                               uint32_t freeWindow,
                               Time now,
                               Time rto)
{
    m_rcvMss = std::max(m_rcvMss, bytes); // tcp_measure_rcv_mss, full-sized segments
    if (!m_dataSeen)
    {
        IncreaseQuickAcks(); // (4)
        m_ato = kAtoMin;
    }
    else
    {
        AdaptAto(now - m_lastData, rto);
    }
    m_dataSeen = true;
    m_lastData = now;
    if (bytes >= kGrowthMinBytes && m_threshold < m_clamp && m_threshold < freeWindow)
    {
        const uint32_t step = GrowthStep(bytes, trueSizeWindow);
        if (step > 0)
        {
            m_threshold = std::min(m_threshold + step, m_clamp); // (2)
            m_quickAcks = std::max<uint32_t>(m_quickAcks, 1);
        }
    }
}

uint32_t
TcpLinuxReceiver::GrowthStep(uint32_t bytes, uint32_t trueSizeWindow) const
{
    if (trueSizeWindow <= bytes)
    {
        return 2 * m_mss; // (2b), the buffer's overhead is at most a quarter
    }
    uint32_t half = trueSizeWindow / 2;
    uint32_t window = m_bufferWindow / 2;
    while (m_threshold <= window)
    {
        if (half <= bytes)
        {
            return 2 * m_rcvMss;
        }
        half >>= 1;
        window >>= 1;
    }
    return 0;
}

void
TcpLinuxReceiver::DuplicateReceived()
{
    IncreaseQuickAcks(); // (4), tcp_enter_quickack_mode
    m_pingPong = false;
    m_ato = kAtoMin;
}

void
TcpLinuxReceiver::AdaptAto(Time gap, Time rto)
{
    if (gap <= kAtoMin / 2)
    {
        m_ato = m_ato / 2 + kAtoMin / 2; // (5), "the fastest case is the first"
    }
    else if (gap < m_ato)
    {
        m_ato = Min(m_ato / 2 + gap, rto); // (5)
    }
    else if (gap > rto)
    {
        IncreaseQuickAcks(); // (4): "too long gap"
    }
}

uint32_t
TcpLinuxReceiver::Offer(uint32_t freeWindow)
{
    if (freeWindow < m_clamp / 2)
    {
        m_quickAcks = 0;
    }
    m_advertised = WindowFor(freeWindow);
    return m_advertised;
}

uint32_t
TcpLinuxReceiver::WindowFor(uint32_t freeWindow) const
{
    return std::min(freeWindow, m_threshold); // (3)
}

bool
TcpLinuxReceiver::QuickAck() const
{
    return m_quickAcks > 0 && !m_pingPong;
}

void
TcpLinuxReceiver::AckSent()
{
    m_quickAcks -= m_quickAcks > 0 ? 1 : 0;
}

void
TcpLinuxReceiver::DataSent(Time now)
{
    if (m_dataSeen && now - m_lastData < m_ato)
    {
        m_pingPong = true;
    }
}

void
TcpLinuxReceiver::DelayedAckExpired(Time rto)
{
    if (m_pingPong)
    {
        m_pingPong = false; // "leave pingpong mode and deflate ATO"
        m_ato = kAtoMin;
    }
    else
    {
        m_ato = Min(m_ato * 2, rto); // "inflate ATO"
    }
}

Time
TcpLinuxReceiver::DelayedAckTimeout(Time srtt) const
{
    if (m_ato <= kAtoMin)
    {
        return m_ato; // (6)
    }
    Time ceiling = m_pingPong ? kDelAckMax : kDelAckBulkMax;
    if (srtt.IsStrictlyPositive())
    {
        ceiling = Min(ceiling, Max(srtt, kAtoMin));
    }
    return Min(m_ato, ceiling); // (6)
}

Time
TcpLinuxReceiver::GetAto() const
{
    return m_ato;
}

void
TcpLinuxReceiver::IncreaseQuickAcks()
{
    uint32_t n = m_advertised / (2 * m_rcvMss);
    n = n == 0 ? 2 : n;
    m_quickAcks = std::max(m_quickAcks, std::min(n, kMaxQuickAcks));
}

uint32_t
TcpLinuxReceiver::GetWindowThreshold() const
{
    return m_threshold;
}

uint32_t
TcpLinuxReceiver::GetClamp() const
{
    return m_clamp;
}

uint32_t
TcpLinuxReceiver::GetQuickAcks() const
{
    return m_quickAcks;
}

uint32_t
TcpLinuxReceiver::GetReceiveMss() const
{
    return m_rcvMss;
}

bool
TcpLinuxReceiver::IsPingPong() const
{
    return m_pingPong;
}

} // namespace hybridnet
} // namespace ns3
