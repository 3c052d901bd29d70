/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ethernet-net-device.h"

#include "ethernet-channel.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/drop-tail-queue.h"
#include "ns3/ethernet-header.h"
#include "ns3/ethernet-trailer.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/pointer.h"
#include "ns3/queue.h"
#include "ns3/simulator.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <array>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetEthernetNetDevice");
NS_OBJECT_ENSURE_REGISTERED(EthernetNetDevice);

namespace
{
constexpr uint32_t kHeaderBytes = 14;         //!< destination, source, EtherType
constexpr uint32_t kFcsBytes = 4;             //!< frame check sequence
constexpr uint32_t kVlanTagBytes = 4;         //!< 802.1Q TPID + TCI
constexpr uint32_t kMinFrameBytes = 64;       //!< minimum frame, equation (1)
constexpr uint32_t kPreambleBytes = 8;        //!< preamble + SFD
constexpr uint32_t kGapBytes = 12;            //!< inter-frame gap
constexpr uint64_t kMinRate = 10'000'000;     //!< 10 Mb/s
constexpr uint64_t kMaxRate = 10'000'000'000; //!< 10 Gb/s
constexpr uint32_t kPauseL3Bytes = 46;        //!< opcode, pause_time, 42 reserved bytes
constexpr uint64_t kQuantumBits = 512;        //!< one pause quantum, equation (6)
} // namespace

