/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_NIC_NET_DEVICE_H
#define HYBRIDNET_NIC_NET_DEVICE_H

#include "hybridnet/ethernet-net-device.h"
#include "hybridnet/tso-burst.h"
#include "interrupt-moderator.h"
#include "lro-aggregator.h"
#include "offload-engine.h"

#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"
#include "ns3/random-variable-stream.h"
#include "ns3/traced-callback.h"
#include "ns3/traced-value.h"

#include <cstdint>
#include <deque>
#include <unordered_map>
#include <vector>

namespace ns3
{

class NetDeviceQueue;

namespace hybridnet
{

class AdaptiveRxCoalescing;
class HostBus;
class HostCpu;

/**
 * @brief A gigabit NIC as its host sees it: the Ethernet MAC of EthernetNetDevice plus
 * descriptor rings, DMA over the host bus, interrupt moderation with e1000 semantics, NAPI
 * polling and the host CPU's per-packet work.
 *
 * The node must carry a HostCpu and a HostBus (aggregated; NicHelper checks). Costs are in
 * CPU cycles (HostCpu equation (1) turns them into time), copies in bytes through memory.
 *
 * Receive path of a frame of F bytes (header, payload, FCS):
 *   (R1) the last bit arrives; if all RxRingSize descriptors are in use (DMA'd frames the
 *        driver has not yet processed) the frame is dropped (RxRingDrop, RxRingDrops);
 *   (R2) DMA: HostBus transfer TO_MEMORY of F bytes, then of the 16 B descriptor
 *        write-back; the frame is then ready and raises the receive interrupt cause;
 *   (R3) the cause becomes pending after the delay timers: with RxIntDelay d_r > 0, at
 *        min(last frame + d_r, first frame + RxAbsIntDelay) (packet and absolute timers of
 *        the 8254x); with d_r = 0 at once. Transmit completions likewise with TxIntDelay and
 *        TxAbsIntDelay (the driver sets the descriptors' delay bit when TxIntDelay > 0);
 *   (R4) a pending cause is asserted when interrupts are enabled and the throttle allows
 *        it: with the moderator's rate r > 0 and interval I = ITR register * 256 ns
 *        (InterruptModerator equation (5)),
 *          ThrottleClock = FreeRunning:  at the next expiry of a counter that reloads every
 *                                        I' from a phase drawn uniformly in [0, I') per NIC,
 *                                        t = phi + ceil((now - phi) / I') * I';
 *          ThrottleClock = Restart:      at max(now, last assertion + I');
 *        with r = 0 at once. I' = I (1 + e): the counter runs on the NIC's own crystal,
 *        whose frequency error e is drawn uniformly in +-ClockTolerance once per NIC, so
 *        the counters of two hosts drift against each other (at 100 ppm, one interval of
 *        125 us in 1.25 s) and against the simulator's clock;
 *   (R5) interrupt: the handler (InterruptCycles, HARD_IRQ) reads and clears the causes,
 *        masks the NIC's interrupts and schedules the NAPI poll;
 *   (R6) poll (PollCycles, KERNEL): clean the transmit ring, then process up to NapiWeight
 *        ready frames, each a KERNEL job of d + RxPacketCycles + c_s * P cycles and P copied
 *        bytes (P = the transport payload; c_s = ChecksumCyclesPerByte unless
 *        ChecksumOffload; d = RxFrameCycles, the driver's share; d + RxPacketCycles left out
 *        for TCP with TcpOffload), at whose end the frame goes up the stack and its
 *        descriptor is free; frames that become ready during the poll are taken in the
 *        same poll;
 *   (R6') large receive offload (LroMaxAggregate = A > 0; Linux 2.6.28 mlx4_en with
 *        inet_lro): a TCP segment (not offloaded) is classified by LroAggregator's rules
 *        (1)-(2). One that joins (or starts) its connection's aggregate is a KERNEL job of
 *        d + c_s * P cycles and no copy, after which its descriptor is free; one that does
 *        not join its connection's aggregate flushes it first, then is processed alone by
 *        (R6); the others go by (R6). An aggregate is flushed when full (LroAggregator
 *        (3)) and at the end of the poll (lro_flush_all, also when the budget ends it),
 *        oldest first. A flush is one KERNEL job of RxPacketCycles cycles copying the n
 *        frames' summed payload, after which one packet, LroAggregator (4), goes up the
 *        stack. So n frames merged cost
 *          (R6'a) n d + RxPacketCycles + c_s * sum P cycles,  sum P bytes copied
 *        against n (d + RxPacketCycles) + c_s * sum P without LRO. RxHostDelay is
 *        reported per frame when its aggregate goes up; GetRxPackets counts frames (what
 *        the driver and (R9) count), GetRxStackPackets the packets the stack receives;
 *   (R7) a poll that used its whole budget polls again (another PollCycles); otherwise the
 *        moderator is updated with the packets and bytes received and transmitted since
 *        the last update (e1000_set_itr, modes 1 and 3) and interrupts are unmasked: a
 *        cause that became pending meanwhile is asserted by (R4).
 *
 * Transmit path of an L3 packet from the stack:
 *   (T1) it takes a transmit descriptor; with all TxRingSize in use the device queue is
 *        stopped (traffic control holds the packets) and woken when the poll has freed
 *        32 descriptors (the driver's E1000_TX_WAKE_THRESHOLD); the queue disc then runs
 *        until it is empty or the ring is full again, as Linux 2.4's qdisc_run loops (ns-3's
 *        QueueDisc::Run stops after its Quota of 64 packets and resumes only on the next
 *        enqueue or wake, so the NIC wakes the queue again while a wake brings packets); a
 *        packet offered to a full ring without a queue interface is dropped (MacTxDrop);
 *   (T2) the stack's work: a KERNEL job of TxPacketCycles + c_s * P cycles and P copied
 *        bytes (the copy from the application's buffer; P = 0 for ACKs and ICMP);
 *   (T2') TCP segmentation offload (Tso): Linux's tcp_write_xmit hands a TSO-capable device
 *        one skb of up to GSO_MAX_SIZE = 65536 B of payload, which the stack processes
 *        once and the card cuts into segments. Here the node's TCP hands segments, and
 *        TsoBurst's rules (1)-(2) group them back (same connection, same instant, next
 *        sequence number, at most 65536 B). The first segment of a burst pays (T2);
 *        the others c_s * P cycles and their P copied bytes only, so k back-to-back
 *        segments of P bytes cost
 *          (T2'a) ceil(k / floor(65536 / P)) x TxPacketCycles + k c_s P cycles.
 *        Approximation: the descriptors, the DMA and the transmit completions stay per
 *        frame (T1), (T3), (T4) - a TSO send is one descriptor chain whose header the card
 *        replicates, with the same bytes on the bus and the wire;
 *   (T3) DMA: a HostBus transfer FROM_MEMORY of the 16 B descriptor, and when it has
 *        ended (the frame's address is in it) one of the F frame bytes; then the frame goes
 *        to the MAC (EthernetNetDevice: wire equations (1)-(5)). Each read waits for the
 *        bus's read latency (HostBus (6a)), so an idle NIC pays it twice per frame; packets
 *        that follow each other overlap their reads on the bus;
 *   (T4) when its last bit has left, the 16 B status write-back goes TO_MEMORY and the
 *        transmit cause is raised as in (R3); the descriptor is freed by the next poll.
 *
 * Kernel memory of a received frame (Linux's skb->truesize, which the socket layer charges
 * for it; e1000 5.x e1000_change_mtu and e1000_alloc_rx_buffers, Linux 2.4 alloc_skb):
 *   (R8) T = B + O,  B = 2048 B when the largest frame (MTU + 14 B header + 4 B FCS) is at
 *        most 1518 B, else the smallest of 4096, 8192 and 16384 B that holds it (the
 *        driver's receive buffer length; larger frames take 16384 B), O = RxSkbOverhead
 *        (the sk_buff structure and the allocation's cache-line padding).
 *        RxSkbTrueSize reports T, or 0 when O = 0 (not modelled), for the socket layer to
 *        read through the attribute system (LfnTcpSocket, TcpLinuxReceiver (2b)).
 *
 * TCP offload engine (TcpOffload; the card runs TCP - segmentation, ACK processing,
 * retransmission - so the host pays per application write, not per segment). The TCP
 * logic is still the node's socket (LfnTcpSocket); what moves to the card is its cost:
 *   (O1) every TCP segment the NIC receives (data or not, before (R2)) or sends (data
 *        after its payload's DMA (O3), others at once) is served by the card's protocol processor,
 *        OffloadEngine: FIFO, s = 1 / SegmentRate per segment, one engine for both
 *        directions. Received segments waiting for it hold receive descriptors (R1),
 *        sent ones their transmit descriptors (T1): the rings bound its queue;
 *   (O2) a TCP segment without payload (ACK, SYN, FIN, RST) is the card's own: received,
 *        it goes to the stack when the engine is done, with no DMA, interrupt cause,
 *        poll work or host cycles (GetRxOnCardPackets counts them); sent, it takes a
 *        descriptor, skips (T2)-(T3), and the card frees the descriptor when its last
 *        bit has left (no status write-back, no transmit cause);
 *   (O3) a data segment costs the host no RxPacketCycles/TxPacketCycles and no checksum.
 *        Received, it still crosses the bus (R2), raises the interrupt (R3)-(R5) and is
 *        copied in the poll (R6): P bytes. Sent, the host pays per application write,
 *        SyscallCycles (HostCpu (4)) then a KERNEL job copying the write's W bytes,
 *          host time per written byte = (SyscallCycles / f + 8 W / M) / W
 *        against (TxPacketCycles / f + 8 P / M) / P without offload. The NIC sees
 *        segments, not writes: every segment cut from one write carries the write's packet
 *        uid (ns-3 keeps it through CreateFragment and Copy), so a write is known to have
 *        ended when the connection's next new byte carries another uid (or FIN): its copy
 *        is charged then, and that segment waits for it. So the host's copy lags its data
 *        by one write (totals exact; a write smaller than a segment is charged with its
 *        neighbours, one system call for the lot). Bytes at or below the connection's
 *        highest sequence sent (retransmissions) cost the host nothing. The card then
 *        reads the segment's payload, one HostBus transfer FROM_MEMORY of P bytes in
 *        place of (T3) (no descriptor fetch: the card's TCP knows where the socket's data
 *        lie and builds the headers itself), and frees the descriptor when the segment's
 *        last bit has left, as in (O2) (no status write-back, no transmit cause);
 *   (O4) the card takes every packet the stack hands it and never stops the device queue
 *        (T1): what its transmit descriptors cannot hold waits, in order, in host memory
 *        (a TOE's own send queues: the socket's unsent data, which its send buffer bounds)
 *        and takes the next descriptor freed. So the host's queue discipline never fills
 *        and the node's TCP never meets local congestion (LfnTcpSocket (14)): a slow start
 *        that outruns the wire waits in the card's queue, as on a TOE.
 *   (O5) a received TCP segment holds a receive descriptor only while it waits for the
 *        engine (O1): the engine drops it when the segments ahead of it there hold all
 *        RxRingSize. Once processed, its payload is in host memory whatever the driver
 *        has posted (a TOE's per-connection receive buffers, which the window the socket
 *        advertises bounds: the sender never has more than it unacknowledged), so a host
 *        that copies slower than the wire delivers (R2) then waits in memory instead of
 *        dropping; RxOccupancy still counts these frames, and a frame without offload finds
 *        the ring full while they fill it. Their ACKs, sent after the poll's copy, pace the
 *        sender to the host's copy rate.
 *
 * Adaptive coalescing of a ConnectX 10 GbE port (attribute AdaptiveCoalescing set: an
 * AdaptiveRxCoalescing, the mlx4_en driver's moderation; the e1000 logic of (R3)-(R4) and
 * (R7)'s moderator update are then not used):
 *   (R9) a cause is pending at once (no delay timers) and is asserted, when interrupts are
 *        enabled, at once if F frames (AdaptiveRxCoalescing (A0)) have been written since
 *        the last assertion, else at max(now, last assertion + t) (t of (A2); t = 0: at
 *        once). Every floor(HZ / 4) jiffies the device samples the frames it delivered and
 *        the packets it sent since the last sample and the coalescer sets t, (A1)-(A2).
 *
 * In mode 4 (simplified) the moderator is updated every 2 s (the e1000 watchdog period)
 * with the good octets sent and received in the period.
 *
 * The throttle clock is the one choice that is not in the driver's code: the 8254x
 * manual defines ITR as a minimum inter-interrupt interval, which Restart implements; the
 * lightpath accelerator study traced the cyclic ping jitter on an idle host (one probe a
 * second) to where a probe lands in the NIC's interrupt cycle, which needs a cycle that
 * runs without traffic: FreeRunning. Both are implemented; the validation report compares
 * them with the measurement.
 *
 * Departures of (R6') and (T2'): LroMaxAggregate counts frames where inet_lro counts the
 * aggregate's page fragments (MAX_SKB_FRAGS = 18; two per 1514 B frame in mlx4_en, so 9
 * frames at MTU 1500 - fewer with jumbo frames: the profile states A for its MTU); the
 * others of LroAggregator's class comment apply. The
 * node's TCP (ns-3's TcpSocketBase) takes a merged packet as one segment
 * larger than the MSS and counts packets for its delayed ACK (one ACK per two packets,
 * so per two aggregates), where Linux 2.6.28 acknowledges each aggregate at once. A TSO
 * burst is formed from what the node's TCP sends at one instant (a window's worth
 * after an ACK, or a queue disc's run after a wake), not from Linux's tcp_tso_should_defer.
 *
 * Departures and limits: one transmit and one receive queue; no on-chip packet buffer
 * (a frame that finds no descriptor is dropped at once); 802.3x PAUSE is honoured by the
 * MAC as in EthernetNetDevice (attribute PauseEnabled, which also keeps PAUSE frames out
 * of the receive ring), but the NIC sends none of its own (no receive-FIFO thresholds);
 * without TcpOffload, the CPU cost of the socket layer's copy is charged per packet on
 * this path rather than at the system call. With TcpOffload: the card's ACKs are generated
 * by the node's socket when the data reaches it after the poll (a real TOE acknowledges on
 * arrival, before the host's copy); sent data are read from memory segment by segment
 * (a TOE may read longer runs; HostBus splits a read into its bursts - mmrbc on PCI-X,
 * MRRS on PCI Express - either way, so only the read latency, which reads overlap, is
 * paid per segment); received data raise interrupts and polls as in (R3)-(R7); no
 * direct data placement or zero-copy.
 */
class NicNetDevice : public EthernetNetDevice
{
  public:
    /** When an interrupt may be asserted, (R4). */
    enum ThrottleClock : uint8_t
    {
        FREE_RUNNING = 0, //!< at the next expiry of a free-running interval counter
        RESTART = 1,      //!< no sooner than I after the previous assertion
    };

