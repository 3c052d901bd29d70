/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * SDP sockets over RC queue pairs (SdpSocket, SdpSocketFactory, SdpHelper), every expected
 * value worked out from SdpSocket's equations (1)-(7), InfinibandHca (6)/(7) and HostCpu (1)
 * with the attributes: BulkSendApplication and PacketSink run unchanged over SDP and every
 * byte arrives, in order; the zero-copy threshold decides whether the sender copies (the
 * copy work on the HostCpu); a receiver that does not read stops its sender after
 * R - K messages, and the credits come back exactly when the read's copy ends plus one
 * small SEND; a stream is bounded by the copy rate or by PCIe and the link; bad uses are
 * refused.
 *
 * Setup: two hosts, each a HostBus (PCI Express x8 gen 1) and a HostCpu of 2 GHz (no
 * MemoryBus), one HCA each on a direct 4X DDR cable of d = 5 ns, IB MTU 2048; IPv4
 * addresses 10.0.0.1 and 10.0.0.2 on a SimpleNetDevice each, only for SDP's addressing.
 *
 * Deliberate mistakes tried in SdpSocket and SdpCredits, each once, and the first case that
 * failed (the suite stops at its first failing case; the two throughput mistakes were run
 * with only the throughput cases registered):
 * - (4) with credits >= K instead of > K: Credits; before that case existed,
 *   CreditStarvation (63 messages, not 62);
 * - (5) without the doubling (c = r): Credits (r = 32 against 64 posted);
 * - (5) doubling r = K too (< instead of <=): Credits (r = 2 against 3 posted);
 * - a control message needing 3 credits: Credits;
 * - (7) bzcopy only above Z (> instead of >=): Zcopy 65536 B at Z = 65536 (sender copied);
 * - Recv's copy out charged as 0 bytes: Zcopy 65535 B (receiver's copy work);
 * - Recv's copy out charged as half the bytes: Zcopy 65535 B;
 * - one buffer fewer reposted after a read: BulkSend 512 B (the stream stalls short of
 *   2000000 B);
 * - a split write keeping its head instead of its tail (RemoveAtEnd): InOrder (bytes out
 *   of order);
 * - (3) without the unseen messages (credits = Bufs): Credits; before that case existed,
 *   CreditArithmetic (A holds R - 10);
 * - (2) without the 16-byte BSDH: first SdpSocket's own length assertion (NS_ASSERT); with
 *   that assertion removed too, CreditStarvation (credits back one L(0), not L(16), later);
 * - Listen accepting a port already listened on: BadUse;
 * - the bcopy write copying 2 |p| bytes: Throughput copy-limited (M / 2);
 * - one message in flight at a time instead of S: Throughput bzcopy (stop and wait).
 */
#include "hybridnet/host-bus.h"
#include "hybridnet/host-cpu.h"
#include "hybridnet/infiniband-completion-queue.h"
#include "hybridnet/infiniband-hca.h"
#include "hybridnet/infiniband-helper.h"
#include "hybridnet/infiniband-net-device.h"
#include "hybridnet/infiniband-packet-size.h"
#include "hybridnet/infiniband-rate.h"
#include "hybridnet/infiniband-subnet-manager-helper.h"
#include "hybridnet/infiniband-verbs-helper.h"
#include "hybridnet/sdp-credits.h"
#include "hybridnet/sdp-helper.h"
#include "hybridnet/sdp-socket-factory.h"
#include "hybridnet/sdp-socket.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"

#include <vector>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

const Time kCable = NanoSeconds(5);
const uint16_t kPort = 5001;

