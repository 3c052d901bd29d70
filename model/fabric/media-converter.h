/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_MEDIA_CONVERTER_H
#define HYBRIDNET_MEDIA_CONVERTER_H

#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/ptr.h"

#include <cstdint>

namespace ns3
{

class Node;
class Packet;

namespace hybridnet
{

class PhyRelayPort;

/**
 * @brief A copper-to-single-mode-fiber Ethernet media converter (1000BASE-T to
 * 1000BASE-LX in the lightpath accelerator study): it changes the physical format of the
 * signal, never the frames.
 *
 * Two PhyRelayPorts on a node, the copper side and the fiber side.  A frame whose last bit
 * arrives on one side at t_in leaves the other side, unchanged, at
 *
 *     (1) t_out = t_in + D                        D = attribute Latency
 *
 * with no serialisation of its own (PhyRelayPort equation (1)): the line rate is the same
 * on both sides (1 Gb/s; only the line code differs, PAM-5 on copper, 8b/10b on fiber), so
 * the bits leave as they came.  From the sending NIC to the far end of the fiber, a frame
 * whose last bit leaves the NIC at t_e arrives whole at
 *
 *     (2) t_rx = t_e + d_copper + D + d_fiber
 *
 * The two directions are independent (full duplex): a frame in one direction never
 * delays or drops one in the other.  The converter has no buffer, no MAC, no error
 * model and no link-fault pass-through.
 *
 * Order of magnitude of D: converters that re-clock the bit stream without buffering
 * frames add well under a microsecond (the default 0.5 us is of that order); a
 * store-and-forward converter would add a whole frame time and is not modelled.
 *
 * Why a new class: ns-3 has no bit-level relay between two cables.
 */
class MediaConverter : public Object
{
  public:
    static TypeId GetTypeId();
    MediaConverter();
    ~MediaConverter() override;

    /**
     * Create the two ports on @p node (Node::AddDevice).  Call once.
     * @param node the node that represents the converter box
     */
    void Install(Ptr<Node> node);

    /** @return the copper side (towards the host's NIC); null before Install */
    Ptr<PhyRelayPort> GetCopperPort() const;
    /** @return the fiber side (towards the optical switch); null before Install */
    Ptr<PhyRelayPort> GetFiberPort() const;
    /** @return the node of the ports; null before Install */
    Ptr<Node> GetNode() const;

    /** @return D of equation (1) */
    Time GetLatency() const;

  protected:
    void DoDispose() override;

  private:
    /**
     * A frame's last bit arrived on @p in: it leaves the other side after D.
     * @param in the receiving port
     * @param frame the frame, unchanged
     */
    void Relay(Ptr<PhyRelayPort> in, Ptr<Packet> frame);

    Time m_latency;             //!< D of equation (1)
    Ptr<Node> m_node;           //!< node of the ports
    Ptr<PhyRelayPort> m_copper; //!< copper side
    Ptr<PhyRelayPort> m_fiber;  //!< fiber side
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_MEDIA_CONVERTER_H