    /**
     * TracedValue signature of the ring occupancies.
     * @param oldValue previous value
     * @param newValue new value
     */
    typedef void (*OccupancyTracedCallback)(uint32_t oldValue, uint32_t newValue);

    /**
     * TracedCallback signature of RxHostDelay.
     * @param delay from the frame's last bit at the NIC to its delivery to the stack
     */
    typedef void (*DelayCallback)(Time delay);

    static TypeId GetTypeId();
    NicNetDevice();
    ~NicNetDevice() override;

    /**
     * Use this stream for the throttle counter's phase.
     * @param stream first stream index
     * @return number of streams used (1)
     */
    int64_t AssignStreams(int64_t stream);

    /** @return the interrupt moderation logic */
    Ptr<InterruptModerator> GetInterruptModerator() const;
    /** @return the mlx4_en adaptive coalescer, (R9), or null (e1000 moderation) */
    Ptr<AdaptiveRxCoalescing> GetAdaptiveCoalescing() const;
    /** @return the TCP offload engine's protocol processor (used with TcpOffload) */
    Ptr<OffloadEngine> GetOffloadEngine() const;

    /** @return interrupts asserted so far */
    uint64_t GetInterrupts() const;
    /** @return NAPI polls so far */
    uint64_t GetPolls() const;
    /** @return frames delivered to the stack so far */
    uint64_t GetRxPackets() const;
    /** @return frames dropped because the receive ring was full */
    uint64_t GetRxRingDrops() const;
    /** @return packets sent so far (their last bit has left), the card's own ACKs included */
    uint64_t GetTxPackets() const;
    /** @return TCP segments without payload received and consumed on the card, (O2) */
    uint64_t GetRxOnCardPackets() const;
    /** @return packets delivered to the stack, an LRO aggregate counting once, (R6') */
    uint64_t GetRxStackPackets() const;
    /** @return T of (R8), the kernel memory of one received frame (bytes), 0 if not modelled */
    uint32_t GetRxSkbTrueSize() const;

