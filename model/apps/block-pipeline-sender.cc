/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "block-pipeline-sender.h"

#include "hybridnet/net-logger.h"

#include "ns3/boolean.h"
#include "ns3/enum.h"
#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/string.h"
#include "ns3/tcp-socket-factory.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetBlockPipelineSender");
NS_OBJECT_ENSURE_REGISTERED(BlockPipelineSender);

TypeId
BlockPipelineSender::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::BlockPipelineSender")
            .SetParent<Application>()
            .SetGroupName("Hybridnet")
            .AddConstructor<BlockPipelineSender>()
            .AddAttribute("Remote",
                          "The receiving host.",
                          Ipv4AddressValue(),
                          MakeIpv4AddressAccessor(&BlockPipelineSender::m_remote),
                          MakeIpv4AddressChecker())
            .AddAttribute("Port",
                          "The receiver's first data port (connection i goes to Port + i).",
                          UintegerValue(5001),
                          MakeUintegerAccessor(&BlockPipelineSender::m_port),
                          MakeUintegerChecker<uint16_t>(1))
            .AddAttribute("Blocks",
                          "Blocks to send. Range 1 to 10000000.",
                          UintegerValue(16),
                          MakeUintegerAccessor(&BlockPipelineSender::m_blocks),
                          MakeUintegerChecker<uint32_t>(1, 10000000))
            .AddAttribute("BlockSize",
                          "Bytes of each block: one read() and one send(). Range 1 B to 1 GiB.",
                          UintegerValue(1 << 20),
                          MakeUintegerAccessor(&BlockPipelineSender::m_blockSize),
                          MakeUintegerChecker<uint32_t>(1, 1U << 30))
            .AddAttribute("Streams",
                          "Data connections; block k goes on connection k mod Streams. Range "
                          "1 to 64.",
                          UintegerValue(1),
                          MakeUintegerAccessor(&BlockPipelineSender::m_streams),
                          MakeUintegerChecker<uint32_t>(1, 64))
            .AddAttribute("Source",
                          "Where a block comes from: Memory, Disk (the node's DiskArray) or "
                          "Compute (ComputeTime per block).",
                          EnumValue(BlockStage::MEMORY),
                          MakeEnumAccessor<BlockStage::Kind>(&BlockPipelineSender::m_sourceKind),
                          MakeEnumChecker(BlockStage::MEMORY,
                                          "Memory",
                                          BlockStage::DISK,
                                          "Disk",
                                          BlockStage::COMPUTE,
                                          "Compute"))
            .AddAttribute("ComputeTime",
                          "The application's work per block with Source Compute. Range 0 s "
                          "to 1 h.",
                          TimeValue(MilliSeconds(10)),
                          MakeTimeAccessor(&BlockPipelineSender::m_computeTime),
                          MakeTimeChecker(Seconds(0), Hours(1)))
            .AddAttribute("Pause",
                          "Pause after each send before the next (the server OS's). Range 0 s "
                          "to 1 h.",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&BlockPipelineSender::m_pause),
                          MakeTimeChecker(Seconds(0), Hours(1)))
            .AddAttribute("Overlap",
                          "Produce the next block while sending this one (asynchronous I/O, "
                          "two buffers), (2); false: serial, (1).",
                          BooleanValue(false),
                          MakeBooleanAccessor(&BlockPipelineSender::m_overlap),
                          MakeBooleanChecker())
            .AddAttribute("NoDelay",
                          "TCP_NODELAY on the data connections (Nagle off).",
                          BooleanValue(false),
                          MakeBooleanAccessor(&BlockPipelineSender::m_noDelay),
                          MakeBooleanChecker())
            .AddAttribute("Requests",
                          "Send a block only when the receiver has asked for it on the "
                          "control connection (an rfio-style read); false: stream them all.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&BlockPipelineSender::m_requests),
                          MakeBooleanChecker())
            .AddAttribute("ControlPort",
                          "The receiver's control port, with Requests.",
                          UintegerValue(5000),
                          MakeUintegerAccessor(&BlockPipelineSender::m_controlPort),
                          MakeUintegerChecker<uint16_t>(1))
            .AddAttribute("RequestSize",
                          "Bytes of one request, as the receiver's. Range 1 to 65536.",
                          UintegerValue(64),
                          MakeUintegerAccessor(&BlockPipelineSender::m_requestSize),
                          MakeUintegerChecker<uint32_t>(1, 65536))
            .AddAttribute("Host",
                          "HOST of the logged events.",
                          StringValue("sender"),
                          MakeStringAccessor(&BlockPipelineSender::m_host),
                          MakeStringChecker())
            .AddAttribute("Program",
                          "PROG of the logged events.",
                          StringValue("server"),
                          MakeStringAccessor(&BlockPipelineSender::m_program),
                          MakeStringChecker())
            .AddTraceSource("DataConnection",
                            "A data connection, created and about to connect.",
                            MakeTraceSourceAccessor(&BlockPipelineSender::m_dataConnection),
                            "ns3::hybridnet::BlockPipelineSender::DataConnectionCallback");
    return tid;
}

BlockPipelineSender::BlockPipelineSender() = default;
BlockPipelineSender::~BlockPipelineSender() = default;

void
BlockPipelineSender::DoDispose()
{
    m_resume.Cancel();
    m_sockets.clear();
    m_log = nullptr;
    Application::DoDispose();
}

std::string
BlockPipelineSender::GetProgram() const
{
    return m_program;
}

