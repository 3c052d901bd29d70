/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ipoib-net-device.h"

#include "hybridnet/host-cpu.h"
#include "infiniband-completion-queue.h"
#include "infiniband-hca.h"
#include "infiniband-net-device.h"
#include "infiniband-ud-transport.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/channel.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/net-device-queue-interface.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <array>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetIpoibNetDevice");
NS_OBJECT_ENSURE_REGISTERED(IpoibNetDevice);

namespace
{
constexpr uint8_t kTcp = 6;
constexpr uint8_t kUdp = 17;
constexpr uint32_t kUdpHeader = 8;
constexpr uint8_t kFlagsRc = 0x80;                 //!< IPOIB_FLAGS_RC
constexpr uint64_t kGuidBase = 0x0002c90300000000; //!< assumption: Mellanox OUI 00:02:c9
} // namespace

TypeId
IpoibNetDevice::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::IpoibNetDevice")
            .SetParent<NetDevice>()
            .SetGroupName("Hybridnet")
            .AddConstructor<IpoibNetDevice>()
            .AddAttribute("Mode",
                          "IPoIB mode, read at Attach: Datagram (UD QP, MTU = IB MTU - 4) or "
                          "Connected (one RC QP per peer, MTU up to 65520), equation (1).",
                          EnumValue(IpoibNetDevice::DATAGRAM),
                          MakeEnumAccessor<Mode>(&IpoibNetDevice::m_mode),
                          MakeEnumChecker(IpoibNetDevice::DATAGRAM,
                                          "Datagram",
                                          IpoibNetDevice::CONNECTED,
                                          "Connected"))
            .AddAttribute("Mtu",
                          "IPoIB MTU, bytes, read at Attach; 0 = the mode's maximum of "
                          "equation (1). Valid: 0 or 68 to the maximum (datagram: IB MTU - 4; "
                          "connected: 65520); Attach refuses others.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&IpoibNetDevice::m_mtuAttribute),
                          MakeUintegerChecker<uint32_t>(0, CM_MTU))
            .AddAttribute("UdChecksumOffload",
                          "Whether the adapter reports IB_DEVICE_UD_IP_CSUM (mlx4_ib: ConnectX "
                          "firmware with MLX4_DEV_CAP_FLAG_IPOIB_CSUM); o of the class comment "
                          "is this in datagram mode, false in connected mode.",
                          BooleanValue(true),
                          MakeBooleanAccessor(&IpoibNetDevice::m_udChecksum),
                          MakeBooleanChecker())
            .AddAttribute("UdLso",
                          "Whether the adapter reports IB_DEVICE_UD_TSO (mlx4_ib: ConnectX "
                          "firmware with a max_gso_sz); l of the class comment is this with o "
                          "(ipoib_set_dev_features: NETIF_F_TSO only with NETIF_F_IP_CSUM).",
                          BooleanValue(true),
                          MakeBooleanAccessor(&IpoibNetDevice::m_udLso),
                          MakeBooleanChecker())
            .AddAttribute("SendQueueSize",
                          "Sends outstanding at most before the device queue stops (the "
                          "driver's ipoib_sendq_size; module parameter send_queue_size). "
                          "Assumption: 64. Range 2-8192 (IPOIB_MIN/MAX_QUEUE_SIZE).",
                          UintegerValue(64),
                          MakeUintegerAccessor(&IpoibNetDevice::m_sendQueueSize),
                          MakeUintegerChecker<uint32_t>(2, 8192))
            .AddAttribute("RecvQueueSize",
                          "Receive buffers posted on the UD QP and on each RC QP (the "
                          "driver's ipoib_recvq_size). Assumption: 128. Range 2-8192.",
                          UintegerValue(128),
                          MakeUintegerAccessor(&IpoibNetDevice::m_recvQueueSize),
                          MakeUintegerChecker<uint32_t>(2, 8192))
            .AddAttribute("NapiWeight",
                          "W of equation (5): receive completions one NAPI poll takes "
                          "(ipoib_setup: netif_napi_add(..., ipoib_poll, 100)). Range 1-4096.",
                          UintegerValue(100),
                          MakeUintegerAccessor(&IpoibNetDevice::m_napiWeight),
                          MakeUintegerChecker<uint32_t>(1, 4096))
            .AddAttribute("InterruptCycles",
                          "c_irq of equation (4): CPU cycles of the completion interrupt "
                          "(entry, mlx4's event-queue handler, ipoib_ib_completion, exit). "
                          "Assumption: 2000 (as the CQ's). Range 0 to 10^7.",
                          UintegerValue(2000),
                          MakeUintegerAccessor(&IpoibNetDevice::m_interruptCycles),
                          MakeUintegerChecker<uint64_t>(0, 10'000'000))
            .AddAttribute("PollCycles",
                          "c_poll of equations (4), (6): CPU cycles of one NAPI poll besides "
                          "its packets (softirq entry, ib_poll_cq calls, re-arming). "
                          "Assumption: 1000. Range 0 to 10^7.",
                          UintegerValue(1000),
                          MakeUintegerAccessor(&IpoibNetDevice::m_pollCycles),
                          MakeUintegerChecker<uint64_t>(0, 10'000'000))
            .AddAttribute("TxPacketCycles",
                          "c_tx of equation (2): CPU cycles of the stack and ipoib per sent "
                          "packet (ipoib_start_xmit, post send, reaping its completion), "
                          "copy and checksum excluded. Assumption: 4000. Range 0 to 10^7.",
                          UintegerValue(4000),
                          MakeUintegerAccessor(&IpoibNetDevice::m_txPacketCycles),
                          MakeUintegerChecker<uint64_t>(0, 10'000'000))
            .AddAttribute("RxPacketCycles",
                          "c_rx of equation (5): CPU cycles of ipoib and the stack per "
                          "received packet (handle_rx_wc, new buffer, repost, IP, transport), "
                          "copy and checksum excluded. Assumption: 4000. Range 0 to 10^7.",
                          UintegerValue(4000),
                          MakeUintegerAccessor(&IpoibNetDevice::m_rxPacketCycles),
                          MakeUintegerChecker<uint64_t>(0, 10'000'000))
            .AddAttribute("ChecksumCyclesPerByte",
                          "c_s of equations (2), (5): CPU cycles per byte of a software "
                          "checksum over the transport segment where it is not offloaded. "
                          "Assumption: 0.5. Range 0 to 100.",
                          DoubleValue(0.5),
                          MakeDoubleAccessor(&IpoibNetDevice::m_checksumCyclesPerByte),
                          MakeDoubleChecker<double>(0.0, 100.0))
            .AddTraceSource("Drop",
                            "A packet dropped: no path to its destination, or the send queue "
                            "full without a queue discipline.",
                            MakeTraceSourceAccessor(&IpoibNetDevice::m_dropTrace),
                            "ns3::Packet::TracedCallback");
    return tid;
}

