/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "farm-message.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/packet.h"
#include "ns3/socket.h"

#include <algorithm>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetFarmMessage");
NS_OBJECT_ENSURE_REGISTERED(FarmMessageHeader);

TypeId
FarmMessageHeader::GetTypeId()
{
    static TypeId tid = TypeId("ns3::hybridnet::FarmMessageHeader")
                            .SetParent<Header>()
                            .SetGroupName("Hybridnet")
                            .AddConstructor<FarmMessageHeader>();
    return tid;
}

TypeId
FarmMessageHeader::GetInstanceTypeId() const
{
    return GetTypeId();
}

uint32_t
FarmMessageHeader::GetSerializedSize() const
{
    return kSize;
}

void
FarmMessageHeader::Serialize(Buffer::Iterator start) const
{
    start.WriteU8(kind);
    start.WriteU8(accepted ? 1 : 0);
    start.WriteU16(0);
    start.WriteHtonU32(size);
    start.WriteHtonU32(offset);
    start.WriteHtonU64(id);
    start.WriteHtonU64(uint64_t(entered.GetNanoSeconds()));
}

uint32_t
FarmMessageHeader::Deserialize(Buffer::Iterator start)
{
    kind = Kind(start.ReadU8());
    accepted = start.ReadU8() != 0;
    start.ReadU16();
    size = start.ReadNtohU32();
    offset = start.ReadNtohU32();
    id = start.ReadNtohU64();
    entered = NanoSeconds(int64_t(start.ReadNtohU64()));
    return kSize;
}

void
FarmMessageHeader::Print(std::ostream& os) const
{
    static const char* kNames[] =
        {"event", "token", "decision", "hello", "throttle", "release", "stored"};
    os << (kind <= STORED ? kNames[kind] : "?") << " id " << id << " size " << size << " offset "
       << offset << (accepted ? " accepted" : "") << " entered " << entered;
}

uint32_t
SendFarmEvent(Ptr<Socket> socket,
              const Address& to,
              FarmMessageHeader event,
              uint32_t datagramBytes)
{
    if (event.size == 0) // one fragment of the header alone
    {
        event.offset = 0;
        Ptr<Packet> fragment = Create<Packet>();
        fragment->AddHeader(event);
        return socket->SendTo(fragment, 0, to) >= 0 ? 1 : 0;
    }
    return SendFarmFragments(socket, to, event, 0, event.size, datagramBytes);
}

uint32_t
SendFarmFragments(Ptr<Socket> socket,
                  const Address& to,
                  FarmMessageHeader event,
                  uint32_t first,
                  uint32_t bytes,
                  uint32_t datagramBytes)
{
    NS_ABORT_MSG_IF(datagramBytes <= FarmMessageHeader::kSize,
                    "SendFarmFragments: a datagram must hold more than the header");
    NS_ABORT_MSG_IF(uint64_t(first) + bytes > event.size,
                    "SendFarmFragments: bytes " << first << " + " << bytes << " of an event of "
                                                << event.size);
    const uint32_t chunk = datagramBytes - FarmMessageHeader::kSize;
    const uint64_t end = uint64_t(first) + bytes;
    uint32_t sent = 0;
    for (uint64_t offset = first; offset < end; offset += chunk)
    {
        event.offset = uint32_t(offset);
        Ptr<Packet> fragment = Create<Packet>(uint32_t(std::min<uint64_t>(chunk, end - offset)));
        fragment->AddHeader(event);
        sent += socket->SendTo(fragment, 0, to) >= 0 ? 1 : 0;
    }
    return sent;
}

bool
FarmEventReassembly::Add(const FarmMessageHeader& fragment, uint32_t dataBytes)
{
    uint64_t& received = m_received[fragment.id];
    received += dataBytes;
    if (received < fragment.size)
    {
        return false;
    }
    m_received.erase(fragment.id);
    return true;
}

size_t
FarmEventReassembly::GetIncomplete() const
{
    return m_received.size();
}

} // namespace hybridnet
} // namespace ns3