/** Two SDP hosts on one cable. */
class SdpPair
{
  public:
    /**
     * @param copyRate both hosts' MemoryCopyRate M
     * @param zcopy ZcopyThreshold of every socket
     * @param processors both hosts' HostCpu Processors
     */
    explicit SdpPair(DataRate copyRate = DataRate("8Gbps"),
                     uint32_t zcopy = 65536,
                     uint32_t processors = 1)
    {
        nodes.Create(2);
        InfinibandHelper ib;
        ib.SetChannelAttribute("Delay", TimeValue(kCable));
        NetDeviceContainer ports = ib.Install(nodes.Get(0), nodes.Get(1));
        InfinibandSubnetManagerHelper().Configure(nodes);
        for (uint32_t i = 0; i < 2; ++i)
        {
            bus[i] = CreateObjectWithAttributes<HostBus>("Kind",
                                                         StringValue("PciExpress"),
                                                         "Lanes",
                                                         UintegerValue(8),
                                                         "Generation",
                                                         UintegerValue(1));
            cpu[i] = CreateObjectWithAttributes<HostCpu>("Frequency",
                                                         UintegerValue(2'000'000'000),
                                                         "MemoryCopyRate",
                                                         DataRateValue(copyRate),
                                                         "Processors",
                                                         UintegerValue(processors));
            nodes.Get(i)->AggregateObject(bus[i]);
            nodes.Get(i)->AggregateObject(cpu[i]);
            hca[i] =
                InfinibandVerbsHelper().Install(DynamicCast<InfinibandNetDevice>(ports.Get(i)));
        }
        InternetStackHelper().Install(nodes);
        NetDeviceContainer ip;
        Ptr<SimpleChannel> channel = CreateObject<SimpleChannel>();
        for (uint32_t i = 0; i < 2; ++i)
        {
            Ptr<SimpleNetDevice> dev = CreateObject<SimpleNetDevice>();
            dev->SetAddress(Mac48Address::Allocate());
            dev->SetChannel(channel);
            nodes.Get(i)->AddDevice(dev);
            ip.Add(dev);
        }
        Ipv4AddressHelper("10.0.0.0", "255.255.255.0").Assign(ip);
        SdpHelper sdp;
        sdp.SetSocketAttribute("ZcopyThreshold", UintegerValue(zcopy));
        sdp.Install(nodes);
    }

    ~SdpPair()
    {
        Simulator::Destroy();
    }

    /** @return a new SDP socket on node @p i */
    Ptr<SdpSocket> Socket(uint32_t i) const
    {
        return DynamicCast<SdpSocket>(
            ns3::Socket::CreateSocket(nodes.Get(i), SdpSocketFactory::GetTypeId()));
    }

    /** @return T_b of a DMA read of @p n bytes at host 0 */
    Time Read(uint32_t n) const
    {
        return bus[0]->GetTransferTime(HostBus::FROM_MEMORY, n);
    }

    /** @return T_b' of a DMA write of @p n bytes at host 1 */
    Time Write(uint32_t n) const
    {
        return bus[1]->GetTransferTime(HostBus::TO_MEMORY, n);
    }

    /** @return T_r of a packet of @p payload bytes (no extended headers) */
    static Time Wire(uint32_t payload)
    {
        const InfinibandRate rate(InfinibandRate::WIDTH_4X, InfinibandRate::DDR);
        return rate.GetTransmissionTime(
            rate.GetWireBytes(InfinibandPacketSize::GetPacketBytes(payload)));
    }

    /**
     * InfinibandHca (6) for a SEND of m <= MTU bytes, busy polling at the receiver.
     * @param m message bytes
     * @return L(m)
     */
    Time OneWay(uint32_t m) const
    {
        const Time p = hca[0]->GetPacketProcessingTime();
        UintegerValue poll;
        CreateObject<InfinibandCompletionQueue>()->GetAttribute("PollCycles", poll);
        return Read(4) + Read(64) + p + Read(m) + Wire(m) + kCable + p + Write(m) + Write(32) +
               cpu[0]->GetServiceTime(poll.Get());
    }

    NodeContainer nodes;
    Ptr<HostBus> bus[2];
    Ptr<HostCpu> cpu[2];
    Ptr<InfinibandHca> hca[2];
};

/** A receiving application: accepts on kPort, reads when told to, keeps what it read. */
struct Reader
{
    Ptr<SdpSocket> listener;
    Ptr<SdpSocket> accepted;
    bool reading{true};
    std::vector<uint8_t> bytes;
    std::vector<uint32_t> reads; //!< size of each Recv
    uint32_t dataMessages{0};    //!< DATA messages with payload received

    void Listen(Ptr<SdpSocket> s)
    {
        listener = s;
        s->Bind(InetSocketAddress(Ipv4Address::GetAny(), kPort));
        s->Listen();
        s->SetAcceptCallback(MakeNullCallback<bool, Ptr<ns3::Socket>, const Address&>(),
                             MakeCallback(&Reader::Accepted, this));
    }

    void Accepted(Ptr<ns3::Socket> s, const Address&)
    {
        accepted = DynamicCast<SdpSocket>(s);
        s->SetRecvCallback(MakeCallback(&Reader::Readable, this));
        s->TraceConnectWithoutContext("MessageRx", MakeCallback(&Reader::Message, this));
    }