IpoibNetDevice::IpoibNetDevice() = default;
IpoibNetDevice::~IpoibNetDevice() = default;

void
IpoibNetDevice::DoDispose()
{
    m_peers.clear();
    m_rcQps.clear();
    m_cmInbox.clear();
    m_udInbox.clear();
    m_udQp = nullptr;
    m_sendCq = nullptr;
    m_recvCq = nullptr;
    m_hca = nullptr;
    m_node = nullptr;
    m_txQueue = nullptr;
    m_rxCallback = NetDevice::ReceiveCallback();
    NetDevice::DoDispose();
}

uint32_t
IpoibNetDevice::GetMaxMtu(Mode mode, uint32_t ibMtu)
{
    return mode == DATAGRAM ? ibMtu - ENCAP_LEN : CM_MTU; // (1)
}

uint8_t
IpoibNetDevice::GetAddressType()
{
    static const uint8_t type = Address::Register();
    return type;
}

void
IpoibNetDevice::Attach(Ptr<InfinibandHca> hca, uint8_t port)
{
    NS_ABORT_MSG_IF(!hca || !hca->GetPort(port),
                    "IpoibNetDevice: port " << +port << " has no InfiniBand device (1 or 2)");
    m_hca = hca;
    m_ibMtu = hca->GetPort(port)->GetMtu();
    const uint32_t maxMtu = GetMaxMtu(m_mode, m_ibMtu);
    NS_ABORT_MSG_IF(m_mtuAttribute != 0 && (m_mtuAttribute < MIN_MTU || m_mtuAttribute > maxMtu),
                    "IpoibNetDevice: Mtu " << m_mtuAttribute << " out of range for mode "
                                           << (m_mode == DATAGRAM ? "Datagram" : "Connected")
                                           << " at IB MTU " << m_ibMtu << ": 0 or " << MIN_MTU
                                           << "-" << maxMtu);
    m_mtu = m_mtuAttribute ? m_mtuAttribute : maxMtu;
    m_sendCq = hca->CreateCompletionQueue();
    m_recvCq = hca->CreateCompletionQueue();
    for (auto cq : {m_sendCq, m_recvCq})
    {
        cq->SetAttribute("PollCycles", UintegerValue(0)); // the CQE itself; costs are ours
    }
    m_sendCq->StartPolling(MakeCallback(&IpoibNetDevice::SendCqe, this));
    m_recvCq->StartPolling(MakeCallback(&IpoibNetDevice::RecvCqe, this));
    m_armed = true;
    m_udQp = hca->CreateQueuePair(m_sendCq, m_recvCq, port);
    m_udQp->SetAttribute("ServiceType", StringValue("UD"));
    m_udQp->SetAttribute("Mtu", StringValue(std::to_string(m_ibMtu)));
    m_udQp->SetAttribute("MaxSendWr", UintegerValue(m_sendQueueSize));
    m_udQp->SetAttribute("MaxRecvWr", UintegerValue(m_recvQueueSize));
    m_udQp->SetReceiveDataCallback(MakeCallback(&IpoibNetDevice::UdData, this));
    const bool ok = m_udQp->ModifyToInit() && m_udQp->ModifyToRtr(Mac16Address(), 0, 0) &&
                    m_udQp->ModifyToRts(0);
    NS_ABORT_MSG_IF(!ok, "IpoibNetDevice: the UD QP did not reach RTS");
    for (uint64_t i = 0; i < m_recvQueueSize; ++i)
    {
        PostBuffer(m_udQp, i);
    }
    // RFC 4391 9.1.1: flags and QPN, then the port GID (fe80::/64 + GUID)
    std::array<uint8_t, ADDRESS_LENGTH> a{};
    const uint32_t qpn = m_udQp->GetQpNum();
    a[0] = m_mode == CONNECTED ? kFlagsRc : 0;
    a[1] = uint8_t(qpn >> 16);
    a[2] = uint8_t(qpn >> 8);
    a[3] = uint8_t(qpn);
    a[4] = 0xfe;
    a[5] = 0x80;
    const uint64_t guid = kGuidBase + uint64_t(GetNode()->GetId()) * 256 + port;
    for (int i = 0; i < 8; ++i)
    {
        a[12 + i] = uint8_t(guid >> (56 - 8 * i));
    }
    m_address = Address(GetAddressType(), a.data(), ADDRESS_LENGTH);
}

