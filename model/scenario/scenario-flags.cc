/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "scenario-flags.h"

#include "ns3/abort.h"
#include "ns3/log.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <iomanip>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <regex>
#include <set>
#include <type_traits>
#include <sstream>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetScenarioFlags");

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
    {"bps", 1.0},   {"kbps", 1e3},  {"Mbps", 1e6},  {"Gbps", 1e9},   {"Tbps", 1e12},
    {"b/s", 1.0},   {"kb/s", 1e3},  {"Mb/s", 1e6},  {"Gb/s", 1e9},   {"Tb/s", 1e12},
    {"Bps", 8.0},   {"kBps", 8e3},  {"MBps", 8e6},  {"GBps", 8e9},   {"B/s", 8.0},
    {"kB/s", 8e3},  {"MB/s", 8e6},  {"GB/s", 8e9},
};
const std::map<std::string, uint64_t> g_sizeUnits = {
    {"B", 1},
    {"kB", 1000},
    {"KB", 1000},
    {"MB", 1000 * 1000},
    {"GB", 1000 * 1000 * 1000},
    {"KiB", 1024},
    {"MiB", 1024 * 1024},
    {"GiB", 1024 * 1024 * 1024},
};

std::string
FormatReal(double v)
{
    char buffer[64];
    auto [end, ec] = std::to_chars(buffer, buffer + sizeof(buffer), v);
    return std::string(buffer, end);
}

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
        *problem = "'" + text + "' is not a number followed by a unit";
        return std::nullopt;
    }
    if (unit.empty())
    {
        *problem = "'" + text + "' has no unit (one of " + UnitList(units) + ")";
        return std::nullopt;
    }
    auto it = units.find(unit);
    if (it == units.end())
    {
        *problem = "unknown unit '" + unit + "' (one of " + UnitList(units) + ")";
        return std::nullopt;
    }
    double v = 0;
    auto [ptr, ec] = std::from_chars(number.data(), number.data() + number.size(), v);
    if (ec != std::errc() || ptr != number.data() + number.size() || !std::isfinite(v))
    {
        *problem = "'" + text + "' is not a finite number";
        return std::nullopt;
    }
    return std::make_pair(v, it->second);
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
        *problem = "'" + text + "' has a sign; write the number alone";
        return std::nullopt;
    }
    if (!std::regex_match(text, g_integer))
    {
        *problem = "'" + text + "' is not a decimal integer";
        return std::nullopt;
    }
    const char* begin = text.data() + (text[0] == '+' ? 1 : 0);
    T v{};
    auto [ptr, ec] = std::from_chars(begin, text.data() + text.size(), v);
    if (ec == std::errc::result_out_of_range)
    {
        *problem = "'" + text + "' is too large";
        return std::nullopt;
    }
    if (ec != std::errc() || ptr != text.data() + text.size())
    {
        *problem = "'" + text + "' is not a decimal integer";
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
    if (!std::regex_match(text, g_real) || ec != std::errc() ||
        ptr != text.data() + text.size() || !std::isfinite(v))
    {
        *problem = "'" + text + "' is not a finite decimal number";
        return std::nullopt;
    }
    return v;
}

std::string FormatTime(Time t);

std::optional<Time>
ParseTime(const std::string& text, std::string* problem)
{
    auto quantity = ParseQuantity(text, g_timeUnits, "time", problem);
    if (!quantity)
    {
        return std::nullopt;
    }
    Time t = Time::FromDouble(quantity->first, quantity->second);
    double back = t.ToDouble(quantity->second);
    if (std::abs(back - quantity->first) > 1e-9 * std::max(1.0, std::abs(quantity->first)))
    {
        *problem = "'" + text + "' is finer than the simulator's time resolution (" +
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
        *problem = "'" + text + "' is too large";
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
        *problem = "'" + text + "' has no unit (one of " + UnitList(g_sizeUnits) + ")";
        return std::nullopt;
    }
    auto it = g_sizeUnits.find(unit);
    if (it == g_sizeUnits.end())
    {
        *problem = "unknown unit '" + unit + "' (one of " + UnitList(g_sizeUnits) + ")";
        return std::nullopt;
    }
    auto count = ParseInteger<uint64_t>(number, problem);
    if (!count)
    {
        return std::nullopt;
    }
    if (*count > std::numeric_limits<T>::max() / it->second)
    {
        *problem = "'" + text + "' is too large";
        return std::nullopt;
    }
    return static_cast<T>(*count * it->second);
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

} // namespace

