/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "json-input.h"

#include "hybridnet/quantity.h"
#include "message-text.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/integer.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetJsonInput");

namespace json_input
{

namespace
{

/**
 * Deepest nesting accepted.  Topology files and host profiles nest four levels; a bound
 * keeps a hostile file from growing the parse stack and nlohmann's recursive copy and dump
 * without limit (100,000 brackets overflowed the C++ stack).
 */
constexpr size_t kMaxDepth = 32;

/** One open object or array while parsing, for the duplicate-key check. */
struct Frame
{
    bool array{false};
    size_t count{0};            //!< elements so far (arrays)
    std::string key;            //!< current key (objects)
    std::set<std::string> keys; //!< keys so far (objects)
};

/** @return the JSON path of the value being parsed */
std::string
PathOf(const std::vector<Frame>& stack)
{
    std::string path;
    for (const auto& f : stack)
    {
        if (f.array)
        {
            path = Index(path, f.count - 1);
        }
        else if (!f.key.empty())
        {
            path = Key(path, f.key);
        }
    }
    return path;
}

/** Fail with nlohmann's syntax error, located by line and column of @p text. */
[[noreturn]] void
FailSyntax(const Json::parse_error& e, const std::string& text, const std::string& document)
{
    size_t line = 1;
    size_t column = 1;
    const size_t end = std::min<size_t>(e.byte == 0 ? 0 : e.byte - 1, text.size());
    for (size_t i = 0; i < end; ++i)
    {
        column = text[i] == '\n' ? 1 : column + 1;
        line += text[i] == '\n';
    }
    static const std::regex prefix(
        R"(^\[json\.exception\.parse_error\.[0-9]+\] parse error( at line [0-9]+, column [0-9]+)?: )");
    const std::string detail = std::regex_replace(std::string(e.what()), prefix, "");
    Fail(document,
         "syntax error at line " + std::to_string(line) + ", column " + std::to_string(column) +
             ": " + detail);
}

/**
 * The bounds of a rate attribute's range sentence ("1 kb/s to 100 Gb/s; ..."): each side
 * without blanks, up to a ';' or ',', read by ParseRate; nothing where unreadable.
 */
std::pair<std::optional<DataRate>, std::optional<DataRate>>
RateRangeOf(const TypeId::AttributeInformation& info)
{
    std::string range = RangeOf(info);
    range = range.substr(0, range.find_first_of(";,"));
    const size_t to = range.find(" to ");
    if (to == std::string::npos)
    {
        return {};
    }
    auto read = [](std::string side) {
        side.erase(std::remove(side.begin(), side.end(), ' '), side.end());
        std::string problem;
        return ParseRate(side, &problem);
    };
    return {read(range.substr(0, to)), read(range.substr(to + 4))};
}

template <typename T>
T
GetQuantity(const Json& j,
            const std::string& path,
            const std::string& kind,
            std::optional<T> (*parse)(const std::string&, std::string*))
{
    const std::string text = GetString(j, path, "a " + kind + " with its unit");
    std::string problem;
    auto value = parse(text, &problem);
    if (!value)
    {
        Fail(path, problem);
    }
    return *value;
}

/** The value types read from a JSON number. */
const std::vector<std::string> kNumberTypes = {"ns3::UintegerValue",
                                               "ns3::IntegerValue",
                                               "ns3::DoubleValue"};

/** @return @p j, a JSON number, as a value of @p valueType (one of kNumberTypes) */
Ptr<AttributeValue>
GetNumber(const Json& j, const std::string& path, const std::string& valueType)
{
    if (valueType == "ns3::UintegerValue" && j.is_number_unsigned())
    {
        return Create<UintegerValue>(j.get<uint64_t>());
    }
    if (valueType == "ns3::IntegerValue" && j.is_number_integer())
    {
        return Create<IntegerValue>(j.get<int64_t>());
    }
    if (valueType == "ns3::DoubleValue" && j.is_number())
    {
        return Create<DoubleValue>(j.get<double>());
    }
    const std::string kind = valueType == "ns3::DoubleValue" ? "a number" : "a whole number";
    Fail(path,
         "expected " + kind + (valueType == "ns3::UintegerValue" ? " from 0" : "") + ", got " +
             j.type_name() + " " + Show(j));
}

/** @return @p j, the name of one of the enum's values */
Ptr<AttributeValue>
GetEnum(const Json& j,
        const std::string& path,
        const std::string& typeName,
        const TypeId::AttributeInformation& info)
{
    // EnumChecker lists its names as "A|B|C"; EnumValue aborts on any other name.
    const std::string names = info.checker->GetUnderlyingTypeInformation();
    const std::string text = GetString(j, path, "one of " + names);
    if (("|" + names + "|").find("|" + text + "|") == std::string::npos || text.empty())
    {
        Fail(path,
             message_text::Quote(text) + " is not one of " + names + " (" + typeName +
                 " attribute " + info.name + ")");
    }
    Ptr<AttributeValue> value = info.checker->Create();
    value->DeserializeFromString(text, info.checker);
    return value;
}

} // namespace

void
Fail(const std::string& path, const std::string& problem)
{
    throw InputFileError(message_text::Escape(path + ": " + problem));
}

std::string
Key(const std::string& path, const std::string& key)
{
    return path.empty() ? key : path + "." + key;
}

std::string
Index(const std::string& path, size_t i)
{
    return path + "[" + std::to_string(i) + "]";
}

std::string
Join(const std::vector<std::string>& words, const std::string& separator)
{
    std::string out;
    for (const auto& w : words)
    {
        out += (out.empty() ? "" : separator) + w;
    }
    return out;
}

std::string
Show(const Json& j)
{
    const std::string text = j.dump();
    return text.size() > 40 ? text.substr(0, 37) + "..." : text;
}

Json
Parse(const std::string& text, const std::string& document)
{
    std::vector<Frame> stack;
    Json::parser_callback_t callback = [&](int, Json::parse_event_t event, Json& parsed) {
        using E = Json::parse_event_t;
        if ((event == E::object_start || event == E::array_start || event == E::value) &&
            !stack.empty() && stack.back().array)
        {
            ++stack.back().count;
        }
        if (event == E::object_start || event == E::array_start)
        {
            if (stack.size() == kMaxDepth)
            {
                Fail(document,
                     "nested deeper than " + std::to_string(kMaxDepth) +
                         " levels (objects and arrays inside each other)");
            }
            stack.push_back(Frame{event == E::array_start, 0, "", {}});
        }
        else if (event == E::object_end || event == E::array_end)
        {
            stack.pop_back();
        }
        else if (event == E::key)
        {
            stack.back().key = parsed.get<std::string>();
            if (!stack.back().keys.insert(stack.back().key).second)
            {
                Fail(PathOf(stack), "given twice in one object (state each fact once)");
            }
        }
        return true;
    };
    try
    {
        return Json::parse(text, callback);
    }
    catch (const Json::parse_error& e)
    {
        FailSyntax(e, text, document);
    }
    catch (const Json::out_of_range& e)
    {
        // a number beyond a double's range (1e400): nlohmann's "number overflow parsing"
        static const std::regex prefix(R"(^\[json\.exception\.out_of_range\.[0-9]+\] )");
        const std::string where = PathOf(stack);
        Fail(where.empty() ? document : where,
             std::regex_replace(std::string(e.what()), prefix, "") +
                 " (a number must fit a double, below 1.8e308)");
    }
}

std::string
ReadFile(const std::string& path, const std::string& what)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
    {
        throw InputFileError(message_text::Shown(path, message_text::kMaxPath) +
                             ": cannot read the " + what + ": " + std::strerror(errno));
    }
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

void
CheckObject(const Json& object,
            const std::string& path,
            const std::vector<std::string>& valid,
            const std::string& document)
{
    if (!object.is_object())
    {
        Fail(path.empty() ? document : path,
             "expected an object {...}, got " + std::string(object.type_name()) + " " +
                 Show(object));
    }
    for (const auto& [key, value] : object.items())
    {
        if (std::find(valid.begin(), valid.end(), key) == valid.end())
        {
            Fail(Key(path, key),
                 "unknown key " + message_text::Quote(key) + " (did you mean '" +
                     NearestWord(key, valid) + "'?); valid keys" +
                     (path.empty() ? "" : " of " + path) + ": " + Join(valid));
        }
    }
}

const Json*
Optional(const Json& object, const std::string& key)
{
    auto it = object.find(key);
    return it == object.end() ? nullptr : &*it;
}

const Json&
Required(const Json& object,
         const std::string& path,
         const std::string& key,
         const std::string& what)
{
    auto it = object.find(key);
    if (it == object.end())
    {
        Fail(Key(path, key), "missing; " + what);
    }
    return *it;
}

std::string
GetString(const Json& j, const std::string& path, const std::string& what)
{
    if (!j.is_string())
    {
        Fail(path, "expected " + what + " (a string), got " + j.type_name() + " " + Show(j));
    }
    return j.get<std::string>();
}

bool
GetBool(const Json& j, const std::string& path)
{
    if (!j.is_boolean())
    {
        Fail(path, "expected true or false, got " + std::string(j.type_name()) + " " + Show(j));
    }
    return j.get<bool>();
}

uint64_t
GetWhole(const Json& j, const std::string& path, uint64_t min, uint64_t max)
{
    const std::string range = std::to_string(min) + " to " + std::to_string(max);
    if (j.is_number_integer() && !j.is_number_unsigned() && j.get<int64_t>() < 0)
    {
        Fail(path, Show(j) + " is out of range " + range);
    }
    if (!j.is_number_unsigned())
    {
        Fail(path,
             "expected a whole number from " + range + ", got " + j.type_name() + " " + Show(j));
    }
    const uint64_t v = j.get<uint64_t>();
    if (v < min || v > max)
    {
        Fail(path, Show(j) + " is out of range " + range);
    }
    return v;
}

Time
GetTime(const Json& j, const std::string& path)
{
    return GetQuantity<Time>(j, path, "time", ParseTime);
}

DataRate
GetRate(const Json& j, const std::string& path)
{
    return GetQuantity<DataRate>(j, path, "rate", ParseRate);
}

uint64_t
GetSize(const Json& j, const std::string& path)
{
    return GetQuantity<uint64_t>(j, path, "size", ParseSize<uint64_t>);
}

void
CheckAttributeByName(const std::string& path,
                     const std::string& text,
                     const std::string& typeId,
                     const std::string& attribute,
                     const AttributeValue& value)
{
    TypeId tid;
    NS_ABORT_MSG_UNLESS(TypeId::LookupByNameFailSafe(typeId, &tid),
                        "input file: no TypeId " << typeId << " (is its library loaded?)");
    TypeId::AttributeInformation info;
    NS_ABORT_MSG_UNLESS(tid.LookupAttributeByName(attribute, &info),
                        "input file: " << typeId << " has no attribute " << attribute);
    CheckAttribute(path, text, typeId, info, value);
}

DataRate
GetModelRate(const Json& object,
             const std::string& path,
             const std::string& key,
             const std::string& what,
             const std::string& typeId)
{
    const Json& j = Required(object, path, key, what);
    const DataRate rate = GetRate(j, Key(path, key));
    CheckAttributeByName(Key(path, key),
                         j.get<std::string>(),
                         typeId,
                         "DataRate",
                         DataRateValue(rate));
    return rate;
}

void
GetModelTime(const Json& object,
             const std::string& path,
             const std::string& key,
             const std::string& typeId,
             const std::string& attribute,
             Time& value)
{
    if (const Json* j = Optional(object, key))
    {
        value = GetTime(*j, Key(path, key));
        CheckAttributeByName(Key(path, key),
                             j->get<std::string>(),
                             typeId,
                             attribute,
                             TimeValue(value));
    }
}

std::string
GetUniqueName(const Json& j,
              const std::string& path,
              const std::string& list,
              const std::vector<std::string>& taken)
{
    static const std::regex validName(R"(^[A-Za-z0-9_-]+$)");
    const std::string name = GetString(j, path, "a name");
    if (!std::regex_match(name, validName))
    {
        Fail(path, message_text::Quote(name) + " is not a name (letters, digits, '-', '_')");
    }
    const auto other = std::find(taken.begin(), taken.end(), name);
    if (other != taken.end())
    {
        Fail(path,
             "duplicate name " + message_text::Quote(name) + " (also " +
                 Index(list, size_t(other - taken.begin())) + ")");
    }
    return name;
}

std::string
RangeOf(const TypeId::AttributeInformation& info)
{
    for (const std::string marker : {"Range: ", "Accepted: "})
    {
        size_t begin = info.help.find(marker);
        if (begin == std::string::npos)
        {
            continue;
        }
        begin += marker.size();
        size_t end = begin;
        while (end < info.help.size() && !(info.help[end] == '.' && (end + 1 == info.help.size() ||
                                                                     info.help[end + 1] == ' ')))
        {
            ++end;
        }
        return info.help.substr(begin, end - begin);
    }
    return info.checker->GetUnderlyingTypeInformation();
}

void
CheckAttribute(const std::string& path,
               const std::string& text,
               const std::string& typeName,
               const TypeId::AttributeInformation& info,
               const AttributeValue& value)
{
    bool valid = static_cast<bool>(info.checker->CreateValidValue(value));
    if (auto rate = dynamic_cast<const DataRateValue*>(&value); rate && valid)
    {
        // ns-3's DataRate checker has no range: the attribute's help states it.
        auto [min, max] = RateRangeOf(info);
        valid = (!min || min->GetBitRate() <= rate->Get().GetBitRate()) &&
                (!max || rate->Get().GetBitRate() <= max->GetBitRate());
    }
    if (!valid)
    {
        Fail(path,
             message_text::Quote(text) + " is out of range " + RangeOf(info) + " (" + typeName +
                 " attribute " + info.name + ")");
    }
}

Ptr<AttributeValue>
GetAttributeValue(const Json& j,
                  const std::string& path,
                  const std::string& typeName,
                  const TypeId::AttributeInformation& info)
{
    const std::string valueType = info.checker->GetValueTypeName();
    Ptr<AttributeValue> value;
    if (std::find(kNumberTypes.begin(), kNumberTypes.end(), valueType) != kNumberTypes.end())
    {
        value = GetNumber(j, path, valueType);
    }
    else if (valueType == "ns3::TimeValue")
    {
        value = Create<TimeValue>(GetTime(j, path));
    }
    else if (valueType == "ns3::DataRateValue")
    {
        value = Create<DataRateValue>(GetRate(j, path));
    }
    else if (valueType == "ns3::QueueSizeValue")
    {
        value =
            Create<QueueSizeValue>(GetQuantity<QueueSize>(j, path, "queue size", ParseQueueSize));
    }
    else if (valueType == "ns3::BooleanValue")
    {
        value = Create<BooleanValue>(GetBool(j, path));
    }
    else if (valueType.rfind("ns3::EnumValue", 0) == 0)
    {
        value = GetEnum(j, path, typeName, info);
    }
    else
    {
        Fail(path,
             typeName + " attribute " + info.name + " (" + valueType +
                 ") cannot be set from a file");
    }
    CheckAttribute(path, j.is_string() ? j.get<std::string>() : j.dump(), typeName, info, *value);
    return value;
}

} // namespace json_input
} // namespace hybridnet
} // namespace ns3
