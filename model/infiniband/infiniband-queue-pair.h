/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_INFINIBAND_QUEUE_PAIR_H
#define HYBRIDNET_INFINIBAND_QUEUE_PAIR_H

#include "infiniband-net-device.h"
#include "infiniband-work-request.h"

#include "ns3/event-id.h"
#include "ns3/mac16-address.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/packet.h"
#include "ns3/ptr.h"
#include "ns3/traced-callback.h"

#include <deque>

namespace ns3
{
namespace hybridnet
{

class InfinibandHca;
class InfinibandCompletionQueue;
class InfinibandBthHeader;
class InfinibandAethHeader;

/**
 * @brief A reliable connected (RC) queue pair (ibv_qp of type IBV_QPT_RC): the send queue
 * and its requester, the receive queue and its responder (IBA Architecture Specification
 * Vol. 1 Release 1.2.1, chapters 9 and 10).
 *
 * States (10.3): RESET -> INIT -> RTR -> RTS, and ERROR. PostReceive is accepted in INIT,
 * RTR and RTS; PostSend only in RTS; otherwise the post returns INVALID_STATE and nothing
 * happens (ibv_post_send's EINVAL). A message is 0 to 2^31 bytes (9.7.1: DMA Length is
 * 31 bits); longer returns INVALID_LENGTH.
 *
 * Segmentation (9.7.1, 9.4). A message of m bytes at path MTU M (attribute Mtu) is
 *
 *   (1) n(m) = max(1, ceil(m / M)) packets, the first n - 1 of M bytes, the last of
 *       m - (n - 1) M; opcodes ONLY if n = 1, else FIRST, MIDDLE..., LAST (SEND 0x00-0x04,
 *       RDMA WRITE 0x06-0x0A with the RETH on FIRST/ONLY). An RDMA READ is one
 *       READ_REQUEST (0x0C, RETH) answered by n(m) READ_RESPONSE packets (0x0D-0x10, AETH
 *       on FIRST/LAST/ONLY); the request consumes n(m) PSNs (9.7.1.1).
 *   (2) PSNs are consecutive mod 2^24 from the send PSN of ModifyToRts.
 *
 * Responder (9.7.4). A request with the expected PSN (ePSN) is executed: a SEND fills the
 * oldest posted receive WQE (none posted: RNR NAK with MinRnrTimer, 9.7.5.2.8; larger than
 * the buffer: NAK invalid request and a LOC_LEN_ERR receive completion), an RDMA WRITE or
 * READ is checked against the memory region of its R_Key (outside, or unknown key: NAK
 * remote access error, 9.7.5.2.4). A PSN ahead of ePSN is a sequence error: one NAK per
 * error (9.7.5.2.1), later packets are discarded until ePSN arrives. A duplicate (behind
 * ePSN) is ACKed again, a duplicate READ is executed again (9.7.5.1.3). ACKs coalesce:
 *
 *   (3) an ACK (AETH syndrome ACK, PSN of the packet) is sent after the last packet of a
 *       message, and after every N-th packet since the last ACK (N = AckCoalescing);
 *       READ responses stand for ACKs.
 *
 * Requester (9.7.6). An ACK of PSN a acknowledges every PSN up to a; a READ response
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
 * Simplifications: a resent READ asks for the whole message again (9.7.6.1.4 allows
 * resuming at the first missing response); no end-to-end credits (ACKs carry the invalid
 * credit count), no limit on outstanding READs (max_rd_atomic), no immediate data,
 * atomics, SRQ, path migration or P_Key/Q_Key checks; the responder stays in RTS after a
 * NAK it sent. The HCA's timing (doorbells, DMA, per-packet processing) is InfinibandHca's.
 */
class InfinibandQueuePair : public Object
{
  public:
    /** QP states, 10.3.1. */
    enum State : uint8_t
    {
        RESET,
        INIT,
        RTR,
        RTS,
        ERROR,
    };

