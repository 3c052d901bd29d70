/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_SDP_SOCKET_H
#define HYBRIDNET_SDP_SOCKET_H

#include "infiniband-work-request.h"
#include "sdp-credits.h"

#include "ns3/inet-socket-address.h"
#include "ns3/ipv4-address.h"
#include "ns3/nstime.h"
#include "ns3/packet.h"
#include "ns3/ptr.h"
#include "ns3/socket.h"
#include "ns3/traced-callback.h"
#include "ns3/traced-value.h"

#include <cstdint>
#include <deque>

namespace ns3
{
namespace hybridnet
{

class InfinibandCompletionQueue;
class InfinibandQueuePair;
class SdpSocketFactory;

/**
 * @brief A Sockets Direct Protocol (SDP) stream socket: the TCP socket API carried by an
 * InfiniBand RC queue pair, as OFED 1.4's ib_sdp module does it (drivers/infiniband/ulp/
 * sdp: sdp.h, sdp_main.c, sdp_bcopy.c, sdp_cma.c; we read the OFED 1.3/1.4-era files of the
 * stored ofed kernel trees: sdp_main.c with sdp_sendmsg, sdp_bz_setup, sdp_bzcopy_get and
 * slots_free; sdp_bcopy.c with sdp_post_sends and sdp_handle_recv; sdp.h with SDP_TX_SIZE,
 * SDP_RX_SIZE, SDP_MIN_BUFS and struct sdp_bsdh), and the SDP annex of the IBA
 * specification (Annex A4) as those files implement it.
 *
 * Connection. Connect(InetSocketAddress) resolves the address with the SdpAddressMap,
 * finds the peer's listener and sets up one RC QP on each HCA (sdp_cma.c: rdma_connect
 * carrying the Hello message, the listener's HelloAck). Each side posts R receive buffers
 * (RecvRingSize) and advertises them in the Hello/HelloAck's Bufs, so each starts with
 *
 *     (1) credits = R_peer,    message payload limit G = B_peer (the peer's BufferSize,
 *                              HelloAck actrcvsz -> xmit_size_goal)
 *
 * Set-up takes no simulated time (simplification; the CM's REQ/REP/RTU and the Hello
 * exchange are not on the wire); the listener's NotifyNewConnectionCreated and the
 * client's NotifyConnectionSucceeded run at once (in that order).
 *
 * Messages. Everything goes as SDP messages sent with SEND into the peer's private
 * receive buffers: a 16-byte BSDH (MID, flags, Bufs, Len, MSeq, MSeqAck) followed by up
 * to G bytes of payload, so a message of n payload bytes is a SEND of
 *
 *     (2) 16 + n bytes        (MID DATA; an empty DATA message is a credit update; MID
 *                              DISCONN carries no payload)
 *
 * Every message carries Bufs = the receive buffers its sender has posted now and MSeqAck =
 * the MSeq of the last message it received; on receiving one (sdp_handle_recv),
 *
 *     (3) credits = Bufs - (MSeq_last_sent - MSeqAck)
 *
 * (buffers the peer had posted, less the messages sent that it had not yet seen).
 *
 * Flow control (sdp_bcopy.c, sdp_post_sends; the arithmetic of (1), (3)-(5) is SdpCredits').
 * A DATA message with payload is sent only while
 *
 *     (4) credits > K  and  messages in flight < S      (K = MinBufs, SDP_MIN_BUFS = 2;
 *                                                        S = SendRingSize, SDP_TX_SIZE)
 *
 * so the last K credits are kept for control messages; each message uses one credit. After
 * that, a credit update (an empty DATA message) is sent when
 *
 *     (5) c < posted  and  credits > 1,    c = r if r <= K, else 2 r
 *
 * with r = the credits the peer last heard of less the messages received since
 * (ssk->remote_credits) and posted = the receive buffers posted now; DISCONN needs one credit.
 * A receive buffer whose message carried payload is posted again only when the application
 * has read all of that payload (the private buffer holds the data until Recv copies it out,
 * Annex A4 buffer copy); empty messages return their buffer at once. So a receiver that does
 * not read stops its sender after R - K data messages; reading returns the buffers, and (5)
 * sends the credits back.
 *
 * Send path. Send(p) accepts p whole if it fits GetTxAvailable() = W - held bytes
 * (W = SendBufferSize, sk_sndbuf; held: copied or pinned and not yet completed), else
 * returns -1 (ERROR_MSGSIZE) as TcpSocketBase does; the bytes are released at the SEND
 * completions that carried them. Below the zero-copy threshold Z (ZcopyThreshold,
 * sdp_zcopy_thresh, OFED 1.4 default 64 KiB):
 *
 *     (6) bcopy (|p| < Z or Z = 0): the write copies p into SDP's registered send buffers,
 *         a copy of |p| bytes (8) (HostCpu (1)/(5): 8 |p| / M and the memory bus); the data
 *         can be sent when the copy ends;
 *     (7) bzcopy (|p| >= Z): the user pages are pinned (get_user_pages) and posted as they
 *         are: no copy, the data can be sent at once; the write's bytes are held until their
 *         SENDs complete (sdp_bz_cleanup waits for them).
 *
 * OFED 1.4's zero-copy is this "bzcopy": the payload still goes by SEND into the peer's
 * private buffers, and the receiver still copies it out. The SrcAvail / RDMA READ zero-copy
 * of Annex A4 (sdp_zcopy.c, SDP_SRCAVAIL_* in sdp.h) came with OFED 1.5 and is not modelled.
 * Data ready to send is packed into messages of up to G bytes in order (a stream: writes
 * are coalesced or split).
 *
 * Receive path. A receive completion of a DATA message queues its payload (and its buffer)
 * for the application (NotifyDataRecv). Recv(max) returns up to max bytes at once and
 * charges the copy out of the private buffers, a copy (8) of the returned bytes;
 * the buffers emptied by the read are posted again when that copy ends, which may send a
 * credit update (5). DISCONN: the peer will send no more; NotifyNormalClose once its data
 * has been read.
 *
 *     (8) the copies run in the application's system calls (sdp_sendmsg, sdp_recvmsg), in
 *         process context: on a host with HostCpu Processors >= 2 on the application's own
 *         processor - one at a time per socket, each taking HostCpu::StartCopy's time, the
 *         network CPU untouched (GetCopyTime() adds them up) - and on a uniprocessor host
 *         as a HostCpu KERNEL job of the copied bytes, in line with the network code.
 *
 * Completions are taken by busy polling both CQs (OFED 1.4 polls in
 * sdp_sendmsg/sdp_recvmsg: send_poll, recv_poll), InfinibandCompletionQueue (1).
 *
 * So a stream is bounded by the slowest of the link and PCIe (InfinibandHca (7), with the
 * 16-byte BSDH per message) and, for bcopy, the copy rate M at each end (8 bits x bytes / M
 * of CPU per byte at the sender and receiver).
 *
 * Simplifications: OFED 1.4 reposts a receive buffer at once and bounds the unread data by
 * sk_rcvbuf instead (sdp_post_recvs); here the R buffers are the receive window. Buffers
 * have their full size from the start (the ChRcvBuf "slow start" resizing is not modelled);
 * no Nagle (every ready byte is sent when credits allow), no urgent data, keepalive, SO_LINGER
 * or abortive close; the SDP code's own cycles per message (and get_user_pages' cost) are not
 * charged; CQ events and interrupts are not used. An error completion closes the socket
 * (NotifyErrorClose).
 */
class SdpSocket : public Socket
{
  public:
    /** BSDH message identifiers (sdp.h enum sdp_mid). */
    enum Mid : uint8_t
    {
        MID_HELLO = 0x00,
        MID_HELLO_ACK = 0x01,
        MID_DISCONN = 0x02,
        MID_DATA = 0xFF,
    };

