/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "nic-helper.h"

#include "hybridnet/adaptive-rx-coalescing.h"
#include "hybridnet/ethernet-channel.h"
#include "hybridnet/host-bus.h"
#include "hybridnet/host-cpu.h"
#include "hybridnet/interrupt-moderator.h"
#include "hybridnet/memory-bus.h"
#include "hybridnet/nic-net-device.h"
#include "hybridnet/offload-engine.h"

#include "ns3/abort.h"
#include "ns3/drop-tail-queue.h"
#include "ns3/log.h"
#include "ns3/mac48-address.h"
#include "ns3/net-device-queue-interface.h"
#include "ns3/node.h"
#include "ns3/pointer.h"
#include "ns3/queue-size.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetNicHelper");

NicHelper::NicHelper()
{
    m_cpuFactory.SetTypeId("ns3::hybridnet::HostCpu");
    m_busFactory.SetTypeId("ns3::hybridnet::HostBus");
    m_memoryFactory.SetTypeId("ns3::hybridnet::MemoryBus");
    m_nicFactory.SetTypeId("ns3::hybridnet::NicNetDevice");
    m_moderatorFactory.SetTypeId("ns3::hybridnet::InterruptModerator");
    m_engineFactory.SetTypeId("ns3::hybridnet::OffloadEngine");
    m_coalescingFactory.SetTypeId("ns3::hybridnet::AdaptiveRxCoalescing");
    m_channelFactory.SetTypeId("ns3::hybridnet::EthernetChannel");
    m_portFactory.SetTypeId("ns3::hybridnet::EthernetNetDevice");
}

void
NicHelper::SetCpuAttribute(std::string name, const AttributeValue& value)
{
    m_cpuFactory.Set(name, value);
}

void
NicHelper::SetBusAttribute(std::string name, const AttributeValue& value)
{
    m_busFactory.Set(name, value);
}

void
NicHelper::SetMemoryBusAttribute(std::string name, const AttributeValue& value)
{
    m_memoryFactory.Set(name, value);
    m_memoryBus = true;
}

void
NicHelper::SetDeviceAttribute(std::string name, const AttributeValue& value)
{
    m_nicFactory.Set(name, value);
}

void
NicHelper::SetModeratorAttribute(std::string name, const AttributeValue& value)
{
    m_moderatorFactory.Set(name, value);
}

void
NicHelper::SetCoalescingAttribute(std::string name, const AttributeValue& value)
{
    m_coalescingFactory.Set(name, value);
    m_coalescing = true;
}

void
NicHelper::SetEngineAttribute(std::string name, const AttributeValue& value)
{
    m_engineFactory.Set(name, value);
}

void
NicHelper::SetChannelAttribute(std::string name, const AttributeValue& value)
{
    m_channelFactory.Set(name, value);
}

void
NicHelper::SetPortAttribute(std::string name, const AttributeValue& value)
{
    m_portFactory.Set(name, value);
}

void
NicHelper::SetPortQueueSize(uint32_t maxPackets)
{
    m_portQueuePackets = maxPackets;
}

void
NicHelper::InstallHost(NodeContainer hosts) const
{
    for (auto it = hosts.Begin(); it != hosts.End(); ++it)
    {
        Ptr<Node> node = *it;
        if (!node->GetObject<HostCpu>())
        {
            node->AggregateObject(m_cpuFactory.Create<HostCpu>());
        }
        if (!node->GetObject<HostBus>())
        {
            node->AggregateObject(m_busFactory.Create<HostBus>());
        }
        if (m_memoryBus && !node->GetObject<MemoryBus>())
        {
            node->AggregateObject(m_memoryFactory.Create<MemoryBus>());
        }
    }
}

