/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The arithmetic of the infiniband module against values worked out by hand from its
 * equations: InfinibandRate (1)-(5) (8b/10b, lane striping, delimiters), InfinibandPacketSize
 * (1)-(5) at every MTU, the 12-bit credit arithmetic of InfinibandFlowControl (1)-(3), the
 * LRH and BTH wire layout, and attribute values the model refuses.
 *
 * (A name that is not in an enumeration's checker, e.g. StringValue("3000") for Mtu, stops
 * the program in ns-3's EnumChecker with the list of valid names; the refusals here are
 * the ones a program can test: values outside the checker.)
 *
 * Deliberate mistakes tried, and what caught them:
 * - data rate without the 8/10 (GetDataRate = S): RateTestCase;
 * - one delimiter instead of two in InfinibandRate (4): RateTestCase, through the 1X rows
 *   only (on 4X and 12X the lane alignment hides it for 4k + 2 byte packets);
 * - ICRC forgotten in InfinibandPacketSize (2): MtuTestCase;
 * - the credit check (1) as plain FCCL >= FCTBS + b, without the 12-bit wrap: stopped at
 *   the wrap by InfinibandFlowControl::OnSend's assertion (a crash, not a test failure).
 * Not tried: a checker that accepts a refused value (RefusedAttributeTestCase).
 */
#include "hybridnet/infiniband-bth-header.h"
#include "hybridnet/infiniband-flow-control.h"
#include "hybridnet/infiniband-lrh-header.h"
#include "hybridnet/infiniband-net-device.h"
#include "hybridnet/infiniband-packet-size.h"
#include "hybridnet/infiniband-rate.h"

#include "ns3/core-module.h"
#include "ns3/network-module.h"

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

using Size = InfinibandPacketSize;

/** (1)-(3) of InfinibandRate for 4X at each speed, and 1X and 12X at QDR. */
class RateTestCase : public TestCase
{
  public:
    RateTestCase()
        : TestCase("8b10b: 4X SDR, DDR, QDR signal 10, 20, 40 Gb per s and carry 8, 16, 32; "
                   "symbol time 4, 2, 1 ns; lanes striped with two delimiters")
    {
    }

  private:
    void DoRun() override
    {
        struct Row
        {
            InfinibandRate::Width width;
            InfinibandRate::Speed speed;
            uint64_t signalling; // n B
            uint64_t data;       // n B 8 / 10
            int64_t symbolPs;    // 10 / B
        };

        const Row rows[] = {
            {InfinibandRate::WIDTH_4X, InfinibandRate::SDR, 10'000'000'000, 8'000'000'000, 4000},
            {InfinibandRate::WIDTH_4X, InfinibandRate::DDR, 20'000'000'000, 16'000'000'000, 2000},
            {InfinibandRate::WIDTH_4X, InfinibandRate::QDR, 40'000'000'000, 32'000'000'000, 1000},
            {InfinibandRate::WIDTH_1X, InfinibandRate::QDR, 10'000'000'000, 8'000'000'000, 1000},
            {InfinibandRate::WIDTH_12X, InfinibandRate::QDR, 120'000'000'000, 96'000'000'000, 1000},
        };
        for (const Row& r : rows)
        {
            const InfinibandRate rate(r.width, r.speed);
            NS_TEST_EXPECT_MSG_EQ(rate.GetSignallingRate().GetBitRate(), r.signalling, "S");
            NS_TEST_EXPECT_MSG_EQ(rate.GetDataRate().GetBitRate(), r.data, "D = 8 S / 10");
            NS_TEST_EXPECT_MSG_EQ(rate.GetSymbolTime(), PicoSeconds(r.symbolPs), "t_sym");
        }
        // (4): a 6-byte link packet + 2 delimiters = 8 bytes; on 12X, one 12-byte column
        const InfinibandRate x4;
        const InfinibandRate x12(InfinibandRate::WIDTH_12X, InfinibandRate::DDR);
        // on 1X nothing is rounded: the two delimiters show (on 4X a 4k + 2 packet hides them)
        const InfinibandRate x1(InfinibandRate::WIDTH_1X, InfinibandRate::SDR);
        NS_TEST_EXPECT_MSG_EQ(x1.GetWireBytes(Size::kLinkPacket), 8, "FCP on 1X");
        NS_TEST_EXPECT_MSG_EQ(x1.GetWireBytes(282), 284, "256 B packet on 1X");
        NS_TEST_EXPECT_MSG_EQ(x1.GetTransmissionTime(8), NanoSeconds(32), "FCP time 1X SDR");
        NS_TEST_EXPECT_MSG_EQ(x4.GetWireBytes(Size::kLinkPacket), 8, "FCP on 4X");
        NS_TEST_EXPECT_MSG_EQ(x12.GetWireBytes(Size::kLinkPacket), 12, "FCP on 12X");
        // (5): 4X DDR carries a byte in 0.5 ns: 8 bytes 4 ns; 12X DDR 12 bytes in 2 ns
        NS_TEST_EXPECT_MSG_EQ(x4.GetTransmissionTime(8), NanoSeconds(4), "FCP time 4X DDR");
        NS_TEST_EXPECT_MSG_EQ(x12.GetTransmissionTime(12), NanoSeconds(2), "12X DDR");
        NS_TEST_EXPECT_MSG_EQ(InfinibandRate::Exists(4, InfinibandRate::DDR), true, "4X DDR");
        NS_TEST_EXPECT_MSG_EQ(InfinibandRate::Exists(8, InfinibandRate::QDR), false, "no 8X");
        NS_TEST_EXPECT_MSG_EQ(InfinibandRate::Exists(8, InfinibandRate::SDR), false, "no 8X");
    }
};

