/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_HOST_LOOPBACK_NET_DEVICE_H
#define HYBRIDNET_HOST_LOOPBACK_NET_DEVICE_H

#include "ns3/loopback-net-device.h"
#include "ns3/net-device.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"
#include "ns3/traced-callback.h"
#include "ns3/traced-value.h"

#include <cstdint>

namespace ns3
{

class Packet;

namespace hybridnet
{

class HostCpu;

/**
 * @brief A host's loopback interface (lo) whose throughput is limited by the host's CPU:
 * its memory-copy bandwidth and its per-packet protocol work.
 *
 * On Linux, TCP between two processes of one host over lo costs, for each byte of
 * application data, two copies through memory: the sender's, from its user buffer into the
 * socket buffer (tcp_sendmsg), and the receiver's, from the socket buffer into its user
 * buffer (tcp_recvmsg).  The device itself copies nothing (loopback_xmit hands the sk_buff
 * to netif_rx) and has no wire.  Each packet also costs the protocol processing of both
 * ends (IP and TCP output, the loopback softirq, IP and TCP input).  This device charges all
 * of it to the packet, as one job on the node's HostCpu (aggregated to the Node), at level
 * KERNEL:
 *
 *     (1) P = L3 - H_IP - H_L4     application bytes of the packet: L3 its size, H_IP the
 *                                  IPv4 (with options) or IPv6 fixed header, H_L4 the TCP
 *                                  header with options (data offset) or the 8 B UDP header;
 *                                  H_L4 = 0 for other IP protocols and for IPv4 fragments
 *                                  after the first, P = L3 for non-IP packets
 *     (2) m = 2 P                  bytes copied: the sender's copy and the receiver's copy
 *     (3) s = c / f + 8 m / M      service time, equation (1) of HostCpu; c = attribute
 *                                  PacketCycles, f = HostCpu Frequency, M = HostCpu
 *                                  MemoryCopyRate
 *
 * The packet is handed to the node's stack (the receive callback) when the job ends, so
 * the CPU is the bottleneck and TCP sees its queueing and service as round-trip time.  For a
 * bulk TCP flow of segments carrying P bytes each, acknowledged by one pure ACK (P = 0, cost
 * c / f) every b segments, the CPU is saturated and the goodput is
 *
 *     (4) G = 8 P / ((1 + 1/b) c / f + 16 P / M)
 *
 * so with c = 0 the ceiling is G = M / 2, whatever the segment size: each byte is copied
 * twice, the headers are not copied.  The Linux 2.4/2.6 lo MTU of 16436 B (attribute Mtu;
 * drivers/net/loopback.c, loopback_setup: mtu = 16 * 1024 + 20 + 20 + 12) makes P = 16384
 * B with IPv4, TCP and the timestamp option; M = 4 Gb/s, c = 0 give G = 2 Gb/s.  The
 * Lightpath Accelerator study measured 2.30-2.31 Gb/s with iperf over lo (2.34 in the
 * text) on its dual Xeon 2.4 GHz hosts: the host profile sets M and c so that (4) meets
 * it.  PacketCycles defaults to 0 (a pure memory-copy limit); the host profile sets it.
 *
 * The path through ns-3 (3.44), and why this class derives from ns3::LoopbackNetDevice:
 *
 *  - Ipv4L3Protocol::SetupLoopback (and Ipv6L3Protocol::SetupLoopback), run when
 *    InternetStackHelper installs the stack, use the first device of the node that is a
 *    ns3::LoopbackNetDevice (DynamicCast) and create one only if there is none.  That device
 *    gets 127.0.0.1/8 (and ::1) as interface 0.
 *  - Ipv4Interface::Send (and Ipv6Interface::Send) hands every packet routed to an
 *    interface whose device is a ns3::LoopbackNetDevice straight to NetDevice::Send
 *    (virtual), with no traffic control; ns3::LoopbackNetDevice then delivers it with zero
 *    delay.  On any other device, a packet whose destination is one of that interface's own
 *    addresses never reaches the device: Ipv4Interface::Send schedules
 *    TrafficControlLayer::Receive at once.  So an extra interface of our own with, say,
 *    127.0.0.2 would be bypassed at zero cost, and there is no hook in ns-3's own loopback
 *    device to attach a cost to.
 *  - Hence: this device is a ns3::LoopbackNetDevice (subclass) that overrides Send,
 *    SendFrom, the receive callbacks and the MTU, and LoopbackHelper adds it to the node
 *    *before* the internet stack, which then adopts it as the node's loopback interface.
 *    Everything in ns-3 that treats the loopback specially (no queue disc from the address
 *    helpers, no global or RIP routes, no IPv6 autoconfiguration) treats this device the
 *    same way.  Applications on one node talking to 127.0.0.1 (or ::1) go through it.
 *  - ns-3 routes a packet to another of the node's own addresses (e.g. its Ethernet
 *    address) through that address's interface, where it is delivered at zero cost; Linux
 *    routes it through lo (its "local" table).  To get Linux's behaviour, add a host route
 *    (Ipv4StaticRouting::AddHostRouteTo(address, 0)) to the address through interface 0:
 *    the longest-prefix match then sends it through this device.
 *
 * Scope and limits: one job per packet for both ends' work (the sender's and the receiver's
 * work run on one CPU, as the HostCpu model has one CPU for all network work); the copies
 * are charged when the packet crosses the device rather than at the send() and recv()
 * system calls, which moves each copy by at most one packet's service time; no socket
 * buffer accounting beyond ns-3's TCP; packets above the MTU are dropped (IP fragments to the
 * MTU, so only a caller bypassing IP sees this).  The node must have a HostCpu by the first
 * packet; the device aborts otherwise.  The name is that of the ns-3 class it derives from,
 * in namespace ns3::hybridnet: code with both `using namespace` directives writes
 * hybridnet::LoopbackNetDevice.
 */
class LoopbackNetDevice : public ns3::LoopbackNetDevice
{
  public:
    /**
     * TracedValue signature of the counters.
     * @param oldValue previous value
     * @param newValue new value
     */
    typedef void (*CounterCallback)(uint64_t oldValue, uint64_t newValue);

