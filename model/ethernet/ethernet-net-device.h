/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_ETHERNET_NET_DEVICE_H
#define HYBRIDNET_ETHERNET_NET_DEVICE_H

#include "ns3/data-rate.h"
#include "ns3/event-id.h"
#include "ns3/mac48-address.h"
#include "ns3/net-device.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"
#include "ns3/queue-fwd.h"
#include "ns3/traced-callback.h"
#include "ns3/traced-value.h"

#include <cstdint>
#include <optional>

namespace ns3
{

class Packet;

namespace hybridnet
{

class EthernetChannel;

/**
 * @brief A full-duplex Ethernet MAC/PHY (IEEE 802.3) whose wire never carries more than its
 * data rate.
 *
 * A packet of L3 bytes handed down by the network layer (IP MTU = attribute Mtu, L3 <= Mtu)
 * is sent as one frame.  With V = 4 B if the 802.1Q tag is on (attribute VlanTag) and 0
 * otherwise, R the data rate (attribute DataRate), the frame and its cost on the wire are
 *
 *     (1) F = max(64, 14 + V + L3 + 4)         frame bytes: header, tag, payload, FCS, pad
 *     (2) W = F + 8 + 12                       wire bytes: + preamble/SFD + inter-frame gap
 *     (3) T_f = (F + 8) * 8 / R                the frame's last bit leaves the sender
 *     (4) T_w = W * 8 / R                      the transmitter may start the next frame
 *
 * so the frame rate at saturation is R / (8 W) (1,488,095.2 frames/s for 64 B frames at
 * 1 Gb/s, 81,274.4 frames/s for 1518 B frames) and the payload ceiling of a flow whose
 * frames carry P bytes of payload each is R * P / W (TCP with MSS 1448 and timestamps over a
 * 1500 B MTU: 1 Gb/s * 1448 / 1538 = 941.48 Mb/s).
 *
 * Times are not rounded frame by frame: within a busy period starting at t0 (the
 * transmitter was idle), after frames whose wire bytes add up to S, the next transmitter
 * slot ends at
 *
 *     (5) t = t0 + ceil(8 S / R)               in steps of the simulator's time resolution
 *
 * so the long-run rate is exactly (4), rounding never lets a frame start early, and the
 * wire carries at most R over any interval (within one time step).
 *
 * The frame carried to the peer is the packet with ns-3's EthernetHeader (destination,
 * source, EtherType = protocol number: Ethernet II / DIX framing, no LLC/SNAP) and
 * EthernetTrailer (FCS, computed and checked when Node ChecksumEnabled is on).  The
 * receiver removes both and delivers the L3 packet with its protocol number.  Departures
 * from the bytes on a real wire, all accounted for in (1)-(5) and in the TxWireBytes
 * counter but not materialised in the packet: the padding to 64 B, the 802.1Q tag, the
 * preamble/SFD and the inter-frame gap.
 *
 * Full duplex: transmission and reception are independent (EthernetChannel); there is no
 * CSMA/CD and no error model.  A packet arriving while the transmitter is busy waits in the
 * TxQueue (attribute); when it is full the packet is dropped (MacTxDrop).  With the
 * NetDeviceQueueInterface that EthernetHelper aggregates, ns-3's traffic control stops the
 * device queue when it is full and wakes it when a frame leaves, as for
 * PointToPointNetDevice.
 *
 * Flow control (IEEE 802.3 clause 31 and Annex 31B, "802.3x PAUSE").  A PAUSE frame is a
 * MAC Control frame: destination 01-80-C2-00-00-01, EtherType 0x8808, opcode 0x0001, then
 * pause_time q (0 .. 65535, in quanta of 512 bit times) and 42 reserved zero bytes, so
 * L3 = 46 B and F = 64 B in (1).  With attribute PauseEnabled on, a PAUSE frame addressed
 * to 01-80-C2-00-00-01 or to this device, whose last bit arrives at t_p, sets the pause
 * timer:
 *
 *     (6) T_p = ceil(q * 512 / R)              no data frame starts in [t_p, t_p + T_p)
 *
 * A frame already on the wire at t_p completes; the first data frame after it starts at
 * max(end of the current wire slot (4), t_p + T_p), as a new busy period of (5).  A PAUSE
 * received while the timer runs replaces it (q = 0 resumes at once).  MAC Control frames
 * (EtherType 0x8808) never reach the upper layer: with PauseEnabled on the MAC consumes
 * them before Receive() (unknown opcodes are discarded); with it off they are passed to
 * Receive(), which discards them, so a subclass that relays frames at the physical layer
 * (overriding Receive) still sees them.  SendPause() sends a PAUSE frame ahead of all
 * queued data frames: it starts when the current wire slot ends (at once if the
 * transmitter is idle) and, as 31B requires, a running pause timer does not hold it back;
 * a second SendPause() before the first has started replaces it.  The PAUSE frame costs
 * W = 84 B of wire like any 64 B frame and is counted in TxFrames and TxWireBytes.
 * Departures: the pause timer starts at t_p itself (Annex 31B only bounds the MAC's
 * reaction delay; the model's is 0); the auto-negotiation of the PAUSE capability
 * (clause 28/37) is replaced by the attribute.
 *
 * PHY receive latency.  A frame whose last bit reaches the device's connector (MDI) at
 * t_rx, EthernetChannel (1), reaches the MAC at
 *
 *     (7) t_mac = t_rx + L_phy                 L_phy = attribute PhyRxLatency
 *
 * and everything above (Receive(), the PAUSE timer's t_p of (6)) happens at t_mac.  A
 * 1000BASE-T PHY decodes PAM-5 symbols, descrambles and passes an elastic buffer before
 * the GMII: a few hundred nanoseconds (host profiles give the value and its datasheet).
 * The transmit side's PHY latency is not modelled, and the default L_phy = 0 is an ideal
 * PHY (the first-principles framing arithmetic of (1)-(5)).
 *
 * Why a new device: PointToPointNetDevice adds a 2 B PPP header and no preamble, gap,
 * FCS or minimum frame; CsmaNetDevice is half duplex (one medium shared by all devices).
 */
class EthernetNetDevice : public NetDevice
{
  public:
    /**
     * TracedValue callback signature of the counters.
     * @param oldValue previous value
     * @param newValue new value
     */
    typedef void (*CounterCallback)(uint64_t oldValue, uint64_t newValue);