TypeId
EthernetNetDevice::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::EthernetNetDevice")
            .SetParent<NetDevice>()
            .SetGroupName("Hybridnet")
            .AddConstructor<EthernetNetDevice>()
            .AddAttribute("DataRate",
                          "Line rate R of equations (3)-(5), bit/s. Range: 10 Mb/s to 10 Gb/s; "
                          "the setter aborts (NS_ABORT_MSG) outside it.",
                          DataRateValue(DataRate("1Gbps")),
                          MakeDataRateAccessor(&EthernetNetDevice::SetDataRate,
                                               &EthernetNetDevice::GetDataRate),
                          MakeDataRateChecker())
            .AddAttribute(
                "Mtu",
                "IP MTU: largest L3 packet of equation (1), bytes (1500 standard, "
                "9000 jumbo). Range: 68 B to 16144 B.",
                UintegerValue(1500),
                MakeUintegerAccessor(&EthernetNetDevice::SetMtu, &EthernetNetDevice::GetMtu),
                MakeUintegerChecker<uint16_t>(68, 16144))
            .AddAttribute("VlanTag",
                          "Whether frames carry an 802.1Q tag: V = 4 B in equation (1) "
                          "(accounted for in wire time and counters, not materialised).",
                          BooleanValue(false),
                          MakeBooleanAccessor(&EthernetNetDevice::m_vlanTag),
                          MakeBooleanChecker())
            .AddAttribute("Address",
                          "MAC address of this device (EthernetHelper allocates one).",
                          Mac48AddressValue(Mac48Address("ff:ff:ff:ff:ff:ff")),
                          MakeMac48AddressAccessor(&EthernetNetDevice::m_address),
                          MakeMac48AddressChecker())
            .AddAttribute("TxQueue",
                          "Transmit queue of frames waiting for the wire. If none is set, a "
                          "ns3::DropTailQueue<Packet> with its default size (in packets) is "
                          "created at the first send.",
                          PointerValue(),
                          MakePointerAccessor(&EthernetNetDevice::m_queue),
                          MakePointerChecker<Queue<Packet>>())
            .AddAttribute("PauseEnabled",
                          "Whether the MAC honours received 802.3x PAUSE frames, equation (6): "
                          "no data frame starts for pause_time x 512 bit times after one "
                          "arrives. Off: PAUSE frames are discarded and ignored. Sending "
                          "PAUSE (SendPause) does not depend on it.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&EthernetNetDevice::m_pauseEnabled),
                          MakeBooleanChecker())
            .AddAttribute("PhyRxLatency",
                          "L_phy of equation (7): time from a frame's last bit at the "
                          "connector (MDI) to its last bit at the MAC (GMII), the receive "
                          "latency of the PHY's decoder and elastic buffer. 0 is an ideal PHY. "
                          "Range: 0 s to 10 us.",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&EthernetNetDevice::m_phyRxLatency),
                          MakeTimeChecker(Seconds(0), MicroSeconds(10)))
            .AddTraceSource("TxFrames",
                            "Frames whose wire slot, equation (4), has ended.",
                            MakeTraceSourceAccessor(&EthernetNetDevice::m_txFrames),
                            "ns3::hybridnet::EthernetNetDevice::CounterCallback")
            .AddTraceSource("TxWireBytes",
                            "Sum of W, equation (2), over the frames of TxFrames, bytes: "
                            "8 TxWireBytes / elapsed time never exceeds R.",
                            MakeTraceSourceAccessor(&EthernetNetDevice::m_txWireBytes),
                            "ns3::hybridnet::EthernetNetDevice::CounterCallback")
            .AddTraceSource("MacTx",
                            "L3 packet accepted from the upper layer for transmission.",
                            MakeTraceSourceAccessor(&EthernetNetDevice::m_macTxTrace),
                            "ns3::hybridnet::EthernetNetDevice::PacketCallback")
            .AddTraceSource("MacTxDrop",
                            "Packet dropped before transmission (link down, above the MTU, "
                            "or TxQueue full).",
                            MakeTraceSourceAccessor(&EthernetNetDevice::m_macTxDropTrace),
                            "ns3::hybridnet::EthernetNetDevice::PacketCallback")
            .AddTraceSource("MacRx",
                            "L3 packet delivered to the upper layer (header and trailer "
                            "removed), for this host, broadcast or multicast.",
                            MakeTraceSourceAccessor(&EthernetNetDevice::m_macRxTrace),
                            "ns3::hybridnet::EthernetNetDevice::PacketCallback")
            .AddTraceSource("MacRxDrop",
                            "Received frame dropped because its FCS is wrong (only with Node "
                            "ChecksumEnabled).",
                            MakeTraceSourceAccessor(&EthernetNetDevice::m_macRxDropTrace),
                            "ns3::hybridnet::EthernetNetDevice::PacketCallback")
            .AddTraceSource("PhyTxBegin",
                            "First bit of a frame (its preamble) goes on the wire.",
                            MakeTraceSourceAccessor(&EthernetNetDevice::m_phyTxBeginTrace),
                            "ns3::hybridnet::EthernetNetDevice::PacketCallback")
            .AddTraceSource("PhyTxEnd",
                            "Last bit of a frame leaves, equation (3); heard by the sinks "
                            "connected when the frame started.",
                            MakeTraceSourceAccessor(&EthernetNetDevice::m_phyTxEndTrace),
                            "ns3::hybridnet::EthernetNetDevice::PacketCallback")
            .AddTraceSource("PhyRxEnd",
                            "Last bit of a frame reaches the MAC: EthernetChannel (1) plus "
                            "the PHY's receive latency, equation (7).",
                            MakeTraceSourceAccessor(&EthernetNetDevice::m_phyRxEndTrace),
                            "ns3::hybridnet::EthernetNetDevice::PacketCallback")
            .AddTraceSource("TxPaused",
                            "Whether the pause timer of equation (6) runs: true from an "
                            "honoured PAUSE with pause_time > 0 until it expires or a PAUSE "
                            "with pause_time 0 arrives.",
                            MakeTraceSourceAccessor(&EthernetNetDevice::m_txPaused),
                            "ns3::TracedValueCallback::Bool")
            .AddTraceSource("PauseTx",
                            "First bit of a PAUSE frame of SendPause goes on the wire; "
                            "argument: its pause_time in quanta.",
                            MakeTraceSourceAccessor(&EthernetNetDevice::m_pauseTxTrace),
                            "ns3::hybridnet::EthernetNetDevice::PauseCallback")
            .AddTraceSource("PauseRx",
                            "A PAUSE frame is honoured (PauseEnabled on); argument: its "
                            "pause_time in quanta.",
                            MakeTraceSourceAccessor(&EthernetNetDevice::m_pauseRxTrace),
                            "ns3::hybridnet::EthernetNetDevice::PauseCallback");
    return tid;
}

