/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_PACKET_HEADERS_H
#define HYBRIDNET_PACKET_HEADERS_H

#include "ns3/packet.h"
#include "ns3/ptr.h"

#include <cstdint>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief What a NIC driver and the stack's per-packet work read of an IPv4 packet's
 * headers, parsed once from the packet's bytes.
 *
 * The fields are read from the bytes as a driver's parser does, instead of deserializing
 * ns-3's headers (TcpHeader builds an object per option): IPv4 (RFC 791) IHL in the low
 * nibble of byte 0, the ECN bits of byte 1, total length in bytes 2-3, protocol in byte 9,
 * source in bytes 12-15, destination in 16-19; TCP (RFC 9293) ports in bytes 0-3, sequence
 * number in 4-7, acknowledgment number in 8-11, data offset in the high nibble of byte 12
 * (32-bit words), flags in byte 13, window in 14-15, and the options (RFC 7323: timestamp
 * kind 8, length 10, TSval, TSecr). The transport payload P is the IPv4 total length less
 * the IPv4 and transport headers (UDP: 8 B; ICMP echo: 8 B). A packet that is not IPv4
 * reads as all zeros.
 */
struct PacketHeaders
{
    static constexpr uint32_t ETHERNET_HEADER = 14;      //!< without preamble
    static constexpr uint32_t MIN_IPV4_HEADER = 20;      //!< without options
    static constexpr uint32_t TCP_TIMESTAMP_HEADER = 32; //!< with an aligned timestamp
    static constexpr uint8_t ECN_CE = 0x03;              //!< ECN: congestion experienced

    bool tcp{false};           //!< a TCP segment in IPv4
    uint32_t segmentBytes{0};  //!< transport header + payload: what a checksum covers
    uint32_t payload{0};       //!< P: the transport payload
    uint8_t tcpFlags{0};       //!< TCP flags (FIN = 1, SYN = 2, ...)
    uint32_t sequence{0};      //!< TCP sequence number of the first payload byte
    uint64_t flow{0};          //!< destination address and both ports
    uint32_t source{0};        //!< IPv4 source address
    uint32_t ipHeader{0};      //!< IPv4 header length (bytes)
    uint32_t tcpHeader{0};     //!< TCP header length (bytes)
    uint32_t ipTotal{0};       //!< IPv4 total length (bytes)
    uint8_t ecn{0};            //!< the ECN bits of the IPv4 TOS byte
    uint32_t ack{0};           //!< TCP acknowledgment number
    uint16_t window{0};        //!< TCP window field
    bool timestampOnly{false}; //!< TCP options: none, or one timestamp and padding
    uint32_t tsval{0};         //!< timestamp value, if any
    uint32_t tsecr{0};         //!< timestamp echo reply, if any

    /**
     * @param packet the bytes
     * @param offset where the L3 packet starts in them
     * @param protocol its EtherType (only IPv4 is read)
     * @return the fields
     */
    static PacketHeaders Read(Ptr<const Packet> packet, uint32_t offset, uint16_t protocol);
    /**
     * @param frame an Ethernet frame (header without preamble, EtherType in bytes 12-13)
     * @return the fields of its L3 packet
     */
    static PacketHeaders ReadFrame(Ptr<const Packet> frame);
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_PACKET_HEADERS_H
