/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_INFINIBAND_HCA_H
#define HYBRIDNET_INFINIBAND_HCA_H

#include "infiniband-queue-pair.h"
#include "infiniband-work-request.h"

#include "ns3/error-model.h"
#include "ns3/mac16-address.h"
#include "ns3/net-device.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/ptr.h"
#include "ns3/traced-callback.h"

#include <array>
#include <deque>
#include <map>
#include <set>

namespace ns3
{
namespace hybridnet
{

class HostBus;
class HostCpu;
class InfinibandNetDevice;
class InfinibandCompletionQueue;

/**
 * @brief A host channel adapter (HCA, e.g. ConnectX) on a host's PCI Express bus: its
 * InfiniBand ports, queue pairs, completion queues and memory regions, and the timing of
 * work requests as bus transactions (IBA Architecture Specification Vol. 1 Release 1.2.1,
 * chapters 10 and 11; the ConnectX driver's WQE and CQE layouts, Linux mlx4_ib and
 * libmlx4 as we read them).
 *
 * It is aggregated to a node that has a HostBus and a HostCpu (one HCA per node). Ports 1
 * and 2 each hold an InfinibandNetDevice or nothing (a VPI port left for Ethernet).
 *
 * Send side. PostSend of a WQE on an RC QP at time t0:
 *
 *   (1) doorbell: the host's posted write of D bytes (DoorbellSize) to the adapter crosses
 *       the bus towards the device: HostBus::Transfer(FROM_MEMORY, D), the downstream
 *       direction, which a DMA read's data takes as well;
 *   (2) WQE fetch: then the adapter DMA-reads the WQE, HostBus::Transfer(FROM_MEMORY, W)
 *       (W = WqeSize);
 *   (3) per packet, in the order the QPs' packets are ready (round robin between QPs): the
 *       packet engine spends P (PacketProcessingTime), then DMA-reads the payload
 *       (gather), HostBus::Transfer(FROM_MEMORY, payload), then hands the packet to the
 *       port. At most B packets (TxBufferPackets) are between the engine's start and the
 *       start of their transmission on the link, so the engine waits for the link.
 *
 * Receive side. Each packet from a port spends P in the receive engine (a second server,
 * FIFO), then goes to its QP:
 *
 *   (4) payload: HostBus::Transfer(TO_MEMORY, payload) (scatter);
 *   (5) CQE: HostBus::Transfer(TO_MEMORY, C) (C = CqeSize), queued after the payload so
 *       the CQE is written after the data; the CQ sees it at the end of (5)
 *       (InfinibandCompletionQueue (1), (2)). ACKs are built and handed to the port without
 *       DMA or engine time (simplification).
 *
 * So the one-way latency of a SEND of m <= M bytes on idle buses, a direct cable of delay
 * d, rate r, busy polling at the receiver:
 *
 *   (6) L(m) = T_b(D) + T_b(W) + P + T_b(m) + T_r(p(m)) + d + P + T_b'(m) + T_b'(C)
 *              + c_poll / f
 *
 * with T_b of HostBus (5) (FROM_MEMORY), T_b' (TO_MEMORY), T_r and p(m) of InfinibandRate
 * and InfinibandPacketSize. A stream of large messages is limited by the slowest of
 *
 *   (7) the link: r x M / W(p(M)); the sender's bus reads: HostBus E(M) x R; the
 *       receiver's bus writes; the engine: M / P.
 *
 * Memory regions (RegisterMemoryRegion): a key and a length; RDMA at [offset, offset + n)
 * is allowed when the key exists and offset + n <= length.
 *
 * Assumptions (attributes): DoorbellSize 4 B (libmlx4 rings the send doorbell with one
 * 32-bit write of the QP number to the UAR page); WqeSize 64 B (one 64-byte basic block:
 * control 16 B + remote address 16 B + one data segment 16 B, libmlx4's send WQE layout);
 * CqeSize 32 B (mlx4's CQE); PacketProcessingTime 50 ns and TxBufferPackets 4 are
 * assumptions, not from a datasheet. Not modelled: BlueFlame (WQE written through the
 * doorbell page, no fetch) and inline data; receive WQE fetches (a posted receive WQE is
 * taken as known to the adapter at once); the DMA reads' request TLPs (HostBus); the
 * doorbell is a posted write but pays HostBus ReadLatency like a read (0 by default);
 * several HCAs per node; UD/UC QPs.
 */
class InfinibandHca : public Object
{
  public:
    /**
     * Signature of Drop: a packet from a port dropped by ReceiveErrorModel, or for an
     * unknown QP.
     * @param packet the packet, BTH first
     */
    typedef void (*DropCallback)(Ptr<const Packet> packet);