EthernetNetDevice::EthernetNetDevice()
{
    NS_LOG_FUNCTION(this);
}

EthernetNetDevice::~EthernetNetDevice() = default;

Mac48Address
EthernetNetDevice::GetPauseAddress()
{
    return Mac48Address("01:80:c2:00:00:01");
}

void
EthernetNetDevice::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_frameEndEvent.Cancel();
    m_slotEndEvent.Cancel();
    m_pauseEndEvent.Cancel();
    m_node = nullptr;
    m_channel = nullptr;
    m_queue = nullptr;
    m_rxCallback =
        MakeNullCallback<bool, Ptr<NetDevice>, Ptr<const Packet>, uint16_t, const Address&>();
    m_promiscCallback = MakeNullCallback<bool,
                                         Ptr<NetDevice>,
                                         Ptr<const Packet>,
                                         uint16_t,
                                         const Address&,
                                         const Address&,
                                         PacketType>();
    NetDevice::DoDispose();
}

void
EthernetNetDevice::SetDataRate(DataRate rate)
{
    NS_LOG_FUNCTION(this << rate);
    NS_ABORT_MSG_IF(rate.GetBitRate() < kMinRate || rate.GetBitRate() > kMaxRate,
                    "EthernetNetDevice: DataRate " << rate << " outside 10 Mb/s .. 10 Gb/s");
    if (m_busy)
    {
        // Equation (5) restarts with the new rate when the current slot ends.
        m_epoch = m_slotEnd;
        m_epochBits = 0;
    }
    m_rate = rate;
}

DataRate
EthernetNetDevice::GetDataRate() const
{
    return m_rate;
}

bool
EthernetNetDevice::Attach(Ptr<EthernetChannel> channel)
{
    NS_LOG_FUNCTION(this << channel);
    if (!channel->Attach(this))
    {
        return false;
    }
    m_channel = channel;
    m_linkChangeCallbacks();
    return true;
}

void
EthernetNetDevice::SetQueue(Ptr<Queue<Packet>> queue)
{
    m_queue = queue;
}

Ptr<Queue<Packet>>
EthernetNetDevice::GetQueue() const
{
    return m_queue;
}

uint32_t
EthernetNetDevice::GetFrameBytes(uint32_t l3Bytes) const
{
    return std::max(kMinFrameBytes,
                    kHeaderBytes + (m_vlanTag ? kVlanTagBytes : 0) + l3Bytes + kFcsBytes);
}

uint32_t
EthernetNetDevice::GetWireBytes(uint32_t l3Bytes) const
{
    return GetFrameBytes(l3Bytes) + kPreambleBytes + kGapBytes;
}

uint64_t
EthernetNetDevice::GetTxFrames() const
{
    return m_txFrames;
}

uint64_t
EthernetNetDevice::GetTxWireBytes() const
{
    return m_txWireBytes;
}

Time
EthernetNetDevice::EpochOffset(uint64_t bits) const
{
    // Equation (5): ceil(bits * steps-per-second / R) in time steps, exact in 128 bits.
    const auto stepsPerSecond = static_cast<unsigned __int128>(Seconds(1).GetTimeStep());
    const auto rate = static_cast<unsigned __int128>(m_rate.GetBitRate());
    const unsigned __int128 steps = (bits * stepsPerSecond + rate - 1) / rate;
    return m_epoch + TimeStep(static_cast<uint64_t>(steps));
}