/** InfinibandPacketSize (2), (4), (5) and the wire at every MTU, on 4X and 12X. */
class MtuTestCase : public TestCase
{
  public:
    MtuTestCase()
        : TestCase("every MTU: p = m + 26 (LRH 8, BTH 12, ICRC 4, VCRC 2), wire bytes, "
                   "blocks, 4X DDR time and efficiency")
    {
    }

  private:
    void DoRun() override
    {
        // worked by hand: p = m + 26; W4 = 4 ceil((p + 2) / 4); W12 = 12 ceil((p + 2) / 12);
        // blocks = ceil(p / 64); T = W4 / 2 ns at 4X DDR (16 Gb/s = 2 bytes a ns)
        struct Row
        {
            uint32_t mtu, packet, wire4, wire12, blocks;
            int64_t timeNs;
        };

        const Row rows[] = {
            {256, 282, 284, 288, 5, 142},
            {512, 538, 540, 540, 9, 270},
            {1024, 1050, 1052, 1056, 17, 526},
            {2048, 2074, 2076, 2076, 33, 1038},
            {4096, 4122, 4124, 4128, 65, 2062},
        };
        const InfinibandRate x4;
        const InfinibandRate x12(InfinibandRate::WIDTH_12X, InfinibandRate::DDR);
        for (const Row& r : rows)
        {
            NS_TEST_EXPECT_MSG_EQ(Size::IsValidMtu(r.mtu), true, "MTU " << r.mtu);
            const uint32_t p = Size::GetPacketBytes(r.mtu);
            NS_TEST_EXPECT_MSG_EQ(p, r.packet, "p, MTU " << r.mtu);
            NS_TEST_EXPECT_MSG_EQ(x4.GetWireBytes(p), r.wire4, "W 4X, MTU " << r.mtu);
            NS_TEST_EXPECT_MSG_EQ(x12.GetWireBytes(p), r.wire12, "W 12X, MTU " << r.mtu);
            NS_TEST_EXPECT_MSG_EQ(Size::GetBlocks(p), r.blocks, "blocks, MTU " << r.mtu);
            NS_TEST_EXPECT_MSG_EQ(x4.GetTransmissionTime(x4.GetWireBytes(p)),
                                  NanoSeconds(r.timeNs),
                                  "T 4X DDR, MTU " << r.mtu);
            NS_TEST_EXPECT_MSG_EQ_TOL(Size::GetEfficiency(r.mtu, 0, x4),
                                      double(r.mtu) / r.wire4,
                                      1e-12,
                                      "eta, MTU " << r.mtu);
        }
        // 2048 on 4X DDR: 16 Gb/s x 2048 / 2076 = 15.784 Gb/s of payload
        NS_TEST_EXPECT_MSG_EQ_TOL(16e9 * Size::GetEfficiency(2048, 0, x4), 15.7842e9, 1e5, "");
        // pad (1) and extended headers: 1 byte of UD SEND (DETH 8): 8+12+8+1+3+6 = 38
        NS_TEST_EXPECT_MSG_EQ(Size::GetPad(1), 3, "pad(1)");
        NS_TEST_EXPECT_MSG_EQ(Size::GetPacketBytes(1, Size::kDeth), 38, "UD SEND 1 B");
        NS_TEST_EXPECT_MSG_EQ(Size::GetPacketBytes(0, Size::kReth, true), 82, "GRH+RETH");
        NS_TEST_EXPECT_MSG_EQ(Size::GetBlocks(64), 1, "64 B: one block");
        NS_TEST_EXPECT_MSG_EQ(Size::GetBlocks(65), 2, "65 B: two blocks");
        // (3)
        NS_TEST_EXPECT_MSG_EQ(Size::GetPacketsPerMessage(1 << 20, 2048), 512, "1 MiB");
        NS_TEST_EXPECT_MSG_EQ(Size::GetPacketsPerMessage(2049, 2048), 2, "MTU + 1");
        NS_TEST_EXPECT_MSG_EQ(Size::GetPacketsPerMessage(0, 256), 1, "empty message");
        NS_TEST_EXPECT_MSG_EQ(Size::IsValidMtu(3000), false, "no MTU 3000");
        NS_TEST_EXPECT_MSG_EQ(Size::IsValidMtu(8192), false, "no MTU 8192");
    }
};

