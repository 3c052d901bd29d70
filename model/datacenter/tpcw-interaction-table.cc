/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "tpcw-interaction-table.h"

#include "ns3/log.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetTpcwInteractionTable");
NS_OBJECT_ENSURE_REGISTERED(TpcwInteractionTable);

namespace
{

constexpr uint32_t kGet = 450;        //!< assumption: an HTTP GET with a browser's headers
constexpr uint32_t kPost = 900;       //!< assumption: a form POST
constexpr uint32_t kListHtml = 20000; //!< assumption: a page listing up to 50 items
constexpr uint32_t kItemHtml = 8000;  //!< assumption: a page of one item, or a form
constexpr uint32_t kChrome = 10000;   //!< assumption: buttons and logo on every page
constexpr uint32_t kThumbs = 25000;   //!< assumption: 5 promotional thumbnails of 5 kB
constexpr uint32_t kImage = 50000;    //!< assumption: one item's full-size image
constexpr uint32_t kQuery = 300;      //!< assumption: one SQL statement
constexpr uint32_t kRows50 = 10000;   //!< assumption: 50 rows of 200 B
constexpr uint32_t kRow = 200;        //!< assumption: one row
constexpr uint32_t kStatus = 100;     //!< assumption: an update's status

/** A row: request, page HTML, static bytes, db reply, and the CPU times in us. */
TpcwInteractionCost
Row(uint32_t request,
    uint32_t html,
    uint32_t statics,
    uint32_t dbReply,
    int64_t webUs,
    int64_t appUs,
    int64_t dbUs)
{
    TpcwInteractionCost c;
    c.clientRequest = request;
    c.clientResponse = html + statics;
    c.appRequest = request;
    c.appResponse = html;
    c.dbRequest = dbReply > 0 ? kQuery : 0;
    c.dbResponse = dbReply;
    c.webDemand = MicroSeconds(webUs);
    c.appDemand = MicroSeconds(appUs);
    c.dbDemand = MicroSeconds(dbReply > 0 ? dbUs : 0);
    return c;
}

} // namespace

TypeId
TpcwInteractionTable::GetTypeId()
{
    static TypeId tid = TypeId("ns3::hybridnet::TpcwInteractionTable")
                            .SetParent<Object>()
                            .SetGroupName("Hybridnet")
                            .AddConstructor<TpcwInteractionTable>();
    return tid;
}

// clang-format off
TpcwInteractionTable::TpcwInteractionTable()
    : m_rows{{
        // request, HTML, static bytes, db reply, web us, app us, db us; the page (TPC-W v1.8
        // Clause 2); whether it queries the database (DBT-1 eu.c)
        // home: customer name, promotions
        Row(kGet,  kItemHtml, kChrome + kThumbs, kRow,    500, 3000,  1000),
        // new products: sort by date
        Row(kGet,  kListHtml, kChrome + kThumbs, kRows50, 500, 5000, 20000),
        // best sellers: join over order lines
        Row(kGet,  kListHtml, kChrome + kThumbs, kRows50, 500, 5000, 20000),
        // product detail: one item, its image
        Row(kGet,  kItemHtml, kChrome + kImage,  kRow,    500, 3000,  1000),
        // search request: a form (no query, DBT-1)
        Row(kGet,  kItemHtml, kChrome + kThumbs, 0,       500, 3000,     0),
        // search results: LIKE search
        Row(kGet,  kListHtml, kChrome + kThumbs, kRows50, 500, 5000, 10000),
        // shopping cart: update the cart
        Row(kGet,  kItemHtml, kChrome + kThumbs, kRows50, 500, 3000,  5000),
        // customer registration: a form (no query, DBT-1)
        Row(kGet,  kItemHtml, kChrome,           0,       500, 3000,     0),
        // buy request: customer lookup
        Row(kPost, kItemHtml, kChrome,           kRow,    500, 3000,  1000),
        // buy confirm: insert the order
        Row(kPost, kItemHtml, kChrome,           kStatus, 500, 3000,  5000),
        // order inquiry: a form
        Row(kGet,  kItemHtml, kChrome,           kRow,    500, 3000,  1000),
        // order display: last order by key
        Row(kPost, kItemHtml, kChrome,           kRow,    500, 3000,  1000),
        // admin request: one item
        Row(kGet,  kItemHtml, kChrome + kImage,  kRow,    500, 3000,  1000),
        // admin confirm: update the item
        Row(kPost, kItemHtml, kChrome + kImage,  kStatus, 500, 3000,  5000),
    }}
{
}

// clang-format on

const TpcwInteractionCost&
TpcwInteractionTable::Get(TpcwInteraction interaction) const
{
    return m_rows[static_cast<uint32_t>(interaction)];
}

void
TpcwInteractionTable::Set(TpcwInteraction interaction, const TpcwInteractionCost& cost)
{
    m_rows[static_cast<uint32_t>(interaction)] = cost;
}

Time
TpcwInteractionTable::GetDemand(TpcwInteraction interaction, DatacenterTier tier) const
{
    const auto& row = Get(interaction);
    switch (tier)
    {
    case DatacenterTier::WEB:
        return row.webDemand;
    case DatacenterTier::APP:
        return row.appDemand;
    case DatacenterTier::DB:
        return row.dbDemand;
    }
    return Time();
}

} // namespace hybridnet
} // namespace ns3
