/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "packet-switch.h"

#include "hybridnet/ethernet-net-device.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/drop-tail-queue.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/queue.h"
#include "ns3/simulator.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetPacketSwitch");
NS_OBJECT_ENSURE_REGISTERED(PacketSwitch);

namespace
{
constexpr uint32_t kHeaderAndFcsBytes = 14 + 4; //!< stored with the L3 packet, (6)

/** @return whether @p address is one of 01-80-C2-00-00-00 .. 0F, never forwarded (802.1D) */
bool
IsReserved(Mac48Address address)
{
    uint8_t bytes[6];
    address.CopyTo(bytes);
    return bytes[0] == 0x01 && bytes[1] == 0x80 && bytes[2] == 0xc2 && bytes[3] == 0x00 &&
           bytes[4] == 0x00 && (bytes[5] & 0xf0) == 0x00;
}
} // namespace

TypeId
PacketSwitch::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::PacketSwitch")
            .SetParent<Object>()
            .SetGroupName("Hybridnet")
            .AddConstructor<PacketSwitch>()
            .AddAttribute("SwitchingLatency",
                          "L of equations (3)-(4): time from a frame's last bit arriving to "
                          "its copies entering the output queues (lookup and fabric), "
                          "beyond store and forward itself. Range: 0 s to 1 s.",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&PacketSwitch::m_latency),
                          MakeTimeChecker(Seconds(0), Seconds(1)))
            .AddAttribute("AgeingTime",
                          "A of equation (1): a learned address is forgotten A after the "
                          "last frame from it (802.1D default 300 s); 0 disables learning "
                          "(every frame is flooded). Range: 0 s to 1e6 s.",
                          TimeValue(Seconds(300)),
                          MakeTimeAccessor(&PacketSwitch::m_ageing),
                          MakeTimeChecker(Seconds(0), Seconds(1e6)))
            .AddAttribute("FlowControl",
                          "Whether the switch sends 802.3x PAUSE frames on congested ingress "
                          "ports, equations (6)-(9). The hosts must honour them (their "
                          "EthernetNetDevice PauseEnabled).",
                          BooleanValue(false),
                          MakeBooleanAccessor(&PacketSwitch::m_flowControl),
                          MakeBooleanChecker())
            .AddAttribute("PauseHighWater",
                          "X_off of equation (7): an ingress port whose buffer account B_i "
                          "rises above it is paused, bytes. Range: 64 B to 1 GiB; must "
                          "exceed PauseLowWater.",
                          UintegerValue(24288),
                          MakeUintegerAccessor(&PacketSwitch::m_highWater),
                          MakeUintegerChecker<uint32_t>(64, 1U << 30))
            .AddAttribute("PauseLowWater",
                          "X_on of equation (8): a paused ingress port whose account B_i "
                          "falls to it or below is released with PAUSE(0), bytes. Range: "
                          "0 B to 1 GiB; must be below PauseHighWater.",
                          UintegerValue(12144),
                          MakeUintegerAccessor(&PacketSwitch::m_lowWater),
                          MakeUintegerChecker<uint32_t>(0, 1U << 30))
            .AddAttribute("PauseQuanta",
                          "q of equations (7) and (9): pause_time of the PAUSE frames that "
                          "stop a host, quanta of 512 bit times (65535: 33.55 ms at 1 Gb/s). "
                          "Range: 1 to 65535.",
                          UintegerValue(65535),
                          MakeUintegerAccessor(&PacketSwitch::m_pauseQuanta),
                          MakeUintegerChecker<uint16_t>(1, 65535))
            .AddTraceSource("Drop",
                            "A frame copy is refused by a full output queue (or a port whose "
                            "link is down), (3).",
                            MakeTraceSourceAccessor(&PacketSwitch::m_dropTrace),
                            "ns3::hybridnet::PacketSwitch::DropCallback")
            .AddTraceSource("Drops",
                            "Number of Drop events so far.",
                            MakeTraceSourceAccessor(&PacketSwitch::m_drops),
                            "ns3::TracedValueCallback::Uint64")
            .AddTraceSource("PauseSent",
                            "A PAUSE frame is handed to an ingress port, (7)-(9).",
                            MakeTraceSourceAccessor(&PacketSwitch::m_pauseSentTrace),
                            "ns3::hybridnet::PacketSwitch::PauseCallback")
            .AddTraceSource("PauseFramesSent",
                            "Number of PauseSent events so far.",
                            MakeTraceSourceAccessor(&PacketSwitch::m_pauseFramesSent),
                            "ns3::TracedValueCallback::Uint64");
    return tid;
}

