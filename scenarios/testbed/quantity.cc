/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "quantity.h"

#include "message-text.h"

#include "ns3/log.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <limits>
#include <map>
#include <regex>
#include <type_traits>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetQuantity");

namespace
{

// Decimal numbers: digits with an optional fraction and exponent, with a sign (g_real) or
// without (g_unsignedReal).  No hex, no nan/inf: std::strtod would take those.
const std::regex g_real(R"(^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$)");
const std::regex g_unsignedReal(R"(^([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$)");
const std::regex g_integer(R"(^[+-]?[0-9]+$)");

/** Accepted unit words: ns-3 time units, and multipliers to bit/s and bytes. */
const std::map<std::string, Time::Unit> g_timeUnits = {
    {"h", Time::H},
    {"min", Time::MIN},
    {"s", Time::S},
    {"ms", Time::MS},
    {"us", Time::US},
    {"ns", Time::NS},
    {"ps", Time::PS},
};
const std::map<std::string, double> g_rateUnits = {
    {"bps", 1.0},
    {"kbps", 1e3},
    {"Mbps", 1e6},
    {"Gbps", 1e9},
    {"Tbps", 1e12},
    {"b/s", 1.0},
    {"kb/s", 1e3},
    {"Mb/s", 1e6},
    {"Gb/s", 1e9},
    {"Tb/s", 1e12},
    {"Bps", 8.0},
    {"kBps", 8e3},
    {"MBps", 8e6},
    {"GBps", 8e9},
    {"B/s", 8.0},
    {"kB/s", 8e3},
    {"MB/s", 8e6},
    {"GB/s", 8e9},
};
const std::map<std::string, uint64_t> g_sizeUnits = {
    {"B", 1},
    {"kB", 1000},
    {"MB", 1000 * 1000},
    {"GB", 1000 * 1000 * 1000},
    {"KiB", 1024},
    {"MiB", 1024 * 1024},
    {"GiB", 1024 * 1024 * 1024},
};

/** Split "12.5ms" into number "12.5" and unit "ms"; the unit is the trailing letters. */
std::pair<std::string, std::string>
SplitQuantity(const std::string& text)
{
    size_t i = text.size();
    while (i > 0 && (std::isalpha(static_cast<unsigned char>(text[i - 1])) || text[i - 1] == '/'))
    {
        --i;
    }
    return {text.substr(0, i), text.substr(i)};
}

std::string
UnitList(const auto& units)
{
    std::string out;
    for (const auto& [unit, factor] : units)
    {
        out += (out.empty() ? "" : " ") + unit;
    }
    return out;
}

/**
 * Parse a non-negative decimal number with a mandatory unit from @p units.
 * @return the number and the unit's entry in @p units, or nothing with @p problem set
 */
template <typename Factor>
std::optional<std::pair<double, Factor>>
ParseQuantity(const std::string& text,
              const std::map<std::string, Factor>& units,
              const std::string& what,
              std::string* problem)
{
    auto [number, unit] = SplitQuantity(text);
    if (text.empty())
    {
        *problem = "empty value";
        return std::nullopt;
    }
    if (!number.empty() && number[0] == '-')
    {
        *problem = "negative " + what;
        return std::nullopt;
    }
    if (number.empty() || !std::regex_match(number, g_unsignedReal))
    {
        *problem = message_text::Quote(text) + " is not a number followed by a unit";
        return std::nullopt;
    }
    if (unit.empty())
    {
        *problem = message_text::Quote(text) + " has no unit (one of " + UnitList(units) + ")";
        return std::nullopt;
    }
    auto it = units.find(unit);
    if (it == units.end())
    {
        *problem =
            "unknown unit " + message_text::Quote(unit) + " (one of " + UnitList(units) + ")";
        return std::nullopt;
    }
    double v = 0;
    auto [ptr, ec] = std::from_chars(number.data(), number.data() + number.size(), v);
    if (ec != std::errc() || ptr != number.data() + number.size() || !std::isfinite(v))
    {
        *problem = message_text::Quote(text) + " is not a finite number";
        return std::nullopt;
    }
    return std::make_pair(v, it->second);
}

} // namespace

std::string
FormatReal(double v)
{
    char buffer[64];
    auto [end, ec] = std::to_chars(buffer, buffer + sizeof(buffer), v);
    return std::string(buffer, end);
}

