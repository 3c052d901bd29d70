/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_INFINIBAND_QUEUE_PAIR_H
#define HYBRIDNET_INFINIBAND_QUEUE_PAIR_H

#include "infiniband-net-device.h"
#include "infiniband-work-request.h"

#include "ns3/mac16-address.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/packet.h"
#include "ns3/ptr.h"
#include "ns3/traced-callback.h"

#include <memory>

namespace ns3
{
namespace hybridnet
{

class InfinibandHca;
class InfinibandCompletionQueue;
class InfinibandRequester;
class InfinibandResponder;
class InfinibandUdTransport;

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
 * The QP is the verbs-facing half: its state, the attributes and trace sources, posting
 * and the packets it exchanges with InfinibandHca. The transport is two parts, each
 * specified in its class comment:
 *
 * - InfinibandRequester, the send queue (9.7.1, 9.7.6): segmentation and PSNs, equations
 *   (1)-(2), ACK processing and in-order completion, the Local ACK Timeout (4), go back N
 *   and RNR waits on NAKs (5), completion in error on the others (6);
 * - InfinibandResponder, the receive queue (9.7.4, 9.7.5): the expected PSN, execution of
 *   SEND, RDMA WRITE and READ, NAKs and RNR NAKs, ACK coalescing (3).
 *
 * Both are plain classes the QP owns: they read its attributes when they use them and fire
 * its trace sources, which stay here, where users set and connect them. A failure of
 * either part (a WQE completing in error) takes the whole QP to ERROR, which flushes both
 * queues.
 *
 * Simplifications: a resent READ asks for the whole message again (9.7.6.1.4 allows
 * resuming at the first missing response); no end-to-end credits (ACKs carry the invalid
 * credit count), no limit on outstanding READs (max_rd_atomic), no immediate data,
 * atomics, SRQ, path migration or P_Key/Q_Key checks; the responder stays in RTS after a
 * NAK it sent. The HCA's timing (doorbells, DMA, per-packet processing) is InfinibandHca's.
 *
 * With ServiceType UD the QP is an unreliable datagram QP instead (IBV_QPT_UD): the
 * requester and responder are not used and InfinibandUdTransport, specified in its class
 * comment, sends and receives one-packet datagrams; posting, states and the adapter's
 * timing are as above.
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

    /** Transport service of the QP (IBA 9.1). */
    enum ServiceType : uint8_t
    {
        RC, //!< reliable connected: InfinibandRequester and InfinibandResponder
        UD, //!< unreliable datagram: InfinibandUdTransport
    };

    /**
     * Callback of received data (UD): the receive WQE's id and the payload's bytes, when
     * they are written to the buffer (ahead of the CQE).
     */
    using ReceiveDataCallback = Callback<void, uint64_t, Ptr<Packet>>;

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
    /**
     * ibv_post_send of a UD datagram whose payload bytes are @p data (UD only; an RC QP
     * returns INVALID_STATE).
     * @param wr the request (length = data's size)
     * @param data the payload
     * @return OK or why refused
     */
    InfinibandPostStatus PostSend(const InfinibandSendWorkRequest& wr, Ptr<const Packet> data);
    /** @param cb called with received payloads (UD) */
    void SetReceiveDataCallback(ReceiveDataCallback cb);
    /** @return the service type */
    ServiceType GetServiceType() const;

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
    friend class InfinibandRequester;
    friend class InfinibandResponder;
    friend class InfinibandUdTransport;

    static constexpr uint32_t PSN_MASK = 0xFFFFFF; //!< PSNs are 24 bits
    static constexpr uint32_t PSN_HALF = 0x800000; //!< half the PSN space: ahead or behind
    static constexpr uint8_t ACK_CREDITS = 0x1F;   //!< AETH invalid credit count, 9.7.7.2

    /** Hand a packet, BTH on, to the port towards the peer. @param packet the packet */
    void SendToPeer(Ptr<Packet> packet);

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
    ServiceType m_serviceType{RC};

    Ptr<InfinibandHca> m_hca;
    Ptr<InfinibandCompletionQueue> m_sendCq;
    Ptr<InfinibandCompletionQueue> m_recvCq;
    uint32_t m_qpn{0};
    uint8_t m_port{1};
    State m_state{RESET};
    Mac16Address m_dlid;
    uint32_t m_destQpn{0};

    std::unique_ptr<InfinibandRequester> m_requester; //!< the send queue's part
    std::unique_ptr<InfinibandResponder> m_responder; //!< the receive queue's part
    std::unique_ptr<InfinibandUdTransport> m_ud;      //!< the UD transport (ServiceType UD)
    ReceiveDataCallback m_receiveData;                //!< UD received payloads
    TracedCallback<Ptr<const Packet>> m_udDropTrace;  //!< UD: no receive WQE

    TracedCallback<uint8_t, uint32_t, uint32_t, bool> m_packetTxTrace;
    TracedCallback<uint32_t, uint8_t> m_nakTrace;
    TracedCallback<uint32_t, uint8_t> m_timeoutTrace;
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_INFINIBAND_QUEUE_PAIR_H