    /**
     * TracedCallback signature of the packet events (MacTx, MacTxDrop, MacRx).
     * @param packet the L3 packet
     */
    typedef void (*PacketCallback)(Ptr<const Packet> packet);

    static TypeId GetTypeId();
    LoopbackNetDevice();
    ~LoopbackNetDevice() override;

    LoopbackNetDevice(const LoopbackNetDevice&) = delete;
    LoopbackNetDevice& operator=(const LoopbackNetDevice&) = delete;

    /**
     * Equation (1).
     * @param packet an L3 packet
     * @param protocolNumber its protocol (EtherType: 0x0800 IPv4, 0x86DD IPv6)
     * @return P, the application bytes it carries
     */
    static uint32_t GetPayloadBytes(Ptr<const Packet> packet, uint16_t protocolNumber);

    /**
     * Equations (1)-(3) with this device's PacketCycles and the node's HostCpu.
     * @param packet an L3 packet
     * @param protocolNumber its protocol
     * @return s, the time the packet occupies the CPU
     */
    Time GetServiceTime(Ptr<const Packet> packet, uint16_t protocolNumber) const;

    /** @return c of equation (3), cycles */
    uint64_t GetPacketCycles() const;

    /** @return packets delivered to the stack */
    uint64_t GetRxPackets() const;
    /** @return the sum of m, equation (2), over the packets accepted for sending, bytes */
    uint64_t GetCopiedBytes() const;

    // NetDevice, overriding ns3::LoopbackNetDevice
    bool SetMtu(const uint16_t mtu) override;
    uint16_t GetMtu() const override;
    bool Send(Ptr<Packet> packet, const Address& dest, uint16_t protocolNumber) override;
    bool SendFrom(Ptr<Packet> packet,
                  const Address& source,
                  const Address& dest,
                  uint16_t protocolNumber) override;
    void SetReceiveCallback(NetDevice::ReceiveCallback cb) override;
    void SetPromiscReceiveCallback(PromiscReceiveCallback cb) override;

  protected:
    void DoDispose() override;

  private:
    /** @return the node's HostCpu; aborts if it has none */
    Ptr<HostCpu> GetCpu() const;

    /**
     * The packet's CPU job has ended: hand it to the stack.
     * @param packet the L3 packet
     * @param protocolNumber its protocol
     */
    void Deliver(Ptr<Packet> packet, uint16_t protocolNumber);

    uint16_t m_mtu{0};                       //!< Mtu
    uint64_t m_packetCycles{0};              //!< PacketCycles, c of equation (3)
    mutable Ptr<HostCpu> m_cpu;              //!< the node's CPU, found at the first packet
    NetDevice::ReceiveCallback m_rxCallback; //!< upper layer
    NetDevice::PromiscReceiveCallback m_promiscCallback; //!< promiscuous upper layer

    TracedValue<uint64_t> m_rxPackets;                  //!< RxPackets counter
    TracedValue<uint64_t> m_copiedBytes;                //!< CopiedBytes counter
    TracedCallback<Ptr<const Packet>> m_macTxTrace;     //!< MacTx
    TracedCallback<Ptr<const Packet>> m_macTxDropTrace; //!< MacTxDrop
    TracedCallback<Ptr<const Packet>> m_macRxTrace;     //!< MacRx
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_HOST_LOOPBACK_NET_DEVICE_H
