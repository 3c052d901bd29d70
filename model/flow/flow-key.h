/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_FLOW_KEY_H
#define HYBRIDNET_FLOW_KEY_H

#include "ns3/ipv4-address.h"
#include "ns3/ptr.h"

#include <compare>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>

namespace ns3
{

class Packet;

namespace hybridnet
{

/**
 * @brief The 5-tuple that names one direction of a transport flow: source and
 * destination address, IP protocol number, source and destination port (0 for protocols
 * without ports, e.g. ICMP).
 *
 * Text form (ToString, Parse), used in daemon messages and the event log:
 *
 *     10.0.0.1:49153>10.0.0.2:5001/6
 */
struct FlowKey
{
    Ipv4Address source;          //!< source address
    Ipv4Address destination;     //!< destination address
    uint8_t protocol{0};         //!< IP protocol number (6 TCP, 17 UDP, 1 ICMP)
    uint16_t sourcePort{0};      //!< source port (0 if the protocol has none)
    uint16_t destinationPort{0}; //!< destination port (0 if the protocol has none)

    /** @return the key of the other direction (addresses and ports swapped) */
    FlowKey Reverse() const;
    /** @return the text form */
    std::string ToString() const;
    /**
     * @param text a text form
     * @return the key, or nothing if @p text is not exactly a text form
     */
    static std::optional<FlowKey> Parse(const std::string& text);
    /**
     * The key of an outgoing packet as an IP layer sees it from its transport: @p packet
     * starts with the transport header (TCP or UDP: ports read from it; any other
     * protocol: ports 0).
     * @param packet the transport segment or datagram, header first
     * @param source source address
     * @param destination destination address
     * @param protocol IP protocol number
     * @return the key
     */
    static FlowKey FromTransport(Ptr<const Packet> packet,
                                 Ipv4Address source,
                                 Ipv4Address destination,
                                 uint8_t protocol);

    /** @return lexicographic order on (source, destination, protocol, ports) */
    std::strong_ordering operator<=>(const FlowKey& other) const;
    /** @return true if all five fields are equal */
    bool operator==(const FlowKey& other) const;
};

/**
 * @param os a stream
 * @param key a key
 * @return @p os, after writing the text form
 */
std::ostream& operator<<(std::ostream& os, const FlowKey& key);

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_FLOW_KEY_H
