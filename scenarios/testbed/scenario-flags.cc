/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "scenario-flags.h"

#include "message-text.h"
#include "quantity.h"

#include "ns3/abort.h"
#include "ns3/log.h"

#include <algorithm>
#include <filesystem>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <regex>
#include <set>
#include <sstream>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetScenarioFlags");

/**
 * One flag: how to check a text, how to commit the checked value, how to describe it.
 * Check() stages the value; Commit() writes it to the bound variable, so that an error in
 * any argument leaves every variable untouched.
 */
struct ScenarioFlags::Flag
{
    std::string name;
    std::string help;
    std::string kind;   //!< a kind of the class comment's table
    std::string unit;   //!< unit of the value in help and schema ("" if none)
    std::string siUnit; //!< base unit of Parameter::siValue
    std::string minText;
    std::string maxText;
    std::vector<std::string> choices;
    std::function<std::string(const std::string&)> check; //!< "" or the problem
    std::function<void()> commit;
    std::function<std::string()> format; //!< current value as text
    std::function<double()> siValue;     //!< current value in siUnit; null if not numeric
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
            return message_text::Quote(text) + " is out of range";
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
    AddRanged<T>(
        {name, help, "size", "bytes (B; kB, MB, GB = 10^3 steps; KiB, MiB, GiB = 2^10 steps)", "B"},
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
    AddRanged<T>(
        {name, help, kind, "", ""},
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
            return message_text::Quote(text) + " is not a boolean";
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
            return message_text::Quote(text) + " is not a valid choice";
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
            return message_text::Quote(text) + " is not a registered subclass of " + baseName;
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
            return message_text::Quote(text) + " is not a file name in an existing folder";
        }
        *staged = text;
        return "";
    };
    f->commit = [=]() { *value = *staged; };
    f->format = [=]() { return *value; };
    Add(std::move(f));
}

void
ScenarioFlags::AddInputFile(const std::string& name,
                            const std::string& help,
                            std::string* value,
                            const std::string& folder,
                            const std::string& extension,
                            const std::string& bundled)
{
    namespace fs = std::filesystem;
    auto bundledNames = [folder, extension]() {
        std::vector<std::string> names;
        std::error_code ec;
        for (const auto& entry : fs::directory_iterator(folder, ec))
        {
            if (entry.is_regular_file() && entry.path().extension() == extension)
            {
                names.push_back(entry.path().stem().string());
            }
        }
        std::sort(names.begin(), names.end());
        return names;
    };
    // The path a text stands for, or "" with the problem: a file path, else a bundled name
    // with or without its extension.
    auto resolve = [=](const std::string& text, std::string* problem) -> std::string {
        const bool bare = text.find('/') == std::string::npos;
        const bool suffixed =
            text.size() > extension.size() &&
            text.compare(text.size() - extension.size(), extension.size(), extension) == 0;
        std::vector<std::string> candidates;
        if (!bare || suffixed)
        {
            candidates.push_back(text);
        }
        if (bare)
        {
            candidates.push_back(folder + "/" + text + (suffixed ? "" : extension));
        }
        std::error_code ec;
        for (const auto& path : candidates)
        {
            if (!text.empty() && fs::is_regular_file(path, ec))
            {
                return path;
            }
        }
        if (bare)
        {
            std::string names;
            for (const auto& n : bundledNames())
            {
                names += (names.empty() ? "" : ", ") + n;
            }
            *problem = message_text::Quote(text) + " is no bundled name (" + names + ") and no " +
                       extension + " file";
        }
        else
        {
            *problem = message_text::Quote(text) + " is not a readable file";
        }
        return "";
    };
    std::string problem;
    *value = resolve(bundled, &problem);
    NS_ABORT_MSG_IF(value->empty(), "default of --" << name << ": " << problem);
    auto f = std::make_unique<Flag>();
    f->name = name;
    f->help = help;
    f->kind = "file";
    f->unit = "file path or bundled name";
    auto given = std::make_shared<std::string>(bundled);
    auto stagedText = std::make_shared<std::string>();
    auto stagedPath = std::make_shared<std::string>();
    f->check = [=](const std::string& text) -> std::string {
        std::string why;
        *stagedPath = resolve(text, &why);
        *stagedText = text;
        return why;
    };
    f->commit = [=]() {
        *value = *stagedPath;
        *given = *stagedText;
    };
    f->format = [=]() { return *given; };
    Add(std::move(f));
}

