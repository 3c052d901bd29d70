/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_INFINIBAND_UD_TRANSPORT_H
#define HYBRIDNET_INFINIBAND_UD_TRANSPORT_H

#include "infiniband-queue-pair.h"
#include "infiniband-work-request.h"

#include "ns3/packet.h"
#include "ns3/ptr.h"

#include <deque>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief The unreliable datagram (UD) transport of a queue pair whose ServiceType is UD
 * (IBA Architecture Specification Vol. 1 Release 1.2.1, 9.8 and 10.2.4; ibv_qp of type
 * IBV_QPT_UD), the transport IPoIB's datagram mode runs on.
 *
 * Send: every send WQE carries its destination (the address handle's LID and the remote
 * QPN, ibv_send_wr.wr.ud) and is exactly one packet,
 *
 *   (1) p = LRH 8 + BTH 12 + DETH 8 + m + pad + ICRC 4 + VCRC 2,    0 <= m <= M
 *       (M = the QP's Mtu; a longer message is refused with INVALID_LENGTH),
 *
 * opcode SEND_ONLY of the UD class (0x64, 9.2.1 Table 35), PSN consecutive mod 2^24 but
 * never checked. The adapter's timing is InfinibandHca's (1)-(3), as for RC. The send WQE
 * completes when the packet has been handed to the port: no ACK, no retransmission, no
 * timer (9.8.3).
 *
 * Receive: a packet takes the oldest posted receive WQE; the first 40 bytes of every
 * receive buffer are reserved for a GRH (10.2.4.2: "the first 40 bytes of the receive
 * buffer ... GRH"), whether the packet has one or not, so
 *
 *   (2) byte_len = 40 + m,  accepted if 40 + m <= the WQE's length, else LOC_LEN_ERR;
 *
 * the adapter DMA-writes the m payload bytes (InfinibandHca (4); no GRH on a local
 * subnet, so the 40 bytes are not written) then the CQE (5). A packet that finds no
 * posted receive WQE is silently dropped (9.8.4: no RNR for UD) and traced (QP UdDrop).
 *
 * The payload's bytes are carried: a packet posted with data (PostSend with a packet) has
 * those bytes on the wire, and the receiving QP hands them, with the receive WQE's id, to
 * its receive-data callback when the payload is written (ahead of the CQE), as an
 * application would find them in its buffer.
 *
 * Simplifications: Q_Keys and P_Keys are carried but not checked; no GRH (one subnet), no
 * multicast; the completion's slid is not filled; states as RC (INIT, RTR, RTS; the RTR
 * transition needs no remote address). A plain class owned by InfinibandQueuePair.
 */
class InfinibandUdTransport
{
  public:
    /** A packet to send, as InfinibandQueuePair hands it to the adapter. */
    using Outgoing = InfinibandQueuePair::Outgoing;

    static constexpr uint8_t UD_SEND_ONLY = 0x64; //!< UD SEND Only, 9.2.1 Table 35
    static constexpr uint32_t GRH_BYTES = 40;     //!< reserved at a receive buffer's start

    /** @param qp the queue pair it belongs to (outlives it) */
    explicit InfinibandUdTransport(InfinibandQueuePair& qp);

    /**
     * Queue a send WQE and ring the doorbell (state checked by the QP).
     * @param wr the request (SEND only; remoteLid and remoteQpn its destination)
     * @param data the payload's bytes, or null (then wr.length bytes of zeros)
     * @return OK, INVALID_LENGTH above the MTU, QUEUE_FULL at MaxSendWr
     */
    InfinibandPostStatus Post(const InfinibandSendWorkRequest& wr, Ptr<const Packet> data);
    /** @param wr a receive request @return OK, or QUEUE_FULL at MaxRecvWr */
    InfinibandPostStatus PostReceive(const InfinibandReceiveWorkRequest& wr);
    /** The WQE posted next in order has been fetched by the adapter. */
    void WqeFetched();
    /** @return whether a fetched WQE waits to be sent */
    bool HasPacket() const;
    /** @return its packet, equation (1) */
    Outgoing NextPacket();
    /** The adapter has read the payload: build the packet, hand it over, complete. */
    void Transmit(const Outgoing& out);
    /** A packet for this QP, BTH removed, equation (2). */
    void Receive(Ptr<Packet> packet);
    /** The QP went to ERROR: flush both queues. */
    void Flush();

  private:
    /** A posted send WQE. */
    struct SendWqe
    {
        InfinibandSendWorkRequest wr;
        Ptr<const Packet> data;
    };

    InfinibandQueuePair& m_qp;
    std::deque<SendWqe> m_sq;       //!< posted, not yet in the adapter's engine
    uint64_t m_fetched{0};          //!< WQEs at the front of m_sq fetched by the adapter
    std::deque<SendWqe> m_inEngine; //!< taken by NextPacket, not yet transmitted (in order)
    uint32_t m_psn{0};              //!< next PSN (24 bits)
    std::deque<InfinibandReceiveWorkRequest> m_rq; //!< posted receive WQEs
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_INFINIBAND_UD_TRANSPORT_H
