/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_SDP_ADDRESS_MAP_H
#define HYBRIDNET_SDP_ADDRESS_MAP_H

#include "ns3/ipv4-address.h"
#include "ns3/object.h"
#include "ns3/ptr.h"

#include <map>

namespace ns3
{
namespace hybridnet
{

class SdpSocketFactory;

/**
 * @brief Address resolution for SDP: which node's SDP instance (SdpSocketFactory) owns an
 * IPv4 address.
 *
 * In OFED 1.4, sdp_connect hands the IPv4 destination to rdma_resolve_addr and
 * rdma_resolve_route (sdp_cma.c, sdp_cma_handler), which find the InfiniBand port and GID
 * behind the address through the IPoIB interface's ARP; the CM then reaches the peer's
 * SDP listener on that port. This object stands for that resolution: SdpHelper::Install
 * registers every non-loopback address on each node's Ipv4 interfaces, and SdpSocket::
 * Connect looks the destination up here. One map is created by the helper and shared by
 * the nodes it installs (no global state); addresses assigned after Install are not
 * known. Resolution and path queries take no simulated time (ARP, SA path record queries
 * are not modelled).
 */
class SdpAddressMap : public Object
{
  public:
    static TypeId GetTypeId();
    SdpAddressMap();
    ~SdpAddressMap() override;

    /**
     * @param address an IPv4 address of a node
     * @param sdp that node's SDP instance
     */
    void Add(Ipv4Address address, Ptr<SdpSocketFactory> sdp);
    /**
     * @param address an IPv4 address
     * @return the SDP instance that owns it, or null
     */
    Ptr<SdpSocketFactory> Lookup(Ipv4Address address) const;

  protected:
    void DoDispose() override;

  private:
    std::map<Ipv4Address, Ptr<SdpSocketFactory>> m_owners;
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_SDP_ADDRESS_MAP_H
