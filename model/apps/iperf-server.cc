/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "iperf-server.h"

#include "hybridnet/host-process.h"

#include "ns3/address-utils.h"
#include "ns3/enum.h"
#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/tcp-socket-factory.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetIperfServer");
NS_OBJECT_ENSURE_REGISTERED(IperfServer);

double
IperfServer::Report::GoodputBps() const
{
    double seconds = (end - start).GetSeconds();
    return seconds > 0 ? 8.0 * static_cast<double>(bytes) / seconds : 0.0;
}

TypeId
IperfServer::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::IperfServer")
            .SetParent<Application>()
            .SetGroupName("Hybridnet")
            .AddConstructor<IperfServer>()
            .AddAttribute("Protocol",
                          "Transport of the test: Tcp (iperf -s) or Udp (iperf -s -u).",
                          EnumValue(IperfServer::TCP),
                          MakeEnumAccessor<Protocol>(&IperfServer::m_protocol),
                          MakeEnumChecker(IperfServer::TCP, "Tcp", IperfServer::UDP, "Udp"))
            .AddAttribute("Local",
                          "Address and port to listen on (iperf's default port is 5001).",
                          AddressValue(InetSocketAddress(Ipv4Address::GetAny(), 5001)),
                          MakeAddressAccessor(&IperfServer::m_local),
                          MakeAddressChecker())
            .AddAttribute("Interval",
                          "Report interval T_i of equation (1) (iperf -i). Range: 1 us to 1 h.",
                          TimeValue(Seconds(1)),
                          MakeTimeAccessor(&IperfServer::m_interval),
                          MakeTimeChecker(MicroSeconds(1), Hours(1)))
            .AddTraceSource("IntervalReport",
                            "Payload bytes read in one complete report interval.",
                            MakeTraceSourceAccessor(&IperfServer::m_intervalTrace),
                            "ns3::hybridnet::IperfServer::IntervalReportCallback")
            .AddTraceSource("Rx",
                            "Payload the server read (one packet of a read).",
                            MakeTraceSourceAccessor(&IperfServer::m_rxTrace),
                            "ns3::hybridnet::IperfServer::RxCallback");
    return tid;
}

IperfServer::IperfServer() = default;

IperfServer::~IperfServer() = default;

std::vector<IperfServer::Report>
IperfServer::GetReports() const
{
    std::vector<Report> out;
    for (const auto& socket : m_order)
    {
        Report r = m_conns.at(socket).report;
        if (!r.closed)
        {
            r.end = Simulator::Now();
        }
        out.push_back(r);
    }
    return out;
}

void
IperfServer::DoDispose()
{
    m_listener = nullptr;
    m_conns.clear();
    m_order.clear();
    Application::DoDispose();
}

void
IperfServer::StartApplication()
{
    NS_LOG_FUNCTION(this);
    if (m_protocol == UDP)
    {
        Ptr<Socket> socket = Socket::CreateSocket(GetNode(), UdpSocketFactory::GetTypeId());
        NS_ABORT_MSG_IF(socket->Bind(m_local) != 0, "IperfServer: cannot bind " << m_local);
        socket->SetRecvCallback(MakeCallback(&IperfServer::HandleRead, this));
        NS_ABORT_MSG_IF(!socket->TraceConnectWithoutContext(
                            "Drop",
                            MakeCallback(&IperfServer::ReceiveBufferDrop, this)),
                        "IperfServer: the UDP socket has no Drop trace");
        m_listener = socket;
        return;
    }
    m_listener = Socket::CreateSocket(GetNode(), TcpSocketFactory::GetTypeId());
    NS_ABORT_MSG_IF(m_listener->Bind(m_local) != 0, "IperfServer: cannot bind " << m_local);
    m_listener->Listen();
    m_listener->SetAcceptCallback(MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
                                  MakeCallback(&IperfServer::HandleAccept, this));
}

uint64_t
IperfServer::GetReceiveBufferDrops() const
{
    return m_receiveBufferDrops;
}

void
IperfServer::ReceiveBufferDrop(Ptr<const Packet> /* packet */)
{
    ++m_receiveBufferDrops;
}

void
IperfServer::StopApplication()
{
    NS_LOG_FUNCTION(this);
    for (auto& [socket, conn] : m_conns)
    {
        conn.nextReport.Cancel();
        socket->SetRecvCallback(MakeNullCallback<void, Ptr<Socket>>());
        socket->Close();
    }
    if (m_listener)
    {
        m_listener->SetRecvCallback(MakeNullCallback<void, Ptr<Socket>>());
        m_listener->Close();
    }
}

void
IperfServer::HandleAccept(Ptr<Socket> socket, const Address& from)
{
    NS_LOG_FUNCTION(this << socket << from);
    AddConnection(socket);
    socket->SetRecvCallback(MakeCallback(&IperfServer::HandleRead, this));
    socket->SetCloseCallbacks(MakeCallback(&IperfServer::HandleClose, this),
                              MakeCallback(&IperfServer::HandleClose, this));
}

void
IperfServer::AddConnection(Ptr<Socket> socket)
{
    Connection conn;
    conn.report.start = Simulator::Now();
    conn.intervalStart = Simulator::Now();
    conn.nextReport = Simulator::Schedule(m_interval, &IperfServer::ReportInterval, this, socket);
    conn.process = HostProcess::Create(GetNode());
    m_conns[socket] = conn;
    m_order.push_back(socket);
}

void
IperfServer::HandleRead(Ptr<Socket> socket)
{
    if (m_conns.find(socket) == m_conns.end())
    {
        AddConnection(socket); // UDP: the first datagram opens the test
    }
    Ptr<HostProcess> process = m_conns.at(socket).process;
    if (process)
    {
        process->Wake(MakeCallback(&IperfServer::ReadSocket, this).Bind(socket));
    }
    else
    {
        ReadSocket(socket);
    }
}

void
IperfServer::ReadSocket(Ptr<Socket> socket)
{
    Connection& conn = m_conns.at(socket);
    const auto index =
        static_cast<uint32_t>(std::find(m_order.begin(), m_order.end(), socket) - m_order.begin());
    while (Ptr<Packet> packet = socket->Recv())
    {
        if (packet->GetSize() == 0)
        {
            break;
        }
        conn.report.bytes += packet->GetSize();
        conn.intervalBytes += packet->GetSize();
        m_rxTrace(index, packet);
    }
}

void
IperfServer::HandleClose(Ptr<Socket> socket)
{
    NS_LOG_FUNCTION(this << socket);
    Connection& conn = m_conns.at(socket);
    if (conn.report.closed)
    {
        return;
    }
    ReadSocket(socket);
    conn.report.closed = true;
    conn.report.end = Simulator::Now();
    conn.nextReport.Cancel();
}

void
IperfServer::ReportInterval(Ptr<Socket> socket)
{
    Connection& conn = m_conns.at(socket);
    auto index = std::find(m_order.begin(), m_order.end(), socket) - m_order.begin();
    m_intervalTrace(static_cast<uint32_t>(index),
                    conn.intervalStart,
                    Simulator::Now(),
                    conn.intervalBytes);
    conn.intervalBytes = 0;
    conn.intervalStart = Simulator::Now();
    conn.nextReport = Simulator::Schedule(m_interval, &IperfServer::ReportInterval, this, socket);
}

} // namespace hybridnet
} // namespace ns3
