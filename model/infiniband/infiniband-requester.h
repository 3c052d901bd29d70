/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_INFINIBAND_REQUESTER_H
#define HYBRIDNET_INFINIBAND_REQUESTER_H

#include "infiniband-queue-pair.h"
#include "infiniband-work-request.h"

#include "ns3/event-id.h"
#include "ns3/packet.h"
#include "ns3/ptr.h"

#include <deque>

namespace ns3
{
namespace hybridnet
{

class InfinibandBthHeader;
class InfinibandAethHeader;

/**
 * @brief The requester of an RC queue pair: its send queue, from the posted WQE to its
 * completion (IBA Architecture Specification Vol. 1 Release 1.2.1, 9.7.1 and 9.7.6).
 *
 * Segmentation (9.7.1, 9.4). A message of m bytes at path MTU M (InfinibandQueuePair
 * attribute Mtu) is
 *
 *   (1) n(m) = max(1, ceil(m / M)) packets, the first n - 1 of M bytes, the last of
 *       m - (n - 1) M; opcodes ONLY if n = 1, else FIRST, MIDDLE..., LAST (SEND 0x00-0x04,
 *       RDMA WRITE 0x06-0x0A with the RETH on FIRST/ONLY). An RDMA READ is one
 *       READ_REQUEST (0x0C, RETH) answered by n(m) READ_RESPONSE packets (0x0D-0x10, AETH
 *       on FIRST/LAST/ONLY); the request consumes n(m) PSNs (9.7.1.1).
 *   (2) PSNs are consecutive mod 2^24 from the send PSN of ModifyToRts.
 *
 * Acknowledgement (9.7.6). An ACK of PSN a acknowledges every PSN up to a; a READ response
 * acknowledges every PSN before it. WQEs complete in order (a READ when its last response
 * has arrived); a CQE is written if the WR was signaled or ended in error. Retransmission:
 *
 *   (4) Local ACK Timeout  T_o = 4.096 us x 2^t   (t = attribute Timeout, 1..31; 0 = none,
 *       9.7.6.1.3 and PortInfo/QP context encoding), started when a request packet is
 *       handed to the port with none outstanding, restarted by an ACK that makes progress,
 *       stopped when all are acknowledged. On expiry: go back N - resend from the oldest
 *       unacknowledged PSN - at most RetryCount times in a row, then RETRY_EXC_ERR.
 *   (5) NAK PSN sequence error: resend from its PSN at once. RNR NAK with timer code c:
 *       wait RNR(c) (Table 45, 0.01 ms to 655.36 ms, RnrTimerValue) then resend from its
 *       PSN, at most RnrRetry times (7: without limit), then RNR_RETRY_EXC_ERR.
 *   (6) other NAKs (invalid request, remote access): the WQE completes in error
 *       (REM_INV_REQ_ERR, REM_ACCESS_ERR) and the QP goes to ERROR: every other WQE
 *       completes with WR_FLUSH_ERR (11.6.2).
 *
 * PSNs are kept absolute (64 bits) and mapped to the BTH's 24 bits only on the wire.
 * Simplifications: a resent READ asks for the whole message again (9.7.6.1.4 allows
 * resuming at the first missing response); no end-to-end credits, no limit on outstanding
 * READs (max_rd_atomic). A plain class owned by InfinibandQueuePair, which holds the
 * attributes and trace sources it reads and fires.
 */
class InfinibandRequester
{
  public:
    /** A packet to send, as InfinibandQueuePair hands it to the adapter. */
    using Outgoing = InfinibandQueuePair::Outgoing;

    /** @param qp the queue pair it belongs to (outlives it) */
    explicit InfinibandRequester(InfinibandQueuePair& qp);

