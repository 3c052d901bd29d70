/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_WAN_END_HOSTS_H
#define HYBRIDNET_WAN_END_HOSTS_H

#include "host-flags.h"
#include "scenario-flags.h"
#include "wan-path-sizing.h"

#include "ns3/data-rate.h"
#include "ns3/net-device-container.h"
#include "ns3/node.h"
#include "ns3/nstime.h"

#include <cstdint>
#include <string>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief The two ends of a WAN path, each a bare node or a machine of a host profile: the
 * flags --sender and --receiver, and the access link each end gets to its router.
 *
 * An end without a profile (`none`, the default) is a node on a point-to-point link (2 B of
 * PPP framing) with no CPU, bus or NIC: nothing limits it but TCP. An end with a profile
 * is a host model (HostCpu and HostBus of the profile) whose NIC (NicNetDevice: descriptor
 * rings, DMA over the bus, e1000 interrupt throttling, NAPI, per-packet CPU work; the
 * profile's nic and moderator sections) is cabled by Ethernet to a port (EthernetNetDevice,
 * a drop-tail queue of 100 packets) on its router, so that a host that cannot keep up
 * shows as such - its CPU busy, its receive ring dropping. Either way the link has the
 * rate, one-way delay and IP MTU the scenario gives; what changes with a profile is the
 * framing, 38 B per packet (Ethernet header 14, FCS 4, preamble 8, inter-frame gap 12)
 * instead of 2 B, so the access link carries at most
 *
 *     (1)  rate x S / (S + 52 + 38)     of TCP payload (S = segment size; 52 B TCP/IP)
 *
 * - 941.5 Mb/s at 1 Gb/s and S = 1448 B - and becomes the bottleneck when its rate equals
 * the bottleneck's (a point-to-point bottleneck carries rate x S / (S + 54)).
 *
 * Kernel: an end whose profile has a kernel section runs that kernel with tcp=lfn
 * (GetKernel; WanTcpFlags::Install): the Linux 2.4 hosts of the bundled profiles keep
 * 64 KiB of advertised window (tcp_rmem[1] = 87380 B, never grown), a 16 KiB send buffer
 * that grows to 128 KiB, net.core.rmem_max = wmem_max = 65535 B, an initial window of two
 * segments and Linux's receiver - an untuned host of the time.  A WAN TCP flag given on
 * the command line is the scenario's setting and wins for its attribute (a given rcvBuf is
 * then clipped to the kernel's rmem_max unless rmemMax is given too, as Linux clips
 * setsockopt).  An end without a profile, or whose profile has no kernel, runs
 * the flags alone (Linux 2.6's defaults).  Reading application: the flows' receivers (PacketSink)
 * read at once; the wake-ups of a reading process (HostProcess) are not charged. The NICs' throttle
 * counters draw their phases from the streams the scenario gives AssignStreams, after its own (loss
 * injectors'). Queue discipline: a modelled end's is its profile's (InstallQdisc, pfifo_fast of
 * txqueuelen packets); a bare end's is Linux's default, pfifo_fast of 1000 packets (ether_setup's
 * tx_queue_len, the same in 2.4 and 2.6), not ns-3's FqCoDel, which no kernel of the studies ran.
 * --txQueueLen sets both ends' txqueuelen instead (`ifconfig eth0 txqueuelen N`, the tuning the
 * WAN studies' authors advised for long paths: a slow start that overflows it puts Linux's TCP
 * in CWR, LfnTcpSocket (14)).
 */
class WanEndHosts
{
  public:
    /** Which end of the path. */
    enum End : uint8_t
    {
        SENDER = 0,   //!< the sending host(s)
        RECEIVER = 1, //!< the receiving host
    };

    WanEndHosts() = default;
    WanEndHosts(const WanEndHosts&) = delete; //!< the flags hold pointers to the members
    WanEndHosts& operator=(const WanEndHosts&) = delete;

