/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "infiniband-subnet-manager-helper.h"

#include "hybridnet/infiniband-channel.h"
#include "hybridnet/infiniband-net-device.h"
#include "hybridnet/infiniband-switch.h"

#include "ns3/abort.h"
#include "ns3/node.h"

#include <deque>
#include <set>
#include <vector>

namespace ns3
{
namespace hybridnet
{

namespace
{

/** @return the InfinibandNetDevices of @p node */
std::vector<Ptr<InfinibandNetDevice>>
Ports(Ptr<Node> node)
{
    std::vector<Ptr<InfinibandNetDevice>> ports;
    for (uint32_t i = 0; i < node->GetNDevices(); ++i)
    {
        if (auto port = DynamicCast<InfinibandNetDevice>(node->GetDevice(i)))
        {
            ports.push_back(port);
        }
    }
    return ports;
}

/** @return the device at the other end of @p port's cable, or null */
Ptr<InfinibandNetDevice>
Peer(Ptr<InfinibandNetDevice> port)
{
    Ptr<InfinibandChannel> cable = port->GetInfinibandChannel();
    return cable && cable->GetNDevices() == 2 ? cable->GetPeer(port) : nullptr;
}

/** Step 2 of the class comment for the channel-adapter port @p ca with LID @p lid. */
void
RouteTo(Ptr<InfinibandNetDevice> ca, Mac16Address lid)
{
    Ptr<InfinibandNetDevice> first = Peer(ca);
    Ptr<InfinibandSwitch> sw = first ? first->GetNode()->GetObject<InfinibandSwitch>() : nullptr;
    if (!sw)
    {
        return; // adapter to adapter: nothing to route
    }
    sw->SetRoute(lid, sw->GetPortNumber(first));
    std::set<Ptr<InfinibandSwitch>> reached{sw};
    std::deque<Ptr<InfinibandSwitch>> frontier{sw};
    while (!frontier.empty())
    {
        Ptr<InfinibandSwitch> s = frontier.front();
        frontier.pop_front();
        for (uint32_t n = 1; n <= s->GetNPorts(); ++n)
        {
            Ptr<InfinibandNetDevice> next = Peer(s->GetPort(n));
            Ptr<InfinibandSwitch> t =
                next ? next->GetNode()->GetObject<InfinibandSwitch>() : nullptr;
            if (t && reached.insert(t).second)
            {
                t->SetRoute(lid, t->GetPortNumber(next));
                frontier.push_back(t);
            }
        }
    }
}

} // namespace

void
InfinibandSubnetManagerHelper::SetSl2VlTable(const std::array<uint8_t, 16>& table)
{
    m_sl2vl = table;
}

uint32_t
InfinibandSubnetManagerHelper::Configure(const NodeContainer& nodes) const
{
    uint16_t lid = 1;
    std::vector<std::pair<Ptr<InfinibandNetDevice>, Mac16Address>> adapters;
    for (auto node = nodes.Begin(); node != nodes.End(); ++node)
    {
        for (const auto& port : Ports(*node))
        {
            if (m_sl2vl)
            {
                port->SetSl2VlTable(*m_sl2vl);
            }
            if (!(*node)->GetObject<InfinibandSwitch>())
            {
                NS_ABORT_MSG_UNLESS(lid < 0xC000, "InfinibandSubnetManagerHelper: out of LIDs");
                port->SetAddress(Mac16Address(lid));
                adapters.emplace_back(port, Mac16Address(lid++));
            }
        }
    }
    for (auto node = nodes.Begin(); node != nodes.End(); ++node)
    {
        if (auto sw = (*node)->GetObject<InfinibandSwitch>())
        {
            sw->SetLid(Mac16Address(lid++));
        }
    }
    for (const auto& [port, address] : adapters)
    {
        RouteTo(port, address);
    }
    return lid - 1;
}

} // namespace hybridnet
} // namespace ns3
