/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_IPOIB_NET_DEVICE_H
#define HYBRIDNET_IPOIB_NET_DEVICE_H

#include "hybridnet/tso-burst.h"
#include "infiniband-queue-pair.h"
#include "infiniband-work-request.h"

#include "ns3/address.h"
#include "ns3/net-device.h"
#include "ns3/node.h"
#include "ns3/ptr.h"
#include "ns3/traced-callback.h"

#include <deque>
#include <map>

namespace ns3
{

class NetDeviceQueue;

namespace hybridnet
{

class HostCpu;
class InfinibandHca;
class InfinibandCompletionQueue;

/**
 * @brief IP over InfiniBand (IPoIB, RFC 4391/4392): an ns-3 NetDevice under the IP stack
 * that carries IPv4 over a port of the node's InfinibandHca, with the host work of the
 * OFED 1.4 ipoib driver on a ConnectX adapter.
 *
 * Sources read (Linux 2.6.2x-3.x drivers/infiniband/ulp/ipoib, the code OFED 1.4 shipped):
 * ipoib.h (IPOIB_ENCAP_LEN = 4, IPOIB_UD_BUF_SIZE = IB MTU + IB_GRH_BYTES, IPOIB_CM_MTU =
 * 0x10000 - 0x10, IPOIB_CM_BUF_SIZE = IPOIB_CM_MTU + 4, IPOIB_CM_COPYBREAK = 256);
 * ipoib_main.c (ipoib_add_port: dev->mtu = IPOIB_UD_MTU(max_ib_mtu); ipoib_change_mtu;
 * ipoib_set_dev_features: NETIF_F_SG | NETIF_F_IP_CSUM only if the HCA reports
 * IB_DEVICE_UD_IP_CSUM, NETIF_F_TSO only if also IB_DEVICE_UD_TSO; ipoib_setup:
 * netif_napi_add(..., ipoib_poll, 100)); ipoib_ib.c (ipoib_poll: up to the budget, CQEs in
 * batches, netif_rx_complete then ib_req_notify_cq(IB_CQ_NEXT_COMP |
 * IB_CQ_REPORT_MISSED_EVENTS) and poll again if events were missed;
 * ipoib_ib_handle_rx_wc: CHECKSUM_UNNECESSARY when IPOIB_FLAG_CSUM and wc->csum_ok;
 * ipoib_ib_completion: netif_rx_schedule); ipoib_cm.c (set_mode "connected": dev->features
 * &= ~(NETIF_F_IP_CSUM | NETIF_F_SG | NETIF_F_TSO); ipoib_cm_create_tx_qp: RC, send_cq =
 * recv_cq; ipoib_cm_send_req: retry_count = rnr_retry_count = 0; ipoib_cm_handle_rx_wc:
 * no checksum status, packets below IPOIB_CM_COPYBREAK copied to a small skb). mlx4_ib
 * (main.c, mlx4_ib_query_device): IB_DEVICE_UD_IP_CSUM when the ConnectX firmware reports
 * MLX4_DEV_CAP_FLAG_IPOIB_CSUM, IB_DEVICE_UD_TSO when it reports a max_gso_sz.
 *
 * MTU (Mode = Datagram | Connected), M = the port's IB MTU:
 *
 *   (1) MTU_max = M - 4 (datagram: one IB packet per IP packet, e.g. 2044 at 2048),
 *       MTU_max = 65520 (connected: IPOIB_CM_MTU; RC segments the message into packets
 *       of M, InfinibandRequester (1));  MTU = attribute Mtu (0: MTU_max), 68..MTU_max.
 *
 * Checksum offload (from the feature flags above): available only in datagram mode and
 * only if the adapter reports IB_DEVICE_UD_IP_CSUM (attribute UdChecksumOffload, true for
 * ConnectX): o = (Mode == Datagram and UdChecksumOffload). Connected mode always checksums
 * on the CPU, both ways. Large send offload (LSO) likewise needs checksum offload and the
 * adapter's IB_DEVICE_UD_TSO (attribute UdLso, true for ConnectX): l = (o and UdLso); then
 * the stack hands ipoib_start_xmit one skb of up to 64 KiB of TCP payload, which ipoib
 * posts as one IB_WR_LSO work request (ipoib_ib.c, post_send with the headers inline and
 * wr.mss) that the adapter cuts into packets of the MTU.
 *
 * Transmit of an IPv4 packet of n bytes with a transport segment of S bytes (header and
 * payload: what a checksum covers) and a transport payload of P bytes (the copy from the
 * application, as NicNetDevice charges it), f = HostCpu Frequency:
 *
 *   (2) a KERNEL job of c_tx + (1 - o) c_s S cycles and P copied bytes (c_tx =
 *       TxPacketCycles: stack and driver, including reaping the send completion; c_s =
 *       ChecksumCyclesPerByte), or, with l, P copied bytes only for a TCP data segment
 *       that continues a TsoBurst (rules (1)-(2): k back-to-back segments of P bytes of one
 *       connection pay c_tx ceil(k / floor(65536 / P)) times), then
 *   (3) a SEND of m = n + 4 bytes (the 4-byte IPoIB header: EtherType, reserved) posted on
 *       the UD QP to the peer's (LID, QPN) or on the peer's RC QP; the adapter's timing is
 *       InfinibandHca's (1)-(3). At most SendQueueSize sends are outstanding (the driver's
 *       tx_outstanding == ipoib_sendq_size stops the device queue, half wakes it).
 *
 * Receive. Receive buffers: RecvQueueSize WQEs of M + 40 bytes on the UD QP
 * (IPOIB_UD_BUF_SIZE), of 65524 bytes on each RC QP (IPOIB_CM_BUF_SIZE; per QP, no SRQ).
 * All receive completions (and, in connected mode, the RC QPs' send completions) go to
 * one CQ, armed for the next completion:
 *
 *   (4) a CQE on the armed CQ disarms it and interrupts: a HARD_IRQ job of c_irq =
 *       InterruptCycles, then the NAPI poll: a KERNEL job of c_poll = PollCycles;
 *   (5) the poll takes CQEs in order, at most W = NapiWeight receive CQEs (send CQEs do
 *       not count), each a KERNEL job of c_rx + (1 - o) c_s S cycles and P (+ m if
 *       connected and m < 256: IPOIB_CM_COPYBREAK's copy) copied bytes (c_rx =
 *       RxPacketCycles), after which the packet goes up the stack and its buffer is
 *       posted again;
 *   (6) with fewer than W the poll re-arms the CQ; a CQE already waiting (missed event)
 *       starts another poll (c_poll); with W it polls again (c_poll).
 *
 * So, on idle hosts, a UDP datagram's one-way latency is
 *
 *   (7) L = (c_tx + (1 - o) c_s S) / f + 8 P / R_copy + L_hca(m) + (c_irq + c_poll + c_rx
 *           + (1 - o) c_s S) / f + 8 P / R_copy
 *
 * with L_hca(m) InfinibandHca's (6) without its poll term and with the DETH (8 B) in the
 * datagram's packet bytes, and a stream is bounded by the slowest of the link and bus
 * (InfinibandHca (7), per packet of m bytes in datagram mode, of M in connected mode) and
 * the CPU: one packet per (c_tx + (1 - o) c_s S) / f + 8 P / R_copy at the sender, per
 * (c_rx + (1 - o) c_s S) / f + 8 P / R_copy (+ interrupts and polls) at the receiver.
 *
 * Addressing: the hardware address is 20 bytes (RFC 4391 9.1.1): a flags byte (0x80:
 * connected mode supported, IPOIB_FLAGS_RC) and the UD QPN (3 bytes), then the port GID:
 * fe80::/64 and a GUID (assumption: 0x0002c90300000000 + node id x 256 + port, Mellanox's
 * OUI). ARP over the IPoIB broadcast group and the SA's path records are not modelled:
 * IpoibHelper::ResolveNeighbours writes permanent ARP entries and each device's peer table
 * (hardware address -> LID, and in connected mode the RC connection, created at once, as
 * InfinibandVerbsHelper::Connect does), so no simulated time is spent on them.
 *
 * In connected mode the IB packets carry byte counts only and the IP packet's bytes are
 * handed to the receiving device in a per-connection FIFO taken at each receive completion
 * of that QP: RC delivers SENDs exactly once and in order, so this is what the receive
 * buffers hold. In datagram mode the bytes travel in the UD packets.
 *
 * Cycle counts are assumptions (attributes; not from a source): TxPacketCycles and
 * RxPacketCycles 4000, PollCycles 1000, InterruptCycles 2000 (as the CQ's), c_s = 0.5
 * cycles per byte. LSO approximation (as NicNetDevice's (T2')): the segments stay one send
 * work request, doorbell, WQE fetch and send completion each on the adapter, (3), and one
 * SendQueueSize slot each, where an LSO send is one of each for up to 64 KiB. Not
 * modelled: LRO (ipoib's module parameter lro, off by default in the ipoib of Linux
 * 2.6.26-2.6.28 that OFED 1.4 carried; IPOIB_LRO_MAX_AGGR = 64), GRO,
 * scatter-gather, multicast and the broadcast group, P_Keys, connection set-up and
 * teardown time, the CM's idle-connection reaping, IPv6.
 */
class IpoibNetDevice : public NetDevice
{
  public:
    /** IPoIB mode (/sys/class/net/ibN/mode). */
    enum Mode : uint8_t
    {
        DATAGRAM,  //!< UD QP, IPoIB MTU = IB MTU - 4
        CONNECTED, //!< one RC QP per peer, IPoIB MTU up to 65520
    };

