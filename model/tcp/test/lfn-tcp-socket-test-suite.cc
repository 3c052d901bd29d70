/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of LfnTcpSocket: transfers between two nodes over one point-to-point link, with
 * either end running hybridnet's socket or ns-3's TcpSocketBase.  Expected values come from
 * TCP's specifications (slow start doubles per RTT, NewReno halves once per window of
 * losses, a timeout sets cwnd to one segment, RFC 6298 backoff doubles the RTO), and from
 * ns-3's TcpSocketBase in a differential test with the same congestion ops and the same
 * deterministic losses.
 */
#include "hybridnet/lfn-tcp-helper.h"
#include "hybridnet/lfn-tcp-socket.h"
#include "hybridnet/lfn-tcp-stats-log.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/error-model.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/ppp-header.h"
#include "ns3/test.h"
#include "ns3/traffic-control-module.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <vector>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

/**
 * Drops, on a receiving point-to-point device, the first arrival of chosen TCP segments:
 * data segments by stream offset of their first byte (0 = the first data byte), pure ACKs
 * and FINs by count.  Deterministic and independent of the TCP implementation's packet ids.
 */
class SegmentDropper : public ErrorModel
{
  public:
    static TypeId GetTypeId()
    {
        static TypeId tid = TypeId("ns3::hybridnet::test::SegmentDropper")
                                .SetParent<ErrorModel>()
                                .AddConstructor<SegmentDropper>();
        return tid;
    }

    std::multiset<uint32_t> dataOffsets; //!< offsets of data segments to drop, once per entry
    std::set<uint32_t> delayOffsets;     //!< ... to deliver late once (reordering)
    std::set<uint32_t> duplicateOffsets; //!< ... to deliver twice
    std::set<uint32_t> corruptOffsets;   //!< ... whose last payload byte is changed once
    Time extraDelay;                     //!< how late a delayed or duplicate copy arrives
    Ptr<PointToPointNetDevice> device;   //!< where late copies are delivered
    std::set<uint32_t> finArrivals;      //!< FIN arrivals to drop (1 = the first)
    bool dropAllData{false};             //!< drop every data segment (a dead path)
    Time dropAllFrom;                    //!< ... from this time
    Time dropAllUntil;                   //!< ... until this time
    Time dropAcksFrom;                   //!< drop every pure ACK from this time ...
    Time dropAcksUntil;                  //!< ... until this time
    Time holdAcksFrom;                   //!< hold every pure ACK from this time ...
    Time holdAcksUntil;                  //!< ... and deliver it then, in order (a delay spike)
    uint32_t dropped{0};
    uint32_t acksDropped{0};
    uint32_t corrupted{0};
    uint32_t dataSeen{0};

  private:
    bool DoCorrupt(Ptr<Packet> p) override
    {
        Ptr<Packet> copy = p->Copy();
        PppHeader ppp;
        Ipv4Header ip;
        TcpHeader tcp;
        copy->RemoveHeader(ppp);
        copy->RemoveHeader(ip);
        if (ip.GetProtocol() != 6)
        {
            return false;
        }
        copy->RemoveHeader(tcp);
        if (tcp.GetFlags() & TcpHeader::SYN)
        {
            m_isn = tcp.GetSequenceNumber();
            return false;
        }
        if (tcp.GetFlags() & TcpHeader::FIN)
        {
            ++m_fins;
            if (finArrivals.count(m_fins))
            {
                ++dropped;
                return true;
            }
            return false;
        }
        if (copy->GetSize() == 0)
        {
            if (Simulator::Now() >= dropAcksFrom && Simulator::Now() < dropAcksUntil)
            {
                ++acksDropped;
                return true;
            }
            if (Simulator::Now() >= holdAcksFrom && Simulator::Now() < holdAcksUntil)
            {
                Simulator::Schedule(holdAcksUntil - Simulator::Now(),
                                    &PointToPointNetDevice::Receive,
                                    device,
                                    p->Copy());
                return true; // this copy is held back
            }
            return false;
        }
        ++dataSeen;
        if (dropAllData && Simulator::Now() >= dropAllFrom && Simulator::Now() < dropAllUntil)
        {
            ++dropped;
            return true;
        }
        uint32_t offset = tcp.GetSequenceNumber() - (m_isn + 1);
        if (delayOffsets.erase(offset))
        {
            Simulator::Schedule(extraDelay, &PointToPointNetDevice::Receive, device, p->Copy());
            return true; // this copy is held back and arrives extraDelay later
        }
        if (duplicateOffsets.erase(offset))
        {
            Simulator::Schedule(extraDelay, &PointToPointNetDevice::Receive, device, p->Copy());
            return false;
        }
        if (corruptOffsets.erase(offset))
        {
            // a bit error in the payload: only the TCP checksum can tell
            p->RemoveAtEnd(1);
            uint8_t bad = 0xff;
            p->AddAtEnd(Create<Packet>(&bad, 1));
            ++corrupted;
            return false;
        }
        auto it = dataOffsets.find(offset);
        if (it != dataOffsets.end())
        {
            dataOffsets.erase(it); // only the first arrival
            ++dropped;
            return true;
        }
        return false;
    }

    void DoReset() override
    {
    }

    SequenceNumber32 m_isn{0};
    uint32_t m_fins{0};
};

/** One transfer's configuration. */
struct Transfer
{
    bool lfnSender{true};
    bool lfnReceiver{true};
    std::string congestion{"ns3::TcpNewReno"};
    std::string recovery{"ns3::TcpClassicRecovery"};
    std::string rate{"10Mbps"};
    Time delay{MilliSeconds(10)};
    uint32_t queuePackets{1000};
    bool queueDisc{true}; //!< false: the device's drop-tail queue is the only queue
    uint64_t bytes{1000000};
    uint32_t segmentSize{1000};
    uint32_t sndBuf{1 << 20};
    uint32_t rcvBuf{1 << 20};
    bool sack{true};
    bool timestamps{true};
    bool windowScaling{true};
    uint32_t delAckCount{2};
    uint32_t writeSize{1448 * 7};       //!< bytes per application write
    std::multiset<uint32_t> dropData;   //!< stream offsets dropped on their way to the receiver,
                                        //!< once per entry (twice: the first retransmission too)
    std::set<uint32_t> dropFin;         //!< FIN arrivals dropped at the receiver
    Time deadPathFrom;                  //!< drop all data from then ...
    Time deadPathUntil;                 //!< ... until then (RTO backoff)
    std::set<uint32_t> dropFinToSender; //!< FIN arrivals dropped at the sender
    Time dropAcksFrom;                  //!< pure ACKs to the sender dropped from then ...
    Time dropAcksUntil;                 //!< ... until then
    Time holdAcksFrom;                  //!< pure ACKs to the sender held from then ...
    Time holdAcksUntil;                 //!< ... until then (a delay spike on the way back)
    Time persistTimeout{Seconds(6)};    //!< TcpSocket::PersistTimeout
    Time readerPause;                   //!< receiver application does not read until then
    bool closeAfterWrite{true};         //!< false: the sender keeps the connection open
    std::string semantics{"ns3"};
    bool autoTuning{false};
    bool moderateRcvBuf{true};        //!< LfnTcpSocket::ModerateRcvBuf
    bool linuxReceiver{false};        //!< LfnTcpSocket::LinuxReceiver
    std::set<uint32_t> reorderData;   //!< data segments delivered late once
    std::set<uint32_t> duplicateData; //!< data segments delivered twice
    std::set<uint32_t> corruptData;   //!< data segments with a bit error (checksums on)
    Time extraDelay{MilliSeconds(5)}; //!< how late the late and duplicate copies arrive
    std::ostream* web100{nullptr};    //!< LfnTcpStatsLog of the sender, every web100Interval
    Time web100Interval{MilliSeconds(500)};
    uint32_t autoTuningMax{174760};
    bool sndAutoTuning{false};                                   //!< LfnTcpSocket::SndBufAutoTuning
    std::vector<std::pair<Time, uint32_t>>* sendBuffer{nullptr}; //!< SendBuffer trace, if set
    Time stop{Seconds(120)};
    std::string rtoFormula{"rfc6298"}; //!< LfnTcpSocket::RtoFormula
};

/** What a transfer produced. */
struct Outcome
{
    uint64_t received{0};
    Time finish;                                 //!< last byte delivered to the sink
    std::vector<std::pair<Time, uint32_t>> cwnd; //!< sender cwnd trace
    std::vector<std::pair<Time, uint32_t>> ssth; //!< sender ssthresh trace
    std::vector<Time> rto;                       //!< RTO values set (LfnTcpSocket sender)
    uint32_t dropped{0};
    uint32_t acksDropped{0};
    uint32_t corrupted{0};
    uint64_t nonZeroBytes{0}; //!< payload bytes delivered that are not 0 (all writes are 0)
    uint32_t dataSegmentsAtReceiver{0};
    bool senderIsLfn{false};   //!< the sender's socket is an LfnTcpSocket
    bool receiverIsLfn{false}; //!< the accepted socket is an LfnTcpSocket
    bool senderClosed{false};  //!< the sender's socket reported a normal close
    bool receiverClosed{false};
    LfnTcpSocket::Stats senderStats;
    uint32_t peerWindowMax{0};      //!< largest window the receiver advertised (sender's RWND)
    uint32_t peerWindowFirst{0};    //!< the first (the SYN-ACK's)
    uint32_t queueDrops{0};         //!< packets the sender's queue dropped (overflow)
    std::vector<Time> receiverSent; //!< when the receiver sent a segment (LfnTcpSocket)
    uint32_t maxBurstInRecovery{0}; //!< most data segments sent at one instant in Recovery
    /** (recovery point, the cumulative ACK that ended the recovery) per completed recovery */
    std::vector<std::pair<SequenceNumber32, SequenceNumber32>> recoveries;
};

/** Follows an LfnTcpSender's segments and congestion states (Outcome's recovery fields). */
struct RecoveryWatch
{
    Outcome* out{nullptr};
    Ptr<LfnTcpSocket> socket;
    Time burstAt;
    uint32_t burst{0};
    SequenceNumber32 recoveryPoint{0};

    void Sent(Ptr<const Packet> payload, const TcpHeader&, Ptr<const TcpSocket>)
    {
        if (payload->GetSize() == 0 ||
            socket->GetSocketState()->m_congState != TcpSocketState::CA_RECOVERY)
        {
            return;
        }
        burst = Simulator::Now() == burstAt ? burst + 1 : 1;
        burstAt = Simulator::Now();
        out->maxBurstInRecovery = std::max(out->maxBurstInRecovery, burst);
    }