    // EthernetNetDevice
    void Receive(Ptr<Packet> frame) override;
    bool SendFrom(Ptr<Packet> packet,
                  const Address& source,
                  const Address& dest,
                  uint16_t protocolNumber) override;

  protected:
    void DoInitialize() override;
    void DoDispose() override;
    void NotifyFrameSent(Ptr<const Packet> frame) override;
    bool NeedsFrameSent() const override;

  private:
    /** A frame in the receive ring. */
    struct RxEntry
    {
        Ptr<Packet> frame;  //!< the frame with header and trailer
        Time arrival;       //!< its last bit reached the NIC
        uint32_t l3Bytes;   //!< its L3 size
        bool onCard{false}; //!< a TCP segment without payload, consumed on the card (O2)
        bool alone{false};  //!< (R6'): its flow's aggregate was flushed for it; not merged
    };

    /** A packet handed down by the stack. */
    struct TxEntry
    {
        Ptr<Packet> packet;  //!< the L3 packet
        Address source;      //!< source MAC
        Address dest;        //!< destination MAC
        uint16_t protocol;   //!< EtherType
        uint64_t id{0};      //!< order of arrival from the stack, (T2)
        bool ready{false};   //!< the host's work for it (T2) or (O3) is done
        bool engine{false};  //!< a TCP segment: through the offload engine before the MAC
        uint32_t payload{0}; //!< P, the TCP payload (O3)
    };