    /**
     * TracedCallback signature of PauseTx and PauseRx.
     * @param quanta pause_time q of equation (6), in quanta of 512 bit times
     */
    typedef void (*PauseCallback)(uint16_t quanta);

    /** EtherType of MAC Control frames (IEEE 802.3 clause 31). */
    static constexpr uint16_t MAC_CONTROL_ETHERTYPE = 0x8808;
    /** MAC Control opcode of PAUSE (IEEE 802.3 Annex 31B). */
    static constexpr uint16_t PAUSE_OPCODE = 0x0001;

    /** @return 01-80-C2-00-00-01, the destination of PAUSE frames */
    static Mac48Address GetPauseAddress();

    /**
     * TracedCallback signature of the packet events (MacTx, MacTxDrop, MacRx, MacRxDrop,
     * PhyTxBegin, PhyTxEnd, PhyRxEnd).
     * @param packet the L3 packet (Mac*) or the frame with header and trailer (Phy*)
     */
    typedef void (*PacketCallback)(Ptr<const Packet> packet);

    static TypeId GetTypeId();
    EthernetNetDevice();
    ~EthernetNetDevice() override;

    EthernetNetDevice(const EthernetNetDevice&) = delete;
    EthernetNetDevice& operator=(const EthernetNetDevice&) = delete;

    /**
     * Set R.  Aborts (NS_ABORT_MSG) outside 10 Mb/s .. 10 Gb/s.
     * @param rate the data rate
     */
    void SetDataRate(DataRate rate);
    /** @return R */
    DataRate GetDataRate() const;

