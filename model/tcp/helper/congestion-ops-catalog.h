/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_CONGESTION_OPS_CATALOG_H
#define HYBRIDNET_CONGESTION_OPS_CATALOG_H

#include "ns3/type-id.h"

#include <string>
#include <vector>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief The congestion-control algorithms a scenario can name: every registered,
 * constructible subclass of ns3::TcpCongestionOps (ns-3's and hybridnet's), by full TypeId
 * name or by short name (the part after the last "::": TcpHighSpeed, TcpFast).
 *
 * Scenarios use it to accept --congestion and to list the valid names in the one-line
 * error for an unknown one.  The list is read from the TypeId registry when constructed,
 * so every loaded library's algorithms are in it.
 */
class CongestionOpsCatalog
{
  public:
    /** One algorithm. */
    struct Entry
    {
        std::string shortName; //!< the name after the last "::"
        TypeId tid;            //!< its TypeId
    };

    /** Read the registry: entries sorted by short name, then full name. */
    CongestionOpsCatalog();

    /** @return every algorithm */
    const std::vector<Entry>& GetEntries() const;
    /** @return the short names, sorted, separated by ", " (for help and error texts) */
    std::string GetShortNames() const;
    /**
     * @param name a full TypeId name or a short name
     * @return the algorithms it names: none (unknown), one, or several (an ambiguous short
     *         name)
     */
    std::vector<TypeId> Find(const std::string& name) const;

  private:
    std::vector<Entry> m_entries;
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_CONGESTION_OPS_CATALOG_H
