/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "tier-server.h"

#include "ns3/abort.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/pointer.h"
#include "ns3/socket.h"
#include "ns3/tcp-socket-factory.h"

#include <algorithm>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetTierServer");
NS_OBJECT_ENSURE_REGISTERED(TierServer);

TypeId
TierServer::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::TierServer")
            .SetParent<Application>()
            .SetGroupName("Hybridnet")
            .AddConstructor<TierServer>()
            .AddAttribute("Local",
                          "The address to listen on (an InetSocketAddress).",
                          AddressValue(),
                          MakeAddressAccessor(&TierServer::m_local),
                          MakeAddressChecker())
            .AddAttribute("Protocol",
                          "The stream socket factory of the connections it accepts.",
                          TypeIdValue(TcpSocketFactory::GetTypeId()),
                          MakeTypeIdAccessor(&TierServer::m_protocol),
                          MakeTypeIdChecker())
            .AddAttribute("Tier",
                          "Which tier it is: its column of service demands and, for web and "
                          "app, the sizes of its sub-requests. One of web, app, db.",
                          EnumValue(DatacenterTier::WEB),
                          MakeEnumAccessor<DatacenterTier>(&TierServer::m_tier),
                          MakeEnumChecker(DatacenterTier::WEB,
                                          "web",
                                          DatacenterTier::APP,
                                          "app",
                                          DatacenterTier::DB,
                                          "db"))
            .AddAttribute("Downstream",
                          "The next tier's address (an InetSocketAddress); not set: the "
                          "last tier.",
                          AddressValue(),
                          MakeAddressAccessor(&TierServer::m_downstreamAddress),
                          MakeAddressChecker())
            .AddAttribute("DownstreamProtocol",
                          "The stream socket factory of the connections to the next tier.",
                          TypeIdValue(TcpSocketFactory::GetTypeId()),
                          MakeTypeIdAccessor(&TierServer::m_downstreamProtocol),
                          MakeTypeIdChecker())
            .AddAttribute("Table",
                          "The interactions' sizes and demands (TpcwInteractionTable); the "
                          "default table if not set.",
                          PointerValue(),
                          MakePointerAccessor(&TierServer::m_table),
                          MakePointerChecker<TpcwInteractionTable>());
    return tid;
}

TierServer::TierServer()
{
    NS_LOG_FUNCTION(this);
}

void
TierServer::DoDispose()
{
    m_listener = nullptr;
    m_upstream.clear();
    m_accepted.clear();
    m_downstream.clear();
    m_table = nullptr;
    m_pool = nullptr;
    Application::DoDispose();
}

uint64_t
TierServer::GetRequests() const
{
    return m_requests;
}

uint64_t
TierServer::GetBytesIn() const
{
    return m_bytesIn;
}

uint64_t
TierServer::GetBytesOut() const
{
    return m_bytesOut;
}

void
TierServer::StartApplication()
{
    m_pool = GetNode()->GetObject<ProcessorPool>();
    NS_ABORT_MSG_UNLESS(m_pool,
                        "TierServer: node " << GetNode()->GetId()
                                            << " has no ProcessorPool aggregated");
    if (!m_table)
    {
        m_table = CreateObject<TpcwInteractionTable>();
    }
    m_listener = Socket::CreateSocket(GetNode(), m_protocol);
    NS_ABORT_MSG_IF(m_listener->Bind(m_local) != 0, "TierServer: cannot bind");
    m_listener->Listen();
    m_listener->SetAcceptCallback(MakeCallback(&TierServer::AcceptRequest, this),
                                  MakeCallback(&TierServer::Accepted, this));
}

void
TierServer::StopApplication()
{
    if (m_listener)
    {
        m_listener->Close();
    }
    for (auto& socket : m_accepted) // in the order accepted, not by address
    {
        socket->Close();
    }
    for (auto& down : m_downstream)
    {
        down->socket->Close();
    }
}

bool
TierServer::AcceptRequest(Ptr<Socket> /* socket */, const Address& /* from */)
{
    return true;
}

void
TierServer::Accepted(Ptr<Socket> socket, const Address& /* from */)
{
    Upstream& conn = m_upstream[socket];
    conn.buffer = Create<Packet>();
    m_accepted.push_back(socket);
    socket->SetRecvCallback(MakeCallback(&TierServer::Receive, this));
    socket->SetSendCallback(MakeCallback(&TierServer::SendSpace, this));
}

void
TierServer::Receive(Ptr<Socket> socket)
{
    Upstream& conn = m_upstream[socket];
    while (Ptr<Packet> p = socket->Recv())
    {
        m_bytesIn += p->GetSize();
        conn.buffer->AddAtEnd(p);
    }
    while (true)
    {
        if (!conn.framed && conn.buffer->GetSize() >= TierRequestHeader::SIZE)
        {
            conn.buffer->RemoveHeader(conn.header);
            NS_ABORT_MSG_IF(conn.header.requestBytes < TierRequestHeader::SIZE,
                            "TierServer: a request shorter than its header");
            conn.framed = true;
            conn.remaining = conn.header.requestBytes - TierRequestHeader::SIZE;
        }
        if (!conn.framed)
        {
            return;
        }
        const uint32_t take = std::min(conn.remaining, conn.buffer->GetSize());
        conn.buffer->RemoveAtStart(take);
        conn.remaining -= take;
        if (conn.remaining > 0)
        {
            return;
        }
        conn.framed = false;
        Process(socket, conn.header);
    }
}

