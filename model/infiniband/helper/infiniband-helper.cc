/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "infiniband-helper.h"

#include "hybridnet/infiniband-channel.h"

#include "ns3/abort.h"
#include "ns3/node.h"

namespace ns3
{
namespace hybridnet
{

InfinibandHelper::InfinibandHelper()
{
    m_device.SetTypeId(InfinibandNetDevice::GetTypeId());
    m_channel.SetTypeId(InfinibandChannel::GetTypeId());
    m_switch.SetTypeId(InfinibandSwitch::GetTypeId());
}

void
InfinibandHelper::SetDeviceAttribute(std::string name, const AttributeValue& value)
{
    m_device.Set(name, value);
}

void
InfinibandHelper::SetChannelAttribute(std::string name, const AttributeValue& value)
{
    m_channel.Set(name, value);
}

void
InfinibandHelper::SetSwitchAttribute(std::string name, const AttributeValue& value)
{
    m_switch.Set(name, value);
}

Ptr<InfinibandSwitch>
InfinibandHelper::InstallSwitch(Ptr<Node> node) const
{
    NS_ABORT_MSG_IF(node->GetObject<InfinibandSwitch>(),
                    "InfinibandHelper: node " << node->GetId() << " is a switch already");
    Ptr<InfinibandSwitch> sw = m_switch.Create<InfinibandSwitch>();
    node->AggregateObject(sw);
    return sw;
}

Ptr<InfinibandNetDevice>
InfinibandHelper::InstallDevice(Ptr<Node> node) const
{
    Ptr<InfinibandNetDevice> device = m_device.Create<InfinibandNetDevice>();
    node->AddDevice(device);
    if (Ptr<InfinibandSwitch> sw = node->GetObject<InfinibandSwitch>())
    {
        sw->AddPort(device);
    }
    return device;
}

NetDeviceContainer
InfinibandHelper::Install(Ptr<Node> a, Ptr<Node> b) const
{
    Ptr<InfinibandChannel> cable = m_channel.Create<InfinibandChannel>();
    Ptr<InfinibandNetDevice> da = InstallDevice(a);
    Ptr<InfinibandNetDevice> db = InstallDevice(b);
    da->Attach(cable);
    db->Attach(cable);
    NetDeviceContainer devices(da);
    devices.Add(db);
    return devices;
}

NetDeviceContainer
InfinibandHelper::Install(const NodeContainer& nodes) const
{
    NS_ABORT_MSG_UNLESS(nodes.GetN() == 2, "InfinibandHelper: a cable has two ends");
    return Install(nodes.Get(0), nodes.Get(1));
}

} // namespace hybridnet
} // namespace ns3
