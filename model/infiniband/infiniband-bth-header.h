/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_INFINIBAND_BTH_HEADER_H
#define HYBRIDNET_INFINIBAND_BTH_HEADER_H

#include "ns3/header.h"

#include <cstdint>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief The Base Transport Header (BTH) of an InfiniBand packet, 12 bytes, as on the wire
 * (IBA Architecture Specification Vol. 1 Release 1.2.1, 9.2):
 *
 *     byte 0    OpCode                          transport service and operation (9.2.1)
 *     byte 1    SE | M | PadCnt (2) | TVer (4)  solicited event, migration, pad, version 0
 *     byte 2-3  P_Key                           partition key (default 0xFFFF)
 *     byte 4    reserved
 *     byte 5-7  DestQP (24 bits)                destination queue pair
 *     byte 8    A | reserved (7)                acknowledge request
 *     byte 9-11 PSN (24 bits)                   packet sequence number
 *
 * The transport (verbs, a later part) fills OpCode, DestQP and PSN; InfinibandNetDevice
 * sets PadCnt (InfinibandPacketSize (1)) when it pads the payload.
 */
class InfinibandBthHeader : public Header
{
  public:
    static TypeId GetTypeId();
    TypeId GetInstanceTypeId() const override;
    uint32_t GetSerializedSize() const override;
    void Serialize(Buffer::Iterator start) const override;
    uint32_t Deserialize(Buffer::Iterator start) override;
    void Print(std::ostream& os) const override;

    /** @param opcode OpCode (e.g. 0x04 RC SEND Only, 0x64 UD SEND Only) */
    void SetOpCode(uint8_t opcode);
    /** @return OpCode */
    uint8_t GetOpCode() const;
    /** @param pad PadCnt, 0-3 */
    void SetPadCount(uint8_t pad);
    /** @return PadCnt */
    uint8_t GetPadCount() const;
    /** @param pkey P_Key */
    void SetPartitionKey(uint16_t pkey);
    /** @return P_Key */
    uint16_t GetPartitionKey() const;
    /** @param qp DestQP, < 2^24 */
    void SetDestQp(uint32_t qp);
    /** @return DestQP */
    uint32_t GetDestQp() const;
    /** @param psn PSN, taken mod 2^24 */
    void SetPsn(uint32_t psn);
    /** @return PSN */
    uint32_t GetPsn() const;
    /** @param ackRequest the A bit */
    void SetAckRequest(bool ackRequest);
    /** @return the A bit */
    bool GetAckRequest() const;

  private:
    uint8_t m_opcode{0};
    uint8_t m_pad{0};
    uint16_t m_pkey{0xFFFF};
    uint32_t m_destQp{0};
    uint32_t m_psn{0};
    bool m_ackRequest{false};
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_INFINIBAND_BTH_HEADER_H