    /** A packet handed down with TcpOffload while the ring was full, (O4). */
    struct Pending
    {
        Ptr<Packet> packet; //!< the L3 packet
        Address source;     //!< source MAC
        Address dest;       //!< destination MAC
        uint16_t protocol;  //!< EtherType
    };

    /** Per connection, what (O3) needs: the application's writes as the card sees them. */
    struct WriteState
    {
        uint64_t uid{0};     //!< packet uid of the current write
        uint32_t sndMax{0};  //!< end of the highest byte sent so far
        uint64_t pending{0}; //!< bytes of the current write not yet charged to the host
    };

    /** Interrupt cause bits (ICR). */
    enum Cause : uint8_t
    {
        CAUSE_RX = 1, //!< receive timer / descriptor done
        CAUSE_TX = 2, //!< transmit descriptor written back
    };

    /** @return the node's HostCpu (aborts if none) */
    HostCpu& Cpu();
    /** @return the node's HostBus (aborts if none) */
    HostBus& Bus();

    /** @return the offload engine (created in DoInitialize if not set) */
    OffloadEngine& Engine();

    /**
     * (T1)-(T3), (O1)-(O3): a packet takes a transmit descriptor and starts on its way.
     * @param packet the L3 packet
     * @param source source MAC
     * @param dest destination MAC
     * @param protocolNumber EtherType
     */
    void Admit(Ptr<Packet> packet,
               const Address& source,
               const Address& dest,
               uint16_t protocolNumber);