    void StateChanged(TcpSocketState::TcpCongState_t from, TcpSocketState::TcpCongState_t to)
    {
        Ptr<const TcpSocketState> tcb = socket->GetSocketState();
        if (to == TcpSocketState::CA_RECOVERY)
        {
            recoveryPoint = tcb->m_highTxMark; // the ACK that enters has not sent yet
        }
        else if (from == TcpSocketState::CA_RECOVERY && to == TcpSocketState::CA_OPEN)
        {
            out->recoveries.emplace_back(recoveryPoint, tcb->m_lastAckedSeq);
        }
    }
};

void
RecordReceiverSegment(Outcome* out, Ptr<const Packet>, const TcpHeader&, Ptr<const TcpSocket>)
{
    out->receiverSent.push_back(Simulator::Now());
}

/** Reads everything, or nothing until a time (to close the window). */
class Reader
{
  public:
    Outcome* out{nullptr};
    Time pauseUntil;

    void Accept(Ptr<Socket> s, const Address&)
    {
        m_socket = s;
        out->receiverIsLfn = DynamicCast<LfnTcpSocket>(s) != nullptr;
        if (out->receiverIsLfn)
        {
            s->TraceConnectWithoutContext("Tx", MakeBoundCallback(&RecordReceiverSegment, out));
        }
        s->SetRecvCallback(MakeCallback(&Reader::Read, this));
        s->SetCloseCallbacks(MakeCallback(&Reader::Closed, this),
                             MakeCallback(&Reader::Closed, this));
        if (pauseUntil.IsStrictlyPositive())
        {
            Simulator::Schedule(pauseUntil - Simulator::Now(), &Reader::Read, this, s);
        }
    }

    void Read(Ptr<Socket> s)
    {
        if (Simulator::Now() < pauseUntil)
        {
            return;
        }
        while (Ptr<Packet> p = s->Recv(65536, 0))
        {
            if (p->GetSize() == 0)
            {
                break;
            }
            out->received += p->GetSize();
            std::vector<uint8_t> bytes(p->GetSize());
            p->CopyData(bytes.data(), bytes.size());
            out->nonZeroBytes +=
                std::count_if(bytes.begin(), bytes.end(), [](uint8_t b) { return b != 0; });
            out->finish = Simulator::Now();
        }
    }

    void Closed(Ptr<Socket> s)
    {
        Read(s);
        out->receiverClosed = true;
        s->Close();
    }

  private:
    Ptr<Socket> m_socket;
};

/** Writes `bytes`, then closes. */
class Writer
{
  public:
    Outcome* out{nullptr};
    uint64_t remaining{0};
    uint32_t writeSize{0};
    bool close{true};
    Ptr<Socket> socket;

    void Write(Ptr<Socket> s, uint32_t)
    {
        while (remaining > 0)
        {
            uint32_t chunk = static_cast<uint32_t>(std::min<uint64_t>(remaining, writeSize));
            chunk = std::min(chunk, s->GetTxAvailable());
            if (chunk == 0)
            {
                return;
            }
            int sent = s->Send(Create<Packet>(chunk));
            if (sent <= 0)
            {
                return;
            }
            remaining -= static_cast<uint64_t>(sent);
        }
        if (close && !m_closed)
        {
            m_closed = true;
            s->Close();
        }
    }

    void Connected(Ptr<Socket> s)
    {
        Write(s, s->GetTxAvailable());
    }

    void Closed(Ptr<Socket>)
    {
        out->senderClosed = true;
    }

  private:
    bool m_closed{false};
};

void
RecordValue(std::vector<std::pair<Time, uint32_t>>* trace, uint32_t, uint32_t v)
{
    trace->emplace_back(Simulator::Now(), v);
}

void
RecordCwnd(Outcome* out, uint32_t, uint32_t v)
{
    out->cwnd.emplace_back(Simulator::Now(), v);
}

void
RecordSsth(Outcome* out, uint32_t, uint32_t v)
{
    out->ssth.emplace_back(Simulator::Now(), v);
}

void
RecordRto(Outcome* out, Time, Time v)
{
    out->rto.push_back(v);
}

void
CountDrop(uint32_t* drops, Ptr<const Packet>)
{
    ++*drops;
}

void
CountQueueDiscDrop(uint32_t* drops, Ptr<const QueueDiscItem>)
{
    ++*drops;
}

void
RecordRwnd(Outcome* out, uint32_t, uint32_t v)
{
    out->peerWindowMax = std::max(out->peerWindowMax, v);
    out->peerWindowFirst = out->peerWindowFirst ? out->peerWindowFirst : v;
}

/** Runs one transfer in a fresh simulation. */
Outcome
RunTransfer(const Transfer& t)
{
    Config::Reset();
    GlobalValue::Bind("ChecksumEnabled", BooleanValue(!t.corruptData.empty()));
    RngSeedManager::SetSeed(1);
    RngSeedManager::SetRun(1);
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(t.segmentSize));
    Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(t.sndBuf));
    Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(t.rcvBuf));
    Config::SetDefault("ns3::TcpSocket::DelAckCount", UintegerValue(t.delAckCount));
    Config::SetDefault("ns3::TcpSocket::PersistTimeout", TimeValue(t.persistTimeout));
    Config::SetDefault("ns3::TcpSocketBase::Sack", BooleanValue(t.sack));
    Config::SetDefault("ns3::TcpSocketBase::Timestamp", BooleanValue(t.timestamps));
    Config::SetDefault("ns3::TcpSocketBase::WindowScaling", BooleanValue(t.windowScaling));
    Config::SetDefault("ns3::TcpSocketBase::MinRto", TimeValue(MilliSeconds(200)));
    Config::SetDefault("ns3::hybridnet::LfnTcpSocket::Sack", BooleanValue(t.sack));
    Config::SetDefault("ns3::hybridnet::LfnTcpSocket::Timestamp", BooleanValue(t.timestamps));
    Config::SetDefault("ns3::hybridnet::LfnTcpSocket::WindowScaling",
                       BooleanValue(t.windowScaling));
    Config::SetDefault("ns3::hybridnet::LfnTcpSocket::BufferSemantics", StringValue(t.semantics));
    Config::SetDefault("ns3::hybridnet::LfnTcpSocket::RcvBufAutoTuning",
                       BooleanValue(t.autoTuning));
    Config::SetDefault("ns3::hybridnet::LfnTcpSocket::ModerateRcvBuf",
                       BooleanValue(t.moderateRcvBuf));
    Config::SetDefault("ns3::hybridnet::LfnTcpSocket::LinuxReceiver",
                       BooleanValue(t.linuxReceiver));
    Config::SetDefault("ns3::hybridnet::LfnTcpSocket::AutoTuningMax",
                       UintegerValue(t.autoTuningMax));
    Config::SetDefault("ns3::hybridnet::LfnTcpSocket::SndBufAutoTuning",
                       BooleanValue(t.sndAutoTuning));
    Config::SetDefault("ns3::hybridnet::LfnTcpSocket::RtoFormula", StringValue(t.rtoFormula));
    Config::SetDefault("ns3::TcpL4Protocol::SocketType", StringValue(t.congestion));
    Config::SetDefault("ns3::TcpL4Protocol::RecoveryType", StringValue(t.recovery));

    NodeContainer nodes(2);
    LfnTcpHelper lfn;
    if (t.lfnSender)
    {
        lfn.Install(nodes.Get(0));
    }
    if (t.lfnReceiver)
    {
        lfn.Install(nodes.Get(1));
    }
    InternetStackHelper().Install(nodes);
    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", StringValue(t.rate));
    p2p.SetChannelAttribute("Delay", TimeValue(t.delay));
    p2p.SetQueue("ns3::DropTailQueue",
                 "MaxSize",
                 QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS, t.queuePackets)));
    NetDeviceContainer devices = p2p.Install(nodes);
    Outcome out;
    Ptr<SegmentDropper> dropper = CreateObject<SegmentDropper>();
    dropper->dataOffsets = t.dropData;
    dropper->delayOffsets = t.reorderData;
    dropper->duplicateOffsets = t.duplicateData;
    dropper->corruptOffsets = t.corruptData;
    dropper->extraDelay = t.extraDelay;
    dropper->device = DynamicCast<PointToPointNetDevice>(devices.Get(1));
    dropper->finArrivals = t.dropFin;
    dropper->dropAllData = t.deadPathUntil.IsStrictlyPositive();
    dropper->dropAllFrom = t.deadPathFrom;
    dropper->dropAllUntil = t.deadPathUntil;
    devices.Get(1)->SetAttribute("ReceiveErrorModel", PointerValue(dropper));
    Ptr<SegmentDropper> backDropper = CreateObject<SegmentDropper>();
    backDropper->finArrivals = t.dropFinToSender;
    backDropper->dropAcksFrom = t.dropAcksFrom;
    backDropper->dropAcksUntil = t.dropAcksUntil;
    backDropper->holdAcksFrom = t.holdAcksFrom;
    backDropper->holdAcksUntil = t.holdAcksUntil;
    backDropper->device = DynamicCast<PointToPointNetDevice>(devices.Get(0));
    devices.Get(0)->SetAttribute("ReceiveErrorModel", PointerValue(backDropper));
    Ipv4AddressHelper addresses("10.1.1.0", "255.255.255.0");
    Ipv4InterfaceContainer interfaces = addresses.Assign(devices);
    if (t.queueDisc)
    {
        nodes.Get(0)
            ->GetObject<TrafficControlLayer>()
            ->GetRootQueueDiscOnDevice(devices.Get(0))
            ->TraceConnectWithoutContext("Drop",
                                         MakeBoundCallback(&CountQueueDiscDrop, &out.queueDrops));
    }
    else
    {
        // without a queue disc the device queue stops when full and the traffic-control
        // layer drops what meets it
        TrafficControlHelper().Uninstall(devices);
        nodes.Get(0)->GetObject<TrafficControlLayer>()->TraceConnectWithoutContext(
            "TcDrop",
            MakeBoundCallback(&CountDrop, &out.queueDrops));
    }

    Reader reader;
    reader.out = &out;
    reader.pauseUntil = t.readerPause;
    Ptr<Socket> listener = Socket::CreateSocket(nodes.Get(1), TcpSocketFactory::GetTypeId());
    listener->Bind(InetSocketAddress(Ipv4Address::GetAny(), 5001));
    listener->Listen();
    listener->SetAcceptCallback(MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
                                MakeCallback(&Reader::Accept, &reader));

    Writer writer;
    writer.out = &out;
    writer.remaining = t.bytes;
    writer.writeSize = t.writeSize;
    writer.close = t.closeAfterWrite;
    Ptr<Socket> sender = Socket::CreateSocket(nodes.Get(0), TcpSocketFactory::GetTypeId());
    writer.socket = sender;
    sender->TraceConnectWithoutContext("CongestionWindow", MakeBoundCallback(&RecordCwnd, &out));
    sender->TraceConnectWithoutContext("SlowStartThreshold", MakeBoundCallback(&RecordSsth, &out));
    sender->TraceConnectWithoutContext("RWND", MakeBoundCallback(&RecordRwnd, &out));
    RecoveryWatch watch;
    if (t.lfnSender)
    {
        sender->TraceConnectWithoutContext("RTO", MakeBoundCallback(&RecordRto, &out));
        watch.out = &out;
        watch.socket = DynamicCast<LfnTcpSocket>(sender);
        sender->TraceConnectWithoutContext("Tx", MakeCallback(&RecoveryWatch::Sent, &watch));
        sender->TraceConnectWithoutContext("CongState",
                                           MakeCallback(&RecoveryWatch::StateChanged, &watch));
        if (t.sendBuffer)
        {
            sender->TraceConnectWithoutContext("SendBuffer",
                                               MakeBoundCallback(&RecordValue, t.sendBuffer));
        }
    }
    sender->SetConnectCallback(MakeCallback(&Writer::Connected, &writer),
                               MakeNullCallback<void, Ptr<Socket>>());
    sender->SetSendCallback(MakeCallback(&Writer::Write, &writer));
    sender->SetCloseCallbacks(MakeCallback(&Writer::Closed, &writer),
                              MakeCallback(&Writer::Closed, &writer));
    Simulator::Schedule(MilliSeconds(1), [&]() {
        sender->Connect(InetSocketAddress(interfaces.GetAddress(1), 5001));
    });
    std::unique_ptr<LfnTcpStatsLog> log;
    if (t.web100 && DynamicCast<LfnTcpSocket>(sender))
    {
        log = std::make_unique<LfnTcpStatsLog>(DynamicCast<LfnTcpSocket>(sender),
                                               *t.web100,
                                               t.web100Interval);
        log->Start();
    }
    Simulator::Stop(t.stop);
    Simulator::Run();
    out.dropped = dropper->dropped + backDropper->dropped;
    out.acksDropped = backDropper->acksDropped;
    out.dataSegmentsAtReceiver = dropper->dataSeen;
    log.reset();
    out.senderIsLfn = DynamicCast<LfnTcpSocket>(sender) != nullptr;
    if (auto lfnSocket = DynamicCast<LfnTcpSocket>(sender))
    {
        out.senderStats = lfnSocket->GetStats();
    }
    out.corrupted = dropper->corrupted;
    Simulator::Destroy();
    Config::Reset();
    GlobalValue::Bind("ChecksumEnabled", BooleanValue(false));
    return out;
}

