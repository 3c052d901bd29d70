/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "infiniband-switch.h"

#include "infiniband-lrh-header.h"
#include "infiniband-net-device.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/packet.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetInfinibandSwitch");
NS_OBJECT_ENSURE_REGISTERED(InfinibandSwitch);

namespace
{
constexpr uint32_t kMaxPorts = 254; //!< an LFT entry is one byte; 255 is "no route"
} // namespace

TypeId
InfinibandSwitch::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::InfinibandSwitch")
            .SetParent<Object>()
            .SetGroupName("Hybridnet")
            .AddConstructor<InfinibandSwitch>()
            .AddAttribute("PortToPortLatency",
                          "L of equation (1): from a packet's head at the input port to when "
                          "it may leave the output port. Default 200 ns (assumption: the "
                          "order Mellanox gave for its 4X DDR InfiniScale III switch chip, "
                          "not checked against a datasheet here). Range 0 s to 100 us.",
                          TimeValue(NanoSeconds(200)),
                          MakeTimeAccessor(&InfinibandSwitch::m_latency),
                          MakeTimeChecker(Seconds(0), MicroSeconds(100)))
            .AddTraceSource("Drop",
                            "A packet without a route (LFT) is discarded.",
                            MakeTraceSourceAccessor(&InfinibandSwitch::m_dropTrace),
                            "ns3::hybridnet::InfinibandSwitch::DropCallback");
    return tid;
}

InfinibandSwitch::InfinibandSwitch() = default;

InfinibandSwitch::~InfinibandSwitch() = default;

void
InfinibandSwitch::DoDispose()
{
    m_ports.clear();
    Object::DoDispose();
}

uint32_t
InfinibandSwitch::AddPort(Ptr<InfinibandNetDevice> port)
{
    NS_ABORT_MSG_UNLESS(m_ports.size() < kMaxPorts, "InfinibandSwitch: too many ports");
    m_ports.push_back(port);
    port->SetForwardCallback(MakeCallback(&InfinibandSwitch::Forward, this), m_latency);
    return m_ports.size();
}

uint32_t
InfinibandSwitch::GetNPorts() const
{
    return m_ports.size();
}

Ptr<InfinibandNetDevice>
InfinibandSwitch::GetPort(uint32_t number) const
{
    NS_ABORT_MSG_UNLESS(number >= 1 && number <= m_ports.size(),
                        "InfinibandSwitch: no port " << number);
    return m_ports[number - 1];
}

uint32_t
InfinibandSwitch::GetPortNumber(Ptr<const InfinibandNetDevice> port) const
{
    for (uint32_t i = 0; i < m_ports.size(); ++i)
    {
        if (m_ports[i] == port)
        {
            return i + 1;
        }
    }
    return 0;
}

void
InfinibandSwitch::SetRoute(Mac16Address dlid, uint32_t port)
{
    NS_ABORT_MSG_UNLESS(port >= 1 && port <= m_ports.size(), "InfinibandSwitch: no port " << port);
    const uint16_t lid = dlid.ConvertToInt();
    if (m_lft.size() <= lid)
    {
        m_lft.resize(lid + 1, 0);
    }
    m_lft[lid] = uint8_t(port);
}

uint32_t
InfinibandSwitch::GetRoute(Mac16Address dlid) const
{
    const uint16_t lid = dlid.ConvertToInt();
    return lid < m_lft.size() ? m_lft[lid] : 0;
}

void
InfinibandSwitch::SetLid(Mac16Address lid)
{
    m_lid = lid;
}

Mac16Address
InfinibandSwitch::GetLid() const
{
    return m_lid;
}

Time
InfinibandSwitch::GetPortToPortLatency() const
{
    return m_latency;
}

void
InfinibandSwitch::Forward(Ptr<InfinibandNetDevice> in,
                          Ptr<Packet> packet,
                          uint8_t vl,
                          uint32_t blocks,
                          Time tail)
{
    InfinibandLrhHeader lrh;
    packet->PeekHeader(lrh);
    const uint32_t port = GetRoute(lrh.GetDlid());
    if (port == 0 || GetPort(port) == in)
    {
        NS_LOG_LOGIC("no route to " << lrh.GetDlid());
        m_dropTrace(packet);
        in->Release(vl, blocks);
        return;
    }
    GetPort(port)->Forward(packet, in, vl, blocks, tail);
}

} // namespace hybridnet
} // namespace ns3
