/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_HOST_COUNTERS_H
#define HYBRIDNET_HOST_COUNTERS_H

#include "result-document.h"

#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"

#include <array>
#include <string>
#include <vector>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief What the host model's counters say about a measurement window [t_0, t_1] of T =
 * t_1 - t_0, per host: the busy time B of its CPU (HostCpu), of its I/O bus (HostBus) and of
 * its memory bus (MemoryBus, if it has one), the interrupts I, received frames F and
 * receive-ring drops D of its NIC (NicNetDevice), each read at t_0 and t_1.
 * WriteTo() adds, for a host named <who>:
 *
 *     cpuUtilisation<who>       = (B_cpu(t_1) - B_cpu(t_0)) / T
 *     busUtilisation<who>       = (B_bus(t_1) - B_bus(t_0)) / T
 *     rxRingDrops<who>          = D(t_1) - D(t_0)  frames dropped at a full receive ring
 *     interruptRate<who>        = (I(t_1) - I(t_0)) / T                  1/s
 *     packetsPerInterrupt<who>  = (F(t_1) - F(t_0)) / (I(t_1) - I(t_0))  (only if I grew)
 *
 * and, for a host with a memory bus (MemoryBus, a profile's memory section),
 *     memoryBusUtilisation<who> = (B_mem(t_1) - B_mem(t_0)) / T
 * A host without a CPU, bus or NIC model counts 0 for it; one without a memory bus has no
 * memoryBusUtilisation (it has no such resource, not an idle one).
 */
class HostCounters
{
  public:
    /**
     * @param hosts the hosts
     * @param nics each host's NIC, in the same order (a device that is no NicNetDevice
     *        counts nothing)
     * @param names each host's name in the metric names ("Client", "Sender")
     */
    HostCounters(NodeContainer hosts, NetDeviceContainer nics, std::vector<std::string> names);

    /** Read the counters at @p start and at @p end (two events). */
    void Schedule(Time start, Time end);
    /** Read the counters now: t_0 (a window that starts at an event). */
    void Open();
    /** Read the counters now: t_1 (a window that ends at an event, or when the run stops). */
    void Close();

    /** Add the metrics of the class comment for every host to @p result. */
    void WriteTo(ResultDocument& result) const;

  private:
    /** One host's counters at one instant. */
    struct Sample
    {
        Time cpuBusy;            //!< B_cpu
        Time busBusy;            //!< B_bus
        Time memoryBusy;         //!< B_mem
        uint64_t interrupts{0};  //!< I
        uint64_t rxPackets{0};   //!< F
        uint64_t rxRingDrops{0}; //!< D
    };

    /** Read every host's counters into @p into. */
    void Read(std::vector<Sample>* into) const;

    NodeContainer m_hosts;
    NetDeviceContainer m_nics;
    std::vector<std::string> m_names;
    Time m_start;
    Time m_end;
    std::array<std::vector<Sample>, 2> m_samples; //!< [t_0, t_1][host]
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_HOST_COUNTERS_H