/**
 * One flag: how to check a text, how to commit the checked value, how to describe it.
 * Check() stages the value; Commit() writes it to the bound variable, so that an error in
 * any argument leaves every variable untouched.
 */
struct ScenarioFlags::Flag
{
    std::string name;
    std::string help;
    std::string kind;   //!< time, rate, size, count, integer, real, bool, choice, type
    std::string unit;   //!< unit of the value in help and schema ("" if none)
    std::string siUnit; //!< base unit of Parameter::siValue
    std::string minText;
    std::string maxText;
    std::vector<std::string> choices;
    std::function<std::string(const std::string&)> check; //!< "" or the problem
    std::function<void()> commit;
    std::function<std::string()> format;   //!< current value as text
    std::function<double()> siValue;       //!< current value in siUnit; null if not numeric
    std::string defaultText;
    std::optional<std::string> given;

    std::string Range() const
    {
        if (!choices.empty())
        {
            std::string out;
            for (const auto& c : choices)
            {
                out += (out.empty() ? "" : ", ") + c;
            }
            return "one of " + out;
        }
        if (maxText.empty())
        {
            return minText;
        }
        return minText + " to " + maxText;
    }
};

ScenarioFlags::ScenarioFlags(std::string program, std::string description)
    : m_program(std::move(program)),
      m_description(std::move(description))
{
}

ScenarioFlags::~ScenarioFlags() = default;

void
ScenarioFlags::Add(std::unique_ptr<Flag> flag)
{
    NS_ABORT_MSG_IF(Find(flag->name), "flag --" << flag->name << " added twice");
    static const std::regex camelCase(R"(^([a-z][A-Za-z0-9]*|RngSeed|RngRun)$)");
    NS_ABORT_MSG_IF(!std::regex_match(flag->name, camelCase),
                    "flag name '" << flag->name << "' must be camelCase");
    flag->defaultText = flag->format();
    m_flags.push_back(std::move(flag));
}

template <typename T>
void
ScenarioFlags::AddRanged(const Spec& spec,
                         T* value,
                         T min,
                         T max,
                         std::function<std::optional<T>(const std::string&, std::string*)> parse,
                         std::function<std::string(const T&)> format,
                         std::function<double(const T&)> toSi)
{
    NS_ABORT_MSG_IF(*value < min || max < *value, "default of --" << spec.name << " out of range");
    auto f = std::make_unique<Flag>();
    f->name = spec.name;
    f->help = spec.help;
    f->kind = spec.kind;
    f->unit = spec.unit;
    f->siUnit = spec.siUnit;
    f->minText = format(min);
    f->maxText = format(max);
    auto staged = std::make_shared<T>();
    f->check = [=](const std::string& text) -> std::string {
        std::string problem;
        auto parsed = parse(text, &problem);
        if (!parsed)
        {
            return problem;
        }
        if (*parsed < min || max < *parsed)
        {
            return "'" + text + "' is out of range";
        }
        *staged = *parsed;
        return "";
    };
    f->commit = [=]() { *value = *staged; };
    f->format = [=]() { return format(*value); };
    f->siValue = [=]() { return toSi(*value); };
    Add(std::move(f));
}

void
ScenarioFlags::AddTime(const std::string& name,
                       const std::string& help,
                       Time* value,
                       Time min,
                       Time max)
{
    AddRanged<Time>({name, help, "time", "time (h, min, s, ms, us, ns, ps)", "s"},
                    value,
                    min,
                    max,
                    ParseTime,
                    FormatTime,
                    [](const Time& t) { return t.GetPicoSeconds() / 1e12; });
}

