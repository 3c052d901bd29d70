/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "farm-readout-unit.h"

#include "ns3/log.h"
#include "ns3/socket.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetFarmReadoutUnit");
NS_OBJECT_ENSURE_REGISTERED(FarmReadoutUnit);

TypeId
FarmReadoutUnit::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::FarmReadoutUnit")
            .SetParent<Application>()
            .SetGroupName("Hybridnet")
            .AddConstructor<FarmReadoutUnit>()
            .AddAttribute("DatagramSize",
                          "D: the largest UDP payload of a fragment.  Range: 29 B to 65507 B.",
                          UintegerValue(1472),
                          MakeUintegerAccessor(&FarmReadoutUnit::m_datagramSize),
                          MakeUintegerChecker<uint32_t>(FarmMessageHeader::kSize + 1, 65507));
    return tid;
}

FarmReadoutUnit::FarmReadoutUnit()
{
    NS_LOG_FUNCTION(this);
}

FarmReadoutUnit::~FarmReadoutUnit() = default;

void
FarmReadoutUnit::DoDispose()
{
    m_socket = nullptr;
    Application::DoDispose();
}

void
FarmReadoutUnit::StartApplication()
{
    m_socket = Socket::CreateSocket(GetNode(), UdpSocketFactory::GetTypeId());
    m_socket->Bind();
}

void
FarmReadoutUnit::StopApplication()
{
    if (m_socket)
    {
        m_socket->Close();
        m_socket = nullptr;
    }
}

void
FarmReadoutUnit::ReadOut(const FarmMessageHeader& event,
                         const Address& to,
                         uint32_t first,
                         uint32_t bytes)
{
    if (!m_socket) // not running: the share is lost, and its event stays incomplete
    {
        return;
    }
    SendFarmFragments(m_socket, to, event, first, bytes, m_datagramSize);
    m_sentBytes += bytes;
}

uint64_t
FarmReadoutUnit::GetSentBytes() const
{
    return m_sentBytes;
}

} // namespace hybridnet
} // namespace ns3