/** Parse a decimal integer of type T; a sign is rejected for unsigned T. */
template <typename T>
std::optional<T>
ParseInteger(const std::string& text, std::string* problem)
{
    if (text.empty())
    {
        *problem = "empty value";
        return std::nullopt;
    }
    if (std::is_unsigned_v<T> && text[0] == '-')
    {
        *problem = "negative value for a quantity that cannot be negative";
        return std::nullopt;
    }
    if (std::is_unsigned_v<T> && text[0] == '+')
    {
        *problem = message_text::Quote(text) + " has a sign; write the number alone";
        return std::nullopt;
    }
    if (!std::regex_match(text, g_integer))
    {
        *problem = message_text::Quote(text) + " is not a decimal integer";
        return std::nullopt;
    }
    const char* begin = text.data() + (text[0] == '+' ? 1 : 0);
    T v{};
    auto [ptr, ec] = std::from_chars(begin, text.data() + text.size(), v);
    if (ec == std::errc::result_out_of_range)
    {
        *problem = message_text::Quote(text) + " is too large";
        return std::nullopt;
    }
    if (ec != std::errc() || ptr != text.data() + text.size())
    {
        *problem = message_text::Quote(text) + " is not a decimal integer";
        return std::nullopt;
    }
    return v;
}

std::optional<double>
ParseReal(const std::string& text, std::string* problem)
{
    if (text.empty())
    {
        *problem = "empty value";
        return std::nullopt;
    }
    double v = 0;
    const char* begin = text.data() + (text[0] == '+' ? 1 : 0);
    auto [ptr, ec] = std::from_chars(begin, text.data() + text.size(), v);
    if (!std::regex_match(text, g_real) || ec != std::errc() || ptr != text.data() + text.size() ||
        !std::isfinite(v))
    {
        *problem = message_text::Quote(text) + " is not a finite decimal number";
        return std::nullopt;
    }
    return v;
}

namespace
{

/** @return the seconds in one @p unit (Time's conversions overflow for units finer than the
 * resolution at Time::Max()) */
double
SecondsPer(Time::Unit unit)
{
    switch (unit)
    {
    case Time::Y:
        return 365.0 * 86400.0;
    case Time::D:
        return 86400.0;
    case Time::H:
        return 3600.0;
    case Time::MIN:
        return 60.0;
    case Time::S:
        return 1.0;
    case Time::MS:
        return 1e-3;
    case Time::US:
        return 1e-6;
    case Time::NS:
        return 1e-9;
    case Time::PS:
        return 1e-12;
    default:
        return 1e-15;
    }
}

} // namespace

std::optional<Time>
ParseTime(const std::string& text, std::string* problem)
{
    auto quantity = ParseQuantity(text, g_timeUnits, "time", problem);
    if (!quantity)
    {
        return std::nullopt;
    }
    if (quantity->first * SecondsPer(quantity->second) >= Time::Max().GetSeconds())
    {
        *problem = message_text::Quote(text) + " is beyond the simulator's time range (below " +
                   std::to_string(std::llround(Time::Max().GetSeconds())) + "s)";
        return std::nullopt;
    }
    Time t = Time::FromDouble(quantity->first, quantity->second);
    double back = t.ToDouble(quantity->second);
    if (std::abs(back - quantity->first) > 1e-9 * std::max(1.0, std::abs(quantity->first)))
    {
        *problem = message_text::Quote(text) + " is finer than the simulator's time resolution (" +
                   FormatTime(Time::From(1)) + ")";
        return std::nullopt;
    }
    return t;
}

std::optional<DataRate>
ParseRate(const std::string& text, std::string* problem)
{
    auto quantity = ParseQuantity(text, g_rateUnits, "rate", problem);
    if (!quantity)
    {
        return std::nullopt;
    }
    double bps = quantity->first * quantity->second;
    if (bps > static_cast<double>(std::numeric_limits<uint64_t>::max() / 2))
    {
        *problem = message_text::Quote(text) + " is too large";
        return std::nullopt;
    }
    return DataRate(static_cast<uint64_t>(std::llround(bps)));
}

/** A byte count: a decimal integer and a unit from g_sizeUnits, fitting in T. */
template <typename T>
std::optional<T>
ParseSize(const std::string& text, std::string* problem)
{
    auto [number, unit] = SplitQuantity(text);
    if (text.empty())
    {
        *problem = "empty value";
        return std::nullopt;
    }
    if (unit.empty())
    {
        *problem =
            message_text::Quote(text) + " has no unit (one of " + UnitList(g_sizeUnits) + ")";
        return std::nullopt;
    }
    auto it = g_sizeUnits.find(unit);
    if (it == g_sizeUnits.end())
    {
        // "KB" is 1000 B to some tools and 1024 B to others (iperf's -w 16K is 16384 B)
        const std::string hint = unit == "KB" ? "; KB is ambiguous: kB is 1000 B, KiB 1024 B" : "";
        *problem = "unknown unit " + message_text::Quote(unit) + " (one of " +
                   UnitList(g_sizeUnits) + ")" + hint;
        return std::nullopt;
    }
    auto count = ParseInteger<uint64_t>(number, problem);
    if (!count)
    {
        return std::nullopt;
    }
    if (*count > std::numeric_limits<T>::max() / it->second)
    {
        *problem = message_text::Quote(text) + " is too large";
        return std::nullopt;
    }
    return static_cast<T>(*count * it->second);
}

