/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "infiniband-net-device.h"

#include "infiniband-bth-header.h"
#include "infiniband-channel.h"
#include "infiniband-crc-trailer.h"
#include "infiniband-lrh-header.h"
#include "infiniband-packet-size.h"

#include "ns3/abort.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetInfinibandNetDevice");
NS_OBJECT_ENSURE_REGISTERED(InfinibandNetDevice);

namespace
{
using Size = InfinibandPacketSize;
} // namespace

TypeId
InfinibandNetDevice::GetTypeId()
{
    using Dev = InfinibandNetDevice;
    static TypeId tid =
        TypeId("ns3::hybridnet::InfinibandNetDevice")
            .SetParent<NetDevice>()
            .SetGroupName("Hybridnet")
            .AddConstructor<Dev>()
            .AddAttribute("Width",
                          "Link width, lanes (InfinibandRate): 1X, 4X or 12X (8X is refused, "
                          "see InfinibandRate). Default 4X, the study's ConnectX port.",
                          EnumValue(InfinibandRate::WIDTH_4X),
                          MakeEnumAccessor<InfinibandRate::Width>(&Dev::m_width),
                          MakeEnumChecker(InfinibandRate::WIDTH_1X,
                                          "1X",
                                          InfinibandRate::WIDTH_4X,
                                          "4X",
                                          InfinibandRate::WIDTH_12X,
                                          "12X"))
            .AddAttribute("Speed",
                          "Signalling per lane: SDR 2.5, DDR 5.0, QDR 10.0 Gbaud "
                          "(InfinibandRate). Default DDR, the study's.",
                          EnumValue(InfinibandRate::DDR),
                          MakeEnumAccessor<InfinibandRate::Speed>(&Dev::m_speed),
                          MakeEnumChecker(InfinibandRate::SDR,
                                          "SDR",
                                          InfinibandRate::DDR,
                                          "DDR",
                                          InfinibandRate::QDR,
                                          "QDR"))
            .AddAttribute("Mtu",
                          "IBA MTU: the largest payload of a packet, bytes, headers excluded: "
                          "256, 512, 1024, 2048 or 4096 only (IBA 1.2.1 14.2.5.6). Default "
                          "2048 (assumption: OpenSM's default for the study's OFED 1.4).",
                          EnumValue(MTU_2048),
                          MakeEnumAccessor<Mtu>(&Dev::m_mtu),
                          MakeEnumChecker(MTU_256,
                                          "256",
                                          MTU_512,
                                          "512",
                                          MTU_1024,
                                          "1024",
                                          MTU_2048,
                                          "2048",
                                          MTU_4096,
                                          "4096"))
            .AddAttribute(
                "DataVls",
                "Data virtual lanes operated, VL0 to DataVls-1: 1, 2, 4, 8 or 15 "
                "(PortInfo OperationalVLs). Both ends of a cable must agree. "
                "Default 1 (assumption: every SL on VL0).",
                EnumValue(VLS_1),
                MakeEnumAccessor<DataVls>(&Dev::m_dataVls),
                MakeEnumChecker(VLS_1, "1", VLS_2, "2", VLS_4, "4", VLS_8, "8", VLS_15, "15"))
            .AddAttribute("VlBufferBlocks",
                          "Receive buffer of each data VL, 64-byte blocks (credits). It must "
                          "hold the largest packet it receives (b(p), InfinibandPacketSize "
                          "(4)). Default 128 = 8 KiB (assumption: not published for "
                          "ConnectX). Range 1 to 2048 (the credit window, 7.9.4).",
                          UintegerValue(128),
                          MakeUintegerAccessor(&Dev::m_bufferBlocks),
                          MakeUintegerChecker<uint32_t>(1, InfinibandFlowControl::kWindow))
            .AddAttribute("FlowControlPeriod",
                          "Flow-control refresh period while data moves, symbol times "
                          "(InfinibandRate (3)); IBA 1.2.1 7.9.4 allows at most 65,536. "
                          "Range 1 to 65536.",
                          UintegerValue(65536),
                          MakeUintegerAccessor(&Dev::m_refreshSymbols),
                          MakeUintegerChecker<uint32_t>(1, 65536))
            .AddAttribute("LimitOfHighPriority",
                          "InfinibandVlArbiter's LimitOfHighPriority: high-priority bytes, in "
                          "units of 4096, sent while low priority waits; 255 unbounded. "
                          "Range 0 to 255.",
                          UintegerValue(InfinibandVlArbiter::kUnlimited),
                          MakeUintegerAccessor(&Dev::m_limitOfHighPriority),
                          MakeUintegerChecker<uint8_t>(0, 255))
            .AddAttribute("MaxQueuedPackets",
                          "Packets Send may queue on each VL before it refuses more (a stand-in "
                          "for the adapter's send queues, a later part). Forwarded packets "
                          "are not counted: switch input buffers bound them. Range 1 to "
                          "1,000,000.",
                          UintegerValue(1000),
                          MakeUintegerAccessor(&Dev::m_maxQueued),
                          MakeUintegerChecker<uint32_t>(1, 1'000'000))
            .AddAttribute("ServiceLevel",
                          "SL of packets sent with NetDevice::Send. Range 0 to 15.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&Dev::m_serviceLevel),
                          MakeUintegerChecker<uint8_t>(0, 15))
            .AddTraceSource("Tx",
                            "A data packet starts on the wire (after its credit check).",
                            MakeTraceSourceAccessor(&Dev::m_txTrace),
                            "ns3::hybridnet::InfinibandNetDevice::PacketCallback")
            .AddTraceSource("Rx",
                            "A data packet is taken into the receive buffer (its tail at a "
                            "channel adapter, its head + latency at a switch port).",
                            MakeTraceSourceAccessor(&Dev::m_rxTrace),
                            "ns3::hybridnet::InfinibandNetDevice::PacketCallback")
            .AddTraceSource("SendRefused",
                            "Send refused a packet: larger than the MTU allows, or queue full.",
                            MakeTraceSourceAccessor(&Dev::m_refusedTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("CreditStall",
                            "A data VL's head packet starts after waiting for credit; "
                            "arguments: VL, the wait (from when the idle transmitter found it "
                            "without credit).",
                            MakeTraceSourceAccessor(&Dev::m_stallTrace),
                            "ns3::hybridnet::InfinibandNetDevice::StallCallback")
            .AddTraceSource("FcpTx",
                            "A flow-control packet starts on the wire: VL, FCCL.",
                            MakeTraceSourceAccessor(&Dev::m_fcpTxTrace),
                            "ns3::hybridnet::InfinibandNetDevice::FcpCallback")
            .AddTraceSource("FcpRx",
                            "A flow-control packet arrived: VL, FCCL.",
                            MakeTraceSourceAccessor(&Dev::m_fcpRxTrace),
                            "ns3::hybridnet::InfinibandNetDevice::FcpCallback")
            .AddTraceSource("Credits",
                            "Credits C (blocks) of a data VL changed, InfinibandFlowControl "
                            "(2): VL, old, new (a TracedValue per VL, in one source).",
                            MakeTraceSourceAccessor(&Dev::m_creditsTrace),
                            "ns3::hybridnet::InfinibandNetDevice::CreditsCallback");
    return tid;
}

InfinibandNetDevice::InfinibandNetDevice()
{
    m_stallStart.fill(Time(-1));
}

InfinibandNetDevice::~InfinibandNetDevice() = default;

void
InfinibandNetDevice::DoInitialize()
{
    for (uint8_t vl = 0; vl < m_dataVls; ++vl)
    {
        m_fc[vl] = InfinibandFlowControl(m_bufferBlocks);
    }
    if (!m_arbiterSet)
    {
        std::vector<InfinibandVlArbiter::Entry> low;
        for (uint8_t vl = 0; vl < m_dataVls; ++vl)
        {
            low.push_back({vl, 64}); // assumption: equal shares, 4096 B a turn
        }
        m_arbiter.SetTables({}, low);
    }
    m_arbiter.SetLimitOfHighPriority(m_limitOfHighPriority);
    if (m_channel)
    {
        Simulator::ScheduleNow(&InfinibandNetDevice::StartLink, this);
    }
    NetDevice::DoInitialize();
}

void
InfinibandNetDevice::DoDispose()
{
    m_refresh.Cancel();
    m_node = nullptr;
    m_channel = nullptr;
    m_queues = {};
    m_held.clear();
    m_sending = Queued{};
    m_forward = ForwardCallback();
    m_rxCallback = NetDevice::ReceiveCallback();
    m_promiscCallback = NetDevice::PromiscReceiveCallback();
    NetDevice::DoDispose();
}

void
InfinibandNetDevice::StartLink()
{
    Ptr<InfinibandNetDevice> peer = m_channel->GetPeer(this);
    NS_ABORT_MSG_UNLESS(peer->GetDataVls() == m_dataVls,
                        "InfinibandNetDevice: the two ends of a cable have different DataVls");
    std::vector<InfinibandFcp> fcps;
    for (uint8_t vl = 0; vl < m_dataVls; ++vl)
    {
        fcps.push_back({vl, m_fc[vl].GetFctbs(), m_fc[vl].GetCreditLimit()});
    }
    peer->ReceiveFcps(fcps); // link training: no wire time
}

bool
InfinibandNetDevice::SendTo(Ptr<Packet> packet, Mac16Address dlid, uint8_t sl)
{
    NS_LOG_FUNCTION(this << packet << dlid << uint32_t(sl));
    NS_ABORT_MSG_UNLESS(sl < 16, "InfinibandNetDevice: SL " << uint32_t(sl));
    const uint8_t vl = GetVl(sl);
    return Encapsulate(packet, dlid, sl, vl) >= 0 && Enqueue(packet, vl);
}

bool
InfinibandNetDevice::SendManagement(Ptr<Packet> packet, Mac16Address dlid)
{
    return Encapsulate(packet, dlid, 0, kManagementVl) >= 0 && Enqueue(packet, kManagementVl);
}

int
InfinibandNetDevice::Encapsulate(Ptr<Packet> packet,
                                 Mac16Address dlid,
                                 uint8_t sl,
                                 uint8_t vl) const
{
    InfinibandBthHeader bth;
    packet->RemoveHeader(bth);
    const uint32_t after = packet->GetSize(); // extended headers and payload
    if (after > uint32_t(m_mtu) + Size::kMaxExtended)
    {
        packet->AddHeader(bth);
        m_refusedTrace(packet);
        return -1;
    }
    const uint32_t pad = Size::GetPad(after);
    packet->AddPaddingAtEnd(pad);
    bth.SetPadCount(uint8_t(pad));
    packet->AddHeader(bth);
    InfinibandLrhHeader lrh;
    lrh.SetVl(vl);
    lrh.SetSl(sl);
    lrh.SetDlid(dlid);
    lrh.SetSlid(m_lid);
    lrh.SetPacketLength(uint16_t((Size::kLrh + packet->GetSize() + Size::kIcrc) / 4));
    packet->AddHeader(lrh);
    packet->AddTrailer(InfinibandCrcTrailer());
    return vl;
}

bool
InfinibandNetDevice::Enqueue(Ptr<Packet> packet, uint8_t vl)
{
    if (m_queues[vl].size() >= m_maxQueued)
    {
        m_refusedTrace(packet);
        return false;
    }
    m_queues[vl].push_back({packet, Size::GetBlocks(packet->GetSize()), nullptr, 0, Time(0)});
    TryTransmit();
    return true;
}

bool
InfinibandNetDevice::IsReady(uint8_t vl) const
{
    return vl < m_dataVls && !m_queues[vl].empty() && m_fc[vl].CanSend(m_queues[vl].front().blocks);
}

void
InfinibandNetDevice::TryTransmit()
{
    if (m_busy || !m_linkUp)
    {
        return;
    }
    if (m_fcpDue.any())
    {
        StartFcps();
        return;
    }
    if (!m_queues[kManagementVl].empty())
    {
        StartData(kManagementVl);
        return;
    }
    NoteStalls();
    const int vl = m_arbiter.Select([this](uint8_t v) { return IsReady(v); });
    if (vl >= 0)
    {
        StartData(uint8_t(vl));
    }
}

void
InfinibandNetDevice::NoteStalls()
{
    for (uint8_t vl = 0; vl < m_dataVls; ++vl)
    {
        if (m_stallStart[vl].IsNegative() && !m_queues[vl].empty() && !IsReady(vl))
        {
            m_stallStart[vl] = Simulator::Now();
        }
    }
}

void
InfinibandNetDevice::StartData(uint8_t vl)
{
    m_sending = m_queues[vl].front();
    m_queues[vl].pop_front();
    m_sendingVl = vl;
    const uint32_t bytes = m_sending.packet->GetSize();
    if (vl != kManagementVl)
    {
        const uint32_t before = m_fc[vl].GetCredits();
        m_fc[vl].OnSend(m_sending.blocks);
        m_arbiter.Charge(bytes);
        TraceCredits(vl, before);
        if (!m_stallStart[vl].IsNegative())
        {
            m_stallTrace(vl, Simulator::Now() - m_stallStart[vl]);
            m_stallStart[vl] = Time(-1);
        }
    }
    const InfinibandRate rate = GetRate();
    const Time wire = rate.GetTransmissionTime(rate.GetWireBytes(bytes));
    const Time duration = std::max(wire, m_sending.tail - Simulator::Now()); // (1)
    m_busy = true;
    m_txTrace(m_sending.packet, vl);
    NoteActivity();
    m_channel->Transmit(m_sending.packet, this, duration);
    Simulator::Schedule(duration, &InfinibandNetDevice::TransmitComplete, this);
}

void
InfinibandNetDevice::StartFcps()
{
    std::vector<InfinibandFcp> fcps;
    for (uint8_t vl = 0; vl < m_dataVls; ++vl)
    {
        if (m_fcpDue.test(vl))
        {
            fcps.push_back({vl, m_fc[vl].GetFctbs(), m_fc[vl].GetCreditLimit()});
            m_fcpTxTrace(vl, fcps.back().fccl);
        }
    }
    m_fcpDue.reset();
    const InfinibandRate rate = GetRate();
    const Time duration =
        rate.GetTransmissionTime(uint64_t(fcps.size()) * rate.GetWireBytes(Size::kLinkPacket));
    m_busy = true;
    m_sending = Queued{};
    m_channel->TransmitFcps(fcps, this, duration);
    Simulator::Schedule(duration, &InfinibandNetDevice::TransmitComplete, this);
}

void
InfinibandNetDevice::TransmitComplete()
{
    m_busy = false;
    const Queued sent = m_sending;
    m_sending = Queued{};
    if (sent.in)
    {
        sent.in->Release(sent.inVl, sent.blocks);
    }
    TryTransmit();
}

void
InfinibandNetDevice::ReceiveFcps(std::vector<InfinibandFcp> fcps)
{
    for (const InfinibandFcp& fcp : fcps)
    {
        if (fcp.vl >= m_dataVls)
        {
            continue;
        }
        const uint32_t before = m_fc[fcp.vl].GetCredits();
        m_fc[fcp.vl].OnCreditLimit(fcp.fccl);
        m_fcpRxTrace(fcp.vl, fcp.fccl);
        TraceCredits(fcp.vl, before);
    }
    if (!m_linkUp)
    {
        m_linkUp = true;
        m_linkChange();
    }
    TryTransmit();
}

void
InfinibandNetDevice::Receive(Ptr<Packet> packet, Time tail)
{
    NS_LOG_FUNCTION(this << packet << tail);
    InfinibandLrhHeader lrh;
    packet->PeekHeader(lrh);
    const uint8_t vl = lrh.GetVl();
    const uint32_t blocks = Size::GetBlocks(packet->GetSize());
    if (vl != kManagementVl)
    {
        NS_ABORT_MSG_UNLESS(vl < m_dataVls, "InfinibandNetDevice: packet on VL " << uint32_t(vl));
        m_fc[vl].OnReceive(blocks);
    }
    m_rxTrace(packet, vl);
    NoteActivity();
    if (!m_forward.IsNull())
    {
        m_forward(this, packet, vl, blocks, tail);
    }
    else if (m_holding)
    {
        m_held.push_back({packet, vl, blocks});
    }
    else
    {
        Deliver({packet, vl, blocks});
    }
}

void
InfinibandNetDevice::Deliver(const Held& held)
{
    Ptr<Packet> packet = held.packet;
    InfinibandLrhHeader lrh;
    packet->RemoveHeader(lrh);
    InfinibandCrcTrailer crc;
    packet->RemoveTrailer(crc);
    InfinibandBthHeader bth;
    packet->PeekHeader(bth);
    packet->RemoveAtEnd(bth.GetPadCount());
    Release(held.vl, held.blocks);
    if (!m_promiscCallback.IsNull())
    {
        m_promiscCallback(this, packet, 0, lrh.GetSlid(), lrh.GetDlid(), PACKET_HOST);
    }
    if (!m_rxCallback.IsNull())
    {
        m_rxCallback(this, packet, 0, lrh.GetSlid());
    }
}

void
InfinibandNetDevice::Release(uint8_t vl, uint32_t blocks)
{
    if (vl == kManagementVl)
    {
        return;
    }
    m_fc[vl].OnFree(blocks);
    m_fcpDue.set(vl);
    TryTransmit();
}

void
InfinibandNetDevice::HoldReceive()
{
    m_holding = true;
}

void
InfinibandNetDevice::ReleaseReceive()
{
    m_holding = false;
    while (!m_held.empty() && !m_holding)
    {
        const Held held = m_held.front();
        m_held.pop_front();
        Deliver(held);
    }
}

void
InfinibandNetDevice::SetForwardCallback(ForwardCallback forward, Time latency)
{
    m_forward = forward;
    m_forwardLatency = latency;
}

Time
InfinibandNetDevice::GetArrivalOffset(Time duration) const
{
    return m_forward.IsNull() ? duration : m_forwardLatency;
}

void
InfinibandNetDevice::Forward(Ptr<Packet> packet,
                             Ptr<InfinibandNetDevice> in,
                             uint8_t inVl,
                             uint32_t blocks,
                             Time tail)
{
    InfinibandLrhHeader lrh;
    packet->RemoveHeader(lrh);
    const uint8_t vl = lrh.GetVl() == kManagementVl ? kManagementVl : GetVl(lrh.GetSl());
    lrh.SetVl(vl);
    packet->AddHeader(lrh);
    m_queues[vl].push_back({packet, blocks, in, inVl, tail});
    TryTransmit();
}

void
InfinibandNetDevice::NoteActivity()
{
    m_active = true;
    if (!m_refresh.IsPending())
    {
        m_refresh = Simulator::Schedule(GetRate().GetSymbolTime() * m_refreshSymbols,
                                        &InfinibandNetDevice::Refresh,
                                        this);
    }
}

void
InfinibandNetDevice::Refresh()
{
    if (!m_active)
    {
        return; // a period without data: the refresh stops (class comment)
    }
    m_active = false;
    for (uint8_t vl = 0; vl < m_dataVls; ++vl)
    {
        m_fcpDue.set(vl);
    }
    m_refresh = Simulator::Schedule(GetRate().GetSymbolTime() * m_refreshSymbols,
                                    &InfinibandNetDevice::Refresh,
                                    this);
    TryTransmit();
}

void
InfinibandNetDevice::TraceCredits(uint8_t vl, uint32_t before)
{
    const uint32_t after = m_fc[vl].GetCredits();
    if (after != before)
    {
        m_creditsTrace(vl, before, after);
    }
}

void
InfinibandNetDevice::SetSl2VlTable(const std::array<uint8_t, 16>& table)
{
    for (uint8_t vl : table)
    {
        NS_ABORT_MSG_UNLESS(vl < m_dataVls, "InfinibandNetDevice: SL2VL to VL " << uint32_t(vl));
    }
    m_sl2vl = table;
    m_sl2vlSet = true;
}

uint8_t
InfinibandNetDevice::GetVl(uint8_t sl) const
{
    NS_ASSERT(sl < 16);
    return m_sl2vlSet ? m_sl2vl[sl] : sl % m_dataVls; // default: SL mod DataVls
}

void
InfinibandNetDevice::SetVlArbitration(std::vector<InfinibandVlArbiter::Entry> high,
                                      std::vector<InfinibandVlArbiter::Entry> low)
{
    m_arbiter.SetTables(std::move(high), std::move(low));
    m_arbiterSet = true;
}

InfinibandRate
InfinibandNetDevice::GetRate() const
{
    return InfinibandRate(m_width, m_speed);
}

uint8_t
InfinibandNetDevice::GetDataVls() const
{
    return m_dataVls;
}

uint32_t
InfinibandNetDevice::GetCredits(uint8_t vl) const
{
    NS_ASSERT(vl < m_dataVls);
    return m_fc[vl].GetCredits();
}

uint32_t
InfinibandNetDevice::GetHeldBlocks(uint8_t vl) const
{
    NS_ASSERT(vl < m_dataVls);
    return m_fc[vl].GetHeld();
}

Ptr<InfinibandChannel>
InfinibandNetDevice::GetInfinibandChannel() const
{
    return m_channel;
}

bool
InfinibandNetDevice::Attach(Ptr<InfinibandChannel> channel)
{
    if (!channel->Attach(this))
    {
        return false;
    }
    m_channel = channel;
    return true;
}

void
InfinibandNetDevice::SetIfIndex(const uint32_t index)
{
    m_ifIndex = index;
}

uint32_t
InfinibandNetDevice::GetIfIndex() const
{
    return m_ifIndex;
}

Ptr<Channel>
InfinibandNetDevice::GetChannel() const
{
    return m_channel;
}

void
InfinibandNetDevice::SetAddress(Address address)
{
    m_lid = Mac16Address::ConvertFrom(address);
}

Address
InfinibandNetDevice::GetAddress() const
{
    return m_lid;
}

bool
InfinibandNetDevice::SetMtu(const uint16_t mtu)
{
    if (!Size::IsValidMtu(mtu))
    {
        return false;
    }
    m_mtu = Mtu(mtu);
    return true;
}

uint16_t
InfinibandNetDevice::GetMtu() const
{
    return m_mtu;
}

bool
InfinibandNetDevice::IsLinkUp() const
{
    return m_linkUp;
}

void
InfinibandNetDevice::AddLinkChangeCallback(Callback<void> callback)
{
    m_linkChange.ConnectWithoutContext(callback);
}

bool
InfinibandNetDevice::IsBroadcast() const
{
    return false;
}

Address
InfinibandNetDevice::GetBroadcast() const
{
    return Mac16Address(0xFFFF); // the permissive LID
}

bool
InfinibandNetDevice::IsMulticast() const
{
    return false;
}

Address
InfinibandNetDevice::GetMulticast(Ipv4Address /* multicastGroup */) const
{
    return GetBroadcast();
}

Address
InfinibandNetDevice::GetMulticast(Ipv6Address /* addr */) const
{
    return GetBroadcast();
}

bool
InfinibandNetDevice::IsBridge() const
{
    return false;
}

bool
InfinibandNetDevice::IsPointToPoint() const
{
    return false;
}

bool
InfinibandNetDevice::Send(Ptr<Packet> packet, const Address& dest, uint16_t /* protocol */)
{
    return SendTo(packet, Mac16Address::ConvertFrom(dest), m_serviceLevel);
}

bool
InfinibandNetDevice::SendFrom(Ptr<Packet> /* packet */,
                              const Address& /* source */,
                              const Address& /* dest */,
                              uint16_t /* protocolNumber */)
{
    return false;
}

Ptr<Node>
InfinibandNetDevice::GetNode() const
{
    return m_node;
}

void
InfinibandNetDevice::SetNode(Ptr<Node> node)
{
    m_node = node;
}

bool
InfinibandNetDevice::NeedsArp() const
{
    return false;
}

void
InfinibandNetDevice::SetReceiveCallback(NetDevice::ReceiveCallback cb)
{
    m_rxCallback = cb;
}

void
InfinibandNetDevice::SetPromiscReceiveCallback(NetDevice::PromiscReceiveCallback cb)
{
    m_promiscCallback = cb;
}

bool
InfinibandNetDevice::SupportsSendFrom() const
{
    return false;
}

} // namespace hybridnet
} // namespace ns3
