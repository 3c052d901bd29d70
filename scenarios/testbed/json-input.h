/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_JSON_INPUT_H
#define HYBRIDNET_JSON_INPUT_H

// A private header of the testbed (not staged, not in testbed-module.h): it exposes
// nlohmann::json, which the public headers keep out of users' (and cppyy's) way.

#include "hybridnet/input-file-error.h"

#include "ns3/data-rate.h"
#include "ns3/nstime.h"
#include "ns3/type-id.h"

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief Strict reading of the testbed's JSON input files, with the same rules as the
 * scenario flags: every value has the type the key needs, quantities are strings with a
 * unit read by quantity.h ("10" and "12abc" are rejected), unknown keys are refused with
 * the nearest valid key, a key given twice in one object is refused, attribute values are
 * checked against the attribute's own range.  Every failure throws InputFileError.
 */
namespace json_input
{

using Json = nlohmann::json; //!< keys sorted: messages name the same key on every run

/** Throw InputFileError("<path>: <problem>") on one line. */
[[noreturn]] void Fail(const std::string& path, const std::string& problem);

/** @return "<path>.<key>", or "<key>" at the top */
std::string Key(const std::string& path, const std::string& key);
/** @return "<path>[<i>]" */
std::string Index(const std::string& path, size_t i);
/** @return the words joined by @p separator */
std::string Join(const std::vector<std::string>& words, const std::string& separator = ", ");
/** @return @p j as it would be written, cut to 40 characters, for messages */
std::string Show(const Json& j);

/**
 * @param text a JSON document
 * @param document what the document is, the path of its messages ("topology")
 * @return it parsed; a key given twice in one object and syntax errors (with line and
 *         column) throw
 */
Json Parse(const std::string& text, const std::string& document);
/**
 * @param path a file
 * @param what what the file is, for the message ("host profile")
 * @return its bytes; an unreadable file throws "<path>: cannot read the <what>: <reason>"
 */
std::string ReadFile(const std::string& path, const std::string& what);

/**
 * Require an object whose keys are all in @p valid.
 * @param path its JSON path ("" at the top)
 * @param document what the document is, the path of a top that is no object
 */
void CheckObject(const Json& object,
                 const std::string& path,
                 const std::vector<std::string>& valid,
                 const std::string& document = "file");
/** @return the member @p key of @p object, or nullptr */
const Json* Optional(const Json& object, const std::string& key);
/** @return the member @p key of @p object; missing throws "missing; <what>" */
const Json& Required(const Json& object,
                     const std::string& path,
                     const std::string& key,
                     const std::string& what);

/** @return @p j, which must be a string (@p what names it in the message) */
std::string GetString(const Json& j, const std::string& path, const std::string& what);
/** @return @p j, which must be true or false */
bool GetBool(const Json& j, const std::string& path);
/** @return @p j, which must be a whole number in [min, max] */
uint64_t GetWhole(const Json& j, const std::string& path, uint64_t min, uint64_t max);
/** @return @p j, a time with its unit (ParseTime) */
Time GetTime(const Json& j, const std::string& path);
/** @return @p j, a rate with its unit (ParseRate) */
DataRate GetRate(const Json& j, const std::string& path);
/** @return @p j, a size with its unit (ParseSize) */
uint64_t GetSize(const Json& j, const std::string& path);

/**
 * @param info an attribute
 * @return the range its help text states ("Range: 0 s to 10 s."), or its checker's type
 */
std::string RangeOf(const TypeId::AttributeInformation& info);
/**
 * Reject @p value at @p path if attribute @p info of @p typeName does not accept it (its
 * checker; for a rate also the range its help states, which ns-3's checker lacks).
 * @param text the value as written, for the message
 */
void CheckAttribute(const std::string& path,
                    const std::string& text,
                    const std::string& typeName,
                    const TypeId::AttributeInformation& info,
                    const AttributeValue& value);
/**
 * Read the value of attribute @p info from @p j by the attribute's value type: a time or a
 * rate from a string with its unit, an unsigned or signed integer or a real from a JSON
 * number, a boolean from true/false, an enum from the name of one of its values; then
 * CheckAttribute.  Attributes of other types cannot be set from a file.
 * @param typeName the owner's TypeId name, for messages
 * @return the value
 */
Ptr<AttributeValue> GetAttributeValue(const Json& j,
                                      const std::string& path,
                                      const std::string& typeName,
                                      const TypeId::AttributeInformation& info);

/**
 * Reject @p value at @p path if attribute @p attribute of type @p typeId does not accept
 * it (CheckAttribute).  A missing type or attribute aborts (a bug, not an input problem).
 * @param text the value as written, for the message
 */
void CheckAttributeByName(const std::string& path,
                          const std::string& text,
                          const std::string& typeId,
                          const std::string& attribute,
                          const AttributeValue& value);
/**
 * @return the rate at @p key of @p object (required: @p what says what it is), within the
 *         range of the DataRate attribute of @p typeId
 */
DataRate GetModelRate(const Json& object,
                      const std::string& path,
                      const std::string& key,
                      const std::string& what,
                      const std::string& typeId);
/**
 * Set @p value from the optional time at @p key of @p object, within the range of the
 * attribute @p attribute of @p typeId; without the key @p value keeps its default.
 */
void GetModelTime(const Json& object,
                  const std::string& path,
                  const std::string& key,
                  const std::string& typeId,
                  const std::string& attribute,
                  Time& value);
/**
 * @return the name at @p path (letters, digits, '-', '_'), not one of @p taken, the names
 *         of list @p list so far (the message names the other entry)
 */
std::string GetUniqueName(const Json& j,
                          const std::string& path,
                          const std::string& list,
                          const std::vector<std::string>& taken);

} // namespace json_input
} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_JSON_INPUT_H