void
TierServer::SendSpace(Ptr<Socket> socket, uint32_t /* available */)
{
    m_upstream[socket].writer.Flush(socket);
}

void
TierServer::Process(Ptr<Socket> upstream, TierRequestHeader header)
{
    NS_ABORT_MSG_IF(header.interaction >= kTpcwInteractions,
                    "TierServer: interaction " << header.interaction << " unknown");
    const Time demand =
        m_table->GetDemand(static_cast<TpcwInteraction>(header.interaction), m_tier);
    m_pool->Submit(demand,
                   MakeCallback(&TierServer::Served, this)
                       .Bind(upstream, header.interaction, header.responseBytes));
}

void
TierServer::Served(Ptr<Socket> upstream, uint32_t interaction, uint32_t responseBytes)
{
    TierRequestHeader header;
    header.interaction = interaction;
    header.responseBytes = responseBytes;
    const TpcwInteractionCost& cost =
        m_table->Get(static_cast<TpcwInteraction>(header.interaction));
    uint32_t request = 0;
    uint32_t reply = 0;
    if (m_tier == DatacenterTier::WEB)
    {
        request = cost.appRequest;
        reply = cost.appResponse;
    }
    else if (m_tier == DatacenterTier::APP)
    {
        request = cost.dbRequest;
        reply = cost.dbResponse;
    }
    if (m_downstreamAddress.IsInvalid() || request == 0)
    {
        Reply(upstream, header);
        return;
    }
    NS_ABORT_MSG_IF(request < TierRequestHeader::SIZE || reply == 0,
                    "TierServer: a sub-request is at least 12 B and its reply 1 B");
    Downstream& down = IdleDownstream();
    down.busy = true;
    down.awaited = reply;
    down.upstream = upstream;
    down.header = header;
    TierRequestHeader sub;
    sub.interaction = header.interaction;
    sub.requestBytes = request;
    sub.responseBytes = reply;
    Ptr<Packet> message = Create<Packet>(request - TierRequestHeader::SIZE);
    message->AddHeader(sub);
    if (down.connected)
    {
        down.writer.Write(down.socket, message);
    }
    else
    {
        down.queued = message;
    }
}

void
TierServer::Reply(Ptr<Socket> upstream, const TierRequestHeader& header)
{
    ++m_requests;
    m_bytesOut += header.responseBytes;
    m_upstream[upstream].writer.Write(upstream, Create<Packet>(header.responseBytes));
}

TierServer::Downstream&
TierServer::IdleDownstream()
{
    for (auto& down : m_downstream)
    {
        if (!down->busy)
        {
            return *down;
        }
    }
    auto down = std::make_unique<Downstream>();
    down->socket = Socket::CreateSocket(GetNode(), m_downstreamProtocol);
    down->socket->SetConnectCallback(MakeCallback(&TierServer::DownConnected, this),
                                     MakeCallback(&TierServer::DownFailed, this));
    down->socket->SetRecvCallback(MakeCallback(&TierServer::DownReceive, this));
    down->socket->SetSendCallback(MakeCallback(&TierServer::DownSendSpace, this));
    NS_ABORT_MSG_IF(down->socket->Connect(m_downstreamAddress) != 0,
                    "TierServer: cannot connect to the next tier");
    m_downstream.push_back(std::move(down));
    return *m_downstream.back();
}

TierServer::Downstream&
TierServer::Find(Ptr<Socket> socket)
{
    for (auto& down : m_downstream)
    {
        if (down->socket == socket)
        {
            return *down;
        }
    }
    NS_ABORT_MSG("TierServer: an unknown connection to the next tier");
}

void
TierServer::DownConnected(Ptr<Socket> socket)
{
    Downstream& down = Find(socket);
    down.connected = true;
    if (down.queued)
    {
        Ptr<Packet> message = down.queued;
        down.queued = nullptr;
        down.writer.Write(socket, message);
    }
}

void
TierServer::DownFailed(Ptr<Socket> /* socket */)
{
    NS_ABORT_MSG("TierServer: the connection to the next tier failed");
}

void
TierServer::DownReceive(Ptr<Socket> socket)
{
    Downstream& down = Find(socket);
    while (Ptr<Packet> p = socket->Recv())
    {
        NS_ABORT_MSG_IF(p->GetSize() > down.awaited, "TierServer: more reply than asked");
        down.awaited -= p->GetSize();
        if (down.awaited == 0 && down.busy)
        {
            down.busy = false;
            Reply(down.upstream, down.header);
        }
    }
}

void
TierServer::DownSendSpace(Ptr<Socket> socket, uint32_t /* available */)
{
    Downstream& down = Find(socket);
    down.writer.Flush(socket);
}

} // namespace hybridnet
} // namespace ns3
