/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "queue-monitor.h"

#include "ns3/simulator.h"
#include "ns3/string.h"

namespace ns3
{
namespace hybridnet
{

NS_OBJECT_ENSURE_REGISTERED(QueueMonitor);

TypeId
QueueMonitor::GetTypeId()
{
    static TypeId tid = TypeId("ns3::hybridnet::QueueMonitor")
                            .SetParent<Object>()
                            .SetGroupName("Hybridnet")
                            .AddConstructor<QueueMonitor>()
                            .AddAttribute("Interval",
                                          "Time between samples. Range 1 us to 1 h.",
                                          TimeValue(Seconds(1)),
                                          MakeTimeAccessor(&QueueMonitor::m_interval),
                                          MakeTimeChecker(MicroSeconds(1), Hours(1)))
                            .AddAttribute("Host",
                                          "The router's name: HOST of its events.",
                                          StringValue("router"),
                                          MakeStringAccessor(&QueueMonitor::m_host),
                                          MakeStringChecker())
                            .AddAttribute("Port",
                                          "The port's name: ID of its events.",
                                          StringValue("port"),
                                          MakeStringAccessor(&QueueMonitor::m_port),
                                          MakeStringChecker());
    return tid;
}

QueueMonitor::QueueMonitor() = default;
QueueMonitor::~QueueMonitor() = default;

void
QueueMonitor::DoDispose()
{
    m_event.Cancel();
    m_queue = nullptr;
    m_log = nullptr;
    Object::DoDispose();
}

void
QueueMonitor::Start(Ptr<Queue<Packet>> queue, Ptr<NetLogger> log)
{
    m_queue = queue;
    m_log = log;
    m_received = queue->GetTotalReceivedPackets();
    m_dropped = queue->GetTotalDroppedPackets();
    m_event = Simulator::Schedule(m_interval, &QueueMonitor::Sample, this);
}

void
QueueMonitor::Stop()
{
    m_event.Cancel();
}

void
QueueMonitor::Sample()
{
    const uint32_t received = m_queue->GetTotalReceivedPackets();
    const uint32_t dropped = m_queue->GetTotalDroppedPackets();
    m_log->Log(m_host,
               "ifstat",
               "ifstat",
               m_port,
               {{"QLEN", std::to_string(m_queue->GetNPackets())},
                {"PKTS", std::to_string(received - m_received)},
                {"DROPS", std::to_string(dropped - m_dropped)}});
    m_received = received;
    m_dropped = dropped;
    m_event = Simulator::Schedule(m_interval, &QueueMonitor::Sample, this);
}

} // namespace hybridnet
} // namespace ns3
