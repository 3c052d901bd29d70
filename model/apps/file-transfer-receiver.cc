/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "file-transfer-receiver.h"

#include "hybridnet/page-cache.h"
#include "user-copy.h"

#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/tcp-socket-factory.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetFileTransferReceiver");
NS_OBJECT_ENSURE_REGISTERED(FileTransferReceiver);

TypeId
FileTransferReceiver::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::FileTransferReceiver")
            .SetParent<Application>()
            .SetGroupName("Hybridnet")
            .AddConstructor<FileTransferReceiver>()
            .AddAttribute("ControlPort",
                          "TCP port of the set-up messages (bbftpd listens on 5021).",
                          UintegerValue(5021),
                          MakeUintegerAccessor(&FileTransferReceiver::m_controlPort),
                          MakeUintegerChecker<uint16_t>(1))
            .AddAttribute("DataPort",
                          "TCP port of the data connections.",
                          UintegerValue(5020),
                          MakeUintegerAccessor(&FileTransferReceiver::m_dataPort),
                          MakeUintegerChecker<uint16_t>(1))
            .AddAttribute("FileSize",
                          "F, bytes of the file. Range: 1 B to 1 TiB.",
                          UintegerValue(1ULL << 30),
                          MakeUintegerAccessor(&FileTransferReceiver::m_fileSize),
                          MakeUintegerChecker<uint64_t>(1, 1ULL << 40))
            .AddAttribute("BlockSize",
                          "Bytes of one read() and write(), (1). Range: 1 KiB to 64 MiB.",
                          UintegerValue(256 * 1024),
                          MakeUintegerAccessor(&FileTransferReceiver::m_blockSize),
                          MakeUintegerChecker<uint32_t>(1024, 64 << 20));
    return tid;
}

FileTransferReceiver::FileTransferReceiver() = default;

FileTransferReceiver::~FileTransferReceiver() = default;

void
FileTransferReceiver::DoDispose()
{
    m_cache = nullptr;
    m_onDiskCallback = MakeNullCallback<void>();
    m_listeners.clear();
    m_data.clear();
    m_control.clear();
    Application::DoDispose();
}

void
FileTransferReceiver::SetOnDiskCallback(Callback<void> done)
{
    m_onDiskCallback = done;
}

uint64_t
FileTransferReceiver::GetBytesRead() const
{
    return m_read;
}

uint64_t
FileTransferReceiver::GetBytesWritten() const
{
    return m_written;
}

uint64_t
FileTransferReceiver::GetBytesOnDisk() const
{
    return m_cache ? m_cache->GetBytesOnDisk() : m_written;
}

Time
FileTransferReceiver::GetFirstByteTime() const
{
    return m_firstByte;
}

Time
FileTransferReceiver::GetWrittenTime() const
{
    return m_writtenTime;
}

Time
FileTransferReceiver::GetOnDiskTime() const
{
    return m_onDiskTime;
}

Time
FileTransferReceiver::GetBlockedTime() const
{
    return m_blocked;
}

void
FileTransferReceiver::StartApplication()
{
    m_cache = GetNode()->GetObject<PageCache>();
    Ptr<Socket> control = Listen(m_controlPort);
    control->SetAcceptCallback(MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
                               MakeCallback(&FileTransferReceiver::AcceptControl, this));
    Ptr<Socket> data = Listen(m_dataPort);
    data->SetAcceptCallback(MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
                            MakeCallback(&FileTransferReceiver::AcceptData, this));
}

void
FileTransferReceiver::StopApplication()
{
    for (auto& socket : m_listeners)
    {
        socket->Close();
    }
}

Ptr<Socket>
FileTransferReceiver::Listen(uint16_t port)
{
    Ptr<Socket> socket = Socket::CreateSocket(GetNode(), TcpSocketFactory::GetTypeId());
    NS_ABORT_MSG_IF(socket->Bind(InetSocketAddress(Ipv4Address::GetAny(), port)) != 0,
                    "FileTransferReceiver: cannot bind port " << port);
    socket->Listen();
    m_listeners.push_back(socket);
    return socket;
}

void
FileTransferReceiver::AcceptControl(Ptr<Socket> socket, const Address&)
{
    m_control.push_back(socket);
    m_controlBytes.push_back(0);
    socket->SetRecvCallback(MakeCallback(&FileTransferReceiver::Answer, this));
}

void
FileTransferReceiver::Answer(Ptr<Socket> socket)
{
    const auto i = std::find(m_control.begin(), m_control.end(), socket) - m_control.begin();
    while (Ptr<Packet> packet = socket->Recv())
    {
        m_controlBytes[i] += packet->GetSize();
    }
    for (; m_controlBytes[i] >= kMessage; m_controlBytes[i] -= kMessage)
    {
        socket->Send(Create<Packet>(kMessage));
    }
}

void
FileTransferReceiver::AcceptData(Ptr<Socket> socket, const Address&)
{
    m_data.push_back(socket);
    socket->SetRecvCallback(MakeCallback(&FileTransferReceiver::DataArrived, this));
}

void
FileTransferReceiver::DataArrived(Ptr<Socket>)
{
    if (!m_writing)
    {
        ReadNext();
    }
}

void
FileTransferReceiver::ReadNext()
{
    for (size_t tried = 0; tried < m_data.size() && m_read < m_fileSize; ++tried)
    {
        Ptr<Socket> socket = m_data[m_next];
        m_next = (m_next + 1) % m_data.size();
        const uint64_t want = std::min<uint64_t>(m_blockSize, m_fileSize - m_read);
        const uint32_t bytes = std::min<uint64_t>(want, socket->GetRxAvailable());
        if (bytes == 0)
        {
            continue;
        }
        Ptr<Packet> packet = socket->Recv(bytes, 0);
        if (m_read == 0)
        {
            m_firstByte = Simulator::Now();
        }
        m_read += packet->GetSize();
        m_writing = true;
        Simulator::Schedule(UserCopy::Start(GetNode(), packet->GetSize()),
                            &FileTransferReceiver::Write,
                            this,
                            packet->GetSize());
        return;
    }
}

void
FileTransferReceiver::Write(uint32_t bytes)
{
    if (!m_cache)
    {
        Written(bytes, Simulator::Now());
        return;
    }
    m_cache->Write(bytes,
                   MakeCallback(&FileTransferReceiver::Written, this, bytes, Simulator::Now()));
}

void
FileTransferReceiver::Written(uint32_t bytes, Time called)
{
    m_blocked += Simulator::Now() - called;
    m_written += bytes;
    m_writing = false;
    if (m_written < m_fileSize)
    {
        ReadNext();
        return;
    }
    m_writtenTime = Simulator::Now();
    if (!m_cache)
    {
        OnDisk();
        return;
    }
    m_cache->Flush(MakeCallback(&FileTransferReceiver::OnDisk, this));
}

void
FileTransferReceiver::OnDisk()
{
    m_onDiskTime = Simulator::Now();
    if (!m_onDiskCallback.IsNull())
    {
        m_onDiskCallback();
    }
}

} // namespace hybridnet
} // namespace ns3
