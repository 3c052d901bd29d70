/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "block-pipeline-receiver.h"

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
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetBlockPipelineReceiver");
NS_OBJECT_ENSURE_REGISTERED(BlockPipelineReceiver);

TypeId
BlockPipelineReceiver::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::BlockPipelineReceiver")
            .SetParent<Application>()
            .SetGroupName("Hybridnet")
            .AddConstructor<BlockPipelineReceiver>()
            .AddAttribute("Port",
                          "The first data port (connection i on Port + i).",
                          UintegerValue(5001),
                          MakeUintegerAccessor(&BlockPipelineReceiver::m_port),
                          MakeUintegerChecker<uint16_t>(1))
            .AddAttribute("Blocks",
                          "Blocks to receive. Range 1 to 10000000.",
                          UintegerValue(16),
                          MakeUintegerAccessor(&BlockPipelineReceiver::m_blocks),
                          MakeUintegerChecker<uint32_t>(1, 10000000))
            .AddAttribute("BlockSize",
                          "Bytes of each block. Range 1 B to 1 GiB.",
                          UintegerValue(1 << 20),
                          MakeUintegerAccessor(&BlockPipelineReceiver::m_blockSize),
                          MakeUintegerChecker<uint32_t>(1, 1U << 30))
            .AddAttribute("Streams",
                          "Data connections, as the sender's. Range 1 to 64.",
                          UintegerValue(1),
                          MakeUintegerAccessor(&BlockPipelineReceiver::m_streams),
                          MakeUintegerChecker<uint32_t>(1, 64))
            .AddAttribute("Sink",
                          "Where a block goes: Memory, Disk (the node's DiskArray) or Compute "
                          "(ComputeTime per block).",
                          EnumValue(BlockStage::MEMORY),
                          MakeEnumAccessor<BlockStage::Kind>(&BlockPipelineReceiver::m_sinkKind),
                          MakeEnumChecker(BlockStage::MEMORY,
                                          "Memory",
                                          BlockStage::DISK,
                                          "Disk",
                                          BlockStage::COMPUTE,
                                          "Compute"))
            .AddAttribute("ComputeTime",
                          "The application's work per block with Sink Compute. Range 0 s to "
                          "1 h.",
                          TimeValue(MilliSeconds(10)),
                          MakeTimeAccessor(&BlockPipelineReceiver::m_computeTime),
                          MakeTimeChecker(Seconds(0), Hours(1)))
            .AddAttribute("Overlap",
                          "Read the next block while the sink stage works on this one (two "
                          "buffers), (2); false: serial, (1).",
                          BooleanValue(false),
                          MakeBooleanAccessor(&BlockPipelineReceiver::m_overlap),
                          MakeBooleanChecker())
            .AddAttribute("Requests",
                          "Ask for each block on the sender's control connection (an "
                          "rfio-style read); false: the sender streams them.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&BlockPipelineReceiver::m_requests),
                          MakeBooleanChecker())
            .AddAttribute("ControlPort",
                          "The port the control connection comes to, with Requests.",
                          UintegerValue(5000),
                          MakeUintegerAccessor(&BlockPipelineReceiver::m_controlPort),
                          MakeUintegerChecker<uint16_t>(1))
            .AddAttribute("RequestSize",
                          "Bytes of one request. Range 1 to 65536.",
                          UintegerValue(64),
                          MakeUintegerAccessor(&BlockPipelineReceiver::m_requestSize),
                          MakeUintegerChecker<uint32_t>(1, 65536))
            .AddAttribute("RequestBatch",
                          "Requests written in one send() when the receiver asks (for as "
                          "many blocks). Range 1 to 1000000.",
                          UintegerValue(1),
                          MakeUintegerAccessor(&BlockPipelineReceiver::m_requestBatch),
                          MakeUintegerChecker<uint32_t>(1, 1000000))
            .AddAttribute("ControlNoDelay",
                          "TCP_NODELAY on the control connection (Nagle off).",
                          BooleanValue(false),
                          MakeBooleanAccessor(&BlockPipelineReceiver::m_controlNoDelay),
                          MakeBooleanChecker())
            .AddAttribute("Host",
                          "HOST of the logged events.",
                          StringValue("receiver"),
                          MakeStringAccessor(&BlockPipelineReceiver::m_host),
                          MakeStringChecker())
            .AddAttribute("Program",
                          "PROG of the logged events.",
                          StringValue("client"),
                          MakeStringAccessor(&BlockPipelineReceiver::m_program),
                          MakeStringChecker());
    return tid;
}

BlockPipelineReceiver::BlockPipelineReceiver() = default;
BlockPipelineReceiver::~BlockPipelineReceiver() = default;

void
BlockPipelineReceiver::DoDispose()
{
    m_control = nullptr;
    m_listeners.clear();
    m_data.clear();
    m_log = nullptr;
    m_done = Callback<void>();
    Application::DoDispose();
}

std::string
BlockPipelineReceiver::GetProgram() const
{
    return m_program;
}

void
BlockPipelineReceiver::SetLogger(Ptr<NetLogger> log)
{
    m_log = log;
}

void
BlockPipelineReceiver::SetDoneCallback(Callback<void> done)
{
    m_done = done;
}