    /**
     * (R2) start the DMA of a received frame.
     * @param entry the frame
     */
    void StartRxDma(const RxEntry& entry);
    /** (R2) DMA of the oldest frame in flight has ended. */
    void RxDmaDone();
    /** (O1)-(O2) the engine has processed the oldest received TCP segment. */
    void RxEngineDone();
    /**
     * (O1) a TCP segment goes through the engine, then to the MAC.
     * @param entry the packet
     */
    void SendThroughEngine(const TxEntry& entry);
    /** (O1) the engine has processed the oldest TCP segment to send: to the MAC. */
    void TxEngineDone();
    /** (O2), (O3) a TCP segment has left: the card frees its descriptor itself. */
    void FreeOnCardDescriptor();
    /** (T1) wake the device queue if it is stopped and 32 descriptors are free. */
    void WakeIfRoom();
    /**
     * (O3) the bytes of finished application writes the host copies before this segment.
     * @param headers the segment's headers
     * @param uid the packet's uid (every segment cut from one write carries the write's)
     * @return bytes to charge now (0: none)
     */
    uint64_t TakeWriteCopy(const PacketHeaders& headers, uint64_t uid);
    /**
     * (T2) the host's work on a packet has ended.
     * @param id its TxEntry::id
     */
    void TxHostDone(uint64_t id);
    /** (T2) start the DMA of the packets at the head whose host work is done, in order. */
    void ReleaseTxStack();
    /** (T1) wake the device queue: traffic control runs until empty or the ring is full. */
    void WakeTxQueue();
    /** (T1) after the run a wake started: wake again if it stopped at its quota. */
    void ContinueTxQueue();
    /** (T3) the descriptor of the oldest packet is fetched: read its frame. */
    void TxDescriptorFetched();
    /** (T3) DMA of a packet's frame has ended: hand it to the MAC. */
    void TxDmaDone();
    /** (O3) DMA of the oldest offloaded segment's payload has ended: to the engine. */
    void TxPayloadDone();
    /**
     * (T3) start the DMA of a packet.
     * @param entry the packet
     */
    void StartTxDma(const TxEntry& entry);
    /** (T4) the status write-back of a sent frame has ended. */
    void TxWriteBackDone();