    static TypeId GetTypeId();
    InfinibandHca();
    ~InfinibandHca() override;

    InfinibandHca(const InfinibandHca&) = delete;
    InfinibandHca& operator=(const InfinibandHca&) = delete;

    /**
     * Make @p device port @p port of this adapter.
     * @param port 1 or 2
     * @param device an InfinibandNetDevice on the same node
     */
    void SetPort(uint8_t port, Ptr<InfinibandNetDevice> device);
    /** @return port @p port's device, or null if it has none (1 or 2) */
    Ptr<InfinibandNetDevice> GetPort(uint8_t port) const;

    /** ibv_create_cq. @return a new completion queue on this host */
    Ptr<InfinibandCompletionQueue> CreateCompletionQueue();
    /**
     * ibv_create_qp (RC), in state RESET.
     * @param sendCq CQ of its send queue
     * @param recvCq CQ of its receive queue
     * @param port the port its path leaves by (1 or 2; must have a device)
     * @return the QP
     */
    Ptr<InfinibandQueuePair> CreateQueuePair(Ptr<InfinibandCompletionQueue> sendCq,
                                             Ptr<InfinibandCompletionQueue> recvCq,
                                             uint8_t port);
    /**
     * ibv_reg_mr, reduced to a key and a length.
     * @param length bytes of the region
     * @return its key (L_Key = R_Key), never 0
     */
    uint32_t RegisterMemoryRegion(uint64_t length);
    /** @return whether [offset, offset + length) lies in the region of @p key */
    bool CheckAccess(uint32_t key, uint64_t offset, uint64_t length) const;

    /** @return the HostBus of the node */
    Ptr<HostBus> GetHostBus() const;
    /** @return the HostCpu of the node */
    Ptr<HostCpu> GetHostCpu() const;
    /** @return P */
    Time GetPacketProcessingTime() const;

    // Used by InfinibandQueuePair.
    /** (1), (2): doorbell and WQE fetch for @p qp's next WQE. */
    void RingDoorbell(Ptr<InfinibandQueuePair> qp);
    /** @p qp has packets ready, (3). */
    void NotifyReady(Ptr<InfinibandQueuePair> qp);
    /** Hand a built packet to a port. @return false if the port refused it */
    bool Send(uint8_t port, Ptr<Packet> packet, Mac16Address dlid, uint8_t sl);
    /** (4): DMA-write @p bytes of payload (no completion callback). */
    void WritePayload(uint64_t bytes);
    /** (5): DMA-write a CQE, then hand it to @p cq. */
    void WriteCqe(Ptr<InfinibandCompletionQueue> cq, const InfinibandWorkCompletion& wc);

  protected:
    void DoDispose() override;

  private:
    void StartEngine();
    void EngineDone(Ptr<InfinibandQueuePair> qp, InfinibandQueuePair::Outgoing out);
    void TxStarted(Ptr<const Packet> packet, uint8_t vl);
    bool PortReceive(Ptr<NetDevice> device,
                     Ptr<const Packet> packet,
                     uint16_t protocol,
                     const Address& from);
    void Dispatch(Ptr<Packet> packet);

    uint32_t m_doorbellSize{0};
    uint32_t m_wqeSize{0};
    uint32_t m_cqeSize{0};
    Time m_processing;
    uint32_t m_txBuffer{0};
    Ptr<ErrorModel> m_errorModel;

    std::array<Ptr<InfinibandNetDevice>, 2> m_ports;
    std::map<uint32_t, Ptr<InfinibandQueuePair>> m_qps;
    std::map<uint32_t, uint64_t> m_regions;
    uint32_t m_nextQpn{0x48}; //!< first QPN (QPs 0 and 1 are special, 10.2.5)
    uint32_t m_nextKey{0x100};
    std::deque<Ptr<InfinibandQueuePair>> m_ready;
    std::set<uint32_t> m_readySet;
    bool m_engineBusy{false};
    uint32_t m_inEngine{0};   //!< packets from engine start to the port
    uint32_t m_portQueued{0}; //!< packets handed to a port, not yet on the link
    Time m_rxFree;            //!< when the receive engine is free
    TracedCallback<Ptr<const Packet>> m_dropTrace;
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_INFINIBAND_HCA_H
