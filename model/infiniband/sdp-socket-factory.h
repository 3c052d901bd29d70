/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_SDP_SOCKET_FACTORY_H
#define HYBRIDNET_SDP_SOCKET_FACTORY_H

#include "ns3/ipv4-address.h"
#include "ns3/object-factory.h"
#include "ns3/ptr.h"
#include "ns3/socket-factory.h"

#include <cstdint>
#include <map>
#include <vector>

namespace ns3
{
namespace hybridnet
{

class InfinibandHca;
class SdpAddressMap;
class SdpSocket;

/**
 * @brief A node's SDP instance (OFED 1.4's ib_sdp module on one host): creates SdpSockets
 * (socket(AF_INET_SDP, SOCK_STREAM)), keeps the node's listeners by port and hands out
 * ephemeral ports, and knows the HCA and port its connections use and the shared
 * SdpAddressMap. Aggregated to the node by SdpHelper, so that ns-3 applications create SDP
 * sockets with Socket::CreateSocket(node, SdpSocketFactory::GetTypeId()) - BulkSendApplication
 * and PacketSink with their Protocol attribute set to this TypeId, unchanged.
 *
 * Ephemeral ports are given from 49152 upwards in order (deterministic). A listener's port
 * is unique per node.
 */
class SdpSocketFactory : public SocketFactory
{
  public:
    static TypeId GetTypeId();
    SdpSocketFactory();
    ~SdpSocketFactory() override;

    /**
     * Called by SdpHelper.
     * @param hca the node's channel adapter
     * @param port the HCA port SDP's queue pairs use (1 or 2, an InfinibandNetDevice)
     * @param map the address resolution shared by the helper's nodes
     * @param addresses the node's own IPv4 addresses (the first is its source address)
     */
    void Setup(Ptr<InfinibandHca> hca,
               uint8_t port,
               Ptr<SdpAddressMap> map,
               const std::vector<Ipv4Address>& addresses);
    /** @param factory how sockets are made (SdpSocket with the helper's attributes) */
    void SetSocketFactory(const ObjectFactory& factory);

    Ptr<Socket> CreateSocket() override;

    /** @return the channel adapter */
    Ptr<InfinibandHca> GetHca() const;
    /** @return the HCA port */
    uint8_t GetPort() const;
    /** @return the address resolution */
    Ptr<SdpAddressMap> GetAddressMap() const;
    /** @return the node's source address (its first registered IPv4 address) */
    Ipv4Address GetLocalAddress() const;

    /** @return a free ephemeral port */
    uint16_t AllocatePort();
    /**
     * @param port a port
     * @param listener a listening socket
     * @return false if another socket listens on @p port
     */
    bool AddListener(uint16_t port, Ptr<SdpSocket> listener);
    /** @param port a port no longer listened on */
    void RemoveListener(uint16_t port);
    /** @return the socket listening on @p port, or null */
    Ptr<SdpSocket> FindListener(uint16_t port) const;

  protected:
    void DoDispose() override;

  private:
    Ptr<InfinibandHca> m_hca;
    uint8_t m_port{1};
    Ptr<SdpAddressMap> m_map;
    std::vector<Ipv4Address> m_addresses;
    ObjectFactory m_socketFactory;
    std::map<uint16_t, Ptr<SdpSocket>> m_listeners;
    std::vector<Ptr<SdpSocket>> m_sockets; //!< every socket made, disposed with the node
    uint16_t m_nextPort{49152};
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_SDP_SOCKET_FACTORY_H
