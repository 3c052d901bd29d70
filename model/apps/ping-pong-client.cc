/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ping-pong-client.h"

#include "ns3/abort.h"
#include "ns3/address-utils.h"
#include "ns3/log.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/tcp-socket-factory.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/type-id.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetPingPongClient");
NS_OBJECT_ENSURE_REGISTERED(PingPongClient);

TypeId
PingPongClient::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::PingPongClient")
            .SetParent<Application>()
            .SetGroupName("Hybridnet")
            .AddConstructor<PingPongClient>()
            .AddAttribute("Remote",
                          "The PingPongServer's address (an InetSocketAddress).",
                          AddressValue(),
                          MakeAddressAccessor(&PingPongClient::m_peer),
                          MakeAddressChecker())
            .AddAttribute("Protocol",
                          "The stream socket factory: ns3::TcpSocketFactory (TCP over "
                          "Ethernet or IPoIB) or another stream factory such as SDP's.",
                          TypeIdValue(TcpSocketFactory::GetTypeId()),
                          MakeTypeIdAccessor(&PingPongClient::m_protocol),
                          MakeTypeIdChecker())
            .AddAttribute("MessageSize",
                          "m: bytes of each request and of each response. Range: 1 to 2^30.",
                          UintegerValue(1),
                          MakeUintegerAccessor(&PingPongClient::m_messageSize),
                          MakeUintegerChecker<uint32_t>(1, 1U << 30))
            .AddAttribute("Iterations",
                          "Exchanges to run, the warm-up included. Range: 1 to 10^7.",
                          UintegerValue(1000),
                          MakeUintegerAccessor(&PingPongClient::m_iterations),
                          MakeUintegerChecker<uint32_t>(1, 10'000'000))
            .AddAttribute("Warmup",
                          "Exchanges at the start left out of the mean (connection and "
                          "window start-up). Range: 0 to 10^6; below Iterations.",
                          UintegerValue(10),
                          MakeUintegerAccessor(&PingPongClient::m_warmup),
                          MakeUintegerChecker<uint32_t>(0, 1'000'000))
            .AddTraceSource("RoundTrip",
                            "An exchange ended: its round trip.",
                            MakeTraceSourceAccessor(&PingPongClient::m_roundTripTrace),
                            "ns3::hybridnet::PingPongClient::RoundTripCallback");
    return tid;
}

PingPongClient::PingPongClient()
{
    NS_LOG_FUNCTION(this);
}

void
PingPongClient::DoDispose()
{
    m_socket = nullptr;
    Application::DoDispose();
}

uint32_t
PingPongClient::GetCompleted() const
{
    return m_completed;
}

Time
PingPongClient::GetMeanOneWayLatency() const
{
    const uint32_t measured = m_completed > m_warmup ? m_completed - m_warmup : 0;
    return measured == 0 ? Time() : m_measured / (2 * static_cast<int64_t>(measured));
}

void
PingPongClient::StartApplication()
{
    NS_ABORT_MSG_IF(m_warmup >= m_iterations,
                    "PingPongClient: Warmup " << m_warmup << " must be below Iterations "
                                              << m_iterations);
    m_socket = Socket::CreateSocket(GetNode(), m_protocol);
    NS_ABORT_MSG_IF(m_socket->Bind() != 0, "PingPongClient: cannot bind");
    m_socket->SetConnectCallback(MakeCallback(&PingPongClient::Connected, this),
                                 MakeCallback(&PingPongClient::ConnectionFailed, this));
    m_socket->SetSendCallback(MakeCallback(&PingPongClient::SendSpace, this));
    m_socket->SetRecvCallback(MakeCallback(&PingPongClient::Receive, this));
    m_socket->Connect(m_peer);
}

void
PingPongClient::StopApplication()
{
    if (m_socket)
    {
        m_socket->Close();
    }
}

void
PingPongClient::Connected(Ptr<Socket> /* socket */)
{
    m_unsent = m_messageSize;
    m_awaited = m_messageSize;
    m_sentAt = Simulator::Now();
    SendRequest();
}

void
PingPongClient::ConnectionFailed(Ptr<Socket> /* socket */)
{
    NS_ABORT_MSG("PingPongClient: the connection to the server failed");
}

void
PingPongClient::SendRequest()
{
    while (m_unsent > 0)
    {
        const uint32_t room = std::min(m_unsent, m_socket->GetTxAvailable());
        if (room == 0 || m_socket->Send(Create<Packet>(room)) < 0)
        {
            return; // SendSpace resumes
        }
        m_unsent -= room;
    }
}

void
PingPongClient::SendSpace(Ptr<Socket> /* socket */, uint32_t /* available */)
{
    SendRequest();
}

void
PingPongClient::Receive(Ptr<Socket> socket)
{
    while (Ptr<Packet> p = socket->Recv())
    {
        m_awaited -= std::min(m_awaited, p->GetSize());
        if (m_awaited > 0)
        {
            continue;
        }
        const Time rtt = Simulator::Now() - m_sentAt;
        ++m_completed;
        if (m_completed > m_warmup)
        {
            m_measured += rtt;
        }
        m_roundTripTrace(rtt);
        if (m_completed == m_iterations)
        {
            socket->Close();
            return;
        }
        m_unsent = m_messageSize;
        m_awaited = m_messageSize;
        m_sentAt = Simulator::Now();
        SendRequest();
    }
}

} // namespace hybridnet
} // namespace ns3
