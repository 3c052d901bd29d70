/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "router-ports.h"

#include "ns3/loopback-net-device.h"
#include "ns3/traffic-control-helper.h"
#include "ns3/traffic-control-layer.h"

namespace ns3
{
namespace hybridnet
{

void
UseDeviceQueues(const NodeContainer& routers)
{
    for (auto node = routers.Begin(); node != routers.End(); ++node)
    {
        Ptr<TrafficControlLayer> tc = (*node)->GetObject<TrafficControlLayer>();
        for (uint32_t i = 0; tc && i < (*node)->GetNDevices(); ++i)
        {
            Ptr<NetDevice> port = (*node)->GetDevice(i);
            if (!DynamicCast<LoopbackNetDevice>(port) && tc->GetRootQueueDiscOnDevice(port))
            {
                TrafficControlHelper().Uninstall(port);
            }
        }
    }
}

} // namespace hybridnet
} // namespace ns3
