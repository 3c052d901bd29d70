/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_TIME_LIST_FILE_H
#define HYBRIDNET_TIME_LIST_FILE_H

#include "ns3/nstime.h"

#include <string>
#include <vector>

namespace ns3
{
namespace hybridnet
{

/**
 * Read a list of durations from a text file (a trace of measured service times, such as a
 * farm node's processing time per event): one time with its unit per line, as ParseTime
 * reads them (`12.5ms`, `800us`); blank lines and lines whose first non-blank character is
 * `#` are skipped; spaces around a time are allowed.
 *
 * Rejected with InputFileError, one line naming the file and the line: a file that cannot
 * be read (`trace.txt: cannot be read`), a line that is not a time
 * (`trace.txt:7: '12' has no unit (one of ...)`), a time of zero (`trace.txt:3: '0s' is no
 * duration (> 0)`), and a file without times.
 * @param path the file
 * @return the times, in file order
 */
std::vector<Time> ReadTimeList(const std::string& path);

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_TIME_LIST_FILE_H