void
IpoibNetDevice::PostBuffer(Ptr<InfinibandQueuePair> qp, uint64_t wrId)
{
    const uint64_t length = qp->GetServiceType() == InfinibandQueuePair::UD
                                ? m_ibMtu + InfinibandUdTransport::GRH_BYTES // UD_BUF_SIZE
                                : CM_MTU + ENCAP_LEN;                        // CM_BUF_SIZE
    qp->PostReceive({wrId, length});
}

void
IpoibNetDevice::AddPeer(Ptr<IpoibNetDevice> peer)
{
    NS_ABORT_MSG_IF(!m_hca || !peer->m_hca, "IpoibNetDevice: AddPeer before Attach");
    NS_ABORT_MSG_IF(peer->m_mode != m_mode, "IpoibNetDevice: peers must be in the same mode");
    if (peer == this || m_peers.count(peer->GetAddress()))
    {
        return;
    }
    Peer p;
    p.lid = peer->m_udQp->GetLid().ConvertToInt();
    p.qpn = peer->m_udQp->GetQpNum();
    if (m_mode == CONNECTED)
    {
        // ipoib_cm_tx_init / ipoib_cm_req_handler: an RC QP at each end, send CQ = recv CQ
        auto makeQp = [](IpoibNetDevice& d) {
            Ptr<InfinibandQueuePair> qp =
                d.m_hca->CreateQueuePair(d.m_recvCq, d.m_recvCq, d.m_udQp->GetPort());
            qp->SetAttribute("Mtu", StringValue(std::to_string(d.m_ibMtu)));
            qp->SetAttribute("MaxSendWr", UintegerValue(d.m_sendQueueSize));
            qp->SetAttribute("MaxRecvWr", UintegerValue(d.m_recvQueueSize));
            qp->SetAttribute("RetryCount", UintegerValue(0)); // ipoib_cm_send_req
            qp->SetAttribute("RnrRetry", UintegerValue(0));
            d.m_rcQps[qp->GetQpNum()] = qp;
            return qp;
        };
        Ptr<InfinibandQueuePair> mine = makeQp(*this);
        Ptr<InfinibandQueuePair> theirs = makeQp(*peer);
        const bool ok = mine->ModifyToInit() && theirs->ModifyToInit() &&
                        mine->ModifyToRtr(theirs->GetLid(), theirs->GetQpNum(), 0) &&
                        theirs->ModifyToRtr(mine->GetLid(), mine->GetQpNum(), 0) &&
                        mine->ModifyToRts(0) && theirs->ModifyToRts(0);
        NS_ABORT_MSG_IF(!ok, "IpoibNetDevice: the RC connection did not reach RTS");
        for (uint64_t i = 0; i < m_recvQueueSize; ++i)
        {
            PostBuffer(mine, i);
            peer->PostBuffer(theirs, i);
        }
        p.rc = mine;
        p.device = peer;
        p.remoteRcQpn = theirs->GetQpNum();
        Peer back{uint16_t(m_udQp->GetLid().ConvertToInt()),
                  m_udQp->GetQpNum(),
                  theirs,
                  this,
                  mine->GetQpNum()};
        peer->m_peers[GetAddress()] = back;
    }
    m_peers[peer->GetAddress()] = p;
}

