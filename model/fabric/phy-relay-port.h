/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_PHY_RELAY_PORT_H
#define HYBRIDNET_PHY_RELAY_PORT_H

#include "hybridnet/ethernet-net-device.h"

#include "ns3/callback.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"
#include "ns3/traced-callback.h"

namespace ns3
{

class Packet;

namespace hybridnet
{

/**
 * @brief A physical-layer port that relays whole frames without processing them: the
 * building block of devices that only change or steer the light (MediaConverter,
 * OpticalCircuitSwitch).
 *
 * A PhyRelayPort is one end of an EthernetChannel, like any EthernetNetDevice, but it has
 * no MAC: it never checks the FCS, never removes a header, never queues and has no upper
 * layer.  When the last bit of a frame arrives (EthernetChannel calls Receive) the frame
 * is handed, unchanged, to the relay callback of the device the port belongs to.  That
 * device calls Forward on another port, which puts the frame on its own cable with no
 * serialisation time of its own: the input link already spaced the bits at its line
 * rate, so the relay only passes them on.  With t_e the instant the last bit leaves the
 * sending NIC, d_1 and d_2 the delays of the cables before and after the relay and D the
 * relaying device's fixed latency (0 for the optical switch), the far end receives the
 * last bit at
 *
 *     (1) t_rx = t_e + d_1 + D + d_2             bit-transparent: propagation only
 *
 * The port's DataRate and VlanTag attributes (inherited) are the line rate and tagging of
 * the light it carries; they do not slow anything down.  They give the time during which
 * a frame's light (preamble and frame, equation (3) of EthernetNetDevice) is on the port,
 *
 *     (2) T_f = (F + 8) * 8 / R,   F = max(64, 14 + V + L3 + 4)
 *
 * which a switch needs to decide whether a frame was cut by a reconfiguration
 * (OpticalCircuitSwitch equation (2)).  Set them to those of the NIC at the end of the
 * link (OpticalCircuitSwitchHelper does).
 *
 * MAC Control frames (802.3x PAUSE) are relayed like any other frame as long as the port's
 * PauseEnabled stays off (its default): a converter and an optical circuit are transparent
 * to flow control, which then acts end to end between the two NICs.
 *
 * Why a subclass of EthernetNetDevice: EthernetChannel carries frames between
 * EthernetNetDevices only, and its Receive is the hook for the frame's last bit.  Send
 * and SendFrom refuse every packet (MacTxDrop): nothing above a relay port sends.
 */
class PhyRelayPort : public EthernetNetDevice
{
  public:
    /**
     * Where a port hands the frames it receives.
     * @param port this port
     * @param frame the frame with Ethernet header and trailer, unchanged
     */
    typedef Callback<void, Ptr<PhyRelayPort>, Ptr<Packet>> RelayCallback;

    /**
     * TracedCallback signature of RelayRx and RelayTx.
     * @param frame the frame with Ethernet header and trailer
     */
    typedef void (*FrameCallback)(Ptr<const Packet> frame);

    static TypeId GetTypeId();
    PhyRelayPort();
    ~PhyRelayPort() override;

    /** @param callback receives every frame whose last bit arrives on this port */
    void SetRelayCallback(RelayCallback callback);

    /**
     * Put a frame on this port's cable @p latency from now, equation (1): its last bit
     * reaches the peer after @p latency plus the cable's delay.  A relaying device passes
     * its own fixed latency D here rather than scheduling the call D later: the frame
     * arrives at the same instant with one simulator event fewer per relay.
     * @param frame the frame with Ethernet header and trailer
     * @param latency the relaying device's latency D still to elapse (0 for none)
     * @return false (and MacTxDrop) if the cable has no far end
     */
    bool Forward(Ptr<Packet> frame, Time latency = Time(0));

    /**
     * @param frame a frame with Ethernet header and trailer
     * @return T_f of equation (2) at this port's DataRate and VlanTag
     */
    Time GetLightTime(Ptr<const Packet> frame) const;

    /** @return frames received (RelayRx) */
    uint64_t GetRxFrames() const;
    /** @return frames forwarded (RelayTx) */
    uint64_t GetForwardedFrames() const;

    /**
     * The last bit of a frame has arrived: hand the frame to the relay callback (or drop
     * it if there is none).  No FCS check, no header removed.
     * @param frame the frame with header and trailer
     */
    void Receive(Ptr<Packet> frame) override;

    /** Refused: a relay port has no MAC. @return false */
    bool Send(Ptr<Packet> packet, const Address& dest, uint16_t protocolNumber) override;
    /** Refused: a relay port has no MAC. @return false */
    bool SendFrom(Ptr<Packet> packet,
                  const Address& source,
                  const Address& dest,
                  uint16_t protocolNumber) override;
    bool NeedsArp() const override;
    bool SupportsSendFrom() const override;

  protected:
    void DoDispose() override;

  private:
    RelayCallback m_relay;                            //!< the owning device
    uint64_t m_rxFrames{0};                           //!< frames received
    uint64_t m_forwardedFrames{0};                    //!< frames forwarded
    TracedCallback<Ptr<const Packet>> m_relayRxTrace; //!< RelayRx
    TracedCallback<Ptr<const Packet>> m_relayTxTrace; //!< RelayTx
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_PHY_RELAY_PORT_H