    void Message(uint8_t mid, uint32_t payload, uint32_t)
    {
        dataMessages += (mid == SdpSocket::MID_DATA && payload > 0) ? 1 : 0;
    }

    void Readable(Ptr<ns3::Socket> s)
    {
        if (!reading)
        {
            return;
        }
        while (s->GetRxAvailable() > 0)
        {
            Ptr<Packet> p = s->Recv();
            const uint32_t n = p->GetSize();
            reads.push_back(n);
            const size_t at = bytes.size();
            bytes.resize(at + n);
            p->CopyData(bytes.data() + at, n);
        }
    }
};

/** A sending application: writes chunks of a byte pattern as the send buffer allows. */
struct Writer
{
    Ptr<SdpSocket> socket;
    std::vector<uint32_t> chunks;
    size_t next{0};
    uint64_t offset{0};
    bool connected{false};
    bool failed{false};

    static uint8_t Pattern(uint64_t i)
    {
        return static_cast<uint8_t>(i % 251);
    }

    void Connect(Ptr<SdpSocket> s, Ipv4Address to, uint16_t port = kPort)
    {
        socket = s;
        s->SetConnectCallback(MakeCallback(&Writer::Connected, this),
                              MakeCallback(&Writer::Failed, this));
        s->SetSendCallback(MakeCallback(&Writer::Space, this));
        s->Connect(InetSocketAddress(to, port));
    }

    void Connected(Ptr<ns3::Socket>)
    {
        connected = true;
        Write();
    }

    void Failed(Ptr<ns3::Socket>)
    {
        failed = true;
    }

    void Space(Ptr<ns3::Socket>, uint32_t)
    {
        Write();
    }

    void Write()
    {
        while (next < chunks.size() && chunks[next] <= socket->GetTxAvailable())
        {
            std::vector<uint8_t> data(chunks[next]);
            for (auto& b : data)
            {
                b = Pattern(offset++);
            }
            const int sent = socket->Send(Create<Packet>(data.data(), data.size()));
            NS_ASSERT(sent == static_cast<int>(data.size()));
            ++next;
        }
    }
};

/** SdpCredits alone: (1), (3), (4) and (5) at their limits. */
class CreditsTestCase : public TestCase
{
  public:
    CreditsTestCase()
        : TestCase("SdpCredits: BSDH fields, (3) with unseen messages, (4) and (5) at their "
                   "limits (K = 2, S = 64)")
    {
    }

  private:
    static SdpCredits Make(uint32_t peerPosted, uint32_t advertised, uint32_t posted)
    {
        SdpCredits c(2, 64);
        for (uint32_t i = 0; i < posted; ++i)
        {
            c.BufferPosted();
        }
        c.Start(peerPosted, advertised);
        return c;
    }