    static constexpr uint32_t ENCAP_LEN = 4;       //!< IPOIB_ENCAP_LEN
    static constexpr uint32_t CM_MTU = 65520;      //!< IPOIB_CM_MTU
    static constexpr uint32_t CM_COPYBREAK = 256;  //!< IPOIB_CM_COPYBREAK
    static constexpr uint32_t MIN_MTU = 68;        //!< IPv4's minimum MTU (RFC 791)
    static constexpr uint32_t ADDRESS_LENGTH = 20; //!< INFINIBAND_ALEN

    static TypeId GetTypeId();
    IpoibNetDevice();
    ~IpoibNetDevice() override;

    /**
     * Equation (1).
     * @param mode the mode
     * @param ibMtu the port's IB MTU, bytes
     * @return the largest IPoIB MTU of the mode
     */
    static uint32_t GetMaxMtu(Mode mode, uint32_t ibMtu);
    /** @return the ns-3 address type of IPoIB hardware addresses */
    static uint8_t GetAddressType();

    /**
     * Bind to port @p port of @p hca (on this device's node): create the QP and CQ, post the
     * receive buffers, check the MTU (aborts, naming the accepted range).
     * @param hca the node's adapter
     * @param port 1 or 2 (must have an InfiniBand device)
     */
    void Attach(Ptr<InfinibandHca> hca, uint8_t port);
    /**
     * Learn a peer's path (and in connected mode connect to it): the peer table of the
     * class comment.
     * @param peer another attached IpoibNetDevice of the same mode
     */
    void AddPeer(Ptr<IpoibNetDevice> peer);