    /**
     * @param length message bytes
     * @param mtu path MTU, bytes
     * @return n(m) of equation (1), packets of a message (an RDMA READ's responses)
     */
    static uint32_t PacketCount(uint64_t length, uint32_t mtu);
    /**
     * @param first opcode of a FIRST packet (MIDDLE and LAST follow it)
     * @param only opcode of an ONLY packet
     * @param index the packet's index in its message
     * @param n packets in the message
     * @return the packet's opcode, equation (1)
     */
    static uint8_t PacketOpcode(uint8_t first, uint8_t only, uint32_t index, uint32_t n);

    /** RTR -> RTS. @param sendPsn the first PSN to send (24 bits), equation (2) */
    void Start(uint32_t sendPsn);
    /**
     * Queue a send WQE and ring the doorbell (state and length already checked).
     * @param wr the request
     * @return OK, or QUEUE_FULL at MaxSendWr
     */
    InfinibandPostStatus Post(const InfinibandSendWorkRequest& wr);
    /** The WQE posted next in order has been fetched by the adapter (QP in RTS). */
    void WqeFetched();
    /** @return whether a request packet is ready: fetched, not waiting out an RNR NAK */
    bool HasRequest() const;
    /** @return the next request packet, equation (1) (HasRequest() must hold) */
    Outgoing NextRequest();
    /** @param psn a request packet's absolute PSN @return whether it was sent before */
    bool IsRetransmission(uint64_t psn) const;
    /** A request packet has been handed to the port: starts the timer, equation (4). */
    void Sent(const Outgoing& out);
    /** An ACK, NAK or RNR NAK, equations (5)-(6). */
    void HandleAck(const InfinibandBthHeader& bth, const InfinibandAethHeader& aeth);
    /** An RDMA READ response, AETH not yet removed. */
    void HandleReadResponse(const InfinibandBthHeader& bth, Ptr<Packet> packet);
    /** The QP went to ERROR: stop the timers, complete every WQE with WR_FLUSH_ERR. */
    void Flush();
    /** Stop the timers (the QP is disposed). */
    void CancelTimers();

  private:
    /** A posted send WQE. */
    struct SendWqe
    {
        InfinibandSendWorkRequest wr;
        uint64_t firstPsn{0};  //!< absolute PSN of its first packet
        uint32_t packets{1};   //!< n(m), equation (1)
        uint32_t responses{0}; //!< READ: responses received
        bool readDone{false};  //!< READ: all responses received
    };

    void Acknowledge(uint64_t lastPsn);
    void HandleRnrNak(uint64_t psn, uint8_t timerCode);
    void CompleteInOrder();
    void GoBack(uint64_t psn);
    void RestartTimer();
    void AckTimeout();
    void RnrTimerExpired();
    void Fail(uint64_t psn, InfinibandWcStatus status);
    void Complete(const SendWqe& wqe, InfinibandWcStatus status);
    void NotifyIfReady();
    uint64_t ToAbsolute(uint32_t psn) const;
    SendWqe* FindWqe(uint64_t psn);

    InfinibandQueuePair& m_qp;
    std::deque<SendWqe> m_sq;  //!< posted, not completed
    uint64_t m_sqBase{0};      //!< absolute index of m_sq.front()
    uint64_t m_posted{0};      //!< WQEs posted
    uint64_t m_fetched{0};     //!< WQEs fetched by the adapter
    uint64_t m_sendWqe{0};     //!< absolute index of the WQE being sent
    uint32_t m_sendPacket{0};  //!< its next packet
    uint64_t m_nextPsn{0};     //!< first PSN of the next posted WQE
    uint64_t m_unacked{0};     //!< oldest unacknowledged PSN
    uint64_t m_sentEnd{0};     //!< one past the highest PSN sent
    uint64_t m_highestSent{0}; //!< one past the highest PSN ever sent (retransmission test)
    uint8_t m_retriesLeft{0};
    uint8_t m_rnrRetriesLeft{0};
    bool m_rnrWaiting{false};
    EventId m_ackTimer;
    EventId m_rnrTimer;
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_INFINIBAND_REQUESTER_H
