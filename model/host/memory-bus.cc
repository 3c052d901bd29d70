/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "memory-bus.h"

#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetMemoryBus");
NS_OBJECT_ENSURE_REGISTERED(MemoryBus);

TypeId
MemoryBus::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::MemoryBus")
            .SetParent<Object>()
            .SetGroupName("Hybridnet")
            .AddConstructor<MemoryBus>()
            .AddAttribute("Width",
                          "Data width W of equation (1), bits per transfer (a Xeon or "
                          "Itanium 2 front-side bus 64 or 128, an Opteron's dual-channel "
                          "DDR controller 128). Range: 8 to 1024.",
                          UintegerValue(64),
                          MakeUintegerAccessor(&MemoryBus::m_width),
                          MakeUintegerChecker<uint32_t>(8, 1024))
            .AddAttribute("TransferRate",
                          "Transfers per second T of equation (1), millions (MT/s): a "
                          "'400 MHz' quad-pumped Xeon front-side bus 400, a '533 MHz' one "
                          "533, DDR400 memory 400. Range: 1 to 100000.",
                          UintegerValue(400),
                          MakeUintegerAccessor(&MemoryBus::m_transferRate),
                          MakeUintegerChecker<uint32_t>(1, 100'000));
    return tid;
}

MemoryBus::MemoryBus()
{
    NS_LOG_FUNCTION(this);
}

MemoryBus::~MemoryBus()
{
    NS_LOG_FUNCTION(this);
}

DataRate
MemoryBus::GetRate() const
{
    return DataRate(static_cast<uint64_t>(m_width) * m_transferRate * 1'000'000);
}

Time
MemoryBus::GetTransferTime(uint64_t bytes) const
{
    // d = 8 n / R in time steps, rounded up: a transfer never takes less than its bytes.
    const auto steps = static_cast<unsigned __int128>(Seconds(1).GetTimeStep());
    const auto rate = static_cast<unsigned __int128>(GetRate().GetBitRate());
    return TimeStep(static_cast<uint64_t>((8 * bytes * steps + rate - 1) / rate));
}

Time
MemoryBus::Carry(uint64_t bytes)
{
    const Time now = Simulator::Now();
    const Time duration = GetTransferTime(bytes);
    const Time backlog = std::max(Time(0), m_freeAt - now);
    m_freeAt = now + backlog + duration; // (4)
    m_reserved += duration;
    m_carried += bytes;
    const Time end = now + duration + std::min(duration, backlog); // (3)
    NS_LOG_LOGIC(bytes << " B until " << end << ", bus busy until " << m_freeAt);
    return end;
}

Time
MemoryBus::GetBusyTime() const
{
    // (4) keeps the bus busy without a gap from the first transfer of a backlog to F, so
    // the time reserved beyond now is F - now.
    return m_reserved - std::max(Time(0), m_freeAt - Simulator::Now());
}

double
MemoryBus::GetUtilisation() const
{
    const Time now = Simulator::Now();
    return now.IsStrictlyPositive() ? GetBusyTime().GetSeconds() / now.GetSeconds() : 0.0;
}

uint64_t
MemoryBus::GetCarriedBytes() const
{
    return m_carried;
}

} // namespace hybridnet
} // namespace ns3
