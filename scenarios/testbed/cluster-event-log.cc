/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "cluster-event-log.h"

#include "cluster-builder.h"
#include "hybridnet/endpoint-daemon.h"
#include "hybridnet/flow-steering.h"
#include "hybridnet/net-logger.h"
#include "hybridnet/optical-circuit-switch.h"
#include "hybridnet/pipe-fitting-daemon.h"
#include "hybridnet/result-document.h"

#include "ns3/callback.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

#include <sstream>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetClusterEventLog");

namespace
{

/** @param text a datagram's text @return true if it is an ACK (not logged) */
bool
IsAck(const std::string& text)
{
    return text.rfind("ACK ", 0) == 0;
}

} // namespace

void
ClusterEventLog::Add(std::string object, std::string event, std::string detail)
{
    m_entries.push_back({Simulator::Now(), std::move(object), std::move(event), std::move(detail)});
}

void
ClusterEventLog::Connect(const ClusterBuilder& cluster)
{
    const std::string pfdId = "pfd";
    const std::string ocsId = "ocs";
    auto message = [this](std::string object, std::string event) {
        return [this, object, event](Ipv4Address peer, std::string text, bool again) {
            if (!IsAck(text))
            {
                std::ostringstream detail;
                detail << (event == "send" ? "to " : "from ") << peer << ": " << text
                       << (again ? (event == "send" ? " (retransmission)" : " (duplicate)") : "");
                Add(object, event, detail.str());
            }
        };
    };
    auto unreachable = [this](std::string object) {
        return [this, object](Ipv4Address peer, std::string text) {
            std::ostringstream detail;
            detail << peer << " did not acknowledge: " << text;
            Add(object, "unreachable", detail.str());
        };
    };

    for (const ClusterTopology::Host& host : cluster.GetTopology().hosts)
    {
        const std::string epdId = "epd:" + host.name;
        if (Ptr<EndpointDaemon> epd = cluster.GetEndpointDaemon(host.name))
        {
            epd->TraceConnectWithoutContext(
                "Detected",
                Callback<void, const FlowKey&, DataRate, uint64_t>(
                    [this, epdId](const FlowKey& key, DataRate rate, uint64_t bytes) {
                        std::ostringstream detail;
                        detail << key << " rate " << rate.GetBitRate() << " bit/s, " << bytes
                               << " B sent";
                        Add(epdId, "detect", detail.str());
                    }));
            epd->TraceConnectWithoutContext(
                "FlowStateChange",
                Callback<void,
                         const FlowKey&,
                         EndpointDaemon::FlowState,
                         EndpointDaemon::FlowState>([this, epdId](const FlowKey& key,
                                                                  EndpointDaemon::FlowState from,
                                                                  EndpointDaemon::FlowState to) {
                    Add(epdId,
                        "state",
                        key.ToString() + " " + EndpointDaemon::GetFlowStateName(from) + " -> " +
                            EndpointDaemon::GetFlowStateName(to));
                }));
            epd->TraceConnectWithoutContext(
                "MessageTx",
                Callback<void, Ipv4Address, std::string, bool>(message(epdId, "send")));
            epd->TraceConnectWithoutContext(
                "MessageRx",
                Callback<void, Ipv4Address, std::string, bool>(message(epdId, "receive")));
            epd->TraceConnectWithoutContext(
                "PeerUnreachable",
                Callback<void, Ipv4Address, std::string>(unreachable(epdId)));
        }
        if (Ptr<FlowSteering> steering = cluster.GetFlowSteering(host.name))
        {
            const std::string where = host.name;
            steering->TraceConnectWithoutContext(
                "PathChange",
                Callback<void, const FlowKey&, Ptr<const NetDevice>, Ipv4Address>(
                    [this,
                     where](const FlowKey& key, Ptr<const NetDevice> device, Ipv4Address via) {
                        std::ostringstream detail;
                        if (device)
                        {
                            detail << "on " << where << ": device " << device->GetIfIndex()
                                   << " via " << via;
                        }
                        else
                        {
                            detail << "on " << where << ": routing table";
                        }
                        Add("flow:" + key.ToString(), "path", detail.str());
                    }));
        }
    }

    if (Ptr<PipeFittingDaemon> pfd = cluster.GetPipeFittingDaemon())
    {
        pfd->TraceConnectWithoutContext(
            "CircuitStateChange",
            Callback<void,
                     const FlowKey&,
                     uint32_t,
                     uint32_t,
                     PipeFittingDaemon::CircuitState,
                     PipeFittingDaemon::CircuitState,
                     std::string>([this, pfdId](const FlowKey& key,
                                                uint32_t portA,
                                                uint32_t portB,
                                                PipeFittingDaemon::CircuitState from,
                                                PipeFittingDaemon::CircuitState to,
                                                std::string reason) {
                std::ostringstream detail;
                detail << key << " ports " << portA << "-" << portB << " "
                       << PipeFittingDaemon::GetCircuitStateName(from) << " -> "
                       << PipeFittingDaemon::GetCircuitStateName(to);
                if (!reason.empty())
                {
                    detail << " (" << reason << ")";
                }
                Add(pfdId, "state", detail.str());
            }));
        pfd->TraceConnectWithoutContext(
            "Console",
            Callback<void, std::string, std::string, Time>(
                [this, pfdId](std::string line, std::string reply, Time sent) {
                    std::ostringstream detail;
                    detail << "'" << line << "' sent at " << sent.GetSeconds() << " s: " << reply;
                    Add(pfdId, "console", detail.str());
                }));
        pfd->TraceConnectWithoutContext(
            "MessageTx",
            Callback<void, Ipv4Address, std::string, bool>(message(pfdId, "send")));
        pfd->TraceConnectWithoutContext(
            "MessageRx",
            Callback<void, Ipv4Address, std::string, bool>(message(pfdId, "receive")));
        pfd->TraceConnectWithoutContext(
            "PeerUnreachable",
            Callback<void, Ipv4Address, std::string>(unreachable(pfdId)));
    }

    Ptr<OpticalCircuitSwitch> ocs = cluster.GetAccelerator();
    ocs->TraceConnectWithoutContext("CircuitStateChange",
                                    Callback<void, uint32_t, uint32_t, bool, Time>(
                                        [this, ocsId](uint32_t a, uint32_t b, bool up, Time) {
                                            Add(ocsId,
                                                up ? "circuitUp" : "circuitDown",
                                                "ports " + std::to_string(a) + "-" +
                                                    std::to_string(b));
                                        }));
    ocs->TraceConnectWithoutContext(
        "CommandComplete",
        Callback<void, std::string, bool, std::string, Time>(
            [this, ocsId](std::string command, bool success, std::string reason, Time issued) {
                std::ostringstream detail;
                detail << "'" << command << "' issued at " << issued.GetSeconds()
                       << " s: " << (success ? "done" : "failed: " + reason);
                Add(ocsId, "command", detail.str());
            }));
}

const std::vector<ClusterEventLog::Entry>&
ClusterEventLog::GetEntries() const
{
    return m_entries;
}

void
ClusterEventLog::WriteTo(ResultDocument& result) const
{
    for (const Entry& e : m_entries)
    {
        result.AddEvent(e.time, e.object, e.event, e.detail);
    }
}

void
ClusterEventLog::WriteTo(NetLogger& log) const
{
    for (const Entry& e : m_entries)
    {
        const size_t colon = e.object.find(':');
        const std::string prog = e.object.substr(0, colon);
        std::string host = colon == std::string::npos ? e.object : e.object.substr(colon + 1);
        if (prog == "flow")
        {
            host = host.substr(0, host.find(':')); // the source address of the FlowKey
        }
        log.Add({e.time, host, prog, e.event, e.object, {{"DETAIL", e.detail}}});
    }
}

} // namespace hybridnet
} // namespace ns3