IpoibNetDevice::Work
IpoibNetDevice::ReadWork(Ptr<const Packet> packet)
{
    // IPv4 (RFC 791): IHL in byte 0's low nibble, total length bytes 2-3, protocol byte 9;
    // TCP (RFC 9293): data offset in byte 12's high nibble.
    std::array<uint8_t, 60 + 13> b{};
    const uint32_t size = packet->CopyData(b.data(), b.size());
    Work w;
    if (size < 20 || (b[0] >> 4) != 4)
    {
        return w;
    }
    const uint32_t ihl = (b[0] & 0x0f) * 4u;
    w.segment = ((b[2] << 8) | b[3]) - ihl;
    if (b[9] == kTcp && size >= ihl + 13)
    {
        const uint8_t* l4 = b.data() + ihl;
        w.payload = w.segment - (l4[12] >> 4) * 4u;
        w.tcp = true;
        w.sequence = (uint32_t{l4[4]} << 24) | (l4[5] << 16) | (l4[6] << 8) | l4[7];
        w.flow = (uint64_t{b[16]} << 56) | (uint64_t{b[17]} << 48) | (uint64_t{b[18]} << 40) |
                 (uint64_t{b[19]} << 32) | (uint64_t{l4[0]} << 24) | (l4[1] << 16) | (l4[2] << 8) |
                 l4[3];
    }
    else if (b[9] == kUdp)
    {
        w.payload = w.segment - kUdpHeader;
    }
    return w;
}

