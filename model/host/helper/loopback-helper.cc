/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "loopback-helper.h"

#include "../host-loopback-net-device.h"

#include "ns3/abort.h"
#include "ns3/ipv4.h"
#include "ns3/ipv6.h"
#include "ns3/log.h"
#include "ns3/node.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetLoopbackHelper");

LoopbackHelper::LoopbackHelper()
{
    m_deviceFactory.SetTypeId("ns3::hybridnet::LoopbackNetDevice");
}

void
LoopbackHelper::SetDeviceAttribute(std::string name, const AttributeValue& value)
{
    m_deviceFactory.Set(name, value);
}

NetDeviceContainer
LoopbackHelper::Install(NodeContainer nodes) const
{
    NetDeviceContainer devices;
    for (auto i = nodes.Begin(); i != nodes.End(); ++i)
    {
        devices.Add(Install(*i));
    }
    return devices;
}

NetDeviceContainer
LoopbackHelper::Install(Ptr<Node> node) const
{
    NS_LOG_FUNCTION(this << node);
    NS_ABORT_MSG_IF(node->GetObject<Ipv4>() || node->GetObject<Ipv6>(),
                    "LoopbackHelper::Install: node "
                        << node->GetId()
                        << " already has an internet stack, which made its own loopback "
                           "device; install the loopback before InternetStackHelper");
    for (uint32_t i = 0; i < node->GetNDevices(); ++i)
    {
        NS_ABORT_MSG_IF(DynamicCast<ns3::LoopbackNetDevice>(node->GetDevice(i)),
                        "LoopbackHelper::Install: node " << node->GetId()
                                                         << " already has a loopback device");
    }
    Ptr<LoopbackNetDevice> device = m_deviceFactory.Create<LoopbackNetDevice>();
    node->AddDevice(device);
    return NetDeviceContainer(device);
}

} // namespace hybridnet
} // namespace ns3