    /** BTH opcodes of the RC transport, 9.2.1 Table 35 (prefix 000). */
    enum Opcode : uint8_t
    {
        SEND_FIRST = 0x00,
        SEND_MIDDLE = 0x01,
        SEND_LAST = 0x02,
        SEND_ONLY = 0x04,
        RDMA_WRITE_FIRST = 0x06,
        RDMA_WRITE_MIDDLE = 0x07,
        RDMA_WRITE_LAST = 0x08,
        RDMA_WRITE_ONLY = 0x0A,
        RDMA_READ_REQUEST = 0x0C,
        RDMA_READ_RESPONSE_FIRST = 0x0D,
        RDMA_READ_RESPONSE_MIDDLE = 0x0E,
        RDMA_READ_RESPONSE_LAST = 0x0F,
        RDMA_READ_RESPONSE_ONLY = 0x10,
        ACKNOWLEDGE = 0x11,
    };

    /** A packet the adapter is to send for this QP (InfinibandHca builds its timing). */
    struct Outgoing
    {
        uint8_t opcode{0};      //!< BTH opcode
        uint64_t psn{0};        //!< absolute PSN (the BTH carries it mod 2^24)
        uint32_t payload{0};    //!< payload bytes (DMA-read from host memory)
        bool ackRequest{false}; //!< BTH A bit
        bool reth{false};       //!< carries a RETH
        uint64_t va{0};         //!< RETH VA
        uint32_t rkey{0};       //!< RETH R_Key
        uint32_t dmaLength{0};  //!< RETH DMA Length
        bool aeth{false};       //!< carries an AETH (READ responses)
        uint32_t msn{0};        //!< AETH MSN
        bool request{false};    //!< a request (counted by the retransmission timer)
        uint32_t span{1};       //!< PSNs it consumes (READ request: n(m))
    };

    /**
     * Signature of PacketTx: a packet of this QP handed to the port.
     * @param opcode BTH opcode
     * @param psn BTH PSN (24 bits)
     * @param payload payload bytes
     * @param retransmission whether it was sent before
     */
    typedef void (*PacketTxCallback)(uint8_t opcode,
                                     uint32_t psn,
                                     uint32_t payload,
                                     bool retransmission);
    /**
     * Signature of Nak and Timeout: the PSN concerned and the AETH syndrome (0 for a
     * timeout).
     */
    typedef void (*NakCallback)(uint32_t psn, uint8_t syndrome);

    static TypeId GetTypeId();
    InfinibandQueuePair();
    ~InfinibandQueuePair() override;

    /**
     * Called by InfinibandHca::CreateQueuePair.
     * @param hca its adapter
     * @param qpn its QP number
     * @param port its port (1 or 2)
     * @param sendCq CQ of the send queue
     * @param recvCq CQ of the receive queue
     */
    void Setup(Ptr<InfinibandHca> hca,
               uint32_t qpn,
               uint8_t port,
               Ptr<InfinibandCompletionQueue> sendCq,
               Ptr<InfinibandCompletionQueue> recvCq);

    /** @return the QP number */
    uint32_t GetQpNum() const;
    /** @return the port number */
    uint8_t GetPort() const;
    /** @return the LID of its port (the subnet manager's) */
    Mac16Address GetLid() const;
    /** @return the state */
    State GetState() const;
    /** @return the path MTU, bytes */
    uint32_t GetMtu() const;
    /** @return T_o of equation (4) (0 if t = 0) */
    Time GetLocalAckTimeout() const;
    /**
     * @param code an RNR NAK timer code, 0-31
     * @return its time, IBA Table 45 (0: 655.36 ms)
     */
    static Time RnrTimerValue(uint8_t code);

    /** RESET -> INIT. @return false from any other state */
    bool ModifyToInit();
    /**
     * INIT -> RTR.
     * @param dlid the remote port's LID
     * @param destQpn the remote QP number
     * @param receivePsn the first PSN expected (24 bits)
     * @return false from another state, or if the path MTU exceeds the port's
     */
    bool ModifyToRtr(Mac16Address dlid, uint32_t destQpn, uint32_t receivePsn);
    /**
     * RTR -> RTS.
     * @param sendPsn the first PSN to send (24 bits)
     * @return false from another state
     */
    bool ModifyToRts(uint32_t sendPsn);
    /** Any state -> ERROR: flush every outstanding work request. */
    void ModifyToError();