    void DoRun() override
    {
        SdpCredits a = Make(64, 64, 64);
        const SdpCredits::Bsdh first = a.Sent();
        NS_TEST_ASSERT_MSG_EQ(first.bufs, 64, "Bufs = posted");
        NS_TEST_ASSERT_MSG_EQ(first.mseq, 1, "MSeq from 1");
        NS_TEST_ASSERT_MSG_EQ(first.mseqAck, 0, "nothing received yet");
        for (int i = 0; i < 60; ++i)
        {
            a.Sent();
        }
        bool more = a.CanSendData();
        NS_TEST_ASSERT_MSG_EQ(more, true, "3 credits > K: data may go, (4)");
        a.Sent();
        more = a.CanSendData();
        NS_TEST_ASSERT_MSG_EQ(more, false, "2 credits = K: no data, (4)");
        const bool control = a.CanSendControl();
        NS_TEST_ASSERT_MSG_EQ(control, true, "a control message may use them");
        NS_TEST_ASSERT_MSG_EQ(a.GetCredits(), 2, "64 - 62");
        // the peer saw 60 of the 62 and had 10 buffers posted: 10 - (62 - 60) = 8, (3)
        a.Received({10, 1, 60});
        NS_TEST_ASSERT_MSG_EQ(a.GetCredits(), 8, "(3)");
        NS_TEST_ASSERT_MSG_EQ(a.GetPosted(), 63, "one buffer used");
        const SdpCredits::Bsdh next = a.Sent();
        NS_TEST_ASSERT_MSG_EQ(next.mseqAck, 1, "MSeqAck = the last MSeq received");
        NS_TEST_ASSERT_MSG_EQ(next.mseq, 63, "MSeq counts on");
        // (5) at the doubling limit: posted 64; r = 32 -> c = 64, not below; r = 31 -> 62
        const bool at32 = Make(64, 32, 64).CreditUpdateNeeded();
        const bool at31 = Make(64, 31, 64).CreditUpdateNeeded();
        const bool at2 = Make(64, 2, 64).CreditUpdateNeeded();
        const bool at3 = Make(64, 3, 64).CreditUpdateNeeded();
        const bool fewPosted = Make(64, 2, 3).CreditUpdateNeeded();
        const bool noCredit = Make(1, 2, 64).CreditUpdateNeeded();
        NS_TEST_ASSERT_MSG_EQ(at32, false, "2 x 32 = 64 is not below 64");
        NS_TEST_ASSERT_MSG_EQ(at31, true, "2 x 31 = 62 < 64");
        NS_TEST_ASSERT_MSG_EQ(at2, true, "r = K is not doubled: 2 < 64");
        NS_TEST_ASSERT_MSG_EQ(at3, true, "r = 3 doubled: 6 < 64");
        NS_TEST_ASSERT_MSG_EQ(fewPosted, true, "r = K = 2 < 3 posted (doubled it would not be)");
        NS_TEST_ASSERT_MSG_EQ(noCredit, false, "an update needs more than one credit");
        // (4): S messages in flight stop the sender whatever its credits
        SdpCredits s(2, 4);
        s.Start(64, 64);
        for (int i = 0; i < 4; ++i)
        {
            s.Sent();
        }
        const bool full = s.CanSendData();
        s.Completed();
        const bool room = s.CanSendData();
        NS_TEST_ASSERT_MSG_EQ(full, false, "S in flight");
        NS_TEST_ASSERT_MSG_EQ(room, true, "one completed");
    }
};

/** BulkSendApplication -> PacketSink over SDP: every byte arrives. */
class BulkSendTestCase : public TestCase
{
  public:
    explicit BulkSendTestCase(uint32_t sendSize)
        : TestCase("BulkSend and PacketSink over SDP deliver 2000000 B in writes of " +
                   std::to_string(sendSize) + " B"),
          m_sendSize(sendSize)
    {
    }

  private:
    void DoRun() override
    {
        SdpPair x;
        const uint64_t total = 2000000;
        BulkSendHelper bulk(SdpSocketFactory::GetTypeId().GetName(),
                            InetSocketAddress(Ipv4Address("10.0.0.2"), kPort));
        bulk.SetAttribute("MaxBytes", UintegerValue(total));
        bulk.SetAttribute("SendSize", UintegerValue(m_sendSize));
        PacketSinkHelper sink(SdpSocketFactory::GetTypeId().GetName(),
                              InetSocketAddress(Ipv4Address::GetAny(), kPort));
        ApplicationContainer s = sink.Install(x.nodes.Get(1));
        ApplicationContainer b = bulk.Install(x.nodes.Get(0));
        s.Start(Seconds(0));
        b.Start(MicroSeconds(1));
        Simulator::Stop(Seconds(1));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(DynamicCast<PacketSink>(s.Get(0))->GetTotalRx(),
                              total,
                              "every byte at the sink");
    }

    uint32_t m_sendSize;
};

/** Writes of many sizes across the threshold: the byte stream arrives whole and in order. */
class InOrderTestCase : public TestCase
{
  public:
    InOrderTestCase()
        : TestCase("a byte pattern in writes of 1 B to 100000 B, across the zero-copy "
                   "threshold, arrives complete and in order")
    {
    }