void
BlockPipelineSender::SetLogger(Ptr<NetLogger> log)
{
    m_log = log;
}

void
BlockPipelineSender::StartApplication()
{
    for (uint32_t i = 0; i < m_streams; ++i)
    {
        Ptr<Socket> s = Socket::CreateSocket(GetNode(), TcpSocketFactory::GetTypeId());
        s->SetAttribute("TcpNoDelay", BooleanValue(m_noDelay));
        s->Bind();
        s->SetConnectCallback(MakeCallback(&BlockPipelineSender::Connected, this),
                              MakeNullCallback<void, Ptr<Socket>>());
        s->SetSendCallback(MakeCallback(&BlockPipelineSender::Room, this));
        m_dataConnection(s);
        s->Connect(InetSocketAddress(m_remote, uint16_t(m_port + i)));
        m_sockets.push_back(s);
    }
    if (m_requests)
    {
        m_control = Socket::CreateSocket(GetNode(), TcpSocketFactory::GetTypeId());
        m_control->Bind();
        m_control->SetRecvCallback(MakeCallback(&BlockPipelineSender::RequestsArrived, this));
        m_control->Connect(InetSocketAddress(m_remote, m_controlPort));
    }
}

void
BlockPipelineSender::RequestsArrived(Ptr<Socket> socket)
{
    while (Ptr<Packet> p = socket->Recv())
    {
        if (p->GetSize() == 0)
        {
            break;
        }
        m_requestBytes += p->GetSize();
    }
    MaybeProduce();
}

void
BlockPipelineSender::StopApplication()
{
    m_resume.Cancel();
    for (auto& s : m_sockets)
    {
        s->Close();
    }
    if (m_control)
    {
        m_control->Close();
    }
}

void
BlockPipelineSender::Connected(Ptr<Socket>)
{
    if (++m_connected == m_streams)
    {
        m_start = Simulator::Now();
        MaybeProduce();
    }
}

void
BlockPipelineSender::MaybeProduce()
{
    if (m_producing || m_produced == m_blocks || m_connected < m_streams ||
        (m_requests && m_produced >= m_requestBytes / m_requestSize))
    {
        return; // busy, done, not connected, or (Requests) block m_produced not asked for
    }
    const bool free = m_overlap ? m_ready.size() + (m_sending ? 1 : 0) < 2
                                : !m_sending && !m_pausing && m_ready.empty();
    if (!free)
    {
        return;
    }
    const uint32_t k = m_produced++;
    m_producing = true;
    m_stageStarted = Simulator::Now();
    Log("produce.start", k);
    BlockStage{m_sourceKind, m_computeTime}.Run(GetNode(),
                                                false,
                                                m_blockSize,
                                                Callback<void>([this, k]() { Produced(k); }));
}

void
BlockPipelineSender::Produced(uint32_t k)
{
    m_producing = false;
    m_produceTime += Simulator::Now() - m_stageStarted;
    Log("produce.end", k);
    m_ready.push_back(k);
    MaybeSend();
    MaybeProduce();
}

void
BlockPipelineSender::MaybeSend()
{
    if (m_sending || m_pausing || m_ready.empty())
    {
        return;
    }
    m_current = m_ready.front();
    m_ready.pop_front();
    m_sending = true;
    m_remaining = m_blockSize;
    m_sendStarted = Simulator::Now();
    Log("send.start", m_current);
    Push();
}

void
BlockPipelineSender::Push()
{
    Ptr<Socket> socket = m_sockets[m_current % m_streams];
    while (m_remaining > 0)
    {
        const uint32_t n = std::min(m_remaining, socket->GetTxAvailable());
        if (n == 0 || socket->Send(Create<Packet>(n)) < 0)
        {
            return; // send() sleeps until Room
        }
        m_remaining -= n;
    }
    m_sending = false;
    m_sendTime += Simulator::Now() - m_sendStarted;
    Log("send.end", m_current);
    if (++m_sent == m_blocks)
    {
        m_end = Simulator::Now();
        return;
    }
    if (m_pause.IsStrictlyPositive())
    {
        m_pausing = true;
        m_resume = Simulator::Schedule(m_pause, &BlockPipelineSender::Resume, this);
        MaybeProduce(); // overlapped: the sent block's buffer is free
        return;
    }
    // the next send() and read() come after this send() returns, not inside it
    m_resume = Simulator::ScheduleNow(&BlockPipelineSender::Resume, this);
}

void
BlockPipelineSender::Room(Ptr<Socket> socket, uint32_t)
{
    if (m_sending && socket == m_sockets[m_current % m_streams])
    {
        Push();
    }
}

void
BlockPipelineSender::Resume()
{
    m_pausing = false;
    MaybeSend();
    MaybeProduce();
}

void
BlockPipelineSender::Log(const std::string& event, uint32_t k) const
{
    if (m_log)
    {
        m_log->Log(m_host, m_program, event, std::to_string(k));
    }
}

uint32_t
BlockPipelineSender::GetBlocksSent() const
{
    return m_sent;
}

Time
BlockPipelineSender::GetStartTime() const
{
    return m_start;
}

Time
BlockPipelineSender::GetEndTime() const
{
    return m_end;
}

Time
BlockPipelineSender::GetProduceTime() const
{
    return m_produceTime;
}

Time
BlockPipelineSender::GetSendTime() const
{
    return m_sendTime;
}

} // namespace hybridnet
} // namespace ns3