    /**
     * Register --sender and --receiver (default none), --tcpOffload (HostFlags::AddTcpOffload:
     * profile, on or off for the ends that are host models) and --txQueueLen.
     * @param flags the scenario's flags
     * @param senders who --sender describes, for help ("the sending host", "every sender")
     */
    void AddFlags(ScenarioFlags& flags, const std::string& senders);

    /** @return the --txQueueLen given, packets; 0: the profiles' or Linux's default */
    uint32_t GetTxQueueLen() const;

    /** @param end an end of the path @return true if it has a profile (not none) */
    bool IsModelled(End end) const;

    /**
     * @param end an end of the path
     * @return its profile if it has one with a kernel section, else nullptr
     */
    const HostProfile* GetKernel(End end) const;

    /**
     * Write the path's derived numbers (WanPathSizing::WriteTo) with the buffers of the ends
     * whose kernel the flags are: both with tcp=ns3, with lfn those without GetKernel.
     * @param result the result
     * @param sizing the path's sizing
     * @param lfn whether tcp is lfn
     */
    void WriteSizing(ResultDocument& result, const WanPathSizing& sizing, bool lfn) const;

    /**
     * @param end an end of the path
     * @return true if it has a profile with a disk section (a disk array and a page cache)
     */
    bool HasStorage(End end) const;

    /**
     * Whether the end's disks can hold a file: the array's configuration exists
     * (DiskArray::CheckConfiguration) and the file fits (DiskArray::GetCapacity).
     * @param end an end with storage
     * @param fileSize bytes of the file
     * @return "" or a one-line problem naming the profile and the setting
     */
    std::string CheckStorage(End end, uint64_t fileSize) const;

    /**
     * Give @p host the end's disk array and page cache (DiskArrayHelper with the profile's
     * disk and pagecache sections), if its profile has storage.
     * @param end which end @p host is
     * @param host the end host
     */
    void InstallStorage(End end, Ptr<Node> host) const;

    /**
     * Cable @p host to @p router: a point-to-point link, or with a profile the host's NIC
     * to an Ethernet port on the router.
     * @param end which end @p host is (its profile)
     * @param host the end host
     * @param router its router
     * @param rate the link's rate
     * @param delay its one-way propagation delay
     * @param mtu its IP MTU, bytes
     * @return the host's device and the router's, in that order
     */
    NetDeviceContainer Cable(End end,
                             Ptr<Node> host,
                             Ptr<Node> router,
                             DataRate rate,
                             Time delay,
                             uint32_t mtu) const;

    /**
     * Install an end's transmit queue discipline: with a profile, the profile's
     * (HostProfile::InstallQdisc, Linux's pfifo_fast); without, Linux's default pfifo_fast of
     * kBareTxQueueLen packets; either of --txQueueLen packets if it is given.
     * Call it after the internet stack and before addresses are assigned.
     * @param end which end @p devices belong to
     * @param devices the end host's devices
     */
    void InstallQdisc(End end, const NetDeviceContainer& devices) const;

    /**
     * Fix the NICs' random streams (their throttle counters' phases).
     * @param devices the end hosts' devices; those that are not NICs are skipped
     * @param stream the first stream, after those the scenario's other objects use
     * @return the streams used
     */
    static int64_t AssignStreams(NetDeviceContainer devices, int64_t stream);

    /**
     * Install Linux's pfifo_fast, the queue discipline of a bare end (and of any other bare
     * host, such as a cross-traffic host): of kBareTxQueueLen packets, Linux's default, or
     * of @p txQueueLen packets (`ifconfig eth0 txqueuelen N`).
     * @param devices the host's devices
     * @param txQueueLen packets; 0: kBareTxQueueLen
     */
    static void InstallBareQdisc(const NetDeviceContainer& devices, uint32_t txQueueLen = 0);

    /** A bare end's txqueuelen (packets): Linux's ether_setup, 2.4 and 2.6. */
    static constexpr uint32_t kBareTxQueueLen = 1000;

  private:
    HostFlags m_hosts;        //!< profiles SENDER and RECEIVER
    uint32_t m_txQueueLen{0}; //!< --txQueueLen, packets; 0: not given
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_WAN_END_HOSTS_H
