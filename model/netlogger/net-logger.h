/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_NET_LOGGER_H
#define HYBRIDNET_NET_LOGGER_H

#include "ulm-record.h"

#include "ns3/object.h"

#include <cstdint>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief A run's NetLogger: the place applications, host monitors and the network send
 * their events to, kept in order of simulated time and written as ULM lines (UlmRecord),
 * one per event - what NetLogger's netlogd collected from every host of a distributed
 * application, so that nlv could draw each object's lifeline through it.
 *
 *     Ptr<NetLogger> log = CreateObject<NetLogger>();
 *     log->Log("server", "get", "block.read.start", "17", {{"SIZE", "1048576"}});
 *     ...
 *     log->Write(file);
 *
 * Log() stamps the event with Simulator::Now() truncated to the microsecond (NetLogger's
 * precision); events are kept in the order they are logged, which is the order of time.
 * Write() formats each with the Epoch attribute, the wall-clock date of t = 0.
 */
class NetLogger : public Object
{
  public:
    /** @return the TypeId */
    static TypeId GetTypeId();

    using Fields = std::vector<std::pair<std::string, std::string>>; //!< NAME, value

    /**
     * Log an event now.
     * @param host HOST
     * @param prog PROG
     * @param event NL.EVNT
     * @param id ID, the object the event happened to
     * @param fields the event's own fields
     */
    void Log(const std::string& host,
             const std::string& prog,
             const std::string& event,
             const std::string& id,
             Fields fields = {});

    /**
     * Add an event that happened at @p record's time (truncated to the microsecond), for a
     * component that keeps its own timeline; records are kept in the order added.
     */
    void Add(UlmRecord record);

    /** @return the events logged so far */
    const std::vector<UlmRecord>& GetRecords() const;
    /** @return the Epoch attribute, seconds since 1970-01-01 00:00:00 UTC */
    int64_t GetEpoch() const;
    /** Write every event as a ULM line to @p out. */
    void Write(std::ostream& out) const;

  private:
    std::vector<UlmRecord> m_records;
    int64_t m_epoch{946684800};
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_NET_LOGGER_H
