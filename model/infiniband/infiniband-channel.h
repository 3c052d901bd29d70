/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_INFINIBAND_CHANNEL_H
#define HYBRIDNET_INFINIBAND_CHANNEL_H

#include "infiniband-flow-control.h"

#include "ns3/channel.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"

#include <array>
#include <cstddef>
#include <vector>

namespace ns3
{

class Packet;

namespace hybridnet
{

class InfinibandNetDevice;

/**
 * @brief A full-duplex InfiniBand cable between exactly two InfinibandNetDevice ports.
 *
 * The two directions are independent. A data packet whose first byte leaves the sender
 * at t_0 and whose transmission lasts T (InfinibandRate (5), set by the sender) reaches
 * the peer with its head and tail at
 *
 *     (1) t_head = t_0 + d,    t_tail = t_0 + T + d           d = attribute Delay
 *
 * and is handed to the peer once, at t_head + InfinibandNetDevice::GetArrivalOffset(T):
 * the tail for a channel adapter port, the head plus the switch's port-to-port latency for
 * a switch port (cut-through). Flow-control packets are handed over at their tail. The
 * channel neither corrupts nor loses packets. When the second end is attached the link
 * comes up: each end learns the other's initial credit limits (link training; no wire time).
 *
 * Why not PointToPointChannel: it attaches PointToPointNetDevices only.
 */
class InfinibandChannel : public Channel
{
  public:
    static TypeId GetTypeId();
    InfinibandChannel();
    ~InfinibandChannel() override;

    /**
     * @param device an end; at most two
     * @return false if both ends are taken
     */
    bool Attach(Ptr<InfinibandNetDevice> device);

    /**
     * Carry a data packet to the peer of @p sender, equation (1).
     * @param packet the packet, LRH to VCRC
     * @param sender the sending port
     * @param duration T, from now until its tail leaves the sender
     */
    void Transmit(Ptr<const Packet> packet, Ptr<InfinibandNetDevice> sender, Time duration) const;

    /**
     * Carry flow-control packets, sent back to back, to the peer of @p sender.
     * @param fcps the packets
     * @param sender the sending port
     * @param duration from now until the last one's tail leaves the sender
     */
    void TransmitFcps(const std::vector<InfinibandFcp>& fcps,
                      Ptr<InfinibandNetDevice> sender,
                      Time duration) const;

    /**
     * @param device one end
     * @return the other end
     */
    Ptr<InfinibandNetDevice> GetPeer(Ptr<const InfinibandNetDevice> device) const;

    /** @return d */
    Time GetDelay() const;

    std::size_t GetNDevices() const override;
    Ptr<NetDevice> GetDevice(std::size_t i) const override;

  protected:
    void DoDispose() override;

  private:
    Time m_delay;                                      //!< d of (1)
    std::array<Ptr<InfinibandNetDevice>, 2> m_devices; //!< the two ends
    std::size_t m_nDevices{0};
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_INFINIBAND_CHANNEL_H
