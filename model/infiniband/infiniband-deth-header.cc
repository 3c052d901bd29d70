/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "infiniband-deth-header.h"

#include "infiniband-packet-size.h"

#include "ns3/log.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetInfinibandDethHeader");
NS_OBJECT_ENSURE_REGISTERED(InfinibandDethHeader);

TypeId
InfinibandDethHeader::GetTypeId()
{
    static TypeId tid = TypeId("ns3::hybridnet::InfinibandDethHeader")
                            .SetParent<Header>()
                            .SetGroupName("Hybridnet")
                            .AddConstructor<InfinibandDethHeader>();
    return tid;
}

TypeId
InfinibandDethHeader::GetInstanceTypeId() const
{
    return GetTypeId();
}

uint32_t
InfinibandDethHeader::GetSerializedSize() const
{
    return InfinibandPacketSize::kDeth;
}

void
InfinibandDethHeader::Serialize(Buffer::Iterator start) const
{
    start.WriteHtonU32(m_qkey);
    start.WriteHtonU32(m_srcQp & 0xFFFFFF); // reserved byte 0, then 24 bits
}

uint32_t
InfinibandDethHeader::Deserialize(Buffer::Iterator start)
{
    m_qkey = start.ReadNtohU32();
    m_srcQp = start.ReadNtohU32() & 0xFFFFFF;
    return GetSerializedSize();
}

void
InfinibandDethHeader::Print(std::ostream& os) const
{
    os << "Q_Key=" << m_qkey << " SrcQP=" << m_srcQp;
}

void
InfinibandDethHeader::SetQkey(uint32_t qkey)
{
    m_qkey = qkey;
}

uint32_t
InfinibandDethHeader::GetQkey() const
{
    return m_qkey;
}

void
InfinibandDethHeader::SetSrcQp(uint32_t qpn)
{
    m_srcQp = qpn & 0xFFFFFF;
}

uint32_t
InfinibandDethHeader::GetSrcQp() const
{
    return m_srcQp;
}

} // namespace hybridnet
} // namespace ns3
