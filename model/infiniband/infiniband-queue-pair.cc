/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "infiniband-queue-pair.h"

#include "infiniband-aeth-header.h"
#include "infiniband-bth-header.h"
#include "infiniband-completion-queue.h"
#include "infiniband-hca.h"
#include "infiniband-net-device.h"
#include "infiniband-requester.h"
#include "infiniband-responder.h"
#include "infiniband-reth-header.h"
#include "infiniband-ud-transport.h"

#include "ns3/abort.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetInfinibandQueuePair");
NS_OBJECT_ENSURE_REGISTERED(InfinibandQueuePair);

namespace
{
constexpr uint64_t kMaxMessage = uint64_t(1) << 31; //!< DMA Length, 9.7.1
} // namespace

TypeId
InfinibandQueuePair::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::InfinibandQueuePair")
            .SetParent<Object>()
            .SetGroupName("Hybridnet")
            .AddConstructor<InfinibandQueuePair>()
            .AddAttribute("Mtu",
                          "Path MTU M of equation (1), bytes of payload per packet: 256, 512, "
                          "1024, 2048 or 4096 only (IBA 9.4; anything else is refused by the "
                          "checker); at most the port's Mtu (ModifyToRtr fails otherwise). "
                          "Default 2048 (assumption: OpenSM's default, as the port's).",
                          EnumValue(InfinibandNetDevice::MTU_2048),
                          MakeEnumAccessor<InfinibandNetDevice::Mtu>(&InfinibandQueuePair::m_mtu),
                          MakeEnumChecker(InfinibandNetDevice::MTU_256,
                                          "256",
                                          InfinibandNetDevice::MTU_512,
                                          "512",
                                          InfinibandNetDevice::MTU_1024,
                                          "1024",
                                          InfinibandNetDevice::MTU_2048,
                                          "2048",
                                          InfinibandNetDevice::MTU_4096,
                                          "4096"))
            .AddAttribute("Timeout",
                          "t of equation (4): Local ACK Timeout 4.096 us x 2^t; 0 = none. "
                          "Range 0-31. Default 14 (67 ms), the value OFED's perftest sets.",
                          UintegerValue(14),
                          MakeUintegerAccessor(&InfinibandQueuePair::m_timeout),
                          MakeUintegerChecker<uint8_t>(0, 31))
            .AddAttribute("RetryCount",
                          "Retransmissions after Local ACK Timeouts, equation (4), before "
                          "RETRY_EXC_ERR; read at ModifyToRts, as ibv_modify_qp sets it with "
                          "the RTS transition. Range 0-7 (IBA 3-bit field). Default 7.",
                          UintegerValue(7),
                          MakeUintegerAccessor(&InfinibandQueuePair::m_retryCount),
                          MakeUintegerChecker<uint8_t>(0, 7))
            .AddAttribute("RnrRetry",
                          "Retransmissions after RNR NAKs, equation (5), before "
                          "RNR_RETRY_EXC_ERR; 7 = without limit; read at ModifyToRts. Range "
                          "0-7. Default 7.",
                          UintegerValue(7),
                          MakeUintegerAccessor(&InfinibandQueuePair::m_rnrRetry),
                          MakeUintegerChecker<uint8_t>(0, 7))
            .AddAttribute("MinRnrTimer",
                          "RNR NAK timer code this QP's responder sends, IBA Table 45 "
                          "(1 = 0.01 ms ... 31 = 491.52 ms, 0 = 655.36 ms). Range 0-31. "
                          "Default 12 (0.64 ms), the value OFED's perftest sets.",
                          UintegerValue(12),
                          MakeUintegerAccessor(&InfinibandQueuePair::m_minRnrTimer),
                          MakeUintegerChecker<uint8_t>(0, 31))
            .AddAttribute("AckCoalescing",
                          "N of equation (3): the responder ACKs at the latest after N "
                          "packets (and after the last packet of every message). Range "
                          "1-1024. Default 16: assumption (the IBA only requires an ACK "
                          "eventually; ConnectX's policy is not published).",
                          UintegerValue(16),
                          MakeUintegerAccessor(&InfinibandQueuePair::m_ackCoalescing),
                          MakeUintegerChecker<uint32_t>(1, 1024))
            .AddAttribute("MaxSendWr",
                          "Send queue depth (ibv_qp_cap max_send_wr), WQEs. Range 1-16384. "
                          "Default 1024.",
                          UintegerValue(1024),
                          MakeUintegerAccessor(&InfinibandQueuePair::m_maxSendWr),
                          MakeUintegerChecker<uint32_t>(1, 16384))
            .AddAttribute("MaxRecvWr",
                          "Receive queue depth (max_recv_wr), WQEs. Range 1-16384. Default "
                          "1024.",
                          UintegerValue(1024),
                          MakeUintegerAccessor(&InfinibandQueuePair::m_maxRecvWr),
                          MakeUintegerChecker<uint32_t>(1, 16384))
            .AddAttribute("ServiceLevel",
                          "SL of the QP's path (address vector). Range 0-15.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&InfinibandQueuePair::m_serviceLevel),
                          MakeUintegerChecker<uint8_t>(0, 15))
            .AddAttribute(
                "ServiceType",
                "Transport service, read at ModifyToInit: RC (reliable connected, "
                "the default) or UD (unreliable datagram, InfinibandUdTransport).",
                EnumValue(InfinibandQueuePair::RC),
                MakeEnumAccessor<ServiceType>(&InfinibandQueuePair::m_serviceType),
                MakeEnumChecker(InfinibandQueuePair::RC, "RC", InfinibandQueuePair::UD, "UD"))
            .AddTraceSource("UdDrop",
                            "UD: a datagram dropped because no receive WQE was posted.",
                            MakeTraceSourceAccessor(&InfinibandQueuePair::m_udDropTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("PacketTx",
                            "A packet handed to the port: (opcode, PSN, payload, "
                            "retransmission).",
                            MakeTraceSourceAccessor(&InfinibandQueuePair::m_packetTxTrace),
                            "ns3::hybridnet::InfinibandQueuePair::PacketTxCallback")
            .AddTraceSource("Nak",
                            "The requester received a NAK or RNR NAK: (PSN, syndrome).",
                            MakeTraceSourceAccessor(&InfinibandQueuePair::m_nakTrace),
                            "ns3::hybridnet::InfinibandQueuePair::NakCallback")
            .AddTraceSource("Timeout",
                            "The Local ACK Timeout expired: (oldest unacknowledged PSN, 0).",
                            MakeTraceSourceAccessor(&InfinibandQueuePair::m_timeoutTrace),
                            "ns3::hybridnet::InfinibandQueuePair::NakCallback");
    return tid;
}

InfinibandQueuePair::InfinibandQueuePair()
    : m_requester(std::make_unique<InfinibandRequester>(*this)),
      m_responder(std::make_unique<InfinibandResponder>(*this)),
      m_ud(std::make_unique<InfinibandUdTransport>(*this))
{
}

InfinibandQueuePair::~InfinibandQueuePair() = default;

void
InfinibandQueuePair::DoDispose()
{
    m_requester->CancelTimers();
    m_hca = nullptr;
    m_sendCq = nullptr;
    m_recvCq = nullptr;
    m_receiveData = ReceiveDataCallback();
    Object::DoDispose();
}

void
InfinibandQueuePair::Setup(Ptr<InfinibandHca> hca,
                           uint32_t qpn,
                           uint8_t port,
                           Ptr<InfinibandCompletionQueue> sendCq,
                           Ptr<InfinibandCompletionQueue> recvCq)
{
    m_hca = hca;
    m_qpn = qpn;
    m_port = port;
    m_sendCq = sendCq;
    m_recvCq = recvCq;
}

uint32_t
InfinibandQueuePair::GetQpNum() const
{
    return m_qpn;
}

uint8_t
InfinibandQueuePair::GetPort() const
{
    return m_port;
}

Mac16Address
InfinibandQueuePair::GetLid() const
{
    return Mac16Address::ConvertFrom(m_hca->GetPort(m_port)->GetAddress());
}

InfinibandQueuePair::State
InfinibandQueuePair::GetState() const
{
    return m_state;
}

uint32_t
InfinibandQueuePair::GetMtu() const
{
    return m_mtu;
}

Time
InfinibandQueuePair::GetLocalAckTimeout() const
{
    return m_timeout == 0 ? Time(0) : NanoSeconds(4096) * int64_t(uint64_t(1) << m_timeout);
}

Time
InfinibandQueuePair::RnrTimerValue(uint8_t code)
{
    // IBA Table 45, in units of 10 us (code 0 = 655.36 ms).
    static const uint32_t k10us[32] = {65536, 1,    2,    3,     4,     6,     8,     12,
                                       16,    24,   32,   48,    64,    96,    128,   192,
                                       256,   384,  512,  768,   1024,  1536,  2048,  3072,
                                       4096,  6144, 8192, 12288, 16384, 24576, 32768, 49152};
    return MicroSeconds(10) * int64_t(k10us[code & 0x1F]);
}

bool
InfinibandQueuePair::ModifyToInit()
{
    if (m_state != RESET)
    {
        return false;
    }
    m_state = INIT;
    return true;
}

bool
InfinibandQueuePair::ModifyToRtr(Mac16Address dlid, uint32_t destQpn, uint32_t receivePsn)
{
    if (m_state != INIT || m_mtu > m_hca->GetPort(m_port)->GetMtu())
    {
        return false;
    }
    m_dlid = dlid;
    m_destQpn = destQpn & PSN_MASK;
    m_responder->Start(receivePsn);
    m_state = RTR;
    return true;
}

bool
InfinibandQueuePair::ModifyToRts(uint32_t sendPsn)
{
    if (m_state != RTR)
    {
        return false;
    }
    m_requester->Start(sendPsn);
    m_state = RTS;
    return true;
}

void
InfinibandQueuePair::ModifyToError()
{
    if (m_state == ERROR)
    {
        return;
    }
    m_state = ERROR;
    if (m_serviceType == UD)
    {
        m_ud->Flush();
        return;
    }
    m_requester->Flush();
    m_responder->Flush();
}

InfinibandPostStatus
InfinibandQueuePair::PostSend(const InfinibandSendWorkRequest& wr)
{
    if (m_state != RTS)
    {
        return InfinibandPostStatus::INVALID_STATE;
    }
    if (wr.length > kMaxMessage)
    {
        return InfinibandPostStatus::INVALID_LENGTH;
    }
    if (m_serviceType == UD)
    {
        return m_ud->Post(wr, nullptr);
    }
    return m_requester->Post(wr);
}

InfinibandPostStatus
InfinibandQueuePair::PostSend(const InfinibandSendWorkRequest& wr, Ptr<const Packet> data)
{
    if (m_state != RTS || m_serviceType != UD)
    {
        return InfinibandPostStatus::INVALID_STATE;
    }
    return m_ud->Post(wr, data);
}

void
InfinibandQueuePair::SetReceiveDataCallback(ReceiveDataCallback cb)
{
    m_receiveData = cb;
}

InfinibandQueuePair::ServiceType
InfinibandQueuePair::GetServiceType() const
{
    return m_serviceType;
}

InfinibandPostStatus
InfinibandQueuePair::PostReceive(const InfinibandReceiveWorkRequest& wr)
{
    if (m_state == RESET || m_state == ERROR)
    {
        return InfinibandPostStatus::INVALID_STATE;
    }
    if (wr.length > kMaxMessage)
    {
        return InfinibandPostStatus::INVALID_LENGTH;
    }
    if (m_serviceType == UD)
    {
        return m_ud->PostReceive(wr);
    }
    return m_responder->Post(wr);
}

void
InfinibandQueuePair::WqeFetched()
{
    if (m_state == RTS && m_serviceType == UD)
    {
        m_ud->WqeFetched();
    }
    else if (m_state == RTS)
    {
        m_requester->WqeFetched();
    }
}

bool
InfinibandQueuePair::HasPacket() const
{
    if (m_serviceType == UD)
    {
        return m_state == RTS && m_ud->HasPacket();
    }
    return m_responder->HasResponse() || (m_state == RTS && m_requester->HasRequest());
}

InfinibandQueuePair::Outgoing
InfinibandQueuePair::NextPacket()
{
    if (m_serviceType == UD)
    {
        return m_ud->NextPacket();
    }
    if (m_responder->HasResponse())
    {
        return m_responder->NextResponse();
    }
    return m_requester->NextRequest();
}

void
InfinibandQueuePair::Transmit(const Outgoing& out)
{
    if (m_state == ERROR || m_state == RESET)
    {
        return;
    }
    if (m_serviceType == UD)
    {
        m_ud->Transmit(out);
        return;
    }
    Ptr<Packet> p = Create<Packet>(out.payload);
    if (out.aeth)
    {
        InfinibandAethHeader aeth;
        aeth.SetSyndrome(InfinibandAethHeader::ACK | ACK_CREDITS);
        aeth.SetMsn(out.msn);
        p->AddHeader(aeth);
    }
    if (out.reth)
    {
        InfinibandRethHeader reth;
        reth.SetVirtualAddress(out.va);
        reth.SetRemoteKey(out.rkey);
        reth.SetDmaLength(out.dmaLength);
        p->AddHeader(reth);
    }
    InfinibandBthHeader bth;
    bth.SetOpCode(out.opcode);
    bth.SetDestQp(m_destQpn);
    bth.SetPsn(uint32_t(out.psn & PSN_MASK));
    bth.SetAckRequest(out.ackRequest);
    p->AddHeader(bth);
    const bool again = out.request && m_requester->IsRetransmission(out.psn);
    SendToPeer(p);
    m_packetTxTrace(out.opcode, uint32_t(out.psn & PSN_MASK), out.payload, again);
    if (out.request)
    {
        m_requester->Sent(out);
    }
}

void
InfinibandQueuePair::Receive(Ptr<Packet> packet)
{
    if (m_state != RTR && m_state != RTS)
    {
        return;
    }
    InfinibandBthHeader bth;
    packet->RemoveHeader(bth);
    if (m_serviceType == UD)
    {
        m_ud->Receive(packet);
        return;
    }
    const uint8_t op = bth.GetOpCode();
    if (op == ACKNOWLEDGE)
    {
        InfinibandAethHeader aeth;
        packet->RemoveHeader(aeth);
        m_requester->HandleAck(bth, aeth);
    }
    else if (op >= RDMA_READ_RESPONSE_FIRST && op <= RDMA_READ_RESPONSE_ONLY)
    {
        m_requester->HandleReadResponse(bth, packet);
    }
    else
    {
        m_responder->HandleRequest(bth, packet);
    }
}

void
InfinibandQueuePair::SendToPeer(Ptr<Packet> packet)
{
    m_hca->Send(m_port, packet, m_dlid, m_serviceLevel);
}

} // namespace hybridnet
} // namespace ns3