void
BlockPipelineReceiver::StartApplication()
{
    m_data.assign(m_streams, nullptr);
    m_need = m_blockSize;
    for (uint32_t i = 0; i < m_streams; ++i)
    {
        Ptr<Socket> s = Socket::CreateSocket(GetNode(), TcpSocketFactory::GetTypeId());
        s->Bind(InetSocketAddress(Ipv4Address::GetAny(), uint16_t(m_port + i)));
        s->Listen();
        s->SetAcceptCallback(MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
                             MakeCallback(&BlockPipelineReceiver::Accept, this));
        m_listeners.push_back(s);
    }
    if (m_requests)
    {
        Ptr<Socket> s = Socket::CreateSocket(GetNode(), TcpSocketFactory::GetTypeId());
        s->Bind(InetSocketAddress(Ipv4Address::GetAny(), m_controlPort));
        s->Listen();
        s->SetAcceptCallback(MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
                             MakeCallback(&BlockPipelineReceiver::AcceptControl, this));
        m_listeners.push_back(s);
    }
}

void
BlockPipelineReceiver::AcceptControl(Ptr<Socket> socket, const Address&)
{
    m_control = socket;
    m_control->SetAttribute("TcpNoDelay", BooleanValue(m_controlNoDelay));
    MaybeRequest();
}

void
BlockPipelineReceiver::MaybeRequest()
{
    // the block the reader would take next: the one it reads, or (it may read) the next
    if (!m_control || m_requested == m_blocks || m_requested > m_current || !MayRead())
    {
        return;
    }
    const uint32_t n = std::min(m_requestBatch, m_blocks - m_requested);
    m_control->Send(Create<Packet>(n * m_requestSize));
    for (uint32_t k = m_requested; k < m_requested + n; ++k)
    {
        Log("request", k);
    }
    m_requested += n;
}

void
BlockPipelineReceiver::StopApplication()
{
    for (auto& s : m_listeners)
    {
        s->Close();
    }
    if (m_control)
    {
        m_control->Close();
    }
}

void
BlockPipelineReceiver::Accept(Ptr<Socket> socket, const Address&)
{
    Address local;
    socket->GetSockName(local);
    const uint32_t i = InetSocketAddress::ConvertFrom(local).GetPort() - m_port;
    m_data.at(i) = socket;
    socket->SetRecvCallback(MakeCallback(&BlockPipelineReceiver::DataArrived, this));
    DataArrived(socket);
}

void
BlockPipelineReceiver::DataArrived(Ptr<Socket> socket)
{
    if (m_current < m_blocks && socket == m_data[m_current % m_streams] && MayRead())
    {
        Read();
    }
}

bool
BlockPipelineReceiver::MayRead() const
{
    const size_t held = m_received.size() + (m_consuming ? 1 : 0);
    return held < (m_overlap ? 2U : 1U);
}

void
BlockPipelineReceiver::Read()
{
    while (m_current < m_blocks && MayRead())
    {
        Ptr<Socket> socket = m_data[m_current % m_streams];
        Ptr<Packet> p = socket ? socket->Recv(m_need, 0) : nullptr;
        if (!p || p->GetSize() == 0)
        {
            return; // read() sleeps until DataArrived
        }
        if (m_need == m_blockSize)
        {
            m_readStarted = Simulator::Now();
            Log("recv.start", m_current);
        }
        m_need -= p->GetSize();
        m_bytesRead += p->GetSize();
        if (m_need > 0)
        {
            continue;
        }
        m_receiveTime += Simulator::Now() - m_readStarted;
        Log("recv.end", m_current);
        m_received.push_back(m_current++);
        m_need = m_blockSize;
        MaybeConsume();
        MaybeRequest();
    }
}

void
BlockPipelineReceiver::MaybeConsume()
{
    if (m_consuming || m_received.empty())
    {
        return;
    }
    const uint32_t k = m_received.front();
    m_received.pop_front();
    m_consuming = true;
    m_stageStarted = Simulator::Now();
    Log("consume.start", k);
    BlockStage{m_sinkKind, m_computeTime}.Run(GetNode(),
                                              true,
                                              m_blockSize,
                                              Callback<void>([this, k]() { Consumed(k); }));
}

void
BlockPipelineReceiver::Consumed(uint32_t k)
{
    m_consuming = false;
    m_consumeTime += Simulator::Now() - m_stageStarted;
    Log("consume.end", k);
    if (++m_consumed == m_blocks)
    {
        m_end = Simulator::Now();
        if (!m_done.IsNull())
        {
            m_done();
        }
        return;
    }
    MaybeConsume();
    MaybeRequest();
    Read();
}

void
BlockPipelineReceiver::Log(const std::string& event, uint32_t k) const
{
    if (m_log)
    {
        m_log->Log(m_host, m_program, event, std::to_string(k));
    }
}

uint32_t
BlockPipelineReceiver::GetBlocksDone() const
{
    return m_consumed;
}

uint64_t
BlockPipelineReceiver::GetBytesRead() const
{
    return m_bytesRead;
}

Time
BlockPipelineReceiver::GetEndTime() const
{
    return m_end;
}

Time
BlockPipelineReceiver::GetReceiveTime() const
{
    return m_receiveTime;
}

Time
BlockPipelineReceiver::GetConsumeTime() const
{
    return m_consumeTime;
}

} // namespace hybridnet
} // namespace ns3
