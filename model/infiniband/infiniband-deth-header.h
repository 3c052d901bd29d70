/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_INFINIBAND_DETH_HEADER_H
#define HYBRIDNET_INFINIBAND_DETH_HEADER_H

#include "ns3/header.h"

#include <cstdint>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief The Datagram Extended Transport Header (DETH), 8 bytes, of every unreliable
 * datagram (UD) packet (IBA Architecture Specification Vol. 1 Release 1.2.1, 9.3.2):
 *
 *     byte 0-3   Q_Key        the queue key the receiving QP checks
 *     byte 4     reserved
 *     byte 5-7   SrcQP        the sending QP's number (24 bits)
 *
 * The model carries the Q_Key but does not check it.
 */
class InfinibandDethHeader : public Header
{
  public:
    static TypeId GetTypeId();
    TypeId GetInstanceTypeId() const override;
    uint32_t GetSerializedSize() const override;
    void Serialize(Buffer::Iterator start) const override;
    uint32_t Deserialize(Buffer::Iterator start) override;
    void Print(std::ostream& os) const override;

    /** @param qkey Q_Key */
    void SetQkey(uint32_t qkey);
    /** @return Q_Key */
    uint32_t GetQkey() const;
    /** @param qpn the source QP number (24 bits are kept) */
    void SetSrcQp(uint32_t qpn);
    /** @return SrcQP */
    uint32_t GetSrcQp() const;

  private:
    uint32_t m_qkey{0};
    uint32_t m_srcQp{0};
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_INFINIBAND_DETH_HEADER_H