/**
 * @param bytes what the sender writes
 * @return a transfer into a 64000 B receive buffer whose reader does not read until
 *         150 ms, over a 1 ms path, the connection left open, stopped at 1 s
 */
Transfer
PausedReader(uint64_t bytes)
{
    Transfer t;
    t.bytes = bytes;
    t.rcvBuf = 64000;
    t.closeAfterWrite = false;
    t.readerPause = MilliSeconds(150);
    t.delay = MilliSeconds(1);
    t.stop = Seconds(1);
    return t;
}

/** @return cwnd (bytes) at time @p at from a trace (the last value set at or before it) */
uint32_t
CwndAt(const std::vector<std::pair<Time, uint32_t>>& trace, Time at)
{
    uint32_t value = 0;
    for (const auto& [time, v] : trace)
    {
        if (time > at)
        {
            break;
        }
        value = v;
    }
    return value;
}

// ---------------------------------------------------------------------------------------

/** A transfer completes, every byte arrives once, both ends close normally. */
class TransferCompletesTestCase : public TestCase
{
  public:
    TransferCompletesTestCase(std::string name, Transfer t)
        : TestCase(name),
          m_t(std::move(t))
    {
    }

  private:
    void DoRun() override
    {
        Outcome out = RunTransfer(m_t);
        NS_TEST_ASSERT_MSG_EQ(out.senderIsLfn, m_t.lfnSender, "sender implementation");
        NS_TEST_ASSERT_MSG_EQ(out.receiverIsLfn, m_t.lfnReceiver, "receiver implementation");
        if (m_t.lfnSender)
        {
            uint64_t segments = (m_t.bytes + m_t.segmentSize - 1) / m_t.segmentSize;
            NS_TEST_ASSERT_MSG_GT_OR_EQ(out.senderStats.segmentsSent,
                                        segments,
                                        "at least one segment per MSS of data");
            NS_TEST_ASSERT_MSG_GT_OR_EQ(out.senderStats.retransmits,
                                        static_cast<uint64_t>(m_t.dropData.size()),
                                        "each dropped segment retransmitted");
            NS_TEST_ASSERT_MSG_EQ(out.senderStats.bytesAcked, m_t.bytes, "every byte acked");
            if (m_t.dropData.empty() && m_t.dropFin.empty() && m_t.dropFinToSender.empty())
            {
                NS_TEST_EXPECT_MSG_EQ(out.senderStats.retransmits,
                                      0U,
                                      "nothing lost, nothing retransmitted");
            }
        }
        NS_TEST_ASSERT_MSG_EQ(out.received, m_t.bytes, "every byte delivered exactly once");
        NS_TEST_ASSERT_MSG_EQ(out.dropped,
                              m_t.dropData.size() + m_t.dropFin.size() + m_t.dropFinToSender.size(),
                              "the planned drops happened");
        NS_TEST_ASSERT_MSG_EQ(out.receiverClosed, true, "the receiver saw the FIN");
        NS_TEST_ASSERT_MSG_EQ(out.senderClosed, true, "the sender's FIN was acknowledged");
    }

    Transfer m_t;
};

/**
 * Differential test against ns-3's TcpSocketBase: the same transfer, congestion ops and
 * deterministic losses, once with LfnTcpSocket at both ends and once with TcpSocketBase at
 * both ends.  cwnd sampled every millisecond (mean relative difference) and the finish
 * time must agree within tolerances: 1 % and 0.5 %.  The known differences: LfnTcpSocket's
 * SYN and SYN-ACK carry an MSS option (4 bytes each), so everything happens 6.4 us later
 * at 10 Mb/s, which moves some cwnd steps by one sample and can move an RTT sample across
 * a 1 ms timestamp tick (H-TCP's adaptive backoff then differs by < 1 %).
 */
class DifferentialTestCase : public TestCase
{
  public:
    DifferentialTestCase(std::string name, Transfer t, double cwndTolerance, double timeTolerance)
        : TestCase(name),
          m_t(std::move(t)),
          m_cwndTolerance(cwndTolerance),
          m_timeTolerance(timeTolerance)
    {
    }

  private:
    void DoRun() override
    {
        Transfer lfnT = m_t;
        Transfer stockT = m_t;
        stockT.lfnSender = false;
        stockT.lfnReceiver = false;
        lfnT.lfnSender = true;
        lfnT.lfnReceiver = true;
        Outcome lfn = RunTransfer(lfnT);
        Outcome stock = RunTransfer(stockT);
        NS_TEST_ASSERT_MSG_EQ(lfn.received, m_t.bytes, "hybridnet delivered everything");
        NS_TEST_ASSERT_MSG_EQ(stock.received, m_t.bytes, "ns-3 delivered everything");
        double tf = lfn.finish.GetSeconds();
        double ts = stock.finish.GetSeconds();
        // cwnd compared in segments at every 1 ms up to the earlier finish
        Time end = std::min(lfn.finish, stock.finish);
        double sumAbs = 0;
        double sumRef = 0;
        uint32_t worst = 0;
        Time worstAt;
        for (Time at = MilliSeconds(1); at < end; at += MilliSeconds(1))
        {
            uint32_t a = CwndAt(lfn.cwnd, at);
            uint32_t b = CwndAt(stock.cwnd, at);
            uint32_t d = a > b ? a - b : b - a;
            sumAbs += d;
            sumRef += b;
            if (d > worst)
            {
                worst = d;
                worstAt = at;
            }
        }
        double meanRelative = sumRef > 0 ? sumAbs / sumRef : 0;
        std::ostringstream detail;
        detail << "finish " << tf << " s vs ns-3 " << ts << " s; cwnd mean |difference| "
               << meanRelative * 100 << " %, worst " << worst / m_t.segmentSize << " segments at "
               << worstAt.GetSeconds() << " s; drops " << lfn.dropped << " vs " << stock.dropped;
        NS_TEST_EXPECT_MSG_LT_OR_EQ(std::abs(tf - ts) / ts, m_timeTolerance, detail.str());
        NS_TEST_EXPECT_MSG_LT_OR_EQ(meanRelative, m_cwndTolerance, detail.str());
    }

    Transfer m_t;
    double m_cwndTolerance;
    double m_timeTolerance;
};

/**
 * RFC 6298 (5.5): while the path is dead, each timeout doubles the RTO; the transfer
 * resumes when it comes back.
 */
class RtoBackoffTestCase : public TestCase
{
  public:
    RtoBackoffTestCase()
        : TestCase("RTO doubles per timeout while the path is dead")
    {
    }

  private:
    void DoRun() override
    {
        Transfer t;
        t.deadPathFrom = MilliSeconds(300);
        t.deadPathUntil = Seconds(10);
        t.bytes = 500000;
        Outcome out = RunTransfer(t);
        NS_TEST_ASSERT_MSG_EQ(out.received, t.bytes, "transfer completes after the outage");
        // timeouts at T, T + r, T + 3r, T + 7r, ... until one retransmission gets through:
        // with r >= 200 ms and a 9.7 s outage, at least 4 and at most 6 timeouts
        NS_TEST_EXPECT_MSG_GT_OR_EQ(out.senderStats.timeouts, 4U, "several timeouts");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(out.senderStats.timeouts, 6U, "RTO grew exponentially");
        // the RTO values set by consecutive timeouts double
        uint32_t doublings = 0;
        for (std::size_t i = 1; i < out.rto.size(); ++i)
        {
            if (out.rto[i] == out.rto[i - 1] * 2)
            {
                ++doublings;
            }
        }
        NS_TEST_EXPECT_MSG_GT_OR_EQ(doublings,
                                    out.senderStats.timeouts - 1,
                                    "each timeout after the first doubled the RTO");
    }
};

