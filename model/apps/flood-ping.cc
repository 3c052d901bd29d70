/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "flood-ping.h"

#include "hybridnet/host-cpu.h"
#include "hybridnet/host-process.h"

#include "ns3/icmpv4-l4-protocol.h"
#include "ns3/icmpv4.h"
#include "ns3/inet-socket-address.h"
#include "ns3/ipv4-header.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/uinteger.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetFloodPing");
NS_OBJECT_ENSURE_REGISTERED(FloodPing);

TypeId
FloodPing::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::FloodPing")
            .SetParent<Application>()
            .SetGroupName("Hybridnet")
            .AddConstructor<FloodPing>()
            .AddAttribute("Remote",
                          "IPv4 address the echo requests go to",
                          Ipv4AddressValue(),
                          MakeIpv4AddressAccessor(&FloodPing::m_remote),
                          MakeIpv4AddressChecker())
            .AddAttribute("Count",
                          "number of echo requests N (ping -c), 1..65536",
                          UintegerValue(2000),
                          MakeUintegerAccessor(&FloodPing::m_count),
                          MakeUintegerChecker<uint32_t>(1, 65536))
            .AddAttribute("Size",
                          "ICMP data bytes per request (ping -s), 0..65000 B",
                          UintegerValue(56),
                          MakeUintegerAccessor(&FloodPing::m_size),
                          MakeUintegerChecker<uint32_t>(0, 65000))
            .AddAttribute("MinInterval",
                          "longest wait for a reply before the next request, equation (2) "
                          "(ping -f: 10 ms, one hundred per second), 1 us..1 h",
                          TimeValue(MilliSeconds(10)),
                          MakeTimeAccessor(&FloodPing::m_minInterval),
                          MakeTimeChecker(MicroSeconds(1), Hours(1)))
            .AddAttribute("Interval",
                          "time between requests of a periodic ping, equation (2') (ping -i); "
                          "0 s: flood ping, equation (2). Range: 0 s to 1 h",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&FloodPing::m_interval),
                          MakeTimeChecker(Seconds(0), Hours(1)))
            .AddTraceSource("Rtt",
                            "round-trip time of an answered request, equation (3)",
                            MakeTraceSourceAccessor(&FloodPing::m_rtt),
                            "ns3::hybridnet::FloodPing::RttCallback");
    return tid;
}

FloodPing::FloodPing() = default;
FloodPing::~FloodPing() = default;

uint32_t
FloodPing::GetSent() const
{
    return m_sent;
}

uint32_t
FloodPing::GetReceived() const
{
    return m_received;
}

void
FloodPing::DoDispose()
{
    m_socket = nullptr;
    m_cpu = nullptr;
    m_process = nullptr;
    m_inSystemCall.clear();
    Application::DoDispose();
}

void
FloodPing::StartApplication()
{
    NS_LOG_FUNCTION(this);
    Ptr<Node> node = GetNode();
    uint32_t index = 0;
    while (index < node->GetNApplications() && node->GetApplication(index) != this)
    {
        ++index;
    }
    m_identifier = static_cast<uint16_t>((node->GetId() << 4) ^ index);
    m_socket = Socket::CreateSocket(node, TypeId::LookupByName("ns3::Ipv4RawSocketFactory"));
    m_socket->SetAttribute("Protocol", UintegerValue(Icmpv4L4Protocol::PROT_NUMBER));
    m_socket->SetRecvCallback(MakeCallback(&FloodPing::Receive, this));
    m_socket->Bind();
    m_socket->Connect(InetSocketAddress(m_remote, 0));
    m_cpu = node->GetObject<HostCpu>();
    m_process = HostProcess::Create(node);
    Send();
}

void
FloodPing::StopApplication()
{
    NS_LOG_FUNCTION(this);
    m_next.Cancel();
    if (m_socket)
    {
        m_socket->Close();
        m_socket->SetRecvCallback(MakeNullCallback<void, Ptr<Socket>>());
        m_socket = nullptr;
    }
}

void
FloodPing::Send()
{
    m_next.Cancel();
    if (m_sent >= m_count || !m_socket)
    {
        return;
    }
    const auto seq = static_cast<uint16_t>(m_sent);
    Icmpv4Echo echo;
    echo.SetIdentifier(m_identifier);
    echo.SetSequenceNumber(seq);
    echo.SetData(Create<Packet>(m_size));
    Ptr<Packet> packet = Create<Packet>();
    packet->AddHeader(echo);
    Icmpv4Header header;
    header.SetType(Icmpv4Header::ICMPV4_ECHO);
    header.SetCode(0);
    if (Node::ChecksumEnabled())
    {
        header.EnableChecksum();
    }
    packet->AddHeader(header);
    m_pending[seq] = Simulator::Now(); // t_k: gettimeofday() before sendmsg()
    ++m_sent;
    m_next = Simulator::Schedule(m_interval.IsStrictlyPositive() ? m_interval : m_minInterval,
                                 &FloodPing::Send,
                                 this);
    m_inSystemCall.push_back(packet);
    if (m_cpu)
    {
        m_cpu->RunSystemCall(MakeCallback(&FloodPing::Transmit, this));
    }
    else
    {
        Transmit();
    }
}

void
FloodPing::ReadReply()
{
    m_cpu->RunSystemCall(MakeCallback(&FloodPing::WriteBackspace, this));
}

void
FloodPing::WriteBackspace()
{
    m_cpu->RunSystemCall(MakeCallback(&FloodPing::Send, this));
}

void
FloodPing::Transmit()
{
    if (m_inSystemCall.empty())
    {
        return; // disposed meanwhile
    }
    Ptr<Packet> packet = m_inSystemCall.front();
    m_inSystemCall.pop_front();
    if (m_socket)
    {
        m_socket->Send(packet, 0);
    }
}

void
FloodPing::Receive(Ptr<Socket> socket)
{
    Address from;
    while (Ptr<Packet> packet = socket->RecvFrom(from))
    {
        Ipv4Header ip;
        packet->RemoveHeader(ip);
        Icmpv4Header icmp;
        packet->RemoveHeader(icmp);
        if (icmp.GetType() != Icmpv4Header::ICMPV4_ECHO_REPLY || ip.GetSource() != m_remote)
        {
            continue;
        }
        Icmpv4Echo echo;
        packet->RemoveHeader(echo);
        auto it = m_pending.find(echo.GetSequenceNumber());
        if (echo.GetIdentifier() != m_identifier || it == m_pending.end())
        {
            continue;
        }
        const Time rtt = Simulator::Now() - it->second;
        const bool newest = it->first == static_cast<uint16_t>(m_sent - 1);
        m_pending.erase(it);
        ++m_received;
        m_rtt(echo.GetSequenceNumber(), rtt);
        if (newest && !m_interval.IsStrictlyPositive())
        {
            // equation (2), first branch: the reply to the newest request, through (4)
            if (m_process)
            {
                m_process->Wake(MakeCallback(&FloodPing::ReadReply, this));
            }
            else
            {
                Send();
            }
        }
    }
}

} // namespace hybridnet
} // namespace ns3