    /**
     * (R3) a cause event: start or restart its delay timers.
     * @param cause CAUSE_RX or CAUSE_TX
     */
    void RaiseCause(Cause cause);
    /**
     * (R3) a cause's delay has expired: it is pending.
     * @param cause the cause
     */
    void CausePending(Cause cause);
    /** (R4) schedule the assertion if a cause is pending and interrupts are enabled. */
    void TryAssert();
    /** @return the throttle interval in simulator time: I (1 + e), (R4) */
    Time LocalInterval() const;
    /** @return the time of the next possible assertion, (R4) */
    Time NextAssertionTime() const;
    /** (R4)-(R5) the interrupt line goes up. */
    void Assert();
    /** (R5) the handler has run: schedule the NAPI poll. */
    void ScheduleNapi();
    /** (R6) the poll's fixed work is done: clean the tx ring, process rx frames. */
    void PollStart();
    /** (R6) process the next ready frame or end the poll. */
    void PollNext();
    /** (R6) the stack's work on the frame at the head of the ready queue has ended. */
    void RxStackDone();
    /** (R7) end of a poll. */
    void PollEnd();
    /** (R6') the driver's work on the frame at the head has ended: append it. */
    void RxLroFrameDone();
    /**
     * (R6') send an aggregate up the stack: one stack job, then one delivery.
     * @param index its index among m_lro's open aggregates
     */
    void FlushAggregate(size_t index);
    /** (R6') the stack's work on the flushed aggregate has ended: deliver it. */
    void AggregateDone();
    /** Free the descriptors of sent frames; wake the device queue (T1). */
    void CleanTxRing();
    /** Mode 4: the 2 s watchdog. */
    void Watchdog();
    /** (R9): the mlx4_en statistics task samples the counters for the coalescer. */
    void SampleCoalescing();
    /**
     * Moderator rate change: keep the free-running counter's expiries continuous.
     * @param rate new rate
     * @param itrRegister new register value
     */
    void RateChanged(uint32_t rate, uint32_t itrRegister);

