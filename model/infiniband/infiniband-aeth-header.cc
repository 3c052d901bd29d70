/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "infiniband-aeth-header.h"

#include "infiniband-packet-size.h"

#include "ns3/log.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetInfinibandAethHeader");
NS_OBJECT_ENSURE_REGISTERED(InfinibandAethHeader);

TypeId
InfinibandAethHeader::GetTypeId()
{
    static TypeId tid = TypeId("ns3::hybridnet::InfinibandAethHeader")
                            .SetParent<Header>()
                            .SetGroupName("Hybridnet")
                            .AddConstructor<InfinibandAethHeader>();
    return tid;
}

TypeId
InfinibandAethHeader::GetInstanceTypeId() const
{
    return GetTypeId();
}

uint32_t
InfinibandAethHeader::GetSerializedSize() const
{
    return InfinibandPacketSize::kAeth;
}

void
InfinibandAethHeader::Serialize(Buffer::Iterator start) const
{
    start.WriteU8(m_syndrome);
    start.WriteU8(uint8_t(m_msn >> 16));
    start.WriteHtonU16(uint16_t(m_msn & 0xFFFF));
}

uint32_t
InfinibandAethHeader::Deserialize(Buffer::Iterator start)
{
    m_syndrome = start.ReadU8();
    m_msn = uint32_t(start.ReadU8()) << 16;
    m_msn |= start.ReadNtohU16();
    return GetSerializedSize();
}

void
InfinibandAethHeader::Print(std::ostream& os) const
{
    os << "Syndrome=" << uint32_t(m_syndrome) << " MSN=" << m_msn;
}

void
InfinibandAethHeader::SetSyndrome(uint8_t syndrome)
{
    m_syndrome = syndrome & 0x7F;
}

uint8_t
InfinibandAethHeader::GetSyndrome() const
{
    return m_syndrome;
}

InfinibandAethHeader::Kind
InfinibandAethHeader::GetKind() const
{
    return Kind(m_syndrome & 0x60);
}

uint8_t
InfinibandAethHeader::GetValue() const
{
    return m_syndrome & 0x1F;
}

void
InfinibandAethHeader::SetMsn(uint32_t msn)
{
    m_msn = msn & 0xFFFFFF;
}

uint32_t
InfinibandAethHeader::GetMsn() const
{
    return m_msn;
}

} // namespace hybridnet
} // namespace ns3