    /** @return the mode */
    Mode GetMode() const;
    /** @return o: whether checksums are offloaded to the adapter */
    bool IsChecksumOffloaded() const;
    /** @return l: whether TCP segmentation is offloaded (LSO), (2) */
    bool IsSegmentationOffloaded() const;
    /** @return IP packets handed to the adapter */
    uint64_t GetTxPackets() const;
    /** @return IP packets delivered to the stack */
    uint64_t GetRxPackets() const;
    /** @return interrupts taken, (4) */
    uint64_t GetInterrupts() const;
    /** @return NAPI polls, (4)-(6) */
    uint64_t GetPolls() const;
    /** @return bytes checksummed by the CPU, both directions */
    uint64_t GetSoftwareChecksumBytes() const;

    // NetDevice
    void SetIfIndex(const uint32_t index) override;
    uint32_t GetIfIndex() const override;
    Ptr<Channel> GetChannel() const override;
    void SetAddress(Address address) override;
    Address GetAddress() const override;
    bool SetMtu(const uint16_t mtu) override;
    uint16_t GetMtu() const override;
    bool IsLinkUp() const override;
    void AddLinkChangeCallback(Callback<void> callback) override;
    bool IsBroadcast() const override;
    Address GetBroadcast() const override;
    bool IsMulticast() const override;
    Address GetMulticast(Ipv4Address multicastGroup) const override;
    Address GetMulticast(Ipv6Address addr) const override;
    bool IsBridge() const override;
    bool IsPointToPoint() const override;
    bool Send(Ptr<Packet> packet, const Address& dest, uint16_t protocolNumber) override;
    bool SendFrom(Ptr<Packet> packet,
                  const Address& source,
                  const Address& dest,
                  uint16_t protocolNumber) override;
    Ptr<Node> GetNode() const override;
    void SetNode(Ptr<Node> node) override;
    bool NeedsArp() const override;
    void SetReceiveCallback(NetDevice::ReceiveCallback cb) override;
    void SetPromiscReceiveCallback(PromiscReceiveCallback cb) override;
    bool SupportsSendFrom() const override;

  protected:
    void DoDispose() override;

  private:
    /** A peer: its path (LID, UD QPN) and, in connected mode, the RC connection. */
    struct Peer
    {
        uint16_t lid{0};             //!< the peer port's LID
        uint32_t qpn{0};             //!< the peer's UD QPN
        Ptr<InfinibandQueuePair> rc; //!< connected mode: our RC QP to it
        Ptr<IpoibNetDevice> device;  //!< connected mode: where our packets' bytes go
        uint32_t remoteRcQpn{0};     //!< connected mode: its RC QP's number
    };

