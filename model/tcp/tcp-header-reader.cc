/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "tcp-header-reader.h"

#include "ns3/tcp-option.h"

#include <array>
#include <cstdint>

namespace ns3
{
namespace hybridnet
{

namespace
{

constexpr uint32_t kFixedLength = 20;     //!< the header without options (RFC 9293 3.1)
constexpr uint32_t kTimestampLength = 32; //!< with the 10 B time stamp and 2 B of padding
constexpr uint32_t kMaxLength = 60;       //!< data offset 15 words
constexpr uint8_t kTimestampSize = 10;    //!< the option's length byte (RFC 7323 3.2)

/** @return the big-endian 16-bit field at @p at */
uint16_t
Read16(const uint8_t* at)
{
    return static_cast<uint16_t>((at[0] << 8) | at[1]);
}

/** @return the big-endian 32-bit field at @p at */
uint32_t
Read32(const uint8_t* at)
{
    return (static_cast<uint32_t>(Read16(at)) << 16) | Read16(at + 2);
}

} // namespace

TcpHeader
TcpHeaderReader::Remove(Ptr<Packet> packet)
{
    std::array<uint8_t, kMaxLength> b{};
    const uint32_t copied = packet->CopyData(b.data(), kMaxLength);
    const uint32_t length = copied >= kFixedLength ? (b[12] >> 4) * 4U : 0;
    const bool plain = length == kFixedLength;
    const bool timestamp = length == kTimestampLength && b[20] == TcpOption::TS &&
                           b[21] == kTimestampSize && b[30] == TcpOption::END &&
                           b[31] == TcpOption::END;
    TcpHeader h;
    if (!plain && !timestamp)
    {
        packet->RemoveHeader(h);
        return h;
    }
    h.SetSourcePort(Read16(&b[0]));
    h.SetDestinationPort(Read16(&b[2]));
    h.SetSequenceNumber(SequenceNumber32(Read32(&b[4])));
    h.SetAckNumber(SequenceNumber32(Read32(&b[8])));
    h.SetFlags(b[13]);
    h.SetWindowSize(Read16(&b[14]));
    h.SetUrgentPointer(Read16(&b[18]));
    if (timestamp)
    {
        Ptr<TcpOptionTS> ts = TimestampOption();
        ts->SetTimestamp(Read32(&b[22]));
        ts->SetEcho(Read32(&b[26]));
        h.AppendOption(ts);
    }
    packet->RemoveAtStart(length);
    return h;
}

Ptr<TcpOptionTS>
TcpHeaderReader::TimestampOption()
{
    if (!m_timestamp || m_timestamp->GetReferenceCount() > 1)
    {
        m_timestamp = CreateObject<TcpOptionTS>();
    }
    return m_timestamp;
}

} // namespace hybridnet
} // namespace ns3