/**
 * NewReno without SACK after a slow-start overshoot, with Linux's Reno bookkeeping
 * (net/ipv4/tcp_input.c): the duplicate ACKs counted during one recovery
 * (tcp_add_reno_sack) are forgotten when a full ACK ends it (tcp_reset_reno_sack in
 * tcp_fastretrans_alert), so a stray duplicate ACK later cannot start a recovery of its
 * own.  Two consequences checked:
 * - every fast retransmit needs a loss: fast retransmits <= queue drops (ns-3's
 *   TcpSocketBase keeps the count, as LfnTcpSocket did: 56-649 fast retransmits for
 *   16-110 drops in transfers like these);
 * - retransmissions <= 5 x drops: what remains above one per drop is segments that had
 *   arrived sent again - by the go-back-N after the start-up's timeout (the Loss state
 *   resends every segment not acknowledged) and by (8b) inside a recovery that outlasts
 *   an RTO (2.0-3.2 x here; 3.7-4.5 x with the timer restarted on the first partial ACK
 *   only); the carried count gave 25-245 x.
 */
class RecoveryWithoutSackTestCase : public TestCase
{
  public:
    RecoveryWithoutSackTestCase(const std::string& rate, Time delay, uint32_t queue)
        : TestCase("no SACK: retransmissions after a slow-start overshoot, " + rate + ", " +
                   std::to_string(delay.GetMilliSeconds()) + " ms, queue " + std::to_string(queue)),
          m_rate(rate),
          m_delay(delay),
          m_queue(queue)
    {
    }

  private:
    void DoRun() override
    {
        Transfer t;
        t.sack = false;
        t.rate = m_rate;
        t.delay = m_delay;
        t.queuePackets = m_queue;
        t.queueDisc = false;
        t.bytes = 5000000;
        t.sndBuf = 1 << 22;
        t.rcvBuf = 1 << 22;
        Outcome out = RunTransfer(t);
        NS_TEST_ASSERT_MSG_EQ(out.received, t.bytes, "transfer completes");
        NS_TEST_ASSERT_MSG_GT(out.queueDrops, 0U, "the slow start overshot the queue");
        std::ostringstream detail;
        detail << out.senderStats.retransmits << " retransmissions, "
               << out.senderStats.fastRetransmits << " fast retransmits, "
               << out.senderStats.timeouts << " timeouts, " << out.queueDrops << " drops";
        NS_TEST_EXPECT_MSG_LT_OR_EQ(out.senderStats.fastRetransmits,
                                    out.queueDrops,
                                    "a recovery without a loss: " << detail.str());
        NS_TEST_EXPECT_MSG_LT_OR_EQ(out.senderStats.retransmits,
                                    5U * out.queueDrops,
                                    "retransmissions far above the drops: " << detail.str());
    }

    std::string m_rate;
    Time m_delay;
    uint32_t m_queue;
};

/**
 * A transfer of 2 MB without SACK that loses @p holes segments, four segments apart, of the
 * window in flight after 200 kB (slow start; the RTT is about 20 ms).
 */
Transfer
HolesInOneWindow(uint32_t holes)
{
    Transfer t;
    t.sack = false;
    t.bytes = 2000000;
    for (uint32_t i = 0; i < holes; ++i)
    {
        t.dropData.insert(200000 + 4000 * i);
    }
    return t;
}

/**
 * The send rule's (2a), the receiver's right edge: a transfer held by the receive window
 * (16 segments of 1000 B against a 25-segment pipe at 10 Mb/s and 20 ms) loses one
 * segment.  In the recovery the receiver holds the 15 segments after the hole out of
 * order, pipe counts none of them, and by (2) alone the sender would send about 15 new
 * segments beyond snd_una + rwnd, which the receiver drops (beyond the window it offered)
 * and which have to be sent again.  With (2a) exactly the one lost segment is sent again
 * (without it: more than one).
 */
class RightEdgeOfWindowTestCase : public TestCase
{
  public:
    RightEdgeOfWindowTestCase()
        : TestCase("send rule (2a): no new data beyond snd_una + rwnd in a SACK recovery")
    {
    }

  private:
    void DoRun() override
    {
        Transfer t;
        t.rcvBuf = 16000;
        t.bytes = 300000;
        t.dropData = {50000};
        Outcome out = RunTransfer(t);
        NS_TEST_ASSERT_MSG_EQ(out.received, t.bytes, "every byte delivered");
        NS_TEST_EXPECT_MSG_EQ(out.dropped, 1U, "one segment dropped on the path");
        NS_TEST_EXPECT_MSG_EQ(out.senderStats.retransmits, 1U, "only the lost one sent again");
        NS_TEST_EXPECT_MSG_EQ(out.senderStats.timeouts, 0U, "no timeout");
    }
};

/**
 * A NewReno recovery without SACK that outlasts an RTO (Linux's rules (8) of LfnTcpSocket):
 * 20 segments of one window are lost, NewReno repairs one hole per round trip (about
 * 20 ms here), so the repair would take about 400 ms against an RTO of 200 ms.  Restarted
 * on the first partial ACK only (RFC 6582's impatient variant), the timer fires in the
 * middle of the recovery: a timeout.  By (8a) and (8d) every partial ACK and the head's
 * retransmission it triggers restart it, so the recovery ends without a timeout (without
 * them: 1 timeout); by (8b), once the head is older than an RTO, every segment first sent
 * more than an RTO ago is lost and sent again at once, without SACK some of them needlessly
 * (without (8b): exactly 20 retransmissions).
 */
class OldSegmentsInRecoveryTestCase : public TestCase
{
  public:
    OldSegmentsInRecoveryTestCase()
        : TestCase("no SACK: a recovery longer than the RTO ends without a timeout")
    {
    }

  private:
    void DoRun() override
    {
        Transfer t = HolesInOneWindow(kHoles);
        Outcome out = RunTransfer(t);
        std::ostringstream detail;
        detail << out.senderStats.retransmits << " retransmissions, "
               << out.senderStats.fastRetransmits << " fast retransmits, "
               << out.senderStats.timeouts << " timeouts, " << out.dropped << " drops";
        NS_TEST_ASSERT_MSG_EQ(out.received, t.bytes, "transfer completes");
        NS_TEST_ASSERT_MSG_EQ(out.dropped, kHoles, "every chosen segment dropped");
        NS_TEST_EXPECT_MSG_EQ(out.senderStats.timeouts, 0U, "no timeout: " << detail.str());
        NS_TEST_EXPECT_MSG_GT(out.senderStats.retransmits,
                              kHoles,
                              "old segments sent again by (8b): " << detail.str());
    }

    static constexpr uint32_t kHoles = 20; //!< segments lost from one window
};

/**
 * The cwnd of a recovery with TcpLinuxRecovery (Linux 2.6's tcp_cwnd_down): never more than
 * one segment above what is in flight, so an ACK releases at most one segment - two when
 * the socket also retransmits the head (entering the recovery, a partial ACK).  The
 * transfer of OldSegmentsInRecoveryTestCase (20 holes in one window, SACK off): its partial
 * ACKs cover four segments each and (8b) marks dozens of old segments lost at once, so with
 * TcpClassicRecovery, whose cwnd stays at ssthresh while pipe falls, single ACKs release
 * bursts (checked too: the test tells the two apart).  Every recovery ends with an ACK
 * above its recovery point (Linux holds Recovery at an ACK of exactly the point without
 * SACK, (10)), and without a timeout.
 */
class RecoveryCwndTestCase : public TestCase
{
  public:
    RecoveryCwndTestCase(std::string recovery, bool burstExpected)
        : TestCase("no SACK: cwnd in recovery with " + recovery),
          m_recovery(std::move(recovery)),
          m_burstExpected(burstExpected)
    {
    }

  private:
    void DoRun() override
    {
        Transfer t = HolesInOneWindow(20);
        t.recovery = m_recovery;
        t.dropData.insert(1500000); // and one loss alone: a recovery of one round trip
        Outcome out = RunTransfer(t);
        std::ostringstream detail;
        detail << "largest burst " << out.maxBurstInRecovery << ", " << out.senderStats.retransmits
               << " retransmissions, " << out.senderStats.timeouts << " timeouts, "
               << out.recoveries.size() << " recoveries";
        NS_TEST_ASSERT_MSG_EQ(out.received, t.bytes, "transfer completes");
        NS_TEST_EXPECT_MSG_EQ(out.senderStats.timeouts, 0U, "no timeout: " << detail.str());
        if (m_burstExpected)
        {
            NS_TEST_EXPECT_MSG_GT(out.maxBurstInRecovery, 2U, "bursts: " << detail.str());
            return;
        }
        NS_TEST_EXPECT_MSG_LT_OR_EQ(out.maxBurstInRecovery, 2U, detail.str());
        NS_TEST_EXPECT_MSG_EQ(out.recoveries.size(), 2U, detail.str());
        for (const auto& [point, exitAck] : out.recoveries)
        {
            NS_TEST_EXPECT_MSG_GT(exitAck, point, "left Recovery at its point: " << detail.str());
        }
    }

    std::string m_recovery;
    bool m_burstExpected;
};

/**
 * A send buffer the application did not set (Linux semantics): it starts at SndBufSize
 * (tcp_wmem[1], 16384 B, not doubled) and each growth is equation (11), Linux's
 * tcp_new_space: 2 max(cwnd, 4 SMSS) at that moment, at most SndBufAutoTuningMax (131072 B),
 * which a transfer whose cwnd passes 64 KiB reaches.  Set by the application it is (5),
 * 2 x 16384 B, and does not grow.
 */
class SendBufferGrowthTestCase : public TestCase
{
  public:
    explicit SendBufferGrowthTestCase(bool autoTuning)
        : TestCase(std::string("send buffer ") +
                   (autoTuning ? "not set: grows as tcp_new_space (11)" : "set: (5), fixed")),
          m_autoTuning(autoTuning)
    {
    }

  private:
    void DoRun() override
    {
        std::vector<std::pair<Time, uint32_t>> sendBuffer;
        Transfer t;
        t.semantics = "linux";
        t.sndBuf = 16384;
        t.sndAutoTuning = m_autoTuning;
        t.sendBuffer = &sendBuffer;
        t.bytes = 2000000;
        Outcome out = RunTransfer(t);
        NS_TEST_ASSERT_MSG_EQ(out.received, t.bytes, "transfer completes");
        if (!m_autoTuning)
        {
            NS_TEST_EXPECT_MSG_EQ(sendBuffer.size(), 1U, "set once, never grown");
            NS_TEST_EXPECT_MSG_EQ(sendBuffer.front().second, 32768U, "(5): doubled");
            return;
        }
        NS_TEST_ASSERT_MSG_GT(sendBuffer.size(), 2U, "the buffer grew");
        NS_TEST_EXPECT_MSG_EQ(sendBuffer.front().second, 16384U, "tcp_wmem[1], not doubled");
        for (std::size_t i = 1; i < sendBuffer.size(); ++i)
        {
            const auto& [at, value] = sendBuffer[i];
            uint32_t cwnd = CwndAt(out.cwnd, at);
            uint32_t expected = std::min(2 * std::max(cwnd, 4 * t.segmentSize), 131072U);
            NS_TEST_EXPECT_MSG_EQ(value, expected, "growth " << i << " at " << at.As(Time::MS));
        }
        NS_TEST_EXPECT_MSG_EQ(sendBuffer.back().second, 131072U, "tcp_wmem[2] reached");
    }

