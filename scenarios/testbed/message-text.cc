/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "message-text.h"

#include <cstdio>
#include <utility>

namespace ns3
{
namespace hybridnet
{
namespace message_text
{

std::string
Escape(const std::string& text)
{
    std::string out;
    out.reserve(text.size());
    for (unsigned char c : text)
    {
        switch (c)
        {
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (c < 0x20 || c == 0x7f)
            {
                char hex[5];
                std::snprintf(hex, sizeof(hex), "\\x%02x", c);
                out += hex;
            }
            else
            {
                out += static_cast<char>(c);
            }
        }
    }
    return out;
}

namespace
{
/** @return @p text escaped and cut to @p limit, and " (N characters)" when it was cut */
std::pair<std::string, std::string>
Cut(const std::string& text, std::size_t limit)
{
    const std::string escaped = Escape(text);
    if (escaped.size() <= limit)
    {
        return {escaped, ""};
    }
    // cut between bytes of the escaped text: a UTF-8 sequence cut in two shows as a
    // replacement character in the terminal, never as a control character
    return {escaped.substr(0, limit - 20) + "..." + escaped.substr(escaped.size() - 10),
            " (" + std::to_string(text.size()) + " characters)"};
}
} // namespace

std::string
Shown(const std::string& text, std::size_t limit)
{
    auto [body, note] = Cut(text, limit);
    return body + note;
}

std::string
Quote(const std::string& text)
{
    auto [body, note] = Cut(text, kMaxQuoted);
    return "'" + body + "'" + note;
}

} // namespace message_text
} // namespace hybridnet
} // namespace ns3
