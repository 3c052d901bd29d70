/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "offload-message.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/packet.h"

#include <array>
#include <map>
#include <set>
#include <vector>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetOffloadMessage");

namespace
{

/** The words of the types, in the order of OffloadMessage::Type. */
const std::array<const char*, 10> kTypeNames = {
    "REQUEST",
    "QUEUED",
    "DENIED",
    "SETUP",
    "READY",
    "KEEPALIVE",
    "RELEASE",
    "TEARDOWN",
    "DOWN",
    "ACK",
};

/**
 * @param type a type
 * @return its keys besides flow (every type but ACK has flow)
 */
std::vector<std::string>
ExtraKeys(OffloadMessage::Type type)
{
    switch (type)
    {
    case OffloadMessage::Type::REQUEST:
        return {"priority"};
    case OffloadMessage::Type::DENIED:
    case OffloadMessage::Type::TEARDOWN:
        return {"reason"};
    case OffloadMessage::Type::SETUP:
        return {"via"};
    default:
        return {};
    }
}

/**
 * Strict decimal: digits only, no leading zero (except "0"), value <= max.
 * @param text the text
 * @param max the largest value
 * @return the value or nothing
 */
std::optional<uint64_t>
ParseDecimal(const std::string& text, uint64_t max)
{
    if (text.empty() || text.size() > 10 || (text.size() > 1 && text[0] == '0'))
    {
        return std::nullopt;
    }
    uint64_t value = 0;
    for (char c : text)
    {
        if (c < '0' || c > '9')
        {
            return std::nullopt;
        }
        value = value * 10 + static_cast<uint64_t>(c - '0');
    }
    if (value > max)
    {
        return std::nullopt;
    }
    return value;
}

/**
 * Strict dotted quad: four decimals 0..255 without leading zeros.
 * @param text the text
 * @return the address or nothing
 */
std::optional<Ipv4Address>
ParseAddress(const std::string& text)
{
    uint32_t address = 0;
    std::size_t start = 0;
    for (int part = 0; part < 4; ++part)
    {
        const std::size_t end = part < 3 ? text.find('.', start) : text.size();
        if (end == std::string::npos)
        {
            return std::nullopt;
        }
        auto value = ParseDecimal(text.substr(start, end - start), 255);
        if (!value)
        {
            return std::nullopt;
        }
        address = (address << 8) | static_cast<uint32_t>(*value);
        start = end + 1;
    }
    return Ipv4Address(address);
}

/**
 * @param address an address
 * @return its dotted quad
 */
std::string
AddressText(Ipv4Address address)
{
    const uint32_t a = address.Get();
    return std::to_string(a >> 24) + "." + std::to_string((a >> 16) & 0xff) + "." +
           std::to_string((a >> 8) & 0xff) + "." + std::to_string(a & 0xff);
}

/**
 * Split at single spaces; nothing if there are empty fields (double, leading or trailing
 * blanks).
 * @param text the text
 * @return the fields
 */
std::optional<std::vector<std::string>>
SplitFields(const std::string& text)
{
    std::vector<std::string> fields;
    std::size_t start = 0;
    while (true)
    {
        const std::size_t end = text.find(' ', start);
        const std::string field =
            text.substr(start, end == std::string::npos ? std::string::npos : end - start);
        if (field.empty())
        {
            return std::nullopt;
        }
        fields.push_back(field);
        if (end == std::string::npos)
        {
            return fields;
        }
        start = end + 1;
    }
}

} // namespace

OffloadMessage::OffloadMessage() = default;

OffloadMessage::OffloadMessage(Type type, uint32_t seq, const FlowKey& flow)
    : m_type(type),
      m_seq(seq),
      m_flow(type == Type::ACK ? FlowKey() : flow)
{
}

OffloadMessage
OffloadMessage::Ack(uint32_t seq)
{
    return OffloadMessage(Type::ACK, seq, FlowKey());
}

OffloadMessage::Type
OffloadMessage::GetType() const
{
    return m_type;
}

uint32_t
OffloadMessage::GetSeq() const
{
    return m_seq;
}

void
OffloadMessage::SetSeq(uint32_t seq)
{
    m_seq = seq;
}

const FlowKey&
OffloadMessage::GetFlow() const
{
    return m_flow;
}

uint32_t
OffloadMessage::GetPriority() const
{
    return m_priority;
}

void
OffloadMessage::SetPriority(uint32_t priority)
{
    m_priority = priority;
}

const std::string&
OffloadMessage::GetReason() const
{
    return m_reason;
}

void
OffloadMessage::SetReason(const std::string& reason)
{
    m_reason = reason;
}

Ipv4Address
OffloadMessage::GetVia() const
{
    return m_via;
}

void
OffloadMessage::SetVia(Ipv4Address via)
{
    m_via = via;
}

