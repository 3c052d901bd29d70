/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_RECEIVE_LOSS_SHIM_H
#define HYBRIDNET_RECEIVE_LOSS_SHIM_H

#include "ns3/ip-l4-protocol.h"

namespace ns3
{
namespace hybridnet
{

class LossInjector;

/**
 * @brief The receive path of a LossInjector: stands in Ipv4L3Protocol's protocol table for
 * one transport (same protocol number) and hands each IPv4 packet to
 * LossInjector::Judge - dropped (answered RX_OK, so IP sends no ICMP error for it) or
 * forwarded to the transport's Receive, whose answer it returns.  Everything else is
 * forwarded unchanged: ReceiveIcmp (ICMP errors for the transport's packets), IPv6
 * packets, and the down targets (so a hook that walks GetProtocol(number) - FlowSteering
 * of the offload module, another LossInjector - reaches the transport's real down
 * target).
 *
 * Created and inserted by LossInjector::Attach; not meant to be used alone.  It keeps the
 * transport and the injector alive; Ipv4L3Protocol::DoDispose releases it.
 */
class ReceiveLossShim : public IpL4Protocol
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    ReceiveLossShim();
    ~ReceiveLossShim() override;

    /**
     * @param transport the transport it stands in for
     * @param injector the injector that judges its packets
     */
    void Setup(Ptr<IpL4Protocol> transport, Ptr<LossInjector> injector);
    /** @return the transport it stands in for */
    Ptr<IpL4Protocol> GetTransport() const;
    /** @return the injector that judges its packets */
    Ptr<LossInjector> GetInjector() const;

    int GetProtocolNumber() const override;
    RxStatus Receive(Ptr<Packet> p,
                     const Ipv4Header& header,
                     Ptr<Ipv4Interface> incomingInterface) override;
    RxStatus Receive(Ptr<Packet> p,
                     const Ipv6Header& header,
                     Ptr<Ipv6Interface> incomingInterface) override;
    void ReceiveIcmp(Ipv4Address icmpSource,
                     uint8_t icmpTtl,
                     uint8_t icmpType,
                     uint8_t icmpCode,
                     uint32_t icmpInfo,
                     Ipv4Address payloadSource,
                     Ipv4Address payloadDestination,
                     const uint8_t payload[8]) override;
    void ReceiveIcmp(Ipv6Address icmpSource,
                     uint8_t icmpTtl,
                     uint8_t icmpType,
                     uint8_t icmpCode,
                     uint32_t icmpInfo,
                     Ipv6Address payloadSource,
                     Ipv6Address payloadDestination,
                     const uint8_t payload[8]) override;
    void SetDownTarget(IpL4Protocol::DownTargetCallback cb) override;
    void SetDownTarget6(IpL4Protocol::DownTargetCallback6 cb) override;
    IpL4Protocol::DownTargetCallback GetDownTarget() const override;
    IpL4Protocol::DownTargetCallback6 GetDownTarget6() const override;

  protected:
    void DoDispose() override;

  private:
    Ptr<IpL4Protocol> m_transport; //!< the real transport
    Ptr<LossInjector> m_injector;  //!< the judge
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_RECEIVE_LOSS_SHIM_H