    /** What the host's stack does with an L3 packet. */
    struct StackWork
    {
        uint64_t cycles{0};      //!< protocol and checksum cycles, (R6) or (T2)
        uint32_t copiedBytes{0}; //!< P: the transport payload, copied once
    };

    /**
     * @param headers the packet's headers
     * @param receive receive path (RxPacketCycles) or transmit path (TxPacketCycles)
     * @return the work of (R6) or (T2)
     */
    StackWork GetStackWork(const PacketHeaders& headers, bool receive) const;

    // Attributes
    uint32_t m_rxRingSize{0};                    //!< RxRingSize
    uint32_t m_txRingSize{0};                    //!< TxRingSize
    uint32_t m_napiWeight{0};                    //!< NapiWeight
    ThrottleClock m_throttleClock{FREE_RUNNING}; //!< ThrottleClock
    double m_clockTolerancePpm{0};               //!< ClockTolerance
    double m_clockError{0};                      //!< e of (R4), drawn once
    bool m_checksumOffload{false};               //!< ChecksumOffload
    bool m_tcpOffload{false};                    //!< TcpOffload
    uint32_t m_rxSkbOverhead{0};                 //!< RxSkbOverhead, O of (R8)
    uint64_t m_interruptCycles{0};               //!< InterruptCycles
    uint64_t m_pollCycles{0};                    //!< PollCycles
    uint64_t m_rxPacketCycles{0};                //!< RxPacketCycles
    uint64_t m_txPacketCycles{0};                //!< TxPacketCycles
    uint64_t m_rxFrameCycles{0};                 //!< RxFrameCycles, (R6')
    uint32_t m_lroMaxAggregate{0};               //!< LroMaxAggregate, (R6')
    bool m_tso{false};                           //!< Tso, (T2')
    double m_checksumCyclesPerByte{0};           //!< ChecksumCyclesPerByte
    Ptr<InterruptModerator> m_moderator;         //!< InterruptModerator
    Ptr<OffloadEngine> m_engine;                 //!< OffloadEngine
    Ptr<AdaptiveRxCoalescing> m_aic;             //!< AdaptiveCoalescing, (R9)

    // Host
    Ptr<HostCpu> m_cpu;                    //!< the node's CPU
    Ptr<HostBus> m_bus;                    //!< the node's bus
    Ptr<NetDeviceQueue> m_txQueue;         //!< traffic control's view of the ring, if any
    uint32_t m_wakeOccupancy{0};           //!< ring occupancy when the queue was last woken
    Ptr<UniformRandomVariable> m_phaseRng; //!< phase of the free-running counter

    // Receive ring: frames in DMA, then ready for the poll
    std::deque<RxEntry> m_rxDma;         //!< frames being written to memory
    std::deque<RxEntry> m_rxReady;       //!< frames written, waiting for the poll
    std::deque<RxEntry> m_rxEngine;      //!< TCP segments in the offload engine (O1)
    TracedValue<uint32_t> m_rxOccupancy; //!< descriptors in use (DMA + ready)

