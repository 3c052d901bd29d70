/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_CLUSTER_TOPOLOGY_H
#define HYBRIDNET_CLUSTER_TOPOLOGY_H

#include "input-file-error.h"

#include "ns3/attribute.h"
#include "ns3/data-rate.h"
#include "ns3/ipv4-address.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

namespace ns3
{
namespace hybridnet
{

/**
 * A contradiction or malformed value in a topology file: an InputFileError, whose what() is
 * one line - the JSON path of the setting (e.g. `hosts[2].circuitNic.acceleratorPort`), a
 * colon, and what is wrong with it, naming the other setting it conflicts with.
 */
using ClusterTopologyError = InputFileError;

/**
 * @brief The hybrid packet/circuit cluster of the lightpath accelerator study, read from
 * one JSON topology file that states every fact once (the study's authors kept the same
 * facts in separate per-node XML files of the pfd, epd, manager and topology daemons, and
 * wrong settings "sort of work, then fail").
 *
 * Parse() checks the whole file before anything is built and throws ClusterTopologyError
 * at the first problem; ClusterBuilder then builds the testbed from the result.  The file
 * (keys case-sensitive; quantities are strings with their unit, read by quantity.h;
 * members marked ? are optional and then keep the model attribute's default; the values
 * shown are examples):
 *
 *     {
 *       "description"?:       "free text",
 *       "hostProfile":        "accelerator-xeon",          // a host profile: name or file
 *       "packetNetwork":      "10.0.0.0/24",               // NIC 1 of every host
 *       "circuitNetwork":     "192.168.0.0/24",            // NIC 2 (circuit NICs)
 *       "managementNetwork":  "10.0.1.0/24",               // front end - accelerator cable
 *       "links"?: { "rate"?: "1Gbps",                      // every NIC and switch port
 *                   "packetCableDelay"?: "50ns", "copperCableDelay"?: "10ns",
 *                   "fiberCableDelay"?: "100ns", "managementCableDelay"?: "50ns" },
 *       "packetSwitch": { "ports": 24, "queuePackets"?: 100,
 *                         "switchingLatency"?: "2us", "flowControl"?: true },
 *       "accelerator":  { "ports"?: 6, "managementAddress": "10.0.1.2",
 *                         "switchingTime"?: "20ms",
 *                         "commandLatencyMin"?: "1s", "commandLatencyMax"?: "2s" },
 *       "hosts": [
 *         { "name": "frontend", "frontEnd": true,
 *           "packetNic": { "address": "10.0.0.254", "switchPort": 24 },
 *           "managementNic": { "address": "10.0.1.1" } },
 *         { "name": "node1",
 *           "packetNic":  { "address": "10.0.0.1", "switchPort": 1 },
 *           "circuitNic"?: { "address": "192.168.0.1", "acceleratorPort": 1 } }, ...
 *       ],
 *       "staticCircuits"?: [ { "hosts": ["node1", "node2"], "at"?: "30s" } ],
 *       "epd"?: { "hosts"?: ["node1", ...], "detectionPolicy"?: "rate" | "bytes",
 *                 "sampleInterval"?: "500ms", "rateWindowSamples"?: 2,
 *                 "rateThreshold"?: "100Mbps", "holdTime"?: "3500ms",
 *                 "bytesThreshold"?: "100MB", "idleTimeout"?: "2s",
 *                 "keepaliveInterval"?: "1s", "backoff"?: "10s",
 *                 "retransmitTimeout"?: "200ms", "maxRetransmits"?: 5 },
 *       "pfd"?: { "busyPolicy"?: "queue" | "deny" | "preempt", "consoleTimeout"?: "10s",
 *                 "setupTimeout"?: "5s", "keepaliveTimeout"?: "3s",
 *                 "retransmitTimeout"?: "200ms", "maxRetransmits"?: 5 }
 *     }
 *
 * Meaning and rules, each checked by Parse():
 *
 * - Values: names are strings; port numbers, "ports", "queuePackets", "maxRetransmits"
 *   and "rateWindowSamples" are JSON whole numbers; "flowControl" and "frontEnd" booleans;
 *   times, rates and sizes strings with a unit (ParseTime, ParseRate, ParseSize: "10" or
 *   "12abc" or "-1s" are rejected); networks "a.b.c.d/n" with no host bits set; addresses
 *   dotted quads.  Unknown keys are rejected with the nearest valid key and the list of
 *   valid ones; a key given twice in one object is rejected (a fact stated twice).
 * - Networks: the three networks do not overlap.  The management network is a /24: the
 *   accelerator's management interface is its only IP interface, and the study reports
 *   that the accelerator disliked netmasks other than /24 (shared reference,
 *   "Configuration pain").  The packet and circuit networks may have any prefix.
 * - Hosts: names unique, non-empty, of letters, digits, '-' and '_' (they become ns-3
 *   Names).  Every host has a packet NIC on the packet switch; a circuit NIC is optional.
 *   Exactly one host is the front end; it, and only it, has the management NIC, the cable
 *   to the accelerator's management port.
 * - Addresses: packet NICs in packetNetwork, circuit NICs in circuitNetwork, the
 *   management NIC and accelerator.managementAddress in managementNetwork; none is its
 *   network's network address or broadcast address; no address twice.
 * - Ports: switch ports 1..packetSwitch.ports, accelerator ports 1..accelerator.ports
 *   (front-panel numbers); no port used twice.  packetSwitch.ports is 1..1024 (PacketSwitch
 *   has no fixed size: ports are cabled as needed, in order of their numbers);
 *   accelerator.ports and every accelerator, switch and link setting must satisfy the
 *   range of the model attribute it sets (OpticalCircuitSwitch NumPorts, SwitchingTime,
 *   CommandLatencyMin/Max, PacketSwitch SwitchingLatency, ...), and commandLatencyMin <=
 *   commandLatencyMax (each side the given value or the attribute's default).
 * - Static circuits: two different hosts that exist and have circuit NICs.  A static
 *   circuit lasts the whole run, so no host (no accelerator port) is in two of them.
 *   Without "at" the circuit is in the accelerator's default map, lit at power-up (a
 *   circuit pre-configured by hand); with "at" it is a `connection` command issued at that
 *   time (lit after the command latency and switching time, OpticalCircuitSwitch (4)).
 * - Daemons: with an "epd" or "pfd" section the pfd runs on the front end and an epd on
 *   each host of epd.hosts (default: every host with a circuit NIC); those hosts exist,
 *   are distinct and have circuit NICs.  A daemon setting is the EndpointDaemon or
 *   PipeFittingDaemon attribute of the same name (camelCase; GetEndpointSettingKeys and
 *   GetPipeFittingSettingKeys list them) and must satisfy its range.  The settings the
 *   daemons share or that depend on the accelerator must agree (each side the given
 *   value or the attribute's default): pfd.keepaliveTimeout > epd.keepaliveInterval
 *   (else the pfd tears down every circuit between two KEEPALIVEs), and
 *   pfd.consoleTimeout > accelerator.commandLatencyMax + accelerator.switchingTime (else
 *   the slowest `connection` command times out before the accelerator answers it).
 *   Ports and addresses the daemons share (the pfd's address, the UDP ports) are not
 *   settings: the builder derives them from the hosts and OffloadDaemonHelper.
 */
class ClusterTopology
{
  public:
    /** An IPv4 network, "a.b.c.d/n". */
    struct Network
    {
        Ipv4Address address;      //!< the network address (host bits zero)
        uint32_t prefixLength{0}; //!< n, 0..32
        /** @return the netmask */
        Ipv4Mask GetMask() const;
        /** @param a an address @return true if @p a is in the network */
        bool Contains(Ipv4Address a) const;
        /** @return the broadcast address (all host bits one) */
        Ipv4Address GetBroadcast() const;
        /** @return "a.b.c.d/n" */
        std::string ToString() const;
    };

