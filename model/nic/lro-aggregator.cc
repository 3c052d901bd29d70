/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "lro-aggregator.h"

#include "ns3/assert.h"
#include "ns3/ethernet-header.h"
#include "ns3/ethernet-trailer.h"
#include "ns3/ipv4-header.h"
#include "ns3/node.h"
#include "ns3/tcp-header.h"

#include <cstddef>

namespace ns3
{
namespace hybridnet
{

namespace
{
constexpr uint8_t kTcp = 6;                 //!< IP protocol number
constexpr uint8_t kTcpAck = 0x10;           //!< TCP ACK flag
constexpr uint8_t kTcpPsh = 0x08;           //!< TCP PSH flag
constexpr uint32_t kLroMaxIpTotal = 0xFFFF; //!< inet_lro: aggregate's IPv4 total length
} // namespace

LroAggregator::Verdict
LroAggregator::Classify(const PacketHeaders& headers, uint32_t l3Bytes, size_t* index) const
{
    *index = Find(headers);
    const Aggregate* aggregate = *index < m_open.size() ? &m_open[*index] : nullptr;
    // (1) inet_lro lro_tcp_ip_check: not padded, data, no IP options, only ACK (and PSH) of
    // the flags, no congestion mark, no TCP options but a timestamp, with a non-zero echo.
    const uint8_t allowed = kTcpAck | kTcpPsh;
    const bool eligible =
        headers.ipTotal == l3Bytes && headers.payload > 0 &&
        headers.ipHeader == PacketHeaders::MIN_IPV4_HEADER && (headers.tcpFlags & ~allowed) == 0 &&
        (headers.tcpFlags & kTcpAck) != 0 && headers.ecn != PacketHeaders::ECN_CE &&
        headers.timestampOnly &&
        !(headers.tcpHeader == PacketHeaders::TCP_TIMESTAMP_HEADER && headers.tsecr == 0);
    // (2) __lro_proc_segment: the next byte in sequence, timestamps in order.
    if (eligible && (!aggregate || (headers.sequence == aggregate->nextSequence &&
                                    static_cast<int32_t>(headers.tsval - aggregate->tsval) >= 0)))
    {
        return Verdict::JOIN;
    }
    return aggregate ? Verdict::FLUSH_FIRST : Verdict::ALONE;
}

bool
LroAggregator::Add(const Frame& frame,
                   const PacketHeaders& headers,
                   uint32_t maxFrames,
                   uint32_t mtu,
                   size_t* index)
{
    *index = Find(headers);
    if (*index == m_open.size())
    {
        Aggregate started;
        started.flow = headers.flow;
        started.source = headers.source;
        started.ipTotal = headers.ipTotal;
        started.nextSequence = headers.sequence;
        m_open.push_back(started);
    }
    else
    {
        m_open[*index].ipTotal += headers.payload;
    }
    Aggregate& aggregate = m_open[*index];
    aggregate.frames.push_back(frame);
    aggregate.nextSequence += headers.payload;
    aggregate.payload += headers.payload;
    aggregate.ack = headers.ack;
    aggregate.window = headers.window;
    aggregate.tsval = headers.tsval;
    // (3) inet_lro: flushed when full or when one more frame could pass 64 KiB.
    return aggregate.frames.size() >= maxFrames || aggregate.ipTotal > kLroMaxIpTotal - mtu;
}

bool
LroAggregator::IsEmpty() const
{
    return m_open.empty();
}

LroAggregator::Aggregate
LroAggregator::Take(size_t index)
{
    NS_ASSERT(index < m_open.size());
    Aggregate taken = std::move(m_open[index]);
    m_open.erase(m_open.begin() + static_cast<std::ptrdiff_t>(index));
    return taken;
}

size_t
LroAggregator::Find(const PacketHeaders& headers) const
{
    for (size_t i = 0; i < m_open.size(); ++i)
    {
        if (m_open[i].flow == headers.flow && m_open[i].source == headers.source)
        {
            return i;
        }
    }
    return m_open.size();
}

Ptr<Packet>
LroAggregator::Merge(const Aggregate& aggregate)
{
    NS_ASSERT(!aggregate.frames.empty());
    if (aggregate.frames.size() == 1)
    {
        return aggregate.frames.front().frame; // nothing merged: the frame as it came
    }
    Ptr<Packet> merged = aggregate.frames.front().frame->Copy();
    EthernetTrailer trailer;
    merged->RemoveTrailer(trailer);
    EthernetHeader ethernet(false);
    merged->RemoveHeader(ethernet);
    Ipv4Header ip;
    merged->RemoveHeader(ip);
    TcpHeader tcp;
    merged->RemoveHeader(tcp);
    for (size_t i = 1; i < aggregate.frames.size(); ++i)
    {
        const Frame& f = aggregate.frames[i];
        merged->AddAtEnd(f.frame->CreateFragment(f.headerBytes, f.payload));
    }
    // inet_lro lro_update_tcp_ip_header: the last segment's ACK and window.
    tcp.SetAckNumber(SequenceNumber32(aggregate.ack));
    tcp.SetWindowSize(aggregate.window);
    const bool checksums = Node::ChecksumEnabled();
    if (checksums)
    {
        tcp.InitializeChecksum(ip.GetSource(), ip.GetDestination(), kTcp);
        tcp.EnableChecksums();
        ip.EnableChecksum();
    }
    merged->AddHeader(tcp);
    ip.SetPayloadSize(merged->GetSize());
    merged->AddHeader(ip);
    merged->AddHeader(ethernet);
    EthernetTrailer fcs;
    if (checksums)
    {
        fcs.EnableFcs(true);
    }
    fcs.CalcFcs(merged);
    merged->AddTrailer(fcs);
    return merged;
}

} // namespace hybridnet
} // namespace ns3