    /**
     * Attach to a channel (one end of the cable).
     * @param channel the channel
     * @return false if the channel has two ends already
     */
    bool Attach(Ptr<EthernetChannel> channel);

    /** @param queue the transmit queue */
    void SetQueue(Ptr<Queue<Packet>> queue);
    /** @return the transmit queue */
    Ptr<Queue<Packet>> GetQueue() const;

    /**
     * @param l3Bytes L3 packet size
     * @return F of equation (1) with this device's VlanTag
     */
    uint32_t GetFrameBytes(uint32_t l3Bytes) const;
    /**
     * @param l3Bytes L3 packet size
     * @return W of equation (2) with this device's VlanTag
     */
    uint32_t GetWireBytes(uint32_t l3Bytes) const;

    /** @return frames whose wire slot, equation (4), has ended */
    uint64_t GetTxFrames() const;
    /** @return the sum of W, equation (2), over those frames */
    uint64_t GetTxWireBytes() const;

    /**
     * Send a PAUSE frame with pause_time @p quanta to the peer, ahead of the queued data
     * frames (see the class comment).  Works whether or not PauseEnabled is on (that
     * attribute is about honouring received PAUSE frames).
     * @param quanta pause_time q of equation (6); 0 lets the peer resume at once
     * @return false if the link is down (nothing is sent)
     */
    bool SendPause(uint16_t quanta);

    /**
     * @param quanta pause_time q
     * @return T_p of equation (6) at this device's data rate
     */
    Time GetPauseTime(uint16_t quanta) const;

    /** @return L_phy of equation (7) */
    Time GetPhyRxLatency() const;

    /** @return whether the pause timer of equation (6) is running */
    bool IsTxPaused() const;
    /** @return PAUSE frames sent (their first bit went on the wire) */
    uint64_t GetPauseFramesTx() const;
    /** @return PAUSE frames received and honoured (PauseEnabled on) */
    uint64_t GetPauseFramesRx() const;

    /**
     * Called by the channel when the last bit of a frame reaches the MAC, equation (7).  With
     * PauseEnabled on, a MAC Control frame (EtherType 0x8808) is consumed here (equation (6));
     * every other frame goes to Receive().
     * @param frame the frame with header and trailer
     */
    void ReceiveFromChannel(Ptr<Packet> frame);

    /**
     * Called (through ReceiveFromChannel) when the last bit of a frame arrives: check the
     * FCS, remove header and trailer, discard MAC Control frames, deliver to the upper
     * layer.  A subclass that models the host side of a NIC (descriptor rings, DMA,
     * interrupts) overrides this and calls it when the host processes the frame.
     * @param frame the frame with header and trailer
     */
    virtual void Receive(Ptr<Packet> frame);

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
    bool IsPointToPoint() const override;
    bool IsBridge() const override;
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

    /**
     * The last bit of a data frame has left, equation (3); called before the PhyTxEnd
     * trace (not for the PAUSE frames of SendPause).  Does nothing here; a NIC model
     * completes the frame's transmit descriptor.
     * @param frame the frame with header and trailer
     */
    virtual void NotifyFrameSent(Ptr<const Packet> frame);

    /**
     * @return whether NotifyFrameSent does something: false here, so that a frame whose
     * end nobody hears (no PhyTxEnd sink when it starts) costs no event
     */
    virtual bool NeedsFrameSent() const;

    /**
     * Fire MacTxDrop for a packet a subclass refuses before the MAC.
     * @param packet the L3 packet
     */
    void NotifyTxDrop(Ptr<const Packet> packet);

