/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of BlockPipelineSender and BlockPipelineReceiver against their equations, over one
 * 10 Gb/s link with LfnTcpSocket (it sends a window update when the reader takes data):
 * a serial sender's time is exactly the sum of its stages and pauses, (1); an overlapped
 * one's, with a production stage longer than a send and its pause, n S plus the last
 * send, (2); a serial receiver reads the next block only after the last one's sink stage,
 * and its time is exactly the sum of both; an overlapped receiver reads while it writes
 * and takes n W plus the first block's reading.  The NetLogger events come in each block's
 * order of stages.
 */
#include "hybridnet/block-pipeline-receiver.h"
#include "hybridnet/block-pipeline-sender.h"
#include "hybridnet/lfn-tcp-helper.h"
#include "hybridnet/net-logger.h"

#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"

#include <map>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

constexpr uint32_t kBlocks = 10;
constexpr uint32_t kBlockSize = 1 << 20;

/** The NetLogger's clock: events are stamped to the microsecond. */
constexpr double kTick = 1e-6;

/** The stages of one run. */
struct Spec
{
    BlockStage::Kind source{BlockStage::MEMORY};
    BlockStage::Kind sink{BlockStage::MEMORY};
    Time compute{MilliSeconds(10)};
    Time pause;
    bool senderOverlap{false};
    bool receiverOverlap{false};
    bool requests{false};
    bool dataNoDelay{false};
    bool controlNoDelay{false};
};

/** The applications after a run, and the events. */
struct Outcome
{
    Ptr<BlockPipelineSender> sender;
    Ptr<BlockPipelineReceiver> receiver;
    Ptr<NetLogger> log;

    /** @return when @p event of block @p k was logged by @p prog */
    Time At(const std::string& prog, const std::string& event, uint32_t k) const
    {
        for (const UlmRecord& r : log->GetRecords())
        {
            if (r.prog == prog && r.event == event && r.id == std::to_string(k))
            {
                return r.time;
            }
        }
        return Time::Max();
    }
};

Outcome
RunPipeline(const Spec& spec)
{
    NodeContainer nodes(2);
    LfnTcpHelper tcp;
    tcp.SetSocketAttribute("SegmentSize", UintegerValue(1448));
    tcp.Install(nodes);
    PointToPointHelper link;
    link.SetDeviceAttribute("DataRate", DataRateValue(DataRate("10Gbps")));
    link.SetChannelAttribute("Delay", TimeValue(MicroSeconds(100)));
    NetDeviceContainer devices = link.Install(nodes);
    InternetStackHelper().Install(nodes);
    Ipv4InterfaceContainer ip = Ipv4AddressHelper("10.0.0.0", "255.255.255.0").Assign(devices);
    Outcome out;
    out.log = CreateObject<NetLogger>();
    out.receiver = CreateObject<BlockPipelineReceiver>();
    out.receiver->SetAttribute("Blocks", UintegerValue(kBlocks));
    out.receiver->SetAttribute("BlockSize", UintegerValue(kBlockSize));
    out.receiver->SetAttribute("Sink", EnumValue(spec.sink));
    out.receiver->SetAttribute("ComputeTime", TimeValue(spec.compute));
    out.receiver->SetAttribute("Overlap", BooleanValue(spec.receiverOverlap));
    out.receiver->SetAttribute("Requests", BooleanValue(spec.requests));
    out.receiver->SetAttribute("ControlNoDelay", BooleanValue(spec.controlNoDelay));
    out.receiver->SetLogger(out.log);
    out.receiver->SetDoneCallback(Callback<void>([]() { Simulator::Stop(); }));
    nodes.Get(1)->AddApplication(out.receiver);
    out.sender = CreateObject<BlockPipelineSender>();
    out.sender->SetAttribute("Remote", Ipv4AddressValue(ip.GetAddress(1)));
    out.sender->SetAttribute("Blocks", UintegerValue(kBlocks));
    out.sender->SetAttribute("BlockSize", UintegerValue(kBlockSize));
    out.sender->SetAttribute("Source", EnumValue(spec.source));
    out.sender->SetAttribute("ComputeTime", TimeValue(spec.compute));
    out.sender->SetAttribute("Pause", TimeValue(spec.pause));
    out.sender->SetAttribute("Overlap", BooleanValue(spec.senderOverlap));
    out.sender->SetAttribute("Requests", BooleanValue(spec.requests));
    out.sender->SetAttribute("NoDelay", BooleanValue(spec.dataNoDelay));
    out.sender->SetLogger(out.log);
    nodes.Get(0)->AddApplication(out.sender);
    Simulator::Stop(Seconds(60));
    Simulator::Run();
    return out;
}

