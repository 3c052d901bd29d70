/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "infiniband-hca.h"

#include "hybridnet/host-bus.h"
#include "hybridnet/host-cpu.h"
#include "infiniband-bth-header.h"
#include "infiniband-completion-queue.h"
#include "infiniband-net-device.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetInfinibandHca");
NS_OBJECT_ENSURE_REGISTERED(InfinibandHca);

TypeId
InfinibandHca::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::InfinibandHca")
            .SetParent<Object>()
            .SetGroupName("Hybridnet")
            .AddConstructor<InfinibandHca>()
            .AddAttribute("DoorbellSize",
                          "D of equation (1): bytes of the host's doorbell write. Default 4 "
                          "(libmlx4: one 32-bit write of the QP number to the UAR send "
                          "doorbell). Range 4-64.",
                          UintegerValue(4),
                          MakeUintegerAccessor(&InfinibandHca::m_doorbellSize),
                          MakeUintegerChecker<uint32_t>(4, 64))
            .AddAttribute("WqeSize",
                          "W of equation (2): bytes of a send WQE fetched by DMA. Default 64 "
                          "(one 64-byte basic block: control, remote address and one data "
                          "segment of 16 B each, libmlx4's send WQE layout). Range 64-1024.",
                          UintegerValue(64),
                          MakeUintegerAccessor(&InfinibandHca::m_wqeSize),
                          MakeUintegerChecker<uint32_t>(64, 1024))
            .AddAttribute("CqeSize",
                          "C of equation (5): bytes of a CQE written by DMA. Default 32 "
                          "(mlx4's CQE). Range 32-128.",
                          UintegerValue(32),
                          MakeUintegerAccessor(&InfinibandHca::m_cqeSize),
                          MakeUintegerChecker<uint32_t>(32, 128))
            .AddAttribute("PacketProcessingTime",
                          "P of equations (3)-(7): time the adapter's send engine spends per "
                          "packet before its payload DMA, and its receive engine per packet "
                          "received; 1 / P bounds the packet rate each way. Assumption: 50 ns "
                          "(not from a datasheet). Range 0 to 10 us.",
                          TimeValue(NanoSeconds(50)),
                          MakeTimeAccessor(&InfinibandHca::m_processing),
                          MakeTimeChecker(Time(0), MicroSeconds(10)))
            .AddAttribute("TxBufferPackets",
                          "B of equation (3): packets at most between the send engine's start "
                          "and their transmission on the link (the adapter's transmit "
                          "buffer). Assumption: 4. Range 1-64 (the port's MaxQueuedPackets "
                          "must not be smaller).",
                          UintegerValue(4),
                          MakeUintegerAccessor(&InfinibandHca::m_txBuffer),
                          MakeUintegerChecker<uint32_t>(1, 64))
            .AddAttribute("ReceiveErrorModel",
                          "Optional ns3::ErrorModel applied to every packet a port hands to "
                          "the adapter (before its receive engine); a packet it corrupts is "
                          "dropped (trace Drop). For tests of retransmission.",
                          PointerValue(),
                          MakePointerAccessor(&InfinibandHca::m_errorModel),
                          MakePointerChecker<ErrorModel>())
            .AddTraceSource("Drop",
                            "A received packet was dropped (error model, or unknown QP).",
                            MakeTraceSourceAccessor(&InfinibandHca::m_dropTrace),
                            "ns3::hybridnet::InfinibandHca::DropCallback");
    return tid;
}

InfinibandHca::InfinibandHca() = default;
InfinibandHca::~InfinibandHca() = default;

void
InfinibandHca::DoDispose()
{
    for (auto& [qpn, qp] : m_qps)
    {
        qp->Dispose();
    }
    m_qps.clear();
    m_ready.clear();
    m_ports = {};
    m_errorModel = nullptr;
    Object::DoDispose();
}

void
InfinibandHca::SetPort(uint8_t port, Ptr<InfinibandNetDevice> device)
{
    NS_ABORT_MSG_IF(port < 1 || port > 2, "InfinibandHca: port " << +port << " is not 1 or 2");
    m_ports[port - 1] = device;
    device->SetReceiveCallback(MakeCallback(&InfinibandHca::PortReceive, this));
    device->TraceConnectWithoutContext("Tx", MakeCallback(&InfinibandHca::TxStarted, this));
}

Ptr<InfinibandNetDevice>
InfinibandHca::GetPort(uint8_t port) const
{
    return port >= 1 && port <= 2 ? m_ports[port - 1] : nullptr;
}

Ptr<InfinibandCompletionQueue>
InfinibandHca::CreateCompletionQueue()
{
    Ptr<InfinibandCompletionQueue> cq = CreateObject<InfinibandCompletionQueue>();
    cq->SetHostCpu(GetHostCpu());
    return cq;
}

Ptr<InfinibandQueuePair>
InfinibandHca::CreateQueuePair(Ptr<InfinibandCompletionQueue> sendCq,
                               Ptr<InfinibandCompletionQueue> recvCq,
                               uint8_t port)
{
    NS_ABORT_MSG_IF(!GetPort(port), "InfinibandHca: port " << +port << " has no InfiniBand device");
    NS_ABORT_MSG_IF(!sendCq || !recvCq, "InfinibandHca: a QP needs a send and a receive CQ");
    Ptr<InfinibandQueuePair> qp = CreateObject<InfinibandQueuePair>();
    const uint32_t qpn = m_nextQpn++;
    qp->Setup(this, qpn, port, sendCq, recvCq);
    m_qps[qpn] = qp;
    return qp;
}