    bool m_autoTuning;
};

/**
 * (11a)-(11b), Linux's tcp_fixup_sndbuf and tcp_fixup_rcvbuf at ESTABLISHED: buffers of
 * 2000 B the kernel gave (not set) are raised for 1000 B segments to S = 3 x 1000 and
 * B = 4 R, R = 1000 + 3 x 128 = 1384 the least that keeps a segment's worth after the
 * quarter (4) holds back: 5536 B, of which 4152 are advertised. Set by the application they
 * stay as (5) makes them (4000 B each, 3000 advertised). Mistake tried: the receive side
 * without its 128 B steps (R = 1000): 3000 advertised, not 4152.
 */
class BufferFixupTestCase : public TestCase
{
  public:
    explicit BufferFixupTestCase(bool kernel)
        : TestCase(
              std::string("buffers ") +
              (kernel ? "the kernel's: raised at ESTABLISHED (11a)-(11b)" : "set: not raised")),
          m_kernel(kernel)
    {
    }

  private:
    void DoRun() override
    {
        std::vector<std::pair<Time, uint32_t>> sendBuffer;
        Transfer t;
        t.semantics = "linux";
        t.segmentSize = 1000;
        t.rcvBuf = 2000;
        t.sndBuf = 2000;
        t.autoTuning = m_kernel;
        t.moderateRcvBuf = false;
        t.sndAutoTuning = m_kernel;
        t.sendBuffer = &sendBuffer;
        t.bytes = 200000;
        Outcome out = RunTransfer(t);
        NS_TEST_ASSERT_MSG_EQ(out.received, t.bytes, "transfer completes");
        NS_TEST_ASSERT_MSG_GT(sendBuffer.size(), 0U, "send buffer traced");
        // the send buffer when the connection was established: the last value at that time
        uint32_t established = 0;
        for (const auto& [at, value] : sendBuffer)
        {
            if (at == sendBuffer.front().first)
            {
                established = value;
            }
        }
        NS_TEST_EXPECT_MSG_EQ(established, m_kernel ? 3000U : 4000U, "(11a) or (5)");
        NS_TEST_EXPECT_MSG_EQ(out.peerWindowMax, m_kernel ? 4152U : 3000U, "(11b) or (5)");
    }

    bool m_kernel;
};

/** A receiver that stops reading closes the window; probes and a window update reopen it. */
class ZeroWindowTestCase : public TestCase
{
  public:
    ZeroWindowTestCase()
        : TestCase("zero window: persist probes, no retransmission, transfer completes")
    {
    }

  private:
    void DoRun() override
    {
        Transfer t;
        t.rcvBuf = 65536;
        t.bytes = 400000;
        t.readerPause = Seconds(4);
        t.persistTimeout = Seconds(1);
        // the window update the reader sends at 4 s is lost: only a probe's answer (the
        // probes at about 1.1, 3.1 and 7.1 s) can reopen the window
        t.dropAcksFrom = Seconds(3.5);
        t.dropAcksUntil = Seconds(4.5);
        Outcome out = RunTransfer(t);
        NS_TEST_ASSERT_MSG_EQ(out.received, t.bytes, "transfer completes");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(out.acksDropped, 1U, "the window update was lost");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(out.finish, Seconds(7), "reopened by the third probe");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(out.finish, Seconds(9), "reopened by the third probe");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(out.senderStats.zeroWindowProbes, 3U, "window probes");
        NS_TEST_EXPECT_MSG_EQ(out.senderStats.retransmits,
                              0U,
                              "probes occupy no sequence space: nothing to retransmit");
        NS_TEST_EXPECT_MSG_EQ(out.senderStats.timeouts, 0U, "no timeout while the window is 0");
    }
};

/**
 * Equation (7), Linux's tcp_cleanup_rbuf: an application read sends an ACK at once if a
 * delayed ACK is pending for more than one segment (7a), or if the window it can now offer is
 * at least twice what is left of the window last advertised, that left being at most half
 * the largest window (7b); otherwise the read sends nothing.  The sender writes `bytes` and
 * keeps the connection open; the reader reads everything once, at 150 ms, long after the
 * last segment arrived (10 Mb/s, 1 ms each way) and before a 200 ms delayed ACK fires.  With
 * a 64000 B buffer (ns-3 semantics, all of it advertised) and 1000 B segments:
 * - 40 segments, an ACK per 2: the last ACK left 24000 B; 64000 >= 2 x 24000: (7b) ACKs;
 * - 23 segments, an ACK per 4: 3 segments unacknowledged (7a), while 41000 B are left
 *   (above half of 64000, so (7b) would not);
 * - 20 segments, an ACK per 2: all acknowledged, 44000 B left: no ACK.
 */
class AckAfterReadTestCase : public TestCase
{
  public:
    AckAfterReadTestCase(uint64_t bytes, uint32_t delAckCount, bool ack)
        : TestCase("ACK after an application read (tcp_cleanup_rbuf): " + std::to_string(bytes) +
                   " B, an ACK per " + std::to_string(delAckCount) + " segments"),
          m_bytes(bytes),
          m_delAckCount(delAckCount),
          m_ack(ack)
    {
    }

  private:
    void DoRun() override
    {
        Transfer t = PausedReader(m_bytes);
        t.delAckCount = m_delAckCount;
        Outcome out = RunTransfer(t);
        NS_TEST_ASSERT_MSG_EQ(out.received, t.bytes, "every byte read at 150 ms");
        NS_TEST_ASSERT_MSG_EQ(out.finish, t.readerPause, "read at 150 ms");
        const auto atRead =
            std::count(out.receiverSent.begin(), out.receiverSent.end(), t.readerPause);
        NS_TEST_EXPECT_MSG_EQ(atRead, m_ack ? 1 : 0, "segments the receiver sends at the read");
    }

    uint64_t m_bytes;
    uint32_t m_delAckCount;
    bool m_ack;
};

/**
 * LinuxReceiver (12), TcpLinuxReceiver (1)-(4), on a 64 KiB buffer (ns-3 semantics, window
 * scale 1) and 1000 B segments: the SYN-ACK offers r_0 = 4 M = 4000 B; r grows by 2 M per
 * segment to C = 65536 - 1000 = 64536 B, the largest window offered; while it grows -
 * (64536 - 4000) / 2000 = 30.3, so for 31 segments - each segment is acknowledged at once
 * instead of every second one: about 31 - 31 / 2 = 15 more ACKs than without it (one more
 * or fewer as the pairs fall after the growth).
 */
class LinuxReceiverTestCase : public TestCase
{
  public:
    LinuxReceiverTestCase()
        : TestCase("Linux receiver (12): 4-segment first window, one ACK per segment while "
                   "it grows, one segment of the buffer reserved")
    {
    }

  private:
    void DoRun() override
    {
        Transfer t;
        t.rcvBuf = 65536;
        t.bytes = 300000;
        Outcome plain = RunTransfer(t);
        t.linuxReceiver = true;
        Outcome out = RunTransfer(t);
        NS_TEST_ASSERT_MSG_EQ(out.received, t.bytes, "transfer completes");
        NS_TEST_EXPECT_MSG_EQ(out.peerWindowFirst, 4000U, "SYN-ACK: 4 M, (1)");
        NS_TEST_EXPECT_MSG_EQ(out.peerWindowMax, 64536U, "C = B - M (ns-3 semantics), (2)");
        NS_TEST_EXPECT_MSG_EQ(plain.peerWindowFirst, 65535U, "without: the free window");
        const auto extra = static_cast<int64_t>(out.receiverSent.size()) -
                           static_cast<int64_t>(plain.receiverSent.size());
        NS_TEST_EXPECT_MSG_GT_OR_EQ(extra, 14, "about 15 more ACKs while r grows");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(extra, 16, "about 15 more ACKs while r grows");
    }
};

/**
 * LinuxReceiver (12b), Linux's __tcp_ack_snd_check: while the reader pauses, a second full
 * segment is acknowledged at once only if the window offered does not shrink. 64000 B
 * buffer (ns-3 semantics), 1000 B segments, 40 of them, reader paused until 150 ms, ACK
 * timer 200 ms. r starts at 4000 B and grows by 2000 B per segment while r < F, the free
 * buffer 64000 - 1000 k after k segments: 4000 + 2000 k < 64000 - 1000 k for k < 20, so
 * about 20 segments grow it, each acknowledged at once (quick ACK, (2)). From then on the
 * window offered is F, one segment smaller per segment: no ACK at all until the read,
 * which sends one (7a). Without (12b) the other 20 segments would bring 10 more ACKs.
 */
class RightEdgeTestCase : public TestCase
{
  public:
    RightEdgeTestCase()
        : TestCase("Linux receiver (12b): no ACK while the window shrinks, then one delayed "
                   "ACK 40 ms later (TcpLinuxReceiver (6))")
    {
    }

  private:
    void DoRun() override
    {
        Transfer t = PausedReader(40000);
        t.linuxReceiver = true;
        Outcome out = RunTransfer(t);
        NS_TEST_ASSERT_MSG_EQ(out.received, t.bytes, "every byte read at 150 ms");
        std::vector<Time> before;
        std::copy_if(out.receiverSent.begin(),
                     out.receiverSent.end(),
                     std::back_inserter(before),
                     [&t](Time s) { return s < t.readerPause; });
        const auto atRead =
            std::count(out.receiverSent.begin(), out.receiverSent.end(), t.readerPause);
        NS_TEST_EXPECT_MSG_GT_OR_EQ(before.size(), 1 + 19 + 1, "SYN-ACK, growth, delayed ACK");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(before.size(), 1 + 21 + 1, "none while the window shrinks");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(before.size(), 2U, "ACKs before the read");
        // the delayed ACK: 40 ms after the first segment it covers, which came one segment
        // time (0.84 ms at 10 Mb/s) after the growth's last ACK
        const Time gap = before.back() - before[before.size() - 2];
        NS_TEST_EXPECT_MSG_GT_OR_EQ(gap, MilliSeconds(40), "a LAN's delayed ACK: 40 ms");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(gap, MilliSeconds(41), "a LAN's delayed ACK: 40 ms");
        NS_TEST_EXPECT_MSG_EQ(atRead, 0, "nothing pending at the read: no (7a)");
    }
};