    /** ibv_post_send. @param wr the request @return OK or why refused */
    InfinibandPostStatus PostSend(const InfinibandSendWorkRequest& wr);
    /** ibv_post_recv. @param wr the request @return OK or why refused */
    InfinibandPostStatus PostReceive(const InfinibandReceiveWorkRequest& wr);

    // Used by InfinibandHca.
    /** The WQE posted next in order has been fetched by the adapter. */
    void WqeFetched();
    /** @return whether a packet is ready to be sent */
    bool HasPacket() const;
    /** @return the next packet to send (HasPacket() must hold) */
    Outgoing NextPacket();
    /** The adapter has read the payload of @p out: build it and hand it to the port. */
    void Transmit(const Outgoing& out);
    /** A packet for this QP, BTH first, after the adapter's processing. */
    void Receive(Ptr<Packet> packet);

  protected:
    void DoDispose() override;

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

    // requester
    Outgoing NextRequest();
    void HandleAck(const InfinibandBthHeader& bth, const InfinibandAethHeader& aeth);
    void HandleReadResponse(const InfinibandBthHeader& bth, Ptr<Packet> packet);
    void Acknowledge(uint64_t lastPsn);
    void CompleteInOrder();
    void GoBack(uint64_t psn);
    void RestartTimer();
    void AckTimeout();
    void RnrTimerExpired();
    void Fail(uint64_t psn, InfinibandWcStatus status);
    void Complete(const SendWqe& wqe, InfinibandWcStatus status);
    uint64_t ToAbsolute(uint32_t psn) const;
    SendWqe* FindWqe(uint64_t psn);

    // responder
    void HandleRequest(const InfinibandBthHeader& bth, Ptr<Packet> packet);
    void Execute(uint8_t opcode, uint32_t psn, Ptr<Packet> packet);
    bool ExecuteSend(uint8_t opcode, Ptr<Packet> packet);
    bool ExecuteWrite(uint8_t opcode, Ptr<Packet> packet);
    void ExecuteRead(uint32_t psn, Ptr<Packet> packet, bool duplicate);
    void SendAck(uint8_t syndrome, uint32_t psn);
    void SendNak(uint8_t syndrome);
    void CompleteReceive(InfinibandWcStatus status, uint64_t bytes);

    // attributes
    InfinibandNetDevice::Mtu m_mtu{InfinibandNetDevice::MTU_2048};
    uint8_t m_timeout{0};
    uint8_t m_retryCount{0};
    uint8_t m_rnrRetry{0};
    uint8_t m_minRnrTimer{0};
    uint32_t m_ackCoalescing{0};
    uint32_t m_maxSendWr{0};
    uint32_t m_maxRecvWr{0};
    uint8_t m_serviceLevel{0};

    Ptr<InfinibandHca> m_hca;
    Ptr<InfinibandCompletionQueue> m_sendCq;
    Ptr<InfinibandCompletionQueue> m_recvCq;
    uint32_t m_qpn{0};
    uint8_t m_port{1};
    State m_state{RESET};
    Mac16Address m_dlid;
    uint32_t m_destQpn{0};

    // requester state (absolute PSNs, 64 bits)
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

    // responder state
    uint32_t m_ePsn{0};     //!< expected PSN, 24 bits
    bool m_nakSent{false};  //!< a NAK is outstanding: discard until ePSN
    uint32_t m_sinceAck{0}; //!< packets since the last ACK, equation (3)
    uint32_t m_msn{0};      //!< message sequence number
    std::deque<InfinibandReceiveWorkRequest> m_rq;
    bool m_inSend{false};                   //!< a multi-packet SEND is being received
    InfinibandReceiveWorkRequest m_current; //!< its receive WQE
    uint64_t m_received{0};                 //!< its bytes so far
    std::deque<Outgoing> m_responses;       //!< READ responses to send

    TracedCallback<uint8_t, uint32_t, uint32_t, bool> m_packetTxTrace;
    TracedCallback<uint32_t, uint8_t> m_nakTrace;
    TracedCallback<uint32_t, uint8_t> m_timeoutTrace;
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_INFINIBAND_QUEUE_PAIR_H
