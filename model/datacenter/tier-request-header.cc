/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "tier-request-header.h"

#include "ns3/log.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetTierRequestHeader");
NS_OBJECT_ENSURE_REGISTERED(TierRequestHeader);

TypeId
TierRequestHeader::GetTypeId()
{
    static TypeId tid = TypeId("ns3::hybridnet::TierRequestHeader")
                            .SetParent<Header>()
                            .SetGroupName("Hybridnet")
                            .AddConstructor<TierRequestHeader>();
    return tid;
}

TypeId
TierRequestHeader::GetInstanceTypeId() const
{
    return GetTypeId();
}

uint32_t
TierRequestHeader::GetSerializedSize() const
{
    return SIZE;
}

void
TierRequestHeader::Serialize(Buffer::Iterator start) const
{
    start.WriteHtonU32(interaction);
    start.WriteHtonU32(requestBytes);
    start.WriteHtonU32(responseBytes);
}

uint32_t
TierRequestHeader::Deserialize(Buffer::Iterator start)
{
    interaction = start.ReadNtohU32();
    requestBytes = start.ReadNtohU32();
    responseBytes = start.ReadNtohU32();
    return SIZE;
}

void
TierRequestHeader::Print(std::ostream& os) const
{
    os << "interaction=" << interaction << " request=" << requestBytes
       << " response=" << responseBytes;
}

} // namespace hybridnet
} // namespace ns3
