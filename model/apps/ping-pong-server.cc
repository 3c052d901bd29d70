/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ping-pong-server.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/packet.h"
#include "ns3/socket.h"
#include "ns3/tcp-socket-factory.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetPingPongServer");
NS_OBJECT_ENSURE_REGISTERED(PingPongServer);

TypeId
PingPongServer::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::PingPongServer")
            .SetParent<Application>()
            .SetGroupName("Hybridnet")
            .AddConstructor<PingPongServer>()
            .AddAttribute("Local",
                          "The address to listen on (an InetSocketAddress).",
                          AddressValue(),
                          MakeAddressAccessor(&PingPongServer::m_local),
                          MakeAddressChecker())
            .AddAttribute("Protocol",
                          "The stream socket factory, as PingPongClient's.",
                          TypeIdValue(TcpSocketFactory::GetTypeId()),
                          MakeTypeIdAccessor(&PingPongServer::m_protocol),
                          MakeTypeIdChecker())
            .AddAttribute("MessageSize",
                          "m: bytes of each request and of each response. Range: 1 to 2^30.",
                          UintegerValue(1),
                          MakeUintegerAccessor(&PingPongServer::m_messageSize),
                          MakeUintegerChecker<uint32_t>(1, 1U << 30));
    return tid;
}

PingPongServer::PingPongServer()
{
    NS_LOG_FUNCTION(this);
}

void
PingPongServer::DoDispose()
{
    m_listener = nullptr;
    m_conns.clear();
    Application::DoDispose();
}

uint64_t
PingPongServer::GetResponses() const
{
    return m_written / m_messageSize;
}

void
PingPongServer::StartApplication()
{
    m_listener = Socket::CreateSocket(GetNode(), m_protocol);
    NS_ABORT_MSG_IF(m_listener->Bind(m_local) != 0, "PingPongServer: cannot bind");
    m_listener->Listen();
    m_listener->SetAcceptCallback(MakeCallback(&PingPongServer::AcceptRequest, this),
                                  MakeCallback(&PingPongServer::Accepted, this));
}

void
PingPongServer::StopApplication()
{
    if (m_listener)
    {
        m_listener->Close();
    }
    for (auto& [socket, conn] : m_conns)
    {
        socket->Close();
    }
}

bool
PingPongServer::AcceptRequest(Ptr<Socket> /* socket */, const Address& /* from */)
{
    return true;
}

void
PingPongServer::Accepted(Ptr<Socket> socket, const Address& /* from */)
{
    m_conns[socket] = Connection{};
    socket->SetRecvCallback(MakeCallback(&PingPongServer::Receive, this));
    socket->SetSendCallback(MakeCallback(&PingPongServer::SendSpace, this));
}

void
PingPongServer::Receive(Ptr<Socket> socket)
{
    Connection& conn = m_conns[socket];
    while (Ptr<Packet> p = socket->Recv())
    {
        uint64_t bytes = p->GetSize();
        while (bytes > 0)
        {
            const uint32_t take =
                static_cast<uint32_t>(std::min<uint64_t>(bytes, m_messageSize - conn.received));
            conn.received += take;
            bytes -= take;
            if (conn.received == m_messageSize)
            {
                conn.received = 0;
                conn.owed += m_messageSize;
            }
        }
    }
    Answer(socket);
}

void
PingPongServer::SendSpace(Ptr<Socket> socket, uint32_t /* available */)
{
    Answer(socket);
}

void
PingPongServer::Answer(Ptr<Socket> socket)
{
    Connection& conn = m_conns[socket];
    while (conn.owed > 0)
    {
        const uint32_t room =
            static_cast<uint32_t>(std::min<uint64_t>(conn.owed, socket->GetTxAvailable()));
        if (room == 0 || socket->Send(Create<Packet>(room)) < 0)
        {
            return;
        }
        conn.owed -= room;
        m_written += room;
    }
}

} // namespace hybridnet
} // namespace ns3
