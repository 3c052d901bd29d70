/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "emulated-browser.h"

#include "tier-request-header.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/string.h"
#include "ns3/tcp-socket-factory.h"
#include "ns3/trace-source-accessor.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetEmulatedBrowser");
NS_OBJECT_ENSURE_REGISTERED(EmulatedBrowser);

TypeId
EmulatedBrowser::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::EmulatedBrowser")
            .SetParent<Application>()
            .SetGroupName("Hybridnet")
            .AddConstructor<EmulatedBrowser>()
            .AddAttribute("Remote",
                          "The web tier's address (an InetSocketAddress).",
                          AddressValue(),
                          MakeAddressAccessor(&EmulatedBrowser::m_remote),
                          MakeAddressChecker())
            .AddAttribute("Protocol",
                          "The stream socket factory of the connection to the web tier.",
                          TypeIdValue(TcpSocketFactory::GetTypeId()),
                          MakeTypeIdAccessor(&EmulatedBrowser::m_protocol),
                          MakeTypeIdChecker())
            .AddAttribute("Mix",
                          "The TPC-W interaction mix: browsing, shopping or ordering "
                          "(TpcwMix); another name stops the run with one line.",
                          StringValue("shopping"),
                          MakeStringAccessor(&EmulatedBrowser::m_mixName),
                          MakeStringChecker())
            .AddAttribute("ThinkTime",
                          "The think-time distribution (TpcwThinkTime); a default one if "
                          "not set.",
                          PointerValue(),
                          MakePointerAccessor(&EmulatedBrowser::m_thinkTime),
                          MakePointerChecker<TpcwThinkTime>())
            .AddAttribute("Table",
                          "The interactions' sizes and demands (TpcwInteractionTable); the "
                          "default table if not set.",
                          PointerValue(),
                          MakePointerAccessor(&EmulatedBrowser::m_table),
                          MakePointerChecker<TpcwInteractionTable>())
            .AddTraceSource("ResponseTime",
                            "An interaction completed: its type and response time R.",
                            MakeTraceSourceAccessor(&EmulatedBrowser::m_response),
                            "ns3::hybridnet::EmulatedBrowser::ResponseTimeTracedCallback");
    return tid;
}

EmulatedBrowser::EmulatedBrowser()
    : m_uniform(CreateObject<UniformRandomVariable>())
{
    NS_LOG_FUNCTION(this);
}

void
EmulatedBrowser::DoDispose()
{
    m_thinking.Cancel();
    m_socket = nullptr;
    m_thinkTime = nullptr;
    m_table = nullptr;
    Application::DoDispose();
}

uint64_t
EmulatedBrowser::GetCompleted() const
{
    return m_completed;
}

int64_t
EmulatedBrowser::AssignStreams(int64_t stream)
{
    if (!m_thinkTime)
    {
        m_thinkTime = CreateObject<TpcwThinkTime>();
    }
    m_uniform->SetStream(stream);
    return 1 + m_thinkTime->AssignStreams(stream + 1);
}

void
EmulatedBrowser::StartApplication()
{
    m_mix = std::make_unique<TpcwMix>(m_mixName);
    if (!m_thinkTime)
    {
        m_thinkTime = CreateObject<TpcwThinkTime>();
    }
    if (!m_table)
    {
        m_table = CreateObject<TpcwInteractionTable>();
    }
    m_socket = Socket::CreateSocket(GetNode(), m_protocol);
    m_socket->SetConnectCallback(MakeCallback(&EmulatedBrowser::Connected, this),
                                 MakeCallback(&EmulatedBrowser::ConnectFailed, this));
    m_socket->SetRecvCallback(MakeCallback(&EmulatedBrowser::Receive, this));
    m_socket->SetSendCallback(MakeCallback(&EmulatedBrowser::SendSpace, this));
    NS_ABORT_MSG_IF(m_socket->Connect(m_remote) != 0, "EmulatedBrowser: cannot connect");
}

void
EmulatedBrowser::StopApplication()
{
    m_thinking.Cancel();
    if (m_socket)
    {
        m_socket->Close();
    }
}

void
EmulatedBrowser::Connected(Ptr<Socket> /* socket */)
{
    Think();
}

void
EmulatedBrowser::ConnectFailed(Ptr<Socket> /* socket */)
{
    NS_ABORT_MSG("EmulatedBrowser: the connection to the web tier failed");
}

void
EmulatedBrowser::Think()
{
    m_thinking = Simulator::Schedule(m_thinkTime->Draw(), &EmulatedBrowser::Ask, this);
}

void
EmulatedBrowser::Ask()
{
    m_current =
        m_asked ? m_mix->Next(m_current, m_uniform->GetValue(0.0, 1.0)) : TpcwMix::GetFirst();
    m_asked = true;
    const TpcwInteractionCost& cost = m_table->Get(m_current);
    NS_ABORT_MSG_IF(cost.clientRequest < TierRequestHeader::SIZE || cost.clientResponse == 0,
                    "EmulatedBrowser: a request is at least 12 B and a response 1 B");
    TierRequestHeader header;
    header.interaction = static_cast<uint32_t>(m_current);
    header.requestBytes = cost.clientRequest;
    header.responseBytes = cost.clientResponse;
    Ptr<Packet> request = Create<Packet>(cost.clientRequest - TierRequestHeader::SIZE);
    request->AddHeader(header);
    m_awaited = cost.clientResponse;
    m_askedAt = Simulator::Now();
    m_writer.Write(m_socket, request);
}

void
EmulatedBrowser::Receive(Ptr<Socket> socket)
{
    while (Ptr<Packet> p = socket->Recv())
    {
        NS_ABORT_MSG_IF(p->GetSize() > m_awaited, "EmulatedBrowser: more bytes than asked");
        m_awaited -= p->GetSize();
        if (m_awaited == 0 && p->GetSize() > 0)
        {
            ++m_completed;
            m_response(static_cast<uint32_t>(m_current), Simulator::Now() - m_askedAt);
            Think();
        }
    }
}

void
EmulatedBrowser::SendSpace(Ptr<Socket> socket, uint32_t /* available */)
{
    m_writer.Flush(socket);
}

} // namespace hybridnet
} // namespace ns3
