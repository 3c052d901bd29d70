/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "infiniband-channel.h"

#include "infiniband-net-device.h"

#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetInfinibandChannel");
NS_OBJECT_ENSURE_REGISTERED(InfinibandChannel);

TypeId
InfinibandChannel::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::InfinibandChannel")
            .SetParent<Channel>()
            .SetGroupName("Hybridnet")
            .AddConstructor<InfinibandChannel>()
            .AddAttribute("Delay",
                          "Propagation delay d of equation (1), both directions: about 5 ns a "
                          "metre of copper or fibre. Default 5 ns, a 1 m cable (assumption: "
                          "the study does not give its cable lengths). Range 0 s to 1 ms.",
                          TimeValue(NanoSeconds(5)),
                          MakeTimeAccessor(&InfinibandChannel::m_delay),
                          MakeTimeChecker(Seconds(0), MilliSeconds(1)));
    return tid;
}

InfinibandChannel::InfinibandChannel() = default;

InfinibandChannel::~InfinibandChannel() = default;

void
InfinibandChannel::DoDispose()
{
    m_devices = {};
    m_nDevices = 0;
    Channel::DoDispose();
}

bool
InfinibandChannel::Attach(Ptr<InfinibandNetDevice> device)
{
    NS_LOG_FUNCTION(this << device);
    if (m_nDevices == m_devices.size())
    {
        return false;
    }
    m_devices[m_nDevices++] = device;
    return true;
}

void
InfinibandChannel::Transmit(Ptr<const Packet> packet,
                            Ptr<InfinibandNetDevice> sender,
                            Time duration) const
{
    NS_LOG_FUNCTION(this << packet << sender << duration);
    Ptr<InfinibandNetDevice> peer = GetPeer(sender);
    const Time tail = Simulator::Now() + duration + m_delay;
    Simulator::ScheduleWithContext(peer->GetNode()->GetId(),
                                   m_delay + peer->GetArrivalOffset(duration),
                                   &InfinibandNetDevice::Receive,
                                   peer,
                                   packet->Copy(),
                                   tail);
}

void
InfinibandChannel::TransmitFcps(const std::vector<InfinibandFcp>& fcps,
                                Ptr<InfinibandNetDevice> sender,
                                Time duration) const
{
    Ptr<InfinibandNetDevice> peer = GetPeer(sender);
    Simulator::ScheduleWithContext(peer->GetNode()->GetId(),
                                   duration + m_delay,
                                   &InfinibandNetDevice::ReceiveFcps,
                                   peer,
                                   fcps);
}

Ptr<InfinibandNetDevice>
InfinibandChannel::GetPeer(Ptr<const InfinibandNetDevice> device) const
{
    NS_ABORT_MSG_UNLESS(m_nDevices == 2, "InfinibandChannel: a cable with one end free");
    NS_ASSERT(m_devices[0] == device || m_devices[1] == device);
    return m_devices[0] == device ? m_devices[1] : m_devices[0];
}

Time
InfinibandChannel::GetDelay() const
{
    return m_delay;
}

std::size_t
InfinibandChannel::GetNDevices() const
{
    return m_nDevices;
}

Ptr<NetDevice>
InfinibandChannel::GetDevice(std::size_t i) const
{
    NS_ASSERT(i < m_nDevices);
    return m_devices[i];
}

} // namespace hybridnet
} // namespace ns3
