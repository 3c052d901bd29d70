/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "infiniband-rate.h"

#include "ns3/abort.h"
#include "ns3/log.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetInfinibandRate");

namespace
{
constexpr uint32_t kDelimiterBytes = 2;     //!< start (SDP/SLP) and end (EGP) delimiter
constexpr uint64_t kBaudUnit = 100'000'000; //!< Speed is in 100 Mbaud
} // namespace

InfinibandRate::InfinibandRate()
    : InfinibandRate(WIDTH_4X, DDR)
{
}

InfinibandRate::InfinibandRate(Width width, Speed speed)
    : m_width(width),
      m_speed(speed)
{
    NS_ABORT_MSG_UNLESS(Exists(width, speed),
                        "InfinibandRate: no " << uint32_t(width) << "X link at "
                                              << uint32_t(speed) * kBaudUnit << " baud");
}

bool
InfinibandRate::Exists(uint32_t lanes, Speed speed)
{
    const bool width = lanes == WIDTH_1X || lanes == WIDTH_4X || lanes == WIDTH_12X;
    const bool baud = speed == SDR || speed == DDR || speed == QDR;
    return width && baud;
}

uint32_t
InfinibandRate::GetLanes() const
{
    return m_width;
}

DataRate
InfinibandRate::GetSignallingRate() const
{
    return DataRate(uint64_t(m_width) * m_speed * kBaudUnit);
}

DataRate
InfinibandRate::GetDataRate() const
{
    return DataRate(uint64_t(m_width) * m_speed * kBaudUnit * 8 / 10);
}

Time
InfinibandRate::GetSymbolTime() const
{
    // 10 bits at m_speed * 1e8 baud = 1e5 / m_speed ps
    return PicoSeconds(100'000 / m_speed);
}

uint32_t
InfinibandRate::GetWireBytes(uint32_t packetBytes) const
{
    const uint32_t n = m_width;
    return n * ((packetBytes + kDelimiterBytes + n - 1) / n);
}

Time
InfinibandRate::GetTransmissionTime(uint64_t wireBytes) const
{
    // 10 W / (n B) seconds = W 1e13 / (n speed 1e8) ps = W 1e5 / (n speed) ps
    const uint64_t divisor = uint64_t(m_width) * m_speed;
    return PicoSeconds((wireBytes * 100'000 + divisor - 1) / divisor);
}

} // namespace hybridnet
} // namespace ns3