  private:
    void DoRun() override
    {
        SdpPair x;
        Reader r;
        Writer w;
        const std::vector<uint32_t> sizes{1, 1000, 70000, 65536, 65535, 30000, 100000, 7};
        uint64_t total = 0;
        for (int k = 0; k < 5; ++k)
        {
            for (uint32_t n : sizes)
            {
                w.chunks.push_back(n);
                total += n;
            }
        }
        r.Listen(x.Socket(1));
        w.Connect(x.Socket(0), Ipv4Address("10.0.0.2"));
        Simulator::Stop(Seconds(1));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(w.connected, true, "connected");
        NS_TEST_ASSERT_MSG_EQ(r.bytes.size(), total, "every byte");
        uint64_t wrong = 0;
        for (uint64_t i = 0; i < r.bytes.size(); ++i)
        {
            wrong += r.bytes[i] != Writer::Pattern(i) ? 1 : 0;
        }
        NS_TEST_ASSERT_MSG_EQ(wrong, 0, "bytes in order");
    }
};

/**
 * (8) on a multiprocessor host: one bcopy write of m bytes and its reads are copied on the
 * applications' processors - each socket's GetCopyTime() is HostCpu's 8 m / M for its
 * bytes - and the network CPUs stay idle (SDP's polling costs them nothing).
 * Mistake tried: the copies left as KERNEL jobs (the network CPUs' busy time is the copy).
 */
class AppProcessorCopyTestCase : public TestCase
{
  public:
    AppProcessorCopyTestCase()
        : TestCase("two processors: a 30000 B write and its reads copied on the applications' "
                   "processors, the network CPUs idle")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t m = 30000;
        SdpPair x(DataRate("8Gbps"), 65536, 2);
        Reader r;
        Writer w;
        w.chunks.push_back(m);
        r.Listen(x.Socket(1));
        Ptr<SdpSocket> sender = x.Socket(0);
        w.Connect(sender, Ipv4Address("10.0.0.2"));
        Simulator::Stop(Seconds(1));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(r.bytes.size(), m, "delivered");
        NS_TEST_EXPECT_MSG_EQ(x.cpu[0]->GetBusyTime(), Time(0), "sender's network CPU");
        NS_TEST_EXPECT_MSG_EQ(x.cpu[1]->GetBusyTime(), Time(0), "receiver's network CPU");
        NS_TEST_EXPECT_MSG_EQ(sender->GetCopyTime(), x.cpu[0]->GetServiceTime(0, m), "copy in");
        Time reads(0);
        for (uint32_t n : r.reads)
        {
            reads += x.cpu[1]->GetServiceTime(0, n);
        }
        NS_TEST_EXPECT_MSG_EQ(r.accepted->GetCopyTime(), reads, "copies out");
    }
};

/** One write of m bytes: the sender copies it iff m < Z (and Z != 0); the receiver always. */
class ZcopyTestCase : public TestCase
{
  public:
    ZcopyTestCase(uint32_t m, uint32_t threshold, bool copies)
        : TestCase("one write of " + std::to_string(m) + " B with ZcopyThreshold " +
                   std::to_string(threshold) + ": sender copy " + (copies ? "8 m over M" : "none") +
                   ", receiver copy 8 m over M"),
          m_m(m),
          m_threshold(threshold),
          m_copies(copies)
    {
    }

  private:
    void DoRun() override
    {
        SdpPair x(DataRate("8Gbps"), m_threshold);
        Reader r;
        Writer w;
        w.chunks.push_back(m_m);
        r.Listen(x.Socket(1));
        w.Connect(x.Socket(0), Ipv4Address("10.0.0.2"));
        Simulator::Stop(Seconds(1));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(r.bytes.size(), m_m, "delivered");
        const Time senderCopy = m_copies ? x.cpu[0]->GetServiceTime(0, m_m) : Time(0);
        NS_TEST_ASSERT_MSG_EQ(x.cpu[0]->GetBusyTime(), senderCopy, "sender's copy work");
        Time receiverCopy(0);
        for (uint32_t n : r.reads)
        {
            receiverCopy += x.cpu[1]->GetServiceTime(0, n);
        }
        NS_TEST_ASSERT_MSG_EQ(x.cpu[1]->GetBusyTime(), receiverCopy, "receiver's copy work");
        NS_TEST_ASSERT_MSG_GT(receiverCopy, Time(0), "the receiver copies");
    }

    uint32_t m_m;
    uint32_t m_threshold;
    bool m_copies;
};

/**
 * A receiver that does not read until T_r: the sender stops after R - K full messages
 * (4); the read's copy ends at T_r + 8 (R - K) B/M, when the credit update (5) is posted
 * with Bufs = R; the sender holds R credits again L(16) later (InfinibandHca (6)); then
 * everything arrives.
 */
class CreditStarvationTestCase : public TestCase
{
  public:
    CreditStarvationTestCase()
        : TestCase("credit starvation: R - K messages, then credits back at T_r + copy + L(16)")
    {
    }

  private:
    struct Record
    {
        std::vector<std::pair<Time, uint32_t>> credits; //!< sender's credits after T_r
        std::vector<std::pair<Time, uint32_t>> updates; //!< receiver's empty DATA messages
        Time from;

        void Credits(uint32_t, uint32_t now)
        {
            if (Simulator::Now() >= from)
            {
                credits.emplace_back(Simulator::Now(), now);
            }
        }