void
ScenarioFlags::AddDataRate(const std::string& name,
                           const std::string& help,
                           DataRate* value,
                           DataRate min,
                           DataRate max)
{
    AddRanged<DataRate>(
        {name,
         help,
         "rate",
         "bit rate (bps, kbps, Mbps, Gbps, Tbps; Bps, kBps, MBps, GBps for bytes/s)",
         "bit/s"},
        value,
        min,
        max,
        ParseRate,
        [](const DataRate& r) { return FormatRate(r.GetBitRate()); },
        [](const DataRate& r) { return static_cast<double>(r.GetBitRate()); });
}

template <typename T>
void
ScenarioFlags::AddSizeOf(const std::string& name, const std::string& help, T* value, T min, T max)
{
    AddRanged<T>({name,
                  help,
                  "size",
                  "bytes (B; kB, MB, GB = 10^3 steps; KiB, MiB, GiB = 2^10 steps)",
                  "B"},
                 value,
                 min,
                 max,
                 ParseSize<T>,
                 [](const T& bytes) { return FormatSize(bytes); },
                 [](const T& bytes) { return static_cast<double>(bytes); });
}

void
ScenarioFlags::AddSize(const std::string& name,
                       const std::string& help,
                       uint64_t* value,
                       uint64_t min,
                       uint64_t max)
{
    AddSizeOf(name, help, value, min, max);
}

void
ScenarioFlags::AddSize(const std::string& name,
                       const std::string& help,
                       uint32_t* value,
                       uint32_t min,
                       uint32_t max)
{
    AddSizeOf(name, help, value, min, max);
}

template <typename T>
void
ScenarioFlags::AddIntegerOf(const std::string& name,
                            const std::string& help,
                            const std::string& kind,
                            T* value,
                            T min,
                            T max)
{
    AddRanged<T>({name, help, kind, "", ""},
                 value,
                 min,
                 max,
                 ParseInteger<T>,
                 [](const T& v) { return std::to_string(v); },
                 [](const T& v) { return static_cast<double>(v); });
}

void
ScenarioFlags::AddCount(const std::string& name,
                        const std::string& help,
                        uint64_t* value,
                        uint64_t min,
                        uint64_t max)
{
    AddIntegerOf(name, help, "count", value, min, max);
}

void
ScenarioFlags::AddCount(const std::string& name,
                        const std::string& help,
                        uint32_t* value,
                        uint32_t min,
                        uint32_t max)
{
    AddIntegerOf(name, help, "count", value, min, max);
}

void
ScenarioFlags::AddInteger(const std::string& name,
                          const std::string& help,
                          int64_t* value,
                          int64_t min,
                          int64_t max)
{
    AddIntegerOf(name, help, "integer", value, min, max);
}

void
ScenarioFlags::AddReal(const std::string& name,
                       const std::string& help,
                       double* value,
                       double min,
                       double max,
                       const std::string& unit)
{
    AddRanged<double>({name, help, "real", unit, unit},
                      value,
                      min,
                      max,
                      ParseReal,
                      FormatReal,
                      [](const double& v) { return v; });
}

void
ScenarioFlags::AddBool(const std::string& name, const std::string& help, bool* value)
{
    auto f = std::make_unique<Flag>();
    f->name = name;
    f->help = help;
    f->kind = "bool";
    f->choices = {"true", "false"};
    auto staged = std::make_shared<bool>();
    f->check = [=](const std::string& text) -> std::string {
        if (text == "true" || text == "1")
        {
            *staged = true;
        }
        else if (text == "false" || text == "0")
        {
            *staged = false;
        }
        else
        {
            return "'" + text + "' is not a boolean";
        }
        return "";
    };
    f->commit = [=]() { *value = *staged; };
    f->format = [=]() { return std::string(*value ? "true" : "false"); };
    Add(std::move(f));
}

void
ScenarioFlags::AddChoice(const std::string& name,
                         const std::string& help,
                         std::string* value,
                         const std::vector<std::string>& choices)
{
    NS_ABORT_MSG_IF(std::find(choices.begin(), choices.end(), *value) == choices.end(),
                    "default of --" << name << " is not a choice");
    auto f = std::make_unique<Flag>();
    f->name = name;
    f->help = help;
    f->kind = "choice";
    f->choices = choices;
    auto staged = std::make_shared<std::string>();
    f->check = [=](const std::string& text) -> std::string {
        if (std::find(choices.begin(), choices.end(), text) == choices.end())
        {
            return "'" + text + "' is not a valid choice";
        }
        *staged = text;
        return "";
    };
    f->commit = [=]() { *value = *staged; };
    f->format = [=]() { return *value; };
    Add(std::move(f));
}

