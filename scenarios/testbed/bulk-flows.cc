/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "bulk-flows.h"

#include "ns3/bulk-send-helper.h"
#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/packet-sink-helper.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetBulkFlows");

namespace
{

/** Flow i's port is kFirstPort + i. */
constexpr uint16_t kFirstPort = 5001;

/** BulkSend's Tx trace: the application wrote @p packet to its socket. */
void
CountWritten(uint64_t* written, Ptr<const Packet> packet)
{
    *written += packet->GetSize();
}

} // namespace

BulkFlows::BulkFlows(Ptr<Node> receiver, Ipv4Address address, uint32_t sendSize, bool lfn)
    : m_receiver(receiver),
      m_address(address),
      m_sendSize(sendSize),
      m_lfn(lfn)
{
}

size_t
BulkFlows::Add(Ptr<Node> sender, Time start)
{
    const uint16_t port = GetPort(m_flows.size());
    PacketSinkHelper sinkHelper("ns3::TcpSocketFactory",
                                InetSocketAddress(Ipv4Address::GetAny(), port));
    ApplicationContainer sinkApp = sinkHelper.Install(m_receiver);
    sinkApp.Start(Seconds(0));
    BulkSendHelper sendHelper("ns3::TcpSocketFactory", InetSocketAddress(m_address, port));
    sendHelper.SetAttribute("MaxBytes", UintegerValue(0));
    sendHelper.SetAttribute("SendSize", UintegerValue(m_sendSize));
    ApplicationContainer sendApp = sendHelper.Install(sender);
    sendApp.Start(start);
    m_flows.push_back(Flow{DynamicCast<PacketSink>(sinkApp.Get(0)),
                           DynamicCast<BulkSendApplication>(sendApp.Get(0)),
                           start,
                           TcpSenderProbe(),
                           Time(),
                           0,
                           0,
                           0});
    Flow& flow = m_flows.back();
    flow.sender->TraceConnectWithoutContext("Tx", MakeBoundCallback(&CountWritten, &flow.written));
    return m_flows.size() - 1;
}

void
BulkFlows::AttachProbe(size_t i, std::function<void(Ptr<Socket>)> onAttach)
{
    Flow& flow = m_flows.at(i);
    flow.probe.AttachAtStart(flow.sender, flow.start, m_lfn, std::move(onAttach));
}

void
BulkFlows::OpenGoodputWindows(Time warmup)
{
    NS_ASSERT_MSG(!m_flows.empty(), "OpenGoodputWindows after the last Add");
    m_first = Time::Max();
    for (Flow& flow : m_flows)
    {
        flow.from = std::max(flow.start, warmup);
        m_first = std::min(m_first, flow.from);
        Simulator::Schedule(flow.from, [&flow]() { flow.bytesAtFrom = flow.sink->GetTotalRx(); });
    }
    Simulator::Schedule(m_first, [this]() {
        for (Flow& flow : m_flows)
        {
            flow.bytesAtFirst = flow.sink->GetTotalRx();
        }
    });
}

double
BulkFlows::GetGoodput(size_t i, Time end) const
{
    const Flow& flow = m_flows.at(i);
    return 8.0 * double(flow.sink->GetTotalRx() - flow.bytesAtFrom) /
           (end - flow.from).GetSeconds() / 1e6;
}

double
BulkFlows::GetAggregateGoodput(Time end) const
{
    uint64_t bytes = 0;
    for (const Flow& flow : m_flows)
    {
        bytes += flow.sink->GetTotalRx() - flow.bytesAtFirst;
    }
    return 8.0 * double(bytes) / (end - m_first).GetSeconds() / 1e6;
}

uint64_t
BulkFlows::GetBytesReceived() const
{
    uint64_t bytes = 0;
    for (const Flow& flow : m_flows)
    {
        bytes += flow.sink->GetTotalRx();
    }
    return bytes;
}

size_t
BulkFlows::GetN() const
{
    return m_flows.size();
}

Ptr<PacketSink>
BulkFlows::GetSink(size_t i) const
{
    return m_flows.at(i).sink;
}

Time
BulkFlows::GetStart(size_t i) const
{
    return m_flows.at(i).start;
}

uint16_t
BulkFlows::GetPort(size_t i) const
{
    return kFirstPort + i;
}

const TcpSenderProbe&
BulkFlows::GetProbe(size_t i) const
{
    return m_flows.at(i).probe;
}

void
BulkFlows::WriteTcpTotals(ResultDocument& result) const
{
    std::vector<const TcpSenderProbe*> probes;
    for (const Flow& flow : m_flows)
    {
        probes.push_back(&flow.probe);
    }
    TcpSenderProbe::WriteTotals(probes, result);
    uint64_t written = 0;
    uint64_t unacknowledged = 0;
    for (const Flow& flow : m_flows)
    {
        written += flow.written;
        unacknowledged += flow.probe.GetUnacknowledgedBytes();
    }
    result.SetMetric("tcpBytesWritten", double(written), "B"); // (3)
    result.SetMetric("tcpBytesUnacknowledged", double(unacknowledged), "B");
}

std::optional<double>
BulkFlows::JainIndex(const std::vector<double>& goodputs)
{
    double sum = 0;
    double squares = 0;
    for (double g : goodputs)
    {
        sum += g;
        squares += g * g;
    }
    if (squares > 0)
    {
        return sum * sum / (goodputs.size() * squares);
    }
    return std::nullopt;
}

} // namespace hybridnet
} // namespace ns3