  private:
    /**
     * If the transmitter is free, start the pending PAUSE frame, or else (pause timer not
     * running) the next queued data frame.
     * @param backToBack the previous wire slot ends now: the busy period of (5) goes on
     */
    void StartNext(bool backToBack);
    /**
     * Start sending a frame; the transmitter is idle or its previous slot just ended.
     * @param frame the frame with header and trailer
     * @param control whether it is a PAUSE frame of SendPause
     */
    void TransmitStart(Ptr<Packet> frame, bool control);
    /**
     * The frame's last bit has left, equation (3).
     * @param frame the frame
     * @param control whether it is a PAUSE frame of SendPause
     */
    void FrameEnd(Ptr<Packet> frame, bool control);
    /**
     * Add the Ethernet header and trailer (FCS).
     * @param packet the L3 packet, becomes the frame
     * @param source source address
     * @param dest destination address
     * @param etherType EtherType
     */
    static void Frame(Ptr<Packet> packet,
                      Mac48Address source,
                      Mac48Address dest,
                      uint16_t etherType);
    /**
     * A MAC Control frame has arrived (PauseEnabled on): honour it if it is a PAUSE.
     * @param frame the frame with header and trailer
     */
    void ReceiveMacControl(Ptr<Packet> frame);
    /** The pause timer of equation (6) has expired. */
    void PauseEnd();
    /** The frame's wire slot has ended, equation (4): count it, send the next one. */
    void SlotEnd(uint32_t wireBytes);
    /** @return t0 + ceil(8 bits / R), equation (5), for the current busy period */
    Time EpochOffset(uint64_t bits) const;

    Ptr<Node> m_node;                        //!< owning node
    Ptr<EthernetChannel> m_channel;          //!< the cable
    Ptr<Queue<Packet>> m_queue;              //!< TxQueue
    Mac48Address m_address;                  //!< Address
    DataRate m_rate;                         //!< R
    uint16_t m_mtu{0};                       //!< Mtu (IP MTU)
    bool m_vlanTag{false};                   //!< VlanTag
    uint32_t m_ifIndex{0};                   //!< interface index
    bool m_busy{false};                      //!< transmitter busy (frame or gap on the wire)
    Time m_epoch;                            //!< t0 of equation (5)
    uint64_t m_epochBits{0};                 //!< 8 S of equation (5) so far
    Time m_slotEnd;                          //!< end of the current (or last) wire slot
    EventId m_frameEndEvent;                 //!< pending FrameEnd
    EventId m_slotEndEvent;                  //!< pending SlotEnd
    bool m_pauseEnabled{false};              //!< PauseEnabled
    Time m_phyRxLatency;                     //!< PhyRxLatency
    EventId m_pauseEndEvent;                 //!< expiry of the pause timer, equation (6)
    std::optional<uint16_t> m_pauseToSend;   //!< pause_time of the PAUSE frame of SendPause
    uint64_t m_pauseFramesTx{0};             //!< PAUSE frames sent
    uint64_t m_pauseFramesRx{0};             //!< PAUSE frames honoured
    NetDevice::ReceiveCallback m_rxCallback; //!< upper layer
    NetDevice::PromiscReceiveCallback m_promiscCallback; //!< promiscuous upper layer
    TracedCallback<> m_linkChangeCallbacks;              //!< link up notifications

    TracedValue<uint64_t> m_txFrames;                    //!< TxFrames counter
    TracedValue<uint64_t> m_txWireBytes;                 //!< TxWireBytes counter
    TracedValue<bool> m_txPaused{false};                 //!< TxPaused: the pause timer is running
    TracedCallback<uint16_t> m_pauseTxTrace;             //!< PauseTx
    TracedCallback<uint16_t> m_pauseRxTrace;             //!< PauseRx
    TracedCallback<Ptr<const Packet>> m_macTxTrace;      //!< MacTx
    TracedCallback<Ptr<const Packet>> m_macTxDropTrace;  //!< MacTxDrop
    TracedCallback<Ptr<const Packet>> m_macRxTrace;      //!< MacRx
    TracedCallback<Ptr<const Packet>> m_macRxDropTrace;  //!< MacRxDrop
    TracedCallback<Ptr<const Packet>> m_phyTxBeginTrace; //!< PhyTxBegin
    TracedCallback<Ptr<const Packet>> m_phyTxEndTrace;   //!< PhyTxEnd
    TracedCallback<Ptr<const Packet>> m_phyRxEndTrace;   //!< PhyRxEnd
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_ETHERNET_NET_DEVICE_H
