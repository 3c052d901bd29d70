/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "phy-relay-port.h"

#include "hybridnet/ethernet-channel.h"

#include "ns3/log.h"
#include "ns3/packet.h"
#include "ns3/trace-source-accessor.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetPhyRelayPort");
NS_OBJECT_ENSURE_REGISTERED(PhyRelayPort);

namespace
{
constexpr uint32_t kHeaderAndFcsBytes = 14 + 4; //!< Ethernet header + FCS in the frame
constexpr uint32_t kPreambleBytes = 8;          //!< preamble + SFD
} // namespace

TypeId
PhyRelayPort::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::PhyRelayPort")
            .SetParent<EthernetNetDevice>()
            .SetGroupName("Hybridnet")
            .AddConstructor<PhyRelayPort>()
            .AddTraceSource("RelayRx",
                            "Last bit of a frame arrived on the port; the frame goes to the "
                            "relay callback unchanged.",
                            MakeTraceSourceAccessor(&PhyRelayPort::m_relayRxTrace),
                            "ns3::hybridnet::PhyRelayPort::FrameCallback")
            .AddTraceSource("RelayTx",
                            "A frame was put on the port's cable by Forward, equation (1) (it "
                            "leaves after the relay's latency, if Forward was given one).",
                            MakeTraceSourceAccessor(&PhyRelayPort::m_relayTxTrace),
                            "ns3::hybridnet::PhyRelayPort::FrameCallback");
    return tid;
}

PhyRelayPort::PhyRelayPort()
{
    NS_LOG_FUNCTION(this);
}

PhyRelayPort::~PhyRelayPort() = default;

void
PhyRelayPort::DoDispose()
{
    m_relay = RelayCallback();
    EthernetNetDevice::DoDispose();
}

void
PhyRelayPort::SetRelayCallback(RelayCallback callback)
{
    m_relay = callback;
}

void
PhyRelayPort::Receive(Ptr<Packet> frame)
{
    NS_LOG_FUNCTION(this << frame);
    ++m_rxFrames;
    m_relayRxTrace(frame);
    if (!m_relay.IsNull())
    {
        m_relay(this, frame);
    }
}

bool
PhyRelayPort::Forward(Ptr<Packet> frame, Time latency)
{
    NS_LOG_FUNCTION(this << frame << latency);
    Ptr<EthernetChannel> channel = DynamicCast<EthernetChannel>(GetChannel());
    if (!channel || !channel->IsConnected())
    {
        NotifyTxDrop(frame);
        return false;
    }
    ++m_forwardedFrames;
    m_relayTxTrace(frame);
    // No serialisation of its own, equation (1): only the relay's latency, if any.
    channel->Transmit(frame, this, latency);
    return true;
}

Time
PhyRelayPort::GetLightTime(Ptr<const Packet> frame) const
{
    const uint32_t size = frame->GetSize();
    const uint32_t l3Bytes = size > kHeaderAndFcsBytes ? size - kHeaderAndFcsBytes : 0;
    const uint64_t bits = 8ULL * (GetFrameBytes(l3Bytes) + kPreambleBytes);
    // ceil(bits * steps-per-second / R) in time steps, exact in 128 bits, as the sending
    // EthernetNetDevice rounds its equation (5).
    const auto stepsPerSecond = static_cast<unsigned __int128>(Seconds(1).GetTimeStep());
    const auto rate = static_cast<unsigned __int128>(GetDataRate().GetBitRate());
    const unsigned __int128 steps = (bits * stepsPerSecond + rate - 1) / rate;
    return TimeStep(static_cast<uint64_t>(steps));
}

uint64_t
PhyRelayPort::GetRxFrames() const
{
    return m_rxFrames;
}

uint64_t
PhyRelayPort::GetForwardedFrames() const
{
    return m_forwardedFrames;
}

bool
PhyRelayPort::Send(Ptr<Packet> packet, const Address& /* dest */, uint16_t /* protocolNumber */)
{
    NS_LOG_FUNCTION(this << packet);
    NotifyTxDrop(packet);
    return false;
}

bool
PhyRelayPort::SendFrom(Ptr<Packet> packet,
                       const Address& /* source */,
                       const Address& /* dest */,
                       uint16_t /* protocolNumber */)
{
    NS_LOG_FUNCTION(this << packet);
    NotifyTxDrop(packet);
    return false;
}

bool
PhyRelayPort::NeedsArp() const
{
    return false;
}

bool
PhyRelayPort::SupportsSendFrom() const
{
    return false;
}

} // namespace hybridnet
} // namespace ns3