std::optional<QueueSize>
ParseQueueSize(const std::string& text, std::string* problem)
{
    if (!text.empty() && text.back() == 'p')
    {
        auto packets = ParseInteger<uint32_t>(text.substr(0, text.size() - 1), problem);
        if (!packets)
        {
            *problem = message_text::Quote(text) + ": a queue size is packets (\"1000p\") or " +
                       "bytes with a unit (\"64KiB\")";
            return std::nullopt;
        }
        return QueueSize(QueueSizeUnit::PACKETS, *packets);
    }
    auto bytes = ParseSize<uint32_t>(text, problem);
    if (!bytes)
    {
        *problem += "; or packets, e.g. \"1000p\"";
        return std::nullopt;
    }
    return QueueSize(QueueSizeUnit::BYTES, *bytes);
}

std::string
FormatTime(Time t)
{
    static const std::vector<std::pair<std::string, int64_t>> units = {
        {"h", 3600'000'000'000'000LL},
        {"min", 60'000'000'000'000LL},
        {"s", 1'000'000'000'000LL},
        {"ms", 1'000'000'000LL},
        {"us", 1'000'000LL},
        {"ns", 1'000LL},
    };
    int64_t ps = t.GetPicoSeconds();
    for (const auto& [unit, factor] : units)
    {
        if (ps != 0 && ps % factor == 0)
        {
            return std::to_string(ps / factor) + unit;
        }
    }
    return ps == 0 ? "0s" : std::to_string(ps) + "ps";
}

std::string
FormatRate(uint64_t bps)
{
    static const std::vector<std::pair<std::string, uint64_t>> units = {
        {"Tbps", 1'000'000'000'000ULL},
        {"Gbps", 1'000'000'000ULL},
        {"Mbps", 1'000'000ULL},
        {"kbps", 1'000ULL},
    };
    for (const auto& [unit, factor] : units)
    {
        if (bps != 0 && bps % factor == 0)
        {
            return std::to_string(bps / factor) + unit;
        }
    }
    return std::to_string(bps) + "bps";
}

std::string
FormatSize(uint64_t bytes)
{
    static const std::vector<std::pair<std::string, uint64_t>> units = {
        {"GiB", 1ULL << 30},
        {"MiB", 1ULL << 20},
        {"KiB", 1ULL << 10},
        {"GB", 1'000'000'000ULL},
        {"MB", 1'000'000ULL},
        {"kB", 1'000ULL},
    };
    for (const auto& [unit, factor] : units)
    {
        if (bytes != 0 && bytes % factor == 0)
        {
            return std::to_string(bytes / factor) + unit;
        }
    }
    return std::to_string(bytes) + "B";
}

size_t
EditDistance(const std::string& a, const std::string& b)
{
    std::vector<size_t> row(b.size() + 1);
    for (size_t j = 0; j <= b.size(); ++j)
    {
        row[j] = j;
    }
    for (size_t i = 1; i <= a.size(); ++i)
    {
        size_t diagonal = row[0];
        row[0] = i;
        for (size_t j = 1; j <= b.size(); ++j)
        {
            size_t up = row[j];
            bool same = std::tolower(static_cast<unsigned char>(a[i - 1])) ==
                        std::tolower(static_cast<unsigned char>(b[j - 1]));
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (same ? 0 : 1)});
            diagonal = up;
        }
    }
    return row[b.size()];
}

std::string
NearestWord(const std::string& word, const std::vector<std::string>& candidates)
{
    std::string best;
    size_t bestDistance = std::numeric_limits<size_t>::max();
    for (const auto& candidate : candidates)
    {
        size_t d = EditDistance(word, candidate);
        if (d < bestDistance)
        {
            bestDistance = d;
            best = candidate;
        }
    }
    return best;
}

template std::optional<uint32_t> ParseSize<uint32_t>(const std::string&, std::string*);
template std::optional<uint64_t> ParseSize<uint64_t>(const std::string&, std::string*);
template std::optional<uint32_t> ParseInteger<uint32_t>(const std::string&, std::string*);
template std::optional<uint64_t> ParseInteger<uint64_t>(const std::string&, std::string*);
template std::optional<int64_t> ParseInteger<int64_t>(const std::string&, std::string*);

} // namespace hybridnet
} // namespace ns3
