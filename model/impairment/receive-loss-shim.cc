/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "receive-loss-shim.h"

#include "loss-injector.h"

#include "ns3/abort.h"
#include "ns3/ipv4-header.h"
#include "ns3/ipv4-interface.h"
#include "ns3/ipv6-header.h"
#include "ns3/ipv6-interface.h"
#include "ns3/log.h"
#include "ns3/packet.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetReceiveLossShim");
NS_OBJECT_ENSURE_REGISTERED(ReceiveLossShim);

TypeId
ReceiveLossShim::GetTypeId()
{
    static TypeId tid = TypeId("ns3::hybridnet::ReceiveLossShim")
                            .SetParent<IpL4Protocol>()
                            .SetGroupName("Hybridnet")
                            .AddConstructor<ReceiveLossShim>();
    return tid;
}

ReceiveLossShim::ReceiveLossShim()
{
    NS_LOG_FUNCTION(this);
}

ReceiveLossShim::~ReceiveLossShim()
{
    NS_LOG_FUNCTION(this);
}

void
ReceiveLossShim::Setup(Ptr<IpL4Protocol> transport, Ptr<LossInjector> injector)
{
    NS_LOG_FUNCTION(this << transport << injector);
    NS_ABORT_MSG_IF(!transport || !injector, "ReceiveLossShim::Setup: no transport or injector");
    m_transport = transport;
    m_injector = injector;
}

Ptr<IpL4Protocol>
ReceiveLossShim::GetTransport() const
{
    return m_transport;
}

Ptr<LossInjector>
ReceiveLossShim::GetInjector() const
{
    return m_injector;
}

void
ReceiveLossShim::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_transport = nullptr;
    m_injector = nullptr;
    IpL4Protocol::DoDispose();
}

int
ReceiveLossShim::GetProtocolNumber() const
{
    return m_transport->GetProtocolNumber();
}

IpL4Protocol::RxStatus
ReceiveLossShim::Receive(Ptr<Packet> p,
                         const Ipv4Header& header,
                         Ptr<Ipv4Interface> incomingInterface)
{
    const FlowKey key = FlowKey::FromTransport(p,
                                               header.GetSource(),
                                               header.GetDestination(),
                                               header.GetProtocol());
    if (m_injector->Judge(p, key))
    {
        return IpL4Protocol::RX_OK; // consumed: no ICMP error for a packet the host lost
    }
    return m_transport->Receive(p, header, incomingInterface);
}

IpL4Protocol::RxStatus
ReceiveLossShim::Receive(Ptr<Packet> p,
                         const Ipv6Header& header,
                         Ptr<Ipv6Interface> incomingInterface)
{
    return m_transport->Receive(p, header, incomingInterface);
}

void
ReceiveLossShim::ReceiveIcmp(Ipv4Address icmpSource,
                             uint8_t icmpTtl,
                             uint8_t icmpType,
                             uint8_t icmpCode,
                             uint32_t icmpInfo,
                             Ipv4Address payloadSource,
                             Ipv4Address payloadDestination,
                             const uint8_t payload[8])
{
    m_transport->ReceiveIcmp(icmpSource,
                             icmpTtl,
                             icmpType,
                             icmpCode,
                             icmpInfo,
                             payloadSource,
                             payloadDestination,
                             payload);
}

void
ReceiveLossShim::ReceiveIcmp(Ipv6Address icmpSource,
                             uint8_t icmpTtl,
                             uint8_t icmpType,
                             uint8_t icmpCode,
                             uint32_t icmpInfo,
                             Ipv6Address payloadSource,
                             Ipv6Address payloadDestination,
                             const uint8_t payload[8])
{
    m_transport->ReceiveIcmp(icmpSource,
                             icmpTtl,
                             icmpType,
                             icmpCode,
                             icmpInfo,
                             payloadSource,
                             payloadDestination,
                             payload);
}

void
ReceiveLossShim::SetDownTarget(IpL4Protocol::DownTargetCallback cb)
{
    m_transport->SetDownTarget(cb);
}

void
ReceiveLossShim::SetDownTarget6(IpL4Protocol::DownTargetCallback6 cb)
{
    m_transport->SetDownTarget6(cb);
}

IpL4Protocol::DownTargetCallback
ReceiveLossShim::GetDownTarget() const
{
    return m_transport->GetDownTarget();
}

IpL4Protocol::DownTargetCallback6
ReceiveLossShim::GetDownTarget6() const
{
    return m_transport->GetDownTarget6();
}

} // namespace hybridnet
} // namespace ns3
