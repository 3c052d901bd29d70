/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of VpiHosts' cabling: every 10 GbE cable runs at 10 Gb/s at both ends, through the
 * 10 GbE switch too (a switch port left at EthernetNetDevice's 1 Gb/s default once made the
 * data center's client link a gigabit one).
 */
#include "hybridnet/ethernet-net-device.h"
#include "hybridnet/host-flags.h"
#include "hybridnet/scenario-flags.h"
#include "hybridnet/vpi-hosts.h"

#include "ns3/channel.h"
#include "ns3/simulator.h"
#include "ns3/test.h"

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

/** N hosts: each 10 GbE NIC and the device at the other end of its cable run at 10 Gb/s. */
class VpiHostsRateTestCase : public TestCase
{
  public:
    explicit VpiHostsRateTestCase(uint32_t n)
        : TestCase(std::to_string(n) + " hosts: both ends of every 10 GbE cable at 10 Gbps"),
          m_n(n)
    {
    }

  private:
    void DoRun() override
    {
        ScenarioFlags flags("test", "");
        HostFlags hosts;
        hosts.AddProfile(flags, "host", "the hosts", "vpi-opteron-2.0-connectx", "");
        NS_TEST_ASSERT_MSG_EQ((flags.Parse({}).outcome == ScenarioFlags::Outcome::OK),
                              true,
                              "default flags parse");
        VpiHosts bed(m_n, hosts, VpiCabling{});
        const DataRate tengig("10Gbps");
        for (uint32_t h = 0; h < m_n; ++h)
        {
            Ptr<Channel> cable = bed.tengig.Get(h)->GetChannel();
            NS_TEST_ASSERT_MSG_EQ(cable->GetNDevices(), 2, "a cable has two ends");
            for (std::size_t end = 0; end < 2; ++end)
            {
                auto device = DynamicCast<EthernetNetDevice>(cable->GetDevice(end));
                NS_TEST_EXPECT_MSG_EQ(device->GetDataRate(),
                                      tengig,
                                      "host " << h << "'s cable, end " << end);
            }
        }
        Simulator::Destroy();
    }

    uint32_t m_n; //!< hosts
};

/** The suite. */
class VpiHostsTestSuite : public TestSuite
{
  public:
    VpiHostsTestSuite()
        : TestSuite("hybridnet-vpi-hosts", Type::UNIT)
    {
        AddTestCase(new VpiHostsRateTestCase(2), Duration::QUICK); // back to back
        AddTestCase(new VpiHostsRateTestCase(4), Duration::QUICK); // through the switch
    }
};

VpiHostsTestSuite g_vpiHostsTestSuite;

} // namespace
