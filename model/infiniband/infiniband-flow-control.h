/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_INFINIBAND_FLOW_CONTROL_H
#define HYBRIDNET_INFINIBAND_FLOW_CONTROL_H

#include <cstdint>

namespace ns3
{
namespace hybridnet
{

/**
 * One flow-control packet (FCP) of IBA Vol. 1 Release 1.2.1, 7.9.4: Op (4 bits) | FCTBS
 * (12) | VL (4) | FCCL (12) | LPCRC (16) = 6 bytes on the link (InfinibandPacketSize::
 * kLinkPacket), sent between data packets. Carried as this struct, not as a Packet.
 */
struct InfinibandFcp
{
    uint8_t vl{0};     //!< the data VL it is about
    uint16_t fctbs{0}; //!< the sender's FCTBS for that VL (12 bits)
    uint16_t fccl{0};  //!< the sender's credit limit for the VL's reverse direction
};

/**
 * @brief Credit-based link-level flow control of one data virtual lane at one port (IBA
 * Architecture Specification Vol. 1 Release 1.2.1, 7.9): the sending half (this port's
 * transmitter) and the receiving half (this port's receive buffer for the VL).
 *
 * Units are 64-byte blocks (InfinibandPacketSize (4)); every counter is 12 bits, so all
 * arithmetic is mod 4096.
 *
 * Sender. FCTBS counts the blocks sent on the VL since the link came up; FCCL is the last
 * credit limit received from the peer. A packet of b blocks may start only if
 *
 *     (1) (FCCL - (FCTBS + b)) mod 4096 <= 2048              (7.9.4, the sender's check)
 *
 * after which FCTBS <- (FCTBS + b) mod 4096. A packet that fails (1) waits; it is never
 * dropped. The blocks the sender may still send are
 *
 *     (2) C = (FCCL - FCTBS) mod 4096   if that is <= 2048, else 0.
 *
 * Receiver. ABR counts the blocks received (mod 4096); F the free blocks of the VL's
 * buffer (Capacity minus the blocks held). The credit limit it advertises is
 *
 *     (3) FCCL = (ABR + min(F, 2048)) mod 4096
 *
 * so the sender's C equals the receiver's free space minus what is in flight: the buffer
 * can never overflow. ABR + F is unchanged by a packet's arrival (ABR +b, F -b); FCCL moves
 * only when blocks are freed. The capacity is at most 2048 blocks (128 KiB): (1) cannot
 * use more. The spec also resynchronises ABR to a received FCTBS (to repair a lost data
 * packet); links here lose nothing, so ABR equals the peer's FCTBS whenever the link is
 * idle, and GetAbr lets tests check that.
 */
class InfinibandFlowControl
{
  public:
    static constexpr uint32_t kModulus = 4096; //!< 12-bit counters
    static constexpr uint32_t kWindow = 2048;  //!< the most (1) and (3) allow

    /** @param capacity the receive buffer of this VL, blocks (1 to 2048) */
    explicit InfinibandFlowControl(uint32_t capacity = 0);

    // Sender half.
    /** @return whether (1) lets a packet of @p blocks start */
    bool CanSend(uint32_t blocks) const;
    /** A packet of @p blocks starts: FCTBS += blocks. */
    void OnSend(uint32_t blocks);
    /** @param fccl a credit limit received in an FCP */
    void OnCreditLimit(uint16_t fccl);
    /** @return C of (2) */
    uint32_t GetCredits() const;
    /** @return FCTBS */
    uint16_t GetFctbs() const;

    // Receiver half.
    /** A packet of @p blocks arrives: ABR += blocks, F -= blocks (aborts if F < blocks). */
    void OnReceive(uint32_t blocks);
    /** @p blocks leave the buffer: F += blocks. */
    void OnFree(uint32_t blocks);
    /** @return FCCL of (3), to advertise */
    uint16_t GetCreditLimit() const;
    /** @return blocks held in the buffer */
    uint32_t GetHeld() const;
    /** @return ABR */
    uint16_t GetAbr() const;

  private:
    uint16_t m_fctbs{0}; //!< sender: blocks sent, mod 4096
    uint16_t m_fccl{0};  //!< sender: last credit limit received
    uint16_t m_abr{0};   //!< receiver: blocks received, mod 4096
    uint32_t m_capacity; //!< receiver: buffer blocks
    uint32_t m_held{0};  //!< receiver: blocks in the buffer
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_INFINIBAND_FLOW_CONTROL_H
