/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_INFINIBAND_NET_DEVICE_H
#define HYBRIDNET_INFINIBAND_NET_DEVICE_H

#include "infiniband-flow-control.h"
#include "infiniband-rate.h"
#include "infiniband-vl-arbiter.h"

#include "ns3/event-id.h"
#include "ns3/mac16-address.h"
#include "ns3/net-device.h"
#include "ns3/nstime.h"
#include "ns3/traced-callback.h"

#include <array>
#include <bitset>
#include <deque>
#include <vector>

namespace ns3
{

class Node;

namespace hybridnet
{

class InfinibandChannel;

/**
 * @brief One InfiniBand port: a channel adapter's port, or one port of an InfinibandSwitch.
 * Its link layer (IBA Architecture Specification Vol. 1 Release 1.2.1, chapter 7): virtual
 * lanes, credit-based flow control, VL arbitration, on a link of the width and speed of
 * InfinibandRate.
 *
 * Sending. Send/SendTo take a packet that starts with the transport's InfinibandBthHeader
 * (and extended headers; the transport is a later part). The port pads the payload to a
 * 4-byte multiple and writes PadCnt in the BTH, then adds the InfinibandLrhHeader (DLID,
 * SLID = this port's LID, SL, VL = SL2VL[SL], PktLen) and the InfinibandCrcTrailer: the
 * packet is then p bytes, InfinibandPacketSize (2), and needs b(p) credits, (4). It waits
 * in its VL's queue (MaxQueuedPackets; Send returns false when that is full, or when the
 * bytes after the BTH exceed Mtu + 28, the largest extended headers).
 *
 * Transmitter. When idle it sends, in this order: the flow-control packets due (all of
 * them back to back, each 6 bytes, InfinibandRate (4)); a VL15 (management) packet,
 * without flow control (7.6.8); the packet at the head of the data VL that
 * InfinibandVlArbiter chooses among those with credit for the whole packet,
 * InfinibandFlowControl (1). A packet of p bytes occupies the transmitter for
 *
 *     (1) T = max(T_r(p), t_tail_in - now)            T_r: InfinibandRate (5)
 *
 * where t_tail_in is when its tail reaches the switch that forwards it (cut-through out of
 * a slower link; 0 for a packet sent by this port): one event per packet, at its end. A
 * head packet without credit waits, never dropped; the wait is traced (CreditStall) when it
 * ends.
 *
 * Receiving. The peer's packet is counted into its VL's buffer (VlBufferBlocks per data
 * VL, InfinibandFlowControl (3)); a channel adapter port delivers it up at its tail
 * (removing LRH, pad and CRCs; the BTH stays for the transport) and frees its blocks at
 * once, unless HoldReceive stopped the consumer (ReleaseReceive delivers and frees what
 * was held). A switch port hands it to the switch at head + port-to-port latency; its
 * blocks are freed when the switch's output port has sent its tail (Release).
 *
 * Flow-control packets. Freeing blocks makes an FCP for the VL due; one FCP carries the
 * newest FCCL, so FCPs due while the transmitter is busy merge. Besides, while the port
 * sends or receives data, every data VL's FCP is refreshed each FlowControlPeriod symbol
 * times (7.9.4: at most 65,536). Simplification: the refresh stops while the port neither
 * sends nor receives data (after one refresh with nothing new): on these lossless links
 * it carries no new credit, and an idle fabric then has no events.
 *
 * Link-up. At initialisation each port gives its peer, without wire time, its initial
 * credit limits (ABR 0 + buffer), as link training's FCPs do; a packet sent before waits.
 *
 * LIDs are Mac16Address values (GetAddress; the subnet manager assigns them). VLs 0 to
 * DataVls - 1 carry data. Not modelled: packet corruption (CRCs, FCTBS resynchronisation),
 * GRH/routing between subnets, multicast, partitions (P_Key checks), the VL15 receive
 * buffer (VL15 packets are never dropped here), skip ordered sets (InfinibandRate).
 */
class InfinibandNetDevice : public NetDevice
{
  public:
    /** The IBA MTUs (PortInfo NeighborMTU, 14.2.5.6), bytes of payload. */
    enum Mtu : uint16_t
    {
        MTU_256 = 256,
        MTU_512 = 512,
        MTU_1024 = 1024,
        MTU_2048 = 2048,
        MTU_4096 = 4096,
    };

    /** Numbers of data VLs a port may operate (PortInfo OperationalVLs, 14.2.5.6). */
    enum DataVls : uint8_t
    {
        VLS_1 = 1,
        VLS_2 = 2,
        VLS_4 = 4,
        VLS_8 = 8,
        VLS_15 = 15,
    };

    static constexpr uint8_t kManagementVl = 15; //!< VL15: subnet management, no credits
    static constexpr uint8_t kVls = 16;          //!< VL0-VL15

