/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_INFINIBAND_PACKET_SIZE_H
#define HYBRIDNET_INFINIBAND_PACKET_SIZE_H

#include "infiniband-rate.h"

#include <cstdint>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief The byte arithmetic of InfiniBand packets: header sizes, padding, MTU, flow-control
 * blocks, packets per message, payload efficiency.
 *
 * A data packet (IBA Architecture Specification Vol. 1 Release 1.2.1, 5.2 and chapters
 * 7-9) is
 *
 *     LRH 8 | GRH 40 (only to another subnet) | BTH 12 | extended transport headers |
 *     payload | pad 0-3 | ICRC 4 | VCRC 2
 *
 * LRH: Local Route Header (7.7); GRH: Global Route Header (8.3); BTH: Base Transport
 * Header (9.2); extended transport headers (9.3): RETH 16 (RDMA), AETH 4 (ACK), ImmDt 4
 * (immediate data), DETH 8 (datagram), AtomicETH 28, AtomicAckETH 8; ICRC invariant CRC
 * and VCRC variant CRC (7.8). The payload is padded to a 4-byte multiple (BTH PadCnt,
 * 9.2). With e the extended header bytes, g = 40 with a GRH and 0 without, the packet is
 *
 *     (1) pad(m) = (4 - m mod 4) mod 4
 *     (2) p(m) = 8 + g + 12 + e + m + pad(m) + 4 + 2     bytes, LRH to VCRC
 *
 * The MTU bounds m (the payload, headers excluded): 256, 512, 1024, 2048 or 4096 bytes
 * (PortInfo NeighborMTU/MTUCap, 14.2.5.6); other values do not exist. A message of M bytes
 * needs
 *
 *     (3) k(M) = max(1, ceil(M / MTU))                   packets (a 0-byte message: one)
 *
 * Link-level flow control counts 64-byte blocks (7.9): a packet needs
 *
 *     (4) b(p) = ceil(p / 64)                            blocks (credits)
 *
 * (the model counts p from the LRH to the VCRC: every byte the receiver buffers). On a link
 * of rate r (InfinibandRate (4)) the payload efficiency of a packet is
 *
 *     (5) eta(m) = m / W_r(p(m))
 *
 * and a stream of such packets carries D_r eta(m) bits of payload a second.
 */
class InfinibandPacketSize
{
  public:
    static constexpr uint32_t kLrh = 8;          //!< Local Route Header, 7.7
    static constexpr uint32_t kGrh = 40;         //!< Global Route Header, 8.3
    static constexpr uint32_t kBth = 12;         //!< Base Transport Header, 9.2
    static constexpr uint32_t kReth = 16;        //!< RDMA ETH, 9.3.3
    static constexpr uint32_t kAeth = 4;         //!< ACK ETH, 9.3.5
    static constexpr uint32_t kImmDt = 4;        //!< immediate data, 9.3.7
    static constexpr uint32_t kDeth = 8;         //!< datagram ETH, 9.3.2
    static constexpr uint32_t kAtomicEth = 28;   //!< atomic ETH, 9.3.4
    static constexpr uint32_t kAtomicAckEth = 8; //!< atomic ACK ETH, 9.3.6
    static constexpr uint32_t kIcrc = 4;         //!< invariant CRC, 7.8.1
    static constexpr uint32_t kVcrc = 2;         //!< variant CRC, 7.8.2
    static constexpr uint32_t kBlockBytes = 64;  //!< flow-control block, 7.9
    static constexpr uint32_t kLinkPacket = 6;   //!< flow-control packet, 7.9.4
    static constexpr uint32_t kMaxExtended = 28; //!< largest e of any opcode (AtomicETH)

    /**
     * @param mtu bytes
     * @return whether @p mtu is 256, 512, 1024, 2048 or 4096
     */
    static bool IsValidMtu(uint32_t mtu);

    /**
     * @param payload m, bytes
     * @return pad(m) of (1)
     */
    static uint32_t GetPad(uint32_t payload);

    /**
     * @param payload m, bytes
     * @param extended e, extended transport header bytes (a sum of the kXxx above)
     * @param grh whether the packet carries a GRH
     * @return p(m) of (2)
     */
    static uint32_t GetPacketBytes(uint32_t payload, uint32_t extended = 0, bool grh = false);

    /**
     * @param message M, bytes
     * @param mtu bytes, IsValidMtu (aborts otherwise)
     * @return k(M) of (3)
     */
    static uint64_t GetPacketsPerMessage(uint64_t message, uint32_t mtu);

    /**
     * @param packetBytes p
     * @return b(p) of (4)
     */
    static uint32_t GetBlocks(uint32_t packetBytes);

    /**
     * @param payload m, bytes
     * @param extended e, bytes
     * @param rate the link
     * @return eta(m) of (5)
     */
    static double GetEfficiency(uint32_t payload, uint32_t extended, const InfinibandRate& rate);
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_INFINIBAND_PACKET_SIZE_H