uint64_t
IpoibNetDevice::StackCycles(uint64_t base, const Work& work)
{
    if (IsChecksumOffloaded())
    {
        return base;
    }
    m_checksumBytes += work.segment;
    return base + uint64_t(m_checksumCyclesPerByte * work.segment + 0.5);
}

HostCpu&
IpoibNetDevice::Cpu() const
{
    return *m_hca->GetHostCpu();
}

bool
IpoibNetDevice::Send(Ptr<Packet> packet, const Address& dest, uint16_t protocolNumber)
{
    NS_ABORT_MSG_IF(!m_hca, "IpoibNetDevice: Send before Attach");
    if (!m_peers.count(dest) || m_outstanding >= m_sendQueueSize)
    {
        m_dropTrace(packet);
        return false;
    }
    if (!m_txQueue)
    {
        if (auto queueInterface = GetObject<NetDeviceQueueInterface>())
        {
            m_txQueue = queueInterface->GetTxQueue(0);
        }
    }
    if (++m_outstanding == m_sendQueueSize && m_txQueue)
    {
        m_txQueue->Stop(); // ipoib_send: tx_outstanding == ipoib_sendq_size
    }
    const Work work = ReadWork(packet);
    const uint32_t data = work.tcp ? work.payload : 0;
    const bool rides = IsSegmentationOffloaded() &&
                       m_lso.Continues(work.flow, work.sequence, data, Simulator::Now());
    Cpu().Execute(HostCpu::KERNEL,
                  StackCycles(rides ? 0 : m_txPacketCycles, work), // (2)
                  work.payload,
                  Callback<void>([this, packet, dest, protocolNumber]() {
                      Post(packet, dest, protocolNumber);
                  }));
    return true;
}

void
IpoibNetDevice::Post(Ptr<Packet> packet, Address dest, uint16_t protocol)
{
    // (3): the IPoIB header (RFC 4391 6: EtherType, reserved) ahead of the IP packet
    const uint8_t header[ENCAP_LEN] = {uint8_t(protocol >> 8), uint8_t(protocol), 0, 0};
    Ptr<Packet> message = Create<Packet>(header, ENCAP_LEN);
    message->AddAtEnd(packet);
    const Peer& peer = m_peers.at(dest);
    InfinibandSendWorkRequest wr;
    wr.wrId = m_txPackets++;
    wr.length = message->GetSize();
    InfinibandPostStatus status;
    if (m_mode == DATAGRAM)
    {
        wr.remoteLid = peer.lid;
        wr.remoteQpn = peer.qpn;
        status = m_udQp->PostSend(wr, message);
    }
    else
    {
        status = peer.rc->PostSend(wr);
        if (status == InfinibandPostStatus::OK)
        {
            peer.device->CmData(peer.remoteRcQpn, message);
        }
    }
    if (status != InfinibandPostStatus::OK)
    {
        NS_LOG_WARN("post send refused: " << ToString(status));
        m_dropTrace(packet);
        SendDone();
    }
}

void
IpoibNetDevice::SendCqe(Ptr<InfinibandCompletionQueue> cq)
{
    for (const auto& wc : cq->Poll(1))
    {
        (void)wc;
        SendDone();
    }
}

void
IpoibNetDevice::SendDone()
{
    --m_outstanding;
    if (m_txQueue && m_txQueue->IsStopped() && m_outstanding == m_sendQueueSize / 2)
    {
        m_txQueue->Wake(); // ipoib_ib_handle_tx_wc: tx_outstanding == ipoib_sendq_size >> 1
    }
}

void
IpoibNetDevice::RecvCqe(Ptr<InfinibandCompletionQueue> /* cq */)
{
    if (!m_armed)
    {
        return; // not armed: a running or scheduled poll will find it, (6)
    }
    m_armed = false; // (4)
    ++m_interrupts;
    Cpu().Execute(HostCpu::HARD_IRQ,
                  m_interruptCycles,
                  0,
                  MakeCallback(&IpoibNetDevice::InterruptDone, this));
}

