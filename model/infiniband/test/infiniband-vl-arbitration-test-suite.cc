/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * VL arbitration on a 4X DDR cable, two data VLs both saturated (every packet 2048 B of
 * payload, p = 2074 B; B's buffer holds enough that credit never limits): the shares of
 * the link follow InfinibandVlArbiter (2), n_i = ceil(64 w_i / p) packets a turn, so VL0's
 * share of bytes is n_0 / (n_0 + n_1) over whole rounds - w0 / (w0 + w1) when p divides
 * neither weight but the ceilings keep the ratio, and visibly not when they do not.
 * With VL0 in the High table and VL1 in the Low one, LimitOfHighPriority 0 alternates
 * them, 255 starves VL1.
 *
 * Deliberate mistakes tried, and what caught them:
 * - the weight counted in bytes, not 64-byte units: every WeightsTestCase;
 * - a turn that stops before the packet that would overrun the weight (floor instead of
 *   ceil): WeightsTestCase(16, 48) and (64, 192);
 * - the limit of high priority ignored: HighPriorityTestCase(0).
 */
#include "hybridnet/infiniband-bth-header.h"
#include "hybridnet/infiniband-helper.h"
#include "hybridnet/infiniband-lrh-header.h"
#include "hybridnet/infiniband-net-device.h"
#include "hybridnet/infiniband-subnet-manager-helper.h"

#include "ns3/core-module.h"
#include "ns3/network-module.h"

#include <vector>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

constexpr uint32_t kPayload = 2048;
constexpr uint32_t kPacket = kPayload + 26; //!< p
constexpr uint32_t kRounds = 25;

/** Two adapters, two data VLs, A saturating both; the VLs of what A sends, in order. */
class TwoVls
{
  public:
    TwoVls()
    {
        m_nodes.Create(2);
        InfinibandHelper ib;
        ib.SetDeviceAttribute("DataVls", StringValue("2"));
        ib.SetDeviceAttribute("VlBufferBlocks", UintegerValue(512));
        NetDeviceContainer d = ib.Install(m_nodes);
        InfinibandSubnetManagerHelper().Configure(m_nodes); // SL s -> VL s mod 2
        a = DynamicCast<InfinibandNetDevice>(d.Get(0));
        m_dlid = Mac16Address::ConvertFrom(d.Get(1)->GetAddress());
        a->TraceConnectWithoutContext("Tx", MakeCallback(&TwoVls::Sent, this));
    }

    /** Queue @p count packets on each of SL0 (VL0) and SL1 (VL1). */
    void Saturate(uint32_t count)
    {
        for (uint32_t k = 0; k < count; ++k)
        {
            for (uint8_t sl : {0, 1})
            {
                Ptr<Packet> p = Create<Packet>(kPayload);
                p->AddHeader(InfinibandBthHeader());
                const bool queued = a->SendTo(p, m_dlid, sl);
                NS_ABORT_UNLESS(queued);
            }
        }
    }

    /** @return the packets of VL0 among the first @p n sent */
    uint32_t CountVl0(uint32_t n) const
    {
        uint32_t vl0 = 0;
        for (uint32_t i = 0; i < n && i < vls.size(); ++i)
        {
            vl0 += vls[i] == 0;
        }
        return vl0;
    }

    Ptr<InfinibandNetDevice> a;
    std::vector<uint8_t> vls;

  private:
    void Sent(Ptr<const Packet> p, uint8_t vl)
    {
        NS_ASSERT(p->GetSize() == kPacket);
        vls.push_back(vl);
    }

    NodeContainer m_nodes;
    Mac16Address m_dlid;
};

/** Low table (VL0, w0), (VL1, w1): VL0 sends n0 of every n0 + n1 packets. */
class WeightsTestCase : public TestCase
{
  public:
    WeightsTestCase(uint8_t w0, uint8_t w1)
        : TestCase("weights " + std::to_string(w0) + " and " + std::to_string(w1) +
                   ": shares ceil(64 w0 over p) to ceil(64 w1 over p) packets"),
          m_w0(w0),
          m_w1(w1)
    {
    }

  private:
    void DoRun() override
    {
        TwoVls f;
        f.a->SetVlArbitration({}, {{0, m_w0}, {1, m_w1}});
        const uint32_t n0 = (64 * m_w0 + kPacket - 1) / kPacket;
        const uint32_t n1 = (64 * m_w1 + kPacket - 1) / kPacket;
        f.Saturate(kRounds * std::max(n0, n1) + 10);
        Simulator::Run();
        const uint32_t total = kRounds * (n0 + n1);
        NS_TEST_ASSERT_MSG_GT(f.vls.size(), total, "enough packets");
        NS_TEST_EXPECT_MSG_EQ(f.CountVl0(total), kRounds * n0, "VL0 packets in whole rounds");
        // within a round VL1's turn is n1 packets in a row
        uint32_t run = 0;
        uint32_t longest = 0;
        for (uint32_t i = 0; i < total; ++i)
        {
            run = f.vls[i] == 1 ? run + 1 : 0;
            longest = std::max(longest, run);
        }
        NS_TEST_EXPECT_MSG_EQ(longest, n1, "VL1's turn");
        Simulator::Destroy();
    }

    uint8_t m_w0;
    uint8_t m_w1;
};

/** VL0 High, VL1 Low: with limit 0 they alternate; with 255 VL1 waits for VL0 to empty. */
class HighPriorityTestCase : public TestCase
{
  public:
    HighPriorityTestCase(uint8_t limit)
        : TestCase("LimitOfHighPriority " + std::to_string(limit) +
                   (limit == 0 ? ": one high packet, then one low" : ": low waits")),
          m_limit(limit)
    {
    }

  private:
    void DoRun() override
    {
        TwoVls f;
        f.a->SetAttribute("LimitOfHighPriority", UintegerValue(m_limit));
        f.a->SetVlArbitration({{0, 255}}, {{1, 255}});
        f.Saturate(20);
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(f.vls.size(), 40, "all sent");
        // limit 0: 20 of the first 40 each; unbounded: VL0's 20 first
        NS_TEST_EXPECT_MSG_EQ(f.CountVl0(20), (m_limit == 0 ? 10 : 20), "VL0 in the first 20");
        Simulator::Destroy();
    }

    uint8_t m_limit;
};

class InfinibandVlArbitrationTestSuite : public TestSuite
{
  public:
    InfinibandVlArbitrationTestSuite()
        : TestSuite("hybridnet-infiniband-vl-arbitration", Type::UNIT)
    {
        AddTestCase(new WeightsTestCase(64, 192), Duration::QUICK); // 2 : 6 = 64 : 192
        AddTestCase(new WeightsTestCase(32, 96), Duration::QUICK);  // 1 : 3 = 32 : 96
        AddTestCase(new WeightsTestCase(16, 48), Duration::QUICK);  // 1 : 2, not 1 : 3
        AddTestCase(new WeightsTestCase(64, 64), Duration::QUICK);  // 2 : 2
        AddTestCase(new HighPriorityTestCase(0), Duration::QUICK);
        AddTestCase(new HighPriorityTestCase(255), Duration::QUICK);
    }
};

InfinibandVlArbitrationTestSuite g_infinibandVlArbitrationTestSuite;

} // namespace
