/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "circuit-switch-console-client.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/string.h"
#include "ns3/tcp-socket-factory.h"
#include "ns3/trace-source-accessor.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetCircuitSwitchConsoleClient");
NS_OBJECT_ENSURE_REGISTERED(CircuitSwitchConsoleClient);

TypeId
CircuitSwitchConsoleClient::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::CircuitSwitchConsoleClient")
            .SetParent<Object>()
            .SetGroupName("Hybridnet")
            .AddConstructor<CircuitSwitchConsoleClient>()
            .AddAttribute("Prompt",
                          "The server's prompt, which ends each reply (as "
                          "CircuitSwitchConsoleServer Prompt). Non-empty text.",
                          StringValue("306D> "),
                          MakeStringAccessor(&CircuitSwitchConsoleClient::m_prompt),
                          MakeStringChecker())
            .AddTraceSource("Reply",
                            "A command's reply is complete.",
                            MakeTraceSourceAccessor(&CircuitSwitchConsoleClient::m_replyTrace),
                            "ns3::hybridnet::CircuitSwitchConsoleClient::ReplyTracedCallback");
    return tid;
}

CircuitSwitchConsoleClient::CircuitSwitchConsoleClient() = default;

CircuitSwitchConsoleClient::~CircuitSwitchConsoleClient() = default;

void
CircuitSwitchConsoleClient::DoDispose()
{
    Detach();
    m_socket = nullptr;
    m_pending.clear();
    Object::DoDispose();
}

void
CircuitSwitchConsoleClient::Open(Ptr<Node> node, const Address& server)
{
    NS_LOG_FUNCTION(this << node << server);
    NS_ABORT_MSG_IF(m_socket, "CircuitSwitchConsoleClient::Open: already open");
    NS_ABORT_MSG_IF(m_prompt.empty(), "CircuitSwitchConsoleClient: empty Prompt");
    m_socket = Socket::CreateSocket(node, TcpSocketFactory::GetTypeId());
    m_socket->Bind();
    // The socket's callbacks keep the client alive while the session lasts (Detach ends it).
    Ptr<CircuitSwitchConsoleClient> self(this);
    m_socket->SetConnectCallback(
        MakeCallback(&CircuitSwitchConsoleClient::HandleConnect, self),
        MakeCallback(&CircuitSwitchConsoleClient::HandleConnectFail, self));
    m_socket->SetRecvCallback(MakeCallback(&CircuitSwitchConsoleClient::HandleRead, self));
    m_socket->SetCloseCallbacks(MakeCallback(&CircuitSwitchConsoleClient::HandleClose, self),
                                MakeCallback(&CircuitSwitchConsoleClient::HandleClose, self));
    m_socket->Connect(server);
}

void
CircuitSwitchConsoleClient::Send(std::string line, ReplyCallback reply)
{
    NS_LOG_FUNCTION(this << line);
    if (m_closed)
    {
        if (!reply.IsNull())
        {
            Simulator::ScheduleNow([reply]() { reply("ERROR: console connection closed"); });
        }
        return;
    }
    Pending pending;
    pending.line = line;
    pending.reply = reply;
    m_pending.push_back(pending);
    SendNext();
}

void
CircuitSwitchConsoleClient::Close()
{
    NS_LOG_FUNCTION(this);
    m_pending.clear();
    m_closed = true;
    m_open = false;
    if (m_socket)
    {
        m_socket->Close();
        // Not from inside a socket callback that Detach would replace.
        Simulator::ScheduleNow(&CircuitSwitchConsoleClient::Detach,
                               Ptr<CircuitSwitchConsoleClient>(this));
    }
}

