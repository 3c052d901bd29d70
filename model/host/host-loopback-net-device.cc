/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "host-loopback-net-device.h"

#include "host-cpu.h"

#include "ns3/abort.h"
#include "ns3/ipv4-header.h"
#include "ns3/ipv6-header.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/tcp-header.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/udp-header.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetLoopbackNetDevice");
NS_OBJECT_ENSURE_REGISTERED(LoopbackNetDevice);

namespace
{
constexpr uint16_t kIpv4EtherType = 0x0800; //!< Ipv4L3Protocol::PROT_NUMBER
constexpr uint16_t kIpv6EtherType = 0x86DD; //!< Ipv6L3Protocol::PROT_NUMBER
constexpr uint8_t kTcp = 6;                 //!< IP protocol number of TCP
constexpr uint8_t kUdp = 17;                //!< IP protocol number of UDP
constexpr uint16_t kMinMtu = 68;            //!< RFC 791 minimum
constexpr uint16_t kMaxMtu = 65535;         //!< IPv4 total length field

/**
 * H_L4 of equation (1) for a packet whose L4 header starts at the front of @p rest.
 * @param rest the IP payload
 * @param protocol the IP protocol number (next header)
 * @return the TCP header with options, the UDP header, or 0 for any other protocol
 */
uint32_t
TransportHeaderBytes(Ptr<const Packet> rest, uint8_t protocol)
{
    if (protocol == kTcp)
    {
        TcpHeader tcp;
        if (rest->GetSize() >= tcp.GetSerializedSize() && rest->PeekHeader(tcp) > 0)
        {
            return tcp.GetSerializedSize(); // 4 x data offset
        }
    }
    else if (protocol == kUdp)
    {
        UdpHeader udp;
        return udp.GetSerializedSize(); // 8
    }
    return 0;
}
} // namespace

TypeId
LoopbackNetDevice::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::LoopbackNetDevice")
            .SetParent<ns3::LoopbackNetDevice>()
            .SetGroupName("Hybridnet")
            .AddConstructor<LoopbackNetDevice>()
            .AddAttribute(
                "Mtu",
                "IP MTU of the loopback interface, bytes: the largest L3 packet; "
                "16436 is the lo MTU of Linux 2.4 and 2.6 (16 KiB of data + 20 B IP "
                "+ 20 B TCP + 12 B timestamps). Range: 68 B to 65535 B.",
                UintegerValue(16436),
                MakeUintegerAccessor(&LoopbackNetDevice::SetMtu, &LoopbackNetDevice::GetMtu),
                MakeUintegerChecker<uint16_t>(kMinMtu, kMaxMtu))
            .AddAttribute("PacketCycles",
                          "CPU cycles c of equation (3) per packet for the protocol work of "
                          "the loopback path (both ends: IP and TCP output and input, the "
                          "loopback softirq), cycles. 0 leaves only the memory copies; the "
                          "host profile sets it. Range: 0 to 10^9.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&LoopbackNetDevice::m_packetCycles),
                          MakeUintegerChecker<uint64_t>(0, 1'000'000'000))
            .AddTraceSource("RxPackets",
                            "Packets whose CPU job has ended and that were handed to the "
                            "stack.",
                            MakeTraceSourceAccessor(&LoopbackNetDevice::m_rxPackets),
                            "ns3::hybridnet::LoopbackNetDevice::CounterCallback")
            .AddTraceSource("CopiedBytes",
                            "Sum of m, equation (2), over the packets accepted for sending, "
                            "bytes.",
                            MakeTraceSourceAccessor(&LoopbackNetDevice::m_copiedBytes),
                            "ns3::hybridnet::LoopbackNetDevice::CounterCallback")
            .AddTraceSource("MacTx",
                            "L3 packet accepted for sending: its CPU job is queued.",
                            MakeTraceSourceAccessor(&LoopbackNetDevice::m_macTxTrace),
                            "ns3::hybridnet::LoopbackNetDevice::PacketCallback")
            .AddTraceSource("MacTxDrop",
                            "L3 packet dropped because it is larger than the MTU.",
                            MakeTraceSourceAccessor(&LoopbackNetDevice::m_macTxDropTrace),
                            "ns3::hybridnet::LoopbackNetDevice::PacketCallback")
            .AddTraceSource("MacRx",
                            "L3 packet handed to the stack at the end of its CPU job.",
                            MakeTraceSourceAccessor(&LoopbackNetDevice::m_macRxTrace),
                            "ns3::hybridnet::LoopbackNetDevice::PacketCallback");
    return tid;
}

LoopbackNetDevice::LoopbackNetDevice()
{
    NS_LOG_FUNCTION(this);
}

LoopbackNetDevice::~LoopbackNetDevice() = default;

void
LoopbackNetDevice::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_cpu = nullptr;
    m_rxCallback =
        MakeNullCallback<bool, Ptr<NetDevice>, Ptr<const Packet>, uint16_t, const Address&>();
    m_promiscCallback = MakeNullCallback<bool,
                                         Ptr<NetDevice>,
                                         Ptr<const Packet>,
                                         uint16_t,
                                         const Address&,
                                         const Address&,
                                         PacketType>();
    ns3::LoopbackNetDevice::DoDispose();
}