Ptr<NicNetDevice>
NicHelper::InstallUncabled(Ptr<Node> host) const
{
    NS_LOG_FUNCTION(this << host);
    InstallHost(NodeContainer(host));
    Ptr<NicNetDevice> nic = m_nicFactory.Create<NicNetDevice>();
    nic->SetAttribute("InterruptModerator",
                      PointerValue(m_moderatorFactory.Create<InterruptModerator>()));
    nic->SetAttribute("OffloadEngine", PointerValue(m_engineFactory.Create<OffloadEngine>()));
    if (m_coalescing)
    {
        nic->SetAttribute("AdaptiveCoalescing",
                          PointerValue(m_coalescingFactory.Create<AdaptiveRxCoalescing>()));
    }
    nic->SetAddress(Mac48Address::Allocate());
    UintegerValue ringSize;
    nic->GetAttribute("TxRingSize", ringSize);
    // The MAC's FIFO: bounded by the ring (rounded up to 8), never the one that drops.
    Ptr<Queue<Packet>> fifo = CreateObject<DropTailQueue<Packet>>();
    fifo->SetAttribute("MaxSize",
                       QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS, ringSize.Get() + 8)));
    nic->SetQueue(fifo);
    host->AddDevice(nic);
    nic->AggregateObject(CreateObject<NetDeviceQueueInterface>()); // the NIC stops/wakes it
    return nic;
}

Ptr<NetDevice>
NicHelper::CreatePort(Ptr<Node> node) const
{
    Ptr<EthernetNetDevice> port = m_portFactory.Create<EthernetNetDevice>();
    port->SetAddress(Mac48Address::Allocate());
    Ptr<Queue<Packet>> queue = CreateObject<DropTailQueue<Packet>>();
    queue->SetAttribute("MaxSize",
                        QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS, m_portQueuePackets)));
    port->SetQueue(queue);
    node->AddDevice(port);
    Ptr<NetDeviceQueueInterface> queueInterface = CreateObject<NetDeviceQueueInterface>();
    queueInterface->GetTxQueue(0)->ConnectQueueTraces(queue);
    port->AggregateObject(queueInterface);
    return port;
}

void
NicHelper::Connect(Ptr<NetDevice> a, Ptr<NetDevice> b) const
{
    Ptr<EthernetNetDevice> endA = DynamicCast<EthernetNetDevice>(a);
    Ptr<EthernetNetDevice> endB = DynamicCast<EthernetNetDevice>(b);
    // Auto-negotiation runs both ends of a cable at one rate: a switch port left at the
    // EthernetNetDevice default beside a faster NIC is a set-up mistake (SetPortAttribute).
    NS_ABORT_MSG_IF(endA->GetDataRate() != endB->GetDataRate(),
                    "NicHelper: a cable's ends at " << endA->GetDataRate() << " and "
                                                    << endB->GetDataRate()
                                                    << "; set the port's DataRate too");
    Ptr<EthernetChannel> channel = m_channelFactory.Create<EthernetChannel>();
    endA->Attach(channel);
    endB->Attach(channel);
}

NetDeviceContainer
NicHelper::Install(Ptr<Node> host, Ptr<Node> peer) const
{
    NS_LOG_FUNCTION(this << host << peer);
    Ptr<NetDevice> nic = InstallUncabled(host);
    Ptr<NetDevice> port = CreatePort(peer);
    Connect(nic, port);
    return NetDeviceContainer(nic, port);
}

NetDeviceContainer
NicHelper::InstallBackToBack(Ptr<Node> a, Ptr<Node> b) const
{
    return InstallBackToBack(a, b, *this);
}

NetDeviceContainer
NicHelper::InstallBackToBack(Ptr<Node> a, Ptr<Node> b, const NicHelper& other) const
{
    NS_LOG_FUNCTION(this << a << b);
    Ptr<NetDevice> nicA = InstallUncabled(a);
    Ptr<NetDevice> nicB = other.InstallUncabled(b);
    Connect(nicA, nicB);
    return NetDeviceContainer(nicA, nicB);
}

int64_t
NicHelper::AssignStreams(NetDeviceContainer devices, int64_t stream)
{
    int64_t used = 0;
    for (auto it = devices.Begin(); it != devices.End(); ++it)
    {
        if (Ptr<NicNetDevice> nic = DynamicCast<NicNetDevice>(*it))
        {
            used += nic->AssignStreams(stream + used);
        }
    }
    return used;
}

} // namespace hybridnet
} // namespace ns3