/** Serial sender: end - start = n S + sum N + (n - 1) P exactly; events in stage order. */
class SerialSenderTestCase : public TestCase
{
  public:
    SerialSenderTestCase()
        : TestCase("serial sender: its time is the sum of its stages and pauses, (1)")
    {
    }

  private:
    void DoRun() override
    {
        Spec spec;
        spec.source = BlockStage::COMPUTE;
        spec.pause = MilliSeconds(2);
        const Outcome out = RunPipeline(spec);
        NS_TEST_ASSERT_MSG_EQ(out.receiver->GetBlocksDone(), kBlocks, "every block arrived");
        NS_TEST_EXPECT_MSG_EQ(out.receiver->GetBytesRead(), uint64_t(kBlocks) * kBlockSize, "");
        const Time total = out.sender->GetEndTime() - out.sender->GetStartTime();
        NS_TEST_EXPECT_MSG_EQ(out.sender->GetProduceTime(), spec.compute * kBlocks, "n S");
        NS_TEST_EXPECT_MSG_EQ(total,
                              out.sender->GetProduceTime() + out.sender->GetSendTime() +
                                  spec.pause * (kBlocks - 1),
                              "(1) summed over the blocks");
        for (uint32_t k = 0; k + 1 < kBlocks; ++k)
        {
            NS_TEST_EXPECT_MSG_EQ_TOL(out.At("server", "produce.start", k + 1).GetSeconds(),
                                      (out.At("server", "send.end", k) + spec.pause).GetSeconds(),
                                      kTick,
                                      "block " << k + 1 << " read after the pause");
        }
        Simulator::Destroy();
    }
};

/**
 * Overlapped sender, S = 10 ms and a 1 MiB send on 10 Gb/s well under it: the sends hide
 * behind the production, end - start = n S + the last send (under 2 ms here).
 */
class OverlappedSenderTestCase : public TestCase
{
  public:
    OverlappedSenderTestCase()
        : TestCase("overlapped sender: its time is n max(S, N + P) plus the last send, (2)")
    {
    }

  private:
    void DoRun() override
    {
        Spec spec;
        spec.source = BlockStage::COMPUTE;
        spec.pause = MicroSeconds(200);
        spec.senderOverlap = true;
        const Outcome out = RunPipeline(spec);
        NS_TEST_ASSERT_MSG_EQ(out.receiver->GetBlocksDone(), kBlocks, "every block arrived");
        const Time total = out.sender->GetEndTime() - out.sender->GetStartTime();
        const Time lastSend =
            out.At("server", "send.end", kBlocks - 1) - out.At("server", "send.start", kBlocks - 1);
        NS_TEST_EXPECT_MSG_EQ_TOL(total.GetSeconds(),
                                  (spec.compute * kBlocks + lastSend).GetSeconds(),
                                  2 * kTick,
                                  "(2), to the logger's microsecond");
        for (uint32_t k = 0; k + 1 < kBlocks; ++k)
        {
            NS_TEST_EXPECT_MSG_EQ(out.At("server", "produce.start", k + 1),
                                  out.At("server", "produce.end", k),
                                  "block " << k + 1 << " read while block " << k << " is sent");
        }
        Simulator::Destroy();
    }
};

/** Serial receiver with a 10 ms sink: reading resumes only when the sink is done. */
class SerialReceiverTestCase : public TestCase
{
  public:
    SerialReceiverTestCase()
        : TestCase("serial receiver: read and write in turn, its time their sum, (1)")
    {
    }

  private:
    void DoRun() override
    {
        Spec spec;
        spec.sink = BlockStage::COMPUTE;
        const Outcome out = RunPipeline(spec);
        NS_TEST_ASSERT_MSG_EQ(out.receiver->GetBlocksDone(), kBlocks, "every block done");
        const Time total = out.receiver->GetEndTime() - out.At("client", "recv.start", 0);
        NS_TEST_EXPECT_MSG_EQ(out.receiver->GetConsumeTime(), spec.compute * kBlocks, "n W");
        NS_TEST_EXPECT_MSG_EQ_TOL(
            total.GetSeconds(),
            (out.receiver->GetReceiveTime() + out.receiver->GetConsumeTime()).GetSeconds(),
            kTick,
            "(1) summed over the blocks, to the logger's microsecond");
        for (uint32_t k = 0; k + 1 < kBlocks; ++k)
        {
            NS_TEST_EXPECT_MSG_EQ(
                (out.At("client", "recv.start", k + 1) >= out.At("client", "consume.end", k)),
                true,
                "block " << k + 1 << " read after block " << k << " written");
        }
        Simulator::Destroy();
    }
};

/** Overlapped receiver with a 10 ms sink: n W plus the first block's reading. */
class OverlappedReceiverTestCase : public TestCase
{
  public:
    OverlappedReceiverTestCase()
        : TestCase("overlapped receiver: reads while it writes, its time n W plus a read, (2)")
    {
    }