/** InfinibandFlowControl (1)-(3), across the 12-bit wrap. */
class FlowControlTestCase : public TestCase
{
  public:
    FlowControlTestCase()
        : TestCase("credits: (FCCL - (FCTBS + b)) mod 4096 <= 2048, exact at the limit, "
                   "across the 12-bit wrap")
    {
    }

  private:
    void DoRun() override
    {
        InfinibandFlowControl sender;
        InfinibandFlowControl receiver(40);
        sender.OnCreditLimit(receiver.GetCreditLimit()); // 40: ABR 0 + 40 free
        NS_TEST_EXPECT_MSG_EQ(sender.GetCredits(), 40, "initial credits = buffer");
        // walk FCTBS and ABR to just below 4096 and over it, 33 blocks at a time
        for (int k = 0; k < 130; ++k)
        {
            NS_TEST_ASSERT_MSG_EQ(sender.CanSend(33), true, "packet " << k);
            sender.OnSend(33);
            receiver.OnReceive(33);
            NS_TEST_ASSERT_MSG_EQ(sender.CanSend(33), false, "7 blocks left, packet " << k);
            NS_TEST_ASSERT_MSG_EQ(sender.CanSend(7), true, "exactly the credits left");
            NS_TEST_ASSERT_MSG_EQ(sender.CanSend(8), false, "one block more");
            receiver.OnFree(33);
            sender.OnCreditLimit(receiver.GetCreditLimit());
        }
        NS_TEST_EXPECT_MSG_EQ(sender.GetFctbs(), (130 * 33) % 4096, "FCTBS wrapped");
        NS_TEST_EXPECT_MSG_EQ(receiver.GetAbr(), sender.GetFctbs(), "ABR = FCTBS");
        NS_TEST_EXPECT_MSG_EQ(sender.GetCredits(), 40, "all back");
        // (3): a buffer larger than the window advertises only 2048
        InfinibandFlowControl large(2048);
        NS_TEST_EXPECT_MSG_EQ(large.GetCreditLimit(), 2048, "window");
    }
};

/** The LRH and BTH are 8 and 12 bytes and keep their fields. */
class HeaderTestCase : public TestCase
{
  public:
    HeaderTestCase()
        : TestCase("LRH 8 B and BTH 12 B on the wire, fields round-trip")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<Packet> p = Create<Packet>(100);
        InfinibandBthHeader bth;
        bth.SetOpCode(0x04);
        bth.SetDestQp(0xABCDEF);
        bth.SetPsn(0x123456);
        bth.SetPadCount(3);
        p->AddHeader(bth);
        InfinibandLrhHeader lrh;
        lrh.SetVl(7);
        lrh.SetSl(9);
        lrh.SetDlid(Mac16Address(0x0102));
        lrh.SetSlid(Mac16Address(0xBFFF));
        lrh.SetPacketLength(31);
        p->AddHeader(lrh);
        NS_TEST_EXPECT_MSG_EQ(p->GetSize(), 100 + 8 + 12, "LRH + BTH");
        InfinibandLrhHeader lrh2;
        InfinibandBthHeader bth2;
        p->RemoveHeader(lrh2);
        p->RemoveHeader(bth2);
        NS_TEST_EXPECT_MSG_EQ(uint32_t(lrh2.GetVl()), 7, "VL");
        NS_TEST_EXPECT_MSG_EQ(uint32_t(lrh2.GetSl()), 9, "SL");
        NS_TEST_EXPECT_MSG_EQ(lrh2.GetDlid(), Mac16Address(0x0102), "DLID");
        NS_TEST_EXPECT_MSG_EQ(lrh2.GetSlid(), Mac16Address(0xBFFF), "SLID");
        NS_TEST_EXPECT_MSG_EQ(lrh2.GetPacketBytes(), 31 * 4 + 2, "PktLen words + VCRC");
        NS_TEST_EXPECT_MSG_EQ(bth2.GetDestQp(), 0xABCDEF, "DestQP");
        NS_TEST_EXPECT_MSG_EQ(bth2.GetPsn(), 0x123456, "PSN");
        NS_TEST_EXPECT_MSG_EQ(uint32_t(bth2.GetPadCount()), 3, "PadCnt");
    }
};

