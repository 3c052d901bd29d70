/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "infiniband-crc-trailer.h"

#include "infiniband-packet-size.h"

#include "ns3/log.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetInfinibandCrcTrailer");
NS_OBJECT_ENSURE_REGISTERED(InfinibandCrcTrailer);

TypeId
InfinibandCrcTrailer::GetTypeId()
{
    static TypeId tid = TypeId("ns3::hybridnet::InfinibandCrcTrailer")
                            .SetParent<Trailer>()
                            .SetGroupName("Hybridnet")
                            .AddConstructor<InfinibandCrcTrailer>();
    return tid;
}

TypeId
InfinibandCrcTrailer::GetInstanceTypeId() const
{
    return GetTypeId();
}

uint32_t
InfinibandCrcTrailer::GetSerializedSize() const
{
    return InfinibandPacketSize::kIcrc + InfinibandPacketSize::kVcrc;
}

void
InfinibandCrcTrailer::Serialize(Buffer::Iterator start) const
{
    start.Prev(GetSerializedSize());
    start.WriteU32(0); // ICRC
    start.WriteU16(0); // VCRC
}

uint32_t
InfinibandCrcTrailer::Deserialize(Buffer::Iterator start)
{
    start.Prev(GetSerializedSize());
    start.ReadU32();
    start.ReadU16();
    return GetSerializedSize();
}

void
InfinibandCrcTrailer::Print(std::ostream& os) const
{
    os << "ICRC VCRC";
}

} // namespace hybridnet
} // namespace ns3
