/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_INFINIBAND_LRH_HEADER_H
#define HYBRIDNET_INFINIBAND_LRH_HEADER_H

#include "ns3/header.h"
#include "ns3/mac16-address.h"

#include <cstdint>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief The Local Route Header (LRH) of an InfiniBand packet, 8 bytes, as on the wire (IBA
 * Architecture Specification Vol. 1 Release 1.2.1, 7.7):
 *
 *     byte 0   VL (4 bits) | LVer (4)          virtual lane; link version 0
 *     byte 1   SL (4) | reserved (2) | LNH (2) service level; link next header
 *     byte 2-3 DLID                            destination local identifier
 *     byte 4-5 reserved (5) | PktLen (11)      4-byte words from the LRH to the ICRC
 *     byte 6-7 SLID                            source local identifier
 *
 * PktLen counts every byte of the packet but the 2-byte VCRC, so a packet of p bytes
 * (InfinibandPacketSize (2)) has PktLen = (p - 2) / 4. LIDs are ns-3 Mac16Address values
 * (16 bits, the same size; unicast LIDs 0x0001-0xBFFF, 7.11.1). LNH: 0 raw, 1 raw IPv6,
 * 2 IBA local (a BTH follows), 3 IBA global (a GRH follows).
 */
class InfinibandLrhHeader : public Header
{
  public:
    static constexpr uint8_t kLnhIbaLocal = 2; //!< LNH: BTH follows

    static TypeId GetTypeId();
    TypeId GetInstanceTypeId() const override;
    uint32_t GetSerializedSize() const override;
    void Serialize(Buffer::Iterator start) const override;
    uint32_t Deserialize(Buffer::Iterator start) override;
    void Print(std::ostream& os) const override;

    /** @param vl the virtual lane, 0-15 */
    void SetVl(uint8_t vl);
    /** @return the virtual lane */
    uint8_t GetVl() const;
    /** @param sl the service level, 0-15 */
    void SetSl(uint8_t sl);
    /** @return the service level */
    uint8_t GetSl() const;
    /** @param lnh link next header, 0-3 */
    void SetLnh(uint8_t lnh);
    /** @return link next header */
    uint8_t GetLnh() const;
    /** @param dlid destination LID */
    void SetDlid(Mac16Address dlid);
    /** @return destination LID */
    Mac16Address GetDlid() const;
    /** @param slid source LID */
    void SetSlid(Mac16Address slid);
    /** @return source LID */
    Mac16Address GetSlid() const;
    /** @param words PktLen, 4-byte words, < 2048 */
    void SetPacketLength(uint16_t words);
    /** @return PktLen, 4-byte words */
    uint16_t GetPacketLength() const;
    /** @return the packet's bytes, LRH to VCRC: 4 PktLen + 2 */
    uint32_t GetPacketBytes() const;

  private:
    uint8_t m_vl{0};
    uint8_t m_sl{0};
    uint8_t m_lnh{kLnhIbaLocal};
    uint16_t m_dlid{0};
    uint16_t m_slid{0};
    uint16_t m_packetLength{0};
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_INFINIBAND_LRH_HEADER_H
