/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_OFFLOAD_DAEMON_HELPER_H
#define HYBRIDNET_OFFLOAD_DAEMON_HELPER_H

#include "ns3/attribute.h"
#include "ns3/ipv4-address.h"
#include "ns3/net-device.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"

#include <cstdint>
#include <string>

namespace ns3
{
namespace hybridnet
{

class EndpointDaemon;
class PipeFittingDaemon;

/**
 * @brief Installs the automatic offload control plane of the lightpath accelerator
 * study: one PipeFittingDaemon (pfd) on the front end, one EndpointDaemon (epd) on every
 * compute host.
 *
 *     OffloadDaemonHelper offload;
 *     offload.SetPipeFittingAttribute("BusyPolicy", StringValue("Queue"));
 *     offload.SetEndpointAttribute("DetectionPolicy", StringValue("Rate"));
 *     Ptr<PipeFittingDaemon> pfd = offload.InstallPipeFitting(frontEnd, acceleratorMgmtAddress);
 *     for each host i:
 *         offload.InstallEndpoint(host_i, circuitNic_i, frontEndPacketAddress);
 *         pfd->AddEndpoint(hostPacketAddress_i, circuitNicAddress_i, acceleratorPort_i);
 *
 * The daemons are Applications of their nodes, started at the application start time
 * (0 unless set).  InstallEndpoint gives the host a FlowSteering (FlowSteeringHelper,
 * default attributes) if it has none.  The helper keeps the facts the two daemons share
 * consistent (the study's daemons were configured separately and "sort of work, then
 * fail" when they disagree): an epd's PipeFittingPort is the pfd's Port and the pfd's
 * EndpointPort is the epds' Port, both from this helper's attributes.
 */
class OffloadDaemonHelper
{
  public:
    OffloadDaemonHelper();

    /** @param name attribute of EndpointDaemon @param value its value */
    void SetEndpointAttribute(std::string name, const AttributeValue& value);
    /** @param name attribute of PipeFittingDaemon @param value its value */
    void SetPipeFittingAttribute(std::string name, const AttributeValue& value);

    /**
     * @param frontEnd the front-end node (internet stack, route to the accelerator)
     * @param consoleServer the accelerator's management address (console on TCP
     *        ConsolePort, 23)
     * @return the pfd, added to the node
     */
    Ptr<PipeFittingDaemon> InstallPipeFitting(Ptr<Node> frontEnd, Ipv4Address consoleServer);

    /**
     * @param host a compute host (internet stack)
     * @param circuitDevice its circuit NIC (with an IPv4 address)
     * @param pfdAddress the pfd's address on the packet network
     * @return the epd, added to the node
     */
    Ptr<EndpointDaemon> InstallEndpoint(Ptr<Node> host,
                                        Ptr<NetDevice> circuitDevice,
                                        Ipv4Address pfdAddress);

    /**
     * The daemons draw no random numbers.
     * @param nodes nodes
     * @param stream first stream
     * @return streams used (0)
     */
    static int64_t AssignStreams(NodeContainer nodes, int64_t stream);

  private:
    ObjectFactory m_endpointFactory;    //!< EndpointDaemon
    ObjectFactory m_pipeFittingFactory; //!< PipeFittingDaemon
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_OFFLOAD_DAEMON_HELPER_H