void
ScenarioFlags::AddTypeId(const std::string& name,
                         const std::string& help,
                         std::string* value,
                         TypeId base)
{
    auto isSubclass = [base](const std::string& text) {
        TypeId tid;
        return TypeId::LookupByNameFailSafe(text, &tid) && tid.IsChildOf(base);
    };
    NS_ABORT_MSG_IF(!isSubclass(*value), "default of --" << name << " is not a " << base);
    auto f = std::make_unique<Flag>();
    f->name = name;
    f->help = help;
    f->kind = "type";
    f->unit = "ns-3 TypeId name";
    f->minText = "";
    f->maxText = "";
    std::string baseName = base.GetName();
    auto staged = std::make_shared<std::string>();
    f->check = [=](const std::string& text) -> std::string {
        if (!isSubclass(text))
        {
            return "'" + text + "' is not a registered subclass of " + baseName;
        }
        *staged = text;
        return "";
    };
    f->commit = [=]() { *value = *staged; };
    f->format = [=]() { return *value; };
    Add(std::move(f));
    m_flags.back()->minText = "a TypeId derived from " + baseName;
}

void
ScenarioFlags::AddPath(const std::string& name, const std::string& help, std::string* value)
{
    auto f = std::make_unique<Flag>();
    f->name = name;
    f->help = help;
    f->kind = "path";
    f->unit = "file path";
    auto staged = std::make_shared<std::string>();
    f->check = [=](const std::string& text) -> std::string {
        namespace fs = std::filesystem;
        fs::path path(text);
        fs::path folder = path.has_parent_path() ? path.parent_path() : fs::path(".");
        if (text.empty() || !path.has_filename() || !fs::is_directory(folder))
        {
            return "'" + text + "' is not a file name in an existing folder";
        }
        *staged = text;
        return "";
    };
    f->commit = [=]() { *value = *staged; };
    f->format = [=]() { return *value; };
    Add(std::move(f));
}

void
ScenarioFlags::AddConstraint(const std::string& rule, std::function<bool()> holds)
{
    m_constraints.emplace_back(rule, std::move(holds));
}

const ScenarioFlags::Flag*
ScenarioFlags::Find(const std::string& name) const
{
    for (const auto& f : m_flags)
    {
        if (f->name == name)
        {
            return f.get();
        }
    }
    return nullptr;
}

std::string
ScenarioFlags::Nearest(const std::string& name) const
{
    std::string best;
    size_t bestDistance = std::numeric_limits<size_t>::max();
    for (const auto& f : m_flags)
    {
        size_t d = EditDistance(name, f->name);
        if (d < bestDistance)
        {
            bestDistance = d;
            best = f->name;
        }
    }
    return best;
}