        void Tx(uint8_t mid, uint32_t payload, uint32_t bufs)
        {
            if (mid == SdpSocket::MID_DATA && payload == 0)
            {
                updates.emplace_back(Simulator::Now(), bufs);
            }
        }
    };

    void DoRun() override
    {
        SdpPair x(DataRate("8Gbps"));
        const uint32_t b = 32768; // BufferSize; writes of B < Z: bcopy, one message each
        const uint32_t n = 100;
        const Time tr = MilliSeconds(5);
        Reader r;
        r.reading = false;
        Writer w;
        w.chunks.assign(n, b);
        r.Listen(x.Socket(1));
        w.Connect(x.Socket(0), Ipv4Address("10.0.0.2"));
        Record rec;
        rec.from = tr;
        w.socket->TraceConnectWithoutContext("Credits", MakeCallback(&Record::Credits, &rec));
        uint32_t stalledMessages = 0;
        uint32_t stalledBytes = 0;
        uint32_t stalledCredits = 0;
        uint32_t ring = 0;
        uint32_t minBufs = 0;
        Simulator::Schedule(tr, [&]() {
            stalledMessages = r.dataMessages;
            stalledBytes = r.accepted->GetRxAvailable();
            stalledCredits = w.socket->GetCredits();
            UintegerValue v;
            r.accepted->GetAttribute("RecvRingSize", v);
            ring = v.Get();
            r.accepted->GetAttribute("MinBufs", v);
            minBufs = v.Get();
            r.accepted->TraceConnectWithoutContext("MessageTx", MakeCallback(&Record::Tx, &rec));
            r.reading = true;
            r.Readable(r.accepted);
        });
        Simulator::Stop(Seconds(1));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(ring, 64, "R (SDP_RX_SIZE)");
        NS_TEST_ASSERT_MSG_EQ(minBufs, 2, "K (SDP_MIN_BUFS)");
        NS_TEST_ASSERT_MSG_EQ(stalledMessages, ring - minBufs, "R - K messages, (4)");
        NS_TEST_ASSERT_MSG_EQ(stalledBytes, (ring - minBufs) * b, "R - K full buffers unread");
        NS_TEST_ASSERT_MSG_EQ(stalledCredits, minBufs, "the sender keeps K credits");
        const Time copy = x.cpu[1]->GetServiceTime(0, (ring - minBufs) * b);
        NS_TEST_ASSERT_MSG_EQ(r.reads.empty(), false, "read");
        NS_TEST_ASSERT_MSG_EQ(r.reads[0], (ring - minBufs) * b, "one read of everything");
        NS_TEST_ASSERT_MSG_EQ(rec.updates.empty(), false, "a credit update");
        NS_TEST_ASSERT_MSG_EQ(rec.updates[0].first, tr + copy, "credit update when the copy ends");
        NS_TEST_ASSERT_MSG_EQ(rec.updates[0].second, ring, "it advertises all R buffers");
        NS_TEST_ASSERT_MSG_EQ(rec.credits.empty(), false, "credits return");
        NS_TEST_ASSERT_MSG_EQ(rec.credits[0].second, ring, "R credits, (3)");
        NS_TEST_ASSERT_MSG_EQ(rec.credits[0].first,
                              tr + copy + x.OneWay(SdpSocket::BSDH_SIZE),
                              "credits back one 16 B SEND after the copy");
        NS_TEST_ASSERT_MSG_EQ(r.bytes.size(), uint64_t(n) * b, "everything arrives");
    }
};

/**
 * Equation (3): A sends 10 messages, B (not reading) receives them; at T both post at once:
 * A 5 more messages, B one message carrying Bufs = R - 10 and MSeqAck = 10. When it reaches
 * A, 5 of A's messages were unseen by B: A's credits = (R - 10) - (15 - 10) = R - 15, which
 * is exactly B's posted buffers.
 */
class CreditArithmeticTestCase : public TestCase
{
  public:
    CreditArithmeticTestCase()
        : TestCase("credits = Bufs - (MSeq sent - MSeqAck): messages in flight are not counted "
                   "twice")
    {
    }