    static constexpr uint32_t BSDH_SIZE = 16; //!< struct sdp_bsdh, bytes

    /**
     * Signature of MessageTx and MessageRx: an SDP message posted or received.
     * @param mid its MID
     * @param payload payload bytes (after the BSDH)
     * @param bufs its Bufs field
     */
    typedef void (*MessageCallback)(uint8_t mid, uint32_t payload, uint32_t bufs);

    static TypeId GetTypeId();
    SdpSocket();
    ~SdpSocket() override;

    /** @param sdp the node's SDP instance (SdpSocketFactory::CreateSocket) */
    void SetSdp(Ptr<SdpSocketFactory> sdp);

    /** @return the credits this side holds now, (1)-(4) */
    uint32_t GetCredits() const;
    /** @return receive buffers posted now */
    uint32_t GetPostedBuffers() const;
    /** @return (8): time the application's processor has spent on this socket's copies */
    Time GetCopyTime() const;

    using Socket::Recv;
    using Socket::RecvFrom;
    using Socket::Send;

    // ns3::Socket
    SocketErrno GetErrno() const override;
    SocketType GetSocketType() const override;
    Ptr<Node> GetNode() const override;
    int Bind(const Address& address) override;
    int Bind() override;
    int Bind6() override;
    int Close() override;
    int ShutdownSend() override;
    int ShutdownRecv() override;
    int Connect(const Address& address) override;
    int Listen() override;
    uint32_t GetTxAvailable() const override;
    int Send(Ptr<Packet> p, uint32_t flags) override;
    int SendTo(Ptr<Packet> p, uint32_t flags, const Address& toAddress) override;
    uint32_t GetRxAvailable() const override;
    Ptr<Packet> Recv(uint32_t maxSize, uint32_t flags) override;
    Ptr<Packet> RecvFrom(uint32_t maxSize, uint32_t flags, Address& fromAddress) override;
    int GetSockName(Address& address) const override;
    int GetPeerName(Address& address) const override;
    bool SetAllowBroadcast(bool allowBroadcast) override;
    bool GetAllowBroadcast() const override;

  protected:
    void DoDispose() override;

  private:
    /** Socket states. */
    enum State : uint8_t
    {
        CLOSED,
        LISTENING,
        CONNECTING,
        CONNECTED,
    };

