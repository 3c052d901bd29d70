/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "infiniband-lrh-header.h"

#include "infiniband-packet-size.h"

#include "ns3/abort.h"
#include "ns3/log.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetInfinibandLrhHeader");
NS_OBJECT_ENSURE_REGISTERED(InfinibandLrhHeader);

TypeId
InfinibandLrhHeader::GetTypeId()
{
    static TypeId tid = TypeId("ns3::hybridnet::InfinibandLrhHeader")
                            .SetParent<Header>()
                            .SetGroupName("Hybridnet")
                            .AddConstructor<InfinibandLrhHeader>();
    return tid;
}

TypeId
InfinibandLrhHeader::GetInstanceTypeId() const
{
    return GetTypeId();
}

uint32_t
InfinibandLrhHeader::GetSerializedSize() const
{
    return InfinibandPacketSize::kLrh;
}

void
InfinibandLrhHeader::Serialize(Buffer::Iterator start) const
{
    start.WriteU8(uint8_t(m_vl << 4)); // LVer 0
    start.WriteU8(uint8_t((m_sl << 4) | m_lnh));
    start.WriteHtonU16(m_dlid);
    start.WriteHtonU16(m_packetLength & 0x07FF);
    start.WriteHtonU16(m_slid);
}

uint32_t
InfinibandLrhHeader::Deserialize(Buffer::Iterator start)
{
    m_vl = start.ReadU8() >> 4;
    const uint8_t slLnh = start.ReadU8();
    m_sl = slLnh >> 4;
    m_lnh = slLnh & 0x03;
    m_dlid = start.ReadNtohU16();
    m_packetLength = start.ReadNtohU16() & 0x07FF;
    m_slid = start.ReadNtohU16();
    return GetSerializedSize();
}

void
InfinibandLrhHeader::Print(std::ostream& os) const
{
    os << "VL=" << uint32_t(m_vl) << " SL=" << uint32_t(m_sl) << " LNH=" << uint32_t(m_lnh)
       << " DLID=" << m_dlid << " SLID=" << m_slid << " PktLen=" << m_packetLength;
}

void
InfinibandLrhHeader::SetVl(uint8_t vl)
{
    NS_ABORT_MSG_UNLESS(vl < 16, "InfinibandLrhHeader: VL " << uint32_t(vl));
    m_vl = vl;
}

uint8_t
InfinibandLrhHeader::GetVl() const
{
    return m_vl;
}

void
InfinibandLrhHeader::SetSl(uint8_t sl)
{
    NS_ABORT_MSG_UNLESS(sl < 16, "InfinibandLrhHeader: SL " << uint32_t(sl));
    m_sl = sl;
}

uint8_t
InfinibandLrhHeader::GetSl() const
{
    return m_sl;
}

void
InfinibandLrhHeader::SetLnh(uint8_t lnh)
{
    NS_ABORT_MSG_UNLESS(lnh < 4, "InfinibandLrhHeader: LNH " << uint32_t(lnh));
    m_lnh = lnh;
}

uint8_t
InfinibandLrhHeader::GetLnh() const
{
    return m_lnh;
}

void
InfinibandLrhHeader::SetDlid(Mac16Address dlid)
{
    m_dlid = dlid.ConvertToInt();
}

Mac16Address
InfinibandLrhHeader::GetDlid() const
{
    return Mac16Address(m_dlid);
}

void
InfinibandLrhHeader::SetSlid(Mac16Address slid)
{
    m_slid = slid.ConvertToInt();
}

Mac16Address
InfinibandLrhHeader::GetSlid() const
{
    return Mac16Address(m_slid);
}

void
InfinibandLrhHeader::SetPacketLength(uint16_t words)
{
    NS_ABORT_MSG_UNLESS(words < 2048, "InfinibandLrhHeader: PktLen " << words);
    m_packetLength = words;
}

uint16_t
InfinibandLrhHeader::GetPacketLength() const
{
    return m_packetLength;
}

uint32_t
InfinibandLrhHeader::GetPacketBytes() const
{
    return 4U * m_packetLength + InfinibandPacketSize::kVcrc;
}

} // namespace hybridnet
} // namespace ns3
