/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_TPCW_MIX_H
#define HYBRIDNET_TPCW_MIX_H

#include <array>
#include <cstdint>
#include <string>

namespace ns3
{
namespace hybridnet
{

/** The 14 web interactions of TPC-W v1.8 (TPC, 2002), Clause 2, in the order of its mix table. */
enum class TpcwInteraction : uint8_t
{
    HOME,
    NEW_PRODUCTS,
    BEST_SELLERS,
    PRODUCT_DETAIL,
    SEARCH_REQUEST,
    SEARCH_RESULTS,
    SHOPPING_CART,
    CUSTOMER_REGISTRATION,
    BUY_REQUEST,
    BUY_CONFIRM,
    ORDER_INQUIRY,
    ORDER_DISPLAY,
    ADMIN_REQUEST,
    ADMIN_CONFIRM,
};

/** Number of TPC-W web interactions. */
constexpr uint32_t kTpcwInteractions = 14;

/**
 * @brief A TPC-W web interaction mix: which interaction an emulated browser asks for next.
 *
 * TPC-W v1.8 (TPC, Feb 2002), Clause 5.2, defines three mixes - browsing (WIPSb), shopping
 * (WIPS, the primary metric) and ordering (WIPSo) - by transition tables between the 14
 * interactions (a customer behaviour model graph) and states the resulting share of each
 * interaction, p_i (Clause 5.2.2's mix table, in hundredths of a percent here):
 *
 *   interaction            browsing  shopping  ordering
 *   Home                     29.00     16.00      9.12
 *   New Products             11.00      5.00      0.46
 *   Best Sellers             11.00      5.00      0.46
 *   Product Detail           21.00     17.00     12.35
 *   Search Request           12.00     20.00     14.53
 *   Search Results           11.00     17.00     13.08
 *   Shopping Cart             2.00     11.60     13.53
 *   Customer Registration     0.82      3.00     12.86
 *   Buy Request               0.75      2.60     12.73
 *   Buy Confirm               0.69      1.20     10.18
 *   Order Inquiry             0.30      0.75      0.25
 *   Order Display             0.25      0.66      0.22
 *   Admin Request             0.10      0.10      0.12
 *   Admin Confirm             0.09      0.09      0.11
 *
 * Each column sums to 100.00. Departure: the transition tables themselves were not in a
 * source we could read, so each interaction is drawn independently with its stationary
 * share (1): the long-run mix is the specification's, the sequence within a session is
 * not (no session memory: a Buy Confirm need not follow a Buy Request).
 *
 *   P(next = i) = p_i                                                          (1)
 *
 * Draw(u) maps one uniform u in [0, 1) to the interaction whose cumulative share interval
 * [sum_{j<i} p_j, sum_{j<=i} p_j) holds u.
 *
 * The percentages were checked against two independent public TPC-W workload
 * implementations (a C++ "tpcw_*_mix" table and a Python web-interaction table), which
 * agree with each other and sum to 100 %.
 */
class TpcwMix
{
  public:
    /**
     * @param name browsing, shopping or ordering; anything else aborts with one line
     *        naming the accepted names
     */
    explicit TpcwMix(const std::string& name);

    /** @return whether @p name is a mix name */
    static bool IsMix(const std::string& name);
    /** @return the accepted names, "browsing, shopping, ordering" */
    static std::string Names();
    /** @return the interaction's name, e.g. "home", "best-sellers" */
    static std::string GetName(TpcwInteraction interaction);

    /** @return the mix's name */
    const std::string& GetMixName() const;
    /** @return p_i, the share of @p interaction (0 to 1) */
    double GetShare(TpcwInteraction interaction) const;
    /** @return the interaction for one uniform draw @p u in [0, 1), (1) */
    TpcwInteraction Draw(double u) const;

  private:
    std::string m_name;                                //!< the mix's name
    std::array<uint32_t, kTpcwInteractions> m_basis{}; //!< p_i in 1/10000
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_TPCW_MIX_H
