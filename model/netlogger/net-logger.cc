/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "net-logger.h"

#include "ns3/integer.h"
#include "ns3/simulator.h"

namespace ns3
{
namespace hybridnet
{

NS_OBJECT_ENSURE_REGISTERED(NetLogger);

TypeId
NetLogger::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::NetLogger")
            .SetParent<Object>()
            .SetGroupName("Hybridnet")
            .AddConstructor<NetLogger>()
            .AddAttribute("Epoch",
                          "The wall-clock date of t = 0 in the DATE fields, seconds since "
                          "1970-01-01 00:00:00 UTC (default 946684800: 2000-01-01). Range 0 "
                          "to 253402300799 (9999-12-31 23:59:59).",
                          IntegerValue(946684800),
                          MakeIntegerAccessor(&NetLogger::m_epoch),
                          MakeIntegerChecker<int64_t>(0, 253402300799LL));
    return tid;
}

void
NetLogger::Log(const std::string& host,
               const std::string& prog,
               const std::string& event,
               const std::string& id,
               Fields fields)
{
    const Time now = MicroSeconds(Simulator::Now().GetMicroSeconds());
    m_records.push_back({now, host, prog, event, id, std::move(fields)});
}

void
NetLogger::Add(UlmRecord record)
{
    record.time = MicroSeconds(record.time.GetMicroSeconds());
    m_records.push_back(std::move(record));
}

const std::vector<UlmRecord>&
NetLogger::GetRecords() const
{
    return m_records;
}

int64_t
NetLogger::GetEpoch() const
{
    return m_epoch;
}

void
NetLogger::Write(std::ostream& out) const
{
    for (const UlmRecord& r : m_records)
    {
        out << r.Format(m_epoch) << '\n';
    }
}

} // namespace hybridnet
} // namespace ns3
