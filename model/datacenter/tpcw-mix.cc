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

/** One mix's shares as the specification states them, in 1/10000 (hundredths of a percent). */
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

using Transitions = std::array<std::array<uint16_t, kTpcwInteractions>, kTpcwInteractions>;

// TpcwMix (1): t_ij out of 9999, rows and columns in TpcwInteraction order (home, new
// products, best sellers, product detail, search request, search results, shopping cart,
// customer registration, buy request, buy confirm, order inquiry, order display, admin
// request, admin confirm), from the UW-Madison TPC-W RBE's EBTPCW1/2/3Factory tables.
// clang-format off
const std::array<Transitions, 3> kTransitions{{
    // browsing: from (rows) to (columns), in 1/9999
    {{
        {{   0, 3793, 3792,    0, 1871,    0,  440,    0,    0,    0,  103,    0,    0,    0}}, // HOME
        {{ 299,    0,    0, 9568,   74,    0,   58,    0,    0,    0,    0,    0,    0,    0}}, // NEWP
        {{4607,    0,    0,  652, 4683,    0,   57,    0,    0,    0,    0,    0,    0,    0}}, // BESS
        {{8299,    0,    0, 1403,  141,    0,  109,    0,    0,    0,    0,    0,   47,    0}}, // PROD
        {{ 788,    0,    0,    0,    0, 9167,   44,    0,    0,    0,    0,    0,    0,    0}}, // SREQ
        {{3674,    0,    0, 6194,   74,    0,   57,    0,    0,    0,    0,    0,    0,    0}}, // SRES
        {{4784,    0,    0,    0,    0,    0, 1116, 4099,    0,    0,    0,    0,    0,    0}}, // SHOP
        {{ 474,    0,    0,    0,  380,    0,    0,    0, 9145,    0,    0,    0,    0,    0}}, // CREG
        {{ 396,    0,    0,    0,    0,    0,  404,    0,    0, 9199,    0,    0,    0,    0}}, // BUYR
        {{ 342,    0,    0,    0, 9657,    0,    0,    0,    0,    0,    0,    0,    0,    0}}, // BUYC
        {{ 523,    0,    0,    0, 1143,    0,    0,    0,    0,    0,    0, 8333,    0,    0}}, // ORDI
        {{ 802,    0,    0,    0, 9197,    0,    0,    0,    0,    0,    0,    0,    0,    0}}, // ORDD
        {{1000,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0, 8999}}, // ADMR
        {{9877,    0,    0,    0,  122,    0,    0,    0,    0,    0,    0,    0,    0,    0}}, // ADMC
    }},
    // shopping: from (rows) to (columns), in 1/9999
    {{
        {{   0, 3125, 3124,    0,  308,    0, 2973,    0,    0,    0,  469,    0,    0,    0}}, // HOME
        {{ 156,    0,    0, 9579,   49,    0,  215,    0,    0,    0,    0,    0,    0,    0}}, // NEWP
        {{ 167,    0,    0,  305, 9455,    0,   72,    0,    0,    0,    0,    0,    0,    0}}, // BESS
        {{ 774,    0,    0,  456, 7315,    0, 1396,    0,    0,    0,    0,    0,   58,    0}}, // PROD
        {{ 635,    0,    0,    0,    0, 8500,  864,    0,    0,    0,    0,    0,    0,    0}}, // SREQ
        {{2657,    0,    0, 6637,   10,    0,  695,    0,    0,    0,    0,    0,    0,    0}}, // SRES
        {{7407,    0,    0,    0,    0,    0,    7, 2585,    0,    0,    0,    0,    0,    0}}, // SHOP
        {{  94,    0,    0,    0, 1239,    0,    0,    0, 8666,    0,    0,    0,    0,    0}}, // CREG
        {{1932,    0,    0,    0,    0,    0, 3453,    0,    0, 4614,    0,    0,    0,    0}}, // BUYR
        {{  84,    0,    0,    0, 9915,    0,    0,    0,    0,    0,    0,    0,    0,    0}}, // BUYC
        {{  72,    0,    0,    0, 1127,    0,    0,    0,    0,    0,    0, 8800,    0,    0}}, // ORDI
        {{  69,    0,    0,    0, 9930,    0,    0,    0,    0,    0,    0,    0,    0,    0}}, // ORDD
        {{1000,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0, 8999}}, // ADMR
        {{9952,    0,    0,    0,   47,    0,    0,    0,    0,    0,    0,    0,    0,    0}}, // ADMC
    }},
    // ordering: from (rows) to (columns), in 1/9999
    {{
        {{   0,  500,  499,    0,   26,    0, 8704,    0,    0,    0,  270,    0,    0,    0}}, // HOME
        {{ 504,    0,    0, 9438,   34,    0,   23,    0,    0,    0,    0,    0,    0,    0}}, // NEWP
        {{   1,    0,    0,  332, 9665,    0,    1,    0,    0,    0,    0,    0,    0,    0}}, // BESS
        {{3651,    0,    0, 1871,  720,    0, 3658,    0,    0,    0,    0,    0,   99,    0}}, // PROD
        {{ 815,    0,    0,    0,    0, 9000,  184,    0,    0,    0,    0,    0,    0,    0}}, // SREQ
        {{ 486,    0,    0, 7331, 2181,    0,    1,    0,    0,    0,    0,    0,    0,    0}}, // SRES
        {{ 419,    0,    0,    0,    0,    0,   81, 9499,    0,    0,    0,    0,    0,    0}}, // SHOP
        {{   2,    0,    0,    0,   98,    0,    0,    0, 9899,    0,    0,    0,    0,    0}}, // CREG
        {{1454,    0,    0,    0,    0,    0,  546,    0,    0, 7999,    0,    0,    0,    0}}, // BUYR
        {{   2,    0,    0,    0, 9997,    0,    0,    0,    0,    0,    0,    0,    0,    0}}, // BUYC
        {{1168,    0,    0,    0,   31,    0,    0,    0,    0,    0,    0, 8800,    0,    0}}, // ORDI
        {{9939,    0,    0,    0,   60,    0,    0,    0,    0,    0,    0,    0,    0,    0}}, // ORDD
        {{1000,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0, 8999}}, // ADMR
        {{8348,    0,    0,    0, 1651,    0,    0,    0,    0,    0,    0,    0,    0,    0}}, // ADMC
    }},
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
            m_transitions = &kTransitions[&mix - kMixes.data()];
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
TpcwMix::GetFirst()
{
    return TpcwInteraction::HOME;
}

double
TpcwMix::GetTransition(TpcwInteraction from, TpcwInteraction to) const
{
    return (*m_transitions)[static_cast<uint32_t>(from)][static_cast<uint32_t>(to)] / 9999.0;
}

TpcwInteraction
TpcwMix::Next(TpcwInteraction current, double u) const
{
    NS_ABORT_MSG_IF(u < 0 || u >= 1, "TpcwMix::Next: u = " << u << " outside [0, 1)");
    const auto& row = (*m_transitions)[static_cast<uint32_t>(current)];
    const double point = u * 9999.0;
    uint32_t cumulative = 0;
    uint32_t last = 0;
    for (uint32_t j = 0; j < kTpcwInteractions; ++j)
    {
        cumulative += row[j];
        last = row[j] > 0 ? j : last;
        if (point < cumulative)
        {
            return static_cast<TpcwInteraction>(j);
        }
    }
    return static_cast<TpcwInteraction>(last); // unreachable: each row sums to 9999
}

} // namespace hybridnet
} // namespace ns3