/**
 * The largest window the receiver advertises: equation (3) with ns-3 semantics (the buffer
 * set) and (4), (5) with Linux 2.6 semantics (twice the buffer set, a quarter kept back).
 */
class AdvertisedWindowTestCase : public TestCase
{
  public:
    AdvertisedWindowTestCase(std::string semantics, uint32_t rcvBuf, uint32_t expected)
        : TestCase("largest advertised window, " + semantics + " semantics, buffer " +
                   std::to_string(rcvBuf)),
          m_semantics(semantics),
          m_rcvBuf(rcvBuf),
          m_expected(expected)
    {
    }

  private:
    void DoRun() override
    {
        Transfer t;
        t.semantics = m_semantics;
        t.rcvBuf = m_rcvBuf;
        t.bytes = 300000;
        Outcome out = RunTransfer(t);
        NS_TEST_ASSERT_MSG_EQ(out.received, t.bytes, "transfer completes");
        NS_TEST_EXPECT_MSG_EQ(out.peerWindowMax, m_expected, "largest window advertised");
    }

    std::string m_semantics;
    uint32_t m_rcvBuf;
    uint32_t m_expected;
};

/**
 * (8e): a lost retransmission is sent again once SACKs show DupThresh segments sent after
 * it arrived - within the recovery, no timeout (TcpSocketBase waits for the RTO: ns-3 issue
 * #1349). One segment and its first retransmission are dropped; without SACK (NewReno) only
 * the timeout can find it.
 */
class LostRetransmissionTestCase : public TestCase
{
  public:
    explicit LostRetransmissionTestCase(bool sack)
        : TestCase(std::string("a lost retransmission, SACK ") +
                   (sack ? "on: resent (8e)" : "off: timeout")),
          m_sack(sack)
    {
    }

  private:
    void DoRun() override
    {
        Transfer t;
        t.sack = m_sack;
        t.dropData = {200000, 200000};
        Outcome out = RunTransfer(t);
        NS_TEST_ASSERT_MSG_EQ(out.received, t.bytes, "transfer completes");
        NS_TEST_EXPECT_MSG_EQ(out.dropped, 2, "the segment and its retransmission");
        if (m_sack)
        {
            NS_TEST_EXPECT_MSG_EQ(out.senderStats.timeouts, 0, "found within the recovery");
            NS_TEST_EXPECT_MSG_EQ(out.senderStats.lostRetransmits, 1, "counted once");
        }
        else
        {
            NS_TEST_EXPECT_MSG_GT_OR_EQ(out.senderStats.timeouts, 1, "only the RTO finds it");
            NS_TEST_EXPECT_MSG_EQ(out.senderStats.lostRetransmits, 0, "(8e) needs SACK");
        }
        NS_TEST_EXPECT_MSG_EQ(out.senderStats.fastRetransmits, 1, "one recovery");
    }

    bool m_sack;
};

/**
 * Receive-buffer autotuning (equation (6)) on a 10 Mb/s path of 20 ms RTT (25 KB per RTT).
 * A 16 KiB SO_RCVBUF the application sets is 32 KiB with Linux's doubling, 24 KiB
 * advertised, and stays so. The kernel's 16 KiB (RcvBufAutoTuning) is not doubled: with
 * ModerateRcvBuf it grows to four times the bytes read per RTT (about 100 KB, 75 KB
 * advertised) and never beyond AutoTuningMax; without (Linux 2.4) it stays at 16 KiB,
 * 12 KiB advertised.
 */
class AutoTuningTestCase : public TestCase
{
  public:
    AutoTuningTestCase(bool on, bool moderate)
        : TestCase(std::string("receive buffer ") + (on ? "the kernel's" : "set") +
                   (moderate ? ", moderated" : ", not moderated")),
          m_on(on),
          m_moderate(moderate)
    {
    }

  private:
    void DoRun() override
    {
        Transfer t;
        t.semantics = "linux";
        t.rcvBuf = 16384;
        t.autoTuning = m_on;
        t.moderateRcvBuf = m_moderate;
        t.autoTuningMax = 1 << 20;
        t.bytes = 2000000;
        Outcome out = RunTransfer(t);
        NS_TEST_ASSERT_MSG_EQ(out.received, t.bytes, "transfer completes");
        if (!m_on)
        {
            NS_TEST_EXPECT_MSG_EQ(out.peerWindowMax, 32768 - 32768 / 4, "set: doubled, fixed");
            return;
        }
        if (!m_moderate)
        {
            NS_TEST_EXPECT_MSG_EQ(out.peerWindowMax, 16384 - 16384 / 4, "as it is, fixed");
            return;
        }
        const uint32_t initial = 16384 - 16384 / 4;
        NS_TEST_EXPECT_MSG_GT(out.peerWindowMax, 4 * initial, "the buffer grew (to about 75 KB)");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(out.peerWindowMax,
                                    (1U << 20) - (1U << 18),
                                    "not beyond AutoTuningMax (three quarters advertised)");
    }

    bool m_on;
    bool m_moderate;
};

/**
 * LfnTcpStatsLog: a header and one row per interval from t = 0 until the simulation stops
 * (5 s every 0.5 s: 10 rows, 0 to 4.5 s; the stop at 5 s was scheduled first), every row with the
 * header's 18 columns, the counters never decreasing and the last row's bytes_acked equal to the
 * transfer.
 */
class StatsLogTestCase : public TestCase
{
  public:
    StatsLogTestCase()
        : TestCase("Web100 statistics log: rows, columns, counters")
    {
    }

  private:
    void DoRun() override
    {
        std::ostringstream csv;
        Transfer t;
        t.bytes = 500000;
        t.stop = Seconds(5);
        t.web100 = &csv;
        Outcome out = RunTransfer(t);
        NS_TEST_ASSERT_MSG_EQ(out.received, t.bytes, "transfer completes");
        std::istringstream in(csv.str());
        std::string line;
        std::getline(in, line);
        NS_TEST_ASSERT_MSG_EQ(line, LfnTcpStatsLog::Header(), "header first");
        std::vector<std::vector<std::string>> rows;
        while (std::getline(in, line))
        {
            std::vector<std::string> cells;
            std::istringstream fields(line);
            std::string cell;
            while (std::getline(fields, cell, ','))
            {
                cells.push_back(cell);
            }
            rows.push_back(cells);
        }
        NS_TEST_ASSERT_MSG_EQ(rows.size(), 10U, "one row per 0.5 s from 0 to 4.5 s");
        uint64_t lastAcked = 0;
        for (std::size_t i = 0; i < rows.size(); ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(rows[i].size(), 18U, "18 columns");
            if (rows[i].size() != 18)
            {
                return;
            }
            NS_TEST_EXPECT_MSG_EQ_TOL(std::stod(rows[i][0]), 0.5 * i, 1e-9, "sample time");
            uint64_t acked = std::stoull(rows[i][10]);
            NS_TEST_EXPECT_MSG_GT_OR_EQ(acked, lastAcked, "bytes_acked never decreases");
            lastAcked = acked;
        }
        NS_TEST_EXPECT_MSG_EQ(lastAcked, t.bytes, "every byte acknowledged at the end");
    }
};

/**
 * Reordering, duplication and corruption: every byte is delivered once and unchanged;
 * what the sender does is what TCP's rules say.
 */
class PathFaultTestCase : public TestCase
{
  public:
    enum Fault
    {
        SMALL_REORDER, //!< one segment 1.5 ms late (fewer than DupThresh segments pass it)
        LARGE_REORDER, //!< one segment 10 ms late (12 segments pass it: spurious recovery)
        LARGE_REORDER_NO_TIMESTAMPS, //!< the same without time stamps: no undo
        DUPLICATE,                   //!< three segments delivered twice
        CORRUPT,                     //!< three segments with a bit error, checksums on
    };

    PathFaultTestCase(Fault fault, bool sack)
        : TestCase(std::string(Name(fault)) + (sack ? ", SACK" : ", no SACK")),
          m_fault(fault),
          m_sack(sack)
    {
    }

  private:
    static const char* Name(Fault fault)
    {
        switch (fault)
        {
        case SMALL_REORDER:
            return "one segment 1.5 ms late: no retransmission";
        case LARGE_REORDER:
            return "one segment 10 ms late: spurious fast retransmit undone, data intact";
        case LARGE_REORDER_NO_TIMESTAMPS:
            return "one segment 10 ms late, no time stamps: spurious fast retransmit kept";
        case DUPLICATE:
            return "duplicated segments: delivered once, nothing retransmitted";
        default:
            return "corrupted segments: dropped by the checksum and retransmitted";
        }
    }

    void DoRun() override
    {
        Transfer t;
        t.sack = m_sack;
        std::set<uint32_t> three{100000, 300000, 600000};
        switch (m_fault)
        {
        case SMALL_REORDER:
            t.reorderData = {300000};
            t.extraDelay = MicroSeconds(1500);
            break;
        case LARGE_REORDER:
        case LARGE_REORDER_NO_TIMESTAMPS:
            t.reorderData = {300000};
            t.extraDelay = MilliSeconds(10);
            t.timestamps = m_fault == LARGE_REORDER;
            break;
        case DUPLICATE:
            t.duplicateData = three;
            break;
        case CORRUPT:
            t.corruptData = three;
            break;
        }
        Outcome out = RunTransfer(t);
        NS_TEST_ASSERT_MSG_EQ(out.received, t.bytes, "every byte delivered once");
        NS_TEST_EXPECT_MSG_EQ(out.nonZeroBytes, 0U, "no corrupted byte delivered");
        NS_TEST_EXPECT_MSG_EQ(out.receiverClosed && out.senderClosed, true, "both closed");
        const auto& st = out.senderStats;
        switch (m_fault)
        {
        case SMALL_REORDER:
        case DUPLICATE:
            NS_TEST_EXPECT_MSG_EQ(st.retransmits, 0U, "nothing was lost");
            NS_TEST_EXPECT_MSG_EQ(st.fastRetransmits, 0U, "no recovery entered");
            break;
        case LARGE_REORDER:
            ExpectUndone(out);
            break;
        case LARGE_REORDER_NO_TIMESTAMPS:
            NS_TEST_EXPECT_MSG_EQ(st.undos, 0U, "no time stamp to tell a late segment by");
            if (m_sack)
            {
                NS_TEST_EXPECT_MSG_EQ(st.fastRetransmits,
                                      1U,
                                      "DupThresh duplicate ACKs: one "
                                      "(spurious) recovery");
            }
            else
            {
                // NewReno (RFC 6582) cannot tell the late segment's ACKs from partial ACKs:
                // it retransmits the next segment at each, and the duplicates that reach
                // the receiver start further recoveries - as ns-3's TcpSocketBase does
                // (same ssthresh sequence, docs/modules/tcp.md)
                NS_TEST_EXPECT_MSG_GT_OR_EQ(st.fastRetransmits, 1U, "spurious recoveries");
                NS_TEST_EXPECT_MSG_GT(st.retransmits, 10U, "a retransmission per partial ACK");
            }
            NS_TEST_EXPECT_MSG_EQ(st.timeouts, 0U, "no timeout");
            break;
        case CORRUPT:
            NS_TEST_EXPECT_MSG_EQ(out.corrupted, 3U, "three segments corrupted");
            NS_TEST_EXPECT_MSG_EQ(st.fastRetransmits, 3U, "each recovered by fast retransmit");
            NS_TEST_EXPECT_MSG_GT_OR_EQ(st.retransmits, 3U, "each retransmitted");
            NS_TEST_EXPECT_MSG_EQ(st.timeouts, 0U, "no timeout");
            break;
        }
    }

