/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "media-converter.h"

#include "phy-relay-port.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/mac48-address.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetMediaConverter");
NS_OBJECT_ENSURE_REGISTERED(MediaConverter);

TypeId
MediaConverter::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::MediaConverter")
            .SetParent<Object>()
            .SetGroupName("Hybridnet")
            .AddConstructor<MediaConverter>()
            .AddAttribute("Latency",
                          "Fixed latency D of equation (1): from the last bit of a frame "
                          "arriving on one side to its last bit leaving the other, the same "
                          "in both directions. Range: 0 s to 1 ms.",
                          TimeValue(NanoSeconds(500)),
                          MakeTimeAccessor(&MediaConverter::m_latency),
                          MakeTimeChecker(Seconds(0), MilliSeconds(1)));
    return tid;
}

MediaConverter::MediaConverter()
{
    NS_LOG_FUNCTION(this);
}

MediaConverter::~MediaConverter() = default;

void
MediaConverter::DoDispose()
{
    m_node = nullptr;
    m_copper = nullptr;
    m_fiber = nullptr;
    Object::DoDispose();
}

void
MediaConverter::Install(Ptr<Node> node)
{
    NS_LOG_FUNCTION(this << node);
    NS_ABORT_MSG_IF(m_node,
                    "MediaConverter::Install: already installed on node " << m_node->GetId());
    m_node = node;
    m_copper = CreateObject<PhyRelayPort>();
    m_fiber = CreateObject<PhyRelayPort>();
    for (const Ptr<PhyRelayPort>& port : {m_copper, m_fiber})
    {
        port->SetAddress(Mac48Address::Allocate());
        node->AddDevice(port);
        // The ports keep the converter alive; PhyRelayPort::DoDispose breaks the cycle.
        port->SetRelayCallback(MakeCallback(&MediaConverter::Relay, Ptr<MediaConverter>(this)));
    }
}

Ptr<PhyRelayPort>
MediaConverter::GetCopperPort() const
{
    return m_copper;
}

Ptr<PhyRelayPort>
MediaConverter::GetFiberPort() const
{
    return m_fiber;
}

Ptr<Node>
MediaConverter::GetNode() const
{
    return m_node;
}

Time
MediaConverter::GetLatency() const
{
    return m_latency;
}

void
MediaConverter::Relay(Ptr<PhyRelayPort> in, Ptr<Packet> frame)
{
    NS_LOG_FUNCTION(this << in << frame);
    Ptr<PhyRelayPort> out = (in == m_copper) ? m_fiber : m_copper;
    // Equation (1): D and the output cable's delay in one event.
    out->Forward(frame, m_latency);
}

} // namespace hybridnet
} // namespace ns3
