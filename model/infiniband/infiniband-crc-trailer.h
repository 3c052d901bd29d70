/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_INFINIBAND_CRC_TRAILER_H
#define HYBRIDNET_INFINIBAND_CRC_TRAILER_H

#include "ns3/trailer.h"

namespace ns3
{
namespace hybridnet
{

/**
 * @brief The two CRCs that end an InfiniBand data packet, 6 bytes (IBA Architecture
 * Specification Vol. 1 Release 1.2.1, 7.8): the invariant CRC (ICRC, 4 bytes, over the
 * fields no switch changes) and the variant CRC (VCRC, 2 bytes, over the whole packet,
 * recomputed at every hop). They are carried for their size only: written as zeros, not
 * computed or checked (the model's links do not corrupt packets).
 */
class InfinibandCrcTrailer : public Trailer
{
  public:
    static TypeId GetTypeId();
    TypeId GetInstanceTypeId() const override;
    uint32_t GetSerializedSize() const override;
    void Serialize(Buffer::Iterator start) const override;
    uint32_t Deserialize(Buffer::Iterator start) override;
    void Print(std::ostream& os) const override;
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_INFINIBAND_CRC_TRAILER_H
