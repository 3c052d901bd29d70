/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_INFINIBAND_RESPONDER_H
#define HYBRIDNET_INFINIBAND_RESPONDER_H

#include "infiniband-queue-pair.h"
#include "infiniband-work-request.h"

#include "ns3/packet.h"
#include "ns3/ptr.h"

#include <deque>

namespace ns3
{
namespace hybridnet
{

class InfinibandBthHeader;

/**
 * @brief The responder of an RC queue pair: its receive queue and the execution of the
 * peer's requests (IBA Architecture Specification Vol. 1 Release 1.2.1, 9.7.4 and 9.7.5).
 *
 * A request with the expected PSN (ePSN, set by ModifyToRtr, 24 bits) is executed: a SEND
 * fills the oldest posted receive WQE (none posted: RNR NAK with MinRnrTimer, 9.7.5.2.8;
 * larger than the buffer: NAK invalid request and a LOC_LEN_ERR receive completion), an
 * RDMA WRITE or READ is checked against the memory region of its R_Key (outside, or unknown
 * key: NAK remote access error, 9.7.5.2.4). A PSN ahead of ePSN is a sequence error: one
 * NAK per error (9.7.5.2.1), later packets are discarded until ePSN arrives. A duplicate
 * (behind ePSN) is ACKed again, a duplicate READ is executed again (9.7.5.1.3). An RDMA
 * READ is answered by n(m) READ_RESPONSE packets, segmented as InfinibandRequester's
 * equation (1), and advances ePSN by n(m). ACKs coalesce:
 *
 *   (3) an ACK (AETH syndrome ACK, PSN of the packet) is sent after the last packet of a
 *       message, and after every N-th packet since the last ACK (N = AckCoalescing);
 *       READ responses stand for ACKs.
 *
 * Simplifications: ACKs carry the invalid credit count (no end-to-end credits), no
 * immediate data, atomics or SRQ; the responder stays in RTS after a NAK it sent. A plain
 * class owned by InfinibandQueuePair, which holds the attributes it reads.
 */
class InfinibandResponder
{
  public:
    /** A packet to send, as InfinibandQueuePair hands it to the adapter. */
    using Outgoing = InfinibandQueuePair::Outgoing;

    /** @param qp the queue pair it belongs to (outlives it) */
    explicit InfinibandResponder(InfinibandQueuePair& qp);

    /** INIT -> RTR. @param receivePsn the first PSN expected (24 bits) */
    void Start(uint32_t receivePsn);
    /**
     * Queue a receive WQE (state and length already checked).
     * @param wr the request
     * @return OK, or QUEUE_FULL at MaxRecvWr
     */
    InfinibandPostStatus Post(const InfinibandReceiveWorkRequest& wr);
    /** @return whether a READ response is ready to be sent */
    bool HasResponse() const;
    /** @return the next READ response (HasResponse() must hold) */
    Outgoing NextResponse();
    /** A request packet (SEND, RDMA WRITE or READ), BTH removed. */
    void HandleRequest(const InfinibandBthHeader& bth, Ptr<Packet> packet);
    /** The QP went to ERROR: drop the READ responses, complete every receive WQE with
     * WR_FLUSH_ERR. */
    void Flush();

  private:
    void Execute(uint8_t opcode, uint32_t psn, Ptr<Packet> packet);
    bool ExecuteSend(uint8_t opcode, Ptr<Packet> packet);
    bool ExecuteWrite(uint8_t opcode, Ptr<Packet> packet);
    void ExecuteRead(uint32_t psn, Ptr<Packet> packet, bool duplicate);
    void SendAck(uint8_t syndrome, uint32_t psn);
    void SendNak(uint8_t syndrome);
    void CompleteReceive(InfinibandWcStatus status, uint64_t bytes);

    InfinibandQueuePair& m_qp;
    uint32_t m_ePsn{0};     //!< expected PSN, 24 bits
    bool m_nakSent{false};  //!< a NAK is outstanding: discard until ePSN
    uint32_t m_sinceAck{0}; //!< packets since the last ACK, equation (3)
    uint32_t m_msn{0};      //!< message sequence number
    std::deque<InfinibandReceiveWorkRequest> m_rq;
    bool m_inSend{false};                   //!< a multi-packet SEND is being received
    InfinibandReceiveWorkRequest m_current; //!< its receive WQE
    uint64_t m_received{0};                 //!< its bytes so far
    std::deque<Outgoing> m_responses;       //!< READ responses to send
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_INFINIBAND_RESPONDER_H