    // Transmit ring
    std::deque<TxEntry> m_txStack;   //!< packets in the host's work (T2), in order
    uint64_t m_nextTxId{0};          //!< TxEntry::id of the next packet
    std::deque<TxEntry> m_txEngine;  //!< TCP segments in the offload engine (O1)
    std::deque<Pending> m_txBacklog; //!< (O4): handed down while the ring was full
    std::unordered_map<uint64_t, WriteState> m_writes; //!< (O3) per connection
    std::deque<TxEntry> m_txDma;                       //!< packets being read from memory (T3)
    std::deque<TxEntry> m_txPayloadDma;  //!< offloaded segments whose payload is read (O3)
    std::deque<uint32_t> m_txFetchBytes; //!< frame sizes F of the descriptors being fetched
    std::deque<uint32_t> m_txWriteBack;  //!< L3 bytes of sent frames in status write-back
    uint32_t m_txCompleted{0};           //!< sent and written back, not yet cleaned
    uint64_t m_txCompletedBytes{0};      //!< their L3 bytes
    TracedValue<uint32_t> m_txOccupancy; //!< descriptors in use

    // Interrupts
    uint8_t m_pending{0};              //!< causes past their delay timers, not yet read
    bool m_interruptsEnabled{true};    //!< IMS (false while NAPI polls)
    EventId m_assertEvent;             //!< scheduled assertion
    EventId m_rxPacketTimer;           //!< RDTR
    EventId m_rxAbsTimer;              //!< RADV
    EventId m_txPacketTimer;           //!< TIDV
    EventId m_txAbsTimer;              //!< TADV
    Time m_lastAssertion{Time::Min()}; //!< for RESTART
    Time m_counterAnchor;              //!< an expiry of the FREE_RUNNING counter
    Time m_counterInterval;            //!< its interval I

    // NAPI
    uint32_t m_pollWork{0};              //!< frames processed in the current poll
    uint32_t m_itrRxPackets{0};          //!< rx packets since the last moderator update
    uint64_t m_itrRxBytes{0};            //!< rx bytes since the last moderator update
    uint32_t m_itrTxPackets{0};          //!< tx packets since the last moderator update
    uint64_t m_itrTxBytes{0};            //!< tx bytes since the last moderator update
    uint64_t m_watchdogTxBytes{0};       //!< mode 4: octets sent in the period
    uint64_t m_watchdogRxBytes{0};       //!< mode 4: octets received in the period
    EventId m_watchdogEvent;             //!< mode 4 watchdog
    uint32_t m_aicFrames{0};             //!< (R9): frames written since the last assertion
    uint64_t m_aicRxMark{0};             //!< (R9): m_rxPackets at the last sample
    uint64_t m_aicTxMark{0};             //!< (R9): m_txPackets at the last sample
    EventId m_aicEvent;                  //!< (R9): the statistics task
    LroAggregator m_lro;                 //!< (R6') open aggregates
    PacketHeaders m_lroHeaders;          //!< (R6') the frame in its driver job
    LroAggregator::Aggregate m_flushing; //!< (R6') the aggregate in its stack job

    // TSO burst, (T2')
    TsoBurst m_tsoBurst; //!< the open burst

    // Metrics
    TracedValue<uint64_t> m_interrupts;                  //!< Interrupts
    TracedValue<uint64_t> m_polls;                       //!< Polls
    uint64_t m_rxPackets{0};                             //!< delivered to the stack
    uint64_t m_rxRingDrops{0};                           //!< dropped at a full ring
    uint64_t m_txPackets{0};                             //!< sent
    uint64_t m_rxOnCard{0};                              //!< consumed on the card (O2)
    uint64_t m_rxStackPackets{0};                        //!< delivered packets (R6')
    TracedCallback<Ptr<const Packet>> m_rxRingDropTrace; //!< RxRingDrop
    TracedCallback<Time> m_rxHostDelayTrace;             //!< RxHostDelay
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_NIC_NET_DEVICE_H