    /** Callback of a switch port: (port, packet, VL, its blocks, when its tail arrives). */
    using ForwardCallback =
        Callback<void, Ptr<InfinibandNetDevice>, Ptr<Packet>, uint8_t, uint32_t, Time>;

    /** Signature of Tx and Rx: the packet (LRH to VCRC) and its VL. */
    typedef void (*PacketCallback)(Ptr<const Packet> packet, uint8_t vl);
    /** Signature of CreditStall: the VL and how long its head packet waited for credit. */
    typedef void (*StallCallback)(uint8_t vl, Time duration);
    /** Signature of FcpTx and FcpRx: the VL and the FCCL carried. */
    typedef void (*FcpCallback)(uint8_t vl, uint16_t fccl);
    /** Signature of Credits: the VL, its credits C before and after (InfinibandFlowControl (2)). */
    typedef void (*CreditsCallback)(uint8_t vl, uint32_t oldCredits, uint32_t newCredits);

    static TypeId GetTypeId();
    InfinibandNetDevice();
    ~InfinibandNetDevice() override;

    InfinibandNetDevice(const InfinibandNetDevice&) = delete;
    InfinibandNetDevice& operator=(const InfinibandNetDevice&) = delete;

    /**
     * Send a packet on the data VL of a service level.
     * @param packet starting with the transport's BTH
     * @param dlid the destination LID
     * @param sl the service level, 0-15
     * @return false if refused (too large, queue full)
     */
    bool SendTo(Ptr<Packet> packet, Mac16Address dlid, uint8_t sl);

    /**
     * Send a subnet-management packet on VL15 (no flow control, before any data VL).
     * @param packet starting with a BTH
     * @param dlid the destination LID
     * @return false if refused
     */
    bool SendManagement(Ptr<Packet> packet, Mac16Address dlid);

    /** @param table SL2VL: the data VL of each SL, each < DataVls (default: SL mod DataVls) */
    void SetSl2VlTable(const std::array<uint8_t, 16>& table);
    /** @return the data VL of @p sl */
    uint8_t GetVl(uint8_t sl) const;
    /**
     * @param high the High table of InfinibandVlArbiter
     * @param low the Low table (default: every data VL, weight 64)
     */
    void SetVlArbitration(std::vector<InfinibandVlArbiter::Entry> high,
                          std::vector<InfinibandVlArbiter::Entry> low);

    /** Stop the consumer: received packets stay in the buffer, their credits held. */
    void HoldReceive();
    /** Restart the consumer: deliver and free every held packet, in order. */
    void ReleaseReceive();

    /** @return the link's rate (Width, Speed) */
    InfinibandRate GetRate() const;
    /** @return the number of data VLs */
    uint8_t GetDataVls() const;
    /** @return C of data VL @p vl, InfinibandFlowControl (2) */
    uint32_t GetCredits(uint8_t vl) const;
    /** @return blocks held in data VL @p vl's receive buffer */
    uint32_t GetHeldBlocks(uint8_t vl) const;
    /** @return this port's channel */
    Ptr<InfinibandChannel> GetInfinibandChannel() const;

    /**
     * Connect to a cable.
     * @param channel the cable
     * @return false if it has two ends already
     */
    bool Attach(Ptr<InfinibandChannel> channel);

    // Used by InfinibandChannel and InfinibandSwitch.
    /** @return when, after a packet's head arrives, it is handed over (class comment) */
    Time GetArrivalOffset(Time duration) const;
    /** A data packet from the cable; @p tail: when its tail arrives. */
    void Receive(Ptr<Packet> packet, Time tail);
    /** Flow-control packets from the cable. */
    void ReceiveFcps(std::vector<InfinibandFcp> fcps);
    /** Make this a switch port: packets go to @p forward, @p latency after their head. */
    void SetForwardCallback(ForwardCallback forward, Time latency);
    /**
     * Queue a packet the switch forwards out of this port.
     * @param packet the packet (its LRH VL is rewritten from SL2VL)
     * @param in the input port, whose buffer it occupies until its tail leaves
     * @param inVl its VL at the input port
     * @param blocks its blocks
     * @param tail when its tail reaches the input port
     */
    void Forward(Ptr<Packet> packet,
                 Ptr<InfinibandNetDevice> in,
                 uint8_t inVl,
                 uint32_t blocks,
                 Time tail);
    /** Free @p blocks of data VL @p vl's buffer (a forwarded packet left the switch). */
    void Release(uint8_t vl, uint32_t blocks);

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
    /** SendTo with SL = attribute ServiceLevel; the protocol number is not carried. */
    bool Send(Ptr<Packet> packet, const Address& dest, uint16_t protocolNumber) override;
    bool SendFrom(Ptr<Packet> packet,
                  const Address& source,
                  const Address& dest,
                  uint16_t protocolNumber) override;
    Ptr<Node> GetNode() const override;
    void SetNode(Ptr<Node> node) override;
    bool NeedsArp() const override;
    void SetReceiveCallback(NetDevice::ReceiveCallback cb) override;
    void SetPromiscReceiveCallback(NetDevice::PromiscReceiveCallback cb) override;
    bool SupportsSendFrom() const override;

