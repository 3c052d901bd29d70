/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_UDP_STREAM_SENDER_H
#define HYBRIDNET_UDP_STREAM_SENDER_H

#include "ns3/address.h"
#include "ns3/application.h"
#include "ns3/ptr.h"
#include "ns3/traced-callback.h"
#include "ns3/traced-value.h"

#include <cstdint>
#include <unordered_map>

namespace ns3
{

class NetDevice;
class Packet;
class Socket;

namespace hybridnet
{

/**
 * @brief The sending side of a UDP stream test (netperf UDP_STREAM, iperf -u without a
 * rate): a process that writes datagrams of m bytes into a blocking UDP socket as fast as
 * the socket accepts them.
 *
 * What limits such a sender on Linux is the socket's send buffer. Every datagram's buffer
 * (skb) stays charged to the socket (sk_wmem_alloc) until it is freed, which for a sent
 * datagram is after the driver has handed it to the NIC and the NIC has sent it; a send
 * blocks while the charge has reached the buffer size (sock_alloc_send_skb waits while
 * sk_wmem_alloc >= sk_sndbuf). The queue discipline and the NIC's transmit ring therefore
 * never hold more than about one send buffer of the socket's datagrams, and the sender runs
 * at the rate of the slowest stage below it (CPU, bus, wire). ns-3's UdpSocketImpl has no
 * such charge (it accepts every datagram at once), so a plain "blasting" application would
 * only overflow the queue discipline. This application puts the charge back.
 *
 * With S = SendBuffer, m = MessageSize and O(t) the bytes outstanding at time t:
 *
 *   (1) a datagram is written whenever O(t) < S (Linux's test, so the last datagram may
 *       overshoot S); writing it makes O(t) += m;
 *   (2) the datagram stops being outstanding, O(t) -= m, when its last bit has left the
 *       sending NetDevice (the device's PhyTxEnd trace, matched by the packet's uid, which
 *       the UDP and IP headers and the device's frame copy keep), or when the stack drops
 *       it before that (the device's MacTxDrop, the root queue disc's Drop, the traffic
 *       control layer's TcDrop (no queue disc and the device queue stopped),
 *       Ipv4L3Protocol's Drop, ArpL3Protocol's Drop);
 *   (3) so at most n = ceil(S / m) datagrams are outstanding, and by Little's law the send
 *       rate is X = N / D <= n / D_min, with N the mean number outstanding and D the mean
 *       time from the write to the last bit on the wire;
 *   (4) on an otherwise idle path without host costs the release of (2) comes no later than
 *       the device could start its next frame (a point-to-point link: at that instant; an
 *       Ethernet link: one inter-frame gap before), so for every n >= 1 the wire never
 *       idles: X = R / (8 w(m)) datagrams per second, w(m) the wire bytes of one datagram
 *       (Ethernet: m + 28 + 38 B; PPP: m + 28 + 2 B) and R the link rate;
 *   (5) a release by a drop frees the charge but does not itself start a write: the next
 *       write waits for the next release by a frame's end. (A Linux sender whose
 *       datagrams are dropped at once by a full queue spins in failing writes, each
 *       costing a system call; without a time cost per write the model would spin at one
 *       instant.) If every outstanding datagram is dropped, the sender stops writing.
 *
 * The release of (2) is handled in a new event at the same simulated time, so the
 * application never re-enters the device's transmit code from inside its trace.
 *
 * Departures from Linux, and why they are small:
 *   - Linux frees a sent skb when the driver cleans its transmit ring (after the transmit
 *     completion interrupt), later than the last bit by the interrupt moderation delay;
 *     the model releases at the last bit. With S large enough to cover that delay the rate
 *     is the same; with a very small S the model sends slightly faster.
 *   - Linux charges skb->truesize (payload, headers and the skb's own bookkeeping, a few
 *     hundred bytes) against sk_sndbuf, which it sets to twice the requested SO_SNDBUF for
 *     that bookkeeping; the model charges the payload m against the requested S.
 *   - A datagram larger than the path MTU is fragmented by IP; its fragments keep its uid
 *     and the charge is released at the first fragment's last bit.
 *   - The CPU cost of the system call and the copy is not charged here; a host model
 *     charges it where the packet is processed (NicNetDevice (T2)).
 * A datagram that is never sent nor reported dropped stays outstanding; every drop point of
 * ns-3's IPv4 send path that has a trace is listed in (2).
 *
 * The device of (2) is attribute Device, or, if unset, the output device of the node's
 * IPv4 route to Remote, looked up when the application starts. It must have a PhyTxEnd
 * trace source (PointToPointNetDevice, CsmaNetDevice, hybridnet's EthernetNetDevice and
 * NicNetDevice have one).
 */
class UdpStreamSender : public Application
{
  public:
    /**
     * TracedCallback signature of Tx.
     * @param packet the datagram's payload, as written to the socket
     */
    typedef void (*TxCallback)(Ptr<const Packet> packet);

    /**
     * TracedValue signature of Outstanding.
     * @param oldValue previous O, bytes
     * @param newValue new O, bytes
     */
    typedef void (*OutstandingTracedCallback)(uint64_t oldValue, uint64_t newValue);

    /**
     * Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();
    UdpStreamSender();
    ~UdpStreamSender() override;

    /** @return payload bytes the socket accepted so far */
    uint64_t GetSentBytes() const;
    /** @return datagrams the socket accepted so far */
    uint64_t GetSentDatagrams() const;
    /** @return O of (1)-(2), bytes */
    uint64_t GetOutstandingBytes() const;
    /** @return datagrams released because the stack dropped them, (2) */
    uint64_t GetDroppedDatagrams() const;
    /** @return sends the socket refused (the application then stops writing) */
    uint64_t GetSendErrors() const;

  protected:
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;

    /** Write datagrams while (1) allows. */
    void SendLoop();
    /**
     * (2): a packet left the device or was dropped; release it if it is one of ours.
     * @param uid the packet's uid
     * @param dropped whether it was dropped rather than sent
     */
    void Release(uint64_t uid, bool dropped);
    /**
     * Trace sink: a frame's last bit has left the device.
     * @param frame the frame
     */
    void PhyTxEnd(Ptr<const Packet> frame);
    /**
     * Trace sink of every drop source of (2).
     * @param packet the dropped packet
     */
    void Dropped(Ptr<const Packet> packet);
    /** Connect (2)'s trace sinks to the device and the node's stack. */
    void ConnectReleaseTraces();

    // Attributes
    Address m_remote;          //!< Remote
    uint32_t m_messageSize{0}; //!< m
    uint32_t m_sendBuffer{0};  //!< S
    uint64_t m_maxBytes{0};    //!< MaxBytes (0: no limit)
    Ptr<NetDevice> m_device;   //!< Device

    Ptr<Socket> m_socket;                              //!< the UDP socket
    bool m_running{false};                             //!< between start and stop
    bool m_connected{false};                           //!< release traces connected
    std::unordered_map<uint64_t, uint32_t> m_inFlight; //!< uid -> charge of outstanding datagrams
    TracedValue<uint64_t> m_outstanding;               //!< O
    uint64_t m_sentBytes{0};                           //!< accepted payload bytes
    uint64_t m_sentDatagrams{0};                       //!< accepted datagrams
    uint64_t m_droppedDatagrams{0};                    //!< released by a drop
    uint64_t m_sendErrors{0};                          //!< refused sends
    TracedCallback<Ptr<const Packet>> m_txTrace;       //!< Tx
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_UDP_STREAM_SENDER_H
