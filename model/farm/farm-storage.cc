/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "farm-storage.h"

#include "ns3/abort.h"
#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/packet.h"
#include "ns3/socket.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetFarmStorage");
NS_OBJECT_ENSURE_REGISTERED(FarmStorage);

TypeId
FarmStorage::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::FarmStorage")
            .SetParent<Application>()
            .SetGroupName("Hybridnet")
            .AddConstructor<FarmStorage>()
            .AddAttribute("Port",
                          "The UDP port accepted events arrive on.  Range: 1 to 65535.",
                          UintegerValue(9200),
                          MakeUintegerAccessor(&FarmStorage::m_port),
                          MakeUintegerChecker<uint16_t>(1))
            .AddTraceSource("Stored",
                            "An accepted event has come whole: its id and bytes.",
                            MakeTraceSourceAccessor(&FarmStorage::m_storedTrace),
                            "ns3::hybridnet::FarmStorage::StoredCallback");
    return tid;
}

FarmStorage::FarmStorage()
{
    NS_LOG_FUNCTION(this);
}

FarmStorage::~FarmStorage() = default;

void
FarmStorage::DoDispose()
{
    m_socket = nullptr;
    Application::DoDispose();
}

void
FarmStorage::StartApplication()
{
    m_socket = Socket::CreateSocket(GetNode(), UdpSocketFactory::GetTypeId());
    NS_ABORT_MSG_IF(m_socket->Bind(InetSocketAddress(Ipv4Address::GetAny(), m_port)) != 0,
                    "FarmStorage: port " << m_port << " is taken");
    m_socket->SetRecvCallback(MakeCallback(&FarmStorage::Receive, this));
}

void
FarmStorage::StopApplication()
{
    if (m_socket)
    {
        m_socket->SetRecvCallback(MakeNullCallback<void, Ptr<Socket>>());
        m_socket->Close();
    }
}

void
FarmStorage::Receive(Ptr<Socket> socket)
{
    Address from;
    while (Ptr<Packet> packet = socket->RecvFrom(from))
    {
        FarmMessageHeader header;
        packet->RemoveHeader(header);
        if (header.kind == FarmMessageHeader::EVENT && m_reassembly.Add(header, packet->GetSize()))
        {
            ++m_stored;
            m_storedBytes += header.size;
            m_storedTrace(header.id, header.size);
            FarmMessageHeader ack = header;
            ack.kind = FarmMessageHeader::STORED;
            ack.offset = 0;
            Ptr<Packet> reply = Create<Packet>();
            reply->AddHeader(ack);
            socket->SendTo(reply, 0, from);
        }
    }
}

uint64_t
FarmStorage::GetStored() const
{
    return m_stored;
}

uint64_t
FarmStorage::GetStoredBytes() const
{
    return m_storedBytes;
}

uint64_t
FarmStorage::GetIncomplete() const
{
    return m_reassembly.GetIncomplete();
}

} // namespace hybridnet
} // namespace ns3
