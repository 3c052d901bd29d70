/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "bulk-flows.h"

#include "ns3/bulk-send-helper.h"
#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/packet-sink-helper.h"
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
                           TcpSenderProbe()});
    return m_flows.size() - 1;
}

void
BulkFlows::AttachProbe(size_t i, std::function<void(Ptr<Socket>)> onAttach)
{
    Flow& flow = m_flows.at(i);
    flow.probe.AttachAtStart(flow.sender, flow.start, m_lfn, std::move(onAttach));
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
    uint64_t retransmits = 0;
    uint64_t timeouts = 0;
    uint64_t fastRetransmits = 0;
    uint64_t lostRetransmits = 0;
    uint64_t undos = 0;
    uint32_t maxCwnd = 0;
    for (const Flow& flow : m_flows)
    {
        retransmits += flow.probe.GetRetransmits();
        timeouts += flow.probe.GetTimeouts();
        fastRetransmits += flow.probe.GetFastRetransmits();
        lostRetransmits += flow.probe.GetLostRetransmits();
        undos += flow.probe.GetUndos();
        maxCwnd = std::max(maxCwnd, flow.probe.GetMaxCwnd());
    }
    result.SetMetric("retransmits", double(retransmits), "");
    result.SetMetric("timeouts", double(timeouts), "");
    result.SetMetric("fastRetransmits", double(fastRetransmits), "");
    result.SetMetric("lostRetransmits", double(lostRetransmits), "");
    result.SetMetric("undos", double(undos), "");
    result.SetMetric("maxCwnd", double(maxCwnd), "B");
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