    /** NIC 1: on the packet-switched network. */
    struct PacketNic
    {
        Ipv4Address address;    //!< in packetNetwork
        uint32_t switchPort{0}; //!< 1..packetSwitch.ports
    };

    /** NIC 2: through a media converter to an accelerator port. */
    struct CircuitNic
    {
        Ipv4Address address;         //!< in circuitNetwork
        uint32_t acceleratorPort{0}; //!< 1..accelerator.ports
    };

    /** A compute node or the front end. */
    struct Host
    {
        std::string name;                         //!< unique; its ns-3 Name
        bool frontEnd{false};                     //!< the cluster's front end
        PacketNic packetNic;                      //!< NIC 1
        std::optional<CircuitNic> circuitNic;     //!< NIC 2, if any
        std::optional<Ipv4Address> managementNic; //!< front end only: its address
    };

    /** Cables and line rate; unset members keep the model attributes' defaults. */
    struct Links
    {
        std::optional<DataRate> rate;             //!< NIC and switch-port DataRate
        std::optional<Time> packetCableDelay;     //!< host - packet switch
        std::optional<Time> copperCableDelay;     //!< host - media converter
        std::optional<Time> fiberCableDelay;      //!< media converter - accelerator
        std::optional<Time> managementCableDelay; //!< front end - accelerator
    };

    /** The packet switch. */
    struct PacketSwitchSettings
    {
        uint32_t ports{0};                    //!< number of front-panel ports
        std::optional<uint32_t> queuePackets; //!< output queue per port, packets
        std::optional<Time> switchingLatency; //!< PacketSwitch SwitchingLatency
        std::optional<bool> flowControl;      //!< PacketSwitch FlowControl (802.3x)
    };