  protected:
    void DoInitialize() override;
    void DoDispose() override;

  private:
    /** A packet waiting to be sent, with the input buffer it occupies (switch). */
    struct Queued
    {
        Ptr<Packet> packet;
        uint32_t blocks;
        Ptr<InfinibandNetDevice> in; //!< input port of a forwarded packet, else null
        uint8_t inVl;
        Time tail; //!< when its tail reaches the input port (0: not forwarded)
    };

    /** A packet in the receive buffer, not yet delivered. */
    struct Held
    {
        Ptr<Packet> packet;
        uint8_t vl;
        uint32_t blocks;
    };

    /** Pad, BTH PadCnt, LRH, CRCs: @return the packet's VL, or -1 if too large. */
    int Encapsulate(Ptr<Packet> packet, Mac16Address dlid, uint8_t sl, uint8_t vl) const;
    /** Queue an encapsulated packet on @p vl: @return false if the queue is full. */
    bool Enqueue(Ptr<Packet> packet, uint8_t vl);
    /** Start the next transmission if idle. */
    void TryTransmit();
    /** @return whether data VL @p vl's head packet may go */
    bool IsReady(uint8_t vl) const;
    /** Send the head packet of @p vl. */
    void StartData(uint8_t vl);
    /** Send every due FCP, back to back. */
    void StartFcps();
    /** The transmission in progress ended. */
    void TransmitComplete();
    /** Note when heads of data VLs started waiting for credit. */
    void NoteStalls();
    /** Deliver a received packet up and free its blocks. */
    void Deliver(const Held& held);
    /** Send the initial credit limits to the peer (link training). */
    void StartLink();
    /** The flow-control refresh timer fired. */
    void Refresh();
    /** Data moved: keep the refresh timer running. */
    void NoteActivity();
    /** Credits of @p vl may have changed from @p before: trace. */
    void TraceCredits(uint8_t vl, uint32_t before);

    // attributes
    InfinibandRate::Width m_width{InfinibandRate::WIDTH_4X};
    InfinibandRate::Speed m_speed{InfinibandRate::DDR};
    Mtu m_mtu{MTU_2048};
    DataVls m_dataVls{VLS_1};
    uint32_t m_bufferBlocks{0};
    uint32_t m_refreshSymbols{0};
    uint32_t m_maxQueued{0};
    uint8_t m_serviceLevel{0};
    uint8_t m_limitOfHighPriority{0};

    Ptr<Node> m_node;
    Ptr<InfinibandChannel> m_channel;
    uint32_t m_ifIndex{0};
    Mac16Address m_lid;
    bool m_linkUp{false};
    std::array<uint8_t, 16> m_sl2vl{};
    bool m_sl2vlSet{false}; //!< else SL2VL[sl] = sl mod DataVls
    InfinibandVlArbiter m_arbiter;
    bool m_arbiterSet{false};
    std::array<InfinibandFlowControl, 15> m_fc;
    std::array<std::deque<Queued>, kVls> m_queues;
    std::array<Time, 15> m_stallStart; //!< negative: not stalled
    std::bitset<15> m_fcpDue;
    bool m_busy{false};
    Queued m_sending; //!< the data packet on the wire (packet null: FCPs)
    uint8_t m_sendingVl{0};
    EventId m_refresh;
    bool m_active{false}; //!< data sent or received since the last refresh
    bool m_holding{false};
    std::deque<Held> m_held;
    ForwardCallback m_forward;
    Time m_forwardLatency;
    NetDevice::ReceiveCallback m_rxCallback;
    NetDevice::PromiscReceiveCallback m_promiscCallback;
    TracedCallback<> m_linkChange;

    TracedCallback<Ptr<const Packet>, uint8_t> m_txTrace;
    TracedCallback<Ptr<const Packet>, uint8_t> m_rxTrace;
    TracedCallback<Ptr<const Packet>> m_refusedTrace;
    TracedCallback<uint8_t, Time> m_stallTrace;
    TracedCallback<uint8_t, uint16_t> m_fcpTxTrace;
    TracedCallback<uint8_t, uint16_t> m_fcpRxTrace;
    TracedCallback<uint8_t, uint32_t, uint32_t> m_creditsTrace;
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_INFINIBAND_NET_DEVICE_H