void
EthernetNetDevice::StartNext(bool backToBack)
{
    NS_LOG_FUNCTION(this << backToBack);
    if (m_busy)
    {
        return; // SlotEnd calls again
    }
    Ptr<Packet> frame;
    const bool control = m_pauseToSend.has_value();
    if (control)
    {
        // MAC Control goes first and is not held back by the pause timer (31B): opcode and
        // pause_time big-endian, then the reserved bytes as zeros.
        const uint16_t quanta = *m_pauseToSend;
        m_pauseToSend.reset();
        std::array<uint8_t, kPauseL3Bytes> payload{};
        payload[0] = PAUSE_OPCODE >> 8;
        payload[1] = PAUSE_OPCODE & 0xff;
        payload[2] = quanta >> 8;
        payload[3] = quanta & 0xff;
        frame = Create<Packet>(payload.data(), payload.size());
        Frame(frame, m_address, GetPauseAddress(), MAC_CONTROL_ETHERTYPE);
        ++m_pauseFramesTx;
        m_pauseTxTrace(quanta);
    }
    else if (!m_txPaused && m_queue)
    {
        frame = m_queue->Dequeue();
    }
    if (!frame)
    {
        return; // idle; SendFrom, SendPause or PauseEnd call again
    }
    if (!backToBack)
    {
        m_epoch = Simulator::Now(); // a new busy period of equation (5)
        m_epochBits = 0;
    }
    TransmitStart(frame, control);
}

void
EthernetNetDevice::TransmitStart(Ptr<Packet> frame, bool control)
{
    NS_LOG_FUNCTION(this << frame << control);
    m_busy = true;
    // The frame holds header + L3 + trailer; GetFrameBytes wants L3.
    const uint32_t l3Bytes = frame->GetSize() - kHeaderBytes - kFcsBytes;
    const uint32_t frameBytes = GetFrameBytes(l3Bytes);
    const uint32_t wireBytes = GetWireBytes(l3Bytes);
    const Time frameEnd = EpochOffset(m_epochBits + 8ULL * (frameBytes + kPreambleBytes));
    m_epochBits += 8ULL * wireBytes;
    m_slotEnd = EpochOffset(m_epochBits);
    const Time now = Simulator::Now();
    m_phyTxBeginTrace(frame);
    m_channel->Transmit(frame, this, frameEnd - now);
    if (!m_phyTxEndTrace.IsEmpty() || (!control && NeedsFrameSent()))
    {
        m_frameEndEvent =
            Simulator::Schedule(frameEnd - now, &EthernetNetDevice::FrameEnd, this, frame, control);
    }
    m_slotEndEvent =
        Simulator::Schedule(m_slotEnd - now, &EthernetNetDevice::SlotEnd, this, wireBytes);
}

void
EthernetNetDevice::FrameEnd(Ptr<Packet> frame, bool control)
{
    if (!control)
    {
        NotifyFrameSent(frame);
    }
    m_phyTxEndTrace(frame);
}

void
EthernetNetDevice::NotifyFrameSent(Ptr<const Packet> /* frame */)
{
}

bool
EthernetNetDevice::NeedsFrameSent() const
{
    return false;
}

void
EthernetNetDevice::NotifyTxDrop(Ptr<const Packet> packet)
{
    m_macTxDropTrace(packet);
}

void
EthernetNetDevice::SlotEnd(uint32_t wireBytes)
{
    NS_LOG_FUNCTION(this << wireBytes);
    m_txFrames += 1;
    m_txWireBytes += wireBytes;
    m_busy = false;
    StartNext(true); // if a frame follows at once: same busy period of equation (5)
}

Time
EthernetNetDevice::GetPhyRxLatency() const
{
    return m_phyRxLatency;
}

void
EthernetNetDevice::ReceiveFromChannel(Ptr<Packet> frame)
{
    NS_LOG_FUNCTION(this << frame);
    if (m_pauseEnabled)
    {
        EthernetHeader header(false);
        frame->PeekHeader(header);
        if (header.GetLengthType() == MAC_CONTROL_ETHERTYPE)
        {
            ReceiveMacControl(frame);
            return;
        }
    }
    Receive(frame);
}

