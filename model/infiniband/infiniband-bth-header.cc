/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "infiniband-bth-header.h"

#include "infiniband-packet-size.h"

#include "ns3/abort.h"
#include "ns3/log.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetInfinibandBthHeader");
NS_OBJECT_ENSURE_REGISTERED(InfinibandBthHeader);

namespace
{
constexpr uint32_t kMask24 = 0xFFFFFF;
} // namespace

TypeId
InfinibandBthHeader::GetTypeId()
{
    static TypeId tid = TypeId("ns3::hybridnet::InfinibandBthHeader")
                            .SetParent<Header>()
                            .SetGroupName("Hybridnet")
                            .AddConstructor<InfinibandBthHeader>();
    return tid;
}

TypeId
InfinibandBthHeader::GetInstanceTypeId() const
{
    return GetTypeId();
}

uint32_t
InfinibandBthHeader::GetSerializedSize() const
{
    return InfinibandPacketSize::kBth;
}

void
InfinibandBthHeader::Serialize(Buffer::Iterator start) const
{
    start.WriteU8(m_opcode);
    start.WriteU8(uint8_t(m_pad << 4)); // SE 0, M 0, TVer 0
    start.WriteHtonU16(m_pkey);
    start.WriteU8(0);
    start.WriteU8(uint8_t(m_destQp >> 16));
    start.WriteHtonU16(uint16_t(m_destQp & 0xFFFF));
    start.WriteU8(m_ackRequest ? 0x80 : 0x00);
    start.WriteU8(uint8_t(m_psn >> 16));
    start.WriteHtonU16(uint16_t(m_psn & 0xFFFF));
}

uint32_t
InfinibandBthHeader::Deserialize(Buffer::Iterator start)
{
    m_opcode = start.ReadU8();
    m_pad = (start.ReadU8() >> 4) & 0x03;
    m_pkey = start.ReadNtohU16();
    start.ReadU8();
    m_destQp = uint32_t(start.ReadU8()) << 16;
    m_destQp |= start.ReadNtohU16();
    m_ackRequest = (start.ReadU8() & 0x80) != 0;
    m_psn = uint32_t(start.ReadU8()) << 16;
    m_psn |= start.ReadNtohU16();
    return GetSerializedSize();
}

void
InfinibandBthHeader::Print(std::ostream& os) const
{
    os << "OpCode=" << uint32_t(m_opcode) << " PadCnt=" << uint32_t(m_pad) << " P_Key=" << m_pkey
       << " DestQP=" << m_destQp << " A=" << m_ackRequest << " PSN=" << m_psn;
}

void
InfinibandBthHeader::SetOpCode(uint8_t opcode)
{
    m_opcode = opcode;
}

uint8_t
InfinibandBthHeader::GetOpCode() const
{
    return m_opcode;
}

void
InfinibandBthHeader::SetPadCount(uint8_t pad)
{
    NS_ABORT_MSG_UNLESS(pad < 4, "InfinibandBthHeader: PadCnt " << uint32_t(pad));
    m_pad = pad;
}

uint8_t
InfinibandBthHeader::GetPadCount() const
{
    return m_pad;
}

void
InfinibandBthHeader::SetPartitionKey(uint16_t pkey)
{
    m_pkey = pkey;
}

uint16_t
InfinibandBthHeader::GetPartitionKey() const
{
    return m_pkey;
}

void
InfinibandBthHeader::SetDestQp(uint32_t qp)
{
    NS_ABORT_MSG_UNLESS(qp <= kMask24, "InfinibandBthHeader: DestQP " << qp);
    m_destQp = qp;
}

uint32_t
InfinibandBthHeader::GetDestQp() const
{
    return m_destQp;
}

void
InfinibandBthHeader::SetPsn(uint32_t psn)
{
    m_psn = psn & kMask24;
}

uint32_t
InfinibandBthHeader::GetPsn() const
{
    return m_psn;
}

void
InfinibandBthHeader::SetAckRequest(bool ackRequest)
{
    m_ackRequest = ackRequest;
}

bool
InfinibandBthHeader::GetAckRequest() const
{
    return m_ackRequest;
}

} // namespace hybridnet
} // namespace ns3
