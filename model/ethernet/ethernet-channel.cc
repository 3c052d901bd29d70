/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ethernet-channel.h"

#include "ethernet-net-device.h"

#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetEthernetChannel");
NS_OBJECT_ENSURE_REGISTERED(EthernetChannel);

TypeId
EthernetChannel::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::EthernetChannel")
            .SetParent<Channel>()
            .SetGroupName("Hybridnet")
            .AddConstructor<EthernetChannel>()
            .AddAttribute("Delay",
                          "Propagation delay d of equation (1), the same in both directions "
                          "(about 5 ns per metre of cable or fibre). Range: 0 s to 1 s.",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&EthernetChannel::m_delay),
                          MakeTimeChecker(Seconds(0), Seconds(1)));
    return tid;
}

EthernetChannel::EthernetChannel() = default;

EthernetChannel::~EthernetChannel() = default;

void
EthernetChannel::DoDispose()
{
    m_devices = {};
    m_nDevices = 0;
    Channel::DoDispose();
}

bool
EthernetChannel::Attach(Ptr<EthernetNetDevice> device)
{
    NS_LOG_FUNCTION(this << device);
    NS_ASSERT(device);
    if (m_nDevices == m_devices.size())
    {
        return false;
    }
    m_devices[m_nDevices++] = device;
    return true;
}

void
EthernetChannel::Transmit(Ptr<const Packet> frame,
                          Ptr<EthernetNetDevice> sender,
                          Time frameTime) const
{
    NS_LOG_FUNCTION(this << frame << sender << frameTime);
    NS_ASSERT_MSG(IsConnected(), "EthernetChannel: transmit on a cable with one end free");
    Ptr<EthernetNetDevice> peer = (m_devices[0] == sender) ? m_devices[1] : m_devices[0];
    NS_ASSERT_MSG(peer != sender && (m_devices[0] == sender || m_devices[1] == sender),
                  "EthernetChannel: sender is not attached to this channel");
    Simulator::ScheduleWithContext(peer->GetNode()->GetId(),
                                   frameTime + m_delay + peer->GetPhyRxLatency(),
                                   &EthernetNetDevice::ReceiveFromChannel,
                                   peer,
                                   frame->Copy());
}

bool
EthernetChannel::IsConnected() const
{
    return m_nDevices == m_devices.size();
}

Time
EthernetChannel::GetDelay() const
{
    return m_delay;
}

std::size_t
EthernetChannel::GetNDevices() const
{
    return m_nDevices;
}

Ptr<NetDevice>
EthernetChannel::GetDevice(std::size_t i) const
{
    NS_ASSERT(i < m_nDevices);
    return m_devices[i];
}

} // namespace hybridnet
} // namespace ns3
