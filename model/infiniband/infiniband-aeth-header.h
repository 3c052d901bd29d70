/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_INFINIBAND_AETH_HEADER_H
#define HYBRIDNET_INFINIBAND_AETH_HEADER_H

#include "ns3/header.h"

#include <cstdint>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief The ACK Extended Transport Header (AETH), 4 bytes, of RC ACKs, NAKs and RDMA READ
 * responses (first, last, only) (IBA Architecture Specification Vol. 1 Release 1.2.1,
 * 9.3.5, 9.7.5.1):
 *
 *     byte 0     Syndrome   bits 6-5: 00 ACK (bits 4-0: credit count), 01 RNR NAK (bits
 *                           4-0: the RNR NAK timer code), 11 NAK (bits 4-0: 0 PSN sequence
 *                           error, 1 invalid request, 2 remote access error, 3 remote
 *                           operational error)
 *     byte 1-3   MSN (24 bits)   the responder's message sequence number
 *
 * The credit count is not used (end-to-end credits are not modelled): ACKs carry 0x1F,
 * "invalid credit count" (9.7.7.2).
 */
class InfinibandAethHeader : public Header
{
  public:
    /** Syndrome kinds (bits 6-5). */
    enum Kind : uint8_t
    {
        ACK = 0x00,
        RNR_NAK = 0x20,
        NAK = 0x60,
    };

    /** NAK codes (bits 4-0 of a NAK), 9.7.5.2. */
    enum NakCode : uint8_t
    {
        PSN_SEQUENCE_ERROR = 0,
        INVALID_REQUEST = 1,
        REMOTE_ACCESS_ERROR = 2,
        REMOTE_OPERATIONAL_ERROR = 3,
    };

    static TypeId GetTypeId();
    TypeId GetInstanceTypeId() const override;
    uint32_t GetSerializedSize() const override;
    void Serialize(Buffer::Iterator start) const override;
    uint32_t Deserialize(Buffer::Iterator start) override;
    void Print(std::ostream& os) const override;

    /** @param syndrome the whole syndrome byte (bit 7 is reserved and cleared) */
    void SetSyndrome(uint8_t syndrome);
    /** @return the syndrome byte */
    uint8_t GetSyndrome() const;
    /** @return the kind: bits 6-5 of the syndrome */
    Kind GetKind() const;
    /** @return bits 4-0: credit count, RNR timer code or NAK code */
    uint8_t GetValue() const;
    /** @param msn MSN, taken mod 2^24 */
    void SetMsn(uint32_t msn);
    /** @return MSN */
    uint32_t GetMsn() const;

  private:
    uint8_t m_syndrome{0x1F};
    uint32_t m_msn{0};
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_INFINIBAND_AETH_HEADER_H