    /** What the host's work depends on in an IPv4 packet. */
    struct Work
    {
        uint32_t segment{0};  //!< S: transport header and payload
        uint32_t payload{0};  //!< P: transport payload
        bool tcp{false};      //!< a TCP segment
        uint64_t flow{0};     //!< TCP: destination address and both ports
        uint32_t sequence{0}; //!< TCP: sequence number of the first payload byte
    };

    /** @return S, P and the TCP fields of @p packet (IPv4, TCP, UDP; zeros otherwise) */
    static Work ReadWork(Ptr<const Packet> packet);
    /** @return cycles of (2) or (5) for @p work */
    uint64_t StackCycles(uint64_t base, const Work& work);
    /** (3): post the packet. */
    void Post(Ptr<Packet> packet, Address dest, uint16_t protocol);
    /** Post the receive buffer @p wrId on @p qp. */
    void PostBuffer(Ptr<InfinibandQueuePair> qp, uint64_t wrId);
    /** A CQE on the send CQ (datagram): a send is done. */
    void SendCqe(Ptr<InfinibandCompletionQueue> cq);
    /** A send has completed: wake the queue at half, (3). */
    void SendDone();
    /** A CQE on the receive CQ, (4). */
    void RecvCqe(Ptr<InfinibandCompletionQueue> cq);
    /** (4): the interrupt handler has run. */
    void InterruptDone();
    /** (5): take the next CQE or end the poll. */
    void PollNext();
    /** (5): a received packet's work is done: up the stack, repost its buffer. */
    void Deliver(Ptr<Packet> packet, uint16_t protocol, Ptr<InfinibandQueuePair> qp, uint64_t wrId);
    /** (6): end of a poll. */
    void PollEnd();
    /** @return the received bytes of completion @p wc (removes them) */
    Ptr<Packet> TakeData(const InfinibandWorkCompletion& wc);
    /** UD: the bytes of receive buffer @p wrId have arrived. */
    void UdData(uint64_t wrId, Ptr<Packet> data);
    /** Connected mode: the peer @p from posted a packet on our RC QP @p qpn. */
    void CmData(uint32_t qpn, Ptr<Packet> data);
    /** @return the node's HostCpu */
    HostCpu& Cpu() const;

    // attributes
    Mode m_mode{DATAGRAM};
    uint32_t m_mtuAttribute{0};
    bool m_udChecksum{true};
    bool m_udLso{true};
    uint32_t m_sendQueueSize{0};
    uint32_t m_recvQueueSize{0};
    uint32_t m_napiWeight{0};
    uint64_t m_interruptCycles{0};
    uint64_t m_pollCycles{0};
    uint64_t m_txPacketCycles{0};
    uint64_t m_rxPacketCycles{0};
    double m_checksumCyclesPerByte{0};

    Ptr<Node> m_node;
    uint32_t m_ifIndex{0};
    uint32_t m_mtu{0};
    uint32_t m_ibMtu{0};
    Address m_address;
    Ptr<InfinibandHca> m_hca;
    Ptr<InfinibandQueuePair> m_udQp;
    Ptr<InfinibandCompletionQueue> m_sendCq;
    Ptr<InfinibandCompletionQueue> m_recvCq;
    std::map<Address, Peer> m_peers;
    std::map<uint32_t, Ptr<InfinibandQueuePair>> m_rcQps;  //!< by local QPN
    std::map<uint32_t, std::deque<Ptr<Packet>>> m_cmInbox; //!< by local RC QPN
    std::map<uint64_t, Ptr<Packet>> m_udInbox;             //!< by receive wrId
    NetDevice::ReceiveCallback m_rxCallback;
    Ptr<NetDeviceQueue> m_txQueue;

    uint32_t m_outstanding{0}; //!< sends posted, not completed
    bool m_armed{false};       //!< the receive CQ is armed
    bool m_polling{false};     //!< a NAPI poll is scheduled or running
    uint32_t m_pollDone{0};    //!< receive CQEs in this poll
    uint64_t m_txPackets{0};
    uint64_t m_rxPackets{0};
    uint64_t m_interrupts{0};
    uint64_t m_polls{0};
    uint64_t m_checksumBytes{0};
    TsoBurst m_lso; //!< the open LSO send, (2)
    TracedCallback<Ptr<const Packet>> m_dropTrace;
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_IPOIB_NET_DEVICE_H