PacketSwitch::PacketSwitch()
{
    NS_LOG_FUNCTION(this);
}

PacketSwitch::~PacketSwitch() = default;

void
PacketSwitch::DoDispose()
{
    NS_LOG_FUNCTION(this);
    for (Port& port : m_ports)
    {
        port.refresh.Cancel();
        port.device = nullptr;
    }
    m_ports.clear();
    m_table.clear();
    Object::DoDispose();
}

uint32_t
PacketSwitch::AddPort(Ptr<EthernetNetDevice> device)
{
    NS_LOG_FUNCTION(this << device);
    NS_ABORT_MSG_IF(!device || !device->GetNode(),
                    "PacketSwitch::AddPort: the port must be a device on the switch node");
    NS_ABORT_MSG_IF(!m_ports.empty() && device->GetNode() != m_ports.front().device->GetNode(),
                    "PacketSwitch::AddPort: all ports must be on one node");
    for (const Port& port : m_ports)
    {
        NS_ABORT_MSG_IF(port.device == device, "PacketSwitch::AddPort: already a port");
    }
    const auto index = static_cast<uint32_t>(m_ports.size());
    if (!device->GetQueue())
    {
        device->SetQueue(CreateObject<DropTailQueue<Packet>>());
    }
    device->GetQueue()->TraceConnectWithoutContext(
        "Dequeue",
        MakeCallback(&PacketSwitch::OutputDequeue, this, index));
    device->GetNode()->RegisterProtocolHandler(MakeCallback(&PacketSwitch::ReceiveFromPort, this),
                                               0,
                                               device,
                                               true);
    Port port;
    port.device = device;
    m_ports.push_back(port);
    return index;
}

uint32_t
PacketSwitch::GetNPorts() const
{
    return static_cast<uint32_t>(m_ports.size());
}

Ptr<EthernetNetDevice>
PacketSwitch::GetPort(uint32_t i) const
{
    NS_ABORT_MSG_IF(i >= m_ports.size(), "PacketSwitch::GetPort: no port " << i);
    return m_ports[i].device;
}

std::optional<uint32_t>
PacketSwitch::GetLearnedPort(Mac48Address address) const
{
    auto it = m_table.find(address);
    if (it == m_table.end() || Simulator::Now() >= it->second.expiry)
    {
        return std::nullopt;
    }
    return it->second.port;
}

uint64_t
PacketSwitch::GetIngressBytes(uint32_t i) const
{
    NS_ABORT_MSG_IF(i >= m_ports.size(), "PacketSwitch::GetIngressBytes: no port " << i);
    return m_ports[i].ingressBytes;
}

uint64_t
PacketSwitch::GetDrops() const
{
    return m_drops;
}

uint64_t
PacketSwitch::GetPauseFramesSent() const
{
    return m_pauseFramesSent;
}

void
PacketSwitch::ReceiveFromPort(Ptr<NetDevice> device,
                              Ptr<const Packet> packet,
                              uint16_t protocol,
                              const Address& source,
                              const Address& destination,
                              NetDevice::PacketType type)
{
    NS_LOG_FUNCTION(this << device << packet << protocol << source << destination << type);
    uint32_t ingress = 0;
    while (ingress < m_ports.size() && m_ports[ingress].device != device)
    {
        ++ingress;
    }
    NS_ASSERT_MSG(ingress < m_ports.size(), "PacketSwitch: frame from a device that is no port");
    const Mac48Address src = Mac48Address::ConvertFrom(source);
    const Mac48Address dst = Mac48Address::ConvertFrom(destination);
    if (IsReserved(dst))
    {
        NS_LOG_LOGIC("reserved destination " << dst << ": not forwarded");
        return;
    }
    // (1) learning.
    if (!src.IsGroup() && m_ageing.IsStrictlyPositive())
    {
        m_table[src] = Entry{ingress, Simulator::Now() + m_ageing};
    }
    if (type == NetDevice::PACKET_HOST)
    {
        return; // for the switch port itself
    }
    // (2) egress set.
    std::vector<uint32_t> egress;
    std::optional<uint32_t> learned;
    if (!dst.IsGroup())
    {
        learned = GetLearnedPort(dst);
    }
    if (learned)
    {
        if (*learned != ingress)
        {
            egress.push_back(*learned);
        }
    }
    else
    {
        for (uint32_t j = 0; j < m_ports.size(); ++j)
        {
            if (j != ingress)
            {
                egress.push_back(j);
            }
        }
    }
    // (3) a copy to each egress port's output queue after the switching latency; the copy
    // is in the switch's memory from now on, (6).
    const uint32_t bytes = packet->GetSize() + kHeaderAndFcsBytes;
    for (uint32_t j : egress)
    {
        Charge(ingress, bytes);
        Simulator::Schedule(m_latency,
                            &PacketSwitch::Enqueue,
                            this,
                            ingress,
                            j,
                            packet->Copy(),
                            protocol,
                            src,
                            dst);
    }
}

