/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "offload-daemon-helper.h"

#include "hybridnet/endpoint-daemon.h"
#include "hybridnet/flow-steering-helper.h"
#include "hybridnet/flow-steering.h"
#include "hybridnet/pipe-fitting-daemon.h"

#include "ns3/abort.h"
#include "ns3/ipv4-address.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/uinteger.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetOffloadDaemonHelper");

OffloadDaemonHelper::OffloadDaemonHelper()
{
    m_endpointFactory.SetTypeId(EndpointDaemon::GetTypeId());
    m_pipeFittingFactory.SetTypeId(PipeFittingDaemon::GetTypeId());
}

void
OffloadDaemonHelper::SetEndpointAttribute(std::string name, const AttributeValue& value)
{
    m_endpointFactory.Set(name, value);
}

void
OffloadDaemonHelper::SetPipeFittingAttribute(std::string name, const AttributeValue& value)
{
    m_pipeFittingFactory.Set(name, value);
}

Ptr<PipeFittingDaemon>
OffloadDaemonHelper::InstallPipeFitting(Ptr<Node> frontEnd, Ipv4Address consoleServer)
{
    NS_ABORT_MSG_UNLESS(frontEnd, "OffloadDaemonHelper::InstallPipeFitting: no node");
    UintegerValue epdPort;
    m_endpointFactory.Create<EndpointDaemon>()->GetAttribute("Port", epdPort);
    Ptr<PipeFittingDaemon> pfd = m_pipeFittingFactory.Create<PipeFittingDaemon>();
    pfd->SetAttribute("ConsoleAddress", Ipv4AddressValue(consoleServer));
    pfd->SetAttribute("EndpointPort", epdPort);
    frontEnd->AddApplication(pfd);
    return pfd;
}

Ptr<EndpointDaemon>
OffloadDaemonHelper::InstallEndpoint(Ptr<Node> host,
                                     Ptr<NetDevice> circuitDevice,
                                     Ipv4Address pfdAddress)
{
    NS_ABORT_MSG_UNLESS(host, "OffloadDaemonHelper::InstallEndpoint: no node");
    NS_ABORT_MSG_UNLESS(circuitDevice && circuitDevice->GetNode() == host,
                        "OffloadDaemonHelper::InstallEndpoint: the circuit device is not on "
                        "the host");
    if (!host->GetObject<FlowSteering>())
    {
        FlowSteeringHelper().Install(host);
    }
    UintegerValue pfdPort;
    m_pipeFittingFactory.Create<PipeFittingDaemon>()->GetAttribute("Port", pfdPort);
    Ptr<EndpointDaemon> epd = m_endpointFactory.Create<EndpointDaemon>();
    epd->SetAttribute("PipeFittingAddress", Ipv4AddressValue(pfdAddress));
    epd->SetAttribute("PipeFittingPort", pfdPort);
    epd->SetCircuitDevice(circuitDevice);
    host->AddApplication(epd);
    return epd;
}

int64_t
OffloadDaemonHelper::AssignStreams(NodeContainer /* nodes */, int64_t /* stream */)
{
    return 0;
}

} // namespace hybridnet
} // namespace ns3
