/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "tpcw-mix.h"

#include "ns3/abort.h"
#include "ns3/log.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetTpcwMix");

namespace
{

/** One mix of TPC-W v1.8 Clause 5.2.2, shares in 1/10000 (hundredths of a percent). */
struct MixRow
{
    const char* name;
    std::array<uint32_t, kTpcwInteractions> basis;
};

// clang-format off
const std::array<MixRow, 3> kMixes{{
    //              home  new  best  det  sreq  sres cart  reg  breq bconf oinq odis areq aconf
    {"browsing", {{2900, 1100, 1100, 2100, 1200, 1100, 200,  82,   75,  69,  30,  25,  10,  9}}},
    {"shopping", {{1600,  500,  500, 1700, 2000, 1700, 1160, 300, 260, 120,  75,  66,  10,  9}}},
    {"ordering", {{ 912,   46,   46, 1235, 1453, 1308, 1353, 1286, 1273, 1018, 25, 22,  12, 11}}},
}};
// clang-format on

const std::array<const char*, kTpcwInteractions> kNames{"home",
                                                        "new-products",
                                                        "best-sellers",
                                                        "product-detail",
                                                        "search-request",
                                                        "search-results",
                                                        "shopping-cart",
                                                        "customer-registration",
                                                        "buy-request",
                                                        "buy-confirm",
                                                        "order-inquiry",
                                                        "order-display",
                                                        "admin-request",
                                                        "admin-confirm"};

} // namespace

TpcwMix::TpcwMix(const std::string& name)
    : m_name(name)
{
    NS_ABORT_MSG_UNLESS(IsMix(name), "TPC-W mix '" << name << "' unknown; accepted: " << Names());
    for (const auto& mix : kMixes)
    {
        if (name == mix.name)
        {
            m_basis = mix.basis;
        }
    }
}

bool
TpcwMix::IsMix(const std::string& name)
{
    for (const auto& mix : kMixes)
    {
        if (name == mix.name)
        {
            return true;
        }
    }
    return false;
}

std::string
TpcwMix::Names()
{
    return "browsing, shopping, ordering";
}

std::string
TpcwMix::GetName(TpcwInteraction interaction)
{
    return kNames[static_cast<uint32_t>(interaction)];
}

const std::string&
TpcwMix::GetMixName() const
{
    return m_name;
}

double
TpcwMix::GetShare(TpcwInteraction interaction) const
{
    return m_basis[static_cast<uint32_t>(interaction)] / 10000.0;
}

TpcwInteraction
TpcwMix::Draw(double u) const
{
    NS_ABORT_MSG_IF(u < 0 || u >= 1, "TpcwMix::Draw: u = " << u << " outside [0, 1)");
    const double point = u * 10000.0;
    uint32_t cumulative = 0;
    for (uint32_t i = 0; i < kTpcwInteractions; ++i)
    {
        cumulative += m_basis[i];
        if (point < cumulative)
        {
            return static_cast<TpcwInteraction>(i);
        }
    }
    return TpcwInteraction::ADMIN_CONFIRM; // unreachable: the shares sum to 10000
}

} // namespace hybridnet
} // namespace ns3
