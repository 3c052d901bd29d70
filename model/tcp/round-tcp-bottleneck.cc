/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "round-tcp-bottleneck.h"

#include "ns3/abort.h"

#include <algorithm>

namespace ns3
{
namespace hybridnet
{

NS_OBJECT_ENSURE_REGISTERED(RoundTcpBottleneck);

TypeId
RoundTcpBottleneck::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::RoundTcpBottleneck").SetParent<Object>().SetGroupName("Hybridnet");
    return tid;
}

RoundTcpBottleneck::RoundTcpBottleneck(DataRate rate, uint32_t queue, uint32_t wireBytes)
    : m_rate(rate),
      m_queue(queue),
      m_wireBytes(wireBytes)
{
    NS_ABORT_MSG_IF(rate.GetBitRate() == 0 || wireBytes == 0,
                    "RoundTcpBottleneck: a rate and a segment's wire bytes are needed");
}

DataRate
RoundTcpBottleneck::GetRate() const
{
    return m_rate;
}

uint32_t
RoundTcpBottleneck::GetQueue() const
{
    return m_queue;
}

uint32_t
RoundTcpBottleneck::GetWireBytes() const
{
    return m_wireBytes;
}

Time
RoundTcpBottleneck::GetSegmentTime() const
{
    return m_rate.CalculateBytesTxTime(m_wireBytes);
}

uint32_t
RoundTcpBottleneck::GetN() const
{
    return m_pipes.size();
}

uint32_t
RoundTcpBottleneck::Add(double pipe)
{
    NS_ABORT_MSG_IF(!(pipe > 0), "RoundTcpBottleneck: a pipe of at least a segment");
    m_pipes.push_back(pipe);
    m_windows.push_back(0);
    return m_pipes.size() - 1;
}

void
RoundTcpBottleneck::SetWindow(uint32_t flow, double segments)
{
    m_windows.at(flow) = segments;
}

double
RoundTcpBottleneck::GetStandingQueue(uint32_t flow, double segments) const
{
    const double queue = m_queue;
    auto rate = [&](double q) { // the left side of (6)
        double sum = 0;
        for (size_t j = 0; j < m_pipes.size(); ++j)
        {
            sum += (j == flow ? segments : m_windows[j]) / (m_pipes[j] + q);
        }
        return sum;
    };
    bool alone = true;
    for (size_t j = 0; j < m_windows.size(); ++j)
    {
        alone = alone && (j == flow || m_windows[j] == 0);
    }
    if (alone) // one flow in flight: q = w - P exactly
    {
        return std::clamp(segments - m_pipes.at(flow), 0.0, queue);
    }
    if (rate(0) <= 1)
    {
        return 0;
    }
    if (rate(queue) >= 1)
    {
        return queue;
    }
    double low = 0;
    double high = queue;
    for (int i = 0; i < 64; ++i) // 2^-64 B: below a double's resolution
    {
        const double mid = (low + high) / 2;
        (rate(mid) > 1 ? low : high) = mid;
    }
    return (low + high) / 2;
}

double
RoundTcpBottleneck::GetFullQueueLoad(uint32_t flow, double segments) const
{
    double sum = 0;
    for (size_t j = 0; j < m_pipes.size(); ++j)
    {
        sum += (j == flow ? segments : m_windows[j]) / (m_pipes[j] + m_queue); // (7)
    }
    return sum;
}

} // namespace hybridnet
} // namespace ns3
