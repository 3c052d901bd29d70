/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_QUEUE_MONITOR_H
#define HYBRIDNET_QUEUE_MONITOR_H

#include "net-logger.h"

#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/queue.h"

#include <cstdint>
#include <string>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief The network's side of NetLogger's monitors: a router port's queue sampled every
 * Interval, as an SNMP poller of the time read a router's interface counters, logging
 *
 *     PROG=ifstat  NL.EVNT=ifstat  HOST=Host  ID=Port  QLEN  PKTS  DROPS
 *
 * QLEN the packets queued at the sample, PKTS the packets that entered the queue and DROPS
 * those it dropped over the interval (the queue's total-received and total-dropped counters'
 * differences).
 */
class QueueMonitor : public Object
{
  public:
    /** @return the TypeId */
    static TypeId GetTypeId();

    QueueMonitor();
    ~QueueMonitor() override;

    /**
     * Watch @p queue, logging to @p log every Interval from now.
     * @param queue a device's or a queue discipline's packet queue
     * @param log the run's logger
     */
    void Start(Ptr<Queue<Packet>> queue, Ptr<NetLogger> log);
    /** Stop sampling. */
    void Stop();

  protected:
    void DoDispose() override;

  private:
    /** Log the interval that ends now and schedule the next. */
    void Sample();

    Time m_interval;
    std::string m_host;
    std::string m_port;
    Ptr<Queue<Packet>> m_queue;
    Ptr<NetLogger> m_log;
    uint32_t m_received{0};
    uint32_t m_dropped{0};
    EventId m_event;
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_QUEUE_MONITOR_H
