/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "infiniband-reth-header.h"

#include "infiniband-packet-size.h"

#include "ns3/log.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetInfinibandRethHeader");
NS_OBJECT_ENSURE_REGISTERED(InfinibandRethHeader);

TypeId
InfinibandRethHeader::GetTypeId()
{
    static TypeId tid = TypeId("ns3::hybridnet::InfinibandRethHeader")
                            .SetParent<Header>()
                            .SetGroupName("Hybridnet")
                            .AddConstructor<InfinibandRethHeader>();
    return tid;
}

TypeId
InfinibandRethHeader::GetInstanceTypeId() const
{
    return GetTypeId();
}

uint32_t
InfinibandRethHeader::GetSerializedSize() const
{
    return InfinibandPacketSize::kReth;
}

void
InfinibandRethHeader::Serialize(Buffer::Iterator start) const
{
    start.WriteHtonU64(m_va);
    start.WriteHtonU32(m_rkey);
    start.WriteHtonU32(m_length);
}

uint32_t
InfinibandRethHeader::Deserialize(Buffer::Iterator start)
{
    m_va = start.ReadNtohU64();
    m_rkey = start.ReadNtohU32();
    m_length = start.ReadNtohU32();
    return GetSerializedSize();
}

void
InfinibandRethHeader::Print(std::ostream& os) const
{
    os << "VA=" << m_va << " R_Key=" << m_rkey << " DMALen=" << m_length;
}

void
InfinibandRethHeader::SetVirtualAddress(uint64_t va)
{
    m_va = va;
}

uint64_t
InfinibandRethHeader::GetVirtualAddress() const
{
    return m_va;
}

void
InfinibandRethHeader::SetRemoteKey(uint32_t rkey)
{
    m_rkey = rkey;
}

uint32_t
InfinibandRethHeader::GetRemoteKey() const
{
    return m_rkey;
}

void
InfinibandRethHeader::SetDmaLength(uint32_t length)
{
    m_length = length;
}

uint32_t
InfinibandRethHeader::GetDmaLength() const
{
    return m_length;
}

} // namespace hybridnet
} // namespace ns3
