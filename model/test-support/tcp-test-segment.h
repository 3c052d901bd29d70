/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_TCP_TEST_SEGMENT_H
#define HYBRIDNET_TCP_TEST_SEGMENT_H

#include "ns3/ipv4-address.h"
#include "ns3/ipv4-header.h"
#include "ns3/packet.h"
#include "ns3/tcp-header.h"
#include "ns3/tcp-option.h"

#include <cstdint>

namespace ns3
{
namespace hybridnet
{

/** The header fields of a TCP segment a test hands to a device (port 5001 to port 80). */
struct TcpTestSegment
{
    uint32_t sequence{1};                //!< sequence number of the first payload byte
    uint8_t flags{TcpHeader::ACK};       //!< TCP flags
    uint32_t ack{0};                     //!< acknowledgment number
    uint16_t window{0xffff};             //!< window field (TcpHeader's default)
    Ipv4Address source{"10.0.0.1"};      //!< IPv4 source
    Ipv4Address destination{"10.0.0.2"}; //!< IPv4 destination
    Ptr<const TcpOption> option;         //!< one option (a timestamp), or none
};

/**
 * For the modules' test suites (model/test-support is on every test library's include
 * path): an IPv4 packet holding a TCP segment, as a node's stack hands it to a device.
 * @param payload the segment's payload (taken as it is: pass a Copy to keep the caller's)
 * @param fields its header fields
 * @return the packet
 */
inline Ptr<Packet>
MakeTcpSegment(Ptr<Packet> payload, const TcpTestSegment& fields)
{
    TcpHeader tcp;
    tcp.SetSourcePort(5001);
    tcp.SetDestinationPort(80);
    tcp.SetSequenceNumber(SequenceNumber32(fields.sequence));
    tcp.SetAckNumber(SequenceNumber32(fields.ack));
    tcp.SetWindowSize(fields.window);
    tcp.SetFlags(fields.flags);
    if (fields.option)
    {
        tcp.AppendOption(fields.option);
    }
    payload->AddHeader(tcp);
    Ipv4Header ip;
    ip.SetSource(fields.source);
    ip.SetDestination(fields.destination);
    ip.SetProtocol(6);
    ip.SetPayloadSize(payload->GetSize());
    payload->AddHeader(ip);
    return payload;
}

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_TCP_TEST_SEGMENT_H
