/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "circuit-switch-console-server.h"

#include "circuit-switch-console.h"
#include "optical-circuit-switch.h"

#include "ns3/abort.h"
#include "ns3/inet-socket-address.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/socket.h"
#include "ns3/string.h"
#include "ns3/tcp-socket-factory.h"
#include "ns3/uinteger.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetCircuitSwitchConsoleServer");
NS_OBJECT_ENSURE_REGISTERED(CircuitSwitchConsoleServer);

TypeId
CircuitSwitchConsoleServer::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::CircuitSwitchConsoleServer")
            .SetParent<Application>()
            .SetGroupName("Hybridnet")
            .AddConstructor<CircuitSwitchConsoleServer>()
            .AddAttribute("Port",
                          "TCP port the console listens on, on every address of the node "
                          "(23: telnet). Range: 1 to 65535.",
                          UintegerValue(23),
                          MakeUintegerAccessor(&CircuitSwitchConsoleServer::m_port),
                          MakeUintegerChecker<uint16_t>(1, 65535))
            .AddAttribute("Prompt",
                          "Prompt sent after the banner and after every reply; it ends a "
                          "reply for the client. Non-empty text without newline.",
                          StringValue("306D> "),
                          MakeStringAccessor(&CircuitSwitchConsoleServer::m_prompt),
                          MakeStringChecker())
            .AddAttribute("Banner",
                          "Line sent when a session opens. Any text without newline.",
                          StringValue("Lightpath accelerator 306D management console"),
                          MakeStringAccessor(&CircuitSwitchConsoleServer::m_banner),
                          MakeStringChecker());
    return tid;
}

CircuitSwitchConsoleServer::CircuitSwitchConsoleServer() = default;

CircuitSwitchConsoleServer::~CircuitSwitchConsoleServer() = default;

void
CircuitSwitchConsoleServer::DoDispose()
{
    m_listener = nullptr;
    m_sessions.clear();
    m_console = nullptr;
    Application::DoDispose();
}

void
CircuitSwitchConsoleServer::SetConsole(Ptr<CircuitSwitchConsole> console)
{
    m_console = console;
}

Ptr<CircuitSwitchConsole>
CircuitSwitchConsoleServer::GetConsole() const
{
    return m_console;
}

uint32_t
CircuitSwitchConsoleServer::GetSessions() const
{
    return m_accepted;
}

void
CircuitSwitchConsoleServer::StartApplication()
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(m_prompt.empty() || m_prompt.find('\n') != std::string::npos,
                    "CircuitSwitchConsoleServer: Prompt must be non-empty, without newline");
    if (!m_console)
    {
        Ptr<OpticalCircuitSwitch> ocs = GetNode()->GetObject<OpticalCircuitSwitch>();
        NS_ABORT_MSG_IF(!ocs,
                        "CircuitSwitchConsoleServer: no console set and no "
                        "OpticalCircuitSwitch on node "
                            << GetNode()->GetId());
        m_console = CreateObject<CircuitSwitchConsole>();
        m_console->SetSwitch(ocs);
        // The record starts from the first IPv4 address of the node that is not loopback.
        if (Ptr<Ipv4> ipv4 = GetNode()->GetObject<Ipv4>())
        {
            for (uint32_t i = 0; i < ipv4->GetNInterfaces(); ++i)
            {
                if (ipv4->GetNAddresses(i) > 0 && !ipv4->GetAddress(i, 0).GetLocal().IsLocalhost())
                {
                    m_console->SetInterfaceRecord(ipv4->GetAddress(i, 0).GetLocal(),
                                                  ipv4->GetAddress(i, 0).GetMask());
                    break;
                }
            }
        }
    }
    m_listener = Socket::CreateSocket(GetNode(), TcpSocketFactory::GetTypeId());
    NS_ABORT_MSG_IF(m_listener->Bind(InetSocketAddress(Ipv4Address::GetAny(), m_port)) != 0,
                    "CircuitSwitchConsoleServer: cannot bind port " << m_port);
    m_listener->Listen();
    m_listener->SetAcceptCallback(MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
                                  MakeCallback(&CircuitSwitchConsoleServer::HandleAccept, this));
}