void
PacketSwitch::Enqueue(uint32_t ingress,
                      uint32_t egress,
                      Ptr<Packet> packet,
                      uint16_t protocol,
                      Mac48Address source,
                      Mac48Address destination)
{
    NS_LOG_FUNCTION(this << ingress << egress << packet);
    Port& out = m_ports[egress];
    const uint32_t bytes = packet->GetSize() + kHeaderAndFcsBytes;
    // Recorded before SendFrom: an idle port dequeues the frame inside the call.
    out.queued.push_back(Queued{packet->GetUid(), ingress, bytes});
    if (!out.device->SendFrom(packet, source, destination, protocol))
    {
        out.queued.pop_back();
        ++m_drops;
        m_dropTrace(packet, egress);
        Release(ingress, bytes);
    }
}

void
PacketSwitch::OutputDequeue(uint32_t egress, Ptr<const Packet> frame)
{
    Port& out = m_ports[egress];
    NS_ABORT_MSG_IF(out.queued.empty() || out.queued.front().uid != frame->GetUid(),
                    "PacketSwitch: output queue of port " << egress
                                                          << " is not FIFO or not only the "
                                                             "switch's");
    const Queued copy = out.queued.front();
    out.queued.pop_front();
    Release(copy.ingress, copy.bytes);
}

void
PacketSwitch::Charge(uint32_t ingress, uint32_t bytes)
{
    Port& in = m_ports[ingress];
    in.ingressBytes += bytes;
    if (!m_flowControl || in.xoff)
    {
        return;
    }
    NS_ABORT_MSG_IF(m_lowWater >= m_highWater,
                    "PacketSwitch: PauseLowWater " << m_lowWater << " B must be below "
                                                   << "PauseHighWater " << m_highWater << " B");
    if (in.ingressBytes > m_highWater) // (7)
    {
        in.xoff = true;
        SendPause(ingress, m_pauseQuanta);
    }
}

void
PacketSwitch::Release(uint32_t ingress, uint32_t bytes)
{
    Port& in = m_ports[ingress];
    NS_ASSERT(in.ingressBytes >= bytes);
    in.ingressBytes -= bytes;
    if (in.xoff && in.ingressBytes <= m_lowWater) // (8)
    {
        in.xoff = false;
        in.refresh.Cancel();
        SendPause(ingress, 0);
    }
}

void
PacketSwitch::SendPause(uint32_t port, uint16_t quanta)
{
    NS_LOG_FUNCTION(this << port << quanta);
    Port& p = m_ports[port];
    if (!p.device->SendPause(quanta))
    {
        return; // link down
    }
    ++m_pauseFramesSent;
    m_pauseSentTrace(port, quanta);
    if (quanta > 0)
    {
        // (9): repeat before the host's pause timer runs out.
        p.refresh.Cancel();
        p.refresh = Simulator::Schedule(p.device->GetPauseTime(quanta) / 2,
                                        &PacketSwitch::RefreshPause,
                                        this,
                                        port);
    }
}

void
PacketSwitch::RefreshPause(uint32_t port)
{
    if (m_ports[port].xoff)
    {
        SendPause(port, m_pauseQuanta);
    }
}

} // namespace hybridnet
} // namespace ns3
