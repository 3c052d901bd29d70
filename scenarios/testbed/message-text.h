/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_MESSAGE_TEXT_H
#define HYBRIDNET_MESSAGE_TEXT_H

#include <cstddef>
#include <string>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief What a user gave, shown in a one-line error message (docs/writing-a-scenario.md:
 * bad input): in single quotes, control characters written as C escapes, cut to a length a
 * terminal line can show.
 *
 *     Quote("5ms\n--x")      -> '5ms\n--x'           (a backslash and an n)
 *     Quote(10,000 x "7")    -> '7777...7777' (10000 characters)
 *
 * A text longer than its limit (kMaxQuoted) keeps its first limit - 20 and last 10
 * characters around "...".
 */
namespace message_text
{

/** Longest quoted text shown whole, in characters after escaping. */
constexpr std::size_t kMaxQuoted = 80;
/** Longest file path shown whole at the head of a message (deep HPC paths stay whole). */
constexpr std::size_t kMaxPath = 400;

/** @return @p text with every control character (below 0x20, 0x7f) as a C escape */
std::string Escape(const std::string& text);

/** @return @p text escaped, cut as the class comment says, in single quotes */
std::string Quote(const std::string& text);

/**
 * @return @p text escaped and cut after @p limit characters, without quotes (a flag's
 *         name; a file path at the head of a message, with kMaxPath)
 */
std::string Shown(const std::string& text, std::size_t limit = kMaxQuoted);

} // namespace message_text
} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_MESSAGE_TEXT_H
