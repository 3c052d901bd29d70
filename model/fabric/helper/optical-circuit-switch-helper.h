/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_OPTICAL_CIRCUIT_SWITCH_HELPER_H
#define HYBRIDNET_OPTICAL_CIRCUIT_SWITCH_HELPER_H

#include "ns3/application-container.h"
#include "ns3/attribute.h"
#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"

#include <string>

namespace ns3
{
namespace hybridnet
{

class EthernetNetDevice;
class MediaConverter;
class OpticalCircuitSwitch;

/**
 * @brief Builds the circuit-switched side of the study's cluster: the lightpath
 * accelerator (OpticalCircuitSwitch) on its node, hosts cabled to its ports through media
 * converters, and its management port with the console server.
 *
 *     OpticalCircuitSwitchHelper ocsHelper;
 *     ocsHelper.SetSwitchAttribute("SwitchingTime", TimeValue(MilliSeconds(20)));
 *     ocsHelper.SetCopperChannelAttribute("Delay", TimeValue(NanoSeconds(10)));  // 2 m
 *     ocsHelper.SetFiberChannelAttribute("Delay", TimeValue(NanoSeconds(100)));  // 20 m
 *     Ptr<OpticalCircuitSwitch> ocs = ocsHelper.Install(accelerator);
 *     // the host's second NIC (any EthernetNetDevice on the host, not yet cabled):
 *     ocsHelper.AttachHost(ocs, 1, nic2OfHostA);
 *     Ptr<EthernetNetDevice> nicB = ocsHelper.InstallHost(ocs, 2, hostB);   // plain NIC
 *     NetDeviceContainer mgmt = ocsHelper.InstallManagement(accelerator, frontEnd);
 *     // ... internet stack and addresses on mgmt, then:
 *     ApplicationContainer console = ocsHelper.InstallConsoleServer(accelerator);
 *
 * Cabling of a host on port p:
 *
 *     host NIC --copper (CopperChannel)-- MediaConverter --fiber (FiberChannel)-- port p
 *
 * Each media converter gets its own node (a box of its own).  The relay ports of the
 * converter and port p take the host NIC's DataRate and VlanTag (the line rate of the
 * light; it sets T_f of OpticalCircuitSwitch equation (2)).
 *
 * The management port is a pair of EthernetNetDevices (default 10 Mb/s, the
 * accelerator's management Ethernet) on one cable between the switch's node and the
 * front end; the scenario installs the internet stack and assigns addresses, then the
 * console server (CircuitSwitchConsoleServer, TCP port 23).
 */
class OpticalCircuitSwitchHelper
{
  public:
    OpticalCircuitSwitchHelper();

    /** @param name attribute of OpticalCircuitSwitch @param value its value */
    void SetSwitchAttribute(std::string name, const AttributeValue& value);
    /** @param name attribute of MediaConverter @param value its value */
    void SetMediaConverterAttribute(std::string name, const AttributeValue& value);
    /** @param name attribute of the host-converter EthernetChannel @param value its value */
    void SetCopperChannelAttribute(std::string name, const AttributeValue& value);
    /** @param name attribute of the converter-switch EthernetChannel @param value its value */
    void SetFiberChannelAttribute(std::string name, const AttributeValue& value);
    /**
     * @param name attribute of the EthernetNetDevice that InstallHost creates
     * @param value its value
     */
    void SetHostDeviceAttribute(std::string name, const AttributeValue& value);
    /**
     * @param name attribute of the two management EthernetNetDevices (DataRate 10 Mb/s
     * unless set)
     * @param value its value
     */
    void SetManagementDeviceAttribute(std::string name, const AttributeValue& value);
    /** @param name attribute of the management EthernetChannel @param value its value */
    void SetManagementChannelAttribute(std::string name, const AttributeValue& value);
    /** @param name attribute of CircuitSwitchConsoleServer @param value its value */
    void SetConsoleServerAttribute(std::string name, const AttributeValue& value);

    /**
     * Create the switch and its ports on @p node.
     * @param node the accelerator's node (no OpticalCircuitSwitch yet)
     * @return the switch, aggregated to the node
     */
    Ptr<OpticalCircuitSwitch> Install(Ptr<Node> node) const;

    /**
     * Cable a host's NIC to port @p port through a new media converter.
     * @param ocs the switch
     * @param port the port number, 1..NumPorts, with no fiber yet
     * @param hostDevice an EthernetNetDevice (or subclass) already on the host's node and
     *        not yet attached to a channel
     * @return the media converter (its node is new)
     */
    Ptr<MediaConverter> AttachHost(Ptr<OpticalCircuitSwitch> ocs,
                                   uint32_t port,
                                   Ptr<EthernetNetDevice> hostDevice) const;

    /**
     * Create a plain EthernetNetDevice on @p host (MAC address allocated, DropTailQueue,
     * NetDeviceQueueInterface as EthernetHelper makes them) and AttachHost it.
     * @param ocs the switch
     * @param port the port number
     * @param host the host
     * @return the new device
     */
    Ptr<EthernetNetDevice> InstallHost(Ptr<OpticalCircuitSwitch> ocs,
                                       uint32_t port,
                                       Ptr<Node> host) const;

    /**
     * The management Ethernet: one cable between the switch's node and the front end.
     * @param switchNode the accelerator's node
     * @param frontEnd the front-end node
     * @return the devices on the switch's node and on the front end, in that order
     */
    NetDeviceContainer InstallManagement(Ptr<Node> switchNode, Ptr<Node> frontEnd) const;

    /**
     * The console server, on a node with an OpticalCircuitSwitch and an internet stack.
     * @param switchNode the accelerator's node
     * @return the application
     */
    ApplicationContainer InstallConsoleServer(Ptr<Node> switchNode) const;

    /**
     * Fix the random streams (command latency) of the switches on @p nodes.
     * @param nodes nodes; those without an OpticalCircuitSwitch are skipped
     * @param stream first stream
     * @return streams used
     */
    static int64_t AssignStreams(NodeContainer nodes, int64_t stream);

  private:
    /**
     * @param node a node
     * @param factory the device factory
     * @return a new EthernetNetDevice on it with queue and queue interface
     */
    static Ptr<EthernetNetDevice> CreateDevice(Ptr<Node> node, const ObjectFactory& factory);

    ObjectFactory m_switchFactory;      //!< OpticalCircuitSwitch
    ObjectFactory m_converterFactory;   //!< MediaConverter
    ObjectFactory m_copperFactory;      //!< EthernetChannel host - converter
    ObjectFactory m_fiberFactory;       //!< EthernetChannel converter - switch
    ObjectFactory m_hostDeviceFactory;  //!< EthernetNetDevice of InstallHost
    ObjectFactory m_mgmtDeviceFactory;  //!< EthernetNetDevice of the management port
    ObjectFactory m_mgmtChannelFactory; //!< EthernetChannel of the management port
    ObjectFactory m_serverFactory;      //!< CircuitSwitchConsoleServer
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_OPTICAL_CIRCUIT_SWITCH_HELPER_H