void
EthernetNetDevice::ReceiveMacControl(Ptr<Packet> frame)
{
    NS_LOG_FUNCTION(this << frame);
    m_phyRxEndTrace(frame);
    EthernetTrailer trailer;
    frame->RemoveTrailer(trailer);
    if (Node::ChecksumEnabled())
    {
        trailer.EnableFcs(true);
    }
    if (!trailer.CheckFcs(frame))
    {
        m_macRxDropTrace(frame);
        return;
    }
    EthernetHeader header(false);
    frame->RemoveHeader(header);
    uint8_t parameters[4] = {0, 0, 0, 0};
    frame->CopyData(parameters, sizeof(parameters));
    const uint16_t opcode = (parameters[0] << 8) | parameters[1];
    const Mac48Address destination = header.GetDestination();
    if (opcode != PAUSE_OPCODE || (destination != GetPauseAddress() && destination != m_address))
    {
        NS_LOG_LOGIC("MAC Control frame discarded: opcode " << opcode << " to " << destination);
        return;
    }
    const uint16_t quanta = (parameters[2] << 8) | parameters[3];
    ++m_pauseFramesRx;
    m_pauseRxTrace(quanta);
    // Equation (6): the new pause_time replaces a running timer.
    m_pauseEndEvent.Cancel();
    if (quanta == 0)
    {
        PauseEnd();
        return;
    }
    m_txPaused = true;
    m_pauseEndEvent = Simulator::Schedule(GetPauseTime(quanta), &EthernetNetDevice::PauseEnd, this);
}

void
EthernetNetDevice::Receive(Ptr<Packet> frame)
{
    NS_LOG_FUNCTION(this << frame);
    m_phyRxEndTrace(frame);
    EthernetTrailer trailer;
    frame->RemoveTrailer(trailer);
    if (Node::ChecksumEnabled())
    {
        trailer.EnableFcs(true);
    }
    if (!trailer.CheckFcs(frame))
    {
        m_macRxDropTrace(frame);
        return;
    }
    EthernetHeader header(false);
    frame->RemoveHeader(header);
    const Mac48Address destination = header.GetDestination();
    const uint16_t protocol = header.GetLengthType();
    if (protocol == MAC_CONTROL_ETHERTYPE)
    {
        NS_LOG_LOGIC("MAC Control frame discarded (PauseEnabled off or relayed)");
        return; // never for the upper layer
    }
    PacketType type;
    if (destination.IsBroadcast())
    {
        type = PACKET_BROADCAST;
    }
    else if (destination.IsGroup())
    {
        type = PACKET_MULTICAST;
    }
    else if (destination == m_address)
    {
        type = PACKET_HOST;
    }
    else
    {
        type = PACKET_OTHERHOST;
    }
    if (!m_promiscCallback.IsNull())
    {
        m_promiscCallback(this, frame, protocol, header.GetSource(), destination, type);
    }
    if (type != PACKET_OTHERHOST)
    {
        m_macRxTrace(frame);
        if (!m_rxCallback.IsNull())
        {
            m_rxCallback(this, frame, protocol, header.GetSource());
        }
    }
}

bool
EthernetNetDevice::Send(Ptr<Packet> packet, const Address& dest, uint16_t protocolNumber)
{
    return SendFrom(packet, m_address, dest, protocolNumber);
}

bool
EthernetNetDevice::SendFrom(Ptr<Packet> packet,
                            const Address& source,
                            const Address& dest,
                            uint16_t protocolNumber)
{
    NS_LOG_FUNCTION(this << packet << source << dest << protocolNumber);
    if (!IsLinkUp() || packet->GetSize() > m_mtu)
    {
        m_macTxDropTrace(packet);
        return false;
    }
    m_macTxTrace(packet);
    Frame(packet,
          Mac48Address::ConvertFrom(source),
          Mac48Address::ConvertFrom(dest),
          protocolNumber);
    if (!m_queue)
    {
        m_queue = CreateObject<DropTailQueue<Packet>>();
    }
    if (!m_queue->Enqueue(packet))
    {
        m_macTxDropTrace(packet);
        return false;
    }
    StartNext(false);
    return true;
}

void
EthernetNetDevice::Frame(Ptr<Packet> packet,
                         Mac48Address source,
                         Mac48Address dest,
                         uint16_t etherType)
{
    EthernetHeader header(false);
    header.SetSource(source);
    header.SetDestination(dest);
    header.SetLengthType(etherType); // Ethernet II (DIX): EtherType
    packet->AddHeader(header);
    EthernetTrailer trailer;
    if (Node::ChecksumEnabled())
    {
        trailer.EnableFcs(true);
    }
    trailer.CalcFcs(packet);
    packet->AddTrailer(trailer);
}