void
CircuitSwitchConsoleClient::Detach()
{
    // The socket's callbacks hold this client: clear them to end the reference cycle.
    if (m_socket)
    {
        m_socket->SetConnectCallback(MakeNullCallback<void, Ptr<Socket>>(),
                                     MakeNullCallback<void, Ptr<Socket>>());
        m_socket->SetRecvCallback(MakeNullCallback<void, Ptr<Socket>>());
        m_socket->SetCloseCallbacks(MakeNullCallback<void, Ptr<Socket>>(),
                                    MakeNullCallback<void, Ptr<Socket>>());
    }
}

std::string
CircuitSwitchConsoleClient::GetBanner() const
{
    return m_banner;
}

bool
CircuitSwitchConsoleClient::IsOpen() const
{
    return m_open;
}

void
CircuitSwitchConsoleClient::HandleConnect(Ptr<Socket> /* socket */)
{
    NS_LOG_FUNCTION(this);
}

void
CircuitSwitchConsoleClient::HandleConnectFail(Ptr<Socket> /* socket */)
{
    NS_LOG_FUNCTION(this);
    m_closed = true;
    FailAll();
}

void
CircuitSwitchConsoleClient::HandleRead(Ptr<Socket> socket)
{
    while (Ptr<Packet> packet = socket->Recv())
    {
        if (packet->GetSize() == 0)
        {
            break;
        }
        std::string data(packet->GetSize(), '\0');
        packet->CopyData(reinterpret_cast<uint8_t*>(data.data()), data.size());
        m_buffer += data;
    }
    // A reply ends at a prompt that starts a line (or the text received).
    auto nextPrompt = [this]() {
        std::size_t at = m_buffer.find(m_prompt);
        while (at != std::string::npos && at > 0 && m_buffer[at - 1] != '\n')
        {
            at = m_buffer.find(m_prompt, at + 1); // the prompt's text inside a reply line
        }
        return at;
    };
    for (std::size_t at = nextPrompt(); at != std::string::npos; at = nextPrompt())
    {
        std::string text = m_buffer.substr(0, at);
        m_buffer.erase(0, at + m_prompt.size());
        if (!text.empty() && text.back() == '\n')
        {
            text.pop_back();
        }
        if (!m_open)
        {
            m_open = true;
            m_banner = text;
        }
        else
        {
            Deliver(text);
        }
    }
    SendNext();
}

void
CircuitSwitchConsoleClient::HandleClose(Ptr<Socket> /* socket */)
{
    NS_LOG_FUNCTION(this);
    m_open = false;
    m_closed = true;
    if (!m_pending.empty() && m_pending.front().inFlight)
    {
        std::string text = m_buffer;
        m_buffer.clear();
        if (!text.empty() && text.back() == '\n')
        {
            text.pop_back();
        }
        Deliver(text); // the reply to quit
    }
    FailAll();
    if (m_socket)
    {
        m_socket->Close();
        // Not from inside a socket callback that Detach would replace.
        Simulator::ScheduleNow(&CircuitSwitchConsoleClient::Detach,
                               Ptr<CircuitSwitchConsoleClient>(this));
    }
}

void
CircuitSwitchConsoleClient::SendNext()
{
    if (!m_open || m_pending.empty() || m_pending.front().inFlight)
    {
        return;
    }
    Pending& head = m_pending.front();
    head.inFlight = true;
    head.sent = Simulator::Now();
    const std::string text = head.line + "\n";
    m_socket->Send(Create<Packet>(reinterpret_cast<const uint8_t*>(text.data()), text.size()));
}

void
CircuitSwitchConsoleClient::Deliver(const std::string& reply)
{
    if (m_pending.empty())
    {
        return; // unsolicited text
    }
    Pending head = m_pending.front();
    m_pending.pop_front();
    m_replyTrace(head.line, reply, head.sent);
    if (!head.reply.IsNull())
    {
        head.reply(reply);
    }
}

void
CircuitSwitchConsoleClient::FailAll()
{
    while (!m_pending.empty())
    {
        Deliver("ERROR: console connection closed");
    }
}

} // namespace hybridnet
} // namespace ns3
