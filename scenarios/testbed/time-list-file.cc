/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "time-list-file.h"

#include "input-file-error.h"
#include "message-text.h"
#include "quantity.h"

#include "ns3/log.h"

#include <fstream>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetTimeListFile");

namespace
{

/** @return @p text without leading and trailing blanks */
std::string
Trimmed(const std::string& text)
{
    const auto first = text.find_first_not_of(" \t\r");
    if (first == std::string::npos)
    {
        return "";
    }
    return text.substr(first, text.find_last_not_of(" \t\r") - first + 1);
}

} // namespace

std::vector<Time>
ReadTimeList(const std::string& path)
{
    std::ifstream file(path);
    if (!file)
    {
        throw InputFileError(path + ": cannot be read");
    }
    std::vector<Time> times;
    std::string line;
    for (uint64_t number = 1; std::getline(file, line); ++number)
    {
        const std::string text = Trimmed(line);
        if (text.empty() || text[0] == '#')
        {
            continue;
        }
        std::string problem;
        const auto time = ParseTime(text, &problem);
        if (!time)
        {
            throw InputFileError(path + ":" + std::to_string(number) + ": " + problem);
        }
        if (time->IsZero())
        {
            throw InputFileError(path + ":" + std::to_string(number) + ": " +
                                 message_text::Quote(text) + " is no duration (> 0)");
        }
        times.push_back(*time);
    }
    if (file.bad())
    {
        throw InputFileError(path + ": cannot be read");
    }
    if (times.empty())
    {
        throw InputFileError(path + ": no times (one per line with its unit, e.g. 12.5ms)");
    }
    return times;
}

} // namespace hybridnet
} // namespace ns3