    /**
     * LfnTcpSocket (13): the late original reaches the receiver 10 ms after its time, long
     * before the fast retransmission of it (sent one RTT, 20 ms, plus three segment times
     * after it, behind a queue of about 150 segments), so the ACK it brings echoes its own
     * time stamp, 22 ms older than the retransmission's: the partial ACKs restore cwnd to
     * twice the halved ssthresh and nothing else is retransmitted.  Whether ssthresh comes
     * back too depends on which arrives first at the receiver, the ACK that ends the
     * recovery or the needless retransmission, whose time stamp the receiver echoes from
     * then on (RFC 7323 TS.Recent, Linux's tcp_replace_ts_recent): with SACK the recovery
     * ends first and ssthresh is restored; without SACK Recovery is held until an ACK above
     * the recovery point (10) and the retransmission is there first, so ssthresh stays
     * halved - as on Linux, which then needs D-SACK (not modelled) to undo.
     */
    void ExpectUndone(const Outcome& out)
    {
        const auto& st = out.senderStats;
        NS_TEST_EXPECT_MSG_EQ(st.fastRetransmits, 1U, "one (spurious) recovery");
        NS_TEST_EXPECT_MSG_EQ(st.retransmits, 1U, "only the fast retransmission");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(st.undos, 1U, "the reduction undone");
        NS_TEST_EXPECT_MSG_EQ(st.timeouts, 0U, "no timeout");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(out.ssth.size(), 2U, "ssthresh reduced");
        const auto [reducedAt, reduced] = out.ssth[1];
        uint32_t largest = 0; // cwnd after the reduction
        for (const auto& [at, cwnd] : out.cwnd)
        {
            largest = at > reducedAt ? std::max(largest, cwnd) : largest;
        }
        NS_TEST_EXPECT_MSG_GT_OR_EQ(largest, 2 * reduced, "cwnd back to twice ssthresh");
        if (m_sack)
        {
            NS_TEST_EXPECT_MSG_EQ(out.ssth.back().second,
                                  out.ssth.front().second,
                                  "ssthresh back to its value before the recovery");
        }
        else
        {
            NS_TEST_EXPECT_MSG_EQ(out.ssth.back().second, reduced, "ssthresh stays halved");
        }
    }

    Fault m_fault;
    bool m_sack;
};

/**
 * LfnTcpSocket (13) after a timeout (Linux's tcp_try_undo_loss and tcp_try_undo_recovery in
 * Loss): a window-limited transfer (32 KiB window, 20 ms RTT, RTO at its 200 ms minimum)
 * whose ACKs are held from 0.3 to 0.7 s, a delay spike on the way back.  The timer fires at
 * about 0.5 s (once: the next, backed off, would come at 0.9 s) and the head is sent again;
 * at 0.7 s the held ACKs arrive, echoing time stamps older than that retransmission, so
 * the timeout was spurious: undone, the loss marks forgotten (no go-back-N), and ssthresh
 * back where it was.  Without time stamps nothing tells: the timeout stands.
 */
class SpuriousTimeoutTestCase : public TestCase
{
  public:
    SpuriousTimeoutTestCase(bool timestamps, bool sack)
        : TestCase(std::string("ACKs held 400 ms: spurious timeout ") +
                   (timestamps ? "undone" : "kept, no time stamps") +
                   (sack ? ", SACK" : ", no SACK")),
          m_timestamps(timestamps),
          m_sack(sack)
    {
    }

  private:
    void DoRun() override
    {
        Transfer t;
        t.rcvBuf = 32768;
        t.sack = m_sack;
        t.timestamps = m_timestamps;
        t.holdAcksFrom = Seconds(0.3);
        t.holdAcksUntil = Seconds(0.7);
        Outcome out = RunTransfer(t);
        const auto& st = out.senderStats;
        NS_TEST_ASSERT_MSG_EQ(out.received, t.bytes, "transfer completes");
        NS_TEST_EXPECT_MSG_EQ(st.timeouts, 1U, "one timeout during the spike");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(out.ssth.size(), 2U, "ssthresh reduced at the timeout");
        if (m_timestamps)
        {
            NS_TEST_EXPECT_MSG_EQ(st.undos, 1U, "the timeout undone");
            NS_TEST_EXPECT_MSG_EQ(st.retransmits, 1U, "only the head, no go-back-N");
            NS_TEST_EXPECT_MSG_EQ(out.ssth.back().second,
                                  out.ssth.front().second,
                                  "ssthresh back to its value before the timeout");
        }
        else
        {
            NS_TEST_EXPECT_MSG_EQ(st.undos, 0U, "nothing to tell a late ACK by");
            NS_TEST_EXPECT_MSG_GT(st.retransmits, 1U, "go-back-N");
            NS_TEST_EXPECT_MSG_LT(out.ssth.back().second, out.ssth.front().second, "reduced");
        }
    }

    bool m_timestamps;
    bool m_sack;
};

/**
 * LfnTcpSocket (15): a transfer whose 128 KiB window just fills a 10 Mb/s, 100 ms path (BDP
 * 125 kB), so ACKs arrive every 1.6 ms on a steady RTT whose variation decays to almost
 * nothing; then its ACKs are held 250 ms (1.0 to 1.25 s). rfc6298 (15a): RTO = max(200 ms,
 * srtt + ~0) = 200 ms from the last ACK before 1.0 s, so the timer fires while the ACKs are
 * held: one (spurious) timeout. linux (15b): RTO = srtt + 200 ms, about 305 ms, outlasts
 * the spike: no timeout.
 */
class RtoFormulaTestCase : public TestCase
{
  public:
    explicit RtoFormulaTestCase(bool linux)
        : TestCase(std::string("RTO on a steady 100 ms path, ACKs held 250 ms: ") +
                   (linux ? "linux, srtt + 200 ms: no timeout" : "rfc6298, 200 ms: a timeout")),
          m_linux(linux)
    {
    }

  private:
    void DoRun() override
    {
        Transfer t;
        t.delay = MilliSeconds(50);
        t.rcvBuf = 131072;
        t.bytes = 3000000;
        t.rtoFormula = m_linux ? "linux" : "rfc6298";
        t.holdAcksFrom = Seconds(1.0);
        t.holdAcksUntil = Seconds(1.25);
        Outcome out = RunTransfer(t);
        NS_TEST_ASSERT_MSG_EQ(out.received, t.bytes, "transfer completes");
        NS_TEST_ASSERT_MSG_EQ(out.rto.empty(), false, "RTO traced");
        const Time last = out.rto.back();
        if (m_linux)
        {
            NS_TEST_EXPECT_MSG_EQ(out.senderStats.timeouts, 0U, "the spike is shorter than RTO");
            NS_TEST_EXPECT_MSG_GT_OR_EQ(last, MilliSeconds(300), "(15b): srtt + 200 ms");
            NS_TEST_EXPECT_MSG_LT(last, MilliSeconds(320), "(15b): rttvar has decayed");
        }
        else
        {
            NS_TEST_EXPECT_MSG_EQ(out.senderStats.timeouts, 1U, "fires during the spike");
            NS_TEST_EXPECT_MSG_EQ(last, MilliSeconds(200), "(15a): the minimum");
        }
    }

    bool m_linux;
};

/**
 * ns-3's applications run on LfnTcpSocket unchanged: BulkSend (MaxBytes) and OnOff (a
 * constant 2 Mb/s for 4 s: 1 MB) to PacketSinks, through the helpers and
 * "ns3::TcpSocketFactory", every byte delivered.
 */
class ApplicationsTestCase : public TestCase
{
  public:
    ApplicationsTestCase()
        : TestCase("ns-3 applications unchanged: BulkSend, OnOff, PacketSink")
    {
    }

  private:
    void DoRun() override
    {
        Config::Reset();
        NodeContainer nodes(2);
        LfnTcpHelper().Install(nodes);
        InternetStackHelper().Install(nodes);
        PointToPointHelper p2p;
        p2p.SetDeviceAttribute("DataRate", StringValue("10Mbps"));
        p2p.SetChannelAttribute("Delay", StringValue("10ms"));
        Ipv4AddressHelper addresses("10.1.1.0", "255.255.255.0");
        Ipv4InterfaceContainer ifs = addresses.Assign(p2p.Install(nodes));
        PacketSinkHelper sinks("ns3::TcpSocketFactory",
                               InetSocketAddress(Ipv4Address::GetAny(), 5001));
        Ptr<PacketSink> bulkSink = DynamicCast<PacketSink>(sinks.Install(nodes.Get(1)).Get(0));
        sinks.SetAttribute("Local", AddressValue(InetSocketAddress(Ipv4Address::GetAny(), 5002)));
        Ptr<PacketSink> onOffSink = DynamicCast<PacketSink>(sinks.Install(nodes.Get(1)).Get(0));

        BulkSendHelper bulk("ns3::TcpSocketFactory", InetSocketAddress(ifs.GetAddress(1), 5001));
        bulk.SetAttribute("MaxBytes", UintegerValue(3000000));
        bulk.Install(nodes.Get(0)).Start(Seconds(0.1));
        OnOffHelper onOff("ns3::TcpSocketFactory", InetSocketAddress(ifs.GetAddress(1), 5002));
        onOff.SetConstantRate(DataRate("2Mbps"), 1000);
        onOff.SetAttribute("MaxBytes", UintegerValue(1000000));
        ApplicationContainer onOffApp = onOff.Install(nodes.Get(0));
        onOffApp.Start(Seconds(0.1));
        onOffApp.Stop(Seconds(10));
        Simulator::Stop(Seconds(20));
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(bulkSink->GetTotalRx(), 3000000U, "BulkSend's bytes");
        NS_TEST_EXPECT_MSG_EQ(onOffSink->GetTotalRx(), 1000000U, "OnOff's bytes");
        bool lfnSocket = !bulkSink->GetAcceptedSockets().empty() &&
                         DynamicCast<LfnTcpSocket>(bulkSink->GetAcceptedSockets().front());
        NS_TEST_EXPECT_MSG_EQ(lfnSocket, true, "the sink's socket is an LfnTcpSocket");
        Simulator::Destroy();
    }
};

} // namespace