  private:
    void DoRun() override
    {
        SdpPair x(DataRate("8Gbps"), 1024); // writes of 1024 B: bzcopy, posted at once
        Reader r;
        r.reading = false;
        Writer w;
        w.chunks.assign(10, 1024);
        r.Listen(x.Socket(1));
        w.Connect(x.Socket(0), Ipv4Address("10.0.0.2"));
        const Time t = MilliSeconds(1);
        Simulator::Schedule(t, [&]() {
            for (int i = 0; i < 5; ++i)
            {
                w.socket->Send(Create<Packet>(1024));
            }
            r.accepted->Send(Create<Packet>(1024));
        });
        uint32_t credits = 0;
        uint32_t posted = 0;
        uint32_t ring = 0;
        Simulator::Schedule(MilliSeconds(2), [&]() {
            credits = w.socket->GetCredits();
            posted = r.accepted->GetPostedBuffers();
            UintegerValue v;
            r.accepted->GetAttribute("RecvRingSize", v);
            ring = v.Get();
        });
        Simulator::Stop(MilliSeconds(3));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(r.dataMessages, 15, "B received 15 messages");
        NS_TEST_ASSERT_MSG_EQ(posted, ring - 15, "B's posted buffers");
        NS_TEST_ASSERT_MSG_EQ(credits, ring - 15, "A's credits, (3)");
    }
};

/**
 * A saturating BulkSend stream: copy-limited (bcopy, M below PCIe and the link) at M, or
 * PCIe-limited (bzcopy, fast copies) at InfinibandHca (7) with the BSDH per message.
 */
class ThroughputTestCase : public TestCase
{
  public:
    explicit ThroughputTestCase(bool copyLimited)
        : TestCase(copyLimited ? "stream, bcopy, M = 4 Gbps: throughput = M (copy-limited)"
                               : "stream, bzcopy, M = 200 Gbps: throughput = min(PCIe, link) "
                                 "per 32768 B message"),
          m_copyLimited(copyLimited)
    {
    }

  private:
    void DoRun() override
    {
        const DataRate m(m_copyLimited ? "4Gbps" : "200Gbps");
        SdpPair x(m);
        BulkSendHelper bulk(SdpSocketFactory::GetTypeId().GetName(),
                            InetSocketAddress(Ipv4Address("10.0.0.2"), kPort));
        bulk.SetAttribute("SendSize", UintegerValue(m_copyLimited ? 16384 : 65536));
        PacketSinkHelper sink(SdpSocketFactory::GetTypeId().GetName(),
                              InetSocketAddress(Ipv4Address::GetAny(), kPort));
        ApplicationContainer s = sink.Install(x.nodes.Get(1));
        bulk.Install(x.nodes.Get(0)).Start(MicroSeconds(1));
        Ptr<PacketSink> ps = DynamicCast<PacketSink>(s.Get(0));
        const Time t1 = MilliSeconds(2);
        const Time t2 = MilliSeconds(12);
        uint64_t at1 = 0;
        Simulator::Schedule(t1, [&]() { at1 = ps->GetTotalRx(); });
        Simulator::Stop(t2);
        Simulator::Run();
        const double rate = 8.0 * (ps->GetTotalRx() - at1) / (t2 - t1).GetSeconds();
        double bound = static_cast<double>(m.GetBitRate());
        if (!m_copyLimited)
        {
            // one message: 32768 B payload + 16 B BSDH = 16 packets of 2048 and one of 16
            const uint32_t payload = 32768;
            const Time reads = x.Read(4) + x.Read(64) + x.Read(2048) * 16 + x.Read(16);
            const Time writes = x.Write(2048) * 16 + x.Write(16) + x.Write(32);
            const Time wire = SdpPair::Wire(2048) * 16 + SdpPair::Wire(16);
            const Time slowest = std::max({reads, writes, wire});
            bound = 8.0 * payload / slowest.GetSeconds();
        }
        // the window [t1, t2] counts whole reads: its edges are worth up to one 32768 B
        // message, 8 x 32768 / 10 ms = 0.2 % of the bound
        NS_TEST_ASSERT_MSG_LT_OR_EQ(rate, bound * 1.003, "at most the bound");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(rate, bound * 0.98, "within 2 % of the bound");
    }

    bool m_copyLimited;
};

/** Refused uses, each in one step. */
class BadUseTestCase : public TestCase
{
  public:
    BadUseTestCase()
        : TestCase("refused: send unconnected, unknown address, no listener, port in use, "
                   "oversized write, threshold out of range, no HCA, non-InfiniBand port")
    {
    }

