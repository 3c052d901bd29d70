/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "wan-path-sizing.h"

#include "ns3/log.h"

#include <algorithm>
#include <cmath>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetWanPathSizing");

WanPathSizing::WanPathSizing(DataRate rate, Time rtt, uint32_t queuePackets, const Sockets& sockets)
    : m_rate(rate),
      m_segmentSize(sockets.segmentSize)
{
    const uint32_t mtu = GetMtu();
    // (1)
    m_bdp = static_cast<uint64_t>(
        std::ceil(static_cast<double>(rate.GetBitRate()) * rtt.GetSeconds() / 8));
    // (2)
    m_queue = queuePackets != 0
                  ? queuePackets
                  : static_cast<uint32_t>(std::max<uint64_t>(1, (m_bdp + mtu - 1) / mtu));
    // (3)
    m_pathWindow = (m_bdp / (mtu + kPppHeader) + m_queue) * uint64_t(m_segmentSize);
    // (4)
    auto fit = [&](uint64_t bytes) {
        bytes = std::max<uint64_t>(bytes, m_segmentSize);
        return std::min(bytes, sockets.windowScaling ? kMaxBuffer : kUnscaledWindow);
    };
    const bool linuxBuffers = sockets.linuxSemantics;
    const uint64_t keep = (1ULL << sockets.advWinScale) - 1; // k
    // (5), (6)
    m_sndBufSet =
        sockets.sndBuf != 0 ? sockets.sndBuf : fit(linuxBuffers ? m_pathWindow : 2 * m_pathWindow);
    const uint64_t linuxRcvBuf = (m_pathWindow * (keep + 1) + 2 * keep - 1) / (2 * keep);
    m_rcvBufSet =
        sockets.rcvBuf != 0 ? sockets.rcvBuf : fit(linuxBuffers ? linuxRcvBuf : m_pathWindow);
    // (7), (8)
    m_sndBufEffective = linuxBuffers ? 2 * std::min(m_sndBufSet, sockets.wmemMax) : m_sndBufSet;
    m_rcvBufEffective = linuxBuffers ? 2 * std::min(m_rcvBufSet, sockets.rmemMax) : m_rcvBufSet;
    // (9)
    m_maxAdvertised = linuxBuffers ? m_rcvBufEffective - (m_rcvBufEffective >> sockets.advWinScale)
                                   : m_rcvBufEffective;
    if (!sockets.windowScaling)
    {
        m_maxAdvertised = std::min(m_maxAdvertised, kUnscaledWindow);
    }
    NS_LOG_DEBUG("bdp " << m_bdp << " queue " << m_queue << " W " << m_pathWindow << " snd "
                        << m_sndBufSet << " rcv " << m_rcvBufSet);
}

uint32_t
WanPathSizing::GetMtu() const
{
    return m_segmentSize + kTcpIpHeaders;
}

uint64_t
WanPathSizing::GetBdp() const
{
    return m_bdp;
}

uint32_t
WanPathSizing::GetQueuePackets() const
{
    return m_queue;
}

uint64_t
WanPathSizing::GetPathWindow() const
{
    return m_pathWindow;
}

uint64_t
WanPathSizing::GetSndBufSet() const
{
    return m_sndBufSet;
}

uint64_t
WanPathSizing::GetRcvBufSet() const
{
    return m_rcvBufSet;
}

uint64_t
WanPathSizing::GetSndBufEffective() const
{
    return m_sndBufEffective;
}

uint64_t
WanPathSizing::GetRcvBufEffective() const
{
    return m_rcvBufEffective;
}

uint64_t
WanPathSizing::GetMaxAdvertisedWindow() const
{
    return m_maxAdvertised;
}

double
WanPathSizing::GetGoodputCeiling() const
{
    // (10)
    return m_rate.GetBitRate() * double(m_segmentSize) / (GetMtu() + kPppHeader);
}

void
WanPathSizing::WriteTo(ResultDocument& result, bool senderBuffers, bool receiverBuffers) const
{
    result.SetMetric("bdp", double(GetBdp()), "B");
    result.SetMetric("queueCapacity", double(GetQueuePackets()), "");
    result.SetMetric("goodputCeiling", GetGoodputCeiling() / 1e6, "Mb/s");
    if (senderBuffers)
    {
        result.SetMetric("sndBufEffective", double(GetSndBufEffective()), "B");
    }
    if (receiverBuffers)
    {
        result.SetMetric("rcvBufEffective", double(GetRcvBufEffective()), "B");
        result.SetMetric("maxAdvertisedWindow", double(GetMaxAdvertisedWindow()), "B");
    }
}

} // namespace hybridnet
} // namespace ns3