    /** The BSDH of a message and its payload, handed to the peer with the SEND. */
    struct Message
    {
        uint8_t mid{MID_DATA};
        SdpCredits::Bsdh bsdh; //!< Bufs, MSeq, MSeqAck
        Ptr<Packet> payload;   //!< empty for control messages and credit updates
    };

    /** Bytes written by the application, in order. */
    struct Pending
    {
        Ptr<Packet> data;
        bool ready{false}; //!< copied (bcopy) or pinned (bzcopy): may be sent
    };

    void SetZcopyThreshold(uint32_t threshold);
    uint32_t GetZcopyThreshold() const;

    /** Client side of the connection set-up, after Connect. */
    void DoConnect(InetSocketAddress peer);
    /**
     * Listener side: make the accepted socket and the QP pair.
     * @param client the connecting socket
     * @return the new socket, or null if refused
     */
    Ptr<SdpSocket> Accept(Ptr<SdpSocket> client);
    /**
     * Copy the listener's parameters into an accepted socket.
     * @param listener the listener
     */
    void Inherit(const SdpSocket& listener);
    /** Create this side's CQ and QP (RESET). */
    void CreateQueuePair();
    /**
     * Connect the two QPs, post the receive rings, set (1).
     * @param a one side
     * @param b the other side
     * @return false if the QPs could not be connected
     */
    static bool Establish(Ptr<SdpSocket> a, Ptr<SdpSocket> b);
    /** Post one private receive buffer. */
    void PostBuffer();

    /** Send what (4), (5) and the close state allow. */
    void PostSends();
    /** @return up to G ready bytes from the head of the pending data */
    Ptr<Packet> TakeReady();
    /**
     * Post one message, (2).
     * @param mid its MID
     * @param payload its payload (may be empty)
     */
    void PostMessage(uint8_t mid, Ptr<Packet> payload);
    /**
     * (8): copy @p bytes, then call @p done.
     * @param bytes bytes to copy
     * @param done called when the copy ends
     */
    void Copy(uint64_t bytes, Callback<void> done);
    /** A bcopy job (6) ended: the oldest copying write may be sent. */
    void CopyInDone();
    /**
     * A Recv's copy out ended: repost the buffers it emptied.
     * @param buffers buffers emptied by the read
     */
    void CopyOutDone(uint32_t buffers);

    /** The poller saw a CQE. @param cq the CQ */
    void Polled(Ptr<InfinibandCompletionQueue> cq);
    /** @param wc a send completion */
    void SendCompleted(const InfinibandWorkCompletion& wc);
    /** @param wc a receive completion */
    void ReceiveCompleted(const InfinibandWorkCompletion& wc);
    /** The peer closed and its data is read: tell the application once. */
    void MaybeNotifyPeerClose();
    /** An error completion: the connection is gone. */
    void Fail();

    // attributes
    uint32_t m_zcopyThreshold{0};
    uint32_t m_recvRing{0};
    uint32_t m_sendRing{0};
    uint32_t m_bufferSize{0};
    uint32_t m_minBufs{0};
    uint32_t m_sendBuffer{0};

    Ptr<SdpSocketFactory> m_sdp;
    Ptr<Node> m_node;
    mutable SocketErrno m_errno{ERROR_NOTERROR};
    State m_state{CLOSED};
    Ipv4Address m_localAddress;
    uint16_t m_localPort{0};
    bool m_bound{false};
    InetSocketAddress m_peerAddress{Ipv4Address::GetAny(), 0};

    Ptr<SdpSocket> m_peer; //!< the other end's socket: where a SEND's message is handed
    Ptr<InfinibandCompletionQueue> m_cq;
    Ptr<InfinibandQueuePair> m_qp;
    uint32_t m_goal{0}; //!< G of (1)

    // send side
    std::deque<Pending> m_pending;   //!< written, not yet in a message
    uint32_t m_held{0};              //!< bytes held against W
    Time m_appFree;                  //!< (8): the application's processor is free from then
    Time m_copyTime;                 //!< (8): its copy time so far
    std::deque<uint32_t> m_inFlight; //!< payload bytes of each posted, uncompleted message
    SdpCredits m_flow{2, 64};        //!< (1)-(5), set up again at the connection
    TracedValue<uint32_t> m_credits; //!< m_flow's credits, for the trace
    bool m_shutdownSend{false};
    bool m_disconnSent{false};

    // receive side
    std::deque<Message> m_arriving;      //!< messages the peer has posted, in order
    std::deque<Ptr<Packet>> m_rxBuffers; //!< unread payload, one entry a private buffer
    uint32_t m_rxBytes{0};
    uint64_t m_nextRecvId{0};
    bool m_shutdownRecv{false};
    bool m_peerClosed{false};
    bool m_closeNotified{false};

    TracedCallback<uint8_t, uint32_t, uint32_t> m_messageTx;
    TracedCallback<uint8_t, uint32_t, uint32_t> m_messageRx;
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_SDP_SOCKET_H
