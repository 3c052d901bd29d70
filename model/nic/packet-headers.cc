/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "packet-headers.h"

#include <array>

namespace ns3
{
namespace hybridnet
{

namespace
{
constexpr uint16_t kIpv4 = 0x0800; //!< EtherType
constexpr uint8_t kTcp = 6;        //!< IP protocol numbers
constexpr uint8_t kUdp = 17;
constexpr uint8_t kIcmp = 1;
constexpr uint32_t kUdpHeaderBytes = 8;
constexpr uint32_t kIcmpEchoHeaderBytes = 8;
constexpr uint32_t kEthernetHeader = PacketHeaders::ETHERNET_HEADER;
constexpr uint32_t kMinIpv4Header = PacketHeaders::MIN_IPV4_HEADER;
constexpr uint32_t kMaxIpv4Header = 60;     //!< IPv4 header with 40 B of options
constexpr uint32_t kTcpDataOffsetByte = 12; //!< TCP header byte holding the data offset
constexpr uint32_t kTcpFlagsByte = 13;      //!< TCP header byte holding the flags
constexpr uint32_t kMinTcpHeader = 20;      //!< TCP header without options
constexpr uint32_t kTcpTimestampHeader = PacketHeaders::TCP_TIMESTAMP_HEADER;
constexpr uint32_t kMaxTcpHeader = 60; //!< TCP header with 40 B of options
constexpr uint8_t kTcpOptionEnd = 0;   //!< TCP option kinds (RFC 9293, RFC 7323)
constexpr uint8_t kTcpOptionNop = 1;
constexpr uint8_t kTcpOptionTimestamp = 8;
constexpr uint8_t kTcpTimestampLength = 10;
constexpr uint8_t kEcnCe = PacketHeaders::ECN_CE;
} // namespace

PacketHeaders
PacketHeaders::Read(Ptr<const Packet> packet, uint32_t offset, uint16_t protocol)
{
    PacketHeaders headers;
    std::array<uint8_t, kEthernetHeader + kMaxIpv4Header + kMaxTcpHeader> bytes{};
    const uint32_t size = packet->CopyData(bytes.data(), bytes.size());
    if (protocol != kIpv4 || size < offset + kMinIpv4Header)
    {
        return headers;
    }
    const uint8_t* ip = bytes.data() + offset;
    const uint32_t ipHeader = (ip[0] & 0x0f) * 4u;
    headers.ipHeader = ipHeader;
    headers.ipTotal = (ip[2] << 8) | ip[3];
    headers.ecn = ip[1] & kEcnCe;
    headers.source = (uint32_t{ip[12]} << 24) | (ip[13] << 16) | (ip[14] << 8) | ip[15];
    headers.segmentBytes = headers.ipTotal - ipHeader;
    const uint8_t* l4 = ip + ipHeader;
    switch (ip[9])
    {
    case kTcp:
        headers.tcp = true;
        headers.tcpHeader = (l4[kTcpDataOffsetByte] >> 4) * 4u;
        headers.payload = headers.segmentBytes - headers.tcpHeader;
        headers.ack = (uint32_t{l4[8]} << 24) | (l4[9] << 16) | (l4[10] << 8) | l4[11];
        headers.window = (l4[14] << 8) | l4[15];
        headers.timestampOnly = headers.tcpHeader == kMinTcpHeader;
        if (headers.tcpHeader == kTcpTimestampHeader &&
            size >= offset + ipHeader + kTcpTimestampHeader)
        {
            // One timestamp option, the rest padding (NOP or end of list), wherever ns-3
            // or Linux put it (Linux: NOP NOP first; ns-3: padding after).
            bool timestamp = false;
            bool other = false;
            for (uint32_t i = kMinTcpHeader; i < kTcpTimestampHeader && !other;)
            {
                const uint8_t kind = l4[i];
                if (kind == kTcpOptionNop || kind == kTcpOptionEnd)
                {
                    ++i;
                    continue;
                }
                if (kind != kTcpOptionTimestamp || timestamp ||
                    i + kTcpTimestampLength > kTcpTimestampHeader ||
                    l4[i + 1] != kTcpTimestampLength)
                {
                    other = true;
                    break;
                }
                timestamp = true;
                const uint8_t* ts = l4 + i + 2;
                headers.tsval = (uint32_t{ts[0]} << 24) | (ts[1] << 16) | (ts[2] << 8) | ts[3];
                headers.tsecr = (uint32_t{ts[4]} << 24) | (ts[5] << 16) | (ts[6] << 8) | ts[7];
                i += kTcpTimestampLength;
            }
            headers.timestampOnly = timestamp && !other;
        }
        headers.tcpFlags = l4[kTcpFlagsByte];
        headers.sequence = (uint32_t{l4[4]} << 24) | (l4[5] << 16) | (l4[6] << 8) | l4[7];
        headers.flow = (uint64_t{ip[16]} << 56) | (uint64_t{ip[17]} << 48) |
                       (uint64_t{ip[18]} << 40) | (uint64_t{ip[19]} << 32) |
                       (uint64_t{l4[0]} << 24) | (l4[1] << 16) | (l4[2] << 8) | l4[3];
        break;
    case kUdp:
        headers.payload = headers.segmentBytes - kUdpHeaderBytes;
        break;
    case kIcmp:
        headers.payload = headers.segmentBytes - kIcmpEchoHeaderBytes;
        break;
    default:
        break;
    }
    return headers;
}

PacketHeaders
PacketHeaders::ReadFrame(Ptr<const Packet> frame)
{
    // The frame: Ethernet header (no preamble), EtherType in bytes 12-13, L3 packet from 14.
    std::array<uint8_t, kEthernetHeader> ethernet{};
    frame->CopyData(ethernet.data(), ethernet.size());
    const uint16_t etherType = (ethernet[12] << 8) | ethernet[13];
    return Read(frame, kEthernetHeader, etherType);
}

} // namespace hybridnet
} // namespace ns3