  private:
    void DoRun() override
    {
        SdpPair x;
        Ptr<SdpSocket> lone = x.Socket(0);
        const int unconnected = lone->Send(Create<Packet>(10));
        NS_TEST_ASSERT_MSG_EQ(unconnected, -1, "send before connect");
        NS_TEST_ASSERT_MSG_EQ(lone->GetErrno(), ns3::Socket::ERROR_NOTCONN, "ENOTCONN");
        const int bind6 = lone->Bind6();
        NS_TEST_ASSERT_MSG_EQ(bind6, -1, "no IPv6");
        const bool accepted = lone->SetAttributeFailSafe("ZcopyThreshold", UintegerValue(2000000));
        NS_TEST_ASSERT_MSG_EQ(accepted, false, "ZcopyThreshold above 1048576");
        Reader r;
        r.Listen(x.Socket(1));
        Ptr<SdpSocket> second = x.Socket(1);
        second->Bind(InetSocketAddress(Ipv4Address::GetAny(), kPort));
        const int listen = second->Listen();
        NS_TEST_ASSERT_MSG_EQ(listen, -1, "a second listener on the port");
        NS_TEST_ASSERT_MSG_EQ(second->GetErrno(), ns3::Socket::ERROR_ADDRINUSE, "EADDRINUSE");
        Writer unknown;
        unknown.Connect(x.Socket(0), Ipv4Address("10.0.0.9"));
        Writer noListener;
        noListener.Connect(x.Socket(0), Ipv4Address("10.0.0.2"), kPort + 1);
        Writer ok;
        ok.Connect(x.Socket(0), Ipv4Address("10.0.0.2"));
        int oversized = 0;
        Simulator::Schedule(MicroSeconds(1), [&]() {
            oversized = ok.socket->Send(Create<Packet>(ok.socket->GetTxAvailable() + 1));
        });
        Simulator::Stop(MilliSeconds(1));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(unknown.failed, true, "an address no SDP node owns");
        NS_TEST_ASSERT_MSG_EQ(unknown.socket->GetErrno(),
                              ns3::Socket::ERROR_NOROUTETOHOST,
                              "EHOSTUNREACH");
        NS_TEST_ASSERT_MSG_EQ(noListener.failed, true, "a port nobody listens on");
        NS_TEST_ASSERT_MSG_EQ(ok.connected, true, "the good connection");
        NS_TEST_ASSERT_MSG_EQ(oversized, -1, "a write above GetTxAvailable");
        NS_TEST_ASSERT_MSG_EQ(ok.socket->GetErrno(), ns3::Socket::ERROR_MSGSIZE, "EMSGSIZE");

        Ptr<Node> bare = CreateObject<Node>();
        const std::string noHca = SdpHelper().Refusal(bare);
        NS_TEST_ASSERT_MSG_NE(noHca.find("no InfinibandHca"), std::string::npos, "no HCA");
        SdpHelper port2;
        port2.SetPort(2); // the HCAs here have port 1 only: port 2 is left for Ethernet
        const std::string ethernet = port2.Refusal(x.nodes.Get(0));
        NS_TEST_ASSERT_MSG_NE(ethernet.find("is not InfiniBand"),
                              std::string::npos,
                              "SDP on a port that is not InfiniBand");
        const std::string fine = SdpHelper().Refusal(x.nodes.Get(0));
        NS_TEST_ASSERT_MSG_EQ(fine, "", "port 1 is fine");
    }
};

class InfinibandSdpTestSuite : public TestSuite
{
  public:
    InfinibandSdpTestSuite()
        : TestSuite("hybridnet-infiniband-sdp", Type::UNIT)
    {
        AddTestCase(new CreditsTestCase(), Duration::QUICK);
        AddTestCase(new BulkSendTestCase(512), Duration::QUICK);
        AddTestCase(new BulkSendTestCase(100000), Duration::QUICK);
        AddTestCase(new InOrderTestCase(), Duration::QUICK);
        AddTestCase(new ZcopyTestCase(65535, 65536, true), Duration::QUICK);
        AddTestCase(new ZcopyTestCase(65536, 65536, false), Duration::QUICK);
        AddTestCase(new ZcopyTestCase(65536, 0, true), Duration::QUICK);
        AddTestCase(new AppProcessorCopyTestCase, Duration::QUICK);
        AddTestCase(new CreditStarvationTestCase(), Duration::QUICK);
        AddTestCase(new CreditArithmeticTestCase(), Duration::QUICK);
        AddTestCase(new ThroughputTestCase(true), Duration::QUICK);
        AddTestCase(new ThroughputTestCase(false), Duration::QUICK);
        AddTestCase(new BadUseTestCase(), Duration::QUICK);
    }
};

InfinibandSdpTestSuite g_infinibandSdpTestSuite;

} // namespace