/** The suite. */
class LfnTcpSocketTestSuite : public TestSuite
{
  public:
    LfnTcpSocketTestSuite()
        : TestSuite("hybridnet-lfn-tcp-socket", Type::UNIT)
    {
        Transfer plain;
        AddTestCase(new TransferCompletesTestCase("lfn to lfn, no loss", plain), Duration::QUICK);
        Transfer toStock = plain;
        toStock.lfnReceiver = false;
        AddTestCase(new TransferCompletesTestCase("lfn to ns-3 receiver", toStock),
                    Duration::QUICK);
        Transfer fromStock = plain;
        fromStock.lfnSender = false;
        AddTestCase(new TransferCompletesTestCase("ns-3 sender to lfn", fromStock),
                    Duration::QUICK);
        // small writes from the send callback into a full send buffer (the application
        // writes while the socket is sending: they must only be appended)
        Transfer smallWrites = plain;
        smallWrites.sndBuf = 65536;
        smallWrites.writeSize = 512;
        AddTestCase(
            new TransferCompletesTestCase("small writes into a full send buffer", smallWrites),
            Duration::QUICK);
        Transfer lossy = plain;
        lossy.dropData = {100000, 101000, 250000, 600000};
        AddTestCase(new TransferCompletesTestCase("lfn SACK recovery", lossy), Duration::QUICK);
        lossy.sack = false;
        AddTestCase(new TransferCompletesTestCase("lfn NewReno recovery", lossy), Duration::QUICK);
        lossy.recovery = "ns3::hybridnet::TcpPrrRecoveryRfc6937";
        AddTestCase(new TransferCompletesTestCase("lfn NewReno recovery, RFC 6937 PRR", lossy),
                    Duration::QUICK);
        lossy.sack = true;
        AddTestCase(new TransferCompletesTestCase("lfn SACK recovery, RFC 6937 PRR", lossy),
                    Duration::QUICK);

        Transfer finLost = plain;
        finLost.dropFin = {1};
        finLost.dropFinToSender = {1};
        AddTestCase(new TransferCompletesTestCase("teardown with both FINs lost once", finLost),
                    Duration::QUICK);
        Transfer finLostNoSack = finLost;
        finLostNoSack.sack = false;
        finLostNoSack.timestamps = false;
        AddTestCase(
            new TransferCompletesTestCase("teardown with FINs lost, no options", finLostNoSack),
            Duration::QUICK);
        AddTestCase(new RtoBackoffTestCase(), Duration::QUICK);
        AddTestCase(new OldSegmentsInRecoveryTestCase(), Duration::QUICK);
        AddTestCase(new RecoveryCwndTestCase("ns3::hybridnet::TcpLinuxRecovery", false),
                    Duration::QUICK);
        AddTestCase(new RecoveryCwndTestCase("ns3::TcpClassicRecovery", true), Duration::QUICK);
        AddTestCase(new ZeroWindowTestCase(), Duration::QUICK);
        AddTestCase(new AckAfterReadTestCase(40000, 2, true), Duration::QUICK);
        AddTestCase(new AckAfterReadTestCase(23000, 4, true), Duration::QUICK);
        AddTestCase(new AckAfterReadTestCase(20000, 2, false), Duration::QUICK);
        AddTestCase(new RecoveryWithoutSackTestCase("10Mbps", MilliSeconds(25), 20),
                    Duration::QUICK);
        AddTestCase(new RecoveryWithoutSackTestCase("10Mbps", MilliSeconds(25), 100),
                    Duration::QUICK);
        AddTestCase(new RecoveryWithoutSackTestCase("100Mbps", MilliSeconds(5), 50),
                    Duration::QUICK);
        AddTestCase(new RecoveryWithoutSackTestCase("100Mbps", MilliSeconds(25), 100),
                    Duration::QUICK);
        // ns3: 65536 advertised as 32768 << 1; linux: 2 * 65536 = 131072, three quarters
        AddTestCase(new AdvertisedWindowTestCase("ns3", 65536, 65536), Duration::QUICK);
        AddTestCase(new AdvertisedWindowTestCase("linux", 65536, 98304), Duration::QUICK);
        // linux: SO_RCVBUF above rmem_max (131071) is clipped: 2 * 131071 = 262142, minus a
        // quarter (65535) = 196607, advertised in units of 2^2 (shift 2): 196604
        AddTestCase(new AdvertisedWindowTestCase("linux", 1000000, 196604), Duration::QUICK);
        AddTestCase(new LostRetransmissionTestCase(true), Duration::QUICK);
        AddTestCase(new LostRetransmissionTestCase(false), Duration::QUICK);
        AddTestCase(new AutoTuningTestCase(false, true), Duration::QUICK);
        AddTestCase(new AutoTuningTestCase(true, true), Duration::QUICK);
        AddTestCase(new AutoTuningTestCase(true, false), Duration::QUICK);
        AddTestCase(new SendBufferGrowthTestCase(true), Duration::QUICK);
        AddTestCase(new SendBufferGrowthTestCase(false), Duration::QUICK);
        AddTestCase(new BufferFixupTestCase(true), Duration::QUICK);
        AddTestCase(new BufferFixupTestCase(false), Duration::QUICK);
        AddTestCase(new StatsLogTestCase(), Duration::QUICK);
        AddTestCase(new ApplicationsTestCase(), Duration::QUICK);
        for (bool timestamps : {true, false})
        {
            for (bool sack : {true, false})
            {
                AddTestCase(new SpuriousTimeoutTestCase(timestamps, sack), Duration::QUICK);
            }
        }
        AddTestCase(new RtoFormulaTestCase(false), Duration::QUICK);
        AddTestCase(new RtoFormulaTestCase(true), Duration::QUICK);
        for (bool sack : {true, false})
        {
            for (auto fault : {PathFaultTestCase::SMALL_REORDER,
                               PathFaultTestCase::LARGE_REORDER,
                               PathFaultTestCase::LARGE_REORDER_NO_TIMESTAMPS,
                               PathFaultTestCase::DUPLICATE,
                               PathFaultTestCase::CORRUPT})
            {
                AddTestCase(new PathFaultTestCase(fault, sack), Duration::QUICK);
            }
        }

        Transfer diff;
        diff.bytes = 3000000;
        diff.queuePackets = 50;
        AddTestCase(
            new DifferentialTestCase("differential NewReno SACK queue overflow", diff, 0.01, 0.005),
            Duration::QUICK);
        // no differential for NewReno without SACK on an overflowing queue: ns-3 keeps the
        // duplicate-ACK count of a finished recovery, Linux and LfnTcpSocket forget it
        // (RecoveryWithoutSackTestCase)
        Transfer fixedLoss;
        fixedLoss.bytes = 3000000;
        fixedLoss.dropData = {200000, 900000, 901000, 1800000};
        AddTestCase(new DifferentialTestCase("differential NewReno SACK fixed losses",
                                             fixedLoss,
                                             0.01,
                                             0.005),
                    Duration::QUICK);
        fixedLoss.sack = false;
        AddTestCase(new LinuxReceiverTestCase(), Duration::QUICK);
        AddTestCase(new RightEdgeTestCase(), Duration::QUICK);
        AddTestCase(new RightEdgeOfWindowTestCase(), Duration::QUICK);
        AddTestCase(new DifferentialTestCase("differential NewReno no SACK fixed losses",
                                             fixedLoss,
                                             0.01,
                                             0.005),
                    Duration::QUICK);
        fixedLoss.timestamps = false;
        AddTestCase(new DifferentialTestCase("differential no timestamps", fixedLoss, 0.01, 0.005),
                    Duration::QUICK);
        // HighSpeed with SACK: without it LfnTcpSocket holds Recovery until an ACK above
        // the recovery point (Linux's rule (10)) where TcpSocketBase leaves at it, and when
        // no new data went out during the recovery that ACK comes a round trip later:
        // HighSpeed's cwnd then lags by one round trip's growth (4 % mean difference here)
        Transfer hs = fixedLoss;
        hs.congestion = "ns3::TcpHighSpeed";
        hs.sack = true;
        AddTestCase(new DifferentialTestCase("differential HighSpeed", hs, 0.01, 0.005),
                    Duration::QUICK);
        hs.congestion = "ns3::TcpCubic";
        hs.recovery = "ns3::TcpPrrRecovery";
        AddTestCase(new DifferentialTestCase("differential CUBIC PRR", hs, 0.01, 0.005),
                    Duration::QUICK);
        // every other loss-based and delay-based algorithm of ns-3, SACK and timestamps on
        // (not TcpLp: in this transfer ns-3's own TcpSocketBase delivers 2.3 of 3 MB in
        // 120 s, LfnTcpSocket all of it in 33 s - an open difference, docs/modules/tcp.md)
        for (std::string ops : {"ns3::TcpLinuxReno",
                                "ns3::TcpScalable",
                                "ns3::TcpHtcp",
                                "ns3::TcpBic",
                                "ns3::TcpVegas",
                                "ns3::TcpVeno",
                                "ns3::TcpWestwoodPlus",
                                "ns3::TcpYeah",
                                "ns3::TcpIllinois",
                                "ns3::TcpHybla",
                                "ns3::TcpLedbat",
                                // hybridnet's stacks (model/congestion, found by name: the
                                // test runner loads every module)
                                "ns3::hybridnet::TcpHighSpeedLinux",
                                "ns3::hybridnet::TcpScalableLinux",
                                "ns3::hybridnet::TcpHtcpLinux",
                                "ns3::hybridnet::TcpBicLinux",
                                "ns3::hybridnet::TcpFast",
                                "ns3::hybridnet::TcpSwitchableAimd",
                                "ns3::hybridnet::TcpHstcpLp"})
        {
            Transfer other = fixedLoss;
            other.sack = true;
            other.timestamps = true;
            other.congestion = ops;

            AddTestCase(new DifferentialTestCase("differential " + ops.substr(ops.rfind(':') + 1),
                                                 other,
                                                 0.01,
                                                 0.005),
                        Duration::QUICK);
        }
    }
};

static LfnTcpSocketTestSuite g_lfnTcpSocketTestSuite; //!< registers the suite