void
ScenarioFlags::AddText(const std::string& name,
                       const std::string& help,
                       std::string* value,
                       const std::string& form,
                       std::function<bool(const std::string&)> valid)
{
    auto f = std::make_unique<Flag>();
    f->name = name;
    f->help = help;
    f->kind = "text";
    f->unit = form;
    auto staged = std::make_shared<std::string>();
    f->check = [=](const std::string& text) -> std::string {
        if (!valid(text))
        {
            return message_text::Quote(text) + " has another form";
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
        // every message one line, whatever a check put in it
        return ParseResult{Outcome::ERROR, m_program + ": error: " + message_text::Escape(message)};
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
            return error("unexpected argument " + message_text::Quote(arg) +
                         "; flags take the form --name=value (see --help)");
        }
        size_t eq = arg.find('=');
        std::string name = arg.substr(2, eq == std::string::npos ? std::string::npos : eq - 2);
        auto it = std::find_if(m_flags.begin(), m_flags.end(), [&](const auto& f) {
            return f->name == name;
        });
        if (it == m_flags.end())
        {
            return error("unknown flag --" + message_text::Shown(name) + " (did you mean --" +
                         Nearest(name) + "?); see --help");
        }
        Flag* flag = it->get();
        std::string range = flag->Range();
        std::string expected = "; expected " + (flag->unit.empty() ? flag->kind : flag->unit) +
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
    // Commit the values, and mark the flags given, so that the rules and input checks see
    // this parse (IsGiven); a refusal puts both back.
    std::vector<std::pair<Flag*, std::string>> previous;
    std::vector<std::optional<std::string>> previousGiven;
    for (auto& [flag, text] : accepted)
    {
        previous.emplace_back(flag, flag->format());
        previousGiven.push_back(flag->given);
        flag->commit();
        flag->given = text;
    }
    auto putBack = [&previous, &previousGiven]() {
        // a formatted value parses to itself
        for (size_t i = 0; i < previous.size(); ++i)
        {
            previous[i].first->check(previous[i].second);
            previous[i].first->commit();
            previous[i].first->given = previousGiven[i];
        }
    };
    for (const auto& [rule, holds] : m_constraints)
    {
        if (!holds())
        {
            putBack();
            std::string given;
            for (auto& [flag, text] : accepted)
            {
                if (m_runOptions.count(flag->name) == 0)
                {
                    given += (given.empty() ? "" : " ") +
                             ("--" + flag->name + "=" + message_text::Shown(text));
                }
            }
            return error("the flags break the rule: " + rule +
                         (given.empty() ? "" : " (given: " + given + ")"));
        }
    }
    for (const auto& problem : m_inputChecks)
    {
        const std::string why = problem();
        if (!why.empty())
        {
            putBack();
            return error(why);
        }
    }
    return {Outcome::OK, ""};
}

void
ScenarioFlags::SetRunOptions(const std::set<std::string>& names)
{
    for (const auto& name : names)
    {
        NS_ABORT_MSG_IF(Find(name) == nullptr, "SetRunOptions: no flag --" << name);
    }
    m_runOptions = names;
}

void
ScenarioFlags::AddInputCheck(std::function<std::string()> problem)
{
    m_inputChecks.push_back(std::move(problem));
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

bool
ScenarioFlags::IsGiven(const std::string& name) const
{
    const Flag* flag = Find(name);
    return flag && flag->given.has_value();
}

const std::string&
ScenarioFlags::GetProgram() const
{
    return m_program;
}

} // namespace hybridnet
} // namespace ns3