    /** The lightpath accelerator (OpticalCircuitSwitch). */
    struct AcceleratorSettings
    {
        uint32_t ports{0};                     //!< NumPorts (given, or its default)
        Ipv4Address managementAddress;         //!< its management interface
        std::optional<Time> switchingTime;     //!< SwitchingTime
        std::optional<Time> commandLatencyMin; //!< CommandLatencyMin
        std::optional<Time> commandLatencyMax; //!< CommandLatencyMax
    };

    /** A circuit set up without the daemons. */
    struct StaticCircuit
    {
        std::string hostA;      //!< one end
        std::string hostB;      //!< the other end
        std::optional<Time> at; //!< when the command is issued; none: at power-up
    };

    /** One daemon setting as written and as parsed. */
    struct Setting
    {
        std::string key;  //!< key in its section, e.g. "holdTime"
        std::string text; //!< the value as written ("4s"; a number as its decimal text)
        /** the parsed value (a choice: the attribute's enum name, e.g. "Rate") */
        std::variant<Time, DataRate, uint64_t, std::string> value;
        std::string typeId;    //!< the daemon's TypeId name
        std::string attribute; //!< the attribute it sets
        /** @return the value as an attribute value (Time, DataRate, Uinteger, String) */
        Ptr<AttributeValue> GetAttributeValue() const;
    };

    /** The settings of one daemon section, in file order. */
    struct DaemonSettings
    {
        bool present{false};           //!< the section is in the file
        std::vector<Setting> settings; //!< the settings given
        /** @param key a key @return its setting, or null if not given */
        const Setting* Find(const std::string& key) const;
    };

    /**
     * A daemon setting key: its kind and the attribute it sets.  The key is the
     * attribute's name in camelCase; a choice's words are the attribute's enum names in
     * lower case.
     */
    struct SettingKey
    {
        std::string key;  //!< key in the section
        std::string kind; //!< time, rate, size, count or choice
        std::vector<std::pair<std::string, std::string>> choices; //!< choice: word, enum name
        std::string typeId;                                       //!< the daemon's TypeId name
        std::string attribute;                                    //!< its attribute
    };

    std::string description;           //!< free text
    std::string hostProfile;           //!< host profile of every host: a bundled name or a file
    Network packetNetwork;             //!< NIC 1 subnet
    Network circuitNetwork;            //!< NIC 2 subnet
    Network managementNetwork;         //!< front end - accelerator management subnet
    Links links;                       //!< cables
    PacketSwitchSettings packetSwitch; //!< the packet switch
    AcceleratorSettings accelerator;   //!< the circuit switch
    std::vector<Host> hosts;           //!< in file order
    std::vector<StaticCircuit> staticCircuits; //!< in file order
    std::vector<std::string> epdHosts;         //!< hosts that run an epd (empty without daemons)
    DaemonSettings epd;                        //!< end-point daemon settings
    DaemonSettings pfd;                        //!< pipe-fitting daemon settings

    /**
     * @param jsonText the topology file's content
     * @return the checked topology
     * @throws ClusterTopologyError at the first problem
     */
    static ClusterTopology Parse(const std::string& jsonText);

    /**
     * @param path a topology file
     * @return the checked topology
     * @throws ClusterTopologyError (message prefixed with @p path) if the file cannot be
     *         read or Parse() rejects it
     */
    static ClusterTopology Load(const std::string& path);

    /** A daemon setting given outside the file (e.g. a scenario flag). */
    struct Override
    {
        std::string section; //!< "epd" or "pfd"
        std::string key;     //!< a key of that section, e.g. "rateThreshold"
        std::string text;    //!< its value as it would be written in the file
    };

    /**
     * Load a topology file and replace some daemon settings: the file is checked as
     * written (Load), then again with each override written into its section (a section
     * that is missing is created), so an override meets exactly the rules of the file.
     * @param path a topology file
     * @param overrides the settings to replace
     * @return the checked topology
     * @throws ClusterTopologyError prefixed with @p path (and "with overrides" when an
     *         override breaks a rule)
     */
    static ClusterTopology Load(const std::string& path, const std::vector<Override>& overrides);

    /** @return true if the file has an epd or a pfd section */
    bool HasDaemons() const;
    /** @param name a host name @return the host, or null */
    const Host* FindHost(const std::string& name) const;
    /** @return the front end */
    const Host& GetFrontEnd() const;

    /** @return the keys of the epd section besides "hosts" */
    static const std::vector<SettingKey>& GetEndpointSettingKeys();
    /** @return the keys of the pfd section */
    static const std::vector<SettingKey>& GetPipeFittingSettingKeys();
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_CLUSTER_TOPOLOGY_H