void
IpoibNetDevice::InterruptDone()
{
    // netif_rx_schedule: the NET_RX softirq runs the poll
    ++m_polls;
    m_pollDone = 0;
    Cpu().Execute(HostCpu::KERNEL, m_pollCycles, 0, MakeCallback(&IpoibNetDevice::PollNext, this));
}

void
IpoibNetDevice::PollNext()
{
    while (m_pollDone < m_napiWeight)
    {
        std::vector<InfinibandWorkCompletion> wcs = m_recvCq->Poll(1);
        if (wcs.empty())
        {
            break;
        }
        const InfinibandWorkCompletion& wc = wcs.front();
        if (wc.opcode != InfinibandWcOpcode::RECV)
        {
            SendDone(); // connected mode: a send completion, not counted (5)
            continue;
        }
        ++m_pollDone;
        Ptr<InfinibandQueuePair> qp = m_mode == DATAGRAM ? m_udQp : m_rcQps.at(wc.qpNum);
        Ptr<Packet> data = TakeData(wc);
        if (wc.status != InfinibandWcStatus::SUCCESS || !data)
        {
            continue;
        }
        uint8_t header[ENCAP_LEN];
        data->CopyData(header, ENCAP_LEN);
        data->RemoveAtStart(ENCAP_LEN);
        const uint16_t protocol = uint16_t((header[0] << 8) | header[1]);
        const Work work = ReadWork(data);
        uint64_t copied = work.payload;
        if (m_mode == CONNECTED && wc.byteLen < CM_COPYBREAK)
        {
            copied += wc.byteLen; // ipoib_cm_handle_rx_wc copies it into a small skb
        }
        Cpu().Execute(HostCpu::KERNEL,
                      StackCycles(m_rxPacketCycles, work), // (5)
                      copied,
                      Callback<void>([this, data, qp, wc, protocol]() {
                          Deliver(data, protocol, qp, wc.wrId);
                      }));
        return;
    }
    PollEnd();
}

Ptr<Packet>
IpoibNetDevice::TakeData(const InfinibandWorkCompletion& wc)
{
    Ptr<Packet> data;
    if (m_mode == DATAGRAM)
    {
        auto it = m_udInbox.find(wc.wrId);
        if (it != m_udInbox.end())
        {
            data = it->second;
            m_udInbox.erase(it);
        }
    }
    else if (wc.status == InfinibandWcStatus::SUCCESS)
    {
        std::deque<Ptr<Packet>>& inbox = m_cmInbox[wc.qpNum];
        data = inbox.front();
        inbox.pop_front();
    }
    return data;
}

void
IpoibNetDevice::Deliver(Ptr<Packet> packet,
                        uint16_t protocol,
                        Ptr<InfinibandQueuePair> qp,
                        uint64_t wrId)
{
    PostBuffer(qp, wrId);
    ++m_rxPackets;
    if (!m_rxCallback.IsNull())
    {
        m_rxCallback(this, packet, protocol, Address());
    }
    PollNext();
}

void
IpoibNetDevice::PollEnd()
{
    if (m_pollDone >= m_napiWeight || m_recvCq->GetDepth() > 0)
    {
        InterruptDone(); // (6): budget used, or a missed event: poll again
        return;
    }
    m_armed = true; // ib_req_notify_cq(IB_CQ_NEXT_COMP)
}

void
IpoibNetDevice::UdData(uint64_t wrId, Ptr<Packet> data)
{
    m_udInbox[wrId] = data;
}

void
IpoibNetDevice::CmData(uint32_t qpn, Ptr<Packet> data)
{
    m_cmInbox[qpn].push_back(data);
}

IpoibNetDevice::Mode
IpoibNetDevice::GetMode() const
{
    return m_mode;
}

