/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_ETHERNET_CHANNEL_H
#define HYBRIDNET_ETHERNET_CHANNEL_H

#include "ns3/channel.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"

#include <array>
#include <cstddef>

namespace ns3
{

class Packet;

namespace hybridnet
{

class EthernetNetDevice;

/**
 * @brief A full-duplex Ethernet cable between exactly two EthernetNetDevices.
 *
 * Each direction is an independent medium: there is no carrier sense and no collision
 * (IEEE 802.3 full-duplex mode), so a frame sent by one end never delays a frame sent by
 * the other.  A frame whose last bit leaves the sender at time t_e is received whole by the
 * peer at
 *
 *     (1) t_rx = t_e + d                        d = attribute Delay (propagation)
 *
 * It is handed to the peer's EthernetNetDevice::ReceiveFromChannel once the peer's PHY has
 * passed it to the MAC, at t_rx + L_phy (EthernetNetDevice equation (7)); that passes every
 * frame but a consumed MAC Control frame on to Receive.  The serialisation time belongs to
 * the sending device (EthernetNetDevice, its equation (3)); the channel adds d, and the
 * receiving device's PHY its L_phy.  The channel does not corrupt or lose frames.
 *
 * Why not PointToPointChannel: that channel can only be attached to PointToPointNetDevices.
 */
class EthernetChannel : public Channel
{
  public:
    static TypeId GetTypeId();
    EthernetChannel();
    ~EthernetChannel() override;

    /**
     * Attach a device; at most two.
     * @param device the device
     * @return false if two devices are already attached
     */
    bool Attach(Ptr<EthernetNetDevice> device);

    /**
     * Carry a frame to the peer of @p sender, equation (1).
     * @param frame the frame, with Ethernet header and trailer
     * @param sender the sending device
     * @param frameTime time from now until the frame's last bit leaves the sender (t_e - now)
     */
    void Transmit(Ptr<const Packet> frame, Ptr<EthernetNetDevice> sender, Time frameTime) const;

    /** @return whether both ends are attached */
    bool IsConnected() const;

    /** @return d, the propagation delay */
    Time GetDelay() const;

    std::size_t GetNDevices() const override;
    Ptr<NetDevice> GetDevice(std::size_t i) const override;

  protected:
    void DoDispose() override;

  private:
    Time m_delay;                                    //!< d of equation (1)
    std::array<Ptr<EthernetNetDevice>, 2> m_devices; //!< the two ends
    std::size_t m_nDevices{0};                       //!< ends attached so far
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_ETHERNET_CHANNEL_H
