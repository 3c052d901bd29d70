/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_HOST_MONITOR_H
#define HYBRIDNET_HOST_MONITOR_H

#include "net-logger.h"

#include "ns3/event-id.h"
#include "ns3/node.h"
#include "ns3/nstime.h"
#include "ns3/object.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief The vmstat, iostat and netstat of a host model, as NetLogger's host monitors
 * sent them to netlogd: every Interval, for the node it watches, with HOST and ID the Host
 * attribute, the events
 *
 *     PROG=vmstat  NL.EVNT=vmstat   CPU.UTIL                       (HostCpu)
 *     PROG=iostat  NL.EVNT=iostat   BUS.UTIL  MEM.UTIL  DISK.UTIL  (HostBus, MemoryBus, DiskArray)
 *     PROG=netstat NL.EVNT=netstat  RX.PKTS  INTR  RX.DROPS  TCP.RETRANS
 *
 * each field present only if the node has that model (a bare node logs nothing; TCP.RETRANS
 * only with SetRetransmits).  Over the interval [t - Interval, t]:
 *
 *     (1)  X.UTIL = (busy(t) - busy(t - Interval)) / Interval
 *     (2)  RX.PKTS, INTR, RX.DROPS, TCP.RETRANS = count(t) - count(t - Interval)
 *
 * busy the resource's busy time (HostCpu::GetBusyTimeNow, counting work in progress;
 * HostBus::GetBusyTime, both directions of a PCI Express link, so up to 2; MemoryBus and
 * DiskArray GetBusyTime), the counts the NICs' (NicNetDevice: frames received, interrupts,
 * receive-ring drops, summed over the node's NICs) and the retransmission counter's.
 * Values are written with 6 significant digits.
 */
class HostMonitor : public Object
{
  public:
    /** @return the TypeId */
    static TypeId GetTypeId();

    HostMonitor();
    ~HostMonitor() override;

    /**
     * Watch @p node, logging to @p log every Interval from now until Stop().
     * @param node the host
     * @param log the run's logger
     */
    void Start(Ptr<Node> node, Ptr<NetLogger> log);
    /** Stop sampling. */
    void Stop();
    /** @param count the host's TCP retransmissions so far (netstat's) */
    void SetRetransmits(std::function<uint64_t()> count);

  protected:
    void DoDispose() override;

  private:
    /** The counters read at one instant. */
    struct Reading
    {
        double cpu{0}, bus{0}, memory{0}, disk{0}; //!< busy seconds
        uint64_t rxPackets{0}, interrupts{0}, rxDrops{0}, retransmits{0};
    };

    /** @return the counters now */
    Reading Read() const;
    /** Log the interval that ends now and schedule the next. */
    void Sample();

    Time m_interval;
    std::string m_host;
    Ptr<Node> m_node;
    Ptr<NetLogger> m_log;
    std::function<uint64_t()> m_retransmits;
    Reading m_last;
    EventId m_event;
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_HOST_MONITOR_H