uint32_t
InfinibandHca::RegisterMemoryRegion(uint64_t length)
{
    const uint32_t key = m_nextKey++;
    m_regions[key] = length;
    return key;
}

bool
InfinibandHca::CheckAccess(uint32_t key, uint64_t offset, uint64_t length) const
{
    auto it = m_regions.find(key);
    return it != m_regions.end() && offset <= it->second && length <= it->second - offset;
}

Ptr<HostBus>
InfinibandHca::GetHostBus() const
{
    Ptr<HostBus> bus = GetObject<HostBus>();
    NS_ABORT_MSG_IF(!bus, "InfinibandHca: aggregate it to a node that has a HostBus");
    return bus;
}

Ptr<HostCpu>
InfinibandHca::GetHostCpu() const
{
    Ptr<HostCpu> cpu = GetObject<HostCpu>();
    NS_ABORT_MSG_IF(!cpu, "InfinibandHca: aggregate it to a node that has a HostCpu");
    return cpu;
}

Time
InfinibandHca::GetPacketProcessingTime() const
{
    return m_processing;
}

void
InfinibandHca::RingDoorbell(Ptr<InfinibandQueuePair> qp)
{
    Ptr<HostBus> bus = GetHostBus();
    const uint32_t wqe = m_wqeSize;
    bus->Transfer(HostBus::FROM_MEMORY, m_doorbellSize, Callback<void>([bus, wqe, qp]() {
                      bus->Transfer(HostBus::FROM_MEMORY,
                                    wqe,
                                    MakeCallback(&InfinibandQueuePair::WqeFetched, qp));
                  }));
}

void
InfinibandHca::NotifyReady(Ptr<InfinibandQueuePair> qp)
{
    if (m_readySet.insert(qp->GetQpNum()).second)
    {
        m_ready.push_back(qp);
    }
    StartEngine();
}

void
InfinibandHca::StartEngine()
{
    while (!m_engineBusy && m_inEngine + m_portQueued < m_txBuffer && !m_ready.empty())
    {
        Ptr<InfinibandQueuePair> qp = m_ready.front();
        m_ready.pop_front();
        m_readySet.erase(qp->GetQpNum());
        if (!qp->HasPacket())
        {
            continue;
        }
        InfinibandQueuePair::Outgoing out = qp->NextPacket();
        if (qp->HasPacket())
        {
            m_readySet.insert(qp->GetQpNum());
            m_ready.push_back(qp);
        }
        m_engineBusy = true;
        ++m_inEngine;
        Simulator::Schedule(m_processing, &InfinibandHca::EngineDone, this, qp, out);
    }
}

void
InfinibandHca::EngineDone(Ptr<InfinibandQueuePair> qp, InfinibandQueuePair::Outgoing out)
{
    m_engineBusy = false;
    Callback<void> send([this, qp, out]() {
        --m_inEngine;
        qp->Transmit(out);
        StartEngine();
    });
    if (out.payload > 0)
    {
        GetHostBus()->Transfer(HostBus::FROM_MEMORY, out.payload, send);
    }
    else
    {
        send();
    }
    StartEngine();
}

bool
InfinibandHca::Send(uint8_t port, Ptr<Packet> packet, Mac16Address dlid, uint8_t sl)
{
    if (!GetPort(port)->SendTo(packet, dlid, sl))
    {
        NS_LOG_WARN("port " << +port << " refused a packet (its queue is full)");
        return false;
    }
    ++m_portQueued;
    return true;
}

void
InfinibandHca::TxStarted(Ptr<const Packet> /* packet */, uint8_t /* vl */)
{
    if (m_portQueued > 0)
    {
        --m_portQueued;
    }
    StartEngine();
}

void
InfinibandHca::WritePayload(uint64_t bytes)
{
    if (bytes > 0)
    {
        GetHostBus()->Transfer(HostBus::TO_MEMORY, uint32_t(bytes), Callback<void>());
    }
}

void
InfinibandHca::WriteCqe(Ptr<InfinibandCompletionQueue> cq, const InfinibandWorkCompletion& wc)
{
    GetHostBus()->Transfer(HostBus::TO_MEMORY, m_cqeSize, Callback<void>([cq, wc]() {
                               cq->Write(wc);
                           }));
}

bool
InfinibandHca::PortReceive(Ptr<NetDevice> /* device */,
                           Ptr<const Packet> packet,
                           uint16_t /* protocol */,
                           const Address& /* from */)
{
    Ptr<Packet> p = packet->Copy();
    if (m_errorModel && m_errorModel->IsCorrupt(p))
    {
        m_dropTrace(p);
        return true;
    }
    // receive engine: FIFO, P per packet
    const Time start = std::max(Simulator::Now(), m_rxFree);
    m_rxFree = start + m_processing;
    Simulator::Schedule(m_rxFree - Simulator::Now(), &InfinibandHca::Dispatch, this, p);
    return true;
}

void
InfinibandHca::Dispatch(Ptr<Packet> packet)
{
    InfinibandBthHeader bth;
    packet->PeekHeader(bth);
    auto it = m_qps.find(bth.GetDestQp());
    if (it == m_qps.end())
    {
        m_dropTrace(packet);
        return;
    }
    it->second->Receive(packet);
}

} // namespace hybridnet
} // namespace ns3
