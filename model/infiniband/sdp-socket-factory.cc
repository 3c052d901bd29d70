/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "sdp-socket-factory.h"

#include "infiniband-hca.h"
#include "sdp-address-map.h"
#include "sdp-socket.h"

#include "ns3/log.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("SdpSocketFactory");
NS_OBJECT_ENSURE_REGISTERED(SdpSocketFactory);

TypeId
SdpSocketFactory::GetTypeId()
{
    static TypeId tid = TypeId("ns3::hybridnet::SdpSocketFactory")
                            .SetParent<SocketFactory>()
                            .SetGroupName("Hybridnet")
                            .AddConstructor<SdpSocketFactory>();
    return tid;
}

SdpSocketFactory::SdpSocketFactory()
{
    m_socketFactory.SetTypeId(SdpSocket::GetTypeId());
}

SdpSocketFactory::~SdpSocketFactory() = default;

void
SdpSocketFactory::Setup(Ptr<InfinibandHca> hca,
                        uint8_t port,
                        Ptr<SdpAddressMap> map,
                        const std::vector<Ipv4Address>& addresses)
{
    m_hca = hca;
    m_port = port;
    m_map = map;
    m_addresses = addresses;
}

void
SdpSocketFactory::SetSocketFactory(const ObjectFactory& factory)
{
    m_socketFactory = factory;
}

Ptr<Socket>
SdpSocketFactory::CreateSocket()
{
    Ptr<SdpSocket> socket = m_socketFactory.Create<SdpSocket>();
    socket->SetSdp(this);
    m_sockets.push_back(socket);
    return socket;
}

Ptr<InfinibandHca>
SdpSocketFactory::GetHca() const
{
    return m_hca;
}

uint8_t
SdpSocketFactory::GetPort() const
{
    return m_port;
}

Ptr<SdpAddressMap>
SdpSocketFactory::GetAddressMap() const
{
    return m_map;
}

Ipv4Address
SdpSocketFactory::GetLocalAddress() const
{
    return m_addresses.empty() ? Ipv4Address::GetAny() : m_addresses.front();
}

uint16_t
SdpSocketFactory::AllocatePort()
{
    while (m_listeners.count(m_nextPort))
    {
        ++m_nextPort;
    }
    const uint16_t port = m_nextPort;
    m_nextPort = m_nextPort == 65535 ? 49152 : m_nextPort + 1;
    return port;
}

bool
SdpSocketFactory::AddListener(uint16_t port, Ptr<SdpSocket> listener)
{
    return m_listeners.emplace(port, listener).second;
}

void
SdpSocketFactory::RemoveListener(uint16_t port)
{
    m_listeners.erase(port);
}

Ptr<SdpSocket>
SdpSocketFactory::FindListener(uint16_t port) const
{
    auto it = m_listeners.find(port);
    return it == m_listeners.end() ? nullptr : it->second;
}

void
SdpSocketFactory::DoDispose()
{
    for (auto& socket : m_sockets)
    {
        socket->Dispose();
    }
    m_sockets.clear();
    m_listeners.clear();
    m_hca = nullptr;
    m_map = nullptr;
    SocketFactory::DoDispose();
}

} // namespace hybridnet
} // namespace ns3