uint32_t
LoopbackNetDevice::GetPayloadBytes(Ptr<const Packet> packet, uint16_t protocolNumber)
{
    const uint32_t l3 = packet->GetSize();
    if (protocolNumber == kIpv4EtherType)
    {
        Ptr<Packet> rest = packet->Copy();
        Ipv4Header ip;
        if (l3 < ip.GetSerializedSize() || rest->RemoveHeader(ip) == 0)
        {
            return l3;
        }
        const uint32_t ipPayload = std::min<uint32_t>(rest->GetSize(), ip.GetPayloadSize());
        // Only the first fragment (offset 0) starts with the transport header.
        const uint32_t l4 =
            ip.GetFragmentOffset() == 0 ? TransportHeaderBytes(rest, ip.GetProtocol()) : 0;
        return ipPayload - std::min(ipPayload, l4);
    }
    if (protocolNumber == kIpv6EtherType)
    {
        Ptr<Packet> rest = packet->Copy();
        Ipv6Header ip;
        if (l3 < ip.GetSerializedSize() || rest->RemoveHeader(ip) == 0)
        {
            return l3;
        }
        const uint32_t ipPayload = std::min<uint32_t>(rest->GetSize(), ip.GetPayloadLength());
        // Extension headers (fragments among them) count as payload: next header not TCP/UDP.
        const uint32_t l4 = TransportHeaderBytes(rest, ip.GetNextHeader());
        return ipPayload - std::min(ipPayload, l4);
    }
    return l3;
}

Ptr<HostCpu>
LoopbackNetDevice::GetCpu() const
{
    if (!m_cpu)
    {
        Ptr<Node> node = GetNode();
        NS_ABORT_MSG_IF(!node, "hybridnet::LoopbackNetDevice: not attached to a node");
        m_cpu = node->GetObject<HostCpu>();
        NS_ABORT_MSG_IF(!m_cpu,
                        "hybridnet::LoopbackNetDevice on node "
                            << node->GetId()
                            << " has no HostCpu to run on: aggregate a "
                               "ns3::hybridnet::HostCpu to the node (node->AggregateObject)");
    }
    return m_cpu;
}

Time
LoopbackNetDevice::GetServiceTime(Ptr<const Packet> packet, uint16_t protocolNumber) const
{
    const uint64_t copied = 2ULL * GetPayloadBytes(packet, protocolNumber); // equation (2)
    return GetCpu()->GetServiceTime(m_packetCycles, copied);                // equation (3)
}

uint64_t
LoopbackNetDevice::GetPacketCycles() const
{
    return m_packetCycles;
}

uint64_t
LoopbackNetDevice::GetRxPackets() const
{
    return m_rxPackets;
}

uint64_t
LoopbackNetDevice::GetCopiedBytes() const
{
    return m_copiedBytes;
}

bool
LoopbackNetDevice::SetMtu(const uint16_t mtu)
{
    if (mtu < kMinMtu)
    {
        return false;
    }
    m_mtu = mtu;
    return true;
}

uint16_t
LoopbackNetDevice::GetMtu() const
{
    return m_mtu;
}

bool
LoopbackNetDevice::Send(Ptr<Packet> packet, const Address& dest, uint16_t protocolNumber)
{
    return SendFrom(packet, GetAddress(), dest, protocolNumber);
}

bool
LoopbackNetDevice::SendFrom(Ptr<Packet> packet,
                            const Address& source,
                            const Address& dest,
                            uint16_t protocolNumber)
{
    NS_LOG_FUNCTION(this << packet << source << dest << protocolNumber);
    if (packet->GetSize() > m_mtu)
    {
        m_macTxDropTrace(packet);
        return false;
    }
    m_macTxTrace(packet);
    const uint64_t copied = 2ULL * GetPayloadBytes(packet, protocolNumber); // equation (2)
    m_copiedBytes += copied;
    GetCpu()->Execute(HostCpu::KERNEL,
                      m_packetCycles,
                      copied,
                      MakeCallback(&LoopbackNetDevice::Deliver, this).Bind(packet, protocolNumber));
    return true;
}

void
LoopbackNetDevice::Deliver(Ptr<Packet> packet, uint16_t protocolNumber)
{
    NS_LOG_FUNCTION(this << packet << protocolNumber);
    m_rxPackets += 1;
    m_macRxTrace(packet);
    const Address address = GetAddress();
    if (!m_rxCallback.IsNull())
    {
        m_rxCallback(this, packet, protocolNumber, address);
    }
    if (!m_promiscCallback.IsNull())
    {
        m_promiscCallback(this, packet, protocolNumber, address, GetBroadcast(), PACKET_HOST);
    }
}

void
LoopbackNetDevice::SetReceiveCallback(NetDevice::ReceiveCallback cb)
{
    m_rxCallback = cb;
}

void
LoopbackNetDevice::SetPromiscReceiveCallback(PromiscReceiveCallback cb)
{
    m_promiscCallback = cb;
}

} // namespace hybridnet
} // namespace ns3