bool
IpoibNetDevice::IsChecksumOffloaded() const
{
    return m_mode == DATAGRAM && m_udChecksum;
}

bool
IpoibNetDevice::IsSegmentationOffloaded() const
{
    return IsChecksumOffloaded() && m_udLso;
}

uint64_t
IpoibNetDevice::GetTxPackets() const
{
    return m_txPackets;
}

uint64_t
IpoibNetDevice::GetRxPackets() const
{
    return m_rxPackets;
}

uint64_t
IpoibNetDevice::GetInterrupts() const
{
    return m_interrupts;
}

uint64_t
IpoibNetDevice::GetPolls() const
{
    return m_polls;
}

uint64_t
IpoibNetDevice::GetSoftwareChecksumBytes() const
{
    return m_checksumBytes;
}

void
IpoibNetDevice::SetIfIndex(const uint32_t index)
{
    m_ifIndex = index;
}

uint32_t
IpoibNetDevice::GetIfIndex() const
{
    return m_ifIndex;
}

Ptr<Channel>
IpoibNetDevice::GetChannel() const
{
    return nullptr;
}

void
IpoibNetDevice::SetAddress(Address address)
{
    m_address = address;
}

Address
IpoibNetDevice::GetAddress() const
{
    return m_address;
}

bool
IpoibNetDevice::SetMtu(const uint16_t mtu)
{
    if (!m_hca || mtu < MIN_MTU || mtu > GetMaxMtu(m_mode, m_ibMtu))
    {
        return false; // ipoib_change_mtu: -EINVAL
    }
    m_mtu = mtu;
    return true;
}

uint16_t
IpoibNetDevice::GetMtu() const
{
    return uint16_t(m_mtu);
}

bool
IpoibNetDevice::IsLinkUp() const
{
    return m_hca != nullptr;
}

void
IpoibNetDevice::AddLinkChangeCallback(Callback<void> /* callback */)
{
}

bool
IpoibNetDevice::IsBroadcast() const
{
    return true;
}

Address
IpoibNetDevice::GetBroadcast() const
{
    // RFC 4391 4: the IPv4 broadcast group's address (QPN 0xFFFFFF, MGID ff12:401b::ffff:ffff)
    static const uint8_t b[ADDRESS_LENGTH] = {0x00, 0xff, 0xff, 0xff, 0xff, 0x12, 0x40,
                                              0x1b, 0xff, 0xff, 0x00, 0x00, 0x00, 0x00,
                                              0x00, 0x00, 0xff, 0xff, 0xff, 0xff};
    return Address(GetAddressType(), b, ADDRESS_LENGTH);
}

bool
IpoibNetDevice::IsMulticast() const
{
    return false;
}

Address
IpoibNetDevice::GetMulticast(Ipv4Address /* multicastGroup */) const
{
    return GetBroadcast();
}

Address
IpoibNetDevice::GetMulticast(Ipv6Address /* addr */) const
{
    return GetBroadcast();
}

bool
IpoibNetDevice::IsBridge() const
{
    return false;
}

bool
IpoibNetDevice::IsPointToPoint() const
{
    return false;
}

bool
IpoibNetDevice::SendFrom(Ptr<Packet> packet,
                         const Address& /* source */,
                         const Address& dest,
                         uint16_t protocolNumber)
{
    return Send(packet, dest, protocolNumber);
}

Ptr<Node>
IpoibNetDevice::GetNode() const
{
    return m_node;
}

void
IpoibNetDevice::SetNode(Ptr<Node> node)
{
    m_node = node;
}

bool
IpoibNetDevice::NeedsArp() const
{
    return true;
}

void
IpoibNetDevice::SetReceiveCallback(NetDevice::ReceiveCallback cb)
{
    m_rxCallback = cb;
}

void
IpoibNetDevice::SetPromiscReceiveCallback(PromiscReceiveCallback /* cb */)
{
}

bool
IpoibNetDevice::SupportsSendFrom() const
{
    return false;
}

} // namespace hybridnet
} // namespace ns3
