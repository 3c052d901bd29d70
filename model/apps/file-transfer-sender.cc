/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "file-transfer-sender.h"

#include "file-transfer-receiver.h"
#include "hybridnet/page-cache.h"
#include "user-copy.h"

#include "ns3/enum.h"
#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/object-factory.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/tcp-socket-factory.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetFileTransferSender");
NS_OBJECT_ENSURE_REGISTERED(FileTransferSender);

TypeId
FileTransferSender::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::FileTransferSender")
            .SetParent<Application>()
            .SetGroupName("Hybridnet")
            .AddConstructor<FileTransferSender>()
            .AddAttribute("Remote",
                          "The receiver's address.",
                          Ipv4AddressValue(Ipv4Address("127.0.0.1")),
                          MakeIpv4AddressAccessor(&FileTransferSender::m_remote),
                          MakeIpv4AddressChecker())
            .AddAttribute("ControlPort",
                          "The receiver's TCP port of the set-up messages.",
                          UintegerValue(5021),
                          MakeUintegerAccessor(&FileTransferSender::m_controlPort),
                          MakeUintegerChecker<uint16_t>(1))
            .AddAttribute("DataPort",
                          "The receiver's TCP port of the data connections.",
                          UintegerValue(5020),
                          MakeUintegerAccessor(&FileTransferSender::m_dataPort),
                          MakeUintegerChecker<uint16_t>(1))
            .AddAttribute("Streams",
                          "N, parallel data connections. Range: 1 to 64.",
                          UintegerValue(1),
                          MakeUintegerAccessor(&FileTransferSender::m_streams),
                          MakeUintegerChecker<uint32_t>(1, 64))
            .AddAttribute("FileSize",
                          "F, bytes of the file. Range: 1 B to 1 TiB.",
                          UintegerValue(1ULL << 30),
                          MakeUintegerAccessor(&FileTransferSender::m_fileSize),
                          MakeUintegerChecker<uint64_t>(1, 1ULL << 40))
            .AddAttribute("BlockSize",
                          "B, bytes of one read() and send(), (1)-(2). Range: 1 KiB to 64 MiB.",
                          UintegerValue(256 * 1024),
                          MakeUintegerAccessor(&FileTransferSender::m_blockSize),
                          MakeUintegerChecker<uint32_t>(1024, 64 << 20))
            .AddAttribute("Layout",
                          "Which bytes each stream sends: Parts (bbftp: one contiguous part "
                          "each, its own reader) or Blocks (bbcp: one reader, blocks to the "
                          "first stream ready).",
                          EnumValue(FileTransferSender::PARTS),
                          MakeEnumAccessor<Layout>(&FileTransferSender::m_layout),
                          MakeEnumChecker(FileTransferSender::PARTS,
                                          "Parts",
                                          FileTransferSender::BLOCKS,
                                          "Blocks"))
            .AddAttribute("SetupExchanges",
                          "Request/reply round trips on the control connection before the "
                          "data connections open; 0: no control connection. Range: 0 to 100.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&FileTransferSender::m_setupExchanges),
                          MakeUintegerChecker<uint32_t>(0, 100))
            .AddTraceSource("DataConnection",
                            "A data connection's socket was created (before it connects).",
                            MakeTraceSourceAccessor(&FileTransferSender::m_dataConnection),
                            "ns3::hybridnet::FileTransferSender::DataConnectionCallback");
    return tid;
}

FileTransferSender::FileTransferSender() = default;

FileTransferSender::~FileTransferSender() = default;

void
FileTransferSender::DoDispose()
{
    m_control = nullptr;
    m_stream.clear();
    Application::DoDispose();
}

Time
FileTransferSender::GetDataStart() const
{
    return m_dataStart;
}

uint64_t
FileTransferSender::GetBytesSent() const
{
    return m_sent;
}

std::vector<Ptr<Socket>>
FileTransferSender::GetSockets() const
{
    std::vector<Ptr<Socket>> sockets;
    for (const auto& s : m_stream)
    {
        sockets.push_back(s.socket);
    }
    return sockets;
}

void
FileTransferSender::StartApplication()
{
    if (m_setupExchanges == 0)
    {
        OpenStreams();
        return;
    }
    m_control = Socket::CreateSocket(GetNode(), TcpSocketFactory::GetTypeId());
    m_control->Bind();
    m_control->SetConnectCallback(
        [this](Ptr<Socket>) { NextExchange(); },
        [](Ptr<Socket>) { NS_ABORT_MSG("FileTransferSender: control connection refused"); });
    m_control->SetRecvCallback(MakeCallback(&FileTransferSender::Reply, this));
    m_control->Connect(InetSocketAddress(m_remote, m_controlPort));
}

void
FileTransferSender::StopApplication()
{
    for (uint32_t i = 0; i < m_stream.size(); ++i)
    {
        Close(i);
    }
}

void
FileTransferSender::NextExchange()
{
    if (m_exchanges == m_setupExchanges)
    {
        OpenStreams();
        return;
    }
    m_control->Send(Create<Packet>(FileTransferReceiver::kMessage));
}

void
FileTransferSender::Reply(Ptr<Socket> socket)
{
    while (Ptr<Packet> packet = socket->Recv())
    {
        m_replyBytes += packet->GetSize();
    }
    if (m_replyBytes >= FileTransferReceiver::kMessage && m_exchanges < m_setupExchanges)
    {
        m_replyBytes -= FileTransferReceiver::kMessage;
        ++m_exchanges;
        NextExchange();
    }
}

