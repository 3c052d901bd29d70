/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_QUANTITY_H
#define HYBRIDNET_QUANTITY_H

#include "ns3/data-rate.h"
#include "ns3/nstime.h"
#include "ns3/queue-size.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

/**
 * @file
 * The strict parsers and formatters of quantities written as text with their unit, shared
 * by every place where users give values: command-line flags (ScenarioFlags) and the
 * cluster topology file (ClusterTopology).
 *
 * - time: a decimal number and a unit h min s ms us ns ps (10s, 2.5ms, 125us);
 * - rate: a decimal number and a unit bps kbps Mbps Gbps Tbps, also the b/s forms; Bps, kBps,
 *   MBps, GBps are bytes/s (1Gbps, 155.52Mbps);
 * - size: a decimal integer and a unit B kB MB GB (10^3 steps) KiB MiB GiB (2^10 steps)
 *   (1500B, 16KiB); not KB, which tools read as either;
 * - integer: a decimal integer, a sign only for signed types (300, -3);
 * - real: a decimal number, optional sign and exponent (0.5, 1e-6).
 *
 * Rejected: malformed numbers (`12abc`, `1.5x`, `0x10`, empty), an exponent where an
 * integer is expected (`1e3`), a sign on an unsigned quantity, `nan` and `inf`, a time,
 * rate or size without a unit or with a negative value, an unknown unit, a value too large
 * for its type, and a time finer than the simulator's resolution (1500ps at 1 ns).  Each
 * parser returns nothing and sets @p problem to a short phrase without the setting's name
 * (the caller prefixes it), e.g. `'10' has no unit (one of h min ms ns ps s us)`.
 *
 * Each formatter writes the largest unit that represents the value exactly, so that a
 * formatted value parses back to itself: FormatTime(MilliSeconds(2500)) is "2500ms",
 * FormatRate(10^9) "1Gbps", FormatSize(16384) "16KiB".
 */

namespace ns3
{
namespace hybridnet
{

/**
 * @param text a time with its unit
 * @param[out] problem why @p text was rejected
 * @return the time, or nothing
 */
std::optional<Time> ParseTime(const std::string& text, std::string* problem);

/**
 * @param text a bit rate (or byte rate) with its unit
 * @param[out] problem why @p text was rejected
 * @return the rate, or nothing
 */
std::optional<DataRate> ParseRate(const std::string& text, std::string* problem);

/**
 * A byte count: decimal integer and unit, fitting in T.
 * @tparam T uint32_t or uint64_t
 * @param text a size with its unit
 * @param[out] problem why @p text was rejected
 * @return the number of bytes, or nothing
 */
template <typename T>
std::optional<T> ParseSize(const std::string& text, std::string* problem);

/**
 * A queue's capacity: packets ("1000p") or bytes with a size unit ("64KiB", as ParseSize).
 * @param text the size
 * @param[out] problem why @p text was rejected
 * @return the size, or nothing
 */
std::optional<QueueSize> ParseQueueSize(const std::string& text, std::string* problem);

/**
 * A decimal integer without unit; for unsigned T a sign is rejected.
 * @tparam T uint32_t, uint64_t or int64_t
 * @param text the integer
 * @param[out] problem why @p text was rejected
 * @return the value, or nothing
 */
template <typename T>
std::optional<T> ParseInteger(const std::string& text, std::string* problem);

/**
 * @param text a finite decimal number, optional sign and exponent, no unit
 * @param[out] problem why @p text was rejected
 * @return the value, or nothing
 */
std::optional<double> ParseReal(const std::string& text, std::string* problem);

/** @param t a time @return its text in the largest exact unit ("0s" for zero) */
std::string FormatTime(Time t);
/** @param bps a rate, bit/s @return its text in the largest exact unit */
std::string FormatRate(uint64_t bps);
/** @param bytes a size @return its text in the largest exact unit */
std::string FormatSize(uint64_t bytes);
/** @param v a number @return its shortest text that parses back to @p v */
std::string FormatReal(double v);

/**
 * Levenshtein distance, letters compared without case: how suggestions ("did you mean")
 * find the nearest valid name.
 * @param a a word
 * @param b another word
 * @return the number of single-letter edits that turn @p a into @p b
 */
size_t EditDistance(const std::string& a, const std::string& b);

/**
 * @param word a word that is not valid
 * @param candidates the valid words
 * @return the candidate nearest to @p word by EditDistance (the first of equals), or ""
 *         if there are no candidates
 */
std::string NearestWord(const std::string& word, const std::vector<std::string>& candidates);

extern template std::optional<uint32_t> ParseSize<uint32_t>(const std::string&, std::string*);
extern template std::optional<uint64_t> ParseSize<uint64_t>(const std::string&, std::string*);
extern template std::optional<uint32_t> ParseInteger<uint32_t>(const std::string&, std::string*);
extern template std::optional<uint64_t> ParseInteger<uint64_t>(const std::string&, std::string*);
extern template std::optional<int64_t> ParseInteger<int64_t>(const std::string&, std::string*);

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_QUANTITY_H
