/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "arp-request-learning.h"

#include "ns3/arp-cache.h"
#include "ns3/arp-header.h"
#include "ns3/arp-l3-protocol.h"
#include "ns3/ipv4-interface.h"
#include "ns3/ipv4-l3-protocol.h"
#include "ns3/log.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetArpRequestLearning");
NS_OBJECT_ENSURE_REGISTERED(ArpRequestLearning);

TypeId
ArpRequestLearning::GetTypeId()
{
    static TypeId tid = TypeId("ns3::hybridnet::ArpRequestLearning")
                            .SetParent<Object>()
                            .SetGroupName("Hybridnet")
                            .AddConstructor<ArpRequestLearning>();
    return tid;
}

ArpRequestLearning::ArpRequestLearning() = default;
ArpRequestLearning::~ArpRequestLearning() = default;

void
ArpRequestLearning::DoDispose()
{
    m_node = nullptr;
    Object::DoDispose();
}

Ptr<ArpRequestLearning>
ArpRequestLearning::Install(Ptr<Node> node)
{
    Ptr<Ipv4L3Protocol> ipv4 = node->GetObject<Ipv4L3Protocol>();
    NS_ABORT_MSG_IF(!ipv4, "ArpRequestLearning::Install: node " << node->GetId() << " has no IPv4");
    auto learning = CreateObject<ArpRequestLearning>();
    learning->m_node = node;
    for (uint32_t i = 0; i < ipv4->GetNInterfaces(); ++i)
    {
        Ptr<Ipv4Interface> interface = ipv4->GetInterface(i);
        if (interface->GetArpCache())
        {
            node->RegisterProtocolHandler(
                MakeCallback(&ArpRequestLearning::Receive, PeekPointer(learning)),
                ArpL3Protocol::PROT_NUMBER,
                interface->GetDevice());
        }
    }
    node->AggregateObject(learning);
    return learning;
}

uint32_t
ArpRequestLearning::GetLearned() const
{
    return m_learned;
}

void
ArpRequestLearning::Receive(Ptr<NetDevice> device,
                            Ptr<const Packet> packet,
                            uint16_t /* protocol */,
                            const Address& /* from */,
                            const Address& /* to */,
                            NetDevice::PacketType /* type */)
{
    ArpHeader arp;
    if (packet->PeekHeader(arp) == 0 || !arp.IsRequest())
    {
        return;
    }
    Ptr<Ipv4L3Protocol> ipv4 = m_node->GetObject<Ipv4L3Protocol>();
    Ptr<Ipv4Interface> interface = ipv4->GetInterface(ipv4->GetInterfaceForDevice(device));
    for (uint32_t a = 0; a < interface->GetNAddresses(); ++a)
    {
        if (interface->GetAddress(a).GetLocal() != arp.GetDestinationIpv4Address())
        {
            continue;
        }
        Ptr<ArpCache> cache = interface->GetArpCache();
        const Ipv4Address sender = arp.GetSourceIpv4Address();
        if (!cache->Lookup(sender))
        {
            ArpCache::Entry* entry = cache->Add(sender); // (1): ALIVE
            entry->SetMacAddress(arp.GetSourceHardwareAddress());
            entry->UpdateSeen();
            ++m_learned;
        }
        return;
    }
}

} // namespace hybridnet
} // namespace ns3
