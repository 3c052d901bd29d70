/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ulm-record.h"

#include <cctype>
#include <cstdio>
#include <ctime>

namespace ns3
{
namespace hybridnet
{

namespace
{

const char* const kFixed[] = {"DATE", "HOST", "PROG", "NL.EVNT", "ID"};

/** @return true if @p name is a ULM field name: letters, digits, '.', '_', '-' */
bool
IsName(const std::string& name)
{
    if (name.empty())
    {
        return false;
    }
    for (char c : name)
    {
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '_' && c != '-')
        {
            return false;
        }
    }
    return true;
}

/** @return @p value as ULM writes it: quoted if empty or with a space, '"' or '\\' */
std::string
Quote(const std::string& value)
{
    if (value.find_first_of("\r\n") != std::string::npos)
    {
        throw UlmError("a ULM value is one line: '" + value.substr(0, 40) + "' has a line break");
    }
    if (!value.empty() && value.find_first_of(" \t\"\\") == std::string::npos)
    {
        return value;
    }
    std::string out = "\"";
    for (char c : value)
    {
        if (c == '"' || c == '\\')
        {
            out += '\\';
        }
        out += c;
    }
    return out + "\"";
}

/** @return the DATE of @p time after @p epoch: YYYYMMDDhhmmss.uuuuuu */
std::string
FormatDate(Time time, int64_t epoch)
{
    const int64_t us = time.GetMicroSeconds();
    const std::time_t seconds = epoch + us / 1000000;
    std::tm utc{};
    gmtime_r(&seconds, &utc);
    char text[32];
    std::snprintf(text,
                  sizeof text,
                  "%04d%02d%02d%02d%02d%02d.%06d",
                  utc.tm_year + 1900,
                  utc.tm_mon + 1,
                  utc.tm_mday,
                  utc.tm_hour,
                  utc.tm_min,
                  utc.tm_sec,
                  int(us % 1000000));
    return text;
}

/** @return the simulated time of a DATE value after @p epoch */
Time
ParseDate(const std::string& text, int64_t epoch)
{
    std::tm utc{};
    int us = 0;
    char end = 0;
    if (text.size() != 21 || text[14] != '.' ||
        std::sscanf(text.c_str(),
                    "%4d%2d%2d%2d%2d%2d.%6d%c",
                    &utc.tm_year,
                    &utc.tm_mon,
                    &utc.tm_mday,
                    &utc.tm_hour,
                    &utc.tm_min,
                    &utc.tm_sec,
                    &us,
                    &end) != 7)
    {
        throw UlmError("DATE '" + text + "' is not YYYYMMDDhhmmss.uuuuuu");
    }
    utc.tm_year -= 1900;
    utc.tm_mon -= 1;
    const int64_t seconds = int64_t(timegm(&utc)) - epoch;
    if (seconds < 0)
    {
        throw UlmError("DATE '" + text + "' is before the epoch");
    }
    return MicroSeconds(seconds * 1000000 + us);
}

/** Read the next NAME=value of @p line from @p at; false at the end of the line. */
bool
NextField(const std::string& line, size_t& at, std::string& name, std::string& value)
{
    while (at < line.size() && line[at] == ' ')
    {
        ++at;
    }
    if (at == line.size())
    {
        return false;
    }
    const size_t eq = line.find('=', at);
    if (eq == std::string::npos)
    {
        throw UlmError("'" + line.substr(at) + "' is not NAME=value");
    }
    name = line.substr(at, eq - at);
    if (!IsName(name))
    {
        throw UlmError("'" + name + "' is not a field name");
    }
    value.clear();
    at = eq + 1;
    if (at < line.size() && line[at] == '"')
    {
        for (++at; at < line.size() && line[at] != '"'; ++at)
        {
            at += line[at] == '\\' && at + 1 < line.size() ? 1 : 0;
            value += line[at];
        }
        if (at == line.size())
        {
            throw UlmError("the value of " + name + " has no closing quote");
        }
        ++at;
        return true;
    }
    const size_t space = std::min(line.find(' ', at), line.size());
    value = line.substr(at, space - at);
    at = space;
    return true;
}

} // namespace

std::string
UlmRecord::Format(int64_t epoch) const
{
    std::string line = "DATE=" + FormatDate(time, epoch);
    const std::string* fixed[] = {&host, &prog, &event, &id};
    for (size_t k = 0; k < 4; ++k)
    {
        line += std::string(" ") + kFixed[k + 1] + "=" + Quote(*fixed[k]);
    }
    for (const auto& [name, value] : fields)
    {
        if (!IsName(name))
        {
            throw UlmError("'" + name + "' is not a field name");
        }
        line += " " + name + "=" + Quote(value);
    }
    return line;
}

UlmRecord
UlmRecord::Parse(const std::string& line, int64_t epoch)
{
    UlmRecord r;
    std::string* fixed[] = {nullptr, &r.host, &r.prog, &r.event, &r.id};
    size_t at = 0;
    std::string name;
    std::string value;
    for (size_t k = 0; k < 5; ++k)
    {
        if (!NextField(line, at, name, value) || name != kFixed[k])
        {
            throw UlmError(std::string("field ") + std::to_string(k + 1) + " is not " + kFixed[k]);
        }
        if (k == 0)
        {
            r.time = ParseDate(value, epoch);
        }
        else
        {
            *fixed[k] = value;
        }
    }
    while (NextField(line, at, name, value))
    {
        r.fields.emplace_back(name, value);
    }
    return r;
}

} // namespace hybridnet
} // namespace ns3