  private:
    void DoRun() override
    {
        Spec spec;
        spec.sink = BlockStage::COMPUTE;
        spec.receiverOverlap = true;
        const Outcome out = RunPipeline(spec);
        NS_TEST_ASSERT_MSG_EQ(out.receiver->GetBlocksDone(), kBlocks, "every block done");
        const Time first = out.At("client", "recv.start", 0);
        const Time total = out.receiver->GetEndTime() - first;
        NS_TEST_EXPECT_MSG_EQ_TOL(
            total.GetSeconds(),
            (spec.compute * kBlocks + (out.At("client", "recv.end", 0) - first)).GetSeconds(),
            2 * kTick,
            "(2): the sink never waits after the first block");
        NS_TEST_EXPECT_MSG_EQ(
            (out.At("client", "recv.start", 2) < out.At("client", "consume.end", 1)),
            true,
            "block 2 read while block 1 is written");
        Simulator::Destroy();
    }
};

/**
 * Requests (a serial client asks for each block on the control connection; 1 MiB blocks
 * on the 10 Gb/s link take about 4 ms): the server reads block k only after the request
 * has crossed the 100 us link, and
 *   - with TCP_NODELAY on both connections the next request leaves as the sink finishes
 *     and is read a link's delay later;
 *   - with Nagle on the control connection the next request, written about 4 ms after the
 *     previous one, is held until that one is acknowledged - which the server, sending
 *     nothing back there, does when its delayed-ACK timer (ns-3's DelAckTimeout, 200 ms)
 *     runs out (from the third request on: the first is acknowledged at once);
 *   - with Nagle on the data connection a block's last, partial segment waits until the
 *     data before it is acknowledged, and the client delays that ACK: here every block's
 *     reading takes the 200 ms timer.
 */
class RequestsTestCase : public TestCase
{
  public:
    RequestsTestCase()
        : TestCase("requests: read only when asked; Nagle on either connection waits a delayed ACK")
    {
    }

  private:
    /** Run with TCP_NODELAY on the data and control connections as given. */
    void Check(bool dataNoDelay, bool controlNoDelay)
    {
        Spec spec;
        spec.requests = true;
        spec.dataNoDelay = dataNoDelay;
        spec.controlNoDelay = controlNoDelay;
        const Outcome out = RunPipeline(spec);
        NS_TEST_ASSERT_MSG_EQ(out.receiver->GetBlocksDone(), kBlocks, "every block done");
        const std::string what = std::string(dataNoDelay ? "data NODELAY" : "data Nagle") +
                                 (controlNoDelay ? ", control NODELAY" : ", control Nagle");
        for (uint32_t k = 0; k < kBlocks; ++k)
        {
            const Time read = out.At("server", "produce.start", k);
            NS_TEST_EXPECT_MSG_EQ((read >= out.At("client", "request", k) + MicroSeconds(100)),
                                  true,
                                  what << ": block " << k << " read before it was asked for");
            const Time receiving =
                out.At("client", "recv.end", k) - out.At("client", "recv.start", k);
            NS_TEST_EXPECT_MSG_EQ(
                (dataNoDelay ? receiving < MilliSeconds(10) : receiving >= MilliSeconds(200)),
                true,
                what << ", block " << k << " received in " << receiving);
            // the first request is acknowledged at once (LfnTcpSocket, as ns-3, acknowledges the
            // first data segment after the handshake without delay), so Nagle holds from the second
            // on
            if (k > (controlNoDelay ? 0U : 1U) && dataNoDelay)
            {
                const Time held = controlNoDelay ? read - out.At("client", "consume.end", k - 1)
                                                 : read - out.At("client", "request", k - 1);
                NS_TEST_EXPECT_MSG_EQ(
                    (controlNoDelay ? held < MilliSeconds(1) : held >= MilliSeconds(200)),
                    true,
                    what << ", block " << k << ": " << held);
            }
        }
        Simulator::Destroy();
    }

    void DoRun() override
    {
        Check(true, true);
        Check(true, false);
        Check(false, true);
    }
};

class BlockPipelineTestSuite : public TestSuite
{
  public:
    BlockPipelineTestSuite()
        : TestSuite("hybridnet-block-pipeline", Type::UNIT)
    {
        AddTestCase(new SerialSenderTestCase, Duration::QUICK);
        AddTestCase(new OverlappedSenderTestCase, Duration::QUICK);
        AddTestCase(new SerialReceiverTestCase, Duration::QUICK);
        AddTestCase(new OverlappedReceiverTestCase, Duration::QUICK);
        AddTestCase(new RequestsTestCase, Duration::QUICK);
    }
};

BlockPipelineTestSuite g_blockPipelineTestSuite;

} // namespace
