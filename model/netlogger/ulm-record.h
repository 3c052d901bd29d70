/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_ULM_RECORD_H
#define HYBRIDNET_ULM_RECORD_H

#include "ns3/nstime.h"

#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{
namespace hybridnet
{

/** A line that is not a ULM record of the form UlmRecord describes. */
class UlmError : public std::runtime_error
{
  public:
    using std::runtime_error::runtime_error;
};

/**
 * @brief One event in NetLogger's ULM line format (Universal Logger Message, the IETF
 * draft of Abela and Debeaupuis that NetLogger adopted; Tierney et al., "The NetLogger
 * methodology for high performance distributed systems performance analysis", HPDC 1998):
 * space-separated FIELD=value pairs, the first five fixed -
 *
 *     DATE=20000101000012.345678 HOST=lbl-gw PROG=pchar NL.EVNT=probe.send ID=17 SIZE=1024
 *
 * DATE the time as YYYYMMDDhhmmss.uuuuuu in UTC, to the microsecond (NetLogger's
 * precision): the simulated time plus an epoch (the wall-clock date of t = 0); HOST the
 * emitting host's name, PROG the program or monitor, NL.EVNT the event's name, ID the
 * object the event happened to (a block, a probe, a flow: the lifeline it belongs to), then
 * the event's own fields in the order given.  Names are letters, digits and ".", "_", "-";
 * a value with a space, a double quote or a backslash, or an empty one, is written in
 * double quotes with " and \ escaped by a backslash.  Parse() reads the format back,
 * exactly: Parse(Format(r)) == r for every record whose time is a whole microsecond.
 */
struct UlmRecord
{
    Time time;         //!< simulated time, a whole number of microseconds
    std::string host;  //!< HOST
    std::string prog;  //!< PROG
    std::string event; //!< NL.EVNT
    std::string id;    //!< ID: the object whose lifeline this is
    std::vector<std::pair<std::string, std::string>> fields; //!< the event's own, in order

    /**
     * @param epoch the wall-clock date of t = 0, seconds since 1970-01-01 00:00:00 UTC
     * @return the record as one ULM line (no newline)
     */
    std::string Format(int64_t epoch) const;

    /**
     * @param line one ULM line
     * @param epoch the wall-clock date of t = 0, as for Format()
     * @return the record; a malformed line throws UlmError naming what is wrong
     */
    static UlmRecord Parse(const std::string& line, int64_t epoch);

    bool operator==(const UlmRecord& other) const = default;
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_ULM_RECORD_H
