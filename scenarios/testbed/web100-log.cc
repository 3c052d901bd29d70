/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "web100-log.h"

#include "hybridnet/lfn-tcp-socket.h"
#include "hybridnet/lfn-tcp-stats-log.h"

#include "ns3/log.h"
#include "ns3/tcp-socket-state.h"
#include "ns3/tcp-socket.h"

#include <iomanip>
#include <string>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetWeb100Log");

namespace
{

/** @return @p name of a TcpStateName / TcpCongStateName table as its index, or -1 */
template <size_t N>
double
NameIndex(const char* const (&names)[N], const std::string& name)
{
    for (size_t i = 0; i < N; ++i)
    {
        if (name == names[i])
        {
            return static_cast<double>(i);
        }
    }
    return -1;
}

/**
 * A CSV header field as a column: a unit suffix (_s, _ms, _bytes) becomes the unit,
 * snake_case becomes camelCase.
 */
ResultDocument::Column
ColumnOf(std::string field)
{
    std::string unit;
    for (const auto& [suffix, u] :
         {std::pair<std::string, std::string>{"_s", "s"}, {"_ms", "ms"}, {"_bytes", "B"}})
    {
        if (field.size() > suffix.size() &&
            field.compare(field.size() - suffix.size(), suffix.size(), suffix) == 0)
        {
            field = field.substr(0, field.size() - suffix.size());
            unit = u;
            break;
        }
    }
    std::string name;
    bool upper = false;
    for (char ch : field)
    {
        if (ch == '_')
        {
            upper = true;
            continue;
        }
        name += upper ? static_cast<char>(std::toupper(ch)) : ch;
        upper = false;
    }
    return {name, unit, {}};
}

/** @return one CSV field of column @p raw as a number: the state names as their index */
double
ValueOf(const std::string& raw, const std::string& field)
{
    if (raw == "state")
    {
        return NameIndex(TcpSocket::TcpStateName, field);
    }
    if (raw == "cong_state")
    {
        return NameIndex(TcpSocketState::TcpCongStateName, field);
    }
    return std::stod(field);
}

/** The CSV of an LfnTcpStatsLog as series columns (see the class comment). */
std::vector<ResultDocument::Column>
Web100Columns(const std::string& csv)
{
    std::istringstream in(csv);
    std::string line;
    std::vector<ResultDocument::Column> columns;
    std::vector<std::string> raw;
    if (!std::getline(in, line))
    {
        return columns;
    }
    std::istringstream header(line);
    std::string field;
    while (std::getline(header, field, ','))
    {
        raw.push_back(field);
        columns.push_back(ColumnOf(field));
    }
    while (std::getline(in, line))
    {
        std::istringstream row(line);
        for (size_t c = 0; c < columns.size() && std::getline(row, field, ','); ++c)
        {
            columns[c].values.push_back(ValueOf(raw[c], field));
        }
    }
    return columns;
}

} // namespace

Web100Log::Web100Log()
{
    m_text << std::setprecision(12);
}

Web100Log::~Web100Log() = default;

void
Web100Log::Start(Ptr<LfnTcpSocket> socket, Time interval)
{
    m_log = std::make_unique<LfnTcpStatsLog>(socket, m_text, interval);
    m_log->Start();
}

void
Web100Log::Stop()
{
    if (m_log)
    {
        m_log->Stop();
        m_log.reset();
    }
}

std::vector<ResultDocument::Column>
Web100Log::GetColumns() const
{
    return Web100Columns(m_text.str());
}

} // namespace hybridnet
} // namespace ns3
