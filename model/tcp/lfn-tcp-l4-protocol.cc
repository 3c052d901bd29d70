/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "lfn-tcp-l4-protocol.h"

#include "lfn-tcp-socket.h"

#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/object-factory.h"
#include "ns3/type-id.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetLfnTcpL4Protocol");
NS_OBJECT_ENSURE_REGISTERED(LfnTcpL4Protocol);
NS_OBJECT_ENSURE_REGISTERED(LfnTcpSocketFactory);

TypeId
LfnTcpL4Protocol::GetTypeId()
{
    static TypeId tid = TypeId("ns3::hybridnet::LfnTcpL4Protocol")
                            .SetParent<TcpL4Protocol>()
                            .SetGroupName("Hybridnet")
                            .AddConstructor<LfnTcpL4Protocol>();
    return tid;
}

LfnTcpL4Protocol::LfnTcpL4Protocol()
{
    m_socketFactory.SetTypeId(LfnTcpSocket::GetTypeId());
}

void
LfnTcpL4Protocol::SetSocketAttribute(const std::string& name, const AttributeValue& value)
{
    m_socketFactory.Set(name, value);
}

void
LfnTcpL4Protocol::NotifyNewAggregate()
{
    Ptr<Node> node = GetObject<Node>();
    if (!m_factoryInstalled && node && GetObject<Ipv4>())
    {
        // Set the node first: TcpL4Protocol then skips installing its own socket factory.
        SetNode(node);
        Ptr<LfnTcpSocketFactory> factory = CreateObject<LfnTcpSocketFactory>();
        factory->SetTcp(this);
        m_factoryInstalled = true;
        node->AggregateObject(factory);
    }
    TcpL4Protocol::NotifyNewAggregate();
}

Ptr<Socket>
LfnTcpL4Protocol::CreateLfnSocket()
{
    TypeIdValue congestion;
    TypeIdValue recovery;
    GetAttribute("SocketType", congestion);
    GetAttribute("RecoveryType", recovery);
    ObjectFactory congestionFactory(congestion.Get().GetName());
    ObjectFactory recoveryFactory(recovery.Get().GetName());
    Ptr<LfnTcpSocket> socket = m_socketFactory.Create<LfnTcpSocket>();
    socket->SetNodeAndTcp(GetObject<Node>(), this);
    socket->SetCongestionControlAlgorithm(congestionFactory.Create<TcpCongestionOps>());
    socket->SetRecoveryAlgorithm(recoveryFactory.Create<TcpRecoveryOps>());
    m_sockets.insert(socket);
    return socket;
}

void
LfnTcpL4Protocol::Register(Ptr<LfnTcpSocket> socket)
{
    m_sockets.insert(socket);
}

void
LfnTcpL4Protocol::Forget(Ptr<LfnTcpSocket> socket)
{
    m_sockets.erase(socket);
}

void
LfnTcpL4Protocol::DoDispose()
{
    for (const auto& socket : m_sockets)
    {
        socket->Dispose();
    }
    m_sockets.clear();
    TcpL4Protocol::DoDispose();
}

TypeId
LfnTcpSocketFactory::GetTypeId()
{
    static TypeId tid = TypeId("ns3::hybridnet::LfnTcpSocketFactory")
                            .SetParent<TcpSocketFactory>()
                            .SetGroupName("Hybridnet");
    return tid;
}

void
LfnTcpSocketFactory::SetTcp(Ptr<LfnTcpL4Protocol> tcp)
{
    m_tcp = tcp;
}

Ptr<Socket>
LfnTcpSocketFactory::CreateSocket()
{
    return m_tcp->CreateLfnSocket();
}

void
LfnTcpSocketFactory::DoDispose()
{
    m_tcp = nullptr;
    TcpSocketFactory::DoDispose();
}

} // namespace hybridnet
} // namespace ns3