/** Values the attributes' checkers refuse. */
class RefusedAttributeTestCase : public TestCase
{
  public:
    RefusedAttributeTestCase()
        : TestCase("refused: MTU 3000, width 8X (any speed), 0 or 3 data VLs, 0 or 2049 "
                   "buffer blocks")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<InfinibandNetDevice> d = CreateObject<InfinibandNetDevice>();
        NS_TEST_EXPECT_MSG_EQ(
            d->SetAttributeFailSafe("Mtu", EnumValue(InfinibandNetDevice::Mtu(3000))),
            false,
            "MTU 3000 as a value");
        NS_TEST_EXPECT_MSG_EQ(d->SetMtu(3000), false, "SetMtu(3000)");
        for (auto speed : {InfinibandRate::SDR, InfinibandRate::DDR, InfinibandRate::QDR})
        {
            d->SetAttribute("Speed", EnumValue(speed));
            NS_TEST_EXPECT_MSG_EQ(
                d->SetAttributeFailSafe("Width", EnumValue(InfinibandRate::Width(8))),
                false,
                "8X at speed " << uint32_t(speed));
        }
        for (uint8_t vls : {0, 3, 16})
        {
            NS_TEST_EXPECT_MSG_EQ(
                d->SetAttributeFailSafe("DataVls", EnumValue(InfinibandNetDevice::DataVls(vls))),
                false,
                uint32_t(vls) << " data VLs");
        }
        NS_TEST_EXPECT_MSG_EQ(d->SetAttributeFailSafe("VlBufferBlocks", UintegerValue(0)),
                              false,
                              "");
        NS_TEST_EXPECT_MSG_EQ(d->SetAttributeFailSafe("VlBufferBlocks", UintegerValue(2049)),
                              false,
                              "");
        // and the values next to them are taken
        NS_TEST_EXPECT_MSG_EQ(d->SetAttributeFailSafe("Mtu", StringValue("4096")), true, "");
        NS_TEST_EXPECT_MSG_EQ(d->GetMtu(), 4096, "MTU set");
        NS_TEST_EXPECT_MSG_EQ(d->SetAttributeFailSafe("Width", StringValue("12X")), true, "");
        NS_TEST_EXPECT_MSG_EQ(d->SetAttributeFailSafe("Speed", StringValue("QDR")), true, "");
        NS_TEST_EXPECT_MSG_EQ(d->GetRate().GetDataRate().GetBitRate(), 96'000'000'000, "");
        NS_TEST_EXPECT_MSG_EQ(d->SetAttributeFailSafe("DataVls", StringValue("15")), true, "");
        NS_TEST_EXPECT_MSG_EQ(uint32_t(d->GetDataVls()), 15, "15 data VLs");
        d->Dispose();
    }
};

class InfinibandArithmeticTestSuite : public TestSuite
{
  public:
    InfinibandArithmeticTestSuite()
        : TestSuite("hybridnet-infiniband-arithmetic", Type::UNIT)
    {
        AddTestCase(new RateTestCase, Duration::QUICK);
        AddTestCase(new MtuTestCase, Duration::QUICK);
        AddTestCase(new FlowControlTestCase, Duration::QUICK);
        AddTestCase(new HeaderTestCase, Duration::QUICK);
        AddTestCase(new RefusedAttributeTestCase, Duration::QUICK);
    }
};

InfinibandArithmeticTestSuite g_infinibandArithmeticTestSuite;

} // namespace
