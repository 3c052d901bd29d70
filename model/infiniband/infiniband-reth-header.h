/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_INFINIBAND_RETH_HEADER_H
#define HYBRIDNET_INFINIBAND_RETH_HEADER_H

#include "ns3/header.h"

#include <cstdint>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief The RDMA Extended Transport Header (RETH), 16 bytes, of the first (or only)
 * packet of an RDMA WRITE and of an RDMA READ request (IBA Architecture Specification
 * Vol. 1 Release 1.2.1, 9.3.3):
 *
 *     byte 0-7    VA          virtual address of the remote buffer
 *     byte 8-11   R_Key       the remote key of its memory region
 *     byte 12-15  DMA Length  bytes of the whole operation, 0 to 2^31
 *
 * The model's memory regions are a key and a length; VA is the offset into the region.
 */
class InfinibandRethHeader : public Header
{
  public:
    static TypeId GetTypeId();
    TypeId GetInstanceTypeId() const override;
    uint32_t GetSerializedSize() const override;
    void Serialize(Buffer::Iterator start) const override;
    uint32_t Deserialize(Buffer::Iterator start) override;
    void Print(std::ostream& os) const override;

    /** @param va the virtual address (here: offset into the region) */
    void SetVirtualAddress(uint64_t va);
    /** @return VA */
    uint64_t GetVirtualAddress() const;
    /** @param rkey R_Key */
    void SetRemoteKey(uint32_t rkey);
    /** @return R_Key */
    uint32_t GetRemoteKey() const;
    /** @param length DMA Length, bytes */
    void SetDmaLength(uint32_t length);
    /** @return DMA Length, bytes */
    uint32_t GetDmaLength() const;

  private:
    uint64_t m_va{0};
    uint32_t m_rkey{0};
    uint32_t m_length{0};
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_INFINIBAND_RETH_HEADER_H
