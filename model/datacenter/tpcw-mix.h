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
 * (WIPS, the primary metric) and ordering (WIPSo) - each by a transition table between
 * the 14 interactions (a customer behaviour model graph): from interaction i the next is j
 * with probability
 *
 *   P(next = j | current = i) = t_ij / 9999,   sum_j t_ij = 9999                  (1)
 *
 * and a browser's first interaction is Home (the table's INIT state goes to Home with
 * probability 1). Next(i, u) maps one uniform u in [0, 1) to the j whose cumulative
 * interval [sum_{k<j} t_ik, sum_{k<=j} t_ik) / 9999 holds u. The chain's stationary
 * distribution pi = pi T is the mix; the specification states the resulting shares p_i
 * (GetShare, in percent):
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
 * Sources: the transition tables t as the University of Wisconsin-Madison Java TPC-W
 * remote browser emulator publishes them (Cain, Heil, Martin, Weglarz, Bezenek, 1999-2000:
 * rbe.EBTPCW1Factory, EBTPCW2Factory, EBTPCW3Factory, cumulative out of 9999, re-ordered
 * here to this enum's order); the shares from the specification, confirmed by two
 * independent public workload tables. The browsing and ordering chains reproduce the
 * shares to 0.01 percentage points; the shopping chain's stationary distribution differs
 * from the stated shares by up to 0.45 points (Shopping Cart 11.15 % against 11.60 %):
 * a property of the published table, kept as it is.
 *
 * Departures: no user sessions (TPC-W ends a session after a drawn duration of at least
 * 15 min and starts the next at Home; here the chain runs on), and no state of the
 * customer (cart contents, customer id) - only which page comes next.
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
    /** @return a browser's first interaction: Home */
    static TpcwInteraction GetFirst();

    /** @return the mix's name */
    const std::string& GetMixName() const;
    /** @return p_i, the specification's share of @p interaction (0 to 1) */
    double GetShare(TpcwInteraction interaction) const;
    /** @return P(next = @p to | current = @p from), (1) */
    double GetTransition(TpcwInteraction from, TpcwInteraction to) const;
    /** @return the interaction after @p current for one uniform draw @p u in [0, 1), (1) */
    TpcwInteraction Next(TpcwInteraction current, double u) const;

  private:
    /** t_ij of (1), in 1/9999 */
    using Transitions = std::array<std::array<uint16_t, kTpcwInteractions>, kTpcwInteractions>;

    std::string m_name;                                //!< the mix's name
    std::array<uint32_t, kTpcwInteractions> m_basis{}; //!< p_i in 1/10000
    const Transitions* m_transitions{nullptr};         //!< t
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_TPCW_MIX_H