ScenarioFlags::ParseResult
ScenarioFlags::Parse(const std::vector<std::string>& args)
{
    std::set<std::string> seen;
    std::vector<std::pair<Flag*, std::string>> accepted;
    auto error = [this](const std::string& message) {
        return ParseResult{Outcome::ERROR, m_program + ": error: " + message};
    };
    for (const auto& arg : args)
    {
        if (arg == "--help" || arg == "-h")
        {
            return {Outcome::HELP, ""};
        }
        if (arg == "--schema")
        {
            return {Outcome::SCHEMA, ""};
        }
        if (arg.rfind("--", 0) != 0 || arg.size() == 2)
        {
            return error("unexpected argument '" + arg +
                         "'; flags take the form --name=value (see --help)");
        }
        size_t eq = arg.find('=');
        std::string name = arg.substr(2, eq == std::string::npos ? std::string::npos : eq - 2);
        auto it = std::find_if(m_flags.begin(), m_flags.end(), [&](const auto& f) {
            return f->name == name;
        });
        if (it == m_flags.end())
        {
            return error("unknown flag --" + name + " (did you mean --" + Nearest(name) +
                         "?); see --help");
        }
        Flag* flag = it->get();
        std::string range = flag->Range();
        std::string expected =
            "; expected " + (flag->unit.empty() ? flag->kind : flag->unit) +
            (range.empty() ? "" : ", range " + range);
        if (!seen.insert(name).second)
        {
            return error("--" + name + " is given more than once");
        }
        std::string text;
        if (eq == std::string::npos)
        {
            if (flag->kind != "bool")
            {
                return error("--" + name + " needs a value, as --" + name + "=<value>" + expected);
            }
            text = "true";
        }
        else
        {
            text = arg.substr(eq + 1);
        }
        std::string problem = flag->check(text);
        if (!problem.empty())
        {
            return error("--" + name + ": " + problem + expected);
        }
        accepted.emplace_back(flag, text);
    }
    std::vector<std::pair<Flag*, std::string>> previous;
    for (auto& [flag, text] : accepted)
    {
        previous.emplace_back(flag, flag->format());
        flag->commit();
    }
    for (const auto& [rule, holds] : m_constraints)
    {
        if (!holds())
        {
            // Put every variable back: a formatted value parses to itself.
            for (auto& [flag, text] : previous)
            {
                flag->check(text);
                flag->commit();
            }
            std::string given;
            for (auto& [flag, text] : accepted)
            {
                given += (given.empty() ? "" : " ") + ("--" + flag->name + "=" + text);
            }
            return error("the flags break the rule: " + rule +
                         (given.empty() ? "" : " (given: " + given + ")"));
        }
    }
    for (auto& [flag, text] : accepted)
    {
        flag->given = text;
    }
    return {Outcome::OK, ""};
}

void
ScenarioFlags::PrintHelp(std::ostream& os) const
{
    os << m_program << ": " << m_description << "\n\nUsage: " << m_program
       << " [--name=value ...]\n\nFlags (defaults in brackets):\n";
    for (const auto& f : m_flags)
    {
        os << "  --" << f->name << "=<" << f->kind << ">  [" << f->defaultText << "]\n"
           << "      " << f->help << "\n";
        if (!f->unit.empty())
        {
            os << "      unit: " << f->unit << "\n";
        }
        std::string range = f->Range();
        if (!range.empty())
        {
            os << "      range: " << range << "\n";
        }
    }
    if (!m_constraints.empty())
    {
        os << "\nRules between flags:\n";
        for (const auto& [rule, holds] : m_constraints)
        {
            os << "  " << rule << "\n";
        }
    }
    os << "\nAlways:\n"
       << "  --help    print this text\n"
       << "  --schema  print the flags as JSON (used by `hybridnet list` and sweeps)\n";
}

void
ScenarioFlags::PrintSchema(std::ostream& os) const
{
    nlohmann::ordered_json flags = nlohmann::ordered_json::array();
    for (const auto& f : m_flags)
    {
        nlohmann::ordered_json j;
        j["name"] = f->name;
        j["kind"] = f->kind;
        j["default"] = f->defaultText;
        j["unit"] = f->unit;
        j["min"] = f->minText;
        j["max"] = f->maxText;
        j["choices"] = f->choices;
        j["help"] = f->help;
        flags.push_back(j);
    }
    nlohmann::ordered_json doc;
    doc["scenario"] = m_program;
    doc["description"] = m_description;
    doc["flags"] = flags;
    nlohmann::ordered_json rules = nlohmann::ordered_json::array();
    for (const auto& [rule, holds] : m_constraints)
    {
        rules.push_back(rule);
    }
    doc["constraints"] = rules;
    os << doc.dump(2) << "\n";
}

std::vector<ScenarioFlags::Parameter>
ScenarioFlags::GetParameters() const
{
    std::vector<Parameter> out;
    for (const auto& f : m_flags)
    {
        Parameter p;
        p.name = f->name;
        p.text = f->given.value_or(f->defaultText);
        p.unit = f->siUnit;
        p.numeric = static_cast<bool>(f->siValue);
        p.siValue = p.numeric ? f->siValue() : 0.0;
        out.push_back(p);
    }
    return out;
}

const std::string&
ScenarioFlags::GetProgram() const
{
    return m_program;
}

} // namespace hybridnet
} // namespace ns3
