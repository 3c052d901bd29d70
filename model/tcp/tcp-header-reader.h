/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_TCP_HEADER_READER_H
#define HYBRIDNET_TCP_HEADER_READER_H

#include "ns3/packet.h"
#include "ns3/ptr.h"
#include "ns3/tcp-header.h"
#include "ns3/tcp-option-ts.h"

namespace ns3
{
namespace hybridnet
{

/**
 * @brief Takes the TCP header off a received segment, as Packet::RemoveHeader does, without
 * an ns-3 object per option in the common case.
 *
 * ns-3's TcpHeader::Deserialize creates every option it reads through TcpOption's object
 * factory - the time stamp and each byte of end-of-list padding after it, three objects for
 * a data segment or ACK with time stamps - and building an ns-3 object walks its TypeId's
 * attributes: about 5 % of a host-model run and 7 % of a WAN run went there.  A header whose
 * only option is the time stamp (kind 8, 10 B, first, then two bytes of end-of-list padding:
 * what ns-3's TcpHeader::Serialize writes) is read here field by field, into one TcpOptionTS that
 * the reader keeps and reuses while nobody else holds it (a trace sink that keeps a copy of
 * the header keeps its option; the next segment then gets a new one).  Any other header (a
 * SYN's options, SACK blocks, an option ns-3 does not know) goes to TcpHeader::Deserialize
 * unchanged.  The result is the header Deserialize would give - fields, time stamp, length,
 * the same bytes when serialized - except that the padding is not listed as an option
 * (Deserialize lists an end-of-list option and counts the padding in GetOptionLength;
 * nothing reads either of a received header).
 */
class TcpHeaderReader
{
  public:
    /**
     * Remove the TCP header at the front of @p packet.
     * @param packet a segment as IP delivers it (TCP header first)
     * @return the header
     */
    TcpHeader Remove(Ptr<Packet> packet);

  private:
    /** @return the time-stamp option to fill: the kept one, or a new one if it is held */
    Ptr<TcpOptionTS> TimestampOption();

    Ptr<TcpOptionTS> m_timestamp; //!< reused while only the reader holds it
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_TCP_HEADER_READER_H
