/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of CongestionOpsCatalog: what the registry holds is found by full and by short
 * name, unknown names find nothing, the list is sorted and holds no abstract base.
 */
#include "hybridnet/congestion-ops-catalog.h"

#include "ns3/tcp-congestion-ops.h"
#include "ns3/test.h"

#include <algorithm>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

/** Lookups by name. */
class CatalogLookupTestCase : public TestCase
{
  public:
    CatalogLookupTestCase()
        : TestCase("congestion ops by full and short name")
    {
    }

  private:
    void DoRun() override
    {
        CongestionOpsCatalog catalog;
        auto full = catalog.Find("ns3::TcpNewReno");
        NS_TEST_ASSERT_MSG_EQ(full.size(), 1U, "full name");
        NS_TEST_EXPECT_MSG_EQ(full[0], TcpNewReno::GetTypeId(), "the TypeId");
        auto shortName = catalog.Find("TcpNewReno");
        NS_TEST_ASSERT_MSG_EQ(shortName.size(), 1U, "short name");
        NS_TEST_EXPECT_MSG_EQ(shortName[0], TcpNewReno::GetTypeId(), "the same TypeId");
        NS_TEST_EXPECT_MSG_EQ(catalog.Find("TcpNoSuchThing").empty(), true, "unknown name");
        NS_TEST_EXPECT_MSG_EQ(catalog.Find("TcpCongestionOps").empty(),
                              true,
                              "the abstract base is not an algorithm");
        // hybridnet's stacks are registered by the congestion module the runner loads
        NS_TEST_EXPECT_MSG_EQ(catalog.Find("ns3::hybridnet::TcpFast").size(),
                              1U,
                              "hybridnet's algorithms by full name");
        const auto& entries = catalog.GetEntries();
        NS_TEST_EXPECT_MSG_EQ(
            std::is_sorted(entries.begin(),
                           entries.end(),
                           [](const auto& a, const auto& b) { return a.shortName < b.shortName; }),
            true,
            "sorted by short name");
        NS_TEST_EXPECT_MSG_NE(catalog.GetShortNames().find("TcpHighSpeed, "),
                              std::string::npos,
                              "the text lists the short names");
    }
};

} // namespace

/** The suite. */
class CongestionOpsCatalogTestSuite : public TestSuite
{
  public:
    CongestionOpsCatalogTestSuite()
        : TestSuite("hybridnet-congestion-ops-catalog", Type::UNIT)
    {
        AddTestCase(new CatalogLookupTestCase(), Duration::QUICK);
    }
};

static CongestionOpsCatalogTestSuite g_congestionOpsCatalogTestSuite; //!< registers the suite
