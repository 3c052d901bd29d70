/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_INFINIBAND_SWITCH_H
#define HYBRIDNET_INFINIBAND_SWITCH_H

#include "ns3/mac16-address.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/traced-callback.h"

#include <vector>

namespace ns3
{

class Packet;

namespace hybridnet
{

class InfinibandNetDevice;

/**
 * @brief An InfiniBand switch (IBA Architecture Specification Vol. 1 Release 1.2.1,
 * chapter 18): N ports (InfinibandNetDevice), unicast forwarding by DLID through a linear
 * forwarding table (LFT, 18.2.4.3.1), cut-through.
 *
 * A packet whose head reaches input port i at t_head is looked up at
 *
 *     (1) t_ready = t_head + L                 L = attribute PortToPortLatency
 *
 * and queued on output port o = LFT[DLID], on the VL given by o's SL2VL table for its SL
 * (simplification: one SL2VL table per output port, not one per input/output pair). The
 * output port sends it as soon as it is idle, its arbiter chooses that VL, and it has
 * credit for the WHOLE packet (InfinibandFlowControl (1)); if all holds at t_ready the
 * packet is cut through: its tail leaves at t_ready + T (InfinibandNetDevice (1)), and
 * through one switch, device to device, a packet of transmission time T arrives whole
 *
 *     (2) T + L + 2 d                          after it started (d: each cable's Delay)
 *
 * (T once, not twice). Otherwise it waits in the input port's buffer - store and forward
 * when the wait outlasts its arrival - holding its b blocks of the input VL's buffer; they
 * are freed, and returned upstream as credit, when its tail has left the output port.
 * So a congested output stops its inputs' senders hop by hop: backpressure, no loss.
 *
 * A packet whose DLID has no route (or routes back out of its input port) is discarded
 * (trace Drop) and its blocks freed at once, as a switch discards a packet it cannot
 * forward (18.2.4.3.1). Subnet management to the switch itself (port 0), multicast (MFT),
 * and the switch's internal crossbar or buffer sharing are not modelled: each input port
 * buffers its own packets (per VL, as its VlBufferBlocks) and the crossbar never blocks.
 */
class InfinibandSwitch : public Object
{
  public:
    /** Signature of Drop: the packet (LRH to VCRC). */
    typedef void (*DropCallback)(Ptr<const Packet> packet);

    static TypeId GetTypeId();
    InfinibandSwitch();
    ~InfinibandSwitch() override;

    /**
     * Make @p port a port of this switch (it must be on the switch's node).
     * @param port the device
     * @return its port number, 1 to N (0 is the switch's management port)
     */
    uint32_t AddPort(Ptr<InfinibandNetDevice> port);

    /** @return N */
    uint32_t GetNPorts() const;

    /**
     * @param number a port number, 1 to N
     * @return the port
     */
    Ptr<InfinibandNetDevice> GetPort(uint32_t number) const;

    /**
     * @param port a device
     * @return its port number, or 0 if it is not a port of this switch
     */
    uint32_t GetPortNumber(Ptr<const InfinibandNetDevice> port) const;

    /**
     * @param dlid a destination LID
     * @param port LFT[dlid], 1 to N
     */
    void SetRoute(Mac16Address dlid, uint32_t port);

    /** @return LFT[@p dlid], or 0 if it has no route */
    uint32_t GetRoute(Mac16Address dlid) const;

    /** @param lid this switch's LID (its port 0; the subnet manager assigns it) */
    void SetLid(Mac16Address lid);

    /** @return this switch's LID */
    Mac16Address GetLid() const;

    /** @return L, attribute PortToPortLatency */
    Time GetPortToPortLatency() const;

  protected:
    void DoDispose() override;

  private:
    /** A port's packet at t_ready of (1). */
    void Forward(Ptr<InfinibandNetDevice> in,
                 Ptr<Packet> packet,
                 uint8_t vl,
                 uint32_t blocks,
                 Time tail);

    Time m_latency;                                //!< L of (1)
    std::vector<Ptr<InfinibandNetDevice>> m_ports; //!< port n at n - 1
    std::vector<uint8_t> m_lft;                    //!< LFT, indexed by LID (0: no route)
    Mac16Address m_lid;
    TracedCallback<Ptr<const Packet>> m_dropTrace;
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_INFINIBAND_SWITCH_H