bool
EthernetNetDevice::SendPause(uint16_t quanta)
{
    NS_LOG_FUNCTION(this << quanta);
    if (!IsLinkUp())
    {
        return false;
    }
    m_pauseToSend = quanta; // replaces one not yet started
    StartNext(false);
    return true;
}

Time
EthernetNetDevice::GetPauseTime(uint16_t quanta) const
{
    // Equation (6): ceil(q * 512 * steps-per-second / R) in time steps.
    const auto stepsPerSecond = static_cast<unsigned __int128>(Seconds(1).GetTimeStep());
    const auto rate = static_cast<unsigned __int128>(m_rate.GetBitRate());
    const unsigned __int128 bits = static_cast<unsigned __int128>(quanta) * kQuantumBits;
    return TimeStep(static_cast<uint64_t>((bits * stepsPerSecond + rate - 1) / rate));
}

bool
EthernetNetDevice::IsTxPaused() const
{
    return m_txPaused;
}

uint64_t
EthernetNetDevice::GetPauseFramesTx() const
{
    return m_pauseFramesTx;
}

uint64_t
EthernetNetDevice::GetPauseFramesRx() const
{
    return m_pauseFramesRx;
}

void
EthernetNetDevice::PauseEnd()
{
    NS_LOG_FUNCTION(this);
    m_txPaused = false;
    StartNext(false);
}

void
EthernetNetDevice::SetIfIndex(const uint32_t index)
{
    m_ifIndex = index;
}

uint32_t
EthernetNetDevice::GetIfIndex() const
{
    return m_ifIndex;
}

Ptr<Channel>
EthernetNetDevice::GetChannel() const
{
    return m_channel;
}

void
EthernetNetDevice::SetAddress(Address address)
{
    m_address = Mac48Address::ConvertFrom(address);
}

Address
EthernetNetDevice::GetAddress() const
{
    return m_address;
}

bool
EthernetNetDevice::SetMtu(const uint16_t mtu)
{
    if (mtu < 68 || mtu > 16144)
    {
        return false;
    }
    m_mtu = mtu;
    return true;
}

uint16_t
EthernetNetDevice::GetMtu() const
{
    return m_mtu;
}

bool
EthernetNetDevice::IsLinkUp() const
{
    return m_channel && m_channel->IsConnected();
}

void
EthernetNetDevice::AddLinkChangeCallback(Callback<void> callback)
{
    m_linkChangeCallbacks.ConnectWithoutContext(callback);
}

bool
EthernetNetDevice::IsBroadcast() const
{
    return true;
}

Address
EthernetNetDevice::GetBroadcast() const
{
    return Mac48Address::GetBroadcast();
}

bool
EthernetNetDevice::IsMulticast() const
{
    return true;
}

Address
EthernetNetDevice::GetMulticast(Ipv4Address multicastGroup) const
{
    return Mac48Address::GetMulticast(multicastGroup);
}

Address
EthernetNetDevice::GetMulticast(Ipv6Address addr) const
{
    return Mac48Address::GetMulticast(addr);
}

bool
EthernetNetDevice::IsPointToPoint() const
{
    return false; // an Ethernet segment (with one peer): IP resolves addresses with ARP/ND
}

bool
EthernetNetDevice::IsBridge() const
{
    return false;
}

Ptr<Node>
EthernetNetDevice::GetNode() const
{
    return m_node;
}

void
EthernetNetDevice::SetNode(Ptr<Node> node)
{
    m_node = node;
}

bool
EthernetNetDevice::NeedsArp() const
{
    return true;
}

void
EthernetNetDevice::SetReceiveCallback(NetDevice::ReceiveCallback cb)
{
    m_rxCallback = cb;
}

void
EthernetNetDevice::SetPromiscReceiveCallback(PromiscReceiveCallback cb)
{
    m_promiscCallback = cb;
}

bool
EthernetNetDevice::SupportsSendFrom() const
{
    return true;
}

} // namespace hybridnet
} // namespace ns3
