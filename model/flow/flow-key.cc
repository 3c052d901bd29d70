/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "flow-key.h"

#include "ns3/log.h"
#include "ns3/packet.h"

#include <array>
#include <charconv>
#include <sstream>
#include <string_view>
#include <tuple>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetFlowKey");

namespace
{

/**
 * A decimal number of 1 to @p maxDigits digits, nothing else, at most @p max.
 * @param text the digits
 * @param maxDigits most digits accepted
 * @param max largest value accepted
 * @return the value, or nothing
 */
std::optional<uint32_t>
ParseNumber(std::string_view text, std::size_t maxDigits, uint32_t max)
{
    if (text.empty() || text.size() > maxDigits)
    {
        return std::nullopt;
    }
    uint32_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || value > max)
    {
        return std::nullopt;
    }
    return value;
}

/**
 * A dotted quad "a.b.c.d", each part 0..255 (Ipv4Address's own constructor aborts on a
 * malformed string, so a received message cannot be checked with it).
 * @param text the address
 * @return the address, or nothing
 */
std::optional<Ipv4Address>
ParseAddress(std::string_view text)
{
    uint32_t address = 0;
    for (int part = 0; part < 4; ++part)
    {
        const std::size_t dot = part < 3 ? text.find('.') : text.size();
        if (dot == std::string_view::npos)
        {
            return std::nullopt;
        }
        const auto octet = ParseNumber(text.substr(0, dot), 3, 255);
        if (!octet)
        {
            return std::nullopt;
        }
        address = (address << 8) | *octet;
        text.remove_prefix(part < 3 ? dot + 1 : dot);
    }
    return Ipv4Address(address);
}

/**
 * "address:port"
 * @param text the endpoint
 * @param[out] address its address
 * @param[out] port its port
 * @return whether @p text is exactly one endpoint
 */
bool
ParseEndpoint(std::string_view text, Ipv4Address& address, uint16_t& port)
{
    const std::size_t colon = text.find(':');
    if (colon == std::string_view::npos)
    {
        return false;
    }
    const auto a = ParseAddress(text.substr(0, colon));
    const auto p = ParseNumber(text.substr(colon + 1), 5, 65535);
    if (!a || !p)
    {
        return false;
    }
    address = *a;
    port = static_cast<uint16_t>(*p);
    return true;
}

} // namespace

FlowKey
FlowKey::Reverse() const
{
    return FlowKey{destination, source, protocol, destinationPort, sourcePort};
}

std::string
FlowKey::ToString() const
{
    std::ostringstream os;
    os << *this;
    return os.str();
}

std::optional<FlowKey>
FlowKey::Parse(const std::string& text)
{
    std::string_view view(text);
    const std::size_t arrow = view.find('>');
    const std::size_t slash = view.rfind('/');
    if (arrow == std::string_view::npos || slash == std::string_view::npos || slash < arrow)
    {
        return std::nullopt;
    }
    FlowKey key;
    if (!ParseEndpoint(view.substr(0, arrow), key.source, key.sourcePort) ||
        !ParseEndpoint(view.substr(arrow + 1, slash - arrow - 1),
                       key.destination,
                       key.destinationPort))
    {
        return std::nullopt;
    }
    const auto protocol = ParseNumber(view.substr(slash + 1), 3, 255);
    if (!protocol)
    {
        return std::nullopt;
    }
    key.protocol = static_cast<uint8_t>(*protocol);
    return key;
}

FlowKey
FlowKey::FromTransport(Ptr<const Packet> packet,
                       Ipv4Address source,
                       Ipv4Address destination,
                       uint8_t protocol)
{
    constexpr uint8_t kTcp = 6;
    constexpr uint8_t kUdp = 17;
    FlowKey key{source, destination, protocol, 0, 0};
    // TCP and UDP headers both start with the source and the destination port, in network
    // byte order: read the four bytes instead of deserialising the whole header.
    if ((protocol == kTcp || protocol == kUdp) && packet->GetSize() >= 4)
    {
        std::array<uint8_t, 4> ports{};
        packet->CopyData(ports.data(), ports.size());
        key.sourcePort = static_cast<uint16_t>((ports[0] << 8) | ports[1]);
        key.destinationPort = static_cast<uint16_t>((ports[2] << 8) | ports[3]);
    }
    return key;
}

std::strong_ordering
FlowKey::operator<=>(const FlowKey& other) const
{
    const auto tie = [](const FlowKey& k) {
        return std::make_tuple(k.source.Get(),
                               k.destination.Get(),
                               k.protocol,
                               k.sourcePort,
                               k.destinationPort);
    };
    return tie(*this) <=> tie(other);
}

bool
FlowKey::operator==(const FlowKey& other) const
{
    return (*this <=> other) == std::strong_ordering::equal;
}

std::ostream&
operator<<(std::ostream& os, const FlowKey& key)
{
    os << key.source << ':' << key.sourcePort << '>' << key.destination << ':'
       << key.destinationPort << '/' << static_cast<uint32_t>(key.protocol);
    return os;
}

} // namespace hybridnet
} // namespace ns3
