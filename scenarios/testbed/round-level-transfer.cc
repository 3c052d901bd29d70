/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "round-level-transfer.h"

#include "bulk-flows.h"

#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <array>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetRoundLevelTransfer");

namespace
{

/** The series' columns, as Web100Log names the packet level's. */
std::vector<ResultDocument::Column>
SeriesColumns()
{
    return {{"time", "s", {}},
            {"congState", "", {}},
            {"cwnd", "B", {}},
            {"ssthresh", "B", {}},
            {"pipe", "B", {}},
            {"srtt", "ms", {}},
            {"bytesAcked", "B", {}},
            {"retransmits", "", {}},
            {"fastRetransmits", "", {}},
            {"timeouts", "", {}}};
}

} // namespace

RoundLevelTransfer::RoundLevelTransfer(const WanPath::Shape& shape,
                                       const WanTcpFlags& tcp,
                                       const WanPathSizing& sizing,
                                       Losses losses)
    : m_flow(CreateObject<RoundTcpFlow>())
{
    RoundTcpPath path;
    path.bottleneck = shape.bottleneckRate;
    path.access = shape.accessRate;
    path.propagation = shape.rtt;
    path.wireBytes = tcp.GetSegmentSize() + tcp.GetHeaderBytes() + WanPathSizing::kPppHeader;
    path.queue = sizing.GetQueuePackets();
    m_flow->SetPath(path);
    tcp.Configure(m_flow, sizing);
    m_flow->SetAttribute("LossInterval", UintegerValue(losses.every));
    m_flow->SetAttribute("LossRate", DoubleValue(losses.rate));
    m_flow->AssignStreams(0);
    m_flow->TraceConnectWithoutContext("Round", MakeCallback(&RoundLevelTransfer::OnRound, this));
}

void
RoundLevelTransfer::Start(Time warmup, Time web100Interval)
{
    m_warmup = warmup;
    m_interval = web100Interval;
    m_flow->Start(Seconds(0));
    m_lastCwnd = m_flow->GetCongestionWindow();
    m_maxCwnd = m_lastCwnd;
    Simulator::Schedule(warmup, [this]() { m_deliveredAtWarmup = m_flow->GetBytesDelivered(); });
    if (web100Interval.IsStrictlyPositive())
    {
        m_series = SeriesColumns();
        Simulator::Schedule(Seconds(0), &RoundLevelTransfer::Sample, this);
    }
}

void
RoundLevelTransfer::OnRound(Time /* rtt */, uint32_t cwnd, uint32_t, uint64_t)
{
    const uint32_t losses = m_flow->GetRecoveries() + m_flow->GetTimeouts();
    if (losses > m_losses)
    {
        if (m_target == 0) // a reduction during a pending one extends it, as on packets
        {
            m_target = m_lastCwnd;
            m_lossAt = Simulator::Now();
        }
        m_losses = losses;
    }
    else if (m_target != 0 && cwnd >= m_target)
    {
        ++m_recoveries;
        m_recoveryTimeSum += Simulator::Now() - m_lossAt;
        m_target = 0;
    }
    m_maxCwnd = std::max(m_maxCwnd, cwnd);
    m_lastCwnd = cwnd;
}

void
RoundLevelTransfer::Sample()
{
    const std::array<double, 10> row{
        Simulator::Now().GetSeconds(),
        double(m_flow->GetCongestionState()),
        double(m_flow->GetCongestionWindow()),
        double(m_flow->GetSlowStartThreshold()),
        double(m_flow->GetBytesInFlight()),
        m_flow->GetSmoothedRtt().GetSeconds() * 1e3,
        double(m_flow->GetBytesDelivered()),
        double(m_flow->GetRetransmits()),
        double(m_flow->GetRecoveries()),
        double(m_flow->GetTimeouts()),
    };
    for (size_t i = 0; i < row.size(); ++i)
    {
        m_series[i].values.push_back(row[i]);
    }
    Simulator::Schedule(m_interval, &RoundLevelTransfer::Sample, this);
}

void
RoundLevelTransfer::WriteTo(ResultDocument& result, Time end) const
{
    const uint64_t bytes = m_flow->GetBytesDelivered();
    const double goodput =
        8.0 * double(bytes - m_deliveredAtWarmup) / (end - m_warmup).GetSeconds() / 1e6;
    result.SetMetric("goodputFlow1", goodput, "Mb/s");
    result.SetMetric("bytesReceivedFlow1", double(bytes), "B");
    result.SetMetric("goodput", goodput, "Mb/s");
    result.SetMetric("bytesReceived", double(bytes), "B");
    result.SetMetric("retransmits", double(m_flow->GetRetransmits()), "");
    result.SetMetric("timeouts", double(m_flow->GetTimeouts()), "");
    result.SetMetric("fastRetransmits", double(m_flow->GetRecoveries()), "");
    result.SetMetric("maxCwnd", double(m_maxCwnd), "B");
    result.SetMetric("recoveries", double(m_recoveries), "");
    if (m_recoveries > 0)
    {
        result.SetMetric("recoveryTime", m_recoveryTimeSum.GetSeconds() / m_recoveries, "s");
    }
    if (auto jain = BulkFlows::JainIndex({goodput}))
    {
        result.SetMetric("jainFairness", *jain, "");
    }
    result.SetMetric("packetsDropped", double(m_flow->GetInjectedDrops()), "");
    result.SetMetric("bottleneckDrops", double(m_flow->GetOverflowDrops()), "");
    if (!m_series.empty() && !m_series.front().values.empty())
    {
        result.SetSeries("web100Flow1", m_series);
    }
}

} // namespace hybridnet
} // namespace ns3