bool
OffloadMessage::NeedsAck() const
{
    return m_type != Type::ACK;
}

bool
OffloadMessage::IsPipe() const
{
    return m_type != Type::ACK && IsPipeKey(m_flow);
}

bool
OffloadMessage::IsPipeKey(const FlowKey& key)
{
    return key.protocol == 0 && key.sourcePort == 0 && key.destinationPort == 0;
}

bool
OffloadMessage::IsValidReason(const std::string& reason)
{
    if (reason.empty())
    {
        return false;
    }
    for (char c : reason)
    {
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'))
        {
            return false;
        }
    }
    return true;
}

std::string
OffloadMessage::GetTypeName(Type type)
{
    return kTypeNames.at(static_cast<std::size_t>(type));
}

std::string
OffloadMessage::ToString() const
{
    NS_ABORT_MSG_IF(m_seq == 0, "OffloadMessage: sequence number 0 is not valid");
    std::string text = GetTypeName(m_type) + " " + std::to_string(m_seq);
    if (m_type == Type::ACK)
    {
        return text;
    }
    text += " flow=" + m_flow.ToString();
    for (const auto& key : ExtraKeys(m_type))
    {
        if (key == "priority")
        {
            text += " priority=" + std::to_string(m_priority);
        }
        else if (key == "reason")
        {
            NS_ABORT_MSG_UNLESS(IsValidReason(m_reason),
                                "OffloadMessage: reason '" << m_reason << "' is not a word");
            text += " reason=" + m_reason;
        }
        else if (key == "via")
        {
            text += " via=" + AddressText(m_via);
        }
    }
    return text;
}

std::optional<OffloadMessage>
OffloadMessage::Parse(const std::string& text)
{
    for (char c : text)
    {
        if (c < 0x20 || c > 0x7e)
        {
            return std::nullopt; // control characters, line terminators, non-ASCII
        }
    }
    auto fields = SplitFields(text);
    if (!fields || fields->size() < 2)
    {
        return std::nullopt;
    }
    std::optional<Type> type;
    for (std::size_t i = 0; i < kTypeNames.size(); ++i)
    {
        if ((*fields)[0] == kTypeNames[i])
        {
            type = static_cast<Type>(i);
        }
    }
    auto seq = ParseDecimal((*fields)[1], 0xffffffffULL);
    if (!type || !seq || *seq == 0)
    {
        return std::nullopt;
    }
    OffloadMessage message(*type, static_cast<uint32_t>(*seq), FlowKey());
    std::set<std::string> expected;
    if (*type != Type::ACK)
    {
        expected.insert("flow");
        for (const auto& key : ExtraKeys(*type))
        {
            expected.insert(key);
        }
    }
    std::set<std::string> seen;
    for (std::size_t i = 2; i < fields->size(); ++i)
    {
        const std::string& field = (*fields)[i];
        const std::size_t eq = field.find('=');
        if (eq == std::string::npos || eq == 0 || eq + 1 == field.size())
        {
            return std::nullopt;
        }
        const std::string key = field.substr(0, eq);
        const std::string value = field.substr(eq + 1);
        if (!expected.contains(key) || !seen.insert(key).second)
        {
            return std::nullopt;
        }
        if (key == "flow")
        {
            auto flow = FlowKey::Parse(value);
            if (!flow)
            {
                return std::nullopt;
            }
            message.m_flow = *flow;
        }
        else if (key == "priority")
        {
            auto priority = ParseDecimal(value, 0xffffffffULL);
            if (!priority)
            {
                return std::nullopt;
            }
            message.m_priority = static_cast<uint32_t>(*priority);
        }
        else if (key == "reason")
        {
            if (!IsValidReason(value))
            {
                return std::nullopt;
            }
            message.m_reason = value;
        }
        else if (key == "via")
        {
            auto via = ParseAddress(value);
            if (!via)
            {
                return std::nullopt;
            }
            message.m_via = *via;
        }
    }
    if (seen != expected)
    {
        return std::nullopt;
    }
    return message;
}

Ptr<Packet>
OffloadMessage::ToPacket() const
{
    const std::string text = ToString();
    return Create<Packet>(reinterpret_cast<const uint8_t*>(text.data()), text.size());
}

std::optional<OffloadMessage>
OffloadMessage::FromPacket(Ptr<const Packet> packet)
{
    std::string text(packet->GetSize(), '\0');
    packet->CopyData(reinterpret_cast<uint8_t*>(text.data()), text.size());
    return Parse(text);
}

bool
OffloadMessage::operator==(const OffloadMessage& other) const
{
    return m_type == other.m_type && m_seq == other.m_seq && m_flow == other.m_flow &&
           m_priority == other.m_priority && m_reason == other.m_reason && m_via == other.m_via;
}

} // namespace hybridnet
} // namespace ns3