void
CircuitSwitchConsoleServer::StopApplication()
{
    NS_LOG_FUNCTION(this);
    for (auto& [socket, session] : m_sessions)
    {
        socket->SetRecvCallback(MakeNullCallback<void, Ptr<Socket>>());
        socket->Close();
    }
    m_sessions.clear();
    if (m_listener)
    {
        m_listener->Close();
        m_listener = nullptr;
    }
}

void
CircuitSwitchConsoleServer::HandleAccept(Ptr<Socket> socket, const Address& from)
{
    NS_LOG_FUNCTION(this << socket << from);
    ++m_accepted;
    m_sessions[socket] = Session();
    socket->SetRecvCallback(MakeCallback(&CircuitSwitchConsoleServer::HandleRead, this));
    socket->SetCloseCallbacks(MakeCallback(&CircuitSwitchConsoleServer::HandleClose, this),
                              MakeCallback(&CircuitSwitchConsoleServer::HandleClose, this));
    SendText(socket, m_banner + "\n" + m_prompt);
}

void
CircuitSwitchConsoleServer::HandleRead(Ptr<Socket> socket)
{
    auto it = m_sessions.find(socket);
    while (Ptr<Packet> packet = socket->Recv())
    {
        if (packet->GetSize() == 0 || it == m_sessions.end())
        {
            break;
        }
        std::string data(packet->GetSize(), '\0');
        packet->CopyData(reinterpret_cast<uint8_t*>(data.data()), data.size());
        Session& session = it->second;
        session.input += data;
        std::size_t newline;
        while ((newline = session.input.find('\n')) != std::string::npos)
        {
            std::string line = session.input.substr(0, newline);
            if (!line.empty() && line.back() == '\r')
            {
                line.pop_back();
            }
            session.lines.push_back(line);
            session.input.erase(0, newline + 1);
        }
    }
    ExecuteNext(socket);
}

void
CircuitSwitchConsoleServer::ExecuteNext(Ptr<Socket> socket)
{
    auto it = m_sessions.find(socket);
    if (it == m_sessions.end() || it->second.busy || it->second.quit || it->second.lines.empty())
    {
        return;
    }
    Session& session = it->second;
    const std::string line = session.lines.front();
    session.lines.pop_front();
    session.busy = true;
    NS_LOG_INFO("session " << socket << ": '" << line << "'");
    // Execute replies from a later event, so the session's state is set before Reply.
    session.quit =
        !m_console->Execute(line,
                            MakeCallback(&CircuitSwitchConsoleServer::Reply, this).Bind(socket));
}

void
CircuitSwitchConsoleServer::Reply(Ptr<Socket> socket, std::string reply)
{
    auto it = m_sessions.find(socket);
    if (it == m_sessions.end())
    {
        return; // the client has gone
    }
    Session& session = it->second;
    session.busy = false;
    const std::string text = reply.empty() ? "" : reply + "\n";
    if (session.quit)
    {
        SendText(socket, text);
        m_sessions.erase(it);
        socket->SetRecvCallback(MakeNullCallback<void, Ptr<Socket>>());
        socket->Close();
        return;
    }
    SendText(socket, text + m_prompt);
    ExecuteNext(socket);
}

void
CircuitSwitchConsoleServer::HandleClose(Ptr<Socket> socket)
{
    NS_LOG_FUNCTION(this << socket);
    m_sessions.erase(socket);
}

void
CircuitSwitchConsoleServer::SendText(Ptr<Socket> socket, const std::string& text)
{
    if (text.empty())
    {
        return;
    }
    const int sent =
        socket->Send(Create<Packet>(reinterpret_cast<const uint8_t*>(text.data()), text.size()));
    NS_ABORT_MSG_IF(sent < 0 || static_cast<std::size_t>(sent) != text.size(),
                    "CircuitSwitchConsoleServer: reply of " << text.size()
                                                            << " B does not fit the TCP buffer");
}

} // namespace hybridnet
} // namespace ns3