void
FileTransferSender::OpenStreams()
{
    m_dataStart = Simulator::Now();
    m_stream.resize(m_streams);
    for (uint32_t i = 0; i < m_streams; ++i)
    {
        Stream& s = m_stream[i];
        s.cache = OpenFile(i);
        s.next = m_fileSize * i / m_streams;
        s.end = m_fileSize * (i + 1) / m_streams;
        if (s.cache && m_layout == PARTS)
        {
            s.cache->SetReadPosition(s.next);
        }
        s.socket = Socket::CreateSocket(GetNode(), TcpSocketFactory::GetTypeId());
        s.socket->Bind();
        s.socket->SetConnectCallback(MakeCallback(&FileTransferSender::Connected, this, i),
                                     MakeNullCallback<void, Ptr<Socket>>());
        s.socket->SetSendCallback(MakeCallback(&FileTransferSender::Room, this, i));
        m_dataConnection(s.socket);
        s.socket->Connect(InetSocketAddress(m_remote, m_dataPort));
    }
}

Ptr<PageCache>
FileTransferSender::OpenFile(uint32_t i) const
{
    Ptr<PageCache> host = GetNode()->GetObject<PageCache>();
    if (!host || i == 0 || m_layout == BLOCKS)
    {
        return host;
    }
    ObjectFactory factory(PageCache::GetTypeId().GetName());
    const TypeId tid = PageCache::GetTypeId();
    for (uint32_t a = 0; a < tid.GetAttributeN(); ++a)
    {
        const auto info = tid.GetAttribute(a);
        Ptr<AttributeValue> value = info.checker->Create();
        host->GetAttribute(info.name, *value);
        factory.Set(info.name, *value);
    }
    Ptr<PageCache> file = factory.Create<PageCache>();
    file->SetDiskArray(host->GetDiskArray());
    return file;
}

void
FileTransferSender::Connected(uint32_t i, Ptr<Socket>)
{
    Pump(i);
}

void
FileTransferSender::Room(uint32_t i, Ptr<Socket>, uint32_t)
{
    Pump(i);
}

uint64_t
FileTransferSender::Remaining(uint32_t i) const
{
    return m_layout == PARTS ? m_stream[i].end - m_stream[i].next : m_fileSize - m_sharedNext;
}

void
FileTransferSender::Pump(uint32_t i)
{
    Stream& s = m_stream[i];
    if (s.closed)
    {
        return;
    }
    if (s.pending > 0)
    {
        const uint32_t bytes = std::min(s.pending, s.socket->GetTxAvailable());
        if (bytes > 0 && s.socket->Send(Create<Packet>(bytes)) >= 0)
        {
            s.pending -= bytes;
            m_sent += bytes;
        }
        if (s.pending > 0)
        {
            return; // (2) sleeps until Room
        }
    }
    if (s.reading)
    {
        return;
    }
    if (Remaining(i) > 0)
    {
        Read(i);
        return;
    }
    Close(i);
}

void
FileTransferSender::Close(uint32_t i)
{
    Stream& s = m_stream[i];
    if (!s.closed && s.socket)
    {
        s.closed = true;
        s.socket->Close();
    }
}

void
FileTransferSender::Read(uint32_t i)
{
    Stream& s = m_stream[i];
    s.reading = true;
    if (m_layout == BLOCKS)
    {
        m_waiting.push_back(i);
        if (!m_sharedBusy)
        {
            ReadShared();
        }
        return;
    }
    const auto bytes = static_cast<uint32_t>(std::min<uint64_t>(m_blockSize, s.end - s.next));
    s.next += bytes;
    if (s.cache)
    {
        s.cache->Read(bytes, MakeCallback(&FileTransferSender::BlockRead, this, i, bytes));
        return;
    }
    Simulator::ScheduleNow(&FileTransferSender::BlockRead, this, i, bytes);
}

void
FileTransferSender::ReadShared()
{
    while (!m_waiting.empty())
    {
        const uint32_t i = m_waiting.front();
        m_waiting.pop_front();
        if (m_sharedNext == m_fileSize)
        {
            m_stream[i].reading = false;
            Pump(i); // nothing left: it closes
            continue;
        }
        const auto bytes =
            static_cast<uint32_t>(std::min<uint64_t>(m_blockSize, m_fileSize - m_sharedNext));
        m_sharedNext += bytes;
        m_sharedBusy = true;
        if (m_stream[i].cache)
        {
            m_stream[i].cache->Read(bytes,
                                    MakeCallback(&FileTransferSender::BlockRead, this, i, bytes));
        }
        else
        {
            Simulator::ScheduleNow(&FileTransferSender::BlockRead, this, i, bytes);
        }
        return;
    }
}

void
FileTransferSender::BlockRead(uint32_t i, uint32_t bytes)
{
    Simulator::Schedule(UserCopy::Start(GetNode(), bytes),
                        &FileTransferSender::BlockCopied,
                        this,
                        i,
                        bytes);
}

void
FileTransferSender::BlockCopied(uint32_t i, uint32_t bytes)
{
    if (m_layout == BLOCKS)
    {
        m_sharedBusy = false;
        ReadShared();
    }
    Stream& s = m_stream[i];
    s.reading = false;
    s.pending = bytes;
    Pump(i);
}

} // namespace hybridnet
} // namespace ns3
